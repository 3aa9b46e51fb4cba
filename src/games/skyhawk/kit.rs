//! The print-and-play kit of Skyhawk (rules digest §11): the counters, the Charts and Tables
//! booklet, the map, the Mission Record Card and the other record sheets, blank ([`kit`]) or filled from a game ([`kit_for_game`],
//! through the records of [`super::records`]).

use std::rc::Rc;

use cairo::Context;

use super::art::charts::{chart_tables, draw_chart_page, paginate, scratch};
use super::art::counters::{COUNTER_MM, CounterFace, counter_sheet, draw_counter};
use super::art::map::{MAP_H, MAP_W, draw_sheet};
use super::art::record_card::{CARD, CardRecord, draw_record_card};
use super::art::records::{Records, blank_records, records_from};
use super::art::scene::card_record;
use super::art::sheets::*;
use crate::art::sheet::Page;
use crate::engine::content::ContentError;
use crate::engine::message::n_;
use crate::export::component;
use crate::export::{Component, Kind, Kit};
use crate::games::skyhawk::rules::Skyhawk;
use crate::games::skyhawk::rules::content::{Content, content};
use crate::games::skyhawk::rules::tables::Table;

/// Sheets sized to fit the art area of both A4 and US Letter (less the exporter's default
/// margins, footer and crop-mark bands), so each side prints on one page.
const PORTRAIT: Page = Page { w: 190.0, h: 248.0 };
const LANDSCAPE: Page = Page { w: 260.0, h: 178.0 };

/// The kit with blank record sheets, or what is wrong with the content it is drawn from.
pub fn kit() -> Result<Kit, ContentError> {
    let c = content()?;
    Ok(build(c, blank_records(c), CardRecord::default()))
}

/// The kit with the record sheets filled from `game`.
pub fn kit_for_game(game: &Skyhawk) -> Kit {
    match content() {
        Ok(c) => build(c, records_from(c, game), card_record(game)),
        Err(_) => Kit::new(super::ID, super::TITLE, Vec::new()),
    }
}

fn build(c: &'static Content, r: Records, card: CardRecord) -> Kit {
    let mut components = vec![counters(c)];
    components.extend(charts(c));
    components.push(Component::new(
        n_("Target Gazetteer"),
        Kind::Aids,
        (PORTRAIT.w, PORTRAIT.h),
        gazetteer_pages(c),
        move |cr, i, _| draw_gazetteer(cr, c, PORTRAIT, i, None),
    ));
    // The printed map has no pieces on it: the counters are the pieces.
    components.push(Component::new(
        n_("Map"),
        Kind::Map,
        (MAP_W, MAP_H),
        1,
        |cr, _, _| draw_sheet(cr),
    ));
    components.push(component::sheet(
        n_("Mission Record Card"),
        PORTRAIT,
        move |cr, page| {
            // The card is drawn on A4; it prints a little smaller so that it fits both A4 and
            // Letter with the exporter's margins.
            let scale = (page.w / CARD.w).min(page.h / CARD.h);
            cr.scale(scale, scale);
            draw_record_card(cr, &card)
        },
    ));
    let Records {
        ordnance,
        roster,
        division,
        campaign,
        calendar,
        awards,
    } = r;
    components.push(component::sheet(
        n_("Ordnance Card"),
        LANDSCAPE,
        move |cr, page| draw_ordnance_card(cr, c, &ordnance, page),
    ));
    components.push(component::sheet(
        n_("Pilot Roster"),
        PORTRAIT,
        move |cr, page| draw_roster(cr, &roster, page),
    ));
    components.push(component::sheet(
        n_("Division Record Sheet"),
        LANDSCAPE,
        move |cr, page| draw_division(cr, &division, page),
    ));
    let pages = campaign_pages(&campaign);
    components.push(Component::new(
        n_("Campaign Record Sheet"),
        Kind::Sheets,
        (PORTRAIT.w, PORTRAIT.h),
        pages,
        move |cr, i, _| draw_campaign_record(cr, &campaign, PORTRAIT, i),
    ));
    components.push(component::sheet(
        n_("Campaign Calendar"),
        PORTRAIT,
        move |cr, page| draw_calendar(cr, &calendar, page),
    ));
    components.push(component::sheet(
        n_("Awards Record Sheet"),
        PORTRAIT,
        move |cr, page| draw_awards(cr, &awards, page),
    ));
    Kit::new(super::ID, super::TITLE, components)
}

/// Every counter, front and back, the ground run into the bleed.
fn counters(c: &Content) -> Component {
    let faces: Rc<Vec<(CounterFace, CounterFace)>> = Rc::new(counter_sheet(c));
    let side = |faces: Rc<Vec<(CounterFace, CounterFace)>>, back: bool| {
        move |cr: &Context, i: usize, bleed: f64| {
            let (front, rear) = &faces[i];
            let face = if back { rear } else { front };
            face.ground.set(cr);
            cr.rectangle(
                -bleed,
                -bleed,
                COUNTER_MM + 2.0 * bleed,
                COUNTER_MM + 2.0 * bleed,
            );
            cr.fill()?;
            draw_counter(cr, face, 0.0, 0.0)
        }
    };
    Component::new(
        n_("Counters (16 mm)"),
        Kind::Counters,
        (COUNTER_MM, COUNTER_MM),
        faces.len(),
        side(faces.clone(), false),
    )
    .with_back(side(faces, true))
}

/// The order tables are printed in: by number ("4", "4 A", "4.1", "12.5 A/B", "15.10"), the
/// supplementary "S-" tables of the optional rules after them, unnumbered ones last.
fn table_order(id: &str) -> (u8, Vec<u32>, String) {
    let (supplement, rest) = match id.strip_prefix("S-") {
        Some(r) => (true, r),
        None => (false, id),
    };
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let numbers: Vec<u32> = digits.split('.').filter_map(|n| n.parse().ok()).collect();
    // Numbered tables, then the supplementary ones, then any without a number.
    let group = match (supplement, numbers.is_empty()) {
        (_, true) => 2,
        (true, false) => 1,
        (false, false) => 0,
    };
    (group, numbers, rest[digits.len()..].to_owned())
}

/// The content's tables in printing order.
pub fn booklet_tables(c: &Content) -> Vec<&Table> {
    let mut tables: Vec<&Table> = c.tables.values().collect();
    tables.sort_by_key(|t| table_order(&t.id));
    tables
}

/// The Charts and Tables booklet, printed on both sides: sheet `i` carries pages 2i + 1 and
/// 2i + 2 of as many pages as the tables flow over.
fn charts(c: &Content) -> Option<Component> {
    let tables = chart_tables(&booklet_tables(c));
    let cr = scratch().ok()?;
    let pages = Rc::new(paginate(&cr, &tables, PORTRAIT));
    let tables = Rc::new(tables);
    let total = pages.len();
    let side = |second: usize| {
        let (tables, pages) = (tables.clone(), pages.clone());
        move |cr: &Context, i: usize, _: f64| match pages.get(2 * i + second) {
            Some(placed) => draw_chart_page(cr, &tables, placed, PORTRAIT, 2 * i + second, total),
            None => Ok(()),
        }
    };
    Some(
        Component::new(
            n_("Charts and Tables"),
            Kind::Aids,
            (PORTRAIT.w, PORTRAIT.h),
            total.div_ceil(2),
            side(0),
        )
        .with_back(side(1)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_print_in_number_order() {
        let c = content().unwrap();
        let ids: Vec<&str> = booklet_tables(c).iter().map(|t| t.id.as_str()).collect();
        let at = |id: &str| ids.iter().position(|i| *i == id).unwrap();
        assert!(at("1") < at("1.1") && at("1.1") < at("2") && at("2") < at("3"));
        assert!(at("4") < at("4 A") && at("4 A") < at("4.1"));
        assert!(at("15.2") < at("15.10") && at("28") < at("S-1"));
        assert!(table_order("S-14") < table_order("pilot status"));
        assert_eq!(ids.len(), c.tables.len());
    }
}
