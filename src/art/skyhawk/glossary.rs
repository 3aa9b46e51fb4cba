//! The words of the table content's keys (result cells, column names, die-roll modifiers), as
//! the booklet and the filled sheets print them, through the catalogue. A key not listed here
//! (from a corrected override file, say) is printed readably rather than left out.

use crate::i18n::gettext;

/// A key the glossary does not know, made readable ("new_key" → "New key").
fn humanised(key: &str) -> String {
    let s = key.replace('_', " ");
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    }
}

/// The words of a result column's name.
pub fn column_words(key: &str) -> String {
    match key {
        "support_attacks" => gettext("Support Attacks"),
        "re_attack" => gettext("Re-attack"),
        "outbound" => gettext("Outbound"),
        "carrier_approach" => gettext("Carrier Approach"),
        "sa" => gettext("SA"),
        "aaa" => gettext("AAA"),
        "sam" => gettext("SAM"),
        "mig" => gettext("MiG"),
        "sa_low" => gettext("SA Low"),
        "aaa_low" => gettext("AAA Low"),
        "aaa_medium" => gettext("AAA Med"),
        "aaa_high" => gettext("AAA High"),
        "sam_medium" => gettext("SAM Med"),
        "sam_high" => gettext("SAM High"),
        "mig_low" => gettext("MiG Low"),
        "mig_medium" => gettext("MiG Med"),
        "mig_high" => gettext("MiG High"),
        "manual" => gettext("Manual fire"),
        "on_low" => gettext("Radar on, Low"),
        "on_medium" => gettext("Radar on, Med"),
        "on_high" => gettext("Radar on, High"),
        "on" => gettext("On target"),
        "off" => gettext("Off target"),
        "land" => gettext("Over land"),
        "water" => gettext("Over water"),
        "green" => gettext("Green pilot"),
        "experienced" => gettext("Experienced pilot"),
        "nv_decisive" => gettext("NV decisive"),
        "nv_marginal" => gettext("NV marginal"),
        "draw" => gettext("Draw"),
        "us_marginal" => gettext("US marginal"),
        "us_decisive" => gettext("US decisive"),
        "level_1" => gettext("From level 1"),
        "level_2" => gettext("From level 2"),
        // Point bands of Table 22.
        k if k.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
            gettext("{points} pts").replace("{points}", k)
        }
        k => humanised(k),
    }
}

/// The words of a result cell of table `table`.
pub fn cell_words(table: &str, key: &str) -> String {
    if key.trim_end_matches('*').parse::<i32>().is_ok() {
        return key.to_owned();
    }
    let attack = table.starts_with("15.");
    match key {
        "on" if attack => gettext("On target"),
        "off" if attack => gettext("Off target"),
        "on" => gettext("Radar on"),
        "off" => gettext("Radar off"),
        "green" => gettext("Green"),
        "experienced" => gettext("Experienced"),
        "veteran" => gettext("Veteran"),
        "good" => gettext("Good"),
        "poor" => gettext("Poor"),
        "bad" => gettext("Bad"),
        "low" => gettext("Low"),
        "medium" => gettext("Medium"),
        "high" => gettext("High"),
        "none" => gettext("—"),
        "all" => gettext("All"),
        "yes" => gettext("Yes"),
        "no" => gettext("No"),
        "ok" => gettext("OK"),
        "incident" => gettext("Possible incident"),
        "fixed" => gettext("Fixed, launch"),
        "malfunction" => gettext("Sub-system malfunction"),
        "scrubbed" => gettext("Mission scrubbed"),
        "ditch" => gettext("Ditch"),
        "eject" => gettext("Eject"),
        "crash" => gettext("Crash"),
        "killed" => gettext("Killed"),
        "bomb_shortage" => gettext("Bomb shortage"),
        "intrusion" => gettext("Government intrusion"),
        "yankee_weather" => gettext("Weather at Yankee Station"),
        "new_target" => gettext("New target"),
        "no_heavy_bombs" => gettext("No heavy bombs"),
        "no_hanoi_haiphong" => gettext("No Hanoi or Haiphong targets"),
        "redirected" => gettext("Support redirected"),
        "ace_bomber" => gettext("Ace Bomber"),
        "lady_luck" => gettext("Lady Luck"),
        "weather_change" => gettext("Weather change"),
        "avionics" => gettext("Avionics"),
        "electrical" => gettext("Electrical"),
        "com_nav" => gettext("Com/Nav"),
        "landing_gear" => gettext("Landing gear"),
        "fuel" => gettext("Fuel system"),
        "ordnance" => gettext("Ordnance system"),
        "oxygen" => gettext("Oxygen"),
        "hydraulics" => gettext("Hydraulics"),
        "cannon_left" => gettext("Left cannon"),
        "cannon_right" => gettext("Right cannon"),
        "cannon" => gettext("Cannon"),
        "bingo" => gettext("Bingo"),
        "divert" => gettext("Divert"),
        "refuelled" => gettext("Refuelled"),
        "collision" => gettext("Collision"),
        "corrected" => gettext("Corrected, refuelled"),
        "unable" => gettext("Unable to refuel"),
        "bail_out" => gettext("Bail out"),
        "hit" => gettext("Hit"),
        "miss" => gettext("Miss"),
        "out" => gettext("Knocked out"),
        "suppressed" => gettext("Suppressed"),
        "superficial" => gettext("Superficial"),
        "wings" => gettext("Wings"),
        "fuselage" => gettext("Fuselage"),
        "engine" => gettext("Engine"),
        "nose" => gettext("Nose"),
        "cockpit" => gettext("Cockpit"),
        "tail" => gettext("Tail"),
        "wound" => gettext("Pilot wounded"),
        "centerline_pylon" => gettext("Centerline pylon"),
        "inboard_pylon" => gettext("Inboard pylon"),
        "outboard_pylon" => gettext("Outboard pylon"),
        "left" => gettext("Left wing"),
        "right" => gettext("Right wing"),
        "clean_run" => gettext("Clean run"),
        "flak_trap" => gettext("Flak trap"),
        "migs" => gettext("MiGs"),
        "smoke" => gettext("Smoke"),
        "escapes" => gettext("MiG escapes"),
        "kill" => gettext("MiG kill"),
        "flame_out" => gettext("Flame-out"),
        "carrier_weather" => gettext("Carrier weather"),
        "navigation" => gettext("Navigation problem"),
        "failed" => gettext("Engine fails"),
        "recovered" => gettext("Engine recovers"),
        "mishap" => gettext("Mishap"),
        "trap" => gettext("Trap"),
        "wave_off" => gettext("Wave-off"),
        "barricade" => gettext("Barricade"),
        "hard_landing" => gettext("Hard landing"),
        "over_the_side" => gettext("Over the side"),
        "wounded" => gettext("Wounded"),
        "injured" => gettext("Injured"),
        "exposure" => gettext("Dies of exposure"),
        "pow" => gettext("POW"),
        "rescued" => gettext("Rescued"),
        "bronze_star" => gettext("Bronze Star"),
        "dfc" => gettext("DFC"),
        "silver_star" => gettext("Silver Star"),
        "navy_cross" => gettext("Navy Cross"),
        "medal_of_honor" => gettext("Medal of Honor"),
        "fire" => gettext("Engine fire"),
        "extinguished" => gettext("Put out"),
        "uncontrollable" => gettext("Out of control"),
        "navy_unit_commendation" => gettext("Navy Unit Commendation"),
        "presidential_unit_citation" => gettext("Presidential Unit Citation"),
        "rvn_gallantry_cross" => gettext("RVN Gallantry Cross"),
        "ports_removed" => gettext("Ports struck off"),
        "restrictions_lifted" => gettext("Restrictions lifted"),
        "actress" => gettext("Actress in Hanoi"),
        "bombing_halt" => gettext("Bombing halt"),
        "evades" => gettext("Evades capture"),
        "kia" => gettext("KIA"),
        "flies" => gettext("Flies"),
        "misses" => gettext("Misses the mission"),
        k => humanised(k),
    }
}

/// The words of a die-roll modifier's name.
pub fn modifier_words(key: &str) -> String {
    match key {
        "yankee_weather" => gettext("weather at Yankee Station"),
        "rp_6" => gettext("target in Route Package 6"),
        "rp_1_2" => gettext("target in Route Package 1 or 2"),
        "rp_north" => gettext("bail-out north of RP 1"),
        "green" => gettext("green pilot"),
        "veteran" => gettext("veteran pilot"),
        "per_re_attack" => gettext("per re-attack"),
        "fuel_destroyed" => gettext("fuel system destroyed"),
        "engine_destroyed" => gettext("engine destroyed"),
        "tank_pylon_lost" => gettext("tank pylon destroyed"),
        "weather_poor" => gettext("poor weather"),
        "weather_bad" => gettext("bad weather"),
        "com_nav_destroyed" => gettext("Com/Nav destroyed"),
        "navigation_problem" => gettext("navigation problem"),
        "extra_fuel" => gettext("more external fuel than the minimum"),
        "hydraulics_destroyed" => gettext("hydraulics destroyed"),
        "per_suppressed" => gettext("per Suppressed marker"),
        "radar_off" => gettext("SAM radar off"),
        "per_ecm" => gettext("per ECM aircraft"),
        "f105_vs_sam" => gettext("F-105 against the SAM box"),
        "f4_vs_mig" => gettext("F-4 against the MiG box"),
        "bullpup" => gettext("Bullpup run"),
        "flak_trap" => gettext("flak trap"),
        "ecm" => gettext("ECM aircraft"),
        "suppressed" => gettext("site Suppressed"),
        "one_cannon" => gettext("one cannon working"),
        "avionics_destroyed" => gettext("avionics destroyed"),
        "ace_bomber" => gettext("Ace Bomber"),
        "nose_destroyed" => gettext("nose destroyed"),
        "smoke" => gettext("smoke"),
        "clean_run" => gettext("clean run"),
        "altitude_low" => gettext("at Low (15.4.2)"),
        "altitude_high" => gettext("at High (15.4.2)"),
        "drag_low" => gettext("drag release at Low"),
        "per_cluster" => gettext("per 3-bomb cluster"),
        "five_singles" => gettext("five single stores"),
        "one_wing" => gettext("one wing's stores only"),
        "ordnance_destroyed" => gettext("ordnance system destroyed"),
        "per_engine_box" => gettext("per Engine box checked"),
        "cockpit_destroyed" => gettext("cockpit destroyed"),
        "tail_destroyed" => gettext("tail destroyed"),
        "electrical_destroyed" => gettext("electrical destroyed"),
        "landing_gear_destroyed" => gettext("landing gear destroyed"),
        "per_wing_destroyed" => gettext("per wing destroyed"),
        "per_wave_off" => gettext("per wave-off"),
        "low" => gettext("at Low altitude"),
        "near_coast" => gettext("near the coast"),
        "inshore" => gettext("inshore waters"),
        "at_carrier" => gettext("at the carrier"),
        "us_decisive" => gettext("US decisive victory"),
        "draw" => gettext("draw"),
        "monsoon" => gettext("north-east monsoon"),
        "contested" => gettext("the HH-53 over the box"),
        "npc_hits_3_4" | "npc_3_4_hits" => gettext("non-player Skyhawk with 3–4 hits"),
        "npc_hits_5" | "npc_5_hits" => gettext("non-player Skyhawk with 5 hits"),
        "per_missing" => gettext("per Skyhawk missing from the flight"),
        "per_knocked_out" => gettext("per NVA patrol Knocked Out"),
        "two_active" => gettext("both NVA patrols active"),
        "two_wounds" => gettext("pilot with two wounds"),
        "maintenance_1" => gettext("maintenance level 1"),
        "maintenance_3" => gettext("maintenance level 3"),
        "need_12" => gettext("squadron need of 12"),
        "need_16" => gettext("squadron need of 16"),
        "per_section_destroyed" => gettext("per major section destroyed"),
        "three_subsystems" => gettext("three sub-systems destroyed"),
        k => humanised(k).to_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_as_words() {
        assert_eq!(cell_words("15.1", "on"), "On target");
        assert_eq!(cell_words("S-1", "on"), "Radar on");
        assert_eq!(cell_words("12", "1*"), "1*");
        assert_eq!(cell_words("x", "brand_new"), "Brand new");
        assert_eq!(column_words("150+"), "150+ pts");
        assert_eq!(modifier_words("per_ecm"), "per ECM aircraft");
        assert_eq!(modifier_words("odd_key"), "odd key");
    }
}
