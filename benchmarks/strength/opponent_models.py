"""How well each playout bot predicts the moves of each opponent: the share of decisions where it picks the very move.

The advisor's search is strong against opponents its playouts imitate (``docs/lab/value.md``). This diagnostic
plays seeded 3-player games between three copies of one opponent on the native core and, at every decision
of normal play with more than one legal move, asks each candidate model of the opponents -- the advisor's
playout bots (``engine/advisor/policy.py``: ``heuristic``, ``value``, ``greedy``), seated with the same seat
and seed -- which move it would play there. It prints the share of decisions where the model picks the move
the opponent played, with a 95% Wilson interval (the games are not independent decisions: read the intervals
as a lower bound of the uncertainty). Each model keeps its own memory over the game, as in a playout.

    python -m benchmarks.strength.opponent_models [--games 20] [--seed S] [--opponents evaluator,timer]
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any, Iterator

from pennypress.engine import native, new_game
from pennypress.engine.advisor.policy import core_policy
from pennypress.engine.advisor.stats import wilson
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.io.state import public_view
from pennypress.errors import BadInput

MODELS = ("heuristic", "value", "greedy")
OPPONENTS = ("heuristic", "evaluator", "timer", "mcts")


def opponent_decisions(opponent: str, games: int, seed: int, players: int = 3) -> Iterator[tuple[int, Any, str]]:
    """Every decision of normal play with more than one legal move in ``games`` seeded games of ``players``
    copies of ``opponent`` on the native core: ``(game, position, move played)``, the position before the move
    (read it, do not change it). Game ``g`` is dealt ``new_game(players, seed=seed + g)``, its seats seeded
    ``100 * g + seat``, its cards drawn from ``random.Random(seed * 1_000_003 + g)``."""
    core = native.core_module()
    policy = seat_policy(opponent)
    if policy is None:
        raise BadInput(f"{opponent!r} has no bot on the native core")
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        pos = native.native_position(public_view(new_game(players, seed=seed + g)))
        bots = [core.Bot(policy, 100 * g + i) for i in range(players)]
        while not pos.is_over():
            move = bots[pos.current_player].choose(pos)
            if pos.phase == "normal" and pos.legal_move_count() > 1:
                yield g, pos, move
            pos.apply(move)
            if pos.is_chance_node():
                pos.resolve_chance(core.Random(rng.randrange(2 ** 31)))


def agreement(opponent: str, games: int, seed: int) -> tuple[int, Counter]:
    """Decisions compared and, per model, how many it predicted, over ``games`` games of three ``opponent`` bots."""
    core = native.core_module()
    models = {m: core_policy(m) for m in MODELS}
    game, guesses = None, {}
    decisions, hits = 0, Counter()
    for g, pos, move in opponent_decisions(opponent, games, seed):
        if g != game:  # each model keeps its memory over one game, as in a playout
            game, guesses = g, {m: [core.Bot(p, 100 * g + i) for i in range(3)] for m, p in models.items()}
        decisions += 1
        for m in MODELS:
            hits[m] += guesses[m][pos.current_player].choose(pos) == move
    return decisions, hits


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games an opponent (default 20)")
    ap.add_argument("--seed", type=int, default=731008,
                    help="seed of the deals and card draws (default 731008, never used before)")
    ap.add_argument("--opponents", default=",".join(OPPONENTS), help=f"comma-separated, of: {', '.join(OPPONENTS)}")
    args = ap.parse_args(argv)
    opponents = args.opponents.split(",")
    unknown = [o for o in opponents if o not in OPPONENTS]
    if unknown:
        ap.error(f"unknown opponent(s) {', '.join(unknown)} (expected some of {', '.join(OPPONENTS)})")
    if args.games <= 0:
        ap.error(f"--games must be positive, got {args.games}")
    if not native.available():
        ap.error("needs the native core (python3 run.py test builds it)")
    print(f"### which playout bot predicts whom (3 players, {args.games} games each, seed {args.seed})\n")
    print("| opponent | decisions | " + " | ".join(f"`{m}` picks its move" for m in MODELS) + " |")
    print("|---|---|" + "---|" * len(MODELS))
    for opponent in opponents:
        n, hits = agreement(opponent, args.games, args.seed)
        cells = []
        for m in MODELS:
            low, high = wilson(hits[m] / n, n)
            cells.append(f"{100 * hits[m] / n:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)")
        print(f"| `{opponent}` | {n} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
