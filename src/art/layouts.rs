//! Text laid out once: a frame of a board draws the same labels as the frame before, and
//! laying out a line with Pango (a context, itemising, shaping) costs more than drawing it.
//! A layout is kept by everything that decides its glyphs and their places: the text, the
//! font, the wrapping width and alignment, the context's scale and rotation and the kind of
//! surface (whose font options Pango takes). A kept layout drawn again gives the same pixels
//! as a new one.

use std::cell::RefCell;
use std::collections::HashMap;

use cairo::Context;
use pangocairo::pango;

/// Above this many layouts the cache starts again (a long game keeps making new labels).
const MAX_LAYOUTS: usize = 4096;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    text: String,
    family: String,
    /// The font size, the wrapping width (or none) and the context's 2 × 2 matrix, as bits.
    size: u64,
    width: Option<u64>,
    matrix: [u64; 4],
    bold: bool,
    alignment: pango::Alignment,
    surface: i32,
}

thread_local! {
    static LAYOUTS: RefCell<HashMap<Key, pango::Layout>> = RefCell::new(HashMap::new());
}

/// The layout of `text` for `cr`, made by `make` the first time.
pub fn cached(
    cr: &Context,
    text: &str,
    (family, size, bold): (&str, f64, bool),
    width: Option<f64>,
    alignment: pango::Alignment,
    make: impl FnOnce() -> pango::Layout,
) -> pango::Layout {
    let m = cr.matrix();
    let key = Key {
        text: text.to_owned(),
        family: family.to_owned(),
        size: size.to_bits(),
        width: width.map(f64::to_bits),
        matrix: [m.xx(), m.yx(), m.xy(), m.yy()].map(f64::to_bits),
        bold,
        alignment,
        surface: cairo::ffi::cairo_surface_type_t::from(cr.target().type_()),
    };
    LAYOUTS.with(|cell| {
        let mut layouts = cell.borrow_mut();
        if let Some(layout) = layouts.get(&key) {
            return layout.clone();
        }
        if layouts.len() >= MAX_LAYOUTS {
            layouts.clear();
        }
        let layout = make();
        layouts.insert(key, layout.clone());
        layout
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::draw::{Align, Font, condensed, fitted_text, measure, paragraph, text};

    fn forget() {
        LAYOUTS.with(|l| l.borrow_mut().clear());
    }

    fn kept() -> usize {
        LAYOUTS.with(|l| l.borrow().len())
    }

    /// Labels, a fitted label and a wrapped paragraph at a scale with fractions, as a board
    /// draws them; returns the pixels.
    fn labels() -> Vec<u8> {
        let mut s = cairo::ImageSurface::create(cairo::Format::ARgb32, 400, 200).unwrap();
        let cr = Context::new(&s).unwrap();
        cr.translate(3.3, 1.7);
        cr.scale(5.37, 5.37);
        cr.set_source_rgb(0.1, 0.1, 0.1);
        text(&cr, 2.0, 2.0, "Turn 3", &Font::bold(3.5), Align::Left);
        text(&cr, 40.0, 8.0, "Approach", &Font::sans(2.5), Align::Center);
        fitted_text(&cr, 20.0, 14.0, 12.0, "Heavy Machinegun", 2.2, true);
        paragraph(
            &cr,
            30.0,
            14.0,
            30.0,
            "Each aircraft may move one area and change altitude.",
            &condensed(2.4, false),
            Align::Center,
        );
        drop(cr);
        s.flush();
        s.data().unwrap().to_vec()
    }

    #[test]
    fn a_kept_layout_draws_the_pixels_of_a_new_one() {
        forget();
        let fresh = labels();
        let made = kept();
        assert!(made >= 4, "{made} layouts kept");
        assert!(
            labels() == fresh,
            "drawn from kept layouts, the labels changed"
        );
        assert_eq!(kept(), made, "the second frame laid out text again");
    }

    #[test]
    fn a_layout_is_kept_per_scale_and_surface() {
        forget();
        let image = cairo::ImageSurface::create(cairo::Format::ARgb32, 10, 10).unwrap();
        let cr = Context::new(&image).unwrap();
        let font = Font::sans(3.0);
        measure(&cr, "Bandit", &font, None);
        cr.scale(3.0, 3.0);
        measure(&cr, "Bandit", &font, None);
        assert_eq!(kept(), 2, "a new scale lays the text out again");
        let svg = cairo::SvgSurface::for_stream(10.0, 10.0, Vec::new()).unwrap();
        let vector = Context::new(&svg).unwrap();
        measure(&vector, "Bandit", &font, None);
        assert_eq!(kept(), 3, "paper lays the text out for itself");
        // Another wrapping width is another layout.
        measure(&vector, "Bandit", &font, Some(4.0));
        assert_eq!(kept(), 4);
    }
}
