//! The built-in rules reference: each game's rules in our own words, by section number.

use serde::Deserialize;

use super::content::Source;

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct RuleSection {
    /// The rulebook's section number, e.g. `4.3.3`.
    pub number: String,
    pub title: String,
    pub text: String,
    pub source: Source,
}

/// A game's `rules.toml`: its `[[section]]` records.
#[derive(Debug, Deserialize)]
pub struct RulesFile {
    pub section: Vec<RuleSection>,
}

/// The section a log reference such as `4.3.3 C` points to: the longest section number that
/// the reference starts with.
pub fn find<'a>(sections: &'a [RuleSection], reference: &str) -> Option<&'a RuleSection> {
    let wanted = reference.split_whitespace().next()?;
    sections
        .iter()
        .filter(|s| {
            wanted == s.number
                || wanted
                    .strip_prefix(s.number.as_str())
                    .is_some_and(|rest| rest.starts_with('.'))
        })
        .max_by_key(|s| s.number.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_most_specific_section() {
        let rules = crate::engine::content::parse::<RulesFile>(
            "rules.toml",
            "[[section]]\nnumber = \"4.3\"\ntitle = \"Combat\"\ntext = \"...\"\nsource = \"rulebook\"\n\
             [[section]]\nnumber = \"4.3.3\"\ntitle = \"Gun fire\"\ntext = \"...\"\nsource = \"rulebook\"\n\
             [[section]]\nnumber = \"4.3.30\"\ntitle = \"Not it\"\ntext = \"...\"\nsource = \"recon\"\n",
        )
        .unwrap()
        .section;
        assert_eq!(find(&rules, "4.3.3 C").unwrap().title, "Gun fire");
        assert_eq!(find(&rules, "4.3.1").unwrap().title, "Combat");
        assert!(find(&rules, "9.1").is_none());
    }
}
