//! The launcher: the five games, their scenarios, and the way back into a saved game.

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::prelude::*;

use crate::games::{self, GameModule};
use crate::i18n::gettext;

pub struct Launcher {
    window: adw::ApplicationWindow,
    toasts: adw::ToastOverlay,
}

#[derive(Debug)]
pub enum LauncherMsg {
    Play {
        game: &'static str,
        scenario: String,
    },
    Resume {
        game: &'static str,
    },
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
    /// A save or script to open at once.
    type Init = Option<std::path::PathBuf>;
    type Input = LauncherMsg;
    type Output = ();
    type Root = adw::ApplicationWindow;
    type Widgets = ();

    fn init_root() -> Self::Root {
        adw::ApplicationWindow::builder()
            .title(gettext("Tonkin"))
            .default_width(760)
            .default_height(680)
            .name("launcher")
            .build()
    }

    fn init(
        file: Self::Init,
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
        let page = gtk::Box::new(gtk::Orientation::Vertical, 24);
        page.set_margin_top(24);
        page.set_margin_bottom(24);
        page.set_margin_start(12);
        page.set_margin_end(12);
        page.append(&group);
        let clamp = adw::Clamp::builder().maximum_size(720).child(&page).build();
        let scroller = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .vexpand(true)
            .child(&clamp)
            .build();
        let toasts = adw::ToastOverlay::new();
        toasts.set_child(Some(&scroller));
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&toasts);
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

        super::mark_profile(&root);
        if let Some(file) = file {
            let toasts_ = toasts.clone();
            gtk::glib::idle_add_local_once(move || {
                if let Err(e) = super::dialogs::open_file(&file) {
                    super::toast(&toasts_, &e);
                }
            });
        }
        if super::exit_after_first_frame() {
            quit_after_first_frame(&root);
        }
        ComponentParts {
            model: Launcher {
                window: root.clone(),
                toasts,
            },
            widgets: (),
        }
    }

    fn update(&mut self, msg: LauncherMsg, _sender: ComponentSender<Self>) {
        let result = match msg {
            LauncherMsg::Play { game, scenario } => start_new(&self.window, game, &scenario),
            LauncherMsg::Resume { game } => resume(game),
        };
        if let Err(e) = result {
            super::toast(&self.toasts, &e);
        }
    }
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
    if autosave_path(id).is_some_and(|p| p.exists()) {
        let resume = scenario_row(&gettext("Continue the last game"), &gettext("Resume"));
        let s = sender.clone();
        resume.connect_activated(move |_| s.input(LauncherMsg::Resume { game: id }));
        row.add_row(&resume);
    }
    for scenario in driver.scenarios() {
        let r = scenario_row(
            &scenario.title.render(),
            &crate::i18n::pgettext("button", "Play"),
        );
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
        .build();
    let r = row.clone();
    button.connect_clicked(move |_| ActionRowExt::activate(&r));
    row.add_suffix(&button);
    row
}

/// Where a game's autosave lives.
pub fn autosave_path(game: &str) -> Option<std::path::PathBuf> {
    crate::config::project_dirs()
        .map(|d| d.data_dir().join("autosave").join(format!("{game}.json")))
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
    if rules.is_empty() {
        let mut session = driver.new_session(scenario, super::fresh_seed(), &[])?;
        session.set_own_dice(own_dice);
        super::open_game_window(session, None);
        return Ok(());
    }
    let dialog = adw::MessageDialog::new(
        Some(parent),
        Some(&gettext("Optional Rules")),
        Some(&gettext("Switch on the optional rules to play with.")),
    );
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
    let switches: Vec<(&'static str, gtk::Switch)> = rules
        .iter()
        .map(|r| {
            let switch = gtk::Switch::builder().valign(gtk::Align::Center).build();
            let row = adw::ActionRow::builder()
                .title(r.title.render())
                .subtitle(format!("{} {}", gettext("Rule"), r.rule))
                .activatable_widget(&switch)
                .build();
            row.add_suffix(&switch);
            list.append(&row);
            (r.key, switch)
        })
        .collect();
    dialog.set_extra_child(Some(&list));
    dialog.add_response("cancel", &gettext("_Cancel"));
    dialog.add_response("start", &gettext("_Start"));
    dialog.set_response_appearance("start", adw::ResponseAppearance::Suggested);
    dialog.set_default_response(Some("start"));
    let scenario = scenario.to_owned();
    let parent = parent.clone();
    dialog.connect_response(Some("start"), move |_, _| {
        let chosen: Vec<&str> = switches
            .iter()
            .filter(|(_, s)| s.is_active())
            .map(|(k, _)| *k)
            .collect();
        match driver.new_session(&scenario, super::fresh_seed(), &chosen) {
            Ok(mut session) => {
                session.set_own_dice(own_dice_switch.is_active());
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

fn resume(game: &'static str) -> Result<(), String> {
    let path =
        autosave_path(game).ok_or_else(|| gettext("No place to keep saves on this system"))?;
    super::dialogs::open_file(&path)
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
