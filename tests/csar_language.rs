//! The printed words of the board go through the catalogue: with no language chosen the
//! program falls back to English and the map still draws every label. (One test in this
//! binary: it changes the process environment.)

mod common;

#[test]
fn the_map_draws_in_english_when_no_language_is_set() {
    // SAFETY: the only test of this binary; no other thread reads the environment.
    unsafe {
        std::env::remove_var("LANGUAGE");
        std::env::set_var("LC_ALL", "C");
    }
    tonkin::i18n::init();
    assert_eq!(tonkin::i18n::gettext("ORBIT BOX"), "ORBIT BOX");
    // The title line at the top right carries ink.
    let dark = common::dark_pixels(
        &tonkin::games::csar::art::samples::busy_scene(),
        430.0,
        3.0,
        130.0,
        8.0,
    );
    assert!(dark > 200, "title not drawn: {dark} dark pixels");
}
