"""Which stand-in for a costly style wins most? The advisor reading the table against two bots of the style, with
each candidate standing in for the style in its playouts, on the same deals.

A player read as the MCTS bot cannot sit as the MCTS bot in a search's thousands of playouts; the registry names a
cheaper seat in its place (:attr:`pennypress.engine.arena.seats.Seat.stand_in`). ``benchmarks.strength.stand_ins``
measures how often each cheap seat makes the style's own moves; this measures what the choice is worth. For each
candidate (``--candidates``), every game of ``benchmarks.strength.table_advisor --side read --opponents STYLE`` is
played with the candidate standing in (``none``: the advisor as it plays today, without the reading, on the same
deals). Printed per candidate: the advisor's win share (Wilson 95%), the paired difference from ``none`` (95%
Student interval), and the median seconds of a game on this machine (the stand-in's cost, with the other processes
of the run beside it).

    python -m benchmarks.strength.stand_in_wins --games 100 --seed 562122 --style mcts \\
        --candidates none,value,mcts-quick:5,mcts-quick:10,mcts-quick:25 --workers 2 \\
        --log benchmarks/results/strength/games/562122-stand-in-wins.jsonl \\
        --record benchmarks/results/strength/35-stand-in-wins.json
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path
from statistics import fmean, median

from tqdm import tqdm

from benchmarks.strength.record import append_log, resume_log, write_record
from benchmarks.strength.table_advisor import (OPPONENTS, SEEDS, add_options, check_run, option_fields,
                                               options_used, options_words, paired_points, play, stand_in_seat)
from pennypress.engine.arena.seats import SEATS, playout_seat, seat_words
from pennypress.errors import BadInput
from pennypress.stats import wilson

NONE = "none"
"""The candidate that is no stand-in: the advisor as it plays today, not reading the table."""
SLOTS = 100
"""A game's candidates are logged as rows ``SLOTS * game + k``, ``k`` the candidate's place in the list."""


def _game(job: tuple[int, int, str, str, int, str, int | None, dict]) -> tuple[int, dict]:
    """One game with one candidate standing in (a pool's worker sets the registry itself)."""
    g, k, candidate, style, seed, budget, playouts, experiment = job
    registry = SEATS[style]
    if candidate != NONE:
        SEATS[style] = replace(registry, stand_in=candidate)
    try:
        start = time.perf_counter()
        share = play(g, seed, 3, style, budget, candidate != NONE, playouts, experiment=experiment)
    finally:
        SEATS[style] = registry
    return SLOTS * g + k, {"candidate": candidate, "share": share, "seconds": round(time.perf_counter() - start, 2)}


def summary(style: str, candidates: list[str], rows: dict[int, dict], games: int) -> str:
    """Each candidate's win share, its paired difference from :data:`NONE` and its seconds a game (the registry's
    stand-in marked)."""
    shares = {c: [rows[SLOTS * g + k]["share"] for g in range(games)] for k, c in enumerate(candidates)}
    seconds = {c: [rows[SLOTS * g + k]["seconds"] for g in range(games)] for k, c in enumerate(candidates)}
    lines = [f"| in place of {seat_words(style)} | games | win share (95%) | less today's advisor, paired | "
             "a game (median) |", "|---|---:|---|---|---:|"]
    for c in sorted(candidates, key=lambda c: -fmean(shares[c])):
        mean = fmean(shares[c])
        lo, hi = wilson(mean, games)
        name = "nothing: today's advisor, not reading the table" if c == NONE else seat_words(c) + (
            " (the registry's stand-in)" if c == playout_seat(style) else "")
        paired = ""
        if c != NONE and NONE in shares:
            paired = paired_points([a - b for a, b in zip(shares[c], shares[NONE])])
        lines.append(f"| {name} | {games} | {100 * mean:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%) | {paired} | "
                     f"{median(seconds[c]):.1f} s |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games a candidate (default 100)")
    ap.add_argument("--seed", type=int, default=562130, help="seed of the deals (default 562130, never used before)")
    ap.add_argument("--style", default="mcts", help="the costly style played against (default mcts)")
    ap.add_argument("--candidates", default="none,value,mcts-quick:10",
                    help="the seats to stand in, comma-separated ('none': today's advisor without the reading)")
    ap.add_argument("--budget", default="fast",
                    help="the advisor's budget (default fast); an experiment may name a variant as "
                         "benchmarks.strength.quick_vs_deep does (fast+replies=0: without its second ply)")
    ap.add_argument("--playouts", type=int, default=None,
                    help="a fixed number of playouts a decision instead of the budget (for the harness's own checks)")
    add_options(ap)
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1; any number gives the same figures)")
    ap.add_argument("--log", type=Path, help="one line a game and candidate: a run started again goes on where it "
                                             "stopped")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    candidates = [c.strip() for c in args.candidates.split(",") if c.strip()]
    try:
        if args.games < 2 or args.workers < 1:
            raise BadInput("--games at least 2, --workers at least 1")
        if not 0 <= args.seed < SEEDS:
            raise BadInput(f"--seed must be from 0 to 2**32 - 1, got {args.seed}")
        if args.style not in OPPONENTS:
            raise BadInput(f"--style: one of {', '.join(OPPONENTS)}, got {args.style!r}")
        if not candidates or len(candidates) > SLOTS or len(set(candidates)) != len(candidates):
            raise BadInput(f"--candidates: 1 to {SLOTS} different seats, got {args.candidates!r}")
        check_run(args)
        for c in candidates:
            if c != NONE:
                stand_in_seat(c, "--candidates")
        header = {"log": "stand-in-wins", "seed": args.seed, "style": args.style, "candidates": candidates,
                  "budget": args.budget, **({"playouts": args.playouts} if args.playouts is not None else {}),
                  **options_used(args)}
        done = resume_log(args.log, header, "stand_in_wins") if args.log is not None else {}
    except BadInput as e:
        print(f"stand_in_wins: {e}", file=sys.stderr)
        return 2
    todo = [(g, k, c, args.style, args.seed, args.budget, args.playouts, option_fields(args)) for g in range(args.games) for k, c in enumerate(candidates)
            if SLOTS * g + k not in done]
    with tqdm(total=args.games * len(candidates), initial=args.games * len(candidates) - len(todo), desc="games",
              unit="game", file=sys.stderr) as bar, \
            ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool:
        for index, row in (map if args.workers == 1 else pool.map)(_game, todo):
            done[index] = row
            append_log(args.log, index, row)
            bar.update()
    text = summary(args.style, candidates, done, args.games)
    print(text)
    if args.record is not None:
        write_record(args.record, "stand_in_wins", argv, title=f"Stand-ins for {seat_words(args.style)}: what the "
                     "advisor reading the table wins with each", seed=args.seed, table=text,
                     note=(f"{args.games} seeded 3-player games a candidate, advisor:{args.budget} rotated through "
                           f"the seats against {args.style} in the others, reading the table from its prior at the "
                           "start of each game (told nothing of whom it plays), the candidate standing in for "
                           f"{seat_words(args.style)} in its playouts; 'nothing': the advisor as it plays today, on "
                           "the same deals and seeds. The difference is paired game by game. A game's seconds: the "
                           f"median wall time on this machine with {args.workers} processes side by side. The "
                           f"reading: {options_words(args)[2:]}."),
                     candidates={c: [done[SLOTS * g + k]["share"] for g in range(args.games)]
                            for k, c in enumerate(candidates)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
