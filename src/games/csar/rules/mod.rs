//! That Others May Live: combat search and rescue in Vietnam, solitaire.
//!
//! `Csar` is the whole game state (see `state.rs` for where every card and counter is), driven
//! through `crate::engine::game::Game`. Content comes from `data/games/csar/*.toml`.
//!
//! Map target ids offered with the choices (`state::target`): `zone:C|N|E|S|W`,
//! `aircraft:<index>` (0–3 Sandy 1–4, 4–5 Jolly 5–6, 6 FAC 7, 7–10 Fast Movers A–D),
//! `unit:<counter>` (enemy gun or Barrage), `too:<zone key>` (Target of Opportunity),
//! `survivor:<index>`, `card:hand:<id>`, `card:reserve:<id>`, `card:box:<id>`, `orbit`, `pool`.

pub mod actions;
mod apply;
pub mod bot;
pub mod campaign;
pub mod choices;
pub mod content;
pub mod draws;
mod events;
pub mod fire;
pub mod markers;
pub mod odds;
pub mod record;
pub mod rescue;
mod rewind;
pub mod setup;
pub mod state;
mod turn;

use crate::engine::bot::Bot;
use crate::engine::game::{
    Actor, Applied, Game, Outcome, Prompt, Refusal, ScenarioInfo, SetupError,
};
use crate::engine::log::Log;
use crate::engine::message::{Message, msg, msg_n};
use crate::engine::play::{OptionalRule, Playable};
use crate::engine::reference::RuleSection;
use crate::engine::rng::Rng;

pub use actions::{Action, CommandTarget, Purchase, Target};
pub use odds::odds_for_prompt;
pub use state::{Csar, Options, Place, Step};

use choices::Sink;
use content::content;
use state::FireStage;

/// The scenario id of the three-mission campaign.
pub const CAMPAIGN: &str = "campaign";

impl Game for Csar {
    type Action = Action;
    type Options = Options;
    const ID: &'static str = "csar";

    fn scenarios() -> Vec<ScenarioInfo> {
        let mut out: Vec<ScenarioInfo> = content()
            .scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.as_str(),
                summary: None,
                title: msg(&s.title),
            })
            .collect();
        out.push(ScenarioInfo {
            id: CAMPAIGN,
            summary: None,
            title: msg("Mini-campaign: three Caged Tiger missions"),
        });
        out
    }

    fn setup(scenario: &str, options: &Options, seed: u64) -> Result<Self, SetupError> {
        content::loaded().map_err(|e| SetupError::Content(e.to_string()))?;
        let mut game = if scenario == CAMPAIGN {
            Csar::new_campaign(options, seed)
        } else {
            let scen = content()
                .scenario(scenario)
                .ok_or_else(|| SetupError::UnknownScenario(scenario.to_owned()))?;
            Csar::build(scen, options, Rng::for_game(seed), Log::default(), None)
        };
        game.run();
        Ok(game)
    }

    fn prompt(&self) -> Prompt<Action> {
        if let Some((_, why)) = &self.result {
            return Prompt::game_over(why.clone());
        }
        let mut sink = Sink::collect();
        self.choices(&mut sink);
        let (text, rule) = self.prompt_text();
        Prompt {
            actor: Actor::Player(0),
            text,
            rule: rule.into(),
            choices: sink.out,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut sink = Sink::actions_only();
        self.choices(&mut sink);
        sink.actions
    }

    fn apply(&mut self, action: &Action) -> Result<Applied, Refusal> {
        self.apply_action(action)
    }

    fn outcome(&self) -> Option<Outcome> {
        let (verdict, why) = self.result.as_ref()?;
        Some(Outcome {
            verdict: *verdict,
            summary: why.clone(),
            points: self.campaign.as_ref().map(|c| c.morale),
        })
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

impl Csar {
    fn prompt_text(&self) -> (Message, &'static str) {
        if self.wild_question.is_some() {
            return (
                msg("A Wild card is drawn: say what it counts as, or treat it as a Reshuffle"),
                "2.2.1",
            );
        }
        if let Some(f) = &self.fire {
            return match f.stage {
                FireStage::ChooseZone => (msg("Enemy guns open fire: pick the zone to resolve, or suppress a gun first"), "4.3.3 B"),
                FireStage::Burn { hits, .. } => (msg_n("{n} hit: burn Aircraft cards from your hand to cancel it", "{n} hits: burn Aircraft cards from your hand to cancel hits (one must stay)", hits).arg("n", hits), "4.3.3 D"),
                FireStage::PickAircraft { .. } => (msg("Pick the aircraft that takes the hit"), "4.3.3 E"),
                FireStage::Spare { .. } => (msg("A hit is coming: use the Pilot/PJ card to cancel it?"), "2.4.1"),
                FireStage::Allocate { .. } => (msg("Hits are being resolved"), "4.3.3 E"),
            };
        }
        let turn = self.turn;
        match self.step {
            Step::Purchase => (
                msg("Campaign: spend Morale Points before the mission ({mp} MP)")
                    .arg("mp", self.campaign.as_ref().map_or(0, |c| c.morale)),
                "8.0",
            ),
            Step::ChoosePilot => (msg("Choose a Pilot/PJ card, or draw one at random"), "7.0"),
            Step::PlacePilot(_) => (msg("Choose the aircraft that carries the Pilot/PJ"), "7.0"),
            Step::SelectHand => (
                msg("Choose your starting Aircraft cards, no two of the same title ({n} so far)")
                    .arg("n", self.hand.len()),
                "7.0",
            ),
            Step::RevealZones => (
                msg("Choose two Outer Zones whose Enemy markers are revealed"),
                "7.0",
            ),
            Step::Reserve => (
                msg("Turn {t}: move Aircraft cards to the Reserve").arg("t", turn),
                "4.2.2",
            ),
            Step::Command => (
                msg("Turn {t}: play or discard each Command card").arg("t", turn),
                "4.2.3",
            ),
            Step::Move => match self.selected {
                Some(a) => (
                    msg("Turn {t}: where does {a} fly?")
                        .arg("t", turn)
                        .term("a", state::aircraft_name(a)),
                    "4.3.1",
                ),
                None => (
                    msg("Turn {t}: pick an aircraft to move, or end movement").arg("t", turn),
                    "4.3.1",
                ),
            },
            Step::Assign => (
                msg("Turn {t}: assign Aircraft cards to aircraft on the map").arg("t", turn),
                "4.3.2",
            ),
            Step::Play => (
                msg("Turn {t}: play or discard every assigned card").arg("t", turn),
                "4.3.4",
            ),
            Step::Rescue => (msg("Turn {t}: rescue attempts").arg("t", turn), "4.3.5"),
            Step::Search => (
                {
                    let n = self.search_draws(self.burned);
                    msg_n(
                        "Enemy Search: {n} draw; burn hand cards for fewer",
                        "Enemy Search: {n} draws; burn hand cards for fewer",
                        n,
                    )
                    .arg("n", n)
                },
                "4.4.2",
            ),
            Step::Abort => (
                {
                    let n = self.abort_draws(self.burned);
                    msg_n(
                        "Abort Check: {n} draw; burn hand cards for fewer",
                        "Abort Check: {n} draws; burn hand cards for fewer",
                        n,
                    )
                    .arg("n", n)
                },
                "4.4.3",
            ),
            Step::ClearSkies => (
                msg("Clear Skies: choose a Shaken aircraft to recover"),
                "4.1",
            ),
            _ => (msg("The mission goes on"), "3.0"),
        }
    }

    /// Every card and counter is in exactly one place (used by the tests).
    pub fn check_conservation(&self) -> Result<(), String> {
        fn exact(what: &str, mut all: Vec<u8>, n: usize, base: u8) -> Result<(), String> {
            all.sort_unstable();
            let want: Vec<u8> = (base..base + n as u8).collect();
            if all != want {
                return Err(format!(
                    "{what}: expected each of {n} exactly once, found {all:?}"
                ));
            }
            Ok(())
        }
        let c = content();
        let r = &self.resolution;
        let res: Vec<u8> = r
            .draw_pile()
            .iter()
            .chain(r.discard_pile())
            .chain(r.removed())
            .chain(&self.hits_pile)
            .chain(&self.set_aside)
            .copied()
            .collect();
        exact("Resolution cards", res, 30, 1)?;
        let a = &self.actions;
        let boxed = self
            .zones
            .iter()
            .flat_map(|z| z.card_box.iter().map(|&(card, _)| card));
        let acts: Vec<u8> = a
            .draw_pile()
            .iter()
            .chain(a.discard_pile())
            .chain(a.removed())
            .chain(&self.hand)
            .chain(&self.reserve)
            .chain(&self.actions_out)
            .copied()
            .chain(boxed)
            .collect();
        exact("Action cards", acts, c.actions.len(), 0)?;
        let e = &self.events;
        let evs: Vec<u8> = e
            .draw_pile()
            .iter()
            .chain(e.discard_pile())
            .chain(e.removed())
            .chain(&self.events_in_play)
            .chain(&self.events_out)
            .copied()
            .collect();
        exact("Event cards", evs, c.events.len(), 0)?;
        let p = &self.pilots;
        let pils: Vec<u8> = p
            .draw_pile()
            .iter()
            .chain(p.discard_pile())
            .chain(p.removed())
            .chain(&self.pilots_in_play)
            .chain(&self.pilots_out)
            .copied()
            .collect();
        exact("Pilot/PJ cards", pils, c.pilots.len(), 0)?;
        let in_setup = matches!(self.step, Step::PlacePilot(_));
        for &pl in &self.pilots_in_play {
            let on_aircraft = self.aircraft.iter().filter(|x| x.pilot == Some(pl)).count();
            let on_survivor = self
                .survivors
                .iter()
                .filter(|s| s.pilot == Some(pl))
                .count();
            let queued = usize::from(
                self.pilot_queue.contains(&pl)
                    || self.step == Step::PlacePilot(pl)
                    || (in_setup && self.step == Step::Purchase),
            );
            if on_aircraft + on_survivor + queued != 1 {
                return Err(format!(
                    "Pilot/PJ counter {pl} is in {} places",
                    on_aircraft + on_survivor + queued
                ));
            }
        }
        let units: Vec<u8> = self
            .unit_cup
            .contents()
            .iter()
            .chain(&self.units_out)
            .copied()
            .chain(
                self.zones
                    .iter()
                    .flat_map(|z| z.units.iter().map(|u| u.counter)),
            )
            .collect();
        exact("Enemy units", units, c.units.len(), 0)?;
        let hidden: Vec<u8> = self
            .hidden_cup
            .contents()
            .iter()
            .chain(&self.hidden_out)
            .copied()
            .chain(self.zones.iter().filter_map(|z| z.hidden))
            .collect();
        exact("Hidden markers", hidden, c.hidden.len(), 0)?;
        let enemy: Vec<u8> = self
            .enemy_cup
            .contents()
            .iter()
            .chain(&self.enemy_out)
            .copied()
            .chain(self.zones.iter().filter_map(|z| z.enemy))
            .collect();
        exact("Enemy markers", enemy, c.enemy.len(), 0)?;
        let zm: Vec<u8> = self
            .zone_cup
            .contents()
            .iter()
            .chain(&self.zone_out)
            .copied()
            .chain(self.zones.iter().flat_map(|z| z.markers.iter().copied()))
            .collect();
        exact("Zone markers", zm, c.zone_markers.len(), 0)?;
        let o = &c.ordnance;
        let smoke: usize = self.zones.iter().map(|z| z.smoke.len()).sum();
        let gas = self.zones.iter().filter(|z| z.cs_gas.is_some()).count();
        let cluster: usize = self.zones.iter().map(|z| usize::from(z.cluster)).sum();
        if smoke > usize::from(o.smoke)
            || gas > usize::from(o.cs_gas)
            || cluster > usize::from(o.cluster)
            || self.marks_used() > usize::from(o.mark)
        {
            return Err("more ordnance markers on the map than exist".into());
        }
        for z in 0..5u8 {
            let n = self.zone_count(z);
            let fm = self
                .zone_aircraft(z)
                .any(|x| self.kind(x) == content::Kind::FastMover);
            let heli = self
                .zone_aircraft(z)
                .any(|x| self.kind(x) == content::Kind::Helicopter);
            if n > 4 || (fm && heli) {
                return Err(format!("stacking broken in zone {z}"));
            }
        }
        for s in &self.survivors {
            if let state::SurvivorPlace::Aboard(h) = s.place
                && !matches!(self.aircraft[usize::from(h)].place, Place::Zone(_))
            {
                return Err("a Survivor is aboard a helicopter that is not on the map".into());
            }
        }
        Ok(())
    }
}

impl Playable for Csar {
    fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(bot::HeuristicBot::new(seed))
    }

    fn rules_reference() -> Vec<RuleSection> {
        content().rules.clone()
    }

    /// One kind per question of [`Csar::prompt_text`]: the guide's explanations are keyed by it.
    fn decision_kind(&self) -> String {
        let kind = if self.wild_question.is_some() {
            "wild"
        } else if let Some(f) = &self.fire {
            match f.stage {
                FireStage::ChooseZone => "fire-zone",
                FireStage::Burn { .. } => "fire-burn",
                FireStage::PickAircraft { .. } => "fire-pick",
                FireStage::Spare { .. } => "fire-spare",
                FireStage::Allocate { .. } => "fire-allocate",
            }
        } else {
            match self.step {
                Step::Purchase => "purchase",
                Step::ChoosePilot => "choose-pilot",
                Step::PlacePilot(_) => "place-pilot",
                Step::SelectHand => "select-hand",
                Step::RevealZones => "reveal-zones",
                Step::Reserve => "reserve",
                Step::Command => "command",
                Step::Move => "move",
                Step::Assign => "assign",
                Step::Play => "play",
                Step::Rescue => "rescue",
                Step::Search => "search",
                Step::Abort => "abort",
                Step::ClearSkies => "clear-skies",
                _ => "other",
            }
        };
        kind.to_owned()
    }

    fn optional_rules() -> Vec<OptionalRule> {
        let rule = |key, title, rule, summary| OptionalRule {
            key,
            title,
            rule,
            summary,
        };
        vec![
            rule(
                "bombing_effectiveness",
                msg("Bombing Effectiveness"),
                "6.1",
                msg(
                    "Bomb damage is drawn once for all the hits on guns this turn: each roundel removes one gun that was hit.",
                ),
            ),
            rule(
                "pinpointing",
                msg("Pinpointing Survivors"),
                "6.2",
                msg(
                    "Survivors must first be found: helicopters wait in Orbit until cards drawn for the aircraft over a Survivor show a roundel.",
                ),
            ),
            rule(
                "danger_close",
                msg("Danger Close"),
                "6.3",
                msg(
                    "Attacks, napalm and cluster bombs in a Survivor's zone may wound the Survivor, or kill one already injured.",
                ),
            ),
            rule(
                "recovering_pilots",
                msg("Recovering Pilots"),
                "6.4",
                msg(
                    "Each turn a Shaken aircraft may become Cool again on a roundel; the Wild card leaves the deck for the game.",
                ),
            ),
            rule(
                "search_effectiveness",
                msg("Search Effectiveness"),
                "6.5",
                msg(
                    "The first Enemy Search that finds a rifle captures nobody; the Wild card leaves the deck after it.",
                ),
            ),
            rule(
                "huskie_one_survivor",
                msg("You've Got Your Troubles: the Huskie lifts one Survivor"),
                "7.3",
                msg("The small HH-43 helicopter can carry only one Survivor at a time."),
            ),
            rule(
                "arclight_strike",
                msg("Streetcar Down: the ArcLight strike hits the enemy"),
                "7.2",
                msg(
                    "The B-52 strike on turn 6 may also destroy guns, barrages and targets in zones without a Survivor.",
                ),
            ),
            rule(
                "capture_per_rifle",
                msg("Enemy Search: every rifle drawn captures a Survivor"),
                "4.4.2",
                msg(
                    "Harsher: each rifle in an Enemy Search captures a Survivor, not just one per search.",
                ),
            ),
            rule(
                "forgive_single_rifle",
                msg("Search Effectiveness forgives the first rifle only"),
                "6.5",
                msg(
                    "With Search Effectiveness, a second rifle in the forgiven search still captures a Survivor.",
                ),
            ),
        ]
    }

    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        odds::odds_for_prompt(self)
    }

    fn risks(&self, action: &Action) -> Vec<(Message, f64)> {
        odds::risks(self, action)
    }
}
