//! The mission day up to the fight (digest 3.2, 4.2, 4.4, 4.5, 4.10, 4.12; rulebook p.7–10,
//! p.14, p.19–21): the target, its Sites and Attack Angles, the pilots, arming under the
//! weight budget and the tanker, the Target-Bound event, aborts, and Search and Rescue.

use super::cards::Status;
use super::content::{
    Effect, Phase, Place, Sheet, Side, SiteFilter, Speed, WeaponClass, WeaponSet, data,
    named_weapons,
};
use super::display::{Area, AreaKind};
use super::state::*;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, n_};

impl PhantomLeader {
    /// Target cards that may be chosen now: Politics at most the track's reading [p.7].
    pub fn eligible_targets(&self) -> Vec<u8> {
        let limit = self.politics();
        self.mission
            .drawn
            .iter()
            .copied()
            .filter(|&n| data().target(n).politics <= limit)
            .collect()
    }

    pub fn can_buy_recon(&self) -> bool {
        self.special_options >= data().tables.priorities.recon_cost
            && (self.targets.draw_count() > 0 || !self.targets.discard_pile().is_empty())
    }

    pub(super) fn buy_recon(&mut self) {
        let p = &data().tables.priorities;
        self.special_options -= p.recon_cost;
        self.mission.spent += p.recon_cost;
        self.log.add(
            "M2",
            msg("Recon Priority: {so} SO for more cards").arg("so", p.recon_cost),
        );
        self.draw_targets(p.recon_cards);
    }

    /// Commits to a target (M4) and places its Sites and Attack Angles (M5–M6).
    pub(super) fn choose_target(&mut self, n: u8) {
        let c = data();
        let card = c.target(n);
        self.mission.drawn.retain(|&t| t != n);
        for other in std::mem::take(&mut self.mission.drawn) {
            self.targets.discard(other);
        }
        self.mission.target = Some(n);
        self.shift(
            super::content::TrackKind::Politics,
            i32::from(card.politics),
        );
        self.log.add(
            "M4",
            msg("Target #{n} {name}: Politics moves {p} right")
                .arg("n", n)
                .term("name", card.name.as_str())
                .arg("p", card.politics),
        );
        for id in &card.listed {
            let side = c.defense(id).map_or(Side::Site, |d| d.side);
            let found = self.defense_cup.take(|&k| match side {
                Side::Site => &c.defense_counters[k].site == id,
                Side::Bandit => &c.defense_counters[k].bandit == id,
            });
            match (found, side) {
                (Some(k), Side::Site) => self.place(k, Side::Site, Area::C, true),
                (Some(k), Side::Bandit) => self.mission.reserved.push(k),
                (None, _) => self.log.add(
                    "M5",
                    msg("No {defense} is left in the cup for the listed defense")
                        .arg("defense", id),
                ),
            }
        }
        let centre = i32::from(card.sites[1]) + self.adjustment(|a| i32::from(a.center));
        for area in Area::APPROACH {
            for _ in 0..card.sites[0] {
                self.draw_defense(Side::Site, area);
            }
        }
        for _ in 0..centre.max(0) {
            self.draw_defense(Side::Site, Area::C);
        }
        self.step = Step::Assign;
    }

    /// Draws one counter from the cup into `area`, on the given side. A drawn "No Bandit"
    /// goes back [p.10]. An Approach-area Site with range 1–2 draws an Attack Angle [p.8].
    pub(super) fn draw_defense(&mut self, side: Side, area: Area) {
        let Some(k) = self.defense_cup.draw(&mut self.rng) else {
            self.log.add("M5", msg("The Air Defense cup is empty"));
            return;
        };
        let c = data();
        let counter = &c.defense_counters[k];
        let id = match side {
            Side::Site => &counter.site,
            Side::Bandit => &counter.bandit,
        };
        let out_of = self.defense_cup.len() + 1;
        if c.defense(id).is_none_or(|d| d.attack.is_empty()) {
            self.defense_cup.put_back(k);
            self.log.add_with(
                "M12",
                msg("No Bandit in {area}").term("area", area.name()),
                vec![Random::Pick {
                    picked: id.clone(),
                    out_of,
                }],
            );
            return;
        }
        self.log.add_with(
            "M5",
            msg("{defense} placed in {area}")
                .arg(
                    "defense",
                    c.defense(id).map_or(id.as_str(), |d| d.name.as_str()),
                )
                .term("area", area.name()),
            vec![Random::Pick {
                picked: id.clone(),
                out_of,
            }],
        );
        self.place(k, side, area, false);
    }

    fn place(&mut self, counter: usize, side: Side, area: Area, listed: bool) {
        let c = data();
        let spec = c
            .defense(&c.defense_counters[counter].site)
            .expect("counters are checked at load");
        let angle = if side == Side::Site
            && area.kind() == AreaKind::Approach
            && (1..=2).contains(&spec.range)
        {
            self.angle_cup.draw(&mut self.rng)
        } else {
            None
        };
        let defense = Defense {
            counter,
            side,
            area,
            angle,
            listed,
        };
        match side {
            Side::Site => self.mission.sites.push(defense),
            Side::Bandit => self.mission.bandits.push(defense),
        }
    }

    /// Why a pilot may not join today's flight, or `None` (M7).
    pub fn assign_refusal(&self, squad: usize) -> Option<Message> {
        let p = self.squadron.get(squad)?;
        let card = p.card();
        let limit = usize::from(self.aircraft_limit());
        if p.duty != Duty::Active {
            Some(msg("That pilot has left the squadron"))
        } else if self.mission.flight.iter().any(|s| s.squad == squad) {
            Some(msg("That pilot is already on the mission"))
        } else if card.status(p.stress) == Status::Unfit {
            Some(msg("An Unfit pilot cannot fly"))
        } else if !card.aircraft.outside_limit && self.counted_aircraft() >= limit {
            Some(msg("The target allows {n} aircraft").arg("n", limit))
        } else {
            None
        }
    }

    /// The card's aircraft limit, one more under the optional rule [p.8, p.16].
    pub fn aircraft_limit(&self) -> u8 {
        let card = data().target(self.mission.target.unwrap_or(1));
        card.max_aircraft + u8::from(self.options.one_less_one_more)
    }

    pub(super) fn assign(&mut self, squad: usize) {
        self.mission.flight.push(Sortie {
            squad,
            load: Vec::new(),
            fate: Fate::Flying,
            damaged: false,
            pos: None,
            path: 0,
            left: false,
        });
    }

    /// The Weight Points an aircraft may carry today: its card's WP less the region's
    /// penalty, unless the tanker flies (p.9).
    pub fn capacity(&self, sortie: usize) -> u8 {
        self.capacity_of(self.mission.flight[sortie].squad, self.mission.tanker)
    }

    fn capacity_of(&self, squad: usize, tanker: bool) -> u8 {
        let wp = self.squadron[squad].card().aircraft.wp;
        let penalty = if tanker {
            0
        } else {
            self.mission
                .target
                .and_then(|n| self.sheet().region_of(n))
                .map_or(0, |r| r.wp_penalty)
        };
        wp.saturating_add_signed(penalty)
    }

    pub fn load_wp(&self, sortie: usize) -> u8 {
        let c = data();
        self.mission.flight[sortie]
            .load
            .iter()
            .map(|&w| c.weapons[w].wp)
            .sum()
    }

    /// Special Option points the arming costs: special weapons by WP and the tanker by
    /// aircraft (p.6, p.9).
    pub fn arming_cost(&self, flight: &[Sortie], tanker: bool) -> i32 {
        let p = &data().tables.priorities;
        let special: i32 = flight
            .iter()
            .flat_map(|s| &s.load)
            .map(|&w| self.special_cost(w))
            .sum();
        special
            + if tanker {
                p.tanker_per_aircraft * flight.len() as i32
            } else {
                0
            }
    }

    /// What one counter of `weapon` adds to the arming cost: its WP if it is special here.
    fn special_cost(&self, weapon: usize) -> i32 {
        let c = data();
        if self.sheet().weapon_status(weapon) == Some(true) {
            i32::from(c.weapons[weapon].wp) * c.tables.priorities.special_weapon_per_wp
        } else {
            0
        }
    }

    /// Why a flight's loads (with or without the tanker) break the rules, or `None` (M8).
    pub fn arming_refusal(&self, flight: &[Sortie], tanker: bool) -> Option<Message> {
        self.arming_fault(flight, None, tanker)
            .map(|f| self.fault_message(f))
    }

    /// Why hanging `weapon` on aircraft `sortie` of today's flight breaks the rules, or `None`.
    pub fn load_refusal(&self, sortie: usize, weapon: usize) -> Option<Message> {
        self.arming_fault(
            &self.mission.flight,
            Some((sortie, weapon)),
            self.mission.tanker,
        )
        .map(|f| self.fault_message(f))
    }

    /// The first rule a flight breaks, with one more counter (`extra`: aircraft and weapon)
    /// if given: aircraft by aircraft, then the counters, then the cost.
    fn arming_fault(
        &self,
        flight: &[Sortie],
        extra: Option<(usize, usize)>,
        tanker: bool,
    ) -> Option<ArmingFault> {
        let added = |i: usize| extra.filter(|e| e.0 == i).map(|e| e.1);
        for (i, s) in flight.iter().enumerate() {
            if let Some(f) = self.sortie_fault(s, added(i), tanker) {
                return Some(f);
            }
        }
        let mut demand = vec![0u32; data().weapons.len()];
        for (i, s) in flight.iter().enumerate() {
            for w in s.load.iter().copied().chain(added(i)) {
                demand[w] += 1;
            }
        }
        self.pool_fault(
            &demand,
            self.arming_cost(flight, tanker) + extra.map_or(0, |e| self.special_cost(e.1)),
        )
    }

    /// The counters and the cost of a flight whose aircraft each pass (`demand`: counters
    /// asked for by weapon).
    fn pool_fault(&self, demand: &[u32], cost: i32) -> Option<ArmingFault> {
        if let Some(w) = short_of_counters(demand) {
            return Some(ArmingFault::Counters(w));
        }
        (cost > self.special_options).then_some(ArmingFault::Cost(cost))
    }

    /// The first rule one aircraft's load (with `extra` added) breaks (M8, p.9, p.21).
    fn sortie_fault(&self, s: &Sortie, extra: Option<usize>, tanker: bool) -> Option<ArmingFault> {
        self.load_fault(s, extra, self.sheet(), self.capacity_of(s.squad, tanker))
    }

    /// [`Self::sortie_fault`] with the campaign sheet and the aircraft's capacity today
    /// already looked up.
    fn load_fault(
        &self,
        s: &Sortie,
        extra: Option<usize>,
        sheet: &Sheet,
        capacity: u8,
    ) -> Option<ArmingFault> {
        let c = data();
        let card = self.squadron[s.squad].card();
        let load = || s.load.iter().copied().chain(extra);
        let wp: u8 = load().map(|w| c.weapons[w].wp).sum();
        if wp > capacity {
            return Some(ArmingFault::Overweight {
                squad: s.squad,
                wp,
                capacity,
            });
        }
        for w in load() {
            if !card.aircraft.can_load(w) {
                return Some(ArmingFault::CannotCarry {
                    squad: s.squad,
                    weapon: w,
                });
            }
            if sheet.weapon_status(w).is_none() {
                return Some(ArmingFault::NotInCampaign(w));
            }
        }
        let named = named_weapons();
        for (pod, index) in [("ECM", named.ecm), ("GunPod", named.gun_pod)] {
            let n = load().filter(|&w| Some(w) == index).count();
            if n > 1 {
                return Some(ArmingFault::SecondPod(pod));
            }
            if pod == "GunPod" && n > 0 && card.aircraft.has_gun(self.year()) {
                return Some(ArmingFault::GunPodWithGun);
            }
            if pod == "GunPod"
                && n > 0
                && self.options.no_navy_gun_pod
                && card.aircraft.id == "F-4_USN"
            {
                return Some(ArmingFault::NavyGunPod);
            }
        }
        None
    }

    /// The `Load` actions the rules allow now, aircraft by aircraft and weapon by weapon: the
    /// same as asking [`Self::load_refusal`] of each (see [`Loads`]).
    pub fn legal_loads(&self) -> Vec<(usize, usize)> {
        let mut loads = Loads::new(self);
        let mut out = Vec::new();
        for i in 0..self.mission.flight.len() {
            for w in 0..data().weapons.len() {
                if loads.allow(i, w) {
                    out.push((i, w));
                }
            }
        }
        out
    }

    /// A broken arming rule in the player's words.
    fn fault_message(&self, fault: ArmingFault) -> Message {
        let c = data();
        let weapon = |w: usize| c.weapons[w].name.as_str();
        match fault {
            ArmingFault::Overweight {
                squad,
                wp,
                capacity,
            } => msg("{pilot}'s load weighs {wp} WP; the aircraft may carry {cap} today")
                .arg("pilot", self.squadron[squad].card().name)
                .arg("wp", wp)
                .arg("cap", capacity),
            ArmingFault::CannotCarry { squad, weapon: w } => {
                msg("The {aircraft} cannot carry {weapon}")
                    .arg("aircraft", &self.squadron[squad].card().aircraft.name)
                    .term("weapon", weapon(w))
            }
            ArmingFault::NotInCampaign(w) => {
                msg("{weapon} is not available in this campaign").term("weapon", weapon(w))
            }
            ArmingFault::SecondPod(pod) => {
                let name = c
                    .weapons
                    .iter()
                    .find(|w| w.id == pod)
                    .map_or(pod, |w| w.name.as_str());
                msg("At most one {pod} per aircraft").term("pod", name)
            }
            ArmingFault::GunPodWithGun => {
                msg("Only an aircraft without a usable gun may carry a Gun Pod")
            }
            ArmingFault::NavyGunPod => msg("Optional rule: a Navy F-4 may not carry a Gun Pod"),
            ArmingFault::Counters(w) => {
                msg("Not enough counters for {weapon}").term("weapon", weapon(w))
            }
            ArmingFault::Cost(cost) => msg("That costs {cost} SO; {so} are left")
                .arg("cost", cost)
                .arg("so", self.special_options),
        }
    }

    /// The flight with one more counter on an aircraft.
    pub fn with_load(&self, sortie: usize, weapon: usize) -> Vec<Sortie> {
        let mut flight = self.mission.flight.clone();
        flight[sortie].load.push(weapon);
        flight
    }

    /// Launches: pays the Special Options and draws the Target-Bound event (M8–M9).
    pub(super) fn launch(&mut self) {
        let cost = self.arming_cost(&self.mission.flight, self.mission.tanker);
        self.special_options -= cost;
        self.mission.spent += cost;
        self.log.add(
            "M8",
            msg("The flight launches ({cost} SO spent on arming)").arg("cost", cost),
        );
        let card = self.draw_event(Phase::TargetBound);
        let ignorers = self.event_ignorers(&[]);
        if ignorers.is_empty() {
            self.target_bound(card);
        } else {
            self.step = Step::EventIgnore {
                card,
                rolled: Vec::new(),
            };
        }
    }

    /// Draws an Event card; the log names the section the phase reads [p.5].
    pub(super) fn draw_event(&mut self, phase: Phase) -> u8 {
        let card = self.events.draw(&mut self.rng).map_or(1, |d| d.card);
        let e = &data().events[usize::from(card) - 1];
        let (rule, text) = match phase {
            Phase::TargetBound => (
                "M9",
                msg("Target-Bound event: {title}").term("title", e.target_bound.title.as_str()),
            ),
            Phase::OverTarget => (
                "M14",
                msg("Over Target event: {title}").term("title", e.over_target.title.as_str()),
            ),
            Phase::HomeBound => (
                "M16",
                msg("Home-Bound event: {title}").term("title", e.home_bound.title.as_str()),
            ),
        };
        self.log.add_with(
            rule,
            text,
            vec![Random::Drawn(vec![msg("Event card {n}").arg("n", card)])],
        );
        self.events.discard(card);
        card
    }

    /// Sorties that may roll to ignore an event section: flying, not Unfit, with a number
    /// on the card, not yet rolled [T p.19–20; RUL].
    pub fn event_ignorers(&self, rolled: &[usize]) -> Vec<usize> {
        self.mission
            .flying()
            .filter(|i| !rolled.contains(i))
            .filter(|&i| {
                let p = &self.squadron[self.mission.flight[i].squad];
                p.status() != Status::Unfit && p.card().aircraft.event_ignore.contains_key(&p.level)
            })
            .collect()
    }

    pub(super) fn ignore_roll(&mut self, card: u8, sortie: usize, mut rolled: Vec<usize>) {
        let p = &self.squadron[self.mission.flight[sortie].squad];
        let need = p.card().aircraft.event_ignore[&p.level];
        let name = p.card().name;
        let roll = d10(&mut self.rng);
        let ignored = roll.total >= i32::from(need);
        self.log.add_with(
            "M9",
            msg("{pilot} tries to have the section ignored: {result}")
                .arg("pilot", name)
                .term(
                    "result",
                    if ignored {
                        n_("ignored")
                    } else {
                        n_("it stands")
                    },
                ),
            vec![Random::Dice(roll)],
        );
        if ignored {
            self.event_over();
            return;
        }
        rolled.push(sortie);
        if self.event_ignorers(&rolled).is_empty() {
            self.event_section(card);
        } else {
            self.step = Step::EventIgnore { card, rolled };
        }
    }

    /// Resolves the section of event `card` the flight is at: Target-Bound or Home-Bound.
    pub(super) fn event_section(&mut self, card: u8) {
        if self.mission.home {
            self.home_bound(card);
        } else {
            self.target_bound(card);
        }
    }

    /// The event's section is over: the abort decision, or Search and Rescue after the
    /// Home-Bound event.
    pub(super) fn event_over(&mut self) {
        if self.mission.home {
            self.next_rescue();
        } else {
            self.abort_step();
        }
    }

    /// Resolves the Target-Bound section of event `card` [p.9, p.19–21].
    pub(super) fn target_bound(&mut self, card: u8) {
        let e = &data().events[usize::from(card) - 1];
        let tanker = self.mission.tanker;
        // An "unless Tanker Priority" effect spares a mission with the tanker.
        let spared = |unless_tanker: bool| unless_tanker && tanker;
        let flying: Vec<usize> = self.mission.flying().collect();
        self.abort_step();
        match &e.target_bound.effect {
            Effect::None => {}
            Effect::DestroySite { which } => {
                self.step = Step::EventSite {
                    only_sa2: *which == SiteFilter::Sa2,
                    approach_only: *which == SiteFilter::ApproachRanged,
                    ranged_only: *which == SiteFilter::ApproachRanged,
                };
            }
            Effect::RemoveSite { place, .. } => {
                self.step = Step::EventSite {
                    only_sa2: false,
                    approach_only: *place == Place::ChosenApproach,
                    ranged_only: false,
                };
            }
            Effect::Attack { .. } | Effect::Stress { .. } => {
                self.common_effect(&e.target_bound.effect, "M9", flying);
            }
            Effect::Abort { unless_tanker, .. } => {
                if !flying.is_empty() && !spared(*unless_tanker) {
                    let i = self.pick_aircraft(&flying);
                    self.mission.flight[i].fate = Fate::Aborted;
                    self.log.add_with(
                        "M9",
                        msg("{pilot} heads home").arg("pilot", self.pilot_name(i)),
                        vec![Random::Pick {
                            picked: self.pilot_name(i).to_owned(),
                            out_of: flying.len(),
                        }],
                    );
                }
            }
            Effect::Jettison { wp, unless_tanker } => {
                if !spared(*unless_tanker) {
                    self.step = Step::EventJettison {
                        wp: *wp,
                        done: Vec::new(),
                    };
                    self.next_jettison();
                }
            }
            Effect::HotPilot => {
                if !self.slow_flying().is_empty() {
                    self.step = Step::EventHotPilot;
                }
            }
            Effect::TargetModifier { delta } => self.mission.flags.target_modifier += delta,
            Effect::NoAbort => self.mission.flags.no_abort = true,
            Effect::ExtraCenterBandit { count } => self.mission.flags.extra_center_bandits += count,
            Effect::Escort => self.mission.flags.escort = true,
            Effect::NavigationError => self.mission.flags.navigation_error = true,
            Effect::LowClouds => self.mission.flags.low_clouds = true,
            Effect::GunJam => {
                let year = self.year();
                let c = data();
                let gunned: Vec<usize> = flying
                    .into_iter()
                    .filter(|&i| {
                        let s = &self.mission.flight[i];
                        self.squadron[s.squad].card().aircraft.has_gun(year)
                            || s.load.iter().any(|&w| c.weapons[w].id == "GunPod")
                    })
                    .collect();
                if !gunned.is_empty() {
                    self.mission.flags.gun_jam = Some(self.pick_aircraft(&gunned));
                }
            }
            other => unreachable!("checked at load: {other:?} is not a Target-Bound effect"),
        }
    }

    /// The effects a Target-Bound and a Home-Bound section share, on the aircraft `pool` (the
    /// flying or the returning ones): Special Event attacks and stress [p.19–21]. Returns
    /// whether a decision is now pending (the attacks), so the caller stops there.
    pub(super) fn common_effect(
        &mut self,
        effect: &Effect,
        rule: &'static str,
        pool: Vec<usize>,
    ) -> bool {
        match effect {
            Effect::Attack {
                side,
                count,
                attack,
                negate_by,
            } => {
                self.step = Step::EventAttack {
                    left: *count,
                    side: *side,
                    attack: *attack,
                    negate_by: *negate_by,
                };
                self.next_event_attack();
                true
            }
            Effect::Stress {
                who,
                amount,
                unless_tanker,
            } => {
                if pool.is_empty() || *unless_tanker && self.mission.tanker {
                    return false;
                }
                let hit = match who {
                    super::content::Who::Random | super::content::Who::RandomReturning => {
                        let i = self.pick_aircraft(&pool);
                        self.log.add_with(
                            rule,
                            msg("The event falls on {pilot}").arg("pilot", self.pilot_name(i)),
                            vec![Random::Pick {
                                picked: self.pilot_name(i).to_owned(),
                                out_of: pool.len(),
                            }],
                        );
                        vec![i]
                    }
                    _ => pool,
                };
                for i in hit {
                    let squad = self.mission.flight[i].squad;
                    self.squadron[squad].add_stress(i32::from(*amount));
                    self.log.add(
                        rule,
                        msg("{pilot}: {n} Stress")
                            .arg("pilot", self.pilot_name(i))
                            .arg("n", format_args!("{amount:+}")),
                    );
                }
                false
            }
            _ => false,
        }
    }

    pub(super) fn pilot_name(&self, sortie: usize) -> &'static str {
        &data().pilots[self.squadron[self.mission.flight[sortie].squad].pilot].name
    }

    /// The Sites an event may remove: not listed, and of the kind it names.
    pub fn removable_sites(&self) -> Vec<usize> {
        let Step::EventSite {
            only_sa2,
            approach_only,
            ranged_only,
        } = self.step
        else {
            return Vec::new();
        };
        let c = data();
        self.mission
            .sites
            .iter()
            .enumerate()
            .filter(|(_, d)| {
                let spec = c
                    .defense(&c.defense_counters[d.counter].site)
                    .expect("checked");
                !d.listed
                    && (!only_sa2 || spec.id == "SA2")
                    && (!approach_only || d.area.kind() == AreaKind::Approach)
                    && (!ranged_only || (1..=2).contains(&spec.range))
            })
            .map(|(i, _)| i)
            .collect()
    }

    pub(super) fn remove_site(&mut self, index: usize) {
        let d = self.mission.sites.remove(index);
        if let Some(a) = d.angle {
            self.angle_cup.put_back(a);
        }
        self.defense_cup.put_back(d.counter);
        let c = data();
        self.log.add(
            "M9",
            msg("{site} in {area} is destroyed")
                .arg(
                    "site",
                    c.defense(&c.defense_counters[d.counter].site)
                        .map_or("", |s| s.name.as_str()),
                )
                .term("area", d.area.name()),
        );
        self.abort_step();
    }

    /// The next Special Event attack: the player may first cancel it by expending a counter;
    /// the attack then picks a random aircraft.
    pub(super) fn next_event_attack(&mut self) {
        let Step::EventAttack {
            left,
            side,
            attack,
            negate_by,
        } = self.step.clone()
        else {
            return;
        };
        if left == 0 || self.mission.flying().next().is_none() {
            self.event_over();
            return;
        }
        if negate_by.is_some() && !self.negators().is_empty() {
            return; // the player decides to cancel or not
        }
        self.pick_event_target(left, side, attack, negate_by);
    }

    /// (sortie, weapon index) pairs that may cancel the pending event attack.
    pub fn negators(&self) -> Vec<(usize, usize)> {
        let Step::EventAttack {
            negate_by: Some(class),
            ..
        } = self.step
        else {
            return Vec::new();
        };
        self.counters_of(self.mission.flying(), class)
    }

    /// (sortie, weapon index) pairs of a class loaded on these sorties, each pair once.
    fn counters_of(
        &self,
        sorties: impl Iterator<Item = usize>,
        class: WeaponClass,
    ) -> Vec<(usize, usize)> {
        let c = data();
        let mut out = Vec::new();
        for i in sorties {
            for &w in &self.mission.flight[i].load {
                if c.weapons[w].class == class && !out.contains(&(i, w)) {
                    out.push((i, w));
                }
            }
        }
        out
    }

    /// Takes one counter of a weapon off a sortie.
    pub(super) fn take_counter(&mut self, sortie: usize, weapon: usize) {
        let load = &mut self.mission.flight[sortie].load;
        if let Some(at) = load.iter().position(|&w| w == weapon) {
            load.remove(at);
        }
    }

    pub(super) fn negate(&mut self, sortie: usize, weapon: usize) {
        self.take_counter(sortie, weapon);
        if let Step::EventAttack { left, .. } = &mut self.step {
            *left -= 1;
        }
        self.log.add(
            "M9",
            msg("{pilot} expends {weapon} to cancel an attack")
                .arg("pilot", self.pilot_name(sortie))
                .term("weapon", data().weapons[weapon].name.as_str()),
        );
        self.next_event_attack();
    }

    pub(super) fn pick_event_target(
        &mut self,
        left: u8,
        side: Side,
        attack: [u8; 3],
        negate_by: Option<WeaponClass>,
    ) {
        let flying: Vec<usize> = self.mission.flying().collect();
        let target = self.pick_aircraft(&flying);
        self.log.add_with(
            "M9",
            msg("A Special Event attack picks {pilot}").arg("pilot", self.pilot_name(target)),
            vec![Random::Pick {
                picked: self.pilot_name(target).to_owned(),
                out_of: flying.len(),
            }],
        );
        let c = data();
        if self.mission.flight[target]
            .load
            .iter()
            .any(|&w| c.weapons[w].negate_on.is_some())
        {
            let roll = d10(&mut self.rng);
            let need = i32::from(c.tables.combat.ecm_negates_on);
            let negated = roll.total >= need;
            self.log.add_with(
                "4.7",
                msg("ECM Pod: {result}").term(
                    "result",
                    if negated {
                        n_("attack negated")
                    } else {
                        n_("no effect")
                    },
                ),
                vec![Random::Dice(roll)],
            );
            if negated {
                self.event_attack_done(left, side, attack, negate_by);
                return;
            }
        }
        self.step = Step::EventEvade {
            left,
            side,
            attack,
            negate_by,
            target,
        };
    }

    /// Rolls a Special Event attack on `target`, evading or not [p.13, p.21].
    pub(super) fn resolve_event_attack(&mut self, evade: bool) {
        let Step::EventEvade {
            left,
            side,
            attack,
            negate_by,
            target,
        } = self.step.clone()
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
        let modifiers = self.event_attack_modifiers();
        let mut random = vec![Random::Dice(roll.clone())];
        random.extend(modifiers.iter().map(|&(reason, value)| Random::Modifier {
            reason: reason.into(),
            value,
        }));
        let total = roll.total + modifiers.iter().map(|m| m.1).sum::<i32>();
        let phase = if self.mission.home {
            Phase::HomeBound
        } else {
            Phase::TargetBound
        };
        let result = self.enemy_result(target, total, attack, phase);
        self.log.add_with(
            "4.7",
            msg("{side} attack on {pilot}: {result}")
                .term("side", side.name())
                .arg("pilot", self.pilot_name(target))
                .message("result", result),
            random,
        );
        self.event_attack_done(left, side, attack, negate_by);
    }

    /// The modifiers of a Special Event attack's roll: every jammer flying, the difficulty
    /// [p.17, p.19].
    pub fn event_attack_modifiers(&self) -> super::attack::Modifiers {
        [
            (n_("jamming"), self.event_jamming()),
            (
                n_("difficulty"),
                self.adjustment(|a| i32::from(a.enemy_roll)),
            ),
        ]
        .into_iter()
        .filter(|m| m.1 != 0)
        .collect()
    }

    /// One Special Event attack is over: on to the next, if any.
    fn event_attack_done(
        &mut self,
        left: u8,
        side: Side,
        attack: [u8; 3],
        negate_by: Option<WeaponClass>,
    ) {
        self.step = Step::EventAttack {
            left: left - 1,
            side,
            attack,
            negate_by,
        };
        self.next_event_attack();
    }

    /// The enemy roll's result on the attack numbers, applied at once [p.13].
    pub(super) fn enemy_result(
        &mut self,
        sortie: usize,
        total: i32,
        attack: [u8; 3],
        phase: Phase,
    ) -> Message {
        let c = data();
        let combat = &c.tables.combat;
        let squad = self.mission.flight[sortie].squad;
        let [stress, damaged, destroyed] = attack.map(i32::from);
        let s = &mut self.mission.flight[sortie];
        if total >= destroyed || (total >= damaged && s.damaged) {
            s.fate = Fate::Down(phase);
            s.load.clear();
            msg("shot down")
        } else if total >= damaged {
            s.damaged = true;
            s.load.clear();
            self.squadron[squad].add_stress(i32::from(combat.damaged_stress));
            msg("damaged, all counters lost")
        } else if total >= stress {
            self.squadron[squad].add_stress(i32::from(combat.stress_result));
            msg("+1 Stress")
        } else {
            msg("no effect")
        }
    }

    /// Jamming that applies to Special Event attacks: every flying, non-Unfit jammer [p.19].
    fn event_jamming(&self) -> i32 {
        self.mission
            .flying()
            .map(|i| &self.squadron[self.mission.flight[i].squad])
            .filter(|p| p.status() != Status::Unfit)
            .filter_map(|p| p.card().aircraft.jam.get(&p.level).copied())
            .map(i32::from)
            .sum()
    }

    /// Sorties still owing munitions to the event's jettison.
    pub fn jettison_owing(&self) -> Vec<usize> {
        let Step::EventJettison { ref done, .. } = self.step else {
            return Vec::new();
        };
        let c = data();
        self.mission
            .flying()
            .filter(|i| !done.contains(i))
            .filter(|&i| {
                self.mission.flight[i]
                    .load
                    .iter()
                    .any(|&w| c.weapons[w].class != WeaponClass::Pod)
            })
            .collect()
    }

    fn next_jettison(&mut self) {
        if self.jettison_owing().is_empty() {
            self.abort_step();
        }
    }

    pub(super) fn jettison(&mut self, sortie: usize, weapon: usize) {
        let c = data();
        self.take_counter(sortie, weapon);
        let dropped = c.weapons[weapon].wp;
        if let Step::EventJettison { wp, done } = &mut self.step {
            // One counter of at least the WP owed settles it; lighter ones count down.
            if dropped >= *wp {
                done.push(sortie);
            } else {
                *wp -= dropped;
            }
        }
        self.log.add(
            "M9",
            msg("{pilot} drops {weapon}")
                .arg("pilot", self.pilot_name(sortie))
                .term("weapon", c.weapons[weapon].name.as_str()),
        );
        self.next_jettison();
    }

    pub fn slow_flying(&self) -> Vec<usize> {
        self.mission
            .flying()
            .filter(|&i| self.speed(i) == Some(Speed::Slow))
            .collect()
    }

    /// The abort decision comes next (M10), unless nothing is flying.
    pub(super) fn abort_step(&mut self) {
        self.step = Step::Abort;
        if self.mission.flying().next().is_none() {
            self.proceed();
        }
    }

    /// After the abort decision: over the target, or straight to SAR and debriefing when no
    /// aircraft is left.
    pub(super) fn proceed(&mut self) {
        if self.mission.flying().next().is_some() {
            self.log
                .add("M11", msg("The flight reaches the target area"));
            self.begin_fight();
            return;
        }
        self.log.add(
            "A-41",
            msg("No aircraft reaches the target: it stays Undamaged"),
        );
        self.next_rescue();
    }

    /// The next downed pilot's SAR roll, or the debriefing (M17).
    pub(super) fn next_rescue(&mut self) {
        let done: Vec<usize> = self.mission.rescued.iter().map(|r| r.0).collect();
        let next = self
            .mission
            .flight
            .iter()
            .position(|s| matches!(s.fate, Fate::Down(_)) && !done.contains(&s.squad));
        match next {
            Some(sortie) => {
                self.step = Step::Sar {
                    rescue: Rescue {
                        sortie,
                        discarded_wp: 0,
                    },
                }
            }
            None => self.debrief(),
        }
    }

    /// AtG counters on surviving aircraft that may be discarded for a rescue [p.14].
    pub fn sar_discards(&self) -> Vec<(usize, usize)> {
        let surviving = (0..self.mission.flight.len())
            .filter(|&i| !matches!(self.mission.flight[i].fate, Fate::Down(_)));
        self.counters_of(surviving, WeaponClass::Atg)
    }

    pub(super) fn sar_discard(&mut self, sortie: usize, weapon: usize) {
        self.take_counter(sortie, weapon);
        if let Step::Sar { rescue } = &mut self.step {
            rescue.discarded_wp += data().weapons[weapon].wp;
        }
    }

    /// The modifiers of a pending SAR roll [p.14]: the target region's penalty, the AtG
    /// Weight Points discarded, the phase the pilot went down in, an event's bonus.
    pub fn sar_modifiers(&self, rescue: &Rescue) -> super::attack::Modifiers {
        let sar = &data().tables.sar;
        let penalty = self
            .mission
            .target
            .and_then(|n| self.sheet().region_of(n))
            .map_or(0, |r| i32::from(r.wp_penalty));
        let phase_bonus = match self.mission.flight[rescue.sortie].fate {
            Fate::Down(Phase::TargetBound) => sar.target_bound_bonus,
            Fate::Down(Phase::HomeBound) => sar.home_bound_bonus,
            _ => 0,
        };
        [
            (n_("target region"), penalty),
            (n_("AtG discarded"), i32::from(rescue.discarded_wp)),
            (n_("phase"), phase_bonus),
            (n_("event"), i32::from(self.mission.fight.sar_bonus)),
        ]
        .into_iter()
        .filter(|m| m.1 != 0)
        .collect()
    }

    /// The SAR roll (p.14): 9+ quick recovery, 6–8 recovered under fire, else Missing.
    pub(super) fn sar_roll(&mut self) {
        let Step::Sar { rescue } = self.step.clone() else {
            return;
        };
        let c = data();
        let sar = &c.tables.sar;
        let s = &self.mission.flight[rescue.sortie];
        let modifiers = self.sar_modifiers(&rescue);
        let roll = d10(&mut self.rng);
        let mut random = vec![Random::Dice(roll.clone())];
        random.extend(modifiers.iter().map(|&(reason, value)| Random::Modifier {
            reason: reason.into(),
            value,
        }));
        let total = roll.total + modifiers.iter().map(|m| m.1).sum::<i32>();
        let (stress, text) = if total >= sar.quick_from {
            (Some(sar.quick_stress), n_("quick recovery"))
        } else if total >= sar.under_fire_from {
            (Some(sar.under_fire_stress), n_("recovered under fire"))
        } else {
            (None, n_("Missing in Action"))
        };
        self.log.add_with(
            "M17",
            msg("Search and Rescue for {pilot}: {result}")
                .arg("pilot", self.pilot_name(rescue.sortie))
                .term("result", text),
            random,
        );
        self.mission.rescued.push((s.squad, stress));
        self.next_rescue();
    }
}

/// A rule of arming (M8) a load breaks; see [`PhantomLeader::fault_message`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum ArmingFault {
    Overweight { squad: usize, wp: u8, capacity: u8 },
    CannotCarry { squad: usize, weapon: usize },
    NotInCampaign(usize),
    SecondPod(&'static str),
    GunPodWithGun,
    NavyGunPod,
    Counters(usize),
    Cost(i32),
}

/// The arming rules asked of one more counter at a time: the same answers as
/// [`PhantomLeader::load_refusal`], with the flight's other aircraft, its counters and its
/// cost worked out once, and whether the counters and the points allow one more of a weapon
/// (which does not hang on the aircraft) once per weapon.
pub(super) struct Loads<'a> {
    g: &'a PhantomLeader,
    sheet: &'static Sheet,
    /// Whether each aircraft passes the rules as it is, and how many do not.
    passing: Vec<bool>,
    failing: usize,
    /// The arming's cost as it is.
    cost: i32,
    /// What the counters leave, once asked.
    pool: Option<Slack>,
    /// Whether the counters and the points take one more of a weapon, once asked.
    pool_ok: Vec<Option<bool>>,
}

impl<'a> Loads<'a> {
    pub(super) fn new(g: &'a PhantomLeader) -> Self {
        let flight = &g.mission.flight;
        let passing: Vec<bool> = flight
            .iter()
            .map(|s| g.sortie_fault(s, None, g.mission.tanker).is_none())
            .collect();
        Loads {
            g,
            sheet: g.sheet(),
            failing: passing.iter().filter(|ok| !**ok).count(),
            passing,
            cost: g.arming_cost(flight, g.mission.tanker),
            pool: None,
            pool_ok: vec![None; data().weapons.len()],
        }
    }

    /// Whether one more counter of weapon `w` may hang on aircraft `i` (both in range).
    pub(super) fn allow(&mut self, i: usize, w: usize) -> bool {
        let c = data();
        let g = self.g;
        let s = &g.mission.flight[i];
        // Every other aircraft must pass as it is.
        if self.failing > usize::from(!self.passing[i]) {
            return false;
        }
        let capacity = g.capacity_of(s.squad, g.mission.tanker);
        let wp: u8 = s.load.iter().map(|&w| c.weapons[w].wp).sum();
        let named = named_weapons();
        // The cheap refusals first; the full check names the same faults. An aircraft that
        // passes as it is, given a weapon that passes these, can only break the pods' rules,
        // and only with a pod.
        if !g.squadron[s.squad].card().aircraft.can_load(w)
            || self.sheet.weapon_status(w).is_none()
            || u32::from(wp) + u32::from(c.weapons[w].wp) > u32::from(capacity)
            || ((!self.passing[i] || [named.ecm, named.gun_pod].contains(&Some(w)))
                && g.load_fault(s, Some(w), self.sheet, capacity).is_some())
        {
            return false;
        }
        let (pool, cost) = (&mut self.pool, self.cost);
        *self.pool_ok[w].get_or_insert_with(|| {
            let pool = pool.get_or_insert_with(|| {
                let mut demand = vec![0u32; c.weapons.len()];
                for w in g.mission.flight.iter().flat_map(|s| &s.load) {
                    demand[*w] += 1;
                }
                Slack::of(&demand)
            });
            pool.takes_one_more(w) && cost + g.special_cost(w) <= g.special_options
        })
    }
}

/// The weapon type whose demand the double-sided counters cannot meet, if any: Hall's
/// condition over every set of the types asked for (digest 8.6).
pub fn short_of_counters(demand: &[u32]) -> Option<usize> {
    let c = data();
    // The weapon types asked for, at most as many as a set holds.
    let mut asked = [0usize; WeaponSet::CAPACITY];
    let mut k = 0;
    for (w, &n) in demand.iter().enumerate() {
        if n > 0 {
            asked[k] = w;
            k += 1;
        }
    }
    let asked = &asked[..k];
    // Each kind of counter that can serve: its sides as a set of the asked types' bits.
    let counters: smallvec::SmallVec<[(u64, u32); 32]> = c
        .weapon_counters
        .iter()
        .map(|counter| {
            let bits = asked
                .iter()
                .enumerate()
                .filter(|(_, w)| counter.sides.contains(**w))
                .fold(0u64, |bits, (b, _)| bits | 1 << b);
            (bits, u32::from(counter.count))
        })
        .filter(|(bits, _)| *bits != 0)
        .collect();
    let every: u64 = if k == 0 { 0 } else { u64::MAX >> (64 - k) };
    for subset in 1..=every {
        let members = || {
            asked
                .iter()
                .enumerate()
                .filter(move |(b, _)| subset >> b & 1 == 1)
                .map(|(_, &w)| w)
        };
        let need: u32 = members().map(|w| demand[w]).sum();
        let have: u32 = counters
            .iter()
            .filter(|(bits, _)| bits & subset != 0)
            .map(|(_, n)| n)
            .sum();
        if need > have {
            return members().max_by_key(|&w| demand[w]);
        }
    }
    None
}

/// What the counters leave once a demand is served: for every set of the weapon types asked
/// for, how many counters more than its demand could serve it (Hall's condition, digest 8.6),
/// so that one more counter of each weapon is judged without going over every set again.
pub(super) struct Slack {
    /// The weapon types asked for: bit `b` of a set stands for `asked[b]`.
    asked: Vec<usize>,
    /// Counters that could serve the set less its demand, by set (the empty set first).
    slack: Vec<i64>,
    /// Each kind of counter: its sides as bits of the asked types, as weapons, its number.
    counters: Vec<(usize, WeaponSet, i64)>,
    /// The demand itself is met (no set short).
    met: bool,
}

impl Slack {
    pub(super) fn of(demand: &[u32]) -> Slack {
        let asked: Vec<usize> = (0..demand.len()).filter(|&w| demand[w] > 0).collect();
        let counters: Vec<(usize, WeaponSet, i64)> = data()
            .weapon_counters
            .iter()
            .map(|k| {
                let bits = asked
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| k.sides.contains(**w))
                    .fold(0, |bits, (b, _)| bits | 1 << b);
                (bits, k.sides, i64::from(k.count))
            })
            .collect();
        let slack: Vec<i64> = (0..1usize << asked.len())
            .map(|set| {
                let need: i64 = asked
                    .iter()
                    .enumerate()
                    .filter(|(b, _)| set >> b & 1 == 1)
                    .map(|(_, &w)| i64::from(demand[w]))
                    .sum();
                let have: i64 = counters
                    .iter()
                    .filter(|(bits, ..)| bits & set != 0)
                    .map(|k| k.2)
                    .sum();
                have - need
            })
            .collect();
        let met = slack.iter().all(|&s| s >= 0);
        Slack {
            asked,
            slack,
            counters,
            met,
        }
    }

    /// Whether the counters also serve one more counter of weapon `w`: every set that holds
    /// `w` (a set of the other types with `w` added, if `w` was not asked for) keeps one
    /// counter to spare. A demand already short stays short.
    pub(super) fn takes_one_more(&self, w: usize) -> bool {
        if !self.met {
            return false;
        }
        let mut sets = self.slack.iter().enumerate();
        match self.asked.iter().position(|&x| x == w) {
            Some(b) => sets.all(|(set, &slack)| set >> b & 1 == 0 || slack >= 1),
            None => sets.all(|(set, &slack)| {
                let more: i64 = self
                    .counters
                    .iter()
                    .filter(|(bits, sides, _)| sides.contains(w) && bits & set == 0)
                    .map(|k| k.2)
                    .sum();
                slack + more >= 1
            }),
        }
    }
}
