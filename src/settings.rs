//! The player's preferences, kept as a small JSON file in the config dir.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::engine::atomic::write_atomically;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorScheme {
    #[default]
    System,
    Light,
    Dark,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Undo may step back over card draws, die rolls and reveals.
    pub casual_undo: bool,
    pub color_scheme: ColorScheme,
    /// Show the odds of each outcome before a risky decision.
    pub show_odds: bool,
    /// Save the game after every action, so that it can be resumed.
    pub autosave: bool,
    /// New games ask for the face of each die the rules roll (the player's own dice).
    pub own_dice: bool,
    /// The guided first game: each kind of decision is explained the first time it comes up.
    pub guide: bool,
    /// The kinds of decision the guide has explained, by game id.
    pub guide_seen: BTreeMap<String, BTreeSet<String>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            casual_undo: false,
            color_scheme: ColorScheme::System,
            show_odds: true,
            autosave: true,
            own_dice: false,
            guide: true,
            guide_seen: BTreeMap::new(),
        }
    }
}

impl Settings {
    /// The settings file, or `None` on a platform without a config dir.
    pub fn default_path() -> Option<PathBuf> {
        crate::config::project_dirs().map(|d| d.config_dir().join("settings.json"))
    }

    /// Reads the settings; a missing file gives the defaults, a damaged one gives the
    /// defaults and the reason (the file is left alone for the player to inspect).
    pub fn load(path: &Path) -> (Settings, Option<String>) {
        match std::fs::read(path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
            Err(e) => (
                Settings::default(),
                Some(format!("{}: {e}", path.display())),
            ),
            Ok(bytes) => match serde_json::from_slice(&bytes) {
                Ok(s) => (s, None),
                Err(e) => (
                    Settings::default(),
                    Some(format!("{}: {e}", path.display())),
                ),
            },
        }
    }

    pub fn save(&self, path: &Path) -> Result<(), String> {
        let json = serde_json::to_vec_pretty(self).map_err(|e| e.to_string())?;
        write_atomically(path, &json).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        assert_eq!(Settings::load(&path), (Settings::default(), None));
        let mut s = Settings {
            casual_undo: true,
            color_scheme: ColorScheme::Dark,
            guide: false,
            ..Settings::default()
        };
        // The guide's memory of what it explained survives a restart.
        s.guide_seen
            .entry("csar".to_owned())
            .or_default()
            .insert("move".to_owned());
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path).0, s);
        std::fs::write(&path, b"{not json").unwrap();
        let (back, err) = Settings::load(&path);
        assert_eq!(back, Settings::default());
        assert!(err.unwrap().contains("settings.json"));
        // Older files without newer fields still load.
        std::fs::write(&path, br#"{"casual_undo": true}"#).unwrap();
        assert!(Settings::load(&path).0.casual_undo);
    }
}
