//! The line-of-sight tool [6.2]: a player points at two hexes and is told whether the first
//! sees the second, and if not, what blocks the line — the same judgement as fire and
//! observation make ([`line_of_sight`] with the range of 8), with the reason spelled out.
//!
//! Hidden is hidden: the tool is asked of a side's view ([`SearchDestroy::redacted`]). Every
//! face-down counter blocks whatever it is (digest ruling A4), so a face-down counter that
//! blocks the line is named only as "a counter", and the answer is the same as the truth's.

use crate::engine::message::{Message, msg, msg_n};

use super::content::data;
use super::hex::Hex;
use super::los::{Obstacle, line_of_sight, obstacle, trace};
use super::state::{RANGE, SearchDestroy, World, terrain_blocks};

/// What the tool found on the line from one hex to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sighting {
    pub from: Hex,
    pub to: Hex,
    /// Hexes from `from` to `to`.
    pub range: u32,
    /// Whether `from` sees `to`, within the 8 hexes of fire and observation [6.22].
    pub clear: bool,
    /// Why not, where one reason stands out.
    pub obstacle: Option<Obstacle>,
}

impl SearchDestroy {
    /// The line of sight from `from` to `to` as this copy of the game shows it: ask it of the
    /// view of the side that looks.
    pub fn sighting(&self, from: Hex, to: Hex) -> Sighting {
        let world = World { game: self };
        let range = from.distance(to);
        let clear = line_of_sight(from, to, Some(RANGE), &world);
        let obstacle = (!clear && range <= RANGE)
            .then(|| obstacle(&trace(from, to), from, range, &world))
            .flatten();
        Sighting {
            from,
            to,
            range,
            clear,
            obstacle,
        }
    }
}

impl Sighting {
    /// The hexes the tool marks as blocking the line.
    pub fn blocking_hexes(&self) -> Vec<Hex> {
        match self.obstacle {
            Some(Obstacle::Hex(h)) | Some(Obstacle::Broken { hex: h, .. }) => vec![h],
            Some(Obstacle::BothSides(a, b)) => vec![a, b],
            Some(Obstacle::Berms(..)) | None => Vec::new(),
        }
    }

    /// The berm hexsides the tool marks, each by its two hexes.
    pub fn berms(&self) -> Vec<(Hex, Hex)> {
        match self.obstacle {
            Some(Obstacle::Berms(a, b)) => vec![a, b],
            _ => Vec::new(),
        }
    }

    /// The tool's answer in a sentence: what blocks the line is named by its terrain, or
    /// as "a counter" (face-down or not, as the view it was asked of shows it).
    pub fn sentence(&self) -> Message {
        let (from, to) = (self.from, self.to);
        if from == to {
            return msg("Line of sight from {from}: point at another hex").arg("from", from);
        }
        if self.range <= 1 {
            return msg("{from} and {to} are next to each other: always in sight [6.26]")
                .arg("from", from)
                .arg("to", to);
        }
        if self.range > RANGE {
            return msg_n(
                "{to} is {range} hex from {from}: fire and observation reach {max} at most [6.22]",
                "{to} is {range} hexes from {from}: fire and observation reach {max} at most [6.22]",
                self.range,
            )
            .arg("to", to)
            .arg("range", self.range)
            .arg("from", from)
            .arg("max", RANGE);
        }
        if self.clear {
            return msg_n(
                "{from} sees {to}, {range} hex away: nothing blocks the line",
                "{from} sees {to}, {range} hexes away: nothing blocks the line",
                self.range,
            )
            .arg("from", from)
            .arg("to", to)
            .arg("range", self.range);
        }
        let why = match self.obstacle {
            Some(Obstacle::Hex(hex)) => {
                let terrain = data().map.terrain(hex);
                let what = if terrain_blocks(terrain) {
                    msg("{terrain} in {hex}")
                        .term("terrain", data().terrain[&terrain].name.clone())
                        .arg("hex", hex)
                } else {
                    msg("a counter in {hex}").arg("hex", hex)
                };
                msg("{what} blocks it [6.23]").message("what", what)
            }
            Some(Obstacle::BothSides(a, b)) => {
                msg("it runs between {a} and {b}, and both block it [6.23]")
                    .arg("a", a)
                    .arg("b", b)
            }
            Some(Obstacle::Berms((a, b), (c, d))) => {
                msg("it crosses two berms, {a}–{b} and {c}–{d} [6.25]")
                    .arg("a", a)
                    .arg("b", b)
                    .arg("c", c)
                    .arg("d", d)
            }
            Some(Obstacle::Broken { hex, reach }) => msg_n(
                "broken terrain in {hex} limits sight to {reach} hex [6.24]",
                "broken terrain in {hex} limits sight to {reach} hexes [6.24]",
                reach,
            )
            .arg("hex", hex)
            .arg("reach", reach),
            None => msg("each way the line can pass its corners is blocked [6.23-6.25]"),
        };
        msg("{from} does not see {to}: {why}")
            .arg("from", from)
            .arg("to", to)
            .message("why", why)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::games::search_destroy::rules::content::Side;
    use crate::games::search_destroy::rules::los::Sightlines;
    use crate::games::search_destroy::rules::map::Terrain;
    use crate::games::search_destroy::rules::state::Step;

    /// The Basic Game with the NLF set up (its counters face down on the map).
    fn set_up(seed: u64) -> SearchDestroy {
        let mut g = SearchDestroy::new("basic", seed).unwrap();
        while g.step == Step::Setup {
            let a = g.legal_actions()[g.units.len() % 7].clone();
            g.apply(&a).unwrap();
        }
        g
    }

    /// The hexes above and below `hex` in its column: the line between them runs through its
    /// centre.
    fn around(hex: Hex) -> Option<(Hex, Hex)> {
        let map = &data().map;
        let (up, down) = (
            Hex::new(hex.col, hex.row.checked_sub(1)?),
            Hex::new(hex.col, hex.row + 1),
        );
        (map.contains(up) && map.contains(down)).then_some((up, down))
    }

    /// Open hexes whose column neighbours are open too, with no counter on any of the three.
    fn open_middles(g: &SearchDestroy) -> Vec<Hex> {
        let map = &data().map;
        let open = |h: Hex| map.terrain(h) == Terrain::Open && g.units_at(h).next().is_none();
        map.hexes()
            .filter(|&h| open(h) && around(h).is_some_and(|(a, b)| open(a) && open(b)))
            .collect()
    }

    #[test]
    fn a_face_down_counter_blocks_as_a_counter_for_either_side_whatever_it_is() {
        // Four face-down counters moved to open hexes between two open ones.
        let mut g = set_up(4);
        let spots = open_middles(&g);
        let hidden: Vec<usize> = (0..g.units.len())
            .filter(|&i| g.units[i].hidden() && g.units[i].on_map())
            .collect();
        for (k, &i) in hidden.iter().take(4).enumerate() {
            g.units[i].hex = Some(spots[k * 37 % spots.len()]);
        }
        let us = g.redacted(Side::Us);
        let mut checked = 0;
        for (i, u) in g.units.iter().enumerate() {
            let Some(hex) = u.hex.filter(|_| u.on_map() && u.hidden()) else {
                continue;
            };
            let Some((a, b)) = around(hex) else { continue };
            if terrain_blocks(data().map.terrain(hex)) {
                continue;
            }
            let truth = g.sighting(a, b);
            assert_eq!(us.sighting(a, b), truth, "counter {i} in {hex}");
            assert!(!truth.clear);
            assert_eq!(truth.obstacle, Some(Obstacle::Hex(hex)));
            let sentence = us.sighting(a, b).sentence().english();
            assert_eq!(
                sentence,
                format!("{a} does not see {b}: a counter in {hex} blocks it [6.23]")
            );
            checked += 1;
        }
        assert!(
            checked >= 4,
            "only {checked} face-down counters between two hexes"
        );
        // What the backs hide changes nothing the US is told.
        let mut swapped = g.clone();
        let hidden: Vec<usize> = (0..g.units.len())
            .filter(|&i| g.units[i].hidden() && g.units[i].on_map())
            .collect();
        let kinds: Vec<Option<u16>> = hidden.iter().map(|&i| g.units[i].kind).collect();
        for (k, &i) in hidden.iter().enumerate() {
            swapped.units[i].kind = kinds[(k + 1) % kinds.len()];
        }
        let swapped_us = swapped.redacted(Side::Us);
        for &i in &hidden {
            let hex = g.units[i].hex.unwrap();
            for to in [
                Hex::new(hex.col + 3, hex.row),
                Hex::new(hex.col, hex.row + 4),
            ] {
                assert_eq!(
                    us.sighting(hex, to).sentence().english(),
                    swapped_us.sighting(hex, to).sentence().english()
                );
            }
        }
    }

    #[test]
    fn the_tool_answers_as_fire_and_observation_judge() {
        // Every pair of hexes within nine of 2010 on the set-up map: the tool's verdict is
        // the rules' own, and the reason it gives is true of the map.
        let g = set_up(7);
        let world = World { game: &g };
        let map = &data().map;
        let centre = Hex::new(20, 10);
        let near: Vec<Hex> = map.hexes().filter(|h| h.distance(centre) <= 9).collect();
        let mut reasons = [0usize; 4];
        for &a in near.iter().step_by(5) {
            for &b in &near {
                let s = g.sighting(a, b);
                assert_eq!(s.clear, g.sees(a, b), "{a} -> {b}");
                assert_eq!(s.range, a.distance(b));
                match s.obstacle {
                    Some(Obstacle::Hex(h)) => {
                        assert!(world.blocks(h) && trace(a, b).hexes.contains(&h));
                        reasons[0] += 1;
                    }
                    Some(Obstacle::BothSides(x, y)) => {
                        assert!(world.blocks(x) && world.blocks(y));
                        reasons[1] += 1;
                    }
                    Some(Obstacle::Berms((p, q), (r, t))) => {
                        assert!(world.berm(p, q) && world.berm(r, t));
                        reasons[2] += 1;
                    }
                    Some(Obstacle::Broken { hex, reach }) => {
                        assert_eq!(map.terrain(hex), Terrain::Broken);
                        assert!(reach < s.range);
                        reasons[3] += 1;
                    }
                    // No single reason: the ways round the line's corners are each closed by
                    // something else.
                    None => assert!(
                        s.clear || s.range > RANGE || s.range <= 1 || !trace(a, b).spots.is_empty(),
                        "{a} -> {b}"
                    ),
                }
            }
        }
        assert!(
            reasons[0] > 0 && reasons[1] > 0,
            "reasons found: {reasons:?}"
        );
    }

    #[test]
    fn the_sentences_say_range_and_adjacency() {
        let g = SearchDestroy::new("basic", 1).unwrap();
        let (a, b) = (Hex::new(10, 10), Hex::new(10, 11));
        assert_eq!(
            g.sighting(a, b).sentence().english(),
            "1010 and 1011 are next to each other: always in sight [6.26]"
        );
        let far = g.sighting(a, Hex::new(10, 19));
        assert!(!far.clear);
        assert_eq!(
            far.sentence().english(),
            "1019 is 9 hexes from 1010: fire and observation reach 8 at most [6.22]"
        );
        assert_eq!(
            g.sighting(a, a).sentence().english(),
            "Line of sight from 1010: point at another hex"
        );
    }
}
