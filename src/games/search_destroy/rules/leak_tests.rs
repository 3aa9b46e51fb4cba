//! Hidden is hidden: whatever the US side is handed (its view of the position, the log lines
//! it may read, and while it is to act its prompt, legal actions and their labels) must come
//! out the same whichever of the NLF's counters stand behind the face-down backs, and what
//! the NLF is handed the same wherever the US company commander rides before the landing
//! fire is over and whichever units board a landing [27.26]. Checked on every position of seeded bot-against-bot games, by swapping the
//! hidden facts and comparing.

use super::bot::HeuristicBot;
use super::options::Options;
use super::play::Action;
use super::state::{SearchDestroy, Step};
use crate::engine::bot::Bot;
use crate::engine::game::{Actor, Game};
use crate::engine::rng::Rng;

/// Everything seat `seat` is given of `g`, as text.
fn handed(g: &SearchDestroy, seat: u8) -> Vec<String> {
    let mut out = vec![serde_json::to_string(&*g.view(seat)).expect("a view serialises")];
    out.extend(g.log.seen_by(seat).entries().iter().map(|e| e.english()));
    if g.to_move() == Actor::Player(seat) {
        let prompt = g.prompt();
        out.push(prompt.text.english());
        out.extend(
            prompt
                .choices
                .iter()
                .map(|c| format!("{:?} {}", c.action, c.label.english())),
        );
    }
    out
}

/// The same position with the identities of the face-down NLF counters dealt out again,
/// among counters of which the same is publicly known (a search told whether their hex held
/// a combat unit [12.0]); the NLF's command status worked out again for the new identities.
fn reshuffled(g: &SearchDestroy, rng: &mut Rng) -> SearchDestroy {
    let mut other = g.clone();
    for known in [None, Some(true), Some(false)] {
        let hidden: Vec<usize> = (0..g.units.len())
            .filter(|&i| g.units[i].hidden() && !g.units[i].removed)
            .filter(|&i| g.units[i].known_combat == known)
            .collect();
        let mut kinds: Vec<Option<u16>> = hidden.iter().map(|&i| g.units[i].kind).collect();
        rng.shuffle(&mut kinds);
        for (&i, kind) in hidden.iter().zip(kinds) {
            other.units[i].kind = kind;
            other.units[i].mp = other.units[i].spec().map_or(0, |s| s.movement);
        }
    }
    if g.standard() && g.step == Step::Movement(super::content::Side::Nlf) {
        other.command_control();
        other.log = g.log.clone();
    }
    other
}

/// The same position with the commander in another landing helicopter, while that is the
/// US's secret.
fn commander_moved(g: &SearchDestroy) -> Option<SearchDestroy> {
    let secret = matches!(g.step, Step::LandingFire) && g.commander_hex.is_some();
    let elsewhere = g.landing.iter().find(|&&h| Some(h) != g.commander_hex)?;
    secret.then(|| {
        let mut other = g.clone();
        other.commander_hex = Some(*elsewhere);
        other
    })
}

/// The same position with another unit of a different kind boarding in place of one that may
/// fly in on a later game-turn too, while the landing is not down [27.26].
fn boarding_swapped(g: &SearchDestroy) -> Option<SearchDestroy> {
    if !matches!(
        g.step,
        Step::Boarding | Step::Landing | Step::Commander | Step::LandingFire
    ) {
        return None;
    }
    let several = |i: usize| g.entry_of(i).is_some_and(|e| e.turns.len() > 1);
    let (k, &i) = g
        .boarding
        .iter()
        .enumerate()
        .find(|&(_, &i)| several(i) && !g.units[i].is("company_commander"))?;
    let j = (0..g.units.len()).find(|&j| {
        g.waits(j)
            && !g.boarding.contains(&j)
            && several(j)
            && g.units[j].kind != g.units[i].kind
            && !g.units[j].is("company_commander")
    })?;
    let mut other = g.clone();
    other.boarding[k] = j;
    Some(other)
}

/// The same position with a mine no vehicle has found written down for another hex [22.32]:
/// a hex no vehicle stands in and no mine is in.
fn mine_moved(g: &SearchDestroy) -> Option<SearchDestroy> {
    let k =
        (0..g.vehicles.mines.len()).find(|&k| !g.vehicles.found.contains(&g.vehicles.mines[k]))?;
    let taken = |h: super::hex::Hex| {
        g.vehicles.mines.contains(&h) || g.units.iter().any(|u| u.hex == Some(h) && !u.removed)
    };
    let to = super::content::data().map.hexes().find(|&h| !taken(h))?;
    let mut other = g.clone();
    other.vehicles.mines[k] = to;
    Some(other)
}

/// The face-down counters and what is publicly known of them.
fn hidden_set(g: &SearchDestroy) -> Vec<(usize, Option<bool>)> {
    (0..g.units.len())
        .filter(|&i| g.units[i].hidden() && !g.units[i].removed)
        .map(|i| (i, g.units[i].known_combat))
        .collect()
}

fn new_lines(before: &SearchDestroy, after: &SearchDestroy, seat: u8) -> Vec<String> {
    let skip = before.log.seen_by(seat).len();
    after.log.seen_by(seat).entries()[skip..]
        .iter()
        .map(|e| e.english())
        .collect()
}

/// Plays seeded games and checks every position; returns how many were checked.
fn check_games(scenario: &str, seeds: std::ops::Range<u64>) -> usize {
    check_games_with(scenario, &Options::default(), seeds)
}

/// The bots' choice, except that a unit offered an Improved Position digs in one time in
/// three (the bots leave the optional rules' choices alone) [16.1].
pub(super) fn choose(
    bots: &mut [HeuristicBot; 2],
    rng: &mut Rng,
    g: &SearchDestroy,
    actions: &[Action],
) -> Action {
    if let Some(dig) = actions.iter().find(|a| matches!(a, Action::DigIn(_)))
        && rng.index(3) == 0
    {
        return dig.clone();
    }
    let seat = g.actor().unwrap().seat();
    bots[usize::from(seat)].choose(&g.view(seat), actions)
}

fn check_games_with(scenario: &str, options: &Options, seeds: std::ops::Range<u64>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let mut g = SearchDestroy::with_options(scenario, options, seed).unwrap();
        let mut digger = Rng::seeded(seed ^ 0x5A5A);
        let mut shuffler = Rng::seeded(seed ^ 0xA5A5);
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while g.outcome().is_none() {
            let swapped = reshuffled(&g, &mut shuffler);
            assert_eq!(
                handed(&g, 0),
                handed(&swapped, 0),
                "{scenario} seed {seed}: the US is handed something of a face-down counter at {:?}",
                g.step
            );
            if let Some(moved) = mine_moved(&g) {
                assert_eq!(
                    handed(&g, 0),
                    handed(&moved, 0),
                    "{scenario} seed {seed}: the US learns where a mine is at {:?}",
                    g.step
                );
            }
            if let Some(moved) = commander_moved(&g) {
                assert_eq!(
                    handed(&g, 1),
                    handed(&moved, 1),
                    "seed {seed}: the NLF learns where the commander lands"
                );
            }
            if let Some(other) = boarding_swapped(&g) {
                assert_eq!(
                    handed(&g, 1),
                    handed(&other, 1),
                    "seed {seed}: the NLF learns who boards"
                );
            }
            let actions = g.legal_actions();
            let action = choose(&mut bots, &mut digger, &g, &actions);
            // A step that turns nothing face-up writes the US the same lines whatever the
            // counters are (the result of fire at a back may tell "personnel or not" [6.0]).
            let mut after = g.clone();
            after.apply(&action).unwrap();
            let mut after_swapped = swapped.clone();
            if action != Action::Resolve
                && hidden_set(&g) == hidden_set(&after)
                && after_swapped.apply(&action).is_ok()
                && hidden_set(&swapped) == hidden_set(&after_swapped)
            {
                assert_eq!(
                    new_lines(&g, &after, 0),
                    new_lines(&swapped, &after_swapped, 0),
                    "seed {seed}: {action:?} tells the US what a back is"
                );
            }
            g = after;
            checked += 1;
        }
    }
    checked
}

#[test]
fn nothing_the_us_is_handed_depends_on_what_the_backs_hide() {
    let checked = check_games("basic", 0..4);
    assert!(checked > 500, "only {checked} positions");
}

/// The Standard game's secrets too: searched hexes, surprise attacks, traps, hiding again,
/// the order-of-battle roll and which units are out of command [11.0-15.0].
/// The scenarios with helicopter drops after the first game-turn [27.14, 27.25, 27.26]: the
/// US's landing choices and the landings are the same whatever the backs hide, and the NLF
/// does not learn who boards.
#[test]
fn nothing_the_us_is_handed_in_the_reinforcement_scenarios_depends_on_the_backs() {
    for scenario in ["clean_house", "pursuit_2nd_vc", "paul_revere_iv"] {
        assert!(check_games(scenario, 0..1) > 200, "{scenario}");
    }
}

#[test]
fn nothing_the_us_is_handed_in_the_standard_game_depends_on_the_backs() {
    let checked = check_games("standard", 0..4);
    assert!(checked > 500, "only {checked} positions");
}

/// Every optional rule written so far: improved positions (public), movement and fire, the
/// ambushes (the NLF's secret sheet) and units of fire (each side's secret) [16.0-19.0].
pub(super) fn all_options() -> Options {
    Options {
        improved_positions: true,
        movement_and_fire: true,
        ambush: true,
        increased_fire: true,
        interrogation: true,
        he_fire: true,
        casualties: true,
        helicopter_guns: true,
        ..Options::default()
    }
}

#[test]
fn nothing_the_us_is_handed_with_the_optional_rules_depends_on_the_backs() {
    let mut checked = check_games_with("basic", &all_options(), 0..2);
    checked += check_games_with("standard", &all_options(), 0..2);
    assert!(checked > 300, "only {checked} positions");
}

/// HE fire [21.0]: calls, scatter and patterns are public, and fire on face-down counters turns
/// up only what a scoring result shows; a miss tells the US nothing. Cocoa Beach allots
/// batteries, Phu Yen air strikes; the bots call them in.
#[test]
fn nothing_the_us_is_handed_with_he_fire_depends_on_the_backs() {
    let options = Options {
        he_fire: true,
        ..Options::default()
    };
    let mut checked = check_games_with("cocoa_beach", &options, 0..1);
    checked += check_games_with("phu_yen", &options, 0..1);
    assert!(checked > 300, "only {checked} positions");
}

/// The casualty system [20.0]: hits on face-down counters, markers, porters and snipers
/// removed, MEDEVAC flights, carried casualties: what the US is handed is the same whatever
/// the backs hide.
#[test]
fn nothing_the_us_is_handed_with_casualties_depends_on_the_backs() {
    let options = Options {
        casualties: true,
        ..Options::default()
    };
    let mut checked = check_games_with("basic", &options, 0..2);
    checked += check_games_with("standard", &options, 0..2);
    checked += check_games_with("cocoa_beach", &options, 0..1);
    assert!(checked > 500, "only {checked} positions");
}

/// Tanks and APCs [22.0]: the mine hexes are the NLF's until a vehicle runs onto one, and
/// which back carries an RPG-7 is a cadre's identity; both scenarios with vehicles, with and
/// without the other optional rules.
#[test]
fn nothing_the_us_is_handed_with_vehicles_depends_on_the_mines_or_the_backs() {
    // Cau Ke with HE fire, for the turret fire among the air strikes (with every option
    // below).
    let he = Options {
        he_fire: true,
        ..Options::default()
    };
    let mut checked = check_games("op_gibraltar", 0..1);
    checked += check_games_with("cau_ke", &he, 0..1);
    assert!(checked > 300, "only {checked} positions");
}

#[test]
fn the_mine_swap_finds_a_leak_when_there_is_one() {
    // A view that kept the mines would differ once one is moved.
    let mut g = SearchDestroy::new("cau_ke", 1).unwrap();
    g.vehicles.mines = vec![super::tests::h("2020")];
    let moved = mine_moved(&g).unwrap();
    assert_ne!(g.vehicles.mines, moved.vehicles.mines);
    assert_eq!(handed(&g, 0), handed(&moved, 0));
}

#[test]
fn the_us_view_never_carries_an_ambush_assignment() {
    // The first seed whose setup makes an ambush (a combat unit must see a dummy).
    let setup = |seed: u64| {
        let mut g = SearchDestroy::with_options("standard", &all_options(), seed).unwrap();
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        let mut rng = Rng::seeded(seed);
        while g.step == Step::Setup {
            let actions = g.legal_actions();
            let action = choose(&mut bots, &mut rng, &g, &actions);
            g.apply(&action).unwrap();
        }
        (g, bots, rng)
    };
    let (mut g, mut bots, mut rng) = (0..30)
        .map(setup)
        .find(|(g, _, _)| g.units.iter().any(|u| u.ambush.is_some()))
        .expect("some setup makes an ambush");
    while g.outcome().is_none() {
        assert!(g.view(0).units.iter().all(|u| u.ambush.is_none()));
        let actions = g.legal_actions();
        let action = choose(&mut bots, &mut rng, &g, &actions);
        g.apply(&action).unwrap();
    }
}

#[test]
fn the_us_view_carries_neither_the_order_of_battle_roll_nor_command_status() {
    let mut g = SearchDestroy::new("standard", 7).unwrap();
    let mut bots = [HeuristicBot::new(7), HeuristicBot::new(8)];
    let mut out_of_command = false;
    while g.outcome().is_none() {
        let us = g.view(0);
        assert_eq!(us.vob_roll, None);
        assert!(us.units.iter().all(|u| !u.uncontrolled));
        out_of_command |= g.units.iter().any(|u| u.uncontrolled);
        let seat = g.actor().unwrap().seat();
        let action = bots[usize::from(seat)].choose(&g.view(seat), &g.legal_actions());
        g.apply(&action).unwrap();
    }
    assert!(out_of_command, "the game never put a unit out of command");
}

#[test]
fn the_swap_finds_a_leak_when_there_is_one() {
    // The check itself can fail: a label that names a face-down counter differs when the
    // counters are dealt out again.
    let mut g = SearchDestroy::new("basic", 1).unwrap();
    let mut rng = Rng::seeded(3);
    let leak = |g: &SearchDestroy| -> String {
        g.units
            .iter()
            .filter(|u| u.hidden())
            .map(|u| u.spec().map_or("", |s| s.name.as_str()))
            .collect::<Vec<_>>()
            .join(",")
    };
    let swapped = reshuffled(&g, &mut rng);
    assert_ne!(leak(&g), leak(&swapped));
    // And the views of the two agree.
    g.log = swapped.log.clone();
    assert_eq!(handed(&g, 0), handed(&swapped, 0));
}

#[test]
fn neither_view_carries_the_other_sides_units_of_fire() {
    // Units of fire are each side's own record [19.0]: a whole bot game with every optional
    // rule, checked from both seats, spends some and never shows the enemy's.
    let mut g = SearchDestroy::with_options("standard", &all_options(), 5).unwrap();
    let mut bots = [HeuristicBot::new(5), HeuristicBot::new(6)];
    let mut rng = Rng::seeded(5);
    let mut spent = false;
    while g.outcome().is_none() {
        for (seat, side) in [
            (0, super::content::Side::Us),
            (1, super::content::Side::Nlf),
        ] {
            let view = g.view(seat);
            for (u, real) in view.units.iter().zip(&g.units) {
                if real.side == side {
                    assert_eq!(u.ammo, real.ammo);
                } else {
                    assert_eq!(u.ammo, super::fire_rate::Ammo::default());
                }
            }
        }
        spent |= g.units.iter().any(|u| {
            u.ammo
                .left
                .is_some_and(|l| Some(l) < SearchDestroy::full_fire(u))
        });
        let actions = g.legal_actions();
        let action = choose(&mut bots, &mut rng, &g, &actions);
        g.apply(&action).unwrap();
    }
    assert!(spent, "the game spent no unit of fire");
}

/// The same position with `side`'s plots struck out and its units not plotted to move, while
/// they are its secret [28.1].
fn plots_struck(g: &SearchDestroy, side: super::content::Side) -> Option<SearchDestroy> {
    let sim = &g.simultaneous;
    let theirs = |unit: usize| g.units[unit].side == side;
    if sim.executed
        || !sim
            .plots
            .iter()
            .any(|p| theirs(p.unit) && !p.route.is_empty())
    {
        return None;
    }
    let mut other = g.clone();
    for p in sim.plots.iter().filter(|p| theirs(p.unit)) {
        other.units[p.unit].moved = false;
        other.units[p.unit].spent = 0;
    }
    other.simultaneous.plots.retain(|p| !theirs(p.unit));
    if sim.taken.is_some_and(theirs) {
        other.simultaneous.taken = None;
    }
    Some(other)
}

/// Simultaneous movement [28.0]: until the plots are carried out, neither side is handed
/// anything of the other's plot — view, log, prompt, legal actions — and the lines written
/// when a side hands its plot in read the same for the other side whatever the plot is.
#[test]
fn neither_side_is_handed_the_others_plot() {
    use super::content::Side;
    use super::simultaneous::PlotAction;
    let options = Options {
        simultaneous: true,
        movement_and_fire: true,
        ..Options::default()
    };
    let mut checked = 0;
    for (scenario, seed) in [("basic", 0), ("standard", 1), ("standard", 2)] {
        let mut g = SearchDestroy::with_options(scenario, &options, seed).unwrap();
        let mut digger = Rng::seeded(seed);
        let mut bots = [HeuristicBot::new(seed), HeuristicBot::new(seed + 1)];
        while g.outcome().is_none() {
            let actions = g.legal_actions();
            let action = choose(&mut bots, &mut digger, &g, &actions);
            for side in [Side::Us, Side::Nlf] {
                let Some(struck) = plots_struck(&g, side) else {
                    continue;
                };
                let seat = side.other().seat();
                assert_eq!(
                    handed(&g, seat),
                    handed(&struck, seat),
                    "{scenario} seed {seed}: the {side:?} plot shows at {:?}",
                    g.step
                );
                if action == Action::Plot(PlotAction::Done) && g.step == Step::Plot(side) {
                    let (mut after, mut after_struck) = (g.clone(), struck.clone());
                    after.apply(&action).unwrap();
                    after_struck.apply(&action).unwrap();
                    assert_eq!(
                        new_lines(&g, &after, seat),
                        new_lines(&struck, &after_struck, seat),
                        "{scenario} seed {seed}: handing in the {side:?} plot tells the other side of it"
                    );
                }
                checked += 1;
            }
            g.apply(&action).unwrap();
        }
    }
    assert!(checked > 200, "only {checked} positions");
}

/// An advanced scenario with every optional rule (helicopter guns and units of fire among
/// them): whether the helicopter bringing an ammunition supply or a MEDEVAC waits for the
/// NLF's fire must not depend on which backs are hard-core or leaders [19.24, 20.61, 26.4].
#[test]
fn nothing_the_us_is_handed_in_an_advanced_scenario_with_every_option_depends_on_the_backs() {
    let checked = check_games_with("cau_ke", &all_options(), 0..2);
    assert!(checked > 300, "only {checked} positions");
}
