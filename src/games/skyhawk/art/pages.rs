//! The board's pages after the map: the Mission Record Card at full size and the record sheets
//! of the print kit, filled from the game as it goes — the campaign's roster, record, calendar
//! and awards among them. Screen and paper share the drawing code.

use cairo::Context;

use super::record_card::{CARD, draw_record_card};
use super::records::records_from;
use super::scene::card_record;
use super::sheets::*;
use crate::art::board::{View, draw_sheet_page};
use crate::art::sheet::Page;
use crate::engine::message::{Message, msg};
use crate::games::skyhawk::rules::content::content;
use crate::games::skyhawk::rules::state::Skyhawk;

/// A record sheet shown as a page of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetPage {
    RecordCard,
    Ordnance,
    Gazetteer,
    Division,
    Roster,
    Campaign,
    Calendar,
    Awards,
}

impl SheetPage {
    pub fn title(self) -> Message {
        match self {
            SheetPage::RecordCard => msg("Mission Record Card"),
            SheetPage::Ordnance => msg("Ordnance Card"),
            SheetPage::Gazetteer => msg("Gazetteer"),
            SheetPage::Division => msg("Division"),
            SheetPage::Roster => msg("Pilot Roster"),
            SheetPage::Campaign => msg("Campaign Record"),
            SheetPage::Calendar => msg("Calendar"),
            SheetPage::Awards => msg("Awards"),
        }
    }
}

/// The sheets this game fills: the division's with 15.1, the campaign's in a campaign.
pub fn sheet_pages(game: &Skyhawk) -> Vec<SheetPage> {
    let mut pages = vec![
        SheetPage::RecordCard,
        SheetPage::Ordnance,
        SheetPage::Gazetteer,
    ];
    if game.division.is_some() {
        pages.push(SheetPage::Division);
    }
    if game.campaign.is_some() {
        pages.extend([
            SheetPage::Roster,
            SheetPage::Campaign,
            SheetPage::Calendar,
            SheetPage::Awards,
        ]);
    }
    pages
}

/// Draws one sheet, filled from the game, fitted into the view.
pub fn draw_sheet_of(
    cr: &Context,
    view: &View,
    game: &Skyhawk,
    sheet: SheetPage,
) -> Result<(), cairo::Error> {
    if sheet == SheetPage::RecordCard {
        let card = card_record(game);
        return draw_sheet_page(cr, view, CARD.w, CARD.h, |cr| draw_record_card(cr, &card));
    }
    let Ok(c) = content() else {
        return Ok(());
    };
    let r = records_from(c, game);
    let (portrait, landscape) = (Page::A4_PORTRAIT, Page::A4_LANDSCAPE);
    let on = |page: Page, draw: &dyn Fn(&Context, Page) -> Result<(), cairo::Error>| {
        draw_sheet_page(cr, view, page.w, page.h, |cr| draw(cr, page))
    };
    match sheet {
        SheetPage::RecordCard => Ok(()),
        SheetPage::Ordnance => on(landscape, &|cr, p| {
            draw_ordnance_card(cr, c, &r.ordnance, p)
        }),
        // The page with the mission's target, its line ringed.
        SheetPage::Gazetteer => {
            // Before planning rolls a target, the first page with nothing marked.
            let (index, line) = game
                .target
                .as_ref()
                .and_then(|t| gazetteer_line(c, t.list, &t.name))
                .unzip();
            on(portrait, &|cr, p| {
                draw_gazetteer(cr, c, p, index.unwrap_or(0), line)
            })
        }
        SheetPage::Division => on(landscape, &|cr, p| draw_division(cr, &r.division, p)),
        SheetPage::Roster => on(portrait, &|cr, p| draw_roster(cr, &r.roster, p)),
        // The page of the record that holds the latest missions.
        SheetPage::Campaign => on(portrait, &|cr, p| {
            let last = campaign_pages(&r.campaign).saturating_sub(1);
            draw_campaign_record(cr, &r.campaign, p, last)
        }),
        SheetPage::Calendar => on(portrait, &|cr, p| draw_calendar(cr, &r.calendar, p)),
        SheetPage::Awards => on(portrait, &|cr, p| draw_awards(cr, &r.awards, p)),
    }
}
