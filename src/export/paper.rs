//! Paper sizes and orientation.

use std::fmt;

/// A sheet size the exporter knows, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperSize {
    A4,
    Letter,
    A3,
    Tabloid,
}

impl PaperSize {
    pub const ALL: [PaperSize; 4] = [
        PaperSize::A4,
        PaperSize::Letter,
        PaperSize::A3,
        PaperSize::Tabloid,
    ];

    /// The command-line name.
    pub fn id(self) -> &'static str {
        match self {
            PaperSize::A4 => "a4",
            PaperSize::Letter => "letter",
            PaperSize::A3 => "a3",
            PaperSize::Tabloid => "tabloid",
        }
    }

    /// (width, height) standing upright.
    pub fn portrait_mm(self) -> (f64, f64) {
        match self {
            PaperSize::A4 => (210.0, 297.0),
            PaperSize::Letter => (215.9, 279.4),
            PaperSize::A3 => (297.0, 420.0),
            PaperSize::Tabloid => (279.4, 431.8),
        }
    }

    /// (width, height) turned the given way.
    pub fn mm(self, orientation: Orientation) -> (f64, f64) {
        let (w, h) = self.portrait_mm();
        match orientation {
            Orientation::Portrait => (w, h),
            Orientation::Landscape => (h, w),
        }
    }
}

impl std::str::FromStr for PaperSize {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        parse_choice(s, "paper size", &PaperSize::ALL, |p| p.id())
    }
}

impl fmt::Display for PaperSize {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Portrait,
    Landscape,
}

impl Orientation {
    pub const ALL: [Orientation; 2] = [Orientation::Portrait, Orientation::Landscape];

    pub fn id(self) -> &'static str {
        match self {
            Orientation::Portrait => "portrait",
            Orientation::Landscape => "landscape",
        }
    }
}

impl std::str::FromStr for Orientation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        parse_choice(s, "orientation", &Orientation::ALL, |o| o.id())
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_turn_and_parse() {
        assert_eq!(PaperSize::A4.mm(Orientation::Landscape), (297.0, 210.0));
        assert_eq!("Letter".parse::<PaperSize>(), Ok(PaperSize::Letter));
        let err = "b5".parse::<PaperSize>().unwrap_err();
        assert!(err.contains("'b5'") && err.contains("tabloid"), "{err}");
    }
}
