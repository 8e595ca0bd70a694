"""Strength of the advisor in seeded, seat-rotated games (until the tournament harness lands).

Each game is dealt from a seed; the advisor takes every seat in turn against
the same opponents (seat rotation), so no seat advantage is counted for it.
Win share: the advisor's wins, ties split 1/k, over its games; a Wilson 95%
interval; the fair share is 1/players.

    python benchmarks/advisor_strength.py --players 3 --opponent greedy --games 60 --budget fast [--workers 2]
"""
from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor

from pennypress.engine import new_game
from pennypress.engine.advisor import AdvisorBot
from pennypress.engine.bots import make_bot, seat_seed
from pennypress.engine.match import play_match


def wilson(p: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def one_game(args) -> dict:
    game, players, opponent, budget, playouts, seed = args
    deal_seed = seed * 10_007 + game // players
    seat = game % players
    bots = [make_bot(opponent, seat_seed(deal_seed, i)) for i in range(players)]
    bots[seat] = AdvisorBot(seed=seat_seed(deal_seed, seat), budget=budget, playouts=playouts)
    r = play_match(new_game(players, seed=deal_seed), bots, seed=deal_seed)
    w = r.winners
    return {"game": game, "deal_seed": deal_seed, "seat": seat, "scores": r.scores, "winners": list(w),
            "share": (1 / len(w)) if seat in w else 0.0,
            "margin": r.scores[seat] - max(s for i, s in enumerate(r.scores) if i != seat)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--games", type=int, default=60, help="games (a multiple of --players keeps seats balanced)")
    ap.add_argument("--budget", default="fast")
    ap.add_argument("--playouts", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    jobs = [(g, args.players, args.opponent, args.budget, args.playouts, args.seed) for g in range(args.games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(one_game, jobs))
    share = sum(r["share"] for r in results) / len(results)
    lo, hi = wilson(share, len(results))
    summary = {
        "players": args.players, "opponent": args.opponent, "budget": args.budget, "playouts": args.playouts,
        "games": len(results), "advisor_win_share": round(share, 3), "win_interval": [round(lo, 3), round(hi, 3)],
        "fair_share": round(1 / args.players, 3),
        "mean_margin": round(sum(r["margin"] for r in results) / len(results), 2),
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps({"summary": summary, "results": results}))
    print(f"advisor:{args.budget} vs {args.players - 1}x {args.opponent}: win share {share:.3f} "
          f"[{lo:.3f}, {hi:.3f}] over {len(results)} seat-rotated games (fair {1 / args.players:.3f}); "
          f"mean margin {summary['mean_margin']}; {summary['seconds']} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
