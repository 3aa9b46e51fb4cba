//! The printed Helicopter Info Card (digest 10.2), one per airframe: movement points by
//! altitude, the weapons with their ranges and arc colours, the damage tracks (the same boxes
//! as the card beside the map), a seat per crew position with its six hit locations, the
//! passenger boxes, the Cobra's rocket pairs and the strings.

use cairo::Context;

use crate::art::draw::{Font, Rgb, fitted_left};
use crate::art::sheet::{INK, Page, Table, heading, page_frame, tick};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::content::{HelicopterSpec, Position, data};
use crate::i18n::gettext;

use super::aids::STYLE;
use super::panel::{draw_tracks, weapon_label};
use super::tactical::ARC_COLOURS;

/// Every airframe's card: (type, number), in the order of `helicopters.toml`.
pub fn airframes() -> Vec<(&'static HelicopterSpec, u8)> {
    data()
        .helicopters
        .iter()
        .flat_map(|s| (1..=s.airframes).map(move |n| (s, n)))
        .collect()
}

pub fn draw_info_card(
    cr: &Context,
    page: Page,
    spec: &HelicopterSpec,
    number: u8,
) -> Result<(), cairo::Error> {
    let title = msg("Info Card: {helicopter}")
        .arg("helicopter", format!("{} #{number}", gettext(&spec.name)))
        .render();
    page_frame(cr, page, &STYLE, &title)?;
    let (x, w) = (10.0, page.w - 20.0);
    let mut y = 22.0;
    // Movement points by altitude.
    heading(cr, &STYLE, x, y, &gettext("Movement points"));
    let heads = [gettext("NOE"), gettext("Low"), gettext("Medium")];
    let rows = vec![vec![
        spec.mp.noe.to_string(),
        spec.mp.low.to_string(),
        spec.mp.medium.to_string(),
    ]];
    let grid = Table {
        x,
        y: y + 6.0,
        w: w * 0.45,
        row_h: 6.0,
        cols: &[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0],
        printed_cols: 3,
    };
    grid.draw(cr, &[&heads[0], &heads[1], &heads[2]], &rows)?;
    // Weapons beside it.
    let wx = x + w * 0.52;
    heading(cr, &STYLE, wx, y, &gettext("Weapons"));
    let mut wy = y + 6.5;
    for (k, weapon) in spec.weapons.iter().enumerate() {
        Rgb::hex(ARC_COLOURS[k % ARC_COLOURS.len()]).set(cr);
        cr.rectangle(wx, wy + 0.6, 3.0, 3.0);
        cr.fill()?;
        INK.set(cr);
        let arc: Vec<String> = weapon.arc.iter().map(u8::to_string).collect();
        let line = msg("{weapon}, arc {arc}, {operator}")
            .arg("weapon", weapon_label(weapon))
            .arg("arc", arc.join(","))
            .arg("operator", gettext(weapon.operator.name()))
            .render();
        fitted_left(cr, wx + 4.0, wy, w * 0.48 - 4.0, &line, Font::sans(3.2));
        wy += 4.6;
    }
    y = (y + 6.0 + 14.0 + 6.0).max(wy + 4.0);
    // Damage tracks.
    heading(cr, &STYLE, x, y, &gettext("Damage (white, yellow, red)"));
    y = draw_tracks(
        cr,
        spec,
        |_| 0,
        (x, x + 42.0),
        y + 6.5,
        (40.0, w - 44.0),
        5.6,
    )? + 3.0;
    // Crew positions, each with the six hit locations.
    heading(cr, &STYLE, x, y, &gettext("Crew"));
    y += 6.5;
    let locations = [
        gettext("Head"),
        gettext("Chest"),
        gettext("Abdomen"),
        gettext("Arm"),
        gettext("Leg"),
        gettext("Hand/Foot"),
    ];
    for position in spec.crew.iter().filter(|p| **p != Position::Nobody) {
        INK.set(cr);
        fitted_left(cr, x, y, 34.0, &gettext(position.name()), Font::bold(3.4));
        let mut tx = x + 36.0;
        for l in &locations {
            tx += tick(cr, tx, y, l, false)?;
        }
        y += 6.0;
    }
    y += 2.0;
    let mut row = |cr: &Context, label: String, n: u8| -> Result<(), cairo::Error> {
        if n == 0 {
            return Ok(());
        }
        INK.set(cr);
        fitted_left(cr, x, y, 40.0, &label, Font::bold(3.4));
        for k in 0..n {
            let per_row = 14;
            let (bx, by) = (
                x + 42.0 + f64::from(k % per_row) * 9.0,
                y + f64::from(k / per_row) * 6.0,
            );
            cr.rectangle(bx, by, 7.5, 4.8);
            cr.set_line_width(0.25);
            cr.stroke()?;
        }
        y += 6.0 * f64::from(n.div_ceil(14)) + 1.0;
        Ok(())
    };
    row(cr, gettext("Passengers"), spec.passenger_boxes)?;
    row(cr, gettext("Rocket pairs"), spec.rocket_pairs)?;
    row(cr, gettext("Strings"), spec.strings)?;
    Ok(())
}
