//! Structured random-input fuzzing of every door bad input comes through: the save and script
//! loader, each playable game's action replay (mutated action lists through the loader, and
//! random choices, undo and redo on a live session), and every content file's parser and
//! checks (mutated TOML as an owner's override).
//!
//! cargo-fuzz is not installed and cannot be fetched, so this is a fuzzer of its own: inputs
//! are mutated with knowledge of their structure (JSON actions swapped, dropped, repeated and
//! given extreme numbers; TOML lines dropped, repeated, and numbers and strings replaced by
//! absurd ones), and in `make fuzz`, whose library is instrumented for edge coverage
//! (`src/fuzz_coverage.rs`), an input that reaches a new edge is kept and mutated further. The
//! start corpus is the test saves (`tests/saves`), saves of bot games made at start, and the
//! game data (`data/games`).
//!
//! `cargo test --test fuzz` runs every target for a moment (part of `make test`); `make fuzz`
//! runs the ignored long run (`FUZZ_SECONDS` per target, release build), which keeps its inputs
//! in `target/fuzz-corpus/<target>/` and its figures in `target/fuzz-corpus/runs.tsv`, so that
//! runs add up. A panic is a crash: its input is written to `$TMPDIR/tonkin-fuzz-crashes/` and
//! the test fails; each crash found becomes a regression test.

use std::cell::RefCell;
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;
use tonkin::engine::content::{self, ContentError, Files};
use tonkin::engine::reference::RulesFile;
use tonkin::games::{self, BotKind, PlaySession, learn};

/// A small seeded generator (SplitMix64): each run is repeatable from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Numbers that break arithmetic and ranges.
const NUMBERS: &[&str] = &[
    "0",
    "-1",
    "1",
    "7",
    "255",
    "256",
    "65536",
    "-7",
    "2147483647",
    "-2147483648",
    "2000000000",
    "-2000000000",
    "4294967296",
    "40000000000",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "1e400",
    "0.5",
    "nan",
    "inf",
];

const STRINGS: &[&str] = &[
    "\"\"",
    "\"banana\"",
    "\"purple\"",
    "\"recon\"",
    "\"rulebook\"",
    "\"d10\"",
    "\"2d10\"",
    "\"\\u0000\"",
    "\"ééé\"",
    "[]",
    "{}",
    "true",
];

/// The kind of an execution's result, without the values in it: "ok", or the letters of an
/// error's first words, hashed. Distinct kinds are a rough sign of how far inputs get.
fn outcome(result: &Result<(), String>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    match result {
        Ok(()) => 0.hash(&mut hasher),
        Err(e) => e
            .chars()
            .filter(|c| c.is_alphabetic() || *c == ' ')
            .take(60)
            .for_each(|c| c.hash(&mut hasher)),
    }
    hasher.finish()
}

/// A fuzz target: its inputs are bytes, made by mutating one input of its pool (with a second
/// one to splice from), and run.
struct Target {
    name: String,
    /// The inputs mutated from: the corpus, and every input that reached a new edge of the
    /// library (when it is built for coverage, see `make fuzz`).
    pool: Vec<Vec<u8>>,
    mutate: Mutator,
    run: Runner,
}

/// Makes an input from one of the pool (and another to splice from).
type Mutator = Box<dyn Fn(&mut Rng, &[u8], &[u8]) -> Vec<u8>>;
/// Runs an input: an error is an answer, a panic a crash.
type Runner = Box<dyn Fn(&[u8]) -> Result<(), String>>;

#[derive(Default)]
struct Report {
    /// Mutated inputs run (the corpus replayed at the start is not counted).
    executions: u64,
    /// How long the mutated inputs ran.
    seconds: f64,
    /// Inputs of the corpus run again at the start (their edges are the target's start).
    replayed: usize,
    crashes: Vec<String>,
    outcomes: HashSet<u64>,
    /// Inputs kept for reaching new edges.
    kept: usize,
    /// Edges of the library this target's inputs reached, corpus included (when it is built
    /// for coverage, see `make fuzz`).
    edges: Option<usize>,
}

/// The library's edges taken so far, when it is built for coverage (`make fuzz`).
fn edges_taken() -> Option<usize> {
    #[cfg(tonkin_coverage)]
    return Some(tonkin::fuzz_coverage::edges().1);
    #[cfg(not(tonkin_coverage))]
    None
}

/// Starts counting a target's edges from none (when the library is built for coverage).
fn reset_edges() {
    #[cfg(tonkin_coverage)]
    tonkin::fuzz_coverage::reset();
}

thread_local! {
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        PANIC.with(|p| *p.borrow_mut() = Some(format!("{info} at {place}")));
    }));
}

/// Runs one input: its outcome, or the crash (with the input written to `crash_dir`).
fn execute(target: &Target, input: &[u8], crash_dir: &Path, report: &mut Report) {
    match catch_unwind(AssertUnwindSafe(|| (target.run)(input))) {
        Ok(result) => {
            report.outcomes.insert(outcome(&result));
        }
        Err(_) => {
            let message = PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
            std::fs::create_dir_all(crash_dir).unwrap();
            let file = crash_dir.join(format!(
                "{}-{}.bin",
                target.name.replace('/', "_"),
                hash(input)
            ));
            std::fs::write(&file, input).unwrap();
            report.crashes.push(format!(
                "{}: {message} (input {})",
                target.name,
                file.display()
            ));
        }
    }
}

/// A name for an input: its hash, in hexadecimal.
fn hash(input: &[u8]) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    input.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}

/// Fuzzes `target` for `budget`. With a `corpus` folder, the inputs kept by earlier runs are
/// run first (so that this run starts from the edges they reached) and mutated with the rest
/// of the pool, and every input that reaches a new edge is written there.
fn run_target(
    target: &mut Target,
    seed: u64,
    budget: Duration,
    crash_dir: &Path,
    corpus: Option<&Path>,
) -> Report {
    let mut rng = Rng(seed);
    let mut report = Report::default();
    reset_edges();
    if let Some(dir) = corpus {
        std::fs::create_dir_all(dir).unwrap();
        let mut kept: Vec<Vec<u8>> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .collect();
        kept.sort();
        target.pool.extend(kept);
        for input in &target.pool {
            execute(target, input, crash_dir, &mut report);
            report.replayed += 1;
        }
    }
    let mut taken = edges_taken();
    let start = Instant::now();
    while start.elapsed() < budget {
        let seed = rng.below(target.pool.len());
        let other = rng.below(target.pool.len());
        let input = (target.mutate)(&mut rng, &target.pool[seed], &target.pool[other]);
        report.executions += 1;
        let crashes = report.crashes.len();
        execute(target, &input, crash_dir, &mut report);
        if report.crashes.len() > crashes {
            continue;
        }
        if let (Some(before), Some(now)) = (taken, edges_taken())
            && now > before
        {
            report.kept += 1;
            if let Some(dir) = corpus {
                std::fs::write(dir.join(hash(&input)), &input).unwrap();
            }
            target.pool.push(input);
            taken = Some(now);
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report.edges = taken;
    report
}

// ---------------------------------------------------------------------------------------------
// The corpus.

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A save of a bot game of each playable game, cut at several lengths, and the test saves.
fn saves() -> Vec<(String, Vec<u8>)> {
    let dir = tempfile::tempdir().unwrap();
    let mut saves = Vec::new();
    for game in games::ALL {
        let Some(driver) = game.driver else { continue };
        for (i, scenario) in driver.scenarios().iter().enumerate().take(2) {
            for steps in [5, 40, 400] {
                let seed = 11 + i as u64 + steps as u64;
                let mut session = driver.new_session(scenario.id, seed, &[]).unwrap();
                driver
                    .bot_steps(session.as_mut(), BotKind::Random, seed, steps)
                    .unwrap();
                let path = dir.path().join("s.json");
                session.save(&path).unwrap();
                saves.push((game.id.to_owned(), std::fs::read(&path).unwrap()));
            }
        }
    }
    for entry in std::fs::read_dir(repo().join("tests/saves")).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let game = serde_json::from_slice::<Value>(&bytes).unwrap()["game"]
            .as_str()
            .unwrap()
            .to_owned();
        saves.push((game, bytes));
    }
    saves
}

fn load(bytes: &[u8]) -> Result<(), String> {
    let session = games::load_any(bytes, "fuzz.json")?;
    // What the window and `replay` read of a loaded game.
    let _ = session.prompt();
    let _ = session.outcome();
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Mutations.

/// Byte-level damage: flips, cuts, insertions, splices of another save.
fn mutate_bytes(rng: &mut Rng, bytes: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..1 + rng.below(4) {
        if out.is_empty() {
            out.push(b'{');
        }
        let at = rng.below(out.len());
        match rng.below(6) {
            0 => out[at] ^= 1 << rng.below(8),
            1 => out.truncate(at),
            2 => {
                let token = rng.pick(NUMBERS).as_bytes();
                out.splice(at..at, token.iter().copied());
            }
            3 => {
                let token = rng.pick(&["{", "}", "[", "]", ",", ":", "\"", "null", "\u{feff}"]);
                out.splice(at..at, token.bytes());
            }
            4 => {
                let from = rng.below(other.len());
                let len = rng.below(64).min(other.len() - from);
                out.splice(at..at, other[from..from + len].iter().copied());
            }
            _ => {
                let end = (at + rng.below(32)).min(out.len());
                out.drain(at..end);
            }
        }
    }
    out
}

/// Changes one number or string somewhere inside a JSON value.
fn mutate_value(rng: &mut Rng, value: &mut Value) {
    match value {
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len());
            mutate_value(rng, &mut items[i]);
        }
        Value::Object(map) if !map.is_empty() => {
            let key = map.keys().nth(rng.below(map.len())).unwrap().clone();
            if rng.chance(8) {
                let v = map.remove(&key).unwrap();
                map.insert(format!("{key}_"), v);
            } else {
                mutate_value(rng, map.get_mut(&key).unwrap());
            }
        }
        _ => {
            let text = if rng.chance(2) {
                rng.pick(NUMBERS)
            } else {
                rng.pick(STRINGS)
            };
            if let Ok(v) = serde_json::from_str(text) {
                *value = v;
            }
        }
    }
}

/// A save with its action list edited: actions dropped, repeated, swapped, moved from
/// elsewhere in the list, given other values; sometimes the snapshot goes (a script) or
/// the seed or options change.
fn mutate_actions(rng: &mut Rng, save: &[u8]) -> Vec<u8> {
    let mut file: Value = serde_json::from_slice(save).unwrap();
    if rng.chance(2) {
        file.as_object_mut().unwrap().remove("snapshot");
    }
    let pool: Vec<Value> = file["actions"].as_array().cloned().unwrap_or_default();
    let actions = file["actions"].as_array_mut().unwrap();
    for _ in 0..1 + rng.below(3) {
        let len = actions.len();
        let at = rng.below(len + 1);
        match rng.below(7) {
            0 if at < len => {
                actions.remove(at);
            }
            1 if at < len => {
                let a = actions[at].clone();
                actions.insert(at, a);
            }
            2 if len > 1 => {
                let b = rng.below(len);
                actions.swap(at.min(len - 1), b);
            }
            3 if !pool.is_empty() => actions.insert(at, rng.pick(&pool).clone()),
            4 if at < len => mutate_value(rng, &mut actions[at]),
            5 => actions.truncate(at),
            _ => {
                let text: &&str = rng.pick(STRINGS);
                let v = serde_json::from_str::<Value>(text).unwrap();
                actions.insert(at, v);
            }
        }
    }
    if rng.chance(6) {
        file["seed"] = rng.next().into();
    }
    if rng.chance(10) {
        mutate_value(rng, &mut file["options"]);
    }
    serde_json::to_vec(&file).unwrap()
}

/// A content file with some lines dropped, repeated or with a value replaced.
fn mutate_toml(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for _ in 0..1 + rng.below(3) {
        if lines.is_empty() {
            break;
        }
        let at = rng.below(lines.len());
        match rng.below(8) {
            0 => {
                lines.remove(at);
            }
            1 => {
                let l = lines[at].clone();
                lines.insert(at, l);
            }
            2 => {
                let l = lines[at].clone();
                let to = rng.below(lines.len());
                lines.insert(to, l);
            }
            3 => {
                let cut = rng.below(lines[at].len() + 1);
                if lines[at].is_char_boundary(cut) {
                    lines[at].insert(cut, ']');
                }
            }
            _ => lines[at] = replace_value(rng, &lines[at]),
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// One number or quoted string of a line replaced by an absurd value.
fn replace_value(rng: &mut Rng, line: &str) -> String {
    let bytes = line.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' {
            let end = line[i + 1..].find('"').map_or(bytes.len(), |e| i + 2 + e);
            spans.push((i, end));
            i = end;
        } else if c.is_ascii_digit()
            || (c == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            spans.push((i, end));
            i = end;
        } else {
            i += 1;
        }
    }
    if spans.is_empty() {
        return line.to_owned();
    }
    let (from, to) = *rng.pick(&spans);
    let value = if rng.chance(2) {
        rng.pick(NUMBERS)
    } else {
        rng.pick(STRINGS)
    };
    format!("{}{value}{}", &line[..from], &line[to..])
}

// ---------------------------------------------------------------------------------------------
// The targets.

fn save_target(saves: &[(String, Vec<u8>)]) -> Target {
    let mut pool: Vec<Vec<u8>> = saves.iter().map(|(_, b)| b.clone()).collect();
    // Mostly the shorter saves: more inputs per second, the same parser.
    pool.sort_by_key(Vec::len);
    pool.truncate(pool.len().div_ceil(2));
    Target {
        name: "save".into(),
        pool,
        mutate: Box::new(mutate_bytes),
        run: Box::new(load),
    }
}

fn replay_target(game: &'static str, saves: &[(String, Vec<u8>)]) -> Target {
    Target {
        name: format!("replay/{game}"),
        pool: saves
            .iter()
            .filter(|(g, _)| g == game)
            .map(|(_, b)| b.clone())
            .collect(),
        mutate: Box::new(|rng, save, _| mutate_actions(rng, save)),
        run: Box::new(load),
    }
}

/// Random choices by index (some out of range), undo, redo and casual undo on a live session.
/// An input is the scenario (its first byte), the seed (the next eight) and the moves (two
/// bytes each: what to do, and which choice).
fn live_target(game: &'static games::GameModule) -> Target {
    let driver = game.driver.unwrap();
    let scenarios: Vec<&'static str> = driver.scenarios().iter().map(|s| s.id).collect();
    let mut rng = Rng(game.id.len() as u64);
    let pool = (0..16)
        .map(|_| {
            let len = 9 + 2 * rng.below(300);
            (0..len).map(|_| rng.next() as u8).collect()
        })
        .collect();
    Target {
        name: format!("live/{}", game.id),
        pool,
        mutate: Box::new(|rng, input, other| {
            let mut out = mutate_bytes(rng, input, other);
            out.resize(out.len().max(9), 0);
            out
        }),
        run: Box::new(move |input| {
            let scenario = scenarios[input[0] as usize % scenarios.len()];
            let seed = u64::from_le_bytes(input[1..9].try_into().unwrap());
            let mut session = driver.new_session(scenario, seed, &[])?;
            play_randomly(session.as_mut(), &input[9..])
        }),
    }
}

fn play_randomly(session: &mut dyn PlaySession, moves: &[u8]) -> Result<(), String> {
    for m in moves.chunks(2) {
        if session.outcome().is_some() {
            break;
        }
        let (what, which) = (m[0], *m.get(1).unwrap_or(&0) as usize);
        match what % 16 {
            0 => {
                session.set_casual_undo(what & 16 != 0);
                let _ = session.undo();
            }
            1 => {
                let _ = session.redo();
            }
            2 => {
                let _ = session.choose(usize::MAX - which % 3);
            }
            _ => {
                let count = session.prompt().choices.len();
                if count == 0 {
                    return Err("no choices".into());
                }
                // A refusal is an answer, not a crash.
                let _ = session.choose(which % count);
            }
        }
    }
    let _ = session.log().len();
    Ok(())
}

/// The content files of `game` (the corpus), each mutated and loaded as an override. An
/// input is a file's name, a line break, and its text.
fn content_target(game: &'static str, loader: Loader, overrides: &Path) -> Target {
    let folder = repo().join("data/games").join(game);
    let mut pool: Vec<Vec<u8>> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            format!("{name}\n{}", std::fs::read_to_string(&p).unwrap()).into_bytes()
        })
        .collect();
    pool.sort();
    let dir = overrides.join(game);
    std::fs::create_dir_all(&dir).unwrap();
    let split = |input: &[u8]| {
        let text = std::str::from_utf8(input).unwrap();
        text.split_once('\n')
            .map(|(n, t)| (n.to_owned(), t.to_owned()))
            .unwrap()
    };
    Target {
        name: format!("content/{game}"),
        pool,
        mutate: Box::new(move |rng, input, _| {
            let (name, text) = split(input);
            format!("{name}\n{}", mutate_toml(rng, &text)).into_bytes()
        }),
        run: Box::new(move |input| {
            let (name, text) = split(input);
            // The files the games embed only (never read from the overrides folder) go to
            // their parser as the game hands them over.
            match (game, name.as_str()) {
                (_, "learn.toml") => return parse_result(learn::Learn::parse(game, &text)),
                ("chopper_pilot", "rules.toml") => {
                    return parse_result(content::parse::<RulesFile>(&name, &text));
                }
                _ => {}
            }
            let path = dir.join(&name);
            std::fs::write(&path, &text).unwrap();
            let result = match name.as_str() {
                "player_aid.toml" => parse_result(games::csar::art::sheets::PlayerAid::load()),
                _ => parse_result(loader()),
            };
            std::fs::remove_file(&path).unwrap();
            result
        }),
    }
}

fn parse_result<T>(result: Result<T, ContentError>) -> Result<(), String> {
    result.map(drop).map_err(|e| e.to_string())
}

/// Loads a game's content afresh, overrides and all.
type Loader = fn() -> Result<(), ContentError>;

fn content_loaders() -> Vec<(&'static str, Loader)> {
    use tonkin::games::*;
    vec![
        ("csar", || {
            csar::rules::content::load(&Files::of("csar")).map(drop)
        }),
        ("skyhawk", || {
            skyhawk::rules::content::load(&Files::of("skyhawk")).map(drop)
        }),
        ("search_destroy", || {
            search_destroy::rules::content::load_all().map(drop)
        }),
        ("phantom_leader", || {
            phantom_leader::rules::content::load().map(drop)
        }),
        ("chopper_pilot", || {
            chopper_pilot::rules::content::load().map(drop)
        }),
    ]
}

/// Every target, with content overrides read from `overrides`.
fn targets(overrides: &Path) -> Vec<Target> {
    let saves = saves();
    let mut targets = vec![save_target(&saves)];
    for game in games::ALL.iter().filter(|g| g.playable()) {
        targets.push(replay_target(game.id, &saves));
        targets.push(live_target(game));
    }
    for (game, loader) in content_loaders() {
        targets.push(content_target(game, loader, overrides));
    }
    targets
}

/// Points the content loaders at an empty overrides folder of this process's own, after
/// every game has loaded its real content (the games keep what they loaded first, so the
/// mutated files the content targets write never reach the replay targets).
fn private_overrides() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for game in games::ALL {
        if let Some(driver) = game.driver {
            let scenario = driver.scenarios()[0].id;
            driver.new_session(scenario, 1, &[]).unwrap();
        }
    }
    // SAFETY: each test of this file is its own process's only test that reads the variable
    // (they never run together: one is ignored), and it is set before any thread is started.
    unsafe { std::env::set_var("TONKIN_OVERRIDES", dir.path()) };
    dir
}

/// Fuzzes every target chosen by `FUZZ_TARGETS` for `budget` each. A long run keeps its
/// inputs in `corpus` (one folder per target) and appends its figures to `corpus/runs.tsv`,
/// so that runs add up.
fn fuzz(budget: Duration, seed: u64, corpus: Option<&Path>) {
    let overrides = private_overrides();
    let crash_dir = std::env::temp_dir().join("tonkin-fuzz-crashes");
    quiet_panics();
    let mut crashes = Vec::new();
    let mut total = 0;
    // The edges reached by any target of this run.
    #[cfg(tonkin_coverage)]
    let mut union = Vec::new();
    println!("seed {seed}");
    // FUZZ_TARGETS (names or prefixes, comma-separated: "save,live/") runs some targets
    // only, so that a long run can be split over several processes.
    let only = std::env::var("FUZZ_TARGETS").unwrap_or_default();
    let chosen = |name: &str| {
        only.is_empty()
            || only
                .split(',')
                .any(|p| !p.is_empty() && name.starts_with(p.trim()))
    };
    for (i, mut target) in targets(overrides.path()).into_iter().enumerate() {
        if !chosen(&target.name) {
            continue;
        }
        let folder = corpus.map(|c| c.join(target.name.replace('/', "-")));
        let report = run_target(
            &mut target,
            seed.wrapping_add(i as u64),
            budget,
            &crash_dir,
            folder.as_deref(),
        );
        #[cfg(tonkin_coverage)]
        tonkin::fuzz_coverage::merge_into(&mut union);
        let coverage = match report.edges {
            Some(edges) => format!(
                " {edges:>6} edges {:>5} kept ({} replayed first)",
                report.kept, report.replayed
            ),
            None => String::new(),
        };
        let rate = report.executions as f64 / report.seconds.max(1e-9);
        println!(
            "{:<24} {:>10} executions {rate:>8.0}/s {:>4} outcomes {:>3} crashes{coverage}",
            target.name,
            report.executions,
            report.outcomes.len(),
            report.crashes.len()
        );
        if let Some(corpus) = corpus {
            record_run(corpus, &target.name, &report);
        }
        total += report.executions;
        crashes.extend(report.crashes);
    }
    let _ = std::panic::take_hook();
    println!("total {total} executions");
    #[cfg(tonkin_coverage)]
    {
        let all = tonkin::fuzz_coverage::edges().0;
        let reached = union.iter().filter(|&&f| f != 0).count();
        println!(
            "edges of the library reached by this run's targets: {reached} of {all} ({:.1} %)",
            100.0 * reached as f64 / all as f64
        );
    }
    if let Some(corpus) = corpus {
        print_totals(corpus);
    }
    assert!(crashes.is_empty(), "crashes:\n{}", crashes.join("\n"));
}

/// Appends a target's figures to `corpus/runs.tsv`: when (UTC), the target, executions,
/// seconds, executions per second, the machine's load (1-minute average) at the end, edges
/// reached, inputs kept and crashes.
fn record_run(corpus: &Path, name: &str, report: &Report) {
    use std::io::Write;
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into());
    let line = format!(
        "{}\t{name}\t{}\t{:.0}\t{:.0}\t{load}\t{}\t{}\t{}\n",
        utc_now(),
        report.executions,
        report.seconds,
        report.executions as f64 / report.seconds.max(1e-9),
        report.edges.map_or("-".into(), |e| e.to_string()),
        report.kept,
        report.crashes.len()
    );
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(corpus.join("runs.tsv"))
        .unwrap();
    file.write_all(line.as_bytes()).unwrap();
}

/// The executions of every run recorded in `corpus/runs.tsv`, by target.
fn print_totals(corpus: &Path) {
    let runs = std::fs::read_to_string(corpus.join("runs.tsv")).unwrap_or_default();
    let mut totals: Vec<(String, u64, u64)> = Vec::new();
    for line in runs.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let (Some(name), Some(Ok(executions)), Some(Ok(seconds))) = (
            fields.get(1),
            fields.get(2).map(|f| f.parse::<u64>()),
            fields.get(3).map(|f| f.parse::<u64>()),
        ) else {
            continue;
        };
        match totals.iter_mut().find(|t| t.0 == *name) {
            Some(t) => {
                t.1 += executions;
                t.2 += seconds;
            }
            None => totals.push((name.to_string(), executions, seconds)),
        }
    }
    println!(
        "all runs recorded in {}:",
        corpus.join("runs.tsv").display()
    );
    for (name, executions, seconds) in &totals {
        println!("{name:<24} {executions:>12} executions in {seconds:>7} s");
    }
    let all: u64 = totals.iter().map(|t| t.1).sum();
    println!("{:<24} {all:>12} executions", "all targets");
}

/// The time now, in UTC, as `2026-12-06T12:34:56Z`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs()) as i64;
    // Days to a civil date (Howard Hinnant's algorithm).
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Crashes the fuzzer found, each loaded again: refused with a message, never a panic.
#[test]
fn crashes_found_are_refused() {
    // Stop 24, replay/phantom_leader: a Recruit of a pilot card number past the last card
    // (256, 2^31 - 1, 2^64 - 1) passed the card check and panicked reading its aircraft.
    for pilot in ["256", "2147483647", "18446744073709551615"] {
        let save = format!(
            r#"{{"actions":[{{"Recruit":{{"level":"newbie","pilot":36}}}},{{"Focus":"green"}},
            {{"Focus":"average"}},{{"Recruit":{{"level":"average","pilot":{pilot}}}}}],
            "app_version":"0.1.0","format":"tonkin-save","game":"phantom_leader",
            "options":{{"adjustments":[],"awacs_off_display":false,"early_aim9":false,
            "high_stress":false,"intel_hits_listed":false,"linked":false,
            "no_navy_gun_pod":false,"one_less_one_more":false,"random_squadron":false,
            "single_down_time_politics":false,"three_row_atg_penalty":false}},"scenario":"CMC-USAF-short","seed":16,"version":1}}"#
        );
        let refused = catch_unwind(|| games::load_any(save.as_bytes(), "crash.json").err());
        let message = refused.expect("no panic").expect("refused");
        assert!(
            message.contains("action 4") && message.contains("no such pilot card"),
            "{message}"
        );
    }
}

/// Crashes the fuzzer found in content files, each read again as an owner's override.
#[test]
fn content_crashes_found_are_refused() {
    // Stop 25, content/csar: a Player Aid line "\u0000" (a NUL character) panicked in gettext
    // when the aid was translated.
    let aid = std::fs::read_to_string(repo().join("data/games/csar/player_aid.toml")).unwrap();
    let broken = aid.replace(
        "\"Cards marked REMOVE leave the game only when played.\"",
        "\"\\u0000\"",
    );
    assert_ne!(aid, broken);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("player_aid.toml"), broken).unwrap();
    let refused = catch_unwind(|| {
        Files::with_overrides("csar", dir.path())
            .load::<games::csar::art::sheets::PlayerAid>("player_aid.toml", "")
            .err()
    });
    let message = refused.expect("no panic").expect("refused").to_string();
    assert!(
        message.ends_with(
            "line 45: side[0].section[2].lines[4]: a text may not hold a NUL character (\\u0000)"
        ),
        "{message}"
    );
}

/// A moment on every target, in every test run.
#[test]
fn short_fuzz_run() {
    fuzz(
        Duration::from_millis(env_number("FUZZ_MILLIS", 150)),
        env_number("FUZZ_SEED", 1),
        None,
    );
}

/// The long run of `make fuzz`.
#[test]
#[ignore = "long: run by make fuzz"]
fn long_fuzz_run() {
    // FUZZ_CORPUS: where the kept inputs and the runs' figures go (target/fuzz-corpus).
    let corpus = std::env::var_os("FUZZ_CORPUS")
        .map_or_else(|| repo().join("target/fuzz-corpus"), PathBuf::from);
    fuzz(
        Duration::from_secs(env_number("FUZZ_SECONDS", 60)),
        // Each run mutates differently, unless FUZZ_SEED repeats one.
        env_number("FUZZ_SEED", std::process::id().into()),
        Some(&corpus),
    );
}
