//! Renders contact sheets of the "That Others May Live" art to PNG files for a visual check:
//! `cargo run --no-default-features --example csar_preview -- /work/art-preview`.
//! The art speaks the desktop's language (`LANGUAGE=de`, and `TONKIN_LOCALEDIR` for a catalogue
//! outside the install prefix), so a translation's longer words can be checked by eye.

use std::path::{Path, PathBuf};

use tonkin::games::csar::art::{self as csar, CARD_H, CARD_W, CardDeck, samples};

/// Pixels per millimetre of the previews (about 300 dpi / 2.5).
const PX: f64 = 5.0;

fn sheet(w_mm: f64, h_mm: f64) -> (cairo::ImageSurface, cairo::Context) {
    let s =
        cairo::ImageSurface::create(cairo::Format::Rgb24, (w_mm * PX) as i32, (h_mm * PX) as i32)
            .expect("surface");
    let cr = cairo::Context::new(&s).expect("context");
    cr.set_source_rgb(0.85, 0.85, 0.85);
    cr.paint().expect("paint");
    cr.scale(PX, PX);
    (s, cr)
}

fn save(s: &cairo::ImageSurface, dir: &Path, name: &str) {
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).expect("create png");
    s.write_to_png(&mut f).expect("write png");
    println!("{}", path.display());
}

fn main() -> Result<(), cairo::Error> {
    tonkin::i18n::init();
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "/work/art-preview".into()),
    );
    std::fs::create_dir_all(&dir).expect("preview dir");

    // Counters: each front above its back, then the board-only states.
    let gallery = samples::counter_gallery();
    let per_row = 10;
    let pitch = 22.0;
    let rows = gallery.len().div_ceil(per_row) * 2 + 1;
    let (s, cr) = sheet(per_row as f64 * pitch + 6.0, rows as f64 * pitch + 6.0);
    for (i, face) in gallery.iter().enumerate() {
        let (col, row) = ((i % per_row) as f64, (i / per_row * 2) as f64);
        csar::draw_counter(&cr, face, 3.0 + col * pitch, 3.0 + row * pitch)?;
        csar::draw_counter(
            &cr,
            &face.back(),
            3.0 + col * pitch,
            3.0 + (row + 1.0) * pitch,
        )?;
    }
    let last = (rows - 1) as f64;
    for (i, face) in samples::counter_states().iter().enumerate() {
        csar::draw_counter(&cr, face, 3.0 + i as f64 * pitch, 3.0 + last * pitch)?;
    }
    drop(cr);
    save(&s, &dir, "counters.png");

    // Cards: every gallery front, then the four backs.
    let cards = samples::card_gallery();
    let per_row = 6;
    let rows = cards.len().div_ceil(per_row) + 1;
    let (s, cr) = sheet(
        per_row as f64 * (CARD_W + 4.0) + 4.0,
        rows as f64 * (CARD_H + 4.0) + 4.0,
    );
    for (i, card) in cards.iter().enumerate() {
        let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
        csar::draw_card_front(
            &cr,
            card,
            4.0 + col * (CARD_W + 4.0),
            4.0 + row * (CARD_H + 4.0),
        )?;
    }
    let row = (rows - 1) as f64;
    for (i, deck) in [
        CardDeck::Resolution,
        CardDeck::Action,
        CardDeck::Event,
        CardDeck::PilotPj,
    ]
    .into_iter()
    .enumerate()
    {
        csar::draw_card_back(
            &cr,
            deck,
            4.0 + i as f64 * (CARD_W + 4.0),
            4.0 + row * (CARD_H + 4.0),
        )?;
    }
    drop(cr);
    save(&s, &dir, "cards.png");
    maps(&dir)?;
    campaign(&dir)?;
    sheets(&dir)
}

/// The board between two campaign missions: the Morale ledger, purchases and Pilots/PJs
/// over the map, as a 1920 × 1080 window shows it.
fn campaign(dir: &Path) -> Result<(), cairo::Error> {
    use tonkin::engine::game::Game;
    use tonkin::engine::play::Playable;
    use tonkin::games::csar::rules::{Action, Csar, Options, Purchase, Step};
    let seed = 7;
    let mut game = Csar::setup("campaign", &Options::default(), seed).expect("campaign");
    for buy in [Purchase::Pilot(0), Purchase::Card(0)] {
        game.apply(&Action::Buy(buy))
            .expect("a purchase before mission 1");
    }
    let mut bot = Csar::heuristic_bot(seed);
    let between =
        |g: &Csar| g.step == Step::Purchase && g.campaign.as_ref().is_some_and(|c| c.mission == 2);
    while !between(&game) && game.outcome().is_none() {
        let actions = game.legal_actions();
        let action = bot.choose(&game, &actions);
        game.apply(&action).expect("a legal action");
    }
    // Something bought for mission 2 as well, if the Morale Points allow it.
    let _ = game.apply(&Action::Buy(Purchase::FastMover));
    let window = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080)?;
    let view = tonkin::art::View {
        width: 1920.0,
        height: 1080.0,
        ..Default::default()
    };
    let cr = cairo::Context::new(&window)?;
    csar::paint_in_view(
        &cr,
        &mut csar::MapPainter::new(),
        &csar::scene::scene(&game, None),
        &view,
    )?;
    drop(cr);
    save(&window, dir, "campaign-window.png");
    Ok(())
}

/// The printed sheet and a busy live board (and the sheet as a PDF, as export draws it).
fn maps(dir: &Path) -> Result<(), cairo::Error> {
    let pt = 72.0 / 25.4;
    let (w, h) = csar::MapScene::empty().size();
    let pdf = cairo::PdfSurface::new(w * pt, h * pt, dir.join("map-empty.pdf"))?;
    let cr = cairo::Context::new(&pdf)?;
    cr.scale(pt, pt);
    csar::draw_map(&cr, &csar::MapScene::empty())?;
    drop(cr);
    pdf.finish();
    // The busy board as a 1920 × 1080 window shows it, through the caching painter.
    let window = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080)?;
    let view = tonkin::art::View {
        width: 1920.0,
        height: 1080.0,
        dark: true,
        ..Default::default()
    };
    let cr = cairo::Context::new(&window)?;
    csar::paint_in_view(
        &cr,
        &mut csar::MapPainter::new(),
        &samples::busy_scene(),
        &view,
    )?;
    drop(cr);
    save(&window, dir, "window.png");
    for (name, scene) in [
        ("map-empty.png", csar::MapScene::empty()),
        ("map-busy.png", samples::busy_scene()),
    ] {
        let (w, h) = scene.size();
        let (s, cr) = sheet(w, h);
        csar::draw_map(&cr, &scene)?;
        drop(cr);
        save(&s, dir, name);
    }
    Ok(())
}

/// The Player Aid sides and the record sheets, blank.
fn sheets(dir: &Path) -> Result<(), cairo::Error> {
    use csar::sheets::{self, Page};
    let aid = sheets::PlayerAid::load().expect("player aid");
    for (i, side) in aid.side.iter().enumerate() {
        let page = Page::A4_PORTRAIT;
        let (s, cr) = sheet(page.w, page.h);
        sheets::draw_player_aid(&cr, side, page)?;
        drop(cr);
        save(&s, dir, &format!("aid-{}.png", i + 1));
    }
    let page = Page::A4_LANDSCAPE;
    let (s, cr) = sheet(page.w, page.h);
    sheets::draw_mission_log(&cr, &sheets::MissionLog::blank(), page)?;
    drop(cr);
    save(&s, dir, "mission-log.png");
    let page = Page::A4_PORTRAIT;
    let (s, cr) = sheet(page.w, page.h);
    sheets::draw_campaign_record(&cr, &sheets::CampaignRecord::blank(), page)?;
    drop(cr);
    save(&s, dir, "campaign-record.png");
    Ok(())
}
