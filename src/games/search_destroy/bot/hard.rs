//! The Hard level (digest 10.3): at the decisions that weigh most (which hex to fire at, or
//! not to fire, in a Combat Phase; which hex to search), it deals the counters its side cannot
//! see out from the belief, plays each of the Normal level's best candidates out on each deal
//! to the end of the other side's next Player-Turn (both sides played by the Easy rules of
//! thumb, for speed), and keeps the candidate with the best mean points balance. Elsewhere it
//! plays as Normal. The deals come from the belief only: the search never sees the truth.
//! Every decision plays [`ROLLOUTS`] deals whatever the time, so the same seed plays the same
//! game on any machine; only the window caps the time ([`WINDOW_BUDGET`]).

use std::time::{Duration, Instant};

use super::{Computer, normal};
use crate::engine::bot::Bot;
use crate::engine::game::Game;
use crate::engine::message::msg;
use crate::engine::number::decimal;
use crate::engine::rng::Rng;
use crate::games::search_destroy::rules::Action;
use crate::games::search_destroy::rules::bot::{HeuristicBot, SeatView};
use crate::games::search_destroy::rules::content::{Side, data};
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};

/// Deals per candidate, the same deals for every candidate. Eight is the count the time
/// budget used to allow at most, and it fits the 2 s with room to spare: the busiest
/// fire decisions of a §27 scenario took 49 ms (US) and 378 ms (NLF) on a loaded machine
/// (benches/search_destroy_bot.rs, docs/balance.md), so the window's cap does not cut it short
/// there and the window plays the Hard that the strength runs measure.
pub const ROLLOUTS: usize = 8;
/// Candidates besides passing.
const CANDIDATES: usize = 3;
/// The most a decision may take in the window, a safety cap only: the limit is 2 s,
/// and [`ROLLOUTS`] deals fit well within it on one core (benches/search_destroy_bot.rs), so
/// the cap cuts a decision short only on a much slower or busier machine.
pub const WINDOW_BUDGET: Duration = Duration::from_millis(1500);
/// A play-out longer than this is cut off (a full game takes a few hundred actions).
const MAX_ACTIONS: usize = 1500;

pub fn decide(c: &mut Computer, v: &SeatView, actions: &[Action]) -> Action {
    let base = normal::decide(c, v, actions);
    let side = v.side();
    let candidates: Vec<Action> = match v.step {
        Step::Combat(_) if v.attack.is_none() => {
            let mut out: Vec<Action> = normal::ranked_targets(c, v, actions)
                .into_iter()
                .take(CANDIDATES)
                .map(|(_, hex)| Action::Target(hex))
                .collect();
            // Fire at a helicopter still on the map, when the rules of thumb chose it [26.4].
            if matches!(base, Action::Guns(_)) {
                out.insert(0, base.clone());
            }
            out.push(Action::EndFire);
            out
        }
        Step::Movement(Side::Us) if matches!(base, Action::Search { .. }) => {
            vec![base.clone(), Action::EndMovement]
        }
        _ => return base,
    };
    if candidates.len() < 2 {
        return base;
    }
    let start = Instant::now();
    let mut sums = vec![0.0; candidates.len()];
    let mut runs = 0;
    for round in 0..c.rollouts {
        if round > 0 && c.budget.is_some_and(|cap| start.elapsed() > cap) {
            break;
        }
        let seed = c.rng.next_u64();
        let Some(deal) = determinize(c, v, seed) else {
            continue;
        };
        for (k, candidate) in candidates.iter().enumerate() {
            let mut g = deal.clone();
            if g.apply(candidate).is_err() {
                sums[k] = f64::NEG_INFINITY;
                continue;
            }
            sums[k] += play_out(g, side, seed);
        }
        runs += 1;
    }
    if runs == 0 {
        return base;
    }
    let (best, mean) = sums
        .iter()
        .enumerate()
        .map(|(k, s)| (k, s / f64::from(runs)))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .expect("two candidates");
    let chosen = candidates[best].clone();
    let text = match &chosen {
        // Translators: the computer's reason for a decision; it played {runs} guesses of the
        // hidden counters forward and this choice did best. {points} is an average ("2.4"),
        // not a count.
        Action::Target(hex) => msg("{side} fires at {hex}: the best of its choices over {runs} guesses of the hidden counters played forward (about {points} points on average)").arg("hex", hex),
        // Translators: as above; {points} is an average, not a count.
        Action::Search { hex, .. } => msg("{side} searches {hex}: the best of its choices over {runs} guesses of the hidden counters played forward (about {points} points on average)").arg("hex", hex),
        // Translators: as above; {points} is an average, not a count.
        Action::EndFire => msg("{side} holds its fire: the best of its choices over {runs} guesses of the hidden counters played forward (about {points} points on average)"),
        // Translators: as above; {points} is an average, not a count.
        _ => msg("{side} moves no further: the best of its choices over {runs} guesses of the hidden counters played forward (about {points} points on average)"),
    };
    c.note(
        side,
        text.message("side", normal::side_name(side))
            .arg("runs", runs)
            .message("points", decimal(mean, 1)),
    );
    // The candidate search keeps Normal's way of completing the move when it agrees.
    if chosen == Action::EndMovement && matches!(base, Action::Search { .. }) {
        return actions
            .iter()
            .find(|a| !matches!(a, Action::Search { .. }))
            .cloned()
            .unwrap_or(Action::EndMovement);
    }
    chosen
}

/// A complete position consistent with what `v`'s side knows: the US's unseen counters dealt
/// out from its belief, a fresh generator, a quiet log.
fn determinize(c: &Computer, v: &SeatView, seed: u64) -> Option<SearchDestroy> {
    let mut g: SearchDestroy = (**v).clone();
    let mut rng = Rng::seeded(seed);
    if v.side() == Side::Us {
        for (i, kind) in c.belief.sample(v, &mut rng)? {
            g.units[i].kind = Some(kind);
            if matches!(g.step, Step::Movement(Side::Nlf)) {
                g.units[i].mp = data().counters[usize::from(kind)].movement;
            }
        }
    }
    g.rng = rng;
    g.quiet_log();
    Some(g)
}

/// Plays `g` on to the end of the other side's next Player-Turn; the points balance for
/// `side` then.
fn play_out(mut g: SearchDestroy, side: Side, seed: u64) -> f64 {
    let start_turn = g.turn;
    let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed ^ 1)];
    for _ in 0..MAX_ACTIONS {
        let Some(actor) = g.actor() else { break };
        let done = match side {
            // The US: through the NLF's reply.
            Side::Us => g.turn > start_turn,
            // The NLF: through the US's next Player-Turn.
            Side::Nlf => g.turn > start_turn && g.step == Step::Movement(Side::Nlf),
        };
        if done {
            break;
        }
        let actions = g.legal_actions();
        if actions.is_empty() {
            break;
        }
        let action = bots[usize::from(actor.seat())].choose(&g, &actions);
        if g.apply(&action).is_err() {
            break;
        }
    }
    let [us, nlf] = g.points.map(f64::from);
    let commander = if g.commander_destroyed { 15.0 } else { 0.0 };
    match side {
        Side::Us => us - nlf - commander,
        Side::Nlf => nlf - us + commander,
    }
}
