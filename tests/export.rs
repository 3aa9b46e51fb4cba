//! Print-and-play export, end to end: files written, their pages and sizes, every piece drawn
//! the right number of times, nothing half-written on failure, and golden images.

mod common;
use common::boxes;
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use tonkin::export::job::{self, Options};
use tonkin::export::layout::{Duplex, Face, Role, Settings};
use tonkin::export::output::{self, Document, Format, PT_PER_MM};
use tonkin::export::paper::{Orientation, PaperSize};
use tonkin::export::{Component, Kind, Kit, golden, sample};

fn options(out: &Path, settings: Settings, format: Format) -> Options {
    Options {
        settings,
        kinds: Vec::new(),
        format,
        dpi: 72,
        alignment: true,
        out: out.to_path_buf(),
    }
}

#[test]
fn the_pdf_has_every_page_at_its_paper_size() {
    let dir = tempfile::tempdir().unwrap();
    for (paper, orientation) in [
        (PaperSize::A4, None),
        (PaperSize::Letter, Some(Orientation::Landscape)),
        (PaperSize::Tabloid, None),
    ] {
        let settings = Settings {
            paper,
            orientation,
            ..Settings::default()
        };
        let o = options(dir.path(), settings, Format::Pdf);
        let kit = sample::kit();
        let pages = o.pages(&kit);
        let mut ticks = 0;
        let files = job::write(&kit, &pages, &o, &mut || ticks += 1).unwrap();
        assert_eq!(ticks, pages.len());
        assert_eq!(files, vec![dir.path().join("sample.pdf")]);
        let bytes = std::fs::read(&files[0]).unwrap();
        let pdf = String::from_utf8_lossy(&bytes);
        assert!(
            pdf.contains(&format!("/Count {}", pages.len())),
            "{paper:?}"
        );
        let media = boxes(&pdf, "/MediaBox");
        assert_eq!(media.len(), pages.len());
        for (b, page) in media.iter().zip(&pages) {
            assert!((b[2] - page.width * PT_PER_MM).abs() < 0.01, "{b:?}");
            assert!((b[3] - page.height * PT_PER_MM).abs() < 0.01, "{b:?}");
        }
        let (w, h) = paper.mm(orientation.unwrap_or(Orientation::Portrait));
        assert!((media[0][2] - w * PT_PER_MM).abs() < 0.01);
        assert!((media[0][3] - h * PT_PER_MM).abs() < 0.01);
        // poppler agrees, where it is installed.
        if let Ok(info) = std::process::Command::new("pdfinfo")
            .arg(&files[0])
            .output()
        {
            let text = String::from_utf8_lossy(&info.stdout);
            let count = text
                .lines()
                .find_map(|l| l.strip_prefix("Pages:"))
                .map(|n| n.trim().parse::<usize>().unwrap());
            assert_eq!(count, Some(pages.len()), "{text}");
        }
    }
}

#[test]
fn svg_pages_are_well_formed_and_sized() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings {
        duplex: Duplex::Fold,
        ..Settings::default()
    };
    let o = options(dir.path(), settings, Format::Svg);
    let kit = sample::kit().only(&[Kind::Cards, Kind::Aids]);
    let pages = o.pages(&kit);
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    assert_eq!(files[0], dir.path().join("sample-001.svg"));
    let widths: Vec<f64> = pages.iter().map(|p| p.width).collect();
    common::check_svg_pages(&files, &widths);
}

#[test]
fn png_pages_have_the_paper_size_at_the_dpi() {
    let dir = tempfile::tempdir().unwrap();
    let mut o = options(dir.path(), Settings::default(), Format::Png);
    o.dpi = 50;
    o.alignment = false;
    let kit = sample::kit().only(&[Kind::Aids]);
    let pages = o.pages(&kit);
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    assert_eq!(files.len(), 2, "one page of aids and its blank back");
    let image =
        cairo::ImageSurface::create_from_png(&mut std::fs::File::open(&files[0]).unwrap()).unwrap();
    assert_eq!((image.width(), image.height()), (413, 585));
}

type Calls = Rc<RefCell<Vec<(String, usize, Face)>>>;

/// The sample kit's shapes with drawings that only record what they were asked to draw.
fn recording_kit(calls: &Calls) -> Kit {
    let components = sample::kit()
        .components
        .iter()
        .map(|c| {
            let (front, back) = (calls.clone(), calls.clone());
            let (name_f, name_b) = (c.name.clone(), c.name.clone());
            let mut r = Component::new(
                &c.name,
                c.kind,
                (c.width, c.height),
                c.count,
                move |_, i, _| {
                    front.borrow_mut().push((name_f.clone(), i, Face::Front));
                    Ok(())
                },
            );
            if c.has_back() {
                r = r.with_back(move |_, i, _| {
                    back.borrow_mut().push((name_b.clone(), i, Face::Back));
                    Ok(())
                });
            }
            r
        })
        .collect();
    Kit {
        game: "recording".into(),
        title: "Recording".into(),
        components,
    }
}

#[test]
fn every_piece_is_drawn_as_often_as_the_kit_says() {
    for duplex in [Duplex::Long, Duplex::Short, Duplex::Fold, Duplex::None] {
        let calls: Calls = Rc::default();
        let kit = recording_kit(&calls);
        let settings = Settings {
            duplex,
            ..Settings::default()
        };
        let pages = tonkin::export::layout::plan(&kit, &settings);
        let doc = Document {
            kit: &kit,
            pages: &pages,
            margin: settings.margin,
        };
        let pdf = output::pdf_into(Vec::new(), doc, &mut || {}).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let calls = calls.borrow();
        for c in &kit.components {
            let tiles = pages
                .iter()
                .filter(|p| p.items.iter().any(|_| true) && p.tile.is_some())
                .filter(|p| p.component.map(|i| &kit.components[i].name) == Some(&c.name))
                .count()
                .max(1);
            let tiles_per_piece = if tiles > 1 { tiles / c.count } else { 1 };
            for face in [Face::Front, Face::Back] {
                let expected = match face {
                    Face::Back if !c.has_back() || duplex == Duplex::None => 0,
                    Face::Back if tiles_per_piece > 1 && duplex == Duplex::Fold => 0,
                    _ => tiles_per_piece,
                };
                for i in 0..c.count {
                    let n = calls
                        .iter()
                        .filter(|(name, index, f)| *name == c.name && *index == i && *f == face)
                        .count();
                    assert_eq!(n, expected, "{} #{i} {face:?} {duplex:?}", c.name);
                }
            }
        }
    }
}

#[test]
fn a_failing_drawing_leaves_no_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let broken = Component::new("Broken cards", Kind::Cards, (63.0, 88.0), 9, |_, i, _| {
        if i == 7 {
            Err(cairo::Error::InvalidSize)
        } else {
            Ok(())
        }
    });
    let kit = Kit::new("csar", "That Others May Live", vec![broken]);
    for format in [Format::Pdf, Format::Svg, Format::Png] {
        let o = options(dir.path(), Settings::default(), format);
        let pages = o.pages(&kit);
        let err = job::write(&kit, &pages, &o, &mut || {}).unwrap_err();
        assert!(err.starts_with("cannot write"), "{err}");
        // SVG and PNG pages before the broken one are complete files; nothing else remains.
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                !name.starts_with('.') && !name.ends_with(".pdf"),
                "{name} left behind"
            );
        }
    }
}

/// The first page of `role` showing `component` (`None`: the alignment page), and of
/// `tile` for tiled pieces.
fn find_page(
    kit: &Kit,
    pages: &[tonkin::export::layout::Page],
    component: Option<&str>,
    role: Role,
    tile: Option<usize>,
) -> usize {
    pages
        .iter()
        .position(|p| {
            p.component.map(|c| kit.components[c].name.as_str()) == component
                && p.role == role
                && p.tile.map(|t| t.number()) == tile
        })
        .unwrap_or_else(|| panic!("no {role:?} page of {component:?}"))
}

#[test]
fn pages_match_their_golden_images() {
    let kit = sample::kit();
    /// A reference page: its name and which page of which export it is.
    struct Case(
        &'static str,
        Duplex,
        Option<&'static str>,
        Role,
        Option<usize>,
    );
    let cases = [
        Case(
            "long-cards-fronts",
            Duplex::Long,
            Some("Test cards"),
            Role::Fronts,
            None,
        ),
        Case(
            "long-cards-backs",
            Duplex::Long,
            Some("Test cards"),
            Role::Backs,
            None,
        ),
        Case(
            "short-cards-backs",
            Duplex::Short,
            Some("Test cards"),
            Role::Backs,
            None,
        ),
        Case(
            "long-counters-fronts",
            Duplex::Long,
            Some("Test counters"),
            Role::Fronts,
            None,
        ),
        Case(
            "fold-cards",
            Duplex::Fold,
            Some("Test cards"),
            Role::Folded,
            None,
        ),
        Case("fold-alignment", Duplex::Fold, None, Role::Alignment, None),
        Case(
            "long-map-tile-2",
            Duplex::Long,
            Some("Test map"),
            Role::Fronts,
            Some(2),
        ),
    ];
    let mut failures = Vec::new();
    for Case(name, duplex, component, role, tile) in cases {
        let settings = Settings {
            duplex,
            ..Settings::default()
        };
        let o = options(Path::new("."), settings, Format::Png);
        let pages = o.pages(&kit);
        let doc = Document {
            kit: &kit,
            pages: &pages,
            margin: settings.margin,
        };
        let page = find_page(&kit, &pages, component, role, tile);
        let image = output::png_surface(doc, page, 30).unwrap();
        if let Err(e) = golden::check(name, &image) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_command_answers_in_one_line_and_exits_accordingly() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tonkin"))
            .arg("export")
            .args(args)
            .arg("-o")
            .arg(dir.path())
            .output()
            .unwrap()
    };
    for (args, expected) in [
        (
            &["--game", "all", "--components", "cards,dice"][..],
            "unknown component kind 'dice'",
        ),
        (
            &["--alignment-page", "--bleed", "-3"],
            "bleed must be between 0 and 10 mm",
        ),
        (
            &["--alignment-page", "--dpi", "2000"],
            "dpi must be between 36 and 1200",
        ),
    ] {
        let out = run(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expected), "{err}");
    }
    let out = run(&["--alignment-page", "--format", "svg", "--duplex", "long"]);
    assert!(out.status.success());
    // Not a terminal: no progress bar, only the summary.
    assert!(out.stderr.is_empty());
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.starts_with("Tonkin: 2 pages → "), "{said}");
    assert!(dir.path().join("alignment-002.svg").exists());
}
