//! What the application knows of each game: its name and blurb for the launcher, and, once
//! its rules exist, a driver that starts, loads, draws and simulates it without the caller
//! knowing the game's types. The launcher, the game windows and the command line all go
//! through this list.

use std::any::Any;
use std::time::Instant;

use crate::art::Board;
use crate::engine::bot::{Bot, RandomBot, play_out};
use crate::engine::game::{Actor, Game, Outcome, ScenarioInfo, Verdict};
use crate::engine::log::Log;
use crate::engine::message::{Message, msg};
use crate::engine::reference::RuleSection;
use crate::engine::session::{Session, SessionError, Stepped};

/// One game of the collection.
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    /// e.g. "1 player".
    pub players: Message,
    pub blurb: Message,
    /// `None` while the game's rules are not written yet.
    pub driver: Option<&'static dyn Driver>,
    /// What a player should know before starting (a game still without its board).
    pub note: Option<Message>,
}

impl GameInfo {
    pub fn playable(&self) -> bool {
        self.driver.is_some()
    }
}

/// Every game, in the launcher's order.
pub fn games() -> Vec<GameInfo> {
    vec![
        GameInfo {
            id: "csar",
            title: "That Others May Live",
            players: msg("1 player"),
            blurb: msg("Combat search and rescue: bring the downed airmen home under the guns."),
            driver: Some(&crate::games::csar::DRIVER),
            note: None,
        },
        GameInfo {
            id: "skyhawk",
            title: "Skyhawk: Rolling Thunder 1966",
            players: msg("1 player"),
            blurb: msg("Fly A-4 strike missions from Yankee Station and bring the jet back."),
            driver: Some(&crate::games::skyhawk::DRIVER),
            note: None,
        },
        GameInfo {
            id: "search_destroy",
            title: "Search & Destroy",
            players: msg("2 players"),
            blurb: msg("Company-level hunt through hidden units on a hex map."),
            driver: None,
            note: None,
        },
        GameInfo {
            id: "phantom_leader",
            title: "Phantom Leader",
            players: msg("1 player"),
            blurb: msg("Command a squadron of F-4 Phantoms through a whole campaign."),
            driver: None,
            note: None,
        },
        GameInfo {
            id: "chopper_pilot",
            title: "Chopper Pilot Vietnam",
            players: msg("1 player"),
            blurb: msg("Fly a Huey crew through insertions, extractions and medevacs."),
            driver: None,
            note: None,
        },
    ]
}

pub fn find(id: &str) -> Option<GameInfo> {
    games().into_iter().find(|g| g.id == id)
}

/// The ids of every game, for error messages.
pub fn ids() -> Vec<&'static str> {
    games().iter().map(|g| g.id).collect()
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
    pub seconds: f64,
    pub games_per_second: f64,
}

/// A game's rules, seen without their types.
pub trait Driver: Sync {
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    fn rules_reference(&self) -> Vec<RuleSection>;
    /// The game's optional rules, offered before a game starts.
    fn optional_rules(&self) -> Vec<OptionalRule>;
    /// A new game; `options` names the optional rules switched on (by key).
    fn new_session(
        &self,
        scenario: &str,
        seed: u64,
        options: &[&str],
    ) -> Result<Box<dyn PlaySession>, String>;
    fn load_session(&self, bytes: &[u8], name: &str) -> Result<Box<dyn PlaySession>, String>;
    fn simulate(
        &self,
        scenario: &str,
        games: u64,
        seed: u64,
        bot: BotKind,
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

/// A decision the window can offer as one form to fill in rather than a chain of buttons (the
/// Skyhawk's Ordnance Card): a list of fields, each a choice among labelled options. The game
/// turns the values into one of its actions and checks it; the window only shows the fields,
/// the game's facts about the values and its reason for refusing them.
#[derive(Clone, Debug, PartialEq)]
pub struct FormView {
    pub title: Message,
    /// What the player needs to know to fill it in (the Skyhawk's target and route package).
    pub description: Message,
    /// The rule reference of the decision.
    pub rule: String,
    /// What the button that submits the form says.
    pub submit: Message,
    pub fields: Vec<FormField>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FormField {
    pub label: Message,
    pub options: Vec<Message>,
    /// The option shown first (the position's current value).
    pub selected: usize,
}

/// What the game says of a form's values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormCheck {
    /// Facts about the values (weights, fuel) shown whether or not they are legal.
    pub facts: Vec<Message>,
    /// Why the values may not be submitted; `None` when they may.
    pub refusal: Option<Message>,
}

/// A game being played, seen without its types: what the generic window drives.
pub trait PlaySession {
    fn game_id(&self) -> &'static str;
    fn scenario(&self) -> &str;
    fn prompt(&self) -> PromptView;
    /// Takes the prompt's choice number `index`.
    fn choose(&mut self, index: usize) -> Result<Stepped, String>;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    fn undo(&mut self) -> Option<Stepped>;
    fn redo(&mut self) -> Option<Stepped>;
    fn set_casual_undo(&mut self, casual: bool);
    fn log(&self) -> &Log;
    fn outcome(&self) -> Option<Outcome>;
    fn save(&self, path: &std::path::Path) -> Result<(), SessionError>;
    fn autosave_to(&mut self, path: std::path::PathBuf);
    fn board(&self) -> Option<&dyn Board>;
    fn odds(&self) -> Option<Vec<(Message, f64)>>;
    fn filled_kit(&self) -> Option<crate::export::Kit>;
    /// The pending decision as a form, if the game offers one.
    fn form(&self) -> Option<FormView>;
    /// Checks a form's values (one option index per field) without taking them.
    fn check_form(&self, values: &[usize]) -> FormCheck;
    /// Takes the decision the form's values stand for.
    fn submit_form(&mut self, values: &[usize]) -> Result<Stepped, String>;
    /// The game state itself, for game-specific panels.
    fn state_any(&self) -> &dyn Any;
    /// The session itself, for the driver of its game (a bot's action that is no button).
    fn session_any_mut(&mut self) -> &mut dyn Any;
}

/// An optional rule a player may switch on before a game starts.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionalRule {
    /// The field of the game's `Options` it sets.
    pub key: &'static str,
    pub title: Message,
    /// The rulebook section.
    pub rule: &'static str,
}

/// What a game adds to [`Game`] to be driven by the application.
pub trait Playable: Game {
    fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>>;
    fn rules_reference() -> Vec<RuleSection>;
    /// Its optional rules, by the field names of `Options` (each a `bool`).
    fn optional_rules() -> Vec<OptionalRule> {
        Vec::new()
    }
    /// The state as a board to draw and click; `None` while the game has no art yet (the
    /// window then offers the prompt's actions as buttons only).
    fn board(&self) -> Option<&dyn Board> {
        None
    }
    /// The exact chance of each outcome of the pending risky decision, if there is one.
    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        None
    }
    /// The print-and-play kit with its record sheets filled in from this game.
    fn filled_kit(&self) -> Option<crate::export::Kit> {
        None
    }
    /// The pending decision as a form (see [`FormView`]), if the game offers one.
    fn form(&self) -> Option<FormView> {
        None
    }
    /// The action a form's values stand for, with facts about them; `Err` says why the values
    /// make no action at all. Whether the action is legal is the rules' own check.
    fn form_action(&self, _values: &[usize]) -> (Vec<Message>, Result<Self::Action, Message>) {
        (Vec::new(), Err(msg("This decision has no form")))
    }
}

impl<G: Playable> PlaySession for Session<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }
    fn scenario(&self) -> &str {
        Session::scenario(self)
    }
    fn prompt(&self) -> PromptView {
        let p = Session::prompt(self);
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
    fn choose(&mut self, index: usize) -> Result<Stepped, String> {
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
        self.state().odds()
    }
    fn filled_kit(&self) -> Option<crate::export::Kit> {
        self.state().filled_kit()
    }
    fn form(&self) -> Option<FormView> {
        self.state().form()
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
    fn session_any_mut(&mut self) -> &mut dyn Any {
        self
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
const MAX_ACTIONS: usize = 200_000;

impl<G: Playable> Driver for GameDriver<G> {
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        G::scenarios()
    }

    fn rules_reference(&self) -> Vec<RuleSection> {
        G::rules_reference()
    }

    fn optional_rules(&self) -> Vec<OptionalRule> {
        G::optional_rules()
    }

    fn new_session(
        &self,
        scenario: &str,
        seed: u64,
        options: &[&str],
    ) -> Result<Box<dyn PlaySession>, String> {
        // Options are serde structs of switches: turn the chosen keys on, the rest default.
        let switches: serde_json::Map<String, serde_json::Value> = options
            .iter()
            .map(|k| ((*k).to_owned(), serde_json::Value::Bool(true)))
            .collect();
        let options: G::Options = serde_json::from_value(serde_json::Value::Object(switches))
            .map_err(|e| format!("optional rules: {e}"))?;
        Session::<G>::new(scenario, options, seed)
            .map(|s| Box::new(s) as Box<dyn PlaySession>)
            .map_err(|e| e.to_string())
    }

    fn load_session(&self, bytes: &[u8], name: &str) -> Result<Box<dyn PlaySession>, String> {
        Session::<G>::from_bytes(bytes, name)
            .map(|s| Box::new(s) as Box<dyn PlaySession>)
            .map_err(|e| e.to_string())
    }

    fn bot_steps(
        &self,
        session: &mut dyn PlaySession,
        bot: BotKind,
        seed: u64,
        steps: usize,
    ) -> Result<usize, String> {
        let mut bot = make_bot::<G>(bot, seed);
        for taken in 0..steps {
            if session.outcome().is_some() {
                return Ok(taken);
            }
            let game = session
                .state_any()
                .downcast_ref::<G>()
                .ok_or("the session is of another game")?
                .clone();
            let actions = game.legal_actions();
            if actions.is_empty() {
                return Err(format!("dead end: {}", game.prompt().text.english()));
            }
            let action = bot.choose(&game, &actions);
            match actions.iter().position(|a| *a == action) {
                Some(index) => {
                    session.choose(index)?;
                }
                // A whole decision at once, as a form takes it (Skyhawk's load): the rules
                // check it like any other action.
                None => {
                    session
                        .session_any_mut()
                        .downcast_mut::<Session<G>>()
                        .ok_or("the session is of another game")?
                        .apply(&action)
                        .map_err(|r| r.reason.render())?;
                }
            }
        }
        Ok(steps)
    }

    fn simulate(
        &self,
        scenario: &str,
        games: u64,
        seed: u64,
        bot: BotKind,
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
        for i in 0..games {
            let game_seed = seed.wrapping_add(i);
            let mut game =
                G::setup(scenario, &G::Options::default(), game_seed).map_err(|e| e.to_string())?;
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

/// Loads a save or script of any game: reads its header to find the game, then replays it.
pub fn load_any(bytes: &[u8], name: &str) -> Result<Box<dyn PlaySession>, String> {
    let header = crate::engine::session::read_header(bytes, name).map_err(|e| e.to_string())?;
    let info =
        find(&header.game).ok_or_else(|| format!("{name}: unknown game '{}'", header.game))?;
    let driver = info
        .driver
        .ok_or_else(|| format!("{name}: {} is not playable in this version", info.title))?;
    driver.load_session(bytes, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_games_with_unique_ids() {
        let ids = ids();
        assert_eq!(ids.len(), 5);
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 5);
        assert!(find("csar").is_some());
        assert!(find("nope").is_none());
    }

    #[test]
    fn every_optional_rule_switches_a_real_option() {
        for info in games() {
            let Some(driver) = info.driver else { continue };
            let scenario = driver.scenarios()[0].id;
            let plain = driver.new_session(scenario, 1, &[]).unwrap();
            let plain = serde_json::to_value(options_of(plain.as_ref())).unwrap();
            let rules = driver.optional_rules();
            let all: Vec<&str> = rules.iter().map(|r| r.key).collect();
            let with_all = options_of(driver.new_session(scenario, 1, &all).unwrap().as_ref());
            for rule in &rules {
                assert_eq!(
                    with_all[rule.key], true,
                    "{}: no option '{}'",
                    info.id, rule.key
                );
                // Alone, a rule either starts a game or is refused with a reason (one that
                // needs another, as Skyhawk's engine fires need harsher damage).
                match driver.new_session(scenario, 1, &[rule.key]) {
                    Ok(s) => assert_ne!(options_of(s.as_ref()), plain, "{}", rule.key),
                    Err(e) => assert!(!e.is_empty()),
                }
            }
        }
    }

    /// The options a session was started with, as its save records them.
    fn options_of(session: &dyn PlaySession) -> serde_json::Value {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        session.save(&path).unwrap();
        let save: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        save["options"].clone()
    }

    #[test]
    fn the_heuristic_bot_finishes_a_game_of_each_through_the_session() {
        for info in games() {
            let Some(driver) = info.driver else { continue };
            let scenario = driver.scenarios()[0].id;
            let mut session = driver.new_session(scenario, 3, &[]).unwrap();
            driver
                .bot_steps(session.as_mut(), BotKind::Heuristic, 3, MAX_ACTIONS)
                .unwrap_or_else(|e| panic!("{}: {e}", info.id));
            assert!(session.outcome().is_some(), "{} did not finish", info.id);
        }
    }

    #[test]
    fn load_any_names_unknown_games() {
        let e = load_any(
            br#"{"format":"tonkin-save","version":1,"game":"chess"}"#,
            "x.json",
        )
        .err()
        .unwrap();
        assert_eq!(e, "x.json: unknown game 'chess'");
    }
}
