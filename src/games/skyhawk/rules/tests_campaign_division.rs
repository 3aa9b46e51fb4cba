//! Rules tests of the campaign options (14.0.2, 14.0.3, 14.1.3, 14.1.4) played together with
//! the division options (15.1, 15.2), from the rulebook's and the digest's text.

use super::campaign::roster_pilot;
use super::content::{TargetList, data};
use super::division::*;
use super::tests_division::table_rolls;
use super::*;
use crate::engine::game::Game;

fn options(set: impl Fn(&mut Options)) -> Options {
    let mut o = Options {
        maintenance: true,
        division: true,
        ..Options::default()
    };
    set(&mut o);
    o
}

/// Campaign 1 on its first mission day, `divisions` sent with the player (as many as the day
/// allows when `None`), the target list chosen: the division's first question is waiting.
fn first_mission(o: &Options, seed: u64, divisions: Option<u8>) -> Skyhawk {
    let mut g = Skyhawk::setup("campaign1", o, seed).unwrap();
    assert_eq!(g.step, Step::Divisions, "the pilot flies on day 1");
    let n = divisions.unwrap_or(g.most_divisions());
    g.apply(&Action::Divisions(n)).unwrap();
    g.apply(&Action::List(TargetList::Navy)).unwrap();
    g
}

/// As `first_mission`, the player then in position 1 of his division.
fn formed(o: &Options, seed: u64, divisions: Option<u8>) -> Skyhawk {
    let mut g = first_mission(o, seed, divisions);
    assert_eq!(g.step, Step::Division(Ask::Position));
    g.apply(&Action::Division(DivisionAction::Position(Some(1))))
        .unwrap();
    g
}

fn npc(g: &mut Skyhawk, flight: usize, index: usize) -> &mut Npc {
    g.npc_mut(Who::Npc { flight, index }).unwrap()
}

/// The rotation roster slots of the NPC pilots, in flight order.
fn roster_slots(g: &Skyhawk) -> Vec<usize> {
    let d = g.division.as_ref().unwrap();
    d.npcs().map(|n| n.roster_slot.unwrap()).collect()
}

fn ready_in(g: &Skyhawk, number: u8) -> Option<u8> {
    let s = g.squadron().unwrap();
    s.aircraft
        .iter()
        .find(|a| a.number == number)
        .map(|a| a.ready_in)
}

#[test]
fn the_divisions_of_14_0_2_are_the_flights_of_15_2() {
    // [14.0.2] the player chooses 4, 8, 12 or 16 Skyhawks; [15.2] the flights of four beyond
    // his own: one decision (RULING in `divisions_flown`). No second question is asked.
    let o = options(|o| o.multiple_flights = true);
    for seed in 0..6 {
        let g = Skyhawk::setup("campaign1", &o, seed).unwrap();
        let most = g.most_divisions();
        let g = formed(&o, seed, Some(most));
        let d = g.division.as_ref().unwrap();
        assert_eq!(d.flights.len(), usize::from(most));
        assert_eq!(d.npcs().count(), 4 * usize::from(most) - 1);
    }
}

#[test]
fn with_15_1_alone_only_the_players_division_is_played() {
    let o = options(|_| ());
    let seed = (0..40)
        .find(|&s| Skyhawk::setup("campaign1", &o, s).unwrap().most_divisions() >= 2)
        .unwrap();
    let mut g = formed(&o, seed, Some(2));
    let s = g.squadron().unwrap();
    assert_eq!(s.flying(), (1..=8).collect::<Vec<u8>>());
    let d = g.division.as_ref().unwrap();
    assert_eq!(d.flights.len(), 1);
    let numbers: Vec<u8> = d.npcs().map(|n| n.aircraft).collect();
    assert_eq!(numbers, vec![2, 3, 4]);
    // The second division flies beside, unplayed: back Ready Now without a roll.
    for i in 0..3 {
        npc(&mut g, 0, i).status = NpcStatus::Trapped;
    }
    g.ending = Ending::Trapped;
    let rolls = g.rolls;
    g.repairs_after_mission();
    assert_eq!(g.rolls, rolls);
    assert!((1..=8).all(|n| ready_in(&g, n) == Some(0)));
    assert!(g.squadron().unwrap().flying().is_empty());
}

#[test]
fn npc_skyhawks_are_the_numbered_skyhawks_on_deck() {
    let o = options(|o| o.multiple_flights = true);
    let g = formed(&o, 4, None);
    let s = g.squadron().unwrap();
    let numbers: Vec<u8> = g
        .division
        .as_ref()
        .unwrap()
        .npcs()
        .map(|n| n.aircraft)
        .collect();
    // The player's is the first on deck, his division's and the further flights' follow.
    assert_eq!(numbers, s.flying()[1..].to_vec());
}

#[test]
fn npc_hits_go_through_table_8_and_a_lost_npc_is_struck_off() {
    // [14.0.2] every Skyhawk back with battle damage rolls Table 8 (an NPC: +1 with 3–4 hit
    // boxes, +2 with 5); a landing mishap adds its days; a lost one leaves the squadron.
    let o = options(|_| ());
    let mut g = formed(&o, 7, Some(1));
    g.ending = Ending::Trapped;
    {
        let n = npc(&mut g, 0, 0);
        (n.hits, n.status) = (5, NpcStatus::Trapped);
    }
    {
        let n = npc(&mut g, 0, 1);
        (n.status, n.fate) = (NpcStatus::Lost, PilotFate::Rescued);
    }
    {
        let n = npc(&mut g, 0, 2);
        n.status = NpcStatus::Mishap;
        n.mishap = Some("barricade".into());
    }
    let rolls = g.rolls;
    g.repairs_after_mission();
    // One Table 8 roll: the NPC with five hit boxes; the barricade adds its days unrolled.
    assert_eq!(g.rolls, rolls + 1);
    let table_8 = g
        .log
        .entries()
        .iter()
        .rev()
        .find(|e| e.message.english().starts_with("Table 8"))
        .unwrap()
        .english();
    assert!(table_8.contains("5 hit boxes"), "{table_8}");
    let barricade = data().campaigns.landing_repairs.barricade;
    assert_eq!(ready_in(&g, 4), Some(barricade));
    assert_eq!(ready_in(&g, 3), None, "struck off");
    assert!(ready_in(&g, 2).is_some_and(|d| d <= 2));
    assert_eq!(ready_in(&g, 1), Some(0), "the player's came back unhurt");
    assert_eq!(g.squadron().unwrap().aircraft.len(), 15);
    let struck = |e: &crate::engine::log::LogEntry| {
        e.message.english() == "Skyhawk 3 is struck off the squadron"
    };
    assert!(g.log.entries().iter().any(struck));
}

#[test]
fn npc_losses_count_on_the_mission_record_and_cost_points() {
    // [14.1.4] 15 points a Skyhawk lost from the divisions, 10 a pilot killed or captured.
    let o = options(|o| o.loss_scoring = true);
    let mut g = formed(&o, 2, Some(1));
    for i in 0..3 {
        npc(&mut g, 0, i).status = NpcStatus::Trapped;
    }
    {
        let n = npc(&mut g, 0, 0);
        (n.status, n.fate) = (NpcStatus::Lost, PilotFate::Pow);
    }
    {
        let n = npc(&mut g, 0, 1);
        (n.status, n.fate) = (NpcStatus::Lost, PilotFate::Rescued);
    }
    g.division.as_mut().unwrap().closed = true;
    g.ending = Ending::Trapped;
    g.step = Step::End;
    assert_eq!(g.mission_losses(), (2, 1));
    g.after_campaign_mission();
    let c = g.campaign.as_ref().unwrap();
    let r = c.records.last().unwrap();
    assert_eq!((r.skyhawks_lost, r.pilots_lost), (2, 1));
    assert_eq!(r.net_points(true), r.points - 2 * 15 - 10);
    assert_eq!(c.points(), r.points - 40);
}

#[test]
fn with_the_rotation_the_npc_pilots_are_todays_roster_pilots() {
    // [15.1] the other places go to the next pilots of the duty roster; with 14.0.3 those
    // are the pilots the rotation sent up today, with the experience on the roster.
    let o = options(|o| {
        o.rotation = true;
        o.multiple_flights = true;
    });
    let mut g = first_mission(&o, 11, None);
    let table_1 = table_rolls(&g, "1");
    g.apply(&Action::Division(DivisionAction::Position(Some(3))))
        .unwrap();
    assert_eq!(table_rolls(&g, "1"), table_1, "no experience rolled again");
    let s = g.squadron().unwrap();
    let d = g.division.as_ref().unwrap();
    let slots = roster_slots(&g);
    assert_eq!(slots, s.wingmen()[..slots.len()].to_vec());
    for n in d.npcs() {
        let r = &s.roster[n.roster_slot.unwrap()];
        assert_eq!(n.pilot.name, roster_pilot(r.roster).name);
        assert_eq!(n.pilot.experience, r.experience);
    }
}

#[test]
fn without_the_rotation_npc_pilots_roll_their_experience() {
    let o = options(|_| ());
    let mut g = first_mission(&o, 1, Some(1));
    let table_1 = table_rolls(&g, "1");
    g.apply(&Action::Division(DivisionAction::Position(Some(1))))
        .unwrap();
    assert_eq!(table_rolls(&g, "1"), table_1 + 3);
    assert!(
        g.division
            .as_ref()
            .unwrap()
            .npcs()
            .all(|n| n.roster_slot.is_none())
    );
}

#[test]
fn npc_pilots_wounds_and_losses_reach_the_roster() {
    // [14.1.3] the same wound procedure for NPC pilots; [14.0.3] lost pilots leave the
    // roster, wounded ones miss the missions their turn brings.
    let o = options(|o| {
        o.rotation = true;
        o.wound_recovery = true;
    });
    let mut missed = [0; 3];
    for seed in 0..30 {
        let mut g = formed(&o, seed, Some(1));
        npc(&mut g, 0, 0).pilot.wounds = 2;
        npc(&mut g, 0, 1).fate = PilotFate::Kia;
        npc(&mut g, 0, 2).pilot.wounds = 1;
        let slots = roster_slots(&g);
        let rolls = g.rolls;
        g.npc_pilots_after_mission();
        let roster = &g.squadron().unwrap().roster;
        // Only the pilot with two wounds rolls: once, twice if he misses missions.
        let second = u32::from(roster[slots[0]].missed > 0);
        assert_eq!(g.rolls, rolls + 1 + second);
        assert!(roster[slots[1]].lost);
        // Each flew one more mission; the wounded and the killed have a Purple Heart.
        assert!(slots.iter().all(|&s| roster[s].missions == 1));
        assert_eq!(roster[slots[0]].medals, ["Purple Heart"]);
        assert_eq!(roster[slots[1]].medals, ["Purple Heart"]);
        assert_eq!(roster[slots[2]].medals, ["Purple Heart"]);
        assert_eq!(roster[slots[2]].missed, 0);
        assert!(!roster[slots[0]].lost);
        missed[usize::from(roster[slots[0]].missed)] += 1;
    }
    assert!(missed.iter().all(|&n| n > 0), "{missed:?}");
}

#[test]
fn loss_scoring_plays_with_either_division_rule() {
    // [14.1.4] "using the 4-plane division rules": 14.0.2's divisions or 15.1's.
    let fifteen = Options {
        division: true,
        loss_scoring: true,
        ..Options::default()
    };
    let g = Skyhawk::setup("campaign1", &fifteen, 1).unwrap();
    assert!(g.flies_in_divisions());
    assert!(g.campaign.as_ref().unwrap().loss_scoring);
    let repairs = Options {
        maintenance: true,
        loss_scoring: true,
        ..Options::default()
    };
    let g = Skyhawk::setup("campaign1", &repairs, 1).unwrap();
    assert!(g.flies_in_divisions() && g.campaign.as_ref().unwrap().loss_scoring);
    let neither = Options {
        loss_scoring: true,
        ..Options::default()
    };
    assert!(Skyhawk::setup("campaign1", &neither, 1).is_err());
    let g = Skyhawk::setup("campaign1", &Options::default(), 1).unwrap();
    assert!(!g.flies_in_divisions());
}

#[test]
fn with_the_rotation_the_flights_fit_todays_pilots() {
    // Without 14.0.2 the 15.2 question stays, but no more flights than today's rotation
    // fills.
    let o = Options {
        rotation: true,
        division: true,
        multiple_flights: true,
        ..Options::default()
    };
    let mut small = None;
    for seed in 0..60 {
        let mut g = Skyhawk::setup("campaign1", &o, seed).unwrap();
        assert_eq!(g.step, Step::ChooseList);
        g.apply(&Action::List(TargetList::Navy)).unwrap();
        assert_eq!(g.step, Step::Division(Ask::Flights));
        let need = g.squadron().unwrap().today.len();
        let most = g.most_flights();
        assert_eq!(usize::from(most), (need / 4).min(4));
        assert_eq!(g.prompt().choices.len(), usize::from(most));
        if most < 4 {
            assert!(
                g.apply(&Action::Division(DivisionAction::Flights(most + 1)))
                    .is_err()
            );
            small = Some(seed);
        }
    }
    assert!(small.is_some());
}

#[test]
fn the_bot_sends_more_divisions_when_they_score() {
    let mut sent = Vec::new();
    for multiple_flights in [false, true] {
        let o = options(|o| o.multiple_flights = multiple_flights);
        let seed = (0..40)
            .find(|&s| Skyhawk::setup("campaign1", &o, s).unwrap().most_divisions() >= 3)
            .unwrap();
        let g = Skyhawk::setup("campaign1", &o, seed).unwrap();
        let Some(Action::Divisions(n)) = bot::HeuristicBot::new(seed).decide(&g) else {
            panic!("the bot chooses the divisions");
        };
        sent.push(n);
    }
    // Unplayed divisions only expose Skyhawks; played ones bomb for points.
    assert_eq!(sent[0], 1);
    assert!(sent[1] >= 2, "{sent:?}");
}

#[test]
fn npc_pilots_earn_an_air_medal_every_tenth_mission() {
    // [15.2] medals for every pilot, kept on the roster; ruling R38: Purple Heart and Air
    // Medal only.
    let o = options(|o| o.rotation = true);
    let mut g = formed(&o, 5, Some(1));
    let slots = roster_slots(&g);
    let every = data().campaigns.air_medal_every;
    g.squadron_mut().roster[slots[0]].missions = every - 1;
    npc(&mut g, 0, 1).status = NpcStatus::Scrubbed;
    g.npc_pilots_after_mission();
    let roster = &g.squadron().unwrap().roster;
    assert_eq!(roster[slots[0]].medals, ["Air Medal"]);
    assert_eq!(roster[slots[1]].missions, 0, "never left the deck");
    assert!(roster[slots[2]].medals.is_empty());
}

#[test]
fn with_the_rotation_alone_lost_skyhawks_leave_the_squadron() {
    // [14.0.3] losses cut the Skyhawks on hand until the replenishment; a division needs
    // four of them [15.1].
    let o = Options {
        rotation: true,
        division: true,
        ..Options::default()
    };
    let mut g = Skyhawk::setup("campaign1", &o, 3).unwrap();
    g.apply(&Action::List(TargetList::Navy)).unwrap();
    g.apply(&Action::Division(DivisionAction::Position(Some(1))))
        .unwrap();
    g.ending = Ending::Lost;
    npc(&mut g, 0, 0).status = NpcStatus::Lost;
    g.repairs_after_mission();
    assert_eq!(g.squadron().unwrap().aircraft.len(), 14);
    // Three Skyhawks left: no division can fly, no flight operations.
    g.squadron_mut().strike_off(11);
    let day = g.campaign.as_ref().unwrap().day;
    assert!(!g.player_flies_today(day));
    assert_eq!(g.squadron().unwrap().need, 0);
}
