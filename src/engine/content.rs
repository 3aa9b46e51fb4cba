//! Game content (tables, cards, scenarios, counter mixes) read from TOML.
//!
//! Each game embeds its files with `include_str!`. An owner of the printed game may drop a
//! corrected file of the same name into `<user data dir>/overrides/<game>/`; it is used instead,
//! and any error in it names the file, the line and the field.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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
    embedded: &'static str,
) -> Result<T, ContentError> {
    Files::of(game).load(file, embedded)
}

/// Where a game's content files come from: each embedded file, or the owner's corrected file of
/// the same name in the overrides folder when there is one.
#[derive(Clone, Debug)]
pub struct Files {
    game: String,
    overrides: Option<PathBuf>,
}

impl Files {
    /// The game's files with the owner's overrides folder ([`override_dir`]).
    pub fn of(game: &str) -> Self {
        Files {
            game: game.to_owned(),
            overrides: override_dir(game),
        }
    }

    /// The game's files with overrides read from `folder` (a test's own folder).
    pub fn with_overrides(game: &str, folder: &Path) -> Self {
        Files {
            game: game.to_owned(),
            overrides: Some(folder.to_owned()),
        }
    }

    /// Reads `file`: the override if there is one, else `embedded`.
    pub fn open(&self, file: &str, embedded: &'static str) -> Result<ContentFile, ContentError> {
        match self.overrides.as_ref().map(|d| d.join(file)) {
            Some(path) if path.exists() => {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(&path).map_err(|e| ContentError {
                    file: name.clone(),
                    detail: e.to_string(),
                })?;
                Ok(ContentFile {
                    name,
                    text: Cow::Owned(text),
                })
            }
            _ => Ok(ContentFile {
                name: format!("data/games/{}/{file}", self.game),
                text: Cow::Borrowed(embedded),
            }),
        }
    }

    /// Reads and parses `file`.
    pub fn load<T: DeserializeOwned>(
        &self,
        file: &str,
        embedded: &'static str,
    ) -> Result<T, ContentError> {
        self.open(file, embedded)?.parse()
    }
}

/// One content file as read: its name for messages and its text.
pub struct ContentFile {
    pub name: String,
    pub text: Cow<'static, str>,
}

impl ContentFile {
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, ContentError> {
        parse(&self.name, &self.text)
    }

    /// An error found by the game's own checks, about the record whose text holds `needle`
    /// (with that record's line), or about the whole file when `needle` is empty.
    pub fn error(&self, needle: &str, detail: impl Into<String>) -> ContentError {
        let detail = detail.into();
        let line = (!needle.is_empty())
            .then(|| self.text.find(needle))
            .flatten()
            .map(|at| self.text[..at].matches('\n').count() + 1);
        ContentError {
            file: self.name.clone(),
            detail: match line {
                Some(line) => format!("line {line}: {detail}"),
                None => detail,
            },
        }
    }
}

/// A game's content, loaded and checked on first use. A broken file's error is kept and given
/// to every caller: a game refuses to start with it rather than panic.
pub struct Loaded<T: 'static> {
    cell: OnceLock<Result<T, ContentError>>,
    load: fn() -> Result<T, ContentError>,
}

impl<T> Loaded<T> {
    pub const fn new(load: fn() -> Result<T, ContentError>) -> Self {
        Loaded {
            cell: OnceLock::new(),
            load,
        }
    }

    pub fn get(&self) -> Result<&T, ContentError> {
        self.cell
            .get_or_init(self.load)
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The content for code that runs only once the game's setup has checked [`Loaded::get`].
    ///
    /// # Panics
    /// If the content is broken (setup refuses to start a game then, so rules never get here).
    #[inline]
    pub fn checked(&self) -> &T {
        match self.cell.get() {
            Some(Ok(content)) => content,
            _ => self.first_or_broken(),
        }
    }

    /// Loads on the first call; panics on broken content. Kept out of line so that
    /// [`Loaded::checked`], called in the rules' innermost loops, stays a load and a test.
    #[cold]
    #[inline(never)]
    fn first_or_broken(&self) -> &T {
        self.get().unwrap_or_else(|e| panic!("{e}"))
    }
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

    const EMBEDDED: &str = "[[card]]\nid = 1\ntitle = \"Sandy\"\nsource = \"rulebook\"\n";

    #[test]
    fn override_file_wins_and_a_broken_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let files = Files::with_overrides("game", dir.path());
        let cards: Cards = files.load("cards.toml", EMBEDDED).unwrap();
        assert_eq!(cards.card[0].id, 1);
        let path = dir.path().join("cards.toml");
        std::fs::write(
            &path,
            "[[card]]\nid = 9\ntitle = \"Override\"\nsource = \"rulebook\"\n",
        )
        .unwrap();
        let cards: Cards = files.load("cards.toml", EMBEDDED).unwrap();
        assert_eq!(cards.card[0].id, 9);
        std::fs::write(&path, "[[card]]\nid = 9\ntitle = 4\nsource = \"recon\"\n").unwrap();
        let e = files.load::<Cards>("cards.toml", EMBEDDED).unwrap_err();
        assert_eq!(e.file, path.display().to_string());
        assert!(e.detail.starts_with("line 3:"), "{e}");
    }

    #[test]
    fn embedded_files_are_named_by_their_place_in_the_source() {
        let files = Files::of("game");
        let file = files.open("no-such-override.toml", EMBEDDED).unwrap();
        assert_eq!(file.name, "data/games/game/no-such-override.toml");
        assert_eq!(
            file.error("title", "title: too short").to_string(),
            "data/games/game/no-such-override.toml: line 3: title: too short"
        );
        assert_eq!(
            file.error("", "no cards").to_string(),
            "data/games/game/no-such-override.toml: no cards"
        );
    }

    #[test]
    fn broken_content_is_an_error_for_every_caller() {
        static BROKEN: Loaded<Cards> =
            Loaded::new(|| Files::of("game").load("x.toml", "[[card]]\nid = 1\n"));
        let e = BROKEN.get().unwrap_err();
        assert!(e.to_string().contains("missing field"), "{e}");
        assert_eq!(BROKEN.get().unwrap_err(), e);
        static FINE: Loaded<Cards> = Loaded::new(|| Files::of("game").load("x.toml", EMBEDDED));
        assert_eq!(FINE.checked().card[0].title, "Sandy");
    }
}
