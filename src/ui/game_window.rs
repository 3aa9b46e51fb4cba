//! The generic game window that every game fills in: header bar with undo and redo, the board
//! drawn by the game's art, a side panel with the position's facts and the log, and the
//! prompt bar with the legal actions.
//!
//! Everything in it is shown for one seat, [`View::seat`]. When two people share the screen,
//! a change of the seat to move puts up a curtain over the whole window first: the next seat's
//! side is built only once that player says they are at the screen. A seat the computer plays
//! decides on a worker thread from its own view; the window then shows only the person's side.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::gtk::gio;
use relm4::prelude::*;

use super::board_area::BoardArea;
use super::board_zoom::{self, Zoom};
use super::guide::Guide;
use super::log_view::LogView;
use super::prompt_bar::PromptBar;
use super::rules_window::RulesWindow;
use super::sight_tool::{self, SightTool};
use crate::art::View;
use crate::engine::game::{Actor, Verdict};
use crate::engine::message::msg;
use crate::engine::number::decimal;
use crate::engine::session::Stepped;
use crate::games::{self, ComputerDone, PlaySession};
use crate::i18n::gettext;

pub struct GameInit {
    pub session: Box<dyn PlaySession>,
    /// The file the game was opened from, where Save writes.
    pub path: Option<PathBuf>,
}

/// Opens a new window for a game session; once it has taken an action it is a game in
/// progress with an autosave file of its own.
pub fn open_game_window(session: Box<dyn PlaySession>, path: Option<PathBuf>) {
    open_window(session, path, None);
}

/// Opens the game in progress kept in `autosave` (its window keeps saving there), or brings
/// its window forward when it is open already.
pub fn resume_game(autosave: PathBuf) -> Result<(), String> {
    if let Some(window) = window_of(&autosave) {
        window.present();
        return Ok(());
    }
    let bytes = std::fs::read(&autosave).map_err(|e| format!("{}: {e}", autosave.display()))?;
    let session = games::load_any(&bytes, &autosave.display().to_string())?;
    open_window(session, None, Some(autosave));
    Ok(())
}

thread_local! {
    /// The autosave file of each open game window.
    static OPEN: RefCell<Vec<(PathBuf, gtk::glib::WeakRef<adw::ApplicationWindow>)>> =
        const { RefCell::new(Vec::new()) };
}

/// The open window that autosaves into `autosave`, if any.
pub fn window_of(autosave: &std::path::Path) -> Option<adw::ApplicationWindow> {
    OPEN.with(|open| {
        open.borrow()
            .iter()
            .find(|(p, _)| p == autosave)
            .and_then(|(_, w)| w.upgrade())
    })
}

/// `autosave`: the file of a game in progress to keep saving into; `None` gives the game a
/// new file, so that no other game in progress is ever overwritten.
fn open_window(
    mut session: Box<dyn PlaySession>,
    path: Option<PathBuf>,
    autosave: Option<PathBuf>,
) {
    let settings = super::settings();
    // Casual undo is a solitaire player's choice: two players never take back a move once the
    // screen has changed hands.
    session.set_casual_undo(settings.casual_undo && session.seats() == 1);
    let autosave = autosave.or_else(|| {
        settings.autosave.then(|| {
            crate::saves::autosave_dir()
                .map(|dir| crate::saves::new_autosave_path(&dir, session.game_id()))
        })?
    });
    let builder = GameWindow::builder();
    relm4::main_application().add_window(&builder.root);
    if let Some(auto) = autosave {
        session.autosave_to(auto.clone());
        let weak = builder.root.downgrade();
        OPEN.with(|open| {
            let mut open = open.borrow_mut();
            open.retain(|(_, w)| w.upgrade().is_some());
            open.push((auto.clone(), weak));
        });
        builder.root.connect_destroy(move |_| {
            OPEN.with(|open| open.borrow_mut().retain(|(p, _)| *p != auto));
        });
    }
    let older_save = session.continues_older_save();
    let window = builder.root.clone();
    builder.launch(GameInit { session, path }).detach_runtime();
    if older_save {
        super::dialogs::notice_dialog(
            Some(window.upcast_ref()),
            &gettext("This game goes on from an earlier version's save"),
            &gettext(
                "The rules of this game have changed in Tonkin since the save was made, and its moves no longer replay. The game goes on from the position the save holds: the moves that led there cannot be undone, and this version could not check them.",
            ),
        );
    }
}

pub struct GameWindow {
    session: Rc<RefCell<Box<dyn PlaySession>>>,
    view: Rc<RefCell<View>>,
    /// The board's zoom and pan, shared with its drawing function.
    zoom: Rc<Cell<Zoom>>,
    /// The board's drawing, told when the position changes.
    board_area: Rc<BoardArea>,
    path: Option<PathBuf>,
    title: String,
    /// The scenario's name as the player knows it.
    scenario: String,
    rules: RulesWindow,
    game_over_shown: bool,
    /// The names of the board's pages the switch shows now.
    page_names: RefCell<Vec<String>>,
    /// The seat the hand-over curtain waits for, while it is up.
    curtain: Option<u8>,
    /// An action was taken while actions undone waited to be redone: Redo says so.
    redo_lost: Cell<bool>,
    /// The seat whose computer player is deciding on a worker thread.
    thinking: Option<u8>,
    /// The board shows what the computer thinks of the hidden pieces (where the game offers it).
    show_thinks: bool,
    /// The line-of-sight tool (where the board offers it).
    sight: SightTool,
}

#[derive(Debug)]
pub enum GameMsg {
    Choose(usize),
    ChooseNth(usize),
    Click(f64, f64),
    /// Shows the piece at a point of the board enlarged.
    Enlarge(f64, f64),
    /// Zooms the board to a level, keeping the point under the pointer (or the centre) put.
    ZoomTo(f64, Option<(f64, f64)>),
    /// Multiplies the zoom by [`board_zoom::STEP`] to this power (Ctrl + / −, Ctrl + wheel).
    ZoomStep(f64, Option<(f64, f64)>),
    /// Moves the zoomed board by so many pixels.
    Pan(f64, f64),
    Hover(f64, f64),
    Undo,
    Redo,
    Save,
    SaveAs,
    SaveTo(PathBuf),
    ShowRule(Option<String>),
    /// The window is up: a finished game shows its result at once.
    Opened,
    PrintAndPlay,
    /// Opens the pending decision as a form.
    OpenForm,
    SubmitForm(Vec<usize>),
    /// Arrow keys on the board: the next (+1) or previous (-1) map target.
    FocusTarget(i32),
    /// Enter or Space on the board: take the focused map target.
    ActivateFocused,
    /// The player the curtain waits for is at the screen: show their side.
    Reveal,
    /// Opens the dialog that hands each side to a person or to the computer.
    Players,
    /// Who plays each seat from now on: the computer's level, `None` for a person.
    SetPlayers(Vec<Option<String>>),
    /// Shows or hides what the computer thinks of the hidden pieces.
    ShowThinks(bool),
    /// Switches the line-of-sight tool on or off.
    Sight(bool),
    /// Ctrl+L: the line-of-sight tool on if it was off, off if it was on.
    ToggleSight,
}

impl GameMsg {
    /// Whether the message may be handled behind the hand-over curtain: only what neither
    /// shows nor changes the position (a key shortcut must not take the next seat's action).
    fn allowed_behind_curtain(&self) -> bool {
        matches!(
            self,
            GameMsg::Save
                | GameMsg::SaveAs
                | GameMsg::SaveTo(_)
                | GameMsg::ShowRule(_)
                | GameMsg::Opened
                | GameMsg::Reveal
        )
    }

    /// Whether the message takes or takes back an action: not while the computer decides.
    fn acts(&self) -> bool {
        matches!(
            self,
            GameMsg::Choose(_)
                | GameMsg::ChooseNth(_)
                | GameMsg::Click(..)
                | GameMsg::ActivateFocused
                | GameMsg::Undo
                | GameMsg::Redo
                | GameMsg::OpenForm
                | GameMsg::SubmitForm(_)
        )
    }
}

pub struct GameWidgets {
    /// The game's page and the hand-over curtain, one shown at a time.
    stack: gtk::Stack,
    curtain: adw::StatusPage,
    curtain_button: gtk::Button,
    board: gtk::DrawingArea,
    /// Shows the zoom level; a click fits the board again.
    zoom_label: gtk::Button,
    /// The switch among the board's pages (hidden when it has one).
    pages: gtk::Box,
    prompt: PromptBar,
    /// The guided first game's explanation of the pending decision.
    guide: std::rc::Rc<Guide>,
    log: LogView,
    status: gtk::Grid,
    toasts: adw::ToastOverlay,
    title: adw::WindowTitle,
    undo: gio::SimpleAction,
    /// Its tooltip says why when undo is not possible.
    undo_button: gtk::Button,
    redo: gio::SimpleAction,
    /// Its tooltip says why when there is nothing to redo.
    redo_button: gtk::Button,
    export: gio::SimpleAction,
    /// Shows what the computer thinks of the hidden pieces; offered only to a seat the game
    /// shows it to.
    thinks: gtk::ToggleButton,
    /// Switches the line-of-sight tool; shown where the board offers it.
    sight_button: gtk::ToggleButton,
    /// Over the board while the tool is on: what to do, and what the line meets.
    sight_banner: gtk::Label,
}

impl Component for GameWindow {
    type Init = GameInit;
    type Input = GameMsg;
    type Output = ();
    type CommandOutput = ComputerDone;
    type Root = adw::ApplicationWindow;
    type Widgets = GameWidgets;

    fn init_root() -> Self::Root {
        // Never larger than the screen: a window taller than the screen hides its prompt bar.
        let (width, height) = super::fitting_size(1280, 860);
        adw::ApplicationWindow::builder()
            .default_width(width)
            .default_height(height)
            .build()
    }

    fn init(
        init: GameInit,
        root: Self::Root,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let id = init.session.game_id();
        let info = games::find(id);
        let title = info
            .as_ref()
            .map(|i| i.title.to_owned())
            .unwrap_or_else(|| id.to_owned());
        let driver = info.as_ref().and_then(|i| i.driver);
        let rules_sections = driver.map(|d| d.rules_reference()).unwrap_or_default();
        let scenario = driver
            .and_then(|d| {
                d.scenarios()
                    .into_iter()
                    .find(|s| s.id == init.session.scenario())
            })
            .map(|s| s.title.render())
            .unwrap_or_else(|| init.session.scenario().to_owned());
        root.set_title(Some(&title));

        let header = adw::HeaderBar::new();
        let window_title = adw::WindowTitle::new(&title, &scenario);
        header.set_title_widget(Some(&window_title));
        let undo_button = icon_button("edit-undo-symbolic", &gettext("Undo"), "win.undo");
        let redo_button = icon_button("edit-redo-symbolic", &gettext("Redo"), "win.redo");
        header.pack_start(&undo_button);
        header.pack_start(&redo_button);
        let computer_plays = !init.session.computer_levels().is_empty();
        header.pack_end(&main_menu_button(computer_plays));
        let rules_button = icon_button(
            "help-contents-symbolic",
            &gettext("Open the rules reference (Shift+F1)"),
            "win.rules",
        );
        // Named as the menu item and the window it opens (the tooltip adds the shortcut), so
        // that a screen reader user, and the end-to-end tests, find it by that name.
        super::set_accessible_label(&rules_button, &gettext("Rules Reference"));
        header.pack_end(&rules_button);
        let (zoom_box, zoom_label) = zoom_controls();
        header.pack_end(&zoom_box);
        let thinks = gtk::ToggleButton::builder()
            .icon_name("dialog-information-symbolic")
            .tooltip_text(gettext(
                "What the computer thinks: the chance that each face-down counter is a combat unit, from what your side knows",
            ))
            .visible(false)
            .build();
        super::set_accessible_label(&thinks, &gettext("What the computer thinks"));
        thinks.connect_toggled({
            let s = sender.clone();
            move |b| s.input(GameMsg::ShowThinks(b.is_active()))
        });
        header.pack_end(&thinks);
        let sight_button = sight_tool::toggle_button({
            let s = sender.clone();
            move |on| s.input(GameMsg::Sight(on))
        });
        header.pack_end(&sight_button);

        let board = gtk::DrawingArea::builder()
            .hexpand(true)
            .vexpand(true)
            .focusable(true)
            .build();
        super::set_accessible_label(&board, &gettext("Game board"));
        // A drag pans the zoomed board; the release that ends it is no click.
        let dragged = Rc::new(Cell::new(false));
        let click = gtk::GestureClick::new();
        let s = sender.clone();
        let d = dragged.clone();
        click.connect_released(move |_, _, x, y| {
            if !d.get() {
                s.input(GameMsg::Click(x, y));
            }
        });
        board.add_controller(click);
        board.add_controller(board_drag(&sender, dragged));
        add_board_wheel(&board, &sender);
        let secondary = gtk::GestureClick::builder()
            .button(gtk::gdk::BUTTON_SECONDARY)
            .build();
        let s = sender.clone();
        secondary.connect_released(move |_, _, x, y| s.input(GameMsg::Enlarge(x, y)));
        board.add_controller(secondary);
        let motion = gtk::EventControllerMotion::new();
        let s = sender.clone();
        motion.connect_motion(move |_, x, y| s.input(GameMsg::Hover(x, y)));
        board.add_controller(motion);
        board.add_controller(board_keys(&sender));

        let s = sender.clone();
        let prompt = PromptBar::new(
            move |i| s.input(GameMsg::Choose(i)),
            {
                let s = sender.clone();
                move |r| s.input(GameMsg::ShowRule(Some(r)))
            },
            {
                let s = sender.clone();
                move || s.input(GameMsg::OpenForm)
            },
        );
        let s = sender.clone();
        let log = LogView::new(move |r| s.input(GameMsg::ShowRule(Some(r))));

        let status = gtk::Grid::builder()
            .column_spacing(12)
            .row_spacing(4)
            .margin_top(12)
            .margin_start(12)
            .margin_end(12)
            .build();
        let log_title = gtk::Label::builder()
            .label(gettext("Log"))
            .xalign(0.0)
            .css_classes(["heading"])
            .margin_start(12)
            .margin_top(12)
            .build();
        // The facts scroll when they are many: the panel never makes the window taller.
        let status_scroller = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .propagate_natural_height(true)
            .child(&status)
            .build();
        let side = gtk::Box::new(gtk::Orientation::Vertical, 6);
        side.add_css_class("side-panel");
        side.set_width_request(320);
        side.append(&status_scroller);
        side.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
        side.append(&log_title);
        side.append(&log.widget);

        let pages = gtk::Box::builder()
            .css_classes(["linked"])
            .halign(gtk::Align::Center)
            .margin_top(6)
            .visible(false)
            .build();
        let sight_banner = sight_tool::banner();
        let board_overlay = gtk::Overlay::builder().child(&board).build();
        board_overlay.add_overlay(&sight_banner);
        let board_side = gtk::Box::new(gtk::Orientation::Vertical, 0);
        board_side.append(&pages);
        board_side.append(&board_overlay);
        let paned = gtk::Paned::builder()
            .orientation(gtk::Orientation::Horizontal)
            .start_child(&board_side)
            .end_child(&side)
            .resize_end_child(false)
            .shrink_end_child(false)
            .vexpand(true)
            .build();
        let main = gtk::Box::new(gtk::Orientation::Vertical, 0);
        main.append(&paned);
        main.append(&gtk::Separator::new(gtk::Orientation::Horizontal));
        let guide = Guide::new(id);
        main.append(&guide.widget);
        main.append(&prompt.widget);
        let toasts = adw::ToastOverlay::new();
        toasts.set_child(Some(&main));
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&toasts);
        let (curtain_page, curtain, curtain_button) =
            hand_over_curtain(&title, &scenario, computer_plays);
        curtain_button.connect_clicked({
            let s = sender.clone();
            move |_| s.input(GameMsg::Reveal)
        });
        // No transition: a cross-fade would draw both sides at once.
        let stack = gtk::Stack::new();
        stack.add_named(&content, Some("game"));
        stack.add_named(&curtain_page, Some("curtain"));
        curtain_page.set_visible(false);
        root.set_content(Some(&stack));

        let session = Rc::new(RefCell::new(init.session));
        let view = Rc::new(RefCell::new(View::default()));
        let zoom = Rc::new(Cell::new(Zoom::default()));
        let board_area = BoardArea::install(&board, session.clone(), view.clone(), zoom.clone());
        adw::StyleManager::default().connect_dark_notify({
            let board = board.clone();
            move |_| board.queue_draw()
        });

        window_action(&root, "zoom-in", &sender, || GameMsg::ZoomStep(1.0, None));
        window_action(&root, "zoom-out", &sender, || GameMsg::ZoomStep(-1.0, None));
        window_action(&root, "zoom-fit", &sender, || {
            GameMsg::ZoomTo(board_zoom::MIN_LEVEL, None)
        });
        window_action(&root, "zoom-double", &sender, || GameMsg::ZoomTo(2.0, None));
        let undo = window_action(&root, "undo", &sender, || GameMsg::Undo);
        let redo = window_action(&root, "redo", &sender, || GameMsg::Redo);
        window_action(&root, "save", &sender, || GameMsg::Save);
        window_action(&root, "save-as", &sender, || GameMsg::SaveAs);
        window_action(&root, "rules", &sender, || GameMsg::ShowRule(None));
        window_action(&root, "sight", &sender, || GameMsg::ToggleSight);
        if computer_plays {
            window_action(&root, "players", &sender, || GameMsg::Players);
        }
        super::help::install_action(&root, Some(id));
        let export = window_action(&root, "export", &sender, || GameMsg::PrintAndPlay);
        let close = gio::SimpleAction::new("close", None);
        let win = root.clone();
        close.connect_activate(move |_, _| win.close());
        root.add_action(&close);
        super::mark_profile(&root);
        install_choice_shortcuts(&root, &sender);

        let mut model = GameWindow {
            session,
            view,
            zoom,
            board_area,
            path: init.path,
            title: title.clone(),
            scenario,
            rules: RulesWindow::new(&title, rules_sections),
            game_over_shown: false,
            page_names: RefCell::new(Vec::new()),
            curtain: None,
            redo_lost: Cell::new(false),
            thinking: None,
            show_thinks: false,
            sight: SightTool::default(),
        };
        let mut widgets = GameWidgets {
            stack,
            curtain,
            curtain_button,
            board,
            zoom_label,
            pages,
            prompt,
            guide,
            log,
            status,
            toasts,
            title: window_title,
            undo,
            undo_button,
            redo,
            redo_button,
            export,
            thinks,
            sight_button,
            sight_banner,
        };
        // A game two people share opens behind the curtain, for the seat to move.
        if shared_screen(model.session.borrow().as_ref()) {
            let seat = seat_to_move(model.session.borrow().as_ref()).unwrap_or(0);
            model.raise_curtain(&mut widgets, seat);
        } else {
            model.view.borrow_mut().seat = person_seat(model.session.borrow().as_ref());
            model.refresh(&mut widgets);
        }
        root.present();
        sender.input(GameMsg::Opened);
        ComponentParts { model, widgets }
    }

    fn update_with_view(
        &mut self,
        widgets: &mut GameWidgets,
        msg: GameMsg,
        sender: ComponentSender<Self>,
        root: &Self::Root,
    ) {
        if self.curtain.is_some() && !msg.allowed_behind_curtain() {
            return;
        }
        // The line-of-sight tool takes no action: its clicks go on while the computer thinks.
        if let GameMsg::Click(x, y) = msg
            && self.sight.is_on()
        {
            widgets.board.grab_focus();
            let place = self.place_at(x, y);
            self.sight.click(place);
            self.show_sight(widgets);
            return;
        }
        if self.thinking.is_some() && msg.acts() {
            return;
        }
        match msg {
            GameMsg::Choose(i) => {
                self.note_redo_lost();
                let result = self.session.borrow_mut().choose(i);
                self.after_step(widgets, result.map(Some));
            }
            GameMsg::ChooseNth(i) => {
                if i < self.session.borrow().prompt().choices.len() {
                    sender.input(GameMsg::Choose(i));
                }
            }
            GameMsg::Click(x, y) => self.click(widgets, &sender, x, y),
            GameMsg::Enlarge(x, y) => self.zoom(widgets, x, y),
            GameMsg::ZoomTo(level, at) => self.zoom_board(widgets, level, at),
            GameMsg::ZoomStep(steps, at) => {
                let level = self.zoom.get().level * board_zoom::STEP.powf(steps);
                self.zoom_board(widgets, level, at);
            }
            GameMsg::Pan(dx, dy) => {
                let mut z = self.zoom.get();
                let (w, h) = board_size(&widgets.board);
                z.pan(dx, dy, w, h);
                self.zoom.set(z);
                widgets.board.queue_draw();
            }
            GameMsg::Hover(x, y) => {
                if self.sight.is_on() && self.sight.hover(self.place_at(x, y)) {
                    self.show_sight(widgets);
                }
                let hovered = self.target_at(x, y);
                let mut view = self.view.borrow_mut();
                if view.hovered != hovered {
                    view.hovered = hovered;
                    widgets.board.queue_draw();
                }
            }
            GameMsg::Undo => {
                self.redo_lost.set(false);
                let step = self.session.borrow_mut().undo();
                self.after_step(widgets, Ok(step));
            }
            GameMsg::Redo => {
                let step = self.session.borrow_mut().redo();
                self.after_step(widgets, Ok(step));
            }
            GameMsg::Save => match self.path.clone() {
                Some(path) => sender.input(GameMsg::SaveTo(path)),
                None => sender.input(GameMsg::SaveAs),
            },
            GameMsg::SaveAs => {
                let s = sender.clone();
                let name = format!("{}.json", self.session.borrow().game_id());
                super::dialogs::choose_save_path(root.upcast_ref(), &name, move |p| {
                    s.input(GameMsg::SaveTo(p))
                });
            }
            GameMsg::SaveTo(path) => match self.session.borrow().save(&path) {
                Ok(()) => {
                    super::toast(&widgets.toasts, &gettext("Game saved"));
                    self.path = Some(path);
                }
                Err(e) => super::dialogs::error_dialog(
                    Some(root.upcast_ref()),
                    &gettext("The game was not saved"),
                    &e.message().render(),
                ),
            },
            GameMsg::ShowRule(reference) => self.rules.show(root, reference.as_deref()),
            GameMsg::Opened => {}
            GameMsg::Reveal => {
                if let Some(seat) = self.curtain.take() {
                    self.view.borrow_mut().seat = seat;
                    self.refresh(widgets);
                    show_page(&widgets.stack, "game");
                    widgets.board.grab_focus();
                }
            }
            GameMsg::FocusTarget(step) => self.focus_target(widgets, step),
            GameMsg::ActivateFocused => {
                let focused = self.view.borrow().hovered.clone();
                if let Some(target) = focused {
                    let (x, y) = (
                        f64::from(widgets.board.width()) / 2.0,
                        f64::from(widgets.board.height()) / 2.0,
                    );
                    self.activate_target(widgets, &sender, &target, x, y);
                }
            }
            GameMsg::OpenForm => {
                let form = self.session.borrow().form();
                if let Some(form) = form {
                    let s = sender.clone();
                    let submit = sender.clone();
                    super::form_dialog::show(
                        root,
                        self.session.clone(),
                        form,
                        move |r| s.input(GameMsg::ShowRule(Some(r))),
                        move |values| submit.input(GameMsg::SubmitForm(values)),
                    );
                }
            }
            GameMsg::SubmitForm(values) => {
                self.note_redo_lost();
                let result = self.session.borrow_mut().submit_form(&values);
                self.after_step(widgets, result.map(Some));
            }
            GameMsg::PrintAndPlay => {
                let game = self.session.borrow().game_id();
                let filled = super::export_dialog::FilledFrom {
                    session: self.session.clone(),
                    seat: self.view.borrow().seat,
                };
                super::export_dialog::show(Some(root.upcast_ref()), Some(game), Some(filled));
            }
            GameMsg::Players => self.ask_players(root, &sender),
            GameMsg::SetPlayers(levels) => self.set_players(widgets, levels),
            GameMsg::ShowThinks(on) => {
                self.show_thinks = on;
                self.refresh(widgets);
            }
            GameMsg::Sight(on) => {
                if self.sight.is_on() != on {
                    self.sight.set_on(on);
                }
                if widgets.sight_button.is_active() != on {
                    widgets.sight_button.set_active(on);
                }
                self.show_sight(widgets);
            }
            GameMsg::ToggleSight => {
                if widgets.sight_button.is_visible() {
                    sender.input(GameMsg::Sight(!self.sight.is_on()));
                }
            }
        }
        self.after_update(widgets, &sender, root);
    }

    fn update_cmd_with_view(
        &mut self,
        widgets: &mut GameWidgets,
        done: ComputerDone,
        sender: ComponentSender<Self>,
        root: &Self::Root,
    ) {
        self.thinking = None;
        let result = self.session.borrow_mut().finish_computer(done);
        self.after_step(widgets, result);
        self.after_update(widgets, &sender, root);
    }
}

impl GameWindow {
    /// After any message: a game just over shows its result; a computer to move starts
    /// thinking.
    fn after_update(
        &mut self,
        widgets: &mut GameWidgets,
        sender: &ComponentSender<Self>,
        root: &adw::ApplicationWindow,
    ) {
        if self.curtain.is_some() {
            return;
        }
        if !self.game_over_shown && self.session.borrow().outcome().is_some() {
            self.game_over_shown = true;
            self.show_game_over(root);
        }
        self.think(widgets, sender);
    }

    /// When the computer plays the seat to move, hands it its decision (built here, from its
    /// seat's view only) to take on a worker thread; the answer comes back as a command.
    fn think(&mut self, widgets: &mut GameWidgets, sender: &ComponentSender<Self>) {
        if self.thinking.is_some() {
            return;
        }
        let Some(job) = self.session.borrow_mut().computer_job() else {
            return;
        };
        self.thinking = Some(job.seat);
        self.show_thinking(widgets);
        sender.spawn_oneshot_command(move || job.run());
    }

    /// The prompt while the computer decides: who is thinking, and no action to take.
    fn show_thinking(&self, widgets: &mut GameWidgets) {
        let Some(seat) = self.thinking else { return };
        // Translators: the prompt while the computer decides, e.g. "The NLF player (the
        // computer) is thinking…".
        let text =
            gettext("{seat} (the computer) is thinking…").replace("{seat}", &self.seat_name(seat));
        widgets
            .prompt
            .show_thinking(&super::players::capitalised(&text));
        widgets.undo.set_enabled(false);
        widgets.redo.set_enabled(false);
        self.view.borrow_mut().targets.clear();
        widgets.board.queue_draw();
    }

    /// Asks who plays each seat from now on.
    fn ask_players(&self, root: &adw::ApplicationWindow, sender: &ComponentSender<Self>) {
        let session = self.session.borrow();
        let current: Vec<Option<String>> =
            (0..session.seats()).map(|s| session.computer(s)).collect();
        let rows = super::players::PlayerRows::new(session.as_ref(), &current);
        let dialog = adw::MessageDialog::new(
            Some(root),
            Some(&gettext("Players")),
            Some(&gettext(
                "Hand a side to the computer, or take it back. The choice is saved with the game.",
            )),
        );
        dialog.set_extra_child(Some(&rows.list));
        dialog.add_response("cancel", &gettext("_Cancel"));
        dialog.add_response("apply", &gettext("_Apply"));
        dialog.set_response_appearance("apply", adw::ResponseAppearance::Suggested);
        dialog.set_default_response(Some("apply"));
        let s = sender.clone();
        dialog.connect_response(Some("apply"), move |_, _| {
            s.input(GameMsg::SetPlayers(rows.chosen()))
        });
        dialog.present();
    }

    /// Seats the players chosen; with one person left, the board shows that person's side.
    fn set_players(&mut self, widgets: &mut GameWidgets, levels: Vec<Option<String>>) {
        let mut errors = Vec::new();
        {
            let mut session = self.session.borrow_mut();
            for (seat, level) in levels.iter().enumerate() {
                let seat = seat as u8;
                if session.computer(seat) != *level
                    && let Err(e) = session.set_computer(seat, level.as_deref())
                {
                    errors.push(e);
                }
            }
            if !shared_screen(session.as_ref()) {
                self.view.borrow_mut().seat = person_seat(session.as_ref());
            }
        }
        let result = match errors.is_empty() {
            true => Ok(None),
            false => Err(errors.join("\n")),
        };
        self.after_step(widgets, result);
    }

    /// An action is about to be taken: whatever was undone cannot be redone after it.
    fn note_redo_lost(&self) {
        if self.session.borrow().can_redo() {
            self.redo_lost.set(true);
        }
    }

    fn after_step(&mut self, widgets: &mut GameWidgets, result: Result<Option<Stepped>, String>) {
        self.board_area.changed();
        let window = widgets.stack.root().and_downcast::<gtk::Window>();
        match result {
            Ok(Some(step)) => {
                if let Some(e) = step.autosave_error {
                    super::dialogs::error_dialog(
                        window.as_ref(),
                        &gettext("Autosave failed"),
                        &e.to_string(),
                    );
                }
            }
            Ok(None) => {}
            Err(reason) => super::dialogs::error_dialog(
                window.as_ref(),
                &gettext("The rules refuse this action"),
                &reason,
            ),
        }
        match self.hand_over_to() {
            Some(seat) => self.raise_curtain(widgets, seat),
            None => self.refresh(widgets),
        }
    }

    /// The seat the screen must be handed to before anything more is shown: the seat to move,
    /// when two people share the screen and it is not the seat shown.
    fn hand_over_to(&self) -> Option<u8> {
        let session = self.session.borrow();
        seat_to_move(session.as_ref())
            .filter(|&seat| shared_screen(session.as_ref()) && seat != self.view.borrow().seat)
    }

    /// Covers the whole window before anything of `seat`'s side is built. What the previous
    /// seat was shown is taken down (its log, open popovers, the board's tooltip), and whatever
    /// shows or changes the position is off until the click (see [`GameMsg::Reveal`]).
    fn raise_curtain(&mut self, widgets: &mut GameWidgets, seat: u8) {
        let name = self.seat_name(seat);
        // Translators: the title of the screen shown while two players sharing one screen
        // change places; {seat} is the player who takes over, e.g. "Player 2" or "the US player"
        // (translated with its article, in the nominative: build the title around it).
        let title = gettext("Hand the screen to {seat}");
        // Translators: the button that ends the hand-over screen, e.g. "I am Player 2 — show my side".
        let button = gettext("I am {seat} — show my side");
        widgets.curtain.set_title(&title.replace("{seat}", &name));
        widgets
            .curtain_button
            .set_label(&button.replace("{seat}", &name));
        show_page(&widgets.stack, "curtain");
        self.curtain = Some(seat);
        for action in [&widgets.undo, &widgets.redo, &widgets.export] {
            action.set_enabled(false);
        }
        let mut child = widgets.board.first_child();
        while let Some(c) = child {
            child = c.next_sibling();
            if let Some(popover) = c.downcast_ref::<gtk::Popover>() {
                popover.popdown();
            }
        }
        widgets.board.set_tooltip_text(None);
        super::set_accessible_label(&widgets.board, &gettext("Game board"));
        self.view.borrow_mut().hovered = None;
        self.sight.set_on(false);
        widgets.sight_button.set_active(false);
        self.show_sight(widgets);
        self.board_area.badges.borrow_mut().clear();
        self.board_area.changed();
        widgets.thinks.set_visible(false);
        widgets.log.clear();
    }

    /// What the players call a seat: the game's name for it, else its number.
    fn seat_name(&self, seat: u8) -> String {
        if let Some(name) = self.session.borrow().seat_name(seat) {
            return name.render();
        }
        // Translators: a seat of a two-player game that the game does not name, e.g. "Player 2".
        let numbered = gettext("Player {n}");
        numbered.replace("{n}", &(u32::from(seat) + 1).to_string())
    }

    /// The place of the map at a point of the drawing area (zoomed or not), for the
    /// line-of-sight tool; none on the board's other pages.
    fn place_at(&self, x: f64, y: f64) -> Option<String> {
        let session = self.session.borrow();
        let view = self.view.borrow();
        if view.page != 0 {
            return None;
        }
        let (x, y) = self.zoom.get().to_board(x, y);
        session.board().and_then(|b| b.place_at(&view, x, y))
    }

    /// Shows the line-of-sight tool as it is: its line on the board and its banner.
    fn show_sight(&self, widgets: &GameWidgets) {
        let session = self.session.borrow();
        let offered = session.board().is_some_and(|b| b.offers_sight());
        widgets.sight_button.set_visible(offered);
        let on = offered && self.sight.is_on();
        let line = self.sight.line().filter(|_| on);
        let mut view = self.view.borrow_mut();
        if view.sight != line {
            view.sight = line;
            widgets.board.queue_draw();
        }
        widgets.sight_banner.set_visible(on);
        if on {
            let verdict = session.board().and_then(|b| b.sight_verdict(&view));
            widgets
                .sight_banner
                .set_label(&self.sight.banner_text(verdict));
        }
    }

    /// The map target at a point of the drawing area (zoomed or not).
    fn target_at(&self, x: f64, y: f64) -> Option<String> {
        let session = self.session.borrow();
        let view = self.view.borrow();
        let (x, y) = self.zoom.get().to_board(x, y);
        session.board().and_then(|b| b.target_at(&view, x, y))
    }

    /// Zooms the board to `level` about a point of the area (its centre when `None`).
    fn zoom_board(&self, widgets: &mut GameWidgets, level: f64, at: Option<(f64, f64)>) {
        let (w, h) = board_size(&widgets.board);
        let (x, y) = at.unwrap_or((w / 2.0, h / 2.0));
        let mut z = self.zoom.get();
        z.zoom_at(level, x, y, w, h);
        self.zoom.set(z);
        // Translators: the board's zoom level, e.g. "200 %".
        let label = gettext("{percent} %").replace("{percent}", &z.percent().to_string());
        widgets.zoom_label.set_label(&label);
        widgets.board.queue_draw();
    }

    /// A click on the board takes the action on that target; when several actions share it,
    /// a small menu asks which.
    fn click(&self, widgets: &mut GameWidgets, sender: &ComponentSender<Self>, x: f64, y: f64) {
        widgets.board.grab_focus();
        let Some(target) = self.target_at(x, y) else {
            // A click on a piece that is not an action's target shows it enlarged.
            self.zoom(widgets, x, y);
            return;
        };
        self.activate_target(widgets, sender, &target, x, y);
    }

    /// Takes the action on a map target; when several actions share it, a small menu at
    /// (x, y) asks which.
    fn activate_target(
        &self,
        widgets: &mut GameWidgets,
        sender: &ComponentSender<Self>,
        target: &str,
        x: f64,
        y: f64,
    ) {
        let prompt = self.session.borrow().prompt();
        let matching: Vec<usize> = prompt
            .choices
            .iter()
            .enumerate()
            .filter(|(_, c)| c.target.as_deref() == Some(target))
            .map(|(i, _)| i)
            .collect();
        match matching.as_slice() {
            [] => self.zoom(widgets, x, y),
            [only] => sender.input(GameMsg::Choose(*only)),
            several => {
                let popover = gtk::Popover::new();
                let list = gtk::Box::new(gtk::Orientation::Vertical, 4);
                for &i in several {
                    let b = gtk::Button::builder()
                        .label(prompt.choices[i].label.render())
                        .css_classes(["flat"])
                        .build();
                    let s = sender.clone();
                    let p = popover.clone();
                    b.connect_clicked(move |_| {
                        p.popdown();
                        s.input(GameMsg::Choose(i));
                    });
                    list.append(&b);
                }
                popover.set_child(Some(&list));
                popup_at(&popover, &widgets.board, x, y);
            }
        }
    }

    /// Rebuilds the switch among the board's pages when their names change (a campaign adds
    /// its roster, say); a board of one page shows none.
    fn show_page_switch(&self, widgets: &GameWidgets, names: Vec<String>) {
        if *self.page_names.borrow() == names {
            return;
        }
        while let Some(child) = widgets.pages.first_child() {
            widgets.pages.remove(&child);
        }
        let mut view = self.view.borrow_mut();
        if view.page >= names.len() {
            view.page = 0;
        }
        let mut first: Option<gtk::ToggleButton> = None;
        for (i, name) in names.iter().enumerate() {
            let button = gtk::ToggleButton::builder()
                .label(name)
                .active(i == view.page)
                // Translators: the tooltip of a board page's button, e.g. "Show the Ordnance Card".
                .tooltip_text(gettext("Show the {page}").replace("{page}", name))
                .build();
            if let Some(f) = &first {
                button.set_group(Some(f));
            }
            let view = self.view.clone();
            let board = widgets.board.clone();
            button.connect_toggled(move |b| {
                if b.is_active() {
                    view.borrow_mut().page = i;
                    board.queue_draw();
                }
            });
            widgets.pages.append(&button);
            first.get_or_insert(button);
        }
        widgets.pages.set_visible(names.len() > 1);
        *self.page_names.borrow_mut() = names;
    }

    /// Moves the keyboard focus among the map targets of the legal actions (drawn as the
    /// hovered one) and names the focused target's actions for screen readers and as a tooltip.
    fn focus_target(&self, widgets: &mut GameWidgets, step: i32) {
        let prompt = self.session.borrow().prompt();
        let mut targets: Vec<&str> = Vec::new();
        for t in prompt.choices.iter().filter_map(|c| c.target.as_deref()) {
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        if targets.is_empty() {
            return;
        }
        let mut view = self.view.borrow_mut();
        let n = targets.len() as i32;
        let next = match view
            .hovered
            .as_deref()
            .and_then(|h| targets.iter().position(|t| *t == h))
        {
            Some(i) => (i as i32 + step).rem_euclid(n),
            None if step < 0 => n - 1,
            None => 0,
        } as usize;
        let target = targets[next].to_owned();
        let actions: Vec<String> = prompt
            .choices
            .iter()
            .filter(|c| c.target.as_deref() == Some(target.as_str()))
            .map(|c| c.label.render())
            .collect();
        let description = actions.join(" / ");
        widgets.board.set_tooltip_text(Some(&description));
        super::set_accessible_label(
            &widgets.board,
            &format!("{}: {description}", gettext("Game board")),
        );
        view.hovered = Some(target);
        widgets.board.queue_draw();
    }

    /// Shows the card or counter under the point enlarged, in a popover.
    fn zoom(&self, widgets: &mut GameWidgets, x: f64, y: f64) {
        let id = {
            let session = self.session.borrow();
            let view = self.view.borrow();
            let (x, y) = self.zoom.get().to_board(x, y);
            session.board().and_then(|b| b.zoomable_at(&view, x, y))
        };
        let Some(id) = id else { return };
        let Some((w_mm, h_mm)) = self
            .session
            .borrow()
            .board()
            .and_then(|b| b.zoom_size_mm(&id))
        else {
            return;
        };
        // About three times the printed size: a card becomes comfortably readable.
        let scale = (360.0 / h_mm.max(w_mm)).min(12.0);
        let area = gtk::DrawingArea::builder()
            .content_width((w_mm * scale) as i32)
            .content_height((h_mm * scale) as i32)
            .build();
        let session = self.session.clone();
        area.set_draw_func(move |_, cr, _, _| {
            cr.scale(scale, scale);
            if let Some(board) = session.borrow().board()
                && let Err(e) = board.draw_zoom(cr, &id)
            {
                eprintln!("tonkin: drawing the enlarged piece failed: {e}");
            }
        });
        let popover = gtk::Popover::builder().child(&area).build();
        popup_at(&popover, &widgets.board, x, y);
    }

    fn refresh(&self, widgets: &mut GameWidgets) {
        self.board_area.changed();
        let session = self.session.borrow();
        let prompt = session.prompt();
        let outcome = session.outcome();
        let headline = outcome
            .as_ref()
            .map(|o| format!("{} — {}", verdict_text(o.verdict), o.summary.render()));
        // What each choice risks, for its tooltip, in the player's words and figures.
        let risks: Vec<Vec<String>> = session
            .risks()
            .iter()
            .map(|list| {
                list.iter()
                    .map(|(what, p)| {
                        // Translators: one risk in a choice's tooltip, e.g. "12.5 % — shot down".
                        gettext("{chance} — {risk}")
                            .replace("{chance}", &percent(*p))
                            .replace("{risk}", &what.render())
                    })
                    .collect()
            })
            .collect();
        widgets.prompt.show(&prompt, headline.as_deref(), &risks);
        widgets.guide.show_for(&session.decision_kind());
        widgets
            .prompt
            .show_form(session.form().map(|f| f.title.render()));
        let odds = if super::settings().show_odds {
            session.odds()
        } else {
            None
        };
        widgets.prompt.show_odds(odds.map(|list| {
            list.iter()
                .map(|(what, p)| (percent(*p), what.render()))
                .collect()
        }));
        let seat = self.view.borrow().seat;
        widgets.log.show(session.log_seen_by(seat).entries());
        while let Some(child) = widgets.status.first_child() {
            widgets.status.remove(&child);
        }
        let pages: Vec<String> = session
            .board()
            .map(|b| b.pages().iter().map(|p| p.render()).collect())
            .unwrap_or_default();
        self.show_page_switch(widgets, pages);
        if let Some(board) = session.board() {
            for (row, (label, value)) in board.status().into_iter().enumerate() {
                let l = gtk::Label::builder()
                    .label(label.render())
                    .xalign(0.0)
                    .wrap(true)
                    .max_width_chars(22)
                    .css_classes(["dim-label"])
                    .build();
                let v = gtk::Label::builder()
                    .label(value)
                    .xalign(0.0)
                    .hexpand(true)
                    .width_chars(8)
                    .wrap(true)
                    .build();
                widgets.status.attach(&l, 0, row as i32, 1, 1);
                widgets.status.attach(&v, 1, row as i32, 1, 1);
            }
        }
        widgets
            .undo
            .set_enabled(session.can_undo() && self.thinking.is_none());
        widgets
            .redo
            .set_enabled(session.can_redo() && self.thinking.is_none());
        let undo_tip = if session.can_undo() {
            gettext("Undo the last action (Ctrl+Z)")
        } else if session.actions_taken() == 0 && session.continues_older_save() {
            gettext(
                "Nothing to undo: the game goes on from a save of an earlier version of Tonkin, whose moves this version cannot replay",
            )
        } else if session.actions_taken() == 0 {
            gettext("Nothing to undo yet")
        } else if shared_screen(session.as_ref()) {
            gettext(
                "Undo is not possible: the last action made something known or passed the turn — undoing it would show what comes next",
            )
        } else {
            gettext(
                "Undo is not possible: the last action drew a card or rolled a die — undoing it would show you what comes next (casual undo in the preferences allows it)",
            )
        };
        widgets.undo_button.set_tooltip_text(Some(&undo_tip));
        let redo_tip = if session.can_redo() {
            gettext("Redo the action you undid (Ctrl+Shift+Z)")
        } else if self.redo_lost.get() {
            gettext("Nothing to redo: the action taken after Undo replaced the actions undone")
        } else {
            gettext("Nothing to redo: Redo takes again an action that Undo took back")
        };
        widgets.redo_button.set_tooltip_text(Some(&redo_tip));
        widgets.export.set_enabled(true);
        let mut subtitle = vec![self.scenario.clone()];
        // Two people on one screen see whose side is shown.
        if shared_screen(session.as_ref()) {
            subtitle.push(self.seat_name(self.view.borrow().seat));
        }
        if let Some(file) = self.path.as_ref().and_then(|p| p.file_name()) {
            subtitle.push(file.to_string_lossy().into_owned());
        }
        // A script fixed some results: this is no game of chance.
        if session.is_arranged() {
            subtitle.push(gettext("arranged draws"));
        }
        // Its moves before the saved position are not this version's to check.
        if session.continues_older_save() {
            subtitle.push(gettext("from an earlier version's save"));
        }
        widgets.title.set_subtitle(&subtitle.join(" — "));
        self.view.borrow_mut().targets = prompt
            .choices
            .iter()
            .filter_map(|c| c.target.clone())
            .collect();
        let seat = self.view.borrow().seat;
        let offered = session.offers_computer_thinks(seat);
        widgets.thinks.set_visible(offered);
        let badges = (offered && self.show_thinks)
            .then(|| session.computer_thinks(seat))
            .flatten()
            .unwrap_or_default();
        *self.board_area.badges.borrow_mut() = badges
            .into_iter()
            .map(|(id, p)| {
                let shown = (p * 100.0).round().clamp(0.0, 100.0);
                (
                    id,
                    gettext("{percent} %").replace("{percent}", &shown.to_string()),
                )
            })
            .collect();
        widgets.board.queue_draw();
        drop(session);
        self.show_sight(widgets);
        self.show_thinking(widgets);
    }

    fn show_game_over(&self, root: &adw::ApplicationWindow) {
        let Some(outcome) = self.session.borrow().outcome() else {
            return;
        };
        let mut body = outcome.summary.render();
        // The position's tallies explain the result: who came home, what was lost.
        if let Some(board) = self.session.borrow().board() {
            let summary = body.clone();
            let lines: Vec<String> = board
                .status()
                .into_iter()
                // A tally that only repeats the result ("Box: Shot down") is left out.
                .filter(|(_, value)| !summary.contains(value.as_str()))
                // Translators: a tally under the result, "Points: 100".
                .map(|(label, value)| {
                    gettext("{label}: {value}")
                        .replace("{label}", &label.render())
                        .replace("{value}", &value)
                })
                .collect();
            body.push_str(&format!("\n\n{}", lines.join("\n")));
        }
        if let Some(points) = outcome.points {
            body.push_str(&format!(
                "\n\n{}",
                crate::i18n::ngettext("{n} point", "{n} points", points.unsigned_abs())
                    .replace("{n}", &points.to_string())
            ));
        }
        let dialog = adw::MessageDialog::new(
            Some(root),
            Some(&format!(
                "{} — {}",
                self.title,
                verdict_text(outcome.verdict)
            )),
            Some(&body),
        );
        dialog.add_response("close", &gettext("_Close"));
        dialog.add_response("new", &gettext("_New Game"));
        dialog.set_response_appearance("new", adw::ResponseAppearance::Suggested);
        dialog.connect_response(Some("new"), |_, _| {
            super::launcher::present(&relm4::main_adw_application())
        });
        dialog.present();
    }
}

/// Whether people take turns at this screen: more than one seat played by a person.
fn shared_screen(session: &dyn PlaySession) -> bool {
    (0..session.seats())
        .filter(|&seat| session.computer(seat).is_none())
        .count()
        > 1
}

/// The seat shown when at most one person plays: theirs (the first seat when the computer
/// plays every seat).
fn person_seat(session: &dyn PlaySession) -> u8 {
    (0..session.seats())
        .find(|&seat| session.computer(seat).is_none())
        .unwrap_or(0)
}

/// The seat whose decision is pending; `None` once the game is over.
fn seat_to_move(session: &dyn PlaySession) -> Option<u8> {
    match session.prompt().actor {
        Actor::Player(seat) => Some(seat),
        Actor::Nobody => None,
    }
}

/// The curtain shown while the screen changes hands: its page (with a header bar of its own
/// that names only the game), the status page that names the seat, and the button that ends it.
/// Shows one page of the stack and hides the other: GTK 4.8 keeps a page that is not shown in
/// the accessibility tree, where a screen reader would read the side behind the curtain.
fn show_page(stack: &gtk::Stack, name: &str) {
    let mut page = stack.first_child();
    while let Some(p) = page {
        p.set_visible(stack.page(&p).name().as_deref() == Some(name));
        page = p.next_sibling();
    }
    stack.set_visible_child_name(name);
}

fn hand_over_curtain(
    title: &str,
    scenario: &str,
    computer_plays: bool,
) -> (gtk::Box, adw::StatusPage, gtk::Button) {
    let header = adw::HeaderBar::new();
    header.set_title_widget(Some(&adw::WindowTitle::new(title, scenario)));
    header.pack_end(&main_menu_button(computer_plays));
    let button = gtk::Button::builder()
        .halign(gtk::Align::Center)
        .css_classes(["pill", "suggested-action"])
        .build();
    // Translators: under "Hand the screen to {seat}".
    let description = gettext("Their side of the game stays hidden until they are at the screen.");
    let status = adw::StatusPage::builder()
        .icon_name("system-switch-user-symbolic")
        .description(description)
        .child(&button)
        .vexpand(true)
        .build();
    let page = gtk::Box::new(gtk::Orientation::Vertical, 0);
    page.append(&header);
    page.append(&status);
    (page, status, button)
}

/// The window's main menu; `computer_plays`: the game offers its sides to the computer.
fn main_menu_button(computer_plays: bool) -> gtk::MenuButton {
    let menu = super::primary_menu(true);
    if computer_plays {
        let players = gio::Menu::new();
        players.append(Some(&gettext("_Players…")), Some("win.players"));
        menu.insert_section(1, None, &players);
    }
    let button = gtk::MenuButton::builder()
        .icon_name("open-menu-symbolic")
        .menu_model(&menu)
        .tooltip_text(gettext("Main Menu"))
        .primary(true)
        .build();
    // An icon and a tooltip give GTK 4.8 no accessible name: screen readers said "GtkMenuButton".
    super::set_accessible_label(&button, &gettext("Main Menu"));
    button
}

/// Opens a popover pointing at a point of the board; it removes itself when closed.
fn popup_at(popover: &gtk::Popover, board: &gtk::DrawingArea, x: f64, y: f64) {
    popover.set_parent(board);
    popover.set_pointing_to(Some(&gtk::gdk::Rectangle::new(x as i32, y as i32, 1, 1)));
    popover.connect_closed(|p| p.unparent());
    popover.popup();
}

fn verdict_text(v: Verdict) -> String {
    match v {
        Verdict::Win => gettext("Victory"),
        Verdict::Draw => gettext("Draw"),
        Verdict::Loss => gettext("Defeat"),
    }
}

fn icon_button(icon: &str, tooltip: &str, action: &str) -> gtk::Button {
    let b = gtk::Button::builder()
        .icon_name(icon)
        .tooltip_text(tooltip)
        .action_name(action)
        .build();
    super::set_accessible_label(&b, tooltip);
    b
}

fn window_action(
    root: &adw::ApplicationWindow,
    name: &str,
    sender: &ComponentSender<GameWindow>,
    msg: fn() -> GameMsg,
) -> gio::SimpleAction {
    let action = gio::SimpleAction::new(name, None);
    let s = sender.clone();
    action.connect_activate(move |_, _| s.input(msg()));
    root.add_action(&action);
    action
}

/// Zoom out, the zoom level (a click fits the board), zoom in.
fn zoom_controls() -> (gtk::Box, gtk::Button) {
    let controls = gtk::Box::builder().css_classes(["linked"]).build();
    let out = icon_button(
        "zoom-out-symbolic",
        &gettext("Zoom out (Ctrl+−, or Ctrl+scroll)"),
        "win.zoom-out",
    );
    let level = gtk::Button::builder()
        .label(gettext("{percent} %").replace("{percent}", "100"))
        .action_name("win.zoom-fit")
        .tooltip_text(gettext("Fit the whole board in the window (Ctrl+0)"))
        .build();
    let zoom_in = icon_button(
        "zoom-in-symbolic",
        &gettext("Zoom in (Ctrl++, or Ctrl+scroll); drag or Ctrl+arrow keys to move around"),
        "win.zoom-in",
    );
    controls.append(&out);
    controls.append(&level);
    controls.append(&zoom_in);
    (controls, level)
}

fn board_size(board: &gtk::DrawingArea) -> (f64, f64) {
    (f64::from(board.width()), f64::from(board.height()))
}

/// Dragging the board pans it when zoomed; `dragged` tells the click that ends a drag apart.
fn board_drag(sender: &ComponentSender<GameWindow>, dragged: Rc<Cell<bool>>) -> gtk::GestureDrag {
    let drag = gtk::GestureDrag::new();
    let d = dragged.clone();
    drag.connect_drag_begin(move |_, _, _| d.set(false));
    let last = Rc::new(Cell::new((0.0, 0.0)));
    let s = sender.clone();
    drag.connect_drag_update(move |_, dx, dy| {
        // A few pixels of trembling are still a click.
        if !dragged.get() && dx.hypot(dy) < 8.0 {
            return;
        }
        if !dragged.replace(true) {
            last.set((0.0, 0.0));
        }
        let (lx, ly) = last.replace((dx, dy));
        s.input(GameMsg::Pan(lx - dx, ly - dy));
    });
    drag
}

/// Ctrl + wheel zooms about the pointer; the wheel alone pans the zoomed board.
fn add_board_wheel(board: &gtk::DrawingArea, sender: &ComponentSender<GameWindow>) {
    let pointer = Rc::new(Cell::new(None));
    let motion = gtk::EventControllerMotion::new();
    let p = pointer.clone();
    motion.connect_motion(move |_, x, y| p.set(Some((x, y))));
    board.add_controller(motion);
    let wheel = gtk::EventControllerScroll::new(gtk::EventControllerScrollFlags::BOTH_AXES);
    let s = sender.clone();
    wheel.connect_scroll(move |c, dx, dy| {
        let ctrl = c
            .current_event_state()
            .contains(gtk::gdk::ModifierType::CONTROL_MASK);
        s.input(if ctrl {
            GameMsg::ZoomStep(-dy, pointer.get())
        } else {
            GameMsg::Pan(dx * WHEEL_STEP, dy * WHEEL_STEP)
        });
        gtk::glib::Propagation::Stop
    });
    board.add_controller(wheel);
}

/// Pixels the board moves for one notch of the wheel, and for Ctrl + an arrow key.
const WHEEL_STEP: f64 = 40.0;
const PAN_STEP: f64 = 80.0;

/// The board's own keys: arrows move among the map targets, Enter or Space takes the focused
/// one; Ctrl + arrows pan the zoomed board.
fn board_keys(sender: &ComponentSender<GameWindow>) -> gtk::EventControllerKey {
    use gtk::gdk::Key;
    let keys = gtk::EventControllerKey::new();
    let s = sender.clone();
    keys.connect_key_pressed(move |_, key, _, state| {
        if state.contains(gtk::gdk::ModifierType::CONTROL_MASK) {
            let (dx, dy) = match key {
                Key::Right => (1.0, 0.0),
                Key::Left => (-1.0, 0.0),
                Key::Down => (0.0, 1.0),
                Key::Up => (0.0, -1.0),
                _ => return gtk::glib::Propagation::Proceed,
            };
            s.input(GameMsg::Pan(dx * PAN_STEP, dy * PAN_STEP));
            return gtk::glib::Propagation::Stop;
        }
        let msg = match key {
            Key::Right | Key::Down => GameMsg::FocusTarget(1),
            Key::Left | Key::Up => GameMsg::FocusTarget(-1),
            Key::Return | Key::KP_Enter | Key::space => GameMsg::ActivateFocused,
            Key::Escape => GameMsg::Sight(false),
            _ => return gtk::glib::Propagation::Proceed,
        };
        s.input(msg);
        gtk::glib::Propagation::Stop
    });
    keys
}

/// Alt+1 … Alt+9 take the prompt's first nine actions, so a game can be played from the keyboard.
fn install_choice_shortcuts(root: &adw::ApplicationWindow, sender: &ComponentSender<GameWindow>) {
    let controller = gtk::ShortcutController::new();
    controller.set_scope(gtk::ShortcutScope::Managed);
    for n in 1..=9usize {
        let s = sender.clone();
        let trigger = gtk::ShortcutTrigger::parse_string(&format!("<Alt>{n}"));
        let action = gtk::CallbackAction::new(move |_, _| {
            s.input(GameMsg::ChooseNth(n - 1));
            gtk::glib::Propagation::Stop
        });
        controller.add_shortcut(gtk::Shortcut::new(trigger, Some(action)));
    }
    root.add_controller(controller);
}

/// What the board area shows of a game without a board drawing.
pub(super) fn draw_no_board(area: &gtk::DrawingArea, cr: &gtk::cairo::Context) {
    let layout = area.create_pango_layout(Some(&gettext(
        "This game has no board drawing yet: use the actions below.",
    )));
    let (w, h) = layout.pixel_size();
    cr.move_to(
        (f64::from(area.width()) - f64::from(w)) / 2.0,
        (f64::from(area.height()) - f64::from(h)) / 2.0,
    );
    #[allow(deprecated)] // GTK 4.8 has no Widget::color yet
    let color = area.style_context().color();
    cr.set_source_rgba(
        color.red().into(),
        color.green().into(),
        color.blue().into(),
        0.6,
    );
    pangocairo::functions::show_layout(cr, &layout);
}

/// A chance as the player reads it, in the player's language: "66.4 %"; "< 0.1 %" for what
/// can happen but rarely, so that a real risk never shows as nought.
fn percent(p: f64) -> String {
    // Sums of products may stray a hair outside 0–1, or be a negative zero ("-0.0 %").
    let p = if p > 0.0 { p.min(1.0) } else { 0.0 };
    let shown = p * 100.0;
    let (template, value) = if p > 0.0 && shown < 0.05 {
        // Translators: a chance too small to show with one decimal.
        (msg("< {percent} %"), 0.1)
    } else if p < 1.0 && shown > 99.95 {
        // Translators: a chance too close to certain to show with one decimal.
        (msg("> {percent} %"), 99.9)
    } else {
        // Translators: a chance in percent, e.g. "66.4 %".
        (msg("{percent} %"), shown)
    };
    template.message("percent", decimal(value, 1)).render()
}
