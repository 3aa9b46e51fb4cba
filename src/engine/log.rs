//! The game log: what happened, under which rule, and the random values behind it.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::dice::Roll;
use super::message::{Message, msg};

/// A name in the log: borrowed from the content for what the rules log, owned when read
/// back from a save.
pub type Name = Cow<'static, str>;

/// A random or hidden value that a log entry's result came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Random {
    Dice(Roll),
    /// Cards drawn, by name, in the order drawn.
    Cards(Vec<Name>),
    /// Cards drawn whose names are messages of their own (a number and a symbol word), in the
    /// order drawn.
    Drawn(Vec<Message>),
    /// A blind pick (cup draw, random choice among equals): what was picked out of how many.
    Pick {
        picked: String,
        out_of: usize,
    },
    /// A modifier applied to a roll, with its reason (a message without arguments: its
    /// template, saved as a message so that older saves read the same).
    Modifier {
        #[serde(with = "reason_as_message")]
        reason: Name,
        value: i32,
    },
}

mod reason_as_message {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Message, Name};

    pub fn serialize<S: Serializer>(reason: &Name, serializer: S) -> Result<S::Ok, S::Error> {
        Message::template(reason.clone()).serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
        Message::deserialize(deserializer).map(|m| m.id)
    }
}

/// Messages shown as one list ("a, b, c").
fn listed(items: &[Message]) -> Message {
    let mut items = items.iter().cloned();
    let first = items.next().unwrap_or_else(|| msg(""));
    // Translators: joins the items of a list in the log, e.g. "#3 roundel, #18 crosshairs".
    items.fold(first, |list, item| {
        msg("{list}, {item}")
            .message("list", list)
            .message("item", item)
    })
}

impl Random {
    /// What fell, as a translatable message.
    pub fn message(&self) -> Message {
        match self {
            Random::Dice(roll) => msg("{roll}").arg("roll", roll.describe()),
            // Translators: the cards drawn for a log entry, e.g. "cards: Attack, Suppress".
            Random::Cards(cards) => msg("cards: {cards}").terms("cards", cards),
            Random::Drawn(cards) => msg("cards: {cards}").message("cards", listed(cards)),
            // Translators: a blind pick in the log, e.g. "picked ZPU of 12".
            Random::Pick { picked, out_of } => msg("picked {picked} of {out_of}")
                .term("picked", picked.clone())
                .arg("out_of", out_of),
            Random::Modifier { reason, value } => msg("{value} {reason}")
                .arg("value", format!("{value:+}"))
                .message("reason", Message::template(reason.clone())),
        }
    }

    pub fn english(&self) -> String {
        self.message().english()
    }
}

/// Who may read a log entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    #[default]
    Everyone,
    /// Only this seat: what it alone may know (its hidden units, the cards in its hand).
    Seat(u8),
}

impl Audience {
    pub fn includes(self, seat: u8) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Seat(only) => only == seat,
        }
    }

    fn is_everyone(&self) -> bool {
        *self == Audience::Everyone
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The rulebook section this follows, e.g. `4.3.3 C` (borrowed for the rules' own
    /// literals and content tables, owned when read back from a save).
    pub rule: Cow<'static, str>,
    pub message: Message,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub random: Vec<Random>,
    /// Everyone, unless the entry is for one seat (saves from before seats read as everyone).
    #[serde(default, skip_serializing_if = "Audience::is_everyone")]
    pub audience: Audience,
}

impl LogEntry {
    pub fn english(&self) -> String {
        let mut line = format!("[{}] {}", self.rule, self.message.english());
        if !self.random.is_empty() {
            let parts: Vec<String> = self.random.iter().map(Random::english).collect();
            line.push_str(&format!(" ({})", parts.join("; ")));
        }
        line
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Log {
    entries: Vec<LogEntry>,
    /// Keeps nothing (see [`Log::quiet`]); not saved: a game read back logs again.
    #[serde(skip)]
    quiet: bool,
}

impl Log {
    /// Room made at the first entry: a whole game's log in a few steps of growth rather than
    /// many small ones (a simulated game writes a hundred entries or more).
    const FIRST_ROOM: usize = 256;

    /// A log that keeps nothing, for games that bots play only to count their results
    /// (`tonkin simulate`, benchmarks): nobody reads their story, and writing it is much of
    /// their cost. Rules must never read the log to decide anything, so a quiet game plays
    /// exactly as a logged one.
    pub fn quiet() -> Self {
        Log {
            entries: Vec::new(),
            quiet: true,
        }
    }

    /// Whether entries are kept: rules skip building what only the log would show.
    #[inline]
    pub fn keeps(&self) -> bool {
        !self.quiet
    }

    /// The first `n` entries, in a log that keeps entries as this one does.
    pub fn head(&self, n: usize) -> Log {
        Log {
            entries: self.entries[..n.min(self.entries.len())].to_vec(),
            quiet: self.quiet,
        }
    }

    /// Keeps only the first `n` entries (a step taken back: no entry is copied).
    pub fn truncate(&mut self, n: usize) {
        self.entries.truncate(n);
    }

    #[inline]
    pub fn add(&mut self, rule: impl Into<Cow<'static, str>>, message: Message) {
        self.add_with(rule, message, Vec::new());
    }

    #[inline]
    pub fn add_with(
        &mut self,
        rule: impl Into<Cow<'static, str>>,
        message: Message,
        random: Vec<Random>,
    ) {
        self.push(Audience::Everyone, rule.into(), message, random);
    }

    /// An entry that only `seat` may read (see [`Log::seen_by`]).
    pub fn add_for(
        &mut self,
        seat: u8,
        rule: impl Into<Cow<'static, str>>,
        message: Message,
        random: Vec<Random>,
    ) {
        self.push(Audience::Seat(seat), rule.into(), message, random);
    }

    #[inline]
    fn push(
        &mut self,
        audience: Audience,
        rule: Cow<'static, str>,
        message: Message,
        random: Vec<Random>,
    ) {
        if self.quiet {
            return;
        }
        if self.entries.capacity() == 0 {
            self.entries.reserve(Self::FIRST_ROOM);
        }
        self.entries.push(LogEntry {
            rule,
            message,
            random,
            audience,
        });
    }

    /// The log as `seat` may read it: the entries for everyone and those for that seat. A log
    /// without entries for one seat is itself (borrowed, nothing copied).
    pub fn seen_by(&self, seat: u8) -> Cow<'_, Log> {
        if self.entries.iter().all(|e| e.audience.includes(seat)) {
            return Cow::Borrowed(self);
        }
        Cow::Owned(Log {
            entries: self
                .entries
                .iter()
                .filter(|e| e.audience.includes(seat))
                .cloned()
                .collect(),
            quiet: self.quiet,
        })
    }

    /// This log with `extra` entries put in, each before the entry numbered by its position
    /// (after the last for a position past the end), in the order given.
    pub fn with_inserted<'a>(&self, extra: impl IntoIterator<Item = (usize, &'a LogEntry)>) -> Log {
        let mut extra = extra.into_iter().peekable();
        let mut entries = Vec::with_capacity(self.entries.len());
        for (at, entry) in self.entries.iter().enumerate() {
            while let Some((_, e)) = extra.next_if(|(pos, _)| *pos <= at) {
                entries.push(e.clone());
            }
            entries.push(entry.clone());
        }
        entries.extend(extra.map(|(_, e)| e.clone()));
        Log {
            entries,
            quiet: self.quiet,
        }
    }

    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::DiceKind;
    use crate::engine::message::{msg, msg_n};

    #[test]
    fn entry_carries_rule_and_randoms() {
        let mut log = Log::default();
        log.add_with(
            "4.3.3 C",
            msg_n("{n} hit", "{n} hits", 2).arg("n", 2),
            vec![
                Random::Cards(vec!["Blast".into(), "Crosshairs".into()]),
                Random::Dice(Roll {
                    kind: DiceKind::D10,
                    faces: vec![7].into(),
                    total: 7,
                }),
            ],
        );
        assert_eq!(log.len(), 1);
        assert_eq!(
            log.entries()[0].english(),
            "[4.3.3 C] 2 hits (cards: Blast, Crosshairs; d10 = 7)"
        );
    }

    #[test]
    fn saved_entries_keep_their_form() {
        let mut log = Log::default();
        log.add_with(
            "12",
            msg("Table {at}: {result}")
                .arg("at", "12 row 4")
                .term("result", "1"),
            vec![
                Random::Dice(Roll {
                    kind: DiceKind::D10,
                    faces: vec![3].into(),
                    total: 3,
                }),
                Random::Modifier {
                    reason: "green pilot".into(),
                    value: 1,
                },
            ],
        );
        let json = serde_json::to_string(&log).unwrap();
        // The form saves had before names were borrowed and faces kept in place.
        let before = concat!(
            r#"{"entries":[{"rule":"12","message":{"id":"Table {at}: {result}","args":"#,
            r#"[["at",{"Text":"12 row 4"}],["result",{"Term":"1"}]]},"random":["#,
            r#"{"Dice":{"kind":"D10","faces":[3],"total":3}},"#,
            r#"{"Modifier":{"reason":{"id":"green pilot"},"value":1}}]}]}"#
        );
        assert_eq!(json, before);
        let back: Log = serde_json::from_str(before).unwrap();
        assert_eq!(back, log);
        assert_eq!(
            back.entries()[0].english(),
            "[12] Table 12 row 4: 1 (d10 = 3; +1 green pilot)"
        );
    }

    #[test]
    fn a_quiet_log_keeps_nothing_and_its_head_stays_quiet() {
        let mut log = Log::quiet();
        assert!(!log.keeps());
        log.add("1", Message::template("anything".into()));
        assert!(log.is_empty());
        assert!(!log.head(5).keeps());
        let mut kept = Log::default();
        kept.add("1", Message::template("first".into()));
        kept.add("2", Message::template("second".into()));
        let head = kept.head(1);
        assert!(head.keeps());
        assert_eq!(head.entries(), &kept.entries()[..1]);
        // Saved and read back, a quiet log logs again.
        let back: Log = serde_json::from_str(&serde_json::to_string(&log).unwrap()).unwrap();
        assert!(back.keeps());
    }

    /// A message for a test only, kept out of the catalogue (xgettext extracts `msg("…")`).
    fn line(text: &'static str) -> Message {
        msg(text)
    }

    #[test]
    fn a_line_for_one_seat_is_read_by_that_seat_only() {
        let mut log = Log::default();
        log.add("1", line("Both sides see this"));
        log.add_for(0, "2", line("Seat 0 moves a hidden unit"), Vec::new());
        log.add_for(1, "3", line("Seat 1 draws a card"), Vec::new());
        let lines = |seat: u8| -> Vec<String> {
            log.seen_by(seat)
                .entries()
                .iter()
                .map(LogEntry::english)
                .collect()
        };
        assert_eq!(
            lines(0),
            ["[1] Both sides see this", "[2] Seat 0 moves a hidden unit"]
        );
        assert_eq!(
            lines(1),
            ["[1] Both sides see this", "[3] Seat 1 draws a card"]
        );
        // A seat's line is saved with its audience and read back with it.
        let json = serde_json::to_string(&log).unwrap();
        assert!(json.contains(r#""audience":{"Seat":1}"#), "{json}");
        let back: Log = serde_json::from_str(&json).unwrap();
        assert_eq!(back, log);
        // A log without such lines is lent as it is, not copied.
        let mut open = Log::default();
        open.add("1", line("Both sides see this"));
        assert!(matches!(open.seen_by(1), Cow::Borrowed(_)));
        assert!(matches!(log.seen_by(1), Cow::Owned(_)));
    }

    #[test]
    fn drawn_cards_are_listed_as_their_messages() {
        let card = |n: u8, symbol: &'static str| {
            msg("#{number} {symbol}")
                .arg("number", n)
                .term("symbol", symbol)
        };
        let drawn = Random::Drawn(vec![card(3, "roundel"), card(18, "crosshairs")]);
        assert_eq!(drawn.english(), "cards: #3 roundel, #18 crosshairs");
        assert_eq!(
            Random::Drawn(vec![card(7, "rifle")]).english(),
            "cards: #7 rifle"
        );
        assert_eq!(Random::Drawn(Vec::new()).english(), "cards: ");
        let back: Random = serde_json::from_str(&serde_json::to_string(&drawn).unwrap()).unwrap();
        assert_eq!(back, drawn);
    }
}
