//! Renders the Skyhawk board of a mission in play, and the blank Mission Record Card, to PNG
//! files for a visual check:
//! `cargo run --no-default-features --example skyhawk_preview -- /work/art-preview`.
//!
//! The heuristic bot flies seeded missions until one is in the middle of its flight with
//! damage on the card; that position is drawn at 1600 × 1000 px as the game window shows it.

use std::path::{Path, PathBuf};

use tonkin::art::board::{Board, View};
use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::skyhawk::art::board::offered_targets;
use tonkin::games::skyhawk::art::record_card::{CARD, CardRecord, draw_record_card};
use tonkin::games::skyhawk::rules::{Ending, Options, PilotFate, Skyhawk, Step};

/// Pixels per millimetre of the blank card (about 250 dpi).
const PX: f64 = 10.0;

fn save(s: &cairo::ImageSurface, dir: &Path, name: &str) {
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).expect("create png");
    s.write_to_png(&mut f).expect("write png");
    println!("{}", path.display());
}

/// A mission flying over the target area or on the way home with boxes checked on the card.
fn damaged_mid_mission() -> (u64, Skyhawk) {
    for seed in 1..500u64 {
        let mut g = Skyhawk::setup("single", &Options::default(), seed).expect("setup");
        let mut bot = <Skyhawk as Playable>::heuristic_bot(seed);
        for _ in 0..400 {
            if g.outcome().is_some() {
                break;
            }
            let flying = !matches!(
                g.step,
                Step::ChooseList | Step::Loading(_) | Step::PickSupport { .. }
            );
            if flying && g.damage.any() && g.runs.len() == 1 && g.cycle.is_some() {
                return (seed, g);
            }
            if play_steps(&mut g, bot.as_mut(), 1).is_err() {
                break;
            }
        }
    }
    panic!("no seed gave a damaged mission in the middle of its flight");
}

/// The first position of a bot mission flown with `options` that `pick` accepts.
fn position(options: &Options, pick: impl Fn(&Skyhawk) -> bool) -> Option<Skyhawk> {
    for seed in 1..300u64 {
        let mut g = Skyhawk::setup("single", options, seed).expect("setup");
        let mut bot = <Skyhawk as Playable>::heuristic_bot(seed);
        for _ in 0..400 {
            if pick(&g) {
                return Some(g);
            }
            if g.outcome().is_some() || play_steps(&mut g, bot.as_mut(), 1).is_err() {
                break;
            }
        }
    }
    None
}

/// Draws `game` as the window does at 1600 × 1000 px, its targets lit and the first hovered.
fn board_png(game: &Skyhawk, dir: &Path, name: &str) -> Result<(), cairo::Error> {
    let targets = offered_targets(game);
    let view = View {
        width: 1600.0,
        height: 1000.0,
        scale_factor: 1.0,
        hovered: targets.first().cloned(),
        targets,
        ..View::default()
    };
    let s = cairo::ImageSurface::create(cairo::Format::Rgb24, 1600, 1000)?;
    game.draw_board(&cairo::Context::new(&s)?, &view)?;
    save(&s, dir, name);
    Ok(())
}

fn main() -> Result<(), cairo::Error> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/work/art-preview".into()),
    );
    std::fs::create_dir_all(&dir).expect("preview dir");

    let (seed, game) = damaged_mid_mission();
    println!("seed {seed}: {}", game.prompt().text.english());
    board_png(&game, &dir, "skyhawk-board.png")?;
    // What the window's zoom shows of the damage boxes (it enlarges a zoom to 360 px).
    let view = View {
        width: 1600.0,
        height: 1000.0,
        ..View::default()
    };
    if let Some(id) = game.zoomable_at(&view, 1240.0, 420.0) {
        let (w, h) = game.zoom_size_mm(&id).unwrap_or((1.0, 1.0));
        let scale = 360.0 / w.max(h);
        let s = cairo::ImageSurface::create(
            cairo::Format::Rgb24,
            (w * scale) as i32,
            (h * scale) as i32,
        )?;
        let cr = cairo::Context::new(&s)?;
        cr.scale(scale, scale);
        game.draw_zoom(&cr, &id)?;
        drop(cr);
        save(&s, &dir, "skyhawk-zoom.png");
    }
    // Planning on deck (support units picked from the pool), and a mission that ended badly.
    if let Some(g) = position(&Options::default(), |g| {
        matches!(g.step, Step::PickSupport { .. }) && !g.units.is_empty()
    }) {
        board_png(&g, &dir, "skyhawk-board-planning.png")?;
    }
    if let Some(g) = position(&Options::default(), |g| {
        g.ending == Ending::Lost && g.fate != PilotFate::Kia
    }) {
        board_png(&g, &dir, "skyhawk-board-lost.png")?;
    }
    // A division's RESCAP over a pilot down on land (optional 15.1 and 15.3).
    let rescap = Options {
        division: true,
        rescap: true,
        ..Options::default()
    };
    if let Some(g) = position(&rescap, |g| {
        g.rescap().is_some_and(|r| !r.placed.is_empty())
    }) {
        board_png(&g, &dir, "skyhawk-board-rescap.png")?;
    }

    let s = cairo::ImageSurface::create(
        cairo::Format::Rgb24,
        (CARD.w * PX) as i32,
        (CARD.h * PX) as i32,
    )?;
    let cr = cairo::Context::new(&s)?;
    cr.scale(PX, PX);
    draw_record_card(&cr, &CardRecord::default())?;
    drop(cr);
    save(&s, &dir, "skyhawk-card-blank.png");
    Ok(())
}
