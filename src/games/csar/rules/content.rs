//! The game's content, read once from `data/games/csar/*.toml` (or an owner's override files)
//! and checked. Every error names the file, the line and the field.

use serde::Deserialize;

use crate::engine::content::{ContentError, Files, Loaded, Source};
use crate::engine::message::n_;
use crate::engine::reference::{RuleSection, RulesFile};

const GAME: &str = "csar";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Crosshairs,
    Roundel,
    Rifle,
    Blast,
    Reshuffle,
    Wild,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ResolutionCard {
    pub number: u8,
    pub symbol: Symbol,
    /// 1–7: the aircraft id shown on the card; 0 for the special cards.
    pub aircraft: u8,
    pub source: Source,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Sandy,
    Fac,
    Helicopter,
    FastMover,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Aircraft,
    Command,
}

#[derive(Clone, Debug, Deserialize)]
struct ActionRecord {
    title: String,
    kind: CardKind,
    aircraft: Option<Kind>,
    copies: u8,
    #[serde(default)]
    remove_when_played: bool,
    text: String,
    source: Source,
}

/// One physical Action card.
#[derive(Clone, Debug)]
pub struct ActionCard {
    pub title: String,
    pub kind: CardKind,
    pub aircraft: Option<Kind>,
    pub remove_when_played: bool,
    pub text: String,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
pub struct EventCard {
    pub title: String,
    pub effect: String,
    pub text: String,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PilotCard {
    pub name: String,
    pub role: String,
    pub rides: Kind,
    pub passive: String,
    pub discard: String,
    pub source: Source,
}

impl PilotCard {
    /// The card's role as the choices name it: a pararescue jumper or a pilot.
    pub fn role_name(&self) -> &'static str {
        if self.role.eq_ignore_ascii_case("pj") {
            n_("PJ")
        } else {
            n_("Pilot")
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Tracks {
    pub turn_max: u8,
    pub search_max: u8,
    pub abort_auto: u8,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AircraftRecord {
    pub name: String,
    pub kind: Kind,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
struct UnitRecord {
    name: String,
    #[serde(default)]
    own: u8,
    #[serde(default)]
    range: u8,
    #[serde(default)]
    star: bool,
    #[serde(default)]
    barrage: bool,
    count: u8,
    #[allow(dead_code)]
    source: Source,
}

/// One enemy unit counter of the Enemy Guns/Barrages cup.
#[derive(Clone, Debug)]
pub struct Unit {
    pub name: String,
    pub own: u8,
    pub range: u8,
    pub star: bool,
    pub barrage: bool,
}

#[derive(Clone, Debug, Deserialize)]
struct MarkerValues {
    hidden: Vec<String>,
    enemy: Vec<String>,
    #[allow(dead_code)]
    source: Source,
}

#[derive(Clone, Debug, Deserialize)]
struct ZoneMarkerRecord {
    name: String,
    count: u8,
    #[allow(dead_code)]
    source: Source,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Ordnance {
    pub cs_gas: u8,
    pub smoke: u8,
    pub mark: u8,
    pub cluster: u8,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
struct CountersFile {
    tracks: Tracks,
    aircraft: Vec<AircraftRecord>,
    unit: Vec<UnitRecord>,
    markers: MarkerValues,
    zone_marker: Vec<ZoneMarkerRecord>,
    ordnance: Ordnance,
}

/// A Hidden or Enemy marker's printed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerValue {
    Plain(u8),
    OnePlus,
}

impl MarkerValue {
    fn parse(text: &str) -> Result<Self, String> {
        if text == "1+" {
            return Ok(MarkerValue::OnePlus);
        }
        text.parse()
            .map(MarkerValue::Plain)
            .map_err(|_| format!("marker value '{text}' is neither a number nor 1+"))
    }
    pub fn at_least_one(self) -> bool {
        !matches!(self, MarkerValue::Plain(0))
    }
    pub fn label(self) -> String {
        match self {
            MarkerValue::Plain(n) => n.to_string(),
            MarkerValue::OnePlus => "1+".into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum ZoneMarker {
    #[serde(rename = "Coordinated Fire")]
    CoordinatedFire,
    Entrenchment,
    #[serde(rename = "Heavy Jungle")]
    HeavyJungle,
    Impassable,
    #[serde(rename = "Target of Opportunity")]
    TargetOfOpportunity,
    Village,
}

impl ZoneMarker {
    pub fn name(self) -> &'static str {
        match self {
            ZoneMarker::CoordinatedFire => "Coordinated Fire",
            ZoneMarker::Entrenchment => "Entrenchment",
            ZoneMarker::HeavyJungle => "Heavy Jungle",
            ZoneMarker::Impassable => "Impassable",
            ZoneMarker::TargetOfOpportunity => "Target of Opportunity",
            ZoneMarker::Village => "Village",
        }
    }
}

#[derive(Clone, Debug, Deserialize, Default)]
pub struct Orbit {
    pub sandy: u8,
    pub fac: u8,
    pub helicopter: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Reinforcements {
    pub turn: u8,
    pub sandy: u8,
    pub helicopter: u8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SurvivorSetup {
    pub zone: String,
    #[serde(default)]
    pub injured: bool,
    #[serde(default)]
    pub pinpointed: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FixedUnit {
    pub zone: String,
    pub unit: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FixedZoneMarker {
    pub zone: String,
    pub marker: ZoneMarker,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Removal {
    pub title: String,
    /// `None`: every copy.
    pub copies: Option<u8>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartingHand {
    Select(u8),
    Fixed(Vec<String>),
}

#[derive(Clone, Debug, Deserialize)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub turns: u8,
    #[serde(default)]
    pub variable_end_from: Option<u8>,
    #[serde(default)]
    pub withdraw_turn: Option<u8>,
    #[serde(default)]
    pub grounded_turn: Option<u8>,
    pub orbit: Orbit,
    pub fast_movers_in_orbit: u8,
    pub fast_mover_pool: u8,
    #[serde(default)]
    pub fast_movers_return_until: Option<u8>,
    #[serde(default)]
    pub reinforcements: Option<Reinforcements>,
    /// "choose", "none" or "claws_or_piney".
    pub pilot: String,
    pub survivors: Vec<SurvivorSetup>,
    #[serde(default)]
    pub fixed_units: Vec<FixedUnit>,
    #[serde(default)]
    pub fixed_zone_markers: Vec<FixedZoneMarker>,
    #[serde(default)]
    pub random_zone_markers: Vec<String>,
    #[serde(default)]
    pub enemy_min_one: bool,
    #[serde(default)]
    pub hidden_min_one: bool,
    #[serde(default)]
    pub no_hidden: bool,
    #[serde(default)]
    pub no_enemy_three: bool,
    #[serde(default)]
    pub no_s60: bool,
    #[serde(default)]
    pub enemy_markers: Vec<String>,
    #[serde(default)]
    pub hidden_markers: Vec<String>,
    #[serde(default)]
    pub reveal_two_outer: bool,
    pub search: u8,
    pub abort: u8,
    #[serde(default)]
    pub search_cap: Option<u8>,
    #[serde(default)]
    pub hand_limit: Option<u8>,
    #[serde(default)]
    pub reserve_limit: Option<u8>,
    pub starting_hand: StartingHand,
    #[serde(default)]
    pub removed_events: Vec<String>,
    #[serde(default)]
    pub removed_actions: Vec<Removal>,
    #[serde(default)]
    pub mandatory_search_effectiveness: bool,
    #[serde(default)]
    pub air_force_cross_victory: bool,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Campaign {
    pub missions: u8,
    pub turns: u8,
    pub starting_morale: i32,
    pub removed_actions: Vec<Removal>,
    pub price_card: i32,
    pub price_extra_turn: i32,
    pub price_pilot: i32,
    pub price_fast_mover: i32,
    pub max_fast_movers: u8,
    pub score_no_losses: i32,
    pub score_all_rescued: i32,
    pub score_survivor_lost: i32,
    pub score_abort_space: i32,
    pub score_auto_abort: i32,
    pub score_crew_lost: i32,
    pub score_crew_recovered: i32,
    pub source: Source,
}

#[derive(Clone, Debug, Deserialize)]
struct ScenariosFile {
    scenario: Vec<Scenario>,
    campaign: Campaign,
}

/// Everything the rules read, with Action cards expanded to one entry per physical card.
#[derive(Debug)]
pub struct Content {
    pub resolution: Vec<ResolutionCard>,
    pub actions: Vec<ActionCard>,
    pub events: Vec<EventCard>,
    pub pilots: Vec<PilotCard>,
    pub tracks: Tracks,
    pub aircraft: Vec<AircraftRecord>,
    pub units: Vec<Unit>,
    pub hidden: Vec<MarkerValue>,
    pub enemy: Vec<MarkerValue>,
    pub zone_markers: Vec<ZoneMarker>,
    pub ordnance: Ordnance,
    pub scenarios: Vec<Scenario>,
    pub campaign: Campaign,
    pub rules: Vec<RuleSection>,
}

/// Reads and checks every file afresh (the game itself loads once, through [`loaded`]).
pub fn load(files: &Files) -> Result<Content, ContentError> {
    #[derive(Deserialize)]
    struct Res {
        card: Vec<ResolutionCard>,
    }
    #[derive(Deserialize)]
    struct Acts {
        card: Vec<ActionRecord>,
    }
    #[derive(Deserialize)]
    struct Evs {
        event: Vec<EventCard>,
    }
    #[derive(Deserialize)]
    struct Pils {
        pilot: Vec<PilotCard>,
    }
    let res_file = files.open(
        "resolution.toml",
        include_str!("../../../../data/games/csar/resolution.toml"),
    )?;
    let res: Res = res_file.parse()?;
    let acts_file = files.open(
        "actions.toml",
        include_str!("../../../../data/games/csar/actions.toml"),
    )?;
    let acts: Acts = acts_file.parse()?;
    let evs_file = files.open(
        "events.toml",
        include_str!("../../../../data/games/csar/events.toml"),
    )?;
    let evs: Evs = evs_file.parse()?;
    let pils: Pils = files.load(
        "pilots.toml",
        include_str!("../../../../data/games/csar/pilots.toml"),
    )?;
    let counters_file = files.open(
        "counters.toml",
        include_str!("../../../../data/games/csar/counters.toml"),
    )?;
    let counters: CountersFile = counters_file.parse()?;
    let scen: ScenariosFile = files.load(
        "scenarios.toml",
        include_str!("../../../../data/games/csar/scenarios.toml"),
    )?;
    let rules = files
        .load::<RulesFile>(
            "rules.toml",
            include_str!("../../../../data/games/csar/rules.toml"),
        )?
        .section;
    let mut actions = Vec::new();
    for r in acts.card {
        for _ in 0..r.copies {
            actions.push(ActionCard {
                title: r.title.clone(),
                kind: r.kind,
                aircraft: r.aircraft,
                remove_when_played: r.remove_when_played,
                text: r.text.clone(),
                source: r.source,
            });
        }
    }
    let mut units = Vec::new();
    for u in counters.unit {
        for _ in 0..u.count {
            units.push(Unit {
                name: u.name.clone(),
                own: u.own,
                range: u.range,
                star: u.star,
                barrage: u.barrage,
            });
        }
    }
    let values = |v: &[String]| {
        v.iter()
            .map(|s| MarkerValue::parse(s).map_err(|e| counters_file.error("[markers]", e)))
            .collect::<Result<Vec<_>, _>>()
    };
    let mut zone_markers = Vec::new();
    for z in counters.zone_marker {
        let kind: ZoneMarker = toml::Value::String(z.name.clone())
            .try_into()
            .map_err(|_| {
                counters_file.error(
                    &z.name,
                    format!("zone_marker: unknown zone marker '{}'", z.name),
                )
            })?;
        zone_markers.extend(std::iter::repeat_n(kind, z.count as usize));
    }
    // The decks are dealt by number: the rules need every card of the printed game.
    let count = |file: &crate::engine::content::ContentFile, what: &str, found: usize, wanted| {
        if found == wanted {
            Ok(())
        } else {
            Err(file.error("", format!("expected {wanted} {what}, found {found}")))
        }
    };
    count(&res_file, "Resolution cards", res.card.len(), 30)?;
    count(&acts_file, "Action cards", actions.len(), 37)?;
    count(&evs_file, "Event cards", evs.event.len(), 16)?;
    count(
        &counters_file,
        "aircraft counters",
        counters.aircraft.len(),
        11,
    )?;
    Ok(Content {
        resolution: res.card,
        actions,
        events: evs.event,
        pilots: pils.pilot,
        tracks: counters.tracks,
        aircraft: counters.aircraft,
        units,
        hidden: values(&counters.markers.hidden)?,
        enemy: values(&counters.markers.enemy)?,
        zone_markers,
        ordnance: counters.ordnance,
        scenarios: scen.scenario,
        campaign: scen.campaign,
        rules,
    })
}

static CONTENT: Loaded<Content> = Loaded::new(|| load(&Files::of(GAME)));

/// The content, loaded and checked on first use; `Csar::setup` refuses a game with its error.
pub fn loaded() -> Result<&'static Content, ContentError> {
    CONTENT.get()
}

/// The content once `setup` has checked it (see [`Loaded::checked`]).
#[inline]
pub fn content() -> &'static Content {
    CONTENT.checked()
}

impl Content {
    pub fn res(&self, number: u8) -> &ResolutionCard {
        &self.resolution[usize::from(number) - 1]
    }
    pub fn action(&self, id: u8) -> &ActionCard {
        &self.actions[usize::from(id)]
    }
    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_may_be_overridden_and_a_broken_override_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let files = Files::with_overrides(GAME, dir.path());
        let embedded = load(&files).unwrap();
        assert_eq!(embedded.rules, content().rules);
        let rules = dir.path().join("rules.toml");
        std::fs::write(
            &rules,
            "[[section]]\nnumber = \"1.0\"\ntitle = \"Owner's\"\ntext = \"...\"\nsource = \"rulebook\"\n",
        )
        .unwrap();
        let c = load(&files).unwrap();
        assert_eq!(c.rules.len(), 1);
        assert_eq!(c.rules[0].title, "Owner's");
        let resolution = dir.path().join("resolution.toml");
        std::fs::write(
            &resolution,
            "[[card]]\nnumber = 1\nsymbol = \"crosshair\"\naircraft = 1\nsource = \"recon\"\n",
        )
        .unwrap();
        let e = load(&files).unwrap_err();
        assert_eq!(e.file, resolution.display().to_string());
        assert!(
            e.detail.starts_with("line 3:") && e.detail.contains("crosshair"),
            "{e}"
        );
        std::fs::write(
            &resolution,
            "[[card]]\nnumber = 1\nsymbol = \"crosshairs\"\naircraft = 1\nsource = \"recon\"\n",
        )
        .unwrap();
        let e = load(&files).unwrap_err().to_string();
        assert!(e.ends_with("expected 30 Resolution cards, found 1"), "{e}");
        std::fs::remove_file(&resolution).unwrap();
        for name in [
            "actions.toml",
            "events.toml",
            "pilots.toml",
            "counters.toml",
            "scenarios.toml",
        ] {
            std::fs::write(dir.path().join(name), "not = [toml").unwrap();
            let e = load(&files).unwrap_err();
            assert!(e.file.ends_with(name), "{name}: {e}");
            std::fs::remove_file(dir.path().join(name)).unwrap();
        }
    }
}
