//! Every text a game hands the catalogue while it is played: message templates and the words
//! of the game passed as terms ("{step}" → "forward"). A template written with `msg` in the
//! code is extracted for the translators, but a term is only looked up when shown; one that
//! no catalogue holds stays English in the middle of a translated sentence. The catalogue
//! test (`tests/catalogue_words.rs`) plays every game with these words collected and checks
//! each against the translations.

use std::cell::RefCell;
use std::collections::BTreeSet;

use super::bot::acting_seat;
use super::message::Message;
use super::play::{Playable, options_with};

/// Adds to `words` every string `message` looks up in the catalogue when shown: its template
/// and, inside it, every term and nested message's template.
pub fn looked_up(message: &Message, words: &mut BTreeSet<String>) {
    let seen = RefCell::new(std::mem::take(words));
    message.render_with(&|text: &str| {
        if !text.is_empty() {
            seen.borrow_mut().insert(text.to_owned());
        }
        text.to_owned()
    });
    *words = seen.into_inner();
}

/// The texts shown while `G`'s heuristic bot plays each seed (the scenarios in turn, every
/// other game with all optional rules on, as the conformance suite does): each prompt, its
/// choices and odds, and the whole log at the end.
pub fn words_shown<G: Playable>(seeds: &[u64]) -> Result<BTreeSet<String>, String> {
    const MAX_ACTIONS: usize = 100_000;
    let scenarios = G::scenarios();
    let all_rules: Vec<&str> = G::optional_rules().iter().map(|r| r.key).collect();
    let mut words = BTreeSet::new();
    for (i, &seed) in seeds.iter().enumerate() {
        let scenario = scenarios[i % scenarios.len()].id;
        let rules = if i % 2 == 1 { &all_rules[..] } else { &[] };
        let options = options_with::<G>(rules)?;
        let mut game =
            G::setup(scenario, &options, seed).map_err(|e| format!("{} {scenario}: {e}", G::ID))?;
        let mut bot = G::heuristic_bot(seed);
        let mut taken = 0;
        while game.outcome().is_none() {
            show_prompt(&game, &mut words);
            let actions = game.legal_actions();
            if actions.is_empty() || taken == MAX_ACTIONS {
                return Err(format!("{} {scenario} seed {seed}: no end", G::ID));
            }
            let action = bot.choose(&game.view(acting_seat(&game)), &actions);
            game.apply(&action)
                .map_err(|r| format!("{} {scenario} seed {seed}: {}", G::ID, r.reason.english()))?;
            taken += 1;
        }
        show_prompt(&game, &mut words);
        for entry in game.log().entries() {
            looked_up(&entry.message, &mut words);
        }
    }
    Ok(words)
}

fn show_prompt<G: Playable>(game: &G, words: &mut BTreeSet<String>) {
    let prompt = game.prompt();
    looked_up(&prompt.text, words);
    for choice in &prompt.choices {
        looked_up(&choice.label, words);
    }
    for (odds, _) in game.odds().unwrap_or_default() {
        looked_up(&odds, words);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::message::msg;

    #[test]
    fn a_message_looks_up_its_template_and_its_terms_not_its_plain_arguments() {
        let inner = msg("{unit} is hit").term("unit", "Fireteam");
        let message = msg("{who} fires: {what}")
            .arg("who", "Huey #2")
            .message("what", inner)
            .term("empty", "");
        let mut words = BTreeSet::new();
        looked_up(&message, &mut words);
        let expected: BTreeSet<String> = ["{who} fires: {what}", "{unit} is hit", "Fireteam"]
            .into_iter()
            .map(String::from)
            .collect();
        assert_eq!(words, expected);
    }
}
