"""The full page-value proof of the native core.

- Every one of the 1,625 geometries (shapes claimed x ad cell), ``--per-geometry``
  random presses each (random beats, values and top-beat flags): the core's
  page -- placements, exclusive, T*, R*, total, gain -- equals CP-SAT's
  (``solver.solve``, the proven reference).
- ``--presses`` random presses: the core equals the fast solver
  (``solver.fast.best_page``), and ``page_value`` agrees.

    .venv/bin/python benchmarks/prove_core_pages.py [--per-geometry N] [--presses N] [--seed S]

Prints the counts and timings quoted in ``core/README.md``; exits 1 at the first difference.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from pages_check import core_answer, cp_sat_answer, fast_answer, geometries, items_of, random_problem  # noqa: E402

from pennypress.engine import native  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-geometry", type=int, default=3)
    ap.add_argument("--presses", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    core = native.core_module()
    rng = random.Random(args.seed)
    pool = geometries()
    start = time.perf_counter()
    checked = 0
    for shapes, ad in tqdm(pool, unit="geometry", file=sys.stderr):
        for _ in range(args.per_geometry):
            problem = random_problem(rng, shapes, ad)
            if core_answer(core, problem) != cp_sat_answer(problem):
                print(f"MISMATCH with CP-SAT: {problem.to_json()}", file=sys.stderr)
                return 1
            checked += 1
    cp_seconds = time.perf_counter() - start
    print(f"CP-SAT: {checked:,} random presses over all {len(pool):,} geometries, every page identical "
          f"({cp_seconds:.0f} s)")
    start = time.perf_counter()
    for _ in tqdm(range(args.presses), unit="press", file=sys.stderr, mininterval=1):
        shapes, ad = rng.choice(pool)
        problem = random_problem(rng, shapes, ad)
        expected = fast_answer(problem)
        _, _, top_edge, top_rest, total, gain = expected
        if core_answer(core, problem) != expected or core.page_value(items_of(problem), problem.ad) != (
            total, gain, top_edge, top_rest
        ):
            print(f"MISMATCH with the fast solver: {problem.to_json()}", file=sys.stderr)
            return 1
    print(f"fast solver: {args.presses:,} random presses, every page and value identical "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
