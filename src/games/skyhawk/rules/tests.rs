//! Rules tests on hand-set positions.

use super::content::{Altitude, NvBoxKind, PylonId, TargetList, TargetType, Weapon};
use super::cycle::Slot;
use super::loadout::{Loadout, Store, Tanks};
use super::mission::table12_column;
use super::tables::rolled_table;
use super::*;
use crate::engine::game::Verdict;

/// A mission set up against a target of `kind` in route package 1, ready to fly.
fn flying(kind: TargetType, seed: u64) -> Skyhawk {
    let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
    g.list = Some(TargetList::Macv);
    g.target = Some(Target {
        list: TargetList::Macv,
        number: 0,
        name: "Test target".into(),
        route_package: "1".into(),
        kind,
        flags: Vec::new(),
    });
    g.step = Step::Altitude(MapBox::TargetApproach);
    g.at = MapBox::TargetApproach;
    g
}

fn load(g: &mut Skyhawk, stations: [Option<Store>; 5]) {
    g.loadout = Loadout {
        stations,
        tanks: Tanks::default(),
    };
}

fn run(percent: i32, on_target: bool) -> Run {
    Run {
        group: Group {
            weapon: Weapon::Mk82,
            mode: None,
        },
        altitude: Altitude::Medium,
        on_target,
        percent,
    }
}

#[test]
fn percentages_cap_at_100_but_points_do_not() {
    // [6.2.2]: 55 + 45 + 5 + 30 → target destroyed, 135 points.
    let mut g = flying(TargetType::Building, 1);
    g.runs = vec![run(55, true), run(45, true), run(5, false), run(30, true)];
    assert_eq!(g.percent(), 100);
    assert_eq!(g.points(), 135);
    assert_eq!(g.on_target_points(), 130);
}

#[test]
fn single_mission_winner() {
    let mut g = flying(TargetType::Building, 1);
    g.step = Step::End;
    g.ending = Ending::Trapped;
    g.runs = vec![run(5, false)];
    assert_eq!(g.mission_verdict(), Verdict::Win);
    g.runs.clear();
    assert_eq!(g.mission_verdict(), Verdict::Draw, "no damage, no victory");
    g.runs = vec![run(40, true)];
    g.ending = Ending::Mishap;
    assert_eq!(
        g.mission_verdict(),
        Verdict::Draw,
        "a mishap is not a successful trap"
    );
    g.ending = Ending::Lost;
    g.fate = PilotFate::Rescued;
    assert_eq!(g.mission_verdict(), Verdict::Draw);
    g.fate = PilotFate::Pow;
    assert_eq!(g.mission_verdict(), Verdict::Loss);
}

#[test]
fn shot_down_rules() {
    // Nose and cockpit never count [5.6].
    let mut d = Damage {
        sections: [2, 2, 4, 3, 3, 3, 2],
        ..Damage::default()
    };
    assert!(!d.shot_down(false));
    d.sections[6] = 3;
    assert!(d.shot_down(false));
    let mut d = Damage {
        subsystems: [2, 3, 2, 2, 0, 0, 0, 0],
        ..Damage::default()
    };
    assert!(!d.shot_down(false), "four destroyed sub-systems never kill");
    d.subsystems[4] = 2;
    assert!(d.shot_down(false));
    // Pylons and cannons are not sub-systems.
    let d = Damage {
        pylons: [true; 5],
        cannons: [true; 2],
        ..Damage::default()
    };
    assert!(!d.shot_down(false));
}

#[test]
fn cockpit_or_oxygen_keeps_the_skyhawk_low() {
    let mut g = flying(TargetType::Bridge, 1);
    assert_eq!(g.allowed_altitudes().len(), 3);
    g.damage.subsystems[SubSystem::Oxygen as usize] = 2;
    assert_eq!(g.allowed_altitudes(), &[Altitude::Low]);
    assert!(g.apply(&Action::Altitude(Altitude::High)).is_err());
}

#[test]
fn who_can_fire_at_which_altitude() {
    assert_eq!(table12_column(NvBoxKind::Sa, Altitude::Low), Some("sa_low"));
    assert_eq!(table12_column(NvBoxKind::Sa, Altitude::Medium), None);
    assert_eq!(table12_column(NvBoxKind::Sam, Altitude::Low), None);
    assert_eq!(
        table12_column(NvBoxKind::Sam, Altitude::High),
        Some("sam_high")
    );
    assert_eq!(
        table12_column(NvBoxKind::Mig, Altitude::Low),
        Some("mig_low")
    );
}

#[test]
fn weapon_altitudes() {
    let mut g = flying(TargetType::Airfield, 1);
    load(
        &mut g,
        [
            Some(Store::single(Weapon::Lau3)),
            Some(Store::clusters(Weapon::Mk82SnakeEye, 1)),
            None,
            Some(Store::clusters(Weapon::Mk82SnakeEye, 1)),
            Some(Store::single(Weapon::Lau3)),
        ],
    );
    let choices = g.attack_choices();
    let rockets = Group {
        weapon: Weapon::Lau3,
        mode: None,
    };
    let drag = Group {
        weapon: Weapon::Mk82SnakeEye,
        mode: Some(SnakeMode::Drag),
    };
    let slick = Group {
        weapon: Weapon::Mk82SnakeEye,
        mode: Some(SnakeMode::Slick),
    };
    let guns = Group {
        weapon: Weapon::Cannon,
        mode: None,
    };
    assert!(choices.contains(&(Altitude::Low, Some(rockets))));
    assert!(!choices.contains(&(Altitude::Medium, Some(rockets))));
    assert!(choices.contains(&(Altitude::Low, Some(drag))));
    assert!(!choices.contains(&(Altitude::High, Some(drag))));
    assert!(choices.contains(&(Altitude::High, Some(slick))));
    assert!(choices.contains(&(Altitude::Low, Some(guns))));
    assert!(!choices.contains(&(Altitude::Medium, Some(guns))));
}

#[test]
fn nothing_usable_means_no_run() {
    // R62: restricted to Low with only Bullpups left (and no ammunition).
    let mut g = flying(TargetType::Bridge, 1);
    load(
        &mut g,
        [
            None,
            Some(Store::single(Weapon::Agm12b)),
            None,
            Some(Store::single(Weapon::Agm12b)),
            None,
        ],
    );
    g.ammo = [0, 0];
    g.damage.sections[Section::Cockpit as usize] = 2;
    assert_eq!(g.attack_choices(), vec![(Altitude::Low, None)]);
    assert!(!g.any_usable_group());
}

#[test]
fn a_salvo_releases_every_bomb_of_the_type_a_missile_goes_alone() {
    let mut g = flying(TargetType::Building, 7);
    load(
        &mut g,
        [
            Some(Store::single(Weapon::Agm12b)),
            Some(Store::clusters(Weapon::Mk82, 1)),
            Some(Store::clusters(Weapon::Mk82, 2)),
            Some(Store::clusters(Weapon::Mk82, 1)),
            Some(Store::single(Weapon::Agm12b)),
        ],
    );
    g.altitude = Altitude::Medium;
    g.declared = Some(Group {
        weapon: Weapon::Mk82,
        mode: None,
    });
    g.attack_run();
    assert_eq!(g.runs.len(), 1);
    assert!(g.loadout.stations[1..4].iter().all(Option::is_none));
    let t16 = g
        .log
        .entries()
        .iter()
        .rev()
        .find(|e| e.message.english().starts_with("Table 16"))
        .unwrap();
    assert!(
        t16.english().contains("+4 3-bomb clusters released"),
        "{}",
        t16.english()
    );
    g.declared = Some(Group {
        weapon: Weapon::Agm12b,
        mode: None,
    });
    g.attack_run();
    assert_eq!(g.runs.len(), 2);
    assert_eq!(
        g.loadout.stations.iter().flatten().count(),
        1,
        "one Bullpup per run"
    );
}

#[test]
fn a_shrike_misses_a_silent_sam_site() {
    let mut g = flying(TargetType::SamSite, 3);
    load(
        &mut g,
        [
            Some(Store::single(Weapon::Agm45)),
            None,
            None,
            None,
            Some(Store::single(Weapon::Agm45)),
        ],
    );
    g.altitude = Altitude::High;
    g.target_sam.radar_on = false;
    g.declared = Some(Group {
        weapon: Weapon::Agm45,
        mode: None,
    });
    g.attack_run();
    assert_eq!(g.runs[0].percent, 0);
    assert!(!g.runs[0].on_target);
}

#[test]
fn double_suppression_knocks_a_box_out_after_it_fires() {
    let mut g = flying(TargetType::Bridge, 11);
    g.nv[NvBoxKind::Aaa.index()].suppressed = 2;
    g.altitude = Altitude::High;
    g.start_cycle(MapBox::TargetApproach);
    let fired = g
        .log
        .entries()
        .iter()
        .any(|e| e.message.english().contains("[AAA High]"));
    assert!(fired, "the box still fires, at -2");
    assert!(g.nv(NvBoxKind::Aaa).out);
}

#[test]
fn migs_busy_with_a_fighter_leave_the_skyhawk_alone() {
    for seed in 0..30 {
        let mut g = flying(TargetType::Bridge, seed);
        let f4 = data().support.iter().position(|s| s.id == "f4b").unwrap();
        g.units.push(Unit {
            kind: f4,
            status: UnitStatus::Ready,
        });
        g.altitude = Altitude::High;
        g.start_cycle(MapBox::TargetApproach);
        // The F-4B may go to the MiGs or the AAA: send it at the MiGs.
        if g.unit_to_place() == Some(0) {
            g.apply(&Action::Place {
                unit: 0,
                slot: Some(Slot::Nv(NvBoxKind::Mig)),
            })
            .unwrap();
        }
        let at_skyhawk = g
            .log
            .entries()
            .iter()
            .any(|e| e.message.english().contains("[mig_high]"));
        assert!(!at_skyhawk, "seed {seed}");
    }
}

#[test]
fn a_tank_pylon_hit_calls_a_fuel_check() {
    let mut g = flying(TargetType::Bridge, 5);
    g.loadout.tanks = Tanks {
        centerline: 300,
        inboard: 0,
    };
    g.at = MapBox::TargetAttack;
    g.damage_effect("pylon_cl");
    assert!(g.damage.pylons[PylonId::CL.index()]);
    assert!(g.damage.tank_pylon_lost);
    let last_check = g
        .log
        .entries()
        .iter()
        .any(|e| e.message.english().starts_with("Table 7 [Re-attack]"));
    assert!(last_check);
}

#[test]
fn a_pylon_hit_loses_its_stores() {
    let mut g = flying(TargetType::Bridge, 5);
    load(
        &mut g,
        [
            None,
            Some(Store::single(Weapon::Mk84)),
            None,
            Some(Store::single(Weapon::Mk84)),
            None,
        ],
    );
    g.damage_effect("pylon_li");
    assert_eq!(g.loadout.store(PylonId::LI), None);
    assert_eq!(
        g.loadout.store(PylonId::RI),
        Some(Store::single(Weapon::Mk84))
    );
    g.damage_effect("cannon_left");
    assert_eq!(g.ammo[0], 0);
    assert_eq!(g.damage.working_cannons(), 1);
}

#[test]
fn the_third_wound_kills() {
    let mut g = flying(TargetType::Bridge, 5);
    g.wound("5.10");
    g.wound("5.10");
    assert!(!g.down());
    g.wound("5.10");
    assert_eq!(g.fate, PilotFate::Kia);
    assert_eq!(g.step, Step::End);
    assert_eq!(g.mission_verdict(), Verdict::Loss);
    assert!(g.medals.iter().any(|m| m == "Purple Heart"));
}

#[test]
fn refusals_leave_the_state_alone() {
    let g0 = Skyhawk::setup("single", &Options::default(), 9).unwrap();
    for bad in [
        Action::GoHome,
        Action::Altitude(Altitude::Low),
        Action::Support(99),
    ] {
        let mut g = g0.clone();
        assert!(g.apply(&bad).is_err());
        assert_eq!(g, g0);
    }
    // A load that breaks the fuel rule is refused with its reason.
    let mut g = g0.clone();
    g.apply(&Action::List(TargetList::Navy)).unwrap();
    let before = g.clone();
    let e = g.apply(&Action::SetLoadout(Loadout::default()));
    if g.target().route_package != "1" {
        assert!(e.unwrap_err().reason.english().contains("gallons"));
        assert_eq!(g, before);
    }
}

#[test]
fn lady_luck_rolls_one_roll_again() {
    // Find a mission where a token is held and a decision made rolls.
    let mut used = 0;
    for seed in 0..400 {
        let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
        g.lady_luck = 1;
        g.apply(&Action::List(TargetList::Macv)).unwrap();
        let Some(Action::LadyLuck(n)) = g
            .prompt()
            .choices
            .iter()
            .map(|c| c.action.clone())
            .find(|a| matches!(a, Action::LadyLuck(_)))
        else {
            continue;
        };
        let kept = g.last.as_ref().unwrap().log_from;
        let old: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
        g.apply(&Action::LadyLuck(n)).unwrap();
        // Everything before the decision and its rolls before the chosen one fell the same.
        let new: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
        assert_eq!(old[..kept], new[..kept]);
        assert_eq!(g.lady_luck, 0);
        assert!(g.luck_choices().is_empty(), "the second result stands");
        assert!(
            g.log
                .entries()
                .iter()
                .any(|e| e.message.id.starts_with("Lady Luck"))
        );
        assert!(g.apply(&Action::LadyLuck(n)).is_err());
        used += 1;
    }
    assert!(used > 0);
}

#[test]
fn every_logged_rule_has_a_reference_section() {
    use crate::engine::bot::{RandomBot, play_out};
    use crate::engine::play::Playable;
    use crate::engine::reference::find;
    let rules = Skyhawk::rules_reference();
    assert!(rules.len() >= 40);
    let all = Options {
        harsher_damage: true,
        engine_fire: true,
        altitude_bombing: true,
        maintenance: true,
        rotation: true,
        wound_recovery: true,
        loss_scoring: true,
        monsoon: true,
        division: true,
        multiple_flights: true,
        rescap: true,
    };
    for seed in 0..200 {
        let scenario = ["single", "single", "single", "campaign1"][seed as usize % 4];
        let options = if seed % 3 == 0 {
            all.clone()
        } else {
            Options::default()
        };
        let mut g = Skyhawk::setup(scenario, &options, seed).unwrap();
        play_out(&mut g, &mut RandomBot::new(seed), 50_000).unwrap();
        for e in g.log.entries() {
            assert!(find(&rules, &e.rule).is_some(), "no section for {}", e.rule);
        }
        assert!(find(&rules, &g.prompt().rule).is_some() || g.prompt().rule.is_empty());
    }
}

#[test]
fn harsher_damage_downs_the_skyhawk_sooner() {
    let d = Damage {
        sections: [0, 0, 0, 0, 0, 0, 3],
        ..Damage::default()
    };
    assert!(!d.shot_down(false));
    assert!(d.shot_down(true), "15.4: one full section");
    let d = Damage {
        subsystems: [0, 0, 0, 0, 2, 0, 0, 0],
        ..Damage::default()
    };
    assert!(!d.shot_down(false));
    assert!(d.shot_down(true), "15.4: fuel destroyed");
    let d = Damage {
        subsystems: [2, 0, 0, 0, 0, 0, 0, 0],
        ..Damage::default()
    };
    assert!(!d.shot_down(true), "avionics alone is not vital");
}

#[test]
fn engine_fire_needs_harsher_damage() {
    let options = Options {
        engine_fire: true,
        ..Options::default()
    };
    assert!(Skyhawk::setup("single", &options, 1).is_err());
}

#[test]
fn optional_rules_change_the_rolls() {
    let options = Options {
        harsher_damage: true,
        engine_fire: true,
        altitude_bombing: true,
        ..Options::default()
    };
    let mut fires = 0;
    let mut forced = 0;
    for seed in 0..300 {
        let mut g = Skyhawk::setup("single", &options, seed).unwrap();
        g.apply(&Action::List(TargetList::Navy)).unwrap();
        if let Some(a) = g.attack_altitude {
            forced += 1;
            assert!(g.load_rules().attack_altitude == Some(a));
        }
        let mut bot = bot::HeuristicBot::new(seed);
        while let Some(a) = bot.decide(&g) {
            if let (Step::AttackChoice, Some(want), Action::Attack { altitude, .. }) =
                (&g.step, g.first_run_altitude(), &a)
                && g.allowed_altitudes().contains(&want)
            {
                assert_eq!(*altitude, want, "15.4.2 binds the first run");
            }
            g.apply(&a).unwrap();
        }
        assert_eq!(g.step, Step::End, "seed {seed}");
        fires += g
            .log
            .entries()
            .iter()
            .filter(|e| rolled_table(&e.message).as_deref() == Some("S-13") || e.rule == "15.4.1")
            .count();
    }
    assert!(forced > 250);
    assert!(fires > 0);
}

fn fly_campaign(id: &str, seed: u64) -> Skyhawk {
    let mut g = Skyhawk::setup(id, &Options::default(), seed).unwrap();
    let mut bot = bot::HeuristicBot::new(seed);
    let mut n = 0;
    while let Some(a) = bot.decide(&g) {
        g.apply(&a).unwrap();
        n += 1;
        assert!(n < 20_000, "campaign {id} seed {seed} does not end");
    }
    g
}

#[test]
fn campaign_one_is_sixteen_flying_days_at_most() {
    for seed in 0..6 {
        let g = fly_campaign("campaign1", seed);
        let c = g.campaign.as_ref().unwrap();
        assert_eq!(g.step, Step::End);
        assert!(c.records.len() <= 16, "{}", c.records.len());
        assert!(c.records.iter().all(|r| r.day % 2 == 1));
        assert_eq!(c.results.len(), 1);
        let o = g.outcome().unwrap();
        assert_eq!(o.points, Some(c.points()));
        assert!(
            c.medals
                .iter()
                .filter(|m| *m == "Tonkin Gulf Yacht Club")
                .count()
                <= 1
        );
    }
}

#[test]
fn campaign_three_flies_both_tours() {
    let g = fly_campaign("campaign3", 4);
    let c = g.campaign.as_ref().unwrap();
    assert_eq!(c.results.len(), 2);
    assert!(c.records.iter().any(|r| r.part == 2));
    assert!(c.final_level.is_some());
}

#[test]
fn campaign_calendar_and_levels() {
    let parts = &data().campaigns.part;
    assert_eq!(campaign::date(&parts[0], 1), "10 Aug 1966");
    assert_eq!(campaign::date(&parts[0], 22), "31 Aug 1966");
    assert_eq!(campaign::date(&parts[0], 23), "1 Sep 1966");
    assert_eq!(campaign::date(&parts[1], 13), "1 Nov 1966");
    assert_eq!(campaign::date(&parts[1], 68), "26 Dec 1966");
    let mut g = Skyhawk::setup("campaign2", &Options::default(), 1).unwrap();
    assert!(g.agm12c_issued());
    g.campaign.as_mut().unwrap().ports_removed = true;
    assert!(g.target_removed(&[content::TargetFlag::Port]));
    assert!(!g.target_removed(&[content::TargetFlag::Hanoi]));
    let g = Skyhawk::setup("campaign1", &Options::default(), 1).unwrap();
    assert!(!g.agm12c_issued());
    assert!(Skyhawk::setup("campaign9", &Options::default(), 1).is_err());
}

#[test]
fn a_lost_pilot_is_replaced_from_the_roster() {
    for seed in 0..200 {
        let mut g = Skyhawk::setup("campaign1", &Options::default(), seed).unwrap();
        let mut bot = bot::HeuristicBot::new(seed);
        while g.step != Step::PilotLost && g.step != Step::End {
            let a = bot.decide(&g).unwrap();
            g.apply(&a).unwrap();
        }
        if g.step == Step::End {
            continue;
        }
        let first = g.pilot.name.clone();
        g.apply(&Action::NewPilot).unwrap();
        assert_ne!(g.pilot.name, first);
        assert_eq!(g.campaign.as_ref().unwrap().pilot_missions, 0);
        let mut ended = g.clone();
        if ended.step == Step::PilotLost || ended.step == Step::ChooseList {
            // Ending the campaign at once scores it.
            ended.step = Step::PilotLost;
            ended.apply(&Action::EndCampaign).unwrap();
            if ended.step == Step::Review {
                ended.apply(&Action::Accept).unwrap();
            }
            assert!(ended.outcome().is_some());
        }
        return;
    }
    panic!("no pilot lost in 200 campaigns");
}

/// Ditching (Table 19) and bailing out (Table 20) are kept in the state: the map puts the
/// pilot's marker in that sea-rescue box without reading the log [12.0, 13.0].
#[test]
fn a_lost_skyhawk_keeps_how_its_pilot_came_down() {
    let rolls_on = |g: &Skyhawk, table: &str| {
        g.log
            .entries()
            .iter()
            .filter(|e| rolled_table(&e.message).as_deref() == Some(table))
            .count()
    };
    let mut g = flying(TargetType::Building, 3);
    assert_eq!(g.came_down, None);
    g.ditch();
    assert_eq!(
        (g.ending, g.came_down),
        (Ending::Lost, Some(CameDown::Ditched))
    );
    assert_eq!((rolls_on(&g, "19"), rolls_on(&g, "20")), (1, 0));
    let mut g = flying(TargetType::Building, 3);
    g.bail_out();
    assert_eq!(
        (g.ending, g.came_down),
        (Ending::Lost, Some(CameDown::BailedOut))
    );
    assert_eq!((rolls_on(&g, "19"), rolls_on(&g, "20")), (0, 1));
    // The next mission of a campaign starts with nobody down.
    g.reset_mission();
    assert_eq!(g.came_down, None);
}

/// 6.5 / 6.6 with optional 15.4: one checked Fuel box already gives −1 on the fuel-state
/// roll; without 15.4 it takes both boxes.
#[test]
fn rule_6_5_one_fuel_box_counts_under_harsher_damage() {
    let fuel_drm = |harsher: bool, boxes: u8| {
        let mut g = flying(TargetType::Bridge, 1);
        g.options.harsher_damage = harsher;
        g.damage.subsystems[SubSystem::Fuel as usize] = boxes;
        g.fuel_state_drms()
            .0
            .iter()
            .any(|d| d.name == "fuel_destroyed")
    };
    assert!(!fuel_drm(false, 1), "6.5: one box of two is not enough");
    assert!(fuel_drm(false, 2), "6.5: both boxes checked");
    assert!(fuel_drm(true, 1), "15.4: one box checked");
    assert!(!fuel_drm(true, 0));
}
