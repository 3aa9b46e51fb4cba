//! The US chain of command [13.23, 13.24, 24.33-24.36]. Each US unit belongs to a company and,
//! below its command level, to a platoon; the counters' designations (2/2/A: the second squad
//! of A company's second platoon) say which. A leader who loses his leadership passes the loss
//! down: a platoon leader's squads, a company commander's platoon leaders and company units, a
//! battalion commander's company commanders each roll, losing it on 1-3 (the battalion by the
//! digest's extension of the chart of 24.35), and a leader so affected passes it on in turn.
//!
//! The organisation comes from the scenario's formations (`forces.toml`): each formation named
//! in the scenario is one company (it has a company commander) or one platoon of the
//! scenario's loose company. Counters named one by one belong to the loose company's command
//! level, under its commander if it has one: in the Standard game the company commander is
//! the only leader, so every squad rolls when he loses his (digest 4.4.5, item 6).

use serde::{Deserialize, Serialize};

use super::content::{Content, Scenario, Side};
use super::state::{SearchDestroy, Unit};
use crate::engine::message::{Message, msg};

/// A unit's place in the organisation: company 0 is the scenario's loose company (counters
/// named one by one, and platoons named without a company); platoon 0 is the company's
/// command level; `squad` numbers a platoon's squads from 1 (0 for everyone else).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Org {
    pub company: u8,
    pub platoon: u8,
    #[serde(default)]
    pub squad: u8,
}

impl Org {
    /// The designation printed on the counter [24.36]: "2/3/A" for the second squad of A
    /// company's third platoon, "3/A" for that platoon's leader, "A" for a company unit;
    /// without a company letter for the scenario's loose platoons. Empty for a unit of the
    /// loose company's command level.
    pub fn designation(&self, leader: bool) -> String {
        let company = (self.company > 0).then(|| char::from(b'A' + (self.company - 1) % 26));
        let mut parts: Vec<String> = Vec::new();
        if self.platoon > 0 {
            if self.squad > 0 && !leader {
                parts.push(self.squad.to_string());
            }
            parts.push(self.platoon.to_string());
        }
        parts.extend(company.map(String::from));
        parts.join("/")
    }
}

/// Gives every US unit its company and platoon. Formation instances are taken in the order
/// units are dealt to the scenario's entries (named entries first, then the rest), so that a
/// company that arrives later is the one its entry names.
pub fn organize(scen: &Scenario, content: &Content, units: &mut [Unit]) {
    let mut instances: Vec<(&str, u8)> = Vec::new();
    let mut named: std::collections::BTreeMap<&str, u8> = Default::default();
    for e in scen.entry.iter().filter(|e| !e.rest && e.side == Side::Us) {
        for (id, &n) in &e.units {
            instances.push((id.as_str(), n));
            *named.entry(id.as_str()).or_default() += n;
        }
    }
    for (id, &n) in scen.forces(Side::Us) {
        let left = n.saturating_sub(named.get(id.as_str()).copied().unwrap_or(0));
        instances.push((id.as_str(), left));
    }
    let mut taken = vec![false; units.len()];
    let mut next = |units: &mut [Unit], counter: &str, org: Org| {
        let found = (0..units.len()).find(|&i| {
            !taken[i]
                && units[i].side == Side::Us
                && units[i].spec().is_some_and(|s| s.id == counter)
        });
        if let Some(i) = found {
            taken[i] = true;
            units[i].org = org;
        }
    };
    let (mut companies, mut loose_platoons) = (0u8, 0u8);
    for (id, n) in instances {
        for _ in 0..n {
            let Some(f) = content.formation(id) else {
                next(units, id, Org::default());
                continue;
            };
            let company = f.units.iter().any(|u| u.counter == "company_commander");
            let (c, base) = if company {
                companies += 1;
                (companies, 0)
            } else {
                let base = loose_platoons;
                loose_platoons += f.units.iter().flat_map(|u| &u.platoons).max().unwrap_or(&0);
                (0, base)
            };
            // Squads are numbered within their platoon, across the formation's lines.
            let mut squads: std::collections::BTreeMap<u8, u8> = Default::default();
            for line in &f.units {
                let each = usize::from(line.count) / line.platoons.len().max(1);
                let squad_line = line.counter.contains("squad");
                for k in 0..usize::from(line.count) {
                    let platoon = line.platoons.get(k / each.max(1)).map_or(0, |p| base + p);
                    let squad = if squad_line && platoon > 0 {
                        let n = squads.entry(platoon).or_default();
                        *n += 1;
                        *n
                    } else {
                        0
                    };
                    next(
                        units,
                        &line.counter,
                        Org {
                            company: c,
                            platoon,
                            squad,
                        },
                    );
                }
            }
        }
    }
}

impl SearchDestroy {
    /// A US unit's name with its designation, "US Squad 2/3/A" (the name alone without one).
    pub fn designated_name(&self, i: usize) -> Message {
        let u = &self.units[i];
        let name = u.spec().map_or("", |s| s.name.as_str());
        let designation = u.org.designation(u.is("platoon_leader"));
        if designation.is_empty() {
            msg("{unit}").term("unit", name)
        } else {
            // Translators: a US unit and its counter's designation, "US Squad 2/3/A" (the
            // squad, platoon and company) [24.36].
            msg("{unit} {designation}")
                .term("unit", name)
                .arg("designation", designation)
        }
    }

    fn is_commander(&self, i: usize) -> bool {
        let u = &self.units[i];
        u.is("company_commander") || u.is("battalion_commander")
    }

    /// The leader whose loss of leadership reaches unit `i`, if one is on the map [24.35].
    pub fn leader_of(&self, i: usize) -> Option<usize> {
        let u = &self.units[i];
        let org = u.org;
        let on_map = |j: usize| self.units[j].side == Side::Us && self.units[j].on_map();
        let find = |pred: &dyn Fn(&Unit) -> bool| {
            (0..self.units.len()).find(|&j| j != i && on_map(j) && pred(&self.units[j]))
        };
        if u.is("battalion_commander") {
            None
        } else if u.is("company_commander") {
            find(&|l| l.is("battalion_commander"))
        } else if org.platoon != 0 && !u.is("platoon_leader") {
            // A platoon without its leader answers to the company commander.
            let same = |l: &Unit| (l.org.company, l.org.platoon) == (org.company, org.platoon);
            find(&|l| l.is("platoon_leader") && same(l))
                .or_else(|| find(&|l| l.is("company_commander") && l.org.company == org.company))
        } else {
            find(&|l| l.is("company_commander") && l.org.company == org.company)
        }
    }

    /// The units on the map that a loss of `leader`'s leadership reaches directly.
    pub fn commanded_by(&self, leader: usize) -> Vec<usize> {
        if !(self.is_commander(leader) || self.units[leader].is("platoon_leader")) {
            return Vec::new();
        }
        (0..self.units.len())
            .filter(|&j| {
                let u = &self.units[j];
                u.side == Side::Us
                    && u.on_map()
                    && u.class().is_some_and(super::content::Class::personnel)
                    && self.leader_of(j) == Some(leader)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::state::SearchDestroy;
    use super::super::tests::{h, rigged};
    use super::Org;
    use crate::engine::dice::d6;
    use crate::engine::rng::Rng;

    /// A scenario's game with every US unit on the map, at game-turn 5.
    fn all_on_map(scenario: &str) -> SearchDestroy {
        let mut g = SearchDestroy::new(scenario, 1).unwrap();
        g.turn = 5;
        for u in g.units.iter_mut().filter(|u| u.side == Side::Us) {
            u.hex = Some(h("1010"));
        }
        g
    }

    /// The units of kind `id` in the company and platoon of `org`.
    fn find(g: &SearchDestroy, id: &str, org: Org) -> Vec<usize> {
        (0..g.units.len())
            .filter(|&i| {
                let o = g.units[i].org;
                g.units[i].side == Side::Us
                    && g.units[i].is(id)
                    && (o.company, o.platoon) == (org.company, org.platoon)
            })
            .collect()
    }

    fn org(company: u8, platoon: u8) -> Org {
        Org {
            company,
            platoon,
            squad: 0,
        }
    }

    #[test]
    fn designations_24_36_name_squad_platoon_and_company() {
        let g = SearchDestroy::new("clean_house", 1).unwrap();
        let names = |id: &str, o: Org| -> Vec<String> {
            find(&g, id, o)
                .iter()
                .map(|&i| g.units[i].org.designation(g.units[i].is("platoon_leader")))
                .collect()
        };
        assert_eq!(
            names("us_squad", org(1, 2)),
            ["1/2/A", "2/2/A", "3/2/A", "4/2/A"]
        );
        assert_eq!(names("us_weapons_squad", org(2, 4)), ["1/4/B", "2/4/B"]);
        assert_eq!(names("platoon_leader", org(3, 1)), ["1/C"]);
        assert_eq!(names("medical_team", org(1, 0)), ["A", "A", "A"]);
        let standard = SearchDestroy::new("standard", 1).unwrap();
        assert!(
            standard
                .units
                .iter()
                .all(|u| u.org.designation(false).is_empty())
        );
    }

    #[test]
    fn every_company_has_the_platoons_of_the_command_chart_24_35() {
        // Clean House: three companies, each coming in by its own helidrop [27.14].
        let g = SearchDestroy::new("clean_house", 1).unwrap();
        for c in 1..=3 {
            let count = |id: &str, p: u8| find(&g, id, org(c, p)).len();
            assert_eq!(count("company_commander", 0), 1);
            for p in 1..=4 {
                assert_eq!(count("platoon_leader", p), 1, "company {c} platoon {p}");
            }
            for p in 1..=3 {
                assert_eq!(count("us_squad", p), 4, "company {c} platoon {p}");
            }
            // The fourth platoon is the two-squad reserve [24.36].
            assert_eq!(count("us_weapons_squad", 4), 2);
            assert_eq!(count("arvn_intelligence", 0), 1);
            assert_eq!(count("medical_team", 0), 3);
            assert_eq!(count("forward_observer", 0), 2);
            // A company comes in whole, by the entry that names it.
            let members: Vec<usize> = (0..g.units.len())
                .filter(|&i| g.units[i].side == Side::Us && g.units[i].org.company == c)
                .collect();
            let entry = g.entry_of(members[0]).map(|e| e.turns.clone());
            assert!(
                members
                    .iter()
                    .all(|&i| g.entry_of(i).map(|e| e.turns.clone()) == entry)
            );
        }
        assert_eq!(find(&g, "battalion_commander", org(0, 0)).len(), 1);
    }

    #[test]
    fn each_leader_commands_the_units_the_chart_gives_him() {
        let mut g = all_on_map("clean_house");
        let cc = find(&g, "company_commander", org(1, 0))[0];
        let pl = find(&g, "platoon_leader", org(1, 1))[0];
        let bn = find(&g, "battalion_commander", org(0, 0))[0];
        // 13.23: a platoon leader, his four squads.
        assert_eq!(g.commanded_by(pl), find(&g, "us_squad", org(1, 1)));
        // 13.24: a company commander, his four platoon leaders and the company's own units.
        let under = g.commanded_by(cc);
        assert_eq!(under.len(), 4 + 1 + 3 + 2);
        assert!(under.iter().all(|&i| g.units[i].org.company == 1));
        assert!(under.iter().all(|&i| !g.units[i].is("us_squad")));
        // 24.35: the battalion commander, the company commanders.
        assert_eq!(g.commanded_by(bn).len(), 3);
        assert_eq!(g.leader_of(cc), Some(bn));
        // A squad of the reserve platoon answers to its own platoon leader; without him, to
        // the company commander.
        let reserve = find(&g, "us_weapons_squad", org(1, 4))[0];
        assert_eq!(
            g.leader_of(reserve),
            Some(find(&g, "platoon_leader", org(1, 4))[0])
        );
        let squad = find(&g, "us_squad", org(1, 1))[0];
        g.units[pl].hex = None;
        assert_eq!(g.leader_of(squad), Some(cc));
        // A squad leads nobody.
        assert!(g.commanded_by(squad).is_empty());
    }

    #[test]
    fn a_platoon_leaders_loss_makes_his_squads_roll_one_to_three_13_23() {
        let mut g = all_on_map("clean_house");
        let pl = find(&g, "platoon_leader", org(2, 3))[0];
        let squads = g.commanded_by(pl);
        // The leader rolls 1 (lost for 2 / 2 = 1 game-turn); his squads roll 3 (lost, for
        // 1 game-turn), 5, 5 and 5.
        g.rng = rigged(&[1, 2, 3, 1, 5, 5, 5]);
        g.leadership_rolls(&[pl]);
        assert_eq!(g.units[pl].leaderless_until, 6);
        let lost: Vec<u8> = squads
            .iter()
            .map(|&i| g.units[i].leaderless_until)
            .collect();
        assert_eq!(lost, vec![6, 0, 0, 0]);
        let rolls = g.log.entries().iter().filter(|e| e.rule == "13.23").count();
        assert_eq!(rolls, 4, "each of his squads rolls, no other unit");
        // The log names each unit by its designation.
        let lines: Vec<String> = g.log.entries().iter().map(|e| e.english()).collect();
        assert!(
            lines
                .iter()
                .any(|l| l.contains("Platoon Leader 3/B at 1010 loses")),
            "{lines:?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.contains("for the US Infantry Squad 2/3/B at 1010"))
        );
    }

    #[test]
    fn a_commanders_loss_passes_down_through_his_platoon_leaders_13_24() {
        // Whatever the dice, every unit under the commander rolls once, and the squads of
        // each platoon leader who lost his leadership roll too.
        for seed in 0..20u64 {
            let mut g = all_on_map("clean_house");
            let cc = find(&g, "company_commander", org(3, 0))[0];
            let under = g.commanded_by(cc);
            // The commander's own roll is a 1; the rest follows the seed.
            g.rng = (seed * 1000..)
                .map(Rng::seeded)
                .find(|r| d6(&mut r.clone()).total == 1)
                .unwrap();
            g.leadership_rolls(&[cc]);
            let rolls = |rule: &str| g.log.entries().iter().filter(|e| e.rule == rule).count();
            assert!(g.units[cc].leaderless_until > 0);
            assert_eq!(rolls("13.24"), under.len(), "seed {seed}");
            let squads_rolled = rolls("13.23");
            let expected: usize = under
                .iter()
                .filter(|&&i| g.units[i].leaderless_until > 0)
                .map(|&i| g.commanded_by(i).len())
                .sum();
            assert_eq!(squads_rolled, expected, "seed {seed}");
        }
    }

    #[test]
    fn choices_name_us_units_by_their_designation() {
        let select = |scenario: &str, o: Org| {
            let g = all_on_map(scenario);
            let squad = find(&g, "us_squad", o)[0];
            g.label(&super::super::play::Action::Select(squad))
                .english()
        };
        let text = select("clean_house", org(2, 3));
        assert!(text.contains("US Infantry Squad 1/3/B at 1010"), "{text}");
        // Without a designation, the name alone, as before.
        let text = select("standard", org(0, 0));
        assert!(text.contains("US Infantry Squad at 1010"), "{text}");
    }

    #[test]
    fn loose_platoons_and_the_standard_games_commander() {
        // The Standard game names squads one by one: the company commander leads them all
        // (digest 4.4.5, item 6).
        let g = all_on_map("standard");
        let cc = find(&g, "company_commander", org(0, 0))[0];
        assert_eq!(g.commanded_by(cc), find(&g, "us_squad", org(0, 0)));
        // Kien Phuong: a US and two ARVN platoons without a company commander, each under its
        // own leader; the ARVN platoon's intelligence team is the platoon's.
        let g = all_on_map("kien_phuong");
        let leaders: Vec<usize> = (1..=3)
            .map(|p| find(&g, "platoon_leader", org(0, p))[0])
            .collect();
        let sizes: Vec<usize> = leaders.iter().map(|&l| g.commanded_by(l).len()).collect();
        let mut sorted = sizes.clone();
        sorted.sort();
        assert_eq!(sorted, vec![4, 4, 4], "{sizes:?}");
    }
}
