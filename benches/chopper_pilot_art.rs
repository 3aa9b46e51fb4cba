//! Redraw time of the Chopper Pilot board at 1920×1080 (target: at most 8 ms) with the
//! Tactical Map in play: a helicopter's activation with its weapon arcs, the flight panel and
//! its Info Card, the choices highlighted. Every frame draws the whole board from the state.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::art::View;
use tonkin::art::board::Board;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::chopper_pilot::rules::{ChopperPilot, Phase};

/// A tour flown by the bot until a helicopter of the flight is flying on the Tactical Map
/// in its second turn or later.
fn mid_mission() -> ChopperPilot {
    let mut g = ChopperPilot::setup("primary", &Default::default(), 1).unwrap();
    let mut bot = <ChopperPilot as Playable>::heuristic_bot(1);
    for _ in 0..20_000 {
        if matches!(g.phase, Phase::Activation(_))
            && g.mission
                .as_ref()
                .and_then(|m| m.tac.as_ref())
                .is_some_and(|t| t.turn >= 2)
        {
            return g;
        }
        let actions = g.legal_actions();
        let a = bot.choose(&g, &actions);
        g.apply(&a).unwrap();
    }
    panic!("the bot never reached the Tactical Map");
}

fn board(c: &mut Criterion) {
    let game = mid_mission();
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    let targets: Vec<String> = game
        .prompt()
        .choices
        .iter()
        .filter_map(|c| c.target.clone())
        .collect();
    let view = View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        hovered: targets.first().cloned(),
        targets,
        ..View::default()
    };
    // The very first frame: nothing kept yet (the map's bitmap, the labels' layouts).
    let t = std::time::Instant::now();
    game.draw_board(&cairo::Context::new(&surface).unwrap(), &view)
        .unwrap();
    println!(
        "chopper_pilot tactical map 1920x1080: first frame {:.1} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    c.bench_function("chopper_pilot tactical map 1920x1080: full redraw", |b| {
        b.iter(|| {
            let cr = cairo::Context::new(&surface).unwrap();
            game.draw_board(&cr, &view).unwrap()
        })
    });
    // A frame whose map bitmap must be made again (the style switches every frame, as the
    // part shown does when a helicopter flies off it, or the window's size).
    let mut dark = false;
    c.bench_function(
        "chopper_pilot tactical map 1920x1080: redraw with the map drawn again",
        |b| {
            b.iter(|| {
                dark = !dark;
                let view = View {
                    dark,
                    ..view.clone()
                };
                let cr = cairo::Context::new(&surface).unwrap();
                game.draw_board(&cr, &view).unwrap()
            })
        },
    );
}

criterion_group!(benches, board);
criterion_main!(benches);
