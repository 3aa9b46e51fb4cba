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
    let stem = &kit.game;
    match options.format {
        Format::Pdf => {
            let path = options.out.join(format!("{stem}.pdf"));
            output::write_pdf(&path, doc, progress)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Ok(vec![path])
        }
        Format::Svg | Format::Png => {
            let ext = options.format.id();
            let mut draw = |path: &Path, i: usize| match options.format {
                Format::Svg => output::write_svg(path, doc, i),
                _ => output::write_png(path, doc, i, options.dpi),
            };
            write_pages(&options.out, stem, ext, pages.len(), &mut draw, progress)
        }
    }
}

/// Writes `count` pages named `<stem>-001.<ext>`… into `out`, all or none: they are drawn
/// into a hidden folder beside them and moved into place once every page is written; when one
/// fails (a full disk), the folder and the pages already drawn are removed.
fn write_pages(
    out: &Path,
    stem: &str,
    ext: &str,
    count: usize,
    draw: &mut dyn FnMut(&Path, usize) -> std::io::Result<()>,
    progress: &mut dyn FnMut(),
) -> Result<Vec<PathBuf>, String> {
    let name = |i: usize| format!("{stem}-{:03}.{ext}", i + 1);
    let staging = Staging::new(out.join(format!(".tonkin-{stem}-{}", std::process::id())))
        .map_err(|e| format!("cannot write in {}: {e}", out.display()))?;
    for i in 0..count {
        let path = staging.path().join(name(i));
        draw(&path, i).map_err(|e| format!("cannot write {}: {e}", out.join(name(i)).display()))?;
        progress();
    }
    let mut written = Vec::with_capacity(count);
    for i in 0..count {
        let path = out.join(name(i));
        std::fs::rename(staging.path().join(name(i)), &path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// A hidden folder of pages being drawn, removed with whatever it holds when dropped.
struct Staging(PathBuf);

impl Staging {
    fn new(path: PathBuf) -> std::io::Result<Staging> {
        // Left over from an export that was killed.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir(&path)?;
        Ok(Staging(path))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn pages_are_all_written_or_none_is_left_behind() {
        let out = tempfile::tempdir().unwrap();
        let mut full_disk = |path: &Path, i: usize| {
            if i == 5 {
                return Err(std::io::Error::from(std::io::ErrorKind::StorageFull));
            }
            std::fs::write(path, b"page")
        };
        let e = write_pages(out.path(), "csar", "png", 8, &mut full_disk, &mut || {}).unwrap_err();
        assert!(
            e.contains("csar-006.png") && e.contains("no storage space"),
            "{e}"
        );
        assert!(
            files_in(out.path()).is_empty(),
            "{:?}",
            files_in(out.path())
        );

        let mut fine = |path: &Path, _: usize| std::fs::write(path, b"page");
        let mut pages = 0;
        let written =
            write_pages(out.path(), "csar", "png", 3, &mut fine, &mut || pages += 1).unwrap();
        assert_eq!(pages, 3);
        assert_eq!(
            written,
            [1, 2, 3].map(|n| out.path().join(format!("csar-00{n}.png")))
        );
        assert_eq!(
            files_in(out.path()),
            ["csar-001.png", "csar-002.png", "csar-003.png"]
        );
    }
}
