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
