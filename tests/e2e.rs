//! The real window, driven end to end: `tests/e2e/play_games.py` plays a whole game of every
//! playable game of the game list through Tonkin's accessibility tree (AT-SPI), as a screen
//! reader would — buttons found by their accessible names and pressed, labels read, some
//! decisions taken with Alt+number — quits halfway with Ctrl+Q, starts the program again,
//! resumes from the launcher and checks that the window shows the same position, then plays on
//! to the result. See docs/testing.md.
//!
//! It runs the `tonkin` binary cargo builds for the tests, each game under a virtual display
//! and session bus of its own (xvfb-run, dbus-run-session), all games at once. Without a
//! display and bus around it (`make test` provides them), or without the Python AT-SPI bindings
//! and xdotool (build-aux/install-deps.sh installs both), it fails and says what is missing: it
//! never passes without having played, and it names every game that was not played through.

use std::process::Command;

use tonkin::games;

/// The Python with the GObject bindings: Debian's, not a virtual environment's.
fn python() -> String {
    std::env::var("TONKIN_E2E_PYTHON").unwrap_or_else(|_| "/usr/bin/python3".into())
}

/// Why the test cannot run here, if it cannot.
fn missing_requirement() -> Option<String> {
    if std::env::var_os("DISPLAY").is_none() {
        return Some("no X display; run it under xvfb-run (make test does)".into());
    }
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        return Some("no session bus; run it under dbus-run-session (make test does)".into());
    }
    let bindings = Command::new(python())
        .args([
            "-c",
            "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi",
        ])
        .output();
    match bindings {
        Ok(out) if out.status.success() => {}
        Ok(out) => {
            return Some(format!(
                "{} cannot load the AT-SPI bindings (install python3-gi and gir1.2-atspi-2.0; \
                 build-aux/install-deps.sh does): {}",
                python(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Err(e) => return Some(format!("{} does not run: {e}", python())),
    }
    if Command::new("xdotool").arg("version").output().is_err() {
        return Some("xdotool is missing (build-aux/install-deps.sh installs it)".into());
    }
    None
}

/// The scenario played, where the first of the game list is not the shortest whole game:
/// Chopper Pilot's MACV-SOG tour is 15 missions, its Primary campaign 30 to 35.
const SCENARIOS: &[(&str, &str)] = &[("chopper_pilot", "sog")];

/// Every playable game of the game list, as the script takes it: `id|title|scenario title`
/// (the launcher's names for them, in English). A new game is played as soon as it is listed,
/// in its first scenario unless [`SCENARIOS`] names another.
fn playable_games() -> Vec<String> {
    games::ALL
        .iter()
        .filter_map(|info| {
            let driver = info.driver?;
            let scenarios = driver.scenarios();
            let chosen = SCENARIOS
                .iter()
                .find(|(game, _)| *game == info.id)
                .map(|(_, id)| {
                    scenarios
                        .iter()
                        .find(|s| s.id == *id)
                        .unwrap_or_else(|| panic!("{} has no scenario '{id}'", info.id))
                });
            let scenario = chosen.or(scenarios.first())?;
            Some(format!(
                "{}|{}|{}",
                info.id,
                info.title,
                scenario.title.render()
            ))
        })
        .collect()
}

/// Each game is played by a script of its own, all at once, each under a virtual display and
/// session bus of its own (keys go to the window under the pointer, so two games must not share
/// a display): the test takes as long as the longest game, not the sum.
fn play_alone(index: usize, game: &str) -> std::process::Child {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/play_games.py");
    Command::new("xvfb-run")
        .args(["-a", "-n", &(110 + 10 * index).to_string()])
        .args(["-s", "-screen 0 1600x1000x24", "dbus-run-session", "--"])
        .arg(python())
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_tonkin"))
        .arg(game)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the end-to-end script starts under xvfb-run")
}

#[test]
fn every_playable_game_is_played_through_the_accessibility_tree() {
    if let Some(why) = missing_requirement() {
        panic!("the end-to-end window test cannot run: {why}");
    }
    let games = playable_games();
    assert!(!games.is_empty(), "no playable game in the game list");
    let started = std::time::Instant::now();
    let runs: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, game)| (game, play_alone(i, game)))
        .collect();
    let mut failed = Vec::new();
    for (game, run) in runs {
        let out = run.wait_with_output().expect("the end-to-end script runs");
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        let title = game.split('|').nth(1).unwrap_or(game);
        // Shown with --nocapture: what was played, and how long it took.
        for line in said.lines().filter(|l| l.starts_with("e2e")) {
            println!("{line}");
        }
        // The script's own last word: "<title>: <verdict> after N decisions in S s".
        let finished = said
            .lines()
            .any(|l| l.contains(&format!("{title}: ")) && l.contains(" decisions in "));
        if !out.status.success() || !finished {
            failed.push(format!(
                "{title} was not played through (exit {}):\n{said}{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    println!(
        "e2e: {} games in {:.0} s",
        games.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failed.is_empty(),
        "the end-to-end window test failed:\n{}",
        failed.join("\n")
    );
}
