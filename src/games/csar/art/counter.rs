//! Counters: unit counters of 19 mm and small markers of 16 mm (rules digest §10.2).
//!
//! A [`CounterFace`] describes one printed side; [`CounterFace::back`] gives the other side, so
//! export can print fronts and backs and the board can show whichever side is up.

use std::f64::consts::PI;

use cairo::Context;
use serde::{Deserialize, Serialize};

use super::icons::{self, AircraftKind};
use super::{fill_stroke, fitted_text, palette};
use crate::art::draw::{Rgb, rounded_rect};
use crate::i18n::{gettext, ngettext, pgettext};

/// Side of an aircraft counter: Cool/Shaken for Sandys, FAC and helicopters, Enter/Exit for
/// Fast Movers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AircraftSide {
    Cool,
    Shaken,
    Enter,
    Exit,
}

/// A crew member's trade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CrewRole {
    Pilot,
    Pj,
}

impl CrewRole {
    /// The printed role word, in the player's language.
    pub fn label(self) -> String {
        match self {
            CrewRole::Pilot => gettext("PILOT"),
            // Translators: Pararescue Jumper, printed on Pilot/PJ counters and cards.
            CrewRole::Pj => gettext("PJ"),
        }
    }
}

/// The three markers of the Information Track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrackKind {
    Turn,
    Search,
    Abort,
}

/// Two-turn ordnance markers (ONE side, then TWO side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrdnanceKind {
    CsGas,
    Smoke,
    Mark,
}

/// The six zone markers (9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZoneMarkerKind {
    CoordinatedFire,
    Entrenchment,
    HeavyJungle,
    Impassable,
    TargetOfOpportunity,
    Village,
}

impl ZoneMarkerKind {
    pub const ALL: [ZoneMarkerKind; 6] = [
        ZoneMarkerKind::CoordinatedFire,
        ZoneMarkerKind::Entrenchment,
        ZoneMarkerKind::HeavyJungle,
        ZoneMarkerKind::Impassable,
        ZoneMarkerKind::TargetOfOpportunity,
        ZoneMarkerKind::Village,
    ];

    /// Printed name, in the player's language.
    pub fn name(self) -> String {
        match self {
            // Translators: Zone marker names printed on the counters (short, capitals).
            ZoneMarkerKind::CoordinatedFire => gettext("COORD. FIRE"),
            ZoneMarkerKind::Entrenchment => gettext("ENTRENCHMENT"),
            ZoneMarkerKind::HeavyJungle => gettext("HEAVY JUNGLE"),
            ZoneMarkerKind::Impassable => gettext("IMPASSABLE"),
            ZoneMarkerKind::TargetOfOpportunity => gettext("TARGET OF OPP."),
            ZoneMarkerKind::Village => gettext("VILLAGE"),
        }
    }

    /// The effect reminder printed at the foot of the marker, in the player's language.
    pub fn reminder(self) -> String {
        match self {
            // Translators: effect reminders at the foot of Zone markers (two short lines).
            ZoneMarkerKind::CoordinatedFire => gettext("+1 ZFV INTO ZONE"),
            ZoneMarkerKind::Entrenchment => gettext("BDA −1 CARD"),
            ZoneMarkerKind::HeavyJungle => gettext("NO TROLL FOR FIRE"),
            ZoneMarkerKind::Impassable => gettext("NO MOVING SURVIVORS"),
            ZoneMarkerKind::TargetOfOpportunity => gettext("KILLED: ABORT −2"),
            ZoneMarkerKind::Village => gettext("NO GAS/CBU/NAPALM"),
        }
    }
}

/// The number on a Hidden or Enemy marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MarkerValue {
    Units(u8),
    /// "1+": one unit plus another marker drawn from the same cup.
    OnePlus,
}

impl MarkerValue {
    pub fn label(self) -> String {
        match self {
            MarkerValue::Units(n) => n.to_string(),
            MarkerValue::OnePlus => "1+".into(),
        }
    }
}

/// Firepower printed at the foot of an Enemy Gun: one number (own zone only), or own/range
/// with an optional star (range also reaches non-adjacent zones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Firepower {
    pub own: u8,
    pub range: Option<u8>,
    pub star: bool,
}

impl Firepower {
    pub fn label(self) -> String {
        match self.range {
            None => self.own.to_string(),
            Some(r) => format!("{}/{}{}", self.own, r, if self.star { "*" } else { "" }),
        }
    }
}

/// One printed side of a counter, with everything needed to draw it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CounterFace {
    /// Sandy, FAC, helicopter or Fast Mover. `number` is the printed ID ("1", "5", "A").
    /// `crew` names a Pilot/PJ riding on it; `carrying` counts Survivors aboard a helicopter;
    /// `moved` marks an aircraft that moved this turn (a helicopter then cannot rescue).
    Aircraft {
        kind: AircraftKind,
        number: String,
        side: AircraftSide,
        crew: Option<String>,
        carrying: u8,
        moved: bool,
    },
    /// Pilot/PJ counter; `downed` is its back, used when it becomes a Survivor.
    Crew {
        name: String,
        role: CrewRole,
        rides: AircraftKind,
        downed: bool,
    },
    /// A downed airman; pinpointed ones are drawn turned 90° (optional rule 6.2).
    Survivor {
        injured: bool,
        pinpointed: bool,
        crew: Option<String>,
    },
    Track(TrackKind),
    /// Hit marker turned so the number of hits (1–4) reads at the top; more than 4 hits take a
    /// second marker (G-18) and are shown here as 4.
    Hit {
        hits: u8,
    },
    Ordnance {
        kind: OrdnanceKind,
        second_turn: bool,
    },
    ClusterMunitions,
    Zone(ZoneMarkerKind),
    /// The common back of the zone markers (drawn blind from their cup).
    ZoneBack,
    /// Hidden marker: `None` is the concealed side.
    Hidden {
        value: Option<MarkerValue>,
    },
    /// Enemy marker: `None` is the concealed side.
    Enemy {
        value: Option<MarkerValue>,
    },
    /// Enemy gun. `name` like "M38", `calibre` like "37mm"; fired guns are drawn turned 90° right.
    Gun {
        name: String,
        calibre: Option<String>,
        firepower: Firepower,
        suppressed: bool,
        fired: bool,
    },
    Barrage,
}

/// Side of a unit counter.
pub const UNIT_MM: f64 = 19.0;
/// Side of a small marker.
pub const MARKER_MM: f64 = 16.0;

impl CounterFace {
    /// The printed side length in millimetres.
    pub fn size_mm(&self) -> f64 {
        match self {
            CounterFace::Crew { .. }
            | CounterFace::Track(_)
            | CounterFace::Hit { .. }
            | CounterFace::Ordnance { .. }
            | CounterFace::ClusterMunitions => MARKER_MM,
            _ => UNIT_MM,
        }
    }

    /// Whether this is an aircraft.
    pub fn is_aircraft(&self) -> bool {
        matches!(self, CounterFace::Aircraft { .. })
    }

    /// Quarter turns clockwise the counter is drawn with.
    pub fn quarter_turns(&self) -> i32 {
        match self {
            CounterFace::Gun { fired: true, .. } => 1,
            CounterFace::Survivor {
                pinpointed: true, ..
            } => 1,
            CounterFace::Hit { hits } => -(i32::from((*hits).clamp(1, 4)) - 1),
            _ => 0,
        }
    }

    /// The other printed side of the same counter (§10.2). Markers printed alike on both
    /// sides return themselves.
    pub fn back(&self) -> CounterFace {
        let mut b = self.clone();
        match &mut b {
            CounterFace::Aircraft { side, .. } => {
                *side = match side {
                    AircraftSide::Cool => AircraftSide::Shaken,
                    AircraftSide::Shaken => AircraftSide::Cool,
                    AircraftSide::Enter => AircraftSide::Exit,
                    AircraftSide::Exit => AircraftSide::Enter,
                }
            }
            CounterFace::Crew { downed, .. } => *downed = !*downed,
            CounterFace::Survivor { injured, .. } => *injured = !*injured,
            CounterFace::Ordnance { second_turn, .. } => *second_turn = !*second_turn,
            CounterFace::Zone(_) => b = CounterFace::ZoneBack,
            CounterFace::Gun { suppressed, .. } => *suppressed = !*suppressed,
            // The number side's back is the concealed side (the concealed side's back is
            // whatever number the caller gives it).
            CounterFace::Hidden { value } | CounterFace::Enemy { value } => *value = None,
            _ => {}
        }
        b
    }
}

/// Draws one counter with its top-left corner at (x, y), `face.size_mm()` square, turned as its
/// state requires (fired guns, pinpointed Survivors, Hit markers).
pub fn draw_counter(cr: &Context, face: &CounterFace, x: f64, y: f64) -> Result<(), cairo::Error> {
    let s = face.size_mm();
    cr.save()?;
    cr.translate(x + s / 2.0, y + s / 2.0);
    cr.rotate(f64::from(face.quarter_turns()) * PI / 2.0);
    cr.translate(-s / 2.0, -s / 2.0);
    // Nothing leaves the die-cut square.
    rounded_rect(cr, 0.0, 0.0, s, s, 1.3);
    cr.clip();
    let r = draw_local(cr, face, s);
    cr.restore()?;
    r
}

/// The counter's square body.
fn body(cr: &Context, s: f64, fill: Rgb) -> Result<(), cairo::Error> {
    rounded_rect(cr, 0.2, 0.2, s - 0.4, s - 0.4, 1.2);
    fill_stroke(cr, fill, palette::INK, 0.3)
}

/// A coloured strip across the foot of the counter with a word in it.
fn band(cr: &Context, s: f64, colour: Rgb, word: &str) -> Result<(), cairo::Error> {
    let h = s * 0.22;
    foot_strip(cr, s, h, colour)?;
    Rgb::WHITE.set(cr);
    fitted_text(cr, s / 2.0, s - h - 0.05, s - 2.0, word, h * 0.78, true);
    Ok(())
}

/// Height of the two-line band of zone markers.
const TALL_BAND: f64 = 0.31;
/// Text size of the two-line band.
const TALL_BAND_SIZE: f64 = 2.3;

/// A taller strip across the foot holding a reminder on up to two lines.
fn tall_band(cr: &Context, s: f64, colour: Rgb, words: &str) -> Result<(), cairo::Error> {
    let h = s * TALL_BAND;
    foot_strip(cr, s, h, colour)?;
    // Longer words (other languages) shrink until the lines fit the strip.
    let font = crate::art::draw::fit_paragraph_font(
        cr,
        words,
        super::condensed(TALL_BAND_SIZE, true),
        s - 1.6,
        h - 0.2,
        1.0,
    );
    let th = crate::art::draw::measure(cr, words, &font, Some(s - 1.6)).1;
    Rgb::WHITE.set(cr);
    let y = s - 0.2 - h + (h - th) / 2.0;
    crate::art::draw::paragraph(
        cr,
        0.8,
        y,
        s - 1.6,
        words,
        &font,
        crate::art::draw::Align::Center,
    );
    Ok(())
}

/// Fills the foot of the counter, `h` high, inside its rounded outline.
fn foot_strip(cr: &Context, s: f64, h: f64, colour: Rgb) -> Result<(), cairo::Error> {
    cr.save()?;
    rounded_rect(cr, 0.2, 0.2, s - 0.4, s - 0.4, 1.2);
    cr.clip();
    cr.rectangle(0.0, s - h - 0.2, s, h + 0.2);
    colour.set(cr);
    cr.fill()?;
    cr.restore()
}

/// The name across the top.
fn title(cr: &Context, s: f64, colour: Rgb, word: &str) {
    colour.set(cr);
    fitted_text(cr, s / 2.0, 0.7, s - 2.0, word, s * 0.16, true);
}

/// A small pill with a name (crew aboard) just above the band.
fn name_tag(cr: &Context, s: f64, name: &str) -> Result<(), cairo::Error> {
    let h = s * 0.13;
    let y = s * 0.78 - h - 0.3;
    rounded_rect(cr, 1.0, y, s - 2.0, h, h / 2.0);
    fill_stroke(cr, Rgb::WHITE, palette::INK, 0.15)?;
    palette::INK.set(cr);
    fitted_text(cr, s / 2.0, y - 0.05, s - 3.0, name, h * 0.85, true);
    Ok(())
}

/// A round badge with a number (Survivors aboard).
fn badge(
    cr: &Context,
    cx: f64,
    cy: f64,
    r: f64,
    colour: Rgb,
    word: &str,
) -> Result<(), cairo::Error> {
    cr.new_path();
    cr.arc(cx, cy, r, 0.0, 2.0 * PI);
    fill_stroke(cr, colour, palette::INK, 0.15)?;
    palette::INK.set(cr);
    fitted_text(cr, cx, cy - r * 0.8, r * 1.8, word, r * 1.4, true);
    Ok(())
}

fn draw_local(cr: &Context, face: &CounterFace, s: f64) -> Result<(), cairo::Error> {
    let mid = s / 2.0;
    match face {
        CounterFace::Aircraft {
            kind,
            number,
            side,
            crew,
            carrying,
            moved,
        } => {
            let fm = *kind == AircraftKind::FastMover;
            body(
                cr,
                s,
                if fm {
                    palette::FAST_MOVER
                } else {
                    palette::FRIENDLY
                },
            )?;
            let label = if fm {
                // Translators: a Fast Mover counter's title, e.g. "FM A".
                format!("{} {number}", gettext("FM"))
            } else {
                format!("{} {number}", kind.label())
            };
            title(cr, s, palette::FRIENDLY_DARK, &label);
            // A Shaken aircraft is drawn banking away.
            let tilt = if *side == AircraftSide::Shaken {
                0.45
            } else {
                0.0
            };
            cr.save()?;
            cr.translate(mid, s * 0.47);
            cr.rotate(tilt);
            icons::aircraft(cr, *kind, 0.0, 0.0, s * 0.5, palette::FRIENDLY_DARK)?;
            cr.restore()?;
            if let Some(name) = crew {
                name_tag(cr, s, name)?;
            }
            if *carrying > 0 {
                badge(
                    cr,
                    s - 3.0,
                    s * 0.33,
                    2.2,
                    palette::SURVIVOR,
                    &carrying.to_string(),
                )?;
            }
            if *moved {
                // A small arrow: moved this turn.
                palette::INK.set(cr);
                cr.move_to(1.2, s * 0.3);
                cr.line_to(3.6, s * 0.3);
                cr.line_to(3.6, s * 0.3 - 1.0);
                cr.line_to(5.0, s * 0.3 + 0.4);
                cr.line_to(3.6, s * 0.3 + 1.8);
                cr.line_to(3.6, s * 0.3 + 0.8);
                cr.line_to(1.2, s * 0.3 + 0.8);
                cr.close_path();
                cr.fill()?;
            }
            let (colour, word) = match side {
                // Translators: the sides of an aircraft counter.
                AircraftSide::Cool => (palette::COOL, gettext("COOL")),
                AircraftSide::Shaken => (palette::SHAKEN, gettext("SHAKEN")),
                AircraftSide::Enter => (palette::FRIENDLY_DARK, gettext("ENTER")),
                AircraftSide::Exit => (palette::SHAKEN, gettext("EXIT")),
            };
            band(cr, s, colour, &word)
        }
        CounterFace::Crew {
            name,
            role,
            rides,
            downed,
        } => {
            body(
                cr,
                s,
                if *downed {
                    palette::SURVIVOR
                } else {
                    palette::CREW
                },
            )?;
            title(cr, s, palette::FRIENDLY_DARK, &name.to_uppercase());
            icons::crew(
                cr,
                mid - s * 0.16,
                s * 0.47,
                s * 0.36,
                palette::FRIENDLY_DARK,
            )?;
            icons::aircraft(
                cr,
                *rides,
                mid + s * 0.2,
                s * 0.47,
                s * 0.34,
                palette::FRIENDLY_DARK,
            )?;
            if *downed {
                band(cr, s, palette::SHAKEN, &gettext("DOWNED"))
            } else {
                band(cr, s, palette::FRIENDLY_DARK, &role.label())
            }
        }
        CounterFace::Survivor {
            injured,
            pinpointed: _,
            crew,
        } => {
            body(cr, s, palette::SURVIVOR)?;
            title(cr, s, palette::INK, &gettext("SURVIVOR"));
            icons::survivor(cr, mid, s * 0.47, s * 0.48, palette::INK)?;
            if *injured {
                // Red cross beside the figure.
                palette::SHAKEN.set(cr);
                let (cx, cy, a) = (s * 0.8, s * 0.45, 1.2);
                cr.rectangle(cx - a / 3.0, cy - a, a * 2.0 / 3.0, a * 2.0);
                cr.rectangle(cx - a, cy - a / 3.0, a * 2.0, a * 2.0 / 3.0);
                cr.fill()?;
            }
            if let Some(name) = crew {
                name_tag(cr, s, name)?;
            }
            if *injured {
                band(cr, s, palette::SHAKEN, &gettext("INJURED"))
            } else {
                band(cr, s, palette::COOL, &gettext("HEALTHY"))
            }
        }
        CounterFace::Track(kind) => {
            let (fill, word) = match kind {
                TrackKind::Turn => (palette::MARKER, gettext("TURN")),
                TrackKind::Search => (palette::ORDNANCE, gettext("SEARCH")),
                TrackKind::Abort => (palette::ENEMY, gettext("ABORT")),
            };
            body(cr, s, fill)?;
            palette::INK.set(cr);
            fitted_text(cr, mid, s * 0.3, s - 2.0, &word, s * 0.26, true);
            cr.set_line_width(0.4);
            cr.move_to(2.0, s * 0.25);
            cr.line_to(s - 2.0, s * 0.25);
            cr.move_to(2.0, s * 0.75);
            cr.line_to(s - 2.0, s * 0.75);
            cr.stroke()
        }
        CounterFace::Hit { .. } => {
            body(cr, s, Rgb::WHITE)?;
            icons::crosshairs(cr, mid, mid, s * 0.42, palette::SHAKEN)?;
            // Numbers 1–4 on the edges, each reading upright when its edge is at the top.
            palette::INK.set(cr);
            for n in 0..4 {
                cr.save()?;
                cr.translate(mid, mid);
                cr.rotate(f64::from(n) * PI / 2.0);
                fitted_text(
                    cr,
                    0.0,
                    -mid + 0.5,
                    // As wide as the edge allows without meeting the next edge's words.
                    s * 0.6,
                    // Translators: the edges of a Hit marker, "1 HIT" to "4 HIT" (about
                    // 10 mm of room at 2.7 mm type).
                    &ngettext("{n} HIT", "{n} HITS", n + 1).replace("{n}", &(n + 1).to_string()),
                    s * 0.17,
                    true,
                );
                cr.restore()?;
            }
            Ok(())
        }
        CounterFace::Ordnance { kind, second_turn } => {
            let fill = if *second_turn {
                Rgb(0.93, 0.90, 0.80)
            } else {
                palette::ORDNANCE
            };
            body(cr, s, fill)?;
            let word = match kind {
                OrdnanceKind::CsGas => gettext("CS GAS"),
                OrdnanceKind::Smoke => gettext("SMOKE"),
                OrdnanceKind::Mark => gettext("MARK"),
            };
            title(cr, s, palette::INK, &word);
            match kind {
                OrdnanceKind::Mark => icons::crosshairs(cr, mid, s * 0.48, s * 0.4, palette::INK)?,
                OrdnanceKind::CsGas | OrdnanceKind::Smoke => {
                    let colour = if *kind == OrdnanceKind::CsGas {
                        Rgb(0.45, 0.55, 0.2)
                    } else {
                        Rgb(0.45, 0.45, 0.45)
                    };
                    for (dx, dy, r) in [(-0.14, 0.04, 0.12), (0.0, -0.04, 0.15), (0.15, 0.04, 0.11)]
                    {
                        cr.new_path();
                        cr.arc(mid + dx * s, s * 0.48 + dy * s, r * s, 0.0, 2.0 * PI);
                        colour.set(cr);
                        cr.fill()?;
                    }
                }
            }
            let (colour, word) = if *second_turn {
                // Translators: the two sides of a two-turn ordnance marker.
                (palette::HIDDEN, gettext("TWO"))
            } else {
                (Rgb(0.75, 0.45, 0.0), gettext("ONE"))
            };
            band(cr, s, colour, &word)
        }
        CounterFace::ClusterMunitions => {
            body(cr, s, palette::ORDNANCE)?;
            palette::INK.set(cr);
            fitted_text(cr, mid, 0.7, s - 2.0, &gettext("CBU"), s * 0.24, true);
            for i in 0..9 {
                let (cx, cy) = (
                    mid + (f64::from(i % 3) - 1.0) * s * 0.16,
                    s * 0.5 + (f64::from(i / 3) - 1.0) * s * 0.1,
                );
                cr.new_path();
                cr.arc(cx, cy, s * 0.035, 0.0, 2.0 * PI);
                cr.fill()?;
            }
            tall_band(cr, s, palette::HIDDEN, &gettext("CLUSTER MUNITIONS"))
        }
        CounterFace::Zone(kind) => {
            body(cr, s, palette::TERRAIN)?;
            title(cr, s, palette::TERRAIN_DARK, &kind.name());
            let colour = if *kind == ZoneMarkerKind::TargetOfOpportunity {
                palette::ENEMY_DARK
            } else {
                palette::TERRAIN_DARK
            };
            icons::zone_symbol(cr, *kind, mid, s * 0.42, s * 0.36, colour)?;
            tall_band(cr, s, palette::TERRAIN_DARK, &kind.reminder())
        }
        CounterFace::ZoneBack => {
            body(cr, s, palette::TERRAIN_DARK)?;
            Rgb::WHITE.set(cr);
            // Translators: the back of a Zone marker.
            fitted_text(cr, mid, s * 0.33, s - 2.0, &gettext("ZONE"), s * 0.26, true);
            Ok(())
        }
        CounterFace::Hidden { value } => {
            concealed(cr, s, &gettext("HIDDEN"), palette::HIDDEN, *value)
        }
        CounterFace::Enemy { value } => {
            concealed(cr, s, &gettext("ENEMY"), palette::ENEMY_DARK, *value)
        }
        CounterFace::Gun {
            name,
            calibre,
            firepower,
            suppressed,
            fired: _,
        } => {
            let fill = if *suppressed {
                palette::SUPPRESSED
            } else {
                palette::ENEMY
            };
            body(cr, s, fill)?;
            let label = match calibre {
                Some(c) => format!("{name} {c}"),
                None => name.clone(),
            };
            title(cr, s, palette::INK, &label);
            icons::gun(cr, mid - s * 0.02, s * 0.44, s * 0.4, palette::ENEMY_DARK)?;
            // Orientation arrow (a fired gun is turned 90° right).
            palette::INK.set(cr);
            cr.move_to(s - 2.0, s * 0.24);
            cr.line_to(s - 3.2, s * 0.37);
            cr.line_to(s - 0.8, s * 0.37);
            cr.close_path();
            cr.fill()?;
            if *suppressed {
                cr.save()?;
                cr.translate(mid, s * 0.45);
                cr.rotate(-0.35);
                cr.rectangle(-s * 0.55, -s * 0.07, s * 1.1, s * 0.14);
                palette::HIDDEN.set(cr);
                cr.fill()?;
                Rgb::WHITE.set(cr);
                fitted_text(
                    cr,
                    0.0,
                    -s * 0.065,
                    s * 0.8,
                    // Translators: one line across a counter, 15 mm of room at 2 mm type.
                    &pgettext("strip across a counter", "SUPPRESSED"),
                    s * 0.11,
                    true,
                );
                cr.restore()?;
            }
            palette::INK.set(cr);
            fitted_text(
                cr,
                mid,
                s * 0.66,
                s - 2.0,
                &firepower.label(),
                s * 0.25,
                true,
            );
            Ok(())
        }
        CounterFace::Barrage => {
            body(cr, s, Rgb(0.96, 0.75, 0.7))?;
            title(cr, s, palette::INK, &gettext("BARRAGE"));
            icons::barrage(cr, mid, s * 0.47, s * 0.5, palette::ENEMY_DARK)?;
            band(cr, s, palette::ENEMY_DARK, &gettext("AIRCRAFT SHAKEN"))
        }
    }
}

/// Hidden and Enemy markers: a dark concealed side, or the number of units.
fn concealed(
    cr: &Context,
    s: f64,
    word: &str,
    dark: Rgb,
    value: Option<MarkerValue>,
) -> Result<(), cairo::Error> {
    let mid = s / 2.0;
    match value {
        None => {
            body(cr, s, dark)?;
            Rgb::WHITE.set(cr);
            fitted_text(cr, mid, s * 0.12, s - 2.0, word, s * 0.2, true);
            fitted_text(cr, mid, s * 0.38, s - 2.0, "?", s * 0.42, true);
            Ok(())
        }
        Some(v) => {
            body(cr, s, Rgb::WHITE)?;
            cr.rectangle(0.2, 0.2, s - 0.4, s * 0.24);
            dark.set(cr);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            fitted_text(cr, mid, 0.7, s - 2.0, word, s * 0.16, true);
            dark.set(cr);
            fitted_text(cr, mid, s * 0.27, s - 2.0, &v.label(), s * 0.42, true);
            fitted_text(
                cr,
                mid,
                s * 0.77,
                s - 2.0,
                &gettext("UNITS"),
                s * 0.14,
                true,
            );
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::csar::art::samples;
    use crate::games::csar::art::testutil::{inked, surface};

    #[test]
    fn counters_ink_inside_their_square_and_nothing_outside() {
        let gallery = samples::counter_gallery();
        let backs: Vec<_> = gallery.iter().map(CounterFace::back).collect();
        for face in gallery
            .iter()
            .chain(&backs)
            .chain(&samples::counter_states())
        {
            let s = face.size_mm();
            let (mut surf, cr) = surface(s + 10.0, s + 10.0);
            draw_counter(&cr, face, 5.0, 5.0).unwrap();
            drop(cr);
            let inside = inked(&mut surf, 5.0, 5.0, s, s);
            let total = inked(&mut surf, 0.0, 0.0, s + 10.0, s + 10.0);
            assert!(
                inside as f64 > 0.1 * (s * 8.0) * (s * 8.0),
                "{face:?} barely drawn"
            );
            assert_eq!(total, inside, "{face:?} draws outside its square");
        }
    }

    #[test]
    fn backs_follow_the_kit() {
        let cool = &samples::counter_gallery()[0];
        let shaken = cool.back();
        assert!(matches!(
            shaken,
            CounterFace::Aircraft {
                side: AircraftSide::Shaken,
                ..
            }
        ));
        assert_eq!(&shaken.back(), cool);
        assert_eq!(
            CounterFace::Zone(ZoneMarkerKind::Impassable).back(),
            CounterFace::ZoneBack
        );
        assert_eq!(CounterFace::Hit { hits: 1 }.size_mm(), MARKER_MM);
        assert_eq!(CounterFace::Barrage.size_mm(), UNIT_MM);
    }

    #[test]
    fn zone_marker_words_stay_readable() {
        // Title and band text shrink to fit the 19 mm counter; they must not shrink far.
        let (_s, cr) = surface(10.0, 10.0);
        let fitted = |s: &str, size: f64, max_w: f64| {
            let (w, _) =
                crate::art::draw::measure(&cr, s, &super::super::condensed(size, true), None);
            size * (max_w / w).min(1.0)
        };
        for k in ZoneMarkerKind::ALL {
            assert!(
                fitted(&k.name(), UNIT_MM * 0.16, UNIT_MM - 2.0) >= 2.0,
                "{k:?} name"
            );
            // The reminder wraps onto at most two lines inside its band.
            let font = super::super::condensed(TALL_BAND_SIZE, true);
            let (_, h) = crate::art::draw::measure(&cr, &k.reminder(), &font, Some(UNIT_MM - 1.6));
            assert!(h <= UNIT_MM * TALL_BAND, "{k:?} reminder needs {h} mm");
        }
        for g in ["DShK 12.7mm", "ZPU 14.5mm", "M38 37mm", "S-60 57mm"] {
            assert!(fitted(g, UNIT_MM * 0.16, UNIT_MM - 2.0) >= 2.2, "{g}");
        }
    }

    #[test]
    fn firepower_labels() {
        let fp = |own, range, star| Firepower { own, range, star }.label();
        assert_eq!(fp(1, None, false), "1");
        assert_eq!(fp(2, Some(1), false), "2/1");
        assert_eq!(fp(1, Some(2), true), "1/2*");
    }
}
