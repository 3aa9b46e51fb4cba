//! Helpers shared by the integration tests.

pub mod csar;

/// The numbers after every `key [` in a PDF, e.g. each page's MediaBox.
#[allow(dead_code)] // not every test binary reads a PDF
pub fn boxes(pdf: &str, key: &str) -> Vec<Vec<f64>> {
    pdf.match_indices(key)
        .map(|(at, _)| {
            let rest = &pdf[at + key.len()..];
            let open = rest.find('[').unwrap();
            let close = rest.find(']').unwrap();
            rest[open + 1..close]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect()
}

/// Near-black pixels (every channel below 60) inside the millimetre rectangle (x, y, w, h) of
/// the map `scene` drawn at 2 pixels per millimetre.
#[allow(dead_code)] // not every test binary draws the map
pub fn dark_pixels(
    scene: &tonkin::games::csar::art::MapScene,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
) -> usize {
    const PX: f64 = 2.0;
    let (sw, sh) = scene.size();
    let mut s =
        cairo::ImageSurface::create(cairo::Format::Rgb24, (sw * PX) as i32, (sh * PX) as i32)
            .unwrap();
    {
        let cr = cairo::Context::new(&s).unwrap();
        cr.scale(PX, PX);
        tonkin::games::csar::art::draw_map(&cr, scene).unwrap();
    }
    s.flush();
    let stride = s.stride() as usize;
    let data = s.data().unwrap();
    let (x0, x1) = ((x * PX) as usize, ((x + w) * PX) as usize);
    let (y0, y1) = ((y * PX) as usize, ((y + h) * PX) as usize);
    (y0..y1)
        .flat_map(|row| (x0..x1).map(move |col| (col, row)))
        .filter(|&(col, row)| {
            let p = row * stride + col * 4;
            data[p..p + 3].iter().all(|&c| c < 60)
        })
        .count()
}

/// Parses every SVG page written and checks it is an `<svg>` as wide as its page; returns the
/// parsed documents' element counts.
#[allow(dead_code)] // not every test binary writes SVG
pub fn check_svg_pages(files: &[std::path::PathBuf], widths_mm: &[f64]) -> Vec<usize> {
    assert_eq!(files.len(), widths_mm.len());
    files
        .iter()
        .zip(widths_mm)
        .map(|(file, width_mm)| {
            let text = std::fs::read_to_string(file).unwrap();
            let doc = roxmltree::Document::parse(&text).unwrap();
            let root = doc.root_element();
            assert_eq!(root.tag_name().name(), "svg");
            let width: f64 = root
                .attribute("width")
                .unwrap()
                .trim_end_matches("pt")
                .parse()
                .unwrap();
            let expected = width_mm * tonkin::export::output::PT_PER_MM;
            assert!((width - expected).abs() < 0.01, "{}", file.display());
            doc.descendants().count()
        })
        .collect()
}

/// Reads a written PDF and checks it has `pages` pages, each of the paper's size in either
/// orientation (`paper_mm` is its portrait width and height); returns the PDF as text.
#[allow(dead_code)] // not every test binary writes a PDF
pub fn check_pdf_pages(file: &std::path::Path, pages: usize, paper_mm: (f64, f64)) -> String {
    let bytes = std::fs::read(file).unwrap();
    let pdf = String::from_utf8_lossy(&bytes).into_owned();
    let in_pdf = pdf.matches("/Type /Page").count() - pdf.matches("/Type /Pages").count();
    assert_eq!(in_pdf, pages, "{}", file.display());
    let pt = |mm: f64| (mm * tonkin::export::output::PT_PER_MM).round();
    let (w, h) = (pt(paper_mm.0), pt(paper_mm.1));
    let media = boxes(&pdf, "/MediaBox");
    assert_eq!(media.len(), pages, "{}", file.display());
    for b in media {
        let size = (b[2].round(), b[3].round());
        assert!(
            size == (w, h) || size == (h, w),
            "{}: {b:?}",
            file.display()
        );
    }
    pdf
}

/// Every place in a game's drawing (`src/games/<game>/art/` and its `kit.rs`) that reads the
/// game's log, as "file: what": the log is for people, and a sheet drawn from it would change
/// when a line is reworded (the rules keep what the sheets print as typed data).
#[allow(dead_code)] // only the print tests ask
pub fn log_readers(game: &str) -> Vec<String> {
    const READS: [&str; 8] = [
        "log.entries()",
        ".log.",
        "LogEntry",
        "engine::log",
        ".english()",
        "arg_english",
        "message.id",
        "rolled_table",
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/games")
        .join(game);
    let mut files = vec![root.join("kit.rs")];
    let mut folders = vec![root.join("art")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 2, "no art found for {game}");
    let mut found = Vec::new();
    for file in files {
        let code = std::fs::read_to_string(&file).unwrap();
        for what in READS.iter().filter(|w| code.contains(*w)) {
            found.push(format!("{}: {what}", file.display()));
        }
    }
    found
}

/// A kit's component by name.
#[allow(dead_code)] // only the print tests ask
pub fn component<'a>(kit: &'a tonkin::export::Kit, name: &str) -> &'a tonkin::export::Component {
    kit.components
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no component {name}"))
}

/// Export options for `paper` and `format` into `dir`, at 72 dpi, every component kind.
#[allow(dead_code)] // only the print tests ask
pub fn print_options(
    dir: &std::path::Path,
    paper: tonkin::export::paper::PaperSize,
    format: tonkin::export::output::Format,
) -> tonkin::export::job::Options {
    tonkin::export::job::Options {
        settings: tonkin::export::layout::Settings {
            paper,
            ..Default::default()
        },
        kinds: Vec::new(),
        format,
        dpi: 72,
        alignment: false,
        out: dir.to_path_buf(),
    }
}
