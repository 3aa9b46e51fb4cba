//! Cooperative play [2.2, ruling G20]: two friends split the flight's helicopters. Each flies
//! the helicopters they own when the Helicopter Phase comes to them; the player who owns the
//! lead helicopter (the one your crew flies) keeps the Crew Board, the Luck Factor and every
//! decision of the flight (crew cards, loading, the route, pick-ups, support calls, training),
//! and the victory points stay the flight's, one score for both.
//!
//! Two players at most: the rulebook speaks of splitting the flight "with a friend", and the
//! game's one spare Crew Board is for a second cooperative player (G17). Nothing is hidden
//! between them, so the game keeps one seat ([`crate::engine::game::Game::SEATS`]): the prompt's
//! actor names the player who decides, with no hand-over screen and no undo barrier between
//! friends at one table.
//!
//! Who owns what is dealt when the lead helicopter is chosen (M1) and follows from it: the lead
//! is player 1's, and the other helicopters go in turn, in the order of the flight, first to
//! player 2, then player 1, and so on, so that both fly about as many.

use super::state::{ChopperPilot, Phase};
use crate::engine::game::Actor;
use crate::engine::message::{Message, msg};

/// How many players a cooperative game has.
pub const PLAYERS: u8 = 2;

impl ChopperPilot {
    /// How many players share the flight: 1, or 2 with the cooperative option.
    pub fn players(&self) -> u8 {
        if self.options.cooperative { PLAYERS } else { 1 }
    }

    /// The player (0 = player 1) who flies helicopter `h` of the mission's flight: the lead is
    /// player 1's, the others are dealt in turn from player 2.
    pub fn owner(&self, h: usize) -> u8 {
        let players = usize::from(self.players());
        let yours = self.mission.as_ref().map_or(0, |m| m.yours);
        if players == 1 || h == yours {
            return 0;
        }
        // The other helicopters in flight order, the lead left out.
        let rank = if h < yours { h } else { h - 1 };
        ((rank + 1) % players) as u8
    }

    /// Who decides now: a helicopter's owner during its activation, the lead's owner
    /// (player 1) for everything else [G20].
    pub(super) fn actor(&self) -> Actor {
        match self.phase {
            Phase::Activation(h) => Actor::Player(self.owner(h)),
            _ => Actor::Player(0),
        }
    }

    /// The prompt's text, with the player who decides named first in a cooperative game.
    pub(super) fn addressed(&self, text: Message) -> Message {
        match self.actor() {
            Actor::Player(p) if self.players() > 1 => msg("Player {player} — {decision}")
                .arg("player", p + 1)
                .message("decision", text),
            _ => text,
        }
    }

    /// A helicopter's name, with its owner's in a cooperative game (the choices of the
    /// Helicopter Phase and the flight panel).
    pub fn owned_name(&self, h: usize) -> Message {
        let name = self.mission().flight[h].name();
        if self.players() > 1 {
            msg("{helicopter} (player {player})")
                .arg("helicopter", name)
                .arg("player", self.owner(h) + 1)
        } else {
            msg("{helicopter}").arg("helicopter", name)
        }
    }

    /// M1: the log says who flies which helicopter this mission [2.2].
    pub(super) fn log_owners(&self) -> Option<Message> {
        if self.players() == 1 {
            return None;
        }
        let m = self.mission();
        let names = |p: u8| -> Vec<String> {
            (0..m.flight.len())
                .filter(|&h| self.owner(h) == p)
                .map(|h| m.flight[h].name())
                .collect()
        };
        // Helicopter names are written the same in every language ("Huey #2").
        let second = names(1);
        Some(if second.is_empty() {
            msg("Player 1 flies the whole flight: {helicopters}; player 2 has no helicopter this mission")
                .arg("helicopters", names(0).join(", "))
        } else {
            msg("Player 1 flies {first}; player 2 flies {second}")
                .arg("first", names(0).join(", "))
                .arg("second", second.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::Action;
    use super::super::bot::Commander;
    use super::super::state::{ChopperPilot, Options, Phase};
    use crate::engine::bot::Bot;
    use crate::engine::game::{Actor, Game};

    fn cooperative() -> Options {
        Options {
            cooperative: true,
            ..Options::default()
        }
    }

    /// Plays with the bot until `stop` says so or `missions` missions are flown, checking at
    /// every step that the game offers something and that the actor is the one G20 names.
    fn fly(
        seed: u64,
        options: &Options,
        missions: u16,
        mut stop: impl FnMut(&ChopperPilot) -> bool,
    ) -> ChopperPilot {
        let mut g = ChopperPilot::setup("primary", options, seed).unwrap();
        g.quiet_log();
        for _ in 0..60_000 {
            if g.outcome().is_some() || g.missions_flown >= missions || stop(&g) {
                return g;
            }
            let expected = match g.phase {
                Phase::Activation(h) => Actor::Player(g.owner(h)),
                _ => Actor::Player(0),
            };
            assert_eq!(g.actor(), expected, "seed {seed}: {:?}", g.phase);
            let actions = g.legal_actions();
            assert!(
                !actions.is_empty(),
                "seed {seed}: a dead end in {:?}",
                g.phase
            );
            let a = Commander.choose(&g, &actions);
            g.apply(&a)
                .unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        }
        panic!("seed {seed}: no end of {missions} missions in 60,000 actions");
    }

    #[test]
    fn the_lead_is_player_ones_and_the_others_are_dealt_in_turn_g20() {
        let mut g = fly(3, &cooperative(), 9, |g| g.phase == Phase::ChooseHelicopter);
        assert_eq!(g.players(), 2);
        let n = g.mission().flight.len();
        // Deal for a made-up flight of five with the lead third.
        g.mission_mut().flight = (1..=5)
            .map(|i| super::super::state::Helicopter::new(super::super::content::HeloType::Huey, i))
            .collect();
        g.mission_mut().yours = 2;
        let owners: Vec<u8> = (0..5).map(|h| g.owner(h)).collect();
        assert_eq!(
            owners,
            [1, 0, 0, 1, 0],
            "the lead is player 1's; then 2, 1, 2, 1"
        );
        // Alone, every helicopter is yours.
        g.options.cooperative = false;
        assert!((0..5).all(|h| g.owner(h) == 0));
        assert!(n >= 1);
    }

    #[test]
    fn each_player_flies_their_own_helicopters_and_player_one_decides_the_rest_g20() {
        // Fly until a helicopter of player 2 is active, whichever seed first has one.
        let g = (0..40)
            .map(|seed| {
                fly(
                    seed,
                    &cooperative(),
                    3,
                    |g| matches!(g.phase, Phase::Activation(h) if g.owner(h) == 1),
                )
            })
            .find(|g| matches!(g.phase, Phase::Activation(_)))
            .expect("a seed with a helicopter of player 2 on the Tactical Map");
        let Phase::Activation(h) = g.phase else {
            unreachable!()
        };
        let p = g.prompt();
        assert_eq!(p.actor, Actor::Player(1));
        let text = p.text.english();
        let name = g.mission().flight[h].name();
        assert!(
            text.starts_with(&format!("Player 2 — {name} at ")),
            "{text}"
        );
        // The lead's crew, its Luck Factor and the flight's decisions are player 1's.
        assert_ne!(h, g.mission().yours);
        assert_eq!(g.owner(g.mission().yours), 0);
        let mut other = g.clone();
        for phase in [
            Phase::Helicopters,
            Phase::Support,
            Phase::Training,
            Phase::CobraOffer,
        ] {
            other.phase = phase.clone();
            assert_eq!(other.actor(), Actor::Player(0), "{phase:?}");
        }
        other.phase = Phase::Helicopters;
        let p = other.prompt();
        assert!(
            p.text.english().starts_with("Player 1 — Turn "),
            "{}",
            p.text.english()
        );
        // Each choice of the Helicopter Phase says whose helicopter it is.
        for c in &p.choices {
            let Action::Activate(k) = c.action else {
                continue;
            };
            let label = c.label.english();
            assert!(
                label.ends_with(&format!("(player {})", g.owner(k) + 1)),
                "{label}"
            );
        }
    }

    #[test]
    fn sharing_the_flight_changes_who_decides_not_the_game_and_its_victory_points_g20() {
        // The same bot making every decision: the same tour, one score for the flight.
        for seed in [1, 7] {
            let solo = fly(seed, &Options::default(), 3, |_| false);
            let shared = fly(seed, &cooperative(), 3, |_| false);
            assert_eq!(solo.victory_points, shared.victory_points, "seed {seed}");
            assert_eq!(solo.skill_points, shared.skill_points, "seed {seed}");
            assert_eq!(solo.luck, shared.luck, "seed {seed}");
            assert_eq!(solo.crew, shared.crew, "seed {seed}");
            assert_eq!(solo.phase, shared.phase, "seed {seed}");
            assert_eq!(
                solo.outcome().map(|o| o.points),
                shared.outcome().map(|o| o.points)
            );
        }
    }

    #[test]
    fn the_log_says_who_flies_which_helicopter_2_2() {
        let mut g = ChopperPilot::setup("primary", &cooperative(), 2).unwrap();
        while g.phase != Phase::ChooseHelicopter {
            let actions = g.legal_actions();
            let a = Commander.choose(&g, &actions);
            g.apply(&a).unwrap();
        }
        let first = g.legal_actions()[0].clone();
        g.apply(&first).unwrap();
        let line = g.log().entries().last().unwrap().english();
        let lead = g.mission().your_helicopter().name();
        assert!(line.contains("] Player 1 flies"), "{line}");
        assert!(line.contains(&lead), "{line}");
        if g.mission().flight.len() > 1 {
            assert!(line.contains("; player 2 flies "), "{line}");
        }
    }

    /// Saves and reopening are tested through the session, as the window plays
    /// (`tests/chopper_pilot_cooperative.rs`).
    #[test]
    fn seeded_cooperative_missions_end_without_a_dead_end_and_replay_identically() {
        for seed in 0..6 {
            let a = fly(seed, &cooperative(), 2, |_| false);
            let b = fly(seed, &cooperative(), 2, |_| false);
            assert_eq!(a, b, "seed {seed}: same seed, same game");
            assert!(
                a.missions_flown >= 2 || a.outcome().is_some(),
                "seed {seed}"
            );
        }
    }
}
