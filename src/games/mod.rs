//! One rules module per game, each a state machine over `crate::engine`.
pub mod csar;
pub mod skyhawk;
