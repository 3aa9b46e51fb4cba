//! The campaign's next mission, its set-up, and the Operations Map: the outbound legs with the
//! Enroute card, the ground fire and the weather, up to the Tactical Map [5-7].

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::content::{CampaignId, Effect, EventCard, HeloType, ParagraphKind, What, data};
use super::damage::seat_for;
use super::roll::{Modifier, d6_test, roll};
use super::state::{Assignment, ChopperPilot, Health, Helicopter, MissionState, Phase};
use crate::engine::message::msg;

/// What happens on arriving at a route point, done in order; a decision pauses it [7.2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Enroute,
    GroundFire,
    Weather,
    TacSetup,
}

impl ChopperPilot {
    /// C4: the next mission of the tour, or the replaced mission after a Choice or Re-direct
    /// [6.1, 7.3]. A Huey pilot skips the bracketed Cobra missions [5.2].
    pub(super) fn next_mission(&mut self) {
        let campaign = data().campaign(self.campaign);
        let number = match self.redirect_pending.take() {
            Some(n) => n,
            None => {
                let tour: Vec<u16> = campaign.tour().collect();
                let next = tour
                    .into_iter()
                    .filter(|n| *n >= self.tour_next)
                    .find(|n| self.cobra_pilot || !campaign.cobra_only.contains(n));
                match next {
                    Some(n) => {
                        self.tour_next = n + 1;
                        n
                    }
                    None => {
                        self.phase = if self.campaign == CampaignId::Primary {
                            Phase::Volunteer
                        } else {
                            Phase::Unwritten(0)
                        };
                        return;
                    }
                }
            }
        };
        let Some(briefing) = data().mission(number) else {
            self.phase = Phase::Unwritten(number);
            return;
        };
        let mut aircraft = briefing.aircraft;
        if self.cobra_pilot && aircraft.cobra == 0 {
            aircraft.cobra = 1;
        }
        let mut flight = Vec::new();
        for kind in HeloType::ALL {
            for n in 1..=aircraft.count(kind) {
                let mut heli = Helicopter::new(kind, n);
                self.carry_damage(&mut heli);
                flight.push(heli);
            }
        }
        note!(
            self,
            "6.1",
            msg("Mission {number}, {month}: {title}")
                .arg("number", number)
                .arg("month", campaign.month_of(number))
                .arg("title", &briefing.title),
        );
        self.mission = Some(MissionState {
            number,
            assignment: Assignment::Briefing(number),
            route: briefing.route.clone(),
            at: 0,
            steps: Vec::new(),
            flight,
            yours: 0,
            to_load: briefing
                .load
                .iter()
                .flat_map(|l| std::iter::repeat_n(l.unit.clone(), usize::from(l.n)))
                .collect(),
            modifiers: Vec::new(),
            support: briefing.support,
            luck_uses: 1,
            luck_used: 0,
            later: Vec::new(),
            weather: None,
            difficulty: None,
            stranded: Vec::new(),
            recovered: 0,
            captured: 0,
            success: Some(briefing.success),
            tac: None,
            returning: false,
            rescued: 0,
        });
        self.phase = Phase::ChooseHelicopter;
    }

    /// The helicopters your crew may fly this mission: Hueys for a Huey pilot, Cobras for a
    /// Cobra pilot [5.2]; any helicopter if the flight has none of your type.
    pub(super) fn your_choices(&self) -> Vec<usize> {
        let m = self.mission();
        let own = if self.cobra_pilot {
            HeloType::Cobra
        } else {
            HeloType::Huey
        };
        let mine: Vec<usize> = (0..m.flight.len())
            .filter(|&i| m.flight[i].kind == own)
            .collect();
        if mine.is_empty() {
            (0..m.flight.len()).collect()
        } else {
            mine
        }
    }

    /// M1: your crew boards helicopter `h` [6.1].
    pub(super) fn board(&mut self, h: usize) {
        let kind = self.mission().flight[h].kind;
        let crew = self.crew.clone();
        let heli = &mut self.mission_mut().flight[h];
        for (i, member) in crew.iter().enumerate() {
            // Those on the Base Mat sit this one out; a man with no skills takes the seat [9.6].
            if member.away > 0 {
                continue;
            }
            let Some(position) = seat_for(kind, member.position) else {
                continue;
            };
            if let Some(seat) = heli
                .seats
                .iter_mut()
                .find(|s| s.position == position && s.member.is_none())
            {
                seat.member = Some(i);
                seat.health = member.health;
            }
        }
        let name = heli.name();
        self.mission_mut().yours = h;
        note!(
            self,
            "6.1",
            msg("Your crew flies {helicopter}").arg("helicopter", name),
        );
        if let Some(owners) = self.log_owners() {
            note!(self, "2.2", owners);
        }
        self.after_loading();
    }

    /// M2: the next counter goes into a passenger box of helicopter `h` [6.2].
    pub(super) fn load(&mut self, h: usize) {
        let unit = self.mission_mut().to_load.remove(0);
        let name = self.mission().flight[h].name();
        note!(
            self,
            "6.2",
            msg("{unit} boards {helicopter}")
                .term("unit", unit_name(&unit))
                .arg("helicopter", name),
        );
        self.mission_mut().flight[h]
            .passengers
            .push(super::state::Passenger {
                unit,
                damaged: false,
                objective: false,
                crew_of: None,
            });
        self.after_loading();
    }

    fn after_loading(&mut self) {
        let m = self.mission();
        self.phase = if !m.to_load.is_empty() && !self.loadable().is_empty() {
            Phase::Load
        } else {
            Phase::Fly { at: m.at }
        };
    }

    /// The helicopters with a free passenger box.
    pub(super) fn loadable(&self) -> Vec<usize> {
        let m = self.mission();
        (0..m.flight.len())
            .filter(|&i| m.flight[i].free_boxes() > 0)
            .collect()
    }

    /// O0-O4: the flight moves to the next point of the route and does what happens there
    /// [7.2]: the Enroute card at the first waypoint, the ground fire at the second, the
    /// weather at the target point. A route with one waypoint rolls its ground fire on the
    /// way to the target (ruling A01).
    pub(super) fn fly_on(&mut self) {
        let m = self.mission_mut();
        m.at += 1;
        let at = m.at;
        let last = m.route.len() - 1;
        let mut steps = Vec::new();
        if at == 1 {
            steps.push(Step::Enroute);
        }
        if at == 2 && at < last || at == last && last == 2 {
            steps.push(Step::GroundFire);
        }
        if at == last {
            steps.extend([Step::Weather, Step::TacSetup]);
        }
        let point = m.route[at].clone();
        m.steps = steps;
        note!(
            self,
            "7.1",
            msg("The flight reaches {point}{nothing}")
                .arg("point", point)
                .arg(
                    "nothing",
                    if at > 2 && at < last {
                        ": nothing happens here"
                    } else {
                        ""
                    },
                ),
        );
        self.run_steps();
    }

    /// Does the steps of the current point until one needs a decision.
    pub(super) fn run_steps(&mut self) {
        loop {
            if matches!(self.pilot_health(), Health::Killed | Health::Captured) {
                self.phase = Phase::PilotLost;
                return;
            }
            if !self.mission().stranded.is_empty() {
                if self.rides().is_empty() {
                    while !self.mission().stranded.is_empty() {
                        self.leave_behind();
                    }
                    continue;
                }
                self.phase = Phase::Pickup;
                return;
            }
            if !self.mission().flight.iter().any(Helicopter::flying) {
                self.log
                    .add("8.8", msg("No helicopter of the flight is still flying"));
                self.post_mission();
                return;
            }
            if matches!(self.phase, Phase::Choice { .. }) {
                return;
            }
            if self.mission().steps.is_empty() {
                let at = self.mission().at;
                self.phase = if self.mission().returning {
                    Phase::Return { at }
                } else {
                    Phase::Fly { at }
                };
                return;
            }
            let step = self.mission_mut().steps.remove(0);
            match step {
                Step::Enroute => self.enroute_card(),
                Step::GroundFire => self.ground_fire(),
                Step::Weather => self.weather(),
                Step::TacSetup => {
                    self.tac_setup();
                    return;
                }
            }
        }
    }

    /// O1: the Enroute card [7.3]. Drawn cards go to the discard pile; the deck is reshuffled
    /// only once its last card has been drawn [3.10].
    fn enroute_card(&mut self) {
        let drawn = self.decks.enroute.draw(&mut self.rng);
        let Some(drawn) = drawn else {
            note!(self, "3.10", msg("The Enroute deck is empty"));
            return;
        };
        if drawn.reshuffled_first {
            note!(
                self,
                "3.10",
                msg("The last Enroute card was drawn: the discards are shuffled into a new deck"),
            );
        }
        self.decks.enroute.discard(drawn.card);
        self.resolve_card(drawn.card, "7.3");
    }

    /// Reads a drawn event card and does what its paragraph says.
    pub(super) fn resolve_card(&mut self, card: EventCard, rule: &'static str) {
        let EventCard::Paragraph(n) = card else {
            note!(self, rule, msg("No Event"));
            return;
        };
        let p = &data().paragraphs[&n];
        note!(
            self,
            rule,
            msg("Paragraph {number}: {title}")
                .arg("number", n)
                .arg("title", &p.title),
        );
        match p.kind {
            ParagraphKind::Choice => {
                let template = p.effects.iter().find_map(|e| match &e.what {
                    What::Choice { template } => Some(template.clone()),
                    _ => None,
                });
                self.resolve_effects(
                    p.effects
                        .iter()
                        .filter(|e| !matches!(e.what, What::Choice { .. })),
                );
                if let Some(template) = template {
                    self.phase = Phase::Choice {
                        paragraph: n,
                        template,
                    };
                }
            }
            _ => self.resolve_effects(p.effects.iter()),
        }
    }

    /// Does each effect of a paragraph on the Operations Map; those for the Tactical Map and
    /// after the mission are kept (digest G14).
    fn resolve_effects<'a>(&mut self, effects: impl Iterator<Item = &'a Effect>) {
        let mut fatal = Vec::new();
        for e in effects {
            if let Some(range) = e.on_d6
                && !d6_test(&mut self.rng, &mut self.log, "7.3", range)
            {
                continue;
            }
            match &e.what {
                What::Damage { target, c1_rolls } => {
                    let h = match target {
                        super::content::DamageTarget::Yours => Some(self.mission().yours)
                            .filter(|&y| self.mission().flight[y].flying()),
                        super::content::DamageTarget::Random => self.random_flying(&[]),
                    };
                    if let Some(h) = h {
                        for _ in 0..*c1_rolls {
                            if self.c1(h) && !fatal.contains(&h) {
                                fatal.push(h);
                            }
                        }
                    }
                }
                What::CheckBox { system, colour } => {
                    let h = self.mission().yours;
                    let track = data()
                        .helicopter(self.mission().flight[h].kind)
                        .track(*system);
                    let upto = track
                        .and_then(|t| t.boxes.iter().position(|c| c == colour))
                        .map_or(0, |i| i + 1);
                    while usize::from(self.mission().flight[h].boxes_checked(*system)) < upto {
                        if self.check_box(h, *system) && !fatal.contains(&h) {
                            fatal.push(h);
                        }
                    }
                }
                What::Jam => {
                    let h = self.mission().yours;
                    let system = match self.mission().flight[h].kind {
                        HeloType::Cobra => super::content::System::Turret,
                        HeloType::Loach => super::content::System::RightGun,
                        HeloType::Huey => {
                            if d6_test(&mut self.rng, &mut self.log, "9.2.1", [1, 3]) {
                                super::content::System::LeftGun
                            } else {
                                super::content::System::RightGun
                            }
                        }
                    };
                    self.check_box(h, system);
                }
                What::Modifier { table, value } => {
                    let reason: Modifier = (Cow::Borrowed("event"), *value);
                    self.mission_mut().modifiers.push((table.clone(), reason));
                }
                What::Support { kind, n } => {
                    let s = &mut self.mission_mut().support;
                    match kind {
                        super::content::SupportKind::Air => s.air += n,
                        super::content::SupportKind::Artillery => s.artillery += n,
                    }
                }
                What::Passengers { unit, n } => {
                    for _ in 0..*n {
                        let yours = self.mission().yours;
                        let room = self.loadable();
                        match room.iter().find(|&&h| h == yours).or(room.first()) {
                            Some(&h) => {
                                self.mission_mut().to_load.insert(0, unit.clone());
                                self.load(h);
                            }
                            None => note!(self, "6.2", msg("No passenger box is free")),
                        }
                    }
                }
                What::Luck { uses } => self.mission_mut().luck_uses = *uses,
                What::Redirect { template } => self.redirect(template),
                What::ForcedLanding => {
                    let h = self.mission().yours;
                    if self.mission().flight[h].flying() && !fatal.contains(&h) {
                        fatal.push(h);
                    }
                }
                other => self.mission_mut().later.push(other.clone()),
            }
        }
        for h in fatal {
            if self.mission().flight[h].flying() {
                self.ops_forced_landing(h);
            }
        }
    }

    /// A Choice taken or a Re-direct: the new mission replaces this one at the Tactical Map;
    /// the flight stops at a forward base to reconfigure (its passengers stay there) and the
    /// replaced mission is flown next [7.3, ruling A57].
    pub(super) fn redirect(&mut self, template: &str) {
        let t = data().template(template).expect("checked: templates exist");
        let number = self.mission().number;
        if self.redirect_pending.is_none() {
            self.redirect_pending = Some(number);
        }
        let m = self.mission_mut();
        m.assignment = Assignment::Template(template.to_owned());
        for h in &mut m.flight {
            h.passengers.clear();
        }
        note!(self,
            "7.3",
            msg("New mission: {title}. The flight reconfigures at a forward base; mission {number} will be flown next").arg("title", &t.title).arg("number", number),
        );
    }

    /// O2: Random Ground Fire at the second waypoint [7.2, H1].
    fn ground_fire(&mut self) {
        let rolled = roll(&mut self.rng, &mut self.log, "H1", &[]);
        let (helicopters, rolls) = (rolled.number(1), rolled.number(2));
        let mut hit = Vec::new();
        for _ in 0..helicopters {
            if let Some(h) = self.random_flying(&hit) {
                hit.push(h);
            }
        }
        let mut fatal = Vec::new();
        for &h in &hit {
            for _ in 0..rolls {
                if self.c1(h) && !fatal.contains(&h) {
                    fatal.push(h);
                }
            }
        }
        for h in fatal {
            self.ops_forced_landing(h);
        }
    }

    /// The one-shot modifiers events left for `table`, used up by this roll.
    fn take_modifiers(&mut self, table: &str) -> Vec<Modifier> {
        let m = self.mission_mut();
        let (used, kept): (Vec<_>, Vec<_>) = m.modifiers.drain(..).partition(|(t, _)| t == table);
        m.modifiers = kept;
        used.into_iter().map(|(_, m)| m).collect()
    }

    /// O4: the Mission Weather at the target point [7.2, H2].
    fn weather(&mut self) {
        let modifiers = self.take_modifiers("H2");
        let rolled = roll(&mut self.rng, &mut self.log, "H2", &modifiers);
        self.mission_mut().weather = Some(rolled.result().to_owned());
    }

    /// T0: the Tactical Map is set up; in the Primary campaign the Mission Difficulty is rolled
    /// now, with +1 on Operations Map B [7.2 step 4, 8.1, 11.1].
    fn tac_setup(&mut self) {
        if data().campaign(self.campaign).difficulty_roll {
            let mut modifiers = self.take_modifiers("E1");
            if data()
                .campaign(self.campaign)
                .ops_map_for(self.mission().number)
                == "B"
            {
                modifiers.push((
                    Cow::Borrowed("Operations Map B"),
                    data().table("E1").value("ops_map_b"),
                ));
            }
            let rolled = roll(&mut self.rng, &mut self.log, "E1", &modifiers);
            self.mission_mut().difficulty = Some(rolled.result().to_owned());
        }
        self.log
            .add("8.1", msg("The flight reaches the Tactical Map"));
        self.enter_tactical();
    }

    /// C6: after the Primary tour the pilot may volunteer for six months with MACV-SOG: his
    /// crew comes along (crew chief and gunner rejoin a former Cobra pilot), skills, banked
    /// skill points, experience and Luck carry over; he flies Hueys again; the SOG decks are
    /// shuffled [11.1, 5.2]. Going home ends the game with the Primary tour's level of victory.
    pub(super) fn volunteer(&mut self, accept: bool) {
        if !accept {
            self.log
                .add("11.1", msg("You go home at the end of your tour"));
            self.phase = Phase::Unwritten(0);
            return;
        }
        self.primary_vp = Some(self.victory_points);
        self.campaign = CampaignId::Sog;
        self.cobra_pilot = false;
        let spec = data().campaign(CampaignId::Sog);
        self.decks = super::state::Decks::shuffled(CampaignId::Sog, &mut self.rng);
        self.tour_next = spec.first_mission;
        note!(
            self,
            "11.1",
            msg("You volunteer for {campaign}").arg("campaign", &spec.title),
        );
        self.next_mission();
    }

    /// The paragraph a pending Choice offers.
    pub(super) fn choose(&mut self, accept: bool) {
        let Phase::Choice {
            paragraph,
            template,
        } = self.phase.clone()
        else {
            return;
        };
        if accept {
            self.redirect(&template);
        } else {
            note!(
                self,
                "7.3",
                msg("You decline paragraph {number} and fly your own mission")
                    .arg("number", paragraph),
            );
        }
        self.phase = Phase::Fly {
            at: self.mission().at,
        };
        self.run_steps();
    }
}

/// A unit's printed name.
pub fn unit_name(id: &str) -> String {
    data().unit(id).map_or(id.to_owned(), |u| u.name.clone())
}

/// The campaign a scenario id starts.
pub fn campaign_of(scenario: &str) -> Option<CampaignId> {
    match scenario {
        "primary" => Some(CampaignId::Primary),
        "sog" => Some(CampaignId::Sog),
        _ => None,
    }
}
