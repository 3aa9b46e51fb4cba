//! The line-of-sight tool of a board that has one ([`crate::art::Board::offers_sight`]): a
//! toggle in the header bar, and a banner over the board saying what to do and what the line
//! meets. While it is on, a click on the map picks the hex to look from, the line follows the
//! pointer from there, and a second click holds it; a third click starts again. It takes no
//! action in the game, so it may be used while the computer thinks.

use relm4::gtk;
use relm4::gtk::prelude::*;

use crate::engine::message::Message;
use crate::i18n::gettext;

/// Where the tool is: off, waiting for the hex to look from, following the pointer from it,
/// or holding a line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SightTool {
    on: bool,
    from: Option<String>,
    to: Option<String>,
    held: bool,
}

impl SightTool {
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Switches the tool on or off; either way it starts afresh.
    pub fn set_on(&mut self, on: bool) {
        *self = SightTool {
            on,
            ..SightTool::default()
        };
    }

    /// A click on a place of the map (`None`: off the map): the first picks the hex to look
    /// from, the second holds the line, the next starts again from its hex.
    pub fn click(&mut self, place: Option<String>) {
        let Some(place) = place.filter(|_| self.on) else {
            return;
        };
        if self.from.is_none() || self.held {
            self.to = Some(place.clone());
            self.from = Some(place);
            self.held = false;
        } else {
            self.to = Some(place);
            self.held = true;
        }
    }

    /// The pointer over a place of the map: the line follows it until it is held. Whether
    /// the line changed.
    pub fn hover(&mut self, place: Option<String>) -> bool {
        if !self.on || self.from.is_none() || self.held || place.is_none() || self.to == place {
            return false;
        }
        self.to = place;
        true
    }

    /// The line to draw: from the hex looked from to the one looked at.
    pub fn line(&self) -> Option<(String, String)> {
        Some((self.from.clone()?, self.to.clone()?))
    }

    /// What the banner says: how to use the tool, or the board's `verdict` on the line.
    pub fn banner_text(&self, verdict: Option<Message>) -> String {
        match (&self.from, verdict) {
            (None, _) => gettext(
                "Line of sight: click the hex to look from, then point at another. Esc ends it.",
            ),
            (Some(_), Some(verdict)) if self.held => {
                // Translators: after the line of sight's verdict, when the line is held.
                gettext("{verdict} — click to look from another hex")
                    .replace("{verdict}", &verdict.render())
            }
            (Some(_), Some(verdict)) => verdict.render(),
            (Some(from), None) => {
                gettext("Line of sight from {from}: point at another hex").replace("{from}", from)
            }
        }
    }
}

/// The header bar's switch for the tool (hidden until the board offers it).
pub fn toggle_button(on_toggle: impl Fn(bool) + 'static) -> gtk::ToggleButton {
    let button = gtk::ToggleButton::builder()
        .icon_name("find-location-symbolic")
        .tooltip_text(gettext(
            "Line of sight: which hexes a hex sees, and what blocks the line (Ctrl+L)",
        ))
        .visible(false)
        .build();
    super::set_accessible_label(&button, &gettext("Line of sight"));
    button.connect_toggled(move |b| on_toggle(b.is_active()));
    button
}

/// The banner over the board's top edge, shown while the tool is on.
pub fn banner() -> gtk::Label {
    gtk::Label::builder()
        .css_classes(["osd"])
        .halign(gtk::Align::Center)
        .valign(gtk::Align::Start)
        .margin_top(8)
        .margin_start(8)
        .margin_end(8)
        .wrap(true)
        .max_width_chars(80)
        .visible(false)
        .can_target(false)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(s: &str) -> Option<String> {
        Some(s.to_owned())
    }

    #[test]
    fn the_line_follows_the_pointer_until_a_second_click_holds_it() {
        let mut tool = SightTool::default();
        tool.click(place("1010"));
        assert_eq!(
            tool.line(),
            None,
            "a click does nothing while the tool is off"
        );
        tool.set_on(true);
        assert!(!tool.hover(place("1012")), "no line before the first click");
        tool.click(place("1010"));
        assert_eq!(tool.line(), Some(("1010".into(), "1010".into())));
        assert!(tool.hover(place("1014")));
        assert!(!tool.hover(place("1014")), "the same place changes nothing");
        assert!(!tool.hover(None), "off the map the line stays");
        tool.click(place("1015"));
        assert_eq!(tool.line(), Some(("1010".into(), "1015".into())));
        assert!(!tool.hover(place("1020")), "a held line stays");
        tool.click(place("2020"));
        assert_eq!(tool.line(), Some(("2020".into(), "2020".into())));
        tool.set_on(false);
        assert_eq!(tool.line(), None);
    }
}
