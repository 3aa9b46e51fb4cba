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

/// The largest content file read: the games' own files are a few dozen KiB.
pub const MAX_CONTENT_BYTES: u64 = 4 << 20;

/// The largest number, of either sign, a content file may hold: ten times the largest the
/// games' own files hold (8,700), and so far from `i32`'s limits that the rules' sums and
/// products of content values cannot overflow.
pub const LARGEST_NUMBER: i64 = 100_000;

/// Parses TOML text; `name` is the file name used in errors. A leading byte-order mark is
/// dropped; a number beyond [`LARGEST_NUMBER`] is refused wherever it stands, and so is a
/// string holding a NUL character (content strings go to gettext, which cannot take one).
pub fn parse<T: DeserializeOwned>(name: &str, text: &str) -> Result<T, ContentError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let refuse = |detail| ContentError {
        file: name.to_owned(),
        detail,
    };
    // The text is read once, into a value whose numbers and texts are checked, and the records are taken
    // from that value. Should they not fit, the text is read again the usual way, only for
    // the error: its message gives the line, which a value no longer knows.
    let value: toml::Value =
        toml::from_str(text).map_err(|e| refuse(describe_toml_error(text, &e)))?;
    if let Some(path) = first_refused(&value) {
        return Err(refuse(describe_refused(&value, &path, text)));
    }
    T::deserialize(value)
        .or_else(|_| toml::from_str(text).map_err(|e| refuse(describe_toml_error(text, &e))))
}

/// One step of the way to a value inside a TOML document.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// A number out of bounds (or not finite), or a text holding a NUL character.
fn refused(value: &toml::Value) -> bool {
    match value {
        toml::Value::Integer(n) => n.unsigned_abs() > LARGEST_NUMBER as u64,
        toml::Value::Float(x) => !x.is_finite() || x.abs() > LARGEST_NUMBER as f64,
        toml::Value::String(s) => s.contains('\0'),
        _ => false,
    }
}

/// The way from the first refused value up to the root, if there is one. Content is read at
/// every start, so nothing is written down unless a value is refused.
fn first_refused(value: &toml::Value) -> Option<Vec<Step<'_>>> {
    match value {
        toml::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            first_refused(item).map(|mut path| {
                path.push(Step::Index(i));
                path
            })
        }),
        toml::Value::Table(table) => table.iter().find_map(|(key, item)| {
            first_refused(item).map(|mut path| {
                path.push(Step::Key(key));
                path
            })
        }),
        _ => refused(value).then(Vec::new),
    }
}

/// Names the refused value's field and line: "line 3: drm.weather: -2000000000 is out of
/// bounds …". `path` runs from the value up to the root.
fn describe_refused(root: &toml::Value, path: &[Step], text: &str) -> String {
    let mut field = String::new();
    let mut value = root;
    for step in path.iter().rev() {
        match *step {
            Step::Key(key) => {
                if !field.is_empty() {
                    field.push('.');
                }
                field.push_str(key);
                value = &value[key];
            }
            Step::Index(i) => {
                field.push_str(&format!("[{i}]"));
                value = &value[i];
            }
        }
    }
    let line_of = |shown: &str| {
        text.find(shown)
            .or_else(|| text.find(field.rsplit(['.', '[']).next().unwrap_or(&field)))
            .map(|at| format!("line {}: ", text[..at].matches('\n').count() + 1))
            .unwrap_or_default()
    };
    let shown = match value {
        toml::Value::String(_) => {
            return format!(
                "{}{field}: a text may not hold a NUL character (\\u0000)",
                line_of("\\u0000")
            );
        }
        toml::Value::Integer(n) => n.to_string(),
        toml::Value::Float(x) => format!("{x:e}"),
        other => other.to_string(),
    };
    format!(
        "{}{field}: {shown} is out of bounds (numbers in content files lie within ±{LARGEST_NUMBER})",
        line_of(&shown)
    )
}

/// Reads an owner's override file, refusing one larger than [`MAX_CONTENT_BYTES`].
pub fn read_override(path: &Path) -> Result<String, ContentError> {
    let refuse = |detail: String| ContentError {
        file: path.display().to_string(),
        detail,
    };
    let bytes = crate::engine::input::read_capped(path, MAX_CONTENT_BYTES)
        .map_err(|e| refuse(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| refuse(format!("not UTF-8 text: {e}")))
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
                let text = read_override(&path)?;
                Ok(ContentFile {
                    name: path.display().to_string(),
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
    fn absurd_numbers_are_refused_by_field_and_line() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Drms {
            drm: std::collections::BTreeMap<String, i64>,
        }
        let text = "[drm]\nmonsoon = 1\nweather = -2000000000\n";
        let e = parse::<Drms>("tables.toml", text).unwrap_err().to_string();
        assert_eq!(
            e,
            "tables.toml: line 3: drm.weather: -2000000000 is out of bounds (numbers in content files lie within ±100000)"
        );
        let e = parse::<toml::Value>("t.toml", "x = [1, 2, 1e300]\n").unwrap_err();
        assert!(
            e.to_string().contains("x[2]: 1e300 is out of bounds"),
            "{e}"
        );
        let e = parse::<toml::Value>("t.toml", "x = nan\n").unwrap_err();
        assert!(e.to_string().contains("x: NaN is out of bounds"), "{e}");
        assert!(parse::<Drms>("t.toml", "[drm]\na = -100000\n").is_ok());
    }

    #[test]
    fn a_nul_character_in_a_text_is_refused_by_field_and_line() {
        // Found by the fuzzer (stop 25, content/csar): a Player Aid line "\u0000" panicked
        // in gettext when the aid was translated.
        let text = "[[side]]\ntitle = \"Aid\"\nlines = [\"a\", \"\\u0000\"]\n";
        let e = parse::<toml::Value>("player_aid.toml", text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "player_aid.toml: line 3: side[0].lines[1]: a text may not hold a NUL character (\\u0000)"
        );
        assert!(parse::<toml::Value>("t.toml", "x = \"\\u0001\"\n").is_ok());
    }

    #[test]
    fn a_byte_order_mark_is_dropped_and_huge_overrides_refused() {
        let with_bom = format!("\u{feff}{EMBEDDED}");
        let cards: Cards = parse("cards.toml", &with_bom).unwrap();
        assert_eq!(cards.card[0].title, "Sandy");
        let e = read_override(Path::new("/dev/zero")).unwrap_err();
        assert!(
            e.to_string().starts_with("/dev/zero: larger than 4 MiB"),
            "{e}"
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("cards.toml"), b"\xff\xfe").unwrap();
        let e = Files::with_overrides("game", dir.path())
            .load::<Cards>("cards.toml", EMBEDDED)
            .unwrap_err();
        assert!(e.detail.starts_with("not UTF-8 text"), "{e}");
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
