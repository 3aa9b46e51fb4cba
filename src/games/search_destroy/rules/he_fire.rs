//! HE fire from artillery and air strikes [21.0], optional. The scenario allots the US a
//! number of batteries and air strikes [21.53, 21.55]; at the start of its Combat Phase the
//! US may call any of them in, which gives the NLF 20 points a battery (once, however often
//! it fires) or 50 an air strike, and rolls the HE Delayed Arrival Table for each [21.52,
//! 21.54, 21.58]. A battery that has arrived fires every Combat Phase after that; an air
//! strike strikes once [21.56].
//!
//! Each Combat Phase the fire that has arrived goes through the segments of 21.41: the US
//! places the impact hexes (a battery one, or two no more than 4 hexes apart at 6 strength
//! points each instead of 12 [21.37]); an impact hex no Forward Observer sees is scattered by
//! a direction die and a distance die, and is lost if it leaves the map (digest 4.12 item 3);
//! the US turns each air strike's eight-hex pattern; the strengths of overlapping patterns are
//! added [21.43, 21.57], and every hex that holds NLF personnel or face-down counters is
//! attacked on the Combat Results Table, every personnel unit in it, US units included (digest
//! ruling A13). Ground fire follows, and may hit the same units again [21.44].
//!
//! Tank HE [21.22, 21.33, 22.12] is placed with the impact markers of segment A (see
//! `vehicles.rs`): always observed, never delayed, 12 strength points on one hex, added to the
//! artillery's and air strikes' there.
//!
//! Hidden is hidden: calls, rolls, impact hexes and patterns are public (the NLF sees the
//! shells land); a face-down counter under the fire is turned up only by a result that
//! scores [6.0], and a miss tells nothing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::content::{Class, Side, data};
use super::crt::{Crt, odds_column};
use super::hex::{Dir, Hex};
use super::play::Action;
use super::state::{RANGE, SearchDestroy, Step};
use crate::engine::content::Source;
use crate::engine::dice::d6;
use crate::engine::game::Applied;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, msg_n};

/// An air strike attacks eight hexes [21.11].
pub const AIR_STRIKE_HEXES: usize = 8;

// ---- The tables [21.11, 21.24, 21.58] ------------------------------------------------------

/// `he_fire.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    pub strengths: StrengthsRecord,
    pub delay: Vec<DelayRecord>,
    pub pattern: Vec<PatternRecord>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrengthsRecord {
    pub artillery: u16,
    pub artillery_split: u16,
    pub split_distance: u8,
    pub air_strike: u16,
    pub battery_points: u16,
    pub air_strike_points: u16,
    pub source: Source,
    pub section: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DelayRecord {
    pub die: u8,
    pub turns: u8,
    pub source: Source,
    pub section: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatternRecord {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub air_strike: bool,
    pub hexes: Vec<String>,
    pub source: Source,
    pub section: String,
}

/// A pattern of fire: each hex as the steps from the impact hex, for a pattern facing north.
#[derive(Debug, Clone)]
pub struct Pattern {
    pub id: String,
    pub name: String,
    pub steps: Vec<Vec<Dir>>,
}

impl Pattern {
    /// The hexes on the map it attacks around `impact`, turned to face `heading`.
    pub fn hexes(&self, impact: Hex, heading: Dir) -> Vec<Hex> {
        let map = &data().map;
        self.steps
            .iter()
            .filter_map(|path| {
                path.iter().try_fold(impact, |h, d| {
                    h.step(Dir::ALL[(d.index() + heading.index()) % 6])
                })
            })
            .filter(|&h| map.contains(h))
            .collect()
    }

    /// The hexes it attacks around `impact` on an unbounded grid (for the checks).
    fn shape(&self, impact: Hex) -> Vec<Hex> {
        self.steps
            .iter()
            .filter_map(|path| path.iter().try_fold(impact, |h, &d| h.step(d)))
            .collect()
    }
}

/// The HE fire tables, checked.
#[derive(Debug)]
pub struct Table {
    pub artillery: u32,
    pub artillery_split: u32,
    pub split_distance: u32,
    pub air_strike: u32,
    pub battery_points: u32,
    pub air_strike_points: u32,
    /// Game-turns of delay by die roll 1-6 [21.58].
    pub delay: [u8; 6],
    /// The artillery pattern [21.24], never turned.
    pub artillery_pattern: Pattern,
    /// The air strike patterns the US may choose from (digest gap G11).
    pub air_patterns: Vec<Pattern>,
}

impl Table {
    /// Checks the file: six delay rows, the artillery pattern, and air patterns of eight
    /// connected hexes holding the impact hex [21.11, 21.21].
    pub fn check(file: TableFile) -> Result<Table, String> {
        let s = &file.strengths;
        if s.artillery == 0 || s.artillery_split == 0 || s.air_strike == 0 {
            return Err(
                "strengths: artillery, artillery_split and air_strike must be at least 1".into(),
            );
        }
        let mut delay = [u8::MAX; 6];
        for d in &file.delay {
            let Some(slot) = usize::from(d.die)
                .checked_sub(1)
                .and_then(|i| delay.get_mut(i))
            else {
                return Err(format!("delay.die: {} is no face of a die (1-6)", d.die));
            };
            if *slot != u8::MAX {
                return Err(format!("delay.die: {} is listed twice", d.die));
            }
            *slot = d.turns;
        }
        if let Some(i) = delay.iter().position(|&t| t == u8::MAX) {
            return Err(format!("delay: no row for die {}", i + 1));
        }
        let mut artillery = None;
        let mut air = Vec::new();
        for p in file.pattern {
            let steps = p
                .hexes
                .iter()
                .map(|path| {
                    path.split_whitespace()
                        .map(|w| {
                            Dir::ALL
                                .into_iter()
                                .find(|d| format!("{d:?}") == w)
                                .ok_or_else(|| {
                                    format!(
                                        "pattern {:?}: '{w}' is no direction (N NE SE S SW NW)",
                                        p.id
                                    )
                                })
                        })
                        .collect::<Result<Vec<Dir>, String>>()
                })
                .collect::<Result<Vec<_>, String>>()?;
            let pattern = Pattern {
                id: p.id.clone(),
                name: p.name,
                steps,
            };
            check_shape(&pattern)?;
            if p.air_strike {
                if pattern.steps.len() != AIR_STRIKE_HEXES {
                    return Err(format!(
                        "pattern {:?}: an air strike attacks {AIR_STRIKE_HEXES} hexes, not {}",
                        p.id,
                        pattern.steps.len()
                    ));
                }
                air.push(pattern);
            } else if p.id == "artillery" {
                artillery = Some(pattern);
            } else {
                return Err(format!(
                    "pattern {:?}: only \"artillery\" may be a pattern without air_strike = true",
                    p.id
                ));
            }
        }
        let artillery_pattern = artillery.ok_or("pattern: no \"artillery\" pattern")?;
        if air.is_empty() {
            return Err("pattern: no air strike pattern".into());
        }
        Ok(Table {
            artillery: u32::from(s.artillery),
            artillery_split: u32::from(s.artillery_split),
            split_distance: u32::from(s.split_distance),
            air_strike: u32::from(s.air_strike),
            battery_points: u32::from(s.battery_points),
            air_strike_points: u32::from(s.air_strike_points),
            delay,
            artillery_pattern,
            air_patterns: air,
        })
    }
}

/// A pattern holds its impact hex, no hex twice, and its hexes hang together [21.21, 21.26].
fn check_shape(p: &Pattern) -> Result<(), String> {
    let centre = Hex::new(50, 50);
    let hexes = p.shape(centre);
    if !hexes.contains(&centre) {
        return Err(format!(
            "pattern {:?}: the impact hex (\"\") must be attacked",
            p.id
        ));
    }
    let mut sorted = hexes.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != hexes.len() {
        return Err(format!("pattern {:?}: a hex is listed twice", p.id));
    }
    let mut reached = vec![centre];
    let mut k = 0;
    while k < reached.len() {
        let h = reached[k];
        for n in Dir::ALL.into_iter().filter_map(|d| h.step(d)) {
            if hexes.contains(&n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
        k += 1;
    }
    if reached.len() != hexes.len() {
        return Err(format!("pattern {:?}: its hexes are not connected", p.id));
    }
    Ok(())
}

fn table() -> &'static Table {
    &data().he_fire
}

// ---- The state ------------------------------------------------------------------------------

/// A battery or an air strike of the scenario's allocation, by its number from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Asset {
    Battery(u8),
    AirStrike(u8),
}

/// One battery or air strike: when its fire arrives once called, and whether an air strike
/// has struck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allotted {
    pub arrives: Option<u8>,
    pub used: bool,
}

/// An impact marker of this Combat Phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impact {
    pub asset: Asset,
    /// Where the US placed it.
    pub aimed: Hex,
    /// Where it came down: `None` when scattered off the map (lost).
    pub hex: Option<Hex>,
    /// A Forward Observer saw the hex it was placed on [21.32].
    pub observed: bool,
    /// Air strikes: the pattern (index among the air patterns) and the way it faces.
    pub pattern: Option<(u8, Dir)>,
}

/// The segment of the Combat Phase [21.41, 21.52].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Segment {
    /// The US may call in batteries and air strikes.
    #[default]
    Call,
    /// A: the US places the impact markers of the fire that has arrived.
    Place,
    /// C: the US turns each air strike's pattern.
    Pattern,
}

/// HE fire in play: the allocation and this Combat Phase's impact markers. Public.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeFire {
    pub batteries: Vec<Allotted>,
    pub air_strikes: Vec<Allotted>,
    pub impacts: Vec<Impact>,
    pub segment: Segment,
}

/// A decision about HE fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeAction {
    /// Call a battery or an air strike in [21.52].
    Call(Asset),
    /// Call nothing more this Combat Phase.
    EndCalls,
    /// Place an impact marker of fire that has arrived [21.41 A, 21.37].
    Impact { asset: Asset, hex: Hex },
    /// Fire what is placed (scatter the unobserved markers [21.41 B]).
    Fire,
    /// Turn an air strike's pattern (impact marker by index, pattern by index) [21.41 C].
    Pattern {
        impact: u8,
        pattern: u8,
        heading: Dir,
    },
}

impl HeFire {
    fn slot(&self, asset: Asset) -> &Allotted {
        match asset {
            Asset::Battery(i) => &self.batteries[usize::from(i)],
            Asset::AirStrike(i) => &self.air_strikes[usize::from(i)],
        }
    }

    fn slot_mut(&mut self, asset: Asset) -> &mut Allotted {
        match asset {
            Asset::Battery(i) => &mut self.batteries[usize::from(i)],
            Asset::AirStrike(i) => &mut self.air_strikes[usize::from(i)],
        }
    }

    fn assets(&self) -> impl Iterator<Item = Asset> + '_ {
        (0..self.batteries.len())
            .map(|i| Asset::Battery(i as u8))
            .chain((0..self.air_strikes.len()).map(|i| Asset::AirStrike(i as u8)))
    }

    /// Batteries and air strikes not yet called in [21.53].
    pub fn callable(&self) -> Vec<Asset> {
        self.assets()
            .filter(|&a| self.slot(a).arrives.is_none())
            .collect()
    }

    /// Fire that may be placed in game-turn `turn`: batteries that have arrived, air strikes
    /// that have arrived and not struck [21.56, 21.58].
    pub fn ready(&self, turn: u8) -> Vec<Asset> {
        self.assets()
            .filter(|&a| {
                let s = self.slot(a);
                s.arrives.is_some_and(|t| t <= turn) && !s.used
            })
            .collect()
    }

    fn placed(&self, asset: Asset) -> usize {
        self.impacts.iter().filter(|i| i.asset == asset).count()
    }
}

/// The asset's name in words.
fn asset_name(asset: Asset) -> Message {
    match asset {
        Asset::Battery(i) => msg("artillery battery {n}").arg("n", i + 1),
        Asset::AirStrike(i) => msg("air strike {n}").arg("n", i + 1),
    }
}

/// A direction in words.
pub fn dir_word(d: Dir) -> Message {
    match d {
        Dir::N => msg("north"),
        Dir::NE => msg("northeast"),
        Dir::SE => msg("southeast"),
        Dir::S => msg("south"),
        Dir::SW => msg("southwest"),
        Dir::NW => msg("northwest"),
    }
}

impl SearchDestroy {
    /// The scenario's allocation, when the rule is in play [21.53].
    pub(super) fn allot_he(&mut self, artillery: u8, air_strikes: u8) {
        if !self.options.he_fire {
            return;
        }
        self.he_fire.batteries = vec![Allotted::default(); usize::from(artillery)];
        self.he_fire.air_strikes = vec![Allotted::default(); usize::from(air_strikes)];
    }

    /// The US Combat Phase begins: with HE fire to call or to place, its segments come
    /// first [21.41, 21.52]; otherwise ground fire.
    pub(super) fn start_us_combat(&mut self) {
        if self.third_chance() {
            return;
        }
        self.he_fire.impacts.clear();
        self.vehicles.turret.clear();
        let he = &self.he_fire;
        if self.options.he_fire && !he.callable().is_empty() {
            self.he_fire.segment = Segment::Call;
            self.step = Step::HeFire;
        } else if (self.options.he_fire && !he.ready(self.turn).is_empty()) || self.turret_ready() {
            self.he_fire.segment = Segment::Place;
            self.step = Step::HeFire;
        } else {
            self.step = Step::Combat(Side::Us);
        }
    }

    /// Whether a Forward Observer on the map sees `hex` [21.32, 21.34, 21.35]: pinned or
    /// not, within 8 hexes and in normal line of sight. One under leadership loss does not
    /// observe (digest 4.4.5, item 7).
    pub fn observed(&self, hex: Hex) -> bool {
        (0..self.units.len()).any(|i| {
            let u = &self.units[i];
            u.side == Side::Us
                && u.on_map()
                && u.is("forward_observer")
                && !self.leaderless(i)
                && u.hex
                    .is_some_and(|from| from.distance(hex) <= RANGE && self.sees(from, hex))
        })
    }

    /// The hexes an impact marker of `asset` may be placed on now.
    pub fn impact_hexes(&self, asset: Asset) -> Vec<Hex> {
        let map = &data().map;
        let mine: Vec<Hex> = self
            .he_fire
            .impacts
            .iter()
            .filter(|i| i.asset == asset)
            .map(|i| i.aimed)
            .collect();
        match (asset, mine.as_slice()) {
            (_, []) => map.hexes().collect(),
            // A battery may split its fire between two hexes at most 4 apart [21.37].
            (Asset::Battery(_), [first]) => map
                .hexes()
                .filter(|&h| h != *first && h.distance(*first) <= table().split_distance)
                .collect(),
            _ => Vec::new(),
        }
    }

    pub(super) fn he_actions(&self) -> Vec<Action> {
        let he = &self.he_fire;
        let mut out = Vec::new();
        match he.segment {
            Segment::Call => {
                out.extend(
                    he.callable()
                        .into_iter()
                        .map(|a| Action::He(HeAction::Call(a))),
                );
                out.push(Action::He(HeAction::EndCalls));
            }
            Segment::Place => {
                for asset in he.ready(self.turn) {
                    out.extend(
                        self.impact_hexes(asset)
                            .into_iter()
                            .map(|hex| Action::He(HeAction::Impact { asset, hex })),
                    );
                }
                out.extend(self.turret_actions());
                out.push(Action::He(HeAction::Fire));
            }
            Segment::Pattern => {
                if let Some(k) = self.next_pattern() {
                    for p in 0..table().air_patterns.len() {
                        for heading in Dir::ALL {
                            out.push(Action::He(HeAction::Pattern {
                                impact: k as u8,
                                pattern: p as u8,
                                heading,
                            }));
                        }
                    }
                }
            }
        }
        out
    }

    /// The next air strike that has come down and waits for its pattern.
    fn next_pattern(&self) -> Option<usize> {
        self.he_fire.impacts.iter().position(|i| {
            matches!(i.asset, Asset::AirStrike(_)) && i.hex.is_some() && i.pattern.is_none()
        })
    }

    pub(super) fn he_act(&mut self, action: HeAction) -> Applied {
        match action {
            HeAction::Call(asset) => {
                self.call_in(asset);
                Applied::REVEALED
            }
            HeAction::EndCalls => {
                if self.he_fire.ready(self.turn).is_empty() && !self.turret_ready() {
                    self.step = Step::Combat(Side::Us);
                } else {
                    self.he_fire.segment = Segment::Place;
                }
                Applied::QUIET
            }
            HeAction::Impact { asset, hex } => {
                let observed = self.observed(hex);
                self.he_fire.impacts.push(Impact {
                    asset,
                    aimed: hex,
                    hex: Some(hex),
                    observed,
                    pattern: None,
                });
                Applied::QUIET
            }
            HeAction::Fire => {
                self.scatter();
                self.after_scatter();
                Applied::REVEALED
            }
            HeAction::Pattern {
                impact,
                pattern,
                heading,
            } => {
                let i = &mut self.he_fire.impacts[usize::from(impact)];
                i.pattern = Some((pattern, heading));
                let (asset, hex) = (i.asset, i.hex);
                self.log.add(
                    "21.41",
                    msg("The US lays the {asset} in a {pattern} facing {dir} from {hex}")
                        .message("asset", asset_name(asset))
                        .term(
                            "pattern",
                            table().air_patterns[usize::from(pattern)].name.clone(),
                        )
                        .message("dir", dir_word(heading))
                        .arg("hex", hex.map(|h| h.to_string()).unwrap_or_default()),
                );
                if self.next_pattern().is_some() {
                    return Applied::QUIET;
                }
                self.resolve_he();
                Applied::REVEALED
            }
        }
    }

    /// Calls a battery or an air strike in: points to the NLF at once, and the roll on the
    /// HE Delayed Arrival Table [21.52, 21.54, 21.58].
    fn call_in(&mut self, asset: Asset) {
        let t = table();
        let roll = d6(&mut self.rng);
        let delay = t.delay[(roll.total.clamp(1, 6) - 1) as usize];
        let arrives = self.turn.saturating_add(delay);
        self.he_fire.slot_mut(asset).arrives = Some(arrives);
        let points = match asset {
            Asset::Battery(_) => t.battery_points,
            Asset::AirStrike(_) => t.air_strike_points,
        };
        self.points[1] += points;
        let when = if delay == 0 {
            msg("it fires this Combat Phase")
        } else {
            msg("it arrives on Game-Turn {turn}").arg("turn", arrives)
        };
        self.log.add_with(
            "21.52",
            msg_n(
                "The US calls in {asset}: {points} point to the NLF; {when}",
                "The US calls in {asset}: {points} points to the NLF; {when}",
                points,
            )
            .message("asset", asset_name(asset))
            .arg("points", points)
            .message("when", when),
            vec![Random::Dice(roll)],
        );
    }

    /// Segment B: every impact marker no Forward Observer sees moves by a direction die and a
    /// distance die; off the map its fire is lost [21.36, digest 4.12 item 3].
    fn scatter(&mut self) {
        let map = &data().map;
        for k in 0..self.he_fire.impacts.len() {
            let imp = self.he_fire.impacts[k].clone();
            if let Asset::AirStrike(_) = imp.asset {
                self.he_fire.slot_mut(imp.asset).used = true;
            }
            if imp.observed {
                self.log.add(
                    "21.32",
                    msg("A Forward Observer directs the {asset} onto {hex}")
                        .message("asset", asset_name(imp.asset))
                        .arg("hex", imp.aimed),
                );
                continue;
            }
            let dir_roll = d6(&mut self.rng);
            let far_roll = d6(&mut self.rng);
            let dir = Dir::from_die(dir_roll.total as u8).unwrap_or(Dir::N);
            let landed = (0..far_roll.total)
                .try_fold(imp.aimed, |h, _| h.step(dir))
                .filter(|&h| map.contains(h));
            self.he_fire.impacts[k].hex = landed;
            let text = match landed {
                Some(hex) => msg_n(
                    "Unobserved, the {asset} aimed at {aimed} scatters {n} hex {dir} to {hex}",
                    "Unobserved, the {asset} aimed at {aimed} scatters {n} hexes {dir} to {hex}",
                    far_roll.total,
                )
                .arg("hex", hex),
                None => msg_n(
                    "Unobserved, the {asset} aimed at {aimed} scatters {n} hex {dir}, off the map: its fire is lost",
                    "Unobserved, the {asset} aimed at {aimed} scatters {n} hexes {dir}, off the map: its fire is lost",
                    far_roll.total,
                ),
            };
            self.log.add_with(
                "21.36",
                text.message("asset", asset_name(imp.asset))
                    .arg("aimed", imp.aimed)
                    .arg("n", far_roll.total)
                    .message("dir", dir_word(dir)),
                vec![Random::Dice(dir_roll), Random::Dice(far_roll)],
            );
        }
    }

    fn after_scatter(&mut self) {
        if self.next_pattern().is_some() {
            self.he_fire.segment = Segment::Pattern;
        } else {
            self.resolve_he();
        }
    }

    /// The strength points of the HE fire on each hex, overlapping patterns added [21.43,
    /// 21.57].
    pub fn he_strengths(&self) -> BTreeMap<Hex, u32> {
        let t = table();
        let mut sp = BTreeMap::new();
        for imp in &self.he_fire.impacts {
            let Some(at) = imp.hex else { continue };
            let (hexes, strength) = match imp.asset {
                Asset::Battery(_) => {
                    let split = self.he_fire.placed(imp.asset) > 1;
                    (
                        t.artillery_pattern.hexes(at, Dir::N),
                        if split {
                            t.artillery_split
                        } else {
                            t.artillery
                        },
                    )
                }
                Asset::AirStrike(_) => {
                    let Some((p, heading)) = imp.pattern else {
                        continue;
                    };
                    (
                        t.air_patterns[usize::from(p)].hexes(at, heading),
                        t.air_strike,
                    )
                }
            };
            for h in hexes {
                *sp.entry(h).or_insert(0) += strength;
            }
        }
        // A tank's turret gun adds its 12 to the hex it fires at [22.12].
        for (h, strength) in self.turret_strengths() {
            *sp.entry(h).or_insert(0) += strength;
        }
        sp
    }

    /// Whether HE fire on `hex` is resolved: it holds NLF personnel or face-down counters
    /// [21.41 C].
    fn he_target(&self, hex: Hex) -> bool {
        self.side_at(hex, Side::Nlf).any(|i| {
            let u = &self.units[i];
            !u.captive && (u.hidden() || u.class().is_some_and(Class::personnel))
        })
    }

    /// Segment C: each hex under fire that holds NLF personnel or face-down counters is
    /// attacked with its total, every personnel unit in it (digest ruling A13) [21.0, 21.42].
    fn resolve_he(&mut self) {
        self.step = Step::Combat(Side::Us);
        let sp = self.he_strengths();
        let mut carriers = Vec::new();
        for (&hex, &strength) in &sp {
            if !self.he_target(hex) {
                continue;
            }
            let column = odds_column(2 * strength, self.defense_of(hex, Side::Nlf));
            let roll = d6(&mut self.rng);
            let cell = data().crt.cell(column, roll.total);
            let roll_total = roll.total;
            self.log.add_with(
                "21.0",
                msg_n(
                    "HE fire on {hex}: {sp} strength point, {odds}",
                    "HE fire on {hex}: {sp} strength points, {odds}",
                    strength,
                )
                .arg("hex", hex)
                .arg("sp", strength)
                .arg("odds", Crt::COLUMNS[column]),
                vec![Random::Dice(roll)],
            );
            let us: Vec<usize> = self
                .side_at(hex, Side::Us)
                .filter(|&i| self.units[i].class().is_some_and(Class::personnel))
                .collect();
            if self.casualty_system() {
                self.he_casualties(hex, column, roll_total);
            } else {
                self.us_fire_result(hex, cell);
            }
            if !self.casualty_system() && !us.is_empty() && cell.effect != super::crt::Effect::None
            {
                self.log.add(
                    "21.0",
                    msg("The fire falls on the US units in {hex} too").arg("hex", hex),
                );
                self.apply_effect(hex, cell.effect, Side::Us);
            }
            carriers.extend(
                self.side_at(hex, Side::Nlf)
                    .chain(self.side_at(hex, Side::Us))
                    .filter(|&i| self.units[i].carrying.is_some())
                    .map(|i| (i, hex)),
            );
        }
        // A carrier under fire drops its load and falls back from the impact [5.35].
        for (c, hex) in carriers {
            if self.units[c].carrying.is_none() || !self.units[c].on_map() {
                continue;
            }
            self.drop_load(c);
            if matches!(self.step, Step::Retreat { .. }) {
                if let Some(&to) = self.retreat_hexes(c, &[hex]).first() {
                    self.fall_back(c, to);
                }
            } else {
                self.displace(c, &[hex]);
            }
        }
        self.reveal_by_sight();
    }

    /// What the pending HE decision asks, for the prompt.
    pub(super) fn he_prompt(&self) -> (Message, &'static str) {
        match self.he_fire.segment {
            Segment::Call => {
                let b = self
                    .he_fire
                    .callable()
                    .iter()
                    .filter(|a| matches!(a, Asset::Battery(_)))
                    .count();
                let s = self.he_fire.callable().len() - b;
                (
                    msg("US: call in HE fire? Not yet called: {batteries}, {strikes}")
                        .message(
                            "batteries",
                            msg_n("{n} battery", "{n} batteries", b).arg("n", b),
                        )
                        .message(
                            "strikes",
                            msg_n("{n} air strike", "{n} air strikes", s).arg("n", s),
                        ),
                    "21.52",
                )
            }
            Segment::Place => (
                msg("US: place the impact markers of the HE fire that has arrived ({n} placed)")
                    .arg("n", self.he_fire.impacts.len()),
                "21.41",
            ),
            Segment::Pattern => {
                let hex = self
                    .next_pattern()
                    .and_then(|k| self.he_fire.impacts[k].hex)
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                (
                    msg("US: lay the air strike's eight hexes from its impact at {hex}")
                        .arg("hex", hex),
                    "21.41",
                )
            }
        }
    }

    pub(super) fn he_label(&self, action: HeAction) -> Message {
        let t = table();
        match action {
            HeAction::Call(asset) => {
                let points = match asset {
                    Asset::Battery(_) => t.battery_points,
                    Asset::AirStrike(_) => t.air_strike_points,
                };
                msg_n(
                    "Call in {asset} ({points} point to the NLF)",
                    "Call in {asset} ({points} points to the NLF)",
                    points,
                )
                .message("asset", asset_name(asset))
                .arg("points", points)
            }
            HeAction::EndCalls => msg("Call in nothing more"),
            HeAction::Impact { asset, hex } => {
                let second = self.he_fire.placed(asset) == 1;
                let text = match (second, self.observed(hex)) {
                    (false, true) => msg("Aim the {asset} at {hex}, observed"),
                    (false, false) => msg("Aim the {asset} at {hex}, unobserved: it will scatter"),
                    (true, true) => msg("Split the {asset}: a second impact at {hex}, observed"),
                    (true, false) => msg(
                        "Split the {asset}: a second impact at {hex}, unobserved: it will scatter",
                    ),
                };
                text.message("asset", asset_name(asset)).arg("hex", hex)
            }
            HeAction::Fire if self.he_fire.impacts.is_empty() => msg("No HE fire this phase"),
            HeAction::Fire => msg("Fire the HE"),
            HeAction::Pattern {
                pattern, heading, ..
            } => msg("{pattern} facing {dir}")
                .term("pattern", t.air_patterns[usize::from(pattern)].name.clone())
                .message("dir", dir_word(heading)),
        }
    }

    pub(super) fn he_hex(&self, action: HeAction) -> Option<Hex> {
        match action {
            HeAction::Impact { hex, .. } => Some(hex),
            HeAction::Pattern { impact, .. } => self
                .he_fire
                .impacts
                .get(usize::from(impact))
                .and_then(|i| i.hex),
            _ => None,
        }
    }
}

// ---- The computer's choice -------------------------------------------------------------------

/// The US bot's HE policy (digest 10.5 item 5): call a battery in while two game-turns or more
/// remain and NLF counters stand within 8 hexes of US units but not next to them; call an air
/// strike only on three NLF counters close together; aim each fire where its pattern covers the
/// most NLF counters and no US unit; turn each air strike the same way.
pub(crate) fn bot_choice(v: &SearchDestroy, actions: &[Action]) -> Action {
    let nlf: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side == Side::Nlf && u.on_map() && !u.captive)
        .filter(|u| u.hidden() || u.class().is_some_and(Class::personnel))
        .filter_map(|u| u.hex)
        .collect();
    let us: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .filter_map(|u| u.hex)
        .collect();
    let near_us = |h: Hex| us.iter().map(|&x| x.distance(h)).min().unwrap_or(u32::MAX);
    let score = |hexes: &[Hex]| -> i64 {
        let hit = nlf.iter().filter(|h| hexes.contains(h)).count() as i64;
        let own = us.iter().filter(|h| hexes.contains(h)).count() as i64;
        hit * 10 - own * 25
    };
    let t = table();
    let turns_left = v.last_turn.saturating_sub(v.turn);
    let mut best: Option<(i64, &Action)> = None;
    for a in actions {
        let Action::He(he) = a else { continue };
        let value = match *he {
            HeAction::Call(Asset::Battery(_)) => {
                // One battery, called once: it fires every game-turn after.
                let none_called = v.he_fire.batteries.iter().all(|b| b.arrives.is_none());
                let targets = nlf.iter().any(|&h| (2..=RANGE).contains(&near_us(h)));
                if turns_left >= 1 && none_called && targets {
                    5
                } else {
                    i64::MIN
                }
            }
            HeAction::Call(Asset::AirStrike(_)) => {
                let clustered = nlf.iter().any(|&c| {
                    near_us(c) >= 3 && nlf.iter().filter(|&&o| o.distance(c) <= 1).count() >= 3
                });
                let pending = v
                    .he_fire
                    .air_strikes
                    .iter()
                    .any(|s| s.arrives.is_some() && !s.used);
                if clustered && !pending { 4 } else { i64::MIN }
            }
            HeAction::EndCalls | HeAction::Fire => 0,
            HeAction::Impact { asset, hex } => {
                if v.he_fire.placed(asset) > 0 {
                    i64::MIN
                } else {
                    let hexes = match asset {
                        Asset::Battery(_) => t.artillery_pattern.hexes(hex, Dir::N),
                        Asset::AirStrike(_) => t.air_patterns[0].hexes(hex, Dir::N),
                    };
                    // Only aim where something is, and keep scattered fire off own units.
                    let s = score(&hexes);
                    let safe = v.observed(hex) || near_us(hex) > 8;
                    if s > 0 && safe {
                        s + i64::from(v.observed(hex)) * 5
                    } else {
                        i64::MIN
                    }
                }
            }
            HeAction::Pattern {
                impact,
                pattern,
                heading,
            } => {
                let at = v.he_fire.impacts[usize::from(impact)].hex;
                at.map_or(0, |h| {
                    score(&t.air_patterns[usize::from(pattern)].hexes(h, heading))
                })
            }
        };
        if value > i64::MIN && best.is_none_or(|(b, _)| value > b) {
            best = Some((value, a));
        }
    }
    best.map_or_else(|| actions[0].clone(), |(_, a)| a.clone())
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::options::Options;
    use super::super::state::{SearchDestroy, Step, Unit};
    use super::super::tests::{board_with, counter, h, rigged};
    use super::*;
    use crate::engine::game::Game;

    fn he() -> Options {
        Options {
            he_fire: true,
            ..Options::default()
        }
    }

    /// A Basic-game board with the rule on, `batteries` and `strikes` allotted, at the start of
    /// the US Combat Phase of game-turn 2.
    fn board(units: Vec<Unit>, batteries: u8, strikes: u8) -> SearchDestroy {
        let mut g = board_with(units, Step::Probe, &he());
        g.allot_he(batteries, strikes);
        g.start_us_combat();
        g
    }

    fn act(g: &mut SearchDestroy, a: HeAction) {
        g.apply(&Action::He(a)).unwrap();
    }

    fn last_lines(g: &SearchDestroy, n: usize) -> Vec<String> {
        let e = g.log.entries();
        e[e.len().saturating_sub(n)..]
            .iter()
            .map(|e| e.english())
            .collect()
    }

    #[test]
    fn the_delayed_arrival_table_is_the_rulebooks() {
        // 21.58: 1 → no delay, 2-4 → one game-turn, 5-6 → two.
        assert_eq!(table().delay, [0, 1, 1, 1, 2, 2]);
    }

    #[test]
    fn a_delay_of_2_on_game_turn_1_arrives_on_game_turn_3() {
        // The example of 21.58. Die 5 reads 2 game-turns.
        let mut g = board(vec![counter("company_commander", Side::Us, "0810")], 1, 0);
        g.turn = 1;
        g.rng = rigged(&[5]);
        assert_eq!(g.step, Step::HeFire);
        act(&mut g, HeAction::Call(Asset::Battery(0)));
        assert_eq!(g.he_fire.batteries[0].arrives, Some(3));
        assert!(last_lines(&g, 1)[0].contains("arrives on Game-Turn 3"));
        // Nothing has arrived: ending the calls goes straight to ground fire.
        act(&mut g, HeAction::EndCalls);
        assert_eq!(g.step, Step::Combat(Side::Us));
        // Game-turn 2: still on its way, nothing to call or place.
        g.turn = 2;
        g.start_us_combat();
        assert_eq!(g.step, Step::Combat(Side::Us));
        g.turn = 3;
        g.start_us_combat();
        assert_eq!(
            (g.step.clone(), g.he_fire.segment),
            (Step::HeFire, Segment::Place)
        );
    }

    #[test]
    fn a_1_fires_in_the_combat_phase_it_is_called_for() {
        let mut g = board(vec![counter("company_commander", Side::Us, "0810")], 1, 0);
        g.rng = rigged(&[1]);
        act(&mut g, HeAction::Call(Asset::Battery(0)));
        assert!(last_lines(&g, 1)[0].contains("fires this Combat Phase"));
        act(&mut g, HeAction::EndCalls);
        assert_eq!(g.he_fire.segment, Segment::Place);
        assert!(g.legal_actions().contains(&Action::He(HeAction::Impact {
            asset: Asset::Battery(0),
            hex: h("0510")
        })));
    }

    #[test]
    fn calls_pay_the_nlf_at_once_and_never_exceed_the_allocation() {
        // 20 points a battery, once however often it fires; 50 an air strike [21.54, 21.55].
        let mut g = board(vec![counter("company_commander", Side::Us, "0810")], 1, 2);
        g.rng = rigged(&[1, 2, 6]);
        act(&mut g, HeAction::Call(Asset::Battery(0)));
        assert_eq!(g.points[1], 20);
        act(&mut g, HeAction::Call(Asset::AirStrike(0)));
        assert_eq!(g.points[1], 70);
        act(&mut g, HeAction::Call(Asset::AirStrike(1)));
        assert_eq!(g.points[1], 120);
        // Everything allotted is called: nothing more may be.
        assert!(
            !g.legal_actions()
                .iter()
                .any(|a| matches!(a, Action::He(HeAction::Call(_))))
        );
        act(&mut g, HeAction::EndCalls);
        // The battery (die 1) fires now, and again next game-turn at no further cost.
        act(&mut g, HeAction::Fire);
        g.turn = 3;
        g.start_us_combat();
        assert_eq!(g.he_fire.segment, Segment::Place);
        assert!(g.he_fire.ready(3).contains(&Asset::Battery(0)));
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("2020"),
            },
        );
        act(&mut g, HeAction::Fire);
        assert_eq!(g.points[1], 120);
    }

    #[test]
    fn the_points_are_the_nlfs_even_when_the_fire_comes_after_the_game() {
        // 21.58: called on the last game-turn with a delay, it never fires; the NLF keeps 20.
        let mut g = board(vec![counter("company_commander", Side::Us, "0810")], 1, 0);
        g.turn = g.last_turn;
        g.rng = rigged(&[6]);
        act(&mut g, HeAction::Call(Asset::Battery(0)));
        act(&mut g, HeAction::EndCalls);
        assert_eq!(g.step, Step::Combat(Side::Us));
        assert_eq!(g.points[1], 20);
        // The game plays out to its end with the points kept.
        while g.outcome().is_none() {
            let a = g.legal_actions().last().cloned().unwrap();
            g.apply(&a).unwrap();
        }
        assert!(g.points[1] >= 20);
    }

    #[test]
    fn the_artillery_pattern_is_six_hexes_without_the_one_to_the_south() {
        // 21.24: the impact hex and its neighbours, but not the one directly south.
        let hexes = table().artillery_pattern.hexes(h("0510"), Dir::N);
        assert_eq!(hexes.len(), 6);
        for x in ["0510", "0509", "0609", "0610", "0410", "0409"] {
            assert!(hexes.contains(&h(x)), "{x}");
        }
        assert!(!hexes.contains(&h("0511")));
    }

    #[test]
    fn every_air_strike_pattern_is_eight_connected_hexes_with_the_impact() {
        for p in &table().air_patterns {
            for d in Dir::ALL {
                let hexes = p.hexes(h("2017"), d);
                assert_eq!(hexes.len(), AIR_STRIKE_HEXES, "{} {d:?}", p.id);
                assert!(hexes.contains(&h("2017")));
            }
        }
    }

    /// A battery called long ago, arrived, at the start of a Combat Phase.
    fn arrived(units: Vec<Unit>, batteries: u8) -> SearchDestroy {
        let mut g = board(units, batteries, 0);
        for b in &mut g.he_fire.batteries {
            b.arrives = Some(1);
        }
        g.start_us_combat();
        assert_eq!(g.he_fire.segment, Segment::Place);
        g
    }

    #[test]
    fn observed_fire_lands_where_aimed_and_attacks_every_nlf_hex_of_the_pattern() {
        // A Forward Observer at 0510 sees the forest hex 0513 [21.32]: no scatter roll. Two
        // face-down hard-core squads in the pattern (0513 and its northwest neighbour 0412, both
        // forest, defence 3) are each attacked at 12 against 3, 4-1.
        let mut g = arrived(
            vec![
                counter("forward_observer", Side::Us, "0510"),
                counter("hard_core", Side::Nlf, "0513"),
                counter("hard_core", Side::Nlf, "0412"),
            ],
            1,
        );
        assert!(g.observed(h("0513")));
        // An observer under leadership loss does not observe (digest 4.4.5, item 7).
        let mut lost = g.clone();
        lost.units[0].leaderless_until = lost.turn;
        assert!(!lost.observed(h("0513")));
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("0513"),
            },
        );
        // The first roll (0412) scores and turns its squad up, the second (0513) is a 1: pinned
        // but still face-down.
        g.rng = rigged(&[3, 1]);
        act(&mut g, HeAction::Fire);
        let lines = g
            .log
            .entries()
            .iter()
            .map(|e| e.english())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            lines.contains("directs the artillery battery 1 onto 0513"),
            "{lines}"
        );
        assert!(
            lines.contains("HE fire on 0412: 12 strength points, 4-1"),
            "{lines}"
        );
        assert!(
            lines.contains("HE fire on 0513: 12 strength points, 4-1"),
            "{lines}"
        );
        assert!(g.units[2].face_up && g.units[2].pinned);
        assert_eq!(g.points[0], 10);
        assert!(g.units[1].hidden() && g.units[1].pinned);
        assert_eq!(g.step, Step::Combat(Side::Us));
    }

    #[test]
    fn a_face_down_counter_under_fire_tells_nothing_on_a_miss() {
        // A face-down cache in the forest: a 2 at 4-1 pins and scores nothing, so it stays a
        // back; a 3 scores, which shows only that no personnel is there [6.0, 21.42].
        for (die, line) in [(2, "Pinned"), (3, "No effect: no personnel unit there")] {
            let mut g = arrived(
                vec![
                    counter("forward_observer", Side::Us, "0510"),
                    counter("rice", Side::Nlf, "0513"),
                ],
                1,
            );
            act(
                &mut g,
                HeAction::Impact {
                    asset: Asset::Battery(0),
                    hex: h("0513"),
                },
            );
            g.rng = rigged(&[die]);
            act(&mut g, HeAction::Fire);
            assert!(g.units[1].hidden() && g.units[1].on_map());
            assert_eq!(g.points, [0, 0]);
            assert!(
                last_lines(&g, 1)[0].contains(line),
                "{:?}",
                last_lines(&g, 2)
            );
        }
    }

    #[test]
    fn unobserved_fire_scatters_by_direction_and_distance_and_is_lost_off_the_map() {
        // No Forward Observer: die 1 = north, die 3 = three hexes [21.36]. From 0502 that
        // leaves the map: the fire is lost and nothing is attacked, not even the squad at 0502.
        let mut g = arrived(
            vec![
                counter("company_commander", Side::Us, "2020"),
                counter("hard_core", Side::Nlf, "0502"),
            ],
            1,
        );
        assert!(!g.observed(h("0502")));
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("0502"),
            },
        );
        g.rng = rigged(&[1, 3]);
        act(&mut g, HeAction::Fire);
        assert_eq!(g.he_fire.impacts[0].hex, None);
        assert!(last_lines(&g, 1)[0].contains("off the map: its fire is lost"));
        assert!(g.he_strengths().is_empty());
        assert!(!g.units[1].pinned);
        // Die 4 = south, die 2 = two hexes: 0510 comes down on 0512.
        let mut g = arrived(vec![counter("company_commander", Side::Us, "2020")], 1);
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("0510"),
            },
        );
        g.rng = rigged(&[4, 2]);
        act(&mut g, HeAction::Fire);
        assert_eq!(g.he_fire.impacts[0].hex, Some(h("0512")));
    }

    #[test]
    fn a_split_battery_fires_6_in_each_of_two_patterns_at_most_4_hexes_apart() {
        // 21.37.
        let mut g = arrived(vec![counter("forward_observer", Side::Us, "0810")], 2);
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("0510"),
            },
        );
        let second = g.impact_hexes(Asset::Battery(0));
        assert!(second.contains(&h("0910")) && !second.contains(&h("1010")));
        assert!(!second.contains(&h("0510")));
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("0710"),
            },
        );
        // No third impact for that battery.
        assert!(g.impact_hexes(Asset::Battery(0)).is_empty());
        // The other battery on the first impact: the patterns add up [21.43, 21.57].
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(1),
                hex: h("0510"),
            },
        );
        let sp = g.he_strengths();
        assert_eq!(sp[&h("0710")], 6);
        assert_eq!(sp[&h("0510")], 18);
        assert_eq!(sp[&h("0409")], 18);
    }

    #[test]
    fn hexes_with_only_us_units_are_spared_but_us_units_with_the_nlf_are_hit() {
        // Digest ruling A13: 0509 holds only a US squad and is not attacked; 0510 holds a US
        // squad with an NLF squad and the result falls on both.
        let mut g = arrived(
            vec![
                counter("forward_observer", Side::Us, "0810"),
                counter("us_squad", Side::Us, "0509"),
                counter("us_squad", Side::Us, "0510"),
                counter("hard_core", Side::Nlf, "0510"),
            ],
            1,
        );
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h("0510"),
            },
        );
        g.rng = rigged(&[6]);
        act(&mut g, HeAction::Fire);
        // 4-1, die 6: D.
        assert!(g.units[1].on_map() && !g.units[1].pinned);
        assert!(!g.units[2].on_map() && !g.units[3].on_map());
        assert_eq!(g.points[0], 25);
    }

    #[test]
    fn an_air_strike_strikes_once_in_the_pattern_the_us_lays() {
        let mut g = board(
            vec![
                counter("forward_observer", Side::Us, "0810"),
                counter("hard_core", Side::Nlf, "0507"),
            ],
            0,
            1,
        );
        g.rng = rigged(&[1]);
        act(&mut g, HeAction::Call(Asset::AirStrike(0)));
        act(&mut g, HeAction::EndCalls);
        act(
            &mut g,
            HeAction::Impact {
                asset: Asset::AirStrike(0),
                hex: h("0510"),
            },
        );
        act(&mut g, HeAction::Fire);
        assert_eq!(g.he_fire.segment, Segment::Pattern);
        let line = table()
            .air_patterns
            .iter()
            .position(|p| p.id == "line")
            .unwrap() as u8;
        let choices = g.legal_actions();
        assert_eq!(choices.len(), 6 * table().air_patterns.len());
        g.rng = rigged(&[6]);
        act(
            &mut g,
            HeAction::Pattern {
                impact: 0,
                pattern: line,
                heading: Dir::N,
            },
        );
        // 0510 north to 0503: 9 points a hex; the squad in the treeline at 0507 (defence 3)
        // is attacked at 3-1, and a 6 pins it for 15 points.
        assert_eq!(g.he_strengths()[&h("0503")], 9);
        assert!(g.units[1].face_up && g.units[1].pinned);
        assert_eq!(g.points[0], 15);
        assert_eq!(g.step, Step::Combat(Side::Us));
        // Spent: nothing is ready next game-turn, nothing to call.
        g.turn = 3;
        g.start_us_combat();
        assert_eq!(g.step, Step::Combat(Side::Us));
    }

    #[test]
    fn without_the_rule_the_allocation_is_not_used() {
        let mut g = board_with(
            vec![counter("company_commander", Side::Us, "0810")],
            Step::Probe,
            &Options::default(),
        );
        g.allot_he(2, 3);
        assert!(g.he_fire.batteries.is_empty());
        g.start_us_combat();
        assert_eq!(g.step, Step::Combat(Side::Us));
    }

    #[test]
    fn the_scenarios_allocation_is_the_us_fire_with_the_rule() {
        // 27.21 Cocoa Beach allots two batteries; 27.22 Phu Yen five air strikes.
        let g = SearchDestroy::with_options("cocoa_beach", &he(), 1).unwrap();
        assert_eq!(
            (g.he_fire.batteries.len(), g.he_fire.air_strikes.len()),
            (2, 0)
        );
        let g = SearchDestroy::with_options("phu_yen", &he(), 1).unwrap();
        assert_eq!(
            (g.he_fire.batteries.len(), g.he_fire.air_strikes.len()),
            (0, 5)
        );
    }

    #[test]
    fn the_labels_say_what_each_choice_costs_and_whether_it_is_observed() {
        let mut g = board(vec![counter("forward_observer", Side::Us, "0810")], 1, 1);
        let labels: Vec<String> = g
            .prompt()
            .choices
            .iter()
            .map(|c| c.label.english())
            .collect();
        assert!(labels.contains(&"Call in artillery battery 1 (20 points to the NLF)".to_owned()));
        assert!(labels.contains(&"Call in air strike 1 (50 points to the NLF)".to_owned()));
        g.rng = rigged(&[1]);
        act(&mut g, HeAction::Call(Asset::Battery(0)));
        act(&mut g, HeAction::EndCalls);
        let label = |g: &SearchDestroy, hex: &str| {
            g.he_label(HeAction::Impact {
                asset: Asset::Battery(0),
                hex: h(hex),
            })
            .english()
        };
        assert_eq!(
            label(&g, "0510"),
            "Aim the artillery battery 1 at 0510, observed"
        );
        assert_eq!(
            label(&g, "3030"),
            "Aim the artillery battery 1 at 3030, unobserved: it will scatter"
        );
    }
}
