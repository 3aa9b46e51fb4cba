//! Skyhawk: Rolling Thunder 1966 — one A-4E strike mission from Yankee Station, box by box.

pub mod content;
pub mod loadout;
pub mod tables;
