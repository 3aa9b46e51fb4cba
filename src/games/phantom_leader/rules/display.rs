//! The Tactical Display (digest 2.3, 7.1–7.2; rulebook p.2, p.8, p.10): thirteen areas, their
//! distances, the Pre-Approach ring, opposite areas for Flight Paths and the frame in which an
//! Attack Angle counter names the areas around its Site. The graph comes from
//! `display.toml`; everything here is worked out from it once, at load.

use serde::{Deserialize, Serialize};

use crate::engine::message::n_;

/// The thirteen areas [p.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Area {
    C,
    AN,
    AE,
    AS,
    AW,
    PN,
    PNE,
    PE,
    PSE,
    PS,
    PSW,
    PW,
    PNW,
}

impl Area {
    pub const ALL: [Area; 13] = [
        Area::C,
        Area::AN,
        Area::AE,
        Area::AS,
        Area::AW,
        Area::PN,
        Area::PNE,
        Area::PE,
        Area::PSE,
        Area::PS,
        Area::PSW,
        Area::PW,
        Area::PNW,
    ];
    pub const APPROACH: [Area; 4] = [Area::AN, Area::AE, Area::AS, Area::AW];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn kind(self) -> AreaKind {
        match self {
            Area::C => AreaKind::Center,
            Area::AN | Area::AE | Area::AS | Area::AW => AreaKind::Approach,
            _ => AreaKind::PreApproach,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Area::C => n_("Center"),
            Area::AN => n_("North Approach"),
            Area::AE => n_("East Approach"),
            Area::AS => n_("South Approach"),
            Area::AW => n_("West Approach"),
            Area::PN => n_("North Pre-Approach"),
            Area::PNE => n_("Northeast Pre-Approach"),
            Area::PE => n_("East Pre-Approach"),
            Area::PSE => n_("Southeast Pre-Approach"),
            Area::PS => n_("South Pre-Approach"),
            Area::PSW => n_("Southwest Pre-Approach"),
            Area::PW => n_("West Pre-Approach"),
            Area::PNW => n_("Northwest Pre-Approach"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AreaKind {
    Center,
    Approach,
    PreApproach,
}

/// A place around an Approach-area Site, seen from the Site looking away from the Center
/// ("left" is left when facing outward) [p.8; digest 7.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Own,
    Center,
    LeftApproach,
    RightApproach,
    OppositeApproach,
    OutLeft,
    OutCenter,
    OutRight,
    SideLeft,
    SideRight,
    BackLeft,
    BackRight,
    Far,
}

/// The display's graph and what follows from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    pub turns: u8,
    /// Bit `b` of `adjacent[a]` is set when areas `a` and `b` touch.
    adjacent: [u16; 13],
    distance: [[u8; 13]; 13],
    /// The Pre-Approach areas in counter-clockwise order.
    ring_ccw: [Area; 8],
}

impl Geometry {
    /// Builds the geometry from an adjacency list and the counter-clockwise ring; `Err` says
    /// what is wrong with them.
    pub fn new(turns: u8, adjacency: &[(Area, Vec<Area>)], ring: &[Area]) -> Result<Self, String> {
        let mut adjacent = [0u16; 13];
        for area in Area::ALL {
            let listed: Vec<_> = adjacency.iter().filter(|(a, _)| *a == area).collect();
            if listed.len() != 1 {
                return Err(format!(
                    "area {area:?} is listed {} times, not once",
                    listed.len()
                ));
            }
            for &b in &listed[0].1 {
                if b == area {
                    return Err(format!("area {area:?}: adjacent to itself"));
                }
                adjacent[area.index()] |= 1 << b.index();
            }
        }
        for a in Area::ALL {
            for b in Area::ALL {
                if adjacent[a.index()] >> b.index() & 1 != adjacent[b.index()] >> a.index() & 1 {
                    return Err(format!(
                        "area {a:?}: adjacency with {b:?} is listed on one side only"
                    ));
                }
            }
        }
        let mut distance = [[u8::MAX; 13]; 13];
        for from in Area::ALL {
            let row = &mut distance[from.index()];
            row[from.index()] = 0;
            let mut frontier = vec![from];
            let mut step = 0;
            while !frontier.is_empty() {
                step += 1;
                let mut next = Vec::new();
                for a in frontier {
                    for b in Area::ALL {
                        if adjacent[a.index()] >> b.index() & 1 == 1 && row[b.index()] == u8::MAX {
                            row[b.index()] = step;
                            next.push(b);
                        }
                    }
                }
                frontier = next;
            }
            if let Some(b) = Area::ALL.iter().find(|b| row[b.index()] == u8::MAX) {
                return Err(format!("area {b:?} cannot be reached from {from:?}"));
            }
        }
        let ring_ccw: [Area; 8] = ring
            .try_into()
            .map_err(|_| format!("ring_ccw: {} areas, not 8", ring.len()))?;
        for (i, &a) in ring_ccw.iter().enumerate() {
            if a.kind() != AreaKind::PreApproach || ring_ccw[..i].contains(&a) {
                return Err(format!(
                    "ring_ccw: {a:?} is not a Pre-Approach area listed once"
                ));
            }
            let next = ring_ccw[(i + 1) % 8];
            if adjacent[a.index()] >> next.index() & 1 == 0 {
                return Err(format!("ring_ccw: {a:?} and {next:?} do not touch"));
            }
        }
        let geometry = Geometry {
            turns,
            adjacent,
            distance,
            ring_ccw,
        };
        for area in ring_ccw.iter().step_by(2) {
            let touching = Area::APPROACH
                .iter()
                .filter(|x| geometry.adjacent(**x, *area))
                .count();
            if touching != 1 {
                return Err(format!(
                    "ring_ccw: {area:?} should touch one Approach area, touches {touching} (the ring starts with a cardinal area)"
                ));
            }
        }
        Ok(geometry)
    }

    pub fn adjacent(&self, a: Area, b: Area) -> bool {
        self.adjacent[a.index()] >> b.index() & 1 == 1
    }

    pub fn neighbours(&self, a: Area) -> impl Iterator<Item = Area> + '_ {
        Area::ALL.into_iter().filter(move |&b| self.adjacent(a, b))
    }

    /// Range: the shortest path in steps [p.2].
    pub fn distance(&self, a: Area, b: Area) -> u8 {
        self.distance[a.index()][b.index()]
    }

    fn ring_index(&self, a: Area) -> Option<usize> {
        self.ring_ccw.iter().position(|&x| x == a)
    }

    /// The Pre-Approach area `steps` places counter-clockwise (negative: clockwise).
    pub fn ring_step(&self, a: Area, steps: i32) -> Area {
        let i = self
            .ring_index(a)
            .expect("ring_step of a Pre-Approach area") as i32;
        self.ring_ccw[(i + steps).rem_euclid(8) as usize]
    }

    /// The Pre-Approach area across the display, where a Flight Path's Exit goes [p.10].
    pub fn opposite(&self, a: Area) -> Area {
        self.ring_step(a, 4)
    }

    /// The areas an aircraft may leave from when its Flight Path's Exit counter is in `exit`:
    /// that area and the Pre-Approach areas on either side of it [p.10].
    pub fn exits_around(&self, exit: Area) -> [Area; 3] {
        [exit, self.ring_step(exit, 1), self.ring_step(exit, -1)]
    }

    /// The area a slot of an Attack Angle names, for a Site in Approach area `site`.
    pub fn slot_area(&self, site: Area, slot: Slot) -> Area {
        let out = self
            .ring_ccw
            .iter()
            .copied()
            .step_by(2)
            .find(|&p| self.adjacent(site, p))
            .expect("an Approach area faces one cardinal Pre-Approach area");
        let around = |steps: i32| self.ring_step(out, steps);
        match slot {
            Slot::Own => site,
            Slot::Center => Area::C,
            Slot::LeftApproach => self.approach_of(around(2)),
            Slot::RightApproach => self.approach_of(around(-2)),
            Slot::OppositeApproach => self.approach_of(around(4)),
            Slot::OutLeft => around(1),
            Slot::OutCenter => out,
            Slot::OutRight => around(-1),
            Slot::SideLeft => around(2),
            Slot::SideRight => around(-2),
            Slot::BackLeft => around(3),
            Slot::BackRight => around(-3),
            Slot::Far => around(4),
        }
    }

    /// The one Approach area a cardinal Pre-Approach area touches.
    fn approach_of(&self, cardinal: Area) -> Area {
        Area::APPROACH
            .into_iter()
            .find(|&a| self.adjacent(a, cardinal))
            .expect("a cardinal Pre-Approach area touches an Approach area")
    }
}
