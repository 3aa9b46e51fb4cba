//! Numbers in the player's language: the decimal separator is a template of the catalogue.

use super::message::{Message, msg};

/// A number with `places` decimals, written with the decimal separator of the player's
/// language ("1.20", "1,20") when the message is shown.
pub fn decimal(value: f64, places: usize) -> Message {
    let written = format!("{value:.places$}");
    match written.split_once('.') {
        // Translators: a number with decimals; write your language's decimal separator
        // between the whole part and the decimals, e.g. "{whole},{decimals}".
        Some((whole, decimals)) => msg("{whole}.{decimals}")
            .arg("whole", whole)
            .arg("decimals", decimals),
        None => Message::template("{whole}".into()).arg("whole", written),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_take_the_separator_of_the_catalogue() {
        assert_eq!(decimal(1.2, 2).english(), "1.20");
        assert_eq!(decimal(-0.25, 1).english(), "-0.2");
        assert_eq!(decimal(3.0, 0).english(), "3");
        let comma = |s: &str| match s {
            "{whole}.{decimals}" => "{whole},{decimals}".to_owned(),
            other => other.to_owned(),
        };
        assert_eq!(decimal(66.44, 1).render_with(&comma), "66,4");
    }
}
