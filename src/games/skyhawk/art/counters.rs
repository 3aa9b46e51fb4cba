//! The counters (rules digest §2.6, §9.4, manifest §11.9), 16 mm square, both sides: the
//! Skyhawks 1–16 and the division counters, the pilots, the NV MiGs, the US support and
//! RESCAP aircraft, munitions and tanks with their weights, medals, and every marker
//! (Suppressed, Knocked Out, Disengaged, SAM radar, altitude, weather, experience,
//! maintenance level, Lady Luck and the other reminders). Our own art: a coloured ground, a
//! small silhouette and condensed lettering.

use std::f64::consts::{PI, TAU};

use cairo::Context;

use super::palette;
use super::sheets::ordnance::pounds;
use crate::art::draw::{
    Align, Rgb, condensed, fit_paragraph_font, fitted_text, measure, paragraph, rounded_rect,
};
use crate::engine::message::n_;
use crate::games::skyhawk::rules::content::{Content, NvBoxKind, TargetType, Weapon};
use crate::i18n::gettext;

/// Counter size (5/8 inch).
pub const COUNTER_MM: f64 = 16.0;

/// The small picture in the middle of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    None,
    /// The A-4 seen from above.
    Skyhawk,
    /// Four Skyhawks in finger-four.
    Division,
    /// Another jet (support aircraft, MiGs).
    Jet,
    /// A propeller aircraft (A-1 Skyraider).
    Prop,
    Helicopter,
    Helmet,
    /// One or three bombs.
    Bombs(u8),
    Rocket,
    Tank,
    Medal,
    Radar,
    Cloud,
}

/// One side of a counter: a ground, a glyph and up to three lines of text.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterFace {
    pub ground: Rgb,
    pub ink: Rgb,
    pub glyph: Glyph,
    pub top: String,
    /// Big text in the middle (drawn over the glyph's place when there is no glyph).
    pub middle: String,
    pub bottom: String,
    /// Capability codes under the name (support aircraft: the NV boxes they attack, ECM).
    pub codes: String,
}

impl CounterFace {
    fn new(ground: Rgb, ink: Rgb, glyph: Glyph) -> Self {
        CounterFace {
            ground,
            ink,
            glyph,
            top: String::new(),
            middle: String::new(),
            bottom: String::new(),
            codes: String::new(),
        }
    }

    fn top(mut self, s: impl Into<String>) -> Self {
        self.top = s.into();
        self
    }

    fn middle(mut self, s: impl Into<String>) -> Self {
        self.middle = s.into();
        self
    }

    fn bottom(mut self, s: impl Into<String>) -> Self {
        self.bottom = s.into();
        self
    }

    fn codes(mut self, s: impl Into<String>) -> Self {
        self.codes = s.into();
        self
    }
}

/// A counter: its front, its back, and how many of it the sheets carry.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterKind {
    pub front: CounterFace,
    pub back: CounterFace,
    pub count: usize,
}

/// A marker with words on both sides.
fn marker(
    ground: Rgb,
    ink: Rgb,
    front: &str,
    back_ground: Rgb,
    back: &str,
) -> (CounterFace, CounterFace) {
    (
        CounterFace::new(ground, ink, Glyph::None).middle(front),
        CounterFace::new(back_ground, ink, Glyph::None).middle(back),
    )
}

/// The plain back of a one-sided counter: its ground with the game's mark.
fn plain_back(front: &CounterFace) -> CounterFace {
    CounterFace::new(front.ground, front.ink, Glyph::None).bottom("SKYHAWK")
}

fn kind(front: CounterFace, back: CounterFace, count: usize) -> CounterKind {
    CounterKind { front, back, count }
}

fn one_sided(front: CounterFace, count: usize) -> CounterKind {
    let back = plain_back(&front);
    kind(front, back, count)
}

/// Munition counters of the manifest: weapon, single count, 3-bomb-cluster count.
const MUNITIONS: [(Weapon, usize, usize); 12] = [
    (Weapon::Mk81, 5, 6),
    (Weapon::Mk82, 5, 6),
    (Weapon::Mk81SnakeEye, 5, 6),
    (Weapon::Mk82SnakeEye, 5, 6),
    (Weapon::Mk83, 5, 0),
    (Weapon::Mk84, 3, 0),
    (Weapon::Lau3, 4, 0),
    (Weapon::Lau10, 4, 0),
    (Weapon::Agm12b, 4, 0),
    (Weapon::Agm12c, 2, 0),
    (Weapon::Agm45, 4, 0),
    (Weapon::Mk36, 5, 0),
];

/// External tanks of the manifest: gallons and count.
const TANKS: [(u16, usize); 3] = [(150, 3), (300, 3), (400, 1)];

/// Medals of the manifest: abbreviation, name (as the rules record it), count, ribbon colour.
pub const MEDALS: [(&str, &str, usize, Rgb); 11] = [
    (
        "TGYC",
        n_("Tonkin Gulf Yacht Club"),
        1,
        Rgb(0.20, 0.45, 0.70),
    ),
    ("PH", n_("Purple Heart"), 4, Rgb(0.45, 0.15, 0.50)),
    ("AM", n_("Air Medal"), 4, Rgb(0.10, 0.30, 0.60)),
    ("BS", n_("Bronze Star"), 4, Rgb(0.60, 0.12, 0.12)),
    (
        "DFC",
        n_("Distinguished Flying Cross"),
        4,
        Rgb(0.20, 0.25, 0.55),
    ),
    ("SS", n_("Silver Star"), 3, Rgb(0.25, 0.30, 0.60)),
    ("NC", n_("Navy Cross"), 2, Rgb(0.10, 0.15, 0.45)),
    ("MoH", n_("Medal of Honor"), 1, Rgb(0.35, 0.60, 0.85)),
    (
        "PUC",
        n_("Presidential Unit Citation"),
        1,
        Rgb(0.15, 0.25, 0.55),
    ),
    (
        "NUC",
        n_("Navy Unit Commendation"),
        1,
        Rgb(0.20, 0.50, 0.30),
    ),
    (
        "RVN GC",
        n_("RVN Gallantry Cross"),
        1,
        Rgb(0.85, 0.70, 0.20),
    ),
];

/// Every counter of the game, front and back, from the content files (support aircraft,
/// ordnance names and weights, tank weights) and the manifest's quantities (RECON).
pub fn counter_mix(c: &Content) -> Vec<CounterKind> {
    use palette::*;
    let white = Rgb::WHITE;
    let ink = crate::art::sheet::INK;
    let mut out = Vec::new();
    for n in 1..=16 {
        let front = CounterFace::new(NAVY_LIGHT, ink, Glyph::Skyhawk)
            .top("A-4E")
            .bottom(format!("#{n}"));
        let back = CounterFace::new(GULL_GREY, ink, Glyph::Skyhawk)
            .top(gettext("REPAIR"))
            .bottom(format!("#{n}"));
        out.push(kind(front, back, 1));
    }
    for n in 1..=4 {
        let label = gettext("DIV {n}").replace("{n}", &n.to_string());
        let front = CounterFace::new(NAVY_LIGHT, ink, Glyph::Division).bottom(label.clone());
        out.push(one_sided(front, 1));
    }
    for n in 1..=25 {
        let front = CounterFace::new(SAND, ink, Glyph::Helmet).bottom(format!("P{n}"));
        let back = CounterFace::new(NV_LIGHT, ink, Glyph::Helmet)
            .top(gettext("WOUNDED"))
            .bottom(format!("P{n}"));
        out.push(kind(front, back, 1));
    }
    for (word, ground) in [
        (gettext("GREEN"), GREEN),
        (gettext("EXPERIENCED"), SKY),
        (gettext("VETERAN"), YELLOW),
    ] {
        out.push(one_sided(
            CounterFace::new(ground, ink, Glyph::None)
                .top(gettext("PILOT"))
                .middle(word),
            16,
        ));
    }
    for word in [gettext("LOW"), gettext("MEDIUM"), gettext("HIGH")] {
        out.push(one_sided(
            CounterFace::new(SKY, ink, Glyph::None)
                .top(gettext("ALTITUDE"))
                .middle(word),
            1,
        ));
    }
    for n in 1..=3 {
        out.push(one_sided(
            CounterFace::new(SHADE, ink, Glyph::None)
                .top(gettext("MAINT."))
                .middle(n.to_string()),
            1,
        ));
    }
    for t in [
        TargetType::Airfield,
        TargetType::Bridge,
        TargetType::Building,
        TargetType::PortFacility,
        TargetType::SamSite,
        TargetType::Transportation,
        TargetType::WaterMine,
    ] {
        out.push(one_sided(
            CounterFace::new(NV_LIGHT, ink, Glyph::None)
                .top(gettext("TARGET"))
                .middle(gettext(t.name()).to_uppercase()),
            2,
        ));
    }
    // The NV side: MiGs and the defence-box markers.
    let mig = CounterFace::new(NV_RED, white, Glyph::Jet)
        .top(gettext(NvBoxKind::Mig.name()))
        .bottom("MiG-17 / 21");
    out.push(one_sided(mig, 2));
    let (f, b) = marker(
        YELLOW,
        ink,
        &gettext("SUPPRESSED"),
        YELLOW,
        &gettext("SUPPRESSED"),
    );
    out.push(kind(f, b, 12));
    let (f, b) = marker(
        NV_RED,
        white,
        &gettext("KNOCKED OUT"),
        NV_RED,
        &gettext("KNOCKED OUT"),
    );
    out.push(kind(f, b, 8));
    let (f, b) = marker(
        ORANGE,
        ink,
        &gettext("DISENGAGED"),
        ORANGE,
        &gettext("DISENGAGED"),
    );
    out.push(kind(f, b, 2));
    let on = CounterFace::new(GREEN, ink, Glyph::Radar)
        .top(gettext("SAM RADAR"))
        .bottom(gettext("ON"));
    let off = CounterFace::new(GULL_GREY, ink, Glyph::Radar)
        .top(gettext("SAM RADAR"))
        .bottom(gettext("OFF"));
    out.push(kind(on, off, 2));
    // US support and RESCAP aircraft.
    for s in &c.support {
        let ground = if s.service == "USAF" { USAF } else { GULL_GREY };
        let mut codes: Vec<String> = s.attacks.iter().map(|a| short_box(*a).to_owned()).collect();
        if s.ecm {
            codes.push("ECM".into());
        }
        let name = s
            .name
            .split_whitespace()
            .next()
            .unwrap_or(&s.name)
            .to_owned();
        let front = CounterFace::new(ground, ink, Glyph::Jet)
            .top(name)
            .bottom(s.service.clone())
            .codes(codes.join(" "));
        out.push(one_sided(front, usize::from(s.count)));
    }
    let rescap = [
        ("A-1", Glyph::Prop, "SA", 2),
        ("HH-53", Glyph::Helicopter, "SA", 1),
    ];
    for (name, glyph, codes, count) in rescap {
        let front = CounterFace::new(GULL_GREY, ink, glyph)
            .top(name)
            .bottom("RESCAP")
            .codes(codes);
        out.push(one_sided(front, count));
    }
    // Munitions and tanks, weights printed.
    for (w, singles, clusters) in MUNITIONS {
        let Some(spec) = c.ordnance.get(&w) else {
            continue;
        };
        let glyph = if w.is_bullpup() || matches!(w, Weapon::Agm45 | Weapon::Lau3 | Weapon::Lau10) {
            Glyph::Rocket
        } else {
            Glyph::Bombs(1)
        };
        let (short, kind) = split_name(&spec.name);
        let single = CounterFace::new(YELLOW, ink, glyph)
            .top(short)
            .codes(kind.clone())
            .bottom(pounds(spec.weight));
        out.push(one_sided(single, singles));
        if clusters > 0 {
            let weight = spec.cluster_weight.unwrap_or(spec.weight * 3);
            let three = CounterFace::new(YELLOW, ink, Glyph::Bombs(3))
                .top(format!("3× {short}"))
                .codes(kind)
                .bottom(pounds(weight));
            out.push(one_sided(three, clusters));
        }
    }
    for (gallons, count) in TANKS {
        let Some(t) = c.aircraft.tank(gallons) else {
            continue;
        };
        let tank = CounterFace::new(SHADE, ink, Glyph::Tank)
            .top(gettext("{gal} GAL").replace("{gal}", &gallons.to_string()))
            .bottom(pounds(t.weight));
        out.push(one_sided(tank, count));
    }
    for (abbr, name, count, ribbon) in MEDALS {
        let front = CounterFace::new(Rgb(0.97, 0.95, 0.88), ribbon, Glyph::Medal)
            .top(abbr)
            .bottom(gettext(name));
        out.push(one_sided(front, count));
    }
    // Reminder markers.
    let (f, b) = marker(YELLOW, ink, &gettext("LADY LUCK"), SHADE, &gettext("USED"));
    out.push(kind(f, b, 3));
    for word in [
        gettext("ACE BOMBER"),
        gettext("BINGO"),
        gettext("NO REFUEL"),
        gettext("BOMB SHORTAGE"),
        gettext("BOMBING HALT"),
    ] {
        out.push(one_sided(
            CounterFace::new(SAND, ink, Glyph::None).middle(word),
            1,
        ));
    }
    for wx in [gettext("GOOD"), gettext("POOR"), gettext("BAD")] {
        let front = CounterFace::new(SKY, ink, Glyph::Cloud)
            .top(gettext("TARGET WX"))
            .bottom(wx.clone());
        let back = CounterFace::new(SKY, ink, Glyph::Cloud)
            .top(gettext("RECOVERY WX"))
            .bottom(wx);
        out.push(kind(front, back, 1));
    }
    out
}

/// A store's name split for a counter: the designation on top ("Mk 82", "AGM-12B") and the
/// kind under it ("Snake Eye", "Bullpup", "mine"), translated.
fn split_name(name: &str) -> (&str, String) {
    let words = if name.starts_with("Mk ") { 2 } else { 1 };
    let at = name
        .match_indices(' ')
        .nth(words - 1)
        .map_or(name.len(), |(i, _)| i);
    let kind = name[at..].trim();
    (
        &name[..at],
        if kind.is_empty() {
            String::new()
        } else {
            gettext(kind)
        },
    )
}

/// The capability code of an NV defence box on a support counter.
fn short_box(b: NvBoxKind) -> &'static str {
    match b {
        NvBoxKind::Sa => "SA",
        NvBoxKind::Aaa => "AAA",
        NvBoxKind::Sam => "SAM",
        NvBoxKind::Mig => "MiG",
    }
}

/// The counters one by one (each kind repeated by its count): fronts and backs.
pub fn counter_sheet(c: &Content) -> Vec<(CounterFace, CounterFace)> {
    counter_mix(c)
        .into_iter()
        .flat_map(|k| std::iter::repeat_n((k.front, k.back), k.count))
        .collect()
}

/// Draws one side of a counter with its top-left corner at (x, y).
pub fn draw_counter(cr: &Context, face: &CounterFace, x: f64, y: f64) -> Result<(), cairo::Error> {
    let s = COUNTER_MM;
    cr.save()?;
    cr.translate(x, y);
    face.ground.set(cr);
    cr.rectangle(0.0, 0.0, s, s);
    cr.fill()?;
    rounded_rect(cr, 0.6, 0.6, s - 1.2, s - 1.2, 1.0);
    face.ink.with_alpha(cr, 0.35);
    cr.set_line_width(0.2);
    cr.stroke()?;
    // The glyph sits between the top and bottom lines, smaller under a line of codes.
    let (gy, k) = if face.codes.is_empty() {
        (s / 2.0 + 0.2, 0.8)
    } else {
        (s / 2.0 + 0.9, 0.66)
    };
    cr.save()?;
    cr.translate(s / 2.0, gy);
    cr.scale(k, k);
    face.ink.set(cr);
    glyph(cr, face.glyph, 0.0, 0.0)?;
    cr.restore()?;
    face.ink.set(cr);
    if !face.top.is_empty() {
        fitted_text(cr, s / 2.0, 1.1, s - 2.4, &face.top, 2.4, true);
    }
    if !face.middle.is_empty() {
        middle_text(cr, &face.middle, s);
    }
    if !face.bottom.is_empty() {
        bottom_text(cr, &face.bottom, s);
    }
    if !face.codes.is_empty() {
        fitted_text(cr, s / 2.0, 3.6, s - 2.4, &face.codes, 1.9, true);
    }
    cr.restore()
}

/// The words under the glyph: one line, or (a medal's name, longer in any language) wrapped
/// onto the lines that fit between the glyph and the edge.
fn bottom_text(cr: &Context, words: &str, s: f64) {
    let one_line = condensed(2.5, true);
    let (w, _) = measure(cr, words, &one_line, None);
    if w <= s - 2.4 || !words.contains(' ') {
        fitted_text(cr, s / 2.0, s - 3.9, s - 2.4, words, 2.5, true);
        return;
    }
    let (width, room) = (s - 2.0, 5.2);
    let font = fit_paragraph_font(cr, words, condensed(2.0, true), width, room, 1.4);
    let (_, h) = measure(cr, words, &font, Some(width));
    paragraph(cr, 1.0, s - 0.5 - h, width, words, &font, Align::Center);
}

/// Big centred words, on two lines when they are two words.
fn middle_text(cr: &Context, words: &str, s: f64) {
    let lines: Vec<&str> = match words.split_once(' ') {
        Some((a, b)) if words.chars().count() > 8 => vec![a, b],
        _ => vec![words],
    };
    let size = if lines.len() == 1 { 3.4 } else { 2.9 };
    let top = s / 2.0 - size * 0.62 * lines.len() as f64;
    for (i, l) in lines.iter().enumerate() {
        fitted_text(
            cr,
            s / 2.0,
            top + i as f64 * size * 1.2,
            s - 2.0,
            l,
            size,
            true,
        );
    }
}

/// A polygon through points given around a centre, in millimetres.
fn polygon(cr: &Context, cx: f64, cy: f64, scale: f64, points: &[(f64, f64)]) {
    for (i, (px, py)) in points.iter().enumerate() {
        let (x, y) = (cx + px * scale, cy + py * scale);
        if i == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.close_path();
}

/// The A-4 from above, nose up: a delta wing, a slim fuselage and a small tail.
const A4: [(f64, f64); 13] = [
    (0.0, -1.0),
    (0.12, -0.55),
    (0.14, -0.15),
    (0.85, 0.35),
    (0.85, 0.45),
    (0.14, 0.35),
    (0.14, 0.65),
    (0.42, 0.9),
    (0.0, 0.85),
    (-0.42, 0.9),
    (-0.14, 0.65),
    (-0.14, 0.35),
    (-0.85, 0.45),
];

fn skyhawk(cr: &Context, cx: f64, cy: f64, scale: f64) -> Result<(), cairo::Error> {
    let mut pts = A4.to_vec();
    pts.extend([(-0.85, 0.35), (-0.14, -0.15), (-0.12, -0.55)]);
    polygon(cr, cx, cy, scale, &pts);
    cr.fill()
}

/// A swept-wing jet from above.
const JET: [(f64, f64); 14] = [
    (0.0, -1.0),
    (0.1, -0.5),
    (0.1, -0.2),
    (0.8, 0.35),
    (0.8, 0.5),
    (0.1, 0.3),
    (0.1, 0.65),
    (0.35, 0.9),
    (-0.35, 0.9),
    (-0.1, 0.65),
    (-0.1, 0.3),
    (-0.8, 0.5),
    (-0.8, 0.35),
    (-0.1, -0.2),
];

fn glyph(cr: &Context, g: Glyph, cx: f64, cy: f64) -> Result<(), cairo::Error> {
    match g {
        Glyph::None => Ok(()),
        Glyph::Skyhawk => skyhawk(cr, cx, cy, 4.6),
        Glyph::Division => {
            for (dx, dy) in [(-3.6, -2.0), (0.0, -3.4), (3.6, -0.6), (-7.2, -0.6)] {
                skyhawk(cr, cx + dx + 1.8, cy + dy + 2.0, 2.2)?;
            }
            Ok(())
        }
        Glyph::Jet => {
            let mut pts = JET.to_vec();
            pts.push((-0.1, -0.5));
            polygon(cr, cx, cy, 4.4, &pts);
            cr.fill()
        }
        Glyph::Prop => {
            // Straight wing, long nose, a propeller disc.
            polygon(
                cr,
                cx,
                cy,
                4.2,
                &[
                    (0.0, -0.9),
                    (0.12, -0.7),
                    (0.12, -0.25),
                    (0.95, -0.15),
                    (0.95, 0.05),
                    (0.12, 0.1),
                    (0.1, 0.6),
                    (0.35, 0.8),
                    (-0.35, 0.8),
                    (-0.1, 0.6),
                    (-0.12, 0.1),
                    (-0.95, 0.05),
                    (-0.95, -0.15),
                    (-0.12, -0.25),
                    (-0.12, -0.7),
                ],
            );
            cr.fill()?;
            cr.set_line_width(0.3);
            cr.move_to(cx - 1.6, cy - 3.9);
            cr.line_to(cx + 1.6, cy - 3.9);
            cr.stroke()
        }
        Glyph::Helicopter => {
            cr.arc(cx, cy - 0.5, 1.8, 0.0, TAU);
            cr.fill()?;
            cr.rectangle(cx - 0.3, cy, 0.6, 4.2);
            cr.fill()?;
            cr.set_line_width(0.35);
            cr.move_to(cx - 4.5, cy - 3.0);
            cr.line_to(cx + 4.5, cy + 2.0);
            cr.move_to(cx - 4.5, cy + 2.0);
            cr.line_to(cx + 4.5, cy - 3.0);
            cr.stroke()
        }
        Glyph::Helmet => {
            cr.arc(cx, cy, 3.6, PI, TAU);
            cr.line_to(cx + 3.6, cy + 2.4);
            cr.line_to(cx - 3.6, cy + 2.4);
            cr.close_path();
            cr.fill()?;
            Rgb::WHITE.with_alpha(cr, 0.85);
            rounded_rect(cr, cx - 2.6, cy - 0.8, 5.2, 1.8, 0.8);
            cr.fill()
        }
        Glyph::Bombs(n) => {
            let n = n.max(1);
            let gap = 3.0;
            let start = cx - gap * f64::from(n - 1) / 2.0;
            for i in 0..n {
                let x = start + gap * f64::from(i);
                cr.save()?;
                cr.translate(x, cy);
                cr.scale(1.0, 2.6);
                cr.arc(0.0, 0.0, 1.1, 0.0, TAU);
                cr.restore()?;
                cr.fill()?;
                polygon(cr, x, cy + 2.6, 1.0, &[(-1.0, 1.4), (0.0, 0.0), (1.0, 1.4)]);
                cr.fill()?;
            }
            Ok(())
        }
        Glyph::Rocket => {
            cr.rectangle(cx - 0.7, cy - 2.6, 1.4, 5.2);
            cr.fill()?;
            polygon(
                cr,
                cx,
                cy - 2.6,
                1.0,
                &[(-0.7, 0.0), (0.0, -1.4), (0.7, 0.0)],
            );
            cr.fill()?;
            polygon(
                cr,
                cx,
                cy + 2.6,
                1.0,
                &[(-1.8, 0.6), (-0.7, -1.2), (0.7, -1.2), (1.8, 0.6)],
            );
            cr.fill()
        }
        Glyph::Tank => {
            cr.save()?;
            cr.translate(cx, cy);
            cr.scale(1.0, 3.0);
            cr.arc(0.0, 0.0, 1.5, 0.0, TAU);
            cr.restore()?;
            cr.fill()
        }
        Glyph::Medal => {
            cr.rectangle(cx - 2.2, cy - 3.4, 4.4, 2.6);
            cr.fill()?;
            cr.arc(cx, cy + 0.9, 2.0, 0.0, TAU);
            palette::YELLOW.set(cr);
            cr.fill_preserve()?;
            crate::art::sheet::INK.set(cr);
            cr.set_line_width(0.2);
            cr.stroke()
        }
        Glyph::Radar => {
            cr.set_line_width(0.5);
            for r in [1.4, 2.6, 3.8] {
                cr.new_sub_path();
                cr.arc(cx - 2.0, cy + 1.5, r, -PI / 2.0, 0.0);
            }
            cr.stroke()?;
            cr.arc(cx - 2.0, cy + 1.5, 0.6, 0.0, TAU);
            cr.fill()
        }
        Glyph::Cloud => {
            Rgb::WHITE.set(cr);
            for (dx, dy, r) in [(-2.0, 0.5, 1.8), (0.3, -0.4, 2.3), (2.4, 0.6, 1.6)] {
                cr.new_sub_path();
                cr.arc(cx + dx, cy + dy, r, 0.0, TAU);
            }
            cr.fill()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::testutil::{inked, surface};
    use crate::games::skyhawk::rules::content::content;

    #[test]
    fn the_mix_has_the_manifest_quantities() {
        let c = content().unwrap();
        let mix = counter_mix(c);
        let count = |pred: &dyn Fn(&CounterFace) -> bool| -> usize {
            mix.iter().filter(|k| pred(&k.front)).map(|k| k.count).sum()
        };
        assert_eq!(count(&|f| f.glyph == Glyph::Skyhawk), 16);
        assert_eq!(count(&|f| f.glyph == Glyph::Division), 4);
        assert_eq!(count(&|f| f.glyph == Glyph::Helmet), 25);
        assert_eq!(count(&|f| f.middle == "SUPPRESSED"), 12);
        assert_eq!(count(&|f| f.middle == "KNOCKED OUT"), 8);
        assert_eq!(count(&|f| f.middle == "DISENGAGED"), 2);
        assert_eq!(count(&|f| f.glyph == Glyph::Radar), 2);
        assert_eq!(count(&|f| f.top == "ALTITUDE"), 3);
        assert_eq!(count(&|f| f.top == "MAINT."), 3);
        assert_eq!(count(&|f| f.top == "PILOT"), 48);
        assert_eq!(count(&|f| f.top == "TARGET"), 14);
        assert_eq!(count(&|f| f.middle == "LADY LUCK"), 3);
        assert_eq!(count(&|f| f.glyph == Glyph::Tank), 7);
        let support: usize = c.support.iter().map(|s| usize::from(s.count)).sum();
        assert_eq!(
            count(&|f| f.glyph == Glyph::Jet && f.top != "MiGs"),
            support
        );
        assert_eq!(count(&|f| f.top == "MiGs"), 2);
        // The radar counter is one counter with ON and OFF on its two sides.
        let radar = mix.iter().find(|k| k.front.glyph == Glyph::Radar).unwrap();
        assert_eq!(
            (radar.front.bottom.as_str(), radar.back.bottom.as_str()),
            ("ON", "OFF")
        );
        let total = counter_sheet(c).len();
        assert!((260..=290).contains(&total), "{total}");
    }

    #[test]
    fn weights_are_printed_on_munitions_and_tanks() {
        let mix = counter_mix(content().unwrap());
        let mk82 = mix
            .iter()
            .find(|k| k.front.top == "3× Mk 82" && k.front.codes.is_empty())
            .unwrap();
        assert_eq!(
            split_name("Mk 82 Snake Eye"),
            ("Mk 82", "Snake Eye".to_owned())
        );
        assert_eq!(
            split_name("AGM-12B Bullpup"),
            ("AGM-12B", "Bullpup".to_owned())
        );
        assert_eq!(split_name("LAU-3/A"), ("LAU-3/A", String::new()));
        assert_eq!(mk82.front.bottom, "1,500 lb");
        let tank = mix.iter().find(|k| k.front.top == "400 GAL").unwrap();
        assert!(tank.front.bottom.ends_with(" lb"));
    }

    #[test]
    fn every_face_draws_ink_inside_its_square() {
        for (front, back) in counter_sheet(content().unwrap()).iter().step_by(7) {
            for face in [front, back] {
                let (mut s, cr) = surface(20.0, 20.0);
                draw_counter(&cr, face, 2.0, 2.0).unwrap();
                drop(cr);
                assert!(inked(&mut s, 2.0, 2.0, 16.0, 16.0) > 500, "{face:?}");
                assert_eq!(inked(&mut s, 0.0, 0.0, 20.0, 1.9), 0);
            }
        }
    }
}
