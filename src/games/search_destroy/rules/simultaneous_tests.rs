//! Simultaneous movement [28.0] against the rulebook: the plot and its letters [28.1], fire
//! before the move [28.22, 28.23], the collisions [28.42-28.44], the whole game-turn, and
//! bot games to the end.

use super::content::{Side, data};
use super::hex::{Dir, Hex};
use super::options::Options;
use super::play::Action;
use super::simultaneous::{Plot, PlotAction, letters};
use super::state::{SearchDestroy, Step, Unit};
use super::tests::{board_with, counter, h, play_with, rigged};
use crate::engine::game::Game;

fn sim() -> Options {
    Options {
        simultaneous: true,
        ..Options::default()
    }
}

/// A start hex from which `dirs` lead through open hexes costing 1 each, with their hexes.
fn open_line(dirs: &[Dir]) -> (Hex, Vec<Hex>) {
    let map = &data().map;
    map.hexes()
        .find_map(|start| {
            let mut here = start;
            let mut route = Vec::new();
            for &d in dirs {
                let next = map.neighbour(here, d)?;
                if SearchDestroy::entry_cost(here, next) != 1 || map.on_edge(next) {
                    return None;
                }
                route.push(next);
                here = next;
            }
            Some((start, route))
        })
        .expect("the map has open ground")
}

fn at(id: &str, side: Side, hex: Hex) -> Unit {
    let mut u = counter(id, side, &hex.to_string());
    u.face_up = true;
    u
}

fn plot(unit: usize, route: &[Hex]) -> Plot {
    Plot {
        unit,
        route: route.to_vec(),
        ..Plot::default()
    }
}

/// Both plots written, both Combat Phases passed without fire: the plots are carried out.
fn execute(g: &mut SearchDestroy, plots: Vec<Plot>) {
    g.simultaneous.plots = plots;
    for i in 0..g.units.len() {
        g.units[i].mp = g.allowance(i);
    }
    g.step = Step::Combat(Side::Nlf);
    g.apply(&Action::EndFire).unwrap();
}

#[test]
fn the_rulebook_example_a2_b1_is_two_hexes_north_then_one_northeast() {
    // 28.1: "A2, B1" is two hexes north and one roughly northeast.
    let (start, route) = open_line(&[Dir::N, Dir::N, Dir::NE]);
    assert_eq!(letters(start, &route), "A2, B1");
    assert_eq!(route[1], start.step(Dir::N).unwrap().step(Dir::N).unwrap());
    let (start, route) = open_line(&[Dir::S, Dir::SW, Dir::SW, Dir::NW]);
    assert_eq!(letters(start, &route), "D1, E2, F1");
}

#[test]
fn a_route_is_plotted_through_the_offered_hexes_and_written_in_letters() {
    let (start, route) = open_line(&[Dir::N, Dir::N, Dir::NE]);
    let mut g = board_with(
        vec![at("us_squad", Side::Us, start)],
        Step::Plot(Side::Us),
        &sim(),
    );
    g.apply(&Action::Plot(PlotAction::Take(0))).unwrap();
    // Each click extends the route from where it ends: two north, then one northeast.
    for &hex in &[route[1], route[2]] {
        assert!(
            g.legal_actions()
                .contains(&Action::Plot(PlotAction::To { unit: 0, hex }))
        );
        g.apply(&Action::Plot(PlotAction::To { unit: 0, hex }))
            .unwrap();
    }
    assert_eq!(g.plot_of(0).unwrap().route, route);
    assert_eq!(g.plot_cost(g.plot_of(0).unwrap()), 3);
    // Nothing has moved yet, and the US's own log reads the plot in letters.
    assert_eq!(g.units[0].hex, Some(start));
    g.apply(&Action::Plot(PlotAction::Done)).unwrap();
    assert_eq!(g.step, Step::Plot(Side::Nlf));
    let us_log: Vec<String> = g
        .log
        .seen_by(0)
        .entries()
        .iter()
        .map(|e| e.english())
        .collect();
    assert!(us_log.iter().any(|l| l.contains("A2, B1")), "{us_log:?}");
    let nlf_log: Vec<String> = g
        .log
        .seen_by(1)
        .entries()
        .iter()
        .map(|e| e.english())
        .collect();
    assert!(!nlf_log.iter().any(|l| l.contains("A2, B1")));
}

#[test]
fn a_route_goes_no_farther_than_the_movement_allowance() {
    let (start, _) = open_line(&[Dir::N]);
    let mut g = board_with(
        vec![at("us_squad", Side::Us, start)],
        Step::Plot(Side::Us),
        &sim(),
    );
    g.simultaneous.taken = Some(0);
    let far = g.plot_destinations(0);
    assert!(far.iter().all(|&x| g.plot_leg(0, x).len() <= 12));
    assert!(far.iter().all(|&x| start.distance(x) <= 12));
    assert!(far.iter().any(|&x| start.distance(x) >= 10));
}

#[test]
fn a_unit_plotted_to_move_may_not_fire_and_one_left_unplotted_may() {
    // 28.3: no route is a fire mission; a route without movement and fire rules fire out.
    let (start, route) = open_line(&[Dir::N, Dir::N, Dir::N]);
    let mut g = board_with(
        vec![
            at("us_squad", Side::Us, start),
            at("us_squad", Side::Us, route[2]),
        ],
        Step::Plot(Side::Nlf),
        &sim(),
    );
    g.simultaneous.plots = vec![plot(0, &route[..1])];
    g.apply(&Action::Plot(PlotAction::Done)).unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us));
    assert!(!g.may_fire(0));
    assert!(g.may_fire(1));
}

#[test]
fn move_and_fire_fires_at_half_then_moves_and_a_pinned_one_only_fires() {
    // 17.0 with 28.1: a route of at most 6 points marked MF fires at half; pinned, it does
    // not move at all [28.23].
    let options = Options {
        movement_and_fire: true,
        ..sim()
    };
    let (start, route) = open_line(&[Dir::N, Dir::N]);
    let mut g = board_with(
        vec![at("us_squad", Side::Us, start)],
        Step::Plot(Side::Us),
        &options,
    );
    g.apply(&Action::Plot(PlotAction::Take(0))).unwrap();
    g.apply(&Action::Plot(PlotAction::To {
        unit: 0,
        hex: route[1],
    }))
    .unwrap();
    g.apply(&Action::Plot(PlotAction::MoveAndFire(0))).unwrap();
    g.apply(&Action::Plot(PlotAction::Done)).unwrap();
    g.apply(&Action::Plot(PlotAction::Done)).unwrap();
    assert!(g.may_fire(0));
    assert_eq!(
        g.attack_halves(0),
        2,
        "2 strength points at half: 1, in half points 2"
    );
    g.units[0].pinned = true;
    let plots = g.simultaneous.plots.clone();
    execute(&mut g, plots);
    assert_eq!(g.units[0].hex, Some(start));
}

#[test]
fn a_pinned_unit_carries_out_the_first_half_of_its_allowance() {
    // 28.22: pinned, a squad of 12 movement points moves 6 of its plotted 8; a plot of 6
    // or less is carried out in full.
    use Dir::{N, NE};
    let (start, route) = open_line(&[N, NE, N, NE, N, NE, N, NE]);
    for (length, ends) in [(8, 5), (6, 5), (4, 3)] {
        let mut g = board_with(
            vec![at("us_squad", Side::Us, start)],
            Step::Combat(Side::Nlf),
            &sim(),
        );
        g.units[0].pinned = true;
        execute(&mut g, vec![plot(0, &route[..length])]);
        assert_eq!(g.units[0].hex, Some(route[ends]), "a plot of {length}");
        // The Pinned Removal Phase has served the pin [28.0 G].
        assert!(!g.units[0].pinned);
    }
    // Unpinned, the whole plot.
    let mut g = board_with(
        vec![at("us_squad", Side::Us, start)],
        Step::Combat(Side::Nlf),
        &sim(),
    );
    execute(&mut g, vec![plot(0, &route)]);
    assert_eq!(g.units[0].hex, Some(route[7]));
}

#[test]
fn enemies_entering_the_same_hex_on_the_same_point_both_stop_there_and_it_is_searched() {
    // 28.42: both enter X on movement point 2 from different hexsides; 28.43: X is searched,
    // and the NLF combat unit found sends the US unit back where it came from [12.0].
    let (a, line) = open_line(&[Dir::N, Dir::N, Dir::N, Dir::N]);
    let x = line[1];
    let mut g = board_with(
        vec![
            at("us_squad", Side::Us, a),
            at("hard_core", Side::Nlf, line[3]),
        ],
        Step::Combat(Side::Nlf),
        &sim(),
    );
    execute(
        &mut g,
        vec![
            plot(0, &[line[0], x, line[2]]),
            plot(1, &[line[2], x, line[0]]),
        ],
    );
    // Both stopped in X; X was searched: a combat unit is there, so the squad fell back to
    // the hex it entered from and the NLF may attack it by surprise.
    assert_eq!(g.units[1].hex, Some(x));
    assert_eq!(g.units[0].hex, Some(line[0]));
    assert_eq!(g.units[0].searched, Some(x));
    assert_eq!(g.step, Step::Surprise);
}

#[test]
fn a_dummy_caught_in_the_same_hex_is_found_and_removed() {
    let (a, line) = open_line(&[Dir::N, Dir::N, Dir::N]);
    let x = line[1];
    let mut dummy = counter("dummy", Side::Nlf, &line[2].to_string());
    dummy.face_up = false;
    let mut g = board_with(
        vec![at("us_squad", Side::Us, line[0]), dummy],
        Step::Combat(Side::Nlf),
        &sim(),
    );
    let _ = a;
    execute(&mut g, vec![plot(0, &[x]), plot(1, &[x])]);
    assert_eq!(
        g.units[0].hex,
        Some(x),
        "no combat unit: the searcher stays"
    );
    assert!(g.units[1].removed, "a searched dummy is removed [12.32]");
}

#[test]
fn units_crossing_one_hexside_roll_off_and_the_higher_advances() {
    // 28.42: US at A moves into B as the NLF at B moves into A: the US rolls 5, the NLF 2,
    // the US advances into B and stops with the NLF unit, which stays.
    let (a, line) = open_line(&[Dir::N, Dir::N]);
    let b = line[0];
    let units = || vec![at("us_squad", Side::Us, a), at("hard_core", Side::Nlf, b)];
    let mut g = board_with(units(), Step::Combat(Side::Nlf), &sim());
    g.rng = rigged(&[5, 2]);
    execute(&mut g, vec![plot(0, &[b]), plot(1, &[a])]);
    assert!(g.simultaneous.intercepted.contains(&b));
    // The pair at B is searched; the hard-core there sends the squad back to A [28.43].
    assert_eq!(g.units[1].hex, Some(b));
    assert_eq!(g.units[0].hex, Some(a));
    assert_eq!(g.units[0].searched, Some(b));
    // Equal rolls are rolled again (3-3, then 2-6): the NLF advances into A.
    let mut g = board_with(units(), Step::Combat(Side::Nlf), &sim());
    g.rng = rigged(&[3, 3, 2, 6]);
    execute(&mut g, vec![plot(0, &[b]), plot(1, &[a])]);
    assert!(g.simultaneous.intercepted.contains(&a));
    assert_eq!(g.units[1].hex, Some(a));
    let lines: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
    assert!(lines.iter().any(|l| l.contains("equal rolls")), "{lines:?}");
}

#[test]
fn a_unit_that_would_enter_an_intercepted_pair_stops_before_it() {
    // 28.44: a second US squad following the first into X stops in the hex before X.
    let (a, line) = open_line(&[Dir::N, Dir::NE, Dir::N, Dir::NE, Dir::N]);
    let x = line[2];
    let mut g = board_with(
        vec![
            at("us_squad", Side::Us, line[0]),
            at("us_squad", Side::Us, a),
            at("hard_core", Side::Nlf, line[4]),
        ],
        Step::Combat(Side::Nlf),
        &sim(),
    );
    execute(
        &mut g,
        vec![
            plot(0, &[line[1], x]),
            plot(1, &[line[0], line[1], x, line[3]]),
            plot(2, &[line[3], x]),
        ],
    );
    assert!(g.simultaneous.intercepted.contains(&x));
    assert_eq!(g.units[1].hex, Some(line[1]));
}

#[test]
fn a_unit_does_not_walk_into_an_enemy_that_stands_in_its_way() {
    let (a, line) = open_line(&[Dir::N, Dir::N, Dir::N]);
    let mut g = board_with(
        vec![
            at("us_squad", Side::Us, a),
            at("hard_core", Side::Nlf, line[1]),
        ],
        Step::Combat(Side::Nlf),
        &sim(),
    );
    execute(&mut g, vec![plot(0, &line)]);
    assert_eq!(g.units[0].hex, Some(line[0]));
    assert_eq!(g.units[1].hex, Some(line[1]));
}

#[test]
fn the_other_sides_plot_is_not_in_a_view_until_it_is_carried_out() {
    let (a, line) = open_line(&[Dir::N, Dir::N, Dir::N]);
    let mut g = board_with(
        vec![
            at("us_squad", Side::Us, a),
            at("hard_core", Side::Nlf, line[2]),
        ],
        Step::Plot(Side::Nlf),
        &sim(),
    );
    g.simultaneous.plots = vec![plot(1, &line[..1])];
    g.apply(&Action::Plot(PlotAction::Done)).unwrap();
    let us = g.view(0);
    assert!(us.simultaneous.plots.is_empty());
    assert!(
        !us.units[1].moved,
        "the US does not see who is plotted to move"
    );
    assert_eq!(g.view(1).simultaneous.plots.len(), 1);
}

#[test]
fn a_game_turn_runs_plot_fire_movement_search_and_the_next_plot() {
    let mut g = SearchDestroy::with_options("standard", &sim(), 5).unwrap();
    let mut bots = [
        super::bot::HeuristicBot::new(5),
        super::bot::HeuristicBot::new(6),
    ];
    let mut seen = Vec::new();
    while g.turn < 3 && g.outcome().is_none() {
        if !seen.contains(&std::mem::discriminant(&g.step)) {
            seen.push(std::mem::discriminant(&g.step));
        }
        let actions = g.legal_actions();
        let seat = g.actor().unwrap().seat();
        let action =
            crate::engine::bot::Bot::choose(&mut bots[usize::from(seat)], &g.view(seat), &actions);
        g.apply(&action).unwrap();
        assert!(
            !matches!(g.step, Step::Movement(_)),
            "no Movement Phase with simultaneous movement"
        );
    }
    assert_eq!(g.step, Step::Plot(Side::Us));
    assert!(seen.contains(&std::mem::discriminant(&Step::Plot(Side::Nlf))));
    assert!(seen.contains(&std::mem::discriminant(&Step::Combat(Side::Us))));
    let lines: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
    assert!(lines.iter().any(|l| l.contains("Movement Execution Phase")));
}

#[test]
fn scenarios_with_units_walking_in_are_played_without_it() {
    for id in [
        "iron_triangle",
        "clean_house",
        "kien_phuong",
        "op_gibraltar",
    ] {
        let g = SearchDestroy::with_options(id, &sim(), 1).unwrap();
        assert!(!g.simultaneous(), "{id}");
        assert!(
            g.log
                .entries()
                .iter()
                .any(|e| e.english().contains("not used in this scenario")),
            "{id}"
        );
    }
    for id in ["basic", "standard", "cocoa_beach", "quang_ngai"] {
        assert!(
            SearchDestroy::with_options(id, &sim(), 1)
                .unwrap()
                .simultaneous(),
            "{id}"
        );
    }
}

/// The new-game dialog greys the rule out, with the reason, exactly where a game would be
/// played without it.
#[test]
fn the_scenarios_it_does_not_fit_name_it_idle_with_the_reason() {
    use crate::engine::play::Playable;
    for scen in &data().scenarios {
        let idle = SearchDestroy::idle_optional_rules(&scen.id);
        let played = SearchDestroy::with_options(&scen.id, &sim(), 1)
            .unwrap()
            .simultaneous();
        assert_eq!(
            idle.iter().any(|(key, _)| *key == "simultaneous"),
            !played,
            "{}",
            scen.id
        );
        assert!(idle.iter().all(|(_, why)| !why.english().is_empty()));
    }
    let why = |id: &str| SearchDestroy::idle_optional_rules(id)[0].1.english();
    assert!(
        why("iron_triangle").contains("come in"),
        "{}",
        why("iron_triangle")
    );
    assert!(
        SearchDestroy::idle_optional_rules("basic")
            .iter()
            .all(|(key, _)| *key != "simultaneous")
    );
}

#[test]
fn bots_play_simultaneous_games_to_the_end() {
    let options = Options {
        movement_and_fire: true,
        ..sim()
    };
    for (scenario, seeds) in [("basic", 0..3), ("standard", 0..3), ("cocoa_beach", 0..1)] {
        for seed in seeds {
            let (g, taken) = play_with(scenario, &options, seed);
            assert_eq!(g.step, Step::Over, "{scenario} {seed}");
            assert!(
                taken
                    .iter()
                    .any(|a| matches!(a, Action::Plot(PlotAction::To { .. }))),
                "{scenario} {seed}: the bots plot routes"
            );
        }
    }
    let _ = h;
}

#[test]
fn pins_28_g_as_printed_last_into_the_next_game_turn() {
    // 28.0 G removes the pins "of the previous Game-Turn". The digest reads it as the pins of
    // the game-turn's own fire; as printed, those stay through the next game-turn and only
    // the older ones go.
    use Dir::{N, NE};
    let (start, route) = open_line(&[N, NE]);
    for printed in [false, true] {
        let mut g = board_with(
            vec![
                at("us_squad", Side::Us, start),
                at("us_squad", Side::Us, route[1]),
            ],
            Step::Combat(Side::Nlf),
            &Options {
                printed_pin_removal: printed,
                ..sim()
            },
        );
        g.turn = 3;
        g.units[0].pinned = true;
        g.units[0].pinned_turn = 3;
        g.units[1].pinned = true;
        g.units[1].pinned_turn = 2;
        execute(&mut g, vec![]);
        assert_eq!(g.units[0].pinned, printed, "pinned this game-turn");
        assert!(!g.units[1].pinned, "pinned the game-turn before");
    }
}
