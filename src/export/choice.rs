//! Enums chosen by name on the command line (paper, orientation, kind, duplex, format):
//! one macro gives each its list, its names, parsing with a helpful error, and display.

/// Finds `s` (case-insensitive) among `choices` by their names, or says which names exist.
pub fn parse_choice<T: Copy>(
    s: &str,
    what: &str,
    choices: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, String> {
    let wanted = s.trim().to_ascii_lowercase();
    choices
        .iter()
        .copied()
        .find(|c| name(*c) == wanted)
        .ok_or_else(|| {
            let known: Vec<&str> = choices.iter().map(|c| name(*c)).collect();
            format!("unknown {what} '{s}' (known: {})", known.join(", "))
        })
}

/// `named_choices!(Type, "what it is", { Variant => "name", ... })` adds `Type::ALL`,
/// `id()`, `FromStr` (errors list the names) and `Display`.
macro_rules! named_choices {
    ($ty:ident, $what:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in the order help texts list them.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// The name on the command line.
            pub fn id(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl std::str::FromStr for $ty {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                $crate::export::choice::parse_choice(s, $what, &$ty::ALL, |c| c.id())
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_any_case_and_errors_list_them() {
        assert_eq!(parse_choice(" B ", "letter", &["a", "b"], |c| c), Ok("b"));
        assert_eq!(
            parse_choice("z", "letter", &["a", "b"], |c| c),
            Err("unknown letter 'z' (known: a, b)".to_owned())
        );
    }
}
