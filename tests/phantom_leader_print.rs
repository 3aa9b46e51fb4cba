//! The print-and-play kit of Phantom Leader: every component of digest 10 with the content's
//! counts, a PDF and SVG export of the whole kit, every Target and Event card's words on the
//! printed cards, and the Player Log and Campaign Map sheet filled from a played campaign.

mod common;

use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::export::job;
use tonkin::export::layout::Role;
use tonkin::export::output::Format;
use tonkin::export::paper::PaperSize;
use tonkin::export::{Component, Kind};
use tonkin::games::Presented;
use tonkin::games::kit_for;
use tonkin::games::phantom_leader::kit::{counter_faces, kit, kit_for_game};
use tonkin::games::phantom_leader::rules::content::content;
use tonkin::games::phantom_leader::rules::{Options as PlOptions, PhantomLeader};

#[test]
fn the_phantom_leader_art_and_kit_never_read_the_log() {
    assert_eq!(common::log_readers("phantom_leader"), Vec::<String>::new());
}

#[test]
fn the_kit_lists_every_component_of_the_digest_with_the_contents_counts() {
    let c = content().unwrap();
    let kit = kit_for("phantom_leader").unwrap();
    let expect = [
        (
            "Pilot/Aircraft cards",
            Kind::Cards,
            c.pilots.len() * 3,
            true,
        ),
        ("Target cards", Kind::Cards, c.targets.len(), true),
        ("Event cards", Kind::Cards, c.events.len(), true),
        (
            "Counters (16 mm)",
            Kind::Counters,
            counter_faces(c).len(),
            true,
        ),
        ("Tactical Display", Kind::Map, 1, false),
        ("Campaign Map sheets", Kind::Map, c.sheets.len(), false),
        ("Help Sheet", Kind::Aids, 1, true),
        ("Player Log", Kind::Sheets, 1, false),
    ];
    for (name, kind, count, back) in expect {
        let comp = common::component(&kit, name);
        assert_eq!(
            (comp.kind, comp.count, comp.has_back()),
            (kind, count, back),
            "{name}"
        );
    }
    assert_eq!(kit.components.len(), expect.len());
    assert_eq!(common::component(&kit, "Target cards").count, 82);
    assert_eq!(common::component(&kit, "Event cards").count, 30);
    assert_eq!(c.sheets.len(), 8);
    // Digest 10.4: a counter per pilot, every Air Defense, Attack Angle and weapon counter,
    // the Flight Path pairs, Stress, Target Damage and the markers.
    let m = &c.markers;
    let counters = c.pilots.len()
        + c.defense_counters
            .iter()
            .map(|d| usize::from(d.count))
            .sum::<usize>()
        + c.angles.iter().map(|a| usize::from(a.count)).sum::<usize>()
        + c.weapon_counters
            .iter()
            .map(|w| usize::from(w.count))
            .sum::<usize>()
        + usize::from(m.flight_path_pairs)
        + m.stress.iter().map(|s| usize::from(s.1)).sum::<usize>()
        + m.damage.iter().map(|d| usize::from(d.1)).sum::<usize>()
        + m.markers.iter().map(|d| usize::from(d.1)).sum::<usize>();
    assert_eq!(counter_faces(c).len(), counters);
}

#[test]
fn the_kit_exports_to_a_pdf_of_the_expected_pages_and_its_cards_carry_their_words() {
    let dir = tempfile::tempdir().unwrap();
    let c = content().unwrap();
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
        assert_eq!(fronts("Player Log"), 1);
        assert_eq!(fronts("Campaign Map sheets"), 8);
        assert_eq!(fronts("Help Sheet"), 1);
        let display = fronts("Tactical Display");
        assert!(
            (2..=6).contains(&display),
            "{display} Tactical Display tiles"
        );
        // Every page of fronts is followed by its backs (or a blank back).
        assert_eq!(pages.len() % 2, 0);
        let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
        common::check_pdf_pages(&files[0], pages.len(), paper.portrait_mm());
        if paper != PaperSize::A4 {
            continue;
        }
        let out = std::process::Command::new("pdftotext")
            .arg(&files[0])
            .arg("-")
            .output()
            .expect("pdftotext (poppler-utils) reads the kit");
        // Words broken over lines by the layout are joined for the search.
        let text: String = String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect();
        let joined = |s: &str| s.split_whitespace().collect::<String>();
        // A long name wraps on its card, and the text of a turned card may come out of
        // pdftotext in pieces: every word of every name is looked for.
        for t in &c.targets {
            for word in t.name.split_whitespace() {
                assert!(text.contains(word), "target {} {}", t.number, t.name);
            }
        }
        for e in &c.events {
            for title in [
                &e.target_bound.title,
                &e.over_target.title,
                &e.home_bound.title,
            ] {
                assert!(text.contains(&joined(title)), "event {} {title}", e.id);
            }
        }
        for s in &c.sheets {
            assert!(text.contains(&joined(&s.title)), "sheet {}", s.title);
        }
        assert_eq!(text.matches("TARGET-BOUND").count(), c.events.len());
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
        assert!(elements > 5, "{}", file.display());
    }
}

/// Pixels of `rgb` (within a few steps) on piece `index` of `c`.
fn pixels(c: &Component, index: usize, rgb: [f64; 3]) -> usize {
    let px = 6.0;
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
        c.draw_front(&cr, index, 0.0).unwrap();
    }
    s.flush();
    let stride = s.stride() as usize;
    let (w, h) = (s.width() as usize, s.height() as usize);
    let data = s.data().unwrap();
    // Cairo's RGB24 is stored blue, green, red.
    let want = [rgb[2], rgb[1], rgb[0]].map(|v: f64| (v * 255.0) as i32);
    (0..h)
        .flat_map(|y| (0..w).map(move |x| y * stride + x * 4))
        .filter(|&at| (0..3).all(|k| (i32::from(data[at + k]) - want[k]).abs() <= 6))
        .count()
}

const PEN: [f64; 3] = [0.10, 0.27, 0.50];
/// The lit box of a track (the window's colour for "now").
const NOW: [f64; 3] = [240.0 / 255.0, 180.0 / 255.0, 0.0];

/// A campaign played by the heuristic bot until two days are on record.
fn campaign_under_way() -> PhantomLeader {
    let mut g = PhantomLeader::setup("RT-USAF-medium", &PlOptions::default(), 11).unwrap();
    let mut bot = PhantomLeader::heuristic_bot(11);
    for _ in 0..20_000 {
        if g.days.len() >= 2 {
            return g;
        }
        play_steps(&mut g, bot.as_mut(), 1).unwrap();
        assert!(g.outcome().is_none(), "the campaign ended early");
    }
    panic!("no two days on record");
}

#[test]
fn the_player_log_and_the_campaigns_sheet_are_filled_from_a_played_campaign() {
    let g = campaign_under_way();
    let c = content().unwrap();
    let blank = kit().unwrap();
    let filled = kit_for_game(&g);
    let (b, f) = (
        pixels(common::component(&blank, "Player Log"), 0, PEN),
        pixels(common::component(&filled, "Player Log"), 0, PEN),
    );
    assert!(b < 20, "{b} pen pixels on the blank log");
    assert!(f > 40, "only {f} pen pixels on the filled log");
    // The campaign's own Campaign Map sheet shows where its three tracks stand; the other
    // sheets, and every sheet of the blank kit, show none.
    let played = c.sheets.iter().position(|s| s.id == g.sheet).unwrap();
    for i in 0..c.sheets.len() {
        let lit = pixels(common::component(&filled, "Campaign Map sheets"), i, NOW);
        let none = pixels(common::component(&blank, "Campaign Map sheets"), i, NOW);
        assert_eq!(none, 0, "sheet {i} of the blank kit");
        if i == played {
            assert!(lit > 100, "only {lit} lit pixels on the played sheet");
        } else {
            assert_eq!(lit, 0, "sheet {i} is not the campaign's");
        }
    }
    // The filled kit is the one the game window exports.
    let from_trait = g.filled_kit().unwrap();
    assert_eq!(from_trait.components.len(), filled.components.len());
}
