//! The support attack cycle: where the unit being placed goes decides its Table 11 roll.

use super::super::content::{NvBoxKind, SupportSpec, data};
use super::super::cycle::Slot;
use super::super::state::Skyhawk;
use crate::engine::message::{Message, msg};

impl Skyhawk {
    /// For each NV box the unit being placed may attack: the chance its attack Suppresses
    /// the box and the chance it Knocks it Out (should the unit get to fire: a unit placed
    /// before it on the same box may knock the box out first). The ECM box rolls nothing.
    pub(super) fn placement_odds(&self) -> Vec<(Message, f64)> {
        let Some(u) = self.unit_to_place() else {
            return Vec::new();
        };
        let name = &self.units[u].spec().name;
        let mut odds = Vec::new();
        for slot in self.legal_slots(u) {
            let Slot::Nv(k) = slot else { continue };
            let chance = |result: &str| self.us_fire_chance(self.units[u].spec(), k, result);
            odds.push((
                msg("{unit} at the {nv} box: Suppressed")
                    .arg("unit", name)
                    .term("nv", k.name()),
                chance("suppressed"),
            ));
            let out = if k == NvBoxKind::Mig {
                msg("{unit} at the {nv} box: the MiGs disengage")
            } else {
                msg("{unit} at the {nv} box: Knocked Out")
            };
            odds.push((out.arg("unit", name).term("nv", k.name()), chance("out")));
        }
        odds
    }

    /// Before picking a support type: for each NV box a unit of each type left could
    /// attack, the chance one attack of it Suppresses or Knocks Out the box, in today's
    /// weather over the target.
    pub(super) fn pick_support_odds(&self) -> Vec<(Message, f64)> {
        let mut odds = Vec::new();
        for (kind, spec) in data().support.iter().enumerate() {
            if self.support_left(kind) == 0 {
                continue;
            }
            for &k in &spec.attacks {
                let p = self.us_fire_chance(spec, k, "suppressed")
                    + self.us_fire_chance(spec, k, "out");
                let label = msg("{unit} at the {nv} box: Suppressed or Knocked Out")
                    .arg("unit", &spec.name)
                    .term("nv", k.name());
                odds.push((label, p));
            }
        }
        odds
    }

    /// The chance that an attack by a unit of type `spec` on the `k` box reads `result` on
    /// Table 11. Against SAMs whose radar is still to be rolled (S-1, after placing), both
    /// ways, weighed.
    pub(crate) fn us_fire_chance(&self, spec: &SupportSpec, k: NvBoxKind, result: &str) -> f64 {
        let t11 = data().table("11");
        let column = t11.column(k.key()).unwrap_or(0);
        let with_radar =
            |on: bool| t11.chance(column, &self.us_fire_drms(spec, k, on), |c| c == result);
        let radar = self
            .cycle
            .as_ref()
            .filter(|c| c.radar_rolled)
            .map(|c| c.radar_on);
        match radar {
            Some(on) => with_radar(on),
            None if k != NvBoxKind::Sam => with_radar(true),
            None => {
                let s1 = data().table("S-1");
                let on = s1.chance(0, &Default::default(), |cell| cell == "on");
                on * with_radar(true) + (1.0 - on) * with_radar(false)
            }
        }
    }
}
