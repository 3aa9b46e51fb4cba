//! The optional campaign rules, checked against the digest's tables and the rulebook's text.

use super::Hurt;
use crate::engine::dice::{DiceKind, Roll};
use crate::engine::game::Game;
use crate::games::skyhawk::rules::content::data;
use crate::games::skyhawk::rules::tables::{Drms, resolve_roll, rolled_table};
use crate::games::skyhawk::rules::*;

fn d10(face: u8) -> Roll {
    Roll {
        kind: DiceKind::D10,
        faces: vec![face].into(),
        total: i32::from(face),
    }
}

/// The result of a table for a natural d10, with modifiers.
fn read(table: &str, column: &str, face: u8, drms: &Drms) -> String {
    let t = data().table(table);
    let col = t.column(column).unwrap();
    resolve_roll(d10(face), t, col, drms).result.to_owned()
}

fn all_faces(table: &str, column: &str) -> Vec<String> {
    (0..10)
        .map(|f| read(table, column, f, &Drms::new()))
        .collect()
}

fn options() -> Options {
    Options {
        maintenance: true,
        rotation: true,
        wound_recovery: true,
        loss_scoring: true,
        monsoon: true,
        ..Options::default()
    }
}

/// The default options with one change.
fn with(set: impl Fn(&mut Options)) -> Options {
    let mut o = Options::default();
    set(&mut o);
    o
}

/// How many rolls the log shows on `table`.
fn rolls_on(g: &Skyhawk, table: &str) -> usize {
    g.log
        .entries()
        .iter()
        .filter(|e| rolled_table(&e.message).as_deref() == Some(table))
        .count()
}

fn logged(g: &Skyhawk, start: &str) -> usize {
    g.log
        .entries()
        .iter()
        .filter(|e| e.message.english().starts_with(start))
        .count()
}

#[test]
fn the_optional_tables_read_as_the_digest_gives_them() {
    // Table 27: 0–1 → 4, 2–4 → 8, 5–8 → 12, 9 → 16.
    assert_eq!(
        all_faces("27", ""),
        ["4", "4", "8", "8", "8", "12", "12", "12", "12", "16"]
    );
    // Table 1.2: 0–2 level 1, 3–7 level 2, 8–9 level 3.
    assert_eq!(
        all_faces("1.2", ""),
        ["1", "1", "1", "2", "2", "2", "2", "2", "3", "3"]
    );
    // Table 1.3: level 1 → 2 on 5–9, level 2 → 3 on 7–9.
    let yes = |col| all_faces("1.3", col).iter().filter(|r| *r == "yes").count();
    assert_eq!((yes("level_1"), yes("level_2")), (5, 3));
    assert_eq!(read("1.3", "level_1", 4, &Drms::new()), "no");
    assert_eq!(read("1.3", "level_2", 7, &Drms::new()), "yes");
    // 14.1.3: 0–4 flies, 5–9 misses; then 0–4 one mission, 5–9 two.
    assert_eq!(read("S-9", "", 4, &Drms::new()), "flies");
    assert_eq!(read("S-9", "", 5, &Drms::new()), "misses");
    assert_eq!(read("S-9 missed", "", 4, &Drms::new()), "1");
    assert_eq!(read("S-9 missed", "", 5, &Drms::new()), "2");
}

#[test]
fn table_8_reads_its_modifiers() {
    // ≤4 Ready Now, 5–7 one day, 8+ two days.
    assert_eq!(
        all_faces("8", ""),
        ["0", "0", "0", "0", "0", "1", "1", "1", "2", "2"]
    );
    // Level 3 crews (−1) turn a 5 into Ready Now; level 1 (+1) and a 16-sortie day (+2)
    // turn a 5 into two days.
    let mut veteran = Drms::new();
    veteran.when(true, "maintenance_3", "level 3");
    assert_eq!(read("8", "", 5, &veteran), "0");
    let mut busy = Drms::new();
    busy.when(true, "maintenance_1", "level 1")
        .when(true, "need_16", "16 sorties");
    assert_eq!(read("8", "", 5, &busy), "2");
    // Two destroyed sections and three sub-systems: +3.
    let mut wrecked = Drms::new();
    wrecked.times(2, "per_section_destroyed", "sections").when(
        true,
        "three_subsystems",
        "sub-systems",
    );
    assert_eq!(read("8", "", 4, &wrecked), "1");
    assert_eq!(read("8", "", 5, &wrecked), "2");
    let mut npc = Drms::new();
    npc.when(true, "npc_5_hits", "5 hit boxes");
    assert_eq!(read("8", "", 3, &npc), "1");
}

#[test]
fn repairs_need_damage_add_landing_days_and_stop_at_two() {
    let mut g = Skyhawk::setup("campaign1", &options(), 3).unwrap();
    let rolls = g.rolls;
    // No damage, no mishap: Ready Now without a roll (R42).
    assert_eq!(g.repair_time(1, Hurt::default()), 0);
    assert_eq!(g.rolls, rolls);
    // A barricade with no battle damage: its two days, no roll.
    let barricade = Hurt {
        landing_days: 2,
        ..Hurt::default()
    };
    assert_eq!(g.repair_time(1, barricade), 2);
    assert_eq!(g.rolls, rolls);
    // Battle damage and landing days never pass two days.
    for _ in 0..200 {
        let hurt = Hurt {
            battle: true,
            sections_destroyed: 3,
            subsystems_destroyed: 4,
            landing_days: 1,
            ..Hurt::default()
        };
        assert_eq!(g.repair_time(2, hurt), 2);
    }
    assert_eq!(g.rolls, rolls + 200);
    let mut seen = [false; 3];
    for _ in 0..300 {
        let days = g.repair_time(
            3,
            Hurt {
                battle: true,
                ..Hurt::default()
            },
        );
        seen[usize::from(days)] = true;
    }
    assert_eq!(seen, [true; 3]);
}

#[test]
fn a_repairs_campaign_starts_with_the_crews_and_the_divisions() {
    let only = with(|o| o.maintenance = true);
    let mut g = Skyhawk::setup("campaign1", &only, 5).unwrap();
    let s = g.squadron().unwrap();
    assert!((1..=3).contains(&s.maintenance));
    assert_eq!(s.ready_now(), 16);
    assert_eq!(logged(&g, "Table 1.2"), 1);
    assert_eq!(logged(&g, "Table 27"), 1);
    assert_eq!(g.step, Step::Divisions);
    let most = g.most_divisions();
    assert_eq!(u32::from(most), u32::from(s.need) / 4);
    let p = g.prompt();
    assert_eq!(p.rule, "14.0.2");
    assert_eq!(p.choices.len(), usize::from(most));
    assert!(g.apply(&Action::Divisions(0)).is_err());
    assert!(g.apply(&Action::Divisions(most + 1)).is_err());
    g.apply(&Action::Divisions(1)).unwrap();
    assert_eq!(g.squadron().unwrap().flying(), vec![1, 2, 3, 4]);
    assert_eq!(g.squadron().unwrap().ready_now(), 12);
    assert_eq!(g.step, Step::ChooseList);
}

#[test]
fn repairs_campaigns_keep_the_track_honest() {
    let only = with(|o| o.maintenance = true);
    for seed in 0..4 {
        let mut g = Skyhawk::setup("campaign1", &only, seed).unwrap();
        let mut bot = bot::HeuristicBot::new(seed);
        let mut n = 0;
        while let Some(a) = bot.decide(&g) {
            g.apply(&a).unwrap();
            n += 1;
            assert!(n < 20_000);
            let s = g.squadron().unwrap();
            assert!(s.aircraft.iter().all(|a| a.ready_in <= 2));
            // Only the deck holds Skyhawks during a mission, and only then.
            let mission = !matches!(g.step, Step::Divisions | Step::End | Step::PilotLost);
            assert_eq!(s.flying().is_empty(), !mission || g.step == Step::Review);
        }
        let c = g.campaign.as_ref().unwrap();
        let lost: u32 = c.records.iter().map(|r| u32::from(r.skyhawks_lost)).sum();
        assert_eq!(c.squadron.aircraft.len() as u32, 16 - lost);
        // The crews rolled on days 5, 10, … until level 3.
        assert!(logged(&g, "Table 1.3") <= 6);
        assert!(c.records.iter().all(|r| r.day % 2 == 1));
    }
}

#[test]
fn with_the_rotation_the_pilot_flies_when_his_turn_comes() {
    let only = with(|o| o.rotation = true);
    let g = Skyhawk::setup("campaign2", &only, 8).unwrap();
    let s = g.squadron().unwrap();
    assert_eq!(s.roster.len(), 24);
    // Table 1 for the player and the 23 others.
    assert_eq!(rolls_on(&g, "1"), 24);
    let mut even = 0;
    let mut consecutive = 0;
    for seed in 0..6 {
        let mut g = Skyhawk::setup("campaign2", &only, seed).unwrap();
        let mut bot = bot::HeuristicBot::new(seed);
        while let Some(a) = bot.decide(&g) {
            g.apply(&a).unwrap();
        }
        let c = g.campaign.as_ref().unwrap();
        let days: Vec<u32> = c.records.iter().map(|r| r.day).collect();
        even += days.iter().filter(|d| *d % 2 == 0).count();
        consecutive += days.windows(2).filter(|w| w[1] == w[0] + 1).count();
        assert!(days.windows(2).all(|w| w[0] < w[1]));
        // Table 27 was rolled on every day without a halt.
        assert!(logged(&g, "Table 27") >= days.len());
    }
    assert!(even > 0);
    assert!(consecutive > 0);
}

#[test]
fn two_wounds_may_keep_the_pilot_out() {
    let only = with(|o| o.wound_recovery = true);
    let mut g = Skyhawk::setup("campaign1", &only, 2).unwrap();
    // One wound: nothing rolled.
    let rolls = g.rolls;
    assert_eq!(g.missions_to_miss(1), 0);
    assert_eq!(g.rolls, rolls);
    let mut counts = [0; 3];
    for _ in 0..400 {
        counts[usize::from(g.missions_to_miss(2))] += 1;
    }
    // Half fly, a quarter miss one, a quarter miss two.
    assert!(
        counts[0] > 150 && counts[1] > 60 && counts[2] > 60,
        "{counts:?}"
    );
    // Without the option a second wound costs nothing.
    let mut plain = Skyhawk::setup("campaign1", &Options::default(), 2).unwrap();
    assert_eq!(plain.missions_to_miss(2), 0);
}

#[test]
fn a_healing_pilot_misses_his_next_flying_day() {
    let only = with(|o| o.wound_recovery = true);
    let mut g = Skyhawk::setup("campaign1", &only, 2).unwrap();
    // Day 1's mission is over; the pilot has one mission to miss.
    let c = g.campaign.as_mut().unwrap();
    c.day = 3;
    c.squadron.player_missed = 1;
    g.next_flying_day();
    let c = g.campaign.as_ref().unwrap();
    assert_eq!(logged(&g, "Your pilot is still recovering"), 1);
    assert_eq!(c.squadron.player_missed, 0);
    assert!(c.day >= 5 && c.day % 2 == 1);
    if c.halt_until < 5 {
        assert_eq!(c.day, 5, "day 3 is missed, day 5 flown");
    }
}

#[test]
fn losses_cost_points_only_with_the_option_and_divisions() {
    assert!(Skyhawk::setup("campaign1", &with(|o| o.loss_scoring = true), 1).is_err());
    let mut g = Skyhawk::setup("campaign1", &options(), 1).unwrap();
    let c = g.campaign.as_mut().unwrap();
    assert!(c.loss_scoring);
    c.records.push(campaign::MissionRecord {
        part: 1,
        day: 1,
        date: "10 Aug 1966".into(),
        pilot: "x".into(),
        target: "y".into(),
        winner: crate::engine::game::Verdict::Loss,
        on_target: 40,
        off_target: 0,
        points: 40,
        skyhawks_lost: 1,
        pilots_lost: 1,
    });
    assert_eq!(c.points(), 40 - 15 - 10);
    c.loss_scoring = false;
    assert_eq!(c.points(), 40);
}

#[test]
fn the_monsoon_starts_on_the_first_of_november() {
    let only = with(|o| o.monsoon = true);
    let mut g = Skyhawk::setup("campaign2", &only, 1).unwrap();
    // Campaign 2 day 13 is 1 November.
    g.campaign.as_mut().unwrap().day = 12;
    assert!(!g.monsoon());
    g.campaign.as_mut().unwrap().day = 13;
    assert!(g.monsoon());
    let mut off = Skyhawk::setup("campaign2", &Options::default(), 1).unwrap();
    off.campaign.as_mut().unwrap().day = 30;
    assert!(!off.monsoon());
    // Both weather rolls carry the +1.
    g.step = Step::ChooseList;
    g.apply(&Action::List(content::TargetList::Navy)).unwrap();
    let monsoon = g
        .log
        .entries()
        .iter()
        .filter(|e| {
            rolled_table(&e.message).as_deref() == Some("2")
                && e.random
                    .iter()
                    .any(|r| r.english() == "+1 north-east monsoon")
        })
        .count();
    assert_eq!(monsoon, 2);
    // A single mission has no date: no monsoon.
    assert!(!Skyhawk::setup("single", &only, 1).unwrap().monsoon());
}

#[test]
fn the_break_refills_the_squadron() {
    let mut g = Skyhawk::setup("campaign3", &options(), 6).unwrap();
    let c = g.campaign.as_mut().unwrap();
    c.squadron.aircraft.truncate(9);
    c.squadron.aircraft[0].ready_in = 2;
    c.squadron.roster[5].lost = true;
    c.day = c.part().days + 1;
    // The end of tour 1: medals, the break, then tour 2 up to the player's first mission.
    g.next_flying_day();
    let c = g.campaign.as_ref().unwrap();
    assert_eq!(c.part().number, 2);
    assert_eq!(g.step, Step::Divisions);
    assert_eq!(c.squadron.aircraft.len(), 16);
    assert_eq!(c.squadron.ready_now(), 16);
    assert!(!c.squadron.roster[5].lost);
    assert_eq!(c.squadron.roster[5].roster, 24);
}

#[test]
fn the_crews_roll_every_fifth_day_until_level_3() {
    let mut g = Skyhawk::setup("campaign1", &with(|o| o.maintenance = true), 4).unwrap();
    let at = |g: &mut Skyhawk, day: u32, level: u8| {
        let c = g.campaign.as_mut().unwrap();
        c.day = day;
        c.squadron.maintenance = level;
        let before = logged(g, "Table 1.3");
        g.end_of_day(true);
        logged(g, "Table 1.3") - before
    };
    assert_eq!(at(&mut g, 4, 1), 0);
    assert_eq!(at(&mut g, 5, 1), 1);
    assert_eq!(at(&mut g, 10, 2), 1);
    assert_eq!(at(&mut g, 15, 3), 0);
    let column = g
        .log
        .entries()
        .iter()
        .filter(|e| e.message.english().starts_with("Table 1.3"))
        .map(|e| e.message.english())
        .collect::<Vec<_>>();
    assert!(column[0].contains("[From level 1]") && column[1].contains("[From level 2]"));
    // Each success moves the crews up one level.
    let mut levels = [0; 4];
    for seed in 0..100 {
        let mut g = Skyhawk::setup("campaign1", &with(|o| o.maintenance = true), seed).unwrap();
        at(&mut g, 5, 1);
        levels[usize::from(g.squadron().unwrap().maintenance)] += 1;
    }
    assert_eq!(levels[0] + levels[3], 0);
    assert!(levels[1] > 25 && levels[2] > 25, "{levels:?}");
}

#[test]
fn the_track_moves_on_squadron_days_not_in_a_halt() {
    let mut g = Skyhawk::setup("campaign1", &with(|o| o.maintenance = true), 4).unwrap();
    let c = g.campaign.as_mut().unwrap();
    c.day = 2;
    c.squadron.aircraft[5].ready_in = 2;
    // Day 2: the squadron flies without the player (R59).
    g.end_of_day(true);
    assert_eq!(g.squadron().unwrap().aircraft[5].ready_in, 1);
    // Day 3 in a bombing halt: no flying, no shift.
    g.end_of_day(false);
    assert_eq!(g.squadron().unwrap().aircraft[5].ready_in, 1);
    assert_eq!(g.campaign.as_ref().unwrap().day, 4);
    // A day whose track already moved with the player's divisions does not move it again.
    g.campaign.as_mut().unwrap().squadron.shifted_on = 4;
    g.end_of_day(true);
    assert_eq!(g.squadron().unwrap().aircraft[5].ready_in, 1);
    // Without 14.0.2 nothing moves.
    let mut plain = Skyhawk::setup("campaign1", &Options::default(), 4).unwrap();
    plain.campaign.as_mut().unwrap().squadron.aircraft[5].ready_in = 2;
    plain.end_of_day(true);
    assert_eq!(plain.squadron().unwrap().aircraft[5].ready_in, 2);
}
