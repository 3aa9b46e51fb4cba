//! Drawing Resolution cards (2.2.1): counted draws, the Reshuffle and Wild cards, and random
//! determinations by the ones digit of a card number.

use serde::{Deserialize, Serialize};

use crate::engine::arranged::RollLabel;
use crate::engine::dice::d10_for;
use crate::engine::log::{Name, Random};
use crate::engine::message::{Message, msg, n_};

use super::content::{Symbol, content};
use super::state::{Csar, RESHUFFLE, WILD, Want};

/// The symbol a card counts as for a draw that wants `want`, the Wild named in the player's
/// favour (naming the wanted symbol, or anything but the feared one, is never worse): the
/// odds' reading, and the bot's answer when a Wild is drawn.
pub fn counts_as(card: u8, want: Want) -> Symbol {
    if card == WILD {
        return match want {
            Want::Get(s) => s,
            Want::Avoid(Symbol::Roundel) => Symbol::Blast,
            Want::Avoid(_) => Symbol::Roundel,
        };
    }
    content().res(card).symbol
}

/// The word for a Resolution symbol in the log (a term: shown in the player's language).
pub fn symbol_word(symbol: Symbol) -> &'static str {
    match symbol {
        // Translators: Resolution card symbols as the log names the cards drawn.
        Symbol::Crosshairs => n_("crosshairs"),
        Symbol::Roundel => n_("roundel"),
        Symbol::Rifle => n_("rifle"),
        Symbol::Blast => n_("blast"),
        Symbol::Reshuffle => n_("RESHUFFLE"),
        Symbol::Wild => n_("WILD"),
    }
}

/// A Resolution card as the log names it: "#18 crosshairs (3)", number, symbol and the
/// aircraft id printed on it.
pub fn card_name(card: u8) -> Message {
    // Built once: every draw of a simulated game names its cards.
    static NAMES: std::sync::OnceLock<Vec<Message>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| (1..=30).map(describe).collect())[usize::from(card) - 1].clone()
}

fn describe(card: u8) -> Message {
    let c = content().res(card);
    let name = if c.aircraft == 0 {
        // Translators: a Resolution card in the log, e.g. "#29 RESHUFFLE".
        msg("#{number} {symbol}")
    } else {
        // Translators: a Resolution card in the log with the aircraft id printed on it,
        // e.g. "#18 crosshairs (3)".
        msg("#{number} {symbol} ({aircraft})").arg("aircraft", c.aircraft)
    };
    name.arg("number", c.number)
        .term("symbol", symbol_word(c.symbol))
}

/// The latest draw of Resolution cards, as the tray under the board shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastDraw {
    /// The cards in the order drawn, Reshuffles included.
    pub cards: Vec<u8>,
    /// What the draw was for.
    pub what: Message,
}

impl Csar {
    /// What the Wild card just drawn counts as: the player's next answer, or, when none is
    /// given yet, the reading in the player's favour for now while the question is noted (the
    /// action is then resolved again with the answer).
    fn wild_answer(&mut self, want: Option<Want>) -> Symbol {
        let answer = if self.wild_calls.is_empty() {
            self.wild_unanswered.get_or_insert(want);
            want.map_or(Symbol::Wild, |w| counts_as(WILD, w))
        } else {
            self.wild_calls.remove(0)
        };
        self.wild_named = Some(answer);
        answer
    }

    /// The symbol `card` counts as for a draw that wants `want`: the Wild as named (2.2.1).
    pub fn symbol_of(&self, card: u8, want: Want) -> Symbol {
        match self.wild_named {
            Some(s) if card == WILD && !matches!(s, Symbol::Wild | Symbol::Reshuffle) => s,
            _ => counts_as(card, want),
        }
    }

    /// Logs a draw of the Resolution cards `seen` and keeps it as the latest draw (a draw of
    /// no card, an empty deck's, is only logged).
    pub fn log_draw(&mut self, rule: &'static str, what: Message, seen: Vec<u8>) {
        let names = seen.iter().map(|&c| card_name(c)).collect();
        if !seen.is_empty() {
            self.last_draw = Some(LastDraw {
                cards: seen,
                what: what.clone(),
            });
        }
        self.log.add_with(rule, what, vec![Random::Drawn(names)]);
    }

    /// Draws one card that counts toward a "draw N": a Reshuffle card is discarded, the discard
    /// pile shuffled back, and the draw goes on. The card is NOT discarded. `None` only if every
    /// card is held aside (cannot happen with 30 cards, but never panics).
    /// A Wild card counts as the player says (2.2.1); treated as a Reshuffle it is not counted
    /// either. `want` is what the draw is for (`None`: the symbol does not matter).
    pub fn draw_counted(&mut self, seen: &mut Vec<u8>, want: Option<Want>) -> Option<u8> {
        for _ in 0..64 {
            let drawn = self.resolution.draw(&mut self.rng)?;
            let reshuffle = drawn.card == RESHUFFLE
                || drawn.card == WILD && self.wild_answer(want) == Symbol::Reshuffle;
            if reshuffle {
                seen.push(drawn.card);
                self.resolution.discard(drawn.card);
                self.resolution.reshuffle(&mut self.rng);
                continue;
            }
            seen.push(drawn.card);
            return Some(drawn.card);
        }
        None
    }

    /// Draws `n` counted cards, discards them, and tells whether any counted as `symbol`
    /// (the Wild named per `want`).
    pub fn draw_for(&mut self, n: u8, want: Want, rule: &'static str, what: Message) -> bool {
        self.draw_counting(n, want, rule, what) > 0
    }

    /// Draws `n` counted cards, discards them, and tells how many counted as the symbol `want`
    /// is about.
    pub fn draw_counting(&mut self, n: u8, want: Want, rule: &'static str, what: Message) -> u8 {
        let target = match want {
            Want::Get(s) | Want::Avoid(s) => s,
        };
        let mut seen = Vec::new();
        let mut found = 0;
        for _ in 0..n {
            if let Some(card) = self.draw_counted(&mut seen, Some(want)) {
                found += u8::from(self.symbol_of(card, want) == target);
                self.resolution.discard(card);
            }
        }
        self.log_draw(rule, what, seen);
        found
    }

    /// One counted draw for `want` (`None`: its number's parity decides): returns the card.
    pub fn draw_one(
        &mut self,
        want: Option<Want>,
        rule: &'static str,
        what: Message,
    ) -> Option<u8> {
        let mut seen = Vec::new();
        let card = self.draw_counted(&mut seen, want);
        if let Some(c) = card {
            self.resolution.discard(c);
        }
        self.log_draw(rule, what, seen);
        card
    }

    /// A random determination among `k` outcomes (2.2.1, G-15): one card, its ones digit. Two
    /// outcomes are decided by the digit being even (the first) or odd (the second), as 2.2.1
    /// prescribes, so a player counting cards reads the same result; more outcomes are spread
    /// evenly over 0–9. A Reshuffle gives its number and then the discards are
    /// shuffled back; the Wild simply gives its number. More than ten outcomes use two cards.
    pub fn determine(&mut self, k: usize, rule: &'static str, what: Message) -> usize {
        if k <= 1 {
            return 0;
        }
        let mut seen = Vec::new();
        let mut digits = 0usize;
        let mut span = 1usize;
        while span < k {
            let digit = match self.resolution.draw(&mut self.rng) {
                Some(d) => {
                    seen.push(d.card);
                    self.resolution.discard(d.card);
                    if d.card == RESHUFFLE {
                        self.resolution.reshuffle(&mut self.rng);
                    }
                    usize::from(d.card % 10)
                }
                // Both piles spent: a d10 stands in for the card's ones digit.
                None => d10_for(&mut self.rng, &|| RollLabel::new(what.clone())).total as usize,
            };
            digits = digits * 10 + digit;
            span *= 10;
        }
        let pick = if k == 2 {
            digits % 2
        } else {
            digits * k / span
        };
        self.log_draw(rule, what.arg("pick", pick + 1), seen);
        pick
    }

    /// Draws Action cards into the hand.
    pub fn draw_actions(&mut self, n: usize) -> Vec<Name> {
        let mut names = Vec::new();
        for _ in 0..n {
            match self.actions.draw(&mut self.rng) {
                Some(d) => {
                    names.push(content().action(d.card).title.as_str().into());
                    self.hand.push(d.card);
                }
                None => break,
            }
        }
        names
    }

    /// A card that leaves play after being played: removed or discarded per its text.
    pub fn finish_card(&mut self, card: u8) {
        if content().action(card).remove_when_played {
            self.actions.remove_from_game(card);
        } else {
            self.actions.discard(card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::message::Arg;

    #[test]
    fn card_names_keep_number_symbol_and_aircraft_apart() {
        for card in 1..=30u8 {
            let name = card_name(card);
            let c = content().res(card);
            let english = name.english();
            assert!(english.starts_with(&format!("#{card} ")), "{english}");
            assert_eq!(
                c.aircraft > 0,
                english.ends_with(&format!("({})", c.aircraft))
            );
            // The symbol is a word of the game, looked up in the player's language.
            let symbol = name
                .args
                .iter()
                .find(|(n, _)| n == "symbol")
                .map(|(_, a)| a);
            assert_eq!(symbol, Some(&Arg::Term(symbol_word(c.symbol).into())));
        }
        assert_eq!(
            card_name(RESHUFFLE).english(),
            format!("#{RESHUFFLE} RESHUFFLE")
        );
    }
}
