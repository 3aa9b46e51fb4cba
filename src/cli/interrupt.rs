//! Ctrl-C during a long command: the first stops it at the next game or document, so that it
//! can say what it did; a second ends the program at once.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_interrupt(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    // SAFETY: `signal` is async-signal-safe; the next Ctrl-C gets the default (ending).
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_DFL);
    }
}

/// From now on, Ctrl-C sets the flag read by [`interrupted`] instead of ending the program.
pub fn catch() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        // SAFETY: the handler only stores to an atomic and resets the disposition.
        unsafe {
            libc::signal(
                libc::SIGINT,
                on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
            );
        }
    });
}

/// Whether Ctrl-C was pressed since [`catch`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// A progress bar on standard error while both standard output and error are a terminal;
/// hidden otherwise (a pipe or a log file gets the report alone).
pub fn progress_bar(total: u64, template: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !(std::io::stdout().is_terminal() && std::io::stderr().is_terminal()) {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
