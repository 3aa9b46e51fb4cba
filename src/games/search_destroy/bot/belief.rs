//! What the US believes of the NLF's face-down counters (digest 10.3): for every counter whose
//! identity it has not seen, a probability over the counter kinds, kept consistent with the
//! scenario's order of battle (or the three columns of the variable one, equally likely before
//! the counters are counted) by sampling complete assignments of the unseen kinds to the unseen
//! counters, each conditioned on what the US has seen:
//! - a counter once seen face-up keeps its identity when it hides again [11.0];
//! - set-up terrain: peasants only in clear, broken, building or treeline hexes, at most two
//!   of them in treelines [9.11];
//! - a counter that ever moved is neither a peasant, a cache nor a trap [5.25];
//! - one that carries is a porter or a dummy, one carried a cache or a dummy [5.31, 5.39];
//! - a search's answer whether its hex held a combat unit [12.0];
//! - where each kind tends to be set up (`belief.toml`: combat units and caches in cover,
//!   peasants in villages and fields), a preference and never a rule.
//!
//! The sampler deals the unseen kinds out counter by counter, each among the kinds it may
//! still be, and weighs each complete assignment by how likely a blind deal would have been to
//! produce it, times how well each kind fits its counter's set-up terrain (sequential
//! importance sampling), so the marginals are those of a deal weighed by the set-up shares and
//! conditioned on every observation.

use crate::engine::rng::Rng;
use crate::games::search_destroy::rules::content::{Class, Side, data};
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::map::Terrain;
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};

/// Complete assignments drawn per update.
const PARTICLES: usize = 400;

/// What the US remembers of one NLF counter.
#[derive(Clone, Debug, Default)]
struct Memory {
    /// Seen face-up as this kind.
    kind: Option<u16>,
    /// Where it was first seen on the map (its set-up hex, the US arriving after set-up).
    first_hex: Option<Hex>,
    last_hex: Option<Hex>,
    moved: bool,
    carried_something: bool,
    was_carried: bool,
}

/// The US side's belief.
#[derive(Clone, Debug, Default)]
pub struct Belief {
    memory: Vec<Memory>,
    /// Per counter, the probability of each counter kind (indexed like the content's
    /// counters); empty for counters whose identity is known.
    marginals: Vec<Vec<f64>>,
    /// Whether any sample was consistent at the last update.
    pub consistent: bool,
}

/// The order of battle(s) the NLF may have: counts per counter kind.
fn pools(v: &SearchDestroy) -> Vec<Vec<u32>> {
    let content = data();
    let n = content.counters.len();
    let Some(scen) = content.scenario(&v.scenario) else {
        return Vec::new();
    };
    let to_counts = |forces: &std::collections::BTreeMap<String, u32>| {
        let mut counts = vec![0u32; n];
        for (id, &k) in forces {
            if let Some(i) = content.counter_index(id) {
                counts[i] += k;
            }
        }
        counts
    };
    if scen.variable_ob {
        (0..3)
            .map(|c| {
                let mut counts = vec![0u32; n];
                for row in &content.variable_ob {
                    if let Some(i) = content.counter_index(&row.counter) {
                        counts[i] += u32::from(row.columns[c]);
                    }
                }
                counts
            })
            .collect()
    } else {
        vec![to_counts(&content.expand(scen.forces(Side::Nlf)))]
    }
}

fn is_combat(kind: usize) -> bool {
    data().counters[kind].class == Class::Combat
}

impl Belief {
    /// Takes in what the US sees now (a US view) and draws the belief anew.
    pub fn update(&mut self, v: &SearchDestroy, rng: &mut Rng) {
        self.observe(v);
        self.resample(v, rng);
    }

    /// What the US believes after seeing each of `views` (its views of the positions of a
    /// game so far, oldest first, the last the present one).
    pub fn after(views: &[SearchDestroy], rng: &mut Rng) -> Belief {
        let mut belief = Belief::default();
        for v in views {
            belief.observe(v);
        }
        if let Some(now) = views.last() {
            belief.resample(now, rng);
        }
        belief
    }

    /// Takes in what the US sees now, keeping the probabilities of the last draw.
    pub(super) fn observe(&mut self, v: &SearchDestroy) {
        // Counters are only ever added (supplies, casualty markers): the memory grows with them.
        if self.memory.len() != v.units.len() {
            self.memory.resize(v.units.len(), Memory::default());
        }
        // Before the landing the US has seen nothing but backs on hexes.
        let landed = !matches!(v.step, Step::Setup);
        for (i, u) in v.units.iter().enumerate() {
            // Casualty markers are no counters of the NLF's order of battle [20.0].
            if u.side != Side::Nlf || u.class() == Some(Class::Casualty) {
                continue;
            }
            let m = &mut self.memory[i];
            if u.kind.is_some() {
                m.kind = u.kind;
            }
            if let Some(hex) = u.hex.filter(|_| u.on_map() && landed) {
                if m.first_hex.is_none() {
                    m.first_hex = Some(hex);
                }
                if m.last_hex.is_some_and(|h| h != hex) {
                    m.moved = true;
                }
                m.last_hex = Some(hex);
            }
            // Any NLF personnel may carry its casualties [20.23]: only other loads tell.
            m.carried_something |= u
                .carrying
                .is_some_and(|l| v.units[l].class() != Some(Class::Casualty));
            m.was_carried |= u.carried_by.is_some();
            if u.carried_by.is_some() && m.moved {
                // A load moves with its carrier: that says nothing of its own legs.
                m.moved = false;
            }
        }
    }

    /// Kinds counter `i` may be, given what was seen of it.
    fn allowed(&self, v: &SearchDestroy, i: usize, kind: usize) -> bool {
        let m = &self.memory[i];
        let spec = &data().counters[kind];
        if spec.side != Side::Nlf {
            return false;
        }
        let peasant = spec.id == "peasant";
        if m.moved && (spec.movement == 0 || peasant || spec.class == Class::Cache) {
            return false;
        }
        if m.carried_something && !(spec.id == "porter" || spec.class == Class::Dummy) {
            return false;
        }
        if m.was_carried && !(spec.class == Class::Cache || spec.class == Class::Dummy) {
            return false;
        }
        if peasant
            && let Some(hex) = m.first_hex
            && !matches!(
                data().map.terrain(hex),
                Terrain::Open | Terrain::Broken | Terrain::Building | Terrain::Treeline
            )
        {
            return false;
        }
        let u = &v.units[i];
        let alone = u
            .hex
            .is_none_or(|h| v.side_at(h, Side::Nlf).filter(|&j| j != i).count() == 0);
        match u.known_combat {
            Some(false) if spec.class == Class::Combat => false,
            Some(true) if alone && spec.class != Class::Combat => false,
            _ => true,
        }
    }

    fn resample(&mut self, v: &SearchDestroy, rng: &mut Rng) {
        let n = data().counters.len();
        let unknown: Vec<usize> = (0..v.units.len())
            .filter(|&i| v.units[i].side == Side::Nlf && self.memory[i].kind.is_none())
            .filter(|&i| v.units[i].class() != Some(Class::Casualty))
            .collect();
        let mut known = vec![0u32; n];
        for m in &self.memory {
            if let Some(k) = m.kind {
                known[usize::from(k)] += 1;
            }
        }
        let allowed: Vec<Vec<bool>> = unknown
            .iter()
            .map(|&i| (0..n).map(|k| self.allowed(v, i, k)).collect())
            .collect();
        // How well each kind fits the terrain each counter was first seen in (set-up terrain;
        // the US lands after the set-up), relative to the other kinds.
        let shares = &data().setup_shares;
        let fit: Vec<Vec<f64>> = unknown
            .iter()
            .map(|&i| match self.memory[i].first_hex {
                Some(hex) => (0..n)
                    .map(|k| shares.chance(k, data().map.terrain(hex)))
                    .collect(),
                None => vec![1.0; n],
            })
            .collect();
        // The most constrained counters are dealt first.
        let mut order: Vec<usize> = (0..unknown.len()).collect();
        order.sort_by_key(|&j| allowed[j].iter().filter(|&&a| a).count());
        let treeline = |i: usize| {
            self.memory[i]
                .first_hex
                .is_some_and(|h| data().map.terrain(h) == Terrain::Treeline)
        };
        let peasant = data().counter_index("peasant");
        let known_treeline_peasants = (0..v.units.len())
            .filter(|&i| self.memory[i].kind.map(usize::from) == peasant && treeline(i))
            .count();
        let pools: Vec<Vec<u32>> = pools(v)
            .into_iter()
            .filter_map(|pool| {
                let rest: Option<Vec<u32>> = pool
                    .iter()
                    .zip(&known)
                    .map(|(p, k)| p.checked_sub(*k))
                    .collect();
                rest.filter(|r| r.iter().sum::<u32>() as usize == unknown.len())
            })
            .collect();
        let mut sums = vec![vec![0.0; n]; unknown.len()];
        let mut total = 0.0;
        for _ in 0..PARTICLES {
            if pools.is_empty() {
                break;
            }
            let mut pool = pools[rng.index(pools.len())].clone();
            let mut weight = 1.0;
            let mut dealt = vec![0usize; unknown.len()];
            let mut treeline_peasants = known_treeline_peasants;
            let mut ok = true;
            for &j in &order {
                let remaining: u32 = pool.iter().sum();
                // Each allowed kind as often as the pool holds it, times how well it fits the
                // terrain the counter was set up in.
                let odds = |k: usize| f64::from(pool[k]) * fit[j][k];
                let fits: f64 = (0..n).filter(|&k| allowed[j][k]).map(odds).sum();
                if fits <= 0.0 {
                    ok = false;
                    break;
                }
                weight *= fits / f64::from(remaining);
                let mut pick = f64::from(rng.below(1_000_000)) / 1_000_000.0 * fits;
                let kind = (0..n)
                    .filter(|&k| allowed[j][k] && pool[k] > 0)
                    .find(|&k| {
                        pick -= odds(k);
                        pick < 0.0
                    })
                    .or_else(|| (0..n).rev().find(|&k| allowed[j][k] && pool[k] > 0))
                    .expect("a kind within the count");
                pool[kind] -= 1;
                dealt[j] = kind;
                if Some(kind) == peasant && treeline(unknown[j]) {
                    treeline_peasants += 1;
                }
            }
            if !ok || treeline_peasants > 2 {
                continue;
            }
            total += weight;
            for (j, &k) in dealt.iter().enumerate() {
                sums[j][k] += weight;
            }
        }
        self.consistent = total > 0.0;
        self.marginals = vec![Vec::new(); v.units.len()];
        for (j, &i) in unknown.iter().enumerate() {
            self.marginals[i] = if total > 0.0 {
                sums[j].iter().map(|s| s / total).collect()
            } else {
                // Nothing consistent (it should not happen): each allowed kind alike.
                let count = allowed[j].iter().filter(|&&a| a).count().max(1) as f64;
                allowed[j]
                    .iter()
                    .map(|&a| if a { 1.0 / count } else { 0.0 })
                    .collect()
            };
        }
    }

    /// The kind counter `i` is known to be, if the US has seen it.
    pub fn known(&self, i: usize) -> Option<u16> {
        self.memory.get(i).and_then(|m| m.kind)
    }

    /// The probability that counter `i` is of a kind for which `pred` holds.
    pub fn p(&self, i: usize, pred: impl Fn(usize) -> bool) -> f64 {
        if let Some(k) = self.known(i) {
            return if pred(usize::from(k)) { 1.0 } else { 0.0 };
        }
        self.marginals
            .get(i)
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(k, _)| pred(k))
                    .map(|(_, p)| p)
                    .sum()
            })
            .unwrap_or(0.0)
    }

    /// The expected value over counter `i`'s kinds of `value` (nothing where it gives none).
    pub fn p_value(&self, i: usize, value: impl Fn(usize) -> Option<f64>) -> f64 {
        if let Some(k) = self.known(i) {
            return value(usize::from(k)).unwrap_or(0.0);
        }
        self.marginals
            .get(i)
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter_map(|(k, p)| value(k).map(|x| x * p))
                    .sum()
            })
            .unwrap_or(0.0)
    }

    /// The probability that counter `i` is an NLF combat unit.
    pub fn p_combat(&self, i: usize) -> f64 {
        self.p(i, is_combat)
    }

    pub fn p_class(&self, i: usize, class: Class) -> f64 {
        self.p(i, |k| data().counters[k].class == class)
    }

    pub fn p_id(&self, i: usize, id: &str) -> f64 {
        self.p(i, |k| data().counters[k].id == id)
    }

    /// One complete assignment of kinds to the unknown counters, drawn from the belief's
    /// marginals one counter at a time without exceeding the order of battle (a determinization
    /// for the search); `None` when the draw runs out.
    pub fn sample(&self, v: &SearchDestroy, rng: &mut Rng) -> Option<Vec<(usize, u16)>> {
        let n = data().counters.len();
        let mut known = vec![0u32; n];
        for m in &self.memory {
            if let Some(k) = m.kind {
                known[usize::from(k)] += 1;
            }
        }
        let pools = pools(v);
        let mut pool: Vec<u32> = pools
            .iter()
            .filter_map(|p| {
                let rest: Option<Vec<u32>> = p
                    .iter()
                    .zip(&known)
                    .map(|(a, b)| a.checked_sub(*b))
                    .collect();
                rest
            })
            .next()?;
        if pools.len() > 1 {
            // The variable order of battle: the column the counters fit best.
            let count = self.marginals.iter().filter(|m| !m.is_empty()).count();
            if let Some(p) = pools.iter().find_map(|p| {
                let rest: Option<Vec<u32>> = p
                    .iter()
                    .zip(&known)
                    .map(|(a, b)| a.checked_sub(*b))
                    .collect();
                rest.filter(|r| r.iter().sum::<u32>() as usize == count)
            }) {
                pool = p;
            }
        }
        let mut out = Vec::new();
        for (i, row) in self.marginals.iter().enumerate() {
            if row.is_empty() {
                continue;
            }
            let weights: Vec<f64> = row
                .iter()
                .enumerate()
                .map(|(k, p)| if pool[k] > 0 { *p } else { 0.0 })
                .collect();
            let sum: f64 = weights.iter().sum();
            let kind = if sum > 0.0 {
                let mut x = f64::from(rng.below(1_000_000)) / 1_000_000.0 * sum;
                weights
                    .iter()
                    .position(|w| {
                        x -= w;
                        x < 0.0
                    })
                    .unwrap_or(n - 1)
            } else {
                (0..n).find(|&k| pool[k] > 0)?
            };
            if pool[kind] == 0 {
                return None;
            }
            pool[kind] -= 1;
            out.push((i, kind as u16));
        }
        Some(out)
    }
}
