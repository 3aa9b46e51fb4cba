//! Chopper Pilot Vietnam's rules: the state machine on `crate::engine` only.

pub mod content;
