#!/usr/bin/python3
"""The HTML report as a person uses it: each sample game's report (`ironlog report`) opened in
headless Chromium, driven through the DevTools protocol over a pipe (no package beyond
Python's own library and Debian's chromium), stepped with real key presses and clicks, and
its page read back: no console error or uncaught exception, no dialog (a hostile name must not
run), the pieces drawn at a line, a finding's marker, the stepper's last step, a #line-N
fragment. The page is also parsed by html5lib (python3-html5lib) in strict mode, so markup a
browser would have to repair fails the test. Screenshots of one step per geometry go to the
artefact folder (docs/report.md shows them).

usage: report_in_chromium.py IRONLOG SOURCE_DIR ARTEFACT_DIR
       report_in_chromium.py --measure PAGE RECORD   (for the benchmark: prints
       "ready MS text MS last MS": the page ready, the record's text alone opened, the End key)
"""
import base64
import json
import select
import os
import shutil
import subprocess
import sys
import tempfile
import time

IRONLOG, SOURCE, ARTEFACTS = (sys.argv + ["", "", "", ""])[1:4]

# Each sample: the record, a line to open at (#line-N), how many pieces are drawn on the board
# there and how many the roster lists, whether a finding's marker shows there, and the
# screenshot to keep (one per geometry).
CASES = [
    # the table: 7 ships, all on the table (line 86: BIS fires at MAO)
    dict(record="fixtures/games/admiral-sample.ngn", line=86, drawn=7, roster=7, marker=False, shot="report-table.png"),
    # a note at line 99 (NOR's torpedo, a table the book does not print): its marker at NOR
    dict(record="fixtures/games/admiral-sample.ngn", line=99, drawn=7, roster=7, marker=True),
    dict(record="fixtures/errors/admiral-mistakes.ngn", line=53, drawn=None, roster=None, marker=True),
    # 4 ships on the table; 34 on the Tactical Battle Board; 7 and 10 ships and units on the hexes
    dict(record="fixtures/games/ironclads-lissa-sample.ngn", line=71, drawn=4, roster=4, marker=False),
    dict(record="fixtures/games/late19c-coast-sample.ngn", line=60, drawn=7, roster=7, marker=False, shot="report-hexes.png"),
    dict(record="fixtures/games/late19c-river-sample.ngn", line=36, drawn=10, roster=10, marker=False),
    dict(record="fixtures/games/tmbv-lissa-sample.ngn", line=300, drawn=34, roster=34, marker=False),
    dict(record="fixtures/errors/tmbv-mistakes.ngn", line=80, drawn=None, roster=None, marker=True),
    # the area maps: 7 and 9 fleets, leaders and corps, listed in their areas
    dict(record="fixtures/games/eia-naval-sample.ngn", line=40, drawn=7, roster=7, marker=False, shot="report-areas.png"),
    dict(record="fixtures/games/eia-naval-campaign-sample.ngn", line=38, drawn=None, roster=9, marker=False),
    dict(record="tests/browser/hostile-names.ngn", line=None, drawn=None, roster=None, marker=False),
]

failures = []


def fail(case, what):
    failures.append("%s: %s" % (case, what))
    print("FAIL %s: %s" % (case, what), flush=True)


class Browser:
    """Chromium with its DevTools protocol on file descriptors 3 (to it) and 4 (from it)."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="ironlog-chromium-")
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()
        def fds():  # the child's 3 and 4; dup2 clears close-on-exec, and pass_fds keeps them open
            a, b = os.dup(to_r), os.dup(from_w)  # so that neither is overwritten by the other's dup2
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--window-size=1400,1000", "--no-first-run",
             "--disable-extensions", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")

    def read_message(self, deadline):
        while b"\0" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.from_r], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self.from_r, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self.buf += chunk
        message, self.buf = self.buf.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, timeout=30, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_w, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            m = self.read_message(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_for(self, method, timeout=30):
        deadline = time.time() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e["method"] == method:
                    return self.events.pop(i)
            self.events.append(self.read_message(deadline))

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("page script: %s" % r["exceptionDetails"])
        return r["result"].get("value")

    def open(self, url):
        """Loads the page afresh (by way of a blank page, so that the same page with another
        fragment is loaded again, not only scrolled) and waits for its stepper to start."""
        self.call("Page.navigate", url="about:blank")
        self.events = []
        self.call("Page.navigate", url=url)
        deadline = time.time() + 20
        ready = "document.readyState === 'complete' && location.href === %s && !!document.getElementById('status') && " \
                "document.getElementById('status').dataset.ready === '1'"
        # location.href is the page's own once its script has replaced the fragment: compare without it
        ready = ready.replace("location.href === %s", "location.href.split('#')[0] === %s") % json.dumps(url.split("#")[0])
        while not self.evaluate(ready):
            if time.time() > deadline:
                raise TimeoutError("the page did not load, or its stepper did not start")
            time.sleep(0.05)

    def status(self):
        return self.evaluate("Object.assign({}, document.getElementById('status').dataset)")

    def key(self, key, code):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=code_numbers[key])

    def click(self, element_id):
        box = self.evaluate("(function(){var r=document.getElementById('%s').getBoundingClientRect();"
                            "return [r.left + r.width / 2, r.top + r.height / 2];})()" % element_id)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def problems(self):
        """Console errors, uncaught exceptions and dialogs seen since the page was opened."""
        out = []
        for e in self.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append("uncaught exception: %s" % p.get("exceptionDetails", {}).get("text"))
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append("console error: %s" % p.get("args"))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append("log error: %s" % p["entry"].get("text"))
            elif m == "Page.javascriptDialogOpening":
                out.append("a dialog opened: %s" % p.get("message"))
        return out

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


code_numbers = {"ArrowLeft": 37, "ArrowRight": 39, "ArrowUp": 38, "ArrowDown": 40, "End": 35, "Home": 36,
                "PageUp": 33, "PageDown": 34}


def strict_html(case, path):
    import html5lib
    parser = html5lib.HTMLParser(strict=True)
    try:
        with open(path, "rb") as f:
            parser.parse(f)
    except Exception as e:
        fail(case, "the page is not valid HTML: %s at %s" % (e, parser.errors[:3]))


def check_case(browser, c):
    name = os.path.basename(c["record"])
    page = os.path.join(ARTEFACTS, name.replace(".ngn", ".html"))
    run = subprocess.run([IRONLOG, "report", os.path.join(SOURCE, c["record"]), "-o", page], capture_output=True, text=True)
    if run.returncode != 0:
        return fail(name, "ironlog report exit %d: %s" % (run.returncode, run.stderr))
    strict_html(name, page)
    url = "file://" + os.path.abspath(page)
    browser.open(url + ("#line-%d" % c["line"] if c["line"] else ""))
    first = browser.status()
    steps = browser.evaluate("JSON.parse(document.getElementById('steps-data').textContent).s.map(function(s){return s[0];})")
    if not steps:
        return fail(name, "the report has no steps")
    if c["line"]:
        want = max(l for l in steps if l <= c["line"])
        if int(first["line"]) != want:
            fail(name, "#line-%d opened at line %s, not %d" % (c["line"], first["line"], want))
        current = browser.evaluate("(document.querySelector('#record > div.current') || {}).id")
        if current != "L%d" % want:
            fail(name, "the record's current line is %s, not L%d" % (current, want))
        if browser.evaluate("window.scrollY") != 0:
            fail(name, "the page scrolled away from its top (to the fragment's line?)")
    else:
        if int(first["step"]) != 0 or int(first["line"]) != steps[0]:
            fail(name, "opened at step %s line %s, not the first step" % (first["step"], first["line"]))
    if c["drawn"] is not None and int(first["pieces"]) != c["drawn"]:
        fail(name, "%s pieces drawn at line %s, not %d" % (first["pieces"], first["line"], c["drawn"]))
    if c["roster"] is not None:
        rows = browser.evaluate("document.querySelectorAll('#roster-rows tr').length")
        if rows != c["roster"]:
            fail(name, "%s roster rows, not %d" % (rows, c["roster"]))
    if c["marker"] and int(first["markers"]) < 1:
        fail(name, "no finding's marker on the board at line %s" % first["line"])
    if c.get("shot"):
        browser.screenshot(os.path.join(ARTEFACTS, c["shot"]))
    # Real keys and clicks: End reaches the last step, Left goes back one, the first button the start.
    browser.key("End", "End")
    s = browser.status()
    if int(s["step"]) != len(steps) - 1 or int(s["line"]) != steps[-1]:
        fail(name, "End reached step %s (line %s), not the last, %d (line %d)" % (s["step"], s["line"], len(steps) - 1, steps[-1]))
    if len(steps) > 1:
        browser.key("ArrowLeft", "ArrowLeft")
        if int(browser.status()["step"]) != len(steps) - 2:
            fail(name, "ArrowLeft did not step back one")
    browser.click("first")
    if int(browser.status()["step"]) != 0:
        fail(name, "the first-step button did not go to step 0")
    browser.click("next-turn")
    turn_step = int(browser.status()["step"])
    if len(steps) > 1 and turn_step == 0:
        fail(name, "the next-turn button did not move")
    # every step shown once, from the first to the last
    browser.evaluate("(function(){for (var i = 0; i < %d; i++) document.getElementById('next').click();})()" % len(steps))
    if int(browser.status()["step"]) != len(steps) - 1:
        fail(name, "stepping line by line did not reach the last step")
    for p in browser.problems():
        fail(name, p)


def hostile_checks(browser):
    """A record whose names and notes are markup: shown as text, never run or parsed."""
    text = browser.evaluate("document.body.innerText")
    for shown in ("<script>alert(1)</script>", "<img src=x onerror=alert(2)>"):
        if shown not in text:
            fail("hostile-names.ngn", "%r is not shown as text" % shown)
    scripts = browser.evaluate("document.querySelectorAll('script').length")
    if scripts != 2:
        fail("hostile-names.ngn", "%d script elements, not the page's 2" % scripts)
    if browser.evaluate("document.querySelectorAll('img').length") != 0:
        fail("hostile-names.ngn", "a name became an <img> element")


def measure(page, record):
    """The benchmark's figures: milliseconds from navigation to the stepper ready (or to the
    load event, if later), the same for the record's plain text, and the End key's step."""
    if not shutil.which("chromium"):
        print("chromium is not installed")
        return 1
    browser = Browser()
    try:
        loaded = "performance.getEntriesByType('navigation')[0].loadEventEnd"
        browser.call("Page.navigate", url="file://" + os.path.abspath(record))
        deadline = time.time() + 30
        while not browser.evaluate("document.readyState === 'complete' && %s > 0" % loaded):
            if time.time() > deadline:
                raise TimeoutError("the text did not load")
            time.sleep(0.05)
        text = browser.evaluate(loaded)
        browser.open("file://" + os.path.abspath(page))
        while not browser.evaluate("%s > 0" % loaded):
            time.sleep(0.05)
        ready = max(float(browser.status()["readyMs"]), browser.evaluate(loaded))
        last = browser.evaluate("(function(){var t = performance.now(); document.getElementById('last').click();"
                                "void document.body.offsetHeight; return performance.now() - t;})()")
        print("ready %.0f text %.0f last %.0f" % (ready, text, last))
    finally:
        browser.close()
    return 0


def main():
    if sys.argv[1:2] == ["--measure"]:
        return measure(sys.argv[2], sys.argv[3])
    os.makedirs(ARTEFACTS, exist_ok=True)
    if not shutil.which("chromium"):
        print("FAIL: chromium is not installed (apt-get install chromium); .ci/run installs it")
        return 1
    browser = Browser()
    try:
        for c in CASES:
            try:
                check_case(browser, c)
                if c["record"].endswith("hostile-names.ngn"):
                    hostile_checks(browser)
            except Exception as e:
                fail(os.path.basename(c["record"]), "%s: %s" % (type(e).__name__, e))
    finally:
        browser.close()
    print("%d cases, %d failures; pages and screenshots in %s" % (len(CASES), len(failures), ARTEFACTS))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
