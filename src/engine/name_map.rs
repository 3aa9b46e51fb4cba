//! A map from names to content (table ids, modifier names) for lookups on the hot path: a
//! simulated game finds tables and modifiers by name thousands of times. The entries are kept
//! in the names' order, as a `BTreeMap` keeps them, and found through a hash index whose
//! hash (FNV-1a) costs a few instructions per byte: the standard hasher is built to resist
//! chosen keys, which content files are not, and an ordered map compares strings at every
//! step down.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Index;

use serde::{Deserialize, Deserializer};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameMap<V> {
    /// Sorted by name.
    entries: Vec<(String, V)>,
    /// Where each name is in `entries`.
    index: HashMap<String, usize, BuildHasherDefault<Fnv>>,
}

impl<V> Default for NameMap<V> {
    fn default() -> Self {
        NameMap {
            entries: Vec::new(),
            index: HashMap::default(),
        }
    }
}

/// FNV-1a, 64 bits.
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl<V> NameMap<V> {
    /// Adds a value under a new name; refuses a name already there.
    pub fn insert(&mut self, name: String, value: V) -> Result<(), String> {
        if self.index.contains_key(&name) {
            return Err(format!("'{name}' is listed twice"));
        }
        let at = self.entries.partition_point(|(n, _)| *n < name);
        self.entries.insert(at, (name, value));
        for (i, (n, _)) in self.entries.iter().enumerate().skip(at) {
            self.index.insert(n.clone(), i);
        }
        Ok(())
    }

    #[inline]
    pub fn get(&self, name: &str) -> Option<&V> {
        self.index.get(name).map(|&at| &self.entries[at].1)
    }

    pub fn contains_key(&self, name: &str) -> bool {
        self.index.contains_key(name)
    }

    /// The names and values in the names' order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.entries.iter().map(|(name, value)| (name, value))
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|e| &e.1)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<V> Index<&str> for NameMap<V> {
    type Output = V;

    /// # Panics
    /// If the name is not in the map (as a `BTreeMap` would).
    #[inline]
    fn index(&self, name: &str) -> &V {
        match self.get(name) {
            Some(v) => v,
            None => panic!("no entry named '{name}'"),
        }
    }
}

impl<V> FromIterator<(String, V)> for NameMap<V> {
    /// Later values replace earlier ones under the same name, as in a `BTreeMap`.
    fn from_iter<I: IntoIterator<Item = (String, V)>>(items: I) -> Self {
        let sorted: std::collections::BTreeMap<String, V> = items.into_iter().collect();
        let mut map = NameMap::default();
        for (i, (name, value)) in sorted.into_iter().enumerate() {
            map.index.insert(name.clone(), i);
            map.entries.push((name, value));
        }
        map
    }
}

/// Read from a table of names, as a `BTreeMap` would be.
impl<'de, V: Deserialize<'de>> Deserialize<'de> for NameMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        std::collections::BTreeMap::<String, V>::deserialize(deserializer)
            .map(|plain| plain.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_1a_matches_the_published_vectors() {
        let hash = |s: &str| {
            let mut h = Fnv::default();
            h.write(s.as_bytes());
            h.finish()
        };
        assert_eq!(hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash("foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn finds_names_and_keeps_their_order() {
        let mut map: NameMap<i32> = [("S-12", 3), ("12", 1), ("pilot status", 4)]
            .into_iter()
            .map(|(n, v)| (n.to_owned(), v))
            .collect();
        map.insert("12 A".into(), 2).unwrap();
        assert_eq!(map.get("12"), Some(&1));
        assert_eq!(map.get("12 A"), Some(&2));
        assert_eq!(map["S-12"], 3);
        assert_eq!(map["pilot status"], 4);
        assert_eq!(map.get("1"), None);
        let names: Vec<&String> = map.iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["12", "12 A", "S-12", "pilot status"]);
        assert_eq!(map.values().copied().collect::<Vec<_>>(), [1, 2, 3, 4]);
    }

    #[test]
    fn refuses_a_repeated_name() {
        let mut map = NameMap::default();
        map.insert("12".into(), 1).unwrap();
        let e = map.insert("12".into(), 3).unwrap_err();
        assert!(e.contains("listed twice"), "{e}");
        assert_eq!(map["12"], 1);
    }

    #[test]
    fn reads_from_toml() {
        #[derive(Deserialize)]
        struct File {
            drm: NameMap<i32>,
        }
        let f: File = toml::from_str("[drm]\nveteran = -1\ngreen = 1\n").unwrap();
        assert_eq!(f.drm.get("veteran"), Some(&-1));
        assert_eq!(f.drm.iter().next(), Some((&"green".to_owned(), &1)));
    }
}
