//! Chopper Pilot Vietnam drawn with Cairo, the same code for the screen and paper: the map
//! of the moment (the Crew Bio cards while the crew is chosen, the Operations Map with the
//! route flown, the Tactical Map with terrain, units, helicopters and weapon arcs) with the
//! flight beside it; then the Crew Board and the mission's briefing as pages of their own.

pub mod aids;
pub mod base_mat;
pub mod briefing;
pub mod cards;
pub mod counters;
pub mod crew;
pub mod info_card;
pub mod maps;
pub mod ops;
pub mod pamphlet;
pub mod panel;
pub mod paper;
pub mod playbook;
pub mod records;
pub mod signs;
pub mod tactical;

use std::cell::RefCell;

use cairo::Context;

use self::tactical::{Base, Frame};
use crate::art::board::{Board, View, fit};
use crate::art::layer::Layer;
use crate::engine::message::{Message, msg};
use crate::games::chopper_pilot::rules::tactical::Tac;
use crate::games::chopper_pilot::rules::terrain::Ground;
use crate::games::chopper_pilot::rules::{ChopperPilot, Phase};

/// The board's size in millimetres: the map and the flight panel beside it.
pub const WIDTH: f64 = 320.0;
pub const HEIGHT: f64 = 180.0;
/// The width of the map part.
pub const MAP: f64 = 236.0;

/// What the map part of the first page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scene {
    Bios,
    Ops,
    Tactical,
    Crew,
}

pub fn scene(g: &ChopperPilot) -> Scene {
    match (&g.phase, &g.mission) {
        (Phase::ChooseCrew(_), _) => Scene::Bios,
        (_, Some(m)) if m.tac.is_some() && !m.returning => Scene::Tactical,
        (Phase::Training | Phase::CobraOffer | Phase::Volunteer, _) => Scene::Crew,
        (_, Some(_)) => Scene::Ops,
        (_, None) => Scene::Crew,
    }
}

/// Page numbers of [`Board::pages`].
const PAGE_CREW: usize = 1;
const PAGE_BRIEFING: usize = 2;

impl ChopperPilot {
    /// Draws the board in millimetres from its corner.
    pub fn draw_mm(
        &self,
        cr: &Context,
        page: usize,
        targets: &[String],
        hovered: Option<&str>,
    ) -> Result<(), cairo::Error> {
        self.draw_over(cr, page, targets, hovered, Base::Draw)
    }

    /// [`ChopperPilot::draw_mm`] with the Tactical Map's base drawn or already there.
    fn draw_over(
        &self,
        cr: &Context,
        page: usize,
        targets: &[String],
        hovered: Option<&str>,
        base: Base,
    ) -> Result<(), cairo::Error> {
        match page {
            PAGE_CREW => return crew::draw_board(cr, self, WIDTH, HEIGHT),
            PAGE_BRIEFING => return briefing::draw(cr, self, WIDTH, HEIGHT),
            _ => {}
        }
        match scene(self) {
            Scene::Bios => return crew::draw_bios(cr, WIDTH, HEIGHT, targets, hovered),
            Scene::Crew => return crew::draw_board(cr, self, WIDTH, HEIGHT),
            Scene::Ops => ops::draw(cr, self, MAP, HEIGHT)?,
            Scene::Tactical => {
                let tac = self.mission().tac.as_ref().expect("the tactical scene");
                cr.save()?;
                cr.rectangle(0.0, 0.0, MAP, HEIGHT);
                cr.clip();
                let drawn = tactical::draw(cr, self, tac, MAP, HEIGHT, targets, hovered, base);
                cr.restore()?;
                drawn?;
            }
        }
        cr.save()?;
        cr.translate(MAP, 0.0);
        let drawn = panel::draw(cr, self, WIDTH - MAP, HEIGHT, targets, hovered);
        cr.restore()?;
        drawn
    }

    /// The target under a point in millimetres from the board's corner.
    pub fn hit_mm(&self, page: usize, x: f64, y: f64, targets: &[String]) -> Option<String> {
        if page != 0 {
            return None;
        }
        let sc = scene(self);
        if sc == Scene::Bios {
            return crew::bio_cells(WIDTH, HEIGHT, targets)
                .into_iter()
                .find(|(_, _, (cx, cy, cw, ch))| {
                    (*cx..=cx + cw).contains(&x) && (*cy..=cy + ch).contains(&y)
                })
                .map(|(i, _, _)| targets[i].clone());
        }
        if sc == Scene::Crew {
            return None;
        }
        if x > MAP {
            return panel::hit(self, WIDTH - MAP, x - MAP, y, targets);
        }
        let tac = self.mission.as_ref()?.tac.as_ref()?;
        (sc == Scene::Tactical)
            .then(|| tactical::hit(self, tac, MAP, HEIGHT, x, y, targets))
            .flatten()
    }
}

/// What the Tactical Map's base (see [`tactical::draw_base`]) looks like: the window's ground
/// around it, the map and the part of it shown. The window keeps its bitmap while they stay.
#[derive(PartialEq)]
struct BaseKey {
    ground: f64,
    map: Ground,
    frame: Frame,
}

thread_local! {
    /// Drawing happens on the GTK thread; the bitmap lives as long as it does.
    static BASE: RefCell<Layer<BaseKey>> = RefCell::new(Layer::new());
}

/// Paints the Tactical Map's base over the window's ground (grey `ground`) from its bitmap,
/// made first when the ground, the map, the part shown or the window's pixels changed; says
/// whether it did (not on paper). The context is in millimetres from the board's corner.
fn paint_base(
    cr: &Context,
    g: &ChopperPilot,
    tac: &Tac,
    ground: f64,
) -> Result<Base, cairo::Error> {
    let frame = Frame::new(tac, tactical::focus(g, tac), MAP, HEIGHT);
    let key = BaseKey {
        ground,
        map: tac.ground.clone(),
        frame,
    };
    BASE.with(|layer| {
        layer
            .borrow_mut()
            .paint(cr, (0.0, 0.0, MAP, HEIGHT), key, |cr| {
                // What draw_board and draw_over do before and at the base.
                cr.set_source_rgb(ground, ground, ground);
                cr.paint()?;
                cr.rectangle(0.0, 0.0, MAP, HEIGHT);
                cr.clip();
                tactical::draw_base(cr, tac, &frame, MAP, HEIGHT)
            })
            .map(|painted| if painted { Base::Painted } else { Base::Draw })
    })
}

impl Board for ChopperPilot {
    /// The board as on paper, except that the Tactical Map's base comes from a bitmap kept
    /// between frames (see [`paint_base`]): the same drawing, run once.
    fn draw_board(&self, cr: &Context, view: &View) -> Result<(), cairo::Error> {
        let ground = crate::art::board::window_ground(view);
        cr.set_source_rgb(ground, ground, ground);
        cr.paint()?;
        let (scale, x, y) = fit(view, WIDTH, HEIGHT);
        cr.save()?;
        cr.translate(x, y);
        cr.scale(scale, scale);
        let tac = self
            .mission
            .as_ref()
            .and_then(|m| m.tac.as_ref())
            .filter(|_| view.page == 0 && scene(self) == Scene::Tactical);
        let drawn = match tac {
            Some(tac) => paint_base(cr, self, tac, ground).and_then(|base| {
                self.draw_over(cr, view.page, &view.targets, view.hovered.as_deref(), base)
            }),
            None => self.draw_mm(cr, view.page, &view.targets, view.hovered.as_deref()),
        };
        cr.restore()?;
        drawn
    }

    fn target_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        let (scale, ox, oy) = fit(view, WIDTH, HEIGHT);
        self.hit_mm(view.page, (x - ox) / scale, (y - oy) / scale, &view.targets)
    }

    fn pages(&self) -> Vec<Message> {
        vec![msg("Map"), msg("Crew Board"), msg("Briefing")]
    }

    fn status(&self) -> Vec<(Message, String)> {
        let mut s = Vec::new();
        if let Some(m) = &self.mission {
            s.push((msg("Mission"), m.number.to_string()));
            if let Some(t) = m.tac.as_ref().filter(|_| !m.returning) {
                s.push((msg("Turn"), t.turn.to_string()));
            }
        }
        s.push((msg("Missions flown"), self.missions_flown.to_string()));
        s.push((msg("Victory points"), self.victory_points.to_string()));
        s.push((msg("Skill points"), self.skill_points.to_string()));
        s.push((msg("Luck Factor"), self.luck.to_string()));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::testutil::{PX, inked, surface};
    use crate::engine::bot::Bot;
    use crate::engine::game::Game;
    use crate::games::chopper_pilot::rules::bot::Commander;

    /// A Primary tour flown by the bot until `stop` says so.
    pub fn played(seed: u64, stop: impl Fn(&ChopperPilot) -> bool) -> Option<ChopperPilot> {
        let mut g = ChopperPilot::setup("primary", &Default::default(), seed).ok()?;
        for _ in 0..20_000 {
            if stop(&g) {
                return Some(g);
            }
            let actions = g.legal_actions();
            if actions.is_empty() {
                return None;
            }
            let a = Commander.choose(&g, &actions);
            g.apply(&a).ok()?;
        }
        None
    }

    fn targets(g: &ChopperPilot) -> Vec<String> {
        g.prompt()
            .choices
            .iter()
            .filter_map(|c| c.target.clone())
            .collect()
    }

    #[test]
    fn the_tactical_map_is_drawn_with_the_flight_and_a_click_finds_a_helicopter() {
        let g = played(3, |g| matches!(g.phase, Phase::Helicopters)).expect("a tactical turn");
        let t = targets(&g);
        let (mut s, cr) = surface(WIDTH, HEIGHT);
        g.draw_mm(&cr, 0, &t, None).unwrap();
        drop(cr);
        assert!(inked(&mut s, 20.0, 20.0, 150.0, 140.0) > 10_000);
        assert!(inked(&mut s, MAP + 4.0, 10.0, 70.0, 30.0) > 1_000);
        // The first helicopter to choose is a row of the panel to click.
        let row = panel::hit(&g, WIDTH - MAP, 10.0, 12.0, &t);
        assert_eq!(row.as_deref(), t.first().map(String::as_str));
        // The scale of the window does not move the click.
        let view = View {
            width: WIDTH * PX / 2.0,
            height: HEIGHT * PX / 2.0,
            targets: t.clone(),
            ..View::default()
        };
        let (scale, ox, oy) = fit(&view, WIDTH, HEIGHT);
        assert_eq!(
            g.target_at(&view, ox + (MAP + 10.0) * scale, oy + 12.0 * scale),
            row
        );
    }

    #[test]
    fn every_scene_and_page_draws_from_the_first_choice_to_the_way_home() {
        let mut seen = Vec::new();
        for stop in [
            (|g: &ChopperPilot| matches!(g.phase, Phase::ChooseCrew(_)))
                as fn(&ChopperPilot) -> bool,
            |g| matches!(g.phase, Phase::Fly { at: 1 }),
            |g| matches!(g.phase, Phase::Activation(_)),
            |g| matches!(g.phase, Phase::Return { .. }),
        ] {
            let g = played(4, stop).expect("the bot reaches it");
            seen.push(scene(&g));
            for page in 0..3 {
                let (mut s, cr) = surface(WIDTH, HEIGHT);
                g.draw_mm(&cr, page, &targets(&g), None).unwrap();
                drop(cr);
                assert!(
                    inked(&mut s, 0.0, 0.0, WIDTH, HEIGHT) > 50_000,
                    "page {page}"
                );
            }
        }
        assert_eq!(seen, [Scene::Bios, Scene::Ops, Scene::Tactical, Scene::Ops]);
    }

    /// The board as the window draws it (`draw_board`, with the base from its bitmap) and as
    /// drawn straight from the paper code, on a target of `view`'s size at `ratio` pixels
    /// per logical pixel.
    fn window_and_paper(g: &ChopperPilot, view: &View, ratio: f64) -> (Vec<u8>, Vec<u8>) {
        let pixels = |draw: &dyn Fn(&Context)| {
            crate::art::testutil::window_pixels(view.width, view.height, ratio, draw)
        };
        let window = pixels(&|cr| g.draw_board(cr, view).unwrap());
        let paper = pixels(&|cr| {
            let ground = crate::art::board::window_ground(view);
            cr.set_source_rgb(ground, ground, ground);
            cr.paint().unwrap();
            let (scale, x, y) = fit(view, WIDTH, HEIGHT);
            cr.translate(x, y);
            cr.scale(scale, scale);
            g.draw_mm(cr, view.page, &view.targets, view.hovered.as_deref())
                .unwrap();
        });
        (window, paper)
    }

    #[test]
    fn the_window_shows_the_paper_picture_as_the_map_moves_resizes_and_changes_style() {
        let mut g =
            played(3, |g| matches!(g.phase, Phase::Activation(_))).expect("a helicopter flies");
        let drawn = || BASE.with(|l| l.borrow().drawn());
        let mut view = View {
            width: 683.0,
            height: 384.0,
            targets: targets(&g),
            ..View::default()
        };
        let check = |g: &ChopperPilot, view: &View, ratio: f64, what: &str| {
            let (window, paper) = window_and_paper(g, view, ratio);
            assert!(
                window == paper,
                "{what}: the window's picture differs from the paper's"
            );
        };
        check(&g, &view, 1.0, "first frame");
        let first = drawn();
        check(&g, &view, 1.0, "same frame again");
        assert_eq!(drawn(), first, "an unchanged frame draws the base again");
        // Resized, on a HiDPI screen, in the dark style: each a new bitmap, the same picture.
        view.width = 1366.0;
        view.height = 768.0;
        check(&g, &view, 1.0, "resized");
        check(&g, &view, 2.0, "HiDPI");
        view.dark = true;
        check(&g, &view, 2.0, "dark");
        assert_eq!(drawn(), first + 3);
        // The map itself changes under the same part shown (a landing zone is cleared).
        let tac = g.mission().tac.as_ref().unwrap();
        let frame = tactical::Frame::new(tac, tactical::focus(&g, tac), MAP, HEIGHT);
        let hex = frame
            .hexes()
            .find(|h| tac.ground.at(*h).id != "clear")
            .expect("a shown hex to clear");
        g.mission
            .as_mut()
            .unwrap()
            .tac
            .as_mut()
            .unwrap()
            .ground
            .clear(hex);
        check(&g, &view, 2.0, "a hex cleared");
        assert_eq!(drawn(), first + 4);
        // The flight goes on: the part shown follows the helicopter, landing zones are cleared.
        let mut frames = std::collections::HashSet::new();
        for step in 0..400 {
            let Some(tac) = g.mission.as_ref().and_then(|m| m.tac.as_ref()) else {
                break;
            };
            if scene(&g) == Scene::Tactical {
                frames.insert(format!(
                    "{:?}",
                    tactical::Frame::new(tac, tactical::focus(&g, tac), MAP, HEIGHT)
                ));
                view.targets = targets(&g);
                if step % 5 == 0 {
                    check(&g, &view, 1.0, &format!("step {step}"));
                }
            }
            let actions = g.legal_actions();
            let Some(a) = actions.first().map(|_| Commander.choose(&g, &actions)) else {
                break;
            };
            g.apply(&a).unwrap();
        }
        assert!(frames.len() > 1, "the map never moved: {frames:?}");
    }

    #[test]
    fn a_bio_card_is_clicked_by_its_rectangle() {
        let g = ChopperPilot::setup("primary", &Default::default(), 1).unwrap();
        let t = targets(&g);
        assert!(t.len() >= 2);
        let cells = crew::bio_cells(WIDTH, HEIGHT, &t);
        let (_, id, (x, y, w, h)) = cells[1];
        assert_eq!(
            g.hit_mm(0, x + w / 2.0, y + h / 2.0, &t),
            Some(format!("bio:{id}"))
        );
    }
}
