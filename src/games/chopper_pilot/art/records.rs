//! The record sheets to print (digest 10.2, 10.7): each campaign's Combat Tour Card and the
//! Mission Log, blank or filled in from a game's typed state (never from its log), with the
//! campaign summary and the victory bands.

use cairo::Context;

use crate::art::draw::{Align, Font, fit_paragraph_font, fitted_left, paragraph};
use crate::art::sheet::{INK, PEN, Page, Table, field, heading, page_frame, tick};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::ChopperPilot;
use crate::games::chopper_pilot::rules::content::{CampaignId, HeloType, Position, data};
use crate::games::chopper_pilot::rules::state::{Health, HeloStatus};
use crate::i18n::gettext;

use super::aids::STYLE;
use super::crew::health_name;

/// What a Mission Log shows, each value written in or left blank.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MissionLog {
    pub pilot: Option<String>,
    pub campaign: Option<String>,
    pub luck: Option<String>,
    pub experience: Option<String>,
    pub missions_flown: Option<String>,
    pub number: Option<String>,
    pub month: Option<String>,
    pub title: Option<String>,
    pub ops_map: Option<String>,
    pub route: Option<String>,
    pub tac_maps: Option<String>,
    pub difficulty: Option<String>,
    pub weather: Option<String>,
    pub yours: Option<String>,
    pub flight: Option<String>,
    pub passengers: Option<String>,
    pub support: Option<String>,
    pub luck_used: bool,
    /// (seat, name, condition) of each crew member.
    pub crew: Vec<[String; 3]>,
    pub helicopters_lost: Option<String>,
    pub victory_points: Option<String>,
    pub skill_points: Option<String>,
}

impl MissionLog {
    pub fn blank() -> MissionLog {
        MissionLog::default()
    }

    /// The log of `g`'s mission in hand (or of the campaign so far between missions).
    pub fn from_game(g: &ChopperPilot) -> MissionLog {
        let d = data();
        let spec = d.campaign(g.campaign);
        let mut log = MissionLog {
            pilot: g.member(Position::Pilot).map(|m| m.name.clone()),
            campaign: Some(gettext(&spec.title)),
            luck: Some(g.luck.to_string()),
            experience: d
                .experience
                .get(g.experience_level())
                .map(|e| gettext(&e.name)),
            missions_flown: Some(g.missions_flown.to_string()),
            crew: g
                .crew
                .iter()
                .map(|m| {
                    [
                        gettext(m.position.name()),
                        m.name.clone(),
                        health_name(m.health),
                    ]
                })
                .collect(),
            victory_points: Some(g.victory_points.to_string()),
            skill_points: Some(g.skill_points.to_string()),
            ..MissionLog::default()
        };
        let Some(m) = g.mission.as_ref() else {
            return log;
        };
        log.number = Some(m.number.to_string());
        log.month = Some(gettext(spec.month_of(m.number)));
        log.title = g.orders().map(|o| gettext(o.title()));
        log.ops_map = g.ops_map().map(|o| gettext(&o.title));
        log.route = Some(m.route.join(" → "));
        if let Some(t) = &m.tac {
            let maps: Vec<String> = t
                .ground
                .layout
                .maps
                .iter()
                .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join("+"))
                .collect();
            log.tac_maps = Some(maps.join(" / "));
        }
        log.difficulty = m.difficulty.as_deref().map(gettext);
        log.weather = m.weather.as_ref().map(|w| {
            d.weather
                .iter()
                .find(|x| &x.id == w)
                .map_or(w.clone(), |x| gettext(&x.name))
        });
        log.yours = Some(m.your_helicopter().name());
        let flight: Vec<String> = m.flight.iter().map(|h| h.name()).collect();
        log.flight = Some(flight.join(", "));
        let aboard: usize = m.flight.iter().map(|h| h.passengers.len()).sum();
        log.passengers = Some(aboard.to_string());
        log.support = Some(
            msg("Air strikes: {air} · artillery missions: {artillery}")
                .arg("air", m.support.air)
                .arg("artillery", m.support.artillery)
                .render(),
        );
        log.luck_used = m.luck_used > 0;
        let lost = m
            .flight
            .iter()
            .filter(|h| h.status != HeloStatus::Flying)
            .count();
        log.helicopters_lost = Some(lost.to_string());
        // This mission's wounds, from your helicopter's seats.
        for seat in &m.your_helicopter().seats {
            if let (Some(i), true) = (seat.member, seat.health != Health::Fit)
                && let Some(row) = log.crew.get_mut(i)
            {
                row[2] = health_name(seat.health.max(g.crew[i].health));
            }
        }
        log
    }
}

/// The Mission Log sheet.
pub fn draw_mission_log(cr: &Context, page: Page, log: &MissionLog) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Mission Log"))?;
    let (x, w) = (10.0, page.w - 20.0);
    let half = (w - 6.0) / 2.0;
    let v = |s: &Option<String>| s.clone();
    let mut y = 22.0;
    let pairs: [[(String, Option<String>); 2]; 10] = [
        [
            (gettext("Pilot"), v(&log.pilot)),
            (gettext("Campaign"), v(&log.campaign)),
        ],
        [
            (gettext("Luck Factor"), v(&log.luck)),
            (gettext("Experience"), v(&log.experience)),
        ],
        [
            (gettext("Missions flown"), v(&log.missions_flown)),
            (gettext("Mission"), v(&log.number)),
        ],
        [
            (gettext("Month"), v(&log.month)),
            (gettext("Mission type"), v(&log.title)),
        ],
        [
            (gettext("Operations Map"), v(&log.ops_map)),
            (gettext("Route"), v(&log.route)),
        ],
        [
            (gettext("Tactical Maps"), v(&log.tac_maps)),
            (gettext("Difficulty"), v(&log.difficulty)),
        ],
        [
            (gettext("Weather"), v(&log.weather)),
            (gettext("Your helicopter"), v(&log.yours)),
        ],
        [
            (gettext("Flight"), v(&log.flight)),
            (gettext("Passengers and cargo"), v(&log.passengers)),
        ],
        [
            (gettext("Support"), v(&log.support)),
            (gettext("Helicopters lost"), v(&log.helicopters_lost)),
        ],
        [
            (gettext("Victory points (total)"), v(&log.victory_points)),
            (gettext("Skill points (bank)"), v(&log.skill_points)),
        ],
    ];
    for row in &pairs {
        for (k, (label, value)) in row.iter().enumerate() {
            field(
                cr,
                x + k as f64 * (half + 6.0),
                y,
                half,
                label,
                value.as_deref(),
            )?;
        }
        y += 7.0;
    }
    tick(
        cr,
        x,
        y,
        &gettext("Luck Factor used this mission"),
        log.luck_used,
    )?;
    y += 8.0;
    heading(cr, &STYLE, x, y, &gettext("Crew aboard and wounds"));
    y += 6.0;
    let heads = [
        gettext("Seat"),
        gettext("Name"),
        gettext("Condition, wound, missions out"),
    ];
    let mut rows: Vec<Vec<String>> = log.crew.iter().map(|r| r.to_vec()).collect();
    while rows.len() < 4 {
        rows.push(vec![String::new(); 3]);
    }
    let grid = Table {
        x,
        y,
        w,
        row_h: 6.0,
        cols: &[0.2, 0.35, 0.45],
        printed_cols: 0,
    };
    y += grid.draw(cr, &[&heads[0], &heads[1], &heads[2]], &rows)? + 4.0;
    heading(cr, &STYLE, x, y, &gettext("Events"));
    y += 6.0;
    for label in [gettext("Enroute"), gettext("Combat"), gettext("Return")] {
        field(cr, x, y, w, &label, None)?;
        y += 7.0;
    }
    heading(cr, &STYLE, x, y, &gettext("Victory points"));
    y += 6.0;
    let mut tx = x;
    for q in [
        gettext("accomplished"),
        gettext("no helicopter shot down"),
        gettext("no crew wounded"),
        gettext("no crew killed"),
        gettext("no villagers killed"),
    ] {
        tx += tick(cr, tx, y, &q, false)?;
    }
    y += 8.0;
    field(cr, x, y, half, &gettext("Skill points earned"), None)?;
    field(
        cr,
        x + half + 6.0,
        y,
        half,
        &gettext("Skill points spent on"),
        None,
    )?;
    y += 11.0;
    heading(cr, &STYLE, x, y, &gettext("Notes"));
    y += 7.0;
    while y < page.h - 14.0 {
        field(cr, x, y, w, "", None)?;
        y += 7.0;
    }
    Ok(())
}

/// The campaign summary: a line per mission to fill in, and the victory bands.
pub fn draw_campaign_summary(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Campaign summary"))?;
    let (x, w) = (10.0, page.w - 20.0);
    let mut y = 22.0;
    let heads = [
        gettext("Mission"),
        gettext("Month"),
        gettext("Type"),
        gettext("Colour"),
        pgettext_vp(),
        gettext("Skill points"),
        gettext("Notes"),
    ];
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    let band_h = 8.0 + 6.0 * data().bands.len() as f64 + 8.0;
    let lines = (((page.h - 10.0 - band_h) - y - 8.0) / 5.5)
        .floor()
        .max(1.0) as usize;
    let rows = vec![vec![String::new(); heads.len()]; lines];
    let grid = Table {
        x,
        y,
        w,
        row_h: 5.5,
        cols: &[0.1, 0.14, 0.24, 0.1, 0.08, 0.1, 0.24],
        printed_cols: 0,
    };
    y += grid.draw(cr, &heads, &rows)? + 4.0;
    heading(
        cr,
        &STYLE,
        x,
        y,
        &gettext("Victory points at the end of the tour"),
    );
    y += 6.0;
    let mut bands: Vec<_> = data().bands.iter().collect();
    bands.sort_by_key(|b| std::cmp::Reverse(b.from));
    for b in bands {
        INK.set(cr);
        let line = format!("{}+  {}: {}", b.from, gettext(&b.title), gettext(&b.text));
        fitted_left(cr, x, y, w, &line, Font::sans(2.9));
        y += 6.0;
    }
    Ok(())
}

fn pgettext_vp() -> String {
    crate::i18n::pgettext("column head", "VP")
}

/// A campaign's Combat Tour Card: its months, the missions of each (the Cobra-only ones in
/// brackets) with a box to tick, and the flown ones ticked from `g` when given.
pub fn draw_tour_card(
    cr: &Context,
    page: Page,
    campaign: CampaignId,
    g: Option<&ChopperPilot>,
) -> Result<(), cairo::Error> {
    let spec = data().campaign(campaign);
    let title = msg("Combat Tour Card: {campaign}")
        .arg("campaign", gettext(&spec.title))
        .render();
    page_frame(cr, page, &STYLE, &title)?;
    let (x, w) = (10.0, page.w - 20.0);
    let flown = |n: u16| {
        g.filter(|g| g.campaign == campaign).is_some_and(|g| {
            let current = g.mission.as_ref().map(|m| m.number);
            n < g.tour_next
                && current != Some(n)
                && (g.cobra_pilot || !spec.cobra_only.contains(&n))
        })
    };
    let mut y = 24.0;
    let row_h = ((page.h - y - 30.0) / spec.months.len().max(1) as f64).min(20.0);
    for month in &spec.months {
        INK.set(cr);
        fitted_left(
            cr,
            x,
            y + 1.0,
            44.0,
            &gettext(&month.month),
            Font::bold(3.8),
        );
        let mut tx = x + 48.0;
        for &n in &month.missions {
            let label = if spec.cobra_only.contains(&n) {
                format!("[{n}]")
            } else {
                n.to_string()
            };
            tx += tick(cr, tx, y + 1.0, &label, flown(n))?.max(22.0);
        }
        cr.move_to(x, y + row_h - 2.0);
        cr.line_to(x + w, y + row_h - 2.0);
        cr.set_line_width(0.15);
        cr.stroke()?;
        y += row_h;
    }
    INK.set(cr);
    let note = gettext(
        "Numbers in brackets are Cobra missions: a Huey pilot skips them. Tick each mission as it is flown.",
    );
    let font = fit_paragraph_font(cr, &note, Font::sans(3.2), w, 20.0, 2.4);
    paragraph(cr, x, y + 4.0, w, &note, &font, Align::Left);
    if let Some(g) = g.filter(|g| g.campaign == campaign) {
        PEN.set(cr);
        let line = msg("Missions flown: {missions} · victory points: {vp}")
            .arg("missions", g.missions_flown)
            .arg("vp", g.victory_points)
            .render();
        fitted_left(cr, x, page.h - 18.0, w, &line, Font::sans(3.6));
    }
    Ok(())
}

/// The positions of a Crew Board for a helicopter type.
pub fn board_seats(t: HeloType) -> Vec<Position> {
    data()
        .helicopter(t)
        .crew
        .iter()
        .copied()
        .filter(|p| *p != Position::Nobody)
        .collect()
}
