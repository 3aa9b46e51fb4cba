//! The campaigns [14.0–14.4] (digest 3.20): the calendar of a tour on Yankee Station, the
//! Table 28 politics every fourth day, the pilot flying every other day, his advancement and
//! awards, a new pilot from the roster when he is lost, and the victory, medal and unit-award
//! rolls at the end of each tour.

use serde::{Deserialize, Serialize};

use super::content::{CampaignSpec, PartSpec, data};
use super::state::*;
use super::tables::{Drms, TableRoll};
use crate::engine::game::{Outcome, Verdict};
use crate::engine::message::{msg, msg_n, n_};

/// Campaign victory levels (Tables 24, 24.1, 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    NvDecisive,
    NvMarginal,
    Draw,
    UsMarginal,
    UsDecisive,
}

impl Level {
    const ALL: [Level; 5] = [
        Level::NvDecisive,
        Level::NvMarginal,
        Level::Draw,
        Level::UsMarginal,
        Level::UsDecisive,
    ];

    /// The column of Tables 22.1 / 22.2.
    pub fn key(self) -> &'static str {
        match self {
            Level::NvDecisive => "nv_decisive",
            Level::NvMarginal => "nv_marginal",
            Level::Draw => "draw",
            Level::UsMarginal => "us_marginal",
            Level::UsDecisive => "us_decisive",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::NvDecisive => n_("North Vietnamese decisive victory"),
            Level::NvMarginal => n_("North Vietnamese marginal victory"),
            Level::Draw => n_("Draw"),
            Level::UsMarginal => n_("US marginal victory"),
            Level::UsDecisive => n_("US decisive victory"),
        }
    }

    /// Table 25's score of a tour.
    fn score(self) -> i32 {
        self as i32 - 2
    }

    fn verdict(self) -> Verdict {
        match self {
            Level::NvDecisive | Level::NvMarginal => Verdict::Loss,
            Level::Draw => Verdict::Draw,
            _ => Verdict::Win,
        }
    }

    /// The level of a points total on a tour's bands (Table 24 / 24.1).
    fn of_points(points: i32, bands: &[i32]) -> Level {
        let i = bands
            .iter()
            .position(|&b| points <= b)
            .unwrap_or(bands.len());
        Level::ALL[i.min(4)]
    }
}

/// One line of the Campaign Record Sheet [14.0.1].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MissionRecord {
    pub part: u8,
    pub day: u32,
    pub date: String,
    pub pilot: String,
    pub target: String,
    pub winner: Verdict,
    pub on_target: i32,
    pub off_target: i32,
    pub points: i32,
    /// Skyhawks and pilots (killed or captured) lost on the mission [14.1.4].
    #[serde(default)]
    pub skyhawks_lost: u8,
    #[serde(default)]
    pub pilots_lost: u8,
}

impl MissionRecord {
    /// The points the mission counts for the campaign: 14.1.4 takes the losses off.
    pub fn net_points(&self, loss_scoring: bool) -> i32 {
        let s = &data().campaigns.squadron;
        let lost = i32::from(self.skyhawks_lost) * s.skyhawk_lost_points
            + i32::from(self.pilots_lost) * s.pilot_lost_points;
        self.points - if loss_scoring { lost } else { 0 }
    }
}

/// A finished tour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartResult {
    pub part: u8,
    pub points: i32,
    pub level: Level,
    /// The campaign medal roll (Table 22.1 or 22.2) [11.0].
    #[serde(default)]
    pub medal_roll: Option<TableRoll>,
    /// The unit award roll (Table 23), not rolled after an NV victory [11.1].
    #[serde(default)]
    pub unit_roll: Option<TableRoll>,
}

/// A Table 28 roll and the day of the tour it was rolled on [14.1.2].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayRoll {
    pub part: u8,
    pub day: u32,
    pub roll: TableRoll,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    pub id: String,
    /// The tours to fly, in order, and the one being flown.
    pub parts: Vec<u8>,
    pub part_index: usize,
    /// Day of the current tour, 1 = its first date.
    pub day: u32,
    pub records: Vec<MissionRecord>,
    pub results: Vec<PartResult>,
    /// Missions flown by the current pilot (advancement, Air Medals).
    pub pilot_missions: u32,
    /// The roster entry of the current pilot.
    pub roster: usize,
    pub bomb_shortage: bool,
    pub ports_removed: bool,
    pub hanoi_removed: bool,
    pub actress_seen: bool,
    /// Last day of a bombing halt (0: none).
    pub halt_until: u32,
    pub medal_of_honor: bool,
    /// Every award of the campaign, for the Awards Record Sheet.
    pub medals: Vec<String>,
    pub unit_awards: Vec<String>,
    pub final_level: Option<Level>,
    /// The squadron behind the pilot (optional rules 14.0.2, 14.0.3, 14.1.3).
    #[serde(default)]
    pub squadron: super::squadron::Squadron,
    /// Optional 14.1.4: lost Skyhawks and pilots cost points.
    #[serde(default)]
    pub loss_scoring: bool,
    /// Every Table 28 roll so far, for the calendar.
    #[serde(default)]
    pub table28: Vec<DayRoll>,
}

impl Campaign {
    pub fn part(&self) -> &'static PartSpec {
        part_spec(self.parts[self.part_index])
    }

    /// "12 Aug 1966" for a day of the current tour.
    pub fn date(&self) -> String {
        date(self.part(), self.day)
    }

    /// Campaign points: every mission's, less the 14.1.4 losses if played.
    pub fn points(&self) -> i32 {
        self.records
            .iter()
            .map(|r| r.net_points(self.loss_scoring))
            .sum()
    }

    /// The points of one tour.
    fn tour_points(&self, part: u8) -> i32 {
        self.records
            .iter()
            .filter(|r| r.part == part)
            .map(|r| r.net_points(self.loss_scoring))
            .sum()
    }

    pub fn outcome(&self) -> Outcome {
        let level = self.final_level.unwrap_or(Level::Draw);
        Outcome {
            verdict: level.verdict(),
            summary: msg("{level} — points: {points}, missions: {missions}")
                .term("level", level.name())
                .arg("points", self.points())
                .arg("missions", self.records.len()),
            points: Some(self.points()),
        }
    }
}

fn part_spec(number: u8) -> &'static PartSpec {
    let parts = &data().campaigns.part;
    parts
        .iter()
        .find(|p| p.number == number)
        .unwrap_or(&parts[0])
}

const MONTHS: [(&str, u32); 12] = [
    ("Jan", 31),
    ("Feb", 28),
    ("Mar", 31),
    ("Apr", 30),
    ("May", 31),
    ("Jun", 30),
    ("Jul", 31),
    ("Aug", 31),
    ("Sep", 30),
    ("Oct", 31),
    ("Nov", 30),
    ("Dec", 31),
];

/// The calendar date of a tour day.
pub fn date(part: &PartSpec, day: u32) -> String {
    let (month, d) = month_day(part, day);
    format!("{d} {} 1966", MONTHS[month as usize - 1].0)
}

/// The month (1–12) and day of the month of a tour day.
pub fn month_day(part: &PartSpec, day: u32) -> (u32, u32) {
    let mut month = (part.start_month as usize).clamp(1, 12) - 1;
    let mut d = part.start_day + day - 1;
    while d > MONTHS[month].1 && month < 11 {
        d -= MONTHS[month].1;
        month += 1;
    }
    (month as u32 + 1, d)
}

/// A pilot of the VA-72 roster (experience rolled later).
pub fn roster_pilot(index: usize) -> Pilot {
    let roster = &data().roster;
    let p = &roster[index % roster.len()];
    Pilot {
        name: p.name.clone(),
        rank: p.rank.clone(),
        experience: Experience::Experienced,
        wounds: 0,
    }
}

impl Skyhawk {
    /// Table 1 for the pilot now in the cockpit [3.2, 14.1.1].
    pub(crate) fn new_pilot(&mut self) {
        let r = self.roll("1", "", &Drms::new());
        self.pilot.experience = Experience::from_key(r.result);
        note!(
            self,
            "3.2",
            msg("{rank} {name}, VA-72, {experience} pilot")
                .arg("rank", &self.pilot.rank)
                .arg("name", &self.pilot.name)
                .term("experience", self.pilot.experience.name()),
        );
    }

    pub(crate) fn start_campaign(&mut self, spec: &CampaignSpec) {
        self.campaign = Some(Campaign {
            id: spec.id.clone(),
            parts: spec.parts.clone(),
            part_index: 0,
            day: 1,
            records: Vec::new(),
            results: Vec::new(),
            pilot_missions: 0,
            roster: 0,
            bomb_shortage: false,
            ports_removed: false,
            hanoi_removed: false,
            actress_seen: false,
            halt_until: 0,
            medal_of_honor: false,
            medals: Vec::new(),
            unit_awards: Vec::new(),
            final_level: None,
            squadron: Default::default(),
            loss_scoring: self.options.loss_scoring && self.flies_in_divisions(),
            table28: Vec::new(),
        });
        note!(
            self,
            "14.0",
            msg("{campaign} begins").term("campaign", spec.name.clone()),
        );
        self.raise_squadron();
        self.next_flying_day();
    }

    /// The day loop (digest 3.20): Table 28 days, halts, the pilot's flying days (with the
    /// optional rules, the squadron's operations), the end of a tour. Stops at the decision
    /// that opens the next mission or at the end of the campaign.
    pub(crate) fn next_flying_day(&mut self) {
        let c = &data().campaigns;
        loop {
            let Some(k) = self.campaign.as_ref() else {
                return;
            };
            if k.final_level.is_some() {
                return;
            }
            let day = k.day;
            if day > k.part().days {
                self.end_part();
                continue;
            }
            if day % c.table28_every == 0 {
                self.table_28(day);
            }
            if self.campaign.as_ref().is_some_and(|k| k.halt_until >= day) {
                self.end_of_day(false);
                continue;
            }
            if self.player_flies_today(day) {
                if self.options.maintenance {
                    self.step = Step::Divisions;
                } else {
                    self.begin_mission();
                }
                return;
            }
            // The squadron flies (or its operations were cancelled for want of Skyhawks or
            // pilots, and the repairs go on so that they can start again [14.0.2]).
            self.end_of_day(true);
        }
    }

    /// Table 28 and its notes [14.1.2].
    fn table_28(&mut self, day: u32) {
        let halt = data().campaigns.halt_days;
        let roll = self.roll_kept("28", "", &Drms::new());
        let Some(k) = self.campaign.as_mut() else {
            return;
        };
        let part = k.part().number;
        // The actress's visit lasts until the next Table 28 roll.
        k.hanoi_removed = false;
        let text = match roll.result.as_str() {
            "bomb_shortage" => {
                k.bomb_shortage = true;
                msg("Bomb shortage: no Mk 82 bombs until the restrictions are lifted")
            }
            "ports_removed" => {
                k.ports_removed = true;
                msg("Port facilities and minelaying are struck from the target list")
            }
            "restrictions_lifted" => {
                k.bomb_shortage = false;
                k.ports_removed = false;
                msg("Restrictions lifted: bombs and targets are back")
            }
            "actress" if !k.actress_seen => {
                k.actress_seen = true;
                k.hanoi_removed = true;
                msg("A famous actress visits Hanoi: Hanoi targets are off limits for four days")
            }
            "bombing_halt" => {
                k.halt_until = k.halt_until.max(day + halt - 1);
                msg("The President calls a bombing halt for five days")
            }
            _ => msg("No political event"),
        };
        k.table28.push(DayRoll { part, day, roll });
        note!(self, "14.1.2", text);
    }

    /// A mission day: a fresh Mission Record Card, then planning.
    pub(crate) fn begin_mission(&mut self) {
        self.reset_mission();
        let Some(k) = self.campaign.as_ref() else {
            return;
        };
        self.bomb_shortage = k.bomb_shortage;
        let (date, n) = (k.date(), k.records.len() + 1);
        note!(
            self,
            "14.0",
            msg("{date}: mission {n} of the campaign")
                .arg("date", date)
                .arg("n", n),
        );
        self.step = Step::ChooseList;
    }

    /// Whether a target is off the list today (Table 28 Notes B and C, ruling R3).
    pub(crate) fn target_removed(&self, flags: &[super::content::TargetFlag]) -> bool {
        use super::content::TargetFlag::*;
        let Some(k) = &self.campaign else {
            return false;
        };
        (k.ports_removed && (flags.contains(&Port) || flags.contains(&Mine)))
            || (k.hanoi_removed && flags.contains(&Hanoi))
    }

    /// The number of the campaign played (1–3) [3.2, 14.2–14.4].
    pub fn campaign_number(&self) -> Option<usize> {
        let id = &self.campaign.as_ref()?.id;
        let specs = &data().campaigns.campaign;
        specs.iter().position(|c| &c.id == id).map(|i| i + 1)
    }

    /// AGM-12C issue: the second tour [3.3, 14.3, 14.4].
    pub(crate) fn agm12c_issued(&self) -> bool {
        self.campaign.as_ref().is_some_and(|k| k.part().agm12c)
    }

    /// The Campaign Record Sheet line, the pilot's progress, then the next day [14.0.1, 14.1.1].
    pub(crate) fn after_campaign_mission(&mut self) {
        let c = &data().campaigns;
        let flown = self.ending != Ending::Scrubbed;
        let winner = self.mission_verdict();
        let on: i32 = self.on_target_points();
        let (skyhawks_lost, pilots_lost) = self.mission_losses();
        let record = self.campaign.as_ref().map(|k| MissionRecord {
            part: k.part().number,
            day: k.day,
            date: k.date(),
            pilot: self.pilot.name.clone(),
            target: self
                .target
                .as_ref()
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            winner,
            on_target: on,
            off_target: self.points() - on,
            points: self.points(),
            skyhawks_lost,
            pilots_lost,
        });
        let medals = self.medals.clone();
        let lost = matches!(self.fate, PilotFate::Kia | PilotFate::Pow);
        if flown {
            self.wound_recovery();
        }
        self.npc_pilots_after_mission();
        self.repairs_after_mission();
        let Some(k) = self.campaign.as_mut() else {
            return;
        };
        k.medals.extend(medals);
        // A mission the player's Skyhawk never launched on still goes on the record when
        // its NPC flights scored or lost something [14.0.4, 14.1.4, 15.1].
        let counts = record
            .as_ref()
            .is_some_and(|r| r.points != 0 || r.skyhawks_lost + r.pilots_lost > 0);
        if let Some(r) = record.filter(|_| flown || counts) {
            k.records.push(r);
        }
        if flown {
            k.pilot_missions += 1;
        }
        let n = k.pilot_missions;
        if flown && !lost {
            if n % c.air_medal_every == 0 {
                k.medals.push("Air Medal".into());
                note!(
                    self,
                    "11.0",
                    msg("Awarded: {medal}").term("medal", "Air Medal")
                );
            }
            if n % c.advancement_every == 0 && self.pilot.experience != Experience::Veteran {
                let column = match self.pilot.experience {
                    Experience::Green => "green",
                    _ => "experienced",
                };
                if self.roll("1.1", column, &Drms::new()).is("yes") {
                    self.pilot.experience = match self.pilot.experience {
                        Experience::Green => Experience::Experienced,
                        _ => Experience::Veteran,
                    };
                    note!(
                        self,
                        "14.1.1",
                        msg("The pilot is now {experience}")
                            .term("experience", self.pilot.experience.name()),
                    );
                }
            }
        }
        if lost {
            self.step = Step::PilotLost;
            return;
        }
        self.next_day();
    }

    /// The end of a mission day, then the next day.
    fn next_day(&mut self) {
        self.end_of_day(true);
        self.next_flying_day();
    }

    /// The next roster pilot takes over, starting his own mission count [14.0.4, 14.1.1].
    pub(crate) fn replace_pilot(&mut self) {
        let Some(previous) = self.campaign.as_ref().map(|k| k.roster) else {
            return;
        };
        let roster = self.replacement(previous);
        if let Some(k) = self.campaign.as_mut() {
            k.roster = roster;
            k.pilot_missions = 0;
            k.squadron.player_missed = 0;
        }
        self.pilot = roster_pilot(roster);
        self.new_pilot();
        self.next_day();
    }

    /// The player ends the campaign after losing his pilot: every tour left is scored with
    /// the points it has (an unflown tour has none).
    pub(crate) fn end_campaign_now(&mut self) {
        note!(self, "14.0.4", msg("The campaign ends here"));
        while self
            .campaign
            .as_ref()
            .is_some_and(|k| k.final_level.is_none())
        {
            self.end_part();
        }
        self.step = Step::End;
    }

    /// The end of a tour: victory level, medals, unit award; then the break or the end
    /// [11.0, 11.1, 14.0.1, 14.4].
    fn end_part(&mut self) {
        let Some(k) = self.campaign.as_ref() else {
            return;
        };
        let part = k.part();
        let points = k.tour_points(part.number);
        let level = Level::of_points(points, &part.bands);
        note!(
            self,
            "14.0.1",
            msg_n(
                "{tour} over: {points} point, {level}",
                "{tour} over: {points} points, {level}",
                points.unsigned_abs()
            )
            .arg("tour", &part.name)
            .arg("points", points)
            .term("level", level.name()),
        );
        let medal_roll = Some(self.campaign_medal(part, points, level));
        let mut unit_roll = None;
        if level >= Level::Draw {
            let mut d = Drms::new();
            d.when(
                level == Level::UsDecisive,
                "us_decisive",
                n_("US decisive victory"),
            )
            .when(level == Level::Draw, "draw", n_("a draw"));
            let r = self.roll_kept("23", "", &d);
            if r.result != "none" {
                let award = r.result.clone();
                note!(
                    self,
                    "11.1",
                    msg("Unit award: {award}").term(
                        "award",
                        super::words::cell_words("23", &award).english().to_owned()
                    ),
                );
                if let Some(k) = self.campaign.as_mut() {
                    k.unit_awards.push(award);
                }
            }
            unit_roll = Some(r);
        }
        let Some(k) = self.campaign.as_mut() else {
            return;
        };
        k.results.push(PartResult {
            part: part.number,
            points,
            level,
            medal_roll,
            unit_roll,
        });
        if k.part_index + 1 < k.parts.len() {
            k.part_index += 1;
            k.day = 1;
            // The Hong Kong break: Table 28 effects back to the campaign start (R31).
            k.bomb_shortage = false;
            k.ports_removed = false;
            k.hanoi_removed = false;
            k.halt_until = 0;
            note!(
                self,
                "14.4",
                msg("Replenishment and R&R in Hong Kong until 19 October"),
            );
            self.replenish_squadron();
            return;
        }
        let final_level = if k.results.len() > 1 {
            let score: i32 = k.results.iter().map(|r| r.level.score()).sum();
            let steps = &data().campaigns.table25.at_most;
            let i = steps
                .iter()
                .position(|&s| score <= s)
                .unwrap_or(steps.len());
            Level::ALL[i.min(4)]
        } else {
            level
        };
        k.final_level = Some(final_level);
        note!(
            self,
            "14.0.1",
            msg("The campaign ends: {level}").term("level", final_level.name()),
        );
        self.step = Step::End;
    }

    /// Table 22.1 / 22.2 at the end of a tour, with the Medal of Honor floor [11.0, R20, R21].
    fn campaign_medal(&mut self, part: &PartSpec, points: i32, level: Level) -> TableRoll {
        let roll = self.roll_kept(&part.medal_table, level.key(), &Drms::new());
        let mut medal = match roll.result.as_str() {
            "bronze_star" => "Bronze Star",
            "dfc" => "Distinguished Flying Cross",
            "silver_star" => "Silver Star",
            "navy_cross" => "Navy Cross",
            "medal_of_honor" => "Medal of Honor",
            _ => return roll,
        };
        let Some(k) = self.campaign.as_mut() else {
            return roll;
        };
        if medal == "Medal of Honor" && (points <= part.moh_above || k.medal_of_honor) {
            medal = "Navy Cross";
        }
        if medal == "Medal of Honor" {
            k.medal_of_honor = true;
        }
        k.medals.push(medal.to_owned());
        note!(
            self,
            "11.0",
            msg("Awarded: {medal}").term("medal", medal.to_owned()),
        );
        roll
    }
}

/// Checks the campaign file: bands rising, medal tables known, tours known.
pub(crate) fn check(spec: &super::content::CampaignsFile) -> Result<(), String> {
    for p in &spec.part {
        if p.bands.len() != 4 || p.bands.windows(2).any(|w| w[0] >= w[1]) {
            return Err(format!(
                "part {}: bands: four rising totals expected",
                p.number
            ));
        }
        if p.days == 0 || p.start_day == 0 {
            return Err(format!("part {}: days: at least one", p.number));
        }
    }
    for k in &spec.campaign {
        if k.parts.is_empty()
            || k.parts
                .iter()
                .any(|n| !spec.part.iter().any(|p| p.number == *n))
        {
            return Err(format!("campaign {}: parts: unknown tour", k.id));
        }
    }
    if spec.table25.at_most.len() != 4 {
        return Err("table25: at_most: four steps expected".into());
    }
    Ok(())
}
