//! The Basic game against the rulebook's procedures, and bot-against-bot play.

use super::bot::HeuristicBot;
use super::content::{Side, data};
use super::hex::Hex;
use super::map::Terrain;
use super::options::Options;
use super::play::Action;
use super::state::{SearchDestroy, Step, Unit};
use crate::engine::dice::d6;
use crate::engine::game::{Game, Verdict};
use crate::engine::rng::Rng;

pub(super) fn h(s: &str) -> Hex {
    Hex::parse(s).unwrap()
}

/// A generator whose next d6 rolls are `faces`.
pub(super) fn rigged(faces: &[i32]) -> Rng {
    (0u64..)
        .map(Rng::seeded)
        .find(|r| {
            let mut r = r.clone();
            faces.iter().all(|&f| d6(&mut r).total == f)
        })
        .unwrap()
}

pub(super) fn counter(id: &str, side: Side, hex: &str) -> Unit {
    let mut u = Unit::new(data().counter_index(id).unwrap() as u16, side);
    u.hex = Some(h(hex));
    u
}

/// A Basic game with only the given units, in the given step.
pub(super) fn board(units: Vec<Unit>, step: Step) -> SearchDestroy {
    board_with(units, step, &Options::default())
}

/// The same with optional rules [16.0-28.0].
pub(super) fn board_with(units: Vec<Unit>, step: Step, options: &Options) -> SearchDestroy {
    let mut g = SearchDestroy::with_options("basic", options, 1).unwrap();
    g.units = units;
    // No entries: a US unit off the map is aboard the landing under way [9.12].
    g.schedule.entries.clear();
    g.turn = 2;
    g.step = step;
    g
}

pub(super) fn moving(units: Vec<Unit>, side: Side) -> SearchDestroy {
    moving_with(units, side, &Options::default())
}

pub(super) fn moving_with(units: Vec<Unit>, side: Side, options: &Options) -> SearchDestroy {
    let mut g = board_with(units, Step::Movement(side), options);
    for u in g.units.iter_mut().filter(|u| u.side == side) {
        u.mp = u.spec().unwrap().movement;
    }
    g
}

#[test]
fn map_terrain_used_below() {
    // The positions below rely on these hexes of the reconstructed map.
    let map = &data().map;
    assert_eq!(map.terrain(h("0110")), Terrain::Open);
    assert_eq!(map.terrain(h("0210")), Terrain::Open);
    assert_eq!(map.terrain(h("0113")), Terrain::Forest);
    assert_eq!(map.terrain(h("0404")), Terrain::Open);
}

#[test]
fn peasants_are_placed_only_where_the_rules_allow() {
    // 9.11: peasants in clear, broken, building or treeline hexes; at most two in treelines.
    let mut g = SearchDestroy::new("basic", 3).unwrap();
    let map = &data().map;
    let peasant = (0..g.units.len())
        .find(|&i| g.units[i].is("peasant"))
        .unwrap();
    let hexes = g.placement_hexes(peasant);
    assert!(hexes.iter().all(|&x| map.terrain(x) != Terrain::Forest));
    assert!(hexes.iter().any(|&x| map.terrain(x) == Terrain::Treeline));
    let treelines: Vec<Hex> = map
        .hexes()
        .filter(|&x| map.terrain(x) == Terrain::Treeline)
        .take(2)
        .collect();
    let others: Vec<usize> = (0..g.units.len())
        .filter(|&i| g.units[i].is("peasant") && i != peasant)
        .take(2)
        .collect();
    for (&i, &x) in others.iter().zip(&treelines) {
        g.units[i].hex = Some(x);
    }
    let hexes = g.placement_hexes(peasant);
    assert!(hexes.iter().all(|&x| map.terrain(x) != Terrain::Treeline));
    assert!(!hexes.contains(&treelines[0]));
    // Any other counter may go in a forest.
    let cache = (0..g.units.len()).find(|&i| g.units[i].is("rice")).unwrap();
    assert!(
        g.placement_hexes(cache)
            .iter()
            .any(|&x| map.terrain(x) == Terrain::Forest)
    );
}

#[test]
fn the_landing_is_one_snake_on_open_or_broken_ground_without_roads() {
    // 9.12, 9.15.
    let mut g = SearchDestroy::new("basic", 3).unwrap();
    // The US Movement Phase of Game-Turn 1 opens with the landing [9.12].
    assert!(g.start_helidrop());
    assert_eq!(g.step, Step::Landing);
    for u in g.units.iter_mut().filter(|u| u.side == Side::Nlf) {
        u.hex = None;
    }
    let map = &data().map;
    let first = g.landing_hexes();
    assert!(
        first.iter().all(|&x| {
            matches!(map.terrain(x), Terrain::Open | Terrain::Broken) && !map.road(x)
        })
    );
    assert!(!first.contains(&h("0108")), "0108 carries a road");
    // Start at 0404 and go on to 0405: the next hex must touch the snake at an end only.
    g.apply_action(&Action::Land(h("0404"))).unwrap();
    assert!(
        g.landing_hexes()
            .iter()
            .all(|&x| x.distance(h("0404")) == 1)
    );
    g.apply_action(&Action::Land(h("0405"))).unwrap();
    let next = g.landing_hexes();
    // 0505 and 0305 touch both 0404 and 0405: they would close a triangle.
    assert!(!next.contains(&h("0505")));
    assert!(!next.contains(&h("0305")));
    assert!(next.contains(&h("0306")));
    assert!(g.apply_action(&Action::Land(h("0505"))).is_err());
    g.apply_action(&Action::ResetLanding).unwrap();
    assert!(g.landing.is_empty());
}

#[test]
fn a_helicopter_shot_down_loses_its_passenger_and_scores_fifty() {
    // 9.13, 7.2: two hard-core at a helicopter (DS 1) fire at 4-1; a 6 reads "h 60 D 25".
    let mut units = vec![
        counter("hard_core", Side::Nlf, "0113"),
        counter("hard_core", Side::Nlf, "0114"),
    ];
    for _ in 0..2 {
        let mut u = counter("us_squad", Side::Us, "0101");
        u.hex = None;
        units.push(u);
    }
    let mut cc = counter("company_commander", Side::Us, "0101");
    cc.hex = None;
    units.push(cc);
    let mut g = board(units, Step::LandingFire);
    g.landing = ["0110", "0210", "0311"].map(h).to_vec();
    g.commander_hex = Some(h("0110"));
    g.rng = rigged(&[6]);
    // The NLF does not know where the commander is.
    assert_eq!(g.view(1).commander_hex, None);
    for a in [
        Action::Target(h("0110")),
        Action::AddFirer(0),
        Action::AddFirer(1),
        Action::Resolve,
    ] {
        g.apply_action(&a).unwrap();
    }
    assert_eq!(g.points[1], 50);
    assert!(
        g.units[0].face_up && g.units[1].face_up,
        "firers are revealed"
    );
    assert!(g.commander_destroyed);
    // No helicopter is attacked twice.
    assert!(!g.actions().contains(&Action::Target(h("0110"))));
    g.apply_action(&Action::EndFire).unwrap();
    let landed: Vec<&Unit> = g
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .collect();
    assert_eq!(landed.len(), 2);
    assert!(landed.iter().all(|u| u.landed && u.face_up));
    assert_eq!(g.step, Step::Probe);
}

#[test]
fn movement_pays_terrain_and_hexsides_and_never_enters_the_enemy() {
    // 8.0: open 1, forest 3, berm +1; 5.21 enemy hexes are never entered.
    let map = &data().map;
    let g = moving(vec![counter("us_squad", Side::Us, "0110")], Side::Us);
    let reach = g.reach(0);
    let (cost, from) = reach[&h("0111")];
    let berm = map.between(h("0110"), h("0111"), super::map::Hexside::Berm);
    assert_eq!(cost, 1 + u8::from(berm));
    assert_eq!(from, h("0110"));
    assert_eq!(reach[&h("0113")].0, reach[&h("0112")].0 + 3);
    let g = moving(
        vec![
            counter("us_squad", Side::Us, "0110"),
            counter("dummy", Side::Nlf, "0111"),
        ],
        Side::Us,
    );
    assert!(!g.reach(0).contains_key(&h("0111")));
    // Friendly units may be passed but not stayed with [5.14].
    let g = moving(
        vec![
            counter("us_squad", Side::Us, "0110"),
            counter("us_squad", Side::Us, "0111"),
        ],
        Side::Us,
    );
    assert!(g.reach(0).contains_key(&h("0111")));
    assert!(!g.destinations(0).contains(&h("0111")));
}

/// A start, a goal two hexes away, and two hexes between them that cost differently to
/// cross: the cheaper middle and the dearer one (no berm or river on the way).
fn two_ways() -> (Hex, Hex, Hex, Hex) {
    let map = &data().map;
    let plain = |a: Hex, b: Hex| {
        !map.between(a, b, super::map::Hexside::Berm)
            && !map.between(a, b, super::map::Hexside::River)
    };
    let cost = |x: Hex| data().terrain[&map.terrain(x)].infantry_mp;
    for start in map.hexes() {
        if map.terrain(start) != Terrain::Open {
            continue;
        }
        for goal in map.hexes().filter(|g| g.distance(start) == 2) {
            let middles: Vec<Hex> = map
                .neighbours(start)
                .filter(|&m| m.distance(goal) == 1 && plain(start, m))
                .filter(|&m| map.neighbours(m).any(|n| n == goal) && plain(m, goal))
                .collect();
            if let [a, b] = middles[..]
                && cost(a) != cost(b)
                && cost(goal) <= 2
            {
                let (cheap, dear) = if cost(a) < cost(b) { (a, b) } else { (b, a) };
                return (start, goal, cheap, dear);
            }
        }
    }
    panic!("the map has no such place");
}

#[test]
fn units_move_one_at_a_time_along_the_path_their_player_traces() {
    // 5.0, 5.1: a unit is taken up and moved, hex by hex if its player wants; it pays for
    // the hexes it enters; taking up another unit releases the one that moved.
    let (start, goal, cheap, dear) = two_ways();
    let terrain = |x: Hex| data().terrain[&data().map.terrain(x)].infantry_mp;
    let squads = vec![
        counter("us_squad", Side::Us, &start.to_string()),
        counter("us_squad", Side::Us, "4430"),
    ];
    let mut g = moving(squads, Side::Us);
    let full = g.units[0].mp;
    // Not taken up: no move.
    assert!(g.apply_action(&Action::Move { unit: 0, to: goal }).is_err());
    g.apply_action(&Action::Select(0)).unwrap();
    let mut by_the_cheap_way = g.clone();
    by_the_cheap_way
        .apply_action(&Action::Move { unit: 0, to: goal })
        .unwrap();
    assert_eq!(
        by_the_cheap_way.units[0].mp,
        full - terrain(cheap) - terrain(goal)
    );
    // The player goes through the dearer hex instead: one step, then the next.
    g.apply_action(&Action::Move { unit: 0, to: dear }).unwrap();
    g.apply_action(&Action::Move { unit: 0, to: goal }).unwrap();
    assert_eq!(g.units[0].hex, Some(goal));
    assert_eq!(g.units[0].mp, full - terrain(dear) - terrain(goal));
    // Taking up the other squad releases this one for the phase.
    g.apply_action(&Action::Select(1)).unwrap();
    assert!(g.units[0].released);
    assert!(!g.actions().contains(&Action::Select(0)));
    // A unit only taken up and put down again keeps its move.
    let mut g = moving(
        vec![
            counter("us_squad", Side::Us, &start.to_string()),
            counter("us_squad", Side::Us, "4430"),
        ],
        Side::Us,
    );
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Select(1)).unwrap();
    assert!(g.actions().contains(&Action::Select(0)));
}

#[test]
fn a_carrier_fired_upon_falls_back_and_its_owner_breaks_ties() {
    // 5.35: a US squad carrying a cache is fired on from an adjacent hex: it drops the cache
    // and falls back to a hex farthest from the firer; three are as far, so the US picks.
    let map = &data().map;
    let here = map
        .hexes()
        .find(|&x| {
            x.col > 2
                && x.row > 2
                && x.col < 40
                && x.row < 30
                && map.neighbours(x).count() == 6
                && map.neighbours(x).all(|n| map.terrain(n) == Terrain::Open)
        })
        .unwrap();
    let firer_hex = map.neighbours(here).next().unwrap();
    let mut cache = counter("records", Side::Nlf, &here.to_string());
    cache.face_up = true;
    let mut firer = counter("hard_core", Side::Nlf, &firer_hex.to_string());
    firer.face_up = true;
    let mut g = board(
        vec![
            counter("us_squad", Side::Us, &here.to_string()),
            cache,
            firer,
        ],
        Step::Combat(Side::Nlf),
    );
    g.units[0].carrying = Some(1);
    g.units[1].carried_by = Some(0);
    g.rng = rigged(&[1]);
    for a in [Action::Target(here), Action::AddFirer(2), Action::Resolve] {
        g.apply_action(&a).unwrap();
    }
    assert!(g.units[0].on_map(), "a 1 destroys nothing");
    assert_eq!(g.units[0].carrying, None, "the load is dropped");
    let Step::Retreat {
        unit: 0,
        ref hexes,
        combat: Side::Nlf,
        ..
    } = g.step
    else {
        panic!("the US should pick the hex, not {:?}", g.step);
    };
    assert_eq!(hexes.len(), 3);
    assert!(hexes.iter().all(|x| x.distance(firer_hex) == 2));
    // The owner decides, though it is the NLF's Combat Phase.
    assert_eq!(g.to_move(), crate::engine::game::Actor::Player(0));
    let to = hexes[2];
    assert!(g.apply_action(&Action::Retreat(firer_hex)).is_err());
    g.apply_action(&Action::Retreat(to)).unwrap();
    assert_eq!(g.units[0].hex, Some(to));
    assert_eq!(g.units[1].hex, Some(here), "the cache stays");
    assert_eq!(g.step, Step::Combat(Side::Nlf));
}

#[test]
fn each_side_reads_its_own_lines_of_a_hidden_move_and_of_the_landing() {
    // 10.1 of the digest: the US reads that a back moved, the NLF which counter it was; the
    // commander's helicopter is the US's own line.
    let mut g = moving(
        vec![
            counter("hard_core", Side::Nlf, "0404"),
            counter("us_squad", Side::Us, "4430"),
        ],
        Side::Nlf,
    );
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move {
        unit: 0,
        to: h("0405"),
    })
    .unwrap();
    let lines = |g: &SearchDestroy, seat: u8| -> Vec<String> {
        g.log
            .seen_by(seat)
            .entries()
            .iter()
            .map(|e| e.english())
            .collect()
    };
    let name = &data().counters[usize::from(g.units[0].kind.unwrap())].name;
    assert!(
        lines(&g, 0)
            .last()
            .unwrap()
            .contains("An NLF counter moves to 0405")
    );
    assert!(lines(&g, 0).iter().all(|l| !l.contains(name.as_str())));
    assert!(
        lines(&g, 1)
            .last()
            .unwrap()
            .contains(&format!("{name} moves to 0405"))
    );
    let mut g = SearchDestroy::new("basic", 2).unwrap();
    g.step = Step::Commander;
    g.landing = vec![h("0404"), h("0405")];
    g.apply_action(&Action::Commander(h("0405"))).unwrap();
    assert!(lines(&g, 0).last().unwrap().contains("helicopter for 0405"));
    assert!(lines(&g, 1).iter().all(|l| !l.contains("commander")));
}

#[test]
fn counters_in_open_ground_in_sight_are_revealed_and_dummies_removed() {
    // 6.34, 6.35.
    let mut g = moving(
        vec![
            counter("us_squad", Side::Us, "0404"),
            counter("dummy", Side::Nlf, "0407"),
            counter("hard_core", Side::Nlf, "0113"),
        ],
        Side::Us,
    );
    assert_eq!(data().map.terrain(h("0407")), Terrain::Open);
    assert!(g.reveal_by_sight());
    assert!(g.units[1].removed, "the dummy is gone");
    assert!(g.units[2].hidden(), "a forest hides");
}

/// Four US squads around the forest hex 0113 fire at the face-down `target` there: 8
/// strength against the forest's 3 is 2-1, and a 6 reads "h 20 P 10".
fn fire_from_four_neighbours(target: &str) -> SearchDestroy {
    let mut units = vec![counter(target, Side::Nlf, "0113")];
    for hex in ["0112", "0212", "0213", "0114"] {
        units.push(counter("us_squad", Side::Us, hex));
    }
    let mut g = board(units, Step::Combat(Side::Us));
    g.rng = rigged(&[6]);
    g.apply_action(&Action::Target(h("0113"))).unwrap();
    for i in 1..=4 {
        g.apply_action(&Action::AddFirer(i)).unwrap();
    }
    g.apply_action(&Action::Resolve).unwrap();
    g
}

#[test]
fn fire_at_a_face_down_non_personnel_counter_has_no_effect() {
    // 6.0: a scoring result against a face-down cache is ineffective and reveals nothing.
    let g = fire_from_four_neighbours("rice");
    assert!(g.units[0].hidden());
    assert!(!g.units[0].pinned);
    assert_eq!(g.points, [0, 0]);
}

#[test]
fn fire_on_peasants_pays_the_enemy_double() {
    // 10.2: the firer scores nothing; the enemy takes twice the points.
    // (Placed by hand: set up by the rules, a peasant would not stand in a forest.)
    let g = fire_from_four_neighbours("peasant");
    // 2-1 with a 6 would give the US 10: the NLF takes 20.
    assert_eq!(g.points, [0, 20]);
    assert!(g.units[0].face_up && g.units[0].pinned);
}

#[test]
fn a_pin_costs_the_next_own_player_turn_and_then_goes() {
    // 7.2, 6.16: an NLF unit pinned in the US turn may not move or fire in its own turn.
    let mut g = moving(
        vec![
            counter("hard_core", Side::Nlf, "0113"),
            counter("us_squad", Side::Us, "0110"),
        ],
        Side::Nlf,
    );
    g.units[0].face_up = true;
    g.units[0].pinned = true;
    assert!(
        !g.actions()
            .iter()
            .any(|a| matches!(a, Action::Move { unit: 0, .. } | Action::Select(0)))
    );
    g.apply_action(&Action::EndMovement).unwrap();
    assert!(!g.may_fire(0));
    assert!(!g.actions().contains(&Action::Target(h("0110"))));
    g.apply_action(&Action::EndFire).unwrap();
    assert!(!g.units[0].pinned, "cleared at the end of its Player-Turn");
}

#[test]
fn picking_up_costs_six_and_halves_what_is_left() {
    // 5.31: a US unit picks up a face-up cache for 6 MP; its remaining allowance halves.
    let mut cache = counter("records", Side::Nlf, "0110");
    cache.face_up = true;
    let mut g = moving(vec![counter("us_squad", Side::Us, "0110"), cache], Side::Us);
    assert!(g.actions().contains(&Action::PickUp { unit: 0, load: 1 }));
    g.apply_action(&Action::PickUp { unit: 0, load: 1 })
        .unwrap();
    assert_eq!(g.units[0].mp, 3);
    assert_eq!(g.units[0].carrying, Some(1));
    assert!(!g.may_fire(0), "a carrier may not fire [5.35]");
    // Carried at the end of the last game-turn: captured, 50 points [10.12].
    g.apply_action(&Action::EndMovement).unwrap();
    g.turn = g.last_turn;
    g.step = Step::Combat(Side::Nlf);
    g.apply_action(&Action::EndFire).unwrap();
    assert_eq!(g.points[0], 50);
    assert_eq!(g.outcome().unwrap().verdict, Verdict::Win);
}

#[test]
fn a_probe_reveals_at_the_end_of_the_combat_phase_and_a_trap_strikes_the_prober() {
    // 5.33, 5.52: the probed trap attacks the probing unit at 2-1 with +2.
    let mut g = board(
        vec![
            counter("us_squad", Side::Us, "0110"),
            counter("ap_trap", Side::Nlf, "0111"),
        ],
        Step::Probe,
    );
    assert!(g.actions().contains(&Action::Probe {
        hex: h("0111"),
        unit: 0
    }));
    g.apply_action(&Action::Probe {
        hex: h("0111"),
        unit: 0,
    })
    .unwrap();
    assert!(
        g.units[1].hidden(),
        "not before the end of the Combat Phase"
    );
    // A 6 + 2 at 2-1 reads "h 60 D 25": the squad is destroyed, 60 points to the NLF.
    g.rng = rigged(&[6]);
    g.apply_action(&Action::EndFire).unwrap();
    assert!(g.units[1].face_up);
    assert!(g.units[0].removed);
    assert_eq!(g.points[1], 60);
}

#[test]
fn the_commanders_loss_bars_a_us_victory() {
    // 10.3.
    let mut g = board(
        vec![counter("us_squad", Side::Us, "0110")],
        Step::Combat(Side::Nlf),
    );
    g.turn = g.last_turn;
    g.points = [30, 10];
    g.commander_destroyed = true;
    g.apply_action(&Action::EndFire).unwrap();
    assert_eq!(g.outcome().unwrap().verdict, Verdict::Draw);
}

/// Every counter is somewhere exactly once, and loads and carriers agree.
fn check_invariants(g: &SearchDestroy, count: usize) {
    // Each ammunition supply flown in is a counter more [19.24].
    let count = count + usize::from(g.supplies_flown);
    // Each casualty marker placed is a counter more, and in the ledger once [20.11].
    let count = count + g.casualties.ledger.len();
    let mut markers: Vec<usize> = g.casualties.ledger.iter().map(|e| e.marker).collect();
    markers.sort();
    markers.dedup();
    assert_eq!(
        markers.len(),
        g.casualties.ledger.len(),
        "a marker twice in the ledger"
    );
    for e in &g.casualties.ledger {
        assert!(g.is_casualty(e.marker), "a ledger entry without its marker");
        assert!(
            !e.evacuated || g.units[e.marker].removed,
            "an evacuated marker on the map"
        );
        for &h in &e.holds {
            assert!(g.units[h].side == Side::Us, "a casualty holds an NLF unit");
        }
    }
    assert_eq!(g.units.len(), count, "units lost or duplicated");
    for (i, u) in g.units.iter().enumerate() {
        if u.removed {
            assert!(u.hex.is_none() && u.carrying.is_none() && u.carried_by.is_none());
        }
        if let Some(load) = u.carrying {
            assert_eq!(g.units[load].carried_by, Some(i));
            assert_eq!(g.units[load].hex, u.hex);
        }
        if let Some(c) = u.carried_by {
            assert_eq!(g.units[c].carrying, Some(i));
        }
        if u.improved {
            assert!(
                g.options.improved_positions && u.on_map(),
                "a stray Improved Position"
            );
        }
        if let Some(m) = u.ambush {
            assert!(
                g.options.ambush && g.units[m].is("ambush"),
                "an ambush without a marker"
            );
        }
        if u.captive {
            assert!(
                g.options.interrogation && u.face_up && (u.is("peasant") || u.is("porter")),
                "a stray captive"
            );
        }
    }
    if g.step != Step::Setup {
        // No two US units share a hex but a carrier and its load; US and NLF share only
        // hexes where the NLF counters are face-up non-personnel, or a hex a US unit
        // searched, which holds no NLF combat unit [12.0].
        let mut hexes: Vec<Hex> = g
            .units
            .iter()
            .filter(|u| u.side == Side::Us && u.on_map())
            .filter_map(|u| u.hex)
            .collect();
        hexes.sort();
        hexes.dedup();
        for hex in hexes {
            // A supply does not count for stacking (digest 4.10 ruling), nor do casualty
            // markers [20.12], nor a Medical team tending casualties (casualties.rs ruling).
            let us: Vec<usize> = g
                .side_at(hex, Side::Us)
                .filter(|&i| !g.units[i].is("us_ammunition") && !g.is_casualty(i))
                .filter(|&i| !g.tends(i, hex))
                .collect();
            assert!(us.len() <= 1, "US units stacked at {hex}");
            if us.len() == 1 && g.units[us[0]].searched_from.is_some() {
                // Searching: the answer comes in the Search Phase.
            } else if us.len() == 1 && g.units[us[0]].searched == Some(hex) {
                assert!(
                    g.side_at(hex, Side::Nlf)
                        .all(|i| g.units[i].class() != Some(super::content::Class::Combat)),
                    "a searcher stays with an NLF combat unit at {hex}"
                );
            } else if !us.is_empty() {
                assert!(
                    g.side_at(hex, Side::Nlf).all(|i| {
                        let u = &g.units[i];
                        u.face_up && u.class() != Some(super::content::Class::Combat)
                    }),
                    "US unit on an enemy counter at {hex}"
                );
            }
        }
    }
}

/// The US view never knows a face-down counter; the NLF view never knows the commander's
/// helicopter before the landing.
fn check_views(g: &SearchDestroy) {
    let us = g.view(0);
    for (u, real) in us.units.iter().zip(&g.units) {
        if real.hidden() {
            assert_eq!(
                (u.kind, u.mp),
                (None, 0),
                "the US view shows a face-down counter"
            );
        } else {
            assert_eq!(u.kind, real.kind);
        }
    }
    assert_ne!(us.rng, g.rng);
    let nlf = g.view(1);
    if g.units
        .iter()
        .any(|u| u.side == Side::Us && u.hex.is_none() && !u.removed)
    {
        assert_eq!(nlf.commander_hex, None);
    }
    assert!(nlf.units.iter().all(|u| u.kind.is_some()));
}

/// Plays one game bot against bot, checking the rules' invariants after every action.
pub(super) fn play_scenario(scenario: &str, seed: u64) -> (SearchDestroy, Vec<Action>) {
    play_with(scenario, &Options::default(), seed)
}

/// The same with optional rules.
pub(super) fn play_with(
    scenario: &str,
    options: &Options,
    seed: u64,
) -> (SearchDestroy, Vec<Action>) {
    let mut g = SearchDestroy::with_options(scenario, options, seed).unwrap();
    g.quiet_log();
    let count = g.units.len();
    let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
    let mut digger = Rng::seeded(seed);
    let mut taken = Vec::new();
    for _ in 0..5000 {
        if g.outcome().is_some() {
            return (g, taken);
        }
        let actions = g.legal_actions();
        assert!(!actions.is_empty(), "dead end at {:?}", g.step);
        // Each bot decides from its own side's view, as the engine hands it (and now and
        // then a unit digs in, which the bots leave alone).
        let action = super::leak_tests::choose(&mut bots, &mut digger, &g, &actions);
        g.apply(&action).unwrap();
        taken.push(action);
        check_invariants(&g, count);
        if taken.len() % 7 == 0 {
            check_views(&g);
        }
    }
    panic!(
        "{scenario} seed {seed}: no end after 5000 actions at {:?}",
        g.step
    );
}

fn play(seed: u64) -> (SearchDestroy, Vec<Action>) {
    play_scenario("basic", seed)
}

/// Seeded games per run (each checks every rule invariant after every action, which a
/// debug build pays for).
const GAMES: u64 = 40;

#[test]
fn bots_play_basic_games_to_the_end() {
    let mut verdicts = [0; 3];
    for seed in 0..GAMES {
        let (g, _) = play(seed);
        let o = g.outcome().unwrap();
        verdicts[match o.verdict {
            Verdict::Win => 0,
            Verdict::Draw => 1,
            Verdict::Loss => 2,
        }] += 1;
    }
    // Both sides win some: the bots play, they do not stall.
    assert!(verdicts[0] > 0 && verdicts[2] > 0, "{verdicts:?}");
}

#[test]
fn bots_play_games_with_the_optional_rules_to_the_end() {
    // No panic, no dead end, the invariants hold with every optional rule written so far.
    let options = super::leak_tests::all_options();
    for seed in 0..6 {
        for scenario in ["basic", "standard"] {
            let (g, _) = play_with(scenario, &options, seed);
            assert!(g.outcome().is_some());
        }
    }
    let (a, actions_a) = play_with("standard", &options, 11);
    let (b, actions_b) = play_with("standard", &options, 11);
    assert_eq!((a, actions_a), (b, actions_b), "same seed, same game");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for seed in [3, 17] {
        let (a, actions_a) = play(seed);
        let (b, actions_b) = play(seed);
        assert_eq!(actions_a, actions_b);
        assert_eq!(a, b);
    }
}

#[test]
fn a_refused_action_leaves_the_game_as_it_was() {
    let mut g = SearchDestroy::new("basic", 5).unwrap();
    let before = g.clone();
    assert!(g.apply(&Action::EndMovement).is_err());
    assert_eq!(g, before);
    assert!(SearchDestroy::new("nowhere", 1).is_err());
}

#[test]
fn rolling_an_attack_names_its_chance_of_doing_nothing() {
    // Issue 17, every choice explains itself, from the CRT [6.0, 7.1]: a Hard-Core squad
    // (attack 2) fires at a hex of Open terrain (defence 1): 2-1, whose column reads no effect
    // on a 1 and a 2 only — a third of the rolls.
    let map = &data().map;
    let here = map
        .hexes()
        .find(|&x| {
            x.col > 2
                && x.row > 2
                && x.col < 40
                && x.row < 30
                && map.terrain(x) == Terrain::Open
                && map.neighbours(x).count() == 6
        })
        .unwrap();
    let firer_hex = map.neighbours(here).next().unwrap();
    let mut firer = counter("hard_core", Side::Nlf, &firer_hex.to_string());
    firer.face_up = true;
    let mut g = board(
        vec![counter("us_squad", Side::Us, &here.to_string()), firer],
        Step::Combat(Side::Nlf),
    );
    assert!(g.attack_risks(&Action::Resolve).is_empty(), "no attack yet");
    for a in [Action::Target(here), Action::AddFirer(1)] {
        g.apply_action(&a).unwrap();
    }
    let risks = g.attack_risks(&Action::Resolve);
    assert_eq!(risks.len(), 1);
    assert_eq!(risks[0].0.english(), "the fire has no effect");
    assert!((risks[0].1 - 1.0 / 3.0).abs() < 1e-12, "{}", risks[0].1);
    assert!(g.attack_risks(&Action::Cancel).is_empty());
}
