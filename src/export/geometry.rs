//! Plane geometry in millimetres for page layout: rectangles, segments and the mirror a
//! sheet's turn applies.

pub use crate::art::geometry::{EPS, Rect};

/// A straight line segment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
}

impl Line {
    /// The smallest rectangle holding the segment.
    pub fn bounds(&self) -> Rect {
        let (x, y) = (self.x1.min(self.x2), self.y1.min(self.y2));
        Rect::new(x, y, (self.x1 - self.x2).abs(), (self.y1 - self.y2).abs())
    }
}

/// A mirror about the page's centre line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// x ↦ width − x (the sheet turns over a vertical edge).
    LeftRight,
    /// y ↦ height − y (the sheet turns over a horizontal edge).
    TopBottom,
}

impl Flip {
    /// The rectangle mirrored inside a `w × h` area.
    pub fn rect(self, r: &Rect, w: f64, h: f64) -> Rect {
        match self {
            Flip::LeftRight => Rect::new(w - r.x - r.w, r.y, r.w, r.h),
            Flip::TopBottom => Rect::new(r.x, h - r.y - r.h, r.w, r.h),
        }
    }
    pub fn point(self, (x, y): (f64, f64), w: f64, h: f64) -> (f64, f64) {
        match self {
            Flip::LeftRight => (w - x, y),
            Flip::TopBottom => (x, h - y),
        }
    }
    pub fn line(self, l: &Line, w: f64, h: f64) -> Line {
        let (x1, y1) = self.point((l.x1, l.y1), w, h);
        let (x2, y2) = self.point((l.x2, l.y2), w, h);
        Line { x1, y1, x2, y2 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flips_mirror_about_the_centre_and_undo_themselves() {
        let r = Rect::new(10.0, 20.0, 30.0, 40.0);
        assert_eq!(
            Flip::LeftRight.rect(&r, 200.0, 300.0),
            Rect::new(160.0, 20.0, 30.0, 40.0)
        );
        assert_eq!(
            Flip::TopBottom.rect(&r, 200.0, 300.0),
            Rect::new(10.0, 240.0, 30.0, 40.0)
        );
        for flip in [Flip::LeftRight, Flip::TopBottom] {
            assert_eq!(flip.rect(&flip.rect(&r, 200.0, 300.0), 200.0, 300.0), r);
        }
        assert!(r.overlaps(&Rect::new(39.0, 59.0, 5.0, 5.0)));
        assert!(
            !r.overlaps(&Rect::new(40.0, 20.0, 5.0, 5.0)),
            "touching is not overlapping"
        );
        assert!(r.inflate(1.0).encloses(&r) && !r.encloses(&r.inflate(1.0)));
    }
}
