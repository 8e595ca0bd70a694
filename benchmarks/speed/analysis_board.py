"""Benchmark of the analysis board as a player waits for it: from the click on **Analyse** to the verdict
on screen, in the real app in headless Chromium, for each way of thinking (Quick, Thorough, Deep).

One ``pennypress ui`` and one browser for the run. For each position and budget, ``--repeat`` times: the
page opened afresh (a new session), the position loaded by clicks (the built-in example, or a new
3-newspaper deal at seed 1: a busy opening where the search runs longer), the budget chosen by its label,
then the click on **Analyse** is timed in the page itself (``performance.now()`` from the click until the
verdict, ``.pp-verdict``, is in the document). Printed: the median and the slowest run per position and
budget, beside the advisor's own time for the same analysis (``advise`` in this process, the median of the
same count), so the ratio says what the page adds to the search.

Needs Chromium, chromedriver and selenium (as the browser tests do).

    python -m benchmarks.speed.analysis_board [--repeat 10] [--budgets fast normal deep] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

QUICK_TARGET_S = 1.5
"""Issue #55's target: Quick's verdict on screen within this many seconds of the click (median)."""

POSITIONS = ("example", "new deal")
"""The built-in example (the page's first position) and a new 3-newspaper deal at seed 1."""

_TIMED_CLICK = r"""
const done = arguments[arguments.length - 1];
const button = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'Analyse');
const t0 = performance.now();
button.click();
const poll = () => {
  if (document.querySelector('.pp-verdict')) { done(performance.now() - t0); return; }
  if (performance.now() - t0 > 120000) { done(-1); return; }
  setTimeout(poll, 5);
};
poll();
"""


def _load(page, position: str) -> None:
    page.open("analysis_board")
    if position == "new deal":
        page.expand("Load a position")
        page.tab("New game")
        page.click("Deal a new game")
        assert "New game: 3 newspapers, seed 1" in page.text()


def browser_seconds(page, position: str, budget: str, repeat: int) -> list[float]:
    """Seconds from the click on Analyse to the verdict on screen, ``repeat`` fresh sessions."""
    from pennypress.ui.app.analysis_view import THINKING

    page.d.set_script_timeout(180)
    times = []
    for _ in range(repeat):
        _load(page, position)
        page.choose("ab_budget", THINKING[budget])
        ms = page.d.execute_async_script(_TIMED_CLICK)
        assert ms >= 0, "the verdict never appeared"
        times.append(ms / 1000)
        page.ok()
    return times


def advise_seconds(position: str, budget: str, repeat: int) -> list[float]:
    """The advisor's own wall time for the same analysis (seed 0, as the page), in this process."""
    from pennypress.engine import new_game
    from pennypress.engine.advisor import advise
    from pennypress.ui.io.example_files import load, position_examples
    from pennypress.ui.io.positions import parse_position

    state = (parse_position(load(position_examples()["when-not-to-press"])) if position == "example"
             else new_game(3, seed=1))
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        advise(state, budget, seed=0)
        times.append(time.perf_counter() - t)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--budgets", nargs="+", default=["fast", "normal", "deep"], choices=["fast", "normal", "deep"])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from tests.ui.browser_helpers import DESKTOP, Page, make_driver, missing, quit_driver, start_app, stop_app

    why = missing()
    if why:
        print(f"cannot run: {why}", file=sys.stderr)
        return 2
    url, proc = start_app()
    driver = make_driver(DESKTOP)
    report = {}
    try:
        page = Page(driver, url)
        page.open("analysis_board")  # the first visit imports and draws everything once
        for position in POSITIONS:
            for budget in args.budgets:
                shown = browser_seconds(page, position, budget, args.repeat)
                own = advise_seconds(position, budget, args.repeat)
                report[f"{position}, {budget}"] = {
                    "verdict_median_s": statistics.median(shown), "verdict_max_s": max(shown),
                    "advise_median_s": statistics.median(own), "runs": shown}
    finally:
        quit_driver(driver)
        stop_app(proc)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"analysis board, Analyse -> verdict on screen (Chromium, {args.repeat} fresh sessions each):")
    for name, r in report.items():
        print(f"  {name:<20} median {r['verdict_median_s']:5.2f} s   slowest {r['verdict_max_s']:5.2f} s   "
              f"advise alone {r['advise_median_s']:5.2f} s   page / advise x{r['verdict_median_s'] / r['advise_median_s']:.1f}")
    quick = [r["verdict_median_s"] for name, r in report.items() if name.endswith(", fast")]
    if quick:
        met = max(quick) <= QUICK_TARGET_S
        print(f"  target: Quick to the verdict in ≤ {QUICK_TARGET_S} s (median, each position): {'met' if met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
