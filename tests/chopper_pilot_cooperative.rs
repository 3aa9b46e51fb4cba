//! Chopper Pilot's cooperative play (2.2, ruling G20) as the window plays it: started with the
//! option the new-game dialog offers, the prompt naming the player who acts, no hand-over
//! screen and no undo barrier between the friends, saved, reopened and played on identically.

use tonkin::engine::game::Actor;
use tonkin::games::{BotKind, PlaySession, find, load_any};

const SEED: u64 = 4;

fn step(session: &mut dyn PlaySession) {
    let driver = find("chopper_pilot").unwrap().driver.unwrap();
    let taken = driver
        .bot_steps(session, BotKind::Heuristic, SEED, 1)
        .unwrap();
    assert_eq!(taken, 1, "the game ended early");
}

#[test]
fn a_cooperative_tour_names_the_player_who_acts_and_saves_and_replays_identically() {
    let driver = find("chopper_pilot").unwrap().driver.unwrap();
    // The dialog offers it as an optional rule, in words a newcomer reads.
    let rule = driver
        .optional_rules()
        .into_iter()
        .find(|r| r.key == "cooperative")
        .expect("the new-game dialog offers cooperative play");
    assert!(rule.summary.english().contains("Two players"));
    let mut session = driver
        .new_session("primary", SEED, &["cooperative"])
        .unwrap();
    // One seat: friends who hide nothing get no hand-over curtain (the window shows it only
    // for more than one seat) and undo as in a solitaire game.
    assert_eq!(session.seats(), 1);
    session.set_casual_undo(true);
    let mut handed_over = 0;
    for _ in 0..20_000 {
        let before = session.prompt().actor;
        step(session.as_mut());
        let prompt = session.prompt();
        let Actor::Player(p) = prompt.actor else {
            panic!("the tour ended before player 2 flew")
        };
        assert!(
            prompt
                .text
                .english()
                .starts_with(&format!("Player {} — ", p + 1)),
            "{}",
            prompt.text.english()
        );
        if before != prompt.actor && p == 1 {
            // Player 1 has just sent one of player 2's helicopters off: player 2 flies it, and
            // the friend at the table may still take that back.
            assert!(session.can_undo(), "undo between friends");
            handed_over += 1;
            if handed_over == 3 {
                break;
            }
        }
    }
    assert_eq!(handed_over, 3, "player 2 never flew");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cooperative.json");
    session.save(&path).unwrap();
    let mut reopened = load_any(&std::fs::read(&path).unwrap(), "cooperative.json").unwrap();
    assert_eq!(reopened.prompt(), session.prompt());
    assert_eq!(reopened.state_json(), session.state_json());
    for _ in 0..300 {
        if session.outcome().is_some() {
            break;
        }
        step(session.as_mut());
        step(reopened.as_mut());
        assert_eq!(reopened.prompt(), session.prompt());
    }
    assert_eq!(reopened.state_json(), session.state_json());
}
