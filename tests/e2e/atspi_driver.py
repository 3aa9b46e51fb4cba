"""Drives a running Tonkin through its accessibility tree (AT-SPI), as a screen reader does.

Widgets are found by their role and accessible name, pressed through their AT-SPI action, and
read through their names; keys are typed as a keyboard would (XTest, under the virtual display).
Nothing here knows a game's rules: the tests read what the window offers and pick from it.
"""

import os
import subprocess
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

# Keys as xdotool names them.
KEY_TAB = "Tab"
KEY_RETURN = "Return"

# How long a window may take to show what it is asked for (a debug build on a loaded machine).
PATIENCE = 30.0


class TestFailure(Exception):
    """The window did not do what the test expected; the message says what."""


def wait_for(what, probe, timeout=PATIENCE, interval=0.05):
    """Calls `probe` until it returns something true, and returns that; fails after `timeout`
    seconds, naming `what` was awaited."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = probe()
        except GLib.GError:
            # The object went away while being read (the window rebuilt it): look again.
            found = None
        if found:
            return found
        if time.monotonic() > deadline:
            raise TestFailure(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def read_again_if_rebuilt(read, tries=20):
    """Calls `read` until it gets through without a part of the window going away under it."""
    for _ in range(tries - 1):
        try:
            return read()
        except GLib.GError:
            time.sleep(0.05)
    return read()


def has_state(node, state):
    return node.get_state_set().contains(state)


def walk(node, keep=None):
    """The node and its descendants, depth first; `keep(child)` false prunes a subtree. A part
    that goes away while it is read (the window rebuilt it) is left out."""
    yield node
    try:
        count = node.get_child_count()
    except GLib.GError:
        return
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
            if child is None or (keep is not None and not keep(child)):
                continue
        except GLib.GError:
            continue
        yield from walk(child, keep)


def children(node):
    """A node's children (read at once: a rebuilt part raises, and the caller reads again)."""
    if node is None:
        raise GLib.GError("a part went away while it was read")
    found = [node.get_child_at_index(i) for i in range(node.get_child_count())]
    if None in found:
        raise GLib.GError("a child went away while it was read")
    return found


def visible(node):
    return has_state(node, Atspi.StateType.VISIBLE)


def find_all(root, role, name=None):
    """The visible nodes under `root` of `role` (AT-SPI role name, e.g. "push button"), with
    accessible name `name` when given."""
    found = []
    for n in walk(root, visible):
        try:
            if n.get_role_name() == role and (name is None or n.get_name() == name):
                found.append(n)
        except GLib.GError:
            continue  # gone while read
    return found


def find(root, role, name):
    """The one visible node of that role and name under `root`, or None."""
    found = find_all(root, role, name)
    return found[0] if found else None


def press(node):
    """Presses a button (or link, or anything with a "click" action) through AT-SPI."""
    names = [node.get_action_name(i) for i in range(node.get_n_actions())]
    if "click" not in names:
        raise TestFailure(f"{node.get_role_name()} '{node.get_name()}' cannot be pressed")
    node.do_action(names.index("click"))


def x_command(*args):
    """Runs xdotool. On this kind of machine about one connection to the X server in five is
    refused at random (seen with xdpyinfo too), so a refused connection is tried again."""
    for _ in range(20):
        done = subprocess.run(["xdotool", *args], capture_output=True, text=True)
        if done.returncode == 0:
            return
        if "open display" not in done.stderr:
            raise TestFailure(f"xdotool {' '.join(args)}: {done.stderr.strip()}")
        time.sleep(0.05)
    raise TestFailure(f"xdotool {' '.join(args)}: the X server refused every connection")


def name_of(node):
    """A node's accessible name ("" when it has none or has gone away)."""
    try:
        return node.get_name() or ""
    except GLib.GError:
        return ""


class App:
    """One running `tonkin`, found on the accessibility bus by its process id."""

    def __init__(self, binary, env, args=()):
        # The accessibility bus is started (by the first question to it) before the program:
        # a program started while the bus launcher comes up sometimes cannot open the display.
        Atspi.get_desktop(0).get_child_count()
        self.errors = os.path.join(os.path.dirname(env["XDG_DATA_HOME"]), "stderr.txt")
        for _ in range(20):
            with open(self.errors, "w", encoding="utf-8") as errors:
                self.process = subprocess.Popen([binary, *args], env=env, stderr=errors)
            found = wait_for(
                "the application on the accessibility bus", self._find_on_bus, timeout=60
            )
            if found != "refused":
                return
        raise TestFailure("the X server refused tonkin every time")

    def _find_on_bus(self):
        if self.process.poll() is not None:
            with open(self.errors, encoding="utf-8") as f:
                said = f.read()
            if "cannot open display" in said:
                return "refused"  # see x_command: start it again
            raise TestFailure(
                f"tonkin exited with {self.process.returncode} at start-up: {said.strip()}"
            )
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_process_id() == self.process.pid:
                return app
        return None

    def root(self):
        """The application's node. Asked afresh each time: when GTK 4.8 takes a closed window
        off the bus, libatspi sometimes drops the whole application ("The application no
        longer exists") and every node it handed out before; the desktop lists it anew."""
        return wait_for("the application on the accessibility bus", self._find_on_bus)

    def windows(self):
        """The visible top-level windows.

        Never call this while a window is closing: GTK 4.8 answers "the window at index i"
        with the last window of its list, hidden or not, and when that window has already left
        the bus the program crashes (a NULL object path in gtkatspiroot.c). After pressing
        what closes a window, wait for that window with `wait_closed` first."""
        shown = []
        root = self.root()
        for i in range(root.get_child_count()):
            try:
                w = root.get_child_at_index(i)
                if w is not None and visible(w) and w.get_name() is not None:
                    shown.append(w)
            except GLib.GError:
                continue
        return shown

    def wait_closed(self, window, what):
        """Waits until `window` (a node held from before) is hidden or gone from the bus."""

        def closed():
            try:
                return not visible(window)
            except GLib.GError:
                return True

        wait_for(f"{what} to close", closed)

    def window_names(self):
        names = []
        for w in self.windows():
            try:
                names.append(w.get_name())
            except GLib.GError:
                continue
        return names

    def window(self, name):
        """Waits for a top-level window (or dialog) with this accessible name."""
        return wait_for(
            f"a window named '{name}'",
            lambda: next((w for w in self.windows() if name_of(w) == name), None),
        )

    def window_starting(self, prefix):
        return wait_for(
            f"a window whose name starts '{prefix}'",
            lambda: next(
                (w for w in self.windows() if name_of(w).startswith(prefix)), None
            ),
        )

    def quit_with_keyboard(self, window):
        """Ctrl+Q typed into `window` (a GameWindow), as a player would; the process must end
        by itself and succeed."""
        window.keys("ctrl+q")
        try:
            code = self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            raise TestFailure("Ctrl+Q did not end tonkin") from None
        if code != 0:
            raise TestFailure(f"tonkin exited with {code} after Ctrl+Q")

    def kill(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def child_env(home, seed):
    """The environment of a tonkin under test: a home of its own (no user's settings or saves),
    English, a fixed seed for new games, and GTK's accessibility bridge switched on."""
    env = dict(os.environ)
    env.update(
        XDG_DATA_HOME=os.path.join(home, "data"),
        XDG_CONFIG_HOME=os.path.join(home, "config"),
        LANGUAGE="en",
        LC_ALL="C.UTF-8",
        TONKIN_SEED=str(seed),
        GTK_A11Y="atspi",
    )
    env.pop("TONKIN_EXIT_AFTER_FIRST_FRAME", None)
    # The odds of each decision are left out: a debug build takes seconds to work out some of
    # That Others May Live's, and the test is about the window, not the odds. The guide is off:
    # it explains a kind of decision once, so a resumed game rightly leaves out what the game
    # showed before it was quit, and the test compares positions.
    os.makedirs(os.path.join(home, "config", "tonkin"), exist_ok=True)
    with open(os.path.join(home, "config", "tonkin", "settings.json"), "w", encoding="utf-8") as f:
        f.write('{"show_odds": false, "guide": false}')
    return env
