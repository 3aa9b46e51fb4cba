//! The state of a campaign: the sheet and its tracks, the squadron, the decks and cups, the
//! mission of the day and the decision pending.

use serde::{Deserialize, Serialize};

use super::cards::{PilotCard, Status};
use super::content::{Altitude, Content, Duration, Level, Phase, Side, Speed, WeaponClass, data};
use super::display::Area;
use crate::engine::cup::Cup;
use crate::engine::deck::Deck;
use crate::engine::dice::{DiceKind, Roll};
use crate::engine::log::Log;
use crate::engine::rng::Rng;

/// Optional rules and the difficulty level, chosen at the start (digest 6; rulebook p.16–17).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Early AIM-9 Sidewinders: SO gained, AIM-9s hit on 7 (campaigns in 1968 or before).
    #[serde(default)]
    pub early_aim9: bool,
    /// Flying 1 less or 1 more aircraft than the card allows.
    #[serde(default)]
    pub one_less_one_more: bool,
    /// High-stress attacks and suppressions.
    #[serde(default)]
    pub high_stress: bool,
    /// Random Squadron Selection: the pilots are drawn, level by level, for Special Options
    /// (p.17).
    #[serde(default)]
    pub random_squadron: bool,
    /// Linked Campaigns: the squadron flies the campaigns that follow this one, in order,
    /// with its pilots (p.17).
    #[serde(default)]
    pub linked: bool,
    /// E-1s and E-2s stay off the Tactical Display: only Target-Bound and Home-Bound events
    /// reach them [A-16; this departs from p.9, which places every aircraft].
    #[serde(default)]
    pub awacs_off_display: bool,
    /// The AtG-weight AtA penalty read as three rows, −1/−2/−3 from 1/3/5 WP, instead of
    /// two (digest A-2: the printed table is incomplete).
    #[serde(default)]
    pub three_row_atg_penalty: bool,
    /// A Navy F-4 may not carry a Gun Pod: p.21 names only Air Force F-4s (digest A-4; the
    /// sample of play arms one, so it is allowed by default).
    #[serde(default)]
    pub no_navy_gun_pod: bool,
    /// On a Down Time day Politics moves 1 left once, not again at the debriefing (digest
    /// the rulebook moves it on p.8 and p.15).
    #[serde(default)]
    pub single_down_time_politics: bool,
    /// Intel may also destroy the defenses a Target card lists (digest A-32: by default
    /// they are part of the mission, like the events' exemption).
    #[serde(default)]
    pub intel_hits_listed: bool,
    /// The Advantages or Disadvantages taken (ids of `tables.toml`); their number fixes the
    /// difficulty level (none: Average).
    #[serde(default)]
    pub adjustments: Vec<String>,
}

/// Where a pilot of the squadron is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duty {
    Active,
    Missing,
    Transferred,
}

/// One pilot of the squadron: his card (pilot and level), stress and experience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pilot {
    /// Index into the content's pilots.
    pub pilot: usize,
    pub level: Level,
    pub stress: u8,
    pub xp: u8,
    pub duty: Duty,
    /// Promotions earned in this campaign.
    pub promotions: u8,
    /// The squadron index of the pilot who replaced him, once he has left.
    #[serde(default)]
    pub replaced_by: Option<usize>,
}

impl Pilot {
    pub fn card(&self) -> &'static PilotCard<'static> {
        PilotCard::of(self.pilot, self.level)
    }

    pub fn status(&self) -> Status {
        self.card().status(self.stress)
    }

    pub fn add_stress(&mut self, amount: i32) {
        self.stress = (i32::from(self.stress) + amount).clamp(0, i32::from(u8::MAX)) as u8;
    }
}

/// Positions of the three counters: 0 is Start, reading the first box [p.5].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tracks {
    pub recon: u8,
    pub intel: u8,
    pub politics: u8,
}

/// How a sortie ended or stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    Flying,
    Aborted,
    /// Shot down, in the phase of the mission it happened.
    Down(Phase),
}

/// One aircraft on the mission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sortie {
    /// Index into the squadron.
    pub squad: usize,
    /// Weapon indices loaded, pods included.
    pub load: Vec<usize>,
    pub fate: Fate,
    pub damaged: bool,
    /// Where the aircraft is on the Tactical Display; `None` before placing and after leaving.
    #[serde(default)]
    pub pos: Option<Position>,
    /// Its Flight Path (index into the mission's paths).
    #[serde(default)]
    pub path: usize,
    /// It has left the display over the exit (M15, p.14).
    #[serde(default)]
    pub left: bool,
}

impl Sortie {
    /// On the Tactical Display now: flying and placed.
    pub fn on_display(&self) -> bool {
        self.fate == Fate::Flying && self.pos.is_some()
    }
}

/// An aircraft's area and altitude on the Tactical Display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub area: Area,
    pub altitude: Altitude,
}

/// A Flight Path: its Start counter and the Exit counter across the display [p.10].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightPath {
    pub start: Area,
    pub exit: Area,
}

/// What an aircraft attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aim {
    Target,
    /// Index into the mission's Sites.
    Site(usize),
    /// Index into the mission's Bandits.
    Bandit(usize),
}

/// What it attacks with: its gun (or Gun Pod), or counters (weapon indices, one counter each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arms {
    Guns,
    Counters(Vec<usize>),
}

/// An enemy attacker in the Sites-and-Bandits step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attacker {
    pub side: Side,
    /// Index into the mission's Sites or Bandits.
    pub index: usize,
}

impl Attacker {
    /// What an aircraft suppressing this attacker fires at.
    pub fn aim(self) -> Aim {
        match self.side {
            Side::Site => Aim::Site(self.index),
            Side::Bandit => Aim::Bandit(self.index),
        }
    }
}

/// The state of the fight over the target that lasts beyond one decision.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// Over Target event: Bandits do not attack in turn 1.
    pub bandits_hold: bool,
    /// Over Target event: modifier to Site rolls in turn 1.
    pub site_roll_turn1: i8,
    /// A BLU-1 was used this mission (Politics moves once).
    pub blu1_used: bool,
    /// Home-Bound event: bonus to this mission's SAR rolls.
    pub sar_bonus: i8,
    /// Sorties that attacked this turn.
    pub attacked: Vec<usize>,
    /// Sorties that attacked or suppressed this turn (High-Stress may no longer be taken).
    pub engaged: Vec<usize>,
    /// Sorties Fast this turn by an E-1/E-2 roll or the Hot Pilot event.
    pub fast: Vec<usize>,
    /// E-1/E-2 sorties that rolled this turn.
    pub rolled_fast: Vec<usize>,
    /// Sorties that took the High-Stress bonus this turn.
    pub high: Vec<usize>,
    /// Sorties that moved this turn.
    pub moved: Vec<usize>,
    /// Enemy attackers still to attack this turn, the next first.
    pub queue: Vec<Attacker>,
    /// Bandits shot down during the enemy step (by a turret), taken off at its end.
    pub killed: Vec<usize>,
    /// Navigation Error: every aircraft starts here.
    pub forced_start: Option<Area>,
    /// The player let the rest of this turn's enemy attacks come in the usual order.
    #[serde(default)]
    pub usual_order: bool,
}

/// An Air Defense counter on the display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defense {
    /// Index into the content's defense counters.
    pub counter: usize,
    pub side: Side,
    pub area: Area,
    /// Index into the Attack Angle patterns, for Approach-area Sites with range 1–2.
    pub angle: Option<usize>,
    /// Part of the mission by the Target card: immune to events and Intel.
    pub listed: bool,
}

/// What the Target-Bound event left behind for the rest of the mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventFlags {
    pub no_abort: bool,
    pub target_modifier: i8,
    pub extra_center_bandits: u8,
    pub escort: bool,
    pub navigation_error: bool,
    pub low_clouds: bool,
    /// The sortie that cannot fire guns.
    pub gun_jam: Option<usize>,
    /// The sortie that is Fast in the first Over Target turn.
    pub hot_pilot: Option<usize>,
}

/// A SAR roll still to make, and the WP of AtG counters discarded for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rescue {
    pub sortie: usize,
    pub discarded_wp: u8,
}

/// The day's mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mission {
    /// Target cards drawn today and not yet chosen or set aside.
    pub drawn: Vec<u8>,
    pub target: Option<u8>,
    pub sites: Vec<Defense>,
    pub bandits: Vec<Defense>,
    /// A listed Bandit's counter, taken from the cup before the Sites were drawn.
    pub reserved: Vec<usize>,
    pub flight: Vec<Sortie>,
    pub tanker: bool,
    pub flags: EventFlags,
    pub hits: u8,
    /// Special Option points spent on this mission.
    pub spent: i32,
    /// SAR results: (squadron index, stress to add at debrief, or `None` for Missing).
    pub rescued: Vec<(usize, Option<u8>)>,
    /// The Over Target turn, 1–5; 0 before the fight.
    #[serde(default)]
    pub turn: u8,
    #[serde(default)]
    pub paths: Vec<FlightPath>,
    #[serde(default)]
    pub fight: Fight,
    /// The flight is home-bound: events read their bottom section.
    #[serde(default)]
    pub home: bool,
}

impl Mission {
    /// Sorties on the Tactical Display now.
    pub fn on_display(&self) -> impl Iterator<Item = usize> + '_ {
        self.flight
            .iter()
            .enumerate()
            .filter(|(_, s)| s.on_display())
            .map(|(i, _)| i)
    }

    pub fn flying(&self) -> impl Iterator<Item = usize> + '_ {
        self.flight
            .iter()
            .enumerate()
            .filter(|(_, s)| s.fate == Fate::Flying)
            .map(|(i, _)| i)
    }
}

/// The pending decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Pick the squadron's pilot cards (CS6).
    Squadron,
    /// Linked Campaigns: pay for this carried pilot's promotions or let him go for a Green
    /// pilot (CS6).
    Carry {
        squad: usize,
    },
    /// Buy promotions before the first mission (CS7).
    Promotions,
    /// Buy more Target cards, choose one or stand down (M2–M3).
    Target,
    /// Choose the pilots who fly (M7).
    Assign,
    /// Load the aircraft and decide on the tanker (M8).
    Arm,
    /// An EB-66/E-1/E-2 may roll to ignore the event section (M9).
    EventIgnore {
        card: u8,
        rolled: Vec<usize>,
    },
    /// Choose a Site the event removes.
    EventSite {
        only_sa2: bool,
        approach_only: bool,
        ranged_only: bool,
    },
    /// Special Event attacks still to resolve on the mission's aircraft.
    EventAttack {
        left: u8,
        side: Side,
        attack: [u8; 3],
        negate_by: Option<WeaponClass>,
    },
    /// The aircraft a Special Event attack picked may go Evasive.
    EventEvade {
        left: u8,
        side: Side,
        attack: [u8; 3],
        negate_by: Option<WeaponClass>,
        target: usize,
    },
    /// Each aircraft drops munitions of at least `wp` Weight Points.
    EventJettison {
        wp: u8,
        done: Vec<usize>,
    },
    /// Choose the Slow pilot who is Fast in the first turn.
    EventHotPilot,
    /// Abort any of the aircraft (M10).
    Abort,
    /// Place the next aircraft in a Pre-Approach area, at an altitude (M11).
    Place,
    /// The Escort Fighters event removes one Bandit of the player's choice.
    Escort,
    /// Intel removes defenses: the counts still to remove, by type (M13).
    Intel {
        sites: u8,
        bandits: u8,
    },
    /// An Over Target event removes a Bandit of the player's choice; `part` is the card's
    /// part being resolved (0: a, 1: b).
    EventBandit {
        card: u8,
        part: u8,
        approach_only: bool,
    },
    /// E-1/E-2 rolls to make a Slow pilot Fast this turn (T0).
    FastRoll,
    /// Jettison munitions (T1).
    Jettison,
    /// Aircraft of that speed attack (T2, T4).
    Attacks {
        fast: bool,
    },
    /// The player picks which Site or Bandit fires next (T3, A-14).
    EnemyOrder,
    /// One aircraft may try to suppress the attack on `target` (T3.4).
    Suppress {
        attacker: Attacker,
        target: usize,
    },
    /// The attacked aircraft may go Evasive (T3.5).
    Evade {
        attacker: Attacker,
        target: usize,
    },
    /// Aircraft move and change altitude (T5).
    Move,
    /// Aircraft in a legal exit area may leave (T5).
    Leave,
    /// A Home-Bound event rescues a Missing pilot: which one.
    RescueMia,
    /// The rescued pilot or his replacement stays; the other leaves the campaign.
    KeepRescued {
        rescued: usize,
        replacement: usize,
    },
    /// Discard AtG counters for a downed pilot's rescue, then roll (M17).
    Sar {
        rescue: Rescue,
    },
    /// R&R Priority after the mission (D7).
    Rest,
    /// Unfit pilots may be transferred out (D9).
    Transfer,
    Over,
}

/// A whole campaign of Phantom Leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhantomLeader {
    pub options: Options,
    /// The campaign sheet's id.
    pub sheet: String,
    pub duration: Duration,
    pub special_options: i32,
    pub tracks: Tracks,
    pub squadron: Vec<Pilot>,
    pub targets: Deck<u8>,
    pub events: Deck<u8>,
    pub defense_cup: Cup<usize>,
    pub angle_cup: Cup<usize>,
    /// Day 1 is the first; a Down Time day counts.
    pub day: u8,
    pub vp: i32,
    /// One entry per day flown or stood down: the Player Log's columns.
    pub days: Vec<DayRecord>,
    pub mission: Mission,
    pub step: Step,
    pub rng: Rng,
    pub log: Log,
    /// Linked Campaigns: the campaigns already flown by this squadron, in order.
    #[serde(default)]
    pub chain: Vec<ChainResult>,
    /// Pilots carried into this campaign from the one before (the head of the squadron).
    #[serde(default)]
    pub carried: usize,
    /// The squadron pick's open level whose candidates the prompt lists (CS6): the pick is
    /// offered level by level so that no list of buttons runs to every card at every level.
    #[serde(default)]
    pub focus: Option<super::content::Level>,
    /// Where `sheet` is in the content, found on first use: the rules ask for the sheet at
    /// every check, and a search by name each time cost more than the check.
    #[serde(skip)]
    pub(super) sheet_at: SheetAt,
}

/// A remembered index into the content's sheets (none yet: `u32::MAX`). It is a cache, not
/// part of the position: two games equal but for it are equal, and it is never saved.
#[derive(Debug)]
pub struct SheetAt(std::sync::atomic::AtomicU32);

impl SheetAt {
    const UNKNOWN: u32 = u32::MAX;

    fn get(&self) -> Option<usize> {
        let at = self.0.load(std::sync::atomic::Ordering::Relaxed);
        (at != Self::UNKNOWN).then_some(at as usize)
    }

    fn set(&self, at: usize) {
        self.0
            .store(at as u32, std::sync::atomic::Ordering::Relaxed);
    }

    /// Forgets the index, when the game moves to another sheet.
    pub(super) fn clear(&self) {
        self.0
            .store(Self::UNKNOWN, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Default for SheetAt {
    fn default() -> Self {
        SheetAt(std::sync::atomic::AtomicU32::new(Self::UNKNOWN))
    }
}

impl Clone for SheetAt {
    fn clone(&self) -> Self {
        SheetAt(std::sync::atomic::AtomicU32::new(
            self.0.load(std::sync::atomic::Ordering::Relaxed),
        ))
    }
}

impl PartialEq for SheetAt {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// A finished campaign of a linked chain [p.17].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainResult {
    pub sheet: String,
    pub vp: i32,
    pub outcome: String,
}

/// One column of the Player Log [p.14–16].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayRecord {
    pub day: u8,
    /// `None`: Down Time.
    pub target: Option<u8>,
    pub result: Option<super::content::Damage>,
    pub vp: i32,
    pub spent: i32,
    pub remaining: i32,
    /// (squadron index, stress after debrief, XP gained).
    pub pilots: Vec<(usize, u8, u8)>,
}

impl PhantomLeader {
    pub fn content(&self) -> &'static Content {
        data()
    }

    pub fn sheet(&self) -> &'static super::content::Sheet {
        let sheets = &data().sheets;
        if let Some(at) = self.sheet_at.get() {
            debug_assert_eq!(sheets[at].id, self.sheet, "the sheet's index is stale");
            return &sheets[at];
        }
        let at = sheets
            .iter()
            .position(|s| s.id == self.sheet)
            .expect("the sheet is checked at setup");
        self.sheet_at.set(at);
        &sheets[at]
    }

    pub fn year(&self) -> u16 {
        self.sheet().year
    }

    pub fn recon(&self) -> u8 {
        self.sheet().recon[usize::from(self.tracks.recon)]
    }

    pub fn intel(&self) -> super::content::IntelNote {
        self.sheet().intel[usize::from(self.tracks.intel)]
    }

    pub fn politics(&self) -> u8 {
        self.sheet().politics[usize::from(self.tracks.politics)]
    }

    pub fn days_total(&self) -> u8 {
        data().days[self.duration.index()]
    }

    /// The current speed of a sortie's pilot, `None` when he is Unfit.
    pub fn speed(&self, sortie: usize) -> Option<Speed> {
        let p = &self.squadron[self.mission.flight[sortie].squad];
        p.card().row(p.stress).map(|r| r.speed)
    }

    /// One of these sorties at random (an enemy's or an event's target among equals): drawn
    /// from a cup named `aircraft`, so that a script can arrange the pick (its counter is the
    /// sortie's index) as the rulebook's sample reports it.
    pub fn pick_aircraft(&mut self, among: &[usize]) -> usize {
        Cup::new(among.to_vec())
            .named("aircraft")
            .draw(&mut self.rng)
            .expect("a pick among at least one aircraft")
    }

    /// Whether the Early AIM-9 rule applies: taken, and the campaign no later than its last
    /// year (a linked chain outgrows it) [p.16; A-7].
    pub fn early_aim9(&self) -> bool {
        self.options.early_aim9
            && data()
                .optional("early_aim9")
                .last_year
                .is_none_or(|last| self.year() <= last)
    }

    /// Whether the sortie flies the mission off the Tactical Display: an E-1 or E-2 under
    /// the `awacs_off_display` option.
    pub fn off_display(&self, sortie: usize) -> bool {
        self.options.awacs_off_display
            && !self.squadron[self.mission.flight[sortie].squad]
                .card()
                .aircraft
                .fast_on
                .is_empty()
    }

    /// The speed a sortie attacks at this turn: Fast if an E-1/E-2 or the Hot Pilot event
    /// made it so.
    pub fn speed_now(&self, sortie: usize) -> Option<Speed> {
        self.speed(sortie).map(|s| {
            if self.mission.fight.fast.contains(&sortie) {
                Speed::Fast
            } else {
                s
            }
        })
    }

    /// Sum of a difficulty adjustment's field over those taken.
    pub fn adjustment(&self, field: impl Fn(&super::content::Adjustment) -> i32) -> i32 {
        data()
            .tables
            .adjustment
            .iter()
            .filter(|a| self.options.adjustments.contains(&a.id))
            .map(field)
            .sum()
    }
}

/// One d10 read 1–10, a 0 face counting as 10 (digest, dice).
pub fn d10(rng: &mut Rng) -> Roll {
    let mut roll = crate::engine::dice::d10(rng);
    if roll.total == 0 {
        roll.total = 10;
    }
    roll
}

/// Two d10 of which the lower counts (an evading aircraft's attacker [p.13]).
pub fn lower_of_two(rng: &mut Rng) -> Roll {
    let a = d10(rng).total;
    let b = d10(rng).total;
    Roll {
        kind: DiceKind::SumD10(2),
        faces: [a as u8, b as u8].into_iter().collect(),
        total: a.min(b),
    }
}
