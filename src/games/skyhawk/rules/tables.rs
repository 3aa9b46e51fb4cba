//! The die-roll tables: rows of modified-roll ranges read by column, looked up with clamping
//! (ruling R0), and rolled with named modifiers so that the log shows the faces, every
//! modifier with its reason, and the row that was read.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::engine::arranged::RollLabel;
use crate::engine::content::Source;
use crate::engine::dice::{Roll, d10_for, nd10_for, percentile_for};
use crate::engine::log::Random;
use crate::engine::message::{Message, msg};
use crate::engine::name_map::NameMap;
use crate::engine::rng::Rng;
use crate::games::skyhawk::rules::words::{self, Words};

/// How a table is rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Dice {
    /// One d10 read 0–9.
    #[serde(rename = "d10")]
    D10,
    /// Two d10 read as tens and units, 1–100 ("00" is 100) [2.1].
    #[serde(rename = "2d10")]
    Percentile,
    /// Three d10 added, 0–27 (Table 16 only) [2.1].
    #[serde(rename = "3d10")]
    Sum3,
}

impl Dice {
    /// Rolls; `label` says what for to a player who rolls their own dice.
    pub fn roll(self, rng: &mut Rng, label: &dyn Fn() -> RollLabel) -> Roll {
        match self {
            Dice::D10 => d10_for(rng, label),
            Dice::Percentile => percentile_for(rng, label),
            Dice::Sum3 => nd10_for(rng, 3, label),
        }
    }

    /// The lowest and highest unmodified result.
    pub fn natural_range(self) -> (i32, i32) {
        match self {
            Dice::D10 => (0, 9),
            Dice::Percentile => (1, 100),
            Dice::Sum3 => (0, 27),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// First and last modified roll this row covers.
    pub at: [i32; 2],
    pub cells: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub id: String,
    pub title: String,
    pub rule: String,
    pub dice: Dice,
    pub source: Source,
    /// Column names; a table with one result column leaves this empty.
    #[serde(default)]
    pub columns: Vec<String>,
    pub rows: Vec<Row>,
    /// Die-roll modifiers by name.
    #[serde(default)]
    pub drm: NameMap<i32>,
    /// Every cell read as a number, row by row, made at the first [`Table::number`] (the bot
    /// and the odds read tables far more often than the rules roll them).
    #[serde(skip)]
    numbers: Made<Vec<i32>>,
    /// The words of each column and cell, as the log names them ([`TableWords`]), made at
    /// the first logged roll.
    #[serde(skip)]
    words: Made<Box<TableWords>>,
    /// [`Table::d10_total`] for each modifier that reads more than one row, made when first
    /// asked for.
    #[serde(skip)]
    d10_totals: Made<Vec<i32>>,
}

/// Something read from the rows once, when first asked for. Derived from the rows, so it
/// takes no part in comparing tables, and a copy of a table (which may then be changed)
/// makes its own.
#[derive(Debug)]
struct Made<T>(OnceLock<T>);

impl<T> Default for Made<T> {
    fn default() -> Self {
        Made(OnceLock::new())
    }
}

impl<T> Clone for Made<T> {
    fn clone(&self) -> Self {
        Made::default()
    }
}

impl<T> PartialEq for Made<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Made<T> {}

/// The words of a table's keys, made once: a simulated mission logs some fifty rolls.
#[derive(Debug)]
struct TableWords {
    columns: Vec<Words>,
    /// Row by row.
    cells: Vec<Words>,
    /// Each row's label as printed ([`Table::row_label`]).
    rows: Vec<String>,
}

/// A result read as a number (hits, percentages, counts; a trailing `*` is a footnote
/// mark); 0 when it is not one.
pub fn read_number(cell: &str) -> i32 {
    cell.trim_end_matches('*').parse().unwrap_or(0)
}

impl Table {
    /// Checks that the rows run upwards without gaps or overlaps and that every row has a
    /// cell for every column. The error names the field.
    pub fn check(&self) -> Result<(), String> {
        let width = self.columns.len().max(1);
        if self.rows.is_empty() {
            return Err("rows: the table has no rows".into());
        }
        for (i, row) in self.rows.iter().enumerate() {
            if row.at[0] > row.at[1] {
                return Err(format!(
                    "rows[{i}].at: {} is above {}",
                    row.at[0], row.at[1]
                ));
            }
            if row.cells.len() != width {
                return Err(format!(
                    "rows[{i}].cells: {} cells for {width} column(s)",
                    row.cells.len()
                ));
            }
            if i > 0 && row.at[0] != self.rows[i - 1].at[1] + 1 {
                return Err(format!(
                    "rows[{i}].at: starts at {} but the row before ends at {}",
                    row.at[0],
                    self.rows[i - 1].at[1]
                ));
            }
        }
        let (low, high) = self.dice.natural_range();
        if self.rows[0].at[0] > low || self.rows[self.rows.len() - 1].at[1] < high {
            return Err(format!(
                "rows: they must cover every unmodified roll {low}–{high}"
            ));
        }
        Ok(())
    }

    /// The index of a column by name.
    pub fn column(&self, name: &str) -> Option<usize> {
        if self.columns.is_empty() && name.is_empty() {
            return Some(0);
        }
        self.columns.iter().position(|c| c == name)
    }

    /// The row a modified roll reads: beyond the first or last row, that row (R0).
    pub fn row_index(&self, modified: i32) -> usize {
        let last = self.rows.len() - 1;
        if modified <= self.rows[0].at[1] {
            return 0;
        }
        if modified >= self.rows[last].at[0] {
            return last;
        }
        self.rows
            .iter()
            .position(|r| (r.at[0]..=r.at[1]).contains(&modified))
            .unwrap_or(last)
    }

    /// The result for a modified roll in column `column` (0 for one-column tables).
    pub fn lookup(&self, modified: i32, column: usize) -> &str {
        &self.rows[self.row_index(modified)].cells[column]
    }

    /// The result for a modified roll in column `column` read as a number ([`read_number`]).
    pub fn number(&self, modified: i32, column: usize) -> i32 {
        let width = self.columns.len().max(1);
        let numbers = self.numbers.0.get_or_init(|| {
            self.rows
                .iter()
                .flat_map(|r| r.cells.iter().map(|c| read_number(c)))
                .collect()
        });
        numbers[self.row_index(modified) * width + column]
    }

    /// The numbers read ([`Table::number`]) for each face of one d10 (0–9) plus `modifier`,
    /// added: ten times the mean result. The bot weighs its choices by it.
    pub fn d10_total(&self, modifier: i32, column: usize) -> i32 {
        let width = self.columns.len().max(1);
        let last = self.rows.len() - 1;
        // Below `first` every face reads the first row; from `high` on, the last row.
        let (first, high) = (self.rows[0].at[1] - 9, self.rows[last].at[0]);
        let totals = self.d10_totals.0.get_or_init(|| {
            (first..=high)
                .flat_map(|m| (0..width).map(move |c| (m, c)))
                .map(|(m, c)| (0..10).map(|face| self.number(m + face, c)).sum())
                .collect()
        });
        let from = modifier.clamp(first, high) - first;
        totals[from as usize * width + column]
    }

    /// The words of the columns and cells, made once.
    fn words(&self) -> &TableWords {
        self.words.0.get_or_init(|| {
            let cells = self.rows.iter().flat_map(|r| &r.cells);
            Box::new(TableWords {
                columns: self
                    .columns
                    .iter()
                    .map(|c| words::column_words(c))
                    .collect(),
                cells: cells.map(|c| words::cell_words(&self.id, c)).collect(),
                rows: (0..self.rows.len())
                    .map(|r| self.row_label(r).to_string())
                    .collect(),
            })
        })
    }

    /// The words, in English, of column `column` (none for a table of one column) and of the
    /// cell in `row` of that column, as a message's terms: translated where shown (a number
    /// or an unknown key has no entry in the catalogue and stays as written).
    #[inline]
    pub fn cell_terms(&self, row: usize, column: usize) -> (Option<&str>, &str) {
        let words = self.words();
        let cell = &words.cells[row * self.columns.len().max(1) + column];
        (
            words.columns.get(column).map(Words::english),
            cell.english(),
        )
    }

    /// [`Table::row_label`], made once per table (a logged mission writes fifty).
    pub fn row_text(&self, row: usize) -> &str {
        &self.words().rows[row]
    }

    /// The label of a row as printed: `3`, `4–6`, `≤5`, `10+`.
    pub fn row_label(&self, index: usize) -> RowLabel<'_> {
        RowLabel { table: self, index }
    }

    /// The value of a named modifier (0 if the table has none of that name; `check_drms`
    /// makes sure the names the rules use are present).
    pub fn drm(&self, name: &str) -> i32 {
        self.drm.get(name).copied().unwrap_or(0)
    }
}

/// The label of a row, written where it is shown (no string of its own).
pub struct RowLabel<'a> {
    table: &'a Table,
    index: usize,
}

impl fmt::Display for RowLabel<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = &self.table.rows[self.index];
        let last = self.table.rows.len() - 1;
        let (low, high) = self.table.dice.natural_range();
        if self.index == 0 && row.at[0] < low {
            write!(f, "≤{}", row.at[1])
        } else if self.index == last && row.at[1] > high {
            write!(f, "{}+", row.at[0])
        } else if row.at[0] == row.at[1] {
            write!(f, "{}", row.at[0])
        } else {
            write!(f, "{}–{}", row.at[0], row.at[1])
        }
    }
}

/// One modifier applied to a roll: its name in the table's `drm` list, how many times it
/// counts (e.g. one per Suppressed marker), and the reason shown in the log.
#[derive(Clone, Debug, PartialEq)]
pub struct Drm {
    pub name: &'static str,
    pub times: i32,
    pub reason: &'static str,
    /// A value that is not in the table's own list (Table 5 on Table 16, say).
    pub value: Option<i32>,
}

/// Modifiers for one roll, collected by the rules before rolling. A roll rarely has more
/// than four, kept in place: a simulated mission collects a hundred sets.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drms(pub SmallVec<[Drm; 4]>);

impl Drms {
    pub fn new() -> Self {
        Drms(SmallVec::new())
    }

    /// Adds the named modifier once if `when` holds.
    pub fn when(&mut self, when: bool, name: &'static str, reason: &'static str) -> &mut Self {
        if when {
            self.0.push(Drm {
                name,
                times: 1,
                reason,
                value: None,
            });
        }
        self
    }

    /// Adds the named modifier `times` times (nothing when zero).
    pub fn times(&mut self, times: i32, name: &'static str, reason: &'static str) -> &mut Self {
        if times != 0 {
            self.0.push(Drm {
                name,
                times,
                reason,
                value: None,
            });
        }
        self
    }

    /// Adds a modifier whose value comes from elsewhere than the table.
    pub fn value(&mut self, value: i32, reason: &'static str) -> &mut Self {
        if value != 0 {
            self.0.push(Drm {
                name: "",
                times: 1,
                reason,
                value: Some(value),
            });
        }
        self
    }
}

/// A roll made on a table, kept for the log.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved<'a> {
    pub natural: i32,
    pub modified: i32,
    pub row: usize,
    pub result: &'a str,
    /// The dice with their faces, then each non-zero modifier with its reason.
    pub random: Vec<Random>,
}

impl Resolved<'_> {
    pub fn is(&self, result: &str) -> bool {
        self.result == result
    }

    /// The result read as a number (hits, percentages, counts); 0 when it is not one.
    pub fn number(&self) -> i32 {
        read_number(self.result)
    }
}

impl Dice {
    /// Every unmodified result with its chance.
    pub fn outcomes(self) -> Vec<(i32, f64)> {
        match self {
            Dice::D10 => (0..10).map(|n| (n, 0.1)).collect(),
            Dice::Percentile => (1..=100).map(|n| (n, 0.01)).collect(),
            Dice::Sum3 => crate::engine::dice::nd10_distribution(3)
                .into_iter()
                .enumerate()
                .map(|(n, ways)| (n as i32, ways as f64 / 1000.0))
                .collect(),
        }
    }
}

impl Table {
    /// The value of one modifier on this table.
    fn drm_value(&self, d: &Drm) -> i32 {
        d.value.unwrap_or_else(|| self.drm(d.name) * d.times)
    }

    /// The total of `drms` on this table.
    pub fn modifier(&self, drms: &Drms) -> i32 {
        drms.0.iter().map(|d| self.drm_value(d)).sum()
    }

    /// Each modifier of `drms` that changes a roll on this table, with its reason.
    fn applied<'a>(&'a self, drms: &'a Drms) -> impl Iterator<Item = (&'static str, i32)> + 'a {
        drms.0
            .iter()
            .map(move |d| (d.reason, self.drm_value(d)))
            .filter(|&(_, value)| value != 0)
    }

    /// What a roll in `column` with a total modifier `modifier` is for, as a player who rolls
    /// their own dice is asked for it: the table, column and modifier, and for a one-die
    /// table what each face reads.
    pub fn roll_label(&self, column: usize, modifier: i32) -> RollLabel {
        let (column_words, _) = self.cell_terms(0, column);
        let table = match column_words {
            Some(words) => msg("Table {table}, column {column}")
                .arg("table", &self.id)
                .term("column", words.to_owned()),
            None => msg("Table {table}").arg("table", &self.id),
        };
        let label = match modifier {
            0 => table,
            m => msg("{roll}, modifier {modifier}")
                .message("roll", table)
                .arg("modifier", signed(m)),
        };
        let faces = match self.dice {
            Dice::D10 => (0..10)
                .map(|face| {
                    let (_, cell) = self.cell_terms(self.row_index(face + modifier), column);
                    msg("reads {result}").term("result", cell.to_owned())
                })
                .collect(),
            Dice::Percentile | Dice::Sum3 => Vec::new(),
        };
        RollLabel {
            label: Some(label),
            faces,
        }
    }

    /// The exact chance that a roll in `column` with `drms` reads a cell `wanted` accepts
    /// (the odds shown before a risky decision).
    pub fn chance(&self, column: usize, drms: &Drms, wanted: impl Fn(&str) -> bool) -> f64 {
        self.modified_chance(column, self.modifier(drms), wanted)
    }

    /// The exact chance that a roll in `column` with a total modifier `m` reads a cell
    /// `wanted` accepts.
    pub fn modified_chance(&self, column: usize, m: i32, wanted: impl Fn(&str) -> bool) -> f64 {
        self.dice
            .outcomes()
            .into_iter()
            .filter(|&(n, _)| wanted(&self.rows[self.row_index(n + m)].cells[column]))
            .map(|(_, p)| p)
            .sum()
    }
}

/// Rolls `table` in `column`, adds the modifiers, reads the row; `recorded` keeps the dice
/// and each modifier with its reason for the log (a quiet game skips that work).
pub fn resolve<'a>(
    rng: &mut Rng,
    table: &'a Table,
    column: usize,
    drms: &Drms,
    recorded: bool,
) -> Resolved<'a> {
    let roll = table
        .dice
        .roll(rng, &|| table.roll_label(column, table.modifier(drms)));
    if recorded {
        return resolve_roll(roll, table, column, drms);
    }
    let modified = roll.total + table.modifier(drms);
    read(table, column, roll.total, modified, Vec::new())
}

/// A modifier as players write it: +2, −1 (a minus sign, not a hyphen).
fn signed(m: i32) -> String {
    if m < 0 {
        format!("\u{2212}{}", -m)
    } else {
        format!("+{m}")
    }
}

/// Reads an already-made roll on `table` (used by tests and worked examples).
pub fn resolve_roll<'a>(roll: Roll, table: &'a Table, column: usize, drms: &Drms) -> Resolved<'a> {
    let natural = roll.total;
    let mut random = Vec::with_capacity(1 + drms.0.len());
    random.push(Random::Dice(roll));
    let mut modified = natural;
    // (The same sum as `Table::modifier`, logging each term.)
    for (reason, value) in table.applied(drms) {
        modified += value;
        random.push(Random::Modifier {
            reason: reason.into(),
            value,
        });
    }
    read(table, column, natural, modified, random)
}

/// A roll on a table as the record sheets keep it: the table and column, the die as it fell,
/// each modifier with its reason, the row read and the key of its cell. Plain data in the
/// game state, so that a sheet never reads the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRoll {
    pub table: String,
    pub column: usize,
    pub natural: i32,
    /// (reason, value) of each modifier that changed the roll; the reason is a message id,
    /// translated where shown.
    pub modifiers: Vec<(String, i32)>,
    pub row: usize,
    pub result: String,
}

impl TableRoll {
    /// The roll `r` made on `table` in `column` with `drms`.
    pub fn new(table: &Table, column: usize, drms: &Drms, r: &Resolved) -> TableRoll {
        TableRoll {
            table: table.id.clone(),
            column,
            natural: r.natural,
            modifiers: table
                .applied(drms)
                .map(|(reason, value)| (reason.to_owned(), value))
                .collect(),
            row: r.row,
            result: r.result.to_owned(),
        }
    }

    /// The roll with its modifiers added.
    pub fn modified(&self) -> i32 {
        self.natural + self.modifiers.iter().map(|(_, v)| v).sum::<i32>()
    }
}

/// The row and cell a modified roll reads.
fn read(
    table: &Table,
    column: usize,
    natural: i32,
    modified: i32,
    random: Vec<Random>,
) -> Resolved<'_> {
    let row = table.row_index(modified);
    Resolved {
        natural,
        modified,
        row,
        result: &table.rows[row].cells[column],
        random,
    }
}

/// The log line of a table roll, e.g. "Table 12 [AAA Low] row 7: 1" or "Table 2 row 6–8:
/// Poor", every word translated where it is shown; the dice and the modifiers travel with it
/// as `Random` values. Nothing is formatted: the words and row labels are the table's, made
/// once, and the line keeps to the four arguments a message holds in place (a logged mission
/// writes some fifty of them).
pub fn describe(table: &'static Table, column: usize, r: &Resolved<'static>) -> Message {
    let row = table.row_text(r.row);
    match table.cell_terms(r.row, column) {
        (Some(column), result) => msg("Table {table} [{column}] row {row}: {result}")
            .static_arg("table", &table.id)
            .term("column", column)
            .static_arg("row", row)
            .term("result", result),
        (None, result) => msg("Table {table} row {row}: {result}")
            .static_arg("table", &table.id)
            .static_arg("row", row)
            .term("result", result),
    }
}

/// The id of the table a log line rolled on, if it is the line of a roll: the rules' tests
/// find rolls in the log with it (the program never reads the log back).
#[cfg(test)]
pub(crate) fn rolled_table(line: &Message) -> Option<String> {
    match line.id.as_ref() {
        "Table {table} row {row}: {result}" | "Table {table} [{column}] row {row}: {result}" => {
            line.arg_english("table")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn chances_count_the_faces_that_read_the_cell() {
        // Table 2: 0–5 Good, 6–8 Poor, 9 Bad on one d10.
        let t = crate::games::skyhawk::rules::content::data().table("2");
        let good = |c: &str| c == "good";
        assert!((t.chance(0, &Drms::new(), good) - 0.6).abs() < 1e-9);
        // The monsoon's +1 moves face 5 into Poor.
        let mut monsoon = Drms::new();
        monsoon.when(true, "monsoon", "monsoon");
        assert!((t.chance(0, &monsoon, good) - 0.5).abs() < 1e-9);
        assert!((t.chance(0, &monsoon, |c| c == "bad") - 0.2).abs() < 1e-9);
        // Three d10 added: the 1000 outcomes are all counted.
        let total: f64 = Dice::Sum3.outcomes().iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
    use super::*;
    use crate::engine::dice::DiceKind;
    use crate::engine::message::Arg;

    fn table(dice: Dice, rows: &[(i32, i32, &str)]) -> Table {
        Table {
            id: "t".into(),
            title: "test".into(),
            rule: "1".into(),
            dice,
            source: Source::Recon,
            columns: Vec::new(),
            rows: rows
                .iter()
                .map(|&(a, b, c)| Row {
                    at: [a, b],
                    cells: vec![c.into()],
                })
                .collect(),
            drm: NameMap::from_iter([("plus".into(), 2), ("minus".into(), -1)]),
            numbers: Made::default(),
            words: Made::default(),
            d10_totals: Made::default(),
        }
    }

    fn roll(kind: DiceKind, faces: &[u8], total: i32) -> Roll {
        Roll {
            kind,
            faces: faces.into(),
            total,
        }
    }

    #[test]
    fn modified_rolls_clamp_to_the_end_rows() {
        let t = table(Dice::D10, &[(-1, 5, "low"), (6, 8, "mid"), (9, 10, "high")]);
        t.check().unwrap();
        assert_eq!(t.lookup(-7, 0), "low");
        assert_eq!(t.lookup(5, 0), "low");
        assert_eq!(t.lookup(6, 0), "mid");
        assert_eq!(t.lookup(14, 0), "high");
        assert_eq!(t.row_label(0).to_string(), "≤5");
        assert_eq!(t.row_label(1).to_string(), "6–8");
        assert_eq!(t.row_label(2).to_string(), "9+");
    }

    #[test]
    fn roll_lines_name_the_table_column_and_result_in_words() {
        let data = crate::games::skyhawk::rules::content::data();
        let line = |table: &str, column: usize, faces: &[u8], total: i32| {
            let t = data.table(table);
            let kind = match t.dice {
                Dice::Percentile => DiceKind::Percentile,
                _ => DiceKind::D10,
            };
            let r = resolve_roll(roll(kind, faces, total), t, column, &Drms::new());
            describe(t, column, &r)
        };
        // Table 2 (one column): 6–8 Poor.
        let poor = line("2", 0, &[7], 7);
        assert_eq!(poor.english(), "Table 2 row 6–8: Poor");
        assert_eq!(poor.id, "Table {table} row {row}: {result}");
        // The column and the result are words of the game (translated), the number as written.
        let t12 = data.table("12");
        let aaa_low = t12.column("aaa_low").unwrap();
        let hits = line("12", aaa_low, &[9], 9);
        assert!(
            hits.english().starts_with("Table 12 [AAA Low] row "),
            "{}",
            hits.english()
        );
        let arg =
            |m: &Message, name: &str| m.args.iter().find(|(n, _)| n == name).unwrap().1.clone();
        assert_eq!(arg(&hits, "column"), Arg::Term("AAA Low".into()));
        assert_eq!(hits.arg_english("result").unwrap(), t12.lookup(9, aaa_low));
        assert_eq!(arg(&poor, "result"), Arg::Term("Poor".into()));
        assert_eq!(rolled_table(&hits).as_deref(), Some("12"));
    }

    /// The record of a roll keeps the table, column, die, each modifier with its reason, the
    /// row and the cell; the same in a quiet game, which logs no dice.
    #[test]
    fn a_kept_roll_holds_its_table_column_row_die_and_modifiers() {
        let data = crate::games::skyhawk::rules::content::data();
        // Table 26.1 in the Off column (the player's run missed), a Green group (Table 26.2)
        // with one Skyhawk missing, weather Poor: a 7 rolled, -1 -1 -1 = 4 reads row 3–4, 5%.
        let t = data.table("26.1");
        let off = t.column("off").unwrap();
        let mut drms = Drms::new();
        drms.when(true, "green", "Green pilot")
            .when(false, "veteran", "Veteran pilot")
            .times(1, "per_missing", "Skyhawks missing from the flight")
            .when(true, "weather_poor", "weather Poor");
        let r = resolve_roll(roll(DiceKind::D10, &[7], 7), t, off, &drms);
        let kept = TableRoll::new(t, off, &drms, &r);
        assert_eq!(
            kept,
            TableRoll {
                table: "26.1".into(),
                column: off,
                natural: 7,
                modifiers: vec![
                    ("Green pilot".into(), -1),
                    ("Skyhawks missing from the flight".into(), -1),
                    ("weather Poor".into(), -1),
                ],
                row: 2,
                result: "5".into(),
            }
        );
        assert_eq!(kept.modified(), r.modified);
        let mut rng = Rng::seeded(4);
        let quiet = resolve(&mut rng, t, off, &drms, false);
        let mut rng = Rng::seeded(4);
        let logged = resolve(&mut rng, t, off, &drms, true);
        assert_eq!(
            TableRoll::new(t, off, &drms, &quiet),
            TableRoll::new(t, off, &drms, &logged)
        );
    }

    #[test]
    fn d10_totals_add_every_face() {
        let t = table(Dice::D10, &[(-2, 3, "0"), (4, 7, "2*"), (8, 12, "5")]);
        for modifier in -30..30 {
            let each: i32 = (0..10).map(|face| t.number(face + modifier, 0)).sum();
            assert_eq!(t.d10_total(modifier, 0), each, "modifier {modifier}");
        }
        // Unmodified: faces 0–3 read 0, 4–7 read 2, 8–9 read 5.
        assert_eq!(t.d10_total(0, 0), 18);
    }

    #[test]
    fn cells_read_as_numbers() {
        let t = table(Dice::D10, &[(0, 3, "0"), (4, 7, "2*"), (8, 9, "none")]);
        assert_eq!(t.number(-2, 0), 0);
        assert_eq!(t.number(5, 0), 2);
        assert_eq!(t.number(9, 0), 0);
        assert_eq!(read_number("15*"), 15);
        assert_eq!(read_number("-1"), -1);
        // What was read once takes no part in comparing tables.
        assert_eq!(
            t,
            table(Dice::D10, &[(0, 3, "0"), (4, 7, "2*"), (8, 9, "none")])
        );
    }

    #[test]
    fn modifiers_add_and_are_logged_with_reasons() {
        let t = table(Dice::D10, &[(0, 5, "low"), (6, 8, "mid"), (9, 9, "high")]);
        let mut drms = Drms::new();
        drms.when(true, "plus", "reason a")
            .times(3, "minus", "reason b")
            .when(false, "plus", "not applied");
        let r = resolve_roll(roll(DiceKind::D10, &[7], 7), &t, 0, &drms);
        assert_eq!(r.modified, 6);
        assert_eq!(r.result, "mid");
        assert_eq!(r.random.len(), 3);
        assert_eq!(r.random[1].english(), "+2 reason a");
        assert_eq!(r.random[2].english(), "-3 reason b");
    }

    #[test]
    fn percentile_tables_read_one_to_one_hundred() {
        let t = table(Dice::Percentile, &[(1, 3, "incident"), (4, 100, "good")]);
        t.check().unwrap();
        // "00" is 100: the best row.
        let r = resolve_roll(
            roll(DiceKind::Percentile, &[0, 0], 100),
            &t,
            0,
            &Drms::new(),
        );
        assert!(r.is("good"));
        let mut drms = Drms::new();
        drms.times(5, "minus", "weather");
        let r = resolve_roll(roll(DiceKind::Percentile, &[0, 7], 7), &t, 0, &drms);
        assert_eq!(r.modified, 2);
        assert!(r.is("incident"));
    }

    #[test]
    fn three_d10_sums_read_table_16_style() {
        let t = table(Dice::Sum3, &[(0, 2, "5"), (3, 26, "50"), (27, 30, "100")]);
        t.check().unwrap();
        let r = resolve_roll(
            roll(DiceKind::SumD10(3), &[9, 9, 9], 27),
            &t,
            0,
            &Drms::new(),
        );
        assert_eq!(r.number(), 100);
        let mut rng = Rng::seeded(3);
        for _ in 0..500 {
            let r = resolve(&mut rng, &t, 0, &Drms::new(), true);
            assert!((0..=27).contains(&r.natural));
        }
    }

    #[test]
    fn an_unrecorded_roll_reads_what_a_recorded_one_reads() {
        let t = table(
            Dice::Percentile,
            &[(1, 40, "a"), (41, 90, "b"), (91, 100, "c")],
        );
        let mut drms = Drms::new();
        drms.when(true, "plus", "reason a")
            .times(3, "minus", "reason b");
        let (mut kept, mut quiet) = (Rng::seeded(9), Rng::seeded(9));
        for _ in 0..300 {
            let a = resolve(&mut kept, &t, 0, &drms, true);
            let b = resolve(&mut quiet, &t, 0, &drms, false);
            assert_eq!(
                (a.natural, a.modified, a.row, a.result),
                (b.natural, b.modified, b.row, b.result)
            );
            assert_eq!(a.random.len(), 3);
            assert!(b.random.is_empty());
        }
    }

    #[test]
    fn bad_rows_are_named() {
        let t = table(Dice::D10, &[(0, 5, "a"), (7, 9, "b")]);
        assert!(t.check().unwrap_err().contains("rows[1].at"));
        let t = table(Dice::D10, &[(1, 9, "a")]);
        assert!(t.check().unwrap_err().contains("cover"));
    }
}
