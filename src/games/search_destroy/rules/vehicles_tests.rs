//! Tanks and APCs [22.0], each procedure from the rule's text: movement on the vehicle column,
//! the fire condition, immunity to infantry fire, mines, RPG-7s and their modifiers, the hit on
//! a loaded APC, boarding and getting out, turret HE with the HE fire, and the scenarios played
//! through by the computer.

use super::bot::HeuristicBot;
use super::content::{Side, data};
use super::crt::Crt;
use super::hex::Hex;
use super::map::{Hexside, Terrain};
use super::options::Options;
use super::play::Action;
use super::state::{SearchDestroy, Step, Unit};
use super::tests::{board, counter, moving, rigged};
use super::vehicles::{Hit, VehicleAction};
use crate::engine::bot::Bot;
use crate::engine::game::Game;

fn act(g: &mut SearchDestroy, a: VehicleAction) {
    g.apply_action(&Action::Vehicle(a)).unwrap();
}

/// A hex of `t` whose neighbour `to` (of terrain `u`) is entered over no berm or river, with
/// `room` further open hexes in a row beyond it (so units can line up on open ground).
fn pair(t: Terrain, u: Terrain) -> (Hex, Hex) {
    let map = &data().map;
    for from in map.hexes() {
        if map.terrain(from) != t || from.col < 3 || from.row < 3 || from.col > 40 || from.row > 30
        {
            continue;
        }
        for to in map.neighbours(from) {
            if map.terrain(to) == u
                && !map.between(from, to, Hexside::Berm)
                && !map.between(from, to, Hexside::River)
                && map.neighbours(to).all(|n| map.terrain(n) == Terrain::Open)
                && map
                    .neighbours(from)
                    .all(|n| map.terrain(n) == Terrain::Open || n == to)
            {
                return (from, to);
            }
        }
    }
    panic!("no {t:?} next to {u:?} on the map");
}

fn unit(id: &str, side: Side, hex: Hex) -> Unit {
    counter(id, side, &hex.to_string())
}

fn face_up(mut u: Unit) -> Unit {
    u.face_up = true;
    u
}

#[test]
fn the_vehicle_defense_table_and_modifiers_are_the_rulebooks() {
    let t = &data().vehicles;
    let rows: Vec<Hit> = (1..=8).map(|r| t.result(r)).collect();
    use Hit::*;
    assert_eq!(
        rows,
        [
            None,
            None,
            Immobilized,
            Immobilized,
            Immobilized,
            Immobilized,
            Destroyed,
            Destroyed
        ]
    );
    // Above the table is destroyed (digest ruling A29): RPG 6 + 4 against an APC.
    assert_eq!(t.result(10), Destroyed);
    use super::vehicles::Weapon::*;
    assert_eq!(t.modifier(Mine, "tank"), 0);
    assert_eq!(t.modifier(Mine, "apc"), 2);
    assert_eq!(t.modifier(Rpg, "tank"), 2);
    assert_eq!(t.modifier(Rpg, "apc"), 4);
    assert_eq!((t.fire_mp, t.turret, t.mines), (16, 12, 4));
    assert_eq!(Crt::COLUMNS[t.passenger_column], "3-1");
}

#[test]
fn vehicles_move_32_on_the_vehicle_column() {
    // Open costs a vehicle 3, forest 12; infantry 1 and 3 [8.0, 22.2].
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let mut g = moving(vec![unit("tank", Side::Us, a)], Side::Us);
    assert_eq!(g.units[0].mp, 32);
    assert_eq!(g.step_cost(0, a, b), 3);
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move { unit: 0, to: b }).unwrap();
    assert_eq!((g.units[0].mp, g.units[0].spent), (29, 3));
    let map = &data().map;
    let (o, f) = map
        .hexes()
        .filter(|&o| map.terrain(o) == Terrain::Open)
        .flat_map(|o| map.neighbours(o).map(move |n| (o, n)))
        .find(|&(o, n)| {
            map.terrain(n) == Terrain::Forest
                && !map.between(o, n, Hexside::Berm)
                && !map.between(o, n, Hexside::River)
        })
        .unwrap();
    assert_eq!(SearchDestroy::vehicle_entry_cost(o, f), 12);
    assert_eq!(SearchDestroy::entry_cost(o, f), 3);
    // An infantry squad pays the infantry column.
    let g = moving(vec![unit("us_squad", Side::Us, a)], Side::Us);
    assert_eq!(g.step_cost(0, a, b), 1);
    // The farthest a tank gets over open ground is 10 hexes (30 of its 32 points).
    let g = moving(vec![unit("tank", Side::Us, a)], Side::Us);
    assert!(g.reach(0).values().all(|&(c, _)| c <= 32));
    assert!(g.reach(0).keys().all(|h| h.distance(a) <= 10));
}

#[test]
fn a_vehicle_fires_6_only_after_spending_at_most_16() {
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let mut g = moving(vec![unit("apc", Side::Us, a)], Side::Us);
    g.options.movement_and_fire = true;
    g.units[0].moved = true;
    g.units[0].spent = 16;
    assert!(g.may_fire(0), "half its 32 spent: it may fire [22.14]");
    // Six strength points, not halved by movement and fire (that rule is for infantry).
    assert_eq!(g.attack_halves(0), 12);
    g.units[0].spent = 17;
    assert!(!g.may_fire(0), "17 spent: no fire [22.14]");
    let _ = b;
}

#[test]
fn infantry_fire_never_targets_a_vehicle() {
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let mut g = board(
        vec![
            unit("tank", Side::Us, a),
            face_up(unit("hard_core", Side::Nlf, b)),
        ],
        Step::Combat(Side::Nlf),
    );
    assert!(
        g.targets(Side::Nlf).is_empty(),
        "a vehicle is no target [22.0]"
    );
    // A squad in its place is.
    g.units[0] = unit("us_squad", Side::Us, a);
    assert_eq!(g.targets(Side::Nlf), [a]);
}

#[test]
fn a_mine_stops_the_vehicle_and_attacks_it_at_the_end_of_the_movement_phase() {
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let beyond = data()
        .map
        .neighbours(b)
        .find(|&n| n.distance(a) == 2)
        .unwrap();
    let mut g = moving(vec![unit("tank", Side::Us, a)], Side::Us);
    g.vehicles.mines = vec![b];
    g.rng = rigged(&[3]);
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move {
        unit: 0,
        to: beyond,
    })
    .unwrap();
    // It stops in the mined hex, and the hex is marked [22.33].
    assert_eq!(g.units[0].hex, Some(b));
    assert_eq!(g.units[0].mp, 0);
    assert_eq!(g.vehicles.found, [b]);
    assert!(
        g.log
            .entries()
            .iter()
            .any(|e| e.english().contains("runs onto a mine"))
    );
    g.apply_action(&Action::EndMovement).unwrap();
    // 3 against a tank: immobilized; it never moves again [22.41].
    assert!(g.immobilized(0));
    assert_eq!(g.allowance(0), 0);
    // Against an APC the mine adds 2: a 5 destroys it.
    let mut g = moving(vec![unit("apc", Side::Us, a)], Side::Us);
    g.vehicles.mines = vec![b];
    g.rng = rigged(&[5]);
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move { unit: 0, to: b }).unwrap();
    g.apply_action(&Action::EndMovement).unwrap();
    assert!(g.units[0].removed, "5 + 2 = 7: destroyed");
    // Infantry walk over mines unharmed [22.32].
    let mut g = moving(vec![unit("us_squad", Side::Us, a)], Side::Us);
    g.vehicles.mines = vec![b];
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move {
        unit: 0,
        to: beyond,
    })
    .unwrap();
    assert_eq!(g.units[0].hex, Some(beyond));
    assert!(g.vehicles.found.is_empty());
}

#[test]
fn a_mine_under_a_friendly_unit_stops_a_passing_vehicle_there_and_the_phase_goes_on() {
    // Gibraltar, seed 8: an APC drove through the hex where another, stopped by a mine,
    // stood; the mine stopped it too, in a hex it may not otherwise end in, and nobody could
    // act any more. Now it stays there, and the US may end its movement.
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let beyond = data()
        .map
        .neighbours(b)
        .find(|&n| n.distance(a) == 2)
        .unwrap();
    let mut g = moving(
        vec![unit("apc", Side::Us, a), unit("us_squad", Side::Us, b)],
        Side::Us,
    );
    g.vehicles.mines = vec![b];
    g.rng = rigged(&[1]);
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move {
        unit: 0,
        to: beyond,
    })
    .unwrap();
    assert_eq!(
        g.units[0].hex,
        Some(b),
        "stopped by the mine, beside the squad"
    );
    assert!(g.legal_actions().contains(&Action::EndMovement));
    g.apply_action(&Action::EndMovement).unwrap();
}

#[test]
fn a_route_drives_round_a_found_mine_and_never_through_it() {
    // A mine the US has found stops any vehicle that enters it [22.33]: the route to the
    // hex beyond it goes round it, so the vehicle gets where the player chose; the mine's hex
    // itself may still be chosen.
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let beyond = data()
        .map
        .neighbours(b)
        .find(|&n| n.distance(a) == 2)
        .unwrap();
    let mut g = moving(vec![unit("tank", Side::Us, a)], Side::Us);
    g.vehicles.mines = vec![b];
    g.vehicles.found = vec![b];
    let reach = g.reach(0);
    assert!(reach.contains_key(&b), "the mine's hex may be entered");
    assert!(
        reach.values().all(|&(_, from)| from != b),
        "no route goes on from the mine's hex"
    );
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move {
        unit: 0,
        to: beyond,
    })
    .unwrap();
    assert_eq!(g.units[0].hex, Some(beyond));
    assert!(g.vehicles.struck.is_empty(), "the mine stopped nobody");
    // Infantry never set a mine off, and walk straight over it.
    let mut g = moving(vec![unit("us_squad", Side::Us, a)], Side::Us);
    g.vehicles.found = vec![b];
    assert!(g.reach(0).values().any(|&(_, from)| from == b));
}

/// An NLF cadre face-down two hexes from a US vehicle, in the NLF Combat Phase.
fn rpg_board(vehicle: &str) -> SearchDestroy {
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let c = data()
        .map
        .neighbours(b)
        .find(|&n| n.distance(a) == 2)
        .unwrap();
    board(
        vec![unit(vehicle, Side::Us, a), unit("nlf_leader", Side::Nlf, c)],
        Step::Combat(Side::Nlf),
    )
}

#[test]
fn an_rpg_7_adds_2_against_a_tank_and_4_against_an_apc_once_per_cadre() {
    let rpg = VehicleAction::Rpg {
        cadre: 1,
        vehicle: 0,
    };
    let mut g = rpg_board("tank");
    assert!(g.actions().contains(&Action::Vehicle(rpg)));
    g.rng = rigged(&[4]);
    act(&mut g, rpg);
    // 4 + 2 = 6: immobilized; the cadre is turned face-up and fires nothing else [22.34].
    assert!(g.immobilized(0) && !g.units[0].removed);
    assert!(g.units[1].face_up && g.units[1].fired);
    assert!(g.actions().iter().all(|a| !matches!(a, Action::Vehicle(_))));
    // One rocket for the whole game [22.31].
    g.units[1].fired = false;
    assert!(!g.actions().contains(&Action::Vehicle(rpg)));
    // 3 + 4 = 7 destroys an APC (against a tank it would only immobilize).
    let mut g = rpg_board("apc");
    g.rng = rigged(&[3]);
    act(&mut g, rpg);
    assert!(g.units[0].removed);
    // Out of range or sight, no shot: range 8 [22.34].
    let mut g = rpg_board("tank");
    let far = data()
        .map
        .hexes()
        .find(|h| h.distance(g.units[0].hex.unwrap()) == 9)
        .unwrap();
    g.units[1].hex = Some(far);
    assert!(!g.actions().contains(&Action::Vehicle(rpg)));
    // A cadre that moved may not fire it, as with any fire [6.17].
    let mut g = rpg_board("tank");
    g.units[1].moved = true;
    assert!(!g.actions().contains(&Action::Vehicle(rpg)));
}

#[test]
fn a_hit_apc_s_passengers_undergo_a_3_1_attack_and_are_put_next_to_it() {
    let mut g = rpg_board("apc");
    let at = g.units[0].hex.unwrap();
    let mut squad = unit("us_squad", Side::Us, at);
    squad.aboard = Some(0);
    let mut leader = unit("platoon_leader", Side::Us, at);
    leader.aboard = Some(0);
    g.units.push(squad);
    g.units.push(leader);
    assert!(
        !g.units[2].on_map(),
        "inside the APC: neither seen nor fired on [22.56]"
    );
    // RPG: 1 + 4 = 5, immobilized; then the passengers' attack at 3-1, a 1 (its cell read
    // from the combat table).
    g.rng = rigged(&[1, 1]);
    let cell = data().crt.cell(4, 1);
    let before = g.points[1];
    act(
        &mut g,
        VehicleAction::Rpg {
            cadre: 1,
            vehicle: 0,
        },
    );
    assert!(g.immobilized(0));
    assert_eq!(g.points[1] - before, u32::from(cell.nlf_points));
    assert_eq!(g.step, Step::Vehicles, "the US puts them out [22.42]");
    assert_eq!(g.actor(), Some(Side::Us));
    for _ in 0..2 {
        let Action::Vehicle(VehicleAction::Unload { unit, hex }) = g.actions()[0] else {
            panic!("a placement");
        };
        assert_eq!(hex.distance(at), 1, "next to the APC");
        act(&mut g, VehicleAction::Unload { unit, hex });
        assert!(g.units[unit].on_map() && g.units[unit].aboard.is_none());
    }
    assert_eq!(g.step, Step::Combat(Side::Nlf), "the NLF's fire goes on");
    assert!(g.riders(0).is_empty());
    // An APC is never hit for nothing: a mine adds 2 and an RPG-7 4 to a die of 1 or more,
    // so its passengers always get out [22.41, 22.42].
    assert_eq!(data().vehicles.result(1 + 2), Hit::Immobilized);
}

#[test]
fn boarding_and_getting_out_cost_4_and_16_and_an_apc_takes_one_squad() {
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let c = data()
        .map
        .neighbours(b)
        .find(|&n| n.distance(a) == 2)
        .unwrap();
    let mut g = moving(
        vec![
            unit("apc", Side::Us, b),
            unit("us_squad", Side::Us, a),
            unit("us_squad", Side::Us, c),
            unit(
                "platoon_leader",
                Side::Us,
                data()
                    .map
                    .neighbours(b)
                    .find(|&n| n != a && n != c)
                    .unwrap(),
            ),
        ],
        Side::Us,
    );
    let embark = |unit| Action::Vehicle(VehicleAction::Embark { unit, apc: 0 });
    assert!(g.actions().contains(&embark(1)));
    act(&mut g, VehicleAction::Embark { unit: 1, apc: 0 });
    // The squad pays its way in (open: 1) and 4, the APC 16 [22.52].
    assert_eq!(g.units[1].mp, 12 - 1 - 4);
    assert_eq!(g.units[0].mp, 32 - 16);
    assert_eq!(g.riders(0), [1]);
    assert!(!g.units[1].on_map());
    // One squad with an attack strength only; a leader may come along [22.54].
    assert!(!g.actions().contains(&embark(2)));
    assert!(g.actions().contains(&embark(3)));
    // The squad that boarded may not get out again this phase (digest ruling A27).
    assert!(
        !g.actions()
            .iter()
            .any(|a| matches!(a, Action::Vehicle(VehicleAction::Disembark { unit: 1, .. })))
    );
    // The APC, 16 left, can pay for one more boarding, then nothing of the kind.
    act(&mut g, VehicleAction::Embark { unit: 3, apc: 0 });
    assert_eq!(g.units[0].mp, 0);
    assert!(!g.actions().iter().any(|a| matches!(a, Action::Vehicle(_))));
    // The passengers ride along when the APC moves (next phase: they may get out).
    g.start_movement(Side::Us);
    assert_eq!(g.units[0].mp, 32);
    let out: Vec<Hex> = g
        .actions()
        .iter()
        .filter_map(|a| match a {
            Action::Vehicle(VehicleAction::Disembark { unit: 1, hex }) => Some(*hex),
            _ => None,
        })
        .collect();
    assert!(!out.is_empty() && out.iter().all(|h| h.distance(b) == 1));
    act(
        &mut g,
        VehicleAction::Disembark {
            unit: 1,
            hex: out[0],
        },
    );
    assert_eq!(g.units[1].hex, Some(out[0]));
    assert_eq!(g.units[1].mp, 12 - 4 - SearchDestroy::entry_cost(b, out[0]));
    assert_eq!(g.units[0].mp, 32 - 16);
    // Got out: it may not board again this phase.
    assert!(!g.actions().contains(&embark(1)));
}

#[test]
fn a_tank_s_turret_adds_12_to_the_he_fire_and_sees_as_far_as_open_ground_goes() {
    let (a, b) = pair(Terrain::Open, Terrain::Open);
    let c = data()
        .map
        .neighbours(b)
        .find(|&n| n.distance(a) == 2)
        .unwrap();
    let mut g = board(
        vec![unit("tank", Side::Us, a), unit("hard_core", Side::Nlf, c)],
        Step::Probe,
    );
    g.start_us_combat();
    assert_eq!(
        g.step,
        Step::HeFire,
        "turret fire goes with the HE segments [22.12, 21.41]"
    );
    let turret = VehicleAction::Turret { tank: 0, hex: c };
    assert!(g.actions().contains(&Action::Vehicle(turret)));
    act(&mut g, turret);
    assert_eq!(g.he_strengths().get(&c), Some(&12));
    // Both weapons in one phase: its 6 of ground fire is still free [22.13].
    g.apply_action(&Action::He(super::he_fire::HeAction::Fire))
        .unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us));
    assert!(g.may_fire(0));
    // A tank that spent more than 16 fires neither.
    let mut g = board(
        vec![unit("tank", Side::Us, a), unit("hard_core", Side::Nlf, c)],
        Step::Probe,
    );
    g.units[0].moved = true;
    g.units[0].spent = 20;
    g.start_us_combat();
    assert_eq!(g.step, Step::Combat(Side::Us));
    // The turret's sight has no range limit over open ground; ground fire stops at 8.
    let g = board(vec![unit("tank", Side::Us, a)], Step::Probe);
    let open_far = data()
        .map
        .hexes()
        .find(|&h| h.distance(a) > 8 && g.turret_sees(0, h) && !g.sees(a, h));
    assert!(
        open_far.is_some(),
        "some hex past 8 is in the turret's sight"
    );
}

#[test]
fn the_us_view_never_holds_a_mine_before_it_is_found() {
    let mut g = SearchDestroy::new("op_gibraltar", 3).unwrap();
    let mut bots = [HeuristicBot::new(3), HeuristicBot::new(4)];
    while g.step == Step::Setup {
        let seat = g.actor().unwrap().seat();
        let a = bots[usize::from(seat)].choose(&g.view(seat), &g.legal_actions());
        g.apply(&a).unwrap();
    }
    assert_eq!(g.vehicles.mines.len(), 4, "four mines [22.31]");
    assert!(g.view(0).vehicles.mines.is_empty());
    assert_eq!(g.view(1).vehicles.mines, g.vehicles.mines);
    let us_lines: Vec<String> = g
        .log
        .seen_by(0)
        .entries()
        .iter()
        .map(|e| e.english())
        .collect();
    for m in &g.vehicles.mines {
        assert!(
            us_lines
                .iter()
                .all(|l| !l.contains(&m.to_string()) || !l.contains("mine")),
            "the US log names mine {m}"
        );
    }
    g.vehicles.found.push(g.vehicles.mines[0]);
    assert_eq!(g.view(0).vehicles.mines, [g.vehicles.mines[0]]);
}

/// Bot games of both vehicle scenarios end, with every option and without; vehicles come in,
/// and turret fire, RPG-7s or APC hits happen.
#[test]
fn the_bots_play_gibraltar_and_cau_ke_to_the_end() {
    let all = super::leak_tests::all_options();
    let mut vehicle_events = 0;
    for (scenario, options, seed) in [("op_gibraltar", Options::default(), 1), ("cau_ke", all, 4)] {
        let mut g = SearchDestroy::with_options(scenario, &options, seed).unwrap();
        g.quiet_log();
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        let mut n = 0;
        while g.outcome().is_none() {
            let actions = g.legal_actions();
            assert!(!actions.is_empty(), "{scenario}: dead end at {:?}", g.step);
            let seat = g.actor().unwrap().seat();
            let a = bots[usize::from(seat)].choose(&g.view(seat), &actions);
            vehicle_events += usize::from(matches!(
                a,
                Action::Vehicle(
                    VehicleAction::Rpg { .. }
                        | VehicleAction::Turret { .. }
                        | VehicleAction::Unload { .. }
                )
            ));
            g.apply(&a).unwrap();
            n += 1;
            assert!(n < 40_000, "{scenario}: no end");
        }
        let moved = g.units.iter().enumerate().any(|(i, u)| {
            g.is_vehicle(i) && (u.removed || u.hex.is_some_and(|h| h.col > 1 && h.col < 44))
        });
        assert!(moved, "{scenario}: no vehicle came in");
    }
    assert!(
        vehicle_events > 0,
        "no turret fire, RPG-7 or APC hit in two games"
    );
}

#[test]
fn with_the_casualty_system_a_hit_apc_s_passengers_alone_take_casualties() {
    let mut g = rpg_board("apc");
    g.options.casualties = true;
    let at = g.units[0].hex.unwrap();
    let mut squad = unit("us_squad", Side::Us, at);
    squad.aboard = Some(0);
    g.units.push(squad);
    // A Medical team standing in the APC's hex is no passenger.
    g.units.push(unit("medical_team", Side::Us, at));
    // RPG: 1 + 4 = 5, immobilized; the passengers' attack at 3-1 rolls 4: pinned and one
    // wounded on the casualty table (20 points on the points table).
    let cell = data().casualties.cell(data().vehicles.passenger_column, 4);
    assert!(cell.pinned && cell.wounded == 1 && cell.killed == 0);
    g.rng = rigged(&[1, 4]);
    act(
        &mut g,
        VehicleAction::Rpg {
            cadre: 1,
            vehicle: 0,
        },
    );
    assert_eq!(g.points, [0, 0], "casualties are scored at the end [20.4]");
    let ledger = &g.casualties.ledger;
    assert_eq!(ledger.len(), 1);
    assert!(!ledger[0].killed);
    assert_eq!(
        ledger[0].holds,
        vec![2],
        "the passenger's, not the medic's [20.31]"
    );
    assert_eq!(g.units[ledger[0].marker].hex, Some(at));
    assert!(g.units[2].pinned);
    assert!(!g.units[3].pinned && g.units[3].on_map());
}
