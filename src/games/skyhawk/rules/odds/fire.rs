//! The fire a box's altitude decides: every NV box that can reach the Skyhawk at that
//! altitude rolls once on Table 12, and at the target the Iron Hand SAM site on Table 13.

use super::super::content::{Altitude, NvBoxKind, data};
use super::super::mission::{bullpup, table12_column};
use super::super::state::{MapBox, Skyhawk};
use super::super::tables::{Drms, read_number};
use crate::engine::message::{Message, msg, n_};
use crate::engine::number::decimal;

/// What the rolls of a box do to the Skyhawk: the chance that none of them hits, and the
/// hits they roll on average.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Fire {
    pub none: f64,
    pub mean: f64,
}

impl Fire {
    /// No roll at all.
    pub const QUIET: Fire = Fire {
        none: 1.0,
        mean: 0.0,
    };

    /// One roll on `table` in `column` with `drms`, its result read as hits.
    pub fn roll(table: &str, column: &str, drms: &Drms) -> Fire {
        let t = data().table(table);
        let c = t.column(column).unwrap_or(0);
        let mut hits: Vec<i32> = t.rows.iter().map(|r| read_number(&r.cells[c])).collect();
        hits.sort_unstable();
        hits.dedup();
        let chance = |n: i32| t.chance(c, drms, |cell| read_number(cell) == n);
        Fire {
            none: chance(0),
            mean: hits.iter().map(|&n| f64::from(n) * chance(n)).sum(),
        }
    }

    /// This fire and an independent `other`, both.
    pub fn and(self, other: Fire) -> Fire {
        Fire {
            none: self.none * other.none,
            mean: self.mean + other.mean,
        }
    }

    /// This fire, which only comes with the chance `p`.
    pub fn with_chance(self, p: f64) -> Fire {
        Fire {
            none: 1.0 - p + p * self.none,
            mean: p * self.mean,
        }
    }

    pub fn at_least_one(self) -> f64 {
        1.0 - self.none
    }
}

impl Skyhawk {
    /// Before choosing the altitude of a combat box: per altitude, the chance of at least one
    /// hit and the hits on average, from the box's fire as it stands before the support
    /// units are placed (no new suppression, no ECM, the SAM radar on).
    pub(super) fn altitude_odds(&self, b: MapBox) -> Vec<(Message, f64)> {
        if b == MapBox::ReAttack {
            return self.re_attack_altitude_odds();
        }
        self.allowed_altitudes()
            .iter()
            .filter_map(|&a| {
                let fire = self.box_fire(b, a, false)?;
                // Translators: {hits} is an average ("1.35"), not a count.
                let label = msg("{altitude}: at least one hit, {hits} hits on average ({assumed})");
                Some(fire_line(label.term("altitude", a.name()), fire, false))
            })
            .collect()
    }

    /// The Re-Attack box's altitude only counts if MiGs jump the Skyhawk there (Table 14)
    /// and it presses on: the one MiG attack on Table 12 is made at that altitude.
    fn re_attack_altitude_odds(&self) -> Vec<(Message, f64)> {
        self.allowed_altitudes()
            .iter()
            .map(|&a| {
                let (column, drms) = self.press_on_roll(a);
                let fire = Fire::roll("12", column, &drms);
                let label = msg("{altitude}: should MiGs jump you and you press on, at least one hit ({hits} on average)")
                    .term("altitude", a.name())
                    .message("hits", decimal(fire.mean, 2));
                (label, fire.at_least_one())
            })
            .collect()
    }

    /// Before the attack choice: the Target Attack box's fire at each altitude on offer,
    /// and guiding a Bullpup where one is on offer.
    pub(super) fn attack_fire_odds(&self) -> Vec<(Message, f64)> {
        let mut seen = Vec::new();
        for (a, group) in self.attack_choices() {
            let guiding = bullpup(group);
            if !seen.contains(&(a, guiding)) {
                seen.push((a, guiding));
            }
        }
        let site = self.target_sam_in_action();
        seen.into_iter()
            .filter_map(|(a, guiding)| {
                let fire = self.box_fire(MapBox::TargetAttack, a, guiding)?;
                let label = if guiding {
                    // Translators: {hits} is an average ("1.35"), not a count.
                    msg("{altitude} guiding a Bullpup: at least one hit, {hits} hits on average ({assumed})")
                } else {
                    msg("{altitude}: at least one hit, {hits} hits on average ({assumed})")
                };
                Some(fire_line(label.term("altitude", a.name()), fire, site))
            })
            .collect()
    }

    /// The fire at the Skyhawk in box `b` at `altitude` (guiding a Bullpup or not) before
    /// the support units are placed, MiG hits taken rather than dived away from; `None` for
    /// a box without NV fire. In Target Attack the target SAM site fires after the run, as
    /// it is before the run's damage to it.
    pub(crate) fn box_fire(&self, b: MapBox, altitude: Altitude, bullpup: bool) -> Option<Fire> {
        let target_sam = match b {
            MapBox::SupportAttacks => false,
            MapBox::TargetApproach | MapBox::TargetAttack | MapBox::TargetExit => true,
            _ => return None,
        };
        let mut fire = Fire::QUIET;
        for k in NvBoxKind::ALL {
            if !self.nv_in_action(k) || !self.nv_fires_at_skyhawk(k, false) {
                continue;
            }
            if let Some(column) = table12_column(k, altitude) {
                let drms = self.fire_at_skyhawk_drms(k, true, 0, bullpup);
                fire = fire.and(Fire::roll("12", column, &drms));
            }
        }
        if target_sam && self.target_sam_in_action() {
            let column = self.target_sam_column(altitude);
            let drms = self.target_sam_drms(bullpup, 0);
            fire = fire.and(Fire::roll("13", &column, &drms));
        }
        if b == MapBox::SupportAttacks {
            // The fuel check comes first: on a Bingo the Skyhawk turns home unfired at.
            fire = fire.with_chance(1.0 - self.bingo_chance("support_attacks"));
        }
        Some(fire)
    }
}

/// An odds line for a box's fire: `label` with the hits on average and what is assumed.
fn fire_line(label: Message, fire: Fire, before_the_run: bool) -> (Message, f64) {
    let assumed = if before_the_run {
        n_("before support attacks, ECM and the run's damage to the SAM site")
    } else {
        n_("before support attacks and ECM")
    };
    let label = label
        .message("hits", decimal(fire.mean, 2))
        .term("assumed", assumed);
    (label, fire.at_least_one())
}
