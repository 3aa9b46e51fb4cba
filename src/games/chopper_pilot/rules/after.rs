//! After the Tactical Map: the way home on the Operations Map (the Return Event card, the
//! landing at base) and the post-mission bookkeeping: success, victory points, skill points,
//! wounds and the Base Mat, replacements, experience and the Luck Factor, the Cobra
//! transition [7.2 steps 6-8, 7.4, 9.6, 10].

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::content::{BioKind, CampaignId, MissionKind, SuccessKind, System, What, data};
use super::roll::{Modifier, roll};
use super::state::{Assignment, ChopperPilot, CrewMember, Health, HeloStatus, Phase};
use super::tactical::TacPlan;
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{msg, n_};

/// A skill of the lead crew [10.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Skill {
    Flying,
    Perception,
    Gunnery,
}

impl Skill {
    pub fn name(self) -> &'static str {
        match self {
            Skill::Flying => n_("Flying Ability"),
            Skill::Perception => n_("Perception"),
            Skill::Gunnery => n_("Gunnery"),
        }
    }

    pub fn of(self, m: &CrewMember) -> u8 {
        match self {
            Skill::Flying => m.flying,
            Skill::Perception => m.perception,
            Skill::Gunnery => m.gunnery,
        }
    }

    fn of_mut(self, m: &mut CrewMember) -> &mut u8 {
        match self {
            Skill::Flying => &mut m.flying,
            Skill::Perception => &mut m.perception,
            Skill::Gunnery => &mut m.gunnery,
        }
    }
}

impl ChopperPilot {
    /// T0 from the mission in hand: its briefing, or the template an event put in its place.
    pub(super) fn enter_tactical(&mut self) {
        match self.mission().assignment.clone() {
            Assignment::Briefing(n) => {
                let b = data().mission(n).expect("flown from the briefings");
                let plan = TacPlan {
                    layout: b.tac.layout.clone(),
                    entry: &b.tac.entry,
                    exit: &b.tac.exit,
                    lz: b.tac.lz.as_deref(),
                    search_start: b.tac.search_start.as_deref(),
                    preplaced: b
                        .preplaced
                        .iter()
                        .map(|p| (p.unit.as_str(), p.hex.as_str()))
                        .collect(),
                    terrain: b
                        .preplaced
                        .iter()
                        .filter_map(|p| Some((p.hex.as_str(), p.terrain.as_deref()?)))
                        .collect(),
                    red_enemies: 0,
                    success: b.success,
                    own_enemies: matches!(b.kind, MissionKind::SD | MissionKind::CAS),
                };
                self.setup_tactical(plan);
            }
            Assignment::Template(id) => self.template_tactical(&id),
        }
    }

    /// An event's mission: one Tactical Map rolled on 1D6, entry and exit on the short edges,
    /// the landing zone or search in the middle (digest G14's templates).
    fn template_tactical(&mut self, id: &str) {
        let t = data().template(id).expect("checked: templates exist");
        let r = d6(&mut self.rng);
        let map = r.total as u8;
        self.log.add_with(
            "7.3",
            msg("{title}: Tactical Map {map}")
                .arg("title", &t.title)
                .arg("map", map),
            vec![Random::Dice(r)],
        );
        let hex = |cr: &str| format!("{map}/{cr}");
        let (entry, exit, mid, far) = (hex("0111"), hex("3811"), hex("1911"), hex("3011"));
        let kind = t.kind;
        let search = matches!(kind, MissionKind::SAR);
        let lz = if id.starts_with('S') && kind == MissionKind::EX {
            far.clone()
        } else {
            mid.clone()
        };
        let mut preplaced: Vec<(&str, &str)> = Vec::new();
        let (red, success) = match kind {
            MissionKind::EX if id.starts_with('S') => {
                preplaced.push(("sog_team", &lz));
                (3, SuccessKind::Extraction)
            }
            MissionKind::EX => {
                preplaced.extend([
                    ("us_army_ft", lz.as_str()),
                    ("us_army_ft", &lz),
                    ("wounded", &lz),
                ]);
                (2, SuccessKind::Extraction)
            }
            MissionKind::MV => {
                preplaced.extend([
                    ("us_army_ft", lz.as_str()),
                    ("wounded", &lz),
                    ("wounded", &lz),
                ]);
                (1, SuccessKind::Extraction)
            }
            MissionKind::RS => {
                preplaced.extend([("us_army_ft", lz.as_str()), ("us_army_ft", &lz)]);
                (0, SuccessKind::Delivery)
            }
            _ => (0, SuccessKind::Rescue),
        };
        if kind == MissionKind::RS {
            let hueys: Vec<usize> = (0..self.mission().flight.len())
                .filter(|h| self.mission().flight[*h].flying())
                .collect();
            for (i, h) in hueys.iter().cycle().take(2).enumerate() {
                if self.mission().flight[*h].free_boxes() > 0 || i >= hueys.len() * 2 {
                    self.mission_mut().flight[*h]
                        .passengers
                        .push(super::state::Passenger {
                            unit: "supplies".into(),
                            damaged: false,
                            objective: false,
                            crew_of: None,
                        });
                }
            }
        }
        self.mission_mut().success = Some(success);
        self.setup_tactical(TacPlan {
            layout: vec![vec![map]],
            entry: &entry,
            exit: &exit,
            lz: (!search).then_some(lz.as_str()),
            search_start: search.then_some(mid.as_str()),
            preplaced,
            terrain: Vec::new(),
            red_enemies: red,
            success,
            own_enemies: red > 0,
        });
        if kind == MissionKind::RS
            && let Some(lz) = self.tac().lz
        {
            self.tac_mut().strikes.push(super::tactical::Strike {
                kind: super::tactical::StrikeKind::Mortar,
                hex: lz,
                turn: 3,
            });
        }
    }

    /// T7: the tactical part is over; the helicopters that left the map fly home, or, with
    /// none left flying, the mission goes straight to its bookkeeping [8.8].
    pub(super) fn finish_tactical(&mut self) {
        self.log
            .add("8.8", msg("The tactical part of the mission is over"));
        let flying = self.mission().flight.iter().any(|h| h.flying());
        if flying {
            let last = self.mission().route.len() - 1;
            self.mission_mut().returning = true;
            self.mission_mut().at = last;
            self.phase = Phase::Return { at: last };
        } else {
            self.post_mission();
        }
    }

    /// O6-O7: the flight flies one point back along its route: the Return Event card at the
    /// first return waypoint, the landing at base [7.2, 7.4].
    pub(super) fn fly_back(&mut self) {
        let last = self.mission().route.len() - 1;
        let m = self.mission_mut();
        m.at -= 1;
        let at = m.at;
        let point = m.route[at].clone();
        self.log
            .add("7.4", msg("The flight reaches {point}").arg("point", point));
        if at + 1 == last && at > 0 {
            let drawn = self.decks.back.draw(&mut self.rng);
            if let Some(drawn) = drawn {
                self.decks.back.discard(drawn.card);
                self.resolve_card(drawn.card, "7.4");
            }
        }
        if at == 0 {
            self.land_at_base();
            if !matches!(self.phase, Phase::PilotLost) {
                self.post_mission();
            }
            return;
        }
        self.run_steps();
    }

    /// O7: F3 for your helicopter landing at base: weather, damage and Flying Ability count
    /// (digest G11).
    fn land_at_base(&mut self) {
        let h = self.mission().yours;
        if !self.mission().flight[h].flying() {
            return;
        }
        let mut m: Vec<Modifier> = vec![(
            Cow::Borrowed("Flying Ability"),
            i32::from(self.best_skill(h, |c| c.flying, true)),
        )];
        m.push((Cow::Borrowed("weather"), self.weather_value(|w| w.f3)));
        let damage = self.damage_drm(h, |e| e.f3);
        m.push((Cow::Borrowed("damage"), damage));
        let events: i32 = self
            .mission()
            .modifiers
            .iter()
            .filter(|(t, _)| t == "F3")
            .map(|(_, (_, v))| v)
            .sum::<i32>()
            + self
                .mission()
                .later
                .iter()
                .filter_map(|w| match w {
                    What::Modifier { table, value } if table == "F3" => Some(*value),
                    _ => None,
                })
                .sum::<i32>();
        m.push((Cow::Borrowed("events"), events));
        m.retain(|(_, v)| *v != 0);
        match self.lucky_roll(h, "F3", &m, |r| r == "crash").as_str() {
            "crash" => {
                self.mission_mut().flight[h].status = HeloStatus::Down;
                let seats = self.mission().flight[h].seats.len();
                let seat = self.rng.index(seats);
                note!(
                    self,
                    "7.4",
                    msg("A crash landing at base: the helicopter is written off"),
                );
                self.wound(h, seat);
                self.sync_crew(h);
            }
            "hard" => {
                let rolled = roll(&mut self.rng, &mut self.log, "C1", &[]);
                let cell = rolled.result();
                // Crew and cabin results are ignored on a hard landing (digest G11).
                if let Some(s) = System::from_c1(cell) {
                    self.check_box(h, s);
                }
            }
            _ => {}
        }
        self.check_pilot();
    }

    /// Whether the mission succeeded, judged by its kind (digest section 5.1).
    pub fn mission_success(&self) -> bool {
        let m = self.mission();
        let Some(kind) = m.success else { return false };
        let Some(t) = &m.tac else {
            return false;
        };
        let home: Vec<&super::state::Passenger> = m
            .flight
            .iter()
            .filter(|h| h.flying())
            .flat_map(|h| h.passengers.iter())
            .collect();
        match kind {
            SuccessKind::Delivery => t.to_deliver == 0 || t.delivered * 2 >= t.to_deliver,
            SuccessKind::Extraction => {
                let out = home.iter().filter(|p| p.objective).count() as u8 + m.rescued;
                t.objectives > 0 && out * 2 >= t.objectives
            }
            SuccessKind::Rescue => home.iter().any(|p| p.objective) || m.rescued > 0,
            SuccessKind::Destroy => t.enemies > 0 && t.enemies_destroyed * 2 >= t.enemies,
        }
    }

    /// P0-P9: the mission's bookkeeping [10].
    pub(super) fn post_mission(&mut self) {
        self.check_pilot();
        if matches!(self.phase, Phase::PilotLost) {
            return;
        }
        let success = self.mission_success();
        let m = self.mission().clone();
        let seats = m.flight.iter().flat_map(|h| h.seats.iter());
        let wounded = seats
            .clone()
            .any(|s| !s.wounds.is_empty() && s.health != Health::Killed);
        let killed = seats.clone().any(|s| s.health == Health::Killed);
        let lost = m.flight.iter().any(|h| h.status != HeloStatus::Flying);
        let villagers = m.tac.as_ref().map_or(0, |t| t.villagers_killed);
        let m = &m;
        note!(
            self,
            "10.3",
            msg("Mission {number}: {result}")
                .arg("number", m.number)
                .term(
                    "result",
                    if success {
                        n_("a success")
                    } else {
                        n_("a failure")
                    },
                ),
        );
        // P1: victory points.
        if data().campaign(self.campaign).victory_points {
            let vp = [success, !lost, !wounded, !killed, villagers == 0]
                .iter()
                .filter(|x| **x)
                .count() as u32;
            self.victory_points += vp;
            self.mission_vp.push(vp as u8);
            note!(
                self,
                "10.3",
                msg("Victory points this mission: {vp}, in all: {total}")
                    .arg("vp", vp)
                    .arg("total", self.victory_points),
            );
        }
        // P2: skill points.
        let award = match &m.assignment {
            Assignment::Briefing(n) => data().mission(*n).map_or(0, |b| b.skill_points),
            Assignment::Template(t) => data().template(t).map_or(0, |t| t.skill_points),
        };
        let rescued = m.rescued > 0
            || m.flight
                .iter()
                .filter(|h| h.flying())
                .any(|h| h.passengers.iter().any(|p| p.objective));
        let mut points = if success { award } else { 0 };
        for w in &m.later {
            if let What::SkillPoints { n, condition } = w {
                use super::content::Condition;
                let met = match condition {
                    Condition::Always => true,
                    Condition::Success => success,
                    Condition::Rescued | Condition::TeamOut => rescued,
                };
                if met {
                    points += n;
                }
            }
        }
        let bank_max = data().career.skill_points_bank_max;
        self.skill_points = (self.skill_points + points).min(bank_max);
        if points > 0 {
            note!(
                self,
                "10.2",
                msg("Skill points banked: {n}, in the bank now: {bank}")
                    .arg("n", points)
                    .arg("bank", self.skill_points),
            );
        }
        // The mechanics, with the optional repair rule [10.5].
        self.repair_fleet();
        // P3: the Base Mat: those away count down; the new wounds set their missions.
        let flew: Vec<usize> = self.flew_this_mission();
        for (i, member) in self.crew.iter_mut().enumerate() {
            if !flew.contains(&i) && member.away > 0 {
                member.away -= 1;
            }
        }
        let yours = m.yours;
        let max = data().table("F1").value("max_missions").max(0) as u8;
        let seats = m.flight[yours].seats.clone();
        for s in &seats {
            let Some(i) = s.member else { continue };
            let missed: u8 = s.wounds.iter().map(|(_, n)| n).sum::<u8>().min(max);
            let member = &mut self.crew[i];
            member.health = s.health;
            if s.health == Health::Killed || s.health == Health::Captured {
                continue;
            }
            member.health = Health::Fit;
            member.away = missed;
            if missed > 0 {
                let name = member.name.clone();
                note!(
                    self,
                    "9.6",
                    msg("{name} sits out the next missions: {n}")
                        .arg("name", name)
                        .arg("n", missed),
                );
            }
        }
        self.check_pilot();
        if matches!(self.phase, Phase::PilotLost) {
            return;
        }
        self.replace_lost_crew();
        // P6: experience.
        if flew.contains(&0) {
            self.missions_flown += 1;
            self.experience_check();
        }
        self.redirect_or_next_steps();
    }

    /// The crew members who flew this mission in your helicopter.
    fn flew_this_mission(&self) -> Vec<usize> {
        let m = self.mission();
        m.flight[m.yours]
            .seats
            .iter()
            .filter_map(|s| s.member)
            .collect()
    }

    /// Killed or captured crew members are replaced by new men with no skills, from the
    /// unused Crew Bio cards or generic replacements [9.6].
    fn replace_lost_crew(&mut self) {
        for i in 1..self.crew.len() {
            if !matches!(self.crew[i].health, Health::Killed | Health::Captured) {
                continue;
            }
            let position = self.crew[i].position;
            let kind = if position.is_pilot() {
                BioKind::Pilot
            } else {
                BioKind::Gunner
            };
            let used: Vec<String> = self.crew.iter().filter_map(|m| m.bio.clone()).collect();
            let bio = data()
                .bios
                .iter()
                .find(|b| b.kind == kind && !used.contains(&b.id));
            let old = self.crew[i].name.clone();
            self.crew[i] = CrewMember {
                bio: bio.map(|b| b.id.clone()),
                name: bio.map_or_else(|| "Replacement".to_owned(), |b| b.name.clone()),
                position,
                flying: 0,
                perception: 0,
                gunnery: 0,
                health: Health::Fit,
                away: 0,
            };
            note!(
                self,
                "9.6",
                msg("{new} replaces {old}")
                    .arg("new", self.crew[i].name.clone())
                    .arg("old", old),
            );
        }
    }

    /// P6: on reaching 10, 20, 30 missions the pilot may gain a point of Luck [10.1].
    pub(super) fn experience_check(&mut self) {
        let Some(level) = data()
            .experience
            .iter()
            .find(|x| x.missions == self.missions_flown && x.missions > 0)
        else {
            return;
        };
        note!(
            self,
            "10.1",
            msg("Your pilot is now {level}").term("level", level.name.as_str()),
        );
        let Some(from) = level.luck_from else { return };
        let r = d6(&mut self.rng);
        let gain = r.total >= i32::from(from);
        if gain {
            self.luck = (self.luck + 1).min(data().career.luck_max);
        }
        self.log.add_with(
            "10.1",
            msg("Luck Factor {result}: {luck}")
                .term("result", if gain { n_("raised") } else { n_("unchanged") })
                .arg("luck", self.luck),
            vec![Random::Dice(r)],
        );
    }

    /// The pilot's experience level index (0 Average .. 3 Master).
    pub fn experience_level(&self) -> usize {
        data()
            .experience
            .iter()
            .filter(|x| self.missions_flown >= x.missions)
            .count()
            .saturating_sub(1)
    }

    /// P5 and P7 as decisions, then the next mission.
    fn redirect_or_next_steps(&mut self) {
        if self.cobra_check() {
            self.phase = Phase::CobraOffer;
            return;
        }
        self.after_cobra();
    }

    /// E4: a Huey pilot of the Primary tour, Veteran or better, after mission 113 or later
    /// may be offered a Cobra; a Master is offered one without a roll (digest G10).
    fn cobra_check(&mut self) -> bool {
        let e4 = data().table("E4");
        let level = self.experience_level();
        if self.campaign != CampaignId::Primary
            || self.cobra_pilot
            || level < 1
            || self.mission().number < e4.value("from_mission") as u16
        {
            return false;
        }
        if level >= 3 {
            return true;
        }
        let flying = i32::from(self.crew[0].flying);
        let mut m: Vec<Modifier> = vec![(Cow::Borrowed("Flying Ability"), flying)];
        if level >= 2 {
            m.push((Cow::Borrowed("Expert"), e4.value("expert")));
        }
        m.retain(|(_, v)| *v != 0);
        roll(&mut self.rng, &mut self.log, "E4", &m).result() == "offer"
    }

    /// P7 answered: a Cobra pilot keeps his co-pilot; both gain Gunnery, the door gunners
    /// stay with the Hueys [5.2].
    pub(super) fn answer_cobra(&mut self, accept: bool) {
        if accept {
            self.cobra_pilot = true;
            note!(
                self,
                "5.2",
                msg("You transition to the AH-1 Cobra with your co-pilot"),
            );
        } else {
            note!(self, "5.2", msg("You stay with the Hueys"));
        }
        self.after_cobra();
    }

    fn after_cobra(&mut self) {
        if !self.trainable().is_empty() {
            self.phase = Phase::Training;
        } else {
            self.next_mission();
        }
    }

    /// P5: the skills the bank can buy now: 5 points a level, up to +2 [10.2]. Cobra crews
    /// shoot too; a Huey's pilots do not.
    pub(super) fn trainable(&self) -> Vec<(usize, Skill)> {
        let c = &data().career;
        if self.skill_points < c.skill_cost {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, m) in self.crew.iter().enumerate() {
            if matches!(m.health, Health::Killed | Health::Captured) {
                continue;
            }
            let skills: &[Skill] = if m.position.is_pilot() {
                if self.cobra_pilot {
                    &[Skill::Flying, Skill::Perception, Skill::Gunnery]
                } else {
                    &[Skill::Flying, Skill::Perception]
                }
            } else {
                &[Skill::Gunnery]
            };
            for s in skills {
                if s.of(m) < c.skill_max {
                    out.push((i, *s));
                }
            }
        }
        out
    }

    pub(super) fn train(&mut self, member: usize, skill: Skill) {
        let cost = data().career.skill_cost;
        self.skill_points -= cost;
        let m = &mut self.crew[member];
        *skill.of_mut(m) += 1;
        let (name, level) = (m.name.clone(), skill.of(m));
        note!(
            self,
            "10.2",
            msg("{name}: {skill} +{level}")
                .arg("name", name)
                .term("skill", skill.name())
                .arg("level", level),
        );
        if self.trainable().is_empty() {
            self.next_mission();
        }
    }
}
