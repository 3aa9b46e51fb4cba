//! The fight over the target (digest 3.2 M11–M15, 3.3, 4.3, 4.8–4.9; rulebook p.10–14): the
//! aircraft take their Flight Paths, the Bandits come up, Intel removes defenses, the Over
//! Target event, then five turns of jettison, Fast attacks, the enemy's attacks with
//! suppression and evasion, Slow attacks, movement, leaving, and the Bandits' moves.

use super::cards::Status;
use super::content::{Altitude, Effect, Place, Rotation, Side, Speed, WeaponClass, data};
use super::display::{Area, AreaKind};
use super::state::*;
use crate::engine::log::Random;
use crate::engine::message::msg;

/// Navigation Error: the d10 faces 1–8 name the start area; 9–10 let the player choose.
const NAVIGATION: [Area; 8] = [
    Area::PN,
    Area::PNE,
    Area::PE,
    Area::PSE,
    Area::PS,
    Area::PSW,
    Area::PW,
    Area::PNW,
];

impl PhantomLeader {
    /// The flight arrives: place the aircraft (M11).
    pub(super) fn begin_fight(&mut self) {
        if self.mission.flags.navigation_error {
            let roll = d10(&mut self.rng);
            let forced = NAVIGATION.get(roll.total as usize - 1).copied();
            self.mission.fight.forced_start = forced;
            self.log.add_with(
                "M11",
                match forced {
                    Some(area) => msg("Navigation Error: every aircraft starts in {area}")
                        .term("area", area.name()),
                    None => msg("Navigation Error: the player picks the one start area"),
                },
                vec![Random::Dice(roll)],
            );
        }
        self.step = Step::Place;
        if self.next_to_place().is_none() {
            // Only aircraft kept off the display fly: nothing meets them over the target.
            self.home_bound_phase();
        }
    }

    /// The next flying aircraft still to be placed.
    pub fn next_to_place(&self) -> Option<usize> {
        self.mission.flying().find(|&i| {
            self.mission.flight[i].pos.is_none()
                && !self.mission.flight[i].left
                && !self.off_display(i)
        })
    }

    /// Where the next aircraft may start: any Pre-Approach area (the Navigation Error's
    /// area, or the area the first took when the player chose it), High or Low (Low only
    /// under Low Clouds) [p.10; events 17–18].
    pub fn start_options(&self) -> Vec<(Area, Altitude)> {
        let areas: Vec<Area> = match self.mission.fight.forced_start {
            Some(a) => vec![a],
            None if self.mission.flags.navigation_error && !self.mission.paths.is_empty() => {
                vec![self.mission.paths[0].start]
            }
            None => Area::ALL
                .into_iter()
                .filter(|a| a.kind() == AreaKind::PreApproach)
                .collect(),
        };
        let altitudes: &[Altitude] = if self.mission.flags.low_clouds {
            &[Altitude::Low]
        } else {
            &[Altitude::High, Altitude::Low]
        };
        areas
            .into_iter()
            .flat_map(|a| altitudes.iter().map(move |&h| (a, h)))
            .collect()
    }

    pub(super) fn place_aircraft(&mut self, sortie: usize, area: Area, altitude: Altitude) {
        let geometry = &data().geometry;
        let path = match self.mission.paths.iter().position(|p| p.start == area) {
            Some(p) => p,
            None => {
                self.mission.paths.push(FlightPath {
                    start: area,
                    exit: geometry.opposite(area),
                });
                self.mission.paths.len() - 1
            }
        };
        let s = &mut self.mission.flight[sortie];
        s.pos = Some(Position { area, altitude });
        s.path = path;
        self.log.add(
            "M11",
            msg("{pilot} starts in {area}, {altitude}")
                .arg("pilot", self.pilot_name(sortie))
                .term("area", area.name())
                .term("altitude", altitude_name(altitude)),
        );
        if self.next_to_place().is_none() {
            self.place_bandits();
        }
    }

    /// Bandits come up in the Approach areas and the Center (M12), the card's listed
    /// Bandits with them; then Escort Fighters or Intel.
    fn place_bandits(&mut self) {
        let c = data();
        let card = c.target(self.mission.target.expect("a target is chosen"));
        for area in Area::APPROACH {
            for _ in 0..card.bandits[0] {
                self.draw_defense(Side::Bandit, area);
            }
        }
        let centre = i32::from(card.bandits[1])
            + self.adjustment(|a| i32::from(a.center))
            + i32::from(self.mission.flags.extra_center_bandits);
        for _ in 0..centre.max(0) {
            self.draw_defense(Side::Bandit, Area::C);
        }
        for k in std::mem::take(&mut self.mission.reserved) {
            self.mission.bandits.push(Defense {
                counter: k,
                side: Side::Bandit,
                area: Area::C,
                angle: None,
                listed: true,
            });
        }
        if self.mission.flags.escort && !self.removable_bandits(false).is_empty() {
            self.step = Step::Escort;
        } else {
            self.start_intel();
        }
    }

    /// Bandits an event may take off: not listed; in an Approach area if it says so.
    pub fn removable_bandits(&self, approach_only: bool) -> Vec<usize> {
        (0..self.mission.bandits.len())
            .filter(|&i| {
                let d = &self.mission.bandits[i];
                !d.listed && (!approach_only || d.area.kind() == AreaKind::Approach)
            })
            .collect()
    }

    /// Takes a defense off the display, back to the cup (its angle to its cup).
    pub(super) fn remove_defense(&mut self, side: Side, index: usize, rule: &'static str) {
        let d = match side {
            Side::Site => self.mission.sites.remove(index),
            Side::Bandit => self.mission.bandits.remove(index),
        };
        if let Some(a) = d.angle {
            self.angle_cup.put_back(a);
        }
        self.defense_cup.put_back(d.counter);
        self.log.add(
            rule,
            msg("{defense} in {area} is removed")
                .term("defense", self.defense_name(&d))
                .term("area", d.area.name()),
        );
    }

    pub(super) fn escort_remove(&mut self, index: usize) {
        self.remove_defense(Side::Bandit, index, "M12");
        self.start_intel();
    }

    /// Intel's free destruction (M13): what the track reads, if anything can be removed.
    pub(super) fn start_intel(&mut self) {
        let note = self.intel();
        self.step = Step::Intel {
            sites: note.sites,
            bandits: note.bandits,
        };
        self.next_intel();
    }

    /// Areas where Intel may remove `side` now: the Center, or any one area unless the note
    /// says Center only [p.10; ].
    pub fn intel_areas(&self, side: Side) -> Vec<Area> {
        let Step::Intel { sites, bandits } = self.step else {
            return Vec::new();
        };
        let left = match side {
            Side::Site => sites,
            Side::Bandit => bandits,
        };
        if left == 0 {
            return Vec::new();
        }
        let list = match side {
            Side::Site => &self.mission.sites,
            Side::Bandit => &self.mission.bandits,
        };
        let centre_only = self.intel().center_only;
        let mut out: Vec<Area> = list
            .iter()
            .filter(|d| self.intel_may_hit(d) && (!centre_only || d.area == Area::C))
            .map(|d| d.area)
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Whether Intel may destroy a defense: not one the Target card lists, unless the
    /// optional rule says so (digest A-32).
    fn intel_may_hit(&self, d: &Defense) -> bool {
        !d.listed || self.options.intel_hits_listed
    }

    fn next_intel(&mut self) {
        if self.intel_areas(Side::Site).is_empty() && self.intel_areas(Side::Bandit).is_empty() {
            self.over_target_event();
        }
    }

    pub(super) fn intel_remove(&mut self, side: Side, area: Area) {
        let Step::Intel { sites, bandits } = self.step else {
            return;
        };
        let n = match side {
            Side::Site => sites,
            Side::Bandit => bandits,
        };
        for _ in 0..n {
            let list = match side {
                Side::Site => &self.mission.sites,
                Side::Bandit => &self.mission.bandits,
            };
            match list
                .iter()
                .position(|d| self.intel_may_hit(d) && d.area == area)
            {
                Some(i) => self.remove_defense(side, i, "M13"),
                None => break,
            }
        }
        self.step = match side {
            Side::Site => Step::Intel { sites: 0, bandits },
            Side::Bandit => Step::Intel { sites, bandits: 0 },
        };
        self.next_intel();
    }

    /// The Over Target event (M14): both parts, each as far as it can be done [p.5].
    pub(super) fn over_target_event(&mut self) {
        let card = self.draw_event(super::content::Phase::OverTarget);
        self.event_part(card, 0);
    }

    /// Resolves part `part` (0: a, 1: b) and the rest of the card, then the first turn.
    pub(super) fn event_part(&mut self, card: u8, part: u8) {
        let e = &data().events[usize::from(card) - 1].over_target;
        for p in part..2 {
            let effect = if p == 0 { &e.a } else { &e.b };
            if self.over_target_effect(card, p, effect) {
                return; // the player chooses; the card goes on after
            }
        }
        self.begin_turn(1);
    }

    /// Applies one part of an Over Target event; `true` when it waits for a choice.
    fn over_target_effect(&mut self, card: u8, part: u8, effect: &Effect) -> bool {
        match effect {
            Effect::None => {}
            Effect::AddSite {
                place,
                count,
                defense,
            } => {
                for area in self.event_areas(*place) {
                    for _ in 0..*count {
                        match defense {
                            Some(id) => self.place_from_cup(id, area),
                            None => self.draw_defense(Side::Site, area),
                        }
                    }
                }
            }
            Effect::AddBandit { place, count } => {
                for area in self.event_areas(*place) {
                    for _ in 0..*count {
                        self.draw_defense(Side::Bandit, area);
                    }
                }
            }
            Effect::RemoveSite { place, count } => {
                for area in self.event_areas(*place) {
                    for _ in 0..*count {
                        let here: Vec<usize> = (0..self.mission.sites.len())
                            .filter(|&i| {
                                let d = &self.mission.sites[i];
                                !d.listed && d.area == area
                            })
                            .collect();
                        if !here.is_empty() {
                            let i = here[self.rng.index(here.len())];
                            self.remove_defense(Side::Site, i, "M14");
                        }
                    }
                }
            }
            Effect::RemoveBandit { place, count } => match place {
                Place::Chosen | Place::ChosenApproach => {
                    let approach_only = *place == Place::ChosenApproach;
                    if !self.removable_bandits(approach_only).is_empty() {
                        self.step = Step::EventBandit {
                            card,
                            part,
                            approach_only,
                        };
                        return true;
                    }
                }
                _ => {
                    for area in self.event_areas(*place) {
                        for _ in 0..*count {
                            let here: Vec<usize> = self
                                .removable_bandits(false)
                                .into_iter()
                                .filter(|&i| self.mission.bandits[i].area == area)
                                .collect();
                            if !here.is_empty() {
                                let i = here[self.rng.index(here.len())];
                                self.remove_defense(Side::Bandit, i, "M14");
                            }
                        }
                    }
                }
            },
            Effect::MoveSite { from, to } => self.move_site(*from, *to),
            Effect::ExitShift { direction } => {
                let steps = match direction {
                    Rotation::Ccw => 1,
                    Rotation::Cw => -1,
                };
                let geometry = &data().geometry;
                for p in &mut self.mission.paths {
                    p.exit = geometry.ring_step(p.exit, steps);
                }
                self.log
                    .add("M14", msg("Every Exit counter moves one area"));
            }
            Effect::BanditsHold => self.mission.fight.bandits_hold = true,
            Effect::SiteRollFirstTurn { delta } => self.mission.fight.site_roll_turn1 = *delta,
            Effect::BanditsAdvance => {
                let centre: Vec<usize> = (0..self.mission.bandits.len())
                    .filter(|&i| self.mission.bandits[i].area == Area::C)
                    .collect();
                for i in centre {
                    self.bandit_step(i);
                }
            }
            Effect::TargetModifier { delta } => self.mission.flags.target_modifier += delta,
            other => unreachable!("checked at load: {other:?} is not an Over Target effect"),
        }
        false
    }

    /// The areas an event's place names; a random Approach area is rolled [digest 8.9].
    fn event_areas(&mut self, place: Place) -> Vec<Area> {
        match place {
            Place::Center => vec![Area::C],
            Place::EachApproach => Area::APPROACH.to_vec(),
            Place::RandomApproach => {
                let area = Area::APPROACH[self.rng.index(4)];
                self.log.add_with(
                    "8.9",
                    msg("The event falls on {area}").term("area", area.name()),
                    vec![Random::Pick {
                        picked: format!("{area:?}"),
                        out_of: 4,
                    }],
                );
                vec![area]
            }
            Place::ExitAreas => {
                let mut v: Vec<Area> = self.mission.paths.iter().map(|p| p.exit).collect();
                v.sort();
                v.dedup();
                v
            }
            Place::ChosenApproach | Place::Chosen | Place::ApproachSa2 => Vec::new(),
        }
    }

    /// Places a counter of a given Site from the cup, if one is left there.
    fn place_from_cup(&mut self, id: &str, area: Area) {
        let c = data();
        match self.defense_cup.take(|&k| c.defense_counters[k].site == id) {
            Some(k) => {
                self.place_site(k, area);
                self.log.add(
                    "M14",
                    msg("{site} placed in {area}")
                        .arg("site", c.defense(id).map_or(id, |d| d.name.as_str()))
                        .term("area", area.name()),
                );
            }
            None => self
                .log
                .add("M14", msg("No {site} is left in the cup").arg("site", id)),
        }
    }

    /// Puts a Site counter in an area, with a new Attack Angle where one is due [p.8].
    fn place_site(&mut self, counter: usize, area: Area) {
        let c = data();
        let spec = c
            .defense(&c.defense_counters[counter].site)
            .expect("counters are checked at load");
        let angle = if area.kind() == AreaKind::Approach && (1..=2).contains(&spec.range) {
            self.angle_cup.draw(&mut self.rng)
        } else {
            None
        };
        self.mission.sites.push(Defense {
            counter,
            side: Side::Site,
            area,
            angle,
            listed: false,
        });
    }

    /// Relocated Battery / SAM Relocation: a random unlisted Site moves [p.8; digest 8.9].
    fn move_site(&mut self, from: Place, to: Place) {
        let c = data();
        let movable: Vec<usize> = (0..self.mission.sites.len())
            .filter(|&i| {
                let d = &self.mission.sites[i];
                !d.listed
                    && match from {
                        Place::Center => d.area == Area::C,
                        Place::ApproachSa2 => {
                            d.area.kind() == AreaKind::Approach
                                && c.defense_counters[d.counter].site == "SA2"
                        }
                        _ => false,
                    }
            })
            .collect();
        if movable.is_empty() {
            return;
        }
        let i = movable[self.rng.index(movable.len())];
        let d = self.mission.sites.remove(i);
        if let Some(a) = d.angle {
            self.angle_cup.put_back(a);
        }
        let Some(&area) = self.event_areas(to).first() else {
            self.mission.sites.push(d);
            return;
        };
        self.log.add(
            "M14",
            msg("{site} moves from {from} to {to}")
                .term("site", self.defense_name(&d))
                .term("from", d.area.name())
                .term("to", area.name()),
        );
        self.place_site(d.counter, area);
    }

    pub(super) fn event_remove_bandit(&mut self, index: usize) {
        let Step::EventBandit { card, part, .. } = self.step else {
            return;
        };
        self.remove_defense(Side::Bandit, index, "M14");
        self.event_part(card, part + 1);
    }

    // -----------------------------------------------------------------------------------
    // The turns.

    /// Starts turn `turn` (T0): E-1/E-2 rolls, or straight to jettison.
    pub(super) fn begin_turn(&mut self, turn: u8) {
        let f = &mut self.mission.fight;
        f.attacked.clear();
        f.engaged.clear();
        f.fast.clear();
        f.rolled_fast.clear();
        f.high.clear();
        f.moved.clear();
        self.mission.turn = turn;
        if turn == 1
            && let Some(i) = self.mission.flags.hot_pilot
        {
            self.mission.fight.fast.push(i);
        }
        self.log
            .add("T0", msg("Over Target turn {turn}").arg("turn", turn));
        self.step = Step::FastRoll;
        if self.fast_rolls().is_empty() {
            self.jettison_step();
        }
    }

    /// (E-1/E-2 sortie, Slow sortie) pairs that may roll now [p.20].
    pub fn fast_rolls(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let directors: Vec<usize> = self
            .mission
            .flying()
            .filter(|&i| self.mission.flight[i].pos.is_some() || self.off_display(i))
            .collect();
        for by in directors {
            let p = &self.squadron[self.mission.flight[by].squad];
            if p.status() == Status::Unfit
                || !p.card().aircraft.fast_on.contains_key(&p.level)
                || self.mission.fight.rolled_fast.contains(&by)
            {
                continue;
            }
            for i in self.mission.on_display() {
                if self.speed_now(i) == Some(Speed::Slow) {
                    out.push((by, i));
                }
            }
        }
        out
    }

    pub(super) fn fast_roll(&mut self, by: usize, pilot: usize) {
        let p = &self.squadron[self.mission.flight[by].squad];
        let need = i32::from(p.card().aircraft.fast_on[&p.level]);
        let roll = d10(&mut self.rng);
        let fast = roll.total >= need;
        self.mission.fight.rolled_fast.push(by);
        if fast {
            self.mission.fight.fast.push(pilot);
        }
        self.log.add_with(
            "T0",
            if fast {
                msg("{by} directs {pilot}: Fast this turn")
            } else {
                msg("{by} directs {pilot}: no change")
            }
            .arg("by", self.pilot_name(by))
            .arg("pilot", self.pilot_name(pilot)),
            vec![Random::Dice(roll)],
        );
        if self.fast_rolls().is_empty() {
            self.jettison_step();
        }
    }

    /// Jettison (T1) is offered only when someone carries munitions or may take the
    /// High-Stress bonus; else the Fast attacks.
    pub(super) fn jettison_step(&mut self) {
        self.step = Step::Jettison;
        if self.droppable().is_empty() && !self.high_stress_open() {
            self.attacks(true);
        }
    }

    /// (sortie, weapon) pairs of munitions an aircraft on the display may drop.
    pub fn droppable(&self) -> Vec<(usize, usize)> {
        let c = data();
        let mut out = Vec::new();
        for i in self.mission.on_display() {
            for &w in &self.mission.flight[i].load {
                if c.weapons[w].class != WeaponClass::Pod && !out.contains(&(i, w)) {
                    out.push((i, w));
                }
            }
        }
        out
    }

    pub(super) fn drop_munition(&mut self, sortie: usize, weapon: usize) {
        self.take_counter(sortie, weapon);
        self.log.add(
            "T1",
            msg("{pilot} jettisons {weapon}")
                .arg("pilot", self.pilot_name(sortie))
                .term("weapon", data().weapons[weapon].name.as_str()),
        );
    }

    /// Sorties that may still take the High-Stress bonus this turn [p.17].
    pub fn high_stress_takers(&self) -> Vec<usize> {
        if !self.options.high_stress {
            return Vec::new();
        }
        let f = &self.mission.fight;
        self.mission
            .on_display()
            .filter(|i| !f.high.contains(i) && !f.engaged.contains(i))
            .filter(|&i| self.squadron[self.mission.flight[i].squad].status() != Status::Unfit)
            .collect()
    }

    fn high_stress_open(&self) -> bool {
        !self.high_stress_takers().is_empty()
    }

    pub(super) fn take_high_stress(&mut self, sortie: usize) {
        let squad = self.mission.flight[sortie].squad;
        self.squadron[squad].add_stress(1);
        self.mission.fight.high.push(sortie);
        self.log.add(
            "6",
            msg("{pilot} presses hard: +1 Stress, +1 to his rolls this turn")
                .arg("pilot", self.pilot_name(sortie)),
        );
        self.check_unfit(sortie);
    }

    /// The attack step of one speed (T2/T4), or what follows when nobody can attack.
    pub(super) fn attacks(&mut self, fast: bool) {
        self.step = Step::Attacks { fast };
        if self.attackers(fast).is_empty() {
            self.end_attacks(fast);
        }
    }

    /// Sorties of that speed that may still attack this turn.
    pub fn attackers(&self, fast: bool) -> Vec<usize> {
        self.mission
            .on_display()
            .filter(|&i| self.may_attack(fast, i))
            .collect()
    }

    /// Whether a sortie on the display is one of [`Self::attackers`].
    fn may_attack(&self, fast: bool, sortie: usize) -> bool {
        self.yet_to_attack(fast, sortie) && self.can_attack(sortie)
    }

    /// Whether a sortie has not attacked this turn and flies at the speed of the attack
    /// step (Fast or Slow): [`Self::may_attack`] but for having something to attack.
    pub(super) fn yet_to_attack(&self, fast: bool, sortie: usize) -> bool {
        let speed = if fast { Speed::Fast } else { Speed::Slow };
        !self.mission.fight.attacked.contains(&sortie) && self.speed_now(sortie) == Some(speed)
    }

    /// Whether this sortie may attack in the current attack step.
    pub fn attacks_now(&self, sortie: usize) -> bool {
        match self.step {
            Step::Attacks { fast } => {
                self.mission.on_display().any(|i| i == sortie) && self.may_attack(fast, sortie)
            }
            _ => false,
        }
    }

    pub(super) fn end_attacks(&mut self, fast: bool) {
        if fast {
            self.start_enemy();
        } else {
            self.start_moves();
        }
    }

    /// One aircraft's attack: counters expended, rolls, results [p.11–12].
    pub(super) fn attack(&mut self, sortie: usize, aim: Aim, arms: &Arms) {
        let Step::Attacks { fast } = self.step else {
            return;
        };
        self.mission.fight.attacked.push(sortie);
        self.mission.fight.engaged.push(sortie);
        let label = self.aim_label(aim);
        let shots = self.roll_attack(sortie, aim, arms, false);
        let hits: u8 = shots.iter().map(|s| s.hits).sum();
        for shot in &shots {
            let weapon = shot.weapon.map_or(msg("guns"), |w| {
                msg("{w}").term("w", data().weapons[w].name.as_str())
            });
            self.log.add_with(
                "4.6",
                msg("{pilot} attacks {aim} with {weapon}: hits {hits}")
                    .arg("pilot", self.pilot_name(sortie))
                    .message("aim", label.clone())
                    .message("weapon", weapon)
                    .arg("hits", shot.hits),
                Self::shot_random(shot),
            );
        }
        self.apply_hits(aim, hits);
        if self.attackers(fast).is_empty() {
            self.end_attacks(fast);
        }
    }

    /// Hits on the target add up; one hit destroys a Site or a Bandit, which the card's
    /// special scoring may count [p.11–12; digest 8.5].
    pub(super) fn apply_hits(&mut self, aim: Aim, hits: u8) {
        if hits == 0 {
            return;
        }
        let c = data();
        let scoring = self
            .mission
            .target
            .map_or(super::content::Scoring::Card, |n| c.target(n).scoring);
        use super::content::Scoring;
        match aim {
            Aim::Target => {
                self.mission.hits = self.mission.hits.saturating_add(hits);
                self.log.add(
                    "4.6",
                    msg("Hits on the target: {hits}").arg("hits", self.mission.hits),
                );
            }
            Aim::Site(i) => {
                let d = self.mission.sites[i].clone();
                let bonus = match scoring {
                    Scoring::Sites => 1,
                    Scoring::ListedSa2
                        if d.listed && c.defense_counters[d.counter].site == "SA2" =>
                    {
                        3
                    }
                    _ => 0,
                };
                self.remove_defense(Side::Site, i, "4.6");
                self.score_kill(bonus);
            }
            Aim::Bandit(i) => {
                self.remove_defense(Side::Bandit, i, "4.6");
                self.score_kill(if scoring == Scoring::Bandits { 2 } else { 0 });
            }
        }
    }

    fn score_kill(&mut self, bonus: u8) {
        if bonus > 0 {
            self.mission.hits = self.mission.hits.saturating_add(bonus);
            self.log.add(
                "8.5",
                msg("The kill adds {bonus} to the hits on the target: {hits} now")
                    .arg("bonus", bonus)
                    .arg("hits", self.mission.hits),
            );
        }
    }

    // -----------------------------------------------------------------------------------
    // The enemy's attacks (T3).

    /// Every Site, then every Bandit, in area order C, AN, AE, AS, AW, then the rest.
    fn start_enemy(&mut self) {
        let mut queue = Vec::new();
        for side in [Side::Site, Side::Bandit] {
            if side == Side::Bandit && self.mission.turn == 1 && self.mission.fight.bandits_hold {
                continue;
            }
            let list = match side {
                Side::Site => &self.mission.sites,
                Side::Bandit => &self.mission.bandits,
            };
            let mut order: Vec<usize> = (0..list.len()).collect();
            order.sort_by_key(|&i| list[i].area);
            queue.extend(order.into_iter().map(|index| Attacker { side, index }));
        }
        self.mission.fight.queue = queue;
        self.mission.fight.killed.clear();
        self.mission.fight.usual_order = false;
        self.next_enemy();
    }

    /// The attackers still to fire this turn that have an aircraft to fire at.
    pub fn ready_attackers(&self) -> Vec<Attacker> {
        self.mission
            .fight
            .queue
            .iter()
            .copied()
            .filter(|&a| self.ready(a))
            .collect()
    }

    /// Whether an attacker of the queue may fire: not shot down, with an aircraft to fire at.
    pub(super) fn ready(&self, a: Attacker) -> bool {
        (a.side == Side::Site || !self.mission.fight.killed.contains(&a.index))
            && !self.enemy_candidates(a).is_empty()
    }

    /// The player's pick of the next attacker: it goes to the head of the queue.
    pub(super) fn fires_next(&mut self, a: Attacker) {
        self.mission.fight.queue.retain(|&x| x != a);
        self.mission.fight.queue.insert(0, a);
        self.next_enemy_now();
    }

    /// The next enemy attack. When two or more Sites or Bandits could fire, the player says
    /// which fires first, since the order matters to his suppressions; he may let the
    /// rest come in the usual order (Sites then Bandits, C, AN, AE, AS, AW).
    pub(super) fn next_enemy(&mut self) {
        if !self.mission.fight.usual_order && self.ready_attackers().len() > 1 {
            self.step = Step::EnemyOrder;
            return;
        }
        self.next_enemy_now();
    }

    /// The attack at the head of the queue: its target, the turret and ECM; then the
    /// player's reactions.
    fn next_enemy_now(&mut self) {
        loop {
            if self.mission.fight.queue.is_empty() {
                self.end_enemy();
                return;
            }
            let a = self.mission.fight.queue.remove(0);
            if a.side == Side::Bandit && self.mission.fight.killed.contains(&a.index) {
                continue;
            }
            let candidates = self.enemy_candidates(a);
            if candidates.is_empty() {
                continue;
            }
            let target = self.pick_aircraft(&candidates);
            let name = self.defense_name(self.attacker(a));
            self.log.add_with(
                "T3.1",
                msg("The {attacker} in {area} attacks {pilot}")
                    .term("attacker", name)
                    .term("area", self.attacker(a).area.name())
                    .arg("pilot", self.pilot_name(target)),
                vec![Random::Pick {
                    picked: self.pilot_name(target).to_owned(),
                    out_of: candidates.len(),
                }],
            );
            if self.turret(a, target) || self.ecm(target) {
                self.next_enemy();
                return;
            }
            if !self.suppressions(a).is_empty() {
                self.step = Step::Suppress {
                    attacker: a,
                    target,
                };
            } else {
                self.step = Step::Evade {
                    attacker: a,
                    target,
                };
            }
            return;
        }
    }

    /// The A-3's turret fires first at a Bandit at range 0 about to attack it; a hit
    /// destroys the Bandit [p.19; digest 8.3].
    fn turret(&mut self, a: Attacker, target: usize) -> bool {
        let s = &self.mission.flight[target];
        let p = &self.squadron[s.squad];
        if a.side != Side::Bandit
            || !p.card().aircraft.turret
            || p.status() == Status::Unfit
            || s.pos.map(|x| x.area) != Some(self.attacker(a).area)
        {
            return false;
        }
        let ata = p.card().row(p.stress).and_then(|r| r.ata).unwrap_or(0);
        let roll = d10(&mut self.rng);
        let hit = roll.total + i32::from(ata) >= 10;
        self.log.add_with(
            "T3.2",
            if hit {
                msg("{pilot}'s turret shoots the Bandit down")
            } else {
                msg("{pilot}'s turret misses")
            }
            .arg("pilot", self.pilot_name(target)),
            vec![
                Random::Dice(roll),
                Random::Modifier {
                    reason: "AtA".into(),
                    value: i32::from(ata),
                },
            ],
        );
        if hit {
            self.mission.fight.killed.push(a.index);
        }
        hit
    }

    /// An ECM Pod negates the attack on an unmodified 6+ [p.21].
    fn ecm(&mut self, target: usize) -> bool {
        let c = data();
        let Some(need) = self.mission.flight[target]
            .load
            .iter()
            .find_map(|&w| c.weapons[w].negate_on)
        else {
            return false;
        };
        let roll = d10(&mut self.rng);
        let negated = roll.total >= i32::from(need);
        self.log.add_with(
            "T3.3",
            if negated {
                msg("{pilot}'s ECM Pod negates the attack")
            } else {
                msg("{pilot}'s ECM Pod does not help")
            }
            .arg("pilot", self.pilot_name(target)),
            vec![Random::Dice(roll)],
        );
        negated
    }

    /// A suppression try: any hit cancels the attack [p.13].
    pub(super) fn suppress(&mut self, sortie: usize, arms: &Arms) {
        let Step::Suppress { attacker, target } = self.step else {
            return;
        };
        let aim = attacker.aim();
        if !self.mission.fight.engaged.contains(&sortie) {
            self.mission.fight.engaged.push(sortie);
        }
        let shots = self.roll_attack(sortie, aim, arms, true);
        let hit = shots.iter().any(|s| s.hits > 0);
        for shot in &shots {
            self.log.add_with(
                "T3.4",
                if shot.hits > 0 {
                    msg("{pilot} suppresses the attack")
                } else {
                    msg("{pilot}'s suppression fails")
                }
                .arg("pilot", self.pilot_name(sortie)),
                Self::shot_random(shot),
            );
        }
        if hit {
            self.next_enemy();
        } else {
            self.step = Step::Evade { attacker, target };
        }
    }

    /// The enemy's roll, with or without evasion, and its result [p.13].
    pub(super) fn enemy_roll(&mut self, evade: bool) {
        let (Step::Evade { attacker, target } | Step::Suppress { attacker, target }) = self.step
        else {
            return;
        };
        let c = data();
        let squad = self.mission.flight[target].squad;
        if evade {
            self.squadron[squad].add_stress(i32::from(c.tables.combat.evasion_stress));
        }
        let roll = if evade {
            lower_of_two(&mut self.rng)
        } else {
            d10(&mut self.rng)
        };
        let modifiers = self.enemy_modifiers(attacker.side, target);
        let total = roll.total + modifiers.iter().map(|m| m.1).sum::<i32>();
        let mut random = vec![Random::Dice(roll)];
        random.extend(modifiers.iter().map(|&(reason, value)| Random::Modifier {
            reason: reason.into(),
            value,
        }));
        let spec = self.defense_spec(self.attacker(attacker));
        let numbers = [spec.attack[0], spec.attack[1], spec.attack[2]];
        let name = spec.name.as_str();
        let result = self.enemy_result(target, total, numbers, super::content::Phase::OverTarget);
        self.log.add_with(
            "T3.6",
            if evade {
                msg("{attacker} on {pilot}, evading: {result}")
            } else {
                msg("{attacker} on {pilot}: {result}")
            }
            .term("attacker", name)
            .arg("pilot", self.pilot_name(target))
            .message("result", result),
            random,
        );
        if self.mission.flight[target].fate != Fate::Flying {
            self.mission.flight[target].pos = None;
        } else {
            self.check_unfit(target);
        }
        self.next_enemy();
    }

    /// An Unfit pilot keeps only his pods [p.13].
    pub(super) fn check_unfit(&mut self, sortie: usize) {
        let c = data();
        let squad = self.mission.flight[sortie].squad;
        if self.squadron[squad].status() == Status::Unfit {
            let s = &mut self.mission.flight[sortie];
            let before = s.load.len();
            s.load.retain(|&w| c.weapons[w].class == WeaponClass::Pod);
            if s.load.len() != before {
                self.log.add(
                    "4.7",
                    msg("{pilot} is Unfit: his munitions are gone")
                        .arg("pilot", self.pilot_name(sortie)),
                );
            }
        }
    }

    fn end_enemy(&mut self) {
        let mut killed = std::mem::take(&mut self.mission.fight.killed);
        killed.sort_unstable();
        killed.dedup();
        let scoring = self.mission.target.map(|n| data().target(n).scoring);
        for &i in killed.iter().rev() {
            self.remove_defense(Side::Bandit, i, "T3.2");
            if scoring == Some(super::content::Scoring::Bandits) {
                self.score_kill(2);
            }
        }
        if self.mission.on_display().next().is_none() {
            self.end_turn();
            return;
        }
        self.attacks(false);
    }

    // -----------------------------------------------------------------------------------
    // Movement, leaving, Bandits (T5–T7).

    fn start_moves(&mut self) {
        self.step = Step::Move;
        if self.movers().is_empty() {
            self.start_leaving();
        }
    }

    /// Sorties still to move this turn.
    pub fn movers(&self) -> Vec<usize> {
        self.mission
            .on_display()
            .filter(|i| !self.mission.fight.moved.contains(i))
            .collect()
    }

    /// Whether a sortie is one of [`Self::movers`].
    pub(super) fn moves_now(&self, sortie: usize) -> bool {
        self.mission
            .flight
            .get(sortie)
            .is_some_and(Sortie::on_display)
            && !self.mission.fight.moved.contains(&sortie)
    }

    /// Where a sortie may go this turn: its own or an adjacent area, either altitude;
    /// turn 4 empties the Center, turn 5 the Approach areas [p.13]; and a legal exit must
    /// stay within reach unless no move keeps it so.
    pub fn move_options(&self, sortie: usize) -> Vec<(Area, Altitude)> {
        let g = &data().geometry;
        let Some(pos) = self.mission.flight[sortie].pos else {
            return Vec::new();
        };
        let turn = self.mission.turn;
        let forced = |to: Area| match pos.area.kind() {
            AreaKind::Center if turn >= 4 => to != Area::C,
            AreaKind::Approach if turn >= 5 => to.kind() == AreaKind::PreApproach,
            _ => true,
        };
        let areas: Vec<Area> = std::iter::once(pos.area)
            .chain(g.neighbours(pos.area))
            .filter(|&a| forced(a))
            .collect();
        let path = self.mission.paths.get(self.mission.flight[sortie].path);
        let left = i32::from(g.turns) - i32::from(turn);
        let reach = |a: Area| {
            path.is_some_and(|p| {
                g.exits_around(p.exit)
                    .iter()
                    .any(|&e| i32::from(g.distance(a, e)) <= left)
            })
        };
        let reachable: Vec<Area> = areas
            .iter()
            .copied()
            .filter(|&a| left <= 0 || reach(a))
            .collect();
        let areas = if reachable.is_empty() {
            areas
        } else {
            reachable
        };
        areas
            .into_iter()
            .flat_map(|a| [(a, Altitude::High), (a, Altitude::Low)])
            .collect()
    }

    pub(super) fn move_aircraft(&mut self, sortie: usize, area: Area, altitude: Altitude) {
        let s = &mut self.mission.flight[sortie];
        let from = s.pos;
        s.pos = Some(Position { area, altitude });
        self.mission.fight.moved.push(sortie);
        if from != s.pos {
            self.log.add(
                "T5",
                msg("{pilot} moves to {area}, {altitude}")
                    .arg("pilot", self.pilot_name(sortie))
                    .term("area", area.name())
                    .term("altitude", altitude_name(altitude)),
            );
        }
        if self.movers().is_empty() {
            self.start_leaving();
        }
    }

    /// Every sortie that has not moved stays where it is, when staying is allowed.
    pub fn may_hold(&self) -> bool {
        self.movers().iter().all(|&i| {
            let pos = self.mission.flight[i].pos;
            self.move_options(i).iter().any(|&(a, h)| {
                Some(Position {
                    area: a,
                    altitude: h,
                }) == pos
            })
        })
    }

    pub(super) fn hold_the_rest(&mut self) {
        for i in self.movers() {
            self.mission.fight.moved.push(i);
        }
        self.start_leaving();
    }

    /// Sorties in a legal exit area that may leave now.
    pub fn leavers(&self) -> Vec<usize> {
        self.mission
            .on_display()
            .filter(|&i| {
                let area = self.mission.flight[i].pos.map_or(Area::C, |p| p.area);
                self.exit_allowed(i, area)
            })
            .collect()
    }

    fn start_leaving(&mut self) {
        self.step = Step::Leave;
        if self.leavers().is_empty() || self.mission.turn >= data().geometry.turns {
            self.end_turn();
        }
    }

    pub(super) fn leave(&mut self, sortie: usize) {
        let s = &mut self.mission.flight[sortie];
        let area = s.pos.map_or(Area::C, |p| p.area);
        s.pos = None;
        s.left = true;
        self.log.add(
            "4.9",
            msg("{pilot} leaves the display from {area}")
                .arg("pilot", self.pilot_name(sortie))
                .term("area", area.name()),
        );
        if self.leavers().is_empty() {
            self.end_turn();
        }
    }

    /// Bandits move (T6) and the turn advances (T7); after turn 5 everyone leaves.
    pub(super) fn end_turn(&mut self) {
        if self.mission.on_display().next().is_some() {
            for i in 0..self.mission.bandits.len() {
                self.bandit_move(i);
            }
        }
        if self.mission.turn >= data().geometry.turns {
            for i in self.mission.on_display().collect::<Vec<_>>() {
                self.leave_quietly(i);
            }
        }
        if self.mission.on_display().next().is_none() {
            self.home_bound_phase();
        } else {
            self.begin_turn(self.mission.turn + 1);
        }
    }

    fn leave_quietly(&mut self, sortie: usize) {
        let s = &mut self.mission.flight[sortie];
        s.pos = None;
        s.left = true;
        self.log.add(
            "4.9",
            msg("{pilot} leaves the display at the end of turn 5")
                .arg("pilot", self.pilot_name(sortie)),
        );
    }

    /// A Bandit with no aircraft in range moves one area toward the closest one [p.14].
    pub(super) fn bandit_move(&mut self, index: usize) {
        let g = &data().geometry;
        let d = &self.mission.bandits[index];
        let range = self.defense_spec(d).range;
        let in_range = self.mission.on_display().any(|i| {
            let a = self.mission.flight[i].pos.map_or(Area::C, |p| p.area);
            g.distance(d.area, a) <= range
        });
        if !in_range {
            self.bandit_step(index);
        }
    }

    /// Moves a Bandit one area toward the closest aircraft; ties are random [p.14].
    fn bandit_step(&mut self, index: usize) {
        let g = &data().geometry;
        let from = self.mission.bandits[index].area;
        let areas: Vec<Area> = self
            .mission
            .on_display()
            .filter_map(|i| self.mission.flight[i].pos.map(|p| p.area))
            .collect();
        let Some(closest) = areas.iter().map(|&a| g.distance(from, a)).min() else {
            return;
        };
        if closest == 0 {
            return;
        }
        let mut goals: Vec<Area> = areas
            .into_iter()
            .filter(|&a| g.distance(from, a) == closest)
            .collect();
        goals.sort();
        goals.dedup();
        let goal = goals[self.rng.index(goals.len())];
        let steps: Vec<Area> = g
            .neighbours(from)
            .filter(|&n| g.distance(n, goal) + 1 == g.distance(from, goal))
            .collect();
        let to = steps[self.rng.index(steps.len())];
        self.mission.bandits[index].area = to;
        self.log.add_with(
            "T6",
            msg("The {bandit} moves from {from} to {to}")
                .term("bandit", self.defense_name(&self.mission.bandits[index]))
                .term("from", from.name())
                .term("to", to.name()),
            vec![Random::Pick {
                picked: format!("{to:?}"),
                out_of: goals.len() * steps.len(),
            }],
        );
    }
}

/// The name of an altitude for the log and the prompt.
pub fn altitude_name(a: Altitude) -> &'static str {
    match a {
        Altitude::High => crate::engine::message::n_("High"),
        Altitude::Low => crate::engine::message::n_("Low"),
    }
}
