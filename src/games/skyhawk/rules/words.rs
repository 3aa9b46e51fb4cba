//! The words of the table content's keys (result cells, column names, die-roll modifiers), in
//! English and marked for the catalogue: the log's roll lines name them, and the booklet and the
//! filled sheets print them (`games::skyhawk::art::glossary`). A key not listed here (from a corrected
//! override file, say) reads as itself, made readable.

use crate::engine::message::n_;

/// How a key reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Words {
    /// Words of the game in English, translated where they are shown.
    Term(&'static str),
    /// Shown as written: a number (hits, a percentage, a band of points) or a key the glossary
    /// does not know, made readable.
    Plain(String),
}

impl Words {
    /// The words in English.
    pub fn english(&self) -> &str {
        match self {
            Words::Term(w) => w,
            Words::Plain(s) => s,
        }
    }
}

/// A key the glossary does not know, made readable ("new_key" → "New key").
fn humanised(key: &str) -> String {
    let s = key.replace('_', " ");
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// The words of a result column's name (a band of points such as `150+`, or a count of NV
/// boxes, is shown as written).
pub fn column_words(key: &str) -> Words {
    Words::Term(match key {
        "support_attacks" => n_("Support Attacks"),
        "re_attack" => n_("Re-attack"),
        "outbound" => n_("Outbound"),
        "carrier_approach" => n_("Carrier Approach"),
        "sa" => n_("SA"),
        "aaa" => n_("AAA"),
        "sam" => n_("SAM"),
        "mig" => n_("MiG"),
        "sa_low" => n_("SA Low"),
        "aaa_low" => n_("AAA Low"),
        "aaa_medium" => n_("AAA Med"),
        "aaa_high" => n_("AAA High"),
        "sam_medium" => n_("SAM Med"),
        "sam_high" => n_("SAM High"),
        "mig_low" => n_("MiG Low"),
        "mig_medium" => n_("MiG Med"),
        "mig_high" => n_("MiG High"),
        "manual" => n_("Manual fire"),
        "on_low" => n_("Radar on, Low"),
        "on_medium" => n_("Radar on, Med"),
        "on_high" => n_("Radar on, High"),
        "on" => n_("On target"),
        "off" => n_("Off target"),
        "land" => n_("Over land"),
        "water" => n_("Over water"),
        "green" => n_("Green pilot"),
        "experienced" => n_("Experienced pilot"),
        "nv_decisive" => n_("NV decisive"),
        "nv_marginal" => n_("NV marginal"),
        "draw" => n_("Draw"),
        "us_marginal" => n_("US marginal"),
        "us_decisive" => n_("US decisive"),
        "level_1" => n_("From level 1"),
        "level_2" => n_("From level 2"),
        k => return Words::Plain(humanised(k)),
    })
}

/// The words of a result cell of table `table` (a number is shown as written).
pub fn cell_words(table: &str, key: &str) -> Words {
    if key.trim_end_matches('*').parse::<i32>().is_ok() {
        return Words::Plain(key.to_owned());
    }
    let attack = table.starts_with("15.");
    Words::Term(match key {
        "on" if attack => n_("On target"),
        "off" if attack => n_("Off target"),
        "on" => n_("Radar on"),
        "off" => n_("Radar off"),
        "green" => n_("Green"),
        "experienced" => n_("Experienced"),
        "veteran" => n_("Veteran"),
        "good" => n_("Good"),
        "poor" => n_("Poor"),
        "bad" => n_("Bad"),
        "low" => n_("Low"),
        "medium" => n_("Medium"),
        "high" => n_("High"),
        "none" => n_("—"),
        "all" => n_("All"),
        "yes" => n_("Yes"),
        "no" => n_("No"),
        "ok" => n_("OK"),
        "incident" => n_("Possible incident"),
        "fixed" => n_("Fixed, launch"),
        "malfunction" => n_("Sub-system malfunction"),
        "scrubbed" => n_("Mission scrubbed"),
        "ditch" => n_("Ditch"),
        "eject" => n_("Eject"),
        "crash" => n_("Crash"),
        "killed" => n_("Killed"),
        "bomb_shortage" => n_("Bomb shortage"),
        "intrusion" => n_("Government intrusion"),
        "yankee_weather" => n_("Weather at Yankee Station"),
        "new_target" => n_("New target"),
        "no_heavy_bombs" => n_("No heavy bombs"),
        "no_hanoi_haiphong" => n_("No Hanoi or Haiphong targets"),
        "redirected" => n_("Support redirected"),
        "ace_bomber" => n_("Ace Bomber"),
        "lady_luck" => n_("Lady Luck"),
        "weather_change" => n_("Weather change"),
        "avionics" => n_("Avionics"),
        "electrical" => n_("Electrical"),
        "com_nav" => n_("Com/Nav"),
        "landing_gear" => n_("Landing gear"),
        "fuel" => n_("Fuel system"),
        "ordnance" => n_("Ordnance system"),
        "oxygen" => n_("Oxygen"),
        "hydraulics" => n_("Hydraulics"),
        "cannon_left" => n_("Left cannon"),
        "cannon_right" => n_("Right cannon"),
        "cannon" => n_("Cannon"),
        "bingo" => n_("Bingo"),
        "divert" => n_("Divert"),
        "refuelled" => n_("Refuelled"),
        "collision" => n_("Collision"),
        "corrected" => n_("Corrected, refuelled"),
        "unable" => n_("Unable to refuel"),
        "bail_out" => n_("Bail out"),
        "hit" => n_("Hit"),
        "miss" => n_("Miss"),
        "out" => n_("Knocked out"),
        "suppressed" => n_("Suppressed"),
        "superficial" => n_("Superficial"),
        "wings" => n_("Wings"),
        "fuselage" => n_("Fuselage"),
        "engine" => n_("Engine"),
        "nose" => n_("Nose"),
        "cockpit" => n_("Cockpit"),
        "tail" => n_("Tail"),
        "wound" => n_("Pilot wounded"),
        "centerline_pylon" => n_("Centerline pylon"),
        "inboard_pylon" => n_("Inboard pylon"),
        "outboard_pylon" => n_("Outboard pylon"),
        "left" => n_("Left wing"),
        "right" => n_("Right wing"),
        "clean_run" => n_("Clean run"),
        "flak_trap" => n_("Flak trap"),
        "migs" => n_("MiGs"),
        "smoke" => n_("Smoke"),
        "escapes" => n_("MiG escapes"),
        "kill" => n_("MiG kill"),
        "flame_out" => n_("Flame-out"),
        "carrier_weather" => n_("Carrier weather"),
        "navigation" => n_("Navigation problem"),
        "failed" => n_("Engine fails"),
        "recovered" => n_("Engine recovers"),
        "mishap" => n_("Mishap"),
        "trap" => n_("Trap"),
        "wave_off" => n_("Wave-off"),
        "barricade" => n_("Barricade"),
        "hard_landing" => n_("Hard landing"),
        "over_the_side" => n_("Over the side"),
        "wounded" => n_("Wounded"),
        "injured" => n_("Injured"),
        "exposure" => n_("Dies of exposure"),
        "pow" => n_("POW"),
        "rescued" => n_("Rescued"),
        "bronze_star" => n_("Bronze Star"),
        "dfc" => n_("DFC"),
        "silver_star" => n_("Silver Star"),
        "navy_cross" => n_("Navy Cross"),
        "medal_of_honor" => n_("Medal of Honor"),
        "fire" => n_("Engine fire"),
        "extinguished" => n_("Put out"),
        "uncontrollable" => n_("Out of control"),
        "navy_unit_commendation" => n_("Navy Unit Commendation"),
        "presidential_unit_citation" => n_("Presidential Unit Citation"),
        "rvn_gallantry_cross" => n_("RVN Gallantry Cross"),
        "ports_removed" => n_("Ports struck off"),
        "restrictions_lifted" => n_("Restrictions lifted"),
        "actress" => n_("Actress in Hanoi"),
        "bombing_halt" => n_("Bombing halt"),
        "evades" => n_("Evades capture"),
        "kia" => n_("KIA"),
        "flies" => n_("Flies"),
        "misses" => n_("Misses the mission"),
        k => return Words::Plain(humanised(k)),
    })
}

/// The words of a die-roll modifier's name.
pub fn modifier_words(key: &str) -> Words {
    Words::Term(match key {
        "yankee_weather" => n_("weather at Yankee Station"),
        "rp_6" => n_("target in Route Package 6"),
        "rp_1_2" => n_("target in Route Package 1 or 2"),
        "rp_north" => n_("bail-out north of RP 1"),
        "green" => n_("green pilot"),
        "veteran" => n_("veteran pilot"),
        "per_re_attack" => n_("per re-attack"),
        "fuel_destroyed" => n_("fuel system destroyed"),
        "engine_destroyed" => n_("engine destroyed"),
        "tank_pylon_lost" => n_("tank pylon destroyed"),
        "weather_poor" => n_("poor weather"),
        "weather_bad" => n_("bad weather"),
        "com_nav_destroyed" => n_("Com/Nav destroyed"),
        "navigation_problem" => n_("navigation problem"),
        "extra_fuel" => n_("more external fuel than the minimum"),
        "hydraulics_destroyed" => n_("hydraulics destroyed"),
        "per_suppressed" => n_("per Suppressed marker"),
        "radar_off" => n_("SAM radar off"),
        "per_ecm" => n_("per ECM aircraft"),
        "f105_vs_sam" => n_("F-105 against the SAM box"),
        "f4_vs_mig" => n_("F-4 against the MiG box"),
        "bullpup" => n_("Bullpup run"),
        "flak_trap" => n_("flak trap"),
        "ecm" => n_("ECM aircraft"),
        "suppressed" => n_("site Suppressed"),
        "one_cannon" => n_("one cannon working"),
        "avionics_destroyed" => n_("avionics destroyed"),
        "ace_bomber" => n_("Ace Bomber"),
        "nose_destroyed" => n_("nose destroyed"),
        "smoke" => n_("smoke"),
        "clean_run" => n_("clean run"),
        "altitude_low" => n_("at Low (15.4.2)"),
        "altitude_high" => n_("at High (15.4.2)"),
        "drag_low" => n_("drag release at Low"),
        "per_cluster" => n_("per 3-bomb cluster"),
        "five_singles" => n_("five single stores"),
        "one_wing" => n_("one wing's stores only"),
        "ordnance_destroyed" => n_("ordnance system destroyed"),
        "per_engine_box" => n_("per Engine box checked"),
        "cockpit_destroyed" => n_("cockpit destroyed"),
        "tail_destroyed" => n_("tail destroyed"),
        "electrical_destroyed" => n_("electrical destroyed"),
        "landing_gear_destroyed" => n_("landing gear destroyed"),
        "per_wing_destroyed" => n_("per wing destroyed"),
        "per_wave_off" => n_("per wave-off"),
        "low" => n_("at Low altitude"),
        "near_coast" => n_("near the coast"),
        "inshore" => n_("inshore waters"),
        "at_carrier" => n_("at the carrier"),
        "us_decisive" => n_("US decisive victory"),
        "draw" => n_("draw"),
        "monsoon" => n_("north-east monsoon"),
        "contested" => n_("the HH-53 over the box"),
        "npc_hits_3_4" | "npc_3_4_hits" => n_("non-player Skyhawk with 3–4 hits"),
        "npc_hits_5" | "npc_5_hits" => n_("non-player Skyhawk with 5 hits"),
        "per_missing" => n_("per Skyhawk missing from the flight"),
        "per_knocked_out" => n_("per NVA patrol Knocked Out"),
        "two_active" => n_("both NVA patrols active"),
        "two_wounds" => n_("pilot with two wounds"),
        "maintenance_1" => n_("maintenance level 1"),
        "maintenance_3" => n_("maintenance level 3"),
        "need_12" => n_("squadron need of 12"),
        "need_16" => n_("squadron need of 16"),
        "per_section_destroyed" => n_("per major section destroyed"),
        "three_subsystems" => n_("three sub-systems destroyed"),
        k => return Words::Plain(humanised(k).to_lowercase()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_as_words() {
        assert_eq!(cell_words("15.1", "on"), Words::Term("On target"));
        assert_eq!(cell_words("S-1", "on").english(), "Radar on");
        assert_eq!(cell_words("12", "1*"), Words::Plain("1*".into()));
        assert_eq!(cell_words("x", "brand_new").english(), "Brand new");
        assert_eq!(column_words("150+").english(), "150+");
        assert_eq!(column_words("aaa_low").english(), "AAA Low");
        assert_eq!(modifier_words("per_ecm").english(), "per ECM aircraft");
        assert_eq!(modifier_words("odd_key").english(), "odd key");
    }
}
