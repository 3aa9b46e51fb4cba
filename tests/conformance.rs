//! The conformance suite (`tonkin::engine::conformance`) over every playable game of the list:
//! a game added to `games::ALL` is checked here without a line of its own.

use tonkin::games::ALL;

/// Enough seeds to take every scenario of each game (six for That Others May Live), with and
/// without its optional rules.
const SEEDS: [u64; 6] = [11, 12, 13, 14, 15, 16];

/// Optional rules for a situation the bots meet too rarely for the suite to see them change a
/// game, each with the rulebook test that builds the situation instead. (That Others May
/// Live's lone Huskie carries a second Survivor in about one game of 800.)
const RARE_RULES: &[(&str, &str, &str)] = &[
    (
        "csar",
        "huskie_one_survivor",
        "csar_rules::the_huskie_limited_to_one_survivor_must_fly_home_before_the_next_rescue",
    ),
    // Search & Destroy's bots never dig in (the choice is the player's, 16.1).
    (
        "search_destroy",
        "improved_positions",
        "search_destroy_options::improved_positions_double_the_defence_of_a_unit_that_dug_in",
    ),
];

#[test]
fn every_rare_rule_names_its_rulebook_test() {
    for (game, rule, test) in RARE_RULES {
        let (file, name) = test.split_once("::").unwrap();
        let path = format!("{}/tests/{file}.rs", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            source.contains(&format!("fn {name}(")) && source.contains(rule),
            "{game} {rule}: no test {name} using it in {path}"
        );
    }
}

#[test]
fn every_playable_game_conforms() {
    let failures: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = ALL
            .iter()
            .filter_map(|game| game.driver.map(|driver| (game.id, driver)))
            .map(|(id, driver)| {
                let run = move || {
                    let start = std::time::Instant::now();
                    let rare: Vec<&str> = RARE_RULES
                        .iter()
                        .filter(|(game, _, _)| *game == id)
                        .map(|(_, rule, _)| *rule)
                        .collect();
                    let result = driver.conformance(&SEEDS, &rare);
                    eprintln!("{id}: {:.1} s", start.elapsed().as_secs_f64());
                    result
                };
                (id, scope.spawn(run))
            })
            .collect();
        runs.into_iter()
            .filter_map(|(id, run)| match run.join() {
                Ok(result) => result.err(),
                Err(_) => Some(format!("{id}: the suite panicked")),
            })
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
