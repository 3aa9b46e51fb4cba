#!/usr/bin/python3
"""Plays whole games of Tonkin through its accessibility tree, the way a screen-reader user
would: the launcher's game and scenario are found by name, every decision is read from the
prompt bar and taken by pressing one of the buttons it offers (some by Alt+number on the
keyboard), a form is opened and submitted when the game asks for one. Halfway through, the
player quits with Ctrl+Q, starts Tonkin again, resumes the game from the launcher and the test
checks that the window shows exactly the position it showed before; then the game is played to
its end and the result dialog is read.

Usage: play_games.py TONKIN_BINARY GAME ... where each GAME is
    id|game title|scenario title
(tests/e2e.rs passes every playable game of the game list). Exits 0 when every game passed;
otherwise prints what went wrong and exits 1. Needs a display and a session bus (make test
runs it under xvfb-run and dbus-run-session), and python3-gi with gir1.2-atspi-2.0.

The choices are a fixed pseudo-random pick (seeded), and new games start from TONKIN_SEED, so
a run plays the same games every time.
"""

import collections
import glob
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time

# No __pycache__ in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from atspi_driver import (  # noqa: E402
    KEY_RETURN,
    KEY_TAB,
    App,
    Atspi,
    TestFailure,
    child_env,
    children,
    find,
    find_all,
    has_state,
    key,
    name_of,
    read_again_if_rebuilt,
    press,
    wait_for,
    walk,
    visible,
)

# The seed of every new game (TONKIN_SEED) and of the choice picker.
SEED = 7
# A game that has not ended after this many decisions is stuck: the test fails.
MAX_STEPS = 1500
# Every KEYBOARD_EVERY-th decision is taken with Alt+number instead of a press.
KEYBOARD_EVERY = 3
# The position is saved, the program quit and the game resumed after this many decisions
# (or earlier, when the game ends sooner).
RESUME_AFTER = 12
# The accessible names the tests rely on. Removing one from the window fails the test.
ACTIONS = "Actions"  # the group of buttons, one per legal action
RULES_BUTTON = "Rules Reference"
MAIN_MENU = "Main Menu"
BOARD = "Game board"  # the board; with a place in focus, "Game board: <its actions>"
VERDICTS = ("Victory", "Defeat", "Draw")
# How the prompt bar's headline starts once the game is over.
VERDICT_HEADLINES = tuple(f"{v} — " for v in VERDICTS)
# The button of the hand-over curtain of a game two people share on one screen.
CURTAIN = re.compile(r"I am .+ — show my side")


STARTED = time.monotonic()


def log(line):
    print(f"e2e {time.monotonic() - STARTED:6.1f} s: {line}", flush=True)


def plain(name):
    """A button's name as a person reads it. GTK 4.8 names a button whose label has a mnemonic
    with the raw label and its text ("_Start Start"); the text alone is what is meant."""
    name = name or ""
    m = re.fullmatch(r"(.*) (.*)", name)
    if m and m.group(1).replace("_", "") == m.group(2):
        return m.group(2)
    return name


def button(root, name):
    """The first visible push button under `root` whose plain name is `name`, or None."""
    return next((b for b in find_all(root, "push button") if plain(b.get_name()) == name), None)


def prompt_line(group):
    """The prompt bar's first line (the prompt's text, the form button, the rule link): the
    first child of the nearest ancestor of the group of actions whose first child holds a
    label of its own. The buttons' labels are no such thing: they go with every decision."""
    node = group
    while node is not None:
        node = node.get_parent()
        first = node.get_child_at_index(0) if node.get_child_count() else None
        if first is not None and any(c.get_role_name() == "label" for c in children(first)):
            return first
    raise TestFailure("the prompt bar has no line with the prompt's text above its actions")


class GameWindow:
    """The game's window, read through its accessible tree."""

    def __init__(self, app, title):
        self.app = app
        self.title = title
        self.frame = app.window(title)
        # A game two people share opens behind the hand-over curtain: it is lifted, and looked
        # for again before every decision.
        first = wait_for(
            "the game's actions or the hand-over curtain",
            lambda: find(self.frame, "table", ACTIONS) or self._curtain_button(),
        )
        self.shared = first.get_role_name() != "table"
        if self.shared:
            self.lift_curtain()
        self.find_parts()

    def find_parts(self):
        """The prompt bar's parts and the board are found once (a walk of the whole window is
        slow over the bus) and kept: the window changes their names and children, not the
        parts. A curtain takes the game's page off the bus: they are found again after it."""
        title = self.title
        self.group = wait_for(
            f"a group of actions named '{ACTIONS}' in the {title} window",
            lambda: find(self.frame, "table", ACTIONS),
        )
        self.line = read_again_if_rebuilt(lambda: prompt_line(self.group))
        self.text = read_again_if_rebuilt(
            lambda: next(n for n in children(self.line) if n.get_role_name() == "label")
        )

    def _curtain_button(self):
        return next(
            (b for b in find_all(self.frame, "push button") if CURTAIN.fullmatch(name_of(b))),
            None,
        )

    def lift_curtain(self):
        """Presses the hand-over curtain's button when the curtain is up; says whether it was.

        The button is looked for afresh each time: GTK 4.8 takes the page it is on off the
        bus when the curtain lifts, but a node held from before still says it is visible."""
        if not self.shared:
            return False
        curtain = read_again_if_rebuilt(self._curtain_button)
        if curtain is None:
            return False
        log(f"  hand-over: {name_of(curtain)}")
        press(curtain)
        wait_for("the curtain to lift", lambda: read_again_if_rebuilt(self._curtain_button) is None)
        self.find_parts()
        return True

    def choices(self):
        """The action buttons the prompt bar offers now, in order."""
        def read():
            buttons = []
            for cell in children(self.group):
                buttons += [b for b in children(cell) if b.get_role_name() == "push button"]
            return buttons

        return read_again_if_rebuilt(read)

    def board(self):
        """The board, found afresh (a node held across decisions has been seen to go stale)."""
        return wait_for(
            f"the board named '{BOARD}' in the {self.title} window",
            lambda: next(
                (n for n in walk(self.frame, visible) if name_of(n).startswith(BOARD)), None
            ),
        )

    def places_on_board(self):
        """Whether the prompt's choices are places on the board, clicked there (or reached
        with the arrow keys) rather than offered as buttons: a hint stands among the buttons."""
        return read_again_if_rebuilt(
            lambda: any(
                n.get_role_name() == "label"
                for cell in children(self.group)
                for n in children(cell)
            )
        )

    def prompt(self):
        """The prompt's text."""
        return self.text.get_name()

    def form_button(self):
        """The button that opens the decision as a form ("Ordnance Card…"), when shown."""
        return read_again_if_rebuilt(lambda: next(
            (b for b in children(self.line)
             if b.get_role_name() == "push button" and visible(b)),
            None,
        ))

    def position(self):
        """Everything the window says about the position: every label but the window's title
        (which names the file it was opened from), and every button's name."""

        def keep(node):
            return visible(node) and node.get_name() != "AdwWindowTitle"

        said = []
        for node in walk(self.frame, keep):
            role = node.get_role_name()
            if role in ("label", "push button", "link", "table"):
                said.append(f"{role}: {node.get_name()}")
        return said


def autosaved_actions(home):
    """The number of actions in the newest autosave under `home`, or -1 when there is none."""
    files = glob.glob(os.path.join(home, "data", "tonkin", "autosave", "**", "*.json"),
                      recursive=True)
    if not files:
        return -1
    newest = max(files, key=os.path.getmtime)
    try:
        with open(newest, encoding="utf-8") as f:
            return len(json.load(f)["actions"])
    except (OSError, ValueError, KeyError):
        return None  # being replaced right now: read again


# What the last few decisions took (see take_one).
RECENT = collections.deque(maxlen=8)


# Buttons that go back over a decision ("Start the landing snake again"): taken only when
# nothing else is offered, or a random game can go round in circles for hundreds of decisions.
GOING_BACK = re.compile(r"\bagain\b|^(Cancel|Back)\b", re.IGNORECASE)


def fresh_buttons(buttons):
    """The buttons that do not go back and that none of the last few decisions took."""
    return [
        b for b in buttons
        if not GOING_BACK.search(name_of(b)) and not any(f"'{name_of(b)}'" in r for r in RECENT)
    ]


def saved_since(home, before):
    """The number of actions autosaved, once it is more than `before`; else None."""
    n = autosaved_actions(home)
    return n if n is not None and n > before else None


def focus_with_tab(app, window, row):
    """Moves the keyboard focus to a row (or any part) with Tab, as a keyboard user would."""
    app.point_at(window)
    for _ in range(40):
        if has_state(row, Atspi.StateType.FOCUSED):
            return
        key(KEY_TAB)
        time.sleep(0.05)
    raise TestFailure(f"Tab never reached the row '{row.get_name()}'")


def open_game_row(app, game_title):
    """In the launcher, unfolds the game's row with the keyboard (Tab to it, Return)."""
    launcher = app.window("Tonkin")
    row = wait_for(
        f"the launcher's row '{game_title}'", lambda: find(launcher, "list item", game_title)
    )
    focus_with_tab(app, launcher, row)
    key(KEY_RETURN)
    return launcher


def start_game(app, game_title, scenario):
    launcher = open_game_row(app, game_title)
    row = wait_for(
        f"the scenario row '{scenario}'", lambda: find(launcher, "list item", scenario)
    )
    play = wait_for("its Play button", lambda: button(row, "Play"))
    press(play)
    # A game with optional rules asks which to play with first: the defaults.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        names = app.window_names()
        if game_title in names:
            break
        if "Optional Rules" in names:
            dialog = app.window("Optional Rules")
            press(wait_for("the Start button", lambda: button(dialog, "Start")))
            app.wait_closed(dialog, "the optional rules")
            break
        time.sleep(0.05)
    return GameWindow(app, game_title)


def resume_game(app, game_title):
    """Resumes the game from the launcher's "Games in Progress": the row named
    "<game> — <scenario>", its Resume button."""
    launcher = app.window("Tonkin")
    prefix = f"{game_title} — "

    def in_progress_row():
        rows = [r for r in find_all(launcher, "list item") if name_of(r).startswith(prefix)]
        return rows[0] if len(rows) == 1 else None

    row = wait_for(f"one row '{prefix}…' among the games in progress", in_progress_row)
    press(wait_for("its Resume button", lambda: button(row, "Resume")))
    return GameWindow(app, game_title)


def check_header_buttons(app, window):
    """The header bar's icon buttons are found by their names; the rules reference opens and
    closes."""
    for name in (MAIN_MENU, "Undo", "Redo"):
        wait_for(f"a button named '{name}' in the {window.title} window",
                 lambda: button(window.frame, name))
    rules = wait_for(f"a button named '{RULES_BUTTON}' in the {window.title} window",
                     lambda: button(window.frame, RULES_BUTTON))
    press(rules)
    reference = app.window_starting(RULES_BUTTON)
    press(wait_for("the rules reference's Close button", lambda: button(reference, "Close")))
    app.wait_closed(reference, "the rules reference")


def submit_form(app, window, form):
    """Opens the decision's form and submits it as it comes (the game's proposed values) when
    the rules accept them; else closes it. Returns whether it was submitted."""
    title = plain(form.get_name()).removesuffix("…")
    press(form)
    dialog = app.window(title)
    buttons = find_all(dialog, "push button")
    submit = next(
        (b for b in buttons if " — " in (b.get_name() or "")), None
    )  # its name carries the rules' verdict
    if submit is None:
        raise TestFailure(f"the form '{title}' has no submit button that says its verdict")
    if has_state(submit, Atspi.StateType.SENSITIVE):
        log(f"  form '{title}': {submit.get_name()}")
        press(submit)
        app.wait_closed(dialog, f"the form '{title}'")
        return True
    press(button(dialog, "Cancel"))
    app.wait_closed(dialog, f"the form '{title}'")
    return False


def take_one(app, window, home, step, picker):
    """Takes one decision; returns a line for the log (None when the game turned out to be
    over)."""
    before = autosaved_actions(home)
    form = window.form_button()
    if form is not None and step % 2 == 0 and submit_form(app, window, form):
        how = "form"
    elif window.places_on_board() and not fresh_buttons(window.choices()):
        # Buttons are preferred to places: they mostly end a phase or pass, which keeps the
        # game short (the whole game is played in each run). But a button taken a moment ago
        # ("Start the landing snake again") would go round in circles: then a place.
        how = take_on_board(app, window, home, before, picker)
    else:
        for attempt in range(3):
            # The buttons may be being rebuilt (the decision before was saved first).
            choices = wait_for(f"an action offered at '{window.prompt()}'", window.choices)
            if window.prompt().startswith(VERDICT_HEADLINES):
                return None  # the last decision ended the game: those were its buttons
            fresh = fresh_buttons(choices) or choices
            i = choices.index(picker.choice(fresh))
            name = choices[i].get_name()
            if step % KEYBOARD_EVERY == 0 and i < 9:
                app.point_at(window.frame)
                key(f"alt+{i + 1}")
                how = f"Alt+{i + 1} '{name}'"
            else:
                press(choices[i])
                how = f"press '{name}'"
            # A button read just before the window rebuilt the buttons is gone: pressing it
            # does nothing (seen under a load of 30). Read them again.
            try:
                wait_for(f"the action ({how}) to be taken", lambda: saved_since(home, before), 10)
                break
            except TestFailure:
                log(f"  {how} took nothing (try {attempt + 1})")
        else:
            raise TestFailure(f"no button took an action in three tries, the last {how}")
    RECENT.append(how)
    t_pressed = time.monotonic()
    after = wait_for(
        f"the action ({how}) to be taken and saved", lambda: saved_since(home, before)
    )
    if after != before + 1 and before >= 0:
        raise TestFailure(f"one decision ({how}) recorded {after - before} actions")
    return how + f" [saved after {time.monotonic() - t_pressed:.2f} s]"


def take_on_board(app, window, home, before, picker):
    """Takes a place on the board with the keyboard, as a keyboard or screen-reader user does:
    Tab to the board, the arrow keys to a place (the board's name then says what can be done
    there), Return; when the place offers several actions, a popover lists them as buttons."""
    for attempt in range(3):
        board = window.board()
        focus_with_tab(app, window.frame, board)
        key(*["Right"] * (1 + picker.randrange(12)))
        def place_in_focus(board=board):
            name = name_of(board)  # "" for a moment while it changes, under load
            return name if name.startswith(BOARD + ": ") else None

        try:
            said = wait_for("the board to name the place in focus", place_in_focus, 10)
        except TestFailure:
            log(f"  the board in focus names no place (try {attempt + 1})")
            place = None
            continue
        # The last arrow key may still be on its way: the name must hold still.
        while True:
            time.sleep(0.3)
            again = place_in_focus()
            if again is None or again == said:
                break
            said = again
        key(KEY_RETURN)
        place = said.removeprefix(BOARD + ": ")
        if " / " in place:
            break
        # Return on a place with one action takes it. Seen once under load: it did not; a
        # keyboard user would try again.
        try:
            wait_for(f"the place '{place}' to be taken", lambda: saved_since(home, before), 8)
            return f"board '{place}'"
        except TestFailure:
            log(f"  Return on '{place}' took nothing (try {attempt + 1})")
    else:
        raise TestFailure(f"the board took nothing in three tries, the last at '{place}'")
    # Several actions at that place: a popover on the board offers them as buttons.
    options = wait_for(
        f"the popover of the actions at '{place}'",
        lambda: [
            b for b in find_all(window.frame, "push button") if name_of(b) in place.split(" / ")
        ],
    )
    choice = picker.choice(options)
    name = name_of(choice)
    press(choice)
    return f"board '{place}' → '{name}'"


def game_over_dialog(app, title):
    for w in app.windows():
        if any(name_of(w) == f"{title} — {v}" for v in VERDICTS):
            return w
    return None


def play(binary, game_id, title, scenario):
    home = tempfile.mkdtemp(prefix=f"tonkin-e2e-{game_id}-")
    env = child_env(home, SEED)
    picker = random.Random(SEED)
    started = time.monotonic()
    app = App(binary, env)
    try:
        window = start_game(app, title, scenario)
        log(f"{title} / {scenario}: window open")
        check_header_buttons(app, window)
        log("  header buttons found by name; the rules reference opened and closed")
        step = 0
        resumed = False
        while True:
            if window.lift_curtain():
                continue
            # A prompt's new buttons reach the bus once the window has laid them out: no
            # buttons may mean "not yet" as well as "the game is over" (then a dialog says so,
            # and the prompt bar gives the verdict first: the buttons read a moment before
            # may be the last decision's).
            def over():
                return game_over_dialog(app, title) or window.prompt().startswith(
                    VERDICT_HEADLINES
                )

            if wait_for(
                f"buttons or the result dialog (the prompt says '{window.prompt()}')",
                lambda: over() or window.choices() or window.places_on_board(),
            ) and over():
                wait_for("the result dialog", lambda: game_over_dialog(app, title))
                break
            if step >= MAX_STEPS:
                raise TestFailure(f"no result after {MAX_STEPS} decisions")
            if not resumed and step == RESUME_AFTER:
                window, app = quit_and_resume(app, window, binary, env, title)
                resumed = True
            t0 = time.monotonic()
            prompt = window.prompt()
            how = take_one(app, window, home, step, picker)
            if how is None:
                continue
            step += 1
            log(f"  {step:3}. {prompt} → {how} ({time.monotonic() - t0:.2f} s)")
        if not resumed:
            raise TestFailure(f"the game ended after {step} decisions, before the resume check")
        dialog = game_over_dialog(app, title)
        verdict = dialog.get_name().rsplit(" — ", 1)[1]
        body = [n.get_name() for n in find_all(dialog, "label")]
        log(f"  result: {verdict}: {' / '.join(body[1:2])}")
        press(wait_for("the result's Close button", lambda: button(dialog, "Close")))
        app.wait_closed(dialog, "the result")
        headline = wait_for(
            "the prompt bar to show the result", lambda: verdict in window.prompt() and
            window.prompt()
        )
        if window.choices():
            raise TestFailure(f"a finished game still offers actions: {headline}")
        app.point_at(window.frame)
        app.quit_with_keyboard()
        log(f"{title}: {verdict} after {step} decisions in {time.monotonic() - started:.1f} s")
        shutil.rmtree(home, ignore_errors=True)
    except TestFailure:
        log(f"  tonkin's messages and saves are kept in {home}")
        raise
    finally:
        app.kill()


def settled(read):
    """What `read` returns once two readings a moment apart agree (the window has laid out
    what it built)."""
    last = read()
    while True:
        time.sleep(0.3)
        now = read()
        if now == last:
            return now
        last = now


def quit_and_resume(app, window, binary, env, title):
    """Quits with Ctrl+Q, starts Tonkin again, resumes from the launcher and checks that the
    window shows what it showed before."""
    before = settled(window.position)
    log(f"  read the position: {len(before)} lines")
    app.point_at(window.frame)
    app.quit_with_keyboard()
    app = App(binary, env)
    log("  quit with Ctrl+Q")
    window = resume_game(app, title)
    log("  relaunched and resumed")
    t_pressed = time.monotonic()
    after = settled(window.position)
    if after != before:
        lost = [line for line in before if line not in after]
        new = [line for line in after if line not in before]
        raise TestFailure(
            "the resumed game shows another position:\n  before only: "
            + "\n  ".join(lost[:10]) + "\n  after only: " + "\n  ".join(new[:10])
        )
    log(f"  quit, relaunched, resumed: the window shows the same {len(after)} lines")
    return window, app


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    binary = argv[1]
    failed = []
    for spec in argv[2:]:
        game_id, title, scenario = spec.split("|")
        try:
            play(binary, game_id, title, scenario)
        except TestFailure as e:
            log(f"{title}: FAILED: {e}")
            failed.append(title)
    if failed:
        log(f"failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
