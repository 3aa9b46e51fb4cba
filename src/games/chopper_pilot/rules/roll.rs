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

/// Rolls on table `id` with `modifiers` and logs the roll with every cell of the row read.
pub fn roll(rng: &mut Rng, log: &mut Log, id: &str, modifiers: &[Modifier]) -> Rolled {
    roll_logged(rng, log, id, modifiers, None)
}

/// Rolls on table `id` for one of its columns (a range, a weapon, a kind of unit): the log
/// reads that column's cell, not the whole row.
pub fn roll_in(
    rng: &mut Rng,
    log: &mut Log,
    id: &str,
    column: usize,
    modifiers: &[Modifier],
) -> Rolled {
    roll_logged(rng, log, id, modifiers, Some(column))
}

fn roll_logged(
    rng: &mut Rng,
    log: &mut Log,
    id: &str,
    modifiers: &[Modifier],
    column: Option<usize>,
) -> Rolled {
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
        let cells = match column.and_then(|c| rolled.cells.get(c)) {
            Some(cell) => std::slice::from_ref(cell),
            None => rolled.cells,
        };
        log.add_with(
            Cow::Owned(table.rule.clone()),
            msg("{table} {title}: {modified} reads {result}")
                .arg("table", &table.id)
                .term("title", table.title.as_str())
                .arg("modified", rolled.modified)
                .terms(
                    "result",
                    &cells.iter().flat_map(|c| shown(c)).collect::<Vec<_>>(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A B2 attack at range 5-6 names the result of that range, not the whole row [9.2.1].
    #[test]
    fn a_roll_for_one_column_logs_that_columns_result_only() {
        let b2 = data().table("B2");
        let col = b2.column("5-6").unwrap();
        for seed in 0..40 {
            let mut log = Log::default();
            let rolled = roll_in(&mut Rng::seeded(seed), &mut log, "B2", col, &[]);
            let line = log.entries().last().unwrap().message.english();
            let word = shown(&rolled.cells[col]).join(", ");
            assert!(line.ends_with(&format!("reads {word}")), "{line}");
            let mut whole = Log::default();
            roll(&mut Rng::seeded(seed), &mut whole, "B2", &[]);
            let words: Vec<String> = rolled.cells.iter().flat_map(|c| shown(c)).collect();
            let row = whole.entries().last().unwrap().message.english();
            assert!(
                row.ends_with(&format!("reads {}", words.join(", "))),
                "{row}"
            );
        }
    }
}
