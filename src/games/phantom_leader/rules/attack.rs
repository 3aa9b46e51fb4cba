//! Attacks over the target (digest 3.4, 4.6–4.7; rulebook p.11–13, p.20–21): what an aircraft
//! may attack with what, the modifiers of its rolls and their hits; which aircraft a Site or
//! Bandit attacks, and the modifiers of the enemy's roll.

use super::cards::Status;
use super::content::{Scoring, Side, WeaponClass, data, named_weapons};
use super::display::{Area, AreaKind};
use super::state::*;
use crate::engine::dice::Roll;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, msg_n, n_};

/// A modifier of a roll and its reason (kept for the log).
pub type Modifiers = Vec<(&'static str, i32)>;

/// What one attack or suppression roll did.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    /// The weapon's index, or `None` for guns.
    pub weapon: Option<usize>,
    pub roll: Roll,
    pub modifiers: Modifiers,
    pub hits: u8,
}

/// The areas each Attack Angle leaves red, as bits by area index, for a Site in each
/// Approach area (in [`Area::APPROACH`]'s order): [`PhantomLeader::site_sees`] asks at every
/// attack and enemy fire.
fn red_areas() -> &'static [[u16; 4]] {
    static RED: std::sync::OnceLock<Vec<[u16; 4]>> = std::sync::OnceLock::new();
    RED.get_or_init(|| {
        let c = data();
        c.angles
            .iter()
            .map(|angle| {
                Area::APPROACH.map(|site| {
                    angle.red.iter().fold(0u16, |bits, &slot| {
                        bits | 1 << c.geometry.slot_area(site, slot).index()
                    })
                })
            })
            .collect()
    })
}

impl PhantomLeader {
    /// The area an aim is in: the Target card sits in the Center [p.2].
    pub fn aim_area(&self, aim: Aim) -> Area {
        match aim {
            Aim::Target => Area::C,
            Aim::Site(i) => self.mission.sites[i].area,
            Aim::Bandit(i) => self.mission.bandits[i].area,
        }
    }

    /// The display name of a defense on the side it shows.
    pub fn defense_name(&self, d: &Defense) -> &'static str {
        let c = data();
        let counter = &c.defense_counters[d.counter];
        let id = match d.side {
            Side::Site => &counter.site,
            Side::Bandit => &counter.bandit,
        };
        c.defense(id).map_or("", |s| s.name.as_str())
    }

    /// The rules of a defense on the side it shows.
    pub fn defense_spec(&self, d: &Defense) -> &'static super::content::DefenseSpec {
        let c = data();
        let sides = c.defense_counters[d.counter].sides;
        &c.defenses[match d.side {
            Side::Site => sides[0],
            Side::Bandit => sides[1],
        }]
    }

    /// Whether a Site's Attack Angle leaves `area` red: it may fire there and be attacked
    /// from there [p.8, p.13]. A Site without an angle sees all around.
    pub fn site_sees(&self, site: &Defense, area: Area) -> bool {
        let Some(angle) = site.angle else {
            return true;
        };
        let c = data();
        if let Some(k) = Area::APPROACH.iter().position(|&a| a == site.area) {
            return red_areas()[angle][k] >> area.index() & 1 == 1;
        }
        c.angles[angle]
            .red
            .iter()
            .any(|&slot| c.geometry.slot_area(site.area, slot) == area)
    }

    /// Whether the target card itself may be attacked [p.11; digest 8.5].
    pub fn target_attackable(&self) -> bool {
        self.mission
            .target
            .is_some_and(|n| matches!(data().target(n).scoring, Scoring::Card | Scoring::ListedSa2))
    }

    fn aim_exists(&self, aim: Aim) -> bool {
        match aim {
            Aim::Target => self.target_attackable(),
            Aim::Site(i) => i < self.mission.sites.len(),
            Aim::Bandit(i) => {
                i < self.mission.bandits.len() && !self.mission.fight.killed.contains(&i)
            }
        }
    }

    /// Whether the sortie's gun (or Gun Pod) may fire [p.21]; a jammed gun may not.
    pub fn has_guns(&self, sortie: usize) -> bool {
        let s = &self.mission.flight[sortie];
        self.mission.flags.gun_jam != Some(sortie)
            && (self.squadron[s.squad].card().aircraft.has_gun(self.year())
                || s.load.iter().any(|&w| Some(w) == named_weapons().gun_pod))
    }

    /// Why the sortie may not attack `aim` with `arms` now, or `None` [p.11–13, p.21].
    pub fn arms_refusal(&self, sortie: usize, aim: Aim, arms: &Arms) -> Option<Message> {
        let fault = match self.mission.flight.get(sortie) {
            // No such aircraft (a bad save or script): not on the display either.
            None => ArmsFault::NotOnDisplay,
            Some(_) => match self.sights(sortie, aim) {
                Ok(sights) => self.arms_fault(sortie, aim, &sights, arms)?,
                Err(fault) => fault,
            },
        };
        Some(fault.message())
    }

    /// Whether the sortie may attack `aim` at all, and from where: the checks of an attack
    /// that do not hang on its arms.
    fn sights(&self, sortie: usize, aim: Aim) -> Result<Sights, ArmsFault> {
        let c = data();
        let s = &self.mission.flight[sortie];
        if !self.aim_exists(aim) {
            return Err(ArmsFault::NoSuchTarget);
        }
        let Some(pos) = s.pos.filter(|_| s.fate == Fate::Flying) else {
            return Err(ArmsFault::NotOnDisplay);
        };
        let pilot = &self.squadron[s.squad];
        let Some(row) = pilot.card().row(pilot.stress) else {
            return Err(ArmsFault::Unfit);
        };
        let range = c.geometry.distance(pos.area, self.aim_area(aim));
        if let Aim::Site(i) = aim
            && !self.site_sees(&self.mission.sites[i], pos.area)
        {
            return Err(ArmsFault::AngleBlack);
        }
        let air = matches!(aim, Aim::Bandit(_));
        if air && row.ata.is_none() || !air && row.atg.is_none() {
            return Err(ArmsFault::WrongKind);
        }
        Ok(Sights { pos, air, range })
    }

    /// The first rule arming the attack this way breaks, once the sights are clear.
    fn arms_fault(
        &self,
        sortie: usize,
        aim: Aim,
        sights: &Sights,
        arms: &Arms,
    ) -> Option<ArmsFault> {
        match arms {
            Arms::Guns => {
                if !self.has_guns(sortie) {
                    Some(ArmsFault::NoGun)
                } else if sights.range != 0 {
                    Some(ArmsFault::GunRange)
                } else if !sights.air && sights.pos.altitude != super::content::Altitude::Low {
                    Some(ArmsFault::GunAltitude)
                } else {
                    None
                }
            }
            Arms::Counters(weapons) => {
                if weapons.is_empty() {
                    return Some(ArmsFault::NoCounter);
                }
                let load = &self.mission.flight[sortie].load;
                for (k, &w) in weapons.iter().enumerate() {
                    // Each counter named is one more of the load's (the k-th of its type).
                    let named = weapons[..=k].iter().filter(|&&x| x == w).count();
                    if load.iter().filter(|&&x| x == w).count() < named {
                        return Some(ArmsFault::NotCarried);
                    }
                    if let Some(fault) = self.counter_fault(aim, sights, w) {
                        return Some(fault);
                    }
                }
                None
            }
        }
    }

    /// Why one counter of `weapon` may not be fired at `aim` from the sights.
    fn counter_fault(&self, aim: Aim, sights: &Sights, w: usize) -> Option<ArmsFault> {
        let c = data();
        let spec = &c.weapons[w];
        let fits = match spec.class {
            WeaponClass::Ata => sights.air,
            WeaponClass::Atg => !sights.air,
            WeaponClass::Pod => false,
        };
        if !fits {
            return Some(ArmsFault::CannotAttack(w));
        }
        let range = sights.range;
        if range > spec.range || spec.cannot.contains(&range) {
            return Some(ArmsFault::OutOfRange(w, range));
        }
        if !spec.altitudes.is_empty() && !spec.altitudes.contains(&sights.pos.altitude) {
            return Some(ArmsFault::Altitude(w));
        }
        if !spec.only_vs.is_empty() {
            let ok = match aim {
                Aim::Site(i) => {
                    let d = &self.mission.sites[i];
                    spec.only_vs.contains(&c.defense_counters[d.counter].site)
                }
                _ => false,
            };
            if !ok {
                return Some(ArmsFault::RadarOnly(w));
            }
        }
        None
    }

    /// AtG Weight Points loaded: they handicap a dogfight at range 0 [p.12].
    fn atg_wp(&self, sortie: usize) -> u8 {
        let c = data();
        self.mission.flight[sortie]
            .load
            .iter()
            .filter(|&&w| c.weapons[w].class == WeaponClass::Atg)
            .map(|&w| c.weapons[w].wp)
            .sum()
    }

    /// The modifiers of one roll of an attack or suppression (digest 4.6's table).
    pub fn attack_modifiers(
        &self,
        sortie: usize,
        aim: Aim,
        weapon: Option<usize>,
        suppress: bool,
    ) -> Modifiers {
        let mut out = Modifiers::new();
        self.each_attack_modifier(sortie, aim, weapon, suppress, |m| out.push(m));
        out
    }

    /// The sum of [`Self::attack_modifiers`], without listing them (the bot weighs many
    /// attacks).
    pub fn attack_modifier_sum(
        &self,
        sortie: usize,
        aim: Aim,
        weapon: Option<usize>,
        suppress: bool,
    ) -> i32 {
        let mut sum = 0;
        self.each_attack_modifier(sortie, aim, weapon, suppress, |m| sum += m.1);
        sum
    }

    /// Hands each of [`Self::attack_modifiers`] to `out`, in order.
    fn each_attack_modifier(
        &self,
        sortie: usize,
        aim: Aim,
        weapon: Option<usize>,
        suppress: bool,
        mut out: impl FnMut((&'static str, i32)),
    ) {
        let c = data();
        let s = &self.mission.flight[sortie];
        let pilot = &self.squadron[s.squad];
        let row = pilot.card().row(pilot.stress).copied();
        let air = matches!(aim, Aim::Bandit(_));
        let skill = if air {
            row.and_then(|r| r.ata)
        } else {
            row.and_then(|r| r.atg)
        };
        out((
            if air { n_("AtA") } else { n_("AtG") },
            i32::from(skill.unwrap_or(0)),
        ));
        let spec = weapon.map(|w| &c.weapons[w]);
        if !air && let Some(spec) = spec {
            let soft = match aim {
                Aim::Site(_) => true,
                _ => self.mission.target.is_some_and(|n| c.target(n).soft),
            };
            if soft && spec.soft > 0 {
                out((n_("soft target"), i32::from(spec.soft)));
            }
            if suppress && spec.suppress_bonus > 0 {
                out((n_("suppression"), i32::from(spec.suppress_bonus)));
            }
        }
        if aim == Aim::Target
            && let Some(n) = self.mission.target
        {
            let m = i32::from(c.target(n).modifier) + i32::from(self.mission.flags.target_modifier);
            if m != 0 {
                out((n_("target"), m));
            }
        }
        if air && self.aim_area(aim) == s.pos.map_or(Area::C, |p| p.area) {
            let penalty =
                i32::from(c.atg_penalty(self.atg_wp(sortie), self.options.three_row_atg_penalty));
            if penalty != 0 {
                out((n_("AtG load"), penalty));
            }
        }
        if weapon.is_none() && self.squadron[s.squad].card().aircraft.has_gun(self.year()) {
            let strafe = i32::from(pilot.card().aircraft.strafe);
            if strafe != 0 {
                out((n_("strafing"), strafe));
            }
        }
        if self.mission.fight.high.contains(&sortie) {
            out((n_("high stress"), 1));
        }
    }

    /// The rolls an attack needs for 1, 2, 3… hits: guns hit on 10 [p.21]; an early
    /// Sidewinder needs 7 [p.16].
    fn thresholds(&self, weapon: Option<usize>) -> Vec<u8> {
        let c = data();
        match weapon {
            None => vec![10],
            Some(w) => {
                let spec = &c.weapons[w];
                if Some(w) == named_weapons().aim9 && self.early_aim9() {
                    spec.hits.iter().map(|h| h + 1).collect()
                } else {
                    spec.hits.clone()
                }
            }
        }
    }

    /// The hits a modified roll scores: the bands of an AtG weapon [p.12]; one for a
    /// missile's or a gun's hit [p.12, p.21].
    pub fn hits_on(&self, weapon: Option<usize>, total: i32, air: bool) -> u8 {
        let hits = self
            .thresholds(weapon)
            .iter()
            .filter(|&&t| total >= i32::from(t))
            .count() as u8;
        if air || weapon.is_none() {
            hits.min(1)
        } else {
            hits
        }
    }

    /// Rolls an attack (or suppression) and expends its counters; returns each roll.
    pub(super) fn roll_attack(
        &mut self,
        sortie: usize,
        aim: Aim,
        arms: &Arms,
        suppress: bool,
    ) -> Vec<Shot> {
        let weapons: Vec<Option<usize>> = match arms {
            Arms::Guns => vec![None],
            Arms::Counters(ws) => ws.iter().map(|&w| Some(w)).collect(),
        };
        let c = data();
        let mut shots = Vec::new();
        for weapon in weapons {
            // Modifiers read the load as declared, before the counters go [RUL 4.6].
            let modifiers = self.attack_modifiers(sortie, aim, weapon, suppress);
            let roll = d10(&mut self.rng);
            let total = roll.total + modifiers.iter().map(|m| m.1).sum::<i32>();
            let hits = self.hits_on(weapon, total, matches!(aim, Aim::Bandit(_)));
            shots.push(Shot {
                weapon,
                roll,
                modifiers,
                hits,
            });
        }
        if let Arms::Counters(ws) = arms {
            for &w in ws {
                self.take_counter(sortie, w);
                if c.weapons[w].politics_first_use > 0 && !self.mission.fight.blu1_used {
                    self.mission.fight.blu1_used = true;
                    self.shift(
                        super::content::TrackKind::Politics,
                        i32::from(c.weapons[w].politics_first_use),
                    );
                    self.log.add(
                        "4.6",
                        msg("{weapon} used: Politics moves 1 right")
                            .term("weapon", c.weapons[w].name.as_str()),
                    );
                }
            }
        }
        shots
    }

    /// The log's numbers for a shot.
    pub fn shot_random(shot: &Shot) -> Vec<Random> {
        let mut out = vec![Random::Dice(shot.roll.clone())];
        for &(reason, value) in &shot.modifiers {
            if value != 0 {
                out.push(Random::Modifier {
                    reason: reason.into(),
                    value,
                });
            }
        }
        out
    }

    /// Whether an enemy attacker may fire at this sortie: in range, at an altitude it
    /// reaches (Sites), inside its Attack Angle [p.13; A-9].
    pub fn enemy_can_hit(&self, attacker: Attacker, sortie: usize) -> bool {
        let s = &self.mission.flight[sortie];
        let Some(pos) = s.pos.filter(|_| s.fate == Fate::Flying) else {
            return false;
        };
        let d = self.attacker(attacker);
        let spec = self.defense_spec(d);
        let c = data();
        if c.geometry.distance(d.area, pos.area) > spec.range {
            return false;
        }
        match attacker.side {
            Side::Bandit => true,
            Side::Site => {
                (spec.altitudes.is_empty() || spec.altitudes.contains(&pos.altitude))
                    && self.site_sees(d, pos.area)
            }
        }
    }

    pub fn attacker(&self, a: Attacker) -> &Defense {
        match a.side {
            Side::Site => &self.mission.sites[a.index],
            Side::Bandit => &self.mission.bandits[a.index],
        }
    }

    /// The closest aircraft an attacker may fire at; `None` if none [p.13].
    pub fn enemy_candidates(&self, a: Attacker) -> Vec<usize> {
        let c = data();
        let from = self.attacker(a).area;
        let eligible: Vec<usize> = self
            .mission
            .on_display()
            .filter(|&i| self.enemy_can_hit(a, i))
            .collect();
        let dist = |i: usize| {
            c.geometry
                .distance(from, self.mission.flight[i].pos.map_or(Area::C, |p| p.area))
        };
        let Some(closest) = eligible.iter().map(|&i| dist(i)).min() else {
            return Vec::new();
        };
        eligible
            .into_iter()
            .filter(|&i| dist(i) == closest)
            .collect()
    }

    /// The modifiers of an enemy roll on this sortie: jammers in its area (not Unfit), the
    /// difficulty, an event's turn-1 modifier for Sites [p.13, p.17, p.19].
    pub fn enemy_modifiers(&self, side: Side, sortie: usize) -> Modifiers {
        let area = self.mission.flight[sortie].pos.map(|p| p.area);
        let jam: i32 = self
            .mission
            .on_display()
            .filter(|&i| self.mission.flight[i].pos.map(|p| p.area) == area)
            .map(|i| &self.squadron[self.mission.flight[i].squad])
            .filter(|p| p.status() != Status::Unfit)
            .filter_map(|p| p.card().aircraft.jam.get(&p.level).copied())
            .map(i32::from)
            .sum();
        let mut out = Modifiers::new();
        if jam != 0 {
            out.push((n_("jamming"), jam));
        }
        let difficulty = self.adjustment(|a| i32::from(a.enemy_roll));
        if difficulty != 0 {
            out.push((n_("difficulty"), difficulty));
        }
        if side == Side::Site && self.mission.turn == 1 && self.mission.fight.site_roll_turn1 != 0 {
            out.push((n_("event"), i32::from(self.mission.fight.site_roll_turn1)));
        }
        out
    }

    /// Aircraft that may try to suppress this attacker (not Unfit, on the display), with
    /// each way they may do it [p.13; ].
    pub fn suppressions(&self, a: Attacker) -> Vec<(usize, Arms)> {
        let aim = a.aim();
        let mut out = Vec::new();
        for i in self.mission.on_display() {
            out.extend(self.arms_for(i, aim).into_iter().map(|arms| (i, arms)));
        }
        out
    }

    /// The legal ways a sortie may arm an attack or suppression on `aim`: those of
    /// [`Self::arms_options`], and, when two or more kinds of its counters can reach, all of
    /// them at once. Any other mix of counters is legal too when each could fire alone
    /// (`arms_refusal` judges a declared set); the prompt offers these.
    pub fn arms_for(&self, sortie: usize, aim: Aim) -> Vec<Arms> {
        self.arms_among(sortie, aim, &self.arms_options(sortie))
    }

    /// [`Self::arms_for`] with the sortie's [`Self::arms_options`] already listed.
    fn arms_among(&self, sortie: usize, aim: Aim, options: &[Arms]) -> Vec<Arms> {
        let Ok(sights) = self.sights(sortie, aim) else {
            return Vec::new();
        };
        let mut out: Vec<Arms> = options
            .iter()
            .filter(|arms| self.arms_fault(sortie, aim, &sights, arms).is_none())
            .cloned()
            .collect();
        let mix: Vec<usize> = self.mission.flight[sortie]
            .load
            .iter()
            .copied()
            .filter(|&w| self.counter_fault(aim, &sights, w).is_none())
            .collect();
        if mix.iter().any(|&w| w != mix[0]) {
            out.push(Arms::Counters(mix));
        }
        out
    }

    /// Whether [`Self::attack_options`] offers the sortie anything, without listing it: some
    /// aim in its sights with guns or one of its counters (all of a type, or a mix, fire
    /// only where each one can).
    pub fn can_attack(&self, sortie: usize) -> bool {
        let c = data();
        let load = &self.mission.flight[sortie].load;
        self.aims_in_reach(sortie).any(|aim| {
            self.sights(sortie, aim).is_ok_and(|sights| {
                self.arms_fault(sortie, aim, &sights, &Arms::Guns).is_none()
                    || load.iter().any(|&w| {
                        c.weapons[w].class != WeaponClass::Pod
                            && self.counter_fault(aim, &sights, w).is_none()
                    })
            })
        })
    }

    /// Everything an aircraft might attack: the target card, then each Site and Bandit.
    fn aims(&self) -> impl Iterator<Item = Aim> + '_ {
        std::iter::once(Aim::Target)
            .chain((0..self.mission.sites.len()).map(Aim::Site))
            .chain((0..self.mission.bandits.len()).map(Aim::Bandit))
    }

    /// [`Self::aims`] less those farther from the sortie than its guns (range 0) and every
    /// counter it carries can reach: the sights and arms checks refuse those anyway. None
    /// when it is not on the display.
    fn aims_in_reach(&self, sortie: usize) -> impl Iterator<Item = Aim> + '_ {
        let c = data();
        let s = &self.mission.flight[sortie];
        let reach = s
            .load
            .iter()
            .filter(|&&w| c.weapons[w].class != WeaponClass::Pod)
            .map(|&w| c.weapons[w].range)
            .max()
            .unwrap_or(0);
        let from = s.pos.map(|p| p.area);
        self.aims().filter(move |&aim| {
            from.is_some_and(|at| c.geometry.distance(at, self.aim_area(aim)) <= reach)
        })
    }

    /// The ways a sortie may arm an attack that the prompt offers: guns, one counter of each
    /// type it carries, and all counters of a type when it has several.
    pub fn arms_options(&self, sortie: usize) -> Vec<Arms> {
        let c = data();
        let mut out = vec![Arms::Guns];
        let load = &self.mission.flight[sortie].load;
        let mut seen = Vec::new();
        for &w in load {
            if seen.contains(&w) || c.weapons[w].class == WeaponClass::Pod {
                continue;
            }
            seen.push(w);
            out.push(Arms::Counters(vec![w]));
            let n = load.iter().filter(|&&x| x == w).count();
            if n > 1 {
                out.push(Arms::Counters(vec![w; n]));
            }
        }
        out
    }

    /// Every attack the prompt offers a sortie.
    pub fn attack_options(&self, sortie: usize) -> Vec<(Aim, Arms)> {
        let mut out = Vec::new();
        let options = self.arms_options(sortie);
        for aim in self.aims_in_reach(sortie) {
            out.extend(
                self.arms_among(sortie, aim, &options)
                    .into_iter()
                    .map(|arms| (aim, arms)),
            );
        }
        out
    }

    /// What the prompt calls an aim.
    pub fn aim_label(&self, aim: Aim) -> Message {
        match aim {
            Aim::Target => msg("the target"),
            Aim::Site(i) => {
                let d = &self.mission.sites[i];
                msg("the {site} in {area}")
                    .term("site", self.defense_name(d))
                    .term("area", d.area.name())
            }
            Aim::Bandit(i) => {
                let d = &self.mission.bandits[i];
                msg("the {bandit} in {area}")
                    .term("bandit", self.defense_name(d))
                    .term("area", d.area.name())
            }
        }
    }

    /// An aim that begins a sentence or a button: "The S-60 in AN" (not "the S-60 …").
    pub fn aim_subject(&self, aim: Aim) -> Message {
        match aim {
            Aim::Target => msg("The target"),
            Aim::Site(i) => {
                let d = &self.mission.sites[i];
                msg("The {site} in {area}")
                    .term("site", self.defense_name(d))
                    .term("area", d.area.name())
            }
            Aim::Bandit(i) => {
                let d = &self.mission.bandits[i];
                msg("The {bandit} in {area}")
                    .term("bandit", self.defense_name(d))
                    .term("area", d.area.name())
            }
        }
    }

    /// What the prompt calls a way to arm an attack.
    pub fn arms_label(&self, arms: &Arms) -> Message {
        let c = data();
        match arms {
            Arms::Guns => msg("guns"),
            Arms::Counters(ws) if ws.len() == 1 => {
                msg("one {weapon}").term("weapon", c.weapons[ws[0]].name.as_str())
            }
            Arms::Counters(ws) if ws.iter().all(|&w| w == ws[0]) => msg("{n} × {weapon}")
                .arg("n", ws.len())
                .term("weapon", c.weapons[ws[0]].name.as_str()),
            Arms::Counters(ws) => {
                let mut names: Vec<&str> = Vec::new();
                for &w in ws {
                    if !names.contains(&c.weapons[w].name.as_str()) {
                        names.push(&c.weapons[w].name);
                    }
                }
                msg_n(
                    "{n} counter ({weapons})",
                    "{n} counters ({weapons})",
                    ws.len(),
                )
                .arg("n", ws.len())
                .arg("weapons", names.join(", "))
            }
        }
    }

    /// Whether an area is a Pre-Approach area an aircraft of this Flight Path may leave
    /// from [p.10].
    pub fn exit_allowed(&self, sortie: usize, area: Area) -> bool {
        let s = &self.mission.flight[sortie];
        area.kind() == AreaKind::PreApproach
            && self
                .mission
                .paths
                .get(s.path)
                .is_some_and(|p| data().geometry.exits_around(p.exit).contains(&area))
    }
}

/// An attacker's view of its aim: where it fires from, at what, how far.
struct Sights {
    pos: Position,
    air: bool,
    range: u8,
}

/// A rule an attack or suppression breaks ([`PhantomLeader::arms_refusal`]), kept as data so
/// that listing the legal attacks builds no sentences.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ArmsFault {
    NoSuchTarget,
    NotOnDisplay,
    Unfit,
    AngleBlack,
    WrongKind,
    NoGun,
    GunRange,
    GunAltitude,
    NoCounter,
    NotCarried,
    CannotAttack(usize),
    OutOfRange(usize, u8),
    Altitude(usize),
    RadarOnly(usize),
}

impl ArmsFault {
    fn message(self) -> Message {
        let weapon = |w: usize| data().weapons[w].name.as_str();
        match self {
            ArmsFault::NoSuchTarget => msg("There is no such target"),
            ArmsFault::NotOnDisplay => msg("That aircraft is not on the display"),
            ArmsFault::Unfit => msg("An Unfit pilot cannot attack"),
            ArmsFault::AngleBlack => msg("The Site's Attack Angle leaves that area black"),
            ArmsFault::WrongKind => msg("The aircraft cannot attack that kind of target"),
            ArmsFault::NoGun => msg("The aircraft has no usable gun"),
            ArmsFault::GunRange => msg("Guns reach only the aircraft's own area"),
            ArmsFault::GunAltitude => msg("Guns attack the ground only from Low"),
            ArmsFault::NoCounter => msg("Choose at least one counter"),
            ArmsFault::NotCarried => msg("The aircraft does not carry that"),
            ArmsFault::CannotAttack(w) => {
                msg("{weapon} cannot attack that").term("weapon", weapon(w))
            }
            ArmsFault::OutOfRange(w, range) => msg("{weapon} cannot reach range {range}")
                .term("weapon", weapon(w))
                .arg("range", range),
            ArmsFault::Altitude(w) => {
                msg("{weapon} cannot be used at this altitude").term("weapon", weapon(w))
            }
            ArmsFault::RadarOnly(w) => {
                msg("{weapon} attacks only radar Sites").term("weapon", weapon(w))
            }
        }
    }
}
