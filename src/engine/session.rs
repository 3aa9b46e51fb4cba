//! A game being played: undo and redo, undo barriers, saving, loading, autosave.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::atomic::write_atomically;
use super::game::{Actor, Game, Prompt, Refusal, SetupError};
use super::input::{read_capped, without_bom};

/// The save format's name and version. A later Tonkin that changes the format raises the
/// version and keeps reading the older ones it can.
pub const SAVE_FORMAT: &str = "tonkin-save";
pub const SAVE_VERSION: u32 = 1;

/// The largest save or script Tonkin reads: a long campaign's save is a few MiB.
pub const MAX_SAVE_BYTES: u64 = 64 << 20;

/// A save file, and also an action script: a script is a save without `snapshot`. Written as
/// a [`GameSave`]; read first with every part as plain JSON ([`RawSave`]) so that each part's
/// error can name what it is about (the option, the action and its number).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile<O, A, S> {
    pub format: String,
    pub version: u32,
    pub game: String,
    #[serde(default)]
    pub app_version: String,
    pub scenario: String,
    pub seed: u64,
    #[serde(default)]
    pub options: O,
    #[serde(default = "Vec::new")]
    pub actions: Vec<A>,
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<S>,
}

fn none<S>() -> Option<S> {
    None
}

/// A save of game `G` as it is written.
pub type GameSave<G> = SaveFile<<G as Game>::Options, <G as Game>::Action, G>;
/// A save with its options, actions and snapshot not yet read as the game's own types.
type RawSave = SaveFile<serde_json::Value, serde_json::Value, serde_json::Value>;

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: not a Tonkin save or script: {detail}")]
    Corrupt { path: String, detail: String },
    #[error(
        "{path}: saved by a newer Tonkin (save format {found}; this version reads up to {SAVE_VERSION})"
    )]
    TooNew { path: String, found: u32 },
    #[error("{path}: save format version {found} does not exist (versions start at 1)")]
    NoSuchVersion { path: String, found: u32 },
    #[error("{path}: unknown option '{option}' (known: {known})")]
    UnknownOption {
        path: String,
        option: String,
        known: String,
    },
    #[error("{path}: options: {detail}")]
    BadOptions { path: String, detail: String },
    #[error("{path}: action {index} ({text}) is not an action of this game: {detail}")]
    MalformedAction {
        path: String,
        index: usize,
        text: String,
        detail: String,
    },
    #[error("{path}: this is a save of '{found}', not of '{expected}'")]
    WrongGame {
        path: String,
        expected: String,
        found: String,
    },
    #[error("{path}: cannot set the game up: {source}")]
    Setup { path: String, source: SetupError },
    #[error("{path}: action {index} ({text}) is not legal when replayed: {reason}")]
    ReplayRefused {
        path: String,
        index: usize,
        text: String,
        reason: String,
    },
    #[error(
        "{path}: replaying the actions does not reach the saved position; the save was changed or made by an incompatible version"
    )]
    ReplayMismatch { path: String },
}

pub struct Session<G: Game> {
    scenario: String,
    seed: u64,
    options: G::Options,
    current: G,
    /// The state before each action taken, so that undo is exact.
    history: Vec<G>,
    actions: Vec<G::Action>,
    /// For each action taken, whether it is an undo barrier (see [`Session::apply`]).
    barriers: Vec<bool>,
    redo: Vec<G::Action>,
    /// Casual undo lets the player of a one-player game step back over barriers too.
    pub casual: bool,
    autosave: Option<PathBuf>,
}

/// What a step did, and whether the autosave that followed it failed.
#[derive(Debug)]
pub struct Stepped {
    /// The action taken is an undo barrier.
    pub barrier: bool,
    pub autosave_error: Option<String>,
}

impl<G: Game> Session<G> {
    pub fn new(scenario: &str, options: G::Options, seed: u64) -> Result<Self, SetupError> {
        let current = G::setup(scenario, &options, seed)?;
        Ok(Session {
            scenario: scenario.to_owned(),
            seed,
            options,
            current,
            history: Vec::new(),
            actions: Vec::new(),
            barriers: Vec::new(),
            redo: Vec::new(),
            casual: false,
            autosave: None,
        })
    }

    pub fn state(&self) -> &G {
        &self.current
    }
    pub fn scenario(&self) -> &str {
        &self.scenario
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn options(&self) -> &G::Options {
        &self.options
    }
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }
    pub fn prompt(&self) -> Prompt<G::Action> {
        self.current.prompt()
    }

    /// Saves after every action from now on.
    pub fn autosave_to(&mut self, path: PathBuf) {
        self.autosave = Some(path);
    }

    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    /// Takes one action. It becomes an undo barrier when it made something random known (the
    /// game's generator gave results), when the seat to move changed, or when the game says
    /// it revealed something hidden.
    pub fn apply(&mut self, action: &G::Action) -> Result<Stepped, Refusal> {
        let barrier = self.apply_quietly(action)?;
        self.redo.clear();
        Ok(self.after_step(barrier))
    }

    fn apply_quietly(&mut self, action: &G::Action) -> Result<bool, Refusal> {
        let before = self.current.clone();
        let applied = self.current.apply(action)?;
        let barrier = applied.revealed
            || self.current.rng().results() != before.rng().results()
            || (G::SEATS > 1 && seat_changed(before.to_move(), self.current.to_move()));
        self.history.push(before);
        self.actions.push(action.clone());
        self.barriers.push(barrier);
        Ok(barrier)
    }

    fn after_step(&mut self, barrier: bool) -> Stepped {
        let autosave_error = self
            .autosave
            .clone()
            .and_then(|path| self.save(&path).err().map(|e| e.to_string()));
        Stepped {
            barrier,
            autosave_error,
        }
    }

    /// The last action can be taken back unless it is a barrier (and the game is a one-player
    /// game played casually).
    pub fn can_undo(&self) -> bool {
        match self.barriers.last() {
            None => false,
            Some(&barrier) => !barrier || (self.casual && G::SEATS == 1),
        }
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> Option<Stepped> {
        if !self.can_undo() {
            return None;
        }
        let before = self.history.pop()?;
        let action = self.actions.pop()?;
        self.barriers.pop();
        self.current = before;
        self.redo.push(action);
        Some(self.after_step(false))
    }

    /// Takes the last undone action again. The generator is part of the state, so a redone
    /// draw gives the same card.
    pub fn redo(&mut self) -> Option<Stepped> {
        let action = self.redo.pop()?;
        match self.apply_quietly(&action) {
            Ok(barrier) => Some(self.after_step(barrier)),
            Err(_) => {
                // Cannot happen for a deterministic game; drop the redo list rather than lie.
                self.redo.clear();
                None
            }
        }
    }

    pub fn to_save(&self) -> GameSave<G> {
        SaveFile {
            format: SAVE_FORMAT.to_owned(),
            version: SAVE_VERSION,
            game: G::ID.to_owned(),
            app_version: env!("CARGO_PKG_VERSION").to_owned(),
            scenario: self.scenario.clone(),
            seed: self.seed,
            options: self.options.clone(),
            actions: self.actions.clone(),
            snapshot: Some(self.current.clone()),
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), SessionError> {
        let json =
            serde_json::to_vec_pretty(&self.to_save()).map_err(|e| SessionError::Corrupt {
                path: path.display().to_string(),
                detail: e.to_string(),
            })?;
        write_atomically(path, &json).map_err(|source| SessionError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    pub fn load(path: &Path) -> Result<Self, SessionError> {
        Self::from_bytes(&read_save(path)?, &path.display().to_string())
    }

    /// Rebuilds a session from a save or a script: sets the game up from its seed, replays
    /// every action, and (for a save) checks that the replay reaches the saved position.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Self, SessionError> {
        let bytes = without_bom(bytes);
        let header = read_header(bytes, name)?;
        if header.game != G::ID {
            return Err(SessionError::WrongGame {
                path: name.to_owned(),
                expected: G::ID.to_owned(),
                found: header.game,
            });
        }
        let file: RawSave = serde_json::from_slice(bytes).map_err(|e| SessionError::Corrupt {
            path: name.to_owned(),
            detail: e.to_string(),
        })?;
        let options = read_options::<G>(file.options, name)?;
        let actions = read_actions::<G>(&file.actions, name)?;
        let mut session = Session::new(&file.scenario, options, file.seed).map_err(|source| {
            SessionError::Setup {
                path: name.to_owned(),
                source,
            }
        })?;
        for (index, action) in actions.iter().enumerate() {
            session
                .apply_quietly(action)
                .map_err(|refusal| SessionError::ReplayRefused {
                    path: name.to_owned(),
                    index: index + 1,
                    text: action_text(&file.actions[index]),
                    reason: refusal.reason.english(),
                })?;
        }
        if let Some(saved) = &file.snapshot
            && !reaches_saved_position(saved, &session.current)
        {
            return Err(SessionError::ReplayMismatch {
                path: name.to_owned(),
            });
        }
        Ok(session)
    }
}

/// Reads a save or script from disk, refusing one larger than [`MAX_SAVE_BYTES`].
pub fn read_save(path: &Path) -> Result<Vec<u8>, SessionError> {
    read_capped(path, MAX_SAVE_BYTES).map_err(|source| SessionError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// The game's options from a save: every key must be one of the game's options (a misspelt
/// option would otherwise be dropped without a word and the game played without it).
fn read_options<G: Game>(raw: serde_json::Value, name: &str) -> Result<G::Options, SessionError> {
    let bad = |detail: String| SessionError::BadOptions {
        path: name.to_owned(),
        detail,
    };
    if raw.is_null() {
        return Ok(G::Options::default());
    }
    let known = serde_json::to_value(G::Options::default()).map_err(|e| bad(e.to_string()))?;
    if let (Some(given), Some(known)) = (raw.as_object(), known.as_object())
        && let Some(option) = given.keys().find(|key| !known.contains_key(*key))
    {
        let mut names: Vec<&str> = known.keys().map(String::as_str).collect();
        names.sort_unstable();
        return Err(SessionError::UnknownOption {
            path: name.to_owned(),
            option: option.clone(),
            known: if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(", ")
            },
        });
    }
    serde_json::from_value(raw).map_err(|e| bad(e.to_string()))
}

/// The game's actions from a save, each error naming the action's number and text.
fn read_actions<G: Game>(
    raw: &[serde_json::Value],
    name: &str,
) -> Result<Vec<G::Action>, SessionError> {
    raw.iter()
        .enumerate()
        .map(|(index, value)| {
            G::Action::deserialize(value).map_err(|e| SessionError::MalformedAction {
                path: name.to_owned(),
                index: index + 1,
                text: action_text(value),
                detail: e.to_string(),
            })
        })
        .collect()
}

/// An action as the save spells it, cut short if long, for messages.
fn action_text(value: &serde_json::Value) -> String {
    const LONGEST: usize = 120;
    let text = value.to_string();
    match text.char_indices().nth(LONGEST) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// One player's turn gave way to another's (the end of the game is no change of seat).
fn seat_changed(before: Actor, after: Actor) -> bool {
    matches!((before, after), (Actor::Player(a), Actor::Player(b)) if a != b)
}

/// Whether the replayed game stands where the save says, as far as the saving version could
/// tell: an older Tonkin wrote no value for fields added since (they are not compared), and a
/// log is the story in that version's words, not the position (newer wording is no mismatch).
/// Any value the save does hold that the replay does not reach is a mismatch.
fn reaches_saved_position<G: Game>(saved: &serde_json::Value, replayed: &G) -> bool {
    if G::deserialize(saved).is_ok_and(|saved| &saved == replayed) {
        return true;
    }
    serde_json::to_value(replayed).is_ok_and(|replayed| holds(saved, &replayed))
}

/// `replayed` has every value `saved` has, logs aside.
fn holds(saved: &serde_json::Value, replayed: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (saved, replayed) {
        (Value::Object(saved), Value::Object(replayed)) => saved
            .iter()
            .all(|(key, value)| key == "log" || replayed.get(key).is_some_and(|r| holds(value, r))),
        (Value::Array(saved), Value::Array(replayed)) => {
            saved.len() == replayed.len() && saved.iter().zip(replayed).all(|(s, r)| holds(s, r))
        }
        _ => saved == replayed,
    }
}

/// The part of a save every game shares, read before the game is known.
#[derive(Debug, Deserialize)]
pub struct SaveHeader {
    pub format: String,
    pub version: u32,
    pub game: String,
}

/// Reads and checks the common header of a save or script.
pub fn read_header(bytes: &[u8], name: &str) -> Result<SaveHeader, SessionError> {
    let header: SaveHeader =
        serde_json::from_slice(without_bom(bytes)).map_err(|e| SessionError::Corrupt {
            path: name.to_owned(),
            detail: e.to_string(),
        })?;
    if header.format != SAVE_FORMAT {
        return Err(SessionError::Corrupt {
            path: name.to_owned(),
            detail: format!("format is '{}', expected '{SAVE_FORMAT}'", header.format),
        });
    }
    if header.version == 0 {
        return Err(SessionError::NoSuchVersion {
            path: name.to_owned(),
            found: header.version,
        });
    }
    if header.version > SAVE_VERSION {
        return Err(SessionError::TooNew {
            path: name.to_owned(),
            found: header.version,
        });
    }
    Ok(header)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bot::{Bot, RandomBot};
    use crate::engine::testing::{Race, RaceAction};
    use proptest::prelude::*;

    fn play(session: &mut Session<Race>, bot_seed: u64, steps: usize) {
        let mut bot = RandomBot::new(bot_seed);
        for _ in 0..steps {
            let actions = session.state().legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = bot.choose(session.state(), &actions);
            session.apply(&action).unwrap();
        }
    }

    #[test]
    fn undo_stops_at_a_reveal_unless_casual() {
        let mut s: Session<Race> = Session::new("short", (), 1).unwrap();
        assert!(!s.can_undo());
        s.apply(&RaceAction::Step).unwrap();
        assert!(s.can_undo());
        s.apply(&RaceAction::Roll).unwrap();
        assert!(!s.can_undo(), "a roll is an undo barrier");
        assert!(s.undo().is_none());
        s.casual = true;
        assert!(s.undo().is_some());
        assert!(s.undo().is_some());
        assert!(!s.can_undo());
    }

    #[test]
    fn a_change_of_seat_is_a_barrier_even_to_casual_undo() {
        use crate::engine::testing::{Duel, DuelAction};
        let mut s: Session<Duel> = Session::new("duel", (), 1).unwrap();
        let note = s.apply(&DuelAction::Note).unwrap();
        assert!(!note.barrier && s.can_undo(), "a note changes no seat");
        let secret = s.state().secrets[1];
        let wrong = (1..=3).find(|&n| n != secret).unwrap();
        let guess = s.apply(&DuelAction::Guess(wrong)).unwrap();
        assert_eq!(s.state().to_move(), Actor::Player(1));
        assert!(guess.barrier && !s.can_undo(), "the turn passed to seat 1");
        s.casual = true;
        assert!(!s.can_undo(), "casual undo is for one-player games");
        assert!(s.undo().is_none());
        // Seat 0's note is in seat 0's log only.
        let lines = |seat: u8| s.state().log().seen_by(seat).len();
        assert_eq!((lines(0), lines(1)), (1, 0));
    }

    #[test]
    fn a_reveal_the_game_reports_is_a_barrier() {
        use crate::engine::testing::{Duel, DuelAction};
        let mut s: Session<Duel> = Session::new("duel", (), 1).unwrap();
        let show = s.apply(&DuelAction::Show).unwrap();
        assert!(show.barrier && !s.can_undo());
    }

    #[test]
    fn refused_action_changes_nothing() {
        let mut s: Session<Race> = Session::new("short", (), 1).unwrap();
        let before = s.state().clone();
        let err = s.apply(&RaceAction::Stop).unwrap_err();
        assert!(err.reason.english().contains("not before"));
        assert_eq!(s.state(), &before);
        assert!(s.actions().is_empty());
    }

    #[test]
    fn autosave_after_every_action() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("auto.json");
        let mut s: Session<Race> = Session::new("short", (), 1).unwrap();
        s.autosave_to(path.clone());
        s.apply(&RaceAction::Step).unwrap();
        let loaded: Session<Race> = Session::load(&path).unwrap();
        assert_eq!(loaded.actions().len(), 1);
    }

    #[test]
    fn autosave_failure_is_reported_not_fatal() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"x").unwrap();
        let mut s: Session<Race> = Session::new("short", (), 1).unwrap();
        s.autosave_to(blocker.join("cannot/auto.json"));
        let step = s.apply(&RaceAction::Step).unwrap();
        assert!(step.autosave_error.is_some());
        assert_eq!(s.actions().len(), 1);
    }

    #[test]
    fn tampered_save_is_refused() {
        let mut s: Session<Race> = Session::new("short", (), 3).unwrap();
        play(&mut s, 3, 6);
        let mut save = s.to_save();
        save.seed += 1;
        let bytes = serde_json::to_vec(&save).unwrap();
        let err = Session::<Race>::from_bytes(&bytes, "x.json");
        assert!(matches!(err, Err(SessionError::ReplayMismatch { .. })));
    }

    #[test]
    fn a_save_of_an_older_version_loads_if_only_its_log_and_new_fields_differ() {
        let mut s: Session<Race> = Session::new("long", (), 3).unwrap();
        play(&mut s, 3, 6);
        let mut save = serde_json::to_value(s.to_save()).unwrap();
        let snapshot = save["snapshot"].as_object_mut().unwrap();
        // An older version's words for the same rolls.
        for entry in snapshot["log"]["entries"].as_array_mut().unwrap() {
            entry["message"]["id"] = "Rolled (older wording)".into();
        }
        let bytes = serde_json::to_vec(&save).unwrap();
        let loaded = Session::<Race>::from_bytes(&bytes, "old.json").unwrap();
        assert_eq!(loaded.state(), s.state());
        // A value the save holds that the replay does not reach is still refused.
        save["snapshot"]["position"] = 99.into();
        let bytes = serde_json::to_vec(&save).unwrap();
        let err = Session::<Race>::from_bytes(&bytes, "x.json");
        assert!(matches!(err, Err(SessionError::ReplayMismatch { .. })));
    }

    #[test]
    fn fields_a_save_does_not_hold_are_not_compared_but_its_own_values_are() {
        use serde_json::json;
        let replayed = json!({"a": 1, "added": [1, 2], "inner": {"b": [1, {"c": 2, "d": 3}]}});
        assert!(holds(
            &json!({"a": 1, "inner": {"b": [1, {"c": 2}]}}),
            &replayed
        ));
        assert!(holds(&json!({"log": "older words", "a": 1}), &replayed));
        assert!(!holds(&json!({"a": 2}), &replayed));
        assert!(!holds(&json!({"gone": 1}), &replayed));
        assert!(!holds(&json!({"inner": {"b": [1]}}), &replayed));
    }

    #[test]
    fn header_errors_say_what_is_wrong() {
        let newer = br#"{"format":"tonkin-save","version":99,"game":"race"}"#;
        let e = Session::<Race>::from_bytes(newer, "n.json").err().unwrap();
        assert!(e.to_string().contains("newer Tonkin"), "{e}");
        let other =
            br#"{"format":"tonkin-save","version":1,"game":"csar","scenario":"x","seed":1}"#;
        let e = Session::<Race>::from_bytes(other, "o.json").err().unwrap();
        assert!(e.to_string().contains("not of 'race'"), "{e}");
        let e = Session::<Race>::from_bytes(b"{}", "e.json").err().unwrap();
        assert!(
            e.to_string().starts_with("e.json: not a Tonkin save"),
            "{e}"
        );
        let e = Session::<Race>::load(Path::new("/nonexistent/x.json"))
            .err()
            .unwrap();
        assert!(e.to_string().starts_with("/nonexistent/x.json"), "{e}");
    }

    fn script(actions: &str) -> Vec<u8> {
        format!(
            r#"{{"format":"tonkin-save","version":1,"game":"race","scenario":"long","seed":1,"actions":{actions}}}"#
        )
        .into_bytes()
    }

    fn refusal(bytes: &[u8]) -> String {
        Session::<Race>::from_bytes(bytes, "s.json")
            .err()
            .expect("refused")
            .to_string()
    }

    #[test]
    fn a_byte_order_mark_is_no_error() {
        let mut bytes = b"\xEF\xBB\xBF".to_vec();
        bytes.extend(script(r#"["Step"]"#));
        let s = Session::<Race>::from_bytes(&bytes, "bom.json").unwrap();
        assert_eq!(s.actions(), [RaceAction::Step]);
    }

    #[test]
    fn version_zero_and_unknown_fields_are_refused() {
        let e = refusal(
            br#"{"format":"tonkin-save","version":0,"game":"race","scenario":"long","seed":1}"#,
        );
        assert!(e.contains("version 0 does not exist"), "{e}");
        let e = refusal(br#"{"format":"tonkin-save","version":1,"game":"race","scenario":"long","seed":1,"sead":2}"#);
        assert!(e.contains("unknown field `sead`"), "{e}");
    }

    #[test]
    fn a_malformed_action_is_named_by_number_and_text() {
        let e = refusal(&script(r#"["Step", "Step", "Jump"]"#));
        assert!(
            e.starts_with("s.json: action 3 (\"Jump\") is not an action"),
            "{e}"
        );
        assert!(e.contains("unknown variant `Jump`"), "{e}");
    }

    #[test]
    fn an_illegal_action_is_named_by_number_and_text() {
        let e = refusal(&script(r#"["Step", "Stop", "Step"]"#));
        assert!(
            e.starts_with("s.json: action 3 (\"Step\") is not legal when replayed"),
            "{e}"
        );
    }

    #[test]
    fn an_out_of_range_value_names_its_action() {
        use crate::engine::testing::Duel;
        let bytes = br#"{"format":"tonkin-save","version":1,"game":"duel","scenario":"duel","seed":1,"actions":["Note",{"Guess":300}]}"#;
        let e = Session::<Duel>::from_bytes(bytes, "d.json")
            .err()
            .unwrap()
            .to_string();
        assert!(e.starts_with("d.json: action 2 ({\"Guess\":300})"), "{e}");
        assert!(e.contains("300"), "{e}");
    }

    #[test]
    fn a_long_action_is_cut_short_in_messages() {
        let long = serde_json::Value::String("x".repeat(500));
        let text = action_text(&long);
        assert_eq!(text.chars().count(), 121);
        assert!(text.ends_with('…'));
    }

    proptest! {
        #[test]
        fn replay_is_deterministic(seed in any::<u64>(), bot in any::<u64>(), steps in 0usize..40) {
            let mut a: Session<Race> = Session::new("long", (), seed).unwrap();
            play(&mut a, bot, steps);
            let mut b: Session<Race> = Session::new("long", (), seed).unwrap();
            for action in a.actions().to_vec() {
                b.apply(&action).unwrap();
            }
            prop_assert_eq!(a.state(), b.state());
        }

        #[test]
        fn undo_then_redo_is_identical(seed in any::<u64>(), bot in any::<u64>(), steps in 1usize..40, back in 1usize..40) {
            let mut s: Session<Race> = Session::new("long", (), seed).unwrap();
            s.casual = true;
            play(&mut s, bot, steps);
            let end = s.state().clone();
            let mut undone = 0;
            while undone < back && s.undo().is_some() { undone += 1; }
            for _ in 0..undone { prop_assert!(s.redo().is_some()); }
            prop_assert_eq!(s.state(), &end);
            prop_assert!(!s.can_redo());
        }

        #[test]
        fn save_load_round_trips(seed in any::<u64>(), bot in any::<u64>(), steps in 0usize..40) {
            let mut s: Session<Race> = Session::new("long", (), seed).unwrap();
            play(&mut s, bot, steps);
            let bytes = serde_json::to_vec(&s.to_save()).unwrap();
            let back = Session::<Race>::from_bytes(&bytes, "t.json").unwrap();
            prop_assert_eq!(back.state(), s.state());
            prop_assert_eq!(back.actions(), s.actions());
        }

        #[test]
        fn damaged_saves_fail_cleanly(seed in any::<u64>(), cut in any::<prop::sample::Index>(), flip in any::<prop::sample::Index>(), garbage in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut s: Session<Race> = Session::new("long", (), seed).unwrap();
            play(&mut s, seed, 12);
            let bytes = serde_json::to_vec(&s.to_save()).unwrap();
            let truncated = &bytes[..cut.index(bytes.len())];
            prop_assert!(Session::<Race>::from_bytes(truncated, "t.json").is_err());
            let mut flipped = bytes.clone();
            let i = flip.index(flipped.len());
            flipped[i] ^= 0x55;
            // A flipped byte may still be valid JSON for the same game; it must never panic.
            let _ = Session::<Race>::from_bytes(&flipped, "f.json");
            prop_assert!(Session::<Race>::from_bytes(&garbage, "g.json").is_err());
        }
    }
}
