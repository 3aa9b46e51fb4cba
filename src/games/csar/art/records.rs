//! The record sheets of a game of That Others May Live filled from its state: the Mission Log
//! from the turns the rules recorded ([`crate::games::csar::rules::record`]), the Campaign
//! Record from the campaign's ledger. Nothing here reads the game's log.

use super::map::ZoneId;
use super::sheets::{
    AircraftFate, AircraftStatus, CampaignRecord, MissionLog, MoraleLedger, Outcome, RosterRow,
    SurvivorRow, TurnRow, aircraft_label, translate,
};
use crate::engine::game::Verdict;
use crate::engine::message::{msg, msg_n, n_};
use crate::games::csar::rules::actions::title;
use crate::games::csar::rules::campaign::MissionLedger;
use crate::games::csar::rules::choices::place_name;
use crate::games::csar::rules::content::content;
use crate::games::csar::rules::record::{Happening, SurvivorCount};
use crate::games::csar::rules::state::{
    Csar, Fate, Place, Step, SurvivorPlace, ZONE_NAMES, aircraft_name, zone_index,
};
use crate::i18n::gettext;

fn outcome(v: Verdict) -> Outcome {
    match v {
        Verdict::Win => Outcome::Win,
        Verdict::Draw => Outcome::Draw,
        Verdict::Loss => Outcome::Loss,
    }
}

/// The Mission Log of `game` so far, in the player's language: scenario, optional rules,
/// crews, starting tracks, the current turn's track positions, every aircraft's and
/// Survivor's state, and the outcome.
pub fn mission_log_from(game: &Csar) -> MissionLog {
    let sc = game.scenario_data();
    let o = &game.options;
    let mut log = MissionLog::blank();
    log.scenario = Some(gettext(&sc.title));
    log.optional_rules = [
        o.bombing_effectiveness,
        o.pinpointing,
        o.danger_close,
        o.recovering_pilots,
        o.search_effectiveness,
        o.arclight_strike,
        o.huskie_one_survivor,
    ];
    log.variable_end = sc.variable_end_from.map(|t| {
        msg_n(
            "from turn {t}; mission of {n} turn",
            "from turn {t}; mission of {n} turns",
            game.turns,
        )
        .arg("t", t)
        .arg("n", game.turns)
        .render()
    });
    log.campaign_mission = shown_campaign_mission(game);
    log.crew = game
        .aircraft
        .iter()
        .enumerate()
        .filter_map(|(i, a)| {
            a.pilot.map(|p| {
                (
                    gettext(&content().pilots[usize::from(p)].name),
                    aircraft_label(aircraft_name(i as u8)),
                )
            })
        })
        .collect();
    log.search_start = Some(sc.search);
    log.abort_start = Some(sc.abort);
    log.removed = (!sc.removed_actions.is_empty()).then(|| {
        sc.removed_actions
            .iter()
            .map(|r| gettext(&r.title))
            .collect::<Vec<_>>()
            .join(", ")
    });
    fill_turns(game, &mut log.turns);
    if let Some(row) = log.turns.get_mut(usize::from(game.turn).wrapping_sub(1)) {
        row.search = game.search.to_string();
        row.abort = game.abort.to_string();
        row.survivors = survivors_cell(game.survivor_count());
    }
    log.aircraft = game
        .aircraft
        .iter()
        .enumerate()
        .map(|(i, a)| AircraftStatus {
            name: aircraft_label(aircraft_name(i as u8)),
            fate: a.in_mission.then_some(match a.fate {
                Fate::Flying if a.shaken => AircraftFate::Shaken,
                Fate::Flying => AircraftFate::Cool,
                Fate::ShotDown => AircraftFate::ShotDown,
                Fate::Destroyed | Fate::Lost => AircraftFate::Destroyed,
            }),
            turn: game.turn_lost(i as u8),
        })
        .collect();
    log.survivors = game
        .survivors
        .iter()
        .enumerate()
        .map(|(i, s)| SurvivorRow {
            origin: match (s.downed_from, sc.survivors.get(i)) {
                (Some(a), _) => aircraft_label(aircraft_name(a)),
                (None, Some(o)) => msg("Zone {zone}")
                    .arg(
                        "zone",
                        zone_index(&o.zone).map_or_else(String::new, printed_letter),
                    )
                    .render(),
                (None, None) => gettext("Downed crew"),
            },
            condition: if s.injured {
                gettext("Injured")
            } else {
                gettext("Healthy")
            },
            fate: match s.place {
                SurvivorPlace::Stranded(z) => msg("Stranded, {zone}")
                    .term("zone", ZONE_NAMES[usize::from(z)])
                    .render(),
                SurvivorPlace::Aboard(h) => msg("Aboard {h}")
                    .arg("h", aircraft_label(aircraft_name(h)))
                    .render(),
                SurvivorPlace::OffMap => gettext("Rescued"),
                SurvivorPlace::Captured => gettext("Captured"),
                SurvivorPlace::Killed => gettext("Killed"),
            },
            turn: s.turn,
        })
        .collect();
    if let Some((verdict, why)) = &game.result {
        log.outcome = Some(outcome(*verdict));
        log.deciding = Some(why.render());
    }
    // In a campaign the result is the campaign's: the log shows its mission's own verdict.
    if let (Some(cs), Some(m)) = (&game.campaign, log.campaign_mission) {
        log.outcome = cs
            .results
            .get(usize::from(m).wrapping_sub(1))
            .map(|(verdict, _)| outcome(*verdict));
    }
    log
}

/// The campaign mission the game's pieces and log describe: the one under way, or between
/// missions (buying for the next) the one just flown.
fn shown_campaign_mission(game: &Csar) -> Option<u8> {
    let cs = game.campaign.as_ref()?;
    let flown = cs.results.len() as u8;
    Some(if game.step == Step::Purchase && flown > 0 {
        flown
    } else {
        cs.mission
    })
}

/// The printed letter of the rules' zone `z`.
fn printed_letter(z: u8) -> String {
    ZoneId::ALL[usize::from(z)].printed_letter()
}

/// A zone's printed letter ("N"), or a place that is no zone in the player's words (the
/// Orbit Box).
fn place_letter(p: Place) -> String {
    match p {
        Place::Zone(z) => printed_letter(z),
        _ => translate(place_name(p)),
    }
}

/// The Mission Log column `h` is written in, and its words there in the player's language:
/// the card title, the number drawn, the zone and the hits, the aircraft or unit named.
fn cell(row: &mut TurnRow, h: Happening) -> (&mut String, String) {
    let aircraft = |a: u8| aircraft_label(aircraft_name(a));
    match h {
        Happening::Event { card } => (
            &mut row.event,
            translate(&content().events[usize::from(card)].title),
        ),
        Happening::Drew { cards } => (&mut row.cards, cards.to_string()),
        // The aircraft and where it went, e.g. "Sandy 1→N".
        Happening::Moved { aircraft: a, to } => (
            &mut row.moves,
            format!("{}→{}", aircraft(a), place_letter(to)),
        ),
        Happening::Played { card, zone, .. } => (
            &mut row.played,
            format!("{} {}", translate(title(card)), printed_letter(zone)),
        ),
        // The zone's printed letter and the hits, e.g. "N1", to fit the cell.
        Happening::Fire { zone, hits } => {
            (&mut row.fire, format!("{}{}", printed_letter(zone), hits))
        }
        Happening::PickedUp { helicopter } => (&mut row.rescue, aircraft(helicopter)),
        // Translators: Mission Log cells, as short as can be.
        Happening::PickUpFailed => (&mut row.rescue, gettext("failed")),
        Happening::UnitRemoved { counter } => (
            &mut row.bda,
            translate(&content().units[usize::from(counter)].name),
        ),
        // Translators: Target of Opportunity, in a Mission Log cell.
        Happening::TargetDestroyed => (&mut row.bda, gettext("ToO")),
        Happening::AircraftLost { aircraft: a } => (&mut row.notes, aircraft(a)),
        Happening::PilotLost { pilot } => (
            &mut row.notes,
            translate(&content().pilots[usize::from(pilot)].name),
        ),
        Happening::SurvivorCaptured => (&mut row.notes, gettext("capture")),
    }
}

/// Fills the turn rows from the mission's record: events, cards drawn, moves, cards played,
/// fire (zone and hits), rescues, units and targets destroyed, losses, and the Search and
/// Abort tracks after each Marker Adjustment.
fn fill_turns(game: &Csar, rows: &mut [TurnRow]) {
    for (row, turn) in rows.iter_mut().zip(&game.record) {
        for &h in &turn.happened {
            let (cell, words) = cell(row, h);
            if !cell.is_empty() {
                cell.push_str(", ");
            }
            cell.push_str(&words);
        }
        let number = |v: Option<u8>| v.map(|n| n.to_string()).unwrap_or_default();
        row.search = number(turn.search);
        row.abort = number(turn.abort);
        row.survivors = turn.survivors.map(survivors_cell).unwrap_or_default();
    }
}

/// The Survivors column of a turn row: how many are stranded, aboard and flown off the map,
/// the counts that are not zero (stranded always).
fn survivors_cell(count: SurvivorCount) -> String {
    let mut words = vec![
        msg_n("{n} stranded", "{n} stranded", count.stranded)
            .arg("n", count.stranded)
            .render(),
    ];
    if count.aboard > 0 {
        // Translators: Survivors aboard a helicopter, in a Mission Log cell.
        words.push(
            msg_n("{n} aboard", "{n} aboard", count.aboard)
                .arg("n", count.aboard)
                .render(),
        );
    }
    if count.off_map > 0 {
        // Translators: Survivors flown off the map, in a Mission Log cell.
        words.push(
            msg_n("{n} off map", "{n} off map", count.off_map)
                .arg("n", count.off_map)
                .render(),
        );
    }
    words.join(", ")
}

/// One mission's Morale ledger as the Campaign Record prints it: purchases as negative MP,
/// scoring lines that scored nothing left blank.
fn morale_ledger(m: &MissionLedger) -> MoraleLedger {
    let nonzero = |v: i32| (v != 0).then_some(v);
    MoraleLedger {
        start: Some(m.start),
        purchases: m.spent.map(|v| nonzero(-v)),
        scoring: m.scored.map_or([None; 7], |lines| lines.map(nonzero)),
        end: m.scored.map(|_| m.balance()),
        bought: m.bought.clone(),
    }
}

/// The Campaign Record of a campaign game: the Morale ledger of every mission begun, the
/// set-aside cards bought back for each, the roster with each Pilot/PJ's mission of purchase and state after every finished mission, and
/// whether the campaign was won. `None` outside a campaign.
pub fn campaign_record_from(game: &Csar) -> Option<CampaignRecord> {
    let cs = game.campaign.as_ref()?;
    let mut rec = CampaignRecord::blank();
    for (n, m) in cs.ledger.iter().enumerate().take(3) {
        rec.missions[n] = morale_ledger(m);
        for &card in &m.cards {
            if let Some(ticks) = rec.removed_bought.get_mut(usize::from(card)) {
                ticks[n] = true;
            }
        }
    }
    let bought_in = |name: &str| {
        cs.ledger
            .iter()
            .position(|m| m.bought.iter().any(|b| b == name))
            .map(|i| i as u8 + 1)
    };
    let finished = cs.results.len().min(3);
    let status = |p: u8| {
        if cs.lost.contains(&p) {
            n_("Lost")
        } else {
            n_("Available")
        }
    };
    for (row, &p) in rec.roster.iter_mut().zip(cs.roster.iter().chain(&cs.lost)) {
        let name = content().pilots[usize::from(p)].name.clone();
        *row = RosterRow {
            bought_in: bought_in(&name),
            name,
            status: std::array::from_fn(|m| {
                if m < finished {
                    status(p).to_owned()
                } else {
                    String::new()
                }
            }),
        };
    }
    if cs.over {
        rec.won = cs.results.last().map(|(v, _)| *v == Verdict::Win);
    }
    Some(rec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_campaign_record_exists_only_in_a_campaign() {
        use crate::engine::game::Game;
        use crate::games::csar::rules::Options;
        let single = Csar::setup("caged_tiger", &Options::default(), 1).unwrap();
        assert!(campaign_record_from(&single).is_none());
        let campaign = Csar::setup("campaign", &Options::default(), 1).unwrap();
        let rec = campaign_record_from(&campaign).unwrap();
        assert_eq!(rec.won, None);
        assert_eq!(mission_log_from(&campaign).campaign_mission, Some(1));
    }

    #[test]
    fn the_sheet_lists_the_campaign_cards_in_the_campaign_order() {
        use crate::games::csar::rules::actions::title;
        use crate::games::csar::rules::campaign::campaign_cards;
        let titles: Vec<&str> = campaign_cards().into_iter().map(title).collect();
        assert_eq!(titles, super::super::sheets::REMOVED_CARDS);
    }

    #[test]
    fn the_mission_log_lists_each_turns_moves_and_cards_played() {
        use crate::engine::bot::play_out;
        use crate::engine::game::Game;
        use crate::games::csar::rules::Options;
        use crate::games::csar::rules::bot::HeuristicBot;
        let mut g = Csar::setup("caged_tiger", &Options::default(), 5).unwrap();
        play_out(&mut g, &mut HeuristicBot::new(5), 5_000).unwrap();
        let log = mission_log_from(&g);
        let cells = |cell: fn(&TurnRow) -> &String| -> Vec<usize> {
            log.turns
                .iter()
                .map(|r| cell(r).split(", ").filter(|w| !w.is_empty()).count())
                .collect()
        };
        let recorded = |kind: fn(&Happening) -> bool| -> Vec<usize> {
            let mut per_turn: Vec<usize> = g
                .record
                .iter()
                .map(|t| t.happened.iter().filter(|h| kind(h)).count())
                .collect();
            per_turn.resize(log.turns.len(), 0);
            per_turn
        };
        let moves = recorded(|h| matches!(h, Happening::Moved { .. }));
        let plays = recorded(|h| matches!(h, Happening::Played { .. }));
        assert!(moves.iter().sum::<usize>() > 0 && plays.iter().sum::<usize>() > 0);
        assert_eq!(cells(|r| &r.moves), moves);
        assert_eq!(cells(|r| &r.played), plays);
        // A move is written as the aircraft and the printed letter of where it went.
        let Some(Happening::Moved { aircraft, to }) = g.record[0]
            .happened
            .iter()
            .find(|h| matches!(h, Happening::Moved { .. }))
        else {
            panic!("no move in turn 1");
        };
        let first = format!(
            "{}→{}",
            aircraft_label(aircraft_name(*aircraft)),
            place_letter(*to)
        );
        assert!(
            log.turns[0].moves.starts_with(&first),
            "{}",
            log.turns[0].moves
        );
        // Each turn's Search and Abort are the tracks after its Marker Adjustment.
        for (row, turn) in log
            .turns
            .iter()
            .zip(&g.record)
            .take(usize::from(g.turn) - 1)
        {
            assert_eq!(row.search, turn.search.unwrap().to_string());
            assert_eq!(row.abort, turn.abort.unwrap().to_string());
        }
    }

    /// Lets the bot fly the campaign mission under way to its end (the next purchase step).
    fn fly_until_purchase(g: &mut Csar, seed: u64) {
        use crate::engine::bot::play_steps;
        use crate::games::csar::rules::bot::HeuristicBot;
        let mut bot = HeuristicBot::new(seed);
        for _ in 0..2_000 {
            if g.step == Step::Purchase {
                return;
            }
            play_steps(g, &mut bot, 1).unwrap();
        }
        panic!("the mission did not end");
    }

    /// Between missions the Mission Log is the mission just flown's, with its verdict; once
    /// the next begins, its rows start empty.
    #[test]
    fn a_campaign_mission_log_shows_one_mission() {
        use crate::engine::game::Game;
        use crate::games::csar::rules::{Action, Options};
        let mut g = Csar::setup("campaign", &Options::default(), 5).unwrap();
        g.apply(&Action::Done).unwrap();
        fly_until_purchase(&mut g, 5);
        let first = mission_log_from(&g);
        assert_eq!(first.campaign_mission, Some(1));
        let verdict = g.campaign.as_ref().unwrap().results[0].0;
        assert_eq!(first.outcome, Some(outcome(verdict)));
        assert!(first.turns.iter().filter(|r| !r.event.is_empty()).count() >= 3);
        g.apply(&Action::Done).unwrap();
        let second = mission_log_from(&g);
        assert_eq!(second.campaign_mission, Some(2));
        assert_eq!(second.outcome, None, "mission 2 is under way");
        let current = usize::from(g.turn).wrapping_sub(1);
        for (i, row) in second.turns.iter().enumerate() {
            if i != current {
                assert_eq!(*row, TurnRow::default(), "turn {} of mission 2", i + 1);
            }
        }
    }

    /// The Mission Log is filled in the player's language: every word through the catalogue,
    /// messages rendered, never in English.
    #[test]
    fn the_filled_record_prints_no_word_outside_the_catalogue() {
        let code = include_str!("records.rs");
        let found = super::super::sheets::tests::untranslated(code, "fn outcome(", &[]);
        assert_eq!(found, Vec::<String>::new());
    }

    /// Each aircraft lost has the turn of its loss after its boxes; the others none.
    #[test]
    fn the_mission_log_dates_each_aircraft_lost() {
        use crate::engine::bot::{RandomBot, play_out};
        use crate::engine::game::Game;
        use crate::games::csar::rules::Options;
        let mut dated = 0;
        for seed in 0..30 {
            let mut g = Csar::setup("caged_tiger", &Options::default(), seed).unwrap();
            play_out(&mut g, &mut RandomBot::new(seed), 5_000).unwrap();
            let log = mission_log_from(&g);
            for (a, status) in g.aircraft.iter().zip(&log.aircraft) {
                let lost = a.in_mission && a.fate != Fate::Flying;
                assert_eq!(status.turn.is_some(), lost, "{} (seed {seed})", status.name);
                if let Some(t) = status.turn {
                    assert!((1..=g.turn).contains(&t));
                    dated += 1;
                }
            }
        }
        assert!(dated > 0, "no aircraft lost in 30 games");
    }

    /// Missions 1 and 2 of a campaign flown by the bot, with set-aside cards bought back
    /// before each: the record ticks each card for the missions it was bought for.
    #[test]
    fn the_campaign_record_ticks_the_cards_bought_back() {
        use crate::engine::game::Game;
        use crate::games::csar::rules::{Action, Options, Purchase};
        let mut g = Csar::setup("campaign", &Options::default(), 7).unwrap();
        g.campaign.as_mut().unwrap().morale = 20;
        g.campaign.as_mut().unwrap().ledger[0].start = 20;
        let buy = |g: &mut Csar, cards: &[u8]| {
            assert_eq!(g.step, Step::Purchase);
            for &c in cards {
                g.apply(&Action::Buy(Purchase::Card(c))).unwrap();
            }
            g.apply(&Action::Done).unwrap();
        };
        buy(&mut g, &[0, 3]);
        fly_until_purchase(&mut g, 7);
        buy(&mut g, &[1, 3]);
        let rec = campaign_record_from(&g).unwrap();
        let ticks = |card: usize| rec.removed_bought[card];
        assert_eq!(ticks(0), [true, false, false], "first Napalm: mission 1");
        assert_eq!(ticks(1), [false, true, false], "second Napalm: mission 2");
        assert_eq!(ticks(2), [false; 3], "CS Gas never bought");
        assert_eq!(
            ticks(3),
            [true, true, false],
            "Request Aircraft: both missions"
        );
        assert_eq!(ticks(4), [false; 3]);
        assert_eq!(rec.missions[1].purchases[0], Some(-2), "two cards at 1 MP");
    }
}
