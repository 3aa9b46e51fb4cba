//! The print-and-play kit of That Others May Live (rules digest §10): the four card decks, the
//! 88 counters in two sizes, the map sheet, the two-sided Player Aid and the record sheets
//! (blank, or filled from a running game with [`kit_for_game`]).

use std::rc::Rc;

use cairo::Context;

use super::art::card::{CARD_H, CARD_W, CardDeck, CardFace, draw_card_back, draw_card_front};
use super::art::counter::{CounterFace, MARKER_MM, UNIT_MM, draw_counter};
use super::art::faces::{self, counter_mix};
use super::art::map::{MapScene, SHEET_H, SHEET_W, draw_map};
use super::art::palette;
use super::art::records::{campaign_record_from, mission_log_from};
use super::art::sheets::{
    CampaignRecord, MissionLog, Page, PlayerAid, draw_campaign_record, draw_mission_log,
    draw_player_aid,
};
use crate::engine::content::ContentError;
use crate::engine::message::n_;
use crate::export::component;
use crate::export::{Component, Kind, Kit};
use crate::games::csar::rules::state::Csar;

/// Sheets sized to fit the art area of both A4 and US Letter (less the exporter's default
/// 5 mm margins, footer bands and crop-mark bands), so each side prints on one page.
const SHEET_PORTRAIT: Page = Page { w: 190.0, h: 248.0 };
const SHEET_LANDSCAPE: Page = Page { w: 260.0, h: 178.0 };

/// The kit with blank record sheets, or what is wrong with the content it is drawn from.
pub fn kit() -> Result<Kit, ContentError> {
    crate::games::csar::rules::content::loaded()?;
    let aid = PlayerAid::load()?;
    Ok(build(
        MissionLog::blank(),
        CampaignRecord::blank(),
        Some(aid),
    ))
}

/// The kit with the Mission Log (and the Campaign Record in a campaign) filled from `game`.
pub fn kit_for_game(game: &Csar) -> Kit {
    let record = campaign_record_from(game).unwrap_or_else(CampaignRecord::blank);
    // A running game's content is sound; a broken Player Aid is named by the blank kit.
    build(mission_log_from(game), record, PlayerAid::load().ok())
}

fn build(log: MissionLog, record: CampaignRecord, aid: Option<PlayerAid>) -> Kit {
    let mut components = vec![
        cards(n_("Resolution cards"), CardDeck::Resolution),
        cards(n_("Action cards"), CardDeck::Action),
        cards(n_("Event cards"), CardDeck::Event),
        cards(n_("Pilot and PJ cards"), CardDeck::PilotPj),
        counters(n_("Unit counters (19 mm)"), UNIT_MM),
        counters(n_("Marker counters (16 mm)"), MARKER_MM),
        Component::new(
            n_("Map sheet"),
            Kind::Map,
            (SHEET_W, SHEET_H),
            1,
            |cr, _, _| draw_map(cr, &MapScene::empty()),
        ),
    ];
    components.extend(aid.map(player_aid));
    components.push(component::sheet(
        n_("Mission Log"),
        SHEET_LANDSCAPE,
        move |cr, page| draw_mission_log(cr, &log, page),
    ));
    components.push(component::sheet(
        n_("Campaign Record"),
        SHEET_PORTRAIT,
        move |cr, page| draw_campaign_record(cr, &record, page),
    ));
    Kit::new(super::ID, super::TITLE, components)
}

/// Paints the paper colour over the piece and its bleed, under the art.
fn bleed_ground(cr: &Context, w: f64, h: f64, bleed: f64) -> Result<(), cairo::Error> {
    palette::PAPER.set(cr);
    cr.rectangle(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed);
    cr.fill()
}

fn cards(name: &str, deck: CardDeck) -> Component {
    let faces: Rc<Vec<CardFace>> = Rc::new(faces::deck(deck));
    let front = faces.clone();
    Component::new(
        name,
        Kind::Cards,
        (CARD_W, CARD_H),
        faces.len(),
        move |cr, i, bleed| {
            bleed_ground(cr, CARD_W, CARD_H, bleed)?;
            draw_card_front(cr, &front[i], 0.0, 0.0)
        },
    )
    .with_back(move |cr, _, bleed| {
        bleed_ground(cr, CARD_W, CARD_H, bleed)?;
        draw_card_back(cr, deck, 0.0, 0.0)
    })
}

/// The counters of one size, front and back.
fn counters(name: &str, size: f64) -> Component {
    let (fronts, backs): (Vec<CounterFace>, Vec<CounterFace>) = counter_mix()
        .into_iter()
        .filter(|e| (e.front.size_mm() - size).abs() < 1e-9)
        .map(|e| (e.front, e.back))
        .unzip();
    let side = |faces: Vec<CounterFace>| {
        move |cr: &Context, i: usize, bleed: f64| {
            bleed_ground(cr, size, size, bleed)?;
            draw_counter(cr, &faces[i], 0.0, 0.0)
        }
    };
    Component::new(
        name,
        Kind::Counters,
        (size, size),
        fronts.len(),
        side(fronts),
    )
    .with_back(side(backs))
}

/// The Player Aid, its second side on the back.
fn player_aid(aid: PlayerAid) -> Component {
    let aid = Rc::new(aid);
    let page = SHEET_PORTRAIT;
    let back = aid.clone();
    let side = move |aid: &PlayerAid, cr: &Context, n: usize| match aid.side.get(n) {
        Some(s) => draw_player_aid(cr, s, page),
        None => Ok(()),
    };
    Component::new(
        n_("Player Aid"),
        Kind::Aids,
        (page.w, page.h),
        1,
        move |cr, _, _| side(&aid, cr, 0),
    )
    .with_back(move |cr, _, _| side(&back, cr, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kit_lists_every_component_of_the_digest() {
        let kit = kit().unwrap();
        let count = |name: &str| {
            kit.components
                .iter()
                .find(|c| c.name == name)
                .map(|c| (c.count, c.has_back()))
        };
        assert_eq!(count("Resolution cards"), Some((30, true)));
        assert_eq!(count("Action cards"), Some((37, true)));
        assert_eq!(count("Event cards"), Some((16, true)));
        let units = count("Unit counters (19 mm)").unwrap().0;
        let markers = count("Marker counters (16 mm)").unwrap().0;
        assert_eq!(units + markers, 88);
        assert_eq!(count("Player Aid"), Some((1, true)));
        assert_eq!(count("Mission Log"), Some((1, false)));
        assert_eq!(count("Campaign Record"), Some((1, false)));
    }
}
