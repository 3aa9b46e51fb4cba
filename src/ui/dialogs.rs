//! About, keyboard shortcuts and the file choosers.

use std::path::Path;

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use crate::config::{ICON_NAME, VERSION};
use crate::i18n::gettext;

pub fn show_about(parent: Option<&gtk::Window>) {
    let about = adw::AboutWindow::builder()
        .application_name(gettext("Tonkin"))
        .application_icon(ICON_NAME)
        .version(VERSION)
        .developer_name(gettext("The Tonkin developers"))
        .license_type(gtk::License::Gpl30)
        .website("https://github.com/tonkin/tonkin")
        .issue_url("https://github.com/tonkin/tonkin/issues")
        .comments(gettext(
            "Five board wargames of the Vietnam War with their rules enforced, and their components ready to print.",
        ))
        .translator_credits(gettext("translator-credits"))
        .build();
    if let Some(p) = parent {
        about.set_transient_for(Some(p));
    }
    about.present();
}

pub fn show_shortcuts(parent: Option<&gtk::Window>) {
    let builder = gtk::Builder::from_string(&shortcuts_ui());
    let Some(window) = builder.object::<gtk::ShortcutsWindow>("shortcuts") else {
        return;
    };
    if let Some(p) = parent {
        window.set_transient_for(Some(p));
    }
    window.present();
}

fn shortcuts_ui() -> String {
    let shortcut = |accel: &str, title: String| {
        format!(
            r#"<child><object class="GtkShortcutsShortcut"><property name="accelerator">{accel}</property><property name="title">{}</property></object></child>"#,
            glib_escape(&title)
        )
    };
    let group = |title: String, items: Vec<String>| {
        format!(
            r#"<child><object class="GtkShortcutsGroup"><property name="title">{}</property>{}</object></child>"#,
            glib_escape(&title),
            items.concat()
        )
    };
    let groups = [
        group(
            gettext("Application"),
            vec![
                shortcut("&lt;Primary&gt;n", gettext("Show the game launcher")),
                shortcut("&lt;Primary&gt;o", gettext("Open a saved game")),
                shortcut("&lt;Primary&gt;p", gettext("Print and play")),
                shortcut("&lt;Primary&gt;comma", gettext("Preferences")),
                shortcut("&lt;Primary&gt;question", gettext("Keyboard shortcuts")),
                shortcut("&lt;Primary&gt;q", gettext("Quit")),
            ],
        ),
        group(
            crate::i18n::pgettext("the game being played", "Game"),
            vec![
                shortcut("&lt;Primary&gt;s", gettext("Save")),
                shortcut("&lt;Primary&gt;&lt;Shift&gt;s", gettext("Save as")),
                shortcut("&lt;Primary&gt;z", gettext("Undo")),
                shortcut("&lt;Primary&gt;&lt;Shift&gt;z", gettext("Redo")),
                shortcut("F1", gettext("How to play")),
                shortcut("&lt;Shift&gt;F1", gettext("Rules reference")),
                shortcut(
                    "&lt;Alt&gt;1",
                    gettext("Take the first action offered (Alt+2 the second, …)"),
                ),
                shortcut(
                    "Right",
                    gettext("On the board: the next place you can click (Left the previous)"),
                ),
                shortcut(
                    "Return",
                    gettext("On the board: take the highlighted place"),
                ),
                shortcut("&lt;Primary&gt;w", gettext("Close the window")),
            ],
        ),
    ];
    format!(
        r#"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property><child><object class="GtkShortcutsSection"><property name="section-name">main</property>{}</object></child></object></interface>"#,
        groups.concat()
    )
}

fn glib_escape(s: &str) -> String {
    relm4::gtk::glib::markup_escape_text(s).to_string()
}

fn json_filter() -> gtk::FileFilter {
    let filter = gtk::FileFilter::new();
    filter.set_name(Some(&gettext("Tonkin saves and scripts")));
    filter.add_pattern("*.json");
    filter
}

/// Asks for a save or script and opens it in a game window.
pub fn open_saved_game(parent: Option<&gtk::Window>) {
    let chooser = gtk::FileChooserNative::new(
        Some(&gettext("Open Saved Game")),
        parent,
        gtk::FileChooserAction::Open,
        Some(&gettext("_Open")),
        Some(&gettext("_Cancel")),
    );
    chooser.add_filter(&json_filter());
    if let Some(dir) = crate::config::project_dirs().map(|d| d.data_dir().join("saves"))
        && dir.exists()
    {
        let _ = chooser.set_current_folder(Some(&gtk::gio::File::for_path(dir)));
    }
    let parent = parent.cloned();
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|f| f.path())
            && let Err(e) = open_file(&path)
        {
            error_dialog(parent.as_ref(), &gettext("Cannot open this file"), &e);
        }
        chooser.destroy();
    });
    chooser.show();
}

/// Opens a save or an action script in a new game window.
pub fn open_file(path: &Path) -> Result<(), String> {
    let bytes = crate::engine::session::read_save(path).map_err(|e| e.to_string())?;
    let session = crate::games::load_any(&bytes, &path.display().to_string())?;
    super::open_game_window(session, Some(path.to_path_buf()));
    Ok(())
}

/// Asks where to save; calls `done` with the chosen path.
pub fn choose_save_path(
    parent: &gtk::Window,
    suggested: &str,
    done: impl Fn(std::path::PathBuf) + 'static,
) {
    let chooser = gtk::FileChooserNative::new(
        Some(&gettext("Save Game")),
        Some(parent),
        gtk::FileChooserAction::Save,
        Some(&gettext("_Save")),
        Some(&gettext("_Cancel")),
    );
    chooser.add_filter(&json_filter());
    chooser.set_current_name(suggested);
    if let Some(dir) = crate::config::project_dirs().map(|d| d.data_dir().join("saves"))
        && std::fs::create_dir_all(&dir).is_ok()
    {
        let _ = chooser.set_current_folder(Some(&gtk::gio::File::for_path(dir)));
    }
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|f| f.path())
        {
            done(path);
        }
        chooser.destroy();
    });
    chooser.show();
}

/// Something the player should know before going on, with a button to close it.
pub fn notice_dialog(parent: Option<&gtk::Window>, heading: &str, body: &str) {
    let dialog = adw::MessageDialog::new(parent, Some(heading), Some(body));
    dialog.add_response("close", &gettext("_Close"));
    dialog.set_default_response(Some("close"));
    dialog.present();
}

/// An error that matters: its whole text (file, line and all), selectable to copy, with a
/// button that copies it.
pub fn error_dialog(parent: Option<&gtk::Window>, heading: &str, body: &str) {
    let dialog = adw::MessageDialog::new(parent, Some(heading), None);
    let text = gtk::Label::builder()
        .label(body)
        .wrap(true)
        .wrap_mode(gtk::pango::WrapMode::WordChar)
        .selectable(true)
        .xalign(0.0)
        .max_width_chars(60)
        .build();
    dialog.set_extra_child(Some(&text));
    dialog.add_response("copy", &gettext("C_opy the Message"));
    dialog.add_response("close", &gettext("_Close"));
    dialog.set_default_response(Some("close"));
    let body = body.to_owned();
    dialog.connect_response(Some("copy"), move |d, _| {
        d.clipboard().set_text(&body);
    });
    dialog.present();
}
