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
from collections.abc import Sequence
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


@dataclass(frozen=True)
class Packed:
    """Decisions laid end to end, made once per fit so that :func:`loss` and :func:`predicted` are a few array
    operations over every move of every decision rather than a Python loop over decisions, which L-BFGS would
    run at every evaluation.

    Row ``r`` is one legal move of one decision: ``hats[r]`` as in :class:`Decision`, and ``features[:, r]`` the
    newspapers' features after it, turned so that the mover comes first (the chances are the same in any order
    of newspapers) and newspapers leading so that sums over them run along whole rows. The moves of decision ``i`` are
    rows ``starts[i]`` up to the next start (``decision[r]`` is ``i`` for each), and ``chosen[i]`` is the row of
    the move it played. Moves are laid end to end rather than padded to the largest count: the count ranges
    widely, and a softmax over each decision's rows (``np.ufunc.reduceat``) needs no mask. Products over rows
    are ``np.einsum`` rather than ``@``: BLAS splits matrices this long and thin over threads, which on a busy
    machine costs far more than it saves."""

    hats: np.ndarray
    features: np.ndarray
    starts: np.ndarray
    decision: np.ndarray
    chosen: np.ndarray

    @classmethod
    def of(cls, data: Sequence[Decision] | Packed) -> Packed:
        """``data`` packed (as it is if already packed)."""
        if isinstance(data, Packed):
            return data
        counts = np.array([len(d.hats) for d in data])
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        features = np.concatenate([np.roll(d.features, -d.seat, axis=1) for d in data])
        return cls(np.concatenate([d.hats for d in data]), np.ascontiguousarray(features.transpose(1, 0, 2)),
                   starts, np.repeat(np.arange(len(data)), counts), starts + np.array([d.chosen for d in data]))

    def __len__(self) -> int:
        return len(self.starts)

    def chances(self, w: np.ndarray) -> np.ndarray:
        """Every newspaper's chance after every move under win weights ``w`` (newspapers, the mover first, by
        rows)."""
        mixed = np.einsum("ra,ak->rk", self.hats, w.reshape(self.hats.shape[1], -1))  # weights by row
        z = np.einsum("prk,rk->pr", self.features, mixed)
        z -= z.max(axis=0)
        q = np.exp(z)
        return q / q.sum(axis=0)

    def segment_max(self, x: np.ndarray) -> np.ndarray:
        """The largest of ``x`` (by row) over each row's decision, by row."""
        return np.maximum.reduceat(x, self.starts)[self.decision]


def loss(w: np.ndarray, data: Sequence[Decision] | Packed, start: np.ndarray,
         l2: float = L2) -> tuple[float, np.ndarray]:
    """The mean negative log-likelihood of the chosen moves plus ``l2`` times the squared distance from
    ``start``, and its gradient.

    A decision's chance of move ``m`` is the softmax over its moves of the score ``s_m``, the log of the mover's
    chance after ``m``. The gradient of ``s_m`` in weight ``(a, k)`` is ``hats[m, a]`` times the mover's feature
    ``k`` less its mean over newspapers weighted by their chances; the negative log-likelihood's is that summed
    over moves weighted by each move's chance less 1 at the move played. Pass a :class:`Packed` to pack once."""
    packed = Packed.of(data)
    chances = packed.chances(w)
    scores = np.log(chances[0])
    s = scores - packed.segment_max(scores)
    e = np.exp(s)
    sums = np.add.reduceat(e, packed.starts)
    total = float(np.sum(np.log(sums)) - np.sum(s[packed.chosen]))
    residual = e / sums[packed.decision]
    residual[packed.chosen] -= 1
    mine = packed.features[0] - np.einsum("pr,prk->rk", chances, packed.features)
    grad = np.einsum("ra,rk->ak", residual[:, None] * packed.hats, mine).reshape(-1)
    step = w - start
    return total / len(packed) + l2 * step @ step, grad / len(packed) + 2 * l2 * step


def predicted(w: np.ndarray, data: Sequence[Decision] | Packed) -> float:
    """The share of decisions where the best move by the mover's chance under win weights ``w`` (the first of
    equal ones) is the chosen move: the value bot's choice without its noise and without the thousandth of
    the expected margin it adds to break near-ties."""
    packed = Packed.of(data)
    mover = packed.chances(w)[0]
    rows = np.arange(len(mover))
    first = np.minimum.reduceat(np.where(mover == packed.segment_max(mover), rows, len(rows)), packed.starts)
    return float(np.mean(first == packed.chosen))


def shipped_weights(players: int = PLAYERS) -> np.ndarray:
    """The shipped model's win weights at ``players``, flattened (anchors by features)."""
    return np.array(MODEL.models[players].win, float).reshape(-1)


def fit(data: list[Decision], players: int = PLAYERS, l2: float = L2) -> np.ndarray:
    """Win weights fitted to the chosen moves (L-BFGS from the shipped weights, the decisions packed once)."""
    start = shipped_weights(players)
    return minimize(loss, start.copy(), args=(Packed.of(data), start, l2), jac=True, method="L-BFGS-B",
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
