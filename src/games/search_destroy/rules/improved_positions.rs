//! Improved Positions [16.0], optional. At the end of a Player-Turn a unit of the side that
//! moved (personnel or a dummy) may dig in if it did nothing that turn: it neither moved,
//! fired, picked up, dropped, carried nor destroyed anything, and did not arrive that
//! game-turn [16.1]. The marker is placed openly [16.12] and belongs to the unit: it doubles
//! the defence of the unit's hex [16.3] until the unit leaves the hex or picks something up;
//! firing or being pinned does not cost it [16.2].
//!
//! In the sequence the markers are chosen in the side's own Combat Phase, alongside its
//! attacks: nothing the side does between that phase and the end of its Player-Turn (pinned
//! removal, and for the NLF hiding) bears on who may dig in, and a unit that digs in fires
//! no more that turn. Pins: every pin of the side to move is lifted in the Pinned Removal
//! Phase before the end of its Player-Turn (digest 3.0), so a unit that served a pin this
//! turn may dig in (RULING).

use super::content::{Class, Side};
use super::hex::Hex;
use super::state::{SearchDestroy, Step};
use crate::engine::message::msg;

impl SearchDestroy {
    /// Whether `side`'s units in `hex` hold an Improved Position: their defence doubles
    /// [16.3].
    pub fn entrenched(&self, hex: Hex, side: Side) -> bool {
        self.options.improved_positions && self.side_at(hex, side).any(|i| self.units[i].improved)
    }

    /// The units of the side in its Combat Phase that may dig in now [16.1]: none while an
    /// attack is being declared.
    pub fn dig_in_candidates(&self) -> Vec<usize> {
        let Step::Combat(side) = self.step else {
            return Vec::new();
        };
        if !self.options.improved_positions || self.attack.is_some() {
            return Vec::new();
        }
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == side
                    && u.on_map()
                    && u.class()
                        .is_some_and(|c| c.personnel() || c == Class::Dummy)
                    && !u.improved
                    && !u.moved
                    && !u.fired
                    && !u.handled
                    && !u.landed
                    && u.carrying.is_none()
                    && u.carried_by.is_none()
            })
            .collect()
    }

    /// Puts an Improved Position marker on the unit, in the open [16.12].
    pub fn dig_in(&mut self, unit: usize) {
        let u = &mut self.units[unit];
        u.improved = true;
        u.dug_in = true;
        let hex = u.hex.map(|h| h.to_string()).unwrap_or_default();
        let side = u.side;
        self.log.add(
            "16.1",
            msg("{side} dig in at {hex}: an Improved Position")
                .term("side", side.name())
                .arg("hex", hex),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::crt::Crt;
    use super::super::options::Options;
    use super::super::play::Action;
    use super::super::state::{Attack, SearchDestroy, Step};
    use super::super::tests::{board_with, counter, h, rigged};
    use crate::engine::game::Game;

    fn on() -> Options {
        Options {
            improved_positions: true,
            ..Options::default()
        }
    }

    /// A face-up hard-core squad in the forest at 0113, US squads at 0112 and 0212, in the
    /// NLF Combat Phase.
    fn position(options: &Options) -> SearchDestroy {
        let mut hc = counter("hard_core", Side::Nlf, "0113");
        hc.face_up = true;
        board_with(
            vec![
                hc,
                counter("us_squad", Side::Us, "0112"),
                counter("us_squad", Side::Us, "0212"),
            ],
            Step::Combat(Side::Nlf),
            options,
        )
    }

    #[test]
    fn without_the_rule_nobody_digs_in() {
        let g = position(&Options::default());
        assert!(g.dig_in_candidates().is_empty());
        assert!(!g.actions().iter().any(|a| matches!(a, Action::DigIn(_))));
    }

    #[test]
    fn a_unit_that_did_nothing_may_dig_in_and_the_marker_is_public() {
        let mut g = position(&on());
        assert_eq!(g.dig_in_candidates(), vec![0]);
        g.apply(&Action::DigIn(0)).unwrap();
        assert!(g.units[0].improved);
        // Placed openly [16.12]: the US reads it and sees the marker.
        let us = g.view(Side::Us.seat());
        assert!(us.units[0].improved);
        assert!(
            g.log
                .seen_by(Side::Us.seat())
                .entries()
                .last()
                .unwrap()
                .english()
                .contains("0113")
        );
        // Having dug in, it fires no more this turn.
        assert!(!g.may_fire(0));
        assert!(g.dig_in_candidates().is_empty());
    }

    #[test]
    fn moving_firing_or_handling_a_load_bars_the_marker() {
        let mut g = position(&on());
        g.units[0].moved = true;
        assert!(g.dig_in_candidates().is_empty(), "moved");
        g.units[0].moved = false;
        g.units[0].fired = true;
        assert!(g.dig_in_candidates().is_empty(), "fired");
        g.units[0].fired = false;
        g.units[0].handled = true;
        assert!(
            g.dig_in_candidates().is_empty(),
            "dropped or picked up a load"
        );
    }

    #[test]
    fn the_marker_doubles_the_defence_of_the_hex() {
        // Forest 3, doubled 6: two US squads (4) fire at 1-2 instead of 1-1.
        let mut g = position(&on());
        g.units[0].improved = true;
        assert_eq!(g.defense_of(h("0113"), Side::Nlf), 6);
        g.step = Step::Combat(Side::Us);
        let attack = Attack {
            firers: vec![1, 2],
            ..Attack::on(h("0113"))
        };
        assert_eq!(Crt::COLUMNS[g.attack_column(&attack)], "1-2");
        g.units[0].improved = false;
        assert_eq!(Crt::COLUMNS[g.attack_column(&attack)], "1-1");
    }

    #[test]
    fn firing_and_pins_keep_the_marker_leaving_loses_it() {
        let mut g = position(&on());
        g.units[0].improved = true;
        // The hard-core fires at 0112 [16.2: firing keeps it].
        g.rng = rigged(&[1]);
        g.apply(&Action::Target(h("0112"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        g.apply(&Action::Resolve).unwrap();
        assert!(g.units[0].improved);
        g.units[0].pinned = true;
        assert!(g.units[0].improved, "a pin does not cost the position");
        g.units[0].pinned = false;
        // Its next Movement Phase: it leaves the hex and loses the position.
        g.step = Step::Movement(Side::Nlf);
        g.units[0].mp = 12;
        g.units[0].fired = false;
        g.apply(&Action::Select(0)).unwrap();
        let to = g
            .destinations(0)
            .into_iter()
            .next()
            .expect("the forest hex has a way out");
        g.apply(&Action::Move { unit: 0, to }).unwrap();
        assert!(!g.units[0].improved, "the marker stays behind [16.2]");
    }

    #[test]
    fn picking_up_loses_the_position() {
        let mut cache = counter("records", Side::Nlf, "0110");
        cache.face_up = true;
        let mut squad = counter("us_squad", Side::Us, "0110");
        squad.improved = true;
        squad.mp = 12;
        let mut g = board_with(vec![squad, cache], Step::Movement(Side::Us), &on());
        g.apply(&Action::PickUp { unit: 0, load: 1 }).unwrap();
        assert!(!g.units[0].improved, "picking up costs the position [16.2]");
    }

    #[test]
    fn the_us_digs_in_after_a_turn_without_action() {
        // A squad that landed may not dig in that game-turn; one that sat still may.
        let mut g = position(&on());
        g.step = Step::Combat(Side::Us);
        g.units[1].landed = true;
        assert_eq!(g.dig_in_candidates(), vec![2]);
        g.apply(&Action::DigIn(2)).unwrap();
        assert!(g.units[2].improved);
        // The NLF's fire at it now meets the doubled open ground.
        assert_eq!(
            g.defense_of(h("0212"), Side::Us),
            2 * SearchDestroy::defense(h("0212"))
        );
    }
}
