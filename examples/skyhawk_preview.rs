//! Renders the Skyhawk board of a mission in play, and the blank Mission Record Card, to PNG
//! files for a visual check:
//! `cargo run --no-default-features --example skyhawk_preview -- /work/art-preview`.
//!
//! The heuristic bot flies seeded missions until one is in the middle of its flight with
//! damage on the card; that position is drawn at 1600 × 1000 px as the game window shows it.

use std::path::{Path, PathBuf};

use tonkin::art::board::{Board, View};
use tonkin::art::skyhawk::record_card::{CARD, CardRecord, draw_record_card};
use tonkin::catalog::Playable;
use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::games::skyhawk::{Options, Skyhawk, Step};

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

fn main() -> Result<(), cairo::Error> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/work/art-preview".into()),
    );
    std::fs::create_dir_all(&dir).expect("preview dir");

    let (seed, game) = damaged_mid_mission();
    println!("seed {seed}: {}", game.prompt().text.english());
    let targets = game
        .prompt()
        .choices
        .iter()
        .filter_map(|c| c.target.clone())
        .collect::<Vec<_>>();
    let view = View {
        width: 1600.0,
        height: 1000.0,
        scale_factor: 1.0,
        hovered: targets.first().cloned(),
        targets,
        dark: false,
    };
    let s = cairo::ImageSurface::create(cairo::Format::Rgb24, 1600, 1000)?;
    game.draw_board(&cairo::Context::new(&s)?, &view)?;
    save(&s, &dir, "skyhawk-board.png");

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
