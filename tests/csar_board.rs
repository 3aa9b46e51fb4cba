//! The live board of That Others May Live against the rules: every target the prompt offers on
//! a piece of the board is drawn where a click finds it again, for many positions from bot play,
//! and the board draws at full-HD size.

use std::collections::HashSet;

mod common;

use tonkin::art::board::{Board, View, fit};
use tonkin::engine::bot::{RandomBot, play_steps};
use tonkin::engine::game::Game;
use tonkin::games::csar::art::map::{hit_test, placements};
use tonkin::games::csar::art::scene::{scene, to_art_id, to_rule_id};
use tonkin::games::csar::rules::{Csar, Options};

const BOARD_PREFIXES: [&str; 8] = [
    "aircraft:",
    "unit:",
    "survivor:",
    "too:",
    "card:",
    "zone:",
    "orbit",
    "pool",
];

fn view() -> View {
    View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        ..View::default()
    }
}

/// A position after `steps` random actions (fewer if the game ends).
fn position(scenario: &str, seed: u64, steps: usize) -> Csar {
    let options = Options {
        pinpointing: seed.is_multiple_of(2),
        recovering_pilots: seed.is_multiple_of(3),
        ..Options::default()
    };
    let mut g = Csar::setup(scenario, &options, seed).unwrap();
    let mut bot = RandomBot::new(seed);
    play_steps(&mut g, &mut bot, steps).unwrap();
    g
}

fn positions() -> impl Iterator<Item = (String, Csar)> {
    Csar::scenarios().into_iter().flat_map(|s| {
        let s = s.id;
        (0..6u64).map(move |seed| {
            let steps = 15 + 13 * seed as usize;
            (
                format!("{s} seed {seed} after {steps}"),
                position(s, seed, steps),
            )
        })
    })
}

/// Every id reachable by clicking somewhere on the board (mm grid), as rule ids.
fn clickable(game: &Csar) -> HashSet<String> {
    let sc = scene(game, None);
    let (w, h) = sc.size();
    let mut ids = HashSet::new();
    let mut y = 0.5;
    while y < h {
        let mut x = 0.5;
        while x < w {
            if let Some(id) = hit_test(&sc, x, y) {
                ids.insert(to_rule_id(game, &id));
            }
            x += 3.0;
        }
        y += 3.0;
    }
    ids
}

#[test]
fn every_offered_board_target_is_clicked_at_the_centre_of_its_piece() {
    let view = view();
    let mut checked = 0;
    for (name, g) in positions() {
        let prompt = g.prompt();
        let sc = scene(&g, None);
        let rects = placements(&sc);
        let (w, h) = sc.size();
        let (scale, ox, oy) = fit(&view, w, h);
        let mut areas = None;
        for choice in &prompt.choices {
            let Some(t) = &choice.target else { continue };
            if !BOARD_PREFIXES.iter().any(|p| t.starts_with(p)) {
                continue;
            }
            let art = to_art_id(&g, t);
            match rects.iter().rev().find(|(id, _)| *id == art) {
                Some((_, r)) => {
                    let (cx, cy) = r.centre();
                    let hit = g.target_at(&view, ox + cx * scale, oy + cy * scale);
                    assert_eq!(
                        hit.as_deref(),
                        Some(t.as_str()),
                        "{name}: {t} drawn at {r:?}"
                    );
                }
                // Zones and boxes: somewhere on the board a click names them.
                None => {
                    let areas = areas.get_or_insert_with(|| clickable(&g));
                    assert!(areas.contains(t), "{name}: {t} is nowhere on the board");
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} targets checked");
}

#[test]
fn highlights_and_hover_use_the_art_ids_of_the_offered_targets() {
    for (name, g) in positions().step_by(5) {
        let prompt = g.prompt();
        let mut v = view();
        v.targets = prompt
            .choices
            .iter()
            .filter_map(|c| c.target.clone())
            .collect();
        v.hovered = v.targets.first().cloned();
        let sc = scene(&g, Some(&v));
        for (t, art) in v.targets.iter().zip(&sc.highlighted) {
            assert_eq!(to_rule_id(&g, art), *t, "{name}");
        }
        assert_eq!(sc.hovered.as_ref().map(|a| to_rule_id(&g, a)), v.hovered);
    }
}

#[test]
fn the_board_draws_at_full_hd_and_shows_cards_enlarged() {
    for (name, g) in positions().step_by(4) {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        g.draw_board(&cr, &view())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!g.status().is_empty());
        for (i, _) in g.hand.iter().enumerate() {
            let art = format!("card:hand:{i}");
            assert_eq!(g.zoom_size_mm(&art), Some((63.5, 88.9)), "{name}");
            g.draw_zoom(&cr, &art).unwrap();
        }
    }
}

#[test]
fn between_campaign_missions_the_board_shows_the_morale_ledger() {
    use tonkin::games::csar::art::map::MapLayout;
    use tonkin::games::csar::rules::{Action, Purchase, Step};
    let mut g = Csar::setup("campaign", &Options::default(), 24).unwrap();
    assert_eq!(g.step, Step::Purchase);
    g.apply(&Action::Buy(Purchase::FastMover)).unwrap();
    let record = scene(&g, None)
        .campaign
        .expect("the ledger at the purchase prompt");
    let first = &record.missions[0];
    assert_eq!(first.start, Some(5));
    assert_eq!(first.purchases[3], Some(-1), "a Fast Mover for 1 MP");
    assert_eq!(first.end, None, "not flown yet");
    // Drawn over the map's zones: the panel's title and table carry ink there.
    let r = MapLayout::standard().campaign_panel();
    let ink = |game: &Csar| common::dark_pixels(&scene(game, None), r.x, r.y, r.w, 60.0);
    let with_ledger = ink(&g);
    // Once the mission is under way the map is clear again.
    g.apply(&Action::Done).unwrap();
    assert!(scene(&g, None).campaign.is_none());
    let without = ink(&g);
    assert!(with_ledger > without + 800, "{with_ledger} vs {without}");
    // Outside a campaign there is no ledger.
    let single = Csar::setup("caged_tiger", &Options::default(), 24).unwrap();
    assert!(scene(&single, None).campaign.is_none());
}

/// The record sheets are pages of the board: the Mission Log always, the Campaign Record in a
/// campaign; each draws a filled sheet and takes no clicks.
#[test]
fn the_record_sheets_are_pages_of_the_board() {
    let single = position("caged_tiger", 4, 40);
    assert_eq!(single.pages().len(), 2);
    let campaign = position("campaign", 4, 40);
    let names: Vec<String> = campaign.pages().iter().map(|p| p.english()).collect();
    assert_eq!(names, ["Map", "Mission Log", "Campaign Record"]);
    for page in 1..names.len() {
        let view = View { page, ..view() };
        let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 1920, 1080).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        campaign.draw_board(&cr, &view).unwrap();
        drop(cr);
        let data = surface.data().unwrap();
        let dark = data.chunks(4).filter(|p| p[0] < 100 && p[1] < 100).count();
        assert!(
            dark > 2_000,
            "page {page} is nearly empty ({dark} dark pixels)"
        );
        assert_eq!(campaign.target_at(&view, 960.0, 540.0), None);
    }
}

/// The Mission Log, a landscape form, is shown on a landscape page; the Campaign Record on a
/// portrait one.
#[test]
fn each_record_sheet_is_shown_in_its_orientation() {
    let campaign = position("campaign", 4, 40);
    // Rows and columns of the view where the white sheet shows.
    let sheet_extent = |page: usize| {
        let view = View {
            page,
            width: 1000.0,
            height: 1000.0,
            ..view()
        };
        let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 1000, 1000).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        campaign.draw_board(&cr, &view).unwrap();
        drop(cr);
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        let white = |x: usize, y: usize| data[y * stride + x * 4..][..3].iter().all(|&c| c == 255);
        let rows = (0..1000)
            .filter(|&y| (0..1000).any(|x| white(x, y)))
            .count();
        let cols = (0..1000)
            .filter(|&x| (0..1000).any(|y| white(x, y)))
            .count();
        (cols, rows)
    };
    let (w, h) = sheet_extent(1);
    assert!(w > h * 13 / 10, "Mission Log {w} × {h}");
    let (w, h) = sheet_extent(2);
    assert!(h > w * 13 / 10, "Campaign Record {w} × {h}");
}
