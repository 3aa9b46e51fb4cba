//! The decisions of the Tactical Map, the way home and the post-mission bookkeeping: what is
//! offered (with the cost or odds in the label) and what each answer does.

use super::Action;
use super::content::data;
use super::movement::Step;
use super::ops::unit_name;
use super::route::hex_target;
use super::state::{ChopperPilot, Phase};
use super::tactical::support_name;
use crate::engine::game::{Choice, Verdict};
use crate::engine::message::{Message, msg, n_};

impl ChopperPilot {
    /// The prompt text, rule and choices of the later phases.
    pub(super) fn later_choices(&self) -> (Message, &'static str, Vec<Choice<Action>>) {
        match &self.phase {
            Phase::Helicopters => (
                msg("Turn {turn}: which helicopter flies next?").arg("turn", self.tac().turn),
                "8.2",
                self.to_activate()
                    .into_iter()
                    .map(|h| {
                        Choice::new(Action::Activate(h), self.owned_name(h))
                            .on(format!("helicopter:{h}"))
                    })
                    .collect(),
            ),
            Phase::Activation(h) => {
                let h = *h;
                let f = self.tac().flying(h).expect("on the map");
                (
                    msg("{helicopter} at {hex}, {altitude}: {mp} MP left")
                        .arg("helicopter", self.mission().flight[h].name())
                        .arg("hex", self.hex_name(f.hex))
                        .term("altitude", f.altitude.name())
                        .arg("mp", f.mp_left),
                    "8.3",
                    self.activation_choices(h),
                )
            }
            Phase::Support => {
                let mut c: Vec<Choice<Action>> = self
                    .support_targets()
                    .into_iter()
                    .map(|(kind, unit)| {
                        let u = self.tac().unit(unit).expect("listed");
                        Choice::new(
                            Action::Call { kind, unit },
                            msg("Call an {support} on {hex} ({unit})")
                                .term("support", support_name(kind))
                                .arg("hex", self.hex_name(u.hex))
                                .term("unit", unit_name(&u.unit)),
                        )
                        .on(format!("unit:{unit}"))
                    })
                    .collect();
                c.push(Choice::new(Action::Pass, msg("No more calls this turn")));
                (msg("Air strikes and artillery for next turn"), "9.4.3", c)
            }
            Phase::Return { at } => {
                let next = &self.mission().route[at - 1];
                (
                    msg("Flying home: the flight is at {point}")
                        .arg("point", &self.mission().route[*at]),
                    "7.4",
                    vec![Choice::new(
                        Action::FlyOn,
                        msg("Fly on to {point}").arg("point", next),
                    )],
                )
            }
            Phase::Training => {
                let mut c: Vec<Choice<Action>> = self
                    .trainable()
                    .into_iter()
                    .map(|(member, skill)| {
                        let m = &self.crew[member];
                        Choice::new(
                            Action::Train { member, skill },
                            msg("{name}: {skill} to +{level}")
                                .arg("name", &m.name)
                                .term("skill", skill.name())
                                .arg("level", skill.of(m) + 1),
                        )
                    })
                    .collect();
                c.push(Choice::new(Action::Done, msg("Keep the points banked")));
                (
                    msg("Skill points in the bank: {points}").arg("points", self.skill_points),
                    "10.2",
                    c,
                )
            }
            Phase::Volunteer => (
                msg("Your Primary tour is over: volunteer for six months with MACV-SOG?"),
                "11.1",
                vec![
                    Choice::new(Action::Accept, msg("Volunteer")),
                    Choice::new(Action::Decline, msg("Go home")),
                ],
            ),
            Phase::CobraOffer => (
                msg("A Cobra slot is offered: transition to the AH-1?"),
                "5.2",
                vec![
                    Choice::new(Action::Accept, msg("Fly Cobras")),
                    Choice::new(Action::Decline, msg("Stay with the Hueys")),
                ],
            ),
            _ => (msg("In progress"), "", Vec::new()),
        }
    }

    /// The legal actions of the later phases, without labels (bots call this often).
    pub(super) fn later_actions(&self) -> Vec<Action> {
        match &self.phase {
            Phase::Helicopters => self
                .to_activate()
                .into_iter()
                .map(Action::Activate)
                .collect(),
            Phase::Activation(h) => self.activation_actions(*h),
            Phase::Support => {
                let mut a: Vec<Action> = self
                    .support_targets()
                    .into_iter()
                    .map(|(kind, unit)| Action::Call { kind, unit })
                    .collect();
                a.push(Action::Pass);
                a
            }
            Phase::Return { .. } => vec![Action::FlyOn],
            Phase::Training => {
                let mut a: Vec<Action> = self
                    .trainable()
                    .into_iter()
                    .map(|(member, skill)| Action::Train { member, skill })
                    .collect();
                a.push(Action::Done);
                a
            }
            Phase::CobraOffer | Phase::Volunteer => vec![Action::Accept, Action::Decline],
            _ => Vec::new(),
        }
    }

    /// Whether `action` is one of [`ChopperPilot::activation_actions`] of helicopter `h`,
    /// asking only the rule that offers that kind of action (the list is the same; checking an
    /// action this way spares building the whole of it at every step).
    pub(super) fn activation_allows(&self, h: usize, action: &Action) -> bool {
        match action {
            Action::Fire { weapon, unit } => self.may_fire(h, *weapon, *unit),
            Action::Spot(unit) => self.spottable_units(h).any(|u| u == *unit),
            Action::Search => self.may_search(h),
            Action::Move(s) => self.step_cost(h, *s).is_some(),
            Action::Exit => self.may_exit(h),
            Action::EndActivation => self.may_end(h, None),
            _ => false,
        }
    }

    /// What the active helicopter may do: shoot, spot, search, move, leave, or stop.
    fn activation_actions(&self, h: usize) -> Vec<Action> {
        let mut a: Vec<Action> = Vec::with_capacity(32);
        a.extend(
            self.shots(h)
                .into_iter()
                .map(|(weapon, unit)| Action::Fire { weapon, unit }),
        );
        a.extend(self.spottable(h).into_iter().map(Action::Spot));
        if self.may_search(h) {
            a.push(Action::Search);
        }
        let steps = self.legal_steps(h);
        a.extend(steps.iter().map(|(s, _)| Action::Move(*s)));
        if self.may_exit(h) {
            a.push(Action::Exit);
        }
        if self.may_end(h, Some(&steps)) {
            a.push(Action::EndActivation);
        }
        a
    }

    fn activation_choices(&self, h: usize) -> Vec<Choice<Action>> {
        let heli = &self.mission().flight[h];
        let weapons = &data().helicopter(heli.kind).weapons;
        let steps = self.legal_steps(h);
        self.activation_actions(h)
            .into_iter()
            .map(|a| {
                let label = match &a {
                    Action::Fire { weapon, unit } => {
                        let u = self.tac().unit(*unit).expect("listed");
                        msg("Fire the {weapon} at {unit} in {hex}")
                            .term("weapon", weapons[usize::from(*weapon)].name.as_str())
                            .term("unit", unit_name(&u.unit))
                            .arg("hex", self.hex_name(u.hex))
                    }
                    Action::Spot(unit) => {
                        let u = self.tac().unit(*unit).expect("listed");
                        msg("Look for the unit in {hex}").arg("hex", self.hex_name(u.hex))
                    }
                    Action::Search => msg("Search (E5)"),
                    Action::Move(s) => {
                        let cost = steps.iter().find(|(x, _)| x == s).map_or(0, |(_, c)| *c);
                        msg("{step} ({cost} MP)")
                            .term("step", step_name(*s))
                            .arg("cost", cost)
                    }
                    Action::Exit => msg("Leave the map"),
                    _ => msg("End this helicopter's activation"),
                };
                let target = match &a {
                    Action::Fire { unit, .. } | Action::Spot(unit) => Some(format!("unit:{unit}")),
                    _ => None,
                };
                let c = Choice::new(a, label);
                match target {
                    Some(t) => c.on(t),
                    None => c,
                }
            })
            .chain(self.routes(h).into_iter().map(|(hex, r)| {
                Choice::new(
                    Action::FlyTo(hex),
                    msg("Fly to {hex} ({cost} MP)")
                        .arg("hex", self.hex_name(hex))
                        .arg("cost", r.cost),
                )
                .on(hex_target(hex))
            }))
            .collect()
    }

    /// Performs a decision of the later phases.
    pub(super) fn apply_later(&mut self, action: &Action) {
        let active = match self.phase {
            Phase::Activation(h) => Some(h),
            _ => None,
        };
        match (action, active) {
            (Action::Activate(h), _) => self.activate(*h),
            (Action::Move(s), Some(h)) => self.make_step(h, *s),
            (Action::Fire { weapon, unit }, Some(h)) => self.fire(h, *weapon, *unit),
            (Action::Spot(unit), Some(h)) => self.spot(h, *unit),
            (Action::Search, Some(h)) => self.search(h),
            (Action::Exit, Some(h)) => self.exit(h),
            (Action::EndActivation, Some(h)) => self.end_activation(h),
            (Action::Call { kind, unit }, _) => {
                self.call_support(*kind, *unit);
                if self.support_targets().is_empty() {
                    self.bookkeeping();
                }
            }
            (Action::Pass, _) => self.bookkeeping(),
            (Action::Train { member, skill }, _) => self.train(*member, *skill),
            (Action::Done, _) => self.next_mission(),
            _ => {}
        }
    }

    /// The tour flown to its end: survival is the win; the Primary tour names its level of
    /// victory [10.3, 11.1].
    pub(super) fn tour_over(&self) -> (Verdict, Message) {
        if !data().campaign(self.campaign).victory_points {
            return (
                Verdict::Win,
                msg("You survived the MACV-SOG tour. Missions flown in all: {missions}")
                    .arg("missions", self.missions_flown),
            );
        }
        let band = data()
            .bands
            .iter()
            .filter(|b| u32::from(b.from) <= self.victory_points)
            .max_by_key(|b| b.from);
        (
            Verdict::Win,
            msg("Tour complete. Victory points: {vp} ({band})")
                .arg("vp", self.victory_points)
                .arg("band", band.map_or("", |b| b.title.as_str())),
        )
    }
}

/// A movement step's name for a choice label.
fn step_name(s: Step) -> &'static str {
    match s {
        Step::Forward => n_("forward"),
        Step::Slide(2) => n_("slide right-forward"),
        Step::Slide(3) => n_("slide right-back"),
        Step::Slide(4) => n_("back"),
        Step::Slide(5) => n_("slide left-back"),
        Step::Slide(_) => n_("slide left-forward"),
        Step::Turn { clockwise: true } => n_("turn right"),
        Step::Turn { clockwise: false } => n_("turn left"),
        Step::EnterHover => n_("hover"),
        Step::HoldHover => n_("hold the hover"),
        Step::Climb => n_("climb"),
        Step::Descend => n_("descend"),
        Step::Land => n_("land"),
        Step::TakeOff => n_("take off"),
        Step::Load => n_("load"),
        Step::Unload => n_("unload"),
        Step::Strings => n_("strings"),
    }
}
