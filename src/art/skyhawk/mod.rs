//! Art of "Skyhawk: Rolling Thunder 1966" (game id `skyhawk`), drawn at real size in
//! millimetres: the record sheets (blank, or filled from small record view models), the 16 mm
//! counters, the Charts and Tables booklet, and the print-and-play kit that gathers them.
//! Nothing here reads the rules state: `kit` turns a game into records first.

pub mod charts;
pub mod counters;
pub mod glossary;
pub mod kit;
pub mod records;
pub mod sheets;
// The lead adds the map and the Mission Record Card modules here (drawn by the other helper).

use crate::art::draw::Rgb;
use crate::art::sheet::Style;

/// The printed palette: Navy blue and grey for the US side, red for North Vietnam, sand for
/// information markers.
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
}

/// The title bar and headings of this game's sheets.
pub const STYLE: Style = Style {
    game: "SKYHAWK",
    banner: palette::NAVY,
    heading: palette::NAVY,
};
