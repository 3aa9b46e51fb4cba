//! That Others May Live positions for the rules tests (`tests/csar_rules.rs`,
//! `tests/csar_corrections.rs`): one copy of each set-up helper.

#![allow(dead_code)] // each test binary uses some of them

use tonkin::engine::deck::Deck;
use tonkin::engine::game::Game;
use tonkin::games::csar::rules::state::Placed;
use tonkin::games::csar::rules::{Csar, Step};

/// Caged Tiger, past its set-up decisions, at the Move segment of turn 1.
pub fn caged_tiger(seed: u64) -> Csar {
    let mut g = Csar::setup("caged_tiger", &Default::default(), seed).unwrap();
    while g.step != Step::Move {
        let first = g.prompt().choices[0].action.clone();
        g.apply(&first).unwrap();
    }
    g
}

/// Puts `top_first` on top of the Resolution deck, in that order, the rest below.
pub fn stack(g: &mut Csar, top_first: &[u8]) {
    let mut rest: Vec<u8> = (1..=30)
        .filter(|c| !top_first.contains(c) && !g.set_aside.contains(c))
        .collect();
    rest.extend(top_first.iter().rev());
    g.resolution = Deck::stacked(rest);
}

/// Unit counter `counter` as placed on the map: not suppressed, not fired, no hits.
pub fn gun(counter: u8) -> Placed {
    Placed {
        counter,
        suppressed: false,
        fired: false,
        hits: 0,
        mark: None,
        fresh: false,
        target: None,
        hit_this_turn: false,
    }
}

/// Takes unit counter `counter` out of the cup (or the removed pile) and places it in `zone`.
pub fn place_unit(g: &mut Csar, zone: usize, counter: u8) {
    g.unit_cup.take(|&u| u == counter);
    g.units_out.retain(|&u| u != counter);
    g.zones[zone].units.push(gun(counter));
}
