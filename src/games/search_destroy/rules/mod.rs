//! Search & Destroy's rules: content, hex geometry, line of sight, the combat table.

pub mod content;
pub mod crt;
pub mod hex;
pub mod los;
pub mod map;
