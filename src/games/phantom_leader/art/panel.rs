//! The campaign and squadron panel beside the display: the sheet, day, VP and Special
//! Options, the three tracks' readings, the day's target, and one row per pilot with his level,
//! stress against his Okay and Shaken bands, status, experience toward promotion and what a
//! promotion would change. A pilot who may be sent or kept home is a row to click.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, rounded_rect, text};
use crate::art::layer::Layer;
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::cards::{PilotCard, Row, Status};
use crate::games::phantom_leader::rules::content::{Speed, data};
use crate::games::phantom_leader::rules::{Duty, Fate, PhantomLeader};
use crate::i18n::gettext;

use super::{HEIGHT, WIDTH};

const W: f64 = WIDTH - super::DISPLAY;
const TOP: f64 = 27.0;
const ROW_H: f64 = 11.0;
const ROW_GAP: f64 = 0.8;

/// The squadron's active pilots with the top of their row.
fn rows(g: &PhantomLeader) -> Vec<(usize, f64)> {
    g.squadron
        .iter()
        .enumerate()
        .filter(|(_, p)| p.duty == Duty::Active)
        .enumerate()
        .map(|(k, (i, _))| (i, TOP + k as f64 * (ROW_H + ROW_GAP)))
        .take_while(|&(_, y)| y + ROW_H <= HEIGHT)
        .collect()
}

/// The pilot row under a point, among the legal targets ("pilot:i").
pub fn hit(g: &PhantomLeader, x: f64, y: f64, targets: &[String]) -> Option<String> {
    if !(2.5..=W - 2.5).contains(&x) {
        return None;
    }
    rows(g).into_iter().find_map(|(i, top)| {
        let id = format!("pilot:{i}");
        ((top..=top + ROW_H).contains(&y) && targets.contains(&id)).then_some(id)
    })
}

/// A row of the card in short: "Fast, AtA +1, AtG 0".
fn row_words(row: &Row) -> String {
    let speed = match row.speed {
        Speed::Fast => gettext("Fast"),
        Speed::Slow => gettext("Slow"),
    };
    let value = |v: Option<i8>| v.map_or("–".to_owned(), |v| format!("{v:+}"));
    msg("{speed}, AtA {ata}, AtG {atg}")
        .arg("speed", speed)
        .arg("ata", value(row.ata))
        .arg("atg", value(row.atg))
        .render()
}

/// What the panel shows, worked out from the game: everything its pixels depend on, so that
/// the window can copy them from a bitmap while it stays the same.
#[derive(Clone, PartialEq)]
struct Shown {
    title: String,
    /// The day, VP and Special Options; the tracks; the day's target (or nothing).
    lines: [String; 3],
    rows: Vec<RowShown>,
}

/// One pilot's row.
#[derive(Clone, PartialEq)]
struct RowShown {
    top: f64,
    status: Status,
    edge: Edge,
    name: String,
    /// His level and state, after his fate on a mission he flies.
    state: String,
    /// The stress bar: the tops of the Okay and Shaken bands, the scale's end, his stress.
    okay_top: f64,
    shaken_top: f64,
    scale: f64,
    stress: f64,
    info: String,
    /// What he flies as now, and as he would after a promotion.
    flies_as: String,
}

/// How a pilot row is outlined.
#[derive(Clone, Copy, PartialEq)]
enum Edge {
    /// A legal click, under the pointer or not.
    Clickable {
        hovered: bool,
    },
    Flying,
    Home,
}

impl Shown {
    fn of(g: &PhantomLeader, targets: &[String], hovered: Option<&str>) -> Shown {
        let sheet = g.sheet();
        let intel = g.intel();
        let target = g.mission.target.map_or_else(String::new, |n| {
            let t = data().target(n);
            let region = sheet.region_of(n);
            msg("#{n} {target}: {region}, {wp} WP, Target Stress {stress}")
                .arg("n", n)
                .term("target", t.name.as_str())
                .term("region", region.map_or("", |r| r.name.as_str()))
                .arg("wp", region.map_or(0, |r| r.wp_penalty))
                .arg("stress", region.map_or(0, |r| r.stress))
                .render()
        });
        Shown {
            title: gettext(&sheet.title),
            lines: [
                msg("Day {day} of {days} · VP {vp} · SO {so}")
                    .arg("day", g.day)
                    .arg("days", g.days_total())
                    .arg("vp", g.vp)
                    .arg("so", g.special_options)
                    .render(),
                msg("Recon {recon} · Intel {intel} · Politics {politics}")
                    .arg("recon", g.recon())
                    .arg(
                        "intel",
                        format!(
                            "{}{}S {}B",
                            if intel.center_only { "C " } else { "" },
                            intel.sites,
                            intel.bandits
                        ),
                    )
                    .arg("politics", g.politics())
                    .render(),
                target,
            ],
            rows: rows(g)
                .into_iter()
                .map(|(i, top)| RowShown::of(g, i, top, targets, hovered))
                .collect(),
        }
    }
}

impl RowShown {
    fn of(
        g: &PhantomLeader,
        i: usize,
        top: f64,
        targets: &[String],
        hovered: Option<&str>,
    ) -> RowShown {
        let p = &g.squadron[i];
        let card = p.card();
        let status = p.status();
        let flying = g.mission.flight.iter().find(|s| s.squad == i);
        let id = format!("pilot:{i}");
        let edge = if targets.contains(&id) {
            Edge::Clickable {
                hovered: hovered == Some(id.as_str()),
            }
        } else if flying.is_some() {
            Edge::Flying
        } else {
            Edge::Home
        };
        let words = match status {
            Status::Okay => gettext("Okay"),
            Status::Shaken => gettext("Shaken"),
            Status::Unfit => gettext("Unfit"),
        };
        let mut state = format!("{} · {words}", gettext(p.level.name()));
        if let Some(s) = flying {
            let fate = match s.fate {
                Fate::Flying if s.left => gettext("home"),
                Fate::Flying => gettext("flying"),
                Fate::Aborted => gettext("aborted"),
                Fate::Down(_) => gettext("shot down"),
            };
            state = format!("{fate} · {state}");
        }
        let xp = card
            .experience
            .map_or("–".to_owned(), |need| format!("{}/{need}", p.xp));
        let now = match status {
            Status::Okay => Some(&card.okay),
            Status::Shaken => Some(&card.shaken),
            Status::Unfit => None,
        };
        let mut flies_as = now.map_or_else(|| gettext("Unfit: stays home"), row_words);
        if let Some(next) = p.level.next() {
            let promoted = PilotCard::new(data(), p.pilot, next);
            flies_as = msg("{now} · promoted to {level}: {row}, Cool {cool}")
                .arg("now", flies_as)
                .term("level", next.name())
                .arg("row", row_words(&promoted.okay))
                .arg("cool", promoted.cool)
                .render();
        }
        RowShown {
            top,
            status,
            edge,
            name: format!("{} · {}", card.name, card.aircraft.name),
            state,
            okay_top: f64::from(card.okay.max) + 1.0,
            shaken_top: f64::from(card.shaken.max) + 1.0,
            scale: f64::from(card.unfit_from()) + 2.0,
            stress: f64::from(p.stress),
            info: msg("Stress {stress} · Cool {cool} · XP {xp}")
                .arg("stress", p.stress)
                .arg("cool", card.cool)
                .arg("xp", xp)
                .render(),
            flies_as,
        }
    }
}

/// The panel, drawn (on paper, and where a bitmap cannot serve).
pub fn draw(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    background(cr)?;
    paint(cr, &Shown::of(g, targets, hovered))
}

/// The panel in the window: its inside copied from the bitmap kept while it reads the same
/// (a third of a Tactical Display frame went into laying out its words), then its rim.
pub fn draw_kept(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    // The bitmap keeps the inside, a pixel in from the panel's edges: the pixels of an edge
    // are shared with what lies beside it, which the bitmap does not hold. The rim, at most
    // two pixels wide, holds no words as long as a pixel is under half a millimetre.
    let m = cr.matrix();
    let (dsx, dsy) = cr.target().device_scale();
    let (px, py) = (1.01 / (m.xx() * dsx), 1.01 / (m.yy() * dsy));
    if px > 0.5 || py > 0.5 {
        return draw(cr, g, targets, hovered);
    }
    let shown = Shown::of(g, targets, hovered);
    let inside = (px, py, W - 2.0 * px, HEIGHT - 2.0 * py);
    let painted = PANEL.with(|layer| {
        let mut layer = layer.borrow_mut();
        let painted = layer.paint(cr, inside, shown.clone(), |cr| {
            background(cr)?;
            paint(cr, &shown)
        })?;
        if painted {
            Rgb::hex(PAPER).set(cr);
            layer.fill_around(cr, (0.0, 0.0, W, HEIGHT))?;
        }
        Ok::<_, cairo::Error>(painted)
    })?;
    if painted {
        Ok(())
    } else {
        background(cr)?;
        paint(cr, &shown)
    }
}

thread_local! {
    /// The panel's inside as last drawn on screen (drawing happens on the GTK thread).
    static PANEL: std::cell::RefCell<Layer<Shown>> = std::cell::RefCell::new(Layer::new());
}

/// The panel's paper.
const PAPER: u32 = 0xf6f3ea;

fn background(cr: &Context) -> Result<(), cairo::Error> {
    Rgb::hex(PAPER).set(cr);
    cr.rectangle(0.0, 0.0, W, HEIGHT);
    cr.fill()
}

/// The panel's words and rows over its background.
fn paint(cr: &Context, shown: &Shown) -> Result<(), cairo::Error> {
    Rgb::BLACK.set(cr);
    fitted_left(cr, 4.0, 3.0, W - 8.0, &shown.title, Font::bold(4.0));
    for (y, line) in [9.5, 14.0, 18.5].into_iter().zip(&shown.lines) {
        if !line.is_empty() {
            fitted_left(cr, 4.0, y, W - 8.0, line, Font::sans(3.0));
        }
    }
    for row in &shown.rows {
        pilot_row(cr, row)?;
    }
    Ok(())
}

fn pilot_row(cr: &Context, row: &RowShown) -> Result<(), cairo::Error> {
    let y = row.top;
    rounded_rect(cr, 2.5, y, W - 5.0, ROW_H, 1.0);
    Rgb::hex(match row.status {
        Status::Okay => 0xe3efd9,
        Status::Shaken => 0xf6e3b4,
        Status::Unfit => 0xf2c4c0,
    })
    .set(cr);
    cr.fill_preserve()?;
    match row.edge {
        Edge::Clickable { hovered } => super::outline_clickable(cr, hovered, 0.7)?,
        Edge::Flying | Edge::Home => {
            let flying = row.edge == Edge::Flying;
            Rgb::hex(if flying { 0x2f5d8a } else { 0xb8b2a0 }).set(cr);
            cr.set_line_width(if flying { 0.6 } else { 0.3 });
            cr.stroke()?;
        }
    }
    Rgb::BLACK.set(cr);
    fitted_left(cr, 4.0, y + 0.6, 44.0, &row.name, Font::bold(2.8));
    text(
        cr,
        W - 4.0,
        y + 0.6,
        &row.state,
        &Font::sans(2.5),
        Align::Right,
    );
    // Stress against the bands: Okay to its top, Shaken to its top, then Unfit.
    let bar_w = 34.0;
    let top = row.scale;
    let (bx, by) = (4.0, y + 4.4);
    for (from, to, colour) in [
        (0.0, row.okay_top, 0x8bbf6a),
        (row.okay_top, row.shaken_top, 0xe0b443),
        (row.shaken_top, top, 0xc9473f),
    ] {
        Rgb::hex(colour).set(cr);
        cr.rectangle(bx + from / top * bar_w, by, (to - from) / top * bar_w, 2.0);
        cr.fill()?;
    }
    Rgb::BLACK.set(cr);
    let sx = bx + (row.stress.min(top) / top) * bar_w;
    cr.rectangle(sx - 0.35, by - 0.6, 0.7, 3.2);
    cr.fill()?;
    fitted_left(
        cr,
        bx + bar_w + 2.0,
        y + 3.9,
        W - bar_w - 10.0,
        &row.info,
        Font::sans(2.4),
    );
    fitted_left(cr, 4.0, y + 7.4, W - 8.0, &row.flies_as, Font::sans(2.3));
    Ok(())
}
