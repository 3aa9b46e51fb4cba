//! Phantom Leader. Its rules are being written (digest: `shared/rules/phantom-leader.md`) and
//! until the whole game plays the launcher lists it as not playable. The game grows in this
//! folder: `rules/`, `art/`, `kit.rs`, and this file's [`MODULE`] (see `docs/adding-a-game.md`).

pub mod art;
pub mod rules;

use crate::engine::message::n_;
use crate::games::GameModule;

pub const ID: &str = "phantom_leader";
pub const TITLE: &str = "Phantom Leader";

pub static MODULE: GameModule = GameModule {
    id: ID,
    title: TITLE,
    players: n_("1 player"),
    blurb: n_("Command a squadron of F-4 Phantoms through a whole campaign."),
    note: None,
    driver: None,
    kit: None,
    learn: None,
};

impl crate::games::Presented for rules::PhantomLeader {
    fn board(&self) -> Option<&dyn crate::art::Board> {
        Some(self)
    }
}

#[cfg(test)]
mod tests {
    /// The conformance suite the game list runs on every registered game, run here while the
    /// game is not yet in the catalogue (its strings are not translated yet).
    #[test]
    #[ignore = "slow in a debug build: run with --ignored"]
    fn the_game_conforms() {
        crate::engine::conformance::check::<super::rules::PhantomLeader>(
            &[11, 12, 13, 14, 15, 16],
            &[],
        )
        .unwrap();
    }
}
