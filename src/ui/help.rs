//! How to Play: every game's pages (its `learn.toml`), grouped by game in one window, with
//! pictures drawn by the game's own art. F1 in any window; a game window opens it at its game.

use std::cell::RefCell;
use std::rc::Rc;

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;

use super::rules_window::{Entry, SidebarWindow};
use crate::engine::content::Source;
use crate::games::learn::{Block, Page, Picture, Scene};
use crate::games::{self, Driver};
use crate::i18n::gettext;

/// The window and the first entry of each game in it.
struct Help {
    window: SidebarWindow,
    firsts: Vec<(&'static str, usize)>,
}

thread_local! {
    /// Built on first use.
    static HELP: RefCell<Option<Help>> = const { RefCell::new(None) };
}

/// Adds `win.help` (F1) to a window: How to Play, at `game`'s pages when it is given.
pub fn install_action(window: &impl IsA<gtk::Window>, game: Option<&'static str>) {
    let action = gtk::gio::SimpleAction::new("help", None);
    let win = window.as_ref().clone();
    action.connect_activate(move |_, _| show(Some(&win), game));
    window
        .as_ref()
        .dynamic_cast_ref::<gtk::gio::ActionMap>()
        .expect("windows of an application are action maps")
        .add_action(&action);
}

/// Shows How to Play over `parent`, at the first page of `game` (or of the first game).
pub fn show(parent: Option<&gtk::Window>, game: Option<&str>) {
    HELP.with(|help| {
        let mut help = help.borrow_mut();
        let Help { window, firsts } = help.get_or_insert_with(build);
        let index = firsts
            .iter()
            .find(|(id, _)| Some(*id) == game)
            .map_or(0, |(_, i)| *i);
        window.show(parent, index);
    });
}

/// Every playable game with pages, in the game list's order.
fn build() -> Help {
    let mut entries = Vec::new();
    let mut pages: Vec<(&'static dyn Driver, Page)> = Vec::new();
    let mut firsts = Vec::new();
    for game in games::ALL {
        let (Some(driver), Some(learn)) = (game.driver, game.learn()) else {
            continue;
        };
        firsts.push((game.id, pages.len()));
        for (i, page) in learn.pages.into_iter().enumerate() {
            entries.push(Entry {
                group: (i == 0).then(|| game.title.to_owned()),
                label: gettext(&page.title),
            });
            pages.push((driver, page));
        }
    }
    let window = SidebarWindow::new(
        &gettext("How to Play"),
        entries,
        Box::new(move |i| {
            let (driver, page) = &pages[i];
            page_widget(*driver, page)
        }),
    );
    Help { window, firsts }
}

fn page_widget(driver: &'static dyn Driver, page: &Page) -> gtk::Widget {
    let column = gtk::Box::builder()
        .orientation(gtk::Orientation::Vertical)
        .spacing(12)
        .margin_top(18)
        .margin_bottom(24)
        .margin_start(24)
        .margin_end(24)
        .build();
    column.append(
        &gtk::Label::builder()
            .label(gettext(&page.title))
            .xalign(0.0)
            .wrap(true)
            .css_classes(["title-1"])
            .build(),
    );
    let origin = match page.source {
        Source::Rulebook => {
            gettext("The rules in our words; the pictures come from a game Tonkin plays by itself.")
        }
        Source::Recon => gettext(
            "How Tonkin shows the game; the pictures come from a game Tonkin plays by itself.",
        ),
    };
    column.append(
        &gtk::Label::builder()
            .label(origin)
            .xalign(0.0)
            .wrap(true)
            .css_classes(["dim-label", "caption"])
            .build(),
    );
    for block in &page.blocks {
        column.append(&block_widget(driver, block));
    }
    adw::Clamp::builder()
        .maximum_size(760)
        .child(&column)
        .build()
        .upcast()
}

fn block_widget(driver: &'static dyn Driver, block: &Block) -> gtk::Widget {
    let paragraph = |text: &str, classes: &[&str]| {
        gtk::Label::builder()
            .label(gettext(text))
            .xalign(0.0)
            .wrap(true)
            .css_classes(classes.iter().map(|c| c.to_string()).collect::<Vec<_>>())
            .build()
    };
    let Some(picture) = &block.picture else {
        return paragraph(block.text.as_deref().unwrap_or_default(), &[]).upcast();
    };
    let figure = gtk::Box::new(gtk::Orientation::Vertical, 6);
    let frame = gtk::Frame::new(None);
    frame.set_child(Some(&picture_area(driver, picture)));
    figure.append(&frame);
    if let Some(caption) = &block.caption {
        figure.append(&paragraph(caption, &["dim-label"]));
    }
    figure.upcast()
}

/// A drawing area showing `picture`; its game is set up and played on the first draw.
fn picture_area(driver: &'static dyn Driver, picture: &Picture) -> gtk::DrawingArea {
    let area = gtk::DrawingArea::builder()
        .content_height(picture.height as i32)
        .hexpand(true)
        .build();
    let picture = picture.clone();
    let scene: Rc<RefCell<Option<Result<Scene, String>>>> = Rc::default();
    area.set_draw_func(move |_, cr, w, h| {
        let mut scene = scene.borrow_mut();
        let scene = scene.get_or_insert_with(|| Scene::new(driver, &picture));
        let drawn = scene.as_ref().map_err(String::clone).and_then(|s| {
            s.draw(
                cr,
                f64::from(w),
                f64::from(h),
                adw::StyleManager::default().is_dark(),
            )
        });
        if let Err(e) = drawn {
            eprintln!("tonkin: a picture of How to Play was not drawn: {e}");
        }
    });
    area
}
