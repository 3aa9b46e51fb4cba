//! The words the log and the prompts fill into messages for the rules' own enums, in English and
//! marked for the catalogue, so that a German or French log does not show the Rust names.

use super::content::{Damage, Duration, Side};
use super::state::Duty;
use crate::engine::message::n_;

impl Duration {
    pub fn name(self) -> &'static str {
        match self {
            Duration::Short => n_("Short"),
            Duration::Medium => n_("Medium"),
            Duration::Long => n_("Long"),
        }
    }
}

impl Damage {
    pub fn name(self) -> &'static str {
        match self {
            Damage::Undamaged => n_("Undamaged"),
            Damage::Damaged => n_("Damaged"),
            Damage::Destroyed => n_("Destroyed"),
        }
    }
}

impl Duty {
    pub fn name(self) -> &'static str {
        match self {
            Duty::Active => n_("Active"),
            Duty::Missing => n_("Missing in Action"),
            Duty::Transferred => n_("Transferred"),
        }
    }
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Site => n_("Site"),
            Side::Bandit => n_("Bandit"),
        }
    }
}
