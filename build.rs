//! Compiles the resource bundle (style sheet, icons) into the binary when the GUI is built,
//! so that a plain `cargo run` and an installed build look the same.

use std::path::{Path, PathBuf};

fn main() {
    compile_translations();
    fingerprint_rules();
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

/// Writes `rules_fingerprints.rs` to OUT_DIR: for each game folder of `src/games`, a hash of
/// what decides how a save replays (the game's folder and data, the engine, the locked crate
/// versions). A save carries its game's fingerprint, so that a save whose moves no longer
/// replay can be told apart: made under other rules (it may go on from its saved position) or
/// changed by hand under these (refused). See `engine::session`.
fn fingerprint_rules() {
    for path in ["src/games", "src/engine", "data/games", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let Some(out) = std::env::var_os("OUT_DIR") else {
        return;
    };
    let mut shared = Fnv::default();
    hash_tree(&mut shared, Path::new("src/engine"));
    hash_tree(&mut shared, Path::new("Cargo.lock"));
    let mut games: Vec<String> = std::fs::read_dir("src/games")
        .map(|dir| {
            dir.flatten()
                .filter(|e| e.path().is_dir())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    games.sort();
    let mut code = format!(
        "pub const ENGINE_FINGERPRINT: &str = \"{:016x}\";\n",
        shared.0
    );
    code.push_str("pub const RULES_FINGERPRINTS: &[(&str, &str)] = &[\n");
    for game in games {
        let mut hash = shared.clone();
        hash_tree(&mut hash, &Path::new("src/games").join(&game));
        hash_tree(&mut hash, &Path::new("data/games").join(&game));
        code.push_str(&format!("    (\"{game}\", \"{:016x}\"),\n", hash.0));
    }
    code.push_str("];\n");
    let file = Path::new(&out).join("rules_fingerprints.rs");
    if std::fs::read_to_string(&file).ok().as_deref() != Some(code.as_str()) {
        std::fs::write(&file, code).expect("OUT_DIR is writable");
    }
}

/// FNV-1a, 64 bits: the same input gives the same hash on every build and machine.
#[derive(Clone)]
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Hashes the files under `path` (or the file itself), names and contents, in name order.
fn hash_tree(hash: &mut Fnv, path: &Path) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|dir| dir.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for entry in entries {
            hash_tree(hash, &entry);
        }
    } else if let Ok(bytes) = std::fs::read(path) {
        hash.write(path.to_string_lossy().as_bytes());
        hash.write(&bytes);
    }
}
