//! Same seed, same campaign, across changes made for speed: the heuristic bot's campaigns over
//! every Short sheet and a few option sets, played as `tonkin simulate` plays them
//! ([`play_steps`], the bot's proposals included), are folded into one digest of every action
//! taken and every final state, pinned below. A change that means to alter no game must leave
//! it as it is; one that changes the rules or the bot on purpose prints the new digest here
//! (run the test) and says why in its commit.

use super::bot::HeuristicBot;
use super::*;
use crate::engine::bot::{Bot, play_steps};

/// FNV-1a, 64 bits: stable across Rust versions and platforms, unlike `DefaultHasher`.
struct Fnv(u64);

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The heuristic bot, every decision it hands out (proposals the rules refuse too) written
/// into the digest.
struct Recorded<'a> {
    bot: HeuristicBot,
    h: &'a mut Fnv,
}

impl Bot<PhantomLeader> for Recorded<'_> {
    fn choose(&mut self, g: &PhantomLeader, actions: &[Action]) -> Action {
        let a = self.bot.choose(g, actions);
        self.h.add(format!("c{a:?}").as_bytes());
        a
    }

    fn propose(&mut self, g: &PhantomLeader) -> Option<Action> {
        let a = self.bot.propose(g);
        self.h.add(format!("p{a:?}").as_bytes());
        a
    }
}

/// The digest of `seeds` campaigns on each Short sheet under each option set.
fn digest(seeds: u64) -> u64 {
    let option_sets = [
        Options::default(),
        Options {
            one_less_one_more: true,
            high_stress: true,
            ..Options::default()
        },
        Options {
            random_squadron: true,
            adjustments: vec!["extra_stress".into(), "improved_defenses".into()],
            ..Options::default()
        },
    ];
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for s in PhantomLeader::scenarios()
        .iter()
        .filter(|s| s.id.ends_with("-short"))
    {
        for options in &option_sets {
            for seed in 0..seeds {
                let mut g = PhantomLeader::setup(s.id, options, seed).expect("setup");
                g.quiet_log();
                h.add(format!("{} {seed}\n", s.id).as_bytes());
                let mut bot = Recorded {
                    bot: HeuristicBot::new(seed),
                    h: &mut h,
                };
                let taken =
                    play_steps(&mut g, &mut bot, 100_000).expect("the bot's choice is legal");
                assert!(
                    g.outcome().is_some(),
                    "{} seed {seed}: no end after {taken}",
                    s.id
                );
                h.add(&serde_json::to_vec(&g).expect("the state serialises"));
            }
        }
    }
    h.0
}

#[test]
fn the_bots_short_campaigns_play_as_pinned() {
    assert_eq!(
        format!("{:#018x}", digest(6)),
        "0xb54b23b82fab788c",
        "the bot's campaigns changed: same seed, same campaign no more"
    );
}
