//! The odds of a Lady Luck re-roll: for each roll of the last decision a token may still make
//! again, the chance of each result the new roll can read. The re-roll is made on the same
//! table and column with the same modifiers (the decision is played again from the same
//! position), so the table, the column and the total modifier kept with the roll decide them.

use crate::engine::message::{Message, msg};
use crate::games::skyhawk::rules::content::data;
use crate::games::skyhawk::rules::luck::RolledOn;
use crate::games::skyhawk::rules::state::Skyhawk;

impl Skyhawk {
    pub(super) fn luck_odds(&self) -> Vec<(Message, f64)> {
        let Some(last) = &self.last else {
            return Vec::new();
        };
        if self.lady_luck == 0 {
            return Vec::new();
        }
        // Two rolls on the same table, column and modifier have the same odds: shown once.
        let mut shown: Vec<&RolledOn> = Vec::new();
        let mut odds = Vec::new();
        for (roll, n) in last.lines.iter().zip(last.first + 1..) {
            let Some(rolled) = &roll.rolled else {
                continue;
            };
            if n <= last.settled || shown.contains(&rolled) {
                continue;
            }
            shown.push(rolled);
            odds.extend(reroll_odds(rolled));
        }
        odds
    }
}

/// The chance of each result of rolling again what `rolled` names, top row first (results
/// the roll cannot read left out), e.g. "Roll again Table 12 [AAA Med] -1 → 2". Nothing for a table or column the content does not have
/// (a save from other content).
fn reroll_odds(rolled: &RolledOn) -> Vec<(Message, f64)> {
    let Some(t) = data().tables.get(&rolled.table) else {
        return Vec::new();
    };
    let column = rolled.column;
    if column >= t.columns.len().max(1) {
        return Vec::new();
    }
    let mut odds = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (row, cells) in t.rows.iter().enumerate() {
        let cell = cells.cells[column].as_str();
        if seen.contains(&cell) {
            continue;
        }
        seen.push(cell);
        let p = t.modified_chance(column, rolled.modifier, |c| c == cell);
        if p > 0.0 {
            let (column_words, result) = t.cell_terms(row, column);
            // The modifier tells apart two rolls on one column (two AAA boxes, say).
            let label = match (column_words, rolled.modifier) {
                (Some(c), 0) => {
                    msg("Roll again Table {table} [{column}] → {result}").term("column", c)
                }
                (Some(c), m) => msg("Roll again Table {table} [{column}] {modifier} → {result}")
                    .term("column", c)
                    .arg("modifier", format_args!("{m:+}")),
                (None, 0) => msg("Roll again Table {table} → {result}"),
                (None, m) => msg("Roll again Table {table} {modifier} → {result}")
                    .arg("modifier", format_args!("{m:+}")),
            };
            let label = label.static_arg("table", &t.id).term("result", result);
            odds.push((label, p));
        }
    }
    odds
}
