//! A mission of Skyhawk as plain view models: the [`MapScene`] of the map and the
//! [`CardRecord`] of the Mission Record Card. This is the only part of the Skyhawk art that
//! reads the rules state; every word the player reads is translated here or in the drawing.

use super::map::{MapScene, NvScene, PatrolScene, PoolRow, RescapScene, SarBox, Spot, UnitChip};
use super::record_card::{Cannon, CardRecord, Station};
use crate::art::board::View;
use crate::games::skyhawk::rules::content::{NvBoxKind, PylonId, TargetList, data};
use crate::games::skyhawk::rules::cycle::Slot;
use crate::games::skyhawk::rules::loadout::Tanks;
use crate::games::skyhawk::rules::rescap::{Attacker, Rescap, RescapKind};
use crate::games::skyhawk::rules::state::{
    CameDown, Ending, Experience, Group, LoadStage, MapBox, Skyhawk, SnakeMode, Step, Unit,
    UnitStatus,
};
use crate::i18n::gettext;

/// Everything the board draws: the map, the card, and the targets to light.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardScene {
    pub map: MapScene,
    pub card: CardRecord,
    pub highlighted: Vec<String>,
    pub hovered: Option<String>,
}

/// The board of `game`, with the view's targets highlighted and its hovered target lit.
pub fn board_scene(game: &Skyhawk, view: Option<&View>) -> BoardScene {
    BoardScene {
        map: map_scene(game),
        card: card_record(game),
        highlighted: view.map(|v| v.targets.clone()).unwrap_or_default(),
        hovered: view.and_then(|v| v.hovered.clone()),
    }
}

/// Still planning on deck: the target, the load and the support units are being chosen.
pub fn planning(game: &Skyhawk) -> bool {
    matches!(
        game.step,
        Step::ChooseList | Step::Loading(_) | Step::PickSupport { .. }
    )
}

/// Short name of a support type: "F-4B" of "F-4B Phantom II".
fn short_name(name: &str) -> String {
    name.split_whitespace().next().unwrap_or(name).to_owned()
}

fn nv_short(k: NvBoxKind) -> String {
    match k {
        NvBoxKind::Sa => gettext("SA"),
        NvBoxKind::Aaa => gettext("AAA"),
        NvBoxKind::Sam => gettext("SAM"),
        NvBoxKind::Mig => gettext("MiG"),
    }
}

/// What a support type may attack, e.g. "MiG AAA ECM".
fn attacks(kind: usize) -> String {
    let spec = &data().support[kind];
    let mut parts: Vec<String> = spec.attacks.iter().map(|&k| nv_short(k)).collect();
    if spec.ecm {
        parts.push(gettext("ECM"));
    }
    parts.join(" ")
}

fn chip(u: &Unit, fired: bool) -> UnitChip {
    UnitChip {
        name: short_name(&u.spec().name),
        attacks: attacks(u.kind),
        fired,
        dead: u.status == UnitStatus::Dead,
    }
}

/// The sea-rescue box of a pilot who ditched or bailed out [12.0, 13.0].
fn came_down(game: &Skyhawk) -> Option<SarBox> {
    Some(match game.came_down? {
        CameDown::Ditched => SarBox::Ditch,
        CameDown::BailedOut if game.at.over_land(game.minelaying()) => SarBox::BailOutLand,
        CameDown::BailedOut => SarBox::BailOutWater,
    })
}

/// The map of `game`.
pub fn map_scene(game: &Skyhawk) -> MapScene {
    let mut s = MapScene {
        minelaying: game.minelaying(),
        ..MapScene::default()
    };
    let lost = game.ending == Ending::Lost;
    let spot = match game.ending {
        Ending::Trapped | Ending::Mishap => Spot::Track(MapBox::Recovery),
        Ending::Lost => came_down(game).map_or(Spot::Track(game.at), Spot::Down),
        _ => Spot::Track(game.at),
    };
    s.lost = lost;
    // On deck no altitude has been chosen yet.
    let altitude = if planning(game) {
        String::new()
    } else {
        gettext(game.altitude.name())
    };
    s.skyhawk = Some((spot, altitude));
    if let Some(t) = &game.target {
        s.target = Some((gettext(t.kind.name()), t.name.clone()));
        if t.iron_hand() {
            s.target_sam = Some((game.target_sam.damage, game.target_sam.radar_on));
        }
        s.target_weather = Some(gettext(game.target_weather.name()));
        s.recovery_weather = Some(gettext(game.recovery_weather.name()));
    }
    for k in NvBoxKind::ALL {
        let nv = game.nv(k);
        s.nv[k.index()] = NvScene {
            suppressed: nv.suppressed,
            out: nv.out || (k == NvBoxKind::Mig && game.migs_gone),
            units: Vec::new(),
        };
    }
    let cycle = game.cycle.as_ref();
    if let Some(c) = cycle {
        s.cycle_in = Some(c.map_box);
        s.radar_on = c.radar_rolled.then_some(c.radar_on);
    }
    for (i, u) in game.units.iter().enumerate() {
        let slot = cycle.and_then(|c| c.slots.get(i).copied().flatten());
        let fired = cycle.is_some_and(|c| c.fired.get(i).copied().unwrap_or(false));
        let chip = chip(u, fired);
        match (u.status, slot) {
            (UnitStatus::Ready, Some(Slot::Nv(k))) => s.nv[k.index()].units.push(chip),
            (UnitStatus::Ready, Some(Slot::Ecm)) => s.ecm.push(chip),
            (UnitStatus::Ready, None) => s.ready.push(chip),
            _ => s.out.push(chip),
        }
    }
    s.rescap = game.rescap().map(|r| rescap_scene(game, r));
    if let (Some(d), Ending::Flying) = (&game.division, game.ending) {
        s.wingmen = d
            .flights
            .iter()
            .enumerate()
            .flat_map(|(f, flight)| {
                flight
                    .npcs
                    .iter()
                    .filter(|n| n.flying())
                    .map(move |n| (format!("{}-{}", f + 1, n.position), n.hits))
            })
            .collect();
    }
    if matches!(game.step, Step::PickSupport { .. }) {
        s.pool = data()
            .support
            .iter()
            .enumerate()
            .map(|(k, spec)| PoolRow {
                id: format!("support:{}", spec.id),
                name: spec.name.clone(),
                attacks: attacks(k),
                left: game.support_left(k),
                taken: game.units.iter().filter(|u| u.kind == k).count() as u8,
            })
            .collect();
    }
    s
}

/// The external tanks fitted, e.g. "300 gal centerline + 2×150 gal inboard".
pub fn tanks_text(t: Tanks) -> String {
    let centre = gettext("{n} gal centerline").replace("{n}", &t.centerline.to_string());
    let inboard = gettext("2×{n} gal inboard").replace("{n}", &t.inboard.to_string());
    match (t.centerline, t.inboard) {
        (0, 0) => gettext("no tanks"),
        (_, 0) => centre,
        (0, _) => inboard,
        _ => format!("{centre} + {inboard}"),
    }
}

/// The weapon group of a run, with the Snake Eye release mode.
fn group_text(g: Group) -> String {
    let name = g.weapon.spec().name.clone();
    match g.mode {
        Some(SnakeMode::Slick) => gettext("{weapon} (slick)").replace("{weapon}", &name),
        Some(SnakeMode::Drag) => gettext("{weapon} (drag)").replace("{weapon}", &name),
        None => name,
    }
}

/// A RESCAP under way: the patrols, who attacks them, the round and the aircraft left.
fn rescap_scene(game: &Skyhawk, r: &Rescap) -> RescapScene {
    let name = |a: Attacker| match a {
        Attacker::Unit(i) => match r.units.get(i).map(|u| u.kind) {
            Some(RescapKind::Helicopter) => "HH-53".to_owned(),
            _ => "A-1".to_owned(),
        },
        Attacker::Skyhawk(w) => game.who_name(w),
    };
    let patrols = r
        .patrols
        .iter()
        .enumerate()
        .map(|(b, p)| PatrolScene {
            suppressed: p.suppressed,
            out: p.out,
            attackers: r
                .placed
                .iter()
                .filter(|(_, on)| *on == b)
                .map(|&(a, _)| name(a))
                .collect(),
        })
        .collect();
    let alive = r.units.iter().filter(|u| u.alive).count();
    let summary = if r.arrival == 0 {
        gettext("Round {round}: the RESCAP aircraft are on their way")
    } else {
        gettext("Round {round}: the RESCAP aircraft come in round {arrival}; {alive} still flying")
    }
    .replace("{round}", &r.round.to_string())
    .replace("{arrival}", &r.arrival.to_string())
    .replace("{alive}", &alive.to_string());
    RescapScene { patrols, summary }
}

fn opt(v: impl ToString) -> Option<String> {
    Some(v.to_string())
}

/// The Mission Record Card of `game`.
pub fn card_record(game: &Skyhawk) -> CardRecord {
    let mut r = CardRecord {
        pilot: opt(&game.pilot.name),
        rank: opt(&game.pilot.rank),
        experience: Some(match game.pilot.experience {
            Experience::Green => 0,
            Experience::Experienced => 1,
            Experience::Veteran => 2,
        }),
        wounds: game.pilot.wounds,
        list: game
            .list
            .and_then(|l| TargetList::ALL.iter().position(|&x| x == l)),
        ..CardRecord::default()
    };
    if let Some(k) = &game.campaign {
        r.campaign = game.campaign_number().map(|n| n.to_string());
        r.mission = Some((k.pilot_missions + 1).to_string());
        r.date = Some(k.date());
    }
    if let Some(t) = &game.target {
        r.target = opt(&t.name);
        r.roll = opt(t.number);
        r.route_package = opt(&t.route_package);
        r.target_type = Some(gettext(t.kind.name()));
        r.weather = Some(
            gettext("target {target}, recovery {recovery}")
                .replace("{target}", &gettext(game.target_weather.name()))
                .replace("{recovery}", &gettext(game.recovery_weather.name())),
        );
    }
    if !planning(game) {
        r.altitude = Some(game.altitude as usize);
    }
    for (row, &n) in r.sections.iter_mut().zip(&game.damage.sections) {
        row.checked = n;
    }
    for (row, &n) in r.subsystems.iter_mut().zip(&game.damage.subsystems) {
        row.checked = n;
    }
    let full = data().aircraft.ammo_per_cannon;
    for i in 0..2 {
        r.cannons[i] = Cannon {
            destroyed: game.damage.cannons[i],
            used: full.saturating_sub(game.ammo[i]),
        };
    }
    r.strafing = Some(
        gettext("{n} of {max}")
            .replace("{n}", &game.strafing_runs.to_string())
            .replace("{max}", &data().aircraft.strafing_runs.to_string()),
    );
    let loaded = !matches!(
        game.step,
        Step::ChooseList | Step::Loading(LoadStage::Tanks)
    );
    if loaded {
        r.tanks = Some(tanks_text(game.loadout.tanks));
        r.weight = Some(gettext("{n} lb").replace("{n}", &game.loadout.total_weight().to_string()));
    }
    r.refuel_failed = game.no_refuel;
    r.bingo = game.bingo_pending;
    r.tank_pylon_lost = game.damage.tank_pylon_lost;
    r.stations = PylonId::ALL
        .iter()
        .map(|&p| Station {
            name: p.name().to_owned(),
            store: game.loadout.store(p).map(|s| s.label()),
            tank: match game.loadout.tanks.on(p) {
                0 => None,
                g => Some(gettext("{gal} gal tank").replace("{gal}", &g.to_string())),
            },
            destroyed: game.damage.pylons[p.index()],
        })
        .collect();
    r.runs = game
        .runs
        .iter()
        .map(|run| {
            [
                group_text(run.group),
                gettext(run.altitude.name()),
                if run.on_target {
                    gettext("on target")
                } else {
                    gettext("off target")
                },
                format!("{}%", run.percent),
            ]
        })
        .collect();
    if !planning(game) {
        r.points = opt(game.points());
    }
    r.notes = notes(game);
    r
}

/// The notes of the card: Lady Luck, the mission's events, the outcome.
fn notes(game: &Skyhawk) -> Vec<String> {
    let mut n = Vec::new();
    let count = |template: &str, v: u8| gettext(template).replace("{n}", &v.to_string());
    n.push(count("Lady Luck tokens: {n}", game.lady_luck));
    if game.re_attacks > 0 {
        n.push(count("Re-attacks: {n}", game.re_attacks));
    }
    if game.wave_offs > 0 {
        n.push(count("Wave-offs: {n}", game.wave_offs));
    }
    if game.mig_kill {
        n.push(gettext("MiG kill"));
    }
    if game.navigation_problem {
        n.push(gettext("Navigation problem"));
    }
    if game.damage.low_only() {
        n.push(gettext("Low altitude only (cockpit or oxygen)"));
    }
    if game.damage.probe_lost() {
        n.push(gettext("Refuelling probe lost (nose)"));
    }
    if !game.medals.is_empty() {
        let medals: Vec<String> = game.medals.iter().map(gettext).collect();
        n.push(gettext("Medals: {list}").replace("{list}", &medals.join(", ")));
    }
    if let Some(d) = &game.division {
        let flying = d
            .flights
            .iter()
            .flat_map(|f| &f.npcs)
            .filter(|n| n.flying())
            .count();
        n.push(
            gettext("Division — flying: {flying}, lost: {lost}, points: {points}")
                .replace("{flying}", &flying.to_string())
                .replace("{lost}", &d.skyhawks_lost().to_string())
                .replace("{points}", &d.points().to_string()),
        );
    }
    if game.ending != Ending::Flying {
        n.push(game.ending_text().render());
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bot::play_steps;
    use crate::engine::game::Game;
    use crate::engine::play::Playable;
    use crate::games::skyhawk::rules::Options;

    /// Every position of a bot mission.
    fn positions(seed: u64) -> Vec<Skyhawk> {
        let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
        let mut bot = <Skyhawk as Playable>::heuristic_bot(seed);
        let mut all = vec![g.clone()];
        while g.outcome().is_none() && all.len() < 300 {
            play_steps(&mut g, bot.as_mut(), 1).unwrap();
            all.push(g.clone());
        }
        all
    }

    fn chips(s: &MapScene) -> usize {
        s.ready.len()
            + s.ecm.len()
            + s.out.len()
            + s.nv.iter().map(|n| n.units.len()).sum::<usize>()
    }

    #[test]
    fn every_support_unit_is_on_the_map_once_and_placed_units_sit_in_their_boxes() {
        let mut placed = 0;
        for seed in 0..8 {
            for g in positions(seed) {
                let s = map_scene(&g);
                assert_eq!(chips(&s), g.units.len(), "seed {seed}");
                let in_boxes = s.ecm.len() + s.nv.iter().map(|n| n.units.len()).sum::<usize>();
                let in_slots = g.cycle.as_ref().map_or(0, |c| {
                    (0..g.units.len())
                        .filter(|&u| c.slots[u].is_some() && g.units[u].status == UnitStatus::Ready)
                        .count()
                });
                assert_eq!(in_boxes, in_slots, "seed {seed}");
                placed += in_boxes;
            }
        }
        assert!(placed > 0, "no unit was ever placed");
    }

    #[test]
    fn a_pilot_who_bails_out_or_ditches_is_shown_in_that_box() {
        let mut seen = [0; 3];
        for seed in 0..150 {
            let g = positions(seed).pop().unwrap();
            if g.ending != Ending::Lost {
                continue;
            }
            let spot = map_scene(&g).skyhawk.unwrap().0;
            let land = g.at.over_land(g.minelaying());
            let expected = match g.came_down {
                Some(CameDown::Ditched) => Spot::Down(SarBox::Ditch),
                Some(CameDown::BailedOut) if land => Spot::Down(SarBox::BailOutLand),
                Some(CameDown::BailedOut) => Spot::Down(SarBox::BailOutWater),
                None => Spot::Track(g.at),
            };
            assert_eq!(spot, expected, "seed {seed}");
            seen[match g.came_down {
                Some(CameDown::Ditched) => 0,
                Some(CameDown::BailedOut) => 1,
                None => 2,
            }] += 1;
        }
        assert!(seen[0] + seen[1] > 0, "no bail-out or ditching: {seen:?}");
    }
}
