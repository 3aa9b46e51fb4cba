//! Attack runs [6.2, 6.2.1–6.2.4]: which weapon groups may be released at which altitude,
//! the On/Off Target roll (Tables 15.x), the damage percentage (Table 16), and the Iron Hand
//! target SAM site.

use super::content::{Altitude, PylonId, Release, TargetFlag, Weapon, data};
use super::mission::CommonDrms;
use super::state::*;
use super::tables::Drms;
use crate::engine::message::{msg, n_};

impl Skyhawk {
    /// The weapon groups still on board: one per weapon type (Snake Eyes once per mode),
    /// and the guns.
    pub fn groups(&self) -> Vec<Group> {
        let mut weapons: Vec<Weapon> = self
            .loadout
            .stations
            .iter()
            .flatten()
            .map(|s| s.weapon)
            .collect();
        weapons.sort();
        weapons.dedup();
        let mut groups = Vec::new();
        for w in weapons {
            if w.is_snake_eye() {
                for mode in [SnakeMode::Slick, SnakeMode::Drag] {
                    groups.push(Group {
                        weapon: w,
                        mode: Some(mode),
                    });
                }
            } else {
                groups.push(Group {
                    weapon: w,
                    mode: None,
                });
            }
        }
        let max_runs = data().aircraft.strafing_runs;
        let ammo = (0..2).any(|i| !self.damage.cannons[i] && self.ammo[i] > 0);
        if ammo && self.strafing_runs < max_runs {
            groups.push(Group {
                weapon: Weapon::Cannon,
                mode: None,
            });
        }
        groups
    }

    /// May `group` be released at `altitude` against this target [3.3, 4.2, Table 5]?
    pub fn usable(&self, group: Group, altitude: Altitude) -> bool {
        let spec = group.weapon.spec();
        let height = match group.mode {
            Some(SnakeMode::Drag) => altitude == Altitude::Low,
            _ => spec.altitudes.contains(&altitude),
        };
        let t = self.target();
        let permitted = spec.guide.contains_key(&t.kind)
            || (t.has(TargetFlag::Hcrt) && spec.hcrt_guide.is_some());
        height && permitted
    }

    /// The choices of Target Attack: altitude and group pairs; with nothing usable, the
    /// altitudes alone (R62).
    pub fn attack_choices(&self) -> Vec<(Altitude, Option<Group>)> {
        let groups = self.groups();
        let mut choices = Vec::new();
        let allowed = self.allowed_altitudes();
        let altitudes: &[Altitude] = match self.first_run_altitude() {
            Some(a) if allowed.contains(&a) => &Altitude::ALL[a as usize..=a as usize],
            _ => allowed,
        };
        for &a in altitudes {
            for &g in &groups {
                if self.usable(g, a) {
                    choices.push((a, Some(g)));
                }
            }
        }
        if choices.is_empty() {
            choices = altitudes.iter().map(|&a| (a, None)).collect();
        }
        choices
    }

    /// Optional 15.4.2: the rolled altitude binds the first attack run (R37).
    pub fn first_run_altitude(&self) -> Option<Altitude> {
        self.attack_altitude.filter(|_| self.runs.is_empty())
    }

    pub fn any_usable_group(&self) -> bool {
        self.attack_choices().iter().any(|(_, g)| g.is_some())
    }

    pub fn group_label(&self, g: Group) -> String {
        let name = g.weapon.spec().name.clone();
        match g.mode {
            Some(SnakeMode::Slick) => format!("{name} (slick)"),
            Some(SnakeMode::Drag) => format!("{name} (drag)"),
            None => name,
        }
    }

    /// The attack run of this Target Attack visit [6.2].
    pub(crate) fn attack_run(&mut self) {
        let Some(group) = self.declared else {
            note!(
                self,
                "6.2",
                msg("Nothing on board can be used: no attack run")
            );
            return;
        };
        if !self.usable(group, self.altitude) || !self.groups().contains(&group) {
            note!(
                self,
                "6.2",
                msg("The declared weapon is gone: no attack run")
            );
            return;
        }
        let release = self.release(group);
        let spec = group.weapon.spec();
        let iron_hand = self.target().iron_hand();
        // On/Off Target, Tables 15.x.
        let d = self.on_off_drms(group, self.altitude);
        let shrike_blind = group.weapon == Weapon::Agm45 && iron_hand && !self.target_sam.radar_on;
        if shrike_blind {
            note!(
                self,
                "6.2.3",
                msg("The SAM radar is off: the Shrike cannot find it"),
            );
            self.record_run(group, false, 0);
            return;
        }
        let on = self.roll(&spec.table, "", &d).is("on");
        // Damage percentage, Table 16.
        let guide = self.table5_guide(group);
        let strafing = group.weapon == Weapon::Cannon;
        let mut d = Drms::new();
        d.value(guide, n_("Table 5: weapon against this target type"))
            .times(
                i32::from(release.clusters),
                "per_cluster",
                n_("3-bomb clusters released"),
            )
            .when(
                release.singles == 5,
                "five_singles",
                n_("five single bombs together"),
            )
            .when(
                strafing && self.damage.working_cannons() == 1,
                "one_cannon",
                n_("one cannon"),
            )
            .when(
                release.one_wing,
                "one_wing",
                n_("stores left on one wing only"),
            )
            .when(
                !strafing && self.damage.destroyed(SubSystem::Ordnance),
                "ordnance_destroyed",
                n_("Ordnance system destroyed"),
            );
        let r = self.roll("16", if on { "on" } else { "off" }, &d);
        let percent = r.number();
        if strafing {
            self.strafing_runs += 1;
            for side in 0..2 {
                if !self.damage.cannons[side] && self.ammo[side] > 0 {
                    self.ammo[side] -= 1;
                }
            }
        }
        if iron_hand {
            self.target_sam.damage += percent;
        }
        self.record_run(group, on, percent);
    }

    /// The modifiers of the On/Off Target roll (Tables 15.x) of a run of `group` from
    /// `altitude` [6.2.1].
    pub(crate) fn on_off_drms(&self, group: Group, altitude: Altitude) -> Drms {
        let drag_low = group.mode == Some(SnakeMode::Drag) && altitude == Altitude::Low;
        let mut d = Drms::new();
        d.when(self.ace_bomber, "ace_bomber", n_("Ace Bomber"))
            .when(drag_low, "drag_low", n_("Snake Eye drag at Low"))
            .weather(self.target_weather)
            .when(
                self.damage.probe_lost(),
                "nose_destroyed",
                n_("Nose destroyed"),
            )
            .when(
                self.damage.destroyed(SubSystem::Avionics),
                "avionics_destroyed",
                n_("Avionics destroyed"),
            )
            .pilot(self.pilot.experience)
            .when(self.smoke, "smoke", n_("smoke and dust"))
            .when(self.clean_run, "clean_run", n_("clean run-in"))
            .when(
                self.options.altitude_bombing && altitude == Altitude::Low,
                "altitude_low",
                n_("attacking from Low (15.4.2)"),
            )
            .when(
                self.options.altitude_bombing && altitude == Altitude::High,
                "altitude_high",
                n_("attacking from High (15.4.2)"),
            );
        d
    }

    /// The exact chance that a run of `group` from `altitude` is On Target, before it is
    /// flown (the odds shown with the attack choice). A Shrike with the radar off cannot be.
    pub fn on_target_chance(&self, group: Group, altitude: Altitude) -> f64 {
        let blind = group.weapon == Weapon::Agm45
            && self.target.as_ref().is_some_and(Target::iron_hand)
            && !self.target_sam.radar_on;
        if blind {
            return 0.0;
        }
        let table = data().table(&group.weapon.spec().table);
        table.chance(0, &self.on_off_drms(group, altitude), |cell| cell == "on")
    }

    /// Table 5: the modifier of a weapon against the target's type.
    pub(crate) fn table5_guide(&self, group: Group) -> i32 {
        table5_guide(group, self.target()).unwrap_or(0)
    }

    fn record_run(&mut self, group: Group, on_target: bool, percent: i32) {
        note!(
            self,
            "6.2.2",
            msg("Run {n}: {weapon}, {result}, {percent}%")
                .arg("n", self.runs.len() + 1)
                .arg("weapon", self.group_label(group))
                .arg("result", if on_target { "On Target" } else { "Off Target" })
                .arg("percent", percent),
        );
        self.runs.push(Run {
            group,
            altitude: self.altitude,
            on_target,
            percent,
        });
        self.npc_bombing(on_target, group);
    }

    /// Takes the group's stores off the pylons [6.2.1]: every store of a salvo weapon, or one
    /// store of a one-at-a-time weapon (from the left wing first).
    fn release(&mut self, group: Group) -> Released {
        let mut r = Released::default();
        if group.weapon == Weapon::Cannon {
            return r;
        }
        let salvo = group.weapon.spec().release == Release::Salvo;
        for p in PylonId::ALL {
            let Some(store) = self.loadout.store(p) else {
                continue;
            };
            if store.weapon != group.weapon {
                continue;
            }
            if store.clusters > 0 {
                r.clusters += store.clusters;
            } else {
                r.singles += 1;
            }
            if salvo {
                let mirror = p.mirror();
                if p != PylonId::CL && self.damage.pylons[mirror.index()] {
                    r.one_wing = true;
                }
            }
            self.loadout.stations[p.index()] = None;
            if !salvo {
                break;
            }
        }
        r
    }

    /// After the run: the target SAM's cumulative damage sets its state [6.2.3].
    pub(crate) fn update_target_sam(&mut self) {
        if !self.target().iron_hand() {
            return;
        }
        let s = self.target_sam;
        if s.knocked_out() {
            note!(self, "6.2.3", msg("The target SAM site is Knocked Out"));
        } else if s.suppressed() {
            self.target_sam.radar_on = false;
            note!(self, "6.2.3", msg("The target SAM site is Suppressed"));
        }
    }

    /// The Iron Hand target SAM site fires at the Skyhawk (Table 13), if it still can.
    pub(crate) fn target_sam_fires(&mut self) {
        if self.down() || !self.target_sam_in_action() {
            return;
        }
        if self.at == MapBox::TargetExit && self.dived_away {
            return;
        }
        let radar = self.target_sam_radar();
        let column = self.target_sam_column(self.altitude);
        let d = self.target_sam_drms(self.guiding_bullpup(self.at), self.ecm_in_box);
        note!(self, "6.2.3", msg("The target SAM site fires"));
        let r = self.roll("13", &column, &d);
        self.take_hits(r.number() as u8);
        self.target_sam_at_npcs(radar && self.ecm_in_box > 0);
    }

    /// The target is an Iron Hand SAM site that is not Knocked Out: it fires at the Skyhawk.
    pub(crate) fn target_sam_in_action(&self) -> bool {
        self.target().iron_hand() && !self.target_sam.knocked_out()
    }

    /// The target SAM site aims by radar (not when it is off or the site Suppressed).
    pub(crate) fn target_sam_radar(&self) -> bool {
        self.target_sam.radar_on && !self.target_sam.suppressed()
    }

    /// The Table 13 column the target SAM site fires in at a Skyhawk at `altitude`.
    pub(crate) fn target_sam_column(&self, altitude: Altitude) -> String {
        if self.target_sam_radar() {
            format!("on_{}", altitude.key())
        } else {
            "manual".into()
        }
    }

    /// The modifiers of the target SAM site's fire (Table 13) with `ecm` aircraft jamming in
    /// the box, and whether the Skyhawk is guiding a Bullpup there [6.2.3].
    pub(crate) fn target_sam_drms(&self, guiding: bool, ecm: u8) -> Drms {
        let radar = self.target_sam_radar();
        let mut d = Drms::new();
        d.when(radar && ecm > 0, "ecm", n_("ECM aircraft"))
            .when(
                self.target_sam.suppressed(),
                "suppressed",
                n_("site Suppressed"),
            )
            .pilot(self.pilot.experience)
            .when(radar && guiding, "bullpup", n_("guiding a Bullpup"));
        d
    }
}

/// Table 5: the modifier of a weapon against a target, `None` where it may not be used.
pub(crate) fn table5_guide(group: Group, t: &Target) -> Option<i32> {
    let spec = group.weapon.spec();
    match group.mode {
        Some(SnakeMode::Drag) => spec.drag_guide.get(&t.kind).copied(),
        _ => spec.guide.get(&t.kind).copied(),
    }
    .or(spec.hcrt_guide.filter(|_| t.has(TargetFlag::Hcrt)))
}

/// What a run released, for the Table 16 modifiers.
#[derive(Default)]
struct Released {
    singles: u8,
    clusters: u8,
    one_wing: bool,
}
