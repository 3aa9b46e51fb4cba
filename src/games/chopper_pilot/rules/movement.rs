//! Helicopter movement on the Tactical Map [8.3, 8.6]: movement points by altitude, facing,
//! hovering, one level change a turn (but land, load or unload, and take off in one turn),
//! and what damage does to it [C2]. One activation at a time; every step is checked and
//! costed before it is made.

use serde::{Deserialize, Serialize};

use super::content::{Colour, HeloType, data};
use super::hex::{Hex, absolute};
use super::state::Helicopter;
use crate::engine::message::n_;

/// The four altitudes, counters G, N, L, M [8.3].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Altitude {
    Landed,
    Noe,
    Low,
    Medium,
}

impl Altitude {
    /// The altitude as the log and the choices name it.
    pub fn name(self) -> &'static str {
        match self {
            Altitude::Landed => n_("landed"),
            Altitude::Noe => n_("NOE"),
            Altitude::Low => n_("low"),
            Altitude::Medium => n_("medium"),
        }
    }

    fn up(self) -> Option<Altitude> {
        match self {
            Altitude::Landed => None,
            Altitude::Noe => Some(Altitude::Low),
            Altitude::Low => Some(Altitude::Medium),
            Altitude::Medium => None,
        }
    }
    fn down(self) -> Option<Altitude> {
        match self {
            Altitude::Medium => Some(Altitude::Low),
            Altitude::Low => Some(Altitude::Noe),
            _ => None,
        }
    }
}

/// One step of an activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// One hex ahead of the nose.
    Forward,
    /// One hex in rulebook direction 2-6 from the nose, keeping the facing (hovering only).
    Slide(u8),
    /// One hexside, clockwise or not.
    Turn {
        clockwise: bool,
    },
    EnterHover,
    /// One more MP spent hovering in place (false insertions).
    HoldHover,
    Climb,
    Descend,
    Land,
    TakeOff,
    Load,
    Unload,
    /// SOG strings: lowered to a team below, or the team taken aboard once landed; either
    /// takes the whole activation [11.1].
    Strings,
}

/// Where a helicopter is and what it has done this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flying {
    pub hex: Hex,
    pub facing: u8,
    pub altitude: Altitude,
    pub hovering: bool,
    /// Hovering when this turn's activation began.
    pub began_hovering: bool,
    pub mp_left: u8,
    pub mp_spent: u8,
    pub level_changes: u8,
    /// A hex ahead has been entered since the last turn of the nose [8.3].
    pub moved_since_turn: bool,
    pub landed_this_turn: bool,
    pub cargo_this_turn: bool,
    /// Load and unload each cost once per stay on the ground [8.6].
    pub loaded_here: bool,
    pub unloaded_here: bool,
    /// MP spent hovering in this hex this turn (a false insertion needs 2) [8.3].
    pub hover_mp_here: u8,
}

impl Flying {
    pub fn new(hex: Hex, facing: u8, altitude: Altitude) -> Flying {
        Flying {
            hex,
            facing,
            altitude,
            hovering: false,
            began_hovering: false,
            mp_left: 0,
            mp_spent: 0,
            level_changes: 0,
            moved_since_turn: true,
            landed_this_turn: false,
            cargo_this_turn: false,
            loaded_here: false,
            unloaded_here: false,
            hover_mp_here: 0,
        }
    }
}

/// What damage leaves of a helicopter's flying [C2].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub mp_change: i32,
    pub turn_cost: u8,
    pub no_hover: bool,
    pub ceiling: Altitude,
}

pub fn limits(heli: &Helicopter) -> Limits {
    let spec = data().helicopter(heli.kind);
    let mut l = Limits {
        mp_change: 0,
        turn_cost: 1,
        no_hover: false,
        ceiling: Altitude::Medium,
    };
    for (system, n) in &heli.checked {
        let Some(track) = spec.track(*system) else {
            continue;
        };
        for colour in track
            .boxes
            .iter()
            .take(usize::from(*n))
            .filter(|c| **c != Colour::Red)
        {
            if let Some(e) = data().effect(*system, *colour) {
                l.mp_change += e.mp;
                l.turn_cost = l.turn_cost.max(e.turn_cost);
                l.no_hover |= e.no_hover;
                if let Some(c) = &e.ceiling {
                    l.ceiling = l.ceiling.min(if c == "noe" {
                        Altitude::Noe
                    } else {
                        Altitude::Low
                    });
                }
            }
        }
    }
    l
}

/// The movement points for a turn begun at `altitude` (a landed helicopter has its NOE
/// allowance), after damage, never below the flight's minimum [8.3, G05].
pub fn allowance(kind: HeloType, altitude: Altitude, limits: &Limits) -> u8 {
    let mp = data().helicopter(kind).mp;
    let base = match altitude {
        Altitude::Landed | Altitude::Noe => mp.noe,
        Altitude::Low => mp.low,
        Altitude::Medium => mp.medium,
    };
    let min = i32::from(data().flight.min_mp);
    (i32::from(base) + limits.mp_change).max(min) as u8
}

/// Starts a helicopter's activation.
pub fn begin(f: &mut Flying, kind: HeloType, limits: &Limits) {
    f.mp_left = allowance(kind, f.altitude, limits);
    f.mp_spent = 0;
    f.level_changes = 0;
    f.landed_this_turn = false;
    f.cargo_this_turn = false;
    f.began_hovering = f.hovering;
    f.hover_mp_here = 0;
}

/// The MP a step costs now, or why it may not be made [8.3, 8.6]. `may_land` says whether
/// the terrain of the helicopter's hex allows landing [D].
pub fn cost(f: &Flying, step: Step, limits: &Limits, may_land: bool) -> Result<u8, &'static str> {
    cost_with(f, step, || *limits, || may_land)
}

/// [`cost`] with the limits and the terrain's answer worked out only if the step asks for
/// them (a turn, a hover, a climb; a landing): the rules ask the cost of one step many times
/// an activation, and most steps need neither.
pub fn cost_with(
    f: &Flying,
    step: Step,
    limits: impl FnOnce() -> Limits,
    may_land: impl FnOnce() -> bool,
) -> Result<u8, &'static str> {
    let limits = std::cell::LazyCell::new(limits);
    let may_land = std::cell::LazyCell::new(may_land);
    let airborne = f.altitude != Altitude::Landed;
    let change_ok = f.level_changes == 0;
    let cost = match step {
        Step::Forward if !airborne => return Err("a landed helicopter must take off first"),
        Step::Forward => 1,
        Step::Slide(k) if !(2..=6).contains(&k) => {
            return Err("sideways or backwards means direction 2-6");
        }
        Step::Slide(_) if !f.hovering => {
            return Err("sideways and backwards moves start from a hover");
        }
        Step::Slide(_) => 2,
        Step::Turn { .. } if !airborne => return Err("a landed helicopter does not turn"),
        Step::Turn { .. } if !(f.hovering || f.moved_since_turn) => {
            return Err("move one hex ahead before turning again, unless hovering");
        }
        Step::Turn { .. } => limits.turn_cost,
        Step::EnterHover if !airborne || f.hovering => {
            return Err("only a flying helicopter that is not hovering can enter a hover");
        }
        Step::EnterHover | Step::HoldHover if limits.no_hover => {
            return Err("damage: this helicopter cannot hover");
        }
        Step::EnterHover => 1,
        Step::HoldHover if !f.hovering => return Err("not hovering"),
        Step::HoldHover => 1,
        Step::Climb if !airborne => return Err("take off first"),
        Step::Climb if f.altitude.up().is_none_or(|a| a > limits.ceiling) => {
            return Err("no higher: Medium is the ceiling, or damage keeps it lower");
        }
        Step::Descend if f.altitude.down().is_none() => {
            return Err("below NOE a helicopter can only land");
        }
        Step::Climb | Step::Descend if !change_ok => return Err("one change of altitude a turn"),
        Step::Climb | Step::Descend => 1,
        Step::Land if f.altitude != Altitude::Noe => return Err("land from NOE"),
        Step::Land if !*may_land => return Err("the terrain here does not allow landing"),
        Step::Land if !change_ok => return Err("one change of altitude a turn"),
        Step::Land => 1,
        Step::TakeOff if airborne => return Err("not landed"),
        Step::TakeOff if !(change_ok || f.landed_this_turn && f.cargo_this_turn) => {
            return Err("one change of altitude a turn, unless landing to load or unload");
        }
        Step::TakeOff => 1,
        Step::Load | Step::Unload if airborne => return Err("land to load or unload"),
        Step::Load => u8::from(!f.loaded_here),
        Step::Unload => u8::from(!f.unloaded_here),
        Step::Strings if f.mp_spent > 0 => {
            return Err("the strings take a whole activation");
        }
        Step::Strings if airborne && !(f.altitude == Altitude::Noe && f.began_hovering) => {
            return Err("lower the strings from a hover at NOE held since the turn began");
        }
        Step::Strings => f.mp_left,
    };
    if cost > f.mp_left {
        return Err("not enough movement points");
    }
    Ok(cost)
}

/// Makes a step already costed by [`cost`].
pub fn make(f: &mut Flying, step: Step, paid: u8) {
    f.mp_left -= paid;
    f.mp_spent += paid;
    match step {
        Step::Forward => {
            f.hex = f.hex.neighbour(f.facing);
            f.hovering = false;
            f.moved_since_turn = true;
            f.hover_mp_here = 0;
        }
        Step::Slide(k) => {
            f.hex = f.hex.neighbour(absolute(f.facing, k));
            f.hover_mp_here = 0;
        }
        Step::Turn { clockwise } => {
            f.facing = if clockwise {
                (f.facing + 1) % 6
            } else {
                (f.facing + 5) % 6
            };
            f.moved_since_turn = false;
        }
        Step::EnterHover | Step::HoldHover => {
            f.hovering = true;
            f.hover_mp_here += paid;
        }
        Step::Climb => {
            f.altitude = f.altitude.up().unwrap_or(f.altitude);
            f.level_changes += 1;
        }
        Step::Descend => {
            f.altitude = f.altitude.down().unwrap_or(f.altitude);
            f.level_changes += 1;
        }
        Step::Land => {
            f.altitude = Altitude::Landed;
            f.hovering = false;
            f.level_changes += 1;
            f.landed_this_turn = true;
        }
        Step::TakeOff => {
            f.altitude = Altitude::Noe;
            f.level_changes += 1;
            f.loaded_here = false;
            f.unloaded_here = false;
        }
        Step::Load => {
            f.loaded_here = true;
            f.cargo_this_turn = true;
        }
        Step::Unload => {
            f.unloaded_here = true;
            f.cargo_this_turn = true;
        }
        Step::Strings => {}
    }
}

/// Ends the activation: an airborne helicopter that spent nothing hovers, and one still
/// hovering pays 1 MP for staying in the hover unless it paid for hovering already
/// [8.3, ruling A26]. Returns the MP charged.
pub fn end(f: &mut Flying, limits: &Limits) -> u8 {
    if f.altitude == Altitude::Landed || limits.no_hover {
        return 0;
    }
    let must_hover = f.mp_spent == 0 || (f.hovering && f.began_hovering && f.hover_mp_here == 0);
    if must_hover && f.mp_left > 0 {
        f.hovering = true;
        f.mp_left -= 1;
        f.mp_spent += 1;
        return 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chopper_pilot::rules::content::System;

    fn huey() -> Helicopter {
        Helicopter::new(HeloType::Huey, 1)
    }

    fn run(f: &mut Flying, l: &Limits, steps: &[Step]) -> Result<(), &'static str> {
        for &s in steps {
            let c = cost(f, s, l, true)?;
            make(f, s, c);
        }
        Ok(())
    }

    #[test]
    fn the_rulebook_example_lands_unloads_and_takes_off_in_one_turn() {
        // 8.6: a Huey at NOE with 6 MP: 1 into the LZ, 1 to land, 1 to unload, 1 to take off,
        // 2 for two more hexes.
        let h = huey();
        let l = limits(&h);
        let mut f = Flying::new(Hex { q: 5, r: 5 }, 0, Altitude::Noe);
        begin(&mut f, HeloType::Huey, &l);
        assert_eq!(f.mp_left, 6);
        run(
            &mut f,
            &l,
            &[
                Step::Forward,
                Step::Land,
                Step::Unload,
                Step::TakeOff,
                Step::Forward,
                Step::Forward,
            ],
        )
        .unwrap();
        assert_eq!(
            (f.mp_left, f.altitude, f.level_changes),
            (0, Altitude::Noe, 2)
        );
        assert_eq!(f.hex, Hex { q: 5, r: 2 });
        // Without the unloading the second level change is refused.
        let mut g = Flying::new(Hex { q: 5, r: 5 }, 0, Altitude::Noe);
        begin(&mut g, HeloType::Huey, &l);
        run(&mut g, &l, &[Step::Land]).unwrap();
        assert!(cost(&g, Step::TakeOff, &l, true).is_err());
    }

    #[test]
    fn one_level_change_a_turn_and_medium_is_the_ceiling() {
        let l = limits(&huey());
        let mut f = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Medium);
        begin(&mut f, HeloType::Huey, &l);
        assert_eq!(f.mp_left, 8, "Huey at Medium (G05)");
        assert!(
            cost(&f, Step::Climb, &l, true).is_err(),
            "never above Medium"
        );
        run(&mut f, &l, &[Step::Descend]).unwrap();
        assert_eq!(
            cost(&f, Step::Descend, &l, true),
            Err("one change of altitude a turn")
        );
        assert!(
            cost(&f, Step::Land, &l, true).is_err(),
            "land from NOE only"
        );
    }

    #[test]
    fn turning_needs_a_hex_ahead_between_turns_unless_hovering() {
        let l = limits(&huey());
        let mut f = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Low);
        begin(&mut f, HeloType::Huey, &l);
        run(&mut f, &l, &[Step::Turn { clockwise: true }]).unwrap();
        assert!(cost(&f, Step::Turn { clockwise: true }, &l, true).is_err());
        run(
            &mut f,
            &l,
            &[
                Step::Forward,
                Step::Turn { clockwise: true },
                Step::EnterHover,
                Step::Turn { clockwise: true },
            ],
        )
        .unwrap();
        assert_eq!(f.facing, 3);
        assert_eq!(
            cost(&f, Step::Slide(4), &l, true),
            Ok(2),
            "lateral or back: 2 MP from a hover"
        );
        let before = f.hex;
        make(&mut f, Step::Slide(4), 2);
        assert_eq!(f.facing, 3, "facing kept");
        assert_eq!(before.distance(f.hex), 1);
        assert_eq!(f.mp_left, 0);
    }

    #[test]
    fn a_false_insertion_hovers_two_mp_in_the_hex() {
        let l = limits(&huey());
        let mut f = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Noe);
        begin(&mut f, HeloType::Huey, &l);
        run(
            &mut f,
            &l,
            &[Step::Forward, Step::EnterHover, Step::HoldHover],
        )
        .unwrap();
        assert_eq!(f.hover_mp_here, 2);
        run(&mut f, &l, &[Step::Forward, Step::Forward, Step::Forward]).unwrap();
        assert_eq!(f.mp_left, 0);
        assert!(!f.hovering, "moving on leaves the hover");
    }

    #[test]
    fn hovering_costs_a_point_each_turn_and_idling_means_hovering() {
        let l = limits(&huey());
        let mut f = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Low);
        begin(&mut f, HeloType::Huey, &l);
        assert_eq!(end(&mut f, &l), 1, "minimum expenditure 1 MP: it hovers");
        assert!(f.hovering);
        begin(&mut f, HeloType::Huey, &l);
        assert_eq!(end(&mut f, &l), 1, "staying in the hover costs 1 MP a turn");
        let mut g = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Landed);
        begin(&mut g, HeloType::Huey, &l);
        assert_eq!(end(&mut g, &l), 0, "staying landed costs nothing (A26)");
    }

    #[test]
    fn damage_slows_and_limits_the_helicopter() {
        let mut h = huey();
        h.checked = vec![(System::Engine, 1), (System::TailRotor, 1)];
        let l = limits(&h);
        assert_eq!(l.mp_change, -2, "Engine yellow -2 MP (G06)");
        assert_eq!(l.turn_cost, 2);
        assert!(l.no_hover);
        assert_eq!(l.ceiling, Altitude::Low);
        assert_eq!(allowance(HeloType::Huey, Altitude::Noe, &l), 4);
        let mut f = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Noe);
        begin(&mut f, HeloType::Huey, &l);
        assert!(cost(&f, Step::EnterHover, &l, true).is_err());
        run(&mut f, &l, &[Step::Climb]).unwrap();
        assert!(
            cost(&f, Step::Climb, &l, true).is_err(),
            "cannot climb above Low"
        );
        assert_eq!(cost(&f, Step::Turn { clockwise: false }, &l, true), Ok(2));
        h.checked = vec![
            (System::Engine, 1),
            (System::Fuel, 2),
            (System::MainRotor, 2),
        ];
        assert_eq!(
            allowance(HeloType::Huey, Altitude::Noe, &limits(&h)),
            2,
            "never below 2 MP"
        );
    }

    #[test]
    fn loading_costs_once_per_stay_and_needs_the_ground() {
        let l = limits(&huey());
        let mut f = Flying::new(Hex { q: 0, r: 0 }, 0, Altitude::Noe);
        begin(&mut f, HeloType::Huey, &l);
        assert!(cost(&f, Step::Load, &l, true).is_err());
        assert!(
            cost(&f, Step::Land, &l, false).is_err(),
            "terrain forbids landing"
        );
        run(&mut f, &l, &[Step::Land, Step::Unload, Step::Load]).unwrap();
        assert_eq!(f.mp_spent, 3, "unload and load: 2 MP [8.6]");
        begin(&mut f, HeloType::Huey, &l);
        assert_eq!(
            cost(&f, Step::Load, &l, true),
            Ok(0),
            "more turns in the LZ cost nothing more"
        );
    }
}
