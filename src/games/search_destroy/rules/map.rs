//! The map as the rules read it: terrain and road per hex, berm and river hexsides.

use serde::{Deserialize, Serialize};

use super::hex::{Dir, Hex};

/// The five hex terrains of the Terrain Effects Chart [8.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Open,
    Building,
    Broken,
    Treeline,
    Forest,
}

impl Terrain {
    pub const ALL: [Terrain; 5] = [
        Terrain::Open,
        Terrain::Building,
        Terrain::Broken,
        Terrain::Treeline,
        Terrain::Forest,
    ];

    /// The map file's letter for the terrain, without and with a road.
    pub fn letters(self) -> (char, char) {
        match self {
            Terrain::Open => ('.', '='),
            Terrain::Broken => (':', ';'),
            Terrain::Treeline => ('t', 'T'),
            Terrain::Forest => ('f', 'F'),
            Terrain::Building => ('h', 'H'),
        }
    }

    /// Reads a map letter: the terrain and whether a road runs through the hex.
    pub fn from_letter(letter: char) -> Option<(Terrain, bool)> {
        Terrain::ALL.into_iter().find_map(|t| {
            let (plain, road) = t.letters();
            (letter == plain)
                .then_some((t, false))
                .or((letter == road).then_some((t, true)))
        })
    }
}

/// The two hexside features [8.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hexside {
    Berm,
    River,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub terrain: Terrain,
    pub road: bool,
    /// The hexsides this hex owns (north 1, northeast 2, southeast 4).
    pub berms: u8,
    pub rivers: u8,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    pub columns: u8,
    pub rows: u8,
    cells: Vec<Cell>,
}

impl Map {
    /// A map from its cells, row by row (north to south), each row west to east. The loader
    /// has checked the sizes and that every owned hexside has a neighbour.
    pub fn new(columns: u8, rows: u8, cells: Vec<Cell>) -> Map {
        assert_eq!(cells.len(), usize::from(columns) * usize::from(rows));
        Map {
            columns,
            rows,
            cells,
        }
    }

    pub fn contains(&self, hex: Hex) -> bool {
        (1..=self.columns).contains(&hex.col) && (1..=self.rows).contains(&hex.row)
    }

    fn index(&self, hex: Hex) -> usize {
        usize::from(hex.row - 1) * usize::from(self.columns) + usize::from(hex.col - 1)
    }

    /// The cell of a hex on the map.
    pub fn cell(&self, hex: Hex) -> &Cell {
        assert!(self.contains(hex), "hex {hex} is off the map");
        &self.cells[self.index(hex)]
    }

    pub fn terrain(&self, hex: Hex) -> Terrain {
        self.cell(hex).terrain
    }

    pub fn road(&self, hex: Hex) -> bool {
        self.cell(hex).road
    }

    /// The neighbour of `hex` in `dir`, if it is on the map.
    pub fn neighbour(&self, hex: Hex, dir: Dir) -> Option<Hex> {
        hex.step(dir).filter(|&n| self.contains(n))
    }

    pub fn neighbours(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| self.neighbour(hex, d))
    }

    /// Whether the side of `hex` facing `dir` carries `feature`.
    pub fn side(&self, hex: Hex, dir: Dir, feature: Hexside) -> bool {
        let (owner, dir) = match dir.own_bit() {
            Some(_) => (Some(hex), dir),
            None => (self.neighbour(hex, dir), dir.opposite()),
        };
        let Some(owner) = owner.filter(|&o| self.contains(o)) else {
            return false;
        };
        let bit = dir.own_bit().unwrap_or(0);
        let cell = self.cell(owner);
        let bits = match feature {
            Hexside::Berm => cell.berms,
            Hexside::River => cell.rivers,
        };
        bits & bit != 0
    }

    /// Whether the hexside between two adjacent hexes carries `feature`.
    pub fn between(&self, a: Hex, b: Hex, feature: Hexside) -> bool {
        a.direction_to(b)
            .is_some_and(|dir| self.side(a, dir, feature))
    }

    /// Every hex of the map, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (1..=self.rows).flat_map(move |r| (1..=self.columns).map(move |c| Hex::new(c, r)))
    }

    /// Whether a hex lies on the edge of the map.
    pub fn on_edge(&self, hex: Hex) -> bool {
        hex.col == 1 || hex.row == 1 || hex.col == self.columns || hex.row == self.rows
    }
}
