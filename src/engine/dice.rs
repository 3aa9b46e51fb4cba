//! Dice, each roll kept with its raw faces so that the log can show exactly what fell.
//!
//! Conventions: a d6 reads 1–6; a d10 reads 0–9 (Skyhawk's tables); percentile is two d10
//! (tens and units) read 01–100 with "00" meaning 100; `nd10` adds n d10 read 0–9.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;

use super::arranged::{Die, RollLabel};
use super::message::{Message, msg};
use super::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceKind {
    D6,
    D10,
    Percentile,
    SumD10(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub kind: DiceKind,
    /// What each die showed, in the order rolled (for percentile: tens die, then units die).
    #[serde(with = "faces_list")]
    pub faces: Faces,
    pub total: i32,
}

/// The faces of one roll: up to three dice kept in place (a game rolls thousands of times).
pub type Faces = SmallVec<[u8; 3]>;

/// Faces are saved as a plain list.
mod faces_list {
    use super::*;

    pub fn serialize<S: Serializer>(faces: &Faces, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(faces)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Faces, D::Error> {
        Vec::deserialize(deserializer).map(SmallVec::from_vec)
    }
}

impl Roll {
    /// A short text such as `d10 = 7`, `2d10 [0,3] = 3`, `% [0,0] = 100`.
    pub fn describe(&self) -> String {
        let faces = self
            .faces
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",");
        match self.kind {
            DiceKind::D6 => format!("d6 = {}", self.total),
            DiceKind::D10 => format!("d10 = {}", self.total),
            DiceKind::Percentile => format!("d% [{faces}] = {}", self.total),
            DiceKind::SumD10(n) => format!("{n}d10 [{faces}] = {}", self.total),
        }
    }
}

/// A roll with nothing said about what it is for.
fn unlabelled() -> RollLabel {
    RollLabel::default()
}

pub fn d6(rng: &mut Rng) -> Roll {
    d6_for(rng, &unlabelled)
}

pub fn d10(rng: &mut Rng) -> Roll {
    d10_for(rng, &unlabelled)
}

pub fn percentile(rng: &mut Rng) -> Roll {
    percentile_for(rng, &unlabelled)
}

/// The sum of `n` d10 read 0–9 (Skyhawk's 2d10 and 3d10 tables).
pub fn nd10(rng: &mut Rng, n: u8) -> Roll {
    nd10_for(rng, n, &unlabelled)
}

/// A d6 with what it is for (shown to a player who rolls their own dice; see
/// [`crate::engine::arranged`]). `label` is called only then.
pub fn d6_for(rng: &mut Rng, label: &dyn Fn() -> RollLabel) -> Roll {
    let face = rng.die(Die::D6, label);
    Roll {
        kind: DiceKind::D6,
        faces: SmallVec::from_slice(&[face]),
        total: i32::from(face),
    }
}

/// A d10 with what it is for (see [`d6_for`]).
pub fn d10_for(rng: &mut Rng, label: &dyn Fn() -> RollLabel) -> Roll {
    let face = rng.die(Die::D10, label);
    Roll {
        kind: DiceKind::D10,
        faces: SmallVec::from_slice(&[face]),
        total: i32::from(face),
    }
}

/// Reads two d10 faces as a percentile result: tens and units, "00" is 100.
pub fn percentile_value(tens: u8, units: u8) -> i32 {
    match i32::from(tens) * 10 + i32::from(units) {
        0 => 100,
        v => v,
    }
}

/// Percentile with what it is for (see [`d6_for`]): the tens die, then the units die, each
/// asked for on its own, each face shown with the results it stands for.
pub fn percentile_for(rng: &mut Rng, label: &dyn Fn() -> RollLabel) -> Roll {
    let tens = rng.die(Die::D10, &|| {
        let faces = Die::D10.faces().map(|f| match f {
            0 => msg("01–09 or 100"),
            f => msg("{from}–{to}")
                .arg("from", u32::from(f) * 10)
                .arg("to", u32::from(f) * 10 + 9),
        });
        one_die_of(label(), msg("tens die"), faces.collect())
    });
    let units = rng.die(Die::D10, &|| {
        let faces = Die::D10
            .faces()
            .map(|f| msg("reads {value}").arg("value", percentile_value(tens, f)));
        one_die_of(label(), msg("units die"), faces.collect())
    });
    Roll {
        kind: DiceKind::Percentile,
        faces: SmallVec::from_slice(&[tens, units]),
        total: percentile_value(tens, units),
    }
}

/// The label of one die of several: the roll's label and which die; each face described.
fn one_die_of(roll: RollLabel, which: Message, faces: Vec<Message>) -> RollLabel {
    RollLabel {
        label: Some(match roll.label {
            Some(what) => msg("{what}: {which}")
                .message("what", what)
                .message("which", which),
            None => which,
        }),
        faces,
    }
}

/// `n` d10 added, with what they are for (see [`d6_for`]): each die asked for on its own.
pub fn nd10_for(rng: &mut Rng, n: u8, label: &dyn Fn() -> RollLabel) -> Roll {
    let mut faces = Faces::new();
    for i in 0..n {
        let face = rng.die(Die::D10, &|| {
            let which = msg("die {i} of {n}").arg("i", i + 1).arg("n", n);
            one_die_of(label(), which, Vec::new())
        });
        faces.push(face);
    }
    let total = faces.iter().map(|&f| i32::from(f)).sum();
    Roll {
        kind: DiceKind::SumD10(n),
        faces,
        total,
    }
}

/// Exact distribution of `nd10` (0–9 faces): `result[s]` is the number of the 10^n outcomes
/// that sum to `s`. The odds assistants divide by 10^n.
pub fn nd10_distribution(n: u8) -> Vec<u64> {
    let mut dist = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; dist.len() + 9];
        for (s, &ways) in dist.iter().enumerate() {
            for face in 0..10 {
                next[s + face] += ways;
            }
        }
        dist = next;
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_stay_in_range() {
        let mut rng = Rng::seeded(1);
        for _ in 0..10_000 {
            let r = d6(&mut rng);
            assert!((1..=6).contains(&r.total));
            let r = d10(&mut rng);
            assert!((0..=9).contains(&r.total));
            let r = percentile(&mut rng);
            assert!((1..=100).contains(&r.total));
            let r = nd10(&mut rng, 3);
            assert_eq!(r.faces.len(), 3);
            assert!((0..=27).contains(&r.total));
            assert_eq!(r.total, r.faces.iter().map(|&f| i32::from(f)).sum::<i32>());
        }
    }

    #[test]
    fn double_zero_is_one_hundred() {
        assert_eq!(percentile_value(0, 0), 100);
        assert_eq!(percentile_value(0, 1), 1);
        assert_eq!(percentile_value(9, 9), 99);
        assert_eq!(percentile_value(1, 0), 10);
    }

    #[test]
    fn every_face_appears() {
        let mut rng = Rng::seeded(5);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            seen[d10(&mut rng).total as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn nd10_distribution_is_exact() {
        let two = nd10_distribution(2);
        assert_eq!(two.len(), 19);
        assert_eq!(two.iter().sum::<u64>(), 100);
        assert_eq!(two[0], 1);
        assert_eq!(two[9], 10);
        assert_eq!(two[18], 1);
        assert_eq!(nd10_distribution(3).iter().sum::<u64>(), 1000);
    }

    #[test]
    fn arranged_faces_go_to_the_dice_of_their_kind_in_order() {
        use crate::engine::arranged::Arranged;
        let mut rng = Rng::seeded(3);
        let untouched = rng.clone();
        for item in [
            Arranged::D10(0),
            Arranged::D6(2),
            Arranged::D10(7),
            Arranged::D10(5),
        ] {
            rng.arrange(item);
        }
        assert_eq!(d6(&mut rng).total, 2);
        // Percentile is a tens die and a units die: "07".
        assert_eq!(percentile(&mut rng).total, 7);
        assert_eq!(nd10(&mut rng, 1).total, 5);
        assert!(rng.arranged().is_empty());
        assert_eq!(rng.results(), 4, "each arranged face is a random result");
        assert!(rng.settle().misfit().is_none());
        // The generator was not touched: it goes on as if nothing was rolled.
        assert_eq!(rng, untouched);
    }

    #[test]
    fn a_die_left_to_the_player_is_noted_with_what_it_is_for() {
        use crate::engine::arranged::{Arranged, Die};
        let mut rng = Rng::seeded(3);
        rng.arrange(Arranged::D10(4));
        rng.leave_dice_to_player();
        let label = || RollLabel::new(Message::template("Table 7".into()));
        percentile_for(&mut rng, &label);
        d6(&mut rng);
        let settled = rng.settle();
        let die = settled.needed.expect("the units die is missing");
        assert_eq!(die.die, Die::D10);
        assert_eq!(die.label.unwrap().english(), "Table 7: units die");
        let faces: Vec<String> = die.faces.iter().map(|f| f.english()).collect();
        assert_eq!(faces[0], "reads 40");
        assert_eq!(faces[9], "reads 49");
        // The tens die of 0 reads 01–09 or 100.
        let mut rng = Rng::seeded(3);
        rng.leave_dice_to_player();
        percentile(&mut rng);
        let die = rng.settle().needed.unwrap();
        assert_eq!(die.label.unwrap().english(), "tens die");
        assert_eq!(die.faces[0].english(), "01–09 or 100");
        assert_eq!(die.faces[3].english(), "30–39");
    }

    #[test]
    fn describe_shows_faces() {
        let roll = Roll {
            kind: DiceKind::Percentile,
            faces: SmallVec::from_slice(&[0, 0]),
            total: 100,
        };
        assert_eq!(roll.describe(), "d% [0,0] = 100");
        let json = serde_json::to_string(&roll).unwrap();
        assert_eq!(json, r#"{"kind":"Percentile","faces":[0,0],"total":100}"#);
        assert_eq!(serde_json::from_str::<Roll>(&json).unwrap(), roll);
    }
}
