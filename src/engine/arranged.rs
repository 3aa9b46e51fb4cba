//! Random results fixed in advance: a die face, the next card of a named deck, the next
//! counter of a named cup.
//!
//! A rulebook example is a fixed sequence of dice and cards; a player who rolls their own dice
//! decides the faces. Both are [`Arranged`] results queued in the game's [`Rng`](super::rng::Rng),
//! which every roll and draw already reaches: a die takes the first arranged face of its kind,
//! a deck the first card arranged for it, a cup the first counter arranged for it. With nothing
//! arranged the seeded generator decides, exactly as before. The session puts the arranged
//! results of a step in before its action and checks afterwards that the action used them all.

use serde::{Deserialize, Serialize};

use super::message::{Message, msg};

/// A physical die: what the faces read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Die {
    /// Reads 1–6.
    D6,
    /// Reads 0–9.
    D10,
}

impl Die {
    pub fn faces(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Die::D6 => 1..=6,
            Die::D10 => 0..=9,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D10 => "d10",
        }
    }
}

/// One result fixed in advance. In a script it is written `{"d10": 7}`, `{"d6": 3}`,
/// `{"card": {"deck": "resolution", "card": 17}}` or `{"counter": {"cup": "enemy", "counter":
/// "Gun"}}`; a card or counter is written as the game saves it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Arranged {
    D6(u8),
    D10(u8),
    Card {
        deck: String,
        card: serde_json::Value,
    },
    Counter {
        cup: String,
        counter: serde_json::Value,
    },
}

impl Arranged {
    /// A face of `die`.
    pub fn face(die: Die, face: u8) -> Self {
        match die {
            Die::D6 => Arranged::D6(face),
            Die::D10 => Arranged::D10(face),
        }
    }

    /// The die and face, for a die result.
    pub fn die_face(&self) -> Option<(Die, u8)> {
        match *self {
            Arranged::D6(f) => Some((Die::D6, f)),
            Arranged::D10(f) => Some((Die::D10, f)),
            _ => None,
        }
    }

    /// Refuses a face the die does not have.
    pub fn check(&self) -> Result<(), Message> {
        match self.die_face() {
            Some((die, face)) if !die.faces().contains(&face) => {
                Err(msg("a {die} has no face {face}")
                    .static_arg("die", die.name())
                    .arg("face", face))
            }
            _ => Ok(()),
        }
    }

    /// The result as a script writes it (for messages).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// A die the rules rolled while the dice were left to the player and no face was arranged for
/// it: the first one an action needs (see [`super::session::Session`]'s own dice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DieRequest {
    pub die: Die,
    /// What the roll is for ("Table 16, column Low, tens die"), when the roll site says.
    pub label: Option<Message>,
    /// What each face means, in the order of [`Die::faces`], when the roll site says.
    pub faces: Vec<Message>,
}

/// What a roll site tells the player who rolls their own dice; asked only then.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollLabel {
    pub label: Option<Message>,
    pub faces: Vec<Message>,
}

impl RollLabel {
    pub fn new(label: Message) -> Self {
        RollLabel {
            label: Some(label),
            faces: Vec::new(),
        }
    }
}

/// The arranged results waiting in a generator, and what rolling and drawing reported.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrangement {
    pub(crate) queue: Vec<Arranged>,
    /// Dice without an arranged face are the player's: note the first (see [`DieRequest`]).
    #[serde(skip)]
    pub(crate) probing: bool,
    #[serde(skip)]
    pub(crate) needed: Option<DieRequest>,
    /// An arranged result that could not be given (a card not in the draw pile).
    #[serde(skip)]
    pub(crate) problem: Option<Message>,
}

impl Arrangement {
    /// Takes the first queued result that `pick` accepts.
    pub(crate) fn take(&mut self, pick: impl Fn(&Arranged) -> bool) -> Option<Arranged> {
        let i = self.queue.iter().position(pick)?;
        Some(self.queue.remove(i))
    }

    pub(crate) fn report(&mut self, problem: Message) {
        self.problem.get_or_insert(problem);
    }
}

thread_local! {
    /// Results arranged for the set-up being made on this thread (see [`arrange_setup`]).
    static SETUP: std::cell::RefCell<Vec<Arranged>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Makes a game's set-up with `items` arranged: the game's own generator
/// ([`Rng::for_game`](super::rng::Rng::for_game)) takes them, so its shuffles, deals and rolls
/// give them first. Items no generator took are returned with the set-up's result.
pub fn arrange_setup<T>(items: Vec<Arranged>, setup: impl FnOnce() -> T) -> (T, Vec<Arranged>) {
    SETUP.with(|s| *s.borrow_mut() = items);
    let made = setup();
    (made, setup_results())
}

/// The results arranged for the set-up now being made, taken (empty but in [`arrange_setup`]).
pub(crate) fn setup_results() -> Vec<Arranged> {
    SETUP.with(|s| std::mem::take(&mut *s.borrow_mut()))
}

/// What was left when an action was done: results it did not use, the first die it needed
/// and had no face for, a result that could not be given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    pub unused: Vec<Arranged>,
    pub needed: Option<DieRequest>,
    pub problem: Option<Message>,
}

impl Settled {
    /// Why the arranged results do not fit the action, if they do not.
    pub fn misfit(&self) -> Option<Message> {
        if let Some(problem) = &self.problem {
            return Some(problem.clone());
        }
        (!self.unused.is_empty()).then(|| {
            let list: Vec<String> = self.unused.iter().map(Arranged::to_json).collect();
            msg("this action did not use the arranged {results}").arg("results", list.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_write_results_briefly() {
        let items: Vec<Arranged> = serde_json::from_str(
            r#"[{"d10": 7}, {"d6": 1}, {"card": {"deck": "resolution", "card": 17}},
                {"counter": {"cup": "enemy", "counter": "Gun"}}]"#,
        )
        .unwrap();
        assert_eq!(items[0], Arranged::D10(7));
        assert_eq!(items[1], Arranged::face(Die::D6, 1));
        assert_eq!(
            items[2].to_json(),
            r#"{"card":{"deck":"resolution","card":17}}"#
        );
        assert!(matches!(&items[3], Arranged::Counter { cup, .. } if cup == "enemy"));
        assert!(serde_json::from_str::<Arranged>(r#"{"d20": 3}"#).is_err());
    }

    #[test]
    fn a_face_the_die_lacks_is_refused() {
        assert!(Arranged::D10(9).check().is_ok());
        assert!(Arranged::D6(1).check().is_ok());
        let e = Arranged::D10(10).check().unwrap_err();
        assert_eq!(e.english(), "a d10 has no face 10");
        assert!(Arranged::D6(0).check().is_err());
    }
}
