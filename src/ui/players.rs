//! Who plays each seat of a game the computer can play: a person, or the computer at one of
//! the game's levels. The same rows in the new-game dialog and in a game's Players dialog.

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use crate::engine::play::ComputerLevel;
use crate::games::PlaySession;
use crate::i18n::gettext;

/// One row per seat, each a choice among a person and the computer's levels.
pub struct PlayerRows {
    pub list: gtk::ListBox,
    rows: Vec<adw::ComboRow>,
    levels: Vec<&'static str>,
}

impl PlayerRows {
    /// Rows for the seats of `session`, showing who plays each now (`current`).
    pub fn new(session: &dyn PlaySession, current: &[Option<String>]) -> PlayerRows {
        let levels = session.computer_levels();
        let mut labels = vec![gettext("A person")];
        labels.extend(levels.iter().map(|l| {
            // Translators: who plays a seat, e.g. "The computer — Normal".
            gettext("The computer — {level}").replace("{level}", &l.title.render())
        }));
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        let list = gtk::ListBox::builder()
            .selection_mode(gtk::SelectionMode::None)
            .css_classes(["boxed-list"])
            .build();
        let rows = (0..session.seats())
            .map(|seat| {
                let name = session
                    .seat_name(seat)
                    .map(|m| m.render())
                    .unwrap_or_else(|| {
                        gettext("Player {n}").replace("{n}", &(u32::from(seat) + 1).to_string())
                    });
                let chosen = current.get(usize::from(seat)).cloned().flatten();
                let selected = chosen
                    .and_then(|c| levels.iter().position(|l| l.id == c))
                    .map_or(0, |i| i + 1);
                let row = adw::ComboRow::builder()
                    .title(capitalised(&name))
                    .model(&gtk::StringList::new(&labels))
                    .factory(&whole_labels())
                    .selected(selected as u32)
                    .build();
                let summaries: Vec<String> = levels.iter().map(|l| l.summary.render()).collect();
                let describe = move |row: &adw::ComboRow| {
                    let i = row.selected() as usize;
                    let text = match i.checked_sub(1).and_then(|i| summaries.get(i)) {
                        Some(summary) => summary.clone(),
                        None => gettext("Takes this side's turns at this screen"),
                    };
                    row.set_subtitle(&text);
                };
                describe(&row);
                row.connect_selected_notify(describe);
                list.append(&row);
                row
            })
            .collect();
        PlayerRows {
            list,
            rows,
            levels: levels.iter().map(|l| l.id).collect(),
        }
    }

    /// The level of the computer chosen for each seat, `None` for a person.
    pub fn chosen(&self) -> Vec<Option<String>> {
        self.rows
            .iter()
            .map(|row| {
                let i = row.selected() as usize;
                i.checked_sub(1)
                    .and_then(|i| self.levels.get(i))
                    .map(|id| (*id).to_owned())
            })
            .collect()
    }
}

/// Shows each choice in full: the row's default factory ellipsizes the chosen one, and a long
/// description beside it cut "The computer — Normal" down to "The Co…" in German.
fn whole_labels() -> gtk::SignalListItemFactory {
    let factory = gtk::SignalListItemFactory::new();
    factory.connect_setup(|_, item| {
        if let Some(item) = item.downcast_ref::<gtk::ListItem>() {
            item.set_child(Some(&gtk::Label::builder().xalign(0.0).build()));
        }
    });
    factory.connect_bind(|_, item| {
        let Some(item) = item.downcast_ref::<gtk::ListItem>() else {
            return;
        };
        let text = item
            .item()
            .and_downcast::<gtk::StringObject>()
            .map(|s| s.string());
        if let (Some(label), Some(text)) = (item.child().and_downcast::<gtk::Label>(), text) {
            label.set_label(&text);
        }
    });
    factory
}

/// Who plays a new game by default: a person the first seat, the computer the others, at the
/// middle level ("normal" where there is one).
pub fn default_players(seats: u8, levels: &[ComputerLevel]) -> Vec<Option<String>> {
    let level = levels
        .iter()
        .find(|l| l.id == "normal")
        .or(levels.first())
        .map(|l| l.id.to_owned());
    (0..seats)
        .map(|seat| if seat == 0 { None } else { level.clone() })
        .collect()
}

/// A seat's name at the start of a line ("the US player" → "The US player").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
