//! What the player reads: prompts and choices that begin their sentences with a capital,
//! and a squadron pick offered level by level rather than as every card at every level.

use super::bot::HeuristicBot;
use super::content::Level;
use super::tests_machine::ok;
use super::*;
use crate::engine::bot::Bot;

fn starts_capitalised(s: &str) -> bool {
    !s.chars().next().is_some_and(char::is_lowercase)
}

#[test]
fn every_prompt_and_choice_starts_with_a_capital() {
    for (scenario, seed) in [
        ("LB-USN-short", 4),
        ("RT-USAF-short", 9),
        ("CMC-USN-short", 2),
    ] {
        let mut g = PhantomLeader::setup(scenario, &Options::default(), seed).unwrap();
        let mut bot = HeuristicBot::new(seed);
        while g.outcome().is_none() {
            let p = g.prompt();
            let text = p.text.english();
            assert!(starts_capitalised(&text), "{text}");
            for c in &p.choices {
                let label = c.label.english();
                assert!(starts_capitalised(&label), "{label} (prompt: {text})");
            }
            let a = bot.choose(&g, &g.legal_actions());
            ok(&mut g, a);
        }
    }
}

#[test]
fn the_squadron_pick_lists_one_level_at_a_time() {
    let mut g = PhantomLeader::setup("RT-USAF-short", &Options::default(), 1).unwrap();
    // First the levels with places open, nothing else.
    let first = g.legal_actions();
    assert!(
        first.iter().all(|a| matches!(a, Action::Focus(_))),
        "{first:?}"
    );
    assert!(first.len() <= Level::ALL.len());
    let level = match first[0] {
        Action::Focus(l) => l,
        _ => unreachable!(),
    };
    ok(&mut g, Action::Focus(level));
    let listed = g.prompt().choices;
    let recruits: Vec<&Action> = listed
        .iter()
        .map(|c| &c.action)
        .filter(|a| matches!(a, Action::Recruit { .. }))
        .collect();
    assert!(!recruits.is_empty());
    assert!(
        recruits
            .iter()
            .all(|a| matches!(a, Action::Recruit { level: l, .. } if *l == level))
    );
    // The labels are short: name, aircraft and Special Option points.
    for c in &listed {
        assert!(
            c.label.english().chars().count() <= 40,
            "{}",
            c.label.english()
        );
    }
    // A card of another open level may still be taken directly (scripts, saves).
    let other = Level::ALL
        .into_iter()
        .find(|&l| l != level && g.open_slots(l) > 0)
        .unwrap();
    let pilot = (0..super::content::data().pilots.len())
        .find(|&p| g.recruit_refusal(p, other).is_none())
        .unwrap();
    ok(
        &mut g,
        Action::Recruit {
            pilot,
            level: other,
        },
    );
    assert_eq!(g.squadron.last().unwrap().level, other);
    // A level filled, the pick goes back to the levels (or to the last open one).
    while g.step == Step::Squadron {
        let Some(l) = g.focus_level() else {
            let a = g.legal_actions()[0].clone();
            ok(&mut g, a);
            continue;
        };
        let a = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Recruit { level, .. } if *level == l))
            .expect("a card for the listed level");
        ok(&mut g, a);
    }
    assert_eq!(g.step, Step::Promotions);
}

#[test]
fn what_the_check_takes_as_always_offered_is_always_in_the_list() {
    // The legality check answers these without building the list of choices: over whole
    // campaigns (every option that adds steps), each one it takes must be listed.
    let candidates = [
        Action::Done,
        Action::StandDown,
        Action::Evade(true),
        Action::Evade(false),
        Action::SarRoll,
        Action::Rest(true),
        Action::Rest(false),
    ];
    let options = Options {
        high_stress: true,
        one_less_one_more: true,
        ..Options::default()
    };
    let mut taken = 0;
    for (scenario, seed) in [
        ("LB-USN-short", 4),
        ("RT-USAF-short", 9),
        ("CMC-USN-short", 2),
    ] {
        let mut g = PhantomLeader::setup(scenario, &options, seed).unwrap();
        let mut bot = HeuristicBot::new(seed);
        while g.outcome().is_none() {
            let legal = g.legal_actions();
            for a in candidates.iter().filter(|a| g.always_offered(a)) {
                assert!(legal.contains(a), "{a:?} taken as offered at {:?}", g.step);
                taken += 1;
            }
            let a = bot.choose(&g, &legal);
            ok(&mut g, a);
        }
    }
    assert!(taken > 100, "{taken}");
}
