//! The Ordnance Card: what hangs on each of the five stations, the external tanks, and the
//! checks a load must pass before launch [3.3, 3.6, 4.2]. Every refusal says why.

use serde::{Deserialize, Serialize};

use super::content::{PylonId, TargetType, Weapon, data};
use crate::engine::message::{Message, msg, msg_n};

/// The stores on one station: one weapon, or one or two 3-bomb MER clusters of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Store {
    pub weapon: Weapon,
    /// 0: a single store; 1 or 2: that many 3-bomb clusters on a multiple ejector rack.
    pub clusters: u8,
}

impl Store {
    pub fn single(weapon: Weapon) -> Self {
        Store {
            weapon,
            clusters: 0,
        }
    }

    pub fn clusters(weapon: Weapon, clusters: u8) -> Self {
        Store { weapon, clusters }
    }

    pub fn weight(&self) -> u32 {
        let spec = self.weapon.spec();
        match self.clusters {
            0 => spec.weight,
            n => spec.cluster_weight.unwrap_or(spec.weight * 3) * u32::from(n),
        }
    }

    /// "Mk 82", "3×Mk 82", "2×3 Mk 82".
    pub fn label(&self) -> String {
        let name = &self.weapon.spec().name;
        match self.clusters {
            0 => name.clone(),
            1 => format!("3×{name}"),
            n => format!("{n}×3 {name}"),
        }
    }
}

/// External tanks [3.3]: a centerline tank and/or a pair on the inboard stations (right and
/// left together), sizes in gallons, 0 for none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tanks {
    pub centerline: u16,
    pub inboard: u16,
}

impl Tanks {
    pub fn gallons(&self) -> u16 {
        self.centerline + 2 * self.inboard
    }

    /// The tank on a station, if any.
    pub fn on(&self, pylon: PylonId) -> u16 {
        match pylon {
            PylonId::CL => self.centerline,
            PylonId::LI | PylonId::RI => self.inboard,
            _ => 0,
        }
    }

    /// "2×300 gal inboard", in the player's language.
    pub fn describe(&self) -> Message {
        match (self.centerline, self.inboard) {
            (0, 0) => msg("no tanks"),
            (c, 0) => msg("{centerline} gal centerline").arg("centerline", c),
            (0, i) => msg("2×{inboard} gal inboard").arg("inboard", i),
            (c, i) => msg("{centerline} gal centerline + 2×{inboard} gal inboard")
                .arg("centerline", c)
                .arg("inboard", i),
        }
    }

    /// Every legal combination: R-C-L, R+L or C only (sizes from the aircraft data).
    pub fn combinations() -> Vec<Tanks> {
        let a = &data().aircraft;
        let mut sizes_c = vec![0];
        let mut sizes_i = vec![0];
        for t in &a.tank {
            if t.centerline {
                sizes_c.push(t.gallons);
            }
            if t.inboard {
                sizes_i.push(t.gallons);
            }
        }
        let mut all = Vec::new();
        for &c in &sizes_c {
            for &i in &sizes_i {
                all.push(Tanks {
                    centerline: c,
                    inboard: i,
                });
            }
        }
        all
    }
}

/// The whole load: stations left to right (LO, LI, CL, RI, RO) and the tanks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Loadout {
    pub stations: [Option<Store>; 5],
    pub tanks: Tanks,
}

/// What the load is checked against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadRules {
    pub target: TargetType,
    /// The target is the Hanoi Civilian Receiver and Transmitting Stations (Shrike allowed).
    pub hcrt: bool,
    pub route_package: String,
    /// Table 4 / Table 28: no Mk 82 of any kind [4.1].
    pub bomb_shortage: bool,
    /// Table 4 Note A: no Mk 83 or Mk 84 (reconstructed collateral-damage restriction).
    pub no_heavy_bombs: bool,
    /// Only in the second campaign [3.3, R41].
    pub agm12c: bool,
    /// Optional 15.4.2: the rolled attack altitude some store must be usable at.
    pub attack_altitude: Option<super::content::Altitude>,
}

impl Loadout {
    pub fn store(&self, pylon: PylonId) -> Option<Store> {
        self.stations[pylon.index()]
    }

    /// Puts `store` on `pylon` and on its mirror station (symmetry [3.3]).
    pub fn set_pair(&mut self, pylon: PylonId, store: Option<Store>) {
        self.stations[pylon.index()] = store;
        self.stations[pylon.mirror().index()] = store;
    }

    /// Weight on one station, tank included.
    pub fn station_weight(&self, pylon: PylonId) -> u32 {
        let stores = self.store(pylon).map_or(0, |s| s.weight());
        let tank = match self.tanks.on(pylon) {
            0 => 0,
            g => data().aircraft.tank(g).map_or(0, |t| t.weight),
        };
        stores + tank
    }

    pub fn total_weight(&self) -> u32 {
        PylonId::ALL.iter().map(|&p| self.station_weight(p)).sum()
    }

    /// The first reason this load may not fly, or `Ok`.
    pub fn check(&self, rules: &LoadRules) -> Result<(), Message> {
        self.check_partial(rules)?;
        self.check_attack_altitude(rules)
    }

    /// Everything but optional 15.4.2's altitude requirement (used while the load is being
    /// built, station by station).
    pub fn check_partial(&self, rules: &LoadRules) -> Result<(), Message> {
        self.check_stores(rules)?;
        self.check_tanks()?;
        self.check_weights()?;
        self.check_fuel(&rules.route_package)
    }

    fn check_attack_altitude(&self, rules: &LoadRules) -> Result<(), Message> {
        let Some(a) = rules.attack_altitude else {
            return Ok(());
        };
        let usable = self.stations.iter().flatten().any(|s| {
            s.weapon.spec().altitudes.contains(&a)
                || (s.weapon.is_snake_eye() && a == super::content::Altitude::Low)
        });
        if usable {
            Ok(())
        } else {
            Err(
                msg("The load needs a weapon usable at the rolled attack altitude, {altitude}")
                    .term("altitude", a.name()),
            )
        }
    }

    fn check_stores(&self, rules: &LoadRules) -> Result<(), Message> {
        for (left, right) in [(PylonId::LO, PylonId::RO), (PylonId::LI, PylonId::RI)] {
            if self.store(left) != self.store(right) {
                return Err(msg(
                    "Whatever hangs on {left} must hang on {right} as well: the wings must balance",
                )
                .arg("left", left.name())
                .arg("right", right.name()));
            }
        }
        for pylon in PylonId::ALL {
            let Some(store) = self.store(pylon) else {
                continue;
            };
            let spec = store.weapon.spec();
            let name = &spec.name;
            let allowed = match store.clusters {
                0 => spec.pylons.contains(&pylon),
                1 | 2 => spec.cluster_pylons.contains(&pylon),
                _ => false,
            };
            if !allowed {
                return Err(match store.clusters {
                    0 => msg("Station {pylon} cannot carry a {weapon}"),
                    _ => msg("Station {pylon} cannot carry {weapon} on a multiple ejector rack"),
                }
                .arg("pylon", pylon.name())
                .arg("weapon", name));
            }
            if store.clusters > 2 {
                return Err(msg(
                    "A multiple ejector rack holds at most two 3-bomb clusters",
                ));
            }
            if self.tanks.on(pylon) > 0 {
                return Err(msg("Station {pylon} carries a fuel tank and nothing else")
                    .arg("pylon", pylon.name()));
            }
            let permitted =
                spec.guide.contains_key(&rules.target) || (rules.hcrt && spec.hcrt_guide.is_some());
            if !permitted {
                return Err(
                    msg("Table 5: the {weapon} may not be used against a {target}")
                        .arg("weapon", name)
                        .term("target", rules.target.name()),
                );
            }
            if rules.bomb_shortage && store.weapon.is_mk82() {
                return Err(msg(
                    "Bomb shortage: no Mk 82 bombs of any kind this mission",
                ));
            }
            if rules.no_heavy_bombs && matches!(store.weapon, Weapon::Mk83 | Weapon::Mk84) {
                return Err(msg(
                    "Government intrusion: no Mk 83 or Mk 84 bombs against this target",
                ));
            }
            if store.weapon == Weapon::Agm12c && !rules.agm12c {
                return Err(msg("The AGM-12C is only issued in the second campaign"));
            }
            if store.weapon == Weapon::Cannon {
                return Err(msg("The 20 mm cannons are internal and hang on no station"));
            }
        }
        Ok(())
    }

    fn check_tanks(&self) -> Result<(), Message> {
        let a = &data().aircraft;
        let fits = |g: u16, centerline: bool| {
            g == 0
                || a.tank(g)
                    .is_some_and(|t| if centerline { t.centerline } else { t.inboard })
        };
        if !fits(self.tanks.centerline, true) {
            return Err(msg("No {gallons} gallon tank fits the centerline")
                .arg("gallons", self.tanks.centerline));
        }
        if !fits(self.tanks.inboard, false) {
            return Err(
                msg("No {gallons} gallon tank fits the inboard stations (the 400 gallon tank is centerline only)")
                    .arg("gallons", self.tanks.inboard),
            );
        }
        Ok(())
    }

    fn check_weights(&self) -> Result<(), Message> {
        let a = &data().aircraft;
        for pylon in PylonId::ALL {
            let limit = a.pylon[pylon.index()].limit;
            let weight = self.station_weight(pylon);
            if weight > limit {
                return Err(
                    msg("Station {pylon} carries {weight} lb, above its {limit} lb limit")
                        .arg("pylon", pylon.name())
                        .arg("weight", weight)
                        .arg("limit", limit),
                );
            }
        }
        let total = self.total_weight();
        if total > a.max_weight {
            return Err(msg(
                "The load weighs {weight} lb, above the {limit} lb the Skyhawk can lift",
            )
            .arg("weight", total)
            .arg("limit", a.max_weight));
        }
        Ok(())
    }

    fn check_fuel(&self, route_package: &str) -> Result<(), Message> {
        let Some(rp) = data().aircraft.route_package(route_package) else {
            return Err(msg("Unknown route package {rp}").arg("rp", route_package));
        };
        if let Some(c) = rp.centerline
            && self.tanks.centerline != c
        {
            return Err(
                msg("Route package {rp} needs a {gallons} gallon centerline tank")
                    .arg("rp", route_package)
                    .arg("gallons", c),
            );
        }
        if let Some(i) = rp.inboard
            && self.tanks.inboard != i
        {
            return Err(
                msg("Route package {rp} needs two {gallons} gallon inboard tanks")
                    .arg("rp", route_package)
                    .arg("gallons", i),
            );
        }
        if self.tanks.gallons() < rp.min_gallons {
            return Err(msg_n(
                "Route package {rp} needs at least {min} gallon of external fuel; this load has {gallons}",
                "Route package {rp} needs at least {min} gallons of external fuel; this load has {gallons}",
                rp.min_gallons,
            )
            .arg("rp", route_package)
            .arg("min", rp.min_gallons)
            .arg("gallons", self.tanks.gallons()));
        }
        Ok(())
    }

    /// Carries at least 150 gallons more than the route package asks (a Table 7 modifier).
    pub fn extra_fuel(&self, route_package: &str) -> bool {
        data()
            .aircraft
            .route_package(route_package)
            .is_some_and(|rp| self.tanks.gallons() >= rp.min_gallons + 150)
    }

    /// "LO: LAU-3/A, LI: 3×Mk 82, ..." for the log.
    pub fn label(&self) -> String {
        let mut parts: Vec<String> = PylonId::ALL
            .iter()
            .map(|&p| {
                let what = match (self.store(p), self.tanks.on(p)) {
                    (Some(s), _) => s.label(),
                    (None, 0) => "—".into(),
                    (None, g) => format!("{g} gal tank"),
                };
                format!("{}: {what}", p.name())
            })
            .collect();
        parts.push(format!("{} lb", self.total_weight()));
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(target: TargetType, rp: &str) -> LoadRules {
        LoadRules {
            target,
            hcrt: false,
            route_package: rp.into(),
            bomb_shortage: false,
            no_heavy_bombs: false,
            agm12c: false,
            attack_altitude: None,
        }
    }

    fn load(stations: [Option<Store>; 5], centerline: u16, inboard: u16) -> Loadout {
        Loadout {
            stations,
            tanks: Tanks {
                centerline,
                inboard,
            },
        }
    }

    fn s(w: Weapon) -> Option<Store> {
        Some(Store::single(w))
    }

    fn c(w: Weapon, n: u8) -> Option<Store> {
        Some(Store::clusters(w, n))
    }

    /// [3.3] SAM site: AGM-45 – AGM-12 – fuel tank – AGM-12 – AGM-45.
    #[test]
    fn rulebook_sam_site_load() {
        let l = load(
            [
                s(Weapon::Agm45),
                s(Weapon::Agm12b),
                None,
                s(Weapon::Agm12b),
                s(Weapon::Agm45),
            ],
            300,
            0,
        );
        assert_eq!(l.check(&rules(TargetType::SamSite, "6B")), Ok(()));
        assert_eq!(l.total_weight(), 2 * 400 + 2 * 570 + 2200);
        // The Shrike is refused against anything but SAM sites and the HCRT.
        let e = l.check(&rules(TargetType::Bridge, "6B")).unwrap_err();
        assert!(e.english().contains("Table 5"), "{}", e.english());
        let mut hcrt = rules(TargetType::Building, "6B");
        hcrt.hcrt = true;
        assert_eq!(l.check(&hcrt), Ok(()));
    }

    /// [3.3] LAU-3/A – 3 Mk 82 – 3 Mk 82 – 3 Mk 82 – LAU-3/A: legal in RP 1 only (R58).
    #[test]
    fn rulebook_ground_attack_loads() {
        let a = load(
            [
                s(Weapon::Lau3),
                c(Weapon::Mk82, 1),
                c(Weapon::Mk82, 1),
                c(Weapon::Mk82, 1),
                s(Weapon::Lau3),
            ],
            0,
            0,
        );
        assert_eq!(a.total_weight(), 5400);
        assert_eq!(a.check(&rules(TargetType::Building, "1")), Ok(()));
        let e = a.check(&rules(TargetType::Building, "2")).unwrap_err();
        assert!(
            e.english().contains("at least 150 gallons"),
            "{}",
            e.english()
        );
        let b = load(
            [
                s(Weapon::Lau3),
                s(Weapon::Lau3),
                c(Weapon::Mk82, 1),
                s(Weapon::Lau3),
                s(Weapon::Lau3),
            ],
            0,
            0,
        );
        assert_eq!(b.check(&rules(TargetType::Transportation, "1")), Ok(()));
        let mut shortage = rules(TargetType::Transportation, "1");
        shortage.bomb_shortage = true;
        assert!(
            b.check(&shortage)
                .unwrap_err()
                .english()
                .contains("Bomb shortage")
        );
    }

    /// [4.2] Two 3-bomb clusters on the centerline MER, weight permitting.
    #[test]
    fn two_clusters_on_one_rack() {
        let l = load([None, None, c(Weapon::Mk82, 2), None, None], 0, 0);
        assert_eq!(l.station_weight(PylonId::CL), 3000);
        assert_eq!(l.check(&rules(TargetType::Airfield, "1")), Ok(()));
        let l = load([None, None, c(Weapon::Mk82, 3), None, None], 0, 0);
        assert!(l.check(&rules(TargetType::Airfield, "1")).is_err());
        // No MER on the outboard stations.
        let l = load(
            [c(Weapon::Mk81, 1), None, None, None, c(Weapon::Mk81, 1)],
            0,
            0,
        );
        let e = l.check(&rules(TargetType::Airfield, "1")).unwrap_err();
        assert!(
            e.english().contains("multiple ejector rack"),
            "{}",
            e.english()
        );
    }

    #[test]
    fn wings_must_balance() {
        let l = load([s(Weapon::Mk83), None, None, None, None], 0, 0);
        let e = l.check(&rules(TargetType::Bridge, "1")).unwrap_err();
        assert!(e.english().contains("must hang on RO"), "{}", e.english());
    }

    #[test]
    fn weight_limits() {
        // 400 gal centerline and two 150s (RP 5) leave 3,600 lb, the outboards take 2,400.
        let l = load(
            [s(Weapon::Mk83), None, None, None, s(Weapon::Mk83)],
            400,
            150,
        );
        assert_eq!(l.total_weight(), 2900 + 2200 + 2000);
        assert_eq!(l.check(&rules(TargetType::Bridge, "5")), Ok(()));
        // Mk 84 pairs on the inboards with two 300 gallon... no: a tank station holds nothing else.
        let l = load([None, s(Weapon::Mk84), None, s(Weapon::Mk84), None], 0, 150);
        assert!(
            l.check(&rules(TargetType::Bridge, "2"))
                .unwrap_err()
                .english()
                .contains("fuel tank")
        );
        // Total above 8,700 lb.
        let l = load(
            [
                s(Weapon::Mk83),
                c(Weapon::Mk82, 2),
                c(Weapon::Mk82, 2),
                c(Weapon::Mk82, 2),
                s(Weapon::Mk83),
            ],
            0,
            0,
        );
        let e = l.check(&rules(TargetType::Building, "1")).unwrap_err();
        assert!(e.english().contains("8700 lb"), "{}", e.english());
    }

    #[test]
    fn tank_rules() {
        let l = load([None; 5], 0, 400);
        assert!(
            l.check(&rules(TargetType::Bridge, "1"))
                .unwrap_err()
                .english()
                .contains("centerline only")
        );
        // RP 5 and 6A need exactly 400 centerline and two 150s.
        let l = load([None; 5], 300, 300);
        assert!(
            l.check(&rules(TargetType::Bridge, "6A"))
                .unwrap_err()
                .english()
                .contains("400 gallon")
        );
        // RP 6B: two 150s are enough (R2).
        assert_eq!(
            load([None; 5], 0, 150).check(&rules(TargetType::Bridge, "6B")),
            Ok(())
        );
        assert!(
            load([None; 5], 150, 0)
                .check(&rules(TargetType::Bridge, "6B"))
                .is_err()
        );
        assert!(load([None; 5], 300, 0).extra_fuel("2"));
        assert!(!load([None; 5], 150, 0).extra_fuel("2"));
        assert_eq!(Tanks::combinations().len(), 12);
    }

    #[test]
    fn minelaying_carries_mines_only() {
        let mines = load(
            [
                s(Weapon::Mk36),
                s(Weapon::Mk36),
                s(Weapon::Mk36),
                s(Weapon::Mk36),
                s(Weapon::Mk36),
            ],
            0,
            0,
        );
        assert_eq!(mines.check(&rules(TargetType::WaterMine, "1")), Ok(()));
        assert!(mines.check(&rules(TargetType::Bridge, "1")).is_err());
        let bombs = load([None, None, s(Weapon::Mk82), None, None], 0, 0);
        assert!(bombs.check(&rules(TargetType::WaterMine, "1")).is_err());
    }

    #[test]
    fn rolled_attack_altitude_needs_a_usable_weapon() {
        let mut r = rules(TargetType::Bridge, "1");
        r.attack_altitude = Some(super::super::content::Altitude::High);
        let rockets = load([s(Weapon::Lau3), None, None, None, s(Weapon::Lau3)], 0, 0);
        assert!(rockets.check_partial(&r).is_ok());
        let e = rockets.check(&r).unwrap_err();
        assert!(e.english().contains("attack altitude"), "{}", e.english());
        let bombs = load(
            [
                s(Weapon::Lau3),
                None,
                s(Weapon::Mk83),
                None,
                s(Weapon::Lau3),
            ],
            0,
            0,
        );
        assert_eq!(bombs.check(&r), Ok(()));
    }

    #[test]
    fn restrictions() {
        let l = load(
            [None, s(Weapon::Agm12c), None, s(Weapon::Agm12c), None],
            0,
            0,
        );
        assert!(
            l.check(&rules(TargetType::Bridge, "1"))
                .unwrap_err()
                .english()
                .contains("second campaign")
        );
        let l = load([None, None, s(Weapon::Mk84), None, None], 0, 0);
        let mut r = rules(TargetType::Bridge, "1");
        r.no_heavy_bombs = true;
        assert!(
            l.check(&r)
                .unwrap_err()
                .english()
                .contains("Mk 83 or Mk 84")
        );
    }
}
