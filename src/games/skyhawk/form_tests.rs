//! The Ordnance Card form, driven through a session as the window drives it.

use crate::engine::play::FormView;
use crate::games::skyhawk::rules::Skyhawk;
use crate::games::{Driver, GameDriver, PlaySession};

/// A session in the loading step: the list chosen, the first prompt of the card.
fn loading_session() -> Box<dyn PlaySession> {
    let driver = GameDriver::<Skyhawk>::new();
    let mut s = driver.new_session("single", 7, &[]).unwrap();
    for _ in 0..20 {
        if s.form().is_some() {
            return s;
        }
        s.choose(0).unwrap();
    }
    panic!("no loading step within 20 choices");
}

fn option(form: &FormView, field: usize, english: &str) -> usize {
    form.fields[field]
        .options
        .iter()
        .position(|o| o.english() == english)
        .unwrap_or_else(|| panic!("no option {english}"))
}

#[test]
fn the_card_refuses_an_unbalanced_load_with_the_reason() {
    let s = loading_session();
    let form = s.form().unwrap();
    assert_eq!(form.fields.len(), 6);
    let mut values: Vec<usize> = form.fields.iter().map(|f| f.selected).collect();
    values[1] = option(&form, 1, "Mk 82"); // LO only
    let check = s.check_form(&values);
    let why = check
        .refusal
        .expect("an unbalanced load is refused")
        .english();
    assert!(why.contains("LO") && why.contains("RO"), "{why}");
    assert!(check.facts[0].english().starts_with("Weight "));
}

#[test]
fn a_legal_load_from_the_form_flies_and_an_illegal_one_changes_nothing() {
    let mut s = loading_session();
    let form = s.form().unwrap();
    let before = s.prompt();
    // A Mk 84 on the left inboard station alone: the wings do not balance.
    let mut bad: Vec<usize> = form.fields.iter().map(|f| f.selected).collect();
    bad[2] = option(&form, 2, "Mk 84");
    let why = s
        .submit_form(&bad)
        .expect_err("an unbalanced load is refused");
    assert!(why.contains("LI"), "{why}");
    assert_eq!(
        s.prompt(),
        before,
        "a refused load leaves the card as it was"
    );
    // Empty stations with the tanks the route package asks for make a legal (if useless)
    // load: the first tank set the rules accept flies.
    let legal = (0..form.fields[0].options.len())
        .map(|t| vec![t, 0, 0, 0, 0, 0])
        .find(|v| s.check_form(v).refusal.is_none())
        .expect("some tank set meets the route package");
    s.submit_form(&legal).unwrap();
    assert!(s.form().is_none(), "the card is done once loaded");
}
