//! A heuristic Aircraft Commander: takes the first crew cards, flies the lead helicopter,
//! spreads the passengers over the flight so that one lost helicopter costs as few of them as
//! possible, keeps its own mission when an event offers another, never leaves anyone on the
//! ground while a Huey has room. On the Tactical Map each helicopter shoots and looks first,
//! then flies to its task at Low, down to NOE for a landing (the landing zone with its load, whoever waits to be picked up, the
//! search area) and out through the exit window; it calls every strike it can, trains the
//! crew as soon as the bank allows, and takes the Cobra when offered.

use super::movement::{Altitude, Step};
use super::state::Phase;
use super::{Action, ChopperPilot};
use crate::engine::bot::Bot;

/// The turn after which a helicopter gives up its task and leaves.
const GIVE_UP_TURN: u16 = 30;

/// Hexes out from a landing or a search where the descent begins: two turns' flying, one
/// level a turn (Medium to Low, Low to NOE).
const APPROACH: i32 = 13;

/// The first position of a seeded bot tour where the helicopter flying may fire at something:
/// the odds assistant's tests and benches weigh its attacks.
#[doc(hidden)]
pub fn position_in_the_sights() -> ChopperPilot {
    use crate::engine::game::Game;
    for seed in 1..200 {
        let mut g = ChopperPilot::setup("primary", &Default::default(), seed).expect("setup");
        g.quiet_log();
        for _ in 0..20_000 {
            if g.outcome().is_some() {
                break;
            }
            let actions = g.legal_actions();
            if matches!(g.phase, Phase::Activation(_))
                && actions.iter().any(|a| matches!(a, Action::Fire { .. }))
            {
                return g;
            }
            let a = Commander.choose(&g, &actions);
            g.apply(&a).expect("the bot's choice is legal");
        }
    }
    panic!("no seed of 1 to 199 reaches a shot");
}

#[derive(Clone, Debug, Default)]
pub struct Commander;

impl Bot<ChopperPilot> for Commander {
    fn choose(&mut self, game: &ChopperPilot, actions: &[Action]) -> Action {
        let pick = match game.phase {
            Phase::Load => actions
                .iter()
                .max_by_key(|a| match a {
                    // The emptiest helicopter first; the first of equals.
                    Action::Load(h) => (game.mission().flight[*h].free_boxes(), usize::MAX - h),
                    _ => (0, 0),
                })
                .cloned(),
            Phase::Choice { .. } => Some(Action::Decline),
            Phase::Activation(h) => fly(game, h, &Listed(actions)),
            _ => None,
        };
        pick.filter(|a| actions.contains(a))
            .unwrap_or_else(|| actions[0].clone())
    }

    /// The same decision as [`Commander::choose`] where it needs no list: a helicopter's
    /// activation, asked of the rules action by action (most of a mission's decisions), and
    /// an event's offer. An action the rules refuse falls back on the list, as `choose`
    /// falls back on its first action.
    fn propose(&mut self, game: &ChopperPilot) -> Option<Action> {
        match game.phase {
            Phase::Choice { .. } => Some(Action::Decline),
            Phase::Activation(h) => fly(game, h, &Asked { game, h }),
            _ => None,
        }
    }
}

/// What a helicopter's activation offers, as the bot asks it.
trait Offer {
    /// Whether the action is offered.
    fn has(&self, a: &Action) -> bool;
    /// The first shot or look offered (shots first, in the list's order).
    fn first_shot_or_look(&self) -> Option<Action>;
}

/// The list of legal actions.
struct Listed<'a>(&'a [Action]);

impl Offer for Listed<'_> {
    fn has(&self, a: &Action) -> bool {
        self.0.contains(a)
    }
    fn first_shot_or_look(&self) -> Option<Action> {
        self.0
            .iter()
            .find(|a| matches!(a, Action::Fire { .. } | Action::Spot(_)))
            .cloned()
    }
}

/// The rules, asked of one action at a time: the same answers as the list, without it.
struct Asked<'a> {
    game: &'a ChopperPilot,
    h: usize,
}

impl Offer for Asked<'_> {
    fn has(&self, a: &Action) -> bool {
        self.game.activation_allows(self.h, a)
    }
    fn first_shot_or_look(&self) -> Option<Action> {
        let shot = self.game.first_shot(self.h);
        match shot {
            Some((weapon, unit)) => Some(Action::Fire { weapon, unit }),
            None => self.game.spottable_units(self.h).next().map(Action::Spot),
        }
    }
}

/// What helicopter `h` does next in its activation; `None`: the first action offered.
fn fly(game: &ChopperPilot, h: usize, offer: &impl Offer) -> Option<Action> {
    let has = |a: &Action| offer.has(a);
    if let Some(a) = offer.first_shot_or_look() {
        return Some(a);
    }
    if has(&Action::Search) {
        return Some(Action::Search);
    }
    if has(&Action::Move(Step::Strings)) {
        return Some(Action::Move(Step::Strings));
    }
    let t = game.tac();
    let Some(f) = t.flying(h) else {
        return Some(Action::EndActivation);
    };
    // After thirty turns the task is given up and the helicopter heads for the exit.
    let (goal, land) = if t.turn > GIVE_UP_TURN {
        (None, false)
    } else {
        game.task_of(h)
    };
    if f.altitude == Altitude::Landed {
        for s in [Step::Unload, Step::Load, Step::TakeOff] {
            if has(&Action::Move(s)) {
                return Some(Action::Move(s));
            }
        }
        return Some(Action::EndActivation);
    }
    if goal.is_none() && has(&Action::Exit) {
        return Some(Action::Exit);
    }
    let mut target = goal.unwrap_or(t.exit);
    // A helicopter that cannot hover circles a landing zone it cannot line up on: within two
    // hexes of it, any hex it may land on will do for a delivery (the LZ "or as close as
    // tactically possible" [8.4]).
    let delivering = game.mission().flight[h]
        .passengers
        .iter()
        .any(|p| p.crew_of.is_none() && !p.objective);
    if land
        && delivering
        && f.hex.distance(target) <= 2
        && t.ground.may_land(f.hex)
        && t.helicopters_at(f.hex, Altitude::Landed) < 2
    {
        target = f.hex;
    }
    let d = f.hex.distance(target);
    if f.hex == target {
        if land {
            for s in [Step::Descend, Step::Land] {
                if has(&Action::Move(s)) {
                    return Some(Action::Move(s));
                }
            }
        }
        // Over a team waiting for the strings: down to NOE and into a hover, so that the
        // next activation begins hovering [11.1, ruling A27].
        if t.units_in(f.hex).any(|u| u.objective) {
            for s in [Step::Descend, Step::EnterHover] {
                if has(&Action::Move(s)) {
                    return Some(Action::Move(s));
                }
            }
        }
        return Some(Action::EndActivation);
    }
    // Medium on the way: the ground's worst odds against a helicopter (-2, no RPG shots),
    // though fatal damage there is a crash; Low is the easiest altitude to hit, so the
    // helicopter passes through it as fast as it can, one level a turn: down from the last
    // two turns out of the hex where it lands or searches (NOE: +1 on a forced landing and
    // the searches), and up again on the way out unless the exit is close [G08, G10, G11].
    let wanted = match (goal.is_some(), f.altitude) {
        (true, _) if d <= APPROACH => Altitude::Noe,
        (false, Altitude::Noe) if d <= APPROACH => Altitude::Noe,
        _ => Altitude::Medium,
    };
    if f.altitude > wanted && has(&Action::Move(Step::Descend)) {
        return Some(Action::Move(Step::Descend));
    }
    if f.altitude < wanted && has(&Action::Move(Step::Climb)) {
        return Some(Action::Move(Step::Climb));
    }
    let forward = Action::Move(Step::Forward);
    let on_map = |x: super::hex::Hex| t.ground.layout.contains(x);
    let ahead = f.hex.neighbour(f.facing);
    if has(&forward) && on_map(ahead) && ahead.distance(target) < d {
        return Some(forward);
    }
    let best = (0..6u8)
        .filter(|x| on_map(f.hex.neighbour(*x)))
        .min_by_key(|x| (f.hex.neighbour(*x).distance(target), *x))
        .unwrap_or(f.facing);
    if best != f.facing {
        // Without a hover every turn must be followed by a hex ahead [8.3]: a helicopter that
        // cannot hover turns only to a nose that has map ahead of it, the other way round if
        // need be, so that it never ends up with its nose over the edge.
        let hover = f.hovering || has(&Action::Move(Step::EnterHover));
        let preferred = (best + 6 - f.facing) % 6 <= 3;
        for clockwise in [preferred, !preferred] {
            let nose = if clockwise {
                (f.facing + 1) % 6
            } else {
                (f.facing + 5) % 6
            };
            let turn = Action::Move(Step::Turn { clockwise });
            if has(&turn) && (hover || on_map(f.hex.neighbour(nose))) {
                return Some(turn);
            }
        }
        if has(&Action::Move(Step::EnterHover)) {
            return Some(Action::Move(Step::EnterHover));
        }
        // No turn and no hover (damage): a hex ahead makes the next turn possible; with the
        // nose over the edge and no other way, flying on is the only way out.
        let turnable = [true, false]
            .into_iter()
            .any(|clockwise| has(&Action::Move(Step::Turn { clockwise })));
        if has(&forward) && (on_map(ahead) || !turnable) {
            return Some(forward);
        }
    }
    has(&Action::EndActivation).then_some(Action::EndActivation)
}
