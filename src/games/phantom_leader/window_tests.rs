//! What the window offers beyond the prompt's buttons: the arming form (M8) and the clicks on
//! the Campaign Map's Target cards and the squadron panel's pilot rows.

use crate::art::board::{Board, View, fit};
use crate::engine::bot::Bot;
use crate::engine::game::Game;
use crate::engine::play::Playable;
use crate::games::phantom_leader::art::{DISPLAY, HEIGHT, WIDTH, campaign, panel};
use crate::games::phantom_leader::rules::bot::HeuristicBot;
use crate::games::phantom_leader::rules::content::data;
use crate::games::phantom_leader::rules::{Action, Options, PhantomLeader, Step};

/// A Short Linebacker campaign played by the bot until `stop` holds.
fn played_until(seed: u64, stop: impl Fn(&PhantomLeader) -> bool) -> PhantomLeader {
    let mut g = PhantomLeader::setup("LB-USN-short", &Options::default(), seed).unwrap();
    let mut bot = HeuristicBot::new(seed);
    for _ in 0..5_000 {
        if stop(&g) {
            return g;
        }
        let actions = g.legal_actions();
        let a = bot.choose(&g, &actions);
        g.apply(&a).unwrap();
    }
    panic!("the position never came");
}

fn targets(g: &PhantomLeader) -> Vec<String> {
    g.prompt()
        .choices
        .iter()
        .filter_map(|c| c.target.clone())
        .collect()
}

/// M8: an aircraft carries at most its Weight Points for the day. The form offers every
/// munition on every aircraft and the rules refuse the one that is too heavy, saying why.
#[test]
fn the_arming_form_refuses_an_overweight_load_with_the_weight_and_the_limit() {
    let mut g = played_until(7, |g| g.step == Step::Arm);
    let form = g.form().expect("arming is a form");
    assert_eq!(form.fields.len(), 2);
    assert_eq!(form.fields[0].options.len(), g.mission.flight.len());
    assert_eq!(form.fields[1].options.len(), data().weapons.len());
    // Fill the first aircraft to its limit with a munition it may carry, one WP a counter
    // where there is one.
    let legal: Vec<usize> = (0..data().weapons.len())
        .filter(|&w| {
            g.legal_actions().contains(&Action::Load {
                sortie: 0,
                weapon: w,
            })
        })
        .collect();
    let w = *legal
        .iter()
        .min_by_key(|&&w| data().weapons[w].wp)
        .expect("some munition is legal");
    let cap = g.capacity(0);
    let per = data().weapons[w].wp;
    g.mission.flight[0].load = vec![w; usize::from(cap / per)];
    let (facts, action) = g.form_action(&[0, w]);
    assert_eq!(
        action,
        Ok(Action::Load {
            sortie: 0,
            weapon: w
        })
    );
    let after = g.load_wp(0) + per;
    assert!(after > cap);
    assert!(
        facts[0].english().contains(&format!("{after} of {cap} WP")),
        "{:?}",
        facts[0].english()
    );
    let refusal = g.clone().apply(&action.unwrap()).unwrap_err();
    assert_eq!(
        refusal.reason.english(),
        format!(
            "{}'s load weighs {after} WP; the aircraft may carry {cap} today",
            data().pilots[g.squadron[g.mission.flight[0].squad].pilot].name
        ),
    );
}

#[test]
fn the_arming_form_loads_what_the_rules_allow() {
    let mut g = played_until(7, |g| g.step == Step::Arm);
    let w = (0..data().weapons.len())
        .find(|&w| {
            g.legal_actions().contains(&Action::Load {
                sortie: 0,
                weapon: w,
            })
        })
        .expect("some munition is legal");
    let before = g.mission.flight[0].load.len();
    let (_, action) = g.form_action(&[0, w]);
    g.apply(&action.unwrap()).unwrap();
    assert_eq!(g.mission.flight[0].load.len(), before + 1);
    // Values out of range make no action at all.
    assert!(g.form_action(&[99, w]).1.is_err());
    assert!(g.form_action(&[0]).1.is_err());
}

/// A point of the board, in the board's millimetres, as the window's pixels.
fn at(view: &View, mx: f64, my: f64) -> (f64, f64) {
    let (scale, ox, oy) = fit(view, WIDTH, HEIGHT);
    (ox + mx * scale, oy + my * scale)
}

#[test]
fn a_target_card_on_the_campaign_map_is_a_click_that_chooses_it() {
    let g = played_until(7, |g| g.step == Step::Target && !g.mission.drawn.is_empty());
    let view = View {
        width: 1200.0,
        height: 800.0,
        scale_factor: 1.0,
        targets: targets(&g),
        ..View::default()
    };
    let n = g.mission.drawn[0];
    // The first card's middle.
    let (x, y) = at(&view, 4.0 + 23.0, 104.0 + 20.0);
    let hit = g.target_at(&view, x, y);
    let eligible = data().target(n).politics <= g.politics();
    assert_eq!(hit, eligible.then(|| format!("card:{n}")));
    assert_eq!(campaign::hit(&g, 1.0, 1.0, &view.targets), None);
    if eligible {
        let choice = g
            .prompt()
            .choices
            .into_iter()
            .find(|c| c.target == hit)
            .unwrap();
        assert_eq!(choice.action, Action::Choose(n));
    }
}

#[test]
fn a_pilot_row_of_the_panel_is_a_click_that_assigns_him() {
    let g = played_until(7, |g| g.step == Step::Assign);
    let view = View {
        width: 1200.0,
        height: 800.0,
        scale_factor: 1.0,
        targets: targets(&g),
        ..View::default()
    };
    let clicks: Vec<String> = (0..12)
        .filter_map(|k| {
            let (x, y) = at(&view, DISPLAY + 50.0, 27.0 + 5.0 + k as f64 * 11.8);
            g.target_at(&view, x, y)
        })
        .collect();
    assert!(!clicks.is_empty());
    for id in &clicks {
        let i: usize = id.strip_prefix("pilot:").unwrap().parse().unwrap();
        let choice = g
            .prompt()
            .choices
            .into_iter()
            .find(|c| c.target.as_ref() == Some(id))
            .unwrap();
        assert!(matches!(choice.action, Action::Assign(j) | Action::Unassign(j) if j == i));
    }
    // Outside the rows nothing is hit.
    assert_eq!(panel::hit(&g, 50.0, 5.0, &view.targets), None);
}
