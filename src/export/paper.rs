//! Paper sizes and orientation.

/// A sheet size the exporter knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperSize {
    A4,
    Letter,
    A3,
    Tabloid,
}

named_choices!(PaperSize, "paper size", {
    A4 => "a4",
    Letter => "letter",
    A3 => "a3",
    Tabloid => "tabloid",
});

impl PaperSize {
    /// (width, height) in millimetres, standing upright.
    pub fn portrait_mm(self) -> (f64, f64) {
        match self {
            PaperSize::A4 => (210.0, 297.0),
            PaperSize::Letter => (215.9, 279.4),
            PaperSize::A3 => (297.0, 420.0),
            PaperSize::Tabloid => (279.4, 431.8),
        }
    }

    /// (width, height) in millimetres, turned the given way.
    pub fn mm(self, orientation: Orientation) -> (f64, f64) {
        let (w, h) = self.portrait_mm();
        match orientation {
            Orientation::Portrait => (w, h),
            Orientation::Landscape => (h, w),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    Portrait,
    Landscape,
}

named_choices!(Orientation, "orientation", { Portrait => "portrait", Landscape => "landscape" });

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
