"""Benchmark of what the app waits for: the Press desk's "next best pages", the "what to do
instead" search, and each page's full run.

In one run:

- **next best pages**: ``score_levels(problem, 3)`` (ties counted, then the next 3 lower
  totals; what the Press desk shows) against ``best_layouts(problem, 4)`` (the k-best pages
  it showed before, often with the same score) on the same seeded presses; medians, p99
  and the ratio of the medians;
- **instead of pressing**: ``what_if.instead_of_pressing`` on the rulebook's
  "when not to press" position (every legal move played on a copy, each press previewed);
- **pages**: each app page run by Streamlit's ``AppTest`` (the first run, which solves,
  and a rerun, which the app's caches answer);
- **table-game recorder**: a rerun of "Audit a game" with a press chosen (the page
  builder open, the engine judging the page) against the same position with
  another kind of move chosen; medians and their ratio.

    python -m benchmarks.speed.ui [--count N] [--seed S] [--repeat R] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from tests.solver import enumerator as E  # only its seeded press generator

from pennypress.solver import PressProblem, best_layouts
from pennypress.solver.score_levels import score_levels
from benchmarks.speed import report

SEED = 1851
COUNT = 200
REPEAT = 5
PAGES = ["app_pages/press_desk.py", "app_pages/check_page.py", "app_pages/position_viewer.py",
         "app_pages/scoring_examples.py"]


def summary(values: list[float]) -> dict:
    """Median, p99 and max in milliseconds."""
    return report.summary(values, "ms", mean=False)


def timed(fn, *args) -> float:
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t


def bench_levels(count: int, seed: int) -> dict:
    problems = [PressProblem.from_json(d) for d in E.random_presses(seed, count)]
    levels = [timed(score_levels, p, 3) for p in problems]
    kbest = [timed(best_layouts, p, 4) for p in problems]
    out = {"score_levels": summary(levels), "best_layouts_4": summary(kbest)}
    out["median_ratio"] = out["score_levels"]["median_ms"] / out["best_layouts_4"]["median_ms"]
    return out


def bench_instead(repeat: int) -> dict:
    from pennypress.ui.app.what_if import instead_of_pressing
    from pennypress.ui.io.example_files import load, position_examples
    from pennypress.ui.io.positions import parse_position

    state = parse_position(load(position_examples()["when-not-to-press"]))
    moves = len(state.legal_moves())
    times = [timed(instead_of_pressing, state, 2, 3) for _ in range(repeat)]
    return {"legal_moves": moves, **summary(times)}


def bench_pages(repeat: int) -> dict:
    import logging

    logging.getLogger("streamlit").setLevel(logging.ERROR)
    from streamlit.testing.v1 import AppTest

    import pennypress.ui.app

    app = str(Path(pennypress.ui.app.__file__).with_name("streamlit_app.py"))
    out = {}
    for page in PAGES:
        first, rerun = [], []
        for _ in range(repeat):
            at = AppTest.from_file(app, default_timeout=120).run()
            t = time.perf_counter()
            at.switch_page(page).run()
            first.append(time.perf_counter() - t)
            assert not at.exception, at.exception
            rerun.append(timed(at.run))
        out[Path(page).stem] = {"first_run": summary(first), "rerun": summary(rerun)}
    return out


RECORDER_OPENING = ["assign 4 city:D:1", "assign 4 war:A:1", "assign 1 city:D:2", "assign 1 city:D:2"]


def _choose(at, move: str) -> None:
    """Pick ``move`` in the recorder as a person does: the kind of move whose choices name it, then the move."""
    from pennypress.engine.game.words import move_words

    if "aud_tbl_group" in [r.key for r in at.radio]:
        for group in at.radio(key="aud_tbl_group").options:
            at.radio(key="aud_tbl_group").set_value(group).run()
            if move_words(move) in at.radio(key="aud_tbl_move").options:
                break
    at.radio(key="aud_tbl_move").set_value(move).run()
    assert not at.exception, at.exception


def bench_recorder(repeat: int) -> dict:
    """Rerun times of the audit page's recorder at one position: a press chosen (the builder) vs another kind."""
    import logging

    logging.getLogger("streamlit").setLevel(logging.ERROR)
    from streamlit.testing.v1 import AppTest

    import pennypress.ui.app
    from pennypress.engine.game.moves import GoToPress
    from pennypress.ui.app.move_picker import GROUPS

    app = str(Path(pennypress.ui.app.__file__).with_name("streamlit_app.py"))
    at = AppTest.from_file(app, default_timeout=120).run()
    at.switch_page("app_pages/audit_game.py").run()
    at.number_input(key="aud_tbl_players").set_value(2)
    at.number_input(key="aud_tbl_seed").set_value(11)
    at.button(key="aud_tbl_new").click().run()
    for move in RECORDER_OPENING:
        _choose(at, move)
        at.button(key="aud_tbl_play").click().run()
    press_group = next(name for name, kind in GROUPS if kind is GoToPress)
    other = next(g for g in at.radio(key="aud_tbl_group").options if g != press_group)
    times: dict[str, list[float]] = {press_group: [], other: []}
    for _ in range(repeat):
        for group in times:
            at.radio(key="aud_tbl_group").set_value(group).run()
            assert not at.exception, at.exception
            times[group].append(timed(at.run))
    press, plain = summary(times[press_group]), summary(times[other])
    return {"press": press, "other": plain, "other_group": other,
            "ratio": round(press["median_ms"] / plain["median_ms"], 2)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=COUNT)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--repeat", type=int, default=REPEAT)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    report = {"levels": bench_levels(args.count, args.seed), "instead": bench_instead(args.repeat),
              "pages": bench_pages(args.repeat), "recorder": bench_recorder(args.repeat)}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    lv = report["levels"]
    print(f"next best pages, {args.count} seeded presses (seed {args.seed}):")
    for name in ("score_levels", "best_layouts_4"):
        s = lv[name]
        print(f"  {name:<16} median {s['median_ms']:7.2f} ms   p99 {s['p99_ms']:7.2f} ms   max {s['max_ms']:7.2f} ms")
    print(f"  score_levels / best_layouts(4), medians: {lv['median_ratio']:.2f}x")
    ins = report["instead"]
    print(f"instead of pressing (when-not-to-press, {ins['legal_moves']} legal moves): "
          f"median {ins['median_ms']:.1f} ms, max {ins['max_ms']:.1f} ms")
    print(f"app pages (AppTest, {args.repeat} runs each): first run / rerun medians")
    for page, s in report["pages"].items():
        print(f"  {page:<18} {s['first_run']['median_ms']:8.1f} ms   {s['rerun']['median_ms']:8.1f} ms")
    rec = report["recorder"]
    print(f"table-game recorder rerun (AppTest, {args.repeat} runs each): press chosen, page builder open "
          f"{rec['press']['median_ms']:.1f} ms, {rec['other_group']} chosen {rec['other']['median_ms']:.1f} ms: "
          f"x{rec['ratio']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
