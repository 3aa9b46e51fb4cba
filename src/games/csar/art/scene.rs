//! The whole position of a game of That Others May Live as a [`MapScene`]: what the window
//! draws and the player clicks.
//!
//! Target ids are the rules' own (`crate::games::csar::rules::state::target`): aircraft, units,
//! Survivors and the Target of Opportunity carry them as their [`Piece::id`]. Counters that are
//! not targets themselves (Enemy/Hidden/zone markers, ordnance) are `marker:<Z>:<what>`, which
//! [`to_rule_id`] turns into their zone. Cards are placed by position in the art
//! (`card:hand:<n>`, `card:reserve:<n>`, `card:zone:<Z>:<n>`); [`card_ids`] is the one table
//! between those and the rules' `card:hand:<card>`, `card:reserve:<card>`, `card:box:<card>`.

use super::counter::{CounterFace, OrdnanceKind};
use super::faces;
use super::map::{AssignedCard, MapScene, Piece, ZoneId, ZoneScene};
use super::records::campaign_record_from;
use crate::art::board::View;
use crate::engine::message::msg;
use crate::games::csar::rules::content::{ZoneMarker, content};
use crate::games::csar::rules::state::{
    Csar, Place, Step, SurvivorPlace, ZONE_KEYS, aircraft_name, target,
};

/// The scene of `game`, with the view's targets highlighted and its hovered target lit.
pub fn scene(game: &Csar, view: Option<&View>) -> MapScene {
    let mut s = MapScene {
        tray: true,
        turn: Some(game.turn),
        search: Some(game.search),
        abort: Some(game.abort),
        ..MapScene::default()
    };
    for (z, zone) in s.zones.iter_mut().enumerate() {
        *zone = zone_scene(game, z as u8);
    }
    s.orbit = aircraft_at(game, Place::Orbit);
    s.pool = aircraft_at(game, Place::Pool);
    s.reserve = game
        .reserve
        .iter()
        .map(|&c| faces::action_card(c))
        .collect();
    s.hand = game.hand.iter().map(|&c| faces::action_card(c)).collect();
    s.event_in_play = game.events_in_play.first().map(|&e| faces::event_card(e));
    let (drawn, meaning) = latest_draw(game);
    s.drawn = drawn.into_iter().map(faces::resolution_card).collect();
    s.tray_note = tray_note(game, meaning);
    s.cups = Some(
        [
            game.unit_cup.len(),
            game.hidden_cup.len(),
            game.enemy_cup.len(),
            game.zone_cup.len(),
        ]
        .map(|n| n as u32),
    );
    // Between campaign missions the board shows the campaign's record over the map.
    if game.step == Step::Purchase {
        s.campaign = campaign_record_from(game);
    }
    if let Some(view) = view {
        s.highlighted = view.targets.iter().map(|t| to_art_id(game, t)).collect();
        s.hovered = view.hovered.as_ref().map(|t| to_art_id(game, t));
    }
    s
}

/// A marker on top of a counter for `hits` hits, if any.
fn hits_marker(hits: u8) -> Option<CounterFace> {
    (hits > 0).then_some(CounterFace::Hit { hits })
}

fn mark_marker(mark: Option<u8>) -> Option<CounterFace> {
    mark.map(|side| faces::ordnance_counter(OrdnanceKind::Mark, side))
}

fn zone_scene(game: &Csar, z: u8) -> ZoneScene {
    let zone = &game.zones[usize::from(z)];
    let key = ZONE_KEYS[usize::from(z)];
    let marker = |what: String, face| Piece::new(format!("marker:{key}:{what}"), face);
    let mut pieces = Vec::new();
    if let Some(e) = zone.enemy {
        pieces.push(marker(format!("enemy{e}"), faces::enemy_counter(e, false)));
    }
    if let Some(h) = zone.hidden {
        pieces.push(marker(
            format!("hidden{h}"),
            faces::hidden_counter(h, false),
        ));
    }
    for &m in &zone.markers {
        let face = faces::zone_marker_counter(m);
        if content().zone_markers[usize::from(m)] == ZoneMarker::TargetOfOpportunity {
            pieces.push(Piece {
                id: target::too(z),
                face,
                on_top: [hits_marker(zone.too_hits), mark_marker(zone.too_mark)]
                    .into_iter()
                    .flatten()
                    .collect(),
            });
        } else {
            pieces.push(marker(format!("zone{m}"), face));
        }
    }
    for (s, surv) in game.survivors.iter().enumerate() {
        if surv.place == SurvivorPlace::Stranded(z) {
            pieces.push(Piece::new(
                target::survivor(s as u8),
                CounterFace::Survivor {
                    injured: surv.injured,
                    pinpointed: surv.pinpointed,
                    crew: surv.pilot.map(pilot_name),
                },
            ));
        }
    }
    pieces.extend(aircraft_at(game, Place::Zone(z)));
    for u in &zone.units {
        pieces.push(Piece {
            id: target::unit(u.counter),
            face: faces::unit_counter(u.counter, u.suppressed, u.fired),
            on_top: [hits_marker(u.hits), mark_marker(u.mark)]
                .into_iter()
                .flatten()
                .collect(),
        });
    }
    if let Some(side) = zone.cs_gas {
        pieces.push(marker(
            "gas".into(),
            faces::ordnance_counter(OrdnanceKind::CsGas, side),
        ));
    }
    for (i, &side) in zone.smoke.iter().enumerate() {
        pieces.push(marker(
            format!("smoke{i}"),
            faces::ordnance_counter(OrdnanceKind::Smoke, side),
        ));
    }
    for i in 0..zone.cluster {
        pieces.push(marker(format!("cbu{i}"), CounterFace::ClusterMunitions));
    }
    ZoneScene {
        pieces,
        cards: zone
            .card_box
            .iter()
            .map(|&(card, a)| AssignedCard {
                face: faces::action_card(card),
                aircraft: Some(aircraft_name(a).to_uppercase()),
            })
            .collect(),
        rules_of_engagement: zone.roe_until.is_some(),
    }
}

fn pilot_name(p: u8) -> String {
    content().pilots[usize::from(p)].name.clone()
}

/// The aircraft at `place` as pieces: side, crew, Survivors aboard, moved flag.
fn aircraft_at(game: &Csar, place: Place) -> Vec<Piece> {
    game.aircraft
        .iter()
        .enumerate()
        .filter(|(_, a)| a.place == place)
        .map(|(i, a)| {
            let i = i as u8;
            let mut face = faces::aircraft_counter(i, a.shaken);
            if let CounterFace::Aircraft {
                crew,
                carrying,
                moved,
                ..
            } = &mut face
            {
                *crew = a.pilot.map(pilot_name);
                *carrying = game
                    .survivors
                    .iter()
                    .filter(|s| s.place == SurvivorPlace::Aboard(i))
                    .count() as u8;
                *moved = a.moved;
            }
            Piece::new(target::aircraft(i), face)
        })
        .collect()
}

/// The Resolution cards of the latest draw, and what the draw was for.
fn latest_draw(game: &Csar) -> (Vec<u8>, String) {
    game.last_draw
        .as_ref()
        .map_or_else(Default::default, |d| (d.cards.clone(), d.what.render()))
}

fn tray_note(game: &Csar, meaning: String) -> String {
    // Translators: the counts shown in the tray under the board.
    let mut note = msg("Action deck {actions} · discards {discards} · Resolution {resolution} (discards {res_discards}, hits {hits}) · Events {events}")
    .arg("actions", game.actions.draw_count())
    .arg("discards", game.actions.discard_pile().len())
    .arg("resolution", game.resolution.draw_count())
    .arg("res_discards", game.resolution.discard_pile().len())
    .arg("hits", game.hits_pile.len())
    .arg("events", game.events.draw_count())
    .render();
    if !meaning.is_empty() {
        note.push_str(" · ");
        note.push_str(&msg("last draw: {what}").arg("what", meaning).render());
    }
    note
}

/// Pairs (art id, rule id) of every card the rules can name on the board.
pub fn card_ids(game: &Csar) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for (n, &c) in game.hand.iter().enumerate() {
        v.push((format!("card:hand:{n}"), target::hand(c)));
    }
    for (n, &c) in game.reserve.iter().enumerate() {
        v.push((format!("card:reserve:{n}"), target::reserve(c)));
    }
    for (z, zone) in ZoneId::ALL.iter().zip(&game.zones) {
        for (n, &(c, _)) in zone.card_box.iter().enumerate() {
            v.push((format!("card:zone:{}:{n}", z.letter()), target::boxed(c)));
        }
    }
    v
}

/// The rules' target id of an art id from [`super::map::hit_test`].
pub fn to_rule_id(game: &Csar, art: &str) -> String {
    if let Some(rest) = art.strip_prefix("marker:") {
        let key = rest.split(':').next().unwrap_or_default();
        if let Some(z) = crate::games::csar::rules::state::zone_index(key) {
            return target::zone(z);
        }
    }
    card_ids(game)
        .into_iter()
        .find(|(a, _)| a == art)
        .map_or_else(|| art.to_owned(), |(_, r)| r)
}

/// The art id drawn for a rules' target id (itself for everything but cards).
pub fn to_art_id(game: &Csar, rule: &str) -> String {
    if !rule.starts_with("card:") {
        return rule.to_owned();
    }
    card_ids(game)
        .into_iter()
        .find(|(_, r)| r == rule)
        .map_or_else(|| rule.to_owned(), |(a, _)| a)
}
