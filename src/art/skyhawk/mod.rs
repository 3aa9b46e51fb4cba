//! Art of Skyhawk: Rolling Thunder 1966 (game id `skyhawk`), drawn at real size in millimetres.
//!
//! The map of boxes ([`map`]) and the Mission Record Card with its Ordnance Card
//! ([`record_card`]) draw plain view models ([`map::MapScene`], [`record_card::CardRecord`]);
//! [`scene`] fills them from the rules state, [`board`] puts both side by side in the game
//! window. The same drawing functions print the map (an A3 landscape sheet) and the card
//! (A4 portrait).

pub mod board;
pub mod map;
pub mod record_card;
pub mod scene;

/// The printed palette: sea and land of the map, US blue, NV red, marker colours.
pub mod palette {
    use crate::art::draw::Rgb;

    pub const INK: Rgb = Rgb(0.11, 0.12, 0.14);
    pub const PAPER: Rgb = Rgb(0.98, 0.97, 0.94);
    pub const SEA: Rgb = Rgb(0.70, 0.82, 0.92);
    pub const SEA_BOX: Rgb = Rgb(0.90, 0.95, 0.99);
    pub const LAND: Rgb = Rgb(0.66, 0.78, 0.55);
    pub const LAND_BOX: Rgb = Rgb(0.93, 0.96, 0.87);
    pub const CARRIER: Rgb = Rgb(0.50, 0.53, 0.57);
    pub const DECK: Rgb = Rgb(0.36, 0.38, 0.41);
    pub const US: Rgb = Rgb(0.12, 0.28, 0.52);
    pub const US_LIGHT: Rgb = Rgb(0.82, 0.88, 0.97);
    pub const NV: Rgb = Rgb(0.72, 0.14, 0.11);
    pub const NV_LIGHT: Rgb = Rgb(0.98, 0.86, 0.83);
    pub const SUPPRESSED: Rgb = Rgb(0.93, 0.80, 0.25);
    pub const KNOCKED_OUT: Rgb = Rgb(0.15, 0.15, 0.15);
    pub const MARKER: Rgb = Rgb(0.90, 0.85, 0.70);
    pub const ACCENT: Rgb = Rgb(1.0, 0.58, 0.0);
    pub const HOVER: Rgb = Rgb(0.0, 0.55, 1.0);
    pub const BANNER: Rgb = Rgb(0.16, 0.24, 0.36);
}

/// The record-sheet style of this game (title bar and headings).
pub const STYLE: crate::art::sheet::Style = crate::art::sheet::Style {
    game: "SKYHAWK",
    banner: palette::BANNER,
    heading: palette::BANNER,
};
