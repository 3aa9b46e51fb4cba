//! Translated words on counters fit their boxes at a readable size (issue: translations).
//!
//! Every label on a counter is shrunk to its box when it is too long (`art::draw::fit_font`),
//! so a German or French word never runs over the edge — it gets small instead. This draws
//! every counter of every kit in English and in each language of `po/LINGUAS` (the catalogue
//! compiled from the `.po` file), and fails when a label is drawn below [`FLOOR_MM`], or when
//! a translation is drawn much smaller than the English in the same place ([`OF_ENGLISH`]):
//! that translation needs a shorter form.
//! One test in its own binary: it switches the process's language.

use std::path::{Path, PathBuf};
use std::process::Command;

use tonkin::art::draw::fits::{self, Fitted};
use tonkin::export::Kind;

/// The smallest size a counter label may be printed at: 1.5 mm, about 4.3 pt.
const FLOOR_MM: f64 = 1.5;
/// The least share of the English label's size a translation may be drawn at: German and
/// French words run longer and get smaller, but not to a different class of type.
const OF_ENGLISH: f64 = 0.6;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn languages() -> Vec<String> {
    std::fs::read_to_string(root().join("po/LINGUAS"))
        .expect("po/LINGUAS")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Compiles `po/<lang>.po` into `<dir>/<lang>/LC_MESSAGES/tonkin.mo`.
fn compile(lang: &str, dir: &Path) {
    let out = dir.join(lang).join("LC_MESSAGES");
    std::fs::create_dir_all(&out).unwrap();
    let status = Command::new("msgfmt")
        .arg("-o")
        .arg(out.join(format!("{}.mo", tonkin::config::GETTEXT_PACKAGE)))
        .arg(root().join(format!("po/{lang}.po")))
        .status()
        .expect("msgfmt (gettext) is installed by `make deps`");
    assert!(status.success(), "msgfmt failed on po/{lang}.po");
}

/// Switches gettext to `lang` ("" for English). LANGUAGE is honoured under C.UTF-8, which
/// every glibc system has, so no locale needs to be generated.
fn speak(lang: &str, dir: &Path) {
    // SAFETY: this test binary runs this one test, on one thread.
    unsafe {
        std::env::set_var("LANGUAGE", if lang.is_empty() { "C" } else { lang });
    }
    unsafe {
        gettextrs::setlocale(gettextrs::LocaleCategory::LcAll, "C.UTF-8");
    }
    gettextrs::bindtextdomain(tonkin::config::GETTEXT_PACKAGE, dir).unwrap();
    gettextrs::bind_textdomain_codeset(tonkin::config::GETTEXT_PACKAGE, "UTF-8").unwrap();
    gettextrs::textdomain(tonkin::config::GETTEXT_PACKAGE).unwrap();
}

/// One label of one counter: where it is, and how it was fitted.
struct Label {
    place: String,
    fitted: Fitted,
}

/// Every label of every counter face (and back) of every kit, in drawing order.
fn counter_labels() -> Vec<Label> {
    let surface = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    let mut out = Vec::new();
    for kit in tonkin::games::all_kits() {
        let kit = kit.expect("every kit builds from the shipped content");
        for component in kit.components.iter().filter(|c| c.kind == Kind::Counters) {
            for i in 0..component.count {
                let ((), fitted) = fits::recorded(|| {
                    component.draw_front(&cr, i, 0.0).unwrap();
                    component.draw_back(&cr, i, 0.0).unwrap();
                });
                let place = format!("{}: {} #{}", kit.game, component.name, i + 1);
                out.extend(fitted.into_iter().map(|fitted| Label {
                    place: place.clone(),
                    fitted,
                }));
            }
        }
    }
    out
}

/// What is wrong with `label` (in `lang`, English `english`), if anything.
fn fault(lang: &str, label: &Label, english: &Label) -> Option<String> {
    let (size, text) = (label.fitted.size, &label.fitted.text);
    let small = size < FLOOR_MM - 1e-9;
    let smaller_than_english = size < english.fitted.size * OF_ENGLISH - 1e-9;
    (small || smaller_than_english).then(|| {
        format!(
            "[{lang}] {}: {text:?} is drawn at {size:.2} mm (English {:?}: {:.2} mm; floor {FLOOR_MM} mm, \
             at least {:.0} % of the English): it needs a shorter form",
            label.place,
            english.fitted.text,
            english.fitted.size,
            OF_ENGLISH * 100.0
        )
    })
}

/// A fault's text without the piece's number.
fn without_number(fault: &str) -> String {
    let (head, tail) = fault.split_once(" #").unwrap_or((fault, ""));
    format!(
        "{head}{}",
        tail.split_once(':').map_or("", |(_, rest)| rest)
    )
}

/// The labels of each counter, by place.
fn places(labels: &[Label]) -> std::collections::BTreeMap<String, Vec<&Label>> {
    let mut out = std::collections::BTreeMap::<String, Vec<&Label>>::new();
    for label in labels {
        out.entry(label.place.clone()).or_default().push(label);
    }
    out
}

#[test]
fn translated_counter_words_fit_at_a_readable_size() {
    let dir = std::env::temp_dir().join(format!("tonkin-text-fit-{}", std::process::id()));
    speak("", &dir);
    let english = counter_labels();
    let mut faults: Vec<String> = english.iter().filter_map(|l| fault("en", l, l)).collect();
    for lang in languages() {
        compile(&lang, &dir);
        speak(&lang, &dir);
        let blurb = tonkin::games::ALL[0].blurb();
        assert_ne!(
            blurb.render(),
            blurb.english(),
            "po/{lang}.po was not loaded"
        );
        let labels = counter_labels();
        assert_eq!(
            places(&labels).len(),
            places(&english).len(),
            "[{lang}] another number of counters"
        );
        for (place, translated) in places(&labels) {
            let originals = &places(&english)[&place];
            // Labels are matched in drawing order; where the words change the layout (two
            // lines instead of one), each is held to the smallest English label of the piece.
            let smallest = originals
                .iter()
                .min_by(|a, b| a.fitted.size.total_cmp(&b.fitted.size))
                .expect("a counter with labels in English");
            for (i, label) in translated.iter().enumerate() {
                let english = if translated.len() == originals.len() {
                    originals[i]
                } else {
                    smallest
                };
                faults.extend(fault(&lang, label, english));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    faults.sort();
    // One line per word and sheet (a counter mix repeats each piece).
    faults.dedup_by(|a, b| without_number(a) == without_number(b));
    assert!(
        faults.is_empty(),
        "{} labels:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
