//! Undo barriers worked out by the engine, through the session as the window drives it: an
//! action is a barrier when it made something random known (the game's generator gave
//! results: dice, cup draws, cards off a shuffled deck), and otherwise only when the game
//! reports a reveal of its own.

use std::collections::BTreeSet;

use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::engine::session::Session;
use tonkin::games::csar::rules::{Action as CsarAction, Csar, Options as CsarOptions};
use tonkin::games::skyhawk::rules::{Action, Options, Skyhawk};

/// The first of the prompt's actions that `pick` accepts.
fn offered<G: Game>(s: &Session<G>, pick: impl Fn(&G::Action) -> bool) -> Option<G::Action> {
    s.prompt()
        .choices
        .into_iter()
        .map(|c| c.action)
        .find(|a| pick(a))
}

/// Takes `action`; says whether it is a barrier. Either way it is undone (casually if it is a
/// barrier, which plain undo refuses), which must restore the position exactly, and redone,
/// which must reach the same position again.
fn take_undo_redo<G: Game>(s: &mut Session<G>, action: &G::Action) -> bool {
    let before = s.state().clone();
    let barrier = s.apply(action).unwrap().barrier;
    assert_eq!(s.can_undo(), !barrier, "{action:?}");
    let after = s.state().clone();
    s.casual = true;
    s.undo().unwrap();
    s.casual = false;
    assert_eq!(s.state(), &before, "undoing {action:?}");
    s.redo().unwrap();
    assert_eq!(s.state(), &after, "redoing {action:?}");
    barrier
}

#[test]
fn skyhawk_loading_can_be_undone_a_roll_cannot_unless_casual() {
    let mut undone = BTreeSet::new();
    for seed in 1..6 {
        let mut s: Session<Skyhawk> = Session::new("single", Options::default(), seed).unwrap();
        let list = offered(&s, |a| matches!(a, Action::List(_))).unwrap();
        let step = s.apply(&list).unwrap();
        assert!(
            step.barrier,
            "the target and the weather are rolled [3.5, 4.0]"
        );
        assert!(!s.can_undo() && s.undo().is_none());

        // Tanks, each station pair and the support units. The piece that completes the load
        // rolls for support [4.1], the last support unit launches [5.1]: those are barriers.
        while let Some(action) = offered(&s, |a| {
            matches!(
                a,
                Action::Tanks(_) | Action::Load(Some(_)) | Action::Support(_)
            )
        }) {
            let results = s.state().rng().results();
            let barrier = take_undo_redo(&mut s, &action);
            let rolled = s.state().rng().results() != results;
            assert_eq!(barrier, rolled, "seed {seed}: {action:?}");
            if !barrier {
                undone.insert(format!("{action:?}").split('(').next().unwrap().to_owned());
            }
        }
    }
    assert_eq!(
        undone.into_iter().collect::<Vec<_>>(),
        ["Load", "Support", "Tanks"]
    );
}

#[test]
fn skyhawk_actions_are_barriers_exactly_when_they_roll() {
    for seed in 1..4 {
        let mut s: Session<Skyhawk> = Session::new("single", Options::default(), seed).unwrap();
        let mut bot = Skyhawk::heuristic_bot(seed);
        let (mut rolls, mut quiet) = (0, 0);
        while s.state().outcome().is_none() {
            let action = bot.choose(s.state(), &s.state().legal_actions());
            let results = s.state().rng().results();
            let step = s.apply(&action).unwrap();
            let rolled = s.state().rng().results() != results;
            // Lady Luck plays the decision again from before it: the game reports the new
            // roll, the generator alone might not tell.
            let luck = matches!(action, Action::LadyLuck(_));
            assert_eq!(step.barrier, rolled || luck, "seed {seed}: {action:?}");
            if step.barrier {
                rolls += 1;
            } else {
                quiet += 1;
            }
        }
        assert!(
            rolls > 5 && quiet > 5,
            "seed {seed}: {rolls} rolls, {quiet} quiet"
        );
    }
}

/// Hidden and Enemy markers turned up or set aside so far.
fn markers_out(g: &Csar) -> usize {
    g.hidden_out.len() + g.enemy_out.len()
}

#[test]
fn csar_a_card_draw_is_a_barrier_a_plain_move_is_not() {
    let mut s: Session<Csar> = Session::new("caged_tiger", CsarOptions::default(), 5).unwrap();
    // A pilot taken by name can be taken back (7.0) ...
    let named = offered(&s, |a| matches!(a, CsarAction::ChoosePilot(_))).unwrap();
    assert!(!take_undo_redo(&mut s, &named));
    s.undo().unwrap();
    // ... one drawn at random cannot, though nothing is rolled now: the deck was shuffled at
    // set-up, and its top card becomes known.
    let generator = s.state().rng().clone();
    let step = s.apply(&CsarAction::DrawPilot).unwrap();
    assert!(step.barrier && !s.can_undo());
    assert_eq!(s.state().rng(), &generator, "the generator did not move");

    // Played on: an action is a barrier exactly when it drew or turned a marker up.
    let mut bot = Csar::heuristic_bot(5);
    let mut plain_moves = 0;
    while s.state().outcome().is_none() {
        let action = bot.choose(s.state(), &s.state().legal_actions());
        let (results, out) = (s.state().rng().results(), markers_out(s.state()));
        let before = s.state().clone();
        let step = s.apply(&action).unwrap();
        let drew = s.state().rng().results() != results;
        let turned_up = markers_out(s.state()) != out;
        assert_eq!(step.barrier, drew || turned_up, "{action:?}");
        if matches!(action, CsarAction::Move { .. }) && !step.barrier {
            plain_moves += 1;
            s.undo().expect("a plain move can be taken back");
            assert_eq!(s.state(), &before);
            s.redo().unwrap();
        }
    }
    assert!(plain_moves > 0);
}
