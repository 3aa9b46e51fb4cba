//! The computer's plot under simultaneous movement [28.1]: each unit's usual goal for a
//! Movement Phase written down as its route. The US sends half its squads toward the nearest
//! face-down counters (searching one next to them now and then) and keeps the rest to fire;
//! the NLF's dummies and porters slip away from US units that come close, its combat units
//! stay to fire. Every unit is considered once: taken up, given a route or left to fire.

use super::bot::{cover, hidden_hexes, nearest, side_hexes};
use super::content::{Class, Side, data};
use super::hex::Hex;
use super::map::Terrain;
use super::play::Action;
use super::simultaneous::PlotAction;
use super::state::SearchDestroy;

/// What the computer plots for one unit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    Move(Hex),
    Search(Hex),
}

/// The next plot decision of `side`.
pub fn bot_plot(v: &SearchDestroy, side: Side, actions: &[Action]) -> Action {
    let chosen = next_decision(v, side);
    if actions.contains(&chosen) {
        chosen
    } else {
        Action::Plot(PlotAction::Done)
    }
}

fn next_decision(v: &SearchDestroy, side: Side) -> Action {
    if let Some(unit) = v.simultaneous.taken
        && v.plot_of(unit).is_none()
        && let Some(goal) = goal(v, side, unit)
    {
        return Action::Plot(match goal {
            Goal::Move(hex) => PlotAction::To { unit, hex },
            Goal::Search(hex) => PlotAction::Search { unit, hex },
        });
    }
    // The units are gone through in order: the next one after the unit taken up.
    let after = v.simultaneous.taken.map_or(0, |t| t + 1);
    v.plotters(side)
        .into_iter()
        .filter(|&u| u >= after && v.plot_of(u).is_none())
        .find(|&u| goal(v, side, u).is_some())
        .map_or(Action::Plot(PlotAction::Done), |u| {
            Action::Plot(PlotAction::Take(u))
        })
}

fn goal(v: &SearchDestroy, side: Side, unit: usize) -> Option<Goal> {
    match side {
        Side::Us => us_goal(v, unit),
        Side::Nlf => nlf_goal(v, unit),
    }
}

/// Half the squads (alternating each game-turn) close on the nearest face-down counters;
/// one next to a hex not known to hold a combat unit searches it every other game-turn.
fn us_goal(v: &SearchDestroy, unit: usize) -> Option<Goal> {
    let u = &v.units[unit];
    if u.class() != Some(Class::Combat) || (unit + usize::from(v.turn)).is_multiple_of(2) {
        return None;
    }
    let here = u.hex?;
    let unknown = |h: Hex| {
        v.side_at(h, Side::Nlf)
            .all(|i| v.units[i].known_combat != Some(true))
    };
    if let Some(&hex) = v.plot_searches(unit).iter().find(|&&h| unknown(h))
        && (unit / 2 + usize::from(v.turn)).is_multiple_of(2)
    {
        return Some(Goal::Search(hex));
    }
    let hidden = hidden_hexes(v);
    let now = nearest(here, &hidden);
    v.plot_destinations(unit)
        .into_iter()
        .filter_map(|to| {
            let d = nearest(to, &hidden);
            (d > 0 && d < now).then(|| {
                let score = 50 - 5 * i64::from(d) + i64::from(cover(data().map.terrain(to)));
                (score, to)
            })
        })
        .max()
        .map(|(_, to)| Goal::Move(to))
}

/// Dummies and porters within 4 hexes of a US unit move away from it, keeping out of open
/// ground.
fn nlf_goal(v: &SearchDestroy, unit: usize) -> Option<Goal> {
    let u = &v.units[unit];
    let runs = u.is("dummy") || u.is("porter");
    let here = u.hex?;
    let us = side_hexes(v, Side::Us);
    if !runs || nearest(here, &us) > 4 {
        return None;
    }
    v.plot_destinations(unit)
        .into_iter()
        .filter_map(|to| {
            let gain = i64::from(nearest(to, &us)) - i64::from(nearest(here, &us));
            let exposed = matches!(data().map.terrain(to), Terrain::Open | Terrain::Broken);
            let score = 3 * gain - if exposed { 6 } else { 0 };
            (score > 0).then_some((score, to))
        })
        .max()
        .map(|(_, to)| Goal::Move(to))
}
