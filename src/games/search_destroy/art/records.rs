//! The record sheets of the print-and-play kit, as typed records filled from one side's view
//! of a game (never from its log): the US Record, which holds only what both players may know,
//! and the NLF Secret Sheet, which holds what only the NLF knows. Blank records print empty.

use std::collections::BTreeMap;

use crate::games::search_destroy::rules::SearchDestroy;
use crate::games::search_destroy::rules::content::{Side, data};
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::state::Unit;
use crate::i18n::gettext;

/// One kind of counter on a record: where its counters stand and how many are gone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindRow {
    /// The counter's name, translated.
    pub name: String,
    pub hexes: Vec<String>,
    pub pinned: Vec<String>,
    pub improved: Vec<String>,
    pub removed: usize,
}

/// What both players may know of a game: the public record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UsRecord {
    pub scenario: Option<String>,
    /// The current game-turn and the last one.
    pub turn: Option<(u8, u8)>,
    /// Victory points: US, NLF.
    pub points: Option<[u32; 2]>,
    pub us: Vec<KindRow>,
    /// NLF counters face-up on the map or removed, by kind.
    pub nlf_known: Vec<KindRow>,
    /// Hexes holding face-down NLF counters, with how many.
    pub backs: Vec<(String, usize)>,
}

/// What only the NLF knows: its roll on the variable order of battle, what each face-down
/// counter is (and which hold Improved Positions), which units watch which Ambush marker.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NlfSecrets {
    pub scenario: Option<String>,
    pub vob_roll: Option<u8>,
    /// Face-down counters by kind, with their hexes ("off map" for those not yet placed) and
    /// the hexes where they hold an Improved Position.
    pub hidden: Vec<KindRow>,
    /// Each Ambush marker's hex with the hexes and names of the units assigned to it.
    pub ambushes: Vec<(String, Vec<String>)>,
}

fn hex_name(h: Option<Hex>) -> String {
    h.map_or_else(|| gettext("off map"), |h| h.to_string())
}

/// Groups `units` by kind in the content's order; units of unknown kind are left out.
fn by_kind<'a>(units: impl Iterator<Item = &'a Unit>) -> Vec<KindRow> {
    let mut rows: BTreeMap<u16, KindRow> = BTreeMap::new();
    for u in units {
        let (Some(kind), Some(spec)) = (u.kind, u.spec()) else {
            continue;
        };
        let row = rows.entry(kind).or_insert_with(|| KindRow {
            name: gettext(&spec.name),
            ..KindRow::default()
        });
        if u.removed {
            row.removed += 1;
            continue;
        }
        let hex = hex_name(u.hex.filter(|_| u.on_map() || u.carried_by.is_some()));
        if u.pinned {
            row.pinned.push(hex.clone());
        }
        if u.improved {
            row.improved.push(hex.clone());
        }
        row.hexes.push(hex);
    }
    rows.into_values().collect()
}

impl UsRecord {
    /// The public record of `game`: drawn from the view of a side that knows none of the
    /// other's secrets (the US view, less the company commander's helicopter while the NLF may
    /// not know it).
    pub fn from_game(game: &SearchDestroy) -> UsRecord {
        let mut view = game.redacted(Side::Us);
        if game.redacted(Side::Nlf).commander_hex.is_none() {
            view.commander_hex = None;
        }
        Self::from_view(&view)
    }

    fn from_view(view: &SearchDestroy) -> UsRecord {
        let scenario = data().scenario(&view.scenario).map(|s| gettext(&s.title));
        let mut backs: BTreeMap<Hex, usize> = BTreeMap::new();
        for u in view.units.iter().filter(|u| u.on_map() && u.kind.is_none()) {
            *backs.entry(u.hex.expect("on the map")).or_insert(0) += 1;
        }
        UsRecord {
            scenario,
            turn: Some((view.turn, view.last_turn)),
            points: Some(view.points),
            us: by_kind(view.units.iter().filter(|u| u.side == Side::Us)),
            nlf_known: by_kind(
                view.units
                    .iter()
                    .filter(|u| u.side == Side::Nlf && (u.face_up || u.removed)),
            ),
            backs: backs.into_iter().map(|(h, n)| (h.to_string(), n)).collect(),
        }
    }
}

impl NlfSecrets {
    /// The NLF's secrets in `game`, from the NLF's own view.
    pub fn from_game(game: &SearchDestroy) -> NlfSecrets {
        let view = game.redacted(Side::Nlf);
        let name = |i: usize| {
            view.units[i]
                .spec()
                .map_or(String::new(), |s| gettext(&s.name))
        };
        let hidden = |u: &Unit| u.hidden() && !u.removed;
        let ambushes = view
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.is("ambush") && !u.removed)
            .map(|(m, u)| {
                let watchers = (0..view.units.len())
                    .filter(|&i| view.units[i].ambush == Some(m))
                    .map(|i| format!("{} {}", hex_name(view.units[i].hex), name(i)))
                    .collect();
                (hex_name(u.hex), watchers)
            })
            .collect();
        NlfSecrets {
            scenario: data().scenario(&view.scenario).map(|s| gettext(&s.title)),
            vob_roll: view.vob_roll,
            hidden: by_kind(view.units.iter().filter(|u| hidden(u))),
            ambushes,
        }
    }
}
