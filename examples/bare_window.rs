//! The yardstick for Tonkin's start-up time: an empty relm4 + libadwaita window that quits
//! after its first frame, as `TONKIN_EXIT_AFTER_FIRST_FRAME=1 tonkin` does; with
//! `BARE_KEEP_OPEN=1` it stays open, so that its memory can be read as Tonkin's is.
//! `build-aux/startup-time.sh` times both. With `BARE_UNIQUE=1` it is a single-instance
//! application as Tonkin is: it registers its name on the session bus before its window
//! (a second launch would hand over to the first), which costs a few round trips to the bus.

use relm4::adw;
use relm4::adw::prelude::*;
use relm4::gtk;
use relm4::prelude::*;

struct Bare;

impl SimpleComponent for Bare {
    type Init = ();
    type Input = ();
    type Output = ();
    type Root = adw::ApplicationWindow;
    type Widgets = ();

    fn init_root() -> Self::Root {
        // Like relm4's own simple example: a window with a title and one line of text, so that
        // both programs pay for loading fonts.
        adw::ApplicationWindow::builder()
            .title("Bare window")
            .default_width(760)
            .default_height(680)
            .build()
    }

    fn init(_: (), root: Self::Root, _: ComponentSender<Self>) -> ComponentParts<Self> {
        let content = gtk::Box::new(gtk::Orientation::Vertical, 0);
        content.append(&adw::HeaderBar::new());
        content.append(&gtk::Label::new(Some("A bare relm4 + libadwaita window")));
        root.set_content(Some(&content));
        let keep_open = std::env::var_os("BARE_KEEP_OPEN").is_some_and(|v| v == "1");
        root.connect_realize(move |w| {
            if keep_open {
                return;
            }
            if let Some(clock) = w.frame_clock() {
                clock.connect_after_paint(|_| relm4::main_application().quit());
            }
        });
        ComponentParts {
            model: Bare,
            widgets: (),
        }
    }
}

fn main() {
    let unique = std::env::var_os("BARE_UNIQUE").is_some_and(|v| v == "1");
    let flags = if unique {
        gtk::gio::ApplicationFlags::HANDLES_OPEN
    } else {
        gtk::gio::ApplicationFlags::NON_UNIQUE
    };
    let app = adw::Application::builder()
        .application_id("io.github.tonkin.BareWindow")
        .flags(flags)
        .build();
    relm4::RelmApp::from_app(app)
        .with_args(Vec::new())
        .run::<Bare>(());
}
