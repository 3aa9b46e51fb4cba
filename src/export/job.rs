//! One export run: check the request against the kits, plan the pages, write the files.
//! The command line (and later the export dialog) fill in `Options`.

use std::path::{Path, PathBuf};

use super::component::{Kind, Kit};
use super::layout::{self, Page, Settings};
use super::output::{self, DPI_RANGE, Document, Format};

/// Largest bleed accepted, in mm.
pub const MAX_BLEED: f64 = 10.0;
/// Largest margin accepted, in mm.
pub const MAX_MARGIN: f64 = 40.0;

/// Everything an export needs besides the kits.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub settings: Settings,
    /// Kinds of component to print; empty means all.
    pub kinds: Vec<Kind>,
    pub format: Format,
    /// Resolution of PNG output.
    pub dpi: u32,
    /// Put the printer-alignment page(s) first.
    pub alignment: bool,
    pub out: PathBuf,
}

impl Options {
    /// Checks the numbers that do not depend on a kit.
    pub fn check(&self) -> Result<(), String> {
        let s = &self.settings;
        if !(s.bleed.is_finite() && (0.0..=MAX_BLEED).contains(&s.bleed)) {
            return Err(format!(
                "bleed must be between 0 and {MAX_BLEED} mm, not {}",
                s.bleed
            ));
        }
        if !(s.margin.is_finite() && (0.0..=MAX_MARGIN).contains(&s.margin)) {
            return Err(format!(
                "margin must be between 0 and {MAX_MARGIN} mm, not {}",
                s.margin
            ));
        }
        if !DPI_RANGE.contains(&self.dpi) {
            return Err(format!(
                "dpi must be between {} and {}, not {}",
                DPI_RANGE.start(),
                DPI_RANGE.end(),
                self.dpi
            ));
        }
        Ok(())
    }

    /// Checks the kit's components against the bleed: the bleed may not exceed half the
    /// smaller side of any piece that bleeds, and every piece needs a real size.
    pub fn check_kit(&self, kit: &Kit) -> Result<(), String> {
        for c in &kit.components {
            let size_ok =
                c.width.is_finite() && c.height.is_finite() && c.width > 0.0 && c.height > 0.0;
            if !size_ok {
                return Err(format!(
                    "{}: {} has no usable size ({} × {} mm)",
                    kit.title, c.name, c.width, c.height
                ));
            }
            let bleed = self.settings.bleed;
            if c.bleeds && bleed > c.width.min(c.height) / 2.0 {
                return Err(format!(
                    "bleed of {bleed} mm is larger than half of {} ({} × {} mm)",
                    c.name, c.width, c.height
                ));
            }
        }
        Ok(())
    }

    /// The pages of one kit's document.
    pub fn pages(&self, kit: &Kit) -> Vec<Page> {
        let mut pages = Vec::new();
        if self.alignment {
            pages.extend(layout::alignment_pages(&self.settings));
        }
        pages.extend(layout::plan(kit, &self.settings));
        pages
    }
}

/// Makes sure `dir` exists and takes files, before any work is done.
pub fn check_output_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create output folder {}: {e}", dir.display()))?;
    let probe = dir.join(format!(".tonkin-write-test.{}", std::process::id()));
    crate::engine::atomic::write_atomically(&probe, b"")
        .map_err(|e| format!("cannot write in {}: {e}", dir.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Writes one kit's pages in the chosen format; returns the files written.
/// `progress` is called once per page.
pub fn write(
    kit: &Kit,
    pages: &[Page],
    options: &Options,
    progress: &mut dyn FnMut(),
) -> Result<Vec<PathBuf>, String> {
    let doc = Document {
        kit,
        pages,
        margin: options.settings.margin,
    };
    let failed = |path: &Path, e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let stem = &kit.game;
    match options.format {
        Format::Pdf => {
            let path = options.out.join(format!("{stem}.pdf"));
            output::write_pdf(&path, doc, progress).map_err(|e| failed(&path, e))?;
            Ok(vec![path])
        }
        Format::Svg | Format::Png => {
            let mut written = Vec::new();
            for i in 0..pages.len() {
                let ext = options.format.id();
                let path = options.out.join(format!("{stem}-{:03}.{ext}", i + 1));
                let result = match options.format {
                    Format::Svg => output::write_svg(&path, doc, i),
                    _ => output::write_png(&path, doc, i, options.dpi),
                };
                result.map_err(|e| failed(&path, e))?;
                written.push(path);
                progress();
            }
            Ok(written)
        }
    }
}
