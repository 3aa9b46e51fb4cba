#!/usr/bin/env python3
"""Checks what `msgfmt --check` cannot see in the translations of po/LINGUAS.

- obsolete entries (`#~`) left in a catalogue;
- a placeholder (`{zone}`) of the English text missing from, or added to, a translation;
- a count put into a message that is not plural-aware (`{n} cards`, `card(s)`): such a message
  must go through ngettext (or msg_n), unless a translator comment says "not a count";
- the English table words (Low, Medium, High, Good, Poor, Bad, Green, Experienced, Veteran)
  left inside a translation: the program draws its own boxes and cards, so they are translated
  everywhere (docs/translation-glossary.md);
- typography: straight apostrophes and three dots in a translation; French without a
  no-break space before : ; ! ? and inside « » (U+202F, the narrow one, everywhere); German
  menu items without the space before the ellipsis;
- German that says "du" to the player (the catalogue says "Sie" throughout).
Whether a translated word fits its counter is measured by drawing it: tests/text_fit.rs.

Usage: build-aux/check-catalogues.py [--root DIR] [PO_FILE ...]
Without files it checks every language of po/LINGUAS. Prints one line per fault, naming the
file, the line of the entry and the problem, and exits 1 if there is any. Run by `meson test`
(test "catalogues").
"""

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

# "du", its forms, and the informal imperatives that slipped in before ("Klicke", "Wähle").
GERMAN_DU = re.compile(r"\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines|Klicke|Wähle|Übergib)\b")
TABLE_WORDS = re.compile(
    r"\b(Low|Medium|High|Good|Poor|Bad|Green|Experienced|Veteran|"
    r"LOW|MEDIUM|HIGH|GOOD|POOR|BAD|GREEN|EXPERIENCED|VETERAN)\b"
)
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
# A placeholder followed by a counted noun in the plural, maybe after one word ("{n} cards",
# "{n} Action cards", "{n} enemy units"), or a
# plural written with brackets ("card(s)"). English verbs end in -s too ("{a} plays"), so the
# nouns are listed: add one when a new counted thing appears.
COUNTED_NOUNS = (
    "cards|draws|hits|points|pts|turns|missions|sorties|days|flights|divisions|Skyhawks|"
    "Survivors|roundels|gallons|pages|files|players|sub-systems|boxes|runs|tokens|units|HITS|CARDS|"
    "counters|times|pilots|hexes|batteries|strikes"
)
COUNTED = re.compile(
    r"\{[a-z_][a-z0-9_]*\} (?:[A-Za-z-]+ )?(?:" + COUNTED_NOUNS + r")\b|\w\((?:s|es)\)"
)
# A translator comment that says a number before a noun is no count (an average, a band).
NOT_A_COUNT = re.compile(r"not a count")
# Where a bracketed plural is written in German and French.
BRACKET_PLURAL = re.compile(r"\w\((?:s|e|n|en|er|x)\)")
# Table words that are also words of the language (a German Bad is a bath).
SAME_WORD = {"de": {"Bad", "Veteran", "VETERAN"}}
# The desktop file's search terms: a list kept by semicolons, not a sentence.
KEYWORD_LIST = re.compile(r"^[^ ;]+(?: [^ ;]+)*;\S")
NNBSP = "\u202f"
NBSP = "\u00a0"


@dataclass
class Entry:
    line: int
    obsolete: bool = False
    fuzzy: bool = False
    ctxt: str | None = None
    msgid: str = ""
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)

    def name(self) -> str:
        text = self.msgid if len(self.msgid) <= 50 else self.msgid[:47] + "..."
        return f'"{text}"' + (f' (context "{self.ctxt}")' if self.ctxt else "")


def unquote(text: str, path: Path, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise SystemExit(f"{path}:{number}: expected a quoted string, found {text!r}")
    body = text[1:-1]
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), body)


def parse(path: Path) -> list[Entry]:
    """The entries of a catalogue, obsolete ones included, in file order."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None  # the field continued by a bare string line

    pending_comments: list[str] = []
    pending_references: list[str] = []
    pending_fuzzy = False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.startswith("#~|"):
            continue  # the previous msgid of an obsolete fuzzy entry
        obsolete = raw.startswith("#~")
        line = raw[2:].strip() if obsolete else raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#:"):
                pending_references += line[2:].split()
            elif line.startswith("#,") and "fuzzy" in line:
                pending_fuzzy = True
            elif line.startswith("#.") or line.startswith("# "):
                pending_comments.append(line[2:].strip())
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if target is None:
                raise SystemExit(f"{path}:{number}: a string outside any entry")
            value = unquote(line, path, number)
            name, index = target
            if name == "msgstr":
                current.msgstr[index] += value
            else:
                setattr(current, name, getattr(current, name) + value)
            continue
        if keyword in ("msgctxt", "msgid") and (current is None or current.msgstr):
            current = Entry(number, obsolete)
            entries.append(current)
            current.comments, current.fuzzy = pending_comments, pending_fuzzy
            current.references = pending_references
            pending_comments, pending_fuzzy, pending_references = [], False, []
        if current is None:
            raise SystemExit(f"{path}:{number}: {keyword} before any msgid")
        value = unquote(rest, path, number)
        if keyword == "msgctxt":
            current.ctxt, target = value, ("ctxt", 0)
        elif keyword == "msgid":
            current.msgid, target = value, ("msgid", 0)
        elif keyword == "msgid_plural":
            current.plural, target = value, ("plural", 0)
        elif keyword.startswith("msgstr"):
            current.msgstr.append(value)
            target = ("msgstr", len(current.msgstr) - 1)
        else:
            raise SystemExit(f"{path}:{number}: unknown keyword {keyword!r}")
    return entries


def check(path: Path) -> list[str]:
    faults: list[str] = []
    entries = parse(path)
    header = next((e.msgstr[0] for e in entries if not e.msgid and e.msgstr), "")
    found = re.search(r"^Language: *([A-Za-z]+)", header, re.MULTILINE)
    if not found:
        return [f"{path}: the header names no Language"]
    lang = found.group(1)

    def fault(e: Entry, problem: str) -> None:
        faults.append(f"{path}:{e.line}: {e.name()}: {problem}")

    for e in entries:
        if e.obsolete:
            fault(e, "obsolete entry: delete it (msgattrib --no-obsolete)")
            continue
        if not e.msgid or e.fuzzy or not any(e.msgstr):
            continue  # the header; fuzzy and untranslated ones are msgfmt's to report
        english = e.msgid + ("\n" + e.plural if e.plural else "")
        wanted = set(PLACEHOLDER.findall(english))
        for text in e.msgstr:
            found = set(PLACEHOLDER.findall(text))
            if found != wanted:
                fault(e, f"placeholders {sorted(found)} where the English has {sorted(wanted)}")
        if e.plural is None and COUNTED.search(e.msgid) and not NOT_A_COUNT.search(" ".join(e.comments)):
            fault(e, "a count in a message that is not plural-aware: use ngettext in the source")
        for text in e.msgstr:
            if BRACKET_PLURAL.search(text):
                fault(e, "a plural in brackets: use ngettext in the source")
            for word in sorted(set(TABLE_WORDS.findall(text)) - SAME_WORD.get(lang, set())):
                fault(e, f"English table word {word!r} left in the translation")
            if "'" in text:
                fault(e, "straight apostrophe ' in the translation: write ’")
            if "..." in text:
                fault(e, "three dots in the translation: write …")
            if lang == "fr" and not KEYWORD_LIST.search(e.msgid):
                faults.extend(french_spaces(path, e, text))
            if lang == "de" and (du := GERMAN_DU.search(PLACEHOLDER.sub("", text))):
                fault(e, f"German {du.group(0)!r}: the player is addressed as \"Sie\"")
            if lang == "de" and e.msgid.endswith("…") and not text.endswith(" …"):
                fault(e, "German writes a space before the closing ellipsis")
    return faults


def french_spaces(path: Path, e: Entry, text: str) -> list[str]:
    """A narrow no-break space before ; ! ? : and inside « », and no other space there."""
    faults = []
    plain = text
    # Placeholders and times or ratios ("1:2", "12:30") are not punctuation.
    plain = PLACEHOLDER.sub("X", plain)
    plain = re.sub(r"\d:\d", "0", plain)
    plain = re.sub(r"[a-z]+://\S+", "", plain)
    for m in re.finditer(r"(.)([:;!?])", plain):
        before, mark = m.group(1), m.group(2)
        if before != NNBSP and not (mark == "?" and before in "!?") and not (
            mark == "!" and before in "!?"
        ):
            what = "a plain space" if before == " " else (
                "a wide no-break space" if before == NBSP else "no space")
            faults.append(f"{path}:{e.line}: {e.name()}: {what} before {mark!r}: "
                          "French writes U+202F there")
    for m in re.finditer(r"«(.)|(.)»", plain):
        inside = m.group(1) or m.group(2)
        if inside != NNBSP:
            faults.append(f"{path}:{e.line}: {e.name()}: « » without U+202F inside")
    if m := re.match(r"[:;!?]", plain):
        faults.append(f"{path}:{e.line}: {e.name()}: {m.group(0)!r} opens the text")
    return faults


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    files = args.files
    if not files:
        linguas = (args.root / "po" / "LINGUAS").read_text(encoding="utf-8").split()
        files = [args.root / "po" / f"{lang}.po" for lang in linguas if not lang.startswith("#")]
    faults = []
    for path in files:
        if not path.is_file():
            faults.append(f"{path}: no such catalogue")
            continue
        faults += check(path)
    for f in faults:
        print(f)
    for path in files:
        if path.is_file():
            n = sum(1 for f in faults if f.startswith(f"{path}:"))
            print(f"{path.name}: {n} fault(s)" if n else f"{path.name}: clean", file=sys.stderr)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
