//! Opens the launcher and a game window in a real GTK application (run under Xvfb, see the
//! Makefile), waits for them to draw, and checks what they show. Its own `main`: GTK wants
//! one thread, which the default test harness does not give.

use std::cell::Cell;
use std::rc::Rc;

use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::prelude::*;

use tonkin::games;
use tonkin::ui::{Launcher, open_game_window};

struct Harness;

impl SimpleComponent for Harness {
    type Init = ();
    type Input = ();
    type Output = ();
    type Root = gtk::Window;
    type Widgets = ();

    fn init_root() -> gtk::Window {
        gtk::Window::new()
    }

    fn init(_: (), _root: gtk::Window, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let launcher = Launcher::builder();
        relm4::main_application().add_window(&launcher.root);
        launcher.root.present();
        launcher.launch(None).detach_runtime();

        let game = games::ALL
            .iter()
            .find(|g| g.playable())
            .expect("at least one game is playable");
        let driver = game.driver.unwrap();
        let scenario = driver.scenarios()[0].id;
        let session = driver.new_session(scenario, 7, &[]).expect("new game");
        open_game_window(session, None);

        // A Skyhawk at its Ordnance Card: the prompt bar offers the card as a form.
        let skyhawk = games::find("skyhawk").and_then(|g| g.driver).unwrap();
        let mut loading = skyhawk.new_session("single", 7, &[]).expect("new mission");
        while loading.form().is_none() {
            loading.choose(0).expect("the first choice is legal");
        }
        open_game_window(loading, None);
        gtk::glib::timeout_add_local_once(std::time::Duration::from_millis(900), || {
            let app = relm4::main_application();
            let skyhawk_window = app
                .windows()
                .into_iter()
                .find(|w| w.title().is_some_and(|t| t.starts_with("Skyhawk")));
            let opened = skyhawk_window.and_then(|w| {
                find_button(w.upcast_ref(), &|b: &gtk::Button| {
                    b.label().is_some_and(|l| l.ends_with('…'))
                        && b.ancestor(gtk::FlowBox::static_type()).is_none()
                        && b.is_visible()
                })
            });
            match opened {
                Some(button) => button.emit_clicked(),
                None => {
                    eprintln!("gui test: the Skyhawk window offers no Ordnance Card button");
                    std::process::exit(1);
                }
            }
        });

        let drawn = Rc::new(Cell::new(0u32));
        gtk::glib::timeout_add_local_once(std::time::Duration::from_millis(1500), move || {
            let app = relm4::main_application();
            let windows = app.windows();
            let titles: Vec<String> = windows
                .iter()
                .filter_map(|w| w.title().map(|t| t.to_string()))
                .collect();
            let ok = titles.iter().any(|t| t == "Tonkin") && titles.iter().any(|t| t == game.title);
            drawn.set(u32::from(ok));
            if !ok {
                eprintln!("gui test: windows are {titles:?}");
                std::process::exit(1);
            }
            let game_window = windows
                .iter()
                .find(|w| w.title().as_deref() == Some(game.title))
                .unwrap();
            if !has_button_labelled(game_window.upcast_ref(), |label| !label.is_empty()) {
                eprintln!("gui test: the game window offers no action buttons");
                std::process::exit(1);
            }
            // A dialog is a toplevel of its own, not one of the application's windows.
            let card = gtk::Window::list_toplevels()
                .into_iter()
                .filter_map(|w| w.downcast::<gtk::Window>().ok())
                .find(|w| w.title().as_deref() == Some("Ordnance Card"));
            let submit = card.as_ref().and_then(|w| {
                find_button(w.upcast_ref(), &|b: &gtk::Button| {
                    b.label().as_deref() == Some("Load the aircraft")
                })
            });
            // Nothing on the stations and no tanks: every route package wants external fuel.
            if submit.is_none_or(|b| b.is_sensitive()) {
                eprintln!(
                    "gui test: the Ordnance Card did not open with the empty load refused ({titles:?})"
                );
                std::process::exit(1);
            }
            println!(
                "gui test: launcher and {} window open and drawn",
                game.title
            );
            println!("1 passed, 0 failed");
            app.quit();
        });
        ComponentParts {
            model: Harness,
            widgets: (),
        }
    }
}

fn has_button_labelled(widget: &gtk::Widget, accept: impl Fn(&str) -> bool + Copy) -> bool {
    if let Some(b) = widget.downcast_ref::<gtk::Button>()
        && b.label().is_some_and(|l| accept(&l))
        && b.ancestor(gtk::FlowBox::static_type()).is_some()
    {
        return true;
    }
    let mut child = widget.first_child();
    while let Some(c) = child {
        if has_button_labelled(&c, accept) {
            return true;
        }
        child = c.next_sibling();
    }
    false
}

fn find_button(widget: &gtk::Widget, accept: &dyn Fn(&gtk::Button) -> bool) -> Option<gtk::Button> {
    if let Some(b) = widget.downcast_ref::<gtk::Button>()
        && accept(b)
    {
        return Some(b.clone());
    }
    let mut child = widget.first_child();
    while let Some(c) = child {
        if let Some(b) = find_button(&c, accept) {
            return Some(b);
        }
        child = c.next_sibling();
    }
    None
}

fn main() {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!("gui test: no display; run it under xvfb-run (make test does)");
        std::process::exit(1);
    }
    let app = tonkin::ui::new_application();
    relm4::RelmApp::from_app(app)
        .with_args(Vec::new())
        .visible_on_activate(false)
        .run::<Harness>(());
}
