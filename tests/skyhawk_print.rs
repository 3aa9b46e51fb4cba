//! The print-and-play kit of Skyhawk: every component with its count, a PDF of the whole kit
//! with the expected pages on A4 and Letter, SVG pages that parse, every table of the content
//! in the Charts and Tables booklet, and record sheets filled from a played campaign.

mod common;

use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::export::job;
use tonkin::export::layout::Role;
use tonkin::export::output::Format;
use tonkin::export::paper::PaperSize;
use tonkin::export::{Component, Kind, Kit};
use tonkin::games::Presented;
use tonkin::games::kit_for;
use tonkin::games::skyhawk::art::counters::counter_sheet;
use tonkin::games::skyhawk::kit::{booklet_tables, kit, kit_for_game};
use tonkin::games::skyhawk::rules::content::content;
use tonkin::games::skyhawk::rules::{Options as SkyOptions, Skyhawk};

const SHEETS: [&str; 7] = [
    "Mission Record Card",
    "Ordnance Card",
    "Pilot Roster",
    "Division Record Sheet",
    "Campaign Record Sheet",
    "Campaign Calendar",
    "Awards Record Sheet",
];

/// The filled record sheets of Skyhawk are drawn from the typed state the rules keep:
/// neither its art nor its kit reads the game's log, so rewording a log line cannot change a
/// printed sheet.
#[test]
fn the_skyhawk_art_and_kit_never_read_the_log() {
    assert_eq!(common::log_readers("skyhawk"), Vec::<String>::new());
}

#[test]
fn the_kit_has_the_counters_the_booklet_the_map_and_the_seven_sheets() {
    let kit = kit_for("skyhawk").unwrap();
    assert_eq!(kit.title, "Skyhawk: Rolling Thunder 1966");
    let counters = common::component(&kit, "Counters (16 mm)");
    assert_eq!(
        (counters.kind, counters.width, counters.height),
        (Kind::Counters, 16.0, 16.0)
    );
    assert_eq!(counters.count, counter_sheet(content().unwrap()).len());
    assert!(counters.has_back());
    let charts = common::component(&kit, "Charts and Tables");
    assert_eq!(charts.kind, Kind::Aids);
    assert!(charts.has_back() && charts.count >= 2);
    for name in SHEETS {
        let c = common::component(&kit, name);
        assert_eq!(
            (c.kind, c.count, c.has_back()),
            (Kind::Sheets, 1, false),
            "{name}"
        );
    }
    let map = common::component(&kit, "Map");
    assert_eq!(
        (map.kind, map.width, map.height, map.count),
        (Kind::Map, 420.0, 297.0, 1)
    );
    let gazetteer = common::component(&kit, "Target Gazetteer");
    assert_eq!(gazetteer.kind, Kind::Aids);
    assert_eq!(kit.components.len(), 4 + SHEETS.len());
}

#[test]
fn the_kit_exports_to_a_pdf_of_the_expected_pages() {
    let dir = tempfile::tempdir().unwrap();
    for paper in [PaperSize::A4, PaperSize::Letter] {
        let kit = kit().unwrap();
        let o = common::print_options(dir.path(), paper, Format::Pdf);
        let pages = o.pages(&kit);
        let fronts = |name: &str| {
            let i = kit.components.iter().position(|c| c.name == name).unwrap();
            pages
                .iter()
                .filter(|p| p.component == Some(i) && p.role == Role::Fronts)
                .count()
        };
        // Every sheet on one page; the booklet one sheet per two pages; the counters on a few
        // pages, each with its page of backs.
        for name in SHEETS {
            assert_eq!(fronts(name), 1, "{name} on {paper:?}");
        }
        let booklet = common::component(&kit, "Charts and Tables").count;
        assert_eq!(fronts("Charts and Tables"), booklet);
        let counters = fronts("Counters (16 mm)");
        assert!((2..=4).contains(&counters), "{counters} counter pages");
        // The A3 map is tiled over several pages.
        let map = fronts("Map");
        assert!((2..=6).contains(&map), "{map} map pages");
        let gazetteer = fronts("Target Gazetteer");
        assert_eq!(gazetteer, common::component(&kit, "Target Gazetteer").count);
        let every_front_has_a_back = 2 * (counters + booklet + SHEETS.len() + map + gazetteer);
        assert_eq!(pages.len(), every_front_has_a_back, "{paper:?}");
        let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
        common::check_pdf_pages(&files[0], pages.len(), paper.portrait_mm());
    }
}

#[test]
fn svg_pages_parse_and_have_the_paper_size() {
    let dir = tempfile::tempdir().unwrap();
    let kit = kit().unwrap();
    let o = common::print_options(dir.path(), PaperSize::A4, Format::Svg);
    let pages = o.pages(&kit);
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    let widths: Vec<f64> = pages.iter().map(|p| p.width).collect();
    for (file, elements) in files.iter().zip(common::check_svg_pages(&files, &widths)) {
        assert!(elements > 20, "{}", file.display());
    }
}

#[test]
fn every_table_of_the_content_is_in_the_booklet() {
    let dir = tempfile::tempdir().unwrap();
    let kit = kit().unwrap().only(&[Kind::Aids]);
    let mut o = common::print_options(dir.path(), PaperSize::A4, Format::Pdf);
    o.kinds = vec![Kind::Aids];
    let pages = o.pages(&kit);
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&files[0])
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) reads the booklet");
    // Words broken over lines or spaced by the layout are joined for the search.
    let text: String = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect();
    let tables = booklet_tables(content().unwrap());
    assert_eq!(tables.len(), content().unwrap().tables.len());
    for t in tables {
        // A table without a number goes by its title.
        let numbered = t.id.starts_with(|c: char| c.is_ascii_digit()) || t.id.starts_with("S-");
        let heading = if numbered {
            format!("Table {}: {}", t.id, t.title)
        } else {
            t.title.clone()
        };
        let heading: String = heading.split_whitespace().collect();
        assert!(text.contains(&heading), "{heading} is missing");
    }
    let recon = text.matches("RECON").count();
    let reconstructed = content()
        .unwrap()
        .tables
        .values()
        .filter(|t| t.source == tonkin::engine::content::Source::Recon)
        .count();
    assert_eq!(recon, reconstructed);
}

/// Pixels written in the sheets' pen blue.
fn pen_pixels(c: &Component) -> usize {
    let px = 4.0;
    let mut s = cairo::ImageSurface::create(
        cairo::Format::Rgb24,
        (c.width * px) as i32,
        (c.height * px) as i32,
    )
    .unwrap();
    {
        let cr = cairo::Context::new(&s).unwrap();
        cr.set_source_rgb(1.0, 1.0, 1.0);
        cr.paint().unwrap();
        cr.scale(px, px);
        c.draw_front(&cr, 0, 0.0).unwrap();
    }
    s.flush();
    let stride = s.stride() as usize;
    let (w, h) = (s.width() as usize, s.height() as usize);
    let data = s.data().unwrap();
    let pen = [0.50, 0.27, 0.10].map(|v: f64| (v * 255.0) as i32);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| y * stride + x * 4))
        .filter(|&at| (0..3).all(|k| (i32::from(data[at + k]) - pen[k]).abs() <= 6))
        .count()
}

/// Writes the record sheets of `kit` as a PDF into `dir`, to look at them
/// (`SKYHAWK_PRINT_OUT=dir cargo test --test skyhawk_print`).
fn write_sheets(kit: &Kit, dir: &std::path::Path) {
    let o = common::print_options(dir, PaperSize::A4, Format::Pdf);
    let pages = o
        .pages(kit)
        .into_iter()
        .filter(|p| {
            p.component
                .is_some_and(|c| kit.components[c].kind == Kind::Sheets)
        })
        .collect::<Vec<_>>();
    job::write(kit, &pages, &o, &mut || {}).unwrap();
}

/// A campaign played by the heuristic bot until two missions are on record and the third is
/// loaded.
fn campaign_under_way() -> Skyhawk {
    let mut g = Skyhawk::setup("campaign1", &SkyOptions::default(), 7).unwrap();
    let mut bot = Skyhawk::heuristic_bot(7);
    for _ in 0..20_000 {
        let k = g.campaign.as_ref().unwrap();
        if k.records.len() >= 2 && g.loadout != Default::default() {
            return g;
        }
        play_steps(&mut g, bot.as_mut(), 1).unwrap();
        assert!(g.outcome().is_none(), "the campaign ended early");
    }
    panic!("no third mission loaded");
}

#[test]
fn sheets_filled_from_a_campaign_are_written_in_where_the_blank_ones_are_empty() {
    let g = campaign_under_way();
    let blank = kit().unwrap();
    let filled = kit_for_game(&g);
    for name in SHEETS {
        let (b, f) = (
            pen_pixels(common::component(&blank, name)),
            pen_pixels(common::component(&filled, name)),
        );
        assert!(b < 20, "{name}: {b} pen pixels on the blank sheet");
        assert!(f > 40, "{name}: only {f} pen pixels on the filled sheet");
    }
    // The filled kit is the one the game window exports.
    let from_trait = g.filled_kit().unwrap();
    assert_eq!(from_trait.components.len(), filled.components.len());
    if let Ok(dir) = std::env::var("SKYHAWK_PRINT_OUT") {
        write_sheets(&filled, std::path::Path::new(&dir));
    }
}

#[test]
fn a_single_mission_fills_its_own_sheets_and_leaves_the_campaign_ones_blank() {
    // With the four-plane division of optional rule 15.1.
    let options = SkyOptions {
        division: true,
        ..SkyOptions::default()
    };
    let mut g = Skyhawk::setup("single", &options, 3).unwrap();
    let mut bot = Skyhawk::heuristic_bot(3);
    tonkin::engine::bot::play_out(&mut g, bot.as_mut(), 20_000).unwrap();
    let filled = kit_for_game(&g);
    if let Ok(dir) = std::env::var("SKYHAWK_PRINT_OUT") {
        write_sheets(&filled, &std::path::Path::new(&dir).join("single"));
    }
    for name in [
        "Ordnance Card",
        "Division Record Sheet",
        "Awards Record Sheet",
    ] {
        assert!(pen_pixels(common::component(&filled, name)) > 40, "{name}");
    }
    for name in ["Pilot Roster", "Campaign Record Sheet", "Campaign Calendar"] {
        assert!(pen_pixels(common::component(&filled, name)) < 20, "{name}");
    }
}

#[test]
fn the_squadron_rules_mark_the_calendar_and_the_division_sheet() {
    // 14.0.2 maintenance with the division of 15.1 and the rotation of 14.0.3.
    let options = SkyOptions {
        maintenance: true,
        division: true,
        rotation: true,
        ..SkyOptions::default()
    };
    let mut g = Skyhawk::setup("campaign1", &options, 5).unwrap();
    let mut bot = Skyhawk::heuristic_bot(5);
    while g.campaign.as_ref().unwrap().records.len() < 4 || g.nv_fire.is_empty() {
        play_steps(&mut g, bot.as_mut(), 1).unwrap();
        assert!(g.outcome().is_none(), "the campaign ended early");
    }
    let filled = kit_for_game(&g);
    if let Ok(dir) = std::env::var("SKYHAWK_PRINT_OUT") {
        write_sheets(&filled, &std::path::Path::new(&dir).join("squadron"));
    }
    // The same game without the day marks and the NV counts writes less on those sheets.
    let mut bare = g.clone();
    bare.nv_fire.clear();
    if let Some(k) = bare.campaign.as_mut() {
        k.squadron.days.clear();
    }
    let bare = kit_for_game(&bare);
    for name in ["Campaign Calendar", "Division Record Sheet"] {
        let (with, without) = (
            pen_pixels(common::component(&filled, name)),
            pen_pixels(common::component(&bare, name)),
        );
        assert!(with > without, "{name}: {with} against {without}");
    }
}

#[test]
fn a_finished_third_campaign_fills_both_tours() {
    let mut g = Skyhawk::setup("campaign3", &SkyOptions::default(), 21).unwrap();
    let mut bot = Skyhawk::heuristic_bot(21);
    tonkin::engine::bot::play_out(&mut g, bot.as_mut(), 200_000).unwrap();
    let k = g.campaign.as_ref().unwrap();
    let kit = kit_for_game(&g);
    let record = common::component(&kit, "Campaign Record Sheet");
    assert_eq!(
        record.count,
        k.records
            .len()
            .div_ceil(tonkin::games::skyhawk::art::sheets::campaign::ROWS_PER_PAGE)
            .max(1)
    );
    for name in SHEETS {
        assert!(pen_pixels(common::component(&kit, name)) > 40, "{name}");
    }
    if let Ok(dir) = std::env::var("SKYHAWK_PRINT_OUT") {
        write_sheets(&kit, &std::path::Path::new(&dir).join("c3"));
    }
}
