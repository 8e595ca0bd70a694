"""The full value-model proof of the native core: features, estimates and leaf playouts equal Python's.

At every position of normal play of seeded games (2-5 players, both variants,
both decks, played on the core by the playout bot, the heuristic and greedy
bots and the league's evaluator and timer; the harness is
``tests/core/values.py``), each newspaper's value-model features must be the
same whole numbers on both engines, the progress and every estimate of the
shipped model the same doubles; from one position in eight a playout that
stops at a leaf of random depth must give the same estimates.

    .venv/bin/python benchmarks/prove_core_value.py [--games N] [--seed S]

Exits 1 at the first difference.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from values import compare  # noqa: E402
from prove_core_differential import prove_counts  # noqa: E402  (beside this script)

from pennypress.engine.advisor.value import MODEL  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=2027, help="a seed the CI share (11) does not use")
    args = ap.parse_args(argv)
    return prove_counts(lambda: compare(args.games, args.seed, MODEL), lambda cov, seconds: (
        f"{cov['positions compared']:,} positions of {args.games:,} games: features, progress and estimates "
        f"identical on both engines; {cov['leaf playouts compared']:,} leaf playouts identical "
        f"(seed {args.seed}, {seconds:.0f} s)"))


if __name__ == "__main__":
    sys.exit(main())
