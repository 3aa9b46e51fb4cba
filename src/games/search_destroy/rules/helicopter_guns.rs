//! Helicopter gun support [26.0], an optional rule: the helicopters that bring troops, lift
//! casualties or drop ammunition fire back, and stay in the NLF's sights longer.
//!
//! - The troop helicopters of a landing (the opening one and the scenarios' drops of combat
//!   units) that got through each fire 3 strength points from their landing hex, in the US
//!   Combat Phase of the game-turn they landed [26.1]. The Cobras escorting a MEDEVAC [20.6]
//!   or an ammunition-supply helicopter [19.24] fire 5 from its hex, in the US Combat Phase of
//!   the flight's game-turn and again in the next one [26.2]. Their fire joins the ground
//!   units' attack on a hex like any combined fire [6.15]; it takes normal line of sight, and
//!   another helicopter in a hex between blocks it too [26.3].
//! - The helicopters stay exposed longer [26.4]: the NLF may fire at each one (a) as it comes
//!   down (the landing fire of 9.13, 19.24, 20.61), (b) in its own Combat Phase, in normal
//!   line of sight, and (c) at the start of the next US Combat Phase, terrain never in the
//!   way. RULING (digest 4.16): the markers stay on the map until that US Combat Phase is
//!   over; they count for no stacking and block no ground fire, defend with 1, and only
//!   hard-core and leaders fire at them. RULING: chance (c) comes before the HE calls of
//!   21.52, which do not touch the helicopters; each helicopter takes one attack a chance
//!   (combined fire); a helicopter shot down at (b) or (c) carries nobody, gives the NLF the
//!   points of a helicopter [7.2, 20.64] and loses its guns (the Cobras are its escort).
//! - Hidden is hidden: whether chance (c) waits for the NLF depends only on what the US sees
//!   ([`SearchDestroy::helicopter_exposed`]), as for the landing, MEDEVAC and supply
//!   helicopters; only fire that happens turns a counter face-up.

use serde::{Deserialize, Serialize};

use super::content::{Side, data};
use super::crt::{Column, odds_column};
use super::hex::Hex;
use super::los::{Sightlines, line_of_sight};
use super::play::Action;
use super::state::{Attack, RANGE, SearchDestroy, Step, World};
use crate::engine::content::Source;
use crate::engine::game::Applied;
use crate::engine::message::{Message, msg, msg_n};

/// The rule's numbers, from helicopter_guns.toml [26.1, 26.2].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// A troop helicopter's strength, in the game-turn it lands.
    pub troops: u8,
    /// The Cobras' strength at a MEDEVAC or supply flight.
    pub cobra: u8,
    /// In how many game-turns the Cobras fire, the flight's included.
    pub cobra_game_turns: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    guns: GunsRecord,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GunsRecord {
    troops: u8,
    cobra: u8,
    cobra_game_turns: u8,
    #[allow(dead_code)]
    source: Source,
    #[allow(dead_code)]
    section: String,
}

impl Table {
    pub fn check(file: TableFile) -> Result<Table, String> {
        let g = &file.guns;
        if g.troops == 0 || g.cobra == 0 {
            return Err("guns: the troops and cobra strengths must be above 0".into());
        }
        if g.cobra_game_turns == 0 {
            return Err("guns.cobra_game_turns: the Cobras fire in one game-turn at least".into());
        }
        Ok(Table {
            troops: g.troops,
            cobra: g.cobra,
            cobra_game_turns: g.cobra_game_turns,
        })
    }
}

fn table() -> &'static Table {
    &data().helicopter_guns
}

/// What a helicopter on the map came for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mission {
    /// It landed troops [26.1].
    Troops,
    /// It lifted casualties, escorted by Cobras [20.6, 26.2].
    Medevac,
    /// It set down an ammunition supply, escorted by Cobras [19.24, 26.2].
    Supply,
}

/// A helicopter marker on the map [26.4]. Public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Helicopter {
    pub hex: Hex,
    pub mission: Mission,
    /// The game-turn it came down.
    pub turn: u8,
    /// The game-turn its guns last fired (once a US Combat Phase).
    pub fired: Option<u8>,
    /// The NLF has taken its chance (b) at it [26.4].
    pub fired_on: bool,
    /// Shot down at chance (b) or (c): off the map, kept until the markers are cleared so
    /// that the other helicopters keep their numbers.
    pub shot_down: bool,
}

/// Where the rule stands. Public.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelicopterGuns {
    pub helicopters: Vec<Helicopter>,
    /// The NLF's chance (c) is under way, through the landing-fire step [26.4].
    pub third: bool,
    /// The game-turn whose US Combat Phase has had its chance (c).
    pub third_done: u8,
}

/// A decision of the rule; helicopters by their number in [`HelicopterGuns::helicopters`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GunAction {
    /// US Combat Phase: a helicopter's guns join the attack being declared [26.1, 26.2].
    Fire(usize),
    /// NLF Combat Phase: fire at a helicopter [26.4 (b)].
    AtHelicopter(usize),
}

/// Line of sight for helicopter guns: the normal one, and another helicopter in a hex
/// between blocks it [26.3].
struct GunSight<'a>(World<'a>);

impl Sightlines for GunSight<'_> {
    fn blocks(&self, hex: Hex) -> bool {
        self.0.blocks(hex) || self.0.game.helicopter_at(hex).is_some()
    }

    fn inhibits(&self, hex: Hex) -> bool {
        self.0.inhibits(hex)
    }

    fn berm(&self, a: Hex, b: Hex) -> bool {
        self.0.berm(a, b)
    }
}

impl SearchDestroy {
    /// The helicopter on the map in `hex`, if there is one.
    pub fn helicopter_at(&self, hex: Hex) -> Option<usize> {
        self.helicopter_guns
            .helicopters
            .iter()
            .position(|h| h.hex == hex && !h.shot_down)
    }

    /// The helicopters on the map, for the board and the bots.
    pub fn helicopters_on_map(&self) -> impl Iterator<Item = (usize, &Helicopter)> + '_ {
        self.helicopter_guns
            .helicopters
            .iter()
            .enumerate()
            .filter(|(_, h)| !h.shot_down)
    }

    /// Helicopters that got through leave a marker each in their hex [26.4]; `hexes` are
    /// those of a landing, a MEDEVAC flight or a supply drop.
    pub(super) fn helicopters_down(&mut self, hexes: &[Hex], mission: Mission) {
        if !self.options.helicopter_guns {
            return;
        }
        for &hex in hexes {
            self.helicopter_guns.helicopters.push(Helicopter {
                hex,
                mission,
                turn: self.turn,
                fired: None,
                fired_on: false,
                shot_down: false,
            });
        }
    }

    /// The strength of helicopter `k`'s guns now: a troop helicopter's in the game-turn it
    /// landed, the Cobras' in the flight's and the next; nothing once they fired this
    /// game-turn [26.1, 26.2].
    pub fn gun_strength(&self, k: usize) -> u32 {
        let h = &self.helicopter_guns.helicopters[k];
        if h.shot_down || h.fired == Some(self.turn) {
            return 0;
        }
        let t = table();
        let (strength, turns) = match h.mission {
            Mission::Troops => (t.troops, 1),
            Mission::Medevac | Mission::Supply => (t.cobra, t.cobra_game_turns),
        };
        if self.turn < h.turn.saturating_add(turns) {
            u32::from(strength)
        } else {
            0
        }
    }

    /// Whether helicopter fire from `from` reaches `to` [26.3].
    pub fn gun_sees(&self, from: Hex, to: Hex) -> bool {
        line_of_sight(from, to, Some(RANGE), &GunSight(World { game: self }))
    }

    /// The helicopters whose guns may fire at `target` now: in the US Combat Phase, with
    /// strength left, in sight [26.1-26.3].
    pub fn guns_at(&self, target: Hex) -> Vec<usize> {
        if !self.options.helicopter_guns || self.step != Step::Combat(Side::Us) {
            return Vec::new();
        }
        self.helicopters_on_map()
            .filter(|&(k, h)| self.gun_strength(k) > 0 && self.gun_sees(h.hex, target))
            .map(|(k, _)| k)
            .collect()
    }

    /// The strength of an attack's helicopter guns, in half points (as [`Self::fire_halves`]).
    pub(super) fn gun_halves(&self, attack: &Attack) -> u32 {
        attack.guns.iter().map(|&k| 2 * self.gun_strength(k)).sum()
    }

    /// The guns of an attack being rolled fire; their hexes, for the result [26.1, 26.2].
    pub(super) fn guns_fire(&mut self, attack: &Attack) -> Vec<Hex> {
        let mut hexes = Vec::new();
        for &k in &attack.guns {
            let h = &mut self.helicopter_guns.helicopters[k];
            h.fired = Some(self.turn);
            hexes.push(h.hex);
        }
        if !hexes.is_empty() {
            let list: Vec<String> = hexes.iter().map(Hex::to_string).collect();
            self.log.add(
                "26.0",
                msg("The helicopters at {hexes} fire with the attack")
                    .arg("hexes", list.join(", ")),
            );
        }
        hexes
    }

    /// The helicopters that may still join the attack being declared.
    pub(super) fn gun_actions(&self, attack: &Attack) -> Vec<Action> {
        self.guns_at(attack.target)
            .into_iter()
            .filter(|k| !attack.guns.contains(k))
            .map(|k| Action::Guns(GunAction::Fire(k)))
            .collect()
    }

    /// Whether NLF unit `i` in `from` may fire at a helicopter in `target` now [9.13, 26.4]:
    /// hard-core and leaders only. In the NLF Combat Phase as its other fire there, in normal
    /// line of sight [26.4 (b)]; at a landing, a MEDEVAC, a supply drop and chance (c)
    /// unpinned, once, within 8 hexes with terrain never in the way [6.28].
    pub(super) fn fires_at_helicopter(&self, i: usize, from: Hex, target: Hex) -> bool {
        let u = &self.units[i];
        if !(u.is("hard_core") || u.is("nlf_leader")) {
            return false;
        }
        if self.step == Step::Combat(Side::Nlf) {
            return self.may_fire(i)
                && self.fire_allowed(i, target)
                && self.near_first_target(i, target)
                && self.sees(from, target);
        }
        !u.pinned
            && (!u.fired || self.step == Step::SupplyFire)
            && !self.fired_out(i)
            && from.distance(target) <= RANGE
    }

    /// The NLF units that may fire at a helicopter in `target` now.
    pub fn helicopter_firers(&self, target: Hex) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == Side::Nlf
                    && u.on_map()
                    && u.hex
                        .is_some_and(|from| self.fires_at_helicopter(i, from, target))
            })
            .collect()
    }

    /// The odds column of all the NLF fire that may go at the helicopter in `target` now,
    /// against its defence of 1 [26.4]: what the computers weigh a shot at it by.
    pub fn helicopter_shot_column(&self, target: Hex) -> Column {
        let halves: u32 = self
            .helicopter_firers(target)
            .iter()
            .map(|&i| self.attack_halves(i))
            .sum();
        odds_column(halves, 1)
    }

    /// In the NLF Combat Phase: the helicopters it may still fire at [26.4 (b)].
    pub(super) fn helicopter_targets(&self) -> Vec<Action> {
        if !self.options.helicopter_guns || self.step != Step::Combat(Side::Nlf) {
            return Vec::new();
        }
        self.helicopters_on_map()
            .filter(|(_, h)| !h.fired_on && !self.helicopter_firers(h.hex).is_empty())
            .map(|(k, _)| Action::Guns(GunAction::AtHelicopter(k)))
            .collect()
    }

    pub(super) fn gun_act(&mut self, action: GunAction) -> Applied {
        match action {
            GunAction::Fire(k) => {
                if let Some(a) = &mut self.attack {
                    a.guns.push(k);
                }
            }
            GunAction::AtHelicopter(k) => {
                self.attack = Some(Attack {
                    target: self.helicopter_guns.helicopters[k].hex,
                    firers: Vec::new(),
                    guns: Vec::new(),
                    helicopter: Some(k),
                });
            }
        }
        Applied::QUIET
    }

    /// Whether fire at a helicopter now is one of the later chances of 26.4, at a helicopter
    /// that came down earlier (no passenger aboard).
    pub(super) fn later_chance(&self, attack: &Attack) -> bool {
        attack.helicopter.is_some() || self.helicopter_guns.third
    }

    /// A helicopter of the later chances shot down: its marker and guns are gone [26.4].
    pub(super) fn helicopter_shot_down(&mut self, attack: &Attack) {
        let turn = self.turn;
        let k = attack.helicopter.or_else(|| {
            self.helicopters_on_map()
                .find(|(_, h)| h.hex == attack.target && h.turn < turn)
                .map(|(k, _)| k)
        });
        if let Some(k) = k {
            self.helicopter_guns.helicopters[k].shot_down = true;
        }
    }

    /// A later chance has been taken at helicopter `k` [26.4 (b)].
    pub(super) fn helicopter_fired_on(&mut self, attack: &Attack) {
        if let Some(k) = attack.helicopter {
            self.helicopter_guns.helicopters[k].fired_on = true;
        }
    }

    /// At the start of the US Combat Phase: the NLF's chance (c) at the helicopters that came
    /// down in the previous US Player-Turn, where the US can see that one might be fired at
    /// [26.4]. Whether it began (the landing-fire step serves it).
    pub(super) fn third_chance(&mut self) -> bool {
        if !self.options.helicopter_guns || self.helicopter_guns.third_done == self.turn {
            return false;
        }
        self.helicopter_guns.third_done = self.turn;
        let turn = self.turn;
        let mut hexes: Vec<Hex> = self
            .helicopters_on_map()
            .filter(|(_, h)| h.turn < turn)
            .map(|(_, h)| h.hex)
            .filter(|&h| self.helicopter_exposed(h))
            .collect();
        hexes.sort();
        hexes.dedup();
        if hexes.is_empty() {
            return false;
        }
        // A new chance: what the NLF fired earlier does not keep it from firing now, each unit
        // once at these helicopters [26.4, 9.13].
        for u in self.units.iter_mut().filter(|u| u.side == Side::Nlf) {
            u.fired = false;
        }
        let list: Vec<String> = hexes.iter().map(Hex::to_string).collect();
        self.log.add(
            "26.4",
            msg("The NLF may fire again at the helicopters at {hexes}")
                .arg("hexes", list.join(", ")),
        );
        self.landing = hexes;
        // Nobody rides in them now: no commander's hex to keep secret.
        self.commander_hex = None;
        self.attacked.clear();
        self.attack = None;
        self.helicopter_guns.third = true;
        self.step = Step::LandingFire;
        true
    }

    /// Chance (c) is over: the US Combat Phase goes on.
    pub(super) fn end_third_chance(&mut self) {
        self.helicopter_guns.third = false;
        self.landing.clear();
        self.attacked.clear();
        self.attack = None;
        self.start_us_combat();
    }

    /// At the end of the US Combat Phase the helicopters past their chance (c) leave, and
    /// those shot down are forgotten [26.4].
    pub(super) fn helicopters_leave(&mut self) {
        let turn = self.turn;
        let leaving: Vec<String> = self
            .helicopters_on_map()
            .filter(|(_, h)| h.turn < turn)
            .map(|(_, h)| h.hex.to_string())
            .collect();
        if !leaving.is_empty() {
            self.log.add(
                "26.4",
                msg("The helicopters at {hexes} fly off").arg("hexes", leaving.join(", ")),
            );
        }
        self.helicopter_guns
            .helicopters
            .retain(|h| !h.shot_down && h.turn >= turn);
    }

    /// The prompt of chance (c).
    pub(super) fn gun_prompt(&self) -> Option<(Message, &'static str)> {
        (self.helicopter_guns.third && self.step == Step::LandingFire).then(|| {
            (
                msg("NLF: fire again at the helicopters that came down last game-turn?"),
                "26.4",
            )
        })
    }

    pub(super) fn gun_label(&self, action: GunAction) -> Message {
        match action {
            GunAction::Fire(k) => {
                let n = self.gun_strength(k);
                msg_n(
                    "Add the guns of the helicopter at {hex} ({n} strength point)",
                    "Add the guns of the helicopter at {hex} ({n} strength points)",
                    n,
                )
                .arg("hex", self.helicopter_guns.helicopters[k].hex)
                .arg("n", n)
            }
            GunAction::AtHelicopter(k) => msg("Fire at the helicopter at {hex}")
                .arg("hex", self.helicopter_guns.helicopters[k].hex),
        }
    }

    pub(super) fn gun_hex(&self, action: GunAction) -> Option<Hex> {
        let (GunAction::Fire(k) | GunAction::AtHelicopter(k)) = action;
        self.helicopter_guns.helicopters.get(k).map(|h| h.hex)
    }
}
