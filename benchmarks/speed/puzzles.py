"""Benchmark of the puzzles (engine/puzzles): re-checking the shipped set, mining, and a searched answer.

Prints, measured in the same run:

- the seconds to check every shipped answer again, per kind: a page puzzle by
  CP-SAT (the optimum, the ties and the next score), an exact puzzle by the
  exact search (every legal move and every other page's press); the timing
  puzzles' certificates are left out (a search each:
  ``pennypress puzzle recheck --all --kind press-or-wait`` plays them again);
- the generator's seconds per mined game (``--games`` games of a mining run);
- the cost of the paired search that certifies an answer before the final
  edition, in milliseconds per playout on ``--workers`` workers, and what one
  certified position costs at ``--search-playouts`` (default ten times the
  ``deep`` budget's 900) plus as many confirming playouts per kept move.

    python -m benchmarks.speed.puzzles [--games N] [--playouts N] [--search-playouts N] [--workers W] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from pennypress.engine.puzzles import load_puzzles
from pennypress.engine.puzzles.generate import Settings, mine_game
from pennypress.engine.puzzles.mining import game_plan, play_positions
from pennypress.engine.puzzles.pages import page_facts
from pennypress.engine.puzzles.positions import analyse, best_move, press_or_wait
from pennypress.engine.puzzles.searched import RIVALS, certify, contested


def _recheck(puzzle) -> None:
    if puzzle.kind == "page":
        facts = page_facts(puzzle.problem())
        assert facts.optimal.total == puzzle.answer and facts.ties >= 1
    elif puzzle.certainty == "exact":
        a = analyse(puzzle.position())
        assert (best_move(a) if puzzle.kind == "best-move" else press_or_wait(a)) is not None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, help="games of a mining run to time")
    ap.add_argument("--playouts", type=int, default=200, help="playouts of the timed search (each stage)")
    ap.add_argument("--search-playouts", type=int, default=9000, help="the certifying search budget to project")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict = {}

    shipped = load_puzzles()
    per_kind: dict[str, list[float]] = {}
    for p in shipped:
        if p.certainty == "searched":  # a certificate is played again on the core: `pennypress puzzle recheck`
            continue
        t = time.perf_counter()
        _recheck(p)
        per_kind.setdefault(p.kind, []).append(time.perf_counter() - t)
    for kind, secs in per_kind.items():
        out[f"recheck_{kind}"] = {"puzzles": len(secs), "total_s": round(sum(secs), 2),
                                  "median_ms": round(1000 * statistics.median(secs), 1),
                                  "max_ms": round(1000 * max(secs), 1)}
    out["recheck_total_s"] = round(sum(sum(s) for s in per_kind.values()), 2)

    settings = Settings(seed=101)
    secs = []
    for i in range(args.games):
        t = time.perf_counter()
        mine_game(settings, i)
        secs.append(time.perf_counter() - t)
    out["mining_s_per_game"] = {"median": round(statistics.median(secs), 2), "max": round(max(secs), 2)}

    state = next(s for _, s in play_positions(game_plan(1, 0)) if not s.is_over and s.phase.value == "normal"
                 and contested(s))
    t = time.perf_counter()
    cert = certify(state, args.playouts, args.playouts, seed=1, workers=args.workers, press_or_wait=True)
    spent = time.perf_counter() - t
    played = args.playouts + len(state.legal_moves()) * 4 + args.playouts * (1 + len(cert.rivals))
    per_playout = spent / played
    projected = per_playout * (args.search_playouts + len(state.legal_moves()) * 4
                               + args.search_playouts * (1 + RIVALS))
    out["search"] = {"playouts": played, "seconds": round(spent, 1), "ms_per_playout": round(1000 * per_playout, 2),
                     "workers": args.workers, "projected_s_per_position": round(projected),
                     "at_search_playouts": args.search_playouts}
    if args.json:
        print(json.dumps(out))
        return
    print("re-checking the shipped set (CP-SAT for pages, the exact search for final-edition positions):")
    for kind in per_kind:
        r = out[f"recheck_{kind}"]
        print(f"  {kind}: {r['puzzles']} puzzles in {r['total_s']} s (median {r['median_ms']} ms, max {r['max_ms']} ms)")
    print(f"  all: {out['recheck_total_s']} s")
    m = out["mining_s_per_game"]
    print(f"mining: median {m['median']} s per game, max {m['max']} s ({args.games} games)")
    s = out["search"]
    print(f"certifying search: {s['ms_per_playout']} ms per playout on {s['workers']} workers "
          f"({s['playouts']} playouts, screening included, in {s['seconds']} s); a position at "
          f"{s['at_search_playouts']} search playouts + as many confirming per kept move: about "
          f"{s['projected_s_per_position']} s")


if __name__ == "__main__":
    main()
