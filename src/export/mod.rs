//! Print-and-play export: paper, layout, bleed, crop marks, duplex backs, PDF/SVG/PNG.
//! Everything is drawn through `crate::art`, the same code the game windows use.
//!
//! A game takes part by building a [`Kit`] of [`Component`]s in its `kit.rs` and naming that
//! function in its `MODULE` (`crate::games`). The exporter plans pages ([`layout`]), draws them
//! ([`render`]) and writes files ([`output`]); [`job`] strings these together for the command
//! line (`crate::cli::export`) and the print dialog.
//!
//! A component draws one piece at a time with its top-left trim corner at the origin, in
//! millimetres, and paints its background `bleed` mm past every edge; the exporter places,
//! turns, clips and mirrors it:
//!
//! ```no_run
//! use tonkin::art::draw::{self, Align, Font, Rgb};
//! use tonkin::engine::message::n_;
//! use tonkin::export::{Component, Kind, Kit};
//!
//! pub fn kit() -> Kit {
//!     let names = ["Sandy", "Jolly", "King"];
//!     // Named in English for the catalogue; the footer shows the name translated.
//!     let cards = Component::new(n_("Resolution cards"), Kind::Cards, (63.0, 88.0), names.len(),
//!         move |cr, i, bleed| {
//!             Rgb::hex(0xf4efe0).set(cr);
//!             cr.rectangle(-bleed, -bleed, 63.0 + 2.0 * bleed, 88.0 + 2.0 * bleed);
//!             cr.fill()?;
//!             Rgb::BLACK.set(cr);
//!             draw::text(cr, 31.5, 10.0, names[i], &Font::bold(5.0), Align::Center);
//!             Ok(())
//!         })
//!     .with_back(|cr, _, bleed| {
//!         Rgb::hex(0x2d4a2b).set(cr);
//!         cr.rectangle(-bleed, -bleed, 63.0 + 2.0 * bleed, 88.0 + 2.0 * bleed);
//!         cr.fill()
//!     });
//!     Kit::new("csar", "That Others May Live", vec![cards])
//! }
//! ```
//!
//! and in the game's `MODULE`: `kit: Some(kit::kit),` (where `kit` returns
//! `Result<Kit, ContentError>`: the error names the content file that cannot be drawn from).

#[macro_use]
pub mod choice;
pub mod component;
pub mod geometry;
pub mod golden;
pub mod job;
pub mod layout;
pub mod output;
pub mod paper;
pub mod render;
#[doc(hidden)]
pub mod sample;

pub use component::{Component, Kind, Kit};
