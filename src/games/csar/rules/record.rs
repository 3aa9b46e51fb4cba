//! What the Mission Log prints of each turn (rules digest §10.5), kept by the rules as typed
//! data while the mission is played. The record sheets are drawn from it; the log tells the
//! same story to people and is never read back.

use serde::{Deserialize, Serialize};

use super::state::{Csar, Place, SurvivorPlace};

/// One turn of the mission, in the order things happened.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnRecord {
    pub happened: Vec<Happening>,
    /// The Search and Abort tracks after the turn's Marker Adjustment.
    pub search: Option<u8>,
    pub abort: Option<u8>,
    /// Where the Survivors are after the turn's Marker Adjustment (the Survivors column).
    #[serde(default)]
    pub survivors: Option<SurvivorCount>,
}

/// Written out (not derived) for `clone_from`: a position cloned into the last copy reuses its
/// vectors, which keeps the copy a Wild card is resolved again from cheap (see `rewind.rs`).
impl Clone for TurnRecord {
    fn clone(&self) -> Self {
        TurnRecord {
            happened: self.happened.clone(),
            search: self.search,
            abort: self.abort,
            survivors: self.survivors,
        }
    }

    /// Field by field, so that the vectors keep their allocations.
    fn clone_from(&mut self, source: &Self) {
        let TurnRecord {
            happened,
            search,
            abort,
            survivors,
        } = source;
        self.happened.clone_from(happened);
        self.search = *search;
        self.abort = *abort;
        self.survivors = *survivors;
    }
}

/// How many Survivors are stranded, aboard a helicopter on the map, and flown off the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurvivorCount {
    pub stranded: u8,
    pub aboard: u8,
    pub off_map: u8,
}

/// Something a Mission Log row writes down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Happening {
    /// The Event card drawn (4.1).
    Event { card: u8 },
    /// Action cards drawn in the Card Phase (4.2.1).
    Drew { cards: u8 },
    /// An aircraft moved (4.3.1).
    Moved { aircraft: u8, to: Place },
    /// An Aircraft card played in a zone (4.3.4).
    Played { aircraft: u8, card: u8, zone: u8 },
    /// The enemy guns fired into a zone (4.3.3 C).
    Fire { zone: u8, hits: u8 },
    /// A Survivor picked up by a helicopter (4.3.5).
    PickedUp { helicopter: u8 },
    /// A pick-up that drew no roundel (4.3.5).
    PickUpFailed,
    /// An enemy unit counter taken off the map.
    UnitRemoved { counter: u8 },
    /// A Target of Opportunity destroyed (9.3).
    TargetDestroyed,
    /// An aircraft shot down, destroyed, or (a Fast Mover) gone (4.3.3 E).
    AircraftLost { aircraft: u8 },
    /// A Pilot/PJ killed or captured (2.4.1).
    PilotLost { pilot: u8 },
    /// A Survivor captured by Enemy Search (4.4.2).
    SurvivorCaptured,
}

impl Csar {
    /// Writes `h` into the current turn's record (nothing before turn 1: set-up).
    pub fn note(&mut self, h: Happening) {
        if let Some(turn) = self.record.last_mut() {
            turn.happened.push(h);
        }
    }

    /// Opens the record of the turn just begun (one record per turn, turn 1 first).
    pub(super) fn record_turn(&mut self) {
        self.record
            .resize(usize::from(self.turn), TurnRecord::default());
    }

    /// Puts Survivor `s` at `place`, noting the turn it came there.
    pub fn place_survivor(&mut self, s: usize, place: SurvivorPlace) {
        let turn = self.turn;
        let survivor = &mut self.survivors[s];
        survivor.place = place;
        survivor.turn = Some(turn);
    }

    /// Where the Survivors are now, counted for the Mission Log.
    pub fn survivor_count(&self) -> SurvivorCount {
        let mut count = SurvivorCount::default();
        for s in &self.survivors {
            match s.place {
                SurvivorPlace::Stranded(_) => count.stranded += 1,
                SurvivorPlace::Aboard(_) => count.aboard += 1,
                SurvivorPlace::OffMap => count.off_map += 1,
                SurvivorPlace::Captured | SurvivorPlace::Killed => {}
            }
        }
        count
    }

    /// The turn aircraft `a` was lost in, if it was.
    pub fn turn_lost(&self, a: u8) -> Option<u8> {
        self.record.iter().zip(1..).find_map(|(t, turn)| {
            t.happened
                .contains(&Happening::AircraftLost { aircraft: a })
                .then_some(turn)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bot::play_out;
    use crate::engine::game::Game;
    use crate::games::csar::rules::Options;
    use crate::games::csar::rules::bot::HeuristicBot;

    /// The record and the log tell the same mission: for each turn, as many moves, cards
    /// played, fires, pick-ups, units removed and aircraft lost as the log has lines for.
    #[test]
    fn the_record_holds_one_happening_per_line_of_the_log_turn_by_turn() {
        /// A log line's message id, and the happenings recorded for it.
        type Kind = (&'static str, fn(&Happening) -> bool);
        let kinds: [Kind; 6] = [
            ("{a} moves to {to}", |h| {
                matches!(h, Happening::Moved { .. })
            }),
            ("{a} plays {card} in {zone}", |h| {
                matches!(h, Happening::Played { .. })
            }),
            ("Fire into {zone}: Zone Firepower {zfv}, {hits} hit", |h| {
                matches!(h, Happening::Fire { .. })
            }),
            ("Rescued! The Survivor is aboard {h}", |h| {
                matches!(h, Happening::PickedUp { .. })
            }),
            ("{unit} in {zone} is removed; Abort now {abort}", |h| {
                matches!(h, Happening::UnitRemoved { .. })
            }),
            (
                "{a} is hit and leaves the game",
                |h| matches!(h, Happening::AircraftLost { aircraft } if *aircraft >= 7),
            ),
        ];
        let mut seen = [0usize; 6];
        for seed in 0..12 {
            let mut g = Csar::setup("caged_tiger", &Options::default(), seed).unwrap();
            play_out(&mut g, &mut HeuristicBot::new(seed), 5_000).unwrap();
            assert_eq!(g.record.len(), usize::from(g.turn), "seed {seed}");
            // The log's lines of each kind, turn by turn.
            let mut logged = vec![[0usize; 6]; g.record.len()];
            let mut turn = 0;
            for e in g.log.entries() {
                if e.message.id == "Turn {t} begins" {
                    turn += 1;
                }
                if let Some(k) = kinds.iter().position(|(id, _)| e.message.id == *id) {
                    logged[turn - 1][k] += 1;
                }
            }
            for (t, record) in g.record.iter().enumerate() {
                for (k, (_, kind)) in kinds.iter().enumerate() {
                    let n = record.happened.iter().filter(|h| kind(h)).count();
                    assert_eq!(
                        n,
                        logged[t][k],
                        "seed {seed}, turn {}, {}",
                        t + 1,
                        kinds[k].0
                    );
                    seen[k] += n;
                }
            }
        }
        assert!(seen[..4].iter().all(|&n| n > 0), "{seen:?}");
    }
}
