//! The box-by-box flow of one mission (digest 3.3–3.13): planning, launch, inbound events,
//! refuelling, the combat boxes, re-attack, the way home. Each function does the automatic
//! part of a box and stops at the next decision (`Step`).

use std::borrow::Cow;

use super::content::{Altitude, NvBoxKind, TargetFlag, TargetList, data};
use super::loadout::LoadRules;
use super::luck::{RollLine, RolledOn};
use super::state::*;
use super::tables::{Drms, Resolved, TableRoll, describe, resolve};
use crate::engine::arranged::RollLabel;
use crate::engine::dice::{d10_for, percentile_for};
use crate::engine::log::Random;
use crate::engine::message::{msg, n_};

/// The modifiers every kind of roll shares: the pilot's experience and the weather. A table
/// without such a modifier simply ignores it.
pub(crate) trait CommonDrms {
    fn pilot(&mut self, e: Experience) -> &mut Self;
    fn weather(&mut self, w: Weather) -> &mut Self;
}

impl CommonDrms for Drms {
    fn pilot(&mut self, e: Experience) -> &mut Self {
        self.when(e == Experience::Green, "green", n_("Green pilot"))
            .when(e == Experience::Veteran, "veteran", n_("Veteran pilot"))
    }

    fn weather(&mut self, w: Weather) -> &mut Self {
        self.when(w == Weather::Poor, "weather_poor", n_("weather Poor"))
            .when(w == Weather::Bad, "weather_bad", n_("weather Bad"))
    }
}

impl Skyhawk {
    /// A modifier list starting with the pilot's experience.
    pub(crate) fn pilot_drms(&self) -> Drms {
        let mut d = Drms::new();
        d.pilot(self.pilot.experience);
        d
    }

    /// Rolls on a table by id and column name, logs the roll under the table's rule.
    pub(crate) fn roll(&mut self, table: &str, column: &str, drms: &Drms) -> Resolved<'static> {
        let t = data().table(table);
        let col = t.column(column).unwrap_or(0);
        self.rolls += 1;
        // A quiet game (simulations) keeps no dice for the log, and writes a roll's line only
        // when a Lady Luck token needs it.
        let logged = self.log.keeps();
        if self.reroll_at == Some(self.rolls) {
            self.reroll_at = None;
            let first = resolve(&mut self.rng, t, col, drms, logged);
            if logged {
                self.log.add_with(
                    "5.2",
                    msg("Lady Luck: {roll} is rolled again")
                        .message("roll", describe(t, col, &first)),
                    first.random,
                );
            }
        }
        let mut r = resolve(&mut self.rng, t, col, drms, logged);
        if self.lady_luck > 0 {
            self.roll_lines.push(RollLine {
                line: describe(t, col, &r),
                rolled: Some(RolledOn {
                    table: Cow::Borrowed(&t.id),
                    column: col,
                    modifier: r.modified - r.natural,
                }),
            });
        }
        if logged {
            let random = std::mem::take(&mut r.random);
            self.log.add_with(&t.rule, describe(t, col, &r), random);
        }
        r
    }

    /// [`Skyhawk::roll`], kept as a record sheet writes it.
    pub(crate) fn roll_kept(&mut self, table: &str, column: &str, drms: &Drms) -> TableRoll {
        let r = self.roll(table, column, drms);
        let t = data().table(table);
        TableRoll::new(t, t.column(column).unwrap_or(0), drms, &r)
    }

    /// The Skyhawk is no longer flying the mission (lost, landed, scrubbed).
    pub(crate) fn down(&self) -> bool {
        self.ending != Ending::Flying
    }

    pub(crate) fn load_rules(&self) -> LoadRules {
        let t = self.target();
        LoadRules {
            target: t.kind,
            hcrt: t.has(TargetFlag::Hcrt),
            route_package: t.route_package.clone(),
            bomb_shortage: self.bomb_shortage,
            no_heavy_bombs: self.no_heavy_bombs,
            agm12c: self.agm12c_issued(),
            attack_altitude: self.attack_altitude,
        }
    }

    // ---- Planning [3.5, 4.0–4.3] ----

    pub(crate) fn choose_list(&mut self, list: TargetList) {
        self.list = Some(list);
        note!(
            self,
            "3.5",
            msg("Targets from the {list} list").term("list", list.name()),
        );
        self.roll_target(false);
        let d = self.weather_drms();
        let w = self.roll("2", "", &d);
        self.target_weather = Weather::from_key(w.result);
        let w = self.roll("2", "", &d);
        self.recovery_weather = Weather::from_key(w.result);
        note!(
            self,
            "4.0",
            msg("Weather over the target {target}, for the recovery {recovery}")
                .term("target", self.target_weather.name())
                .term("recovery", self.recovery_weather.name()),
        );
        if self.campaign.is_none() {
            self.planning_event();
        }
        if self.options.altitude_bombing && !self.minelaying() {
            let r = self.roll("S-14", "", &Drms::new());
            let a = Altitude::ALL
                .into_iter()
                .find(|a| a.key() == r.result)
                .unwrap_or(Altitude::Medium);
            self.attack_altitude = Some(a);
            note!(
                self,
                "15.4.2",
                msg("The first attack run will be flown at {altitude}").term("altitude", a.name()),
            );
        }
        self.step = Step::Loading(LoadStage::Tanks);
        self.form_division();
    }

    /// Rolls a target on the chosen list; with `avoid_hanoi`, re-rolls Hanoi and Haiphong
    /// targets (Table 4 Note A).
    pub(crate) fn roll_target(&mut self, avoid_hanoi: bool) {
        let list = self.list.unwrap_or(TargetList::Navy);
        loop {
            let label = || RollLabel::new(msg("Table 4, target"));
            let roll = match list {
                TargetList::Macv => d10_for(&mut self.rng, &label),
                _ => percentile_for(&mut self.rng, &label),
            };
            let n = roll.total;
            let Some(spec) = data()
                .targets
                .iter()
                .find(|t| t.list == list && (t.roll[0]..=t.roll[1]).contains(&n))
            else {
                continue;
            };
            let mut random = vec![Random::Dice(roll)];
            let kind = if spec.types.len() > 1 {
                let split = d10_for(&mut self.rng, &|| {
                    RollLabel::new(msg("Table 4, kind of target"))
                });
                let face = split.total;
                random.push(Random::Dice(split));
                spec.types
                    .iter()
                    .find(|s| face <= s.to)
                    .unwrap_or(&spec.types[spec.types.len() - 1])
                    .kind
            } else {
                spec.types[0].kind
            };
            self.log.add_with(
                "3.5",
                msg("Target {n}: {name} (route package {rp}), {kind}")
                    .arg("n", n)
                    .arg("name", &spec.name)
                    .arg("rp", &spec.route_package)
                    .term("kind", kind.name()),
                random,
            );
            let hanoi = spec.flags.contains(&TargetFlag::Hanoi)
                || spec.flags.contains(&TargetFlag::Haiphong);
            if avoid_hanoi && hanoi {
                note!(
                    self,
                    "4.1",
                    msg("Hanoi and Haiphong are off limits: roll again")
                );
                continue;
            }
            if self.target_removed(&spec.flags) {
                note!(
                    self,
                    "14.1.2",
                    msg("That target is off the list today: roll again"),
                );
                continue;
            }
            self.target = Some(Target {
                list,
                number: n,
                name: spec.name.clone(),
                route_package: spec.route_package.clone(),
                kind,
                flags: spec.flags.clone(),
            });
            return;
        }
    }

    /// Table 4 and its notes [4.1].
    fn planning_event(&mut self) {
        let e = self.roll("4", "", &Drms::new());
        match e.result {
            "bomb_shortage" => {
                self.bomb_shortage = true;
                note!(
                    self,
                    "4.1",
                    msg("Bomb shortage: no Mk 82 bombs this mission")
                );
            }
            "intrusion" => {
                let a = self.roll("4 A", "", &Drms::new());
                match a.result {
                    "new_target" => {
                        note!(self, "4.1", msg("Washington changes the target"));
                        self.roll_target(false);
                    }
                    "no_heavy_bombs" => {
                        self.no_heavy_bombs = true;
                        note!(
                            self,
                            "4.1",
                            msg("Collateral damage restriction: no Mk 83 or Mk 84"),
                        );
                    }
                    _ => {
                        let t = self.target();
                        if t.has(TargetFlag::Hanoi) || t.has(TargetFlag::Haiphong) {
                            note!(self, "4.1", msg("Hanoi and Haiphong are off limits"));
                            self.roll_target(true);
                        } else {
                            note!(
                                self,
                                "4.1",
                                msg("The Hanoi–Haiphong restriction does not touch this target"),
                            );
                        }
                    }
                }
            }
            "yankee_weather" => {
                self.yankee_weather = true;
                note!(
                    self,
                    "4.1",
                    msg("Weather deteriorates at Yankee Station: -5 on the launch roll"),
                );
            }
            _ => {}
        }
    }

    /// The load is complete: log it, roll the support units [4.3].
    pub(crate) fn finish_loading(&mut self) {
        note!(
            self,
            "4.2",
            msg("Ordnance loaded: {load}").arg("load", self.loadout.label()),
        );
        let rp = self.target().route_package.clone();
        let mut d = Drms::new();
        d.when(
            rp == "6A" || rp == "6B",
            "rp_6",
            "target in route package 6",
        )
        .when(
            rp == "1" || rp == "2",
            "rp_1_2",
            "target in route package 1 or 2",
        );
        let n = self.roll("4.1", "", &d).number() as u8;
        let available: u8 = data().support.iter().map(|s| s.count).sum();
        self.step = Step::PickSupport {
            left: n.min(available),
        };
        if n == 0 {
            self.launch();
        }
    }

    /// Counters of a support type still in the box of counters.
    pub(crate) fn support_left(&self, kind: usize) -> u8 {
        let used = self.units.iter().filter(|u| u.kind == kind).count() as u8;
        data().support[kind].count.saturating_sub(used)
    }

    pub(crate) fn pick_support(&mut self, kind: usize) {
        self.units.push(Unit {
            kind,
            status: UnitStatus::Ready,
        });
        note!(
            self,
            "4.3",
            msg("{unit} joins the mission").arg("unit", &data().support[kind].name),
        );
        let Step::PickSupport { left } = self.step else {
            return;
        };
        if left <= 1 {
            self.launch();
        } else {
            self.step = Step::PickSupport { left: left - 1 };
        }
    }

    // ---- Launch [5.1] ----

    fn launch(&mut self) {
        self.at = MapBox::Launch;
        self.npc_launches();
        let mut d = Drms::new();
        d.when(
            self.yankee_weather,
            "yankee_weather",
            n_("weather at Yankee Station"),
        );
        let r = self.roll("3", "", &d);
        if r.is("incident") {
            let i = self.roll("3.1", "", &Drms::new());
            match i.result {
                "malfunction" => self.malfunction("5.1"),
                "scrubbed" => {
                    note!(
                        self,
                        "5.1",
                        msg("The Skyhawk is down on deck: launch scrubbed")
                    );
                    self.ending = Ending::Scrubbed;
                    self.finish();
                    return;
                }
                "ditch" => {
                    note!(
                        self,
                        "5.1",
                        msg("Cold catapult shot: the Skyhawk settles into the sea"),
                    );
                    self.ditch();
                    return;
                }
                "eject" => {
                    note!(self, "5.1", msg("Cold catapult shot: the pilot ejects"));
                    self.bail_out();
                    return;
                }
                "crash" => {
                    let f = self.roll("3.1 crash", "", &Drms::new());
                    if f.is("eject") {
                        self.bail_out();
                    } else {
                        self.pilot_killed(msg("The pilot dies in the launch crash"));
                    }
                    return;
                }
                _ => {}
            }
        }
        note!(self, "5.1", msg("Good launch"));
        self.step = Step::Altitude(MapBox::InboundEvents);
    }

    /// The pilot chose the altitude for a box: resolve the box.
    pub(crate) fn enter(&mut self, b: MapBox, altitude: Altitude) {
        self.at = b;
        self.declared = None;
        self.altitude = altitude;
        note!(
            self,
            b.rule(),
            msg("{box} at {altitude} altitude")
                .term("box", b.name())
                .term("altitude", altitude.name()),
        );
        match b {
            MapBox::InboundEvents => self.inbound_events(),
            MapBox::SupportAttacks => self.support_attacks(),
            MapBox::TargetApproach | MapBox::TargetExit => self.start_cycle(b),
            MapBox::ReAttack => self.re_attack(),
            MapBox::Outbound => self.outbound(),
            MapBox::Transit => self.transit(),
            MapBox::CarrierApproach => self.carrier_approach(),
            _ => {}
        }
    }

    // ---- Inbound events [5.2] and refuelling [5.3] ----

    fn inbound_events(&mut self) {
        let e = self.roll("6", "", &Drms::new());
        match e.result {
            "redirected" => self.redirect_support(),
            "malfunction" => self.malfunction("5.2"),
            "ace_bomber" => {
                self.ace_bomber = true;
                note!(
                    self,
                    "5.2",
                    msg("Ace Bomber today: +1 on every On/Off Target roll"),
                );
            }
            "lady_luck" => {
                self.lady_luck += 1;
                note!(self, "5.2", msg("Lady Luck smiles: one re-roll token"));
            }
            "weather_change" => self.weather_changes("5.2"),
            _ => {}
        }
        if self.down() {
            return;
        }
        self.aerial_refuel();
    }

    pub(crate) fn weather_changes(&mut self, rule: &'static str) {
        self.target_weather = self.target_weather.turned();
        note!(
            self,
            rule,
            msg("The weather over the target turns {weather}")
                .term("weather", self.target_weather.name()),
        );
    }

    /// Table 6 Note C: some support counters are sent elsewhere, picked at random.
    fn redirect_support(&mut self) {
        let n = self.roll("6 C", "", &Drms::new());
        let ready: Vec<usize> = (0..self.units.len())
            .filter(|&i| self.units[i].status == UnitStatus::Ready)
            .collect();
        let count = if n.is("all") {
            ready.len()
        } else {
            (n.number() as usize).min(ready.len())
        };
        let mut pool = ready;
        for _ in 0..count {
            let out_of = pool.len();
            let i = pool.remove(self.rng.index(out_of));
            self.units[i].status = UnitStatus::Redirected;
            let name = &self.units[i].spec().name;
            self.log.add_with(
                "5.2",
                msg("{unit} is redirected").arg("unit", name),
                vec![Random::Pick {
                    picked: name.clone(),
                    out_of,
                }],
            );
        }
    }

    /// Aerial Refuel box: always High [5.3, R7].
    fn aerial_refuel(&mut self) {
        self.at = MapBox::AerialRefuel;
        self.altitude = Altitude::High;
        note!(self, "5.3", msg("Aerial Refuel at High altitude"));
        self.npc_refuels();
        if self.damage.low_only() || self.damage.probe_lost() {
            note!(
                self,
                "5.3",
                msg("The Skyhawk cannot meet the tanker: mission aborted"),
            );
            self.no_refuel = true;
            self.step = Step::Altitude(MapBox::Transit);
            return;
        }
        match self.tanker(self.target_weather) {
            Tanker::Refuelled => self.step = Step::Altitude(MapBox::SupportAttacks),
            Tanker::Unable => {
                note!(
                    self,
                    "5.3.1",
                    msg("Unable to take on fuel: mission aborted")
                );
                self.step = Step::Altitude(MapBox::Transit);
            }
            Tanker::Lost => {}
        }
    }

    /// Table 9 and its Note A; on a collision the pilot's fate [5.3.1].
    fn tanker(&mut self, weather: Weather) -> Tanker {
        let r = self.roll("9", "", &Drms::new());
        if r.is("refuelled") {
            return Tanker::Refuelled;
        }
        let mut d = self.pilot_drms();
        d.weather(weather)
            .when(
                self.damage.destroyed(SubSystem::ComNav),
                "com_nav_destroyed",
                n_("Com/Nav destroyed"),
            )
            .when(
                self.damage.destroyed(SubSystem::Hydraulics),
                "hydraulics_destroyed",
                n_("Hydraulics destroyed"),
            );
        let a = self.roll("9 A", "", &d);
        match a.result {
            "corrected" => Tanker::Refuelled,
            "unable" => {
                self.no_refuel = true;
                Tanker::Unable
            }
            _ => {
                note!(self, "5.3.1", msg("The Skyhawk collides with the tanker"));
                let f = self.roll("9 B", "", &Drms::new());
                if f.is("bail_out") {
                    self.bail_out();
                } else {
                    self.pilot_killed(msg("The pilot dies in the collision"));
                }
                Tanker::Lost
            }
        }
    }

    /// Table 7 in one of its columns: "ok", "bingo" or "divert".
    pub(crate) fn fuel_check(&mut self, column: &'static str) -> &'static str {
        let d = self.fuel_check_drms(column);
        self.roll("7", column, &d).result
    }

    /// The modifiers of a Table 7 fuel check in `column` [5.3.1].
    pub(crate) fn fuel_check_drms(&self, column: &str) -> Drms {
        let extra_fuel = self.loadout.extra_fuel(&self.target().route_package);
        let carrier = column == "carrier_approach";
        let weather = if carrier {
            self.recovery_weather
        } else {
            self.target_weather
        };
        let home = column == "outbound" || carrier;
        let mut d = self.pilot_drms();
        d.times(
            if column == "re_attack" {
                i32::from(self.re_attacks)
            } else {
                0
            },
            "per_re_attack",
            "re-attacks already made",
        )
        .when(
            self.damage.destroyed(SubSystem::Fuel),
            "fuel_destroyed",
            n_("Fuel destroyed"),
        )
        .when(
            self.damage.section_destroyed(Section::Engine),
            "engine_destroyed",
            n_("Engine destroyed"),
        )
        .when(
            self.damage.tank_pylon_lost,
            "tank_pylon_lost",
            n_("a tank pylon was shot away"),
        )
        .weather(weather)
        .when(
            home && self.damage.destroyed(SubSystem::ComNav),
            "com_nav_destroyed",
            n_("Com/Nav destroyed"),
        )
        .when(
            carrier && self.navigation_problem,
            "navigation_problem",
            n_("navigation problem"),
        )
        .when(
            extra_fuel,
            "extra_fuel",
            n_("150 gallons above the minimum"),
        );
        d
    }

    /// Everything still hanging on the pylons goes (tanks stay) [5.3.1, 6.3, 6.6].
    pub(crate) fn jettison(&mut self, rule: &'static str) {
        if self.has_ordnance() {
            self.loadout.stations = [None; 5];
            note!(self, rule, msg("Remaining ordnance jettisoned"));
        }
    }

    fn bingo(&mut self, rule: &'static str) {
        note!(self, rule, msg("Bingo fuel: the Skyhawk turns for home"));
        self.jettison(rule);
        self.step = Step::Altitude(MapBox::Transit);
    }

    // ---- Support Attacks [5.4] ----

    fn support_attacks(&mut self) {
        self.over_north = true;
        if self.fuel_check("support_attacks") == "bingo" {
            self.bingo("5.3.1");
            return;
        }
        self.start_cycle(MapBox::SupportAttacks);
    }

    /// The support cycle of a box is over (or the Skyhawk was lost in it).
    pub(crate) fn after_cycle(&mut self, b: MapBox) {
        if self.down() || self.dive_home() {
            return;
        }
        match b {
            MapBox::SupportAttacks => {}
            MapBox::TargetApproach => self.target_sam_fires(),
            MapBox::TargetAttack => {
                if !self.bingo_pending {
                    self.attack_run();
                }
                self.update_target_sam();
                self.target_sam_fires();
            }
            _ => self.target_sam_fires(),
        }
        if self.down() || self.bingo_home() {
            return;
        }
        match b {
            MapBox::SupportAttacks => self.approach(),
            MapBox::TargetApproach => self.step = Step::AttackChoice,
            MapBox::TargetAttack => self.step = Step::Altitude(MapBox::TargetExit),
            _ => {
                self.smoke = false;
                self.clean_run = false;
                self.flak_trap = false;
                if self.any_usable_group() {
                    self.step = Step::ReAttackOrHome;
                } else {
                    self.go_home("6.3");
                }
            }
        }
    }

    /// On to Target Approach: the Iron Hand radar is set before the box [6.2.3].
    pub(crate) fn approach(&mut self) {
        self.at = MapBox::TargetApproach;
        if self.target().iron_hand() {
            if self.target_sam.knocked_out() {
            } else if self.target_sam.suppressed() {
                self.target_sam.radar_on = false;
                note!(
                    self,
                    "6.2.3",
                    msg("The suppressed target SAM site fires by hand: radar off"),
                );
            } else {
                let r = self.roll("13 radar", "", &Drms::new());
                self.target_sam.radar_on = r.is("on");
            }
        }
        self.step = Step::Altitude(MapBox::TargetApproach);
    }

    /// The pilot declared the run: altitude and weapon group (R9).
    pub(crate) fn declare_attack(&mut self, altitude: Altitude, group: Option<Group>) {
        self.declared = group;
        self.at = MapBox::TargetAttack;
        self.altitude = altitude;
        let what = match group {
            Some(g) => self.group_label(g),
            None => "no usable weapon".into(),
        };
        note!(
            self,
            "6.2",
            msg("Target Attack at {altitude} altitude with {weapon}")
                .term("altitude", altitude.name())
                .arg("weapon", what),
        );
        self.start_cycle(MapBox::TargetAttack);
    }

    /// Going home from Target Exit (or after a dive-away): ordnance and support leave [6.3].
    pub(crate) fn go_home(&mut self, rule: &'static str) {
        self.jettison(rule);
        for u in &mut self.units {
            if u.status == UnitStatus::Ready {
                u.status = UnitStatus::Gone;
            }
        }
        self.migs_gone = true;
        note!(self, rule, msg("The Skyhawk heads out to sea"));
        self.step = Step::Altitude(MapBox::Outbound);
    }

    // ---- Re-attack [6.3.1] ----

    fn re_attack(&mut self) {
        if self.fuel_check("re_attack") == "bingo" {
            self.bingo("5.3.1");
            return;
        }
        self.re_attacks += 1;
        let e = self.roll("14", "", &Drms::new());
        match e.result {
            "malfunction" => self.malfunction("6.3.1"),
            "smoke" => self.smoke = true,
            "weather_change" => self.weather_changes("6.3.1"),
            "flak_trap" => self.flak_trap = true,
            "clean_run" => self.clean_run = true,
            "migs" => {
                note!(self, "6.3.1", msg("MiGs jump the Skyhawk!"));
                self.step = Step::MigGroup;
                return;
            }
            _ => {}
        }
        if self.down() {
            return;
        }
        self.approach();
    }

    /// Table 14 Note C: fight the MiGs with the guns.
    pub(crate) fn engage_migs(&mut self) {
        self.jettison("6.3.1");
        for side in 0..2 {
            if !self.damage.cannons[side] && self.ammo[side] > 0 {
                self.ammo[side] -= 1;
            }
        }
        let d = self.mig_engagement_drms();
        let r = self.roll("14 C", "", &d);
        match r.result {
            "kill" => {
                self.mig_kill = true;
                note!(self, "6.3.1", msg("A MiG goes down!"));
            }
            "escapes" => note!(self, "6.3.1", msg("The MiGs break off")),
            _ => {
                let hits = r.number();
                self.take_hits(hits as u8);
                if self.down() {
                    return;
                }
            }
        }
        self.go_home("6.3.1");
    }

    /// The modifiers of the gun fight with the MiGs (Table 14 C) [6.3.1].
    pub(crate) fn mig_engagement_drms(&self) -> Drms {
        let mut d = self.pilot_drms();
        d.when(
            self.damage.working_cannons() == 1,
            "one_cannon",
            n_("one cannon"),
        )
        .when(
            self.damage.destroyed(SubSystem::Avionics),
            "avionics_destroyed",
            n_("Avionics destroyed"),
        );
        d
    }

    /// The Table 12 column and modifiers of the MiG attack on a Skyhawk pressing on at
    /// `altitude` [6.3.1].
    pub(crate) fn press_on_roll(&self, altitude: Altitude) -> (&'static str, Drms) {
        let column = table12_column(NvBoxKind::Mig, altitude).unwrap_or("mig_low");
        let mut d = self.pilot_drms();
        d.weather(self.target_weather);
        (column, d)
    }

    /// Table 14 Note C, pressing on: one MiG attack on Table 12 at the current altitude.
    pub(crate) fn press_on(&mut self) {
        self.mig_source = MigSource::ReAttack;
        let (column, d) = self.press_on_roll(self.altitude);
        let r = self.roll("12", column, &d);
        let hits = r.number() as u8;
        if r.result.ends_with('*') {
            self.start_mig_star(hits);
        } else {
            self.take_hits(hits);
            self.after_press_on();
        }
    }

    pub(crate) fn after_press_on(&mut self) {
        if self.down() || self.dive_home() || self.bingo_home() {
            return;
        }
        self.approach();
    }

    /// After a dive-away from the MiGs: straight to Outbound (R54). `true` if it happened.
    fn dive_home(&mut self) -> bool {
        if !self.dived_away {
            return false;
        }
        self.dived_away = false;
        self.go_home("5.4.2");
        true
    }

    /// After a Bingo from a tank pylon hit, once the box's fire is over (R61).
    fn bingo_home(&mut self) -> bool {
        if !self.bingo_pending {
            return false;
        }
        self.bingo_pending = false;
        self.bingo("5.11");
        true
    }

    // ---- The way home [6.4–6.6] ----

    fn outbound(&mut self) {
        if self.fuel_check("outbound") == "divert" {
            self.divert();
            if self.down() {
                return;
            }
        }
        self.step = Step::Altitude(MapBox::Transit);
    }

    /// Bingo – divert to a tanker [5.3.1, 5.3.2]; `false` when the Skyhawk could not take on
    /// fuel (it then flies on without refuelling).
    fn divert(&mut self) -> bool {
        if !self.can_refuel() {
            self.no_refuel = true;
            note!(
                self,
                "5.3.2",
                msg("No tanker can help: the Skyhawk must make it on what it has"),
            );
            return false;
        }
        note!(self, "5.3.1", msg("Bingo fuel: divert to the tanker"));
        let weather = if self.at == MapBox::Outbound {
            self.target_weather
        } else {
            self.recovery_weather
        };
        match self.tanker(weather) {
            Tanker::Refuelled => true,
            Tanker::Unable => {
                note!(self, "5.3.1", msg("Unable to take on fuel"));
                false
            }
            Tanker::Lost => false,
        }
    }

    /// S-6: the fuel-state roll of a Skyhawk that cannot refuel [6.5, 6.6]. `false` on a
    /// flame-out (the pilot has bailed out).
    fn fuel_state(&mut self) -> bool {
        let d = self.fuel_state_drms();
        let r = self.roll("S-6", "", &d);
        if r.is("flame_out") {
            note!(self, "6.5", msg("Flame-out: the tanks are dry"));
            self.bail_out();
            return false;
        }
        true
    }

    /// The modifiers of the S-6 fuel-state roll [6.5, 6.6].
    pub(crate) fn fuel_state_drms(&self) -> Drms {
        let mut d = self.pilot_drms();
        // Optional 15.4: one checked Fuel box already counts [6.5, 6.6].
        let fuel = if self.damage.destroyed(SubSystem::Fuel) {
            n_("Fuel destroyed")
        } else {
            n_("a Fuel box checked (15.4)")
        };
        d.when(
            self.subsystem_hurts(SubSystem::Fuel),
            "fuel_destroyed",
            fuel,
        )
        .when(
            self.navigation_problem,
            "navigation_problem",
            n_("navigation problem"),
        );
        d
    }

    fn transit(&mut self) {
        if !self.can_refuel() && !self.fuel_state() {
            return;
        }
        let engine_boxes = i32::from(self.damage.sections[Section::Engine as usize]);
        let mut d = Drms::new();
        d.times(engine_boxes, "per_engine_box", n_("Engine boxes checked"))
            .when(
                self.damage.destroyed(SubSystem::Fuel),
                "fuel_destroyed",
                n_("Fuel destroyed"),
            );
        let e = self.roll("17", "", &d);
        match e.result {
            "malfunction" => self.malfunction("6.5"),
            "carrier_weather" => {
                self.recovery_weather = self.recovery_weather.worse();
                note!(
                    self,
                    "6.5",
                    msg("The weather at the carrier turns {weather}")
                        .term("weather", self.recovery_weather.name()),
                );
            }
            "navigation" => {
                self.navigation_problem = true;
                note!(self, "6.5", msg("Navigation problem"));
            }
            "engine" => {
                let mut d = Drms::new();
                d.times(engine_boxes, "per_engine_box", n_("Engine boxes checked"));
                let r = self.roll("17 E", "", &d);
                if r.is("failed") {
                    note!(self, "6.5", msg("The engine quits"));
                    self.bail_out();
                    return;
                }
            }
            _ => {}
        }
        if self.down() {
            return;
        }
        self.step = Step::Altitude(MapBox::CarrierApproach);
    }

    fn carrier_approach(&mut self) {
        if !self.recovery_fuel() {
            return;
        }
        self.jettison("6.6");
        self.landing();
    }

    /// The fuel step of Carrier Approach and of a wave-off [6.6, Table 18 Note B]: `true` when
    /// the Skyhawk may go on to the deck. Otherwise it has bailed out, or it is sent back to
    /// Transit to Carrier without refuelling (R14).
    pub(crate) fn recovery_fuel(&mut self) -> bool {
        if self.can_refuel() {
            if self.fuel_check("carrier_approach") == "divert" && !self.divert() {
                if !self.down() {
                    note!(self, "5.3.1", msg("Back to Transit to Carrier"));
                    self.step = Step::Altitude(MapBox::Transit);
                }
                return false;
            }
            !self.down()
        } else {
            self.fuel_state()
        }
    }

    /// Table 6 Note A (also used by Tables 3.1, 14 and 17): one sub-system box checked.
    pub(crate) fn malfunction(&mut self, rule: &'static str) {
        let r = self.roll("6 A", "", &Drms::new());
        note!(self, rule, msg("Sub-system malfunction"));
        self.damage_effect(r.result);
    }
}

/// How a tanker rendezvous ended.
enum Tanker {
    Refuelled,
    Unable,
    Lost,
}

/// A NV box's Table 12 column at an altitude, or `None` where it cannot fire [5.4.1.1].
pub(crate) fn table12_column(kind: NvBoxKind, altitude: Altitude) -> Option<&'static str> {
    use Altitude::*;
    use NvBoxKind::*;
    Some(match (kind, altitude) {
        (Sa, Low) => "sa_low",
        (Sa, _) | (Sam, Low) => return None,
        (Aaa, Low) => "aaa_low",
        (Aaa, Medium) => "aaa_medium",
        (Aaa, High) => "aaa_high",
        (Sam, Medium) => "sam_medium",
        (Sam, High) => "sam_high",
        (Mig, Low) => "mig_low",
        (Mig, Medium) => "mig_medium",
        (Mig, High) => "mig_high",
    })
}

/// Whether a weapon is the Bullpup for the +1 of [3.3].
pub(crate) fn bullpup(group: Option<Group>) -> bool {
    group.is_some_and(|g| g.weapon.is_bullpup())
}
