//! A deck of cards: a draw pile, a discard pile and the cards removed from the game.
//!
//! Cards that are out of the deck (in a hand, in a reserve, on the map) are held by the game
//! state; the deck knows only its own three piles. Every card of a game is therefore in
//! exactly one place: one of these piles, or one place in the state. The games' property
//! tests check that invariant.

use serde::{Deserialize, Serialize};

use super::arranged::Arranged;
use super::message::msg;
use super::rng::Rng;

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck<T> {
    /// The name a script uses to arrange the next card of this deck (see
    /// [`super::arranged`]); empty for a deck no script can arrange.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    name: String,
    /// The top of the draw pile is the last element.
    draw: Vec<T>,
    discard: Vec<T>,
    removed: Vec<T>,
    reshuffles: u32,
}

/// Written out (not derived) for `clone_from`: a game position cloned into a spare one (the
/// snapshot That Others May Live takes before an action) reuses the piles' vectors.
impl<T: Clone> Clone for Deck<T> {
    fn clone(&self) -> Self {
        Deck {
            name: self.name.clone(),
            draw: self.draw.clone(),
            discard: self.discard.clone(),
            removed: self.removed.clone(),
            reshuffles: self.reshuffles,
        }
    }

    /// Field by field, so that the vectors keep their allocations.
    fn clone_from(&mut self, source: &Self) {
        let Deck {
            name,
            draw,
            discard,
            removed,
            reshuffles,
        } = source;
        self.name.clone_from(name);
        self.draw.clone_from(draw);
        self.discard.clone_from(discard);
        self.removed.clone_from(removed);
        self.reshuffles = *reshuffles;
    }
}

/// What happened when a card was drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn<T> {
    pub card: T,
    /// The draw pile had run out and the discards were shuffled in before this draw.
    pub reshuffled_first: bool,
}

impl<T: Clone + PartialEq + Serialize> Deck<T> {
    /// Names the deck, so that a script can arrange its next card.
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_owned();
        self
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// A new deck, shuffled.
    pub fn shuffled(cards: Vec<T>, rng: &mut Rng) -> Self {
        let mut deck = Deck {
            name: String::new(),
            draw: cards,
            discard: Vec::new(),
            removed: Vec::new(),
            reshuffles: 0,
        };
        rng.shuffle(&mut deck.draw);
        deck
    }

    /// A deck in exactly the given order; the last card is drawn first.
    pub fn stacked(cards: Vec<T>) -> Self {
        Deck {
            name: String::new(),
            draw: cards,
            discard: Vec::new(),
            removed: Vec::new(),
            reshuffles: 0,
        }
    }

    pub fn draw_pile(&self) -> &[T] {
        &self.draw
    }
    pub fn discard_pile(&self) -> &[T] {
        &self.discard
    }
    pub fn removed(&self) -> &[T] {
        &self.removed
    }
    pub fn draw_count(&self) -> usize {
        self.draw.len()
    }
    pub fn reshuffle_count(&self) -> u32 {
        self.reshuffles
    }
    /// Cards in the deck's own piles (draw + discard + removed).
    pub fn total_held(&self) -> usize {
        self.draw.len() + self.discard.len() + self.removed.len()
    }

    /// Draws the top card. When the draw pile is empty the discard pile is shuffled in first;
    /// when both are empty there is nothing to draw. The card was decided when the deck was
    /// shuffled and becomes known now: `rng` counts it as a random result (an undo barrier).
    pub fn draw(&mut self, rng: &mut Rng) -> Option<Drawn<T>> {
        let mut reshuffled_first = false;
        if self.draw.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            self.reshuffle(rng);
            reshuffled_first = true;
        }
        if rng.has_arranged() {
            self.bring_arranged_to_top(rng);
        }
        let card = self.draw.pop()?;
        rng.count_drawn();
        Some(Drawn {
            card,
            reshuffled_first,
        })
    }

    /// Puts the card arranged for this deck's next draw on top of the draw pile, or reports
    /// that it is not in the pile.
    #[cold]
    fn bring_arranged_to_top(&mut self, rng: &mut Rng) {
        let name = self.name.as_str();
        let Some(Arranged::Card { card, .. }) =
            rng.take_arranged(|a| matches!(a, Arranged::Card { deck, .. } if deck == name))
        else {
            return;
        };
        let found = self
            .draw
            .iter()
            .position(|c| serde_json::to_value(c).is_ok_and(|v| v == card));
        match found {
            Some(i) => {
                let arranged = self.draw.remove(i);
                self.draw.push(arranged);
            }
            None => rng.report_misfit(
                msg("the arranged card {card} is not in the draw pile of the {deck} deck")
                    .arg("card", card)
                    .arg("deck", name),
            ),
        }
    }

    /// The top `n` cards without drawing them, top first.
    pub fn peek(&self, n: usize) -> Vec<&T> {
        self.draw.iter().rev().take(n).collect()
    }

    /// Shuffles the discard pile back into the draw pile (the draw pile keeps its cards).
    /// Games call this for cards like a Reshuffle card.
    pub fn reshuffle(&mut self, rng: &mut Rng) {
        self.draw.append(&mut self.discard);
        rng.shuffle(&mut self.draw);
        self.reshuffles += 1;
    }

    pub fn discard(&mut self, card: T) {
        self.discard.push(card);
    }

    /// Puts a card back on top of the draw pile.
    pub fn return_to_top(&mut self, card: T) {
        self.draw.push(card);
    }

    /// Puts a card at the bottom of the draw pile.
    pub fn return_to_bottom(&mut self, card: T) {
        self.draw.insert(0, card);
    }

    /// Takes a card that is out of the deck and sets it out of the game for good.
    pub fn remove_from_game(&mut self, card: T) {
        self.removed.push(card);
    }

    /// Takes one specific card out of the draw or discard pile (scenario set-up, searches).
    pub fn take(&mut self, card: &T) -> Option<T> {
        if let Some(i) = self.draw.iter().position(|c| c == card) {
            return Some(self.draw.remove(i));
        }
        if let Some(i) = self.discard.iter().position(|c| c == card) {
            return Some(self.discard.remove(i));
        }
        None
    }

    /// Takes every card matching `pick` out of the draw and discard piles.
    pub fn take_all(&mut self, pick: impl Fn(&T) -> bool) -> Vec<T> {
        let mut taken = Vec::new();
        for pile in [&mut self.draw, &mut self.discard] {
            let mut i = 0;
            while i < pile.len() {
                if pick(&pile[i]) {
                    taken.push(pile.remove(i));
                } else {
                    i += 1;
                }
            }
        }
        taken
    }

    /// Shuffles the draw pile in place.
    pub fn shuffle_draw(&mut self, rng: &mut Rng) {
        rng.shuffle(&mut self.draw);
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn draws_from_top_and_reshuffles_when_empty() {
        let mut rng = Rng::seeded(1);
        let mut deck = Deck::stacked(vec![1, 2, 3]);
        assert_eq!(deck.draw(&mut rng).unwrap().card, 3);
        // The generator was not used, yet a random card became known: it counts.
        assert_eq!((rng.results(), rng.clone()), (1, Rng::seeded(1)));
        assert_eq!(deck.peek(2), vec![&2, &1]);
        let a = deck.draw(&mut rng).unwrap().card;
        let b = deck.draw(&mut rng).unwrap().card;
        deck.discard(a);
        deck.discard(b);
        deck.discard(3);
        let drawn = deck.draw(&mut rng).unwrap();
        assert!(drawn.reshuffled_first);
        assert_eq!(deck.reshuffle_count(), 1);
        assert_eq!(deck.total_held(), 2);
    }

    #[test]
    fn an_arranged_card_is_drawn_next_from_its_deck_only() {
        use crate::engine::arranged::Arranged;
        let mut rng = Rng::seeded(1);
        let mut deck = Deck::stacked(vec![1, 2, 3, 4]).named("res");
        let mut other = Deck::stacked(vec![1, 2, 3, 4]).named("other");
        rng.arrange(Arranged::Card {
            deck: "res".into(),
            card: 2.into(),
        });
        assert_eq!(other.draw(&mut rng).unwrap().card, 4);
        assert_eq!(deck.draw(&mut rng).unwrap().card, 2);
        // The others keep their order.
        assert_eq!(deck.draw_pile(), &[1, 3, 4]);
        assert!(rng.settle().misfit().is_none());
        rng.arrange(Arranged::Card {
            deck: "res".into(),
            card: 2.into(),
        });
        assert_eq!(deck.draw(&mut rng).unwrap().card, 4);
        assert_eq!(
            rng.settle().misfit().unwrap().english(),
            "the arranged card 2 is not in the draw pile of the res deck"
        );
    }

    #[test]
    fn empty_deck_draws_nothing() {
        let mut rng = Rng::seeded(1);
        let mut deck: Deck<u8> = Deck::stacked(vec![]);
        assert!(deck.draw(&mut rng).is_none());
        assert_eq!(rng.results(), 0);
    }

    #[test]
    fn take_and_remove() {
        let mut deck = Deck::stacked(vec!['a', 'b', 'c']);
        assert_eq!(deck.take(&'b'), Some('b'));
        assert_eq!(deck.take(&'z'), None);
        deck.remove_from_game('b');
        assert_eq!(deck.removed(), &['b']);
        assert_eq!(deck.take_all(|c| *c != 'a'), vec!['c']);
        assert_eq!(deck.draw_pile(), &['a']);
    }

    #[derive(Clone, Debug)]
    enum Op {
        Draw,
        DiscardHeld,
        ReturnTop,
        ReturnBottom,
        RemoveHeld,
        Reshuffle,
        Take(u8),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            4 => Just(Op::Draw),
            3 => Just(Op::DiscardHeld),
            1 => Just(Op::ReturnTop),
            1 => Just(Op::ReturnBottom),
            1 => Just(Op::RemoveHeld),
            1 => Just(Op::Reshuffle),
            1 => (0u8..40).prop_map(Op::Take),
        ]
    }

    proptest! {
        #[test]
        fn deck_conserves_its_cards(seed in any::<u64>(), ops in proptest::collection::vec(op(), 0..200)) {
            let mut rng = Rng::seeded(seed);
            let cards: Vec<u8> = (0..30).collect();
            let mut deck = Deck::shuffled(cards.clone(), &mut rng);
            let mut held: Vec<u8> = Vec::new();
            for op in ops {
                match op {
                    Op::Draw => if let Some(d) = deck.draw(&mut rng) { held.push(d.card) },
                    Op::DiscardHeld => if let Some(c) = held.pop() { deck.discard(c) },
                    Op::ReturnTop => if let Some(c) = held.pop() { deck.return_to_top(c) },
                    Op::ReturnBottom => if let Some(c) = held.pop() { deck.return_to_bottom(c) },
                    Op::RemoveHeld => if let Some(c) = held.pop() { deck.remove_from_game(c) },
                    Op::Reshuffle => deck.reshuffle(&mut rng),
                    Op::Take(c) => if let Some(c) = deck.take(&c) { held.push(c) },
                }
                let mut all: Vec<u8> = deck.draw_pile().iter()
                    .chain(deck.discard_pile())
                    .chain(deck.removed())
                    .chain(&held)
                    .copied()
                    .collect();
                all.sort();
                prop_assert_eq!(&all, &cards);
            }
        }
    }
}
