//! Print-and-play export: paper, layout, bleed, crop marks, duplex backs, PDF/SVG/PNG.
//! Everything is drawn through `crate::art`, the same code the game windows use.

pub mod cli;
