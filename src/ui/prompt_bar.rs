//! The prompt bar: what is being decided, by which rule, and one button per legal action.

use std::cell::RefCell;
use std::rc::Rc;

use relm4::gtk;
use relm4::gtk::prelude::*;

use crate::games::PromptView;
use crate::i18n::gettext;

/// The most height the actions take before they scroll: three rows of buttons. The actions
/// are the decision itself, so they are sized before the odds and never scrolled out of sight
/// by them.
const MAX_ACTIONS_HEIGHT: i32 = 132;
/// The most height the odds take before they scroll: three lines of outcomes.
const MAX_ODDS_HEIGHT: i32 = 100;

pub struct PromptBar {
    pub widget: gtk::Box,
    text: gtk::Label,
    rule: gtk::LinkButton,
    /// One item per outcome: its chance, then what it is.
    odds: gtk::FlowBox,
    /// Opens the decision as a form, when the game offers one.
    form: gtk::Button,
    buttons: gtk::FlowBox,
    /// The actions' scroller: its top row is kept in sight when they change.
    actions: gtk::ScrolledWindow,
    /// An empty strip as wide as the bar: its size tells when to fit the choices again.
    ruler: gtk::DrawingArea,
    /// The ruler's last width: behind the hand-over curtain the bar has none, and shown
    /// again at the same width the ruler reports no change.
    width: Rc<std::cell::Cell<i32>>,
    fit: std::rc::Rc<dyn Fn(i32)>,
    /// The choice each of the buttons' children stands for (`usize::MAX`: none, a hint).
    shown: Rc<RefCell<Vec<usize>>>,
}

/// A rule reference ("5.4.1") as a link that opens the rules reference at that section.
pub fn rule_link(on_rule: impl Fn(String) + 'static) -> gtk::LinkButton {
    let rule = gtk::LinkButton::builder()
        .uri("rule:")
        .css_classes(["rule-ref"])
        .tooltip_text(gettext("Open this rule in the rules reference"))
        .build();
    rule.connect_activate_link(move |b| {
        on_rule(b.label().map(|l| l.to_string()).unwrap_or_default());
        gtk::glib::Propagation::Stop
    });
    rule
}

impl PromptBar {
    pub fn new(
        on_choose: impl Fn(usize) + 'static,
        on_rule: impl Fn(String) + 'static,
        on_form: impl Fn() + 'static,
    ) -> Self {
        let widget = gtk::Box::new(gtk::Orientation::Vertical, 6);
        widget.add_css_class("prompt-bar");
        // The board takes the height the bar does not need.
        widget.set_vexpand(false);
        let line = gtk::Box::new(gtk::Orientation::Horizontal, 8);
        let text = gtk::Label::builder()
            .wrap(true)
            .max_width_chars(60)
            .xalign(0.0)
            .hexpand(true)
            .css_classes(["heading"])
            .build();
        let rule = rule_link(on_rule);
        let form = gtk::Button::builder()
            .css_classes(["suggested-action"])
            .valign(gtk::Align::Center)
            .visible(false)
            .build();
        form.connect_clicked(move |_| on_form());
        line.append(&text);
        line.append(&form);
        line.append(&rule);
        // Outcomes side by side in columns, as many as the width allows.
        let odds = gtk::FlowBox::builder()
            .selection_mode(gtk::SelectionMode::None)
            // Three columns even when narrow: one column would make the bar's least height
            // (and so the window's) that of every outcome stacked.
            .min_children_per_line(3)
            .max_children_per_line(3)
            .row_spacing(2)
            .column_spacing(18)
            .homogeneous(true)
            .visible(false)
            .css_classes(["odds"])
            .build();
        let buttons = gtk::FlowBox::builder()
            .selection_mode(gtk::SelectionMode::None)
            .min_children_per_line(1)
            .max_children_per_line(12)
            .row_spacing(6)
            .column_spacing(6)
            .homogeneous(false)
            .valign(gtk::Align::Start)
            .build();
        // Screen readers announce the group of legal actions by this name (else "GtkFlowBox").
        // Translators: the name a screen reader gives the row of buttons, one per legal action.
        super::set_accessible_label(&buttons, &gettext("Actions"));
        let on_choose = std::rc::Rc::new(on_choose);
        let shown: Rc<RefCell<Vec<usize>>> = Rc::default();
        buttons.connect_child_activated({
            let shown = shown.clone();
            move |_, child| {
                let index = shown.borrow().get(child.index() as usize).copied();
                if let Some(i) = index {
                    on_choose(i);
                }
            }
        });
        widget.append(&line);
        // The odds and the actions scroll, each in its own scroller, when they are many, so
        // that the bar never pushes the window past the screen; the question above them stays
        // in sight, and so do the actions: a long list of odds cannot push them away.
        let scroller = |child: &gtk::FlowBox| {
            gtk::ScrolledWindow::builder()
                .hscrollbar_policy(gtk::PolicyType::Never)
                .child(child)
                .build()
        };
        let odds_scroller = scroller(&odds);
        let actions = scroller(&buttons);
        widget.append(&odds_scroller);
        widget.append(&actions);
        // A scroller asks for its child's height at the child's narrowest (one button a
        // line), so its height is set here from the height its child takes at the bar's
        // real width, which this empty strip reports whenever it changes.
        let ruler = gtk::DrawingArea::builder().hexpand(true).build();
        widget.append(&ruler);
        let fit = {
            let odds = odds.clone();
            let buttons = buttons.clone();
            let actions = actions.clone();
            move |width: i32| {
                if width <= 0 {
                    return;
                }
                let fit = |child: &gtk::FlowBox, scroller: &gtk::ScrolledWindow, most: i32| {
                    let natural = if child.is_visible() {
                        child.measure(gtk::Orientation::Vertical, width).1
                    } else {
                        0
                    };
                    scroller.set_visible(natural > 0);
                    scroller.set_min_content_height(natural.min(most));
                    // GTK 4.8's flow box can measure fewer lines than it then lays out (the
                    // lines overflow its height, out of sight): once drawn, where its last
                    // child ends is the height to show.
                    let (child, scroller) = (child.clone(), scroller.clone());
                    after_next_frame(&scroller.clone(), move || {
                        let taken = laid_out_height(&child).min(most);
                        if child.is_visible() && taken > scroller.min_content_height() {
                            scroller.set_min_content_height(taken);
                        }
                    });
                };
                fit(&odds, &odds_scroller, MAX_ODDS_HEIGHT);
                fit(&buttons, &actions, MAX_ACTIONS_HEIGHT);
            }
        };
        let fit = std::rc::Rc::new(fit);
        let f = fit.clone();
        // Not during the allocation that reports the width: a size set then is not laid out.
        let last_width: Rc<std::cell::Cell<i32>> = Rc::default();
        let w = last_width.clone();
        ruler.connect_resize(move |_, width, _| {
            w.set(width);
            let f = f.clone();
            gtk::glib::idle_add_local_once(move || f(width));
        });
        PromptBar {
            widget,
            text,
            rule,
            odds,
            form,
            buttons,
            actions,
            ruler,
            width: last_width,
            fit,
            shown,
        }
    }

    /// Sizes the scroller of the odds and actions to what they take now.
    fn fit_choices(&self) {
        let fit = self.fit.clone();
        let ruler = self.ruler.clone();
        let last = self.width.clone();
        // After the new buttons are in: measure them on the next idle, at the width the bar
        // has (or had, while it is hidden).
        gtk::glib::idle_add_local_once(move || {
            let width = ruler.width();
            fit(if width > 0 { width } else { last.get() })
        });
    }

    /// Shows the button that opens the decision as a form titled `title` (or hides it).
    pub fn show_form(&self, title: Option<String>) {
        self.form.set_visible(title.is_some());
        if let Some(title) = title {
            // TRANSLATORS: a button opening a form, e.g. "Ordnance Card…".
            self.form
                .set_label(&gettext("{form}…").replace("{form}", &title));
            // Translators: the tooltip of the button that opens a form, e.g. "Ordnance Card".
            let tip = gettext(
                "{form}: this decision is made by filling it in; the rules check each value as you choose it",
            )
                .replace("{form}", &title);
            self.form.set_tooltip_text(Some(&tip));
        }
    }

    /// Shows that the computer is deciding: `text` beside a spinner, and no action to take.
    pub fn show_thinking(&self, text: &str) {
        self.text.set_label(text);
        self.rule.set_visible(false);
        self.form.set_visible(false);
        clear(&self.buttons);
        let mut shown = self.shown.borrow_mut();
        shown.clear();
        shown.push(usize::MAX);
        let spinner = gtk::Spinner::builder()
            .spinning(true)
            .halign(gtk::Align::Start)
            .build();
        super::set_accessible_label(&spinner, text);
        self.buttons.insert(&spinner, -1);
        drop(shown);
        self.fit_choices();
    }

    /// Shows a prompt; `headline` replaces the prompt's text (game over); `risks` lists, for
    /// each choice, what it risks (shown in its tooltip).
    pub fn show(&self, prompt: &PromptView, headline: Option<&str>, risks: &[Vec<String>]) {
        self.text.set_label(
            &headline
                .map(str::to_owned)
                .unwrap_or_else(|| prompt.text.render()),
        );
        self.rule.set_label(&prompt.rule);
        self.rule.set_visible(!prompt.rule.is_empty());
        clear(&self.buttons);
        // A new decision is read from its first action.
        self.actions.vadjustment().set_value(0.0);
        // Dozens of hexes to pick from are clicked on the map, not read as buttons.
        let on_map = prompt.choices.iter().filter(|c| c.target.is_some()).count();
        let map_only = on_map > MAX_MAP_BUTTONS;
        let mut shown = self.shown.borrow_mut();
        shown.clear();
        if map_only {
            let hint = gtk::Label::builder()
                // TRANSLATORS: under a prompt whose many choices are places on the board.
                .label(gettext("Click a highlighted place on the board."))
                .css_classes(["dim-label"])
                .build();
            self.buttons.insert(&hint, -1);
            shown.push(usize::MAX);
        }
        for (i, choice) in prompt.choices.iter().enumerate() {
            if map_only && choice.target.is_some() {
                continue;
            }
            shown.push(i);
            let label = choice.label.render();
            let button = gtk::Button::builder().label(&label).build();
            // The tooltip names the action in full (a long label may be cut), its key, and
            // what it risks.
            let mut tip = if i < 9 {
                // Translators: a tooltip of an action button, e.g. "Draw a card (Alt+1)".
                gettext("{action} (Alt+{n})")
                    .replace("{action}", &label)
                    .replace("{n}", &(i + 1).to_string())
            } else {
                label.clone()
            };
            if let Some(list) = risks.get(i).filter(|l| !l.is_empty()) {
                tip.push('\n');
                // Translators: heads the chances of what can go wrong, in a choice's tooltip.
                tip.push_str(&gettext("Risks:"));
                for risk in list {
                    tip.push('\n');
                    tip.push_str(risk);
                }
            }
            button.set_tooltip_text(Some(&tip));
            let buttons = self.buttons.clone();
            button.connect_clicked(move |b| {
                if let Some(child) = b.parent().and_downcast::<gtk::FlowBoxChild>() {
                    buttons.emit_by_name::<()>("child-activated", &[&child]);
                }
            });
            self.buttons.insert(&button, -1);
        }
        self.fit_choices();
    }

    pub fn show_odds(&self, odds: Option<Vec<(String, String)>>) {
        clear(&self.odds);
        self.odds.set_visible(odds.is_some());
        for (chance, what) in odds.unwrap_or_default() {
            let item = gtk::Box::new(gtk::Orientation::Horizontal, 8);
            // The chance in a column of its own, right-aligned so that the figures line up.
            let chance = gtk::Label::builder()
                .label(chance)
                .width_chars(7)
                .xalign(1.0)
                .valign(gtk::Align::Start)
                .css_classes(["chance"])
                .build();
            // A wrapping label asks for the width of its whole text unless told otherwise: a
            // long outcome must wrap, not widen the window.
            let what = gtk::Label::builder()
                .label(what)
                .wrap(true)
                .max_width_chars(40)
                .xalign(0.0)
                .hexpand(true)
                .build();
            item.append(&chance);
            item.append(&what);
            self.odds.insert(&item, -1);
        }
        self.fit_choices();
    }
}

/// How far down a flow box's children reach, as laid out (not as measured).
fn laid_out_height(flow: &gtk::FlowBox) -> i32 {
    let mut bottom = flow.height();
    let mut child = flow.first_child();
    while let Some(c) = child {
        if c.is_visible()
            && let Some(b) = c.compute_bounds(flow)
        {
            bottom = bottom.max((b.y() + b.height()).ceil() as i32);
        }
        child = c.next_sibling();
    }
    bottom
}

/// Runs `f` once, after the next frame of `widget`'s window is drawn (laid out).
fn after_next_frame(widget: &impl IsA<gtk::Widget>, f: impl FnOnce() + 'static) {
    let Some(clock) = widget.frame_clock() else {
        return;
    };
    let handler: Rc<RefCell<Option<gtk::glib::SignalHandlerId>>> = Rc::default();
    let f = RefCell::new(Some(f));
    let h = handler.clone();
    let id = clock.connect_after_paint(move |clock| {
        if let Some(f) = f.borrow_mut().take() {
            f();
        }
        if let Some(id) = h.borrow_mut().take() {
            clock.disconnect(id);
        }
    });
    handler.replace(Some(id));
    widget.queue_draw();
}

/// More choices on the board than this are offered there only (with their buttons left out).
const MAX_MAP_BUTTONS: usize = 24;

fn clear(flow: &gtk::FlowBox) {
    while let Some(child) = flow.first_child() {
        flow.remove(&child);
    }
}
