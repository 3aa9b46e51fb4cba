//! Print-and-play export: paper, layout, bleed, crop marks, duplex backs, PDF/SVG/PNG.
//! Everything is drawn through `crate::art`, the same code the game windows use.
//!
//! A game takes part by building a [`Kit`] of [`Component`]s and adding one line to the
//! table in [`kits`]. The exporter plans pages ([`layout`]), draws them ([`render`]) and
//! writes files ([`output`]); [`job`] strings these together for the command line ([`cli`]).

#[macro_use]
pub mod choice;
pub mod cli;
pub mod component;
pub mod golden;
pub mod job;
pub mod kits;
pub mod layout;
pub mod output;
pub mod paper;
pub mod render;
#[doc(hidden)]
pub mod sample;

pub use component::{Component, Kind, Kit};
pub use kits::kit_for;
