//! What a game's rules offer beyond [`Game`] so that the application can play them: a bot,
//! the rules reference, optional rules, odds and forms. Everything here is rules-side and
//! headless; drawing and print-and-play kits are attached in the game's own `mod.rs`.

use super::bot::Bot;
use super::game::Game;
use super::message::{Message, msg};
use super::reference::RuleSection;

/// An optional rule a player may switch on before a game starts.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionalRule {
    /// The field of the game's `Options` it sets.
    pub key: &'static str,
    pub title: Message,
    /// The rulebook section.
    pub rule: &'static str,
    /// One sentence in the project's own words: what switching it on changes in play.
    pub summary: Message,
}

/// A level at which the computer can play a seat of a game (Easy, Normal, Hard).
#[derive(Clone, Debug, PartialEq)]
pub struct ComputerLevel {
    /// Its key in saves and on the command line, e.g. `normal`.
    pub id: &'static str,
    pub title: Message,
    /// One sentence: how the computer plays at this level.
    pub summary: Message,
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

/// What a game's rules add to [`Game`] to be driven by the application.
pub trait Playable: Game {
    fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>>;
    fn rules_reference() -> Vec<RuleSection>;
    /// Its optional rules, by the field names of `Options` (each a `bool`).
    fn optional_rules() -> Vec<OptionalRule> {
        Vec::new()
    }
    /// The optional rules that lie idle in `scenario`, by key, each with why: the new-game
    /// dialog greys them out and says so before the game starts.
    fn idle_optional_rules(_scenario: &str) -> Vec<(&'static str, Message)> {
        Vec::new()
    }
    /// The exact chance of each outcome of the pending risky decision, if there is one.
    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        None
    }
    /// What taking `action` (one of the prompt's) risks, where the rules can put a chance on
    /// it: each bad outcome with its probability, for the choice's tooltip. Built from what the
    /// seat to move may know, like [`Playable::odds`]; empty when nothing is at stake.
    fn risks(&self, _action: &Self::Action) -> Vec<(Message, f64)> {
        Vec::new()
    }
    /// A stable key for the kind of the pending decision (`"move"`, `"fire-burn"`), the same
    /// whatever its numbers: the in-app guide explains each kind the first time it comes up.
    /// By default the rule the prompt comes from.
    fn decision_kind(&self) -> String {
        self.prompt().rule
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
    /// What `tonkin simulate` counts of a finished game beyond its verdict and points (missions
    /// flown, how each scored, how a campaign ended), summed over the games of a run.
    fn figures(&self) -> Vec<Figure> {
        Vec::new()
    }
}

/// A count a game adds to `simulate`'s report (see [`Playable::figures`]): summed over the
/// games by its name, and shown as a rate of the figure named `per` where there is one (the
/// mean points of a mission, the share of tours in a band).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Figure {
    /// In English: the report is for the people measuring, like the rest of `simulate`'s.
    pub name: String,
    pub count: u64,
    pub per: Option<String>,
}

impl Figure {
    pub fn new(name: impl Into<String>, count: u64) -> Self {
        Figure {
            name: name.into(),
            count,
            per: None,
        }
    }

    /// The figure read as a rate of the figure named `of`.
    pub fn per(mut self, of: impl Into<String>) -> Self {
        self.per = Some(of.into());
        self
    }
}

/// Adds a game's figures to a run's totals, keeping the order they were first met in.
pub fn add_figures(totals: &mut Vec<Figure>, figures: Vec<Figure>) {
    for f in figures {
        match totals.iter_mut().find(|t| t.name == f.name) {
            Some(t) => t.count += f.count,
            None => totals.push(f),
        }
    }
}

/// The options of a game with the optional rules named by `keys` switched on and the rest at
/// their defaults (options are serde structs of switches).
pub fn options_with<G: Game>(keys: &[&str]) -> Result<G::Options, String> {
    // None chosen is the default, also for a game without optional rules (`()`).
    if keys.is_empty() {
        return Ok(G::Options::default());
    }
    let switches: serde_json::Map<String, serde_json::Value> = keys
        .iter()
        .map(|k| ((*k).to_owned(), serde_json::Value::Bool(true)))
        .collect();
    serde_json::from_value(serde_json::Value::Object(switches))
        .map_err(|e| format!("optional rules: {e}"))
}
