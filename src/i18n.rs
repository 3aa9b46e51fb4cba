//! gettext set-up. Every user-visible string goes through `gettext` (or `msg` for rules
//! messages, see `engine::message`).

use gettextrs::{LocaleCategory, bind_textdomain_codeset, bindtextdomain, setlocale, textdomain};

use crate::config::{GETTEXT_PACKAGE, locale_dir};

/// Binds the catalogue and follows the desktop's language. Call once, at start-up, before
/// any thread is started.
pub fn init() {
    // SAFETY: called once at start-up, before any other thread exists (see main.rs).
    unsafe {
        setlocale(LocaleCategory::LcAll, "");
    }
    // A missing catalogue is not an error: the program then speaks English.
    let _ = bindtextdomain(GETTEXT_PACKAGE, locale_dir());
    let _ = bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    let _ = textdomain(GETTEXT_PACKAGE);
}

pub use gettextrs::{gettext, ngettext, pgettext};
