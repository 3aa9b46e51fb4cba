//! Replays every example script under `tests/examples/<game>/*.json` and checks the values each
//! says the game must reach (`docs/action-scripts.md`, "Examples"). A script is a save without
//! a snapshot, usually with arranged draws, plus an `expect` list:
//!
//! ```json
//! "expect": [
//!   { "after": 1, "path": "/target/n", "equals": 7 },
//!   { "after": 1, "log": "Target 7: " }
//! ]
//! ```
//!
//! `after` counts the actions taken (0: the position set up); `path` is a JSON pointer into the
//! game state as its save writes it; `log` is a text one of the log's lines (in English) holds;
//! `prompt` a text the pending decision's prompt (in English) holds, the verdict once the game
//! is over.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn scripts() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/examples");
    let mut found = Vec::new();
    for game in std::fs::read_dir(&root).expect("tests/examples") {
        let dir = game.expect("a game's examples").path();
        for file in std::fs::read_dir(&dir).expect("a game's examples") {
            let path = file.expect("an example").path();
            if path.extension().is_some_and(|e| e == "json") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A script's game session: through the game list, or, for a game whose rules are written
/// but that the list does not offer yet, through its rules directly (no window is involved).
fn load(bytes: &[u8], name: &str) -> Result<Box<dyn tonkin::games::PlaySession>, String> {
    use tonkin::games::Driver;
    let header: Value = serde_json::from_slice(bytes).map_err(|e| format!("{name}: {e}"))?;
    let listed = tonkin::games::ALL
        .iter()
        .any(|g| g.id == header["game"] && g.driver.is_some());
    if !listed && header["game"] == "phantom_leader" {
        return tonkin::games::GameDriver::<tonkin::games::phantom_leader::rules::PhantomLeader>::new()
            .load_session(bytes, name);
    }
    tonkin::games::load_any(bytes, name)
}

/// The script with its actions cut after the `after`-th (results arranged for the next
/// action are left out with it).
fn cut(script: &Value, after: usize) -> Value {
    let mut cut = script.clone();
    let steps = script["actions"].as_array().cloned().unwrap_or_default();
    let mut kept = Vec::new();
    let mut taken = 0;
    for step in steps {
        if taken == after {
            break;
        }
        let fixed = step.get("arrange").is_some() || step.get("rolled").is_some();
        if !fixed {
            taken += 1;
        }
        kept.push(step);
    }
    cut["actions"] = Value::Array(kept);
    cut
}

/// What is wrong with one expectation of a script, if anything.
fn check(name: &str, script: &Value, index: usize, expectation: &Value) -> Option<String> {
    let Some(after) = expectation["after"].as_u64() else {
        return Some(format!("{name}: expectation {index} has no 'after'"));
    };
    let bytes = serde_json::to_vec(&cut(script, after as usize)).expect("JSON");
    let session = match load(&bytes, name) {
        Ok(session) => session,
        Err(e) => return Some(format!("{name}: expectation {index}: {e}")),
    };
    if let Some(path) = expectation["path"].as_str() {
        let state = session.state_json().unwrap_or_default();
        let actual = state.pointer(path).cloned().unwrap_or(Value::Null);
        let wanted = &expectation["equals"];
        return (&actual != wanted).then(|| {
            format!("{name}: expectation {index} (after {after} actions, {path}): expected {wanted}, found {actual}")
        });
    }
    if let Some(text) = expectation["log"].as_str() {
        let lines: Vec<String> = session
            .log()
            .entries()
            .iter()
            .map(|e| e.english())
            .collect();
        return (!lines.iter().any(|l| l.contains(text))).then(|| {
            format!(
                "{name}: expectation {index} (after {after} actions): no log line holds {text:?}; the log:\n  {}",
                lines.join("\n  ")
            )
        });
    }
    if let Some(text) = expectation["prompt"].as_str() {
        let prompt = session.prompt().text.english();
        return (!prompt.contains(text)).then(|| {
            format!("{name}: expectation {index} (after {after} actions): the prompt {prompt:?} does not hold {text:?}")
        });
    }
    Some(format!(
        "{name}: expectation {index} has none of 'path', 'log', 'prompt'"
    ))
}

#[test]
fn every_example_script_reaches_its_expected_values() {
    let scripts = scripts();
    assert!(
        ["csar", "skyhawk", "phantom_leader"].iter().all(|g| scripts
            .iter()
            .any(|s| s.parent().is_some_and(|d| d.ends_with(g)))),
        "each playable game has examples: {scripts:?}"
    );
    let mut failures = Vec::new();
    for path in &scripts {
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(path)
            .display()
            .to_string();
        let text = std::fs::read(path).expect("readable");
        let script: Value = match serde_json::from_slice(&text) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        // The whole script replays.
        if let Err(e) = load(&text, &name) {
            failures.push(e);
            continue;
        }
        let expectations = script["expect"].as_array().cloned().unwrap_or_default();
        if expectations.is_empty() {
            failures.push(format!("{name}: no expectations"));
        }
        for (i, expectation) in expectations.iter().enumerate() {
            failures.extend(check(&name, &script, i + 1, expectation));
        }
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

#[test]
fn a_script_is_cut_after_its_nth_action_with_its_arrangements() {
    let script = serde_json::json!({"actions": [
        {"arrange": [{"d10": 1}]}, "A", "B", {"arrange": [{"d10": 2}]}, "C"
    ]});
    assert_eq!(cut(&script, 0)["actions"], serde_json::json!([]));
    assert_eq!(
        cut(&script, 1)["actions"],
        serde_json::json!([{"arrange": [{"d10": 1}]}, "A"])
    );
    assert_eq!(
        cut(&script, 3)["actions"],
        serde_json::json!([{"arrange": [{"d10": 1}]}, "A", "B", {"arrange": [{"d10": 2}]}, "C"])
    );
}

/// Results arranged for the set-up (`setup`) are taken by the set-up's draws; one it does not
/// use refuses the script, naming it.
#[test]
fn set_up_draws_are_arranged_and_must_all_be_used() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/examples/csar/enemy-marker-one-plus.json");
    let mut script: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    script["actions"] = Value::Array(Vec::new());
    script.as_object_mut().unwrap().remove("expect");
    let session = tonkin::games::load_any(&serde_json::to_vec(&script).unwrap(), "setup").unwrap();
    assert!(session.is_arranged(), "a set-up arrangement marks the game");
    let north = &session.state_json().unwrap()["zones"][1]["enemy"];
    assert_eq!(north, 3, "the 1+ Enemy marker arranged for North");
    script["setup"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"d6": 3}));
    let refused = match tonkin::games::load_any(&serde_json::to_vec(&script).unwrap(), "setup") {
        Err(e) => e,
        Ok(_) => panic!("an unused set-up result must refuse the script"),
    };
    assert!(refused.contains(r#"{"d6":3}"#), "{refused}");
}
