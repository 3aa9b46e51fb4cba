//! The campaign (digest 3.1, 3.5, 4.1, 4.11; rulebook p.5–7, p.14–17): starting Special
//! Options, the squadron, promotions, the days, Down Time, the debriefing and the outcome.

use super::cards::Status;
use super::content::{Damage, Duration, Level, Phase, data};
use super::state::*;
use crate::engine::cup::Cup;
use crate::engine::deck::Deck;
use crate::engine::game::SetupError;
use crate::engine::log::{Log, Random};
use crate::engine::message::{Message, msg, msg_n, n_};
use crate::engine::play::Playable;
use crate::engine::rng::Rng;

/// The campaign outcomes, worst first (digest 8.2; only "Adequate" is named in the rulebook).
pub const OUTCOMES: [&str; 5] = [
    n_("Dismal"),
    n_("Poor"),
    n_("Adequate"),
    n_("Good"),
    n_("Great"),
];

impl PhantomLeader {
    /// A new campaign on `sheet` for `duration`: decks shuffled, tracks at Start, Special
    /// Options from the sheet and the options (CS3–CS5); the squadron is picked next.
    pub fn new(
        sheet: &str,
        duration: Duration,
        options: &Options,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let c = super::content::content().map_err(|e| SetupError::Content(e.to_string()))?;
        let s = c
            .sheet(sheet)
            .ok_or_else(|| SetupError::UnknownScenario(sheet.to_owned()))?;
        let d = duration.index();
        let special_options = s.special_options[d]
            + option_points(options, s, duration, true).map_err(SetupError::invalid)?;
        check_adjustments(&options.adjustments)?;
        let mut rng = Rng::for_game(seed);
        // Named so that a script can arrange their draws (docs/action-scripts.md).
        let targets = Deck::shuffled(s.targets().collect(), &mut rng).named("target");
        let events =
            Deck::shuffled(c.events.iter().map(|e| e.id).collect(), &mut rng).named("event");
        let expand = |counts: Vec<u8>| -> Vec<usize> {
            counts
                .iter()
                .enumerate()
                .flat_map(|(i, &n)| std::iter::repeat_n(i, usize::from(n)))
                .collect()
        };
        let mut game = PhantomLeader {
            options: options.clone(),
            sheet: s.id.clone(),
            duration,
            special_options,
            tracks: Tracks::default(),
            squadron: Vec::new(),
            targets,
            events,
            defense_cup: Cup::new(expand(c.defense_counters.iter().map(|x| x.count).collect()))
                .named("defense"),
            angle_cup: Cup::new(expand(c.angles.iter().map(|x| x.count).collect())).named("angle"),
            day: 0,
            vp: 0,
            days: Vec::new(),
            mission: Mission::default(),
            step: Step::Squadron,
            rng,
            log: Log::default(),
            chain: Vec::new(),
            carried: 0,
            focus: None,
            sheet_at: Default::default(),
        };
        game.special_options += game.adjustment(|a| a.special_options[d]);
        game.log.add(
            "CS5",
            msg("{campaign}: days {days}, Special Option points {so}")
                .term("campaign", s.title.as_str())
                .arg("days", c.days[d])
                .arg("so", game.special_options),
        );
        Ok(game)
    }

    /// How many pilots of each level the squadron needs (p.6, with the sheet's change).
    pub fn composition(&self) -> [u8; 6] {
        let mut want = [0u8; 6];
        for (level, n) in data().composition(self.duration) {
            want[level.index()] = *n;
        }
        for (level, change) in &self.sheet().squadron_change {
            let slot = &mut want[level.index()];
            *slot = slot.saturating_add_signed(*change);
        }
        want
    }

    /// Why a pilot card may not join the squadron, or `None` (CS6; A-40).
    pub fn recruit_refusal(&self, pilot: usize, level: Level) -> Option<&'static str> {
        self.card_refusal(pilot, level).or_else(|| {
            (self.special_options
                + data().pilot_aircraft(pilot).special_options[self.duration.index()]
                < 0)
            .then_some("the squadron cannot afford its Special Option cost")
        })
    }

    pub(super) fn recruit(&mut self, pilot: usize, level: Level) {
        let gain = data().pilot_aircraft(pilot).special_options[self.duration.index()];
        self.special_options += gain;
        self.focus = Some(level);
        self.squadron.push(Pilot {
            pilot,
            level,
            stress: 0,
            xp: 0,
            duty: Duty::Active,
            promotions: 0,
            replaced_by: None,
        });
        self.log.add(
            "CS6",
            msg("{pilot} joins the squadron as {level} ({so} SO)")
                .arg("pilot", &data().pilots[pilot].name)
                .term("level", level.name())
                .arg("so", format_args!("{gain:+}")),
        );
        let full = self.squadron.len()
            == self
                .composition()
                .iter()
                .map(|&n| usize::from(n))
                .sum::<usize>();
        if full {
            self.step = Step::Promotions;
        }
    }

    /// The places of each level still open in the squadron (CS6).
    pub fn open_slots(&self, level: Level) -> usize {
        let have = self.squadron.iter().filter(|p| p.level == level).count();
        usize::from(self.composition()[level.index()]).saturating_sub(have)
    }

    /// The level whose candidates the squadron pick lists: the one the player chose while it
    /// has places open, else the only level left open.
    pub fn focus_level(&self) -> Option<Level> {
        let open: Vec<Level> = Level::ALL
            .into_iter()
            .filter(|&l| self.open_slots(l) > 0)
            .collect();
        self.focus
            .filter(|l| open.contains(l))
            .or_else(|| (open.len() == 1).then(|| open[0]))
    }

    /// The Pilot Promotion Priority's price (p.6).
    pub fn promotion_cost(&self) -> i32 {
        data().tables.priorities.promotion[self.duration.index()]
    }

    pub(super) fn promote_now(&mut self, squad: usize) {
        self.special_options -= self.promotion_cost();
        let p = &mut self.squadron[squad];
        p.level = p.level.next().expect("a promotion below Ace");
        self.log.add(
            "CS7",
            msg("Pilot Promotion: {pilot} is now {level}")
                .arg("pilot", &data().pilots[p.pilot].name)
                .term("level", p.level.name()),
        );
    }

    /// Starts the next day, or ends the campaign after the last (CS9–CS10, M1).
    pub(super) fn next_day(&mut self) {
        self.clear_display();
        if self.day >= self.days_total() {
            self.step = Step::Over;
            let outcome = self.outcome_name();
            self.log.add(
                "CS10",
                msg("Campaign over: {vp} VP, {outcome}")
                    .arg("vp", self.vp)
                    .term("outcome", outcome),
            );
            if self.options.linked
                && let Some(next) = self.next_sheet()
            {
                self.link_next(next);
            }
            return;
        }
        self.day += 1;
        self.mission = Mission::default();
        self.log.add("M1", msg("Day {day}").arg("day", self.day));
        let n = self.recon();
        self.draw_targets(n);
        self.step = Step::Target;
    }

    /// The day's defenses go back to their cups, their Attack Angles to theirs.
    fn clear_display(&mut self) {
        let m = &mut self.mission;
        for d in m.sites.drain(..).chain(m.bandits.drain(..)) {
            if let Some(a) = d.angle {
                self.angle_cup.put_back(a);
            }
            self.defense_cup.put_back(d.counter);
        }
        for k in m.reserved.drain(..) {
            self.defense_cup.put_back(k);
        }
    }

    /// Draws target cards; an empty deck takes the discards back first [p.14; A-26].
    pub(super) fn draw_targets(&mut self, n: u8) {
        let mut drawn = Vec::new();
        for _ in 0..n {
            match self.targets.draw(&mut self.rng) {
                Some(d) => drawn.push(d.card),
                None => break,
            }
        }
        self.log.add_with(
            "M1",
            msg("Target cards drawn: {n}").arg("n", drawn.len()),
            vec![Random::Drawn(
                drawn
                    .iter()
                    .map(|&t| {
                        msg("#{n} {name}")
                            .arg("n", t)
                            .term("name", data().target(t).name.as_str())
                    })
                    .collect(),
            )],
        );
        self.mission.drawn.extend(drawn);
    }

    /// Shifts a track, never left of Start nor onto the last box [p.3, p.14; A-27].
    pub fn shift(&mut self, track: super::content::TrackKind, by: i32) {
        use super::content::TrackKind;
        let s = self.sheet();
        let (pos, len) = match track {
            TrackKind::Recon => (&mut self.tracks.recon, s.recon.len()),
            TrackKind::Intel => (&mut self.tracks.intel, s.intel.len()),
            TrackKind::Politics => (&mut self.tracks.politics, s.politics.len()),
        };
        *pos = (i32::from(*pos) + by).clamp(0, len as i32 - 1) as u8;
    }

    /// Down Time (M3a): the drawn cards are set aside, the tracks slip back, and the
    /// squadron rests [p.8].
    pub(super) fn down_time(&mut self) {
        use super::content::TrackKind;
        for card in std::mem::take(&mut self.mission.drawn) {
            self.targets.discard(card);
        }
        for t in [TrackKind::Politics, TrackKind::Intel, TrackKind::Recon] {
            self.shift(t, -1);
        }
        self.log.add(
            "M3a",
            msg("Down Time: no mission; Politics, Intel and Recon move 1 left"),
        );
        self.debrief();
    }

    /// Debriefing up to the R&R decision (D1–D6).
    pub(super) fn debrief(&mut self) {
        use super::content::TrackKind;
        let c = data();
        let mut vp = 0;
        let mut result = None;
        if let Some(n) = self.mission.target {
            let card = c.target(n);
            let damage = card.damage(self.mission.hits);
            let (points, re, intel) = card.score(damage);
            vp = points + self.fewer_or_more_vp(card, damage);
            self.shift(TrackKind::Recon, i32::from(re));
            self.shift(TrackKind::Intel, i32::from(intel));
            if damage == Damage::Undamaged {
                self.targets.discard(n);
            } else {
                self.targets.remove_from_game(n);
            }
            result = Some(damage);
            self.log.add(
                "D1",
                msg("Target #{n}: {damage} (hits {hits}), {vp} VP")
                    .arg("n", n)
                    .arg("hits", self.mission.hits)
                    .term("damage", damage.name())
                    .arg("vp", vp),
            );
            let stress = self.region_stress(n);
            for i in 0..self.mission.flight.len() {
                let squad = self.mission.flight[i].squad;
                self.squadron[squad].add_stress(stress);
            }
        }
        self.vp += vp;
        let rest = i32::from(c.tables.experience.rest_bonus);
        for i in 0..self.squadron.len() {
            if self.squadron[i].duty != Duty::Active {
                continue;
            }
            let flew = self.mission.flight.iter().any(|s| s.squad == i);
            let cool = i32::from(self.squadron[i].card().cool);
            self.squadron[i].add_stress(-(cool + if flew { 0 } else { rest }));
        }
        // A Down Time day has moved Politics already; by default it moves again.
        if self.mission.target.is_some() || !self.options.single_down_time_politics {
            self.shift(TrackKind::Politics, -1);
        }
        self.days.push(DayRecord {
            day: self.day,
            target: self.mission.target,
            result,
            vp,
            spent: self.mission.spent,
            remaining: self.special_options,
            pilots: Vec::new(),
        });
        self.step = if self.special_options >= c.tables.priorities.rest_cost {
            Step::Rest
        } else {
            self.after_rest();
            return;
        };
    }

    /// Target Stress of the target's region, with the difficulty's adjustment [p.15, p.17].
    fn region_stress(&self, target: u8) -> i32 {
        let base = self
            .sheet()
            .region_of(target)
            .map_or(0, |r| i32::from(r.stress));
        (base + self.adjustment(|a| i32::from(a.stress))).max(0)
    }

    /// The optional rule's VP for flying one more or one fewer aircraft [p.16].
    fn fewer_or_more_vp(&self, card: &super::content::TargetCard, damage: Damage) -> i32 {
        if !self.options.one_less_one_more {
            return 0;
        }
        let counted = self.counted_aircraft() as i32;
        let limit = i32::from(card.max_aircraft);
        if counted > limit {
            -1
        } else if counted < limit && damage == Damage::Destroyed {
            1
        } else {
            0
        }
    }

    /// Aircraft on the mission that count toward the card's limit [p.8].
    pub fn counted_aircraft(&self) -> usize {
        self.mission
            .flight
            .iter()
            .filter(|s| !self.squadron[s.squad].card().aircraft.outside_limit)
            .count()
    }

    /// R&R Priority (D7) taken or not; the rest of the debriefing follows.
    pub(super) fn rest(&mut self, take: bool) {
        if take {
            let p = &data().tables.priorities;
            self.special_options -= p.rest_cost;
            for pilot in self.squadron.iter_mut().filter(|p| p.duty == Duty::Active) {
                pilot.add_stress(-i32::from(p.rest_stress));
            }
            self.log.add("D7", msg("R&R: every pilot loses 2 Stress"));
            if let Some(day) = self.days.last_mut() {
                day.remaining = self.special_options;
            }
        }
        self.after_rest();
    }

    /// SAR outcomes (D8), then the transfer decision (D9).
    fn after_rest(&mut self) {
        for (squad, stress) in std::mem::take(&mut self.mission.rescued) {
            if self.squadron[squad].duty != Duty::Active {
                continue; // he left the squadron for a rescued pilot
            }
            match stress {
                Some(s) => self.squadron[squad].add_stress(i32::from(s)),
                None => self.lose(squad, Duty::Missing),
            }
        }
        self.step = Step::Transfer;
        if !self
            .squadron
            .iter()
            .any(|p| p.duty == Duty::Active && p.status() == Status::Unfit)
        {
            self.finish_debrief();
        }
    }

    /// A pilot leaves: every remaining pilot takes the squadron stress (p.16) and a
    /// replacement arrives (D9–D10).
    pub(super) fn lose(&mut self, squad: usize, why: Duty) {
        let c = data();
        let level = self.squadron[squad].level;
        self.squadron[squad].duty = why;
        let row = c.squadron_stress(level);
        let stress = if why == Duty::Missing {
            row.missing
        } else {
            row.transferred
        };
        for p in self.squadron.iter_mut().filter(|p| p.duty == Duty::Active) {
            p.add_stress(i32::from(stress));
        }
        let used: Vec<&str> = self
            .squadron
            .iter()
            .map(|p| c.pilots[p.pilot].name.as_str())
            .collect();
        let service = self.sheet().service;
        let year = self.year();
        let same_type = &c.pilots[self.squadron[squad].pilot].aircraft;
        let free = |same: bool| -> Vec<usize> {
            (0..c.pilots.len())
                .filter(|&i| !used.contains(&c.pilots[i].name.as_str()))
                .filter(|&i| {
                    let a = c.pilot_aircraft(i);
                    a.service == service
                        && a.in_service(year)
                        && (!same || &c.pilots[i].aircraft == same_type)
                })
                .collect()
        };
        let mut pool = free(true);
        if pool.is_empty() {
            pool = free(false);
        }
        if pool.is_empty() {
            // RULING: every name of the service and year has been used (a long campaign that
            // lost many pilots); the name of a pilot transferred away comes back as a new
            // pilot, so that replacements stay automatic [D10] and the squadron does not
            // empty. Never the name of one still serving or missing (he may be rescued).
            let taken: Vec<usize> = self
                .squadron
                .iter()
                .filter(|p| p.duty != Duty::Transferred)
                .map(|p| p.pilot)
                .collect();
            pool = (0..c.pilots.len())
                .filter(|i| !taken.contains(i))
                .filter(|&i| {
                    let a = c.pilot_aircraft(i);
                    a.service == service && a.in_service(year)
                })
                .collect();
        }
        let name = &c.pilots[self.squadron[squad].pilot].name;
        self.log.add(
            "D9",
            msg("{pilot} leaves the squadron ({why}): +{stress} Stress to every pilot")
                .arg("pilot", name)
                .term("why", why.name())
                .arg("stress", stress),
        );
        if pool.is_empty() {
            return;
        }
        let pick = pool[self.rng.index(pool.len())];
        self.squadron[squad].replaced_by = Some(self.squadron.len());
        self.squadron.push(Pilot {
            pilot: pick,
            level: level.below(),
            stress: 0,
            xp: 0,
            duty: Duty::Active,
            promotions: 0,
            replaced_by: None,
        });
        self.log.add_with(
            "D10",
            msg("{pilot} arrives as a replacement ({level})")
                .arg("pilot", &c.pilots[pick].name)
                .term("level", level.below().name()),
            vec![Random::Pick {
                picked: c.pilots[pick].name.clone(),
                out_of: pool.len(),
            }],
        );
    }

    /// Experience and promotion (D11–D13), then the next day.
    pub(super) fn finish_debrief(&mut self) {
        let c = data();
        let e = &c.tables.experience;
        let destroyed = self
            .mission
            .target
            .is_some_and(|n| c.target(n).damage(self.mission.hits) == Damage::Destroyed);
        let lost = self
            .mission
            .flight
            .iter()
            .any(|s| matches!(s.fate, Fate::Down(_)));
        let bonus = if destroyed && !lost {
            e.destroyed_no_losses
        } else {
            0
        };
        let mut column = Vec::new();
        for i in 0..self.squadron.len() {
            let flew = self
                .mission
                .flight
                .iter()
                .any(|s| s.squad == i && s.fate != Fate::Aborted);
            let gained = if flew && self.squadron[i].duty == Duty::Active {
                e.flew + bonus
            } else {
                0
            };
            let p = &mut self.squadron[i];
            p.xp += gained;
            while let (Some(need), Some(next)) = (p.card().experience, p.level.next()) {
                if p.xp < need || p.duty != Duty::Active {
                    break;
                }
                p.xp -= need;
                p.level = next;
                p.promotions += 1;
                self.log.add(
                    "D12",
                    msg("{pilot} is promoted to {level}")
                        .arg("pilot", &c.pilots[p.pilot].name)
                        .term("level", next.name()),
                );
            }
            if p.duty == Duty::Active {
                column.push((i, p.stress, gained));
            }
        }
        if let Some(day) = self.days.last_mut() {
            day.pilots = column;
        }
        self.next_day();
    }

    /// The outcome of the VP so far on the sheet's chart (CS10).
    pub fn outcome_name(&self) -> &'static str {
        let chart = self.sheet().vp_chart[self.duration.index()];
        OUTCOMES[chart.iter().filter(|&&least| self.vp >= least).count()]
    }

    /// Whether anyone was shot down in that phase of today's mission.
    pub fn downed_in(&self, phase: Phase) -> bool {
        self.mission
            .flight
            .iter()
            .any(|s| s.fate == Fate::Down(phase))
    }
}

/// The Special Option points the optional rules bring or cost on a campaign sheet (CS5). An
/// option the sheet's year rules out is refused at the start (`strict`); in a later campaign
/// of a linked chain it simply lapses.
pub(super) fn option_points(
    options: &Options,
    s: &super::content::Sheet,
    duration: Duration,
    strict: bool,
) -> Result<i32, Message> {
    let c = data();
    let mut points = 0;
    for (on, id) in [
        (options.early_aim9, "early_aim9"),
        (options.one_less_one_more, "one_less_one_more"),
        (options.random_squadron, "random_squadron"),
        (options.high_stress, "high_stress"),
    ] {
        if on {
            let rule = c.optional(id);
            if let Some(last) = rule.last_year.filter(|&last| s.year > last) {
                if strict {
                    let title = <super::PhantomLeader as Playable>::optional_rules()
                        .into_iter()
                        .find(|r| r.key == id)
                        .map_or_else(|| Message::template(id.into()), |r| r.title);
                    return Err(msg("{rule} is for campaigns up to {year}")
                        .message("rule", title)
                        .arg("year", last));
                }
                continue;
            }
            points += rule.special_options[duration.index()];
        }
    }
    Ok(points)
}

/// The difficulty's adjustments: known ids, each at most once, one kind, at most three.
fn check_adjustments(ids: &[String]) -> Result<(), SetupError> {
    let c = data();
    let mut kinds = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        let a = c
            .tables
            .adjustment
            .iter()
            .find(|a| &a.id == id)
            .ok_or_else(|| {
                SetupError::invalid(msg("unknown difficulty adjustment '{id}'").arg("id", id))
            })?;
        if ids[..i].contains(id) {
            return Err(SetupError::invalid(
                msg("adjustment '{id}' taken twice").arg("id", id),
            ));
        }
        kinds.push(a.kind);
    }
    if kinds.windows(2).any(|w| w[0] != w[1]) {
        return Err(SetupError::invalid(msg(
            "a difficulty level takes Advantages or Disadvantages, not both",
        )));
    }
    let most = c
        .tables
        .difficulty
        .iter()
        .map(|d| d.adjustments.unsigned_abs())
        .max()
        .unwrap_or(0);
    if ids.len() > usize::from(most) {
        return Err(SetupError::invalid(
            msg_n("at most {n} adjustment", "at most {n} adjustments", most).arg("n", most),
        ));
    }
    Ok(())
}
