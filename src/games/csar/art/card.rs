//! Cards: poker size 63.5 × 88.9 mm with a 3 mm corner radius (rules digest §10.1).
//!
//! Four decks: Resolution (result symbols, aircraft ID, card number used for random
//! determinations), Action (Aircraft with a red banner, Command with a blue one), Event, and
//! Pilots & PJs. Card texts come from the caller (the game's content files), in its own words.

use std::f64::consts::PI;

use cairo::Context;
use serde::{Deserialize, Serialize};

use super::counter::{CrewRole, ZoneMarkerKind};
use super::icons::{self, AircraftKind};
use super::{condensed, fill_stroke, fit_font, fitted_left, fitted_text, palette};
use crate::art::draw::{
    Align, Font, Rgb, fit_paragraph_font, measure, paragraph, rounded_rect, text,
};
use crate::i18n::{gettext, pgettext};

pub const CARD_W: f64 = 63.5;
pub const CARD_H: f64 = 88.9;
pub const CARD_RADIUS: f64 = 3.0;

/// Smallest body text size: about 2.2 mm capital height with the sans face.
pub const MIN_BODY_SIZE: f64 = 3.05;
const BODY_SIZE: f64 = 3.4;
const MARGIN: f64 = 3.5;

/// The four card decks, each with its own back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardDeck {
    Resolution,
    Action,
    Event,
    PilotPj,
}

/// What a Resolution card shows in its centre: the rules' own symbol, drawn here.
pub use crate::games::csar::rules::content::Symbol as ResultSymbol;

impl ResultSymbol {
    /// The word printed under the symbol on a Resolution card, in the player's language.
    pub fn name(self) -> String {
        match self {
            // Translators: the words under the symbols of Resolution cards.
            ResultSymbol::Crosshairs => gettext("HIT"),
            ResultSymbol::Roundel => gettext("ROUNDEL"),
            ResultSymbol::Rifle => gettext("RIFLE"),
            ResultSymbol::Blast => gettext("BLAST"),
            ResultSymbol::Reshuffle => gettext("RESHUFFLE"),
            ResultSymbol::Wild => gettext("WILD"),
        }
    }

    /// Draws the symbol centred on (cx, cy) in a square of side `s`.
    pub fn draw(self, cr: &Context, cx: f64, cy: f64, s: f64) -> Result<(), cairo::Error> {
        match self {
            ResultSymbol::Crosshairs => icons::crosshairs(cr, cx, cy, s, palette::SHAKEN),
            ResultSymbol::Roundel => icons::roundel(cr, cx, cy, s),
            ResultSymbol::Rifle => icons::rifle(cr, cx, cy, s, palette::INK),
            ResultSymbol::Blast => icons::blast(cr, cx, cy, s),
            ResultSymbol::Reshuffle => icons::reshuffle(cr, cx, cy, s, palette::COMMAND_BANNER),
            ResultSymbol::Wild => icons::wild(cr, cx, cy, s, palette::ACCENT),
        }
    }
}

/// How long an Event card lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventDuration {
    Instant,
    ThisTurn,
    StaysInPlay,
}

/// The printed front of one card.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardFace {
    /// The card number printed on it (Resolution numbers drive random determinations).
    pub number: u32,
    pub body: CardBody,
}

/// The deck-specific content of a card front.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardBody {
    /// `count` repeats the symbol (several crosshairs); `aircraft` is the icon and ID used to
    /// pick which aircraft takes a hit (none on Reshuffle and Wild).
    Resolution {
        symbol: ResultSymbol,
        count: u8,
        aircraft: Option<(AircraftKind, u8)>,
        /// One-line reminder for the special cards (Reshuffle, Wild); empty otherwise.
        reminder: String,
    },
    /// Action card. `aircraft` is the silhouette of an Aircraft card (None for Command cards);
    /// `not_in` lists zone markers where it may not be played; `copy` is a small code such as
    /// "ATK-S 2/3".
    Action {
        title: String,
        command: bool,
        aircraft: Option<AircraftKind>,
        text: String,
        timing: String,
        not_in: Vec<ZoneMarkerKind>,
        remove_when_played: bool,
        copy: String,
    },
    Event {
        title: String,
        text: String,
        duration: EventDuration,
    },
    PilotPj {
        name: String,
        role: CrewRole,
        rides: AircraftKind,
        passive: String,
        discard: String,
    },
}

impl CardFace {
    pub fn deck(&self) -> CardDeck {
        match self.body {
            CardBody::Resolution { .. } => CardDeck::Resolution,
            CardBody::Action { .. } => CardDeck::Action,
            CardBody::Event { .. } => CardDeck::Event,
            CardBody::PilotPj { .. } => CardDeck::PilotPj,
        }
    }
}

fn outline(cr: &Context, x: f64, y: f64, fill: Rgb) -> Result<(), cairo::Error> {
    rounded_rect(
        cr,
        x + 0.15,
        y + 0.15,
        CARD_W - 0.3,
        CARD_H - 0.3,
        CARD_RADIUS,
    );
    fill_stroke(cr, fill, palette::INK, 0.3)
}

/// Draws a card front with its top-left corner at (x, y).
pub fn draw_card_front(cr: &Context, card: &CardFace, x: f64, y: f64) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.translate(x, y);
    rounded_rect(cr, 0.0, 0.0, CARD_W, CARD_H, CARD_RADIUS);
    cr.clip();
    let r = match &card.body {
        CardBody::Resolution {
            symbol,
            count,
            aircraft,
            reminder,
        } => resolution(cr, card.number, *symbol, *count, *aircraft, reminder),
        CardBody::Action {
            title,
            command,
            aircraft,
            text,
            timing,
            not_in,
            remove_when_played,
            copy,
        } => {
            let banner = if *command {
                palette::COMMAND_BANNER
            } else {
                palette::AIRCRAFT_BANNER
            };
            outline(cr, 0.0, 0.0, palette::PAPER)?;
            let top = header(cr, title, banner)?;
            // Translators: the kind of an Action card, in its header.
            let kind = if *command {
                pgettext("card kind", "COMMAND")
            } else {
                pgettext("card kind", "AIRCRAFT")
            };
            let top = kind_row(cr, top, &kind, *aircraft, banner)?;
            let mut bottom = footer(cr, card.number, copy)?;
            if *remove_when_played {
                bottom = remove_bar(cr, bottom)?;
            }
            if !not_in.is_empty() {
                bottom = restrictions(cr, bottom, not_in)?;
            }
            bottom = note_line(cr, bottom, timing)?;
            body_text(cr, top, bottom, text)
        }
        CardBody::Event {
            title,
            text: body,
            duration,
        } => {
            outline(cr, 0.0, 0.0, palette::PAPER)?;
            let top = header(cr, title, palette::EVENT_BANNER)?;
            let word = match duration {
                // Translators: how long an Event card lasts.
                EventDuration::Instant => gettext("INSTANT"),
                EventDuration::ThisTurn => gettext("THIS TURN"),
                EventDuration::StaysInPlay => gettext("STAYS IN PLAY"),
            };
            let top = kind_row(cr, top, &word, None, palette::EVENT_BANNER)?;
            let bottom = footer(cr, card.number, "")?;
            let bottom = note_line(
                cr,
                bottom,
                &gettext("If it cannot be carried out, discard it with no effect."),
            )?;
            body_text(cr, top, bottom, body)
        }
        CardBody::PilotPj {
            name,
            role,
            rides,
            passive,
            discard,
        } => pilot(cr, card.number, name, *role, *rides, passive, discard),
    };
    cr.restore()?;
    r
}

/// The coloured title banner; returns the y below it.
fn header(cr: &Context, title: &str, colour: Rgb) -> Result<f64, cairo::Error> {
    let h = 13.0;
    cr.save()?;
    rounded_rect(cr, 0.15, 0.15, CARD_W - 0.3, CARD_H - 0.3, CARD_RADIUS);
    cr.clip();
    cr.rectangle(0.0, 0.0, CARD_W, h);
    colour.set(cr);
    cr.fill()?;
    cr.restore()?;
    Rgb::WHITE.set(cr);
    let width = CARD_W - 2.0 * MARGIN;
    // Shrink a long title onto at most two lines.
    let font = fit_paragraph_font(cr, title, Font::bold(5.0), width, h - 2.0, 3.2);
    let (_, th) = measure(cr, title, &font, Some(width));
    paragraph(
        cr,
        MARGIN,
        (h - th) / 2.0,
        width,
        title,
        &font,
        Align::Center,
    );
    Ok(h)
}

/// The kind line (AIRCRAFT / COMMAND / duration) and the aircraft silhouette; returns the y below.
fn kind_row(
    cr: &Context,
    top: f64,
    word: &str,
    aircraft: Option<AircraftKind>,
    colour: Rgb,
) -> Result<f64, cairo::Error> {
    colour.set(cr);
    // The silhouette's disc takes the right-hand 16 mm.
    let width = CARD_W - 2.0 * MARGIN - 16.0;
    fitted_left(cr, MARGIN, top + 2.0, width, word, condensed(3.4, true));
    if let Some(kind) = aircraft {
        let (cx, cy, r) = (CARD_W - MARGIN - 7.5, top + 8.5, 7.0);
        cr.new_path();
        cr.arc(cx, cy, r, 0.0, 2.0 * PI);
        fill_stroke(cr, palette::FRIENDLY, palette::FRIENDLY_DARK, 0.3)?;
        icons::aircraft(cr, kind, cx, cy, 10.5, palette::FRIENDLY_DARK)?;
        palette::FRIENDLY_DARK.set(cr);
        fitted_left(
            cr,
            MARGIN,
            top + 7.0,
            width,
            &kind.label(),
            condensed(3.0, false),
        );
        Ok(top + 17.0)
    } else {
        Ok(top + 8.0)
    }
}

/// Card number and copy code along the foot; returns the y above them.
fn footer(cr: &Context, number: u32, copy: &str) -> Result<f64, cairo::Error> {
    let y = CARD_H - 6.0;
    palette::INK.set(cr);
    text(
        cr,
        MARGIN,
        y,
        // Translators: the card number in a card's footer, e.g. "No. 12".
        &gettext("No. {number}").replace("{number}", &number.to_string()),
        &condensed(3.0, true),
        Align::Left,
    );
    if !copy.is_empty() {
        text(
            cr,
            CARD_W - MARGIN,
            y,
            copy,
            &condensed(2.6, false),
            Align::Right,
        );
    }
    Ok(y - 1.0)
}

fn remove_bar(cr: &Context, bottom: f64) -> Result<f64, cairo::Error> {
    let h = 5.0;
    cr.rectangle(MARGIN, bottom - h, CARD_W - 2.0 * MARGIN, h);
    palette::INK.set(cr);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    fitted_text(
        cr,
        CARD_W / 2.0,
        bottom - h + 0.9,
        CARD_W - 2.0 * MARGIN - 2.0,
        &gettext("REMOVE FROM PLAY WHEN PLAYED"),
        3.0,
        true,
    );
    Ok(bottom - h - 1.5)
}

/// "Not in" zone-marker icons, crossed out; returns the y above them.
fn restrictions(cr: &Context, bottom: f64, not_in: &[ZoneMarkerKind]) -> Result<f64, cairo::Error> {
    let s = 7.0;
    let y = bottom - s;
    palette::INK.set(cr);
    let w = fitted_left(
        cr,
        MARGIN,
        y + 1.8,
        12.0,
        &gettext("NOT IN:"),
        condensed(2.8, true),
    );
    let mut x = MARGIN + w + 1.5;
    for (i, kind) in not_in.iter().enumerate() {
        icons::zone_symbol(
            cr,
            *kind,
            x + s / 2.0,
            y + s / 2.0,
            s * 0.7,
            palette::TERRAIN_DARK,
        )?;
        icons::prohibited(cr, x + s / 2.0, y + s / 2.0, s)?;
        palette::INK.set(cr);
        let name = kind.name();
        // Room left on the line, shared by this marker and those still to come.
        let room = (CARD_W - MARGIN - x) / (not_in.len() - i) as f64 - s - 3.3;
        let tw = fitted_left(
            cr,
            x + s + 0.8,
            y + 2.0,
            room.max(4.0),
            &name,
            condensed(2.6, false),
        );
        x += s + tw + 2.5;
    }
    Ok(y - 1.0)
}

/// An italic-like reminder line in small print; returns the y above it.
fn note_line(cr: &Context, bottom: f64, note: &str) -> Result<f64, cairo::Error> {
    if note.is_empty() {
        return Ok(bottom);
    }
    let width = CARD_W - 2.0 * MARGIN;
    let font = condensed(2.9, false);
    let (_, h) = measure(cr, note, &font, Some(width));
    let y = bottom - h;
    cr.set_line_width(0.2);
    palette::INK.set(cr);
    cr.move_to(MARGIN, y - 1.0);
    cr.line_to(CARD_W - MARGIN, y - 1.0);
    cr.stroke()?;
    paragraph(cr, MARGIN, y, width, note, &font, Align::Left);
    Ok(y - 2.0)
}

/// The largest body size from [`BODY_SIZE`] down to [`MIN_BODY_SIZE`] at which `s` fits `h`.
pub fn body_size(cr: &Context, s: &str, width: f64, h: f64) -> f64 {
    let mut size = BODY_SIZE;
    while size > MIN_BODY_SIZE && measure(cr, s, &Font::sans(size), Some(width)).1 > h {
        size = (size - 0.1).max(MIN_BODY_SIZE);
    }
    size
}

/// Wrapped effect text between `top` and `bottom`.
fn body_text(cr: &Context, top: f64, bottom: f64, s: &str) -> Result<(), cairo::Error> {
    let width = CARD_W - 2.0 * MARGIN;
    let size = body_size(cr, s, width, bottom - top);
    palette::INK.set(cr);
    paragraph(
        cr,
        MARGIN,
        top + 1.0,
        width,
        s,
        &Font::sans(size),
        Align::Left,
    );
    Ok(())
}

fn resolution(
    cr: &Context,
    number: u32,
    symbol: ResultSymbol,
    count: u8,
    aircraft: Option<(AircraftKind, u8)>,
    reminder: &str,
) -> Result<(), cairo::Error> {
    outline(cr, 0.0, 0.0, palette::PAPER)?;
    // The number large in two opposite corners.
    palette::INK.set(cr);
    let n = number.to_string();
    text(cr, MARGIN, 2.0, &n, &Font::bold(9.0), Align::Left);
    cr.save()?;
    cr.translate(CARD_W, CARD_H);
    cr.rotate(PI);
    text(cr, MARGIN, 2.0, &n, &Font::bold(9.0), Align::Left);
    cr.restore()?;
    let special = matches!(symbol, ResultSymbol::Reshuffle | ResultSymbol::Wild);
    let (cx, cy) = (CARD_W / 2.0, 36.0);
    let count = count.max(1);
    if count == 1 {
        symbol.draw(cr, cx, cy, 34.0)?;
    } else {
        // Several symbols in a row (a card may carry more than one crosshair).
        let s = (50.0 / f64::from(count)).min(22.0);
        for i in 0..count {
            let dx = (f64::from(i) - f64::from(count - 1) / 2.0) * (s + 1.0);
            symbol.draw(cr, cx + dx, cy, s)?;
        }
    }
    palette::INK.set(cr);
    let label = if count > 1 {
        format!("{} ×{count}", symbol.name())
    } else {
        symbol.name()
    };
    let font = fit_font(cr, &label, Font::bold(5.0), CARD_W - 2.0 * MARGIN);
    text(cr, cx, cy + 18.0, &label, &font, Align::Center);
    if special && !reminder.is_empty() {
        paragraph(
            cr,
            MARGIN + 2.0,
            cy + 26.0,
            CARD_W - 2.0 * MARGIN - 4.0,
            reminder,
            &Font::sans(MIN_BODY_SIZE),
            Align::Center,
        );
    }
    if let Some((kind, id)) = aircraft {
        let (bx, by, bw, bh) = (
            MARGIN + 6.0,
            CARD_H - 27.0,
            CARD_W - 2.0 * MARGIN - 12.0,
            12.0,
        );
        rounded_rect(cr, bx, by, bw, bh, 2.0);
        fill_stroke(cr, palette::FRIENDLY, palette::FRIENDLY_DARK, 0.3)?;
        icons::aircraft(
            cr,
            kind,
            bx + 7.0,
            by + bh / 2.0,
            10.0,
            palette::FRIENDLY_DARK,
        )?;
        palette::FRIENDLY_DARK.set(cr);
        fitted_left(
            cr,
            bx + 14.0,
            by + 2.6,
            bw - 16.0,
            &format!("{} {id}", kind.label()),
            Font::bold(5.0),
        );
    }
    Ok(())
}

fn pilot(
    cr: &Context,
    number: u32,
    name: &str,
    role: CrewRole,
    rides: AircraftKind,
    passive: &str,
    discard: &str,
) -> Result<(), cairo::Error> {
    outline(cr, 0.0, 0.0, palette::PAPER)?;
    let top = header(cr, &name.to_uppercase(), palette::PILOT_BANNER)?;
    let top = kind_row(cr, top, &role.label(), Some(rides), palette::PILOT_BANNER)?;
    let bottom = footer(cr, number, "")?;
    // Campaign status tick boxes.
    // Translators: campaign status tick boxes on a Pilot/PJ card.
    let boxes = [
        gettext("Available"),
        gettext("Aboard"),
        gettext("Downed"),
        gettext("Recovered"),
        gettext("KIA"),
        gettext("POW"),
    ];
    let col_w = (CARD_W - 2.0 * MARGIN) / 3.0;
    let box_top = bottom - 10.5;
    for (i, label) in boxes.iter().enumerate() {
        let bx = MARGIN + col_w * (i % 3) as f64;
        let by = box_top + 5.2 * (i / 3) as f64;
        cr.rectangle(bx, by + 0.6, 3.2, 3.2);
        palette::INK.set(cr);
        cr.set_line_width(0.25);
        cr.stroke()?;
        fitted_left(
            cr,
            bx + 4.0,
            by + 0.4,
            col_w - 4.5,
            label,
            condensed(2.7, false),
        );
    }
    let width = CARD_W - 2.0 * MARGIN;
    let heading = condensed(3.0, true);
    let space = (box_top - 2.0 - top - 10.0) / 2.0;
    let mut y = top;
    for (head, body) in [
        (gettext("WHILE ABOARD"), passive),
        (gettext("DISCARD TO"), discard),
    ] {
        palette::PILOT_BANNER.set(cr);
        fitted_left(cr, MARGIN, y, width, &head, heading.clone());
        palette::INK.set(cr);
        let size = body_size(cr, body, width, space);
        let used = paragraph(
            cr,
            MARGIN,
            y + 4.0,
            width,
            body,
            &Font::sans(size),
            Align::Left,
        );
        y += 5.0 + used.max(space);
    }
    Ok(())
}

/// Draws the back of a card of `deck` with its top-left corner at (x, y).
pub fn draw_card_back(cr: &Context, deck: CardDeck, x: f64, y: f64) -> Result<(), cairo::Error> {
    let (colour, word) = match deck {
        // Translators: deck names on the card backs.
        CardDeck::Resolution => (Rgb(0.22, 0.30, 0.26), gettext("RESOLUTION")),
        CardDeck::Action => (Rgb(0.30, 0.16, 0.16), gettext("ACTION")),
        CardDeck::Event => (palette::EVENT_BANNER, gettext("EVENT")),
        CardDeck::PilotPj => (palette::PILOT_BANNER, gettext("PILOTS & PJs")),
    };
    cr.save()?;
    cr.translate(x, y);
    outline(cr, 0.0, 0.0, colour)?;
    // The map's rings as the deck motif.
    let (cx, cy) = (CARD_W / 2.0, CARD_H / 2.0);
    cr.set_line_width(0.6);
    Rgb::WHITE.with_alpha(cr, 0.35);
    for r in [10.0, 22.0] {
        cr.new_path();
        cr.arc(cx, cy, r, 0.0, 2.0 * PI);
        cr.stroke()?;
    }
    for a in [0.25, 0.75, 1.25, 1.75] {
        let a = a * PI;
        cr.move_to(cx + 10.0 * a.cos(), cy + 10.0 * a.sin());
        cr.line_to(cx + 22.0 * a.cos(), cy + 22.0 * a.sin());
    }
    cr.stroke()?;
    rounded_rect(cr, 3.0, 3.0, CARD_W - 6.0, CARD_H - 6.0, 2.0);
    cr.stroke()?;
    Rgb::WHITE.set(cr);
    fitted_text(cr, cx, cy - 4.0, CARD_W - 10.0, &word, 7.0, true);
    fitted_text(
        cr,
        cx,
        CARD_H - 12.0,
        CARD_W - 10.0,
        &gettext("THAT OTHERS MAY LIVE"),
        3.2,
        true,
    );
    cr.restore()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::csar::art::samples::{self, LONG_TEXT};
    use crate::games::csar::art::testutil::{inked, surface};

    #[test]
    fn card_fronts_and_backs_stay_on_the_card() {
        let cards = samples::card_gallery();
        for card in &cards {
            let (mut surf, cr) = surface(CARD_W + 10.0, CARD_H + 10.0);
            draw_card_front(&cr, card, 5.0, 5.0).unwrap();
            drop(cr);
            let inside = inked(&mut surf, 5.0, 5.0, CARD_W, CARD_H);
            let total = inked(&mut surf, 0.0, 0.0, CARD_W + 10.0, CARD_H + 10.0);
            assert_eq!(inside, total, "{card:?} draws outside the card");
            assert!(inside > 100_000, "{card:?} is nearly empty");
            // The lower half carries text or symbols too.
            assert!(inked(&mut surf, 9.0, 50.0, 40.0, 25.0) > 1000, "{card:?}");
        }
        for deck in [
            CardDeck::Resolution,
            CardDeck::Action,
            CardDeck::Event,
            CardDeck::PilotPj,
        ] {
            let (mut surf, cr) = surface(CARD_W + 10.0, CARD_H + 10.0);
            draw_card_back(&cr, deck, 5.0, 5.0).unwrap();
            drop(cr);
            let total = inked(&mut surf, 0.0, 0.0, CARD_W + 10.0, CARD_H + 10.0);
            assert_eq!(inked(&mut surf, 5.0, 5.0, CARD_W, CARD_H), total);
        }
    }

    #[test]
    fn longest_text_fits_at_a_readable_size() {
        let (_s, cr) = surface(10.0, 10.0);
        // The body area of an Aircraft card with a restriction row, remove bar and timing line.
        let width = CARD_W - 2.0 * MARGIN;
        let size = body_size(&cr, LONG_TEXT, width, 33.0);
        assert!(size >= MIN_BODY_SIZE);
        assert!(measure(&cr, LONG_TEXT, &Font::sans(size), Some(width)).1 <= 33.0);
        // And the minimum is about 2.2 mm of capital height (DejaVu caps are 0.73 em).
        const { assert!(MIN_BODY_SIZE * 0.73 >= 2.2) };
    }
}
