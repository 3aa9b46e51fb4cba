//! Search & Destroy as a [`Board`] for the game window: the map fitted to the window, the
//! counters of the side the window shows ([`View::seat`]), the hexes of the legal actions
//! highlighted, and the turn, phase and points beside it.

use std::cell::RefCell;

use cairo::{Context, Format, ImageSurface};

use super::counter::draw_counter;
use super::map::{centre, draw_map, hex_at, hex_path, size};
use super::sight::draw_sight;
use crate::art::board::{Board, View, fit, visible_part, window_ground};
use crate::art::draw::Rgb;
use crate::engine::message::{Message, msg};
use crate::games::search_destroy::rules::content::Side;
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};

/// The side a seat plays.
pub fn side_of(seat: u8) -> Side {
    if seat == 0 { Side::Us } else { Side::Nlf }
}

/// Draws the map and the counters as `side` may know them, in millimetres from the map's
/// corner; `targets` are hexes to highlight, `hovered` the one under the pointer.
pub fn draw_position(
    cr: &Context,
    game: &SearchDestroy,
    side: Side,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    draw_map(cr)?;
    draw_pieces(cr, game, side, targets, hovered)
}

/// What lies on the map as `side` may know it: the highlights, the landing snake and the
/// counters.
pub fn draw_pieces(
    cr: &Context,
    game: &SearchDestroy,
    side: Side,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    // Everything drawn comes from the side's own view, never from the state itself.
    let view = game.redacted(side);
    Rgb::hex(0xF5C518).set(cr);
    cr.set_line_width(0.6);
    for t in targets {
        if let Some(hex) = Hex::parse(t) {
            hex_path(cr, hex, 0.6);
        }
    }
    cr.stroke()?;
    if let Some(hex) = hovered.and_then(Hex::parse) {
        Rgb::hex(0xE65100).set(cr);
        cr.set_line_width(1.2);
        hex_path(cr, hex, 0.8);
        cr.stroke()?;
    }
    // The landing snake before the helicopters are down.
    if matches!(
        view.step,
        Step::Landing | Step::Commander | Step::LandingFire
    ) {
        for (i, &hex) in view.landing.iter().enumerate() {
            draw_helicopter(cr, hex, view.commander_hex == Some(hex), i + 1)?;
        }
    }
    draw_he_fire(cr, &view)?;
    draw_mines(cr, &view)?;
    let s = super::counter::SIZE * 0.78;
    for (hex, list) in stacks(&view, side) {
        let (cx, cy) = centre(hex);
        let n = list.len() as f64;
        for (k, &i) in list.iter().enumerate() {
            let off = (k as f64 - (n - 1.0) / 2.0) * 1.6;
            let u = &view.units[i];
            let secret = side == Side::Nlf && game.units[i].hidden();
            draw_counter(cr, u, cx - s / 2.0 + off, cy - s / 2.0 + off, s, secret)?;
            draw_vehicle_state(cr, &view, i, cx + off, cy + off, s)?;
        }
    }
    draw_casualty_tags(cr, &view, side, s)?;
    draw_parked_helicopters(cr, &view)?;
    Ok(())
}

/// Helicopter markers that stay on the map with the gun rule [26.4]: a rotor disc at the
/// hex's top right, over the counters, with the strength its guns may still fire. Set in
/// screen pixels like the casualty tags: 2.3 mm of map, but never under 8 pixels of radius,
/// and dark blue-grey, so that it stands out from the olive US counters at any zoom.
fn draw_parked_helicopters(cr: &Context, view: &SearchDestroy) -> Result<(), cairo::Error> {
    let (unit, _) = cr.user_to_device_distance(1.0, 0.0)?;
    let r = (2.3 * unit.abs()).max(8.0);
    cr.save()?;
    for (k, h) in view.helicopters_on_map() {
        let (cx, cy) = centre(h.hex);
        let (x, y) = cr.user_to_device(cx + 3.4, cy - 3.4);
        cr.identity_matrix();
        Rgb::hex(0x263238).with_alpha(cr, 0.92);
        cr.arc(x, y, r, 0.0, std::f64::consts::TAU);
        cr.fill()?;
        Rgb::hex(0xFFFFFF).set(cr);
        cr.set_line_width((r * 0.15).max(1.0));
        cr.move_to(x - r * 1.26, y - r * 0.6);
        cr.line_to(x + r * 1.26, y + r * 0.6);
        cr.move_to(x - r * 1.26, y + r * 0.6);
        cr.line_to(x + r * 1.26, y - r * 0.6);
        cr.stroke()?;
        let guns = view.gun_strength(k);
        if guns > 0 {
            cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
            cr.set_font_size(r * 1.1);
            let label = guns.to_string();
            let ext = cr.text_extents(&label)?;
            Rgb::hex(0xF5C518).set(cr);
            cr.move_to(
                x - ext.width() / 2.0 - ext.x_bearing(),
                y + ext.height() / 2.0,
            );
            cr.show_text(&label)?;
        }
        // Back to the map's millimetres for the next marker's place.
        cr.restore()?;
        cr.save()?;
    }
    cr.restore()
}

/// Anti-tank mine markers on the mine hexes a vehicle has found [22.33] (and, for the NLF, on
/// all its mines, paler where still secret): a dark diamond with "MINE" under the counters.
fn draw_mines(cr: &Context, view: &SearchDestroy) -> Result<(), cairo::Error> {
    let word = crate::i18n::gettext("MINE");
    for &hex in &view.vehicles.mines {
        let found = view.vehicles.found.contains(&hex);
        let (x, y) = centre(hex);
        let r = super::counter::SIZE * 0.62;
        cr.move_to(x, y - r);
        cr.line_to(x + r, y);
        cr.line_to(x, y + r);
        cr.line_to(x - r, y);
        cr.close_path();
        Rgb::hex(0x212121).with_alpha(cr, if found { 0.92 } else { 0.35 });
        cr.fill_preserve()?;
        Rgb::hex(0xFFC107).set(cr);
        cr.set_line_width(0.5);
        cr.stroke()?;
        Rgb::hex(0xFFC107).set(cr);
        let font = crate::art::draw::Font::bold(2.2);
        crate::art::draw::text(
            cr,
            x,
            y + r * 0.35,
            &word,
            &font,
            crate::art::draw::Align::Center,
        );
    }
    Ok(())
}

/// What a vehicle's counter alone does not say: how many ride in an APC ("+2"), and that a
/// vehicle is immobilized (a red bar and "i") [22.41, 22.5].
fn draw_vehicle_state(
    cr: &Context,
    view: &SearchDestroy,
    i: usize,
    cx: f64,
    cy: f64,
    s: f64,
) -> Result<(), cairo::Error> {
    if !view.is_vehicle(i) {
        return Ok(());
    }
    let riders = view.riders(i).len();
    let font = crate::art::draw::Font::bold(2.4);
    if riders > 0 {
        let (x, y) = (cx - s / 2.0, cy + s / 2.0 - 3.4);
        Rgb::hex(0x1B5E20).set(cr);
        cr.rectangle(x, y, 4.6, 3.4);
        cr.fill()?;
        Rgb::hex(0xFFFFFF).set(cr);
        crate::art::draw::text(
            cr,
            x + 2.3,
            y + 0.2,
            &format!("+{riders}"),
            &font,
            crate::art::draw::Align::Center,
        );
    }
    if view.immobilized(i) {
        let (x, y) = (cx + s / 2.0 - 3.4, cy + s / 2.0 - 3.4);
        Rgb::hex(0xC62828).set(cr);
        cr.rectangle(x, y, 3.4, 3.4);
        cr.fill()?;
        Rgb::hex(0xFFFFFF).set(cr);
        crate::art::draw::text(
            cr,
            x + 1.7,
            y + 0.2,
            "i",
            &font,
            crate::art::draw::Align::Center,
        );
    }
    Ok(())
}

/// The counters on the map as `view` shows them to `side`, by hex, bottom first: a carrier on
/// top of its load, the side's own on top of the other's face-up non-personnel.
fn stacks(view: &SearchDestroy, side: Side) -> Vec<(Hex, Vec<usize>)> {
    let mut stacks: Vec<(Hex, Vec<usize>)> = Vec::new();
    for (i, u) in view.units.iter().enumerate() {
        let Some(hex) = u.hex.filter(|_| u.on_map()) else {
            continue;
        };
        match stacks.iter_mut().find(|(h, _)| *h == hex) {
            Some((_, list)) => list.push(i),
            None => stacks.push((hex, vec![i])),
        }
    }
    for (_, list) in &mut stacks {
        // Casualty markers with a unit in their hex are drawn as a tag beside it
        // ([`draw_casualty_tags`]), so that the unit stays in sight [20.0].
        if list.iter().any(|&i| !view.is_casualty(i)) {
            list.retain(|&i| !view.is_casualty(i));
        }
        list.sort_by_key(|&i| {
            (
                view.units[i].side == side,
                view.units[i].carrying.is_some(),
                i,
            )
        });
    }
    stacks
}

/// The casualty markers that share a hex with a unit: one red tag under the unit's counter,
/// "2 KIA · 1 WIA" [20.0], at a size read on screen whatever the map's.
fn draw_casualty_tags(
    cr: &Context,
    view: &SearchDestroy,
    side: Side,
    s: f64,
) -> Result<(), cairo::Error> {
    let shown: Vec<usize> = stacks(view, side)
        .into_iter()
        .flat_map(|(_, list)| list)
        .collect();
    let mut tags: Vec<(Hex, usize, usize)> = Vec::new();
    for (i, u) in view.units.iter().enumerate() {
        let Some(hex) = u.hex.filter(|_| u.on_map() && view.is_casualty(i)) else {
            continue;
        };
        if shown.contains(&i) {
            continue;
        }
        let killed = usize::from(u.is("us_killed") || u.is("nlf_killed"));
        match tags.iter_mut().find(|(h, _, _)| *h == hex) {
            Some((_, k, w)) => {
                *k += killed;
                *w += 1 - killed;
            }
            None => tags.push((hex, killed, 1 - killed)),
        }
    }
    // The tag is set in device pixels: 2.6 mm of the map, but never under 11 pixels, so
    // that it reads at the zoom that shows the whole map (where 2.6 mm is 4 pixels).
    let (unit, _) = cr.user_to_device_distance(1.0, 0.0)?;
    let font = (2.6 * unit.abs()).max(11.0);
    let pad = font * 0.3;
    cr.save()?;
    cr.identity_matrix();
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(font);
    for (hex, killed, wounded) in tags {
        let mut parts = Vec::new();
        if killed > 0 {
            parts.push(format!("{killed} KIA"));
        }
        if wounded > 0 {
            parts.push(format!("{wounded} WIA"));
        }
        let text = parts.join(" · ");
        let (cx, cy) = centre(hex);
        let (cx, bottom) = cr.user_to_device(cx, cy + s / 2.0);
        let ext = cr.text_extents(&text)?;
        let (w, h) = (ext.x_advance() + 2.0 * pad, font * 1.38);
        let (left, top) = ((cx - w / 2.0).round(), (bottom - font * 0.23).round());
        Rgb::hex(0xB3261E).set(cr);
        cr.rectangle(left, top, w, h);
        cr.fill()?;
        Rgb::hex(0xFFFFFF).set(cr);
        cr.set_line_width(1.0);
        cr.rectangle(left, top, w, h);
        cr.stroke()?;
        cr.move_to(left + pad, top + font * 1.04);
        cr.show_text(&text)?;
    }
    cr.restore()
}

/// Labels on counters, by unit number, on the top counter of each stack, one line each, at a
/// size read on screen whatever the map's: `scale` pixels per millimetre of the map, drawn
/// from (`x`, `y`).
fn draw_badges_on(
    cr: &Context,
    game: &SearchDestroy,
    side: Side,
    badges: &[(String, String)],
    (scale, x, y): (f64, f64, f64),
) -> Result<(), cairo::Error> {
    let view = game.redacted(side);
    let s = super::counter::SIZE * 0.78;
    for (hex, list) in stacks(&view, side) {
        let (cx, cy) = centre(hex);
        let top = (list.len() as f64 - 1.0) / 2.0 * 1.6;
        let labels = list
            .iter()
            .filter_map(|i| badges.iter().find(|(id, _)| *id == i.to_string()));
        for (k, (_, text)) in labels.enumerate() {
            let (bx, by) = (cx + s / 2.0 + top, cy - s / 2.0 + top);
            draw_badge(cr, text, x + bx * scale, y + by * scale, k)?;
        }
    }
    Ok(())
}

/// A small label at a counter's top right corner (`x`, `y`), the `k`th of its stack: white on
/// dark, readable on any counter, 10 pixels high at every zoom, and set up and to the right of
/// the corner so that it covers the counter as little as it can (at 244 % a label that grew
/// with the board hid its counter whole).
fn draw_badge(cr: &Context, text: &str, x: f64, y: f64, k: usize) -> Result<(), cairo::Error> {
    let (x, y) = cr.user_to_device(x, y);
    cr.save()?;
    cr.identity_matrix();
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(10.0);
    let extents = cr.text_extents(text)?;
    let (w, h) = (extents.x_advance() + 6.0, 13.0);
    let (left, top) = (x - 3.0, y - h + 3.0 + k as f64 * h);
    cr.rectangle(left, top, w, h);
    cr.set_source_rgba(0.1, 0.1, 0.35, 0.88);
    cr.fill()?;
    cr.set_source_rgb(1.0, 1.0, 1.0);
    cr.move_to(left + 3.0, top + 10.0);
    cr.show_text(text)?;
    cr.restore()
}

/// HE fire of this Combat Phase [21.0]: the hexes under fire shaded, each impact marker as a
/// red cross (hollow where it was aimed, solid where it came down).
fn draw_he_fire(cr: &Context, view: &SearchDestroy) -> Result<(), cairo::Error> {
    if view.he_fire.impacts.is_empty() && view.vehicles.turret.is_empty() {
        return Ok(());
    }
    Rgb::hex(0xC62828).with_alpha(cr, 0.18);
    for hex in view.he_strengths().keys() {
        hex_path(cr, *hex, 0.95);
        cr.fill()?;
    }
    cr.set_line_width(1.4);
    for imp in &view.he_fire.impacts {
        for (hex, alpha) in [(Some(imp.aimed), 0.45), (imp.hex, 0.95)] {
            let Some(hex) = hex else { continue };
            let (x, y) = centre(hex);
            Rgb::hex(0xB71C1C).with_alpha(cr, alpha);
            cr.move_to(x - 6.0, y - 6.0);
            cr.line_to(x + 6.0, y + 6.0);
            cr.move_to(x + 6.0, y - 6.0);
            cr.line_to(x - 6.0, y + 6.0);
            cr.stroke()?;
        }
    }
    Ok(())
}

fn draw_helicopter(cr: &Context, hex: Hex, commander: bool, n: usize) -> Result<(), cairo::Error> {
    let (x, y) = centre(hex);
    Rgb::hex(0x3C4A2A).with_alpha(cr, 0.85);
    cr.arc(x, y, 4.0, 0.0, std::f64::consts::TAU);
    cr.fill()?;
    Rgb::hex(0xFFFFFF).set(cr);
    cr.set_line_width(0.5);
    cr.move_to(x - 5.0, y - 2.5);
    cr.line_to(x + 5.0, y + 2.5);
    cr.move_to(x - 5.0, y + 2.5);
    cr.line_to(x + 5.0, y - 2.5);
    cr.stroke()?;
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(3.0);
    let label = if commander {
        "CC".to_owned()
    } else {
        n.to_string()
    };
    let ext = cr.text_extents(&label)?;
    cr.move_to(x - ext.width() / 2.0, y + 1.1);
    cr.show_text(&label)
}

/// The two hexes of the line-of-sight tool's line, if both are hexes of the map.
fn sight_hexes(view: &View) -> Option<(Hex, Hex)> {
    let (from, to) = view.sight.as_ref()?;
    let map = &crate::games::search_destroy::rules::content::data().map;
    let (from, to) = (Hex::parse(from)?, Hex::parse(to)?);
    (map.contains(from) && map.contains(to)).then_some((from, to))
}

/// Where the map sits in the window: (scale in px per mm, x, y), its corner on whole pixels
/// so that the map's bitmap is copied pixel for pixel.
fn placement(view: &View) -> (f64, f64, f64) {
    let (w, h) = size();
    let (scale, x, y) = fit(view, w, h);
    (scale, x.round(), y.round())
}

/// The printed map as the window last drew it: terrain, roads, hexsides and numbers do not
/// change in play, so they are drawn again only for a new size, zoom or part in view.
struct MapBitmap {
    size: (i32, i32),
    /// The part of the `size` map the bitmap holds: left, top, width, height in pixels.
    part: (i32, i32, i32, i32),
    ground: f64,
    surface: ImageSurface,
}

thread_local! {
    /// Drawing happens on the GTK thread; the bitmap lives as long as it does.
    static MAP: RefCell<Option<MapBitmap>> = const { RefCell::new(None) };
}

/// Copies the map's bitmap for a context at the map's corner, in view pixels with `ratio`
/// device pixels each, drawing it first when the size or part in view changed.
fn paint_map(cr: &Context, scale: f64, ratio: f64, ground: f64) -> Result<(), cairo::Error> {
    let (w, h) = size();
    let size = (
        (w * scale * ratio).ceil().max(1.0) as i32,
        (h * scale * ratio).ceil().max(1.0) as i32,
    );
    let part = visible_part(cr, ratio, size);
    MAP.with(|cell| {
        let mut cache = cell.borrow_mut();
        let fresh = cache
            .as_ref()
            .is_some_and(|m| m.size == size && m.part == part && m.ground == ground);
        if !fresh {
            let surface = ImageSurface::create(Format::Rgb24, part.2, part.3)?;
            let bc = Context::new(&surface)?;
            bc.set_source_rgb(ground, ground, ground);
            bc.paint()?;
            bc.translate(-f64::from(part.0), -f64::from(part.1));
            bc.scale(scale * ratio, scale * ratio);
            draw_map(&bc)?;
            drop(bc);
            *cache = Some(MapBitmap {
                size,
                part,
                ground,
                surface,
            });
        }
        let Some(map) = cache.as_ref() else {
            return Ok(());
        };
        cr.save()?;
        cr.translate(f64::from(part.0) / ratio, f64::from(part.1) / ratio);
        cr.scale(1.0 / ratio, 1.0 / ratio);
        cr.set_source_surface(&map.surface, 0.0, 0.0)?;
        // Whole device pixels: a plain copy, not a resampling.
        cr.source().set_filter(cairo::Filter::Nearest);
        cr.paint()?;
        cr.restore()
    })
}

impl Board for SearchDestroy {
    /// The map from its bitmap, then the pieces drawn afresh: the same painters as on paper
    /// ([`draw_position`]), the map's only kept between frames.
    fn draw_board(&self, cr: &Context, view: &View) -> Result<(), cairo::Error> {
        let ground = window_ground(view);
        cr.set_source_rgb(ground, ground, ground);
        cr.paint()?;
        let (scale, x, y) = placement(view);
        let ratio = if view.scale_factor > 0.0 {
            view.scale_factor
        } else {
            1.0
        };
        cr.save()?;
        cr.translate(x, y);
        let drawn = paint_map(cr, scale, ratio, ground).and_then(|()| {
            cr.scale(scale, scale);
            draw_pieces(
                cr,
                self,
                side_of(view.seat),
                &view.targets,
                view.hovered.as_deref(),
            )?;
            match sight_hexes(view) {
                Some((from, to)) => draw_sight(cr, &self.redacted(side_of(view.seat)), from, to),
                None => Ok(()),
            }
        });
        cr.restore()?;
        drawn
    }

    fn draw_badges(
        &self,
        cr: &Context,
        view: &View,
        badges: &[(String, String)],
    ) -> Result<(), cairo::Error> {
        if badges.is_empty() {
            return Ok(());
        }
        draw_badges_on(cr, self, side_of(view.seat), badges, placement(view))
    }

    fn offers_sight(&self) -> bool {
        true
    }

    fn place_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        let (scale, ox, oy) = placement(view);
        hex_at((x - ox) / scale, (y - oy) / scale).map(|h| h.to_string())
    }

    /// Asked of the seat's own view: what it does not know cannot colour the answer.
    fn sight_verdict(&self, view: &View) -> Option<Message> {
        let (from, to) = sight_hexes(view)?;
        Some(
            self.redacted(side_of(view.seat))
                .sighting(from, to)
                .sentence(),
        )
    }

    fn target_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        self.place_at(view, x, y)
            .filter(|hex| view.targets.contains(hex))
    }

    fn status(&self) -> Vec<(Message, String)> {
        let phase = match self.step {
            Step::Setup => msg("NLF setup"),
            Step::Boarding | Step::Landing | Step::Commander | Step::LandingFire => {
                msg("Helicopter landing")
            }
            Step::SupplyFire => msg("Ammunition supply flight"),
            Step::Movement(side) => msg("{side} Movement Phase").term("side", side.name()),
            Step::Probe => msg("US probe"),
            Step::Surprise => msg("US Search Phase"),
            Step::Hiding => msg("NLF hiding"),
            Step::Interrogation => msg("US interrogation"),
            Step::HeFire => msg("US HE fire"),
            Step::Vehicles => msg("APC hit: passengers get out"),
            Step::Plot(side) => {
                msg("{side} plot (simultaneous movement)").term("side", side.name())
            }
            Step::Combat(side) | Step::Retreat { combat: side, .. } => {
                msg("{side} Combat Phase").term("side", side.name())
            }
            Step::Over => msg("The game is over"),
        };
        vec![
            (
                msg("Game-Turn"),
                format!("{} / {}", self.turn, self.last_turn),
            ),
            (msg("Phase"), phase.render()),
            (msg("US points"), self.points[0].to_string()),
            (msg("NLF points"), self.points[1].to_string()),
        ]
        .into_iter()
        .chain(self.casualty_status())
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    fn png(game: &SearchDestroy, seat: u8) -> Vec<u8> {
        png_with_sight(game, seat, None)
    }

    fn png_with_sight(game: &SearchDestroy, seat: u8, sight: Option<(Hex, Hex)>) -> Vec<u8> {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 700, 600).unwrap();
        let cr = Context::new(&surface).unwrap();
        let view = View {
            width: 700.0,
            height: 600.0,
            seat,
            sight: sight.map(|(a, b)| (a.to_string(), b.to_string())),
            ..View::default()
        };
        game.draw_board(&cr, &view).unwrap();
        drop(cr);
        let mut out = Vec::new();
        surface.write_to_png(&mut out).unwrap();
        out
    }

    #[test]
    fn the_us_drawing_is_the_same_whatever_the_backs_hide() {
        // Two positions that differ only in what the face-down counters are draw the same
        // for the US and differently for the NLF.
        let mut g = SearchDestroy::new("basic", 4).unwrap();
        while g.step == Step::Setup {
            let a = g.legal_actions()[g.units.len() % 7].clone();
            g.apply(&a).unwrap();
        }
        let mut swapped = g.clone();
        let hidden: Vec<usize> = (0..g.units.len())
            .filter(|&i| g.units[i].hidden())
            .collect();
        let first_kind = swapped.units[hidden[0]].kind;
        let other = hidden
            .iter()
            .copied()
            .find(|&i| g.units[i].kind != first_kind)
            .unwrap();
        swapped.units[hidden[0]].kind = g.units[other].kind;
        swapped.units[other].kind = first_kind;
        assert_eq!(png(&g, 0), png(&swapped, 0));
        assert_ne!(png(&g, 1), png(&swapped, 1));
        // The line-of-sight tool's line over a face-down counter: drawn, and the same for
        // the US whatever the counter is.
        let hex = g.units[hidden[0]].hex.unwrap();
        let line = Some((
            Hex::new(hex.col, hex.row.saturating_sub(3).max(1)),
            Hex::new(hex.col, hex.row + 3),
        ));
        let with_line = png_with_sight(&g, 0, line);
        assert_ne!(with_line, png(&g, 0));
        assert_eq!(with_line, png_with_sight(&swapped, 0, line));
    }

    #[test]
    fn a_casualty_tag_reads_when_the_whole_map_is_shown() {
        // A Wounded marker beside an NLF unit, the map fitted into 700 × 600 pixels (where
        // 2.6 mm of map is about 4 pixels): the tag is still a readable red band [20.0].
        use crate::games::search_destroy::rules::content::data;
        use crate::games::search_destroy::rules::state::Unit;
        let mut g = SearchDestroy::new("basic", 4).unwrap();
        while g.step == Step::Setup {
            let a = g.legal_actions()[g.units.len() % 7].clone();
            g.apply(&a).unwrap();
        }
        let beside = g
            .units
            .iter()
            .find(|u| u.side == Side::Nlf && u.on_map())
            .and_then(|u| u.hex)
            .expect("an NLF unit on the map");
        let kind = data().counter_index("nlf_wounded").unwrap();
        let mut marker = Unit::new(kind as u16, Side::Nlf);
        marker.face_up = true;
        marker.hex = Some(beside);
        g.units.push(marker);
        let mut image = ImageSurface::create_from_png(&mut png(&g, 0).as_slice()).unwrap();
        let pixels = image.data().unwrap();
        // Cairo keeps a pixel as one native-endian 0xAARRGGBB word.
        let tag = pixels
            .chunks_exact(4)
            .filter(|p| u32::from_ne_bytes([p[0], p[1], p[2], p[3]]) == 0xFFB3261E)
            .count();
        assert!(tag > 300, "the tag's red band covers {tag} pixels");
    }

    #[test]
    fn a_click_finds_the_targets_hex() {
        let g = SearchDestroy::new("basic", 4).unwrap();
        let view = View {
            width: 800.0,
            height: 700.0,
            targets: vec!["1010".to_owned()],
            ..View::default()
        };
        let (scale, ox, oy) = placement(&view);
        let (x, y) = centre(Hex::parse("1010").unwrap());
        assert_eq!(
            g.target_at(&view, ox + x * scale, oy + y * scale),
            Some("1010".to_owned())
        );
        let (x, y) = centre(Hex::parse("1011").unwrap());
        assert_eq!(g.target_at(&view, ox + x * scale, oy + y * scale), None);
    }

    /// The pixels a badge covers, drawn at (20, 30) under a board zoomed by `zoom`.
    fn badge_pixels(zoom: f64) -> usize {
        let mut surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 400, 300).unwrap();
        {
            let cr = Context::new(&surface).unwrap();
            cr.scale(zoom, zoom);
            draw_badge(&cr, "48 %", 20.0 / zoom, 30.0 / zoom, 0).unwrap();
        }
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        (0..300)
            .flat_map(|y| (0..400).map(move |x| y * stride + x * 4 + 3))
            .filter(|&alpha| data[alpha] != 0)
            .count()
    }

    #[test]
    fn a_badge_keeps_its_size_when_the_board_is_zoomed() {
        let plain = badge_pixels(1.0);
        assert!(plain > 300, "a badge is drawn: {plain} pixels");
        assert_eq!(badge_pixels(2.44), plain);
    }
}
