//! The guided first game: above the prompt bar, the first time a kind of decision comes up
//! (the rules name it, [`crate::games::PlaySession::decision_kind`]), a short explanation from
//! the game's `learn.toml`. What was explained is kept in the preferences, so a resumed game
//! goes on where the guide was; the guide is switched off and on in the preferences, in the
//! menu (`app.guide`) and from the explanation itself.

use std::cell::RefCell;
use std::rc::Rc;

use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::gtk::gio;

use crate::games::learn::Learn;
use crate::i18n::gettext;
use crate::settings::Settings;

/// Adds the stateful `app.guide` action (the menu's check item).
pub fn install_action(app: &impl IsA<gio::ActionMap>) {
    let action =
        gio::SimpleAction::new_stateful("guide", None, &super::settings().guide.to_variant());
    action.connect_activate(|_, _| super::update_settings(|s| s.guide = !s.guide));
    app.add_action(&action);
}

/// Makes `app.guide` show the setting (called whenever the preferences change).
pub fn sync_action(settings: &Settings) {
    let Some(app) = gio::Application::default() else {
        return;
    };
    if let Some(action) = app
        .lookup_action("guide")
        .and_then(|a| a.downcast::<gio::SimpleAction>().ok())
    {
        let on = settings.guide.to_variant();
        if action.state().as_ref() != Some(&on) {
            action.set_state(&on);
        }
    }
}

/// The least and the most height of the explanation's words; more scroll.
const MIN_HEIGHT: i32 = 40;
const MAX_HEIGHT: i32 = 96;

/// The explanation strip of one game window.
pub struct Guide {
    pub widget: gtk::Revealer,
    title: gtk::Label,
    text: gtk::Label,
    game: &'static str,
    learn: Option<Learn>,
    /// The kind of decision the strip is about, while that decision is pending.
    current: RefCell<Option<String>>,
}

impl Guide {
    pub fn new(game: &'static str) -> Rc<Guide> {
        let title = gtk::Label::builder()
            .xalign(0.0)
            .wrap(true)
            .css_classes(["heading"])
            .build();
        let text = gtk::Label::builder()
            .xalign(0.0)
            .wrap(true)
            .width_chars(30)
            .max_width_chars(110)
            .build();
        let words = gtk::Box::builder()
            .orientation(gtk::Orientation::Vertical)
            .spacing(2)
            .hexpand(true)
            .build();
        words.append(&title);
        words.append(&text);
        let got_it = gtk::Button::builder()
            .label(gettext("Got It"))
            .tooltip_text(gettext(
                "Hide this explanation; the next new kind of decision brings its own",
            ))
            .valign(gtk::Align::Center)
            .css_classes(["pill-small"])
            .build();
        let off = gtk::Button::builder()
            .label(gettext("Stop the Guide"))
            .tooltip_text(gettext(
                "No more explanations; the main menu turns the guide on again",
            ))
            .valign(gtk::Align::Center)
            .css_classes(["flat"])
            .build();
        let strip = gtk::Box::builder()
            .orientation(gtk::Orientation::Horizontal)
            .spacing(12)
            .css_classes(["guide"])
            .build();
        strip.append(
            &gtk::Image::builder()
                .icon_name("dialog-information-symbolic")
                .pixel_size(24)
                .valign(gtk::Align::Center)
                .build(),
        );
        // A long explanation (German, a narrow window) scrolls: the strip never takes the
        // height the prompt bar's decisions need. Its scroll bar stays in sight while there is
        // more to read (an overlay bar shows only under the pointer, and the cut line alone
        // did not say that the text goes on).
        strip.append(
            &gtk::ScrolledWindow::builder()
                .hscrollbar_policy(gtk::PolicyType::Never)
                .overlay_scrolling(false)
                .propagate_natural_height(true)
                .min_content_height(MIN_HEIGHT)
                .max_content_height(MAX_HEIGHT)
                .hexpand(true)
                .child(&words)
                .build(),
        );
        strip.append(&got_it);
        strip.append(&off);
        let widget = gtk::Revealer::builder()
            .transition_type(gtk::RevealerTransitionType::SlideUp)
            .child(&strip)
            .reveal_child(false)
            .build();
        let learn = crate::games::find(game).and_then(|g| g.learn());
        let guide = Rc::new(Guide {
            widget,
            title,
            text,
            game,
            learn,
            current: RefCell::new(None),
        });
        let revealer = guide.widget.clone();
        got_it.connect_clicked(move |_| revealer.set_reveal_child(false));
        off.connect_clicked(|_| super::update_settings(|s| s.guide = false));
        // Switched off anywhere: the strip goes at once.
        if let Some(action) = gio::Application::default().and_then(|a| a.lookup_action("guide")) {
            let revealer = guide.widget.downgrade();
            action.connect_state_notify(move |a| {
                let on = a.state().and_then(|s| s.get::<bool>()).unwrap_or(true);
                if let Some(r) = revealer.upgrade().filter(|_| !on) {
                    r.set_reveal_child(false);
                }
            });
        }
        guide
    }

    /// Shows the explanation of `kind` if the guide is on and it was never shown, keeps it
    /// while the same kind of decision is pending, and hides it otherwise.
    pub fn show_for(&self, kind: &str) {
        let settings = super::settings();
        if self.current.borrow().as_deref() == Some(kind) && settings.guide {
            return;
        }
        let seen = settings
            .guide_seen
            .get(self.game)
            .is_some_and(|kinds| kinds.contains(kind));
        let explanation = self
            .learn
            .as_ref()
            .and_then(|l| l.decision(kind))
            .filter(|_| settings.guide && !seen);
        let Some(d) = explanation else {
            self.current.replace(None);
            self.widget.set_reveal_child(false);
            return;
        };
        self.title.set_label(&gettext(&d.title));
        self.text.set_label(&gettext(&d.text));
        self.widget.set_reveal_child(true);
        self.current.replace(Some(kind.to_owned()));
        let game = self.game.to_owned();
        let kind = kind.to_owned();
        super::update_settings(move |s| {
            s.guide_seen.entry(game).or_default().insert(kind);
        });
    }
}
