//! Compiles the resource bundle (style sheet, icons) into the binary when the GUI is built,
//! so that a plain `cargo run` and an installed build look the same.

use std::path::{Path, PathBuf};

fn main() {
    compile_translations();
    println!("cargo:rerun-if-env-changed=TONKIN_BUILD_APP_ID");
    println!("cargo:rerun-if-env-changed=TONKIN_BUILD_PROFILE");
    println!("cargo:rerun-if-env-changed=TONKIN_BUILD_LOCALEDIR");
    if std::env::var_os("CARGO_FEATURE_GUI").is_some() {
        glib_build_tools::compile_resources(
            &["resources", "data/icons/hicolor"],
            "resources/resources.gresource.xml",
            "tonkin.gresource",
        );
    }
}

/// Compiles each language of po/LINGUAS into `<target>/<profile>/locale/<lang>/LC_MESSAGES/`,
/// beside the binary, where a cargo-built Tonkin looks first (see `config::locale_dir`): `cargo
/// run` speaks the desktop's language without an install. Without msgfmt it says so and goes on.
fn compile_translations() {
    println!("cargo:rerun-if-changed=po/LINGUAS");
    let Ok(linguas) = std::fs::read_to_string("po/LINGUAS") else {
        return;
    };
    let Some(profile_dir) = std::env::var_os("OUT_DIR").and_then(|out| {
        // OUT_DIR is <target>/<profile>/build/<package>-<hash>/out.
        Path::new(&out).ancestors().nth(3).map(Path::to_path_buf)
    }) else {
        return;
    };
    for lang in linguas
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let po = PathBuf::from(format!("po/{lang}.po"));
        println!("cargo:rerun-if-changed={}", po.display());
        let dir = profile_dir.join("locale").join(lang).join("LC_MESSAGES");
        if std::fs::create_dir_all(&dir).is_err() {
            return;
        }
        let status = std::process::Command::new("msgfmt")
            .arg("-o")
            .arg(dir.join("tonkin.mo"))
            .arg(&po)
            .status();
        if !status.is_ok_and(|s| s.success()) {
            println!(
                "cargo:warning=msgfmt could not compile {}: the build speaks English",
                po.display()
            );
            return;
        }
    }
}
