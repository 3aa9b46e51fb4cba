//! The board's last frames, kept as bitmaps so that a zoom or a pan shows at once. The game's
//! painter draws the board sharp at a zoom into a bitmap of the drawing area's pixels (the
//! same Cairo code as on paper: only the context differs); the window copies that bitmap to
//! the screen. When the zoom changes, the first frame is the last bitmap scaled to the new
//! level over the fitted one (a preview, one or two Cairo paints, whatever the game); the
//! window then has the board drawn sharp at the new level once the zoom has settled (see
//! [`BoardFrames::render`]) and shows that. Plain Cairo, no GTK: the benches use it as the
//! window does.

use cairo::{Context, Filter, Format, ImageSurface, SurfacePattern};

use super::board_zoom::{MIN_LEVEL, Zoom};
use crate::art::View;

/// What a frame shows besides its zoom and pan.
#[derive(Clone, Debug, PartialEq)]
pub struct FrameKey {
    /// The board's view: the area's size, page, seat, highlights and style, with
    /// [`View::scale_factor`] the screen's pixels per logical pixel (not times the zoom).
    pub view: View,
    /// Changes whenever the position does (the window counts its steps).
    pub generation: u64,
}

impl FrameKey {
    /// The same picture but perhaps for the target under the pointer: a frame of one may
    /// stand in for the other while the zoom settles.
    fn same_content(&self, other: &FrameKey) -> bool {
        let unhovered = |k: &FrameKey| View {
            hovered: None,
            ..k.view.clone()
        };
        self.generation == other.generation && unhovered(self) == unhovered(other)
    }

    /// Bitmap pixels per logical pixel of the area.
    fn ratio(&self) -> f64 {
        if self.view.scale_factor > 0.0 {
            self.view.scale_factor
        } else {
            1.0
        }
    }
}

#[derive(Clone)]
struct Frame {
    surface: ImageSurface,
    zoom: Zoom,
    key: FrameKey,
}

/// What [`BoardFrames::paint`] put on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Painted {
    /// The board drawn at this very zoom.
    Sharp,
    /// An earlier frame scaled to this zoom: call [`BoardFrames::render`] once the zoom has
    /// settled, then draw again.
    Preview,
}

/// The last frame drawn, and the last drawn fitted (the whole board, under a preview).
#[derive(Default)]
pub struct BoardFrames {
    last: Option<Frame>,
    fitted: Option<Frame>,
}

impl BoardFrames {
    pub fn new() -> BoardFrames {
        BoardFrames::default()
    }

    /// Paints the board for `key` at `zoom` on `cr` (the area's context, logical pixels):
    /// the cached frame when it is this one; a preview when only the zoom or pan changed;
    /// otherwise the board drawn now by `draw` (given a context already zoomed and the view
    /// to draw with).
    pub fn paint(
        &mut self,
        cr: &Context,
        key: &FrameKey,
        zoom: Zoom,
        draw: impl FnOnce(&Context, &View) -> Result<(), cairo::Error>,
    ) -> Result<Painted, cairo::Error> {
        if let Some(frame) = self
            .last
            .as_ref()
            .filter(|f| f.zoom == zoom && f.key == *key)
        {
            paint_frame(cr, frame, zoom)?;
            return Ok(Painted::Sharp);
        }
        if let Some(last) = self
            .last
            .as_ref()
            .filter(|f| f.zoom != zoom && f.key.same_content(key))
        {
            // One paint: the last frame where it covers the area (zooming in), else the whole
            // board fitted (zooming out, panning).
            let frame = match self.fitted.as_ref().filter(|f| f.key.same_content(key)) {
                Some(fitted) if !covers(last, zoom) => fitted,
                _ => last,
            };
            paint_frame(cr, frame, zoom)?;
            return Ok(Painted::Preview);
        }
        self.render(key, zoom, draw)?;
        if let Some(frame) = &self.last {
            paint_frame(cr, frame, zoom)?;
        }
        Ok(Painted::Sharp)
    }

    /// Draws the board for `key` at `zoom` into a bitmap of the area's pixels and keeps it as
    /// the last frame, the one [`BoardFrames::paint`] shows at that zoom.
    pub fn render(
        &mut self,
        key: &FrameKey,
        zoom: Zoom,
        draw: impl FnOnce(&Context, &View) -> Result<(), cairo::Error>,
    ) -> Result<(), cairo::Error> {
        let ratio = key.ratio();
        let pixels = |v: f64| ((v * ratio).ceil() as i32).max(1);
        let surface = ImageSurface::create(
            Format::ARgb32,
            pixels(key.view.width),
            pixels(key.view.height),
        )?;
        surface.set_device_scale(ratio, ratio);
        let cr = Context::new(&surface)?;
        cr.translate(-zoom.x, -zoom.y);
        cr.scale(zoom.level, zoom.level);
        let view = View {
            scale_factor: ratio * zoom.level,
            ..key.view.clone()
        };
        draw(&cr, &view)?;
        drop(cr);
        surface.flush();
        let frame = Frame {
            surface,
            zoom,
            key: key.clone(),
        };
        if zoom.level <= MIN_LEVEL {
            self.fitted = Some(frame.clone());
        }
        self.last = Some(frame);
        Ok(())
    }
}

/// Where a point p of `frame`'s area lies at `zoom`: it shows the fitted board's point
/// (p + offset) / level, which at the new zoom lies at that times the new level minus the new
/// offset. Returns the scale and the shift of that map, per axis.
fn frame_map(frame: &Frame, zoom: Zoom) -> (f64, f64, f64) {
    let k = zoom.level / frame.zoom.level;
    (k, frame.zoom.x * k - zoom.x, frame.zoom.y * k - zoom.y)
}

/// Whether `frame` scaled to `zoom` fills the whole area.
fn covers(frame: &Frame, zoom: Zoom) -> bool {
    let (k, dx, dy) = frame_map(frame, zoom);
    let (w, h) = (frame.key.view.width, frame.key.view.height);
    dx <= 0.0 && dy <= 0.0 && w * k + dx >= w && h * k + dy >= h
}

/// Paints `frame` as it looks at `zoom`, over whatever was there (the area is empty).
fn paint_frame(cr: &Context, frame: &Frame, zoom: Zoom) -> Result<(), cairo::Error> {
    cr.save()?;
    let (k, dx, dy) = frame_map(frame, zoom);
    cr.translate(dx, dy);
    cr.scale(k, k);
    // The frame replaces the area's empty pixels: a copy, no blending.
    cr.set_operator(cairo::Operator::Source);
    let pattern = SurfacePattern::create(&frame.surface);
    if frame.zoom != zoom {
        // A stand-in for a few frames: fast rather than fine.
        pattern.set_filter(Filter::Bilinear);
    }
    cr.set_source(&pattern)?;
    let painted = cr.paint();
    cr.restore()?;
    painted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(generation: u64) -> FrameKey {
        FrameKey {
            view: View {
                width: 40.0,
                height: 20.0,
                scale_factor: 1.0,
                ..View::default()
            },
            generation,
        }
    }

    /// A board of two halves: red on the left, blue on the right; counts its drawings.
    fn halves(count: &mut u32) -> impl FnOnce(&Context, &View) -> Result<(), cairo::Error> + '_ {
        move |cr, view| {
            *count += 1;
            cr.set_source_rgb(1.0, 0.0, 0.0);
            cr.rectangle(0.0, 0.0, view.width / 2.0, view.height);
            cr.fill()?;
            cr.set_source_rgb(0.0, 0.0, 1.0);
            cr.rectangle(view.width / 2.0, 0.0, view.width / 2.0, view.height);
            cr.fill()
        }
    }

    fn pixel(surface: &mut ImageSurface, x: usize, y: usize) -> [u8; 4] {
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        let i = y * stride + x * 4;
        [data[i], data[i + 1], data[i + 2], data[i + 3]]
    }

    const RED: [u8; 4] = [0, 0, 255, 255];
    const BLUE: [u8; 4] = [255, 0, 0, 255];

    fn screen() -> ImageSurface {
        ImageSurface::create(Format::ARgb32, 40, 20).unwrap()
    }

    #[test]
    fn a_new_zoom_shows_the_last_frame_scaled_until_it_is_drawn_sharp() {
        let mut frames = BoardFrames::new();
        let mut drawn = 0;
        let fit = Zoom::default();
        let mut out = screen();
        let cr = Context::new(&out).unwrap();
        let painted = frames.paint(&cr, &key(1), fit, halves(&mut drawn)).unwrap();
        assert_eq!((painted, drawn), (Painted::Sharp, 1));
        // Zoomed to 200 % about the left edge's middle: the red half fills the area, at once
        // and without drawing the board.
        let mut zoomed = fit;
        zoomed.zoom_at(2.0, 0.0, 10.0, 40.0, 20.0);
        let painted = frames
            .paint(&cr, &key(1), zoomed, halves(&mut drawn))
            .unwrap();
        assert_eq!((painted, drawn), (Painted::Preview, 1));
        drop(cr);
        assert_eq!(pixel(&mut out, 36, 10), RED);
        // Drawn sharp at the new zoom, the frame is shown as it is.
        frames.render(&key(1), zoomed, halves(&mut drawn)).unwrap();
        let cr = Context::new(&out).unwrap();
        let painted = frames
            .paint(&cr, &key(1), zoomed, halves(&mut drawn))
            .unwrap();
        assert_eq!((painted, drawn), (Painted::Sharp, 2));
        drop(cr);
        assert_eq!(pixel(&mut out, 36, 10), RED);
        assert_eq!(pixel(&mut out, 0, 0), RED);
    }

    #[test]
    fn a_pan_shows_the_fitted_board_where_the_last_frame_has_nothing() {
        let mut frames = BoardFrames::new();
        let mut drawn = 0;
        let fit = Zoom::default();
        frames.render(&key(1), fit, halves(&mut drawn)).unwrap();
        let mut zoomed = fit;
        zoomed.zoom_at(2.0, 0.0, 10.0, 40.0, 20.0);
        frames.render(&key(1), zoomed, halves(&mut drawn)).unwrap();
        // Panned to the right edge: the last frame (all red) is out of view, the fitted
        // board shows the blue half.
        let mut panned = zoomed;
        panned.pan(100.0, 0.0, 40.0, 20.0);
        let mut out = screen();
        let cr = Context::new(&out).unwrap();
        let painted = frames
            .paint(&cr, &key(1), panned, halves(&mut drawn))
            .unwrap();
        assert_eq!((painted, drawn), (Painted::Preview, 2));
        drop(cr);
        assert_eq!(pixel(&mut out, 20, 10), BLUE);
    }

    #[test]
    fn a_new_position_or_page_is_drawn_at_once_never_previewed() {
        let mut frames = BoardFrames::new();
        let mut drawn = 0;
        let out = screen();
        let cr = Context::new(&out).unwrap();
        let fit = Zoom::default();
        frames.paint(&cr, &key(1), fit, halves(&mut drawn)).unwrap();
        let mut zoomed = fit;
        zoomed.zoom_at(2.0, 0.0, 10.0, 40.0, 20.0);
        let painted = frames
            .paint(&cr, &key(2), zoomed, halves(&mut drawn))
            .unwrap();
        assert_eq!((painted, drawn), (Painted::Sharp, 2));
        let mut other_page = key(2);
        other_page.view.page = 1;
        let painted = frames
            .paint(&cr, &other_page, fit, halves(&mut drawn))
            .unwrap();
        assert_eq!((painted, drawn), (Painted::Sharp, 3));
        // The same frame again: copied, not drawn.
        let painted = frames
            .paint(&cr, &other_page, fit, halves(&mut drawn))
            .unwrap();
        assert_eq!((painted, drawn), (Painted::Sharp, 3));
    }
}
