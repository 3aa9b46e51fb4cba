//! Skyhawk as a [`Board`] for the game window: the map and the Mission Record Card side by
//! side, fitted to the view. The drawing of a scene is kept as a bitmap at the window's
//! resolution and only copied while the scene stays the same; the highlights of the targets
//! and the hovered one are drawn live on top.

use std::cell::RefCell;

use cairo::{Context, Format, ImageSurface};

use super::map::{MAP_H, MAP_W, draw_map, draw_nv_box, draw_pieces, draw_sheet, nv_rect};
use super::pages::{SheetPage, draw_sheet_of, sheet_pages};
use super::palette;
use super::record_card::{CARD, draw_record_card};
use super::scene::{BoardScene, board_scene, planning};
use crate::art::board::{Board, View, fit};
use crate::art::draw::rounded_rect;
use crate::art::geometry::Rect;
use crate::engine::game::Game;
use crate::engine::message::{Message, msg};
use crate::games::skyhawk::rules::content::NvBoxKind;
use crate::games::skyhawk::rules::state::{Ending, Skyhawk};
use crate::i18n::gettext;

/// Gap between the map and the card.
const GAP: f64 = 6.0;
/// Left edge of the card on the board.
pub const CARD_X: f64 = MAP_W + GAP;
/// The whole board in millimetres.
pub const BOARD_W: f64 = CARD_X + CARD.w;
pub const BOARD_H: f64 = MAP_H;
/// The part of the board a zoom shows around the point clicked (the window enlarges a zoom
/// to about 360 px: the whole A4 card would come out smaller than on the board).
pub const LENS_W: f64 = 84.0;
pub const LENS_H: f64 = 60.0;

/// Draws the map and the card side by side, top-left at the origin, in millimetres.
pub fn draw_scene(cr: &Context, scene: &BoardScene) -> Result<(), cairo::Error> {
    draw_map(cr, &scene.map)?;
    draw_card_at(cr, &scene.card)
}

/// The card in its place on the board.
fn draw_card_at(cr: &Context, card: &super::record_card::CardRecord) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.translate(CARD_X, 0.0);
    let r = draw_record_card(cr, card);
    cr.restore()?;
    r
}

/// The map targets of the prompt's choices: what the window lights up.
pub fn offered_targets(game: &Skyhawk) -> Vec<String> {
    game.prompt()
        .choices
        .into_iter()
        .filter_map(|c| c.target)
        .collect()
}

/// Every clickable place of the board in board millimetres, with its target id.
pub fn board_targets(scene: &BoardScene) -> Vec<(String, Rect)> {
    let mut t = super::map::targets(&scene.map);
    t.extend(
        super::record_card::targets()
            .into_iter()
            .map(|(id, r)| (id, Rect::new(r.x + CARD_X, r.y, r.w, r.h))),
    );
    t
}

/// The target under a board point (millimetres).
pub fn hit_test(scene: &BoardScene, x: f64, y: f64) -> Option<String> {
    board_targets(scene)
        .into_iter()
        .find(|(_, r)| r.contains(x, y))
        .map(|(id, _)| id)
}

/// Outlines the offered targets and fills the hovered one (a place not offered does nothing
/// on a click, so it does not light up).
fn draw_highlights(cr: &Context, scene: &BoardScene) -> Result<(), cairo::Error> {
    let offered = board_targets(scene)
        .into_iter()
        .filter(|(id, _)| scene.highlighted.contains(id));
    for (id, r) in offered {
        let hovered = scene.hovered.as_deref() == Some(id.as_str());
        let r = r.inflate(0.8);
        rounded_rect(cr, r.x, r.y, r.w, r.h, 1.6);
        if hovered {
            palette::HOVER.with_alpha(cr, 0.22);
            cr.fill_preserve()?;
            palette::HOVER.set(cr);
        } else {
            palette::ACCENT.set(cr);
        }
        cr.set_line_width(1.0);
        cr.stroke()?;
    }
    Ok(())
}

/// The pictures of the last frame, kept for the next: the printed map alone (made again only
/// when the size or the part in view changes), and the whole board (made again from it when
/// the scene changes). Zoomed, both cover only the part of the board in view.
struct Cached {
    size: (i32, i32),
    /// The part of the `size` board the bitmaps hold: left, top, width, height.
    part: (i32, i32, i32, i32),
    dark: bool,
    sheet: ImageSurface,
    scene: Option<(super::map::MapScene, super::record_card::CardRecord)>,
    board: ImageSurface,
}

impl Cached {
    fn fits(&self, size: (i32, i32), part: (i32, i32, i32, i32), dark: bool) -> bool {
        self.size == size && self.part == part && self.dark == dark
    }

    fn shows(&self, scene: &BoardScene) -> bool {
        self.scene
            .as_ref()
            .is_some_and(|(map, card)| *map == scene.map && *card == scene.card)
    }
}

thread_local! {
    /// Drawing happens on the GTK thread; the pictures live as long as it does.
    static CACHE: RefCell<Option<Cached>> = const { RefCell::new(None) };
}

/// A bitmap of the `part` (left, top, width, height in pixels) of a board drawn by `draw` at
/// `scale` pixels per millimetre.
fn bitmap(
    part: (i32, i32, i32, i32),
    scale: f64,
    draw: impl FnOnce(&Context) -> Result<(), cairo::Error>,
) -> Result<ImageSurface, cairo::Error> {
    let surface = ImageSurface::create(Format::Rgb24, part.2, part.3)?;
    draw_on(&surface, part, scale, draw)?;
    Ok(surface)
}

/// Does `draw` on a bitmap of the `part` of a board at `scale` pixels per millimetre.
fn draw_on(
    surface: &ImageSurface,
    part: (i32, i32, i32, i32),
    scale: f64,
    draw: impl FnOnce(&Context) -> Result<(), cairo::Error>,
) -> Result<(), cairo::Error> {
    let cr = Context::new(surface)?;
    cr.translate(-f64::from(part.0), -f64::from(part.1));
    cr.scale(scale, scale);
    draw(&cr)
}

/// Copies a bitmap made at the device resolution (`ratio` device pixels per view pixel).
fn blit(cr: &Context, surface: &ImageSurface, ratio: f64) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.scale(1.0 / ratio, 1.0 / ratio);
    cr.set_source_surface(surface, 0.0, 0.0)?;
    // Whole device pixels: the copy is a plain blit, not a resampling.
    cr.source().set_filter(cairo::Filter::Nearest);
    cr.paint()?;
    cr.restore()
}

/// The bitmap of the whole board for `scene`, from the cache when nothing changed.
fn board_bitmap(
    cache: &mut Option<Cached>,
    scene: &BoardScene,
    size: (i32, i32),
    part: (i32, i32, i32, i32),
    px_per_mm: f64,
    surround: f64,
    dark: bool,
) -> Result<(), cairo::Error> {
    if !cache.as_ref().is_some_and(|c| c.fits(size, part, dark)) {
        let sheet = bitmap(part, px_per_mm, |cr| {
            cr.save()?;
            cr.identity_matrix();
            cr.set_source_rgb(surround, surround, surround);
            cr.paint()?;
            cr.restore()?;
            draw_sheet(cr)
        })?;
        let board = ImageSurface::create(Format::Rgb24, part.2, part.3)?;
        *cache = Some(Cached {
            size,
            part,
            dark,
            sheet,
            scene: None,
            board,
        });
    }
    let Some(c) = cache.as_mut() else {
        return Ok(());
    };
    if !c.shows(scene) {
        // The same bitmap is drawn over: the printed map copied in, then the pieces.
        draw_on(&c.board, part, px_per_mm, |cr| {
            // The sheet's bitmap holds the same part: copied pixel for pixel.
            cr.save()?;
            cr.identity_matrix();
            cr.set_source_surface(&c.sheet, 0.0, 0.0)?;
            cr.paint()?;
            cr.restore()?;
            draw_pieces(cr, &scene.map)?;
            draw_card_at(cr, &scene.card)
        })?;
        c.scene = Some((scene.map.clone(), scene.card.clone()));
    }
    Ok(())
}

/// Paints `scene` fitted into `view`: the surround, then the board from the cached bitmaps,
/// then the highlights.
pub fn paint_in_view(cr: &Context, scene: &BoardScene, view: &View) -> Result<(), cairo::Error> {
    let surround = if view.dark { 0.14 } else { 0.90 };
    cr.save()?;
    cr.set_source_rgb(surround, surround, surround);
    cr.paint()?;
    let (scale, x, y) = placement(view);
    let ratio = if view.scale_factor > 0.0 {
        view.scale_factor
    } else {
        1.0
    };
    let size = (
        (BOARD_W * scale * ratio).ceil().max(1.0) as i32,
        (BOARD_H * scale * ratio).ceil().max(1.0) as i32,
    );
    cr.translate(x, y);
    let part = crate::art::board::visible_part(cr, ratio, size);
    let painted = CACHE.with(|c| {
        let mut cache = c.borrow_mut();
        board_bitmap(
            &mut cache,
            scene,
            size,
            part,
            scale * ratio,
            surround,
            view.dark,
        )?;
        match cache.as_ref() {
            Some(k) => {
                cr.save()?;
                cr.translate(f64::from(part.0) / ratio, f64::from(part.1) / ratio);
                let r = blit(cr, &k.board, ratio);
                cr.restore()?;
                r
            }
            None => Ok(()),
        }
    });
    cr.scale(scale, scale);
    let r = painted.and_then(|()| draw_highlights(cr, scene));
    cr.restore()?;
    r
}

/// Where the board goes in the view: (pixels per millimetre, left, top), the corner on whole
/// pixels so that the cached bitmap is copied pixel for pixel.
pub fn placement(view: &View) -> (f64, f64, f64) {
    let (scale, x, y) = fit(view, BOARD_W, BOARD_H);
    (scale, x.round(), y.round())
}

/// A view point in board millimetres.
fn to_board(view: &View, x: f64, y: f64) -> (f64, f64) {
    let (scale, ox, oy) = placement(view);
    ((x - ox) / scale, (y - oy) / scale)
}

/// The zoom of the board part around (x, y), kept inside the map or the card: `lens:<x>:<y>`
/// names its top-left corner in whole millimetres.
fn lens_id(x: f64, y: f64) -> Option<String> {
    let sheet = [
        Rect::new(0.0, 0.0, MAP_W, MAP_H),
        Rect::new(CARD_X, 0.0, CARD.w, CARD.h),
    ]
    .into_iter()
    .find(|r| r.contains(x, y))?;
    let left = (x - LENS_W / 2.0).clamp(sheet.x, sheet.right() - LENS_W);
    let top = (y - LENS_H / 2.0).clamp(sheet.y, sheet.bottom() - LENS_H);
    Some(format!("lens:{}:{}", left.round(), top.round()))
}

fn lens_of_zoom(id: &str) -> Option<(f64, f64)> {
    let mut parts = id.strip_prefix("lens:")?.split(':');
    let x = parts.next()?.parse().ok()?;
    let y = parts.next()?.parse().ok()?;
    Some((x, y))
}

fn nv_zoom_id(k: NvBoxKind) -> String {
    format!("nv:{}", k.key())
}

fn nv_of_zoom(id: &str) -> Option<NvBoxKind> {
    NvBoxKind::ALL.into_iter().find(|&k| nv_zoom_id(k) == id)
}

impl Board for Skyhawk {
    fn pages(&self) -> Vec<Message> {
        let mut pages = vec![msg("Map")];
        pages.extend(sheet_pages(self).into_iter().map(SheetPage::title));
        pages
    }

    fn draw_board(&self, cr: &Context, view: &View) -> Result<(), cairo::Error> {
        if let Some(sheet) = view.page.checked_sub(1)
            && let Some(&sheet) = sheet_pages(self).get(sheet)
        {
            return draw_sheet_of(cr, view, self, sheet);
        }
        paint_in_view(cr, &board_scene(self, Some(view)), view)
    }

    fn target_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        if view.page != 0 {
            return None;
        }
        let (bx, by) = to_board(view, x, y);
        hit_test(&board_scene(self, None), bx, by)
    }

    fn status(&self) -> Vec<(Message, String)> {
        let d = &self.damage;
        let boxes: u32 = d.sections.iter().map(|&n| u32::from(n)).sum();
        let systems: u32 = d.subsystems.iter().map(|&n| u32::from(n)).sum();
        let mut fuel = super::scene::tanks_text(self.loadout.tanks);
        if self.no_refuel {
            fuel.push_str(&gettext(", refuel failed"));
        }
        if self.bingo_pending {
            fuel.push_str(&gettext(", bingo"));
        }
        let place = if self.ending != Ending::Flying {
            self.ending_text().render()
        } else if planning(self) {
            gettext("Planning on deck")
        } else {
            gettext(self.at.name())
        };
        vec![
            (msg("Box"), place),
            (msg("Altitude"), gettext(self.altitude.name())),
            (msg("Fuel"), fuel),
            (
                msg("Damage"),
                msg("section boxes: {sections}, sub-system boxes: {systems} ({destroyed} destroyed)")
                    .arg("sections", boxes)
                    .arg("systems", systems)
                    .arg("destroyed", d.destroyed_subsystems())
                    .render(),
            ),
            (
                msg("Wounds"),
                format!(
                    "{} / {}",
                    self.pilot.wounds,
                    crate::games::skyhawk::rules::content::data()
                        .aircraft
                        .wounds_to_kill
                ),
            ),
            (msg("Points"), self.points().to_string()),
            (msg("Lady Luck"), self.lady_luck.to_string()),
        ]
    }

    fn zoomable_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        if view.page != 0 {
            return None;
        }
        let (bx, by) = to_board(view, x, y);
        NvBoxKind::ALL
            .into_iter()
            .find(|&k| nv_rect(k).contains(bx, by))
            .map(nv_zoom_id)
            .or_else(|| lens_id(bx, by))
    }

    fn zoom_size_mm(&self, id: &str) -> Option<(f64, f64)> {
        if lens_of_zoom(id).is_some() {
            return Some((LENS_W, LENS_H));
        }
        nv_of_zoom(id).map(|k| (nv_rect(k).w, nv_rect(k).h))
    }

    fn draw_zoom(&self, cr: &Context, id: &str) -> Result<(), cairo::Error> {
        let scene = board_scene(self, None);
        if let Some((x, y)) = lens_of_zoom(id) {
            cr.save()?;
            cr.rectangle(0.0, 0.0, LENS_W, LENS_H);
            cr.clip();
            cr.translate(-x, -y);
            let r = draw_scene(cr, &scene);
            cr.restore()?;
            return r;
        }
        let Some(k) = nv_of_zoom(id) else {
            return Ok(());
        };
        let r = nv_rect(k);
        draw_nv_box(
            cr,
            Rect::new(0.0, 0.0, r.w, r.h),
            k,
            &scene.map.nv[k.index()],
            scene.map.radar_on,
        )
    }
}
