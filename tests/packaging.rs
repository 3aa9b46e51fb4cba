//! Static checks of the packaging files: the Flatpak manifest and its cargo sources, the
//! translation lists, and the names the desktop files share with the program. They read
//! files only, so they run with every `cargo test`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;
use tonkin::config::APP_ID;

const MANIFEST: &str = "flatpak/io.github.tonkin.Tonkin.json";
const CARGO_SOURCES: &str = "flatpak/cargo-sources.json";
const BINARY: &str = "tonkin";
/// The sandbox holes the app needs: a display, the GPU, shared memory. Files go through
/// the file-chooser portal, so no --filesystem. Widen this only with a reason.
const ALLOWED_FINISH_ARGS: [&str; 4] = [
    "--share=ipc",
    "--socket=fallback-x11",
    "--socket=wayland",
    "--device=dri",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read_json(relative: &str) -> Value {
    serde_json::from_str(&read(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// Lines of a list file, without blanks and `#` comments.
fn list_lines(relative: &str) -> Vec<String> {
    read(relative)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn manifest_names_the_app_and_its_binary() {
    let manifest = read_json(MANIFEST);
    assert_eq!(manifest["id"], APP_ID, "{MANIFEST}: id");
    assert_eq!(manifest["command"], BINARY, "{MANIFEST}: command");
    assert_eq!(
        env!("CARGO_PKG_NAME"),
        BINARY,
        "the package's binary is the command"
    );
    let extensions = manifest["sdk-extensions"]
        .as_array()
        .expect("sdk-extensions");
    assert!(
        extensions.contains(&Value::from("org.freedesktop.Sdk.Extension.rust-stable")),
        "{MANIFEST}: the Rust SDK extension is needed to build offline"
    );
}

#[test]
fn manifest_sandbox_is_no_wider_than_needed() {
    let manifest = read_json(MANIFEST);
    let args = manifest["finish-args"].as_array().expect("finish-args");
    for arg in args {
        let arg = arg.as_str().expect("finish-args are strings");
        assert!(
            !arg.starts_with("--filesystem"),
            "{MANIFEST}: {arg}: files go through the portal, no --filesystem"
        );
        assert!(
            ALLOWED_FINISH_ARGS.contains(&arg),
            "{MANIFEST}: {arg} is not among the permissions the app needs"
        );
    }
}

/// Every source of every module (nested ones too) that names a local file or folder.
fn local_sources(module: &Value, out: &mut Vec<String>) {
    for source in module["sources"].as_array().into_iter().flatten() {
        match source {
            Value::String(file) => out.push(file.clone()),
            Value::Object(fields) => {
                out.extend(
                    fields
                        .get("path")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                );
                for path in fields
                    .get("paths")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    out.extend(path.as_str().map(str::to_owned));
                }
            }
            _ => panic!("{MANIFEST}: a source is neither a file name nor an object"),
        }
    }
    for child in module["modules"].as_array().into_iter().flatten() {
        match child {
            Value::String(file) => out.push(file.clone()),
            _ => local_sources(child, out),
        }
    }
}

#[test]
fn manifest_local_sources_exist() {
    let manifest = read_json(MANIFEST);
    let mut paths = Vec::new();
    local_sources(&manifest, &mut paths);
    assert!(
        paths.contains(&"cargo-sources.json".to_owned()),
        "{MANIFEST}: vendored crates"
    );
    let folder = root().join(MANIFEST).parent().unwrap().to_path_buf();
    for path in paths {
        assert!(
            folder.join(&path).exists(),
            "{MANIFEST}: source {path} does not exist"
        );
    }
}

#[test]
fn cargo_sources_match_cargo_lock() {
    let lock: toml::Value = toml::from_str(&read("Cargo.lock")).expect("Cargo.lock parses");
    let mut wanted = BTreeMap::new();
    for package in lock["package"].as_array().expect("packages") {
        let source = package.get("source").and_then(toml::Value::as_str);
        assert!(
            !source.is_some_and(|s| s.starts_with("git+")),
            "git dependencies need the generator's git handling: {package:?}"
        );
        if let Some(checksum) = package.get("checksum").and_then(toml::Value::as_str) {
            let (name, version) = (package["name"].as_str(), package["version"].as_str());
            let (name, version) = (name.unwrap(), version.unwrap());
            let url = format!("https://static.crates.io/crates/{name}/{name}-{version}.crate");
            wanted.insert(url, checksum.to_owned());
        }
    }
    let mut vendored = BTreeMap::new();
    for source in read_json(CARGO_SOURCES)
        .as_array()
        .expect("a list of sources")
    {
        if source["type"] == "archive" {
            let url = source["url"].as_str().expect("url").to_owned();
            vendored.insert(url, source["sha256"].as_str().expect("sha256").to_owned());
        }
    }
    let differ: Vec<&String> = wanted
        .keys()
        .chain(vendored.keys())
        .filter(|url| wanted.get(*url) != vendored.get(*url))
        .collect();
    assert!(
        differ.is_empty(),
        "{CARGO_SOURCES} is out of date with Cargo.lock (regenerate it, see docs/packaging.md): {differ:?}"
    );
}

/// Whether `text` calls `keyword("literal"...)`, spaces and newlines allowed before the quote.
fn calls_with_literal(text: &str, keyword: &str) -> bool {
    let call = format!("{keyword}(");
    text.match_indices(&call).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let word_starts = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        word_starts && text[at + call.len()..].trim_start().starts_with('"')
    })
}

/// The code of a Rust file that ships: before its inline test module (`#[cfg(test)] mod tests
/// {`), without line comments. Other test-only items (`#[cfg(test)] mod tests;` near the top of
/// a file) lose their attribute only: the code after them ships.
fn shipped_code(text: &str) -> String {
    let mut shipped = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            let item = lines.peek().map_or("", |l| l.trim());
            if item.contains("mod ") && item.ends_with('{') {
                break;
            }
        } else if !code.starts_with("//") {
            shipped.push(line);
        }
    }
    shipped.join("\n")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What `po/POTFILES.in` must list: the desktop and metainfo files, the game content's
/// catalogue, and every source file whose shipped code calls a gettext keyword with a
/// literal, unless `po/POTFILES.skip` names it. `make pot` writes it (through
/// [`write_potfiles`]).
fn potfiles() -> String {
    let skipped: BTreeSet<String> = list_lines("po/POTFILES.skip").into_iter().collect();
    let in_progress: Vec<String> = list_lines("po/games-in-progress")
        .into_iter()
        .map(|id| format!("src/games/{id}/"))
        .collect();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut listed: Vec<String> = files
        .into_iter()
        .filter(|path| {
            let code = shipped_code(&std::fs::read_to_string(path).unwrap());
            ["msg", "msg_n", "n_", "gettext", "ngettext", "pgettext"]
                .iter()
                .any(|k| calls_with_literal(&code, k))
        })
        .map(|path| {
            path.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|relative| !skipped.contains(relative))
        // A game in progress keeps only its launcher entry (its MODULE in mod.rs).
        .filter(|relative| {
            !in_progress
                .iter()
                .any(|dir| relative.starts_with(dir) && *relative != format!("{dir}mod.rs"))
        })
        .collect();
    listed.extend(
        [
            "data/io.github.tonkin.Tonkin.desktop.in",
            "data/io.github.tonkin.Tonkin.metainfo.xml.in",
            "po/game-content.pot",
        ]
        .map(str::to_owned),
    );
    listed.sort();
    let mut out = String::from(
        "# Files with strings for players, written by `make pot` (do not edit): every source file\n\
         # calling msg(), msg_n(), n_(), gettext(), ngettext() or pgettext() with a literal, unless\n\
         # po/POTFILES.skip names it. Rust files are read by xgettext as C (it has no Rust parser).\n",
    );
    for file in listed {
        out.push_str(&file);
        out.push('\n');
    }
    out
}

/// The games kept out of the catalogue are exactly those not playable yet: a game that gets
/// its driver must go to the translators.
#[test]
fn games_in_progress_are_the_unplayable_ones() {
    let listed: BTreeSet<String> = list_lines("po/games-in-progress").into_iter().collect();
    let unplayable: BTreeSet<String> = tonkin::games::ALL
        .iter()
        .filter(|g| !g.playable())
        .map(|g| g.id.to_owned())
        .collect();
    assert_eq!(
        listed, unplayable,
        "po/games-in-progress must name exactly the games without a driver"
    );
}

#[test]
fn potfiles_is_current() {
    for file in list_lines("po/POTFILES.skip") {
        assert!(
            root().join(&file).is_file(),
            "po/POTFILES.skip: {file} does not exist"
        );
    }
    assert!(
        read("po/POTFILES.in") == potfiles(),
        "po/POTFILES.in is not current: run `make pot`"
    );
}

/// Writes `po/POTFILES.in` (run by `make pot`).
#[test]
#[ignore = "writes po/POTFILES.in; run by `make pot`"]
fn write_potfiles() {
    std::fs::write(root().join("po/POTFILES.in"), potfiles()).unwrap();
}

#[test]
fn every_language_has_a_catalogue() {
    let languages = list_lines("po/LINGUAS");
    assert!(!languages.is_empty());
    for line in languages {
        for lang in line.split_whitespace() {
            assert!(
                root().join(format!("po/{lang}.po")).is_file(),
                "po/{lang}.po"
            );
        }
    }
}

#[test]
fn desktop_files_start_the_binary() {
    let desktop = read("data/io.github.tonkin.Tonkin.desktop.in");
    assert!(
        desktop.lines().any(|l| l == format!("Exec={BINARY}")),
        "Exec"
    );
    let metainfo = read("data/io.github.tonkin.Tonkin.metainfo.xml.in");
    assert!(
        metainfo.contains(&format!("<binary>{BINARY}</binary>")),
        "provides binary"
    );
    assert!(
        metainfo.contains("<id>@APP_ID@</id>"),
        "meson fills in the id"
    );
    assert!(
        read("meson.build").contains(&format!("base_id = '{APP_ID}'")),
        "meson.build and src/config.rs agree on the application id"
    );
}

#[test]
fn the_translatable_call_finder_is_exact() {
    assert!(calls_with_literal("x = msg(\"a\")", "msg"));
    assert!(calls_with_literal(
        "pgettext(\"zone letter\", \"E\")",
        "pgettext"
    ));
    assert!(calls_with_literal("msg(\n    \"a long one\",\n)", "msg"));
    assert!(!calls_with_literal("my_msg(\"a\")", "msg"));
    assert!(!calls_with_literal("msg(id)", "msg"));
    assert!(shipped_code("a\n// msg(\"x\")\n#[cfg(test)]\nmod tests {\nmsg(\"y\")").trim() == "a");
    // A test module declared at the top does not hide the code after it.
    assert!(shipped_code("#[cfg(test)]\nmod tests;\nmsg(\"z\")").contains("msg(\"z\")"));
}

/// Compiles every catalogue, then runs [`render_catalog_in_child`] in a child process per
/// language (the language comes from the environment, which a running test must not change)
/// and checks that the program's own set-up (`i18n::init`, `config::locale_dir`) finds the
/// catalogue and renders the launcher's texts translated.
#[test]
fn the_program_speaks_the_compiled_catalogues() {
    let locale_dir = tempfile::tempdir().unwrap();
    for lang in ["de", "fr"] {
        let folder = locale_dir.path().join(lang).join("LC_MESSAGES");
        std::fs::create_dir_all(&folder).unwrap();
        let status = std::process::Command::new("msgfmt")
            .arg("-o")
            .arg(folder.join("tonkin.mo"))
            .arg(root().join(format!("po/{lang}.po")))
            .status()
            .expect("msgfmt (package gettext) is installed");
        assert!(status.success(), "msgfmt po/{lang}.po");
    }
    let expected = [("de", "1 Spieler"), ("fr", "1 joueur"), ("en", "1 player")];
    for (lang, players) in expected {
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--ignored",
                "--exact",
                "render_catalog_in_child",
                "--nocapture",
            ])
            .env("TONKIN_LOCALEDIR", locale_dir.path())
            .env("LANG", "C.UTF-8")
            .env("LANGUAGE", lang)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let first = stdout.lines().find_map(|l| l.strip_prefix("rendered: "));
        assert_eq!(first, Some(players), "{lang}: {stdout}");
    }
}

#[test]
#[ignore = "run in a child process by the_program_speaks_the_compiled_catalogues"]
fn render_catalog_in_child() {
    tonkin::i18n::init();
    for game in tonkin::games::ALL {
        println!("rendered: {}", game.players().render());
    }
}
