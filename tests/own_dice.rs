//! Whole games played with the player's own dice through the type-erased session the window
//! drives: a bot takes the actions and rolls the faces it is asked for; the game is saved,
//! reopened and replayed to the same position.

use tonkin::games::driver::BotKind;

/// Plays a game to its end with own dice; returns the save's JSON and the first die prompt.
fn play(game: &str, scenario: &str, seed: u64) -> (serde_json::Value, Option<String>) {
    let driver = tonkin::games::find(game).unwrap().driver.unwrap();
    let mut session = driver.new_session(scenario, seed, &[]).unwrap();
    session.set_own_dice(true);
    let mut first_die = None;
    let mut steps = 0;
    while session.outcome().is_none() {
        let prompt = session.prompt();
        let text = prompt.text.english();
        if text.starts_with("Roll d") && first_die.is_none() {
            let faces: Vec<String> = prompt.choices.iter().map(|c| c.label.english()).collect();
            first_die = Some(format!("{text} | {}", faces.join(" | ")));
        }
        driver
            .bot_steps(session.as_mut(), BotKind::Heuristic, seed + steps, 1)
            .unwrap();
        steps += 1;
        assert!(steps < 20_000, "{game}: the game does not end");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("own.json");
    session.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let reopened = tonkin::games::load_any(&bytes, "own.json").unwrap();
    assert!(reopened.own_dice(), "{game}: reopened with own dice");
    assert!(
        !reopened.is_arranged(),
        "{game}: own dice are no arrangement"
    );
    assert_eq!(reopened.state_json(), session.state_json(), "{game}");
    assert_eq!(reopened.outcome(), session.outcome(), "{game}");
    (serde_json::from_slice(&bytes).unwrap(), first_die)
}

fn rolled_faces(save: &serde_json::Value) -> usize {
    save["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s.get("rolled"))
        .map(|r| r.as_array().unwrap().len())
        .sum()
}

#[test]
fn a_skyhawk_mission_with_own_dice_saves_reopens_and_replays() {
    let (save, first_die) = play("skyhawk", "single", 3);
    assert_eq!(save["own_dice"], true);
    assert!(save.get("arranged").is_none());
    // Every die of the mission after set-up was the player's: the log's dice are the faces.
    let logged: usize = save["snapshot"]["log"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .skip(2) // the pilot's roll and name, at set-up
        .flat_map(|e| e["random"].as_array().cloned().unwrap_or_default())
        .filter_map(|r| r.get("Dice").map(|d| d["faces"].as_array().unwrap().len()))
        .sum();
    let rolled = rolled_faces(&save);
    assert!(rolled > 20, "a mission rolls many dice: {rolled}");
    assert!(rolled >= logged, "rolled {rolled}, logged {logged}");
    // The first roll of the mission is the target (Table 4), tens die first.
    assert_eq!(
        first_die.unwrap(),
        "Roll d10 for Table 4, target: tens die | 0 — 01–09 or 100 (10 %) | 1 — 10–19 (10 %) | \
         2 — 20–29 (10 %) | 3 — 30–39 (10 %) | 4 — 40–49 (10 %) | 5 — 50–59 (10 %) | \
         6 — 60–69 (10 %) | 7 — 70–79 (10 %) | 8 — 80–89 (10 %) | 9 — 90–99 (10 %)"
    );
}

#[test]
fn a_that_others_may_live_game_with_own_dice_saves_reopens_and_replays() {
    // Its chance is in cards and cups, which stay with the application: the game asks for no
    // face (but for a d10 when both Resolution piles are spent) and plays as with the seed.
    let (save, _) = play("csar", "caged_tiger", 3);
    assert_eq!(save["own_dice"], true);
    let driver = tonkin::games::find("csar").unwrap().driver.unwrap();
    let mut plain = driver.new_session("caged_tiger", 3, &[]).unwrap();
    let mut steps = 0;
    while plain.outcome().is_none() {
        driver
            .bot_steps(plain.as_mut(), BotKind::Heuristic, 3 + steps, 1)
            .unwrap();
        steps += 1;
    }
    assert_eq!(
        plain.state_json().unwrap()["log"],
        save["snapshot"]["log"],
        "the same game"
    );
}

/// While the player is asked for a die's face, the odds panel shows the chances of that roll's
/// readings (or nothing), never those of the decision before it.
#[test]
fn the_odds_beside_a_die_prompt_are_that_rolls() {
    let driver = tonkin::games::find("skyhawk").unwrap().driver.unwrap();
    let seed = 5;
    let mut session = driver.new_session("single", seed, &[]).unwrap();
    session.set_own_dice(true);
    let (mut shown, mut stale_before) = (0, 0);
    let mut before: Option<Vec<String>> = None;
    let mut steps = 0;
    while session.outcome().is_none() && steps < 20_000 {
        let odds = session.odds().map(|list| {
            list.iter()
                .map(|(m, p)| (m.english(), *p))
                .collect::<Vec<_>>()
        });
        if session.decision_kind() == "die" {
            let faces: Vec<String> = session
                .prompt()
                .choices
                .iter()
                .map(|c| c.label.english())
                .collect();
            if let Some(odds) = &odds {
                shown += 1;
                let total: f64 = odds.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-9, "{odds:?} sum to {total}");
                if let [(_, sure)] = odds.as_slice() {
                    assert_eq!(*sure, 1.0, "a sure reading is exactly 1: {odds:?}");
                }
                for (reads, _) in odds {
                    assert!(
                        faces.iter().any(|f| f.contains(&format!("— {reads} ("))),
                        "{reads:?} is no reading of the faces asked for: {faces:?}"
                    );
                }
            }
            if before.is_some() {
                stale_before += 1;
            }
        } else {
            before = odds.map(|list| list.into_iter().map(|(m, _)| m).collect());
        }
        driver
            .bot_steps(session.as_mut(), BotKind::Heuristic, seed + steps as u64, 1)
            .unwrap();
        steps += 1;
    }
    assert!(shown > 10, "die prompts with the roll's odds: {shown}");
    assert!(
        stale_before > 0,
        "some die prompt follows a decision with odds of its own"
    );
}
