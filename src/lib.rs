//! Tonkin: Vietnam-war board wargames with their rules enforced.
//!
//! Layers, from the bottom: `engine` (shared rules core), `games` (one rules module per game),
//! `art` (Cairo drawing, used on screen and on paper), `export` (print-and-play), `catalog`
//! (what the application knows of each game), `cli` (headless commands), and `ui` (the GTK
//! front end, behind the `gui` feature). Only `ui` touches GTK.

pub mod art;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod engine;
pub mod export;
pub mod games;
pub mod i18n;
pub mod settings;
#[cfg(feature = "gui")]
pub mod ui;
