#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""What a screen reader gets from EmbedLab, read over AT-SPI as Orca reads it (issue #25).

    tst_atspi.py EMBEDLAB [--report] [--state NAME]...

Starts the app (QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1, a fresh settings folder) in each state -- the
default window, GPT-2 with the Neighbours panel, after a training step, the guided lesson -- and walks
its accessibility tree. It fails on
  - any shown interactive node (a control a user can focus or operate) without a name;
  - any interactive node named after the group box around it (Qt's fallback: six Layers controls read
    "embedding = torch.nn.Embedding"), or a combo box named by its current value without a label
    relation (on Linux Qt always names a combo by its value; the label is its name);
  - any painted view without a role, a name, and a value or a text to read;
and checks what the painted views say: both heatmaps read their weight's name and shape, the one-hot
animation's narration changes after each step, the token chips read their tokens and ids, the
scatter is a list of its points (token, id, x, y, the chosen row selected) and the histogram reads
its bins; both heatmaps answer as tables (AT-SPI Table) whose
cells read their elements as PyTorch 1.13 prints them (the default model's embedding.weight against
the code panel's golden print), with row and column headers and the selected row; the token chips
are a list of push buttons named by token and id, and pressing one selects its token's row; the
arrow keys in a heatmap announce each cell they reach.

Run it under a session bus and an X server (CTest does):
    dbus-run-session -- xvfb-run -a -s "-screen 0 1366x768x24" tst_atspi.py build/app/embedlab
--report prints every unnamed node and the counts and exits 0 (for measuring a build).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi

INTERACTIVE = {
    pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_SPIN_BUTTON, pyatspi.ROLE_SLIDER,
    pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY, pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_PAGE_TAB,
    pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_RADIO_MENU_ITEM, pyatspi.ROLE_MENU,
    pyatspi.ROLE_LIST, pyatspi.ROLE_LIST_BOX, pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE, pyatspi.ROLE_TREE_TABLE,
    pyatspi.ROLE_LINK,
}
# Roles a painted area has when nothing describes it, and the roles EmbedLab's painted views take.
BLANK = {pyatspi.ROLE_FILLER, pyatspi.ROLE_UNKNOWN, pyatspi.ROLE_CANVAS, pyatspi.ROLE_DRAWING_AREA,
         pyatspi.ROLE_PANEL, pyatspi.ROLE_CHART, pyatspi.ROLE_IMAGE, pyatspi.ROLE_ANIMATION}
# Containers whose children are items (cells, rows): read through their interfaces, not walked.
ITEM_CONTAINERS = {pyatspi.ROLE_TABLE, pyatspi.ROLE_TREE_TABLE, pyatspi.ROLE_TREE, pyatspi.ROLE_LIST,
                   pyatspi.ROLE_LIST_BOX}
MAX_ITEMS_WALKED = 40

# Each state is reached as a user reaches it: the menu items named, in order, then a pause.
STATES = {
    "default": [],
    "gpt2-neighbours": ["GPT-2 Small", "Neighbours"],
    "training": ["Training", "Training Step"],
    "lesson": ["Guided Lesson"],
    # Issue #27: the run's weights, a Fit panel page behind a toggle button.
    "fit-weights": ["Fit a Text", "button:Weights"],
}


def role_name(node):
    try:
        return node.getRoleName()
    except Exception:  # noqa: BLE001 - a node that went away while walking
        return "?"


def states(node):
    try:
        return node.getState()
    except Exception:  # noqa: BLE001
        return None


def shown(node):
    s = states(node)
    return s is not None and s.contains(pyatspi.STATE_SHOWING) and s.contains(pyatspi.STATE_VISIBLE)


def text_of(node):
    try:
        t = node.queryText()
        return t.getText(0, t.characterCount)
    except NotImplementedError:
        return None
    except Exception:  # noqa: BLE001
        return None


def value_of(node):
    try:
        return node.queryValue().currentValue
    except Exception:  # noqa: BLE001
        return None


def extents(node):
    try:
        e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return (e.x, e.y, e.width, e.height)
    except Exception:  # noqa: BLE001
        return (0, 0, 0, 0)


def path_of(node):
    parts = []
    while node is not None and len(parts) < 8:
        parts.append("%s '%s'" % (role_name(node), (node.name or "")[:30]))
        try:
            node = node.parent
        except Exception:  # noqa: BLE001
            break
        if node is not None and node.getRole() == pyatspi.ROLE_APPLICATION:
            break
    return " < ".join(parts)


def walk(node, visit, depth=0):
    visit(node)
    role = node.getRole()
    count = node.childCount
    if role in ITEM_CONTAINERS:
        count = min(count, MAX_ITEMS_WALKED)
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:  # noqa: BLE001
            continue
        if child is not None and depth < 60:
            walk(child, visit, depth + 1)


class Inspection:
    def __init__(self):
        self.interactive = 0
        self.unnamed = []
        self.misnamed = []
        self.blank_views = []
        self.nodes = []

    def visit(self, node):
        if not shown(node):
            return
        role = node.getRole()
        s = states(node)
        self.nodes.append(node)
        editable = s.contains(pyatspi.STATE_EDITABLE)
        interactive = role in INTERACTIVE and (role not in (pyatspi.ROLE_TEXT,) or editable
                                               or s.contains(pyatspi.STATE_FOCUSABLE))
        if role in (pyatspi.ROLE_LIST, pyatspi.ROLE_TABLE) and not s.contains(pyatspi.STATE_FOCUSABLE):
            interactive = node.childCount > 0
        if interactive:
            self.interactive += 1
            if not (node.name or "").strip():
                self.unnamed.append(node)
            elif named_by_group(node) or named_by_value(node):
                self.misnamed.append(node)
        if role in BLANK and node.childCount == 0 and not inside_readable(node):
            x, y, w, h = extents(node)
            if w >= 40 and h >= 40:
                readable = (node.name or "").strip() and (text_of(node) or value_of(node) is not None)
                if not readable:
                    self.blank_views.append(node)


def inside_readable(node):
    """A scroll area's viewport (Qt-internal, unnamed): the text field or the painted view around it
    reads for it."""
    try:
        parent = node.parent
        if parent is None:
            return False
        if parent.getRole() in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY):
            return True
        return bool((parent.name or "").strip() and (text_of(parent) or "").strip())
    except Exception:  # noqa: BLE001
        return False


def named_by_group(node):
    """Qt names a control without a name of its own after the QGroupBox around it: six controls
    of the Layers panel all read "embedding = torch.nn.Embedding"."""
    try:
        parent = node.parent
        return (parent is not None and parent.getRole() == pyatspi.ROLE_PANEL and node.getRole() != pyatspi.ROLE_PANEL
                and (parent.name or "").strip() == (node.name or "").strip())
    except Exception:  # noqa: BLE001
        return False


def labelled_by(node):
    """The names of the labels a node's LABELLED_BY relation points to."""
    names = []
    try:
        for relation in node.getRelationSet():
            if relation.getRelationType() == pyatspi.RELATION_LABELLED_BY:
                for i in range(relation.getNTargets()):
                    names.append((relation.getTarget(i).name or "").strip())
    except Exception:  # noqa: BLE001
        pass
    return [name for name in names if name]


def named_by_value(node):
    """A combo box that reads its current choice as its name ("normal_") and has no label has no
    name of its own. On Linux Qt always names a combo box by its value and ignores setAccessibleName
    ("on Linux we use relations for this", qaccessiblewidgets.cpp): its name is the label that its
    LABELLED_BY relation points to (a QLabel buddy beside it), which Orca reads first."""
    if node.getRole() != pyatspi.ROLE_COMBO_BOX or labelled_by(node):
        return False
    choices = set()
    try:
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            for j in range(min(child.childCount, MAX_ITEMS_WALKED)):
                choices.add((child.getChildAtIndex(j).name or "").strip())
    except Exception:  # noqa: BLE001
        return False
    return (node.name or "").strip() in choices


def find_app(pid, timeout=60.0):
    desktop = pyatspi.Registry.getDesktop(0)
    deadline = time.time() + timeout
    while time.time() < deadline:
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == pid and app.childCount > 0:
                    frame = app.getChildAtIndex(0)
                    if frame is not None and shown(frame):
                        return app
            except Exception:  # noqa: BLE001
                pass
        time.sleep(0.5)
    raise RuntimeError("the app did not appear on the accessibility bus within %d s" % timeout)


def find(node, predicate, limit=20000):
    found = []

    def visit(n):
        if len(found) < 50 and predicate(n):
            found.append(n)
    walk(node, visit)
    return found


ACTIONS = ("Press", "press", "Toggle", "toggle")


def do_action(node, *names):
    action = node.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in names:
            action.doAction(i)
            return True
    return False


def menu_item(app, name):
    items = find(app, lambda n: n.getRole() in (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM)
                 and (n.name or "").replace("&", "") == name)
    if not items:
        raise RuntimeError("no menu item '%s'" % name)
    return items[0]


def button(app, name):
    found = find(app, lambda n: n.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON, pyatspi.ROLE_CHECK_BOX)
                 and (n.name or "").replace("&", "") == name and shown(n))
    if not found:
        near = find(app, lambda n: name in (n.name or ""))
        raise RuntimeError("no button '%s' (%s)" % (name, [(n.name, role_name(n), states(n)) for n in near][:5]))
    return found[0]


def settle(seconds=2.0):
    time.sleep(seconds)


def run_state(binary, name, report):
    # A home of its own: settings, and the crash recovery's autosave (AppDataLocation), which would
    # otherwise restore the previous run's window (every run here ends with SIGTERM).
    home = tempfile.mkdtemp(prefix="embedlab-atspi-")
    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb", HOME=home,
               XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_CACHE_HOME=os.path.join(home, "cache"), XDG_STATE_HOME=os.path.join(home, "state"),
               LANGUAGE="en", LC_ALL="C.UTF-8", QT_ACCESSIBILITY="1")
    process = subprocess.Popen([binary, "--size", "1366x768"], env=env)
    failures = []
    try:
        app = find_app(process.pid)
        settle(3.0)
        for item in STATES[name]:
            do_action(button(app, item[len("button:"):]) if item.startswith("button:") else menu_item(app, item),
                      *ACTIONS)
            settle(4.0)
            # The lesson builds the window again around its own document.
            app = find_app(process.pid)
        inspection = Inspection()
        walk(app, inspection.visit)
        print("state %-16s %4d shown nodes, %3d interactive, %2d unnamed, %2d named by their group or value, "
              "%d painted views without role, name and value or text"
              % (name, len(inspection.nodes), inspection.interactive, len(inspection.unnamed),
                 len(inspection.misnamed), len(inspection.blank_views)))
        for node in inspection.unnamed:
            print("  unnamed: %s  %s" % (path_of(node), extents(node)))
        for node in inspection.misnamed:
            print("  named by its group or value: %s  %s" % (path_of(node), extents(node)))
        for node in inspection.blank_views:
            print("  blank view: %s  %s" % (path_of(node), extents(node)))
        if inspection.unnamed:
            failures.append("%s: %d unnamed interactive nodes" % (name, len(inspection.unnamed)))
        if inspection.misnamed:
            failures.append("%s: %d interactive nodes named by their group or value" % (name, len(inspection.misnamed)))
        if inspection.blank_views:
            failures.append("%s: %d painted views without role, name and value or text"
                            % (name, len(inspection.blank_views)))
        if not report:
            failures += check_views(app, name)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(home, ignore_errors=True)
    return failures


def named(app, roles, fragment):
    return find(app, lambda n: n.getRole() in roles and fragment in (n.name or "") and shown(n))


GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "golden")
PRINTED_NUMBER = re.compile(r"^-?(\d+\.\d{4}|\d+\.|\d\.\d{4}e[+-]\d\d|nan|inf)$")


def printed_default_embedding():
    """print(embedding.weight) of torch.manual_seed(123); Embedding(4, 5), as PyTorch 1.13 printed
    it (tests/golden/codepanel/cases.json, case "default"): its 20 elements in order."""
    with open(os.path.join(GOLDEN, "codepanel", "cases.json"), encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    printed = next(c for c in cases if c["name"] == "default")["pytorch_output"]
    body = printed[printed.index("tensor(") + 7:printed.index("]]")]
    return [t for t in re.split(r"[\[\],\s]+", body) if t]


def check_table(heatmap, state, expected=None):
    """A heatmap read as Orca reads a table: its size, cells, headers and selected row."""
    failures = []
    try:
        table = heatmap.queryTable()
    except NotImplementedError:
        return ["%s: heatmap '%s' is not a table" % (state, heatmap.name)]
    text = text_of(heatmap) or ""
    size = re.search(r"(\d+) rows \u00d7 (\d+) columns", text)
    if not size or (table.nRows, table.nColumns) != (int(size.group(1)), int(size.group(2))):
        failures.append("%s: table '%s' has %d x %d cells, its text says %r"
                        % (state, heatmap.name, table.nRows, table.nColumns, text))
        return failures
    rows = list(range(min(table.nRows, 4))) + [table.nRows - 1]
    columns = list(range(min(table.nColumns, 5))) + [table.nColumns - 1]
    for r in rows:
        for c in columns:
            cell = table.getAccessibleAt(r, c)
            value = (cell.name or "") if cell is not None else None
            want = expected[r * table.nColumns + c] if expected else None
            if value is None or not PRINTED_NUMBER.match(value) or (want is not None and value != want):
                failures.append("%s: cell [%d, %d] of '%s' reads %r, not %r"
                                % (state, r, c, heatmap.name, value, want or "an element as PyTorch prints it"))
        if not (table.getRowDescription(r) or "").endswith(str(r)):
            failures.append("%s: row %d of '%s' has the header %r" % (state, r, heatmap.name, table.getRowDescription(r)))
    for c in columns:
        if table.getColumnDescription(c) != str(c):
            failures.append("%s: column %d of '%s' has the header %r"
                            % (state, c, heatmap.name, table.getColumnDescription(c)))
    selected = re.search(r"row (\d+) selected", text)
    want_rows = [int(selected.group(1))] if selected else []
    if list(table.getSelectedRows()) != want_rows:
        failures.append("%s: '%s' selects rows %r, its text says %r" % (state, heatmap.name, list(table.getSelectedRows()), text))
    return failures


def check_views(app, state):
    """What each painted view says, beyond having a name: its text states what it shows."""
    failures = []
    heatmaps = named(app, {pyatspi.ROLE_TABLE}, "embedding.weight") + named(app, {pyatspi.ROLE_TABLE}, "lm_head.weight")
    heatmaps = [h for h in heatmaps if "columns" in (text_of(h) or "")]
    if len(heatmaps) < 2:
        failures.append("%s: the two heatmaps do not read their weights' names and shapes" % state)
    for heatmap in heatmaps:
        embedding = "embedding.weight" in (heatmap.name or "")
        failures += check_table(heatmap, state, printed_default_embedding() if state == "default" and embedding else None)
    if state == "default":
        # torch.nn.Embedding(4, 5) and Linear(5, 4): both [4, 5]; the ids select row 2 first.
        for heatmap in heatmaps:
            if "4 rows \u00d7 5 columns" not in (text_of(heatmap) or ""):
                failures.append("default: heatmap '%s' reads %r, not its 4 x 5 shape" % (heatmap.name, text_of(heatmap)))
        failures += check_narration(app, state)
        failures += check_keyboard_cell(app, state, heatmaps)
    if state == "gpt2-neighbours":
        failures += check_chips(app, state, heatmaps)
        failures += check_scatter(app, state)
    if state == "fit-weights":
        failures += check_fit_weights(app, state)
    if state in ("default", "training"):
        histograms = find(app, lambda n: shown(n) and "Histogram" in (n.name or "") and "bins" in (text_of(n) or ""))
        if not histograms:
            failures.append("%s: the histogram gives no text of its bins" % state)
    return failures


def check_fit_weights(app, state):
    """The run's emb.weight is a table whose cells read values, and the neighbours a named list."""
    failures = []
    tables = [t for t in named(app, {pyatspi.ROLE_TABLE}, "emb.weight") if "columns" in (text_of(t) or "")]
    if not tables:
        return ["%s: the run's emb.weight does not answer as a table" % state]
    failures += check_table(tables[0], state)
    if not named(app, {pyatspi.ROLE_LIST}, "Nearest tokens"):
        failures.append("%s: no list of the nearest tokens" % state)
    return failures


def check_scatter(app, state):
    """The neighbours' scatter is a list of its points, each named by token, id and its two
    components, the chosen row first and selected; its text keeps them, a line each."""
    scatter = named(app, {pyatspi.ROLE_LIST}, "PCA")
    if not scatter:
        return ["%s: no scatter list of the neighbours" % state]
    lines = (text_of(scatter[0]) or "").splitlines()
    points = [scatter[0].getChildAtIndex(i) for i in range(min(scatter[0].childCount, MAX_ITEMS_WALKED))]
    names = [(p.name or "") if p is not None else "" for p in points]
    point = re.compile(r"^.+ \(id \d+\) at -?[\d.e+-]+, -?[\d.e+-]+$")
    if len(points) < 2 or names != lines[:len(names)] or not all(point.match(n) for n in names):
        return ["%s: the scatter's points are not a list named by token, id, x and y: %r (text %r)"
                % (state, names, lines)]
    if not all(p.getRole() == pyatspi.ROLE_LIST_ITEM for p in points) \
            or not points[0].getState().contains(pyatspi.STATE_SELECTED):
        return ["%s: the scatter's points are not list items with the chosen row selected" % state]
    return []


def check_chips(app, state, heatmaps):
    """The token chips are a list of push buttons named by token and id; pressing one selects its
    token's row in the embedding heatmap, as a click does."""
    chips = named(app, {pyatspi.ROLE_LIST}, "Tokens")
    if not chips or "15496" not in (text_of(chips[0]) or ""):
        return ["%s: the token chips do not read their tokens and ids: %r" % (state, text_of(chips[0]) if chips else None)]
    buttons = [chips[0].getChildAtIndex(i) for i in range(min(chips[0].childCount, MAX_ITEMS_WALKED))]
    names = [(b.name or "") if b is not None else "" for b in buttons]
    if not buttons or not all(b is not None and b.getRole() == pyatspi.ROLE_PUSH_BUTTON for b in buttons) \
            or not all(re.search(r"\bid \d+$", n) for n in names) or not any("id 15496" in n for n in names):
        return ["%s: the token chips are not push buttons named by token and id: %r" % (state, names)]
    embedding = [h for h in heatmaps if "embedding.weight" in (h.name or "")]
    if not embedding:
        return []
    # Another token than the selected one, pressed through the action interface.
    table = embedding[0].queryTable()
    for button, name in zip(buttons, names):
        token = int(name.rsplit(" ", 1)[1])
        if [token] != list(table.getSelectedRows()):
            do_action(button, *ACTIONS)
            settle(1.0)
            if list(table.getSelectedRows()) != [token]:
                return ["%s: pressing the chip %r selects rows %r" % (state, name, list(table.getSelectedRows()))]
            return []
    return []


def check_narration(app, state):
    """The one-hot animation's narration is readable and changes with each step."""
    views = find(app, lambda n: shown(n) and n.getRole() == pyatspi.ROLE_ANIMATION)
    if not views:
        return ["%s: no one-hot animation node" % state]
    view = views[0]
    restart = menu_item(app, "Restart")
    forward = menu_item(app, "Step Forward")
    do_action(restart, *ACTIONS)
    settle(0.5)
    seen = [text_of(view) or ""]
    for _ in range(3):
        do_action(forward, *ACTIONS)
        settle(0.5)
        seen.append(text_of(view) or "")
    if len(set(seen)) < len(seen) or not all(seen):
        return ["%s: the animation's text did not change with each step: %r" % (state, seen)]
    return []


def check_keyboard_cell(app, state, heatmaps):
    """A reader follows the keyboard inside a heatmap as inside Qt's own tables: with the window
    focused (xdotool: Xvfb has no window manager to do it) and the view given the focus through
    AT-SPI's grabFocus, as Orca's focus commands do, each arrow key pressed on the X server announces
    the cell under the cursor ("object:state-changed:focused" on the cell, named by its element)."""
    embedding = [h for h in heatmaps if "embedding.weight" in (h.name or "")]
    if not embedding:
        return ["%s: no embedding heatmap to move the keyboard in" % state]
    table = embedding[0].queryTable()
    windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.get_process_id())],
                             capture_output=True, text=True, check=False).stdout.split()
    if not windows:
        return ["%s: xdotool finds no window of the app" % state]
    events = []

    def heard(event):
        if event.detail1 == 1:
            events.append((event.source.getRole(), event.source.name or ""))

    # One step per tick of the main loop, so that the events of each are heard before the next.
    steps = [
        lambda: subprocess.run(["xdotool", "windowfocus", "--sync", windows[0]], check=False),
        lambda: embedding[0].queryComponent().grabFocus(),
        lambda: subprocess.run(["xdotool", "key", "Right"], check=False),
        lambda: subprocess.run(["xdotool", "key", "Right"], check=False),
        lambda: subprocess.run(["xdotool", "key", "Down"], check=False),
        lambda: None,
        lambda: None,
        pyatspi.Registry.stop,
    ]

    def tick():
        steps.pop(0)()
        return bool(steps)

    from gi.repository import GLib
    pyatspi.Registry.registerEventListener(heard, "object:state-changed:focused")
    GLib.timeout_add(700, tick)
    pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(heard, "object:state-changed:focused")
    cells = [name for role, name in events if role == pyatspi.ROLE_TABLE_CELL]
    # torch.manual_seed(123); Embedding(4, 5): the cursor starts on [0, 0].
    want = [table.getAccessibleAt(r, c).name for r, c in ((0, 0), (0, 1), (0, 2), (1, 2))]
    if cells != want:
        return ["%s: moving the keyboard in '%s' announced cells %r, not %r (every focus: %r)"
                % (state, embedding[0].name, cells, want, events)]
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--report", action="store_true")
    parser.add_argument("--state", action="append", choices=sorted(STATES))
    args = parser.parse_args()
    failures = []
    for state in args.state or list(STATES):
        failures += run_state(os.path.abspath(args.binary), state, args.report)
    if args.report:
        return 0
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
