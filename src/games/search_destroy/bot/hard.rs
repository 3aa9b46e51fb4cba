//! The Hard level (digest 10.3): at the decisions that weigh most (which hex to fire at, or
//! not to fire, in a Combat Phase; which hex to probe, or none; whether to search), it deals
//! the counters its side cannot see out from the belief, plays each of the Normal level's best
//! candidates out on each deal to the end of the other side's next Player-Turn with the Normal
//! policy on both sides, and keeps the candidate with the best mean points balance, Normal's
//! own choice unless another does clearly better on the same deals. Elsewhere it plays as
//! Normal. The deals come from the belief only: the search never sees the truth. Every
//! decision plays [`ROLLOUTS`] deals whatever the time, so the same seed plays the same game
//! on any machine; only the window caps the time ([`WINDOW_BUDGET`]).

use std::time::{Duration, Instant};

use super::{Belief, Computer, normal};
use crate::engine::bot::Bot;
use crate::engine::game::Game;
use crate::engine::message::msg;
use crate::engine::number::decimal;
use crate::engine::rng::Rng;
use crate::games::search_destroy::rules::Action;
use crate::games::search_destroy::rules::bot::SeatView;
use crate::games::search_destroy::rules::content::{Side, data};
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};

/// Deals per candidate, the same deals for every candidate. One play-out's dice swing its
/// points by far more than the candidates differ, so more deals choose better: on the Basic
/// game a Hard US against a Normal NLF did best with 32 (docs/balance.md, stop 35); 64 did no
/// better. The busiest decisions of a §27 scenario stay within the 2 s
/// (benches/search_destroy_bot.rs), so the window's cap does not cut them short there and the
/// window plays the Hard that the strength runs measure.
pub const ROLLOUTS: usize = 32;
/// How clearly another candidate must beat Normal's choice to replace it: its mean lead over
/// the same deals, in standard errors of that lead.
const CLEAR_LEAD: f64 = 1.0;
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
        Step::Probe => {
            let mut out: Vec<Action> = normal::ranked_probes(c, v, actions)
                .into_iter()
                .take(CANDIDATES)
                .map(|(_, a)| a)
                .collect();
            out.push(Action::NoProbe);
            out
        }
        _ => return base,
    };
    if candidates.len() < 2 {
        return base;
    }
    let start = Instant::now();
    let us_belief = us_belief(c, v);
    // Each candidate's points balance on each deal, the deals the same for every candidate.
    let mut scores: Vec<Vec<f64>> = vec![Vec::new(); candidates.len()];
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
            let score = if g.apply(candidate).is_err() {
                f64::NEG_INFINITY
            } else {
                play_out(g, side, play_out_players(&us_belief, seed))
            };
            scores[k].push(score);
        }
    }
    let runs = scores[0].len();
    if runs == 0 {
        return base;
    }
    let mean = |k: usize| scores[k].iter().sum::<f64>() / runs as f64;
    let (mut best, _) = (0..candidates.len())
        .map(|k| (k, mean(k)))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .expect("two candidates");
    // Normal's choice stands unless another is better on the same deals by a clear margin.
    if let Some(normal) = candidates.iter().position(|a| *a == base)
        && best != normal
        && !clear_lead(&scores[best], &scores[normal])
    {
        best = normal;
    }
    let mean = mean(best);
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
        Action::Probe { hex, .. } => msg("{side} probes {hex}: the best of its choices over {runs} guesses of the hidden counters played forward (about {points} points on average)").arg("hex", hex),
        // Translators: as above; {points} is an average, not a count.
        Action::NoProbe => msg("{side} does not probe: the best of its choices over {runs} guesses of the hidden counters played forward (about {points} points on average)"),
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

/// Whether `a` beats `b` deal for deal by more than [`CLEAR_LEAD`] standard errors of the
/// mean lead (never on a single deal, where the error is unknown).
pub(super) fn clear_lead(a: &[f64], b: &[f64]) -> bool {
    let n = a.len() as f64;
    let leads: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let mean = leads.iter().sum::<f64>() / n;
    let variance = leads.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let error = (variance / n).sqrt();
    leads.len() > 1 && mean.is_finite() && mean > CLEAR_LEAD * error
}

/// The players of a play-out, US first: Normal on both sides (digest 10.3), each keeping the
/// belief it starts with. The US player starts from the searcher's own belief when the US
/// searches; when the NLF searches it models the US by a belief drawn from what the US sees
/// now (the NLF cannot know the US's memory, only its view).
fn play_out_players(us_belief: &Belief, seed: u64) -> [Computer; 2] {
    let mut us = Computer::new(super::Difficulty::Normal, seed);
    let nlf = Computer::new(super::Difficulty::Normal, seed ^ 1);
    us.belief = us_belief.clone();
    us.redraw_belief = false;
    [us, nlf]
}

/// The belief the US plays by in the play-outs of `c`'s decision: its own, or for the NLF a
/// belief drawn from the US's present view.
fn us_belief(c: &mut Computer, v: &SeatView) -> Belief {
    match v.side() {
        Side::Us => c.belief.clone(),
        Side::Nlf => Belief::after(&[(*SeatView::of(v, Side::Us)).clone()], &mut c.rng),
    }
}

/// Plays `g` on to the end of the other side's next Player-Turn; the points balance for
/// `side` then. Caches the US carries count only when the game ends [10.12]; counting them
/// sooner, at 0.8 of their capture points, changed no measured result (docs/balance.md,
/// stop 35).
fn play_out(mut g: SearchDestroy, side: Side, mut players: [Computer; 2]) -> f64 {
    let start_turn = g.turn;
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
        let action = players[usize::from(actor.seat())].choose(&g, &actions);
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
