//! The optional campaign rules that run around the missions (digest 3.20, 7.3): the daily
//! squadron requirement (Table 27), the pilot rotation [14.0.3], the divisions and the
//! repair track with the maintenance crews [14.0.2], wound recovery [14.1.3], the points lost
//! with Skyhawks and pilots [14.1.4], and the seasonal weather (digest 4.5).

use super::Action;
use super::content::data;
use super::squadron::{MaintenanceDay, RosterSlot, Squadron};
use super::state::*;
use super::tables::Drms;
use crate::engine::game::Choice;
use crate::engine::message::{Message, msg, msg_n, n_};

/// What a Skyhawk brought back that Table 8 reads [14.0.2].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hurt {
    /// Any damage or hit box checked.
    pub battle: bool,
    /// The player's Skyhawk: fully destroyed major sections, destroyed sub-systems.
    pub sections_destroyed: i32,
    pub subsystems_destroyed: usize,
    /// An NPC Skyhawk of the division (15.1): hit boxes checked.
    pub npc_hits: u8,
    /// Repair days its landing added (Table 18 Note A, a divert to Da Nang).
    pub landing_days: u8,
}

/// Who flies a non-player Skyhawk of the division [15.1]: its pilot and, with the campaign
/// options, his slot on the rotation roster (14.0.3) and the Skyhawk's number (14.0.2).
pub(crate) struct Crew {
    pub pilot: Pilot,
    pub roster_slot: Option<usize>,
    pub aircraft: u8,
}

impl Skyhawk {
    /// Whether the player flies in 4-plane divisions, the condition of 14.1.4: the
    /// squadron's divisions of 14.0.2 or the division of 15.1.
    pub(crate) fn flies_in_divisions(&self) -> bool {
        self.options.maintenance || self.options.division
    }

    /// RULING (14.0.2 with 15.1/15.2): the divisions the player takes along under 14.0.2 and
    /// the flights of four of 15.2 are one decision, taken once on the day (D5): with 15.2
    /// each division is a flight played with NPC Skyhawks; with 15.1 alone only the player's
    /// own division is played, the others fly beside it unplayed and come back Ready Now.
    /// `None` when the 14.0.2 decision was not taken (single mission, no 14.0.2), so 15.2
    /// asks for itself.
    pub(crate) fn divisions_flown(&self) -> Option<u8> {
        let divisions = self.squadron().map_or(0, |s| s.divisions);
        if !self.options.maintenance || divisions == 0 {
            return None;
        }
        Some(if self.options.multiple_flights {
            divisions
        } else {
            1
        })
    }

    /// 15.2's choice of flights: with the rotation (14.0.3) no more than today's pilots fill,
    /// whole flights of four with the player's own [14.0.3, 15.2].
    pub fn most_flights(&self) -> u8 {
        let most = data().aircraft.division.max_flights;
        let size = usize::from(data().campaigns.squadron.division.max(1));
        match self.squadron().filter(|s| !s.today.is_empty()) {
            Some(s) => ((s.today.len() / size) as u8).clamp(1, most),
            None => most,
        }
    }

    /// The crews of `count` non-player Skyhawks: with the rotation the pilots flying today
    /// after the player's, with their roster experience; otherwise the next names of the
    /// roster list (their experience rolled later). With 14.0.2 they take the numbers of the
    /// Skyhawks on deck after the player's [14.0.2, 14.0.3, 15.1].
    pub(crate) fn npc_crews(&self, count: usize) -> Vec<Crew> {
        let squadron = self.squadron();
        let wingmen: Vec<(Pilot, usize)> = squadron.map_or(Vec::new(), |s| {
            s.wingmen()
                .into_iter()
                .filter_map(|slot| {
                    let r = s.roster.get(slot)?;
                    let mut pilot = super::campaign::roster_pilot(r.roster);
                    pilot.experience = r.experience;
                    Some((pilot, slot))
                })
                .collect()
        });
        let numbers: Vec<u8> =
            squadron.map_or(Vec::new(), |s| s.flying().into_iter().skip(1).collect());
        let next_name = self.campaign.as_ref().map_or(0, |k| k.roster) + 1;
        (0..count)
            .map(|i| {
                let (pilot, roster_slot) = match wingmen.get(i) {
                    Some((pilot, slot)) => (pilot.clone(), Some(*slot)),
                    None => (
                        super::campaign::roster_pilot(next_name + i - wingmen.len()),
                        None,
                    ),
                };
                Crew {
                    pilot,
                    roster_slot,
                    aircraft: numbers.get(i).copied().unwrap_or(0),
                }
            })
            .collect()
    }

    /// The squadron at the start of a campaign: Table 1.2 for the maintenance crews, Table 1
    /// for every pilot of the rotation roster [14.0.2, 14.0.3].
    pub(crate) fn raise_squadron(&mut self) {
        let spec = &data().campaigns.squadron;
        let Some(k) = self.campaign.as_mut() else {
            return;
        };
        k.squadron = Squadron::new(spec.skyhawks);
        if self.options.maintenance {
            let r = self.roll("1.2", "", &Drms::new());
            let level = r.number().clamp(1, 3) as u8;
            self.squadron_mut().maintenance = level;
            note!(
                self,
                "14.0.2",
                msg("Maintenance personnel: skill level {level}").arg("level", level),
            );
        }
        if self.options.rotation {
            // The player's slot: his experience is the one on the Mission Record Card.
            let me = RosterSlot {
                roster: self.campaign.as_ref().map_or(0, |k| k.roster),
                experience: self.pilot.experience,
                missed: 0,
                lost: false,
                missions: 0,
                medals: Vec::new(),
            };
            self.squadron_mut().roster = vec![me];
            for roster in 1..usize::from(spec.pilots) {
                let slot = self.recruit(roster);
                self.squadron_mut().roster.push(slot);
            }
        }
    }

    /// A pilot for the rotation roster, his experience from Table 1 [3.2, 14.0.3].
    fn recruit(&mut self, roster: usize) -> RosterSlot {
        let p = super::campaign::roster_pilot(roster);
        let r = self.roll("1", "", &Drms::new());
        let experience = Experience::from_key(r.result);
        note!(
            self,
            "14.0.3",
            msg("{rank} {name} joins the roster, {experience}")
                .arg("rank", &p.rank)
                .arg("name", &p.name)
                .term("experience", experience.name()),
        );
        RosterSlot {
            roster,
            experience,
            missed: 0,
            lost: false,
            missions: 0,
            medals: Vec::new(),
        }
    }

    pub(crate) fn squadron(&self) -> Option<&Squadron> {
        self.campaign.as_ref().map(|k| &k.squadron)
    }

    pub(crate) fn squadron_mut(&mut self) -> &mut Squadron {
        &mut self
            .campaign
            .as_mut()
            .expect("squadron rules run in a campaign")
            .squadron
    }

    /// Steps D3–D4 of a campaign day that is not a bombing halt: does the player's pilot
    /// fly today? Rolls Table 27 when the optional rules need it, fills the rotation,
    /// counts a mission missed for wounds.
    pub(crate) fn player_flies_today(&mut self, day: u32) -> bool {
        let (rotation, maintenance) = (self.options.rotation, self.options.maintenance);
        if !rotation && day.is_multiple_of(2) {
            return false;
        }
        if rotation || maintenance {
            let Some(need) = self.squadron_need() else {
                return false;
            };
            if rotation {
                let missed_before = self.squadron().map_or(0, |s| s.player_missed);
                let Some(slots) = self.squadron_mut().assign(need) else {
                    note!(
                        self,
                        "14.0.3",
                        msg("Too few pilots fit to fly: no flight operations today"),
                    );
                    return false;
                };
                if self.squadron().map_or(0, |s| s.player_missed) < missed_before {
                    self.note_sits_out();
                    return false;
                }
                if !slots.contains(&0) {
                    note!(
                        self,
                        "14.0.3",
                        msg("The rotation does not reach your pilot today"),
                    );
                    return false;
                }
                return true;
            }
        }
        if self.squadron_mut().player_sits_out() {
            self.note_sits_out();
            return false;
        }
        true
    }

    fn note_sits_out(&mut self) {
        note!(
            self,
            "14.1.3",
            msg("Your pilot is still recovering from his wounds and misses this mission"),
        );
    }

    /// Table 27, reduced to the Skyhawks on hand (Ready Now with 14.0.2); `None` when that
    /// leaves no flight operations today [14.0.2, 14.0.3].
    fn squadron_need(&mut self) -> Option<usize> {
        let division = usize::from(data().campaigns.squadron.division);
        let r = self.roll("27", "", &Drms::new());
        let rolled = r.number().max(0) as usize;
        let maintenance = self.options.maintenance;
        let in_divisions = maintenance || self.options.division;
        let s = self.squadron_mut();
        let on_hand = if maintenance {
            s.ready_now()
        } else {
            s.aircraft.len()
        };
        let need = rolled.min(on_hand);
        // A division needs four Skyhawks ready [14.0.2, 15.1]; the rotation alone needs one.
        let least = if in_divisions { division } else { 1 };
        let rule = if maintenance { "14.0.2" } else { "14.0.3" };
        s.need_rolled = rolled as u8;
        s.need = if need >= least { need as u8 } else { 0 };
        if need < least {
            note!(
                self,
                rule,
                msg_n(
                    "Only {n} Skyhawk ready: no flight operations today",
                    "Only {n} Skyhawks ready: no flight operations today",
                    on_hand
                )
                .arg("n", on_hand),
            );
            return None;
        }
        note!(
            self,
            rule,
            msg_n(
                "The squadron flies {need} sortie today",
                "The squadron flies {need} sorties today",
                need
            )
            .arg("need", need),
        );
        Some(need)
    }

    /// The most divisions that may go with the player today [14.0.2].
    pub fn most_divisions(&self) -> u8 {
        let division = usize::from(data().campaigns.squadron.division.max(1));
        self.squadron().map_or(1, |s| {
            let most = usize::from(s.need).min(s.ready_now()) / division;
            most.max(1) as u8
        })
    }

    /// Step D5's question: how many divisions fly with the player [14.0.2].
    pub(crate) fn divisions_prompt(&self) -> (Message, &'static str, Vec<Choice<Action>>) {
        let size = data().campaigns.squadron.division;
        let need = self.squadron().map_or(0, |s| s.need);
        let choices = (1..=self.most_divisions())
            .map(|n| {
                Choice::new(
                    Action::Divisions(n),
                    msg_n(
                        "{n} division: {planes} Skyhawks",
                        "{n} divisions: {planes} Skyhawks",
                        n,
                    )
                    .arg("n", n)
                    .arg("planes", n * size),
                )
            })
            .collect();
        (
            msg_n(
                "The squadron flies {need} sortie today. How many divisions go with you?",
                "The squadron flies {need} sorties today. How many divisions go with you?",
                need,
            )
            .arg("need", need),
            "14.0.2",
            choices,
        )
    }

    /// The decision of step D5: `divisions` go to the deck, then the repair track moves one
    /// day [14.0.2, R59]; then the mission is planned.
    pub(crate) fn send_divisions(&mut self, divisions: u8) {
        let size = usize::from(data().campaigns.squadron.division);
        let day = self.campaign.as_ref().map_or(0, |k| k.day);
        let s = self.squadron_mut();
        s.divisions = divisions;
        let sent = s.send(usize::from(divisions) * size);
        s.shift_track();
        s.shifted_on = day;
        let numbers: Vec<String> = sent.iter().map(u8::to_string).collect();
        note!(
            self,
            "14.0.2",
            msg("Skyhawks {numbers} go to the deck; yours is number {mine}")
                .arg("numbers", numbers.join(", "))
                .arg("mine", sent.first().copied().unwrap_or(0)),
        );
        self.begin_mission();
        self.aircraft = sent.first().copied().unwrap_or(0);
    }

    /// Step D6: the repair track moves if it has not today and the squadron flew (R59), and
    /// every fifth day the crews may advance (Table 1.3). Then the next day.
    pub(crate) fn end_of_day(&mut self, squadron_flew: bool) {
        let every = data().campaigns.squadron.maintenance_every.max(1);
        let Some(k) = self.campaign.as_mut() else {
            return;
        };
        let day = k.day;
        k.day += 1;
        let s = &mut k.squadron;
        (s.need, s.need_rolled, s.divisions) = (0, 0, 0);
        s.today.clear();
        if !self.options.maintenance {
            return;
        }
        if squadron_flew && s.shifted_on != day {
            s.shift_track();
            s.shifted_on = day;
        }
        let level = s.maintenance;
        if day.is_multiple_of(every) && level < 3 {
            let column = if level <= 1 { "level_1" } else { "level_2" };
            if self.roll("1.3", column, &Drms::new()).is("yes") {
                let level = level + 1;
                self.squadron_mut().maintenance = level;
                note!(
                    self,
                    "14.0.2",
                    msg("The maintenance crews advance to skill level {level}").arg("level", level),
                );
            }
        }
        self.record_maintenance_day(day);
    }

    /// Keeps the closing `day` for the Campaign Calendar: the crews' skill level and the
    /// Skyhawks still on the repair track [14.0.2].
    fn record_maintenance_day(&mut self, day: u32) {
        let Some(k) = self.campaign.as_mut() else {
            return;
        };
        let part = k.part().number;
        let s = &mut k.squadron;
        let record = MaintenanceDay {
            part,
            day,
            level: s.maintenance,
            under_repair: s.under_repair() as u8,
        };
        s.days.push(record);
    }

    /// After a campaign mission: every Skyhawk of the divisions back on the repair track
    /// (Table 8 for those with damage, R42), a lost one struck off [14.0.2]. The NPC
    /// Skyhawks of 15.1/15.2 bring back their own hits; the divisions not played fly
    /// alongside and come back unhurt. With the rotation alone there is no track, but the
    /// Skyhawks lost still leave the squadron's count [14.0.3].
    pub(crate) fn repairs_after_mission(&mut self) {
        if !self.options.maintenance {
            if self.options.rotation {
                let (lost, _) = self.mission_losses();
                self.squadron_mut().strike_off(usize::from(lost));
            }
            return;
        }
        let flying = self.squadron().map(Squadron::flying).unwrap_or_default();
        for (i, number) in flying.into_iter().enumerate() {
            let hurt = if i == 0 {
                (self.ending != Ending::Lost).then(|| self.player_hurt())
            } else {
                match self.npcs().find(|n| n.aircraft == number) {
                    Some(n) => npc_hurt(n),
                    None => Some(Hurt::default()),
                }
            };
            let Some(hurt) = hurt else {
                self.squadron_mut().land(number, None);
                note!(
                    self,
                    "14.0.2",
                    msg("Skyhawk {n} is struck off the squadron").arg("n", number),
                );
                continue;
            };
            let days = self.repair_time(number, hurt);
            self.squadron_mut().land(number, Some(days));
        }
    }

    /// The NPC Skyhawks of the mission (none without 15.1).
    fn npcs(&self) -> impl Iterator<Item = &super::division::Npc> {
        self.division.iter().flat_map(|d| d.npcs())
    }

    /// Skyhawks and pilots (killed or captured) lost on the mission, the player's and the
    /// NPCs' [14.1.4, 15.1].
    pub(crate) fn mission_losses(&self) -> (u8, u8) {
        let (npc_skyhawks, npc_pilots) = self
            .division
            .as_ref()
            .map_or((0, 0), |d| (d.skyhawks_lost(), d.pilots_lost()));
        let skyhawks = usize::from(self.ending == Ending::Lost) + npc_skyhawks;
        let pilots = usize::from(matches!(self.fate, PilotFate::Kia | PilotFate::Pow)) + npc_pilots;
        (skyhawks as u8, pilots as u8)
    }

    /// What the player's Skyhawk brought back.
    fn player_hurt(&self) -> Hurt {
        let d = &self.damage;
        let repairs = &data().campaigns.landing_repairs;
        let landing_days = match (&self.ending, &self.landing_mishap) {
            (Ending::Diverted, _) => repairs.diverted,
            (Ending::Mishap, Some(result)) => repairs.for_mishap(result),
            _ => 0,
        };
        Hurt {
            battle: d.any(),
            sections_destroyed: (0..7)
                .filter(|&i| d.sections[i] >= data().aircraft.section[i].boxes)
                .count() as i32,
            subsystems_destroyed: d.destroyed_subsystems(),
            npc_hits: 0,
            landing_days,
        }
    }

    /// Every NPC pilot of the rotation roster after the mission: his mission and awards on
    /// the roster (a Purple Heart for a wound, an Air Medal every tenth mission; R38);
    /// killed or captured, struck off; back with two wounds, the 14.1.3 roll for the
    /// missions he misses [14.0.3, 14.1.3, 15.1, 15.2].
    pub(crate) fn npc_pilots_after_mission(&mut self) {
        use super::division::NpcStatus;
        let every = data().campaigns.air_medal_every.max(1);
        let pilots: Vec<(usize, String, bool, u8, bool)> = self
            .npcs()
            .filter(|n| n.status != NpcStatus::Scrubbed)
            .filter_map(|n| {
                let slot = n.roster_slot?;
                let lost = matches!(n.fate, PilotFate::Kia | PilotFate::Pow);
                let name = format!("{} {}", n.pilot.rank, n.pilot.name);
                let purple_heart = n.pilot.wounds > 0 || n.fate == PilotFate::Kia;
                Some((slot, name, lost, n.pilot.wounds, purple_heart))
            })
            .collect();
        for (slot, name, lost, wounds, purple_heart) in pilots {
            let Some(r) = self.squadron_mut().roster.get_mut(slot) else {
                continue;
            };
            r.missions += 1;
            r.lost |= lost;
            let air_medal = !lost && r.missions.is_multiple_of(every);
            // The Purple Heart was announced as the division came home.
            if purple_heart {
                r.medals.push("Purple Heart".into());
            }
            if air_medal {
                r.medals.push("Air Medal".into());
                note!(
                    self,
                    "15.2",
                    msg("{pilot} is awarded the {medal}")
                        .arg("pilot", &name)
                        .term("medal", "Air Medal"),
                );
            }
            if lost {
                note!(
                    self,
                    "14.0.3",
                    msg("{pilot} is struck off the roster").arg("pilot", name),
                );
                continue;
            }
            let missed = self.missions_to_miss(wounds);
            if missed == 0 {
                continue;
            }
            if let Some(r) = self.squadron_mut().roster.get_mut(slot) {
                r.missed = missed;
            }
            note!(
                self,
                "14.1.3",
                msg_n(
                    "{pilot}'s wounds keep him out of his next {n} mission",
                    "{pilot}'s wounds keep him out of his next {n} missions",
                    missed
                )
                .arg("pilot", name)
                .arg("n", missed),
            );
        }
    }

    /// Table 8 for one Skyhawk: days until it is ready, landing days added, capped
    /// [14.0.2, R42]. Skyhawks without battle damage or a landing mishap are Ready Now.
    pub(crate) fn repair_time(&mut self, number: u8, hurt: Hurt) -> u8 {
        let cap = data().campaigns.squadron.max_repair_days;
        let mut days = 0;
        if hurt.battle || hurt.landing_days > 0 {
            let (level, need) = self
                .squadron()
                .map_or((2, 0), |s| (s.maintenance, s.need_rolled));
            let mut d = Drms::new();
            d.when(level == 1, "maintenance_1", n_("maintenance skill level 1"))
                .when(level == 3, "maintenance_3", n_("maintenance skill level 3"))
                .when(need == 12, "need_12", n_("12 sorties today"))
                .when(need == 16, "need_16", n_("16 sorties today"))
                .times(
                    hurt.sections_destroyed,
                    "per_section_destroyed",
                    n_("major sections destroyed"),
                )
                .when(
                    hurt.subsystems_destroyed >= 3,
                    "three_subsystems",
                    n_("three or more sub-systems destroyed"),
                )
                .when(
                    (3..=4).contains(&hurt.npc_hits),
                    "npc_3_4_hits",
                    n_("3–4 hit boxes"),
                )
                .when(hurt.npc_hits >= 5, "npc_5_hits", n_("5 hit boxes"));
            let rolled = if hurt.battle {
                self.roll("8", "", &d).number().max(0) as u8
            } else {
                0
            };
            days = (rolled + hurt.landing_days).min(cap);
        }
        note!(
            self,
            "14.0.2",
            if days == 0 {
                msg("Skyhawk {n}: Ready Now").arg("n", number)
            } else {
                msg_n(
                    "Skyhawk {n}: ready in {days} day",
                    "Skyhawk {n}: ready in {days} days",
                    days,
                )
                .arg("n", number)
                .arg("days", days)
            },
        );
        days
    }

    /// 14.1.3 for a pilot back with two wounds: the missions he misses (0, 1 or 2). One wound
    /// costs nothing.
    pub(crate) fn missions_to_miss(&mut self, wounds: u8) -> u8 {
        if !self.options.wound_recovery || wounds != 2 {
            return 0;
        }
        if !self.roll("S-9", "", &Drms::new()).is("misses") {
            return 0;
        }
        self.roll("S-9 missed", "", &Drms::new())
            .number()
            .clamp(0, 2) as u8
    }

    /// The player's pilot back with wounds [14.1.3].
    pub(crate) fn wound_recovery(&mut self) {
        if matches!(self.fate, PilotFate::Kia | PilotFate::Pow) {
            return;
        }
        let missed = self.missions_to_miss(self.pilot.wounds);
        if missed == 0 {
            return;
        }
        self.squadron_mut().player_missed = missed;
        note!(
            self,
            "14.1.3",
            msg_n(
                "Your pilot's wounds keep him out of his next {n} mission",
                "Your pilot's wounds keep him out of his next {n} missions",
                missed
            )
            .arg("n", missed),
        );
    }

    /// The Campaign 3 break: the squadron back to 16 Skyhawks, all Ready Now, and 24 pilots,
    /// the newcomers rolling Table 1 [14.0.3, 14.4].
    pub(crate) fn replenish_squadron(&mut self) {
        let spec = &data().campaigns.squadron;
        let s = self.squadron_mut();
        s.refill_aircraft(spec.skyhawks);
        s.shifted_on = 0;
        let lost: Vec<usize> = (0..s.roster.len()).filter(|&i| s.roster[i].lost).collect();
        for slot in lost {
            let roster = self.next_recruit();
            let newcomer = self.recruit(roster);
            self.squadron_mut().roster[slot] = newcomer;
        }
    }

    /// The roster entry that names the next replacement pilot.
    fn next_recruit(&mut self) -> usize {
        let pilots = usize::from(data().campaigns.squadron.pilots);
        let s = self.squadron_mut();
        s.replacements += 1;
        pilots + s.replacements - 1
    }

    /// The roster entry of the pilot who replaces the player's lost one: with the rotation a
    /// newcomer who takes his place on the roster [14.0.3, 14.0.4], otherwise the next name.
    pub(crate) fn replacement(&mut self, previous: usize) -> usize {
        if !self.options.rotation {
            return previous + 1;
        }
        let roster = self.next_recruit();
        if let Some(me) = self.squadron_mut().roster.first_mut() {
            me.roster = roster;
        }
        roster
    }

    /// The optional seasonal weather: +1 on both weather rolls from 1 November 1966 in a
    /// campaign (digest 4.5).
    pub(crate) fn monsoon(&self) -> bool {
        let m = &data().campaigns.monsoon;
        self.options.monsoon
            && self.campaign.as_ref().is_some_and(|k| {
                let (month, day) = super::campaign::month_day(k.part(), k.day);
                (month, day) >= (m.month, m.day)
            })
    }

    /// The weather rolls' modifiers (digest 4.5).
    pub(crate) fn weather_drms(&self) -> Drms {
        let mut d = Drms::new();
        d.when(self.monsoon(), "monsoon", n_("north-east monsoon"));
        d
    }
}

/// What an NPC Skyhawk brought back: its hit boxes and its landing (Table 18 Note A, a
/// divert); `None` if it was lost [14.0.2, 15.1].
fn npc_hurt(n: &super::division::Npc) -> Option<Hurt> {
    use super::division::NpcStatus;
    let repairs = &data().campaigns.landing_repairs;
    let landing_days = match (n.status, &n.mishap) {
        (NpcStatus::Lost, _) => return None,
        (NpcStatus::Diverted, _) => repairs.diverted,
        (NpcStatus::Mishap, Some(result)) => repairs.for_mishap(result),
        _ => 0,
    };
    Some(Hurt {
        battle: n.hits > 0,
        npc_hits: n.hits,
        landing_days,
        ..Hurt::default()
    })
}

#[cfg(test)]
#[path = "operations_tests.rs"]
mod tests;
