//! The first opponent's rules of thumb for the scenarios of section 27: leave by the exit edge
//! whenever a unit stands on it, head for that edge, and bring the units due in one by one,
//! letting each move off before the next comes in. Decided from the side's own view only.

use super::bot::{HeuristicBot, cover, hidden_hexes, nearest, side_hexes};
use super::content::{Edge, Side, data};
use super::hex::Hex;
use super::map::Map;
use super::play::Action;
use super::state::SearchDestroy;

/// Hexes between `hex` and the map's `edge`.
pub(crate) fn edge_distance(map: &Map, hex: Hex, edge: Edge) -> u8 {
    match edge {
        Edge::North => hex.row - 1,
        Edge::South => map.rows - hex.row,
        Edge::West => hex.col - 1,
        Edge::East => map.columns - hex.col,
    }
}

impl HeuristicBot {
    /// Adjusts a Movement Phase decision (`chosen`, by the level's own rules) for the
    /// scenario's entries and exits.
    pub(crate) fn scenario_movement(
        &mut self,
        v: &SearchDestroy,
        side: Side,
        actions: &[Action],
        chosen: Action,
    ) -> Action {
        if let Some(a) = actions.iter().find(|a| matches!(a, Action::Exit { .. })) {
            return a.clone();
        }
        let map = &data().map;
        if let Some(edge) = v.exit_edge(side) {
            let toward = self.best_move(v, actions, |_, unit, to| {
                let u = &v.units[unit];
                let here = edge_distance(map, u.hex.expect("on the map"), edge);
                let there = edge_distance(map, to, edge);
                (there < here).then(|| 10 * i64::from(here - there) - i64::from(there))
            });
            if toward != Action::EndMovement {
                return toward;
            }
        }
        if matches!(chosen, Action::Move { unit, .. } if v.active == Some(unit)) {
            return chosen;
        }
        let enters: Vec<(usize, Hex, &Action)> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Enter { unit, hex } => Some((*unit, *hex, a)),
                _ => None,
            })
            .collect();
        if enters.is_empty() {
            return chosen;
        }
        // The US comes in near the face-down counters, the NLF in cover away from the US.
        let hidden = hidden_hexes(v);
        let us = side_hexes(v, Side::Us);
        let score = |hex: Hex| -> i64 {
            let sheltered = i64::from(cover(map.terrain(hex)));
            match side {
                Side::Us => -i64::from(nearest(hex, &hidden)) + sheltered,
                Side::Nlf => i64::from(nearest(hex, &us).min(20)) + 5 * sheltered,
            }
        };
        let best = enters
            .iter()
            .map(|&(_, h, _)| score(h))
            .max()
            .expect("not empty");
        let good: Vec<&Action> = enters
            .iter()
            .filter(|&&(_, h, _)| score(h) == best)
            .map(|&(_, _, a)| a)
            .collect();
        self.pick(&good).expect("not empty").clone()
    }
}
