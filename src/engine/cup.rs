//! A draw cup: markers drawn blind, without replacement, and put back when the rules say so.

use serde::{Deserialize, Serialize};

use super::arranged::Arranged;
use super::message::msg;
use super::rng::Rng;

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup<T> {
    /// The name a script uses to arrange the next counter drawn (see [`super::arranged`]);
    /// empty for a cup no script can arrange.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    name: String,
    contents: Vec<T>,
}

/// Written out (not derived) for `clone_from`: a game position cloned into a spare one (the
/// snapshot That Others May Live takes before an action) reuses the piles' vectors.
impl<T: Clone> Clone for Cup<T> {
    fn clone(&self) -> Self {
        Cup {
            name: self.name.clone(),
            contents: self.contents.clone(),
        }
    }

    /// Field by field, so that the vectors keep their allocations.
    fn clone_from(&mut self, source: &Self) {
        let Cup { name, contents } = source;
        self.name.clone_from(name);
        self.contents.clone_from(contents);
    }
}

impl<T> Default for Cup<T> {
    fn default() -> Self {
        Cup {
            name: String::new(),
            contents: Vec::new(),
        }
    }
}

impl<T: Serialize> Cup<T> {
    pub fn new(contents: Vec<T>) -> Self {
        Cup {
            name: String::new(),
            contents,
        }
    }

    /// Names the cup, so that a script can arrange the next counter drawn from it.
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_owned();
        self
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// Draws one item at random; `None` when the cup is empty.
    pub fn draw(&mut self, rng: &mut Rng) -> Option<T> {
        if self.contents.is_empty() {
            return None;
        }
        if rng.has_arranged()
            && let Some(i) = self.arranged_counter(rng)
        {
            rng.count_drawn();
            return Some(self.contents.swap_remove(i));
        }
        let i = rng.index(self.contents.len());
        Some(self.contents.swap_remove(i))
    }

    /// Where the counter arranged for this cup's next draw is, if one is (a counter not in the
    /// cup is reported).
    #[cold]
    fn arranged_counter(&self, rng: &mut Rng) -> Option<usize> {
        let name = self.name.as_str();
        let Some(Arranged::Counter { counter, .. }) =
            rng.take_arranged(|a| matches!(a, Arranged::Counter { cup, .. } if cup == name))
        else {
            return None;
        };
        let found = self
            .contents
            .iter()
            .position(|c| serde_json::to_value(c).is_ok_and(|v| v == counter));
        if found.is_none() {
            rng.report_misfit(
                msg("the arranged counter {counter} is not in the {cup} cup")
                    .arg("counter", counter)
                    .arg("cup", name),
            );
        }
        found
    }

    pub fn put_back(&mut self, item: T) {
        self.contents.push(item);
    }

    pub fn len(&self) -> usize {
        self.contents.len()
    }

    pub fn is_empty(&self) -> bool {
        self.contents.is_empty()
    }

    /// What is in the cup, in no meaningful order (for odds and for drawing the cup's tally).
    pub fn contents(&self) -> &[T] {
        &self.contents
    }

    /// Takes out the first item matching `pick` (a scenario placing a named marker).
    pub fn take(&mut self, pick: impl Fn(&T) -> bool) -> Option<T> {
        let i = self.contents.iter().position(pick)?;
        Some(self.contents.remove(i))
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn draws_until_empty() {
        let mut rng = Rng::seeded(4);
        let mut cup = Cup::new(vec!["gun", "smoke", "empty"]);
        let mut got = vec![];
        while let Some(m) = cup.draw(&mut rng) {
            got.push(m);
        }
        got.sort();
        assert_eq!(got, vec!["empty", "gun", "smoke"]);
        assert!(cup.is_empty());
        cup.put_back("gun");
        assert_eq!(cup.len(), 1);
        assert_eq!(cup.take(|m| *m == "gun"), Some("gun"));
    }

    #[test]
    fn an_arranged_counter_is_drawn_next_from_its_cup() {
        use crate::engine::arranged::Arranged;
        let mut rng = Rng::seeded(4);
        let untouched = rng.clone();
        let mut cup = Cup::new(vec!["gun", "smoke", "empty"]).named("enemy");
        rng.arrange(Arranged::Counter {
            cup: "enemy".into(),
            counter: "smoke".into(),
        });
        assert_eq!(cup.draw(&mut rng), Some("smoke"));
        assert_eq!((rng.results(), &rng), (1, &untouched));
        rng.arrange(Arranged::Counter {
            cup: "enemy".into(),
            counter: "smoke".into(),
        });
        cup.draw(&mut rng);
        assert_eq!(
            rng.settle().misfit().unwrap().english(),
            r#"the arranged counter "smoke" is not in the enemy cup"#
        );
    }

    proptest! {
        #[test]
        fn cup_conserves_its_items(seed in any::<u64>(), ops in proptest::collection::vec(any::<bool>(), 0..100)) {
            let mut rng = Rng::seeded(seed);
            let items: Vec<u16> = (0..20).collect();
            let mut cup = Cup::new(items.clone());
            let mut out = Vec::new();
            for draw in ops {
                if draw {
                    if let Some(x) = cup.draw(&mut rng) { out.push(x) }
                } else if let Some(x) = out.pop() {
                    cup.put_back(x)
                }
                let mut all: Vec<u16> = cup.contents().iter().chain(&out).copied().collect();
                all.sort();
                prop_assert_eq!(&all, &items);
            }
        }
    }
}
