//! Drawing Resolution cards (2.2.1): counted draws, the Reshuffle and Wild cards, and random
//! determinations by the ones digit of a card number.

use crate::engine::log::{Name, Random};
use crate::engine::message::Message;

use super::data::{Symbol, content};
use super::state::{Csar, RESHUFFLE, WILD, Want};

/// The symbol a card counts as for a draw that wants `want`: the Wild is named in the player's
/// favour (2.2.1 lets the player name any symbol; naming the wanted one, or anything but the
/// feared one, is never worse).
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

pub fn card_name(card: u8) -> &'static str {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    &NAMES.get_or_init(|| (1..=30).map(describe).collect())[usize::from(card) - 1]
}

fn describe(card: u8) -> String {
    let c = content().res(card);
    let symbol = match c.symbol {
        Symbol::Crosshairs => "crosshairs",
        Symbol::Roundel => "roundel",
        Symbol::Rifle => "rifle",
        Symbol::Blast => "blast",
        Symbol::Reshuffle => "RESHUFFLE",
        Symbol::Wild => "WILD",
    };
    if c.aircraft == 0 {
        format!("#{} {symbol}", c.number)
    } else {
        format!("#{} {symbol} ({})", c.number, c.aircraft)
    }
}

impl Csar {
    /// Draws one card that counts toward a "draw N": a Reshuffle card is discarded, the discard
    /// pile shuffled back, and the draw goes on. The card is NOT discarded. `None` only if every
    /// card is held aside (cannot happen with 30 cards, but never panics).
    pub fn draw_counted(&mut self, seen: &mut Vec<Name>) -> Option<u8> {
        for _ in 0..64 {
            let drawn = self.resolution.draw(&mut self.rng)?;
            if drawn.card == RESHUFFLE {
                seen.push(card_name(RESHUFFLE).into());
                self.resolution.discard(RESHUFFLE);
                self.resolution.reshuffle(&mut self.rng);
                continue;
            }
            seen.push(card_name(drawn.card).into());
            return Some(drawn.card);
        }
        None
    }

    /// Draws `n` counted cards, discards them, and tells whether any counted as `symbol`
    /// (the Wild named per `want`).
    pub fn draw_for(&mut self, n: u8, want: Want, rule: &'static str, what: Message) -> bool {
        let target = match want {
            Want::Get(s) | Want::Avoid(s) => s,
        };
        let mut seen = Vec::new();
        let mut found = false;
        for _ in 0..n {
            if let Some(card) = self.draw_counted(&mut seen) {
                found |= counts_as(card, want) == target;
                self.resolution.discard(card);
            }
        }
        self.log.add_with(rule, what, vec![Random::Cards(seen)]);
        found
    }

    /// One counted draw whose card matters beyond its symbol (its number's parity): returns the card.
    pub fn draw_one(&mut self, rule: &'static str, what: Message) -> Option<u8> {
        let mut seen = Vec::new();
        let card = self.draw_counted(&mut seen);
        if let Some(c) = card {
            self.resolution.discard(c);
        }
        self.log.add_with(rule, what, vec![Random::Cards(seen)]);
        card
    }

    /// A random determination among `k` outcomes (2.2.1, G-15): one card, its ones digit, the
    /// outcomes spread evenly over 0–9. A Reshuffle gives its number and then the discards are
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
                    seen.push(card_name(d.card).into());
                    self.resolution.discard(d.card);
                    if d.card == RESHUFFLE {
                        self.resolution.reshuffle(&mut self.rng);
                    }
                    usize::from(d.card % 10)
                }
                None => self.rng.index(10),
            };
            digits = digits * 10 + digit;
            span *= 10;
        }
        let pick = digits * k / span;
        self.log
            .add_with(rule, what.arg("pick", pick + 1), vec![Random::Cards(seen)]);
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
