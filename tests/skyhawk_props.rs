//! Property tests over thousands of seeded missions: no panic, no dead end, every listed
//! choice accepted, the Mission Record Card always within its boxes, same seed → same game.

use proptest::prelude::*;
use tonkin::engine::bot::{Bot, RandomBot};
use tonkin::engine::game::{Actor, Game};
use tonkin::engine::log::Log;
use tonkin::engine::play::Playable;
use tonkin::games::skyhawk::rules::content::data;
use tonkin::games::skyhawk::rules::{Action, Options, Skyhawk, Step};

/// Plays a mission, checking the card after every action; returns it and the actions taken.
fn play(seed: u64, heuristic: bool) -> (Skyhawk, Vec<Action>) {
    play_with(seed, heuristic, &Options::default())
}

fn play_with(seed: u64, heuristic: bool, options: &Options) -> (Skyhawk, Vec<Action>) {
    play_scenario("single", seed, heuristic, options)
}

fn play_scenario(
    scenario: &str,
    seed: u64,
    heuristic: bool,
    options: &Options,
) -> (Skyhawk, Vec<Action>) {
    let mut g = Skyhawk::setup(scenario, options, seed).unwrap();
    let mut bot: Box<dyn Bot<Skyhawk>> = if heuristic {
        Skyhawk::heuristic_bot(seed)
    } else {
        Box::new(RandomBot::new(seed))
    };
    let mut actions = Vec::new();
    while g.outcome().is_none() {
        let p = g.prompt();
        assert_eq!(p.actor, Actor::Player(0), "seed {seed}: nobody to act");
        assert!(
            !p.choices.is_empty(),
            "seed {seed}: dead end at {:?}",
            g.step
        );
        let legal = g.legal_actions();
        assert!(legal.iter().eq(p.choices.iter().map(|c| &c.action)));
        let a = bot.choose(&g, &legal);
        g.apply(&a)
            .unwrap_or_else(|r| panic!("seed {seed}: {a:?} refused: {r}"));
        actions.push(a);
        assert!(actions.len() < 20_000, "seed {seed}: no end");
        check_card(&g);
    }
    assert_eq!(g.step, Step::End);
    assert!(g.prompt().choices.is_empty());
    (g, actions)
}

/// The same seed and the same actions give the same game.
fn assert_replays(scenario: &str, seed: u64, options: &Options, actions: &[Action], g: &Skyhawk) {
    let mut again = Skyhawk::setup(scenario, options, seed).unwrap();
    for a in actions {
        again.apply(a).unwrap();
    }
    assert_eq!(&again, g, "seed {seed}: replayed differently");
    // Played as `tonkin simulate` plays it, with a quiet log, it is the very same game.
    let mut quiet = Skyhawk::setup(scenario, options, seed).unwrap();
    quiet.quiet_log();
    for a in actions {
        quiet.apply(a).unwrap();
    }
    assert!(quiet.log.is_empty());
    assert_eq!(
        without_log(&quiet),
        without_log(g),
        "seed {seed}: played differently with a quiet log"
    );
}

/// The game without its log (and the log position a Lady Luck token would rebuild it to).
fn without_log(g: &Skyhawk) -> Skyhawk {
    let mut g = g.clone();
    g.log = Log::default();
    if let Some(last) = g.last.as_mut() {
        last.log_from = 0;
    }
    g
}

fn division_options() -> Options {
    Options {
        division: true,
        multiple_flights: true,
        rescap: true,
        ..Options::default()
    }
}

/// The Division Record Sheet within its boxes, every NPC home or accounted for, no rescue
/// left open.
fn check_division(g: &Skyhawk) {
    use tonkin::games::skyhawk::rules::division::NpcStatus;
    let d = g.division.as_ref().expect("the division flew");
    assert!(d.rescap.is_none() && d.rescues.is_empty() && d.closed);
    assert!((1..=4).contains(&d.position));
    assert!(d.load.is_some(), "the common load noted at launch");
    let spec = &data().aircraft.division;
    for n in d.npcs() {
        assert!(n.hits <= spec.npc_hit_boxes);
        assert!(!n.airborne(), "{n:?} still in the air");
        // A lost Skyhawk's pilot has a fate, unless he walked away from a crash on deck.
        if n.status == NpcStatus::Lost && n.fate == tonkin::games::skyhawk::rules::PilotFate::Aboard
        {
            assert!(n.pilot.wounds > 0, "{n:?}");
        }
    }
    assert!(d.flights.iter().all(|f| f.points >= 0));
    assert_eq!(g.points(), g.own_points() + d.points());
}

fn check_card(g: &Skyhawk) {
    let a = &data().aircraft;
    for (i, s) in a.section.iter().enumerate() {
        assert!(g.damage.sections[i] <= s.boxes);
    }
    for (i, s) in a.subsystem.iter().enumerate() {
        assert!(g.damage.subsystems[i] <= s.boxes);
    }
    assert!(g.pilot.wounds <= a.wounds_to_kill);
    assert!(g.ammo.iter().all(|&n| n <= a.ammo_per_cannon));
    assert!(g.strafing_runs <= a.strafing_runs);
    assert!(g.runs.iter().all(|r| (0..=100).contains(&r.percent)));
    assert!(g.loadout.total_weight() <= a.max_weight);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_missions_end(seed in any::<u64>()) {
        play(seed, false);
    }

    #[test]
    fn heuristic_missions_end(seed in any::<u64>()) {
        let (g, _) = play(seed, true);
        prop_assert!(g.outcome().unwrap().points.unwrap() >= 0);
    }

    #[test]
    fn missions_with_the_optional_damage_and_altitude_rules_end(seed in any::<u64>(), heuristic in any::<bool>()) {
        let options = Options { harsher_damage: true, engine_fire: true, altitude_bombing: true, ..Options::default() };
        play_with(seed, heuristic, &options);
    }

    #[test]
    fn missions_with_the_division_flights_and_rescap_end(seed in any::<u64>(), heuristic in any::<bool>()) {
        let (g, actions) = play_with(seed, heuristic, &division_options());
        check_division(&g);
        assert_replays("single", seed, &division_options(), &actions, &g);
    }

    #[test]
    fn same_seed_and_actions_same_mission(seed in any::<u64>()) {
        let (g, actions) = play(seed, false);
        assert_replays("single", seed, &Options::default(), &actions, &g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn campaigns_end(seed in any::<u64>(), which in 1..=3u8, heuristic in any::<bool>()) {
        let options = if seed % 2 == 0 { division_options() } else { Options::default() };
        let (g, _) = play_scenario(&format!("campaign{which}"), seed, heuristic, &options);
        let c = g.campaign.as_ref().unwrap();
        prop_assert!(c.final_level.is_some());
        prop_assert_eq!(g.outcome().unwrap().points, Some(c.points()));
        prop_assert!(c.records.iter().all(|r| r.day % 2 == 1));
    }
}

/// The optional campaign rules [14.0.2, 14.0.3, 14.1.3, 14.1.4, monsoon] picked by the bits
/// of `mask` (14.1.4 brings 14.0.2 with it).
fn campaign_options(mask: u8) -> Options {
    let bit = |i: u8| mask & (1 << i) != 0;
    Options {
        maintenance: bit(0) || bit(3),
        rotation: bit(1),
        wound_recovery: bit(2),
        loss_scoring: bit(3),
        monsoon: bit(4),
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn campaigns_with_the_optional_campaign_rules_end(
        seed in any::<u64>(),
        which in 1..=3u8,
        mask in 0..32u8,
        heuristic in any::<bool>(),
    ) {
        check_campaign(&format!("campaign{which}"), seed, heuristic, &campaign_options(mask));
    }
}

/// Every optional rule of the game (`mask` = all bits) or a subset picked by the bits of
/// `mask`, made legal: 15.4.1 brings 15.4, 15.2 and 15.3 bring 15.1, 14.1.4 a division rule.
fn any_options(mask: u16) -> Options {
    let bit = |i: u16| mask & (1 << i) != 0;
    let mut o = Options {
        harsher_damage: bit(0),
        engine_fire: bit(1),
        altitude_bombing: bit(2),
        maintenance: bit(3),
        rotation: bit(4),
        wound_recovery: bit(5),
        loss_scoring: bit(6),
        monsoon: bit(7),
        division: bit(8),
        multiple_flights: bit(9),
        rescap: bit(10),
    };
    o.harsher_damage |= o.engine_fire;
    o.division |= o.multiple_flights || o.rescap;
    o.maintenance |= o.loss_scoring && !o.division;
    o
}

const ALL_OPTIONS: u16 = (1 << 11) - 1;

/// A campaign played with `options`: it ends, scores its records, keeps the squadron's
/// track and roster honest, and replays the same from the same seed and actions.
fn check_campaign(scenario: &str, seed: u64, heuristic: bool, options: &Options) {
    let (g, actions) = play_scenario(scenario, seed, heuristic, options);
    let c = g.campaign.as_ref().unwrap();
    assert!(c.final_level.is_some());
    assert_eq!(g.outcome().unwrap().points, Some(c.points()));
    let s = &c.squadron;
    assert!(s.aircraft.iter().all(|a| a.ready_in <= 2 && !a.flying));
    assert_eq!((1..=3).contains(&s.maintenance), options.maintenance);
    assert_eq!(s.roster.len(), if options.rotation { 24 } else { 0 });
    if (options.maintenance || options.rotation) && scenario != "campaign3" {
        // Every Skyhawk struck off is on the record: the player's and the NPCs'.
        let lost: usize = c.records.iter().map(|r| usize::from(r.skyhawks_lost)).sum();
        assert_eq!(s.aircraft.len(), 16 - lost, "seed {seed}");
    }
    if options.rotation && scenario != "campaign3" {
        // Every pilot struck off the roster died or was captured on a recorded mission.
        let lost: usize = c.records.iter().map(|r| usize::from(r.pilots_lost)).sum();
        assert!(s.roster.iter().filter(|r| r.lost).count() <= lost);
    }
    if !options.rotation {
        assert!(c.records.iter().all(|r| r.day % 2 == 1));
    }
    assert_replays(scenario, seed, options, &actions, &g);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn campaigns_with_every_option_end(seed in any::<u64>(), which in 1..=3u8, heuristic in any::<bool>()) {
        check_campaign(&format!("campaign{which}"), seed, heuristic, &any_options(ALL_OPTIONS));
    }

    #[test]
    fn campaigns_with_any_options_end(
        seed in any::<u64>(),
        which in 1..=3u8,
        mask in 0..=ALL_OPTIONS,
        heuristic in any::<bool>(),
    ) {
        check_campaign(&format!("campaign{which}"), seed, heuristic, &any_options(mask));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn missions_with_any_options_end(seed in any::<u64>(), mask in 0..=ALL_OPTIONS, heuristic in any::<bool>()) {
        let options = any_options(mask | if seed % 2 == 0 { ALL_OPTIONS } else { 0 });
        let (g, actions) = play_with(seed, heuristic, &options);
        if options.division {
            check_division(&g);
        }
        assert_replays("single", seed, &options, &actions, &g);
    }
}
