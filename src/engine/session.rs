//! A game being played: undo and redo, undo barriers, saving, loading, autosave.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::arranged::{Arranged, DieRequest, arrange_setup};
use super::atomic::write_atomically;
use super::bot::Bot;
use super::game::{Actor, Game, Prompt, Refusal, SetupError};
use super::input::{read_capped, without_bom};
use super::log::{Audience, Log, LogEntry};
use super::message::{Message, msg};

/// The save format's name and version. A later Tonkin that changes the format raises the
/// version and keeps reading the older ones it can.
pub const SAVE_FORMAT: &str = "tonkin-save";
pub const SAVE_VERSION: u32 = 1;

mod fingerprints {
    include!(concat!(env!("OUT_DIR"), "/rules_fingerprints.rs"));
}

/// The fingerprint of game `game`'s rules in this build: a hash of what decides how its saves
/// replay (written by `build.rs`); the engine's own for a game without a folder (its tests').
pub fn rules_fingerprint(game: &str) -> &'static str {
    fingerprints::RULES_FINGERPRINTS
        .iter()
        .find(|(g, _)| *g == game)
        .map_or(fingerprints::ENGINE_FINGERPRINT, |(_, f)| f)
}

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
    /// The fingerprint of the rules that wrote the save ([`rules_fingerprint`]). A save whose
    /// moves no longer replay may go on from its saved position only if other rules wrote it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub rules: String,
    pub scenario: String,
    pub seed: u64,
    #[serde(default)]
    pub options: O,
    /// The game's results were fixed by a script (arranged draws), not left to chance: written
    /// for people and tools; loading works it out from the steps.
    #[serde(default, skip_serializing_if = "is_false")]
    pub arranged: bool,
    /// The player rolls their own dice (the session asks for each face).
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_dice: bool,
    /// Results fixed for the set-up: its shuffles' first cards, its cup draws, its rolls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<Arranged>,
    /// What a script shows, in a sentence for people (the rulebook example it replays).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The values a script must reach, checked by `tests/examples.rs`; a replay ignores them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<serde_json::Value>,
    /// Who plays each seat: the level of the computer playing it, `null` for a person (saves
    /// without it: people in every seat).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computers: Vec<Option<String>>,
    /// What the computer players said of their decisions, with where they go in the log.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remarks: Vec<Remark>,
    /// The position the actions start from, when it is not the scenario's set-up: the game
    /// goes on from a position saved under other rules, whose earlier moves these rules could
    /// not replay (see [`Session::from_bytes`]).
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub start: Option<S>,
    #[serde(default = "Vec::new")]
    pub actions: Vec<A>,
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<S>,
}

/// A line a computer player wrote of its decision: not the rules' log (a replay does not
/// write it), kept beside it and shown in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Remark {
    /// The number of actions taken when it was written (undoing them takes it back).
    pub actions: usize,
    /// The number of the game's log entries it comes after.
    pub log_at: usize,
    pub entry: LogEntry,
}

fn none<S>() -> Option<S> {
    None
}

/// A save of game `G` as it is written.
pub type GameSave<G> = SaveFile<<G as Game>::Options, Step<<G as Game>::Action>, G>;
/// A save with its options, actions and snapshot not yet read as the game's own types.
type RawSave = SaveFile<serde_json::Value, serde_json::Value, serde_json::Value>;

fn is_false(b: &bool) -> bool {
    !*b
}

/// One entry of a save's `actions` list: an action, or results fixed for the next action.
#[derive(Clone, Debug, PartialEq)]
pub enum Step<A> {
    Action(A),
    /// Results a script fixes (arranged draws): `{"arrange": [{"d10": 7}, …]}`.
    Arrange(Vec<Arranged>),
    /// Faces the player rolled with their own dice: `{"rolled": [{"d10": 7}]}`.
    Rolled(Vec<Arranged>),
}

impl<A: Serialize> Serialize for Step<A> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (key, items) = match self {
            Step::Action(action) => return action.serialize(serializer),
            Step::Arrange(items) => ("arrange", items),
            Step::Rolled(items) => ("rolled", items),
        };
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry(key, items)?;
        map.end()
    }
}

impl<'de, A: serde::de::DeserializeOwned> Deserialize<'de> for Step<A> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(deserializer)?;
        let fixed = value
            .as_object()
            .filter(|o| o.len() == 1)
            .and_then(|o| o.iter().next())
            .filter(|(key, _)| *key == "arrange" || *key == "rolled");
        match fixed {
            Some((key, items)) => {
                let items = Vec::<Arranged>::deserialize(items)
                    .map_err(|e| D::Error::custom(format!("{key}: {e}")))?;
                Ok(if key == "arrange" {
                    Step::Arrange(items)
                } else {
                    Step::Rolled(items)
                })
            }
            None => A::deserialize(value)
                .map(Step::Action)
                .map_err(D::Error::custom),
        }
    }
}

/// The results fixed for one action: by a script, and by the player's own dice.
#[derive(Clone, Debug, Default, PartialEq)]
struct Fixed {
    arranged: Vec<Arranged>,
    rolled: Vec<Arranged>,
}

impl Fixed {
    fn is_empty(&self) -> bool {
        self.arranged.is_empty() && self.rolled.is_empty()
    }
}

/// How a step went that did not fail.
enum Taken {
    Done {
        barrier: bool,
    },
    /// The action rolls a die whose face is the player's to give; nothing was changed.
    NeedsDie(Box<DieRequest>),
}

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

impl SessionError {
    /// The save reads, but its moves do not replay under these rules: an action that is not
    /// one of this game's, one refused, or a replay that ends elsewhere than the save.
    pub fn is_replay_failure(&self) -> bool {
        matches!(
            self,
            SessionError::MalformedAction { .. }
                | SessionError::ReplayRefused { .. }
                | SessionError::ReplayMismatch { .. }
        )
    }

    /// The error in the reader's language, as the window shows it (the `Display` form is the
    /// English one, for the command line's logs and the tests). The details quoted from
    /// elsewhere (the system's or the JSON reader's words) stay as they came.
    pub fn message(&self) -> Message {
        match self {
            SessionError::Io { path, source } => msg("{path}: {detail}")
                .arg("path", path)
                .arg("detail", source),
            SessionError::Corrupt { path, detail } => {
                msg("{path}: not a Tonkin save or script: {detail}")
                    .arg("path", path)
                    .arg("detail", detail)
            }
            SessionError::TooNew { path, found } => msg(
                "{path}: saved by a newer Tonkin (save format {found}; this version reads up to {known})",
            )
            .arg("path", path)
            .arg("found", found)
            .arg("known", SAVE_VERSION),
            SessionError::NoSuchVersion { path, found } => {
                msg("{path}: save format version {found} does not exist (versions start at 1)")
                    .arg("path", path)
                    .arg("found", found)
            }
            SessionError::UnknownOption {
                path,
                option,
                known,
            } => msg("{path}: unknown option '{option}' (known: {known})")
                .arg("path", path)
                .arg("option", option)
                .arg("known", known),
            SessionError::BadOptions { path, detail } => msg("{path}: options: {detail}")
                .arg("path", path)
                .arg("detail", detail),
            SessionError::MalformedAction {
                path,
                index,
                text,
                detail,
            } => msg("{path}: action {index} ({text}) is not an action of this game: {detail}")
                .arg("path", path)
                .arg("index", index)
                .arg("text", text)
                .arg("detail", detail),
            SessionError::WrongGame {
                path,
                expected,
                found,
            } => msg("{path}: this is a save of '{found}', not of '{expected}'")
                .arg("path", path)
                .arg("found", found)
                .arg("expected", expected),
            SessionError::Setup { path, source } => {
                msg("{path}: cannot set the game up: {detail}")
                    .arg("path", path)
                    .message("detail", source.message())
            }
            SessionError::ReplayRefused {
                path,
                index,
                text,
                reason,
            } => msg("{path}: action {index} ({text}) is not legal when replayed: {reason}")
                .arg("path", path)
                .arg("index", index)
                .arg("text", text)
                .arg("reason", reason),
            SessionError::ReplayMismatch { path } => msg(
                "{path}: replaying the actions does not reach the saved position; the save was changed or made by an incompatible version",
            )
            .arg("path", path),
        }
    }
}

pub struct Session<G: Game> {
    scenario: String,
    seed: u64,
    options: G::Options,
    /// The results fixed for the set-up (see [`Session::new_arranged`]).
    setup: Vec<Arranged>,
    /// The position the game went on from, when an earlier version's rules saved it and these
    /// could not replay its moves: the actions start there, and undo stops there.
    start: Option<G>,
    current: G,
    /// The state before each action taken, so that undo is exact.
    history: Vec<G>,
    actions: Vec<G::Action>,
    /// For each action taken, the results fixed for it.
    fixed: Vec<Fixed>,
    /// For each action taken, whether it is an undo barrier (see [`Session::apply`]).
    barriers: Vec<bool>,
    redo: Vec<(Fixed, G::Action)>,
    /// Results fixed for the next action.
    next: Fixed,
    /// The player rolls their own dice: an action that rolls waits for its faces.
    own_dice: bool,
    /// The action waiting for a face of the player's die, and the die.
    rolling: Option<(G::Action, DieRequest)>,
    /// Casual undo lets the player of a one-player game step back over barriers too.
    pub casual: bool,
    autosave: Option<PathBuf>,
    /// The level of the computer playing each seat, `None` for a person.
    computers: Vec<Option<String>>,
    /// The computer players themselves (not saved: made again from their levels), each out of
    /// its seat while it thinks.
    bots: Vec<Option<Box<dyn Bot<G> + Send>>>,
    remarks: Vec<Remark>,
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
        Self::new_arranged(scenario, options, seed, Vec::new())
    }

    /// A game set up with `setup` as the first results of its generator: the cards its
    /// set-up draws from named decks, the counters from named cups, its dice (see
    /// [`super::arranged::arrange_setup`]). The set-up must use every one of them.
    pub fn new_arranged(
        scenario: &str,
        options: G::Options,
        seed: u64,
        setup: Vec<Arranged>,
    ) -> Result<Self, SetupError> {
        let current = if !setup.is_empty() {
            check_faces(&setup).map_err(|r| SetupError::Invalid(r.reason))?;
            let (made, untaken) =
                arrange_setup(setup.clone(), || G::setup(scenario, &options, seed));
            let mut current = made?;
            let mut settled = current.rng_mut().settle();
            settled.unused.extend(untaken);
            if let Some(misfit) = settled.misfit() {
                return Err(SetupError::invalid(
                    msg("set-up: {misfit}").message("misfit", misfit),
                ));
            }
            current
        } else {
            G::setup(scenario, &options, seed)?
        };
        Ok(Self::at(scenario, options, seed, setup, current))
    }

    /// A session whose first position is `current`, with nothing taken yet.
    fn at(
        scenario: &str,
        options: G::Options,
        seed: u64,
        setup: Vec<Arranged>,
        current: G,
    ) -> Self {
        Session {
            scenario: scenario.to_owned(),
            seed,
            options,
            setup,
            start: None,
            current,
            history: Vec::new(),
            actions: Vec::new(),
            fixed: Vec::new(),
            barriers: Vec::new(),
            redo: Vec::new(),
            next: Fixed::default(),
            own_dice: false,
            rolling: None,
            casual: false,
            autosave: None,
            computers: Vec::new(),
            bots: Vec::new(),
            remarks: Vec::new(),
        }
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
    /// The game goes on from a position saved under an earlier version's rules, whose moves
    /// these rules could not replay: what happened before it can be neither undone nor checked.
    pub fn continues_older_save(&self) -> bool {
        self.start.is_some()
    }
    pub fn options(&self) -> &G::Options {
        &self.options
    }
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }
    /// The positions before each action taken, oldest first.
    pub fn history(&self) -> &[G] {
        &self.history
    }
    pub fn prompt(&self) -> Prompt<G::Action> {
        self.current.prompt()
    }

    /// Saves after every action from now on.
    pub fn autosave_to(&mut self, path: PathBuf) {
        self.autosave = Some(path);
    }

    /// The level of the computer playing `seat`; `None` when a person plays it.
    pub fn computer(&self, seat: u8) -> Option<&str> {
        self.computers.get(usize::from(seat))?.as_deref()
    }

    /// Hands `seat` to the computer `bot` at `level`, or (`None`) to a person, and saves.
    pub fn seat_computer(
        &mut self,
        seat: u8,
        computer: Option<(String, Box<dyn Bot<G> + Send>)>,
    ) -> Stepped {
        let at = usize::from(seat);
        let seats = usize::from(G::SEATS).max(at + 1);
        self.computers.resize(seats, None);
        self.bots.resize_with(seats, || None);
        let (level, bot) = computer.unzip();
        self.computers[at] = level;
        self.bots[at] = bot;
        if self.computers.iter().all(Option::is_none) {
            self.computers.clear();
        }
        self.after_step(false)
    }

    /// Takes the computer player of `seat` out of its seat, to think elsewhere.
    pub fn take_bot(&mut self, seat: u8) -> Option<Box<dyn Bot<G> + Send>> {
        self.bots.get_mut(usize::from(seat))?.take()
    }

    /// Puts a computer player back in `seat` after it thought, unless the seat was handed to
    /// a person or another computer meanwhile.
    pub fn return_bot(&mut self, seat: u8, bot: Box<dyn Bot<G> + Send>) {
        let at = usize::from(seat);
        if self.computer(seat).is_some() && self.bots.get(at).is_some_and(Option::is_none) {
            self.bots[at] = Some(bot);
        }
    }

    /// Writes what a computer player says of the decision it is taking now, for `audience`
    /// (its own seat when the reason names what only that seat knows).
    pub fn remark(&mut self, audience: Audience, rule: String, message: Message) {
        self.remarks.push(Remark {
            actions: self.actions.len(),
            log_at: self.current.log().len(),
            entry: LogEntry {
                rule: rule.into(),
                message,
                random: Vec::new(),
                audience,
            },
        });
    }

    /// The game's log with the computer players' remarks in their places.
    pub fn log_with_remarks(&self) -> std::borrow::Cow<'_, Log> {
        let log = self.current.log();
        if self.remarks.is_empty() {
            return std::borrow::Cow::Borrowed(log);
        }
        std::borrow::Cow::Owned(
            log.with_inserted(self.remarks.iter().map(|r| (r.log_at, &r.entry))),
        )
    }

    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    /// Fixes results for the next action (arranged draws, see [`super::arranged`]): its dice,
    /// and the cards and counters it draws from named decks and cups. The action must use
    /// every one of them, or it is refused.
    pub fn arrange(&mut self, items: Vec<Arranged>) -> Result<(), Refusal> {
        check_faces(&items)?;
        self.next.arranged.extend(items);
        Ok(())
    }

    /// Some result of this game was fixed by a script rather than left to chance or to the
    /// player's dice.
    pub fn is_arranged(&self) -> bool {
        !self.setup.is_empty()
            || !self.next.arranged.is_empty()
            || self.fixed.iter().any(|f| !f.arranged.is_empty())
    }

    /// The player rolls their own dice from now on (or no longer): an action that rolls a
    /// die waits, and [`Session::pending_die`] asks for its face.
    pub fn set_own_dice(&mut self, own: bool) {
        self.own_dice = own;
        if !own {
            self.cancel_roll();
        }
    }

    pub fn own_dice(&self) -> bool {
        self.own_dice
    }

    /// The die the player is asked to roll for the action they chose, if one is.
    pub fn pending_die(&self) -> Option<&DieRequest> {
        self.rolling.as_ref().map(|(_, die)| die)
    }

    /// Gives the face the player rolled for the pending die; the action is taken once it has
    /// every face it needs (until then the next die is pending).
    pub fn roll(&mut self, face: u8) -> Result<Stepped, Refusal> {
        let Some((action, die)) = self.rolling.take() else {
            return Err(Refusal::new(msg("no die is waiting to be rolled")));
        };
        let item = Arranged::face(die.die, face);
        if let Err(why) = item.check() {
            self.rolling = Some((action, die));
            return Err(Refusal::new(why));
        }
        self.next.rolled.push(item);
        self.apply(&action).inspect_err(|_| {
            self.next.rolled.pop();
            self.rolling = Some((action.clone(), die));
        })
    }

    /// Forgets the action waiting for dice and the faces given for it.
    fn cancel_roll(&mut self) {
        if self.rolling.take().is_some() {
            self.next.rolled.clear();
        }
    }

    /// Takes one action. It becomes an undo barrier when it made something random known (the
    /// game's generator gave results), when the seat to move changed, or when the game says
    /// it revealed something hidden. With [own dice](Session::set_own_dice), an action that
    /// rolls a die without a face waits for it instead (see [`Session::pending_die`]).
    pub fn apply(&mut self, action: &G::Action) -> Result<Stepped, Refusal> {
        self.rolling = None;
        let fixed = std::mem::take(&mut self.next);
        match self.apply_quietly(action, fixed, self.own_dice) {
            Ok(Taken::Done { barrier }) => {
                self.redo.clear();
                Ok(self.after_step(barrier))
            }
            Ok(Taken::NeedsDie(die)) => {
                self.rolling = Some((action.clone(), *die));
                Ok(Stepped {
                    barrier: false,
                    autosave_error: None,
                })
            }
            Err(refusal) => Err(refusal),
        }
    }

    /// Takes `action` with the results `fixed` for it; with `probe`, a die without a face is
    /// the player's and stops the action. On refusal `fixed` waits for the next action.
    fn apply_quietly(
        &mut self,
        action: &G::Action,
        fixed: Fixed,
        probe: bool,
    ) -> Result<Taken, Refusal> {
        let before = self.current.clone();
        if !fixed.is_empty() || probe {
            let rng = self.current.rng_mut();
            for item in fixed.arranged.iter().chain(&fixed.rolled) {
                rng.arrange(item.clone());
            }
            if probe {
                rng.leave_dice_to_player();
            }
        }
        let applied = self.current.apply(action);
        let settled = self.current.rng_mut().settle();
        let revealed = applied.as_ref().is_ok_and(|a| a.revealed);
        let refusal = match applied {
            Err(refusal) => Some(refusal),
            Ok(_) if settled.needed.is_some() => None,
            Ok(_) => settled.misfit().map(Refusal::new),
        };
        if let Some(refusal) = refusal {
            self.current = before;
            self.next = fixed;
            return Err(refusal);
        }
        if let Some(die) = settled.needed {
            self.current = before;
            self.next = fixed;
            return Ok(Taken::NeedsDie(Box::new(die)));
        }
        let barrier = revealed
            || self.current.rng().results() != before.rng().results()
            || (G::SEATS > 1 && seat_changed(before.to_move(), self.current.to_move()));
        self.history.push(before);
        self.actions.push(action.clone());
        self.fixed.push(fixed);
        self.barriers.push(barrier);
        Ok(Taken::Done { barrier })
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
        if self.rolling.is_some() {
            return true;
        }
        match self.barriers.last() {
            None => false,
            Some(&barrier) => !barrier || (self.casual && G::SEATS == 1),
        }
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes the last action back; while dice are asked for, forgets the action waiting for
    /// them instead.
    pub fn undo(&mut self) -> Option<Stepped> {
        if self.rolling.is_some() {
            self.cancel_roll();
            return Some(Stepped {
                barrier: false,
                autosave_error: None,
            });
        }
        if !self.can_undo() {
            return None;
        }
        let before = self.history.pop()?;
        let action = self.actions.pop()?;
        let fixed = self.fixed.pop().unwrap_or_default();
        self.barriers.pop();
        self.current = before;
        self.redo.push((fixed, action));
        let taken = self.actions.len();
        self.remarks.retain(|r| r.actions < taken);
        Some(self.after_step(false))
    }

    /// Takes the last undone action again. The generator is part of the state, so a redone
    /// draw gives the same card.
    pub fn redo(&mut self) -> Option<Stepped> {
        self.cancel_roll();
        let (fixed, action) = self.redo.pop()?;
        match self.apply_quietly(&action, fixed, false) {
            Ok(Taken::Done { barrier }) => Some(self.after_step(barrier)),
            Ok(Taken::NeedsDie(_)) | Err(_) => {
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
            rules: rules_fingerprint(G::ID).to_owned(),
            scenario: self.scenario.clone(),
            seed: self.seed,
            options: self.options.clone(),
            arranged: self.is_arranged(),
            own_dice: self.own_dice,
            setup: self.setup.clone(),
            description: String::new(),
            expect: None,
            computers: self.computers.clone(),
            remarks: self.remarks.clone(),
            start: self.start.clone(),
            actions: self.steps(),
            snapshot: Some(self.current.clone()),
        }
    }

    /// The actions taken, each after the results fixed for it; then results fixed for the
    /// next action by a script (faces rolled for an action still waiting are not kept).
    fn steps(&self) -> Vec<Step<G::Action>> {
        let mut steps = Vec::with_capacity(self.actions.len());
        for (fixed, action) in self.fixed.iter().zip(&self.actions) {
            if !fixed.arranged.is_empty() {
                steps.push(Step::Arrange(fixed.arranged.clone()));
            }
            if !fixed.rolled.is_empty() {
                steps.push(Step::Rolled(fixed.rolled.clone()));
            }
            steps.push(Step::Action(action.clone()));
        }
        if !self.next.arranged.is_empty() {
            steps.push(Step::Arrange(self.next.arranged.clone()));
        }
        steps
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
        match Self::replay(&file, name) {
            // Other rules wrote it (a save without a fingerprint is older than them all, and
            // keeps being refused).
            Err(e)
                if e.is_replay_failure()
                    && !file.rules.is_empty()
                    && file.rules != rules_fingerprint(G::ID) =>
            {
                Self::go_on_from_snapshot(&file, name).ok_or(e)
            }
            replayed => replayed,
        }
    }

    /// Sets the save's game up (or takes its start), replays every step of it and checks
    /// that the replay reaches the saved position.
    fn replay(file: &RawSave, name: &str) -> Result<Self, SessionError> {
        let options = read_options::<G>(file.options.clone(), name)?;
        let actions = read_actions::<G>(&file.actions, name)?;
        let mut session = match &file.start {
            Some(start) => {
                let start = G::deserialize(start).map_err(|e| SessionError::Corrupt {
                    path: name.to_owned(),
                    detail: format!("start: {e}"),
                })?;
                let mut session = Self::at(
                    &file.scenario,
                    options,
                    file.seed,
                    Vec::new(),
                    start.clone(),
                );
                session.start = Some(start);
                session
            }
            None => Self::new_arranged(&file.scenario, options, file.seed, file.setup.clone())
                .map_err(|source| SessionError::Setup {
                    path: name.to_owned(),
                    source,
                })?,
        };
        for (index, step) in actions.into_iter().enumerate() {
            let refused = |refusal: Refusal| SessionError::ReplayRefused {
                path: name.to_owned(),
                index: index + 1,
                text: action_text(&file.actions[index]),
                reason: refusal.reason.english(),
            };
            match step {
                Step::Arrange(items) => session.arrange(items).map_err(refused)?,
                Step::Rolled(items) => {
                    check_rolled(&items).map_err(refused)?;
                    session.next.rolled.extend(items);
                }
                Step::Action(action) => {
                    let fixed = std::mem::take(&mut session.next);
                    session
                        .apply_quietly(&action, fixed, false)
                        .map_err(refused)?;
                }
            }
        }
        session.next.rolled.clear();
        session.seat_players(file);
        let (taken, logged) = (session.actions.len(), session.current.log().len());
        session.remarks = file.remarks.clone();
        session
            .remarks
            .retain(|r| r.actions <= taken && r.log_at <= logged);
        if let Some(saved) = &file.snapshot
            && !reaches_saved_position(saved, &session.current)
        {
            return Err(SessionError::ReplayMismatch {
                path: name.to_owned(),
            });
        }
        Ok(session)
    }

    /// The save's game going on from its saved position, for a save written under other rules
    /// whose moves these rules cannot replay; `None` if these rules cannot read that position or
    /// cannot even say what it asks for (the replay's error then stands).
    fn go_on_from_snapshot(file: &RawSave, name: &str) -> Option<Self> {
        let options = read_options::<G>(file.options.clone(), name).ok()?;
        let position = G::deserialize(file.snapshot.as_ref()?).ok()?;
        // Nothing has checked this position: what the window reads of it first must not fail.
        let readable = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = (position.prompt(), position.outcome());
            (0..G::SEATS).for_each(|seat| drop(position.view(seat)));
        }));
        readable.ok()?;
        let mut session = Self::at(
            &file.scenario,
            options,
            file.seed,
            Vec::new(),
            position.clone(),
        );
        session.start = Some(position);
        session.seat_players(file);
        Some(session)
    }

    /// Who plays each seat and how the dice are rolled, as the save says.
    fn seat_players(&mut self, file: &RawSave) {
        self.own_dice = file.own_dice;
        // The seats' players are the driver's to seat (it knows the game's computers).
        self.computers = file.computers.clone();
        self.computers.truncate(usize::from(G::SEATS));
    }
}

/// Refuses a face a die does not have.
fn check_faces(items: &[Arranged]) -> Result<(), Refusal> {
    items
        .iter()
        .try_for_each(Arranged::check)
        .map_err(Refusal::new)
}

/// Refuses faces a die does not have, and anything but dice (what a player rolls).
fn check_rolled(items: &[Arranged]) -> Result<(), Refusal> {
    check_faces(items)?;
    match items.iter().find(|i| i.die_face().is_none()) {
        Some(item) => Err(Refusal::new(
            msg("only dice are rolled, not {result}").arg("result", item.to_json()),
        )),
        None => Ok(()),
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
) -> Result<Vec<Step<G::Action>>, SessionError> {
    raw.iter()
        .enumerate()
        .map(|(index, value)| {
            Step::deserialize(value).map_err(|e| SessionError::MalformedAction {
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
    use crate::engine::game::Game;
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

    /// A long race after a step, a roll and two steps.
    fn race_in_progress() -> Session<Race> {
        let mut s: Session<Race> = Session::new("long", (), 3).unwrap();
        for action in [
            RaceAction::Step,
            RaceAction::Roll,
            RaceAction::Step,
            RaceAction::Step,
        ] {
            s.apply(&action).unwrap();
        }
        s
    }

    /// A save of `s` as a version with other rules might have written it: an action these
    /// rules do not know in the middle of its moves.
    fn save_with_moves_of_other_rules(s: &Session<Race>, rules: &str) -> Vec<u8> {
        let mut save = serde_json::to_value(s.to_save()).unwrap();
        save["rules"] = rules.into();
        save["actions"][1] = "Jump".into();
        serde_json::to_vec(&save).unwrap()
    }

    #[test]
    fn a_save_of_other_rules_whose_moves_do_not_replay_goes_on_from_its_position() {
        let s = race_in_progress();
        let bytes = save_with_moves_of_other_rules(&s, "older rules");
        let mut loaded = Session::<Race>::from_bytes(&bytes, "old.json").unwrap();
        assert_eq!(loaded.state(), s.state());
        assert!(loaded.continues_older_save());
        // Nothing before the saved position can be taken back.
        assert!(!loaded.can_undo());
        // Saved again, it replays from that position the moves taken since.
        loaded.apply(&RaceAction::Step).unwrap();
        let resaved = serde_json::to_vec(&loaded.to_save()).unwrap();
        let reloaded = Session::<Race>::from_bytes(&resaved, "again.json").unwrap();
        assert_eq!(reloaded.state(), loaded.state());
        assert!(reloaded.continues_older_save());
        assert_eq!(reloaded.actions(), [RaceAction::Step]);
        assert_eq!(reloaded.history(), [s.state().clone()]);
    }

    #[test]
    fn a_save_of_these_rules_whose_moves_do_not_replay_is_refused() {
        let s = race_in_progress();
        for rules in [rules_fingerprint(Race::ID), ""] {
            let bytes = save_with_moves_of_other_rules(&s, rules);
            let err = Session::<Race>::from_bytes(&bytes, "changed.json");
            assert!(matches!(err, Err(SessionError::MalformedAction { .. })));
        }
        let bytes = save_with_moves_of_other_rules(&s, "older rules");
        // Nor does a save of other rules go on from a position these rules cannot read.
        let mut save: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        save["snapshot"]["position"] = "far".into();
        let bytes = serde_json::to_vec(&save).unwrap();
        let err = Session::<Race>::from_bytes(&bytes, "older.json");
        assert!(matches!(err, Err(SessionError::MalformedAction { .. })));
    }

    #[test]
    fn every_game_folder_has_a_rules_fingerprint_and_a_save_carries_it() {
        assert!(!fingerprints::RULES_FINGERPRINTS.is_empty());
        for (game, fingerprint) in fingerprints::RULES_FINGERPRINTS {
            assert_eq!(fingerprint.len(), 16, "{game}");
            assert_ne!(*fingerprint, fingerprints::ENGINE_FINGERPRINT, "{game}");
        }
        let s: Session<Race> = Session::new("long", (), 3).unwrap();
        assert_eq!(s.to_save().rules, rules_fingerprint(Race::ID));
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

    #[test]
    fn every_error_reads_the_same_in_english_on_screen_as_in_the_log() {
        let path = || "g.json".to_owned();
        let errors = [
            SessionError::Io {
                path: path(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "gone"),
            },
            SessionError::Corrupt {
                path: path(),
                detail: "EOF".into(),
            },
            SessionError::TooNew {
                path: path(),
                found: 99,
            },
            SessionError::NoSuchVersion {
                path: path(),
                found: 0,
            },
            SessionError::UnknownOption {
                path: path(),
                option: "x".into(),
                known: "a, b".into(),
            },
            SessionError::BadOptions {
                path: path(),
                detail: "no".into(),
            },
            SessionError::MalformedAction {
                path: path(),
                index: 3,
                text: "\"Fly\"".into(),
                detail: "unknown variant".into(),
            },
            SessionError::WrongGame {
                path: path(),
                expected: "race".into(),
                found: "csar".into(),
            },
            SessionError::Setup {
                path: path(),
                source: SetupError::UnknownScenario("long".into()),
            },
            SessionError::Setup {
                path: path(),
                source: SetupError::Content("cards.toml: line 3: expected `=`".into()),
            },
            SessionError::Setup {
                path: path(),
                source: SetupError::invalid(msg("set-up: {misfit}").arg("misfit", "no card")),
            },
            SessionError::ReplayRefused {
                path: path(),
                index: 2,
                text: "Roll".into(),
                reason: "not now".into(),
            },
            SessionError::ReplayMismatch { path: path() },
        ];
        for e in errors {
            assert_eq!(e.message().english(), e.to_string());
        }
    }

    fn roll_to(s: &Session<Race>) -> i32 {
        serde_json::to_value(s.state()).unwrap()["position"]
            .as_i64()
            .unwrap() as i32
    }

    #[test]
    fn an_arranged_die_decides_the_roll_and_marks_the_save() {
        let mut s: Session<Race> = Session::new("long", (), 1).unwrap();
        s.arrange(vec![Arranged::D6(4)]).unwrap();
        assert!(s.is_arranged());
        let step = s.apply(&RaceAction::Roll).unwrap();
        assert!(step.barrier, "an arranged face is still a random result");
        assert_eq!(roll_to(&s), 4);
        s.apply(&RaceAction::Step).unwrap();
        let json = serde_json::to_value(s.to_save()).unwrap();
        assert_eq!(json["arranged"], true);
        assert_eq!(
            json["actions"],
            serde_json::json!([{"arrange": [{"d6": 4}]}, "Roll", "Step"])
        );
        let bytes = serde_json::to_vec(&json).unwrap();
        let back = Session::<Race>::from_bytes(&bytes, "a.json").unwrap();
        assert_eq!(back.state(), s.state());
        assert!(back.is_arranged());
        // Nothing arranged: no mark, and the generator decides as before.
        let mut plain: Session<Race> = Session::new("long", (), 1).unwrap();
        plain.apply(&RaceAction::Roll).unwrap();
        let json = serde_json::to_value(plain.to_save()).unwrap();
        assert!(json.get("arranged").is_none() && json.get("own_dice").is_none());
        let mut race = Race::setup("long", &(), 1).unwrap();
        race.apply(&RaceAction::Roll).unwrap();
        assert_eq!(plain.state(), &race);
    }

    #[test]
    fn arranged_results_the_action_does_not_use_refuse_it() {
        let mut s: Session<Race> = Session::new("long", (), 1).unwrap();
        let before = s.state().clone();
        s.arrange(vec![Arranged::D6(2), Arranged::D10(3)]).unwrap();
        let e = s.apply(&RaceAction::Roll).unwrap_err();
        assert_eq!(
            e.reason.english(),
            r#"this action did not use the arranged {"d10":3}"#
        );
        assert_eq!(s.state(), &before);
        assert!(s.actions().is_empty());
        let e = s.arrange(vec![Arranged::D6(7)]).unwrap_err();
        assert_eq!(e.reason.english(), "a d6 has no face 7");
    }

    #[test]
    fn a_script_arranges_in_its_action_list_and_a_bad_step_is_named() {
        let script = |actions: &str| {
            format!(
                r#"{{"format":"tonkin-save","version":1,"game":"race","scenario":"long","seed":5,"actions":{actions}}}"#
            )
        };
        let s = Session::<Race>::from_bytes(
            script(r#"["Step", {"arrange": [{"d6": 6}]}, "Roll", {"arrange": [{"d6": 1}]}]"#)
                .as_bytes(),
            "s.json",
        )
        .unwrap();
        assert_eq!(roll_to(&s), 7);
        // The last arrangement waits for the next action.
        let mut s = s;
        s.apply(&RaceAction::Roll).unwrap();
        assert_eq!(roll_to(&s), 8);
        let e = Session::<Race>::from_bytes(
            script(r#"["Step", {"arrange": [{"d6": 6}]}, "Step"]"#).as_bytes(),
            "bad.json",
        )
        .err()
        .unwrap();
        assert_eq!(
            e.to_string(),
            r#"bad.json: action 3 ("Step") is not legal when replayed: this action did not use the arranged {"d6":6}"#
        );
        let e = Session::<Race>::from_bytes(
            script(r#"[{"arrange": [{"d12": 6}]}]"#).as_bytes(),
            "worse.json",
        )
        .err()
        .unwrap();
        assert!(e.to_string().contains("d12"), "{e}");
    }

    #[test]
    fn own_dice_ask_for_each_face_and_replay_from_the_save() {
        let mut s: Session<Race> = Session::new("long", (), 2).unwrap();
        s.set_own_dice(true);
        s.apply(&RaceAction::Step).unwrap();
        assert!(s.pending_die().is_none(), "a step rolls nothing");
        let before = s.state().clone();
        s.apply(&RaceAction::Roll).unwrap();
        let die = s
            .pending_die()
            .expect("the roll waits for its face")
            .clone();
        assert_eq!(die.die, crate::engine::arranged::Die::D6);
        assert_eq!(
            s.state(),
            &before,
            "nothing happens before the face is given"
        );
        // Undo forgets the waiting roll; the step before it stays.
        assert!(s.can_undo());
        s.undo().unwrap();
        assert!(s.pending_die().is_none());
        assert_eq!(s.actions().len(), 1);
        s.apply(&RaceAction::Roll).unwrap();
        assert!(s.roll(0).is_err(), "a d6 has no 0");
        let step = s.roll(5).unwrap();
        assert!(
            step.barrier && !s.can_undo(),
            "a rolled face is a random result"
        );
        assert_eq!(roll_to(&s), 6);
        let json = serde_json::to_value(s.to_save()).unwrap();
        assert_eq!(json["own_dice"], true);
        assert!(
            json.get("arranged").is_none(),
            "own dice are no arrangement"
        );
        assert_eq!(
            json["actions"],
            serde_json::json!(["Step", {"rolled": [{"d6": 5}]}, "Roll"])
        );
        let back =
            Session::<Race>::from_bytes(&serde_json::to_vec(&json).unwrap(), "o.json").unwrap();
        assert_eq!(back.state(), s.state());
        assert!(back.own_dice() && !back.is_arranged());
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
