//! The print-and-play kit of Chopper Pilot Vietnam (rules digest §10): the six Tactical Maps
//! and the Operations Maps at full size (tiled by the exporter), the Enroute, Combat and Return
//! Event decks, the Crew Bio cards and the Unit Cards, the Helicopter Info Cards, the Crew
//! Boards, the counters (the double-length Airstrike markers on sheets of their own size), the
//! player aid with every table, the arc and scatter reference, the Combat Tour Cards, the
//! Mission Log and the campaign summary, the Playbook booklet (§10.6), the Emergency
//! Procedures trifold (§10.9) and the Base Mat (§10.1) — blank ([`kit`]) or filled from a game
//! ([`kit_for_game`]).

use std::rc::Rc;

use super::art::aids::{draw_reference, draw_table_page, table_pages};
use super::art::base_mat::draw_base_mat;
use super::art::cards::{
    CARD_H, CARD_W, UNIT_CARD_H, UNIT_CARD_W, draw_bio_back, draw_bio_front, draw_event_back,
    draw_event_front, draw_unit_card, draw_unit_card_back,
};
use super::art::counters::{COUNTER_MM, Counter, LONG_MM, counter_sheet, draw_face};
use super::art::crew::draw_kit_board;
use super::art::info_card::{airframes, draw_info_card};
use super::art::maps::{OPS_H, OPS_W, TAC_H, TAC_W, draw_ops_sheet, draw_tactical_sheet};
use super::art::pamphlet;
use super::art::playbook::Playbook;
use super::art::records::{
    MissionLog, board_seats, draw_campaign_summary, draw_mission_log, draw_tour_card,
};
use super::rules::ChopperPilot;
use super::rules::content::{
    CampaignId, Content, DeckKind, DeckSpec, EventCard, HeloType, content as checked_content,
};
use crate::art::sheet::Page;
use crate::engine::content::ContentError;
use crate::engine::message::n_;
use crate::export::component;
use crate::export::{Component, Kind, Kit};
use crate::i18n::gettext;

/// Sheets sized to fit the art area of both A4 and US Letter (less the exporter's margins,
/// footer and crop-mark bands), so each side prints on one page.
const PORTRAIT: Page = Page { w: 190.0, h: 248.0 };
const LANDSCAPE: Page = Page { w: 260.0, h: 178.0 };

/// The kit with blank record sheets, or what is wrong with the content it is drawn from.
pub fn kit() -> Result<Kit, ContentError> {
    Ok(build(checked_content()?, None))
}

/// The kit with the Crew Boards, the Combat Tour Card and the Mission Log filled from `game`.
pub fn kit_for_game(game: &ChopperPilot) -> Kit {
    match checked_content() {
        Ok(c) => build(c, Some(Rc::new(game.clone()))),
        Err(_) => Kit::new(super::ID, super::TITLE, Vec::new()),
    }
}

fn build(c: &'static Content, game: Option<Rc<ChopperPilot>>) -> Kit {
    let mut components = vec![
        Component::new(
            n_("Tactical Maps"),
            Kind::Map,
            (TAC_W, TAC_H),
            c.tactical_maps.len(),
            move |cr, i, _| draw_tactical_sheet(cr, c.tactical_maps[i].number),
        ),
        Component::new(
            n_("Operations Maps"),
            Kind::Map,
            (OPS_W, OPS_H),
            c.ops_maps.len(),
            move |cr, i, _| draw_ops_sheet(cr, &c.ops_maps[i]),
        ),
        event_cards(n_("Enroute Event cards"), c, DeckKind::Enroute),
        event_cards(n_("Combat Event cards"), c, DeckKind::Combat),
        event_cards(n_("Return Event cards"), c, DeckKind::Return),
        Component::new(
            n_("Crew Bio cards"),
            Kind::Cards,
            (CARD_W, CARD_H),
            c.bios.len(),
            move |cr, i, bleed| draw_bio_front(cr, &c.bios[i], bleed),
        )
        .with_back(|cr, _, bleed| draw_bio_back(cr, bleed)),
        Component::new(
            n_("Unit Cards"),
            Kind::Cards,
            (UNIT_CARD_W, UNIT_CARD_H),
            c.cards.len(),
            move |cr, i, _| draw_unit_card(cr, &c.cards[i]),
        )
        .with_back(move |cr, i, _| draw_unit_card_back(cr, &c.cards[i]))
        .bleeding(false),
    ];
    components.extend(counters(c));
    let cards = Rc::new(airframes());
    components.push(Component::new(
        n_("Helicopter Info Cards"),
        Kind::Sheets,
        (PORTRAIT.w, PORTRAIT.h),
        cards.len(),
        move |cr, i, _| draw_info_card(cr, PORTRAIT, cards[i].0, cards[i].1),
    ));
    // Four boards (digest G17): the Huey and the Cobra of the 1st Air Cavalry, the Huey of
    // MACV-SOG and a spare Huey for a second player's crew in cooperative play.
    let boards = [
        (HeloType::Huey, n_("Huey · 1st Air Cavalry Division")),
        (HeloType::Cobra, n_("Cobra · 1st Air Cavalry Division")),
        (HeloType::Huey, n_("Huey · MACV-SOG")),
        (HeloType::Huey, n_("Huey · a second player's crew")),
    ];
    // The crew of the game goes on the board of its campaign and the type it flies.
    let filled = game
        .as_deref()
        .map(|g| match (g.campaign_id(), g.cobra_pilot) {
            (CampaignId::Sog, _) => 2,
            (_, true) => 1,
            _ => 0,
        });
    let played = game.clone();
    components.push(Component::new(
        n_("Crew Boards"),
        Kind::Sheets,
        (LANDSCAPE.w, LANDSCAPE.h),
        boards.len(),
        move |cr, i, _| {
            let (kind, label) = boards[i];
            let g = played.as_deref().filter(|_| filled == Some(i));
            let seats = board_seats(kind);
            draw_kit_board(cr, g, &seats, &gettext(label), LANDSCAPE.w, LANDSCAPE.h)
        },
    ));
    if let Ok(book) = Playbook::new() {
        // Printed on both sides: each sheet's back carries the two pages behind its front.
        let book = Rc::new(book);
        let back = book.clone();
        components.push(
            Component::new(
                n_("Playbook"),
                Kind::Aids,
                (LANDSCAPE.w, LANDSCAPE.h),
                book.sheets(),
                move |cr, i, _| book.draw_side(cr, i, false, LANDSCAPE.w, LANDSCAPE.h),
            )
            .with_back(move |cr, i, _| back.draw_side(cr, i, true, LANDSCAPE.w, LANDSCAPE.h))
            // Folded down the middle and leafed through like a book.
            .turned_over_short_edge(),
        );
    }
    // One sheet printed on both sides and folded in three (digest 10.9).
    components.push(
        Component::new(
            n_("Emergency Procedures"),
            Kind::Aids,
            (LANDSCAPE.w, LANDSCAPE.h),
            1,
            |cr, _, _| pamphlet::draw_side(cr, false, LANDSCAPE.w, LANDSCAPE.h),
        )
        .with_back(|cr, _, _| pamphlet::draw_side(cr, true, LANDSCAPE.w, LANDSCAPE.h))
        // Its panels open sideways, like a book's pages.
        .turned_over_short_edge(),
    );
    components.push(Component::new(
        n_("Base Mat"),
        Kind::Sheets,
        (LANDSCAPE.w, LANDSCAPE.h),
        1,
        |cr, _, _| draw_base_mat(cr, LANDSCAPE.w, LANDSCAPE.h),
    ));
    components.push(Component::new(
        n_("Player Aid"),
        Kind::Aids,
        (PORTRAIT.w, PORTRAIT.h),
        table_pages(PORTRAIT),
        |cr, i, _| draw_table_page(cr, PORTRAIT, i),
    ));
    components.push(component::sheet(
        n_("Arc and scatter reference"),
        PORTRAIT,
        draw_reference,
    ));
    let played = game.clone();
    components.push(Component::new(
        n_("Combat Tour Cards"),
        Kind::Sheets,
        (PORTRAIT.w, PORTRAIT.h),
        c.campaigns.len(),
        move |cr, i, _| draw_tour_card(cr, PORTRAIT, c.campaigns[i].id, played.as_deref()),
    ));
    let log = game
        .as_deref()
        .map_or_else(MissionLog::blank, MissionLog::from_game);
    components.push(component::sheet(
        n_("Mission Log"),
        PORTRAIT,
        move |cr, page| draw_mission_log(cr, page, &log),
    ));
    components.push(component::sheet(
        n_("Campaign summary"),
        PORTRAIT,
        draw_campaign_summary,
    ));
    Kit::new(super::ID, super::TITLE, components)
}

/// Every card of the decks of one kind (both campaigns), each deck's back behind its cards.
fn event_cards(name: &str, c: &'static Content, kind: DeckKind) -> Component {
    let cards: Rc<Vec<(&DeckSpec, EventCard)>> = Rc::new(
        c.decks
            .iter()
            .filter(|d| d.kind == kind)
            .flat_map(|d| d.cards().into_iter().map(move |card| (d, card)))
            .collect(),
    );
    let backs = cards.clone();
    Component::new(
        name,
        Kind::Cards,
        (CARD_W, CARD_H),
        cards.len(),
        move |cr, i, bleed| draw_event_front(cr, cards[i].0, cards[i].1, bleed),
    )
    .with_back(move |cr, i, bleed| draw_event_back(cr, backs[i].0, bleed))
}

/// The counters of the mix, front and back, the ground run into the bleed: the 16 mm ones on
/// their sheets and the double-length Airstrike markers on a sheet of their own size.
fn counters(c: &Content) -> [Component; 2] {
    let (long, square): (Vec<Counter>, Vec<Counter>) = counter_sheet(c)
        .into_iter()
        .partition(|k| k.front.size() == (COUNTER_MM, LONG_MM));
    [
        counter_component(n_("Counters (16 mm)"), square, (COUNTER_MM, COUNTER_MM)),
        counter_component(
            n_("Airstrike markers (16 × 32 mm)"),
            long,
            (COUNTER_MM, LONG_MM),
        ),
    ]
}

fn counter_component(name: &str, counters: Vec<Counter>, size: (f64, f64)) -> Component {
    let fronts = Rc::new(counters);
    let backs = fronts.clone();
    Component::new(
        name,
        Kind::Counters,
        size,
        fronts.len(),
        move |cr, i, bleed| draw_face(cr, &fronts[i].front, bleed),
    )
    .with_back(move |cr, i, bleed| draw_face(cr, &backs[i].back, bleed))
}
