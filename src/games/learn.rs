//! Learning to play in the app: each game's "How to play" pages and the guided first game's
//! explanations, read from its `data/games/<id>/learn.toml`, with pictures drawn by the game's
//! own art from a game the heuristic bot has played for a few actions. Nothing here decides a
//! rule: a picture is the board of a real session, the guide is keyed by
//! [`PlaySession::decision_kind`].

use serde::Deserialize;

use crate::art::View;
use crate::art::board::fit;
use crate::engine::content::{ContentError, Source, parse};
use crate::engine::game::Actor;

use super::{BotKind, Driver, GameModule, PlaySession};

/// A game's `learn.toml`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Learn {
    /// The "How to play" pages, in reading order.
    #[serde(default, rename = "page")]
    pub pages: Vec<Page>,
    /// The guide's explanation of each kind of decision.
    #[serde(default, rename = "decision")]
    pub decisions: Vec<Decision>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    pub title: String,
    pub source: Source,
    #[serde(rename = "block")]
    pub blocks: Vec<Block>,
}

/// A paragraph, or a picture with its caption.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Block {
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub picture: Option<Picture>,
    #[serde(default)]
    pub caption: Option<String>,
}

/// What a picture shows: the board of a game set up with `seed` in `scenario` (the first by
/// default) after the heuristic bot took `after` actions.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Picture {
    #[serde(default)]
    pub scenario: Option<String>,
    #[serde(default = "one")]
    pub seed: u64,
    #[serde(default)]
    pub after: usize,
    /// The board's page (0: the map).
    #[serde(default)]
    pub page: usize,
    /// The board is drawn as into a board area of this size in pixels (width, height)…
    #[serde(default = "default_board")]
    pub board: [f64; 2],
    /// …and this part of it (left, top, width, height in those pixels) is shown, scaled to
    /// fit the picture; the whole by default.
    #[serde(default)]
    pub crop: Option<[f64; 4]>,
    /// One piece enlarged (a card, a counter, a box), by the board's zoom id.
    #[serde(default)]
    pub piece: Option<String>,
    /// The places the prompt offers as clicks are highlighted, the first as if pointed at.
    #[serde(default)]
    pub targets: bool,
    /// Height on screen in pixels.
    #[serde(default = "default_height")]
    pub height: u32,
}

fn one() -> u64 {
    1
}
fn default_height() -> u32 {
    280
}
fn default_board() -> [f64; 2] {
    [1200.0, 800.0]
}

/// The guide's words on one kind of decision.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    pub kind: String,
    pub title: String,
    pub text: String,
    pub source: Source,
}

impl Learn {
    /// Parses a game's `learn.toml`; `game` names the file in errors. A block is a paragraph
    /// or a picture, never neither.
    pub fn parse(game: &str, text: &str) -> Result<Learn, ContentError> {
        let name = format!("data/games/{game}/learn.toml");
        let learn: Learn = parse(&name, text)?;
        let refuse = |detail: String| ContentError {
            file: name.clone(),
            detail,
        };
        for (i, page) in learn.pages.iter().enumerate() {
            if page.blocks.is_empty() {
                return Err(refuse(format!("page[{i}] ({}) has no block", page.title)));
            }
            for (j, b) in page.blocks.iter().enumerate() {
                if b.text.is_some() == b.picture.is_some() {
                    return Err(refuse(format!(
                        "page[{i}].block[{j}]: a block is either text or a picture"
                    )));
                }
            }
        }
        let mut kinds: Vec<&str> = learn.decisions.iter().map(|d| d.kind.as_str()).collect();
        kinds.sort_unstable();
        if let Some(w) = kinds.windows(2).find(|w| w[0] == w[1]) {
            return Err(refuse(format!(
                "decision kind '{}' is explained twice",
                w[0]
            )));
        }
        Ok(learn)
    }

    /// The explanation of a kind of decision, if the game has one.
    pub fn decision(&self, kind: &str) -> Option<&Decision> {
        self.decisions.iter().find(|d| d.kind == kind)
    }
}

impl GameModule {
    /// The game's pages and explanations; `None` when it has none (or its file is broken,
    /// which the unit tests refuse for the games shipped).
    pub fn learn(&self) -> Option<Learn> {
        Learn::parse(self.id, self.learn?).ok()
    }
}

/// A picture's game, set up once and drawn as often as the screen asks.
pub struct Scene {
    session: Box<dyn PlaySession>,
    picture: Picture,
}

impl Scene {
    pub fn new(driver: &dyn Driver, picture: &Picture) -> Result<Scene, String> {
        let scenario = match &picture.scenario {
            Some(s) => s.clone(),
            None => driver
                .scenarios()
                .first()
                .map(|s| s.id.to_owned())
                .ok_or("the game has no scenario")?,
        };
        let mut session = driver.new_session(&scenario, picture.seed, &[])?;
        // One action at a time, as the guide's test collects the kinds of decision.
        for _ in 0..picture.after {
            driver.bot_steps(session.as_mut(), BotKind::Heuristic, picture.seed, 1)?;
        }
        Ok(Scene {
            session,
            picture: picture.clone(),
        })
    }

    /// The session the picture shows (its prompt says what the picture asks).
    pub fn session(&self) -> &dyn PlaySession {
        self.session.as_ref()
    }

    /// Draws the picture into `width` × `height` pixels.
    pub fn draw(
        &self,
        cr: &cairo::Context,
        width: f64,
        height: f64,
        dark: bool,
    ) -> Result<(), String> {
        let board = self
            .session
            .board()
            .ok_or("the game has no board to draw")?;
        let prompt = self.session.prompt();
        let targets: Vec<String> = if self.picture.targets {
            prompt
                .choices
                .iter()
                .filter_map(|c| c.target.clone())
                .collect()
        } else {
            Vec::new()
        };
        let view = View {
            width,
            height,
            scale_factor: 1.0,
            hovered: targets.first().cloned(),
            targets,
            dark,
            page: self.picture.page,
            seat: match prompt.actor {
                Actor::Player(seat) => seat,
                Actor::Nobody => 0,
            },
            sight: None,
        };
        if let Some(id) = &self.picture.piece {
            let (w, h) = board
                .zoom_size_mm(id)
                .ok_or_else(|| format!("the board has no piece '{id}'"))?;
            let (scale, x, y) = fit(&view, w, h);
            cr.save().map_err(|e| e.to_string())?;
            cr.translate(x, y);
            cr.scale(scale, scale);
            let drawn = board.draw_zoom(cr, id);
            cr.restore().map_err(|e| e.to_string())?;
            return drawn.map_err(|e| e.to_string());
        }
        let [bw, bh] = self.picture.board;
        let [x, y, w, h] = self.picture.crop.unwrap_or([0.0, 0.0, bw, bh]);
        if !(w > 0.0 && h > 0.0 && x >= 0.0 && y >= 0.0 && x + w <= bw && y + h <= bh) {
            return Err(format!(
                "crop {x}, {y}, {w}, {h} is not a part of the {bw} × {bh} board"
            ));
        }
        let whole = View {
            width: bw,
            height: bh,
            ..view
        };
        let area = View {
            width,
            height,
            ..View::default()
        };
        let (scale, dx, dy) = fit(&area, w, h);
        cr.save().map_err(|e| e.to_string())?;
        cr.translate(dx, dy);
        cr.scale(scale, scale);
        cr.translate(-x, -y);
        cr.rectangle(x, y, w, h);
        cr.clip();
        // Bitmaps the game paints are made at the size they are shown.
        let drawn = board.draw_board(
            cr,
            &View {
                scale_factor: scale,
                ..whole
            },
        );
        cr.restore().map_err(|e| e.to_string())?;
        drawn.map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::games::ALL;

    /// Every kind of decision each playable game asks in bot games (every scenario, and the
    /// first with the player's own dice), collected through the session as the window sees it.
    fn kinds_asked(driver: &dyn Driver) -> BTreeSet<String> {
        let mut kinds = BTreeSet::new();
        let scenarios = driver.scenarios();
        let games = scenarios
            .iter()
            .map(|s| (s.id, false))
            .chain([(scenarios[0].id, true)]);
        for (seed, (scenario, own_dice)) in games.enumerate() {
            let seed = seed as u64;
            let mut session = driver.new_session(scenario, seed, &[]).unwrap();
            session.set_own_dice(own_dice);
            // A campaign's later missions ask nothing new: its first 600 actions do.
            for _ in 0..600 {
                if session.outcome().is_some() {
                    break;
                }
                kinds.insert(session.decision_kind());
                driver
                    .bot_steps(session.as_mut(), BotKind::Heuristic, seed, 1)
                    .unwrap();
            }
        }
        kinds
    }

    /// A finished game asks nothing, so the guide has nothing to explain under the verdict
    /// (it said "nothing needs weighing here" under a reopened finished game).
    #[test]
    fn a_finished_game_gives_the_guide_nothing_to_explain() {
        let game = ALL.iter().find(|g| g.id == "csar").unwrap();
        let driver = game.driver.unwrap();
        let learn = Learn::parse(game.id, game.learn.unwrap()).unwrap();
        let scenario = driver.scenarios()[0].id;
        let mut session = driver.new_session(scenario, 3, &[]).unwrap();
        driver
            .bot_steps(session.as_mut(), BotKind::Heuristic, 3, 2000)
            .unwrap();
        assert!(session.outcome().is_some(), "the bot game did not end");
        assert_eq!(session.decision_kind(), "");
        assert!(learn.decision(&session.decision_kind()).is_none());
    }

    #[test]
    fn every_playable_game_teaches_itself_and_its_file_is_sound() {
        for game in ALL.iter().filter(|g| g.playable()) {
            let text = game
                .learn
                .unwrap_or_else(|| panic!("{} has no learn.toml", game.id));
            let learn = Learn::parse(game.id, text).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                learn.pages.len() >= 3,
                "{}: {} pages",
                game.id,
                learn.pages.len()
            );
            let pictures = learn
                .pages
                .iter()
                .flat_map(|p| &p.blocks)
                .filter(|b| b.picture.is_some())
                .count();
            assert!(pictures >= 3, "{}: {pictures} pictures", game.id);
        }
    }

    #[test]
    fn every_decision_a_bot_game_asks_has_an_explanation() {
        for game in ALL.iter().filter(|g| g.playable()) {
            let learn = game.learn().unwrap();
            let missing: Vec<String> = kinds_asked(game.driver.unwrap())
                .into_iter()
                .filter(|k| learn.decision(k).is_none())
                .collect();
            assert!(
                missing.is_empty(),
                "{}: no explanation for {missing:?}",
                game.id
            );
        }
    }

    #[test]
    fn every_picture_draws_from_the_games_own_art() {
        for game in ALL.iter().filter(|g| g.playable()) {
            let driver = game.driver.unwrap();
            for page in game.learn().unwrap().pages {
                for picture in page.blocks.iter().filter_map(|b| b.picture.as_ref()) {
                    let scene = Scene::new(driver, picture)
                        .unwrap_or_else(|e| panic!("{}: {}: {e}", game.id, page.title));
                    let surface =
                        cairo::ImageSurface::create(cairo::Format::ARgb32, 320, 200).unwrap();
                    let cr = cairo::Context::new(&surface).unwrap();
                    scene
                        .draw(&cr, 320.0, 200.0, false)
                        .unwrap_or_else(|e| panic!("{}: {}: {e}", game.id, page.title));
                    drop(cr);
                    let data = surface.take_data().unwrap();
                    // Something was drawn: not one pixel value everywhere.
                    let first = &data[..4];
                    assert!(
                        data.chunks(4).any(|px| px != first),
                        "{}: {}: a blank picture",
                        game.id,
                        page.title
                    );
                }
            }
        }
    }

    #[test]
    fn a_block_is_text_or_picture_and_kinds_are_unique() {
        let both = "[[page]]\ntitle = \"a\"\nsource = \"recon\"\n[[page.block]]\ntext = \"x\"\npicture = {}\n";
        let e = Learn::parse("g", both).unwrap_err().to_string();
        assert!(e.contains("either text or a picture"), "{e}");
        let twice = "[[decision]]\nkind = \"k\"\ntitle = \"t\"\ntext = \"x\"\nsource = \"recon\"\n"
            .repeat(2);
        let e = Learn::parse("g", &twice).unwrap_err().to_string();
        assert!(e.contains("'k' is explained twice"), "{e}");
        assert!(e.starts_with("data/games/g/learn.toml"), "{e}");
    }
}
