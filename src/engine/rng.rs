//! The one source of randomness: a small seeded generator kept inside the game state.
//!
//! xoshiro256** seeded through SplitMix64, the same sequence as the rand project's
//! `Xoshiro256StarStar::seed_from_u64` (a test proves it). It is written out here rather than
//! taken from a crate so that the sequence for a given seed can never change under us: saves,
//! replays and bug reports depend on it bit for bit. It is a `rand::Rng`, so that bots and
//! tests may use rand's distributions and slice helpers on it; the rules keep to the methods
//! below, whose results for a seed are frozen.

use std::convert::Infallible;

use serde::{Deserialize, Serialize};

use super::arranged::{Arranged, Arrangement, Die, DieRequest, RollLabel, Settled};
use super::message::Message;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Rng {
    state: [u64; 4],
    /// How many random results it has given (see [`Rng::results`]). Bookkeeping for undo, not
    /// part of the position: neither saved nor compared.
    #[serde(skip)]
    results: u64,
    /// Results fixed in advance (see [`super::arranged`]); `None` but while a step with
    /// arranged results is taken, so that rolls and draws pay one test for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    arranged: Option<Box<Arrangement>>,
}

/// Two generators are equal when they will give the same sequence (the same arranged results
/// first).
impl PartialEq for Rng {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.arranged() == other.arranged()
    }
}

impl Eq for Rng {}

impl Rng {
    pub fn seeded(seed: u64) -> Self {
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            state: [next(), next(), next(), next()],
            results: 0,
            arranged: None,
        }
    }

    /// The game's own generator, made by a game's set-up: seeded like [`Rng::seeded`], it also
    /// takes the results arranged for the set-up (see [`super::arranged::arrange_setup`]), so
    /// that a script can fix the shuffles, deals and rolls a game makes while it is set up.
    pub fn for_game(seed: u64) -> Self {
        let mut rng = Rng::seeded(seed);
        for item in super::arranged::setup_results() {
            rng.arrange(item);
        }
        rng
    }

    pub fn next_u64(&mut self) -> u64 {
        self.results = self.results.wrapping_add(1);
        let s = &mut self.state;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (no modulo bias). `n` must be at least 1.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
        let n = u64::from(n);
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as u32;
            }
        }
    }

    /// A uniform index into a slice of length `len` (at least 1).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).expect("collection too large for Rng::index")) as usize
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// Counts a result that an earlier use of this generator decided and that becomes known
    /// only now: the top card of a deck it shuffled, drawn.
    pub fn count_drawn(&mut self) {
        self.results = self.results.wrapping_add(1);
    }

    /// How many random results this generator has given: every number it produced and every
    /// card drawn from a deck it shuffled. An action that changes the count made something
    /// random known, and cannot be undone honestly (the session's undo barrier).
    pub fn results(&self) -> u64 {
        self.results
    }

    /// Fixes a coming result (see [`super::arranged`]): the next die of its kind shows the face,
    /// the next draw from the named deck or cup gives the card or counter.
    pub fn arrange(&mut self, item: Arranged) {
        self.arranged.get_or_insert_default().queue.push(item);
    }

    /// The results arranged and not used yet.
    pub fn arranged(&self) -> &[Arranged] {
        self.arranged.as_deref().map_or(&[], |a| &a.queue)
    }

    /// From now on a die with no arranged face is the player's: the first one rolled is noted
    /// as needed (see [`Rng::settle`]); the generator still gives it a face meanwhile, so the
    /// action can be followed to its end on a position that is then thrown away.
    pub fn leave_dice_to_player(&mut self) {
        self.arranged.get_or_insert_default().probing = true;
    }

    /// Ends an arranged step: returns what is left of it and forgets it.
    pub fn settle(&mut self) -> Settled {
        match self.arranged.take() {
            None => Settled::default(),
            Some(a) => Settled {
                unused: a.queue,
                needed: a.needed,
                problem: a.problem,
            },
        }
    }

    /// One die: its arranged face, or the generator's (`label` is asked only when the face is
    /// the player's and missing).
    #[inline]
    pub fn die(&mut self, die: Die, label: &dyn Fn() -> RollLabel) -> u8 {
        if self.arranged.is_some()
            && let Some(face) = self.arranged_face(die, label)
        {
            return face;
        }
        match die {
            Die::D6 => self.below(6) as u8 + 1,
            Die::D10 => self.below(10) as u8,
        }
    }

    #[cold]
    fn arranged_face(&mut self, die: Die, label: &dyn Fn() -> RollLabel) -> Option<u8> {
        let arrangement = self.arranged.as_deref_mut()?;
        match arrangement.take(|a| a.die_face().is_some_and(|(d, _)| d == die)) {
            Some(item) => {
                self.results = self.results.wrapping_add(1);
                item.die_face().map(|(_, face)| face)
            }
            None => {
                if arrangement.probing && arrangement.needed.is_none() {
                    let RollLabel { label, faces } = label();
                    arrangement.needed = Some(DieRequest { die, label, faces });
                }
                None
            }
        }
    }

    /// Whether any result is arranged (decks and cups look further only then).
    #[inline]
    pub fn has_arranged(&self) -> bool {
        self.arranged.is_some()
    }

    /// Takes the first arranged result that `pick` accepts (a deck's card, a cup's counter).
    pub fn take_arranged(&mut self, pick: impl Fn(&Arranged) -> bool) -> Option<Arranged> {
        self.arranged.as_deref_mut()?.take(pick)
    }

    /// An arranged result could not be given: the session refuses the step with this reason.
    pub fn report_misfit(&mut self, problem: Message) {
        self.arranged.get_or_insert_default().report(problem);
    }

    /// An independent generator split off this one (for bots, so that a bot's choices never
    /// disturb the game's own sequence).
    pub fn fork(&mut self) -> Rng {
        Rng::seeded(self.next_u64())
    }
}

impl rand::TryRng for Rng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next_u64() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        rand::rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Rng::seeded(42);
        let mut b = Rng::seeded(42);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::seeded(1).next_u64(), Rng::seeded(2).next_u64());
    }

    #[test]
    fn sequence_is_frozen() {
        // If this changes, every save and replay in the wild breaks.
        let mut r = Rng::seeded(0);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, FROZEN);
    }
    const FROZEN: [u64; 3] = [
        0x99EC_5F36_CB75_F2B4,
        0xBF6E_1F78_4956_452A,
        0x1A5F_849D_4933_E6E0,
    ];

    #[test]
    fn it_is_the_rand_projects_xoshiro256_star_star() {
        use rand::SeedableRng;
        use rand_xoshiro::Xoshiro256StarStar;
        for seed in [0, 1, 42, u64::MAX] {
            let mut ours = Rng::seeded(seed);
            let mut theirs = Xoshiro256StarStar::seed_from_u64(seed);
            for _ in 0..100 {
                assert_eq!(
                    ours.next_u64(),
                    rand::Rng::next_u64(&mut theirs),
                    "seed {seed}"
                );
            }
        }
    }

    #[test]
    fn rand_helpers_work_on_it_and_leave_its_own_methods_as_they_were() {
        use rand::RngExt;
        use rand::seq::{IndexedRandom, SliceRandom};
        let mut r = Rng::seeded(11);
        let faces = [1, 2, 3, 4, 5, 6];
        let mut seen = [false; 6];
        for _ in 0..200 {
            let face = *faces.choose(&mut r).expect("not empty");
            seen[face - 1] = true;
            assert!((1..=6).contains(&r.random_range(1..=6)));
        }
        assert_eq!(seen, [true; 6], "choose reaches every face");
        let mut deck: Vec<u32> = (0..20).collect();
        deck.shuffle(&mut r);
        deck.sort();
        assert_eq!(deck, (0..20).collect::<Vec<_>>());
        // Through rand or not, it is the same generator: a rand draw takes one step of it.
        let mut a = Rng::seeded(5);
        let mut b = Rng::seeded(5);
        let through_rand: u64 = a.random();
        assert_eq!(through_rand, b.next_u64());
        assert_eq!(a.below(1000), b.below(1000));
        assert_eq!(a.results(), b.results());
    }

    #[test]
    fn results_count_numbers_and_drawn_cards_but_are_not_the_position() {
        let mut r = Rng::seeded(8);
        let before = r.clone();
        r.below(6);
        r.count_drawn();
        assert_eq!(r.results(), 2);
        let mut same = before.clone();
        same.next_u64();
        // Equal means the same future sequence, however the count came about.
        assert_eq!(same, r);
        // Saved as before: the state only.
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.starts_with(r#"{"state":["#) && !json.contains("results"),
            "{json}"
        );
        let back: Rng = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn below_is_uniform_enough() {
        let mut r = Rng::seeded(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = Rng::seeded(3);
        let mut v: Vec<u32> = (0..52).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..52).collect::<Vec<_>>());
        v.sort();
        assert_eq!(v, (0..52).collect::<Vec<_>>());
    }

    #[test]
    fn serde_round_trip_continues_the_sequence() {
        let mut r = Rng::seeded(9);
        r.next_u64();
        let json = serde_json::to_string(&r).unwrap();
        let mut back: Rng = serde_json::from_str(&json).unwrap();
        assert_eq!(r.next_u64(), back.next_u64());
    }
}
