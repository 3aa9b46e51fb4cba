//! The rules core shared by every game. No GTK here: it builds and tests headless.

pub mod arranged;
pub mod atomic;
pub mod bot;
pub mod conformance;
pub mod content;
pub mod cup;
pub mod deck;
pub mod dice;
pub mod game;
pub mod input;
pub mod log;
pub mod message;
pub mod name_map;
pub mod number;
pub mod play;
pub mod reference;
pub mod rng;
pub mod session;
pub mod track;
pub mod wording;

#[cfg(test)]
pub(crate) mod testing;
