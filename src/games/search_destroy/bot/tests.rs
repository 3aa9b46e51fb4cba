use super::{Computer, Difficulty};
use crate::engine::bot::Bot;
use crate::engine::game::Game;
use crate::engine::rng::Rng;
use crate::games::search_destroy::rules::bot::SeatView;
use crate::games::search_destroy::rules::content::{Class, Side, data};
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};

/// Plays one game between `us` and `nlf`; calls `each` before every action.
pub fn play(
    scenario: &str,
    seed: u64,
    us: &mut Computer,
    nlf: &mut Computer,
    mut each: impl FnMut(&SearchDestroy, &mut Computer),
) -> SearchDestroy {
    let mut g = SearchDestroy::new(scenario, seed).unwrap();
    g.quiet_log();
    while g.outcome().is_none() {
        let actions = g.legal_actions();
        let side = g.actor().unwrap();
        let bot = if side == Side::Us {
            &mut *us
        } else {
            &mut *nlf
        };
        each(&g, bot);
        let action = bot.choose(&g, &actions);
        g.apply(&action).unwrap();
    }
    g
}

/// Plays one game of `scenario` with optional rules `options` between `us` and `nlf`, failing
/// at a dead end; returns the end and every action taken.
fn play_with_options(
    scenario: &str,
    options: &crate::games::search_destroy::rules::options::Options,
    seed: u64,
    us: &mut Computer,
    nlf: &mut Computer,
) -> (
    SearchDestroy,
    Vec<crate::games::search_destroy::rules::play::Action>,
) {
    let mut g = SearchDestroy::with_options(scenario, options, seed).unwrap();
    g.quiet_log();
    let mut taken = Vec::new();
    while g.outcome().is_none() {
        let actions = g.legal_actions();
        assert!(!actions.is_empty(), "dead end at {:?}", g.step);
        let bot = if g.actor() == Some(Side::Us) {
            &mut *us
        } else {
            &mut *nlf
        };
        let action = bot.choose(&g, &actions);
        g.apply(&action).unwrap();
        taken.push(action);
    }
    (g, taken)
}

/// The same position with the face-down counters' identities dealt out again among counters
/// of which the same is publicly known.
pub(super) fn reshuffled(g: &SearchDestroy, rng: &mut Rng) -> SearchDestroy {
    let mut other = g.clone();
    for known in [None, Some(true), Some(false)] {
        let hidden: Vec<usize> = (0..g.units.len())
            .filter(|&i| g.units[i].hidden() && !g.units[i].removed)
            .filter(|&i| g.units[i].known_combat == known)
            .collect();
        let mut kinds: Vec<Option<u16>> = hidden.iter().map(|&i| g.units[i].kind).collect();
        rng.shuffle(&mut kinds);
        for (&i, kind) in hidden.iter().zip(kinds) {
            other.units[i].kind = kind;
        }
    }
    other
}

/// A bot handed a [`SeatView`] decides the same whatever stands behind the backs: two bots
/// of the same seed, one playing the real game and one a copy whose face-down counters are
/// dealt out again before each US decision, choose the same actions.
#[test]
fn the_us_computer_cannot_reach_what_the_backs_hide() {
    for (scenario, difficulty) in [
        ("standard", Difficulty::Normal),
        ("standard", Difficulty::Hard),
        ("basic", Difficulty::Normal),
    ] {
        let mut g = SearchDestroy::new(scenario, 5).unwrap();
        g.quiet_log();
        let mut real = Computer::new(difficulty, 9);
        let mut shadow = Computer::new(difficulty, 9);
        // Two deals: Hard keeps Normal's choice unless another leads clearly, which one deal
        // cannot show, so one deal would never let the search decide.
        real.rollouts = 2;
        shadow.rollouts = 2;
        let mut nlf = Computer::new(Difficulty::Easy, 10);
        let mut rng = Rng::seeded(1);
        let mut decisions = 0;
        while g.outcome().is_none() && g.turn <= 2 {
            let actions = g.legal_actions();
            if g.actor() == Some(Side::Us) {
                let swapped = reshuffled(&g, &mut rng);
                let a = real.decide(&SeatView::of(&g, Side::Us), &actions);
                let b = shadow.decide(&SeatView::of(&swapped, Side::Us), &actions);
                assert_eq!(
                    a, b,
                    "{difficulty:?}: the decision depends on hidden identities"
                );
                decisions += 1;
                g.apply(&a).unwrap();
            } else {
                let a = nlf.choose(&g, &actions);
                g.apply(&a).unwrap();
            }
        }
        assert!(decisions >= 20, "only {decisions} US decisions");
    }
}

#[test]
fn a_seat_view_of_the_us_hides_every_identity() {
    let mut g = SearchDestroy::new("basic", 3).unwrap();
    let mut us = Computer::new(Difficulty::Easy, 1);
    let mut nlf = Computer::new(Difficulty::Easy, 2);
    while g.step == Step::Setup {
        let a = nlf.choose(&g, &g.legal_actions());
        g.apply(&a).unwrap();
    }
    let view = SeatView::of(&g, Side::Us);
    assert!(g.units.iter().any(|u| u.hidden() && u.kind.is_some()));
    assert!(
        view.units
            .iter()
            .filter(|u| u.hidden())
            .all(|u| u.kind.is_none())
    );
    let _ = us.choose(&g, &g.legal_actions());
}

#[test]
fn the_belief_sums_to_one_and_respects_what_was_seen() {
    let mut us = Computer::new(Difficulty::Normal, 1);
    let mut nlf = Computer::new(Difficulty::Easy, 2);
    let mut checked = 0;
    play("basic", 11, &mut us, &mut nlf, |g, bot| {
        if bot.difficulty != Difficulty::Normal || g.step != Step::Movement(Side::Us) {
            return;
        }
        let v = SeatView::of(g, Side::Us);
        bot.belief.update(&v, &mut Rng::seeded(3));
        assert!(bot.belief.consistent);
        for (i, u) in g.units.iter().enumerate() {
            if u.side != Side::Nlf || !u.on_map() {
                continue;
            }
            let total = bot.belief.p(i, |_| true);
            assert!((total - 1.0).abs() < 1e-6, "counter {i}: {total}");
            if !u.hidden() {
                let truth = u.class() == Some(Class::Combat);
                assert_eq!(bot.belief.p_combat(i), if truth { 1.0 } else { 0.0 });
            }
            if u.hidden() && u.known_combat == Some(false) {
                assert_eq!(bot.belief.p_combat(i), 0.0);
            }
        }
        checked += 1;
    });
    assert!(checked >= 4);
    // Basic's order of battle: 5 combat units among 27 counters.
    let combat: u32 = ["sniper", "hard_core"]
        .iter()
        .map(|id| u32::from(data().counter_index(id).is_some()))
        .sum();
    assert_eq!(combat, 2);
}

/// The NLF sets its combat units up in cover (belief.toml): at the first US move of a Basic
/// game a face-down counter in the open is thought far less likely a combat unit than one in a
/// forest.
#[test]
fn the_belief_expects_combat_units_in_cover() {
    use crate::games::search_destroy::rules::map::Terrain;
    let (mut open, mut forest) = (Vec::new(), Vec::new());
    for seed in 1..=3 {
        let mut us = Computer::new(Difficulty::Normal, seed);
        let mut nlf = Computer::new(Difficulty::Easy, seed + 10);
        let mut done = false;
        play("basic", seed, &mut us, &mut nlf, |g, bot| {
            if done || g.step != Step::Movement(Side::Us) {
                return;
            }
            done = true;
            bot.belief
                .update(&SeatView::of(g, Side::Us), &mut Rng::seeded(seed));
            for (i, u) in g.units.iter().enumerate() {
                let Some(hex) = u.hex.filter(|_| u.hidden() && u.on_map()) else {
                    continue;
                };
                match data().map.terrain(hex) {
                    Terrain::Open => open.push(bot.belief.p_combat(i)),
                    Terrain::Forest => forest.push(bot.belief.p_combat(i)),
                    _ => {}
                }
            }
        });
    }
    let mean = |p: &[f64]| p.iter().sum::<f64>() / p.len().max(1) as f64;
    assert!(!open.is_empty() && !forest.is_empty());
    assert!(
        mean(&open) * 4.0 < mean(&forest),
        "open {:.3}, forest {:.3}",
        mean(&open),
        mean(&forest)
    );
}

#[test]
fn every_level_finishes_games_on_both_sides() {
    for (scenario, a, b) in [
        ("basic", Difficulty::Hard, Difficulty::Normal),
        ("standard", Difficulty::Normal, Difficulty::Hard),
    ] {
        let mut us = Computer::new(a, 1);
        let mut nlf = Computer::new(b, 2);
        us.rollouts = 1;
        nlf.rollouts = 1;
        let g = play(scenario, 4, &mut us, &mut nlf, |_, _| {});
        assert_eq!(g.step, Step::Over);
    }
}

/// The scenarios with tanks and APCs [22.0, 27.11, 27.13]: Easy and Normal on either side play
/// them to the end (mines, RPG-7s, turret fire and APC hits included).
#[test]
fn easy_and_normal_play_the_vehicle_scenarios_through() {
    for (scenario, a, b) in [
        ("op_gibraltar", Difficulty::Normal, Difficulty::Easy),
        ("cau_ke", Difficulty::Easy, Difficulty::Normal),
    ] {
        let mut us = Computer::new(a, 5);
        let mut nlf = Computer::new(b, 6);
        let g = play(scenario, 5, &mut us, &mut nlf, |_, _| {});
        assert_eq!(g.step, Step::Over, "{scenario}");
    }
}

#[test]
fn every_level_plays_interrogation_through() {
    // Captives questioned at the end of US turns, the NLF answering which cache it gives
    // away [23.0]: no dead end, no panic, the same game from the same seed.
    use crate::games::search_destroy::rules::options::Options;
    use crate::games::search_destroy::rules::play::Action;
    let options = Options {
        interrogation: true,
        ..Options::default()
    };
    let game = |seed: u64| {
        let mut us = Computer::new(Difficulty::Normal, seed);
        let mut nlf = Computer::new(Difficulty::Hard, seed + 1);
        nlf.rollouts = 1;
        play_with_options("standard", &options, seed, &mut us, &mut nlf)
    };
    let mut questioned = 0;
    for seed in 0..3 {
        let (_, taken) = game(seed);
        questioned += taken
            .iter()
            .filter(|a| matches!(a, Action::Question(_)))
            .count();
    }
    assert!(questioned > 0, "nobody was questioned");
    assert_eq!(game(5), game(5));
}

#[test]
fn every_level_plays_the_casualty_system_through() {
    // Casualty markers, Medical teams and MEDEVAC flights [20.0]: every level plays games to
    // the end with no dead end, casualties fall, a MEDEVAC is flown now and then, the same
    // seed plays the same game.
    use crate::games::search_destroy::rules::casualties::CasualtyAction;
    use crate::games::search_destroy::rules::options::Options;
    use crate::games::search_destroy::rules::play::Action;
    let options = Options {
        casualties: true,
        ..Options::default()
    };
    let game = |scenario: &str, level: Difficulty, seed: u64| {
        let mut us = Computer::new(level, seed);
        let mut nlf = Computer::new(level, seed + 1);
        us.rollouts = 1;
        nlf.rollouts = 1;
        play_with_options(scenario, &options, seed, &mut us, &mut nlf)
    };
    let (mut markers, mut flights) = (0, 0);
    for (scenario, level, seed) in [
        ("basic", Difficulty::Easy, 1),
        ("standard", Difficulty::Normal, 2),
        ("cocoa_beach", Difficulty::Easy, 3),
        ("paul_revere_iv", Difficulty::Normal, 4),
        ("basic", Difficulty::Hard, 5),
    ] {
        let (g, taken) = game(scenario, level, seed);
        assert_eq!(g.step, Step::Over);
        assert!(g.casualties.scored.is_some(), "scored at the end");
        markers += g.casualties.ledger.len();
        flights += taken
            .iter()
            .filter(|a| **a == Action::Casualty(CasualtyAction::Fly))
            .count();
    }
    assert!(
        markers > 0 && flights > 0,
        "markers {markers}, flights {flights}"
    );
    assert_eq!(
        game("standard", Difficulty::Normal, 7),
        game("standard", Difficulty::Normal, 7)
    );
}

#[test]
fn every_level_calls_in_and_fires_he() {
    // HE fire [21.0] in the scenarios that allot it: the bots call batteries and air strikes
    // in and fire them, with no dead end, and the same seed plays the same game.
    use crate::games::search_destroy::rules::he_fire::HeAction;
    use crate::games::search_destroy::rules::options::Options;
    use crate::games::search_destroy::rules::play::Action;
    let options = Options {
        he_fire: true,
        ..Options::default()
    };
    let game = |scenario: &str, level: Difficulty, seed: u64| {
        let mut us = Computer::new(level, seed);
        let mut nlf = Computer::new(Difficulty::Easy, seed + 1);
        us.rollouts = 1;
        play_with_options(scenario, &options, seed, &mut us, &mut nlf)
    };
    let mut calls = 0;
    let mut fired = 0;
    for (scenario, level) in [
        ("cocoa_beach", Difficulty::Easy),
        ("phu_yen", Difficulty::Normal),
        ("quang_ngai", Difficulty::Hard),
    ] {
        let (_, taken) = game(scenario, level, 3);
        calls += taken
            .iter()
            .filter(|a| matches!(a, Action::He(HeAction::Call(_))))
            .count();
        fired += taken
            .iter()
            .filter(|a| matches!(a, Action::He(HeAction::Impact { .. })))
            .count();
    }
    assert!(calls > 0 && fired > 0, "calls {calls}, impacts {fired}");
    assert_eq!(
        game("cocoa_beach", Difficulty::Easy, 5),
        game("cocoa_beach", Difficulty::Easy, 5)
    );
}

/// Plays the Basic game from `seed` between Hard players of `rollouts` deals and time cap
/// `budget` through game-turn 2; every action taken, and the deals each Hard decision said it
/// played.
fn hard_game(
    seed: u64,
    rollouts: usize,
    budget: Option<std::time::Duration>,
) -> (
    Vec<crate::games::search_destroy::rules::play::Action>,
    Vec<String>,
) {
    let mut g = SearchDestroy::new("basic", seed).unwrap();
    g.quiet_log();
    let mut bots = [
        Computer::new(Difficulty::Hard, seed * 2),
        Computer::new(Difficulty::Hard, seed * 2 + 1),
    ];
    let (mut taken, mut runs) = (Vec::new(), Vec::new());
    for bot in &mut bots {
        bot.rollouts = rollouts;
        bot.budget = budget;
    }
    while g.outcome().is_none() && g.turn <= 2 {
        let actions = g.legal_actions();
        let bot = &mut bots[usize::from(g.actor().unwrap().seat())];
        let a = bot.choose(&g, &actions);
        runs.extend(
            bot.take_notes()
                .iter()
                .filter_map(|(_, m)| m.arg_english("runs")),
        );
        g.apply(&a).unwrap();
        taken.push(a);
    }
    (taken, runs)
}

#[test]
fn hard_plays_the_same_game_from_the_same_seed_whatever_the_time() {
    // No time cap: every decision plays all its deals, so a slow machine plays the same game.
    let (taken, runs) = hard_game(6, 3, None);
    assert!(!runs.is_empty(), "Hard never searched");
    assert!(runs.iter().all(|r| r == "3"), "{runs:?}");
    assert_eq!((taken, runs), hard_game(6, 3, None));
}

#[test]
fn the_window_cap_cuts_a_hard_decision_short() {
    // With no time at all, the window's cap leaves one deal a decision.
    let (_, runs) = hard_game(6, 3, Some(std::time::Duration::ZERO));
    assert!(
        !runs.is_empty() && runs.iter().all(|r| r == "1"),
        "{runs:?}"
    );
    assert_eq!(
        Computer::for_window(Difficulty::Hard, 1).budget,
        Some(super::hard::WINDOW_BUDGET)
    );
    assert_eq!(Computer::new(Difficulty::Hard, 1).budget, None);
}

/// The face-up NLF combat units the Normal NLF moves in seeded games of `scenario` against
/// an Easy US, each with whether it was turned up in the game-turn it moves.
fn face_up_moves(scenario: &str) -> Vec<bool> {
    use crate::games::search_destroy::rules::play::Action;
    let mut moved = Vec::new();
    for seed in 1..=6 {
        let mut us = Computer::new(Difficulty::Easy, seed * 2);
        let mut nlf = Computer::new(Difficulty::Normal, seed * 2 + 1);
        let mut g = SearchDestroy::new(scenario, seed).unwrap();
        g.quiet_log();
        while g.outcome().is_none() {
            let actions = g.legal_actions();
            let side = g.actor().unwrap();
            let bot = if side == Side::Us { &mut us } else { &mut nlf };
            let a = bot.choose(&g, &actions);
            if g.step == Step::Movement(Side::Nlf)
                && let Action::Select(unit) | Action::Move { unit, .. } = a
                && let u = &g.units[unit]
                && u.face_up
                && u.class() == Some(Class::Combat)
            {
                moved.push(u.revealed_turn == g.turn);
            }
            g.apply(&a).unwrap();
        }
    }
    moved
}

#[test]
fn the_normal_nlf_keeps_face_up_units_fighting_where_they_cannot_hide() {
    // In the Basic game a unit turned face-up stays face-up [6.31]: pulling it out of the
    // US's sight would only take it out of the fight (it made the Normal NLF weaker than the
    // Easy one). In the Standard game one may slip back to hide again [11.0], but never one
    // turned up this game-turn, which may not hide yet.
    assert_eq!(face_up_moves("basic"), Vec::<bool>::new());
    let standard = face_up_moves("standard");
    assert!(!standard.is_empty(), "no unit ever slipped back");
    assert!(standard.iter().all(|&now| !now), "{standard:?}");
}

/// A Basic game at game-turn 2, US Movement Phase, with only `units` (counter id, side, hex)
/// on the map, their movement allowances full.
fn basic_position(units: &[(&str, Side, Hex)]) -> SearchDestroy {
    use crate::games::search_destroy::rules::state::Unit;
    let mut g = SearchDestroy::new("basic", 1).unwrap();
    g.quiet_log();
    g.units = units
        .iter()
        .map(|&(id, side, hex)| {
            let mut u = Unit::new(data().counter_index(id).unwrap() as u16, side);
            u.hex = Some(hex);
            u.mp = u.spec().unwrap().movement;
            u
        })
        .collect();
    g.schedule.entries.clear();
    g.turn = 2;
    g.step = Step::Movement(Side::Us);
    g
}

/// A forest hex, an open hex next to it and an open hex three hexes from it and two from the
/// first, with no other counter about: a squad's walk of two hexes to stand by the forest.
fn forest_walk() -> (Hex, Hex, Hex) {
    use crate::games::search_destroy::rules::map::Terrain;
    let map = &data().map;
    map.hexes()
        .filter(|&f| map.terrain(f) == Terrain::Forest)
        .find_map(|f| {
            let by = map
                .neighbours(f)
                .find(|&n| map.terrain(n) == Terrain::Open)?;
            let start = map.hexes().find(|&a| {
                map.terrain(a) == Terrain::Open && a.distance(f) == 3 && a.distance(by) == 2
            })?;
            Some((f, by, start))
        })
        .expect("a forest hex with open ground about it")
}

/// Plays the US's decisions of `g` by `us` until the phase leaves `step` or `stop` holds for
/// the action chosen (which is then returned unplayed).
fn us_until(
    g: &mut SearchDestroy,
    us: &mut Computer,
    stop: impl Fn(&crate::games::search_destroy::rules::play::Action) -> bool,
) -> Option<crate::games::search_destroy::rules::play::Action> {
    for _ in 0..40 {
        if g.actor() != Some(Side::Us) {
            return None;
        }
        let a = us.choose(g, &g.legal_actions());
        if stop(&a) {
            return Some(a);
        }
        g.apply(&a).unwrap();
    }
    None
}

#[test]
fn the_normal_us_moves_a_squad_next_to_a_counter_worth_probing_and_probes_it() {
    use crate::games::search_destroy::rules::play::Action;
    // A face-down counter in a forest, two hexes from a squad that (by Easy's turn about,
    // squad 0 on game-turn 2) would hold still to fire: only a squad standing next to it may
    // probe it at the start of the Combat Phase [5.33], the one way the Basic game finds the
    // caches that lie in cover.
    let (forest, _, start) = forest_walk();
    let position = basic_position(&[
        ("us_squad", Side::Us, start),
        (
            "company_commander",
            Side::Us,
            data().map.neighbours(start).next().unwrap(),
        ),
        ("records", Side::Nlf, forest),
    ]);
    let mut g = position.clone();
    let mut normal = Computer::new(Difficulty::Normal, 1);
    let probe = us_until(&mut g, &mut normal, |a| matches!(a, Action::Probe { .. }));
    assert_eq!(g.units[0].hex.unwrap().distance(forest), 1);
    assert!(
        matches!(probe, Some(Action::Probe { hex, .. }) if hex == forest),
        "{probe:?}"
    );
    let mut g = position;
    let mut easy = Computer::new(Difficulty::Easy, 1);
    let _ = us_until(&mut g, &mut easy, |a| matches!(a, Action::Probe { .. }));
    assert_eq!(g.units[0].hex, Some(start), "Easy moved squad 0 after all");
}

#[test]
fn the_normal_us_carries_off_records_and_destroys_rice() {
    use crate::games::search_destroy::rules::play::Action;
    // Found on game-turn 2, records are worth 10 destroyed and 50 carried at the end; rice 5
    // destroyed and nothing carried [10.12]. Easy destroys whatever it finds before the last
    // game-turns.
    let (forest, by, _) = forest_walk();
    let taken = |difficulty, cache: &str| {
        let mut g = basic_position(&[
            ("us_squad", Side::Us, by),
            ("company_commander", Side::Us, forest),
            (cache, Side::Nlf, by),
        ]);
        g.units[2].face_up = true;
        let mut us = Computer::new(difficulty, 1);
        us_until(&mut g, &mut us, |a| {
            matches!(a, Action::PickUp { .. } | Action::Destroy { .. })
        })
    };
    assert!(matches!(
        taken(Difficulty::Normal, "records"),
        Some(Action::PickUp { .. })
    ));
    assert!(matches!(
        taken(Difficulty::Easy, "records"),
        Some(Action::Destroy { .. })
    ));
    assert!(matches!(
        taken(Difficulty::Normal, "rice"),
        Some(Action::Destroy { .. })
    ));
}

#[test]
fn hard_replaces_normals_choice_only_on_a_clear_lead_over_the_same_deals() {
    use super::hard::clear_lead;
    // Ahead by 2 on every deal: no doubt.
    assert!(clear_lead(&[3.0, 5.0, 1.0, 7.0], &[1.0, 3.0, -1.0, 5.0]));
    // Ahead by 1 on average, but the deals swing by 10 either way: one standard error is
    // about 5, so Normal's choice stands.
    assert!(!clear_lead(
        &[11.0, -9.0, 11.0, -9.0],
        &[0.0, 0.0, 0.0, 0.0]
    ));
    // A single deal tells nothing of the spread; an illegal candidate never leads.
    assert!(!clear_lead(&[9.0], &[0.0]));
    assert!(!clear_lead(&[f64::NEG_INFINITY, 1.0], &[0.0, 0.0]));
}
