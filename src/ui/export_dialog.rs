//! The Export dialog: choose components, paper, duplex, bleed and format, leaf through the pages,
//! then export to files or print through GTK's print dialog — both drawn by `crate::export`,
//! the same code as `tonkin export`.

use std::cell::RefCell;
use std::rc::Rc;

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use crate::export::component::{Kind, Kit};
use crate::export::job::{self, Options};
use crate::export::layout::{Duplex, Page, Settings};
use crate::export::output::{Document, Format, PT_PER_MM};
use crate::export::paper::{Orientation, PaperSize};
use crate::games::kit_for;
use crate::i18n::gettext;

/// A game whose record sheets can be printed filled in.
pub type GameSource = Rc<RefCell<Box<dyn crate::games::PlaySession>>>;

/// The game to fill the record sheets from, and the seat whose side the window shows: a game
/// with hidden information fills in that seat's own secrets (the NLF's Secret Sheet) and
/// never the other side's.
#[derive(Clone)]
pub struct FilledFrom {
    pub session: GameSource,
    pub seat: u8,
}

impl FilledFrom {
    fn kit(&self) -> Option<Kit> {
        self.session.borrow().filled_kit_for(self.seat)
    }
}

struct State {
    game: String,
    /// Fill the record sheets from this game instead of printing them blank.
    filled_from: Option<FilledFrom>,
    options: Options,
    kit: Option<Kit>,
    pages: Vec<Page>,
    /// The page the preview shows (from 0), kept within the plan.
    shown: usize,
    problem: Option<String>,
}

impl State {
    /// Rebuilds the kit and the page plan after a change.
    fn replan(&mut self) {
        self.problem = None;
        self.pages.clear();
        let filled = self.filled_from.as_ref().and_then(FilledFrom::kit);
        self.kit = match filled.map(Ok).unwrap_or_else(|| kit_for(&self.game)) {
            Ok(kit) => Some(kit.only(&self.options.kinds)),
            Err(e) => {
                self.problem = Some(e);
                None
            }
        };
        if let Some(kit) = &self.kit {
            match self
                .options
                .check()
                .and_then(|()| self.options.check_kit(kit))
            {
                Ok(()) => self.pages = self.options.pages(kit),
                Err(e) => self.problem = Some(e),
            }
        }
        self.shown = self.shown.min(self.pages.len().saturating_sub(1));
    }

    fn document(&self) -> Option<Document<'_>> {
        let kit = self.kit.as_ref()?;
        (!self.pages.is_empty()).then_some(Document {
            kit,
            pages: &self.pages,
            margin: self.options.settings.margin,
        })
    }
}

/// Opens the dialog, for one game (from its window, which offers its filled record sheets) or
/// for any game with a kit (launcher).
pub fn show(parent: Option<&gtk::Window>, game: Option<&str>, session: Option<FilledFrom>) {
    // A game whose kit cannot be built is named with its reason when it is chosen.
    let games: Vec<(String, String)> = crate::games::ALL
        .iter()
        .filter(|g| g.kit.is_some())
        .map(|g| (g.id.to_owned(), g.title.to_owned()))
        .collect();
    let Some(first) = game
        .map(str::to_owned)
        .or_else(|| games.first().map(|g| g.0.clone()))
    else {
        super::dialogs::error_dialog(
            parent,
            &gettext("Nothing to print yet"),
            &gettext("No game has printable components in this version."),
        );
        return;
    };
    let state = Rc::new(RefCell::new(State {
        game: first.clone(),
        filled_from: session.clone(),
        options: Options {
            settings: Settings::default(),
            kinds: Vec::new(),
            format: Format::Pdf,
            dpi: 300,
            alignment: false,
            out: std::path::PathBuf::new(),
        },
        kit: None,
        pages: Vec::new(),
        shown: 0,
        problem: None,
    }));
    state.borrow_mut().replan();

    let window = adw::Window::builder()
        .title(gettext("Print and Play"))
        .default_width(super::fitting_size(1000, 720).0)
        .default_height(super::fitting_size(1000, 720).1)
        .modal(true)
        .build();
    if let Some(p) = parent {
        window.set_transient_for(Some(p));
    }
    super::mark_profile(&window);

    let preview = gtk::DrawingArea::builder()
        .hexpand(true)
        .vexpand(true)
        .build();
    super::set_accessible_label(&preview, &gettext("Preview of the page"));
    let summary = gtk::Label::builder().xalign(0.0).wrap(true).build();
    let pager = Pager::new();
    // Shows the page now chosen: its number, the buttons that can move, the drawing.
    let show_page: Rc<dyn Fn()> = {
        let state = state.clone();
        let preview = preview.clone();
        let summary = summary.clone();
        let pager = pager.clone();
        Rc::new(move || {
            let s = state.borrow();
            summary.set_label(&match &s.problem {
                Some(p) => p.clone(),
                None => crate::i18n::ngettext("{n} page", "{n} pages", s.pages.len() as u32)
                    .replace("{n}", &s.pages.len().to_string()),
            });
            pager.show(s.shown, s.pages.len());
            preview.queue_draw();
        })
    };
    let refresh: Rc<dyn Fn()> = {
        let state = state.clone();
        let show_page = show_page.clone();
        Rc::new(move || {
            state.borrow_mut().replan();
            show_page();
        })
    };
    for (button, step) in [(&pager.previous, -1isize), (&pager.next, 1)] {
        let state = state.clone();
        let show_page = show_page.clone();
        button.connect_clicked(move |_| {
            {
                let mut s = state.borrow_mut();
                let last = s.pages.len().saturating_sub(1);
                s.shown = s.shown.saturating_add_signed(step).min(last);
            }
            show_page();
        });
    }
    {
        let state = state.clone();
        preview.set_draw_func(move |_, cr, w, h| {
            let s = state.borrow();
            let Some(doc) = s.document() else { return };
            let page = &s.pages[s.shown];
            let scale = (f64::from(w) / page.width).min(f64::from(h) / page.height) * 0.94;
            let (x, y) = (
                (f64::from(w) - page.width * scale) / 2.0,
                (f64::from(h) - page.height * scale) / 2.0,
            );
            cr.set_source_rgba(0.0, 0.0, 0.0, 0.25);
            cr.rectangle(x + 3.0, y + 3.0, page.width * scale, page.height * scale);
            let _ = cr.fill();
            cr.set_source_rgb(1.0, 1.0, 1.0);
            cr.rectangle(x, y, page.width * scale, page.height * scale);
            let _ = cr.fill();
            cr.translate(x, y);
            cr.scale(scale, scale);
            if let Err(e) = doc.draw(cr, s.shown) {
                eprintln!("tonkin: preview failed: {e}");
            }
        });
    }

    let page = adw::PreferencesPage::new();
    let what = adw::PreferencesGroup::builder()
        .title(gettext("What"))
        .build();
    if game.is_none() && games.len() > 1 {
        let titles: Vec<&str> = games.iter().map(|g| g.1.as_str()).collect();
        let ids: Vec<String> = games.iter().map(|g| g.0.clone()).collect();
        what.add(&combo(
            &crate::i18n::pgettext("which game to print", "Game"),
            &titles,
            0,
            {
                let state = state.clone();
                let refresh = refresh.clone();
                move |i| {
                    state.borrow_mut().game = ids[i].clone();
                    refresh();
                }
            },
        ));
    }
    let kinds_present: Vec<Kind> = kit_for(&first)
        .map(|k| {
            Kind::ALL
                .into_iter()
                .filter(|kind| k.components.iter().any(|c| c.kind == *kind))
                .collect()
        })
        .unwrap_or_default();
    let selected = Rc::new(RefCell::new(kinds_present.clone()));
    for kind in kinds_present {
        let check = gtk::CheckButton::builder()
            .active(true)
            .valign(gtk::Align::Center)
            .build();
        let row = adw::ActionRow::builder()
            .title(kind_name(kind))
            .activatable_widget(&check)
            .build();
        row.add_prefix(&check);
        let state = state.clone();
        let selected = selected.clone();
        let refresh = refresh.clone();
        check.connect_toggled(move |c| {
            let mut sel = selected.borrow_mut();
            sel.retain(|k| *k != kind);
            if c.is_active() {
                sel.push(kind);
            }
            // Nothing ticked would mean "everything" to the exporter: keep it honest.
            state.borrow_mut().options.kinds = if sel.is_empty() {
                vec![kind]
            } else {
                sel.clone()
            };
            if sel.is_empty() {
                c.set_active(true);
            }
            refresh();
        });
        what.add(&row);
    }
    if let Some(session) = session.filter(|s| s.kit().is_some()) {
        let switch = gtk::Switch::builder()
            .active(true)
            .valign(gtk::Align::Center)
            .build();
        let seat_name = (session.session.borrow().seats() > 1)
            .then(|| session.session.borrow().seat_name(session.seat))
            .flatten();
        let subtitle = match seat_name {
            // Translators: {seat} is the player whose side the window shows, e.g. "the NLF
            // player"; only that player's own secrets are printed.
            Some(name) => gettext("From this game, as {seat} knows it; off prints them blank")
                .replace("{seat}", &name.render()),
            None => gettext("From this game; off prints them blank"),
        };
        let row = adw::ActionRow::builder()
            .title(gettext("Fill in the record sheets"))
            .subtitle(subtitle)
            .activatable_widget(&switch)
            .build();
        row.add_suffix(&switch);
        let state = state.clone();
        let refresh = refresh.clone();
        switch.connect_active_notify(move |s| {
            state.borrow_mut().filled_from = s.is_active().then(|| session.clone());
            refresh();
        });
        what.add(&row);
    }
    page.add(&what);

    let paper = adw::PreferencesGroup::builder()
        .title(gettext("Paper"))
        .build();
    let paper_names = ["A4", "US Letter", "A3", "Tabloid"];
    paper.add(&combo(&gettext("Size"), &paper_names, 0, {
        let state = state.clone();
        let refresh = refresh.clone();
        move |i| {
            state.borrow_mut().options.settings.paper = PaperSize::ALL[i];
            refresh();
        }
    }));
    let orientations = [
        gettext("Whichever uses less paper"),
        gettext("Portrait"),
        gettext("Landscape"),
    ];
    paper.add(&combo(
        &gettext("Orientation"),
        &orientations.each_ref().map(String::as_str),
        0,
        {
            let state = state.clone();
            let refresh = refresh.clone();
            move |i| {
                state.borrow_mut().options.settings.orientation = [
                    None,
                    Some(Orientation::Portrait),
                    Some(Orientation::Landscape),
                ][i];
                refresh();
            }
        },
    ));
    let duplex_names = [
        gettext("Two-sided, flip on long edge"),
        gettext("Two-sided, flip on short edge"),
        gettext("One-sided, fold in half"),
        gettext("Fronts only"),
    ];
    paper.add(&combo(
        &gettext("Backs"),
        &duplex_names.each_ref().map(String::as_str),
        0,
        {
            let state = state.clone();
            let refresh = refresh.clone();
            move |i| {
                state.borrow_mut().options.settings.duplex =
                    [Duplex::Long, Duplex::Short, Duplex::Fold, Duplex::None][i];
                refresh();
            }
        },
    ));
    paper.add(&spin(
        &gettext("Bleed (mm)"),
        0.0,
        job::MAX_BLEED,
        0.5,
        3.0,
        {
            let state = state.clone();
            let refresh = refresh.clone();
            move |v| {
                state.borrow_mut().options.settings.bleed = v;
                refresh();
            }
        },
    ));
    page.add(&paper);

    let output = adw::PreferencesGroup::builder()
        .title(gettext("Files"))
        .build();
    output.add(&combo(&gettext("Format"), &["PDF", "SVG", "PNG"], 0, {
        let state = state.clone();
        move |i| state.borrow_mut().options.format = Format::ALL[i]
    }));
    output.add(&spin(
        &gettext("PNG resolution (dpi)"),
        36.0,
        1200.0,
        50.0,
        300.0,
        {
            let state = state.clone();
            move |v| state.borrow_mut().options.dpi = v as u32
        },
    ));
    let alignment = gtk::Switch::builder().valign(gtk::Align::Center).build();
    let alignment_row = adw::ActionRow::builder()
        .title(gettext("Printer alignment page first"))
        .subtitle(gettext(
            "A ruler and a 100 mm square to check the scale and the back-to-front fit",
        ))
        .activatable_widget(&alignment)
        .build();
    alignment_row.add_suffix(&alignment);
    {
        let state = state.clone();
        let refresh = refresh.clone();
        alignment.connect_active_notify(move |s| {
            state.borrow_mut().options.alignment = s.is_active();
            refresh();
        });
    }
    output.add(&alignment_row);
    page.add(&output);

    let reminder = gtk::Label::builder()
        .label(gettext("Print at 100 % (“actual size”), never “fit to page”: the counters, cards and map are drawn at their real size."))
        .wrap(true)
        .xalign(0.0)
        .css_classes(["dim-label"])
        .build();
    let progress = gtk::ProgressBar::builder()
        .visible(false)
        .show_text(true)
        .build();
    let right = gtk::Box::new(gtk::Orientation::Vertical, 8);
    right.set_margin_top(12);
    right.set_margin_bottom(12);
    right.set_margin_start(12);
    right.set_margin_end(12);
    right.append(&preview);
    right.append(&pager.widget);
    right.append(&summary);
    right.append(&reminder);
    right.append(&progress);
    let body = gtk::Paned::builder()
        .start_child(&page)
        .end_child(&right)
        .position(430)
        .vexpand(true)
        .build();

    let header = adw::HeaderBar::new();
    let export_button = gtk::Button::builder()
        .label(gettext("_Export…"))
        .use_underline(true)
        .css_classes(["suggested-action"])
        .tooltip_text(gettext(
            "Write the chosen components as files into a folder you pick",
        ))
        .build();
    let print_button = gtk::Button::builder()
        .label(gettext("_Print…"))
        .use_underline(true)
        .tooltip_text(gettext("Send the chosen components to a printer"))
        .build();
    header.pack_end(&export_button);
    header.pack_start(&print_button);
    let toasts = adw::ToastOverlay::new();
    toasts.set_child(Some(&body));
    let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
    content.append(&header);
    content.append(&toasts);
    window.set_content(Some(&content));

    {
        let state = state.clone();
        let window_ = window.clone();
        let toasts = toasts.clone();
        export_button.connect_clicked(move |_| {
            choose_folder_and_export(&window_, &state, &progress, &toasts)
        });
    }
    {
        let state = state.clone();
        let window_ = window.clone();
        print_button.connect_clicked(move |_| print(&window_, &state));
    }
    refresh();
    window.present();
}

/// Previous page, "Page n of m", next page: leafing through the preview.
#[derive(Clone)]
struct Pager {
    widget: gtk::Box,
    previous: gtk::Button,
    label: gtk::Label,
    next: gtk::Button,
}

impl Pager {
    fn new() -> Pager {
        let previous = gtk::Button::builder()
            .icon_name("go-previous-symbolic")
            .tooltip_text(gettext("Previous page"))
            .build();
        let next = gtk::Button::builder()
            .icon_name("go-next-symbolic")
            .tooltip_text(gettext("Next page"))
            .build();
        let label = gtk::Label::builder().width_chars(14).build();
        let widget = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        widget.set_halign(gtk::Align::Center);
        widget.append(&previous);
        widget.append(&label);
        widget.append(&next);
        Pager {
            widget,
            previous,
            label,
            next,
        }
    }

    /// Page `shown` (from 0) of `count`; no pages hides the pager.
    fn show(&self, shown: usize, count: usize) {
        self.widget.set_visible(count > 0);
        // Translators: under the print preview, e.g. "Page 3 of 58".
        self.label.set_label(
            &gettext("Page {n} of {m}")
                .replace("{n}", &(shown + 1).to_string())
                .replace("{m}", &count.to_string()),
        );
        self.previous.set_sensitive(shown > 0);
        self.next.set_sensitive(shown + 1 < count);
    }
}

fn kind_name(kind: Kind) -> String {
    match kind {
        Kind::Cards => gettext("Cards"),
        Kind::Counters => gettext("Counters"),
        Kind::Map => gettext("Map"),
        Kind::Aids => gettext("Player aids"),
        Kind::Sheets => gettext("Record sheets"),
    }
}

fn combo(
    title: &str,
    names: &[&str],
    selected: u32,
    changed: impl Fn(usize) + 'static,
) -> adw::ComboRow {
    // The choice is shown under the title, where the whole of a long one fits (beside the
    // title, "Two-sided, flip on long edge" was cut off).
    let row = adw::ComboRow::builder()
        .title(title)
        .model(&gtk::StringList::new(names))
        .selected(selected)
        .use_subtitle(true)
        .build();
    row.connect_selected_notify(move |r| changed(r.selected() as usize));
    row
}

fn spin(
    title: &str,
    min: f64,
    max: f64,
    step: f64,
    value: f64,
    changed: impl Fn(f64) + 'static,
) -> adw::ActionRow {
    let spin = gtk::SpinButton::with_range(min, max, step);
    spin.set_value(value);
    spin.set_digits(if step < 1.0 { 1 } else { 0 });
    spin.set_valign(gtk::Align::Center);
    spin.connect_value_changed(move |s| changed(s.value()));
    let row = adw::ActionRow::builder()
        .title(title)
        .activatable_widget(&spin)
        .build();
    row.add_suffix(&spin);
    row
}

fn choose_folder_and_export(
    window: &adw::Window,
    state: &Rc<RefCell<State>>,
    progress: &gtk::ProgressBar,
    toasts: &adw::ToastOverlay,
) {
    if let Some(problem) = state.borrow().problem.clone() {
        super::toast(toasts, &problem);
        return;
    }
    let chooser = gtk::FileChooserNative::new(
        Some(&gettext("Export to Folder")),
        Some(window),
        gtk::FileChooserAction::SelectFolder,
        Some(&gettext("_Export")),
        Some(&gettext("_Cancel")),
    );
    let state = state.clone();
    let progress = progress.clone();
    let toasts = toasts.clone();
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(dir) = chooser.file().and_then(|f| f.path())
        {
            export_in_background(&state, dir, &progress, &toasts);
        }
        chooser.destroy();
    });
    chooser.show();
}

enum Progress {
    Page,
    Done(Result<Vec<std::path::PathBuf>, String>),
}

/// Writes the files on a worker thread (the kit is built there: its drawing closures stay on
/// that thread) and reports each page to the progress bar.
fn export_in_background(
    state: &Rc<RefCell<State>>,
    dir: std::path::PathBuf,
    bar: &gtk::ProgressBar,
    toasts: &adw::ToastOverlay,
) {
    let (game, mut options, total) = {
        let s = state.borrow();
        (s.game.clone(), s.options.clone(), s.pages.len().max(1))
    };
    options.out = dir;
    let (tx, rx) = std::sync::mpsc::channel();
    let filled = state.borrow().filled_from.is_some();
    if filled {
        // The filled kit draws from this game's state, which lives on this thread: write it
        // here (a whole kit takes well under a second).
        let s = state.borrow();
        let result = match &s.kit {
            Some(kit) => job::check_output_dir(&options.out).and_then(|()| {
                job::write(kit, &s.pages, &options, &mut || {
                    let _ = tx.send(Progress::Page);
                })
            }),
            None => Err(s.problem.clone().unwrap_or_default()),
        };
        let _ = tx.send(Progress::Done(result));
    } else {
        std::thread::spawn(move || {
            let result = (|| {
                job::check_output_dir(&options.out)?;
                let kit = kit_for(&game)?.only(&options.kinds);
                let pages = options.pages(&kit);
                job::write(&kit, &pages, &options, &mut || {
                    let _ = tx.send(Progress::Page);
                })
            })();
            let _ = tx.send(Progress::Done(result));
        });
    }
    bar.set_visible(true);
    bar.set_fraction(0.0);
    bar.set_text(Some(&gettext("Exporting…")));
    let bar = bar.clone();
    let toasts = toasts.clone();
    let mut done_pages = 0usize;
    gtk::glib::timeout_add_local(std::time::Duration::from_millis(40), move || {
        while let Ok(message) = rx.try_recv() {
            match message {
                Progress::Page => {
                    done_pages += 1;
                    bar.set_fraction((done_pages as f64 / total as f64).min(1.0));
                }
                Progress::Done(result) => {
                    bar.set_visible(false);
                    let text = match result {
                        Ok(files) => crate::i18n::ngettext(
                            "Wrote {n} file",
                            "Wrote {n} files",
                            files.len() as u32,
                        )
                        .replace("{n}", &files.len().to_string()),
                        Err(e) => e,
                    };
                    super::toast(&toasts, &text);
                    return gtk::glib::ControlFlow::Break;
                }
            }
        }
        gtk::glib::ControlFlow::Continue
    });
}

/// Prints through GTK's print dialog, drawing each page with the exporter's own renderer at
/// real size (the page set-up uses the export's paper, and the whole sheet as the canvas).
fn print(window: &adw::Window, state: &Rc<RefCell<State>>) {
    let Some((w, h, count)) = ({
        let s = state.borrow();
        s.document()
            .map(|d| (d.pages[0].width, d.pages[0].height, d.pages.len()))
    }) else {
        return;
    };
    let operation = gtk::PrintOperation::new();
    operation.set_n_pages(count as i32);
    operation.set_use_full_page(true);
    operation.set_unit(gtk::Unit::Points);
    let setup = gtk::PageSetup::new();
    let paper = gtk::PaperSize::new_custom("tonkin", "Tonkin", w, h, gtk::Unit::Mm);
    setup.set_paper_size(&paper);
    setup.set_orientation(gtk::PageOrientation::Portrait);
    operation.set_default_page_setup(Some(&setup));
    let state = state.clone();
    operation.connect_draw_page(move |_, context, page| {
        let s = state.borrow();
        let Some(doc) = s.document() else { return };
        let cr = context.cairo_context();
        cr.scale(PT_PER_MM, PT_PER_MM);
        if let Err(e) = doc.draw(&cr, page as usize) {
            eprintln!("tonkin: printing page {} failed: {e}", page + 1);
        }
    });
    if let Err(e) = operation.run(gtk::PrintOperationAction::PrintDialog, Some(window)) {
        super::dialogs::error_dialog(
            Some(window.upcast_ref()),
            &gettext("Printing failed"),
            &e.to_string(),
        );
    }
}
