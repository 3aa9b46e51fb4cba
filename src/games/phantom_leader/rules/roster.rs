//! The squadron's optional ways in (digest 3.1 CS6, 6; rulebook p.17): Random Squadron
//! Selection draws the pilots level by level, and Linked Campaigns carries the squadron from
//! one campaign of its service into the next.

use super::campaign::option_points;
use super::content::{Level, data};
use super::state::*;
use crate::engine::deck::Deck;
use crate::engine::log::Random;
use crate::engine::message::{msg, msg_n};

impl PhantomLeader {
    /// Pilot cards that may fill a slot of this level now: the service, the year, a name not
    /// yet in the squadron, a slot of that level still open (CS6). Special Options are
    /// weighed when the squadron is complete.
    pub fn card_refusal(&self, pilot: usize, level: Level) -> Option<&'static str> {
        let c = data();
        // A pilot number from a save that names no card is refused, not taken as fine.
        let Some(spec) = c.pilots.get(pilot) else {
            return Some("there is no such pilot card");
        };
        let aircraft = c.pilot_aircraft(pilot);
        let have = self.squadron.iter().filter(|p| p.level == level).count();
        if aircraft.service != self.sheet().service {
            Some("a pilot of the other service")
        } else if !aircraft.in_service(self.year()) {
            Some("the aircraft is not in service that year")
        } else if self
            .squadron
            .iter()
            .any(|p| c.pilots[p.pilot].name == spec.name)
        {
            Some("that pilot is already in the squadron")
        } else if have >= usize::from(self.composition()[level.index()]) {
            Some("the squadron has all its pilots of that level")
        } else {
            None
        }
    }

    /// The cards a Random Squadron draw of this level picks from.
    pub fn draw_pool(&self, level: Level) -> Vec<usize> {
        (0..data().pilots.len())
            .filter(|&p| self.card_refusal(p, level).is_none())
            .collect()
    }

    /// Random Squadron Selection: the open slots of one level, assigned before the draw, are
    /// filled from the eligible aircraft [p.17]. A complete squadron left below 0 Special
    /// Options goes back and is drawn again (the pilots carried from a linked campaign stay).
    pub(super) fn draw_level(&mut self, level: Level) {
        let open = usize::from(self.composition()[level.index()])
            - self.squadron.iter().filter(|p| p.level == level).count();
        for _ in 0..open {
            let pool = self.draw_pool(level);
            if pool.is_empty() {
                break;
            }
            let pick = pool[self.rng.index(pool.len())];
            self.log.add_with(
                "CS6",
                msg("{pilot} is drawn").arg("pilot", &data().pilots[pick].name),
                vec![Random::Pick {
                    picked: data().pilots[pick].name.clone(),
                    out_of: pool.len(),
                }],
            );
            self.recruit(pick, level);
        }
        if self.step == Step::Promotions && self.special_options < 0 {
            for p in self.squadron.drain(self.carried..) {
                self.special_options -=
                    data().pilot_aircraft(p.pilot).special_options[self.duration.index()];
            }
            self.step = Step::Squadron;
            self.log.add(
                "CS6",
                msg("The drawn squadron leaves {so} Special Options: it is drawn again")
                    .arg("so", self.special_options),
            );
        }
    }

    /// The campaign that follows this one in a linked chain: the next sheet of the service,
    /// by year (Cuban Missile Crisis, War in the South, Rolling Thunder, Linebacker) [p.17].
    pub fn next_sheet(&self) -> Option<&'static super::content::Sheet> {
        let here = self.sheet();
        data()
            .sheets
            .iter()
            .filter(|s| s.service == here.service && s.year > here.year)
            .min_by_key(|s| s.year)
    }

    /// Linked Campaigns: the campaign just ended is recorded and the next one set up for the
    /// same squadron. The active pilots come along, rested (stress 0, a ruling: years pass
    /// between the campaigns) with their levels and XP; those whose aircraft has left
    /// service leave. Special Options are the new sheet's, the aircraft's and the options'
    /// (CS3–CS5); then each pilot promoted in the campaign before is paid for or replaced.
    pub(super) fn link_next(&mut self, next: &'static super::content::Sheet) {
        let c = data();
        self.chain.push(ChainResult {
            sheet: self.sheet.clone(),
            vp: self.vp,
            outcome: self.outcome_name().to_owned(),
        });
        self.sheet = next.id.clone();
        self.sheet_at.clear();
        self.tracks = Tracks::default();
        self.targets = Deck::shuffled(next.targets().collect(), &mut self.rng).named("target");
        self.events =
            Deck::shuffled(c.events.iter().map(|e| e.id).collect(), &mut self.rng).named("event");
        self.day = 0;
        self.vp = 0;
        self.days.clear();
        self.mission = Mission::default();
        let year = next.year;
        let d = self.duration.index();
        self.squadron = std::mem::take(&mut self.squadron)
            .into_iter()
            .filter(|p| p.duty == Duty::Active && c.pilot_aircraft(p.pilot).in_service(year))
            .map(|p| Pilot {
                stress: 0,
                replaced_by: None,
                ..p
            })
            .collect();
        self.carried = self.squadron.len();
        self.special_options = next.special_options[d]
            + option_points(&self.options, next, self.duration, false).unwrap_or(0)
            + self.adjustment(|a| a.special_options[d])
            + self
                .squadron
                .iter()
                .map(|p| c.pilot_aircraft(p.pilot).special_options[d])
                .sum::<i32>();
        self.log.add(
            "CS6",
            msg_n(
                "Linked campaign: {campaign} with {n} pilot of the squadron; Special Option points: {so}",
                "Linked campaign: {campaign} with {n} pilots of the squadron; Special Option points: {so}",
                self.carried,
            )
                .arg("campaign", &next.title)
                .arg("n", self.carried)
                .arg("so", self.special_options),
        );
        self.next_carry(0);
    }

    /// The Linked Campaigns price of one promotion earned in the campaign before.
    pub fn carry_cost(&self, squad: usize) -> i32 {
        data().optional("linked").per_promotion * i32::from(self.squadron[squad].promotions)
    }

    /// The next carried pilot whose promotions must be paid for, from `from` on; then the
    /// roster is brought to the new campaign's size.
    fn next_carry(&mut self, from: usize) {
        match (from..self.carried).find(|&i| self.squadron[i].promotions > 0) {
            Some(squad) => self.step = Step::Carry { squad },
            None => self.settle_roster(),
        }
    }

    /// Pay for the carried pilot's promotions, or let a Green pilot of the service take his
    /// place [p.17].
    pub(super) fn carry(&mut self, pay: bool) {
        let Step::Carry { squad } = self.step else {
            return;
        };
        let c = data();
        let d = self.duration.index();
        let name = c.pilots[self.squadron[squad].pilot].name.clone();
        if pay {
            let cost = self.carry_cost(squad);
            self.special_options -= cost;
            self.log.add(
                "CS6",
                msg("{pilot} stays: {so} Special Option points for his promotions")
                    .arg("pilot", &name)
                    .arg("so", cost),
            );
        } else {
            let old = c.pilot_aircraft(self.squadron[squad].pilot).special_options[d];
            let pool: Vec<usize> = (0..c.pilots.len())
                .filter(|&p| {
                    let a = c.pilot_aircraft(p);
                    a.service == self.sheet().service
                        && a.in_service(self.year())
                        && self
                            .squadron
                            .iter()
                            .all(|x| c.pilots[x.pilot].name != c.pilots[p].name)
                        && self.special_options - old + a.special_options[d] >= 0
                })
                .collect();
            if pool.is_empty() {
                self.special_options -= old;
                self.squadron.remove(squad);
                self.carried -= 1;
                self.log.add(
                    "CS6",
                    msg("{pilot} leaves the squadron").arg("pilot", &name),
                );
                self.next_carry(squad);
                return;
            }
            let pick = pool[self.rng.index(pool.len())];
            self.special_options += c.pilot_aircraft(pick).special_options[d] - old;
            self.squadron[squad] = Pilot {
                pilot: pick,
                level: Level::Green,
                stress: 0,
                xp: 0,
                duty: Duty::Active,
                promotions: 0,
                replaced_by: None,
            };
            self.log.add_with(
                "CS6",
                msg("{pilot} leaves; {new} joins as Green")
                    .arg("pilot", &name)
                    .arg("new", &c.pilots[pick].name),
                vec![Random::Pick {
                    picked: c.pilots[pick].name.clone(),
                    out_of: pool.len(),
                }],
            );
        }
        self.squadron[squad].promotions = 0;
        self.next_carry(squad + 1);
    }

    /// The new campaign's squadron is filled to its size (by the player's picks, or by draws
    /// under Random Squadron), then the promotions step. Every length has the same number of
    /// pilots on every sheet, so a carried squadron is never too large.
    fn settle_roster(&mut self) {
        let size: usize = self.composition().iter().map(|&n| usize::from(n)).sum();
        self.step = if self.squadron.len() < size {
            Step::Squadron
        } else {
            Step::Promotions
        };
    }
}
