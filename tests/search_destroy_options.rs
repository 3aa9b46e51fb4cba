//! Search & Destroy's optional rules that the computer opponents never choose, built by hand
//! from the rulebook so that the conformance suite may count them as rare.

use tonkin::engine::game::Game;
use tonkin::games::search_destroy::rules::content::{Side, data};
use tonkin::games::search_destroy::rules::hex::Hex;
use tonkin::games::search_destroy::rules::state::{Step, Unit};
use tonkin::games::search_destroy::rules::{Action, Options, SearchDestroy};

fn unit(id: &str, side: Side, hex: &str) -> Unit {
    let mut u = Unit::new(data().counter_index(id).unwrap() as u16, side);
    u.hex = Some(Hex::parse(hex).unwrap());
    u
}

#[test]
fn improved_positions_double_the_defence_of_a_unit_that_dug_in() {
    // 16.1, 16.3: a hard-core squad in the forest (defence 3) that did nothing this turn
    // digs in; its hex then defends at 6.
    let options = Options {
        improved_positions: true,
        ..Options::default()
    };
    let mut g = SearchDestroy::with_options("basic", &options, 1).unwrap();
    let mut hc = unit("hard_core", Side::Nlf, "0113");
    hc.face_up = true;
    g.units = vec![hc, unit("us_squad", Side::Us, "0112")];
    g.step = Step::Combat(Side::Nlf);
    let forest = Hex::parse("0113").unwrap();
    assert_eq!(g.defense_of(forest, Side::Nlf), 3);
    assert!(g.legal_actions().contains(&Action::DigIn(0)));
    g.apply(&Action::DigIn(0)).unwrap();
    assert_eq!(g.defense_of(forest, Side::Nlf), 6);
    // Without the rule the choice is never offered.
    g.options.improved_positions = false;
    g.units[0].improved = false;
    g.units[0].dug_in = false;
    assert!(!g.legal_actions().contains(&Action::DigIn(0)));
}
