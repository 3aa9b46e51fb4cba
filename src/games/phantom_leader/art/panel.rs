//! The campaign and squadron panel beside the display: the sheet, day, VP and Special
//! Options, the three tracks' readings, and one row per pilot with his level, stress
//! against his Okay and Shaken bands, status and experience toward promotion.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, rounded_rect, text};
use crate::games::phantom_leader::rules::cards::Status;
use crate::games::phantom_leader::rules::content::data;
use crate::games::phantom_leader::rules::{Duty, Fate, PhantomLeader};
use crate::i18n::gettext;

use super::{HEIGHT, WIDTH};

const W: f64 = WIDTH - super::DISPLAY;

pub fn draw(cr: &Context, g: &PhantomLeader) -> Result<(), cairo::Error> {
    Rgb::hex(0xf6f3ea).set(cr);
    cr.rectangle(0.0, 0.0, W, HEIGHT);
    cr.fill()?;
    Rgb::BLACK.set(cr);
    let sheet = g.sheet();
    fitted_left(cr, 4.0, 4.0, W - 8.0, &gettext(&sheet.title), Font::bold(4.0));
    let line = |cr: &Context, y: f64, s: &str| {
        text(cr, 4.0, y, s, &Font::sans(3.0), Align::Left);
    };
    line(
        cr,
        10.5,
        &format!(
            "{} {}/{}   VP {}   SO {}",
            gettext("Day"),
            g.day,
            g.days_total(),
            g.vp,
            g.special_options
        ),
    );
    let intel = g.intel();
    line(
        cr,
        15.0,
        &format!(
            "Recon {}   Intel {}{}S {}B   Politics {}",
            g.recon(),
            if intel.center_only { "C:" } else { "" },
            intel.sites,
            intel.bandits,
            g.politics()
        ),
    );
    if let Some(n) = g.mission.target {
        let t = data().target(n);
        let region = sheet.region_of(n);
        fitted_left(
            cr,
            4.0,
            19.5,
            W - 8.0,
            &format!(
                "#{n} {} ({}, {} WP, {} {})",
                gettext(&t.name),
                region.map_or("", |r| r.name.as_str()),
                region.map_or(0, |r| r.wp_penalty),
                region.map_or(0, |r| r.stress),
                gettext("Stress")
            ),
            Font::sans(3.0),
        );
    }
    // The squadron, one row a pilot.
    let mut y = 26.0;
    for (i, p) in g.squadron.iter().enumerate() {
        if p.duty != Duty::Active || y > HEIGHT - 8.0 {
            continue;
        }
        let card = p.card();
        let status = p.status();
        let flying = g.mission.flight.iter().find(|s| s.squad == i);
        rounded_rect(cr, 2.5, y, W - 5.0, 7.6, 1.0);
        Rgb::hex(match status {
            Status::Okay => 0xe3efd9,
            Status::Shaken => 0xf6e3b4,
            Status::Unfit => 0xf2c4c0,
        })
        .set(cr);
        cr.fill_preserve()?;
        Rgb::hex(if flying.is_some() { 0x2f5d8a } else { 0xb8b2a0 }).set(cr);
        cr.set_line_width(if flying.is_some() { 0.6 } else { 0.3 });
        cr.stroke()?;
        Rgb::BLACK.set(cr);
        fitted_left(
            cr,
            4.0,
            y + 0.6,
            40.0,
            &format!("{} · {}", card.name, card.aircraft.id),
            Font::bold(2.8),
        );
        let state = match status {
            Status::Okay => gettext("Okay"),
            Status::Shaken => gettext("Shaken"),
            Status::Unfit => gettext("Unfit"),
        };
        text(
            cr,
            W - 4.0,
            y + 0.6,
            &format!("{} · {state}", gettext(p.level.name())),
            &Font::sans(2.6),
            Align::Right,
        );
        // Stress against the bands: Okay to its top, Shaken to its top, then Unfit.
        let bar_w = 40.0;
        let top = f64::from(card.unfit_from()) + 2.0;
        let bx = 4.0;
        let by = y + 4.4;
        for (from, to, colour) in [
            (0.0, f64::from(card.okay.max) + 1.0, 0x8bbf6a),
            (
                f64::from(card.okay.max) + 1.0,
                f64::from(card.shaken.max) + 1.0,
                0xe0b443,
            ),
            (f64::from(card.shaken.max) + 1.0, top, 0xc9473f),
        ] {
            Rgb::hex(colour).set(cr);
            cr.rectangle(bx + from / top * bar_w, by, (to - from) / top * bar_w, 2.0);
            cr.fill()?;
        }
        Rgb::BLACK.set(cr);
        let sx = bx + (f64::from(p.stress).min(top) / top) * bar_w;
        cr.rectangle(sx - 0.35, by - 0.6, 0.7, 3.2);
        cr.fill()?;
        let xp = match card.experience {
            Some(need) => format!("XP {}/{need}", p.xp),
            None => "XP –".to_owned(),
        };
        let mut info = format!("{} {}  {xp}  Cool {}", gettext("Stress"), p.stress, card.cool);
        if let Some(s) = flying {
            let fate = match s.fate {
                Fate::Flying if s.left => gettext("home"),
                Fate::Flying => gettext("flying"),
                Fate::Aborted => gettext("aborted"),
                Fate::Down(_) => gettext("shot down"),
            };
            info.push_str(&format!("  · {fate}"));
        }
        fitted_left(cr, bx + bar_w + 2.0, y + 3.9, W - bar_w - 10.0, &info, Font::sans(2.4));
        y += 8.4;
    }
    Ok(())
}
