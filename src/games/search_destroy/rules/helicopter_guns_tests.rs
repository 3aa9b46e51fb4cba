//! Helicopter gun support [26.0], from the rulebook's cases: troop helicopters fire 3 in the
//! game-turn they land [26.1], the Cobras of a MEDEVAC or supply flight 5 in that game-turn and
//! the next [26.2], helicopters block helicopter fire [26.3], and the NLF's three chances at
//! each helicopter [26.4].

use super::bot::HeuristicBot;
use super::content::{Side, data};
use super::crt::odds_column;
use super::helicopter_guns::{GunAction, Helicopter, Mission};
use super::options::Options;
use super::play::Action;
use super::state::{SearchDestroy, Step, Unit};
use super::tests::{board_with, counter, h, rigged};
use crate::engine::bot::Bot;
use crate::engine::game::Game;

fn on() -> Options {
    Options {
        helicopter_guns: true,
        ..Options::default()
    }
}

fn heli(hex: &str, mission: Mission, turn: u8) -> Helicopter {
    Helicopter {
        hex: h(hex),
        mission,
        turn,
        fired: None,
        fired_on: false,
        shot_down: false,
    }
}

fn face_up(mut u: Unit) -> Unit {
    u.face_up = true;
    u
}

fn said(g: &SearchDestroy, text: &str) -> bool {
    g.log
        .seen_by(Side::Us.seat())
        .entries()
        .iter()
        .any(|e| e.english().contains(text))
}

#[test]
fn the_strengths_are_the_rulebooks() {
    let t = &data().helicopter_guns;
    assert_eq!((t.troops, t.cobra, t.cobra_game_turns), (3, 5, 2));
}

#[test]
fn the_troop_helicopters_of_a_landing_stay_and_fire_3_in_that_game_turn_only() {
    // Two squads fly in to 0508 and 0509 (column 05 is open from 0508 to 0512); nobody fires.
    let mut units = vec![
        counter("us_squad", Side::Us, "0101"),
        counter("us_squad", Side::Us, "0101"),
        face_up(counter("hard_core", Side::Nlf, "0512")),
    ];
    units[0].hex = None;
    units[1].hex = None;
    let mut g = board_with(units, Step::LandingFire, &on());
    g.landing = vec![h("0508"), h("0509")];
    g.apply(&Action::EndFire).unwrap();
    assert_eq!(
        g.helicopter_guns.helicopters,
        vec![
            heli("0508", Mission::Troops, 2),
            heli("0509", Mission::Troops, 2)
        ]
    );
    assert_eq!(g.step, Step::Probe);
    g.apply(&Action::NoProbe).unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us), "no chance (c) for them yet");
    // The landed squads may not fire [9.14], the helicopters may; the one at 0508 does not
    // see past the squad at 0509 [6.23].
    assert_eq!(g.guns_at(h("0512")), vec![1]);
    assert!(g.actions().contains(&Action::Target(h("0512"))));
    g.apply(&Action::Target(h("0512"))).unwrap();
    assert!(!g.actions().contains(&Action::Resolve), "nothing added yet");
    assert!(!g.actions().iter().any(|a| matches!(a, Action::AddFirer(_))));
    g.apply(&Action::Guns(GunAction::Fire(1))).unwrap();
    let attack = g.attack.clone().unwrap();
    assert_eq!(
        g.attack_column(&attack),
        odds_column(6, g.defense_of(h("0512"), Side::Nlf)),
        "3 strength points"
    );
    g.rng = rigged(&[1]);
    g.apply(&Action::Resolve).unwrap();
    assert_eq!(g.helicopter_guns.helicopters[1].fired, Some(2));
    assert_eq!(g.gun_strength(1), 0, "once");
    assert!(said(&g, "The helicopters at 0509 fire with the attack"));
    // The game-turn of the landing only [26.1].
    assert_eq!(g.gun_strength(0), 3);
    g.turn = 3;
    assert_eq!(g.gun_strength(0), 0);
}

#[test]
fn cobras_escorting_a_supply_or_medevac_fire_5_in_that_game_turn_and_the_next() {
    let options = Options {
        increased_fire: true,
        ..on()
    };
    let mut g = board_with(
        vec![counter("us_squad", Side::Us, "0410")],
        Step::Movement(Side::Us),
        &options,
    );
    g.issue_fire();
    g.units[0].mp = 12;
    g.apply(&Action::DropSupply(h("0510"))).unwrap();
    assert_eq!(
        g.step,
        Step::Movement(Side::Us),
        "nobody near: it lands at once"
    );
    assert_eq!(
        g.helicopter_guns.helicopters,
        vec![heli("0510", Mission::Supply, 2)]
    );
    assert_eq!(g.gun_strength(0), 5);
    g.turn = 3;
    assert_eq!(g.gun_strength(0), 5, "again in the next game-turn");
    g.helicopter_guns.helicopters[0].fired = Some(3);
    assert_eq!(g.gun_strength(0), 0, "once a game-turn");
    g.turn = 4;
    g.helicopter_guns.helicopters[0].fired = None;
    assert_eq!(g.gun_strength(0), 0, "and no more");
    g.helicopter_guns
        .helicopters
        .push(heli("0610", Mission::Medevac, 4));
    assert_eq!(g.gun_strength(1), 5);
}

#[test]
fn another_helicopter_between_blocks_helicopter_fire_only() {
    let mut g = board_with(
        vec![face_up(counter("hard_core", Side::Nlf, "0512"))],
        Step::Combat(Side::Us),
        &on(),
    );
    g.helicopter_guns.helicopters = vec![
        heli("0508", Mission::Troops, 2),
        heli("0510", Mission::Troops, 2),
    ];
    assert_eq!(g.guns_at(h("0512")), vec![1]);
    assert!(!g.gun_sees(h("0508"), h("0512")));
    assert!(
        g.sees(h("0508"), h("0512")),
        "ground fire sees past a helicopter"
    );
    g.helicopter_guns.helicopters[1].shot_down = true;
    assert_eq!(g.guns_at(h("0512")), vec![0]);
}

/// The NLF Combat Phase with a helicopter that landed at 0508 this game-turn, a face-up
/// hard-core at 0512 in sight of it, a face-down hard-core at 0505 behind the treeline of
/// 0506-0507, and a face-up militia squad next to it at 0408.
fn nlf_combat() -> SearchDestroy {
    let mut g = board_with(
        vec![
            face_up(counter("hard_core", Side::Nlf, "0512")),
            counter("hard_core", Side::Nlf, "0505"),
            face_up(counter("militia", Side::Nlf, "0408")),
        ],
        Step::Combat(Side::Nlf),
        &on(),
    );
    g.helicopter_guns.helicopters = vec![heli("0508", Mission::Troops, 2)];
    g
}

#[test]
fn in_its_combat_phase_the_nlf_fires_at_a_helicopter_in_normal_line_of_sight() {
    let mut g = nlf_combat();
    let at = Action::Guns(GunAction::AtHelicopter(0));
    assert!(g.actions().contains(&at));
    assert_eq!(
        g.helicopter_firers(h("0508")),
        vec![0],
        "hard-core and leaders only, and terrain blocks now [26.4]"
    );
    g.apply(&at).unwrap();
    assert!(g.actions().contains(&Action::AddFirer(0)));
    g.apply(&Action::AddFirer(0)).unwrap();
    // 2 against the helicopter's 1: 2-1, where a 6 shoots it down.
    let attack = g.attack.clone().unwrap();
    assert_eq!(g.attack_column(&attack), odds_column(4, 1));
    g.rng = rigged(&[6]);
    g.apply(&Action::Resolve).unwrap();
    assert_eq!(g.points[1], 50, "a helicopter [7.2]");
    assert!(g.helicopter_guns.helicopters[0].shot_down);
    assert_eq!(g.helicopter_at(h("0508")), None);
    assert!(said(&g, "shoots down the helicopter at 0508"));
    assert!(
        !g.attacked.contains(&h("0508")),
        "the hex's units are still a target"
    );
    assert!(!g.actions().contains(&at));
}

#[test]
fn a_miss_in_the_nlf_combat_phase_leaves_the_helicopter_one_more_chance() {
    let mut g = nlf_combat();
    g.apply(&Action::Guns(GunAction::AtHelicopter(0))).unwrap();
    g.apply(&Action::AddFirer(0)).unwrap();
    g.rng = rigged(&[1]);
    g.apply(&Action::Resolve).unwrap();
    assert!(said(&g, "misses the helicopter at 0508"));
    assert!(!g.helicopter_guns.helicopters[0].shot_down);
    assert!(
        !g.actions()
            .contains(&Action::Guns(GunAction::AtHelicopter(0))),
        "one attack at it this phase"
    );
}

#[test]
fn the_easy_nlf_fires_at_a_helicopter_at_good_odds() {
    let mut g = nlf_combat();
    g.units
        .push(face_up(counter("hard_core", Side::Nlf, "0607")));
    g.units
        .push(face_up(counter("hard_core", Side::Nlf, "0608")));
    // Two more hard-core next to 0508: 6 strength points against 1, the best column.
    let mut bot = HeuristicBot::new(1);
    let choice = bot.choose(&g.view(1), &g.legal_actions());
    assert_eq!(choice, Action::Guns(GunAction::AtHelicopter(0)));
}

/// The next US Combat Phase (game-turn 3) with the helicopter that landed at 0508 in
/// game-turn 2 and `nlf` at 0505, behind the treeline.
fn next_combat(nlf: &str, face_down: bool) -> SearchDestroy {
    let mut back = counter(nlf, Side::Nlf, "0505");
    back.face_up = !face_down;
    let mut g = board_with(
        vec![counter("us_squad", Side::Us, "0509"), back],
        Step::Probe,
        &on(),
    );
    g.turn = 3;
    g.helicopter_guns.helicopters = vec![heli("0508", Mission::Troops, 2)];
    g
}

#[test]
fn the_third_chance_opens_the_next_us_combat_phase_terrain_never_in_the_way() {
    let mut g = next_combat("hard_core", true);
    g.apply(&Action::NoProbe).unwrap();
    assert_eq!(g.step, Step::LandingFire);
    assert_eq!(g.actor(), Some(Side::Nlf));
    assert_eq!(g.landing, vec![h("0508")]);
    assert_eq!(
        g.prompt().text.english(),
        "NLF: fire again at the helicopters that came down last game-turn?"
    );
    assert_eq!(g.firers(Side::Nlf, h("0508")), vec![1], "[6.28]");
    g.apply(&Action::Target(h("0508"))).unwrap();
    g.apply(&Action::AddFirer(1)).unwrap();
    g.rng = rigged(&[1]);
    g.apply(&Action::Resolve).unwrap();
    assert!(said(&g, "misses the helicopter at 0508"));
    assert!(g.units[1].face_up, "the firer is seen [6.31]");
    g.apply(&Action::EndFire).unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us));
    assert!(g.units[0].on_map(), "nobody aboard is lost");
    assert_eq!(
        g.helicopter_at(h("0508")),
        Some(0),
        "on the map until the phase ends"
    );
    g.apply(&Action::EndFire).unwrap();
    assert!(g.helicopter_guns.helicopters.is_empty());
    assert!(said(&g, "The helicopters at 0508 fly off"));
}

#[test]
fn the_third_chance_waits_for_any_back_near_and_for_no_one_far() {
    // A face-down rice cache near: the US cannot tell it from a hard-core, so the NLF is
    // asked anyway, and can only pass.
    let mut g = next_combat("rice", true);
    g.apply(&Action::NoProbe).unwrap();
    assert_eq!(g.step, Step::LandingFire);
    assert_eq!(g.actions(), vec![Action::EndFire]);
    g.apply(&Action::EndFire).unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us));
    // A face-up militia squad may not fire at helicopters: no chance to offer.
    let mut g = next_combat("militia", false);
    g.apply(&Action::NoProbe).unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us));
    // Nobody within 8 hexes.
    let mut g = next_combat("hard_core", true);
    g.units[1].hex = Some(h("4430"));
    g.apply(&Action::NoProbe).unwrap();
    assert_eq!(g.step, Step::Combat(Side::Us));
}

#[test]
fn a_helicopter_shot_down_at_the_third_chance_takes_its_guns_with_it() {
    let mut g = next_combat("hard_core", false);
    g.helicopter_guns.helicopters[0].mission = Mission::Medevac;
    g.apply(&Action::NoProbe).unwrap();
    g.apply(&Action::Target(h("0508"))).unwrap();
    g.apply(&Action::AddFirer(1)).unwrap();
    g.rng = rigged(&[6]);
    g.apply(&Action::Resolve).unwrap();
    assert_eq!(g.points[1], 50);
    assert!(
        g.units[0].on_map(),
        "a helicopter that came down earlier carries nobody"
    );
    g.apply(&Action::EndFire).unwrap();
    assert_eq!(g.gun_strength(0), 0, "the Cobras' second game-turn is lost");
}
