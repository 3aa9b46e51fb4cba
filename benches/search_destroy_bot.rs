//! How long a Search & Destroy computer player thinks at the busiest moment (issue 14: a
//! Normal decision within 100 ms, a Hard one within 2 s, on one core). A game of the §27
//! scenario Operation Abilene (nine game-turns, a US company against two VC platoons, eight
//! peasants, nine caches and eight dummies) is played by Normal players; for each side the
//! Combat Phase with the most targets on offer before the last game-turn is kept, and there each level decides whether
//! and where to fire (Hard deals the unseen counters out and plays its candidates forward:
//! its fixed number of deals, no time cap). The US's Movement Phase of the same game-turn
//! adds the belief drawn again and the searches weighed.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::bot::Bot;
use tonkin::engine::game::Game;
use tonkin::games::search_destroy::bot::{Computer, Difficulty};
use tonkin::games::search_destroy::rules::bot::SeatView;
use tonkin::games::search_destroy::rules::content::Side;
use tonkin::games::search_destroy::rules::{Action, SearchDestroy, Step};

const SCENARIO: &str = "abilene";
const SEED: u64 = 3;

fn targets(g: &SearchDestroy) -> usize {
    g.legal_actions()
        .iter()
        .filter(|a| matches!(a, Action::Target(_)))
        .count()
}

/// Each side's Combat Phase position with the most targets, nothing being declared, and the
/// US Movement Phase of the US's busiest game-turn, from one game of Normal players.
fn busiest() -> [(&'static str, SearchDestroy); 3] {
    let mut g = SearchDestroy::new(SCENARIO, SEED).expect("setup");
    g.quiet_log();
    let mut bots = [
        Computer::new(Difficulty::Normal, 1),
        Computer::new(Difficulty::Normal, 2),
    ];
    let mut best: [Option<(usize, SearchDestroy)>; 2] = [None, None];
    let mut us_moves: Vec<(u8, SearchDestroy)> = Vec::new();
    while g.outcome().is_none() {
        if g.attack.is_none() && g.active.is_none() {
            // Before the last game-turn, so that Hard's play-outs have a Player-Turn ahead.
            if let Step::Combat(side) = g.step
                && g.turn < g.last_turn
            {
                let n = targets(&g);
                let slot = &mut best[usize::from(side.seat())];
                if slot.as_ref().is_none_or(|(m, _)| n > *m) {
                    *slot = Some((n, g.clone()));
                }
            } else if g.step == Step::Movement(Side::Us)
                && us_moves.last().is_none_or(|(t, _)| *t != g.turn)
            {
                us_moves.push((g.turn, g.clone()));
            }
        }
        let actions = g.legal_actions();
        let seat = usize::from(g.actor().expect("someone acts").seat());
        let a = bots[seat].choose(&g, &actions);
        g.apply(&a).expect("legal");
    }
    let [us, nlf] = best.map(|b| b.expect("a Combat Phase with targets").1);
    let movement = us_moves
        .into_iter()
        .find(|(t, _)| *t == us.turn)
        .expect("the US moved that game-turn")
        .1;
    [
        ("US combat", us),
        ("NLF combat", nlf),
        ("US movement", movement),
    ]
}

fn bench(c: &mut Criterion) {
    for (name, g) in busiest() {
        let side = g.actor().expect("someone acts");
        let actions = g.legal_actions();
        for difficulty in [Difficulty::Normal, Difficulty::Hard] {
            let mut bot = Computer::new(difficulty, 7);
            c.bench_function(
                &format!(
                    "search_destroy {difficulty:?} decision, {name}, {SCENARIO} turn {} ({} targets)",
                    g.turn,
                    targets(&g)
                ),
                |b| b.iter(|| bot.decide(&SeatView::of(&g, side), &actions)),
            );
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
