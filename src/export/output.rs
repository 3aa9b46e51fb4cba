//! Turning planned pages into files: one multi-page PDF, one SVG per page or one PNG per page.
//! Every file is written atomically: on any error no half-written file is left behind.

use std::io::{self, Write};
use std::path::Path;

use cairo::{Context, ImageSurface, PdfSurface, SvgSurface};

use super::component::Kit;
use super::layout::Page;
use super::render::draw_page;
use crate::engine::atomic::write_atomically_with;

/// Points per millimetre: PDF and SVG surfaces measure in points.
pub const PT_PER_MM: f64 = 72.0 / 25.4;
/// The resolutions `--dpi` accepts.
pub const DPI_RANGE: std::ops::RangeInclusive<u32> = 36..=1200;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Svg,
    Png,
}

named_choices!(Format, "format", { Pdf => "pdf", Svg => "svg", Png => "png" });

/// The pages of one document with what their footers need.
#[derive(Clone, Copy)]
pub struct Document<'a> {
    pub kit: &'a Kit,
    pub pages: &'a [Page],
    pub margin: f64,
}

impl Document<'_> {
    /// Draws page `i` (0-based) on a context already scaled to millimetres.
    pub fn draw(&self, cr: &Context, i: usize) -> Result<(), cairo::Error> {
        // Unhinted metrics: text is laid out the same at every resolution and on every surface.
        let mut fonts = cairo::FontOptions::new()?;
        fonts.set_hint_metrics(cairo::HintMetrics::Off);
        fonts.set_hint_style(cairo::HintStyle::None);
        cr.set_font_options(&fonts);
        draw_page(
            cr,
            self.kit,
            &self.pages[i],
            i + 1,
            self.pages.len(),
            self.margin,
        )
    }
}

fn cairo_err(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(e.to_string())
}

/// Writes the whole document as one PDF into `out` and gives `out` back.
/// `progress` is called after each page.
pub fn pdf_into<W: Write + 'static>(
    out: W,
    doc: Document,
    progress: &mut dyn FnMut(),
) -> io::Result<W> {
    let first = doc.pages.first();
    let (w, h) = first.map_or((210.0, 297.0), |p| (p.width, p.height));
    let surface = PdfSurface::for_stream(w * PT_PER_MM, h * PT_PER_MM, out).map_err(cairo_err)?;
    let drawn = (|| -> Result<(), cairo::Error> {
        let cr = Context::new(&surface)?;
        for (i, page) in doc.pages.iter().enumerate() {
            surface.set_size(page.width * PT_PER_MM, page.height * PT_PER_MM)?;
            cr.save()?;
            cr.scale(PT_PER_MM, PT_PER_MM);
            doc.draw(&cr, i)?;
            cr.restore()?;
            cr.show_page()?;
            progress();
        }
        Ok(())
    })();
    finish(&surface, drawn)
}

/// Writes one page as an SVG document into `out`.
pub fn svg_into<W: Write + 'static>(out: W, doc: Document, i: usize) -> io::Result<W> {
    let page = &doc.pages[i];
    let surface = SvgSurface::for_stream(page.width * PT_PER_MM, page.height * PT_PER_MM, out)
        .map_err(cairo_err)?;
    let drawn = (|| -> Result<(), cairo::Error> {
        let cr = Context::new(&surface)?;
        cr.scale(PT_PER_MM, PT_PER_MM);
        doc.draw(&cr, i)
    })();
    finish(&surface, drawn)
}

/// Ends a stream surface and gives its stream back, or the first error: writing's, then
/// drawing's.
fn finish<W: 'static>(surface: &cairo::Surface, drawn: Result<(), cairo::Error>) -> io::Result<W> {
    let stream = surface.finish_output_stream().map_err(|e| e.error)?;
    drawn.map_err(cairo_err)?;
    stream
        .downcast::<W>()
        .map(|b| *b)
        .map_err(|_| io::Error::other("output stream of an unexpected type"))
}

/// Page `i` rendered on white at `dpi`.
pub fn png_surface(doc: Document, i: usize, dpi: u32) -> Result<ImageSurface, cairo::Error> {
    let page = &doc.pages[i];
    let px_per_mm = f64::from(dpi) / 25.4;
    let width = (page.width * px_per_mm).round() as i32;
    let height = (page.height * px_per_mm).round() as i32;
    let surface = ImageSurface::create(cairo::Format::Rgb24, width, height)?;
    {
        let cr = Context::new(&surface)?;
        cr.set_source_rgb(1.0, 1.0, 1.0);
        cr.paint()?;
        cr.scale(px_per_mm, px_per_mm);
        doc.draw(&cr, i)?;
    }
    surface.flush();
    Ok(surface)
}

/// Writes the document as one PDF file.
pub fn write_pdf(path: &Path, doc: Document, progress: &mut dyn FnMut()) -> io::Result<()> {
    write_atomically_with(path, |file| {
        pdf_into(file.try_clone()?, doc, progress).map(drop)
    })
}

/// Writes page `i` as an SVG file.
pub fn write_svg(path: &Path, doc: Document, i: usize) -> io::Result<()> {
    write_atomically_with(path, |file| svg_into(file.try_clone()?, doc, i).map(drop))
}

/// Writes page `i` as a PNG file at `dpi`.
pub fn write_png(path: &Path, doc: Document, i: usize, dpi: u32) -> io::Result<()> {
    let surface = png_surface(doc, i, dpi).map_err(cairo_err)?;
    write_atomically_with(path, |file| surface.write_to_png(file).map_err(cairo_err))
}
