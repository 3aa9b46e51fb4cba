//! Setting up a mission from its scenario record (7.0).

use crate::engine::cup::Cup;
use crate::engine::deck::Deck;
use crate::engine::log::Log;
use crate::engine::message::msg;
use crate::engine::rng::Rng;

use super::campaign::CampaignState;
use super::content::{Kind, Removal, Scenario, StartingHand, content};
use super::state::{
    Aircraft, Csar, Fate, Options, Place, Step, Survivor, SurvivorPlace, WILD, Zone, zone_index,
};

fn zone_of(key: &str) -> u8 {
    zone_index(key).unwrap_or(0)
}

/// Takes out of `cards` the copies named by `removals` (every copy when no count is given).
pub fn remove_titles(cards: &mut Vec<u8>, removals: &[Removal], out: &mut Vec<u8>) {
    for r in removals {
        let mut left = r.copies.map_or(u8::MAX, |n| n);
        cards.retain(|&c| {
            if left > 0 && content().action(c).title == r.title {
                left -= 1;
                out.push(c);
                false
            } else {
                true
            }
        });
    }
}

impl Csar {
    /// A mission of `scen` ready for its first decision.
    pub fn build(
        scen: &Scenario,
        options: &Options,
        mut rng: Rng,
        log: Log,
        campaign: Option<CampaignState>,
    ) -> Csar {
        let c = content();
        let in_campaign = campaign.is_some();
        // Aircraft.
        let mut aircraft: Vec<Aircraft> = c
            .aircraft
            .iter()
            .map(|r| Aircraft {
                kind: r.kind,
                place: Place::Absent,
                shaken: false,
                moved: false,
                fate: Fate::Flying,
                in_mission: false,
                arrives: None,
                pilot: None,
            })
            .collect();
        let mut put = |kind: Kind, n: u8, place: Place, arrives: Option<u8>| {
            for a in aircraft
                .iter_mut()
                .filter(|a| a.kind == kind && !a.in_mission)
                .take(usize::from(n))
            {
                a.place = place;
                a.in_mission = true;
                a.arrives = arrives;
            }
        };
        put(Kind::Sandy, scen.orbit.sandy, Place::Orbit, None);
        put(Kind::Fac, scen.orbit.fac, Place::Orbit, None);
        put(Kind::Helicopter, scen.orbit.helicopter, Place::Orbit, None);
        if let Some(r) = &scen.reinforcements {
            put(Kind::Sandy, r.sandy, Place::Absent, Some(r.turn));
            put(Kind::Helicopter, r.helicopter, Place::Absent, Some(r.turn));
        }
        let pool = match &campaign {
            Some(cs) => cs.fast_movers,
            None => scen.fast_mover_pool,
        };
        let orbit_fm = if in_campaign {
            0
        } else {
            scen.fast_movers_in_orbit
        };
        put(Kind::FastMover, orbit_fm, Place::Orbit, None);
        put(Kind::FastMover, pool, Place::Pool, None);
        // Decks.
        let mut resolution: Vec<u8> = (1..=30).collect();
        let mut set_aside = Vec::new();
        if options.recovering_pilots {
            resolution.retain(|&x| x != WILD);
            set_aside.push(WILD);
        }
        let resolution = Deck::shuffled(resolution, &mut rng).named("resolution");
        let mut action_ids: Vec<u8> = (0..c.actions.len() as u8).collect();
        let mut actions_out = Vec::new();
        remove_titles(&mut action_ids, &scen.removed_actions, &mut actions_out);
        if let Some(cs) = &campaign {
            remove_titles(
                &mut action_ids,
                &c.campaign.removed_actions,
                &mut actions_out,
            );
            for &b in &cs.bought_cards {
                if let Some(i) = actions_out.iter().position(|&x| x == b) {
                    action_ids.push(actions_out.remove(i));
                }
            }
        }
        let mut event_ids: Vec<u8> = (0..c.events.len() as u8).collect();
        let events_out: Vec<u8> = event_ids
            .iter()
            .copied()
            .filter(|&e| {
                scen.removed_events
                    .contains(&c.events[usize::from(e)].title)
            })
            .collect();
        event_ids.retain(|e| !events_out.contains(e));
        let events = Deck::shuffled(event_ids, &mut rng).named("event");
        let (pilot_ids, pilots_out): (Vec<u8>, Vec<u8>) =
            (0..c.pilots.len() as u8).partition(|p| match &campaign {
                Some(cs) => !cs.lost.contains(p) && !cs.roster.contains(p),
                None => scen.pilot != "none",
            });
        let mut pilots_out = pilots_out;
        let mut pilots_in_play = Vec::new();
        let mut pilot_queue = Vec::new();
        if let Some(cs) = &campaign {
            for &p in &cs.roster {
                pilots_out.retain(|&x| x != p);
                pilots_in_play.push(p);
                pilot_queue.push(p);
            }
        }
        let pilots = Deck::shuffled(pilot_ids, &mut rng).named("pilot");
        // Cups.
        let mut units: Vec<u8> = (0..c.units.len() as u8).collect();
        let mut units_out = Vec::new();
        if scen.no_s60 {
            units.retain(|&u| {
                let keep = c.units[usize::from(u)].name != "S-60";
                if !keep {
                    units_out.push(u);
                }
                keep
            });
        }
        let (hidden, hidden_out): (Vec<u8>, Vec<u8>) = (0..c.hidden.len() as u8).partition(|&h| {
            !scen.no_hidden && (!scen.hidden_min_one || c.hidden[usize::from(h)].at_least_one())
        });
        let mut enemy_out = Vec::new();
        let mut three_gone = false;
        let enemy: Vec<u8> = (0..c.enemy.len() as u8)
            .filter(|&e| {
                let v = c.enemy[usize::from(e)];
                let drop = (scen.enemy_min_one && !v.at_least_one())
                    || (scen.no_enemy_three
                        && !three_gone
                        && v == super::content::MarkerValue::Plain(3)
                        && {
                            three_gone = true;
                            true
                        });
                if drop {
                    enemy_out.push(e);
                }
                !drop
            })
            .collect();
        let zone_ids: Vec<u8> = (0..c.zone_markers.len() as u8).collect();
        let mut state = Csar {
            scenario_index: c
                .scenarios
                .iter()
                .position(|x| x.id == scen.id)
                .unwrap_or(0) as u8,
            scenario: if in_campaign {
                "campaign".into()
            } else {
                scen.id.clone()
            },
            options: Options {
                search_effectiveness: options.search_effectiveness,
                ..options.clone()
            },
            rng,
            log,
            step: Step::TurnStart,
            fire: None,
            rescue_pending: None,
            turn: 1,
            turns: scen.turns,
            search: scen.search,
            abort: scen.abort,
            resolution,
            hits_pile: Vec::new(),
            set_aside,
            actions: Deck::stacked(action_ids).named("action"),
            hand: Vec::new(),
            reserve: Vec::new(),
            actions_out,
            events,
            events_out,
            events_in_play: Vec::new(),
            pilots,
            pilots_in_play,
            pilots_out,
            pilots_lost: Vec::new(),
            aircraft,
            survivors: Vec::new(),
            zones: Default::default(),
            unit_cup: Cup::new(units).named("units"),
            hidden_cup: Cup::new(hidden).named("hidden"),
            enemy_cup: Cup::new(enemy).named("enemy"),
            zone_cup: Cup::new(zone_ids).named("zones"),
            units_out,
            hidden_out,
            enemy_out,
            zone_out: Vec::new(),
            hand_limit: scen.hand_limit.unwrap_or(5),
            reserve_limit: scen.reserve_limit.unwrap_or(3),
            search_cap: scen.search_cap.unwrap_or(c.tracks.search_max),
            comms_trouble: false,
            radio_contact: false,
            migs: false,
            evacuating: None,
            rescue_tried: Vec::new(),
            rescue_helis: Vec::new(),
            forgiven: false,
            burned: 0,
            selected: None,
            pilot_queue,
            aborted: false,
            auto_aborted: false,
            result: None,
            campaign,
            record: Vec::new(),
            last_draw: None,
            wild_question: None,
            wild_calls: Vec::new(),
            wild_named: None,
            wild_unanswered: None,
            rewind: Default::default(),
        };
        if let Some(cs) = &state.campaign {
            state.turns = c.campaign.turns + u8::from(cs.extra_turn);
        }
        state.actions.shuffle_draw(&mut state.rng);
        state.place_map(scen);
        // Starting hand: a fixed list (the Sandy version of a title when there are several).
        if let StartingHand::Fixed(titles) = &scen.starting_hand {
            for t in titles {
                let pick = state
                    .actions
                    .draw_pile()
                    .iter()
                    .copied()
                    .filter(|&x| &content().action(x).title == t)
                    .min();
                if let Some(card) = pick {
                    state.actions.take(&card);
                    state.hand.push(card);
                }
            }
        }
        state.log.add(
            "7.0",
            msg("{title}: set-up done").term("title", scen.title.clone()),
        );
        state.step = if in_campaign {
            Step::Purchase
        } else {
            Step::ChoosePilot
        };
        if !in_campaign {
            state.begin_pilots();
        }
        state
    }

    fn place_map(&mut self, scen: &Scenario) {
        let c = content();
        for s in &scen.survivors {
            self.survivors.push(Survivor {
                place: SurvivorPlace::Stranded(zone_of(&s.zone)),
                injured: s.injured,
                pinpointed: s.pinpointed || !self.options.pinpointing,
                pilot: None,
                downed_from: None,
                turn: None,
            });
        }
        for f in &scen.fixed_units {
            if let Some(u) = self
                .unit_cup
                .take(|&u| c.units[usize::from(u)].name == f.unit)
            {
                self.put_unit(zone_of(&f.zone), u);
            }
        }
        for f in &scen.fixed_zone_markers {
            if let Some(m) = self
                .zone_cup
                .take(|&m| c.zone_markers[usize::from(m)] == f.marker)
            {
                self.zones[usize::from(zone_of(&f.zone))].markers.push(m);
            }
        }
        for z in &scen.random_zone_markers {
            if let Some(m) = self.zone_cup.draw(&mut self.rng) {
                self.zones[usize::from(zone_of(z))].markers.push(m);
            }
        }
        if scen.random_zone_markers.is_empty() && !scen.reveal_two_outer {
            while let Some(m) = self.zone_cup.draw(&mut self.rng) {
                self.zone_out.push(m);
            }
        }
        for z in &scen.enemy_markers {
            self.zones[usize::from(zone_of(z))].enemy = self.enemy_cup.draw(&mut self.rng);
        }
        for z in &scen.hidden_markers {
            self.zones[usize::from(zone_of(z))].hidden = self.hidden_cup.draw(&mut self.rng);
        }
        for z in self.zones.iter_mut() {
            for u in z.units.iter_mut() {
                u.fresh = false;
            }
        }
    }

    /// The first set-up decision about Pilots/PJs, or skips to the next one.
    pub fn begin_pilots(&mut self) {
        let mode = if self.campaign.is_some() {
            "choose"
        } else {
            self.scenario_data().pilot.as_str()
        };
        if mode == "none" || self.pilots.draw_count() == 0 {
            self.after_pilot();
        } else {
            self.step = Step::ChoosePilot;
        }
    }

    /// After a Pilot/PJ is placed: the next bought one, then the starting hand.
    pub fn after_pilot(&mut self) {
        if let Some(p) = self.pilot_queue.pop() {
            self.step = Step::PlacePilot(p);
            if self.prompt_is_empty() {
                // No free aircraft of its type: the counter sits this mission out.
                self.pilots_in_play.retain(|&x| x != p);
                self.pilots_out.push(p);
                self.after_pilot();
            }
            return;
        }
        match self.scenario_data().starting_hand {
            StartingHand::Select(_) => self.step = Step::SelectHand,
            StartingHand::Fixed(_) => self.after_hand(),
        }
    }

    pub fn after_hand(&mut self) {
        if self.scenario_data().reveal_two_outer && self.campaign.is_none() {
            self.step = Step::RevealZones;
        } else {
            self.finish_setup();
        }
    }

    pub fn finish_setup(&mut self) {
        self.step = Step::TurnStart;
    }

    fn prompt_is_empty(&self) -> bool {
        let mut sink = super::choices::Sink::actions_only();
        self.choices(&mut sink);
        sink.actions.is_empty()
    }

    pub fn zones_default() -> [Zone; 5] {
        Default::default()
    }
}
