//! Ambush [18.0], optional. Before play the NLF turns dummies into Ambush markers: each
//! marker lies face-down in a hex that the combat units assigned to it can see, and the
//! assignment is written on the NLF's secret sheet [18.0, 18.5]. Militia may not be assigned
//! [18.3]; several units may share a marker but a unit serves one only [18.52]. A US unit
//! that ends its Player-Turn on a marker may be fired on in the next NLF Combat Phase with 2
//! added to the die, when an assigned unit that has not moved since setup takes part; any
//! other unit joining that attack shares the bonus [18.12, 18.4]. The marker is then turned
//! up and stays; it never counts for stacking [18.13, 18.22]. An assigned unit that moves
//! loses its ambush for good [18.21].
//!
//! Hidden is hidden: which counter is a marker, and who is assigned to it, is the NLF's until
//! the ambush fire is declared. Making a marker out of a dummy already on the map leaves the
//! number of counters the US sees unchanged.

use super::content::{Class, Side, data};
use super::hex::Hex;
use super::state::{Attack, SearchDestroy, Step};
use crate::engine::message::msg;

/// What an ambush adds to the die [18.12].
pub const AMBUSH_MODIFIER: i32 = 2;

impl SearchDestroy {
    /// Setup, once every counter is placed: the assignments the NLF may still make, as
    /// (combat unit, marker or dummy to become one) [18.0, 18.3, 18.52].
    pub fn ambush_assignments(&self) -> Vec<(usize, usize)> {
        if !self.options.ambush || self.step != Step::Setup || self.ambushes_set {
            return Vec::new();
        }
        let markers: Vec<usize> = (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == Side::Nlf
                    && u.on_map()
                    && (u.is("ambush")
                        || (u.is("dummy") && u.carrying.is_none() && u.carried_by.is_none()))
            })
            .collect();
        let mut out = Vec::new();
        for unit in 0..self.units.len() {
            let u = &self.units[unit];
            let Some(from) = u.hex.filter(|_| u.on_map() && u.side == Side::Nlf) else {
                continue;
            };
            if u.class() != Some(Class::Combat) || u.is("militia") || u.ambush.is_some() {
                continue;
            }
            for &m in &markers {
                let at = self.units[m].hex.expect("on the map");
                if self.sees(from, at) {
                    out.push((unit, m));
                }
            }
        }
        out
    }

    /// Assigns `unit` to `marker`; a dummy becomes an Ambush marker in its hex [18.0].
    pub fn assign_ambush(&mut self, unit: usize, marker: usize) {
        if self.units[marker].is("dummy") {
            let kind = data()
                .counter_index("ambush")
                .expect("the content has an Ambush marker");
            self.units[marker].kind = Some(kind as u16);
        }
        self.units[unit].ambush = Some(marker);
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        let (from, at) = (self.units[unit].hex, self.units[marker].hex);
        self.log.add_for(
            Side::Nlf.seat(),
            "18.0",
            msg("The {unit} at {from} lies in ambush over {hex}")
                .term("unit", name)
                .arg("from", from.map(|h| h.to_string()).unwrap_or_default())
                .arg("hex", at.map(|h| h.to_string()).unwrap_or_default()),
            Vec::new(),
        );
    }

    /// The markers in `hex` [18.0].
    fn markers_at(&self, hex: Hex) -> Vec<usize> {
        self.side_at(hex, Side::Nlf)
            .filter(|&i| self.units[i].is("ambush"))
            .collect()
    }

    /// Whether the attack is an ambush: NLF fire at US units on a marker, with a unit
    /// assigned to it that has not moved since setup [18.12, 18.21, 18.4].
    pub fn ambush_fire(&self, attack: &Attack) -> bool {
        if !self.options.ambush || self.step != Step::Combat(Side::Nlf) {
            return false;
        }
        let markers = self.markers_at(attack.target);
        attack
            .firers
            .iter()
            .any(|&f| self.units[f].ambush.is_some_and(|m| markers.contains(&m)))
    }

    /// Springs the ambush: its marker in the target hex is turned up [18.13].
    pub fn spring_ambush(&mut self, target: Hex) {
        self.log.add(
            "18.12",
            msg("Ambush at {hex}: 2 is added to the die").arg("hex", target),
        );
        for m in self.markers_at(target) {
            if self.units[m].hidden() {
                self.expose(m);
            }
        }
    }

    /// An assigned unit that moves loses its ambush for good [18.21].
    pub fn lapse_ambush(&mut self, unit: usize) {
        self.units[unit].ambush = None;
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::options::Options;
    use super::super::play::Action;
    use super::super::state::{SearchDestroy, Step};
    use super::super::tests::{board_with, counter, rigged};
    use crate::engine::game::Game;

    fn on() -> Options {
        Options {
            ambush: true,
            ..Options::default()
        }
    }

    /// Setup done but for the ambushes: a hard-core squad in the forest at 0113, a militia
    /// squad at 0213, a dummy beside them at 0112 and one far out of sight at 0430.
    fn setup() -> SearchDestroy {
        let mut g = board_with(
            vec![
                counter("hard_core", Side::Nlf, "0113"),
                counter("militia", Side::Nlf, "0213"),
                counter("dummy", Side::Nlf, "0112"),
                counter("dummy", Side::Nlf, "0430"),
                counter("us_squad", Side::Us, "0101"),
            ],
            Step::Setup,
            &on(),
        );
        g.units[4].hex = None;
        g
    }

    #[test]
    fn without_the_rule_setup_ends_with_the_last_counter() {
        let mut g = setup();
        g.options.ambush = false;
        assert_eq!(g.actions(), vec![Action::EndAmbush]);
        assert!(g.ambush_assignments().is_empty());
    }

    #[test]
    fn only_non_militia_combat_units_watch_markers_they_can_see() {
        let g = setup();
        // The hard-core sees the dummy next to it, not the one 17 rows away; the militia
        // may not be assigned [18.3].
        assert_eq!(g.ambush_assignments(), vec![(0, 2)]);
        assert!(g.actions().contains(&Action::Ambush { unit: 0, marker: 2 }));
    }

    #[test]
    fn a_dummy_becomes_the_marker_and_the_us_learns_nothing() {
        let mut g = setup();
        let before = g.view(Side::Us.seat()).into_owned();
        g.apply(&Action::Ambush { unit: 0, marker: 2 }).unwrap();
        assert!(
            g.units[2].is("ambush"),
            "the dummy is now an Ambush marker [18.0]"
        );
        assert_eq!(g.units[0].ambush, Some(2));
        // A unit serves one marker: nothing left to assign, so the US lands.
        assert_eq!(g.step, Step::Landing);
        let after = g.view(Side::Us.seat());
        assert!(after.units.iter().all(|u| u.ambush.is_none()));
        assert_eq!(
            before.units[2].kind, after.units[2].kind,
            "still a bare back"
        );
        assert_eq!(
            before.units.len(),
            after.units.len(),
            "as many counters as before"
        );
        assert_eq!(
            before.log.seen_by(Side::Us.seat()).len(),
            g.log.seen_by(Side::Us.seat()).len(),
            "the US reads no line of it"
        );
    }

    /// The NLF Combat Phase with a US squad standing on a face-up Ambush marker at 0112 (a
    /// search found it), watched by the hard-core squad at 0113.
    fn sprung(assigned: bool, roll: i32) -> SearchDestroy {
        let mut hc = counter("hard_core", Side::Nlf, "0113");
        hc.face_up = true;
        if assigned {
            hc.ambush = Some(1);
        }
        let mut g = board_with(
            vec![
                hc,
                counter("ambush", Side::Nlf, "0112"),
                counter("us_squad", Side::Us, "0112"),
            ],
            Step::Combat(Side::Nlf),
            &on(),
        );
        g.rng = rigged(&[roll]);
        g.apply(&Action::Target(super::super::tests::h("0112")))
            .unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        g
    }

    #[test]
    fn ambush_fire_adds_two_to_the_die_and_turns_the_marker_up() {
        // 2 against the open's 1 is 2-1; a 4 plus 2 reads as a 6: "h 20 P 10".
        let mut g = sprung(true, 4);
        assert!(g.ambush_fire(g.attack.as_ref().unwrap()));
        g.apply(&Action::Resolve).unwrap();
        assert_eq!(g.points[1], 20);
        assert!(g.units[2].pinned);
        assert!(!g.units[1].hidden(), "the marker is turned up [18.13]");
        assert!(g.units[1].on_map(), "and stays [18.22]");
    }

    #[test]
    fn the_same_fire_without_the_ambush_only_pins() {
        // Unassigned: a plain 4 at 2-1 is P, no points.
        let mut g = sprung(false, 4);
        g.apply(&Action::Resolve).unwrap();
        assert_eq!(g.points[1], 0);
        assert!(g.units[2].pinned);
        assert!(g.units[1].hidden());
    }

    #[test]
    fn the_odds_shown_to_the_nlf_count_the_ambush() {
        let g = sprung(true, 4);
        let plain = sprung(false, 4);
        let wasted = |g: &SearchDestroy| g.attack_risks(&Action::Resolve)[0].1;
        assert!(wasted(&g) < wasted(&plain));
    }

    #[test]
    fn moving_ends_the_ambush_for_good() {
        let mut g = sprung(true, 4);
        g.attack = None;
        g.step = Step::Movement(Side::Nlf);
        g.units[0].mp = 12;
        g.apply(&Action::Select(0)).unwrap();
        let to = g.destinations(0)[0];
        g.apply(&Action::Move { unit: 0, to }).unwrap();
        assert_eq!(g.units[0].ambush, None, "lapsed [18.21]");
    }
}
