//! What a game hands the exporter: its printable components, each able to draw one copy's
//! front and back on a Cairo context in millimetres.

use std::fmt;

use cairo::Context;

/// The kind of a component, which is also what `--components` selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Cards,
    Counters,
    Map,
    Aids,
    Sheets,
}

named_choices!(Kind, "component kind", {
    Cards => "cards",
    Counters => "counters",
    Map => "map",
    Aids => "aids",
    Sheets => "sheets",
});

impl Kind {
    /// Cards and counters are cut out one by one, so their art runs past the cut line;
    /// maps, aids and sheets keep a white border.
    pub fn bleeds_by_default(self) -> bool {
        matches!(self, Kind::Cards | Kind::Counters)
    }
}

/// Draws copy `index` of a component with its top-left trim corner at the origin, in
/// millimetres. `bleed` (mm, may be 0) is how far the background must run past every edge:
/// the exporter clips to the trim rectangle grown by `bleed`, so nothing spills further.
pub type DrawFn = Box<dyn Fn(&Context, usize, f64) -> Result<(), cairo::Error>>;

/// One set of identical-size pieces: a deck of cards, a sheet of counters, a map.
pub struct Component {
    /// Shown in page footers, e.g. "Resolution cards": in English, marked for the catalogue
    /// with `n_` where the kit names it, and translated where it is shown.
    pub name: String,
    pub kind: Kind,
    /// Trim size in millimetres.
    pub width: f64,
    pub height: f64,
    /// Number of pieces; `draw_front`/`draw_back` receive 0..count.
    pub count: usize,
    /// Whether the art runs past the cut line by the export's bleed.
    pub bleeds: bool,
    /// Whether the pieces are sheets folded and read like a book (a booklet, a trifold): they
    /// are laid out on pages of their own orientation for a turn over the short edge whenever
    /// they are printed two-sided or folded
    /// (see [`Settings::for_component`](super::layout::Settings::for_component)).
    pub short_edge: bool,
    front: DrawFn,
    back: Option<DrawFn>,
}

impl Component {
    /// A component without a back. `front(cr, index, bleed)` draws piece `index`.
    pub fn new(
        name: impl Into<String>,
        kind: Kind,
        (width, height): (f64, f64),
        count: usize,
        front: impl Fn(&Context, usize, f64) -> Result<(), cairo::Error> + 'static,
    ) -> Self {
        Component {
            name: name.into(),
            kind,
            width,
            height,
            count,
            bleeds: kind.bleeds_by_default(),
            short_edge: false,
            front: Box::new(front),
            back: None,
        }
    }

    /// Gives the pieces a back, drawn upright like the front. On paper the back of piece `i`
    /// lands behind its front; a cut piece shows it upright when turned over its left-right
    /// axis (long-edge duplex on portrait pages) or its top-bottom axis (short edge, fold).
    pub fn with_back(
        mut self,
        back: impl Fn(&Context, usize, f64) -> Result<(), cairo::Error> + 'static,
    ) -> Self {
        self.back = Some(Box::new(back));
        self
    }

    /// Overrides the kind's default bleed behaviour.
    pub fn bleeding(mut self, bleeds: bool) -> Self {
        self.bleeds = bleeds;
        self
    }

    /// Makes the pieces sheets folded and read like a book: a sheet turned over its long edge
    /// would put the back of each page upside down behind another page, so they are always
    /// printed for a turn over the short edge, on pages of their own orientation, and their
    /// footers say so.
    pub fn turned_over_short_edge(mut self) -> Self {
        self.short_edge = true;
        self
    }

    pub fn has_back(&self) -> bool {
        self.back.is_some()
    }

    pub fn draw_front(&self, cr: &Context, index: usize, bleed: f64) -> Result<(), cairo::Error> {
        (self.front)(cr, index, bleed)
    }

    /// Draws nothing when the component has no back.
    pub fn draw_back(&self, cr: &Context, index: usize, bleed: f64) -> Result<(), cairo::Error> {
        match &self.back {
            Some(back) => back(cr, index, bleed),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Component {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Component")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("size", &(self.width, self.height))
            .field("count", &self.count)
            .field("bleeds", &self.bleeds)
            .field("has_back", &self.has_back())
            .finish()
    }
}

/// A one-page record sheet of `page` size (drawn with `crate::art::sheet`) as a printable
/// component, drawn by `draw`.
pub fn sheet(
    name: &str,
    page: crate::art::sheet::Page,
    draw: impl Fn(&Context, crate::art::sheet::Page) -> Result<(), cairo::Error> + 'static,
) -> Component {
    Component::new(name, Kind::Sheets, (page.w, page.h), 1, move |cr, _, _| {
        draw(cr, page)
    })
}

/// Every printable component of one game.
#[derive(Debug)]
pub struct Kit {
    /// The game's id, as in the game list (`crate::games`); used in file names.
    pub game: String,
    /// The game's title, shown in page footers.
    pub title: String,
    pub components: Vec<Component>,
}

impl Kit {
    /// A kit for the game with id `game` and title `title` (printed in page footers).
    pub fn new(game: &str, title: &str, components: Vec<Component>) -> Self {
        Kit {
            game: game.to_owned(),
            title: title.to_owned(),
            components,
        }
    }

    /// Keeps only the components of the given kinds (all of them when `kinds` is empty).
    pub fn only(mut self, kinds: &[Kind]) -> Self {
        if !kinds.is_empty() {
            self.components.retain(|c| kinds.contains(&c.kind));
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_parse_and_default_bleed() {
        assert_eq!("Counters".parse::<Kind>(), Ok(Kind::Counters));
        assert!("tokens".parse::<Kind>().unwrap_err().contains("sheets"));
        let c = Component::new("x", Kind::Map, (10.0, 10.0), 1, |_, _, _| Ok(()));
        assert!(!c.bleeds && !c.has_back());
        assert!(c.bleeding(true).bleeds);
    }

    #[test]
    fn kit_filters_by_kind() {
        let none = |_: &Context, _: usize, _: f64| Ok(());
        let kit = Kit::new(
            "csar",
            "That Others May Live",
            vec![
                Component::new("a", Kind::Cards, (63.0, 88.0), 3, none),
                Component::new("b", Kind::Map, (300.0, 200.0), 1, none),
            ],
        );
        assert_eq!(kit.title, "That Others May Live");
        let kit = kit.only(&[Kind::Map]);
        assert_eq!(kit.components.len(), 1);
        assert_eq!(kit.components[0].name, "b");
    }
}
