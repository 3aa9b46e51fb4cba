//! Increased fire rate and ammunition [19.0], optional. Every US infantry unit carries 6 units
//! of fire and every NLF combat unit 4 (digest 4.10 ruling: all NLF combat units count as
//! infantry); vehicles fire without counting [19.21]. A unit spends one unit of fire each time
//! it fires; in one Combat Phase it may spend two: both into one hex, doubling its strength
//! (or, where its strength is halved, restoring it to full), or one each into two hexes at
//! most one hex apart [19.11, 19.12]. Surprise, ambush and helicopter fire spend a unit of
//! fire too (digest ruling); the landing fire at a helicopter is one shot, never two. A unit
//! without units of fire may not fire.
//!
//! Refilling, never beyond what the unit started with and never from the enemy's stores
//! [19.25]: an NLF unit that sits out its own Combat Phase without firing in the hex of one of
//! its Ammunition Caches is filled up, the cache never running dry [19.22]; a US unit that
//! sits out its Combat Phase unpinned and without firing on a US Ammunition Supply draws from
//! the supply's 24 units of fire [19.23]. A supply is flown in at the start of the US Movement
//! Phase, to a hex a helicopter may land on, and the NLF may fire at the helicopter as at a
//! landing; shot down, the supply is lost [19.24]. Each of the counter sheet's three supply
//! counters flies in once. A US combat unit may carry a supply as it carries a cache; an NLF
//! combat unit may destroy one for 6 movement points [5.41-5.43]. Units may stop in the hex
//! of their own supply or cache (digest 4.10 ruling).
//!
//! Hidden is hidden: what each unit has left, and every line about it, is its owner's.

use serde::{Deserialize, Serialize};

use super::content::{Class, Side, data};
use super::crt::Crt;
use super::hex::Hex;
use super::map::Terrain;
use super::play::Action;
use super::state::{Attack, SearchDestroy, Step, Unit};
use crate::engine::log::Random;
use crate::engine::message::{msg, msg_n};

/// One unit's units of fire [19.0 procedure].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ammo {
    /// Units of fire left; `None` where none are counted (the rule is off, a vehicle, a
    /// non-combat unit, or the other side's unit in a view).
    pub left: Option<u8>,
    /// Spent in this Combat Phase: at most two [19.11].
    pub spent: u8,
    /// Where its first unit of fire of this phase went: a second must land near it [19.11].
    pub first: Option<Hex>,
    /// Puts two units of fire into the attack being declared [19.11].
    pub doubled: bool,
}

impl Ammo {
    /// A new Player-Turn: nothing spent yet.
    pub fn new_turn(&mut self) {
        self.spent = 0;
        self.first = None;
        self.doubled = false;
    }
}

impl SearchDestroy {
    /// What `unit` starts with and may refill to [19.21, 19.23]; `None` for units that do not
    /// count units of fire.
    pub fn full_fire(unit: &Unit) -> Option<u8> {
        let uof = &data().units_of_fire;
        match (unit.side, unit.class()?) {
            (Side::Us, Class::Combat) => Some(uof.us_infantry),
            (Side::Nlf, Class::Combat) => Some(uof.nlf),
            (Side::Us, Class::Supply) => Some(uof.supply),
            _ => None,
        }
    }

    /// Hands every unit its units of fire at the start of the game [19.21].
    pub(super) fn issue_fire(&mut self) {
        if !self.options.increased_fire {
            return;
        }
        for u in &mut self.units {
            u.ammo.left = SearchDestroy::full_fire(u);
        }
    }

    /// Whether a unit has fired all it may this phase: once without the rule, and with it
    /// twice or until it has nothing left [6.15, 19.11, 19.21].
    pub fn fired_out(&self, i: usize) -> bool {
        let u = &self.units[i];
        match u.ammo.left.filter(|_| self.options.increased_fire) {
            None => u.fired,
            Some(left) => left == 0 || u.ammo.spent >= 2,
        }
    }

    /// A unit that has spent one unit of fire this phase may spend its second only on a hex
    /// near the first [19.11].
    pub fn near_first_target(&self, i: usize, target: Hex) -> bool {
        let split = u32::from(data().units_of_fire.split_distance);
        self.units[i]
            .ammo
            .first
            .is_none_or(|first| first.distance(target) <= split)
    }

    /// The firers of the attack being declared that may still put a second unit of fire into
    /// it [19.11].
    pub fn double_candidates(&self) -> Vec<usize> {
        let Some(attack) = &self.attack else {
            return Vec::new();
        };
        if !self.options.increased_fire || self.step == Step::LandingFire {
            return Vec::new();
        }
        attack
            .firers
            .iter()
            .copied()
            .filter(|&i| {
                let a = &self.units[i].ammo;
                !a.doubled && a.spent == 0 && a.left.is_some_and(|l| l >= 2)
            })
            .collect()
    }

    /// A firer's strength in half points in the attack being declared: doubled with two units
    /// of fire, or brought back to full where it was halved [19.11, 19.12].
    pub fn fire_halves(&self, i: usize) -> u32 {
        let halves = self.attack_halves(i);
        let u = &self.units[i];
        if !u.ammo.doubled {
            return halves;
        }
        let Some(spec) = u.spec() else {
            return halves;
        };
        let halved = spec.arvn || (self.options.movement_and_fire && u.moved);
        if halved {
            2 * u32::from(spec.attack)
        } else {
            2 * halves
        }
    }

    /// Every firer of a resolved attack spends its units of fire; the owner reads what is left.
    pub(super) fn spend_fire(&mut self, attack: &Attack) {
        if !self.options.increased_fire {
            return;
        }
        for &i in &attack.firers {
            let a = &mut self.units[i].ammo;
            let Some(left) = a.left else {
                continue;
            };
            let n: u8 = if a.doubled { 2 } else { 1 };
            let left = left.saturating_sub(n);
            a.left = Some(left);
            a.spent += n;
            a.first.get_or_insert(attack.target);
            a.doubled = false;
            let u = &self.units[i];
            let name = u.spec().map_or("", |s| s.name.as_str());
            self.log.add_for(
                u.side.seat(),
                "19.21",
                msg_n(
                    "The {unit} at {hex} spends {n} unit of fire: {left} left",
                    "The {unit} at {hex} spends {n} units of fire: {left} left",
                    u32::from(n),
                )
                .term("unit", name)
                .arg("hex", u.hex.map(|h| h.to_string()).unwrap_or_default())
                .arg("n", n)
                .arg("left", left),
                Vec::new(),
            );
        }
    }

    /// An attack called off: no firer keeps a second unit of fire set aside for it.
    pub(super) fn clear_doubles(&mut self) {
        for u in &mut self.units {
            u.ammo.doubled = false;
        }
    }

    /// Whether `unit` may stop in a hex where `other`, its own ammunition, lies (digest 4.10
    /// ruling): an NLF combat unit on an Ammunition Cache on the ground, a US unit on a
    /// supply.
    pub fn stops_on_ammunition(&self, unit: usize, other: usize) -> bool {
        let (u, o) = (&self.units[unit], &self.units[other]);
        self.options.increased_fire
            && u.side == o.side
            && match u.side {
                Side::Us => o.is("us_ammunition") && u.class().is_some_and(Class::personnel),
                Side::Nlf => {
                    o.is("ammunition") && o.carried_by.is_none() && u.class() == Some(Class::Combat)
                }
            }
    }

    /// Whether a US combat unit may carry its own supply, as it carries a cache [19.23].
    pub fn carries_supply(&self, unit: usize, load: usize) -> bool {
        let (u, l) = (&self.units[unit], &self.units[load]);
        u.side == Side::Us
            && l.side == Side::Us
            && l.is("us_ammunition")
            && u.class() == Some(Class::Combat)
    }

    /// At the end of `side`'s Combat Phase every unit that sat it out, without firing, on its
    /// own ammunition fills up [19.22, 19.23, 19.25].
    pub(super) fn resupply(&mut self, side: Side) {
        if !self.options.increased_fire {
            return;
        }
        for i in 0..self.units.len() {
            let u = &self.units[i];
            let (Some(left), Some(full), Some(hex)) =
                (u.ammo.left, SearchDestroy::full_fire(u), u.hex)
            else {
                continue;
            };
            if u.side != side
                || !u.on_map()
                || u.class() != Some(Class::Combat)
                || u.fired
                || left >= full
                || (side == Side::Us && u.pinned)
            {
                continue;
            }
            let store = self.side_at(hex, side).find(|&s| {
                let o = &self.units[s];
                match side {
                    Side::Nlf => {
                        o.is("ammunition")
                            && o.carried_by.is_none_or(|c| self.units[c].side == side)
                    }
                    Side::Us => o.is("us_ammunition") && o.ammo.left.is_some_and(|l| l > 0),
                }
            });
            let Some(store) = store else {
                continue;
            };
            let taken = match side {
                // An NLF cache never runs dry [19.22].
                Side::Nlf => full - left,
                Side::Us => {
                    let stock = self.units[store].ammo.left.unwrap_or(0);
                    let taken = (full - left).min(stock);
                    self.units[store].ammo.left = Some(stock - taken);
                    taken
                }
            };
            self.units[i].ammo.left = Some(left + taken);
            let name = self.units[i].spec().map_or("", |s| s.name.as_str());
            self.log.add_for(
                side.seat(),
                if side == Side::Nlf { "19.22" } else { "19.23" },
                msg_n(
                    "The {unit} at {hex} takes on {n} unit of fire: {left} now",
                    "The {unit} at {hex} takes on {n} units of fire: {left} now",
                    u32::from(taken),
                )
                .term("unit", name)
                .arg("hex", hex)
                .arg("n", taken)
                .arg("left", left + taken),
                Vec::new(),
            );
            if self.units[store].ammo.left == Some(0) {
                self.log.add(
                    "19.23",
                    msg("The US Ammunition Supply at {hex} is used up").arg("hex", hex),
                );
                self.remove(store);
            }
        }
    }

    /// Supplies the US has not yet flown in [19.24].
    pub fn supplies_left(&self) -> u8 {
        data()
            .units_of_fire
            .supply_counters
            .saturating_sub(self.supplies_flown)
    }

    /// The hexes a supply may be flown to now: at the start of the US Movement Phase, before
    /// any unit has moved, while supplies are left, to landing terrain [19.24, 9.12, 9.15].
    pub fn supply_drop_hexes(&self) -> Vec<Hex> {
        if !self.options.increased_fire
            || self.step != Step::Movement(Side::Us)
            || self.supplies_left() == 0
            || self.active.is_some()
        {
            return Vec::new();
        }
        let started = self
            .units
            .iter()
            .any(|u| u.side == Side::Us && (u.moved || u.handled || u.spent > 0));
        let on_map = self.units.iter().any(|u| u.side == Side::Us && u.on_map());
        if started || !on_map {
            return Vec::new();
        }
        let taken: std::collections::HashSet<Hex> = self
            .units
            .iter()
            .filter(|u| u.on_map())
            .filter_map(|u| u.hex)
            .collect();
        let map = &data().map;
        map.hexes()
            .filter(|h| !taken.contains(h))
            .filter(|&h| matches!(map.terrain(h), Terrain::Open | Terrain::Broken) && !map.road(h))
            .collect()
    }

    /// The US calls a helicopter with a supply to `hex`; the NLF may fire at it [19.24, 9.13].
    pub(super) fn drop_supply(&mut self, hex: Hex) {
        let kind = data()
            .counter_index("us_ammunition")
            .expect("the content has a US Ammunition Supply");
        let mut supply = Unit::new(kind as u16, Side::Us);
        supply.ammo.left = SearchDestroy::full_fire(&supply);
        supply.hex = Some(hex);
        self.units.push(supply);
        self.supplies_flown += 1;
        self.supply_drop = Some(hex);
        self.log.add(
            "19.24",
            msg("A US helicopter flies an ammunition supply in to {hex}").arg("hex", hex),
        );
        // Whether it waits for the NLF may depend only on what the US sees, not on which
        // backs could fire at it.
        if !self.helicopter_exposed(hex) {
            self.land_supply();
        } else {
            self.step = Step::SupplyFire;
        }
    }

    /// The hex the helicopter with a supply is landing at, while the NLF may fire at it.
    pub fn supply_target(&self) -> Option<Hex> {
        self.supply_drop
            .filter(|&h| self.step == Step::SupplyFire && !self.attacked.contains(&h))
    }

    /// The NLF fires at the supply helicopter, at defence 1 [9.13, 19.24]: shot down, the
    /// supply is lost.
    pub(super) fn resolve_supply_fire(&mut self, attack: &Attack) {
        self.attacked.push(attack.target);
        let (column, roll, shot_down) = self.fire_at_helicopter(attack);
        let points = self.helicopter_points();
        let text = if shot_down {
            self.points[1] += points;
            msg_n(
                "NLF fire at {odds} shoots down the supply helicopter at {hex}: {points} point",
                "NLF fire at {odds} shoots down the supply helicopter at {hex}: {points} points",
                points,
            )
            .arg("points", points)
        } else {
            msg("NLF fire at {odds} misses the supply helicopter at {hex}")
        };
        self.log.add_with(
            "19.24",
            text.arg("odds", Crt::COLUMNS[column])
                .arg("hex", attack.target),
            vec![Random::Dice(roll)],
        );
        if shot_down {
            let lost: Vec<usize> = self
                .side_at(attack.target, Side::Us)
                .filter(|&i| self.units[i].is("us_ammunition"))
                .collect();
            for i in lost {
                self.remove(i);
            }
            self.crash(attack.target);
            self.supply_drop = None;
        }
        self.land_supply();
    }

    /// The supply helicopter, if not shot down, has set its supply down in its hex; the US
    /// Movement Phase goes on.
    pub(super) fn land_supply(&mut self) {
        if let Some(hex) = self.supply_drop.take() {
            self.log.add(
                "19.24",
                msg("The ammunition supply is down at {hex}").arg("hex", hex),
            );
            self.helicopters_down(&[hex], super::helicopter_guns::Mission::Supply);
        }
        self.attacked.clear();
        self.attack = None;
        self.step = Step::Movement(Side::Us);
    }

    /// The NLF's combat units may destroy a US supply in their hex for 6 movement points
    /// [5.41-5.43].
    pub(super) fn supply_destruction(&self, side: Side, free: &[usize]) -> Vec<Action> {
        if side != Side::Nlf || !self.options.increased_fire {
            return Vec::new();
        }
        let mut out = Vec::new();
        for &unit in free {
            let u = &self.units[unit];
            if u.class() != Some(Class::Combat) || u.pinned || u.carrying.is_some() || u.mp < 6 {
                continue;
            }
            let Some(hex) = u.hex else { continue };
            for cache in self.side_at(hex, Side::Us) {
                if self.units[cache].is("us_ammunition") {
                    out.push(Action::Destroy { unit, cache });
                }
            }
        }
        out
    }

    /// An NLF combat unit destroys a US supply [5.41].
    pub(super) fn destroy_supply(&mut self, unit: usize, supply: usize) {
        let u = &mut self.units[unit];
        u.mp -= 6;
        u.spent += 6;
        u.moved = true;
        u.handled = true;
        let hex = self.units[supply]
            .hex
            .map(|h| h.to_string())
            .unwrap_or_default();
        self.log.add(
            "5.41",
            msg("An NLF unit destroys the US Ammunition Supply at {hex}").arg("hex", hex),
        );
        self.remove(supply);
    }

    /// The view of `side`: the other side's units of fire are not its business.
    pub(super) fn hide_fire(view: &mut SearchDestroy, side: Side) {
        for u in view.units.iter_mut().filter(|u| u.side != side) {
            u.ammo = Ammo::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::crt::Crt;
    use super::super::options::Options;
    use super::super::play::Action;
    use super::super::state::{SearchDestroy, Step, Unit};
    use super::super::tests::{board_with, counter, h, rigged};
    use crate::engine::game::Game;

    fn on() -> Options {
        Options {
            increased_fire: true,
            ..Options::default()
        }
    }

    fn face_up(id: &str, hex: &str) -> Unit {
        let mut u = counter(id, Side::Nlf, hex);
        u.face_up = true;
        u
    }

    /// `units` on the board at `step`, each handed its units of fire.
    fn issued(units: Vec<Unit>, step: Step, options: &Options) -> SearchDestroy {
        let mut g = board_with(units, step, options);
        g.issue_fire();
        g
    }

    /// A US squad at 0410 and a face-up hard-core squad in the open at 0610, in the US
    /// Combat Phase.
    fn duel(options: &Options) -> SearchDestroy {
        issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                face_up("hard_core", "0610"),
            ],
            Step::Combat(Side::Us),
            options,
        )
    }

    #[test]
    fn infantry_carries_six_nlf_combat_units_four_vehicles_count_none() {
        let g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                counter("arvn_weapons_squad", Side::Us, "0411"),
                counter("tank", Side::Us, "0610"),
                counter("medical_team", Side::Us, "0413"),
                counter("hard_core", Side::Nlf, "0910"),
                counter("militia", Side::Nlf, "0911"),
                counter("nlf_leader", Side::Nlf, "0912"),
                counter("porter", Side::Nlf, "0913"),
            ],
            Step::Combat(Side::Us),
            &on(),
        );
        let left: Vec<Option<u8>> = g.units.iter().map(|u| u.ammo.left).collect();
        assert_eq!(
            left,
            vec![
                Some(6),
                Some(6),
                None,
                None,
                Some(4),
                Some(4),
                Some(4),
                None
            ]
        );
        // Without the rule nothing is counted.
        let fresh = SearchDestroy::new("basic", 1).unwrap();
        assert!(fresh.units.iter().all(|u| u.ammo.left.is_none()));
    }

    #[test]
    fn two_units_of_fire_into_one_hex_double_the_strength() {
        // A squad (2) against the open (1) is 2-1; with two units of fire 4-1 [19.11].
        let mut g = duel(&on());
        g.rng = rigged(&[1]);
        g.apply(&Action::Target(h("0610"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        let attack = g.attack.clone().unwrap();
        assert_eq!(Crt::COLUMNS[g.attack_column(&attack)], "2-1");
        assert!(g.actions().contains(&Action::DoubleFire(0)));
        g.apply(&Action::DoubleFire(0)).unwrap();
        assert_eq!(Crt::COLUMNS[g.attack_column(&attack)], "4-1");
        assert!(!g.actions().contains(&Action::DoubleFire(0)), "once");
        g.apply(&Action::Resolve).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(4));
        assert!(!g.may_fire(0), "two units of fire are all a phase allows");
        // The US reads what is left; the NLF does not.
        let read = |seat: u8, text: &str| {
            g.log
                .seen_by(seat)
                .entries()
                .iter()
                .any(|e| e.english().contains(text))
        };
        assert!(read(Side::Us.seat(), "spends 2 units of fire: 4 left"));
        assert!(!read(Side::Nlf.seat(), "units of fire"));
    }

    #[test]
    fn a_doubled_attack_called_off_keeps_its_units_of_fire() {
        let mut g = duel(&on());
        g.apply(&Action::Target(h("0610"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        g.apply(&Action::DoubleFire(0)).unwrap();
        g.apply(&Action::Cancel).unwrap();
        assert!(!g.units[0].ammo.doubled);
        assert_eq!(g.units[0].ammo.left, Some(6));
    }

    #[test]
    fn without_the_rule_there_is_no_doubling_and_one_shot() {
        let mut g = duel(&Options::default());
        g.rng = rigged(&[1]);
        g.apply(&Action::Target(h("0610"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        assert!(
            !g.actions()
                .iter()
                .any(|a| matches!(a, Action::DoubleFire(_)))
        );
        g.apply(&Action::Resolve).unwrap();
        assert!(!g.may_fire(0));
        assert_eq!(g.units[0].ammo.left, None);
    }

    #[test]
    fn a_halved_unit_spends_one_and_doubles_back_to_full_strength() {
        // An ARVN squad fires at half (1 point) [24.12]; two units of fire make it 2 [19.12].
        let mut g = duel(&on());
        g.units[0] = counter("arvn_squad", Side::Us, "0410");
        g.issue_fire();
        assert_eq!(g.attack_halves(0), 2);
        g.units[0].ammo.doubled = true;
        assert_eq!(g.fire_halves(0), 4, "full, not double");
        // A squad that moved and fires at half under 17.0 likewise comes back to 2.
        let both = Options {
            movement_and_fire: true,
            ..on()
        };
        let mut g = duel(&both);
        g.units[0].moved = true;
        g.units[0].spent = 3;
        assert_eq!(g.attack_halves(0), 2);
        g.units[0].ammo.doubled = true;
        assert_eq!(g.fire_halves(0), 4);
        // One that stayed put doubles its 2 to 4.
        g.units[0].moved = false;
        assert_eq!(g.fire_halves(0), 8);
    }

    /// A US squad at 0410 with face-up hard-core squads at 0610, 0608 (two hexes from it) and 0210
    /// (four hexes from 0610).
    fn three_targets() -> SearchDestroy {
        issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                face_up("hard_core", "0610"),
                face_up("hard_core", "0608"),
                face_up("hard_core", "0210"),
            ],
            Step::Combat(Side::Us),
            &on(),
        )
    }

    #[test]
    fn the_second_unit_of_fire_may_go_to_a_hex_near_the_first() {
        let mut g = three_targets();
        assert!(h("0610").distance(h("0608")) <= 2);
        assert!(h("0610").distance(h("0210")) > 2);
        for t in ["0610", "0608", "0210"] {
            assert!(g.firers(Side::Us, h(t)).contains(&0), "the squad sees {t}");
        }
        g.rng = rigged(&[1]);
        g.apply(&Action::Target(h("0610"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        g.apply(&Action::Resolve).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(5));
        // One hex between the targets at most [19.11].
        assert!(g.firers(Side::Us, h("0608")).contains(&0));
        assert!(!g.firers(Side::Us, h("0210")).contains(&0));
        assert!(
            !g.targets(Side::Us).contains(&h("0610")),
            "a hex is fired at once [6.15]"
        );
        // The second unit of fire is not doubled: it was the phase's last.
        g.rng = rigged(&[1]);
        g.apply(&Action::Target(h("0608"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        assert!(!g.actions().contains(&Action::DoubleFire(0)));
        g.apply(&Action::Resolve).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(4));
        assert!(!g.may_fire(0));
    }

    #[test]
    fn a_unit_out_of_ammunition_may_not_fire() {
        let mut g = duel(&on());
        g.units[0].ammo.left = Some(0);
        assert!(!g.may_fire(0));
        assert!(g.targets(Side::Us).is_empty());
        // With one left it fires once and may not double.
        g.units[0].ammo.left = Some(1);
        g.apply(&Action::Target(h("0610"))).unwrap();
        g.apply(&Action::AddFirer(0)).unwrap();
        assert!(!g.actions().contains(&Action::DoubleFire(0)));
    }

    #[test]
    fn a_searched_unit_without_ammunition_makes_no_surprise_attack() {
        let mut g = duel(&on());
        g.units[1].ammo.left = Some(0);
        assert!(g.surprise_firers(h("0610")).is_empty());
        g.units[1].ammo.left = Some(1);
        assert_eq!(g.surprise_firers(h("0610")), vec![1]);
    }

    /// The NLF Combat Phase with a hard-core squad holding one unit of fire at 0412, stacked
    /// with an Ammunition Cache, and a US squad at 0410.
    fn on_the_cache() -> SearchDestroy {
        let mut g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                face_up("hard_core", "0412"),
                counter("ammunition", Side::Nlf, "0412"),
            ],
            Step::Combat(Side::Nlf),
            &on(),
        );
        g.units[1].ammo.left = Some(1);
        g
    }

    #[test]
    fn an_nlf_unit_sitting_out_its_combat_phase_on_a_cache_fills_up() {
        let mut g = on_the_cache();
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[1].ammo.left, Some(4), "never beyond 4 [19.25]");
        assert!(g.units[2].on_map(), "the cache never runs dry [19.22]");
        let nlf = g.log.seen_by(Side::Nlf.seat());
        assert!(
            nlf.entries()
                .iter()
                .any(|e| e.english().contains("takes on 3 units"))
        );
        let us = g.log.seen_by(Side::Us.seat());
        assert!(
            !us.entries()
                .iter()
                .any(|e| e.english().contains("takes on"))
        );
    }

    #[test]
    fn firing_or_standing_elsewhere_refills_nothing() {
        let mut g = on_the_cache();
        g.rng = rigged(&[1]);
        g.apply(&Action::Target(h("0410"))).unwrap();
        g.apply(&Action::AddFirer(1)).unwrap();
        g.apply(&Action::Resolve).unwrap();
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[1].ammo.left, Some(0), "it fired");
        let mut g = on_the_cache();
        g.units[2].hex = Some(h("0413"));
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[1].ammo.left, Some(1), "no cache in its hex");
    }

    #[test]
    fn an_nlf_combat_unit_may_stop_on_its_ammunition_cache() {
        let mut g = on_the_cache();
        g.units[1].hex = Some(h("0413"));
        assert!(g.may_end(1, h("0412")));
        g.options.increased_fire = false;
        assert!(
            !g.may_end(1, h("0412")),
            "one counter per hex without the rule"
        );
    }

    /// The US Combat Phase with a US squad holding two units of fire on a supply at 0410.
    fn on_the_supply() -> SearchDestroy {
        let mut g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                counter("us_ammunition", Side::Us, "0410"),
                face_up("hard_core", "0430"),
            ],
            Step::Combat(Side::Us),
            &on(),
        );
        g.units[0].ammo.left = Some(2);
        g
    }

    #[test]
    fn a_us_unit_on_its_supply_draws_from_its_24_units() {
        let mut g = on_the_supply();
        assert_eq!(g.units[1].ammo.left, Some(24));
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(6));
        assert_eq!(g.units[1].ammo.left, Some(20));
    }

    #[test]
    fn a_pinned_unit_does_not_resupply_and_a_supply_runs_out() {
        let mut g = on_the_supply();
        g.units[0].pinned = true;
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(2), "pinned [19.23]");
        let mut g = on_the_supply();
        g.units[1].ammo.left = Some(3);
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(5), "only what was left");
        assert!(g.units[1].removed, "used up");
    }

    #[test]
    fn nobody_resupplies_from_the_enemy() {
        // A US squad on a face-up NLF cache, an NLF unit on a US supply [19.25].
        let mut g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                face_up("ammunition", "0410"),
                face_up("hard_core", "0420"),
                counter("us_ammunition", Side::Us, "0420"),
            ],
            Step::Combat(Side::Us),
            &on(),
        );
        g.units[0].ammo.left = Some(1);
        g.units[2].ammo.left = Some(1);
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[0].ammo.left, Some(1));
        g.step = Step::Combat(Side::Nlf);
        g.units[2].fired = false;
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.units[2].ammo.left, Some(1));
    }

    #[test]
    fn a_combat_unit_carries_the_supply_and_the_nlf_may_destroy_it() {
        let mut g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                counter("us_ammunition", Side::Us, "0410"),
                face_up("hard_core", "0420"),
                counter("us_ammunition", Side::Us, "0420"),
            ],
            Step::Movement(Side::Us),
            &on(),
        );
        g.units[0].mp = 12;
        assert!(g.actions().contains(&Action::PickUp { unit: 0, load: 1 }));
        g.step = Step::Movement(Side::Nlf);
        g.units[2].mp = 12;
        let destroy = Action::Destroy { unit: 2, cache: 3 };
        assert!(g.actions().contains(&destroy));
        g.apply(&destroy).unwrap();
        assert!(g.units[3].removed);
        assert_eq!(g.units[2].mp, 6, "for 6 movement points [5.41]");
        assert_eq!(g.points, [0, 0]);
    }

    /// The start of the US Movement Phase with a US squad at 0410 and a face-down hard-core
    /// squad at 0810, three hexes from the open hex 0510.
    fn before_moving() -> SearchDestroy {
        let mut g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                counter("hard_core", Side::Nlf, "0810"),
            ],
            Step::Movement(Side::Us),
            &on(),
        );
        g.units[0].mp = 12;
        g
    }

    #[test]
    fn a_supply_is_flown_in_at_the_start_of_the_movement_phase() {
        let mut g = before_moving();
        let drop = Action::DropSupply(h("0510"));
        assert!(g.actions().contains(&drop));
        assert!(
            !g.actions().contains(&Action::DropSupply(h("0410"))),
            "not on a counter"
        );
        assert!(
            !g.actions().contains(&Action::DropSupply(h("0113"))),
            "not in a forest"
        );
        // Once a unit has moved the phase has begun.
        let mut moved = g.clone();
        moved.units[0].moved = true;
        assert!(
            !moved
                .actions()
                .iter()
                .any(|a| matches!(a, Action::DropSupply(_)))
        );
        // The hard-core may fire at the helicopter; a miss sets the supply down.
        g.rng = rigged(&[1]);
        g.apply(&drop).unwrap();
        assert_eq!(g.step, Step::SupplyFire);
        assert_eq!(g.actor(), Some(Side::Nlf));
        g.apply(&Action::Target(h("0510"))).unwrap();
        g.apply(&Action::AddFirer(1)).unwrap();
        g.apply(&Action::Resolve).unwrap();
        assert_eq!(g.step, Step::Movement(Side::Us));
        let supply = g.units.len() - 1;
        assert!(g.units[supply].is("us_ammunition") && g.units[supply].on_map());
        assert_eq!(
            g.units[1].ammo.left,
            Some(3),
            "the shot cost a unit of fire"
        );
        assert!(g.units[1].face_up, "the firer is seen [6.31]");
        assert!(
            g.log
                .seen_by(Side::Us.seat())
                .entries()
                .iter()
                .any(|e| e.english().contains("is turned face-up")),
            "the US's log names what turned up, as after landing fire [6.31]"
        );
    }

    #[test]
    fn a_supply_helicopter_shot_down_loses_the_supply() {
        // Two hard-core squads (4) against 1 are at 4-1: a 6 shoots the helicopter down.
        let mut g = before_moving();
        g.units.push(counter("hard_core", Side::Nlf, "0811"));
        g.issue_fire();
        g.rng = rigged(&[6]);
        g.apply(&Action::DropSupply(h("0510"))).unwrap();
        g.apply(&Action::Target(h("0510"))).unwrap();
        g.apply(&Action::AddFirer(1)).unwrap();
        g.apply(&Action::AddFirer(2)).unwrap();
        g.apply(&Action::Resolve).unwrap();
        let supply = g.units.len() - 1;
        assert!(g.units[supply].removed);
        assert_eq!(g.points[1], 50, "a helicopter [7.2]");
        assert_eq!(g.supplies_left(), 2);
    }

    #[test]
    fn three_supplies_at_most_and_unopposed_ones_land_at_once() {
        let mut g = before_moving();
        g.units[1].hex = Some(h("4430"));
        for (n, hex) in ["0510", "0610", "0710"].into_iter().enumerate() {
            g.apply(&Action::DropSupply(h(hex))).unwrap();
            assert_eq!(g.step, Step::Movement(Side::Us), "nobody in range to fire");
            assert_eq!(g.supplies_left(), 2 - n as u8);
        }
        assert!(
            !g.actions()
                .iter()
                .any(|a| matches!(a, Action::DropSupply(_)))
        );
        assert_eq!(g.units.len(), 5, "three supply counters more");
    }

    #[test]
    fn a_supply_helicopter_waits_for_the_nlf_whenever_a_back_is_near() {
        // A face-down rice cache cannot fire, but the US cannot tell it from the hard-core:
        // the helicopter waits for the NLF all the same, which can only let it land [19.24].
        let mut g = before_moving();
        g.units[1] = counter("rice", Side::Nlf, "0810");
        g.apply(&Action::DropSupply(h("0510"))).unwrap();
        assert_eq!(g.step, Step::SupplyFire);
        assert_eq!(g.actions(), vec![Action::EndFire]);
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.step, Step::Movement(Side::Us));
        // A face-up militia squad may not fire at helicopters: nothing to wait for.
        let mut g = before_moving();
        g.units[1] = counter("militia", Side::Nlf, "0810");
        g.units[1].face_up = true;
        g.apply(&Action::DropSupply(h("0510"))).unwrap();
        assert_eq!(g.step, Step::Movement(Side::Us));
    }

    #[test]
    fn a_supply_carried_at_the_end_is_no_capture() {
        let mut g = issued(
            vec![
                counter("us_squad", Side::Us, "0410"),
                counter("us_ammunition", Side::Us, "0410"),
            ],
            Step::Combat(Side::Nlf),
            &on(),
        );
        g.units[0].carrying = Some(1);
        g.units[1].carried_by = Some(0);
        g.turn = g.last_turn;
        g.apply(&Action::EndFire).unwrap();
        assert_eq!(g.step, Step::Over);
        assert_eq!(g.points, [0, 0]);
        let lines = g.log.seen_by(Side::Us.seat());
        assert!(
            !lines
                .entries()
                .iter()
                .any(|e| e.english().contains("captured"))
        );
    }

    #[test]
    fn each_side_sees_only_its_own_units_of_fire() {
        let g = on_the_cache();
        let us = g.view(Side::Us.seat());
        assert_eq!(us.units[0].ammo.left, Some(6));
        assert!(us.units[1].ammo == super::Ammo::default());
        let nlf = g.view(Side::Nlf.seat());
        assert_eq!(nlf.units[1].ammo.left, Some(1));
        assert!(nlf.units[0].ammo == super::Ammo::default());
    }
}
