//! Chopper Pilot Vietnam (digest: `shared/rules/chopper-pilot.md`). Its rules are in `rules/`:
//! the Primary tour plays from start to end with the bot; the launcher lists the game as not
//! playable until it has its window (art) and its driver. The game grows in this folder:
//! `rules/`, `art/`, `kit.rs`, and this file's [`MODULE`] (see `docs/adding-a-game.md`).

pub mod rules;

use crate::engine::message::n_;
use crate::games::GameModule;

pub const ID: &str = "chopper_pilot";
pub const TITLE: &str = "Chopper Pilot Vietnam";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 player"),
    blurb: n_("Fly a Huey crew through insertions, extractions and medevacs."),
    note: None,
    driver: None,
    kit: None,
    learn: None,
};
