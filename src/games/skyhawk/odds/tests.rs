//! The odds checked against the table rows by hand and against the dice.

use crate::engine::game::Game;
use crate::engine::message::Message;
use crate::engine::rng::Rng;
use crate::games::skyhawk::Action;
use crate::games::skyhawk::bot::Heuristic;
use crate::games::skyhawk::content::Altitude;
use crate::games::skyhawk::state::{
    Experience, MapBox, NvBox, Step, TargetSam, UnitStatus, Weather,
};
use crate::games::skyhawk::{Options, Skyhawk};

/// A mission brought by the heuristic bot to the first position where `here` holds.
fn drive(seed: u64, here: impl Fn(&Skyhawk) -> bool) -> Option<Skyhawk> {
    let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
    let mut bot = Heuristic::new(seed);
    for _ in 0..400 {
        if here(&g) {
            return Some(g);
        }
        let a = bot.decide(&g)?;
        g.apply(&a).ok()?;
    }
    None
}

/// A mission brought to its first attack choice by the heuristic bot.
fn at_attack_choice(seed: u64) -> Option<Skyhawk> {
    drive(seed, |g| g.step == Step::AttackChoice)
}

/// The chance shown for the line whose English label starts with `start`.
fn odds_for(odds: &[(Message, f64)], start: &str) -> (f64, Message) {
    let (m, p) = odds
        .iter()
        .find(|(m, _)| m.english().starts_with(start))
        .unwrap_or_else(|| panic!("no odds line starting {start}"));
    (*p, m.clone())
}

/// A Skyhawk about to choose its Target Approach altitude, with the fire reset to a known
/// state: an Experienced pilot, Good weather, every NV box fresh and the target SAM site (if
/// any) undamaged with its radar on.
fn known_approach(seed: u64, experience: Experience) -> Option<Skyhawk> {
    let mut g = drive(seed, |g| g.step == Step::Altitude(MapBox::TargetApproach))?;
    if g.target().minelaying() {
        return None;
    }
    g.pilot.experience = experience;
    g.target_weather = Weather::Good;
    g.flak_trap = false;
    g.nv = [NvBox {
        suppressed: 0,
        out: false,
    }; 4];
    g.migs_gone = false;
    g.target_sam = TargetSam {
        damage: 0,
        radar_on: true,
    };
    Some(g)
}

#[test]
fn the_odds_are_the_share_of_rolls_that_come_out_on_target() {
    let mut checked = 0;
    for seed in 0..40 {
        let Some(g) = at_attack_choice(seed) else {
            continue;
        };
        let odds = g.decision_odds().expect("odds at the attack choice");
        for (label, p) in &odds {
            assert!((0.0..=1.0).contains(p), "{}: {p}", label.english());
        }
        // Fly the first offered run many times from the same position with fresh dice:
        // the share On Target matches the computed chance.
        let (altitude, group) = g.attack_choices()[0];
        let Some(group) = group else { continue };
        let expected = g.on_target_chance(group, altitude);
        let (mut flown, mut on) = (0u32, 0u32);
        for n in 0..600 {
            let mut h = g.clone();
            h.rng = crate::engine::rng::Rng::seeded(1000 + n);
            let before = h.runs.len();
            let attack = crate::games::skyhawk::Action::Attack {
                altitude,
                group: Some(group),
            };
            if h.apply(&attack).is_err() {
                break;
            }
            // Fire on the way in may end the run before it is flown: count flown runs.
            if let Some(run) = h.runs.get(before) {
                flown += 1;
                on += u32::from(run.on_target);
            }
        }
        if flown < 200 {
            continue;
        }
        let share = f64::from(on) / f64::from(flown);
        assert!(
            (share - expected).abs() < 0.09,
            "seed {seed}: {share} on target, {expected} computed"
        );
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert!(checked > 0, "no mission reached an attack choice");
}

#[test]
fn the_re_attack_odds_add_up_with_the_fuel_check() {
    let mut seen = 0;
    for seed in 0..200 {
        let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
        let mut bot = Heuristic::new(seed);
        while g.step != Step::ReAttackOrHome {
            let Some(a) = bot.decide(&g) else { break };
            if g.apply(&a).is_err() {
                break;
            }
        }
        if g.step != Step::ReAttackOrHome {
            continue;
        }
        let odds = g.decision_odds().unwrap();
        let re_attack: f64 = odds
            .iter()
            .filter(|(m, _)| m.english().starts_with("Re-attack"))
            .map(|(_, p)| p)
            .sum();
        // Bingo, or one of Table 14's results: every re-attack ends in exactly one.
        assert!((re_attack - 1.0).abs() < 1e-9, "seed {seed}: {re_attack}");
        let nothing = odds
            .iter()
            .find(|(m, _)| m.english() == "Re-attack: nothing happens")
            .unwrap()
            .1;
        // Table 14 reads 0–3 as nothing: 40 % of the re-attacks that have the fuel.
        assert!((nothing - 0.4 * (1.0 - odds[0].1)).abs() < 1e-9);
        seen += 1;
        if seen == 3 {
            break;
        }
    }
    assert!(seen > 0, "no mission reached the re-attack decision");
}

#[test]
fn the_altitude_odds_read_tables_12_and_13_by_hand() {
    let mut checked = 0;
    for seed in 0..60 {
        let Some(g) = known_approach(seed, Experience::Experienced) else {
            continue;
        };
        let site = g.target_sam_in_action();
        let odds = g.decision_odds().expect("odds before the altitude");
        // Low, unmodified d10: small arms 7–8 one hit, 9 two; AAA 6–7 one, 8–9 two; MiGs
        // 8–9 one; no SAM box. The site's radar column at Low: 8 one, 9 two.
        let (mut none, mut mean) = (0.7 * 0.6 * 0.8, 0.4 + 0.6 + 0.2);
        if site {
            none *= 0.8;
            mean += 0.3;
        }
        let (p, label) = odds_for(&odds, "Low:");
        assert!((p - (1.0 - none)).abs() < 1e-9, "seed {seed}: Low {p}");
        assert_eq!(label.arg_english("hits"), Some(format!("{mean:.2}")));
        // Medium: AAA, SAM and MiGs each 7–8 one, 9 two (the MiGs' 8 and 9 are `*`
        // attacks counted as taken); the site 7 one, 8–9 two.
        let (mut none, mut mean) = (0.7 * 0.7 * 0.7, 0.4 + 0.4 + 0.4);
        if site {
            none *= 0.7;
            mean += 0.5;
        }
        let (p, label) = odds_for(&odds, "Medium:");
        assert!((p - (1.0 - none)).abs() < 1e-9, "seed {seed}: Medium {p}");
        assert_eq!(label.arg_english("hits"), Some(format!("{mean:.2}")));

        // A Veteran's -1 at Low: small arms 8–9 one hit, AAA 7–8 one and 9 two, MiGs 9
        // one; the site 9 one.
        let Some(g) = known_approach(seed, Experience::Veteran) else {
            continue;
        };
        let fire = g
            .box_fire(MapBox::TargetApproach, Altitude::Low, false)
            .unwrap();
        let (mut none, mut mean) = (0.8 * 0.7 * 0.9, 0.2 + 0.4 + 0.1);
        if site {
            none *= 0.9;
            mean += 0.1;
        }
        assert!((fire.none - none).abs() < 1e-9, "seed {seed}: {fire:?}");
        assert!((fire.mean - mean).abs() < 1e-9, "seed {seed}: {fire:?}");

        // Guiding a Bullpup in Target Attack (Experienced): +1 on the AAA (5–6 one hit,
        // 7–8 two, 9 three), the MiGs (7–8 one, 9 two) and the site (7 one, 8–9 two), not
        // on the small arms.
        let Some(g) = known_approach(seed, Experience::Experienced) else {
            continue;
        };
        let fire = g
            .box_fire(MapBox::TargetAttack, Altitude::Low, true)
            .unwrap();
        let (mut none, mut mean) = (0.7 * 0.5 * 0.7, 0.4 + 0.9 + 0.4);
        if site {
            none *= 0.7;
            mean += 0.5;
        }
        assert!((fire.none - none).abs() < 1e-9, "seed {seed}: {fire:?}");
        assert!((fire.mean - mean).abs() < 1e-9, "seed {seed}: {fire:?}");
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert!(checked > 0, "no mission reached Target Approach");
}

#[test]
fn the_altitude_odds_are_the_share_of_visits_that_draw_a_hit() {
    let mut checked = 0;
    for seed in 0..60 {
        let Some(mut g) = known_approach(seed, Experience::Experienced) else {
            continue;
        };
        // Without support units nothing is placed: the box's fire is exactly the odds'.
        for u in &mut g.units {
            u.status = UnitStatus::Gone;
        }
        for altitude in [Altitude::Low, Altitude::High] {
            let expected = g
                .box_fire(MapBox::TargetApproach, altitude, false)
                .unwrap()
                .at_least_one();
            let tries = 1000;
            let mut hit = 0;
            for n in 0..tries {
                let mut h = g.clone();
                h.rng = Rng::seeded(5000 + n);
                let before = h.log.len();
                h.apply(&Action::Altitude(altitude)).unwrap();
                while matches!(h.step, Step::MigStar { .. }) {
                    h.apply(&Action::AcceptHits).unwrap();
                }
                let hits = h.log.entries()[before..]
                    .iter()
                    .filter(|e| e.message.english().starts_with("Table 12.1 "))
                    .count();
                hit += u32::from(hits > 0);
            }
            let share = f64::from(hit) / f64::from(tries as u32);
            assert!(
                (share - expected).abs() < 0.05,
                "seed {seed} {altitude:?}: {share} hit, {expected} computed"
            );
        }
        checked += 1;
        if checked == 2 {
            break;
        }
    }
    assert!(checked > 0, "no mission reached Target Approach");
}

#[test]
fn the_placement_odds_read_table_11_by_hand() {
    let mut checked = 0;
    for seed in 0..80 {
        let Some(mut g) = drive(seed, |g| {
            g.step == Step::Cycle && g.unit_to_place().is_some()
        }) else {
            continue;
        };
        g.target_weather = Weather::Good;
        let u = g.unit_to_place().unwrap();
        let id = g.units[u].spec().id.clone();
        let c = g.cycle.as_ref().unwrap();
        let (radar_rolled, radar_on) = (c.radar_rolled, c.radar_on);
        let odds = g.decision_odds().expect("odds before a placement");
        for slot in g.legal_slots(u) {
            let crate::games::skyhawk::cycle::Slot::Nv(k) = slot else {
                continue;
            };
            // Table 11 by hand: from 4 (small arms) or 5 (the others) Suppressed, from 9
            // Knocked Out; +1 for an F-105 on SAMs or an F-4 on MiGs, -2 with the radar off.
            let first = if k.key() == "sa" { 4 } else { 5 };
            let bonus = i32::from(
                (id == "f105" && k.key() == "sam") || (id.starts_with("f4") && k.key() == "mig"),
            );
            let faces = |m: i32, lo: i32, hi: i32| {
                f64::from((0..10).filter(|f| (lo..=hi).contains(&(f + m))).count() as u32) / 10.0
            };
            let hand = |m: i32| (faces(m, first, 8), faces(m, 9, 99));
            let (supp, out) = if k.key() != "sam" {
                hand(bonus)
            } else if radar_rolled {
                hand(bonus - if radar_on { 0 } else { 2 })
            } else {
                // S-1: the radar is on 6 times in 10.
                let (on, off) = (hand(bonus), hand(bonus - 2));
                (0.6 * on.0 + 0.4 * off.0, 0.6 * on.1 + 0.4 * off.1)
            };
            let name = g.units[u].spec().name.clone();
            let line = |what: &str| {
                let start = format!("{name} at the {} box: {what}", k.name());
                odds_for(&odds, &start).0
            };
            let knocked = if k.key() == "mig" {
                "the MiGs disengage"
            } else {
                "Knocked Out"
            };
            assert!(
                (line("Suppressed") - supp).abs() < 1e-9,
                "seed {seed} {k:?}"
            );
            assert!((line(knocked) - out).abs() < 1e-9, "seed {seed} {k:?}");
            checked += 1;
        }
        if checked >= 6 {
            break;
        }
    }
    assert!(checked > 0, "no placement was offered");
}

#[test]
fn the_mig_odds_read_tables_12_1_14_c_and_12_by_hand() {
    let Some(mut g) = drive(3, |g| g.step == Step::ReAttackOrHome)
        .or_else(|| (0..100).find_map(|s| drive(s, |g| g.step == Step::ReAttackOrHome)))
    else {
        panic!("no mission reached the re-attack decision");
    };
    g.pilot.experience = Experience::Experienced;
    g.target_weather = Weather::Good;
    g.damage.cannons = [false; 2];
    g.ammo = [1, 1];
    g.altitude = Altitude::Low;
    g.step = Step::MigGroup;
    let odds = g.decision_odds().expect("odds when the MiGs jump");
    // Table 14 C unmodified: 0–2 a kill, 3–6 they break off, 7–8 one hit, 9 two.
    let cases = [
        ("Engage: a MiG goes down", 0.3),
        ("Engage: the MiGs break off", 0.4),
        ("Engage: 1 hit(s)", 0.2),
        ("Engage: 2 hit(s)", 0.1),
        // Table 12 MiGs at Low: 8–9 one hit marked `*`.
        ("Press on: no hits", 0.8),
        ("Press on: MiGs on your tail, dive away or take 1", 0.2),
    ];
    for (start, p) in cases {
        assert!((odds_for(&odds, start).0 - p).abs() < 1e-9, "{start}");
    }
    // A Green pilot's +1 on Table 14 C: 0–1 a kill, 6–7 one hit, 8–9 two.
    g.pilot.experience = Experience::Green;
    let odds = g.decision_odds().unwrap();
    assert!((odds_for(&odds, "Engage: a MiG goes down").0 - 0.2).abs() < 1e-9);
    assert!((odds_for(&odds, "Engage: 2 hit(s)").0 - 0.2).abs() < 1e-9);
    assert!((odds_for(&odds, "Press on: no hits").0 - 0.7).abs() < 1e-9);
    // Two hits taken: Table 12.1 reads 0 superficial, 1–2 and 9 a wing, 7 the cockpit.
    g.step = Step::MigStar { hits: 2 };
    let odds = g.decision_odds().unwrap();
    let cases = [
        ("Take the hits: every one superficial", 0.01),
        ("Take the hits: at least one in a wing", 1.0 - 0.7 * 0.7),
        (
            "Take the hits: at least one in the cockpit",
            1.0 - 0.9 * 0.9,
        ),
    ];
    for (start, p) in cases {
        assert!((odds_for(&odds, start).0 - p).abs() < 1e-9, "{start}");
    }
}

#[test]
fn the_division_odds_read_s_7_s_11_and_table_11_by_hand() {
    use crate::games::skyhawk::content::TargetList;
    use crate::games::skyhawk::division::{Ask, DivisionAction};
    let options = Options {
        division: true,
        rescap: true,
        ..Options::default()
    };
    let mut placed = 0;
    for seed in 0..200 {
        let mut g = Skyhawk::setup("single", &options, seed).unwrap();
        g.apply(&Action::List(TargetList::Navy)).unwrap();
        assert_eq!(g.step, Step::Division(Ask::Position));
        // S-7: 0–1 position 1, 2–4 position 2, 5–6 position 3, 7–9 position 4.
        let odds = g.decision_odds().expect("odds for the position roll");
        for (p, chance) in [(1, 0.2), (2, 0.3), (3, 0.2), (4, 0.3)] {
            let start = format!("Roll for the position: position {p}");
            assert!((odds_for(&odds, &start).0 - chance).abs() < 1e-9, "{start}");
        }
        g.apply(&Action::Division(DivisionAction::Position(Some(1))))
            .unwrap();
        g.at = MapBox::TargetApproach;
        g.bail_out();
        if g.step != Step::Division(Ask::Stay) {
            continue;
        }
        // S-11: 0 round 1, 1–3 round 2, 4–6 round 3, 7–9 round 4.
        let odds = g
            .decision_odds()
            .expect("odds before the rescuers' arrival");
        for (n, chance) in [(1, 0.1), (2, 0.3), (3, 0.3), (4, 0.3)] {
            let start = format!("No more stay: the rescuers arrive in round {n}");
            assert!((odds_for(&odds, &start).0 - chance).abs() < 1e-9, "{start}");
        }
        let helper = g.stay_candidates()[0];
        g.apply(&Action::Division(DivisionAction::Stay(Some(helper))))
            .unwrap();
        if g.step == Step::Division(Ask::Stay) {
            g.apply(&Action::Division(DivisionAction::Stay(None)))
                .unwrap();
        }
        if g.step != Step::Division(Ask::Place) {
            continue;
        }
        // Table 11, small arms: 4–8 Suppressed, 9 Knocked Out; weather Poor -1, Bad -2.
        for (weather, supp, out) in [
            (Weather::Good, 0.5, 0.1),
            (Weather::Poor, 0.5, 0.0),
            (Weather::Bad, 0.4, 0.0),
        ] {
            g.target_weather = weather;
            let odds = g.decision_odds().expect("odds before a RESCAP attack");
            for (result, chance) in [(": Suppressed", supp), (": Knocked Out", out)] {
                let lines: Vec<f64> = odds
                    .iter()
                    .filter(|(m, _)| m.english().ends_with(result))
                    .map(|(_, p)| *p)
                    .collect();
                assert!(!lines.is_empty(), "no{result} line");
                for p in lines {
                    assert!((p - chance).abs() < 1e-9, "{weather:?}{result}: {p}");
                }
            }
        }
        placed += 1;
        if placed == 2 {
            return;
        }
    }
    assert!(placed > 0, "no RESCAP attacker was placed");
}
