"""The full league proof of the native core: the core's evaluator, timer and MCTS bot decide as the Python league bots.

Seeded games play on both engines at once (the harness is
``tests/core/league_decisions.py``); every game seats an ``evaluator`` and a
``timer``, the other seats any league bot, ``greedy``, ``heuristic`` or
``random``, and every fourth game an ``mcts`` bot (40 iterations a decision, in
one such game in eight its default 200); at every decision node the seat's
Python bot and the core's bot made alike must choose the same move, at every
fourth evaluator decision its scores of every legal move must be the very same
doubles, and at every MCTS decision its root's children the same visits and
mean rewards. 2-5 players, the
newsboy variant, both decks, every phase; a third of the games are the bots'
own, the others have now and then a random or press move played instead.
Prints the counts quoted in ``core/README.md``.

    .venv/bin/python benchmarks/prove_core_league.py [--games N] [--seed S]

Exits 1 at the first difference (naming the game seed, the ply, the seat and both moves).
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))
from league_decisions import run  # noqa: E402
from prove_core_differential import prove  # noqa: E402  (beside this script)


def main(argv=None) -> int:
    return prove(argv, __doc__.splitlines()[0], run, 2_000, lambda r, seed, seconds: (
        f"{r.games:,} games, {r.decisions:,} decisions identical on both engines, "
        f"{r.coverage['evaluator scores compared (moves)']:,} evaluator scores and "
        f"{r.coverage['mcts root children compared (visits and mean rewards)']:,} MCTS root children bit for bit "
        f"(seed {seed}, {seconds:.0f} s)"))


if __name__ == "__main__":
    sys.exit(main())
