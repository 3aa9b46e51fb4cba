//! The rulebook's worked examples as action scripts (`docs/action-scripts.md`), replayed
//! through the rules: the game has no driver yet, so `tests/examples.rs` cannot load them.
//! Each script's arranged results are queued before its action, and every expectation is
//! checked once its number of actions has been taken.

use std::path::Path;

use serde_json::Value;

use super::{Action, ChopperPilot, Options};
use crate::engine::arranged::Arranged;
use crate::engine::game::Game;

/// Replays one script; the problems found.
fn replay(name: &str, script: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let scenario = script["scenario"].as_str().unwrap_or("primary");
    let seed = script["seed"].as_u64().unwrap_or(0);
    let mut g = ChopperPilot::setup(scenario, &Options::default(), seed).expect("set up");
    let expect = script["expect"].as_array().cloned().unwrap_or_default();
    if expect.is_empty() {
        problems.push(format!("{name}: no expectations"));
    }
    let check = |g: &ChopperPilot, taken: u64, problems: &mut Vec<String>| {
        let lines: Vec<String> = g.log().entries().iter().map(|e| e.english()).collect();
        for e in expect.iter().filter(|e| e["after"].as_u64() == Some(taken)) {
            let text = e["log"].as_str().unwrap_or("");
            if !lines.iter().any(|l| l.contains(text)) {
                problems.push(format!(
                    "{name}: after {taken} actions no log line holds {text:?}:\n  {}",
                    lines.join("\n  ")
                ));
            }
        }
    };
    let mut taken = 0;
    check(&g, taken, &mut problems);
    for step in script["actions"].as_array().cloned().unwrap_or_default() {
        if let Some(items) = step.get("arrange").and_then(Value::as_array) {
            for item in items {
                let a: Arranged = serde_json::from_value(item.clone()).expect("an arranged result");
                g.rng_mut().arrange(a);
            }
            continue;
        }
        let action: Action = serde_json::from_value(step.clone())
            .unwrap_or_else(|e| panic!("{name}: action {}: {e}", taken + 1));
        if let Err(e) = g.apply(&action) {
            problems.push(format!(
                "{name}: action {} {action:?} refused: {e}",
                taken + 1
            ));
            return problems;
        }
        let settled = g.rng_mut().settle();
        if !settled.unused.is_empty() || settled.problem.is_some() {
            problems.push(format!(
                "{name}: action {}: arranged results unused {:?} or misfit {:?}",
                taken + 1,
                settled.unused,
                settled.problem.map(|p| p.english())
            ));
        }
        taken += 1;
        check(&g, taken, &mut problems);
    }
    problems
}

#[test]
fn the_rulebook_examples_replay_as_scripted() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/examples/chopper_pilot/rules");
    let mut problems = Vec::new();
    let mut n = 0;
    for file in std::fs::read_dir(&dir).expect("the examples") {
        let path = file.expect("a file").path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let name = path.display().to_string();
        let script: Value =
            serde_json::from_slice(&std::fs::read(&path).expect("readable")).expect("JSON");
        problems.extend(replay(&name, &script));
        n += 1;
    }
    assert!(n >= 1, "no scripts in {}", dir.display());
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn the_spawn_example_places_the_fireteam_three_hexes_out_in_direction_3() {
    // 8.5: direction 3 is two hexsides clockwise from the nose; on turn 1 the nose is the
    // entry facing of Huey #3 (ruling A60).
    let text = include_str!(
        "../../../../tests/examples/chopper_pilot/rules/spawn-huey-3-direction-3.json"
    );
    let script: Value = serde_json::from_str(text).expect("JSON");
    assert!(replay("spawn", &script).is_empty());
    let mut g = ChopperPilot::setup("primary", &Options::default(), 1).expect("set up");
    for step in script["actions"].as_array().unwrap() {
        if let Some(items) = step.get("arrange").and_then(Value::as_array) {
            for item in items {
                g.rng_mut()
                    .arrange(serde_json::from_value(item.clone()).unwrap());
            }
        } else {
            g.apply(&serde_json::from_value::<Action>(step.clone()).unwrap())
                .unwrap();
        }
    }
    let (from, facing) = g.your_reference();
    let intended = from.step(super::hex::absolute(facing, 3), 3);
    let vc = g
        .tac()
        .units
        .iter()
        .find(|u| u.unit == "vc_ft")
        .expect("the VC fireteam");
    assert!(!vc.spotted, "a spawned unit starts unspotted [8.5]");
    if g.tac().ground.passable(intended) {
        assert_eq!(vc.hex, intended);
    } else {
        assert!(vc.hex.distance(intended) <= 2, "the nearest allowed hex");
    }
}
