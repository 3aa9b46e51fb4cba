//! The Standard game [11.0-15.0] against the rulebook's procedures, and bot-against-bot play.

use super::content::{Class, Level, Side, data};
use super::crt::Effect;
use super::hex::Hex;
use super::map::Terrain;
use super::play::Action;
use super::state::{SearchDestroy, Step, Unit};
use super::tests::{counter, h, play_scenario, rigged};
use crate::engine::game::{Game, Verdict};
use crate::engine::play::Playable;

/// A Standard game with only the given units, in the given step, at Game-Turn 2.
fn standard(units: Vec<Unit>, step: Step) -> SearchDestroy {
    let mut g = SearchDestroy::new("standard", 1).unwrap();
    g.units = units;
    g.turn = 2;
    g.step = step;
    for u in g.units.iter_mut() {
        u.mp = u.spec().unwrap().movement;
    }
    g
}

/// A forest hex with two open neighbours, no berm or stream between them and it: where a
/// face-down counter can only be found by search [6.34].
fn forest_pocket() -> (Hex, Hex, Hex) {
    let map = &data().map;
    map.hexes()
        .filter(|&f| map.terrain(f) == Terrain::Forest)
        .find_map(|f| {
            let open: Vec<Hex> = map
                .neighbours(f)
                .filter(|&n| {
                    map.terrain(n) == Terrain::Open && SearchDestroy::entry_cost(n, f) == 3
                })
                .collect();
            (open.len() >= 2).then(|| (f, open[0], open[1]))
        })
        .unwrap()
}

fn hx(h: Hex) -> String {
    h.to_string()
}

#[test]
fn search_12_2_costs_the_entry_and_three_more_and_ends_the_move() {
    let (forest, open, _) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("dummy", Side::Nlf, &hx(forest)),
        ],
        Step::Movement(Side::Us),
    );
    // Forest costs 3; the search 3 more, which must be left after the entry [12.23].
    g.units[0].mp = 5;
    assert!(g.search_options(0).is_empty());
    g.units[0].mp = 6;
    assert_eq!(g.search_options(0), vec![(forest, open)]);
    assert!(g.legal_actions().contains(&Action::Search {
        unit: 0,
        hex: forest
    }));
    g.apply(&Action::Search {
        unit: 0,
        hex: forest,
    })
    .unwrap();
    let u = &g.units[0];
    assert_eq!((u.hex, u.mp, u.searched), (Some(forest), 0, Some(forest)));
    // One search per unit per game-turn [12.22]: nothing more for it this phase.
    assert!(g.search_options(0).is_empty());
    // The counter is not yet exposed: that comes at the end of the US Combat Phase [12.31].
    assert!(g.units[1].hidden());
}

#[test]
fn search_12_0_finding_a_combat_unit_sends_the_searcher_back_and_offers_a_surprise_attack() {
    let (forest, open, _) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("hard_core", Side::Nlf, &hx(forest)),
        ],
        Step::Movement(Side::Us),
    );
    g.apply(&Action::Search {
        unit: 0,
        hex: forest,
    })
    .unwrap();
    g.apply(&Action::EndMovement).unwrap();
    assert_eq!(g.units[0].hex, Some(open), "the searcher falls back");
    assert_eq!(g.step, Step::Surprise);
    // The answer is public, the identity is not: still face-down.
    assert!(g.units[1].hidden());
    assert_eq!(g.units[1].known_combat, Some(true));
    assert_eq!(g.view(0).units[1].kind, None);
    assert_eq!(
        g.legal_actions(),
        vec![Action::Surprise, Action::NoSurprise]
    );
}

#[test]
fn surprise_attack_12_1_adds_two_to_the_die_and_turns_the_firer_up() {
    let (forest, open, _) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("hard_core", Side::Nlf, &hx(forest)),
        ],
        Step::Movement(Side::Us),
    );
    g.apply(&Action::Search {
        unit: 0,
        hex: forest,
    })
    .unwrap();
    g.apply(&Action::EndMovement).unwrap();
    // Hard-core 2 against the searcher in the open (1): 2-1, a 2 rolled reads as a 4.
    g.rng = rigged(&[2, 6, 6]);
    let cell = data().crt.cell(3, 4);
    g.apply(&Action::Surprise).unwrap();
    assert!(g.units[1].face_up, "the firer turns face-up [6.31]");
    assert_eq!(g.points[1], u32::from(cell.nlf_points));
    assert_eq!(g.units[0].pinned, cell.effect == Effect::Pinned);
    assert!(g.log.entries().iter().any(|e| e.rule == "12.1"));
    assert_eq!(g.step, Step::Combat(Side::Us));
}

#[test]
fn search_12_31_turns_the_hex_up_at_the_end_of_the_us_combat_phase() {
    let (forest, open, other) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("dummy", Side::Nlf, &hx(forest)),
            counter("us_squad", Side::Us, &hx(other)),
        ],
        Step::Movement(Side::Us),
    );
    g.apply(&Action::Search {
        unit: 0,
        hex: forest,
    })
    .unwrap();
    // One searcher per hex.
    assert!(g.search_options(2).iter().all(|&(h, _)| h != forest));
    g.apply(&Action::EndMovement).unwrap();
    assert_eq!(
        g.units[0].hex,
        Some(forest),
        "no combat unit: the searcher stays"
    );
    assert_eq!(g.units[1].known_combat, Some(false));
    assert_eq!(g.step, Step::Combat(Side::Us));
    // The searcher's own hex is no target.
    assert!(!g.targets(Side::Us).contains(&forest));
    g.apply(&Action::EndFire).unwrap();
    assert!(g.units[1].removed, "an exposed dummy is removed [12.32]");
}

#[test]
fn booby_traps_12_4_strike_the_searcher_at_two_to_one_plus_two_without_pins() {
    let (forest, open, _) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("ap_trap", Side::Nlf, &hx(forest)),
        ],
        Step::Movement(Side::Us),
    );
    g.apply(&Action::Search {
        unit: 0,
        hex: forest,
    })
    .unwrap();
    // A roll that the +2 makes a pin at 2-1 and no points: the pin does not apply.
    let face = (1..=6)
        .find(|&f| {
            let c = data().crt.cell(3, f + 2);
            c.effect == Effect::Pinned && c.nlf_points == 0
        })
        .unwrap();
    g.rng = rigged(&[face]);
    g.apply(&Action::EndMovement).unwrap();
    assert!(g.units[1].face_up, "the trap that attacks is turned up");
    assert!(!g.units[0].pinned, "no pins from booby traps [12.45]");
    assert!(g.log.entries().iter().any(|e| e.rule == "5.52"));
    assert_eq!(g.step, Step::Combat(Side::Us));
}

#[test]
fn hiding_11_0_only_out_of_sight_not_next_to_the_us_and_not_turned_up_this_turn() {
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, "0110"),
            counter("hard_core", Side::Nlf, "0210"),
            counter("hard_core", Side::Nlf, "4030"),
            counter("hard_core", Side::Nlf, "4230"),
            counter("peasant", Side::Nlf, "4034"),
        ],
        Step::Combat(Side::Nlf),
    );
    for i in 1..5 {
        g.units[i].face_up = true;
    }
    // Turned up this game-turn by fire or search: it stays face-up.
    g.units[3].revealed_turn = g.turn;
    assert_eq!(
        g.hiding_candidates(),
        vec![2],
        "next to the US, just revealed, or no combat unit"
    );
    g.apply(&Action::EndFire).unwrap();
    assert_eq!(g.step, Step::Hiding);
    g.apply(&Action::Hide(2)).unwrap();
    assert!(g.units[2].hidden());
    assert_eq!(g.view(0).units[2].kind, None);
    g.apply(&Action::EndHiding).unwrap();
    assert_eq!((g.turn, g.step.clone()), (3, Step::Movement(Side::Us)));
}

#[test]
fn command_13_1_halves_hard_core_and_militia_beyond_eight_hexes_of_a_leader() {
    let mut g = standard(
        vec![
            counter("nlf_leader", Side::Nlf, "1010"),
            counter("hard_core", Side::Nlf, "1018"),
            counter("hard_core", Side::Nlf, "1019"),
            counter("militia", Side::Nlf, "1020"),
            counter("sniper", Side::Nlf, "1021"),
            counter("us_squad", Side::Us, "1024"),
        ],
        Step::Combat(Side::Us),
    );
    g.apply(&Action::EndFire).unwrap();
    assert_eq!(g.step, Step::Movement(Side::Nlf));
    let mp: Vec<u8> = g.units[..5].iter().map(|u| u.mp).collect();
    // Eight hexes away is in command; nine is not; snipers never slow down [13.12].
    assert_eq!(mp, vec![12, 12, 6, 6, 12]);
    // Which units are out of command is the NLF's secret.
    assert!(g.view(0).units.iter().all(|u| !u.uncontrolled));
    assert!(g.view(1).units[2].uncontrolled);
}

#[test]
fn command_13_12_militia_out_of_command_fire_only_at_the_hex_that_fired_on_them() {
    let mut g = standard(
        vec![
            counter("militia", Side::Nlf, "1020"),
            counter("us_squad", Side::Us, "1021"),
            counter("us_squad", Side::Us, "1120"),
        ],
        Step::Combat(Side::Nlf),
    );
    g.units[0].uncontrolled = true;
    g.units[0].fired_on_from = vec![h("1120")];
    assert!(g.firers(Side::Nlf, h("1021")).is_empty());
    assert_eq!(g.firers(Side::Nlf, h("1120")), vec![0]);
    g.units[0].uncontrolled = false;
    assert_eq!(g.firers(Side::Nlf, h("1021")), vec![0]);
}

#[test]
fn leadership_13_22_a_one_loses_it_for_half_a_die_rounded_up() {
    // The rulebook's case: a loss in Game-Turn 4 with a 6 for its length lasts through
    // Game-Turn 7.
    let mut g = standard(
        vec![counter("us_squad", Side::Us, "1020")],
        Step::Combat(Side::Nlf),
    );
    g.turn = 4;
    g.rng = rigged(&[1, 6]);
    g.leadership_rolls(&[0]);
    assert_eq!(g.units[0].leaderless_until, 7);
    assert!(g.leaderless(0));
    g.turn = 8;
    assert!(!g.leaderless(0));
    // A 2 keeps it.
    let mut g = standard(
        vec![counter("us_squad", Side::Us, "1020")],
        Step::Combat(Side::Nlf),
    );
    g.rng = rigged(&[2]);
    g.leadership_rolls(&[0]);
    assert_eq!(g.units[0].leaderless_until, 0);
}

#[test]
fn leadership_13_22_a_squad_without_it_neither_searches_nor_fires_at_will() {
    let (forest, open, _) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("hard_core", Side::Nlf, &hx(forest)),
        ],
        Step::Movement(Side::Us),
    );
    g.units[0].leaderless_until = g.turn;
    assert!(g.search_options(0).is_empty());
    g.step = Step::Combat(Side::Us);
    assert!(g.firers(Side::Us, forest).is_empty());
    g.units[0].fired_on_from = vec![forest];
    assert_eq!(g.firers(Side::Us, forest), vec![0]);
}

#[test]
fn leadership_13_24_the_commanders_loss_makes_the_squads_roll_one_to_three() {
    let mut g = standard(
        vec![
            counter("company_commander", Side::Us, "1020"),
            counter("us_squad", Side::Us, "1021"),
            counter("us_squad", Side::Us, "1022"),
        ],
        Step::Combat(Side::Nlf),
    );
    // Commander: 1 (lost, 2 → one game-turn); squads: 3 (lost, 4 → two), 4 (holds).
    g.rng = rigged(&[1, 2, 3, 4, 4]);
    g.leadership_rolls(&[0]);
    let until: Vec<u8> = g.units.iter().map(|u| u.leaderless_until).collect();
    assert_eq!(until, vec![3, 4, 0]);
}

#[test]
fn leadership_13_2_points_scored_on_a_us_unit_make_it_roll() {
    let mut g = standard(
        vec![
            counter("hard_core", Side::Nlf, "1020"),
            counter("hard_core", Side::Nlf, "1120"),
            counter("hard_core", Side::Nlf, "1121"),
            counter("hard_core", Side::Nlf, "1022"),
            counter("us_squad", Side::Us, "1021"),
        ],
        Step::Combat(Side::Nlf),
    );
    let target = h("1021");
    g.apply(&Action::Target(target)).unwrap();
    let firers = g.firers(Side::Nlf, target);
    assert!(!firers.is_empty());
    let halves: u32 = firers.iter().map(|&i| g.attack_halves(i)).sum();
    let column = super::crt::odds_column(halves, SearchDestroy::defense(target));
    let face = (1..=6)
        .find(|&f| {
            let c = data().crt.cell(column, f);
            c.nlf_points > 0 && c.effect != Effect::Destroyed
        })
        .unwrap();
    for i in firers {
        g.apply(&Action::AddFirer(i)).unwrap();
    }
    g.rng = rigged(&[face, 1, 6]);
    g.apply(&Action::Resolve).unwrap();
    assert_eq!(g.units[4].leaderless_until, g.turn + 3);
    assert!(
        g.units[4].fired_on_from.contains(&h("1020")),
        "and remembers who fired [13.22]"
    );
}

/// Lays `n` landing hexes of one snake from the first hex offered.
fn lay(g: &mut SearchDestroy, n: usize) {
    let map = &data().map;
    for _ in 0..n {
        let current = g.landing[g.snake_start..].to_vec();
        let room = |hx: Hex| map.neighbours(hx).filter(|&x| g.landable(x)).count();
        let next = g
            .legal_actions()
            .into_iter()
            .filter(|a| match a {
                Action::Land(_) if current.is_empty() => true,
                Action::Land(hx) => map.neighbours(*hx).any(|x| current.contains(&x)),
                _ => false,
            })
            .max_by_key(|a| match a {
                Action::Land(hx) => room(*hx),
                _ => 0,
            })
            .unwrap();
        g.apply(&next).unwrap();
    }
}

#[test]
fn landing_14_0_several_snakes_of_at_least_four() {
    let mut g = SearchDestroy::new("standard", 2).unwrap();
    while g.step == Step::Setup {
        let a = g.legal_actions()[0].clone();
        g.apply(&a).unwrap();
    }
    assert_eq!(g.step, Step::Landing);
    let fresh = |g: &SearchDestroy| {
        g.legal_actions()
            .into_iter()
            .filter(|a| match a {
                Action::Land(hx) => data().map.neighbours(*hx).all(|x| !g.landing.contains(&x)),
                _ => false,
            })
            .count()
    };
    lay(&mut g, 3);
    assert_eq!(fresh(&g), 0, "three helicopters make no group");
    lay(&mut g, 1);
    assert!(fresh(&g) > 0, "four may be left for another snake");
    // A second snake (13 helicopters).
    let map = &data().map;
    let start = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Land(hx) if map.neighbours(hx).all(|x| !g.landing.contains(&x)) => Some(hx),
            _ => None,
        })
        .max_by_key(|&hx| map.neighbours(hx).filter(|&x| g.landable(x)).count())
        .unwrap();
    g.apply(&Action::Land(start)).unwrap();
    lay(&mut g, 3);
    assert_eq!(g.snakes().len(), 2);
    // The second snake goes on to eight: one helicopter is left, too few for a group.
    lay(&mut g, 4);
    assert_eq!(fresh(&g), 0, "one helicopter left cannot make a group");
    lay(&mut g, 1);
    assert_eq!(g.step, Step::Commander);
    let lengths: Vec<usize> = g.snakes().iter().map(|s| s.len()).collect();
    assert_eq!(lengths, vec![4, 9]);
    // The commander rides only in the long snake: the snake of four keeps its four squads.
    let long: Vec<Hex> = g.snakes()[1].to_vec();
    let offered: Vec<Hex> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Commander(hx) => Some(hx),
            _ => None,
        })
        .collect();
    assert_eq!(offered, long);
}

#[test]
fn variable_order_of_battle_15_0_is_the_nlfs_secret_until_the_end() {
    for seed in 0..6 {
        let g = SearchDestroy::new("standard", seed).unwrap();
        let roll = g.vob_roll.unwrap();
        let column = usize::from((roll - 1) / 2);
        for row in &data().variable_ob {
            let n = g.units.iter().filter(|u| u.is(&row.counter)).count();
            assert_eq!(
                n,
                usize::from(row.columns[column]),
                "{} at roll {roll}",
                row.counter
            );
        }
        assert_eq!(g.view(0).vob_roll, None);
        assert_eq!(g.view(1).vob_roll, Some(roll));
        let us_lines: Vec<String> = g
            .log
            .seen_by(0)
            .entries()
            .iter()
            .map(|e| e.english())
            .collect();
        assert!(
            us_lines.iter().all(|l| !l.contains("order of battle")),
            "{us_lines:?}"
        );
        assert!(g.log.seen_by(1).entries().iter().any(|e| e.rule == "15.0"));
    }
    // After the game the roll is shown to both.
    let (end, _) = play_scenario("standard", 4);
    assert!(end.vob_roll.is_some());
    assert_eq!(end.view(0).vob_roll, end.vob_roll);
}

#[test]
fn bots_play_standard_games_to_the_end() {
    let mut verdicts = [0; 3];
    let mut searches = 0;
    let mut hides = 0;
    for seed in 0..6 {
        let (g, actions) = play_scenario("standard", seed);
        searches += actions
            .iter()
            .filter(|a| matches!(a, Action::Search { .. }))
            .count();
        hides += actions
            .iter()
            .filter(|a| matches!(a, Action::Hide(_)))
            .count();
        verdicts[match g.outcome().unwrap().verdict {
            Verdict::Win => 0,
            Verdict::Draw => 1,
            Verdict::Loss => 2,
        }] += 1;
        assert!(g.units.iter().all(|u| u.class() != Some(Class::Vehicle)));
    }
    assert!(
        searches > 0 && hides > 0,
        "searches {searches}, hides {hides}"
    );
    assert!(verdicts[0] + verdicts[2] > 0, "{verdicts:?}");
}

#[test]
fn the_same_seed_plays_the_same_standard_game() {
    let (a, actions_a) = play_scenario("standard", 9);
    let (b, actions_b) = play_scenario("standard", 9);
    assert_eq!(actions_a, actions_b);
    assert_eq!(a, b);
}

#[test]
fn the_number_of_nlf_counters_does_not_tell_the_order_of_battle_roll() {
    // 15.0: the roll is the NLF's secret until the game is over, but every counter it
    // places is on the map for the US to count: each column has as many counters.
    let totals: Vec<u32> = (0..3)
        .map(|c| {
            data()
                .variable_ob
                .iter()
                .map(|r| u32::from(r.columns[c]))
                .sum()
        })
        .collect();
    assert_eq!(totals, vec![38, 38, 38]);
    let counts: Vec<usize> = (0..12)
        .map(|seed| {
            let g = SearchDestroy::new("standard", seed).unwrap();
            g.units.iter().filter(|u| u.side == Side::Nlf).count()
        })
        .collect();
    assert!(counts.iter().all(|&n| n == 38), "{counts:?}");
}

/// The Standard game's landing of a force of these counters, all aboard, nobody on the map.
fn landing_of(force: &[(&str, usize)]) -> SearchDestroy {
    let units = force
        .iter()
        .flat_map(|&(id, n)| std::iter::repeat_n(id, n))
        .map(|id| {
            let mut u = counter(id, Side::Us, "0101");
            u.hex = None;
            u
        })
        .collect();
    let mut g = standard(units, Step::Landing);
    // No entries: every US unit off the map is aboard the landing under way.
    g.schedule.entries.clear();
    g.turn = 1;
    g
}

/// Starts another snake on the free hex with the most room around it.
fn start_group(g: &mut SearchDestroy) -> Hex {
    let hex = fresh_hexes(g)
        .into_iter()
        .max_by_key(|&hx| data().map.neighbours(hx).filter(|&x| g.landable(x)).count())
        .expect("another group may start");
    g.apply(&Action::Land(hex)).unwrap();
    hex
}

/// The landing hexes offered that touch no chosen one: the starts of another snake.
fn fresh_hexes(g: &SearchDestroy) -> Vec<Hex> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Land(hx) if data().map.neighbours(hx).all(|x| !g.landing.contains(&x)) => {
                Some(hx)
            }
            _ => None,
        })
        .collect()
}

/// The combat units that came down in each snake.
fn combat_per_snake(g: &SearchDestroy, snakes: &[Vec<Hex>]) -> Vec<usize> {
    snakes
        .iter()
        .map(|s| {
            g.units
                .iter()
                .filter(|u| u.hex.is_some_and(|x| s.contains(&x)))
                .filter(|u| u.class() == Some(Class::Combat))
                .count()
        })
        .collect()
}

/// Ends the landing fire (no NLF on the map) so the helicopters land.
fn touch_down(g: &mut SearchDestroy) {
    assert_eq!(g.step, Step::LandingFire);
    g.apply(&Action::EndFire).unwrap();
    assert!(g.passengers().is_empty(), "everybody landed");
}

#[test]
fn landing_14_0_a_group_of_four_combat_units_may_carry_non_combat_units_too() {
    // Eight squads and a medical team: two groups, one of them with the medical team.
    let mut g = landing_of(&[("medical_team", 1), ("us_squad", 8)]);
    assert_eq!(g.groups_allowed(), 2);
    lay(&mut g, 5);
    start_group(&mut g);
    lay(&mut g, 3);
    let snakes: Vec<Vec<Hex>> = g.snakes().iter().map(|s| s.to_vec()).collect();
    assert_eq!(snakes.iter().map(Vec::len).collect::<Vec<_>>(), vec![5, 4]);
    touch_down(&mut g);
    assert_eq!(combat_per_snake(&g, &snakes), vec![4, 4]);
    // The medical team came down with the group of five, the only one with room for it.
    let medic = g.units.iter().find(|u| u.is("medical_team")).unwrap();
    assert!(snakes[0].contains(&medic.hex.unwrap()));
}

#[test]
fn landing_14_0_three_combat_units_and_a_medical_team_make_no_group() {
    // Seven squads and a medical team fill eight helicopters, but two groups of four would
    // leave one with three combat units: the second group is refused, with the reason.
    let mut g = landing_of(&[("us_squad", 7), ("medical_team", 1)]);
    assert_eq!(g.snake_combat_units(), 7);
    assert_eq!(g.groups_allowed(), 1);
    lay(&mut g, 4);
    assert!(fresh_hexes(&g).is_empty(), "no second group");
    let away = data()
        .map
        .hexes()
        .find(|&x| {
            g.landable(x)
                && !g.landing.contains(&x)
                && data().map.neighbours(x).all(|n| !g.landing.contains(&n))
        })
        .unwrap();
    let refusal = g.apply(&Action::Land(away)).unwrap_err();
    assert_eq!(
        refusal.reason.english(),
        "All helicopters of this landing come down in one snake"
    );
    assert_eq!(g.landing.len(), 4, "the refusal changed nothing");
    // The one snake of eight carries all of them.
    lay(&mut g, 4);
    touch_down(&mut g);
    assert_eq!(g.snakes().len(), 1);
}

#[test]
fn landing_14_0_a_third_group_needs_twelve_combat_units() {
    // Pursuit of the 2nd VC's force [27.25]: two platoons (eight squads, two leaders), two
    // medical teams and the company commander: thirteen helicopters, eight combat units.
    let mut g = landing_of(&[
        ("company_commander", 1),
        ("platoon_leader", 2),
        ("medical_team", 2),
        ("us_squad", 8),
    ]);
    assert_eq!(g.groups_allowed(), 2);
    lay(&mut g, 2);
    let early = data()
        .map
        .hexes()
        .find(|&x| {
            g.landable(x)
                && !g.landing.contains(&x)
                && data().map.neighbours(x).all(|n| !g.landing.contains(&n))
        })
        .unwrap();
    let refusal = g.apply(&Action::Land(early)).unwrap_err();
    assert_eq!(
        refusal.reason.english(),
        "The group being laid has 2 helicopters: it needs four, each with a combat unit, before another group starts"
    );
    lay(&mut g, 2);
    start_group(&mut g);
    lay(&mut g, 3);
    // Five helicopters are left, but the eight combat units make two groups only.
    assert!(fresh_hexes(&g).is_empty());
    let far = data()
        .map
        .hexes()
        .find(|&x| {
            g.landable(x)
                && !g.landing.contains(&x)
                && data().map.neighbours(x).all(|n| !g.landing.contains(&n))
        })
        .unwrap();
    let refusal = g.apply(&Action::Land(far)).unwrap_err();
    assert_eq!(
        refusal.reason.english(),
        "Each landing group needs at least four combat units: the 8 aboard make 2 groups"
    );
    lay(&mut g, 5);
    assert_eq!(g.step, Step::Commander);
    let snakes: Vec<Vec<Hex>> = g.snakes().iter().map(|s| s.to_vec()).collect();
    assert_eq!(snakes.iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 9]);
    // The commander rides in the long group only; in the short one, he is refused.
    let offered: Vec<Hex> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Commander(hx) => Some(hx),
            _ => None,
        })
        .collect();
    assert_eq!(offered, snakes[1]);
    let refusal = g.apply(&Action::Commander(snakes[0][0])).unwrap_err();
    assert_eq!(
        refusal.reason.english(),
        format!(
            "With the company commander aboard, the group landing at {} would carry fewer than four combat units",
            snakes[0][0]
        )
    );
    g.apply(&Action::Commander(snakes[1][0])).unwrap();
    touch_down(&mut g);
    // Each group came down with four combat units at least, whatever the order of the units.
    assert_eq!(combat_per_snake(&g, &snakes), vec![4, 4]);
}

#[test]
fn landing_14_0_a_scenario_asking_for_one_snake_gets_one() {
    // The Basic scenario's entry asks for one snake [9.12]; played at the Standard level its
    // twelve squads still may not split.
    let mut g = SearchDestroy::new("basic", 2).unwrap();
    g.level = super::content::Level::Standard;
    for u in g.units.iter_mut().filter(|u| u.side == Side::Nlf) {
        u.hex = None;
        u.removed = true;
    }
    assert!(g.start_helidrop());
    assert_eq!(g.snake_combat_units(), 12);
    assert_eq!(g.groups_allowed(), 1);
    lay(&mut g, 6);
    assert!(fresh_hexes(&g).is_empty());
}

/// Passes every decision (no move, no fire, no surprise, no hiding) until `done` holds.
fn pass_until(g: &mut SearchDestroy, done: impl Fn(&SearchDestroy) -> bool) {
    for _ in 0..60 {
        if done(g) {
            return;
        }
        let pass = g
            .legal_actions()
            .into_iter()
            .find(|a| {
                matches!(
                    a,
                    Action::EndMovement | Action::EndFire | Action::NoSurprise | Action::EndHiding
                )
            })
            .unwrap_or_else(|| panic!("no way to pass at {:?}", g.step));
        g.apply(&pass).unwrap();
    }
    panic!("never came to pass: {:?}, game-turn {}", g.step, g.turn);
}

/// A searcher in the open beside a forest hex holding a hard-core unit, pinned by its
/// surprise attack [12.1].
fn searcher_pinned_by_surprise(options: super::options::Options) -> SearchDestroy {
    let (forest, open, _) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("hard_core", Side::Nlf, &hx(forest)),
        ],
        Step::Movement(Side::Us),
    );
    g.options = options;
    g.apply(&Action::Search {
        unit: 0,
        hex: forest,
    })
    .unwrap();
    g.apply(&Action::EndMovement).unwrap();
    // Hard-core 2 against the searcher in the open: 2-1, with 2 added to the die.
    let die = (1..=4)
        .find(|&d| data().crt.cell(3, d + 2).effect == Effect::Pinned)
        .expect("a roll that pins at 2-1");
    g.rng = rigged(&[die, 6, 6, 6]);
    g.apply(&Action::Surprise).unwrap();
    assert!(g.units[0].pinned);
    g
}

#[test]
fn pins_6_16_a_searcher_pinned_in_its_own_turn_sits_out_the_next_one_too() {
    // A pinned unit may neither move nor fire in its ensuing Player-Turn [6.16, 7.2]. Pinned
    // by a surprise attack in its own Player-Turn, the searcher keeps the marker through the
    // next US Player-Turn (digest 3.0); read as printed the US removes only pins of an
    // earlier game-turn [4.2], which comes to the same.
    for printed in [false, true] {
        let mut g = searcher_pinned_by_surprise(super::options::Options {
            printed_pin_removal: printed,
            ..Default::default()
        });
        pass_until(&mut g, |g| g.step == Step::Movement(Side::Nlf));
        assert!(g.units[0].pinned, "kept past the turn it was pinned in");
        pass_until(&mut g, |g| {
            g.turn == 3 && g.step == Step::Movement(Side::Us)
        });
        assert!(g.units[0].pinned);
        assert!(!g.movers(Side::Us).contains(&0), "it may not move");
        pass_until(&mut g, |g| g.step == Step::Movement(Side::Nlf));
        assert!(!g.units[0].pinned, "gone after the next US Player-Turn");
    }
}

#[test]
fn pins_4_2_an_nlf_pin_goes_after_one_nlf_turn_or_as_printed_after_two() {
    // Pinned in the US Player-Turn, an NLF unit sits out the NLF Player-Turn that follows
    // and is freed at its end (digest ruling A46). As printed, the NLF removes only pins of
    // a previous game-turn [4.2]: the unit sits out the next game-turn's too.
    let (forest, open, _) = forest_pocket();
    for printed in [false, true] {
        let mut g = standard(
            vec![
                counter("us_squad", Side::Us, &hx(open)),
                counter("hard_core", Side::Nlf, &hx(forest)),
            ],
            Step::Combat(Side::Us),
        );
        g.options.printed_pin_removal = printed;
        g.units[1].face_up = true;
        g.pin(1);
        pass_until(&mut g, |g| g.step == Step::Movement(Side::Nlf));
        assert!(g.units[1].pinned);
        assert!(!g.movers(Side::Nlf).contains(&1));
        pass_until(&mut g, |g| {
            g.turn == 3 && g.step == Step::Movement(Side::Us)
        });
        assert_eq!(g.units[1].pinned, printed);
        pass_until(&mut g, |g| g.step == Step::Movement(Side::Nlf));
        assert_eq!(g.movers(Side::Nlf).contains(&1), !printed);
        pass_until(&mut g, |g| g.turn == 4);
        assert!(!g.units[1].pinned);
    }
}

/// A US squad on a face-up rice cache found in game-turn `found`, a second squad elsewhere.
fn on_a_cache(found: u8, level: Level, both: bool) -> SearchDestroy {
    let (_, open, other) = forest_pocket();
    let mut g = standard(
        vec![
            counter("us_squad", Side::Us, &hx(open)),
            counter("rice", Side::Nlf, &hx(open)),
            counter("us_squad", Side::Us, &hx(other)),
        ],
        Step::Movement(Side::Us),
    );
    g.level = level;
    g.options.both_cache_destructions = both;
    g.units[1].face_up = true;
    g.units[1].revealed_turn = found;
    g
}

#[test]
fn cache_destruction_12_35_a_unit_left_pinned_beside_a_cache_destroys_it_at_the_turn_end() {
    let mut g = on_a_cache(1, Level::Standard, false);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Demolish { unit: 0 }));
    // The Standard game's way replaces the Basic game's 6 movement points (digest ruling A20).
    assert!(!legal.iter().any(|a| matches!(a, Action::Destroy { .. })));
    assert!(
        !legal.contains(&Action::Demolish { unit: 2 }),
        "no cache there"
    );
    g.apply(&Action::Demolish { unit: 0 }).unwrap();
    assert!(g.units[0].pinned);
    assert!(
        !g.movers(Side::Us).contains(&0),
        "it stays the whole Player-Turn"
    );
    assert!(
        g.units[1].on_map(),
        "destroyed only in the Cache Destruction Phase"
    );
    let (destroyed, _) = g.material_points("rice");
    pass_until(&mut g, |g| g.step == Step::Movement(Side::Nlf));
    assert!(g.units[1].removed);
    assert_eq!(g.points[0], destroyed);
    assert!(g.log.entries().iter().any(|e| e.rule == "12.35"));
    assert!(
        !g.units[0].pinned,
        "the pin it chose goes at the turn's end [4.2]"
    );
}

#[test]
fn cache_destruction_4_2_only_caches_found_in_an_earlier_game_turn() {
    // Found this game-turn: it may be carried off, not yet destroyed by a pin.
    let g = on_a_cache(2, Level::Standard, false);
    assert!(!g.legal_actions().contains(&Action::Demolish { unit: 0 }));
    // Nor once the unit has spent movement points: the choice is made before it acts.
    let mut g = on_a_cache(1, Level::Standard, false);
    g.units[0].spent = 2;
    assert!(!g.legal_actions().contains(&Action::Demolish { unit: 0 }));
}

#[test]
fn cache_destruction_a20_the_printed_rules_keep_both_ways_in_the_standard_game() {
    let both = on_a_cache(1, Level::Standard, true).legal_actions();
    assert!(both.contains(&Action::Demolish { unit: 0 }));
    assert!(both.contains(&Action::Destroy { unit: 0, cache: 1 }));
    // The Basic game has only the 6 movement points [5.41]; the switch is idle there.
    let basic = on_a_cache(1, Level::Basic, false).legal_actions();
    assert!(basic.contains(&Action::Destroy { unit: 0, cache: 1 }));
    assert!(!basic.contains(&Action::Demolish { unit: 0 }));
    let idle = SearchDestroy::idle_optional_rules("basic");
    assert!(
        idle.iter()
            .any(|(key, _)| *key == "both_cache_destructions")
    );
    assert!(
        SearchDestroy::idle_optional_rules("standard")
            .iter()
            .all(|(key, _)| *key != "both_cache_destructions")
    );
}
