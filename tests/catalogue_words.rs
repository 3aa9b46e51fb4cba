//! Every text a game shows while it is played is in each catalogue: a word of the game passed
//! as a term ("turn {step}") is looked up only when shown, so a word no catalogue holds would
//! stay English in a German or French sentence. Plays each game with its heuristic bot
//! ([`tonkin::engine::wording`]) and checks each looked-up text against `po/<lang>.po`.

use std::collections::BTreeSet;

use tonkin::games::ALL;

/// Two games a scenario, one with every optional rule on.
const SEEDS: [u64; 4] = [21, 22, 23, 24];

/// The texts `po/<lang>.po` translates: its msgids and plural msgids with a translation.
fn translated(lang: &str) -> BTreeSet<String> {
    let path = format!("{}/po/{lang}.po", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = BTreeSet::new();
    let (mut ids, mut translation, mut field) = (Vec::<String>::new(), String::new(), "");
    let mut finish = |ids: &mut Vec<String>, translation: &mut String| {
        if !translation.is_empty() {
            out.extend(ids.drain(..).filter(|id| !id.is_empty()));
        }
        ids.clear();
        translation.clear();
    };
    for line in text.lines().map(str::trim) {
        let (key, rest) = match line.split_once(' ') {
            Some((k, r)) if k.starts_with("msg") => (k, r),
            _ if line.starts_with('"') => ("", line),
            _ => {
                finish(&mut ids, &mut translation);
                field = "";
                continue;
            }
        };
        let value = unquote(rest);
        match key {
            "msgid" => {
                finish(&mut ids, &mut translation);
                ids.push(value);
                field = "id";
            }
            "msgid_plural" => {
                ids.push(value);
                field = "id";
            }
            "" if field == "id" => ids.last_mut().unwrap().push_str(&value),
            "" if field == "str" => translation.push_str(&value),
            _ => {
                // msgstr or msgstr[n]
                translation.push_str(&value);
                field = "str";
            }
        }
    }
    finish(&mut ids, &mut translation);
    out
}

/// A PO string's text: the quotes taken off and the escapes read.
fn unquote(quoted: &str) -> String {
    let inner = quoted.trim().trim_start_matches('"').trim_end_matches('"');
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// A looked-up text that needs no translation: numbers, dice and lists of them.
fn needs_no_translation(text: &str) -> bool {
    !text.chars().any(char::is_alphabetic)
}

#[test]
fn every_word_a_game_shows_is_translated() {
    let catalogues: Vec<(&str, BTreeSet<String>)> = ["de", "fr"]
        .into_iter()
        .map(|lang| (lang, translated(lang)))
        .collect();
    let mut failures = Vec::new();
    for game in ALL {
        let Some(driver) = game.driver else { continue };
        let words = match driver.words_shown(&SEEDS) {
            Ok(words) => words,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        for (lang, catalogue) in &catalogues {
            let missing: Vec<&String> = words
                .iter()
                .filter(|w| !needs_no_translation(w) && !catalogue.contains(*w))
                .collect();
            if !missing.is_empty() {
                failures.push(format!(
                    "{}: {} texts shown that po/{lang}.po does not translate: {missing:?}",
                    game.id,
                    missing.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_catalogue_reader_reads_plurals_and_continued_lines() {
    let de = translated("de");
    assert!(de.len() > 1000, "only {} translated texts read", de.len());
    assert!(
        de.contains("{n} hit") && de.contains(" ({n} points)"),
        "plural ids not read"
    );
}
