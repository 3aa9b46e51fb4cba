//! The words of the table content's keys (result cells, column names, die-roll modifiers), as
//! the booklet and the filled sheets print them: the words the rules name them by
//! (`games::skyhawk::rules::words`, which the log's roll lines use too), through the catalogue.

use crate::games::skyhawk::rules::words::{self, Words};
use crate::i18n::gettext;

/// The words in the user's language.
fn translated(words: Words) -> String {
    match words {
        Words::Term(w) => gettext(w),
        Words::Plain(s) => s,
    }
}

/// The words of a result column's name.
pub fn column_words(key: &str) -> String {
    // Point bands of Table 22.
    if key.chars().next().is_some_and(|c| c.is_ascii_digit()) {
        // Translators: {points} is a band of Table 22 ("451–1000"), not a count.
        return gettext("{points} pts").replace("{points}", key);
    }
    translated(words::column_words(key))
}

/// The words of a result cell of table `table`.
pub fn cell_words(table: &str, key: &str) -> String {
    translated(words::cell_words(table, key))
}

/// The words of a die-roll modifier's name.
pub fn modifier_words(key: &str) -> String {
    translated(words::modifier_words(key))
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
