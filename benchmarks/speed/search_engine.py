"""What search needs from the engine: fast self-play, playouts and position loading.

Each figure is measured beside the reference path in the same run, so the
ratios hold when the machine's speed drifts. Times are process CPU seconds
(``time.process_time``: one core's work, whatever else the machine runs) and
wall seconds.

- **greedy self-play, cold start**: 3 players, invariant checks on after every
  move, a fresh process state (solver memos cleared, the fast solver's tables
  built inside the timing): games per minute with the engine's pages from the
  exact fast solver, beside the same games with CP-SAT pages (the previous path).
- **playouts**: a seeded 3-player midgame position played to the end by greedy
  bots, headline cards sampled from the unseen deck (the position's deck order is
  hidden first): playouts per core-second.
- **loading a position**: a position the engine wrote itself through the trusted
  fast path (cheap invariants only) beside the full checks untrusted input gets.

    python -m benchmarks.speed.search_engine [--games N] [--playouts N] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from pennypress.engine import GameDefinition
from pennypress.engine.arena.seats import make_bot
from pennypress.engine.io.state import public_view
from pennypress.engine.play.match import play_match
from pennypress.engine.rules.press import use_page_solver
from pennypress.engine.arena.selfplay import play_game
from pennypress.engine.io.validate import load_position
from pennypress.solver import clear_cache, clear_fast_cache
from pennypress.solver import page_profiles


def _clock() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def selfplay(games: int, seed: int, solver: str) -> dict:
    clear_cache()
    clear_fast_cache()
    page_profiles.reset()  # a cold start makes the fast solver's tables inside the timing
    definition = GameDefinition.create(3)
    cpu0, wall0 = _clock()
    with use_page_solver(solver):
        for g in range(games):
            result = play_game(definition, seed=seed + g, bot="greedy", check=True)
            assert result["over"] and not result["invariant_violations"], result["invariant_violations"][:3]
    cpu1, wall1 = _clock()
    return {"games": games, "cpu_s": round(cpu1 - cpu0, 3), "wall_s": round(wall1 - wall0, 3),
            "games_per_cpu_minute": round(games * 60 / (cpu1 - cpu0), 1),
            "games_per_wall_minute": round(games * 60 / (wall1 - wall0), 1)}


def midgame(seed: int):
    """The position a third of the way through a seeded greedy 3-player game, deck order hidden."""
    states = []
    play_game(GameDefinition.create(3), seed=seed, bot="greedy", check=False, on_move=lambda s: states.append(s.clone()))
    return public_view(states[len(states) // 3])


def playouts(n: int, seed: int) -> dict:
    start = midgame(seed)
    bots = [make_bot("greedy", k) for k in range(3)]
    for k in range(20):  # warm the memo the way a search does before it counts
        play_match(start, bots, seed=10_000 + k)
    moves = 0
    cpu0, wall0 = _clock()
    for k in range(n):
        moves += play_match(start, bots, seed=k).moves
    cpu1, wall1 = _clock()
    return {"playouts": n, "start_ply": start.ply, "moves_per_playout": round(moves / n, 1),
            "playouts_per_core_second": round(n / (cpu1 - cpu0), 1),
            "playouts_per_wall_second": round(n / (wall1 - wall0), 1),
            "us_per_move": round((cpu1 - cpu0) / moves * 1e6, 1)}


def loading(seed: int, repeat: int = 300) -> dict:
    states = []
    play_game(GameDefinition.create(3), seed=seed, bot="greedy", check=False, on_move=lambda s: states.append(s.clone()))
    docs = [s.to_json() for s in states[::3]]
    out: dict[str, list[float]] = {"trusted": [], "untrusted": []}
    for doc in docs:  # interleaved, doc by doc
        for name, trusted in (("trusted", True), ("untrusted", False)):
            t0 = time.process_time()
            for _ in range(repeat // 10):
                load_position(doc, trusted=trusted)
            out[name].append((time.process_time() - t0) / (repeat // 10) * 1e3)
    med = {k: statistics.median(v) for k, v in out.items()}
    return {"positions": len(docs), "trusted_ms": round(med["trusted"], 3), "untrusted_ms": round(med["untrusted"], 3),
            "untrusted_over_trusted": round(med["untrusted"] / med["trusted"], 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30, help="greedy self-play games per solver")
    ap.add_argument("--playouts", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2015)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    fast = selfplay(args.games, args.seed, "fast")
    reference = selfplay(max(4, args.games // 5), args.seed, "cp-sat")
    report = {
        "selfplay_fast": fast,
        "selfplay_cp_sat": reference,
        "selfplay_speedup_cpu": round(fast["games_per_cpu_minute"] / reference["games_per_cpu_minute"], 1),
        "playouts": playouts(args.playouts, args.seed),
        "loading": loading(args.seed),
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    f, r, p, ld = fast, reference, report["playouts"], report["loading"]
    print(f"greedy self-play, 3 players, checks on, cold start: fast solver {f['games_per_cpu_minute']} games per "
          f"CPU-minute ({f['games_per_wall_minute']} per wall-minute, {f['games']} games); CP-SAT pages "
          f"{r['games_per_cpu_minute']} per CPU-minute ({r['games']} games); ratio {report['selfplay_speedup_cpu']}x")
    print(f"playouts from ply {p['start_ply']} (greedy, cards sampled): {p['playouts_per_core_second']} per core-second "
          f"({p['playouts_per_wall_second']} per wall-second), {p['moves_per_playout']} moves each, "
          f"{p['us_per_move']} us per move")
    print(f"loading a position ({ld['positions']} positions, median): trusted {ld['trusted_ms']} ms, "
          f"untrusted {ld['untrusted_ms']} ms ({ld['untrusted_over_trusted']}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
