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

/// A busy mid-game board: every zone occupied, cards assigned, markers on guns, Orbit and Pool
/// in use, a full hand and five Resolution draws, some targets highlighted and one hovered.
pub fn busy_scene() -> super::map::MapScene {
    use super::map::{AssignedCard, MapScene, Piece, ZoneId};
    let mut s = MapScene {
        tray: true,
        turn: Some(4),
        search: Some(3),
        abort: Some(2),
        ..MapScene::default()
    };
    let sandy = |n: &str, side| aircraft(AircraftKind::Sandy, n, side);
    let mut hit_gun = gun("M38");
    if let CounterFace::Gun { fired, .. } = &mut hit_gun {
        *fired = true;
    }
    let c = s.zone_mut(ZoneId::C);
    c.pieces = vec![
        Piece::new(
            "counter:surv1",
            CounterFace::Survivor {
                injured: true,
                pinpointed: false,
                crew: None,
            },
        ),
        Piece::new("counter:hidC", CounterFace::Hidden { value: None }),
        Piece::new(
            "counter:zoneC",
            CounterFace::Zone(ZoneMarkerKind::HeavyJungle),
        ),
        Piece::new("aircraft:sandy1", sandy("1", AircraftSide::Cool)),
        Piece::new(
            "aircraft:jolly5",
            CounterFace::Aircraft {
                kind: AircraftKind::Helicopter,
                number: "5".into(),
                side: AircraftSide::Cool,
                crew: Some("Pits".into()),
                carrying: 0,
                moved: false,
            },
        ),
        Piece {
            id: "counter:gunC1".into(),
            face: hit_gun,
            on_top: vec![
                CounterFace::Hit { hits: 2 },
                CounterFace::Ordnance {
                    kind: OrdnanceKind::Mark,
                    second_turn: false,
                },
            ],
        },
        Piece::new("counter:gunC2", gun("DShK")),
        Piece::new("counter:barC", CounterFace::Barrage),
        Piece::new(
            "counter:smokeC",
            CounterFace::Ordnance {
                kind: OrdnanceKind::Smoke,
                second_turn: true,
            },
        ),
    ];
    c.cards = vec![AssignedCard {
        face: action(
            3,
            "Attack",
            AircraftKind::Sandy,
            "Two Hits on one Enemy Gun or Target of Opportunity in this zone, or remove one Barrage here.",
        ),
        aircraft: Some("SANDY 1".into()),
    }];
    for (z, n) in [
        (ZoneId::N, "2"),
        (ZoneId::E, "3"),
        (ZoneId::S, "4"),
        (ZoneId::W, "7"),
    ] {
        let zs = s.zone_mut(z);
        let plane = if n == "7" {
            aircraft(AircraftKind::Fac, n, AircraftSide::Shaken)
        } else {
            sandy(n, AircraftSide::Cool)
        };
        zs.pieces = vec![
            Piece::new(
                format!("counter:enemy{n}"),
                CounterFace::Enemy { value: None },
            ),
            Piece::new(
                format!("counter:hid{n}"),
                CounterFace::Hidden { value: None },
            ),
            Piece::new(
                format!("counter:zone{n}"),
                CounterFace::Zone(ZoneMarkerKind::ALL[n.len() + z as usize]),
            ),
            Piece::new(format!("aircraft:plane{n}"), plane),
            Piece::new(format!("counter:gun{n}a"), gun("ZPU")),
            Piece::new(format!("counter:gun{n}b"), gun("S-60")),
            Piece::new(
                format!("counter:gas{n}"),
                CounterFace::Ordnance {
                    kind: OrdnanceKind::CsGas,
                    second_turn: false,
                },
            ),
            Piece::new(format!("counter:cbu{n}"), CounterFace::ClusterMunitions),
        ];
        zs.cards = vec![
            AssignedCard {
                face: action(
                    10 + z as u32,
                    "Suppress",
                    AircraftKind::Sandy,
                    "Flip one Active Enemy Gun in this zone to its Suppressed side.",
                ),
                aircraft: Some(format!("SANDY {n}")),
            },
            AssignedCard {
                face: action(
                    20 + z as u32,
                    "Troll for Fire",
                    AircraftKind::Sandy,
                    "If this zone's Enemy marker is still hidden, reveal it and place its units; new guns fire at once.",
                ),
                aircraft: None,
            },
        ];
    }
    s.orbit = vec![
        Piece::new(
            "aircraft:jolly6",
            aircraft(AircraftKind::Helicopter, "6", AircraftSide::Shaken),
        ),
        Piece::new(
            "aircraft:fmA",
            aircraft(AircraftKind::FastMover, "A", AircraftSide::Exit),
        ),
    ];
    s.pool = vec![
        Piece::new(
            "aircraft:fmB",
            aircraft(AircraftKind::FastMover, "B", AircraftSide::Enter),
        ),
        Piece::new(
            "aircraft:fmC",
            aircraft(AircraftKind::FastMover, "C", AircraftSide::Enter),
        ),
    ];
    let gallery = card_gallery();
    s.reserve = vec![gallery[6].clone(), gallery[8].clone()];
    s.event_in_play = Some(gallery[10].clone());
    s.hand = vec![
        gallery[6].clone(),
        gallery[7].clone(),
        gallery[8].clone(),
        gallery[9].clone(),
        gallery[11].clone(),
    ];
    s.drawn = gallery[..5].to_vec();
    s.highlighted = vec![
        "zone:N".into(),
        "zone:E".into(),
        "aircraft:sandy1".into(),
        "counter:gunC2".into(),
        "card:hand:1".into(),
        "orbit".into(),
    ];
    s.hovered = Some("counter:gunC1".into());
    s.zone_mut(ZoneId::E).rules_of_engagement = true;
    s.cups = Some([9, 3, 2, 4]);
    s.tray_note = "Action deck 21 · discards 6 · Resolution 14 (discards 11) · Events 12".into();
    s
}
