//! Procedures of That Others May Live checked against the rulebook and its worked examples.

mod common;

use common::csar::{caged_tiger, gun, place_unit, stack};
use tonkin::engine::cup::Cup;
use tonkin::engine::deck::Deck;
use tonkin::engine::game::Game;
use tonkin::games::csar::rules::content::Symbol;
use tonkin::games::csar::rules::content::{MarkerValue, ZoneMarker, content};
use tonkin::games::csar::rules::fire::zone_firepower;
use tonkin::games::csar::rules::markers::MarkerKind;
use tonkin::games::csar::rules::odds::{Piles, any_of, hits_distribution, odds_for_prompt};
use tonkin::games::csar::rules::state::{Survivor, SurvivorPlace, Want};
use tonkin::games::csar::rules::{Action, Csar, Options, Place, Step};

const SANDY1: u8 = 0;
const SANDY2: u8 = 1;
const JOLLY5: u8 = 4;
const FM_A: u8 = 7;
const FM_B: u8 = 8;
const FM_C: u8 = 9;

fn unit_id(name: &str) -> u8 {
    content().units.iter().position(|u| u.name == name).unwrap() as u8
}

fn clear_map(g: &mut Csar) {
    for z in g.zones.iter_mut() {
        for u in z.units.drain(..) {
            g.units_out.push(u.counter);
        }
        if let Some(m) = z.enemy.take() {
            g.enemy_out.push(m);
        }
        if let Some(m) = z.hidden.take() {
            g.hidden_out.push(m);
        }
        g.zone_out.append(&mut z.markers);
    }
}

#[test]
fn one_plus_marker_adds_the_next_marker_drawn() {
    // 9.4: a 1+ Enemy marker, then a 2 drawn from the cup: three units are placed.
    let mut g = caged_tiger(1);
    clear_map(&mut g);
    let c = content();
    let one_plus = c
        .enemy
        .iter()
        .position(|v| *v == MarkerValue::OnePlus)
        .unwrap() as u8;
    let two = c
        .enemy
        .iter()
        .position(|v| *v == MarkerValue::Plain(2))
        .unwrap() as u8;
    g.enemy_out.retain(|&m| m != one_plus && m != two);
    let mut rest: Vec<u8> = g
        .enemy_cup
        .contents()
        .iter()
        .copied()
        .filter(|&m| m != one_plus && m != two)
        .collect();
    g.enemy_out.append(&mut rest);
    g.enemy_cup = Cup::new(vec![two]);
    g.zones[1].enemy = Some(one_plus);
    let placed = g.reveal(1, MarkerKind::Enemy, "9.4");
    assert_eq!(placed, Some(3));
    assert_eq!(g.zones[1].units.len(), 3);
    assert!(
        g.zones[1].enemy.is_none(),
        "a revealed marker leaves the map (A-17)"
    );
    g.check_conservation().unwrap();
}

#[test]
fn one_plus_with_an_empty_cup_counts_one() {
    let mut g = caged_tiger(2);
    clear_map(&mut g);
    let one_plus = content()
        .enemy
        .iter()
        .position(|v| *v == MarkerValue::OnePlus)
        .unwrap() as u8;
    g.enemy_out.retain(|&m| m != one_plus);
    let mut rest: Vec<u8> = g
        .enemy_cup
        .contents()
        .iter()
        .copied()
        .filter(|&m| m != one_plus)
        .collect();
    g.enemy_out.append(&mut rest);
    g.enemy_cup = Cup::new(vec![]);
    g.zones[2].enemy = Some(one_plus);
    assert_eq!(g.reveal(2, MarkerKind::Enemy, "9.4"), Some(1));
    g.check_conservation().unwrap();
}

#[test]
fn zone_firepower_value() {
    // 4.3.3 B: the best rating plus one per other gun; Coordinated Fire +1, Smoke -1 (9.2, 9.3).
    assert_eq!(zone_firepower(&[2, 1, 1], false, false), 4);
    assert_eq!(zone_firepower(&[2, 1, 1], true, false), 5);
    assert_eq!(zone_firepower(&[1], false, true), 0);
    assert_eq!(
        zone_firepower(&[], true, false),
        0,
        "Coordinated Fire needs a gun firing"
    );
    // On the map: a ZPU (2) in North and an M38 (2/1) in the Center fire into North at a Sandy.
    let mut g = caged_tiger(3);
    clear_map(&mut g);
    let zpu = unit_id("ZPU");
    let m38 = unit_id("M38");
    g.units_out.retain(|&u| u != zpu && u != m38);
    let mut cup: Vec<u8> = g
        .unit_cup
        .contents()
        .iter()
        .copied()
        .filter(|&u| u != zpu && u != m38)
        .collect();
    g.units_out.append(&mut cup);
    g.unit_cup = Cup::new(vec![]);
    g.zones[1].units.push(gun(zpu));
    g.zones[0].units.push(gun(m38));
    g.aircraft[usize::from(SANDY1)].place = Place::Zone(1);
    assert!(g.start_fire(false));
    assert_eq!(g.pending_targets(), vec![1]);
    assert_eq!(g.zfv_of(1), 3, "ZPU 2 is the base, the M38 adds 1");
    g.check_conservation().unwrap();
}

#[test]
fn roundel_wipes_the_hits_drawn_so_far() {
    // 4.3.3 C: crosshairs, roundel, crosshairs -> 1 hit; a Reshuffle is not counted.
    let mut g = caged_tiger(4);
    clear_map(&mut g);
    let m38 = unit_id("M38");
    g.unit_cup.take(|&u| u == m38);
    g.zones[1].units.push(gun(m38));
    g.aircraft[usize::from(SANDY1)].place = Place::Zone(1);
    g.aircraft[usize::from(SANDY2)].place = Place::Zone(1);
    // ZFV 2 (M38 in its own zone): #1 crosshairs, then #4 roundel wipes it.
    stack(&mut g, &[1, 4]);
    g.start_fire(false);
    g.fire_at(1);
    assert!(g.hits_pile.is_empty());
    g.check_conservation().unwrap();
    // #1 crosshairs, then the Reshuffle: it does not count, and the hit stays aside.
    let mut g1 = caged_tiger(4);
    clear_map(&mut g1);
    g1.unit_cup.take(|&u| u == m38);
    g1.units_out.retain(|&u| u != m38);
    g1.zones[1].units.push(gun(m38));
    g1.aircraft[usize::from(SANDY1)].place = Place::Zone(1);
    stack(&mut g1, &[1, 29]);
    g1.start_fire(false);
    g1.fire_at(1);
    assert_eq!(g1.resolution.reshuffle_count(), 1);
    let entry = g1.log.entries().last().unwrap();
    let tonkin::engine::log::Random::Drawn(cards) = &entry.random[0] else {
        panic!()
    };
    let cards: Vec<String> = cards.iter().map(|c| c.english()).collect();
    assert_eq!(
        cards.len(),
        3,
        "two counted cards and the Reshuffle: {cards:?}"
    );
    assert!(
        !cards[2].starts_with("#1 "),
        "the set-aside hit was not shuffled back: {cards:?}"
    );
    g1.check_conservation().unwrap();
    let mut g2 = caged_tiger(4);
    clear_map(&mut g2);
    g2.unit_cup.take(|&u| u == m38);
    g2.zones[1].units.push(gun(m38));
    g2.aircraft[usize::from(SANDY1)].place = Place::Zone(1);
    stack(&mut g2, &[4, 1]);
    g2.start_fire(false);
    g2.fire_at(1);
    assert_eq!(g2.hits_pile, vec![1], "roundel first, then a hit");
}

/// A ZPU in South fires with ZFV 2 at Sandy 1 (Shaken if `shaken`) and Fast Mover A there,
/// the deck stacked #1, #2, #3: two crosshairs, two hits (4.3.3 C, E).
fn zpu_fires_into_south(shaken: bool) -> Csar {
    let mut g = caged_tiger(5);
    clear_map(&mut g);
    place_unit(&mut g, 3, unit_id("ZPU"));
    g.aircraft[usize::from(SANDY1)].place = Place::Zone(3);
    g.aircraft[usize::from(SANDY1)].shaken = shaken;
    g.aircraft[usize::from(FM_A)].place = Place::Zone(3);
    stack(&mut g, &[1, 2, 3]);
    g.start_fire(false);
    let hand: Vec<u8> = g.hand.drain(..).collect();
    for c in hand {
        g.actions.discard(c);
    }
    g.fire_at(3);
    g.fire_auto();
    g
}

#[test]
fn fast_movers_take_hits_first_and_leave_the_game() {
    // The jet takes the first hit, the Sandy the second.
    let g = zpu_fires_into_south(false);
    assert_eq!(g.aircraft[usize::from(FM_A)].place, Place::Gone);
    assert!(g.aircraft[usize::from(SANDY1)].shaken);
    assert_eq!(g.abort, 0, "a lost jet moves no Abort marker (A-21)");
    g.check_conservation().unwrap();
}

#[test]
fn shaken_aircraft_hit_again_is_shot_down_and_leaves_a_survivor() {
    let mut g = caged_tiger(6);
    clear_map(&mut g);
    g.aircraft[usize::from(SANDY1)].place = Place::Zone(2);
    g.aircraft[usize::from(SANDY1)].shaken = true;
    let before = g.survivors.len();
    // The shoot-down draw: #4 roundel (even) -> shot down, Healthy Survivor, Abort +1.
    stack(&mut g, &[4]);
    g.hit_aircraft(SANDY1);
    assert_eq!(g.survivors.len(), before + 1);
    let s = g.survivors.last().unwrap();
    assert_eq!(s.place, SurvivorPlace::Stranded(2));
    assert!(!s.injured);
    assert_eq!(g.abort, 1);
    // A blast destroys the aircraft: Abort +2, nobody left behind.
    let mut g = caged_tiger(6);
    clear_map(&mut g);
    g.aircraft[usize::from(JOLLY5)].place = Place::Zone(2);
    g.aircraft[usize::from(JOLLY5)].shaken = true;
    g.survivors.push(Survivor {
        place: SurvivorPlace::Aboard(JOLLY5),
        injured: false,
        pinpointed: true,
        pilot: None,
        downed_from: None,
        turn: None,
    });
    stack(&mut g, &[15]);
    g.hit_aircraft(JOLLY5);
    assert_eq!(g.abort, 2);
    let killed = g.survivors.last().unwrap();
    assert_eq!(killed.place, SurvivorPlace::Killed);
    // The Mission Log's Survivor roster dates the death.
    assert_eq!(killed.turn, Some(g.turn));
}

#[test]
fn rescue_draw_count_and_its_modifiers() {
    // 4.3.5: Cool aircraft in the zone, -1 Shaken helicopter, -1 Injured, -1 CS Gas anywhere,
    // -1 Smoke here, never below one.
    let mut g = caged_tiger(7);
    clear_map(&mut g);
    for a in [JOLLY5, SANDY1, SANDY2] {
        g.aircraft[usize::from(a)].place = Place::Zone(0);
        g.aircraft[usize::from(a)].pilot = None;
    }
    assert_eq!(g.rescue_draws(JOLLY5, 0, 0), 3);
    g.survivors[0].injured = true;
    assert_eq!(g.rescue_draws(JOLLY5, 0, 0), 2);
    g.zones[3].cs_gas = Some(1);
    assert_eq!(g.rescue_draws(JOLLY5, 0, 0), 1);
    g.aircraft[usize::from(JOLLY5)].shaken = true;
    g.zones[0].smoke.push(1);
    assert_eq!(g.rescue_draws(JOLLY5, 0, 0), 1, "never below one");
    // A Shaken helicopter neither counts nor escapes its penalty: 2 Cool Sandys - 1 = 1... plus mods.
    g.zones[3].cs_gas = None;
    g.zones[0].smoke.clear();
    g.survivors[0].injured = false;
    assert_eq!(g.rescue_draws(JOLLY5, 0, 0), 1);
}

#[test]
fn marker_adjustment_in_its_exact_order() {
    let mut g = caged_tiger(8);
    clear_map(&mut g);
    let m38 = unit_id("M38");
    let barrage = unit_id("Barrage");
    g.unit_cup.take(|&u| u == m38);
    g.unit_cup.take(|&u| u == barrage);
    let mut gun1 = gun(m38);
    gun1.hits = 2;
    gun1.mark = Some(1);
    gun1.suppressed = true;
    gun1.fired = true;
    g.zones[1].units.push(gun1);
    g.zones[2].units.push(gun(barrage));
    g.zones[1].cs_gas = Some(1);
    g.zones[3].smoke = vec![2, 1];
    // Jets: A on EXIT in orbit -> Pool (6); B on the map -> Orbit (7) -> EXIT (8); C ENTER in orbit -> EXIT (8).
    g.aircraft[usize::from(FM_A)].place = Place::Orbit;
    g.aircraft[usize::from(FM_A)].shaken = true;
    g.aircraft[usize::from(FM_B)].place = Place::Zone(4);
    g.aircraft[usize::from(FM_C)].place = Place::Orbit;
    g.aircraft[usize::from(SANDY1)].shaken = true; // in the Orbit Box: recovers (9)
    g.aircraft[usize::from(SANDY2)].place = Place::Zone(2); // with the Barrage: Shaken (10)
    let search = g.search;
    g.marker_adjustment();
    let u = &g.zones[1].units[0];
    assert_eq!(
        (u.hits, u.mark, u.suppressed, u.fired),
        (0, Some(2), false, false)
    );
    assert!(!g.active(1, u), "a gun under CS Gas stays silent (A-11)");
    assert_eq!(g.zones[1].cs_gas, Some(2));
    assert_eq!(g.zones[3].smoke, vec![2]);
    assert_eq!(g.aircraft[usize::from(FM_A)].place, Place::Pool);
    assert_eq!(
        (
            g.aircraft[usize::from(FM_B)].place,
            g.aircraft[usize::from(FM_B)].shaken
        ),
        (Place::Orbit, true)
    );
    assert!(g.aircraft[usize::from(FM_C)].shaken);
    assert!(!g.aircraft[usize::from(SANDY1)].shaken);
    assert!(g.aircraft[usize::from(SANDY2)].shaken);
    assert_eq!(
        g.search,
        search + 1,
        "a stranded Survivor raises the Search"
    );
    // A second adjustment takes the TWO sides away.
    g.marker_adjustment();
    assert_eq!(g.zones[1].cs_gas, None);
    assert_eq!(g.zones[1].units[0].mark, None);
    assert!(g.zones[3].smoke.is_empty());
    assert_eq!(g.aircraft[usize::from(FM_B)].place, Place::Pool);
}

#[test]
fn illegal_action_is_refused_with_its_reason_and_changes_nothing() {
    let mut g = caged_tiger(9);
    let before = g.clone();
    // Four aircraft in North, then a fifth is refused.
    for a in [0u8, 1, 2, 3] {
        g.apply(&Action::Move {
            aircraft: a,
            to: Place::Zone(1),
        })
        .unwrap();
    }
    let full = g.clone();
    let err = g
        .apply(&Action::Move {
            aircraft: 6,
            to: Place::Zone(1),
        })
        .unwrap_err();
    assert!(
        err.reason.english().contains("four aircraft"),
        "{}",
        err.reason.english()
    );
    assert_eq!(g, full);
    let err = g
        .apply(&Action::Move {
            aircraft: 0,
            to: Place::Zone(2),
        })
        .unwrap_err();
    assert!(
        err.reason.english().contains("already moved"),
        "{}",
        err.reason.english()
    );
    assert_eq!(g, full);
    let err = g.apply(&Action::Burn(0)).unwrap_err();
    assert!(!err.reason.english().is_empty());
    assert_eq!(g, full);
    assert_ne!(before, full);
}

#[test]
fn odds_match_the_digest_table() {
    // G-2: with the full deck, rescue 31/53/69/80 %, rifle 14/26/37/47 %, fire >=1 hit 34/47/51/52 %.
    let fresh = Csar::setup("caged_tiger", &Default::default(), 1).unwrap();
    let mut g = fresh.clone();
    let all: Vec<u8> = (1..=30).collect();
    g.resolution = Deck::stacked(all);
    let roundel = Piles::of(&g, Want::Get(Symbol::Roundel), false);
    // The digest's figures are rounded from counts that ignore the Reshuffle bringing drawn
    // cards back; the exact odds may differ by a point.
    let near = |got: Vec<f64>, want: [f64; 4]| {
        for (g, w) in got.iter().zip(want) {
            assert!((g * 100.0 - w).abs() <= 1.0, "{got:?} vs {want:?}");
        }
    };
    near(
        (1..=4).map(|n| any_of(roundel, n)).collect(),
        [31.0, 53.0, 69.0, 80.0],
    );
    assert!(
        (any_of(roundel, 1) - 9.0 / 29.0).abs() < 1e-12,
        "one draw: 9 of the 29 counted cards"
    );
    let rifle = Piles::of(&g, Want::Avoid(Symbol::Rifle), false);
    near(
        (1..=4).map(|n| any_of(rifle, n)).collect(),
        [14.0, 26.0, 37.0, 47.0],
    );
    let fire = Piles::of(&g, Want::Avoid(Symbol::Crosshairs), true);
    near(
        (1..=4)
            .map(|n| 1.0 - hits_distribution(fire, n)[0])
            .collect(),
        [34.0, 47.0, 51.0, 52.0],
    );
    for n in 1..=8 {
        let d = hits_distribution(fire, n);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
}

#[test]
fn odds_agree_with_sampling_a_used_deck() {
    // A deck part-way through: exact odds against 20 000 real draws.
    let mut g = caged_tiger(10);
    stack(&mut g, &[]);
    for c in [1u8, 2, 3, 4, 7, 8, 9, 12, 16] {
        g.resolution.take(&c);
        g.resolution.discard(c);
    }
    // Leave 5 cards in the draw pile so that a 4-draw often runs into the reshuffle.
    while g.resolution.draw_count() > 5 {
        let c = *g.resolution.draw_pile().last().unwrap();
        g.resolution.take(&c);
        g.resolution.discard(c);
    }
    let exact = g.chance(Want::Get(Symbol::Roundel), 4);
    let trials = 20_000;
    let mut hits = 0;
    for t in 0..trials {
        let mut h = g.clone();
        h.rng = tonkin::engine::rng::Rng::seeded(t);
        h.resolution.shuffle_draw(&mut h.rng);
        if h.draw_for(
            4,
            Want::Get(Symbol::Roundel),
            "test",
            tonkin::engine::message::msg("t"),
        ) {
            hits += 1;
        }
    }
    let sampled = f64::from(hits) / f64::from(trials as u32);
    assert!(
        (exact - sampled).abs() < 0.015,
        "exact {exact} sampled {sampled}"
    );
}

#[test]
fn odds_for_the_prompt_sum_to_one() {
    // Their speed is measured by `make bench` (benches/csar.rs: csar_odds_for_fire_prompt).
    let mut g = caged_tiger(11);
    g.aircraft[0].place = Place::Zone(1);
    let m38 = unit_id("M38");
    g.unit_cup.take(|&u| u == m38);
    g.zones[1].units.push(gun(m38));
    g.start_fire(false);
    let odds = odds_for_prompt(&g).expect("fire odds");
    assert!(!odds.is_empty());
    let sum: f64 = odds.iter().map(|(_, p)| p).sum();
    assert!((sum - 1.0).abs() < 1e-9);
}

#[test]
fn helicopter_entry_reveals_the_enemy_marker_and_rescue_needs_no_move() {
    let mut g = caged_tiger(12);
    let had = g.zones[1].enemy.is_some();
    g.apply(&Action::Move {
        aircraft: JOLLY5,
        to: Place::Zone(1),
    })
    .unwrap();
    assert!(had && g.zones[1].enemy.is_none());
    // A helicopter cannot fly straight from the Orbit Box to the Center (G-1).
    assert!(!g.destinations(5).contains(&Place::Zone(0)));
    g.check_conservation().unwrap();
}

#[test]
fn content_has_every_component() {
    let c = content();
    assert_eq!(c.resolution.len(), 30);
    assert_eq!(c.actions.len(), 37);
    assert_eq!(c.events.len(), 16);
    assert_eq!(c.pilots.len(), 6);
    let counters = c.aircraft.len()
        + c.pilots.len()
        + 6
        + 3
        + 6
        + 1
        + 2
        + 2
        + 3
        + c.zone_markers.len()
        + c.hidden.len()
        + c.enemy.len()
        + c.units.len();
    assert_eq!(counters, 88);
    let rules = tonkin::games::csar::rules::content::content().rules.clone();
    for n in ["4.3.3 B", "4.3.5", "4.4.5", "5.0", "6.5", "9.4"] {
        assert!(tonkin::engine::reference::find(&rules, n).is_some(), "{n}");
    }
}

/// A scenario past its set-up decisions.
fn started(scenario: &str, seed: u64) -> Csar {
    started_with(scenario, &Options::default(), seed)
}

/// A scenario with `options`, past its set-up decisions.
fn started_with(scenario: &str, options: &Options, seed: u64) -> Csar {
    let mut g = Csar::setup(scenario, options, seed).unwrap();
    while matches!(
        g.step,
        Step::ChoosePilot | Step::PlacePilot(_) | Step::SelectHand | Step::RevealZones
    ) {
        let first = g.prompt().choices[0].action.clone();
        g.apply(&first).unwrap();
    }
    g
}

#[test]
fn streetcar_down_withdraws_everyone_at_the_end_of_turn_five() {
    let mut g = started("streetcar_down", 13);
    g.turn = 5;
    g.aircraft[usize::from(JOLLY5)].place = Place::Zone(0);
    g.survivors[0].place = SurvivorPlace::Aboard(JOLLY5);
    g.aircraft[usize::from(SANDY1)].place = Place::Zone(2);
    g.marker_adjustment();
    assert_eq!(g.aircraft[usize::from(JOLLY5)].place, Place::Orbit);
    assert_eq!(g.aircraft[usize::from(SANDY1)].place, Place::Orbit);
    assert_eq!(
        g.survivors[0].place,
        SurvivorPlace::OffMap,
        "carried off the map (A-42)"
    );
    g.check_conservation().unwrap();
}

#[test]
fn streetcar_down_may_end_early_on_crosshairs_from_turn_eight() {
    let mut g = started("streetcar_down", 14);
    g.turn = 8;
    g.step = Step::TurnStart;
    stack(&mut g, &[1]);
    g.run();
    assert!(
        g.outcome().is_some(),
        "crosshairs at the start of turn 8 end the scenario"
    );
    let mut g = started("streetcar_down", 14);
    g.turn = 8;
    g.step = Step::TurnStart;
    stack(&mut g, &[4]);
    g.run();
    assert!(g.outcome().is_none());
}

#[test]
fn air_force_cross_is_lost_at_once_when_both_helicopters_are_down() {
    let mut g = started("air_force_cross", 15);
    assert!(
        g.aircraft[0].pilot.is_some(),
        "Claws or Piney flies Sandy 1"
    );
    assert!(g.survivors[0].pinpointed && g.survivors[0].injured);
    for h in [4usize, 5] {
        g.aircraft[h].place = Place::Gone;
        g.aircraft[h].fate = tonkin::games::csar::rules::state::Fate::ShotDown;
    }
    g.run();
    let o = g.outcome().expect("the game ends at once");
    assert_eq!(o.verdict, tonkin::engine::game::Verdict::Loss);
}

#[test]
fn a_rescued_survivor_flown_out_wins_caged_tiger() {
    let mut g = caged_tiger(16);
    g.aircraft[usize::from(JOLLY5)].place = Place::Zone(1);
    g.survivors[0].place = SurvivorPlace::Aboard(JOLLY5);
    g.apply(&Action::Move {
        aircraft: JOLLY5,
        to: Place::Orbit,
    })
    .unwrap();
    let o = g
        .outcome()
        .expect("no Survivor left on the map ends the game");
    assert_eq!(o.verdict, tonkin::engine::game::Verdict::Win);
}

/// What the Mission Log prints is kept by the rules as typed data: the fire into a zone with
/// its hits, the aircraft lost and in which turn, the Survivor it leaves with its aircraft and
/// turn, a move with its destination, a Survivor flown off the map and when.
#[test]
fn the_mission_record_keeps_fire_losses_moves_and_survivors_by_turn() {
    use tonkin::games::csar::rules::record::Happening;
    // 4.3.3 C, E: ZPU in South, ZFV 2, two crosshairs: the jet takes the first hit and leaves
    // the game, the Shaken Sandy 1 is shot down by the second (#3 is odd: an Injured
    // Survivor).
    let g = zpu_fires_into_south(true);
    assert_eq!(g.turn, 1);
    let happened = &g.record[0].happened;
    let fire = happened
        .iter()
        .position(|h| *h == Happening::Fire { zone: 3, hits: 2 });
    let jet = happened
        .iter()
        .position(|h| *h == Happening::AircraftLost { aircraft: FM_A });
    let sandy = happened
        .iter()
        .position(|h| *h == Happening::AircraftLost { aircraft: SANDY1 });
    assert!(fire < jet && jet < sandy && fire.is_some(), "{happened:?}");
    assert_eq!((g.turn_lost(FM_A), g.turn_lost(SANDY2)), (Some(1), None));
    let crew = g.survivors.last().unwrap();
    assert_eq!(
        (crew.place, crew.downed_from, crew.turn, crew.injured),
        (SurvivorPlace::Stranded(3), Some(SANDY1), Some(1), true)
    );
    // A helicopter with a Survivor aboard flies to the Orbit Box: the Survivor is off the map
    // this turn (G-21).
    let mut g = caged_tiger(16);
    g.aircraft[usize::from(JOLLY5)].place = Place::Zone(1);
    g.survivors[0].place = SurvivorPlace::Aboard(JOLLY5);
    assert_eq!(g.survivors[0].turn, None, "where the scenario put it");
    g.apply(&Action::Move {
        aircraft: JOLLY5,
        to: Place::Orbit,
    })
    .unwrap();
    assert!(g.record[0].happened.contains(&Happening::Moved {
        aircraft: JOLLY5,
        to: Place::Orbit
    }));
    assert_eq!(
        (g.survivors[0].place, g.survivors[0].turn),
        (SurvivorPlace::OffMap, Some(1))
    );
}

#[test]
fn the_huskie_limited_to_one_survivor_must_fly_home_before_the_next_rescue() {
    // A-24 / G-14 (optional): the lone HH-43 of HS3 lifts one man at a time.
    let setup = |limit: bool| {
        let options = Options {
            huskie_one_survivor: limit,
            ..Options::default()
        };
        let mut g = started_with("youve_got_your_troubles", &options, 21);
        g.aircraft[usize::from(JOLLY5)].place = Place::Zone(1);
        g.aircraft[usize::from(JOLLY5)].moved = false;
        g.survivors[0].place = SurvivorPlace::Aboard(JOLLY5);
        g.survivors.push(Survivor {
            place: SurvivorPlace::Stranded(1),
            injured: false,
            pinpointed: true,
            pilot: None,
            downed_from: None,
            turn: None,
        });
        g.step = Step::Rescue;
        g
    };
    // By default capacity is unlimited (4.3.5).
    assert_eq!(setup(false).rescue_options(), vec![(JOLLY5, 1)]);
    let mut g = setup(true);
    assert!(!g.has_room(JOLLY5));
    assert!(g.rescue_options().is_empty(), "full: no rescue offered");
    let refused = g.apply(&Action::Rescue {
        heli: JOLLY5,
        survivor: 1,
        pj_card: false,
    });
    assert!(refused.is_err(), "and none accepted");
    // Back to the Orbit Box: its Survivor leaves the map, and the Huskie has room again.
    g.to_orbit(JOLLY5);
    assert_eq!(g.survivors[0].place, SurvivorPlace::OffMap);
    g.aircraft[usize::from(JOLLY5)].place = Place::Zone(1);
    assert!(g.has_room(JOLLY5));
    assert_eq!(g.rescue_options(), vec![(JOLLY5, 1)]);
    // The option belongs to HS3 alone: other scenarios keep unlimited capacity.
    let mut other = started_with(
        "caged_tiger",
        &Options {
            huskie_one_survivor: true,
            ..Options::default()
        },
        21,
    );
    other.survivors[0].place = SurvivorPlace::Aboard(JOLLY5);
    assert!(other.has_room(JOLLY5));
}

#[test]
fn the_arclight_strike_blasts_the_enemy_away_from_the_survivors() {
    // G-13 (optional RECON): at the start of turn 6's Event Phase of Streetcar Down, one draw for
    // every Enemy Gun, Barrage and Target of Opportunity in a zone without a Survivor; a BLAST
    // removes it (gun Abort -1, Target of Opportunity -2, Barrage nothing).
    let strike = |on: bool| {
        let options = Options {
            arclight_strike: on,
            ..Options::default()
        };
        let mut g = started_with("streetcar_down", &options, 22);
        clear_map(&mut g);
        // Survivors stranded in C and E (the scenario's), guns in C, N and S.
        assert!(g.stranded().any(|(_, z)| z == 0) && g.stranded().any(|(_, z)| z == 2));
        let c = content();
        let m38 = unit_id("M38");
        let dshk = unit_id("DShK");
        let barrage = unit_id("Barrage");
        place_unit(&mut g, 0, dshk);
        place_unit(&mut g, 1, m38);
        place_unit(&mut g, 1, barrage);
        let too = c
            .zone_markers
            .iter()
            .position(|m| *m == ZoneMarker::TargetOfOpportunity)
            .unwrap() as u8;
        g.zone_cup.take(|&m| m == too);
        g.zone_out.retain(|&m| m != too);
        g.zones[3].markers.push(too);
        g.check_conservation().unwrap();
        g.turn = 6;
        g.abort = 4;
        // Draw order: N's M38 (BLAST), N's Barrage (RIFLE), S's Target of Opportunity (BLAST).
        stack(&mut g, &[15, 11, 19]);
        g.event_phase();
        g.check_conservation().unwrap();
        g
    };
    let g = strike(true);
    let units =
        |g: &Csar, z: usize| -> Vec<u8> { g.zones[z].units.iter().map(|u| u.counter).collect() };
    assert_eq!(
        units(&g, 0),
        vec![unit_id("DShK")],
        "a Survivor's zone is spared"
    );
    assert_eq!(
        units(&g, 1),
        vec![unit_id("Barrage")],
        "the M38 is blasted, the Barrage not"
    );
    assert!(
        g.zones[3].markers.is_empty(),
        "the Target of Opportunity is destroyed"
    );
    assert_eq!(g.abort, 1, "Abort 4 - 1 (gun) - 2 (Target of Opportunity)");
    let drawn = g
        .log
        .entries()
        .iter()
        .filter(|e| e.rule == "7.2" && !e.random.is_empty())
        .count();
    assert_eq!(
        drawn, 3,
        "one draw per enemy piece outside the Survivors' zones"
    );
    // Not chosen: the rulebook's B-52s leave the enemy alone.
    let g = strike(false);
    assert_eq!(units(&g, 1).len(), 2);
    assert_eq!(g.abort, 4);
    assert!(g.log.entries().iter().all(|e| e.rule != "7.2"));
}

#[test]
fn the_campaign_ledger_keeps_every_morale_point_line_by_line() {
    use tonkin::engine::game::Verdict;
    use tonkin::games::csar::rules::Purchase;
    use tonkin::games::csar::rules::campaign::{PurchaseKind, ScoreLine};
    let c = &content().campaign;
    let mut g = Csar::setup("campaign", &Options::default(), 23).unwrap();
    assert_eq!(g.step, Step::Purchase);
    g.apply(&Action::Buy(Purchase::Pilot(0))).unwrap();
    g.apply(&Action::Buy(Purchase::Card(0))).unwrap();
    let cs = g.campaign.as_ref().unwrap();
    let first = &cs.ledger[0];
    assert_eq!(first.start, c.starting_morale);
    assert_eq!(first.spent[PurchaseKind::Pilot as usize], c.price_pilot);
    assert_eq!(first.spent[PurchaseKind::Card as usize], c.price_card);
    assert_eq!(first.bought[0], content().pilots[0].name);
    assert_eq!(
        first.balance(),
        cs.morale,
        "the running balance is the Morale Points"
    );
    assert_eq!(first.scored, None);
    g.apply(&Action::Done).unwrap();
    // The mission ends with one Survivor captured and Abort on 2.
    g.survivors[0].place = SurvivorPlace::Captured;
    g.abort = 2;
    g.campaign_mission_over(Verdict::Loss);
    let cs = g.campaign.as_ref().unwrap();
    let first = &cs.ledger[0];
    let lines = first.scored.expect("scored");
    assert_eq!(
        lines[ScoreLine::SurvivorsLost as usize],
        c.score_survivor_lost
    );
    assert_eq!(
        lines[ScoreLine::AbortSpaces as usize],
        2 * c.score_abort_space
    );
    assert_eq!(lines[ScoreLine::AllRescued as usize], 0);
    assert_eq!(lines.iter().sum::<i32>(), cs.results[0].1);
    assert_eq!(first.balance(), cs.morale);
    assert_eq!(cs.ledger.len(), 2, "mission 2's ledger opens");
    assert_eq!(cs.ledger[1].start, cs.morale);
    assert_eq!(g.step, Step::Purchase);
}
