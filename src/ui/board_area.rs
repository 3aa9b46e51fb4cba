//! The game window's board: its drawing function and the sharp redraw after a zoom. A frame
//! at a new zoom or pan is the last one scaled (see [`BoardFrames`]), within a frame's time
//! whatever the game; once the zoom has settled for [`SETTLE`], the game draws the board
//! sharp at the new level and that is shown instead.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::{Duration, Instant};

use relm4::adw;
use relm4::gtk;
use relm4::gtk::glib;
use relm4::gtk::prelude::*;

use super::board_frames::{BoardFrames, FrameKey, Painted};
use super::board_zoom::Zoom;
use crate::art::View;
use crate::games::PlaySession;

/// How long the zoom and pan must stay still before the board is drawn sharp at them.
const SETTLE: Duration = Duration::from_millis(90);

/// What the drawing function and the sharp redraw share with the window.
pub struct BoardArea {
    session: Rc<RefCell<Box<dyn PlaySession>>>,
    view: Rc<RefCell<View>>,
    zoom: Rc<Cell<Zoom>>,
    /// Counts the position's changes (see [`BoardArea::changed`]).
    generation: Cell<u64>,
    frames: RefCell<BoardFrames>,
    /// When a preview was last shown, while the sharp redraw waits.
    previewed: Cell<Option<Instant>>,
    /// Labels drawn on pieces (see [`crate::art::Board::draw_badges`]); set before
    /// [`BoardArea::changed`].
    pub badges: RefCell<Vec<(String, String)>>,
}

impl BoardArea {
    /// Draws `session`'s board on `area` with the window's `view` and `zoom`.
    pub fn install(
        area: &gtk::DrawingArea,
        session: Rc<RefCell<Box<dyn PlaySession>>>,
        view: Rc<RefCell<View>>,
        zoom: Rc<Cell<Zoom>>,
    ) -> Rc<BoardArea> {
        let board = Rc::new(BoardArea {
            session,
            view,
            zoom,
            generation: Cell::new(0),
            frames: RefCell::new(BoardFrames::new()),
            previewed: Cell::new(None),
            badges: RefCell::new(Vec::new()),
        });
        let b = board.clone();
        area.set_draw_func(move |area, cr, _, _| b.draw(area, cr));
        board
    }

    /// The position has changed: no earlier frame may stand in for it.
    pub fn changed(&self) {
        self.generation.set(self.generation.get() + 1);
    }

    /// What a frame of `area` shows now; also keeps the window's view at the area's size and
    /// the desktop's style (clicks are mapped with it).
    fn key(&self, area: &gtk::DrawingArea) -> FrameKey {
        let mut view = self.view.borrow_mut();
        view.width = f64::from(area.width());
        view.height = f64::from(area.height());
        view.dark = adw::StyleManager::default().is_dark();
        FrameKey {
            view: View {
                scale_factor: f64::from(area.scale_factor()),
                ..view.clone()
            },
            generation: self.generation.get(),
        }
    }

    fn draw(self: &Rc<Self>, area: &gtk::DrawingArea, cr: &gtk::cairo::Context) {
        let key = self.key(area);
        let session = self.session.borrow();
        let Some(board) = session.board() else {
            super::game_window::draw_no_board(area, cr);
            return;
        };
        let badges = self.badges.borrow();
        let painted = self
            .frames
            .borrow_mut()
            .paint(cr, &key, self.zoom.get(), |cr, v| {
                board.draw_board(cr, v)?;
                board.draw_badges(cr, v, &badges)
            });
        match painted {
            Ok(Painted::Sharp) => {}
            Ok(Painted::Preview) => self.sharpen_later(area),
            Err(e) => eprintln!("tonkin: drawing the board failed: {e}"),
        }
    }

    /// Draws the board sharp once no preview has been shown for [`SETTLE`].
    fn sharpen_later(self: &Rc<Self>, area: &gtk::DrawingArea) {
        if self.previewed.replace(Some(Instant::now())).is_some() {
            return;
        }
        let this = self.clone();
        let area = area.downgrade();
        glib::timeout_add_local(SETTLE / 3, move || {
            let Some(area) = area.upgrade() else {
                return glib::ControlFlow::Break;
            };
            if this.previewed.get().is_some_and(|t| t.elapsed() < SETTLE) {
                return glib::ControlFlow::Continue;
            }
            this.previewed.set(None);
            let key = this.key(&area);
            let session = this.session.borrow();
            let badges = this.badges.borrow();
            if let Some(board) = session.board()
                && let Err(e) = this
                    .frames
                    .borrow_mut()
                    .render(&key, this.zoom.get(), |cr, v| {
                        board.draw_board(cr, v)?;
                        board.draw_badges(cr, v, &badges)
                    })
            {
                eprintln!("tonkin: drawing the board failed: {e}");
            }
            area.queue_draw();
            glib::ControlFlow::Break
        });
    }
}
