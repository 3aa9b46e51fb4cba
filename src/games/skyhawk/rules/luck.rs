//! Lady Luck (Table 6, ruling R40): a token re-rolls one roll right after it is made and the
//! second result stands. The rules keep the position before the last decision; using a token
//! plays that decision again from there, with the chosen roll made twice. Every roll before
//! it falls the same (same generator state), so only that roll and what follows change.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::Action;
use super::state::{Skyhawk, Step};
use crate::engine::game::{Applied, Choice, Refusal};
use crate::engine::message::{Message, msg};

/// The position before the last decision, the decision, and the rolls it made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastDecision {
    pub before: Skyhawk,
    pub action: Action,
    /// Roll counts: the decision made rolls `first + 1 ..= last`.
    pub first: u32,
    pub last: u32,
    /// Log length before the decision (the log is rebuilt up to there if a token is used).
    pub log_from: usize,
    /// The log lines of its rolls `first + 1 ..= last`, in order, with what they were
    /// rolled on.
    #[serde(default)]
    pub lines: Vec<RollLine>,
    /// Rolls up to this one were already re-rolled or stand.
    pub settled: u32,
}

/// The table, column and total modifier of a roll: all its odds need, as plain data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledOn {
    pub table: Cow<'static, str>,
    pub column: usize,
    pub modifier: i32,
}

/// The log line of a roll and what it was rolled on (the odds of rolling it again).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "SavedLine")]
pub struct RollLine {
    pub line: Message,
    /// `None` in saves from before the odds were kept.
    pub rolled: Option<RolledOn>,
}

/// A roll line as saved: older saves kept the message alone.
#[derive(Deserialize)]
#[serde(untagged)]
enum SavedLine {
    Kept {
        line: Message,
        rolled: Option<RolledOn>,
    },
    Message(Message),
}

impl From<SavedLine> for RollLine {
    fn from(saved: SavedLine) -> Self {
        match saved {
            SavedLine::Kept { line, rolled } => RollLine { line, rolled },
            SavedLine::Message(line) => RollLine { line, rolled: None },
        }
    }
}

impl Skyhawk {
    /// Before a decision: keep the position if a token could re-roll what it brings. The
    /// log is not copied (only its length is kept): it is rebuilt if the token is used.
    pub(crate) fn keep_for_luck(&mut self) -> Option<Skyhawk> {
        if self.lady_luck == 0 {
            return None;
        }
        let log = std::mem::take(&mut self.log);
        let last = self.last.take();
        self.roll_lines.clear();
        let before = self.clone();
        self.log = log;
        self.last = last;
        Some(before)
    }

    /// After a decision: remember it if it made rolls a token could change.
    pub(crate) fn remember_for_luck(
        &mut self,
        before: Option<Skyhawk>,
        log_before: usize,
        action: &Action,
        settled: u32,
    ) {
        self.last = None;
        let lines = std::mem::take(&mut self.roll_lines);
        let Some(before) = before else {
            return;
        };
        let first = before.rolls;
        if self.rolls > first.max(settled) && self.lady_luck > 0 {
            let log_from = log_before;
            self.last = Some(Box::new(LastDecision {
                before,
                action: action.clone(),
                first,
                last: self.rolls,
                log_from,
                lines,
                settled: settled.max(first),
            }));
            if self.step == Step::End {
                self.step = Step::Review;
            }
        }
    }

    /// The rolls of the last decision a token may still change, as choices.
    pub(crate) fn luck_choices(&self) -> Vec<Choice<Action>> {
        let Some(last) = &self.last else {
            return Vec::new();
        };
        if self.lady_luck == 0 {
            return Vec::new();
        }
        last.lines
            .iter()
            .zip(last.first + 1..)
            .filter(|(_, n)| *n > last.settled)
            .map(|(roll, n)| {
                Choice::new(
                    Action::LadyLuck(n),
                    msg("Lady Luck: roll again {roll}").message("roll", roll.line.clone()),
                )
            })
            .collect()
    }

    /// Spends a token on roll `n` of the last decision.
    pub(crate) fn use_luck(&mut self, n: u32) -> Result<Applied, Refusal> {
        let Some(last) = self.last.as_deref() else {
            return Err(Refusal::new(msg("No roll can be made again now")));
        };
        if self.lady_luck == 0 || n <= last.settled || n > last.last {
            return Err(Refusal::new(msg("Lady Luck cannot change that roll")));
        }
        let mut again = last.before.clone();
        again.log = self.log.head(last.log_from);
        again.lady_luck -= 1;
        again.reroll_at = Some(n);
        let action = last.action.clone();
        again.apply_decision(&action, n)?;
        *self = again;
        Ok(Applied::REVEALED)
    }
}
