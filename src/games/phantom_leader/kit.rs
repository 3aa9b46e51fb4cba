//! Phantom Leader's print-and-play kit (digest 10): the Pilot/Aircraft cards (three per pilot,
//! two levels each: Newbie|Green, Average|Skilled, Veteran|Ace), the Target and Event cards with
//! their backs, the double-sided counters, the Tactical Display, the Campaign Map sheets, the
//! Help Sheet and the Player Log; blank ([`kit`]) or with the Player Log and the campaign's
//! sheet filled from a campaign ([`kit_for_game`]).

use std::rc::Rc;

use cairo::Context;

use super::art::cards::{CARD_H, CARD_W, draw_pilot_card};
use super::art::counters::{self, SIZE};
use super::art::event_card::{draw_event_back, draw_event_card};
use super::art::player_log::draw_player_log;
use super::art::sheets::{
    TACTICAL_H, TACTICAL_W, draw_campaign_sheet, draw_help_sheet, draw_tactical_display,
};
use super::art::target_card::{draw_target_back, draw_target_card};
use super::rules::PhantomLeader;
use super::rules::cards::PilotCard;
use super::rules::content::{Altitude, Content, Level, content};
use crate::art::sheet::Page;
use crate::engine::content::ContentError;
use crate::engine::message::{msg, n_};
use crate::export::component;
use crate::export::{Component, Kind, Kit};

/// The sheet's size: the art area that fits both A4 and US Letter with the exporter's margins.
const PORTRAIT: Page = Page { w: 190.0, h: 248.0 };

/// A printed counter's side (digest 10.4: 16 mm, 5/8").
pub const COUNTER_MM: f64 = 16.0;

/// The kit with a blank Player Log and Campaign Map sheets, or what is wrong with the content
/// it is drawn from.
pub fn kit() -> Result<Kit, ContentError> {
    Ok(build(content()?, None))
}

/// The kit with the Player Log and the campaign's Campaign Map sheet filled from `game`.
pub fn kit_for_game(game: &PhantomLeader) -> Kit {
    match content() {
        Ok(c) => build(c, Some(Rc::new(game.clone()))),
        Err(_) => Kit::new(super::ID, super::TITLE, Vec::new()),
    }
}

/// The level printed on side `side` (0 front, 1 back) of a pilot's `k`th card.
fn face(k: usize, side: usize) -> Level {
    Level::ALL[2 * k + side]
}

fn build(c: &'static Content, game: Option<Rc<PhantomLeader>>) -> Kit {
    let pilots = Component::new(
        n_("Pilot/Aircraft cards"),
        Kind::Cards,
        (CARD_W, CARD_H),
        c.pilots.len() * 3,
        move |cr, i, bleed| draw_pilot_card(cr, &PilotCard::new(c, i / 3, face(i % 3, 0)), bleed),
    )
    .with_back(move |cr, i, bleed| {
        draw_pilot_card(cr, &PilotCard::new(c, i / 3, face(i % 3, 1)), bleed)
    });
    let targets = Component::new(
        n_("Target cards"),
        Kind::Cards,
        (CARD_W, CARD_H),
        c.targets.len(),
        move |cr, i, bleed| draw_target_card(cr, &c.targets[i], bleed),
    )
    .with_back(|cr, _, bleed| draw_target_back(cr, bleed));
    let events = Component::new(
        n_("Event cards"),
        Kind::Cards,
        (CARD_W, CARD_H),
        c.events.len(),
        move |cr, i, bleed| draw_event_card(cr, &c.events[i], bleed),
    )
    .with_back(|cr, _, bleed| draw_event_back(cr, bleed));
    let display = Component::new(
        n_("Tactical Display"),
        Kind::Map,
        (TACTICAL_W, TACTICAL_H),
        1,
        |cr, _, _| draw_tactical_display(cr),
    );
    let played = game.clone();
    let campaign = Component::new(
        n_("Campaign Map sheets"),
        Kind::Map,
        (PORTRAIT.w, PORTRAIT.h),
        c.sheets.len(),
        move |cr, i, _| {
            let sheet = &c.sheets[i];
            let on = played.as_deref().filter(|g| g.sheet == sheet.id);
            let marks = (on.map(|g| &g.tracks), on.and_then(|g| g.mission.target));
            draw_campaign_sheet(cr, c, sheet, marks, PORTRAIT)
        },
    );
    let help = Component::new(
        n_("Help Sheet"),
        Kind::Aids,
        (PORTRAIT.w, PORTRAIT.h),
        1,
        move |cr, _, _| draw_help_sheet(cr, c, 0, PORTRAIT),
    )
    .with_back(move |cr, _, _| draw_help_sheet(cr, c, 1, PORTRAIT));
    let log = component::sheet(n_("Player Log"), PORTRAIT, move |cr, page| {
        draw_player_log(cr, page, game.as_deref())
    });
    let components = vec![
        pilots,
        targets,
        events,
        counter_sheet(c),
        display,
        campaign,
        help,
        log,
    ];
    Kit::new(super::ID, super::TITLE, components)
}

/// One side of a printed counter.
#[derive(Clone, Debug, PartialEq)]
pub enum Side {
    Aircraft {
        pilot: usize,
        altitude: Altitude,
    },
    Defense(usize),
    Weapon(usize),
    Angle(usize),
    /// A label, a second line, ground and ink colours.
    Marker(String, Option<String>, (u32, u32)),
    /// The plain back of a piece drawn blind from a cup or printed on one side.
    Plain,
}

const MARKER: (u32, u32) = (0xfbf8ef, 0x1c1f17);
const STRESS: (u32, u32) = (0xe0b443, 0x1c1f17);
const DAMAGE: (u32, u32) = (0x6b2a22, 0xffffff);
const START: (u32, u32) = (0x2f7d32, 0xffffff);
const EXIT: (u32, u32) = (0xb03a2e, 0xffffff);

/// Every counter of digest 10.4, front and back, as the content counts them.
pub fn counter_faces(c: &Content) -> Vec<(Side, Side)> {
    let mut out = Vec::new();
    for pilot in 0..c.pilots.len() {
        out.push((
            Side::Aircraft {
                pilot,
                altitude: Altitude::High,
            },
            Side::Aircraft {
                pilot,
                altitude: Altitude::Low,
            },
        ));
    }
    let index = |id: &str| c.defenses.iter().position(|d| d.id == id);
    for d in &c.defense_counters {
        if let (Some(site), Some(bandit)) = (index(&d.site), index(&d.bandit)) {
            let pair = (Side::Defense(site), Side::Defense(bandit));
            out.extend(std::iter::repeat_n(pair, usize::from(d.count)));
        }
    }
    for (k, a) in c.angles.iter().enumerate() {
        out.extend(std::iter::repeat_n(
            (Side::Angle(k), Side::Plain),
            usize::from(a.count),
        ));
    }
    for w in &c.weapon_counters {
        if let (Some(front), Some(back)) = (c.weapon_index(&w.front), c.weapon_index(&w.back)) {
            let pair = (Side::Weapon(front), Side::Weapon(back));
            out.extend(std::iter::repeat_n(pair, usize::from(w.count)));
        }
    }
    let m = &c.markers;
    for k in 1..=m.flight_path_pairs {
        out.push((
            Side::Marker(msg("Start {n}").arg("n", k).render(), None, START),
            Side::Marker(msg("Exit {n}").arg("n", k).render(), None, EXIT),
        ));
    }
    for &(value, count) in &m.stress {
        let side = Side::Marker(
            value.to_string(),
            Some(crate::i18n::gettext("Stress")),
            STRESS,
        );
        out.extend(std::iter::repeat_n(
            (side.clone(), side),
            usize::from(count),
        ));
    }
    for &(hits, count) in &m.damage {
        let side = Side::Marker(counters::hits_label(hits), None, DAMAGE);
        out.extend(std::iter::repeat_n(
            (side.clone(), side),
            usize::from(count),
        ));
    }
    for (id, count) in &m.markers {
        let side = Side::Marker(counters::marker_name(id), None, MARKER);
        out.extend(std::iter::repeat_n(
            (side, Side::Plain),
            usize::from(*count),
        ));
    }
    out
}

fn draw_side(cr: &Context, c: &Content, side: &Side, bleed: f64) -> Result<(), cairo::Error> {
    // The face's ground runs into the bleed; the face is drawn at the display's size, scaled.
    let ground = match side {
        Side::Aircraft { .. } => counters::FRIEND,
        Side::Defense(d) if is_site(c, *d) => counters::SITE,
        Side::Defense(_) => counters::BANDIT,
        Side::Weapon(w) => counters::weapon_ground(c.weapons[*w].class),
        Side::Angle(_) => 0xffffff,
        Side::Marker(_, _, (ground, _)) => *ground,
        Side::Plain => MARKER.0,
    };
    crate::art::draw::Rgb::hex(ground).set(cr);
    cr.rectangle(
        -bleed,
        -bleed,
        COUNTER_MM + 2.0 * bleed,
        COUNTER_MM + 2.0 * bleed,
    );
    cr.fill()?;
    let scale = COUNTER_MM / SIZE;
    cr.save()?;
    cr.scale(scale, scale);
    let at = (0.0, 0.0);
    match side {
        Side::Aircraft { pilot, altitude } => {
            let p = &c.pilots[*pilot];
            let aircraft = &c.pilot_aircraft(*pilot).id;
            counters::aircraft(cr, at, &p.name, aircraft, *altitude, "", false)?;
        }
        Side::Defense(d) if is_site(c, *d) => {
            counters::site(cr, &c.defenses[*d], 0.0, 0.0)?;
        }
        Side::Defense(d) => counters::bandit(cr, &c.defenses[*d], 0.0, 0.0)?,
        Side::Weapon(w) => counters::weapon(cr, &c.weapons[*w], 0.0, 0.0)?,
        Side::Angle(a) => counters::angle(cr, &c.angles[*a], 0.0, 0.0)?,
        Side::Marker(label, second, colours) => {
            counters::marker(cr, at, label, second.as_deref(), *colours)?;
        }
        Side::Plain => {}
    }
    cr.restore()
}

fn is_site(c: &Content, defense: usize) -> bool {
    c.defenses[defense].side == super::rules::content::Side::Site
}

fn counter_sheet(c: &'static Content) -> Component {
    let faces = Rc::new(counter_faces(c));
    let backs = faces.clone();
    Component::new(
        n_("Counters (16 mm)"),
        Kind::Counters,
        (COUNTER_MM, COUNTER_MM),
        faces.len(),
        move |cr, i, bleed| draw_side(cr, c, &faces[i].0, bleed),
    )
    .with_back(move |cr, i, bleed| draw_side(cr, c, &backs[i].1, bleed))
}
