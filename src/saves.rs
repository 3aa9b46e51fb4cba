//! Games in progress and finished games on disk: one autosave file per game in progress, a
//! history folder for the games that ended. Headless: the launcher lists what this finds.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::games::{self, PlaySession};

/// The folder of the autosaves of the games in progress.
pub fn autosave_dir() -> Option<PathBuf> {
    crate::config::project_dirs().map(|d| d.data_dir().join("autosave"))
}

/// The folder where a finished game's autosave goes.
pub fn history_dir() -> Option<PathBuf> {
    crate::config::project_dirs().map(|d| d.data_dir().join("history"))
}

/// A file in `dir` for a new game of `game` that no other game uses: a new game never
/// overwrites one in progress. The file is written at the game's first action, so names
/// handed out earlier in this process are never handed out again.
pub fn new_autosave_path(dir: &Path, game: &str) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static HANDED_OUT: AtomicU64 = AtomicU64::new(0);
    let stamp = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    loop {
        let n = HANDED_OUT.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("{game}-{stamp}-{}-{n}.json", std::process::id()));
        if !path.exists() {
            return path;
        }
    }
}

/// One autosave file as the launcher shows it.
pub enum Autosave {
    /// A game that loads: its session, and when it was last saved.
    Game {
        path: PathBuf,
        session: Box<dyn PlaySession>,
        saved: Option<SystemTime>,
    },
    /// A file that does not load, and why.
    Damaged { path: PathBuf, reason: String },
}

impl Autosave {
    pub fn path(&self) -> &Path {
        match self {
            Autosave::Game { path, .. } | Autosave::Damaged { path, .. } => path,
        }
    }
}

/// Every `.json` file of `dir`, loaded, newest first; a file that cannot be read or loaded is
/// listed as damaged with the reason, never skipped and never fatal.
pub fn list(dir: &Path) -> Vec<Autosave> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(Option<SystemTime>, PathBuf)> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| (std::fs::metadata(&p).and_then(|m| m.modified()).ok(), p))
        .collect();
    files.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    files
        .into_iter()
        .map(|(saved, path)| {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            match std::fs::read(&path)
                .map_err(|e| format!("{name}: {e}"))
                .and_then(|bytes| games::load_any(&bytes, &name))
            {
                Ok(session) => Autosave::Game {
                    path,
                    session,
                    saved,
                },
                Err(reason) => Autosave::Damaged { path, reason },
            }
        })
        .collect()
}

/// Lists the games in progress of `dir` and moves those that have ended into `history`.
pub fn list_in_progress(dir: &Path, history: &Path) -> Vec<Autosave> {
    list(dir)
        .into_iter()
        .filter(|save| match save {
            Autosave::Game { path, session, .. } if session.outcome().is_some() => {
                if let Err(e) = move_into(path, history) {
                    eprintln!("tonkin: {e}");
                }
                false
            }
            _ => true,
        })
        .collect()
}

/// Moves a file into a folder (made if missing), keeping its name.
fn move_into(path: &Path, folder: &Path) -> Result<(), String> {
    let name = path
        .file_name()
        .ok_or_else(|| format!("{}: not a file", path.display()))?;
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    std::fs::rename(path, folder.join(name)).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_game(dir: &Path) -> PathBuf {
        let driver = games::find("csar").and_then(|g| g.driver).unwrap();
        let scenario = driver.scenarios()[0].id;
        let mut session = driver.new_session(scenario, 3, &[]).unwrap();
        let path = new_autosave_path(dir, "csar");
        session.autosave_to(path.clone());
        session.choose(0).unwrap();
        path
    }

    #[test]
    fn two_new_games_of_one_game_keep_two_files() {
        let dir = tempfile::tempdir().unwrap();
        let first = new_game(dir.path());
        let second = new_game(dir.path());
        assert_ne!(first, second);
        assert!(first.exists() && second.exists());
        assert_eq!(list(dir.path()).len(), 2);
    }

    #[test]
    fn a_damaged_file_is_listed_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        new_game(dir.path());
        std::fs::write(dir.path().join("broken.json"), b"{ not json").unwrap();
        let listed = list(dir.path());
        assert_eq!(listed.len(), 2);
        let reason = listed
            .iter()
            .find_map(|s| match s {
                Autosave::Damaged { reason, .. } => Some(reason.clone()),
                Autosave::Game { .. } => None,
            })
            .expect("the broken file is listed as damaged");
        assert!(reason.starts_with("broken.json"), "{reason}");
    }

    #[test]
    fn a_finished_game_moves_to_the_history() {
        let dir = tempfile::tempdir().unwrap();
        let history = dir.path().join("history");
        let saves = dir.path().join("autosave");
        std::fs::create_dir_all(&saves).unwrap();
        let driver = games::find("csar").and_then(|g| g.driver).unwrap();
        let scenario = driver.scenarios()[0].id;
        let mut session = driver.new_session(scenario, 5, &[]).unwrap();
        let path = new_autosave_path(&saves, "csar");
        session.autosave_to(path.clone());
        let in_progress = new_game(&saves);
        driver
            .bot_steps(session.as_mut(), games::driver::BotKind::Random, 5, 100_000)
            .unwrap();
        assert!(session.outcome().is_some(), "the bot finishes the game");
        let listed = list_in_progress(&saves, &history);
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].path(), in_progress);
        assert!(!path.exists());
        assert!(history.join(path.file_name().unwrap()).exists());
    }
}
