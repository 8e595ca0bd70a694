"""How often does each cheap seat make a costly style's own moves?

A player read as playing like the MCTS bot cannot be seated as the MCTS bot in a search's thousands of playouts:
it searches at every move. The registry names a stand-in (:attr:`pennypress.engine.arena.seats.Seat.stand_in`),
chosen by what the advisor wins with it (``benchmarks.strength.stand_in_wins``); this measures how alike the cheap
seats play to the style, which did not pick the stand-in that wins. For each costly style (``--styles``), seeded
games with that style in every seat are played on the native core; at each of its decisions with a choice, 8 bots
of every population seat are asked on the public position (as the table reading asks them:
:class:`~pennypress.engine.arena.table_reading.SeatReader`) and the share that choose the style's own move (a press
counted as pressing) is its agreement. Printed per candidate: the mean agreement with its 95% Student interval over
the decisions, and the mean time of one choice. The style itself is in the table: its own bots agree with it only as
often as a searching bot repeats itself.

    python -m benchmarks.strength.stand_ins --games 40 --seed 562112 \\
        --record benchmarks/results/strength/28-stand-ins.json
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from statistics import fmean, stdev

from tqdm import tqdm

from benchmarks.strength.record import write_record
from benchmarks.strength.table_reading import game
from pennypress.engine import native
from pennypress.engine.advisor.stats import t95
from pennypress.engine.arena.population import COSTLY, population
from pennypress.engine.arena.seats import playout_seat, seat_words
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.table_reading import SAMPLES, decision, reading_seed
from pennypress.engine.rules.actions import legal_moves
from pennypress.errors import BadInput

SEEDS = 2 ** 32


def agreement(style: str, seed: int, games: int, players: int) -> dict[str, tuple[list[float], float]]:
    """Per population seat: the share of its bots choosing ``style``'s move at each of its decisions, and the
    seconds all its choices took."""
    core = native.core_module()
    candidates = population().opponents
    out: dict[str, tuple[list[float], float]] = {c: ([], 0.0) for c in candidates}
    for g in tqdm(range(games), desc=style, unit="game", file=sys.stderr):
        _, steps = game(seed, g, players, (style,))
        bots = {c: {p: [core.Bot(seat_policy(c), reading_seed(p, i, k)) for k in range(SAMPLES)]
                    for p in range(players)} for i, c in enumerate(candidates)}
        for view, move in steps:
            if len(legal_moves(view)) < 2:
                continue
            position, played = native.native_position(view), decision(str(move))
            for c in candidates:
                shares, spent = out[c]
                start = time.perf_counter()
                chosen = [decision(b.choose(position)) for b in bots[c][view.current]]
                out[c] = (shares, spent + time.perf_counter() - start)
                shares.append(sum(x == played for x in chosen) / len(chosen))
    return out


def table(style: str, measured: dict[str, tuple[list[float], float]]) -> str:
    lines = [f"| in place of {seat_words(style)} | agreement with its moves (95%) | one choice |", "|---|---|---:|"]
    for c, (shares, spent) in sorted(measured.items(), key=lambda kv: -fmean(kv[1][0])):
        n, mean = len(shares), fmean(shares)
        half = t95(n - 1) * stdev(shares) / math.sqrt(n)
        mark = " (the registry's stand-in)" if c == playout_seat(style) and c != style else \
            " (itself)" if c == style else ""
        lines.append(f"| {seat_words(c)}{mark} | {100 * mean:.1f}% ({100 * (mean - half):.1f}–"
                     f"{100 * (mean + half):.1f}%), {n} decisions | {1000 * spent / (n * SAMPLES):.3f} ms |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games a style (default 40)")
    ap.add_argument("--seed", type=int, default=562117, help="seed of the games (default 562117, never used before)")
    ap.add_argument("--players", type=int, default=3, help="players a game (default 3)")
    ap.add_argument("--styles", default=",".join(COSTLY), help=f"the costly styles (default {','.join(COSTLY)})")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    styles = args.styles.split(",")
    try:
        if args.games < 2 or not 2 <= args.players <= 5:
            raise BadInput("--games at least 2, --players from 2 to 5")
        if not 0 <= args.seed < SEEDS:
            raise BadInput(f"--seed must be from 0 to 2**32 - 1, got {args.seed}")
        unknown = [s for s in styles if s not in population().opponents]
        if unknown:
            raise BadInput(f"--styles: not a population seat: {', '.join(unknown)}")
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
    except BadInput as e:
        print(f"stand_ins: {e}", file=sys.stderr)
        return 2
    text = "\n\n".join(table(s, agreement(s, args.seed, args.games, args.players)) for s in styles)
    print(text)
    if args.record is not None:
        write_record(args.record, "stand_ins", argv, title="Stand-ins for costly styles in the playouts",
                     seed=args.seed, table=text,
                     note=(f"{args.games} seeded {args.players}-player games a style with the style in every seat, "
                           f"on the native core; at each of its decisions with a choice, {SAMPLES} bots of every "
                           "population seat asked on the public position. Agreement: the share of them choosing "
                           "the style's own move (a press counted as pressing), mean over the decisions with its "
                           "95% Student interval; one choice: the mean time of one bot's choice on this machine."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
