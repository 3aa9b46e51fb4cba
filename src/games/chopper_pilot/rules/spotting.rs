//! Spotting and line of sight [9.1]: a helicopter must spot a spawned unit before firing at
//! it; your helicopter rolls on E3 with its crew's Perception, the others need a natural 5-6;
//! ground units see each other when no blocking terrain lies between them.

use std::borrow::Cow;

use super::content::data;
use super::hex::Hex;
use super::movement::Altitude;
use super::roll::{Modifier, read};

/// Whether a helicopter at `from` facing `facing` may try to spot a unit at `target`: within
/// the spotting range and outside the blind wedge astern (300° arc) [9.1, G09].
pub fn in_view(from: Hex, facing: u8, target: Hex) -> bool {
    // E3's range and blind sector, read once: every unit is asked about at every step.
    static VIEW: std::sync::OnceLock<(i32, u8)> = std::sync::OnceLock::new();
    let (range, blind) = *VIEW.get_or_init(|| {
        let e3 = data().table("E3");
        let blind = e3.value("blind_sector") as u8;
        (
            e3.value("range"),
            1u8.checked_shl(blind.into()).unwrap_or(0),
        )
    });
    from.distance(target) <= range && from.sector_mask(facing, target) & !blind != 0
}

/// The modifiers of your helicopter's E3 roll (digest G10): the better Perception of the
/// pilot and co-pilot, the target's terrain, the altitude, the range, the weather and any
/// event bonus.
pub fn e3_modifiers(
    perception: u8,
    terrain_spot: i32,
    altitude: Altitude,
    distance: i32,
    weather: i32,
    event: i32,
) -> Vec<Modifier> {
    let e3 = data().table("E3");
    let altitude = match altitude {
        Altitude::Landed | Altitude::Noe => e3.value("noe"),
        Altitude::Low => e3.value("low"),
        Altitude::Medium => e3.value("medium"),
    };
    let range = if distance <= e3.value("near_to") {
        e3.value("near")
    } else if distance >= e3.value("far_from") {
        e3.value("far")
    } else {
        0
    };
    [
        ("Perception", i32::from(perception)),
        ("terrain", terrain_spot),
        ("altitude", altitude),
        ("range", range),
        ("weather", weather),
        ("event", event),
    ]
    .into_iter()
    .filter(|(_, v)| *v != 0)
    .map(|(n, v)| (Cow::Borrowed(n), v))
    .collect()
}

/// Whether your helicopter's E3 roll `natural` with `modifiers` spots the unit.
pub fn spots(natural: i32, modifiers: &[Modifier]) -> bool {
    read(data().table("E3"), natural, modifiers).result() == "spotted"
}

/// Whether another helicopter of the flight spots with a natural roll, whatever the terrain
/// and without a Perception modifier [9.1].
pub fn other_spots(natural: i32) -> bool {
    natural >= data().table("E3").value("other_helicopter_from")
}

/// The chance of your helicopter spotting with these modifiers (for the odds assistant).
pub fn spot_chance(modifiers: &[Modifier]) -> f64 {
    (1..=6).filter(|&n| spots(n, modifiers)).count() as f64 / 6.0
}

/// Whether two ground units see each other: terrain between them blocks; a line along a
/// hexside is blocked only when both hexes beside it block; neither end hex blocks [9.1, G07].
pub fn ground_los(a: Hex, b: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    a.between_pairs(b).all(|(x, y)| !(blocks(x) && blocks(y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terrain(id: &str) -> i32 {
        data().terrain.iter().find(|t| t.id == id).unwrap().spot
    }

    #[test]
    fn the_spotting_odds_match_the_reconstruction_notes() {
        // G23: about 67 % at Low over clear ground at 4-7 hexes, 17 % at Medium over jungle.
        let clear = e3_modifiers(0, terrain("clear"), Altitude::Low, 5, 0, 0);
        assert!((spot_chance(&clear) - 4.0 / 6.0).abs() < 1e-9);
        let jungle = e3_modifiers(0, terrain("jungle"), Altitude::Medium, 5, 0, 0);
        assert!(
            (spot_chance(&jungle) - 1.0 / 6.0).abs() < 1e-9,
            "only a natural 6"
        );
        assert!(spots(6, &jungle) && !spots(5, &jungle));
        // A natural 1 always fails, however sharp the crew.
        let sharp = e3_modifiers(2, terrain("clear"), Altitude::Noe, 2, 0, 2);
        assert!(!spots(1, &sharp) && spots(2, &sharp));
        // The other helicopters: 5-6 whatever the terrain [9.1].
        assert_eq!((1..=6).filter(|n| other_spots(*n)).count(), 2);
    }

    #[test]
    fn the_spotting_arc_leaves_a_wedge_astern_and_ends_at_ten_hexes() {
        let h = Hex { q: 10, r: 10 };
        assert!(in_view(h, 0, h.step(0, 10)), "ten hexes = 500 m [9.1]");
        assert!(!in_view(h, 0, h.step(0, 11)));
        assert!(!in_view(h, 0, h.step(3, 4)), "straight astern is blind");
        assert!(in_view(h, 0, h.step(2, 4)), "right rear is within 300°");
        assert!(
            !in_view(h, 3, h.step(0, 4)),
            "facing south, north is astern"
        );
        assert!(in_view(h, 3, h.step(3, 4)));
    }

    #[test]
    fn terrain_between_blocks_ground_sight_but_not_the_hex_itself() {
        let a = Hex { q: 0, r: 5 };
        let b = a.step(0, 3);
        let wood = a.step(0, 1);
        assert!(
            !ground_los(a, b, |h| h == wood),
            "a wood between them blocks"
        );
        assert!(ground_los(a, b, |h| h == b), "you see into a blocking hex");
        // Along a hexside both hexes must block (the rulebook's picture: one fireteam seen,
        // the other hidden behind the trees).
        let spine = a.neighbour(0).neighbour(1);
        let north = a.neighbour(0);
        assert!(ground_los(a, spine, |h| h == north));
        assert!(!ground_los(a, spine, |h| h == north || h == a.neighbour(1)));
    }
}
