//! The print-and-play kit of That Others May Live: every component of the rules digest (§10)
//! with its count, a PDF of the whole kit with the expected pages, golden images of a card page
//! and a counter page, and record sheets filled from a played game.

mod common;
use std::path::Path;

use tonkin::engine::bot::play_out;
use tonkin::engine::game::Game;
use tonkin::export::job::{self, Options};
use tonkin::export::layout::{Duplex, Role, Settings};
use tonkin::export::output::{self, Document, Format};
use tonkin::export::paper::PaperSize;
use tonkin::export::{Kind, golden};
use tonkin::games::csar::art::records::mission_log_from;
use tonkin::games::csar::art::sheets::Outcome;
use tonkin::games::csar::kit::{kit, kit_for_game};
use tonkin::games::csar::rules::content::content;
use tonkin::games::csar::rules::{Csar, Options as CsarOptions};
use tonkin::games::kit_for;

/// The filled record sheets of That Others May Live are drawn from the typed state the rules keep:
/// neither its art nor its kit reads the game's log, so rewording a log line cannot change a
/// printed sheet.
#[test]
fn the_csar_art_and_kit_never_read_the_log() {
    assert_eq!(common::log_readers("csar"), Vec::<String>::new());
}

#[test]
fn every_component_of_the_digest_is_in_the_kit_with_its_count() {
    let kit = kit_for("csar").unwrap();
    let expect = [
        ("Resolution cards", Kind::Cards, 30, true),
        ("Action cards", Kind::Cards, 37, true),
        ("Event cards", Kind::Cards, 16, true),
        (
            "Pilot and PJ cards",
            Kind::Cards,
            content().pilots.len(),
            true,
        ),
        ("Map sheet", Kind::Map, 1, false),
        ("Player Aid", Kind::Aids, 1, true),
        ("Mission Log", Kind::Sheets, 1, false),
        ("Campaign Record", Kind::Sheets, 1, false),
    ];
    for (name, kind, count, back) in expect {
        let c = common::component(&kit, name);
        assert_eq!(
            (c.kind, c.count, c.has_back()),
            (kind, count, back),
            "{name}"
        );
    }
    for name in ["Resolution cards", "Action cards"] {
        let c = common::component(&kit, name);
        assert_eq!((c.width, c.height), (63.5, 88.9));
    }
    let units = common::component(&kit, "Unit counters (19 mm)");
    let markers = common::component(&kit, "Marker counters (16 mm)");
    assert_eq!((units.width, markers.width), (19.0, 16.0));
    assert!(units.has_back() && markers.has_back());
    assert_eq!(units.count + markers.count, 88);
    // Six Pilot/PJ counters, 3 track markers, 6 Hit, 5 two-turn ordnance, 3 Cluster Munitions.
    assert_eq!(markers.count, 6 + 3 + 6 + 5 + 3);
    assert_eq!(kit.components.len(), expect.len() + 2);
}

fn settings(paper: PaperSize) -> Settings {
    Settings {
        paper,
        ..Settings::default()
    }
}

/// Pages a component needs as fronts (backs follow each in long-edge duplex).
fn front_pages(per_page: usize, count: usize) -> usize {
    count.div_ceil(per_page)
}

#[test]
fn the_kit_exports_to_a_pdf_of_the_expected_pages() {
    let dir = tempfile::tempdir().unwrap();
    for paper in [PaperSize::A4, PaperSize::Letter] {
        let kit = kit().unwrap();
        let o = Options {
            settings: settings(paper),
            kinds: Vec::new(),
            format: Format::Pdf,
            dpi: 72,
            alignment: false,
            out: dir.path().to_path_buf(),
        };
        let pages = o.pages(&kit);
        // Every sheet, aid and record fits one page; the map is tiled.
        for name in ["Player Aid", "Mission Log", "Campaign Record"] {
            let i = kit.components.iter().position(|c| c.name == name).unwrap();
            let fronts = pages
                .iter()
                .filter(|p| p.component == Some(i) && p.role == Role::Fronts)
                .count();
            assert_eq!(fronts, 1, "{name} on {paper:?}");
        }
        let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
        common::check_pdf_pages(&files[0], pages.len(), paper.portrait_mm());
        if paper == PaperSize::A4 {
            // A4, long-edge duplex: 6 cards a page, each counter size on one page, the map in 8 tiles,
            // every page of fronts followed by its backs.
            let cards = [30, 37, 16, content().pilots.len()]
                .map(|n| front_pages(6, n))
                .iter()
                .sum::<usize>();
            let expected = 2 * (cards + 2 + 8 + 1 + 1 + 1);
            assert_eq!(pages.len(), expected);
        }
    }
}

#[test]
fn a_card_page_and_a_counter_page_match_their_golden_images() {
    let kit = kit().unwrap();
    let settings = Settings {
        duplex: Duplex::Long,
        ..Settings::default()
    };
    let o = Options {
        settings,
        kinds: Vec::new(),
        format: Format::Png,
        dpi: 30,
        alignment: false,
        out: Path::new(".").to_path_buf(),
    };
    let pages = o.pages(&kit);
    let doc = Document {
        kit: &kit,
        pages: &pages,
        margin: settings.margin,
    };
    let mut failures = Vec::new();
    for (golden_name, component, role) in [
        ("csar-action-cards-fronts", "Action cards", Role::Fronts),
        (
            "csar-unit-counters-fronts",
            "Unit counters (19 mm)",
            Role::Fronts,
        ),
        (
            "csar-unit-counters-backs",
            "Unit counters (19 mm)",
            Role::Backs,
        ),
    ] {
        let ci = kit
            .components
            .iter()
            .position(|c| c.name == component)
            .unwrap();
        let page = pages
            .iter()
            .position(|p| p.component == Some(ci) && p.role == role)
            .unwrap();
        let image = output::png_surface(doc, page, 30).unwrap();
        if let Err(e) = golden::check(golden_name, &image) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn record_sheets_are_filled_from_a_played_game() {
    // The first seed whose game lasts at least four turns.
    let g = (0..50)
        .map(|seed| {
            let mut g = Csar::setup("caged_tiger", &CsarOptions::default(), seed).unwrap();
            let mut bot = <Csar as tonkin::engine::play::Playable>::heuristic_bot(seed);
            play_out(&mut g, bot.as_mut(), 100_000).unwrap();
            g
        })
        .find(|g| g.turn >= 4)
        .unwrap();
    let log = mission_log_from(&g);
    assert_eq!(
        log.scenario.as_deref(),
        Some(g.scenario_data().title.as_str())
    );
    assert!(log.outcome.is_some() && log.deciding.is_some());
    assert_eq!(log.survivors.len(), g.survivors.len());
    assert!(log.aircraft.iter().any(|a| a.fate.is_some()));
    // Turn rows come from the typed record: every turn after the first drew Action cards and an Event.
    let played = usize::from(g.turn);
    let later = &log.turns[1..played];
    assert!(later.iter().all(|t| !t.cards.is_empty()), "{:?}", log.turns);
    assert!(later.iter().all(|t| !t.event.is_empty()), "{:?}", log.turns);
    assert!(log.turns[played..].iter().all(|t| t.cards.is_empty()));
    let won = g.outcome().unwrap().verdict == tonkin::engine::game::Verdict::Win;
    assert_eq!(log.outcome == Some(Outcome::Win), won);
    let kit = kit_for_game(&g);
    let sheet = common::component(&kit, "Mission Log");
    let surface = cairo::ImageSurface::create(
        cairo::Format::Rgb24,
        sheet.width as i32,
        sheet.height as i32,
    )
    .unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    sheet.draw_front(&cr, 0, 0.0).unwrap();
    common::component(&kit, "Campaign Record")
        .draw_front(&cr, 0, 0.0)
        .unwrap();
}
