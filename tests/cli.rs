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

#[test]
fn an_interrupted_simulation_reports_the_games_played() {
    let child = Command::new(env!("CARGO_BIN_EXE_tonkin"))
        .args([
            "simulate",
            "--game",
            "csar",
            "--games",
            "100000000",
            "--bot",
            "random",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run tonkin");
    // Ctrl-C before the handler is installed would end the child the default way (a loaded
    // machine can take seconds to get there): wait until it catches SIGINT, then let it play.
    let catches_sigint = || {
        std::fs::read_to_string(format!("/proc/{}/status", child.id()))
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
    // SAFETY: sends Ctrl-C's signal to the child started above.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
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
}
