//! Line of sight [6.2], exactly as the rules digest's section 5 sets it out.
//!
//! The line runs from the centre of the firer's hex to the centre of the target's hex. Where
//! it passes through the inside of a hex, that hex counts; where it crosses the inside of a
//! hexside, that hexside counts. Two kinds of spot are ambiguous and each is judged on its own,
//! in the firer's favour: a pass through a hex corner (the line may be taken to cross straight
//! from one hex into the next, or to clip the third hex at that corner), and a run along a
//! hexside (the line may be taken on either side of it). A hexside run is thus blocked only
//! when the hexes on both sides of it block [6.23, 6.29 C/D], and a hex touched only at a
//! corner never blocks; two berms block whichever way the line is taken [6.23, 6.25].
//!
//! The geometry is pure integer arithmetic on the lattice of `hex.rs`, so no line is ever
//! judged by rounding.

use smallvec::SmallVec;

use super::hex::{CORNERS, Hex, Point};

/// What a line of sight meets; the game answers from the map and the counters on it.
pub trait Sightlines {
    /// Forest, building or treeline terrain, or a unit in the hex [6.23, digest 5].
    fn blocks(&self, hex: Hex) -> bool;
    /// Broken terrain [6.24].
    fn inhibits(&self, hex: Hex) -> bool;
    /// A berm on the hexside between two adjacent hexes.
    fn berm(&self, a: Hex, b: Hex) -> bool;
}

/// A hexside by its two hexes; `None` stands for a hex beyond the printable grid, which
/// neither blocks nor carries a berm.
pub type Side = (Option<Hex>, Option<Hex>);

/// One way of taking the line at an ambiguous spot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Way {
    pub hex: Option<Hex>,
    pub sides: SmallVec<[Side; 2]>,
}

/// An ambiguous spot and its two ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub ways: [Way; 2],
}

/// What the straight line between two hex centres passes, before anything on the map is
/// looked at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// Hexes whose inside the line passes through, firer and target left out.
    pub hexes: Vec<Hex>,
    /// Hexsides whose inside the line crosses.
    pub sides: Vec<Side>,
    pub spots: Vec<Spot>,
}

fn add(p: Point, q: Point) -> Point {
    (p.0 + q.0, p.1 + q.1)
}

fn sub(p: Point, q: Point) -> Point {
    (p.0 - q.0, p.1 - q.1)
}

fn cross(u: Point, v: Point) -> i64 {
    i64::from(u.0) * i64::from(v.1) - i64::from(u.1) * i64::from(v.0)
}

fn dot(u: Point, v: Point) -> i64 {
    i64::from(u.0) * i64::from(v.0) + i64::from(u.1) * i64::from(v.1)
}

/// Where the line leaves or enters a hex: through the inside of side `k`, or corner `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    Side(usize),
    Corner(usize),
}

/// The centre of the neighbour across side `k` of the hex centred at `c`.
fn across(c: Point, k: usize) -> Point {
    add(c, add(CORNERS[k], CORNERS[(k + 1) % 6]))
}

/// Walks the line from `a`'s centre to `b`'s centre.
pub fn trace(a: Hex, b: Hex) -> Trace {
    let (p0, p1) = (a.centre(), b.centre());
    let d = sub(p1, p0);
    let mut out = Trace::default();
    let mut cur = p0;
    let mut entry: Option<Feature> = None;
    while cur != p1 {
        let side_of = |k: usize| cross(d, sub(add(cur, CORNERS[k]), p0)).signum();
        let signs: [i64; 6] = std::array::from_fn(side_of);
        let mut features = (0..6).flat_map(|k| {
            let corner = (signs[k] == 0).then_some(Feature::Corner(k));
            let side = (signs[k] * signs[(k + 1) % 6] < 0).then_some(Feature::Side(k));
            corner.into_iter().chain(side)
        });
        // Leaving the firer's hex, the line goes the way `d` points; later it leaves by the
        // one contact that is not where it came in.
        let exit = features
            .find(|&f| match entry {
                None => match f {
                    Feature::Corner(k) => dot(d, CORNERS[k]) > 0,
                    Feature::Side(k) => dot(d, add(CORNERS[k], CORNERS[(k + 1) % 6])) > 0,
                },
                Some(e) => f != e,
            })
            .expect("a straight line through a hex leaves it");
        let next = match exit {
            Feature::Side(k) => {
                let next = across(cur, k);
                out.sides.push((Hex::at_centre(cur), Hex::at_centre(next)));
                entry = Some(Feature::Side((k + 3) % 6));
                next
            }
            Feature::Corner(k) => {
                let v = add(cur, CORNERS[k]);
                let u = across(cur, (k + 5) % 6);
                let w = across(cur, k);
                let hex = Hex::at_centre;
                if cross(d, CORNERS[k]) == 0 {
                    // A run along the hexside between u and w, to the far corner of it.
                    let c2 = add(cur, (3 * CORNERS[k].0, 3 * CORNERS[k].1));
                    let way = |x: Point| Way {
                        hex: hex(x),
                        sides: SmallVec::from_slice(&[(hex(cur), hex(x)), (hex(x), hex(c2))]),
                    };
                    out.spots.push(Spot {
                        ways: [way(u), way(w)],
                    });
                    entry = Some(Feature::Corner((k + 3) % 6));
                    c2
                } else {
                    // A corner pass: straight into q, or clipping r.
                    let same_side = |x: Point| {
                        cross(CORNERS[k], d).signum() == cross(CORNERS[k], sub(x, v)).signum()
                    };
                    let (q, r) = if same_side(u) { (u, w) } else { (w, u) };
                    out.spots.push(Spot {
                        ways: [
                            Way {
                                hex: None,
                                sides: SmallVec::from_slice(&[(hex(cur), hex(q))]),
                            },
                            Way {
                                hex: hex(r),
                                sides: SmallVec::from_slice(&[
                                    (hex(cur), hex(r)),
                                    (hex(r), hex(q)),
                                ]),
                            },
                        ],
                    });
                    let j = (0..6)
                        .find(|&j| add(q, CORNERS[j]) == v)
                        .expect("the corner is a corner of the next hex");
                    entry = Some(Feature::Corner(j));
                    q
                }
            }
        };
        if next != p1
            && let Some(h) = Hex::at_centre(next)
        {
            out.hexes.push(h);
        }
        cur = next;
    }
    out
}

/// The farthest a line may reach past an inhibiting hex at `distance` from the firer [6.24,
/// digest ruling A25]: within the first four hexes it cuts sight to four; further out, sight
/// ends in that hex.
fn inhibited_reach(distance: u32) -> u32 {
    distance.max(4)
}

/// Whether some way of taking the line's ambiguous spots is clear out to the target at
/// `range`.
pub fn judge(trace: &Trace, from: Hex, range: u32, world: &impl Sightlines) -> bool {
    let blocks = |h: Option<Hex>| h.is_some_and(|h| world.blocks(h));
    let berm = |s: &Side| matches!(s, (Some(a), Some(b)) if world.berm(*a, *b));
    let reach = |h: Option<Hex>| match h {
        Some(h) if world.inhibits(h) => inhibited_reach(from.distance(h)),
        _ => u32::MAX,
    };
    if trace.hexes.iter().any(|&h| world.blocks(h)) {
        return false;
    }
    let berms = trace.sides.iter().filter(|s| berm(s)).count();
    if berms >= 2 {
        return false;
    }
    let fixed_reach = trace
        .hexes
        .iter()
        .map(|&h| reach(Some(h)))
        .min()
        .unwrap_or(u32::MAX);
    // For 0 and 1 berms crossed so far, the longest reach any choice so far leaves.
    let mut best: [Option<u32>; 2] = [None, None];
    best[berms] = Some(fixed_reach);
    for spot in &trace.spots {
        let mut next = [None, None];
        for (crossed, reach_so_far) in best.iter().enumerate() {
            let Some(reach_so_far) = *reach_so_far else {
                continue;
            };
            for way in &spot.ways {
                if blocks(way.hex) {
                    continue;
                }
                let total = crossed + way.sides.iter().filter(|s| berm(s)).count();
                if total >= 2 {
                    continue;
                }
                let r = reach_so_far.min(reach(way.hex));
                next[total] = next[total].max(Some(r));
            }
        }
        best = next;
    }
    best.iter().flatten().any(|&r| range <= r)
}

/// Why a line is blocked, as the line-of-sight tool tells a player: the first reason found in
/// the order the rules weigh them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// A hex the line passes through blocks [6.23].
    Hex(Hex),
    /// The line runs along a hexside or through a corner with blocking hexes on both sides
    /// [6.23, 6.29 C/D].
    BothSides(Hex, Hex),
    /// The line crosses two berm hexsides, each given by its two hexes [6.23, 6.25].
    Berms((Hex, Hex), (Hex, Hex)),
    /// Broken terrain in the hex leaves sight only `reach` hexes out from the firer [6.24].
    Broken { hex: Hex, reach: u32 },
}

/// What blocks the line of `trace` from `from` out to `range` where [`judge`] finds it
/// blocked; `None` where no single reason stands out (every way past the line's corners is
/// closed by something else).
pub fn obstacle(trace: &Trace, from: Hex, range: u32, world: &impl Sightlines) -> Option<Obstacle> {
    if let Some(&h) = trace.hexes.iter().find(|&&h| world.blocks(h)) {
        return Some(Obstacle::Hex(h));
    }
    for spot in &trace.spots {
        let [a, b] = &spot.ways;
        if let (Some(x), Some(y)) = (a.hex, b.hex)
            && world.blocks(x)
            && world.blocks(y)
        {
            return Some(Obstacle::BothSides(x, y));
        }
    }
    // The berms every way crosses: those on the line, and at each spot those of the open way
    // that crosses fewest.
    let berm = |s: &Side| match s {
        (Some(a), Some(b)) if world.berm(*a, *b) => Some((*a, *b)),
        _ => None,
    };
    let mut berms: Vec<(Hex, Hex)> = trace.sides.iter().filter_map(berm).collect();
    for spot in &trace.spots {
        let fewest = spot
            .ways
            .iter()
            .filter(|w| !w.hex.is_some_and(|h| world.blocks(h)))
            .map(|w| w.sides.iter().filter_map(berm).collect::<Vec<_>>())
            .min_by_key(Vec::len)
            .unwrap_or_default();
        berms.extend(fewest);
    }
    if let [first, second, ..] = berms[..] {
        return Some(Obstacle::Berms(first, second));
    }
    trace
        .hexes
        .iter()
        .filter(|&&h| world.inhibits(h))
        .map(|&h| (inhibited_reach(from.distance(h)), h))
        .min()
        .filter(|(reach, _)| *reach < range)
        .map(|(reach, hex)| Obstacle::Broken { hex, reach })
}

/// Line of sight from `from` to `to` [6.2]: adjacent hexes always see each other [6.26];
/// beyond `max_range` (8 for fire [6.13, 6.22]; `None` for a tank's turret gun, which only
/// broken terrain limits [22.12]) nothing is seen.
pub fn line_of_sight(from: Hex, to: Hex, max_range: Option<u32>, world: &impl Sightlines) -> bool {
    let range = from.distance(to);
    if range <= 1 {
        return true;
    }
    if max_range.is_some_and(|m| range > m) {
        return false;
    }
    judge(&trace(from, to), from, range, world)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn h(s: &str) -> Hex {
        Hex::parse(s).unwrap()
    }

    /// A board of open hexes with some forest, broken terrain and berms.
    #[derive(Default)]
    struct Board {
        forest: BTreeSet<Hex>,
        broken: BTreeSet<Hex>,
        berms: BTreeSet<(Hex, Hex)>,
    }

    impl Board {
        fn forest(mut self, hexes: &[&str]) -> Self {
            self.forest.extend(hexes.iter().map(|s| h(s)));
            self
        }
        fn broken(mut self, hexes: &[&str]) -> Self {
            self.broken.extend(hexes.iter().map(|s| h(s)));
            self
        }
        fn berms(mut self, sides: &[(&str, &str)]) -> Self {
            for (a, b) in sides {
                assert_eq!(h(a).distance(h(b)), 1, "{a}/{b} is not a hexside");
                self.berms.insert((h(a), h(b)));
                self.berms.insert((h(b), h(a)));
            }
            self
        }
        fn sees(&self, a: &str, b: &str) -> bool {
            line_of_sight(h(a), h(b), Some(8), self)
        }
    }

    impl Sightlines for Board {
        fn blocks(&self, hex: Hex) -> bool {
            self.forest.contains(&hex)
        }
        fn inhibits(&self, hex: Hex) -> bool {
            self.broken.contains(&hex)
        }
        fn berm(&self, a: Hex, b: Hex) -> bool {
            self.berms.contains(&(a, b))
        }
    }

    fn open() -> Board {
        Board::default()
    }

    #[test]
    fn a_line_along_hexsides_is_walked_run_by_run() {
        // 1010 -> 1610 runs along the hexsides 1110/1111, 1310/1311 and 1510/1511 and passes
        // through 1210 and 1410.
        let t = trace(h("1010"), h("1610"));
        assert_eq!(t.hexes, vec![h("1210"), h("1410")]);
        assert!(t.sides.is_empty());
        let run_hexes: Vec<[Option<Hex>; 2]> = t
            .spots
            .iter()
            .map(|s| [s.ways[0].hex, s.ways[1].hex])
            .collect();
        assert_eq!(
            run_hexes,
            vec![
                [Some(h("1110")), Some(h("1111"))],
                [Some(h("1310")), Some(h("1311"))],
                [Some(h("1510")), Some(h("1511"))]
            ]
        );
    }

    #[test]
    fn a_line_down_a_column_crosses_hexsides() {
        let t = trace(h("1010"), h("1016"));
        assert_eq!(
            t.hexes,
            ["1011", "1012", "1013", "1014", "1015"].map(h).to_vec()
        );
        assert_eq!(t.sides.len(), 6);
        assert!(t.spots.is_empty());
    }

    // The digest's reference cases 1-19 (section 5); all terrain open unless stated.

    #[test]
    fn case_01_one_blocking_hex_beside_a_run_does_not_block() {
        assert!(open().forest(&["1110"]).sees("1010", "1610"));
    }

    #[test]
    fn case_02_blocking_hexes_on_both_sides_of_a_run_block() {
        assert!(!open().forest(&["1110", "1111"]).sees("1010", "1610"));
    }

    #[test]
    fn case_03_each_run_is_judged_on_its_own() {
        assert!(open().forest(&["1110", "1511"]).sees("1010", "1610"));
    }

    #[test]
    fn case_04_a_hex_whose_centre_is_on_the_line_blocks() {
        assert!(!open().forest(&["1210"]).sees("1010", "1610"));
    }

    #[test]
    fn case_05_broken_in_the_first_four_hexes_cuts_sight_to_four() {
        assert!(!open().broken(&["1012"]).sees("1010", "1016"));
    }

    #[test]
    fn case_06_broken_in_the_first_four_still_lets_four_hexes_be_seen() {
        assert!(open().broken(&["1012"]).sees("1010", "1014"));
    }

    #[test]
    fn case_07_broken_in_the_last_four_ends_sight_there() {
        assert!(!open().broken(&["1015"]).sees("1010", "1016"));
    }

    #[test]
    fn case_08_09_broken_target_hex_never_matters() {
        assert!(open().broken(&["1015"]).sees("1010", "1015"));
        assert!(open().broken(&["1016"]).sees("1010", "1016"));
    }

    #[test]
    fn case_10_broken_on_both_sides_of_a_run_inhibits() {
        assert!(!open().broken(&["1110", "1111"]).sees("1010", "1610"));
    }

    #[test]
    fn case_11_broken_and_forest_on_opposite_sides_of_different_runs() {
        assert!(
            open()
                .broken(&["1111"])
                .forest(&["1511"])
                .sees("1010", "1610")
        );
    }

    #[test]
    fn case_12_two_berms_crossed_block() {
        let board = open().berms(&[("1011", "1012"), ("1013", "1014")]);
        assert!(!board.sees("1010", "1015"));
    }

    #[test]
    fn case_13_one_berm_crossed_does_not() {
        assert!(open().berms(&[("1011", "1012")]).sees("1010", "1012"));
    }

    #[test]
    fn case_14_a_berm_along_the_line_is_not_crossed() {
        assert!(open().berms(&[("1110", "1111")]).sees("1010", "1210"));
    }

    #[test]
    fn case_15_berms_on_one_side_of_each_run_are_passed_on_the_other() {
        let board = open().berms(&[("1010", "1110"), ("1110", "1210"), ("1210", "1310")]);
        assert!(board.sees("1010", "1410"));
    }

    #[test]
    fn case_16_berms_on_both_sides_of_a_run_block() {
        let board = open().berms(&[
            ("1010", "1110"),
            ("1110", "1210"),
            ("1010", "1111"),
            ("1111", "1210"),
        ]);
        assert!(!board.sees("1010", "1410"));
    }

    #[test]
    fn case_17_a_hex_touched_at_a_corner_does_not_block() {
        assert!(open().forest(&["1309"]).sees("1010", "1509"));
    }

    #[test]
    fn case_18_a_hex_the_line_passes_through_blocks() {
        assert!(!open().forest(&["1310"]).sees("1010", "1509"));
    }

    #[test]
    fn case_19_adjacent_hexes_always_see_each_other() {
        let board = open().forest(&["1010", "1011"]).berms(&[("1010", "1011")]);
        assert!(board.sees("1010", "1011"));
    }

    #[test]
    fn range_is_eight_and_terrain_at_either_end_never_matters() {
        // 6.22: eight hexes at most; 6.25: a firer in forest sees out over open ground.
        assert!(open().sees("1010", "1018"));
        assert!(!open().sees("1010", "1019"));
        assert!(open().forest(&["1010", "1018"]).sees("1010", "1018"));
        // The tank's turret gun sees on over open ground [22.12].
        assert!(line_of_sight(h("1010"), h("1030"), None, &open()));
        assert!(!line_of_sight(
            h("1010"),
            h("1030"),
            None,
            &open().broken(&["1020"])
        ));
    }

    #[test]
    fn the_corner_pass_keeps_a_berm_through_the_corner() {
        // 1010 -> 1509 passes two corners: 1110 into 1209 (clipping 1210) and 1310 into 1409
        // (clipping 1309), and crosses 1209/1310 on the way.
        let t = trace(h("1010"), h("1509"));
        assert_eq!(t.hexes, ["1110", "1209", "1310", "1409"].map(h).to_vec());
        assert_eq!(t.spots.len(), 2);
        assert!(t.sides.contains(&(Some(h("1209")), Some(h("1310")))));
        // A berm line through the second corner (1310/1409 and 1309/1409) is crossed once
        // whichever way the line is taken, so with the berm on 1209/1310 it makes two.
        let board = open().berms(&[("1310", "1409"), ("1309", "1409"), ("1209", "1310")]);
        assert!(!board.sees("1010", "1509"));
        // Without the 1309/1409 berm, clipping 1309 slips past the one at 1310/1409.
        let board = open().berms(&[("1310", "1409"), ("1209", "1310")]);
        assert!(board.sees("1010", "1509"));
    }

    #[test]
    fn sight_is_symmetric_on_the_reference_boards() {
        let boards = [
            open().forest(&["1110", "1511"]),
            open().broken(&["1012"]),
            open().berms(&[("1010", "1110"), ("1110", "1210"), ("1210", "1310")]),
            open().forest(&["1309", "1212", "1413"]).broken(&["1111"]),
        ];
        let hexes: Vec<Hex> = (8..=16)
            .flat_map(|c| (7..=15).map(move |r| Hex::new(c, r)))
            .collect();
        for board in &boards {
            for &a in &hexes {
                for &b in &hexes {
                    let t = trace(a, b);
                    // Every hex walked is nearer than the far end.
                    assert!(t.hexes.iter().all(|&x| a.distance(x) <= a.distance(b)));
                    // Broken terrain is measured from the firer, so only blocking and berms
                    // are symmetric; with no broken terrain sight is.
                    if board.broken.is_empty() {
                        assert_eq!(
                            line_of_sight(a, b, Some(8), board),
                            line_of_sight(b, a, Some(8), board),
                            "{a} {b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_tool_names_what_blocks_the_reference_lines() {
        let why = |board: &Board, a: &str, b: &str| {
            let (a, b) = (h(a), h(b));
            assert!(
                !line_of_sight(a, b, Some(8), board),
                "{a} -> {b} is blocked"
            );
            obstacle(&trace(a, b), a, a.distance(b), board)
        };
        // Cases 2, 4, 5, 12, 16 and 18 of the digest.
        let board = open().forest(&["1110", "1111"]);
        assert_eq!(
            why(&board, "1010", "1610"),
            Some(Obstacle::BothSides(h("1110"), h("1111")))
        );
        let board = open().forest(&["1210"]);
        assert_eq!(why(&board, "1010", "1610"), Some(Obstacle::Hex(h("1210"))));
        let board = open().broken(&["1012"]);
        assert_eq!(
            why(&board, "1010", "1016"),
            Some(Obstacle::Broken {
                hex: h("1012"),
                reach: 4
            })
        );
        let board = open().berms(&[("1011", "1012"), ("1013", "1014")]);
        assert_eq!(
            why(&board, "1010", "1015"),
            Some(Obstacle::Berms(
                (h("1011"), h("1012")),
                (h("1013"), h("1014"))
            ))
        );
        let board = open().berms(&[
            ("1010", "1110"),
            ("1110", "1210"),
            ("1010", "1111"),
            ("1111", "1210"),
        ]);
        assert!(matches!(
            why(&board, "1010", "1410"),
            Some(Obstacle::Berms(..))
        ));
        let board = open().forest(&["1310"]);
        assert_eq!(why(&board, "1010", "1509"), Some(Obstacle::Hex(h("1310"))));
    }
}
