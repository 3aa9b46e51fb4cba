//! A game's rules seen without their types: the driver that starts, loads, simulates and
//! bot-plays any game, and the session the generic window drives. The game's own `mod.rs`
//! makes its state [`Presented`] (attaching its board and kit) and names a [`GameDriver`] for it
//! in its `MODULE`.

use std::any::Any;
use std::borrow::Cow;
use std::time::Instant;

use crate::art::Board;
use crate::engine::arranged::DieRequest;
use crate::engine::bot::{Bot, RandomBot, acting_seat, play_out};
use crate::engine::game::{Actor, Game, Outcome, ScenarioInfo, Verdict};
use crate::engine::log::{Audience, Log};
use crate::engine::message::{Message, msg};
use crate::engine::number::decimal;
use crate::engine::play::{
    ComputerLevel, Figure, FormCheck, FormView, OptionalRule, Playable, add_figures, options_with,
};
use crate::engine::reference::RuleSection;
use crate::engine::rng::Rng;
use crate::engine::session::{Session, SessionError, Stepped};
use crate::export::Kit;

/// What the window and the print dialog show of a game's state beyond its rules: its board and
/// its record sheets filled in. Implemented in each game's `mod.rs`, on its art and kit.
pub trait Presented: Playable {
    /// The state as a board to draw and click; `None` while the game has no art yet (the
    /// window then offers the prompt's actions as buttons only).
    fn board(&self) -> Option<&dyn Board> {
        None
    }
    /// The print-and-play kit with its record sheets filled in from this game.
    fn filled_kit(&self) -> Option<Kit> {
        None
    }
    /// The kit for the player of `seat` alone: a game with hidden information may also fill in
    /// that seat's own secrets, which [`Presented::filled_kit`] must leave out.
    fn filled_kit_for(&self, _seat: u8) -> Option<Kit> {
        self.filled_kit()
    }
    /// What the players call seat `seat` ("US player"); `None` leaves the window to number
    /// them ("Player 2"). Only games of more than one seat are asked.
    fn seat_name(&self, _seat: u8) -> Option<Message> {
        None
    }
    /// The levels at which the computer can play a seat, easiest first; none for a game
    /// without a computer opponent (a solitaire game).
    fn computer_levels() -> Vec<ComputerLevel>
    where
        Self: Sized,
    {
        Vec::new()
    }
    /// What the computer would think, from `seat`'s view only, of the pieces whose nature that
    /// seat does not know: for each (by the game's name for it, as in [`View::badges`]) the
    /// chance of the nature that matters most. `earlier` are the positions before the present
    /// one, oldest first. `None` where the game offers no such view for the seat.
    ///
    /// [`View::badges`]: crate::art::View::badges
    fn computer_thinks(_earlier: &[Self], _now: &Self, _seat: u8) -> Option<Vec<(String, f64)>>
    where
        Self: Sized,
    {
        None
    }
    /// Whether [`Presented::computer_thinks`] answers for `seat`.
    fn offers_computer_thinks(_seat: u8) -> bool
    where
        Self: Sized,
    {
        false
    }
    /// A computer player at level `level` (one of [`Presented::computer_levels`]).
    fn computer(_level: &str, _seed: u64) -> Option<Box<dyn Bot<Self> + Send>>
    where
        Self: Sized,
    {
        None
    }
}

/// A computer player's decision to be taken off the main thread: what its seat may know of
/// the position, the legal actions, and the player itself.
pub struct SeatJob<G: Game> {
    pub seat: u8,
    /// How many actions had been taken: the answer is for that position only.
    pub taken: usize,
    /// The rule of the pending decision, for the computer's remarks.
    pub rule: String,
    /// The position as the seat may know it ([`Game::view`]), never the state itself.
    pub view: G,
    pub actions: Vec<G::Action>,
}

impl<G: Game> SeatJob<G> {
    /// The decision pending in `session` if the computer plays the seat to move (and is in its
    /// seat): `None` while a person is to act, a die is asked for, or the game is over.
    pub fn pending(session: &Session<G>) -> Option<SeatJob<G>> {
        let game = session.state();
        if game.outcome().is_some() || session.pending_die().is_some() {
            return None;
        }
        let seat = match game.to_move() {
            Actor::Player(seat) => seat,
            Actor::Nobody => return None,
        };
        session.computer(seat)?;
        let actions = game.legal_actions();
        (!actions.is_empty()).then(|| SeatJob {
            seat,
            taken: session.actions().len(),
            rule: game.prompt().rule,
            view: game.view(seat).into_owned(),
            actions,
        })
    }
}

/// What a computer player decided, ready to be taken back to the session it came from.
pub struct ComputerDone {
    seat: u8,
    taken: usize,
    /// The player, its action (or why it failed) and its notes, of the game's own types.
    answer: Box<dyn Any + Send>,
}

impl std::fmt::Debug for ComputerDone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ComputerDone(seat {}, after {})", self.seat, self.taken)
    }
}

type Answer<G> = (
    Box<dyn Bot<G> + Send>,
    Result<<G as Game>::Action, String>,
    Vec<(Audience, Message)>,
    String,
);

/// A computer player's decision, to run on a worker thread ([`ComputerJob::run`]).
pub struct ComputerJob {
    pub seat: u8,
    work: Box<dyn FnOnce() -> ComputerDone + Send>,
}

impl ComputerJob {
    pub fn run(self) -> ComputerDone {
        (self.work)()
    }
}

fn computer_job<G>(job: SeatJob<G>, mut bot: Box<dyn Bot<G> + Send>) -> ComputerJob
where
    G: Game + Send,
    G::Action: Send,
{
    let (seat, taken) = (job.seat, job.taken);
    let work = move || {
        let decided = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let action = bot.choose(&job.view, &job.actions);
            (action, bot.take_notes())
        }));
        let (action, notes) = match decided {
            Ok((action, notes)) => (Ok(action), notes),
            Err(_) => (Err("the computer player failed".to_owned()), Vec::new()),
        };
        let answer: Answer<G> = (bot, action, notes, job.rule);
        ComputerDone {
            seat,
            taken,
            answer: Box::new(answer),
        }
    };
    ComputerJob {
        seat,
        work: Box::new(work),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Heuristic,
}

/// What `simulate` measured.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct SimReport {
    pub game: String,
    pub scenario: String,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub mean_points: Option<f64>,
    pub mean_actions: f64,
    /// The game's own counts ([`Playable::figures`]), summed over the games.
    pub figures: Vec<Figure>,
    pub seconds: f64,
    pub games_per_second: f64,
}

/// A game's rules, seen without their types.
pub trait Driver: Sync {
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    fn rules_reference(&self) -> Vec<RuleSection>;
    /// The game's optional rules, offered before a game starts.
    fn optional_rules(&self) -> Vec<OptionalRule>;
    /// The optional rules idle in `scenario`, with why ([`Playable::idle_optional_rules`]).
    fn idle_optional_rules(&self, scenario: &str) -> Vec<(&'static str, Message)>;
    /// The levels at which the computer can play a seat (see [`Presented::computer_levels`]).
    fn computer_levels(&self) -> Vec<ComputerLevel>;
    /// A new game; `options` names the optional rules switched on (by key). The error is in
    /// the reader's language (the window shows it).
    fn new_session(
        &self,
        scenario: &str,
        seed: u64,
        options: &[&str],
    ) -> Result<Box<dyn PlaySession>, String>;
    fn load_session(&self, bytes: &[u8], name: &str) -> Result<Box<dyn PlaySession>, String>;
    /// Plays `games` games; `after_each` hears how many are done after each and may stop the
    /// run early by answering `false` (the report then covers the games played).
    /// `options` names the optional rules switched on (by key), as for a new game.
    #[allow(clippy::too_many_arguments)]
    fn simulate(
        &self,
        scenario: &str,
        options: &[&str],
        games: u64,
        seed: u64,
        bot: BotKind,
        after_each: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport, String>;
    /// Lets a bot take up to `steps` actions in a session (stops when the game ends); returns
    /// how many it took.
    fn bot_steps(
        &self,
        session: &mut dyn PlaySession,
        bot: BotKind,
        seed: u64,
        steps: usize,
    ) -> Result<usize, String>;
    /// Runs the conformance suite ([`crate::engine::conformance::check`]) with these seeds
    /// (`rare_rules`: optional rules too rare for bot games, proved by rulebook tests); `Err`
    /// lists every failure with its game, scenario, seed and action number.
    fn conformance(&self, seeds: &[u64], rare_rules: &[&str]) -> Result<(), String>;
    /// Every text the game hands the catalogue while its heuristic bot plays these seeds
    /// ([`crate::engine::wording::words_shown`]).
    fn words_shown(&self, seeds: &[u64]) -> Result<std::collections::BTreeSet<String>, String>;
}

/// What the window needs of a prompt, with actions turned into indices.
#[derive(Clone, Debug, PartialEq)]
pub struct PromptView {
    pub actor: Actor,
    pub text: Message,
    pub rule: String,
    pub choices: Vec<ChoiceView>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChoiceView {
    pub label: Message,
    pub target: Option<String>,
}
/// A game being played, seen without its types: what the generic window drives.
pub trait PlaySession {
    fn game_id(&self) -> &'static str;
    /// How many seats the game has (1: solitaire).
    fn seats(&self) -> u8;
    /// The game's name for a seat, if it names them (see [`Presented::seat_name`]).
    fn seat_name(&self, seat: u8) -> Option<Message>;
    fn scenario(&self) -> &str;
    fn prompt(&self) -> PromptView;
    /// The kind of the pending decision ([`Playable::decision_kind`]); `"die"` while the
    /// player is asked for the face of a die they rolled.
    fn decision_kind(&self) -> String;
    /// Takes the prompt's choice number `index`.
    fn choose(&mut self, index: usize) -> Result<Stepped, String>;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// How many actions have been taken since the game was set up.
    fn actions_taken(&self) -> usize;
    fn undo(&mut self) -> Option<Stepped>;
    fn redo(&mut self) -> Option<Stepped>;
    fn set_casual_undo(&mut self, casual: bool);
    /// The whole log, every seat's lines included (one-player games, record sheets).
    fn log(&self) -> &Log;
    /// The log as `seat` may read it (what a window shows the seat to move).
    fn log_seen_by(&self, seat: u8) -> Cow<'_, Log>;
    fn outcome(&self) -> Option<Outcome>;
    fn save(&self, path: &std::path::Path) -> Result<(), SessionError>;
    fn autosave_to(&mut self, path: std::path::PathBuf);
    fn board(&self) -> Option<&dyn Board>;
    fn odds(&self) -> Option<Vec<(Message, f64)>>;
    /// What each of the prompt's choices risks (see [`Playable::risks`]), one list per choice
    /// in the prompt's order; empty lists while the player is asked for a die's face.
    fn risks(&self) -> Vec<Vec<(Message, f64)>>;
    fn filled_kit(&self) -> Option<Kit>;
    fn filled_kit_for(&self, seat: u8) -> Option<Kit>;
    /// The pending decision as a form, if the game offers one.
    fn form(&self) -> Option<FormView>;
    /// Checks a form's values (one option index per field) without taking them.
    fn check_form(&self, values: &[usize]) -> FormCheck;
    /// Takes the decision the form's values stand for.
    fn submit_form(&mut self, values: &[usize]) -> Result<Stepped, String>;
    /// The game state itself, for game-specific panels.
    fn state_any(&self) -> &dyn Any;
    /// The game state as its save writes it (the example scripts' expectations read it).
    fn state_json(&self) -> Result<serde_json::Value, String>;
    /// The player rolls their own dice: an action that rolls asks for each face first, as
    /// the prompt's choices (see [`Session::pending_die`]).
    fn set_own_dice(&mut self, own: bool);
    fn own_dice(&self) -> bool;
    /// A script fixed some of this game's results (arranged draws): the window says so.
    fn is_arranged(&self) -> bool;
    /// The game goes on from a save of an earlier version whose moves these rules could not
    /// replay ([`Session::continues_older_save`]): the window says so.
    fn continues_older_save(&self) -> bool;
    /// The session itself, for the driver of its game (a bot's action that is no button).
    fn session_any_mut(&mut self) -> &mut dyn Any;
    /// The levels at which the computer can play a seat (none: people play every seat).
    fn computer_levels(&self) -> Vec<ComputerLevel>;
    /// The level of the computer playing `seat`; `None` for a person.
    fn computer(&self, seat: u8) -> Option<String>;
    /// What the computer would think from `seat`'s view (see [`Presented::computer_thinks`]).
    fn computer_thinks(&self, seat: u8) -> Option<Vec<(String, f64)>>;
    /// Whether the game shows `seat` what the computer would think.
    fn offers_computer_thinks(&self, seat: u8) -> bool;
    /// Hands `seat` to the computer at `level`, or to a person (`None`); saved with the game.
    fn set_computer(&mut self, seat: u8, level: Option<&str>) -> Result<Stepped, String>;
    /// The computer's decision, when the seat to move is the computer's: built here from that
    /// seat's view only, to run anywhere. Until its answer is back the seat has no other job.
    fn computer_job(&mut self) -> Option<ComputerJob>;
    /// Takes a computer's decision, unless the position changed since its job was built
    /// (`Ok(None)`); its reasons go to the log for its seat.
    fn finish_computer(&mut self, done: ComputerDone) -> Result<Option<Stepped>, String>;
}

impl<G: Presented + Send> PlaySession for Session<G>
where
    G::Action: Send,
{
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn seats(&self) -> u8 {
        G::SEATS
    }
    fn seat_name(&self, seat: u8) -> Option<Message> {
        self.state().seat_name(seat)
    }
    fn scenario(&self) -> &str {
        Session::scenario(self)
    }
    fn prompt(&self) -> PromptView {
        let p = Session::prompt(self);
        if let Some(die) = self.pending_die() {
            return die_prompt(die, p.actor, p.rule);
        }
        PromptView {
            actor: p.actor,
            text: p.text,
            rule: p.rule,
            choices: p
                .choices
                .into_iter()
                .map(|c| ChoiceView {
                    label: c.label,
                    target: c.target,
                })
                .collect(),
        }
    }
    fn decision_kind(&self) -> String {
        // A finished game has no decision left for the guide to explain.
        if self.outcome().is_some() {
            return String::new();
        }
        if self.pending_die().is_some() {
            return "die".to_owned();
        }
        self.state().decision_kind()
    }
    fn choose(&mut self, index: usize) -> Result<Stepped, String> {
        if let Some(die) = self.pending_die() {
            let face = die
                .die
                .faces()
                .nth(index)
                .ok_or_else(|| format!("no face number {index}"))?;
            return self.roll(face).map_err(|r| r.reason.render());
        }
        let prompt = Session::prompt(self);
        let choice = prompt
            .choices
            .get(index)
            .ok_or_else(|| format!("no choice number {index}"))?;
        let action = choice.action.clone();
        self.apply(&action).map_err(|r| r.reason.render())
    }
    fn can_undo(&self) -> bool {
        Session::can_undo(self)
    }
    fn can_redo(&self) -> bool {
        Session::can_redo(self)
    }
    fn actions_taken(&self) -> usize {
        self.actions().len()
    }
    fn undo(&mut self) -> Option<Stepped> {
        Session::undo(self)
    }
    fn redo(&mut self) -> Option<Stepped> {
        Session::redo(self)
    }
    fn set_casual_undo(&mut self, casual: bool) {
        self.casual = casual;
    }
    fn log(&self) -> &Log {
        self.state().log()
    }
    fn log_seen_by(&self, seat: u8) -> Cow<'_, Log> {
        match self.log_with_remarks() {
            Cow::Borrowed(log) => log.seen_by(seat),
            Cow::Owned(log) => Cow::Owned(log.seen_by(seat).into_owned()),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }
    fn save(&self, path: &std::path::Path) -> Result<(), SessionError> {
        Session::save(self, path)
    }
    fn autosave_to(&mut self, path: std::path::PathBuf) {
        Session::autosave_to(self, path)
    }
    fn board(&self) -> Option<&dyn Board> {
        self.state().board()
    }
    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        // While the player is asked for a die's face, the odds are that roll's, never the
        // previous decision's.
        match self.pending_die() {
            Some(die) => die_odds(die),
            None => self.state().odds(),
        }
    }
    fn risks(&self) -> Vec<Vec<(Message, f64)>> {
        if self.pending_die().is_some() {
            return Vec::new();
        }
        let prompt = Session::prompt(self);
        let state = self.state();
        prompt
            .choices
            .iter()
            .map(|c| state.risks(&c.action))
            .collect()
    }
    fn filled_kit(&self) -> Option<Kit> {
        self.state().filled_kit()
    }
    fn filled_kit_for(&self, seat: u8) -> Option<Kit> {
        self.state().filled_kit_for(seat)
    }
    fn form(&self) -> Option<FormView> {
        // While a die is asked for, its faces are the prompt's choices.
        self.pending_die().is_none().then(|| self.state().form())?
    }
    fn check_form(&self, values: &[usize]) -> FormCheck {
        let (facts, action) = self.state().form_action(values);
        // The rules decide: the action is tried on a copy of the position.
        let refusal = match action {
            Ok(action) => self.state().clone().apply(&action).err().map(|r| *r.reason),
            Err(why) => Some(why),
        };
        FormCheck { facts, refusal }
    }
    fn submit_form(&mut self, values: &[usize]) -> Result<Stepped, String> {
        let (_, action) = self.state().form_action(values);
        let action = action.map_err(|m| m.render())?;
        self.apply(&action).map_err(|r| r.reason.render())
    }
    fn state_any(&self) -> &dyn Any {
        self.state()
    }
    fn state_json(&self) -> Result<serde_json::Value, String> {
        serde_json::to_value(self.state()).map_err(|e| e.to_string())
    }
    fn set_own_dice(&mut self, own: bool) {
        Session::set_own_dice(self, own)
    }
    fn own_dice(&self) -> bool {
        Session::own_dice(self)
    }
    fn continues_older_save(&self) -> bool {
        Session::continues_older_save(self)
    }
    fn is_arranged(&self) -> bool {
        Session::is_arranged(self)
    }
    fn session_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn computer_levels(&self) -> Vec<ComputerLevel> {
        G::computer_levels()
    }
    fn computer(&self, seat: u8) -> Option<String> {
        Session::computer(self, seat).map(str::to_owned)
    }
    fn computer_thinks(&self, seat: u8) -> Option<Vec<(String, f64)>> {
        G::computer_thinks(self.history(), self.state(), seat)
    }
    fn offers_computer_thinks(&self, seat: u8) -> bool {
        G::offers_computer_thinks(seat)
    }
    fn set_computer(&mut self, seat: u8, level: Option<&str>) -> Result<Stepped, String> {
        if seat >= G::SEATS {
            return Err(format!("no seat {seat}"));
        }
        let computer = match level {
            None => None,
            Some(level) => {
                let seed = self.seed() ^ (u64::from(seat) << 56) ^ self.actions().len() as u64;
                let bot = G::computer(level, seed)
                    .ok_or_else(|| format!("no computer level '{level}' in this game"))?;
                Some((level.to_owned(), bot))
            }
        };
        Ok(self.seat_computer(seat, computer))
    }
    fn computer_job(&mut self) -> Option<ComputerJob> {
        let job = SeatJob::pending(self)?;
        let bot = self.take_bot(job.seat)?;
        Some(computer_job(job, bot))
    }
    fn finish_computer(&mut self, done: ComputerDone) -> Result<Option<Stepped>, String> {
        let answer = done
            .answer
            .downcast::<Answer<G>>()
            .map_err(|_| "the computer's answer is of another game".to_owned())?;
        let (bot, action, notes, rule) = *answer;
        let action = match action {
            Ok(action) => action,
            Err(e) => {
                // A player that failed is not asked again: a person takes the seat.
                self.seat_computer(done.seat, None);
                return Err(e);
            }
        };
        self.return_bot(done.seat, bot);
        let still = self.actions().len() == done.taken
            && self.pending_die().is_none()
            && self.state().to_move() == Actor::Player(done.seat)
            && Session::computer(self, done.seat).is_some();
        if !still {
            return Ok(None);
        }
        for (audience, note) in notes {
            self.remark(audience, rule.clone(), note);
        }
        self.apply(&action).map(Some).map_err(|r| r.reason.render())
    }
}

/// The chance of `faces` faces out of `sides`, in percent: "30 %", "16.7 %".
fn chance(faces: usize, sides: usize) -> Message {
    let shown = 100.0 * faces as f64 / sides.max(1) as f64;
    let places = if shown.fract() == 0.0 { 0 } else { 1 };
    msg("{percent} %").message("percent", decimal(shown, places))
}

/// The chances of the readings of the die the player is asked for, in the order they first
/// appear on its faces; nothing when the roll site does not say what the faces read.
fn die_odds(die: &DieRequest) -> Option<Vec<(Message, f64)>> {
    if die.faces.is_empty() {
        return None;
    }
    let sides = die.die.faces().count().max(1) as f64;
    let mut counts: Vec<(Message, usize)> = Vec::new();
    for reads in &die.faces {
        match counts.iter_mut().find(|(r, _)| r == reads) {
            Some((_, n)) => *n += 1,
            None => counts.push((reads.clone(), 1)),
        }
    }
    // Counted, then divided: a sure reading is exactly 1 (shown "100 %", not "> 99.9 %").
    Some(
        counts
            .into_iter()
            .map(|(reads, n)| (reads, n as f64 / sides))
            .collect(),
    )
}

/// The prompt that asks the player for the face of a die they rolled: one choice per face, in
/// the order of [`Die::faces`], each with what it reads when the roll site says and the chance
/// of that reading (the share of the die's faces that read the same).
fn die_prompt(die: &DieRequest, actor: Actor, rule: String) -> PromptView {
    let text = match &die.label {
        Some(what) => msg("Roll {die} for {what}")
            .static_arg("die", die.die.name())
            .message("what", what.clone()),
        None => msg("Roll {die}").static_arg("die", die.die.name()),
    };
    let sides = die.die.faces().count();
    let choices = die
        .die
        .faces()
        .enumerate()
        .map(|(i, face)| ChoiceView {
            label: match die.faces.get(i) {
                // Translators: a face of the player's die, what it reads and the chance of
                // that reading, e.g. "7 — Hit (30 %)".
                Some(reads) => msg("{face} — {reads} ({chance})")
                    .arg("face", face)
                    .message("reads", reads.clone())
                    .message(
                        "chance",
                        chance(die.faces.iter().filter(|r| *r == reads).count(), sides),
                    ),
                // Translators: a face of the player's die and its chance, e.g. "7 (10 %)".
                None => msg("{face} ({chance})")
                    .arg("face", face)
                    .message("chance", chance(1, sides)),
            },
            target: None,
        })
        .collect();
    PromptView {
        actor,
        text,
        rule,
        choices,
    }
}

/// The one driver implementation, for any playable game.
pub struct GameDriver<G>(std::marker::PhantomData<fn() -> G>);

impl<G> GameDriver<G> {
    pub const fn new() -> Self {
        GameDriver(std::marker::PhantomData)
    }
}

impl<G> Default for GameDriver<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// More actions than any real game takes: a bot game that runs past it is a bug.
pub(crate) const MAX_ACTIONS: usize = 200_000;

impl<G: Presented + Send> Driver for GameDriver<G>
where
    G::Action: Send,
{
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        G::scenarios()
    }

    fn rules_reference(&self) -> Vec<RuleSection> {
        G::rules_reference()
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        G::optional_rules()
    }

    fn idle_optional_rules(&self, scenario: &str) -> Vec<(&'static str, Message)> {
        G::idle_optional_rules(scenario)
    }

    fn new_session(
        &self,
        scenario: &str,
        seed: u64,
        options: &[&str],
    ) -> Result<Box<dyn PlaySession>, String> {
        let options = options_with::<G>(options)?;
        Session::<G>::new(scenario, options, seed)
            .map(|s| Box::new(s) as Box<dyn PlaySession>)
            .map_err(|e| e.message().render())
    }

    fn load_session(&self, bytes: &[u8], name: &str) -> Result<Box<dyn PlaySession>, String> {
        let mut session: Box<dyn PlaySession> = Session::<G>::from_bytes(bytes, name)
            .map(Box::new)
            .map_err(|e| e.message().render())?;
        // The computers the save names take their seats again.
        for seat in 0..G::SEATS {
            if let Some(level) = session.computer(seat) {
                session
                    .set_computer(seat, Some(&level))
                    .map_err(|e| format!("{name}: {e}"))?;
            }
        }
        Ok(session)
    }

    fn computer_levels(&self) -> Vec<ComputerLevel> {
        G::computer_levels()
    }

    fn bot_steps(
        &self,
        session: &mut dyn PlaySession,
        bot: BotKind,
        seed: u64,
        steps: usize,
    ) -> Result<usize, String> {
        let session = session
            .session_any_mut()
            .downcast_mut::<Session<G>>()
            .ok_or("the session is of another game")?;
        let mut bot = make_bot::<G>(bot, seed);
        // A bot that rolls its own dice rolls them with a generator of its own.
        let mut dice = Rng::seeded(seed ^ 0xD1CE);
        for taken in 0..steps {
            if let Some(die) = session.pending_die() {
                let faces: Vec<u8> = die.die.faces().collect();
                let face = faces[dice.index(faces.len())];
                session.roll(face).map_err(|r| r.reason.render())?;
                continue;
            }
            let game = session.state();
            if game.outcome().is_some() {
                return Ok(taken);
            }
            let actions = game.legal_actions();
            if actions.is_empty() {
                return Err(format!("dead end: {}", game.prompt().text.english()));
            }
            // The bot may answer with a whole decision at once, as a form takes it (Skyhawk's
            // load): the rules check it like any other action.
            let action = bot.choose(&game.view(acting_seat(game)), &actions);
            session.apply(&action).map_err(|r| r.reason.render())?;
        }
        Ok(steps)
    }

    fn conformance(&self, seeds: &[u64], rare_rules: &[&str]) -> Result<(), String> {
        crate::engine::conformance::check::<G>(seeds, rare_rules)
    }

    fn words_shown(&self, seeds: &[u64]) -> Result<std::collections::BTreeSet<String>, String> {
        crate::engine::wording::words_shown::<G>(seeds)
    }

    fn simulate(
        &self,
        scenario: &str,
        options: &[&str],
        requested: u64,
        seed: u64,
        bot: BotKind,
        after_each: &mut dyn FnMut(u64) -> bool,
    ) -> Result<SimReport, String> {
        let start = Instant::now();
        let mut report = SimReport {
            game: G::ID.to_owned(),
            scenario: scenario.to_owned(),
            ..SimReport::default()
        };
        let mut points_total = 0i64;
        let mut points_seen = 0u64;
        let mut actions_total = 0u64;
        let options = options_with::<G>(options)?;
        let mut games = 0;
        for i in 0..requested {
            let game_seed = seed.wrapping_add(i);
            let mut game = G::setup(scenario, &options, game_seed).map_err(|e| e.to_string())?;
            game.quiet_log();
            let mut bot = make_bot::<G>(bot, game_seed);
            let (outcome, actions) = play_out(&mut game, bot.as_mut(), MAX_ACTIONS)
                .map_err(|e| format!("game with seed {game_seed}: {e}"))?;
            actions_total += actions as u64;
            match outcome.verdict {
                Verdict::Win => report.wins += 1,
                Verdict::Draw => report.draws += 1,
                Verdict::Loss => report.losses += 1,
            }
            if let Some(p) = outcome.points {
                points_total += i64::from(p);
                points_seen += 1;
            }
            add_figures(&mut report.figures, game.figures());
            games = i + 1;
            if !after_each(games) {
                break;
            }
        }
        report.games = games;
        report.seconds = start.elapsed().as_secs_f64();
        report.games_per_second = if report.seconds > 0.0 {
            games as f64 / report.seconds
        } else {
            0.0
        };
        report.mean_actions = if games > 0 {
            actions_total as f64 / games as f64
        } else {
            0.0
        };
        report.mean_points = (points_seen > 0).then(|| points_total as f64 / points_seen as f64);
        Ok(report)
    }
}

fn make_bot<G: Playable>(kind: BotKind, seed: u64) -> Box<dyn Bot<G>> {
    match kind {
        BotKind::Random => Box::new(RandomBot::new(seed)),
        BotKind::Heuristic => G::heuristic_bot(seed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::testing::{Duel, Peeker};

    impl Playable for Duel {
        /// The bot that fails the test if it is handed anything its seat may not know.
        fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>> {
            Box::new(Peeker::new(seed))
        }
        fn rules_reference() -> Vec<RuleSection> {
            Vec::new()
        }
    }

    impl Presented for Duel {}

    /// Each face the player may enter shows what it reads and the chance of that reading.
    #[test]
    fn a_die_face_shows_its_reading_and_the_chance_of_it() {
        use crate::engine::arranged::Die;
        const TABLE: &str = "Table 11";
        let reads = |f: u8| msg(if f >= 7 { "Hit" } else { "Miss" });
        let die = DieRequest {
            die: Die::D10,
            // (Not a catalogue string: a label of the test's own.)
            label: Some(msg(TABLE)),
            faces: Die::D10.faces().map(reads).collect(),
        };
        let prompt = die_prompt(&die, Actor::Player(0), String::new());
        let labels: Vec<String> = prompt.choices.iter().map(|c| c.label.english()).collect();
        assert_eq!(labels[0], "0 — Miss (70 %)");
        assert_eq!(labels[7], "7 — Hit (30 %)");
        let plain = DieRequest {
            die: Die::D6,
            label: None,
            faces: Vec::new(),
        };
        let prompt = die_prompt(&plain, Actor::Player(0), String::new());
        assert_eq!(prompt.text.english(), "Roll d6");
        assert_eq!(prompt.choices[5].label.english(), "6 (16.7 %)");
    }

    #[test]
    fn simulations_and_bot_steps_hand_bots_their_seats_view() {
        let driver = GameDriver::<Duel>::new();
        let report = driver
            .simulate("duel", &[], 40, 7, BotKind::Heuristic, &mut |_| true)
            .unwrap();
        assert_eq!(report.wins + report.losses, 40);
        let stopped = driver
            .simulate("duel", &[], 40, 7, BotKind::Heuristic, &mut |done| {
                done < 12
            })
            .unwrap();
        assert_eq!((stopped.games, stopped.wins + stopped.losses), (12, 12));
        let mut session = driver.new_session("duel", 7, &[]).unwrap();
        let taken = driver
            .bot_steps(session.as_mut(), BotKind::Heuristic, 7, 1_000)
            .unwrap();
        assert!(taken > 0 && session.outcome().is_some());
    }

    #[test]
    fn a_session_shows_each_seat_its_own_log() {
        let driver = GameDriver::<Duel>::new();
        let mut session = driver.new_session("duel", 1, &[]).unwrap();
        // Seat 0 notes its secret (choice 0), then shows it (choice 1): one line for seat 0
        // alone, one for both.
        session.choose(0).unwrap();
        session.choose(1).unwrap();
        let lines = |seat: u8| -> Vec<String> {
            session
                .log_seen_by(seat)
                .entries()
                .iter()
                .map(|e| e.english())
                .collect()
        };
        let secret = session.state_any().downcast_ref::<Duel>().unwrap().secrets[0];
        assert_eq!(
            lines(0),
            [
                format!("[1] Your secret is {secret}"),
                "[1] A secret is shown".to_owned()
            ]
        );
        assert_eq!(lines(1), ["[1] A secret is shown"]);
        assert_eq!(session.log().len(), 2);
        assert_eq!(Duel::SEATS, session.seats());
    }
}
