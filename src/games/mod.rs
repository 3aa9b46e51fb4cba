//! The games of the collection: each is one folder (`<id>/`: `rules/`, `art/`, `kit.rs`,
//! `mod.rs` with its [`GameModule`]), and [`ALL`] is the one list of them. The launcher, the
//! command line, the print-and-play kits, the benchmarks and the conformance tests all go
//! through this list; adding a game is its folder, its `data/games/<id>/` and one line here
//! (`docs/adding-a-game.md`).

pub mod driver;
pub mod learn;

use crate::engine::content::ContentError;
use crate::engine::message::{Message, msg};
use crate::export::Kit;

pub use driver::{
    BotKind, ChoiceView, ComputerDone, ComputerJob, Driver, GameDriver, PlaySession, Presented,
    PromptView, SeatJob, SimReport,
};

/// Declares each game's folder as a module and lists its `MODULE` in [`ALL`], in order.
macro_rules! games {
    ($($id:ident),+ $(,)?) => {
        $(pub mod $id;)+
        /// Every game, in the launcher's order.
        pub const ALL: &[&GameModule] = &[$(&$id::MODULE),+];
    };
}

// The one line a new game adds itself to.
games![csar, skyhawk, search_destroy, phantom_leader, chopper_pilot];

/// One game: what the launcher says of it, and (once written) its rules and its kit.
pub struct GameModule {
    /// Used on the command line, in saves and in file names, e.g. `csar`.
    pub id: &'static str,
    pub title: &'static str,
    /// e.g. "1 player", marked for the catalogue with `n_`.
    pub players: &'static str,
    /// A sentence for the launcher, marked with `n_`.
    pub blurb: &'static str,
    /// What a player should know before starting (a game still without its board).
    pub note: Option<&'static str>,
    /// `None` while the game's rules are not written yet.
    pub driver: Option<&'static dyn Driver>,
    /// Builds the blank print-and-play kit, or says what is wrong with the content it is drawn
    /// from; `None` while the game has no components.
    pub kit: Option<fn() -> Result<Kit, ContentError>>,
    /// Its "How to play" pages and the guided first game's explanations: the text of
    /// `data/games/<id>/learn.toml` (see [`learn`]); `None` while it has none.
    pub learn: Option<&'static str>,
}

impl GameModule {
    pub fn playable(&self) -> bool {
        self.driver.is_some()
    }
    pub fn players(&self) -> Message {
        msg(self.players)
    }
    pub fn blurb(&self) -> Message {
        msg(self.blurb)
    }
    pub fn note(&self) -> Option<Message> {
        self.note.map(msg)
    }
}

pub fn find(id: &str) -> Option<&'static GameModule> {
    ALL.iter().copied().find(|g| g.id == id)
}

/// The ids of every game, for error messages.
pub fn ids() -> Vec<&'static str> {
    ALL.iter().map(|g| g.id).collect()
}

/// Loads a save or script of any game: reads its header to find the game, then replays it.
pub fn load_any(bytes: &[u8], name: &str) -> Result<Box<dyn PlaySession>, String> {
    let header = crate::engine::session::read_header(bytes, name).map_err(|e| e.to_string())?;
    let info =
        find(&header.game).ok_or_else(|| format!("{name}: unknown game '{}'", header.game))?;
    let driver = info
        .driver
        .ok_or_else(|| format!("{name}: {} is not playable in this version", info.title))?;
    driver.load_session(bytes, name)
}

/// The blank kit of a game, or a one-line reason why there is none.
pub fn kit_for(game: &str) -> Result<Kit, String> {
    let info = find(game)
        .ok_or_else(|| format!("unknown game '{game}' (known: {}, all)", ids().join(", ")))?;
    let build = info
        .kit
        .ok_or_else(|| format!("{} has no printable components yet", info.title))?;
    build().map_err(|e| format!("cannot print {}: {e}", info.title))
}

/// The kits of every game that has one, in the list's order; a game whose kit cannot be built
/// gives the one-line reason ([`kit_for`]).
pub fn all_kits() -> Vec<Result<Kit, String>> {
    ALL.iter()
        .filter(|g| g.kit.is_some())
        .map(|g| kit_for(g.id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::driver::MAX_ACTIONS;
    use super::*;

    #[test]
    fn every_game_has_a_unique_id() {
        let ids = ids();
        assert!(ids.len() >= 5, "{ids:?}");
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "{ids:?}");
        for game in ALL {
            assert_eq!(find(game.id).map(|g| g.title), Some(game.title));
        }
        assert!(find("csar").is_some());
        assert!(find("nope").is_none());
    }

    /// Every game's saves carry a fingerprint of its own rules (its folder's, not only the
    /// engine's), so that a save of other rules can be told apart from one changed by hand.
    #[test]
    fn every_game_has_a_rules_fingerprint_of_its_own() {
        use crate::engine::session::rules_fingerprint;
        let engine = rules_fingerprint("no such game");
        for id in ids() {
            assert_ne!(rules_fingerprint(id), engine, "{id}");
        }
    }

    #[test]
    fn the_heuristic_bot_finishes_a_game_of_each_through_the_session() {
        for info in ALL {
            let Some(driver) = info.driver else { continue };
            let scenario = driver.scenarios()[0].id;
            let mut session = driver.new_session(scenario, 3, &[]).unwrap();
            driver
                .bot_steps(session.as_mut(), BotKind::Heuristic, 3, MAX_ACTIONS)
                .unwrap_or_else(|e| panic!("{}: {e}", info.id));
            assert!(session.outcome().is_some(), "{} did not finish", info.id);
        }
    }

    /// Issue 17: the start dialog shows, under each optional rule, what it changes.
    #[test]
    fn every_optional_rule_says_what_it_changes() {
        for game in ALL {
            let Some(driver) = game.driver else { continue };
            for rule in driver.optional_rules() {
                let (title, summary) = (rule.title.render(), rule.summary.render());
                assert!(
                    summary.len() > 20 && summary.ends_with('.') && summary != title,
                    "{}: rule {} says only {summary:?}",
                    game.id,
                    rule.key
                );
            }
        }
    }

    #[test]
    fn load_any_names_unknown_games() {
        let e = load_any(
            br#"{"format":"tonkin-save","version":1,"game":"chess"}"#,
            "x.json",
        )
        .err()
        .unwrap();
        assert_eq!(e, "x.json: unknown game 'chess'");
    }

    #[test]
    fn every_kit_belongs_to_its_game() {
        for game in ALL {
            let Some(build) = game.kit else { continue };
            let kit = build().unwrap();
            assert_eq!(kit.game, game.id);
            assert_eq!(kit.title, game.title);
            assert!(!kit.components.is_empty());
        }
    }

    #[test]
    fn unknown_and_unprinted_games_say_so() {
        let err = kit_for("monopoly").unwrap_err();
        assert!(
            err.contains("unknown game 'monopoly'") && err.contains("csar"),
            "{err}"
        );
        for game in ALL.iter().filter(|g| g.kit.is_none()) {
            let err = kit_for(game.id).unwrap_err();
            assert!(err.ends_with("has no printable components yet"), "{err}");
        }
    }
}
