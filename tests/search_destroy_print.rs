//! The print-and-play kit of Search & Destroy: every component, the counter sheet as the data
//! says (enough for every scenario, one back for every NLF counter), the map's tiles covering
//! every hex, PDF and SVG pages that come out whole, and a filled kit that shows the NLF's
//! secrets only on the NLF's own Secret Sheet.

mod common;

use std::collections::BTreeMap;

use tonkin::engine::bot::Bot;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::engine::rng::Rng;
use tonkin::export::job;
use tonkin::export::layout::Role;
use tonkin::export::output::Format;
use tonkin::export::paper::PaperSize;
use tonkin::export::{Component, Kind, Kit};
use tonkin::games::Presented;
use tonkin::games::kit_for;
use tonkin::games::search_destroy::art::map::{centre, size};
use tonkin::games::search_destroy::art::records::{NlfSecrets, UsRecord};
use tonkin::games::search_destroy::kit::{
    Piece, kit, kit_for_game, kit_for_side, manifest, pieces,
};
use tonkin::games::search_destroy::rules::bot::HeuristicBot;
use tonkin::games::search_destroy::rules::content::{Class, Side, data};
use tonkin::games::search_destroy::rules::hex::CORNERS;
use tonkin::games::search_destroy::rules::{Options as SdOptions, SearchDestroy, Step};

const COMPONENTS: [(&str, Kind, bool); 5] = [
    ("Counters (12.7 mm)", Kind::Counters, true),
    ("Map", Kind::Map, false),
    ("Player aid cards", Kind::Aids, false),
    ("US Record", Kind::Sheets, false),
    ("NLF Secret Sheet", Kind::Sheets, false),
];

#[test]
fn the_search_destroy_art_and_kit_never_read_the_log() {
    assert_eq!(common::log_readers("search_destroy"), Vec::<String>::new());
}

#[test]
fn the_kit_lists_every_component() {
    let kit = kit_for("search_destroy").unwrap();
    assert_eq!(kit.title, "Search & Destroy");
    assert_eq!(kit.components.len(), COMPONENTS.len());
    for (name, kind, back) in COMPONENTS {
        let c = common::component(&kit, name);
        assert_eq!((c.kind, c.has_back()), (kind, back), "{name}");
    }
    assert_eq!(common::component(&kit, "Player aid cards").count, 6);
    assert_eq!(common::component(&kit, "US Record").count, 1);
    assert_eq!(common::component(&kit, "NLF Secret Sheet").count, 1);
}

#[test]
fn the_counter_sheet_holds_what_the_data_says_and_enough_for_every_scenario() {
    let m = manifest().unwrap();
    let kit = kit().unwrap();
    let sheet = common::component(&kit, "Counters (12.7 mm)");
    let total: usize = m
        .counter
        .iter()
        .map(|l| usize::from(l.count))
        .sum::<usize>()
        + m.marker.iter().map(|l| usize::from(l.count)).sum::<usize>();
    assert_eq!(sheet.count, total);
    let pieces = pieces(&m).unwrap();
    assert_eq!(pieces.len(), total);
    // Every counter of the forces data is on the sheet as often as the manifest says.
    let c = data();
    for spec in &c.counters {
        let printed = pieces
            .iter()
            .filter(|p| matches!(p, Piece::Unit(u) if u.is(&spec.id)))
            .count();
        let wanted = m.counter.iter().find(|l| l.id == spec.id).unwrap().count;
        assert_eq!(printed, usize::from(wanted), "{}", spec.id);
        assert!(printed > 0, "{} is not on the sheet", spec.id);
    }
    // Enough of each for every scenario, and for every column of the order of battle.
    for s in &c.scenarios {
        let mut need: BTreeMap<String, u32> = c.expand(&s.us);
        for (id, n) in c.expand(&s.nlf) {
            *need.entry(id).or_insert(0) += n;
        }
        for e in &s.entry {
            for (cache, n) in &e.carried {
                *need.entry(cache.id().to_owned()).or_insert(0) += u32::from(*n);
            }
        }
        if s.variable_ob {
            for r in &c.variable_ob {
                let most = r.columns.iter().copied().max().unwrap_or(0);
                *need.entry(r.counter.clone()).or_insert(0) += u32::from(most);
            }
        }
        for (id, n) in need {
            let have = m.counter.iter().find(|l| l.id == id).map_or(0, |l| l.count);
            assert!(
                u32::from(have) >= n,
                "{}: {n} {id} wanted, {have} printed",
                s.id
            );
        }
    }
}

/// A component's piece `i`, front or back, drawn at 2 px/mm.
fn pixels(c: &Component, i: usize, back: bool, bleed: f64) -> Vec<u8> {
    let px = 2.0;
    let mut s = cairo::ImageSurface::create(
        cairo::Format::Rgb24,
        ((c.width + 2.0 * bleed) * px).ceil() as i32,
        ((c.height + 2.0 * bleed) * px).ceil() as i32,
    )
    .unwrap();
    {
        let cr = cairo::Context::new(&s).unwrap();
        cr.set_source_rgb(1.0, 1.0, 1.0);
        cr.paint().unwrap();
        cr.scale(px, px);
        cr.translate(bleed, bleed);
        if back {
            c.draw_back(&cr, i, bleed).unwrap();
        } else {
            c.draw_front(&cr, i, bleed).unwrap();
        }
    }
    s.flush();
    s.data().unwrap().to_vec()
}

#[test]
fn every_nlf_counter_has_the_same_back_and_every_us_counter_the_us_back() {
    let m = manifest().unwrap();
    let pieces = pieces(&m).unwrap();
    let kit = kit().unwrap();
    let sheet = common::component(&kit, "Counters (12.7 mm)");
    // Casualty markers [20.0] lie face-up beside the units: they have no secret to keep.
    let side = |p: &Piece| match p {
        Piece::Unit(u) if u.class() != Some(Class::Casualty) => Some(u.side),
        Piece::Unit(_) | Piece::Marker(_) => None,
    };
    for s in [Side::Nlf, Side::Us] {
        let of_side: Vec<usize> = (0..pieces.len())
            .filter(|&i| side(&pieces[i]) == Some(s))
            .collect();
        let first = pixels(sheet, of_side[0], true, 3.0);
        for &i in &of_side {
            assert_eq!(pixels(sheet, i, true, 3.0), first, "{s:?} piece {i}");
        }
    }
    // A dummy and a hard-core squad differ face-up, not face-down.
    let find = |id: &str| {
        pieces
            .iter()
            .position(|p| matches!(p, Piece::Unit(u) if u.is(id)))
            .unwrap()
    };
    let (dummy, squad) = (find("dummy"), find("hard_core"));
    assert_ne!(
        pixels(sheet, dummy, false, 0.0),
        pixels(sheet, squad, false, 0.0)
    );
    assert_eq!(
        pixels(sheet, dummy, true, 0.0),
        pixels(sheet, squad, true, 0.0)
    );
    // The NLF back is not the US back.
    let us = pieces
        .iter()
        .position(|p| side(p) == Some(Side::Us))
        .unwrap();
    assert_ne!(
        pixels(sheet, dummy, true, 0.0),
        pixels(sheet, us, true, 0.0)
    );
}

#[test]
fn the_map_tiles_cover_every_hex() {
    let dir = tempfile::tempdir().unwrap();
    let kit = kit().unwrap();
    let map_index = kit.components.iter().position(|c| c.name == "Map").unwrap();
    let (w, h) = size();
    for paper in [PaperSize::A4, PaperSize::Letter, PaperSize::A3] {
        let pages = common::print_options(dir.path(), paper, Format::Pdf).pages(&kit);
        let tiles: Vec<_> = pages
            .iter()
            .filter(|p| p.component == Some(map_index) && p.role == Role::Fronts)
            .map(|p| p.items[0].source)
            .collect();
        assert!(tiles.len() > 1, "the map is tiled on {paper:?}");
        let map = &data().map;
        assert_eq!((map.columns, map.rows), (44, 34));
        let mut hexes = 0;
        for hex in map.hexes() {
            hexes += 1;
            let (cx, cy) = centre(hex);
            assert!(
                tiles
                    .iter()
                    .any(|t| t.x <= cx && cx <= t.right() && t.y <= cy && cy <= t.bottom())
            );
            // Every corner of every hex lies on some tile, and inside the map.
            for &(dx, dy) in &CORNERS {
                let (x, y) = tonkin::games::search_destroy::art::map::point((
                    hex.centre().0 + dx,
                    hex.centre().1 + dy,
                ));
                assert!((0.0..=w).contains(&x) && (0.0..=h).contains(&y), "{hex}");
                assert!(
                    tiles
                        .iter()
                        .any(|t| t.x <= x && x <= t.right() && t.y <= y && y <= t.bottom()),
                    "corner of {hex} on no tile ({paper:?})"
                );
            }
        }
        assert_eq!(hexes, 44 * 34);
        // Neighbouring tiles overlap, so nothing is lost at a cut.
        let right = tiles.iter().map(|t| t.right()).fold(0.0, f64::max);
        let bottom = tiles.iter().map(|t| t.bottom()).fold(0.0, f64::max);
        assert!((right - w).abs() < 1e-6 && (bottom - h).abs() < 1e-6);
    }
}

#[test]
fn the_kit_renders_to_pdf_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    for paper in [PaperSize::A4, PaperSize::Letter] {
        let kit = kit().unwrap();
        let o = common::print_options(dir.path(), paper, Format::Pdf);
        let pages = o.pages(&kit);
        let fronts = |name: &str| {
            let i = kit.components.iter().position(|c| c.name == name).unwrap();
            pages
                .iter()
                .filter(|p| p.component == Some(i) && p.role == Role::Fronts)
                .count()
        };
        assert_eq!(fronts("Player aid cards"), 6);
        assert_eq!(fronts("US Record"), 1);
        assert_eq!(fronts("NLF Secret Sheet"), 1);
        let counters = fronts("Counters (12.7 mm)");
        assert!((1..=3).contains(&counters), "{counters} counter pages");
        let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
        common::check_pdf_pages(&files[0], pages.len(), paper.portrait_mm());
    }
    let kit = kit().unwrap();
    let o = common::print_options(dir.path(), PaperSize::A4, Format::Svg);
    let pages = o.pages(&kit);
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    let widths: Vec<f64> = pages.iter().map(|p| p.width).collect();
    for (file, elements) in files.iter().zip(common::check_svg_pages(&files, &widths)) {
        assert!(elements > 20, "{}", file.display());
    }
}

/// A standard game with every optional rule, played by the bots to the NLF's second Movement
/// Phase, with an ambush laid and its order of battle rolled. Simultaneous movement [28] is
/// left out: it replaces the Movement Phases this position is taken in by plots.
fn game_in_progress() -> SearchDestroy {
    let every_rule: Vec<&str> = SearchDestroy::optional_rules()
        .iter()
        .map(|r| r.key)
        .filter(|&key| key != "simultaneous")
        .collect();
    let options: SdOptions = tonkin::engine::play::options_with::<SearchDestroy>(&every_rule)
        .expect("every optional rule together");
    for seed in 0..40 {
        let mut g = SearchDestroy::with_options("standard", &options, seed).unwrap();
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while g.outcome().is_none() && !(g.turn >= 2 && g.step == Step::Movement(Side::Nlf)) {
            let seat = g.actor().unwrap().seat();
            let action = bots[usize::from(seat)].choose(&g.view(seat), &g.legal_actions());
            g.apply(&action).unwrap();
        }
        if g.outcome().is_none()
            && g.vob_roll.is_some()
            && g.units.iter().any(|u| u.ambush.is_some())
            && g.units.iter().any(|u| u.hidden() && u.on_map())
        {
            return g;
        }
    }
    panic!("no seed lays an ambush and keeps the game going");
}

/// The same position with every NLF secret changed: the face-down counters dealt out again,
/// another order of battle roll, the ambush assignments cleared and a hidden Improved Position.
fn secrets_changed(g: &SearchDestroy) -> SearchDestroy {
    let mut other = g.clone();
    let hidden: Vec<usize> = (0..g.units.len())
        .filter(|&i| g.units[i].hidden() && !g.units[i].removed)
        .collect();
    let mut kinds: Vec<Option<u16>> = hidden.iter().map(|&i| g.units[i].kind).collect();
    Rng::seeded(5).shuffle(&mut kinds);
    kinds.rotate_left(1);
    for (&i, kind) in hidden.iter().zip(kinds) {
        other.units[i].kind = kind;
    }
    other.vob_roll = g.vob_roll.map(|r| r % 6 + 1);
    for u in &mut other.units {
        u.ambush = None;
        u.uncontrolled = !u.uncontrolled;
    }
    other
}

/// Every piece of a component, front and back, drawn.
fn drawn_one(c: &Component) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..c.count {
        out.push(pixels(c, i, false, 0.0));
        if c.has_back() {
            out.push(pixels(c, i, true, 0.0));
        }
    }
    out
}

/// Every piece of every component of a kit, drawn.
fn drawn(kit: &Kit) -> Vec<Vec<u8>> {
    kit.components.iter().flat_map(drawn_one).collect()
}

#[test]
fn a_filled_kit_shows_the_nlf_secrets_only_on_the_nlf_secret_sheet() {
    let g = game_in_progress();
    let other = secrets_changed(&g);
    assert_ne!(g.units, other.units);
    // What anyone may print (the dialog's and `export --from`'s kit) and what the US player
    // prints are the same whatever the backs hide.
    assert_eq!(UsRecord::from_game(&g), UsRecord::from_game(&other));
    assert_eq!(drawn(&kit_for_game(&g)), drawn(&kit_for_game(&other)));
    assert_eq!(
        drawn(&kit_for_side(&g, Side::Us)),
        drawn(&kit_for_side(&other, Side::Us))
    );
    assert_eq!(drawn(&kit_for_game(&g)), drawn(&kit_for_side(&g, Side::Us)));
    // Through the game's own interface too.
    assert_eq!(
        drawn(&g.filled_kit().unwrap()),
        drawn(&other.filled_kit().unwrap())
    );
    // The NLF's kit fills its Secret Sheet in, and only that differs.
    let secrets = NlfSecrets::from_game(&g);
    assert_eq!(secrets.vob_roll, g.vob_roll);
    assert!(!secrets.ambushes.is_empty());
    let hidden = g.units.iter().filter(|u| u.hidden() && !u.removed).count();
    let listed: usize = secrets.hidden.iter().map(|k| k.hexes.len()).sum();
    assert_eq!(listed, hidden);
    assert_ne!(secrets, NlfSecrets::from_game(&other));
    let (mine, theirs) = (kit_for_side(&g, Side::Nlf), kit_for_side(&other, Side::Nlf));
    // `SD_KIT_OUT=dir` keeps the filled sheets of both kits to look at.
    if let Some(dir) = std::env::var_os("SD_KIT_OUT") {
        for (kit, stem) in [
            (kit_for_game(&g), "public"),
            (kit_for_side(&g, Side::Nlf), "nlf"),
        ] {
            let out = std::path::Path::new(&dir).join(stem);
            std::fs::create_dir_all(&out).unwrap();
            let mut o = common::print_options(&out, PaperSize::A4, Format::Pdf);
            o.kinds = vec![Kind::Sheets];
            let kit = kit.only(&o.kinds);
            job::write(&kit, &o.pages(&kit), &o, &mut || {}).unwrap();
        }
    }
    assert_eq!(drawn(&g.filled_kit_for(1).unwrap()), drawn(&mine));
    let public = kit_for_game(&g);
    for ((a, b), p) in mine
        .components
        .iter()
        .zip(&theirs.components)
        .zip(&public.components)
    {
        if a.name == "NLF Secret Sheet" {
            assert_ne!(
                drawn_one(a),
                drawn_one(b),
                "the NLF's secrets are filled in"
            );
            assert_ne!(drawn_one(a), drawn_one(p), "the public kit leaves them out");
        } else {
            assert_eq!(drawn_one(a), drawn_one(b), "{} shows an NLF secret", a.name);
            assert_eq!(drawn_one(a), drawn_one(p), "{}", a.name);
        }
    }
}

#[test]
fn the_us_record_fills_in_what_both_sides_know() {
    let g = game_in_progress();
    let rec = UsRecord::from_game(&g);
    assert_eq!(rec.turn, Some((g.turn, g.last_turn)));
    assert_eq!(rec.points, Some(g.points));
    let us_on_map = g
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .count();
    let listed: usize = rec.us.iter().map(|k| k.hexes.len()).sum();
    assert_eq!(listed, us_on_map);
    let backs: usize = rec.backs.iter().map(|(_, n)| n).sum();
    assert_eq!(
        backs,
        g.units.iter().filter(|u| u.hidden() && u.on_map()).count()
    );
    // Only face-up NLF counters are named, on the map or removed.
    let known: usize = rec
        .nlf_known
        .iter()
        .map(|k| k.hexes.len() + k.removed)
        .sum();
    let face_up = g
        .units
        .iter()
        .filter(|u| u.side == Side::Nlf && u.face_up)
        .count();
    assert_eq!(known, face_up);
}

/// Every table of the game's data files is printed on a player aid card, those of the optional
/// rules under their module's name, section and "(optional rule)". A table the list below does
/// not place fails the test: print it, then say here under which heading.
#[test]
fn every_content_table_is_printed_on_an_aid_card() {
    let dir = tempfile::tempdir().unwrap();
    let kit = kit().unwrap();
    let mut o = common::print_options(dir.path(), PaperSize::A4, Format::Pdf);
    o.kinds = vec![Kind::Aids];
    let pages = o.pages(&kit);
    let files = job::write(&kit, &pages, &o, &mut || {}).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&files[0])
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) reads the aid cards");
    // Words broken over lines by the layout are joined for the search.
    let text: String = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect();
    let printed = |s: &str| text.contains(&s.split_whitespace().collect::<String>());
    // (data file, table, a heading or line of the card that prints it)
    let places: &[(&str, &str, &str)] = &[
        ("tables", "terrain", "Terrain [8.0, 6.2]"),
        ("tables", "hexside", "hexside"),
        ("tables", "crt", "Points system [7.1, 7.2]"),
        ("tables", "points", "A helicopter shot down is worth"),
        ("tables", "material", "Material points for the US [10.12]"),
        (
            "tables",
            "casualty_points",
            "Casualty points (optional rule) [20.5]",
        ),
        (
            "tables",
            "units_of_fire",
            "Increased fire rate and ammunition [19.0] (optional rule)",
        ),
        ("forces", "counter", "The counters [3.3]"),
        (
            "forces",
            "formation",
            "What a formation stands for [24.1, 24.2]",
        ),
        (
            "forces",
            "variable_ob",
            "Variable NLF order of battle [15.0]",
        ),
        (
            "casualties",
            "table",
            "Casualty combat results and MEDEVAC [20.0] (optional rule)",
        ),
        ("casualties", "rules", "A MEDEVAC helicopter lifts"),
        (
            "he_fire",
            "strengths",
            "HE fire: artillery and air strikes [21.0] (optional rule)",
        ),
        ("he_fire", "delay", "Delay (game-turns) [21.58]"),
        ("he_fire", "pattern", "The artillery pattern never turns"),
        (
            "vehicles",
            "vehicles",
            "Tanks and APCs [22.0] (optional rule)",
        ),
        ("vehicles", "defense", "Vehicle Defense Table [22.4]"),
        ("vehicles", "modifier", "Added to the die"),
        (
            "interrogation",
            "row",
            "Interrogation [23.0] (optional rule)",
        ),
        ("interrogation", "letter", "First attempt"),
        ("interrogation", "points", "Points to the NLF:"),
        (
            "helicopter_guns",
            "guns",
            "Helicopter gun support [26.0] (optional rule)",
        ),
    ];
    for file in [
        "tables",
        "forces",
        "casualties",
        "he_fire",
        "vehicles",
        "interrogation",
        "helicopter_guns",
    ] {
        let path = format!("data/games/search_destroy/{file}.toml");
        let value: toml::Table = std::fs::read_to_string(&path).unwrap().parse().unwrap();
        for key in value.keys() {
            let place = places
                .iter()
                .find(|(f, k, _)| *f == file && k == key)
                .unwrap_or_else(|| panic!("[{key}] of {path} is printed on no aid card"));
            assert!(printed(place.2), "[{key}] of {path}: no \"{}\"", place.2);
        }
    }
    // The cells themselves, from the loaded content.
    let c = data();
    for (name, _) in c
        .he_fire
        .air_patterns
        .iter()
        .map(|p| (&p.name, ()))
        .chain(std::iter::once((&c.he_fire.artillery_pattern.name, ())))
    {
        assert!(printed(name), "HE pattern {name}");
    }
    let file: toml::Table = std::fs::read_to_string("data/games/search_destroy/casualties.toml")
        .unwrap()
        .parse()
        .unwrap();
    for row in file["table"]["row"].as_array().unwrap() {
        for cell in row["cells"].as_array().unwrap() {
            let cell = cell.as_str().unwrap().replace('.', "—");
            assert!(printed(&cell), "casualty cell {cell}");
        }
    }
    for k in ["ammunition", "records", "arms", "radio", "rice"] {
        let name = &c.counter(k).unwrap().name;
        assert!(printed(name), "interrogation names the {name}");
    }
    for s in [
        "Immobilized",
        "Destroyed",
        "Peasant wounded",
        "Peasant killed",
        "RPG-7",
    ] {
        assert!(printed(s), "{s}");
    }
}
