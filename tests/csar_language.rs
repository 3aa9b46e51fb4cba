//! The printed words of the board go through the catalogue: with no language chosen the
//! program falls back to English and the map still draws every label. (One test in this
//! binary: it changes the process environment.)

use tonkin::art::csar;

#[test]
fn the_map_draws_in_english_when_no_language_is_set() {
    // SAFETY: the only test of this binary; no other thread reads the environment.
    unsafe {
        std::env::remove_var("LANGUAGE");
        std::env::set_var("LC_ALL", "C");
    }
    tonkin::i18n::init();
    assert_eq!(tonkin::i18n::gettext("ORBIT BOX"), "ORBIT BOX");
    let scene = tonkin::art::csar::samples::busy_scene();
    let (w, h) = scene.size();
    let px = 2.0;
    let mut surface =
        cairo::ImageSurface::create(cairo::Format::Rgb24, (w * px) as i32, (h * px) as i32)
            .unwrap();
    {
        let cr = cairo::Context::new(&surface).unwrap();
        cr.scale(px, px);
        csar::draw_map(&cr, &scene).unwrap();
    }
    surface.flush();
    // The title line at the top right carries ink (dark pixels on the paper).
    let stride = surface.stride() as usize;
    let data = surface.data().unwrap();
    let (x0, x1, y0, y1) = (
        (430.0 * px) as usize,
        (560.0 * px) as usize,
        (3.0 * px) as usize,
        (11.0 * px) as usize,
    );
    let dark = (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            data[y * stride + x * 4..y * stride + x * 4 + 3]
                .iter()
                .all(|&c| c < 80)
        })
        .count();
    assert!(dark > 200, "title not drawn: {dark} dark pixels");
}
