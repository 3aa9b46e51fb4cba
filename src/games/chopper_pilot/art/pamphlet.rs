//! The Emergency Procedures pamphlet (digest 10.9, G22): a trifold of one landscape sheet
//! printed on both sides, six panels of the sequence of play and the numbers a pilot flies by.
//! Every number is read from the content the game plays with (the helicopters, the units, the
//! tables, the campaigns), and the movement costs from the rules' own cost of each step, so the
//! pamphlet cannot disagree with the game.
//!
//! Imposed for a roll fold: the outside carries the flap, the back cover and the front cover
//! from left to right; the inside the three panels read when it is opened. The flap's panel
//! folds in first and is a little narrower, so that it tucks under the others.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, measure, paragraph};
use crate::art::sheet::Table;
use crate::engine::message::{msg, msg_n, n_};
use crate::games::chopper_pilot::rules::content::{
    CampaignId, Class, Content, HeloType, Side, data,
};
use crate::games::chopper_pilot::rules::hex::Hex;
use crate::games::chopper_pilot::rules::movement::{Altitude, Flying, Limits, Step, cost};
use crate::i18n::gettext;

use super::paper::{GREEN, INK, NoteStyle, fold_marks, labelled, scratch};

/// How much narrower the panel that folds in is than the other two.
pub const TUCK: f64 = 2.0;
/// The margin inside each panel.
const MARGIN: f64 = 4.5;
const PAPER: u32 = 0xFBF8EE;
/// Type sizes of the running text, the headings and the tables' rows.
const TEXT: f64 = 2.75;
const HEADING: f64 = 3.4;
const ROW_H: f64 = 5.4;
/// The space after a block.
const GAP: f64 = 1.8;

/// The six panels, in the order they are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    /// The front cover: the title and the campaign.
    Cover,
    /// Inside, left (behind the cover): before the mission, the Operations Map, after it.
    Mission,
    /// Inside, middle: the tactical turn and the movement costs.
    Turn,
    /// Inside, right (folds in first): spotting and the helicopters' weapons.
    Weapons,
    /// Outside, left (the flap, seen when the cover is opened): the ground units.
    Ground,
    /// Outside, middle (the back cover): damage, forced landings and victory points.
    Damage,
}

impl Panel {
    pub const ALL: [Panel; 6] = [
        Panel::Cover,
        Panel::Mission,
        Panel::Turn,
        Panel::Weapons,
        Panel::Ground,
        Panel::Damage,
    ];
}

/// The panels of one side of the sheet, left to right, with the left edge and width of each on
/// a sheet `w` mm wide. The panel behind each is at the mirrored place of the other side, as
/// the sheet is turned over: the inside's right panel (narrow) backs the outside's left.
pub fn imposed(back: bool, w: f64) -> [(Panel, f64, f64); 3] {
    let wide = (w + TUCK) / 3.0;
    let narrow = wide - TUCK;
    if back {
        [
            (Panel::Mission, 0.0, wide),
            (Panel::Turn, wide, wide),
            (Panel::Weapons, 2.0 * wide, narrow),
        ]
    } else {
        [
            (Panel::Ground, 0.0, narrow),
            (Panel::Damage, narrow, wide),
            (Panel::Cover, narrow + wide, wide),
        ]
    }
}

/// One thing set on a panel, top to bottom.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// The cover's title band: the game, the title and a line below it.
    Title(String, String),
    Heading(String),
    Text(String),
    /// Numbered steps.
    Steps(Vec<String>),
    /// Labels with a note beside each.
    Notes(Vec<(String, String)>),
    /// A grid: its columns' shares of the width, the header row and the rows.
    Table(Vec<f64>, Vec<String>, Vec<Vec<String>>),
}

/// What a panel says, from the content the game plays with.
pub fn blocks(panel: Panel) -> Vec<Block> {
    blocks_of(panel, data())
}

/// What a panel says, from content `c`.
pub fn blocks_of(panel: Panel, c: &Content) -> Vec<Block> {
    match panel {
        Panel::Cover => cover(c),
        Panel::Mission => mission(c),
        Panel::Turn => turn(c),
        Panel::Weapons => weapons(c),
        Panel::Ground => ground(c),
        Panel::Damage => damage(c),
    }
}

fn heading(s: &str) -> Block {
    Block::Heading(gettext(s))
}

fn text(s: &str) -> Block {
    Block::Text(gettext(s))
}

fn cover(c: &Content) -> Vec<Block> {
    let primary = c.campaign(CampaignId::Primary);
    let sog = c.campaign(CampaignId::Sog);
    let sog_missions: usize = sog.months.iter().map(|m| m.missions.len()).sum();
    let luck = msg("Roll 1D10 for your pilot's Luck Factor (1 to {max}). Once a mission a roll of 1D10 at or under it lets a bad roll be made again.")
        .arg("max", c.career.luck_max)
        .render();
    let first = msg("Fly the missions of the Tour Card in order, from mission {first}. A mission an event took you away from is flown next, so none is skipped.")
        .arg("first", primary.first_mission)
        .render();
    let end = msg_n(
        "The tour ends after its last mission: the Primary campaign scores its victory points (back panel), then you may volunteer for MACV-SOG, whose tour of {n} mission is won by surviving it.",
        "The tour ends after its last mission: the Primary campaign scores its victory points (back panel), then you may volunteer for MACV-SOG, whose tour of {n} missions is won by surviving it.",
        sog_missions,
    )
    .arg("n", sog_missions)
    .render();
    vec![
        Block::Title(
            gettext("Emergency Procedures"),
            gettext("The sequence of play and the numbers you fly by"),
        ),
        text(
            "Print both sides of the sheet (two-sided, flip on short edge) and cut it out along the corner marks. Fold the narrower end panel in first, then fold this cover over it.",
        ),
        heading("The campaign"),
        Block::Steps(vec![
            gettext(
                "Choose the campaign: the Primary campaign with the 1st Air Cavalry, or MACV-SOG.",
            ),
            gettext(
                "Name your pilot, the aircraft commander. Pick a co-pilot from the pilot Crew Bio cards, a crew chief and a gunner from the gunner cards. Every skill starts at 0.",
            ),
            luck,
            gettext(
                "Shuffle the campaign's event decks once; a deck is shuffled again only when it runs out.",
            ),
            first,
            end,
        ]),
        text("If your pilot is killed or captured, the tour is over."),
    ]
}

fn mission(c: &Content) -> Vec<Block> {
    let huey = c.helicopter(HeloType::Huey);
    let load = msg_n(
        "Put each passenger or cargo counter in a passenger box: one counter a box, {n} box in a Huey.",
        "Put each passenger or cargo counter in a passenger box: one counter a box, {n} boxes in a Huey.",
        huey.passenger_boxes,
    )
    .arg("n", huey.passenger_boxes)
    .render();
    let table = |id: &str| format!("{} {}", id, gettext(&c.table(id).title));
    let skill = msg("Skill points: the briefing's award for a success. One level of a skill costs {cost} of them, up to +{max}, bought between missions.")
        .arg("cost", c.career.skill_cost)
        .arg("max", c.career.skill_max)
        .render();
    let undecided = msg("Judge whether the mission succeeded (half or more delivered, brought out or destroyed). Undecided: 1D6, 1 to {n} a success.")
        .arg("n", c.career.undecided_success_to)
        .render();
    let levels: Vec<String> = c
        .experience
        .iter()
        .skip(1)
        .map(|e| {
            let luck = match e.luck_from {
                Some(1) | None => gettext("Luck Factor +1"),
                Some(n) => msg("1D6 {from}+: Luck Factor +1").arg("from", n).render(),
            };
            msg("{level} after {missions}: {luck}")
                .term("level", e.name.clone())
                .arg("missions", e.missions)
                .arg("luck", luck)
                .render()
        })
        .collect();
    vec![
        heading("Before the mission"),
        Block::Steps(vec![
            gettext("Read the briefing in the Playbook."),
            gettext(
                "Take the Info Cards of the flight and choose the helicopter your crew flies. A wounded crew member is replaced by one with no skills.",
            ),
            load,
            gettext("Put the flight counter on the base of the briefing's Operations Map."),
        ]),
        heading("Operations Map"),
        Block::Table(
            vec![0.36, 0.64],
            vec![gettext("Where"), gettext("What happens")],
            vec![
                vec![gettext("Waypoint 1"), gettext("Enroute Event card")],
                vec![gettext("Waypoint 2"), table("H1")],
                vec![gettext("Target point"), table("H2")],
                vec![gettext("Tactical Map"), gettext("Fly the mission")],
                vec![gettext("First waypoint home"), gettext("Return Event card")],
                vec![gettext("Base"), table("F3")],
            ],
        ),
        text(
            "No movement points are spent here and altitude does not matter. A Choice or Re-direct paragraph may give the flight another mission, flown from the Tactical Map's entry.",
        ),
        heading("After the mission"),
        Block::Steps(vec![
            undecided,
            gettext("Primary campaign: score the victory points (back panel)."),
            skill,
            gettext("Wounded crew go to the Base Mat's hootches; the Info Cards are wiped clean."),
        ]),
        Block::Notes(vec![(gettext("Experience"), levels.join(" · "))]),
    ]
}

/// The cost of one step in the rules, from a helicopter at Low (or hovering, or at NOE, or
/// landed, as the step needs) with movement points to spare.
fn step_cost(step: Step) -> String {
    let mut f = Flying::new(Hex { q: 5, r: 5 }, 0, Altitude::Low);
    f.mp_left = 9;
    match step {
        Step::Slide(_) | Step::HoldHover => f.hovering = true,
        Step::Land => f.altitude = Altitude::Noe,
        Step::TakeOff | Step::Load | Step::Unload => f.altitude = Altitude::Landed,
        _ => {}
    }
    let limits = Limits {
        mp_change: 0,
        turn_cost: 1,
        no_hover: false,
        ceiling: Altitude::Medium,
    };
    cost(&f, step, &limits, true).map_or_else(|_| "–".to_owned(), |n| n.to_string())
}

fn turn(c: &Content) -> Vec<Block> {
    let mut mp_rows: Vec<Vec<String>> = Vec::new();
    for h in &c.helicopters {
        mp_rows.push(vec![
            h.id.name().to_owned(),
            h.mp.noe.to_string(),
            h.mp.low.to_string(),
            h.mp.medium.to_string(),
        ]);
    }
    let steps = [
        (Step::Forward, n_("One hex ahead")),
        (Step::Turn { clockwise: true }, n_("Turn one hexside")),
        (Step::EnterHover, n_("Enter a hover")),
        (Step::HoldHover, n_("Stay hovering")),
        (Step::Slide(3), n_("Sideways or back (hovering)")),
        (Step::Climb, n_("Climb or descend a level")),
        (Step::Land, n_("Land (from NOE)")),
        (Step::TakeOff, n_("Take off")),
        (Step::Load, n_("Load, or unload")),
    ];
    let costs = steps
        .iter()
        .map(|(s, what)| vec![gettext(*what), step_cost(*s)])
        .collect();
    vec![
        heading("Tactical turn"),
        Block::Steps(vec![
            gettext(
                "Primary campaign, while your helicopter flies on the map: a Combat Event card. A spawn is placed the distance from your helicopter in the direction shown (1 ahead, then clockwise), rolled on E2 and unspotted.",
            ),
            gettext(
                "Helicopter phase: each helicopter, in the order you choose, moves, spots and fires.",
            ),
            gettext(
                "Initiative: draw one chit from the cup (three US and three Vietnamese unless the briefing says otherwise).",
            ),
            gettext(
                "The side with the initiative acts with its ground units, then the other side.",
            ),
            gettext("Air strikes and artillery called last turn arrive; call new ones."),
            gettext(
                "Bookkeeping: roll for suppression, record damage, remove the Actions Over markers.",
            ),
        ]),
        heading("Helicopter movement"),
        Block::Table(
            vec![0.34, 0.22, 0.22, 0.22],
            vec![
                gettext("MP"),
                gettext("NOE"),
                gettext("Low"),
                gettext("Medium"),
            ],
            mp_rows,
        ),
        Block::Table(
            vec![0.78, 0.22],
            vec![gettext("Step"), gettext("MP")],
            costs,
        ),
        text(
            "Enter at Medium within two hexes of the entry hex and leave within two of the exit hex. One change of altitude a turn, except land, load or unload and take off again. Turn again only after a hex ahead, unless hovering. At most two helicopters at one altitude in a hex.",
        ),
    ]
}

/// A weapon's arc as the directions it covers (1 is ahead of the nose, then clockwise).
fn arc_text(arc: &[u8]) -> String {
    arc.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

fn weapons(c: &Content) -> Vec<Block> {
    let e3 = c.table("E3");
    let spot = msg("A unit a briefing or paragraph places starts spotted; a spawned one must be spotted before a helicopter fires at it: at a range of {range} or less and outside the blind sector straight astern (direction {blind}).")
        .arg("range", e3.value("range"))
        .arg("blind", e3.value("blind_sector") + 1)
        .render();
    let roll = msg("Your helicopter rolls on E3 with the better Perception of its pilots; any other helicopter needs {from} or more on 1D6. A unit that fires at a helicopter is spotted by all.")
        .arg("from", e3.value("other_helicopter_from"))
        .render();
    let mut rows = Vec::new();
    for h in &c.helicopters {
        // A line with the type's name above its weapons.
        let mut named = vec![String::new(); 5];
        named[0] = gettext(&h.name);
        rows.push(named);
        for w in &h.weapons {
            rows.push(vec![
                format!("  {}", gettext(&w.name)),
                gettext(w.operator.name()),
                w.range.to_string(),
                arc_text(&w.arc),
                format!("{} × {}", w.table, w.rolls),
            ]);
        }
    }
    let cobra = c.helicopter(HeloType::Cobra);
    let rockets = msg("Rockets fire in pairs, up to four pairs at one hex a turn, each pair rolling against every enemy unit there; the hexes around are suppressed. {pairs} pairs a mission.")
        .arg("pairs", cobra.rocket_pairs)
        .render();
    vec![
        heading("Spotting"),
        Block::Text(spot),
        Block::Text(roll),
        heading("Firing"),
        text(
            "A weapon fires once a turn, at any point of the helicopter's move, at a spotted enemy unit in its arc and range, never through a hex holding another helicopter at the same altitude. The target's defence and terrain modify the roll.",
        ),
        Block::Table(
            vec![0.36, 0.24, 0.14, 0.12, 0.14],
            vec![
                gettext("Weapon"),
                gettext("Fired by"),
                gettext("Range"),
                gettext("Arc"),
                gettext("Rolls"),
            ],
            rows,
        ),
        text("Arc: the directions from the nose (1 ahead, then clockwise) the weapon covers."),
        Block::Text(rockets),
        Block::Notes(vec![
            (
                "SUP".to_owned(),
                gettext(
                    "suppressed: no unit in the hex moves or shoots. In the Bookkeeping phase roll 1D6 for the hex: at or under the highest morale there, it is lifted.",
                ),
            ),
            (
                "DM".to_owned(),
                gettext("damaged: flip to the reduced side; a second DM destroys"),
            ),
            ("DE".to_owned(), gettext("destroyed: remove the unit")),
        ]),
    ]
}

fn ground(c: &Content) -> Vec<Block> {
    let move_and_shoot = msg("One action a turn: Move (all its MP), Shoot, or Move and Shoot (half its MP, then shoot at {drm}).")
        .arg("drm", c.combat.move_and_shoot)
        .render();
    // One line a Unit Card: the units it serves differ only in morale (an HQ's is higher).
    let span = |values: Vec<u8>| -> String {
        let (lo, hi) = (values.iter().min(), values.iter().max());
        match (lo, hi) {
            (Some(lo), Some(hi)) if lo == hi => lo.to_string(),
            (Some(lo), Some(hi)) => format!("{lo}–{hi}"),
            _ => String::new(),
        }
    };
    let rows: Vec<Vec<String>> = c
        .cards
        .iter()
        .map(|card| {
            let units: Vec<_> = c
                .units
                .iter()
                .filter(|u| u.card.as_deref() == Some(card.id.as_str()))
                .collect();
            vec![
                gettext(&card.name),
                span(units.iter().map(|u| u.mp).collect()),
                span(units.iter().map(|u| u.range).collect()),
                span(units.iter().map(|u| u.morale).collect()),
            ]
        })
        .collect();
    let class_name = |class: Class| match class {
        Class::Rpg => gettext("RPG team"),
        Class::Hmg => gettext("HMG team"),
        _ => gettext("Fireteam or HQ"),
    };
    let orders: Vec<(String, String)> = c
        .orders
        .iter()
        .map(|o| {
            (
                class_name(o.class),
                msg("shoots at a range of {shoot} or less, moves and shoots at {move_shoot} or less, else moves")
                    .arg("shoot", o.shoot_to)
                    .arg("move_shoot", o.move_and_shoot_to)
                    .render(),
            )
        })
        .collect();
    let enemy = c.units.iter().any(|u| u.side == Side::Enemy);
    let mut blocks = vec![
        heading("Ground units"),
        Block::Text(move_and_shoot),
        Block::Table(
            vec![0.49, 0.17, 0.17, 0.17],
            vec![
                gettext("Unit Card"),
                gettext("MP"),
                gettext("Range"),
                gettext("Morale"),
            ],
            rows,
        ),
        text(
            "Each counter shows its own morale; HQs fight as fireteams. At most three ground units in a hex. No unit fires through a hex holding American ground units. Terrain's defence always counts.",
        ),
    ];
    if enemy {
        blocks.push(heading("Enemy orders (G1)"));
        blocks.push(text("By the distance to its target: a helicopter in range first, else the closest American unit."));
        blocks.push(Block::Notes(orders));
    }
    blocks
}

fn damage(c: &Content) -> Vec<Block> {
    let hits = msg("C1 rolls for a hit on a helicopter: 1 for a fireteam or HQ, {hmg} for an HMG team, {rpg} for an RPG team.")
        .arg("hmg", c.combat.c1_rolls.hmg)
        .arg("rpg", c.combat.c1_rolls.rpg)
        .render();
    let crew = c
        .units
        .iter()
        .find(|u| u.class == Class::Crew)
        .map(|u| {
            msg_n(
                "A crew counter moves {mp} MP and has {steps} step and morale {morale}, but no attack.",
                "A crew counter moves {mp} MP and has {steps} steps and morale {morale}, but no attack.",
                u.steps,
            )
            .arg("mp", u.mp)
            .arg("steps", u.steps)
            .arg("morale", u.morale)
            .render()
        })
        .unwrap_or_default();
    let questions = [
        n_("Mission accomplished"),
        n_("No helicopter shot down"),
        n_("No crew member wounded"),
        n_("No crew member killed"),
        n_("No villagers killed"),
    ];
    let vp =
        msg("One victory point for each yes, {max} at most a mission (Primary campaign only):")
            .arg("max", c.career.vp_per_mission)
            .render();
    let mut bands: Vec<Vec<String>> = Vec::new();
    let mut top: Option<u16> = None;
    for b in &c.bands {
        let range = match top {
            Some(t) => format!("{}–{}", b.from, t - 1),
            None => format!("{}+", b.from),
        };
        bands.push(vec![range, gettext(&b.title)]);
        top = Some(b.from);
    }
    vec![
        heading("Damage"),
        Block::Text(hits),
        text(
            "Each C1 result checks the next box of that system on the Info Card; a coloured box's effect holds from then on (C2). A crew hit rolls F1 for where; wounded crew miss the missions it gives.",
        ),
        heading("Forced landing"),
        text(
            "A red box checked: the helicopter cannot fly. At Medium it crashes and all aboard are killed; at Low or NOE roll F2. On the Operations Map roll F2 unmodified.",
        ),
        text(
            "Landed: a wreck and the crew counter go in the hex; passengers get out. Your helicopter down: no more Combat Event cards.",
        ),
        Block::Text(crew),
        text(
            "A Huey with a free passenger box may pick it up; F4 calls for help; leaving by the edge the flight entered is rescue, by any other edge capture.",
        ),
        heading("Victory points"),
        Block::Text(vp),
        Block::Steps(questions.iter().map(|q| gettext(*q)).collect()),
        Block::Table(
            vec![0.3, 0.7],
            vec![gettext("Total VP"), gettext("Level of victory")],
            bands,
        ),
    ]
}

/// Draws a block with its top-left at (x, y) in `w`; returns its height with the gap after it.
pub fn draw_block(cr: &Context, b: &Block, x: f64, y: f64, w: f64) -> Result<f64, cairo::Error> {
    let h = match b {
        Block::Title(title, sub) => {
            Rgb::hex(GREEN).set(cr);
            cr.rectangle(x - MARGIN, y - MARGIN, w + 2.0 * MARGIN, 38.0);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            fitted_left(cr, x, y + 1.0, w, "Chopper Pilot Vietnam", Font::sans(4.4));
            fitted_left(cr, x, y + 8.0, w, title, Font::bold(6.4));
            let sub_font = Font::sans(3.4);
            paragraph(cr, x, y + 20.0, w, sub, &sub_font, Align::Left);
            38.0 - MARGIN + 1.5
        }
        Block::Heading(s) => {
            Rgb::hex(GREEN).set(cr);
            cr.rectangle(x, y, w, HEADING + 2.0);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            fitted_left(cr, x + 1.5, y + 0.8, w - 3.0, s, Font::bold(HEADING));
            HEADING + 2.4
        }
        Block::Text(s) => {
            Rgb::hex(INK).set(cr);
            paragraph(cr, x, y, w, s, &Font::sans(TEXT), Align::Left)
        }
        Block::Steps(steps) => {
            let mut h = 0.0;
            for (i, s) in steps.iter().enumerate() {
                Rgb::hex(GREEN).set(cr);
                fitted_left(cr, x, y + h, 3.5, &(i + 1).to_string(), Font::bold(TEXT));
                Rgb::hex(INK).set(cr);
                h += paragraph(
                    cr,
                    x + 4.0,
                    y + h,
                    w - 4.0,
                    s,
                    &Font::sans(TEXT),
                    Align::Left,
                ) + 0.6;
            }
            h
        }
        Block::Notes(notes) => {
            let style = NoteStyle {
                label: TEXT,
                note: TEXT,
                max_h: 30.0,
            };
            let column = notes
                .iter()
                .map(|(l, _)| measure(cr, l, &Font::bold(TEXT), None).0 + 2.0)
                .fold(0.0, f64::max)
                .min(w * 0.4);
            let mut h = 0.0;
            for (label, note) in notes {
                h += labelled(cr, x, y + h, w, Some(column), label, note, style) + 0.6;
            }
            h
        }
        Block::Table(cols, head, rows) => {
            let heads: Vec<&str> = head.iter().map(String::as_str).collect();
            let grid = Table {
                x,
                y,
                w,
                row_h: ROW_H,
                cols,
                printed_cols: cols.len(),
            };
            grid.draw(cr, &heads, rows)?
        }
    };
    Ok(h + GAP)
}

/// How far a panel's blocks run down from its top.
pub fn panel_height(panel: Panel, w: f64) -> Result<f64, cairo::Error> {
    let cr = scratch()?;
    let mut y = MARGIN;
    for b in blocks(panel) {
        y += draw_block(&cr, &b, MARGIN, y, w - 2.0 * MARGIN)?;
    }
    Ok(y)
}

/// Draws one panel `w × h` at the origin.
pub fn draw_panel(cr: &Context, panel: Panel, w: f64, h: f64) -> Result<(), cairo::Error> {
    Rgb::hex(PAPER).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    let mut y = MARGIN;
    for b in blocks(panel) {
        y += draw_block(cr, &b, MARGIN, y, w - 2.0 * MARGIN)?;
    }
    Ok(())
}

/// Draws one side of the sheet, `w × h` mm: three panels and the marks of the two folds.
pub fn draw_side(cr: &Context, back: bool, w: f64, h: f64) -> Result<(), cairo::Error> {
    let panels = imposed(back, w);
    for (panel, x, pw) in panels {
        cr.save()?;
        cr.translate(x, 0.0);
        cr.rectangle(0.0, 0.0, pw, h);
        cr.clip();
        let drawn = draw_panel(cr, panel, pw, h);
        cr.restore()?;
        drawn?;
    }
    fold_marks(cr, &[panels[1].1, panels[2].1], h)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chopper_pilot::rules::content::load;

    /// Every word of every panel, joined.
    fn said(c: &Content) -> String {
        let mut out = Vec::new();
        for panel in Panel::ALL {
            for b in blocks_of(panel, c) {
                match b {
                    Block::Title(a, b) => out.extend([a, b]),
                    Block::Heading(s) | Block::Text(s) => out.push(s),
                    Block::Steps(v) => out.extend(v),
                    Block::Notes(v) => out.extend(v.into_iter().flat_map(|(a, b)| [a, b])),
                    Block::Table(_, head, rows) => {
                        out.extend(head);
                        out.extend(rows.into_iter().map(|r| r.join(" | ")));
                    }
                }
            }
        }
        out.join("\n")
    }

    #[test]
    fn the_numbers_follow_the_content() {
        let plain = load().unwrap();
        let mut c = load().unwrap();
        c.career.luck_max += 3;
        c.career.skill_cost += 5;
        c.career.vp_per_mission += 7;
        c.combat.c1_rolls.hmg += 6;
        let huey = c
            .helicopters
            .iter_mut()
            .find(|h| h.id == HeloType::Huey)
            .unwrap();
        huey.passenger_boxes += 4;
        for h in &mut c.helicopters {
            h.mp.low += 20;
        }
        c.bands[0].from += 50;
        let before = said(&plain);
        let after = said(&c);
        let luck = format!("1 to {}", c.career.luck_max);
        let cost = format!("costs {} of them", c.career.skill_cost);
        let vp = format!("{} at most", c.career.vp_per_mission);
        let hmg = format!("{} for an HMG", c.combat.c1_rolls.hmg);
        let boxes = format!("{} boxes in a Huey", huey_boxes(&c));
        let band = format!("{}+", c.bands[0].from);
        let mut expected = vec![luck, cost, vp, hmg, boxes, band];
        for h in &c.helicopters {
            expected.push(format!(
                "{} | {} | {} | {}",
                h.id.name(),
                h.mp.noe,
                h.mp.low,
                h.mp.medium
            ));
        }
        for e in expected {
            assert!(after.contains(&e), "{e} is not said");
            assert!(!before.contains(&e), "{e} is said without the change");
        }
    }

    fn huey_boxes(c: &Content) -> u8 {
        c.helicopter(HeloType::Huey).passenger_boxes
    }

    #[test]
    fn the_step_costs_are_the_rules_costs() {
        // Hovering makes no hex ahead cheaper or dearer, but a sideways step is only for a
        // helicopter in a hover: its cost is a number, not the dash of a step not allowed.
        for step in [
            Step::Forward,
            Step::Turn { clockwise: true },
            Step::EnterHover,
            Step::HoldHover,
            Step::Slide(3),
            Step::Climb,
            Step::Land,
            Step::TakeOff,
            Step::Load,
        ] {
            let shown = step_cost(step);
            assert!(shown.parse::<u8>().is_ok(), "{step:?}: {shown}");
        }
    }
}
