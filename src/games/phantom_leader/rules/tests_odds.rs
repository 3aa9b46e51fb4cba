//! The odds assistant against the rules themselves: every chance it shows is checked by
//! making the roll with each face of the die arranged and counting what the rules do, and
//! against the rulebook's worked numbers (SA-2 6/8/9, p.13; SAR, p.14).

use super::content::Phase;
use super::odds::enemy_odds;
use super::tests_fight::{sample_over_target, sortie, turn_3_position};
use super::tests_machine::ok;
use super::*;
use crate::engine::arranged::Arranged;
use crate::engine::play::Playable;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn the_sa2_example_holding_course_and_evading() {
    // p.13: SA-2 6/8/9 — 9+ destroys, 8 damages, 6–7 Stress, 5 or less misses.
    let o = enemy_odds([6, 8, 9], 0, false, false);
    assert!(close(o.nothing, 0.5) && close(o.stress, 0.2));
    assert!(close(o.damaged, 0.1) && close(o.down, 0.2));
    // Evading, the lower of two dice: 9+ on both is 4 %, 8+ on both 9 %, 6+ on both 25 %.
    let e = enemy_odds([6, 8, 9], 0, true, false);
    assert!(close(e.down, 0.04) && close(e.damaged, 0.05));
    assert!(close(e.stress, 0.16) && close(e.nothing, 0.75));
    // A second Damaged result destroys: 8+ shoots a damaged aircraft down.
    let d = enemy_odds([6, 8, 9], 0, false, true);
    assert!(close(d.down, 0.3) && close(d.damaged, 0.0));
    // Jamming −1: 10 is the only face that destroys.
    assert!(close(enemy_odds([6, 8, 9], -1, false, false).down, 0.1));
}

#[test]
fn a_sure_result_is_exactly_certain_and_an_impossible_one_exactly_nought() {
    // A shot that cannot reach its first number does nothing on every face, evading or not:
    // exactly 1, not 0.999… (which reads "> 99.9 %").
    for evade in [false, true] {
        let o = enemy_odds([11, 12, 13], 0, evade, false);
        assert_eq!(
            (o.nothing, o.stress, o.damaged, o.down),
            (1.0, 0.0, 0.0, 0.0)
        );
    }
    // Every face shoots a damaged aircraft down at +10.
    assert_eq!(enemy_odds([6, 8, 9], 10, true, true).down, 1.0);
}

/// The hits the rules score for each arrangement of the dice of an attack, tallied.
fn tally(g: &PhantomLeader, sortie: usize, aim: Aim, arms: &Arms, suppress: bool) -> Vec<f64> {
    let dice = match arms {
        Arms::Guns => 1,
        Arms::Counters(ws) => ws.len() as u32,
    };
    let mut out = vec![0.0; 4 * dice as usize + 1];
    for n in 0..10u32.pow(dice) {
        let mut h = g.clone();
        for k in 0..dice {
            h.rng
                .arrange(Arranged::D10(((n / 10u32.pow(k)) % 10) as u8));
        }
        let hits: u8 = h
            .roll_attack(sortie, aim, arms, suppress)
            .iter()
            .map(|s| s.hits)
            .sum();
        out[usize::from(hits)] += 1.0 / f64::from(10u32.pow(dice));
    }
    while out.len() > 1 && out.last() == Some(&0.0) {
        out.pop();
    }
    out
}

#[test]
fn every_attack_offered_has_the_odds_the_dice_give() {
    // Turn 3 of the sample (p.23): three aircraft Low in the Center, Buick High in the North
    // with the MiG-17 — bombs on the target, Sites, guns and missiles on the Bandit.
    let g = turn_3_position(3);
    let mut checked = 0;
    for s in 0..g.mission.flight.len() {
        for (aim, arms) in g.attack_options(s) {
            let dice = match &arms {
                Arms::Guns => 1,
                Arms::Counters(ws) => ws.len(),
            };
            if dice > 3 {
                continue;
            }
            let want = tally(&g, s, aim, &arms, false);
            let got = g.hit_distribution(s, aim, &arms, false);
            assert_eq!(
                want.len(),
                got.len(),
                "{aim:?} {arms:?}: {want:?} vs {got:?}"
            );
            for (a, b) in want.iter().zip(&got) {
                assert!(close(*a, *b), "{aim:?} {arms:?}: {want:?} vs {got:?}");
            }
            checked += 1;
        }
    }
    assert!(checked > 10, "only {checked} attacks checked");
}

#[test]
fn the_attack_step_lists_each_attack_and_its_risk() {
    let mut g = turn_3_position(5);
    ok(&mut g, Action::Done); // no jettison
    let Step::Attacks { .. } = g.step else {
        panic!("{:?}", g.step)
    };
    let odds = g.odds().expect("odds before the attacks");
    assert!(odds.iter().all(|(_, p)| (0.0..=1.0).contains(p)));
    // Each attack offered has its line in the odds, and its tooltip's risk is the chance
    // of no hit.
    let mut attacks = 0;
    for choice in g.prompt().choices {
        let Action::Attack { sortie, aim, arms } = &choice.action else {
            continue;
        };
        attacks += 1;
        let hit = g.score_chance(*sortie, *aim, arms, false);
        let risk = g.risks(&choice.action);
        assert!(close(risk[0].1, 1.0 - hit));
        let name = g.pilot_name(*sortie);
        assert!(
            odds.iter()
                .any(|(m, p)| m.english().starts_with(name) && close(*p, hit)),
            "{name}: {aim:?} {arms:?}"
        );
    }
    assert!(attacks > 0, "the step offers attacks");
}

#[test]
fn the_evasion_odds_are_those_of_the_roll_that_follows() {
    // Sample turn 1 (p.22): the Center SA-2 fires at Buick, jammed −1 by Easy Money.
    let mut g = sample_over_target(35);
    let buick = sortie(&g, "Buick");
    ok(&mut g, Action::Done);
    g.rng.arrange(Arranged::Counter {
        cup: "aircraft".into(),
        counter: serde_json::json!(buick),
    });
    ok(&mut g, Action::Done);
    assert!(matches!(g.step, Step::Suppress { target, .. } if target == buick));
    let odds = g.odds().unwrap();
    let find = |s: &str| {
        odds.iter()
            .find(|(m, _)| m.english() == s)
            .unwrap_or_else(|| panic!("{s} in {odds:?}"))
            .1
    };
    assert!(close(find("Buick holds course: shot down"), 0.1));
    assert!(close(
        find("Buick holds course: Damaged, all counters lost"),
        0.1
    ));
    assert!(close(find("Buick evades: shot down"), 0.01));
    // Check holding course against the roll itself, face by face.
    let mut down = 0.0;
    for face in 0..10 {
        let mut h = g.clone();
        h.rng.arrange(Arranged::D10(face));
        ok(&mut h, Action::Evade(false));
        if h.mission.flight[buick].fate != Fate::Flying {
            down += 0.1;
        }
    }
    assert!(close(down, 0.1));
    let risk = g.risks(&Action::Evade(true));
    assert!(close(risk[0].1, 0.01), "{risk:?}");
}

#[test]
fn sar_odds_follow_the_table_and_its_modifiers() {
    // p.14: 9+ quick, 6–8 under fire, 5 or less Missing; +2 shot down Target-Bound, +1 per
    // WP of AtG discarded, less the region's penalty.
    let mut g = sample_over_target(7);
    let buick = sortie(&g, "Buick");
    let pluto = sortie(&g, "Pluto");
    g.mission.flight[buick].fate = Fate::Down(Phase::TargetBound);
    g.mission.flight[buick].pos = None;
    let rescue = Rescue {
        sortie: buick,
        discarded_wp: 0,
    };
    g.step = Step::Sar {
        rescue: rescue.clone(),
    };
    let m: i32 = g.sar_modifiers(&rescue).iter().map(|x| x.1).sum();
    let [quick, under_fire, missing] = g.sar_odds(&rescue);
    assert!(close(quick + under_fire + missing, 1.0));
    assert!(
        close(missing, f64::from((5 - m).clamp(0, 10)) / 10.0),
        "m {m}"
    );
    // Face by face, the roll agrees.
    let mut lost = 0.0;
    for face in 0..10 {
        let mut h = g.clone();
        h.rng.arrange(Arranged::D10(face));
        ok(&mut h, Action::SarRoll);
        if h.mission.rescued.last().unwrap().1.is_none() {
            lost += 0.1;
        }
    }
    assert!(close(lost, missing));
    // Discarding Pluto's Mk.82 (AtG) lowers the risk shown on that choice.
    let mk82 = super::tests_machine::weapon("Mk.82");
    let discard = Action::SarDiscard {
        sortie: pluto,
        weapon: mk82,
    };
    assert!(g.legal_actions().contains(&discard));
    let after = g.risks(&discard)[0].1;
    assert!(after <= missing);
}
