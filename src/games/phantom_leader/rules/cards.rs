//! Pilot/Aircraft cards (digest 2.5, 8.4; rulebook p.3–4, p.11): one face per pilot and skill
//! level, worked out from the level, the aircraft type and the pilot's trait.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::content::{AircraftType, Content, Level, Service, Speed, data};

/// A pilot's state of mind, from his stress and his card's bands [p.4].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Okay,
    Shaken,
    Unfit,
}

/// One row of a card's stress table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The highest stress of the band.
    pub max: u8,
    pub speed: Speed,
    /// `None`: the aircraft cannot fight in the air (or on the ground).
    pub ata: Option<i8>,
    pub atg: Option<i8>,
}

/// Every field of one face of a Pilot/Aircraft card.
#[derive(Clone, Debug, PartialEq)]
pub struct PilotCard<'a> {
    pub name: &'a str,
    pub service: Service,
    pub level: Level,
    /// XP to promote; none on the Ace face.
    pub experience: Option<u8>,
    pub aircraft: &'a AircraftType,
    pub cool: u8,
    pub okay: Row,
    pub shaken: Row,
}

/// The Shaken row is the Okay row two worse, and Slow (digest 8.4, from the p.11 example).
const SHAKEN_PENALTY: i8 = 2;

impl<'a> PilotCard<'a> {
    pub fn new(content: &'a Content, pilot: usize, level: Level) -> Self {
        let spec = &content.pilots[pilot];
        let aircraft = content.pilot_aircraft(pilot);
        let l = content.level(level);
        let t = content.trait_of(spec);
        let okay_speed = if t.fast_when_okay {
            Speed::Fast
        } else if l.slow_when_okay {
            Speed::Slow
        } else {
            aircraft.speed
        };
        let ata = aircraft.ata.map(|a| a + l.modifier + t.ata);
        let atg = aircraft.atg.map(|a| a + l.modifier + t.atg);
        let okay_max = band(l.okay_max, t.okay_max);
        let cool = spec
            .cool_override
            .get(&level)
            .copied()
            .unwrap_or_else(|| band(l.cool, t.cool));
        PilotCard {
            name: &spec.name,
            service: aircraft.service,
            level,
            experience: l.experience,
            aircraft,
            cool,
            okay: Row {
                max: okay_max,
                speed: okay_speed,
                ata,
                atg,
            },
            shaken: Row {
                max: band(l.shaken_max, t.shaken_max),
                speed: Speed::Slow,
                ata: ata.map(|a| a - SHAKEN_PENALTY),
                atg: atg.map(|a| a - SHAKEN_PENALTY),
            },
        }
    }

    /// The face of the game's own content for this pilot and level: worked out once for every
    /// pilot and level, since the rules read a pilot's card at nearly every decision.
    pub fn of(pilot: usize, level: Level) -> &'static PilotCard<'static> {
        static FACES: OnceLock<Vec<PilotCard<'static>>> = OnceLock::new();
        let faces = FACES.get_or_init(|| {
            let c = data();
            (0..c.pilots.len())
                .flat_map(|p| Level::ALL.map(|l| PilotCard::new(c, p, l)))
                .collect()
        });
        &faces[pilot * Level::ALL.len() + level.index()]
    }

    /// The least stress at which the pilot is Unfit.
    pub fn unfit_from(&self) -> u8 {
        self.shaken.max + 1
    }

    pub fn status(&self, stress: u8) -> Status {
        if stress <= self.okay.max {
            Status::Okay
        } else if stress <= self.shaken.max {
            Status::Shaken
        } else {
            Status::Unfit
        }
    }

    /// The row in use at this stress; an Unfit pilot has none.
    pub fn row(&self, stress: u8) -> Option<&Row> {
        match self.status(stress) {
            Status::Okay => Some(&self.okay),
            Status::Shaken => Some(&self.shaken),
            Status::Unfit => None,
        }
    }

    /// The Special Option points this card brings for a campaign of that length [p.6].
    pub fn special_options(&self, duration: super::content::Duration) -> i32 {
        self.aircraft.special_options[duration.index()]
    }
}

fn band(base: u8, shift: i8) -> u8 {
    base.saturating_add_signed(shift)
}
