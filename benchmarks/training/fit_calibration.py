"""Fit the advisor's calibration map and write ``engine/advisor/calibration.json`` (reproducible).

The advisor shows its playouts' win shares through a monotone map, ``logit q = slope * logit p + intercept``
(Platt scaling, ``engine/advisor/calibration.py``). This command plays seeded 3-player games exactly as
``benchmarks/strength/calibration.py`` measures them (one advised decision a game, its raw win share ``p``
set against the game's outcome), fits the map by maximum likelihood and writes it with the command, seed and
sample count that made it. Fit on a training seed only: the seed of the recorded figures is refused.

    python -m benchmarks.training.fit_calibration --games 300 --seed 9292    # how the shipped map was made
"""
from __future__ import annotations

import argparse
import json
import sys

from benchmarks.strength.calibration import HELD_OUT, OPPONENTS, play_games
from pennypress.engine.advisor.calibration import DATA, fit


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=9292, help="training seed of the games (default 9292)")
    ap.add_argument("--budget", default="fast")
    ap.add_argument("--plays-on", choices=("advisor", "heuristic"), default="advisor",
                    help="who plays the advised seat's other decisions (default: the advisor)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    if args.seed == HELD_OUT:
        print(f"seed {HELD_OUT} is the held-out seed of the recorded figures (docs/results.md); fit on a training seed",
              file=sys.stderr)
        return 2
    raw = play_games(args.games, args.seed, args.budget, args.plays_on, args.workers)
    if len(raw) < 2:
        print(f"{len(raw)} decisions from {args.games} games; fitting needs at least two (more games)", file=sys.stderr)
        return 2
    calibration = fit(((r["p"], r["won"]) for r in raw), fitted_on={
        "command": f"python -m benchmarks.training.fit_calibration --games {args.games} --seed {args.seed} "
                   f"--budget {args.budget} --plays-on {args.plays_on}",
        "samples": len(raw), "opponents": list(OPPONENTS), "model": "Platt: logit q = slope * logit p + intercept"})
    DATA.write_text(json.dumps(calibration.to_json(), indent=2) + "\n")
    print(f"calibration map from {len(raw)} decisions of {args.games} games (seed {args.seed}): slope "
          f"{calibration.slope:.4f}, intercept {calibration.intercept:.4f}; written to {DATA}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
