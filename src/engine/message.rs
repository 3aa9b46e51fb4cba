//! Translatable messages.
//!
//! Rules code never builds finished sentences: it builds a [`Message`] whose id is the English
//! template (`"{aircraft} is shot down in {zone}"`) and whose arguments fill the braces. The id
//! goes through gettext when the message is shown, so saves and logs stay language-neutral and
//! the player sees their own language. Templates are written with [`msg`] so that `xgettext
//! --keyword=msg` finds them; arguments that are themselves words of the game (zone names,
//! card titles) are [`Arg::Term`] and are translated too.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arg {
    /// Shown as written (numbers, proper names).
    Text(String),
    /// A word of the game, looked up in the catalogue.
    Term(Cow<'static, str>),
    /// Words of the game, each looked up, shown as a list ("Attack, Suppress").
    Terms(Vec<String>),
    /// A message of its own, translated with the one around it.
    Message(Box<Message>),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// Borrowed for the literal templates of the code (no allocation on the hot path of a
    /// simulated game); owned when read back from a save.
    pub id: Cow<'static, str>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// Marks a word of the game for the catalogue where it is stored (a table of names, a
/// constant) without translating it there: it is translated where it is shown, as a
/// [`Message::term`]. The name is an xgettext keyword.
pub const fn n_(word: &'static str) -> &'static str {
    word
}

/// Starts a message from its English template. The name is the xgettext keyword.
pub fn msg(id: &'static str) -> Message {
    Message {
        id: Cow::Borrowed(id),
        args: Vec::new(),
    }
}

impl Message {
    /// Adds an argument shown as written.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Text(value.to_string())));
        self
    }

    /// Adds an argument that is itself a word of the game and gets translated.
    pub fn term(mut self, name: &'static str, value: impl Into<Cow<'static, str>>) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Term(value.into())));
        self
    }

    /// Adds a list of words of the game, each translated.
    pub fn terms(mut self, name: &'static str, values: &[String]) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Terms(values.to_vec())));
        self
    }

    /// Adds a message of its own (a reason, a nested sentence).
    pub fn message(mut self, name: &'static str, value: Message) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Message(Box::new(value))));
        self
    }

    /// The message in the user's language.
    pub fn render(&self) -> String {
        // gettext("") would answer with the catalogue's header.
        self.render_with(&|s| {
            if s.is_empty() {
                String::new()
            } else {
                gettextrs::gettext(s)
            }
        })
    }

    /// The message in English (for logs on the command line and for tests).
    pub fn english(&self) -> String {
        self.render_with(&|s| s.to_owned())
    }

    fn render_with(&self, translate: &dyn Fn(&str) -> String) -> String {
        let mut out = translate(&self.id);
        for (name, value) in &self.args {
            out = out.replace(&format!("{{{name}}}"), &value.render_with(translate));
        }
        out
    }

    /// The argument `name` in English, if the message has it.
    pub fn arg_english(&self, name: &str) -> Option<String> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, a)| a.render_with(&|s| s.to_owned()))
    }
}

impl Arg {
    fn render_with(&self, translate: &dyn Fn(&str) -> String) -> String {
        match self {
            Arg::Text(t) => t.clone(),
            Arg::Term(t) => translate(t),
            Arg::Terms(list) => list
                .iter()
                .map(|t| translate(t))
                .collect::<Vec<_>>()
                .join(", "),
            Arg::Message(m) => m.render_with(translate),
        }
    }
}

impl From<&'static str> for Message {
    fn from(id: &'static str) -> Self {
        msg(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_named_arguments() {
        let m = msg("{aircraft} takes {hits} hits in {zone}")
            .arg("aircraft", "Sandy 1")
            .arg("hits", 2)
            .term("zone", "North");
        assert_eq!(m.english(), "Sandy 1 takes 2 hits in North");
        // With no catalogue loaded gettext returns the id itself.
        assert_eq!(m.render(), "Sandy 1 takes 2 hits in North");
    }

    #[test]
    fn survives_json() {
        let m = msg("Turn {n}").arg("n", 3);
        let back: Message = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!(back, m);
    }
}
