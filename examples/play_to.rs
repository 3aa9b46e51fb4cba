//! Plays a game with a bot for a number of actions and saves it, to open a given position in
//! the window (screenshots, bug reports):
//! `cargo run --example play_to -- csar caged_tiger 42 60 /tmp/mid.json`
//! (game, scenario, seed, actions, output, then the optional rules switched on, if any:
//! `... chopper_pilot primary 4 900 /tmp/coop.json cooperative`). Stops early when the game
//! ends; prints the prompt it stopped at.

use tonkin::games::{self, BotKind};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, scenario, seed, actions, out, rules @ ..] = args.as_slice() else {
        return Err("usage: play_to GAME SCENARIO SEED ACTIONS OUT.json [RULE...]".into());
    };
    let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
    let seed: u64 = seed.parse().map_err(|e| format!("seed: {e}"))?;
    let actions: usize = actions.parse().map_err(|e| format!("actions: {e}"))?;
    let driver = games::find(game)
        .and_then(|g| g.driver)
        .ok_or_else(|| format!("no playable game '{game}'"))?;
    let mut session = driver.new_session(scenario, seed, &rules)?;
    let taken = driver.bot_steps(session.as_mut(), BotKind::Heuristic, seed, actions)?;
    session
        .save(std::path::Path::new(out))
        .map_err(|e| e.to_string())?;
    println!(
        "saved {out} after {taken} actions: {}",
        session.prompt().text.english()
    );
    Ok(())
}
