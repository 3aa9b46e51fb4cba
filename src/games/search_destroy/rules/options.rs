//! The optional rules of sections 16-28 as switches [29.0]: each module is one field of
//! [`Options`], its explanation for the new-game dialog is in [`optional_rules`], and
//! [`Options::check`] refuses a set that a scenario or another rule cannot be played with.

use serde::{Deserialize, Serialize};

use crate::engine::message::{Message, msg};
use crate::engine::play::OptionalRule;

/// The optional rules in play; all off is the Basic or Standard game as printed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 16.0: a unit that stayed put and did nothing through its Player-Turn may dig in; an
    /// Improved Position doubles its hex's defence until it leaves.
    #[serde(default)]
    pub improved_positions: bool,
    /// 17.0: a combat unit that spent at most 6 movement points may still fire, at half
    /// strength (each unit rounded up).
    #[serde(default)]
    pub movement_and_fire: bool,
    /// 18.0: the NLF turns dummies into secret Ambush markers watched by assigned units,
    /// which fire with +2 at US units that end their turn on one.
    #[serde(default)]
    pub ambush: bool,
    /// 19.0: units of fire: infantry may fire one or two a Combat Phase (doubling, or two
    /// targets close together) until they run out, and resupply from their own ammunition.
    #[serde(default)]
    pub increased_fire: bool,
    /// 20.0: fire is resolved on the Casualty Combat Results Table: Killed and Wounded
    /// markers instead of points, scored at the end; MEDEVAC helicopters lift US casualties.
    #[serde(default)]
    pub casualties: bool,
    /// 21.0: the US calls in the artillery batteries and air strikes the scenario allots it;
    /// each call gives the NLF points, and the fire may come late or scatter.
    #[serde(default)]
    pub he_fire: bool,
    /// 23.0: peasants and porters turned up by search are held and may be questioned at the
    /// end of a US Player-Turn; their answers turn NLF caches face-up.
    #[serde(default)]
    pub interrogation: bool,
    /// 26.0: landing, MEDEVAC and supply helicopters fire in the US Combat Phase, and stay
    /// on the map for the NLF to fire at twice more.
    #[serde(default)]
    pub helicopter_guns: bool,
    /// 28.0: both sides plot their moves in secret, fire, then carry the plots out together
    /// movement point by movement point.
    #[serde(default)]
    pub simultaneous: bool,
    /// As printed [4.2, 28.0 G]: a Pinned marker is removed only in a game-turn after the one
    /// it was placed in (digest ruling A46 removes it after its unit's next own Player-Turn).
    #[serde(default)]
    pub printed_pin_removal: bool,
    /// As printed [5.41, 12.35]: in the Standard game a US unit may destroy a cache for 6
    /// movement points as well as by staying pinned beside it (digest ruling A20 keeps only
    /// the pin).
    #[serde(default)]
    pub both_cache_destructions: bool,
    /// As printed [23.3]: the key's A asks for an Arms cache, like W (digest ruling A9 reads
    /// it as Ammunition).
    #[serde(default)]
    pub printed_interrogation_key: bool,
    /// As printed [20.42, 20.43]: a US casualty the NLF holds, left on a booby trap or alone
    /// scores double, and an NLF casualty the US holds full value (digest ruling A8 uses the
    /// schedule's 60 and 25 of 20.5).
    #[serde(default)]
    pub printed_casualty_values: bool,
    /// As printed [27.23]: Kien Phuong's NLF enters by the west edge, the one it scores for
    /// leaving by (digest ruling A16 brings it in from the east).
    #[serde(default)]
    pub printed_entry_edges: bool,
}

impl Options {
    /// Why these switches cannot be played together, if they cannot.
    pub fn refusal(&self) -> Option<Message> {
        if self.printed_interrogation_key && !self.interrogation {
            return Some(msg(
                "The interrogation key as printed needs the Interrogation rule: switch it on too",
            ));
        }
        (self.printed_casualty_values && !self.casualties)
            .then(|| msg("The casualty values as printed need the Casualty rule: switch it on too"))
    }
}

/// The switches of the new-game dialog, each with what it changes in play.
pub fn optional_rules() -> Vec<OptionalRule> {
    vec![
        OptionalRule {
            key: "improved_positions",
            title: msg("Improved positions"),
            rule: "16.0",
            summary: msg(
                "A unit that neither moved, fired nor handled a load in its Player-Turn may dig in at its end: the marker is placed openly and doubles the defence of its hex until the unit leaves or picks something up.",
            ),
        },
        OptionalRule {
            key: "movement_and_fire",
            title: msg("Movement and fire"),
            rule: "17.0",
            summary: msg(
                "A combat unit that spent no more than 6 movement points may still fire in the Combat Phase that follows, at half its strength rounded up.",
            ),
        },
        OptionalRule {
            key: "ambush",
            title: msg("Ambush"),
            rule: "18.0",
            summary: msg(
                "At setup the NLF may turn dummies into secret Ambush markers watched by its non-militia combat units; a US unit that ends its turn on one may be fired on with 2 added to the die, until the watching units move.",
            ),
        },
        OptionalRule {
            key: "increased_fire",
            title: msg("Increased fire rate and ammunition"),
            rule: "19.0",
            summary: msg(
                "Each US infantry unit carries 6 units of fire and each NLF combat unit 4, kept secret from the enemy. A unit may spend two in one Combat Phase, doubling its fire at one hex or firing at two hexes close together. Units out of fire refill by sitting out a Combat Phase on their own ammunition: an NLF Ammunition Cache, or a US Ammunition Supply flown in by helicopter.",
            ),
        },
        OptionalRule {
            key: "casualties",
            title: msg("Casualty combat results and MEDEVAC"),
            rule: "20.0",
            summary: msg(
                "Fire is resolved on the casualty table instead of the points table: hits pin and leave Killed and Wounded markers where they fell, and the points are counted at the end. A casualty left to the enemy, on a booby trap or alone is worth more to the enemy; NLF casualties hit from afar and never reached are worth half to the US, nothing after HE fire. Snipers, porters, Medical teams and Forward Observers are removed when hit; a commander killed is lost. A US unit with casualties cannot move until a Medical team picks them up or a MEDEVAC helicopter, called at the start of the US Movement Phase and open to NLF fire, lifts two of them.",
            ),
        },
        OptionalRule {
            key: "he_fire",
            title: msg("HE fire: artillery and air strikes"),
            rule: "21.0",
            summary: msg(
                "In scenarios that allot them, the US may call in artillery batteries and air strikes at the start of its Combat Phase. Each call gives the NLF points at once (20 a battery, 50 an air strike) and a die says how many game-turns the fire takes to come. Fire a Forward Observer sees lands where aimed; other fire scatters and may be lost off the map. Every hex under fire that holds NLF personnel or face-down counters is attacked, everyone in it included. Tanks add their turret fire.",
            ),
        },
        OptionalRule {
            key: "interrogation",
            title: msg("Interrogation"),
            rule: "23.0",
            summary: msg(
                "A peasant or porter found by a search is held where it stands. At the end of a US Player-Turn a unit in its hex may question it: each answer may force the NLF to turn up a hidden cache, but a wounded or killed captive gives the NLF points. US units question one captive a turn and may stop early; ARVN units question any number, three rolls each. Needs the Standard game's search.",
            ),
        },
        OptionalRule {
            key: "helicopter_guns",
            title: msg("Helicopter gun support"),
            rule: "26.0",
            summary: msg(
                "Each troop helicopter that gets its unit down fires 3 strength points from its landing hex in that game-turn's US Combat Phase; the Cobras escorting a MEDEVAC or ammunition helicopter fire 5 from its hex, in that game-turn and the next. Their fire needs line of sight, which another helicopter also blocks. In return the helicopters stay on the map: the NLF's hard-core and leaders may fire at each one as it lands, again in the NLF Combat Phase with normal line of sight, and once more at the start of the next US Combat Phase, terrain never in the way.",
            ),
        },
        OptionalRule {
            key: "simultaneous",
            title: msg("Simultaneous movement"),
            rule: "28.0",
            summary: msg(
                "Each game-turn both sides first plot in secret where each unit will move; a unit with no route stays and may fire. Then the US fires, then the NLF, and only then do both sides' units move together, one movement point at a time. Units of the two sides that enter the same hex at the same moment stop there; two that cross the same hexside from both ends roll the die, and the higher one advances. Such a meeting counts as a search. A pinned unit carries out only the first half of its move. For scenarios whose units are all on the map from the first game-turn.",
            ),
        },
        OptionalRule {
            key: "printed_pin_removal",
            title: msg("Pins removed as printed"),
            rule: "4.2",
            summary: msg(
                "The sequence of play removes a Pinned marker only in a game-turn after the one it was placed in. Read so, an NLF unit pinned in the US Player-Turn sits out two NLF Player-Turns, and with simultaneous movement a pin lasts into the next game-turn. Off, every pin lasts through its unit's next own Player-Turn and no longer.",
            ),
        },
        OptionalRule {
            key: "both_cache_destructions",
            title: msg("Both ways to destroy caches"),
            rule: "12.35",
            summary: msg(
                "The Standard game destroys a found cache by leaving a combat unit pinned in its hex for a whole Player-Turn. The rulebook never withdraws the Basic game's way, so with this on a US unit may also destroy a cache there and then for 6 movement points.",
            ),
        },
        OptionalRule {
            key: "printed_interrogation_key",
            title: msg("Interrogation key as printed"),
            rule: "23.3",
            summary: msg(
                "The key of the Interrogation Results Table calls A an Arms cache, like W. Off, A stands for an Ammunition cache; on, A asks for arms too, and no answer can ever turn up an ammunition cache. Needs Interrogation.",
            ),
        },
        OptionalRule {
            key: "printed_casualty_values",
            title: msg("Casualty values as printed"),
            rule: "20.4",
            summary: msg(
                "The casualty rules give the NLF double points for a US casualty it holds, that lies on a booby trap or that is left alone, and the US full points for an NLF casualty it holds. Off, the victory point schedule's own figures count instead: 60 and 25. Needs Casualty combat results.",
            ),
        },
        OptionalRule {
            key: "printed_entry_edges",
            title: msg("Kien Phuong's entry edge as printed"),
            rule: "27.23",
            summary: msg(
                "The scenario has the NLF come in by the west edge, the very edge it scores for leaving by, so a unit could step in and straight out again. Off, the NLF comes in from the east and flees west.",
            ),
        },
    ]
}
