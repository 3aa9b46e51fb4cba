//! Opens the launcher and a game window in a real GTK application (run under Xvfb, see the
//! Makefile), waits for them to draw, and checks what they show; then plays a two-seat game on
//! one screen and checks the hand-over curtain. Its own `main`: GTK wants one thread, which the
//! default test harness does not give.
//!
//! `TONKIN_SCREENSHOT=file.png` runs only the hand-over, in the language the environment asks
//! for (`LANGUAGE=de`), and photographs the curtain (the screen's root window, with
//! ImageMagick's `import`) into `file.png`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::time::{Duration, Instant};

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::prelude::*;
use serde::{Deserialize, Serialize};

use tonkin::art::{Board, View};
use tonkin::engine::bot::{Bot, RandomBot};
use tonkin::engine::game::*;
use tonkin::engine::log::Log;
use tonkin::engine::message::{Message, msg};
use tonkin::engine::play::Playable;
use tonkin::engine::reference::RuleSection;
use tonkin::engine::rng::Rng;
use tonkin::engine::session::Session;
use tonkin::games::{self, Presented};
use tonkin::i18n::gettext;
use tonkin::ui::{Launcher, open_game_window};

struct Harness;

/// Ends the run as failed, saying why.
fn fail(why: &str) -> ! {
    eprintln!("gui test: {why}");
    std::process::exit(1);
}

impl SimpleComponent for Harness {
    type Init = ();
    type Input = ();
    type Output = ();
    type Root = gtk::Window;
    type Widgets = ();

    fn init_root() -> gtk::Window {
        gtk::Window::new()
    }

    fn init(_: (), _root: gtk::Window, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let shots_dir = std::env::var_os("TONKIN_SHOTS");
        let dice_shot = std::env::var_os("TONKIN_SCREENSHOT_DICE");
        if shots_dir.is_some() || dice_shot.is_some() {
            if let Some(dir) = shots_dir {
                shots(dir.into());
            }
            if let Some(shot) = dice_shot {
                own_dice(shot.into());
            }
            return ComponentParts {
                model: Harness,
                widgets: (),
            };
        }
        if let Some(dir) = std::env::var_os("TONKIN_LEARN_SHOTS") {
            learn_shots(dir.into());
            return ComponentParts {
                model: Harness,
                widgets: (),
            };
        }
        if let Ok(only) = std::env::var("TONKIN_FIT_CHECK") {
            fit_check(
                &only,
                &[0, 2, 5, 9, 14, 20, 28, 40, 60, 90],
                &[0, 9, 28, 60],
            );
            return ComponentParts {
                model: Harness,
                widgets: (),
            };
        }
        if let Some(shot) = std::env::var_os("TONKIN_SCREENSHOT") {
            hand_over(Some(shot.into()));
            return ComponentParts {
                model: Harness,
                widgets: (),
            };
        }
        // A game in progress and a damaged autosave are waiting for the launcher.
        let autosaves = tonkin::saves::autosave_dir().expect("a data folder");
        std::fs::create_dir_all(&autosaves).expect("the autosave folder");
        std::fs::write(autosaves.join("broken.json"), b"{ half a save").expect("a broken file");
        let kept = waiting_game(&autosaves);
        let launcher = Launcher::builder();
        relm4::main_application().add_window(&launcher.root);
        launcher.root.present();
        launcher.launch(()).detach_runtime();

        let game = games::ALL
            .iter()
            .find(|g| g.playable())
            .expect("at least one game is playable");
        let driver = game.driver.unwrap();
        let scenario = driver.scenarios()[0].id;
        let session = driver.new_session(scenario, 7, &[]).expect("new game");
        open_game_window(session, None);

        // A Skyhawk at its Ordnance Card: the prompt bar offers the card as a form.
        let skyhawk = games::find("skyhawk").and_then(|g| g.driver).unwrap();
        let mut loading = skyhawk.new_session("single", 7, &[]).expect("new mission");
        while loading.form().is_none() {
            loading.choose(0).expect("the first choice is legal");
        }
        open_game_window(loading, None);
        when(
            "the Skyhawk window's Ordnance Card button",
            || ordnance_button().is_some(),
            move || {
                ordnance_button().unwrap().emit_clicked();
                when(
                    "the Ordnance Card and every window laid out",
                    || ordnance_submit().is_some() && all_laid_out(),
                    move || first_windows(game.title, kept),
                );
            },
        );
        ComponentParts {
            model: Harness,
            widgets: (),
        }
    }
}

/// The button of the Skyhawk window's prompt bar that opens the Ordnance Card.
fn ordnance_button() -> Option<gtk::Button> {
    let app = relm4::main_application();
    let skyhawk_window = app
        .windows()
        .into_iter()
        .find(|w| w.title().is_some_and(|t| t.starts_with("Skyhawk")))?;
    find_button(skyhawk_window.upcast_ref(), &|b: &gtk::Button| {
        b.label().is_some_and(|l| l.ends_with('…'))
            && b.ancestor(gtk::FlowBox::static_type()).is_none()
            && b.is_mapped()
    })
}

/// The Ordnance Card's submit button, once the card is open.
fn ordnance_submit() -> Option<gtk::Button> {
    // A dialog is a toplevel of its own, not one of the application's windows.
    let card = gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| w.title().as_deref() == Some("Ordnance Card"))?;
    find_button(card.upcast_ref(), &|b: &gtk::Button| {
        b.label().as_deref() == Some("Load the aircraft")
    })
}

/// A game of the first playable game, one action in, autosaved into `dir`: its file and bytes.
fn waiting_game(dir: &std::path::Path) -> (std::path::PathBuf, Vec<u8>) {
    let game = games::ALL.iter().find(|g| g.playable()).unwrap();
    let driver = game.driver.unwrap();
    let mut session = driver
        .new_session(driver.scenarios()[0].id, 11, &[])
        .expect("new game");
    let path = tonkin::saves::new_autosave_path(dir, game.id);
    session.autosave_to(path.clone());
    session.choose(0).expect("the first choice is legal");
    let bytes = std::fs::read(&path).expect("the autosave is written");
    (path, bytes)
}

/// The launcher lists the damaged autosave with its reason and the game in progress; an
/// action in the new game's window autosaves into a file of its own and leaves the game in
/// progress (`kept`) as it was.
fn games_in_progress_kept(game_title: &'static str, kept: (std::path::PathBuf, Vec<u8>)) {
    let launcher = relm4::main_application()
        .windows()
        .into_iter()
        .find(|w| w.widget_name() == "launcher")
        .unwrap_or_else(|| fail("no launcher"));
    let rows: Vec<adw::ActionRow> = descendants(launcher.upcast_ref())
        .into_iter()
        .filter_map(|w| w.downcast::<adw::ActionRow>().ok())
        .collect();
    let damaged = rows
        .iter()
        .find(|r| r.title() == "Damaged save broken.json");
    if damaged.is_none_or(|r| !r.subtitle().is_some_and(|s| s.starts_with("broken.json:"))) {
        fail("the launcher does not show the damaged autosave with its reason");
    }
    if !rows
        .iter()
        .any(|r| r.title().starts_with(game_title) && r.subtitle().is_some())
    {
        fail("the launcher does not list the game in progress");
    }
    let window = relm4::main_application()
        .windows()
        .into_iter()
        .find(|w| w.title().as_deref() == Some(game_title))
        .unwrap();
    find_button(window.upcast_ref(), &|b: &gtk::Button| {
        b.ancestor(gtk::FlowBox::static_type()).is_some() && b.is_mapped()
    })
    .unwrap_or_else(|| fail("the new game offers no action"))
    .emit_clicked();
    let dir = kept.0.parent().unwrap().to_path_buf();
    let saves = move || {
        std::fs::read_dir(&dir)
            .map(|d| d.flatten().map(|e| e.path()).collect::<Vec<_>>())
            .unwrap_or_default()
    };
    when(
        "the new game's own autosave",
        move || saves().len() == 3,
        move || {
            if std::fs::read(&kept.0).ok().as_ref() != Some(&kept.1) {
                fail("the new game overwrote the game in progress");
            }
            println!(
                "gui test: a new game keeps the game in progress; a damaged autosave is listed"
            );
            hand_over(None);
        },
    );
}

/// Checks the launcher, the first playable game's window and the Ordnance Card, then goes on
/// to the games in progress and the hand-over.
fn first_windows(game_title: &'static str, kept: (std::path::PathBuf, Vec<u8>)) {
    let app = relm4::main_application();
    let windows = app.windows();
    let titles: Vec<String> = windows
        .iter()
        .filter_map(|w| w.title().map(|t| t.to_string()))
        .collect();
    if !(titles.iter().any(|t| t == "Tonkin") && titles.iter().any(|t| t == game_title)) {
        fail(&format!("windows are {titles:?}"));
    }
    let game_window = windows
        .iter()
        .find(|w| w.title().as_deref() == Some(game_title))
        .unwrap();
    if !has_button_labelled(game_window.upcast_ref(), |label| !label.is_empty()) {
        fail("the game window offers no action buttons");
    }
    for window in windows.iter().filter(|w| w.title().is_some()) {
        fits_the_screen(window);
    }
    // The window icon comes from the PNG sizes in the resource bundle: drawing it from the
    // SVG would load librsvg (7 MiB) at every start.
    if std::fs::read_to_string("/proc/self/maps").is_ok_and(|maps| maps.contains("librsvg")) {
        fail("the first windows loaded librsvg (is the window icon drawn from its SVG?)");
    }
    // Nothing on the stations and no tanks: every route package wants external fuel.
    if ordnance_submit().is_none_or(|b| b.is_sensitive()) {
        fail("the Ordnance Card did not open with the empty load refused");
    }
    if let Some(card) = ordnance_submit()
        .and_then(|b| b.root())
        .and_downcast::<gtk::Window>()
    {
        fits_the_screen(&card);
    }
    println!("gui test: launcher and {game_title} window open and drawn");
    games_in_progress_kept(game_title, kept);
}

/// Whether every titled window of the application (not the harness's own) is on screen with
/// a size.
fn all_laid_out() -> bool {
    relm4::main_application()
        .windows()
        .iter()
        .filter(|w| w.title().is_some())
        .all(|w| w.is_mapped() && w.height() > 0)
}

/// Fails unless `window` is no taller (and no wider) than the screen and its prompt bar, when
/// it has one, is on screen inside it.
fn fits_the_screen(window: &gtk::Window) {
    let display = gtk::gdk::Display::default().unwrap_or_else(|| fail("no display"));
    let screen = display
        .monitors()
        .item(0)
        .and_downcast::<gtk::gdk::Monitor>()
        .unwrap_or_else(|| fail("no monitor"))
        .geometry();
    let title = window.title().unwrap_or_default();
    let (w, h) = (window.width(), window.height());
    // The least height the window can take at its width: what GTK grows it to, whatever the
    // default size says.
    let (least, _, _, _) = window.measure(gtk::Orientation::Vertical, w);
    if h > screen.height() || least > screen.height() || w > screen.width() {
        fail(&format!(
            "the window \"{title}\" is {w} × {h} (at least {least} high) on a {} × {} screen",
            screen.width(),
            screen.height()
        ));
    }
    let prompt = descendants(window.upcast_ref())
        .into_iter()
        .find(|w| w.has_css_class("prompt-bar"));
    if let Some(prompt) = prompt {
        let bounds = prompt
            .compute_bounds(window)
            .unwrap_or_else(|| fail(&format!("the prompt bar of \"{title}\" is not laid out")));
        if !prompt.is_mapped() || bounds.y() + bounds.height() > h as f32 + 0.5 {
            fail(&format!(
                "the prompt bar of \"{title}\" ends at {} in a window {h} high",
                bounds.y() + bounds.height()
            ));
        }
    }
}

fn has_button_labelled(widget: &gtk::Widget, accept: impl Fn(&str) -> bool + Copy) -> bool {
    if let Some(b) = widget.downcast_ref::<gtk::Button>()
        && b.label().is_some_and(|l| accept(&l))
        && b.ancestor(gtk::FlowBox::static_type()).is_some()
    {
        return true;
    }
    let mut child = widget.first_child();
    while let Some(c) = child {
        if has_button_labelled(&c, accept) {
            return true;
        }
        child = c.next_sibling();
    }
    false
}

fn find_button(widget: &gtk::Widget, accept: &dyn Fn(&gtk::Button) -> bool) -> Option<gtk::Button> {
    if let Some(b) = widget.downcast_ref::<gtk::Button>()
        && accept(b)
    {
        return Some(b.clone());
    }
    let mut child = widget.first_child();
    while let Some(c) = child {
        if let Some(b) = find_button(&c, accept) {
            return Some(b);
        }
        child = c.next_sibling();
    }
    None
}

fn main() {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        fail("no display; run it under xvfb-run (make test does)");
    }
    // Settings and autosaves of a home of its own: the run starts from the defaults and leaves
    // the user's games alone.
    let home = tempfile::tempdir().expect("a temporary home");
    // SAFETY: no other thread exists yet.
    unsafe {
        std::env::set_var("XDG_DATA_HOME", home.path().join("data"));
        std::env::set_var("XDG_CONFIG_HOME", home.path().join("config"));
    }
    // The checks speak English; a photograph speaks the language the environment asks for.
    if std::env::var_os("TONKIN_SCREENSHOT").is_some()
        || std::env::var_os("TONKIN_FIT_CHECK").is_some()
        || std::env::var_os("TONKIN_SHOTS").is_some()
        || std::env::var_os("TONKIN_LEARN_SHOTS").is_some()
        || std::env::var_os("TONKIN_SCREENSHOT_DICE").is_some()
    {
        tonkin::i18n::init();
    }
    let app = tonkin::ui::new_application();
    relm4::RelmApp::from_app(app)
        .with_args(Vec::new())
        .visible_on_activate(false)
        .run::<Harness>(());
}

/// A two-seat game with one secret number per seat, only for this test: the seat to move is
/// shown its own number (on the board and in the prompt) and passes the turn to the other.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Duel {
    secrets: [u32; 2],
    to_move: u8,
    turns: u32,
    log: Log,
    rng: Rng,
}

const SECRETS: [u32; 2] = [3141, 2718];
const SEATS: [&str; 2] = ["North", "South"];

thread_local! {
    /// The seats the duel's board was drawn for, in order.
    static DRAWN_FOR: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The seats the duel's record sheets were filled in for, in order.
    static KIT_FOR: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn drawn_for() -> Vec<u8> {
    DRAWN_FOR.with(|d| d.borrow().clone())
}

impl Game for Duel {
    type Action = ();
    type Options = ();
    const ID: &'static str = "Duel";
    const SEATS: u8 = 2;

    fn scenarios() -> Vec<ScenarioInfo> {
        vec![ScenarioInfo {
            id: "hot-seat",
            summary: None,
            title: msg("Hot seat"),
        }]
    }

    fn setup(_: &str, _: &(), _: u64) -> Result<Self, SetupError> {
        Ok(Duel {
            secrets: SECRETS,
            to_move: 0,
            turns: 0,
            log: Log::default(),
            rng: Rng::seeded(1),
        })
    }

    fn prompt(&self) -> Prompt<()> {
        let seat = usize::from(self.to_move);
        Prompt {
            actor: Actor::Player(self.to_move),
            text: msg("{seat}: your number is {secret}")
                .arg("seat", SEATS[seat])
                .arg("secret", self.secrets[seat]),
            rule: "1".into(),
            choices: vec![Choice::new((), msg("Pass the turn"))],
        }
    }

    fn apply(&mut self, _: &()) -> Result<Applied, Refusal> {
        let seat = usize::from(self.to_move);
        // A line only the mover may read: the window must show each seat its own log.
        self.log.add_for(
            self.to_move,
            "1",
            msg("{seat} kept the number {secret}")
                .arg("seat", SEATS[seat])
                .arg("secret", self.secrets[seat]),
            Vec::new(),
        );
        self.log
            .add("1", msg("{seat} passed the turn").arg("seat", SEATS[seat]));
        self.to_move = 1 - self.to_move;
        self.turns += 1;
        Ok(Applied::QUIET)
    }

    fn outcome(&self) -> Option<Outcome> {
        None
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn view(&self, seat: u8) -> Cow<'_, Self> {
        let mut seen = self.clone();
        seen.secrets[usize::from(1 - seat)] = 0;
        Cow::Owned(seen)
    }
}

impl Playable for Duel {
    fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(RandomBot::new(seed))
    }
    fn rules_reference() -> Vec<RuleSection> {
        Vec::new()
    }
}

impl Presented for Duel {
    fn board(&self) -> Option<&dyn Board> {
        Some(self)
    }
    fn filled_kit(&self) -> Option<tonkin::export::Kit> {
        fail("the duel's sheets were filled in with no seat: both secrets would be printed")
    }
    fn filled_kit_for(&self, seat: u8) -> Option<tonkin::export::Kit> {
        KIT_FOR.with(|k| k.borrow_mut().push(seat));
        Some(tonkin::export::Kit::new("Duel", "Duel", Vec::new()))
    }
    fn seat_name(&self, seat: u8) -> Option<Message> {
        Some(msg(SEATS[usize::from(seat)]))
    }
}

impl Board for Duel {
    /// Writes the viewer's own secret number, as that seat's view of the duel has it.
    fn draw_board(&self, cr: &gtk::cairo::Context, view: &View) -> Result<(), gtk::cairo::Error> {
        DRAWN_FOR.with(|d| d.borrow_mut().push(view.seat));
        let seen = self.view(view.seat);
        cr.move_to(40.0, 80.0);
        cr.set_font_size(48.0);
        cr.show_text(&seen.secrets[usize::from(view.seat)].to_string())
    }
    fn target_at(&self, _: &View, _: f64, _: f64) -> Option<String> {
        None
    }
    fn status(&self) -> Vec<(Message, String)> {
        vec![(msg("Turns"), self.turns.to_string())]
    }
}

/// Waits (polling the main loop) until `ready` holds, then runs `then`; fails after ten
/// seconds with `what`.
fn when(what: &'static str, ready: impl Fn() -> bool + 'static, then: impl FnOnce() + 'static) {
    let start = Instant::now();
    let then = RefCell::new(Some(then));
    gtk::glib::timeout_add_local(Duration::from_millis(100), move || {
        if ready() {
            if let Some(then) = then.borrow_mut().take() {
                then();
            }
            return gtk::glib::ControlFlow::Break;
        }
        if start.elapsed() > Duration::from_secs(10) {
            fail(&format!("timed out waiting: {what}"));
        }
        gtk::glib::ControlFlow::Continue
    });
}

fn duel_window() -> Option<gtk::Window> {
    relm4::main_application()
        .windows()
        .into_iter()
        .find(|w| w.title().as_deref() == Some(Duel::ID))
}

/// Every widget under `widget` (itself included).
fn descendants(widget: &gtk::Widget) -> Vec<gtk::Widget> {
    let mut all = vec![widget.clone()];
    let mut child = widget.first_child();
    while let Some(c) = child {
        all.extend(descendants(&c));
        child = c.next_sibling();
    }
    all
}

/// The texts of the labels in the duel's window: those on screen, or all that it holds.
fn texts(window: &gtk::Window, on_screen_only: bool) -> Vec<String> {
    descendants(window.upcast_ref())
        .into_iter()
        .filter(|w| w.is_mapped() || !on_screen_only)
        .filter_map(|w| w.downcast::<gtk::Label>().ok())
        .map(|l| l.label().to_string())
        .collect()
}

fn shown_texts(window: &gtk::Window) -> Vec<String> {
    texts(window, true)
}

/// The duel window's board, log and prompt bar.
fn seat_widgets(window: &gtk::Window) -> [gtk::Widget; 3] {
    let all = descendants(window.upcast_ref());
    let find = |what: &str, accept: &dyn Fn(&gtk::Widget) -> bool| {
        all.iter()
            .find(|w| accept(w))
            .cloned()
            .unwrap_or_else(|| fail(&format!("the duel window has no {what}")))
    };
    [
        find("board", &|w| w.is::<gtk::DrawingArea>()),
        find("log", &|w| w.is::<gtk::ListBox>() && w.has_css_class("log")),
        find("prompt bar", &|w| w.has_css_class("prompt-bar")),
    ]
}

/// A text of the window's, in the language the run speaks, with `{seat}` filled in.
fn says(template: &str, seat: &str) -> String {
    gettext(template).replace("{seat}", seat)
}

fn curtain_shown(window: &gtk::Window, seat: &str) -> bool {
    let title = says("Hand the screen to {seat}", seat);
    descendants(window.upcast_ref()).iter().any(|w| {
        w.downcast_ref::<adw::StatusPage>()
            .is_some_and(|p| p.is_mapped() && p.title() == title)
    })
}

fn button_labelled(window: &gtk::Window, label: &str) -> gtk::Button {
    find_button(window.upcast_ref(), &|b: &gtk::Button| {
        b.is_mapped() && b.label().as_deref() == Some(label)
    })
    .unwrap_or_else(|| fail(&format!("no button \"{label}\" on screen")))
}

/// Checks that nothing of seat `hidden`'s side is on screen or built behind the curtain: the
/// curtain for it is up, the board, log and prompt are not mapped, no text on screen carries a
/// prompt, and no text at all (window title included) its secret or the subtitle of its side.
fn nothing_of(window: &gtk::Window, hidden: usize) {
    if !curtain_shown(window, SEATS[hidden]) {
        fail(&format!("no curtain for {}", SEATS[hidden]));
    }
    for w in seat_widgets(window) {
        if w.is_mapped() {
            fail(&format!(
                "a {} is on screen behind the curtain",
                w.type_().name()
            ));
        }
    }
    if let Some(prompt) = shown_texts(window)
        .iter()
        .find(|t| t.contains("your number"))
    {
        fail(&format!("the curtain shows \"{prompt}\""));
    }
    let secret = SECRETS[hidden].to_string();
    let subtitle = format!("— {}", SEATS[hidden]);
    let mut held = texts(window, false);
    held.extend(window.title().map(|t| t.to_string()));
    if let Some(leak) = held
        .iter()
        .find(|t| t.contains(&secret) || t.contains(&subtitle))
    {
        fail(&format!("the window holds \"{leak}\" behind the curtain"));
    }
    if drawn_for().contains(&(hidden as u8)) {
        fail("the board was drawn for the seat behind the curtain");
    }
    // Taking back the last move, or printing the record sheets, would show the position.
    for name in ["undo", "redo", "export"] {
        let action = window
            .dynamic_cast_ref::<gtk::gio::ActionMap>()
            .and_then(|w| w.lookup_action(name))
            .unwrap_or_else(|| fail(&format!("the duel window has no {name} action")));
        if action.is_enabled() {
            fail(&format!("{name} is offered behind the curtain"));
        }
    }
}

/// Checks that seat `seat`'s side is on screen: board drawn for it, its prompt with its
/// secret, its name in the subtitle, and the other seat's secret nowhere.
fn side_of(window: &gtk::Window, seat: usize) -> bool {
    let texts = shown_texts(window);
    // The other seat's last move cannot be taken back: the change of seat is a barrier.
    let undo_offered = window
        .dynamic_cast_ref::<gtk::gio::ActionMap>()
        .and_then(|w| w.lookup_action("undo"))
        .is_some_and(|a| a.is_enabled());
    let [board, log, prompt] = seat_widgets(window);
    let other = SECRETS[1 - seat].to_string();
    board.is_mapped()
        && log.is_mapped()
        && prompt.is_mapped()
        && drawn_for().last() == Some(&(seat as u8))
        && texts.iter().any(|t| t.contains(&SECRETS[seat].to_string()))
        && texts
            .iter()
            .any(|t| *t == format!("hot-seat — {}", SEATS[seat]))
        && !texts.iter().any(|t| t.contains(&other))
        && !undo_offered
}

/// Plays the duel on one screen: opens behind the curtain, shows North's side after the
/// click, hands over after North's move, shows South's side after South's click. With a
/// `screenshot` path, photographs South's curtain there and ends.
fn hand_over(screenshot: Option<std::path::PathBuf>) {
    let session = Session::<Duel>::new("hot-seat", (), 1).expect("the duel sets up");
    open_game_window(Box::new(session), None);
    let window = || duel_window().unwrap_or_else(|| fail("the duel window did not open"));
    when(
        "the curtain for North on opening",
        move || duel_window().is_some_and(|w| curtain_shown(&w, SEATS[0])),
        move || {
            nothing_of(&window(), 0);
            button_labelled(&window(), &says("I am {seat} — show my side", SEATS[0]))
                .emit_clicked();
            when(
                "North's side",
                move || side_of(&window(), 0),
                move || {
                    // North's log is South's log: what it said stays, nothing more.
                    button_labelled(&window(), "Pass the turn").emit_clicked();
                    when(
                        "the curtain for South",
                        move || curtain_shown(&window(), SEATS[1]),
                        move || {
                            nothing_of(&window(), 1);
                            if let Some(path) = screenshot {
                                photograph(&window(), path);
                                return;
                            }
                            button_labelled(
                                &window(),
                                &says("I am {seat} — show my side", SEATS[1]),
                            )
                            .emit_clicked();
                            when(
                                "South's side",
                                move || side_of(&window(), 1),
                                move || {
                                    let texts = shown_texts(&window());
                                    if !texts.iter().any(|t| t == "North passed the turn") {
                                        fail(&format!(
                                            "South's log misses North's move: {texts:?}"
                                        ));
                                    }
                                    println!("gui test: the duel hands the screen over");
                                    prints_for_the_seat_shown(window(), 1, computer_plays);
                                },
                            );
                        },
                    );
                },
            );
        },
    );
}

/// Print and Play opened from `window` fills the record sheets in for `seat`, the seat shown,
/// and says so: the other seat's secrets are never printed from this side of the screen.
fn prints_for_the_seat_shown(window: gtk::Window, seat: u8, then: impl FnOnce() + 'static) {
    KIT_FOR.with(|k| k.borrow_mut().clear());
    if let Err(e) = window.activate_action("win.export", None) {
        fail(&format!("the duel window cannot print: {e}"));
    }
    let dialog = || {
        gtk::Window::list_toplevels()
            .into_iter()
            .filter_map(|w| w.downcast::<gtk::Window>().ok())
            .find(|w| w.is_visible() && w.title().as_deref() == Some(&gettext("Print and Play")))
    };
    when(
        "the Print and Play dialog",
        move || dialog().is_some(),
        move || {
            let dialog = dialog().unwrap_or_else(|| fail("the dialog went away"));
            let asked = KIT_FOR.with(|k| k.borrow().clone());
            if asked.is_empty() || asked.iter().any(|&s| s != seat) {
                fail(&format!(
                    "the record sheets were filled in for seats {asked:?}, not for {} alone",
                    SEATS[usize::from(seat)]
                ));
            }
            let subtitle = says(
                "From this game, as {seat} knows it; off prints them blank",
                SEATS[usize::from(seat)],
            );
            if !texts(&dialog, false).contains(&subtitle) {
                fail(&format!("the dialog does not say \"{subtitle}\""));
            }
            dialog.close();
            println!("gui test: Print and Play fills in the sheets of the seat shown");
            then();
        },
    );
}

fn search_destroy_window() -> Option<gtk::Window> {
    relm4::main_application()
        .windows()
        .into_iter()
        .find(|w| w.title().as_deref() == Some("Search & Destroy"))
}

/// A person plays the US against the computer's NLF: the window opens on the NLF's set-up,
/// which the computer plays through on its own (no click, no curtain), and the person's first
/// decision is then offered on their side; the window stays usable throughout.
fn computer_plays() {
    let driver = games::find("search_destroy")
        .and_then(|g| g.driver)
        .unwrap();
    let mut session = driver.new_session("basic", 3, &[]).expect("new game");
    session.set_computer(1, Some("easy")).expect("an easy NLF");
    open_game_window(session, None);
    let window = || search_destroy_window().unwrap_or_else(|| fail("no Search & Destroy window"));
    when(
        "the computer's NLF set-up, then the US's first decision",
        move || {
            search_destroy_window().is_some_and(|w| {
                let texts = shown_texts(&w);
                texts
                    .iter()
                    .any(|t| t.contains("placed its counters face-down"))
                    && !texts.iter().any(|t| t.contains("is thinking"))
            })
        },
        move || {
            let w = window();
            if curtain_shown(&w, "the US player") || curtain_shown(&w, "the NLF player") {
                fail("a curtain came up in a game of one person against the computer");
            }
            // The US's side: the prompt offers the person's actions.
            let prompt = descendants(w.upcast_ref())
                .into_iter()
                .find(|x| x.has_css_class("prompt-bar"))
                .unwrap_or_else(|| fail("no prompt bar"));
            let on_map = shown_texts(&w)
                .iter()
                .any(|t| t == "Click a highlighted place on the board.");
            if !on_map && !has_button_labelled(&prompt, |l| !l.is_empty()) {
                fail(&format!(
                    "no action offered to the US: {:?}",
                    shown_texts(&w)
                ));
            }
            println!("gui test: the computer plays the NLF's turn on its own");
            line_of_sight(w);
        },
    );
}

/// Ctrl+L's action switches the line-of-sight tool on (its banner says what to do) and off.
fn line_of_sight(w: gtk::Window) {
    let banner = |w: &gtk::Window| {
        shown_texts(w)
            .iter()
            .any(|t| t.starts_with("Line of sight: click the hex to look from"))
    };
    let window = || search_destroy_window().unwrap_or_else(|| fail("no Search & Destroy window"));
    if w.activate_action("win.sight", None).is_err() {
        fail("the game window has no line-of-sight action");
    }
    when(
        "the line-of-sight tool's banner",
        move || search_destroy_window().is_some_and(|w| banner(&w)),
        move || {
            if window().activate_action("win.sight", None).is_err() {
                fail("the line-of-sight action went away");
            }
            when(
                "the line-of-sight tool switched off",
                move || search_destroy_window().is_some_and(|w| !banner(&w)),
                move || {
                    window().close();
                    println!("gui test: the line-of-sight tool goes on and off");
                    learn_to_play();
                },
            );
        },
    );
}

/// Sizes the window to the screen and photographs the screen into `path`.
/// Photographs a Skyhawk mission played with the player's own dice, at the first table roll
/// read by column: the prompt bar offers the faces.
fn own_dice(path: std::path::PathBuf) {
    let driver = games::find("skyhawk").and_then(|g| g.driver).unwrap();
    let mut session = driver.new_session("single", 5, &[]).expect("new game");
    session.set_own_dice(true);
    let mut step = 0;
    while !session.prompt().text.english().contains("column") {
        driver
            .bot_steps(
                session.as_mut(),
                tonkin::games::driver::BotKind::Heuristic,
                step,
                1,
            )
            .unwrap_or_else(|e| fail(&e));
        step += 1;
        if session.outcome().is_some() {
            fail("the mission ended before a table roll by column");
        }
    }
    open_game_window(session, None);
    let window = || {
        relm4::main_application()
            .windows()
            .into_iter()
            .find(|w| w.title().is_some_and(|t| t.contains("Skyhawk")))
    };
    when(
        "the Skyhawk window",
        move || window().is_some(),
        move || {
            let window = window().unwrap();
            window.maximize();
            photograph(&window, path)
        },
    );
}

fn photograph(window: &gtk::Window, path: std::path::PathBuf) {
    window.set_default_size(1366, 768);
    gtk::glib::timeout_add_local_once(Duration::from_millis(1500), move || {
        let status = std::process::Command::new("import")
            .args(["-window", "root"])
            .arg(&path)
            .status()
            .unwrap_or_else(|e| fail(&format!("import (ImageMagick) did not run: {e}")));
        if !status.success() {
            fail("import (ImageMagick) failed");
        }
        println!("gui test: the curtain photographed into {}", path.display());
        relm4::main_application().quit();
    });
}

/// `TONKIN_SHOTS=dir`: photographs, at the screen's size, the launcher with games in progress
/// (two of the same game and a damaged one), each playable game with its decisions and at
/// 200 % (That Others May Live, Skyhawk, Search & Destroy, Phantom Leader), Print and Play on its third page, and Skyhawk's start dialog refusing a rule
/// without the one it needs; the files
/// are named `<what>-<width>x<height>.png`.
fn shots(dir: std::path::PathBuf) {
    let autosaves = tonkin::saves::autosave_dir().expect("a data folder");
    std::fs::create_dir_all(&autosaves).expect("the autosave folder");
    std::fs::write(autosaves.join("broken.json"), b"{ half a save").expect("a broken file");
    let csar = games::find("csar").and_then(|g| g.driver).unwrap();
    for (seed, steps) in [(3, 12), (8, 30)] {
        let mut session = csar.new_session(csar.scenarios()[0].id, seed, &[]).unwrap();
        session.autosave_to(tonkin::saves::new_autosave_path(&autosaves, "csar"));
        csar.bot_steps(
            session.as_mut(),
            games::driver::BotKind::Heuristic,
            seed,
            steps,
        )
        .unwrap();
    }
    let launcher = Launcher::builder();
    relm4::main_application().add_window(&launcher.root);
    launcher.root.present();
    let launcher_window: gtk::Window = launcher.root.clone().upcast();
    launcher.launch(()).detach_runtime();
    let screen = gtk::gdk::Display::default()
        .and_then(|d| d.monitors().item(0))
        .and_downcast::<gtk::gdk::Monitor>()
        .unwrap()
        .geometry();
    let size = format!("{}x{}", screen.width(), screen.height());
    let full = move |w: &gtk::Window| w.set_default_size(screen.width(), screen.height());
    let shot = {
        let dir = dir.clone();
        move |name: &str| {
            let path = dir.join(format!("{name}-{size}.png"));
            let status = std::process::Command::new("import")
                .args(["-window", "root"])
                .arg(&path)
                .status();
            if !status.is_ok_and(|s| s.success()) {
                fail("import (ImageMagick) failed");
            }
            println!("gui test: photographed {}", path.display());
        }
    };
    let window_titled = |title: &'static str| {
        relm4::main_application()
            .windows()
            .into_iter()
            .find(move |w| w.title().is_some_and(|t| t.starts_with(title)))
    };
    type Step = Box<dyn FnOnce()>;
    let steps: Vec<Step> = vec![
        Box::new({
            let w = launcher_window.clone();
            move || full(&w)
        }),
        Box::new({
            let shot = shot.clone();
            let w = launcher_window.clone();
            move || {
                shot("launcher-games-in-progress");
                w.set_visible(false);
                let session = csar.new_session(csar.scenarios()[0].id, 5, &[]).unwrap();
                let mut session = session;
                csar.bot_steps(session.as_mut(), games::driver::BotKind::Heuristic, 5, 20)
                    .unwrap();
                open_game_window(session, None);
            }
        }),
        Box::new(move || full(&window_titled("That Others").unwrap())),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("csar-decisions");
                let w = window_titled("That Others").unwrap();
                gtk::prelude::WidgetExt::activate_action(&w, "win.zoom-double", None).unwrap();
            }
        }),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("csar-board-200");
                let w = window_titled("That Others").unwrap();
                gtk::prelude::WidgetExt::activate_action(&w, "win.export", None).unwrap();
            }
        }),
        // Print and Play leafs through the pages: the third one shown.
        Box::new(move || {
            let dialog = print_and_play().unwrap_or_else(|| fail("no Print and Play"));
            for _ in 0..2 {
                find_button(dialog.upcast_ref(), &|b: &gtk::Button| {
                    b.tooltip_text().as_deref() == Some("Next page")
                })
                .unwrap_or_else(|| fail("no Next page button"))
                .emit_clicked();
            }
        }),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("print-and-play-pages");
                print_and_play().unwrap().close();
                window_titled("That Others").unwrap().close();
                let skyhawk = games::find("skyhawk").and_then(|g| g.driver).unwrap();
                let mut loading = skyhawk.new_session("single", 7, &[]).unwrap();
                while loading.form().is_none() {
                    loading.choose(0).unwrap();
                }
                open_game_window(loading, None);
            }
        }),
        Box::new(move || full(&window_titled("Skyhawk").unwrap())),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("skyhawk-loading");
                window_titled("Skyhawk").unwrap().close();
                let skyhawk = games::find("skyhawk").and_then(|g| g.driver).unwrap();
                let mut flying = skyhawk.new_session("single", 7, &[]).unwrap();
                skyhawk
                    .bot_steps(flying.as_mut(), games::driver::BotKind::Heuristic, 7, 14)
                    .unwrap();
                open_game_window(flying, None);
            }
        }),
        Box::new(move || full(&window_titled("Skyhawk").unwrap())),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("skyhawk-decisions");
                let w = window_titled("Skyhawk").unwrap();
                gtk::prelude::WidgetExt::activate_action(&w, "win.zoom-double", None).unwrap();
            }
        }),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("skyhawk-board-200");
                window_titled("Skyhawk").unwrap().close();
                let sd = games::find("search_destroy")
                    .and_then(|g| g.driver)
                    .unwrap();
                let mut session = sd.new_session(sd.scenarios()[0].id, 4, &[]).unwrap();
                sd.bot_steps(session.as_mut(), games::driver::BotKind::Heuristic, 4, 40)
                    .unwrap();
                open_game_window(session, None);
            }
        }),
        Box::new(move || full(&window_titled("Search").unwrap())),
        // Two players on one screen: the first one says they are at the screen.
        Box::new(move || {
            let w = window_titled("Search").unwrap();
            find_button(w.upcast_ref(), &|b: &gtk::Button| {
                b.label().is_some_and(|l| l.starts_with("I am the"))
            })
            .unwrap_or_else(|| fail("no hand-over button"))
            .emit_clicked();
        }),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("search-destroy-decisions");
                let w = window_titled("Search").unwrap();
                gtk::prelude::WidgetExt::activate_action(&w, "win.zoom-double", None).unwrap();
            }
        }),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("search-destroy-board-200");
                window_titled("Search").unwrap().close();
                let pl = games::find("phantom_leader")
                    .and_then(|g| g.driver)
                    .unwrap();
                let mut session = pl.new_session(pl.scenarios()[0].id, 3, &[]).unwrap();
                pl.bot_steps(session.as_mut(), games::driver::BotKind::Heuristic, 3, 30)
                    .unwrap();
                open_game_window(session, None);
            }
        }),
        Box::new(move || full(&window_titled("Phantom").unwrap())),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("phantom-leader-decisions");
                let w = window_titled("Phantom").unwrap();
                gtk::prelude::WidgetExt::activate_action(&w, "win.zoom-double", None).unwrap();
            }
        }),
        Box::new({
            let shot = shot.clone();
            let launcher = launcher_window.clone();
            move || {
                shot("phantom-leader-board-200");
                window_titled("Phantom").unwrap().close();
                launcher.set_visible(true);
                launcher.activate_action("app.new-game", None).ok();
                start_skyhawk_with_engine_fires(&launcher);
            }
        }),
        // Time for the dialog to come up on a busy machine.
        Box::new(|| {}),
        Box::new({
            let shot = shot.clone();
            move || {
                shot("start-dialog-refusal");
                relm4::main_application().quit();
            }
        }),
    ];
    run_steps(steps);
}

/// The Print and Play dialog (a window of its own, not one of the application's).
fn print_and_play() -> Option<gtk::Window> {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| w.is_visible() && w.title().is_some_and(|t| t == "Print and Play"))
}

/// Opens Skyhawk's start dialog from the launcher and switches on "Engine fires" alone.
fn start_skyhawk_with_engine_fires(launcher: &gtk::Window) {
    let rows: Vec<adw::ExpanderRow> = descendants(launcher.upcast_ref())
        .into_iter()
        .filter_map(|w| w.downcast::<adw::ExpanderRow>().ok())
        .collect();
    let skyhawk = rows
        .iter()
        .find(|r| r.title().starts_with("Skyhawk"))
        .unwrap_or_else(|| fail("no Skyhawk row"));
    skyhawk.set_expanded(true);
    let skyhawk = skyhawk.clone();
    gtk::glib::timeout_add_local_once(Duration::from_millis(300), move || {
        find_button(skyhawk.upcast_ref(), &|b: &gtk::Button| {
            b.label().as_deref() == Some("Play")
        })
        .unwrap_or_else(|| fail("no Play button"))
        .emit_clicked();
        gtk::glib::timeout_add_local_once(Duration::from_millis(500), || {
            let dialog = gtk::Window::list_toplevels()
                .into_iter()
                .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
                .find(|d| d.is_visible())
                .unwrap_or_else(|| fail("no start dialog"));
            let switch = descendants(dialog.upcast_ref())
                .into_iter()
                .filter_map(|w| w.downcast::<adw::ActionRow>().ok())
                .find(|r| r.title().starts_with("Engine fires"))
                .and_then(|r| r.activatable_widget())
                .and_downcast::<gtk::Switch>()
                .unwrap_or_else(|| fail("no Engine fires switch"));
            switch.set_active(true);
        });
    });
}

/// Runs each step two seconds after the one before (time to draw).
fn run_steps(mut steps: Vec<Box<dyn FnOnce()>>) {
    if steps.is_empty() {
        return;
    }
    let first = steps.remove(0);
    gtk::glib::timeout_add_local_once(Duration::from_millis(2000), move || {
        first();
        run_steps(steps);
    });
}

/// The guide's strip in `window`: whether it is revealed, and its title.
fn guide_shown(window: &gtk::Window) -> Option<String> {
    let strip = descendants(window.upcast_ref())
        .into_iter()
        .find(|w| w.has_css_class("guide"))
        .unwrap_or_else(|| fail("the game window has no guide strip"));
    let revealed = strip
        .parent()
        .and_downcast::<gtk::Revealer>()
        .is_some_and(|r| r.reveals_child());
    let title = descendants(&strip)
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Label>().ok())
        .find(|l| l.has_css_class("heading"))
        .map(|l| l.label().to_string());
    title.filter(|_| revealed)
}

fn csar_window() -> Option<gtk::Window> {
    relm4::main_application()
        .windows()
        .into_iter()
        .find(|w| w.title().as_deref() == Some("That Others May Live") && w.is_mapped())
}

/// Opens a new That Others May Live game, at its first decision (choosing the Pilot/PJ).
fn open_csar() {
    let csar = games::find("csar").and_then(|g| g.driver).unwrap();
    let session = csar.new_session(csar.scenarios()[0].id, 7, &[]).unwrap();
    if session.decision_kind() != "choose-pilot" {
        fail("That Others May Live no longer starts with the Pilot/PJ");
    }
    open_game_window(session, None);
}

/// How to Play opens from a game window (F1's action) with the pages of every game that has
/// them; the guide explains the first decision once, not again once seen, and not when it is
/// switched off; the menu's action switches it on again.
fn learn_to_play() {
    tonkin::ui::update_settings(|s| {
        s.guide = true;
        s.guide_seen.clear();
    });
    open_csar();
    when(
        "a new game's window",
        || csar_window().is_some(),
        || {
            let window = csar_window().unwrap();
            if guide_shown(&window).as_deref() != Some("Your Pilot/PJ card") {
                fail(&format!(
                    "the guide does not explain the first decision: {:?}",
                    guide_shown(&window)
                ));
            }
            fits_the_screen(&window);
            window.activate_action("win.help", None).unwrap();
            help_has_every_game();
            window.close();
            // Seen: a second game does not explain it again.
            open_csar();
            when(
                "the second game's window",
                || csar_window().is_some(),
                || {
                    let window = csar_window().unwrap();
                    if let Some(shown) = guide_shown(&window) {
                        fail(&format!(
                            "the guide explained a seen decision again: {shown}"
                        ));
                    }
                    window.close();
                    // Switched off: nothing, even for a decision never explained.
                    tonkin::ui::update_settings(|s| {
                        s.guide = false;
                        s.guide_seen.clear();
                    });
                    open_csar();
                    when(
                        "the third game's window",
                        || csar_window().is_some(),
                        || {
                            let window = csar_window().unwrap();
                            if let Some(shown) = guide_shown(&window) {
                                fail(&format!("the guide is off but explained: {shown}"));
                            }
                            window.activate_action("app.guide", None).unwrap();
                            if !tonkin::ui::settings().guide {
                                fail("the menu's Guided First Game did not switch the guide on");
                            }
                            println!("gui test: How to Play and the guide");
                            window.close();
                            // Then a few positions of each game with the guide's
                            // explanations: each fits with its decisions in sight.
                            fit_check("1", &[0, 9, 28], &[]);
                        },
                    );
                },
            );
        },
    );
}

/// The How to Play window: a group of pages for every playable game with a `learn.toml`,
/// opened at That Others May Live's first page.
fn help_has_every_game() {
    let help = gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| w.title().as_deref() == Some("How to Play") && w.is_visible())
        .unwrap_or_else(|| fail("F1's How to Play did not open"));
    let list = descendants(help.upcast_ref())
        .into_iter()
        .find_map(|w| w.downcast::<gtk::ListBox>().ok())
        .unwrap_or_else(|| fail("How to Play has no list of pages"));
    let rows: Vec<gtk::ListBoxRow> = descendants(list.upcast_ref())
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::ListBoxRow>().ok())
        .collect();
    let headers: Vec<String> = rows
        .iter()
        .filter_map(|r| r.header().and_downcast::<gtk::Label>())
        .map(|l| l.label().to_string())
        .collect();
    for game in games::ALL.iter().filter(|g| g.playable()) {
        let pages = game.learn().map_or(0, |l| l.pages.len());
        if pages < 3 || !headers.iter().any(|h| h == game.title) {
            fail(&format!(
                "How to Play lacks {} ({pages} pages; groups {headers:?})",
                game.title
            ));
        }
    }
    let selected = list.selected_row().map(|r| r.index());
    let texts = shown_texts(&help);
    if selected != Some(0) || !texts.iter().any(|t| t == "What you are trying to do") {
        fail(&format!(
            "How to Play did not open at the game's first page: {selected:?}"
        ));
    }
    fits_the_screen(&help);
    help.close();
}

/// `TONKIN_LEARN_SHOTS=dir`: photographs, for each game with pages, How to Play at its second
/// page (a turn in pictures) into `help-<game>.png`, and a game window with the guide's
/// explanation into `guide-<game>.png`.
fn learn_shots(dir: std::path::PathBuf) {
    // The game, the actions the computer takes before the guide is photographed.
    let games: [(&'static str, usize); 5] = [
        ("csar", 10),
        ("skyhawk", 8),
        ("search_destroy", 46),
        ("phantom_leader", 12),
        ("chopper_pilot", 60),
    ];
    type Step = Box<dyn FnOnce()>;
    let mut steps: Vec<Step> = Vec::new();
    let suffix = std::env::var("TONKIN_SHOT_SUFFIX").unwrap_or_default();
    for (id, after) in games {
        let game = games::find(id).unwrap();
        let shot = {
            let dir = dir.clone();
            let suffix = suffix.clone();
            move |what: &str| {
                let path = dir.join(format!("{what}-{id}{suffix}.png"));
                let ok = std::process::Command::new("import")
                    .args(["-window", "root"])
                    .arg(&path)
                    .status()
                    .is_ok_and(|s| s.success());
                if !ok {
                    fail("import (ImageMagick) failed");
                }
                println!("gui test: photographed {}", path.display());
            }
        };
        steps.push(Box::new(move || {
            tonkin::ui::show_help(None, Some(id));
        }));
        steps.push(Box::new(|| {
            let help = gtk::Window::list_toplevels()
                .into_iter()
                .filter_map(|w| w.downcast::<gtk::Window>().ok())
                .find(|w| w.title().as_deref() == Some(&*gettext("How to Play")))
                .unwrap();
            help.maximize();
            let list = descendants(help.upcast_ref())
                .into_iter()
                .find_map(|w| w.downcast::<gtk::ListBox>().ok())
                .unwrap();
            let next = list.selected_row().map_or(0, |r| r.index()) + 1;
            list.select_row(list.row_at_index(next).as_ref());
        }));
        let help_shot = shot.clone();
        steps.push(Box::new(move || {
            help_shot("help");
            for w in gtk::Window::list_toplevels() {
                if let Ok(w) = w.downcast::<gtk::Window>() {
                    w.set_visible(false);
                }
            }
            tonkin::ui::update_settings(|s| {
                s.guide = true;
                s.guide_seen.clear();
            });
            let driver = game.driver.unwrap();
            let mut session = driver
                .new_session(driver.scenarios()[0].id, 1, &[])
                .unwrap();
            for _ in 0..after {
                driver
                    .bot_steps(session.as_mut(), games::driver::BotKind::Heuristic, 1, 1)
                    .unwrap();
            }
            open_game_window(session, None);
        }));
        steps.push(Box::new(|| {
            for w in relm4::main_application().windows() {
                w.maximize();
                // Two seats on one screen: the side to move says it is there.
                if let Some(b) = find_button(w.upcast_ref(), &|b: &gtk::Button| {
                    b.has_css_class("pill") && b.is_mapped()
                }) {
                    b.emit_clicked();
                }
            }
        }));
        steps.push(Box::new(move || {
            shot("guide");
            for w in relm4::main_application().windows() {
                w.close();
            }
        }));
    }
    steps.push(Box::new(|| relm4::main_application().quit()));
    run_steps(steps);
}

/// `TONKIN_FIT_CHECK=1` (or a game's id): opens every playable game at many points of a game the computer
/// plays, with the guide's explanation (of a decision never seen) and without it, in the
/// language the environment asks for and at the screen's size, and fails unless each window
/// fits the screen with its question and its actions in sight.
/// `only`: a game's id, or "1" for every game; the positions are numbers of actions taken,
/// with the guide on and off.
fn fit_check(only: &str, guide_on: &[usize], guide_off: &[usize]) {
    let mut cases: Vec<(&'static str, usize, bool)> = Vec::new();
    for game in games::ALL
        .iter()
        .filter(|g| g.playable() && (only == "1" || only == g.id))
    {
        cases.extend(guide_on.iter().map(|&after| (game.id, after, true)));
        cases.extend(guide_off.iter().map(|&after| (game.id, after, false)));
    }
    cases.reverse();
    check_fit_next(cases, 0);
}

/// Opens the next case of [`fit_check`], checks it, closes it and goes on.
fn check_fit_next(mut cases: Vec<(&'static str, usize, bool)>, checked: usize) {
    let Some((id, after, guide)) = cases.pop() else {
        println!("gui test: {checked} windows fit with their decisions in sight");
        if std::env::var_os("TONKIN_FIT_CHECK").is_none() {
            println!("5 passed, 0 failed");
        }
        relm4::main_application().quit();
        return;
    };
    tonkin::ui::update_settings(|s| {
        s.guide = guide;
        s.guide_seen.clear();
    });
    let game = games::find(id).unwrap();
    let driver = game.driver.unwrap();
    let mut session = driver
        .new_session(driver.scenarios()[0].id, 1, &[])
        .unwrap();
    driver
        .bot_steps(
            session.as_mut(),
            games::driver::BotKind::Heuristic,
            1,
            after,
        )
        .unwrap_or_else(|e| fail(&format!("{id}: the computer's game stopped: {e}")));
    let kind = session.decision_kind();
    open_game_window(session, None);
    let window = move || {
        relm4::main_application()
            .windows()
            .into_iter()
            .find(|w| w.title().as_deref() == Some(game.title) && w.is_mapped())
    };
    when(
        "the game window",
        move || window().is_some(),
        move || {
            let w = window().unwrap();
            // Two seats on one screen: the side to move says it is there.
            if let Some(b) = find_button(w.upcast_ref(), &|b: &gtk::Button| {
                b.has_css_class("pill") && b.is_mapped()
            }) {
                b.emit_clicked();
            }
            let what = format!(
                "{id} after {after} actions ({kind}), guide {}",
                if guide { "on" } else { "off" }
            );
            // The prompt bar sizes its scrollers once it is laid out and drawn: on a busy
            // machine that takes a while, so the check waits up to ten seconds for it.
            let start = Instant::now();
            let checked_window = w.clone();
            when_or(
                move || decisions_in_sight(&checked_window, &what),
                start,
                move || {
                    fits_the_screen(&w);
                    println!(
                        "gui test: fits: {}, {} × {}",
                        w.title().unwrap_or_default(),
                        w.width(),
                        w.height()
                    );
                    w.close();
                    // Let the game-over dialog, if any, go with its window.
                    for t in gtk::Window::list_toplevels() {
                        if let Ok(d) = t.downcast::<adw::MessageDialog>() {
                            d.close();
                        }
                    }
                    check_fit_next(cases, checked + 1);
                },
            );
        },
    );
}

/// Polls `check` until it passes, then runs `then`; fails with its last complaint once ten
/// seconds have passed since `start`.
fn when_or(
    check: impl Fn() -> Result<(), String> + 'static,
    start: Instant,
    then: impl FnOnce() + 'static,
) {
    let then = RefCell::new(Some(then));
    gtk::glib::timeout_add_local(Duration::from_millis(200), move || match check() {
        Ok(()) => {
            if let Some(then) = then.borrow_mut().take() {
                then();
            }
            gtk::glib::ControlFlow::Break
        }
        Err(why) if start.elapsed() > Duration::from_secs(10) => fail(&why),
        Err(_) => gtk::glib::ControlFlow::Continue,
    });
}

/// Says why not unless the question and the prompt bar's actions are in sight in `window`: every
/// action of the first three rows (all of them when fewer) inside the window and inside the
/// part of their scroller that shows.
fn decisions_in_sight(window: &gtk::Window, what: &str) -> Result<(), String> {
    let Some(bar) = descendants(window.upcast_ref())
        .into_iter()
        .find(|w| w.has_css_class("prompt-bar"))
    else {
        return Err(format!("{what}: no prompt bar"));
    };
    let height = window.height() as f32;
    let inside = |w: &gtk::Widget, area: &gtk::graphene::Rect| {
        w.compute_bounds(window).is_some_and(|b| {
            b.y() >= area.y() - 0.5
                && b.y() + b.height() <= area.y() + area.height() + 0.5
                && b.y() + b.height() <= height + 0.5
        })
    };
    let whole = gtk::graphene::Rect::new(0.0, 0.0, window.width() as f32, height);
    let question = descendants(&bar)
        .into_iter()
        .find(|w| w.has_css_class("heading"))
        .ok_or_else(|| format!("{what}: the prompt bar has no question"))?;
    if !question.is_mapped() || !inside(&question, &whole) {
        return Err(format!("{what}: the question is out of sight"));
    }
    let Some(actions) = descendants(&bar)
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::FlowBox>().ok())
        .find(|f| !f.has_css_class("odds"))
    else {
        return Err(format!("{what}: the prompt bar has no actions"));
    };
    let children: Vec<gtk::Widget> = descendants(actions.upcast_ref())
        .into_iter()
        .filter(|w| w.is::<gtk::FlowBoxChild>())
        .collect();
    if children.is_empty() {
        return Ok(()); // the game is over
    }
    let scroller = actions
        .ancestor(gtk::ScrolledWindow::static_type())
        .ok_or_else(|| format!("{what}: the actions are in no scroller"))?;
    let shown = scroller
        .compute_bounds(window)
        .ok_or_else(|| format!("{what}: the actions' scroller is not laid out"))?;
    let mut rows: Vec<i32> = Vec::new();
    for child in &children {
        let y = child.compute_bounds(&actions).map_or(0, |b| b.y() as i32);
        if !rows.contains(&y) {
            rows.push(y);
        }
        let row = rows.iter().position(|r| *r == y).unwrap_or(0);
        if row < 3 && (!scroller.is_mapped() || !inside(child, &shown) || !inside(child, &whole)) {
            return Err(format!(
                "{what}: an action of row {} is out of sight (window {} × {height}, actions shown from {} to {})",
                row + 1,
                window.width(),
                shown.y(),
                shown.y() + shown.height()
            ));
        }
    }
    Ok(())
}
