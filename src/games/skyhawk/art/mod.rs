//! Art of "Skyhawk: Rolling Thunder 1966" (game id `skyhawk`), drawn at real size in
//! millimetres: the map of boxes and the Mission Record Card that make the game window's board,
//! the record sheets (blank, or filled from small record view models), the 16 mm counters, the
//! Charts and Tables booklet, and the print-and-play kit that gathers them. Nothing that draws
//! reads the rules state: [`scene`] and `kit` turn a game into view models first.
//!
//! The map ([`map`]) and the Mission Record Card with its Ordnance Card ([`record_card`]) draw
//! [`map::MapScene`] and [`record_card::CardRecord`]; [`board`] puts both side by side in the
//! game window. The same functions print the map (an A3 landscape sheet) and the card (A4
//! portrait).

pub mod board;
pub mod charts;
pub mod counters;
pub mod glossary;
pub mod map;
pub mod pages;
pub mod record_card;
pub mod records;
pub mod scene;
pub mod sheets;

use crate::art::draw::Rgb;
use crate::art::sheet::Style;

/// The printed palette: Navy blue and grey for the US side, red for North Vietnam, sand for
/// information markers; the sea and land of the map.
pub mod palette {
    use super::Rgb;

    pub const NAVY: Rgb = Rgb(0.10, 0.20, 0.40);
    pub const NAVY_LIGHT: Rgb = Rgb(0.78, 0.84, 0.92);
    pub const USAF: Rgb = Rgb(0.55, 0.60, 0.42);
    pub const GULL_GREY: Rgb = Rgb(0.70, 0.72, 0.74);
    pub const NV_RED: Rgb = Rgb(0.70, 0.12, 0.10);
    pub const NV_LIGHT: Rgb = Rgb(0.95, 0.70, 0.66);
    pub const SAND: Rgb = Rgb(0.92, 0.86, 0.70);
    pub const YELLOW: Rgb = Rgb(0.98, 0.86, 0.30);
    pub const ORANGE: Rgb = Rgb(0.96, 0.60, 0.20);
    pub const GREEN: Rgb = Rgb(0.36, 0.66, 0.36);
    pub const SKY: Rgb = Rgb(0.66, 0.82, 0.94);
    pub const RECON: Rgb = Rgb(0.72, 0.28, 0.10);
    pub const SHADE: Rgb = Rgb(0.90, 0.90, 0.88);

    // The map and the live card.
    pub const INK: Rgb = Rgb(0.11, 0.12, 0.14);
    pub const SEA: Rgb = Rgb(0.70, 0.82, 0.92);
    pub const SEA_BOX: Rgb = Rgb(0.90, 0.95, 0.99);
    pub const LAND: Rgb = Rgb(0.66, 0.78, 0.55);
    pub const LAND_BOX: Rgb = Rgb(0.93, 0.96, 0.87);
    pub const CARRIER: Rgb = Rgb(0.50, 0.53, 0.57);
    pub const DECK: Rgb = Rgb(0.36, 0.38, 0.41);
    pub const US: Rgb = Rgb(0.12, 0.28, 0.52);
    pub const US_LIGHT: Rgb = Rgb(0.82, 0.88, 0.97);
    pub const NV: Rgb = Rgb(0.72, 0.14, 0.11);
    /// A destroyed row or station, the target marker.
    pub const DAMAGED: Rgb = Rgb(0.98, 0.86, 0.83);
    pub const SUPPRESSED: Rgb = Rgb(0.93, 0.80, 0.25);
    pub const KNOCKED_OUT: Rgb = Rgb(0.15, 0.15, 0.15);
    pub const ACCENT: Rgb = Rgb(1.0, 0.58, 0.0);
    pub const HOVER: Rgb = Rgb(0.0, 0.55, 1.0);
}

/// The title bar and headings of this game's sheets.
pub const STYLE: Style = Style {
    game: "SKYHAWK",
    banner: palette::NAVY,
    heading: palette::NAVY,
};
