//! Search & Destroy drawn with Cairo: the hex map (terrain, roads, berm and river hexsides,
//! hex numbers) and the counters on it, always from one side's view. The US is drawn the
//! NLF's face-down counters as one and the same back; the NLF sees its own face-down counters
//! with a mark saying the US cannot see them. The same art draws the print-and-play kit
//! (`super::kit`), with its player aid cards and record sheets.

pub mod aids;
pub mod board;
pub mod counter;
pub mod map;
pub mod optional_aids;
pub mod records;
pub mod sheets;
pub mod sight;
