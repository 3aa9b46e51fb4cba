//! The Preferences window. Changes apply at once and are saved.

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use crate::i18n::gettext;
use crate::settings::ColorScheme;

pub fn show(parent: Option<&gtk::Window>) {
    let current = super::settings();
    let window = adw::PreferencesWindow::builder()
        .title(gettext("Preferences"))
        .search_enabled(false)
        .build();
    if let Some(p) = parent {
        window.set_transient_for(Some(p));
    }
    let page = adw::PreferencesPage::new();

    let play = adw::PreferencesGroup::builder()
        .title(crate::i18n::pgettext("preferences about playing", "Play"))
        .build();
    play.add(&switch_row(
        &gettext("Casual undo"),
        &gettext("Let undo step back over card draws, die rolls and revealed units"),
        current.casual_undo,
        |s, on| s.casual_undo = on,
    ));
    play.add(&switch_row(
        &gettext("Show the odds"),
        &gettext("Before a risky decision, show the chance of each outcome"),
        current.show_odds,
        |s, on| s.show_odds = on,
    ));
    play.add(&switch_row(
        &gettext("Roll your own dice"),
        &gettext("New games ask for the face of each die the rules roll; cards and counters stay with Tonkin"),
        current.own_dice,
        |s, on| s.own_dice = on,
    ));
    play.add(&switch_row(
        &gettext("Save after every action"),
        &gettext("A game can then be continued from the launcher"),
        current.autosave,
        |s, on| s.autosave = on,
    ));
    play.add(&switch_row(
        &gettext("Guided first game"),
        &gettext("Explain each kind of decision the first time it comes up"),
        current.guide,
        |s, on| s.guide = on,
    ));
    page.add(&play);

    let look = adw::PreferencesGroup::builder()
        .title(gettext("Appearance"))
        .build();
    let schemes = [ColorScheme::System, ColorScheme::Light, ColorScheme::Dark];
    let names = [
        gettext("Follow the system"),
        gettext("Light"),
        gettext("Dark"),
    ];
    let model = gtk::StringList::new(&names.iter().map(String::as_str).collect::<Vec<_>>());
    let combo = adw::ComboRow::builder()
        .title(gettext("Style"))
        .model(&model)
        .selected(
            schemes
                .iter()
                .position(|s| *s == current.color_scheme)
                .unwrap_or(0) as u32,
        )
        .build();
    combo.connect_selected_notify(move |row| {
        let scheme = schemes[(row.selected() as usize).min(schemes.len() - 1)];
        super::update_settings(|s| s.color_scheme = scheme);
    });
    look.add(&combo);
    page.add(&look);

    window.add(&page);
    window.present();
}

fn switch_row(
    title: &str,
    subtitle: &str,
    active: bool,
    set: fn(&mut crate::settings::Settings, bool),
) -> adw::ActionRow {
    let switch = gtk::Switch::builder()
        .active(active)
        .valign(gtk::Align::Center)
        .build();
    let row = adw::ActionRow::builder()
        .title(title)
        .subtitle(subtitle)
        .activatable_widget(&switch)
        .build();
    row.add_suffix(&switch);
    switch.connect_active_notify(move |sw| {
        let on = sw.is_active();
        super::update_settings(|s| set(s, on));
    });
    row
}
