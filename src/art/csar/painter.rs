//! Fast redraws for the game window: the printed sheet, counters and cards are rendered once
//! per zoom level into bitmaps at the device resolution and then only copied. Highlights and
//! tags are still drawn live. The picture is the same as [`draw_map`](super::map::draw_map)'s.

use std::collections::HashMap;

use cairo::{Context, Format, ImageSurface};

use super::card::{CARD_H, CARD_W, CardFace, draw_card_front};
use super::counter::{CounterFace, draw_counter};
use super::map::{MapLayout, MapScene, Stamp, TAG_SIZE, TRAY_H, draw_sheet, draw_tag, paint_scene};

/// A bitmap cache key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Sprite {
    Sheet(bool),
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
        let image = match self.sprites.get(&key) {
            Some(i) => i.clone(),
            None => {
                // The sheet is opaque: an opaque bitmap copies faster.
                let format = if matches!(key, Sprite::Sheet(_)) {
                    Format::Rgb24
                } else {
                    Format::ARgb32
                };
                let image = ImageSurface::create(
                    format,
                    (w * scale).ceil() as i32 + 1,
                    (h * scale).ceil() as i32 + 1,
                )?;
                let icr = Context::new(&image)?;
                icr.scale(scale, scale);
                draw(&icr)?;
                drop(icr);
                self.sprites.insert(key, image.clone());
                image
            }
        };
        let (dx, dy) = cr.user_to_device(x, y);
        cr.save()?;
        cr.identity_matrix();
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
        self.blit(cr, Sprite::Sheet(tray), 0.0, 0.0, (w, h), &|c| {
            draw_sheet(c, tray)
        })
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
