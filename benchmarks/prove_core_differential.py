"""The full differential proof of the native core: 10,000 seeded games identical move by move.

Each game plays on the Python engine and on the core at once (the harness is
``tests/core/differential.py``): before every move the legal-move lists (same
order), after every move and card draw the events and the positions must be
equal; the card draws come from ``random.Random`` and ``pennypress_core.Random``
seeded alike. 2-5 players in turn, the newsboy variant, both decks, moves from
a seeded policy biased towards presses and the final edition, mixed with greedy
and heuristic bot moves. Prints the coverage counts quoted in ``core/README.md``.

    .venv/bin/python benchmarks/prove_core_differential.py [--games N] [--seed S]

Exits 1 at the first difference (naming the game seed, the ply and the field).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from differential import Mismatch, run  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=2026, help="a seed the CI share (15) does not use")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    with tqdm(total=args.games, unit="game", file=sys.stderr) as bar:
        try:
            report = run(args.games, args.seed, progress=lambda done: bar.update(1))
        except Mismatch as exc:
            print(f"MISMATCH: {exc}", file=sys.stderr)
            return 1
    elapsed = time.perf_counter() - start
    print(f"{report.games:,} games, {report.moves:,} moves and {report.draws:,} card draws identical on both "
          f"engines (seed {args.seed}, {elapsed:.0f} s)")
    for name, count in sorted(report.coverage.items()):
        print(f"  {name}: {count:,}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
