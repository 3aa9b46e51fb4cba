//! Game content (tables, cards, scenarios, counter mixes) read from TOML.
//!
//! Each game embeds its files with `include_str!`. An owner of the printed game may drop a
//! corrected file of the same name into `<user data dir>/overrides/<game>/`; it is used instead,
//! and any error in it names the file, the line and the field.

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Printed in the rulebook.
    Rulebook,
    /// Reconstructed by us where the rulebook leaves it out.
    Recon,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {detail}")]
pub struct ContentError {
    pub file: String,
    pub detail: String,
}

/// The folder of override files for `game`, if the platform has a data dir.
pub fn override_dir(game: &str) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("TONKIN_OVERRIDES") {
        return Some(PathBuf::from(dir).join(game));
    }
    crate::config::project_dirs().map(|d| d.data_dir().join("overrides").join(game))
}

/// Parses embedded TOML text; `name` is the file name used in errors.
pub fn parse<T: DeserializeOwned>(name: &str, text: &str) -> Result<T, ContentError> {
    toml::from_str(text).map_err(|e| ContentError {
        file: name.to_owned(),
        detail: describe_toml_error(text, &e),
    })
}

/// Loads `file` for `game`: the override if one exists, else the embedded text.
pub fn load<T: DeserializeOwned>(
    game: &str,
    file: &str,
    embedded: &str,
) -> Result<T, ContentError> {
    match override_dir(game).map(|d| d.join(file)) {
        Some(path) if path.exists() => load_file(&path),
        _ => parse(&format!("data/games/{game}/{file}"), embedded),
    }
}

pub fn load_file<T: DeserializeOwned>(path: &Path) -> Result<T, ContentError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ContentError {
        file: name.clone(),
        detail: e.to_string(),
    })?;
    parse(&name, &text)
}

fn describe_toml_error(text: &str, e: &toml::de::Error) -> String {
    let message = e.message().trim().to_owned();
    match e.span() {
        Some(span) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            format!("line {line}: {message}")
        }
        None => message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Card {
        id: u32,
        title: String,
        source: Source,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Cards {
        card: Vec<Card>,
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let text = "[[card]]\nid = 1\ntitle = \"Sandy\"\nsource = \"rulebook\"\n\n[[card]]\nid = \"two\"\ntitle = \"x\"\nsource = \"recon\"\n";
        let e = parse::<Cards>("cards.toml", text).unwrap_err();
        let shown = e.to_string();
        assert!(shown.starts_with("cards.toml: line 7:"), "{shown}");
        let e = parse::<Cards>("c.toml", "[[card]]\nid = 1\ntitle = \"x\"\n").unwrap_err();
        assert!(e.to_string().contains("source"), "{e}");
        let e = parse::<Cards>(
            "c.toml",
            "[[card]]\nid = 1\ntitle = \"x\"\nsource = \"guess\"\n",
        )
        .unwrap_err();
        assert!(e.to_string().contains("line 4"), "{e}");
    }

    #[test]
    fn override_file_wins() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cards.toml");
        std::fs::write(
            &path,
            "[[card]]\nid = 9\ntitle = \"Override\"\nsource = \"rulebook\"\n",
        )
        .unwrap();
        let cards: Cards = load_file(&path).unwrap();
        assert_eq!(cards.card[0].id, 9);
    }
}
