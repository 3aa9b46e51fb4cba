//! Hexes of the Search & Destroy map: flat-topped, numbered `CCRR` (column, row), column 01 on
//! the west edge, row 01 on the north edge, even-numbered columns set half a hex south of
//! their odd neighbours (digest 5.1, Appendix A). The rulebook fixes the orientation: 5505 lies
//! directly south of 5504 [21.24], and the six directions are N, NE, SE, S, SW, NW [21.36].
//!
//! Positions are also given on an integer lattice ("points"): a hex centre is
//! `(3·q, 2·(row−1) + q mod 2)` with `q = column − 1`, and every hex corner lands on integer
//! points too. The lattice is the real plane stretched along each axis (x by s/2, y by √3·s/2
//! for hexes of side s), which keeps straight lines straight and the order of points along
//! them: line-of-sight geometry is exact in it.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The six directions, numbered as the scatter die reads them [21.36]: 1 N … 6 NW.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 3) % 6]
    }

    /// The direction a scatter die face names [21.36].
    pub fn from_die(face: u8) -> Option<Dir> {
        Dir::ALL.get(usize::from(face).checked_sub(1)?).copied()
    }

    /// The hexsides a hex records for itself in the map file: its north, northeast and
    /// southeast sides (the other three are its neighbours'), as the bit of the map's digit.
    pub fn own_bit(self) -> Option<u8> {
        match self {
            Dir::N => Some(1),
            Dir::NE => Some(2),
            Dir::SE => Some(4),
            _ => None,
        }
    }

    /// Cube steps (x, y, z) of the digest's table 5.1.
    fn cube(self) -> (i32, i32, i32) {
        match self {
            Dir::N => (0, 1, -1),
            Dir::NE => (1, 0, -1),
            Dir::SE => (1, -1, 0),
            Dir::S => (0, -1, 1),
            Dir::SW => (-1, 0, 1),
            Dir::NW => (-1, 1, 0),
        }
    }
}

/// One hex by its printed number: column and row from 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub col: u8,
    pub row: u8,
}

/// A point of the integer lattice (see the module note).
pub type Point = (i32, i32);

impl Hex {
    pub const fn new(col: u8, row: u8) -> Hex {
        Hex { col, row }
    }

    /// Reads a printed hex number such as `1610` or `0121`.
    pub fn parse(text: &str) -> Option<Hex> {
        if text.len() != 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let col = text[..2].parse().ok()?;
        let row = text[2..].parse().ok()?;
        (col > 0 && row > 0).then_some(Hex { col, row })
    }

    /// Cube coordinates (digest 5.1).
    pub fn cube(self) -> (i32, i32, i32) {
        let q = i32::from(self.col) - 1;
        let x = q;
        let z = (i32::from(self.row) - 1) - (q - (q & 1)) / 2;
        (x, -x - z, z)
    }

    /// The hex at cube coordinates, if its number is a printable one (columns and rows 1–99).
    pub fn from_cube(x: i32, z: i32) -> Option<Hex> {
        let q = x;
        let row = z + (q - (q & 1)) / 2 + 1;
        let col = q + 1;
        if (1..=99).contains(&col) && (1..=99).contains(&row) {
            Some(Hex::new(col as u8, row as u8))
        } else {
            None
        }
    }

    /// Hexes between two hexes, counted as the rulebook counts range: the target's hex is
    /// counted, the firer's is not [6.27].
    pub fn distance(self, other: Hex) -> u32 {
        let (ax, ay, az) = self.cube();
        let (bx, by, bz) = other.cube();
        let d = (ax - bx).abs().max((ay - by).abs()).max((az - bz).abs());
        d as u32
    }

    /// The neighbour in direction `dir` (its number may lie off any given map).
    pub fn step(self, dir: Dir) -> Option<Hex> {
        let (x, _, z) = self.cube();
        let (dx, _, dz) = dir.cube();
        Hex::from_cube(x + dx, z + dz)
    }

    /// The direction from `self` to an adjacent `other`.
    pub fn direction_to(self, other: Hex) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(d) == Some(other))
    }

    /// The hex centre on the integer lattice.
    pub fn centre(self) -> Point {
        let q = i32::from(self.col) - 1;
        (3 * q, 2 * (i32::from(self.row) - 1) + (q & 1))
    }

    /// The hex whose centre is `p`, if `p` is a centre.
    pub fn at_centre(p: Point) -> Option<Hex> {
        let (x, y) = p;
        if x < 0 || x % 3 != 0 {
            return None;
        }
        let q = x / 3;
        let twice = y - (q & 1);
        if twice < 0 || twice % 2 != 0 {
            return None;
        }
        let (col, row) = (q + 1, twice / 2 + 1);
        ((1..=99).contains(&col) && (1..=99).contains(&row)).then(|| Hex::new(col as u8, row as u8))
    }
}

/// The six corners relative to a hex centre on the lattice, starting east and going clockwise
/// (y grows south): E, lower right, lower left, W, upper left, upper right. Side `k` runs from
/// corner `k` to corner `k + 1`.
pub const CORNERS: [Point; 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// The direction of side `k` (between corners `k` and `k + 1`).
pub const SIDE_DIRS: [Dir; 6] = [Dir::SE, Dir::S, Dir::SW, Dir::NW, Dir::N, Dir::NE];

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        Hex::parse(s).unwrap()
    }

    #[test]
    fn numbers_read_and_print_as_printed() {
        assert_eq!(h("0121"), Hex::new(1, 21));
        assert_eq!(h("4433").to_string(), "4433");
        assert_eq!(Hex::parse("121"), None);
        assert_eq!(Hex::parse("0012"), None);
        assert_eq!(Hex::parse("12a4"), None);
    }

    #[test]
    fn south_of_5504_is_5505() {
        // The rulebook's artillery example [21.24].
        assert_eq!(h("5504").step(Dir::S), Some(h("5505")));
        assert_eq!(h("5505").step(Dir::N), Some(h("5504")));
    }

    #[test]
    fn even_columns_sit_half_a_hex_south() {
        // Appendix A: 0201 lies southeast of 0101, and 0301 northeast of 0201.
        assert_eq!(h("0101").step(Dir::SE), Some(h("0201")));
        assert_eq!(h("0201").step(Dir::NE), Some(h("0301")));
        assert_eq!(h("1010").step(Dir::NE), Some(h("1110")));
        assert_eq!(h("1010").step(Dir::SE), Some(h("1111")));
        assert_eq!(h("1110").step(Dir::NE), Some(h("1209")));
        assert_eq!(h("1110").step(Dir::SE), Some(h("1210")));
        for hex in [h("1010"), h("1110"), h("0505"), h("2233")] {
            for d in Dir::ALL {
                let n = hex.step(d).unwrap();
                assert_eq!(hex.distance(n), 1);
                assert_eq!(n.step(d.opposite()), Some(hex));
                assert_eq!(hex.direction_to(n), Some(d));
            }
        }
        assert_eq!(h("0101").step(Dir::N), None);
    }

    #[test]
    fn distance_counts_the_target_not_the_firer() {
        assert_eq!(h("1010").distance(h("1010")), 0);
        assert_eq!(h("1010").distance(h("1610")), 6);
        assert_eq!(h("1010").distance(h("1016")), 6);
        assert_eq!(h("1010").distance(h("1509")), 5);
        assert_eq!(h("0101").distance(h("4434")), 55);
    }

    #[test]
    fn lattice_centres_and_corners_agree_with_neighbours() {
        let hex = h("1010");
        assert_eq!(Hex::at_centre(hex.centre()), Some(hex));
        assert_eq!(Hex::at_centre((1, 0)), None);
        for (k, dir) in SIDE_DIRS.iter().enumerate() {
            // The neighbour across side k shares its two corners.
            let n = hex.step(*dir).unwrap();
            let (c, nc) = (hex.centre(), n.centre());
            let a = (c.0 + CORNERS[k].0, c.1 + CORNERS[k].1);
            let b = (c.0 + CORNERS[(k + 1) % 6].0, c.1 + CORNERS[(k + 1) % 6].1);
            let theirs: Vec<Point> = CORNERS.iter().map(|o| (nc.0 + o.0, nc.1 + o.1)).collect();
            assert!(theirs.contains(&a) && theirs.contains(&b), "side {k}");
        }
    }

    #[test]
    fn scatter_die_directions() {
        assert_eq!(Dir::from_die(1), Some(Dir::N));
        assert_eq!(Dir::from_die(4), Some(Dir::S));
        assert_eq!(Dir::from_die(6), Some(Dir::NW));
        assert_eq!(Dir::from_die(0), None);
        assert_eq!(Dir::from_die(7), None);
    }
}
