//! The Tactical Maps' hex grid (digest G09): flat-topped hexes in columns, the even columns
//! (CC = 02, 04, ...) half a hex lower, maps joined edge to edge as a briefing's layout shows.
//! Directions run clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. The rulebook's
//! directions 1-6 are relative to a helicopter's nose: 1 straight ahead, then clockwise [8.5].

use serde::{Deserialize, Serialize};

use super::content::HexRef;

/// A hex in axial coordinates over the whole layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// How far apart (in each axial coordinate) two hexes may be for [`Hex::sector_mask`] to
/// read its table: beyond every weapon's range and the spotting range.
const SECTOR_TABLE_REACH: i32 = 24;

/// The axial step of each direction 0-5.
const STEPS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

impl Hex {
    /// The hex at 0-based column `x` and row `y` of the whole layout.
    pub fn from_offset(x: i32, y: i32) -> Hex {
        Hex {
            q: x,
            r: y - (x - (x & 1)) / 2,
        }
    }

    /// 0-based column and row over the whole layout.
    pub fn offset(self) -> (i32, i32) {
        (self.q, self.r + (self.q - (self.q & 1)) / 2)
    }

    pub fn neighbour(self, direction: u8) -> Hex {
        let (dq, dr) = STEPS[usize::from(direction % 6)];
        Hex {
            q: self.q + dq,
            r: self.r + dr,
        }
    }

    /// The hexes exactly `r` from this one (`r` > 0), once each.
    pub fn ring(self, r: i32) -> impl Iterator<Item = Hex> {
        // From the south-west corner round by south-east, north-east, north, north-west,
        // south-west and south, `r` steps each.
        let start = Hex {
            q: self.q - r,
            r: self.r + r,
        };
        [2u8, 1, 0, 5, 4, 3]
            .into_iter()
            .flat_map(move |d| std::iter::repeat_n(d, r as usize))
            .scan(start, |at, d| {
                let here = *at;
                *at = at.neighbour(d);
                Some(here)
            })
    }

    /// `n` hexes along a straight hex line in `direction`.
    pub fn step(self, direction: u8, n: u8) -> Hex {
        (0..n).fold(self, |h, _| h.neighbour(direction))
    }

    pub fn distance(self, other: Hex) -> i32 {
        let (dq, dr) = (other.q - self.q, other.r - self.r);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// The centre, one hex across the flats = 1 unit; y grows southwards.
    fn centre(self) -> (f64, f64) {
        let (q, r) = (f64::from(self.q), f64::from(self.r));
        (q * 3f64.sqrt() / 2.0, r + q / 2.0)
    }

    /// The bearing to `other` in degrees clockwise from north.
    pub fn bearing(self, other: Hex) -> f64 {
        let (a, b) = (self.centre(), other.centre());
        (b.0 - a.0).atan2(a.1 - b.1).to_degrees().rem_euclid(360.0)
    }

    /// The nose-relative sectors 1-6 that `other` lies in for a helicopter here facing
    /// `facing`: sector k spans (k-1)·60° ± 30°; a hex on a boundary is in both (G09). The
    /// helicopter's own hex is in every sector.
    pub fn sectors(self, facing: u8, other: Hex) -> Vec<u8> {
        let mask = self.sector_mask(facing, other);
        (1..=6u8).filter(|k| mask & (1 << k) != 0).collect()
    }

    /// [`Hex::sectors`] as bits: bit `k` set for sector `k`. Within [`SECTOR_TABLE_REACH`]
    /// hexes (every weapon's and every look's range) read from a table worked out once by
    /// [`Hex::sector_mask_worked_out`]: the rules ask this for every unit at every step.
    pub fn sector_mask(self, facing: u8, other: Hex) -> u8 {
        static TABLE: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
            let origin = Hex { q: 0, r: 0 };
            let reach = SECTOR_TABLE_REACH;
            (0..6u8)
                .flat_map(|facing| {
                    (-reach..=reach).flat_map(move |dq| {
                        (-reach..=reach).map(move |dr| {
                            origin.sector_mask_worked_out(facing, Hex { q: dq, r: dr })
                        })
                    })
                })
                .collect()
        });
        let (dq, dr) = (other.q - self.q, other.r - self.r);
        let reach = SECTOR_TABLE_REACH;
        if facing < 6 && dq.abs() <= reach && dr.abs() <= reach {
            let side = (2 * reach + 1) as usize;
            let at =
                (usize::from(facing) * side + (dq + reach) as usize) * side + (dr + reach) as usize;
            TABLE[at]
        } else {
            self.sector_mask_worked_out(facing, other)
        }
    }

    /// [`Hex::sector_mask`] from the bearing, for any two hexes.
    fn sector_mask_worked_out(self, facing: u8, other: Hex) -> u8 {
        if self == other {
            return 0b111_1110;
        }
        let relative = (self.bearing(other) - f64::from(facing) * 60.0).rem_euclid(360.0);
        (1..=6u8)
            .filter(|k| {
                let centre = f64::from(k - 1) * 60.0;
                let off = (relative - centre + 180.0).rem_euclid(360.0) - 180.0;
                off.abs() <= 30.0 + 1e-6
            })
            .fold(0, |m, k| m | 1 << k)
    }

    /// The hexes strictly between `self` and `other`, in pairs: where the line runs along a
    /// hexside the two hexes beside it, otherwise the one hex twice (G09).
    pub fn between(self, other: Hex) -> Vec<(Hex, Hex)> {
        self.between_pairs(other).collect()
    }

    /// [`Hex::between`] one pair at a time.
    pub fn between_pairs(self, other: Hex) -> impl Iterator<Item = (Hex, Hex)> {
        let n = self.distance(other);
        let cube = |h: Hex| (f64::from(h.q), f64::from(h.r), f64::from(-h.q - h.r));
        let (a, b) = (cube(self), cube(other));
        (1..n).map(move |i| {
            let t = f64::from(i) / f64::from(n);
            let at = |e: f64| {
                round((
                    a.0 + (b.0 - a.0) * t + e,
                    a.1 + (b.1 - a.1) * t + e,
                    a.2 + (b.2 - a.2) * t - 2.0 * e,
                ))
            };
            (at(1e-6), at(-1e-6))
        })
    }
}

fn round((x, y, z): (f64, f64, f64)) -> Hex {
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    Hex {
        q: rx as i32,
        r: ry as i32,
    }
}

/// The absolute direction 0-5 of the rulebook's direction `k` (1-6) from a nose facing
/// `facing` [8.5].
pub fn absolute(facing: u8, k: u8) -> u8 {
    (facing + k + 5) % 6
}

/// A briefing's layout of Tactical Maps on one grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    pub maps: Vec<Vec<u8>>,
    pub columns: i32,
    pub rows: i32,
}

impl Layout {
    pub fn new(maps: Vec<Vec<u8>>, columns: u8, rows: u8) -> Layout {
        Layout {
            maps,
            columns: i32::from(columns),
            rows: i32::from(rows),
        }
    }

    /// The hex a `map/CCRR` reference names, if that map is in the layout.
    pub fn hex(&self, h: HexRef) -> Option<Hex> {
        self.maps.iter().enumerate().find_map(|(row, maps)| {
            let col = maps.iter().position(|m| *m == h.map)?;
            let x = col as i32 * self.columns + i32::from(h.column) - 1;
            let y = row as i32 * self.rows + i32::from(h.row) - 1;
            Some(Hex::from_offset(x, y))
        })
    }

    /// The `map/CCRR` reference of a hex on the layout.
    pub fn name(&self, hex: Hex) -> Option<HexRef> {
        let (x, y) = hex.offset();
        if x < 0 || y < 0 {
            return None;
        }
        let map = *self
            .maps
            .get((y / self.rows) as usize)?
            .get((x / self.columns) as usize)?;
        Some(HexRef {
            map,
            column: (x % self.columns + 1) as u8,
            row: (y % self.rows + 1) as u8,
        })
    }

    pub fn contains(&self, hex: Hex) -> bool {
        self.name(hex).is_some()
    }

    /// Where something placed `n` hexes from `from` in absolute direction `direction` goes:
    /// that hex, or if it is off the map or `allowed` refuses it, the nearest allowed hex;
    /// ties go to the hex nearest the intended bearing, then the lowest map/hex id [8.5, G09].
    pub fn place(
        &self,
        from: Hex,
        direction: u8,
        n: u8,
        allowed: impl Fn(Hex) -> bool,
    ) -> Option<Hex> {
        let intended = from.step(direction, n);
        if self.contains(intended) && allowed(intended) {
            return Some(intended);
        }
        let bearing = from.bearing(intended);
        let off = |h: Hex| {
            let d = (from.bearing(h) - bearing + 180.0).rem_euclid(360.0) - 180.0;
            (d.abs() * 1000.0) as i64
        };
        let (width, height) = (
            self.maps[0].len() as i32 * self.columns,
            self.maps.len() as i32 * self.rows,
        );
        let on_grid = |h: &Hex| {
            let (x, y) = h.offset();
            (0..width).contains(&x) && (0..height).contains(&y)
        };
        // The nearest ring around the intended hex that holds an allowed hex decides; the
        // farthest hex of the grid lies within a hex or two of a corner's distance. Equal
        // keys keep the first hex by column, then row.
        let farthest = [
            (0, 0),
            (width - 1, 0),
            (0, height - 1),
            (width - 1, height - 1),
        ]
        .iter()
        .map(|(x, y)| intended.distance(Hex::from_offset(*x, *y)))
        .max()
        .unwrap_or(0)
            + 2;
        (1..=farthest).find_map(|r| {
            intended
                .ring(r)
                .filter(|h| on_grid(h) && self.contains(*h) && allowed(*h))
                .min_by_key(|h| (off(*h), self.name(*h), h.offset()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table gives what the bearing gives, from anywhere on a layout of four maps, for
    /// every facing and every hex within its reach (boundaries included: a hex on one is in
    /// both sectors).
    #[test]
    fn the_sector_table_agrees_with_the_bearing() {
        let reach = SECTOR_TABLE_REACH;
        for (x, y) in [(0, 0), (37, 20), (75, 41), (12, 33), (50, 7)] {
            let from = Hex::from_offset(x, y);
            for facing in 0..6u8 {
                for dq in -reach..=reach {
                    for dr in -reach..=reach {
                        let to = Hex {
                            q: from.q + dq,
                            r: from.r + dr,
                        };
                        assert_eq!(
                            from.sector_mask(facing, to),
                            from.sector_mask_worked_out(facing, to),
                            "from {from:?} facing {facing} to {to:?}"
                        );
                    }
                }
            }
        }
        // Beyond the table, the bearing itself.
        let far = Hex { q: 40, r: -3 };
        assert_eq!(
            Hex { q: 0, r: 0 }.sector_mask(1, far),
            Hex { q: 0, r: 0 }.sector_mask_worked_out(1, far)
        );
    }

    fn layout() -> Layout {
        Layout::new(vec![vec![1, 2]], 38, 21)
    }

    fn at(text: &str) -> Hex {
        layout().hex(HexRef::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn ids_round_trip_across_joined_maps() {
        let l = layout();
        for text in ["1/0101", "1/3821", "2/0101", "2/1911", "1/0210"] {
            let h = at(text);
            assert_eq!(l.name(h).unwrap().to_string(), text);
        }
        // Map 2 lies to the right of map 1: its first column follows map 1's last.
        assert_eq!(at("1/3805").distance(at("2/0105")), 1);
        assert!(!l.contains(Hex::from_offset(76, 0)));
        assert!(!l.contains(Hex::from_offset(0, 21)));
    }

    #[test]
    fn even_columns_sit_half_a_hex_lower() {
        // 0101's south-east neighbour is 0201 (even column, lower); 0201's north-east is 0301.
        assert_eq!(
            layout()
                .name(at("1/0101").neighbour(2))
                .unwrap()
                .to_string(),
            "1/0201"
        );
        assert_eq!(
            layout()
                .name(at("1/0201").neighbour(1))
                .unwrap()
                .to_string(),
            "1/0301"
        );
        assert_eq!(
            layout()
                .name(at("1/0505").neighbour(0))
                .unwrap()
                .to_string(),
            "1/0504"
        );
        assert_eq!(at("1/0101").distance(at("1/0105")), 4);
        assert_eq!(at("1/0101").distance(at("1/0501")), 4);
    }

    #[test]
    fn rulebook_directions_turn_with_the_nose() {
        // Facing north, direction 1 is north and 3 is south-east [8.5]; facing south-east,
        // direction 5 (the Cobra example) is north.
        assert_eq!(absolute(0, 1), 0);
        assert_eq!(absolute(0, 3), 2);
        assert_eq!(absolute(2, 5), 0);
        assert_eq!(absolute(5, 2), 0);
        // Huey #3 facing north, a VC fireteam 3 hexes away in direction 3.
        let huey = at("1/1010");
        let spawn = huey.step(absolute(0, 3), 3);
        assert_eq!(huey.distance(spawn), 3);
        assert_eq!(huey.sectors(0, spawn), vec![3]);
    }

    #[test]
    fn sectors_split_at_thirty_degrees_and_spines_belong_to_both() {
        let h = at("1/1010");
        assert_eq!(h.sectors(0, h.step(0, 4)), vec![1]);
        assert_eq!(h.sectors(0, h.step(3, 2)), vec![4], "straight astern");
        // A hex two steps away between north and north-east lies on the 30° spine.
        let spine = h.neighbour(0).neighbour(1);
        assert_eq!(h.sectors(0, spine), vec![1, 2]);
        assert_eq!(h.sectors(3, h), (1..=6).collect::<Vec<_>>());
    }

    #[test]
    fn the_line_between_two_hexes_names_both_hexes_along_a_hexside() {
        let h = at("1/1010");
        let straight = h.between(h.step(0, 3));
        assert_eq!(straight.len(), 2);
        assert!(straight.iter().all(|(a, b)| a == b));
        let spine = h.between(h.neighbour(0).neighbour(1));
        assert_eq!(spine.len(), 1);
        let (a, b) = spine[0];
        assert_ne!(
            a, b,
            "the line runs between the north and north-east neighbours"
        );
        assert_eq!(
            [a, b]
                .iter()
                .filter(|x| **x == h.neighbour(0) || **x == h.neighbour(1))
                .count(),
            2
        );
    }

    #[test]
    fn a_ring_holds_every_hex_at_its_distance_once() {
        let h = at("1/1010");
        for r in 1..6 {
            let ring: Vec<Hex> = h.ring(r).collect();
            assert_eq!(ring.len(), 6 * r as usize);
            assert!(ring.iter().all(|x| h.distance(*x) == r));
            let mut unique = ring.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), ring.len());
        }
    }

    #[test]
    fn placement_searches_rings_as_a_scan_of_the_whole_grid_would() {
        // The whole grid scanned, the nearest hex to the intended one, then the bearing, the
        // name and the column and row: what `place` must find by its rings.
        fn scanned(l: &Layout, from: Hex, d: u8, n: u8, ok: &dyn Fn(Hex) -> bool) -> Option<Hex> {
            let intended = from.step(d, n);
            if l.contains(intended) && ok(intended) {
                return Some(intended);
            }
            let bearing = from.bearing(intended);
            let off = |h: Hex| {
                let d = (from.bearing(h) - bearing + 180.0).rem_euclid(360.0) - 180.0;
                (d.abs() * 1000.0) as i64
            };
            let (w, ht) = l.size();
            (0..w)
                .flat_map(|x| (0..ht).map(move |y| Hex::from_offset(x, y)))
                .filter(|h| l.contains(*h) && ok(*h))
                .min_by_key(|h| (h.distance(intended), off(*h), l.name(*h)))
        }
        for l in [layout(), Layout::new(vec![vec![1], vec![3]], 38, 21)] {
            let (w, ht) = l.size();
            let oks: [&dyn Fn(Hex) -> bool; 4] = [
                &|_| true,
                &|h: Hex| (h.q * 7 + h.r * 3).rem_euclid(5) == 0,
                &|h: Hex| h.offset().0 > 60 || h.offset().1 > 30,
                &|_| false,
            ];
            for (i, ok) in oks.iter().enumerate() {
                for k in 0..60 {
                    let from = Hex::from_offset((k * 13) % w, (k * 7) % ht);
                    let (d, n) = ((k % 6) as u8, (k % 9) as u8 + 1);
                    assert_eq!(
                        l.place(from, d, n, ok),
                        scanned(&l, from, d, n, ok),
                        "case {i}, {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn placement_off_the_map_or_on_forbidden_ground_goes_to_the_nearest_allowed_hex() {
        let l = layout();
        let edge = at("1/0105");
        let placed = l.place(edge, 5, 3, |_| true).unwrap();
        assert!(l.contains(placed));
        assert_eq!(l.name(placed).unwrap().column, 1, "back onto the map edge");
        let river = at("1/1010").step(0, 2);
        let placed = l.place(at("1/1010"), 0, 2, |h| h != river).unwrap();
        assert_eq!(placed.distance(river), 1);
    }
}
