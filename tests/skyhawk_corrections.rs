//! Corrections to Skyhawk found by reading the code against the rulebook (#12): each test
//! names the rule it checks.

use tonkin::engine::game::Game;
use tonkin::games::skyhawk::art::scene::card_record;
use tonkin::games::skyhawk::rules::{Options, Skyhawk};

/// 3.2: in a campaign the Mission Record Card carries the campaign's number, the pilot's
/// mission number and the date; a single mission leaves them blank.
#[test]
fn rule_3_2_the_record_card_has_campaign_mission_and_date_in_a_campaign() {
    let g = Skyhawk::setup("campaign2", &Options::default(), 4).unwrap();
    let card = card_record(&g);
    let k = g.campaign.as_ref().unwrap();
    assert_eq!(card.campaign.as_deref(), Some("2"));
    assert_eq!(card.mission.as_deref(), Some("1"), "his first mission");
    assert_eq!(card.date, Some(k.date()));
    assert!(card.date.as_deref().unwrap().ends_with("1966"));
    let single = Skyhawk::setup("single", &Options::default(), 4).unwrap();
    let card = card_record(&single);
    assert_eq!((card.campaign, card.mission, card.date), (None, None, None));
}
