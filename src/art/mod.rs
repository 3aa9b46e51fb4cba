//! Cairo drawing of counters, cards, maps and record sheets.
//!
//! One renderer, two targets: the game windows call these functions from a drawing area, and
//! `export` calls the very same functions on PDF, SVG and PNG surfaces. Sizes are given in
//! millimetres; a caller scales the context to its own units. No GTK here.

pub mod board;
pub mod draw;
pub mod geometry;
pub mod layer;
mod layouts;
pub mod sheet;
#[cfg(test)]
pub(crate) mod testutil;

pub use board::{Board, View};
