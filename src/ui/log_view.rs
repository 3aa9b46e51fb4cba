//! The log pane: one row per entry, its rule reference a link into the rules reference.

use relm4::gtk;
use relm4::gtk::prelude::*;

use crate::engine::log::LogEntry;

/// A log pane that appends new entries and rebuilds when entries were taken back (undo).
pub struct LogView {
    pub widget: gtk::ScrolledWindow,
    list: gtk::ListBox,
    shown: usize,
    on_rule: std::rc::Rc<dyn Fn(String)>,
}

impl LogView {
    pub fn new(on_rule: impl Fn(String) + 'static) -> Self {
        let list = gtk::ListBox::builder()
            .selection_mode(gtk::SelectionMode::None)
            .css_classes(["log"])
            .build();
        let widget = gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .vexpand(true)
            .min_content_height(96)
            .child(&list)
            .build();
        LogView {
            widget,
            list,
            shown: 0,
            on_rule: std::rc::Rc::new(on_rule),
        }
    }

    pub fn show(&mut self, entries: &[LogEntry]) {
        if entries.len() < self.shown {
            self.clear();
        }
        for entry in &entries[self.shown..] {
            self.list.append(&self.row(entry));
        }
        if entries.len() != self.shown {
            self.shown = entries.len();
            let adj = self.widget.vadjustment();
            gtk::glib::idle_add_local_once(move || adj.set_value(adj.upper()));
        }
    }

    /// Takes every entry down (the screen changes hands: the next seat's log is built anew).
    pub fn clear(&mut self) {
        while let Some(child) = self.list.first_child() {
            self.list.remove(&child);
        }
        self.shown = 0;
    }

    fn row(&self, entry: &LogEntry) -> gtk::Widget {
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        row.set_margin_top(2);
        row.set_margin_bottom(2);
        let rule = gtk::LinkButton::builder()
            .label(&*entry.rule)
            .uri("rule:")
            .valign(gtk::Align::Start)
            .css_classes(["rule-ref"])
            .tooltip_text(crate::i18n::gettext(
                "Open this rule in the rules reference",
            ))
            .build();
        let on_rule = self.on_rule.clone();
        let reference = entry.rule.to_string();
        rule.connect_activate_link(move |_| {
            on_rule(reference.clone());
            gtk::glib::Propagation::Stop
        });
        let escape = |s: &str| gtk::glib::markup_escape_text(s).to_string();
        let mut markup = escape(&entry.message.render());
        if !entry.random.is_empty() {
            let parts: Vec<String> = entry.random.iter().map(|r| r.message().render()).collect();
            markup.push_str(&format!("\n<small>{}</small>", escape(&parts.join(" · "))));
        }
        let label = gtk::Label::builder()
            .wrap(true)
            .xalign(0.0)
            .hexpand(true)
            .selectable(true)
            .build();
        label.set_markup(&markup);
        row.append(&rule);
        row.append(&label);
        row.upcast()
    }
}
