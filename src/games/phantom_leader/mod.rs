//! Phantom Leader — a solitaire F-4 squadron campaign over North Vietnam (digest:
//! `shared/rules/phantom-leader.md`). The game is this folder: `rules/` (the state machine, on
//! `crate::engine` only), `art/` (the Tactical Display and the campaign and squadron panel,
//! drawn with Cairo) and this file, which ties them into [`MODULE`].

pub mod art;
pub mod kit;
pub mod rules;
#[cfg(test)]
mod window_tests;

use crate::engine::message::n_;
use crate::games::{GameDriver, GameModule};

pub const ID: &str = "phantom_leader";
pub const TITLE: &str = "Phantom Leader";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 player"),
    blurb: n_("Command a squadron of F-4 Phantoms through a whole campaign."),
    note: None,
    driver: Some(&GameDriver::<rules::PhantomLeader>::new()),
    kit: Some(kit::kit),
    learn: Some(include_str!(
        "../../../data/games/phantom_leader/learn.toml"
    )),
};

impl crate::games::Presented for rules::PhantomLeader {
    fn board(&self) -> Option<&dyn crate::art::Board> {
        Some(self)
    }
    fn filled_kit(&self) -> Option<crate::export::Kit> {
        Some(kit::kit_for_game(self))
    }
}
