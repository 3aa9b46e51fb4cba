//! Skyhawk: Rolling Thunder 1966 — solitaire A-4E strike missions from Yankee Station.
//!
//! The game is this folder: `rules/` (the state machine, on `crate::engine` only), `art/` (its
//! map, counters, Mission Record Card and record sheets, drawn with Cairo for screen and
//! paper), `kit.rs` (its print-and-play components) and this file, which ties them into
//! [`MODULE`].

pub mod art;
#[cfg(test)]
mod form_tests;
pub mod kit;
pub mod rules;

use crate::art::Board;
use crate::engine::message::n_;
use crate::export::Kit;
use crate::games::{GameDriver, GameModule, Presented};
use rules::Skyhawk;

pub const ID: &str = "skyhawk";
pub const TITLE: &str = "Skyhawk: Rolling Thunder 1966";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 player"),
    blurb: n_("Fly A-4 strike missions from Yankee Station and bring the jet back."),
    note: None,
    driver: Some(&GameDriver::<Skyhawk>::new()),
    kit: Some(kit::kit),
    learn: Some(include_str!("../../../data/games/skyhawk/learn.toml")),
};

impl Presented for Skyhawk {
    fn board(&self) -> Option<&dyn Board> {
        Some(self)
    }
    fn filled_kit(&self) -> Option<Kit> {
        Some(kit::kit_for_game(self))
    }
}
