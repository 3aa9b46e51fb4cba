//! Rolling on the tables: the dice as they fell, every modifier with its reason, the row read,
//! all in one log entry [3.18].

use std::borrow::Cow;

use smallvec::SmallVec;

use super::content::{Dice, Table, data};
use super::words::shown;
use crate::engine::dice::{DiceKind, Roll, d6, d10};
use crate::engine::log::{Log, Random};
use crate::engine::message::{msg, n_};
use crate::engine::rng::Rng;

/// A named die-roll modifier.
pub type Modifier = (Cow<'static, str>, i32);

/// One roll on a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Rolled {
    pub natural: i32,
    pub modified: i32,
    pub cells: &'static [String],
}

impl Rolled {
    /// The first (or only) result cell.
    pub fn result(&self) -> &'static str {
        &self.cells[0]
    }

    /// A result cell read as a number (checked numeric at load).
    pub fn number(&self, column: usize) -> u8 {
        self.cells[column].parse().unwrap_or(0)
    }
}

/// Rolls the dice of a table: the natural result and the dice as they fell. A d10's "0"
/// reads 10; D66 reads the first d6 as tens and the second as units.
pub fn throw(rng: &mut Rng, dice: Dice) -> (i32, Vec<Random>) {
    match dice {
        Dice::D6 => {
            let r = d6(rng);
            (r.total, vec![Random::Dice(r)])
        }
        Dice::D10 => {
            let face = d10(rng).faces[0];
            let total = if face == 0 { 10 } else { i32::from(face) };
            let roll = Roll {
                kind: DiceKind::D10,
                faces: SmallVec::from_slice(&[face]),
                total,
            };
            (total, vec![Random::Dice(roll)])
        }
        Dice::D66 => {
            let (tens, units) = (d6(rng), d6(rng));
            let total = tens.total * 10 + units.total;
            (total, vec![Random::Dice(tens), Random::Dice(units)])
        }
    }
}

/// Rolls 1D6 for a yes/no test ("on a roll of 1-2") and logs it.
pub fn d6_test(rng: &mut Rng, log: &mut Log, rule: &'static str, range: [u8; 2]) -> bool {
    let r = d6(rng);
    let hit = (i32::from(range[0])..=i32::from(range[1])).contains(&r.total);
    log.add_with(
        rule,
        msg("1D6 test {low}-{high}: {result}")
            .arg("low", range[0])
            .arg("high", range[1])
            .term("result", if hit { n_("yes") } else { n_("no") }),
        vec![Random::Dice(r)],
    );
    hit
}

/// Rolls on table `id` with `modifiers` and logs the roll.
pub fn roll(rng: &mut Rng, log: &mut Log, id: &str, modifiers: &[Modifier]) -> Rolled {
    let table = data().table(id);
    let (natural, mut random) = throw(rng, table.dice);
    let rolled = read(table, natural, modifiers);
    if log.keeps() {
        random.extend(
            modifiers
                .iter()
                .filter(|(_, v)| *v != 0)
                .map(|(reason, value)| Random::Modifier {
                    reason: reason.clone(),
                    value: *value,
                }),
        );
        log.add_with(
            Cow::Owned(table.rule.clone()),
            msg("{table} {title}: {modified} reads {result}")
                .arg("table", &table.id)
                .term("title", table.title.as_str())
                .arg("modified", rolled.modified)
                .terms(
                    "result",
                    &rolled
                        .cells
                        .iter()
                        .flat_map(|c| shown(c))
                        .collect::<Vec<_>>(),
                ),
            random,
        );
    }
    rolled
}

/// What a natural roll with modifiers reads on a table.
pub fn read(table: &'static Table, natural: i32, modifiers: &[Modifier]) -> Rolled {
    let modified = natural + modifiers.iter().map(|(_, v)| v).sum::<i32>();
    Rolled {
        natural,
        modified,
        cells: table.cells(natural, modified),
    }
}
