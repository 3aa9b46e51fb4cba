//! The player aid cards of the optional rules [16.0-28.0]: every table the optional modules
//! keep in the content (units of fire, the casualty table, helicopter guns, HE fire, tanks and
//! APCs, interrogation), read from the loaded data, each under its module's name, section and
//! "(optional rule)". The modules without a table of their own (improved positions, movement
//! and fire, ambush, simultaneous movement) have nothing to print here.

use cairo::Context;

use super::aids::{STYLE, crt_table, note};
use super::map::{SIDE, centre, hex_path};
use crate::art::draw::Rgb;
use crate::art::sheet::{INK, MARGIN, Page, Table, heading, page_frame};
use crate::engine::content::Source;
use crate::engine::message::{msg, msg_n};
use crate::games::search_destroy::rules::casualties::CasualtyCell;
use crate::games::search_destroy::rules::content::data;
use crate::games::search_destroy::rules::crt::Crt;
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::interrogation::Answer;
use crate::games::search_destroy::rules::options::optional_rules;
use crate::games::search_destroy::rules::vehicles::{Hit, Weapon};
use crate::i18n::gettext;

/// How many optional-rule cards there are.
pub const CARDS: usize = 3;

/// Draws optional-rule card `index` (0 .. [`CARDS`]).
pub fn draw_optional(cr: &Context, index: usize, page: Page) -> Result<(), cairo::Error> {
    match index {
        0 => fire_card(cr, page),
        1 => support_card(cr, page),
        _ => interrogation_card(cr, page),
    }
}

/// A module's heading: its name, its section and "(optional rule)".
fn module_heading(cr: &Context, x: f64, y: f64, rule: &str) {
    let name = optional_rules()
        .into_iter()
        .find(|o| o.rule == rule)
        .map_or_else(|| msg("Tanks and APCs"), |o| o.title);
    let title = msg("{name} [{rule}] (optional rule)")
        .message("name", name)
        .arg("rule", rule.to_owned())
        .render();
    heading(cr, &STYLE, x, y, &title);
}

/// A counter's name in the reader's language, from its id.
fn counter_name(id: &str) -> String {
    data()
        .counter(id)
        .map_or_else(|| id.to_owned(), |c| gettext(&c.name))
}

/// A two-column table of labelled numbers; returns its height.
fn numbers(
    cr: &Context,
    x: f64,
    y: f64,
    w: f64,
    rows: Vec<(String, String)>,
) -> Result<f64, cairo::Error> {
    let rows: Vec<Vec<String>> = rows.into_iter().map(|(l, v)| vec![l, v]).collect();
    Table {
        x,
        y,
        w,
        row_h: 5.5,
        cols: &[0.82, 0.18],
        printed_cols: 2,
    }
    .draw(cr, &[&gettext("Value"), ""], &rows)
}

/// A cell of the casualty table in the data's notation: h, — or P, then the markers.
fn casualty_text(cell: CasualtyCell) -> String {
    let mut parts = Vec::new();
    if cell.helicopter {
        parts.push("h".to_owned());
    }
    parts.push(if cell.pinned { "P" } else { "—" }.to_owned());
    let mut markers = String::new();
    match cell.killed {
        0 => {}
        1 => markers.push('K'),
        n => markers.push_str(&format!("{n}K")),
    }
    match cell.wounded {
        0 => {}
        1 => markers.push('W'),
        n => markers.push_str(&format!("{n}W")),
    }
    if !markers.is_empty() {
        parts.push(markers);
    }
    parts.join(" ")
}

/// Increased fire rate [19.0], the casualty table [20.0] and helicopter guns [26.0].
fn fire_card(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Optional rules: fire"))?;
    let c = data();
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;

    module_heading(cr, x, y, "19.0");
    y += 6.0;
    let u = &c.units_of_fire;
    y += numbers(
        cr,
        x,
        y,
        w * 0.7,
        vec![
            (
                gettext("Units of fire of a US infantry unit at the start"),
                u.us_infantry.to_string(),
            ),
            (
                gettext("Units of fire of an NLF combat unit at the start"),
                u.nlf.to_string(),
            ),
            (
                gettext("Units of fire in one US Ammunition Supply"),
                u.supply.to_string(),
            ),
            (
                gettext("US Ammunition Supply counters"),
                u.supply_counters.to_string(),
            ),
            (
                gettext("Greatest distance between one unit's two targets (hexes)"),
                u.split_distance.to_string(),
            ),
        ],
    )?;
    if u.source == Source::Recon {
        y += 1.5;
        y += note(cr, x, y, w, &gettext("Reconstructed in part (RECON)."));
    }
    y += 6.0;

    module_heading(cr, x, y, "20.0");
    y += 6.0;
    let t = &c.casualties;
    y += crt_table(
        cr,
        (x, y, w, 6.5),
        |roll, col| casualty_text(t.cell(col, roll)),
        |roll| t.row_source(roll),
    )?;
    y += 2.0;
    let names = |ids: &[String]| -> String {
        ids.iter()
            .map(|id| counter_name(id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let lines = [
        gettext(
            "Used instead of the points table, with the same odds. P: every unit in the hex is pinned; W: one Wounded marker, K: one Killed marker, 2K: two; h: a helicopter fired at is shot down. Rolls of 7 and 8 need the +2 of a surprise attack, a trap or an ambush. Shaded rows are reconstructed (RECON).",
        ),
        msg("Removed by their first casualty: {units}.")
            .arg("units", names(&t.removed_at_first))
            .render(),
        msg("Take one casualty at most: {units}.")
            .arg("units", names(&t.one_only))
            .render(),
        msg("May carry US casualties: {units}.")
            .arg("units", names(&t.us_carriers))
            .render(),
        msg_n(
            "A MEDEVAC helicopter lifts {n} marker from its hex.",
            "A MEDEVAC helicopter lifts {n} markers from its hex.",
            t.medevac_lift,
        )
        .arg("n", t.medevac_lift)
        .render(),
    ];
    for l in &lines {
        y += note(cr, x, y, w, l) + 1.5;
    }
    y += 5.0;

    module_heading(cr, x, y, "26.0");
    y += 6.0;
    let g = &c.helicopter_guns;
    numbers(
        cr,
        x,
        y,
        w * 0.7,
        vec![
            (
                gettext("Attack strength of each troop helicopter, in the game-turn it lands"),
                g.troops.to_string(),
            ),
            (
                gettext("Attack strength of the Cobras escorting a MEDEVAC or supply flight"),
                g.cobra.to_string(),
            ),
            (
                gettext("Game-turns in which the Cobras may fire, the flight's included"),
                g.cobra_game_turns.to_string(),
            ),
        ],
    )?;
    Ok(())
}

/// An HE pattern drawn as its hexes around the impact hex (dark), in a box `w` × `h`.
/// The hexes of an HE pattern around its impact hex (the impact marked), and the box of
/// their centres (left, right, top, bottom).
fn pattern_hexes(
    steps: &[Vec<crate::games::search_destroy::rules::hex::Dir>],
) -> (Vec<(Hex, bool)>, [f64; 4]) {
    let impact = Hex::new(12, 12);
    let hexes: Vec<(Hex, bool)> = steps
        .iter()
        .filter_map(|path| {
            path.iter()
                .try_fold(impact, |h, &d| h.step(d))
                .map(|h| (h, path.is_empty()))
        })
        .collect();
    let mut bounds = [f64::MAX, f64::MIN, f64::MAX, f64::MIN];
    for (h, _) in &hexes {
        let (cx, cy) = centre(*h);
        bounds = [
            bounds[0].min(cx),
            bounds[1].max(cx),
            bounds[2].min(cy),
            bounds[3].max(cy),
        ];
    }
    (hexes, bounds)
}

/// The largest scale at which a pattern's hexes fit a `w` × `h` box.
fn pattern_scale(
    steps: &[Vec<crate::games::search_destroy::rules::hex::Dir>],
    w: f64,
    h: f64,
) -> f64 {
    let (_, [x0, x1, y0, y1]) = pattern_hexes(steps);
    (w / (x1 - x0 + 2.0 * SIDE)).min(h / (y1 - y0 + 2.0 * SIDE))
}

/// An HE pattern drawn at scale `k`, centred in the box at (`x`, `y`) of `w` × `h`.
fn pattern_diagram(
    cr: &Context,
    (x, y, w, h): (f64, f64, f64, f64),
    k: f64,
    steps: &[Vec<crate::games::search_destroy::rules::hex::Dir>],
) -> Result<(), cairo::Error> {
    let (hexes, [x0, x1, y0, y1]) = pattern_hexes(steps);
    cr.save()?;
    cr.translate(x + w / 2.0, y + h / 2.0);
    cr.scale(k, k);
    cr.translate(-(x0 + x1) / 2.0, -(y0 + y1) / 2.0);
    cr.set_line_width(0.25 / k);
    for (hex, is_impact) in &hexes {
        hex_path(cr, *hex, 0.4);
        if *is_impact {
            INK
        } else {
            Rgb(0.86, 0.80, 0.70)
        }
        .set(cr);
        cr.fill_preserve()?;
        INK.set(cr);
        cr.stroke()?;
    }
    cr.restore()
}

/// HE fire [21.0], tanks and APCs [22.0].
fn support_card(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(
        cr,
        page,
        &STYLE,
        &gettext("Optional rules: HE fire and vehicles"),
    )?;
    let c = data();
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;

    module_heading(cr, x, y, "21.0");
    y += 6.0;
    let he = &c.he_fire;
    let left = w * 0.56;
    let strengths_h = numbers(
        cr,
        x,
        y,
        left,
        vec![
            (
                gettext("Artillery strength per hex"),
                he.artillery.to_string(),
            ),
            (
                gettext("Artillery strength per hex, battery split"),
                he.artillery_split.to_string(),
            ),
            (
                gettext("Greatest distance between a split battery's impacts (hexes)"),
                he.split_distance.to_string(),
            ),
            (
                gettext("Air strike strength per hex"),
                he.air_strike.to_string(),
            ),
            (
                gettext("Points to the NLF for each battery called"),
                he.battery_points.to_string(),
            ),
            (
                gettext("Points to the NLF for each air strike called"),
                he.air_strike_points.to_string(),
            ),
        ],
    )?;
    // The HE Delayed Arrival Table beside the numbers.
    let dx = x + left + 6.0;
    let delay: Vec<Vec<String>> = he
        .delay
        .iter()
        .enumerate()
        .map(|(i, d)| vec![(i + 1).to_string(), d.to_string()])
        .collect();
    let delay_h = Table {
        x: dx,
        y,
        w: w - left - 6.0,
        row_h: 5.0,
        cols: &[0.35, 0.65],
        printed_cols: 2,
    }
    .draw(
        cr,
        &[&gettext("Die"), &gettext("Delay (game-turns) [21.58]")],
        &delay,
    )?;
    y += strengths_h.max(delay_h) + 3.0;
    // The patterns, drawn.
    let patterns: Vec<_> = std::iter::once(&he.artillery_pattern)
        .chain(he.air_patterns.iter())
        .collect();
    let box_w = w / patterns.len() as f64;
    let box_h = 30.0;
    // One scale for all, so that the patterns compare at a glance.
    let k = patterns
        .iter()
        .map(|p| pattern_scale(&p.steps, box_w - 4.0, box_h))
        .fold(f64::MAX, f64::min);
    for (i, p) in patterns.iter().enumerate() {
        let bx = x + box_w * i as f64;
        INK.set(cr);
        let name = gettext(&p.name);
        let font = crate::art::draw::fit_font(
            cr,
            &name,
            crate::art::draw::condensed(3.0, true),
            box_w - 2.0,
        );
        crate::art::draw::text(
            cr,
            bx + box_w / 2.0,
            y,
            &name,
            &font,
            crate::art::draw::Align::Center,
        );
        pattern_diagram(cr, (bx + 2.0, y + 5.0, box_w - 4.0, box_h), k, &p.steps)?;
    }
    y += box_h + 7.0;
    y += note(
        cr,
        x,
        y,
        w,
        &gettext(
            "Dark: the impact hex. The artillery pattern never turns; the US turns an air strike's pattern to face any direction. The air strike patterns are reconstructed (RECON).",
        ),
    ) + 5.0;

    module_heading(cr, x, y, "22.0");
    y += 6.0;
    let v = &c.vehicles;
    let numbers_h = numbers(
        cr,
        x,
        y,
        left,
        vec![
            (
                gettext("Most movement points a vehicle may spend and still fire"),
                v.fire_mp.to_string(),
            ),
            (gettext("Tank turret gun strength"), v.turret.to_string()),
            (gettext("NLF mines"), v.mines.to_string()),
            (
                gettext("Odds of the attack on each passenger of a hit APC"),
                Crt::COLUMNS[v.passenger_column].to_string(),
            ),
            (
                gettext("Movement points a unit pays to board or leave an APC"),
                v.embark_unit.to_string(),
            ),
            (
                gettext("Movement points the APC pays for it"),
                v.embark_apc.to_string(),
            ),
            (gettext("Squads one APC carries"), v.apc_squads.to_string()),
        ],
    )?;
    let hit = |h: &Hit| match h {
        Hit::None => "—".to_owned(),
        Hit::Immobilized => gettext("Immobilized"),
        Hit::Destroyed => gettext("Destroyed"),
    };
    let defense: Vec<Vec<String>> = v
        .defense
        .iter()
        .enumerate()
        .map(|(i, h)| vec![(i + 1).to_string(), hit(h)])
        .collect();
    let defense_h = Table {
        x: dx,
        y,
        w: w - left - 6.0,
        row_h: 5.0,
        cols: &[0.25, 0.75],
        printed_cols: 2,
    }
    .draw(
        cr,
        &[&gettext("Die"), &gettext("Vehicle Defense Table [22.4]")],
        &defense,
    )?;
    y += numbers_h.max(defense_h) + 3.0;
    let modifiers: Vec<Vec<String>> = v
        .modifiers
        .iter()
        .map(|(weapon, vehicle, add)| {
            let weapon = match weapon {
                Weapon::Mine => gettext("Mine"),
                Weapon::Rpg => gettext("RPG-7"),
            };
            vec![weapon, counter_name(vehicle), format!("+{add}")]
        })
        .collect();
    Table {
        x,
        y,
        w: left,
        row_h: 5.0,
        cols: &[0.4, 0.4, 0.2],
        printed_cols: 3,
    }
    .draw(
        cr,
        &[
            &gettext("Weapon"),
            &gettext("Against"),
            &gettext("Added to the die"),
        ],
        &modifiers,
    )?;
    Ok(())
}

/// Interrogation [23.0]: what a peasant says, by the die and the attempt.
fn interrogation_card(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Optional rules: interrogation"))?;
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;
    module_heading(cr, x, y, "23.0");
    y += 6.0;
    let q = &data().interrogation;
    let answer = |a: &Answer| match a {
        Answer::Nothing => "—".to_owned(),
        Answer::Wounded => gettext("Peasant wounded"),
        Answer::Killed => gettext("Peasant killed"),
        Answer::Caches(caches) => caches
            .iter()
            .map(|k| counter_name(k.id()))
            .collect::<Vec<_>>()
            .join(" / "),
    };
    let rows: Vec<Vec<String>> = (1..=6u8)
        .map(|die| {
            let mut row = vec![die.to_string()];
            row.extend((1..=3u8).map(|attempt| answer(q.answer(die, attempt))));
            row
        })
        .collect();
    y += Table {
        x,
        y,
        w,
        row_h: 6.0,
        cols: &[0.1, 0.3, 0.3, 0.3],
        printed_cols: 4,
    }
    .draw(
        cr,
        &[
            &gettext("Die"),
            &gettext("First attempt"),
            &gettext("Second attempt"),
            &gettext("Third attempt"),
        ],
        &rows,
    )?;
    y += 2.0;
    let points = msg("Points to the NLF: {wounded} for a peasant wounded, {killed} for a peasant killed, {porter} for a porter hurt (eliminated). A cache named: the NLF shows one of that kind, the US picks which kind where several are named.")
        .arg("wounded", q.peasant_wounded)
        .arg("killed", q.peasant_killed)
        .arg("porter", q.porter)
        .render();
    note(cr, x, y, w, &points);
    Ok(())
}
