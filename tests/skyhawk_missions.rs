//! Whole missions played by the random and the heuristic bot: every mission ends, nothing
//! panics or dead-ends, and a seed replays the same mission.

use tonkin::engine::bot::{RandomBot, play_out};
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::skyhawk::rules::{Options, Skyhawk};

fn mission(seed: u64, heuristic: bool) -> Skyhawk {
    let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
    let result = if heuristic {
        play_out(&mut g, Skyhawk::heuristic_bot(seed).as_mut(), 5_000)
    } else {
        play_out(&mut g, &mut RandomBot::new(seed), 5_000)
    };
    if let Err(e) = result {
        panic!("seed {seed}: {e}\n{}", log_text(&g));
    }
    g
}

fn log_text(g: &Skyhawk) -> String {
    g.log()
        .entries()
        .iter()
        .map(|e| e.english())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn random_bot_finishes_every_mission() {
    for seed in 0..1500 {
        let g = mission(seed, false);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn heuristic_bot_finishes_every_mission() {
    for seed in 0..1500 {
        let g = mission(seed, true);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn same_seed_same_mission() {
    for seed in [3, 77, 1234] {
        assert_eq!(mission(seed, true), mission(seed, true));
        assert_eq!(mission(seed, false), mission(seed, false));
    }
}

#[test]
fn print_one() {
    let g = mission(5, true);
    println!("{}", log_text(&g));
}

#[test]
fn pilot_killed_by_accepted_mig_hits() {
    for seed in [14378, 15900] {
        let g = mission(seed, true);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn random_campaigns_end() {
    for seed in 0..6 {
        for which in 1..=3 {
            let mut g =
                Skyhawk::setup(&format!("campaign{which}"), &Options::default(), seed).unwrap();
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if seed % 2 == 0 {
                    play_out(&mut g, &mut RandomBot::new(seed), 50_000)
                } else {
                    play_out(&mut g, Skyhawk::heuristic_bot(seed).as_mut(), 50_000)
                }
            }));
            match result {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => panic!("campaign{which} seed {seed}: {e}"),
                Err(_) => {
                    let tail: Vec<String> = g
                        .log()
                        .entries()
                        .iter()
                        .rev()
                        .take(12)
                        .map(|e| e.english())
                        .collect();
                    panic!(
                        "campaign{which} seed {seed} panicked at {:?}; log tail:\n{}",
                        g.step,
                        tail.join("\n")
                    );
                }
            }
        }
    }
}

/// A save written before the roll lines were reworded (and before the division sheet and the
/// calendar kept their counts) still opens where it was: the log is the older version's story,
/// not the position, and fields added since are not compared.
#[test]
fn a_save_from_an_older_version_opens_where_it_was() {
    use tonkin::engine::session::Session;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/saves/skyhawk-older-wording.json");
    let session = Session::<Skyhawk>::load(&path).unwrap();
    assert_eq!(
        session.state().step,
        tonkin::games::skyhawk::rules::Step::ReAttackOrHome
    );
    assert_eq!(session.actions().len(), 22);
}
