//! The GTK front end: a launcher, one window per game, preferences, shortcuts, about.
//!
//! The windows only show what the rules say: the prompt, its legal actions, the log and the
//! board drawn by `crate::art`. No rule is decided here.

mod board_area;
pub mod board_frames;
pub mod board_zoom;
mod dialogs;
pub mod export_dialog;
mod form_dialog;
mod game_window;
mod guide;
mod help;
mod launcher;
mod log_view;
mod players;
mod preferences;
mod prompt_bar;
mod rules_window;
mod sight_tool;

use std::cell::RefCell;

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::gtk::{gio, glib};

use crate::config::{APP_ID, ICON_NAME, PROFILE, RESOURCE_BASE};
use crate::i18n::gettext;
use crate::settings::{ColorScheme, Settings};

pub use game_window::{GameInit, GameWindow, open_game_window, resume_game};
pub use help::show as show_help;
pub use launcher::Launcher;

thread_local! {
    static SETTINGS: RefCell<Settings> = RefCell::new(Settings::default());
}

/// The current preferences (GTK thread only).
pub fn settings() -> Settings {
    SETTINGS.with(|s| s.borrow().clone())
}

/// Changes the preferences, applies them and writes them to disk.
pub fn update_settings(change: impl FnOnce(&mut Settings)) {
    let updated = SETTINGS.with(|s| {
        change(&mut s.borrow_mut());
        s.borrow().clone()
    });
    apply_color_scheme(updated.color_scheme);
    guide::sync_action(&updated);
    if let Some(path) = Settings::default_path()
        && let Err(e) = updated.save(&path)
    {
        eprintln!("tonkin: {e}");
    }
}

fn apply_color_scheme(scheme: ColorScheme) {
    adw::StyleManager::default().set_color_scheme(match scheme {
        ColorScheme::System => adw::ColorScheme::Default,
        ColorScheme::Light => adw::ColorScheme::ForceLight,
        ColorScheme::Dark => adw::ColorScheme::ForceDark,
    });
}

/// Set by `TONKIN_EXIT_AFTER_FIRST_FRAME=1`: quit as soon as the launcher has drawn once, so
/// that start-up can be timed.
pub fn exit_after_first_frame() -> bool {
    std::env::var_os("TONKIN_EXIT_AFTER_FIRST_FRAME").is_some_and(|v| v == "1")
}

/// Runs the application until its last window closes; `file` (a save or script) opens in a
/// game window beside the launcher. Tonkin runs once: a second launch hands its file (or
/// its wish for a launcher) to the running one and ends.
pub fn run(file: Option<std::path::PathBuf>) {
    let app = new_application();
    // GTK sees only the file, never the command line's options (clap has read those).
    let mut args = vec!["tonkin".to_owned()];
    args.extend(file.map(|f| f.to_string_lossy().into_owned()));
    relm4::RelmApp::from_app(app)
        .with_args(args)
        .run::<Launcher>(());
}

/// The application object with its settings, actions and style installed at start-up.
pub fn new_application() -> adw::Application {
    let app = adw::Application::builder()
        .application_id(APP_ID)
        .flags(gio::ApplicationFlags::HANDLES_OPEN)
        .build();
    // A second launch comes here: the launcher to the front, or its file in a new window.
    app.connect_activate(launcher::present);
    app.connect_open(|app, files, _| {
        launcher::present(app);
        for path in files.iter().filter_map(|f| f.path()) {
            if let Err(e) = dialogs::open_file(&path) {
                dialogs::error_dialog(
                    app.active_window().as_ref(),
                    &gettext("Cannot open this file"),
                    &e,
                );
            }
        }
    });
    app.set_resource_base_path(Some(RESOURCE_BASE));
    app.connect_startup(|app| {
        glib::set_application_name(&gettext("Tonkin"));
        gio::resources_register_include!("tonkin.gresource")
            .expect("the embedded resource bundle is valid");
        if let Some(display) = gtk::gdk::Display::default() {
            gtk::IconTheme::for_display(&display)
                .add_resource_path(&format!("{RESOURCE_BASE}/icons"));
        }
        gtk::Window::set_default_icon_name(ICON_NAME);
        let (loaded, problem) = Settings::default_path()
            .map(|p| Settings::load(&p))
            .unwrap_or_default();
        if let Some(problem) = problem {
            eprintln!("tonkin: settings ignored: {problem}");
        }
        apply_color_scheme(loaded.color_scheme);
        SETTINGS.with(|s| *s.borrow_mut() = loaded);
        install_app_actions(app);
        load_style();
    });
    app
}

fn load_style() {
    let Some(display) = gtk::gdk::Display::default() else {
        return;
    };
    let provider = gtk::CssProvider::new();
    provider.load_from_resource(&format!("{RESOURCE_BASE}/style.css"));
    gtk::style_context_add_provider_for_display(
        &display,
        &provider,
        gtk::STYLE_PROVIDER_PRIORITY_APPLICATION,
    );
}

/// Marks a window of the development profile with libadwaita's striped header bar.
pub fn mark_profile(window: &impl IsA<gtk::Widget>) {
    if PROFILE == "development" {
        window.add_css_class("devel");
    }
}

fn install_app_actions(app: &adw::Application) {
    let action = |name: &str, accels: &[&str], f: fn(&adw::Application)| {
        let a = gio::SimpleAction::new(name, None);
        let app_ = app.clone();
        a.connect_activate(move |_, _| f(&app_));
        app.add_action(&a);
        app.set_accels_for_action(&format!("app.{name}"), accels);
    };
    action("quit", &["<Primary>q"], |app| {
        for w in app.windows() {
            w.close();
        }
        app.quit();
    });
    action("new-game", &["<Primary>n"], launcher::present);
    action("open", &["<Primary>o"], |app| {
        dialogs::open_saved_game(app.active_window().as_ref())
    });
    action("preferences", &["<Primary>comma"], |app| {
        preferences::show(app.active_window().as_ref())
    });
    action("shortcuts", &["<Primary>question"], |app| {
        dialogs::show_shortcuts(app.active_window().as_ref())
    });
    action("about", &[], |app| {
        dialogs::show_about(app.active_window().as_ref())
    });
    guide::install_action(app);

    // Window actions, handled by each window that has them.
    app.set_accels_for_action("win.save", &["<Primary>s"]);
    app.set_accels_for_action("win.export", &["<Primary>p"]);
    app.set_accels_for_action("win.save-as", &["<Primary><Shift>s"]);
    app.set_accels_for_action("win.undo", &["<Primary>z"]);
    app.set_accels_for_action("win.redo", &["<Primary><Shift>z"]);
    app.set_accels_for_action("win.close", &["<Primary>w"]);
    app.set_accels_for_action("win.help", &["F1"]);
    app.set_accels_for_action("win.rules", &["<Shift>F1"]);
    app.set_accels_for_action("win.sight", &["<Primary>l"]);
    app.set_accels_for_action(
        "win.zoom-in",
        &["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"],
    );
    app.set_accels_for_action("win.zoom-out", &["<Primary>minus", "<Primary>KP_Subtract"]);
    app.set_accels_for_action("win.zoom-fit", &["<Primary>0"]);
    app.set_accels_for_action("win.zoom-double", &["<Primary>2"]);
}

/// The application menu shared by every window.
pub fn primary_menu(game_items: bool) -> gio::Menu {
    let menu = gio::Menu::new();
    let top = gio::Menu::new();
    top.append(Some(&gettext("_New Game")), Some("app.new-game"));
    top.append(Some(&gettext("_Open Saved Game…")), Some("app.open"));
    top.append(Some(&gettext("_Print and Play…")), Some("win.export"));
    if game_items {
        top.append(Some(&gettext("_Save")), Some("win.save"));
        top.append(Some(&gettext("Save _As…")), Some("win.save-as"));
        top.append(Some(&gettext("_Rules Reference")), Some("win.rules"));
    }
    menu.append_section(None, &top);
    let learn = gio::Menu::new();
    learn.append(Some(&gettext("_How to Play")), Some("win.help"));
    learn.append(Some(&gettext("_Guided First Game")), Some("app.guide"));
    menu.append_section(None, &learn);
    let app_part = gio::Menu::new();
    app_part.append(Some(&gettext("_Preferences")), Some("app.preferences"));
    app_part.append(Some(&gettext("_Keyboard Shortcuts")), Some("app.shortcuts"));
    app_part.append(Some(&gettext("_About Tonkin")), Some("app.about"));
    menu.append_section(None, &app_part);
    menu
}

/// Shows a short message at the bottom of a window, or on standard error when there is none.
pub fn toast(overlay: &adw::ToastOverlay, text: &str) {
    overlay.add_toast(adw::Toast::new(text));
}

/// A window's default size: `width` × `height`, shrunk to fit the screen (less a margin for
/// the desktop's panels, which GTK 4 cannot ask for).
pub fn fitting_size(width: i32, height: i32) -> (i32, i32) {
    let Some(area) = screen_size() else {
        return (width, height);
    };
    (width.min(area.width() - 32), height.min(area.height() - 64))
}

/// The size of the first monitor, if there is a display.
pub fn screen_size() -> Option<gtk::gdk::Rectangle> {
    let monitors = gtk::gdk::Display::default()?.monitors();
    let monitor = monitors.item(0)?.downcast::<gtk::gdk::Monitor>().ok()?;
    Some(monitor.geometry())
}

/// A new seed for a game, from the clock; `TONKIN_SEED=n` fixes it, so that the end-to-end
/// tests (tests/e2e/) start the same game every time.
pub fn fresh_seed() -> u64 {
    if let Some(seed) = std::env::var("TONKIN_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
    {
        return seed;
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

/// Gives a widget the name a screen reader announces (for icon-only buttons and the board).
/// The function exists since GTK 4.0, but gtk4-rs only binds it from 4.10 on, so it is
/// declared here.
pub fn set_accessible_label(widget: &impl IsA<gtk::Widget>, label: &str) {
    use gtk::glib::translate::ToGlibPtr;
    unsafe extern "C" {
        fn gtk_accessible_update_property_value(
            accessible: *mut std::ffi::c_void,
            n_properties: std::ffi::c_int,
            properties: *mut std::ffi::c_int,
            values: *const gtk::glib::gobject_ffi::GValue,
        );
    }
    const GTK_ACCESSIBLE_PROPERTY_LABEL: std::ffi::c_int = 4;
    let value = label.to_value();
    let mut property = GTK_ACCESSIBLE_PROPERTY_LABEL;
    let pointer: *mut gtk::ffi::GtkWidget = widget.as_ref().to_glib_none().0;
    // SAFETY: every GtkWidget implements GtkAccessible; one property with one initialised
    // string GValue, as the function expects; both live for the duration of the call.
    unsafe {
        gtk_accessible_update_property_value(
            pointer.cast(),
            1,
            &mut property,
            value.to_glib_none().0,
        );
    }
}
