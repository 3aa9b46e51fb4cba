//! The records the Skyhawk sheets are drawn from: blank (the campaign sheets still carry the
//! tours' dates and result tables), or filled from a game. This is the one place that reads the
//! rules state for the sheets, table rolls included (the rules keep them as
//! [`TableRoll`]s); the game's log is never read.

use super::glossary::cell_words;
use super::sheets::*;
use crate::engine::game::Verdict;
use crate::games::skyhawk::rules::campaign::{Campaign, PartResult, date};
use crate::games::skyhawk::rules::content::{Content, PartSpec, PylonId};
use crate::games::skyhawk::rules::division::{Division, Flight, Npc, NpcStatus};
use crate::games::skyhawk::rules::tables::TableRoll;
use crate::games::skyhawk::rules::{Ending, Experience, MapBox, PilotFate, Skyhawk};
use crate::i18n::{gettext, ngettext, pgettext};

/// Every record sheet of the kit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    pub ordnance: OrdnanceRecord,
    pub roster: RosterRecord,
    pub division: DivisionRecord,
    pub campaign: CampaignRecord,
    pub calendar: CalendarRecord,
    pub awards: AwardsRecord,
}

/// The blank sheets; the campaign sheets carry the tours' dates and result tables.
pub fn blank_records(c: &Content) -> Records {
    let parts: Vec<u8> = c.campaigns.part.iter().map(|p| p.number).collect();
    Records {
        campaign: CampaignRecord {
            tours: tour_rows(c, &parts),
            table25: c.campaigns.table25.at_most.clone(),
            ..CampaignRecord::default()
        },
        calendar: calendar(c, &parts, None),
        ..Records::default()
    }
}

fn part(c: &Content, n: u8) -> Option<&PartSpec> {
    c.campaigns.part.iter().find(|p| p.number == n)
}

fn tour_rows(c: &Content, parts: &[u8]) -> Vec<TourRow> {
    parts
        .iter()
        .filter_map(|&n| part(c, n))
        .map(|p| TourRow {
            name: gettext(&p.name),
            bands: p.bands.clone(),
            ..TourRow::default()
        })
        .collect()
}

/// "10 Aug" for a tour day ("10 Aug 1966" without the year).
fn short_date(p: &PartSpec, day: u32) -> String {
    date(p, day).trim_end_matches(" 1966").to_owned()
}

/// The calendar of `parts`, filled from the campaign when there is one: its missions, the
/// Table 28 results rolled so far, the halts they called, and the day reached.
fn calendar(c: &Content, parts: &[u8], k: Option<&Campaign>) -> CalendarRecord {
    let every = c.campaigns.table28_every.max(1);
    let halt_days = c.campaigns.halt_days.max(1);
    let tours = parts
        .iter()
        .enumerate()
        .filter_map(|(index, &n)| part(c, n).map(|p| (index, p)))
        .map(|(index, p)| {
            // The result of the Table 28 roll of `day`, if it was rolled.
            let result = |day: u32| {
                k.into_iter()
                    .flat_map(|k| &k.table28)
                    .find(|r| r.part == p.number && r.day == day)
                    .map(|r| r.roll.result.as_str())
            };
            let days = (1..=p.days)
                .map(|day| {
                    let mut d = CalendarDay {
                        date: short_date(p, day),
                        day,
                        flying: day % 2 == 1,
                        table28: day.is_multiple_of(every),
                        ..CalendarDay::default()
                    };
                    d.table28_result = result(day).map(|r| cell_words("28", r)).unwrap_or_default();
                    d.halt = (day.saturating_sub(halt_days - 1).max(1)..=day)
                        .any(|from| result(from).is_some_and(|r| r == "bombing_halt"));
                    if let Some(k) = k {
                        d.today = k.part_index == index && k.day == day && k.final_level.is_none();
                        if let Some(m) = k
                            .squadron
                            .days
                            .iter()
                            .find(|m| m.part == p.number && m.day == day)
                        {
                            d.maintenance = Some((m.level, m.under_repair));
                        }
                        if let Some((i, r)) = k
                            .records
                            .iter()
                            .enumerate()
                            .find(|(_, r)| r.part == p.number && r.day == day)
                        {
                            d.mission = ngettext(
                                "M{n} · {points} pt",
                                "M{n} · {points} pts",
                                r.points.unsigned_abs(),
                            )
                            .replace("{n}", &(i + 1).to_string())
                            .replace("{points}", &r.points.to_string());
                        }
                    }
                    d
                })
                .collect();
            CalendarTour {
                name: gettext(&p.name),
                days,
            }
        })
        .collect();
    CalendarRecord {
        campaign: String::new(),
        tours,
        between: if parts.len() > 1 {
            gettext("Replenishment and R&R in Hong Kong — no missions")
        } else {
            String::new()
        },
    }
}

/// A roll as the die fell, then with its modifiers: "6" or "6-1=5".
fn roll_words(r: &TableRoll) -> String {
    let modified = r.modified();
    if modified == r.natural {
        r.natural.to_string()
    } else {
        format!("{}{:+}={modified}", r.natural, modified - r.natural)
    }
}

/// The end-of-tour award rolls of a finished tour, in words: the campaign medal rolled
/// (Table 22.1 or 22.2) and the unit award (Table 23, not rolled after an NV victory).
fn tour_award_words(res: &PartResult) -> (String, String) {
    let words = |r: &Option<TableRoll>| {
        r.as_ref()
            .map(|r| cell_words(&r.table, &r.result))
            .unwrap_or_default()
    };
    (words(&res.medal_roll), words(&res.unit_roll))
}

fn experience_letter(e: Experience) -> String {
    match e {
        Experience::Green => pgettext("experience letter", "G"),
        Experience::Experienced => pgettext("experience letter", "E"),
        Experience::Veteran => pgettext("experience letter", "V"),
    }
}

fn winner_words(v: Verdict) -> String {
    match v {
        Verdict::Win => gettext("US"),
        Verdict::Draw => gettext("Draw"),
        Verdict::Loss => gettext("NV"),
    }
}

fn pilot_line(g: &Skyhawk) -> String {
    format!("{} {}", g.pilot.rank, g.pilot.name)
}

/// Every record sheet filled from `game` as far as it has gone.
pub fn records_from(c: &Content, g: &Skyhawk) -> Records {
    let mut r = blank_records(c);
    r.ordnance = ordnance_from(g);
    r.division = division_from(g);
    r.awards = AwardsRecord {
        pilot: g.pilot.name.clone(),
        rank: g.pilot.rank.clone(),
        medals: g
            .campaign
            .as_ref()
            .map_or_else(|| g.medals.clone(), |k| k.medals.clone()),
        unit_awards: g
            .campaign
            .as_ref()
            .map(|k| k.unit_awards.clone())
            .unwrap_or_default(),
        rolls: Vec::new(),
    };
    if let Some(k) = &g.campaign {
        let name = c
            .campaigns
            .campaign
            .iter()
            .find(|s| s.id == k.id)
            .map(|s| gettext(&s.name))
            .unwrap_or_default();
        r.roster = roster_from(c, g, k, &name);
        r.campaign = campaign_from(c, g, k, &name);
        r.calendar = calendar(c, &k.parts, Some(k));
        r.calendar.campaign = name;
        r.awards.rolls = k
            .results
            .iter()
            .zip(&r.campaign.tours)
            .map(|(res, tour)| {
                let (medal, unit) = tour_award_words(res);
                [
                    tour.name.clone(),
                    res.points.to_string(),
                    gettext(res.level.name()),
                    medal,
                    unit,
                ]
            })
            .collect();
    }
    r
}

fn ordnance_from(g: &Skyhawk) -> OrdnanceRecord {
    let l = &g.loadout;
    let loaded = *l != Default::default();
    let mut rec = OrdnanceRecord {
        pilot: pilot_line(g),
        date: g.campaign.as_ref().map(|k| k.date()).unwrap_or_default(),
        target: g
            .target
            .as_ref()
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        route_package: g
            .target
            .as_ref()
            .map(|t| t.route_package.clone())
            .unwrap_or_default(),
        ..OrdnanceRecord::default()
    };
    for (i, p) in PylonId::ALL.iter().enumerate() {
        let s = &mut rec.stations[i];
        if let Some(store) = l.store(*p) {
            s.weapon = store.weapon.spec().name.clone();
            s.clusters = store.clusters;
            s.label = store.label();
        }
        s.tank = l.tanks.on(*p);
        if s.tank > 0 {
            let tank = gettext("{gal} gal tank").replace("{gal}", &s.tank.to_string());
            s.label = if s.label.is_empty() {
                tank
            } else {
                format!("{}, {tank}", s.label)
            };
        }
        s.weight = loaded.then(|| l.station_weight(*p));
        s.hit = g.damage.pylons[i];
    }
    if loaded {
        let total = l.total_weight();
        let stores: u32 = PylonId::ALL
            .iter()
            .filter_map(|p| l.store(*p))
            .map(|s| s.weight())
            .sum();
        rec.stores_weight = Some(stores);
        rec.tanks_weight = Some(total - stores);
        rec.total = Some(total);
    }
    rec
}

/// A list as written on a sheet, repeats counted: "Purple Heart ×3, Air Medal".
fn words(list: impl Iterator<Item = String>) -> String {
    let mut counted: Vec<(String, usize)> = Vec::new();
    for w in list {
        match counted.iter_mut().find(|(seen, _)| *seen == w) {
            Some((_, n)) => *n += 1,
            None => counted.push((w, 1)),
        }
    }
    counted
        .into_iter()
        .map(|(w, n)| if n > 1 { format!("{w} ×{n}") } else { w })
        .collect::<Vec<_>>()
        .join(", ")
}

fn fate_words(f: PilotFate) -> String {
    match f {
        PilotFate::Aboard => gettext("Active"),
        PilotFate::Rescued => gettext("Rescued"),
        PilotFate::Pow => gettext("POW"),
        PilotFate::Kia => gettext("KIA"),
    }
}

/// The Division Record Sheet: the mission and the player's Skyhawk, and with optional rule
/// 15.1 his flight of four and the NV boxes that fired at him in each box of each pass.
fn division_from(g: &Skyhawk) -> DivisionRecord {
    let mut rec = DivisionRecord {
        division: "1".into(),
        date: g.campaign.as_ref().map(|k| k.date()).unwrap_or_default(),
        mission: g
            .campaign
            .as_ref()
            .map(|k| (k.records.len() + 1).to_string())
            .unwrap_or_default(),
        target: g
            .target
            .as_ref()
            .map(|t| t.name.clone())
            .unwrap_or_default(),
        target_type: g
            .target
            .as_ref()
            .map(|t| gettext(t.kind.name()))
            .unwrap_or_default(),
        load: if g.loadout == Default::default() {
            String::new()
        } else {
            g.loadout.label()
        },
        ..DivisionRecord::default()
    };
    rec.positions[0] = PositionRow {
        pilot: pilot_line(g),
        experience: experience_letter(g.pilot.experience),
        // The movement marker #1, or his numbered Skyhawk with 14.0.2.
        skyhawk: g.aircraft.max(1).to_string(),
        wounds: g.pilot.wounds,
        launch: launch_words(g.ending == Ending::Scrubbed, g.at != MapBox::Launch),
        refuel: refuel_words(g.no_refuel),
        landing: landing_words(g.ending),
        status: status_words(g.fate, g.ending, false),
        ..PositionRow::default()
    };
    rec.runs = g
        .runs
        .iter()
        .map(|run| {
            let result = if run.on_target {
                gettext("On")
            } else {
                gettext("Off")
            };
            [result, String::new(), String::new(), String::new()]
        })
        .collect();
    rec.nv_attacks = g
        .nv_fire
        .iter()
        .map(|pass| pass.map(|fired| fired.map(|n| n.to_string()).unwrap_or_default()))
        .collect();
    if let Some(d) = &g.division
        && let Some(flight) = d.flights.first()
    {
        fill_division(&mut rec, d, flight);
    }
    rec
}

/// The player's flight of optional rule 15.1: the player at his position, the three NPCs at
/// theirs, the group's Table 26.1 rolls, percentages and points, and the losses.
fn fill_division(rec: &mut DivisionRecord, d: &Division, flight: &Flight) {
    let seat = |position: u8| usize::from(position.clamp(1, 4)) - 1;
    let player = std::mem::take(&mut rec.positions[0]);
    rec.positions[seat(d.position)] = player;
    for n in &flight.npcs {
        rec.positions[seat(n.position)] = npc_row(n);
    }
    for (i, percent) in flight.runs.iter().enumerate() {
        if rec.runs.len() <= i {
            rec.runs.push(Default::default());
        }
        rec.runs[i][2] = percent.to_string();
        rec.runs[i][3] = (percent / 2).to_string();
    }
    for (run, roll) in rec.runs.iter_mut().zip(&flight.rolls) {
        run[1] = roll_words(roll);
    }
    rec.npc_points = flight.points.to_string();
    rec.skyhawks_lost = d.skyhawks_lost().to_string();
    rec.pilots_lost = d.pilots_lost().to_string();
}

/// A Skyhawk's Launch box: scrubbed, or OK once off the deck (blank before).
fn launch_words(scrubbed: bool, launched: bool) -> String {
    if scrubbed {
        gettext("Scrubbed")
    } else if launched {
        gettext("OK")
    } else {
        String::new()
    }
}

/// A Skyhawk's Refuel box: only a failed refuel is written in.
fn refuel_words(failed: bool) -> String {
    if failed {
        gettext("Failed")
    } else {
        String::new()
    }
}

/// A Skyhawk's Landing box: how it came back aboard, blank while it has not.
fn landing_words(e: Ending) -> String {
    match e {
        Ending::Trapped => gettext("Trap"),
        Ending::Mishap => gettext("Mishap"),
        Ending::Diverted => gettext("Diverted"),
        _ => String::new(),
    }
}

/// A non-player Skyhawk's line: pilot, experience, its number with 14.0.2, hits, wounds,
/// what became of it.
fn npc_row(n: &Npc) -> PositionRow {
    let ending = match n.status {
        NpcStatus::Flying | NpcStatus::Returning => Ending::Flying,
        NpcStatus::Scrubbed => Ending::Scrubbed,
        NpcStatus::Lost => Ending::Lost,
        NpcStatus::Trapped => Ending::Trapped,
        NpcStatus::Mishap => Ending::Mishap,
        NpcStatus::Diverted => Ending::Diverted,
    };
    PositionRow {
        pilot: format!("{} {}", n.pilot.rank, n.pilot.name),
        experience: experience_letter(n.pilot.experience),
        skyhawk: if n.aircraft > 0 {
            n.aircraft.to_string()
        } else {
            String::new()
        },
        hits: n.hits,
        wounds: n.pilot.wounds,
        launch: launch_words(n.status == NpcStatus::Scrubbed, true),
        refuel: refuel_words(n.no_refuel),
        landing: landing_words(ending),
        status: status_words(n.fate, ending, n.status == NpcStatus::Returning),
    }
}

/// A Skyhawk's Status box on the Division Record Sheet: its pilot's fate when he was lost
/// or rescued, otherwise where the Skyhawk is (`returning`: flying home on its own).
fn status_words(fate: PilotFate, ending: Ending, returning: bool) -> String {
    match (fate, ending) {
        (PilotFate::Kia | PilotFate::Pow | PilotFate::Rescued, _) => fate_words(fate),
        (_, Ending::Lost) => gettext("Shot down"),
        (_, Ending::Flying) if returning => gettext("Returning"),
        (_, Ending::Flying) => gettext("Flying"),
        (_, Ending::Scrubbed) => gettext("Scrubbed"),
        _ => gettext("Home"),
    }
}

fn roster_from(c: &Content, g: &Skyhawk, k: &Campaign, campaign: &str) -> RosterRecord {
    let mut rows: Vec<RosterRow> = c
        .roster
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let flown: Vec<_> = k.records.iter().filter(|r| r.pilot == p.name).collect();
            let mut row = RosterRow {
                rank: p.rank.clone(),
                name: p.name.clone(),
                ..RosterRow::default()
            };
            if i > k.roster {
                return row;
            }
            row.missions = flown.len().to_string();
            row.points = flown.iter().map(|r| r.points).sum::<i32>().to_string();
            if i == k.roster {
                row.experience = experience_letter(g.pilot.experience);
                row.wounds = g.pilot.wounds.to_string();
                row.status = fate_words(g.fate);
                row.notes = gettext("player's pilot");
            } else {
                row.status = gettext("Lost");
            }
            row
        })
        .collect();
    // With the rotation of 14.0.3 the other pilots of the squadron fly too.
    for slot in k.squadron.roster.iter().filter(|s| s.roster != k.roster) {
        let Some(row) = rows.get_mut(slot.roster) else {
            continue;
        };
        row.experience = experience_letter(slot.experience);
        // With 15.1 the missions he flew in the player's flights and their awards (R38).
        if slot.missions > 0 {
            row.missions = slot.missions.to_string();
        }
        row.notes = words(slot.medals.iter().map(gettext));
        row.status = if slot.lost {
            gettext("Lost")
        } else if slot.missed > 0 {
            ngettext(
                "Out for {n} mission",
                "Out for {n} missions",
                u32::from(slot.missed),
            )
            .replace("{n}", &slot.missed.to_string())
        } else {
            gettext("Active")
        };
    }
    RosterRecord {
        campaign: campaign.to_owned(),
        player: pilot_line(g),
        rows,
    }
}

fn campaign_from(c: &Content, g: &Skyhawk, k: &Campaign, name: &str) -> CampaignRecord {
    let first = k.parts.first().and_then(|&n| part(c, n));
    let last = k.parts.last().and_then(|&n| part(c, n));
    let mut options = Vec::new();
    if g.options.harsher_damage {
        options.push("15.4");
    }
    if g.options.engine_fire {
        options.push("15.4.1");
    }
    if g.options.altitude_bombing {
        options.push("15.4.2");
    }
    let mut tours = tour_rows(c, &k.parts);
    for (row, res) in tours.iter_mut().zip(&k.results) {
        row.points = res.points.to_string();
        row.level = gettext(res.level.name());
    }
    CampaignRecord {
        campaign: name.to_owned(),
        pilot: pilot_line(g),
        start: first.map(|p| date(p, 1)).unwrap_or_default(),
        end: last.map(|p| date(p, p.days)).unwrap_or_default(),
        options: options.join(", "),
        missions: k
            .records
            .iter()
            .map(|r| MissionRow {
                date: r.date.clone(),
                day: r.day.to_string(),
                pilot: r.pilot.clone(),
                target: r.target.clone(),
                winner: winner_words(r.winner),
                on_target: r.on_target.to_string(),
                off_target: r.off_target.to_string(),
                points: r.points.to_string(),
                notes: String::new(),
            })
            .collect(),
        total: k.points().to_string(),
        tours,
        table25: if k.parts.len() > 1 {
            c.campaigns.table25.at_most.clone()
        } else {
            Vec::new()
        },
        final_level: k.final_level.map(|l| gettext(l.name())).unwrap_or_default(),
        medals: words(k.medals.iter().map(gettext)),
        unit_award: words(k.unit_awards.iter().map(|a| cell_words("23", a))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::play::Playable;
    use crate::games::skyhawk::rules::Options;
    use crate::games::skyhawk::rules::content::content;

    /// The options with the optional rules `set` turns on.
    fn with(set: impl FnOnce(&mut Options)) -> Options {
        let mut options = Options::default();
        set(&mut options);
        options
    }

    /// A game of `scenario` played by the heuristic bot one decision at a time until `done`
    /// (which may look at every position); it must not end first.
    fn played_until(
        scenario: &str,
        options: &Options,
        seed: u64,
        mut done: impl FnMut(&Skyhawk) -> bool,
    ) -> Skyhawk {
        let mut g = Skyhawk::setup(scenario, options, seed).unwrap();
        let mut bot = Skyhawk::heuristic_bot(seed);
        while !done(&g) {
            crate::engine::bot::play_steps(&mut g, bot.as_mut(), 1).unwrap();
            assert!(g.outcome().is_none(), "the game ended first");
        }
        g
    }

    /// A game of `scenario` played out by the heuristic bot.
    fn played_out(scenario: &str, options: &Options, seed: u64) -> Skyhawk {
        let mut g = Skyhawk::setup(scenario, options, seed).unwrap();
        let mut bot = Skyhawk::heuristic_bot(seed);
        crate::engine::bot::play_out(&mut g, bot.as_mut(), 100_000).unwrap();
        g
    }

    /// Checks one campaign's calendar against its Table 28 rolls; whether it had a halt.
    fn calendar_matches_the_rolls(seed: u64) -> bool {
        let c = content().unwrap();
        let g = played_until("campaign1", &Options::default(), seed, |g| {
            g.campaign.as_ref().unwrap().day >= 14
        });
        let k = g.campaign.as_ref().unwrap();
        let rolled: Vec<u32> = k.table28.iter().map(|r| r.day).collect();
        assert_eq!(rolled, (1..=k.day / 4).map(|n| 4 * n).collect::<Vec<_>>());
        let r = records_from(c, &g);
        let days = &r.calendar.tours[0].days;
        let shown: Vec<u32> = days
            .iter()
            .filter(|d| !d.table28_result.is_empty())
            .map(|d| d.day)
            .collect();
        assert_eq!(shown, (1..=k.day / 4).map(|n| 4 * n).collect::<Vec<_>>());
        assert_eq!(days.iter().filter(|d| d.today).count(), 1);
        assert_eq!(
            days.iter().filter(|d| !d.mission.is_empty()).count(),
            k.records.len()
        );
        for r in &k.table28 {
            let day = &days[r.day as usize - 1];
            assert_eq!(day.table28_result, cell_words("28", &r.roll.result));
        }
        // A halt shades the five days from its roll, and no mission is flown in them.
        let mut halted = false;
        for r in &k.table28 {
            if r.roll.result == "bombing_halt" {
                halted = true;
                let from = r.day as usize;
                let halt = &days[from - 1..(from + 4).min(days.len())];
                assert!(halt.iter().all(|d| d.halt && d.mission.is_empty()));
            }
        }
        assert_eq!(days.iter().filter(|d| d.halt).count() > 0, halted);
        halted
    }

    #[test]
    fn the_calendar_shows_every_table_28_result_rolled_so_far() {
        let halts = (0..30)
            .filter(|&seed| calendar_matches_the_rolls(seed))
            .count();
        assert!(halts > 0, "no campaign had a bombing halt");
    }

    #[test]
    fn a_finished_campaign_keeps_one_award_roll_per_tour() {
        let g = played_out("campaign3", &Options::default(), 5);
        let k = g.campaign.as_ref().unwrap();
        assert_eq!(k.results.len(), 2);
        let rec = records_from(content().unwrap(), &g);
        assert_eq!(rec.awards.rolls.len(), k.results.len());
        for ((res, row), part) in k.results.iter().zip(&rec.awards.rolls).zip(&k.parts) {
            // The medal table of the tour, read in the column of its victory level [11.0].
            let medal = res.medal_roll.as_ref().expect("a medal roll every tour");
            let spec = super::part(content().unwrap(), *part).unwrap();
            assert_eq!(medal.table, spec.medal_table);
            let table = crate::games::skyhawk::rules::content::data().table(&medal.table);
            assert_eq!(Some(medal.column), table.column(res.level.key()));
            assert_eq!(row[3], cell_words(&medal.table, &medal.result));
            // Table 23 only after a draw or a US victory [11.1].
            let draw = crate::games::skyhawk::rules::campaign::Level::Draw;
            assert_eq!(res.unit_roll.is_some(), res.level >= draw);
            let unit = res.unit_roll.as_ref().map(|r| cell_words("23", &r.result));
            assert_eq!(row[4], unit.unwrap_or_default());
        }
        // Table 28 is rolled in both tours.
        for part in &k.parts {
            assert!(k.table28.iter().any(|r| r.part == *part));
        }
        assert_eq!(rec.campaign.missions.len(), k.records.len());
        assert!(!rec.campaign.final_level.is_empty());
    }

    #[test]
    fn the_division_sheet_carries_the_flight_of_rule_15_1() {
        let options = with(|o| o.division = true);
        let g = played_out("single", &options, 4);
        let d = g.division.as_ref().unwrap();
        let rec = division_from(&g);
        assert!(rec.positions.iter().all(|p| !p.pilot.is_empty()), "{rec:?}");
        let player = &rec.positions[usize::from(d.position) - 1];
        assert_eq!(player.pilot, pilot_line(&g));
        assert_eq!((g.ending, player.skyhawk.as_str()), (Ending::Mishap, "1"));
        assert_eq!(
            (player.launch.as_str(), player.landing.as_str()),
            ("OK", "Mishap")
        );
        assert_eq!(player.status, "Home");
        let flight = &d.flights[0];
        assert!(!flight.runs.is_empty());
        let table = crate::games::skyhawk::rules::content::data().table("26.1");
        for (i, pct) in flight.runs.iter().enumerate() {
            assert_eq!(rec.runs[i][2], pct.to_string());
            // The roll written in reads the percentage on the player's On/Off column.
            let modified: i32 = rec.runs[i][1].rsplit('=').next().unwrap().parse().unwrap();
            let column = table.column(if g.runs[i].on_target { "on" } else { "off" });
            assert_eq!(table.lookup(modified, column.unwrap()), pct.to_string());
        }
        assert_eq!(rec.npc_points, flight.points.to_string());
        let hits: u8 = rec.positions.iter().map(|p| p.hits).sum();
        assert_eq!(hits, flight.npcs.iter().map(|n| n.hits).sum::<u8>());
    }

    #[test]
    fn the_division_sheet_counts_the_nv_boxes_firing_in_every_box_of_every_pass() {
        let options = with(|o| o.division = true);
        let (mut total, mut re_attacked) = (0, false);
        for seed in 0..24 {
            let g = played_out("single", &options, seed);
            let fired = |pass: &[Option<u8>; 4]| -> u32 {
                pass.iter().flatten().map(|&n| u32::from(n)).sum()
            };
            total += g.nv_fire.iter().map(fired).sum::<u32>();
            re_attacked |= g.nv_fire.iter().skip(1).any(|pass| fired(pass) > 0);
            // Support Attacks is flown once, before the first run.
            assert!(g.nv_fire.iter().skip(1).all(|pass| pass[0].is_none()));
            let rec = division_from(&g);
            assert_eq!(rec.nv_attacks.len(), g.nv_fire.len());
            for (row, pass) in rec.nv_attacks.iter().zip(&g.nv_fire) {
                for (cell, fired) in row.iter().zip(pass) {
                    assert_eq!(*cell, fired.map(|n| n.to_string()).unwrap_or_default());
                }
            }
        }
        assert!(total > 0 && re_attacked, "no NV fire on a re-attack");
        // Without the division the sheet is not kept.
        let g = played_out("single", &Options::default(), 1);
        assert!(g.nv_fire.is_empty() && division_from(&g).nv_attacks.is_empty());
    }

    #[test]
    fn the_calendar_marks_every_closed_day_with_the_maintenance_crews_and_the_repair_track() {
        let options = with(|o| o.maintenance = true);
        let (mut day, mut seen_repairs) = (1, false);
        let g = played_until("campaign1", &options, 3, |g| {
            let k = g.campaign.as_ref().unwrap();
            if k.day > day {
                // The day just closed is kept as the squadron stands at its close.
                let last = k.squadron.days.last().unwrap();
                assert_eq!((last.day, last.level), (k.day - 1, k.squadron.maintenance));
                assert_eq!(usize::from(last.under_repair), k.squadron.under_repair());
                seen_repairs |= last.under_repair > 0;
                day = k.day;
            }
            k.day >= 20
        });
        assert!(seen_repairs, "no Skyhawk ever waited for repairs");
        let k = g.campaign.as_ref().unwrap();
        let days: Vec<u32> = k.squadron.days.iter().map(|m| m.day).collect();
        assert_eq!(days, (1..k.day).collect::<Vec<_>>());
        let r = records_from(content().unwrap(), &g);
        let calendar = &r.calendar.tours[0].days;
        for m in &k.squadron.days {
            let d = &calendar[m.day as usize - 1];
            assert_eq!(d.maintenance, Some((m.level, m.under_repair)));
        }
        assert!(
            calendar[k.day as usize - 1..]
                .iter()
                .all(|d| d.maintenance.is_none())
        );
        // Without 14.0.2 no day is kept.
        let g = played_until("campaign1", &Options::default(), 3, |g| {
            g.campaign.as_ref().unwrap().day >= 6
        });
        assert!(g.campaign.as_ref().unwrap().squadron.days.is_empty());
    }

    #[test]
    fn with_14_0_2_the_division_sheet_numbers_the_four_skyhawks_sent_up() {
        let options = with(|o| (o.maintenance, o.division) = (true, true));
        let g = played_until("campaign1", &options, 6, |g| {
            g.division.as_ref().is_some_and(|d| d.position > 0) && !g.runs.is_empty()
        });
        let sent = g.squadron().unwrap().flying();
        assert_eq!(g.aircraft, sent[0]);
        let mut numbers: Vec<u8> = division_from(&g)
            .positions
            .iter()
            .map(|p| p.skyhawk.parse().unwrap())
            .collect();
        numbers.sort();
        assert_eq!(numbers, sent[..4]);
        assert_eq!(
            division_from(&g)
                .positions
                .iter()
                .filter(|p| p.launch == "OK")
                .count(),
            4
        );
    }

    #[test]
    fn the_roster_follows_the_rotation_of_14_0_3() {
        let options = with(|o| o.rotation = true);
        let g = played_until("campaign1", &options, 2, |g| {
            g.campaign.as_ref().unwrap().records.len() >= 3
        });
        let k = g.campaign.as_ref().unwrap();
        assert!(!k.squadron.roster.is_empty());
        let rec = records_from(content().unwrap(), &g);
        for slot in &k.squadron.roster {
            let row = &rec.roster.rows[slot.roster];
            assert!(
                !row.experience.is_empty() && !row.status.is_empty(),
                "{row:?}"
            );
        }
    }

    #[test]
    fn with_the_division_the_roster_counts_the_wingmen_s_missions_and_awards() {
        let options = with(|o| (o.rotation, o.division) = (true, true));
        let g = played_until("campaign1", &options, 8, |g| {
            g.campaign.as_ref().unwrap().records.len() >= 6
        });
        let k = g.campaign.as_ref().unwrap();
        let rec = records_from(content().unwrap(), &g);
        let wingmen: Vec<_> = k
            .squadron
            .roster
            .iter()
            .filter(|s| s.roster != k.roster)
            .collect();
        assert!(wingmen.iter().any(|s| s.missions > 0));
        for slot in wingmen {
            let row = &rec.roster.rows[slot.roster];
            let missions = (slot.missions > 0).then(|| slot.missions.to_string());
            assert_eq!(missions.unwrap_or_default(), row.missions, "{row:?}");
            assert_eq!(row.notes.is_empty(), slot.medals.is_empty(), "{row:?}");
        }
    }

    #[test]
    fn lists_count_their_repeats() {
        let list = ["Purple Heart", "Air Medal", "Purple Heart"].map(String::from);
        assert_eq!(words(list.into_iter()), "Purple Heart ×2, Air Medal");
        assert_eq!(words(std::iter::empty()), "");
    }

    #[test]
    fn blank_records_carry_both_tours() {
        let c = content().unwrap();
        let r = blank_records(c);
        assert_eq!(r.calendar.tours.len(), 2);
        assert_eq!(r.calendar.tours[0].days.len(), 31);
        assert_eq!(r.calendar.tours[0].days[0].date, "10 Aug");
        assert!(r.calendar.tours[0].days[3].table28 && !r.calendar.tours[0].days[3].flying);
        assert!(
            r.calendar
                .tours
                .iter()
                .flat_map(|t| &t.days)
                .all(|d| d.mission.is_empty() && !d.halt)
        );
        assert_eq!(r.campaign.tours.len(), 2);
        assert!(r.roster.rows.is_empty() && r.ordnance == OrdnanceRecord::default());
    }
}
