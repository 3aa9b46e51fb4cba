//! How long a Search & Destroy computer player thinks at the busiest moment (issue 14: a
//! Normal decision within 100 ms, a Hard one within 2 s, on one core): the Standard game's
//! Combat Phases of game-turn 3, with the most targets in sight, each side to decide whether
//! and where to fire (the Hard level searches there), and the US's Movement Phase (the belief
//! drawn again, the searches weighed).

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::bot::Bot;
use tonkin::engine::game::Game;
use tonkin::games::search_destroy::bot::{Computer, Difficulty};
use tonkin::games::search_destroy::rules::bot::SeatView;
use tonkin::games::search_destroy::rules::content::Side;
use tonkin::games::search_destroy::rules::{SearchDestroy, Step};

/// The first position of game-turn 3 at `step` with nothing being declared, reached by
/// Normal players.
fn position(step: Step) -> SearchDestroy {
    let mut g = SearchDestroy::new("standard", 3).expect("setup");
    g.quiet_log();
    let mut bots = [
        Computer::new(Difficulty::Normal, 1),
        Computer::new(Difficulty::Normal, 2),
    ];
    while !(g.turn == 3 && g.step == step && g.attack.is_none() && g.active.is_none()) {
        assert!(g.outcome().is_none(), "the game ended first");
        let actions = g.legal_actions();
        let seat = usize::from(g.actor().expect("someone acts").seat());
        let a = bots[seat].choose(&g, &actions);
        g.apply(&a).expect("legal");
    }
    g
}

fn bench(c: &mut Criterion) {
    for (name, step) in [
        ("US combat", Step::Combat(Side::Us)),
        ("NLF combat", Step::Combat(Side::Nlf)),
        ("US movement", Step::Movement(Side::Us)),
    ] {
        let g = position(step);
        let side = g.actor().expect("someone acts");
        let actions = g.legal_actions();
        for difficulty in [Difficulty::Normal, Difficulty::Hard] {
            let mut bot = Computer::new(difficulty, 7);
            c.bench_function(
                &format!("search_destroy {difficulty:?} decision, {name}, turn 3"),
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
