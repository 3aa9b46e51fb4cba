//! The casualty combat system and MEDEVAC [20.0-20.6], from the rulebook's text and the
//! digest's rulings (4.11).

use super::casualties::{CasualtyAction, CasualtyCell, Fire, Score};
use super::content::{Side, data};
use super::crt::Effect;
use super::hex::Hex;
use super::map::Terrain;
use super::options::Options;
use super::play::Action;
use super::state::{SearchDestroy, Step};
use super::tests::{board_with, counter, moving_with, rigged};
use crate::engine::content::Source;
use crate::engine::game::Game;

fn casualties() -> Options {
    Options {
        casualties: true,
        ..Options::default()
    }
}

/// An Open hex away from the edges whose six neighbours are Open too, and those neighbours.
fn open_ring() -> (Hex, Vec<Hex>) {
    let map = &data().map;
    let here = map
        .hexes()
        .find(|&x| {
            x.col > 3
                && x.row > 3
                && map.terrain(x) == Terrain::Open
                && !map.road(x)
                && map.neighbours(x).count() == 6
                && map
                    .neighbours(x)
                    .all(|n| map.terrain(n) == Terrain::Open && !map.road(n))
        })
        .expect("the map has open fields");
    (here, map.neighbours(here).collect())
}

/// The markers of `side` in `hex`: (killed, wounded).
fn markers(g: &SearchDestroy, side: Side, hex: Hex) -> (usize, usize) {
    let of = |id: &str| g.side_at(hex, side).filter(|&i| g.units[i].is(id)).count();
    match side {
        Side::Us => (of("us_killed"), of("us_wounded")),
        Side::Nlf => (of("nlf_killed"), of("nlf_wounded")),
    }
}

/// `firers` (unit indices) attack `target` in the current Combat Phase with the die rigged.
fn fire(g: &mut SearchDestroy, target: Hex, firers: &[usize], die: i32) {
    g.rng = rigged(&[die]);
    g.apply_action(&Action::Target(target)).unwrap();
    for &i in firers {
        g.apply_action(&Action::AddFirer(i)).unwrap();
    }
    g.apply_action(&Action::Resolve).unwrap();
}

/// The NLF unit `victim` in the open at the ring's centre, two US squads next to it: 4 against
/// 1 is 4-1.
fn us_fires_at(victim: &str, die: i32) -> (SearchDestroy, Hex) {
    let (here, ring) = open_ring();
    let mut target = counter(victim, Side::Nlf, &here.to_string());
    target.face_up = true;
    let units = vec![
        target,
        counter("us_squad", Side::Us, &ring[0].to_string()),
        counter("us_squad", Side::Us, &ring[1].to_string()),
    ];
    let mut g = board_with(units, Step::Combat(Side::Us), &casualties());
    fire(&mut g, here, &[1, 2], die);
    (g, here)
}

/// The US unit `victim` in the open, two face-up Hard-Core squads next to it: 4-1.
fn nlf_fires_at(victim: &str, die: i32) -> (SearchDestroy, Hex) {
    let (here, ring) = open_ring();
    let mut units = vec![counter(victim, Side::Us, &here.to_string())];
    for n in &ring[..2] {
        let mut hc = counter("hard_core", Side::Nlf, &n.to_string());
        hc.face_up = true;
        units.push(hc);
    }
    let mut g = board_with(units, Step::Combat(Side::Nlf), &casualties());
    fire(&mut g, here, &[1, 2], die);
    (g, here)
}

#[test]
fn the_printed_rows_read_as_printed() {
    // 20.0: rows 1-3 as printed; only 4-1 on a 3 wounds.
    let t = &data().casualties;
    let p = CasualtyCell {
        pinned: true,
        ..Default::default()
    };
    let none = CasualtyCell::default();
    assert_eq!(
        (0..6).map(|c| t.cell(c, 1)).collect::<Vec<_>>(),
        [none, none, none, none, none, p]
    );
    assert_eq!(
        (0..6).map(|c| t.cell(c, 2)).collect::<Vec<_>>(),
        [none, none, none, none, p, p]
    );
    assert_eq!(
        (0..6).map(|c| t.cell(c, 3)).collect::<Vec<_>>(),
        [none, none, none, p, p, CasualtyCell { wounded: 1, ..p }]
    );
    for die in 1..=3 {
        assert_eq!(t.row_source(die), Source::Rulebook);
    }
    for die in 4..=8 {
        assert_eq!(t.row_source(die), Source::Recon);
    }
}

#[test]
fn the_reconstructed_rows_are_the_casualty_twins_of_the_points_table() {
    // Digest 4.11: the same diagonal (die + column) as the points table; a cell pins where
    // the points cell has an effect, wounds or kills where it scores, downs a helicopter where
    // it does; 4-1 with an 8 is two killed and one wounded.
    let (t, crt) = (&data().casualties, &data().crt);
    for die in 1..=8 {
        for col in 0..6 {
            let (c, p) = (t.cell(col, die), crt.cell(col, die));
            assert_eq!(c.pinned, p.effect != Effect::None, "{die},{col}");
            assert_eq!(c.casualties() > 0, p.scores(), "{die},{col}");
            assert_eq!(c.helicopter, p.helicopter, "{die},{col}");
            if col > 0 && die < 8 {
                assert_eq!(t.cell(col - 1, die + 1), t.cell(col, die), "diagonal");
            }
        }
    }
    let best = t.cell(5, 8);
    assert_eq!((best.killed, best.wounded, best.helicopter), (2, 1, true));
    assert_eq!(t.cell(5, 10), best, "above 8 reads as 8");
}

#[test]
fn cells_parse_or_say_why_not() {
    assert_eq!(
        CasualtyCell::parse("h P 2KW").unwrap(),
        CasualtyCell {
            pinned: true,
            wounded: 1,
            killed: 2,
            helicopter: true
        }
    );
    assert_eq!(CasualtyCell::parse(".").unwrap(), CasualtyCell::default());
    assert!(
        CasualtyCell::parse("D")
            .unwrap_err()
            .contains("not an effect")
    );
    assert!(
        CasualtyCell::parse("P X")
            .unwrap_err()
            .contains("not casualties")
    );
    assert!(
        CasualtyCell::parse("P K2")
            .unwrap_err()
            .contains("ends in a number")
    );
}

#[test]
fn the_option_is_offered_with_its_explanation() {
    let rule = super::options::optional_rules()
        .into_iter()
        .find(|r| r.key == "casualties")
        .expect("offered in the new-game dialog");
    assert_eq!(rule.rule, "20.0");
    assert!(rule.summary.english().contains("MEDEVAC"));
    // Every scenario that may be played takes it.
    for s in <SearchDestroy as crate::engine::game::Game>::scenarios() {
        assert!(
            SearchDestroy::with_options(s.id, &casualties(), 3).is_ok(),
            "{}",
            s.id
        );
    }
}

#[test]
fn a_hit_leaves_markers_in_the_hex_and_the_unit_stays() {
    // 20.11, 20.13: 4-1 with a 6 is "h P KW": one Killed and one Wounded marker where the
    // Hard-Core stands; it stays on the map, pinned; no points yet.
    let (g, here) = us_fires_at("hard_core", 6);
    assert_eq!(markers(&g, Side::Nlf, here), (1, 1));
    assert!(g.units[0].on_map() && g.units[0].pinned);
    assert_eq!(g.points, [0, 0]);
    assert_eq!(g.casualties.ledger.len(), 2);
    assert!(
        g.casualties
            .ledger
            .iter()
            .all(|e| e.adjacent && e.fire == Fire::Ground)
    );
    // A pin only (4-1 with a 1) places nothing.
    let (g, here) = us_fires_at("hard_core", 1);
    assert_eq!(markers(&g, Side::Nlf, here), (0, 0));
    assert!(g.units[0].pinned);
}

#[test]
fn markers_ignore_stacking_and_are_never_fired_at() {
    // 20.12, 20.14: a hex holding only casualty markers is no target; a unit may stop on them.
    let (mut g, here) = us_fires_at("hard_core", 6);
    g.remove(0);
    g.attacked.clear();
    assert!(!g.targets(Side::Us).contains(&here));
    let squad = 1;
    assert!(g.may_end(squad, here), "markers do not count for stacking");
}

#[test]
fn snipers_porters_medics_and_observers_are_removed_at_their_first_casualty() {
    // 20.13: a sniper takes one marker only, a Killed one where the result has any.
    let (g, here) = us_fires_at("sniper", 6);
    assert!(g.units[0].removed);
    assert_eq!(markers(&g, Side::Nlf, here), (1, 0));
    let (g, here) = us_fires_at("sniper", 4);
    assert_eq!(
        markers(&g, Side::Nlf, here),
        (0, 1),
        "a wound only: one Wounded"
    );
    // A porter is removed; it takes every casualty of the result.
    let (g, here) = us_fires_at("porter", 6);
    assert!(g.units[0].removed);
    assert_eq!(markers(&g, Side::Nlf, here), (1, 1));
    // A Hard-Core is not.
    let (g, _) = us_fires_at("hard_core", 4);
    assert!(g.units[0].on_map());
    // US Medical teams and Forward Observers.
    for id in ["medical_team", "forward_observer"] {
        let (g, here) = nlf_fires_at(id, 4);
        assert!(g.units[0].removed, "{id}");
        assert_eq!(markers(&g, Side::Us, here), (0, 1), "{id}");
    }
    // A pin alone removes nobody.
    let (g, _) = nlf_fires_at("medical_team", 2);
    assert!(g.units[0].on_map() && g.units[0].pinned);
}

#[test]
fn a_commander_killed_is_destroyed_and_a_wounded_one_stays() {
    // Digest 4.11 rule 2: a K on the company commander is the 10.3 "destroyed".
    let (g, here) = nlf_fires_at("company_commander", 5);
    assert!(g.units[0].removed && g.commander_destroyed);
    assert_eq!(markers(&g, Side::Us, here), (1, 0));
    let (g, _) = nlf_fires_at("company_commander", 4);
    assert!(g.units[0].on_map() && !g.commander_destroyed);
    assert!(g.held(0));
}

/// A US squad in the open with one Wounded marker of its own, and a Medical team three hexes
/// away, in the US Movement Phase.
fn wounded_squad() -> (SearchDestroy, Hex, Hex) {
    let (here, _) = open_ring();
    let map = &data().map;
    let medic_hex = map
        .hexes()
        .find(|&x| x.distance(here) == 3 && map.terrain(x) == Terrain::Open)
        .unwrap();
    let units = vec![
        counter("us_squad", Side::Us, &here.to_string()),
        counter("medical_team", Side::Us, &medic_hex.to_string()),
    ];
    let mut g = moving_with(units, Side::Us, &casualties());
    g.put_casualty(Side::Us, here, false, Fire::Ground, true, vec![0]);
    (g, here, medic_hex)
}

#[test]
fn a_us_unit_with_casualties_may_not_move_until_a_medic_takes_them() {
    // 20.31: held; 20.22: a Medical team may carry US casualties (RULING: it may stop with
    // the squad to do so); picked up, the squad is free.
    let (mut g, here, _) = wounded_squad();
    assert!(g.held(0));
    assert!(
        !g.actions().contains(&Action::Select(0)),
        "the squad cannot move"
    );
    g.apply_action(&Action::Select(1)).unwrap();
    assert!(g.destinations(1).contains(&here), "the medic may come in");
    g.apply_action(&Action::Move { unit: 1, to: here }).unwrap();
    let marker = g.casualties.ledger[0].marker;
    let pick = Action::PickUp {
        unit: 1,
        load: marker,
    };
    assert!(g.actions().contains(&pick), "{:?}", g.actions());
    g.apply_action(&pick).unwrap();
    assert!(!g.held(0));
    assert!(
        g.actions().contains(&Action::Select(0)),
        "the squad moves again"
    );
}

#[test]
fn only_medics_and_porters_carry_us_casualties_and_anyone_nlf_ones() {
    // 20.22, 20.23.
    let (here, _) = open_ring();
    let units = vec![
        counter("us_squad", Side::Us, &here.to_string()),
        counter("porter", Side::Nlf, &here.to_string()),
        counter("hard_core", Side::Nlf, &here.to_string()),
        counter("medical_team", Side::Us, &here.to_string()),
    ];
    let mut g = moving_with(units, Side::Us, &casualties());
    g.put_casualty(Side::Us, here, true, Fire::Ground, true, vec![]);
    g.put_casualty(Side::Nlf, here, true, Fire::Ground, true, vec![]);
    let (us_marker, nlf_marker) = (4, 5);
    assert!(
        !g.can_carry(0, us_marker),
        "a squad does not carry US casualties"
    );
    assert!(g.can_carry(3, us_marker), "a Medical team does");
    assert!(g.can_carry(1, us_marker), "an NLF Porter does");
    assert!(!g.can_carry(2, us_marker), "a Hard-Core does not");
    assert!(
        g.can_carry(0, nlf_marker),
        "any personnel carries NLF casualties"
    );
    assert!(g.can_carry(2, nlf_marker));
    // Under leadership loss a Medical team picks up nobody (digest 4.4.5, item 7).
    g.units[3].leaderless_until = g.turn;
    assert!(!g.can_carry(3, us_marker));
}

#[test]
fn a_medevac_lifts_two_casualties_once_per_hex_and_game_turn() {
    // 20.61-20.63: named at the start of the Movement Phase, unopposed, it lifts two of the
    // three markers; the third still holds the squad; no second pick-up there this turn.
    let (mut g, here, _) = wounded_squad();
    g.put_casualty(Side::Us, here, true, Fire::Ground, true, vec![0]);
    g.put_casualty(Side::Us, here, false, Fire::Ground, true, vec![0]);
    let call = Action::Casualty(CasualtyAction::Medevac(here));
    assert!(g.actions().contains(&call));
    g.apply_action(&call).unwrap();
    // While named, only more hexes or the flight.
    assert_eq!(g.actions(), vec![Action::Casualty(CasualtyAction::Fly)]);
    g.apply_action(&Action::Casualty(CasualtyAction::Fly))
        .unwrap();
    assert_eq!(g.step, Step::Movement(Side::Us));
    let evacuated = g.casualties.ledger.iter().filter(|e| e.evacuated).count();
    assert_eq!(evacuated, 2);
    assert_eq!(markers(&g, Side::Us, here), (0, 1));
    assert!(g.held(0), "one casualty still with the squad");
    assert!(
        !g.actions().contains(&call),
        "one pick-up per hex a game-turn"
    );
    // Next game-turn it may come again and the squad is then free.
    g.turn += 1;
    g.apply_action(&call).unwrap();
    g.apply_action(&Action::Casualty(CasualtyAction::Fly))
        .unwrap();
    assert!(!g.held(0));
    // Once a unit has moved, no MEDEVAC is called in that phase.
    g.apply_action(&Action::Select(1)).unwrap();
    let to = g.destinations(1)[0];
    g.apply_action(&Action::Move { unit: 1, to }).unwrap();
    assert!(g.medevac_hexes().is_empty());
}

#[test]
fn a_medevac_needs_landing_terrain_but_not_an_empty_hex() {
    // 20.61: the landing hex's terrain rules hold (Open or Broken, no road), the counters do
    // not; the squad itself stands there.
    let map = &data().map;
    let forest = map
        .hexes()
        .find(|&x| map.terrain(x) == Terrain::Forest)
        .unwrap();
    let units = vec![counter("us_squad", Side::Us, &forest.to_string())];
    let mut g = moving_with(units, Side::Us, &casualties());
    g.put_casualty(Side::Us, forest, false, Fire::Ground, true, vec![0]);
    assert!(g.medevac_hexes().is_empty());
    let (g, here, _) = wounded_squad();
    assert_eq!(g.medevac_hexes(), vec![here]);
}

#[test]
fn a_medevac_shot_down_gives_the_nlf_20_and_a_killed_marker() {
    // 20.5, 20.64 (digest gap G16): the NLF fires as at a landing; shot down, it lifts
    // nothing and its crew is one more American Killed.
    let (mut g, here, _) = wounded_squad();
    let map = &data().map;
    let far = map
        .hexes()
        .find(|&x| x.distance(here) == 5 && map.terrain(x) == Terrain::Forest)
        .unwrap();
    let mut hc = counter("hard_core", Side::Nlf, &far.to_string());
    hc.face_up = true;
    // It fired in the NLF's last Player-Turn: that does not spare the helicopter.
    hc.fired = true;
    g.units.push(hc);
    let hc = g.units.len() - 1;
    g.apply_action(&Action::Casualty(CasualtyAction::Medevac(here)))
        .unwrap();
    g.apply_action(&Action::Casualty(CasualtyAction::Fly))
        .unwrap();
    assert_eq!(g.step, Step::LandingFire);
    assert_eq!(g.actor(), Some(Side::Nlf));
    // One Hard-Core at a helicopter is 2-1: a 6 shoots it down.
    fire(&mut g, here, &[hc], 6);
    assert_eq!(g.points, [0, 20]);
    assert_eq!(markers(&g, Side::Us, here), (1, 1));
    g.apply_action(&Action::EndFire).unwrap();
    assert_eq!(g.step, Step::Movement(Side::Us));
    assert!(g.casualties.ledger.iter().all(|e| !e.evacuated));
    assert!(g.held(0));
    assert!(g.medevac_hexes().is_empty(), "the hex had its pick-up");
}

#[test]
fn a_landing_helicopter_shot_down_is_worth_20_and_a_killed_marker() {
    // Digest 3.2 L5 and ruling A6 with the casualty system: the passenger is lost, the NLF
    // takes 20 (not 50) and an American Killed marker lies in the landing hex.
    let mut bots = [
        super::bot::HeuristicBot::new(2),
        super::bot::HeuristicBot::new(3),
    ];
    let mut shot = false;
    for seed in 0..20 {
        let mut g = SearchDestroy::with_options("basic", &casualties(), seed).unwrap();
        while g.step != Step::LandingFire {
            let seat = g.actor().unwrap().seat();
            let a = crate::engine::bot::Bot::choose(
                &mut bots[usize::from(seat)],
                &g.view(seat),
                &g.legal_actions(),
            );
            g.apply_action(&a).unwrap();
        }
        let Some(hex) = g.landing.iter().copied().find(|&h| {
            g.firers(Side::Nlf, h)
                .iter()
                .any(|&i| g.units[i].is("hard_core"))
        }) else {
            continue;
        };
        let hc: Vec<usize> = g
            .firers(Side::Nlf, hex)
            .into_iter()
            .filter(|&i| g.units[i].is("hard_core"))
            .collect();
        let us_before = g
            .units
            .iter()
            .filter(|u| u.side == Side::Us && !u.removed)
            .count();
        fire(&mut g, hex, &hc[..1], 6);
        assert_eq!(g.points, [0, 20]);
        assert_eq!(markers(&g, Side::Us, hex), (1, 0));
        g.apply_action(&Action::EndFire).unwrap();
        let us_after = g
            .units
            .iter()
            .filter(|u| u.side == Side::Us && !u.removed && !u.is("us_killed"))
            .count();
        assert_eq!(us_after + 1, us_before, "the passenger is lost");
        shot = true;
        break;
    }
    assert!(shot, "no seed put a Hard-Core in range of the landing");
}

#[test]
fn peasants_hit_are_scored_at_once_and_leave_no_marker() {
    // Digest 4.11 rule 2, 20.5: 4-1 with a 6 (one killed, one wounded) on a peasant gives
    // the NLF 2 x 15 at once.
    let (g, here) = us_fires_at("peasant", 6);
    assert_eq!(g.points, [0, 30]);
    assert_eq!(markers(&g, Side::Nlf, here), (0, 0));
    assert!(g.casualties.ledger.is_empty());
}

#[test]
fn a_face_down_counter_that_is_no_personnel_takes_nothing_and_tells_nothing() {
    // 6.0 on the casualty table: a hit on a face-down cache is no effect, it stays hidden.
    let (here, ring) = open_ring();
    let units = vec![
        counter("rice", Side::Nlf, &here.to_string()),
        counter("us_squad", Side::Us, &ring[0].to_string()),
        counter("us_squad", Side::Us, &ring[1].to_string()),
    ];
    let mut g = board_with(units, Step::Combat(Side::Us), &casualties());
    fire(&mut g, here, &[1, 2], 6);
    assert!(g.units[0].hidden());
    assert!(g.casualties.ledger.is_empty());
}

#[test]
fn a_us_unit_entering_the_hex_makes_an_nlf_casualty_full_value() {
    // 20.42: "the casualty is in a hex which has been entered".
    let (here, ring) = open_ring();
    let units = vec![counter("us_squad", Side::Us, &ring[0].to_string())];
    let mut g = moving_with(units, Side::Us, &casualties());
    g.put_casualty(Side::Nlf, here, false, Fire::Ground, false, vec![]);
    assert!(!g.casualties.ledger[0].entered);
    g.apply_action(&Action::Select(0)).unwrap();
    g.apply_action(&Action::Move { unit: 0, to: here }).unwrap();
    assert!(g.casualties.ledger[0].entered);
}

#[test]
fn each_scoring_case_of_20_4_and_20_5() {
    let (here, ring) = open_ring();
    let spot = |k: usize| ring[k];
    let map = &data().map;
    let far = map
        .hexes()
        .filter(|&x| x.distance(here) > 4 && map.terrain(x) == Terrain::Open)
        .collect::<Vec<_>>();
    let units = vec![
        counter("us_squad", Side::Us, &spot(0).to_string()),
        counter("hard_core", Side::Nlf, &spot(1).to_string()),
        counter("us_squad", Side::Us, &spot(2).to_string()),
        counter("ap_trap", Side::Nlf, &spot(2).to_string()),
        counter("us_squad", Side::Us, &spot(3).to_string()),
        counter("medical_team", Side::Us, &spot(4).to_string()),
    ];
    let mut g = board_with(units, Step::Combat(Side::Nlf), &casualties());
    let score = |g: &SearchDestroy, k: usize| g.casualty_score(&g.casualties.ledger[k]);
    // US casualties, to the NLF.
    g.put_casualty(Side::Us, spot(0), false, Fire::Ground, true, vec![0]);
    assert_eq!(score(&g, 0), (Score::Full, 20), "a WIA with its unit");
    g.put_casualty(Side::Us, spot(0), true, Fire::Ground, true, vec![0]);
    assert_eq!(score(&g, 1), (Score::Full, 40), "a KIA with its unit");
    g.put_casualty(Side::Us, spot(1), true, Fire::Ground, true, vec![]);
    assert_eq!(
        score(&g, 2),
        (Score::Captured, 60),
        "an NLF unit stands on it"
    );
    g.put_casualty(Side::Us, spot(2), false, Fire::Ground, true, vec![2]);
    assert_eq!(score(&g, 3), (Score::OnTrap, 60), "left on a booby trap");
    g.put_casualty(Side::Us, far[0], false, Fire::Ground, true, vec![]);
    assert_eq!(score(&g, 4), (Score::Abandoned, 60), "no US unit there");
    g.casualties.ledger[4].evacuated = true;
    assert_eq!(
        score(&g, 4),
        (Score::Evacuated, 20),
        "lifted: its full value"
    );
    // NLF casualties, to the US.
    g.put_casualty(Side::Nlf, far[1], true, Fire::Ground, true, vec![]);
    assert_eq!(score(&g, 5), (Score::Full, 15), "a KIA hit from next door");
    g.put_casualty(Side::Nlf, far[1], false, Fire::Ground, false, vec![]);
    assert_eq!(score(&g, 6), (Score::Half, 5), "a WIA hit from afar: half");
    g.put_casualty(Side::Nlf, far[1], true, Fire::Ground, false, vec![]);
    assert_eq!(score(&g, 7), (Score::Half, 8), "half of 15, rounded up");
    g.put_casualty(Side::Nlf, far[1], true, Fire::NonGround, false, vec![]);
    assert_eq!(
        score(&g, 8),
        (Score::Nothing, 0),
        "HE fire from afar: nothing"
    );
    g.casualties.ledger[8].entered = true;
    assert_eq!(
        score(&g, 8),
        (Score::Full, 15),
        "its hex entered since: full"
    );
    g.put_casualty(Side::Nlf, spot(3), false, Fire::NonGround, false, vec![]);
    assert_eq!(
        score(&g, 9),
        (Score::Captured, 25),
        "a US unit stands on it"
    );
    // The end adds them up, one log line each.
    g.turn = g.last_turn;
    let before = g.points;
    g.score_casualties();
    let [us, nlf] = g.casualties.scored.unwrap();
    assert_eq!(nlf, 20 + 40 + 60 + 60 + 20);
    assert_eq!(us, 15 + 5 + 8 + 15 + 25);
    assert_eq!(g.points, [before[0] + us, before[1] + nlf]);
    let status = g.casualty_status();
    assert_eq!(status.last().unwrap().1, format!("{us} / {nlf}"));
}

#[test]
fn as_printed_20_43_the_nlf_scores_double_and_20_42_the_us_full_value() {
    // The switch for digest ruling A8: instead of the schedule's abandoned 60 and 25, the
    // NLF doubles a casualty it holds, that lies on a trap or alone (WIA 40, KIA 80), and the
    // US takes the full value of one it holds (WIA 10, KIA 15).
    let (here, ring) = open_ring();
    let units = vec![
        counter("hard_core", Side::Nlf, &ring[0].to_string()),
        counter("us_squad", Side::Us, &ring[1].to_string()),
    ];
    let options = Options {
        printed_casualty_values: true,
        ..casualties()
    };
    let mut g = board_with(units, Step::Combat(Side::Nlf), &options);
    let score = |g: &SearchDestroy, k: usize| g.casualty_score(&g.casualties.ledger[k]);
    g.put_casualty(Side::Us, ring[0], false, Fire::Ground, true, vec![]);
    assert_eq!(score(&g, 0), (Score::Captured, 40), "a WIA the NLF holds");
    g.put_casualty(Side::Us, here, true, Fire::Ground, true, vec![]);
    assert_eq!(score(&g, 1), (Score::Abandoned, 80), "a KIA left alone");
    g.put_casualty(Side::Nlf, ring[1], true, Fire::NonGround, false, vec![]);
    assert_eq!(score(&g, 2), (Score::Captured, 15), "a KIA the US holds");
    g.put_casualty(Side::Nlf, ring[1], false, Fire::NonGround, false, vec![]);
    assert_eq!(score(&g, 3), (Score::Captured, 10), "a WIA the US holds");
    // It needs the casualty rules.
    let alone = Options {
        printed_casualty_values: true,
        ..Default::default()
    };
    assert!(SearchDestroy::with_options("standard", &alone, 1).is_err());
}

#[test]
fn without_the_rule_fire_scores_points_and_leaves_no_marker() {
    let (here, ring) = open_ring();
    let mut target = counter("hard_core", Side::Nlf, &here.to_string());
    target.face_up = true;
    let units = vec![
        target,
        counter("us_squad", Side::Us, &ring[0].to_string()),
        counter("us_squad", Side::Us, &ring[1].to_string()),
    ];
    let mut g = board_with(units, Step::Combat(Side::Us), &Options::default());
    fire(&mut g, here, &[1, 2], 4);
    assert_eq!(g.points, [10, 0]);
    assert!(g.casualties.ledger.is_empty());
    assert!(g.casualty_status().is_empty());
}
