//! Landing (Table 18 and its notes, [7.0]), bailing out, ditching and rescue ([12.0, 13.0]),
//! and the end of the mission: winner and medals ([8.0–10.0]).

use super::mission::CommonDrms;
use super::state::*;
use super::tables::Drms;
use crate::engine::game::Verdict;
use crate::engine::message::{Message, msg, msg_n, n_};

impl Skyhawk {
    /// The Trap box: always Low; wave-offs go round through the fuel step [7.0].
    pub(crate) fn landing(&mut self) {
        self.at = MapBox::Trap;
        self.altitude = super::content::Altitude::Low;
        loop {
            let d = &self.damage;
            let wings = [Section::LeftWing, Section::RightWing]
                .iter()
                .filter(|&&s| d.section_destroyed(s))
                .count() as i32;
            let w = self.recovery_weather;
            let mut m = Drms::new();
            m.when(
                d.section_destroyed(Section::Cockpit),
                "cockpit_destroyed",
                n_("Cockpit destroyed"),
            )
            .when(
                self.section_hurts(Section::Tail),
                "tail_destroyed",
                n_("Tail damage"),
            )
            .when(
                self.subsystem_hurts(SubSystem::Electrical),
                "electrical_destroyed",
                n_("Electrical damage"),
            )
            .when(
                d.destroyed(SubSystem::Hydraulics),
                "hydraulics_destroyed",
                n_("Hydraulics destroyed"),
            )
            .when(
                d.destroyed(SubSystem::LandingGear),
                "landing_gear_destroyed",
                n_("Landing Gear destroyed"),
            )
            .when(
                d.destroyed(SubSystem::ComNav),
                "com_nav_destroyed",
                n_("Com/Nav destroyed"),
            )
            .times(wings, "per_wing_destroyed", n_("wings destroyed"))
            .weather(w)
            .pilot(self.pilot.experience)
            .times(
                i32::from(self.wave_offs),
                "per_wave_off",
                n_("earlier wave-offs"),
            );
            let r = self.roll("18", "", &m);
            match r.result {
                "trap" => {
                    note!(self, "7.0", msg("Trapped aboard the Franklin D. Roosevelt"));
                    self.ending = Ending::Trapped;
                    self.at = MapBox::Recovery;
                    self.finish();
                    return;
                }
                "mishap" => {
                    self.mishap();
                    return;
                }
                _ => {
                    self.wave_offs += 1;
                    note!(self, "7.0", msg("Wave off ({n})").arg("n", self.wave_offs));
                    if self.wave_offs >= 3 {
                        note!(
                            self,
                            "7.0",
                            msg("Third wave-off: the Skyhawk diverts to Da Nang")
                        );
                        self.ending = Ending::Diverted;
                        self.finish();
                        return;
                    }
                    if !self.recovery_fuel() {
                        return;
                    }
                }
            }
        }
    }

    /// Table 18 Note A.
    fn mishap(&mut self) {
        let mut m = self.pilot_drms();
        m.when(
            self.damage.destroyed(SubSystem::LandingGear),
            "landing_gear_destroyed",
            n_("Landing Gear destroyed"),
        );
        let r = self.roll("18 A", "", &m);
        match r.result {
            "hard_landing" | "barricade" | "wounded" => {
                self.ending = Ending::Mishap;
                self.landing_mishap = Some(r.result.to_owned());
                self.at = MapBox::Recovery;
                if r.is("wounded") {
                    self.wound("7.0");
                }
                self.finish();
            }
            "over_the_side" => {
                note!(self, "7.0", msg("The Skyhawk goes over the side"));
                self.bail_out();
            }
            _ => {
                note!(self, "7.0", msg("The Skyhawk crashes on deck"));
                self.ending = Ending::Lost;
                let f = self.roll("18 A crash", "", &Drms::new());
                if f.is("wounded") {
                    self.wound("7.0");
                    self.finish();
                } else {
                    self.pilot_killed(msg("The pilot dies in the crash"));
                }
            }
        }
    }

    /// The aircraft is lost and the pilot ejects: Table 20, then rescue [12.0].
    pub(crate) fn bail_out(&mut self) {
        self.ending = Ending::Lost;
        self.came_down = Some(CameDown::BailedOut);
        let land = self.at.over_land(self.minelaying());
        note!(
            self,
            "12.0",
            if land {
                msg("The pilot bails out over land")
            } else {
                msg("The pilot bails out over water")
            },
        );
        let result = self.bail_out_roll(
            self.damage.section_destroyed(Section::Cockpit),
            self.altitude == super::content::Altitude::Low,
            self.pilot.experience,
        );
        self.survive(result, "12.0");
    }

    /// Table 20 for a pilot ejecting.
    pub(crate) fn bail_out_roll(
        &mut self,
        cockpit_destroyed: bool,
        low: bool,
        experience: Experience,
    ) -> &'static str {
        let mut m = Drms::new();
        m.when(
            cockpit_destroyed,
            "cockpit_destroyed",
            n_("Cockpit destroyed"),
        )
        .when(low, "low", n_("at Low altitude"))
        .pilot(experience);
        self.roll("20", "", &m).result
    }

    /// The aircraft settles into the sea: Table 19, then rescue [13.0].
    pub(crate) fn ditch(&mut self) {
        self.ending = Ending::Lost;
        self.came_down = Some(CameDown::Ditched);
        let mut m = self.pilot_drms();
        m.weather(self.recovery_weather).when(
            self.damage.section_destroyed(Section::Cockpit),
            "cockpit_destroyed",
            n_("Cockpit destroyed"),
        );
        let r = self.roll("19", "", &m);
        self.survive(r.result, "13.0");
    }

    /// A Table 19/20 result: "ok", "injured" (one wound) or "killed".
    fn survive(&mut self, result: &str, rule: &'static str) {
        match result {
            "killed" => self.pilot_killed(msg("The pilot does not survive")),
            "injured" => {
                self.wound(rule);
                if self.fate != PilotFate::Kia {
                    self.rescue();
                }
            }
            _ => self.rescue(),
        }
    }

    /// Table 21, land or water column [12.0, 13.0]; with 15.3, RESCAP over land.
    fn rescue(&mut self) {
        if self.rescap_for_player() {
            return;
        }
        match self.rescue_roll(self.at) {
            "rescued" => {
                self.fate = PilotFate::Rescued;
                note!(self, "12.0", msg("The pilot is rescued"));
            }
            "exposure" => {
                self.fate = PilotFate::Rescued;
                note!(
                    self,
                    "13.0",
                    msg("The pilot is rescued after long exposure")
                );
                self.wound("13.0");
            }
            "pow" => {
                self.fate = PilotFate::Pow;
                note!(self, "12.0", msg("The pilot is captured"));
            }
            _ => {
                self.pilot_killed(msg("The pilot is lost"));
                return;
            }
        }
        self.finish();
    }

    /// Table 21 for a pilot down at `at`.
    pub(crate) fn rescue_roll(&mut self, at: MapBox) -> &'static str {
        let minelaying = self.minelaying();
        let land = at.over_land(minelaying);
        let near_target = at.over_target();
        let weather = if near_target {
            self.target_weather
        } else {
            self.recovery_weather
        };
        let rp = self
            .target
            .as_ref()
            .map(|t| t.route_package.as_str())
            .unwrap_or("");
        let north = matches!(rp, "5" | "6A" | "6B");
        let coast = matches!(at, MapBox::SupportAttacks | MapBox::Outbound);
        let mut m = Drms::new();
        if land {
            m.when(coast, "near_coast", n_("down near the coast")).when(
                north,
                "rp_north",
                n_("deep in the north"),
            );
        } else {
            m.when(near_target && minelaying, "inshore", n_("inshore waters"))
                .when(at.at_carrier(), "at_carrier", n_("beside the carrier"));
        }
        m.weather(weather);
        self.roll("21", if land { "land" } else { "water" }, &m)
            .result
    }

    pub(crate) fn pilot_killed(&mut self, why: Message) {
        note!(self, "5.10", why);
        self.fate = PilotFate::Kia;
        self.ending = Ending::Lost;
        self.finish();
    }

    /// The result of the mission just flown [8.0]: won on the player's own Table 16 result;
    /// the non-player Skyhawks' points add to the score [15.1] but never make a Win.
    pub fn mission_verdict(&self) -> Verdict {
        let scored = self.own_points() > 0;
        match (self.ending, self.fate) {
            (_, PilotFate::Kia | PilotFate::Pow) => Verdict::Loss,
            (Ending::Trapped, PilotFate::Aboard) if scored => Verdict::Win,
            _ => Verdict::Draw,
        }
    }

    /// The mission is over: medals [9.0, 10.0], then the end.
    pub(crate) fn finish(&mut self) {
        if self.step == Step::End || self.division_holds_end() {
            return;
        }
        self.step = Step::End;
        self.cycle = None;
        if self.ending != Ending::Scrubbed {
            self.mission_medals();
        }
    }

    /// Medals earned in the mission [9.0, 10.0, 11.0]; Table 22 in a single mission only.
    fn mission_medals(&mut self) {
        let first_time = self
            .campaign
            .as_ref()
            .is_none_or(|c| !c.medals.iter().any(|m| m == "Tonkin Gulf Yacht Club"));
        if self.over_north && first_time {
            self.award("9.0", "Tonkin Gulf Yacht Club");
        }
        if self.pilot.wounds > 0 || self.fate == PilotFate::Kia {
            self.award("10.0", "Purple Heart");
        }
        if self.mig_kill {
            self.award("10.0", "Silver Star");
        }
        if self.campaign.is_some() {
            return;
        }
        let rolls = match self.mission_verdict() {
            Verdict::Win => 2,
            Verdict::Draw => 1,
            Verdict::Loss => 0,
        };
        let on = self.on_target_points();
        let column = match on {
            ..50 => "0-49",
            50..100 => "50-99",
            100..150 => "100-149",
            _ => "150+",
        };
        for _ in 0..rolls {
            let r = self.roll("22", column, &Drms::new());
            let medal = match r.result {
                "bronze_star" => "Bronze Star",
                "dfc" => "Distinguished Flying Cross",
                _ => continue,
            };
            if !self.medals.iter().any(|m| m == medal) {
                self.award("10.0", medal);
            }
        }
    }

    pub(crate) fn award(&mut self, rule: &'static str, medal: &str) {
        self.medals.push(medal.to_owned());
        note!(
            self,
            rule,
            msg("Awarded: {medal}").term("medal", medal.to_owned()),
        );
    }

    /// One line on how the mission ended.
    pub fn ending_text(&self) -> Message {
        let fate = match self.fate {
            PilotFate::Aboard => "",
            PilotFate::Rescued => n_(" The pilot was rescued."),
            PilotFate::Pow => n_(" The pilot is a prisoner."),
            PilotFate::Kia => n_(" The pilot was killed."),
        };
        let how = match self.ending {
            Ending::Flying => n_("The mission goes on."),
            Ending::Scrubbed => n_("The launch was scrubbed: no mission."),
            Ending::Trapped => n_("The Skyhawk came back aboard."),
            Ending::Mishap => n_("The Skyhawk came back aboard after a landing mishap."),
            Ending::Diverted => n_("The Skyhawk diverted to Da Nang."),
            Ending::Lost => n_("The Skyhawk was lost."),
        };
        let target = self
            .target
            .as_ref()
            .map(|t| t.name.clone())
            .unwrap_or_default();
        let text = msg_n(
            // xgettext:no-c-format (the "% d" of "% damage" is no C format)
            "{how}{fate} {target}: {percent}% damage, {points} point.",
            "{how}{fate} {target}: {percent}% damage, {points} points.",
            self.points().unsigned_abs(),
        )
        .term("how", how)
        .term("fate", fate)
        .arg("target", target)
        .arg("percent", self.percent())
        .arg("points", self.points());
        self.with_division_summary(text)
    }
}
