//! The built-in rules reference: sections by number on the left, the text on the right. Its
//! frame, a [`SidebarWindow`], also holds How to Play (`help.rs`).

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::content::Source;
use crate::engine::reference::{self, RuleSection};
use crate::i18n::gettext;

/// One line of a sidebar; `group` starts a titled group of lines with it.
pub struct Entry {
    pub group: Option<String>,
    pub label: String,
}

/// A window with a list on the left and the chosen entry's page on the right, built when it
/// is chosen.
#[derive(Clone)]
pub struct SidebarWindow {
    title: String,
    entries: Rc<Vec<Entry>>,
    page: Rc<dyn Fn(usize) -> gtk::Widget>,
    /// The window and its list while it is open: it is built when shown and destroyed when
    /// closed, never kept hidden. GTK 4.8 answers a screen reader that asks for a window past
    /// the shown ones with the last window it has, and a hidden one has no place on the bus:
    /// tonkin crashed (a NULL object path in the accessibility root).
    open: Rc<RefCell<Option<(adw::Window, gtk::ListBox)>>>,
}

impl SidebarWindow {
    pub fn new(title: &str, entries: Vec<Entry>, page: Box<dyn Fn(usize) -> gtk::Widget>) -> Self {
        SidebarWindow {
            title: title.to_owned(),
            entries: Rc::new(entries),
            page: Rc::from(page),
            open: Default::default(),
        }
    }

    fn build(&self) -> (adw::Window, gtk::ListBox) {
        let (width, height) = super::fitting_size(960, 700);
        let window = adw::Window::builder()
            .title(&self.title)
            .default_width(width)
            .default_height(height)
            .destroy_with_parent(true)
            .build();
        let open = self.open.clone();
        window.connect_destroy(move |_| drop(open.borrow_mut().take()));
        let header = adw::HeaderBar::new();
        let list = gtk::ListBox::builder()
            .selection_mode(gtk::SelectionMode::Single)
            .css_classes(["navigation-sidebar"])
            .build();
        for e in self.entries.iter() {
            let label = gtk::Label::builder()
                .label(&e.label)
                .xalign(0.0)
                .wrap(true)
                .build();
            list.append(&label);
        }
        let entries = self.entries.clone();
        list.set_header_func(move |row, _| {
            let group = entries
                .get(row.index() as usize)
                .and_then(|e| e.group.clone());
            row.set_header(
                group
                    .map(|g| {
                        gtk::Label::builder()
                            .label(g)
                            .xalign(0.0)
                            .wrap(true)
                            .css_classes(["heading"])
                            .margin_top(12)
                            .margin_bottom(6)
                            .margin_start(12)
                            .build()
                    })
                    .as_ref(),
            );
        });
        let body = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .hexpand(true)
            .build();
        let body_ = body.clone();
        let page = self.page.clone();
        list.connect_row_selected(move |_, row| {
            if let Some(row) = row {
                body_.set_child(Some(&page(row.index() as usize)));
                body_.vadjustment().set_value(0.0);
            }
        });
        let side = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .min_content_width(260)
            .child(&list)
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

    /// Shows the window at entry `index`, over `parent`.
    pub fn show(&self, parent: Option<&gtk::Window>, index: usize) {
        let built = self.open.borrow().clone();
        let (window, list) = built.unwrap_or_else(|| self.build());
        *self.open.borrow_mut() = Some((window.clone(), list.clone()));
        window.set_transient_for(parent);
        if let Some(row) = list.row_at_index(index as i32) {
            list.select_row(Some(&row));
            row.grab_focus();
        }
        window.present();
    }
}

/// A rules window that can be asked to show a section.
#[derive(Clone)]
pub struct RulesWindow {
    frame: SidebarWindow,
    sections: Rc<Vec<RuleSection>>,
}

impl RulesWindow {
    pub fn new(game_title: &str, sections: Vec<RuleSection>) -> Self {
        let entries = sections
            .iter()
            .map(|s| Entry {
                group: None,
                label: format!("{}  {}", s.number, gettext(&s.title)),
            })
            .collect();
        let sections = Rc::new(sections);
        let shown = sections.clone();
        let frame = SidebarWindow::new(
            &format!("{} — {}", gettext("Rules Reference"), game_title),
            entries,
            Box::new(move |i| section_page(&shown[i])),
        );
        RulesWindow { frame, sections }
    }

    /// Shows the window at the section a reference such as `4.3.3 C` points to.
    pub fn show(&self, parent: &impl IsA<gtk::Window>, reference_text: Option<&str>) {
        let index = reference_text
            .and_then(|r| reference::find(&self.sections, r))
            .and_then(|s| self.sections.iter().position(|x| std::ptr::eq(x, s)))
            .unwrap_or(0);
        self.frame.show(Some(parent.as_ref()), index);
    }
}

fn section_page(s: &RuleSection) -> gtk::Widget {
    let origin = match s.source {
        Source::Rulebook => gettext("From the rulebook, in our words."),
        Source::Recon => gettext("Reconstructed: the rulebook leaves this out."),
    };
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
    text.set_markup(&format!(
        "<span size=\"x-large\" weight=\"bold\">{} {}</span>\n<span style=\"italic\" alpha=\"70%\">{}</span>\n\n{}",
        gtk::glib::markup_escape_text(&s.number),
        gtk::glib::markup_escape_text(&gettext(&s.title)),
        gtk::glib::markup_escape_text(&origin),
        gtk::glib::markup_escape_text(&gettext(&s.text)),
    ));
    text.upcast()
}
