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
            odds.push((
                msg("{unit} at the {nv} box: shot down, if the box still fires")
                    .arg("unit", name)
                    .term("nv", k.name()),
                self.unit_shot_down_chance(k),
            ));
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
        self.weigh_radar(k, |on| {
            t11.chance(column, &self.us_fire_drms(spec, k, on), |c| c == result)
        })
    }

    /// The chance that the `k` box, should it still fire once this cycle's attacks are
    /// made, shoots down a unit attacking it (Table 10), with its markers and the ECM box as
    /// they stand now.
    pub(crate) fn unit_shot_down_chance(&self, k: NvBoxKind) -> f64 {
        let t10 = data().table("10");
        let column = t10.column(k.key()).unwrap_or(0);
        let ecm = self.cycle.as_ref().map_or(0, |c| c.ecm());
        self.weigh_radar(k, |on| {
            t10.chance(column, &self.fire_at_unit_drms(k, on, ecm), |c| c == "hit")
        })
    }

    /// `chance` with the SAM radar as it is; while the radar is still to be rolled (S-1,
    /// after placing), both ways, weighed. Only the SAM box cares about the radar.
    fn weigh_radar(&self, k: NvBoxKind, chance: impl Fn(bool) -> f64) -> f64 {
        let radar = self
            .cycle
            .as_ref()
            .filter(|c| c.radar_rolled)
            .map(|c| c.radar_on);
        match radar {
            Some(on) => chance(on),
            None if k != NvBoxKind::Sam => chance(true),
            None => {
                let s1 = data().table("S-1");
                let on = s1.chance(0, &Default::default(), |cell| cell == "on");
                on * chance(true) + (1.0 - on) * chance(false)
            }
        }
    }
}
