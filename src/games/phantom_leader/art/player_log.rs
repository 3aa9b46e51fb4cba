//! The Player Log (digest 10.8): the campaign's days with their target, result, VP and
//! Special Options, and the squadron's pilots with level, stress and XP. Blank for the kit,
//! or filled from a campaign's `DayRecord`s and squadron.

use cairo::Context;

use crate::art::draw::Rgb;
use crate::art::sheet::{MARGIN, Page, Style, Table, field, heading, page_frame};
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::cards::Status;
use crate::games::phantom_leader::rules::content::data;
use crate::games::phantom_leader::rules::{Duty, PhantomLeader};
use crate::i18n::gettext;

pub const STYLE: Style = Style {
    game: "PHANTOM LEADER",
    banner: Rgb(0.23, 0.35, 0.47),
    heading: Rgb(0.12, 0.18, 0.31),
};

/// Days a Long campaign may run: the blank log's rows.
const BLANK_DAYS: usize = 14;
const BLANK_PILOTS: usize = 13;

/// Draws the log on `page`, filled from `game` when there is one.
pub fn draw_player_log(
    cr: &Context,
    page: Page,
    game: Option<&PhantomLeader>,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Player Log"))?;
    let w = page.w - 2.0 * MARGIN;
    let mut y = MARGIN + 13.0;
    let campaign = game.map(|g| {
        msg("{campaign}, {length}")
            .term("campaign", g.sheet().title.as_str())
            .term("length", g.duration.name())
            .render()
    });
    field(
        cr,
        MARGIN,
        y,
        w * 0.62,
        &gettext("Campaign"),
        campaign.as_deref(),
    )?;
    let vp = game.map(|g| g.vp.to_string());
    field(
        cr,
        MARGIN + w * 0.66,
        y,
        w * 0.34,
        &gettext("VP"),
        vp.as_deref(),
    )?;
    y += 9.0;
    heading(cr, &STYLE, MARGIN, y, &gettext("Days"));
    y += 6.0;
    let days: Vec<Vec<String>> = match game {
        Some(g) => g
            .days
            .iter()
            .map(|d| {
                let target = d.target.map_or_else(
                    || gettext("Down Time"),
                    |n| format!("#{n} {}", gettext(&data().target(n).name)),
                );
                vec![
                    d.day.to_string(),
                    target,
                    d.result.map_or(String::new(), |r| gettext(r.name())),
                    d.vp.to_string(),
                    d.spent.to_string(),
                    d.remaining.to_string(),
                ]
            })
            .collect(),
        None => (1..=BLANK_DAYS)
            .map(|d| {
                let mut row = vec![d.to_string()];
                row.resize(6, String::new());
                row
            })
            .collect(),
    };
    let table = Table {
        x: MARGIN,
        y,
        w,
        row_h: 6.0,
        cols: &[0.07, 0.45, 0.16, 0.08, 0.12, 0.12],
        printed_cols: if game.is_some() { 0 } else { 1 },
    };
    let heads = [
        gettext("Day"),
        gettext("Target"),
        gettext("Result"),
        gettext("VP"),
        gettext("SO spent"),
        gettext("SO left"),
    ];
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    y += table.draw(cr, &heads, &days)? + 8.0;
    heading(cr, &STYLE, MARGIN, y, &gettext("Squadron"));
    y += 6.0;
    let pilots: Vec<Vec<String>> = match game {
        Some(g) => g
            .squadron
            .iter()
            .map(|p| {
                let card = p.card();
                let duty = match (p.duty, p.status()) {
                    (Duty::Active, Status::Okay) => gettext("Okay"),
                    (Duty::Active, Status::Shaken) => gettext("Shaken"),
                    (Duty::Active, Status::Unfit) => gettext("Unfit"),
                    (other, _) => gettext(other.name()),
                };
                vec![
                    card.name.to_owned(),
                    card.aircraft.name.clone(),
                    gettext(p.level.name()),
                    p.stress.to_string(),
                    p.xp.to_string(),
                    duty,
                ]
            })
            .collect(),
        None => vec![vec![String::new(); 6]; BLANK_PILOTS],
    };
    let table = Table {
        x: MARGIN,
        y,
        w,
        row_h: 6.0,
        cols: &[0.18, 0.26, 0.16, 0.1, 0.1, 0.2],
        printed_cols: 0,
    };
    let heads = [
        gettext("Pilot"),
        gettext("Aircraft"),
        gettext("Level"),
        gettext("Stress"),
        gettext("XP"),
        gettext("Status"),
    ];
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    table.draw(cr, &heads, &pilots)?;
    Ok(())
}
