//! Arming (M8) as a form: an aircraft of the flight and a munition to hang on it. Every
//! munition of the game is offered on every aircraft, so that a load the rules refuse (too
//! heavy for today's Weight Points, not on the aircraft's card, not in this campaign, a second
//! pod, too dear in Special Options) is refused with the rules' own reason, through `Load`.

use super::Action;
use super::content::data;
use super::state::{PhantomLeader, Step};
use crate::engine::message::{Message, msg};
use crate::engine::play::{FormField, FormView};

const AIRCRAFT_FIELD: usize = 0;
const WEAPON_FIELD: usize = 1;

impl PhantomLeader {
    /// The arming form while the flight is being armed.
    pub(super) fn arming_form(&self) -> Option<FormView> {
        if self.step != Step::Arm || self.mission.flight.is_empty() {
            return None;
        }
        let c = data();
        let aircraft = (0..self.mission.flight.len())
            .map(|i| {
                msg("{pilot}: {wp} of {cap} WP")
                    .arg("pilot", self.pilot_name(i))
                    .arg("wp", self.load_wp(i))
                    .arg("cap", self.capacity(i))
            })
            .collect();
        let weapons = c
            .weapons
            .iter()
            .map(|w| {
                msg("{weapon} ({wp} WP)")
                    .term("weapon", w.name.as_str())
                    .arg("wp", w.wp)
            })
            .collect();
        Some(FormView {
            title: msg("Arm the aircraft"),
            description: msg(
                "Hang one munition on one aircraft. Its Weight Points must stay within what the aircraft may carry today; special weapons and the tanker cost Special Options.",
            ),
            rule: "M8".into(),
            submit: msg("Load"),
            fields: vec![
                FormField {
                    label: msg("Aircraft"),
                    options: aircraft,
                    selected: 0,
                },
                FormField {
                    label: msg("Munition"),
                    options: weapons,
                    selected: 0,
                },
            ],
        })
    }

    /// The `Load` the form's values stand for, with the aircraft's weight after it and the
    /// Special Options the flight's arming would then cost.
    pub(super) fn arming_form_action(
        &self,
        values: &[usize],
    ) -> (Vec<Message>, Result<Action, Message>) {
        let c = data();
        let Some(sortie) = values
            .get(AIRCRAFT_FIELD)
            .copied()
            .filter(|&i| i < self.mission.flight.len())
        else {
            return (Vec::new(), Err(msg("Choose an aircraft")));
        };
        let Some(weapon) = values
            .get(WEAPON_FIELD)
            .copied()
            .filter(|&w| w < c.weapons.len())
        else {
            return (Vec::new(), Err(msg("Choose a munition")));
        };
        let after = self.load_wp(sortie).saturating_add(c.weapons[weapon].wp);
        let facts = vec![
            msg("{pilot}: {wp} of {cap} WP with it")
                .arg("pilot", self.pilot_name(sortie))
                .arg("wp", after)
                .arg("cap", self.capacity(sortie)),
            msg("Arming cost {cost} SO of {so}")
                .arg(
                    "cost",
                    self.arming_cost(&self.with_load(sortie, weapon), self.mission.tanker),
                )
                .arg("so", self.special_options),
        ];
        (facts, Ok(Action::Load { sortie, weapon }))
    }
}
