//! A draw cup: markers drawn blind, without replacement, and put back when the rules say so.

use serde::{Deserialize, Serialize};

use super::rng::Rng;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup<T> {
    contents: Vec<T>,
}

impl<T> Default for Cup<T> {
    fn default() -> Self {
        Cup {
            contents: Vec::new(),
        }
    }
}

impl<T> Cup<T> {
    pub fn new(contents: Vec<T>) -> Self {
        Cup { contents }
    }

    /// Draws one item at random; `None` when the cup is empty.
    pub fn draw(&mut self, rng: &mut Rng) -> Option<T> {
        if self.contents.is_empty() {
            return None;
        }
        let i = rng.index(self.contents.len());
        Some(self.contents.swap_remove(i))
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
