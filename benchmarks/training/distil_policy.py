"""Expert iteration into a playout policy: the search's choices distilled into a softmax move policy.

``distil`` teaches the value model the search's values; the value bot then
still plays the model's single best move. This round fits a **move policy**
(:mod:`pennypress.engine.advisor.move_policy`) to the search's own choices
instead, and its softmax bot (:mod:`~pennypress.engine.advisor.softmax_bot`)
draws moves as the search spreads its playouts -- the playout policy of expert
iteration (Anthony et al. 2017; with linear feature policies, Soemers et al.
2019):

- **Positions.** As ``distil``: ``--games`` seeded games at ``--players`` among
  the training population, ``--per-game`` public positions of normal play
  drawn from each (:func:`benchmarks.training.distil.decisions`).
- **The expert.** In each, the advisor's search with ``--playouts`` playouts
  reading the input value model (``--model``; the shipped one by default), on
  the public position only. Every move it played out gives a row: the mover's
  features and the rivals' most in the position after it (the core's, a
  press before its card), its progress, whether the search put it first, and
  the share of the position's playouts it had.
- **Target** (``--target``): ``first``, the move the search plays (the
  default: the policy then predicts a searching player's move, with the
  uncertainty the features leave), or ``playouts``, the share of the playouts
  (a tree's visit counts in expert iteration; sequential halving spreads them
  widely at a fraction of ``fast``, so this target makes a flat policy).
- **Fit.** A conditional logit over each position's moves (soft targets, an L2
  penalty of ``--l2`` on standardised columns), L-BFGS, from zero. Every tenth
  game is held out: the printed figures are the held-out cross-entropy of the
  search's shares under the policy the input model implies
  (:func:`~pennypress.engine.advisor.move_policy.from_value_model`, round 0)
  and under the fitted one (paired by game, 95%), and how often each ranks
  the search's first move first.

The output is a move-policy file with the command, seed and games that made it;
``benchmarks.strength.advisor --move-policy FILE`` seats advisors whose
playouts play it (``docs/lab/self-play.md``).

    python -m benchmarks.training.distil_policy --players 3 --games 2000 --per-game 4 --playouts 750 \\
        --seed 4403 --workers 2 --out benchmarks/training/move_policy_r1.json

Seeds as ``distil``'s: the file is the same on any number of workers.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from benchmarks.training.distil import decisions, round_problem, search_games, search_seed
from benchmarks.training.feature_probe import paired_by_game
from benchmarks.training.train_value import hats
from pennypress.engine import native
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.move_policy import MovePolicy, from_value_model
from pennypress.engine.advisor.policy import SEARCH_LEAF
from pennypress.engine.advisor.search import analyse
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.advisor.value import FEATURES, VARYING, ValueModel, load_model
from pennypress.engine.native.search import positions_after
from pennypress.engine.rules.actions import legal_moves

L2 = 1e-4
"""The penalty on the standardised weights (``train_value``'s for the win rows)."""

_MODELS: dict[str, ValueModel] = {}


def _model(text: str) -> ValueModel:
    if text not in _MODELS:
        _MODELS[text] = load_model(text)
    return _MODELS[text]


def searched(args: tuple[int, int, int, int, int, str]) -> list[tuple]:
    """Game ``g``'s rows: ``(game, position, progress, own features, rivals' most, share of the playouts,
    first)`` for every move the search played out in each kept position."""
    seed, players, g, per_game, playouts, text = args
    model = _model(text)
    read = native.core_module().ValueModel
    rows = []
    for k, view in enumerate(decisions(seed, players, g, per_game)):
        settings = SearchSettings.for_budget(playouts=playouts, seed=search_seed(seed, g, k), workers=1,
                                             leaf=replace(SEARCH_LEAF, model=model), calibration=IDENTITY)
        advice = analyse(view, settings, reasons_top=0, lines=False)
        moves = legal_moves(view)
        index = {str(m): i for i, m in enumerate(moves)}
        played = [r for r in advice.moves if r.playouts > 0 and r.move in index]
        total = sum(r.playouts for r in played)
        afters = positions_after(view, moves, [index[r.move] for r in played])
        me = view.current
        for r in played:
            after = afters[index[r.move]]
            feats = read.features(after)
            rivals = [max(f[j] for q, f in enumerate(feats) if q != me) for j in VARYING]
            rows.append((g, k, read.progress(after), list(feats[me]), rivals, r.playouts / total, r.rank == 1))
    return rows


TARGETS = ("first", "playouts")


def design(rows: list[tuple], target: str = "first") -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(X, q, starts, games)``: each move's design row (the anchors' hats times its own features and the
    rivals' most), its target (1 for the search's first move, else 0; or its share of its position's
    playouts: :data:`TARGETS`), where each position's rows start, and each position's game."""
    t = np.array([r[2] for r in rows])
    x = np.array([r[3] + r[4] for r in rows], dtype=float)
    design_rows = np.einsum("na,nk->nak", hats(t), x).reshape(len(rows), -1)
    keys = [(r[0], r[1]) for r in rows]
    starts = np.array([i for i in range(len(rows)) if i == 0 or keys[i] != keys[i - 1]])
    q = np.array([r[6] if target == "first" else r[5] for r in rows], dtype=float)
    return design_rows, q, starts, np.array([r[0] for r in rows])[starts]


def log_softmax(z: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Each row's log chance among its position's rows."""
    top = np.maximum.reduceat(z, starts)
    sizes = np.diff(np.append(starts, len(z)))
    shifted = z - np.repeat(top, sizes)
    return shifted - np.repeat(np.log(np.add.reduceat(np.exp(shifted), starts)), sizes)


def fit(x: np.ndarray, q: np.ndarray, starts: np.ndarray, l2: float) -> np.ndarray:
    """The conditional logit's weights (on ``x``'s own scale), columns standardised for the fit."""
    spread = x.std(0)
    spread[spread == 0] = 1.0
    xs = x / spread
    positions = len(starts)
    sizes = np.diff(np.append(starts, len(q)))

    def loss(w):
        logp = log_softmax(xs @ w, starts)
        p = np.exp(logp)
        value = -(q * logp).sum() / positions + l2 * (w @ w)
        grad = xs.T @ (p - q) / positions + 2 * l2 * w
        return value, grad

    assert np.allclose(np.add.reduceat(q, starts), 1.0) and (sizes > 0).all()
    found = minimize(loss, np.zeros(x.shape[1]), jac=True, method="L-BFGS-B", options={"maxiter": 5000})
    return found.x / spread


def position_losses(x: np.ndarray, q: np.ndarray, starts: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each position's cross-entropy of the search's shares under the weights ``w``."""
    return -np.add.reduceat(q * log_softmax(x @ w, starts), starts)


def first_agreement(x: np.ndarray, first: np.ndarray, starts: np.ndarray, w: np.ndarray) -> float:
    """The share of positions whose highest-scored move is the search's first."""
    z = x @ w
    ends = np.append(starts[1:], len(z))
    return float(np.mean([first[a + int(np.argmax(z[a:b]))] for a, b in zip(starts, ends)]))


def weights_of(policy: MovePolicy) -> np.ndarray:
    """A policy's weights in the design's order (per anchor: own features, then the rivals' most)."""
    return np.array([w for own, rivals in zip(policy.own, policy.rivals) for w in (*own, *rivals)])


def policy_of(w: np.ndarray, players: int, anchors: tuple[float, ...], obtained: dict) -> MovePolicy:
    rows = np.asarray(w).reshape(len(anchors), len(FEATURES) + len(VARYING))
    own = tuple(tuple(float(v) for v in r[:len(FEATURES)]) for r in rows)
    rivals = tuple(tuple(float(v) for v in r[len(FEATURES):]) for r in rows)
    return MovePolicy(players, anchors, own, rivals, obtained)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3, help="the table (2 or 3: where the playouts end exactly)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--per-game", type=int, default=4, help="positions searched in each game")
    ap.add_argument("--playouts", type=int, default=750, help="the search's playouts a position")
    ap.add_argument("--seed", type=int, default=4403)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--target", choices=TARGETS, default="first",
                    help="fit the search's first move (default) or its share of the playouts")
    ap.add_argument("--l2", type=float, default=L2, help=f"the penalty on the standardised weights (default {L2})")
    ap.add_argument("--model", type=Path, default=Path("engine/advisor/value_model.json"),
                    help="the value-model file the search reads (default: the shipped one)")
    ap.add_argument("--out", type=Path, required=True, help="write the move policy here")
    args = ap.parse_args(argv)
    problem = round_problem(args, "distil_policy.py")
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if not args.l2 >= 0 or args.l2 == float("inf"):
        print(f"--l2: a finite number, 0 or more, got {args.l2}", file=sys.stderr)
        return 2
    try:
        text = args.model.read_text(encoding="utf-8")
        model = load_model(text, str(args.model))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"--model: {exc}", file=sys.stderr)
        return 2
    if model.models[args.players].network is not None:
        print(f"--model: its {args.players}-player win score is a network; round 0 needs linear win rows",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    rows, train, held = search_games(searched, args, text)
    x, q, starts, _ = design(train, args.target)
    w = fit(x, q, starts, args.l2)
    hx, hq, hstarts, hgames = design(held, args.target)
    first = np.array([r[6] for r in held], dtype=float)
    w0 = weights_of(from_value_model(model, args.players))
    old, new = position_losses(hx, hq, hstarts, w0), position_losses(hx, hq, hstarts, w)
    mean, low, high = paired_by_game(hgames, new - old)
    figures = {
        "positions": len({(r[0], r[1]) for r in rows}), "rows": len(rows),
        "held_out": {"positions": len(old), "cross_entropy_round_0": round(float(old.mean()), 4),
                     "cross_entropy_fitted": round(float(new.mean()), 4),
                     "difference": [round(mean, 4), round(low, 4), round(high, 4)],
                     "first_move_round_0": round(first_agreement(hx, first, hstarts, w0), 4),
                     "first_move_fitted": round(first_agreement(hx, first, hstarts, w), 4)},
        "seconds": round(time.perf_counter() - started),
    }
    obtained = {
        "command": "python -m benchmarks.training.distil_policy " + " ".join(argv if argv is not None else sys.argv[1:]),
        "players": args.players, "seed": args.seed, "games": args.games, "per_game": args.per_game,
        "playouts": args.playouts, "target": args.target, "l2": args.l2,
        "model": {"file": str(args.model), "sha256": hashlib.sha256(text.encode()).hexdigest()},
        **figures,
    }
    policy = policy_of(w, args.players, tuple(model.anchors), obtained)
    try:
        args.out.write_text(policy.to_json(), encoding="utf-8")
    except OSError as exc:
        print(f"--out: {exc}", file=sys.stderr)
        return 2
    h = figures["held_out"]
    print(f"{args.players} players: {figures['positions']} positions, {len(rows)} moves searched; held out "
          f"({h['positions']} positions): cross-entropy of the search's {args.target} {h['cross_entropy_round_0']} -> "
          f"{h['cross_entropy_fitted']} ({mean:+.4f}, {low:+.4f} to {high:+.4f}); the search's first move ranked "
          f"first {h['first_move_round_0']:.1%} -> {h['first_move_fitted']:.1%} [{figures['seconds']} s]")
    print(json.dumps({"out": str(args.out), **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
