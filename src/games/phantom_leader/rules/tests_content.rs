//! The content loads, its checks refuse broken files clearly, and the reconstruction meets the
//! rulebook where its text and examples pin values down.

use super::cards::{PilotCard, Status};
use super::content::*;
use super::display::{Area, Slot};

fn c() -> &'static Content {
    content().unwrap()
}

fn pilot(name: &str) -> usize {
    c().pilots.iter().position(|p| p.name == name).unwrap()
}

#[test]
fn embedded_content_loads_with_its_counts() {
    let c = c();
    assert_eq!(c.targets.len(), 82);
    assert_eq!(c.sheets.len(), 8);
    assert_eq!(c.events.len(), 30);
    assert_eq!(c.pilots.len(), 74);
    assert_eq!(c.days, [4, 8, 12]);
    let weapon_counters: u32 = c.weapon_counters.iter().map(|w| u32::from(w.count)).sum();
    assert_eq!(weapon_counters, 98);
    let defense_counters: u32 = c.defense_counters.iter().map(|d| u32::from(d.count)).sum();
    assert_eq!(defense_counters, 40);
    let angles: u32 = c.angles.iter().map(|a| u32::from(a.count)).sum();
    assert_eq!(angles, 20);
    assert_eq!(c.markers.flight_path_pairs, 8);
    // Every card is on some sheet: the target pool is the 82 cards (digest 8.5).
    for n in 1..=82u8 {
        assert!(
            c.sheets.iter().any(|s| s.targets().any(|t| t == n)),
            "card {n}"
        );
    }
}

#[test]
fn the_display_is_the_rulebooks() {
    let g = &c().geometry;
    // p.2: AN touches PNW, PN and PNE; the Center the four Approach areas.
    let around: Vec<Area> = g.neighbours(Area::AN).collect();
    assert_eq!(
        around,
        [Area::C, Area::AE, Area::AW, Area::PN, Area::PNE, Area::PNW]
    );
    assert_eq!(g.neighbours(Area::C).count(), 4);
    assert_eq!(g.neighbours(Area::PE).count(), 3);
    assert_eq!(g.neighbours(Area::PSE).count(), 4);
    // The digest's distance matrix, a few rows.
    assert_eq!(g.distance(Area::PN, Area::PS), 4);
    assert_eq!(g.distance(Area::PNW, Area::AS), 2);
    assert_eq!(g.distance(Area::PNW, Area::AW), 1);
    assert_eq!(g.distance(Area::AN, Area::PS), 3);
    for a in Area::ALL {
        let to_target = match a.kind() {
            super::display::AreaKind::Center => 0,
            super::display::AreaKind::Approach => 1,
            super::display::AreaKind::PreApproach => 2,
        };
        assert_eq!(g.distance(a, Area::C), to_target, "{a:?}");
    }
    // p.10 opposite pairs; p.22-23: one step counter-clockwise from PS is PSE, and PE is a
    // legal exit next to it.
    assert_eq!(g.opposite(Area::PN), Area::PS);
    assert_eq!(g.opposite(Area::PNE), Area::PSW);
    assert_eq!(g.opposite(Area::PSE), Area::PNW);
    assert_eq!(g.ring_step(Area::PS, 1), Area::PSE);
    assert!(g.exits_around(Area::PSE).contains(&Area::PE));
    // p.10: starting at PSW, an aircraft may leave from PN, PNE or PE.
    let mut exits = g.exits_around(g.opposite(Area::PSW)).to_vec();
    exits.sort();
    assert_eq!(exits, [Area::PN, Area::PNE, Area::PE]);
}

#[test]
fn attack_angle_frames_match_the_p8_examples() {
    let c = c();
    let g = &c.geometry;
    let red = |site: Area, id: &str| -> Vec<Area> {
        let p = c.angles.iter().find(|p| p.id == id).unwrap();
        let mut v: Vec<Area> = p.red.iter().map(|&s| g.slot_area(site, s)).collect();
        v.sort();
        v
    };
    // The digest's frame for the East Approach (7.2).
    assert_eq!(g.slot_area(Area::AE, Slot::OutLeft), Area::PNE);
    assert_eq!(g.slot_area(Area::AE, Slot::SideLeft), Area::PN);
    assert_eq!(g.slot_area(Area::AE, Slot::BackLeft), Area::PNW);
    assert_eq!(g.slot_area(Area::AE, Slot::LeftApproach), Area::AN);
    assert_eq!(g.slot_area(Area::AW, Slot::Far), Area::PE);
    // p.8: the North KS-19 covers its area and the area straight out.
    assert_eq!(red(Area::AN, "narrow"), [Area::AN, Area::PN]);
    // p.8: the West SA-2 covers its area and the three outward areas.
    assert_eq!(
        red(Area::AW, "forward"),
        [Area::AW, Area::PSW, Area::PW, Area::PNW]
    );
    // p.8: the South S-60 reaches both side Approach areas and the due-East and due-West
    // Pre-Approach areas, but not the Center.
    let south = red(Area::AS, "outward");
    assert!(south.contains(&Area::PE) && south.contains(&Area::PW) && south.contains(&Area::AE));
    assert!(!south.contains(&Area::C));
    // p.8: the East S-60 covers its own area and every adjacent area.
    let mut adjacent: Vec<Area> = g.neighbours(Area::AE).chain([Area::AE]).collect();
    adjacent.sort();
    assert_eq!(red(Area::AE, "adjacent"), adjacent);
}

#[test]
fn pilot_cards_meet_the_sample_of_play() {
    let c = c();
    // Buick, Skilled F-4 (USN): AtA +1, Fast, Unfit at 8 (p.22-23).
    let buick = PilotCard::new(c, pilot("Buick"), Level::Skilled);
    assert_eq!(buick.service, Service::USN);
    assert_eq!(buick.okay.ata, Some(1));
    assert_eq!(buick.okay.speed, Speed::Fast);
    assert_eq!(buick.unfit_from(), 8);
    assert_eq!(buick.status(2), Status::Okay);
    // Pluto, Average A-4: Okay 0-4 Fast AtA -1 AtG 0; Shaken 5-7 Slow -3/-2 (p.11, p.22-23).
    let pluto = PilotCard::new(c, pilot("Pluto"), Level::Average);
    assert_eq!(
        (
            pluto.okay.max,
            pluto.okay.speed,
            pluto.okay.ata,
            pluto.okay.atg
        ),
        (4, Speed::Fast, Some(-1), Some(0))
    );
    assert_eq!(
        (
            pluto.shaken.max,
            pluto.shaken.speed,
            pluto.shaken.ata,
            pluto.shaken.atg
        ),
        (7, Speed::Slow, Some(-3), Some(-2))
    );
    assert_eq!(pluto.status(5), Status::Shaken);
    assert_eq!(pluto.status(8), Status::Unfit);
    // Gringo, Average A-6: Slow, AtG +2, no air-to-air (p.22).
    let gringo = PilotCard::new(c, pilot("Gringo"), Level::Average);
    assert_eq!(
        (gringo.okay.speed, gringo.okay.atg, gringo.okay.ata),
        (Speed::Slow, Some(2), None)
    );
    // Easy Money, Green EA-6A: Slow, AtG 0 (p.22).
    let em = PilotCard::new(c, pilot("Easy Money"), Level::Green);
    assert_eq!((em.okay.speed, em.okay.atg), (Speed::Slow, Some(0)));
    // Showtime fires AIM-9s with AtA +2 (p.12); Taz has Cool 1 (p.4).
    assert_eq!(
        PilotCard::new(c, pilot("Showtime"), Level::Skilled)
            .okay
            .ata,
        Some(2)
    );
    assert_eq!(PilotCard::new(c, pilot("Taz"), Level::Average).cool, 1);
    // The sample's four keep their stress through recovery (ruling A-6).
    for (name, level) in [
        ("Buick", Level::Skilled),
        ("Pluto", Level::Average),
        ("Gringo", Level::Average),
        ("Easy Money", Level::Green),
    ] {
        assert_eq!(PilotCard::new(c, pilot(name), level).cool, 0, "{name}");
    }
    // A Newbie flies Slow while Okay; an Ace has no promotion to go to.
    assert_eq!(
        PilotCard::new(c, pilot("Cajun"), Level::Newbie).okay.speed,
        Speed::Slow
    );
    assert_eq!(
        PilotCard::new(c, pilot("Cajun"), Level::Ace).experience,
        None
    );
}

#[test]
fn the_sample_mission_fits_the_linebacker_navy_sheet() {
    let c = c();
    let lb = c.sheet("LB-USN").unwrap();
    assert_eq!(lb.service, Service::USN);
    assert_eq!(lb.recon[0], 2, "the sample draws two cards (p.22)");
    assert_eq!(
        lb.intel[0],
        IntelNote::default(),
        "the sample removes nothing"
    );
    assert!(lb.politics[0] >= c.target(8).politics);
    let rp6b = lb.region_of(8).unwrap();
    assert_eq!((rp6b.wp_penalty, rp6b.stress), (-2, 3));
    assert!(lb.region_of(31).is_some());
    assert_eq!(c.days[Duration::Short.index()], 4);
    // 11 VP in a Short campaign is Adequate (p.15).
    let chart = lb.vp_chart[Duration::Short.index()];
    assert!(chart[1] <= 11 && 11 < chart[2]);
    // Minor Bridge (p.7-8, p.10-11, p.14): Politics 1, 2/2 Sites, 0/2 Bandits, 4 aircraft,
    // -1 to attacks; 5 hits is Damaged for 1 VP and Intel +1.
    let bridge = c.target(8);
    assert_eq!(bridge.name, "Minor Bridge");
    assert_eq!(
        (
            bridge.politics,
            bridge.sites,
            bridge.bandits,
            bridge.max_aircraft,
            bridge.modifier
        ),
        (1, [2, 2], [0, 2], 4, -1)
    );
    assert_eq!(bridge.damage(5), Damage::Damaged);
    assert_eq!(bridge.score(Damage::Damaged), (1, 0, 1));
    assert_eq!(bridge.damage(2), Damage::Undamaged);
    assert_eq!(bridge.damage(6), Damage::Destroyed);
    // Rolling Thunder USAF: Route Pack 5 costs 2 WP (p.9); target 34 is in Route Pack 4 with 2
    // Stress (p.15).
    let rt = c.sheet("RT-USAF").unwrap();
    assert_eq!(
        rt.regions
            .iter()
            .find(|r| r.id == "RP5")
            .unwrap()
            .wp_penalty,
        -2
    );
    let rp4 = rt.region_of(34).unwrap();
    assert_eq!((rp4.id.as_str(), rp4.stress), ("RP4", 2));
}

#[test]
fn weapons_and_defenses_meet_the_text() {
    let c = c();
    let w = |id: &str| c.weapon(id).unwrap();
    assert_eq!(w("Mk.82").hits, [7, 10]);
    assert_eq!(w("Mk.84").hits, [3, 5, 8]);
    assert_eq!(w("AIM-9").hits, [6]);
    assert_eq!(
        (w("AIM-7").range, w("AIM-7").cannot.as_slice()),
        (2, &[0][..])
    );
    assert_eq!(w("AGM-12").wp, 2);
    assert_eq!(w("CBU").wp, 1);
    assert_eq!(w("Rockets").suppress_bonus, 3);
    assert_eq!(w("ECM").negate_on, Some(6));
    // Mk.83: a modified 9 scored 2 hits (p.23).
    assert_eq!(w("Mk.83").hits.iter().filter(|&&h| h <= 9).count(), 2);
    let d = |id: &str| c.defense(id).unwrap();
    assert_eq!(d("SA2").attack, [6, 8, 9]);
    assert_eq!(d("SA2").range, 2);
    assert_eq!(d("ZU23").range, 0);
    assert!(!d("ZU23").altitudes.contains(&Altitude::High));
    assert_eq!(d("S60").altitudes, [Altitude::Low]);
    assert_eq!(d("MIG17").range, 0);
    // The AtG penalty: none without AtG, -3 for the heaviest row (p.12).
    assert_eq!(c.atg_penalty(0, false), 0);
    assert_eq!(c.atg_penalty(2, false), -1);
    assert_eq!(c.atg_penalty(6, false), -3);
    // Squadron stress (p.16): an Average transferred and a Veteran lost make 3.
    assert_eq!(
        c.squadron_stress(Level::Average).transferred + c.squadron_stress(Level::Veteran).missing,
        3
    );
    // Squadrons of 8, 10 and 12 (p.6).
    for (d, n) in [
        (Duration::Short, 8),
        (Duration::Medium, 10),
        (Duration::Long, 12),
    ] {
        assert_eq!(
            c.composition(d)
                .values()
                .map(|&x| u32::from(x))
                .sum::<u32>(),
            n
        );
    }
    // The three event sections the rulebook names.
    let titled = |t: &str| {
        c.events.iter().any(|e| {
            e.target_bound.title == t || e.over_target.title == t || e.home_bound.title == t
        })
    };
    assert!(titled("AC-47 Spooky") && titled("Down Time") && titled("SAM Site!"));
}

// ---- broken files are refused, naming file, line and field

fn file(name: &str, text: &str) -> super::content::tests_support::File {
    super::content::tests_support::file(name, text)
}

#[test]
fn a_target_gap_is_refused() {
    let text = include_str!("../../../../data/games/phantom_leader/targets.toml")
        .replace("number = 17\n", "number = 83\n");
    let e = super::content::tests_support::targets(&file("targets.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("targets.toml: line "), "{e}");
    assert!(e.contains("target 18: cards are numbered 1 to 82"), "{e}");
}

#[test]
fn overlapping_damage_rows_are_refused() {
    let text = include_str!("../../../../data/games/phantom_leader/targets.toml").replacen(
        "damaged = { hits = [3, 5], vp = 1, recon = 0, intel = 1 }\ndestroyed = { from = 6",
        "damaged = { hits = [3, 5], vp = 1, recon = 0, intel = 1 }\ndestroyed = { from = 5",
        1,
    );
    let e = super::content::tests_support::targets(&file("targets.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.contains("hit rows must run on"), "{e}");
}

#[test]
fn a_one_sided_adjacency_is_refused() {
    let text = include_str!("../../../../data/games/phantom_leader/display.toml").replace(
        "adjacent = [\"AN\", \"PNW\", \"PNE\"]",
        "adjacent = [\"AN\", \"PNW\", \"PNE\", \"PS\"]",
    );
    let e = super::content::tests_support::display(&file("display.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("display.toml: line "), "{e}");
    assert!(e.contains("PN") && e.contains("one side only"), "{e}");
}

#[test]
fn an_unknown_weapon_on_a_sheet_is_refused() {
    let text = include_str!("../../../../data/games/phantom_leader/campaigns.toml").replacen(
        "\"AGM-12\", \"CBU\"]",
        "\"AGM-12\", \"Phaser\"]",
        1,
    );
    let e = super::content::tests_support::campaigns(&file("campaigns.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("campaign CMC-USAF: weapons: no weapon 'Phaser'"),
        "{e}"
    );
}

#[test]
fn a_rulebook_record_without_page_and_a_bad_intel_note_are_refused() {
    let text = include_str!("../../../../data/games/phantom_leader/tables.toml").replacen(
        "source = \"rulebook\"\npage = \"p.14\"",
        "source = \"rulebook\"",
        1,
    );
    let e = super::content::tests_support::tables(&file("tables.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.contains("sar: source = \"rulebook\" needs a page"), "{e}");
    let text = include_str!("../../../../data/games/phantom_leader/campaigns.toml").replacen(
        "\"C:S1+B1\"",
        "\"C:Q1\"",
        1,
    );
    let e = super::content::tests_support::campaigns(&file("campaigns.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.contains("track intel_standard: boxes[3]"), "{e}");
}

#[test]
fn an_event_effect_in_the_wrong_section_is_refused() {
    let text = include_str!("../../../../data/games/phantom_leader/events.toml").replacen(
        "effect = { kind = \"destroy_site\", which = \"any\" }",
        "effect = { kind = \"exit_shift\", direction = \"cw\" }",
        1,
    );
    let e = super::content::tests_support::events(&file("events.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.contains("event 1 \"AC-47 Spooky\": effect"), "{e}");
    let text = include_str!("../../../../data/games/phantom_leader/events.toml").replacen(
        "which = \"any\"",
        "which = \"all\"",
        1,
    );
    let e = super::content::tests_support::events(&file("events.toml", &text))
        .unwrap_err()
        .to_string();
    assert!(e.contains("line "), "{e}");
}
