//! Redraw time of the Skyhawk board at 1920×1080 (target: under 4 ms) for a mission in play:
//! the frame the window draws while the state stays the same (the board bitmap copied, the
//! highlights drawn live), the frame after an action (the pieces and the card drawn on the
//! cached printed map), the whole board drawn as vector art (print and zoom path), and the
//! view models alone.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::art::View;
use tonkin::art::board::Board;
use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::skyhawk::art::board::{draw_scene, offered_targets};
use tonkin::games::skyhawk::art::scene::board_scene;
use tonkin::games::skyhawk::rules::{Options, Skyhawk};

/// A mission in the middle of its flight: the bot has flown it past the target.
fn mid_mission() -> Skyhawk {
    let mut g = Skyhawk::setup("single", &Options::default(), 1).unwrap();
    let mut bot = <Skyhawk as Playable>::heuristic_bot(1);
    play_steps(&mut g, bot.as_mut(), 25).unwrap();
    g
}

fn board(c: &mut Criterion) {
    let game = mid_mission();
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    let targets = offered_targets(&game);
    let view = View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        hovered: targets.first().cloned(),
        targets,
        ..View::default()
    };
    c.bench_function("skyhawk board 1920x1080: window frame (same state)", |b| {
        b.iter(|| {
            let cr = cairo::Context::new(&surface).unwrap();
            game.draw_board(&cr, &view).unwrap()
        })
    });
    let mut next = game.clone();
    let mut bot = <Skyhawk as Playable>::heuristic_bot(1);
    play_steps(&mut next, bot.as_mut(), 1).unwrap();
    let mut flip = false;
    c.bench_function(
        "skyhawk board 1920x1080: window frame after an action",
        |b| {
            b.iter(|| {
                flip = !flip;
                let g = if flip { &game } else { &next };
                let cr = cairo::Context::new(&surface).unwrap();
                g.draw_board(&cr, &view).unwrap()
            })
        },
    );
    let scene = board_scene(&game, Some(&view));
    let (scale, _, _) = tonkin::art::board::fit(
        &view,
        tonkin::games::skyhawk::art::board::BOARD_W,
        tonkin::games::skyhawk::art::board::BOARD_H,
    );
    c.bench_function("skyhawk board 1920x1080: whole board as vector art", |b| {
        b.iter(|| {
            let cr = cairo::Context::new(&surface).unwrap();
            cr.scale(scale, scale);
            draw_scene(&cr, &scene).unwrap()
        })
    });
    c.bench_function("skyhawk board: view models only", |b| {
        b.iter(|| board_scene(&game, Some(&view)))
    });
}

criterion_group!(benches, board);
criterion_main!(benches);
