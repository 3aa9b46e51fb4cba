//! The layers point down only: engine → shared art → export → games → cli, ui. Each layer's
//! files are read as text and may not name a layer above them; a game's `rules/` reaches
//! nothing but the engine (no drawing, no kit, no game list, no window), and no game reaches
//! into another game's folder.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every line of the files below `dir` (comments left out) that names one of `forbidden`.
fn offences(dir: &Path, forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for file in rust_files(dir) {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    found
}

const UI: &[&str] = &["crate::ui", "gtk::", "relm4", "adw::"];

fn assert_none(dir: &Path, forbidden: &[&str]) {
    assert!(dir.is_dir(), "{} is missing", dir.display());
    let found = offences(dir, forbidden);
    assert!(found.is_empty(), "layer broken:\n{}", found.join("\n"));
}

#[test]
fn the_engine_names_no_layer_above_it() {
    let mut forbidden = vec![
        "crate::art",
        "crate::export",
        "crate::games",
        "crate::cli",
        "cairo",
    ];
    forbidden.extend(UI);
    assert_none(&src().join("engine"), &forbidden);
}

#[test]
fn shared_art_names_neither_export_nor_games() {
    let mut forbidden = vec!["crate::export", "crate::games", "crate::cli"];
    forbidden.extend(UI);
    assert_none(&src().join("art"), &forbidden);
}

#[test]
fn export_names_no_game() {
    let mut forbidden = vec!["crate::games", "crate::cli"];
    forbidden.extend(UI);
    assert_none(&src().join("export"), &forbidden);
}

fn game_folders() -> Vec<PathBuf> {
    let mut games: Vec<PathBuf> = fs::read_dir(src().join("games"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    games.sort();
    assert!(games.len() >= 5, "{games:?}");
    games
}

#[test]
fn rules_reach_only_the_engine() {
    for game in game_folders() {
        let rules = game.join("rules");
        if !rules.is_dir() {
            continue;
        }
        let mut forbidden = vec![
            "cairo",
            "pango",
            "crate::art",
            "crate::export",
            "crate::catalog",
            "crate::cli",
            "crate::i18n",
            "crate::games::driver",
            "crate::games::GameModule",
            "crate::games::{",
        ];
        forbidden.extend(UI);
        assert_none(&rules, &forbidden);
        // Within the game, the rules do not reach up into its art, kit or module either.
        let id = game.file_name().unwrap().to_str().unwrap().to_owned();
        let own_art = format!("crate::games::{id}::art");
        let own_kit = format!("crate::games::{id}::kit");
        let own_module = format!("crate::games::{id}::MODULE");
        assert_none(&rules, &[&own_art, &own_kit, &own_module]);
    }
}

#[test]
fn no_game_reaches_into_another_or_into_the_front_ends() {
    let folders = game_folders();
    for game in &folders {
        let others: Vec<String> = folders
            .iter()
            .filter(|g| *g != game)
            .map(|g| format!("games::{}::", g.file_name().unwrap().to_str().unwrap()))
            .collect();
        let mut forbidden: Vec<&str> = others.iter().map(String::as_str).collect();
        forbidden.push("crate::cli");
        forbidden.extend(UI);
        assert_none(game, &forbidden);
    }
}

#[test]
fn the_check_finds_an_offence() {
    // The checker itself: this file names the art layer in code, so it is found.
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let probe = ["crate::", "art"].concat();
    let _ = &probe;
    let found = offences(&here, &["env!(\"CARGO_MANIFEST_DIR\")"]);
    assert!(!found.is_empty());
}
