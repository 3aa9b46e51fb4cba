//! Fast redraws for the game window: the printed sheet, counters and cards are rendered once
//! per zoom level into bitmaps at the device resolution and then only copied. Highlights and
//! tags are still drawn live. The picture is the same as [`draw_map`](super::map::draw_map)'s.
//! Zoomed in, only what is in view is rendered: the part of the sheet on screen, and the
//! pieces that reach the screen (the first frame at a new zoom stays within a frame's time).

use std::collections::HashMap;

use cairo::{Context, Format, ImageSurface};

use super::card::{CARD_H, CARD_W, CardFace, draw_card_front};
use super::counter::{CounterFace, draw_counter};
use crate::art::board::{View, fit, visible_part};

use super::map::{
    MapLayout, MapScene, Stamp, TAG_SIZE, TRAY_H, draw_sheet, draw_tag, hit_test, paint_scene,
};

/// A bitmap cache key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Sprite {
    /// The sheet (with the tray or not), the part of its bitmap in view (see
    /// [`visible_part`]).
    Sheet(bool, (i32, i32, i32, i32)),
    Counter(CounterFace),
    Card(CardFace),
    Tag(String),
}

/// Above this many bitmaps the cache starts again (a long game keeps making new faces).
const MAX_SPRITES: usize = 600;

/// Draws map scenes from cached bitmaps; keep one per window and call [`MapPainter::paint`]
/// from the drawing function.
#[derive(Default)]
pub struct MapPainter {
    /// Device pixels per millimetre the bitmaps were made for.
    scale: f64,
    /// Extra resolution of the bitmaps (the window's scale factor on a HiDPI screen, where
    /// GTK records the drawing at logical pixels and replays it at device pixels).
    pixel_ratio: f64,
    sprites: HashMap<Sprite, ImageSurface>,
}

impl MapPainter {
    pub fn new() -> MapPainter {
        MapPainter::default()
    }

    /// Makes the bitmaps `ratio` times finer than the context's pixels (use the widget's
    /// scale factor; 1 by default).
    pub fn set_pixel_ratio(&mut self, ratio: f64) {
        let ratio = ratio.max(1.0);
        if (ratio - self.ratio()).abs() > 1e-9 {
            self.pixel_ratio = ratio;
            self.sprites.clear();
        }
    }

    fn ratio(&self) -> f64 {
        if self.pixel_ratio > 0.0 {
            self.pixel_ratio
        } else {
            1.0
        }
    }

    /// Draws `scene` like [`draw_map`](super::map::draw_map). The context must map millimetres
    /// to device pixels by a scale and a translation (no rotation).
    pub fn paint(&mut self, cr: &Context, scene: &MapScene) -> Result<(), cairo::Error> {
        let (sx, _) = cr.user_to_device_distance(1.0, 0.0)?;
        if (sx - self.scale).abs() > 1e-9 || self.sprites.len() > MAX_SPRITES {
            self.sprites.clear();
            self.scale = sx;
        }
        paint_scene(cr, scene, self)
    }

    /// Copies the bitmap of `key` (made by `draw` at `w × h` mm on first use) to (x, y).
    fn blit(
        &mut self,
        cr: &Context,
        key: Sprite,
        x: f64,
        y: f64,
        (w, h): (f64, f64),
        draw: &dyn Fn(&Context) -> Result<(), cairo::Error>,
    ) -> Result<(), cairo::Error> {
        let ratio = self.ratio();
        let scale = self.scale * ratio;
        let size = ((w * scale).ceil() as i32 + 1, (h * scale).ceil() as i32 + 1);
        let (dx, dy) = cr.user_to_device(x, y);
        cr.save()?;
        cr.identity_matrix();
        // Out of view (zoomed in): nothing to render or copy.
        let (cx1, cy1, cx2, cy2) = cr.clip_extents()?;
        let (right, bottom) = (
            dx + f64::from(size.0) / ratio,
            dy + f64::from(size.1) / ratio,
        );
        if right < cx1 || bottom < cy1 || dx > cx2 || dy > cy2 {
            return cr.restore();
        }
        // The sheet's bitmap holds only the part in view, at (left, top) of the whole.
        let (key, part) = match key {
            Sprite::Sheet(tray, _) => {
                cr.translate(dx, dy);
                let part = visible_part(cr, ratio, size);
                cr.identity_matrix();
                (Sprite::Sheet(tray, part), part)
            }
            other => (other, (0, 0, size.0, size.1)),
        };
        let image = match self.sprites.get(&key) {
            Some(i) => i.clone(),
            None => {
                // The sheet is opaque: an opaque bitmap copies faster.
                let format = if matches!(key, Sprite::Sheet(..)) {
                    // One part of the sheet at a time: the parts seen before are dropped.
                    self.sprites.retain(|k, _| !matches!(k, Sprite::Sheet(..)));
                    Format::Rgb24
                } else {
                    Format::ARgb32
                };
                let image = ImageSurface::create(format, part.2, part.3)?;
                let icr = Context::new(&image)?;
                icr.translate(-f64::from(part.0), -f64::from(part.1));
                icr.scale(scale, scale);
                draw(&icr)?;
                drop(icr);
                self.sprites.insert(key, image.clone());
                image
            }
        };
        let (dx, dy) = (
            dx + f64::from(part.0) / ratio,
            dy + f64::from(part.1) / ratio,
        );
        if ratio == 1.0 {
            cr.set_source_surface(&image, dx.round(), dy.round())?;
        } else {
            cr.translate(dx, dy);
            cr.scale(1.0 / ratio, 1.0 / ratio);
            cr.set_source_surface(&image, 0.0, 0.0)?;
        }
        cr.paint()?;
        cr.restore()
    }
}

impl Stamp for MapPainter {
    fn sheet(&mut self, cr: &Context, tray: bool) -> Result<(), cairo::Error> {
        let (w, h) = MapLayout::standard().sheet_size();
        let h = if tray { h + TRAY_H } else { h };
        self.blit(
            cr,
            Sprite::Sheet(tray, (0, 0, 0, 0)),
            0.0,
            0.0,
            (w, h),
            &|c| draw_sheet(c, tray),
        )
    }

    fn counter(
        &mut self,
        cr: &Context,
        face: &CounterFace,
        x: f64,
        y: f64,
    ) -> Result<(), cairo::Error> {
        let s = face.size_mm();
        self.blit(cr, Sprite::Counter(face.clone()), x, y, (s, s), &|c| {
            draw_counter(c, face, 0.0, 0.0)
        })
    }

    fn card(&mut self, cr: &Context, face: &CardFace, x: f64, y: f64) -> Result<(), cairo::Error> {
        self.blit(
            cr,
            Sprite::Card(face.clone()),
            x,
            y,
            (CARD_W, CARD_H),
            &|c| draw_card_front(c, face, 0.0, 0.0),
        )
    }

    fn tag(&mut self, cr: &Context, label: &str, x: f64, y: f64) -> Result<(), cairo::Error> {
        self.blit(cr, Sprite::Tag(label.into()), x, y, TAG_SIZE, &|c| {
            draw_tag(c, label, 0.0, 0.0)
        })
    }
}

/// Draws `scene` fitted and centred in a window's drawing area (pixels), on a surround that
/// follows the desktop's dark or light style.
pub fn paint_in_view(
    cr: &Context,
    painter: &mut MapPainter,
    scene: &MapScene,
    view: &View,
) -> Result<(), cairo::Error> {
    let surround = if view.dark { 0.14 } else { 0.90 };
    cr.save()?;
    cr.set_source_rgb(surround, surround, surround);
    cr.paint()?;
    let (w, h) = scene.size();
    let (scale, x, y) = fit(view, w, h);
    cr.translate(x, y);
    cr.scale(scale, scale);
    let r = painter.paint(cr, scene);
    cr.restore()?;
    r
}

/// The target under a point of the drawing area (pixels) when drawn by [`paint_in_view`].
pub fn target_in_view(scene: &MapScene, view: &View, x: f64, y: f64) -> Option<String> {
    let (w, h) = scene.size();
    let (scale, ox, oy) = fit(view, w, h);
    hit_test(scene, (x - ox) / scale, (y - oy) / scale)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::csar::art::samples::busy_scene;

    #[test]
    fn window_clicks_map_back_to_targets() {
        let scene = busy_scene();
        let view = View {
            width: 1600.0,
            height: 1000.0,
            ..View::default()
        };
        let l = MapLayout::standard();
        let (w, h) = scene.size();
        let (scale, ox, oy) = fit(&view, w, h);
        let (cx, cy) = l.orbit_slots[10].centre();
        let px = (ox + cx * scale, oy + cy * scale);
        assert_eq!(
            target_in_view(&scene, &view, px.0, px.1).as_deref(),
            Some("orbit")
        );
        assert_eq!(target_in_view(&scene, &view, 1.0, 1.0), None);
        let surface = ImageSurface::create(Format::ARgb32, 1600, 1000).unwrap();
        let cr = Context::new(&surface).unwrap();
        let mut painter = MapPainter::new();
        painter.set_pixel_ratio(2.0);
        paint_in_view(&cr, &mut painter, &scene, &view).unwrap();
        // Sheet, counters and cards were each rendered once into the cache.
        assert!(painter.sprites.len() > 20);
        let before = painter.sprites.len();
        paint_in_view(&cr, &mut painter, &scene, &view).unwrap();
        assert_eq!(painter.sprites.len(), before);
    }
}
