//! The fight over the target and the flight home against the rulebook's procedures
//! (p.10–14, p.19–21) and its sample of play (p.22–23, digest 8.11), checkpoint by
//! checkpoint: the draws the sample reports are stacked, the dice are the engine's.

use super::content::{Altitude, Damage, Side, data};
use super::display::Area;
use super::homebound::event_hits;
use super::tests_machine::{ok, refused, sample_mission, squad, weapon};
use super::*;
use crate::engine::deck::Deck;

fn angle(id: &str) -> usize {
    data().angles.iter().position(|a| a.id == id).unwrap()
}

/// Puts the Sites back in their cups and places the listed ones instead.
fn stack_sites(g: &mut PhantomLeader, sites: &[(&str, Area, Option<&str>)]) {
    for d in std::mem::take(&mut g.mission.sites) {
        g.defense_cup.put_back(d.counter);
        if let Some(a) = d.angle {
            g.angle_cup.put_back(a);
        }
    }
    for &(id, area, pattern) in sites {
        let counter = g
            .defense_cup
            .take(|&k| data().defense_counters[k].site == id)
            .unwrap_or_else(|| panic!("a {id} in the cup"));
        let angle = pattern.map(|p| g.angle_cup.take(|&a| a == angle(p)).unwrap());
        g.mission.sites.push(Defense {
            counter,
            side: Side::Site,
            area,
            angle,
            listed: false,
        });
    }
}

/// Puts the Bandits back in the cup and places the listed ones instead.
fn stack_bandits(g: &mut PhantomLeader, bandits: &[(&str, Area)]) {
    for d in std::mem::take(&mut g.mission.bandits) {
        g.defense_cup.put_back(d.counter);
    }
    for &(id, area) in bandits {
        let counter = g
            .defense_cup
            .take(|&k| data().defense_counters[k].bandit == id)
            .unwrap();
        g.mission.bandits.push(Defense {
            counter,
            side: Side::Bandit,
            area,
            angle: None,
            listed: false,
        });
    }
}

pub(super) fn sortie(g: &PhantomLeader, name: &str) -> usize {
    let s = squad(g, name);
    g.mission.flight.iter().position(|x| x.squad == s).unwrap()
}

fn site_at(g: &PhantomLeader, id: &str, area: Area) -> usize {
    g.mission
        .sites
        .iter()
        .position(|d| data().defense_counters[d.counter].site == id && d.area == area)
        .unwrap()
}

fn put(g: &mut PhantomLeader, name: &str, area: Area, altitude: Altitude) {
    let i = sortie(g, name);
    g.mission.flight[i].pos = Some(Position { area, altitude });
}

/// The sample's mission flown to the first Over Target turn (p.22): the four pilots armed
/// as the sample arms them, the events stacked as drawn (AC-47 Spooky, Down Time, SAM
/// Site!), the Sites and the Center MiG-17 as drawn, everyone at PN, High.
pub(super) fn sample_over_target(seed: u64) -> PhantomLeader {
    let mut g = sample_mission(seed);
    for (name, loads) in [
        ("Pluto", &["Mk.82", "Rockets", "CBU"][..]),
        ("Easy Money", &["AGM-45", "Mk.83"][..]),
        (
            "Gringo",
            &["Mk.82", "Mk.82", "Mk.82", "Mk.82", "CBU", "Rockets"][..],
        ),
        ("Buick", &["AIM-7", "AIM-7", "AIM-9", "GunPod"][..]),
    ] {
        let s = sortie(&g, name);
        for w in loads {
            ok(
                &mut g,
                Action::Load {
                    sortie: s,
                    weapon: weapon(w),
                },
            );
        }
    }
    // The last card is drawn first: 27 (Target-Bound), 2 (Over Target), 19 (Home-Bound).
    g.events = Deck::stacked(vec![19, 2, 27]);
    stack_sites(
        &mut g,
        &[
            ("KS19", Area::AN, Some("narrow")),
            ("ZU23", Area::AN, None),
            ("S60", Area::AS, Some("outward")),
            ("HMG", Area::AS, None),
            ("ZU23", Area::AE, None),
            ("S60", Area::AE, Some("adjacent")),
            ("S60", Area::AW, Some("narrow")),
            ("SA2", Area::AW, Some("forward")),
            ("SA2", Area::C, None),
            ("ZU23", Area::C, None),
        ],
    );
    ok(&mut g, Action::Done);
    assert_eq!(g.special_options, 18, "nothing bought (digest 8.11)");
    // AC-47 Spooky destroys the North KS-19.
    assert!(matches!(g.step, Step::EventSite { .. }), "{:?}", g.step);
    let ks19 = site_at(&g, "KS19", Area::AN);
    ok(&mut g, Action::RemoveSite(ks19));
    assert_eq!(g.step, Step::Abort);
    ok(&mut g, Action::Done);
    for name in ["Pluto", "Easy Money", "Gringo", "Buick"] {
        assert_eq!(g.step, Step::Place);
        let s = sortie(&g, name);
        ok(
            &mut g,
            Action::Place {
                sortie: s,
                area: Area::PN,
                altitude: Altitude::High,
            },
        );
    }
    stack_bandits(&mut g, &[("MIG17", Area::C)]);
    g
}

#[test]
fn the_sample_reaches_turn_1_with_its_flight_path_moved_by_down_time() {
    let g = sample_over_target(3);
    let log: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
    assert!(log.iter().any(|l| l.contains("AC-47 Spooky")), "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.contains("Over Target event: Down Time"))
    );
    // One Flight Path: Start at PN, Exit across at PS, moved one area counter-clockwise.
    assert_eq!(
        g.mission.paths,
        vec![FlightPath {
            start: Area::PN,
            exit: Area::PSE
        }]
    );
    assert_eq!(g.mission.turn, 1);
    assert_eq!(g.step, Step::Jettison);
}

#[test]
fn turn_1_only_the_center_sa2_can_fire_and_buick_may_fire_sparrows_at_range_2() {
    let mut g = sample_over_target(4);
    let all: Vec<usize> = ["Pluto", "Easy Money", "Gringo", "Buick"]
        .iter()
        .map(|n| sortie(&g, n))
        .collect();
    let sa2 = site_at(&g, "SA2", Area::C);
    for i in 0..g.mission.sites.len() {
        let a = Attacker {
            side: Side::Site,
            index: i,
        };
        let mut got = g.enemy_candidates(a);
        got.sort();
        let mut want = if i == sa2 { all.clone() } else { Vec::new() };
        want.sort();
        assert_eq!(got, want, "site {i}: {:?}", g.mission.sites[i]);
    }
    let mig = Attacker {
        side: Side::Bandit,
        index: 0,
    };
    assert!(g.enemy_candidates(mig).is_empty(), "MiG-17 range 0");
    ok(&mut g, Action::Done); // no jettison
    assert_eq!(g.step, Step::Attacks { fast: true });
    let buick = sortie(&g, "Buick");
    let easy = sortie(&g, "Easy Money");
    let fast = g.attackers(true);
    assert!(fast.contains(&buick));
    // Pluto is Fast too, but nothing he carries reaches from PN, High.
    let pluto = sortie(&g, "Pluto");
    assert_eq!(g.speed_now(pluto), Some(content::Speed::Fast));
    assert!(g.attack_options(pluto).is_empty());
    assert!(!fast.contains(&easy), "Easy Money is Slow");
    let sparrows = Arms::Counters(vec![weapon("AIM-7"); 2]);
    assert!(
        g.arms_refusal(buick, Aim::Bandit(0), &sparrows).is_none(),
        "AIM-7 at range 2"
    );
    // 2+1 and 4+1 miss: Buick's AtA +1 against the Sparrow's 6.
    assert_eq!(
        g.need_label(buick, Aim::Bandit(0), &sparrows, false)
            .english(),
        "5+ to score"
    );
    let sidewinder = Arms::Counters(vec![weapon("AIM-9")]);
    assert!(g.arms_refusal(buick, Aim::Bandit(0), &sidewinder).is_some());
    // Easy Money's AGM-45 reaches the Center SA-2 from PN, High; never the Zu-23-2.
    let shrike = Arms::Counters(vec![weapon("AGM-45")]);
    assert!(g.arms_refusal(easy, Aim::Site(sa2), &shrike).is_none());
    let zu = site_at(&g, "ZU23", Area::C);
    let e = g.arms_refusal(easy, Aim::Site(zu), &shrike).unwrap();
    assert!(e.english().contains("radar"), "{}", e.english());
    // Bombs need Low and the target's own area.
    let e = g
        .arms_refusal(easy, Aim::Target, &Arms::Counters(vec![weapon("Mk.83")]))
        .unwrap();
    assert!(e.english().contains("range 2"), "{}", e.english());
    // The attack is made through apply, and the Sparrows are spent whatever they roll.
    ok(
        &mut g,
        Action::Attack {
            sortie: buick,
            aim: Aim::Bandit(0),
            arms: sparrows,
        },
    );
    assert!(!g.mission.flight[buick].load.contains(&weapon("AIM-7")));
    let e = refused(
        &mut g,
        Action::Attack {
            sortie: buick,
            aim: Aim::Bandit(0),
            arms: Arms::Guns,
        },
    );
    assert!(!e.is_empty());
}

#[test]
fn turn_2_the_mig_follows_into_an_and_buicks_gun_pod_suppression_needs_9() {
    let mut g = sample_over_target(5);
    let sa2 = site_at(&g, "SA2", Area::C);
    g.mission.sites.remove(sa2); // Easy Money's AGM-45 got it in turn 1
    for n in ["Pluto", "Easy Money", "Gringo", "Buick"] {
        put(&mut g, n, Area::AN, Altitude::High);
    }
    g.bandit_move(0);
    assert_eq!(g.mission.bandits[0].area, Area::AN, "MiG-17 follows (p.22)");
    let mig = Attacker {
        side: Side::Bandit,
        index: 0,
    };
    assert_eq!(g.enemy_candidates(mig).len(), 4, "all four equally close");
    // The North Zu-23-2 shares AN but cannot reach High.
    let zu = site_at(&g, "ZU23", Area::AN);
    let zu = Attacker {
        side: Side::Site,
        index: zu,
    };
    assert!(g.enemy_candidates(zu).is_empty());
    let buick = sortie(&g, "Buick");
    assert!(g.suppressions(mig).contains(&(buick, Arms::Guns)));
    // 4 + 1 = 5 fails: no AtG on board, so no weight penalty.
    assert_eq!(
        g.need_label(buick, Aim::Bandit(0), &Arms::Guns, true)
            .english(),
        "9+ to score"
    );
    // With a Mk.82 aboard, a dogfight at range 0 costs 1 (two-row table, digest 4.6).
    g.mission.flight[buick].load.push(weapon("Mk.82"));
    let m: i32 = g
        .attack_modifiers(buick, Aim::Bandit(0), None, true)
        .iter()
        .map(|x| x.1)
        .sum();
    assert_eq!(m, 0);
    g.mission.flight[buick]
        .load
        .extend([weapon("Mk.82"), weapon("Mk.82")]);
    let m: i32 = g
        .attack_modifiers(buick, Aim::Bandit(0), None, true)
        .iter()
        .map(|x| x.1)
        .sum();
    assert_eq!(m, 1 - 3);
    // Guns need 10 + 2 now: the suppression cannot score, and its odds are exactly nought
    // (ten missing faces of a tenth each once added up to a sliver, shown as "< 0.1 %").
    assert_eq!(
        g.need_label(buick, Aim::Bandit(0), &Arms::Guns, true)
            .english(),
        "cannot score"
    );
    assert_eq!(
        g.score_chance(buick, Aim::Bandit(0), &Arms::Guns, true),
        0.0
    );
    assert_eq!(
        g.hit_distribution(buick, Aim::Bandit(0), &Arms::Guns, true),
        [1.0]
    );
}

#[test]
fn turn_3_guns_bombs_rockets_and_the_bridge() {
    let mut g = sample_over_target(6);
    let sa2 = site_at(&g, "SA2", Area::C);
    g.mission.sites.remove(sa2);
    for n in ["Pluto", "Easy Money", "Gringo"] {
        put(&mut g, n, Area::C, Altitude::Low);
    }
    put(&mut g, "Buick", Area::AN, Altitude::High);
    g.mission.bandits[0].area = Area::AN;
    let (pluto, easy, gringo, buick) = (
        sortie(&g, "Pluto"),
        sortie(&g, "Easy Money"),
        sortie(&g, "Gringo"),
        sortie(&g, "Buick"),
    );
    // Buick's Gun Pod: 9 + 1 = 10 kills the MiG-17.
    assert!(g.arms_refusal(buick, Aim::Bandit(0), &Arms::Guns).is_none());
    assert_eq!(g.hits_on(None, 9 + 1, true), 1);
    assert_eq!(g.hits_on(None, 9, true), 0);
    // The Center Zu-23-2 picks among the three Low aircraft in C.
    let zu = site_at(&g, "ZU23", Area::C);
    let mut got = g.enemy_candidates(Attacker {
        side: Side::Site,
        index: zu,
    });
    got.sort();
    assert_eq!(got, vec![pluto, easy, gringo]);
    // The East S-60's ADJACENT angle reaches the Center too (digest A-12).
    let s60 = site_at(&g, "S60", Area::AE);
    assert_eq!(
        g.enemy_candidates(Attacker {
            side: Side::Site,
            index: s60
        })
        .len(),
        3
    );
    // Gringo's Rockets suppress: 6 + 2 + 3 = 11 against the Zu-23-2's 7 (no Soft bonus).
    let rockets = Arms::Counters(vec![weapon("Rockets")]);
    assert!(g.arms_refusal(gringo, Aim::Site(zu), &rockets).is_none());
    let m: i32 = g
        .attack_modifiers(gringo, Aim::Site(zu), Some(weapon("Rockets")), true)
        .iter()
        .map(|x| x.1)
        .sum();
    assert_eq!(m, 5);
    let sum = |g: &PhantomLeader, s: usize, w: &str| -> i32 {
        g.attack_modifiers(s, Aim::Target, Some(weapon(w)), false)
            .iter()
            .map(|x| x.1)
            .sum()
    };
    // Pluto: Mk.82, 8 + 0 − 1 = 7 → 1 hit.
    assert_eq!(sum(&g, pluto, "Mk.82"), -1);
    assert_eq!(g.hits_on(Some(weapon("Mk.82")), 8 - 1, false), 1);
    // Easy Money: Mk.83, 10 + 0 − 1 = 9 → 2 hits.
    assert_eq!(sum(&g, easy, "Mk.83"), -1);
    assert_eq!(g.hits_on(Some(weapon("Mk.83")), 9, false), 2);
    // Gringo: Mk.82s finishing 2, 4, 7, 9 → 2 hits; CBU 3 + 2 − 1 = 4 misses.
    assert_eq!(sum(&g, gringo, "Mk.82"), 1);
    let mk82: u8 = [2, 4, 7, 9]
        .iter()
        .map(|&t| g.hits_on(Some(weapon("Mk.82")), t, false))
        .sum();
    assert_eq!(mk82, 2);
    assert_eq!(sum(&g, gringo, "CBU"), 1, "the bridge is not Soft");
    assert_eq!(g.hits_on(Some(weapon("CBU")), 4, false), 0);
    // Five hits damage the Minor Bridge (3–5).
    g.apply_hits(Aim::Target, 5);
    assert_eq!(data().target(8).damage(g.mission.hits), Damage::Damaged);
}

#[test]
fn turn_4_nothing_fires_at_ae_high_and_pe_is_a_legal_exit() {
    let mut g = sample_over_target(7);
    let sa2 = site_at(&g, "SA2", Area::C);
    g.mission.sites.remove(sa2);
    g.mission.bandits.clear();
    g.mission.turn = 4;
    for n in ["Pluto", "Easy Money", "Gringo", "Buick"] {
        put(&mut g, n, Area::AE, Altitude::High);
    }
    for i in 0..g.mission.sites.len() {
        let a = Attacker {
            side: Side::Site,
            index: i,
        };
        assert!(g.enemy_candidates(a).is_empty(), "{:?}", g.mission.sites[i]);
    }
    let buick = sortie(&g, "Buick");
    let areas: Vec<Area> = g.move_options(buick).iter().map(|m| m.0).collect();
    assert!(areas.contains(&Area::PE));
    assert!(
        g.exit_allowed(buick, Area::PE),
        "PE is next to the Exit at PSE"
    );
    assert!(g.exit_allowed(buick, Area::PS));
    assert!(!g.exit_allowed(buick, Area::PN));
    // Turn 4 empties the Center.
    put(&mut g, "Pluto", Area::C, Altitude::Low);
    let pluto = sortie(&g, "Pluto");
    assert!(g.move_options(pluto).iter().all(|m| m.0 != Area::C));
}

#[test]
fn flight_paths_exits_forced_moves_and_reach() {
    let geo = &data().geometry;
    // p.10: a Start at PSW leaves from PN, PNE or PE.
    let mut exits = geo.exits_around(geo.opposite(Area::PSW)).to_vec();
    exits.sort();
    assert_eq!(exits, vec![Area::PN, Area::PNE, Area::PE]);
    let mut g = sample_over_target(8);
    let pluto = sortie(&g, "Pluto");
    // Turn 5: an aircraft in an Approach area must go out to a Pre-Approach area.
    g.mission.turn = 5;
    put(&mut g, "Pluto", Area::AN, Altitude::Low);
    let mut areas: Vec<Area> = g.move_options(pluto).iter().map(|m| m.0).collect();
    areas.sort();
    areas.dedup();
    assert_eq!(areas, vec![Area::PN, Area::PNE, Area::PNW]);
    // Turn 4 at PN with the Exit at PSE: only PNE keeps PE, PSE or PS within the one move
    // left.
    g.mission.turn = 4;
    put(&mut g, "Pluto", Area::PN, Altitude::Low);
    let mut areas: Vec<Area> = g.move_options(pluto).iter().map(|m| m.0).collect();
    areas.dedup();
    assert_eq!(areas, vec![Area::PNE]);
}

#[test]
fn bandits_close_in_and_break_ties_at_random() {
    let mut seen = Vec::new();
    for seed in 0..40 {
        let mut g = sample_over_target(seed);
        put(&mut g, "Pluto", Area::AN, Altitude::High);
        put(&mut g, "Easy Money", Area::AS, Altitude::High);
        for n in ["Gringo", "Buick"] {
            let i = sortie(&g, n);
            g.mission.flight[i].pos = None;
            g.mission.flight[i].left = true;
        }
        g.mission.bandits[0].area = Area::C;
        g.bandit_move(0);
        seen.push(g.mission.bandits[0].area);
    }
    assert!(
        seen.contains(&Area::AN) && seen.contains(&Area::AS),
        "{seen:?}"
    );
    assert!(seen.iter().all(|a| [Area::AN, Area::AS].contains(a)));
}

#[test]
fn the_enemy_result_table_reads_sa2_as_6_8_9() {
    let mut g = sample_over_target(9);
    let pluto = sortie(&g, "Pluto");
    let s = squad(&g, "Pluto");
    let phase = content::Phase::OverTarget;
    g.enemy_result(pluto, 5, [6, 8, 9], phase);
    assert_eq!(g.squadron[s].stress, 0);
    g.enemy_result(pluto, 7, [6, 8, 9], phase);
    assert_eq!(g.squadron[s].stress, 1);
    g.enemy_result(pluto, 8, [6, 8, 9], phase);
    assert!(g.mission.flight[pluto].damaged && g.mission.flight[pluto].load.is_empty());
    assert_eq!(g.squadron[s].stress, 3);
    // A second Damaged is Destroyed.
    g.enemy_result(pluto, 8, [6, 8, 9], phase);
    assert_eq!(g.mission.flight[pluto].fate, Fate::Down(phase));
}

#[test]
fn an_unfit_pilot_keeps_only_his_pods_and_cannot_attack() {
    let mut g = sample_over_target(10);
    let buick = sortie(&g, "Buick");
    let s = squad(&g, "Buick");
    g.squadron[s].stress = 8; // Skilled: Unfit from 8 (p.23)
    g.check_unfit(buick);
    assert_eq!(g.mission.flight[buick].load, vec![weapon("GunPod")]);
    let e = g.arms_refusal(buick, Aim::Bandit(0), &Arms::Guns).unwrap();
    assert!(e.english().contains("Unfit"));
}

#[test]
fn high_stress_adds_one_to_the_roll_for_one_stress() {
    let o = Options {
        high_stress: true,
        ..Options::default()
    };
    let mut g = sample_over_target(11);
    g.options = o;
    let pluto = sortie(&g, "Pluto");
    let before: i32 = g
        .attack_modifiers(pluto, Aim::Target, Some(weapon("Mk.82")), false)
        .iter()
        .map(|x| x.1)
        .sum();
    assert!(g.high_stress_takers().contains(&pluto));
    ok(&mut g, Action::HighStress(pluto));
    let after: i32 = g
        .attack_modifiers(pluto, Aim::Target, Some(weapon("Mk.82")), false)
        .iter()
        .map(|x| x.1)
        .sum();
    assert_eq!(after, before + 1);
    assert_eq!(g.squadron[squad(&g, "Pluto")].stress, 1);
    assert!(!g.high_stress_takers().contains(&pluto), "once per turn");
}

#[test]
fn event_hits_never_raise_zero_nor_drop_below_one() {
    assert_eq!(event_hits(0, 2), 0);
    assert_eq!(event_hits(2, -2), 1);
    assert_eq!(event_hits(3, 1), 4);
}

#[test]
fn the_sample_flies_through_to_its_debriefing() {
    // The dice are the engine's; the choices follow the sample where they are legal.
    for seed in 0..20 {
        let mut g = sample_over_target(seed);
        let mut guard = 0;
        while g.day == 1 {
            guard += 1;
            assert!(guard < 500, "stuck at {:?}", g.step);
            let choices = g.prompt().choices;
            let pick = choices
                .iter()
                .find(|c| matches!(c.action, Action::Attack { .. } | Action::Evade(true)))
                .or_else(|| choices.iter().find(|c| c.action == Action::Done))
                .or_else(|| choices.first())
                .unwrap()
                .action
                .clone();
            ok(&mut g, pick);
            if g.step == Step::Over {
                break;
            }
        }
        let day = &g.days[0];
        assert_eq!(day.target, Some(8));
        // Everyone who flew took the 3 Target Stress of RP6B before Cool (p.23).
        let log: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
        assert!(
            log.iter()
                .any(|l| l.contains("SAM Site!") || l.contains("shot down")),
            "home with the SAM Site! event, or nobody came home"
        );
    }
}

/// The turn-3 position of the sample (p.23): Pluto, Easy Money and Gringo at C, Low; Buick in
/// AN, High, with the MiG-17; the Center SA-2 gone. Several Sites and the MiG can fire.
pub(super) fn turn_3_position(seed: u64) -> PhantomLeader {
    let mut g = sample_over_target(seed);
    let sa2 = site_at(&g, "SA2", Area::C);
    g.mission.sites.remove(sa2);
    for n in ["Pluto", "Easy Money", "Gringo"] {
        put(&mut g, n, Area::C, Altitude::Low);
    }
    put(&mut g, "Buick", Area::AN, Altitude::High);
    g.mission.bandits[0].area = Area::AN;
    g
}

fn last_log(g: &PhantomLeader) -> String {
    g.log
        .entries()
        .last()
        .map(|e| e.english())
        .unwrap_or_default()
}

#[test]
fn a_14_the_player_chooses_which_site_or_bandit_fires_next() {
    let mut g = turn_3_position(21);
    ok(&mut g, Action::Done); // no jettison
    ok(&mut g, Action::Done); // no Fast attack
    // The Center Zu-23-2, the East S-60 (ADJACENT, A-12) and the MiG-17 can all fire.
    assert_eq!(g.step, Step::EnemyOrder);
    let mig = Attacker {
        side: Side::Bandit,
        index: 0,
    };
    let zu = Attacker {
        side: Side::Site,
        index: site_at(&g, "ZU23", Area::C),
    };
    let s60 = Attacker {
        side: Side::Site,
        index: site_at(&g, "S60", Area::AE),
    };
    let offered: Vec<Action> = g.prompt().choices.into_iter().map(|c| c.action).collect();
    for a in [mig, zu, s60] {
        assert!(
            offered.contains(&Action::FiresNext(a)),
            "{a:?} in {offered:?}"
        );
    }
    // A Site with nobody to fire at is not offered: the AW SA-2's FORWARD angle.
    let sa2 = Attacker {
        side: Side::Site,
        index: site_at(&g, "SA2", Area::AW),
    };
    assert!(!offered.contains(&Action::FiresNext(sa2)));
    // The MiG first, though the usual order has the Sites first.
    ok(&mut g, Action::FiresNext(mig));
    assert!(
        last_log(&g).contains("MiG-17 in North Approach attacks Buick"),
        "{}",
        last_log(&g)
    );
    assert!(matches!(
        g.step,
        Step::Suppress { attacker, .. } | Step::Evade { attacker, .. } if attacker == mig
    ));
    ok(&mut g, Action::Evade(false));
    // Two attackers are left: the player is asked again, and lets the usual order run:
    // the Center first (C before AE).
    assert_eq!(g.step, Step::EnemyOrder);
    ok(&mut g, Action::Done);
    assert!(
        g.log
            .entries()
            .iter()
            .rev()
            .take(3)
            .any(|e| e.english().contains("Zu-23-2 in Center attacks")),
        "{}",
        last_log(&g)
    );
    assert!(
        !matches!(g.step, Step::EnemyOrder),
        "no more asking this turn"
    );
}

#[test]
fn a_25_several_kinds_of_counters_suppress_one_site_together() {
    let mut g = turn_3_position(22);
    let gringo = sortie(&g, "Gringo");
    let zu = site_at(&g, "ZU23", Area::C);
    // Rockets (+3 to suppress) and Mk.82s and the CBU can each hit the Zu-23-2 from C, Low:
    // the prompt offers them all at once besides each kind alone.
    let mixes: Vec<Arms> = g
        .arms_for(gringo, Aim::Site(zu))
        .into_iter()
        .filter(|a| matches!(a, Arms::Counters(ws) if ws.iter().any(|&w| w != ws[0])))
        .collect();
    assert_eq!(mixes.len(), 1, "{mixes:?}");
    ok(&mut g, Action::Done);
    ok(&mut g, Action::Done);
    ok(
        &mut g,
        Action::FiresNext(Attacker {
            side: Side::Site,
            index: zu,
        }),
    );
    assert!(matches!(g.step, Step::Suppress { .. }), "{:?}", g.step);
    // Any mix the rules allow is accepted, not only the prompt's: one Rockets and one Mk.82.
    let before = g.mission.flight[gringo].load.len();
    let mix = Arms::Counters(vec![weapon("Rockets"), weapon("Mk.82")]);
    ok(
        &mut g,
        Action::Suppress {
            sortie: gringo,
            arms: mix,
        },
    );
    let load = &g.mission.flight[gringo].load;
    assert_eq!(load.len(), before - 2, "both counters are expended");
    assert!(!load.contains(&weapon("Rockets")));
    assert_eq!(load.iter().filter(|&&w| w == weapon("Mk.82")).count(), 3);
    let tries = g
        .log
        .entries()
        .iter()
        .filter(|e| e.english().contains("Gringo") && e.english().contains("suppress"))
        .count();
    assert_eq!(tries, 2, "one roll per counter");
    // A counter that cannot reach spoils the mix: AGM-45 only vs SA-2.
    let mut g = turn_3_position(23);
    let easy = sortie(&g, "Easy Money");
    let bad = Arms::Counters(vec![weapon("Mk.83"), weapon("AGM-45")]);
    assert!(g.arms_refusal(easy, Aim::Site(zu), &bad).is_some());
    g.mission.flight[easy].load.clear();
    assert!(
        g.arms_for(easy, Aim::Site(zu))
            .iter()
            .all(|a| *a == Arms::Guns)
    );
}

#[test]
fn evasion_costs_2_stress_and_the_enemy_keeps_the_lower_of_two_dice() {
    // Sample turn 1 (p.22): the Center SA-2 picks Buick among the four at PN; he evades
    // (+2 Stress); 7 and 3 less Easy Money's jamming are 6 and 2; 2 is kept: no effect.
    use crate::engine::arranged::Arranged;
    let mut g = sample_over_target(35);
    let buick = sortie(&g, "Buick");
    ok(&mut g, Action::Done); // no jettison
    g.rng.arrange(Arranged::Counter {
        cup: "aircraft".into(),
        counter: serde_json::json!(buick),
    });
    ok(&mut g, Action::Done); // no Fast attack: the enemy fires
    assert!(
        matches!(g.step, Step::Suppress { target, .. } if target == buick),
        "{:?}",
        g.step
    );
    let m: i32 = g
        .enemy_modifiers(Side::Site, buick)
        .iter()
        .map(|x| x.1)
        .sum();
    assert_eq!(m, -1, "Easy Money's EA-6A jams the area");
    g.rng.arrange(Arranged::D10(7));
    g.rng.arrange(Arranged::D10(3));
    let stress = g.squadron[squad(&g, "Buick")].stress;
    ok(&mut g, Action::Evade(true));
    assert_eq!(g.squadron[squad(&g, "Buick")].stress, stress + 2);
    let line = g
        .log
        .entries()
        .iter()
        .rev()
        .map(|e| e.english())
        .find(|l| l.contains("evading"))
        .unwrap();
    assert!(line.contains("Buick"), "{line}");
    assert_eq!(g.mission.flight[buick].fate, Fate::Flying);
    assert!(!g.mission.flight[buick].damaged);
}
