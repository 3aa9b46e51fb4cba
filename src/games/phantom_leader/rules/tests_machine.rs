//! The campaign and mission-day machines against the rulebook's procedures and its sample of
//! play (p.22): squadron, Special Options, targets and Politics, the weight budget and the
//! tanker, arming limits, Down Time, aborts, transfers.

use super::content::{Level, TrackKind, data};
use super::mission::short_of_counters;
use super::*;

pub(super) fn pilot(name: &str) -> usize {
    data().pilots.iter().position(|p| p.name == name).unwrap()
}

pub(super) fn weapon(id: &str) -> usize {
    data().weapon_index(id).unwrap()
}

pub(super) fn ok(g: &mut PhantomLeader, a: Action) {
    if let Err(e) = g.apply(&a) {
        panic!("{a:?} refused: {e}");
    }
}

pub(super) fn refused(g: &mut PhantomLeader, a: Action) -> String {
    let before = g.clone();
    let e = g.apply(&a).expect_err("should be refused").to_string();
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

/// The sample's Short Linebacker USN squadron (p.22).
const SAMPLE: [(&str, Level); 8] = [
    ("Griz", Level::Green),
    ("Easy Money", Level::Green),
    ("Pluto", Level::Average),
    ("Firefly", Level::Average),
    ("Gringo", Level::Average),
    ("Whiplash", Level::Average),
    ("Taxi", Level::Skilled),
    ("Buick", Level::Skilled),
];

pub(super) fn sample_campaign(seed: u64) -> PhantomLeader {
    let mut g = PhantomLeader::setup("LB-USN-short", &Options::default(), seed).unwrap();
    for (name, level) in SAMPLE {
        ok(
            &mut g,
            Action::Recruit {
                pilot: pilot(name),
                level,
            },
        );
    }
    g
}

pub(super) fn squad(g: &PhantomLeader, name: &str) -> usize {
    g.squadron
        .iter()
        .position(|p| data().pilots[p.pilot].name == name)
        .unwrap()
}

/// The sample's day: target 8 drawn with 31, chosen; the four pilots assigned.
pub(super) fn sample_mission(seed: u64) -> PhantomLeader {
    let mut g = sample_campaign(seed);
    ok(&mut g, Action::Done);
    // Stack the draw as the sample has it: the first day's cards are #31 and #8.
    g.mission.drawn = vec![31, 8];
    ok(&mut g, Action::Choose(8));
    for name in ["Pluto", "Easy Money", "Gringo", "Buick"] {
        let i = squad(&g, name);
        ok(&mut g, Action::Assign(i));
    }
    ok(&mut g, Action::Done);
    g
}

#[test]
fn the_sample_squadron_and_its_special_options() {
    let g = sample_campaign(1);
    // Linebacker: one Newbie fewer, one Skilled more (p.22): 0/2/4/2.
    assert_eq!(g.composition(), [0, 2, 4, 2, 0, 0]);
    // 15 for the sheet, +3 for the one A-4 (p.6; digest 8.11).
    assert_eq!(g.special_options, 18);
    assert_eq!(g.step, Step::Promotions);
}

#[test]
fn squadron_picks_follow_service_years_names_and_levels() {
    let mut g = PhantomLeader::setup("LB-USN-short", &Options::default(), 2).unwrap();
    let e = refused(
        &mut g,
        Action::Recruit {
            pilot: pilot("Cajun"),
            level: Level::Green,
        },
    );
    assert!(e.contains("other service"), "{e}");
    // The A-3 left service in 1967 (digest 8.1); Linebacker is 1972.
    let e = refused(
        &mut g,
        Action::Recruit {
            pilot: pilot("Whale"),
            level: Level::Green,
        },
    );
    assert!(e.contains("not in service"), "{e}");
    let e = refused(
        &mut g,
        Action::Recruit {
            pilot: pilot("Griz"),
            level: Level::Newbie,
        },
    );
    assert!(e.contains("all its pilots of that level"), "{e}");
    ok(
        &mut g,
        Action::Recruit {
            pilot: pilot("Griz"),
            level: Level::Green,
        },
    );
    let e = refused(
        &mut g,
        Action::Recruit {
            pilot: pilot("Griz"),
            level: Level::Average,
        },
    );
    assert!(e.contains("already"), "{e}");
}

#[test]
fn promotions_cost_6_12_18_and_stop_at_ace() {
    let mut g = sample_campaign(3);
    let buick = squad(&g, "Buick");
    ok(&mut g, Action::Promote(buick));
    assert_eq!(
        (g.squadron[buick].level, g.special_options),
        (Level::Veteran, 12)
    );
    ok(&mut g, Action::Promote(buick));
    assert_eq!(
        (g.squadron[buick].level, g.special_options),
        (Level::Ace, 6)
    );
    let e = refused(&mut g, Action::Promote(buick));
    assert!(e.contains("Ace"), "{e}");
    let medium = PhantomLeader::setup("LB-USN-medium", &Options::default(), 3).unwrap();
    assert_eq!(medium.promotion_cost(), 12);
}

#[test]
fn recon_draws_its_reading_and_politics_limits_and_moves() {
    let mut g = sample_campaign(4);
    ok(&mut g, Action::Done);
    // Recon starts at 2 on the Linebacker sheets (p.22).
    assert_eq!((g.day, g.mission.drawn.len()), (1, 2));
    let before = g.mission.drawn.len();
    ok(&mut g, Action::BuyRecon);
    assert_eq!(g.mission.drawn.len(), before + 2);
    assert_eq!(g.special_options, 16);
    // Politics reads 5 at start: every card is eligible; choosing one moves the counter
    // right by its value.
    g.mission.drawn = vec![48, 8];
    let reading = g.politics();
    ok(&mut g, Action::Choose(48));
    assert_eq!(g.tracks.politics, 5);
    assert!(g.politics() < reading);
    // A card above the reading cannot be chosen.
    let mut h = sample_campaign(4);
    ok(&mut h, Action::Done);
    h.tracks.politics = 10; // reads 1
    h.mission.drawn = vec![48, 8];
    assert_eq!(h.eligible_targets(), vec![8]);
    refused(&mut h, Action::Choose(48));
}

#[test]
fn tracks_never_pass_start_nor_cover_the_last_box() {
    let mut g = sample_campaign(5);
    g.shift(TrackKind::Recon, -3);
    assert_eq!(g.tracks.recon, 0);
    g.shift(TrackKind::Recon, 50);
    let last = g.sheet().recon.len() - 1;
    assert_eq!(usize::from(g.tracks.recon), last);
    assert_eq!(g.recon(), 6);
}

#[test]
fn sites_are_placed_with_angles_for_ranged_approach_sites() {
    let mut g = sample_campaign(6);
    ok(&mut g, Action::Done);
    g.mission.drawn = vec![8];
    ok(&mut g, Action::Choose(8));
    // Minor Bridge: 2 Sites in each Approach area and 2 in the Center (p.8).
    assert_eq!(g.mission.sites.len(), 10);
    let c = data();
    for d in &g.mission.sites {
        let range = c
            .defense(&c.defense_counters[d.counter].site)
            .unwrap()
            .range;
        let wants = d.area != display::Area::C && (1..=2).contains(&range);
        assert_eq!(d.angle.is_some(), wants, "{d:?}");
    }
    assert_eq!(g.defense_cup.len(), 30);
}

#[test]
fn the_weight_budget_shrinks_with_the_region_unless_the_tanker_flies() {
    let mut g = sample_mission(7);
    let sortie = |g: &PhantomLeader, name: &str| {
        g.mission
            .flight
            .iter()
            .position(|s| g.squadron[s.squad].card().name == name)
            .unwrap()
    };
    let pluto = sortie(&g, "Pluto");
    // 5 WP less Route Pack 6B's 2 (p.22-23).
    assert_eq!(g.capacity(pluto), 3);
    for _ in 0..3 {
        ok(
            &mut g,
            Action::Load {
                sortie: pluto,
                weapon: weapon("Mk.82"),
            },
        );
    }
    let e = refused(
        &mut g,
        Action::Load {
            sortie: pluto,
            weapon: weapon("Mk.82"),
        },
    );
    assert!(e.contains("weighs 4 WP") && e.contains("carry 3"), "{e}");
    // The tanker lifts the penalty for 1 SO per aircraft (p.9).
    ok(&mut g, Action::Tanker(true));
    assert_eq!(g.capacity(pluto), 5);
    ok(
        &mut g,
        Action::Load {
            sortie: pluto,
            weapon: weapon("Mk.82"),
        },
    );
    // Giving the tanker up would leave Pluto overweight: refused, with the reason.
    let e = refused(&mut g, Action::Tanker(false));
    assert!(e.contains("Pluto"), "{e}");
    // The sample's loads fit: Buick AIM-7 x2, AIM-9, Gun Pod; Easy Money AGM-45 + Mk.83;
    // Gringo 6 WP of an A-6's 8 - 2.
    let buick = sortie(&g, "Buick");
    for w in ["AIM-7", "AIM-7", "AIM-9", "GunPod"] {
        ok(
            &mut g,
            Action::Load {
                sortie: buick,
                weapon: weapon(w),
            },
        );
    }
    let em = sortie(&g, "Easy Money");
    for w in ["AGM-45", "Mk.83"] {
        ok(
            &mut g,
            Action::Load {
                sortie: em,
                weapon: weapon(w),
            },
        );
    }
    let gringo = sortie(&g, "Gringo");
    for w in ["Mk.82", "Mk.82", "Mk.82", "Mk.82", "CBU", "Rockets"] {
        ok(
            &mut g,
            Action::Load {
                sortie: gringo,
                weapon: weapon(w),
            },
        );
    }
    assert_eq!(g.load_wp(gringo), 6);
    let so = g.special_options;
    ok(&mut g, Action::Done);
    assert_eq!(
        so - g.special_options,
        4,
        "the tanker for four aircraft, no special weapon"
    );
}

#[test]
fn arming_limits_pods_lists_specials_and_counters() {
    let mut g = sample_mission(8);
    let buick = g
        .mission
        .flight
        .iter()
        .position(|s| g.squadron[s.squad].card().name == "Buick")
        .unwrap();
    let pluto = g
        .mission
        .flight
        .iter()
        .position(|s| g.squadron[s.squad].card().name == "Pluto")
        .unwrap();
    ok(
        &mut g,
        Action::Load {
            sortie: buick,
            weapon: weapon("ECM"),
        },
    );
    let e = refused(
        &mut g,
        Action::Load {
            sortie: buick,
            weapon: weapon("ECM"),
        },
    );
    assert!(e.contains("At most one ECM"), "{e}");
    // The A-4 has its cannons: no Gun Pod (p.9).
    let e = refused(
        &mut g,
        Action::Load {
            sortie: pluto,
            weapon: weapon("GunPod"),
        },
    );
    assert!(
        e.contains("without a usable gun") || e.contains("cannot carry"),
        "{e}"
    );
    // The F-4 (USN) list has no AGM-45.
    let e = refused(
        &mut g,
        Action::Load {
            sortie: buick,
            weapon: weapon("AGM-45"),
        },
    );
    assert!(e.contains("cannot carry"), "{e}");
    // A special weapon costs 1 SO per WP (p.6, p.9): a Walleye (2 WP) on Pluto.
    ok(
        &mut g,
        Action::Load {
            sortie: pluto,
            weapon: weapon("AGM-62"),
        },
    );
    assert_eq!(g.arming_cost(&g.mission.flight, false), 2);
    // The counters limit the loads: 18 counters carry AIM-9s, 19 cannot be had.
    let mut demand = vec![0u32; data().weapons.len()];
    demand[weapon("AIM-9")] = 18;
    assert_eq!(short_of_counters(&demand), None);
    demand[weapon("AIM-9")] = 19;
    assert_eq!(short_of_counters(&demand), Some(weapon("AIM-9")));
    // Both sides of the AIM-7/AIM-9 counters: 10 AIM-7s leave 8 for AIM-9s and AIM-4s.
    demand[weapon("AIM-9")] = 8;
    demand[weapon("AIM-7")] = 10;
    demand[weapon("AIM-4")] = 1;
    assert!(short_of_counters(&demand).is_some());
}

#[test]
fn one_more_counter_is_judged_as_the_whole_demand_would_be() {
    // The arming prompt asks the counters' slack for one more counter of each weapon
    // instead of Hall's condition over the whole demand again: both must agree, on demands
    // near the counters' limits (seeded, many types at once, some already short).
    use super::mission::Slack;
    let c = data();
    let n = c.weapons.len();
    let mut rng = crate::engine::rng::Rng::seeded(15);
    let stocked: Vec<usize> = (0..n)
        .filter(|&w| c.weapon_counters.iter().any(|k| k.sides.contains(w)))
        .collect();
    let (mut short, mut fits) = (0, 0);
    for _ in 0..400 {
        let mut demand = vec![0u32; n];
        for _ in 0..1 + rng.index(5) {
            demand[stocked[rng.index(stocked.len())]] += 1 + rng.index(12) as u32;
        }
        let slack = Slack::of(&demand);
        for w in 0..n {
            let mut more = demand.clone();
            more[w] += 1;
            let whole = short_of_counters(&more).is_none();
            assert_eq!(slack.takes_one_more(w), whole, "{demand:?} + weapon {w}");
            if whole { fits += 1 } else { short += 1 }
        }
    }
    assert!(short > 100 && fits > 100, "{short} short, {fits} fit");
}

#[test]
fn the_loads_offered_are_exactly_those_the_arming_rules_allow() {
    // The prompt works the flight's other aircraft, counters and cost out once; asking the
    // rules of each aircraft and weapon in turn must give the same list, at every arming
    // step of bot and random campaigns on every Short sheet.
    use crate::engine::bot::{Bot, RandomBot};
    let mut steps = 0;
    for (k, scenario) in PhantomLeader::scenarios()
        .iter()
        .filter(|s| s.id.ends_with("-short"))
        .enumerate()
    {
        let seed = 40 + k as u64;
        let mut g = PhantomLeader::setup(scenario.id, &Options::default(), seed).unwrap();
        let mut bot: Box<dyn Bot<PhantomLeader>> = if k % 2 == 0 {
            Box::new(super::bot::HeuristicBot::new(seed))
        } else {
            Box::new(RandomBot::new(seed))
        };
        while g.step != Step::Over && g.day <= 3 {
            if g.step == Step::Arm {
                steps += 1;
                let mut want = Vec::new();
                for i in 0..g.mission.flight.len() {
                    for w in 0..data().weapons.len() {
                        if g.load_refusal(i, w).is_none() {
                            want.push((i, w));
                        }
                    }
                }
                assert_eq!(g.legal_loads(), want, "{} day {}", scenario.id, g.day);
            }
            let actions = g.legal_actions();
            let a = bot.choose(&g, &actions);
            g.apply(&a).unwrap();
        }
    }
    assert!(steps > 20, "only {steps} arming steps");
}

#[test]
fn a_usaf_f4_takes_a_gun_pod_only_before_1967() {
    let wits = PhantomLeader::setup("WitS-USAF-short", &Options::default(), 9).unwrap();
    let rt = PhantomLeader::setup("RT-USAF-short", &Options::default(), 9).unwrap();
    let f4 = data().aircraft_type("F-4_USAF").unwrap();
    assert!(!f4.has_gun(wits.year()));
    assert!(f4.has_gun(rt.year()));
}

#[test]
fn down_time_moves_the_tracks_and_rests_the_squadron() {
    let mut g = sample_campaign(10);
    ok(&mut g, Action::Done);
    g.tracks = Tracks {
        recon: 3,
        intel: 3,
        politics: 3,
    };
    let buick = squad(&g, "Taxi");
    g.squadron[buick].stress = 6;
    ok(&mut g, Action::StandDown);
    // Recon and Intel 1 left; Politics 1 left for Down Time and 1 more at debrief.
    assert_eq!(
        g.tracks,
        Tracks {
            recon: 2,
            intel: 2,
            politics: 1
        }
    );
    // A Skilled Balanced A-7 pilot: Cool 1, +2 for not flying (p.4).
    assert_eq!(g.squadron[buick].stress, 3);
    assert_eq!(g.day, 1);
    if g.step == Step::Rest {
        ok(&mut g, Action::Rest(false));
    }
    assert_eq!((g.day, g.step.clone()), (2, Step::Target));
    assert_eq!(g.days.len(), 1);
    assert_eq!(g.days[0].target, None);
}

#[test]
fn a_campaign_of_down_time_ends_with_no_vp() {
    let mut g = sample_campaign(11);
    ok(&mut g, Action::Done);
    for _ in 0..4 {
        ok(&mut g, Action::StandDown);
        if g.step == Step::Rest {
            ok(&mut g, Action::Rest(false));
        }
    }
    assert_eq!(g.step, Step::Over);
    assert_eq!(g.days.len(), 4);
    let o = g.outcome().unwrap();
    assert_eq!((o.points, o.verdict), (Some(0), Verdict::Loss));
    assert_eq!(g.outcome_name(), "Dismal");
}

#[test]
fn everyone_aborting_scores_the_undamaged_row_with_stress_and_no_xp() {
    let mut g = sample_mission(12);
    g.events = crate::engine::deck::Deck::stacked(vec![21]); // "Clear Skies": nothing happens
    ok(&mut g, Action::Done);
    assert_eq!(g.step, Step::Abort);
    let flight: Vec<usize> = g.mission.flight.iter().map(|s| s.squad).collect();
    let before: Vec<u8> = flight.iter().map(|&i| g.squadron[i].stress).collect();
    let xp: Vec<u8> = flight.iter().map(|&i| g.squadron[i].xp).collect();
    for i in 0..flight.len() {
        ok(&mut g, Action::Abort(i));
    }
    ok(&mut g, Action::Done);
    if g.step == Step::Rest {
        ok(&mut g, Action::Rest(false));
    }
    if g.step == Step::Transfer {
        ok(&mut g, Action::Done);
    }
    // Minor Bridge undamaged: 0 VP, back to the discards; 3 Stress for Route Pack 6B and no
    // Cool for the four sample faces; aborted pilots gain no XP (p.9).
    assert_eq!(g.vp, 0);
    assert_eq!(g.days[0].result, Some(content::Damage::Undamaged));
    assert!(g.targets.discard_pile().contains(&8));
    for (k, &i) in flight.iter().enumerate() {
        assert_eq!(
            g.squadron[i].stress,
            before[k] + 3,
            "{}",
            g.squadron[i].card().name
        );
        assert_eq!(g.squadron[i].xp, xp[k]);
    }
    assert_eq!(g.day, 2);
}

#[test]
fn transfers_cost_squadron_stress_and_bring_a_replacement_one_level_lower() {
    let mut g = sample_campaign(13);
    ok(&mut g, Action::Done);
    let buick = squad(&g, "Buick");
    g.squadron[buick].stress = 10;
    ok(&mut g, Action::StandDown);
    if g.step == Step::Rest {
        ok(&mut g, Action::Rest(false));
    }
    assert_eq!(g.step, Step::Transfer);
    let others: Vec<u8> = g.squadron.iter().map(|p| p.stress).collect();
    ok(&mut g, Action::Transfer(buick));
    assert_eq!(g.squadron[buick].duty, Duty::Transferred);
    // A Skilled pilot transferred: +1 Stress to every other pilot (p.16).
    for (i, p) in g.squadron.iter().enumerate().take(8) {
        if i != buick {
            assert_eq!(p.stress, others[i] + 1);
        }
    }
    let new = g.squadron.last().unwrap();
    assert_eq!(new.level, Level::Average);
    assert_eq!(data().pilots[new.pilot].aircraft, "F-4_USN");
    assert_eq!((new.stress, new.xp), (0, 0));
}

/// RULING on D10: once every name of the service and year has served, the name of a pilot
/// transferred away comes back as a new pilot, never a missing one's; the squadron does not empty (the 10,000-campaign sweep
/// found a Long Linebacker campaign that lost them all).
#[test]
fn when_every_name_has_served_a_departed_name_returns_as_the_replacement() {
    let mut g = sample_campaign(13);
    let c = data();
    let (service, year) = (g.sheet().service, g.year());
    let active: Vec<usize> = g.squadron.iter().map(|p| p.pilot).collect();
    for i in 0..c.pilots.len() {
        let a = c.pilot_aircraft(i);
        if a.service == service && a.in_service(year) && !active.contains(&i) {
            let mut gone = g.squadron[0].clone();
            gone.pilot = i;
            // Transferred away; the last of them missing, whose name must not come back.
            gone.duty = Duty::Transferred;
            g.squadron.push(gone);
        }
    }
    let missing = g.squadron.len() - 1;
    g.squadron[missing].duty = Duty::Missing;
    let before = g.squadron.len();
    let buick = squad(&g, "Buick");
    g.lose(buick, Duty::Transferred);
    assert_eq!(g.squadron.len(), before + 1, "a replacement arrives");
    let new = g.squadron.last().unwrap();
    assert_eq!(new.duty, Duty::Active);
    assert!(
        g.squadron[..before]
            .iter()
            .any(|p| p.pilot == new.pilot && p.duty != Duty::Active),
        "the replacement bears a name that left"
    );
    assert_ne!(
        new.pilot, g.squadron[missing].pilot,
        "not a missing pilot's name"
    );
    assert!(
        g.squadron[..before]
            .iter()
            .any(|p| p.pilot == new.pilot && p.duty == Duty::Transferred),
        "a name transferred away"
    );
    let mut names: Vec<usize> = g
        .squadron
        .iter()
        .filter(|p| p.duty == Duty::Active)
        .map(|p| p.pilot)
        .collect();
    let active = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), active, "no name twice among the active pilots");
}

#[test]
fn setup_refuses_bad_scenarios_and_options() {
    assert!(PhantomLeader::setup("LB-USN-forever", &Options::default(), 1).is_err());
    assert!(PhantomLeader::setup("XX-USN-short", &Options::default(), 1).is_err());
    let early = Options {
        early_aim9: true,
        ..Options::default()
    };
    assert!(
        PhantomLeader::setup("LB-USN-short", &early, 1).is_err(),
        "Linebacker is after 1968"
    );
    let g = PhantomLeader::setup("RT-USN-short", &early, 1).unwrap();
    assert_eq!(g.special_options, 12 + 3);
    let mixed = Options {
        adjustments: vec!["extra_stress".into(), "less_stress".into()],
        ..Options::default()
    };
    assert!(PhantomLeader::setup("RT-USN-short", &mixed, 1).is_err());
    let reduced = Options {
        adjustments: vec!["reduced_options".into()],
        ..Options::default()
    };
    assert_eq!(
        PhantomLeader::setup("RT-USN-long", &reduced, 1)
            .unwrap()
            .special_options,
        36 - 9
    );
    assert_eq!(PhantomLeader::scenarios().len(), 24);
}

fn die(g: &mut PhantomLeader, faces: &[u8]) {
    for &f in faces {
        g.rng
            .arrange(crate::engine::arranged::Arranged::D10(f % 10));
    }
}

/// A sortie of the sample's day shot down in `phase`, and its SAR roll made with `face`.
fn sar(phase: content::Phase, face: u8, discard: Option<(&str, &str)>) -> (PhantomLeader, usize) {
    let mut g = sample_mission(30);
    let buick = squad(&g, "Buick");
    let s = g
        .mission
        .flight
        .iter()
        .position(|x| x.squad == buick)
        .unwrap();
    let gringo = squad(&g, "Gringo");
    let k = g
        .mission
        .flight
        .iter()
        .position(|x| x.squad == gringo)
        .unwrap();
    ok(
        &mut g,
        Action::Load {
            sortie: k,
            weapon: weapon("Mk.82"),
        },
    );
    g.mission.flight[s].fate = Fate::Down(phase);
    g.mission.home = true;
    g.next_rescue();
    assert!(matches!(g.step, Step::Sar { .. }), "{:?}", g.step);
    if let Some((name, w)) = discard {
        let i = squad(&g, name);
        let k = g.mission.flight.iter().position(|x| x.squad == i).unwrap();
        ok(
            &mut g,
            Action::SarDiscard {
                sortie: k,
                weapon: weapon(w),
            },
        );
    }
    die(&mut g, &[face]);
    ok(&mut g, Action::SarRoll);
    (g, buick)
}

#[test]
fn sar_table_9_up_quick_6_to_8_under_fire_5_down_missing_with_its_modifiers() {
    use content::Phase::*;
    // Route Pack 6B's −2 WP penalty comes off every roll (p.14; A-19).
    let result = |phase, face, discard| {
        let (g, buick) = sar(phase, face, discard);
        g.mission
            .rescued
            .iter()
            .find(|r| r.0 == buick)
            .map(|r| r.1)
            .expect("a SAR result")
    };
    assert_eq!(
        result(OverTarget, 10, None),
        Some(5),
        "10 − 2 = 8: under fire, 5 Stress"
    );
    assert_eq!(result(OverTarget, 9, None), Some(5));
    assert_eq!(result(OverTarget, 8, None), Some(5), "8 − 2 = 6");
    assert_eq!(result(OverTarget, 7, None), None, "7 − 2 = 5: Missing");
    // +2 when shot down Target-Bound, +1 Home-Bound.
    assert_eq!(
        result(TargetBound, 9, None),
        Some(3),
        "9 − 2 + 2 = 9: quick, 3 Stress"
    );
    assert_eq!(result(HomeBound, 10, None), Some(3), "10 − 2 + 1 = 9");
    assert_eq!(result(HomeBound, 6, None), None, "6 − 2 + 1 = 5: Missing");
}

#[test]
fn sar_discarded_atg_weight_adds_to_the_roll() {
    use content::Phase::*;
    let wp = data().weapons[weapon("Mk.82")].wp;
    let (g, buick) = sar(OverTarget, 7, Some(("Gringo", "Mk.82")));
    let got = g.mission.rescued.iter().find(|r| r.0 == buick).unwrap().1;
    // 7 − 2 + WP of the Mk.82.
    let total = 7 - 2 + i32::from(wp);
    let want = if total >= 9 {
        Some(3)
    } else if total >= 6 {
        Some(5)
    } else {
        None
    };
    assert_eq!(got, want, "Mk.82 weighs {wp}");
    let i = squad(&g, "Gringo");
    let k = g.mission.flight.iter().position(|x| x.squad == i).unwrap();
    assert!(
        !g.mission.flight[k].load.contains(&weapon("Mk.82")),
        "the counter is gone"
    );
}

#[test]
fn promotion_at_the_experience_number_keeps_the_excess_and_the_stress() {
    // D11–D12 (p.16; A-22): +1 XP for flying, +1 more for a Destroyed target with no loss.
    let mut g = sample_mission(31);
    let pluto = squad(&g, "Pluto");
    let need = g.squadron[pluto].card().experience.unwrap();
    g.squadron[pluto].xp = need - 1;
    g.squadron[pluto].stress = 4;
    g.mission.hits = 6; // the Minor Bridge Destroyed
    g.finish_debrief();
    let p = &g.squadron[pluto];
    assert_eq!(p.level, Level::Skilled);
    assert_eq!((p.xp, p.stress, p.promotions), (1, 4, 1));
    // A loss in any phase voids the bonus, even a pilot SAR brings back.
    let mut g = sample_mission(32);
    let gringo = squad(&g, "Gringo");
    let need = g.squadron[gringo].card().experience.unwrap();
    g.squadron[gringo].xp = need - 1;
    g.mission.hits = 6;
    g.mission.flight[0].fate = Fate::Down(content::Phase::HomeBound);
    g.finish_debrief();
    assert_eq!(g.squadron[gringo].level, Level::Skilled);
    assert_eq!(g.squadron[gringo].xp, 0, "only the 1 XP for flying");
}

#[test]
fn victory_levels_of_the_short_linebacker_navy_chart() {
    // 11 VP over a Short Linebacker USN campaign is Adequate (p.15); the other tiers are the
    // reconstructed chart (digest 8.2): Poor 4, Adequate 8, Good 12, Great 14.
    let mut g = sample_campaign(33);
    for (vp, name) in [
        (3, "Dismal"),
        (4, "Poor"),
        (8, "Adequate"),
        (11, "Adequate"),
        (12, "Good"),
        (14, "Great"),
    ] {
        g.vp = vp;
        assert_eq!(g.outcome_name(), name, "{vp} VP");
    }
}

#[test]
fn random_squadron_draws_each_level_for_its_special_options() {
    let o = Options {
        random_squadron: true,
        ..Options::default()
    };
    let play = |seed| {
        let mut g = PhantomLeader::setup("LB-USN-short", &o, seed).unwrap();
        // 15 on the sheet, 6 for the option (p.17).
        assert_eq!(g.special_options, 15 + 6);
        while g.step == Step::Squadron {
            let choices: Vec<Action> = g.prompt().choices.into_iter().map(|c| c.action).collect();
            assert!(
                choices.iter().all(|a| matches!(a, Action::Draw(_))),
                "{choices:?}"
            );
            assert!(
                !choices.contains(&Action::Draw(Level::Newbie)),
                "Linebacker: no Newbie"
            );
            let a = choices[0].clone();
            ok(&mut g, a);
        }
        g
    };
    let g = play(40);
    assert_eq!(g.step, Step::Promotions);
    let mut have = [0u8; 6];
    for p in &g.squadron {
        have[p.level.index()] += 1;
    }
    assert_eq!(have, g.composition());
    assert!(g.special_options >= 0);
    assert_eq!(g.squadron, play(40).squadron, "same seed, same draws");
    assert!(
        (41..60).any(|s| play(s).squadron != g.squadron),
        "the draws are random"
    );
}

#[test]
fn linked_campaigns_carry_the_squadron_and_charge_6_per_promotion() {
    let o = Options {
        random_squadron: true,
        linked: true,
        ..Options::default()
    };
    let mut g = PhantomLeader::setup("CMC-USN-short", &o, 50).unwrap();
    while g.step == Step::Squadron {
        let a = g.prompt().choices[0].action.clone();
        ok(&mut g, a);
    }
    ok(&mut g, Action::Done);
    // Three pilots whose aircraft still serve in 1965: two promoted, one Missing.
    let keep: Vec<usize> = (0..g.squadron.len())
        .filter(|&i| data().pilot_aircraft(g.squadron[i].pilot).in_service(1965))
        .collect();
    assert!(keep.len() >= 3);
    g.squadron[keep[0]].promotions = 1;
    g.squadron[keep[1]].promotions = 2;
    g.squadron[keep[2]].duty = Duty::Missing;
    let names: Vec<usize> = g.squadron.iter().map(|p| p.pilot).collect();
    let (first, second) = (names[keep[0]], names[keep[1]]);
    g.vp = 9;
    g.day = g.days_total();
    g.next_day();
    let next = data().sheet(&g.sheet).unwrap();
    assert_eq!(next.year, 1965, "Cuba is followed by War in the South");
    assert_eq!(g.chain.len(), 1);
    assert_eq!((g.chain[0].sheet.as_str(), g.chain[0].vp), ("CMC-USN", 9));
    assert_eq!((g.day, g.vp), (0, 0));
    // The Missing pilot stays behind; the two promoted pilots are asked for in turn.
    assert!(g.squadron.len() <= 7);
    assert!(
        g.squadron
            .iter()
            .all(|p| p.stress == 0 && p.duty == Duty::Active)
    );
    let at = |g: &PhantomLeader, pilot| g.squadron.iter().position(|p| p.pilot == pilot).unwrap();
    assert_eq!(
        g.step,
        Step::Carry {
            squad: at(&g, first)
        }
    );
    let so = g.special_options;
    ok(&mut g, Action::Carry(true));
    assert_eq!(g.special_options, so - 6);
    assert_eq!(g.squadron[at(&g, first)].promotions, 0);
    let b = at(&g, second);
    assert_eq!(g.step, Step::Carry { squad: b });
    ok(&mut g, Action::Carry(false));
    assert_eq!(g.squadron[b].level, Level::Green);
    assert!(!names.contains(&g.squadron[b].pilot), "a new pilot");
    // One short of eight: the squadron is filled (by a draw under Random Squadron).
    assert_eq!(g.step, Step::Squadron);
    while g.step == Step::Squadron {
        let a = g.prompt().choices[0].action.clone();
        ok(&mut g, a);
    }
    assert_eq!(g.squadron.len(), 8);
    assert_eq!(g.step, Step::Promotions);
    assert!(g.special_options >= 0);
}

#[test]
fn a_16_awacs_off_display_keeps_the_e2_off_the_tactical_display() {
    let e2 = data()
        .pilots
        .iter()
        .position(|p| p.aircraft == "E-2")
        .unwrap();
    let placed = |off: bool| {
        let mut g = sample_campaign(60);
        g.options.awacs_off_display = off;
        g.squadron.push(Pilot {
            pilot: e2,
            level: Level::Average,
            stress: 0,
            xp: 0,
            duty: Duty::Active,
            promotions: 0,
            replaced_by: None,
        });
        let hawkeye = g.squadron.len() - 1;
        ok(&mut g, Action::Done);
        g.mission.drawn = vec![31, 8];
        ok(&mut g, Action::Choose(8));
        for name in ["Pluto", "Easy Money", "Gringo", "Buick"] {
            let i = squad(&g, name);
            ok(&mut g, Action::Assign(i));
        }
        ok(&mut g, Action::Assign(hawkeye));
        ok(&mut g, Action::Done);
        g.events = crate::engine::deck::Deck::stacked(vec![19, 2, 21]);
        ok(&mut g, Action::Done);
        let mut places = 0;
        for _ in 0..60 {
            if matches!(
                g.step,
                Step::FastRoll | Step::Jettison | Step::Attacks { .. }
            ) {
                break;
            }
            if g.step == Step::Place {
                places += 1;
            }
            let choices = g.prompt().choices;
            let a = choices
                .iter()
                .find(|c| c.action == Action::Done)
                .unwrap_or(&choices[0])
                .action
                .clone();
            ok(&mut g, a);
        }
        let s = g
            .mission
            .flight
            .iter()
            .position(|x| x.squad == hawkeye)
            .unwrap();
        (g, s, places)
    };
    let (g, s, places) = placed(true);
    assert_eq!(places, 4, "the E-2 is not placed");
    assert_eq!(g.mission.flight[s].pos, None);
    assert_eq!(g.mission.flight[s].fate, Fate::Flying);
    assert!(g.mission.on_display().all(|i| i != s));
    // It still directs a Slow pilot from off the display (p.20).
    assert!(
        g.fast_rolls().iter().any(|&(by, _)| by == s),
        "{:?}",
        g.step
    );
    let (g, s, places) = placed(false);
    assert_eq!(places, 5, "every aircraft is placed (p.9)");
    assert!(g.mission.flight[s].pos.is_some());
}

/// A random campaign (conformance, seed 11) reached a day whose pilots were all Unfit after its
/// target was chosen: the day can only be Down Time, and the target goes back unflown.
#[test]
fn a_day_with_no_pilot_fit_to_fly_is_down_time() {
    let mut g = sample_campaign(10);
    ok(&mut g, Action::Done);
    g.mission.drawn = vec![31, 8];
    ok(&mut g, Action::Choose(8));
    assert_eq!(g.step, Step::Assign);
    assert!(!g.legal_actions().contains(&Action::StandDown));
    for p in &mut g.squadron {
        p.stress = 30;
    }
    assert_eq!(g.legal_actions(), vec![Action::StandDown]);
    let politics = g.tracks.politics;
    ok(&mut g, Action::StandDown);
    assert_ne!(g.step, Step::Assign);
    assert_eq!(g.mission.target, None);
    assert!(g.tracks.politics <= politics);
}
