"""The full policy proof of the native core: the core's bots decide as the Python bots, decision by decision.

Seeded games play on both engines at once (the harness is
``tests/core/decisions.py``); at every decision node the seat's Python bot and
the core's bot made alike (greedy and tuned heuristic as a tournament seats
them, the advisor's jittered playout bots, a heuristic bot with other weights,
the random bot) must choose the same move. 2-5 players, the newsboy variant,
both decks, every phase; a third of the games are the bots' own, the others
have now and then a random or press move played instead. Prints the counts
quoted in ``core/README.md``.

    .venv/bin/python benchmarks/prove_core_policies.py [--games N] [--seed S]

Exits 1 at the first difference (naming the game seed, the ply, the seat and both moves).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from decisions import run  # noqa: E402
from prove_core_differential import prove  # noqa: E402  (beside this script)


def main(argv=None) -> int:
    return prove(argv, __doc__.splitlines()[0], run, 2_000, lambda r, seed, seconds: (
        f"{r.games:,} games, {r.decisions:,} decisions identical on both engines (seed {seed}, {seconds:.0f} s)"))


if __name__ == "__main__":
    sys.exit(main())
