//! The mini-campaign (8.0): three Caged Tiger missions, Morale Points, purchases between
//! missions, Pilots/PJs carried over. Prices are reconstructed (G-8).

use serde::{Deserialize, Serialize};

use crate::engine::game::Verdict;
use crate::engine::log::Log;
use crate::engine::message::{msg, n_};

use super::actions::{Action, Purchase};
use super::choices::Sink;
use super::content::{Kind, content};
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
    /// The Morale Point ledger, one entry per mission begun (the Campaign Record's lines).
    #[serde(default)]
    pub ledger: Vec<MissionLedger>,
}

/// What may be bought between missions, in the Campaign Record's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PurchaseKind {
    Card = 0,
    ExtraTurn = 1,
    Pilot = 2,
    FastMover = 3,
}

/// The scoring lines of 8.0, in the Campaign Record's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreLine {
    NoLosses = 0,
    AllRescued = 1,
    SurvivorsLost = 2,
    AbortSpaces = 3,
    AutoAbort = 4,
    CrewLost = 5,
    CrewRecovered = 6,
}

/// One mission's Morale Points line by line (8.0): the balance it began with, what was bought
/// before it and for how much, and, once flown, the points of each scoring line.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MissionLedger {
    pub start: i32,
    /// MP spent, by [`PurchaseKind`].
    pub spent: [i32; 4],
    /// What was bought, in order: card titles and Pilot/PJ names (words of the game), or
    /// "an extra turn" / "a Fast Mover".
    pub bought: Vec<String>,
    /// The set-aside cards bought back for this mission, as indexes into [`campaign_cards`]
    /// (the Campaign Record ticks them).
    #[serde(default)]
    pub cards: Vec<u8>,
    /// Points of each [`ScoreLine`]; `None` until the mission is scored.
    pub scored: Option<[i32; 7]>,
}

impl MissionLedger {
    /// The balance after the purchases and, once scored, the mission's points.
    pub fn balance(&self) -> i32 {
        let spent: i32 = self.spent.iter().sum();
        let scored: i32 = self.scored.map_or(0, |s| s.iter().sum());
        self.start - spent + scored
    }
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
        let morale = content().campaign.starting_morale;
        let cs = CampaignState {
            mission: 1,
            morale,
            ledger: vec![MissionLedger {
                start: morale,
                ..MissionLedger::default()
            }],
            ..Default::default()
        };
        let scen = content()
            .scenario("caged_tiger")
            .expect("Caged Tiger is in scenarios.toml");
        Csar::build(
            scen,
            options,
            crate::engine::rng::Rng::for_game(seed),
            Log::default(),
            Some(cs),
        )
    }

    /// A purchase; `Done` (handled here too) starts the mission.
    pub fn buy(&mut self, p: Purchase) {
        let prices = &content().campaign;
        let Some(cs) = self.campaign.as_mut() else {
            return;
        };
        let (kind, cost, what) = match p {
            Purchase::Card(i) => {
                let card = campaign_cards()[usize::from(i)];
                cs.bought_cards.push(card);
                (
                    PurchaseKind::Card,
                    prices.price_card,
                    super::actions::title(card).to_owned(),
                )
            }
            Purchase::ExtraTurn => {
                cs.extra_turn = true;
                (
                    PurchaseKind::ExtraTurn,
                    prices.price_extra_turn,
                    n_("an extra turn").to_owned(),
                )
            }
            Purchase::Pilot(pl) => {
                cs.roster.push(pl);
                (
                    PurchaseKind::Pilot,
                    prices.price_pilot,
                    content().pilots[usize::from(pl)].name.clone(),
                )
            }
            Purchase::FastMover => {
                cs.fast_movers += 1;
                (
                    PurchaseKind::FastMover,
                    prices.price_fast_mover,
                    n_("a Fast Mover").to_owned(),
                )
            }
        };
        cs.morale -= cost;
        if let Some(entry) = cs.ledger.last_mut() {
            entry.spent[kind as usize] += cost;
            entry.bought.push(what.clone());
            if let Purchase::Card(i) = p {
                entry.cards.push(i);
            }
        }
        self.log.add(
            "8.0",
            msg("Bought {what} for {cost} MP; {mp} MP left")
                .term("what", what.clone())
                .arg("cost", cost)
                .arg("mp", cs.morale),
        );
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
        let mut lines = [0; 7];
        if !team_lost {
            lines[ScoreLine::NoLosses as usize] = sc.score_no_losses;
        }
        if all_home {
            lines[ScoreLine::AllRescued as usize] = sc.score_all_rescued;
        }
        lines[ScoreLine::SurvivorsLost as usize] = sc.score_survivor_lost * survivors_lost;
        if self.auto_aborted {
            lines[ScoreLine::AutoAbort as usize] = sc.score_auto_abort;
        } else {
            lines[ScoreLine::AbortSpaces as usize] = sc.score_abort_space * i32::from(self.abort);
        }
        lines[ScoreLine::CrewLost as usize] = sc.score_crew_lost * crew_lost;
        lines[ScoreLine::CrewRecovered as usize] = sc.score_crew_recovered * recovered;
        let points: i32 = lines.iter().sum();
        let lost_now = self.pilots_lost.clone();
        let Some(cs) = self.campaign.as_mut() else {
            return;
        };
        cs.morale += points;
        cs.results.push((verdict, points));
        if let Some(entry) = cs.ledger.last_mut() {
            entry.scored = Some(lines);
        }
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
            cs.ledger.push(MissionLedger {
                start: morale,
                ..MissionLedger::default()
            });
            self.fire = None;
            self.step = Step::Purchase;
            self.aborted = false;
        }
    }
}
