//! The print-and-play kit of That Others May Live (rules digest §10): the four card decks, the
//! 88 counters in two sizes, the map sheet, the two-sided Player Aid and the record sheets
//! (blank, or filled from a running game with [`kit_for_game`]).

use std::rc::Rc;

use cairo::Context;

use super::art::card::{CARD_H, CARD_W, CardDeck, CardFace, draw_card_back, draw_card_front};
use super::art::counter::{CounterFace, MARKER_MM, UNIT_MM, draw_counter};
use super::art::faces::{self, counter_mix};
use super::art::map::{MapScene, SHEET_H, SHEET_W, ZoneId, draw_map};
use super::art::palette;
use super::art::sheets::{
    AircraftFate, AircraftStatus, CampaignRecord, MissionLog, MoraleLedger, Outcome, Page,
    PlayerAid, RosterRow, SurvivorRow, TurnRow, aircraft_label, draw_campaign_record,
    draw_mission_log, draw_player_aid, translate,
};
use crate::engine::game::Verdict;
use crate::engine::log::LogEntry;
use crate::engine::message::{msg, msg_n, n_};
use crate::export::component;
use crate::export::{Component, Kind, Kit};
use crate::games::csar::rules::campaign::MissionLedger;
use crate::games::csar::rules::content::content;
use crate::games::csar::rules::state::{
    Csar, Fate, Step, SurvivorPlace, ZONE_NAMES, aircraft_name, zone_index,
};
use crate::i18n::gettext;

/// Sheets sized to fit the art area of both A4 and US Letter (less the exporter's default
/// 5 mm margins, footer bands and crop-mark bands), so each side prints on one page.
const SHEET_PORTRAIT: Page = Page { w: 190.0, h: 248.0 };
const SHEET_LANDSCAPE: Page = Page { w: 260.0, h: 178.0 };

/// The kit with blank record sheets.
pub fn kit() -> Kit {
    build(MissionLog::blank(), CampaignRecord::blank())
}

/// The kit with the Mission Log (and the Campaign Record in a campaign) filled from `game`.
pub fn kit_for_game(game: &Csar) -> Kit {
    let record = campaign_record_from(game).unwrap_or_else(CampaignRecord::blank);
    build(mission_log_from(game), record)
}

fn build(log: MissionLog, record: CampaignRecord) -> Kit {
    let mut components = vec![
        cards(n_("Resolution cards"), CardDeck::Resolution),
        cards(n_("Action cards"), CardDeck::Action),
        cards(n_("Event cards"), CardDeck::Event),
        cards(n_("Pilot and PJ cards"), CardDeck::PilotPj),
        counters(n_("Unit counters (19 mm)"), UNIT_MM),
        counters(n_("Marker counters (16 mm)"), MARKER_MM),
        Component::new(
            n_("Map sheet"),
            Kind::Map,
            (SHEET_W, SHEET_H),
            1,
            |cr, _, _| draw_map(cr, &MapScene::empty()),
        ),
    ];
    components.extend(player_aid());
    components.push(component::sheet(
        n_("Mission Log"),
        SHEET_LANDSCAPE,
        move |cr, page| draw_mission_log(cr, &log, page),
    ));
    components.push(component::sheet(
        n_("Campaign Record"),
        SHEET_PORTRAIT,
        move |cr, page| draw_campaign_record(cr, &record, page),
    ));
    Kit::new(super::ID, super::TITLE, components)
}

/// Paints the paper colour over the piece and its bleed, under the art.
fn bleed_ground(cr: &Context, w: f64, h: f64, bleed: f64) -> Result<(), cairo::Error> {
    palette::PAPER.set(cr);
    cr.rectangle(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed);
    cr.fill()
}

fn cards(name: &str, deck: CardDeck) -> Component {
    let faces: Rc<Vec<CardFace>> = Rc::new(faces::deck(deck));
    let front = faces.clone();
    Component::new(
        name,
        Kind::Cards,
        (CARD_W, CARD_H),
        faces.len(),
        move |cr, i, bleed| {
            bleed_ground(cr, CARD_W, CARD_H, bleed)?;
            draw_card_front(cr, &front[i], 0.0, 0.0)
        },
    )
    .with_back(move |cr, _, bleed| {
        bleed_ground(cr, CARD_W, CARD_H, bleed)?;
        draw_card_back(cr, deck, 0.0, 0.0)
    })
}

/// The counters of one size, front and back.
fn counters(name: &str, size: f64) -> Component {
    let (fronts, backs): (Vec<CounterFace>, Vec<CounterFace>) = counter_mix()
        .into_iter()
        .filter(|e| (e.front.size_mm() - size).abs() < 1e-9)
        .map(|e| (e.front, e.back))
        .unzip();
    let side = |faces: Vec<CounterFace>| {
        move |cr: &Context, i: usize, bleed: f64| {
            bleed_ground(cr, size, size, bleed)?;
            draw_counter(cr, &faces[i], 0.0, 0.0)
        }
    };
    Component::new(
        name,
        Kind::Counters,
        (size, size),
        fronts.len(),
        side(fronts),
    )
    .with_back(side(backs))
}

/// The Player Aid, its second side on the back. Empty if its content file is broken (the
/// content tests report that).
fn player_aid() -> Option<Component> {
    let aid = Rc::new(PlayerAid::load().ok()?);
    let page = SHEET_PORTRAIT;
    let back = aid.clone();
    let side = move |aid: &PlayerAid, cr: &Context, n: usize| match aid.side.get(n) {
        Some(s) => draw_player_aid(cr, s, page),
        None => Ok(()),
    };
    Some(
        Component::new(
            n_("Player Aid"),
            Kind::Aids,
            (page.w, page.h),
            1,
            move |cr, _, _| side(&aid, cr, 0),
        )
        .with_back(move |cr, _, _| side(&back, cr, 1)),
    )
}

// ---------------------------------------------------------------------------------------------
// Record sheets filled from a game

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
    let losses = fill_turns(game, &mut log.turns);
    if let Some(row) = log.turns.get_mut(usize::from(game.turn).wrapping_sub(1)) {
        row.search = game.search.to_string();
        row.abort = game.abort.to_string();
        let stranded = game.stranded().count();
        row.survivors = msg_n("{n} stranded", "{n} stranded", stranded)
            .arg("n", stranded)
            .render();
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
            turn: losses
                .iter()
                .find(|(name, _)| name == aircraft_name(i as u8))
                .map(|&(_, turn)| turn),
        })
        .collect();
    log.survivors = game
        .survivors
        .iter()
        .enumerate()
        .map(|(i, s)| SurvivorRow {
            origin: match sc.survivors.get(i) {
                Some(o) => msg("Zone {zone}")
                    .arg(
                        "zone",
                        zone_index(&o.zone).map_or_else(String::new, printed_letter),
                    )
                    .render(),
                None => gettext("Downed crew"),
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
            turn: None,
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

/// The log entries of an aircraft lost (shot down, destroyed, gone), naming it `a`.
const AIRCRAFT_LOSSES: [&str; 4] = [
    "{a} is shot down: a {state} Survivor in {zone}",
    "{a} is shot down with {n} Survivor aboard: stranded in {zone}",
    "{a} is destroyed: crew and {n} Survivor aboard killed; Abort {abort}",
    "{a} is hit and leaves the game",
];

/// A column of the Mission Log's turn rows.
fn column<'a>(row: &'a mut TurnRow, template: &str) -> Option<&'a mut String> {
    Some(match template {
        "Event: {title}" => &mut row.event,
        "You draw {n} Action card" => &mut row.cards,
        "{a} moves to {to}" => &mut row.moves,
        "{a} plays {card} in {zone}" => &mut row.played,
        "Fire into {zone}: Zone Firepower {zfv}, {hits} hit" => &mut row.fire,
        "Rescued! The Survivor is aboard {h}" | "No roundel: the pick-up fails this turn" => {
            &mut row.rescue
        }
        "{unit} in {zone} is removed; Abort now {abort}"
        | "Target of Opportunity in {zone} destroyed; Abort now {abort}" => &mut row.bda,
        id if AIRCRAFT_LOSSES.contains(&id) => &mut row.notes,
        "{p} is lost" | "A Survivor is captured" => &mut row.notes,
        _ => return None,
    })
}

/// The value of a log entry's message argument, in the game's words (English): numbers, and
/// the ids of cards, units, aircraft and people, which [`entry_words`] translates.
fn arg(e: &LogEntry, name: &str) -> Option<String> {
    e.message.arg_english(name)
}

/// The short words a log entry adds to its column, in the player's language: the card title,
/// the number drawn, the hits, the aircraft or unit named.
fn entry_words(e: &LogEntry) -> String {
    let arg = |name: &str| arg(e, name);
    let word = |name: &str| translate(&arg(name).unwrap_or_default());
    match e.message.id.as_ref() {
        "Event: {title}" => word("title"),
        "You draw {n} Action card" => arg("n").unwrap_or_default(),
        // The zone's printed letter and the hits, e.g. "N1", to fit the cell.
        "Fire into {zone}: Zone Firepower {zfv}, {hits} hit" => format!(
            "{}{}",
            zone_letter(&arg("zone").unwrap_or_default()),
            arg("hits").unwrap_or_default()
        ),
        // The aircraft and where it went, e.g. "Sandy 1→N".
        "{a} moves to {to}" => format!(
            "{}→{}",
            aircraft_label(&arg("a").unwrap_or_default()),
            zone_letter(&arg("to").unwrap_or_default())
        ),
        "{a} plays {card} in {zone}" => format!(
            "{} {}",
            word("card"),
            zone_letter(&arg("zone").unwrap_or_default())
        ),
        "Rescued! The Survivor is aboard {h}" => aircraft_label(&arg("h").unwrap_or_default()),
        // Translators: Mission Log cells, as short as can be.
        "No roundel: the pick-up fails this turn" => gettext("failed"),
        "A Survivor is captured" => gettext("capture"),
        _ => arg("a")
            .map(|a| aircraft_label(&a))
            .or_else(|| arg("unit").or_else(|| arg("p")).map(|w| translate(&w)))
            // Translators: Target of Opportunity, in a Mission Log cell.
            .unwrap_or_else(|| gettext("ToO")),
    }
}

/// A zone's printed letter ("N"), or a place that is no zone in the player's words (the
/// Orbit Box).
fn zone_letter(name: &str) -> String {
    match ZONE_NAMES.iter().position(|n| *n == name) {
        Some(z) => printed_letter(z as u8),
        None => translate(name),
    }
}

/// Fills the turn rows from the game's log: events, cards drawn, moves, cards played, fire
/// (zone and hits), rescues, units and targets destroyed, losses; each turn starts at its
/// "Turn {t} begins" entry, and the Search and Abort columns take the Marker Adjustment's
/// values. In a campaign, only the
/// last mission begun. Returns the turn each aircraft was lost in (by its name in the game's
/// words).
fn fill_turns(game: &Csar, rows: &mut [TurnRow]) -> Vec<(String, u8)> {
    let mut turn = 0usize;
    let mut losses = Vec::new();
    for e in game.log.entries() {
        let value = |name: &str| arg(e, name);
        // A campaign keeps one log: each mission's rows start afresh.
        if e.message.id == "Campaign mission {n} of {m}" {
            rows.fill(TurnRow::default());
            losses.clear();
            turn = 0;
            continue;
        }
        if e.message.id == "Turn {t} begins" {
            turn = value("t").and_then(|t| t.parse().ok()).unwrap_or(turn);
            continue;
        }
        let Some(row) = turn.checked_sub(1).and_then(|i| rows.get_mut(i)) else {
            continue;
        };
        if e.message.id == "Markers adjusted; Search {search}, Abort {abort}" {
            row.search = value("search").unwrap_or_default();
            row.abort = value("abort").unwrap_or_default();
            continue;
        }
        if AIRCRAFT_LOSSES.contains(&e.message.id.as_ref())
            && let Some(a) = value("a")
        {
            losses.push((a, turn as u8));
        }
        let words = entry_words(e);
        if let Some(cell) = column(row, &e.message.id) {
            if !cell.is_empty() {
                cell.push_str(", ");
            }
            cell.push_str(&words);
        }
    }
    losses
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
    fn the_kit_lists_every_component_of_the_digest() {
        let kit = kit();
        let count = |name: &str| {
            kit.components
                .iter()
                .find(|c| c.name == name)
                .map(|c| (c.count, c.has_back()))
        };
        assert_eq!(count("Resolution cards"), Some((30, true)));
        assert_eq!(count("Action cards"), Some((37, true)));
        assert_eq!(count("Event cards"), Some((16, true)));
        let units = count("Unit counters (19 mm)").unwrap().0;
        let markers = count("Marker counters (16 mm)").unwrap().0;
        assert_eq!(units + markers, 88);
        assert_eq!(count("Player Aid"), Some((1, true)));
        assert_eq!(count("Mission Log"), Some((1, false)));
        assert_eq!(count("Campaign Record"), Some((1, false)));
    }

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
        assert_eq!(titles, super::super::art::sheets::REMOVED_CARDS);
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
        let count = |id: &str| {
            g.log
                .entries()
                .iter()
                .filter(|e| e.message.id == id)
                .count()
        };
        let cells = |cell: fn(&TurnRow) -> &String| -> usize {
            log.turns
                .iter()
                .map(|r| cell(r).split(", ").filter(|w| !w.is_empty()).count())
                .sum()
        };
        let (moves, plays) = (
            count("{a} moves to {to}"),
            count("{a} plays {card} in {zone}"),
        );
        assert!(moves > 0 && plays > 0);
        assert_eq!(cells(|r| &r.moves), moves);
        assert_eq!(cells(|r| &r.played), plays);
        assert!(log.turns[0].moves.contains('→'), "{}", log.turns[0].moves);
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

    /// The Mission Log is filled in the player's language: every word through the catalogue
    /// (the message ids it reads are not printed), messages rendered, never in English.
    #[test]
    fn the_filled_record_prints_no_word_outside_the_catalogue() {
        let kit = include_str!("kit.rs");
        let found = super::super::art::sheets::tests::untranslated(
            kit,
            "// Record sheets filled from a game",
            &AIRCRAFT_LOSSES,
        );
        assert_eq!(found, Vec::<String>::new());
        let code = kit.split("#[cfg(test)]").next().unwrap();
        assert!(!code.contains(".english()"));
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
