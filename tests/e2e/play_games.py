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
    x_command,
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


def path_from(root, node):
    """The child indices that lead from `root` down to `node`."""
    path = []
    while node is not None and node_path(node) != node_path(root):
        path.append(node.get_index_in_parent())
        node = node.get_parent()
    return list(reversed(path)) if node is not None else []


def follow(root, path):
    """The node the child indices `path` lead to from `root`, or None (no path, or a child
    missing)."""
    if not path:
        return None
    node = root
    for i in path:
        if node is None or i < 0 or i >= node.get_child_count():
            return None
        node = node.get_child_at_index(i)
    return node


# One reading of the prompt bar: the prompt's text, the action buttons (nodes and names, in
# order), whether the choices are places on the board (a hint stands among the buttons), and
# the button that opens the decision as a form ("Ordnance Card…"), or None.
Offer = collections.namedtuple("Offer", "prompt buttons names on_board form")


class GameWindow:
    """The game's window, read through its accessible tree.

    Every question to the tree is a round trip over the bus to a debug build, so the parts
    read at each decision (the prompt bar, the board, the hand-over curtain) are found once by
    a walk of the window and then read directly."""

    def __init__(self, app, title):
        self.app = app
        self.title = title
        self.frame = app.window(title)
        self.pointer = None
        self.board_node = None
        # Whether the computer plays a side (set by start_game; a resumed game keeps it).
        self.computer = False
        # A game two people share opens behind the hand-over curtain: it is lifted, and looked
        # for again before every decision.
        first = wait_for(
            "the game's actions or the hand-over curtain",
            lambda: find(self.frame, "table", ACTIONS) or self._curtain_in(self.frame),
        )
        self.shared = first.get_role_name() != "table"
        self.stack = self._stack_of(first) if self.shared else None
        if self.shared:
            self.lift_curtain()
        self.find_parts()

    @staticmethod
    def _stack_of(curtain):
        """The stack that shows either the curtain's page or the game's: the parent of the
        page (named GtkStackPage) that holds the curtain's button."""
        node = curtain
        while node is not None and name_of(node) != "GtkStackPage":
            node = node.get_parent()
        if node is None:
            raise TestFailure("the hand-over curtain is on no page of a stack")
        return node.get_parent()

    def find_parts(self):
        """The prompt bar's parts are found once (a walk of the whole window is slow over the
        bus) and kept: the window changes their names and children, not the parts. A curtain
        takes the game's page off the bus: they are found again after it."""
        title = self.title

        def group():
            # Where it was before the curtain came down (a few questions), else a walk.
            node = follow(self.frame, getattr(self, "group_path", []))
            if node is not None and node.get_role_name() == "table" and name_of(node) == ACTIONS:
                return node
            return find(self.frame, "table", ACTIONS)

        self.group = wait_for(
            f"a group of actions named '{ACTIONS}' in the {title} window",
            lambda: read_again_if_rebuilt(group),
        )
        self.group_path = path_from(self.frame, self.group)
        self.line = read_again_if_rebuilt(lambda: prompt_line(self.group))
        self.text = read_again_if_rebuilt(
            lambda: next(n for n in children(self.line) if n.get_role_name() == "label")
        )
        self.board_node = None

    @staticmethod
    def _curtain_in(root):
        return next(
            (b for b in find_all(root, "push button") if CURTAIN.fullmatch(name_of(b))),
            None,
        )

    def _curtain_button(self):
        """The curtain's button when the curtain is up. The stack shows one page: the game's
        (a header bar and the game, which has no name) or the curtain's (a header bar and a
        status page named by its title, holding the button), so a few questions tell which.
        GTK 4.8 takes the page not shown off the bus, but a node held from before still says
        it is visible: the page is read afresh each time."""
        for page in children(self.stack):
            if not visible(page):
                continue
            for part in children(page.get_child_at_index(0))[1:]:
                if name_of(part):
                    return self._curtain_in(part)
        return None

    def lift_curtain(self):
        """Presses the hand-over curtain's button when the curtain is up; says whether it was."""
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

    def offer(self):
        """What the prompt bar offers now, read in one go (see Offer)."""

        def read():
            prompt = self.text.get_name() or ""
            buttons, on_board = [], False
            for cell in children(self.group):
                for node in children(cell):
                    role = node.get_role_name()
                    if role == "push button":
                        buttons.append(node)
                    elif role == "label":
                        on_board = True
            names = [node.get_name() or "" for node in buttons]
            form = next(
                (b for b in children(self.line)
                 if b.get_role_name() == "push button" and visible(b)),
                None,
            )
            return Offer(prompt, buttons, names, on_board, form)

        return read_again_if_rebuilt(read)

    def choices(self):
        """The action buttons the prompt bar offers now, in order."""
        return self.offer().buttons

    def prompt(self):
        """The prompt's text."""
        return self.text.get_name() or ""

    def board(self):
        """The board: found by a walk once, then kept while it still answers to its name."""
        node = self.board_node
        if node is not None and name_of(node).startswith(BOARD) and visible(node):
            return node
        self.board_node = wait_for(
            f"the board named '{BOARD}' in the {self.title} window",
            lambda: next(
                (n for n in walk(self.frame, visible) if name_of(n).startswith(BOARD)), None
            ),
        )
        return self.board_node

    def keys(self, *names):
        """Types keys into the window, the pointer put inside it first (with no window manager
        under the virtual display, the keyboard goes to the window under the pointer), in
        one call of xdotool."""
        if self.pointer is None:
            box = self.frame.get_extents(Atspi.CoordType.WINDOW)
            self.pointer = (str(box.width // 2), str(min(box.height // 2, 40)))
        x_command("mousemove", *self.pointer, "key", "--clearmodifiers", *names)

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


class Autosave:
    """The game's autosave under a home: the number of actions in it, read again only when the
    file changed (polled between decisions, so kept cheap)."""

    def __init__(self, home):
        self.folder = os.path.join(home, "data", "tonkin", "autosave")
        self.stamp = None
        self.count = -1

    def actions(self):
        """The number of actions in the newest autosave, -1 when there is none, None while it
        is being replaced."""
        files = glob.glob(os.path.join(self.folder, "**", "*.json"), recursive=True)
        if not files:
            return -1
        newest = max(files, key=os.path.getmtime)
        try:
            info = os.stat(newest)
        except OSError:
            return None
        stamp = (newest, info.st_ino, info.st_mtime_ns, info.st_size)
        if stamp == self.stamp:
            return self.count
        try:
            with open(newest, encoding="utf-8") as f:
                count = len(json.load(f)["actions"])
        except (OSError, ValueError, KeyError):
            return None  # being replaced right now: read again
        self.stamp, self.count = stamp, count
        return count

    def since(self, before):
        """The number of actions autosaved, once it is more than `before`; else None."""
        n = self.actions()
        return n if n is not None and n > before else None


# What the last few decisions took (see take_one).
RECENT = collections.deque(maxlen=8)


# Buttons that go back over a decision ("Start the landing snake again"): taken only when
# nothing else is offered, or a random game can go round in circles for hundreds of decisions.
GOING_BACK = re.compile(r"\bagain\b|^(Cancel|Back)\b", re.IGNORECASE)


# Buttons that end a phase, an activation or a flight, or pass: preferred (three times in
# four), so that each run plays a whole game through in a few minutes rather than the
# longest game the rules allow; the other picks are any fresh button, so that the rest of
# the window is still used.
ENDING = re.compile(r"^(End|No more|No |Leave|Pass|Done|Finish|Skip)\b", re.IGNORECASE)
PREFER_ENDING = 0.75


def pick(picker, names):
    """The index of the button to take: an ending one mostly, else any fresh one."""
    fresh = fresh_choices(names) or list(range(len(names)))
    ending = [i for i in fresh if ENDING.search(names[i])]
    if ending and picker.random() < PREFER_ENDING:
        return picker.choice(ending)
    return picker.choice(fresh)


def fresh_choices(names):
    """The indices of the buttons (by name) that do not go back and that none of the last few
    decisions took."""
    return [
        i for i, name in enumerate(names)
        if not GOING_BACK.search(name) and not any(f"'{name}'" in r for r in RECENT)
    ]


def focus_with_tab(window, row):
    """Moves the keyboard focus to a row (or any part) of a window with Tab, as a keyboard
    user would. `window` is a GameWindow or anything with `keys`."""
    def focused():
        return has_state(row, Atspi.StateType.FOCUSED)

    for _ in range(40):
        if focused():
            return
        window.keys(KEY_TAB)
        # The Tab's way through the X server and GTK: a next Tab sent too early would pass
        # over the row.
        try:
            wait_for("the focus", focused, timeout=0.1, interval=0.02)
            return
        except TestFailure:
            pass
    raise TestFailure(f"Tab never reached '{row.get_name()}'")


class Launcher:
    """The launcher window, typed into like a game window."""

    def __init__(self, app):
        self.frame = app.window("Tonkin")
        self.pointer = None

    keys = GameWindow.keys


def open_game_row(app, game_title):
    """In the launcher, unfolds the game's row with the keyboard (Tab to it, Return)."""
    launcher = Launcher(app)
    row = wait_for(
        f"the launcher's row '{game_title}'", lambda: find(launcher.frame, "list item", game_title)
    )
    focus_with_tab(launcher, row)
    launcher.keys(KEY_RETURN)
    return launcher.frame


def start_game(app, game_title, scenario):
    launcher = open_game_row(app, game_title)
    row = wait_for(
        f"the scenario row '{scenario}'", lambda: find(launcher, "list item", scenario)
    )
    play = wait_for("its Play button", lambda: button(row, "Play"))
    press(play)
    # A game with optional rules asks which to play with first, and a game the computer can
    # play also who plays each side ("New Game"): the defaults (for Search & Destroy, a person
    # plays the US against the computer).
    computer = False
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        names = app.window_names()
        if game_title in names:
            break
        dialog_title = next((t for t in ("Optional Rules", "New Game") if t in names), None)
        if dialog_title:
            computer = dialog_title == "New Game"
            dialog = app.window(dialog_title)
            press(wait_for("the Start button", lambda: button(dialog, "Start")))
            app.wait_closed(dialog, f"the dialog '{dialog_title}'")
            break
        time.sleep(0.05)
    window = GameWindow(app, game_title)
    window.computer = computer
    return window


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
    """The header bar's icon buttons are found by their names (in one walk of the window); the
    rules reference opens and closes."""
    wanted = (MAIN_MENU, "Undo", "Redo", RULES_BUTTON)

    def all_named():
        found = {plain(name_of(b)): b for b in find_all(window.frame, "push button")}
        missing = [n for n in wanted if n not in found]
        return found if not missing else None

    try:
        found = wait_for("the header bar's buttons", all_named, timeout=10)
    except TestFailure:
        names = {plain(name_of(b)) for b in find_all(window.frame, "push button")}
        missing = [n for n in wanted if n not in names]
        raise TestFailure(
            f"no button named '{missing[0]}' in the {window.title} window "
            f"(buttons: {', '.join(sorted(names))})"
        ) from None
    press(found[RULES_BUTTON])
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


def take_one(app, window, saves, step, picker, offer):
    """Takes one decision of `offer`; returns a line for the log."""
    before = saves.actions()
    if offer.form is not None and step % 2 == 0 and submit_form(app, window, offer.form):
        how = "form"
    elif offer.on_board and not fresh_choices(offer.names):
        # Buttons are preferred to places: they mostly end a phase or pass, which keeps the
        # game short (the whole game is played in each run). But a button taken a moment ago
        # ("Start the landing snake again") would go round in circles: then a place.
        how = take_on_board(window, saves, before, picker)
    else:
        for attempt in range(3):
            if attempt:
                # The buttons may be being rebuilt (the decision before was saved first).
                offer = wait_for(f"an action offered at '{offer.prompt}'",
                                 lambda: (o := window.offer()).buttons and o)
            names = offer.names
            i = pick(picker, names)
            if step % KEYBOARD_EVERY == 0 and i < 9:
                window.keys(f"alt+{i + 1}")
                how = f"Alt+{i + 1} '{names[i]}'"
            else:
                press(offer.buttons[i])
                how = f"press '{names[i]}'"
            # A button read just before the window rebuilt the buttons is gone: pressing it
            # does nothing (seen under a load of 30). Read them again.
            try:
                wait_for(f"the action ({how}) to be taken", lambda: saves.since(before), 5)
                break
            except TestFailure:
                log(f"  {how} took nothing (try {attempt + 1})")
                if window.lift_curtain():
                    return None
        else:
            raise TestFailure(f"no button took an action in three tries, the last {how}")
    RECENT.append(how)
    after = wait_for(f"the action ({how}) to be taken and saved", lambda: saves.since(before))
    # Against the computer, its own decisions may follow at once.
    if before >= 0 and (after < before + 1 if window.computer else after != before + 1):
        raise TestFailure(f"one decision ({how}) recorded {after - before} actions")
    return how


def take_on_board(window, saves, before, picker):
    """Takes a place on the board with the keyboard, as a keyboard or screen-reader user does:
    Tab to the board, the arrow keys to a place (the board's name then says what can be done
    there), Return; when the place offers several actions, a popover lists them as buttons."""
    place = None
    for attempt in range(3):
        board = window.board()
        if not has_state(board, Atspi.StateType.FOCUSED):
            focus_with_tab(window, board)
        window.keys(*["Right"] * (1 + picker.randrange(12)))

        def place_in_focus(board=board):
            name = name_of(board)  # "" for a moment while it changes, under load
            return name if name.startswith(BOARD + ": ") else None

        try:
            said = wait_for("the board to name the place in focus", place_in_focus, 10)
        except TestFailure:
            log(f"  the board in focus names no place (try {attempt + 1})")
            continue
        # The last arrow key may still be on its way: the name must hold still.
        while True:
            time.sleep(0.1)
            again = place_in_focus()
            if again is None or again == said:
                break
            said = again
        window.keys(KEY_RETURN)
        place = said.removeprefix(BOARD + ": ")
        if " / " in place:
            break
        # Return on a place with one action takes it. Seen once under load: it did not; a
        # keyboard user would try again.
        try:
            wait_for(f"the place '{place}' to be taken", lambda: saves.since(before), 8)
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


def node_path(node):
    """Which object of the program a node is (its object path on the bus)."""
    return node.path


# What fresh_offer says when the hand-over curtain is up.
CURTAIN_UP = "the hand-over curtain is up"


def fresh_offer(window, pressed):
    """What the prompt bar offers for the next decision: the game's verdict, buttons or places
    on the board. The decision before was saved before the window rebuilt its buttons, so the
    buttons of that decision (`pressed`) may still be read for a moment: they are read again,
    for up to a second, after which the same buttons are taken to be offered again."""
    patience = time.monotonic() + 1.0

    def ready():
        # The curtain may come down a moment after the decision that hands the screen over
        # was saved; behind it, nodes held from before still read as the last decision's.
        if window.shared and read_again_if_rebuilt(window._curtain_button) is not None:
            return CURTAIN_UP
        offer = window.offer()
        if offer.prompt.startswith(VERDICT_HEADLINES):
            return offer
        if not (offer.buttons or offer.on_board):
            return None  # not laid out yet
        same = pressed and {node_path(b) for b in offer.buttons} == pressed
        return None if same and time.monotonic() < patience else offer

    return wait_for(f"buttons or the verdict (the prompt says '{window.prompt()}')", ready)


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
        saves = Autosave(home)
        step = 0
        resumed = False
        pressed = set()  # the buttons of the decision just taken (see fresh_offer)
        while True:
            if window.lift_curtain():
                continue
            offer = fresh_offer(window, pressed)
            if offer is CURTAIN_UP:
                continue
            if offer.prompt.startswith(VERDICT_HEADLINES):
                # The prompt bar gives the verdict: a dialog says it too.
                wait_for("the result dialog", lambda: game_over_dialog(app, title))
                break
            if step >= MAX_STEPS:
                raise TestFailure(f"no result after {MAX_STEPS} decisions")
            if not resumed and step == RESUME_AFTER:
                window, app = quit_and_resume(app, window, binary, env, title)
                resumed = True
                pressed = set()
                continue
            t0 = time.monotonic()
            pressed = {node_path(b) for b in offer.buttons}
            how = take_one(app, window, saves, step, picker, offer)
            if how is None:
                continue  # the curtain came down first
            step += 1
            log(f"  {step:3}. {offer.prompt} → {how} ({time.monotonic() - t0:.2f} s)")
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
        app.quit_with_keyboard(window)
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
    app.quit_with_keyboard(window)
    app = App(binary, env)
    log("  quit with Ctrl+Q")
    computer = window.computer
    window = resume_game(app, title)
    window.computer = computer
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
