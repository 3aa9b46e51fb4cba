//! Home-Bound (digest 3.2 M16, 4.12; rulebook p.14, p.19–21): the event's bottom section for
//! the aircraft that left the display, then Search and Rescue.

use super::content::{Damage, Effect, Phase, TrackKind, data};
use super::state::*;
use crate::engine::message::msg;

impl PhantomLeader {
    /// The flight turns for home: the Home-Bound event, unless nobody is left to meet it.
    pub(super) fn home_bound_phase(&mut self) {
        self.mission.home = true;
        if self.mission.flying().next().is_none() {
            self.next_rescue();
            return;
        }
        let card = self.draw_event(Phase::HomeBound);
        if self.event_ignorers(&[]).is_empty() {
            self.home_bound(card);
        } else {
            self.step = Step::EventIgnore {
                card,
                rolled: Vec::new(),
            };
        }
    }

    /// Resolves the Home-Bound section of event `card` on the returning aircraft.
    pub(super) fn home_bound(&mut self, card: u8) {
        let e = &data().events[usize::from(card) - 1].home_bound;
        let returning: Vec<usize> = self.mission.flying().collect();
        match &e.effect {
            Effect::None => {}
            Effect::Attack { .. } | Effect::Stress { .. } => {
                if self.common_effect(&e.effect, "M16", returning) {
                    return;
                }
            }
            Effect::TargetHits { delta } => {
                let before = self.mission.hits;
                self.mission.hits = event_hits(before, *delta);
                self.log.add(
                    "4.12",
                    msg("The target's hits: {before} → {after}")
                        .arg("before", before)
                        .arg("after", self.mission.hits),
                );
            }
            Effect::SarBonus { amount } => self.mission.fight.sar_bonus += amount,
            Effect::Track {
                track,
                delta,
                needs_damage,
            } => {
                let damaged = self.mission.target.is_some_and(|n| {
                    data().target(n).damage(self.mission.hits) != Damage::Undamaged
                });
                if !needs_damage || damaged {
                    self.shift(*track, i32::from(*delta));
                    self.log.add(
                        "M16",
                        msg("{track} moves {n}")
                            .term("track", track_name(*track))
                            .arg("n", format_args!("{delta:+}")),
                    );
                }
            }
            Effect::RescueMia => {
                if !self.missing().is_empty() {
                    self.step = Step::RescueMia;
                    return;
                }
            }
            other => unreachable!("checked at load: {other:?} is not a Home-Bound effect"),
        }
        self.next_rescue();
    }

    /// Pilots Missing in Action from earlier missions.
    pub fn missing(&self) -> Vec<usize> {
        (0..self.squadron.len())
            .filter(|&i| self.squadron[i].duty == Duty::Missing)
            .collect()
    }

    /// A Missing pilot comes back: the squadron stress his loss caused comes off, and he or
    /// his replacement stays [p.21; digest M16].
    pub(super) fn rescue_mia(&mut self, squad: usize) {
        let c = data();
        let stress = c.squadron_stress(self.squadron[squad].level).missing;
        for p in self.squadron.iter_mut().filter(|p| p.duty == Duty::Active) {
            p.add_stress(-i32::from(stress));
        }
        self.squadron[squad].duty = Duty::Active;
        self.log.add(
            "M16",
            msg("{pilot} is found and comes back")
                .arg("pilot", &c.pilots[self.squadron[squad].pilot].name),
        );
        match self.squadron[squad].replaced_by {
            Some(r) if self.squadron[r].duty == Duty::Active => {
                self.step = Step::KeepRescued {
                    rescued: squad,
                    replacement: r,
                };
            }
            _ => self.next_rescue(),
        }
    }

    /// One of the two stays; the other leaves the campaign.
    pub(super) fn keep_rescued(&mut self, keep: usize) {
        let Step::KeepRescued {
            rescued,
            replacement,
        } = self.step
        else {
            return;
        };
        let goes = if keep == rescued {
            replacement
        } else {
            rescued
        };
        self.squadron[goes].duty = Duty::Transferred;
        self.log.add(
            "M16",
            msg("{pilot} leaves the squadron")
                .arg("pilot", &data().pilots[self.squadron[goes].pilot].name),
        );
        self.next_rescue();
    }
}

/// An event's change to the target's hits: a target at 0 gains nothing, one hit never
/// drops below 1 [p.21].
pub fn event_hits(hits: u8, delta: i8) -> u8 {
    if hits == 0 {
        0
    } else {
        (i32::from(hits) + i32::from(delta)).max(1) as u8
    }
}

fn track_name(t: TrackKind) -> &'static str {
    use crate::engine::message::n_;
    match t {
        TrackKind::Recon => n_("Recon"),
        TrackKind::Intel => n_("Intel"),
        TrackKind::Politics => n_("Politics"),
    }
}
