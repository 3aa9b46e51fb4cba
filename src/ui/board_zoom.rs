//! The board's zoom and pan, as plain arithmetic. The board is drawn fitted into the drawing
//! area (level 1, "fit"); at a higher level the window scales Cairo by the level and moves it
//! by the offset before the game draws, so that text and lines are drawn at the zoom, sharp,
//! and only the visible part is painted. Points of the area map back to the fitted board
//! for clicks and hovering.

/// The least and greatest zoom levels (1 = the whole board fitted into the area).
pub const MIN_LEVEL: f64 = 1.0;
pub const MAX_LEVEL: f64 = 4.0;
/// One step of Ctrl + / Ctrl − or of the scroll wheel.
pub const STEP: f64 = 1.25;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    /// How many times larger than fitted.
    pub level: f64,
    /// The area's top-left corner in the zoomed board's coordinates.
    pub x: f64,
    pub y: f64,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom {
            level: MIN_LEVEL,
            x: 0.0,
            y: 0.0,
        }
    }
}

impl Zoom {
    /// The point of the fitted board under a point of the area.
    pub fn to_board(self, x: f64, y: f64) -> (f64, f64) {
        ((x + self.x) / self.level, (y + self.y) / self.level)
    }

    /// Changes the level, keeping the board's point under (`px`, `py`) of a `width` ×
    /// `height` area where it is.
    pub fn zoom_at(&mut self, level: f64, px: f64, py: f64, width: f64, height: f64) {
        let (bx, by) = self.to_board(px, py);
        self.level = level.clamp(MIN_LEVEL, MAX_LEVEL);
        self.x = bx * self.level - px;
        self.y = by * self.level - py;
        self.keep_inside(width, height);
    }

    /// Moves the view by (`dx`, `dy`) pixels of the area.
    pub fn pan(&mut self, dx: f64, dy: f64, width: f64, height: f64) {
        self.x += dx;
        self.y += dy;
        self.keep_inside(width, height);
    }

    /// The board always covers the area: no panning past its edges.
    pub fn keep_inside(&mut self, width: f64, height: f64) {
        self.x = self.x.clamp(0.0, (width * (self.level - 1.0)).max(0.0));
        self.y = self.y.clamp(0.0, (height * (self.level - 1.0)).max(0.0));
    }

    /// The level as the player reads it: "250 %".
    pub fn percent(&self) -> u32 {
        (self.level * 100.0).round() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_point_under_the_pointer_stays_put() {
        let mut zoom = Zoom::default();
        let before = zoom.to_board(300.0, 200.0);
        zoom.zoom_at(2.0, 300.0, 200.0, 800.0, 600.0);
        assert_eq!(zoom.to_board(300.0, 200.0), before);
        zoom.zoom_at(2.0 * STEP, 300.0, 200.0, 800.0, 600.0);
        let after = zoom.to_board(300.0, 200.0);
        assert!((after.0 - before.0).abs() < 1e-9 && (after.1 - before.1).abs() < 1e-9);
    }

    #[test]
    fn the_board_always_covers_the_area() {
        let mut zoom = Zoom::default();
        zoom.zoom_at(2.0, 0.0, 0.0, 800.0, 600.0);
        zoom.pan(-50.0, 5000.0, 800.0, 600.0);
        assert_eq!((zoom.x, zoom.y), (0.0, 600.0));
        // Back to fit: nothing to pan.
        zoom.zoom_at(0.5, 400.0, 300.0, 800.0, 600.0);
        assert_eq!(zoom, Zoom::default());
    }

    #[test]
    fn levels_stay_within_bounds() {
        let mut zoom = Zoom::default();
        zoom.zoom_at(100.0, 0.0, 0.0, 10.0, 10.0);
        assert_eq!(zoom.percent(), 400);
    }
}
