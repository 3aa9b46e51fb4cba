//! The sequence of play (3.0, 4.0): runs every automatic step and stops at the next decision.
//! Immediate end triggers (5.0) are checked between every step.

use crate::engine::game::Verdict;
use crate::engine::message::{Message, msg, msg_n, n_};

use super::content::{Kind, Symbol, content};
use super::record::Happening;
use super::state::{Csar, Fate, Place, Step, SurvivorPlace, Want};

impl Csar {
    /// Advances through automatic steps until a decision is pending or the game is over.
    pub fn run(&mut self) {
        for _ in 0..10_000 {
            if self.step == Step::Over {
                return;
            }
            if self.ended_now() {
                self.end_mission();
                continue;
            }
            if self.fire.is_some() {
                self.fire_auto();
                if self.fire.is_some() {
                    if self.ended_now() {
                        continue;
                    }
                    return;
                }
                self.after_fire();
                continue;
            }
            if !self.advance_step() {
                return;
            }
        }
    }

    /// What happens when a fire window closes, by the step that opened it.
    fn after_fire(&mut self) {
        match self.step {
            Step::GunFire => self.step = Step::Play,
            Step::Rescue => self.finish_rescue(),
            _ => {}
        }
    }

    /// Performs one automatic step; false when the current step waits for the player.
    fn advance_step(&mut self) -> bool {
        match self.step {
            Step::TurnStart => {
                self.turn_start();
                true
            }
            Step::Event => {
                self.event_phase();
                true
            }
            Step::Draw => {
                if self.turn > 1 {
                    let limit = usize::from(self.hand_limit) + usize::from(self.radio_contact);
                    let limit = limit.saturating_sub(usize::from(self.comms_trouble));
                    let want = limit.saturating_sub(self.hand.len() + self.reserve.len());
                    let names = self.draw_actions(want);
                    self.note(Happening::Drew {
                        cards: names.len() as u8,
                    });
                    self.log.add_with(
                        "4.2.1",
                        msg_n(
                            "You draw {n} Action card",
                            "You draw {n} Action cards",
                            names.len(),
                        )
                        .arg("n", names.len()),
                        vec![crate::engine::log::Random::Cards(names)],
                    );
                }
                self.step = Step::Reserve;
                true
            }
            Step::Reserve => {
                if self.can_reserve() {
                    return false;
                }
                self.step = Step::Command;
                true
            }
            Step::Command => {
                let commands: Vec<u8> = self
                    .hand
                    .iter()
                    .copied()
                    .filter(|&c| Self::is_command(c))
                    .collect();
                if commands.is_empty() {
                    self.step = Step::Move;
                    return true;
                }
                if self.grounded() {
                    for c in commands {
                        self.hand.retain(|&h| h != c);
                        self.actions.discard(c);
                    }
                    self.log.add(
                        "7.0",
                        msg("No card may be played this turn: Command cards are discarded"),
                    );
                    return true;
                }
                false
            }
            Step::Move => {
                if self.grounded() {
                    self.step = Step::Assign;
                    return true;
                }
                false
            }
            Step::Assign => {
                if self.grounded() || !self.can_assign_any() {
                    self.step = Step::GunFire;
                    self.start_fire(false);
                    return true;
                }
                false
            }
            Step::GunFire => {
                // Only reached when no fire window is open (no targets): go on.
                self.step = Step::Play;
                true
            }
            Step::Play => {
                let boxed = self.zones.iter().any(|z| !z.card_box.is_empty());
                if boxed || self.covey_can_reveal().is_some() {
                    return false;
                }
                self.step = Step::Rescue;
                true
            }
            Step::Rescue => {
                if self.rescue_pending.is_some() {
                    self.finish_rescue();
                    return true;
                }
                if !self.rescue_options().is_empty() || self.suppress_possible() {
                    return false;
                }
                self.end_rescue_segment();
                true
            }
            Step::EndTurn => {
                self.damage_assessment();
                if !self.any_stranded() {
                    self.search = 0;
                }
                self.step = Step::Search;
                true
            }
            Step::Search => {
                if self.any_stranded() && self.search > 1 && self.burnable().next().is_some() {
                    return false;
                }
                self.enemy_search(0);
                self.step = Step::Abort;
                true
            }
            Step::Abort => {
                if self.abort_check_due() && self.abort > 1 && self.burnable().next().is_some() {
                    return false;
                }
                self.abort_check(0);
                self.step = Step::Cleanup;
                true
            }
            Step::Cleanup => {
                self.end_of_turn();
                true
            }
            Step::ClearSkies
            | Step::Purchase
            | Step::ChoosePilot
            | Step::PlacePilot(_)
            | Step::SelectHand
            | Step::RevealZones => false,
            Step::Over => false,
        }
    }

    /// Start of turn hooks, then the Event Phase or, on turn 1, the Card Phase.
    fn turn_start(&mut self) {
        for a in self.aircraft.iter_mut() {
            a.moved = false;
        }
        for z in self.zones.iter_mut() {
            z.cards_this_turn = 0;
        }
        self.comms_trouble = false;
        self.radio_contact = false;
        self.migs = false;
        self.evacuating = None;
        self.record_turn();
        self.log
            .add("3.0", msg("Turn {t} begins").arg("t", self.turn));
        let scen = self.scenario_data();
        let in_campaign = self.campaign.is_some();
        if !in_campaign
            && let Some(from) = scen.variable_end_from
            && self.turn >= from
        {
            let want = Want::Avoid(Symbol::Crosshairs);
            let card = self.draw_one(
                Some(want),
                "7.0",
                msg("Streetcar Down: does the mission go on?"),
            );
            if card.is_some_and(|c| self.symbol_of(c, want) == Symbol::Crosshairs) {
                self.log
                    .add("7.0", msg("Crosshairs: the scenario ends now"));
                self.end_mission();
                return;
            }
        }
        if !in_campaign
            && scen
                .fast_movers_return_until
                .is_some_and(|t| self.turn >= 2 && self.turn <= t + 1)
        {
            self.fast_mover_from_pool();
        }
        if self.options.pinpointing {
            self.pinpointing();
        }
        if self.turn == 1 {
            self.step = Step::Reserve;
            return;
        }
        if !in_campaign
            && let Some(r) = &scen.reinforcements
            && r.turn == self.turn
        {
            for a in self.aircraft.iter_mut() {
                if a.place == Place::Absent && a.arrives == Some(self.turn) {
                    a.place = Place::Orbit;
                }
            }
            self.log
                .add("7.0", msg("Reinforcements reach the Orbit Box"));
        }
        self.step = Step::Event;
    }

    pub fn end_rescue_segment(&mut self) {
        for zone in 0..5 {
            for (card, _) in std::mem::take(&mut self.zones[zone].card_box) {
                self.actions.discard(card);
            }
        }
        self.rescue_tried.clear();
        self.rescue_helis.clear();
        self.step = Step::EndTurn;
    }

    /// Deck Cleanup, Marker Adjustment, 6.4, and the turn limit.
    fn end_of_turn(&mut self) {
        for c in std::mem::take(&mut self.hand) {
            self.actions.discard(c);
        }
        self.marker_adjustment();
        if self.ended_now() {
            return;
        }
        self.recovering_pilots();
        if self.turn >= self.turns {
            self.log.add("5.0", msg("The last turn is over"));
            self.end_mission();
            return;
        }
        self.turn += 1;
        self.step = Step::TurnStart;
    }

    /// Immediate end triggers (5.0, §5.1).
    pub fn ended_now(&self) -> bool {
        if self.result.is_some() && self.campaign.is_none() {
            return true;
        }
        if self.aborted {
            return true;
        }
        if matches!(
            self.step,
            Step::Purchase
                | Step::ChoosePilot
                | Step::PlacePilot(_)
                | Step::SelectHand
                | Step::RevealZones
        ) {
            return false;
        }
        let helis = || {
            self.aircraft
                .iter()
                .filter(|a| a.kind == Kind::Helicopter && a.in_mission)
        };
        if helis().next().is_some() && helis().all(|a| a.fate == Fate::Destroyed) {
            return true;
        }
        if !self.survivors_on_map() {
            return true;
        }
        if self.air_force_cross() {
            if self
                .survivors
                .iter()
                .any(|s| s.place == SurvivorPlace::Captured)
            {
                return true;
            }
            if helis().all(|a| a.fate != Fate::Flying) {
                return true;
            }
        }
        false
    }

    pub fn air_force_cross(&self) -> bool {
        self.campaign.is_none() && self.scenario_data().air_force_cross_victory
    }

    /// The result of a finished mission (5.0; Air Force Cross: its own list, A-28).
    pub fn evaluate(&self) -> (Verdict, &'static str) {
        let lost_survivor = self
            .survivors
            .iter()
            .any(|s| matches!(s.place, SurvivorPlace::Killed | SurvivorPlace::Captured));
        let stranded = self.any_stranded();
        let all_off = self
            .survivors
            .iter()
            .all(|s| s.place == SurvivorPlace::OffMap);
        let destroyed = self.aircraft.iter().any(|a| a.fate == Fate::Destroyed);
        if self.aborted {
            return (Verdict::Loss, n_("The mission was aborted."));
        }
        if lost_survivor {
            return (Verdict::Loss, n_("A Survivor was killed or captured."));
        }
        if stranded {
            return (
                Verdict::Loss,
                n_("A Survivor is still stranded on the map."),
            );
        }
        if self.air_force_cross() {
            let helis_gone = self
                .aircraft
                .iter()
                .filter(|a| a.kind == Kind::Helicopter && a.in_mission)
                .all(|a| a.fate != Fate::Flying);
            if helis_gone {
                return (Verdict::Loss, n_("Both helicopters were shot down."));
            }
            let team_lost = self.aircraft.iter().any(|a| {
                a.kind != Kind::FastMover && matches!(a.fate, Fate::ShotDown | Fate::Destroyed)
            });
            return if team_lost {
                (
                    Verdict::Draw,
                    n_("Every Survivor was rescued, but an aircraft was lost."),
                )
            } else {
                (
                    Verdict::Win,
                    n_("Every Survivor was rescued with no aircraft lost."),
                )
            };
        }
        if all_off {
            if destroyed {
                return (
                    Verdict::Draw,
                    n_("Every Survivor is home, but an aircraft was destroyed."),
                );
            }
            return (
                Verdict::Win,
                n_("Every Survivor was flown off the map with no aircraft destroyed."),
            );
        }
        (
            Verdict::Draw,
            n_("A Survivor is still aboard a helicopter over the map."),
        )
    }

    /// Records the mission's result; the campaign then scores it and moves on.
    pub fn end_mission(&mut self) {
        let (verdict, why) = self.evaluate();
        self.log.add(
            "5.0",
            msg("Mission over: {v}. {why}")
                .message("v", verdict_word(verdict))
                .term("why", why),
        );
        self.fire = None;
        self.rescue_pending = None;
        if self.campaign.is_some() {
            self.campaign_mission_over(verdict);
        } else {
            self.result = Some((verdict, msg(why)));
            self.step = Step::Over;
        }
    }

    /// Pilot/PJ card used for its discard ability: the counter leaves, the card returns next mission.
    pub fn pilot_card_used(&mut self, a: u8) {
        if let Some(p) = self.aircraft[usize::from(a)].pilot.take() {
            self.pilots_in_play.retain(|&x| x != p);
            self.pilots_out.push(p);
        }
    }

    /// A Pilot/PJ killed or captured.
    pub fn pilot_lost(&mut self, p: u8) {
        self.pilots_in_play.retain(|&x| x != p);
        self.pilots_out.push(p);
        self.pilots_lost.push(p);
        self.note(Happening::PilotLost { pilot: p });
        for s in self.survivors.iter_mut() {
            if s.pilot == Some(p) {
                s.pilot = None;
            }
        }
        self.log.add(
            "2.4.1",
            msg("{p} is lost").term("p", &content().pilots[usize::from(p)].name),
        );
    }
}

/// The result in a word for the log.
fn verdict_word(v: Verdict) -> Message {
    match v {
        Verdict::Win => msg("won"),
        // Translators: the mission's result, not the verb "to draw a card".
        Verdict::Draw => msg("drawn"),
        Verdict::Loss => msg("lost"),
    }
}
