//! Names and places fixed at build time.

pub const APP_ID: &str = "io.github.tonkin.Tonkin";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The gettext domain.
pub const GETTEXT_PACKAGE: &str = "tonkin";

/// Where compiled translations are looked for: `TONKIN_LOCALEDIR` if set, else the install
/// prefix given to the build (meson sets it), else the system default.
pub fn locale_dir() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("TONKIN_LOCALEDIR") {
        return dir.into();
    }
    match option_env!("TONKIN_BUILD_LOCALEDIR") {
        Some(dir) => dir.into(),
        None => "/usr/share/locale".into(),
    }
}

/// The user's folders for saves, settings and overrides.
pub fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("io.github", "tonkin", "tonkin")
}
