//! Translatable messages.
//!
//! Rules code never builds finished sentences: it builds a [`Message`] whose id is the English
//! template (`"{aircraft} is shot down in {zone}"`) and whose arguments fill the braces. The id
//! goes through gettext when the message is shown, so saves and logs stay language-neutral and
//! the player sees their own language. Templates are written with [`msg`] so that `xgettext
//! --keyword=msg` finds them; arguments that are themselves words of the game (zone names,
//! card titles) are [`Arg::Term`] and are translated too.

use std::borrow::Cow;
use std::fmt::{self, Display, Write};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arg {
    /// Shown as written (numbers, proper names).
    Text(Text),
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
    #[serde(default, skip_serializing_if = "SmallVec::is_empty", with = "as_list")]
    pub args: Args,
    /// For a message whose words follow a count ([`msg_n`]): its plural template and the
    /// count that picks the form. Boxed: few messages have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plural: Option<Box<Plural>>,
}

/// The plural side of a counted message: `id` is the English singular, `many` the plural;
/// the language's catalogue picks its own form for `count` (ngettext).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plural {
    pub many: Cow<'static, str>,
    pub count: u32,
}

/// The arguments of a message by name. Most messages have one to four (a Skyhawk roll line:
/// table, column, row, result), kept in place (more go to the heap): a logged game writes and
/// copies thousands of messages. That makes a message 264 bytes (with the box of a counted
/// message's plural), which `clippy.toml` allows as an error value.
pub type Args = SmallVec<[(Cow<'static, str>, Arg); 4]>;

/// Arguments are saved as a plain list.
mod as_list {
    use super::*;

    pub fn serialize<S: Serializer>(args: &Args, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(args)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Args, D::Error> {
        Vec::deserialize(deserializer).map(SmallVec::from_vec)
    }
}

/// Marks a word of the game for the catalogue where it is stored (a table of names, a
/// constant) without translating it there: it is translated where it is shown, as a
/// [`Message::term`]. The name is an xgettext keyword.
pub const fn n_(word: &'static str) -> &'static str {
    word
}

/// Starts a message from its English template. The name is the xgettext keyword.
#[inline]
pub fn msg(id: &'static str) -> Message {
    Message {
        id: Cow::Borrowed(id),
        args: SmallVec::new(),
        plural: None,
    }
}

/// Starts a message that inserts a count, from its English singular and plural templates
/// (`msg_n("{n} card", "{n} cards", n).arg("n", n)`): each language shows the form its
/// grammar wants for `count` ("1 Karte", "0 carte", "2 cards"). The name is the xgettext
/// keyword (as ngettext). The count is only the form's chooser: add it as an argument too.
#[inline]
pub fn msg_n(one: &'static str, many: &'static str, count: impl TryInto<u32>) -> Message {
    Message {
        plural: Some(Box::new(Plural {
            many: Cow::Borrowed(many),
            count: count.try_into().unwrap_or(u32::MAX),
        })),
        ..msg(one)
    }
}

impl Message {
    /// A message without arguments from a template that is not a literal of the code (read
    /// back from a save, or kept as a name).
    pub fn template(id: Cow<'static, str>) -> Self {
        Message {
            id,
            args: SmallVec::new(),
            plural: None,
        }
    }

    /// Adds an argument shown as written.
    #[inline]
    pub fn arg(mut self, name: &'static str, value: impl Display) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Text(Text::display(value))));
        self
    }

    /// Adds an argument shown as written that lasts as long as the program (a label made
    /// once from the content): kept by reference, neither copied nor formatted.
    #[inline]
    pub fn static_arg(mut self, name: &'static str, value: &'static str) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Text(Text(Repr::Static(value)))));
        self
    }

    /// Adds an argument that is itself a word of the game and gets translated.
    #[inline]
    pub fn term(mut self, name: &'static str, value: impl Into<Cow<'static, str>>) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Term(value.into())));
        self
    }

    /// Adds a list of words of the game, each translated.
    #[inline]
    pub fn terms(mut self, name: &'static str, values: &[impl AsRef<str>]) -> Self {
        let values = values.iter().map(|v| v.as_ref().to_owned()).collect();
        self.args.push((Cow::Borrowed(name), Arg::Terms(values)));
        self
    }

    /// Adds a message of its own (a reason, a nested sentence).
    #[inline]
    pub fn message(mut self, name: &'static str, value: Message) -> Self {
        self.args
            .push((Cow::Borrowed(name), Arg::Message(Box::new(value))));
        self
    }

    /// The message in the user's language.
    pub fn render(&self) -> String {
        // gettext("") would answer with the catalogue's header.
        let translate = |s: &str| {
            if s.is_empty() {
                String::new()
            } else {
                gettextrs::gettext(s)
            }
        };
        let template = match &self.plural {
            Some(p) => gettextrs::ngettext(&*self.id, &*p.many, p.count),
            None => translate(&self.id),
        };
        self.fill(template, &translate)
    }

    /// The message in English (for logs on the command line and for tests).
    pub fn english(&self) -> String {
        self.render_with(&|s| s.to_owned())
    }

    /// The message with every template and term passed through `translate` (a fake
    /// catalogue in tests; a counted message passes its English form for the count).
    pub fn render_with(&self, translate: &dyn Fn(&str) -> String) -> String {
        let english = match &self.plural {
            Some(p) if p.count != 1 => &p.many,
            _ => &self.id,
        };
        self.fill(translate(english), translate)
    }

    /// `template` with the arguments filled in.
    fn fill(&self, template: String, translate: &dyn Fn(&str) -> String) -> String {
        let mut out = template;
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
            Arg::Text(t) => t.as_str().to_owned(),
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

/// The text of an [`Arg::Text`]. Arguments are mostly numbers and short names, and a simulated
/// game logs thousands of them: up to [`Text::INLINE`] bytes are kept in place, so that writing
/// them allocates nothing; longer texts go to the heap. Saved as a plain string.
#[derive(Clone)]
pub struct Text(Repr);

#[derive(Clone)]
enum Repr {
    Inline(Inline),
    Heap(Box<str>),
    Static(&'static str),
}

#[derive(Clone, Default)]
struct Inline {
    len: u8,
    bytes: [u8; Text::INLINE],
}

impl Write for Inline {
    /// Refuses what does not fit (the caller then writes to the heap).
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let start = usize::from(self.len);
        let end = start + s.len();
        if end > Text::INLINE {
            return Err(fmt::Error);
        }
        self.bytes[start..end].copy_from_slice(s.as_bytes());
        self.len = end as u8;
        Ok(())
    }
}

impl Text {
    /// The longest text kept in place (the enum then takes as much room as a `String`).
    pub const INLINE: usize = 22;

    /// The value as `Display` writes it.
    pub fn display(value: impl Display) -> Self {
        let mut inline = Inline::default();
        match write!(inline, "{value}") {
            Ok(()) => Text(Repr::Inline(inline)),
            Err(_) => Text(Repr::Heap(value.to_string().into_boxed_str())),
        }
    }

    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Only whole `str`s are ever copied in, so the bytes are always UTF-8.
            Repr::Inline(i) => std::str::from_utf8(&i.bytes[..usize::from(i.len)]).unwrap_or(""),
            Repr::Heap(s) => s,
            Repr::Static(s) => s,
        }
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        Ok(Text::display(s))
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
    fn counted_messages_take_the_form_of_their_count() {
        let cards = |n: u32| msg_n("{n} card", "{n} cards", n).arg("n", n);
        assert_eq!(cards(1).english(), "1 card");
        assert_eq!(cards(0).english(), "0 cards");
        assert_eq!(cards(2).render(), "2 cards");
        // A fake catalogue sees the English form for the count.
        let de = |s: &str| s.replace("cards", "Karten").replace("card", "Karte");
        assert_eq!(cards(1).render_with(&de), "1 Karte");
        assert_eq!(cards(3).render_with(&de), "3 Karten");
        // Saved with its plural; a save without one reads as a plain message.
        let json = serde_json::to_string(&cards(2)).unwrap();
        assert!(
            json.contains(r#""plural":{"many":"{n} cards","count":2}"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Message>(&json).unwrap(), cards(2));
        assert!(!serde_json::to_string(&msg("x")).unwrap().contains("plural"));
    }

    #[test]
    fn survives_json() {
        let long = "a name longer than the inline room of a text";
        let m = msg("Turn {n} of {name}").arg("n", 3).arg("name", long);
        let json = serde_json::to_string(&m).unwrap();
        // The saved form: arguments a plain list, texts plain strings, inline or not.
        assert_eq!(
            json,
            format!(
                r#"{{"id":"Turn {{n}} of {{name}}","args":[["n",{{"Text":"3"}}],["name",{{"Text":"{long}"}}]]}}"#
            )
        );
        let back: Message = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        assert_eq!(back.english(), format!("Turn 3 of {long}"));
        let bare: Message = serde_json::from_str(r#"{"id":"End"}"#).unwrap();
        assert_eq!(bare, msg("End"));
        assert_eq!(serde_json::to_string(&bare).unwrap(), r#"{"id":"End"}"#);
    }

    #[test]
    fn texts_inline_and_on_the_heap_read_the_same() {
        let fits = "x".repeat(Text::INLINE);
        let over = "x".repeat(Text::INLINE + 1);
        assert!(matches!(Text::display(&fits).0, Repr::Inline(_)));
        assert!(matches!(Text::display(&over).0, Repr::Heap(_)));
        assert_eq!(Text::display(&fits).as_str(), fits);
        assert_eq!(Text::display(&over).as_str(), over);
        assert_eq!(Text::display(-1234).as_str(), "-1234");
        // Multi-byte characters that do not fit are never cut in half.
        let wide = "é".repeat(Text::INLINE / 2 + 1);
        assert_eq!(Text::display(&wide).as_str(), wide);
        assert_eq!(Text::display("é"), Text::display(String::from("é")));
        let by_reference = msg("{a}").static_arg("a", "12 [aaa_low] row 8");
        assert_eq!(by_reference, msg("{a}").arg("a", "12 [aaa_low] row 8"));
        assert_eq!(by_reference.english(), "12 [aaa_low] row 8");
        // Within what clippy.toml allows for an error value.
        assert!(std::mem::size_of::<Message>() <= 264);
    }
}
