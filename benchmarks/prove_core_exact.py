"""The full exact-search proof of the native core: the same values and move choices as the Python search.

Every decision node of the final editions of seeded games (2-5 players, both
variants, greedy and heuristic bots) is searched by the core and by the Python
``ExactSearch`` (the harness is ``tests/core/exact_positions.py``): every legal
move's outcome for every player must be equal, so every player takes the same
move. Positions whose search solves more than ``--max-nodes`` positions are
skipped (the Python search is about a hundred times slower than the core's);
the script says how many. Prints the counts quoted in ``core/README.md``.

    .venv/bin/python benchmarks/prove_core_exact.py [--games N] [--seed S] [--max-nodes M]

Exits 1 at the first difference.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from exact_positions import compare  # noqa: E402
from prove_core_differential import prove_counts  # noqa: E402  (beside this script)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=2026, help="a seed the CI share (15) does not use")
    ap.add_argument("--max-nodes", type=int, default=5_000)
    args = ap.parse_args(argv)
    return prove_counts(lambda: compare(args.games, args.seed, args.max_nodes), lambda cov, seconds: (
        f"{cov['positions compared']:,} final-edition positions ({cov['moves compared']:,} moves) identical on "
        f"both searches, from {args.games:,} games (seed {args.seed}, at most {args.max_nodes:,} positions solved "
        f"each, {seconds:.0f} s)"))


if __name__ == "__main__":
    sys.exit(main())
