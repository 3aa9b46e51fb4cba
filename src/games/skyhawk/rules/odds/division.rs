//! The decisions of 15.1–15.3 that lead straight to a roll: rolling for the position in the
//! division (S-7), letting no more Skyhawks stay over a downed pilot (the rescuers' arrival,
//! S-11), and sending an attacker at an NVA Patrol box (Table 11).

use super::super::content::data;
use super::super::division::Ask;
use super::super::state::Skyhawk;
use super::distinct_cells;
use crate::engine::message::{Message, msg};

impl Skyhawk {
    pub(super) fn division_odds(&self, ask: Ask) -> Vec<(Message, f64)> {
        match ask {
            Ask::Position => one_column_odds("S-7", |cell| {
                msg("Roll for the position: position {p}").arg("p", cell.to_owned())
            }),
            Ask::Stay => one_column_odds("S-11", |cell| {
                msg("No more stay: the rescuers arrive in round {n}").arg("n", cell.to_owned())
            }),
            Ask::Place => self.patrol_attack_odds(),
            _ => Vec::new(),
        }
    }

    /// For each NVA Patrol box the attacker being placed may join: the chance its attack
    /// Suppresses the box and the chance it Knocks it Out.
    fn patrol_attack_odds(&self) -> Vec<(Message, f64)> {
        let Some(r) = self.rescap() else {
            return Vec::new();
        };
        let Some(&head) = r.queue.first() else {
            return Vec::new();
        };
        let name = self.attacker_name(head);
        let t11 = data().table("11");
        let (column, drms) = self.rescap_attack_roll();
        let c = t11.column(column).unwrap_or(0);
        let chance = |result: &str| t11.chance(c, &drms, |cell| cell == result);
        let mut odds = Vec::new();
        for b in r.open_boxes() {
            odds.push((
                msg("{aircraft} at NVA Patrol box {n}: Suppressed")
                    .arg("aircraft", &name)
                    .arg("n", b + 1),
                chance("suppressed"),
            ));
            odds.push((
                msg("{aircraft} at NVA Patrol box {n}: Knocked Out")
                    .arg("aircraft", &name)
                    .arg("n", b + 1),
                chance("out"),
            ));
        }
        odds
    }
}

/// Each result of an unmodified roll on a one-column table, labelled by `label`.
fn one_column_odds(table: &str, label: impl Fn(&str) -> Message) -> Vec<(Message, f64)> {
    let t = data().table(table);
    distinct_cells(t, 0)
        .into_iter()
        .map(|cell| (label(cell), t.chance(0, &Default::default(), |c| c == cell)))
        .collect()
}
