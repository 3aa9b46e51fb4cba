//! The computer players as the window seats them: chosen per seat and saved with the game,
//! handed their seat's view only, and explaining their turns in the log without telling the
//! other seat what it may not know.

use super::rules::SearchDestroy;
use super::rules::bot::HeuristicBot;
use super::rules::content::Side;
use super::rules::state::Step;
use crate::engine::bot::Bot;
use crate::engine::game::{Actor, Game};
use crate::engine::log::Audience;
use crate::engine::session::Session;
use crate::games::{Driver, GameDriver, PlaySession, SeatJob};

fn driver() -> GameDriver<SearchDestroy> {
    GameDriver::new()
}

fn save_bytes(session: &dyn PlaySession) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    session.save(&path).unwrap();
    std::fs::read(&path).unwrap()
}

/// Runs the computer's decisions in place (the window runs them on a worker thread) until a
/// person is to act, the game ends or `most` decisions were taken; returns how many.
fn let_the_computer_play(session: &mut dyn PlaySession, most: usize) -> usize {
    for taken in 0..most {
        let Some(job) = session.computer_job() else {
            return taken;
        };
        session.finish_computer(job.run()).unwrap().unwrap();
    }
    most
}

#[test]
fn the_seats_chosen_are_saved_and_an_old_save_seats_people() {
    let driver = driver();
    let mut session = driver.new_session("basic", 4, &[]).unwrap();
    assert_eq!(session.computer_levels().len(), 3);
    session.set_computer(1, Some("hard")).unwrap();
    assert!(session.set_computer(0, Some("genius")).is_err());
    let bytes = save_bytes(session.as_ref());
    let loaded = driver.load_session(&bytes, "game.json").unwrap();
    assert_eq!(
        (loaded.computer(0), loaded.computer(1)),
        (None, Some("hard".to_owned()))
    );
    // A save from before computers sat at the table has no `computers`: people in both seats.
    let mut json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let fields = json.as_object_mut().unwrap();
    assert!(fields.remove("computers").is_some());
    let old = serde_json::to_vec(&json).unwrap();
    let loaded = driver.load_session(&old, "old.json").unwrap();
    assert_eq!((loaded.computer(0), loaded.computer(1)), (None, None));
    // A level this version does not know is refused with its name, not dropped.
    json["computers"] = serde_json::json!([null, "genius"]);
    let odd = serde_json::to_vec(&json).unwrap();
    let refused = driver.load_session(&odd, "odd.json").err().unwrap();
    assert!(refused.contains("genius"), "{refused}");
}

/// Every job built for a seat carries exactly that seat's view: for the US, no face-down
/// counter's identity; for the NLF, not the helicopter the US commander rides in while that
/// is the US's secret. Checked on every position of a seeded game.
#[test]
fn a_computer_job_holds_only_its_seats_view() {
    let mut session = Session::<SearchDestroy>::new("standard", Default::default(), 11).unwrap();
    for seat in 0..2 {
        PlaySession::set_computer(&mut session, seat, Some("easy")).unwrap();
    }
    let mut bot = HeuristicBot::new(3);
    let (mut us_jobs, mut nlf_secret_jobs) = (0, 0);
    while session.state().outcome().is_none() && session.state().turn <= 2 {
        let game = session.state().clone();
        let job = SeatJob::pending(&session).expect("a computer is to act");
        let json = serde_json::to_string(&job.view).unwrap();
        let side = if job.seat == 0 { Side::Us } else { Side::Nlf };
        assert_eq!(Actor::Player(job.seat), game.to_move());
        assert_eq!(json, serde_json::to_string(&*game.view(job.seat)).unwrap());
        assert_eq!(job.actions, game.legal_actions());
        match side {
            Side::Us => {
                assert!(
                    job.view
                        .units
                        .iter()
                        .filter(|u| u.hidden())
                        .all(|u| u.kind.is_none())
                );
                if game.units.iter().any(|u| u.hidden() && u.kind.is_some()) {
                    us_jobs += 1;
                }
            }
            Side::Nlf => {
                if game.step == Step::LandingFire && game.commander_hex.is_some() {
                    assert_eq!(job.view.commander_hex, None);
                    nlf_secret_jobs += 1;
                }
            }
        }
        let action = bot.choose(&job.view, &job.actions);
        session.apply(&action).unwrap();
    }
    assert!(us_jobs > 10, "{us_jobs} US jobs while counters hid");
    assert!(nlf_secret_jobs > 0, "no NLF job during the landing fire");
}

/// The NLF computer names its face-down counters when it explains a move: the line is in the
/// NLF's log and never in the US's, whereas the US computer's reasons are for both.
#[test]
fn the_computers_reasons_reach_only_the_seats_that_may_read_them() {
    let driver = driver();
    let mut session = driver.new_session("basic", 8, &[]).unwrap();
    session.set_computer(0, Some("normal")).unwrap();
    session.set_computer(1, Some("normal")).unwrap();
    let taken = let_the_computer_play(session.as_mut(), 400);
    assert!(taken > 50, "{taken}");
    let lines = |seat: u8| -> Vec<String> {
        let log = session.log_seen_by(seat);
        log.entries().iter().map(|e| e.english()).collect()
    };
    let (us, nlf) = (lines(0), lines(1));
    let game: Vec<String> = session
        .log()
        .entries()
        .iter()
        .map(|e| e.english())
        .collect();
    // The NLF's reasons (drawn from its own counters' identities) are in its log only.
    let reasons: Vec<&String> = nlf
        .iter()
        .filter(|l| l.contains("] The NLF ") && !game.contains(l))
        .collect();
    assert!(!reasons.is_empty(), "the NLF explained nothing");
    for reason in reasons {
        assert!(!us.contains(reason), "{reason}");
    }
    // The game's own lines are the same as without the computers' remarks.
    assert!(session.log().len() < nlf.len());
    // A remark of the US's is public; a remark of the NLF's stays with it.
    let remarks: Vec<_> = session
        .log_seen_by(0)
        .entries()
        .iter()
        .filter(|e| e.message.id.starts_with("The US "))
        .map(|e| e.audience)
        .collect();
    assert!(remarks.iter().all(|a| *a == Audience::Everyone));
    // The remarks are saved with the game and come back in their places.
    let bytes = save_bytes(session.as_ref());
    let loaded = driver.load_session(&bytes, "game.json").unwrap();
    let back: Vec<String> = loaded
        .log_seen_by(1)
        .entries()
        .iter()
        .map(|e| e.english())
        .collect();
    assert_eq!(back, nlf);
}

/// An answer that comes back after the position changed is dropped, and the computer keeps
/// its seat for the next decision.
#[test]
fn a_late_answer_is_dropped() {
    let driver = driver();
    let mut session = driver.new_session("basic", 2, &[]).unwrap();
    session.set_computer(1, Some("easy")).unwrap();
    let job = session.computer_job().expect("the NLF sets up first");
    assert!(session.computer_job().is_none(), "one job at a time");
    // Meanwhile the person takes the seat back and places a counter.
    session.set_computer(1, None).unwrap();
    session.choose(0).unwrap();
    session.set_computer(1, Some("easy")).unwrap();
    let before = session.actions_taken();
    assert!(session.finish_computer(job.run()).unwrap().is_none());
    assert_eq!(session.actions_taken(), before);
    assert!(session.computer_job().is_some());
}

/// What the computer thinks is shown to the US only, and built from the US's views only: the
/// same whatever the face-down counters really are.
#[test]
fn what_the_computer_thinks_comes_from_the_us_view_only() {
    use crate::games::Presented;
    let mut session = Session::<SearchDestroy>::new("basic", Default::default(), 6).unwrap();
    let mut bot = HeuristicBot::new(1);
    while session.state().step == Step::Setup || session.state().turn < 3 {
        let game = session.state();
        let action = bot.choose(
            &game.view(crate::engine::bot::acting_seat(game)),
            &game.legal_actions(),
        );
        session.apply(&action).unwrap();
    }
    let now = session.state().clone();
    assert!(SearchDestroy::computer_thinks(session.history(), &now, 1).is_none());
    assert!(!PlaySession::offers_computer_thinks(&session, 1));
    let thinks = SearchDestroy::computer_thinks(session.history(), &now, 0).unwrap();
    let hidden: Vec<usize> = (0..now.units.len())
        .filter(|&i| now.units[i].on_map() && now.units[i].hidden())
        .collect();
    assert_eq!(thinks.len(), hidden.len());
    assert!(thinks.iter().all(|(_, p)| (0.0..=1.0).contains(p)));
    // Two face-down counters of different kinds trade identities: nothing the US sees changes.
    let (a, b) = hidden
        .iter()
        .flat_map(|&a| hidden.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| now.units[a].kind != now.units[b].kind)
        .expect("face-down counters of two kinds");
    let mut swapped = now.clone();
    swapped.units[a].kind = now.units[b].kind;
    swapped.units[b].kind = now.units[a].kind;
    let again = SearchDestroy::computer_thinks(session.history(), &swapped, 0).unwrap();
    assert_eq!(thinks, again);
}
