"""Benchmark of the exact fast solver against CP-SAT, in one run on one seeded set of presses.

Presses are drawn uniformly (1-5 stories of uniform beat and shape, five
uniform values 0..6, the ad uniform over none and the 12 cells; the generator
is ``tests/solver/enumerator.uniform_presses``). Measured per press:

- **table build**: the fast solver's geometry tables, made on first use in
  this fresh process: read from the shipped data (``page_profiles.build_seconds``);
- **fast, uncached**: ``page_value`` (the hot path: items in, total/gain/T*/R*
  out), ``best_page`` (also the page in the caller's story numbers) and
  ``solve_fast`` (a full ``PressResult`` from a ``PressProblem``, breakdown
  included), each with the memo cleared before every call;
- **fast, memoised**: ``page_value`` and ``best_page`` again, every press seen;
- **CP-SAT, uncached**: ``solve(problem, use_cache=False)`` (two stages: the
  optimum, then the tie-break).

Prints median / p99 / max / mean, the CP-SAT / fast ratios, and checks that
``solve_fast`` and CP-SAT return the same result on every press.
Goals: fast uncached median <= 20 us, and >= 100x faster than CP-SAT.

    python -m benchmarks.speed.fast_solver [--count N] [--seed S] [--json] [--strict]

Exit status: 1 if the two solvers disagree on any press (or, with
``--strict``, if a goal is missed); 0 otherwise.
"""
from __future__ import annotations

import sys
import time

from tests.solver import enumerator as E  # the shared seeded press generator

from pennypress.solver import (
    PressProblem,
    best_page,
    clear_fast_cache,
    page_value,
    solve,
    solve_fast,
)
from pennypress.solver import page_profiles
from pennypress.solver.fast import items_of
from benchmarks.speed import checked_main
from benchmarks.speed.report import print_agreement, print_ratios, print_table, summary

SEED = 2015
COUNT = 2000
GOAL_FAST_MEDIAN_US = 20.0
GOAL_RATIO = 100.0


def _uncached(fn, args_list) -> list[float]:
    times = []
    for args in args_list:
        clear_fast_cache()
        t = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t)
    return times


def _cached(fn, args_list, repeats: int) -> list[float]:
    for args in args_list:
        fn(*args)
    times = []
    for _ in range(repeats):
        for args in args_list:
            t = time.perf_counter()
            fn(*args)
            times.append(time.perf_counter() - t)
    return times


def run(count: int = COUNT, seed: int = SEED, cached_repeats: int = 5) -> dict:
    build = page_profiles.build_seconds()  # first use in this fresh process: reads the tables

    docs = E.uniform_presses(seed, count)
    problems = [PressProblem.from_json(d) for d in docs]
    hot = [(items_of(p), p.ad) for p in problems]

    for p in problems[:20]:  # warm-up: first-call overheads of both solvers
        solve(p, use_cache=False)
        solve_fast(p)

    value_uncached = _uncached(page_value, hot)
    page_uncached = _uncached(best_page, hot)
    solve_fast_uncached = _uncached(solve_fast, [(p,) for p in problems])
    value_cached = _cached(page_value, hot, cached_repeats)
    page_cached = _cached(best_page, hot, cached_repeats)

    cpsat, disagreements = [], []
    for doc, p in zip(docs, problems):
        t = time.perf_counter()
        reference = solve(p, use_cache=False)
        cpsat.append(time.perf_counter() - t)
        fast = solve_fast(p).to_json()
        if fast != reference.to_json():
            disagreements.append({"press": doc, "fast": fast, "cp_sat": reference.to_json()})

    rows = {
        "fast page_value, uncached": summary(value_uncached, "us"),
        "fast best_page, uncached": summary(page_uncached, "us"),
        "fast solve_fast, uncached": summary(solve_fast_uncached, "us"),
        "fast page_value, memoised": summary(value_cached, "us"),
        "fast best_page, memoised": summary(page_cached, "us"),
        "CP-SAT solve, uncached": summary(cpsat, "us"),
    }
    c = rows["CP-SAT solve, uncached"]
    v = rows["fast page_value, uncached"]
    f = rows["fast solve_fast, uncached"]
    ratios = {
        "CP-SAT / page_value median": c["median_us"] / v["median_us"],
        "CP-SAT / page_value p99": c["p99_us"] / v["p99_us"],
        "CP-SAT / solve_fast median": c["median_us"] / f["median_us"],
        "CP-SAT / solve_fast p99": c["p99_us"] / f["p99_us"],
        "CP-SAT / page_value total": sum(cpsat) / sum(value_uncached),
    }
    goals = {
        "fast uncached median (us)": (v["median_us"], v["median_us"] <= GOAL_FAST_MEDIAN_US),
        "CP-SAT / fast at the median": (ratios["CP-SAT / page_value median"],
                                        ratios["CP-SAT / page_value median"] >= GOAL_RATIO),
    }
    return {
        "presses": count,
        "seed": seed,
        "table_build_ms": build * 1e3,
        "geometries": len(page_profiles.table()),
        "candidates": sum(len(c) for c in page_profiles.table().values()),
        "rows": rows,
        "ratios": ratios,
        "goals": goals,
        "disagreements": disagreements,
    }


def print_report(r: dict) -> None:
    print(f"{r['presses']} uniformly drawn presses, seed {r['seed']}")
    print(f"table build (first use): {r['table_build_ms']:.1f} ms "
          f"({r['geometries']} geometries, {r['candidates']} candidate pages)")
    print_table(r["rows"].items(), "us", 30, 2)
    print_ratios(r["ratios"], 1)
    print("goals:")
    print(f"  fast uncached median {r['goals']['fast uncached median (us)'][0]:.2f} us <= {GOAL_FAST_MEDIAN_US} us   "
          f"{'met' if r['goals']['fast uncached median (us)'][1] else 'MISSED'}")
    print(f"  CP-SAT / fast at the median {r['goals']['CP-SAT / fast at the median'][0]:.0f}x >= {GOAL_RATIO:.0f}x   "
          f"{'met' if r['goals']['CP-SAT / fast at the median'][1] else 'MISSED'}")
    print_agreement(r["disagreements"], "solve_fast vs CP-SAT", "the same result on every press")


def main(argv: list[str] | None = None) -> int:
    return checked_main(__doc__, run, print_report, COUNT, SEED, argv)


if __name__ == "__main__":
    sys.exit(main())
