//! Search & Destroy: company-level search and destroy against hidden NLF units, for two
//! seats (0 = US, 1 = NLF), hot-seat or against the bot. The game is this folder: `rules/`
//! (the state machine, on `crate::engine` only), `art/` (the hex map and counters, drawn from
//! one side's view), `kit.rs` (the print-and-play kit) and this file, which ties them into
//! [`MODULE`].

pub mod art;
pub mod bot;
pub mod kit;
pub mod rules;

#[cfg(test)]
mod computer_tests;

use crate::art::Board;
use crate::engine::bot::Bot;
use crate::engine::message::{Message, msg, n_};
use crate::engine::play::ComputerLevel;
use crate::games::{GameDriver, GameModule, Presented};
use rules::SearchDestroy;

pub const ID: &str = "search_destroy";
pub const TITLE: &str = "Search & Destroy";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 or 2 players"),
    blurb: n_("Company-level hunt through hidden units on a hex map."),
    note: None,
    driver: Some(&GameDriver::<SearchDestroy>::new()),
    kit: Some(kit::kit),
    learn: Some(include_str!(
        "../../../data/games/search_destroy/learn.toml"
    )),
};

impl Presented for SearchDestroy {
    fn board(&self) -> Option<&dyn Board> {
        Some(self)
    }
    fn filled_kit(&self) -> Option<crate::export::Kit> {
        Some(kit::kit_for_game(self))
    }
    fn filled_kit_for(&self, seat: u8) -> Option<crate::export::Kit> {
        Some(kit::kit_for_side(self, art::board::side_of(seat)))
    }
    fn seat_name(&self, seat: u8) -> Option<Message> {
        Some(if seat == 0 {
            msg("the US player")
        } else {
            msg("the NLF player")
        })
    }
    fn computer_levels() -> Vec<ComputerLevel> {
        use bot::Difficulty;
        Difficulty::ALL
            .into_iter()
            .map(|d| match d {
                Difficulty::Easy => ComputerLevel {
                    id: d.id(),
                    title: msg("Easy"),
                    summary: msg("Plays by rules of thumb, one decision at a time"),
                },
                Difficulty::Normal => ComputerLevel {
                    id: d.id(),
                    title: msg("Normal"),
                    summary: msg(
                        "Weighs its rules of thumb by what its side knows, the US by its guesses of the hidden counters",
                    ),
                },
                Difficulty::Hard => ComputerLevel {
                    id: d.id(),
                    title: msg("Hard"),
                    summary: msg(
                        "Tries its best choices on many guesses of the hidden counters, played a turn ahead",
                    ),
                },
            })
            .collect()
    }
    /// For the US only: the chance that each face-down counter is a combat unit, from the
    /// US's views of the game so far (its belief, digest 10.3), by unit number.
    fn computer_thinks(earlier: &[Self], now: &Self, seat: u8) -> Option<Vec<(String, f64)>> {
        use rules::content::Side;
        if !Self::offers_computer_thinks(seat) {
            return None;
        }
        let views: Vec<SearchDestroy> = earlier
            .iter()
            .chain([now])
            .map(|g| g.redacted(Side::Us))
            .collect();
        let mut rng = crate::engine::rng::Rng::seeded(0xBE11EF);
        let belief = bot::Belief::after(&views, &mut rng);
        let now = views.last()?;
        Some(
            (0..now.units.len())
                .filter(|&i| now.units[i].on_map() && now.units[i].hidden())
                .map(|i| (i.to_string(), belief.p_combat(i)))
                .collect(),
        )
    }
    fn offers_computer_thinks(seat: u8) -> bool {
        art::board::side_of(seat) == rules::content::Side::Us
    }
    fn computer(level: &str, seed: u64) -> Option<Box<dyn Bot<Self> + Send>> {
        let difficulty = bot::Difficulty::from_id(level)?;
        Some(Box::new(bot::Computer::for_window(difficulty, seed)))
    }
}
