//! What a table's result cell says, in words: the tables keep short codes the rules read
//! ("dm_sup", "crew_random", "right_long"), the log shows the words ("damaged and
//! suppressed"), each marked for the catalogue and translated where it is shown. A cell that
//! names a unit or a weather shows that record's name; a number shows as it is.

use super::content::data;
use crate::engine::message::n_;

/// The words for a result code of a table or a scatter diagram, if it is one.
pub fn cell_word(code: &str) -> Option<&'static str> {
    Some(match code {
        // A2, B1, B2: attack results [9.2].
        "miss" => n_("miss"),
        "sup" => n_("suppressed"),
        "dm" => n_("damaged"),
        "dm_sup" => n_("damaged and suppressed"),
        "de" => n_("destroyed"),
        // A1: the aircraft on station and their loads [9.4].
        "none on station" => n_("none on station"),
        "delayed" => n_("delayed"),
        "bombs" => n_("bombs"),
        "napalm" => n_("napalm"),
        "strafing" => n_("strafing"),
        "A-1 Skyraider" => n_("A-1 Skyraider"),
        "A-4 Skyhawk" => n_("A-4 Skyhawk"),
        "F-100 Super Sabre" => n_("F-100 Super Sabre"),
        "F-4 Phantom II" => n_("F-4 Phantom II"),
        "F-4 Phantom II (heavy load)" => n_("F-4 Phantom II (heavy load)"),
        "none" => n_("none"),
        // C1: where a hit lands [9.5].
        "fuel" => n_("fuel"),
        "engine" => n_("engine"),
        "hydraulics" => n_("hydraulics"),
        "transmission" => n_("transmission"),
        "tail_rotor" => n_("tail rotor"),
        "main_rotor" => n_("main rotor"),
        "radio" => n_("radio"),
        "instruments" => n_("instruments"),
        "weapon" => n_("a weapon"),
        "cabin" => n_("the cabin"),
        "crew_1" => n_("crew seat 1"),
        "crew_2" => n_("crew seat 2"),
        "crew_3" => n_("crew seat 3"),
        "crew_4" => n_("crew seat 4"),
        "crew_random" => n_("a crewman at random"),
        "golden_bb" => n_("golden BB"),
        // E1: mission difficulty.
        "green" => n_("green"),
        "yellow" => n_("yellow"),
        "red" => n_("red"),
        // E3, E4, E5.
        "fail" => n_("not spotted"),
        "spotted" => n_("spotted"),
        "offer" => n_("offer"),
        "no_offer" => n_("no offer"),
        "found" => n_("found"),
        "not_found" => n_("not found"),
        // F1: where a crewman is hit and how badly [9.6].
        "head" => n_("head"),
        "chest" => n_("chest"),
        "abdomen" => n_("abdomen"),
        "arm" => n_("arm"),
        "leg" => n_("leg"),
        "hand_foot" => n_("hand or foot"),
        "armour" => n_("armour"),
        "kia" => n_("killed"),
        "serious" => n_("serious wound"),
        "light" => n_("light wound"),
        "minor" => n_("minor wound"),
        // F2, F3: forced and weather landings.
        "crash" => n_("crash"),
        "hard" => n_("hard landing"),
        "safe" => n_("safe landing"),
        "landed" => n_("landed"),
        // F4: a downed crew's radio call.
        "contact_next" => n_("contact next turn"),
        "contact_late" => n_("contact later"),
        "no_contact" => n_("no contact"),
        // H1: random ground fire.
        "small_arms" => n_("small arms"),
        "automatic" => n_("automatic weapons"),
        "heavy" => n_("heavy weapons"),
        // Scatter diagrams [9.4.4]: compass points for artillery, the run's direction for
        // an air strike.
        "n" => n_("north"),
        "ne" => n_("north-east"),
        "se" => n_("south-east"),
        "s" => n_("south"),
        "sw" => n_("south-west"),
        "nw" => n_("north-west"),
        "ahead" => n_("ahead"),
        "behind" => n_("behind"),
        "right_long" => n_("right, long"),
        "right_short" => n_("right, short"),
        "left_long" => n_("left, long"),
        "left_short" => n_("left, short"),
        "on" => n_("on target"),
        _ => return None,
    })
}

/// A result cell as the log shows it: its words, the names of the units or the weather it
/// stands for, or the cell itself (a number, or a word an owner's table added).
pub fn shown(cell: &str) -> Vec<String> {
    if let Some(word) = cell_word(cell) {
        return vec![word.to_owned()];
    }
    if let Some(weather) = data().weather.iter().find(|w| w.id == cell) {
        return vec![weather.name.clone()];
    }
    let units: Option<Vec<String>> = cell
        .split('+')
        .map(|id| data().unit(id).map(|u| u.name.clone()))
        .collect();
    units.unwrap_or_else(|| vec![cell.to_owned()])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word a table of the game can hold has its words: the load checks each table's
    /// cells against its vocabulary, this checks the vocabulary against the words.
    #[test]
    fn every_result_of_every_table_and_scatter_diagram_has_words() {
        let c = data();
        let mut cells: Vec<&str> = c
            .tables
            .values()
            .flat_map(|t| {
                let naturals = t.natural.iter().flat_map(|n| n.cells.iter());
                t.rows.iter().flat_map(|r| r.cells.iter()).chain(naturals)
            })
            .map(String::as_str)
            .collect();
        cells.extend(
            c.scatter
                .iter()
                .flat_map(|s| s.results.iter().map(String::as_str)),
        );
        let wordless: Vec<&str> = cells
            .into_iter()
            .filter(|cell| {
                cell.parse::<i32>().is_err()
                    && cell_word(cell).is_none()
                    && shown(cell) == [cell.to_string()]
            })
            .collect();
        assert!(wordless.is_empty(), "cells without words: {wordless:?}");
    }

    #[test]
    fn a_cell_shows_its_words_its_units_or_its_weather() {
        assert_eq!(shown("dm_sup"), ["damaged and suppressed"]);
        assert_eq!(shown("3"), ["3"]);
        let hq = data().unit("nva_hq").expect("an NVA HQ").name.clone();
        let ft = data().unit("nva_ft").expect("an NVA fireteam").name.clone();
        assert_eq!(shown("nva_hq+nva_ft"), [hq, ft]);
        assert_eq!(shown("low_ceiling"), ["Low ceiling"]);
    }
}
