//! Every legal action at the pending decision, with its label and map target. The same code
//! lists the choices for the prompt and checks an action in `apply` (without building labels).

use std::sync::OnceLock;

use crate::engine::game::Choice;
use crate::engine::message::{Message, msg, msg_n, n_};

use super::actions::{Action, CommandTarget, Target, title};
use super::campaign::purchase_choices;
use super::content::{CardKind, Kind, Symbol, ZoneMarker, content};
use super::state::{
    Csar, FireStage, Place, Step, SurvivorPlace, ZONE_NAMES, aircraft_name, target,
};

/// Collects choices, or only checks whether one given action is among them.
pub struct Sink<'a> {
    probe: Option<&'a Action>,
    /// Build labels and targets (for the prompt); bots need the actions only.
    labelled: bool,
    pub found: bool,
    pub out: Vec<Choice<Action>>,
    pub actions: Vec<Action>,
}

impl<'a> Sink<'a> {
    /// Room for the usual number of choices, made once (bots list choices at every step).
    const ROOM: usize = 16;

    /// Collects the choices with their labels and map targets.
    pub fn collect() -> Self {
        Sink {
            out: Vec::with_capacity(Self::ROOM),
            ..Sink::empty()
        }
    }
    /// Collects the bare actions into `actions`.
    pub fn actions_only() -> Self {
        Sink {
            labelled: false,
            actions: Vec::with_capacity(Self::ROOM),
            ..Sink::empty()
        }
    }
    /// Only checks whether `action` is among the choices.
    pub fn probe(action: &'a Action) -> Self {
        Sink {
            probe: Some(action),
            ..Sink::empty()
        }
    }
    fn empty() -> Self {
        Sink {
            probe: None,
            labelled: true,
            found: false,
            out: Vec::new(),
            actions: Vec::new(),
        }
    }
    /// False when checking an action that is not of the `kind` a part of the listing
    /// produces: that part can be skipped.
    pub fn wants(&self, kind: fn(&Action) -> bool) -> bool {
        self.probe.is_none_or(kind)
    }
    /// When checking a direct Move action (scripts, tests) or a Select: the aircraft it is
    /// about (the listing need not look at the others).
    pub fn probed_aircraft(&self) -> Option<u8> {
        match self.probe {
            Some(Action::Move { aircraft, .. } | Action::Select(aircraft)) => Some(*aircraft),
            _ => None,
        }
    }
    pub fn add(
        &mut self,
        action: Action,
        label: impl FnOnce() -> Message,
        on: impl FnOnce() -> Option<String>,
    ) {
        match self.probe {
            Some(p) => self.found |= *p == action,
            None if !self.labelled => self.actions.push(action),
            None => {
                let mut c = Choice::new(action, label());
                c.target = on();
                self.out.push(c);
            }
        }
    }
}

fn place_target(p: Place) -> Option<String> {
    Some(match p {
        Place::Zone(z) => target::zone(z),
        Place::Pool => target::POOL.into(),
        _ => target::ORBIT.into(),
    })
}

fn unit_name(c: u8) -> &'static str {
    &content().units[usize::from(c)].name
}

const ORBIT_BIT: u8 = 1 << 5;

/// The zones (bits 0–4) for which `pick` holds.
fn zone_bits(pick: impl Fn(u8) -> bool) -> u8 {
    let mut bits = 0;
    for z in 0..5u8 {
        if pick(z) {
            bits |= 1 << z;
        }
    }
    bits
}

/// The places of a destination mask: the Orbit Box first, then the zones.
fn places(mask: u8) -> impl Iterator<Item = Place> {
    let orbit = (mask & ORBIT_BIT != 0).then_some(Place::Orbit);
    orbit.into_iter().chain(
        (0..5u8)
            .filter(move |z| mask & (1 << z) != 0)
            .map(Place::Zone),
    )
}

/// Action cards by title, as numbers: for each card, the lowest id of the cards with the same
/// title, and of those with the same title for the same aircraft kind (the hand selection
/// compares every card of the deck with the hand and with the titles already offered).
struct TitleKeys {
    title: Vec<u8>,
    title_and_kind: Vec<u8>,
}

fn title_keys() -> &'static TitleKeys {
    static KEYS: OnceLock<TitleKeys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let cards = &content().actions;
        let first = |same: &dyn Fn(usize, usize) -> bool| -> Vec<u8> {
            (0..cards.len())
                .map(|c| (0..cards.len()).find(|&o| same(o, c)).unwrap_or(c) as u8)
                .collect()
        };
        TitleKeys {
            title: first(&|o, c| cards[o].title == cards[c].title),
            title_and_kind: first(&|o, c| {
                cards[o].title == cards[c].title && cards[o].aircraft == cards[c].aircraft
            }),
        }
    })
}

/// A set of card ids.
#[derive(Default)]
struct CardSet([u64; 4]);

impl CardSet {
    fn contains(&self, card: u8) -> bool {
        self.0[usize::from(card / 64)] & (1 << (card % 64)) != 0
    }
    fn insert(&mut self, card: u8) {
        self.0[usize::from(card / 64)] |= 1 << (card % 64);
    }
}

/// Aircraft per zone, and whether jets or helicopters are among them.
type Occupancy = ([u8; 5], [bool; 5], [bool; 5]);

impl Csar {
    pub fn can_reserve(&self) -> bool {
        self.reserve.len() < usize::from(self.reserve_limit)
            && self
                .hand
                .iter()
                .any(|&c| content().action(c).kind == CardKind::Aircraft)
    }

    /// Aircraft that may take card `card` now (4.3.2).
    fn assign_targets(&self, card: u8) -> impl Iterator<Item = u8> + '_ {
        let kind = content().action(card).aircraft;
        (0..self.aircraft.len() as u8).filter(move |&a| {
            let ac = &self.aircraft[usize::from(a)];
            let Place::Zone(z) = ac.place else {
                return false;
            };
            Some(ac.kind) == kind
                && self.zones[usize::from(z)].cards_this_turn < 2
                && self.assigned_cards(a) < self.card_limit(a)
        })
    }

    pub fn can_assign_any(&self) -> bool {
        self.hand
            .iter()
            .chain(&self.reserve)
            .any(|&c| self.assign_targets(c).next().is_some())
    }

    /// Where aircraft `a` may move now (4.3.1, G-1).
    pub fn destinations(&self, a: u8) -> Vec<Place> {
        places(self.destination_mask(a)).collect()
    }

    /// How many aircraft each zone holds, and whether jets or helicopters are among them.
    fn zone_occupancy(&self) -> Occupancy {
        let mut count = [0u8; 5];
        let mut jets = [false; 5];
        let mut helis = [false; 5];
        for other in &self.aircraft {
            if let Place::Zone(z) = other.place {
                let z = usize::from(z);
                count[z] += 1;
                jets[z] |= other.kind == Kind::FastMover;
                helis[z] |= other.kind == Kind::Helicopter;
            }
        }
        (count, jets, helis)
    }

    /// The destinations as bits: zones 0–4, then the Orbit Box. No allocation: prompts are
    /// built very often by bots.
    pub fn destination_mask(&self, a: u8) -> u8 {
        self.destination_mask_in(a, &self.zone_occupancy())
    }

    fn destination_mask_in(&self, a: u8, occupancy: &Occupancy) -> u8 {
        let ac = &self.aircraft[usize::from(a)];
        if ac.moved || !matches!(ac.place, Place::Orbit | Place::Zone(_)) {
            return 0;
        }
        if ac.place == Place::Orbit {
            let held = (ac.kind == Kind::FastMover && self.migs)
                || self.evacuating == Some(a)
                || (ac.kind == Kind::Helicopter && self.pinpoint_needed());
            if held {
                return 0;
            }
        }
        let (count, jets, helis) = occupancy;
        let fits = |z: u8| {
            let z = usize::from(z);
            count[z] < 4
                && match ac.kind {
                    Kind::FastMover => !helis[z],
                    Kind::Helicopter => !jets[z],
                    _ => true,
                }
        };
        // The zones within reach (bits 0–4), and whether the Orbit Box is.
        let here = |z: u8| ac.place == Place::Zone(z);
        let (reach, orbit) = if ac.kind == Kind::Helicopter {
            // One step along the movement graph: Orbit–Outer, Outer–Outer neighbours, Outer–Center.
            match ac.place {
                Place::Orbit | Place::Zone(0) => (zone_bits(|z| z != 0), false),
                Place::Zone(z) => (zone_bits(|t| super::state::adjacent(z, t)), true),
                _ => (0, false),
            }
        } else {
            (zone_bits(|z| !here(z)), ac.place != Place::Orbit)
        };
        let fitting = zone_bits(|z| reach & (1 << z) != 0 && fits(z));
        fitting | if orbit { ORBIT_BIT } else { 0 }
    }

    pub fn rescue_options(&self) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        for (s, zone) in self.stranded() {
            if self.rescue_tried.contains(&s)
                || (self.options.pinpointing && !self.survivors[usize::from(s)].pinpointed)
            {
                continue;
            }
            for h in self.zone_aircraft(zone) {
                let ac = &self.aircraft[usize::from(h)];
                if ac.kind == Kind::Helicopter
                    && !ac.moved
                    && !self.rescue_helis.contains(&h)
                    && self.has_room(h)
                {
                    out.push((h, s));
                }
            }
        }
        out
    }

    /// Covey's discard: a FAC carrying Covey in a zone with a face-down Hidden marker.
    pub fn covey_can_reveal(&self) -> Option<u8> {
        (0..self.aircraft.len() as u8).find(|&a| {
            self.pilot_named(a, "Covey")
                && matches!(self.aircraft[usize::from(a)].place, Place::Zone(z) if self.zones[usize::from(z)].hidden.is_some())
        })
    }

    fn piney_choice(&self, sink: &mut Sink) {
        if !sink.wants(|a| matches!(a, Action::PilotAbility(_))) {
            return;
        }
        for a in 0..self.aircraft.len() as u8 {
            let ac = &self.aircraft[usize::from(a)];
            if ac.shaken
                && self.pilot_named(a, "Piney")
                && matches!(ac.place, Place::Zone(_) | Place::Orbit)
            {
                sink.add(
                    Action::PilotAbility(a),
                    || msg("Use Piney's card: {a} back to Cool").term("a", aircraft_name(a)),
                    || Some(target::aircraft(a)),
                );
            }
        }
    }

    fn suppress_choices(&self, sink: &mut Sink) {
        if self.grounded() || !sink.wants(|a| matches!(a, Action::Suppress { .. })) {
            return;
        }
        for zone in 0..5u8 {
            for &(card, a) in &self.zones[usize::from(zone)].card_box {
                if title(card) != "Suppress" {
                    continue;
                }
                let guns = self.suppress_targets(card);
                for &g in &guns {
                    sink.add(
                        Action::Suppress {
                            card,
                            gun: g,
                            second: None,
                        },
                        || {
                            msg("Suppress {gun} in {zone}")
                                .term("gun", unit_name(g))
                                .term("zone", ZONE_NAMES[usize::from(zone)])
                        },
                        || Some(target::unit(g)),
                    );
                    if self.pilot_named(a, "Piney") {
                        for &h in guns.iter().filter(|&&h| h > g) {
                            sink.add(
                                Action::Suppress {
                                    card,
                                    gun: g,
                                    second: Some(h),
                                },
                                || {
                                    msg("Suppress {gun} and {other} (Piney)")
                                        .term("gun", unit_name(g))
                                        .term("other", unit_name(h))
                                },
                                || Some(target::unit(g)),
                            );
                        }
                    }
                }
            }
        }
    }

    /// Lists (or checks) every legal action now.
    pub fn choices(&self, sink: &mut Sink) {
        if let Some(q) = &self.wild_question {
            for s in q.answers() {
                sink.add(Action::NameWild(s), || wild_answer_label(s), || None);
            }
            return;
        }
        if let Some(fire) = &self.fire {
            match &fire.stage {
                FireStage::ChooseZone => {
                    if sink.wants(|a| matches!(a, Action::FireAt(_))) {
                        for t in self.pending_targets() {
                            sink.add(
                                Action::FireAt(t),
                                || {
                                    msg("Resolve enemy fire into {zone} (Zone Firepower {zfv})")
                                        .term("zone", ZONE_NAMES[usize::from(t)])
                                        .arg("zfv", self.zfv_of(t))
                                },
                                || Some(target::zone(t)),
                            );
                        }
                    }
                    self.suppress_choices(sink);
                }
                FireStage::Burn { .. } => {
                    for c in self.burnable() {
                        sink.add(
                            Action::Burn(c),
                            || msg("Burn {card} to cancel a hit").term("card", title(c)),
                            || Some(target::hand(c)),
                        );
                    }
                    sink.add(Action::Done, || msg("Take the hits"), || None);
                }
                FireStage::PickAircraft { candidates, .. } => {
                    for &a in candidates {
                        sink.add(
                            Action::HitAircraft(a),
                            || msg("The hit falls on {a}").term("a", aircraft_name(a)),
                            || Some(target::aircraft(a)),
                        );
                    }
                }
                FireStage::Spare { aircraft, .. } => {
                    let a = *aircraft;
                    sink.add(
                        Action::UsePilotCard,
                        || {
                            msg("Discard the Pilot/PJ card to cancel the hit on {a}")
                                .term("a", aircraft_name(a))
                        },
                        || Some(target::aircraft(a)),
                    );
                    sink.add(Action::Done, || msg("Take the hit"), || None);
                }
                FireStage::Allocate { .. } => {}
            }
            return;
        }
        match self.step {
            Step::Purchase => purchase_choices(self, sink),
            Step::ChoosePilot => {
                for &p in self.pilots.draw_pile() {
                    if self.scenario_data().pilot == "claws_or_piney"
                        && self.campaign.is_none()
                        && !matches!(
                            content().pilots[usize::from(p)].name.as_str(),
                            "Claws" | "Piney"
                        )
                    {
                        continue;
                    }
                    sink.add(
                        Action::ChoosePilot(p),
                        || {
                            msg("Take {p} ({role})")
                                .term("p", &content().pilots[usize::from(p)].name)
                                .term("role", content().pilots[usize::from(p)].role_name())
                        },
                        || None,
                    );
                }
                if self.scenario_data().pilot != "claws_or_piney" || self.campaign.is_some() {
                    sink.add(
                        Action::DrawPilot,
                        || msg("Draw a Pilot/PJ card at random"),
                        || None,
                    );
                }
            }
            Step::PlacePilot(p) => {
                let rides = content().pilots[usize::from(p)].rides;
                for a in 0..self.aircraft.len() as u8 {
                    let ac = &self.aircraft[usize::from(a)];
                    if ac.kind == rides && ac.in_mission && ac.pilot.is_none() {
                        sink.add(
                            Action::PlacePilot(a),
                            || msg("Put the counter on {a}").term("a", aircraft_name(a)),
                            || Some(target::aircraft(a)),
                        );
                    }
                }
            }
            Step::SelectHand => {
                let keys = title_keys();
                let mut in_hand = CardSet::default();
                for &h in &self.hand {
                    in_hand.insert(keys.title[usize::from(h)]);
                }
                let mut offered = CardSet::default();
                for &c in self.actions.draw_pile() {
                    let card = content().action(c);
                    let (title, title_and_kind) = (
                        keys.title[usize::from(c)],
                        keys.title_and_kind[usize::from(c)],
                    );
                    // A title in hand is not offered again; one card per title and kind.
                    if card.kind != CardKind::Aircraft
                        || in_hand.contains(title)
                        || offered.contains(title_and_kind)
                    {
                        continue;
                    }
                    offered.insert(title_and_kind);
                    sink.add(
                        Action::TakeCard(c),
                        || {
                            msg("Take {card} ({kind})")
                                .term("card", &card.title)
                                .term("kind", kind_name(card.aircraft))
                        },
                        || None,
                    );
                }
            }
            Step::RevealZones => {
                for z in 1..5u8 {
                    if self.zones[usize::from(z)].enemy.is_some() {
                        sink.add(
                            Action::RevealZone(z),
                            || {
                                msg("Reveal the Enemy marker in {zone}")
                                    .term("zone", ZONE_NAMES[usize::from(z)])
                            },
                            || Some(target::zone(z)),
                        );
                    }
                }
            }
            Step::Reserve => {
                if self.reserve.len() < usize::from(self.reserve_limit) {
                    for &c in &self.hand {
                        if content().action(c).kind == CardKind::Aircraft {
                            sink.add(
                                Action::Reserve(c),
                                || msg("Keep {card} in the Reserve").term("card", title(c)),
                                || Some(target::hand(c)),
                            );
                        }
                    }
                }
                self.discard_reserve_choices(sink);
                sink.add(Action::Done, || msg("Done with the Reserve"), || None);
            }
            Step::Command => {
                for &c in &self.hand {
                    if !Self::is_command(c) {
                        continue;
                    }
                    for t in self.command_targets(c) {
                        sink.add(
                            Action::PlayCommand { card: c, target: t },
                            || command_label(self, c, t),
                            || match t {
                                CommandTarget::Survivor { survivor, .. } => {
                                    Some(target::survivor(survivor))
                                }
                                CommandTarget::None => Some(target::hand(c)),
                            },
                        );
                    }
                    sink.add(
                        Action::DiscardCommand(c),
                        || msg("Discard {card}").term("card", title(c)),
                        || Some(target::hand(c)),
                    );
                }
            }
            Step::Move => {
                // The prompt offers aircraft first, then the picked one's destinations; a direct
                // Move action (scripts, tests) is accepted as well.
                let occupancy = self.zone_occupancy();
                let probed = sink.probed_aircraft();
                for a in 0..self.aircraft.len() as u8 {
                    if self.selected == Some(a) || probed == Some(a) {
                        for to in places(self.destination_mask_in(a, &occupancy)) {
                            sink.add(
                                Action::Move { aircraft: a, to },
                                || {
                                    msg("Move {a} to {to}")
                                        .term("a", aircraft_name(a))
                                        .term("to", place_name(to))
                                },
                                || place_target(to),
                            );
                        }
                    }
                }
                if self.selected.is_some() {
                    // No cancel: picking an aircraft reveals nothing, so it can be undone.
                    return;
                }
                let select = sink.wants(|a| matches!(a, Action::Select(_)));
                let about = |a: u8| select && probed.is_none_or(|p| p == a);
                for a in (0..self.aircraft.len() as u8).filter(|&a| about(a)) {
                    if self.destination_mask_in(a, &occupancy) != 0 {
                        sink.add(
                            Action::Select(a),
                            || msg("Move {a}").term("a", aircraft_name(a)),
                            || Some(target::aircraft(a)),
                        );
                    }
                }
                self.piney_choice(sink);
                sink.add(Action::Done, || msg("End movement"), || None);
            }
            Step::Assign => {
                let assign = sink.wants(|a| matches!(a, Action::Assign { .. }));
                for &c in self.hand.iter().chain(&self.reserve).filter(|_| assign) {
                    for a in self.assign_targets(c) {
                        sink.add(
                            Action::Assign {
                                card: c,
                                aircraft: a,
                            },
                            || {
                                msg("Assign {card} to {a}")
                                    .term("card", title(c))
                                    .term("a", aircraft_name(a))
                            },
                            || Some(target::aircraft(a)),
                        );
                    }
                }
                self.suppress_choices(sink);
                self.discard_reserve_choices(sink);
                self.piney_choice(sink);
                sink.add(
                    Action::Done,
                    || msg("Done assigning: the enemy guns open fire"),
                    || None,
                );
            }
            Step::Play => {
                for zone in 0..5u8 {
                    for &(c, _) in &self.zones[usize::from(zone)].card_box {
                        if title(c) == "Suppress" {
                            continue;
                        }
                        for t in self.play_targets(c) {
                            sink.add(
                                Action::Play { card: c, target: t },
                                || play_label(c, t),
                                || match t {
                                    Target::Unit(u) => Some(target::unit(u)),
                                    Target::TargetOfOpportunity => Some(target::too(zone)),
                                    _ => Some(target::zone(zone)),
                                },
                            );
                        }
                    }
                }
                self.suppress_choices(sink);
                for zone in 0..5u8 {
                    for &(c, _) in &self.zones[usize::from(zone)].card_box {
                        if title(c) != "Suppress" {
                            sink.add(
                                Action::DiscardAssigned(c),
                                || msg("Discard {card} unplayed").term("card", title(c)),
                                || Some(target::boxed(c)),
                            );
                        }
                    }
                }
                if let Some(a) = self.covey_can_reveal() {
                    sink.add(
                        Action::PilotAbility(a),
                        || {
                            msg("Use Covey's card: turn up the Hidden marker below {a}")
                                .term("a", aircraft_name(a))
                        },
                        || Some(target::aircraft(a)),
                    );
                }
                self.piney_choice(sink);
                if self
                    .zones
                    .iter()
                    .all(|z| z.card_box.iter().all(|&(c, _)| title(c) == "Suppress"))
                {
                    sink.add(Action::Done, || msg("Go on to the Rescue segment"), || None);
                }
            }
            Step::Rescue => {
                for (h, s) in self.rescue_options() {
                    sink.add(
                        Action::Rescue {
                            heli: h,
                            survivor: s,
                            pj_card: false,
                        },
                        || {
                            let n = self.rescue_draws(h, s, 0);
                            msg_n(
                                "{h} attempts the rescue ({n} draw)",
                                "{h} attempts the rescue ({n} draws)",
                                n,
                            )
                            .term("h", aircraft_name(h))
                            .arg("n", n)
                        },
                        || Some(target::survivor(s)),
                    );
                    if self.pilot_named(h, "Pits") || self.pilot_named(h, "Doc") {
                        sink.add(
                            Action::Rescue {
                                heli: h,
                                survivor: s,
                                pj_card: true,
                            },
                            || {
                                msg("{h} attempts the rescue, using the PJ's card")
                                    .term("h", aircraft_name(h))
                            },
                            || Some(target::survivor(s)),
                        );
                    }
                }
                self.suppress_choices(sink);
                self.piney_choice(sink);
                sink.add(Action::Done, || msg("End the Rescue segment"), || None);
            }
            Step::Search | Step::Abort => {
                let track = if self.step == Step::Search {
                    self.search
                } else {
                    self.abort
                };
                let more = track.saturating_sub(self.burned) > 1;
                // Only Aircraft cards burn, here as against hits (4.3.3 D, 4.4.2, 4.4.3).
                for c in self.burnable().filter(|_| more) {
                    sink.add(
                        Action::Burn(c),
                        || msg("Burn {card} for one draw fewer").term("card", title(c)),
                        || Some(target::hand(c)),
                    );
                }
                sink.add(Action::Done, || msg("Draw the cards"), || None);
            }
            Step::ClearSkies => {
                for a in self.shaken_aircraft() {
                    sink.add(
                        Action::ClearSkies(a),
                        || msg("{a} back to Cool").term("a", aircraft_name(a)),
                        || Some(target::aircraft(a)),
                    );
                }
            }
            _ => {}
        }
    }

    fn discard_reserve_choices(&self, sink: &mut Sink) {
        for &c in &self.reserve {
            sink.add(
                Action::DiscardReserve(c),
                || msg("Discard {card} from the Reserve").term("card", title(c)),
                || Some(target::reserve(c)),
            );
        }
    }
}

pub fn kind_name(k: Option<Kind>) -> &'static str {
    match k {
        Some(Kind::Sandy) => n_("Sandy"),
        Some(Kind::Fac) => n_("FAC"),
        Some(Kind::Helicopter) => n_("helicopter"),
        Some(Kind::FastMover) => n_("Fast Mover"),
        None => n_("Command"),
    }
}

/// A button answering the Wild card question (2.2.1).
fn wild_answer_label(s: Symbol) -> Message {
    match s {
        Symbol::Reshuffle => msg("Treat the Wild card as a Reshuffle: shuffle and draw again"),
        Symbol::Wild => msg("Keep the Wild card as it is"),
        _ => msg("Count the Wild card as {symbol}").term("symbol", super::draws::symbol_word(s)),
    }
}

pub fn place_name(p: Place) -> &'static str {
    match p {
        Place::Zone(z) => ZONE_NAMES[usize::from(z)],
        Place::Pool => "Fast Mover Pool",
        _ => "Orbit Box",
    }
}

fn command_label(state: &Csar, card: u8, t: CommandTarget) -> Message {
    match t {
        CommandTarget::None => msg("Play {card}").term("card", title(card)),
        CommandTarget::Survivor { survivor, to } => {
            let from = match state.survivors[usize::from(survivor)].place {
                SurvivorPlace::Stranded(z) => ZONE_NAMES[usize::from(z)],
                _ => "?",
            };
            let to = to
                .map(|z| ZONE_NAMES[usize::from(z)])
                .unwrap_or(n_("off the map"));
            msg("Play {card}: Survivor in {from} to {to}")
                .term("card", title(card))
                .term("from", from)
                .term("to", to)
        }
    }
}

fn play_label(card: u8, t: Target) -> Message {
    match t {
        Target::Unit(u) => msg("Play {card} on {unit}")
            .term("card", title(card))
            .term("unit", unit_name(u)),
        Target::TargetOfOpportunity => {
            msg("Play {card} on the Target of Opportunity").term("card", title(card))
        }
        Target::Search => msg("Play {card}: push the Search marker down").term("card", title(card)),
        Target::Zone => msg("Play {card}").term("card", title(card)),
    }
}

/// Zone markers shown for a zone, for labels and panels.
pub fn zone_marker_names(state: &Csar, zone: u8) -> Vec<&'static str> {
    state.zones[usize::from(zone)]
        .markers
        .iter()
        .map(|&m| content().zone_markers[usize::from(m)])
        .map(ZoneMarker::name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::games::csar::rules::Options;

    /// The hand selection offers, by title and aircraft kind, the first card of each title
    /// not yet in hand: the same as comparing the titles as strings.
    #[test]
    fn hand_selection_offers_each_new_title_once_per_kind() {
        for seed in 0..20 {
            let mut g = Csar::setup("caged_tiger", &Options::default(), seed).unwrap();
            while g.step != Step::SelectHand {
                let a = g.legal_actions()[0].clone();
                g.apply(&a).unwrap();
            }
            while g.step == Step::SelectHand {
                let mut expected = Vec::new();
                let mut seen: Vec<(&str, Option<Kind>)> = Vec::new();
                for &c in g.actions.draw_pile() {
                    let card = content().action(c);
                    let key = (card.title.as_str(), card.aircraft);
                    if card.kind == CardKind::Aircraft
                        && !seen.contains(&key)
                        && !g.hand.iter().any(|&h| title(h) == card.title)
                    {
                        seen.push(key);
                        expected.push(Action::TakeCard(c));
                    }
                }
                let offered = g.legal_actions();
                assert_eq!(offered, expected, "seed {seed}");
                for &c in g.actions.draw_pile() {
                    let action = Action::TakeCard(c);
                    let mut probe = Sink::probe(&action);
                    g.choices(&mut probe);
                    assert_eq!(probe.found, expected.contains(&action), "seed {seed}");
                }
                let pick = offered[usize::try_from(seed).unwrap() % offered.len()].clone();
                g.apply(&pick).unwrap();
            }
        }
    }

    /// Checking an action finds exactly the listed ones, also where parts of the listing are
    /// skipped for it.
    #[test]
    fn probes_agree_with_the_list() {
        for seed in 0..20 {
            let mut g = Csar::setup("caged_tiger", &Options::default(), seed).unwrap();
            for step in 0..400usize {
                if g.outcome().is_some() {
                    break;
                }
                let listed = g.legal_actions();
                let mut candidates = listed.clone();
                for a in 0..g.aircraft.len() as u8 {
                    candidates.push(Action::Select(a));
                    candidates.push(Action::PilotAbility(a));
                    for z in 0..5 {
                        candidates.push(Action::Move {
                            aircraft: a,
                            to: Place::Zone(z),
                        });
                    }
                }
                candidates.push(Action::Done);
                for c in &candidates {
                    let mut probe = Sink::probe(c);
                    g.choices(&mut probe);
                    let direct_move = matches!(c, Action::Move { .. }) && g.step == Step::Move;
                    if !direct_move {
                        assert_eq!(probe.found, listed.contains(c), "{c:?} at seed {seed}");
                    }
                }
                let pick =
                    listed[(step * 7 + usize::try_from(seed).unwrap()) % listed.len()].clone();
                g.apply(&pick).unwrap();
            }
        }
    }
}
