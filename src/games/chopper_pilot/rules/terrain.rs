//! The terrain of a mission's Tactical Maps. The six printed maps are not in the rulebook; until
//! real map art exists each map is grown from its theme (digest G13): the same map number gives
//! the same map in every game, with terrain in patches in the theme's proportions and a hill
//! overlay. A briefing's landing zone is always ground a helicopter may land on.

use serde::{Deserialize, Serialize};

use super::content::{TerrainSpec, data};
use super::hex::{Hex, Layout};
use crate::engine::rng::Rng;

/// The terrain of every hex of a layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ground {
    pub layout: Layout,
    /// Index into the content's terrain list, by row then column of the whole layout.
    cells: Vec<u8>,
    hills: Vec<bool>,
}

/// How much a patch grows: the chance in 100 that a hex copies a neighbour already laid.
const PATCHINESS: u32 = 55;

impl Ground {
    /// Grows the maps of `layout` from their themes.
    pub fn grow(layout: Layout) -> Ground {
        let (w, h) = layout.size();
        let mut cells = vec![0u8; (w * h) as usize];
        let mut hills = vec![false; (w * h) as usize];
        for (row, maps) in layout.maps.iter().enumerate() {
            for (col, &number) in maps.iter().enumerate() {
                let grown = grown_map(number, layout.columns, layout.rows);
                let (cells_map, hills_map) = (&grown.0, &grown.1);
                for y in 0..layout.rows {
                    for x in 0..layout.columns {
                        let gx = col as i32 * layout.columns + x;
                        let gy = row as i32 * layout.rows + y;
                        let i = (y * layout.columns + x) as usize;
                        cells[(gy * w + gx) as usize] = cells_map[i];
                        hills[(gy * w + gx) as usize] = hills_map[i];
                    }
                }
            }
        }
        Ground {
            layout,
            cells,
            hills,
        }
    }

    fn index(&self, hex: Hex) -> Option<usize> {
        // `Layout::contains` worked out once: the hex's map is in the layout.
        let l = &self.layout;
        let (x, y) = hex.offset();
        if x < 0 || y < 0 {
            return None;
        }
        l.maps
            .get((y / l.rows) as usize)?
            .get((x / l.columns) as usize)?;
        Some((y * l.size().0 + x) as usize)
    }

    /// The terrain of a hex on the layout (clear off the map, which nothing enters).
    pub fn at(&self, hex: Hex) -> &'static TerrainSpec {
        let i = self.index(hex).map_or(0, |i| usize::from(self.cells[i]));
        &data().terrain[i]
    }

    pub fn hill(&self, hex: Hex) -> bool {
        self.index(hex).is_some_and(|i| self.hills[i])
    }

    /// Makes a hex clear ground (a landing zone, or where a briefing puts a unit).
    pub fn clear(&mut self, hex: Hex) {
        if let Some(i) = self.index(hex) {
            self.cells[i] = landing_index();
            self.hills[i] = false;
        }
    }

    /// Gives a hex the terrain a briefing names for it (checked at load).
    pub fn set(&mut self, hex: Hex, terrain: &str) {
        if let (Some(i), Some(t)) = (
            self.index(hex),
            data().terrain.iter().position(|t| t.id == terrain),
        ) {
            self.cells[i] = t as u8;
            self.hills[i] = false;
        }
    }

    /// Ground units may enter (rivers, lakes and gorges are closed to them) [8.5].
    pub fn passable(&self, hex: Hex) -> bool {
        self.layout.contains(hex) && !self.at(hex).prohibited
    }

    pub fn may_land(&self, hex: Hex) -> bool {
        self.layout.contains(hex) && self.at(hex).landing
    }

    /// The ground MP to enter a hex, the hill overlay added [D].
    pub fn ground_mp(&self, hex: Hex) -> u8 {
        self.at(hex).ground_mp
            + if self.hill(hex) {
                data().hill.ground_mp
            } else {
                0
            }
    }

    /// Whether the hex blocks sight between ground units [9.1, D].
    pub fn blocks(&self, hex: Hex) -> bool {
        self.at(hex).blocks_los || (self.hill(hex) && data().hill.blocks_los)
    }

    /// The defensive modifier of units in the hex [9.4.2, D].
    pub fn drm(&self, hex: Hex) -> i32 {
        self.at(hex).drm + if self.hill(hex) { data().hill.drm } else { 0 }
    }

    /// The F2 modifier of forced landing in the hex [F2].
    pub fn f2(&self, hex: Hex) -> i32 {
        self.at(hex).f2 + if self.hill(hex) { data().hill.f2 } else { 0 }
    }
}

impl Layout {
    /// Columns and rows of the whole layout.
    pub fn size(&self) -> (i32, i32) {
        (
            self.maps.first().map_or(0, Vec::len) as i32 * self.columns,
            self.maps.len() as i32 * self.rows,
        )
    }

    /// Whether a hex lies on the outer edge of the layout.
    pub fn on_edge(&self, hex: Hex) -> bool {
        let (w, h) = self.size();
        let (x, y) = hex.offset();
        self.contains(hex) && (x == 0 || y == 0 || x == w - 1 || y == h - 1)
    }
}

/// The first terrain a helicopter may land on (clear ground).
fn landing_index() -> u8 {
    data().terrain.iter().position(|t| t.landing).unwrap_or(0) as u8
}

/// The maps grown so far: a map is the same sheet in every game, so it is grown once.
type Grown = std::sync::Arc<(Vec<u8>, Vec<bool>)>;

fn grown_map(number: u8, columns: i32, rows: i32) -> Grown {
    type Sheets = Vec<((u8, i32, i32), Grown)>;
    static GROWN: std::sync::Mutex<Sheets> = std::sync::Mutex::new(Vec::new());
    let key = (number, columns, rows);
    let mut grown = GROWN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, map)) = grown.iter().find(|(k, _)| *k == key) {
        return map.clone();
    }
    let map = std::sync::Arc::new(grow_map(number, columns, rows));
    grown.push((key, map.clone()));
    map
}

/// One map grown from its theme, by row then column.
fn grow_map(number: u8, columns: i32, rows: i32) -> (Vec<u8>, Vec<bool>) {
    let theme = data().tactical_maps.iter().find(|m| m.number == number);
    let weights: Vec<(u8, u32)> = theme
        .map(|t| {
            t.mix
                .iter()
                .filter_map(|(id, pct)| {
                    let i = data().terrain.iter().position(|s| &s.id == id)?;
                    Some((i as u8, u32::from(*pct)))
                })
                .collect()
        })
        .unwrap_or_default();
    let total: u32 = weights.iter().map(|(_, w)| w).sum();
    let hill_pct = theme.map_or(0, |t| u32::from(t.hills));
    // A fixed generator per map number: the map is a printed sheet, the same in every game.
    let mut rng = Rng::seeded(0x5eed_0000 + u64::from(number));
    let pick = |rng: &mut Rng| {
        if total == 0 {
            return landing_index();
        }
        let mut roll = rng.below(total);
        for (i, w) in &weights {
            if roll < *w {
                return *i;
            }
            roll -= w;
        }
        weights[0].0
    };
    let n = (columns * rows) as usize;
    let mut cells = vec![0u8; n];
    let mut hills = vec![false; n];
    for y in 0..rows {
        for x in 0..columns {
            let i = (y * columns + x) as usize;
            let laid: Vec<usize> = [(x - 1, y), (x, y - 1), (x - 1, y - 1)]
                .into_iter()
                .filter(|(a, b)| *a >= 0 && *b >= 0)
                .map(|(a, b)| (b * columns + a) as usize)
                .collect();
            cells[i] = if !laid.is_empty() && rng.below(100) < PATCHINESS {
                cells[laid[rng.index(laid.len())]]
            } else {
                pick(&mut rng)
            };
            hills[i] = if !laid.is_empty() && rng.below(100) < PATCHINESS {
                hills[laid[rng.index(laid.len())]]
            } else {
                rng.below(100) < hill_pct
            };
        }
    }
    (cells, hills)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ground(maps: Vec<Vec<u8>>) -> Ground {
        let g = &data().grid;
        Ground::grow(Layout::new(maps, g.columns, g.rows))
    }

    #[test]
    fn a_map_is_the_same_sheet_in_every_game_and_follows_its_theme() {
        assert_eq!(ground(vec![vec![2]]), ground(vec![vec![2]]));
        let g = ground(vec![vec![2]]);
        let (w, h) = g.layout.size();
        let all: Vec<Hex> = (0..w)
            .flat_map(|x| (0..h).map(move |y| Hex::from_offset(x, y)))
            .collect();
        let jungle = all.iter().filter(|x| g.at(**x).id == "jungle").count();
        // Map 2 is half jungle (G13); patches wander, but not that far.
        assert!(
            (all.len() * 3 / 10..all.len() * 7 / 10).contains(&jungle),
            "{jungle} of {}",
            all.len()
        );
        assert!(all.iter().any(|x| g.hill(*x)), "map 2 has ridges");
        let valley = ground(vec![vec![1]]);
        assert!(
            all.iter().all(|x| !valley.hill(*x)),
            "map 1 is a flat valley"
        );
    }

    #[test]
    fn joined_maps_keep_their_own_sheets() {
        let pair = ground(vec![vec![1, 2]]);
        let two = ground(vec![vec![2]]);
        let offset = Hex::from_offset(38, 0);
        for y in 0..21 {
            for x in 0..38 {
                let a = Hex::from_offset(x, y);
                let b = Hex::from_offset(x + 38, y);
                assert_eq!(pair.at(b).id, two.at(a).id);
            }
        }
        assert!(pair.layout.on_edge(offset) && !pair.layout.on_edge(Hex::from_offset(37, 5)));
    }
}
