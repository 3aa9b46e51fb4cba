//! The print-and-play kit of Chopper Pilot Vietnam: every component of the rules digest (§10)
//! with its count, each drawn into a PDF and an SVG, the sheets each on one page of A4 and of
//! Letter, and the record sheets filled from a game the bot has flown.

mod common;

use tonkin::art::draw::fits;
use tonkin::engine::bot::Bot;
use tonkin::engine::game::Game;
use tonkin::export::Kind;
use tonkin::export::job;
use tonkin::export::layout::{Duplex, Item, Role, Turn};
use tonkin::export::output::{self, Document, Format};
use tonkin::export::paper::{Orientation, PaperSize};
use tonkin::games::chopper_pilot::art::pamphlet::{self, Panel};
use tonkin::games::chopper_pilot::art::playbook::Playbook;
use tonkin::games::chopper_pilot::art::records::{MissionLog, draw_mission_log};
use tonkin::games::chopper_pilot::kit::{kit, kit_for_game};
use tonkin::games::chopper_pilot::rules::bot::Commander;
use tonkin::games::chopper_pilot::rules::content::{MARKERS, content};
use tonkin::games::chopper_pilot::rules::{ChopperPilot, Phase};
use tonkin::games::kit_for;

#[test]
fn the_chopper_pilot_art_and_kit_never_read_the_log() {
    assert_eq!(common::log_readers("chopper_pilot"), Vec::<String>::new());
}

#[test]
fn every_component_of_the_digest_is_in_the_kit_with_its_count() {
    let kit = kit_for("chopper_pilot").unwrap();
    let c = content().unwrap();
    let deck = |kind: &str| -> usize {
        c.decks
            .iter()
            .filter(|d| format!("{:?}", d.kind) == kind)
            .map(|d| d.cards().len())
            .sum()
    };
    let airframes: usize = c.helicopters.iter().map(|h| usize::from(h.airframes)).sum();
    let expect = [
        ("Tactical Maps", Kind::Map, 6, false),
        ("Operations Maps", Kind::Map, 3, false),
        // Primary 40 and SOG 15, Combat 45, Primary 35 and SOG 15 (digest 10.2).
        ("Enroute Event cards", Kind::Cards, 55, true),
        ("Combat Event cards", Kind::Cards, 45, true),
        ("Return Event cards", Kind::Cards, 50, true),
        ("Crew Bio cards", Kind::Cards, 20, true),
        ("Unit Cards", Kind::Cards, 9, true),
        ("Helicopter Info Cards", Kind::Sheets, 9, false),
        ("Crew Boards", Kind::Sheets, 4, false),
        // A booklet: four pages a sheet, printed on both sides (digest 10.6).
        (
            "Playbook",
            Kind::Aids,
            Playbook::new().unwrap().sheets(),
            true,
        ),
        // A trifold: one sheet, printed on both sides (digest 10.9).
        ("Emergency Procedures", Kind::Aids, 1, true),
        ("Base Mat", Kind::Sheets, 1, false),
        ("Arc and scatter reference", Kind::Sheets, 1, false),
        ("Combat Tour Cards", Kind::Sheets, 2, false),
        ("Mission Log", Kind::Sheets, 1, false),
        ("Campaign summary", Kind::Sheets, 1, false),
    ];
    for (name, kind, count, back) in expect {
        let comp = common::component(&kit, name);
        assert_eq!(
            (comp.kind, comp.count, comp.has_back()),
            (kind, count, back),
            "{name}"
        );
    }
    assert_eq!(deck("Enroute"), 55);
    assert_eq!(airframes, 9);
    let aid = common::component(&kit, "Player Aid");
    assert!(aid.kind == Kind::Aids && aid.count >= 2);
    let counters = common::component(&kit, "Counters (16 mm)");
    assert!(counters.has_back() && (counters.width, counters.height) == (16.0, 16.0));
    // The double-length Airstrike markers, 5/8 by 1 1/4 inch (digest 10.4), on their own sheets.
    let long = common::component(&kit, "Airstrike markers (16 × 32 mm)");
    assert!(long.has_back() && (long.width, long.height) == (16.0, 32.0));
    assert_eq!(long.count, c.counters_of("air_strike"));
    // The ground units and markers as many times as the counter mix says (G19), two per
    // airframe, one per crew member, and sets of the Crew Board's markers.
    let units: usize = c.units.iter().map(|u| c.counters_of(&u.id)).sum();
    assert_eq!(units, 189, "the G19 mix of the ground units");
    // The markers of the map as the content lists them; the Crew Board's come in sets.
    let sets = ["skill_digits", "experience", "skill_drm", "luck"];
    assert!(sets.iter().all(|m| MARKERS.contains(m)));
    let markers: usize = MARKERS
        .iter()
        .filter(|m| !sets.contains(m))
        .map(|m| c.counters_of(m))
        .sum();
    let board = 10 * c.counters_of("skill_digits")
        + c.experience.len().div_ceil(2) * c.counters_of("experience")
        + c.counters_of("skill_drm")
        + usize::from(c.career.luck_max) * c.counters_of("luck");
    assert_eq!(
        counters.count + long.count,
        units + 2 * airframes + c.bios.len() + markers + board
    );
    assert!(
        c.counters
            .iter()
            .all(|n| n.source == tonkin::engine::content::Source::Recon)
    );
    assert_eq!(kit.components.len(), expect.len() + 3);
}

#[test]
fn the_kit_exports_to_pdf_on_a4_and_letter_with_each_sheet_on_one_page() {
    let dir = tempfile::tempdir().unwrap();
    for paper in [PaperSize::A4, PaperSize::Letter] {
        let kit = kit().unwrap();
        let o = common::print_options(dir.path(), paper, Format::Pdf);
        let pages = o.pages(&kit);
        for (i, c) in kit.components.iter().enumerate() {
            let fronts = pages
                .iter()
                .filter(|p| p.component == Some(i) && p.role == Role::Fronts)
                .count();
            if matches!(c.kind, Kind::Sheets | Kind::Aids) {
                assert_eq!(fronts, c.count, "{} on {paper:?}: one page each", c.name);
            } else {
                assert!(fronts >= 1, "{}", c.name);
            }
            if c.kind == Kind::Map {
                // The maps are tiled: a Tactical Map is 34 × 22 inches.
                assert!(fronts >= 4 * c.count, "{}: {fronts} tiles", c.name);
            }
        }
        let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
        common::check_pdf_pages(&files[0], pages.len(), paper.portrait_mm());
    }
}

#[test]
fn every_component_draws_into_an_svg() {
    let kit = kit().unwrap();
    let o = common::print_options(std::path::Path::new("."), PaperSize::A4, Format::Svg);
    let pages = o.pages(&kit);
    let doc = Document {
        kit: &kit,
        pages: &pages,
        margin: o.settings.margin,
    };
    for (ci, c) in kit.components.iter().enumerate() {
        for role in [Role::Fronts, Role::Backs] {
            let Some(page) = pages
                .iter()
                .position(|p| p.component == Some(ci) && p.role == role)
            else {
                continue;
            };
            let svg = output::svg_into(Vec::new(), doc, page).unwrap();
            let text = String::from_utf8(svg).unwrap();
            assert!(
                text.starts_with("<?xml") && text.contains("<svg"),
                "{}",
                c.name
            );
            // Drawn, not empty: far more than the page's frame.
            assert!(
                text.len() > 20_000,
                "{} {role:?}: {} bytes",
                c.name,
                text.len()
            );
        }
    }
}

/// A Primary tour flown by the bot until `stop`.
fn flown(seed: u64, stop: impl Fn(&ChopperPilot) -> bool) -> ChopperPilot {
    let mut g = ChopperPilot::setup("primary", &Default::default(), seed).unwrap();
    for _ in 0..20_000 {
        if stop(&g) {
            return g;
        }
        let actions = g.legal_actions();
        let a = Commander.choose(&g, &actions);
        g.apply(&a).unwrap();
    }
    panic!("the bot never got there");
}

#[test]
fn the_filled_mission_log_shows_the_game_being_played() {
    // Into the second mission, on the Tactical Map: a mission in hand and one flown.
    let g = flown(5, |g| {
        g.missions_flown >= 1 && matches!(g.phase, Phase::Helicopters)
    });
    let m = g.mission.as_ref().unwrap();
    let log = MissionLog::from_game(&g);
    assert_eq!(log.number, Some(m.number.to_string()));
    assert_eq!(log.missions_flown, Some(g.missions_flown.to_string()));
    assert_eq!(log.yours, Some(m.your_helicopter().name()));
    assert!(log.tac_maps.is_some() && log.weather.is_some());
    assert_eq!(log.crew.len(), g.crew.len());
    // What the sheet writes in: the mission's number, the helicopter and the crew's names.
    let page = tonkin::art::sheet::Page { w: 190.0, h: 248.0 };
    let surface = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    let (drawn, labels) = fits::recorded(|| draw_mission_log(&cr, page, &log));
    drawn.unwrap();
    let texts: Vec<&str> = labels.iter().map(|f| f.text.as_str()).collect();
    for value in [m.number.to_string(), m.your_helicopter().name()] {
        assert!(texts.contains(&value.as_str()), "{value} not in {texts:?}");
    }
    let blank = fits::recorded(|| draw_mission_log(&cr, page, &MissionLog::blank())).1;
    assert!(!blank.iter().any(|f| f.text == m.number.to_string()));
    // The filled kit carries it, and its Tour Card ticks the missions flown.
    let kit = kit_for_game(&g);
    let c = common::component(&kit, "Mission Log");
    let (drawn, labels) = fits::recorded(|| c.draw_front(&cr, 0, 0.0));
    drawn.unwrap();
    assert!(labels.iter().any(|f| f.text == m.your_helicopter().name()));
}

/// Where the point (u, v) of a front's art is seen on the back's art: the page point it lands
/// on, turned over as the duplex mode turns the sheet, read back through the back's placing.
fn behind(
    front: &Item,
    back: &Item,
    flip: tonkin::export::geometry::Flip,
    page: (f64, f64),
    (u, v): (f64, f64),
) -> (f64, f64) {
    let (x, y) = flip.point(front.page_point(u, v), page.0, page.1);
    let [xx, yx, xy, yy, x0, y0] = back.to_page();
    let det = xx * yy - xy * yx;
    let (dx, dy) = (x - x0, y - y0);
    ((yy * dx - xy * dy) / det, (xx * dy - yx * dx) / det)
}

/// The (fronts, backs) pages of component `name` of `kit` exported two-sided with `duplex` and
/// `orientation`, each front followed by its backs.
fn sheet_pairs(
    kit: &tonkin::export::Kit,
    name: &str,
    paper: PaperSize,
    duplex: Duplex,
    orientation: Option<Orientation>,
) -> Vec<(tonkin::export::layout::Page, tonkin::export::layout::Page)> {
    let mut o = common::print_options(std::path::Path::new("."), paper, Format::Pdf);
    o.settings.duplex = duplex;
    o.settings.orientation = orientation;
    let ci = kit.components.iter().position(|c| c.name == name).unwrap();
    let mine: Vec<_> = o
        .pages(kit)
        .into_iter()
        .filter(|p| p.component == Some(ci))
        .collect();
    assert!(!mine.is_empty(), "{name}");
    let mut pairs = Vec::new();
    let mut pages = mine.into_iter();
    while let (Some(front), Some(back)) = (pages.next(), pages.next()) {
        assert_eq!(
            (front.role, back.role),
            (Role::Fronts, Role::Backs),
            "{name}"
        );
        pairs.push((front, back));
    }
    pairs
}

/// For each sheet of a component exported two-sided with `duplex` (and any orientation asked
/// for): what of the back lies behind `probe`'s points of the front, when the printer turns the
/// page over its short edge as the sheet and its footer ask, as `check(sheet, front point,
/// back point)` judges.
fn check_backs(
    name: &str,
    paper: PaperSize,
    duplex: Duplex,
    probes: &[(f64, f64)],
    check: impl Fn(usize, (f64, f64), (f64, f64)),
) {
    let kit = kit().unwrap();
    for orientation in [
        None,
        Some(Orientation::Portrait),
        Some(Orientation::Landscape),
    ] {
        for (front, back) in sheet_pairs(&kit, name, paper, duplex, orientation) {
            // A landscape sheet on a landscape page, so that a short-edge turn is a book's.
            assert!(
                front.width > front.height,
                "{name} on {paper:?} {orientation:?}"
            );
            let flip = Duplex::Short.flip(front.width, front.height).unwrap();
            for f in &front.items {
                assert_eq!(f.turn, Turn::Upright);
                let b = back.items.iter().find(|b| b.index == f.index).unwrap();
                for p in probes {
                    check(
                        f.index,
                        *p,
                        behind(f, b, flip, (front.width, front.height), *p),
                    );
                }
            }
        }
    }
}

#[test]
fn each_counter_has_its_own_back_behind_it_upright_in_every_duplex_mode() {
    let kit = kit().unwrap();
    for name in ["Counters (16 mm)", "Airstrike markers (16 × 32 mm)"] {
        let c = common::component(&kit, name);
        let (w, h) = (c.width, c.height);
        // Points of a piece's front near three corners and at its middle.
        let probes = [
            (2.0, 2.5),
            (w - 2.0, 4.0),
            (3.0, h - 2.0),
            (w / 2.0, h / 2.0),
        ];
        let near = |(x, y): (f64, f64), (u, v): (f64, f64)| (x - u).abs() + (y - v).abs() < 1e-6;
        for duplex in [Duplex::Long, Duplex::Short] {
            for orientation in [
                None,
                Some(Orientation::Portrait),
                Some(Orientation::Landscape),
            ] {
                for (front, back) in sheet_pairs(&kit, name, PaperSize::A4, duplex, orientation) {
                    assert_eq!(front.items.len(), back.items.len(), "{name}");
                    let flip = duplex.flip(front.width, front.height).unwrap();
                    for f in &front.items {
                        let b = back.items.iter().find(|b| b.index == f.index).unwrap();
                        let seen: Vec<_> = probes
                            .iter()
                            .map(|p| behind(f, b, flip, (front.width, front.height), *p))
                            .collect();
                        // The piece turned over its left-right or its top-bottom axis shows
                        // its back upright, the long way along the long way.
                        let mirrored = |m: &dyn Fn(f64, f64) -> (f64, f64)| {
                            probes
                                .iter()
                                .zip(&seen)
                                .all(|(&(u, v), &p)| near(p, m(u, v)))
                        };
                        assert!(
                            mirrored(&|u, v| (w - u, v)) || mirrored(&|u, v| (u, h - v)),
                            "{name} {duplex:?} {orientation:?}: piece {} sees {seen:?}",
                            f.index
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_emergency_procedures_fold_into_a_trifold_printed_on_the_short_edge() {
    let (w, h) = (260.0, 178.0);
    // Every panel once, the panel that folds in narrower on both sides.
    let mut seen: Vec<Panel> = [false, true]
        .iter()
        .flat_map(|back| pamphlet::imposed(*back, w))
        .map(|(p, _, _)| p)
        .collect();
    seen.sort_by_key(|p| Panel::ALL.iter().position(|q| q == p));
    assert_eq!(seen, Panel::ALL.to_vec());
    // Behind each panel of the outside, the panel of the inside a roll fold puts there.
    let pairs = [
        (Panel::Ground, Panel::Weapons),
        (Panel::Damage, Panel::Turn),
        (Panel::Cover, Panel::Mission),
    ];
    let outside = pamphlet::imposed(false, w);
    let inside = pamphlet::imposed(true, w);
    let probes: Vec<(f64, f64)> = outside
        .iter()
        .flat_map(|(_, x, pw)| {
            [
                (x + 0.5, h / 2.0),
                (x + pw / 2.0, 10.0),
                (x + pw - 0.5, h - 10.0),
            ]
        })
        .collect();
    // Whatever two-sided mode is chosen (long edge is the default), the sheet is laid out for
    // the short edge its cover and footers ask for.
    for (paper, duplex) in [PaperSize::A4, PaperSize::Letter]
        .into_iter()
        .flat_map(|p| [Duplex::Long, Duplex::Short, Duplex::Fold].map(|d| (p, d)))
    {
        check_backs("Emergency Procedures", paper, duplex, &probes, |_, f, b| {
            let at = |side: &[(Panel, f64, f64); 3], x: f64| {
                side.iter()
                    .find(|(_, px, pw)| x >= *px && x < px + pw)
                    .unwrap()
                    .0
            };
            let front = at(&outside, f.0);
            let expected = pairs.iter().find(|(o, _)| *o == front).unwrap().1;
            assert_eq!(at(&inside, b.0), expected, "behind {front:?} on {paper:?}");
            assert!((b.1 - f.1).abs() < 1e-6, "the back stands upright");
        });
    }
    // Nothing runs past the foot of its panel.
    for back in [false, true] {
        for (panel, _, pw) in pamphlet::imposed(back, w) {
            let used = pamphlet::panel_height(panel, pw).unwrap();
            assert!(used <= h - 2.0, "{panel:?}: {used} mm of {h}");
            assert!(used > h / 2.0, "{panel:?}: only {used} mm: is it drawn?");
        }
    }
    // Every label keeps a readable size in its place.
    let surface = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    for back in [false, true] {
        let (drawn, labels) = fits::recorded(|| pamphlet::draw_side(&cr, back, w, h));
        drawn.unwrap();
        for l in labels {
            assert!(l.size >= 0.8 * l.nominal, "{l:?} shrunk to fit");
        }
    }
}

#[test]
fn the_playbook_folds_into_a_booklet_printed_on_the_short_edge() {
    let book = Playbook::new().unwrap();
    let (w, h) = (260.0, 178.0);
    let probes = [(w / 4.0, h / 2.0), (3.0 * w / 4.0, h / 2.0)];
    for (paper, duplex) in [PaperSize::A4, PaperSize::Letter]
        .into_iter()
        .flat_map(|p| [Duplex::Long, Duplex::Short, Duplex::Fold].map(|d| (p, d)))
    {
        check_backs("Playbook", paper, duplex, &probes, |sheet, f, b| {
            let (fl, fr) = book.imposed(sheet, false);
            let (bl, br) = book.imposed(sheet, true);
            let front = if f.0 < w / 2.0 { fl } else { fr };
            let back = if b.0 < w / 2.0 { bl } else { br };
            // The two sides of one leaf: pages 2k and 2k + 1.
            assert_eq!(back, front ^ 1, "sheet {sheet} on {paper:?}");
        });
    }
}

/// The text pdftotext reads on page `page` (from 1) of a PDF, its words run together so that
/// the layout's line breaks do not matter.
fn pdf_words(pdf: &std::path::Path, page: usize) -> String {
    let out = std::process::Command::new("pdftotext")
        .args(["-f", &page.to_string(), "-l", &page.to_string()])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) reads the pamphlet");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect()
}

#[test]
fn the_emergency_procedures_pdf_holds_its_six_panels_and_asks_for_the_short_edge() {
    let dir = tempfile::tempdir().unwrap();
    let mut kit = kit().unwrap();
    kit.components.retain(|c| c.name == "Emergency Procedures");
    // The default export: two-sided, long edge.
    let o = common::print_options(dir.path(), PaperSize::Letter, Format::Pdf);
    assert_eq!(o.settings.duplex, Duplex::Long);
    let pages = o.pages(&kit);
    assert_eq!(
        pages.iter().map(|p| p.role).collect::<Vec<_>>(),
        vec![Role::Fronts, Role::Backs]
    );
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    let joined = |s: &str| s.split_whitespace().collect::<String>();
    for (number, inside) in [(1, false), (2, true)] {
        let text = pdf_words(&files[0], number);
        for (panel, _, _) in pamphlet::imposed(inside, 260.0) {
            let headings: Vec<String> = pamphlet::blocks(panel)
                .into_iter()
                .filter_map(|b| match b {
                    pamphlet::Block::Heading(h) | pamphlet::Block::Title(h, _) => Some(h),
                    _ => None,
                })
                .collect();
            assert!(!headings.is_empty(), "{panel:?}");
            for h in headings {
                assert!(
                    text.contains(&joined(&h)),
                    "{panel:?}: {h} is not on page {number}"
                );
            }
        }
        // The footer says how to turn the sheet.
        assert!(
            text.contains(&joined("print two-sided: flip on short edge")),
            "page {number}: {text}"
        );
    }
    // And so does the cover.
    assert!(pdf_words(&files[0], 1).contains(&joined("(two-sided, flip on short edge)")));
}
