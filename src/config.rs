//! Names and places fixed at build time.

/// The application id; meson's development profile builds `….Devel` beside the release.
pub const APP_ID: &str = match option_env!("TONKIN_BUILD_APP_ID") {
    Some(id) => id,
    None => "io.github.tonkin.Tonkin",
};
/// `default` or `development` (meson's `profile` option).
pub const PROFILE: &str = match option_env!("TONKIN_BUILD_PROFILE") {
    Some(p) => p,
    None => "default",
};
/// The icon's name, the same in both profiles (it ships inside the binary's resources).
pub const ICON_NAME: &str = "io.github.tonkin.Tonkin";
/// Where the embedded resources live.
pub const RESOURCE_BASE: &str = "/io/github/tonkin/Tonkin";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The gettext domain.
pub const GETTEXT_PACKAGE: &str = "tonkin";

/// Where compiled translations are looked for: `TONKIN_LOCALEDIR` if set; else the `locale`
/// folder that the cargo build puts beside the binary (see build.rs; test binaries sit one
/// folder deeper); else the install prefix given to the build (meson sets it), else the
/// system default.
pub fn locale_dir() -> std::path::PathBuf {
    if let Some(dir) = std::env::var_os("TONKIN_LOCALEDIR") {
        return dir.into();
    }
    let beside_binary = std::env::current_exe().ok().and_then(|exe| {
        exe.ancestors()
            .skip(1)
            .take(2)
            .map(|dir| dir.join("locale"))
            .find(|dir| dir.is_dir())
    });
    if let Some(dir) = beside_binary {
        return dir;
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
