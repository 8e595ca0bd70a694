"""``benchmarks/strength/imitation.py``: the fit's gradient is the loss's, the loss over packed decisions is
the per-decision formula, fitting raises the likelihood of the opponent's moves, and the fitted model changes
only the player count it was fitted at.

By default the fit is made once, on the first decisions, and both tests that need one read it;
``--proof-count full`` (``conftest.py``) fits every decision of the six games to show the likelihood raised:

    .venv/bin/python -m pytest tests/core/test_core_imitation.py --proof-count full
"""
from __future__ import annotations

import functools

import numpy as np
import pytest

from benchmarks.strength import imitation
from pennypress.engine import native, new_game
from pennypress.engine.advisor.value import MODEL, Leaf
from pennypress.engine.io.state import public_view
from pennypress.errors import BadInput

pytestmark = pytest.mark.xdist_group("imitation-fit")
"""pytest-xdist's ``--dist loadgroup`` runs the tests that read the one fit on one worker, so that it is made
once."""


@functools.cache
def _six_games() -> list[imitation.Decision]:
    return imitation.decisions("evaluator", 6, seed=71)


FITTED = {"small": 60, "full": None}
"""The decisions fitted to show the likelihood raised (by ``--proof-count``): the first 60 (the fit the
player-count test makes too), or all of them. The likelihood rises far beyond the bounds asked for either way:
the fit is made to these very decisions."""


@functools.cache
def _fitted(decisions: int | None) -> np.ndarray:
    """The weights fitted to the first ``decisions`` of the six games (all of them for ``None``), made once."""
    return imitation.fit(_six_games()[:decisions])


@pytest.fixture
def evaluator_decisions(core):
    return _six_games()  # made once for the module, after the core fixture has had its say


def test_every_decision_holds_every_legal_move_and_the_one_played(evaluator_decisions):
    data = evaluator_decisions
    assert len(data) > 100 and {d.game for d in data} == set(range(6))
    anchors, features = len(MODEL.anchors), len(MODEL.models[3].win[0])
    for d in data:
        moves = d.hats.shape[0]
        assert moves > 1 and 0 <= d.chosen < moves
        assert d.hats.shape == (moves, anchors) and d.features.shape == (moves, 3, features)
        assert np.allclose(d.hats.sum(axis=1), 1)  # the anchors' weights at a progress add up to 1


def test_the_gradient_is_the_loss_gradient(evaluator_decisions):
    data = evaluator_decisions[:40]
    start = imitation.shipped_weights()
    rng = np.random.default_rng(3)
    w = start + rng.normal(0, 0.05, start.shape)
    _, g = imitation.loss(w, data, start)
    for _ in range(4):
        step = rng.normal(0, 1, start.shape)
        step /= np.linalg.norm(step)
        h = 1e-5
        numeric = (imitation.loss(w + h * step, data, start)[0] - imitation.loss(w - h * step, data, start)[0]) / (2 * h)
        assert numeric == pytest.approx(g @ step, rel=1e-4, abs=1e-7)



def _reference_loss(w, data, start, l2=imitation.L2):
    """:func:`imitation.loss` one decision at a time, straight from its formula, and the best move of each."""
    total, grad, best = 0.0, np.zeros_like(w), []
    for d in data:
        z = np.einsum("ma,mpk,ak->mp", d.hats, d.features, w.reshape(d.hats.shape[1], -1))
        q = np.exp(z - z.max(axis=1, keepdims=True))
        q /= q.sum(axis=1, keepdims=True)
        scores = np.log(q[:, d.seat])  # the mover's log-chance after each move
        mine = d.features[:, d.seat, :] - np.einsum("mp,mpk->mk", q, d.features)
        dscores = (d.hats[:, :, None] * mine[:, None, :]).reshape(len(scores), -1)  # its gradient
        p = np.exp(scores - scores.max())
        p /= p.sum()
        total -= np.log(p[d.chosen])
        grad -= dscores[d.chosen] - p @ dscores
        best.append(int(np.argmax(scores)))
    step = w - start
    return total / len(data) + l2 * step @ step, grad / len(data) + 2 * l2 * step, best


def test_the_packed_loss_is_the_per_decision_formula(evaluator_decisions):
    data = evaluator_decisions
    assert len({len(d.hats) for d in data}) > 10  # decisions of many move counts, packed end to end
    start = imitation.shipped_weights()
    packed = imitation.Packed.of(data)
    for w in (start, start + np.random.default_rng(5).normal(0, 0.3, start.shape)):
        value, grad, best = _reference_loss(w, data, start)
        assert imitation.loss(w, packed, start)[0] == pytest.approx(value, rel=1e-9)
        assert np.linalg.norm(imitation.loss(w, data, start)[1] - grad) <= 1e-9 * np.linalg.norm(grad)
        share = np.mean([b == d.chosen for b, d in zip(best, data)])
        assert imitation.predicted(w, packed) == imitation.predicted(w, data) == pytest.approx(share, abs=1e-12)
        assert 0 < share < 1

@pytest.mark.slow
def test_fitting_makes_the_moves_played_likelier(evaluator_decisions, proof_count):
    data = evaluator_decisions[:FITTED[proof_count]]
    start = imitation.shipped_weights()
    fitted = _fitted(FITTED[proof_count])
    assert imitation.loss(fitted, data, start)[0] < imitation.loss(start, data, start)[0] - 0.1
    assert imitation.predicted(fitted, data) > imitation.predicted(start, data) + 0.05


@pytest.mark.slow
def test_the_fitted_model_differs_only_at_its_player_count(core, evaluator_decisions):
    w = _fitted(60)  # fitted to evaluator_decisions[:60]
    fitted = Leaf(3, imitation.with_win_weights(w)).core()
    shipped = Leaf(3, MODEL).core()
    for players, same in ((3, False), (4, True)):
        pos = native.native_position(public_view(new_game(players, seed=5)))
        pos.apply(pos.legal_moves()[0])
        assert (fitted.evaluate(pos) == shipped.evaluate(pos)) is same


def test_too_few_games_to_hold_any_out_are_refused(core):
    with pytest.raises(BadInput, match="at least 6 games"):
        imitation.imitation("evaluator", 3, seed=1)


def test_a_bot_without_a_core_policy_is_named(core, capsys):
    assert imitation.main(["--opponent", "advisor:fast", "--games", "6"]) == 2
    err = capsys.readouterr().err
    assert "'advisor:fast' has no bot on the native core" in err and "Traceback" not in err
