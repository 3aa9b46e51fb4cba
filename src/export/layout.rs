//! Where everything goes on paper: pure geometry in millimetres, no drawing.
//!
//! Each component is laid out on its own pages. Pieces that fit are packed in a grid; the
//! gutter between bleeding pieces is twice the bleed so each piece keeps its own bleed. A
//! piece larger than the printable area is cut into overlapping tiles, one per page.
//!
//! Backs follow the duplex mode:
//! - `Long` / `Short`: every page of fronts is followed by its page of backs, mirrored so each
//!   back lands behind its front when the printer turns the sheet over its long or short edge.
//!   A component without backs gets a blank page there, so the fronts stay on odd pages.
//! - `Fold`: fronts on one half of the page, backs mirrored across the fold line on the other
//!   half; fold the sheet, glue it, cut. Components without backs use whole pages.
//! - A sheet folded and read like a book (a booklet, a trifold: [`Component::short_edge`]) is
//!   laid out on a page of its own orientation for the short edge whenever it is printed
//!   two-sided or folded ([`Settings::for_component`]).
//! - `None`: fronts only, no back pages. Backs cannot line up without a duplex printer or a
//!   fold, so they are left out rather than printed where they would not match.
//!
//! The page is kept symmetric (equal margins, a footer band at the top and the bottom) so the
//! mirrored backs stay inside the printable area.

use super::component::{Component, Kit};
use super::geometry::EPS;
pub use super::geometry::{Flip, Line, Rect};
use super::paper::{Orientation, PaperSize};

/// Distance from the outer bleed edge to the start of a crop mark.
pub const MARK_GAP: f64 = 1.0;
/// Length of a crop mark.
pub const MARK_LEN: f64 = 3.0;
/// Band kept free of art around the art for crop marks, overlap marks and registration marks.
pub const MARK_BAND: f64 = MARK_GAP + MARK_LEN + 0.5;
/// Height of the footer band (kept at the top too, for symmetry).
pub const FOOTER: f64 = 6.0;
/// How much neighbouring tiles of a large component repeat of each other.
pub const TILE_OVERLAP: f64 = 10.0;
/// Free space on each side of the fold line, beyond the mark band.
pub const FOLD_GAP: f64 = 4.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplex {
    Long,
    Short,
    Fold,
    None,
}

named_choices!(Duplex, "duplex mode", {
    Long => "long",
    Short => "short",
    Fold => "fold",
    None => "none",
});

impl Duplex {
    /// How the backs mirror the fronts on a page of the given size.
    /// Turning a sheet over its long edge mirrors across the page's long axis; a fold goes
    /// across the long dimension, giving two halves like a short-edge turn.
    pub fn flip(self, page_w: f64, page_h: f64) -> Option<Flip> {
        let portrait = page_h >= page_w;
        match (self, portrait) {
            (Duplex::Long, true) | (Duplex::Short | Duplex::Fold, false) => Some(Flip::LeftRight),
            (Duplex::Long, false) | (Duplex::Short | Duplex::Fold, true) => Some(Flip::TopBottom),
            (Duplex::None, _) => None,
        }
    }
}

/// What the user chose for the whole export.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub paper: PaperSize,
    /// `None`: for each component, whichever orientation needs fewer pages (portrait on a tie).
    pub orientation: Option<Orientation>,
    pub margin: f64,
    pub bleed: f64,
    pub duplex: Duplex,
}

impl Settings {
    /// The settings component `c` is laid out with. A sheet folded and read like a book
    /// ([`Component::short_edge`]) printed two-sided or folded lies on a page of its own
    /// orientation, for a turn over the short edge: only there does the turn put each page's
    /// back upright behind it (on a page the other way round the sheet lies a quarter turn
    /// round, and its backs stand as a calendar's). Folded in half once more it would be cut
    /// into tiles. Fronts only stays fronts only.
    pub fn for_component(&self, c: &Component) -> Settings {
        if !(c.short_edge && c.has_back() && self.duplex != Duplex::None) {
            return *self;
        }
        let own = if c.width >= c.height {
            Orientation::Landscape
        } else {
            Orientation::Portrait
        };
        Settings {
            duplex: Duplex::Short,
            orientation: Some(own),
            ..*self
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            paper: PaperSize::A4,
            orientation: None,
            margin: 5.0,
            bleed: 3.0,
            duplex: Duplex::Long,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Front,
    Back,
}

/// One piece (or one tile of a piece) placed on a page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Item {
    /// Which piece of the component, 0..count.
    pub index: usize,
    pub face: Face,
    /// The trim rectangle on the page.
    pub cut: Rect,
    /// The part of the piece shown, in the piece's own millimetres (the whole piece except
    /// for tiles). Same size as `cut`.
    pub source: Rect,
    /// How far the art runs past `cut`.
    pub bleed: f64,
    /// Pieces may be turned a quarter to fit more on a page.
    pub turn: Turn,
}

/// How a piece sits on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    Upright,
    /// A quarter turn clockwise: the piece's top faces the page's right edge.
    Clockwise,
    /// A quarter turn anticlockwise: the piece's top faces the page's left edge.
    Anticlockwise,
}

impl Turn {
    /// The turn of the back behind a piece turned this way: the sheet's turn reverses it.
    fn behind(self) -> Turn {
        match self {
            Turn::Upright => Turn::Upright,
            Turn::Clockwise => Turn::Anticlockwise,
            Turn::Anticlockwise => Turn::Clockwise,
        }
    }
}

impl Item {
    /// What the art is clipped to.
    pub fn clip(&self) -> Rect {
        self.cut.inflate(self.bleed)
    }

    /// The map from the piece's millimetres to the page's, as `cairo::Matrix::new` takes it:
    /// `[xx, yx, xy, yy, x0, y0]` with x' = xx·u + xy·v + x0 and y' = yx·u + yy·v + y0.
    pub fn to_page(&self) -> [f64; 6] {
        let (c, s) = (self.cut, self.source);
        match self.turn {
            Turn::Upright => [1.0, 0.0, 0.0, 1.0, c.x - s.x, c.y - s.y],
            Turn::Clockwise => [0.0, 1.0, -1.0, 0.0, c.right() + s.y, c.y - s.x],
            Turn::Anticlockwise => [0.0, -1.0, 1.0, 0.0, c.x - s.y, c.bottom() + s.x],
        }
    }

    /// Where the piece's point (u, v) lands on the page.
    pub fn page_point(&self, u: f64, v: f64) -> (f64, f64) {
        let [xx, yx, xy, yy, x0, y0] = self.to_page();
        (xx * u + xy * v + x0, yx * u + yy * v + y0)
    }
}

/// Which tile of a large piece a page shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub row: usize,
    pub col: usize,
    pub rows: usize,
    pub cols: usize,
}

impl Tile {
    /// 1-based number in reading order.
    pub fn number(&self) -> usize {
        self.row * self.cols + self.col + 1
    }
}

/// What a page holds, for its footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Fronts,
    Backs,
    /// A folding page: fronts on one half, backs on the other.
    Folded,
    /// The back of a page whose component has no backs.
    Blank,
    Alignment,
}

/// A printer-alignment target: a cross on the front, a circle where the back should put it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub x: f64,
    pub y: f64,
    pub face: Face,
}

/// One page to print.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    pub role: Role,
    /// Index into the kit's components; `None` for the alignment page.
    pub component: Option<usize>,
    pub items: Vec<Item>,
    /// Areas holding art, each with its mark band; registration marks sit at their corners.
    pub regions: Vec<Rect>,
    pub crop_marks: Vec<Line>,
    /// Solid ticks beside the art where tiles overlap.
    pub overlap_ticks: Vec<Line>,
    /// Dashed lines across the art: trim a tile here and lay it over its neighbour.
    pub overlap_guides: Vec<Line>,
    pub fold: Option<Line>,
    pub tile: Option<Tile>,
    pub targets: Vec<Target>,
    /// Where the alignment page draws its ruler and 100 mm square.
    pub chart: Option<Rect>,
}

impl Page {
    fn new(width: f64, height: f64, role: Role, component: Option<usize>) -> Self {
        Page {
            width,
            height,
            role,
            component,
            items: Vec::new(),
            regions: Vec::new(),
            crop_marks: Vec::new(),
            overlap_ticks: Vec::new(),
            overlap_guides: Vec::new(),
            fold: None,
            tile: None,
            targets: Vec::new(),
            chart: None,
        }
    }

    /// This page mirrored for its back: same geometry turned over, fronts become backs.
    fn mirrored(&self, flip: Flip) -> Page {
        let (w, h) = (self.width, self.height);
        let lines = |ls: &[Line]| ls.iter().map(|l| flip.line(l, w, h)).collect::<Vec<_>>();
        let mut back = Page::new(w, h, Role::Backs, self.component);
        back.items = self
            .items
            .iter()
            .map(|i| Item {
                face: Face::Back,
                cut: flip.rect(&i.cut, w, h),
                turn: i.turn.behind(),
                ..*i
            })
            .collect();
        back.regions = self.regions.iter().map(|r| flip.rect(r, w, h)).collect();
        back.crop_marks = lines(&self.crop_marks);
        back.overlap_ticks = lines(&self.overlap_ticks);
        back.overlap_guides = lines(&self.overlap_guides);
        back.tile = self.tile;
        back.targets = self
            .targets
            .iter()
            .map(|t| {
                let (x, y) = flip.point((t.x, t.y), w, h);
                Target {
                    x,
                    y,
                    face: Face::Back,
                }
            })
            .collect();
        back
    }

    /// Adds everything of `other` (same size) to this page.
    fn merge(&mut self, other: Page) {
        self.items.extend(other.items);
        self.regions.extend(other.regions);
        self.crop_marks.extend(other.crop_marks);
        self.overlap_ticks.extend(other.overlap_ticks);
        self.overlap_guides.extend(other.overlap_guides);
        self.targets.extend(other.targets);
    }
}

/// Mirrors the source rectangle of a tile for the back of the piece.
fn mirror_source(item: &mut Item, flip: Flip, c: &Component) {
    item.source = flip.rect(&item.source, c.width, c.height);
}

/// Every page of the kit, component after component.
pub fn plan(kit: &Kit, settings: &Settings) -> Vec<Page> {
    kit.components
        .iter()
        .enumerate()
        .flat_map(|(i, c)| plan_component(i, c, settings))
        .collect()
}

/// The pages of one component.
pub fn plan_component(index: usize, c: &Component, s: &Settings) -> Vec<Page> {
    if c.count == 0 {
        return Vec::new();
    }
    let s = &s.for_component(c);
    let folded = s.duplex == Duplex::Fold && c.has_back();
    let orientation = s
        .orientation
        .unwrap_or_else(|| best_orientation(c, s, folded));
    let (w, h) = s.paper.mm(orientation);
    let region = art_region(w, h, s.margin, folded);
    let fronts = front_pages(index, c, s, w, h, region);
    let flip = s.duplex.flip(w, h);
    let mut pages = Vec::new();
    for front in fronts {
        match (s.duplex, flip) {
            (Duplex::Long | Duplex::Short, Some(flip)) => {
                let back = if c.has_back() {
                    let mut back = front.mirrored(flip);
                    back.items
                        .iter_mut()
                        .for_each(|i| mirror_source(i, flip, c));
                    back
                } else {
                    let mut blank = Page::new(w, h, Role::Blank, Some(index));
                    blank.tile = front.tile;
                    blank
                };
                pages.push(front);
                pages.push(back);
            }
            (Duplex::Fold, Some(flip)) if folded => {
                let mut back = front.mirrored(flip);
                back.items
                    .iter_mut()
                    .for_each(|i| mirror_source(i, flip, c));
                let mut page = front;
                page.role = Role::Folded;
                page.merge(back);
                page.fold = Some(fold_line(w, h, flip));
                pages.push(page);
            }
            _ => pages.push(front),
        }
    }
    pages
}

/// The fold goes through the middle of the page, across its long dimension.
fn fold_line(w: f64, h: f64, flip: Flip) -> Line {
    match flip {
        Flip::TopBottom => Line {
            x1: 0.0,
            y1: h / 2.0,
            x2: w,
            y2: h / 2.0,
        },
        Flip::LeftRight => Line {
            x1: w / 2.0,
            y1: 0.0,
            x2: w / 2.0,
            y2: h,
        },
    }
}

/// The area for the fronts' art and its marks: the page less margins and footer bands, or,
/// when folding, the first half of that less a gap by the fold.
pub fn art_region(w: f64, h: f64, margin: f64, folded: bool) -> Rect {
    let full = Rect::new(
        margin,
        margin + FOOTER,
        w - 2.0 * margin,
        h - 2.0 * (margin + FOOTER),
    );
    if !folded {
        return full;
    }
    let gap = FOLD_GAP;
    if h >= w {
        Rect::new(full.x, full.y, full.w, h / 2.0 - gap - full.y)
    } else {
        Rect::new(full.x, full.y, w / 2.0 - gap - full.x, full.h)
    }
}

/// Pages of fronts needed by a component with a given orientation, to choose the better one.
fn pages_needed(c: &Component, s: &Settings, orientation: Orientation, folded: bool) -> usize {
    let (w, h) = s.paper.mm(orientation);
    let area = art_region(w, h, s.margin, folded).inflate(-MARK_BAND);
    match Grid::fit(&area, c, s.bleed) {
        Some(g) => c.count.div_ceil(g.cols * g.rows),
        None => c.count * Tiling::fit(&area, c).count(),
    }
}

fn best_orientation(c: &Component, s: &Settings, folded: bool) -> Orientation {
    let portrait = pages_needed(c, s, Orientation::Portrait, folded);
    let landscape = pages_needed(c, s, Orientation::Landscape, folded);
    if landscape < portrait {
        Orientation::Landscape
    } else {
        Orientation::Portrait
    }
}

/// Pieces packed in rows and columns, centred in an area.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Grid {
    cols: usize,
    rows: usize,
    turn: Turn,
    /// Size of a piece's trim on the page (turned when `turn` is not upright).
    piece_w: f64,
    piece_h: f64,
    /// Top-left trim corner of the first piece.
    x0: f64,
    y0: f64,
    pitch_x: f64,
    pitch_y: f64,
    bleed: f64,
}

impl Grid {
    /// The grid holding most pieces, upright or turned a quarter (upright on a tie).
    fn fit(area: &Rect, c: &Component, bleed: f64) -> Option<Grid> {
        let bleed = if c.bleeds { bleed } else { 0.0 };
        let upright = Self::fit_as(area, c.width, c.height, bleed, Turn::Upright);
        let turned = Self::fit_as(area, c.height, c.width, bleed, Turn::Clockwise);
        let capacity = |g: &Option<Grid>| g.map_or(0, |g| g.cols * g.rows);
        if capacity(&turned) > capacity(&upright) {
            turned
        } else {
            upright
        }
    }

    fn fit_as(area: &Rect, piece_w: f64, piece_h: f64, bleed: f64, turn: Turn) -> Option<Grid> {
        if area.w <= 0.0 || area.h <= 0.0 {
            return None;
        }
        let pitch_x = piece_w + 2.0 * bleed;
        let pitch_y = piece_h + 2.0 * bleed;
        let cols = ((area.w + EPS) / pitch_x).floor() as usize;
        let rows = ((area.h + EPS) / pitch_y).floor() as usize;
        if cols == 0 || rows == 0 {
            return None;
        }
        Some(Grid {
            cols,
            rows,
            turn,
            piece_w,
            piece_h,
            x0: area.x + (area.w - cols as f64 * pitch_x) / 2.0 + bleed,
            y0: area.y + (area.h - rows as f64 * pitch_y) / 2.0 + bleed,
            pitch_x,
            pitch_y,
            bleed,
        })
    }

    fn cut(&self, slot: usize) -> Rect {
        let (row, col) = (slot / self.cols, slot % self.cols);
        Rect::new(
            self.x0 + col as f64 * self.pitch_x,
            self.y0 + row as f64 * self.pitch_y,
            self.piece_w,
            self.piece_h,
        )
    }
}

/// A large piece cut into pages, neighbours overlapping by `TILE_OVERLAP`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Tiling {
    cols: usize,
    rows: usize,
    step_x: f64,
    step_y: f64,
    area: Rect,
}

impl Tiling {
    fn fit(area: &Rect, c: &Component) -> Tiling {
        let (cols, step_x) = Self::split(c.width, area.w);
        let (rows, step_y) = Self::split(c.height, area.h);
        Tiling {
            cols,
            rows,
            step_x,
            step_y,
            area: *area,
        }
    }

    /// How many tiles of `room` cover `length`, and the distance between their starts.
    fn split(length: f64, room: f64) -> (usize, f64) {
        if length <= room + EPS {
            return (1, room);
        }
        let step = (room - TILE_OVERLAP).max(1.0);
        (((length - room) / step - EPS).ceil() as usize + 1, step)
    }

    fn count(&self) -> usize {
        self.cols * self.rows
    }

    /// The part of the piece that tile (row, col) shows.
    fn source(&self, row: usize, col: usize, c: &Component) -> Rect {
        let x = col as f64 * self.step_x;
        let y = row as f64 * self.step_y;
        Rect::new(
            x,
            y,
            (c.width - x).min(self.area.w),
            (c.height - y).min(self.area.h),
        )
    }
}

fn front_pages(
    index: usize,
    c: &Component,
    s: &Settings,
    w: f64,
    h: f64,
    region: Rect,
) -> Vec<Page> {
    let area = region.inflate(-MARK_BAND);
    match Grid::fit(&area, c, s.bleed) {
        Some(grid) => {
            let per_page = grid.cols * grid.rows;
            (0..c.count)
                .collect::<Vec<_>>()
                .chunks(per_page)
                .map(|chunk| {
                    let mut page = Page::new(w, h, Role::Fronts, Some(index));
                    page.regions.push(region);
                    page.items = chunk
                        .iter()
                        .enumerate()
                        .map(|(slot, &i)| {
                            let cut = grid.cut(slot);
                            Item {
                                index: i,
                                face: Face::Front,
                                cut,
                                source: Rect::new(0.0, 0.0, c.width, c.height),
                                bleed: grid.bleed,
                                turn: grid.turn,
                            }
                        })
                        .collect();
                    page.crop_marks = crop_marks(&page.items, |_| true);
                    page
                })
                .collect()
        }
        None => {
            let tiling = Tiling::fit(&area, c);
            let mut pages = Vec::new();
            for i in 0..c.count {
                for row in 0..tiling.rows {
                    for col in 0..tiling.cols {
                        pages.push(tile_page(index, c, i, &tiling, row, col, w, h, region));
                    }
                }
            }
            pages
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn tile_page(
    component: usize,
    c: &Component,
    piece: usize,
    tiling: &Tiling,
    row: usize,
    col: usize,
    w: f64,
    h: f64,
    region: Rect,
) -> Page {
    let source = tiling.source(row, col, c);
    let area = tiling.area;
    let cut = Rect::new(
        area.x + (area.w - source.w) / 2.0,
        area.y + (area.h - source.h) / 2.0,
        source.w,
        source.h,
    );
    let mut page = Page::new(w, h, Role::Fronts, Some(component));
    page.regions.push(region);
    page.tile = Some(Tile {
        row,
        col,
        rows: tiling.rows,
        cols: tiling.cols,
    });
    let item = Item {
        index: piece,
        face: Face::Front,
        cut,
        source,
        bleed: 0.0,
        turn: Turn::Upright,
    };
    page.items.push(item);
    // Crop marks only where the tile's edge is the piece's edge.
    page.crop_marks = crop_marks(&page.items, |e| match e {
        Edge::Left => col == 0,
        Edge::Right => col + 1 == tiling.cols,
        Edge::Top => row == 0,
        Edge::Bottom => row + 1 == tiling.rows,
    });
    // Overlap zones: the first TILE_OVERLAP mm repeat the previous tile, the last ones the next.
    let mut zone_x = Vec::new();
    if col > 0 {
        zone_x.push((cut.x, cut.x + TILE_OVERLAP));
    }
    if col + 1 < tiling.cols {
        zone_x.push((cut.x + tiling.step_x, cut.x + tiling.step_x + TILE_OVERLAP));
    }
    let mut zone_y = Vec::new();
    if row > 0 {
        zone_y.push((cut.y, cut.y + TILE_OVERLAP));
    }
    if row + 1 < tiling.rows {
        zone_y.push((cut.y + tiling.step_y, cut.y + tiling.step_y + TILE_OVERLAP));
    }
    for (a, b) in &zone_x {
        for x in [a, b] {
            page.overlap_ticks
                .extend(marks_beside(Axis::Vertical, *x, cut.y, cut.bottom()));
        }
    }
    for (a, b) in &zone_y {
        for y in [a, b] {
            page.overlap_ticks
                .extend(marks_beside(Axis::Horizontal, *y, cut.x, cut.right()));
        }
    }
    // The tile with a left (upper) neighbour is trimmed in the middle of that overlap.
    if col > 0 {
        let x = cut.x + TILE_OVERLAP / 2.0;
        page.overlap_guides.push(Line {
            x1: x,
            y1: cut.y,
            x2: x,
            y2: cut.bottom(),
        });
    }
    if row > 0 {
        let y = cut.y + TILE_OVERLAP / 2.0;
        page.overlap_guides.push(Line {
            x1: cut.x,
            y1: y,
            x2: cut.right(),
            y2: y,
        });
    }
    page
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Left,
    Right,
    Top,
    Bottom,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    /// A line x = const.
    Vertical,
    /// A line y = const.
    Horizontal,
}

/// The two short marks continuing the line `at` beyond the span `lo..hi` (already including
/// bleed), starting `MARK_GAP` away from it.
fn marks_beside(axis: Axis, at: f64, lo: f64, hi: f64) -> [Line; 2] {
    let before = (lo - MARK_GAP - MARK_LEN, lo - MARK_GAP);
    let after = (hi + MARK_GAP, hi + MARK_GAP + MARK_LEN);
    [before, after].map(|(a, b)| match axis {
        Axis::Vertical => Line {
            x1: at,
            y1: a,
            x2: at,
            y2: b,
        },
        Axis::Horizontal => Line {
            x1: a,
            y1: at,
            x2: b,
            y2: at,
        },
    })
}

/// Crop marks for every cut line of the items (those edges `keep` allows): each line is
/// continued outside the art block, beyond the bleed of every piece on that line, so no mark
/// touches any art.
fn crop_marks(items: &[Item], keep: impl Fn(Edge) -> bool) -> Vec<Line> {
    // (axis, coordinate, span low, span high), merged per line.
    let mut lines: Vec<(Axis, f64, f64, f64)> = Vec::new();
    let mut add = |axis: Axis, at: f64, lo: f64, hi: f64| match lines
        .iter_mut()
        .find(|(a, c, _, _)| *a == axis && (c - at).abs() < 1e-3)
    {
        Some(l) => {
            l.2 = l.2.min(lo);
            l.3 = l.3.max(hi);
        }
        None => lines.push((axis, at, lo, hi)),
    };
    for item in items {
        let clip = item.clip();
        let cut = item.cut;
        if keep(Edge::Left) {
            add(Axis::Vertical, cut.x, clip.y, clip.bottom());
        }
        if keep(Edge::Right) {
            add(Axis::Vertical, cut.right(), clip.y, clip.bottom());
        }
        if keep(Edge::Top) {
            add(Axis::Horizontal, cut.y, clip.x, clip.right());
        }
        if keep(Edge::Bottom) {
            add(Axis::Horizontal, cut.bottom(), clip.x, clip.right());
        }
    }
    // A partial last row leaves lines whose marks would run into the art of the row below
    // (or beside): keep only marks clear of every piece.
    let clips: Vec<Rect> = items.iter().map(Item::clip).collect();
    lines
        .into_iter()
        .flat_map(|(axis, at, lo, hi)| marks_beside(axis, at, lo, hi))
        .filter(|m| !clips.iter().any(|c| c.overlaps(&m.bounds().inflate(0.01))))
        .collect()
}

/// The printer-alignment pages for the duplex mode: a ruler, a 100 mm square and crosses on
/// the front; circles on the back where the crosses should show through.
pub fn alignment_pages(s: &Settings) -> Vec<Page> {
    let orientation = s.orientation.unwrap_or(Orientation::Portrait);
    let (w, h) = s.paper.mm(orientation);
    let folded = s.duplex == Duplex::Fold;
    let region = art_region(w, h, s.margin, folded);
    let mut front = Page::new(w, h, Role::Alignment, None);
    front.regions.push(region);
    let inner = region.inflate(-MARK_BAND);
    // Uneven spacing makes a shift show, and which way it goes.
    for (fx, fy) in [
        (0.03, 0.08),
        (0.97, 0.15),
        (0.03, 0.9),
        (0.97, 0.85),
        (0.97, 0.5),
    ] {
        front.targets.push(Target {
            x: inner.x + fx * inner.w,
            y: inner.y + fy * inner.h,
            face: Face::Front,
        });
    }
    let chart_w = 140.0_f64.min(inner.w - 30.0);
    let chart_h = 112.0_f64.min(inner.h - 10.0);
    front.chart = Some(Rect::new(
        inner.x + (inner.w - chart_w) / 2.0,
        inner.y + (inner.h - chart_h) / 2.0,
        chart_w,
        chart_h,
    ));
    match s.duplex.flip(w, h) {
        None => vec![front],
        Some(flip) if folded => {
            let back = front.mirrored(flip);
            front.merge(back);
            front.fold = Some(fold_line(w, h, flip));
            vec![front]
        }
        Some(flip) => {
            let mut back = front.mirrored(flip);
            back.role = Role::Alignment;
            vec![front, back]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::component::Kind;
    use crate::export::sample;

    fn settings(duplex: Duplex) -> Settings {
        Settings {
            duplex,
            ..Settings::default()
        }
    }

    /// For every piece, its back sits where the sheet's turn (or fold) puts its front.
    #[test]
    fn backs_mirror_fronts_in_every_duplex_mode() {
        let kit = sample::kit();
        for duplex in [Duplex::Long, Duplex::Short, Duplex::Fold] {
            for paper in PaperSize::ALL {
                for orientation in [None, Some(Orientation::Landscape)] {
                    let s = Settings {
                        paper,
                        orientation,
                        duplex,
                        ..Settings::default()
                    };
                    for (ci, c) in kit.components.iter().enumerate() {
                        if !c.has_back() {
                            continue;
                        }
                        let pages = plan_component(ci, c, &s);
                        // Pair each front with the back of the same piece (and tile).
                        let sheets: Vec<(&Page, &Page)> = match duplex {
                            Duplex::Fold => pages.iter().map(|p| (p, p)).collect(),
                            _ => pages.chunks(2).map(|p| (&p[0], &p[1])).collect(),
                        };
                        let mut seen = 0;
                        for (front_page, back_page) in sheets {
                            let (w, h) = (front_page.width, front_page.height);
                            let flip = duplex.flip(w, h).unwrap();
                            if duplex == Duplex::Long {
                                assert_eq!(
                                    flip,
                                    if h > w {
                                        Flip::LeftRight
                                    } else {
                                        Flip::TopBottom
                                    }
                                );
                            }
                            assert_eq!((back_page.width, back_page.height), (w, h));
                            for f in front_page.items.iter().filter(|i| i.face == Face::Front) {
                                let b = back_page
                                    .items
                                    .iter()
                                    .find(|b| b.face == Face::Back && b.index == f.index)
                                    .expect("every front has its back");
                                // The mirror equation.
                                match flip {
                                    Flip::LeftRight => {
                                        assert!((b.cut.x - (w - f.cut.x - f.cut.w)).abs() < 1e-9);
                                        assert!((b.cut.y - f.cut.y).abs() < 1e-9);
                                    }
                                    Flip::TopBottom => {
                                        assert!((b.cut.x - f.cut.x).abs() < 1e-9);
                                        assert!((b.cut.y - (h - f.cut.y - f.cut.h)).abs() < 1e-9);
                                    }
                                }
                                assert_eq!((b.cut.w, b.cut.h), (f.cut.w, f.cut.h));
                                assert_eq!(b.bleed, f.bleed);
                                // Every point of the piece lands on the point of its back
                                // that the sheet's turn puts behind it, turned or not.
                                for (fu, fv) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (0.3, 0.8)] {
                                    let u = f.source.x + fu * f.source.w;
                                    let v = f.source.y + fv * f.source.h;
                                    let (x, y) = flip.point(f.page_point(u, v), w, h);
                                    let (bu, bv) = match flip {
                                        Flip::LeftRight => (c.width - u, v),
                                        Flip::TopBottom => (u, c.height - v),
                                    };
                                    let (bx, by) = b.page_point(bu, bv);
                                    assert!((x - bx).abs() < 1e-9 && (y - by).abs() < 1e-9);
                                    assert!(
                                        b.clip()
                                            .inflate(1e-9)
                                            .encloses(&Rect::new(bx, by, 0.0, 0.0))
                                    );
                                }
                                seen += 1;
                            }
                        }
                        let tiles = pages.iter().filter(|p| p.tile.is_some()).count();
                        assert!(seen >= c.count, "{} {duplex:?}", c.name);
                        assert!(tiles > 0 || seen == c.count);
                    }
                }
            }
        }
    }

    #[test]
    fn every_piece_is_placed_once_per_face() {
        let kit = sample::kit();
        for duplex in Duplex::ALL {
            let pages = plan(&kit, &settings(duplex));
            for (ci, c) in kit.components.iter().enumerate() {
                for face in [Face::Front, Face::Back] {
                    let mut seen: Vec<usize> = pages
                        .iter()
                        .filter(|p| {
                            p.component == Some(ci) && p.tile.is_none_or(|t| t.number() == 1)
                        })
                        .flat_map(|p| p.items.iter().filter(|i| i.face == face).map(|i| i.index))
                        .collect();
                    seen.sort();
                    let expected: Vec<usize> =
                        if face == Face::Back && (!c.has_back() || duplex == Duplex::None) {
                            vec![]
                        } else {
                            (0..c.count).collect()
                        };
                    assert_eq!(seen, expected, "{} {face:?} {duplex:?}", c.name);
                }
            }
        }
    }

    #[test]
    fn art_stays_in_its_region_and_marks_stay_off_art() {
        let kit = sample::kit();
        for duplex in Duplex::ALL {
            for paper in PaperSize::ALL {
                let s = Settings {
                    paper,
                    bleed: 3.0,
                    duplex,
                    ..Settings::default()
                };
                for page in plan(&kit, &s).iter().chain(alignment_pages(&s).iter()) {
                    let printable = Rect::new(0.0, 0.0, page.width, page.height).inflate(-s.margin);
                    for item in &page.items {
                        assert!(
                            page.regions
                                .iter()
                                .any(|r| r.inflate(-MARK_BAND).encloses(&item.clip())),
                            "{item:?} outside its region on {paper:?} {duplex:?}"
                        );
                        for other in &page.items {
                            if other != item {
                                assert!(!item.clip().overlaps(&other.clip()));
                            }
                        }
                    }
                    for r in &page.regions {
                        assert!(printable.encloses(r));
                    }
                    for m in page.crop_marks.iter().chain(&page.overlap_ticks) {
                        assert!(printable.encloses(&m.bounds()));
                        for item in &page.items {
                            assert!(
                                !item.clip().overlaps(&m.bounds().inflate(0.01)),
                                "{m:?} on art"
                            );
                        }
                    }
                    // The fold's label takes 1.5 mm each side of the line.
                    if let Some(fold) = page.fold {
                        let zone = fold.bounds().inflate(1.5);
                        for item in &page.items {
                            assert!(!item.clip().overlaps(&zone));
                        }
                        for m in &page.crop_marks {
                            assert!(
                                !m.bounds().inflate(0.01).overlaps(&zone),
                                "{m:?} by the fold"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn grids_pack_and_crop_every_cut_line() {
        let c = Component::new("cards", Kind::Cards, (63.0, 88.0), 10, |_, _, _| Ok(()));
        // A4 portrait, 5 mm margins: 191 × 266 mm for art → 3 × 3 cards without bleed.
        let s = Settings {
            duplex: Duplex::None,
            bleed: 0.0,
            margin: 5.0,
            orientation: None,
            paper: PaperSize::A4,
        };
        let pages = plan_component(0, &c, &s);
        assert_eq!(pages.len(), 2);
        assert_eq!(pages[0].items.len(), 9);
        assert_eq!(pages[1].items.len(), 1);
        // Neighbours share cut lines: 4 vertical and 4 horizontal, a mark at both ends.
        assert_eq!(pages[0].crop_marks.len(), 2 * (4 + 4));
        assert_eq!(pages[1].crop_marks.len(), 2 * (2 + 2));
        // With 3 mm bleed a card takes 69 × 94 mm: turned, 2 × 3 per page, gutters of 6 mm,
        // and every card has its own four cut lines.
        let pages = plan_component(0, &c, &Settings { bleed: 3.0, ..s });
        assert_eq!(pages.len(), 2);
        assert_eq!(pages[0].items.len(), 6);
        let (a, b) = (pages[0].items[0].cut, pages[0].items[1].cut);
        assert!(
            (b.x - a.right() - 6.0).abs() < 1e-9,
            "gutter is twice the bleed"
        );
        assert_eq!(pages[0].crop_marks.len(), 2 * (4 + 6));
    }

    #[test]
    fn pieces_turn_a_quarter_when_more_fit() {
        let c = Component::new("cards", Kind::Cards, (63.0, 88.0), 6, |_, _, _| Ok(()))
            .with_back(|_, _, _| Ok(()));
        let s = Settings {
            duplex: Duplex::Long,
            bleed: 3.0,
            ..Settings::default()
        };
        // Upright 2 × 2 fit on A4; turned, 2 × 3.
        let pages = plan_component(0, &c, &s);
        assert_eq!(pages.len(), 2);
        let front = pages[0].items[0];
        assert_eq!(front.turn, Turn::Clockwise);
        assert_eq!((front.cut.w, front.cut.h), (88.0, 63.0));
        // The piece's top-left corner is at the cut's top-right, its bottom-right at the
        // cut's bottom-left.
        let (x, y) = front.page_point(0.0, 0.0);
        assert!((x - front.cut.right()).abs() < 1e-9 && (y - front.cut.y).abs() < 1e-9);
        let (x, y) = front.page_point(63.0, 88.0);
        assert!((x - front.cut.x).abs() < 1e-9 && (y - front.cut.bottom()).abs() < 1e-9);
        assert_eq!(pages[1].items[0].turn, Turn::Anticlockwise);
        // Square pieces stay upright.
        let square = Component::new("c", Kind::Counters, (16.0, 16.0), 4, |_, _, _| Ok(()));
        assert_eq!(
            plan_component(0, &square, &s)[0].items[0].turn,
            Turn::Upright
        );
    }

    #[test]
    fn large_pieces_are_tiled_with_overlap() {
        let c = Component::new("map", Kind::Map, (500.0, 380.0), 1, |_, _, _| Ok(()));
        let s = Settings {
            duplex: Duplex::None,
            orientation: Some(Orientation::Landscape),
            ..Settings::default()
        };
        let pages = plan_component(0, &c, &s);
        let tile = pages[0].tile.unwrap();
        assert_eq!(pages.len(), tile.rows * tile.cols);
        // Tiles cover the map, and each neighbour pair repeats TILE_OVERLAP mm.
        let sources: Vec<Rect> = pages.iter().map(|p| p.items[0].source).collect();
        let right = sources.iter().map(Rect::right).fold(0.0, f64::max);
        let bottom = sources.iter().map(Rect::bottom).fold(0.0, f64::max);
        assert!((right - 500.0).abs() < 1e-9 && (bottom - 380.0).abs() < 1e-9);
        assert!((sources[0].right() - sources[1].x - TILE_OVERLAP).abs() < 1e-9);
        assert!(!pages[1].overlap_guides.is_empty());
        assert!(pages[0].overlap_guides.is_empty());
        // A piece that fits takes one page of its own, untiled.
        let aid = Component::new("aid", Kind::Aids, (180.0, 250.0), 1, |_, _, _| Ok(()));
        let pages = plan_component(
            0,
            &aid,
            &Settings {
                orientation: None,
                ..s
            },
        );
        assert_eq!(pages.len(), 1);
        assert!(pages[0].tile.is_none());
    }

    #[test]
    fn auto_orientation_takes_fewer_pages() {
        let wide = Component::new("w", Kind::Sheets, (270.0, 100.0), 2, |_, _, _| Ok(()));
        let pages = plan_component(0, &wide, &settings(Duplex::None));
        assert_eq!(pages.len(), 2);
        assert!(pages[0].width > pages[0].height);
    }

    #[test]
    fn components_without_backs_keep_the_sheets_paired() {
        let c = Component::new("aid", Kind::Aids, (150.0, 100.0), 3, |_, _, _| Ok(()));
        let pages = plan_component(0, &c, &settings(Duplex::Long));
        let roles: Vec<Role> = pages.iter().map(|p| p.role).collect();
        assert_eq!(
            roles,
            vec![Role::Fronts, Role::Blank, Role::Fronts, Role::Blank]
        );
        let pages = plan_component(0, &c, &settings(Duplex::Fold));
        assert!(
            pages
                .iter()
                .all(|p| p.role == Role::Fronts && p.fold.is_none())
        );
    }

    #[test]
    fn a_sheet_read_like_a_book_is_always_imposed_for_the_short_edge() {
        let sheet = || {
            Component::new("trifold", Kind::Aids, (260.0, 178.0), 1, |_, _, _| Ok(()))
                .with_back(|_, _, _| Ok(()))
        };
        let book = sheet().turned_over_short_edge();
        let settings = |duplex, orientation| Settings {
            duplex,
            orientation,
            ..Settings::default()
        };
        // A landscape page, whose short edge is the vertical one: the back mirrors left-right,
        // standing upright as the front does.
        let short = plan_component(
            0,
            &book,
            &settings(Duplex::Short, Some(Orientation::Landscape)),
        );
        assert_eq!(short.len(), 2);
        assert!(short[0].width > short[0].height);
        let (front, back) = (short[0].items[0], short[1].items[0]);
        assert_eq!(
            back.cut,
            Flip::LeftRight.rect(&front.cut, short[0].width, short[0].height)
        );
        assert_eq!((front.turn, back.turn), (Turn::Upright, Turn::Upright));
        for chosen in [Duplex::Long, Duplex::Short, Duplex::Fold] {
            for orientation in [None, Some(Orientation::Portrait)] {
                let pages = plan_component(0, &book, &settings(chosen, orientation));
                assert_eq!(pages, short, "{chosen:?} {orientation:?}");
            }
        }
        // A sheet not read like a book follows the choice: on a portrait page it lies a
        // quarter turn round, and folded in half it is tiled over the halves of pages.
        let portrait = plan_component(
            0,
            &sheet(),
            &settings(Duplex::Short, Some(Orientation::Portrait)),
        );
        assert!(portrait[0].width < portrait[0].height);
        let folded = plan_component(0, &sheet(), &settings(Duplex::Fold, None));
        assert!(folded.len() > 1 && folded.iter().all(|p| p.role == Role::Folded));
        // Fronts only stays fronts only, and without a back there is nothing to turn over.
        let fronts = plan_component(0, &book, &settings(Duplex::None, None));
        assert_eq!(fronts.len(), 1);
        let plain = Component::new("aid", Kind::Aids, (260.0, 178.0), 1, |_, _, _| Ok(()))
            .turned_over_short_edge();
        let chosen = settings(Duplex::Long, Some(Orientation::Portrait));
        assert_eq!(chosen.for_component(&plain), chosen);
    }

    #[test]
    fn alignment_targets_mirror() {
        for duplex in Duplex::ALL {
            let pages = alignment_pages(&settings(duplex));
            let crosses: Vec<&Target> = pages
                .iter()
                .flat_map(|p| &p.targets)
                .filter(|t| t.face == Face::Front)
                .collect();
            let circles: Vec<&Target> = pages
                .iter()
                .flat_map(|p| &p.targets)
                .filter(|t| t.face == Face::Back)
                .collect();
            assert_eq!(crosses.len(), 5);
            if duplex == Duplex::None {
                assert!(circles.is_empty());
                continue;
            }
            let (w, h) = (pages[0].width, pages[0].height);
            let flip = duplex.flip(w, h).unwrap();
            for (c, o) in crosses.iter().zip(&circles) {
                assert_eq!(flip.point((c.x, c.y), w, h), (o.x, o.y));
            }
        }
    }
}
