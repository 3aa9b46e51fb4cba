//! The launcher: the five games, their scenarios, and the way back into a saved game.

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::prelude::*;

use std::path::PathBuf;

use crate::games::{self, GameModule};
use crate::i18n::gettext;
use crate::saves::{self, Autosave};

pub struct Launcher {
    window: adw::ApplicationWindow,
    /// The games in progress (and damaged autosaves), rebuilt on every look.
    in_progress: SavedGames,
    /// The finished games.
    history: SavedGames,
}

#[derive(Debug)]
pub enum LauncherMsg {
    Play {
        game: &'static str,
        scenario: String,
    },
    /// Opens the game in progress kept in this autosave.
    Resume(PathBuf),
    /// Asks, then deletes a game in progress, a damaged autosave or a finished game.
    Delete(PathBuf),
    /// Reads the autosaves again.
    Refresh,
}

/// Brings the launcher to the front (Ctrl+N from any window).
pub fn present(app: &adw::Application) {
    if let Some(w) = app
        .windows()
        .into_iter()
        .find(|w| w.widget_name() == "launcher")
    {
        w.present();
    }
}

impl SimpleComponent for Launcher {
    type Init = ();
    type Input = LauncherMsg;
    type Output = ();
    type Root = adw::ApplicationWindow;
    type Widgets = ();

    fn init_root() -> Self::Root {
        adw::ApplicationWindow::builder()
            .title(gettext("Tonkin"))
            .default_width(super::fitting_size(760, 680).0)
            .default_height(super::fitting_size(760, 680).1)
            .name("launcher")
            .build()
    }

    fn init(
        _: Self::Init,
        root: Self::Root,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let header = adw::HeaderBar::new();
        header.set_title_widget(Some(&adw::WindowTitle::new(
            &gettext("Tonkin"),
            &gettext("Board wargames of the Vietnam War"),
        )));
        let menu = gtk::MenuButton::builder()
            .icon_name("open-menu-symbolic")
            .menu_model(&super::primary_menu(false))
            .tooltip_text(gettext("Main Menu"))
            .primary(true)
            .build();
        super::set_accessible_label(&menu, &gettext("Main Menu"));
        header.pack_end(&menu);
        let open = gtk::Button::builder()
            .label(gettext("_Open…"))
            .use_underline(true)
            .action_name("app.open")
            .tooltip_text(gettext("Open a saved game or an action script"))
            .build();
        header.pack_start(&open);

        let group = adw::PreferencesGroup::builder()
            .title(gettext("Games"))
            .description(gettext("Pick a scenario to start a new game."))
            .build();
        for info in games::ALL {
            group.add(&game_row(info, &sender));
        }
        let in_progress = SavedGames::new(
            &gettext("Games in Progress"),
            &gettext("Each game you start keeps its own autosave until it ends."),
        );
        let history = SavedGames::new(
            &gettext("Finished Games"),
            &gettext("The last games that ended, newest first."),
        );
        let page = gtk::Box::new(gtk::Orientation::Vertical, 24);
        page.append(&in_progress.group);
        page.set_margin_top(24);
        page.set_margin_bottom(24);
        page.set_margin_start(12);
        page.set_margin_end(12);
        page.append(&group);
        page.append(&history.group);
        let clamp = adw::Clamp::builder().maximum_size(720).child(&page).build();
        let scroller = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .vexpand(true)
            .child(&clamp)
            .build();
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&scroller);
        root.set_content(Some(&content));

        let export = gtk::gio::SimpleAction::new("export", None);
        let win = root.clone();
        export.connect_activate(move |_, _| {
            super::export_dialog::show(Some(win.upcast_ref()), None, None)
        });
        root.add_action(&export);
        let close = gtk::gio::SimpleAction::new("close", None);
        let win = root.clone();
        close.connect_activate(move |_, _| win.close());
        root.add_action(&close);
        super::help::install_action(&root, None);

        super::mark_profile(&root);
        if super::exit_after_first_frame() {
            quit_after_first_frame(&root);
        }
        refresh_after_first_frame(&root, &sender);
        ComponentParts {
            model: Launcher {
                window: root.clone(),
                in_progress,
                history,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: LauncherMsg, sender: ComponentSender<Self>) {
        let result = match msg {
            LauncherMsg::Play { game, scenario } => start_new(&self.window, game, &scenario),
            LauncherMsg::Resume(path) => super::resume_game(path),
            LauncherMsg::Delete(path) => {
                confirm_delete(&self.window, path, &sender);
                Ok(())
            }
            LauncherMsg::Refresh => {
                self.refresh(&sender);
                Ok(())
            }
        };
        if let Err(e) = result {
            super::dialogs::error_dialog(
                Some(self.window.upcast_ref()),
                &gettext("The game cannot start"),
                &e,
            );
        }
    }
}

impl Launcher {
    fn refresh(&mut self, sender: &ComponentSender<Self>) {
        let (Some(dir), Some(history)) = (saves::autosave_dir(), saves::history_dir()) else {
            return;
        };
        let rows: Vec<gtk::Widget> = saves::list_in_progress(&dir, &history)
            .into_iter()
            .map(|save| saved_row(save, true, sender))
            .collect();
        self.in_progress.show(rows);
        let rows: Vec<gtk::Widget> = saves::list(&history)
            .into_iter()
            .take(HISTORY_SHOWN)
            .map(|save| saved_row(save, false, sender))
            .collect();
        self.history.show(rows);
    }
}

/// How many finished games the launcher lists.
const HISTORY_SHOWN: usize = 10;

/// A group of saved games whose rows are replaced on every look; hidden when empty.
struct SavedGames {
    group: adw::PreferencesGroup,
    rows: Vec<gtk::Widget>,
}

impl SavedGames {
    fn new(title: &str, description: &str) -> Self {
        let group = adw::PreferencesGroup::builder()
            .title(title)
            .description(description)
            .visible(false)
            .build();
        SavedGames {
            group,
            rows: Vec::new(),
        }
    }

    fn show(&mut self, rows: Vec<gtk::Widget>) {
        for row in self.rows.drain(..) {
            self.group.remove(&row);
        }
        for row in &rows {
            self.group.add(row);
        }
        self.group.set_visible(!rows.is_empty());
        self.rows = rows;
    }
}

/// A game in progress (with a picture of its board, where it stands and when it was saved,
/// Resume and Delete), a finished game, or a damaged autosave with the reason and Delete.
fn saved_row(save: Autosave, in_progress: bool, sender: &ComponentSender<Launcher>) -> gtk::Widget {
    let path = save.path().to_path_buf();
    let row = match save {
        Autosave::Damaged { reason, .. } => {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let row = adw::ActionRow::builder()
                // Translators: a saved game that cannot be loaded; {file} is its file name.
                .title(gettext("Damaged save {file}").replace("{file}", &name))
                .subtitle(&reason)
                .subtitle_lines(0)
                .use_markup(false)
                .build();
            row.add_prefix(&gtk::Image::from_icon_name("dialog-warning-symbolic"));
            row
        }
        Autosave::Game { session, saved, .. } => {
            let row = adw::ActionRow::builder()
                .title(game_and_scenario(session.as_ref()))
                .subtitle(standing(session.as_ref(), saved))
                .use_markup(false)
                .build();
            row.add_prefix(&board_picture(session));
            if in_progress {
                let resume = gtk::Button::builder()
                    .label(gettext("Resume"))
                    .valign(gtk::Align::Center)
                    .css_classes(["suggested-action", "pill-small"])
                    .tooltip_text(gettext("Go on with this game where you left it"))
                    .build();
                let s = sender.clone();
                let p = path.clone();
                resume.connect_clicked(move |_| s.input(LauncherMsg::Resume(p.clone())));
                row.add_suffix(&resume);
            }
            row
        }
    };
    let delete = gtk::Button::builder()
        .icon_name("user-trash-symbolic")
        .valign(gtk::Align::Center)
        .css_classes(["flat"])
        .build();
    let open = super::game_window::window_of(&path).is_some();
    let tip = if open {
        gettext("This game is open in a window: close the window to delete it")
    } else {
        gettext("Delete this saved game")
    };
    delete.set_tooltip_text(Some(&tip));
    super::set_accessible_label(&delete, &tip);
    delete.set_sensitive(!open);
    let s = sender.clone();
    delete.connect_clicked(move |_| s.input(LauncherMsg::Delete(path.clone())));
    row.add_suffix(&delete);
    row.upcast()
}

/// "That Others May Live — Scenario 1".
fn game_and_scenario(session: &dyn games::PlaySession) -> String {
    let info = games::find(session.game_id());
    let title = info.map(|i| i.title.to_owned()).unwrap_or_default();
    let scenario = info
        .and_then(|i| i.driver)
        .and_then(|d| {
            d.scenarios()
                .into_iter()
                .find(|s| s.id == session.scenario())
        })
        .map(|s| s.title.render())
        .unwrap_or_else(|| session.scenario().to_owned());
    format!("{title} — {scenario}")
}

/// Where a game stands (its first fact besides the scenario, or its result) and when it was
/// last saved: "Turn: 3 of 8 · 2 Dec 2026 10:41".
fn standing(session: &dyn games::PlaySession, saved: Option<std::time::SystemTime>) -> String {
    let mut parts = Vec::new();
    if let Some(outcome) = session.outcome() {
        parts.push(outcome.summary.render());
    } else if let Some((label, value)) = session.board().and_then(|b| {
        b.status()
            .into_iter()
            .find(|(label, _)| label.render() != gettext("Scenario"))
    }) {
        parts.push(
            gettext("{label}: {value}")
                .replace("{label}", &label.render())
                .replace("{value}", &value),
        );
    }
    if let Some(when) = saved
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .and_then(|d| gtk::glib::DateTime::from_unix_local(d.as_secs() as i64).ok())
        .and_then(|d| d.format("%x %H:%M").ok())
    {
        parts.push(when.to_string());
    }
    parts.join(" · ")
}

/// A small picture of the game's board, drawn by the game's own art.
fn board_picture(session: Box<dyn games::PlaySession>) -> gtk::DrawingArea {
    let area = gtk::DrawingArea::builder()
        .content_width(96)
        .content_height(64)
        .valign(gtk::Align::Center)
        .build();
    area.set_draw_func(move |area, cr, w, h| {
        let view = crate::art::View {
            width: f64::from(w),
            height: f64::from(h),
            scale_factor: f64::from(area.scale_factor()),
            dark: adw::StyleManager::default().is_dark(),
            ..Default::default()
        };
        if let Some(board) = session.board() {
            let _ = board.draw_board(cr, &view);
        }
    });
    area
}

/// Asks before deleting a saved game; deletes it and lists the games again.
fn confirm_delete(
    parent: &adw::ApplicationWindow,
    path: PathBuf,
    sender: &ComponentSender<Launcher>,
) {
    let dialog = adw::MessageDialog::new(
        Some(parent),
        Some(&gettext("Delete this saved game?")),
        Some(&gettext("It cannot be brought back.")),
    );
    dialog.add_response("cancel", &gettext("_Cancel"));
    dialog.add_response("delete", &gettext("_Delete"));
    dialog.set_response_appearance("delete", adw::ResponseAppearance::Destructive);
    dialog.set_default_response(Some("cancel"));
    let s = sender.clone();
    let parent = parent.clone();
    dialog.connect_response(Some("delete"), move |_, _| {
        if let Err(e) = std::fs::remove_file(&path) {
            super::dialogs::error_dialog(
                Some(parent.upcast_ref()),
                &gettext("The saved game was not deleted"),
                &format!("{}: {e}", path.display()),
            );
        }
        s.input(LauncherMsg::Refresh);
    });
    dialog.present();
}

fn game_row(info: &GameModule, sender: &ComponentSender<Launcher>) -> gtk::Widget {
    let subtitle = format!("{} · {}", info.players().render(), info.blurb().render());
    let Some(driver) = info.driver else {
        let row = adw::ActionRow::builder()
            .title(info.title)
            .use_markup(false)
            .subtitle(&subtitle)
            .build();
        let tag = gtk::Label::new(Some(&gettext("Not playable yet")));
        tag.add_css_class("dim-label");
        tag.add_css_class("caption");
        row.add_suffix(&tag);
        return row.upcast();
    };
    let subtitle = match info.note() {
        Some(note) => format!("{subtitle}\n{}", note.render()),
        None => subtitle,
    };
    let row = adw::ExpanderRow::builder()
        .title(info.title)
        // "Search & Destroy" is a title, not markup.
        .use_markup(false)
        .subtitle(&subtitle)
        .build();
    // The scenario rows are made when the row is first unfolded: building every game's rows
    // (and reading its content) before the launcher's first frame would slow the start-up.
    let id = info.id;
    let sender = sender.clone();
    let filled = std::cell::Cell::new(false);
    row.connect_expanded_notify(move |row| {
        if row.is_expanded() && !filled.replace(true) {
            add_scenario_rows(row, id, driver, &sender);
        }
    });
    row.upcast()
}

fn add_scenario_rows(
    row: &adw::ExpanderRow,
    id: &'static str,
    driver: &'static dyn games::Driver,
    sender: &ComponentSender<Launcher>,
) {
    for scenario in driver.scenarios() {
        let r = scenario_row(
            &scenario.title.render(),
            &crate::i18n::pgettext("button", "Play"),
        );
        if let Some(summary) = &scenario.summary {
            r.set_subtitle(&summary.render());
        }
        let s = sender.clone();
        let scenario_id = scenario.id.to_owned();
        r.connect_activated(move |_| {
            s.input(LauncherMsg::Play {
                game: id,
                scenario: scenario_id.clone(),
            })
        });
        row.add_row(&r);
    }
}

fn scenario_row(title: &str, verb: &str) -> adw::ActionRow {
    let row = adw::ActionRow::builder()
        .title(title)
        .use_markup(false)
        .activatable(true)
        .build();
    let button = gtk::Button::builder()
        .label(verb)
        .valign(gtk::Align::Center)
        .css_classes(["suggested-action", "pill-small"])
        .tooltip_text(gettext(
            "Start a new game of this scenario; games in progress keep their own saves",
        ))
        .build();
    let r = row.clone();
    button.connect_clicked(move |_| ActionRowExt::activate(&r));
    row.add_suffix(&button);
    row
}

/// Starts a game; a game with optional rules first asks which to play with.
fn start_new(
    parent: &adw::ApplicationWindow,
    game: &'static str,
    scenario: &str,
) -> Result<(), String> {
    let info = games::find(game).ok_or_else(|| format!("unknown game {game}"))?;
    let driver = info
        .driver
        .ok_or_else(|| gettext("This game is not playable yet"))?;
    let rules = driver.optional_rules();
    let own_dice = super::settings().own_dice;
    let levels = driver.computer_levels();
    if rules.is_empty() && levels.is_empty() {
        let mut session = driver.new_session(scenario, super::fresh_seed(), &[])?;
        session.set_own_dice(own_dice);
        super::open_game_window(session, None);
        return Ok(());
    }
    let dialog = if levels.is_empty() {
        adw::MessageDialog::new(
            Some(parent),
            Some(&gettext("Optional Rules")),
            Some(&gettext("Switch on the optional rules to play with.")),
        )
    } else {
        adw::MessageDialog::new(
            Some(parent),
            Some(&gettext("New Game")),
            Some(&gettext(
                "Choose who plays each side, and switch on the optional rules to play with.",
            )),
        )
    };
    // Who plays each seat, for a game the computer can play.
    let players = (!levels.is_empty())
        .then(|| driver.new_session(scenario, 0, &[]).ok())
        .flatten()
        .map(|session| {
            let defaults = super::players::default_players(session.seats(), &levels);
            std::rc::Rc::new(super::players::PlayerRows::new(session.as_ref(), &defaults))
        });
    let list = gtk::ListBox::builder()
        .selection_mode(gtk::SelectionMode::None)
        .css_classes(["boxed-list"])
        .build();
    let own_dice_switch = gtk::Switch::builder()
        .active(own_dice)
        .valign(gtk::Align::Center)
        .build();
    let own_dice_row = adw::ActionRow::builder()
        .title(gettext("Roll your own dice"))
        .subtitle(gettext("Tonkin asks for the face of each die"))
        .activatable_widget(&own_dice_switch)
        .build();
    own_dice_row.add_suffix(&own_dice_switch);
    list.append(&own_dice_row);
    let idle = driver.idle_optional_rules(scenario);
    let switches: Vec<(&'static str, gtk::Switch)> = rules
        .iter()
        .map(|r| {
            let switch = gtk::Switch::builder().valign(gtk::Align::Center).build();
            super::set_accessible_label(&switch, &r.title.render());
            // What it changes, then where the rulebook says so.
            let mut subtitle = gettext("{summary} (rule {rule})")
                .replace("{summary}", &r.summary.render())
                .replace("{rule}", r.rule);
            // A rule this scenario leaves idle says so, and cannot be switched on.
            let idle_why = idle.iter().find(|(key, _)| *key == r.key);
            if let Some((_, why)) = idle_why {
                subtitle = gettext("Not played in this scenario: {why}. {rule}")
                    .replace("{why}", &why.render())
                    .replace("{rule}", &subtitle);
                switch.set_sensitive(false);
            }
            let row = adw::ActionRow::builder()
                .title(r.title.render())
                .subtitle(subtitle)
                .activatable_widget(&switch)
                .build();
            row.add_suffix(&switch);
            list.append(&row);
            (r.key, switch)
        })
        .collect();
    // A choice the rules refuse (a rule that needs another) says why at once, and Start waits
    // until it is put right: the dialog never closes on a refusal and loses the choices.
    let refusal = gtk::Label::builder()
        .wrap(true)
        .xalign(0.0)
        .selectable(true)
        .visible(false)
        .css_classes(["error"])
        .build();
    let extra = gtk::Box::new(gtk::Orientation::Vertical, 12);
    // Wide enough that each rule's sentence takes two or three lines, not six.
    extra.set_size_request(super::fitting_size(480, 0).0, -1);
    // Many rules scroll: the dialog stays within the screen.
    extra.append(
        &gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .propagate_natural_height(true)
            .max_content_height(super::fitting_size(0, 760).1 - 260)
            .child(&list)
            .build(),
    );
    extra.append(&refusal);
    if let Some(players) = &players {
        extra.prepend(&players.list);
    }
    dialog.set_extra_child(Some(&extra));
    dialog.add_response("cancel", &gettext("_Cancel"));
    dialog.add_response("start", &gettext("_Start"));
    dialog.set_response_appearance("start", adw::ResponseAppearance::Suggested);
    dialog.set_default_response(Some("start"));
    let seed = super::fresh_seed();
    let scenario = scenario.to_owned();
    let switches = std::rc::Rc::new(switches);
    let chosen = {
        let switches = switches.clone();
        move || -> Vec<&'static str> {
            switches
                .iter()
                .filter(|(_, s)| s.is_active())
                .map(|(k, _)| *k)
                .collect()
        }
    };
    let check = {
        let dialog = dialog.clone();
        let chosen = chosen.clone();
        let scenario = scenario.clone();
        move || {
            let result = driver.new_session(&scenario, seed, &chosen());
            dialog.set_response_enabled("start", result.is_ok());
            refusal.set_visible(result.is_err());
            if let Err(e) = result {
                refusal.set_label(&e);
            }
        }
    };
    let check = std::rc::Rc::new(check);
    for (_, switch) in switches.iter() {
        let check = check.clone();
        switch.connect_active_notify(move |_| check());
    }
    let parent = parent.clone();
    dialog.connect_response(Some("start"), move |_, _| {
        match driver.new_session(&scenario, seed, &chosen()) {
            Ok(mut session) => {
                session.set_own_dice(own_dice_switch.is_active());
                for (seat, level) in players.iter().flat_map(|p| p.chosen()).enumerate() {
                    if let Err(e) = session.set_computer(seat as u8, level.as_deref()) {
                        eprintln!("tonkin: {e}");
                    }
                }
                super::open_game_window(session, None)
            }
            Err(e) => super::dialogs::error_dialog(
                Some(parent.upcast_ref()),
                &gettext("The game cannot start"),
                &e,
            ),
        }
    });
    dialog.present();
    Ok(())
}

/// Reads the autosaves once the launcher's first frame is on screen, then whenever the
/// launcher comes back to the front. Loading replays every game and its row draws the board:
/// with a few games in progress that would hold the first frame back by a third of a second,
/// and the window becomes active (a look at the saves) before that frame.
fn refresh_after_first_frame(window: &adw::ApplicationWindow, sender: &ComponentSender<Launcher>) {
    let shown = std::rc::Rc::new(std::cell::Cell::new(false));
    let s = sender.clone();
    let first = shown.clone();
    let on_frames = move |w: &adw::ApplicationWindow| {
        let Some(clock) = w.frame_clock() else {
            return;
        };
        let s = s.clone();
        let first = first.clone();
        clock.connect_after_paint(move |_| {
            if !first.replace(true) {
                s.input(LauncherMsg::Refresh);
            }
        });
    };
    // The window may be on screen already (the tests present it before the launcher runs).
    if window.is_realized() {
        on_frames(window);
    } else {
        window.connect_realize(on_frames);
    }
    let s = sender.clone();
    window.connect_is_active_notify(move |w| {
        if w.is_active() && shown.get() {
            s.input(LauncherMsg::Refresh);
        }
    });
}

/// Quits once the window's first frame has been painted (for start-up timing).
fn quit_after_first_frame(window: &adw::ApplicationWindow) {
    window.connect_realize(|w| {
        if let Some(clock) = w.frame_clock() {
            clock.connect_after_paint(|_| {
                relm4::main_application().quit();
            });
        }
    });
}
