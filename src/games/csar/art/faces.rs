//! The game's content turned into printed faces: every card of the four decks and every counter
//! of the 88-counter mix (front and back), read from `data/games/csar/*.toml` through
//! [`crate::games::csar::rules::content::content`]. The live board ([`super::scene`]) and the
//! print-and-play kit ([`super::kit`]) both take their faces from here.

use super::card::{CardBody, CardDeck, CardFace, EventDuration};
use super::counter::{
    AircraftSide, CounterFace, CrewRole, Firepower, MarkerValue, OrdnanceKind, TrackKind,
    ZoneMarkerKind,
};
use super::icons::AircraftKind;
use crate::games::csar::rules::content::{self, CardKind, Kind, Symbol, ZoneMarker, content};
use crate::i18n::gettext;

/// Survivor counters in the mix (digest §10.2: six, enough for every scenario plus downed crews).
pub const SURVIVOR_COUNTERS: usize = 6;
/// Hit markers in the mix (digest §10.2).
pub const HIT_COUNTERS: usize = 6;

pub fn aircraft_kind(kind: Kind) -> AircraftKind {
    match kind {
        Kind::Sandy => AircraftKind::Sandy,
        Kind::Fac => AircraftKind::Fac,
        Kind::Helicopter => AircraftKind::Helicopter,
        Kind::FastMover => AircraftKind::FastMover,
    }
}

fn zone_marker_kind(m: ZoneMarker) -> ZoneMarkerKind {
    match m {
        ZoneMarker::CoordinatedFire => ZoneMarkerKind::CoordinatedFire,
        ZoneMarker::Entrenchment => ZoneMarkerKind::Entrenchment,
        ZoneMarker::HeavyJungle => ZoneMarkerKind::HeavyJungle,
        ZoneMarker::Impassable => ZoneMarkerKind::Impassable,
        ZoneMarker::TargetOfOpportunity => ZoneMarkerKind::TargetOfOpportunity,
        ZoneMarker::Village => ZoneMarkerKind::Village,
    }
}

fn marker_value(v: content::MarkerValue) -> MarkerValue {
    match v {
        content::MarkerValue::Plain(n) => MarkerValue::Units(n),
        content::MarkerValue::OnePlus => MarkerValue::OnePlus,
    }
}

// ---------------------------------------------------------------------------------------------
// Cards

/// Resolution card `number` (1–30).
pub fn resolution_card(number: u8) -> CardFace {
    let c = content().res(number);
    let symbol = c.symbol;
    let reminder = match c.symbol {
        Symbol::Reshuffle => {
            gettext("Not a draw: shuffle every discard back into the deck, then draw again.")
        }
        Symbol::Wild => gettext(
            "Counts as any symbol you name, or you pick the aircraft hit, or it acts as a Reshuffle.",
        ),
        _ => String::new(),
    };
    let aircraft = (c.aircraft > 0).then(|| {
        let kind = content().aircraft[usize::from(c.aircraft) - 1].kind;
        (aircraft_kind(kind), c.aircraft)
    });
    CardFace {
        number: u32::from(number),
        body: CardBody::Resolution {
            symbol,
            count: 1,
            aircraft,
            reminder,
        },
    }
}

/// A short copy code such as "ATK-S 2/3": three letters of the title, the aircraft, which copy.
fn copy_code(id: usize) -> String {
    let all = &content().actions;
    let card = &all[id];
    let same = |c: &content::ActionCard| c.title == card.title && c.aircraft == card.aircraft;
    let copies = all.iter().filter(|c| same(c)).count();
    let nth = all[..=id].iter().filter(|c| same(c)).count();
    let word = card.title.rsplit(": ").next().unwrap_or(&card.title);
    let letters: String = word
        .chars()
        .filter(|c| c.is_alphabetic())
        .take(3)
        .collect::<String>()
        .to_uppercase();
    let plane = match card.aircraft {
        Some(Kind::Sandy) => "-S",
        Some(Kind::Fac) => "-F",
        Some(Kind::FastMover) => "-J",
        Some(Kind::Helicopter) => "-H",
        None => "",
    };
    format!("{letters}{plane} {nth}/{copies}")
}

/// Action card `id` (0–36, one per physical card).
pub fn action_card(id: u8) -> CardFace {
    let c = content().action(id);
    let command = c.kind == CardKind::Command;
    let timing = if command {
        gettext("Command: play or discard in the Card Phase; never reserved or burned.")
    } else if c.title == "Suppress" {
        gettext("Assign in the Assign segment; play at any moment of the Combat Phase.")
    } else {
        gettext("Assign in the Assign segment; play in the Play segment.")
    };
    let not_in = match c.title.as_str() {
        "Ordnance: CS Gas" | "Ordnance: CBU" | "Ordnance: Napalm" => vec![ZoneMarkerKind::Village],
        "Troll for Fire" => vec![ZoneMarkerKind::HeavyJungle],
        _ => vec![],
    };
    CardFace {
        number: u32::from(id) + 1,
        body: CardBody::Action {
            // Card texts are in the catalogue (extracted from the data): printed and shown in
            // the player's language.
            title: gettext(&c.title),
            command,
            aircraft: c.aircraft.map(aircraft_kind),
            text: gettext(&c.text),
            timing,
            not_in,
            remove_when_played: c.remove_when_played,
            copy: copy_code(usize::from(id)),
        },
    }
}

/// Event card `id` (0–15).
pub fn event_card(id: u8) -> CardFace {
    let e = &content().events[usize::from(id)];
    let duration = match e.effect.as_str() {
        "rules_of_engagement" => EventDuration::StaysInPlay,
        "comms_trouble" | "evacuation" | "migs" | "radio_contact" => EventDuration::ThisTurn,
        _ => EventDuration::Instant,
    };
    CardFace {
        number: u32::from(id) + 1,
        body: CardBody::Event {
            title: gettext(&e.title),
            text: gettext(&e.text),
            duration,
        },
    }
}

fn crew_role(role: &str) -> CrewRole {
    if role.eq_ignore_ascii_case("pj") {
        CrewRole::Pj
    } else {
        CrewRole::Pilot
    }
}

/// Pilot/PJ card `id`.
pub fn pilot_card(id: u8) -> CardFace {
    let p = &content().pilots[usize::from(id)];
    CardFace {
        number: u32::from(id) + 1,
        body: CardBody::PilotPj {
            name: p.name.clone(),
            role: crew_role(&p.role),
            rides: aircraft_kind(p.rides),
            // The abilities are in the catalogue (extracted from the data).
            passive: gettext(&p.passive),
            discard: gettext(&p.discard),
        },
    }
}

/// Every card of one deck, in content order.
pub fn deck(which: CardDeck) -> Vec<CardFace> {
    let c = content();
    let ids = |n: usize| (0..n).map(|i| i as u8);
    match which {
        CardDeck::Resolution => ids(c.resolution.len())
            .map(|i| resolution_card(i + 1))
            .collect(),
        CardDeck::Action => ids(c.actions.len()).map(action_card).collect(),
        CardDeck::Event => ids(c.events.len()).map(event_card).collect(),
        CardDeck::PilotPj => ids(c.pilots.len()).map(pilot_card).collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// Counters

/// Aircraft counter `index` (content order: Sandy 1–4, Jolly 5–6, FAC 7, Fast Movers A–D) with
/// its printed number, on the side given; no crew or passengers.
pub fn aircraft_counter(index: u8, shaken: bool) -> CounterFace {
    let a = &content().aircraft[usize::from(index)];
    let kind = aircraft_kind(a.kind);
    let side = match (kind, shaken) {
        (AircraftKind::FastMover, false) => AircraftSide::Enter,
        (AircraftKind::FastMover, true) => AircraftSide::Exit,
        (_, false) => AircraftSide::Cool,
        (_, true) => AircraftSide::Shaken,
    };
    CounterFace::Aircraft {
        kind,
        number: a.name.rsplit(' ').next().unwrap_or(&a.name).to_owned(),
        side,
        crew: None,
        carrying: 0,
        moved: false,
    }
}

/// Pilot/PJ counter of pilot card `id`; `downed` is its Survivor side.
pub fn crew_counter(id: u8, downed: bool) -> CounterFace {
    let p = &content().pilots[usize::from(id)];
    CounterFace::Crew {
        name: p.name.clone(),
        role: crew_role(&p.role),
        rides: aircraft_kind(p.rides),
        downed,
    }
}

/// Enemy unit counter `counter` (index in the Guns/Barrages cup), Active or Suppressed.
pub fn unit_counter(counter: u8, suppressed: bool, fired: bool) -> CounterFace {
    let u = &content().units[usize::from(counter)];
    if u.barrage {
        return CounterFace::Barrage;
    }
    let calibre = match u.name.as_str() {
        "M38" => Some("37mm".to_owned()),
        "S-60" => Some("57mm".to_owned()),
        _ => None,
    };
    CounterFace::Gun {
        name: u.name.clone(),
        calibre,
        firepower: Firepower {
            own: u.own,
            range: (u.range > 0).then_some(u.range),
            star: u.star,
        },
        suppressed,
        fired,
    }
}

pub fn zone_marker_counter(id: u8) -> CounterFace {
    CounterFace::Zone(zone_marker_kind(content().zone_markers[usize::from(id)]))
}

/// Hidden marker `id`: concealed side, or its value when `revealed`.
pub fn hidden_counter(id: u8, revealed: bool) -> CounterFace {
    CounterFace::Hidden {
        value: revealed.then(|| marker_value(content().hidden[usize::from(id)])),
    }
}

/// Enemy marker `id`: concealed side, or its value when `revealed`.
pub fn enemy_counter(id: u8, revealed: bool) -> CounterFace {
    CounterFace::Enemy {
        value: revealed.then(|| marker_value(content().enemy[usize::from(id)])),
    }
}

/// Two-turn ordnance marker on its ONE (`side` 1) or TWO side.
pub fn ordnance_counter(kind: OrdnanceKind, side: u8) -> CounterFace {
    CounterFace::Ordnance {
        kind,
        second_turn: side >= 2,
    }
}

/// One double-sided counter of the mix.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterSheetEntry {
    pub name: String,
    pub front: CounterFace,
    pub back: CounterFace,
}

/// The whole counter mix (digest §10.2), front and back of each counter.
pub fn counter_mix() -> Vec<CounterSheetEntry> {
    let c = content();
    let mut v = Vec::new();
    let mut add = |name: &str, front: CounterFace, back: CounterFace| {
        v.push(CounterSheetEntry {
            name: name.to_owned(),
            front,
            back,
        })
    };
    for (i, a) in c.aircraft.iter().enumerate() {
        add(
            &a.name,
            aircraft_counter(i as u8, false),
            aircraft_counter(i as u8, true),
        );
    }
    for (i, p) in c.pilots.iter().enumerate() {
        add(
            &p.name,
            crew_counter(i as u8, false),
            crew_counter(i as u8, true),
        );
    }
    for _ in 0..SURVIVOR_COUNTERS {
        let healthy = CounterFace::Survivor {
            injured: false,
            pinpointed: false,
            crew: None,
        };
        add("Survivor", healthy.clone(), healthy.back());
    }
    for t in [TrackKind::Turn, TrackKind::Search, TrackKind::Abort] {
        add("Track", CounterFace::Track(t), CounterFace::Track(t));
    }
    for _ in 0..HIT_COUNTERS {
        add(
            "Hit",
            CounterFace::Hit { hits: 1 },
            CounterFace::Hit { hits: 1 },
        );
    }
    let o = &c.ordnance;
    for (kind, n) in [
        (OrdnanceKind::CsGas, o.cs_gas),
        (OrdnanceKind::Smoke, o.smoke),
        (OrdnanceKind::Mark, o.mark),
    ] {
        for _ in 0..n {
            add(
                "Ordnance",
                ordnance_counter(kind, 1),
                ordnance_counter(kind, 2),
            );
        }
    }
    for _ in 0..o.cluster {
        let cbu = CounterFace::ClusterMunitions;
        add("Cluster Munitions", cbu.clone(), cbu);
    }
    for (i, m) in c.zone_markers.iter().enumerate() {
        add(
            m.name(),
            zone_marker_counter(i as u8),
            CounterFace::ZoneBack,
        );
    }
    for i in 0..c.hidden.len() as u8 {
        add("Hidden", hidden_counter(i, false), hidden_counter(i, true));
    }
    for i in 0..c.enemy.len() as u8 {
        add("Enemy", enemy_counter(i, false), enemy_counter(i, true));
    }
    for (i, u) in c.units.iter().enumerate() {
        let i = i as u8;
        add(
            &u.name,
            unit_counter(i, false, false),
            unit_counter(i, !u.barrage, false),
        );
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_deck_comes_from_the_content() {
        assert_eq!(deck(CardDeck::Resolution).len(), 30);
        assert_eq!(deck(CardDeck::Action).len(), 37);
        assert_eq!(deck(CardDeck::Event).len(), 16);
        assert_eq!(deck(CardDeck::PilotPj).len(), content().pilots.len());
        for d in [
            CardDeck::Resolution,
            CardDeck::Action,
            CardDeck::Event,
            CardDeck::PilotPj,
        ] {
            assert!(deck(d).iter().all(|c| c.deck() == d));
        }
        let commands = deck(CardDeck::Action)
            .iter()
            .filter(|c| matches!(c.body, CardBody::Action { command: true, .. }))
            .count();
        assert_eq!(commands, 9);
    }

    #[test]
    fn copy_codes_count_identical_cards() {
        let codes: Vec<String> = deck(CardDeck::Action)
            .into_iter()
            .filter_map(|c| match c.body {
                CardBody::Action { copy, .. } => Some(copy),
                _ => None,
            })
            .collect();
        assert_eq!(codes[0], "TRO-S 1/3");
        assert_eq!(codes[2], "TRO-S 3/3");
        assert_eq!(codes[3], "TRO-F 1/1");
    }

    #[test]
    fn the_counter_mix_has_88_counters_with_real_backs() {
        let mix = counter_mix();
        assert_eq!(mix.len(), 88);
        let guns = mix
            .iter()
            .filter(|e| {
                matches!(
                    e.back,
                    CounterFace::Gun {
                        suppressed: true,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(guns, 15);
        let values: Vec<_> = mix
            .iter()
            .filter_map(|e| match e.back {
                CounterFace::Enemy { value } => value,
                _ => None,
            })
            .collect();
        assert_eq!(values.len(), 8);
        assert!(values.contains(&MarkerValue::OnePlus));
    }
}
