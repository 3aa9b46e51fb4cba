//! Interrogation [23.0], optional. A peasant or porter that a search turns up is not removed:
//! it stays face-up as a captive, a marker that no longer moves, takes no fire and stands in
//! nobody's way [23.0]. At the end of a US Player-Turn an unpinned US unit standing in its hex
//! may question it, one die roll per attempt on the Interrogation Results Table [23.3]:
//!
//! * US units question one captive per Player-Turn; a peasant answers once a turn, twice in
//!   all, a porter twice in the same turn unless the US stops after the first roll [23.11,
//!   23.12, 23.15, 23.16];
//! * ARVN units (squads, intelligence teams, Rangers: digest 4.14 item 4) question any number
//!   of captives, always three rolls in a row, never one the US has questioned [23.2].
//!
//! A cache answer lets the US pick a kind among those named, and the NLF picks which of its
//! face-down caches of that kind it turns up (another kind when it has none); a cache shown
//! that way may no longer be carried off [23.13]. A peasant wounded or killed gives the NLF 10
//! or 20 points, a porter wounded or killed is eliminated for 15 (digest ruling A10); either
//! ends the questioning. A captive is removed when its questioning is over.
//!
//! Hidden is hidden: the roll, the answer and the kind asked for are public (the NLF must act
//! on them); which caches the NLF could have shown stays in its own prompt.

use serde::{Deserialize, Serialize};

use super::content::{Cache, Class, Side, data};
use super::hex::Hex;
use super::play::Action;
use super::state::{SearchDestroy, Step};
use crate::engine::content::Source;
use crate::engine::dice::d6;
use crate::engine::game::Applied;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, msg_n};

// ---- The table [23.3] --------------------------------------------------------------------

/// `interrogation.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    pub row: Vec<RowRecord>,
    pub letter: Vec<LetterRecord>,
    pub points: PointsRecord,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowRecord {
    pub die: u8,
    pub attempts: Vec<String>,
    pub source: Source,
    pub section: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LetterRecord {
    pub letter: String,
    pub cache: Cache,
    /// The cache the printed key names, where a ruling reads the letter otherwise; played
    /// with `Options::printed_interrogation_key`.
    #[serde(default)]
    pub printed: Option<Cache>,
    pub source: Source,
    pub section: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsRecord {
    pub peasant_wounded: u16,
    pub peasant_killed: u16,
    pub porter: u16,
    pub source: Source,
    pub section: String,
}

/// One cell of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Nothing,
    /// The kinds of cache the US may ask the NLF to show.
    Caches(Vec<Cache>),
    Wounded,
    Killed,
}

/// The Interrogation Results Table, checked, and its points [23.3, 23.14, 23.15].
#[derive(Debug)]
pub struct Table {
    /// By die roll 1-6, then attempt 1-3.
    rows: Vec<[Answer; 3]>,
    /// The same with the key read as printed.
    printed_rows: Vec<[Answer; 3]>,
    pub peasant_wounded: u32,
    pub peasant_killed: u32,
    pub porter: u32,
}

impl Table {
    /// Checks the file: six rows, one per die roll, three results each, every letter known.
    pub fn check(file: TableFile) -> Result<Table, String> {
        let letter = |l: &str, printed: bool| {
            file.letter
                .iter()
                .find(|r| r.letter == l)
                .map(|r| r.printed.filter(|_| printed).unwrap_or(r.cache))
                .ok_or_else(|| format!("row.attempts: '{l}' is no letter of the [[letter]] list"))
        };
        let parse = |text: &str, printed: bool| -> Result<Answer, String> {
            match text.trim() {
                "-" => Ok(Answer::Nothing),
                "PW" => Ok(Answer::Wounded),
                "PK" => Ok(Answer::Killed),
                t => {
                    let mut caches = Vec::new();
                    for l in t.split([',', ' ']).filter(|w| !w.is_empty() && *w != "or") {
                        let c = letter(l, printed)?;
                        if !caches.contains(&c) {
                            caches.push(c);
                        }
                    }
                    if caches.is_empty() {
                        return Err(format!("row.attempts: '{t}' names no result"));
                    }
                    Ok(Answer::Caches(caches))
                }
            }
        };
        let (mut rows, mut printed_rows) = (Vec::new(), Vec::new());
        for die in 1..=6u8 {
            let mut found = file.row.iter().filter(|r| r.die == die);
            let (Some(row), None) = (found.next(), found.next()) else {
                return Err(format!("row.die: die roll {die} needs exactly one row"));
            };
            let [a, b, c] = row.attempts.as_slice() else {
                return Err(format!("row.attempts: die roll {die} needs three attempts"));
            };
            rows.push([parse(a, false)?, parse(b, false)?, parse(c, false)?]);
            printed_rows.push([parse(a, true)?, parse(b, true)?, parse(c, true)?]);
        }
        if file.row.len() != 6 {
            return Err("row.die: only die rolls 1 to 6".into());
        }
        Ok(Table {
            rows,
            printed_rows,
            peasant_wounded: u32::from(file.points.peasant_wounded),
            peasant_killed: u32::from(file.points.peasant_killed),
            porter: u32::from(file.points.porter),
        })
    }

    /// The answer to attempt `attempt` (1-3) on a roll of `die` (1-6).
    pub fn answer(&self, die: u8, attempt: u8) -> &Answer {
        Table::cell(&self.rows, die, attempt)
    }

    /// The same answer with the key read as printed (digest ruling A9's switch).
    pub fn printed_answer(&self, die: u8, attempt: u8) -> &Answer {
        Table::cell(&self.printed_rows, die, attempt)
    }

    fn cell(rows: &[[Answer; 3]], die: u8, attempt: u8) -> &Answer {
        &rows[usize::from(die.clamp(1, 6) - 1)][usize::from(attempt.clamp(1, 3) - 1)]
    }
}

// ---- In play -----------------------------------------------------------------------------

/// What interrogation keeps track of.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interrogation {
    /// The game-turn whose US Player-Turn has had its questioning by US units [23.11].
    pub us_turn: u8,
    /// Captives US units have questioned, with the attempts made [23.12].
    pub attempts: Vec<(usize, u8)>,
    /// Caches shown by interrogation: the NLF may not move them any more [23.13].
    pub fixed: Vec<usize>,
    /// The questioning under way.
    pub session: Option<Session>,
}

/// One captive being questioned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    pub captive: usize,
    /// By ARVN units: three attempts, no stopping [23.2].
    pub arvn: bool,
    /// Attempts made so far, and the last this session may make.
    pub attempt: u8,
    pub last: u8,
    pub stage: Stage,
}

/// The decision a session waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The US picks the kind of cache among those the answer names [23.13].
    Choose(Vec<Cache>),
    /// The NLF shows a face-down cache of that kind, or of another kind if it has none
    /// [23.13].
    Show(Cache),
    /// The US may roll a porter's second attempt or stop [23.15, 23.16].
    GoOn,
}

/// The interrogation decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Question {
    /// Question a captive, by US or by ARVN units in its hex [23.1, 23.2].
    Interrogate { captive: usize, arvn: bool },
    /// US: the kind of cache the NLF must show [23.13].
    AskFor(Cache),
    /// NLF: the cache it turns face-up [23.13].
    Show(usize),
    /// NLF: it has no face-down cache left that could be shown.
    NothingToShow,
    /// US: roll the porter's second attempt [23.15].
    GoOn,
    /// US: stop after the first roll [23.16].
    Stop,
    /// US: no more questioning this Player-Turn.
    Done,
}

/// ARVN units: the squads that fire at half on US counters [24.12] and the ARVN's own
/// counters (Rangers, intelligence teams), whose ids begin with `arvn_`.
pub fn arvn(unit: &super::state::Unit) -> bool {
    unit.spec()
        .is_some_and(|s| s.arvn || s.id.starts_with("arvn_"))
}

fn cache_name(c: Cache) -> &'static str {
    data().counter(c.id()).map_or("", |s| s.name.as_str())
}

impl SearchDestroy {
    /// At the end of the US Combat Phase a peasant or porter a search turns up stays as a
    /// captive when interrogation is played [23.0]; a porter's load drops face-up. Returns
    /// whether it did.
    pub fn take_captive(&mut self, i: usize) -> bool {
        let u = &self.units[i];
        if !self.options.interrogation || !(u.is("peasant") || u.is("porter")) {
            return false;
        }
        let name = u.spec().map_or("", |s| s.name.as_str());
        let hex = u.hex.map(|h| h.to_string()).unwrap_or_default();
        self.log.add(
            "23.0",
            msg("Turned face-up: {unit} at {hex}, held for questioning")
                .term("unit", name)
                .arg("hex", hex),
        );
        let u = &mut self.units[i];
        u.face_up = true;
        u.revealed_turn = self.turn;
        u.captive = true;
        u.pinned = false;
        if let Some(load) = self.units[i].carrying {
            self.drop_load(i);
            self.expose(load);
        }
        true
    }

    fn attempts_made(&self, captive: usize) -> u8 {
        self.interrogation
            .attempts
            .iter()
            .find(|&&(c, _)| c == captive)
            .map_or(0, |&(_, n)| n)
    }

    /// Whether an unpinned US unit of the army asked for stands with the captive [23.0].
    fn questioner_at(&self, captive: usize, by_arvn: bool) -> bool {
        let Some(hex) = self.units[captive].hex else {
            return false;
        };
        self.side_at(hex, Side::Us).any(|i| {
            let u = &self.units[i];
            u.class().is_some_and(Class::personnel) && !u.pinned && arvn(u) == by_arvn
        })
    }

    /// The questionings that may start now: (captive, by ARVN units) [23.1, 23.2].
    pub fn questionable(&self) -> Vec<(usize, bool)> {
        let mut out = Vec::new();
        for c in 0..self.units.len() {
            let u = &self.units[c];
            if !u.captive || !u.on_map() {
                continue;
            }
            let made = self.attempts_made(c);
            let limit = if u.is("porter") { 1 } else { 2 };
            if self.interrogation.us_turn != self.turn
                && made < limit
                && self.questioner_at(c, false)
            {
                out.push((c, false));
            }
            if made == 0 && self.questioner_at(c, true) {
                out.push((c, true));
            }
        }
        out
    }

    /// The end of the US Player-Turn: questioning, if anyone can be questioned. Returns
    /// whether it begins.
    pub(super) fn start_interrogation(&mut self) -> bool {
        if !self.options.interrogation || self.questionable().is_empty() {
            return false;
        }
        self.interrogation.session = None;
        self.step = Step::Interrogation;
        true
    }

    /// Who answers now: the NLF when it must show a cache, else the US.
    pub fn interrogation_actor(&self) -> Side {
        match self.interrogation.session.as_ref().map(|s| &s.stage) {
            Some(Stage::Show(_)) => Side::Nlf,
            _ => Side::Us,
        }
    }

    /// The face-down caches the NLF could show for `kind`: lying free on the map (digest
    /// 4.14 item 5); of any kind when it has none of that one.
    pub fn showable(&self, kind: Cache) -> Vec<usize> {
        let free: Vec<usize> = (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.on_map()
                    && u.hidden()
                    && u.class() == Some(Class::Cache)
                    && u.carried_by.is_none()
            })
            .collect();
        let of_kind: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&i| self.units[i].is(kind.id()))
            .collect();
        if of_kind.is_empty() { free } else { of_kind }
    }

    pub fn interrogation_actions(&self) -> Vec<Action> {
        let q = |q: Question| Action::Question(q);
        match &self.interrogation.session {
            None => {
                let mut out: Vec<Action> = self
                    .questionable()
                    .into_iter()
                    .map(|(captive, arvn)| q(Question::Interrogate { captive, arvn }))
                    .collect();
                out.push(q(Question::Done));
                out
            }
            Some(s) => match &s.stage {
                Stage::Choose(kinds) => kinds.iter().map(|&c| q(Question::AskFor(c))).collect(),
                Stage::Show(kind) => {
                    let caches = self.showable(*kind);
                    if caches.is_empty() {
                        vec![q(Question::NothingToShow)]
                    } else {
                        caches.into_iter().map(|c| q(Question::Show(c))).collect()
                    }
                }
                Stage::GoOn => vec![q(Question::GoOn), q(Question::Stop)],
            },
        }
    }

    /// Performs an interrogation decision.
    pub(super) fn question(&mut self, q: Question) -> Applied {
        match q {
            Question::Interrogate { captive, arvn } => {
                let made = if arvn { 0 } else { self.attempts_made(captive) };
                if !arvn {
                    self.interrogation.us_turn = self.turn;
                }
                let last = if arvn {
                    3
                } else if self.units[captive].is("porter") {
                    2
                } else {
                    made + 1
                };
                let u = &self.units[captive];
                let name = u.spec().map_or("", |s| s.name.as_str());
                let hex = u.hex.map(|h| h.to_string()).unwrap_or_default();
                let text = if arvn {
                    msg("ARVN units question the {unit} at {hex}")
                } else {
                    msg("US units question the {unit} at {hex}")
                };
                self.log.add(
                    if arvn { "23.2" } else { "23.1" },
                    text.term("unit", name).arg("hex", hex),
                );
                self.interrogation.session = Some(Session {
                    captive,
                    arvn,
                    attempt: made,
                    last,
                    stage: Stage::GoOn,
                });
                self.next_attempt();
                Applied::REVEALED
            }
            Question::AskFor(kind) => {
                self.log.add(
                    "23.13",
                    msg("The US asks for the {cache}").term("cache", cache_name(kind)),
                );
                if let Some(s) = &mut self.interrogation.session {
                    s.stage = Stage::Show(kind);
                }
                Applied::QUIET
            }
            Question::Show(cache) => {
                let asked = match self.interrogation.session.as_ref().map(|s| &s.stage) {
                    Some(Stage::Show(kind)) => Some(*kind),
                    _ => None,
                };
                if let Some(kind) = asked.filter(|k| !self.units[cache].is(k.id())) {
                    self.log.add(
                        "23.13",
                        msg("The NLF has no {cache} it could show: it shows another kind")
                            .term("cache", cache_name(kind)),
                    );
                }
                let hex = self.units[cache]
                    .hex
                    .map(|h| h.to_string())
                    .unwrap_or_default();
                self.log.add(
                    "23.13",
                    msg("The answer gives a cache away at {hex}").arg("hex", hex),
                );
                self.expose(cache);
                self.interrogation.fixed.push(cache);
                self.after_answer();
                Applied::REVEALED
            }
            Question::NothingToShow => {
                self.log.add(
                    "23.13",
                    msg("The NLF has no hidden cache left to show: the answer gives nothing away"),
                );
                self.after_answer();
                Applied::REVEALED
            }
            Question::GoOn => {
                self.next_attempt();
                Applied::REVEALED
            }
            Question::Stop => {
                self.log.add(
                    "23.16",
                    msg("The US stops the questioning after the first roll"),
                );
                self.end_session(true);
                Applied::QUIET
            }
            Question::Done => {
                self.interrogation.session = None;
                self.end_us_player_turn();
                Applied::QUIET
            }
        }
    }

    /// Rolls the next attempt of the session and carries out its answer [23.3].
    fn next_attempt(&mut self) {
        let Some(s) = &mut self.interrogation.session else {
            return;
        };
        s.attempt += 1;
        let (captive, attempt, by_arvn) = (s.captive, s.attempt, s.arvn);
        if !by_arvn {
            match self
                .interrogation
                .attempts
                .iter_mut()
                .find(|(c, _)| *c == captive)
            {
                Some(entry) => entry.1 = attempt,
                None => self.interrogation.attempts.push((captive, attempt)),
            }
        }
        let roll = d6(&mut self.rng);
        let die = u8::try_from(roll.total).unwrap_or(1);
        let table = &data().interrogation;
        let answer = if self.options.printed_interrogation_key {
            table.printed_answer(die, attempt)
        } else {
            table.answer(die, attempt)
        }
        .clone();
        let porter = self.units[captive].is("porter");
        let (text, rule) = match &answer {
            Answer::Nothing => (msg("Attempt {n}: nothing learned"), "23.3"),
            Answer::Caches(kinds) => {
                let names: Vec<&str> = kinds.iter().map(|&c| cache_name(c)).collect();
                let text = msg("Attempt {n}: the captive tells of a cache, one of: {kinds}")
                    .terms("kinds", &names);
                (text, "23.13")
            }
            Answer::Wounded if porter => (
                msg("Attempt {n}: the porter is wounded and eliminated"),
                "23.15",
            ),
            Answer::Killed if porter => (msg("Attempt {n}: the porter is killed"), "23.15"),
            Answer::Wounded => (msg("Attempt {n}: the peasant is wounded"), "23.14"),
            Answer::Killed => (msg("Attempt {n}: the peasant is killed"), "23.14"),
        };
        self.log
            .add_with(rule, text.arg("n", attempt), vec![Random::Dice(roll)]);
        match answer {
            Answer::Nothing => self.after_answer(),
            Answer::Caches(kinds) => {
                let stage = match kinds.as_slice() {
                    [one] => {
                        self.log.add(
                            "23.13",
                            msg("The US asks for the {cache}").term("cache", cache_name(*one)),
                        );
                        Stage::Show(*one)
                    }
                    _ => Stage::Choose(kinds),
                };
                if let Some(s) = &mut self.interrogation.session {
                    s.stage = stage;
                }
            }
            Answer::Wounded | Answer::Killed => {
                let points = match answer {
                    _ if porter => table.porter,
                    Answer::Wounded => table.peasant_wounded,
                    _ => table.peasant_killed,
                };
                self.points[1] += points;
                self.log.add(
                    rule,
                    msg_n(
                        "{points} point to the NLF",
                        "{points} points to the NLF",
                        points,
                    )
                    .arg("points", points),
                );
                self.end_session(true);
            }
        }
    }

    /// An answer has been dealt with: the next roll, the porter's second-roll question, or
    /// the end of the session.
    fn after_answer(&mut self) {
        let Some(s) = &mut self.interrogation.session else {
            return;
        };
        if s.attempt >= s.last {
            // A peasant US units questioned once waits for its second attempt.
            let done = s.arvn || s.attempt >= 2;
            self.end_session(done);
        } else if !s.arvn {
            s.stage = Stage::GoOn;
        } else {
            self.next_attempt();
        }
    }

    /// The session is over; `done` removes the captive [23.0]. Then the next questioning,
    /// or the end of the US Player-Turn when there is nobody left to question.
    fn end_session(&mut self, done: bool) {
        if let Some(s) = self.interrogation.session.take()
            && done
            && self.units[s.captive].on_map()
        {
            self.remove(s.captive);
        }
        if self.questionable().is_empty() {
            self.end_us_player_turn();
        }
    }

    // ---- In words ------------------------------------------------------------------------

    pub(super) fn question_hex(&self, q: Question) -> Option<Hex> {
        match q {
            Question::Interrogate { captive, .. } => self.units[captive].hex,
            Question::Show(cache) => self.units[cache].hex,
            _ => self
                .interrogation
                .session
                .as_ref()
                .and_then(|s| self.units[s.captive].hex),
        }
    }

    pub(super) fn question_label(&self, q: Question) -> Message {
        let name = |i: usize| self.units[i].spec().map_or("", |s| s.name.as_str());
        let at = |i: usize| self.units[i].hex.map(|h| h.to_string()).unwrap_or_default();
        match q {
            Question::Interrogate {
                captive,
                arvn: false,
            } => msg("US units question the {unit} at {hex}")
                .term("unit", name(captive))
                .arg("hex", at(captive)),
            Question::Interrogate {
                captive,
                arvn: true,
            } => msg("ARVN units question the {unit} at {hex}: three rolls, no stopping")
                .term("unit", name(captive))
                .arg("hex", at(captive)),
            Question::AskFor(kind) => msg("Ask for the {cache}").term("cache", cache_name(kind)),
            Question::Show(cache) => msg("Show the {cache} at {hex}")
                .term("cache", name(cache))
                .arg("hex", at(cache)),
            Question::NothingToShow => msg("There is no cache to show"),
            Question::GoOn => msg("Roll the second attempt"),
            Question::Stop => msg("Stop after the first roll"),
            Question::Done => msg("No more questioning"),
        }
    }

    pub(super) fn interrogation_prompt(&self) -> (Message, &'static str) {
        match self.interrogation.session.as_ref().map(|s| &s.stage) {
            None => (msg("US: question a captive peasant or porter?"), "23.1"),
            Some(Stage::Choose(_)) => (msg("US: which kind of cache must the NLF show?"), "23.13"),
            Some(Stage::Show(kind)) => (
                msg("NLF: turn up a hidden cache of the kind asked for, {cache} (any other kind if you have none)")
                    .term("cache", cache_name(*kind)),
                "23.13",
            ),
            Some(Stage::GoOn) => (msg("US: question the porter a second time?"), "23.16"),
        }
    }
}

/// The computer's answer (digest 10.4 item 9, 10.5 item 7): question whoever can be; ask for
/// the kind worth most when captured; show the cache worth least, farthest from the US; stop
/// a porter's questioning after the first roll.
pub(crate) fn bot_choice(v: &SearchDestroy, actions: &[Action]) -> Action {
    let value = |c: Cache| {
        let m = &data().material[&c];
        u32::from(m.destroyed) + u32::from(m.captured)
    };
    let us: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .filter_map(|u| u.hex)
        .collect();
    let score = |a: &Action| -> i64 {
        match a {
            Action::Question(Question::Interrogate { .. }) => 1,
            Action::Question(Question::AskFor(c)) => i64::from(value(*c)),
            Action::Question(Question::Show(i)) => {
                let u = &v.units[*i];
                let worth = u
                    .spec()
                    .and_then(|s| Cache::from_id(&s.id))
                    .map_or(0, value);
                let away = u
                    .hex
                    .map_or(0, |h| us.iter().map(|&x| x.distance(h)).min().unwrap_or(0));
                i64::from(away) - 100 * i64::from(worth)
            }
            Action::Question(Question::Stop) => 1,
            _ => 0,
        }
    };
    actions
        .iter()
        .max_by_key(|a| score(a))
        .cloned()
        .unwrap_or(Action::Question(Question::Done))
}

#[cfg(test)]
mod tests {
    use super::super::content::{Level, Side};
    use super::super::los::Sightlines;
    use super::super::options::Options;
    use super::super::play::Action;
    use super::super::state::{SearchDestroy, Step, Unit};
    use super::super::tests::{board_with, counter, h, rigged};
    use super::*;
    use crate::engine::game::Game;

    fn on() -> Options {
        Options {
            interrogation: true,
            ..Options::default()
        }
    }

    /// A Standard game at the end of the US Combat Phase of game-turn 2: each unit given,
    /// and `searched` holding the hex a US unit searched this turn.
    fn ending_combat(
        units: Vec<Unit>,
        searched: &[(usize, &str)],
        options: &Options,
    ) -> SearchDestroy {
        let mut g = board_with(units, Step::Combat(Side::Us), options);
        g.level = Level::Standard;
        for &(i, hex) in searched {
            g.units[i].searched = Some(h(hex));
        }
        g
    }

    fn q(q: Question) -> Action {
        Action::Question(q)
    }

    /// A US squad that searched 0404, where a face-down peasant hides; a face-down
    /// ammunition cache and a face-down rice cache elsewhere, and a porter.
    fn peasant_found(options: &Options) -> SearchDestroy {
        ending_combat(
            vec![
                counter("us_squad", Side::Us, "0404"),
                counter("peasant", Side::Nlf, "0404"),
                counter("ammunition", Side::Nlf, "0113"),
                counter("rice", Side::Nlf, "0210"),
                counter("porter", Side::Nlf, "0110"),
            ],
            &[(0, "0404")],
            options,
        )
    }

    #[test]
    fn the_table_reads_as_printed() {
        let t = &data().interrogation;
        assert_eq!(*t.answer(1, 1), Answer::Nothing);
        assert_eq!(*t.answer(4, 1), Answer::Caches(vec![Cache::Rice]));
        assert_eq!(
            *t.answer(5, 1),
            Answer::Caches(vec![Cache::Arms, Cache::Rice])
        );
        // A = Ammunition (digest ruling A9).
        assert_eq!(*t.answer(6, 1), Answer::Caches(vec![Cache::Ammunition]));
        assert_eq!(
            *t.answer(4, 2),
            Answer::Caches(vec![Cache::Ammunition, Cache::Radio, Cache::Records])
        );
        assert_eq!(*t.answer(5, 2), Answer::Wounded);
        assert_eq!(
            *t.answer(2, 3),
            Answer::Caches(vec![Cache::Ammunition, Cache::Arms])
        );
        assert_eq!(*t.answer(4, 3), Answer::Killed);
        assert_eq!(
            (t.peasant_wounded, t.peasant_killed, t.porter),
            (10, 20, 15)
        );
    }

    #[test]
    fn a_broken_table_is_refused_with_the_field_named() {
        let text = include_str!("../../../../data/games/search_destroy/interrogation.toml");
        let check = |t: &str| Table::check(toml::from_str::<TableFile>(t).unwrap());
        assert!(check(text).is_ok());
        let e = check(&text.replacen("\"A or D\"", "\"A or Z\"", 1)).unwrap_err();
        assert!(e.contains("'Z'"), "{e}");
        let e = check(&text.replacen("die = 6", "die = 5", 1)).unwrap_err();
        assert!(e.starts_with("row.die"), "{e}");
        let e = check(&text.replacen("[\"-\", \"-\", \"-\"]", "[\"-\", \"-\"]", 1)).unwrap_err();
        assert!(e.starts_with("row.attempts"), "{e}");
    }

    #[test]
    fn without_the_rule_a_searched_peasant_is_only_turned_up() {
        let mut g = peasant_found(&Options::default());
        g.apply_action(&Action::EndFire).unwrap();
        assert!(g.units[1].face_up && !g.units[1].captive);
        assert_eq!(g.step, Step::Movement(Side::Nlf));
    }

    #[test]
    fn a_searched_peasant_is_held_and_may_be_questioned_at_the_turn_end() {
        let mut g = peasant_found(&on());
        g.apply_action(&Action::EndFire).unwrap();
        let p = &g.units[1];
        assert!(
            p.face_up && p.captive && p.on_map(),
            "held in its hex [23.0]"
        );
        assert_eq!(g.step, Step::Interrogation);
        assert_eq!(g.actor(), Some(Side::Us));
        assert_eq!(
            g.actions(),
            vec![
                q(Question::Interrogate {
                    captive: 1,
                    arvn: false
                }),
                q(Question::Done)
            ]
        );
        // The US need not question: the NLF's turn follows.
        g.apply_action(&q(Question::Done)).unwrap();
        assert_eq!(g.step, Step::Movement(Side::Nlf));
        assert!(g.units[1].on_map(), "an unquestioned captive stays");
    }

    #[test]
    fn a_captive_is_a_marker_not_a_unit() {
        let mut g = peasant_found(&on());
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Done)).unwrap();
        let hex = h("0404");
        // Either side may enter and stay; it takes no fire, blocks no sight, never moves.
        assert!(g.passable(hex, Side::Us));
        g.units[0].hex = Some(h("0410"));
        assert!(g.may_end(4, hex), "an NLF unit may stop on it");
        assert!(g.units[1].class() == Some(Class::Captive));
        assert_eq!(g.units[1].mp, 0);
        assert!(!g.targets(Side::Us).contains(&hex));
        assert!(!super::super::state::World { game: &g }.blocks(hex));
    }

    #[test]
    fn a_searched_porter_is_held_and_its_load_drops_face_up() {
        let mut g = ending_combat(
            vec![
                counter("us_squad", Side::Us, "0404"),
                counter("porter", Side::Nlf, "0404"),
                counter("rice", Side::Nlf, "0404"),
            ],
            &[(0, "0404")],
            &on(),
        );
        g.units[1].carrying = Some(2);
        g.units[2].carried_by = Some(1);
        g.apply_action(&Action::EndFire).unwrap();
        assert!(g.units[1].captive && g.units[1].on_map());
        assert!(g.units[2].face_up && g.units[2].carried_by.is_none());
        assert!(!g.can_carry(1, 2), "a captive carries nothing");
    }

    /// The US Combat Phase ends with `roll` as the next die, and the US squad questions the
    /// peasant of [`peasant_found`] for the first time.
    fn first_attempt(g: &mut SearchDestroy, roll: i32) {
        g.rng = rigged(&[roll]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
    }

    #[test]
    fn a_us_first_attempt_on_a_six_makes_the_nlf_show_an_ammunition_cache() {
        let mut g = peasant_found(&on());
        first_attempt(&mut g, 6);
        // One kind named: the NLF answers, with the one ammunition cache it has.
        assert_eq!(g.actor(), Some(Side::Nlf));
        assert_eq!(g.actions(), vec![q(Question::Show(2))]);
        g.apply_action(&q(Question::Show(2))).unwrap();
        assert!(g.units[2].face_up);
        assert_eq!(g.interrogation.fixed, vec![2]);
        // A peasant answers once a turn [23.12]: it stays for a later turn, and the US has
        // had its questioning this turn.
        assert!(g.units[1].on_map());
        assert_eq!(g.step, Step::Movement(Side::Nlf));
        // The cache shown may not be carried off [23.13].
        g.units[4].hex = Some(h("0113"));
        assert!(!g.can_carry(4, 2));
        assert!(g.can_carry(4, 3), "another cache may");
    }

    #[test]
    fn the_printed_key_reads_a_as_arms_and_never_asks_for_ammunition() {
        // 23.3 as printed: A is an Arms cache, like W (the switch of digest ruling A9).
        let t = &data().interrogation;
        assert_eq!(*t.printed_answer(6, 1), Answer::Caches(vec![Cache::Arms]));
        assert_eq!(*t.printed_answer(2, 3), Answer::Caches(vec![Cache::Arms]));
        assert_eq!(
            *t.printed_answer(4, 2),
            Answer::Caches(vec![Cache::Arms, Cache::Radio, Cache::Records])
        );
        assert_eq!(*t.printed_answer(5, 2), Answer::Wounded);
        let names_ammunition = |die, attempt| matches!(t.printed_answer(die, attempt), Answer::Caches(c) if c.contains(&Cache::Ammunition));
        assert!(!(1..=6).any(|die| (1..=3).any(|attempt| names_ammunition(die, attempt))));
        // In play: a six on the first attempt makes the NLF show its arms cache, not the
        // ammunition cache the ruling would ask for.
        let mut g = peasant_found(&Options {
            printed_interrogation_key: true,
            ..on()
        });
        g.units.push(counter("arms", Side::Nlf, "0216"));
        first_attempt(&mut g, 6);
        assert_eq!(g.actions(), vec![q(Question::Show(5))]);
    }

    #[test]
    fn the_printed_key_needs_interrogation() {
        let printed = Options {
            printed_interrogation_key: true,
            ..Options::default()
        };
        let refused = SearchDestroy::with_options("standard", &printed, 1).unwrap_err();
        assert!(refused.to_string().contains("Interrogation"), "{refused}");
        let both = Options {
            printed_interrogation_key: true,
            ..on()
        };
        assert!(SearchDestroy::with_options("standard", &both, 1).is_ok());
    }

    #[test]
    fn the_second_attempt_comes_a_turn_later_and_a_wounded_peasant_scores_ten() {
        let mut g = peasant_found(&on());
        g.rng = rigged(&[1]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        assert!(
            g.log
                .entries()
                .iter()
                .any(|e| e.english().contains("Attempt 1: nothing learned"))
        );
        assert_eq!(g.step, Step::Movement(Side::Nlf));
        // The next US Player-Turn's end.
        g.turn = 3;
        g.step = Step::Combat(Side::Us);
        g.rng = rigged(&[5]);
        g.apply_action(&Action::EndFire).unwrap();
        assert_eq!(g.step, Step::Interrogation);
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        assert_eq!(g.points[1], 10, "PW on the second attempt [23.14]");
        assert!(g.units[1].removed);
    }

    #[test]
    fn a_peasant_is_questioned_twice_at_most_and_then_removed() {
        let mut g = peasant_found(&on());
        g.rng = rigged(&[1, 1]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        g.turn = 3;
        g.step = Step::Combat(Side::Us);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        assert!(
            g.units[1].removed,
            "removed after its second attempt [23.12]"
        );
        assert_eq!(g.points[1], 0);
    }

    /// A US squad with a captive porter at 0404, a face-down rice cache at 0210.
    fn porter_held(options: &Options) -> SearchDestroy {
        let mut g = ending_combat(
            vec![
                counter("us_squad", Side::Us, "0404"),
                counter("porter", Side::Nlf, "0404"),
                counter("rice", Side::Nlf, "0210"),
            ],
            &[(0, "0404")],
            options,
        );
        g.units[1].face_up = true;
        g.units[1].captive = true;
        g.units[0].searched = None;
        g
    }

    #[test]
    fn a_porter_answers_twice_in_one_turn_and_is_eliminated_when_wounded() {
        let mut g = porter_held(&on());
        g.rng = rigged(&[4, 5]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        // 4 on the first attempt: a rice cache [23.3].
        g.apply_action(&q(Question::Show(2))).unwrap();
        assert!(g.units[2].face_up);
        assert_eq!(g.actions(), vec![q(Question::GoOn), q(Question::Stop)]);
        g.apply_action(&q(Question::GoOn)).unwrap();
        assert!(g.units[1].removed);
        assert_eq!(g.points[1], 15, "a porter wounded is eliminated [23.15]");
        assert_eq!(g.step, Step::Movement(Side::Nlf));
    }

    #[test]
    fn the_us_may_stop_after_the_first_roll() {
        let mut g = porter_held(&on());
        g.rng = rigged(&[1]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        g.apply_action(&q(Question::Stop)).unwrap();
        assert!(g.units[1].removed, "its questioning is over [23.16]");
        assert_eq!(g.points[1], 0);
        assert_eq!(g.step, Step::Movement(Side::Nlf));
    }

    #[test]
    fn the_us_picks_the_kind_and_the_nlf_shows_another_when_it_has_none() {
        let mut g = porter_held(&on());
        // 1: nothing; then 2 on the second attempt: A or D.
        g.rng = rigged(&[1, 2]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        g.apply_action(&q(Question::GoOn)).unwrap();
        assert_eq!(
            g.actions(),
            vec![
                q(Question::AskFor(Cache::Ammunition)),
                q(Question::AskFor(Cache::Records))
            ]
        );
        g.apply_action(&q(Question::AskFor(Cache::Records)))
            .unwrap();
        // No records cache: the NLF shows its rice [23.13].
        assert_eq!(g.actions(), vec![q(Question::Show(2))]);
        g.apply_action(&q(Question::Show(2))).unwrap();
        assert!(g.units[2].face_up && g.units[1].removed);
        assert!(
            g.log
                .entries()
                .iter()
                .any(|e| e.english().contains("shows another kind"))
        );
    }

    #[test]
    fn with_no_cache_left_the_answer_gives_nothing_away() {
        let mut g = porter_held(&on());
        g.units[2].face_up = true;
        g.rng = rigged(&[4]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        assert_eq!(g.actions(), vec![q(Question::NothingToShow)]);
        g.apply_action(&q(Question::NothingToShow)).unwrap();
        assert_eq!(g.actions(), vec![q(Question::GoOn), q(Question::Stop)]);
    }

    #[test]
    fn arvn_units_roll_three_times_without_stopping() {
        let mut g = porter_held(&on());
        g.units[0] = counter("arvn_squad", Side::Us, "0404");
        // Nothing, nothing, then 4 on the third attempt: the porter is killed.
        g.rng = rigged(&[1, 1, 4]);
        g.apply_action(&Action::EndFire).unwrap();
        assert_eq!(
            g.actions(),
            vec![
                q(Question::Interrogate {
                    captive: 1,
                    arvn: true
                }),
                q(Question::Done)
            ]
        );
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: true,
        }))
        .unwrap();
        assert!(g.units[1].removed);
        assert_eq!(g.points[1], 15);
        let attempts = g
            .log
            .entries()
            .iter()
            .filter(|e| e.english().contains("Attempt "))
            .count();
        assert_eq!(attempts, 3, "three rolls in a row [23.2]");
    }

    #[test]
    fn arvn_units_question_any_number_but_not_one_the_us_questioned() {
        let mut g = ending_combat(
            vec![
                counter("arvn_squad", Side::Us, "0404"),
                counter("peasant", Side::Nlf, "0404"),
                counter("arvn_intelligence", Side::Us, "0110"),
                counter("peasant", Side::Nlf, "0110"),
                counter("us_squad", Side::Us, "0210"),
                counter("peasant", Side::Nlf, "0210"),
            ],
            &[],
            &on(),
        );
        for i in [1, 3, 5] {
            g.units[i].face_up = true;
            g.units[i].captive = true;
        }
        g.interrogation.attempts = vec![(1, 1)];
        g.rng = rigged(&[1, 1, 1, 1, 1, 1]);
        g.apply_action(&Action::EndFire).unwrap();
        assert_eq!(
            g.actions(),
            vec![
                q(Question::Interrogate {
                    captive: 3,
                    arvn: true
                }),
                q(Question::Interrogate {
                    captive: 5,
                    arvn: false
                }),
                q(Question::Done)
            ]
        );
        g.apply_action(&q(Question::Interrogate {
            captive: 5,
            arvn: false,
        }))
        .unwrap();
        // The US units' one questioning is spent; the ARVN team's is still to come.
        assert_eq!(
            g.actions(),
            vec![
                q(Question::Interrogate {
                    captive: 3,
                    arvn: true
                }),
                q(Question::Done)
            ]
        );
        g.apply_action(&q(Question::Interrogate {
            captive: 3,
            arvn: true,
        }))
        .unwrap();
        assert!(g.units[3].removed && !g.units[5].removed);
        assert_eq!(g.step, Step::Movement(Side::Nlf));
    }

    #[test]
    fn a_pinned_unit_questions_nobody() {
        let mut g = porter_held(&on());
        g.units[0].pinned = true;
        g.apply_action(&Action::EndFire).unwrap();
        assert_eq!(g.step, Step::Movement(Side::Nlf));
    }

    #[test]
    fn the_nlf_alone_reads_which_caches_it_could_show() {
        let mut g = porter_held(&on());
        g.rng = rigged(&[4]);
        g.apply_action(&Action::EndFire).unwrap();
        g.apply_action(&q(Question::Interrogate {
            captive: 1,
            arvn: false,
        }))
        .unwrap();
        let us = g.view(Side::Us.seat());
        assert!(
            us.units[2].kind.is_none(),
            "the cache is still a back to the US"
        );
        // The US's copy of the position offers the NLF nothing it could tell from.
        assert!(
            us.interrogation_actions()
                .iter()
                .all(|a| !matches!(a, Action::Question(Question::Show(_))))
        );
    }

    #[test]
    fn bots_question_captives_in_standard_games() {
        let options = super::super::leak_tests::all_options();
        let mut questioned = 0;
        for seed in 0..4 {
            let (g, actions) = super::super::tests::play_with("standard", &options, seed);
            assert!(g.outcome().is_some());
            questioned += actions
                .iter()
                .filter(|a| matches!(a, Action::Question(Question::Interrogate { .. })))
                .count();
        }
        assert!(questioned > 0, "no game questioned anyone");
    }
}
