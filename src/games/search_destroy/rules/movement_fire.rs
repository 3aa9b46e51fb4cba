//! Movement and fire [17.0], optional: a combat unit that spent no more than 6 movement
//! points in its Movement Phase may fire in the Combat Phase that follows, at half strength,
//! each unit rounded up on its own. Everything else about fire is unchanged (a pinned unit,
//! a carrier or a unit landed this game-turn still may not fire).

use super::state::SearchDestroy;

/// The most movement points a unit may spend and still fire [17.0].
pub const MOVE_AND_FIRE_MP: u8 = 6;

impl SearchDestroy {
    /// Whether its movement this Player-Turn keeps a unit from firing: any movement [6.17],
    /// or with movement and fire more than 6 movement points [17.0].
    pub fn moved_too_far_to_fire(&self, i: usize) -> bool {
        let u = &self.units[i];
        if self.is_vehicle(i) {
            return self.vehicle_moved_too_far(i);
        }
        u.moved && !(self.options.movement_and_fire && u.spent <= MOVE_AND_FIRE_MP)
    }

    /// A unit's attack strength in half points after its movement: halved and rounded up
    /// to a whole point when it moved and fires under [17.0], never more than it had (an
    /// ARVN weapons squad's half point stays a half).
    pub fn after_movement(&self, i: usize, halves: u32) -> u32 {
        if self.options.movement_and_fire && self.units[i].moved && !self.is_vehicle(i) {
            halves.min(2 * halves.div_ceil(4))
        } else {
            halves
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::crt::Crt;
    use super::super::options::Options;
    use super::super::play::Action;
    use super::super::state::{SearchDestroy, Step};
    use super::super::tests::{counter, h, moving_with};

    fn with(on: bool) -> Options {
        Options {
            movement_and_fire: on,
            ..Options::default()
        }
    }

    /// Two US squads at 0110 and 0112 and a face-up hard-core squad in the open at 0111,
    /// in the US Movement Phase.
    fn position(on: bool) -> SearchDestroy {
        let mut hc = counter("hard_core", Side::Nlf, "0111");
        hc.face_up = true;
        moving_with(
            vec![
                counter("us_squad", Side::Us, "0110"),
                counter("us_squad", Side::Us, "0112"),
                hc,
            ],
            Side::Us,
            &with(on),
        )
    }

    #[test]
    fn without_the_rule_a_unit_that_moved_may_not_fire() {
        let mut g = position(false);
        g.apply_action(&Action::Select(0)).unwrap();
        g.apply_action(&Action::Move {
            unit: 0,
            to: h("0210"),
        })
        .unwrap();
        assert!(g.units[0].moved);
        assert!(!g.may_fire(0), "a unit that moved may not fire [6.17]");
    }

    #[test]
    fn a_short_move_leaves_fire_at_half_strength() {
        let mut g = position(true);
        g.apply_action(&Action::Select(0)).unwrap();
        g.apply_action(&Action::Move {
            unit: 0,
            to: h("0210"),
        })
        .unwrap();
        let cost = SearchDestroy::entry_cost(h("0110"), h("0210"));
        assert_eq!(g.units[0].spent, cost, "the move's cost is counted");
        assert!(g.may_fire(0), "spent {cost} MP: may fire [17.0]");
        // Strength 2 halved is 1 (two half points).
        assert_eq!(g.attack_halves(0), 2);
        assert_eq!(g.attack_halves(1), 4, "the squad that stayed fires in full");
    }

    #[test]
    fn six_movement_points_is_the_limit() {
        let mut g = position(true);
        g.units[0].moved = true;
        g.units[0].spent = 6;
        assert!(g.may_fire(0), "spent exactly 6 MP: fire at half [17.0]");
        g.units[0].spent = 7;
        assert!(!g.may_fire(0), "spent 7 MP: no fire [17.0]");
    }

    #[test]
    fn each_unit_is_halved_and_rounded_up_on_its_own() {
        let mut g = position(true);
        g.units[1] = counter("us_weapons_squad", Side::Us, "0112");
        for i in [0, 1] {
            g.units[i].moved = true;
            g.units[i].spent = 3;
        }
        // 2 → 1, and 1 → ½ rounded up to 1: together 2 points, not 1½.
        assert_eq!(g.attack_halves(0) + g.attack_halves(1), 4);
        // An ARVN weapons squad's half point is never raised above what it had.
        g.units[1] = counter("arvn_weapons_squad", Side::Us, "0112");
        g.units[1].moved = true;
        assert_eq!(g.attack_halves(1), 1);
    }

    #[test]
    fn the_odds_use_the_halved_strength() {
        // Two squads that moved: 1 + 1 against the open's 1 is 2-1, not 4-1.
        let mut g = position(true);
        for i in [0, 1] {
            g.units[i].moved = true;
            g.units[i].spent = 2;
        }
        g.step = Step::Combat(Side::Us);
        g.apply_action(&Action::Target(h("0111"))).unwrap();
        g.apply_action(&Action::AddFirer(0)).unwrap();
        g.apply_action(&Action::AddFirer(1)).unwrap();
        let attack = g.attack.clone().unwrap();
        assert_eq!(Crt::COLUMNS[g.attack_column(&attack)], "2-1");
        // Without the rule neither may fire at all.
        g.options.movement_and_fire = false;
        assert!(!g.may_fire(0) && !g.may_fire(1));
    }
}
