//! Every playable game of the list (`games::ALL`), each measured the same way: a whole game
//! played by the heuristic bot and by the random bot as `tonkin simulate` plays them (quiet
//! log), the board of a mid-game position drawn at 1920×1080 as the window draws it, and the
//! first frame of that board at a zoom level it has not been drawn at (target: 16 ms, one frame
//! at 60 Hz) with the sharp frame that follows it. A game added to the list is benchmarked here without a line of its own;
//! game-specific benches (odds, painter caches, kits) stay in their own files.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tonkin::art::View;
use tonkin::games::{ALL, BotKind, Driver, PlaySession};
use tonkin::ui::board_frames::{BoardFrames, FrameKey, Painted};
use tonkin::ui::board_zoom::Zoom;

fn whole_games(c: &mut Criterion) {
    for game in ALL {
        let Some(driver) = game.driver else { continue };
        let scenario = driver.scenarios()[0].id;
        let mut group = c.benchmark_group(format!("{} whole game ({scenario})", game.id));
        group.throughput(Throughput::Elements(1));
        for (name, bot) in [
            ("heuristic bot", BotKind::Heuristic),
            ("random bot", BotKind::Random),
        ] {
            let mut seed = 0u64;
            group.bench_function(name, |b| {
                b.iter(|| {
                    seed += 1;
                    driver
                        .simulate(scenario, 1, seed, bot, &[], &mut |_| true)
                        .expect("the game ends")
                })
            });
        }
        group.finish();
    }
}

/// The first scenario played by the heuristic bot to half the length of the whole game.
fn mid_game(driver: &dyn Driver, seed: u64) -> Box<dyn PlaySession> {
    let scenario = driver.scenarios()[0].id;
    let start = || driver.new_session(scenario, seed, &[]).expect("setup");
    let mut whole = start();
    let length = driver
        .bot_steps(whole.as_mut(), BotKind::Heuristic, seed, usize::MAX)
        .expect("the game ends");
    let mut half = start();
    driver
        .bot_steps(half.as_mut(), BotKind::Heuristic, seed, length / 2)
        .expect("half a game");
    half
}

/// A mid-game position's board with the view the window gives it.
fn mid_game_board(driver: &dyn Driver) -> (Box<dyn PlaySession>, View) {
    let session = mid_game(driver, 3);
    let view = View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        targets: session
            .prompt()
            .choices
            .iter()
            .filter_map(|c| c.target.clone())
            .collect(),
        ..View::default()
    };
    (session, view)
}

fn mid_game_boards(c: &mut Criterion) {
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    for game in ALL {
        let Some(driver) = game.driver else { continue };
        let (session, view) = mid_game_board(driver);
        let Some(board) = session.board() else {
            continue;
        };
        c.bench_function(&format!("{} mid-game board 1920x1080", game.id), |b| {
            b.iter(|| {
                let cr = cairo::Context::new(&surface).unwrap();
                board.draw_board(&cr, &view).unwrap()
            })
        });
    }
}

/// The zoom levels the zoom benches sweep, fit to 400 %, each new to the game's caches.
fn new_level(frame: &mut u32) -> Zoom {
    *frame += 1;
    let mut zoom = Zoom::default();
    let level = 1.0 + f64::from(*frame % 3000) / 1000.0;
    zoom.zoom_at(level, 960.0, 540.0, 1920.0, 1080.0);
    zoom
}

/// The first frame after the player zooms, as `ui::board_area` paints it: the board was drawn
/// fitted and then at about 150 %, and the new level shows those frames scaled (the sharp frame
/// follows once the zoom settles, below). Target: 16 ms, one frame at 60 Hz.
fn zoom_first_frames<M: Measurement>(c: &mut Criterion<M>, clock: &str) {
    let screen = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    let mut group = c.benchmark_group(format!("first frame at a new zoom 1920x1080{clock}"));
    for game in ALL {
        let Some(driver) = game.driver else { continue };
        let (session, view) = mid_game_board(driver);
        let Some(board) = session.board() else {
            continue;
        };
        let key = FrameKey {
            view,
            generation: 0,
        };
        let mut frames = BoardFrames::new();
        let draw = |cr: &cairo::Context, v: &View| board.draw_board(cr, v);
        frames.render(&key, Zoom::default(), draw).unwrap();
        let mut earlier = Zoom::default();
        // Between the levels of the sweep, so that every frame measured is a new level.
        earlier.zoom_at(1.5005, 960.0, 540.0, 1920.0, 1080.0);
        frames.render(&key, earlier, draw).unwrap();
        let mut frame = 0u32;
        group.bench_function(game.id, |b| {
            b.iter(|| {
                let cr = cairo::Context::new(&screen).unwrap();
                let painted = frames
                    .paint(&cr, &key, new_level(&mut frame), draw)
                    .unwrap();
                assert_eq!(painted, Painted::Preview);
            })
        });
    }
    group.finish();
}

/// The sharp frame that replaces the first once the zoom has settled: the game draws the
/// board at a level it has not drawn before (every cache keyed by the resolution is cold),
/// into the bitmap the window then shows. Before the window showed previews, this was the
/// first frame.
fn zoom_sharp_frames<M: Measurement>(c: &mut Criterion<M>, clock: &str) {
    let mut group = c.benchmark_group(format!("sharp frame at a new zoom 1920x1080{clock}"));
    for game in ALL {
        let Some(driver) = game.driver else { continue };
        let (session, view) = mid_game_board(driver);
        let Some(board) = session.board() else {
            continue;
        };
        let key = FrameKey {
            view,
            generation: 0,
        };
        let mut frames = BoardFrames::new();
        let mut frame = 0u32;
        group.bench_function(game.id, |b| {
            b.iter(|| {
                frames
                    .render(&key, new_level(&mut frame), |cr, v| board.draw_board(cr, v))
                    .unwrap()
            })
        });
    }
    group.finish();
}

fn zoom_frames(c: &mut Criterion) {
    zoom_first_frames(c, "");
    zoom_sharp_frames(c, "");
}

/// The same frames timed by the processor time of the drawing thread: on a machine shared
/// with other work (the wall clock then counts the others' turns too) this still says what
/// the drawing costs.
fn zoom_frames_cpu(c: &mut Criterion<ThreadCpu>) {
    zoom_first_frames(c, " (thread CPU time)");
    zoom_sharp_frames(c, " (thread CPU time)");
}

/// Processor time of the calling thread.
struct ThreadCpu;

impl ThreadCpu {
    fn now() -> Duration {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: a valid clock id and a pointer to a timespec that outlives the call.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    }
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        ThreadCpu::now()
    }
    fn end(&self, start: Duration) -> Duration {
        ThreadCpu::now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, shown as the wall clock's are.
        static WALL: WallTime = WallTime;
        WALL.formatter()
    }
}

criterion_group!(benches, whole_games, mid_game_boards, zoom_frames);
criterion_group! {
    name = cpu;
    config = Criterion::default().with_measurement(ThreadCpu);
    targets = zoom_frames_cpu
}
criterion_main!(benches, cpu);
