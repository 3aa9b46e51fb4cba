//! The built-in rules reference: sections by number on the left, the text on the right.

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use crate::engine::content::Source;
use crate::engine::reference::{self, RuleSection};
use crate::i18n::gettext;

/// A rules window that can be asked to show a section.
#[derive(Clone)]
pub struct RulesWindow {
    title: String,
    sections: std::rc::Rc<Vec<RuleSection>>,
    /// The window and its list of sections while it is open: it is built when shown and
    /// destroyed when closed, never kept hidden. GTK 4.8 answers a screen reader that asks
    /// for a window past the shown ones with the last window it has, and a hidden one has no
    /// place on the bus: tonkin crashed (a NULL object path in the accessibility root).
    open: std::rc::Rc<std::cell::RefCell<Option<(adw::Window, gtk::ListBox)>>>,
}

impl RulesWindow {
    pub fn new(game_title: &str, sections: Vec<RuleSection>) -> Self {
        RulesWindow {
            title: format!("{} — {}", gettext("Rules Reference"), game_title),
            sections: std::rc::Rc::new(sections),
            open: Default::default(),
        }
    }

    fn build(&self) -> (adw::Window, gtk::ListBox) {
        let window = adw::Window::builder()
            .title(&self.title)
            .default_width(super::fitting_size(900, 640).0)
            .default_height(super::fitting_size(900, 640).1)
            .destroy_with_parent(true)
            .build();
        let open = self.open.clone();
        window.connect_destroy(move |_| drop(open.borrow_mut().take()));
        let header = adw::HeaderBar::new();
        let list = gtk::ListBox::builder()
            .selection_mode(gtk::SelectionMode::Single)
            .css_classes(["navigation-sidebar"])
            .build();
        for s in self.sections.iter() {
            let label = gtk::Label::builder()
                .label(format!("{}  {}", s.number, gettext(&s.title)))
                .xalign(0.0)
                .wrap(true)
                .build();
            list.append(&label);
        }
        let text = gtk::Label::builder()
            .wrap(true)
            .xalign(0.0)
            .yalign(0.0)
            .selectable(true)
            .margin_top(18)
            .margin_bottom(18)
            .margin_start(24)
            .margin_end(24)
            .build();
        let shown = self.sections.clone();
        let text_ = text.clone();
        list.connect_row_selected(move |_, row| {
            if let Some(s) = row.and_then(|r| shown.get(r.index() as usize)) {
                let origin = match s.source {
                    Source::Rulebook => gettext("From the rulebook, in our words."),
                    Source::Recon => gettext("Reconstructed: the rulebook leaves this out."),
                };
                text_.set_markup(&format!(
                    "<span size=\"x-large\" weight=\"bold\">{} {}</span>\n<span style=\"italic\" alpha=\"70%\">{}</span>\n\n{}",
                    gtk::glib::markup_escape_text(&s.number),
                    gtk::glib::markup_escape_text(&gettext(&s.title)),
                    gtk::glib::markup_escape_text(&origin),
                    gtk::glib::markup_escape_text(&gettext(&s.text)),
                ));
            }
        });
        let side = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .min_content_width(260)
            .child(&list)
            .build();
        let body = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .hexpand(true)
            .child(&text)
            .build();
        let paned = gtk::Paned::builder()
            .orientation(gtk::Orientation::Horizontal)
            .start_child(&side)
            .end_child(&body)
            .position(300)
            .vexpand(true)
            .build();
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&header);
        content.append(&paned);
        window.set_content(Some(&content));
        (window, list)
    }

    /// Shows the window at the section a reference such as `4.3.3 C` points to.
    pub fn show(&self, parent: &impl IsA<gtk::Window>, reference_text: Option<&str>) {
        let built = self.open.borrow().clone();
        let (window, list) = built.unwrap_or_else(|| self.build());
        *self.open.borrow_mut() = Some((window.clone(), list.clone()));
        window.set_transient_for(Some(parent));
        let index = reference_text
            .and_then(|r| reference::find(&self.sections, r))
            .and_then(|s| self.sections.iter().position(|x| std::ptr::eq(x, s)))
            .unwrap_or(0);
        if let Some(row) = list.row_at_index(index as i32) {
            list.select_row(Some(&row));
            row.grab_focus();
        }
        window.present();
    }
}
