//! Corrections to That Others May Live found by reading the code against the rulebook (#12):
//! each test names the rule it checks.

mod common;

use common::csar::{caged_tiger, place_unit, stack};
use tonkin::engine::game::Game;
use tonkin::games::csar::rules::state::SurvivorPlace;
use tonkin::games::csar::rules::{Csar, Step};

/// Two stranded Survivors, North and South, and an Enemy Search of one card that shows a rifle
/// (#11), then `determining` decides which Survivor is captured.
fn search_two_survivors(determining: u8) -> Csar {
    let mut g = caged_tiger(3);
    let mut second = g.survivors[0].clone();
    g.survivors[0].place = SurvivorPlace::Stranded(1);
    second.place = SurvivorPlace::Stranded(3);
    g.survivors.push(second);
    g.search = 1;
    stack(&mut g, &[11, determining]);
    g.enemy_search(0);
    g
}

/// 2.2.1: a random choice between two outcomes is decided by the ones digit being odd or even
/// (0 is even) — here the first Survivor on an even card, the second on an odd one, whatever
/// half of 0–9 the digit lies in.
#[test]
fn rule_2_2_1_two_outcomes_are_decided_by_odd_or_even() {
    for (card, captured) in [(3u8, 1usize), (6, 0), (20, 0), (9, 1), (2, 0), (27, 1)] {
        let g = search_two_survivors(card);
        let places: Vec<SurvivorPlace> = g.survivors.iter().map(|s| s.place).collect();
        assert_eq!(
            places[captured],
            SurvivorPlace::Captured,
            "card #{card}: {places:?}"
        );
        assert_ne!(
            places[1 - captured],
            SurvivorPlace::Captured,
            "card #{card}"
        );
    }
}

/// 4.4.2 / 4.4.3 with 4.3.3 D: only Aircraft Action cards may be burned to draw fewer cards in
/// the Enemy Search and the Abort Check; Command cards may not.
#[test]
fn rule_4_4_2_search_and_abort_burn_only_aircraft_cards() {
    use tonkin::games::csar::rules::Action;
    use tonkin::games::csar::rules::content::{CardKind, content};
    let kind = |c: u8| content().action(c).kind;
    let command = (0..content().actions.len() as u8)
        .find(|&c| kind(c) == CardKind::Command)
        .unwrap();
    let aircraft = (0..content().actions.len() as u8)
        .find(|&c| kind(c) == CardKind::Aircraft)
        .unwrap();
    for step in [Step::Search, Step::Abort] {
        let mut g = caged_tiger(5);
        g.search = 3;
        g.abort = 3;
        g.hand = vec![command, aircraft];
        g.step = step;
        let legal = g.legal_actions();
        assert!(
            legal.contains(&Action::Burn(aircraft)),
            "{step:?}: {legal:?}"
        );
        assert!(
            !legal.contains(&Action::Burn(command)),
            "{step:?}: {legal:?}"
        );
        assert!(g.apply(&Action::Burn(command)).is_err());
    }
}

/// Mission Log (rules digest §10.5): every turn row's Survivors column says where the
/// Survivors were at the end of that turn, not only the current turn's row.
#[test]
fn mission_log_fills_the_survivors_column_of_every_turn() {
    use tonkin::games::csar::art::records::mission_log_from;
    let mut g = caged_tiger(9);
    let mut bot = tonkin::games::csar::rules::bot::HeuristicBot::new(9);
    use tonkin::engine::bot::Bot;
    while g.turn < 3 && g.result.is_none() {
        let legal = g.legal_actions();
        let a = bot.choose(&g, &legal);
        g.apply(&a).unwrap();
    }
    assert!(g.turn >= 3, "the mission lasted past turn 2");
    let log = mission_log_from(&g);
    for (n, row) in log.turns.iter().take(2).enumerate() {
        assert!(
            row.survivors.contains("stranded"),
            "turn {}: {:?}",
            n + 1,
            row.survivors
        );
    }
}

/// An Enemy Search of two cards (Search 2, an Aircraft card in hand so the player may burn)
/// whose first card is the Wild and second a roundel (#4), one Survivor stranded in North.
fn search_drawing_the_wild() -> Csar {
    use tonkin::games::csar::rules::content::{CardKind, content};
    let mut g = caged_tiger(3);
    g.survivors[0].place = SurvivorPlace::Stranded(1);
    let aircraft = (0..content().actions.len() as u8)
        .find(|&c| content().action(c).kind == CardKind::Aircraft)
        .unwrap();
    g.hand = vec![aircraft];
    g.search = 2;
    g.abort = 0;
    g.step = Step::Search;
    stack(&mut g, &[30, 4]);
    g
}

/// 2.2.1: the player decides what a drawn Wild card counts as — any symbol, or a Reshuffle.
/// The game asks, with the position as before the draw, and the answer decides the search.
#[test]
fn rule_2_2_1_the_player_names_the_wild_card() {
    use tonkin::games::csar::rules::Action;
    use tonkin::games::csar::rules::content::Symbol;
    let mut g = search_drawing_the_wild();
    g.apply(&Action::Done).unwrap();
    let asked = g.legal_actions();
    for s in [
        Symbol::Crosshairs,
        Symbol::Roundel,
        Symbol::Rifle,
        Symbol::Blast,
        Symbol::Reshuffle,
    ] {
        assert!(asked.contains(&Action::NameWild(s)), "{asked:?}");
    }
    assert_eq!(asked.len(), 5, "nothing else until the Wild is named");
    assert_eq!((g.step, g.search), (Step::Search, 2), "the search waits");
    let before = g.clone();
    // Named a rifle, the Wild finds the Survivor.
    g.apply(&Action::NameWild(Symbol::Rifle)).unwrap();
    assert_eq!(g.survivors[0].place, SurvivorPlace::Captured);
    // Named anything else, the search finds nobody.
    let mut g = before.clone();
    g.apply(&Action::NameWild(Symbol::Roundel)).unwrap();
    assert_eq!(g.survivors[0].place, SurvivorPlace::Stranded(1));
    // As a Reshuffle it does not count: the deck is shuffled and two more cards are drawn.
    let mut g = before;
    g.apply(&Action::NameWild(Symbol::Reshuffle)).unwrap();
    let search = g
        .log
        .entries()
        .iter()
        .map(|e| e.english())
        .find(|line| line.contains("Enemy Search"))
        .unwrap_or_else(|| {
            panic!(
                "{:#?}",
                g.log
                    .entries()
                    .iter()
                    .map(|e| e.english())
                    .collect::<Vec<_>>()
            )
        });
    assert!(search.contains("#30 WILD"), "{search}");
    assert_eq!(search.matches('#').count(), 3, "{search}");
}

/// Two stranded Survivors and an Enemy Search of two cards that are both rifles (#11, #14),
/// under `options`: how many Survivors are captured.
fn captured_by_two_rifles(options: tonkin::games::csar::rules::Options) -> usize {
    let mut g = Csar::setup("caged_tiger", &options, 3).unwrap();
    while g.step != Step::Move {
        let first = g.prompt().choices[0].action.clone();
        g.apply(&first).unwrap();
    }
    let mut second = g.survivors[0].clone();
    g.survivors[0].place = SurvivorPlace::Stranded(1);
    second.place = SurvivorPlace::Stranded(3);
    g.survivors.push(second);
    g.search = 2;
    stack(&mut g, &[11, 14, 2]);
    g.enemy_search(0);
    g.survivors
        .iter()
        .filter(|s| s.place == SurvivorPlace::Captured)
        .count()
}

/// RULING A-14 (4.4.2) and A-15 (6.5): the readings players disagree on are optional rules,
/// today's reading the default.
#[test]
fn rulings_a14_a15_rifle_captures_are_optional_readings() {
    use tonkin::games::csar::rules::Options;
    let with = |per_rifle: bool, forgiving: bool, single: bool| Options {
        capture_per_rifle: per_rifle,
        search_effectiveness: forgiving,
        forgive_single_rifle: single,
        ..Options::default()
    };
    // one capture per search, however many rifles; the other reading, one per rifle.
    assert_eq!(captured_by_two_rifles(with(false, false, false)), 1);
    assert_eq!(captured_by_two_rifles(with(true, false, false)), 2);
    // 6.5 forgives that whole search; the other reading, its first rifle only.
    assert_eq!(captured_by_two_rifles(with(false, true, false)), 0);
    assert_eq!(captured_by_two_rifles(with(false, true, true)), 1);
    assert_eq!(captured_by_two_rifles(with(true, true, true)), 1);
    let keys: Vec<&str> = <Csar as tonkin::engine::play::Playable>::optional_rules()
        .iter()
        .map(|r| r.key)
        .collect();
    assert!(keys.contains(&"capture_per_rifle") && keys.contains(&"forgive_single_rifle"));
}

/// 4.3.3 E: when the hits are enough to bring down every aircraft in the zone, the player
/// picks the order they go down in (it decides which crash draw falls on which aircraft).
#[test]
fn rule_4_3_3_e_the_player_orders_the_losses_when_every_aircraft_goes() {
    use tonkin::games::csar::rules::Action;
    use tonkin::games::csar::rules::content::content;
    use tonkin::games::csar::rules::record::Happening;
    use tonkin::games::csar::rules::state::{FireStage, Place};
    const SANDY1: u8 = 0;
    const SANDY2: u8 = 1;
    let mut g = caged_tiger(5);
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
    let zpu = content()
        .units
        .iter()
        .position(|u| u.name == "ZPU")
        .unwrap() as u8;
    place_unit(&mut g, 3, zpu);
    for a in [SANDY1, SANDY2] {
        g.aircraft[usize::from(a)].place = Place::Zone(3);
        g.aircraft[usize::from(a)].shaken = true;
    }
    // Two crosshairs (#1, #2): two hits on two Shaken Sandys, enough for both.
    stack(&mut g, &[1, 2, 15, 3]);
    g.hand.clear();
    g.start_fire(false);
    g.fire_at(3);
    g.fire_auto();
    let Some(FireStage::PickAircraft { candidates, .. }) = g.fire.as_ref().map(|f| f.stage.clone())
    else {
        panic!("the player picks: {:?}", g.fire);
    };
    assert_eq!(candidates, vec![SANDY1, SANDY2]);
    g.apply(&Action::HitAircraft(SANDY2)).unwrap();
    let lost: Vec<u8> = g.record[0]
        .happened
        .iter()
        .filter_map(|h| match h {
            Happening::AircraftLost { aircraft } => Some(*aircraft),
            _ => None,
        })
        .collect();
    assert_eq!(lost, vec![SANDY2, SANDY1], "Sandy 2 first, as picked");
}
