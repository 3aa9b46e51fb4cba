//! What Chopper Pilot's rules offer the application beyond `Game`: the bot, the rules
//! reference, the kinds of decision the guide explains and the chance behind a spotting try.

use std::sync::OnceLock;

use crate::engine::bot::Bot;
use crate::engine::message::Message;
use crate::engine::play::{Figure, OptionalRule, Playable};
use crate::engine::reference::{RuleSection, RulesFile};

use super::rules::bot::Commander;
use super::rules::content::{CampaignId, data};
use super::rules::{Action, ChopperPilot, Phase};

const RULES: &str = include_str!("../../../data/games/chopper_pilot/rules.toml");

impl Playable for ChopperPilot {
    fn heuristic_bot(_seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(Commander)
    }

    /// Helicopter repair and cooperative play, offered before a tour starts.
    fn optional_rules() -> Vec<OptionalRule> {
        super::rules::optional_rules()
    }

    fn rules_reference() -> Vec<RuleSection> {
        static SECTIONS: OnceLock<Vec<RuleSection>> = OnceLock::new();
        SECTIONS
            .get_or_init(|| {
                crate::engine::content::parse::<RulesFile>(
                    "data/games/chopper_pilot/rules.toml",
                    RULES,
                )
                .map(|f| f.section)
                .unwrap_or_default()
            })
            .clone()
    }

    /// One kind per question: the guide's explanations (`learn.toml`) are keyed by it.
    fn decision_kind(&self) -> String {
        let kind = match &self.phase {
            Phase::ChooseCrew(_) => "crew",
            Phase::ChooseHelicopter => "helicopter",
            Phase::Load => "load",
            Phase::Fly { .. } => "fly-out",
            Phase::Choice { .. } => "new-mission",
            Phase::Pickup => "pickup",
            Phase::Helicopters => "activate",
            Phase::Activation(_) => "activation",
            Phase::Support => "support",
            Phase::Return { .. } => "fly-home",
            Phase::Training => "training",
            Phase::CobraOffer => "cobra",
            Phase::Volunteer => "volunteer",
            Phase::Unwritten(_) | Phase::PilotLost => "over",
        };
        kind.to_owned()
    }

    /// The odds of every roll the active helicopter may bring about (`rules/odds.rs`).
    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        self.activation_odds()
    }

    /// A spotting try can fail (E3, or 5-6 for another helicopter), an attack do nothing, a
    /// landing draw fire.
    fn risks(&self, action: &Action) -> Vec<(Message, f64)> {
        self.action_risks(action)
    }

    /// Each Primary mission's victory points and the level of victory the Primary tour ended
    /// in (or the pilot lost on it), and how a MACV-SOG tour ended [10.3, 11.1].
    fn figures(&self) -> Vec<Figure> {
        const SCORED: &str = "Primary missions scored";
        const PRIMARY: &str = "Primary tours";
        const DONE: &str = "Primary tours completed";
        const SOG: &str = "MACV-SOG tours";
        let mut f = Vec::new();
        let over = matches!(self.phase, Phase::Unwritten(0));
        // Only the rows of the campaigns this game flew: a MACV-SOG tour begun on its own
        // scores no mission and has no Primary rows (zeros would read as missions flown badly).
        if self.campaign == CampaignId::Primary || self.primary_vp.is_some() {
            f.push(Figure::new(SCORED, self.mission_vp.len() as u64));
            f.push(
                Figure::new(
                    "victory points of those missions",
                    self.mission_vp.iter().map(|v| u64::from(*v)).sum(),
                )
                .per(SCORED),
            );
            for vp in 0..=data().career.vp_per_mission {
                let n = self.mission_vp.iter().filter(|v| **v == vp).count();
                f.push(
                    Figure::new(format!("missions scoring {vp} victory points"), n as u64)
                        .per(SCORED),
                );
            }
            // The Primary tour's points once it is over: kept when the pilot went on to SOG.
            let done = self
                .primary_vp
                .or((self.campaign == CampaignId::Primary && over).then_some(self.victory_points));
            f.push(Figure::new(PRIMARY, 1));
            f.push(
                Figure::new(
                    "Primary tours with the pilot lost",
                    u64::from(done.is_none()),
                )
                .per(PRIMARY),
            );
            f.push(Figure::new(DONE, u64::from(done.is_some())).per(PRIMARY));
            f.push(
                Figure::new(
                    "victory points of the completed tours",
                    done.map_or(0, u64::from),
                )
                .per(DONE),
            );
            let band = done.and_then(|vp| {
                data()
                    .bands
                    .iter()
                    .filter(|b| u32::from(b.from) <= vp)
                    .max_by_key(|b| b.from)
            });
            let mut bands: Vec<_> = data().bands.iter().collect();
            bands.sort_by_key(|b| std::cmp::Reverse(b.from));
            for b in bands {
                f.push(
                    Figure::new(
                        format!("completed tours ending \"{}\" ({}+ VP)", b.title, b.from),
                        u64::from(band == Some(b)),
                    )
                    .per(DONE),
                );
            }
        }
        if self.campaign == CampaignId::Sog {
            f.push(Figure::new(SOG, 1));
            f.push(Figure::new("MACV-SOG tours survived", u64::from(over)).per(SOG));
            f.push(
                Figure::new(
                    "MACV-SOG tours with the pilot lost",
                    u64::from(self.phase == Phase::PilotLost),
                )
                .per(SOG),
            );
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::reference::find;

    #[test]
    fn a_sog_tour_on_its_own_reports_no_primary_rows() {
        let names = |scenario: &str| -> Vec<String> {
            let g = ChopperPilot::setup(scenario, &Default::default(), 3).unwrap();
            g.figures().into_iter().map(|f| f.name).collect()
        };
        let sog = names("sog");
        assert!(sog.iter().any(|n| n == "MACV-SOG tours"), "{sog:?}");
        assert!(
            !sog.iter()
                .any(|n| n.contains("Primary") || n.contains("victory points")),
            "{sog:?}"
        );
        let primary = names("primary");
        assert!(primary.iter().any(|n| n == "Primary missions scored"));
        assert!(
            !primary.iter().any(|n| n.contains("MACV-SOG")),
            "{primary:?}"
        );
    }

    #[test]
    fn every_rule_a_prompt_or_the_log_names_is_in_the_reference() {
        let rules = ChopperPilot::rules_reference();
        assert!(rules.len() > 20, "{} sections", rules.len());
        let mut g = ChopperPilot::setup("primary", &Default::default(), 5).unwrap();
        let mut bot = Commander;
        for _ in 0..3_000 {
            let p = g.prompt();
            if p.choices.is_empty() {
                break;
            }
            assert!(find(&rules, &p.rule).is_some(), "prompt rule {}", p.rule);
            let actions = g.legal_actions();
            let a = bot.choose(&g, &actions);
            g.apply(&a).unwrap();
        }
        for entry in g.log().entries() {
            assert!(
                find(&rules, &entry.rule).is_some(),
                "log rule {:?}",
                entry.rule
            );
        }
    }
}
