//! A decision taken as one form (the Skyhawk's Ordnance Card): one drop-down per field, the
//! game's facts about the values and, while the values may not be submitted, the game's reason.
//! The dialog decides nothing: every change asks the session to check the values.

use std::cell::RefCell;
use std::rc::Rc;

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use crate::engine::play::FormView;
use crate::games::PlaySession;
use crate::i18n::gettext;

/// Opens the form over `parent`; `on_submit` receives the chosen option of each field.
pub fn show(
    parent: &impl IsA<gtk::Window>,
    session: Rc<RefCell<Box<dyn PlaySession>>>,
    form: FormView,
    on_rule: impl Fn(String) + 'static,
    on_submit: impl Fn(Vec<usize>) + 'static,
) {
    let window = adw::Window::builder()
        .transient_for(parent)
        .modal(true)
        .title(form.title.render())
        .default_width(560)
        .build();
    let header = adw::HeaderBar::builder()
        .show_end_title_buttons(false)
        .build();
    let cancel = gtk::Button::with_mnemonic(&gettext("_Cancel"));
    let submit_label = form.submit.render();
    let submit = gtk::Button::builder()
        .label(&submit_label)
        .css_classes(["suggested-action"])
        .build();
    header.pack_start(&cancel);
    header.pack_end(&submit);

    let rows: Vec<adw::ComboRow> = form
        .fields
        .iter()
        .map(|field| {
            let labels: Vec<String> = field.options.iter().map(|o| o.render()).collect();
            let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
            adw::ComboRow::builder()
                .title(field.label.render())
                .model(&gtk::StringList::new(&labels))
                .selected(field.selected as u32)
                .build()
        })
        .collect();
    let fields = adw::PreferencesGroup::builder()
        // Pango markup: "Railroad & Highway Bridge" must be escaped.
        .description(gtk::glib::markup_escape_text(&form.description.render()).as_str())
        .build();
    let rule = super::prompt_bar::rule_link(on_rule);
    rule.set_label(&form.rule);
    fields.set_header_suffix(Some(&rule));
    for row in &rows {
        fields.add(row);
    }
    let facts = gtk::Label::builder().xalign(0.0).wrap(true).build();
    let verdict_icon = gtk::Image::new();
    let verdict = gtk::Label::builder()
        .xalign(0.0)
        .wrap(true)
        .hexpand(true)
        .build();
    let verdict_line = gtk::Box::new(gtk::Orientation::Horizontal, 8);
    verdict_line.append(&verdict_icon);
    verdict_line.append(&verdict);
    let body = gtk::Box::builder()
        .orientation(gtk::Orientation::Vertical)
        .spacing(12)
        .margin_top(12)
        .margin_bottom(18)
        .margin_start(18)
        .margin_end(18)
        .build();
    body.append(&fields);
    body.append(&facts);
    body.append(&verdict_line);
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&header);
    // A long form scrolls rather than grow past the screen.
    content.append(
        &gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .propagate_natural_height(true)
            .vexpand(true)
            .child(&body)
            .build(),
    );
    window.set_content(Some(&content));

    let values = {
        let rows = rows.clone();
        move || -> Vec<usize> { rows.iter().map(|r| r.selected() as usize).collect() }
    };
    let recheck = {
        let values = values.clone();
        let submit = submit.clone();
        let verdict_line = verdict_line.clone();
        move || {
            let check = session.borrow().check_form(&values());
            let lines: Vec<String> = check.facts.iter().map(|f| f.render()).collect();
            facts.set_label(&lines.join("\n"));
            let ok = check.refusal.is_none();
            let text = match &check.refusal {
                Some(why) => why.render(),
                None => gettext("The rules accept these values."),
            };
            verdict.set_label(&text);
            verdict_icon.set_icon_name(Some(if ok {
                "emblem-ok-symbolic"
            } else {
                "dialog-warning-symbolic"
            }));
            let (was, now) = if ok {
                ("error", "success")
            } else {
                ("success", "error")
            };
            verdict_line.remove_css_class(was);
            verdict_line.add_css_class(now);
            submit.set_sensitive(ok);
            // Refused, the button says why; accepted, what it does.
            submit.set_tooltip_text(Some(&if ok {
                gettext("Take this decision with these values")
            } else {
                text.clone()
            }));
            // The reason reaches screen-reader users with the button it disables.
            crate::ui::set_accessible_label(&submit, &format!("{submit_label} — {text}"));
        }
    };
    let recheck = Rc::new(recheck);
    for row in &rows {
        let recheck = recheck.clone();
        row.connect_selected_notify(move |_| recheck());
    }
    recheck();
    let w = window.clone();
    cancel.connect_clicked(move |_| w.close());
    let w = window.clone();
    submit.connect_clicked(move |_| {
        w.close();
        on_submit(values());
    });
    window.present();
}
