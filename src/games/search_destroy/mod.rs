//! Search & Destroy. Its rules are not written yet (digest: `shared/rules/search-and-destroy.md`): the launcher
//! lists it as not playable. The game grows in this folder: `rules/`, `art/`, `kit.rs`,
//! and this file's [`MODULE`] (see `docs/adding-a-game.md`).

pub mod rules;

use crate::engine::message::n_;
use crate::games::GameModule;

pub const ID: &str = "search_destroy";
pub const TITLE: &str = "Search & Destroy";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("2 players"),
    blurb: n_("Company-level hunt through hidden units on a hex map."),
    note: None,
    driver: None,
    kit: None,
};
