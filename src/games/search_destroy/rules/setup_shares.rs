//! Where the NLF tends to set up each kind of counter (`belief.toml`): not a rule but what the
//! US computer expects of its opponent (digest 10.3–10.4: combat units, leaders and caches in
//! cover, peasants in villages and fields). The US belief weighs each way of dealing the
//! face-down counters by how well it fits the terrain they were first seen in.

use serde::Deserialize;

use super::content::CounterSpec;
use super::map::{Map, Terrain};
use crate::engine::content::Source;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharesFile {
    /// How much of the map's own terrain mix is blended into every kind's shares, so that no
    /// kind is ever ruled out by the hex it stands in (0 to 1).
    pub blend: f64,
    pub setup: Vec<SetupRecord>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupRecord {
    /// A counter id of forces.toml.
    pub kind: String,
    pub open: f64,
    pub building: f64,
    pub broken: f64,
    pub treeline: f64,
    pub forest: f64,
    pub source: Source,
}

/// Per counter kind (indexed like the content's counters), the chance that a counter of that
/// kind is set up in each terrain ([`Terrain::ALL`] order); `None` for a kind the file does not
/// list (nothing is assumed of it).
#[derive(Debug, Default)]
pub struct SetupShares {
    pub blend: f64,
    shares: Vec<Option<[f64; 5]>>,
    /// The map's own share of each terrain.
    map: [f64; 5],
}

impl SetupShares {
    /// Checks the file against the counters: known kinds, listed once, shares that are
    /// chances summing to 1.
    pub fn check(
        file: SharesFile,
        counters: &[CounterSpec],
        map: &Map,
    ) -> Result<SetupShares, String> {
        if !(0.0..=1.0).contains(&file.blend) {
            return Err(format!("blend: {} is not between 0 and 1", file.blend));
        }
        let mut shares = vec![None; counters.len()];
        for (i, r) in file.setup.iter().enumerate() {
            let kind = counters
                .iter()
                .position(|c| c.id == r.kind)
                .ok_or_else(|| format!("setup[{i}].kind: '{}' is no counter", r.kind))?;
            if shares[kind].is_some() {
                return Err(format!("setup[{i}].kind: '{}' is listed twice", r.kind));
            }
            let row = [r.open, r.building, r.broken, r.treeline, r.forest];
            if row.iter().any(|s| !(0.0..=1.0).contains(s)) {
                return Err(format!(
                    "setup[{i}]: a share of '{}' is not between 0 and 1",
                    r.kind
                ));
            }
            let sum: f64 = row.iter().sum();
            if (sum - 1.0).abs() > 0.01 {
                return Err(format!(
                    "setup[{i}]: the shares of '{}' add up to {sum:.3}, not 1",
                    r.kind
                ));
            }
            shares[kind] = Some(row);
        }
        let mut hexes = [0.0; 5];
        for hex in map.hexes() {
            hexes[terrain_index(map.terrain(hex))] += 1.0;
        }
        let total: f64 = hexes.iter().sum::<f64>().max(1.0);
        Ok(SetupShares {
            blend: file.blend,
            shares,
            map: hexes.map(|n| n / total),
        })
    }

    /// The chance that a counter of `kind` was set up in `terrain`, blended with the map's
    /// share of that terrain; the map's share alone for a kind not listed.
    pub fn chance(&self, kind: usize, terrain: Terrain) -> f64 {
        let at = terrain_index(terrain);
        match self.shares.get(kind).copied().flatten() {
            Some(row) => (1.0 - self.blend) * row[at] + self.blend * self.map[at],
            None => self.map[at],
        }
    }
}

fn terrain_index(terrain: Terrain) -> usize {
    Terrain::ALL.iter().position(|&t| t == terrain).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::search_destroy::rules::content::data;

    fn file(text: &str) -> SharesFile {
        toml::from_str(text).unwrap()
    }

    fn row(kind: &str, open: f64, forest: f64) -> String {
        format!(
            "[[setup]]\nkind = \"{kind}\"\nopen = {open}\nbuilding = 0.0\nbroken = 0.0\n\
             treeline = 0.0\nforest = {forest}\nsource = \"recon\"\n"
        )
    }

    #[test]
    fn a_faulty_file_names_the_record_and_the_fault() {
        let c = data();
        let check = |text: &str| SetupShares::check(file(text), &c.counters, &c.map).unwrap_err();
        let unknown = check(&format!("blend = 0.1\n{}", row("tank_destroyer", 0.5, 0.5)));
        assert_eq!(unknown, "setup[0].kind: 'tank_destroyer' is no counter");
        let twice = format!(
            "blend = 0.1\n{}{}",
            row("peasant", 0.5, 0.5),
            row("peasant", 1.0, 0.0)
        );
        assert_eq!(check(&twice), "setup[1].kind: 'peasant' is listed twice");
        let sum = check(&format!("blend = 0.1\n{}", row("peasant", 0.5, 0.2)));
        assert_eq!(
            sum,
            "setup[0]: the shares of 'peasant' add up to 0.700, not 1"
        );
        assert_eq!(
            check("blend = 2.0\nsetup = []"),
            "blend: 2 is not between 0 and 1"
        );
    }

    #[test]
    fn a_listed_kind_leans_to_its_terrain_and_never_to_zero() {
        let c = data();
        let text = format!("blend = 0.1\n{}", row("peasant", 1.0, 0.0));
        let shares = SetupShares::check(file(&text), &c.counters, &c.map).unwrap();
        let peasant = c.counter_index("peasant").unwrap();
        let open = shares.chance(peasant, Terrain::Open);
        let forest = shares.chance(peasant, Terrain::Forest);
        assert!(
            open > 0.9 && forest > 0.0 && forest < 0.1,
            "{open} {forest}"
        );
        // A kind the file does not list: the map's own mix.
        let dummy = c.counter_index("dummy").unwrap();
        let mix: f64 = Terrain::ALL.iter().map(|&t| shares.chance(dummy, t)).sum();
        assert!((mix - 1.0).abs() < 1e-9, "{mix}");
    }
}
