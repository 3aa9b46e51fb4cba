//! Which games have print-and-play kits. A game registers by adding one line to `KITS`.

use super::component::Kit;
use crate::catalog;

/// Builds a game's kit.
pub type KitBuilder = fn() -> Kit;

/// Game id → the function building its kit. To register a game, add a line such as
/// `("csar", crate::games::csar::print::kit),`.
const KITS: &[(&str, KitBuilder)] = &[
    ("csar", crate::art::csar::kit::kit),
    ("skyhawk", crate::art::skyhawk::kit::kit),
];

/// The kit of a catalog game, or a one-line reason why there is none.
pub fn kit_for(game: &str) -> Result<Kit, String> {
    let info = catalog::find(game).ok_or_else(|| {
        format!(
            "unknown game '{game}' (known: {}, all)",
            catalog::ids().join(", ")
        )
    })?;
    KITS.iter()
        .find(|(id, _)| *id == game)
        .map(|(_, build)| build())
        .ok_or_else(|| format!("{} has no printable components yet", info.title))
}

/// The kits of every game that has one, in catalog order.
pub fn all_kits() -> Vec<Kit> {
    catalog::ids()
        .into_iter()
        .filter_map(|id| kit_for(id).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_kit_belongs_to_a_catalog_game() {
        for (id, build) in KITS {
            assert!(catalog::find(id).is_some(), "{id}");
            let kit = build();
            assert_eq!(kit.game, *id);
            assert!(!kit.components.is_empty());
        }
    }

    #[test]
    fn unknown_and_unprinted_games_say_so() {
        let err = kit_for("monopoly").unwrap_err();
        assert!(
            err.contains("unknown game 'monopoly'") && err.contains("csar"),
            "{err}"
        );
        for id in catalog::ids() {
            if !KITS.iter().any(|(k, _)| *k == id) {
                let err = kit_for(id).unwrap_err();
                assert!(err.ends_with("has no printable components yet"), "{err}");
            }
        }
    }
}
