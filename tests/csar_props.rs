//! Thousands of seeded games, random and heuristic, in every scenario and the campaign: no
//! panic, no dead end, every card and counter in one place after every action, an end by the
//! turn limit, and the same seed giving the same game.

use tonkin::engine::bot::{Bot, RandomBot};
use tonkin::engine::game::{Actor, Game};
use tonkin::engine::play::Playable;
use tonkin::engine::reference::find;
use tonkin::games::csar::rules::{Csar, Options};

const SCENARIOS: [&str; 6] = [
    "caged_tiger",
    "cauldron_of_fire",
    "streetcar_down",
    "youve_got_your_troubles",
    "air_force_cross",
    "campaign",
];

fn options(seed: u64) -> Options {
    // Every optional rule appears in some games.
    Options {
        bombing_effectiveness: seed % 2 == 1,
        pinpointing: seed % 3 == 1,
        danger_close: seed % 4 == 1,
        recovering_pilots: seed % 5 == 1,
        search_effectiveness: seed % 6 == 1,
        // The scenario extras (HS3, HS2) are on in half the games of every scenario.
        huskie_one_survivor: seed.is_multiple_of(2),
        arclight_strike: seed.is_multiple_of(2),
        // The other readings of rulings.
        capture_per_rifle: seed % 7 == 1,
        forgive_single_rifle: seed % 6 == 1 && seed % 4 == 1,
    }
}

/// Plays one game to its end, checking every step; returns the log length and final summary.
fn play(scenario: &str, seed: u64, bot: &mut dyn Bot<Csar>) -> (usize, String) {
    let mut g = Csar::setup(scenario, &options(seed), seed).unwrap();
    g.check_conservation()
        .unwrap_or_else(|e| panic!("{scenario} seed {seed} at setup: {e}"));
    let mut max_turn = 0;
    let rules = Csar::rules_reference();
    for step in 0..20_000 {
        if let Some(o) = g.outcome() {
            assert!(g.prompt().choices.is_empty());
            for e in g.log().entries() {
                assert!(
                    find(&rules, &e.rule).is_some(),
                    "log rule {} has no reference section",
                    e.rule
                );
            }
            assert!(
                g.turn <= g.turns,
                "{scenario} seed {seed}: turn {} past {}",
                g.turn,
                g.turns
            );
            return (
                g.log().len(),
                format!("{:?} {} {}", o.verdict, o.summary.english(), max_turn),
            );
        }
        let p = g.prompt();
        assert_eq!(p.actor, Actor::Player(0));
        assert!(find(&rules, &p.rule).is_some(), "prompt rule {}", p.rule);
        assert!(
            !p.choices.is_empty(),
            "{scenario} seed {seed}: dead end at step {step}: {}",
            p.text.english()
        );
        let legal = g.legal_actions();
        assert!(
            legal.iter().eq(p.choices.iter().map(|c| &c.action)),
            "{scenario} seed {seed}: the bots' action list differs from the prompt's"
        );
        let action = bot.choose(&g, &legal);
        g.apply(&action).unwrap_or_else(|r| {
            panic!(
                "{scenario} seed {seed}: {action:?} refused: {}",
                r.reason.english()
            )
        });
        g.check_conservation()
            .unwrap_or_else(|e| panic!("{scenario} seed {seed} after {action:?}: {e}"));
        max_turn = max_turn.max(g.turn);
        assert!(g.turn <= 10, "turn {} beyond the track", g.turn);
    }
    panic!("{scenario} seed {seed}: no end after 20000 actions");
}

#[test]
fn random_games_in_every_scenario() {
    for (i, scenario) in SCENARIOS.iter().enumerate() {
        let games = if *scenario == "campaign" { 150 } else { 330 };
        for seed in 0..games {
            let seed = seed + 10_000 * i as u64;
            play(scenario, seed, &mut RandomBot::new(seed));
        }
    }
}

#[test]
fn heuristic_games_in_every_scenario() {
    for scenario in SCENARIOS {
        let games = if scenario == "campaign" { 40 } else { 120 };
        for seed in 0..games {
            play(scenario, seed, Csar::heuristic_bot(seed).as_mut());
        }
    }
}

#[test]
fn same_seed_same_game() {
    for scenario in SCENARIOS {
        for seed in [3u64, 77] {
            let a = play(scenario, seed, &mut RandomBot::new(seed));
            let b = play(scenario, seed, &mut RandomBot::new(seed));
            assert_eq!(a, b);
            let mut g1 = Csar::setup(scenario, &options(seed), seed).unwrap();
            let mut g2 = Csar::setup(scenario, &options(seed), seed).unwrap();
            let mut bot1 = Csar::heuristic_bot(seed);
            let mut bot2 = Csar::heuristic_bot(seed);
            while g1.outcome().is_none() {
                let a1 = bot1.choose(&g1, &g1.legal_actions());
                let a2 = bot2.choose(&g2, &g2.legal_actions());
                assert_eq!(a1, a2);
                g1.apply(&a1).unwrap();
                g2.apply(&a2).unwrap();
            }
            assert_eq!(g1, g2);
        }
    }
}

#[test]
fn unknown_scenario_is_an_error() {
    assert!(Csar::setup("nowhere", &Options::default(), 1).is_err());
    assert_eq!(Csar::scenarios().len(), 6);
    assert!(!Csar::rules_reference().is_empty());
}

#[test]
fn odds_at_every_decision_are_probabilities() {
    // Their speed is measured by `make bench` (benches/csar.rs), not here: the machines are
    // shared and a timed test fails when another job runs.
    use tonkin::games::csar::rules::odds_for_prompt;
    let mut seen = 0;
    for seed in 0..40 {
        let mut g = Csar::setup("caged_tiger", &options(seed), seed).unwrap();
        let mut bot = Csar::heuristic_bot(seed);
        while g.outcome().is_none() {
            if let Some(odds) = odds_for_prompt(&g) {
                seen += odds.len();
                for (label, p) in odds {
                    assert!((0.0..=1.0 + 1e-9).contains(&p), "{}: {p}", label.english());
                }
            }
            let a = bot.choose(&g, &g.legal_actions());
            g.apply(&a).unwrap();
        }
    }
    assert!(seen > 100);
}
