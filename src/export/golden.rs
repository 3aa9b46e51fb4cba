//! Golden-image checks: a rendered page compared with a reference PNG stored under
//! `tests/golden/`, within a tolerance that absorbs anti-aliasing noise but not a moved,
//! missing or recoloured piece. Run with `TONKIN_BLESS=1` to (re)write the references.

use std::path::PathBuf;

use cairo::ImageSurface;

/// A pixel counts as different when a colour channel differs by more than this (0–255).
pub const CHANNEL_TOLERANCE: u8 = 40;
/// A page matches when at most this share of its pixels differ.
pub const PIXEL_SHARE: f64 = 0.003;

/// Where the reference called `name` lives.
pub fn reference_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

/// Compares `actual` with the reference `name`, or stores it when `TONKIN_BLESS=1`.
/// On a mismatch the actual image is saved in the temporary folder and named in the error.
pub fn check(name: &str, actual: &ImageSurface) -> Result<(), String> {
    let path = reference_path(name);
    if std::env::var("TONKIN_BLESS").is_ok_and(|v| v == "1") {
        let mut bytes = Vec::new();
        actual.write_to_png(&mut bytes).map_err(|e| e.to_string())?;
        crate::engine::atomic::write_atomically(&path, &bytes).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let mut file = std::fs::File::open(&path).map_err(|e| {
        format!(
            "{}: {e}; run the test with TONKIN_BLESS=1 to create it",
            path.display()
        )
    })?;
    let expected =
        ImageSurface::create_from_png(&mut file).map_err(|e| format!("{}: {e}", path.display()))?;
    let (differing, total) = compare(&expected, actual)?;
    if differing as f64 <= PIXEL_SHARE * total as f64 {
        return Ok(());
    }
    let saved = std::env::temp_dir().join(format!("tonkin-golden-{name}.png"));
    if let Ok(mut f) = std::fs::File::create(&saved) {
        let _ = actual.write_to_png(&mut f);
    }
    Err(format!(
        "{name}: {differing} of {total} pixels differ from {} (actual image: {})",
        path.display(),
        saved.display()
    ))
}

/// (pixels differing, pixels in all) for two images of the same size.
pub fn compare(a: &ImageSurface, b: &ImageSurface) -> Result<(usize, usize), String> {
    if (a.width(), a.height()) != (b.width(), b.height()) {
        return Err(format!(
            "size {}×{} differs from the reference's {}×{}",
            b.width(),
            b.height(),
            a.width(),
            a.height()
        ));
    }
    let (w, h) = (a.width() as usize, a.height() as usize);
    let (sa, sb) = (a.stride() as usize, b.stride() as usize);
    let mut differing = 0;
    let mut error = None;
    a.with_data(|da| {
        let result = b.with_data(|db| {
            for y in 0..h {
                for x in 0..w {
                    let pa = &da[y * sa + 4 * x..y * sa + 4 * x + 3];
                    let pb = &db[y * sb + 4 * x..y * sb + 4 * x + 3];
                    if pa
                        .iter()
                        .zip(pb)
                        .any(|(p, q)| p.abs_diff(*q) > CHANNEL_TOLERANCE)
                    {
                        differing += 1;
                    }
                }
            }
        });
        error = result.err();
    })
    .map_err(|e| e.to_string())?;
    if let Some(e) = error {
        return Err(e.to_string());
    }
    Ok((differing, w * h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(colour: f64, square: bool) -> ImageSurface {
        let s = ImageSurface::create(cairo::Format::Rgb24, 100, 100).unwrap();
        {
            let cr = cairo::Context::new(&s).unwrap();
            cr.set_source_rgb(colour, colour, colour);
            cr.paint().unwrap();
            if square {
                cr.set_source_rgb(1.0, 0.0, 0.0);
                cr.rectangle(10.0, 10.0, 5.0, 5.0);
                cr.fill().unwrap();
            }
        }
        s.flush();
        s
    }

    #[test]
    fn small_shifts_pass_and_real_changes_fail() {
        let base = filled(0.5, false);
        assert_eq!(compare(&base, &filled(0.55, false)).unwrap(), (0, 10_000));
        assert_eq!(compare(&base, &filled(0.5, true)).unwrap(), (25, 10_000));
        let small = ImageSurface::create(cairo::Format::Rgb24, 50, 100).unwrap();
        assert!(compare(&base, &small).unwrap_err().contains("size"));
    }
}
