//! `tonkin export`.

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// Game id, or `all`
    #[arg(long)]
    pub game: String,
}

pub fn run(args: ExportArgs) -> Result<(), String> {
    let _ = args;
    Err("export: no game has printable components in this version yet".into())
}
