//! Chopper Pilot Vietnam — a helicopter pilot's tour of duty (digest:
//! `shared/rules/chopper-pilot.md`). The game is this folder: `rules/` (the state machine, on
//! `crate::engine` only), `play.rs` (what the application asks of the rules beyond them: the
//! bot, the rules reference, the guide's kinds of decision), `art/` (the maps, the flight, the
//! Crew Board and the briefing, drawn with Cairo) and this file, which ties them into
//! [`MODULE`].

pub mod art;
pub mod kit;
mod play;
pub mod rules;

use crate::engine::message::n_;
use crate::games::{GameDriver, GameModule};

pub const ID: &str = "chopper_pilot";
pub const TITLE: &str = "Chopper Pilot Vietnam";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 or 2 players"),
    blurb: n_("Fly a Huey crew through insertions, extractions and medevacs."),
    note: None,
    driver: Some(&GameDriver::<rules::ChopperPilot>::new()),
    kit: Some(kit::kit),
    learn: Some(include_str!("../../../data/games/chopper_pilot/learn.toml")),
};

impl crate::games::Presented for rules::ChopperPilot {
    fn board(&self) -> Option<&dyn crate::art::Board> {
        Some(self)
    }
    fn filled_kit(&self) -> Option<crate::export::Kit> {
        Some(kit::kit_for_game(self))
    }
}
