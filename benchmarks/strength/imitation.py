"""A value model fitted to one opponent's own moves: how far modelling it within the value model's features goes.

The value bot (``engine/advisor/value_bot.py``) plays the move after which the value model gives the player
to move the best chance, ``exp(z_me) / sum_q exp(z_q)`` with ``z_p`` linear in newspaper ``p``'s features
(``docs/lab/value.md``). This module keeps that form and refits the model's **win** weights at one player count so
that the bot picks the moves a given league opponent picks: a conditional logit over each decision's legal
moves, the score of a move being the log of the chance the model gives the mover after it. The data are
seeded games of three copies of the opponent on the native core; every fifth game is held out.

This is **not** something the advisor may use (issue 16: its strength must not rest on knowing the opponent;
fitting to a league bot's moves is knowing it). ``benchmarks/strength/decision_regret.py`` seats the fitted model in the
playouts as a measure only (``imitation=SHARE``): the most that a model of the opponent inside these
features could gain, beside ``opponent-playouts``, the opponent itself.

    python -m benchmarks.strength.imitation --opponent evaluator --games 200 --seed 91001
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

from benchmarks.strength.opponent_models import opponent_decisions
from pennypress.engine import native
from pennypress.engine.advisor.value import MODEL, PlayerCountModel, ValueModel
from pennypress.errors import BadInput

PLAYERS = 3
L2 = 1e-4
"""Pull towards the shipped weights (per decision): keeps weights the data do not reach where they were."""
HELD_OUT = 5
"""Every fifth game is held out of the fit."""


@dataclass(frozen=True)
class Decision:
    """One decision of the opponent: what the model reads after every legal move, and the move it played.

    ``hats[m, a]`` is the weight of progress anchor ``a`` after move ``m`` and ``features[m, p, k]`` feature
    ``k`` of newspaper ``p`` after it, so that newspaper ``p``'s ``z`` after move ``m`` is
    ``sum_a,k hats[m, a] * features[m, p, k] * w[a, k]`` for the win weights ``w`` (anchors by features)."""

    game: int
    seat: int
    hats: np.ndarray
    features: np.ndarray
    chosen: int


def decisions(opponent: str, games: int, seed: int, players: int = PLAYERS) -> list[Decision]:
    """Every decision of normal play with more than one legal move in ``games`` seeded games of ``players``
    copies of ``opponent`` (a seat of ``pennypress tournament``) on the native core
    (:func:`bench_opponent_models.opponent_decisions`)."""
    core = native.core_module()
    out: list[Decision] = []
    for g, pos, move in opponent_decisions(opponent, games, seed, players):
        moves = pos.legal_moves()
        hats, feats = [], []
        for m in moves:
            after = pos.clone()
            after.apply(m)
            hats.append(MODEL.hats(core.ValueModel.progress(after)))
            feats.append(core.ValueModel.features(after))
        out.append(Decision(g, pos.current_player, np.array(hats, float), np.array(feats, float), moves.index(move)))
    return out


def _move_scores(d: Decision, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The log-chance of the mover after every move, and its gradient in ``w`` (moves by flattened weights)."""
    weights = w.reshape(d.hats.shape[1], d.features.shape[2])
    z = np.einsum("ma,mpk,ak->mp", d.hats, d.features, weights)
    z -= z.max(axis=1, keepdims=True)
    q = np.exp(z)
    q /= q.sum(axis=1, keepdims=True)
    scores = np.log(q[:, d.seat])
    mine = d.features[:, d.seat, :] - np.einsum("mp,mpk->mk", q, d.features)
    grad = (d.hats[:, :, None] * mine[:, None, :]).reshape(len(scores), -1)
    return scores, grad


def loss(w: np.ndarray, data: list[Decision], start: np.ndarray, l2: float = L2) -> tuple[float, np.ndarray]:
    """The mean negative log-likelihood of the chosen moves plus ``l2`` times the squared distance from
    ``start``, and its gradient."""
    total, grad = 0.0, np.zeros_like(w)
    for d in data:
        s, ds = _move_scores(d, w)
        s = s - s.max()
        p = np.exp(s)
        p /= p.sum()
        total -= np.log(p[d.chosen])
        grad -= ds[d.chosen] - p @ ds
    step = w - start
    return total / len(data) + l2 * step @ step, grad / len(data) + 2 * l2 * step


def predicted(w: np.ndarray, data: list[Decision]) -> float:
    """The share of decisions where the best move by the mover's chance under win weights ``w`` (the first of
    equal ones) is the chosen move: the value bot's choice without its noise and without the thousandth of
    the expected margin it adds to break near-ties."""
    return sum(int(np.argmax(_move_scores(d, w)[0])) == d.chosen for d in data) / len(data)


def shipped_weights(players: int = PLAYERS) -> np.ndarray:
    """The shipped model's win weights at ``players``, flattened (anchors by features)."""
    return np.array(MODEL.models[players].win, float).reshape(-1)


def fit(data: list[Decision], players: int = PLAYERS, l2: float = L2) -> np.ndarray:
    """Win weights fitted to the chosen moves (L-BFGS from the shipped weights)."""
    start = shipped_weights(players)
    return minimize(loss, start.copy(), args=(data, start, l2), jac=True, method="L-BFGS-B",
                    options={"maxiter": 300}).x


def with_win_weights(w: np.ndarray, players: int = PLAYERS) -> ValueModel:
    """The shipped model with its win weights at ``players`` replaced by ``w`` (every other count as shipped)."""
    rows = tuple(tuple(float(x) for x in r) for r in w.reshape(len(MODEL.anchors), -1))
    models = dict(MODEL.models)
    models[players] = PlayerCountModel(win=rows, score=models[players].score)
    return ValueModel(MODEL.anchors, models, {"imitation": "fitted to a league opponent's moves; never shipped"})


@dataclass(frozen=True)
class Imitation:
    """A fitted model and how often it and the shipped model pick the opponent's held-out moves."""

    model: ValueModel
    decisions: int
    held_out: int
    predicted: float
    shipped_predicted: float


def imitation(opponent: str, games: int, seed: int, players: int = PLAYERS) -> Imitation:
    """Fit on the games not held out, report on those held out (every :data:`HELD_OUT`-th)."""
    if games <= HELD_OUT:
        raise BadInput(f"imitation needs at least {HELD_OUT + 1} games, got {games}")
    data = decisions(opponent, games, seed, players)
    train = [d for d in data if d.game % HELD_OUT]
    test = [d for d in data if not d.game % HELD_OUT]
    w = fit(train, players)
    return Imitation(with_win_weights(w, players), len(train), len(test), predicted(w, test),
                     predicted(shipped_weights(players), test))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", default="evaluator", help="a league or project bot (default evaluator)")
    ap.add_argument("--games", type=int, default=200, help="games of three copies (default 200)")
    ap.add_argument("--seed", type=int, default=731006, help="seed of the games (default 731006, never used before)")
    args = ap.parse_args(argv)
    try:
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
        result = imitation(args.opponent, args.games, args.seed)
    except BadInput as e:
        print(f"imitation: {e}", file=sys.stderr)
        return 2
    print(f"{args.opponent}: fitted on {result.decisions} decisions; on {result.held_out} held out the fitted "
          f"value bot picks its move {result.predicted:.1%}, the shipped one {result.shipped_predicted:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
