//! Rules tests of optional rules 15.1–15.3 (the division, further flights, RESCAP), from
//! the rulebook's and the digest's text.

use super::content::{TargetList, TargetType, Weapon, data};
use super::division::*;
use super::loadout::{Loadout, Store, Tanks};
use super::tables::{Drms, resolve_roll, rolled_table};
use super::*;
use crate::engine::bot::play_out;
use crate::engine::dice::{DiceKind, Roll};

fn options(multiple_flights: bool, rescap: bool) -> Options {
    Options {
        division: true,
        multiple_flights,
        rescap,
        ..Options::default()
    }
}

/// A division formed (player in position 1), flying towards a building in route package 1
/// with Mk 82s on every station.
fn division_flying(seed: u64, rescap: bool) -> Skyhawk {
    let mut g = Skyhawk::setup("single", &options(false, rescap), seed).unwrap();
    g.apply(&Action::List(TargetList::Navy)).unwrap();
    assert_eq!(g.step, Step::Division(Ask::Position));
    g.apply(&Action::Division(DivisionAction::Position(Some(1))))
        .unwrap();
    g.target = Some(Target {
        list: TargetList::Macv,
        number: 0,
        name: "Test target".into(),
        route_package: "1".into(),
        kind: TargetType::Building,
        flags: Vec::new(),
    });
    g.loadout = Loadout {
        stations: [Some(Store::clusters(Weapon::Mk82, 0)); 5],
        tanks: Tanks::default(),
    };
    g.step = Step::Altitude(MapBox::TargetApproach);
    g.at = MapBox::TargetApproach;
    g
}

pub(super) fn table_rolls(g: &Skyhawk, table: &str) -> usize {
    table_lines(g, table).len()
}

/// The log lines of the rolls on `table`, in English.
fn table_lines(g: &Skyhawk, table: &str) -> Vec<String> {
    g.log
        .entries()
        .iter()
        .filter(|e| rolled_table(&e.message).as_deref() == Some(table))
        .map(|e| e.message.english())
        .collect()
}

fn lookup(table: &str, column: &str, natural: i32) -> String {
    let t = data().table(table);
    let roll = Roll {
        kind: DiceKind::D10,
        faces: vec![natural as u8].into(),
        total: natural,
    };
    resolve_roll(roll, t, t.column(column).unwrap(), &Drms::new())
        .result
        .to_owned()
}

#[test]
fn the_printed_tables_read_as_the_rulebook_prints_them() {
    // S-7 position, S-8 wound check, S-10 threat, S-11 arrival, S-12 fuel [15.1, 15.3].
    let read = |t: &str| {
        (0..10)
            .map(|n| lookup(t, "", n))
            .collect::<Vec<_>>()
            .join(",")
    };
    assert_eq!(read("S-7"), "1,1,2,2,2,3,3,4,4,4");
    assert_eq!(read("S-8"), "wounded,ok,ok,ok,ok,ok,ok,ok,ok,ok");
    assert_eq!(read("S-10"), "1,1,1,1,1,2,2,2,2,2");
    assert_eq!(read("S-11"), "1,2,2,2,3,3,3,4,4,4");
    assert_eq!(read("S-12"), "bingo,bingo,bingo,bingo,bingo,ok,ok,ok,ok,ok");
    // The Pilot Status Table: 6 or less evades, 7-8 captured, 9 or more killed.
    let t = data().table("pilot status");
    assert_eq!(t.lookup(-4, 0), "evades");
    assert_eq!(t.lookup(6, 0), "evades");
    assert_eq!(t.lookup(7, 0), "pow");
    assert_eq!(t.lookup(8, 0), "pow");
    assert_eq!(t.lookup(9, 0), "kia");
    assert_eq!(t.lookup(12, 0), "kia");
    for (name, value) in [
        ("per_knocked_out", -1),
        ("suppressed", -1),
        ("two_active", 1),
        ("veteran", -1),
        ("green", 1),
        ("two_wounds", 1),
        ("weather_bad", 1),
    ] {
        assert_eq!(t.drm(name), value, "{name}");
    }
    // Table 10: +1 against the HH-53 making a contested pick-up.
    assert_eq!(data().table("10").drm("contested"), 1);
    assert_eq!(data().aircraft.division.npc_hit_boxes, 6);
}

#[test]
fn table_26_column_is_the_number_of_boxes_that_fired() {
    // More boxes firing, more hits for the same roll (digest 4.32).
    assert_eq!(lookup("26", "1", 8), "0");
    assert_eq!(lookup("26", "2", 8), "1");
    assert_eq!(lookup("26", "3", 9), "2");
    assert_eq!(lookup("26", "4", 6), "1");
    let mut g = division_flying(3, false);
    let before = table_rolls(&g, "26");
    g.npcs_under_fire(0, false);
    assert_eq!(table_rolls(&g, "26"), before, "no fire, no roll");
    g.npcs_under_fire(2, false);
    let rolled = table_lines(&g, "26");
    assert_eq!(rolled.len(), 3, "one roll per NPC of the division");
    assert!(rolled.iter().all(|m| m.starts_with("Table 26 [2]")));
}

#[test]
fn the_player_chooses_or_rolls_his_position_and_the_roster_fills_the_rest() {
    let g = division_flying(1, false);
    let d = g.division.as_ref().unwrap();
    assert_eq!(d.position, 1);
    assert_eq!(d.flights.len(), 1);
    let positions: Vec<u8> = d.flights[0].npcs.iter().map(|n| n.position).collect();
    assert_eq!(positions, [2, 3, 4]);
    let roster: Vec<&str> = data().roster[1..4]
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let names: Vec<&str> = d.npcs().map(|n| n.pilot.name.as_str()).collect();
    assert_eq!(names, roster, "the next pilots on the roster");

    // 15.2: three flights, the position rolled on S-7.
    let mut g = Skyhawk::setup("single", &options(true, false), 5).unwrap();
    g.apply(&Action::List(TargetList::Navy)).unwrap();
    assert_eq!(g.step, Step::Division(Ask::Flights));
    assert!(
        g.apply(&Action::Division(DivisionAction::Flights(5)))
            .is_err()
    );
    g.apply(&Action::Division(DivisionAction::Flights(3)))
        .unwrap();
    g.apply(&Action::Division(DivisionAction::Position(None)))
        .unwrap();
    assert_eq!(table_rolls(&g, "S-7"), 1);
    // 15.2.1: each further flight takes the player's target or one of its own.
    assert_eq!(g.step, Step::Division(Ask::FlightTarget(1)));
    g.apply(&Action::Division(DivisionAction::OwnTarget(true)))
        .unwrap();
    assert_eq!(g.step, Step::Division(Ask::FlightTarget(2)));
    g.apply(&Action::Division(DivisionAction::OwnTarget(false)))
        .unwrap();
    assert_eq!(g.step, Step::Loading(LoadStage::Tanks), "then the load");
    let d = g.division.as_ref().unwrap();
    let sizes: Vec<usize> = d.flights.iter().map(|f| f.npcs.len()).collect();
    assert_eq!(sizes, [3, 4, 4], "all four of a further flight are NPCs");
    assert!(!d.flights[0].npcs.iter().any(|n| n.position == d.position));
    let targets: Vec<bool> = d.flights.iter().map(|f| f.target.is_some()).collect();
    assert_eq!(targets, [false, true, false]);
}

#[test]
fn a_flight_on_its_own_target_rolls_its_own_on_off() {
    let mut g = division_flying(4, false);
    let mut own = g.target.clone().unwrap();
    own.name = "Another building".into();
    if let Some(d) = g.division.as_mut() {
        d.flights[0].target = Some(own);
    }
    let group = Group {
        weapon: Weapon::Mk82,
        mode: None,
    };
    g.npc_bombing(true, group);
    assert_eq!(table_rolls(&g, "15.2"), 1, "the Mk 82 table, once");
    assert_eq!(table_rolls(&g, "26.1"), 1);
    // A weapon without a Table 5 entry for the flight's target makes no run.
    let mut bridge = g.target.clone().unwrap();
    bridge.kind = TargetType::WaterMine;
    if let Some(d) = g.division.as_mut() {
        d.flights[0].target = Some(bridge);
    }
    g.npc_bombing(true, group);
    assert_eq!(table_rolls(&g, "26.1"), 1);
}

#[test]
fn the_optional_rules_15_2_and_15_3_need_the_division() {
    for o in [
        Options {
            multiple_flights: true,
            ..Options::default()
        },
        Options {
            rescap: true,
            ..Options::default()
        },
    ] {
        assert!(Skyhawk::setup("single", &o, 1).is_err());
    }
}

#[test]
fn group_experience_follows_table_26_2() {
    use Experience::*;
    assert_eq!(group_experience(&[]), None);
    assert_eq!(group_experience(&[Green]), Some(Green));
    assert_eq!(
        group_experience(&[Green, Veteran]),
        Some(Veteran),
        "two: the higher"
    );
    assert_eq!(group_experience(&[Green, Green, Veteran]), Some(Green));
    assert_eq!(
        group_experience(&[Green, Experienced, Veteran]),
        Some(Experienced)
    );
    assert_eq!(
        group_experience(&[Veteran, Veteran, Veteran, Green]),
        Some(Veteran)
    );
}

#[test]
fn npc_bombing_scores_half_its_percentage_and_never_adds_to_the_players_damage() {
    let mut g = division_flying(11, false);
    g.runs.push(Run {
        group: Group {
            weapon: Weapon::Mk82,
            mode: None,
        },
        altitude: content::Altitude::Medium,
        on_target: true,
        percent: 40,
    });
    g.npc_bombing(
        true,
        Group {
            weapon: Weapon::Mk82,
            mode: None,
        },
    );
    assert_eq!(table_rolls(&g, "26.1"), 1, "one roll for the group");
    let f = &g.division.as_ref().unwrap().flights[0];
    // The roll is kept for the Division Record Sheet: table, On column, row and cell, the
    // group's modifiers with their reasons.
    let t = data().table("26.1");
    let [roll] = f.rolls.as_slice() else {
        panic!("one kept roll: {:?}", f.rolls)
    };
    assert_eq!(
        (roll.table.as_str(), roll.column),
        ("26.1", t.column("on").unwrap())
    );
    assert_eq!(roll.row, t.row_index(roll.modified()));
    assert_eq!(roll.result, f.runs[0].to_string());
    let reasons: Vec<&str> = roll.modifiers.iter().map(|(r, _)| r.as_str()).collect();
    assert!(
        reasons.contains(&"Table 5: weapon against this target type"),
        "{reasons:?}"
    );
    assert!(roll.modifiers.iter().all(|&(_, v)| v != 0));
    assert_eq!(f.points, f.runs[0] / 2);
    assert!(f.runs[0] >= 10, "On Target never scores below 10%");
    assert_eq!(g.percent(), 40);
    assert_eq!(g.points(), 40 + f.points);
}

#[test]
fn six_hit_boxes_bring_an_npc_down_and_its_pilot_ejects() {
    let mut g = division_flying(2, false);
    let who = Who::Npc {
        flight: 0,
        index: 0,
    };
    if let Some(d) = g.division.as_mut() {
        d.flights[0].npcs[0].hits = 5;
    }
    for _ in 0..200 {
        if !g.npc(who).unwrap().airborne() {
            break;
        }
        g.npc_fired_on(who, "4", false);
    }
    let n = g.npc(who).unwrap();
    assert_eq!(n.status, NpcStatus::Lost);
    if n.fate != PilotFate::Kia || n.hits == 6 {
        assert_eq!(n.hits, 6);
        assert!(table_rolls(&g, "20") >= 1, "Table 20 for the pilot");
        assert_ne!(n.fate, PilotFate::Aboard, "no RESCAP: Table 21 decides");
    }
    assert!(table_rolls(&g, "S-8") >= 1, "a wound check per hit box");
}

#[test]
fn every_npc_launches_and_refuels_on_its_own_rolls() {
    for seed in 0..40 {
        let mut g = Skyhawk::setup("single", &options(false, false), seed).unwrap();
        play_out(&mut g, &mut bot::HeuristicBot::new(seed), 50_000).unwrap();
        let launches = table_rolls(&g, "3");
        assert!(launches >= 4, "the player and three NPCs roll Table 3");
        let refuelled = g.log.entries().iter().any(|e| e.rule == "5.3");
        if refuelled {
            assert!(table_rolls(&g, "9") >= 3);
        }
        let d = g.division.as_ref().unwrap();
        assert!(d.closed);
        assert!(d.load.is_some(), "the common load is on the record");
        assert!(d.npcs().all(|n| !n.airborne()));
    }
}

#[test]
fn after_the_players_loss_the_npcs_fly_on_or_go_home() {
    for (fly_on, seed) in [(true, 21), (false, 22)] {
        let mut g = division_flying(seed, false);
        g.at = MapBox::SupportAttacks;
        g.pilot_killed(crate::engine::message::msg("test"));
        assert_eq!(g.step, Step::Division(Ask::AfterLoss));
        let a = if fly_on {
            DivisionAction::FlyOn
        } else {
            DivisionAction::FlyHome
        };
        g.apply(&Action::Division(a)).unwrap();
        let flew = g
            .log
            .entries()
            .iter()
            .any(|e| e.message.english().contains("fly through"));
        assert_eq!(flew, fly_on);
        if fly_on && g.division.as_ref().unwrap().npcs().any(|n| n.hits < 6) {
            // Fired on in the boxes that could have fired at the player, then bombing.
            assert!(table_rolls(&g, "26") >= 1);
        }
        assert_eq!(g.step, Step::End);
        assert!(g.division.as_ref().unwrap().npcs().all(|n| !n.airborne()));
    }
}

#[test]
fn a_pilot_down_over_land_waits_for_rescap_instead_of_table_21() {
    let mut rescued = 0;
    let mut contested = 0;
    for seed in 0..200 {
        let mut g = division_flying(seed, true);
        g.at = MapBox::TargetAttack;
        g.bail_out();
        if g.fate == PilotFate::Kia {
            continue;
        }
        assert_eq!(
            table_rolls(&g, "21"),
            0,
            "seed {seed}: no Table 21 over land"
        );
        assert_eq!(table_rolls(&g, "S-10"), 1);
        assert!(g.rescap().is_some() || g.step == Step::End);
        play_out(&mut g, &mut bot::HeuristicBot::new(seed), 10_000).unwrap();
        assert_eq!(g.step, Step::End);
        assert_ne!(g.fate, PilotFate::Aboard);
        rescued += usize::from(g.fate == PilotFate::Rescued);
        contested += usize::from(
            g.log
                .entries()
                .iter()
                .any(|e| e.english().contains("HH-53 hovering")),
        );
        // Four rounds at most.
        assert!(table_rolls(&g, "pilot status") <= 4);
    }
    assert!(rescued > 0 && contested > 0, "{rescued} {contested}");
}

#[test]
fn over_water_the_standard_rescue_stands() {
    for seed in 0..30 {
        let mut g = division_flying(seed, true);
        g.at = MapBox::Transit;
        g.bail_out();
        assert!(g.rescap().is_none());
        assert_eq!(table_rolls(&g, "S-10"), 0);
    }
}

#[test]
fn a_rescue_in_progress_saves_and_loads() {
    let mut g = (0..100)
        .map(|seed| {
            let mut g = division_flying(seed, true);
            g.at = MapBox::TargetApproach;
            g.bail_out();
            g
        })
        .find(|g| g.rescap().is_some())
        .unwrap();
    let json = serde_json::to_string(&g).unwrap();
    let back: Skyhawk = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    let choices = g.legal_actions();
    assert!(!choices.is_empty());
    g.apply(&choices[0]).unwrap();
}

#[test]
fn the_iron_hand_target_sam_fires_at_every_npc_in_column_2() {
    let mut g = division_flying(6, false);
    g.target_sam_at_npcs(false);
    let rolled = table_lines(&g, "26");
    assert_eq!(rolled.len(), 3);
    assert!(rolled.iter().all(|m| m.starts_with("Table 26 [2]")));
}

#[test]
fn a_skyhawk_staying_over_the_pilot_rolls_its_fuel_each_round() {
    for seed in 0..200 {
        let mut g = division_flying(seed, true);
        g.at = MapBox::TargetApproach;
        g.bail_out();
        if g.step != Step::Division(Ask::Stay) {
            continue;
        }
        let npc = g.stay_candidates()[0];
        g.apply(&Action::Division(DivisionAction::Stay(Some(npc))))
            .unwrap();
        g.apply(&Action::Division(DivisionAction::Stay(None)))
            .unwrap();
        play_out(&mut g, &mut bot::HeuristicBot::new(seed), 10_000).unwrap();
        let rounds = g
            .log
            .entries()
            .iter()
            .filter(|e| e.message.english().starts_with("RESCAP round"))
            .count();
        let fuel = table_rolls(&g, "S-12");
        assert!(
            fuel >= 1 && fuel <= rounds,
            "seed {seed}: {fuel} fuel rolls in {rounds} rounds"
        );
        // The helper leaves the flight for the carrier and lands with the others.
        let n = g.npc(npc).unwrap();
        assert!(!n.airborne());
        return;
    }
    panic!("no rescue with a Skyhawk to help");
}

/// The NV fire the log tells: (pass over the target, combat box, boxes that fired).
fn nv_fire_logged(g: &Skyhawk) -> Vec<(usize, usize, u8)> {
    use super::cycle::COMBAT_BOXES;
    let entered = |b: MapBox, line: &str| line.starts_with(&format!("{} at ", b.name()));
    let mut fired: Vec<(usize, usize, u8)> = Vec::new();
    let (mut pass, mut column) = (0, None);
    for line in g.log.entries().iter().map(|e| e.message.english()) {
        if entered(MapBox::ReAttack, &line) {
            pass += 1;
        } else if let Some(c) = COMBAT_BOXES.iter().position(|&b| entered(b, &line)) {
            column = Some(c);
        } else if line.ends_with("box fires at the Skyhawk")
            || line == "The SAMs fire without radar"
        {
            let column = column.expect("NV fire in a combat box");
            match fired.last_mut() {
                Some((p, c, n)) if (*p, *c) == (pass, column) => *n += 1,
                _ => fired.push((pass, column, 1)),
            }
        }
    }
    fired
}

/// The count of NV boxes firing, kept per pass and combat box for the Division Record Sheet
/// (C6), is the fire the log tells.
#[test]
fn the_nv_fire_kept_for_the_sheet_is_the_fire_logged() {
    use crate::engine::play::Playable;
    let mut total = 0;
    for seed in 0..12 {
        let mut g = Skyhawk::setup("single", &options(false, false), seed).unwrap();
        play_out(&mut g, Skyhawk::heuristic_bot(seed).as_mut(), 100_000).unwrap();
        let kept: Vec<(usize, usize, u8)> = g
            .nv_fire
            .iter()
            .enumerate()
            .flat_map(|(p, pass)| {
                (0..4).filter_map(move |c| pass[c].filter(|&n| n > 0).map(|n| (p, c, n)))
            })
            .collect();
        assert_eq!(kept, nv_fire_logged(&g), "seed {seed}");
        total += kept.len();
    }
    assert!(total > 0, "no NV fire in twelve missions");
}

/// 8.0 with 15.1: the mission is won on the player's own Table 16 result. The division's
/// points count in the score, but a run of 0 % stays a Draw: no Win, one medal roll.
#[test]
fn rule_8_0_npc_points_never_turn_a_zero_run_into_a_win() {
    let mut g = division_flying(5, false);
    g.division.as_mut().unwrap().flights[0].points = 30;
    g.ending = Ending::Trapped;
    g.fate = PilotFate::Aboard;
    assert_eq!((g.own_points(), g.points()), (0, 30));
    assert_eq!(g.mission_verdict(), crate::engine::game::Verdict::Draw);
    g.finish();
    assert_eq!(g.step, Step::End);
    assert_eq!(table_rolls(&g, "22"), 1, "a Draw rolls once on Table 22");
    g.runs.push(Run {
        group: Group {
            weapon: Weapon::Mk82,
            mode: None,
        },
        altitude: content::Altitude::Medium,
        on_target: true,
        percent: 10,
    });
    assert_eq!(g.mission_verdict(), crate::engine::game::Verdict::Win);
}

/// 3.2 / 15.1: after the player's Skyhawk is lost, the division flies on and the NV fire of
/// the boxes it flies through alone is still written on the Division Record Sheet.
#[test]
fn rule_3_2_the_divisions_fire_is_recorded_after_the_players_loss() {
    let mut g = division_flying(21, false);
    g.at = MapBox::SupportAttacks;
    g.pilot_killed(crate::engine::message::msg("test"));
    g.apply(&Action::Division(DivisionAction::FlyOn)).unwrap();
    let approach = super::cycle::COMBAT_BOXES
        .iter()
        .position(|&b| b == MapBox::TargetApproach)
        .unwrap();
    let recorded = g.nv_fire.first().and_then(|pass| pass[approach]);
    assert!(recorded.is_some_and(|n| n > 0), "{:?}", g.nv_fire);
}
