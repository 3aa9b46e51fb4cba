//! The playing surface of a game as the window shows it.

use cairo::Context;

use crate::engine::message::Message;

/// How the window wants the board drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    /// Size of the drawing area in device-independent pixels.
    pub width: f64,
    pub height: f64,
    /// Device pixels per logical pixel of the area (2 on a HiDPI screen), times the board's
    /// zoom level when the window has zoomed the context; 0 is taken as 1.
    pub scale_factor: f64,
    /// Map targets of the legal actions, drawn highlighted so the player sees where to click.
    pub targets: Vec<String>,
    /// The target under the pointer.
    pub hovered: Option<String>,
    /// The desktop uses a dark style: the surround follows it; counters and cards keep their
    /// printed colours, as on the table.
    pub dark: bool,
    /// Which of the board's pages is shown (see [`Board::pages`]); 0 is the map.
    pub page: usize,
    /// The seat whose side is shown, numbered from 0: a game with hidden information draws
    /// only what this seat may know (the other side's hidden units face down). A solitaire
    /// game is always seen from seat 0.
    pub seat: u8,
    /// The line-of-sight tool's line, from one place of the map to another, as
    /// [`Board::place_at`] names them: the board draws it and what blocks it.
    pub sight: Option<(String, String)>,
}

/// A game state that can be drawn as a board and clicked on.
pub trait Board {
    /// Draws the whole surface (map, tracks, cards in play) fitted into `view`.
    fn draw_board(&self, cr: &Context, view: &View) -> Result<(), cairo::Error>;

    /// The map target at a point of the drawing area, if any.
    fn target_at(&self, view: &View, x: f64, y: f64) -> Option<String>;

    /// Short facts for the side panel: (label, value).
    fn status(&self) -> Vec<(Message, String)>;

    /// The names of the board's pages when it has more than the map (record sheets, a
    /// campaign's roster…); the window offers a switch among them and sets [`View::page`].
    fn pages(&self) -> Vec<Message> {
        Vec::new()
    }

    /// A piece under the point that can be shown enlarged (a card, a counter), by id.
    fn zoomable_at(&self, _view: &View, _x: f64, _y: f64) -> Option<String> {
        None
    }

    /// The natural size in millimetres of an enlargeable piece.
    fn zoom_size_mm(&self, _id: &str) -> Option<(f64, f64)> {
        None
    }

    /// Draws an enlargeable piece with its top-left corner at the origin, in millimetres
    /// (the caller scales the context).
    fn draw_zoom(&self, _cr: &Context, _id: &str) -> Result<(), cairo::Error> {
        Ok(())
    }

    /// Whether the board has a line-of-sight tool ([`View::sight`]).
    fn offers_sight(&self) -> bool {
        false
    }

    /// The place of the map at a point of the drawing area, whether or not an action targets
    /// it, for the line-of-sight tool.
    fn place_at(&self, _view: &View, _x: f64, _y: f64) -> Option<String> {
        None
    }

    /// The line-of-sight tool's answer for [`View::sight`] in a sentence, from what the seat
    /// shown may know.
    fn sight_verdict(&self, _view: &View) -> Option<Message> {
        None
    }

    /// Draws small labels on some of the pieces drawn by [`Board::draw_board`] with the same
    /// `view`, by the game's own name for each piece (what the computer thinks of a face-down
    /// counter, say). A board without such pieces draws nothing.
    fn draw_badges(
        &self,
        _cr: &Context,
        _view: &View,
        _badges: &[(String, String)],
    ) -> Result<(), cairo::Error> {
        Ok(())
    }
}

/// The part of a bitmap of `size` pixels that the context can show, for a bitmap laid with its
/// top-left corner at the context's origin at `ratio` bitmap pixels per unit: (left, top,
/// width, height) in bitmap pixels, widened to a grid of [`VISIBLE_GRID`] pixels so that a
/// small pan keeps the same part, never outside the bitmap. A zoomed board renders only this
/// part of its bitmaps: the first frame at a new zoom costs the screen's pixels, not the
/// board's at that zoom.
pub fn visible_part(cr: &Context, ratio: f64, size: (i32, i32)) -> (i32, i32, i32, i32) {
    let whole = (0, 0, size.0.max(1), size.1.max(1));
    let Ok((x1, y1, x2, y2)) = cr.clip_extents() else {
        return whole;
    };
    let grid = f64::from(VISIBLE_GRID);
    let down =
        |v: f64, max: i32| ((v * ratio / grid).floor() * grid).clamp(0.0, f64::from(max)) as i32;
    let up =
        |v: f64, max: i32| ((v * ratio / grid).ceil() * grid).clamp(0.0, f64::from(max)) as i32;
    let (left, top) = (down(x1, size.0), down(y1, size.1));
    let (right, bottom) = (up(x2, size.0), up(y2, size.1));
    if right <= left || bottom <= top {
        return (left, top, 1, 1);
    }
    (left, top, right - left, bottom - top)
}

/// The grid of [`visible_part`], in bitmap pixels.
pub const VISIBLE_GRID: i32 = 64;

/// Fits a surface of `w_mm × h_mm` into `view`, centred: returns (scale in px per mm, x, y).
pub fn fit(view: &View, w_mm: f64, h_mm: f64) -> (f64, f64, f64) {
    let scale = (view.width / w_mm).min(view.height / h_mm).max(0.0001);
    let x = (view.width - w_mm * scale) / 2.0;
    let y = (view.height - h_mm * scale) / 2.0;
    (scale, x, y)
}

/// The grey of the window's ground around a board or a sheet, in the light or dark style.
pub fn window_ground(view: &View) -> f64 {
    if view.dark { 0.19 } else { 0.92 }
}

/// Paints the window's `ground` grey around the parts of a board, each a rectangle
/// `(x, y, w, h)` (the area's units) that its drawing covers opaquely, and under the pixels
/// that their edges only partly cover (where a part meets the ground or another part).
/// Painting the whole area first would write every pixel twice: a tenth of a frame at
/// 1920 × 1080.
pub fn paint_ground_around(
    cr: &Context,
    ground: f64,
    parts: &[(f64, f64, f64, f64)],
) -> Result<(), cairo::Error> {
    let (ratio, _) = cr.target().device_scale();
    let (_, _, right, bottom) = cr.clip_extents()?;
    cr.save()?;
    cr.set_fill_rule(cairo::FillRule::EvenOdd);
    cr.rectangle(0.0, 0.0, right, bottom);
    // The pixels wholly inside each part are left out.
    let inner = |from: f64, to: f64| {
        let (a, b) = ((from * ratio).ceil(), (to * ratio).floor());
        (a / ratio, (b - a).max(0.0) / ratio)
    };
    for &(x, y, w, h) in parts {
        let ((ix, iw), (iy, ih)) = (inner(x, x + w), inner(y, y + h));
        if iw > 0.0 && ih > 0.0 {
            cr.rectangle(ix, iy, iw, ih);
        }
    }
    cr.set_source_rgb(ground, ground, ground);
    cr.fill()?;
    cr.restore()
}

/// Draws a sheet of `w_mm × h_mm` (a record sheet shown as a page of the board) fitted into
/// `view` on the window's ground, with `draw` working in millimetres from the sheet's corner.
pub fn draw_sheet_page(
    cr: &Context,
    view: &View,
    w_mm: f64,
    h_mm: f64,
    draw: impl FnOnce(&Context) -> Result<(), cairo::Error>,
) -> Result<(), cairo::Error> {
    let ground = window_ground(view);
    cr.set_source_rgb(ground, ground, ground);
    cr.paint()?;
    let inset = View {
        width: (view.width - 24.0).max(1.0),
        height: (view.height - 24.0).max(1.0),
        ..view.clone()
    };
    let (scale, x, y) = fit(&inset, w_mm, h_mm);
    cr.save()?;
    cr.translate(x + 12.0, y + 12.0);
    cr.scale(scale, scale);
    cr.rectangle(0.0, 0.0, w_mm, h_mm);
    cr.set_source_rgb(1.0, 1.0, 1.0);
    cr.fill()?;
    let drawn = draw(cr);
    cr.restore()?;
    drawn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_part_in_view_of_a_zoomed_bitmap_is_rendered() {
        let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 800, 600).unwrap();
        let cr = Context::new(&surface).unwrap();
        // Unzoomed, the whole bitmap is in view.
        assert_eq!(visible_part(&cr, 1.0, (800, 600)), (0, 0, 800, 600));
        // A 3200 × 2400 bitmap (400 %) laid 1000 px up and left: the screen's part of it,
        // widened to the grid, no more.
        cr.translate(-1000.0, -1000.0);
        assert_eq!(visible_part(&cr, 1.0, (3200, 2400)), (960, 960, 896, 640));
        // Bitmap pixels twice as fine (HiDPI): the same part in those pixels.
        assert_eq!(
            visible_part(&cr, 2.0, (6400, 4800)),
            (1984, 1984, 1664, 1216)
        );
        // Off the bitmap: an empty part, not a panic.
        cr.translate(5000.0, 0.0);
        assert_eq!(visible_part(&cr, 1.0, (3200, 2400)).2, 1);
    }

    #[test]
    fn fit_centres_and_keeps_aspect() {
        let view = View {
            width: 400.0,
            height: 200.0,
            ..View::default()
        };
        let (s, x, y) = fit(&view, 100.0, 100.0);
        assert_eq!(s, 2.0);
        assert_eq!((x, y), (100.0, 0.0));
    }
}
