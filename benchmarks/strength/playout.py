"""Validate the playout weights on held-out decks: the bot against the league, and the advisor with them.

Two parts (``--only league`` / ``--only advisor``; both by default):

- **league**: seat-rotated tournaments on the native core of a heuristic bot
  with the playout weights (seat ``playout``, :data:`~pennypress.engine.advisor.policy.PLAYOUT`)
  and, on the same decks, of the tuned heuristic bot (seat ``heuristic``),
  against two copies of each league bot (3 players) and head to head, and the
  two against each other; ``--games`` games a cell.
- **advisor**: ``advisor:fast`` (whose playouts use the playout weights)
  against two ``evaluator`` bots; ``--advisor-games`` games (a pilot: the
  advisor's games are far slower than the bots').

The default seed, 731002, was never used while tuning (``benchmarks/training/tune_playout.py`` trains on
seed 9100) nor for a recorded figure (seed 424242 is used up). Prints Markdown tables with 95% Wilson
intervals.

    python -m benchmarks.strength.playout [--only league] [--games 2400] [--seed S]
    python -m benchmarks.strength.playout --only advisor --advisor-games 60 --workers 2
"""
from __future__ import annotations

import argparse
import functools
import json
import sys
import time

from tqdm import tqdm

from pennypress.engine.advisor import policy
from pennypress.engine.arena.executors import open_executor
from pennypress.engine.arena.seats import register_seat
from pennypress.engine.arena.tournament import TournamentSpec, resumable, run_tournament
from pennypress.engine.play.heuristic import HeuristicBot

LEAGUE = ("evaluator", "timer", "mcts")
ADVISOR_CELL = "advisor:fast,evaluator,evaluator"


def register() -> None:
    """The seats of this script (forked workers inherit them)."""
    register_seat("playout", functools.partial(HeuristicBot, weights=policy.PLAYOUT))


RESULTS: list = []
"""Where every game's result goes when ``--results`` asks for them (an open file, one JSON line a game)."""


def cell(seats: str, games: int, seed: int, workers: int, threads: int, label: str,
         done: list[dict] | None = None) -> dict:
    """One tournament; the first seat's win share, interval, margin and the time it took.

    ``done``: its games already played (a stopped run's results, :func:`resumed`), not played again.
    """
    players = len(seats.split(","))
    spec = TournamentSpec.create(players, seats, games, seed)
    bar = tqdm(total=games, desc=label, unit="game", file=sys.stderr, leave=False, initial=len(done or []))

    def progress(done: int, total: int) -> None:
        bar.update(done - bar.n)

    moves: list[int] = [r["moves"] for r in done or []]

    def keep(r: dict) -> None:
        moves.append(r["moves"])
        for out in RESULTS:
            print(json.dumps(r), file=out, flush=True)

    t0 = time.perf_counter()
    if workers > 1 and "advisor" in seats:
        with open_executor("local", workers) as ex:
            report = run_tournament(spec, ex, progress=progress, on_result=keep, done=done)
    else:
        report = run_tournament(spec, progress=progress, threads=threads, on_result=keep, done=done)
    bar.close()
    first = seats.split(",")[0]
    bot = next(b for b in report["bots"] if b["bot"] == first)
    return {"seats": seats, "games": games, "share": bot["win_share"], "interval": bot["win_interval"],
            "margin": bot["mean_margin"], "fair": 1 / players, "seconds": time.perf_counter() - t0,
            "engine": report["timing"]["engine"], "longest": max(moves)}


def resumed(seats: str, games: int, seed: int, path: str) -> list[dict]:
    """The games of one cell already in ``path`` (a stopped run's ``--results``); none if it does not exist.

    Raises ``ValueError`` naming the line when the file holds another run's games.
    """
    spec = TournamentSpec.create(len(seats.split(",")), seats, games, seed)
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except FileNotFoundError:
        return []
    return resumable(spec, lines, path)


def row(c: dict) -> str:
    lo, hi = c["interval"]
    return (f"| `{c['seats']}` | {c['games']} | **{100 * c['share']:.1f}%** ({100 * lo:.1f}-{100 * hi:.1f}%) | "
            f"{100 * c['fair']:.0f}% | {c['margin']:+.1f} | {c['longest']} | {c['engine']}, {c['seconds']:.0f} s |")


HEADER = ("| seats (first seat's share) | games | win share (95% Wilson) | fair | margin | longest game (moves) "
          "| engine, time |\n|---|---|---|---|---|---|---|")


def league_cells(games3: int, games2: int) -> list[tuple[str, int]]:
    """The cells of the league part: each bot (``playout``, ``heuristic``) against each league bot, and
    the two against each other."""
    out = []
    for opponent in LEAGUE:
        for bot in ("playout", "heuristic"):
            out += [(f"{bot},{opponent},{opponent}", games3), (f"{bot},{opponent}", games2)]
    out += [("playout,heuristic,heuristic", games3), ("heuristic,playout,playout", games3),
            ("playout,heuristic", games2)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=("league", "advisor"))
    ap.add_argument("--games", type=int, default=2400, help="games a league cell (a multiple of 6; default 2400)")
    ap.add_argument("--advisor-games", type=int, default=60, help="games an advisor cell (multiple of 6; default 60)")
    ap.add_argument("--seed", type=int, default=731002, help="tournament seed, never used before (default 731002)")
    ap.add_argument("--workers", type=int, default=2, help="processes for the advisor's games (default 2)")
    ap.add_argument("--threads", type=int, default=2, help="the core's threads for the league's games (default 2)")
    ap.add_argument("--results", help="write every game's result to this file (one JSON line a game)")
    args = ap.parse_args(argv)
    register()
    if args.results:
        RESULTS.append(open(args.results, "w", encoding="utf-8"))
    print("playout weights:", {k: round(v, 4) for k, v in policy.PLAYOUT.__dict__.items()})
    if args.only in (None, "league"):
        print(f"\n### The playout bot against the league (seed {args.seed})\n\n{HEADER}", flush=True)
        for seats, games in league_cells(args.games, args.games):
            print(row(cell(seats, games, args.seed, 1, args.threads, seats)), flush=True)
    if args.only in (None, "advisor"):
        n = args.advisor_games
        print(f"\n### advisor:fast with the playout weights (a pilot, seed {args.seed})\n\n{HEADER}", flush=True)
        print(row(cell(ADVISOR_CELL, n, args.seed, args.workers, 1, ADVISOR_CELL)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
