//! The scenarios of section 27: which can be played, the entries, the NLF moving first, exits
//! and the special victory conditions, from the rulebook's scenario texts.

use super::bot::HeuristicBot;
use super::content::{Side, content, data};
use super::hex::Hex;
use super::map::Terrain;
use super::options::Options;
use super::play::Action;
use super::scenario::{refusal, unwritten_rules};
use super::state::{SearchDestroy, Step};
use super::tests::{counter, h};
use crate::engine::bot::Bot;
use crate::engine::game::{Game, Verdict};

fn ids(actions: &[Action]) -> Vec<Hex> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Enter { hex, .. } => Some(*hex),
            _ => None,
        })
        .collect()
}

#[test]
fn scenarios_needing_unwritten_rules_are_refused_by_name() {
    let c = content().unwrap();
    let needs = |id: &str| unwritten_rules(c.scenario(id).unwrap(), c);
    // HE fire [21.0], tanks and APCs [22.0], Rangers [25.0] and later drops [27.0] are
    // written: every scenario of the book sets up.
    for id in [
        "op_gibraltar",
        "cau_ke",
        "cocoa_beach",
        "abilene",
        "quang_ngai",
        "phu_yen",
        "iron_triangle",
        "kien_phuong",
        "clean_house",
        "pursuit_2nd_vc",
        "paul_revere_iv",
    ] {
        assert!(needs(id).is_empty(), "{id}");
    }
    assert!(refusal(c.scenario("basic").unwrap(), c).is_none());
    // The list of the window and the suite holds exactly the scenarios that set up.
    let listed: Vec<&str> = SearchDestroy::scenarios().iter().map(|s| s.id).collect();
    assert_eq!(
        listed,
        [
            "basic",
            "standard",
            "op_gibraltar",
            "iron_triangle",
            "cau_ke",
            "clean_house",
            "cocoa_beach",
            "phu_yen",
            "kien_phuong",
            "abilene",
            "pursuit_2nd_vc",
            "paul_revere_iv",
            "quang_ngai"
        ]
    );
}

#[test]
fn iron_triangle_27_12_sets_up_away_from_the_edges_and_walks_in_from_south_and_west() {
    let mut g = SearchDestroy::new("iron_triangle", 3).unwrap();
    // A US company: commander, 4 platoon leaders, 12 + 2 squads, intelligence team,
    // 3 medics, 2 forward observers [24.1, 24.35].
    let us = g.units.iter().filter(|u| u.side == Side::Us).count();
    assert_eq!(us, 25);
    // More than six hexes from every edge (digest gap G32): columns 8-37, rows 8-27.
    let unit = g.next_to_place().unwrap();
    let hexes = g.placement_hexes(unit);
    assert!(
        hexes
            .iter()
            .all(|x| (8..=37).contains(&x.col) && (8..=27).contains(&x.row))
    );
    assert!(hexes.contains(&h("0808")) && !hexes.contains(&h("0708")));
    let mut bot = HeuristicBot::new(1);
    while g.step == Step::Setup {
        let a = bot.choose(&g, &g.legal_actions());
        g.apply(&a).unwrap();
    }
    // No landing: the US Movement Phase of Game-Turn 1 opens with units to bring in.
    assert_eq!((g.step.clone(), g.turn), (Step::Movement(Side::Us), 1));
    let actions = g.legal_actions();
    let entries = ids(&actions);
    assert!(!entries.is_empty());
    let map = &data().map;
    assert!(entries.iter().all(|x| x.row == map.rows || x.col == 1));
    // Everyone must come in on Game-Turn 1: the phase cannot end yet.
    assert!(!actions.contains(&Action::EndMovement));
    // Entering pays for the first hex [27.0] and the unit goes on moving.
    let (unit, hex) = actions
        .iter()
        .find_map(|a| match a {
            Action::Enter { unit, hex } if map.terrain(*hex) == Terrain::Open => {
                Some((*unit, *hex))
            }
            _ => None,
        })
        .unwrap();
    g.apply(&Action::Enter { unit, hex }).unwrap();
    assert_eq!(g.units[unit].hex, Some(hex));
    assert_eq!(g.units[unit].mp, 11);
    assert_eq!(g.active, Some(unit));
    assert!(
        g.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Move { unit: u, .. } if *u == unit))
    );
}

#[test]
fn kien_phuong_27_23_as_printed_the_nlf_comes_in_by_the_west_edge() {
    // The switch for ruling A16: the printed west edge, the one the NLF scores for leaving
    // by; the US still follows from the east (digest gap G18). Idle in scenarios without a
    // printed edge of their own.
    let printed = Options {
        printed_entry_edges: true,
        ..Options::default()
    };
    let g = SearchDestroy::with_options("kien_phuong", &printed, 5).unwrap();
    let hexes = ids(&g.legal_actions());
    assert!(!hexes.is_empty());
    assert!(hexes.iter().all(|x| x.col == 1), "{hexes:?}");
    use crate::engine::play::Playable;
    let idle = |id: &str| {
        SearchDestroy::idle_optional_rules(id)
            .iter()
            .any(|(key, _)| *key == "printed_entry_edges")
    };
    assert!(!idle("kien_phuong"));
    assert!(idle("standard") && idle("iron_triangle"));
}

#[test]
fn kien_phuong_27_23_the_nlf_walks_in_first_face_down() {
    let mut g = SearchDestroy::new("kien_phuong", 5).unwrap();
    // Nothing to set up: the game opens with the NLF Movement Phase [27.23].
    assert_eq!((g.step.clone(), g.turn), (Step::Movement(Side::Nlf), 1));
    let actions = g.legal_actions();
    let map = &data().map;
    // Ruling A16: in by the east edge, one choice per kind of counter still to come.
    assert!(ids(&actions).iter().all(|x| x.col == map.columns));
    let kinds: Vec<Option<u16>> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Enter { unit, .. } => Some(g.units[*unit].kind),
            _ => None,
        })
        .collect();
    let mut distinct = kinds.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 4, "{distinct:?}");
    let (unit, hex) = actions
        .iter()
        .find_map(|a| match a {
            Action::Enter { unit, hex } => Some((*unit, *hex)),
            _ => None,
        })
        .unwrap();
    g.apply(&Action::Enter { unit, hex }).unwrap();
    assert!(
        g.units[unit].hidden(),
        "it comes in face-down (digest gap G27)"
    );
    // The US reads that a counter came in, not what it is.
    let name = g.units[unit].spec().unwrap().name.clone();
    let us_lines: Vec<String> = g
        .log
        .seen_by(0)
        .entries()
        .iter()
        .map(|e| e.english())
        .collect();
    assert!(
        us_lines
            .last()
            .unwrap()
            .contains("An NLF counter enters the map")
    );
    assert!(us_lines.iter().all(|l| !l.contains(name.as_str())));
    assert_eq!(g.view(0).units[unit].kind, None);
}

#[test]
fn the_nlf_first_opens_each_game_turn_and_the_us_closes_it() {
    let mut g = SearchDestroy::new("kien_phuong", 5).unwrap();
    g.units.truncate(0);
    g.units = vec![
        counter("us_squad", Side::Us, "4410"),
        counter("militia", Side::Nlf, "0110"),
    ];
    g.schedule.entries.clear();
    g.step = Step::Combat(Side::Nlf);
    g.apply(&Action::EndFire).unwrap();
    assert_eq!((g.step.clone(), g.turn), (Step::Movement(Side::Us), 1));
    g.apply(&Action::EndMovement).unwrap();
    while !matches!(g.step, Step::Combat(Side::Us)) {
        let a = g.legal_actions()[0].clone();
        g.apply(&a).unwrap();
    }
    g.apply(&Action::EndFire).unwrap();
    assert_eq!((g.step.clone(), g.turn), (Step::Movement(Side::Nlf), 2));
}

#[test]
fn units_on_the_exit_edge_leave_and_score_at_the_end() {
    // 27.23: 10 points to the NLF per porter and 5 per other unit off the west edge; 30 to
    // the US per porter revealed.
    let mut g = SearchDestroy::new("kien_phuong", 5).unwrap();
    let mut porter = counter("porter", Side::Nlf, "0105");
    porter.mp = 12;
    let mut militia = counter("militia", Side::Nlf, "0107");
    militia.mp = 12;
    let mut dummy = counter("dummy", Side::Nlf, "0109");
    dummy.mp = 12;
    let mut inland = counter("hard_core", Side::Nlf, "0207");
    inland.mp = 12;
    let mut seen = counter("porter", Side::Nlf, "2020");
    seen.face_up = true;
    seen.removed = true;
    seen.hex = None;
    g.units = vec![porter, militia, dummy, inland, seen];
    g.schedule.entries.clear();
    g.step = Step::Movement(Side::Nlf);
    let exits: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Exit { .. }))
        .collect();
    assert_eq!(
        exits,
        [
            Action::Exit { unit: 0 },
            Action::Exit { unit: 1 },
            Action::Exit { unit: 2 }
        ]
    );
    for a in &exits {
        g.apply(a).unwrap();
    }
    assert!(g.units[0].removed && g.units[0].hex.is_none());
    // The US reads only that counters left.
    assert!(
        g.log
            .seen_by(0)
            .entries()
            .iter()
            .all(|e| !e.english().contains("Porter"))
    );
    g.points = [0, 0];
    g.scenario_points();
    assert_eq!(g.points, [30, 15]);
}

#[test]
fn special_conditions_27_13_27_22_27_31_and_27_11() {
    let mut g = SearchDestroy::new("basic", 1).unwrap();
    // 27.22: rice counts three times; 27.31: records three times.
    g.scenario = "phu_yen".into();
    assert_eq!(g.material_points("rice"), (15, 0));
    assert_eq!(g.material_points("records"), (10, 50));
    g.scenario = "quang_ngai".into();
    assert_eq!(g.material_points("records"), (30, 150));
    assert_eq!(g.material_points("rice"), (5, 0));
    // 27.13: five points per building hex searched, each hex once.
    g.scenario = "cau_ke".into();
    let building = data()
        .map
        .hexes()
        .find(|&x| data().map.terrain(x) == Terrain::Building)
        .unwrap();
    g.note_search(building);
    g.note_search(building);
    g.note_search(h("0101"));
    g.points = [0, 0];
    g.scenario_points();
    assert_eq!(g.points, [5, 0]);
    // 27.11: fewer than three APCs and nine squads off the north edge lose the game.
    g.scenario = "op_gibraltar".into();
    g.units = (0..9)
        .map(|_| counter("us_squad", Side::Us, "0101"))
        .collect();
    g.units
        .extend((0..2).map(|_| counter("apc", Side::Us, "0101")));
    g.schedule.exited = (0..11).collect();
    g.scenario_points();
    assert!(g.schedule.exit_failed);
    g.points = [100, 0];
    g.step = Step::Over;
    assert_eq!(g.outcome().unwrap().verdict, Verdict::Loss);
    g.units.push(counter("apc", Side::Us, "0101"));
    g.schedule.exited.push(11);
    g.scenario_points();
    assert!(!g.schedule.exit_failed);
    assert_eq!(g.outcome().unwrap().verdict, Verdict::Win);
}

/// A bot game of each playable scenario ends without a dead end; the NLF gets units off the
/// map where that scores (the suite's property tests play many more, with every option).
#[test]
fn bots_play_the_scenarios_to_the_end() {
    for scenario in ["iron_triangle", "kien_phuong", "op_gibraltar", "cau_ke"] {
        let mut g = SearchDestroy::with_options(scenario, &Options::default(), 1).unwrap();
        g.quiet_log();
        let mut bots = [HeuristicBot::new(1), HeuristicBot::new(2)];
        let mut taken = Vec::new();
        while g.outcome().is_none() {
            let actions = g.legal_actions();
            assert!(!actions.is_empty(), "{scenario}: dead end at {:?}", g.step);
            let seat = g.actor().unwrap().seat();
            let a = bots[usize::from(seat)].choose(&g.view(seat), &actions);
            g.apply(&a).unwrap();
            taken.push(a);
            assert!(taken.len() < 20_000, "{scenario}: no end");
        }
        if scenario == "kien_phuong" {
            assert!(
                taken.iter().any(|a| matches!(a, Action::Exit { .. })),
                "nobody left the map"
            );
        }
    }
}
