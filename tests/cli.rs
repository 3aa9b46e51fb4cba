//! The command line as a user meets it: help, one-line errors, non-zero exits, no panics.

use std::process::Command;

fn tonkin(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tonkin"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run tonkin");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_one_line_error(args: &[&str], expected: &str) {
    let (code, _, err) = tonkin(args);
    assert_ne!(code, 0, "{args:?} should fail");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

#[test]
fn help_lists_the_commands() {
    let (code, out, _) = tonkin(&["--help"]);
    assert_eq!(code, 0);
    for command in ["simulate", "replay", "export"] {
        assert!(out.contains(command), "--help lacks {command}: {out}");
    }
    let (code, out, _) = tonkin(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("tonkin "), "{out}");
}

#[test]
fn unknown_game_is_one_line() {
    assert_one_line_error(&["simulate", "--game", "nope"], "unknown game 'nope'");
}

#[test]
fn bad_files_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    assert_one_line_error(&["replay", missing.to_str().unwrap()], "missing.json");
    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, b"\x00\x01 not json").unwrap();
    assert_one_line_error(&["replay", garbage.to_str().unwrap()], "not a Tonkin save");
    let newer = dir.path().join("newer.json");
    std::fs::write(
        &newer,
        br#"{"format":"tonkin-save","version":99,"game":"csar"}"#,
    )
    .unwrap();
    assert_one_line_error(&["replay", newer.to_str().unwrap()], "newer Tonkin");
}

#[test]
fn bad_arguments_fail() {
    let (code, _, err) = tonkin(&["simulate", "--game", "csar", "--games", "many"]);
    assert_ne!(code, 0);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn export_from_a_save_fills_the_record_sheets() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("mission.json");
    let driver = tonkin::games::find("skyhawk").unwrap().driver.unwrap();
    let mut session = driver.new_session("single", 4, &[]).unwrap();
    driver
        .bot_steps(session.as_mut(), tonkin::games::BotKind::Heuristic, 4, 12)
        .unwrap();
    session.save(&save).unwrap();
    let out = dir.path().join("kit");
    let (code, _, err) = tonkin(&[
        "export",
        "--from",
        save.to_str().unwrap(),
        "--components",
        "sheets",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.join("skyhawk.pdf").exists());
    assert_one_line_error(
        &[
            "export",
            "--from",
            save.to_str().unwrap(),
            "--game",
            "csar",
            "-o",
            out.to_str().unwrap(),
        ],
        "is a game of skyhawk, not of csar",
    );
}

/// `make run` and the command line speak the desktop's language: the built binary finds the
/// catalogues that the build compiled beside it (whether or not the system has the locale).
#[test]
fn replay_speaks_german_under_a_german_locale() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    let driver = tonkin::games::find("csar").unwrap().driver.unwrap();
    let mut session = driver
        .new_session(driver.scenarios()[0].id, 4, &[])
        .unwrap();
    session.choose(0).unwrap();
    session.save(&save).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tonkin"))
        .args(["replay", save.to_str().unwrap()])
        .env("LANG", "de_DE.UTF-8")
        .env_remove("LANGUAGE")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("TONKIN_LOCALEDIR")
        .output()
        .expect("run tonkin");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Partie läuft noch: "), "{text}");
    // The pending decision itself comes from the game's German catalogue.
    let english = session.prompt().text.english();
    assert!(!text.contains(&english), "untranslated prompt: {text}");
}

/// The bad saves and scripts of issue 18, each refused in one line that names the problem.
#[test]
fn bad_saves_name_the_problem() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    assert_one_line_error(&["replay", "/dev/zero"], "larger than 64 MiB");
    let header = r#""format":"tonkin-save","game":"csar","scenario":"caged_tiger","seed":1"#;
    let zero = file(
        "zero.json",
        format!(r#"{{{header},"version":0}}"#).as_bytes(),
    );
    assert_one_line_error(&["replay", &zero], "version 0 does not exist");
    let bogus = file(
        "bogus.json",
        format!(r#"{{{header},"version":1,"options":{{"bogus_option":true}}}}"#).as_bytes(),
    );
    assert_one_line_error(&["replay", &bogus], "unknown option 'bogus_option'");
    let malformed = file(
        "malformed.json",
        format!(r#"{{{header},"version":1,"actions":[{{"Fly":"north"}}]}}"#).as_bytes(),
    );
    assert_one_line_error(&["replay", &malformed], r#"action 1 ({"Fly":"north"})"#);
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(format!(r#"{{{header},"version":1}}"#).as_bytes());
    let bom = file("bom.json", &bom);
    let (code, out, err) = tonkin(&["replay", &bom]);
    assert_eq!(code, 0, "a byte-order mark is no error: {err}");
    assert!(out.contains("game: csar"), "{out}");
}

/// `tonkin` with an owner's overrides folder.
fn tonkin_with_overrides(overrides: &std::path::Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tonkin"))
        .args(args)
        .env("TONKIN_OVERRIDES", overrides)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run tonkin");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn export_with_broken_content_names_the_file_and_the_game() {
    let overrides = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let skyhawk = overrides.path().join("skyhawk");
    std::fs::create_dir_all(&skyhawk).unwrap();
    let tables = include_str!("../data/games/skyhawk/tables.toml")
        .replace("yankee_weather = -5", "yankee_weather = -2000000000");
    std::fs::write(skyhawk.join("tables.toml"), tables).unwrap();
    for game in ["skyhawk", "all"] {
        let (code, err) =
            tonkin_with_overrides(overrides.path(), &["export", "--game", game, "-o", out]);
        assert_ne!(code, 0, "{game}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(
            err.contains("cannot print Skyhawk")
                && err.contains("skyhawk/tables.toml: line ")
                && err.contains("yankee_weather: -2000000000 is out of bounds"),
            "{game}: {err}"
        );
    }
    // A broken Player Aid is no longer dropped from the kit without a word.
    let csar = overrides.path().join("csar");
    std::fs::create_dir_all(&csar).unwrap();
    std::fs::write(csar.join("player_aid.toml"), "[[side]]\ntitle = 4\n").unwrap();
    let (code, err) =
        tonkin_with_overrides(overrides.path(), &["export", "--game", "csar", "-o", out]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("csar/player_aid.toml: line 2"), "{err}");
    assert_eq!(
        std::fs::read_dir(out).unwrap().count(),
        0,
        "nothing written"
    );
}

/// `tonkin simulate` of far more games than it can play: it is interrupted.
const ENDLESS: [&str; 7] = [
    "simulate",
    "--game",
    "csar",
    "--games",
    "100000000",
    "--bot",
    "random",
];

/// Waits until `pid` catches SIGINT (Ctrl-C before the handler is installed would end it the
/// default way, and a loaded machine can take seconds to get there), then lets it play a
/// moment and sends it Ctrl-C's signal.
fn interrupt_once_it_plays(pid: u32) {
    let catches_sigint = || {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .ok()
            .and_then(|s| {
                let mask = s
                    .lines()
                    .find_map(|l| l.strip_prefix("SigCgt:"))?
                    .trim()
                    .to_owned();
                u64::from_str_radix(&mask, 16).ok()
            })
            .is_some_and(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
    };
    let started = std::time::Instant::now();
    while !catches_sigint() && started.elapsed() < std::time::Duration::from_secs(120) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_secs(2));
    // SAFETY: sends Ctrl-C's signal to a child of this test.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) };
}

#[test]
fn an_interrupted_simulation_reports_the_games_played() {
    let child = Command::new(env!("CARGO_BIN_EXE_tonkin"))
        .args(ENDLESS)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run tonkin");
    interrupt_once_it_plays(child.id());
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("wins"), "{stdout}");
    assert!(
        stderr.contains("interrupted after ") && stderr.contains(" of 100000000 games"),
        "{stderr}"
    );
    // Not a terminal: no progress bar in a pipe.
    assert!(!stderr.contains("/100000000 games"), "{stderr}");
}

/// On a terminal (a pseudo-terminal here, as a terminal emulator gives), `simulate` shows a
/// progress bar while it plays, and when Ctrl-C stops it, it clears the bar, reports the games
/// played and says it was interrupted after how many.
#[test]
fn a_simulation_on_a_terminal_shows_progress_and_reports_when_interrupted() {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};

    let (mut main, mut side) = (-1, -1);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 120,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors, owned below, and reads the size given.
    let opened = unsafe {
        libc::openpty(
            &mut main,
            &mut side,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(
        opened,
        0,
        "no pseudo-terminal: {}",
        std::io::Error::last_os_error()
    );
    // SAFETY: both descriptors were just opened and are owned by nothing else.
    let (main, side) = unsafe { (OwnedFd::from_raw_fd(main), OwnedFd::from_raw_fd(side)) };
    let child = Command::new(env!("CARGO_BIN_EXE_tonkin"))
        .args(ENDLESS)
        .env("TERM", "xterm")
        .stdin(std::process::Stdio::null())
        .stdout(side.try_clone().unwrap())
        .stderr(side)
        .spawn()
        .expect("run tonkin");
    // Everything the terminal shows, read as it comes (the child would block on a full
    // terminal otherwise), until the child has ended and closed its side.
    let reader = std::thread::spawn(move || {
        let mut terminal = std::fs::File::from(main);
        let mut shown = Vec::new();
        let mut chunk = [0u8; 4096];
        // The read fails (EIO) once no process holds the terminal's other side.
        while let Ok(n) = terminal.read(&mut chunk) {
            if n == 0 {
                break;
            }
            shown.extend_from_slice(&chunk[..n]);
        }
        String::from_utf8_lossy(&shown).into_owned()
    });
    interrupt_once_it_plays(child.id());
    let mut child = child;
    let status = child.wait().unwrap();
    let shown = reader.join().unwrap();
    assert_ne!(status.code(), Some(0), "{shown}");
    // The bar: "█████░░░ 1234/100000000 games  56/s  3h left", redrawn in place (a carriage
    // return and an erase of the line before each drawing) as the count goes up.
    let drawings: Vec<usize> = count_of_games_at(&shown, "/100000000 games");
    assert!(
        drawings.len() >= 2,
        "no progress bar moving on the terminal:\n{shown:?}"
    );
    assert!(
        shown.contains("\r\x1b[2K"),
        "the bar is not redrawn in place:\n{shown:?}"
    );
    // Then the bar is cleared, and the report of the games played and what stopped it follow.
    let last = *drawings.last().unwrap();
    let report = shown
        .rfind(" games, Random bot")
        .expect("a report after the interruption");
    assert!(report > last, "the report comes after the bar:\n{shown:?}");
    assert!(
        shown[last..report].contains("\x1b[2K"),
        "the bar is cleared before the report:\n{shown:?}"
    );
    assert!(shown[report..].contains("wins"), "{shown:?}");
    assert!(
        shown[report..].contains("interrupted after ")
            && shown.contains(" of 100000000 games (the report above covers those)"),
        "{shown:?}"
    );
}

/// Where `needle` follows a count of games ("1234/100000000 games").
fn count_of_games_at(text: &str, needle: &str) -> Vec<usize> {
    text.match_indices(needle)
        .map(|(i, _)| i)
        .filter(|&i| text[..i].ends_with(|c: char| c.is_ascii_digit()))
        .collect()
}
