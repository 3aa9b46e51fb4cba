//! Rendering helpers for the art tests: a white surface in millimetres and pixel probes.

/// Pixels per millimetre of the test surfaces.
pub const PX: f64 = 8.0;

/// A white image surface `w_mm × h_mm` and a context scaled to millimetres.
pub fn surface(w_mm: f64, h_mm: f64) -> (cairo::ImageSurface, cairo::Context) {
    let s = cairo::ImageSurface::create(
        cairo::Format::Rgb24,
        (w_mm * PX).ceil() as i32,
        (h_mm * PX).ceil() as i32,
    )
    .unwrap();
    let cr = cairo::Context::new(&s).unwrap();
    cr.set_source_rgb(1.0, 1.0, 1.0);
    cr.paint().unwrap();
    cr.scale(PX, PX);
    (s, cr)
}

/// Number of non-white pixels inside the millimetre rectangle (x, y, w, h).
pub fn inked(s: &mut cairo::ImageSurface, x: f64, y: f64, w: f64, h: f64) -> usize {
    s.flush();
    let stride = s.stride() as usize;
    let (sw, sh) = (s.width() as usize, s.height() as usize);
    let data = s.data().unwrap();
    let x0 = ((x * PX).max(0.0) as usize).min(sw);
    let y0 = ((y * PX).max(0.0) as usize).min(sh);
    let x1 = (((x + w) * PX).max(0.0).ceil() as usize).min(sw);
    let y1 = (((y + h) * PX).max(0.0).ceil() as usize).min(sh);
    let mut n = 0;
    for row in y0..y1 {
        for col in x0..x1 {
            let p = &data[row * stride + col * 4..row * stride + col * 4 + 3];
            if p.iter().any(|&c| c < 250) {
                n += 1;
            }
        }
    }
    n
}

/// The pixels (ARGB, premultiplied) of what `draw` puts on a transparent `w × h` window at
/// device scale `ratio` (2 for a HiDPI screen).
pub fn window_pixels(w: f64, h: f64, ratio: f64, draw: &dyn Fn(&cairo::Context)) -> Vec<u8> {
    let s = cairo::ImageSurface::create(
        cairo::Format::ARgb32,
        (w * ratio) as i32,
        (h * ratio) as i32,
    )
    .unwrap();
    s.set_device_scale(ratio, ratio);
    let cr = cairo::Context::new(&s).unwrap();
    draw(&cr);
    drop(cr);
    s.flush();
    let mut s = s;
    s.data().unwrap().to_vec()
}
