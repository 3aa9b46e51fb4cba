//! The optional readings of unclear rules (digest 9: ), each tested from
//! the rule text both ways: off, the digest's ruling; on, the other reading.

use super::content::{Altitude, Side, data};
use super::display::Area;
use super::tests_fight::{sample_over_target, sortie};
use super::tests_machine::{ok, refused, sample_campaign, weapon};
use super::*;

#[test]
fn a_2_the_atg_weight_penalty_in_two_or_three_rows() {
    // p.12 prints a "2 or less" row and a −3 row; the ruling: 1–2 WP −1, 3+ WP −3.
    let c = data();
    let two: Vec<i8> = (0..=6).map(|wp| c.atg_penalty(wp, false)).collect();
    assert_eq!(two, [0, -1, -1, -3, -3, -3, -3]);
    // The other reading: 1–2 −1, 3–4 −2, 5+ −3.
    let three: Vec<i8> = (0..=6).map(|wp| c.atg_penalty(wp, true)).collect();
    assert_eq!(three, [0, -1, -1, -2, -2, -3, -3]);
    // In play: Pluto (Mk.82, Rockets, CBU) at range 0 of the MiG-17, with guns.
    let mut g = sample_over_target(1);
    let pluto = sortie(&g, "Pluto");
    g.mission.flight[pluto].pos = Some(Position {
        area: Area::C,
        altitude: Altitude::Low,
    });
    let wp: u8 = g.mission.flight[pluto]
        .load
        .iter()
        .filter(|&&w| data().weapons[w].class == content::WeaponClass::Atg)
        .map(|&w| data().weapons[w].wp)
        .sum();
    let penalty = |g: &PhantomLeader| {
        g.attack_modifiers(pluto, Aim::Bandit(0), None, false)
            .iter()
            .find(|m| m.0 == "AtG load")
            .map_or(0, |m| m.1)
    };
    assert_eq!(penalty(&g), i32::from(c.atg_penalty(wp, false)));
    g.options.three_row_atg_penalty = true;
    assert_eq!(penalty(&g), i32::from(c.atg_penalty(wp, true)));
}

#[test]
fn a_4_a_navy_f4_gun_pod_by_default_not_with_the_option() {
    // The sample (p.22) arms Buick's Navy F-4 with a Gun Pod: allowed by default.
    let g = sample_over_target(2);
    let buick = sortie(&g, "Buick");
    assert!(g.mission.flight[buick].load.contains(&weapon("GunPod")));
    // p.21 names Air Force F-4s only: with the option, the same load is refused.
    let mut g = super::tests_machine::sample_mission(2);
    g.options.no_navy_gun_pod = true;
    let buick = sortie(&g, "Buick");
    let e = refused(
        &mut g,
        Action::Load {
            sortie: buick,
            weapon: weapon("GunPod"),
        },
    );
    assert!(e.contains("Navy F-4"), "{e}");
}

#[test]
fn a_5_down_time_moves_politics_twice_or_once() {
    for (single, politics) in [(false, 1), (true, 2)] {
        let mut g = sample_campaign(10);
        g.options.single_down_time_politics = single;
        ok(&mut g, Action::Done);
        g.tracks = Tracks {
            recon: 3,
            intel: 3,
            politics: 3,
        };
        ok(&mut g, Action::StandDown);
        // Recon and Intel move once either way (p.8).
        assert_eq!(
            g.tracks,
            Tracks {
                recon: 2,
                intel: 2,
                politics
            },
            "single {single}"
        );
    }
}

#[test]
fn a_32_listed_defenses_and_intel() {
    let mut g = sample_over_target(4);
    // Only a listed Site in the Center.
    g.mission.sites.retain(|d| d.area != Area::C);
    let counter = g
        .defense_cup
        .take(|&k| data().defense_counters[k].site == "SA2")
        .unwrap();
    g.mission.sites.push(Defense {
        counter,
        side: Side::Site,
        area: Area::C,
        angle: None,
        listed: true,
    });
    g.step = Step::Intel {
        sites: 1,
        bandits: 0,
    };
    // The ruling: a listed defense is part of the mission, Intel leaves it.
    assert!(!g.intel_areas(Side::Site).contains(&Area::C));
    // The option: Intel destroys "the indicated type of Defense" without exception.
    g.options.intel_hits_listed = true;
    assert!(g.intel_areas(Side::Site).contains(&Area::C));
    ok(
        &mut g,
        Action::IntelArea {
            side: Side::Site,
            area: Area::C,
        },
    );
    // (An Over Target event may place new Sites after Intel: none of them is listed.)
    assert!(g.mission.sites.iter().all(|d| !d.listed));
}

#[test]
fn the_options_reference_lists_each_ruling() {
    use crate::engine::play::Playable;
    let rules = PhantomLeader::optional_rules();
    for (key, rule) in [
        ("three_row_atg_penalty", "A-2"),
        ("no_navy_gun_pod", "A-4"),
        ("single_down_time_politics", "A-5"),
        ("intel_hits_listed", "A-32"),
    ] {
        let r = rules.iter().find(|r| r.key == key).expect(key);
        assert_eq!(r.rule, rule);
        let o: Options = crate::engine::play::options_with::<PhantomLeader>(&[key]).unwrap();
        assert_ne!(o, Options::default(), "{key} is a field of the options");
    }
}
