//! Example faces and scenes: the art gallery used by the tests, the benchmark and the
//! `csar_preview` example. They show every kind of counter and card and a busy mid-game board;
//! they are illustrations, not game content (the game's content files supply the real texts).

use super::card::{CardBody, CardFace, EventDuration, ResultSymbol};
use super::counter::{
    AircraftSide, CounterFace, CrewRole, Firepower, MarkerValue, OrdnanceKind, TrackKind,
    ZoneMarkerKind,
};
use super::icons::AircraftKind;

/// An aircraft counter.
pub fn aircraft(kind: AircraftKind, number: &str, side: AircraftSide) -> CounterFace {
    CounterFace::Aircraft {
        kind,
        number: number.into(),
        side,
        crew: None,
        carrying: 0,
        moved: false,
    }
}

/// An Enemy Gun of the digest's four types (G-5), by name.
pub fn gun(name: &str) -> CounterFace {
    let (calibre, own, range, star) = match name {
        "DShK" => ("12.7mm", 1, None, false),
        "ZPU" => ("14.5mm", 2, None, false),
        "M38" => ("37mm", 2, Some(1), false),
        _ => ("57mm", 1, Some(2), true),
    };
    CounterFace::Gun {
        name: name.into(),
        calibre: Some(calibre.into()),
        firepower: Firepower { own, range, star },
        suppressed: false,
        fired: false,
    }
}

/// One front of every kind of counter in the kit (§10.2); `.back()` gives each back.
pub fn counter_gallery() -> Vec<CounterFace> {
    let mut v = vec![
        aircraft(AircraftKind::Sandy, "1", AircraftSide::Cool),
        CounterFace::Aircraft {
            kind: AircraftKind::Sandy,
            number: "2".into(),
            side: AircraftSide::Cool,
            crew: Some("Claws".into()),
            carrying: 0,
            moved: true,
        },
        aircraft(AircraftKind::Fac, "7", AircraftSide::Cool),
        CounterFace::Aircraft {
            kind: AircraftKind::Helicopter,
            number: "5".into(),
            side: AircraftSide::Cool,
            crew: Some("Pits".into()),
            carrying: 1,
            moved: false,
        },
        aircraft(AircraftKind::FastMover, "A", AircraftSide::Enter),
        CounterFace::Crew {
            name: "Piney".into(),
            role: CrewRole::Pilot,
            rides: AircraftKind::Sandy,
            downed: false,
        },
        CounterFace::Crew {
            name: "Doc".into(),
            role: CrewRole::Pj,
            rides: AircraftKind::Helicopter,
            downed: false,
        },
        CounterFace::Survivor {
            injured: false,
            pinpointed: false,
            crew: None,
        },
        CounterFace::Track(TrackKind::Turn),
        CounterFace::Track(TrackKind::Search),
        CounterFace::Track(TrackKind::Abort),
        CounterFace::Hit { hits: 1 },
        CounterFace::Ordnance {
            kind: OrdnanceKind::CsGas,
            second_turn: false,
        },
        CounterFace::Ordnance {
            kind: OrdnanceKind::Smoke,
            second_turn: false,
        },
        CounterFace::Ordnance {
            kind: OrdnanceKind::Mark,
            second_turn: false,
        },
        CounterFace::ClusterMunitions,
    ];
    v.extend(ZoneMarkerKind::ALL.iter().map(|k| CounterFace::Zone(*k)));
    v.push(CounterFace::Hidden {
        value: Some(MarkerValue::OnePlus),
    });
    v.push(CounterFace::Enemy {
        value: Some(MarkerValue::Units(3)),
    });
    v.extend(["DShK", "ZPU", "M38", "S-60"].map(gun));
    v.push(CounterFace::Barrage);
    v
}

/// Counters in states that only the board shows: fired guns, pinpointed Survivors, hit counts.
pub fn counter_states() -> Vec<CounterFace> {
    let mut fired = gun("M38");
    if let CounterFace::Gun { fired: f, .. } = &mut fired {
        *f = true;
    }
    vec![
        fired,
        CounterFace::Survivor {
            injured: true,
            pinpointed: true,
            crew: Some("Covey".into()),
        },
        CounterFace::Hit { hits: 2 },
        CounterFace::Hit { hits: 3 },
        CounterFace::Hit { hits: 4 },
        CounterFace::Hidden { value: None },
        CounterFace::Enemy { value: None },
        aircraft(AircraftKind::Helicopter, "6", AircraftSide::Shaken),
    ]
}

/// The longest Aircraft card text of the digest (Ordnance: CBU, G-3), in our own words.
pub const LONG_TEXT: &str = "Place a Cluster Munitions marker in this zone. Then choose: \
    remove one Enemy Gun or Target of Opportunity here at once (Entrenchment does not help it), \
    or, if a stranded Survivor is in this zone, move the Search marker 2 spaces toward 0.";

const ASSIGN_PLAY: &str = "Assign in the Assign segment; play in the Play segment.";

/// An Aircraft Action card.
pub fn action(number: u32, title: &str, kind: AircraftKind, text: &str) -> CardFace {
    CardFace {
        number,
        body: CardBody::Action {
            title: title.into(),
            command: false,
            aircraft: Some(kind),
            text: text.into(),
            timing: ASSIGN_PLAY.into(),
            not_in: vec![],
            remove_when_played: false,
            copy: String::new(),
        },
    }
}

/// A Resolution card.
pub fn resolution(
    number: u32,
    symbol: ResultSymbol,
    aircraft: Option<(AircraftKind, u8)>,
) -> CardFace {
    CardFace {
        number,
        body: CardBody::Resolution {
            symbol,
            count: 1,
            aircraft,
            reminder: String::new(),
        },
    }
}

/// One card of every layout: each Resolution symbol, both Action kinds, an Event, a Pilot/PJ.
pub fn card_gallery() -> Vec<CardFace> {
    vec![
        resolution(1, ResultSymbol::Crosshairs, Some((AircraftKind::Sandy, 1))),
        resolution(7, ResultSymbol::Roundel, Some((AircraftKind::Fac, 7))),
        resolution(26, ResultSymbol::Rifle, Some((AircraftKind::Helicopter, 5))),
        resolution(23, ResultSymbol::Blast, Some((AircraftKind::Sandy, 2))),
        CardFace {
            number: 29,
            body: CardBody::Resolution {
                symbol: ResultSymbol::Reshuffle,
                count: 1,
                aircraft: None,
                reminder: "Not counted as a draw: shuffle the discards back into the deck at once."
                    .into(),
            },
        },
        CardFace {
            number: 30,
            body: CardBody::Resolution {
                symbol: ResultSymbol::Wild,
                count: 1,
                aircraft: None,
                reminder: "Name any symbol, or choose the aircraft hit, or use it as a Reshuffle."
                    .into(),
            },
        },
        CardFace {
            number: 12,
            body: CardBody::Action {
                title: "Ordnance: CBU".into(),
                command: false,
                aircraft: Some(AircraftKind::Sandy),
                text: LONG_TEXT.into(),
                timing: ASSIGN_PLAY.into(),
                not_in: vec![ZoneMarkerKind::Village],
                remove_when_played: false,
                copy: "CBU-S 1/1".into(),
            },
        },
        CardFace {
            number: 21,
            body: CardBody::Action {
                title: "Ordnance: CS Gas".into(),
                command: false,
                aircraft: Some(AircraftKind::Sandy),
                text: "Place the CS GAS marker, ONE side up, in this zone.".into(),
                timing: ASSIGN_PLAY.into(),
                not_in: vec![ZoneMarkerKind::Village],
                remove_when_played: true,
                copy: "GAS-S 1/1".into(),
            },
        },
        action(
            5,
            "Suppress",
            AircraftKind::FastMover,
            "Flip one Active Enemy Gun in this zone to its Suppressed side.",
        ),
        CardFace {
            number: 31,
            body: CardBody::Action {
                title: "Request Aircraft".into(),
                command: true,
                aircraft: None,
                text: "Draw 1 Resolution card. Unless it shows a rifle, move one Fast Mover from \
                       the Pool to the Orbit Box, ENTER side up."
                    .into(),
                timing: "Command: play or discard in the Card Phase; never reserved or burned."
                    .into(),
                not_in: vec![],
                remove_when_played: false,
                copy: "REQ 1/4".into(),
            },
        },
        CardFace {
            number: 7,
            body: CardBody::Event {
                title: "Rules of Engagement".into(),
                text: "Put this card beside a random zone holding an enemy unit. Attack, Napalm \
                       and CBU may not target anything there. Discard it at the next turn's \
                       Marker Adjustment."
                    .into(),
                duration: EventDuration::StaysInPlay,
            },
        },
        CardFace {
            number: 4,
            body: CardBody::PilotPj {
                name: "Pits".into(),
                role: CrewRole::Pj,
                rides: AircraftKind::Helicopter,
                passive: "This helicopter ignores the Injured Survivor rescue penalty.".into(),
                discard: "Two more draws on one rescue attempt by this helicopter.".into(),
            },
        },
    ]
}
