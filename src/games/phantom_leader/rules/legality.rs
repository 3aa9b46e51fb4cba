//! Whether one action is legal now, asked of that action alone where the step knows how (the
//! arming and the fight's steps, whose lists cost the most to build): the same answer as
//! looking it up in the step's list, which the other steps still do. The bots and `apply`
//! ask here; a test holds every answer to the list.

use super::Action;
use super::content::{WeaponClass, data};
use super::display::Area;
use super::state::*;

impl PhantomLeader {
    /// Whether the action may be taken now.
    pub fn allows(&self, action: &Action) -> bool {
        if self.always_offered(action) {
            return true;
        }
        match self.allows_alone(action) {
            Some(legal) => legal,
            None => self.choices_labelled(false).2.contains(action),
        }
    }

    /// The answer for one action where the step can give it without its list; `None`
    /// where only the list knows.
    fn allows_alone(&self, action: &Action) -> Option<bool> {
        let flight = &self.mission.flight;
        let on_display = |i: usize| flight.get(i).is_some_and(Sortie::on_display);
        let legal = match (&self.step, action) {
            // Any set of counters the rules allow, not only the prompt's.
            (Step::Attacks { fast }, Action::Attack { sortie, aim, arms }) => {
                on_display(*sortie)
                    && self.yet_to_attack(*fast, *sortie)
                    && self.arms_refusal(*sortie, *aim, arms).is_none()
            }
            (Step::Suppress { attacker, .. }, Action::Suppress { sortie, arms }) => {
                self.arms_refusal(*sortie, attacker.aim(), arms).is_none()
            }
            (
                Step::Attacks { .. } | Step::Suppress { .. } | Step::Jettison,
                Action::HighStress(i),
            ) => self.high_stress_takers().contains(i),
            (Step::Arm, _) => match action {
                Action::Load { sortie, weapon } => {
                    *sortie < flight.len()
                        && *weapon < data().weapons.len()
                        && self.load_refusal(*sortie, *weapon).is_none()
                }
                Action::Unload { sortie, weapon } => {
                    flight.get(*sortie).is_some_and(|s| s.load.contains(weapon))
                }
                Action::Tanker(on) => {
                    *on != self.mission.tanker && self.arming_refusal(flight, *on).is_none()
                }
                Action::Done => true,
                _ => false,
            },
            // Any open level may be filled, whichever level the prompt lists now.
            (Step::Squadron, Action::Recruit { pilot, level }) if !self.options.random_squadron => {
                self.recruit_refusal(*pilot, *level).is_none()
            }
            (
                Step::Place,
                Action::Place {
                    sortie,
                    area,
                    altitude,
                },
            ) => {
                self.next_to_place() == Some(*sortie)
                    && self.start_options().contains(&(*area, *altitude))
            }
            (Step::Jettison, Action::Drop { sortie, weapon }) => {
                on_display(*sortie)
                    && flight[*sortie].load.contains(weapon)
                    && data().weapons[*weapon].class != WeaponClass::Pod
            }
            (Step::EnemyOrder, Action::FiresNext(a)) => {
                self.mission.fight.queue.contains(a) && self.ready(*a)
            }
            (
                Step::Move,
                Action::Move {
                    sortie,
                    area,
                    altitude,
                },
            ) => {
                self.moves_now(*sortie) && self.move_options(*sortie).contains(&(*area, *altitude))
            }
            (Step::Move, Action::Done) => self.may_hold(),
            (Step::Leave, Action::Leave(i)) => {
                on_display(*i) && self.exit_allowed(*i, flight[*i].pos.map_or(Area::C, |p| p.area))
            }
            // The other actions these steps list are always offered.
            (
                Step::Place
                | Step::Jettison
                | Step::Attacks { .. }
                | Step::EnemyOrder
                | Step::Suppress { .. }
                | Step::Evade { .. }
                | Step::Move
                | Step::Leave,
                _,
            ) => false,
            _ => return None,
        };
        Some(legal)
    }
}
