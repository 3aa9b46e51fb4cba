//! Squadron VA-72 behind the player's pilot in a campaign played with the optional rules:
//! the numbered Skyhawks on the carrier's repair track and the maintenance crews [14.0.2],
//! and the pilot roster that rotates through the daily flying schedule [14.0.3]. This file
//! holds the state and its plain bookkeeping; the rolls and decisions that drive it are in
//! `operations.rs`.

use serde::{Deserialize, Serialize};

use super::state::Experience;
use crate::engine::content::Source;

/// The squadron's size and the fixed numbers of the optional campaign rules
/// (`campaigns.toml`, `[squadron]`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadronSpec {
    /// Numbered Skyhawk counters [14.0.2].
    pub skyhawks: u8,
    /// Pilots on the roster [14.0, 14.0.3].
    pub pilots: u8,
    /// Skyhawks in a division [14.0.2].
    pub division: u8,
    /// Table 1.3 is rolled at the end of every this many calendar days [14.0.2].
    pub maintenance_every: u32,
    /// The longest a Skyhawk waits for repairs, landing damage included [14.0.2].
    pub max_repair_days: u8,
    /// Points lost per Skyhawk and per pilot lost [14.1.4].
    pub skyhawk_lost_points: i32,
    pub pilot_lost_points: i32,
    pub source: Source,
}

/// Repair days a landing adds to Table 8 (`[landing_repairs]`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandingRepairs {
    pub hard_landing: u8,
    pub barricade: u8,
    pub wounded: u8,
    /// The third wave-off: ashore at Da Nang.
    pub diverted: u8,
    pub source: Source,
}

impl LandingRepairs {
    /// The days a Table 18 Note A result adds (0 for any other result).
    pub fn for_mishap(&self, result: &str) -> u8 {
        match result {
            "hard_landing" => self.hard_landing,
            "barricade" => self.barricade,
            "wounded" => self.wounded,
            _ => 0,
        }
    }
}

/// The first date of the north-east monsoon (`[monsoon]`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsoonSpec {
    pub month: u32,
    pub day: u32,
    pub source: Source,
}

/// One numbered Skyhawk counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aircraft {
    pub number: u8,
    /// Days until it is ready: 0 = Ready Now, 1 = Ready in 1 Day, 2 = Ready in 2 Days.
    pub ready_in: u8,
    /// On the carrier deck with the player's divisions today.
    pub flying: bool,
}

/// A pilot of the rotation roster [14.0.3]. Slot 0 is the player's pilot: his experience
/// and wounds are those of the Mission Record Card and `Squadron::player_missed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RosterSlot {
    /// The entry of `roster.toml` that names him.
    pub roster: usize,
    pub experience: Experience,
    /// Missions he still has to miss while his wounds heal [14.1.3].
    pub missed: u8,
    /// Killed or captured: struck off the roster.
    pub lost: bool,
    /// Missions flown in the player's flights and the awards noted beside his name on the
    /// roster (15.2, ruling R38: Purple Heart and Air Medal); not kept for slot 0, whose
    /// record is the player's own.
    #[serde(default)]
    pub missions: u32,
    #[serde(default)]
    pub medals: Vec<String>,
}

/// A day of the tours as the maintenance rule leaves it, for the Campaign Calendar [14.0.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MaintenanceDay {
    /// The tour (its campaign part number) and its day, 1 = the tour's first date.
    pub part: u8,
    pub day: u32,
    /// The crews' skill level at the close of the day (after Table 1.3 when it was rolled).
    pub level: u8,
    /// Skyhawks on the repair track at the close of the day, not Ready Now.
    pub under_repair: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Squadron {
    /// The Skyhawks on hand, by number; a lost one is struck off [14.0.2, 14.0.3].
    pub aircraft: Vec<Aircraft>,
    /// Maintenance Personnel Skill Level 1–3; 0 when 14.0.2 is not played [14.0.2].
    pub maintenance: u8,
    /// The rotation roster; empty when 14.0.3 is not played.
    pub roster: Vec<RosterSlot>,
    /// The slot the rotation starts from on the next flying day.
    pub next_slot: usize,
    /// Missions the player's pilot still has to miss [14.1.3].
    pub player_missed: u8,
    /// Today's Table 27 roll as rolled (0: none today) and as reduced to what is on hand.
    pub need_rolled: u8,
    pub need: u8,
    /// Divisions flying with the player today [14.0.2].
    pub divisions: u8,
    /// The tour day on which the repair track last shifted.
    pub shifted_on: u32,
    /// Replacement pilots who joined the roster so far (they take fresh roster names).
    pub replacements: usize,
    /// The roster slots the rotation sent up today, in rotation order [14.0.3].
    #[serde(default)]
    pub today: Vec<usize>,
    /// Every day closed so far with 14.0.2, in order (the Campaign Calendar's marks).
    #[serde(default)]
    pub days: Vec<MaintenanceDay>,
}

impl Squadron {
    /// Sixteen Skyhawks numbered from 1, all Ready Now.
    pub fn new(skyhawks: u8) -> Squadron {
        Squadron {
            aircraft: (1..=skyhawks)
                .map(|number| Aircraft {
                    number,
                    ready_in: 0,
                    flying: false,
                })
                .collect(),
            ..Squadron::default()
        }
    }

    /// Skyhawks on the repair track (Ready in 1 or 2 Days) [14.0.2].
    pub fn under_repair(&self) -> usize {
        self.aircraft.iter().filter(|a| a.ready_in > 0).count()
    }

    /// Skyhawks in the Ready Now box.
    pub fn ready_now(&self) -> usize {
        self.aircraft
            .iter()
            .filter(|a| a.ready_in == 0 && !a.flying)
            .count()
    }

    /// The lowest-numbered Ready Now Skyhawks go to the carrier deck; returns their numbers.
    pub fn send(&mut self, count: usize) -> Vec<u8> {
        let mut sent = Vec::new();
        for a in self.aircraft.iter_mut() {
            if sent.len() < count && a.ready_in == 0 && !a.flying {
                a.flying = true;
                sent.push(a.number);
            }
        }
        sent
    }

    /// Skyhawks on the deck today, in number order (the player's is the first).
    pub fn flying(&self) -> Vec<u8> {
        self.aircraft
            .iter()
            .filter(|a| a.flying)
            .map(|a| a.number)
            .collect()
    }

    /// One day of repairs: Ready in 2 Days → Ready in 1 Day → Ready Now. The Skyhawks on the
    /// deck are not on the track.
    pub fn shift_track(&mut self) {
        for a in self.aircraft.iter_mut().filter(|a| !a.flying) {
            a.ready_in = a.ready_in.saturating_sub(1);
        }
    }

    /// A Skyhawk back from the mission goes on the track, `ready_in` days out; `None`: it was
    /// lost and is struck off.
    pub fn land(&mut self, number: u8, ready_in: Option<u8>) {
        match ready_in {
            Some(days) => {
                if let Some(a) = self.aircraft.iter_mut().find(|a| a.number == number) {
                    a.flying = false;
                    a.ready_in = days;
                }
            }
            None => self.aircraft.retain(|a| a.number != number),
        }
    }

    /// `count` Skyhawks lost without numbers on a track (the rotation alone): the last ones
    /// leave the squadron [14.0.3].
    pub fn strike_off(&mut self, count: usize) {
        let left = self.aircraft.len().saturating_sub(count);
        self.aircraft.truncate(left);
    }

    /// Back to full strength, every Skyhawk Ready Now (the Campaign 3 break) [14.4].
    pub fn refill_aircraft(&mut self, skyhawks: u8) {
        self.aircraft = Squadron::new(skyhawks).aircraft;
    }

    /// Whether the player's pilot sits this mission out for his wounds; if so, one missed
    /// mission is counted [14.1.3].
    pub fn player_sits_out(&mut self) -> bool {
        if self.player_missed == 0 {
            return false;
        }
        self.player_missed -= 1;
        true
    }

    /// The day's pilots by the rotation [14.0.3]: from `next_slot` down the roster and round
    /// again, skipping lost pilots; a wounded pilot reached while he heals misses this
    /// mission. Returns the slots that fly, or `None` (nothing changed) when the fit pilots
    /// cannot fill `need`.
    pub fn assign(&mut self, need: usize) -> Option<Vec<usize>> {
        let mut after = self.clone();
        let mut flying = Vec::new();
        let n = self.roster.len();
        let mut reached = 0;
        while flying.len() < need && reached < n {
            let slot = (self.next_slot + reached) % n;
            reached += 1;
            if after.roster[slot].lost {
                continue;
            }
            let healing = if slot == 0 {
                after.player_sits_out()
            } else if after.roster[slot].missed > 0 {
                after.roster[slot].missed -= 1;
                true
            } else {
                false
            };
            if !healing {
                flying.push(slot);
            }
        }
        if flying.len() < need {
            return None;
        }
        after.next_slot = (self.next_slot + reached) % n.max(1);
        after.today = flying.clone();
        *self = after;
        Some(flying)
    }

    /// The pilots of today's rotation who fly beside the player's, the next on the roster
    /// after him first, then round from the top of the day's list [14.0.3, 15.1].
    pub fn wingmen(&self) -> Vec<usize> {
        let me = self.today.iter().position(|&s| s == 0).unwrap_or(0);
        let (before, after) = self.today.split_at(me);
        after.iter().skip(1).chain(before).copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster(n: usize) -> Squadron {
        let mut s = Squadron::new(16);
        s.roster = (0..n)
            .map(|roster| RosterSlot {
                roster,
                experience: Experience::Experienced,
                missed: 0,
                lost: false,
                missions: 0,
                medals: Vec::new(),
            })
            .collect();
        s
    }

    /// Pilot numbers (1-based, as on the roster sheet) of the assigned slots.
    fn numbers(slots: &[usize]) -> Vec<usize> {
        slots.iter().map(|s| s + 1).collect()
    }

    #[test]
    fn the_rulebook_rotation_example() {
        // [14.0.3]: day 1 needs 16, pilot 3 is lost; day 2 needs 12 (17–24, then 1, 2, 4,
        // 5); day 3 needs 8 (6–13).
        let mut s = roster(24);
        let day1 = s.assign(16).unwrap();
        assert_eq!(numbers(&day1), (1..=16).collect::<Vec<_>>());
        s.roster[2].lost = true;
        let day2 = s.assign(12).unwrap();
        let mut want: Vec<usize> = (17..=24).collect();
        want.extend([1, 2, 4, 5]);
        assert_eq!(numbers(&day2), want);
        let day3 = s.assign(8).unwrap();
        assert_eq!(numbers(&day3), (6..=13).collect::<Vec<_>>());
        assert_eq!(s.today, day3);
    }

    #[test]
    fn the_wingmen_are_the_next_pilots_of_the_day_after_the_player() {
        // [15.1]: the other places go to the next pilots on the duty roster.
        let mut s = roster(24);
        s.next_slot = 21;
        assert_eq!(
            numbers(&s.assign(8).unwrap()),
            vec![22, 23, 24, 1, 2, 3, 4, 5]
        );
        assert_eq!(numbers(&s.wingmen()), vec![2, 3, 4, 5, 22, 23, 24]);
        s.next_slot = 0;
        s.assign(4).unwrap();
        assert_eq!(numbers(&s.wingmen()), vec![2, 3, 4]);
    }

    #[test]
    fn a_healing_pilot_misses_the_missions_his_turn_brings() {
        let mut s = roster(24);
        s.player_missed = 2;
        s.roster[1].missed = 1;
        // Slots 0 and 1 are reached while healing: they miss, the next four fly.
        assert_eq!(numbers(&s.assign(4).unwrap()), vec![3, 4, 5, 6]);
        assert_eq!((s.player_missed, s.roster[1].missed), (1, 0));
        s.next_slot = 0;
        assert_eq!(numbers(&s.assign(4).unwrap()), vec![2, 3, 4, 5]);
        assert_eq!(s.player_missed, 0);
        s.next_slot = 0;
        assert_eq!(s.assign(4).unwrap()[0], 0);
    }

    #[test]
    fn too_few_fit_pilots_cancel_the_day_and_change_nothing() {
        let mut s = roster(24);
        for slot in s.roster.iter_mut().skip(10) {
            slot.lost = true;
        }
        s.player_missed = 1;
        let before = s.clone();
        assert_eq!(s.assign(12), None);
        assert_eq!(s, before);
        assert_eq!(s.assign(8).map(|f| f.len()), Some(8));
    }

    #[test]
    fn the_repair_track_counts_days_and_the_deck_waits() {
        let mut s = Squadron::new(16);
        assert_eq!(s.ready_now(), 16);
        assert_eq!(s.send(4), vec![1, 2, 3, 4]);
        assert_eq!(s.ready_now(), 12);
        s.land(1, Some(2));
        s.land(2, Some(1));
        s.land(3, None);
        s.land(4, Some(0));
        assert_eq!(s.aircraft.len(), 15);
        assert_eq!(s.ready_now(), 13);
        // The next day's division leaves first, then the track moves.
        assert_eq!(s.send(4), vec![4, 5, 6, 7]);
        s.shift_track();
        assert_eq!(s.aircraft[0].ready_in, 1);
        assert_eq!(s.aircraft[1].ready_in, 0);
        assert!(
            s.aircraft
                .iter()
                .filter(|a| a.flying)
                .all(|a| a.ready_in == 0)
        );
        s.shift_track();
        assert_eq!(s.aircraft[0].ready_in, 0);
        s.refill_aircraft(16);
        assert_eq!((s.aircraft.len(), s.ready_now()), (16, 16));
        s.strike_off(3);
        assert_eq!(s.aircraft.len(), 13);
        s.strike_off(20);
        assert!(s.aircraft.is_empty());
    }
}
