//! gettext set-up. Every user-visible string goes through `gettext` (or `msg` for rules
//! messages, see `engine::message`).

use gettextrs::{LocaleCategory, bind_textdomain_codeset, bindtextdomain, setlocale, textdomain};

use crate::config::{GETTEXT_PACKAGE, locale_dir};

/// Binds the catalogue and follows the desktop's language. Call once, at start-up, before
/// any thread is started.
pub fn init() {
    // SAFETY: called once at start-up, before any other thread exists (see main.rs).
    unsafe {
        if setlocale(LocaleCategory::LcAll, "").is_none() {
            follow_language_without_locale();
        }
    }
    // A missing catalogue is not an error: the program then speaks English.
    let _ = bindtextdomain(GETTEXT_PACKAGE, locale_dir());
    let _ = bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    let _ = textdomain(GETTEXT_PACKAGE);
}

/// The language asked for has no locale installed (common in containers): gettext still
/// translates under the built-in C.UTF-8 locale when `LANGUAGE` names the language, so the
/// language of `LC_ALL`, `LC_MESSAGES` or `LANG` goes there.
///
/// # Safety
/// Changes the environment: only while no other thread exists.
unsafe fn follow_language_without_locale() {
    let asked = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty());
    let Some(asked) = asked else { return };
    let language = asked
        .split(['.', '@'])
        .next()
        .unwrap_or_default()
        .to_owned();
    // SAFETY: the caller promises that no other thread exists.
    if unsafe { setlocale(LocaleCategory::LcAll, "C.UTF-8") }.is_none()
        || language.is_empty()
        || language == "C"
        || language == "POSIX"
        || std::env::var_os("LANGUAGE").is_some_and(|l| !l.is_empty())
    {
        return;
    }
    // SAFETY: the caller promises that no other thread exists.
    unsafe { std::env::set_var("LANGUAGE", language) };
}

pub use gettextrs::{gettext, ngettext, pgettext};
