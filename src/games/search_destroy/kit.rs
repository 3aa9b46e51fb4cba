//! The print-and-play kit of Search & Destroy (rules digest 11): the counter sheet with fronts
//! and backs, the 44 × 34 hex map (tiled by the exporter over several pages), the player aid
//! cards and the two record sheets, blank ([`kit`]) or filled from a game.
//!
//! What a filled kit may show. A saved game holds both sides' secrets, and a kit is printed by
//! one person. So:
//! - [`kit_for_game`], the kit the print dialog and `tonkin export --from` print when no side is
//!   named, fills in only what both players know: the US Record from the US's view, less the
//!   company commander's helicopter while the NLF may not know it. Its NLF Secret Sheet is
//!   blank.
//! - [`kit_for_side`] fills in a side's own secrets as well: for the NLF, the NLF Secret Sheet
//!   (order of battle roll, what each back hides, ambush assignments, hidden Improved
//!   Positions), printed as its own page under a SECRET band; for the US, nothing more than the
//!   public kit (the US's secrets last only until its helicopters are down).
//!
//! The counter sheet gives every NLF counter (units, dummies, caches, traps, ambush markers)
//! the one NLF back, so a dummy cannot be told from a real unit by its back; every US counter
//! has the US back; the state markers have a plain back.

use std::rc::Rc;

use cairo::Context;
use serde::Deserialize;

use super::art::aids::{CARDS, draw_aid};
use super::art::counter::{
    MARKER_GROUND, Marker, SIZE, draw_back, draw_face, draw_marker, draw_us_back, ground,
};
use super::art::map::{draw_map, size};
use super::art::records::{NlfSecrets, UsRecord};
use super::art::sheets::{draw_nlf_secrets, draw_us_record};
use super::rules::SearchDestroy;
use super::rules::content::{Side, content};
use super::rules::state::Unit;
use crate::art::draw::Rgb;
use crate::art::sheet::Page;
use crate::engine::content::{ContentError, Source, load};
use crate::engine::message::n_;
use crate::export::component;
use crate::export::{Component, Kind, Kit};

/// Sheets sized to fit the art area of both A4 and US Letter (less the exporter's default
/// margins, footer and crop-mark bands), so each prints on one page.
const PORTRAIT: Page = Page { w: 190.0, h: 248.0 };

/// One line of `kit.toml`: how many of a counter of `forces.toml` the sheet prints.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetCount {
    pub id: String,
    pub count: u16,
    #[allow(dead_code)]
    pub source: Source,
    #[allow(dead_code)]
    pub section: String,
}

/// One marker line of `kit.toml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerCount {
    pub id: Marker,
    pub count: u16,
    #[allow(dead_code)]
    pub source: Source,
    #[allow(dead_code)]
    pub section: String,
}

/// `data/games/search_destroy/kit.toml`: what the counter sheet holds.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub counter: Vec<SheetCount>,
    pub marker: Vec<MarkerCount>,
}

/// One printed counter.
#[derive(Clone, Debug)]
pub enum Piece {
    /// A counter of the forces data, face-up.
    Unit(Unit),
    Marker(Marker),
}

const FILE: &str = "kit.toml";

/// Reads the counter sheet's manifest, checked against the forces data: every counter of
/// `forces.toml` is on the sheet once, and nothing else.
pub fn manifest() -> Result<Manifest, ContentError> {
    let c = content()?;
    let m: Manifest = load(
        super::ID,
        FILE,
        include_str!("../../../data/games/search_destroy/kit.toml"),
    )?;
    let refuse = |detail: String| ContentError {
        file: format!("data/games/{}/{FILE}", super::ID),
        detail,
    };
    for (i, line) in m.counter.iter().enumerate() {
        if c.counter(&line.id).is_none() {
            return Err(refuse(format!(
                "counter[{i}].id: '{}' is not a counter of forces.toml",
                line.id
            )));
        }
        if m.counter[..i].iter().any(|l| l.id == line.id) {
            return Err(refuse(format!(
                "counter[{i}].id: '{}' is listed twice",
                line.id
            )));
        }
    }
    if let Some(missing) = c
        .counters
        .iter()
        .find(|s| !m.counter.iter().any(|l| l.id == s.id))
    {
        return Err(refuse(format!(
            "counter: '{}' of forces.toml is missing from the sheet",
            missing.id
        )));
    }
    Ok(m)
}

/// Every counter of the sheet in print order: the forces data's counters in its order, each as
/// many times as the manifest says, then the markers.
pub fn pieces(m: &Manifest) -> Result<Vec<Piece>, ContentError> {
    let c = content()?;
    let mut out = Vec::new();
    for (kind, spec) in c.counters.iter().enumerate() {
        let n = m
            .counter
            .iter()
            .find(|l| l.id == spec.id)
            .map_or(0, |l| l.count);
        let mut unit = Unit::new(kind as u16, spec.side);
        unit.face_up = true;
        out.extend((0..n).map(|_| Piece::Unit(unit.clone())));
    }
    for line in &m.marker {
        out.extend((0..line.count).map(|_| Piece::Marker(line.id)));
    }
    Ok(out)
}

/// The kit with blank record sheets, or what is wrong with the content it is drawn from.
pub fn kit() -> Result<Kit, ContentError> {
    build(None, None)
}

/// The kit with what both players know of `game` filled in (see the module's notes).
pub fn kit_for_game(game: &SearchDestroy) -> Kit {
    build(Some(UsRecord::from_game(game)), None)
        .unwrap_or_else(|_| Kit::new(super::ID, super::TITLE, Vec::new()))
}

/// The kit `side`'s player may print from `game`: the public kit, and for the NLF its Secret
/// Sheet filled in.
pub fn kit_for_side(game: &SearchDestroy, side: Side) -> Kit {
    let secrets = (side == Side::Nlf).then(|| NlfSecrets::from_game(game));
    build(Some(UsRecord::from_game(game)), secrets)
        .unwrap_or_else(|_| Kit::new(super::ID, super::TITLE, Vec::new()))
}

fn build(us: Option<UsRecord>, nlf: Option<NlfSecrets>) -> Result<Kit, ContentError> {
    let pieces = Rc::new(pieces(&manifest()?)?);
    let (w, h) = size();
    let components = vec![
        counters(pieces),
        // The printed map has no pieces on it: the counters are the pieces.
        Component::new(n_("Map"), Kind::Map, (w, h), 1, |cr, _, _| draw_map(cr)),
        Component::new(
            n_("Player aid cards"),
            Kind::Aids,
            (PORTRAIT.w, PORTRAIT.h),
            CARDS,
            |cr, i, _| draw_aid(cr, i, PORTRAIT),
        ),
        component::sheet(n_("US Record"), PORTRAIT, move |cr, page| {
            draw_us_record(cr, us.as_ref(), page)
        }),
        component::sheet(n_("NLF Secret Sheet"), PORTRAIT, move |cr, page| {
            draw_nlf_secrets(cr, nlf.as_ref(), page)
        }),
    ];
    Ok(Kit::new(super::ID, super::TITLE, components))
}

/// Paints `colour` over a counter and its bleed.
fn bleed_ground(cr: &Context, colour: Rgb, bleed: f64) -> Result<(), cairo::Error> {
    colour.set(cr);
    cr.rectangle(-bleed, -bleed, SIZE + 2.0 * bleed, SIZE + 2.0 * bleed);
    cr.fill()
}

fn counters(pieces: Rc<Vec<Piece>>) -> Component {
    let backs = pieces.clone();
    Component::new(
        n_("Counters (12.7 mm)"),
        Kind::Counters,
        (SIZE, SIZE),
        pieces.len(),
        move |cr, i, bleed| match &pieces[i] {
            Piece::Unit(u) => {
                bleed_ground(cr, ground(u), bleed)?;
                draw_face(cr, u, false)
            }
            Piece::Marker(m) => {
                bleed_ground(cr, MARKER_GROUND, bleed)?;
                draw_marker(cr, *m)
            }
        },
    )
    .with_back(move |cr, i, bleed| match &backs[i] {
        Piece::Unit(u) if u.side == Side::Nlf => {
            // The back the map shows for every face-down counter.
            let mut back = u.clone();
            back.kind = None;
            bleed_ground(cr, ground(&back), bleed)?;
            draw_back(cr)
        }
        Piece::Unit(u) => {
            bleed_ground(cr, ground(u), bleed)?;
            draw_us_back(cr)
        }
        Piece::Marker(_) => bleed_ground(cr, MARKER_GROUND, bleed),
    })
}
