"""Driving the real app in Debian's headless Chromium: start ``pennypress ui``, open a browser,
click as a person does, and look at the page as a person would.

Used by the browser tests (``test_ui_browser.py``, ``test_ui_editor_browser.py``,
``test_ui_journeys.py``, ...) and the browser benchmarks (``benchmarks/speed/play_click.py``,
``soak.py``, ``analysis_board.py``), all of which import it by its package name,
``tests.ui.browser_helpers`` (the repository's root is on the path: pytest's ``pythonpath``,
``python -m`` from the root). Without Chromium, chromedriver or selenium a browser test
is skipped with the reason -- except under CI (the ``CI`` environment variable set),
where that is a failure. Screenshots go to ``test-artifacts/`` (git-ignored).

The page checks (:class:`Page`):

- ``problems()``: any exception Streamlit shows (``stException``) or a traceback in the
  page's text -- every click of a journey is followed by this check;
- ``notation()``: text in the engine's notation (``city:A:2``, ``assign 2 …``, ``->``,
  ``ply``) anywhere a person reads, outside the notation box (``.pp-notation``) and the
  text areas where notation is typed;
- ``move_cells()``: every move a table or ranking shows, with the notation it says
  (``data-move``): the test checks each against :func:`pennypress.engine.game.words.move_words`;
- ``small_board_text()``: board text drawn under 12 px (font size × the drawing's scale);
- ``cut_off()``: elements whose text is cut off (scroll width over client width, with
  overflow clipped), charts and the notation box aside.
"""
from __future__ import annotations

import base64
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_NAMES = ("chromium", "chromium-browser")
DRIVER = "/usr/bin/chromedriver"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--hide-scrollbars",
]
DESKTOP = (1400, 1000)
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


def missing() -> str | None:
    """Why a browser test cannot run here, or ``None``."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not any(shutil.which(n) for n in CHROMIUM_NAMES):
        return "Chromium is not installed (apt-get install chromium chromium-driver)"
    if not (shutil.which("chromedriver") or os.path.exists(DRIVER)):
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return None


def require_browser() -> None:
    """Skip (with the reason) when the browser is missing; under CI that is a failure instead."""
    reason = missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but the browser test cannot run: {reason}", pytrace=False)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pennypress() -> list[str]:
    """The installed console script beside this Python, else ``python -m pennypress``."""
    script = Path(sys.executable).with_name("pennypress")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pennypress"]


def start_app(pennypress: list[str] | None = None, cwd: Path = ROOT,
              env: dict[str, str] | None = None) -> tuple[str, subprocess.Popen]:
    """``pennypress ui`` (this environment's, or the command ``pennypress``) on a free port, once it
    answers; its URL and process (its output goes to a file, :func:`app_log`, so a long run never fills
    a pipe)."""
    port = _free_port()
    log = tempfile.NamedTemporaryFile("w+", prefix="pennypress-ui-", suffix=".log", delete=False)
    proc = subprocess.Popen([*(pennypress or _pennypress()), "ui", "--port", str(port)], cwd=cwd, env=env,
                            stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.pennypress_log = log.name
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return url, proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            pytest.fail(f"pennypress ui did not start (exit {proc.returncode}):\n{app_log(proc)[-2000:]}")
        time.sleep(0.1)


def app_log(proc: subprocess.Popen) -> str:
    """What ``pennypress ui`` printed so far."""
    return Path(proc.pennypress_log).read_text(errors="replace")


def stop_app(proc: subprocess.Popen) -> int:
    """Stop the app as Ctrl-C would; its exit status."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return proc.returncode


def browser_session(size: tuple[int, int] = DESKTOP):
    """One ``pennypress ui`` and one headless Chromium (a fixture ``yield from``-s it):
    yields the :class:`Page`; afterwards stops both and fails if the app printed a traceback."""
    require_browser()
    url, proc = start_app()
    driver = make_driver(size)
    yield Page(driver, url, proc)
    quit_driver(driver)
    stop_app(proc)
    log = app_log(proc)
    Path(proc.pennypress_log).unlink(missing_ok=True)
    assert "Traceback" not in log, log[-3000:]


def make_driver(size: tuple[int, int] = (1500, 2300), console: bool = False):
    """Headless Chromium with a fresh profile (quit it with :func:`quit_driver`); with ``console`` the
    browser's console is kept for ``driver.get_log("browser")``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = next(shutil.which(n) for n in CHROMIUM_NAMES if shutil.which(n))
    profile = tempfile.mkdtemp(prefix="pennypress-chromium-")
    for flag in [*CHROMIUM_FLAGS, f"--window-size={size[0]},{size[1]}", f"--user-data-dir={profile}"]:
        opts.add_argument(flag)
    if console:
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = DRIVER if os.path.exists(DRIVER) else shutil.which("chromedriver")
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    driver.set_page_load_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _WATCH_JS})
    driver.pennypress_profile = profile
    return driver


def quit_driver(driver) -> None:
    driver.quit()
    shutil.rmtree(driver.pennypress_profile, ignore_errors=True)


_WATCH_JS = r"""
// Installed in every page before its own scripts (make_driver): counts the messages the page sends the
// server (a widget changed: Streamlit asks for a run) and every run that begins, from the first one, and
// notes how many messages had been sent when the last run began.
window.__ppSent = 0;
window.__ppRuns = 0;
window.__ppSentAtRun = 0;
// It also reads what the server says of its runs, in each message as the page receives it (in the same task as
// Streamlit, just before it handles it): a run begun (ForwardMsg's new_session, field 4) or finished
// (script_finished, field 6, whose value 2 is "finished early, for a rerun": another run follows). __ppNews is
// the last of these: 'begun', 'rerun' or 'done'. One sequence numbers the last finish heard (__ppDoneSeq) and
// the last time the page was seen to stop running (__ppIdleSeq): the server ends a run with its finish, then
// "not running", so a page seen to stop after the last finish was heard has drawn the end of that run.
window.__ppSeq = 0;
window.__ppDoneSeq = 0;
window.__ppIdleSeq = 0;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (...args) { window.__ppSent++; return send.apply(this, args); };
function ppNews(b) {  // one ForwardMsg's top-level fields: [a run begun, how a run finished (or null)]
  let i = 0, begun = false, finished = null;
  const varint = () => {
    let x = 0, m = 1, c;
    do { c = b[i++]; x += (c & 0x7f) * m; m *= 128; } while (c & 0x80);
    return x;
  };
  while (i < b.length) {
    const tag = varint(), field = Math.floor(tag / 8), wire = tag % 8;
    if (wire === 0) { const v = varint(); if (field === 6) finished = v; }
    else if (wire === 2) { const n = varint(); if (field === 4) begun = true; i += n; }
    else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else return [false, null];  // not a message read here: it says nothing of the runs
  }
  return [begun, finished];
}
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', e => {
      if (!(e.data instanceof ArrayBuffer)) return;
      const [begun, finished] = ppNews(new Uint8Array(e.data));
      if (begun) window.__ppNews = 'begun';
      if (finished !== null) {
        window.__ppNews = finished === 2 ? 'rerun' : 'done';
        window.__ppDoneSeq = ++window.__ppSeq;
      }
    });
  }
};
new MutationObserver(records => {
  for (const r of records) {
    if (r.target.getAttribute('data-test-script-state') === 'notRunning') continue;
    window.__ppRuns++;
    window.__ppSentAtRun = window.__ppSent;
  }
  const app = document.querySelector('[data-testid="stApp"]');
  if (app && app.getAttribute('data-test-script-state') === 'notRunning') window.__ppIdleSeq = ++window.__ppSeq;
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-test-script-state']});
"""

_COUNTS_FN = r"""
function ppCounts() {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app) return [-1, -1, false];
  if (window.__ppSent === undefined && window.__ppWatched !== app) {  // a driver without the watch installed
    window.__ppWatched = app;
    window.__ppRuns = window.__ppRuns || 0;
    new MutationObserver(() => {
      if (app.getAttribute('data-test-script-state') !== 'notRunning') window.__ppRuns++;
    }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
  }
  return [window.__ppRuns, window.__ppSent === undefined ? -1 : window.__ppSent,
          window.__ppSent !== undefined && window.__ppSent > window.__ppSentAtRun];
}
"""

_RUNS_JS = _COUNTS_FN + "return ppCounts();"

_PAINTED_RUNS_JS = _COUNTS_FN + r"""
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(ppCounts())));
"""

_QUIET_JS = _COUNTS_FN + r"""
// The wait of quiet(), run in the page: looked at every 20 ms without a round trip to the driver, so that the
// page is seen settled as soon as it is. Answers [settled, for how long it has been still (s)] -- not settled
// when `chunk` seconds have passed, for the driver to ask again (its script timeout is far longer).
const [since, asked, offset, stillBefore, chunk, SETTLED, NO_RUN, LOADED, QUIET_SEND, DRAWN, DOUBT] = arguments;
const done = arguments[arguments.length - 1];
function busy() {  // a run under way; something not drawn yet: stale, a placeholder, no title, a chart not drawn;
                   // or something still moving (an expander opening: an animation or transition that ends)
  const app = document.querySelector('[data-testid="stApp"]');
  return !app || app.getAttribute('data-test-script-state') !== 'notRunning'
    || !!document.querySelector('[data-testid="stStatusWidget"], [data-stale="true"], [data-testid="stSkeleton"]')
    || !document.querySelector('[data-testid="stMain"] h1')
    || [...document.querySelectorAll('[data-testid="stVegaLiteChart"]')]
         .some(c => c.getClientRects().length && !c.querySelector('svg, canvas'))
    || document.getAnimations().some(a => a.playState === 'running' && a.effect
         && Number.isFinite(a.effect.getComputedTiming().endTime));
}
function settled(still, waited) {
  const [counted, sent, asking] = ppCounts();
  const news = window.__ppNews;
  // the server has begun a run or will rerun: not settled, however still the page is (unless it stays so for
  // DOUBT seconds: then the page is believed)
  if ((news === 'begun' || news === 'rerun') && still < DOUBT) return false;
  // the server's last run ended and the page was seen to stop running after that: settled after a moment
  // (DRAWN), not SETTLED
  const enough = news === 'done' && window.__ppIdleSeq > window.__ppDoneSeq ? DRAWN : SETTLED;
  if (since < 0) {  // no count before: a run seen ended and stillness, unless one is asked for
    if (asking && waited < NO_RUN) return false;
    return still >= (counted > 0 ? enough : LOADED);
  }
  if (counted > since) return still >= enough;
  if (0 <= asked && asked === sent && waited >= QUIET_SEND) return true;  // the action sent nothing: no run is coming
  return waited >= NO_RUN;
}
const t0 = performance.now();
let stillSince = null, first = true;
function look() {
  const now = performance.now();
  if (busy()) {
    stillSince = null;
  } else {
    if (stillSince === null) stillSince = first ? now - 1000 * stillBefore : now;
    if (settled((now - stillSince) / 1000, offset + (now - t0) / 1000)) return done([true, 0]);
  }
  first = false;
  if (now - t0 >= 1000 * chunk) return done([false, stillSince === null ? 0 : (now - stillSince) / 1000]);
  setTimeout(look, 20);
}
look();
"""

# After an action that makes Streamlit run the page, it is settled once the run has ended and nothing has
# moved for SETTLED seconds (a page that calls st.rerun ends one run and starts the next at once). An action
# that may run nothing (a click on an expander, a tab, a choice already chosen) asks the server for nothing:
# if the page has sent it no message QUIET_SEND seconds after the action, no run is coming; if it has (or the
# watch is missing), it waits up to NO_RUN seconds for the run to begin. Without that count (a page load, a
# change of width, a look after a click) it is settled once a run has ended and nothing has moved for SETTLED
# seconds -- LOADED seconds if the watch saw no run -- unless the page has sent the server a message since the
# last run began: then the run it may have asked for is waited for, up to NO_RUN seconds.
#
# The server's own word shortens and guards the wait (the watch reads it off the socket, ``_WATCH_JS``): while
# its last word is that a run has begun, or ended early for a rerun, the page is not settled however still it
# looks (unless it stays still for DOUBT seconds: then the page is believed); once its last word is that the
# run ended for good and the page has drawn that run, DRAWN seconds of stillness are enough instead of
# SETTLED. The page is looked at in the browser itself (``_QUIET_JS``), so these are the times waited, not
# rounded up to the driver's round trips; CHUNK is how long one such look may last before the driver asks again.
SETTLED, NO_RUN, LOADED, QUIET_SEND = 0.2, 0.8, 0.5, 0.15
DRAWN, DOUBT = 0.05, 5.0
CHUNK = 5.0


def _counts(driver) -> tuple[int, int, bool]:
    """``(runs begun, messages sent)`` since the page was loaded (``-1`` for what is not watched), and whether
    a message was sent after the last run began (a run asked for, not yet begun)."""
    counted, sent, asking = driver.execute_script(_RUNS_JS)
    return counted, sent, asking


def runs(driver, painted: bool = False) -> int:
    """How many times the app has started running since the page was loaded (Streamlit's
    ``data-test-script-state`` watched in the page); ``-1`` before the app is drawn. Read it before an
    action and pass it to :func:`quiet`, which then waits for the run the action began. (It also notes
    how many messages the page had sent the server, on ``driver``: see :func:`quiet`.) With ``painted``,
    read once the browser has laid out and painted the page twice (as :func:`painted`), in the same call."""
    if painted:
        counted, driver.pennypress_sent, _ = driver.execute_async_script(_PAINTED_RUNS_JS)
    else:
        counted, driver.pennypress_sent, _ = _counts(driver)
    return counted


def quiet(driver, timeout: float = 120, since: int | None = None) -> None:
    """Wait until Streamlit has drawn the page and finished running it: no run under way, nothing stale,
    no placeholder, a title drawn, every chart shown drawn, nothing moving (an expander opening). With
    ``since`` (:func:`runs` before the action), until a run begun after it has ended -- or, if the action
    asked the server for nothing (or no run begins within ``NO_RUN`` seconds), at once; without it (a page
    just opened, a change of width), until a run has ended and the page has been still for a moment -- after
    the run it asked the server for, if it did.

    The server's word on its runs, where the watch could read it, keeps the wait going through a rerun and ends
    it soon after the last run is drawn (``DRAWN``, ``DOUBT``). The looking is done in the page (``_QUIET_JS``),
    a look every 20 ms, in waits of at most ``CHUNK`` seconds; a wait the browser cut short (the document
    replaced under it, the driver's script timeout) is asked again, stillness counted afresh."""
    from selenium.common.exceptions import JavascriptException, TimeoutException

    start = time.monotonic()
    deadline = start + timeout
    since = -1 if since is None else since
    asked = getattr(driver, "pennypress_sent", -1)
    still = 0.0
    while (left := deadline - time.monotonic()) > 0:
        try:
            settled, still = driver.execute_async_script(
                _QUIET_JS, since, asked, time.monotonic() - start, still, min(CHUNK, left),
                SETTLED, NO_RUN, LOADED, QUIET_SEND, DRAWN, DOUBT)
        except (JavascriptException, TimeoutException):
            settled, still = False, 0.0
            time.sleep(0.05)
        if settled:
            return
    raise AssertionError(f"the app did not finish running within {timeout}s")


def set_phone(driver, height: int | None = None) -> None:
    """A phone's screen (390 px), laid out and painted before the next look."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**PHONE, **({"height": height} if height else {})})
    painted(driver)


def set_desktop(driver) -> None:
    """The desktop window (1400 px), laid out and painted before the next look."""
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if driver.get_window_size() != {"width": DESKTOP[0], "height": DESKTOP[1]}:
        driver.set_window_size(*DESKTOP)
    painted(driver)


def full_page(driver, path: Path) -> None:
    """A screenshot of the whole page at the present width (the window made as tall as the page)."""
    height = driver.execute_script(
        "const m = document.querySelector('[data-testid=\"stMain\"]') || document.body;"
        "return Math.max(m.scrollHeight, document.body.scrollHeight);"
    )
    width = driver.execute_script("return window.innerWidth")
    phone = width <= PHONE["width"]
    metrics = {**PHONE, "width": width, "mobile": phone, "height": int(min(height, 16000)) + 40}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    painted(driver)
    save_png(driver, path)
    if phone:
        set_phone(driver)
    else:
        set_desktop(driver)


def save_png(driver, path: Path) -> None:
    """The viewport as a PNG at ``path`` (Chromium's capture, the PNG encoded for speed: the same pixels)."""
    ARTIFACTS.mkdir(exist_ok=True)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
    Path(path).write_bytes(base64.b64decode(shot["data"]))


def painted(driver, frames: int = 3) -> None:
    """Wait until the browser has laid out and painted the page ``frames`` times (after a change of size:
    the layout follows the new width before the next look)."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; let n = arguments[0];"
        "const step = () => (--n <= 0 ? done() : requestAnimationFrame(step)); requestAnimationFrame(step);",
        frames)


_TEXT_FN = r"""
function ppText() {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) return '';
  return main.innerText.replace(/\u00a0/g, ' ').split('\n')
    .map(line => line.replace(/[ \t\r]+/g, ' ').trim()).filter(line => line).join('\n');
}
"""

_TEXT_JS = _TEXT_FN + "return ppText();"

_WAIT_TEXT_JS = _TEXT_FN + r"""
// The wait of Page.wait_for, run in the page: a look every 100 ms without a round trip to the driver, until the
// text is shown ('shown') or an exception is ('problem'), or `chunk` seconds have passed ('not yet').
const [text, chunk] = arguments;
const done = arguments[arguments.length - 1];
const t0 = performance.now();
function look() {
  const shown = ppText();
  if (shown.includes(text)) return done('shown');
  if (shown.includes('Traceback') || document.querySelector('[data-testid="stException"]')) return done('problem');
  if (performance.now() - t0 >= 1000 * chunk) return done('not yet');
  setTimeout(look, 100);
}
look();
"""

_NOTATION_JS = r"""
const main = document.querySelector('[data-testid="stMain"]');
const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
const re = /\b(war|crime|politics|city|human):[A-D](:\d)?\b|\b(assign|recall|reassign) \d|->|\bply\b/;
const hits = [];
let node;
while ((node = walker.nextNode())) {
  const el = node.parentElement;
  if (!el || el.closest('.pp-notation') || el.closest('textarea') || el.closest('title')) continue;
  if (!el.getClientRects().length) continue;  // not drawn (a closed expander, the other board layout)
  const shut = el.closest('details:not([open])');  // Chromium may lay out a closed <details>' content hidden
  if (shut && !el.closest('summary')) continue;
  if (re.test(node.textContent)) hits.push(node.textContent.trim().slice(0, 160));
}
return hits;
"""

_SMALL_JS = r"""
const out = [];
for (const svg of document.querySelectorAll(arguments[0])) {
  const box = svg.getBoundingClientRect();
  if (!box.width || !svg.getClientRects().length) continue;
  const scale = box.width / svg.viewBox.baseVal.width;
  for (const t of svg.querySelectorAll('text')) {
    const px = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (px < 12) out.push([svg.getAttribute('class'), t.textContent, Math.round(px * 10) / 10]);
  }
}
return out;
"""

_CUT_JS = r"""
const out = [];
for (const el of document.querySelectorAll('[data-testid="stMain"] *')) {
  if (el.closest('svg') || el.closest('[data-testid="stVegaLiteChart"]') || el.closest('.pp-notation')) continue;
  if (el.clientWidth <= 2 || !el.getClientRects().length) continue;  // visually hidden helpers
  const overflow = getComputedStyle(el).overflowX;
  if (overflow !== 'visible' && el.scrollWidth > el.clientWidth + 1) {
    const text = (el.innerText || el.value || '').trim();
    out.push([el.tagName, el.getAttribute('data-testid') || el.className.toString().slice(0, 40),
              el.scrollWidth, el.clientWidth, text.slice(0, 80)]);
  }
}
return out;
"""


_READ_FN = r"""
function ppShown(e) {  // shown, as Selenium's is_displayed has it: laid out with a size, not hidden, not see-through
  const box = e.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
}
function ppRead(e) {  // an element's text as Selenium's .text reads it: '' when it is not shown, trimmed
  return e && ppShown(e) ? (e.innerText ?? e.textContent).replace(/\u00a0/g, ' ').trim() : '';  // SVG: textContent
}
"""


_SHOWN_JS = _READ_FN + r"""
// The elements at a CSS selector (or an XPath) that are shown (ppShown) and, given `text`, say it (ppRead); with
// `enabled`, only those not disabled. The first found is scrolled to the middle of the window. Answers [found,
// the text of every one shown] (the second for a failure's message), in one call instead of a call per element.
const [css, xpath, text, enabled] = arguments;
let all = [];
if (xpath) {
  const r = document.evaluate(xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  for (let i = 0; i < r.snapshotLength; i++) all.push(r.snapshotItem(i));
} else {
  all = [...document.querySelectorAll(css)];
}
const shown = all.filter(ppShown);
const said = shown.map(ppRead);
const found = shown.filter((e, i) => (text === null || said[i] === text) && !(enabled && e.disabled));
if (found.length) found[0].scrollIntoView({block: 'center'});
return [found, said];
"""


_PROBLEMS_JS = _TEXT_FN + _READ_FN + r"""
return [[...document.querySelectorAll('[data-testid="stException"]')].map(e => ppRead(e).slice(0, 500)), ppText()];
"""

_METRIC_JS = _READ_FN + r"""
for (const m of document.querySelectorAll('[data-testid="stMetric"]')) {
  if (ppRead(m.querySelector('[data-testid="stMetricLabel"]')) === arguments[0])
    return ppRead(m.querySelector('[data-testid="stMetricValue"]'));
}
return null;
"""


def shown(driver, css: str | None = None, xpath: str | None = None, text: str | None = None,
          enabled: bool = False) -> tuple[list, list[str]]:
    """The elements at ``css`` (or ``xpath``) that are shown, as Selenium's ``is_displayed`` has it, and say
    ``text`` (their text as Selenium's ``.text`` reads it, trimmed), with ``enabled`` only those not disabled --
    the first scrolled to the middle of the window; and the text of every one shown. One call to the browser
    (``_SHOWN_JS``), not one per element."""
    return driver.execute_script(_SHOWN_JS, css, xpath, text, enabled)


class Page:
    """A person at the app in the browser: opens pages, clicks, types, picks, and reads what is shown."""

    def __init__(self, driver, url: str, proc: subprocess.Popen | None = None):
        self.d = driver
        self.url = url
        self.proc = proc  # the app's process, when this page's session started it

    # ------------------------------------------------------------------ looking
    def text(self) -> str:
        """The page's text as a person reads it: the same as Selenium's ``.text`` of the main area (every
        line trimmed, blank lines and repeated spaces dropped, no-break spaces as spaces), read by the
        browser's ``innerText`` in one call instead of Selenium's walk over every element."""
        return self.d.execute_script(_TEXT_JS)

    def problems(self) -> list[str]:
        """Exceptions on the page (Streamlit's exception boxes, or a traceback in the text)."""
        shown, text = self.d.execute_script(_PROBLEMS_JS)
        if "Traceback" in text:
            shown.append(text[text.index("Traceback"):][:500])
        return shown

    def notation(self) -> list[str]:
        return self.d.execute_script(_NOTATION_JS)

    def move_cells(self) -> list[tuple[str, str]]:
        """``(notation, text shown)`` of every move in a table or the ranking (drawn on the page)."""
        return self.d.execute_script(
            "return [...document.querySelectorAll('[data-move]')].filter(e => e.getClientRects().length)"
            ".map(e => [e.getAttribute('data-move'), (e.classList.contains('pp-move') ? e : e.querySelector('.pp-move'))"
            ".textContent.trim()]);")

    def small_board_text(self, selector: str = "svg.pennypress-board") -> list:
        return self.d.execute_script(_SMALL_JS, selector)

    def cut_off(self) -> list:
        return self.d.execute_script(_CUT_JS)

    def metric(self, label: str) -> str:
        """The value the first metric labelled ``label`` shows (as read, trimmed)."""
        value = self.d.execute_script(_METRIC_JS, label)
        if value is None:
            raise AssertionError(f"no metric {label!r}")
        return value

    def ok(self, since: int | None = None) -> None:
        """The page has settled (after the run an action begun, ``since`` as :func:`quiet` takes it) and
        shows no exception."""
        quiet(self.d, since=since)
        problems = self.problems()
        if problems:
            self.shot("failed")
        assert not problems, problems

    def shot(self, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        full_page(self.d, path)
        return path

    # ------------------------------------------------------------------ doing
    def open(self, path: str = "") -> None:
        """Open a page by its address (a new session: nothing carried over)."""
        self.d.get(f"{self.url}/{path}")
        self.ok()

    def _shown(self, css: str | None = None, xpath: str | None = None, text: str | None = None,
               enabled: bool = False, timeout: float = 30) -> tuple[list, list[str]]:
        """The shown elements at ``css`` (or ``xpath``) that say ``text`` (and, with ``enabled``, are not
        disabled), the first scrolled into view, looked for again until one is or ``timeout`` seconds have
        passed (a rerun may still be drawing them); and the text of every one shown (``_SHOWN_JS``)."""
        deadline = time.monotonic() + timeout
        while True:
            found, said = shown(self.d, css, xpath, text, enabled)
            if found or time.monotonic() > deadline:
                return found, said
            time.sleep(0.05)

    def _find(self, css: str, timeout: float = 30):
        found, _ = self._shown(css, timeout=timeout)
        if not found:
            raise AssertionError(f"nothing to click at {css}")
        return found[0]

    def _press(self, element) -> None:
        """A click where the element is (a real mouse click; a tap if something covers it)."""
        from selenium.common.exceptions import ElementClickInterceptedException

        since = runs(self.d, painted=True)  # after the scroll that brought it into view was laid out and painted
        try:
            element.click()
        except ElementClickInterceptedException:
            self.d.execute_script("arguments[0].click();", element)
        self.ok(since)

    def click(self, label: str) -> None:
        """Click the button that says ``label``."""
        buttons, _ = self._shown(xpath=f"//button[normalize-space(.)={_xpath(label)}]", enabled=True)
        assert buttons, f"no button {label!r}"
        self._press(buttons[0])

    def follow(self, label: str) -> None:
        """Click the link that says ``label`` (a page link)."""
        from selenium.webdriver.common.by import By

        links = [a for a in self.d.find_elements(By.CSS_SELECTOR, '[data-testid="stMain"] a')
                 if a.text.strip().endswith(label) and a.is_displayed()]
        assert links, f"no link {label!r}"
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", links[0])
        self._press(links[0])

    def choices(self, key: str) -> list[str]:
        """The choices of the radio Streamlit drew with ``key``, as shown."""
        self._find(f".st-key-{key}")
        return self.d.execute_script(_READ_FN + "return [...document.querySelectorAll(arguments[0])].map(ppRead);",
                                     f'.st-key-{key} [role="radiogroup"] label')

    def click_key(self, key: str) -> None:
        """Click the button Streamlit drew with ``key``."""
        self._press(self._find(f".st-key-{key} button"))

    def expand(self, label: str) -> None:
        """Open the expander titled ``label`` (if it is closed)."""
        summary = self.d.execute_script(_READ_FN + r"""
            for (const e of document.querySelectorAll('[data-testid="stExpander"] details')) {
              const summary = e.querySelector('summary');
              if (ppRead(summary).endsWith(arguments[0]) && !e.hasAttribute('open')) {
                summary.scrollIntoView({block: 'center'});
                return summary;
              }
            }
            return null;""", label)
        if summary is not None:
            self._press(summary)

    def tab(self, label: str) -> None:
        from selenium.webdriver.common.by import By

        tabs = [t for t in self.d.find_elements(By.CSS_SELECTOR, '[role="tab"]') if t.text.strip() == label]
        assert tabs, f"no tab {label!r}"
        self._press(tabs[0])

    def choose(self, key: str, label: str) -> None:
        """Click the radio choice that says ``label`` (in the radio Streamlit drew with ``key``)."""
        self._find(f".st-key-{key}")
        # a rerun may still be redrawing the choices: looked for again until the one is shown
        choices, _ = self._shown(f'.st-key-{key} [role="radiogroup"] label', text=label, timeout=20)
        assert choices, f"no choice {label!r} in {key}: {self.choices(key)}"
        self._press(choices[0])

    def pick(self, key: str, label: str) -> None:
        """Open the drop-down Streamlit drew with ``key`` and click the option that says ``label``."""
        self.ok()
        deadline = time.monotonic() + 30
        opened = 0.0
        while True:
            options, shown = self._shown('[role="option"]', text=label, timeout=0)
            if options or time.monotonic() > deadline:
                break
            if not shown and time.monotonic() - opened > 3:  # not open (a click lost to a redraw): click the field again
                painted(self.d, 2)
                self._find(f".st-key-{key} input").click()
                opened = time.monotonic()
            time.sleep(0.05)
        assert options, f"no option {label!r} in {key}: {shown!r}"
        self._press(options[0])

    def pill(self, key: str, text: str):
        """The shown pill that says ``text`` among the pills Streamlit drew with ``key``, scrolled into view
        (to press with :meth:`_press`, or to read)."""
        pills, shown = self._shown(f".st-key-{key} button", text=text, timeout=0)
        assert pills, f"no pill {text!r} in {key}: {shown}"
        return pills[0]

    def step_to(self, label: str, which: int = 0) -> None:
        """On the ``which``-th board stepper of the page (:mod:`pennypress.ui.app.board_stepper`), click the step
        labelled ``label`` (a move number: the mark beside it is its own badge) -- for a stepper that tells the
        server its step, until the page has followed."""
        from selenium.webdriver.common.by import By

        stepper = self._find(".pp-stepper") if which == 0 else self.d.find_elements(By.CSS_SELECTOR, ".pp-stepper")[which]
        steps = stepper.find_elements(By.CSS_SELECTOR, ".pp-stepper-item")
        items = [b for b in steps if b.get_attribute("data-label") == label]
        assert items, f"no step {label!r}: {[b.get_attribute('data-label') for b in steps]}"
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", items[0])
        self._press(items[0])

    def audit_example(self, title: str) -> None:
        """On Audit a game: load the example game titled ``title`` and analyse it at the page's defaults,
        until its key moments are shown."""
        self.open("audit_game")
        self.choose("aud_example_pick", title)
        self.click("Load example")
        self.click("Analyse")
        self.wait_for("Key moments")

    def type_number(self, key: str, value: int) -> None:
        from selenium.webdriver.common.keys import Keys

        field = self._find(f".st-key-{key} input")
        since = runs(self.d)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(str(value), Keys.TAB)
        self.ok(since)

    def wait_for(self, text: str, timeout: float = 240) -> None:
        """Wait until ``text`` is shown (a long analysis), then until the page settles; an exception shown
        meanwhile fails the wait at once. The text is looked for in the page (``_WAIT_TEXT_JS``)."""
        from selenium.common.exceptions import JavascriptException, TimeoutException

        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never appeared"
            try:
                seen = self.d.execute_async_script(_WAIT_TEXT_JS, text, min(CHUNK, left))
            except (JavascriptException, TimeoutException):  # the document replaced under the look: look again
                seen = "not yet"
                time.sleep(0.05)
            if seen == "shown":
                break
            if seen == "problem":
                assert not self.problems(), self.problems()
        self.ok()


def _xpath(text: str) -> str:
    """``text`` as an XPath string literal (quotes included)."""
    if "'" not in text:
        return f"'{text}'"
    return "concat(" + ", \"'\", ".join(f"'{part}'" for part in text.split("'")) + ")"
