//! Odds before risk: the exact chance of each outcome of a Resolution draw, from the cards
//! known to be in the draw and discard piles (the discard pile is public, so the draw pile's
//! make-up is known, not its order). The model follows the rules exactly as `draws.rs` plays
//! them: a Reshuffle card shuffles the discards back and does not count; an empty draw pile
//! takes in the discards; drawn cards go to the discard pile at once, except the crosshairs of
//! enemy fire, held in the Hits pile until a roundel wipes it.

use std::collections::HashMap;

use crate::engine::message::{Message, msg, msg_n};

use super::actions::{Action, CommandTarget, title};
use super::content::Symbol;
use super::draws::counts_as;
use super::state::{Csar, FireStage, RESHUFFLE, Step, Want, ZONE_NAMES, aircraft_name};

/// Card counts by category: [wanted, cancel (roundel in fire), other, Reshuffle].
type Counts = [u8; 4];

fn classify(cards: &[u8], want: Want, fire: bool) -> Counts {
    let mut c = [0u8; 4];
    let target = match want {
        Want::Get(s) | Want::Avoid(s) => s,
    };
    for &card in cards {
        let cat = if card == RESHUFFLE {
            3
        } else {
            let s = counts_as(card, want);
            if s == target {
                0
            } else if fire && s == Symbol::Roundel {
                1
            } else {
                2
            }
        };
        c[cat] += 1;
    }
    c
}

fn total(c: &Counts) -> u32 {
    c.iter().map(|&x| u32::from(x)).sum()
}

/// The piles seen by the odds: what is left to draw, and what a reshuffle would bring back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piles {
    pub draw: Counts,
    pub discard: Counts,
}

impl Piles {
    pub fn of(state: &Csar, want: Want, fire: bool) -> Piles {
        Piles {
            draw: classify(state.resolution.draw_pile(), want, fire),
            discard: classify(state.resolution.discard_pile(), want, fire),
        }
    }

    /// The ways the next card can come, each with its probability and the piles after it
    /// (the card itself not yet placed). A Reshuffle is handled here: it goes back in.
    fn next(self) -> Vec<(f64, usize, Piles)> {
        let mut p = self;
        if total(&p.draw) == 0 {
            if total(&p.discard) == 0 {
                return Vec::new();
            }
            p.draw = p.discard;
            p.discard = [0; 4];
        }
        // With nothing in the discard pile a Reshuffle card brings the deck back to where it
        // was: it only delays the draw, so it is left out and the others renormalised.
        let loops = total(&p.discard) == 0;
        let n = f64::from(total(&p.draw) - if loops { u32::from(p.draw[3]) } else { 0 });
        (0..4)
            .filter(|&k| p.draw[k] > 0 && !(loops && k == 3))
            .map(|k| {
                let mut after = p;
                after.draw[k] -= 1;
                (f64::from(p.draw[k]) / n, k, after)
            })
            .collect()
    }

    fn reshuffled(mut self) -> Piles {
        self.discard[3] += 1;
        for k in 0..4 {
            self.draw[k] += self.discard[k];
        }
        self.discard = [0; 4];
        self
    }
}

/// Chance that at least one of `n` counted draws shows the wanted symbol.
pub fn any_of(piles: Piles, n: u8) -> f64 {
    fn go(p: Piles, n: u8, memo: &mut HashMap<(Piles, u8), f64>) -> f64 {
        if n == 0 {
            return 0.0;
        }
        if let Some(&v) = memo.get(&(p, n)) {
            return v;
        }
        let mut v = 0.0;
        for (prob, k, mut after) in p.next() {
            v += prob
                * match k {
                    0 => 1.0,
                    3 => go(after.reshuffled(), n, memo),
                    _ => {
                        after.discard[k] += 1;
                        go(after, n - 1, memo)
                    }
                };
        }
        memo.insert((p, n), v);
        v
    }
    go(piles, n, &mut HashMap::new())
}

/// Distribution of the number of hits from `zfv` fire draws (index = hits).
pub fn hits_distribution(piles: Piles, zfv: u8) -> Vec<f64> {
    type Memo = HashMap<(Piles, u8, u8), Vec<f64>>;
    fn go(p: Piles, held: u8, n: u8, memo: &mut Memo) -> Vec<f64> {
        let mut dist = vec![0.0; usize::from(held + n) + 1];
        if n == 0 {
            dist[usize::from(held)] = 1.0;
            return dist;
        }
        if let Some(v) = memo.get(&(p, held, n)) {
            return v.clone();
        }
        let ways = p.next();
        if ways.is_empty() {
            dist[usize::from(held)] = 1.0;
        }
        for (prob, k, mut after) in ways {
            let sub = match k {
                0 => go(after, held + 1, n - 1, memo),
                1 => {
                    after.discard[1] += 1;
                    after.discard[0] += held;
                    go(after, 0, n - 1, memo)
                }
                2 => {
                    after.discard[2] += 1;
                    go(after, held, n - 1, memo)
                }
                _ => go(after.reshuffled(), held, n, memo),
            };
            for (h, q) in sub.iter().enumerate() {
                if h < dist.len() {
                    dist[h] += prob * q;
                }
            }
        }
        memo.insert((p, held, n), dist.clone());
        dist
    }
    go(piles, 0, zfv, &mut HashMap::new())
}

impl Csar {
    pub fn chance(&self, want: Want, n: u8) -> f64 {
        any_of(Piles::of(self, want, false), n)
    }

    pub fn fire_odds(&self, zfv: u8) -> Vec<f64> {
        hits_distribution(Piles::of(self, Want::Avoid(Symbol::Crosshairs), true), zfv)
    }
}

/// The chance of each outcome of the pending decision's draws, for the window to show.
pub fn odds_for_prompt(state: &Csar) -> Option<Vec<(Message, f64)>> {
    let mut out = Vec::new();
    if let Some(f) = &state.fire {
        match f.stage {
            FireStage::ChooseZone => {
                for t in state.pending_targets() {
                    let dist = state.fire_odds(state.zfv_of(t));
                    let zone = ZONE_NAMES[usize::from(t)];
                    out.push((msg("Fire into {zone}: no hit").term("zone", zone), dist[0]));
                    out.push((
                        msg("Fire into {zone}: exactly 1 hit").term("zone", zone),
                        dist.get(1).copied().unwrap_or(0.0),
                    ));
                    out.push((
                        msg("Fire into {zone}: 2 or more hits").term("zone", zone),
                        dist.iter().skip(2).sum(),
                    ));
                }
            }
            FireStage::Burn { hits, .. } => {
                // Each card burned now cancels a hit but is one fewer to burn against the
                // Enemy Search: the capture chance if every card left is burned then.
                let cards = state.burnable().count();
                for burn in 0..=cards.min(usize::from(hits) - 1) {
                    let left = (state.hand.len() - burn) as u8;
                    let draws = if state.any_stranded() {
                        state.search_draws(left)
                    } else {
                        0
                    };
                    out.push((
                        msg_n("Burn {b}: take {h} hit; the Enemy Search then draws {n} (chance of a capture)", "Burn {b}: take {h} hits; the Enemy Search then draws {n} (chance of a capture)", usize::from(hits) - burn)
                            .arg("b", burn)
                            .arg("h", usize::from(hits) - burn)
                            .arg("n", draws),
                        state.chance(Want::Avoid(Symbol::Rifle), draws),
                    ));
                }
                out.push((
                    msg("A Shaken aircraft hit again is destroyed (not just shot down)"),
                    state.chance(Want::Get(Symbol::Blast), 1),
                ));
            }
            FireStage::Spare { .. } | FireStage::PickAircraft { .. } => {
                out.push((
                    msg("A Shaken aircraft hit again is destroyed (not just shot down)"),
                    state.chance(Want::Get(Symbol::Blast), 1),
                ));
            }
            FireStage::Allocate { .. } => {}
        }
        return Some(out).filter(|o| !o.is_empty());
    }
    match state.step {
        Step::Rescue => {
            for (h, s) in state.rescue_options() {
                let n = state.rescue_draws(h, s, 0);
                out.push((
                    msg_n(
                        "{h} rescues the Survivor ({n} draw)",
                        "{h} rescues the Survivor ({n} draws)",
                        n,
                    )
                    .term("h", aircraft_name(h))
                    .arg("n", n),
                    state.chance(Want::Get(Symbol::Roundel), n),
                ));
            }
        }
        Step::Search => {
            let n = state.search_draws(state.burned);
            rifle_odds(
                state,
                &mut out,
                msg_n(
                    "A Survivor is captured ({n} draw)",
                    "A Survivor is captured ({n} draws)",
                    n,
                )
                .arg("n", n),
                n,
            );
        }
        Step::Abort => {
            let n = state.abort_draws(state.burned);
            rifle_odds(
                state,
                &mut out,
                msg_n(
                    "The mission is aborted ({n} draw)",
                    "The mission is aborted ({n} draws)",
                    n,
                )
                .arg("n", n),
                n,
            );
        }
        Step::Command => {
            for &c in &state.hand {
                match title(c) {
                    "Request Aircraft" => out.push((
                        msg("Request Aircraft succeeds"),
                        1.0 - state.chance(Want::Avoid(Symbol::Rifle), 1),
                    )),
                    "Exfil Team" => {
                        out.push((
                            msg("Exfil Team moves the Survivor"),
                            state.chance(Want::Get(Symbol::Roundel), 1),
                        ));
                        out.push((
                            msg("Exfil Team is spotted (Search +1)"),
                            state.chance(Want::Get(Symbol::Rifle), 1),
                        ));
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    Some(out).filter(|o| !o.is_empty())
}

/// What one of the prompt's actions risks, from the same exact odds (issue 17: every choice
/// explains itself): the enemy fire it lets loose, a failed rescue or Command card, a capture
/// or an abort from the draws it leads to.
pub fn risks(state: &Csar, action: &Action) -> Vec<(Message, f64)> {
    if let Some(f) = &state.fire {
        return match (&f.stage, action) {
            (FireStage::ChooseZone, &Action::FireAt(t)) => {
                let dist = state.fire_odds(state.zfv_of(t));
                let zone = ZONE_NAMES[usize::from(t)];
                vec![
                    (
                        msg("an aircraft in {zone} is hit").term("zone", zone),
                        1.0 - dist[0],
                    ),
                    (msg("2 hits or more"), dist.iter().skip(2).sum()),
                ]
            }
            _ => Vec::new(),
        };
    }
    let rifles =
        |draws: u8, what: Message| vec![(what, state.chance(Want::Avoid(Symbol::Rifle), draws))];
    match (state.step, action) {
        (_, Action::Rescue { .. }) => rescue_chance(state, action)
            .map(|p| vec![(msg("the rescue fails"), 1.0 - p)])
            .unwrap_or_default(),
        (Step::Search, Action::Done | Action::Burn(_)) if state.any_stranded() => {
            let burned = state.burned + u8::from(matches!(action, Action::Burn(_)));
            let n = state.search_draws(burned);
            rifles(
                n,
                msg_n(
                    "a Survivor is captured ({n} draw)",
                    "a Survivor is captured ({n} draws)",
                    n,
                )
                .arg("n", n),
            )
        }
        (Step::Abort, Action::Done | Action::Burn(_)) if state.abort_check_due() => {
            let burned = state.burned + u8::from(matches!(action, Action::Burn(_)));
            let n = state.abort_draws(burned);
            rifles(
                n,
                msg_n(
                    "the mission is aborted ({n} draw)",
                    "the mission is aborted ({n} draws)",
                    n,
                )
                .arg("n", n),
            )
        }
        (Step::Command, &Action::PlayCommand { card, .. }) => match title(card) {
            "Request Aircraft" => rifles(1, msg("no aircraft comes")),
            "Exfil Team" => vec![
                (
                    msg("the Survivor does not move"),
                    1.0 - state.chance(Want::Get(Symbol::Roundel), 1),
                ),
                (
                    msg("the team is spotted (Search +1)"),
                    state.chance(Want::Get(Symbol::Rifle), 1),
                ),
            ],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The chance of a rifle in `n` draws, and with one card more burned.
fn rifle_odds(state: &Csar, out: &mut Vec<(Message, f64)>, label: Message, n: u8) {
    out.push((label, state.chance(Want::Avoid(Symbol::Rifle), n)));
    if n > 1 {
        out.push((
            msg("…after burning one more card"),
            state.chance(Want::Avoid(Symbol::Rifle), n - 1),
        ));
    }
}

/// Whether an action is a rescue attempt, with its chance (used by the bot).
pub fn rescue_chance(state: &Csar, action: &Action) -> Option<f64> {
    match *action {
        Action::Rescue {
            heli,
            survivor,
            pj_card,
        } => {
            let bonus = if pj_card && state.pilot_named(heli, "Pits") {
                2
            } else {
                0
            };
            Some(state.chance(
                Want::Get(Symbol::Roundel),
                state.rescue_draws(heli, survivor, bonus),
            ))
        }
        Action::PlayCommand {
            target: CommandTarget::Survivor { .. },
            card,
        } if title(card) == "Exfil Team" => Some(state.chance(Want::Get(Symbol::Roundel), 1)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 17, every choice explains itself: in the Enemy Search (4.4.2) drawing now and
    /// burning one more card name the capture chances the odds panel shows for them.
    #[test]
    fn the_search_choices_name_the_capture_chances_of_the_odds() {
        use crate::engine::bot::play_steps;
        use crate::engine::game::Game;
        use crate::engine::play::Playable;
        use crate::games::csar::rules::Options;
        let mut checked = 0;
        for seed in 0..40 {
            let mut g = Csar::setup("cauldron_of_fire", &Options::default(), seed).unwrap();
            let mut bot = <Csar as Playable>::heuristic_bot(seed);
            for _ in 0..300 {
                let burn = g.burnable().next();
                if g.fire.is_none()
                    && g.step == Step::Search
                    && g.any_stranded()
                    && g.search_draws(g.burned) > 1
                    && let Some(card) = burn
                {
                    let odds = odds_for_prompt(&g).unwrap();
                    let draw = risks(&g, &Action::Done);
                    let burn = risks(&g, &Action::Burn(card));
                    assert_eq!(draw[0].1, odds[0].1, "seed {seed}");
                    assert_eq!(burn[0].1, odds[1].1, "seed {seed}");
                    assert!(burn[0].1 <= draw[0].1);
                    assert!(draw[0].0.english().starts_with("a Survivor is captured"));
                    checked += 1;
                    break;
                }
                if g.outcome().is_some() || play_steps(&mut g, bot.as_mut(), 1).is_err() {
                    break;
                }
            }
            if checked >= 2 {
                return;
            }
        }
        assert!(
            checked > 0,
            "no game reached an Enemy Search with a card to burn"
        );
    }

    #[test]
    fn small_decks_by_hand() {
        // One wanted card of three, one draw: 1/3; two draws without any reshuffle: 2/3.
        let p = Piles {
            draw: [1, 0, 2, 0],
            discard: [0; 4],
        };
        assert!((any_of(p, 1) - 1.0 / 3.0).abs() < 1e-12);
        assert!((any_of(p, 2) - 2.0 / 3.0).abs() < 1e-12);
        // An empty draw pile takes in the discards first.
        let p = Piles {
            draw: [0; 4],
            discard: [1, 0, 1, 0],
        };
        assert!((any_of(p, 1) - 0.5).abs() < 1e-12);
        // Fire: a crosshair and a roundel, two draws: the hit survives only if drawn second.
        let p = Piles {
            draw: [1, 1, 0, 0],
            discard: [0; 4],
        };
        let d = hits_distribution(p, 2);
        assert!((d[0] - 0.5).abs() < 1e-12 && (d[1] - 0.5).abs() < 1e-12);
    }
}
