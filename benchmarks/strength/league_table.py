"""The league table: every bot against two copies of every other (3 players) and head to head (2 players).

Each cell is a seat-rotated seeded tournament (``pennypress tournament``'s
harness: every deck played once per rotation of the seats); the table gives
the first bot's win share with its 95% Wilson interval (ties split) against
the fair share (1/3 in 3 players, 1/2 head to head), and the longest game of
the cell in moves (a game that stalls shows here; the harness's move cap ends
it, counted as unfinished). On the native core every cell whose seats the core
plays (greedy, heuristic, evaluator, timer, mcts) runs on its threads; a cell
with the advisor runs on worker processes (``--advisor-games`` games: the
advisor's games are far slower than the bots').

    python -m benchmarks.strength.league_table [--games 300] [--seed S] [--bots greedy,heuristic,evaluator,timer,mcts]
        [--advisor advisor:fast --advisor-games 60] [--threads 2] [--json]

The default seed, 731007, was never used while building or tuning any bot, nor for a recorded figure
(seed 515151 is used up).
"""
from __future__ import annotations

import argparse
import json
import time

from tqdm import tqdm

from pennypress.engine.arena.executors import open_executor
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament

BOTS = ("greedy", "heuristic", "evaluator", "timer", "mcts")


def cell(first: str, other: str, players: int, games: int, seed: int, threads: int) -> dict:
    """``first`` against ``players - 1`` copies of ``other``: the first bot's figures and the longest game."""
    seats = ",".join([first] + [other] * (players - 1))
    spec = TournamentSpec.create(players, seats, games, seed)
    moves: list[int] = []
    on_result = lambda r: moves.append(r["moves"])  # noqa: E731
    started = time.perf_counter()
    if "advisor" in seats:
        with open_executor("local", threads) as ex:
            report = run_tournament(spec, ex, on_result=on_result)
    else:
        report = run_tournament(spec, threads=threads, on_result=on_result)
    bot = report["bots"][0]
    return {"first": first, "other": other, "players": players, "games": games, "win_share": bot["win_share"],
            "interval": bot["win_interval"], "fair": bot["fair_share"], "margin": bot["mean_margin"],
            "longest": max(moves), "unfinished": report["unfinished_games"], "engine": report["timing"]["engine"],
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=731007, help="tournament seed (default 731007, never used before)")
    ap.add_argument("--bots", default=",".join(BOTS))
    ap.add_argument("--advisor", default="", help="an advisor seat to add as a row (e.g. advisor:fast)")
    ap.add_argument("--advisor-games", type=int, default=60)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    jobs = [(a, b, p, args.games) for p in (3, 2) for a in bots for b in bots if a != b and (p == 3 or a < b)]
    if args.advisor:
        jobs += [(args.advisor, b, p, args.advisor_games) for p in (3, 2) for b in bots]
    cells = []
    for a, b, p, games in tqdm(jobs, desc="cells", disable=args.json):
        cells.append(cell(a, b, p, games, args.seed, args.threads))
    if args.json:
        print(json.dumps(cells, indent=2))
        return 0
    print(f"seed {args.seed}; {args.games} seat-rotated games a cell"
          + (f" ({args.advisor_games} for {args.advisor})" if args.advisor else ""))
    for players in (3, 2):
        rows = [c for c in cells if c["players"] == players]
        print()
        print("3 players: the row's bot against two copies of the column's" if players == 3 else
              "2 players, head to head: the row's bot against the column's")
        print("| bot | against | games | win share (95%) | fair | margin | longest game | unfinished | engine | s |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for c in rows:
            lo, hi = c["interval"]
            print(f"| {c['first']} | {c['other']} | {c['games']} | **{c['win_share']:.1%}** ({lo:.1%}–{hi:.1%}) | "
                  f"{c['fair']:.0%} | {c['margin']:+.1f} | {c['longest']} | {c['unfinished']} | {c['engine']} | "
                  f"{c['seconds']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
