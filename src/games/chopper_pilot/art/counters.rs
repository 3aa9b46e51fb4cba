//! The printed counters (digest 10.4), front and back: the ground units of `units.toml` (the
//! reduced side behind a unit of two steps), two per helicopter airframe (altitudes G/N and
//! L/M), a counter per crew member of `crew.toml`, and the markers of the tactical map, the
//! Operations Map and the Crew Board, each as many times as the counter mix of `units.toml`
//! says (digest G19). The unit and helicopter faces are the map's own counters; the Airstrike
//! marker is twice as long as the others.

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, condensed, fit_font, fit_paragraph_font, fitted_text, measure, paragraph,
    rounded_rect, text,
};
use crate::games::chopper_pilot::rules::content::{BioKind, Content, HeloType, data};
use crate::games::chopper_pilot::rules::hex::Hex;
use crate::games::chopper_pilot::rules::movement::Altitude;
use crate::i18n::gettext;

use super::signs::{Sign, burst};
use super::tactical::{Frame, HeliMark, call_sign, draw_counter, draw_helicopter};

/// 5/8 inch, rounded to the millimetre.
pub const COUNTER_MM: f64 = 16.0;
/// The Airstrike marker's length, over two hexes: 1¼ inch.
pub const LONG_MM: f64 = 2.0 * COUNTER_MM;

/// One side of a counter.
#[derive(Clone, Debug, PartialEq)]
pub enum Face {
    /// A ground unit of `units.toml`, full strength or reduced.
    Unit {
        id: String,
        reduced: bool,
    },
    Helicopter {
        kind: HeloType,
        number: u8,
        altitude: Altitude,
    },
    /// A crew member's name counter.
    Crew {
        name: String,
        pilot: bool,
    },
    /// A marker: its words, its colour and the pictogram above the words (alone when there
    /// are no words).
    Marker {
        text: String,
        colour: u32,
        sign: Option<Sign>,
    },
    /// The marker a helicopter (by its call sign) leaves on a unit it has spotted; turned over
    /// once the sighting is shared, Target Spotted.
    Spotted {
        helicopter: String,
        shared: bool,
    },
    /// The Airstrike marker over two hexes, [`LONG_MM`] long: the small explosion ahead, the
    /// large one behind and the heading between them, from the large toward the small.
    AirStrike,
    Blank,
}

impl Face {
    /// The size of the counter this side belongs to, (width, height) in millimetres.
    pub fn size(&self) -> (f64, f64) {
        match self {
            Face::AirStrike => (COUNTER_MM, LONG_MM),
            _ => (COUNTER_MM, COUNTER_MM),
        }
    }
}

/// One counter of the sheets: the piece of the mix it is (a unit id, one of the `MARKERS`, or
/// `helicopter` and `crew`) and its two sides.
#[derive(Clone, Debug, PartialEq)]
pub struct Counter {
    pub piece: String,
    pub front: Face,
    pub back: Face,
}

/// Every counter of `d`'s mix, in printing order.
pub fn counter_sheet(d: &Content) -> Vec<Counter> {
    let mut sheet = Vec::new();
    let mut add = |piece: &str, front: Face, back: Face, n: usize| {
        sheet.extend(std::iter::repeat_n(
            Counter {
                piece: piece.to_owned(),
                front,
                back,
            },
            n,
        ));
    };
    for u in &d.units {
        let side = |reduced| Face::Unit {
            id: u.id.clone(),
            reduced,
        };
        let back = if u.steps > 1 { side(true) } else { Face::Blank };
        add(&u.id, side(false), back, d.counters_of(&u.id));
    }
    for spec in &d.helicopters {
        for number in 1..=spec.airframes {
            let side = |altitude| Face::Helicopter {
                kind: spec.id,
                number,
                altitude,
            };
            add("helicopter", side(Altitude::Landed), side(Altitude::Noe), 1);
            add("helicopter", side(Altitude::Low), side(Altitude::Medium), 1);
        }
    }
    for b in &d.bios {
        let face = Face::Crew {
            name: b.name.clone(),
            pilot: b.kind == BioKind::Pilot,
        };
        add("crew", face.clone(), face, 1);
    }
    let marker =
        |text: String, colour: u32, sign: Option<Sign>| Face::Marker { text, colour, sign };
    let plain = |text: String, colour: u32| (marker(text, colour, None), Face::Blank);
    let signed =
        |text: String, colour: u32, sign: Sign| (marker(text, colour, Some(sign)), Face::Blank);
    // The initiative chits read the same on both sides, whichever way up they come out of
    // the cup.
    let chit = |text: String, colour: u32, star: u32| {
        let face = marker(text, colour, Some(Sign::Star(star)));
        (face.clone(), face)
    };
    for (piece, (front, back)) in [
        ("smoke", plain(gettext("SMOKE"), 0x9E9E9E)),
        ("explosion", signed(String::new(), 0x263238, Sign::Burst)),
        ("target", plain(gettext("TARGET"), 0xC62828)),
        ("air_strike", (Face::AirStrike, Face::AirStrike)),
        ("artillery", plain(gettext("ARTY"), 0xD50000)),
        // The tables' code for a suppressed unit, printed as the tables print it.
        ("suppressed", plain("SUP".to_owned(), 0xF9A825)),
        ("unspotted", plain(gettext("UNSPOTTED"), 0x757575)),
        ("actions_over", plain(gettext("ACTIONS OVER"), 0x455A64)),
        ("us_chit", chit(gettext("US"), 0x556B2F, 0xFFFFFF)),
        (
            "vietnamese_chit",
            chit(gettext("VIETNAMESE"), 0xB71C1C, 0xFFD600),
        ),
        ("wreck", plain(gettext("WRECK"), 0x4E342E)),
        ("crash", plain(gettext("CRASH"), 0x212121)),
        (
            "plane_crash",
            signed(gettext("PLANE CRASH"), 0x424242, Sign::PlaneCrash),
        ),
        (
            "body_bags",
            signed(gettext("BODY BAGS"), 0x6B705C, Sign::BodyBag),
        ),
        ("wounded_marker", plain(gettext("WOUNDED"), 0xAD1457)),
        ("supplies_marker", plain(gettext("SUPPLIES"), 0x6D4C41)),
        (
            "parachute",
            signed(gettext("PARACHUTE"), 0x0277BD, Sign::Parachute),
        ),
        ("your_flight", plain(gettext("YOUR FLIGHT"), 0x4E5B31)),
        // The Downed Helo Crew of the Operations Map.
        (
            "ops_downed_crew",
            signed(gettext("DOWNED CREW"), 0xE65100, Sign::Crew),
        ),
        ("pow", plain(gettext("POW"), 0x37474F)),
    ] {
        add(piece, front, back, d.counters_of(piece));
    }
    // Spotted By with a helicopter's call sign, Target Spotted behind: for the airframes in
    // turn, as many as the mix gives.
    let call_signs: Vec<String> = d
        .helicopters
        .iter()
        .flat_map(|spec| (1..=spec.airframes).map(|n| call_sign(spec.id, n)))
        .collect();
    for helicopter in call_signs.iter().cycle().take(d.counters_of("spotted")) {
        let side = |shared| Face::Spotted {
            helicopter: helicopter.clone(),
            shared,
        };
        add("spotted", side(false), side(true), 1);
    }
    // The Crew Board's markers, in sets.
    for _ in 0..d.counters_of("skill_digits") {
        for n in 0..=9 {
            let digit = marker(n.to_string(), 0x1565C0, None);
            add("skill_digits", digit.clone(), digit, 1);
        }
    }
    for _ in 0..d.counters_of("experience") {
        for level in d.experience.chunks(2) {
            let name = |k: usize| level.get(k).map_or(String::new(), |e| gettext(&e.name));
            add(
                "experience",
                marker(name(0), 0x33402A, None),
                marker(name(1), 0x33402A, None),
                1,
            );
        }
    }
    for _ in 0..d.counters_of("skill_drm") {
        add(
            "skill_drm",
            marker("+1".into(), 0x2E7D32, None),
            marker("+2".into(), 0x2E7D32, None),
            1,
        );
    }
    for _ in 0..d.counters_of("luck") {
        for n in 1..=d.career.luck_max {
            add(
                "luck",
                marker(format!("LF {n}"), 0x6A1B9A, None),
                marker(gettext("LF USED"), 0x424242, None),
                1,
            );
        }
    }
    sheet
}

/// Draws one side of a counter over its bleed.
pub fn draw_face(cr: &Context, face: &Face, bleed: f64) -> Result<(), cairo::Error> {
    let s = COUNTER_MM;
    let (w, h) = face.size();
    let ground = |cr: &Context, colour: u32| -> Result<(), cairo::Error> {
        Rgb::hex(colour).set(cr);
        cr.rectangle(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed);
        cr.fill()
    };
    match face {
        Face::Unit { id, reduced } => {
            let (colour, _) = super::tactical::counter_look(id);
            ground(cr, colour)?;
            draw_counter(cr, 0.0, 0.0, s, id, *reduced)?;
            let Some(u) = data().unit(id) else {
                return Ok(());
            };
            Rgb::WHITE.set(cr);
            if u.class.fights() {
                fitted_text(cr, 3.4, 1.4, 2.6, &u.morale.to_string(), 2.3, true);
                fitted_text(cr, s - 3.4, 1.4, 2.6, &u.range.to_string(), 2.3, true);
            }
            fitted_text(cr, s - 3.4, s - 4.6, 2.6, &u.mp.to_string(), 2.3, true);
            // The name in small type, on two lines when one is too short for it.
            let name = gettext(&u.name);
            let font = condensed(1.8, false);
            let (w, _) = measure(cr, &name, &font, None);
            if w <= s - 2.5 {
                text(cr, s / 2.0, s * 0.5, &name, &font, Align::Center);
            } else {
                let font = condensed(1.6, false);
                paragraph(cr, 1.25, s * 0.46, s - 2.5, &name, &font, Align::Center);
            }
            if *reduced {
                // The reduced side: a red slash across the lower-left corner.
                Rgb::hex(0xE53935).set(cr);
                cr.set_line_width(0.7);
                cr.move_to(1.2, s - 6.0);
                cr.line_to(6.0, s - 1.2);
                cr.stroke()?;
            }
        }
        Face::Helicopter {
            kind,
            number,
            altitude,
        } => {
            ground(cr, 0xDCD6C0)?;
            // The map's helicopter, centred in a one-hex frame as big as the counter.
            let frame = Frame::over(0, 0, 1, 1, s, s, 0.0);
            draw_helicopter(
                cr,
                &frame,
                HeliMark {
                    hex: Hex::from_offset(0, 0),
                    facing: 0,
                    altitude: *altitude,
                    kind: *kind,
                    number: *number,
                    yours: false,
                    active: false,
                    target: false,
                    hovered: false,
                },
            )?;
            Rgb::hex(0x33402A).set(cr);
            fitted_text(cr, s / 2.0, s - 3.0, s - 2.0, "ARMY", 2.2, true);
        }
        Face::Crew { name, pilot } => {
            ground(cr, 0x556B2F)?;
            Rgb::WHITE.set(cr);
            let surname = name.split_whitespace().last().unwrap_or(name);
            fitted_text(cr, s / 2.0, s * 0.3, s - 2.0, surname, 3.0, true);
            let seat = if *pilot {
                gettext("Pilot")
            } else {
                gettext("Gunner")
            };
            fitted_text(cr, s / 2.0, s * 0.58, s - 2.0, &seat, 2.2, false);
        }
        Face::Marker { text, colour, sign } => {
            ground(cr, *colour)?;
            hex_frame(cr, 0.0)?;
            match sign {
                None => fitted_text(cr, s / 2.0, s / 2.0 - 1.6, s - 3.0, text, 3.0, true),
                Some(sign) if text.is_empty() => sign.draw(cr, s / 2.0, s / 2.0, s * 0.33)?,
                Some(sign) => {
                    // The words at the foot, the pictogram in the room above them.
                    let (font, height) = words_font(cr, text, 2.4);
                    let top = s - 2.0 - height;
                    let r = (s * 0.27).min((top - 2.2) / 2.0);
                    sign.draw(cr, s / 2.0, (1.6 + top) / 2.0, r)?;
                    Rgb::WHITE.set(cr);
                    paragraph(cr, 1.5, top, s - 3.0, text, &font, Align::Center);
                }
            }
        }
        Face::Spotted { helicopter, shared } => {
            ground(cr, if *shared { 0x004D40 } else { 0x00796B })?;
            hex_frame(cr, 0.0)?;
            let caption = if *shared {
                gettext("TARGET SPOTTED")
            } else {
                gettext("SPOTTED BY")
            };
            // The caption at the head, the call sign at the foot, the eye between them.
            let (font, height) = words_font(cr, &caption, 2.1);
            Rgb::WHITE.set(cr);
            paragraph(cr, 1.5, 1.9, s - 3.0, &caption, &font, Align::Center);
            let number = s * 0.6;
            fitted_text(cr, s / 2.0, number, s - 4.0, helicopter, 3.8, true);
            let room = number - 1.9 - height;
            let r = (s * 0.2).min(room * 0.8);
            Sign::Eye.draw(cr, s / 2.0, 1.9 + height + room / 2.0, r)?;
        }
        Face::AirStrike => {
            ground(cr, 0x263238)?;
            // A frame for each hex it lies over: the small explosion ahead, the large behind.
            hex_frame(cr, 0.0)?;
            hex_frame(cr, s)?;
            let words = gettext("AIR STRIKE");
            let (font, height) = words_font(cr, &words, 2.4);
            let top = s - 2.4 - height;
            burst(
                cr,
                s / 2.0,
                (1.6 + top) / 2.0,
                (s * 0.22).min((top - 2.2) / 2.0),
            )?;
            Rgb::WHITE.set(cr);
            paragraph(cr, 1.5, top, s - 3.0, &words, &font, Align::Center);
            burst(cr, s / 2.0, s * 1.5, s * 0.42)?;
            // The heading across the join, from the large explosion toward the small one.
            cr.move_to(s / 2.0, s - 2.4);
            cr.line_to(s / 2.0 + 2.2, s + 1.4);
            cr.line_to(s / 2.0, s + 0.6);
            cr.line_to(s / 2.0 - 2.2, s + 1.4);
            cr.close_path();
            Rgb::WHITE.set(cr);
            cr.fill_preserve()?;
            Rgb::hex(0x263238).set(cr);
            cr.set_line_width(0.3);
            cr.stroke()?;
        }
        Face::Blank => ground(cr, 0xBDBDBD)?,
    }
    Ok(())
}

/// The white frame of a marker's hex, `top` millimetres down the counter.
fn hex_frame(cr: &Context, top: f64) -> Result<(), cairo::Error> {
    let s = COUNTER_MM;
    rounded_rect(cr, 1.0, top + 1.0, s - 2.0, s - 2.0, 1.2);
    Rgb::WHITE.set(cr);
    cr.set_line_width(0.3);
    cr.stroke()
}

/// The bold font of a marker's words and the height they take across the counter (less its
/// margins): one line at `size`, or a little smaller where that fits, else broken over two
/// lines and made smaller as need be.
fn words_font(cr: &Context, text: &str, size: f64) -> (Font<'static>, f64) {
    let width = COUNTER_MM - 3.0;
    let (one_line, _) = measure(cr, text, &condensed(size, true), None);
    let font = if one_line * 0.72 <= width || !text.contains(' ') {
        fit_font(cr, text, condensed(size, true), width)
    } else {
        fit_paragraph_font(cr, text, condensed(size, true), width, size * 2.1, 1.5)
    };
    let (_, height) = measure(cr, text, &font, Some(width));
    (font, height)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::draw::fits;
    use crate::games::chopper_pilot::rules::content::{MARKERS, load};

    /// How many counters one piece of the mix stands for: the Crew Board's markers come in
    /// sets, everything else one by one.
    fn set_of(d: &Content, piece: &str) -> usize {
        match piece {
            "skill_digits" => 10,
            "experience" => d.experience.len().div_ceil(2),
            "luck" => usize::from(d.career.luck_max),
            _ => 1,
        }
    }

    fn on_sheet(sheet: &[Counter], piece: &str) -> usize {
        sheet.iter().filter(|c| c.piece == piece).count()
    }

    #[test]
    fn every_piece_of_the_mix_is_on_the_sheet_as_often_as_the_mix_says() {
        let d = data();
        let sheet = counter_sheet(d);
        for c in &d.counters {
            assert_eq!(
                on_sheet(&sheet, &c.piece),
                usize::from(c.n) * set_of(d, &c.piece),
                "{}",
                c.piece
            );
        }
        // Every unit and every marker is printed, and nothing else but the helicopters and
        // the crew.
        for piece in d.units.iter().map(|u| u.id.as_str()).chain(MARKERS) {
            assert!(on_sheet(&sheet, piece) > 0, "{piece} is not on the sheet");
        }
        let airframes: usize = d.helicopters.iter().map(|h| usize::from(h.airframes)).sum();
        assert_eq!(on_sheet(&sheet, "helicopter"), 2 * airframes);
        assert_eq!(on_sheet(&sheet, "crew"), d.bios.len());
        let known = |p: &str| {
            d.unit(p).is_some() || MARKERS.contains(&p) || p == "helicopter" || p == "crew"
        };
        assert!(sheet.iter().all(|c| known(&c.piece)));
    }

    #[test]
    fn the_sheet_follows_the_mix() {
        let mut d = load().unwrap();
        let before = counter_sheet(&d);
        let added = [
            "explosion",
            "spotted",
            "us_chit",
            "vietnamese_chit",
            "plane_crash",
            "body_bags",
            "parachute",
            "ops_downed_crew",
            "air_strike",
        ];
        for c in d
            .counters
            .iter_mut()
            .filter(|c| added.contains(&c.piece.as_str()))
        {
            c.n += 3;
        }
        let after = counter_sheet(&d);
        for piece in added {
            assert_eq!(
                on_sheet(&after, piece),
                on_sheet(&before, piece) + 3,
                "{piece}"
            );
        }
        assert_eq!(after.len(), before.len() + 3 * added.len());
    }

    #[test]
    fn the_new_markers_have_their_faces_and_backs() {
        let d = data();
        let sheet = counter_sheet(d);
        let of =
            |piece: &str| -> Vec<&Counter> { sheet.iter().filter(|c| c.piece == piece).collect() };
        // Spotted By a helicopter in front, Target Spotted by the same behind, for the
        // airframes in turn.
        let signs: Vec<String> = d
            .helicopters
            .iter()
            .flat_map(|h| (1..=h.airframes).map(|n| call_sign(h.id, n)))
            .collect();
        for (c, expected) in of("spotted").into_iter().zip(signs.iter().cycle()) {
            let side = |shared| Face::Spotted {
                helicopter: expected.clone(),
                shared,
            };
            assert_eq!((&c.front, &c.back), (&side(false), &side(true)));
        }
        // The cup's three chits a side (digest 8.2) can be made up, and a chit reads the same
        // whichever way up it is drawn.
        for chit in ["us_chit", "vietnamese_chit"] {
            assert!(d.counters_of(chit) >= 3, "{chit}");
            assert!(
                of(chit)
                    .iter()
                    .all(|c| c.front == c.back && c.front != Face::Blank)
            );
        }
        // The Airstrike marker is the one counter twice as long, both sides alike.
        for c in &sheet {
            let long = c.piece == "air_strike";
            let size = if long { LONG_MM } else { COUNTER_MM };
            assert_eq!(c.front.size(), (COUNTER_MM, size), "{}", c.piece);
            assert_eq!(c.back.size(), c.front.size(), "{}", c.piece);
        }
        for piece in [
            "explosion",
            "plane_crash",
            "body_bags",
            "parachute",
            "ops_downed_crew",
        ] {
            assert!(
                of(piece)
                    .iter()
                    .all(|c| matches!(c.front, Face::Marker { sign: Some(_), .. })),
                "{piece} has its pictogram"
            );
        }
    }

    #[test]
    fn every_face_draws_and_its_words_stay_readable() {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 64, 128).unwrap();
        let cr = Context::new(&surface).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for c in counter_sheet(data()) {
            // One of each kind of piece is enough.
            if !seen.insert(c.piece.clone()) {
                continue;
            }
            for face in [&c.front, &c.back] {
                let (drawn, labels) = fits::recorded(|| draw_face(&cr, face, 3.0));
                drawn.unwrap();
                for l in labels {
                    assert!(
                        l.size >= 1.5,
                        "{}: '{}' shrunk to {:.2} mm",
                        c.piece,
                        l.text,
                        l.size
                    );
                }
            }
        }
    }
}
