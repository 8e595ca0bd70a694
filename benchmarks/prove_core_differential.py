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
from typing import Callable

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from differential import Mismatch, run  # noqa: E402


def prove_counts(run: Callable, summary: Callable, coverage: Callable = lambda report: report) -> int:
    """Run a proof (``run()``), then print ``summary(report, seconds)`` and the coverage counts
    (``coverage(report)``); exit 1, naming what differs, at the first difference."""
    start = time.perf_counter()
    try:
        report = run()
    except Mismatch as exc:
        print(f"MISMATCH: {exc}", file=sys.stderr)
        return 1
    print(summary(report, time.perf_counter() - start))
    for name, count in sorted(coverage(report).items()):
        print(f"  {name}: {count:,}")
    return 0


def prove(argv, description: str, run: Callable, default_games: int, summary: Callable) -> int:
    """A proof over seeded games: ``--games`` (``default_games``) and ``--seed``, ``run(games, seed, progress)``
    with a progress bar, then ``summary(report, seed, seconds)`` and the report's coverage."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--games", type=int, default=default_games)
    ap.add_argument("--seed", type=int, default=2026, help="a seed the CI share (15) does not use")
    args = ap.parse_args(argv)

    def games():
        with tqdm(total=args.games, unit="game", file=sys.stderr) as bar:
            return run(args.games, args.seed, progress=lambda done: bar.update(1))

    return prove_counts(games, lambda report, seconds: summary(report, args.seed, seconds),
                        lambda report: report.coverage)


def main(argv=None) -> int:
    return prove(argv, __doc__.splitlines()[0], run, 10_000, lambda r, seed, seconds: (
        f"{r.games:,} games, {r.moves:,} moves and {r.draws:,} card draws identical on both engines "
        f"(seed {seed}, {seconds:.0f} s)"))


if __name__ == "__main__":
    sys.exit(main())
