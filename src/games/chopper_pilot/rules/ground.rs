//! The Tactical Map after the helicopters have flown [8.2 steps 2-6]: initiative, the ground
//! units' one action each (the Enemy Orders Chart drives the enemy), fire at helicopters and
//! at ground units, forced landings on the map, air strikes and artillery with their scatter,
//! suppression, downed crews and the end of the tactical part.

use std::borrow::Cow;

use super::combat::{Order, c1_rolls, hits, orders, vs_ground, vs_helicopter};
use super::content::{Class, Side, SupportKind, System, data};
use super::hex::Hex;
use super::movement::Altitude;
use super::roll::{Modifier, roll, roll_in};
use super::spotting::ground_los;
use super::state::{ChopperPilot, Health, HeloStatus, Passenger, Phase};
use super::tactical::{Place, Strike, StrikeKind, Unit};
use super::words::cell_word;
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{msg, n_};

/// The turn limit after which crews still on the map are taken: the enemy closes in
/// (a bound the rulebook leaves open; ruling A59 keeps turns going while crews remain).
const LAST_TURN: u16 = 40;

/// Where a ground unit's target is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Helicopter(usize),
    Unit(u16),
    /// The hex under a helicopter: moved towards, never shot at.
    Hex(Hex),
}

impl ChopperPilot {
    /// The Helicopter Phase is over: rescue helicopters called by downed crews arrive, then
    /// the ground phases in initiative order, then supporting fire [8.2].
    pub(super) fn end_helicopter_phase(&mut self) {
        self.rescues_arrive();
        let (us, vn) = self.tac().chits;
        let pick = self.rng.below(u32::from(us + vn));
        let us_first = pick < u32::from(us);
        note!(
            self,
            "9.4",
            msg("Initiative: {side}").term(
                "side",
                if us_first {
                    n_("American")
                } else {
                    n_("Vietnamese")
                },
            ),
        );
        let order = if us_first {
            [Side::Us, Side::Enemy]
        } else {
            [Side::Enemy, Side::Us]
        };
        for side in order {
            self.ground_phase(side);
            if matches!(self.phase, Phase::PilotLost) {
                return;
            }
        }
        self.resolve_strikes(us_first);
        if matches!(self.phase, Phase::PilotLost) {
            return;
        }
        if self.support_targets().is_empty() {
            self.bookkeeping();
        } else {
            self.phase = Phase::Support;
        }
    }

    /// One side's ground units act, each once, those closest to the other side first; a unit
    /// in a suppressed hex does nothing [8.4, 9.5].
    fn ground_phase(&mut self, side: Side) {
        let mut ids: Vec<(i32, u16)> = self
            .tac()
            .units
            .iter()
            .filter(|u| u.spec().side == side && u.spec().class.fights())
            .map(|u| (self.nearest_opponent(u).unwrap_or(i32::MAX), u.id))
            .collect();
        ids.sort();
        for (_, id) in ids {
            let Some(u) = self.tac().unit(id).cloned() else {
                continue;
            };
            if self.tac().is_suppressed(u.hex) {
                continue;
            }
            match side {
                Side::Enemy => self.enemy_acts(&u),
                _ => self.friend_acts(&u),
            }
            self.check_pilot();
            if matches!(self.phase, Phase::PilotLost) {
                return;
            }
        }
        // Crews walk for the edge the flight came in by unless a rescue is on its way [9.5].
        if side == Side::Us {
            let crews: Vec<Unit> = self
                .tac()
                .units
                .iter()
                .filter(|u| u.spec().class == Class::Crew && u.rescue_turn.is_none())
                .cloned()
                .collect();
            for c in crews {
                if !self.tac().is_suppressed(c.hex) && !self.crew_waits(&c) {
                    self.crew_walks(&c);
                }
            }
        }
    }

    /// A crew stays where a Huey of the flight can still land beside it.
    fn crew_waits(&self, c: &Unit) -> bool {
        let t = self.tac();
        t.ground.may_land(c.hex)
            && t.places.iter().enumerate().any(|(h, p)| {
                matches!(p, Place::On(_) | Place::Off)
                    && self.mission().flight[h].free_boxes() > 0
                    && self.mission().flight[h].kind == super::content::HeloType::Huey
            })
    }

    fn nearest_opponent(&self, u: &Unit) -> Option<i32> {
        let side = u.spec().side;
        self.tac()
            .units
            .iter()
            .filter(|o| opposed(side, o.spec().side))
            .map(|o| o.hex.distance(u.hex))
            .min()
    }

    /// The enemy unit's target: a helicopter within its weapon's range first, the closest
    /// (then the lowest); otherwise the closest American unit or helicopter's hex [9.3, G12].
    fn enemy_target(&self, u: &Unit) -> Option<(Target, i32)> {
        let t = self.tac();
        let range = i32::from(u.spec().range);
        let heli = t
            .places
            .iter()
            .enumerate()
            .filter_map(|(h, p)| match p {
                Place::On(f) => Some((h, f)),
                _ => None,
            })
            .filter(|(_, f)| {
                let d = f.hex.distance(u.hex);
                d <= range && !(u.spec().class == Class::Rpg && f.altitude == Altitude::Medium)
            })
            .min_by_key(|(h, f)| (f.hex.distance(u.hex), f.altitude, *h));
        if let Some((h, f)) = heli {
            return Some((Target::Helicopter(h), f.hex.distance(u.hex)));
        }
        let ground = t
            .units
            .iter()
            .filter(|o| o.spec().side == Side::Us)
            .map(|o| (Target::Unit(o.id), o.hex.distance(u.hex), o.id as i64));
        let under = t.places.iter().filter_map(|p| match p {
            Place::On(f) => Some((Target::Hex(f.hex), f.hex.distance(u.hex), i64::MAX)),
            _ => None,
        });
        ground
            .chain(under)
            .min_by_key(|(_, d, tie)| (*d, *tie))
            .map(|(t, d, _)| (t, d))
    }

    /// G1: the enemy unit moves, shoots, or moves and shoots [8.4, 9.3, G12].
    fn enemy_acts(&mut self, u: &Unit) {
        let Some((target, d)) = self.enemy_target(u) else {
            return;
        };
        let goal = self.target_hex(target);
        let mp = u.spec().mp;
        match orders(u.spec().class, d) {
            Order::Shoot => {
                if !self.enemy_shoots(u.id, target, false) {
                    self.march(u.id, goal, 1, true);
                }
            }
            Order::MoveAndShoot => {
                self.march(u.id, goal, (mp / 2).max(1), false);
                let moved = self.tac().unit(u.id).is_some_and(|x| x.hex != u.hex);
                if let Some((t2, _)) = self
                    .tac()
                    .unit(u.id)
                    .cloned()
                    .and_then(|x| self.enemy_target(&x))
                {
                    self.enemy_shoots(u.id, t2, moved);
                }
            }
            Order::Move => self.march(u.id, goal, mp, true),
        }
    }

    fn target_hex(&self, t: Target) -> Hex {
        match t {
            Target::Helicopter(h) => self.tac().flying(h).map_or(self.tac().entry, |f| f.hex),
            Target::Unit(id) => self.tac().unit(id).map_or(self.tac().entry, |u| u.hex),
            Target::Hex(h) => h,
        }
    }

    /// An enemy unit fires at its target if it can; false when it could not.
    fn enemy_shoots(&mut self, id: u16, target: Target, moved: bool) -> bool {
        match target {
            Target::Helicopter(h) => self.enemy_fires_at_helicopter(id, h, moved),
            Target::Unit(t) => self.shoot_at_unit(id, t, moved),
            Target::Hex(_) => false,
        }
    }

    /// What enemy unit `id` needs on 1D10 to hit helicopter `h` where it is now, and the
    /// modifiers; `None` when it may not fire at it (range, an RPG at Medium) [9.3, G08].
    pub fn enemy_shot(&self, id: u16, h: usize, moved: bool) -> Option<(i32, Vec<Modifier>)> {
        let u = self.tac().unit(id)?;
        let f = self.tac().flying(h)?;
        vs_helicopter(
            u.spec(),
            f.hex.distance(u.hex),
            f.altitude,
            f.hovering,
            u.damaged,
            moved,
            self.weather_value(|w| w.enemy_vs_helicopter),
        )
    }

    /// A ground unit fires at a helicopter: its Unit Card, then C1 for each hit [9.3, 9.3.1].
    /// The firer is spotted for the rest of the mission [9.1].
    pub(super) fn enemy_fires_at_helicopter(&mut self, id: u16, h: usize, moved: bool) -> bool {
        let Some(u) = self.tac().unit(id).cloned() else {
            return false;
        };
        let Some((needed, m)) = self.enemy_shot(id, h, moved) else {
            return false;
        };
        let i = self.tac().unit_at(id).expect("listed");
        self.tac_mut().units[i].spotted = true;
        let (natural, mut dice) = super::roll::throw(&mut self.rng, super::content::Dice::D10);
        let hit = hits(natural, needed, &m);
        if self.log.keeps() {
            dice.extend(m.iter().map(|(r, v)| Random::Modifier {
                reason: r.clone(),
                value: *v,
            }));
            self.log.add_with(
                "9.3",
                msg("{unit} in {hex} fires at {helicopter}, needing {needed}: {result}")
                    .term("unit", super::ops::unit_name(&u.unit))
                    .arg("hex", self.hex_name(u.hex))
                    .arg("helicopter", self.mission().flight[h].name())
                    .arg("needed", needed)
                    .term("result", if hit { n_("hit") } else { n_("miss") }),
                dice,
            );
        }
        if hit {
            let mut fatal = false;
            for _ in 0..c1_rolls(u.spec().class) {
                fatal |= self.c1(h);
            }
            if fatal && self.mission().flight[h].flying() {
                self.tac_forced_landing(h);
            }
        }
        true
    }

    /// A ground unit fires at a ground unit: LOS (American units in between block), range,
    /// its Unit Card on the B2 grid [9.4.1, 9.4.2].
    pub(super) fn shoot_at_unit(&mut self, id: u16, target: u16, moved: bool) -> bool {
        let (Some(u), Some(t)) = (
            self.tac().unit(id).cloned(),
            self.tac().unit(target).cloned(),
        ) else {
            return false;
        };
        let d = u.hex.distance(t.hex);
        let Some((column, quality)) = vs_ground(u.spec(), d) else {
            return false;
        };
        let tac = self.tac();
        let blocks = |x: Hex| {
            tac.ground.blocks(x)
                || tac
                    .units_in(x)
                    .any(|o| o.spec().side == Side::Us && x != t.hex)
        };
        if !ground_los(u.hex, t.hex, blocks) {
            return false;
        }
        let m: Vec<Modifier> = [
            ("unit card", quality),
            ("reduced", if u.damaged { data().combat.reduced } else { 0 }),
            (
                "move and shoot",
                if moved {
                    data().combat.move_and_shoot
                } else {
                    0
                },
            ),
        ]
        .into_iter()
        .map(|(n, v)| (Cow::Borrowed(n), v))
        .collect();
        if self.log.keeps() {
            note!(
                self,
                "9.4",
                msg("{unit} in {hex} fires at {target} in {at}")
                    .term("unit", super::ops::unit_name(&u.unit))
                    .arg("hex", self.hex_name(u.hex))
                    .term("target", super::ops::unit_name(&t.unit))
                    .arg("at", self.hex_name(t.hex)),
            );
        }
        self.b2_attack(target, column, &m);
        true
    }

    /// An American unit fires at the closest enemy it sees in range; it holds its ground
    /// otherwise (the flight's ground units are played automatically: digest G12's targeting,
    /// applied to them).
    fn friend_acts(&mut self, u: &Unit) {
        let mut targets: Vec<(i32, u16)> = self
            .tac()
            .units
            .iter()
            .filter(|o| o.spec().side == Side::Enemy)
            .map(|o| (o.hex.distance(u.hex), o.id))
            .collect();
        targets.sort();
        for (_, t) in targets {
            if self.shoot_at_unit(u.id, t, false) {
                return;
            }
        }
    }

    /// A unit moves up to `mp` towards `goal` by the hex that brings it closest, never into a
    /// hex closed to it, full, or held by the other side; a full Move may always enter one
    /// hex [8.4, G07, G12].
    fn march(&mut self, id: u16, goal: Hex, mp: u8, full: bool) {
        let mut left = i32::from(mp);
        let mut first = full;
        loop {
            let Some(u) = self.tac().unit(id).cloned() else {
                return;
            };
            if u.hex.distance(goal) <= 1 {
                return;
            }
            let t = self.tac();
            let side = u.spec().side;
            let next = (0..6u8)
                .map(|d| u.hex.neighbour(d))
                .filter(|x| {
                    t.ground.passable(*x)
                        && t.units_in(*x).count() < 3
                        && !t.units_in(*x).any(|o| opposed(side, o.spec().side))
                })
                .filter(|x| x.distance(goal) < u.hex.distance(goal))
                .min_by_key(|x| (x.distance(goal), t.ground.ground_mp(*x), *x));
            let Some(next) = next else { return };
            let cost = i32::from(t.ground.ground_mp(next));
            if cost > left && !first {
                return;
            }
            left -= cost;
            first = false;
            let i = self.tac().unit_at(id).expect("listed");
            self.tac_mut().units[i].hex = next;
            if left <= 0 {
                return;
            }
        }
    }

    /// A crew counter walks towards the nearest hex of the entry edge; there it is safe
    /// [9.5].
    fn crew_walks(&mut self, c: &Unit) {
        let t = self.tac();
        let (w, h) = t.ground.layout.size();
        let goal = (0..w)
            .flat_map(|x| (0..h).map(move |y| Hex::from_offset(x, y)))
            .filter(|x| t.on_entry_edge(*x) && t.ground.passable(*x))
            .min_by_key(|x| (x.distance(c.hex), *x));
        let Some(goal) = goal else { return };
        if c.hex != goal {
            self.march(c.id, goal, c.spec().mp, true);
            // march stops one hex short of a goal it aims to fight over; a crew steps in.
            if let Some(u) = self.tac().unit(c.id).cloned()
                && u.hex.distance(goal) == 1
                && self.tac().units_in(goal).count() < 3
            {
                let i = self.tac().unit_at(c.id).expect("listed");
                self.tac_mut().units[i].hex = goal;
            }
        }
        if let Some(u) = self.tac().unit(c.id).cloned()
            && self.tac().on_entry_edge(u.hex)
        {
            self.crew_safe(c.id, false);
        }
    }

    /// A crew counter leaves the map safely (walked off or rescued) [9.5].
    /// A downed crew leaves the map safe: on foot by the entry edge, or `lifted` out by a
    /// rescue helicopter.
    fn crew_safe(&mut self, id: u16, lifted: bool) {
        let i = self.tac().unit_at(id).expect("listed");
        let u = self.tac_mut().units.remove(i);
        if u.objective {
            self.mission_mut().rescued += 1;
        }
        note!(
            self,
            "9.5",
            if lifted {
                msg("{unit} is lifted out by a rescue helicopter: safe")
            } else {
                msg("{unit} walks off the map by the entry edge: safe")
            }
            .term("unit", super::ops::unit_name(&u.unit)),
        );
    }

    // ------------------------------------------------------------------------ results

    /// One B2 roll against unit `id` [9.2.1]: its terrain and defence count.
    pub(super) fn b2_attack(&mut self, id: u16, column: &str, base: &[Modifier]) {
        let Some(t) = self.tac().unit(id).cloned() else {
            return;
        };
        let m = self.target_modifiers(&t, base);
        let col = data().table("B2").column(column).unwrap_or(0);
        let rolled = roll_in(&mut self.rng, &mut self.log, "B2", col, &m);
        let result = if rolled.modified < 1 {
            "miss"
        } else {
            &rolled.cells[col]
        };
        self.apply_result(id, result);
    }

    /// The modifiers of an attack on unit `t`: the attacker's (`base`), its hex's terrain and
    /// its own defence [9.2, 9.4.2].
    pub fn target_modifiers(&self, t: &Unit, base: &[Modifier]) -> Vec<Modifier> {
        let mut m = base.to_vec();
        m.push((Cow::Borrowed("terrain"), self.tac().ground.drm(t.hex)));
        m.push((Cow::Borrowed("defence"), t.spec().defense));
        m.retain(|(_, v)| *v != 0);
        m
    }

    /// B1 against every enemy unit in a hex (or every unit, for artillery) [9.2.2, 9.4.4].
    pub(super) fn b1_hex(&mut self, hex: Hex, base: &[Modifier], enemy_only: bool) {
        let ids: Vec<u16> = self
            .tac()
            .units_in(hex)
            .filter(|u| !enemy_only || u.spec().side == Side::Enemy)
            .map(|u| u.id)
            .collect();
        for id in ids {
            let Some(t) = self.tac().unit(id).cloned() else {
                continue;
            };
            let m = self.target_modifiers(&t, base);
            let rolled = roll(&mut self.rng, &mut self.log, "B1", &m);
            let result = if rolled.modified < 1 {
                "miss"
            } else {
                rolled.result()
            };
            self.apply_result(id, result);
        }
    }

    /// Rockets and artillery suppress every unit in the six hexes around [9.2.2, 9.4.4].
    pub(super) fn suppress_around(&mut self, hex: Hex) {
        for d in 0..6 {
            let n = hex.neighbour(d);
            if self.tac().units_in(n).next().is_some() {
                self.suppress(n);
            }
        }
    }

    fn suppress(&mut self, hex: Hex) {
        if !self.tac().is_suppressed(hex) {
            self.tac_mut().suppressed.push(hex);
        }
    }

    /// A combat result on a unit: SUP, DM, DM/SUP, DE [9.5].
    pub(super) fn apply_result(&mut self, id: u16, result: &str) {
        let Some(i) = self.tac().unit_at(id) else {
            return;
        };
        let u = self.tac().units[i].clone();
        if result.contains("sup") {
            self.suppress(u.hex);
        }
        let destroyed =
            result == "de" || (result.starts_with("dm") && (u.damaged || u.spec().steps < 2));
        if destroyed {
            self.destroy(i);
        } else if result.starts_with("dm") {
            self.tac_mut().units[i].damaged = true;
        }
        if result != "miss" && self.log.keeps() {
            note!(
                self,
                "9.5",
                msg("{unit} in {hex}: {result}")
                    .term("unit", super::ops::unit_name(&u.unit))
                    .arg("hex", self.hex_name(u.hex))
                    .term(
                        "result",
                        if destroyed {
                            n_("destroyed")
                        } else {
                            // The load checks every attack result against words.rs.
                            cell_word(result).unwrap_or_default()
                        },
                    ),
            );
        }
    }

    /// A counter is removed: the enemy's losses counted, a crew killed [9.5].
    fn destroy(&mut self, i: usize) {
        let u = self.tac_mut().units.remove(i);
        let spec = u.spec();
        let t = self.tac_mut();
        match spec.side {
            Side::Enemy => t.enemies_destroyed += 1,
            Side::Neutral if spec.class == Class::Villagers => t.villagers_killed += 1,
            _ => {}
        }
        if let Some(h) = u.crew_of {
            self.crew_killed(h);
        }
    }

    // -------------------------------------------------------------- forced landings (FL)

    /// A helicopter that can no longer fly over the Tactical Map: at Medium it crashes, at
    /// Low or NOE F2 with its modifiers, landed it is simply a wreck [9.5, ruling A15].
    pub(super) fn tac_forced_landing(&mut self, h: usize) {
        let f = self.tac().flying(h).cloned().expect("on the map");
        let name = self.mission().flight[h].name();
        let hanging = self.mission_mut().flight[h].strings.take();
        let result = match f.altitude {
            Altitude::Medium => "crash".to_owned(),
            Altitude::Landed => "landed".to_owned(),
            _ => {
                let m = self.f2_modifiers(h, f.altitude, f.hex);
                self.lucky_roll(h, "F2", &m, |r| r == "crash")
            }
        };
        self.tac_mut().places[h] = Place::Gone;
        self.tac_mut().activated[h] = true;
        if h == self.mission().yours {
            self.tac_mut().events = false;
        }
        if self.crash_or_hard_landing(h, &result) {
            return;
        }
        // A team on the strings shares its Huey's fate (ruling A27): it is on the ground with it.
        if let Some(p) = hanging {
            let hex = self.room_near(f.hex);
            let id = self.add_unit(&p.unit, hex, true, false);
            let i = self.tac().unit_at(id).expect("just placed");
            self.tac_mut().units[i].objective = p.objective;
            self.tac_mut().units[i].damaged = p.damaged;
        }
        self.mission_mut().flight[h].status = HeloStatus::Down;
        note!(
            self,
            "9.5",
            msg("{helicopter} is down at {hex}")
                .arg("helicopter", name)
                .arg("hex", self.hex_name(f.hex)),
        );
        let survivors = self.mission().flight[h]
            .seats
            .iter()
            .any(|s| !matches!(s.health, Health::Killed | Health::Captured));
        if survivors {
            let hex = self.room_near(f.hex);
            let id = self.add_unit("helo_crew", hex, true, false);
            let i = self.tac().unit_at(id).expect("just placed");
            self.tac_mut().units[i].crew_of = Some(h);
        }
        let passengers: Vec<Passenger> =
            self.mission_mut().flight[h].passengers.drain(..).collect();
        for p in passengers {
            let hex = self.room_near(f.hex);
            let id = self.add_unit(&p.unit, hex, true, false);
            let i = self.tac().unit_at(id).expect("just placed");
            let u = &mut self.tac_mut().units[i];
            u.damaged = p.damaged;
            u.objective = p.objective;
            u.crew_of = p.crew_of;
        }
    }

    /// The hex itself if it has room for one more ground unit (three at most), else the
    /// nearest that has [8.4].
    pub(super) fn room_near(&self, hex: Hex) -> Hex {
        let t = self.tac();
        t.ground
            .layout
            .place(hex, 0, 0, |x| {
                t.ground.passable(x) && t.units_in(x).count() < 3
            })
            .unwrap_or(hex)
    }

    /// The modifiers of F2 on the Tactical Map (digest G11).
    pub(super) fn f2_modifiers(&self, h: usize, altitude: Altitude, hex: Hex) -> Vec<Modifier> {
        let f2 = data().table("F2");
        let spec = data().helicopter(self.mission().flight[h].kind);
        let able = self.crew_can(h, |p| p.is_pilot());
        let damage = self.damage_drm(h, |e| e.f2);
        [
            (
                "Flying Ability",
                i32::from(self.best_skill(h, |m| m.flying, true)),
            ),
            (
                "altitude",
                if altitude == Altitude::Noe {
                    f2.value("noe")
                } else {
                    f2.value("low")
                },
            ),
            ("terrain", self.tac().ground.f2(hex)),
            ("airframe", spec.forced_landing_drm),
            ("damage", damage),
            ("no pilot", if able { 0 } else { f2.value("no_pilot") }),
        ]
        .into_iter()
        .filter(|(_, v)| *v != 0)
        .map(|(n, v)| (Cow::Borrowed(n), v))
        .collect()
    }

    // ------------------------------------------------------------- air strikes, artillery

    /// The hexes supporting fire may be called on now: spotted enemy units, never in or next
    /// to a hex with an American unit (ruling A11); only with support left, a radio that
    /// works, and for air strikes weather that allows them [9.4.3].
    pub(super) fn support_targets(&self) -> Vec<(SupportKind, u16)> {
        let t = self.tac();
        let s = &self.mission().support;
        let radio = t
            .places
            .iter()
            .enumerate()
            .any(|(h, p)| matches!(p, Place::On(_)) && !self.radio_out(h));
        if !radio {
            return Vec::new();
        }
        let air_ok = s.air > 0
            && !self
                .mission()
                .weather
                .as_ref()
                .and_then(|w| data().weather(w))
                .is_some_and(|w| w.no_air_strikes);
        let mut out = Vec::new();
        let mut hexes: Vec<Hex> = Vec::new();
        for u in &t.units {
            if !u.spotted || u.spec().side != Side::Enemy || hexes.contains(&u.hex) {
                continue;
            }
            if t.strikes.iter().any(|x| x.hex == u.hex) {
                continue;
            }
            let friendly_near = t
                .units
                .iter()
                .any(|o| o.spec().side == Side::Us && o.hex.distance(u.hex) <= 1);
            if friendly_near {
                continue;
            }
            hexes.push(u.hex);
            if air_ok {
                out.push((SupportKind::Air, u.id));
            }
            if s.artillery > 0 {
                out.push((SupportKind::Artillery, u.id));
            }
        }
        out
    }

    /// Places a strike marker on the unit's hex; it comes in next turn [9.4.3].
    pub(super) fn call_support(&mut self, kind: SupportKind, id: u16) {
        let hex = self.tac().unit(id).expect("listed").hex;
        let turn = self.tac().turn + 1;
        let s = &mut self.mission_mut().support;
        let strike = match kind {
            SupportKind::Air => {
                s.air -= 1;
                StrikeKind::Air { ordnance: None }
            }
            SupportKind::Artillery => {
                s.artillery -= 1;
                StrikeKind::Artillery
            }
        };
        self.tac_mut().strikes.push(Strike {
            kind: strike,
            hex,
            turn,
        });
        note!(
            self,
            "9.4.3",
            msg("{support} called on {hex} for next turn")
                .term("support", super::tactical::support_name(kind))
                .arg("hex", self.hex_name(hex)),
        );
    }

    /// T5a: the strikes and barrages due this turn, American first if the Americans have the
    /// initiative [9.4.3].
    fn resolve_strikes(&mut self, us_first: bool) {
        let turn = self.tac().turn;
        let (mut due, later): (Vec<Strike>, Vec<Strike>) = self
            .tac_mut()
            .strikes
            .drain(..)
            .partition(|s| s.turn == turn);
        self.tac_mut().strikes = later;
        due.sort_by_key(|s| (s.kind == StrikeKind::Mortar) == us_first);
        for s in due {
            match s.kind {
                StrikeKind::Artillery | StrikeKind::Mortar => self.artillery(s.hex),
                StrikeKind::Strafing => self.strafe(s.hex),
                StrikeKind::Air { ordnance } => self.air_strike(s.hex, ordnance),
            }
            self.check_pilot();
            if matches!(self.phase, Phase::PilotLost) {
                return;
            }
        }
    }

    /// The scatter of an artillery or mortar round: 1D10 on the diagram fixed to map north
    /// [9.4.4, G03].
    pub(super) fn scatter(&mut self, id: &str, hex: Hex, heading: u8) -> Hex {
        let diagram = data()
            .scatter
            .iter()
            .find(|s| s.id == id)
            .expect("checked: both scatter diagrams");
        let (n, dice) = super::roll::throw(&mut self.rng, super::content::Dice::D10);
        let cell = diagram.results[(n - 1) as usize].as_str();
        let direction = match cell {
            "n" | "ahead" => Some(0),
            "ne" | "right_long" => Some(1),
            "se" | "right_short" => Some(2),
            "s" | "behind" => Some(3),
            "sw" | "left_short" => Some(4),
            "nw" | "left_long" => Some(5),
            _ => None,
        };
        let to = direction.map_or(hex, |d| hex.neighbour((d + heading) % 6));
        self.log.add_with(
            "9.4.4",
            msg("Scatter: {result}, impact at {hex}")
                .terms("result", &super::words::shown(cell))
                .arg("hex", self.hex_name(to)),
            dice,
        );
        to
    }

    /// Artillery or mortars: scatter, B1 for every unit in the impact hex, everything around
    /// suppressed [9.4.4].
    fn artillery(&mut self, hex: Hex) {
        let impact = self.scatter("artillery", hex, 0);
        if self.tac().ground.layout.contains(impact) {
            self.b1_hex(impact, &[], false);
            self.suppress_around(impact);
        }
    }

    /// Strafing: no scatter; two B2 rolls on the 1-2 column for each enemy unit [9.4.3].
    fn strafe(&mut self, hex: Hex) {
        note!(
            self,
            "9.4.3",
            msg("Strafing run on {hex}").arg("hex", self.hex_name(hex)),
        );
        let ids: Vec<u16> = self
            .tac()
            .units_in(hex)
            .filter(|u| u.spec().side == Side::Enemy)
            .map(|u| u.id)
            .collect();
        let rolls = data().table("B2").value("strafing_rolls");
        for id in ids {
            for _ in 0..rolls {
                self.b2_attack(id, "1-2", &[]);
            }
        }
    }

    /// An air strike: A1 says what arrives (or that it is delayed), the marker scatters, A2
    /// for every unit under and beside it; a second ordnance comes in next turn [9.4.3].
    /// The strike runs from south to north: the marker's small-explosion half is the target
    /// hex, the large one the hex south of it.
    pub(super) fn air_strike(&mut self, hex: Hex, ordnance: Option<String>) {
        let turn = self.tac().turn;
        let ordnance = match ordnance {
            Some(o) => o,
            None => {
                let a1 = roll(&mut self.rng, &mut self.log, "A1", &[]);
                let (primary, secondary) = (a1.cells[1].clone(), a1.cells[2].clone());
                if primary == "delayed" {
                    self.tac_mut().strikes.push(Strike {
                        kind: StrikeKind::Air { ordnance: None },
                        hex,
                        turn: turn + 1,
                    });
                    return;
                }
                match secondary.as_str() {
                    "none" => {}
                    "strafing" => self.tac_mut().strikes.push(Strike {
                        kind: StrikeKind::Strafing,
                        hex,
                        turn: turn + 1,
                    }),
                    other => self.tac_mut().strikes.push(Strike {
                        kind: StrikeKind::Air {
                            ordnance: Some(other.to_owned()),
                        },
                        hex,
                        turn: turn + 1,
                    }),
                }
                primary
            }
        };
        let small = self.scatter("air_strike", hex, 0);
        let marker = [small, small.neighbour(3)];
        let a2 = data().table("A2");
        let mut done: Vec<u16> = Vec::new();
        let mut hexes: Vec<(Hex, &str)> = marker.iter().map(|h| (*h, "marker")).collect();
        for m in marker {
            for d in 0..6 {
                let n = m.neighbour(d);
                if !hexes.iter().any(|(x, _)| *x == n) {
                    hexes.push((n, "adjacent"));
                }
            }
        }
        for (x, band) in hexes {
            if !self.tac().ground.layout.contains(x) {
                continue;
            }
            let col = a2.column(&format!("{ordnance}_{band}")).unwrap_or(0);
            let ids: Vec<u16> = self
                .tac()
                .units_in(x)
                .map(|u| u.id)
                .filter(|id| !done.contains(id))
                .collect();
            for id in ids {
                done.push(id);
                let Some(u) = self.tac().unit(id).cloned() else {
                    continue;
                };
                let terrain = self.tac().ground.at(x);
                let drm = if ordnance == "napalm" && terrain.blocks_los && terrain.id != "village" {
                    0
                } else {
                    self.tac().ground.drm(x)
                };
                let m: Vec<Modifier> = [("terrain", drm), ("defence", u.spec().defense)]
                    .into_iter()
                    .filter(|(_, v)| *v != 0)
                    .map(|(n, v)| (Cow::Borrowed(n), v))
                    .collect();
                let rolled = roll_in(&mut self.rng, &mut self.log, "A2", col, &m);
                let result = rolled.cells[col].clone();
                self.apply_result(id, &result);
            }
        }
    }

    // ------------------------------------------------------------------------ bookkeeping

    /// T6: suppression lifts on 1D6 at most the best morale in the hex; jammed guns are
    /// cleared; downed crews radio for help; then the end check [8.2 step 6].
    pub(super) fn bookkeeping(&mut self) {
        let hexes = self.tac().suppressed.clone();
        let lull = self.tac().lull;
        for hex in hexes {
            let t = self.tac();
            let morale = t.units_in(hex).map(|u| u.spec().morale).max();
            let friendly = t.units_in(hex).all(|u| u.spec().side == Side::Us);
            let lifted = match morale {
                None => true,
                Some(_) if lull && friendly => true,
                Some(m) => {
                    let r = d6(&mut self.rng);
                    let ok = r.total <= i32::from(m);
                    self.log.add_with(
                        "9.5",
                        msg("Suppression at {hex}: {result}")
                            .arg("hex", self.hex_name(hex))
                            .term("result", if ok { n_("lifted") } else { n_("stays") }),
                        vec![Random::Dice(r)],
                    );
                    ok
                }
            };
            if lifted {
                self.tac_mut().suppressed.retain(|x| *x != hex);
            }
        }
        self.clear_jams();
        self.radio_calls();
        self.enemy_arrivals();
        self.end_check();
    }

    /// Jammed door guns and turrets clear on 1D6 from the flight's number, plus the
    /// gunner's Gunnery (C2).
    fn clear_jams(&mut self) {
        let from = i32::from(data().flight.jam_clear_from);
        for h in 0..self.mission().flight.len() {
            if self.tac().flying(h).is_none() {
                continue;
            }
            for (system, operator) in [
                (System::LeftGun, "left_gun"),
                (System::RightGun, "right_gun"),
                (System::Turret, "minigun"),
            ] {
                if self.mission().flight[h].boxes_checked(system) == 0 {
                    continue;
                }
                let heli = &self.mission().flight[h];
                let gunnery = data()
                    .helicopter(heli.kind)
                    .weapons
                    .iter()
                    .find(|w| w.id == operator)
                    .and_then(|w| heli.seats.iter().find(|s| s.position == w.operator))
                    .and_then(|s| s.member)
                    .map_or(0, |m| i32::from(self.crew[m].gunnery));
                let r = d6(&mut self.rng);
                let cleared = r.total + gunnery >= from;
                self.log.add_with(
                    "9.5",
                    msg("{helicopter}: clearing the {system}: {result}")
                        .arg("helicopter", self.mission().flight[h].name())
                        .term("system", system.name())
                        .term(
                            "result",
                            if cleared {
                                n_("cleared")
                            } else {
                                n_("still jammed")
                            },
                        ),
                    vec![Random::Dice(r)],
                );
                if cleared {
                    let heli = &mut self.mission_mut().flight[h];
                    heli.checked.retain(|(s, _)| *s != system);
                }
            }
        }
    }

    /// MACV-SOG has no Combat Event cards; its enemy comes all the same (ruling A28): from
    /// the campaign's turn, while your helicopter is on the map, a 1D6 roll may bring one
    /// unit of E2's column, 1D6 direction and 1D6 + n hexes from your helicopter, unspotted.
    pub(super) fn enemy_arrivals(&mut self) {
        let Some(a) = &data().campaign(self.campaign).arrivals else {
            return;
        };
        let yours = self.mission().yours;
        if self.tac().turn < a.from_turn || self.tac().flying(yours).is_none() {
            return;
        }
        if !super::roll::d6_test(&mut self.rng, &mut self.log, "11.1", a.on) {
            return;
        }
        let (from, facing) = self.your_reference();
        let units = self.e2(&a.column);
        let k = d6(&mut self.rng).total as u8;
        let n = d6(&mut self.rng).total as u8 + a.distance_plus;
        self.place_units(&units, from, super::hex::absolute(facing, k), n, false);
    }

    /// F4: each crew counter not suppressed and not already answered radios for help.
    fn radio_calls(&mut self) {
        let crews: Vec<Unit> = self
            .tac()
            .units
            .iter()
            .filter(|u| u.spec().class == Class::Crew && u.rescue_turn.is_none())
            .cloned()
            .collect();
        let f4 = data().table("F4");
        for c in crews {
            if self.tac().is_suppressed(c.hex) {
                continue;
            }
            let t = self.tac();
            let terrain = t.ground.at(c.hex);
            let open = terrain.landing && terrain.drm == 0;
            let near = t.units.iter().any(|u| {
                u.spec().side == Side::Enemy
                    && u.hex.distance(c.hex) <= f4.value("enemy_near_hexes")
            });
            let m: Vec<Modifier> = [
                (
                    "open ground",
                    if open { f4.value("open_ground") } else { 0 },
                ),
                ("enemy near", if near { f4.value("enemy_near") } else { 0 }),
            ]
            .into_iter()
            .filter(|(_, v)| *v != 0)
            .map(|(n, v)| (Cow::Borrowed(n), v))
            .collect();
            let rolled = roll(&mut self.rng, &mut self.log, "F4", &m);
            let turn = self.tac().turn;
            let when = match rolled.result() {
                "contact_next" => Some(turn + 1),
                "contact_late" => Some(turn + 2),
                _ => None,
            };
            if let Some(i) = self.tac().unit_at(c.id) {
                self.tac_mut().units[i].rescue_turn = when;
            }
        }
    }

    /// At the end of a Helicopter Phase the rescue helicopters called by radio arrive: the
    /// crew is lifted out if it can be landed beside and no unsuppressed enemy is within 2
    /// hexes; otherwise the rescue waves off [F4].
    fn rescues_arrive(&mut self) {
        let turn = self.tac().turn;
        let due: Vec<Unit> = self
            .tac()
            .units
            .iter()
            .filter(|u| u.rescue_turn == Some(turn))
            .cloned()
            .collect();
        for c in due {
            let t = self.tac();
            let hot = t.units.iter().any(|u| {
                u.spec().side == Side::Enemy
                    && u.hex.distance(c.hex) <= 2
                    && !t.is_suppressed(u.hex)
            });
            if t.ground.may_land(c.hex) && !hot {
                self.crew_safe(c.id, true);
            } else if let Some(i) = self.tac().unit_at(c.id) {
                self.tac_mut().units[i].rescue_turn = None;
                note!(self, "9.5", msg("The rescue helicopter waves off"));
            }
        }
    }

    /// The end check: every helicopter gone or off the map and every crew counter out or
    /// destroyed ends the tactical part; otherwise a new turn (ruling A59) [8.2, 8.8].
    fn end_check(&mut self) {
        let t = self.tac();
        let helicopters_done = t
            .places
            .iter()
            .all(|p| matches!(p, Place::Exited | Place::Gone));
        let crews_left = t.units.iter().any(|u| u.spec().class == Class::Crew);
        if helicopters_done && crews_left && t.turn >= LAST_TURN {
            let crews: Vec<u16> = t
                .units
                .iter()
                .filter(|u| u.spec().class == Class::Crew)
                .map(|u| u.id)
                .collect();
            for id in crews {
                let i = self.tac().unit_at(id).expect("listed");
                let u = self.tac_mut().units.remove(i);
                if let Some(h) = u.crew_of {
                    for s in &mut self.mission_mut().flight[h].seats {
                        if s.health != Health::Killed {
                            s.health = Health::Captured;
                        }
                    }
                    self.sync_crew(h);
                }
                note!(
                    self,
                    "9.5",
                    msg("{unit} is surrounded and captured")
                        .term("unit", super::ops::unit_name(&u.unit)),
                );
            }
            self.check_pilot();
            if matches!(self.phase, Phase::PilotLost) {
                return;
            }
            self.finish_tactical();
            return;
        }
        if helicopters_done && !crews_left {
            self.finish_tactical();
        } else {
            self.start_turn();
        }
    }
}

fn opposed(a: Side, b: Side) -> bool {
    matches!((a, b), (Side::Us, Side::Enemy) | (Side::Enemy, Side::Us))
}
