//! The MiG decisions: a `*` attack (dive away or take the hits) and a MiG group jumping the
//! Skyhawk at the re-attack (engage, evade or press on).

use super::super::content::data;
use super::super::state::Skyhawk;
use super::super::tables::read_number;
use super::distinct_cells;
use crate::engine::message::{Message, msg, msg_n};

impl Skyhawk {
    /// Diving away rolls nothing; taking the hits rolls Table 12.1 once per hit: the chance
    /// that every hit is superficial, and that at least one strikes each area.
    pub(super) fn mig_star_odds(&self, hits: u8) -> Vec<(Message, f64)> {
        let t = data().table("12.1");
        let n = i32::from(hits);
        let mut odds = Vec::new();
        for area in distinct_cells(t, 0) {
            let p = t.chance(0, &Default::default(), |cell| cell == area);
            let odd = if area == "superficial" {
                (msg("Take the hits: every one superficial"), p.powi(n))
            } else {
                (area_hit(area), 1.0 - (1.0 - p).powi(n))
            };
            odds.push(odd);
        }
        odds
    }

    /// Engaging rolls Table 14 C, pressing on one MiG attack on Table 12; evading rolls
    /// nothing.
    pub(super) fn mig_group_odds(&self) -> Vec<(Message, f64)> {
        let mut odds = Vec::new();
        if self.guns_ready() {
            let t = data().table("14 C");
            let drms = self.mig_engagement_drms();
            for cell in distinct_cells(t, 0) {
                let label = match cell {
                    "kill" => msg("Engage: a MiG goes down"),
                    "escapes" => msg("Engage: the MiGs break off"),
                    n => {
                        let hits = read_number(n);
                        msg_n(
                            "Engage: {hits} hit on the Skyhawk",
                            "Engage: {hits} hits on the Skyhawk",
                            hits,
                        )
                        .arg("hits", hits)
                    }
                };
                odds.push((label, t.chance(0, &drms, |c| c == cell)));
            }
        }
        let t = data().table("12");
        let (column, drms) = self.press_on_roll(self.altitude);
        let c = t.column(column).unwrap_or(0);
        for cell in distinct_cells(t, c) {
            let hits = read_number(cell);
            let label = if cell.ends_with('*') {
                msg_n(
                    "Press on: MiGs on your tail, dive away or take {hits} hit",
                    "Press on: MiGs on your tail, dive away or take {hits} hits",
                    hits,
                )
                .arg("hits", hits)
            } else if hits == 0 {
                msg("Press on: no hits")
            } else {
                msg_n("Press on: {hits} hit", "Press on: {hits} hits", hits).arg("hits", hits)
            };
            odds.push((label, t.chance(c, &drms, |x| x == cell)));
        }
        odds
    }
}

/// A Table 12.1 area in words, for the chance that a hit strikes it.
fn area_hit(area: &str) -> Message {
    match area {
        "wings" => msg("Take the hits: at least one in a wing"),
        "fuselage" => msg("Take the hits: at least one in the fuselage"),
        "engine" => msg("Take the hits: at least one in the engine"),
        "nose" => msg("Take the hits: at least one in the nose"),
        "cockpit" => msg("Take the hits: at least one in the cockpit"),
        "tail" => msg("Take the hits: at least one in the tail"),
        other => {
            msg("Take the hits: at least one on Table 12.1 {area}").arg("area", other.to_owned())
        }
    }
}
