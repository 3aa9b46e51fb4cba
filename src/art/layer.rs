//! A part of a picture that stays the same from frame to frame (a map's terrain), kept as a
//! bitmap of the target's own pixels and copied, rather than drawn again, while nothing it
//! depends on changes. The drawing is the same code as on paper: a [`Layer`] only runs it into
//! its bitmap once. Only a bitmap target gets a bitmap: on a PDF or SVG surface, or under a
//! transform or clip that a pixel copy could not reproduce exactly, the caller draws on the
//! target as before, so paper stays vector.

use cairo::{Context, Filter, Format, ImageSurface, SurfaceType};

/// Where a layer's bitmap lies on its target: the context's transform (scale x, scale y,
/// offset x, offset y; no rotation), the target's device scale and offset (a HiDPI screen's),
/// and the box of the target's pixels it covers (left, top, width, height).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Placement {
    ctm: [f64; 4],
    device: [f64; 4],
    pixels: (i32, i32, i32, i32),
}

/// One kept bitmap and what it was drawn for: `K` says what the drawing depends on (the map,
/// the part shown, the window's style); the placement, what the target's pixels do.
pub struct Layer<K> {
    kept: Option<(K, Placement, ImageSurface)>,
    drawn: u64,
}

impl<K> Default for Layer<K> {
    fn default() -> Self {
        Layer {
            kept: None,
            drawn: 0,
        }
    }
}

impl<K: PartialEq> Layer<K> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Puts on `cr` what `draw` draws over the user-space rectangle `(x, y, w, h)`: from the
    /// bitmap when it was made for `key` at the same place on the same pixels, else drawn
    /// into a new bitmap first. `draw` must cover every pixel of the rectangle's bounding
    /// box opaquely (beginning with what lies under it), so that the copy gives the very
    /// pixels that drawing on the target would. Returns false, having done nothing, where a
    /// bitmap would not give them (see the module): the caller then draws on `cr` itself.
    pub fn paint(
        &mut self,
        cr: &Context,
        (x, y, w, h): (f64, f64, f64, f64),
        key: K,
        draw: impl FnOnce(&Context) -> Result<(), cairo::Error>,
    ) -> Result<bool, cairo::Error> {
        let Some(place) = placement(cr, (x, y, w, h)) else {
            return Ok(false);
        };
        let fresh = self
            .kept
            .as_ref()
            .is_some_and(|(k, p, _)| *k == key && *p == place);
        if !fresh {
            self.kept = None;
            let (left, top, pw, ph) = place.pixels;
            let bitmap = ImageSurface::create(Format::Rgb24, pw, ph)?;
            // The same device scale and transform as the target's, shifted by whole pixels:
            // Cairo flattens curves and pens by the context's transform, so it must be the
            // target's own for the same pixels to come out.
            let [sx, sy, ox, oy] = place.ctm;
            let [dsx, dsy, dox, doy] = place.device;
            bitmap.set_device_scale(dsx, dsy);
            let bc = Context::new(&bitmap)?;
            bc.set_matrix(cairo::Matrix::new(
                sx,
                0.0,
                0.0,
                sy,
                ox + (dox - f64::from(left)) / dsx,
                oy + (doy - f64::from(top)) / dsy,
            ));
            draw(&bc)?;
            drop(bc);
            bitmap.flush();
            // Copied pixel for pixel from here on.
            bitmap.set_device_scale(1.0, 1.0);
            self.kept = Some((key, place, bitmap));
            self.drawn += 1;
        }
        let Some((_, _, bitmap)) = &self.kept else {
            return Ok(false);
        };
        copy(cr, bitmap, place)?;
        Ok(true)
    }

    /// Fills the user-space rectangle `(x, y, w, h)` with the current source, but for the
    /// pixels the bitmap was last copied to: the rim of a part whose inside the bitmap keeps,
    /// without writing again what the copy has just written.
    pub fn fill_around(
        &self,
        cr: &Context,
        (x, y, w, h): (f64, f64, f64, f64),
    ) -> Result<(), cairo::Error> {
        cr.save()?;
        cr.new_path();
        cr.rectangle(x, y, w, h);
        if let Some((_, place, _)) = &self.kept {
            // The hole in the target's pixels, where the copy went (paths keep the transform
            // they were made under).
            in_target_pixels(cr);
            let (left, top, pw, ph) = place.pixels;
            cr.rectangle(
                f64::from(left),
                f64::from(top),
                f64::from(pw),
                f64::from(ph),
            );
            cr.set_fill_rule(cairo::FillRule::EvenOdd);
        }
        let filled = cr.fill();
        cr.restore()?;
        filled
    }

    /// How many times the drawing has run into a bitmap (for the tests of what renews it).
    pub fn drawn(&self) -> u64 {
        self.drawn
    }
}

/// The placement of a rectangle's bitmap on `cr`'s target, or `None` when a copy of pixels
/// would not give what drawing gives: a vector target, a rotated or mirrored transform, a
/// clip that cuts through pixels, or nothing of the rectangle in view.
fn placement(cr: &Context, (x, y, w, h): (f64, f64, f64, f64)) -> Option<Placement> {
    let target = cr.target();
    if target.type_() != SurfaceType::Image {
        return None;
    }
    let m = cr.matrix();
    if m.xy() != 0.0 || m.yx() != 0.0 || m.xx() <= 0.0 || m.yy() <= 0.0 {
        return None;
    }
    // A clip of whole pixels is copied through exactly; one with soft edges is not.
    cr.copy_clip_rectangle_list().ok()?;
    let (dsx, dsy) = target.device_scale();
    let (dox, doy) = target.device_offset();
    let ctm = [m.xx(), m.yy(), m.x0(), m.y0()];
    let device = [dsx, dsy, dox, doy];
    // User space to the target's pixels.
    let (sx, sy, ox, oy) = (
        dsx * m.xx(),
        dsy * m.yy(),
        dsx * m.x0() + dox,
        dsy * m.y0() + doy,
    );
    let (cx1, cy1, cx2, cy2) = cr.clip_extents().ok()?;
    let (cx1, cy1) = cr.user_to_device(cx1, cy1);
    let (cx2, cy2) = cr.user_to_device(cx2, cy2);
    let to_px = |v: f64, s: f64, o: f64| s * v + o;
    let left = to_px(x, sx, ox).max(dsx * cx1 + dox).floor();
    let top = to_px(y, sy, oy).max(dsy * cy1 + doy).floor();
    let right = to_px(x + w, sx, ox).min(dsx * cx2 + dox).ceil();
    let bottom = to_px(y + h, sy, oy).min(dsy * cy2 + doy).ceil();
    if right <= left || bottom <= top || !(right - left).is_finite() {
        return None;
    }
    let pixels = (
        left as i32,
        top as i32,
        (right - left) as i32,
        (bottom - top) as i32,
    );
    Some(Placement {
        ctm,
        device,
        pixels,
    })
}

/// Makes user space the target's pixels (its device scale and offset undone).
fn in_target_pixels(cr: &Context) {
    let target = cr.target();
    let (dsx, dsy) = target.device_scale();
    let (dox, doy) = target.device_offset();
    cr.identity_matrix();
    cr.scale(1.0 / dsx, 1.0 / dsy);
    cr.translate(-dox, -doy);
}

/// Copies a layer's bitmap to its pixels on `cr`'s target, one for one.
fn copy(cr: &Context, bitmap: &ImageSurface, place: Placement) -> Result<(), cairo::Error> {
    cr.save()?;
    in_target_pixels(cr);
    let (left, top, _, _) = place.pixels;
    cr.set_source_surface(bitmap, f64::from(left), f64::from(top))?;
    cr.source().set_filter(Filter::Nearest);
    let painted = cr.paint();
    cr.restore()?;
    painted
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ground and a disc with soft edges, in the rectangle (2, 3, 20, 10) of user space.
    fn picture(cr: &Context) -> Result<(), cairo::Error> {
        cr.set_source_rgb(0.9, 0.9, 0.9);
        cr.paint()?;
        cr.rectangle(2.0, 3.0, 20.0, 10.0);
        cr.clip();
        cr.set_source_rgb(0.2, 0.3, 0.2);
        cr.rectangle(2.0, 3.0, 20.0, 10.0);
        cr.fill()?;
        cr.set_source_rgba(0.8, 0.1, 0.1, 0.6);
        cr.arc(9.3, 7.7, 4.1, 0.0, std::f64::consts::TAU);
        cr.fill()
    }

    fn pixels(s: &mut ImageSurface) -> Vec<u8> {
        s.flush();
        s.data().unwrap().to_vec()
    }

    /// A target of `w × h` pixels at `ratio` pixels per unit, transformed by `place`.
    fn target(w: i32, h: i32, ratio: f64) -> ImageSurface {
        let s = ImageSurface::create(Format::ARgb32, w, h).unwrap();
        s.set_device_scale(ratio, ratio);
        s
    }

    #[test]
    fn the_copy_gives_the_pixels_drawing_gives_and_draws_once() {
        // A fractional scale and offset, on a plain and on a HiDPI target.
        for ratio in [1.0, 2.0] {
            let mut direct = target(200, 120, ratio);
            let cr = Context::new(&direct).unwrap();
            cr.translate(3.37, 1.81);
            cr.scale(3.71, 3.71);
            picture(&cr).unwrap();
            drop(cr);
            let mut layer = Layer::new();
            for frame in 0..3 {
                let mut copied = target(200, 120, ratio);
                let cr = Context::new(&copied).unwrap();
                cr.set_source_rgb(0.9, 0.9, 0.9);
                cr.paint().unwrap();
                cr.translate(3.37, 1.81);
                cr.scale(3.71, 3.71);
                let painted = layer
                    .paint(&cr, (2.0, 3.0, 20.0, 10.0), "map", picture)
                    .unwrap();
                drop(cr);
                assert!(painted);
                assert_eq!(layer.drawn(), 1, "ratio {ratio}, frame {frame}");
                assert!(pixels(&mut copied) == pixels(&mut direct), "ratio {ratio}");
            }
        }
    }

    #[test]
    fn the_rim_around_the_copy_is_filled_and_the_copy_left_alone() {
        for ratio in [1.0, 2.0] {
            let mut s = target(200, 120, ratio);
            let cr = Context::new(&s).unwrap();
            cr.translate(3.37, 1.81);
            cr.scale(3.71, 3.71);
            let mut layer = Layer::new();
            assert!(
                layer
                    .paint(&cr, (2.0, 3.0, 20.0, 10.0), "map", picture)
                    .unwrap()
            );
            let copied = {
                drop(cr);
                pixels(&mut s)
            };
            let cr = Context::new(&s).unwrap();
            cr.translate(3.37, 1.81);
            cr.scale(3.71, 3.71);
            cr.set_source_rgb(0.0, 0.0, 1.0);
            layer.fill_around(&cr, (1.0, 2.0, 22.0, 12.0)).unwrap();
            drop(cr);
            let after = pixels(&mut s);
            let (left, top, w, h) = layer.kept.as_ref().unwrap().1.pixels;
            let stride = s.stride() as usize;
            let at = |v: &[u8], x: i32, y: i32| {
                let i = y as usize * stride + x as usize * 4;
                v[i..i + 4].to_vec()
            };
            // The copy's pixels are as the copy left them; the rim around them is blue.
            for y in top..top + h {
                for x in left..left + w {
                    assert_eq!(at(&after, x, y), at(&copied, x, y), "ratio {ratio}");
                }
            }
            assert_eq!(at(&after, left - 1, top + 1), vec![255, 0, 0, 255]);
            assert_eq!(at(&after, left + 1, top - 1), vec![255, 0, 0, 255]);
        }
    }

    #[test]
    fn a_new_key_transform_or_target_scale_draws_again() {
        let mut layer = Layer::new();
        let frame = |layer: &mut Layer<u32>, key: u32, scale: f64, dx: f64, ratio: f64| {
            let s = target(300, 200, ratio);
            let cr = Context::new(&s).unwrap();
            cr.translate(dx, 0.0);
            cr.scale(scale, scale);
            let before = layer.drawn();
            assert!(
                layer
                    .paint(&cr, (2.0, 3.0, 20.0, 10.0), key, picture)
                    .unwrap()
            );
            layer.drawn() > before
        };
        assert!(frame(&mut layer, 1, 3.0, 0.0, 1.0));
        assert!(!frame(&mut layer, 1, 3.0, 0.0, 1.0));
        // The game changed what the layer shows.
        assert!(frame(&mut layer, 2, 3.0, 0.0, 1.0));
        // The window was resized (a new scale), moved the board, or went to a HiDPI screen.
        assert!(frame(&mut layer, 2, 4.0, 0.0, 1.0));
        assert!(frame(&mut layer, 2, 4.0, 0.5, 1.0));
        assert!(frame(&mut layer, 2, 4.0, 0.5, 2.0));
        assert!(!frame(&mut layer, 2, 4.0, 0.5, 2.0));
        assert_eq!(layer.drawn(), 5);
    }

    #[test]
    fn paper_and_soft_clips_are_left_to_the_caller() {
        let mut layer = Layer::new();
        // A vector target: nothing is kept or painted; the caller draws its vectors.
        let svg = cairo::SvgSurface::for_stream(100.0, 100.0, Vec::new()).unwrap();
        let cr = Context::new(&svg).unwrap();
        assert!(
            !layer
                .paint(&cr, (2.0, 3.0, 20.0, 10.0), 1, picture)
                .unwrap()
        );
        // A clip through the middle of pixels, and a rotated board.
        let s = target(100, 100, 1.0);
        let cr = Context::new(&s).unwrap();
        cr.rectangle(0.5, 0.5, 50.0, 50.0);
        cr.clip();
        assert!(
            !layer
                .paint(&cr, (2.0, 3.0, 20.0, 10.0), 1, picture)
                .unwrap()
        );
        let cr = Context::new(&s).unwrap();
        cr.rotate(0.3);
        assert!(
            !layer
                .paint(&cr, (2.0, 3.0, 20.0, 10.0), 1, picture)
                .unwrap()
        );
        assert_eq!(layer.drawn(), 0);
    }
}
