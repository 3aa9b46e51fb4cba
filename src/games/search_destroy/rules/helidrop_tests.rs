//! Helicopter landings after the opening one [27.0], units that may fly in on one of several
//! game-turns [27.26] and Rangers rappelling [25.0], from the rulebook's scenario texts.

use super::bot::HeuristicBot;
use super::content::{Side, content, data};
use super::map::Terrain;
use super::play::Action;
use super::scenario::unwritten_rules;
use super::state::{SearchDestroy, Step};
use super::tests::{counter, h};
use crate::engine::bot::Bot;
use crate::engine::game::Game;

/// Plays the bots until `stop` holds; the US answers a boarding question with `board`.
fn play_until(
    g: &mut SearchDestroy,
    board: bool,
    stop: impl Fn(&SearchDestroy) -> bool,
) -> Vec<Action> {
    let mut bots = [HeuristicBot::new(7), HeuristicBot::new(8)];
    let mut taken = Vec::new();
    while !stop(g) {
        assert!(g.outcome().is_none(), "the game ended first");
        let actions = g.legal_actions();
        let a = if g.step == Step::Boarding && !board {
            Action::EndBoarding
        } else {
            let seat = g.actor().unwrap().seat();
            bots[usize::from(seat)].choose(&g.view(seat), &actions)
        };
        g.apply(&a).unwrap();
        taken.push(a);
        assert!(taken.len() < 20_000, "no end");
    }
    taken
}

/// Plays the landing under way to its end with the bots.
fn finish_landing(g: &mut SearchDestroy) {
    play_until(g, true, |g| {
        !matches!(
            g.step,
            Step::Boarding | Step::Landing | Step::Commander | Step::LandingFire
        )
    });
}

#[test]
fn the_reinforcement_scenarios_and_the_vehicle_scenarios_set_up() {
    let c = content().unwrap();
    let needs = |id: &str| unwritten_rules(c.scenario(id).unwrap(), c);
    // 27.11 and 27.13 bring Rangers by helicopter and vehicles by ground [22.0, 25.0].
    for id in [
        "clean_house",
        "pursuit_2nd_vc",
        "paul_revere_iv",
        "op_gibraltar",
        "cau_ke",
    ] {
        assert!(needs(id).is_empty(), "{id}");
        assert!(SearchDestroy::new(id, 1).is_ok(), "{id}");
    }
}

#[test]
fn clean_house_27_14_a_company_drops_on_game_turns_1_4_and_7() {
    let mut g = SearchDestroy::new("clean_house", 2).unwrap();
    play_until(&mut g, true, |g| g.step != Step::Setup);
    // Game-Turn 1: company A alone (25 units) lands [27.14].
    assert_eq!((g.step.clone(), g.turn), (Step::Landing, 1));
    assert_eq!(g.passengers().len(), 25);
    finish_landing(&mut g);
    let on_map = |g: &SearchDestroy| {
        g.units
            .iter()
            .filter(|u| u.side == Side::Us && u.on_map())
            .count()
    };
    let first = on_map(&g);
    assert!((20..=25).contains(&first), "{first}");
    // Game-Turns 2 and 3 bring nobody; Game-Turn 4 opens the US Movement Phase with the
    // second drop: company B and the battalion commander.
    play_until(&mut g, true, |g| g.turn == 4 && g.actor() == Some(Side::Us));
    assert_eq!(g.step, Step::Landing);
    let aboard = g.passengers();
    assert_eq!(aboard.len(), 26);
    assert!(aboard.iter().any(|&i| g.units[i].is("battalion_commander")));
    // No landing hex holds a counter of either side, US units already down included [9.12].
    let hexes = g.landing_hexes();
    assert!(!hexes.is_empty());
    assert!(hexes.iter().all(|&x| g.units_at(x).next().is_none()));
    let held = g
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .filter_map(|u| u.hex)
        .find(|&x| matches!(data().map.terrain(x), Terrain::Open | Terrain::Broken))
        .unwrap();
    assert!(g.apply(&Action::Land(held)).is_err());
    finish_landing(&mut g);
    // Then the Movement Phase goes on: company A moves, the new arrivals may not [9.14].
    assert_eq!(g.step, Step::Movement(Side::Us));
    let landed: Vec<usize> = aboard
        .into_iter()
        .filter(|&i| g.units[i].on_map())
        .collect();
    assert!(!landed.is_empty());
    let takers: Vec<usize> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Select(u) => Some(*u),
            _ => None,
        })
        .collect();
    assert!(!takers.is_empty());
    assert!(takers.iter().all(|u| !landed.contains(u)));
    assert!(landed.iter().all(|&i| g.units[i].landed));
    // Game-Turn 7: the third company.
    play_until(&mut g, true, |g| g.turn == 7 && g.actor() == Some(Side::Us));
    assert_eq!((g.step.clone(), g.passengers().len()), (Step::Landing, 25));
}

#[test]
fn pursuit_27_25_the_us_drops_on_game_turn_2_after_the_nlf() {
    let mut g = SearchDestroy::new("pursuit_2nd_vc", 4).unwrap();
    // Game-Turn 1: the NLF walks in, the US has nothing to do.
    assert_eq!((g.step.clone(), g.turn), (Step::Movement(Side::Nlf), 1));
    play_until(&mut g, true, |g| g.actor() == Some(Side::Us));
    assert_eq!((g.step.clone(), g.turn), (Step::Movement(Side::Us), 1));
    assert_eq!(g.legal_actions(), [Action::EndMovement]);
    play_until(&mut g, true, |g| g.turn == 2 && g.actor() == Some(Side::Us));
    // Two platoons, two medics, the company commander.
    assert_eq!((g.step.clone(), g.passengers().len()), (Step::Landing, 13));
    finish_landing(&mut g);
    // Nothing else on the map could move: the phase is over as after an opening landing.
    assert!(!matches!(g.step, Step::Movement(Side::Us)), "{:?}", g.step);
    assert!(g.units.iter().any(|u| u.side == Side::Us && u.on_map()));
}

#[test]
fn paul_revere_27_26_a_platoon_per_drop_the_rest_when_the_us_likes() {
    let mut g = SearchDestroy::new("paul_revere_iv", 3).unwrap();
    play_until(&mut g, true, |g| g.step != Step::Setup);
    // Game-Turn 1: platoon 1 is aboard; the other ten may come now, on 3 or on 5.
    assert_eq!((g.step.clone(), g.turn), (Step::Boarding, 1));
    assert_eq!(g.passengers().len(), 5);
    let offers = g.legal_actions();
    assert_eq!(offers.last(), Some(&Action::EndBoarding));
    let kinds: Vec<&str> = offers
        .iter()
        .filter_map(|a| match a {
            Action::Board(u) => g.units[*u].spec().map(|s| s.id.as_str()),
            _ => None,
        })
        .collect();
    // One choice per kind: commander, platoon leader, weapons squad, intelligence team,
    // medic, forward observer.
    assert_eq!(kinds.len(), 6, "{kinds:?}");
    let commander = offers
        .iter()
        .find_map(|a| match a {
            Action::Board(u) if g.units[*u].is("company_commander") => Some(*u),
            _ => None,
        })
        .unwrap();
    g.apply(&Action::Board(commander)).unwrap();
    assert_eq!(g.passengers().len(), 6);
    // The NLF does not learn who boards.
    assert!(g.view(1).boarding.is_empty());
    assert!(g.apply(&Action::Board(commander)).is_err());
    g.apply(&Action::EndBoarding).unwrap();
    assert_eq!(g.step, Step::Landing);
    // The platoon's five helicopters form the snake; the commander's flies free [27.26]: once
    // the snake is laid, any legal landing hex away from it.
    let mut bot = HeuristicBot::new(1);
    while g.landing.len() < 5 {
        let a = bot.choose(&g.view(0), &g.legal_actions());
        g.apply(&a).unwrap();
    }
    let free = g.landing_hexes();
    let map = &data().map;
    assert!(
        free.iter()
            .any(|&x| g.landing.iter().all(|&l| x.distance(l) > 3))
    );
    let far = *free
        .iter()
        .find(|&&x| g.landing.iter().all(|&l| x.distance(l) > 3))
        .unwrap();
    assert!(map.neighbours(far).all(|n| !g.landing.contains(&n)));
    g.apply(&Action::Land(far)).unwrap();
    assert_eq!(g.step, Step::Commander);
    assert!(g.legal_actions().contains(&Action::Commander(far)));
    g.apply(&Action::Commander(far)).unwrap();
    finish_landing(&mut g);
    if !g.units[commander].removed {
        assert_eq!(g.units[commander].hex, Some(far));
    }
    // Game-Turn 3: platoon 2, and the choice again, the commander no longer among it.
    play_until(&mut g, false, |g| {
        g.turn == 3 && g.actor() == Some(Side::Us)
    });
    assert_eq!((g.step.clone(), g.passengers().len()), (Step::Boarding, 5));
    assert!(!g.legal_actions().contains(&Action::Board(commander)));
    // Nobody extra on 3: on Game-Turn 5, their last, the nine others must come [27.26].
    play_until(&mut g, false, |g| {
        g.turn == 5 && g.actor() == Some(Side::Us)
    });
    assert_eq!((g.step.clone(), g.passengers().len()), (Step::Landing, 14));
}

#[test]
fn rangers_25_0_rappel_into_any_terrain_but_never_onto_a_counter() {
    let mut g = SearchDestroy::new("clean_house", 1).unwrap();
    let forest = data()
        .map
        .hexes()
        .find(|&x| data().map.terrain(x) == Terrain::Forest)
        .unwrap();
    let building = data()
        .map
        .hexes()
        .find(|&x| data().map.terrain(x) == Terrain::Building)
        .unwrap();
    let road = data().map.hexes().find(|&x| data().map.road(x)).unwrap();
    let mut ranger = counter("arvn_ranger", Side::Us, "0101");
    ranger.hex = None;
    g.units = vec![
        ranger.clone(),
        ranger,
        counter("militia", Side::Nlf, "2020"),
    ];
    g.units[2].hex = Some(forest);
    g.schedule.entries.clear();
    g.step = Step::Landing;
    let hexes = g.landing_hexes();
    assert!(hexes.contains(&building) && hexes.contains(&road));
    assert!(!hexes.contains(&forest), "a counter holds it");
    let other_forest = data()
        .map
        .hexes()
        .find(|&x| data().map.terrain(x) == Terrain::Forest && x != forest)
        .unwrap();
    assert!(hexes.contains(&other_forest));
    // With a US squad aboard the landing keeps the terrain limits of 9.12 and 9.15.
    let mut squad = counter("us_squad", Side::Us, "0101");
    squad.hex = None;
    g.units.push(squad);
    let hexes = g.landing_hexes();
    assert!(!hexes.contains(&building) && !hexes.contains(&other_forest));
    assert!(hexes.iter().all(|&x| !data().map.road(x)));
    // Everything else as for any landing: the NLF may fire at the Rangers' helicopters [25.0].
    g.units.pop();
    g.units[2].hex = Some(h("2020"));
    g.units[2].kind = Some(data().counter_index("hard_core").unwrap() as u16);
    g.units[2].face_up = true;
    g.apply(&Action::Land(h("2024"))).unwrap();
    g.apply(&Action::Land(h("2025"))).unwrap();
    assert_eq!(g.step, Step::LandingFire);
    assert!(g.legal_actions().contains(&Action::Target(h("2024"))));
}

/// A bot game of each newly playable scenario ends without a dead end, every drop landing.
#[test]
fn bots_play_the_reinforcement_scenarios_to_the_end() {
    for scenario in ["clean_house", "pursuit_2nd_vc", "paul_revere_iv"] {
        let mut g = SearchDestroy::new(scenario, 11).unwrap();
        g.quiet_log();
        play_until(&mut g, true, |g| g.outcome().is_some());
        // Everyone came in (or went down with his helicopter).
        assert!(
            g.units
                .iter()
                .all(|u| u.side == Side::Nlf || u.hex.is_some() || u.removed),
            "{scenario}"
        );
    }
}
