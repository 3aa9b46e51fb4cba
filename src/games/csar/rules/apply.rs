//! Performing one checked action.

use crate::engine::game::{Applied, Refusal};
use crate::engine::message::msg;

use super::actions::{Action, title};
use super::choices::Sink;
use super::content::{Kind, Symbol, content};
use super::draws::symbol_word;
use super::markers::MarkerKind;
use super::record::Happening;
use super::state::{Csar, FireStage, Place, Step, WildQuestion, ZONE_NAMES, aircraft_name};

impl Csar {
    /// Why `action` is not legal now (called only after the check failed).
    fn refusal(&self, action: &Action) -> Refusal {
        if self.step == Step::Over {
            return Refusal::new(msg("The game is over"));
        }
        let reason = match action {
            Action::Move { aircraft, to } => {
                let a = usize::from(*aircraft);
                if a >= self.aircraft.len() {
                    msg("There is no such aircraft")
                } else if self.step != Step::Move || self.fire.is_some() {
                    msg("Aircraft move only in the Move Aircraft segment (4.3.1)")
                } else if self.aircraft[a].moved {
                    msg("{a} has already moved this turn").term("a", aircraft_name(*aircraft))
                } else if let Place::Zone(z) = to
                    && self.zone_count(*z) >= 4
                {
                    msg("A zone holds at most four aircraft (4.3.1)")
                } else {
                    msg("{a} cannot move there now (4.3.1)").term("a", aircraft_name(*aircraft))
                }
            }
            Action::Assign { card, .. }
                if !self.hand.contains(card) && !self.reserve.contains(card) =>
            {
                msg("That card is not in your hand or Reserve")
            }
            Action::Assign { .. } => {
                msg("That card cannot be assigned to that aircraft now (4.3.2)")
            }
            Action::Burn(c) if !self.hand.contains(c) => {
                msg("Only cards in your hand can be burned (4.3.3 D)")
            }
            Action::Rescue { .. } => msg("That rescue is not possible now (4.3.5)"),
            _ => msg("That is not a legal action now"),
        };
        Refusal::new(reason)
    }

    pub fn apply_action(&mut self, action: &Action) -> Result<Applied, Refusal> {
        let mut sink = Sink::probe(action);
        self.choices(&mut sink);
        if !sink.found {
            return Err(self.refusal(action));
        }
        let markers_out = self.markers_out();
        match action {
            Action::NameWild(answer) => self.answer_wild(*answer),
            _ => {
                self.before_action(action);
                self.resolve(action, Vec::new());
            }
        }
        // Cards and cup draws the session sees in the generator; a face-down marker placed at
        // set-up that turns up now is hidden information the game itself reports.
        Ok(if self.markers_out() != markers_out {
            Applied::REVEALED
        } else {
            Applied::QUIET
        })
    }

    /// Carries out `action` with `calls` as the answers for the Wild cards it draws (2.2.1). A
    /// Wild drawn without an answer puts the position back as it was before the action and
    /// asks the player; the answer resolves the action again from there, with the same cards.
    /// The position before is kept cheaply (see `rewind.rs`) and made only when needed.
    fn resolve(&mut self, action: &Action, calls: Vec<Symbol>) {
        let entries = self.log.len();
        let rng = self.rng.clone();
        self.wild_calls = calls.clone();
        self.wild_unanswered = None;
        self.perform(action);
        self.run();
        self.wild_calls.clear();
        self.wild_named = None;
        let Some(want) = self.wild_unanswered.take() else {
            self.after_action(rng, action);
            return;
        };
        let before = self.position_before(rng);
        let mut log = std::mem::take(&mut self.log);
        log.truncate(entries);
        // The generator as the action left it: results a script arranged for the action
        // count as used here, and are used again, from `before`, once the Wild is named.
        let rng = self.rng.clone();
        self.clone_from(&before);
        self.log = log;
        self.rng = rng;
        self.wild_question = Some(Box::new(WildQuestion {
            before: *before,
            action: action.clone(),
            calls,
            want,
        }));
    }

    /// The player says what the Wild card counts as: the action that drew it is resolved again.
    fn answer_wild(&mut self, answer: Symbol) {
        let Some(question) = self.wild_question.take() else {
            return;
        };
        let WildQuestion {
            before,
            action,
            mut calls,
            ..
        } = *question;
        let log = std::mem::take(&mut self.log);
        // Resolved again from the position before, which is also where another Wild card in
        // the same action sends it back to.
        self.clone_from(&before);
        self.log = log;
        self.rewind_to(before);
        let said = if answer == Symbol::Reshuffle {
            msg("The Wild card is treated as a Reshuffle")
        } else if answer == Symbol::Wild {
            msg("The Wild card is kept as it is")
        } else {
            msg("The Wild card counts as {symbol}").term("symbol", symbol_word(answer))
        };
        self.log.add("2.2.1", said);
        calls.push(answer);
        self.resolve(&action, calls);
        // The answers given are not an action the position can be rebuilt with: a new copy.
        self.forget_rewind();
    }

    /// Hidden and Enemy markers turned up or set aside so far.
    fn markers_out(&self) -> usize {
        self.hidden_out.len() + self.enemy_out.len()
    }

    fn perform(&mut self, action: &Action) {
        match *action {
            Action::Buy(p) => self.buy(p),
            Action::ChoosePilot(p) => {
                self.pilots.take(&p);
                self.pilots_in_play.push(p);
                if self.scenario_data().pilot == "claws_or_piney" && self.campaign.is_none() {
                    self.aircraft[0].pilot = Some(p);
                    self.after_pilot();
                } else {
                    self.step = Step::PlacePilot(p);
                }
            }
            Action::DrawPilot => {
                if let Some(d) = self.pilots.draw(&mut self.rng) {
                    self.log.add_with(
                        "7.0",
                        msg("Pilot/PJ drawn: {p}")
                            .term("p", &content().pilots[usize::from(d.card)].name),
                        vec![crate::engine::log::Random::Cards(vec![
                            content().pilots[usize::from(d.card)].name.as_str().into(),
                        ])],
                    );
                    self.pilots_in_play.push(d.card);
                    self.step = Step::PlacePilot(d.card);
                }
            }
            Action::PlacePilot(a) => {
                if let Step::PlacePilot(p) = self.step {
                    self.aircraft[usize::from(a)].pilot = Some(p);
                    self.log.add(
                        "7.0",
                        msg("{p} flies with {a}")
                            .term("p", &content().pilots[usize::from(p)].name)
                            .term("a", aircraft_name(a)),
                    );
                }
                self.after_pilot();
            }
            Action::TakeCard(c) => {
                self.actions.take(&c);
                self.hand.push(c);
                if let super::content::StartingHand::Select(n) = self.scenario_data().starting_hand
                    && self.hand.len() >= usize::from(n)
                {
                    self.actions.shuffle_draw(&mut self.rng);
                    self.after_hand();
                }
            }
            Action::RevealZone(z) => {
                self.reveal(z, MarkerKind::Enemy, "7.0");
                if let Some(m) = self.zone_cup.take(|&m| {
                    content().zone_markers[usize::from(m)]
                        == super::content::ZoneMarker::CoordinatedFire
                }) {
                    self.zones[usize::from(z)].markers.push(m);
                }
                for u in self.zones[usize::from(z)].units.iter_mut() {
                    u.fresh = false;
                }
                if self
                    .zones
                    .iter()
                    .skip(1)
                    .filter(|z| z.enemy.is_none())
                    .count()
                    >= 2
                {
                    self.finish_setup();
                }
            }
            Action::Reserve(c) => {
                self.hand.retain(|&h| h != c);
                self.reserve.push(c);
            }
            Action::DiscardReserve(c) => {
                self.reserve.retain(|&h| h != c);
                self.actions.discard(c);
            }
            // Answered in `answer_wild`, never performed as such.
            Action::NameWild(_) => {}
            Action::Done => self.done(),
            Action::PlayCommand { card, target } => self.play_command(card, target),
            Action::DiscardCommand(c) => {
                self.hand.retain(|&h| h != c);
                self.actions.discard(c);
            }
            Action::Select(a) => self.selected = Some(a),
            Action::Move { aircraft, to } => {
                self.selected = None;
                self.move_aircraft(aircraft, to);
            }
            Action::Assign { card, aircraft } => {
                self.hand.retain(|&h| h != card);
                self.reserve.retain(|&h| h != card);
                if let Place::Zone(z) = self.aircraft[usize::from(aircraft)].place {
                    let zone = &mut self.zones[usize::from(z)];
                    zone.card_box.push((card, aircraft));
                    zone.cards_this_turn += 1;
                    self.log.add(
                        "4.3.2",
                        msg("{card} assigned to {a}")
                            .term("card", title(card))
                            .term("a", aircraft_name(aircraft)),
                    );
                }
            }
            Action::Suppress { card, gun, second } => self.play_suppress(card, gun, second),
            Action::FireAt(z) => self.fire_at(z),
            Action::Burn(c) => {
                self.hand.retain(|&h| h != c);
                self.actions.discard(c);
                self.log
                    .add("4.3.3 D", msg("{card} burned").term("card", title(c)));
                match self.step {
                    Step::Search | Step::Abort if self.fire.is_none() => self.burned += 1,
                    _ => {
                        if let Some(f) = self.fire.as_mut()
                            && let FireStage::Burn { zone, hits } = f.stage
                        {
                            let hits = hits - 1;
                            f.stage = if hits > 1
                                && self.hand.iter().any(|&c| {
                                    content().action(c).kind == super::content::CardKind::Aircraft
                                }) {
                                FireStage::Burn { zone, hits }
                            } else {
                                FireStage::Allocate { zone, hits }
                            };
                        }
                    }
                }
            }
            Action::HitAircraft(a) => {
                if let Some(f) = &self.fire
                    && let FireStage::PickAircraft { zone, hits, .. } = f.stage
                {
                    self.resume_allocation(zone, hits, a, false);
                }
            }
            Action::UsePilotCard => {
                if let Some(f) = &self.fire
                    && let FireStage::Spare {
                        zone,
                        hits,
                        aircraft,
                    } = f.stage
                {
                    self.resume_allocation(zone, hits, aircraft, true);
                }
            }
            Action::Play { card, target } => self.play_card(card, target),
            Action::DiscardAssigned(c) => {
                for z in self.zones.iter_mut() {
                    z.card_box.retain(|(x, _)| *x != c);
                }
                self.actions.discard(c);
            }
            Action::Rescue {
                heli,
                survivor,
                pj_card,
            } => {
                let mut bonus = 0;
                if pj_card {
                    if self.pilot_named(heli, "Pits") {
                        bonus = 2;
                    } else {
                        self.survivors[usize::from(survivor)].injured = false;
                    }
                    self.pilot_card_used(heli);
                }
                self.declare_rescue(heli, survivor, bonus);
            }
            Action::PilotAbility(a) => {
                if self.pilot_named(a, "Piney") {
                    self.aircraft[usize::from(a)].shaken = false;
                    self.pilot_card_used(a);
                    self.log.add(
                        "2.4.1",
                        msg("Piney's card: {a} is Cool again").term("a", aircraft_name(a)),
                    );
                } else if let Place::Zone(z) = self.aircraft[usize::from(a)].place {
                    self.pilot_card_used(a);
                    self.reveal(z, MarkerKind::Hidden, "2.4.1");
                    self.start_fire(true);
                }
            }
            Action::ClearSkies(a) => {
                self.aircraft[usize::from(a)].shaken = false;
                self.log
                    .add("4.1", msg("{a} is Cool again").term("a", aircraft_name(a)));
                self.step = Step::Draw;
            }
        }
    }

    fn done(&mut self) {
        if let Some(f) = &self.fire {
            match f.stage {
                FireStage::Burn { zone, hits } => {
                    if let Some(f) = self.fire.as_mut() {
                        f.stage = FireStage::Allocate { zone, hits };
                    }
                }
                FireStage::Spare {
                    zone,
                    hits,
                    aircraft,
                } => {
                    self.hit_aircraft(aircraft);
                    if let Some(f) = self.fire.as_mut() {
                        f.stage = FireStage::Allocate {
                            zone,
                            hits: hits - 1,
                        };
                    }
                }
                _ => {}
            }
            return;
        }
        match self.step {
            Step::Purchase => self.start_campaign_mission(),
            Step::Reserve => self.step = Step::Command,
            Step::Move => self.step = Step::Assign,
            Step::Assign => {
                self.step = Step::GunFire;
                self.start_fire(false);
            }
            Step::Play => self.step = Step::Rescue,
            Step::Rescue => self.end_rescue_segment(),
            Step::Search => {
                let burned = std::mem::take(&mut self.burned);
                self.enemy_search(burned);
                self.step = Step::Abort;
            }
            Step::Abort => {
                let burned = std::mem::take(&mut self.burned);
                self.abort_check(burned);
                self.step = Step::Cleanup;
            }
            _ => {}
        }
    }

    fn move_aircraft(&mut self, a: u8, to: Place) {
        self.aircraft[usize::from(a)].moved = true;
        self.note(Happening::Moved { aircraft: a, to });
        self.log.add(
            "4.3.1",
            msg("{a} moves to {to}")
                .term("a", aircraft_name(a))
                .term("to", super::choices::place_name(to)),
        );
        match to {
            Place::Orbit => self.to_orbit(a),
            Place::Zone(z) => {
                self.aircraft[usize::from(a)].place = to;
                if self.kind(a) == Kind::Helicopter && self.zones[usize::from(z)].enemy.is_some() {
                    // Guns revealed now join the coming Enemy Gun Fire Segment.
                    self.reveal(z, MarkerKind::Enemy, "4.3.1");
                    for u in self.zones[usize::from(z)].units.iter_mut() {
                        u.fresh = false;
                    }
                    self.log.add(
                        "4.3.1",
                        msg("The helicopter's arrival in {zone} stirs up the enemy")
                            .term("zone", ZONE_NAMES[usize::from(z)]),
                    );
                }
            }
            _ => {}
        }
    }
}
