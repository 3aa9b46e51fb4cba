//! The mini-campaign (8.0): three Caged Tiger missions, Morale Points, purchases between
//! missions, Pilots/PJs carried over. Prices are reconstructed (G-8).

use serde::{Deserialize, Serialize};

use crate::engine::game::Verdict;
use crate::engine::log::Log;
use crate::engine::message::{msg, n_};

use super::actions::{Action, Purchase};
use super::choices::Sink;
use super::data::{Kind, content};
use super::state::{Csar, Fate, Options, Step, SurvivorPlace};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignState {
    /// 1-based number of the mission being played or prepared.
    pub mission: u8,
    pub morale: i32,
    /// Bought Pilots/PJs, kept while they live.
    pub roster: Vec<u8>,
    /// Pilots/PJs killed or captured.
    pub lost: Vec<u8>,
    /// Cards bought for the next mission (Action card ids from the campaign's removed set).
    pub bought_cards: Vec<u8>,
    pub extra_turn: bool,
    pub fast_movers: u8,
    /// Each finished mission's verdict and Morale Points scored.
    pub results: Vec<(Verdict, i32)>,
    pub over: bool,
}

/// The campaign's set-aside cards, in a fixed order (ids).
pub fn campaign_cards() -> Vec<u8> {
    let mut all: Vec<u8> = (0..content().actions.len() as u8).collect();
    let mut out = Vec::new();
    super::setup::remove_titles(&mut all, &content().campaign.removed_actions, &mut out);
    out
}

pub fn purchase_choices(state: &Csar, sink: &mut Sink) {
    let Some(cs) = &state.campaign else { return };
    let prices = &content().campaign;
    let mp = cs.morale;
    for (i, card) in campaign_cards().into_iter().enumerate() {
        if !cs.bought_cards.contains(&card) && mp >= prices.price_card {
            sink.add(
                Action::Buy(Purchase::Card(i as u8)),
                || {
                    msg("Buy {card} for this mission ({p} MP)")
                        .term("card", super::actions::title(card))
                        .arg("p", prices.price_card)
                },
                || None,
            );
        }
    }
    if !cs.extra_turn && mp >= prices.price_extra_turn {
        sink.add(
            Action::Buy(Purchase::ExtraTurn),
            || msg("Buy an extra turn ({p} MP)").arg("p", prices.price_extra_turn),
            || None,
        );
    }
    for p in 0..content().pilots.len() as u8 {
        if !cs.roster.contains(&p) && !cs.lost.contains(&p) && mp >= prices.price_pilot {
            sink.add(
                Action::Buy(Purchase::Pilot(p)),
                || {
                    msg("Recruit {name} ({p} MP)")
                        .term("name", &content().pilots[usize::from(p)].name)
                        .arg("p", prices.price_pilot)
                },
                || None,
            );
        }
    }
    if cs.fast_movers < prices.max_fast_movers && mp >= prices.price_fast_mover {
        sink.add(
            Action::Buy(Purchase::FastMover),
            || msg("Put a Fast Mover in the Pool ({p} MP)").arg("p", prices.price_fast_mover),
            || Some(super::state::target::POOL.into()),
        );
    }
    sink.add(
        Action::Done,
        || msg("Fly mission {n}").arg("n", cs.mission),
        || None,
    );
}

impl Csar {
    /// Starts a campaign: the first purchase decision.
    pub fn new_campaign(options: &Options, seed: u64) -> Csar {
        let cs = CampaignState {
            mission: 1,
            morale: content().campaign.starting_morale,
            ..Default::default()
        };
        let scen = content()
            .scenario("caged_tiger")
            .expect("Caged Tiger is in scenarios.toml");
        Csar::build(
            scen,
            options,
            crate::engine::rng::Rng::seeded(seed),
            Log::default(),
            Some(cs),
        )
    }

    /// A purchase; `Done` (handled here too) starts the mission. Returns true if it revealed.
    pub fn buy(&mut self, p: Purchase) -> bool {
        let prices = &content().campaign;
        let Some(cs) = self.campaign.as_mut() else {
            return false;
        };
        let (cost, what) = match p {
            Purchase::Card(i) => {
                let card = campaign_cards()[usize::from(i)];
                cs.bought_cards.push(card);
                (prices.price_card, super::actions::title(card).to_owned())
            }
            Purchase::ExtraTurn => {
                cs.extra_turn = true;
                (prices.price_extra_turn, n_("an extra turn").to_owned())
            }
            Purchase::Pilot(pl) => {
                cs.roster.push(pl);
                (
                    prices.price_pilot,
                    content().pilots[usize::from(pl)].name.clone(),
                )
            }
            Purchase::FastMover => {
                cs.fast_movers += 1;
                (prices.price_fast_mover, n_("a Fast Mover").to_owned())
            }
        };
        cs.morale -= cost;
        self.log.add(
            "8.0",
            msg("Bought {what} for {cost} MP; {mp} MP left")
                .term("what", what.clone())
                .arg("cost", cost)
                .arg("mp", cs.morale),
        );
        false
    }

    /// Leaves the purchase step: the mission is set up again with what was bought.
    pub fn start_campaign_mission(&mut self) {
        let Some(cs) = self.campaign.take() else {
            return;
        };
        let scen = content()
            .scenario("caged_tiger")
            .expect("Caged Tiger is in scenarios.toml");
        let mut log = std::mem::take(&mut self.log);
        log.add(
            "8.0",
            msg("Campaign mission {n} of {m}")
                .arg("n", cs.mission)
                .arg("m", content().campaign.missions),
        );
        let rng = self.rng.clone();
        *self = Csar::build(scen, &self.options, rng, log, Some(cs));
        self.begin_pilots();
    }

    /// Scores a finished campaign mission (8.0) and prepares the next, or ends the campaign.
    pub fn campaign_mission_over(&mut self, verdict: Verdict) {
        let sc = &content().campaign;
        let team_lost = self.aircraft.iter().any(|a| {
            a.kind != Kind::FastMover && matches!(a.fate, Fate::ShotDown | Fate::Destroyed)
        });
        let all_home = self
            .survivors
            .iter()
            .all(|s| s.place == SurvivorPlace::OffMap);
        let survivors_lost = self
            .survivors
            .iter()
            .filter(|s| {
                matches!(
                    s.place,
                    SurvivorPlace::Captured | SurvivorPlace::Killed | SurvivorPlace::Stranded(_)
                )
            })
            .count() as i32;
        let recovered = self
            .survivors
            .iter()
            .filter(|s| s.place == SurvivorPlace::OffMap && s.pilot.is_some())
            .count() as i32;
        // Pilots/PJs still stranded at the end are abandoned: lost like the captured.
        let abandoned: Vec<u8> = self
            .survivors
            .iter()
            .filter(|s| matches!(s.place, SurvivorPlace::Stranded(_)))
            .filter_map(|s| s.pilot)
            .collect();
        for p in abandoned {
            self.pilot_lost(p);
        }
        let crew_lost = self.pilots_lost.len() as i32;
        let mut points = 0;
        if !team_lost {
            points += sc.score_no_losses;
        }
        if all_home {
            points += sc.score_all_rescued;
        }
        points += sc.score_survivor_lost * survivors_lost;
        points += if self.auto_aborted {
            sc.score_auto_abort
        } else {
            sc.score_abort_space * i32::from(self.abort)
        };
        points += sc.score_crew_lost * crew_lost + sc.score_crew_recovered * recovered;
        let lost_now = self.pilots_lost.clone();
        let Some(cs) = self.campaign.as_mut() else {
            return;
        };
        cs.morale += points;
        cs.results.push((verdict, points));
        cs.lost.extend(lost_now.iter().copied());
        cs.roster.retain(|p| !lost_now.contains(p));
        cs.bought_cards.clear();
        cs.extra_turn = false;
        cs.fast_movers = 0;
        let (mission, morale) = (cs.mission, cs.morale);
        self.log.add(
            "8.0",
            msg("Mission {n} scores {p} Morale Points: {mp} in all")
                .arg("n", mission)
                .arg("p", points)
                .arg("mp", morale),
        );
        if mission >= sc.missions {
            cs.over = true;
            let verdict = if morale > 0 {
                Verdict::Win
            } else {
                Verdict::Loss
            };
            self.result = Some((
                verdict,
                msg("The campaign ends with {mp} Morale Points").arg("mp", morale),
            ));
            self.step = Step::Over;
        } else {
            cs.mission += 1;
            self.fire = None;
            self.step = Step::Purchase;
            self.aborted = false;
        }
    }
}
