//! Table look-ups of ground combat [8.4, 9.2-9.4]: what the Enemy Orders Chart [G1] tells a
//! unit to do, whether a ground unit hits a helicopter (its Unit Card), which B2 column a
//! shot reads, and how many C1 rolls a hit costs.

use std::borrow::Cow;

use super::content::{Class, UnitSpec, data};
use super::movement::Altitude;
use super::roll::Modifier;

/// The three actions of a ground unit [8.4].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Shoot,
    MoveAndShoot,
    Move,
}

/// G1: the action of an enemy unit of `class` whose target is `distance` hexes away.
pub fn orders(class: Class, distance: i32) -> Order {
    let row = data()
        .orders
        .iter()
        .find(|o| o.class == class)
        .or_else(|| data().orders.iter().find(|o| o.class == Class::Fireteam))
        .expect("checked: orders for fireteams");
    if distance <= i32::from(row.shoot_to) {
        Order::Shoot
    } else if distance <= i32::from(row.move_and_shoot_to) {
        Order::MoveAndShoot
    } else {
        Order::Move
    }
}

/// The modifiers of a ground unit's shot at a helicopter (digest G08); `None` when it may not
/// fire at all (out of range, or an RPG team at a helicopter at Medium).
pub fn vs_helicopter(
    unit: &UnitSpec,
    distance: i32,
    altitude: Altitude,
    hovering: bool,
    reduced: bool,
    moved: bool,
    weather: i32,
) -> Option<(i32, Vec<Modifier>)> {
    let card = data()
        .cards
        .iter()
        .find(|c| Some(&c.id) == unit.card.as_ref())?;
    let band = card
        .vs_helicopter
        .iter()
        .find(|b| (i32::from(b.range[0])..=i32::from(b.range[1])).contains(&distance))?;
    if distance > i32::from(unit.range)
        || (unit.class == Class::Rpg && altitude == Altitude::Medium)
    {
        return None;
    }
    let v = &data().combat;
    let altitude = match altitude {
        Altitude::Landed => v.landed,
        Altitude::Noe => v.noe,
        Altitude::Low => v.low,
        Altitude::Medium => v.medium,
    };
    let modifiers = [
        ("altitude", altitude),
        ("hovering", if hovering { v.hovering } else { 0 }),
        ("reduced", if reduced { v.reduced } else { 0 }),
        ("move and shoot", if moved { v.move_and_shoot } else { 0 }),
        ("weather", weather),
    ]
    .into_iter()
    .filter(|(_, x)| *x != 0)
    .map(|(n, x)| (Cow::Borrowed(n), x))
    .collect();
    Some((band.hit, modifiers))
}

/// Whether a 1D10 roll hits, given the number needed and the modifiers; a modified roll
/// below 1 always misses [3.9].
pub fn hits(natural: i32, needed: i32, modifiers: &[Modifier]) -> bool {
    let modified = natural + modifiers.iter().map(|(_, v)| v).sum::<i32>();
    modified >= 1 && modified >= needed
}

/// C1 rolls for one hit on a helicopter: fireteams (and every unit that counts as one) 1,
/// HMG teams 2, RPG teams 3 [9.3.1].
pub fn c1_rolls(class: Class) -> u8 {
    let r = &data().combat.c1_rolls;
    match class {
        Class::Hmg => r.hmg,
        Class::Rpg => r.rpg,
        _ => r.fireteam,
    }
}

/// The B2 column a ground unit's shot at a ground unit reads at `distance`, with its card's
/// quality modifier (digest G08).
pub fn vs_ground(unit: &UnitSpec, distance: i32) -> Option<(&'static str, i32)> {
    let card = data()
        .cards
        .iter()
        .find(|c| Some(&c.id) == unit.card.as_ref())?;
    let band = card
        .vs_ground
        .iter()
        .find(|b| (i32::from(b.range[0])..=i32::from(b.range[1])).contains(&distance))?;
    Some((band.column.as_str(), card.ground_drm))
}

/// The B2 column a helicopter's machine gun reads at `distance` (range 0 reads "1-2").
pub fn b2_column(distance: i32) -> &'static str {
    match distance {
        ..=2 => "1-2",
        3..=4 => "3-4",
        _ => "5-6",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chopper_pilot::rules::roll::read;

    fn unit(id: &str) -> &'static UnitSpec {
        data().unit(id).unwrap()
    }

    #[test]
    fn enemy_orders_by_range() {
        assert_eq!(orders(Class::Fireteam, 6), Order::Shoot);
        assert_eq!(orders(Class::Fireteam, 7), Order::MoveAndShoot);
        assert_eq!(orders(Class::Fireteam, 9), Order::Move);
        assert_eq!(
            orders(Class::Rpg, 5),
            Order::MoveAndShoot,
            "RPG teams close in first (G12)"
        );
        assert_eq!(orders(Class::Hmg, 8), Order::Shoot, "HMG range 8 [9.3]");
    }

    #[test]
    fn ground_fire_at_helicopters_reads_the_unit_card() {
        // An NVA fireteam at 3 hexes needs 7; a landed Huey is easier to hit.
        let (needed, m) =
            vs_helicopter(unit("nva_ft"), 3, Altitude::Landed, false, false, false, 0).unwrap();
        assert_eq!(needed, 7);
        assert!(hits(5, needed, &m), "5 + 2 for a landed target");
        assert!(!hits(4, needed, &m));
        // At Medium (-2) after moving (-1) the same team needs a natural 10.
        let (_, m) =
            vs_helicopter(unit("nva_ft"), 3, Altitude::Medium, false, false, true, 0).unwrap();
        assert!(hits(10, 7, &m) && !hits(9, 7, &m));
        assert!(
            vs_helicopter(unit("nva_rpg"), 2, Altitude::Medium, false, false, false, 0).is_none(),
            "no RPG shots at Medium"
        );
        assert!(
            vs_helicopter(unit("vc_ft"), 7, Altitude::Noe, false, false, false, 0).is_none(),
            "range 6 [9.3]"
        );
        assert!(
            vs_helicopter(unit("vc_hmg"), 8, Altitude::Noe, false, false, false, 0).is_some(),
            "range 8 for HMG"
        );
        assert!(!hits(0, -5, &[]), "a modified roll below 1 misses [3.9]");
        assert_eq!(
            (
                c1_rolls(Class::Fireteam),
                c1_rolls(Class::Hmg),
                c1_rolls(Class::Rpg)
            ),
            (1, 2, 3),
            "[9.3.1]"
        );
    }

    #[test]
    fn machine_guns_read_their_range_column() {
        let b2 = data().table("B2");
        let col = |d| b2.column(b2_column(d)).unwrap();
        assert_eq!(read(b2, 6, &[]).cells[col(1)], "dm");
        assert_eq!(read(b2, 6, &[]).cells[col(4)], "sup");
        assert_eq!(read(b2, 6, &[]).cells[col(6)], "sup");
        assert_eq!(read(b2, 10, &[]).cells[col(0)], "de", "range 0 reads 1-2");
        assert_eq!(
            vs_ground(unit("nva_hmg"), 5),
            Some(("3-4", 3)),
            "HMG bands stretch to 8 (G08)"
        );
        assert_eq!(vs_ground(unit("us_army_ft"), 6), Some(("5-6", 0)));
        assert_eq!(vs_ground(unit("us_army_ft"), 7), None);
    }
}
