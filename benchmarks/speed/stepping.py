"""Benchmark of the board stepper (#55): how long a step takes to show, in the real app in headless Chromium.

One ``pennypress ui`` and one browser. Two pages, each timed in the page itself (``performance.now()``):

- **the analysis board's likely line**: the built-in example analysed at Quick, then Next and Previous
  clicked in turn (and the → / ← keys), each from the click until the stepper shows the new step and the
  browser has painted it (two animation frames) -- every position is already in the page, so no run of
  the app is involved, and the benchmark checks that none began;
- **the audit's decisions**: the 4-player example record audited at Quick -- from the click on Analyse
  until the first graded decision is listed (they are shown as they are graded), and until the decisions'
  stepper is drawn and the app is idle (the whole audit, as a player waits for it) -- then Next clicked
  in turn: until the board of the next decision is painted (in the browser), and
  until the decision opened below has followed (the app's rerun of that part of the page, done).

Medians, the 90th percentile and the largest, in milliseconds, at 1400 px and 390 px; the targets
(issue #55): a step shown in at most 100 ms, a 4-player audit in at most 6 s (medians; the audit at both
widths).

    python -m benchmarks.speed.stepping [--steps 10] [--audits 10] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from benchmarks.speed import report
from tests.ui import browser_helpers as bh  # the browser tests' driver of the app

STEPS, AUDITS = 10, 10
STEP_TARGET_MS, AUDIT_TARGET_S = 100, 6.0
FOUR = "four-player-newsboy-greedy-seed-6"
"""The 4-player example record (the audit the issue timed)."""

_STEP = r"""
const [which, how, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const s = document.querySelectorAll('.pp-stepper')[which];
const was = s.getAttribute('data-step');
const t0 = performance.now();
if (how === 'next' || how === 'prev') s.querySelector('.pp-stepper-' + how).click();
else document.dispatchEvent(new KeyboardEvent('keydown', {key: how === 'right' ? 'ArrowRight' : 'ArrowLeft',
                                                             bubbles: true}));
const painted = () => requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t0)));
const poll = () => { if (s.getAttribute('data-step') !== was) painted(); else if (performance.now() - t0 > 10000)
  done(-1); else setTimeout(poll, 1); };
poll();
"""

_ANALYSE = r"""
const done = arguments[arguments.length - 1];
const button = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'Analyse');
const t0 = performance.now();
button.click();
let first = -1;
const ready = () => document.querySelector('.pp-stepper .pp-stepper-item')
  && !document.querySelector('[data-testid="stStatusWidget"]') && !document.querySelector('[data-stale="true"]');
const poll = () => {
  if (first < 0 && document.querySelector('.pp-graded li')) first = performance.now() - t0;
  if (ready()) done([performance.now() - t0, first]); else if (performance.now() - t0 > 180000) done([-1, first]);
  else setTimeout(poll, 10); };
poll();
"""


def summary(values: list[float]) -> dict:
    """Median, p90, max (of times already in milliseconds) and the count."""
    return report.summary(values, "ms", tail=0.9, mean=False, count=True, scale=1)


def _step(page: bh.Page, which: int, how: str) -> float:
    ms = page.d.execute_async_script(_STEP, which, how)
    assert ms >= 0, f"the stepper did not step ({how})"
    return ms


def line_steps(page: bh.Page, steps: int) -> tuple[list[float], int]:
    """The likely line stepped ``steps`` times each way by clicks and keys; with the runs of the app the
    stepping began (it must be none)."""
    page.d.execute_script("document.querySelector('.pp-stepper').scrollIntoView()")
    frames = page.d.execute_script("return document.querySelectorAll('.pp-stepper')[0]"
                                   ".querySelectorAll('.pp-stepper-item').length")
    before = bh.runs(page.d)
    out = []
    for k in range(steps):
        forward = (k // (frames - 1)) % 2 == 0
        how = ("next" if forward else "prev") if k % 2 == 0 else ("right" if forward else "left")
        out.append(_step(page, 0, how))
    return out, bh.runs(page.d) - before


def analysis_line(page: bh.Page, steps: int) -> tuple[list[float], int]:
    from pennypress.ui.app.analysis_view import THINKING

    page.open("analysis_board")
    page.choose("ab_budget", THINKING["fast"])
    page.click("Analyse")
    page.wait_for("Every move, ranked")
    return line_steps(page, steps)


def audit_four(page: bh.Page, audits: int) -> tuple[list[float], list[float]]:
    """The 4-player example audited at Quick ``audits`` times, each in a fresh session: seconds until the
    decisions' stepper is drawn, and until the first graded decision was listed (``-1``: none was, the
    audit ended first)."""
    from pennypress.ui.app import audit_view as view
    from pennypress.ui.io import example_files

    title = example_files.record_title(view.record_examples()[FOUR])
    out, first = [], []
    for _ in range(audits):
        page.open("audit_game")
        page.d.execute_script("window.scrollTo(0, 0)")
        page.choose("aud_example_pick", title)
        page.click("Load example")
        ms, first_ms = page.d.execute_async_script(_ANALYSE)
        assert ms >= 0, "the audit never finished"
        out.append(ms / 1000)
        first.append(first_ms / 1000 if first_ms >= 0 else -1.0)
        page.ok()
    return out, first


def decision_steps(page: bh.Page, steps: int) -> tuple[list[float], list[float]]:
    """Next on the decisions' stepper ``steps`` times: until the board is painted, and until the decision
    opened below has followed (the app's rerun of that fragment, done)."""
    page.d.execute_script("document.querySelector('.pp-stepper').scrollIntoView()")
    shown, followed = [], []
    for _ in range(steps):
        since = bh.runs(page.d)
        t0 = time.perf_counter()
        shown.append(_step(page, 0, "next"))
        bh.quiet(page.d, since=since)
        followed.append((time.perf_counter() - t0) * 1000)
    return shown, followed


def measure(steps: int, audits: int) -> dict:
    url, proc = bh.start_app()
    driver = bh.make_driver(bh.DESKTOP)
    driver.set_script_timeout(240)
    page = bh.Page(driver, url)
    out: dict = {"steps": steps, "audits": audits}
    try:
        page.open("analysis_board")  # the first visit imports and draws everything once
        for width, setter in (("1400", bh.set_desktop), ("390", bh.set_phone)):
            setter(driver)
            line, runs = analysis_line(page, steps)
            assert runs == 0, f"stepping the likely line ran the app {runs} times"
            out[f"line_step_{width}"] = summary(line)
        for width, setter in (("390", bh.set_phone), ("1400", bh.set_desktop)):
            setter(driver)
            seconds, first = audit_four(page, audits)
            out[f"audit_four_{width}_s"] = {
                "median_s": statistics.median(seconds), "max_s": max(seconds), "runs": seconds,
                "first_decision_median_s": statistics.median(first), "first_decision_runs": first}
        shown, followed = decision_steps(page, steps)
        out["decision_step_shown"] = summary(shown)
        out["decision_step_followed"] = summary(followed)
    finally:
        bh.quit_driver(driver)
        bh.stop_app(proc)
    out["step_target_ms"], out["audit_target_s"] = STEP_TARGET_MS, AUDIT_TARGET_S
    step_medians = [out[k]["median_ms"] for k in ("line_step_1400", "line_step_390", "decision_step_shown")]
    out["step_met"] = max(step_medians) <= STEP_TARGET_MS
    out["audit_met"] = max(out[f"audit_four_{w}_s"]["median_s"] for w in ("1400", "390")) <= AUDIT_TARGET_S
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=STEPS, help=f"steps timed on each stepper (default {STEPS})")
    ap.add_argument("--audits", type=int, default=AUDITS, help=f"4-player audits timed (default {AUDITS})")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if args.steps < 2 or args.audits < 1:
        ap.error("--steps must be at least 2 and --audits at least 1")
    reason = bh.missing()
    if reason is not None:
        print(f"The board stepper -- not measured: {reason}")
        return 0
    started = time.perf_counter()
    out = measure(args.steps, args.audits)
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"The board stepper, in the browser ({args.steps} steps a stepper, {args.audits} audits)")
    for key, label in (("line_step_1400", "likely line step, 1400 px"), ("line_step_390", "likely line step, 390 px"),
                       ("decision_step_shown", "audit decision, board shown"),
                       ("decision_step_followed", "audit decision, page followed")):
        s = out[key]
        print(f"  {label:<32} median {s['median_ms']:6.0f} ms   p90 {s['p90_ms']:6.0f} ms   max {s['max_ms']:6.0f} ms")
    for width in ("1400", "390"):
        a = out[f"audit_four_{width}_s"]
        print(f"  4-player audit at Quick, {width} px, Analyse to the decisions: median {a['median_s']:.1f} s, slowest "
              f"{a['max_s']:.1f} s; the first graded decision listed after {a['first_decision_median_s']:.1f} s (median)")
    print(f"  target: a step shown in ≤ {STEP_TARGET_MS} ms (median): {'met' if out['step_met'] else 'NOT met'}")
    print(f"  target: a 4-player audit in ≤ {AUDIT_TARGET_S:.0f} s (median): {'met' if out['audit_met'] else 'NOT met'}")
    print(f"  ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
