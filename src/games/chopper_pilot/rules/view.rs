//! What the window and the print-and-play kit read of a game, without changing it: the
//! mission's briefing and Operations Map, the route points' places, the helicopter flying,
//! where its weapons reach, and the chance of a spotting roll. Read-only: nothing here is a
//! rule that `apply` relies on.

use super::content::{HexRef, Mission, OpsMap, RoutePoint, Template, WeaponSpec, data};
use super::hex::Hex;
use super::spotting::{e3_modifiers, spot_chance};
use super::state::{Assignment, ChopperPilot, Phase};

/// The text a player reads before a mission: its Playbook briefing or the event's orders.
#[derive(Clone, Copy, Debug)]
pub enum Orders<'a> {
    Briefing(&'a Mission),
    Template(&'a Template),
}

impl Orders<'_> {
    pub fn title(&self) -> &str {
        match self {
            Orders::Briefing(m) => &m.title,
            Orders::Template(t) => &t.title,
        }
    }
    pub fn text(&self) -> &str {
        match self {
            Orders::Briefing(m) => &m.briefing,
            Orders::Template(t) => &t.text,
        }
    }
}

/// Whether a weapon at `from`, nose towards `facing`, covers `target`: within its range and
/// in its arc; a forward-firing weapon (arc 1 alone) only along the hex line ahead [9.2, G09].
pub fn weapon_covers(weapon: &WeaponSpec, from: Hex, facing: u8, target: Hex) -> bool {
    let d = from.distance(target);
    if d == 0 || d > i32::from(weapon.range) {
        return false;
    }
    if weapon.arc == [1] {
        (1..=weapon.range).any(|n| from.step(facing, n) == target)
    } else {
        from.sectors(facing, target)
            .iter()
            .any(|s| weapon.arc.contains(s))
    }
}

impl ChopperPilot {
    /// The mission's orders, while a mission is in hand.
    pub fn orders(&self) -> Option<Orders<'static>> {
        let m = self.mission.as_ref()?;
        match &m.assignment {
            Assignment::Briefing(n) => data().mission(*n).map(Orders::Briefing),
            Assignment::Template(id) => data().template(id).map(Orders::Template),
        }
    }

    /// The Operations Map the mission in hand is flown on.
    pub fn ops_map(&self) -> Option<&'static OpsMap> {
        let m = self.mission.as_ref()?;
        let id = match &m.assignment {
            Assignment::Briefing(n) => data().mission(*n).map(|b| b.ops_map.as_str()),
            Assignment::Template(_) => None,
        }
        .unwrap_or_else(|| data().campaign(self.campaign).ops_map_for(m.number));
        data().ops_map(id)
    }

    /// Where a route point (`B`, `W3`, `T2`) lies on the mission's Operations Map, in inches
    /// from the sheet's top-left corner.
    pub fn route_point(&self, point: &str) -> Option<[f64; 2]> {
        let map = self.ops_map()?;
        match RoutePoint::parse(point)? {
            RoutePoint::Base => Some(map.base),
            RoutePoint::Waypoint(n) => map.waypoints.get(n.checked_sub(1)?).copied(),
            RoutePoint::Target(n) => map.targets.get(n.checked_sub(1)?).copied(),
        }
    }

    /// The route point the flight has reached, counted from the base, and whether it is on
    /// the way home.
    pub fn flight_at(&self) -> Option<(usize, bool)> {
        match self.phase {
            Phase::Fly { at } => Some((at, false)),
            Phase::Return { at } => Some((at, true)),
            _ => {
                let m = self.mission.as_ref()?;
                Some((m.at, m.returning))
            }
        }
    }

    /// The helicopter whose activation is under way.
    pub fn active_helicopter(&self) -> Option<usize> {
        match self.phase {
            Phase::Activation(h) => Some(h),
            _ => None,
        }
    }

    /// Whether the Tactical Map is in play (from its set-up to the flight's leaving it).
    pub fn on_tactical_map(&self) -> bool {
        self.mission
            .as_ref()
            .is_some_and(|m| m.tac.is_some() && !m.returning)
            && matches!(
                self.phase,
                Phase::Helicopters | Phase::Activation(_) | Phase::Support | Phase::Pickup
            )
    }

    /// The hex a `map/CCRR` reference of the tactical layout names.
    pub fn tac_hex(&self, reference: &str) -> Option<Hex> {
        let tac = self.mission.as_ref()?.tac.as_ref()?;
        tac.ground.layout.hex(HexRef::parse(reference)?)
    }

    /// The chance that helicopter `h`, in its activation, spots unit `id` with one try: E3
    /// with the crew's Perception for yours, a natural 5-6 for the others [9.1].
    pub fn spot_odds(&self, h: usize, id: u16) -> Option<f64> {
        let tac = self.mission.as_ref()?.tac.as_ref()?;
        let f = tac.flying(h)?;
        let u = tac.unit(id)?;
        if h != self.mission().yours {
            let from = data().table("E3").value("other_helicopter_from");
            return Some(f64::from((7 - from).clamp(0, 6)) / 6.0);
        }
        let perception = self.best_skill(h, |m| m.perception, true);
        let weather = self.weather_value(|w| w.e3);
        let event = self
            .mission()
            .later
            .iter()
            .filter_map(|w| match w {
                super::content::What::Modifier { table, value } if table == "E3" => Some(*value),
                _ => None,
            })
            .sum();
        let m = e3_modifiers(
            perception,
            tac.ground.at(u.hex).spot,
            f.altitude,
            f.hex.distance(u.hex),
            weather,
            event,
        );
        Some(spot_chance(&m))
    }
}
