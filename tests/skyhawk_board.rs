//! The live Skyhawk board against the rules: it draws at several window sizes for positions of
//! missions the heuristic bot flies, every map target the prompt offers is drawn where a click
//! finds it again, and the damage the rules record shows on the record card.

use std::collections::BTreeSet;

use tonkin::art::board::{Board, View};
use tonkin::art::geometry::Rect;
use tonkin::engine::bot::{Bot, RandomBot, play_steps};
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::skyhawk::art::board::{CARD_X, board_targets, offered_targets, placement};
use tonkin::games::skyhawk::art::record_card::damage_box_rect;
use tonkin::games::skyhawk::art::scene::board_scene;
use tonkin::games::skyhawk::rules::{Options, Skyhawk};

fn view(width: f64, height: f64) -> View {
    View {
        width,
        height,
        scale_factor: 1.0,
        ..View::default()
    }
}

/// Every position of a mission flown by the heuristic bot, from set-up to the end.
fn mission(scenario: &str, seed: u64) -> Vec<Skyhawk> {
    flown(scenario, seed, <Skyhawk as Playable>::heuristic_bot(seed))
}

/// Every position of a mission flown by `bot`.
fn flown(scenario: &str, seed: u64, mut bot: Box<dyn Bot<Skyhawk>>) -> Vec<Skyhawk> {
    // Every other mission flies as a division with RESCAP for pilots down over land.
    let division = seed % 2 == 1;
    let options = Options {
        harsher_damage: seed.is_multiple_of(3),
        altitude_bombing: seed.is_multiple_of(4),
        division,
        rescap: division,
        ..Options::default()
    };
    let mut g = Skyhawk::setup(scenario, &options, seed).unwrap();
    let mut positions = vec![g.clone()];
    for _ in 0..300 {
        if g.outcome().is_some() {
            break;
        }
        play_steps(&mut g, bot.as_mut(), 1).unwrap();
        positions.push(g.clone());
    }
    positions
}

/// A board millimetre point as a window pixel.
fn to_view(v: &View, x: f64, y: f64) -> (f64, f64) {
    let (scale, ox, oy) = placement(v);
    (ox + x * scale, oy + y * scale)
}

/// Checks that every target `g` offers is drawn, and that a click at the centre of each of
/// its places finds it again; returns the targets offered.
fn round_trip(g: &Skyhawk, v: &View, what: &str) -> Vec<String> {
    let drawn = board_targets(&board_scene(g, None));
    let offered = offered_targets(g);
    for t in &offered {
        let places: Vec<Rect> = drawn
            .iter()
            .filter(|(id, _)| id == t)
            .map(|(_, r)| *r)
            .collect();
        assert!(!places.is_empty(), "{what}: target {t} is not drawn");
        for r in places {
            let (cx, cy) = r.centre();
            let (x, y) = to_view(v, cx, cy);
            assert_eq!(
                g.target_at(v, x, y).as_deref(),
                Some(t.as_str()),
                "{what}: click at the centre of {t}"
            );
        }
    }
    offered
}

#[test]
fn every_offered_target_is_drawn_and_clicked_back() {
    let v = view(1600.0, 1000.0);
    let mut kinds = BTreeSet::new();
    for seed in 0..12u64 {
        let scenario = if seed == 5 { "campaign1" } else { "single" };
        // The heuristic bot loads the whole card at once; a random player loads it station
        // by station.
        let mut positions = mission(scenario, seed);
        positions.extend(flown(scenario, seed, Box::new(RandomBot::new(seed))));
        for g in positions {
            for t in round_trip(&g, &v, &format!("seed {seed}")) {
                kinds.insert(t.split(':').next().unwrap_or_default().to_owned());
            }
        }
    }
    // The missions offered every kind of board choice.
    for kind in ["list", "tanks", "pylon", "support", "altitude", "box"] {
        assert!(
            kinds.contains(kind),
            "no {kind} target was offered: {kinds:?}"
        );
    }
}

#[test]
fn a_rescap_offers_its_nva_patrol_boxes_on_the_map() {
    let v = view(1920.0, 1080.0);
    let mut rounds = 0;
    for seed in 0..400u64 {
        for g in mission("single", seed * 2 + 1) {
            let offered = round_trip(&g, &v, &format!("seed {}", seed * 2 + 1));
            if offered.iter().any(|t| t.starts_with("box:nva_patrol_")) {
                rounds += 1;
                let scene = board_scene(&g, None);
                let rescap = scene.map.rescap.expect("the map shows the RESCAP");
                assert!(!rescap.patrols.is_empty());
            }
        }
        if rounds >= 3 {
            return;
        }
    }
    panic!("no RESCAP in 400 division missions");
}

#[test]
fn board_draws_at_window_sizes_for_positions_of_bot_missions() {
    let sizes = [
        (1600.0, 1000.0, 1.0, false),
        (1920.0, 1080.0, 1.0, true),
        (800.0, 600.0, 2.0, false),
        (300.0, 900.0, 1.0, false),
    ];
    for seed in [1u64, 7, 11] {
        let positions = mission("single", seed);
        let step = (positions.len() / 6).max(1);
        for g in positions.iter().step_by(step) {
            for (w, h, scale_factor, dark) in sizes {
                let v = View {
                    targets: offered_targets(g),
                    hovered: offered_targets(g).pop(),
                    scale_factor,
                    dark,
                    ..view(w, h)
                };
                let s = cairo::ImageSurface::create(
                    cairo::Format::ARgb32,
                    (w * scale_factor) as i32,
                    (h * scale_factor) as i32,
                )
                .unwrap();
                let cr = cairo::Context::new(&s).unwrap();
                cr.scale(scale_factor, scale_factor);
                g.draw_board(&cr, &v).unwrap();
            }
        }
    }
}

/// Pixels of pen blue (what the card writes in) inside a window rectangle.
fn pen_pixels(s: &mut cairo::ImageSurface, x0: f64, y0: f64, x1: f64, y1: f64) -> usize {
    s.flush();
    let stride = s.stride() as usize;
    let data = s.data().unwrap();
    let mut n = 0;
    for row in y0.ceil() as usize..y1.floor() as usize {
        for col in x0.ceil() as usize..x1.floor() as usize {
            let p = &data[row * stride + col * 4..row * stride + col * 4 + 3];
            if i32::from(p[0]) - i32::from(p[2]) > 80 {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn damage_taken_in_a_mission_is_crossed_out_on_the_card() {
    // The rulebook's example of 5.5 as a script: two hits check F1 and N1.
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/examples/skyhawk/area-hit-fuselage-and-nose.json"
    );
    let session = tonkin::engine::session::Session::<Skyhawk>::load(script.as_ref()).unwrap();
    let g = session.state().clone();
    assert_eq!(g.damage.sections[0] + g.damage.sections[2], 2, "F1 and N1");
    let v = view(1920.0, 1080.0);
    let mut s = cairo::ImageSurface::create(cairo::Format::Rgb24, 1920, 1080).unwrap();
    g.draw_board(&cairo::Context::new(&s).unwrap(), &v).unwrap();
    for (row, &checked) in g.damage.sections.iter().enumerate() {
        for b in 0..checked.max(1) {
            let r = damage_box_rect(0, row, b).inflate(-1.0);
            let (x0, y0) = to_view(&v, CARD_X + r.x, r.y);
            let (x1, y1) = to_view(&v, CARD_X + r.right(), r.bottom());
            let ink = pen_pixels(&mut s, x0, y0, x1, y1);
            assert_eq!(
                ink > 0,
                b < checked,
                "section {row} box {b}: {checked} checked, {ink} pen pixels"
            );
        }
    }
}

#[test]
fn zoom_shows_the_card_and_the_nv_boxes_enlarged() {
    let g = &mission("single", 2)[20];
    let v = view(1600.0, 1000.0);
    let (scale, _, _) = placement(&v);
    // On the card: a part of it around the point, drawn at least half as large again as on
    // the board by the window's 360 px zoom.
    let (x, y) = to_view(&v, CARD_X + 100.0, 150.0);
    let id = g.zoomable_at(&v, x, y).expect("the card zooms");
    let (w, h) = g.zoom_size_mm(&id).unwrap();
    assert!(
        360.0 / w.max(h) > 1.5 * scale,
        "{w}×{h} mm at {scale} px/mm"
    );
    let s = cairo::ImageSurface::create(cairo::Format::ARgb32, 360, 360).unwrap();
    let cr = cairo::Context::new(&s).unwrap();
    cr.scale(360.0 / w.max(h), 360.0 / w.max(h));
    g.draw_zoom(&cr, &id).unwrap();
    // Near the card's edge the part stays on the card.
    let (x, y) = to_view(&v, CARD_X + 209.0, 296.0);
    let edge = g.zoomable_at(&v, x, y).unwrap();
    assert_eq!(edge, format!("lens:{}:{}", CARD_X + 210.0 - w, 297.0 - h));
    // An NV box zooms as itself.
    let nv = board_targets(&board_scene(g, None))
        .into_iter()
        .find(|(id, _)| id == "box:nv_sam")
        .unwrap()
        .1;
    let (x, y) = to_view(&v, nv.centre().0, nv.centre().1);
    let id = g.zoomable_at(&v, x, y).expect("an NV box zooms");
    assert_eq!(id, "nv:sam");
    assert_eq!(g.zoom_size_mm(&id), Some((nv.w, nv.h)));
    g.draw_zoom(&cr, &id).unwrap();
    // Outside the board nothing zooms.
    assert_eq!(g.zoomable_at(&v, 2.0, 2.0), None);
    assert!(g.status().len() >= 5);
}

/// The record sheets are pages of the board, filled as the game goes: the campaign's own
/// sheets only in a campaign; every page draws and takes no clicks.
#[test]
fn the_record_sheets_are_pages_of_the_board() {
    use tonkin::art::board::Board;
    let single = tonkin::games::skyhawk::rules::Skyhawk::setup(
        "single",
        &tonkin::games::skyhawk::rules::Options::default(),
        5,
    )
    .unwrap();
    let names = |g: &tonkin::games::skyhawk::rules::Skyhawk| -> Vec<String> {
        g.pages().iter().map(|p| p.english()).collect()
    };
    assert_eq!(
        names(&single),
        ["Map", "Mission Record Card", "Ordnance Card", "Gazetteer"]
    );
    let campaign = tonkin::games::skyhawk::rules::Skyhawk::setup(
        "campaign1",
        &tonkin::games::skyhawk::rules::Options::default(),
        5,
    )
    .unwrap();
    let pages = names(&campaign);
    assert!(pages.contains(&"Pilot Roster".to_owned()) && pages.contains(&"Calendar".to_owned()));
    for (page, name) in pages.iter().enumerate().skip(1) {
        let view = tonkin::art::View {
            width: 1600.0,
            height: 1000.0,
            page,
            ..tonkin::art::View::default()
        };
        let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 1600, 1000).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        campaign.draw_board(&cr, &view).unwrap();
        drop(cr);
        let data = surface.data().unwrap();
        let dark = data.chunks(4).filter(|p| p[0] < 100 && p[1] < 100).count();
        assert!(dark > 1_500, "{name} is nearly empty ({dark})");
        assert_eq!(campaign.target_at(&view, 800.0, 500.0), None);
    }
}
