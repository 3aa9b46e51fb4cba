//! That Others May Live: combat search and rescue in Vietnam, solitaire.
//!
//! The game is this folder: `rules/` (the state machine, on `crate::engine` only), `art/` (its
//! map, counters, cards and sheets, drawn with Cairo for screen and paper), `kit.rs` (its
//! print-and-play components) and this file, which ties them into [`MODULE`].

pub mod art;
pub mod kit;
pub mod rules;

use crate::art::Board;
use crate::engine::message::n_;
use crate::export::Kit;
use crate::games::{GameDriver, GameModule, Presented};
use rules::Csar;

pub const ID: &str = "csar";
pub const TITLE: &str = "That Others May Live";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 player"),
    blurb: n_("Combat search and rescue: bring the downed airmen home under the guns."),
    note: None,
    driver: Some(&GameDriver::<Csar>::new()),
    kit: Some(kit::kit),
    learn: Some(include_str!("../../../data/games/csar/learn.toml")),
};

impl Presented for Csar {
    fn board(&self) -> Option<&dyn Board> {
        Some(self)
    }
    fn filled_kit(&self) -> Option<Kit> {
        Some(kit::kit_for_game(self))
    }
}
