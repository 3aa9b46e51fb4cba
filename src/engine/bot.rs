//! Bots choose among the legal actions of a prompt. The random bot plays any game; each game
//! adds a heuristic bot of its own. A bot is shown the position only as the seat to move may
//! know it ([`Game::view`]), never the state itself.

use super::game::{Actor, Game, Outcome};
use super::rng::Rng;

pub trait Bot<G: Game> {
    /// Picks one of the legal `actions` (never called with an empty list), seeing the
    /// position as `view`: what the seat to move may know of it.
    fn choose(&mut self, view: &G, actions: &[G::Action]) -> G::Action;

    /// A decision read straight from the position (`view`, as for [`Bot::choose`]), for a bot
    /// that knows what it wants without the list of legal actions (listing them, labels and
    /// all, can cost more than the decision). The rules check it on `apply`; refused or
    /// `None`, the bot chooses from the list.
    fn propose(&mut self, _view: &G) -> Option<G::Action> {
        None
    }

    /// Why the bot took its decisions since it was last asked, a sentence per reason that a
    /// player could have written from what its seat knows only, each with who may read it
    /// (its seat alone when it names what only that seat knows); handed out once.
    fn take_notes(&mut self) -> Vec<(super::log::Audience, super::message::Message)> {
        Vec::new()
    }
}

/// The seat whose view a bot acting now is given: the one to move (seat 0 in a one-seat
/// game, solitaire or cooperative, where nothing is asked of the game).
pub fn acting_seat<G: Game>(game: &G) -> u8 {
    if G::SEATS == 1 {
        return 0;
    }
    match game.to_move() {
        Actor::Player(seat) => seat,
        Actor::Nobody => 0,
    }
}

/// Picks uniformly among the legal actions, from a generator of its own.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::seeded(seed ^ 0x05EE_DB07),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _game: &G, actions: &[G::Action]) -> G::Action {
        actions[self.rng.index(actions.len())].clone()
    }
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError {
    #[error("dead end after {actions} actions: nobody can act but the game is not over ({prompt})")]
    DeadEnd { actions: usize, prompt: String },
    #[error("the bot's choice {action} was refused after {actions} actions: {reason}")]
    Refused {
        actions: usize,
        action: String,
        reason: String,
    },
    #[error("no end after {0} actions")]
    TooLong(usize),
}

/// Lets `bot` take up to `steps` actions (for both sides in a two-player game), stopping
/// early when the game ends. Returns how many it took.
pub fn play_steps<G: Game>(
    game: &mut G,
    bot: &mut dyn Bot<G>,
    steps: usize,
) -> Result<usize, PlayError> {
    for taken in 0..steps {
        if game.outcome().is_some() {
            return Ok(taken);
        }
        let seat = acting_seat(game);
        // A refused proposal leaves the game as it was.
        let proposal = bot.propose(&game.view(seat));
        if let Some(action) = proposal
            && game.apply(&action).is_ok()
        {
            continue;
        }
        let actions = game.legal_actions();
        if actions.is_empty() {
            return Err(PlayError::DeadEnd {
                actions: taken,
                prompt: game.prompt().text.english(),
            });
        }
        let action = bot.choose(&game.view(seat), &actions);
        if let Err(refusal) = game.apply(&action) {
            return Err(PlayError::Refused {
                actions: taken,
                action: format!("{action:?}"),
                reason: refusal.reason.english(),
            });
        }
    }
    Ok(steps)
}

/// Plays `game` to its end with `bot` taking every decision. Returns the outcome and the
/// number of actions taken.
pub fn play_out<G: Game>(
    game: &mut G,
    bot: &mut dyn Bot<G>,
    max_actions: usize,
) -> Result<(Outcome, usize), PlayError> {
    let taken = play_steps(game, bot, max_actions)?;
    game.outcome()
        .map(|o| (o, taken))
        .ok_or(PlayError::TooLong(max_actions))
}
