//! That Others May Live as a [`Board`] for the game window: the scene of [`super::scene`]
//! painted from cached bitmaps, clicks mapped back to the rules' target ids, a status panel and
//! enlarged cards and counters.

use std::cell::RefCell;

use cairo::Context;

use super::painter::{MapPainter, paint_in_view, target_in_view};
use super::records::{campaign_record_from, mission_log_from};
use super::scene::{scene, to_rule_id};
use super::sheets::{Page, draw_campaign_record, draw_mission_log};
use crate::art::board::{Board, View, draw_sheet_page};
use crate::engine::message::{Message, msg};
use crate::games::csar::rules::state::{Csar, Fate, SurvivorPlace};

thread_local! {
    /// Drawing happens on the GTK thread; the bitmaps live as long as it does.
    static PAINTER: RefCell<MapPainter> = RefCell::new(MapPainter::new());
}

/// The pages of the board after the map: the record sheets, filled in as the game goes.
const MISSION_LOG_PAGE: usize = 1;
const CAMPAIGN_RECORD_PAGE: usize = 2;

impl Board for Csar {
    fn pages(&self) -> Vec<Message> {
        let mut pages = vec![msg("Map"), msg("Mission Log")];
        if self.campaign.is_some() {
            pages.push(msg("Campaign Record"));
        }
        pages
    }

    fn draw_board(&self, cr: &Context, view: &View) -> Result<(), cairo::Error> {
        // Each sheet on the page it is designed for.
        let page = Page::A4_PORTRAIT;
        match view.page {
            MISSION_LOG_PAGE => {
                let page = Page::A4_LANDSCAPE;
                let log = mission_log_from(self);
                return draw_sheet_page(cr, view, page.w, page.h, |cr| {
                    draw_mission_log(cr, &log, page)
                });
            }
            CAMPAIGN_RECORD_PAGE => {
                if let Some(record) = campaign_record_from(self) {
                    return draw_sheet_page(cr, view, page.w, page.h, |cr| {
                        draw_campaign_record(cr, &record, page)
                    });
                }
            }
            _ => {}
        }
        let scene = scene(self, Some(view));
        PAINTER.with(|p| {
            let mut painter = p.borrow_mut();
            // The window's zoom is in the context already (the painter reads it there): the
            // bitmaps need only the screen's own pixel ratio beyond it.
            let zoom = cr.matrix().xx().abs().max(1e-9);
            painter.set_pixel_ratio(view.scale_factor / zoom);
            paint_in_view(cr, &mut painter, &scene, view)
        })
    }

    fn target_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        if view.page != 0 {
            return None;
        }
        let scene = scene(self, None);
        target_in_view(&scene, view, x, y).map(|id| to_rule_id(self, &id))
    }

    fn status(&self) -> Vec<(Message, String)> {
        let survivors = |pick: fn(&SurvivorPlace) -> bool| {
            self.survivors.iter().filter(|s| pick(&s.place)).count()
        };
        let lost = self
            .aircraft
            .iter()
            .filter(|a| a.in_mission && a.fate != Fate::Flying)
            .count();
        let abort = if self.auto_aborted {
            format!("{} (AUTO ABORT)", self.abort)
        } else {
            self.abort.to_string()
        };
        vec![
            (
                msg("Scenario"),
                crate::i18n::gettext(&self.scenario_data().title),
            ),
            (
                msg("Turn"),
                msg("{turn} of {turns}")
                    .arg("turn", self.turn)
                    .arg("turns", self.turns)
                    .render(),
            ),
            (msg("Search"), self.search.to_string()),
            (msg("Abort"), abort),
            (
                msg("Survivors stranded / aboard / rescued"),
                format!(
                    "{} / {} / {}",
                    survivors(|p| matches!(p, SurvivorPlace::Stranded(_))),
                    survivors(|p| matches!(p, SurvivorPlace::Aboard(_))),
                    survivors(|p| *p == SurvivorPlace::OffMap)
                ),
            ),
            (
                msg("Survivors captured / killed"),
                format!(
                    "{} / {}",
                    survivors(|p| *p == SurvivorPlace::Captured),
                    survivors(|p| *p == SurvivorPlace::Killed)
                ),
            ),
            (msg("Aircraft lost"), lost.to_string()),
            (
                msg("Cards in hand / reserve"),
                format!("{} / {}", self.hand.len(), self.reserve.len()),
            ),
            (
                msg("Action deck / discards"),
                format!(
                    "{} / {}",
                    self.actions.draw_count(),
                    self.actions.discard_pile().len()
                ),
            ),
            (
                msg("Resolution deck / discards"),
                format!(
                    "{} / {}",
                    self.resolution.draw_count(),
                    self.resolution.discard_pile().len()
                ),
            ),
        ]
    }

    fn zoomable_at(&self, view: &View, x: f64, y: f64) -> Option<String> {
        if view.page != 0 {
            return None;
        }
        let scene = scene(self, None);
        target_in_view(&scene, view, x, y).filter(|id| scene.drawable(id).is_some())
    }

    fn zoom_size_mm(&self, id: &str) -> Option<(f64, f64)> {
        scene(self, None).drawable(id).map(|d| d.size_mm())
    }

    fn draw_zoom(&self, cr: &Context, id: &str) -> Result<(), cairo::Error> {
        match scene(self, None).drawable(id) {
            Some(d) => d.draw(cr),
            None => Ok(()),
        }
    }
}
