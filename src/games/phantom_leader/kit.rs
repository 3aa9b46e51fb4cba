//! Phantom Leader's print-and-play kit (digest 10): the Pilot/Aircraft cards, three per pilot
//! with two levels each (Newbie|Green, Average|Skilled, Veteran|Ace), and the Player Log,
//! blank ([`kit`]) or filled from a campaign ([`kit_for_game`]).

use std::rc::Rc;

use super::art::cards::{CARD_H, CARD_W, draw_pilot_card};
use super::art::player_log::draw_player_log;
use super::rules::PhantomLeader;
use super::rules::cards::PilotCard;
use super::rules::content::{Content, Level, content};
use crate::art::sheet::Page;
use crate::engine::content::ContentError;
use crate::engine::message::n_;
use crate::export::component;
use crate::export::{Component, Kind, Kit};

/// The sheet's size: the art area that fits both A4 and US Letter with the exporter's margins.
const PORTRAIT: Page = Page { w: 190.0, h: 248.0 };

/// The kit with a blank Player Log, or what is wrong with the content it is drawn from.
pub fn kit() -> Result<Kit, ContentError> {
    Ok(build(content()?, None))
}

/// The kit with the Player Log filled from `game`.
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
    let cards = Component::new(
        n_("Pilot/Aircraft cards"),
        Kind::Cards,
        (CARD_W, CARD_H),
        c.pilots.len() * 3,
        move |cr, i, bleed| draw_pilot_card(cr, &PilotCard::new(c, i / 3, face(i % 3, 0)), bleed),
    )
    .with_back(move |cr, i, bleed| {
        draw_pilot_card(cr, &PilotCard::new(c, i / 3, face(i % 3, 1)), bleed)
    });
    let log = component::sheet(n_("Player Log"), PORTRAIT, move |cr, page| {
        draw_player_log(cr, page, game.as_deref())
    });
    Kit::new(super::ID, super::TITLE, vec![cards, log])
}
