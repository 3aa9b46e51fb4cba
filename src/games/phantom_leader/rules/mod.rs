//! Phantom Leader's rules (digest `shared/rules/phantom-leader.md`): the content and its
//! checks, the Tactical Display's geometry and the pilot cards. The rules use only
//! `crate::engine`.

pub mod cards;
pub mod content;
pub mod display;
#[cfg(test)]
mod tests_content;
