#!/usr/bin/env python3
"""`ironlog record` at a terminal, as a person uses it (docs/record.md): run in tmux (a private
server), keys sent with send-keys, the screen read with capture-pane. It types a heading, a
wrong claim with a ship's alias completed by Tab (answered n: not kept), the right line, shows
a card, has Tab write the die of the next turn's initiative roll, then quits; the file must hold the lines kept and nothing else.

Usage: record_in_tmux.py IRONLOG SOURCE_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

# The record before the test types: an Ironclads game up to the initiative of turn 1, shared
# with the recorder's and the session's tests.
OPENING_FILE = os.path.join("tests", "data", "ironclads-opening.ngn")


class Tmux:
    def __init__(self):
        self.socket = "ironlog-test-%d" % os.getpid()

    def run(self, *args, check=True):
        return subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", *args],
                              check=check, capture_output=True, text=True)

    def screen(self):
        return self.run("capture-pane", "-p", "-t", "rec", check=False).stdout

    def keys(self, *keys, literal=False):
        self.run("send-keys", "-t", "rec", *(["-l"] if literal else []), *keys)

    def type_line(self, text):
        self.keys(text, literal=True)
        self.keys("Enter")

    def wait_for(self, text, after=""):
        """The screen shows `text` (below `after`, when given) within 20 s, or the test fails.
        capture-pane leaves out the spaces at the end of a line: so does the text looked for."""
        text = text.rstrip(" ")
        deadline = time.time() + 20
        while time.time() < deadline:
            screen = self.screen()
            tail = screen[screen.rfind(after):] if after and after in screen else ("" if after else screen)
            if text in tail:
                return screen
            time.sleep(0.1)
        fail("the screen never showed %r%s:\n%s" % (text, " after %r" % after if after else "", self.screen()))

    def running(self):
        return self.run("has-session", "-t", "rec", check=False).returncode == 0


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)


def main():
    ironlog, source = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(os.path.join(source, OPENING_FILE), encoding="utf-8") as f:
        opening = f.read()
    if not shutil.which("tmux"):
        fail("tmux is not installed (apt-get install tmux; .ci/run installs it)")
    work = tempfile.mkdtemp(prefix="ironlog-record-")
    tmux = Tmux()
    try:
        shutil.copy(os.path.join(source, "fixtures", "ships", "lissa-1866.ngn"), work)
        record = os.path.join(work, "x.ngn")
        with open(record, "w") as f:
            f.write(opening)
        # TERM named: libedit reads the terminal's keys and abilities from it; screen is what
        # tmux emulates, and every terminfo has it. No colour, so the screen reads as text.
        command = "cd %s && env TERM=screen NO_COLOR=1 %s record x.ngn" % (work, ironlog)
        tmux.run("new-session", "-d", "-s", "rec", "-x", "120", "-y", "40", command)

        # resumed: the prompt says where play stands and what may come next
        screen = tmux.wait_for("line 22> ")
        check("resuming x.ngn after line 21" in screen, "no resuming line:\n" + screen)
        check("-- turn 1, phase initiative" in screen, "where play stands is not shown:\n" + screen)
        tmux.type_line("  phase movement")
        screen = tmux.wait_for("line 23> ")
        check("-- turn 1, phase movement" in screen, "the prompt did not move on to the movement phase:\n" + screen)
        check("phase firing" in screen, "the next heading is not offered:\n" + screen)

        # a ship's alias completed with Tab: "F" becomes "FM "
        tmux.keys("    F", literal=True)
        tmux.keys("Tab")
        tmux.wait_for("line 23>     FM ")
        # a wrong claim: the finding with its rule and the expected place; answered n
        tmux.type_line("speed 10 move 10cm => (35, 20, 90)")
        screen = tmux.wait_for("keep it anyway? [y/N]")
        check("x.ngn:23:" in screen, "the finding does not say where:\n" + screen)
        check("[ironclads " in screen, "the finding cites no rule:\n" + screen)
        check("expected: 10cm" in screen and "recorded: 15cm" in screen, "expected and recorded are not shown:\n" + screen)
        tmux.type_line("n")
        tmux.wait_for("line 23> ", after="not kept")

        # the up arrow brings the line back from the history; Ctrl-U clears it, the right one is typed
        tmux.keys("Up")
        tmux.wait_for("line 23>     FM speed 10 move 10cm => (35, 20, 90)", after="not kept")
        tmux.keys("C-u")
        tmux.type_line("    FM speed 10 move 10cm => (30, 20, 90)")
        tmux.wait_for("line 24> ")
        # the other side's ship, completed from "R"
        tmux.keys("    R", literal=True)
        tmux.keys("Tab")
        tmux.wait_for("line 24>     RdI ")
        tmux.type_line("speed 11 move 11cm => (109, 60, 270)")
        tmux.wait_for("line 25> ")
        tmux.type_line("card RdI")
        tmux.wait_for("at: (109, 60), heading 270")

        # on to turn 2's initiative: Tab after the verb writes the die the rules fix there
        for n, heading in enumerate(["  phase firing", "  phase end", "turn 2", "  phase initiative"]):
            tmux.type_line(heading)
            tmux.wait_for("line %d> " % (26 + n))
        tmux.keys("    AUT roll ", literal=True)
        tmux.keys("Tab")
        tmux.wait_for("line 29>     AUT roll d6: ")
        tmux.type_line("3")
        tmux.wait_for("line 30> ")

        tmux.type_line("quit")
        deadline = time.time() + 20
        while tmux.running() and time.time() < deadline:
            time.sleep(0.1)
        check(not tmux.running(), "quit did not end the recorder:\n" + tmux.screen())
        with open(record) as f:
            kept = f.read()
        want = opening + "  phase movement\n    FM speed 10 move 10cm => (30, 20, 90)\n    RdI speed 11 move 11cm => (109, 60, 270)\n" + \
            "  phase firing\n  phase end\nturn 2\n  phase initiative\n    AUT roll d6: 3\n"
        check(kept == want, "the file holds:\n%s\nnot:\n%s" % (kept, want))
        print("ok: record in tmux")
    finally:
        tmux.run("kill-server", check=False)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
