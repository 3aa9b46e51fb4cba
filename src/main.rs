//! The `tonkin` program: a sub-command runs headless; no sub-command opens the launcher.

use clap::Parser;

use tonkin::cli::{Cli, run};

fn main() -> std::process::ExitCode {
    tonkin::i18n::init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print and succeed; real errors print one usage message.
            let _ = e.print();
            return if e.use_stderr() {
                std::process::ExitCode::from(2)
            } else {
                std::process::ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Some(command) => match run(command) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(line) => {
                eprintln!("tonkin: {line}");
                std::process::ExitCode::FAILURE
            }
        },
        None => open_launcher(cli.file),
    }
}

#[cfg(feature = "gui")]
fn open_launcher(file: Option<std::path::PathBuf>) -> std::process::ExitCode {
    tonkin::ui::run(file);
    std::process::ExitCode::SUCCESS
}

#[cfg(not(feature = "gui"))]
fn open_launcher(_file: Option<std::path::PathBuf>) -> std::process::ExitCode {
    eprintln!("tonkin: this build has no graphical interface; see --help for the commands");
    std::process::ExitCode::FAILURE
}
