//! The Ordnance Card as one form: the tanks and the five stations chosen together. Every store
//! is offered on every station, so that a player who asks for a load the card forbids is told
//! why (the rules' own check in `Loadout::check`, through `SetLoadout`).

use super::Action;
use super::content::{PylonId, Weapon, data};
use super::loadout::{Loadout, Store, Tanks};
use super::state::{Skyhawk, Step};
use crate::engine::message::{Message, msg};
use crate::engine::play::{FormField, FormView};

/// The fields, in order: the tanks, then the stations left to right.
const TANKS_FIELD: usize = 0;

/// What may be chosen for a station: nothing, or any store that hangs on some station (one
/// weapon, or one or two 3-bomb clusters of a weapon that goes on a multiple ejector rack).
fn store_options() -> Vec<Option<Store>> {
    let mut options = vec![None];
    for weapon in Weapon::ALL {
        let spec = weapon.spec();
        if !spec.pylons.is_empty() {
            options.push(Some(Store::single(weapon)));
        }
        if !spec.cluster_pylons.is_empty() {
            options.extend((1..=2).map(|n| Some(Store::clusters(weapon, n))));
        }
    }
    options
}

fn store_label(store: Option<Store>) -> Message {
    match store {
        Some(s) => msg("{store}").arg("store", s.label()),
        None => msg("Nothing"),
    }
}

impl Skyhawk {
    /// The Ordnance Card while the load is being chosen.
    pub(super) fn loadout_form(&self) -> Option<FormView> {
        if !matches!(self.step, Step::Loading(_)) {
            return None;
        }
        let tanks = Tanks::combinations();
        let mut fields = vec![FormField {
            label: msg("External tanks"),
            selected: tanks
                .iter()
                .position(|t| *t == self.loadout.tanks)
                .unwrap_or(0),
            options: tanks.iter().map(Tanks::describe).collect(),
        }];
        let stores = store_options();
        for pylon in PylonId::ALL {
            let current = self.loadout.store(pylon);
            fields.push(FormField {
                label: msg("Station {pylon}").arg("pylon", pylon.name()),
                selected: stores.iter().position(|s| *s == current).unwrap_or(0),
                options: stores.iter().map(|s| store_label(*s)).collect(),
            });
        }
        Some(FormView {
            title: msg("Ordnance Card"),
            description: msg("{target}: a {kind} in route package {rp}")
                .arg("target", &self.target().name)
                .term("kind", self.target().kind.name())
                .arg("rp", &self.target().route_package),
            rule: "3.3".into(),
            submit: msg("Load the aircraft"),
            fields,
        })
    }

    /// The load the form's values describe, its weight and its fuel against the route package.
    pub(super) fn loadout_form_action(
        &self,
        values: &[usize],
    ) -> (Vec<Message>, Result<Action, Message>) {
        let tanks = Tanks::combinations();
        let stores = store_options();
        let mut load = Loadout::default();
        let Some(t) = values.get(TANKS_FIELD).and_then(|&i| tanks.get(i)) else {
            return (Vec::new(), Err(msg("Choose the external tanks")));
        };
        load.tanks = *t;
        for (k, pylon) in PylonId::ALL.into_iter().enumerate() {
            let Some(store) = values.get(TANKS_FIELD + 1 + k).and_then(|&i| stores.get(i)) else {
                return (
                    Vec::new(),
                    Err(msg("Choose what hangs on station {pylon}").arg("pylon", pylon.name())),
                );
            };
            load.stations[pylon.index()] = *store;
        }
        let aircraft = &data().aircraft;
        let rp = &self.target().route_package;
        let mut facts = vec![
            msg("Weight {weight} lb of {limit} lb")
                .arg("weight", load.total_weight())
                .arg("limit", aircraft.max_weight),
        ];
        if let Some(spec) = aircraft.route_package(rp) {
            facts.push(
                msg("External fuel {gallons} gal; route package {rp} needs {min} gal")
                    .arg("gallons", load.tanks.gallons())
                    .arg("rp", rp)
                    .arg("min", spec.min_gallons),
            );
        }
        (facts, Ok(Action::SetLoadout(load)))
    }
}
