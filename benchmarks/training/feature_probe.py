"""Do candidate value features predict the winner better? A cheap test before a feature goes into the core.

The advisor's playouts stop at the value model (``engine/advisor/value.py``), a softmax over the
newspapers, linear in :data:`~pennypress.engine.advisor.value.FEATURES`. A new feature costs a
Rust mirror, a proof and a retraining; this says first whether it carries information the
present ones do not. It plays seeded games as ``train_value`` does (the same mix, deals and
sampled positions, ``--exact-final`` alike), reads the present features and every
:data:`CANDIDATES` feature off each sampled position (the Python engine, from the core's
position document), and fits the win model on the training games with the present features,
with each candidate added alone, and with all of them; the held-out games' log-loss and Brier
score say what each adds, with the paired difference to the present features' log-loss and its
95% interval (positions of one game taken together). A candidate that does not lower the held-out
log-loss has nothing for the model to learn; one that does is worth a strength test.

    python -m benchmarks.training.feature_probe --players 3 --games 6000 --seed 4300 --workers 2

Candidates (all whole numbers, for each newspaper):

- ``margin``: over the stories it could claim now, its lead over the best rival, at most 3 a story;
- ``secure``: those stories it leads by 2 or more;
- ``to_secure``: reporters it would need to stay ahead on them against what each player acting
  before its next turn could add from home (at most 5 a story);
- ``page_last``: its page now when its next press is its last before the end (else 0);
- ``lead``: its circulation minus the best rival's;
- ``rival_page``: the best page a rival could print now;
- ``behind``: the most presses a rival has made, minus its own.
"""
from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from pennypress.engine import native
from pennypress.engine.advisor.value import FEATURES, acting_before, player_features
from pennypress.engine.io.state import State
from pennypress.engine.rules.press import PressValuer

from .train_value import HOLDOUT, design, fit_win, probabilities, report, sampled

CANDIDATES = ("margin", "secure", "to_secure", "page_last", "lead", "rival_page", "behind")
"""The candidate features, in the order :func:`candidates` gives them."""

PAGE, BEFORE_END, CIRCULATION = FEATURES.index("page"), FEATURES.index("presses_before_end"), FEATURES.index("circulation")


def candidates(state: State, base: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Every newspaper's :data:`CANDIDATES` in ``state`` (normal play), given its present features ``base``."""
    n = state.n_players
    out = []
    for p in range(n):
        claim = state.claimable(p)
        before = acting_before(state, p)
        margin = secure = to_secure = 0
        for story in claim:
            r = state.reporters[story]
            lead = r[p] - max(r[q] for q in range(n) if q != p)
            margin += min(lead, 3)
            secure += lead >= 2
            reach = max((r[q] + state.players[q].home for q in before), default=0)
            to_secure += min(5, max(0, reach - r[p] + 1))
        rivals = [q for q in range(n) if q != p]
        out.append((
            margin, secure, to_secure,
            base[p][PAGE] if base[p][BEFORE_END] == 1 else 0,
            base[p][CIRCULATION] - max(base[q][CIRCULATION] for q in rivals),
            max(base[q][PAGE] for q in rivals),
            max(state.players[q].pennies for q in rivals) - state.players[p].pennies,
        ))
    return out


def probe_features(position) -> list[list[int]]:
    """The present features (the core's) followed by the candidates (the Python engine's), per newspaper."""
    core = native.core_module()
    base = [tuple(x) for x in core.ValueModel.features(position)]
    state = State.from_json(position.to_json())
    assert base == [player_features(state, p) for p in range(state.n_players)], "the engines' features differ"
    return [list(b) + list(c) for b, c in zip(base, candidates(state, base))]


def _columns(rows: list[tuple], keep: list[int]) -> list[tuple]:
    return [(r[0], r[1], [[x[k] for k in keep] for x in r[2]], r[3], r[4], r[5]) for r in rows]


def fit_and_score(train: list[tuple], held: list[tuple], keep: list[int], l2: float) -> tuple[dict, np.ndarray]:
    """The win model on the ``keep`` columns: held-out log-loss and Brier, and each held-out position's log-loss."""
    d, y, _ = design(_columns(train, keep))
    w = fit_win(d, y, l2)
    dh, yh, _ = design(_columns(held, keep))
    p = probabilities(dh, w)
    check = report(p, yh, np.array([r[1] for r in held]))
    return {"log_loss": check["log_loss"], "brier": check["brier"]}, -(yh * np.log(np.clip(p, 1e-12, 1))).sum(1)


def paired_by_game(games: np.ndarray, diff: np.ndarray) -> tuple[float, float, float]:
    """The mean per-position difference and its 95% interval, positions of one game taken together
    (the held-out games are independent; their positions are not)."""
    ids = np.unique(games)
    sums = np.array([diff[games == g].sum() for g in ids])
    counts = np.array([(games == g).sum() for g in ids])
    mean = sums.sum() / counts.sum()
    # the ratio estimator's standard error over independent games
    resid = sums - mean * counts
    se = np.sqrt((resid ** 2).sum() * len(ids) / (len(ids) - 1)) / counts.sum()
    return float(mean), float(mean - 1.96 * se), float(mean + 1.96 * se)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--per-game", type=int, default=4)
    ap.add_argument("--seed", type=int, default=4300)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--exact-final", action="store_true", help="seats play the final edition exactly (train_value's)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not native.available():
        print("feature_probe needs the native core (python3 run.py builds it)", file=sys.stderr)
        return 2
    if not 2 <= args.players <= 5 or args.games < 2 * HOLDOUT or args.per_game < 1 or args.workers < 1:
        print(f"--players: 2 to 5; --games: at least {2 * HOLDOUT}; --per-game and --workers: at least 1",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    rows = sampled(args.seed, args.players, args.games, args.per_game, args.exact_final, args.workers, probe_features)
    train = [r for r in rows if r[0] % HOLDOUT]
    held = [r for r in rows if r[0] % HOLDOUT == 0]
    k = len(FEATURES)
    present = list(range(k))
    arms = {"present": present, **{f"+{name}": present + [k + i] for i, name in enumerate(CANDIDATES)},
            "+all": present + list(range(k, k + len(CANDIDATES)))}
    games = np.array([r[0] for r in held])
    fits, losses = {}, {}
    for name, keep in arms.items():
        fits[name], losses[name] = fit_and_score(train, held, keep, args.l2)
        mean, low, high = paired_by_game(games, losses[name] - losses["present"])
        fits[name]["against_present"] = [round(mean, 4), round(low, 4), round(high, 4)]
    out = {"command": "python -m benchmarks.training.feature_probe " + " ".join(argv if argv is not None else sys.argv[1:]),
           "players": args.players, "games": args.games, "training_positions": len(train), "held_out_positions": len(held),
           "seconds": round(time.perf_counter() - started), "fits": fits}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.players} players, {args.games} games: {len(train)} training and {len(held)} held-out positions "
          f"({out['seconds']} s)")
    for name, f in fits.items():
        d, lo, hi = f["against_present"]
        print(f"  {name:12s} held-out log-loss {f['log_loss']:.4f}, Brier {f['brier']:.4f}; "
              f"against the present features {d:+.4f} ({lo:+.4f} to {hi:+.4f}) a position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
