//! `tonkin export`: print-and-play files from the command line.

use std::path::PathBuf;

use super::interrupt;

use crate::export::component::{Kind, Kit};
use crate::export::job::{self, Options};
use crate::export::layout::{Duplex, Settings};
use crate::export::output::Format;
use crate::export::paper::{Orientation, PaperSize};
use crate::games;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Duplex modes: long/short put each page of backs after its fronts, \
mirrored for a printer turning the sheet over its long or short edge; fold puts fronts and \
mirrored backs on the two halves of one page; none prints fronts only. A sheet folded and \
read like a book (a booklet, a trifold) is always laid out for the short edge, as its page \
footers say."
)]
pub struct ExportArgs {
    /// Game id (csar, skyhawk, search_destroy, phantom_leader, chopper_pilot) or `all`;
    /// may be left out with --alignment-page
    #[arg(long)]
    pub game: Option<String>,
    /// Kinds to print, comma-separated: cards, counters, map, aids, sheets (default: all)
    #[arg(long, value_delimiter = ',')]
    pub components: Vec<String>,
    /// a4, letter, a3 or tabloid
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// portrait or landscape (default: whichever needs fewer pages, per component)
    #[arg(long)]
    pub orientation: Option<String>,
    /// long, short, fold or none
    #[arg(long, default_value = "long")]
    pub duplex: String,
    /// How far card and counter art runs past the cut line, in mm
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 3.0,
        allow_negative_numbers = true
    )]
    pub bleed: f64,
    /// Unprinted margin around every page, in mm
    #[arg(
        long,
        value_name = "MM",
        default_value_t = 5.0,
        allow_negative_numbers = true
    )]
    pub margin: f64,
    /// pdf (one file), svg or png (one file per page)
    #[arg(long, default_value = "pdf")]
    pub format: String,
    /// Resolution of PNG pages
    #[arg(long, default_value_t = 300, allow_negative_numbers = true)]
    pub dpi: i64,
    /// Start with a printer-alignment page (ruler, 100 mm square, front/back crosses)
    #[arg(long)]
    pub alignment_page: bool,
    /// A saved game: its record sheets come out filled in (the game is the save's)
    #[arg(long, value_name = "SAVE")]
    pub from: Option<PathBuf>,
    /// With --from: the kit for one player (seat 1, 2, …), with that player's secrets filled in
    /// too; without it only what every player may know is filled in
    #[arg(long, value_name = "N", requires = "from")]
    pub seat: Option<u8>,
    /// Folder to write into (created if missing)
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub out: PathBuf,
}

/// Turns the arguments into options, or names the first bad one.
pub fn options(args: &ExportArgs) -> Result<Options, String> {
    let kinds = args
        .components
        .iter()
        .map(|k| k.parse::<Kind>())
        .collect::<Result<Vec<_>, _>>()?;
    let orientation = args
        .orientation
        .as_deref()
        .map(str::parse::<Orientation>)
        .transpose()?;
    let options = Options {
        settings: Settings {
            paper: args.paper.parse::<PaperSize>()?,
            orientation,
            margin: args.margin,
            bleed: args.bleed,
            duplex: args.duplex.parse::<Duplex>()?,
        },
        kinds,
        format: args.format.parse::<Format>()?,
        dpi: u32::try_from(args.dpi).unwrap_or(0),
        alignment: args.alignment_page,
        out: args.out.clone(),
    };
    if options.dpi == 0 {
        return Err(format!("dpi must be between 36 and 1200, not {}", args.dpi));
    }
    options.check()?;
    Ok(options)
}

/// The kits the arguments ask for, filtered to the chosen kinds.
fn kits(args: &ExportArgs, options: &Options) -> Result<Vec<Kit>, String> {
    let kinds: Vec<&str> = options.kinds.iter().map(|k| k.id()).collect();
    let wanted = |kit: Kit| kit.only(&options.kinds);
    if let Some(save) = &args.from {
        let kit = wanted(filled_kit(save, args.game.as_deref(), args.seat)?);
        options.check_kit(&kit)?;
        return Ok(vec![kit]);
    }
    let kits: Vec<Kit> = match args.game.as_deref() {
        None if options.alignment => vec![Kit {
            game: "alignment".into(),
            title: "Tonkin".into(),
            components: Vec::new(),
        }],
        None => return Err("say which game to print with --game (a game id or all)".into()),
        Some("all") => {
            let (kits, broken): (Vec<_>, Vec<_>) =
                games::all_kits().into_iter().partition(Result::is_ok);
            if !broken.is_empty() {
                let reasons: Vec<String> = broken.into_iter().filter_map(Result::err).collect();
                return Err(reasons.join("; "));
            }
            let kits: Vec<Kit> = kits.into_iter().flatten().map(wanted).collect();
            let kits: Vec<Kit> = kits
                .into_iter()
                .filter(|k| !k.components.is_empty())
                .collect();
            if kits.is_empty() {
                return Err(if kinds.is_empty() {
                    "no game has printable components yet".into()
                } else {
                    format!("no game has printable {} yet", kinds.join(" or "))
                });
            }
            kits
        }
        Some(game) => {
            let kit = wanted(games::kit_for(game)?);
            if kit.components.is_empty() && !options.alignment {
                return Err(format!("{} has no {}", kit.title, kinds.join(" or ")));
            }
            vec![kit]
        }
    };
    for kit in &kits {
        options.check_kit(kit)?;
    }
    Ok(kits)
}

/// The kit of a saved game with its record sheets filled in from it.
fn filled_kit(save: &std::path::Path, game: Option<&str>, seat: Option<u8>) -> Result<Kit, String> {
    let name = save.display().to_string();
    let bytes = crate::engine::session::read_save(save).map_err(|e| e.to_string())?;
    let session = crate::games::load_any(&bytes, &name)?;
    if let Some(game) = game
        && game != session.game_id()
    {
        return Err(format!(
            "{name} is a game of {}, not of {game}",
            session.game_id()
        ));
    }
    let kit = match seat {
        None => session.filled_kit(),
        Some(n) if (1..=session.seats()).contains(&n) => session.filled_kit_for(n - 1),
        Some(n) => {
            return Err(format!(
                "--seat {n}: {name} is a game of {} seats",
                session.seats()
            ));
        }
    };
    kit.ok_or_else(|| format!("{name}: this game has no record sheets to fill"))
}

pub fn run(args: ExportArgs) -> Result<(), String> {
    let options = options(&args)?;
    let kits = kits(&args, &options)?;
    job::check_output_dir(&options.out)?;
    let documents: Vec<_> = kits.iter().map(|k| (k, options.pages(k))).collect();
    let total: usize = documents.iter().map(|(_, pages)| pages.len()).sum();
    let bar = interrupt::progress_bar(total as u64, "{bar:40} {pos}/{len} pages  {msg}");
    let mut tick = || bar.inc(1);
    let mut report = Vec::new();
    interrupt::catch();
    for (kit, pages) in &documents {
        if interrupt::interrupted() {
            bar.finish_and_clear();
            for line in &report {
                println!("{line}");
            }
            return Err(format!(
                "interrupted after {} of {} documents (those listed above are complete)",
                report.len(),
                documents.len()
            ));
        }
        bar.set_message(kit.title.clone());
        let files = job::write(kit, pages, &options, &mut tick)?;
        let count = match pages.len() {
            1 => "1 page".to_owned(),
            n => format!("{n} pages"),
        };
        report.push(format!("{}: {count} → {}", kit.title, summarize(&files)));
    }
    bar.finish_and_clear();
    for line in report {
        println!("{line}");
    }
    Ok(())
}

/// "dir/a.pdf", or "dir/a-001.svg … dir/a-012.svg".
fn summarize(files: &[PathBuf]) -> String {
    match files {
        [] => "nothing".into(),
        [one] => one.display().to_string(),
        [first, .., last] => format!("{} … {}", first.display(), last.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn parse(extra: &[&str]) -> ExportArgs {
        let mut argv = vec!["tonkin", "export", "-o", "/tmp/unused"];
        argv.extend_from_slice(extra);
        match Cli::try_parse_from(argv).unwrap().command {
            Some(Command::Export(args)) => args,
            other => panic!("{other:?}"),
        }
    }

    fn error(extra: &[&str]) -> String {
        let args = parse(extra);
        options(&args)
            .and_then(|o| kits(&args, &o).map(drop))
            .unwrap_err()
    }

    #[test]
    fn bad_input_is_named_in_one_line() {
        let cases: &[(&[&str], &str)] = &[
            (&["--game", "monopoly"], "unknown game 'monopoly'"),
            (
                &["--game", "csar", "--components", "cards,tokens"],
                "unknown component kind 'tokens'",
            ),
            (
                &["--game", "csar", "--paper", "b5"],
                "unknown paper size 'b5'",
            ),
            (
                &["--game", "csar", "--duplex", "both"],
                "unknown duplex mode 'both'",
            ),
            (
                &["--game", "csar", "--format", "jpeg"],
                "unknown format 'jpeg'",
            ),
            (
                &["--game", "csar", "--orientation", "up"],
                "unknown orientation 'up'",
            ),
            (
                &["--game", "csar", "--bleed", "-1"],
                "bleed must be between 0 and 10 mm, not -1",
            ),
            (
                &["--game", "csar", "--bleed", "NaN"],
                "bleed must be between",
            ),
            (
                &["--game", "csar", "--margin", "80"],
                "margin must be between",
            ),
            (
                &["--game", "csar", "--dpi", "20"],
                "dpi must be between 36 and 1200, not 20",
            ),
            (
                &["--game", "csar", "--dpi", "-300"],
                "dpi must be between 36 and 1200, not -300",
            ),
            (&["--game", "csar", "--dpi", "5000"], "dpi must be between"),
            (&[], "say which game to print"),
        ];
        for (argv, expected) in cases {
            let e = error(argv);
            assert!(e.contains(expected), "{argv:?}: {e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn bleed_larger_than_a_piece_is_refused() {
        let options = options(&parse(&["--bleed", "9"])).unwrap();
        let e = options
            .check_kit(&crate::export::sample::kit())
            .unwrap_err();
        assert!(
            e.contains("bleed of 9 mm is larger than half of Test counters"),
            "{e}"
        );
    }

    #[test]
    fn unwritable_output_is_refused_before_any_work() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain-file");
        std::fs::write(&file, b"x").unwrap();
        let e = job::check_output_dir(&file.join("sub")).unwrap_err();
        assert!(e.starts_with("cannot create output folder"), "{e}");
        let args = ExportArgs {
            game: None,
            alignment_page: true,
            out: file.join("sub"),
            ..parse(&[])
        };
        assert!(run(args).unwrap_err().contains("plain-file"));
    }

    #[test]
    fn the_alignment_page_needs_no_game() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().to_str().unwrap();
        let mut args = parse(&["--alignment-page", "--duplex", "short"]);
        args.out = PathBuf::from(out);
        run(args).unwrap();
        let pdf = std::fs::read(dir.path().join("alignment.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no probe or temporary file left");
    }
}
