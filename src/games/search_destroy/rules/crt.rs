//! The points Combat Results Table [7.1, 7.2]: odds columns and cells.

use serde::{Deserialize, Serialize};

use crate::engine::content::Source;

/// What a result does to the target [7.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    None,
    /// May not move or fire in its next own Player-Turn.
    Pinned,
    /// Every enemy unit in the hex is removed.
    Destroyed,
}

/// One cell: the effect, the points to the NLF when it fires (left), to the US when it fires
/// (right), and whether a helicopter fired at is shot down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrtCell {
    pub effect: Effect,
    pub nlf_points: u16,
    pub us_points: u16,
    pub helicopter: bool,
}

impl CrtCell {
    /// Reads the data file's notation `[h] [nlf] effect [us]`, e.g. `.`, `P`, `h 20 P 10`.
    pub fn parse(text: &str) -> Result<CrtCell, String> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        let helicopter = words.first() == Some(&"h");
        if helicopter {
            words.remove(0);
        }
        let effect_of = |w: &str| match w {
            "." => Some(Effect::None),
            "P" => Some(Effect::Pinned),
            "D" => Some(Effect::Destroyed),
            _ => None,
        };
        let number = |w: &str| {
            w.parse::<u16>()
                .map_err(|_| format!("'{w}' is not a number of points"))
        };
        let (nlf_points, effect, us_points) = match words.as_slice() {
            [e] => (0, *e, 0),
            [n, e, u] => (number(n)?, *e, number(u)?),
            _ => {
                return Err("write [h] [nlf points] effect [us points], e.g. \"h 20 P 10\"".into());
            }
        };
        let effect =
            effect_of(effect).ok_or_else(|| format!("'{effect}' is not an effect (. P D)"))?;
        Ok(CrtCell {
            effect,
            nlf_points,
            us_points,
            helicopter,
        })
    }

    /// Whether the cell scores points (the moment a face-down target tells whether it is
    /// personnel [6.0]).
    pub fn scores(&self) -> bool {
        self.nlf_points > 0 || self.us_points > 0
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Crt {
    /// Rows by die roll 1–8; each with where it comes from.
    rows: Vec<(Vec<CrtCell>, Source)>,
}

/// An odds column, from 0 (1-3) to 5 (4-1).
pub type Column = usize;

impl Crt {
    pub const COLUMNS: [&'static str; 6] = ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1"];
    /// Die rolls 1–6 and 7–8 reached only with a +2 modifier.
    pub const ROWS: u8 = 8;

    /// A table from its checked rows (see the content loader).
    pub fn new(rows: Vec<(Vec<CrtCell>, Source)>) -> Crt {
        assert_eq!(rows.len(), usize::from(Crt::ROWS));
        Crt { rows }
    }

    /// The cell for a modified die roll (read as 1–8: below 1 is 1, above 8 is 8, digest 4.2
    /// item 4).
    pub fn cell(&self, column: Column, roll: i32) -> CrtCell {
        let row = roll.clamp(1, i32::from(Crt::ROWS)) as usize - 1;
        self.rows[row].0[column]
    }

    /// Whether a die row is printed in the rulebook or reconstructed.
    pub fn row_source(&self, roll: i32) -> Source {
        self.rows[roll.clamp(1, i32::from(Crt::ROWS)) as usize - 1].1
    }
}

/// The odds column for an attack [6.0, 7.2]: attack strength (in half points, so that halved
/// ARVN strengths add up exactly [24.12]) against defence strength, rounded in the defender's
/// favour; worse than 1-3 is read as 1-3, better than 4-1 as 4-1.
pub fn odds_column(attack_halves: u32, defense: u32) -> Column {
    let (a, d) = (attack_halves, 2 * defense.max(1));
    if a >= d {
        // 1-1 .. 4-1: the whole ratio, at most 4, is column 2 .. 5.
        1 + (a / d).min(4) as Column
    } else if a == 0 {
        0
    } else {
        // 1-2 when d/a rounds up to 2, else 1-3.
        match d.div_ceil(a) {
            2 => 1,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::search_destroy::rules::content::data;

    /// Odds in whole strength points.
    fn odds(a: u32, d: u32) -> &'static str {
        Crt::COLUMNS[odds_column(2 * a, d)]
    }

    #[test]
    fn odds_round_in_the_defenders_favour() {
        // The rulebook's example: eleven to three is three to one [6.0].
        assert_eq!(odds(11, 3), "3-1");
        assert_eq!(odds(12, 3), "4-1");
        assert_eq!(odds(6, 3), "2-1");
        assert_eq!(odds(5, 3), "1-1");
        assert_eq!(odds(3, 3), "1-1");
        assert_eq!(odds(2, 3), "1-2");
        assert_eq!(odds(1, 2), "1-2");
        assert_eq!(odds(1, 3), "1-3");
        // Worse than 1-3 is 1-3, better than 4-1 is 4-1 [7.2].
        assert_eq!(odds(1, 6), "1-3");
        assert_eq!(odds(40, 1), "4-1");
        // A helicopter defends with 1 [9.13]: one hard-core 2-1, two 4-1.
        assert_eq!(odds(2, 1), "2-1");
        assert_eq!(odds(4, 1), "4-1");
        // Halved ARVN strengths add up before dividing: three halves of 1 against 2 is 1-2.
        assert_eq!(Crt::COLUMNS[odds_column(3, 2)], "1-2");
        assert_eq!(Crt::COLUMNS[odds_column(3, 1)], "1-1");
    }

    #[test]
    fn the_printed_rows_read_as_printed() {
        let crt = &data().crt;
        let effect = |col: Column, die: i32| crt.cell(col, die).effect;
        // Row 1: only 4-1 pins; row 2: 3-1 and 4-1; row 3: 2-1 and 3-1 pin, 4-1 is "20 P 10".
        for col in 0..5 {
            assert_eq!(effect(col, 1), Effect::None);
        }
        assert_eq!(effect(5, 1), Effect::Pinned);
        assert_eq!(
            (0..6).map(|c| effect(c, 2)).collect::<Vec<_>>(),
            [
                Effect::None,
                Effect::None,
                Effect::None,
                Effect::None,
                Effect::Pinned,
                Effect::Pinned
            ]
        );
        assert_eq!(effect(2, 3), Effect::None);
        assert_eq!(effect(3, 3), Effect::Pinned);
        let best = crt.cell(5, 3);
        assert_eq!(
            (
                best.nlf_points,
                best.effect,
                best.us_points,
                best.helicopter
            ),
            (20, Effect::Pinned, 10, false)
        );
        assert_eq!(crt.row_source(3), Source::Rulebook);
        assert_eq!(crt.row_source(4), Source::Recon);
    }

    #[test]
    fn the_reconstructed_rows_follow_the_diagonal() {
        // Digest 4.3: a cell depends only on die + column index.
        let crt = &data().crt;
        for die in 1..=8 {
            for col in 0..6 {
                let s = die + col as i32;
                for (d2, c2) in (1..=8).flat_map(|d| (0..6).map(move |c| (d, c))) {
                    if d2 + c2 as i32 == s {
                        assert_eq!(crt.cell(col, die), crt.cell(c2, d2), "{die},{col}");
                    }
                }
            }
        }
        // Nothing scores below 1-1 unmodified; 4-1 with a 6 destroys; a lone hard-core at 2-1
        // shoots a helicopter down on a 6.
        assert!(!crt.cell(1, 6).scores());
        assert_eq!(crt.cell(5, 6).effect, Effect::Destroyed);
        assert!(crt.cell(3, 6).helicopter);
        assert!(!crt.cell(3, 5).helicopter);
        // Modified rolls above 8 read as 8.
        assert_eq!(crt.cell(5, 10), crt.cell(5, 8));
    }

    #[test]
    fn cells_parse_or_say_why_not() {
        assert_eq!(
            CrtCell::parse("h 60 D 25").unwrap(),
            CrtCell {
                effect: Effect::Destroyed,
                nlf_points: 60,
                us_points: 25,
                helicopter: true
            }
        );
        assert_eq!(CrtCell::parse(".").unwrap().effect, Effect::None);
        assert!(CrtCell::parse("20 P").unwrap_err().contains("write"));
        assert!(
            CrtCell::parse("x P 10")
                .unwrap_err()
                .contains("'x' is not a number")
        );
        assert!(
            CrtCell::parse("Q")
                .unwrap_err()
                .contains("'Q' is not an effect")
        );
    }
}
