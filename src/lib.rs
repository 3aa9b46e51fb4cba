//! Tonkin: Vietnam-war board wargames with their rules enforced.
//!
//! Layers, from the bottom; each uses only those below it (`tests/layers.rs` checks it):
//! `config` and `i18n`; `engine` (the shared rules core: rng, dice, decks, log, sessions, bots,
//! the traits a game's rules implement); `art` (shared Cairo primitives, used on screen and on
//! paper); `export` (print-and-play machinery); `games` (one folder per game, each with its
//! `rules/` on the engine alone, its `art/` and `kit.rs`, and the one list of games);
//! `cli` (headless commands) and `ui` (the GTK front end, behind the `gui` feature). Only `ui`
//! touches GTK.

pub mod art;
pub mod cli;
pub mod config;
pub mod engine;
pub mod export;
#[cfg(tonkin_coverage)]
pub mod fuzz_coverage;
pub mod games;
pub mod i18n;
pub mod saves;
pub mod settings;
#[cfg(feature = "gui")]
pub mod ui;
