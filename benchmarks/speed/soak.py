"""The app under use: a soak of ``pennypress ui`` by several headless browsers at once.

Starts ``pennypress ui`` (as the browser tests do, ``tests/ui/browser_helpers.py``) and drives
``--sessions`` headless Chromium sessions at once, each on its own thread, for ``--minutes``, at a
desktop's 1400 px and a phone's 390 px in turn (:data:`WIDTHS`). Each
session loops through the app's journeys, each once a round in a seeded random order (``--seed``;
session ``i`` draws from ``Random(seed * 1000 + i)``), each journey opening its page by its address (a
new session of the app, as a person opening a tab; the time to open it is recorded as its ``open`` step):

- **analyse**: deal a new game (a random seed) on the Analysis board, **Analyse** until the
  ranking is shown, **Play this move**, draw the card if one is drawn, **Analyse** again;
- **audit**: load an example record -- "a winning final press declined" (one decision), or a whole two-player
  game at 2 playouts a decision -- **Analyse** until the key moments are shown, then open a few of
  the game's decisions (every newspaper's) until each one's title is shown;
- **play**: start a game against two greedy bots (a random seed), then a few moves played by
  clicking a story on the board, the move in the choice, **Play this move**, until the bots
  have answered (a game played alongside by the benchmark says what the page must show);
- **puzzles**: press-or-wait puzzles answered (rightly) and **Next puzzle →**.

Recorded: for every click, the time until the answer is on the page (the text that says it has
appeared -- or the text it replaces is gone -- and the app has finished its run), polled every
50 ms; every error the page shows (an exception box, a traceback, an ``st.error`` box) and the
browser console's errors (``SEVERE``), and every step that fails (a time-out, a missing button);
and, every ``--sample`` seconds, the resident memory (RSS) of the app's processes (``pennypress
ui``, Streamlit and any child). The first ``--warmup`` minutes are the warm-up: the clicks of the
summary are those after it, and memory growth is measured from its end (the mean RSS of the 30 s
before it ends) to the end of the run (the mean of the last 30 s).

The targets (issue #36): after the warm-up memory grows by at most 10%, 0 errors; the 95th
percentile of click-to-answer is stated. JSON to ``--out`` (and the summary to stdout); progress to
stderr. The real run (about 22 minutes, on a quiet machine):

    python -m benchmarks.speed.soak --sessions 4 --minutes 20 --seed 1 --out soak.json

It is not part of ``python3 run.py bench``'s default set (it runs for 20 minutes): ``python3 run.py
bench soak --record`` runs it at its defaults and records it for docs/results.md.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import random
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.speed.__main__ import commit  # the commit a record was measured on
from benchmarks.speed.report import percentile
from tests.ui import browser_helpers as bh  # the browser tests' driver of the app

JOURNEYS = ("analyse", "audit", "play", "puzzles")
WIDTHS = (1400, 390)
"""The sessions' widths in turn: a desktop's 1400 px, a phone's 390 px."""
SESSIONS, MINUTES, WARMUP, SEED, SAMPLE = 4, 20.0, 3.0, 1, 5.0
STEP_TIMEOUT = 240.0
"""Seconds a click may take to be answered before the step counts as failed (an analysis on a loaded machine)."""
GROWTH_TARGET = 10.0
"""Percent: the most the app's memory may grow after the warm-up."""
WINDOW = 30.0
"""Seconds of RSS samples averaged at the end of the warm-up and at the end of the run."""

_ANSWERED = r"""
const [appears, gone] = [arguments[0], arguments[1]];
if (document.querySelector('[data-testid="stStatusWidget"]') || document.querySelector('[data-stale="true"]')
    || document.querySelector('[data-testid="stSkeleton"]')) return false;
const main = document.querySelector('[data-testid="stMain"]');
const text = main ? main.innerText : '';
return (appears === null || text.includes(appears)) && (gone === null || !text.includes(gone));
"""

_SHOWN_ERRORS = r"""
const out = [];
for (const e of document.querySelectorAll('[data-testid="stException"], [data-testid="stAlertContentError"]'))
  out.push(e.innerText.trim().slice(0, 300));
const main = document.querySelector('[data-testid="stMain"]');
const text = main ? main.innerText : '';
const at = text.indexOf('Traceback');
if (at >= 0) out.push(text.slice(at, at + 300));
return out;
"""


_BENIGN = (
    # Streamlit's page first probes its server under the page's own path (/audit_game/_stcore/health), then
    # at the root: the 404s of the probe are Streamlit's way of finding its base path, not the app's errors
    re.compile(r"^https?://127\.0\.0\.1:\d+/[A-Za-z_]+/_stcore/(health|host-config) - Failed to load resource: "
               r"the server responded with a status of 404"),
    # anything off this machine (an icon font): the machine running the soak may have no network
    re.compile(r"^https?://(?!127\.0\.0\.1[:/])\S+ - Failed to load resource: net::ERR_"),
)
"""Console messages that are not the app's errors (counted apart, ``ignored_console``)."""


def benign(message: str) -> bool:
    """Whether a console error is one of :data:`_BENIGN`.

    >>> benign("http://127.0.0.1:5555/audit_game/_stcore/health - Failed to load resource: the server responded "
    ...        "with a status of 404 (Not Found)")
    True
    >>> benign("https://fonts.gstatic.com/s/i/x.svg - Failed to load resource: net::ERR_NAME_NOT_RESOLVED")
    True
    >>> benign("http://127.0.0.1:5555/_stcore/stream - WebSocket connection failed")
    False
    """
    return any(p.search(message) for p in _BENIGN)


class StepFailed(Exception):
    """A click that was not answered, or a button that was not there."""


@dataclass
class Session:
    """One browser's record: its clicks and the errors it saw."""

    index: int
    width: int = 0
    clicks: list[dict] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    ignored_console: int = 0
    unmeasured: list[dict] = field(default_factory=list)
    journeys: dict[str, int] = field(default_factory=dict)


class Driver:
    """One headless Chromium playing journeys on the app, timing each click."""

    def __init__(self, session: Session, url: str, rng: random.Random, started: float):
        self.s, self.rng, self.started = session, rng, started
        self.driver = bh.make_driver(bh.DESKTOP, console=True)
        self.driver.set_script_timeout(60)
        self.width = session.width = WIDTHS[session.index % len(WIDTHS)]
        if self.width == 390:  # every other session is a phone (the board one beat under the other)
            bh.set_phone(self.driver)
        self.page = bh.Page(self.driver, url)
        self.journey = ""

    def now(self) -> float:
        return time.monotonic() - self.started

    # ------------------------------------------------------------------ looking
    def has(self, text: str) -> bool:
        return bool(self.driver.execute_script(_ANSWERED, text, None))

    def check(self, step: str) -> None:
        """Every error shown on the page and in the browser's console, recorded."""
        for shown in self.driver.execute_script(_SHOWN_ERRORS):
            self.error("page", step, shown)
        for entry in self.driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                if benign(entry.get("message", "")):
                    self.s.ignored_console += 1
                else:
                    self.error("console", step, entry.get("message", "")[:300])

    def error(self, kind: str, step: str, message: str) -> None:
        self.s.errors.append({"t": round(self.now(), 1), "session": self.s.index, "journey": self.journey,
                              "step": step, "kind": kind, "message": message})
        print(f"[soak] session {self.s.index} {self.journey}/{step}: {kind} error: {message[:160]}",
              file=sys.stderr, flush=True)

    def tail(self) -> str:
        """The last words of the page (what a failed step left on screen)."""
        try:
            return " ".join(self.page.text().split())[-200:]
        except Exception as exc:  # the browser itself may be what failed
            return f"(unreadable: {type(exc).__name__})"

    def screenshot(self) -> None:
        """The page as a failed step left it, in ``test-artifacts/`` (git-ignored)."""
        try:
            bh.ARTIFACTS.mkdir(exist_ok=True)
            name = f"soak-failed-{self.s.index}-{self.journey}-{int(self.now())}.png"
            self.driver.save_screenshot(str(bh.ARTIFACTS / name))
        except Exception:  # the browser itself may be what failed: the error is recorded already
            pass

    # ------------------------------------------------------------------ doing
    def button(self, label: str):
        from selenium.webdriver.common.by import By

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = [b for b in self.driver.find_elements(By.XPATH, f"//button[normalize-space(.)={bh._xpath(label)}]")
                     if b.is_displayed() and b.is_enabled()]
            if found:
                return found[0]
            time.sleep(0.2)
        raise StepFailed(f"no button {label!r}")

    def timed(self, step: str, element, appears: str | None = None, gone: str | None = None,
              mouse: bool = False) -> float:
        """Click ``element`` and wait until ``appears`` is shown (and ``gone`` is not) and the app has
        finished its run; the milliseconds from the click, recorded."""
        from selenium.common.exceptions import ElementClickInterceptedException
        from selenium.webdriver.common.action_chains import ActionChains

        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        bh.quiet(self.driver)
        # the answer must not be on the page before the click, or its time would be nothing: such a click is
        # listed apart (``unmeasured``), never timed
        measurable = not self.driver.execute_script(_ANSWERED, appears, gone)
        t0 = time.perf_counter()
        if mouse:
            ActionChains(self.driver).move_to_element(element).click().perform()
        else:
            try:
                element.click()
            except ElementClickInterceptedException:
                self.driver.execute_script("arguments[0].click();", element)
        deadline = t0 + STEP_TIMEOUT
        while not self.driver.execute_script(_ANSWERED, appears, gone):
            if time.perf_counter() > deadline:
                raise StepFailed(f"{step}: not answered within {STEP_TIMEOUT:.0f} s (waiting for "
                                 f"{appears!r} to appear, {gone!r} to go)")
            time.sleep(0.05)
        ms = (time.perf_counter() - t0) * 1000
        if measurable:
            self.s.clicks.append({"t": round(self.now(), 1), "session": self.s.index, "journey": self.journey,
                                  "step": step, "ms": round(ms, 1)})
        else:
            self.s.unmeasured.append({"session": self.s.index, "journey": self.journey, "step": step})
        bh.quiet(self.driver)
        self.check(step)
        return ms

    def open(self, path: str, appears: str) -> None:
        """Open a page by its address (a new session of the app) and time it until ``appears`` is shown."""
        t0 = time.perf_counter()
        self.driver.get(f"{self.page.url}/{path}")
        while not self.driver.execute_script(_ANSWERED, appears, None):
            if time.perf_counter() - t0 > STEP_TIMEOUT:
                raise StepFailed(f"open: {appears!r} not shown within {STEP_TIMEOUT:.0f} s")
            time.sleep(0.05)
        self.s.clicks.append({"t": round(self.now(), 1), "session": self.s.index, "journey": self.journey,
                              "step": "open", "ms": round((time.perf_counter() - t0) * 1000, 1)})
        bh.quiet(self.driver)
        self.check("open")

    # ------------------------------------------------------------------ the journeys
    def analyse(self) -> None:
        self.open("analysis_board", "How long to think")
        p = self.page
        p.expand("Load a position")
        p.tab("New game")
        seed = self.rng.randrange(2, 10_000)
        p.type_number("ab_deal_seed", seed)
        self.timed("deal", self.button("Deal a new game"), appears=f"New game: 3 newspapers, seed {seed}")
        self.timed("analyse", self.button("Analyse"), appears="Every move, ranked")
        self.timed("play best", self.button("Play this move"), appears="The line played", gone="Every move, ranked")
        if self.has("a headline card is drawn now"):
            self.timed("draw", self.button("Draw at random"), gone="a headline card is drawn now")
        if not self.has("Game over"):
            self.timed("analyse again", self.button("Analyse"), appears="Every move, ranked")

    def audit(self) -> None:
        self.open("audit_game", "Load example")
        p = self.page
        whole = self.rng.random() < 0.5  # a whole game (its decisions to open), or the README's one decision
        p.choose("aud_example_pick", "Two players: every newspaper played by the greedy bot (deal 11)" if whole
                 else "Three players: a winning final press declined")
        self.timed("load example", self.button("Load example"), appears="How thorough")
        if whole:  # a person in a hurry: few playouts a decision (a detail)
            p.expand("Details")
            p.type_number("aud_playouts", 2)
        self.timed("analyse", self.button("Analyse"), appears="Key moments")
        p.choose("aud_focus", "Every newspaper")
        for _ in range(self.rng.randint(2, 4)):  # decisions opened: one other than the one open, its title shown
            from selenium.webdriver.common.by import By

            shown = re.search(r"Move (\d+), The ", p.text())
            if shown is None:
                raise StepFailed("no decision open")
            pills = [(b, b.text.split()[0]) for b in self.driver.find_elements(
                By.CSS_SELECTOR, ".st-key-aud_pick button") if b.text.strip() and b.text.split()[0] != shown.group(1)]
            if not pills:
                break
            pill, ply = self.rng.choice(pills)
            self.timed("open decision", pill, appears=f"Move {ply}, The ", gone=f"Move {shown.group(1)}, The ")

    def play(self) -> None:
        from selenium.webdriver.common.by import By

        from pennypress.engine.arena.seats import make_bot
        from pennypress.engine.arena.table_game import TableGame
        from pennypress.engine.game.moves import Assign
        from pennypress.engine.game.names import story_name
        from pennypress.engine.game.words import move_words

        self.open("play_game", "Start the game")
        p = self.page
        seed = self.rng.randrange(1, 10_000)
        shadow = TableGame.new(3, 1, ["greedy", "greedy"], seed=seed)
        shadow.run_bots()
        p.pick("play_me", "The Sun")
        p.type_number("play_seed", seed)
        self.timed("start", self.button("Start the game"), appears="Your turn, The Sun")
        mine = make_bot("greedy", self.rng.randrange(1 << 30))
        for _ in range(self.rng.randint(3, 6)):
            if shadow.is_over:
                break
            assigns = [m for m in shadow.state.legal_moves() if isinstance(m, Assign)]
            if not assigns:
                break
            move = mine.choose(shadow.view())
            if not isinstance(move, Assign):
                move = self.rng.choice(assigns)
            layout = self.driver.execute_script(
                "const w = document.querySelector('.pp-click .pp-wide');"
                "return w && w.getClientRects().length ? '.pp-wide' : '.pp-narrow';")
            target = p._find(f'.pp-click {layout} [data-story-id="{move.story}"] rect[data-story]')
            asked = f"{story_name(move.story)}: what will you do?"
            self.timed("board click", target, appears=asked, mouse=True)
            words = move_words(move)
            if not self.has(f"Your move: {words}"):
                labels = [c for c in self.driver.find_elements(
                    By.CSS_SELECTOR, '.st-key-play_choice [role="radiogroup"] label') if c.text.strip() == words]
                if not labels:
                    raise StepFailed(f"no choice {words!r} after the click on {story_name(move.story)}")
                self.timed("choose", labels[0], appears=f"Your move: {words}")
            shadow.play(move)
            shadow.run_bots()
            self.timed("play move", self.button("Play this move"), appears=shadow.events[-1].words, gone=asked)

    def puzzles(self) -> None:
        from pennypress.engine.puzzles import check_answer, load_puzzles

        self.open("puzzles", "Puzzle 1 of")
        p = self.page
        p.choose("pz_kind", "Press or wait?")
        shipped = load_puzzles().filter(kind="press-or-wait")
        p.wait_for(f"Puzzle 1 of {len(shipped)}: Press or wait?")
        for _ in range(self.rng.randint(2, 4)):
            shown = re.search(r"Puzzle (\d+) of \d+: Press or wait\?", p.text())
            if shown is None:
                raise StepFailed("no press-or-wait puzzle shown")
            k = int(shown.group(1))
            puzzle = shipped[k - 1]
            answer = "press" if puzzle.answer == ("press",) else "wait"
            self.timed("answer", self.button("Press now" if answer == "press" else "Wait"),
                       appears=check_answer(puzzle, answer).why[0])
            if k < len(shipped):
                self.timed("next puzzle", self.button("Next puzzle →"), appears=f"Puzzle {k + 1} of {len(shipped)}")

    # ------------------------------------------------------------------ the loop
    def run(self, until: float, stop: threading.Event) -> None:
        order: list[str] = []
        failed = 0
        try:
            while self.now() < until and not stop.is_set():
                if not order:  # each journey once a round, the round's order drawn from the session's seed
                    order = self.rng.sample(JOURNEYS, len(JOURNEYS))
                self.journey = order.pop()
                self.s.journeys[self.journey] = self.s.journeys.get(self.journey, 0) + 1
                try:
                    getattr(self, self.journey)()
                    failed = 0
                except Exception as exc:  # a failed step is an error of the run; the next journey starts afresh
                    said = str(exc).splitlines()[0] if str(exc) else ""
                    self.error("step failed", "", f"{type(exc).__name__}: {said}; the page ends: {self.tail()!r}")
                    self.screenshot()
                    failed += 1
                    if failed >= 3:  # the browser itself may be gone: a new one, so the run goes on measuring
                        self.restart()
                        failed = 0
        finally:
            bh.quit_driver(self.driver)

    def restart(self) -> None:
        try:
            bh.quit_driver(self.driver)
        except Exception:  # already gone
            pass
        self.driver = bh.make_driver(bh.DESKTOP, console=True)
        self.driver.set_script_timeout(60)
        if self.width == 390:
            bh.set_phone(self.driver)
        self.page = bh.Page(self.driver, self.page.url)


# ------------------------------------------------------------------ memory
def rss_bytes(pid: int) -> int:
    """The resident memory of process ``pid`` and all its descendants."""
    import psutil

    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for p in procs:
        try:
            total += p.memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total


def sample_memory(pid: int, started: float, every: float, samples: list, stop: threading.Event) -> None:
    while not stop.is_set():
        samples.append((round(time.monotonic() - started, 1), rss_bytes(pid)))
        stop.wait(every)


# ------------------------------------------------------------------ figures
def timing(values: list[float]) -> dict:
    if not values:
        return {"n": 0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    return {"n": len(values), "p50_ms": round(statistics.median(values), 1),
            "p95_ms": round(percentile(values, 0.95), 1), "max_ms": round(max(values), 1)}


def _mean_between(samples: list, lo: float, hi: float) -> float | None:
    """The mean RSS of the samples taken from ``lo`` up to (not at) ``hi`` seconds."""
    got = [rss for t, rss in samples if lo <= t < hi and rss]
    return statistics.fmean(got) if got else None


def memory_figures(samples: list, warmup_s: float) -> dict:
    """RSS at the end of the warm-up, its largest after it and at the end (MB), and the growth in percent."""
    mb = 1 / (1 << 20)
    if not samples:
        return {"warm_mb": None, "max_mb": None, "end_mb": None, "growth_pct": None, "max_growth_pct": None}
    end_t = samples[-1][0]
    warm = (_mean_between(samples, warmup_s - WINDOW, warmup_s) or _mean_between(samples, 0, warmup_s)
            or samples[0][1])  # no warm-up: from the first sample
    end = _mean_between(samples, end_t - WINDOW, end_t + 1)
    after = [rss for t, rss in samples if t >= warmup_s]
    if warm is None or end is None or not after:
        return {"warm_mb": None, "max_mb": None, "end_mb": None, "growth_pct": None, "max_growth_pct": None}
    return {"warm_mb": round(warm * mb, 1), "max_mb": round(max(after) * mb, 1), "end_mb": round(end * mb, 1),
            "growth_pct": round(100 * (end - warm) / warm, 1),
            "max_growth_pct": round(100 * (max(after) - warm) / warm, 1)}


PROBE = Path(__file__).resolve().parent / "soak_probe"
"""The memory probe's folder (``soak_probe/sitecustomize.py``), put on the app's ``PYTHONPATH`` by ``--probe``."""


def probe_env(path: Path) -> dict[str, str]:
    """The app's environment with the memory probe writing to ``path`` (``--probe``)."""
    import os

    return {**os.environ, "PENNYPRESS_SOAK_PROBE": str(path),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(PROBE), os.environ.get("PYTHONPATH")]))}


def soak(sessions: int, minutes: float, seed: int, warmup: float, sample: float, probe: Path | None = None) -> dict:
    """Run the soak; its whole record (see the module). With ``probe``, the app runs with the memory probe."""
    url, proc = bh.start_app(env=None if probe is None else probe_env(probe))
    started = time.monotonic()
    samples: list = []
    stop, sampling_stop = threading.Event(), threading.Event()
    sampler = threading.Thread(target=sample_memory, args=(proc.pid, started, sample, samples, sampling_stop),
                               daemon=True)
    sampler.start()
    records = [Session(i) for i in range(sessions)]
    threads = []
    try:
        for rec in records:
            drv = Driver(rec, url, random.Random(seed * 1000 + rec.index), started)
            t = threading.Thread(target=drv.run, args=(minutes * 60, stop), name=f"soak-{rec.index}")
            t.start()
            threads.append(t)
        last = 0.0
        while any(t.is_alive() for t in threads):
            time.sleep(1)
            now = time.monotonic() - started
            if now - last >= 30:
                last = now
                rss = samples[-1][1] / (1 << 20) if samples else 0
                print(f"[soak] {now / 60:5.1f} min: {sum(len(r.clicks) for r in records)} clicks, "
                      f"{sum(len(r.errors) for r in records)} errors, app RSS {rss:.0f} MB",
                      file=sys.stderr, flush=True)
    except BaseException:
        stop.set()
        raise
    finally:
        for t in threads:
            t.join()
        samples.append((round(time.monotonic() - started, 1), rss_bytes(proc.pid)))
        sampling_stop.set()
        sampler.join()
        bh.stop_app(proc)
        log = bh.app_log(proc)
        Path(proc.pennypress_log).unlink(missing_ok=True)
    elapsed = time.monotonic() - started
    clicks = [c for r in records for c in r.clicks]
    errors = sorted((e for r in records for e in r.errors), key=lambda e: e["t"])
    if "Traceback" in log:
        errors.append({"t": round(elapsed, 1), "session": None, "journey": "", "step": "", "kind": "server",
                       "message": log[log.index("Traceback"):][:600]})
    warmup_s = warmup * 60
    after = [c for c in clicks if c["t"] >= warmup_s]
    per_journey = {j: timing([c["ms"] for c in after if c["journey"] == j]) for j in JOURNEYS}
    per_step = {f"{c['journey']}/{c['step']}": None for c in after}
    for key in per_step:
        j, s = key.split("/", 1)
        per_step[key] = timing([c["ms"] for c in after if c["journey"] == j and c["step"] == s])
    memory = memory_figures(samples, warmup_s)
    return {
        "command": "python -m benchmarks.speed.soak " + " ".join(sys.argv[1:]) if sys.argv[1:] else
        "python -m benchmarks.speed.soak",
        "commit": commit(), "date": datetime.date.today().isoformat(),
        "sessions": sessions, "widths": [r.width for r in records], "minutes": minutes, "warmup_minutes": warmup,
        "seed": seed,
        "seconds": round(elapsed), "journeys": {j: sum(r.journeys.get(j, 0) for r in records) for j in JOURNEYS},
        "clicks": {"total": len(clicks), "after_warmup": len(after),
                   "per_journey": {j: sum(1 for c in after if c["journey"] == j) for j in JOURNEYS}},
        "click_to_answer": {"overall": timing([c["ms"] for c in after]), "per_journey": per_journey,
                            "per_step": per_step},
        "errors": errors,
        "ignored_console": sum(r.ignored_console for r in records),
        "unmeasured": [u for r in records for u in r.unmeasured],
        "memory": {**memory, "sample_seconds": sample, "samples": samples},
        "targets": {"growth_pct_at_most": GROWTH_TARGET,
                    "growth_met": memory["growth_pct"] is not None and memory["growth_pct"] <= GROWTH_TARGET,
                    "errors_met": not errors},
        "click_log": clicks,
    }


def summary(out: dict) -> str:
    """The run in words (what docs/results.md quotes)."""
    def fmt(t: dict) -> str:
        if not t["n"]:
            return "no clicks"
        return f"p50 {t['p50_ms']:7.0f} ms   p95 {t['p95_ms']:7.0f} ms   max {t['max_ms']:7.0f} ms   ({t['n']} clicks)"

    m, c = out["memory"], out["click_to_answer"]
    lines = [f"The app under use: {out['sessions']} browser sessions for {out['minutes']:g} minutes "
             f"(seed {out['seed']}, warm-up {out['warmup_minutes']:g} min; {out['seconds']} s in all)",
             "  widths: " + ", ".join(f"{w} px" for w in out["widths"]),
             "  journeys: " + ", ".join(f"{j} {n}" for j, n in out["journeys"].items()),
             f"  clicks: {out['clicks']['total']} ({out['clicks']['after_warmup']} after the warm-up: "
             + ", ".join(f"{j} {n}" for j, n in out["clicks"]["per_journey"].items()) + ")",
             "  click to answer, after the warm-up:"]
    lines += [f"    {j:<10} {fmt(t)}" for j, t in c["per_journey"].items()]
    lines.append(f"    {'overall':<10} {fmt(c['overall'])}")
    if m["warm_mb"] is not None:
        lines.append(f"  app memory (RSS): {m['warm_mb']:.0f} MB at the end of the warm-up, {m['max_mb']:.0f} MB at "
                     f"most after it, {m['end_mb']:.0f} MB at the end: growth {m['growth_pct']:+.1f}% "
                     f"(largest {m['max_growth_pct']:+.1f}%)")
    else:
        lines.append("  app memory (RSS): too few samples after the warm-up to measure growth")
    if out["unmeasured"]:
        lines.append(f"  clicks not timed (their answer was shown before the click): {len(out['unmeasured'])}")
    lines.append(f"  errors: {len(out['errors'])}")
    lines += [f"    {e['t']:7.1f} s  session {e['session']} {e['journey']}/{e['step']} {e['kind']}: "
              f"{e['message'][:140]}" for e in out["errors"][:20]]
    t = out["targets"]
    lines.append(f"  target: memory grows by at most {t['growth_pct_at_most']:g}% after the warm-up: "
                 f"{'met' if t['growth_met'] else 'NOT met'}")
    lines.append(f"  target: 0 errors: {'met' if t['errors_met'] else 'NOT met'}")
    p95 = c["overall"]["p95_ms"]
    lines.append(f"  95th percentile of click to answer, after the warm-up: "
                 + (f"{p95:.0f} ms" if p95 is not None else "no clicks"))
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:
        print(f"soak: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="python -m benchmarks.speed.soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=SESSIONS, help=f"browser sessions at once (default {SESSIONS})")
    ap.add_argument("--minutes", type=float, default=MINUTES, help=f"how long they run (default {MINUTES:g})")
    ap.add_argument("--warmup", type=float, default=WARMUP, help=f"minutes of warm-up left out (default {WARMUP:g})")
    ap.add_argument("--seed", type=int, default=SEED, help=f"the journeys' seed (default {SEED})")
    ap.add_argument("--sample", type=float, default=SAMPLE, help=f"seconds between memory samples (default {SAMPLE:g})")
    ap.add_argument("--out", metavar="FILE", help="write the whole record (every click, sample and error) as JSON")
    ap.add_argument("--json", action="store_true", help="print the record as JSON instead of the summary")
    ap.add_argument("--probe", metavar="FILE", help="run the app with the memory probe (soak_probe/), a JSON line to "
                    "FILE every minute: what grew (slows the app: not for the soak's figures)")
    args = ap.parse_args(argv)
    if args.sessions < 1 or args.sessions > 16:
        ap.error(f"--sessions: expected 1 to 16, got {args.sessions}")
    if not (0 < args.minutes <= 24 * 60) or not math.isfinite(args.minutes):
        ap.error(f"--minutes: expected a positive number of minutes, got {args.minutes:g}")
    if not (0 <= args.warmup < args.minutes):
        ap.error(f"--warmup: expected 0 or more minutes, less than --minutes ({args.minutes:g}), got {args.warmup:g}")
    if not (0.5 <= args.sample <= 60):
        ap.error(f"--sample: expected 0.5 to 60 seconds, got {args.sample:g}")
    if args.seed < 0:
        ap.error(f"--seed: expected 0 or more, got {args.seed}")
    if args.out is not None and not Path(args.out).resolve().parent.is_dir():
        ap.error(f"--out: no folder {Path(args.out).resolve().parent}")
    reason = bh.missing()
    if reason is not None:
        print(f"soak: cannot run: {reason}", file=sys.stderr)
        return 2
    print(f"[soak] {args.sessions} sessions for {args.minutes:g} minutes (warm-up {args.warmup:g}), seed {args.seed}",
          file=sys.stderr, flush=True)
    if args.probe is not None and not Path(args.probe).resolve().parent.is_dir():
        ap.error(f"--probe: no folder {Path(args.probe).resolve().parent}")
    out = soak(args.sessions, args.minutes, args.seed, args.warmup, args.sample,
               None if args.probe is None else Path(args.probe).resolve())
    if args.probe is not None:
        out["probe"] = str(args.probe)
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(out, indent=1, ensure_ascii=False) if args.json else summary(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
