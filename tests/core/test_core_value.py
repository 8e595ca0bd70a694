"""The value model on the core is the Python value model: the same features, the same doubles.

The search's playouts stop at a leaf and ask the value model; on the core
that is ``core/src/value.rs``, on the Python engine ``engine/advisor/value.py``.
Both must read the same whole numbers off every position and compute the same
doubles from them, and a playout that stops at a leaf must give the same
estimates on both engines and on any number of threads. The harness is
``values.py`` (beside this file); the value proof in
``test_core_proofs.py`` (slow; ``--proof-count full``) runs the full count.

A network model is compared on fewer seeded games by default; ``--proof-count full`` (``conftest.py``) plays more:

    .venv/bin/python -m pytest tests/core/test_core_value.py --proof-count full
"""
from __future__ import annotations

import random

import pytest

from tests.core.values import compare, network_model
from pennypress.engine.advisor.policy import core_policy
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.advisor.value import FEATURES, MODEL, Leaf
from pennypress.engine import native
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.io.state import new_game, public_view
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.native.search import positions_after, run_batch


@pytest.mark.slow
def test_core_features_estimates_and_leaf_playouts_are_pythons(core):
    cov = compare(games=16, seed=11, model=MODEL)
    assert cov["positions compared"] > 500 and cov["leaf playouts compared"] > 40, cov
    for policy in ("value", "heuristic", "mixed"):
        assert cov[f"leaf playouts by the {policy} bot"] > 20, (policy, cov)
    assert all(cov[f"with {n} players"] > 0 for n in (2, 3, 4, 5)), cov


NETWORK_GAMES = {"small": 8, "full": 12}
"""Seeded games (seed 23) on which a network model is compared, by ``--proof-count``: two of each table either
way, with the positions and leaf playouts the test asks for."""


@pytest.mark.slow
def test_a_network_models_estimates_and_leaf_playouts_are_pythons(core, proof_count):
    model = network_model(5)
    cov = compare(games=NETWORK_GAMES[proof_count], seed=23, model=model)
    assert cov["positions compared"] > 300 and cov["leaf playouts compared"] > 30, cov
    assert all(cov[f"with {n} players"] > 0 for n in (2, 3, 4, 5)), cov
    # the network decides: the shipped linear model's estimates differ from it on a midgame
    view = _midgame(3, 8, 14)
    assert model.evaluate(view) != MODEL.evaluate(view)
    assert list(model.evaluate(view)) == Leaf(0, model).core().evaluate(native.native_position(view))


def test_a_network_of_the_wrong_shape_is_refused_by_both_engines(core):
    import json

    from pennypress.engine.advisor.value import MODEL_FILE, load_model

    from importlib import resources

    doc = json.loads(resources.files("pennypress.engine.advisor").joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    net = network_model(6).models[3].network
    good = {"mean": list(net.mean), "spread": list(net.spread), "rival_mean": list(net.rival_mean),
            "rival_spread": list(net.rival_spread), "weights": [list(r) for r in net.weights], "bias": list(net.bias),
            "out": list(net.out), "linear": list(net.linear)}
    doc["models"]["3"]["network"] = good
    assert load_model(json.dumps(doc)).models[3].network == net
    for change, message in [({"spread": [0.0] * 16}, "every spread must be above 0"),
                            ({"weights": good["weights"][:-1]}, "weights must be 37 rows"),
                            ({"out": good["out"][:-1]}, "out must be 6 finite numbers"),
                            ({"linear": [1.0] * 15}, "linear must be 16 finite numbers"),
                            ({"extra": 1}, "unknown field 'extra'"),
                            ({"bias": 3}, "bias must be a list of at least one finite number")]:
        doc["models"]["3"]["network"] = {**good, **change}
        with pytest.raises(ValueError, match=f"3-player network: {message}"):
            load_model(json.dumps(doc))
    models = {n: (list(map(list, MODEL.models[n].win)), list(map(list, MODEL.models[n].score))) for n in (2, 3, 4, 5)}
    parts = (good["mean"], good["spread"], good["rival_mean"], good["rival_spread"], good["weights"], good["bias"],
             good["out"], good["linear"])
    assert core.ValueModel(list(MODEL.anchors), models, {3: parts}).evaluate(
        native.native_position(_midgame(3, 8, 14))) == list(network_model(6).evaluate(_midgame(3, 8, 14)))
    for bad, message in [({3: (*parts[:4], parts[4][:-1], *parts[5:])}, "3-player network: a network needs 37 rows"),
                         ({3: (parts[0][:3], *parts[1:])}, "a network's mean needs 16 numbers"),
                         ({3: (parts[0], [0.0] * 16, *parts[2:])}, "spreads must be finite and above 0"),
                         ({6: parts}, "a network for 6 players")]:
        with pytest.raises(core.BadInput, match=message):
            core.ValueModel(list(MODEL.anchors), models, bad)


def test_the_core_knows_the_features_by_the_same_names(core):
    assert tuple(core.ValueModel.FEATURES) == FEATURES


def _midgame(players: int, seed: int, plies: int):
    """A public position after ``plies`` moves of seeded greedy play."""
    s = new_game(players, seed=seed)
    bots = [GreedyBot(seed * 10 + i) for i in range(players)]
    rng = random.Random(seed)
    while s.ply < plies:
        s.play(bots[s.current].choose(s), rng)
    return public_view(s)


def test_leaf_playouts_are_the_same_on_one_two_and_four_threads(core):
    state = _midgame(3, 21, 12)
    afters = list(positions_after(state, state.legal_moves(), range(4)).values())
    jobs = [(i, k) for i in range(len(afters)) for k in range(30)]
    leaf = Leaf(5, MODEL)
    on = lambda workers: SearchSettings(seed=9, workers=workers, leaf=leaf, exact_end=False)
    one = run_batch(afters, jobs, on(1), core_policy(), 3000)
    assert run_batch(afters, jobs, on(2), core_policy(), 3000) == one
    assert run_batch(afters, jobs, on(4), core_policy(), 3000) == one
    assert all(moves >= 5 for _, moves in one)  # each stopped at its leaf, not before
    wins = [values[state.current][0] for values, _ in one]
    assert len(set(wins)) >= 10 and all(0 < w < 1 for w in wins)  # chances, not 0/1 outcomes


def test_the_core_refuses_a_malformed_model_and_a_position_it_cannot_value(core):
    rows = [[0.0] * len(FEATURES)] * 2
    good = {n: (rows, rows) for n in (2, 3, 4, 5)}
    with pytest.raises(core.BadInput, match="no model for 5 players"):
        core.ValueModel([0.0, 1.0], {n: good[n] for n in (2, 3, 4)})
    with pytest.raises(core.BadInput, match="anchors must be at least two increasing"):
        core.ValueModel([1.0, 0.0], good)
    with pytest.raises(core.BadInput, match=f"rows need {len(FEATURES)} weights"):
        core.ValueModel([0.0, 1.0], {**good, 3: ([[0.0]] * 2, rows)})
    with pytest.raises(core.BadInput, match="3-player win weights must be 2 rows"):
        core.ValueModel([0.0, 1.0], {**good, 3: (rows[:1], rows)})
    model = core.ValueModel([0.0, 1.0], good)
    state = next(s for s in (_midgame(2, 3, plies) for plies in range(4, 40))
                 if any(isinstance(m, GoToPress) for m in s.legal_moves()))
    pos = native.native_position(state)
    assert model.evaluate(pos) == [(0.5, 0.0, 0.0), (0.5, 0.0, 0.0)]  # all weights 0: a coin flip
    press = next(m for m in state.legal_moves() if isinstance(m, GoToPress))
    pos.apply(str(press))
    assert pos.is_chance_node()
    with pytest.raises(core.BadInput, match="a card is to be drawn"):
        model.evaluate(pos)


@pytest.mark.slow
def test_the_playouts_value_bots_read_the_searchs_model(core):
    """Another model in the leaf is the one the playouts' value bots play by too, on both engines alike:
    the moves of a value-bot playout change with the model, and the core's are Python's."""
    from pathlib import Path

    from pennypress.engine.advisor.playout import native_playout, playout
    from pennypress.engine.advisor.value import load_model

    other = load_model((Path(__file__).resolve().parents[2] / "benchmarks" / "training" /
                        "value_model_exact_final.json").read_text(encoding="utf-8"))
    assert other != MODEL
    cov = compare(games=6, seed=12, model=other)
    assert cov["leaf playouts by the value bot"] > 5, cov
    state = _midgame(3, 21, 12)
    moved = 0
    for k in range(12):
        lines = {}
        for name, model in (("shipped", MODEL), ("other", other)):
            leaf = Leaf(9, model)
            py, core_trace = [], []
            assert playout(state, state.legal_moves()[0], 4, k, policy="value", leaf=leaf, trace=py) == \
                native_playout(state, state.legal_moves()[0], 4, k, policy="value", leaf=leaf, trace=core_trace)
            assert py == core_trace
            lines[name] = py
        moved += lines["shipped"] != lines["other"]
    assert moved > 0, "the value bots played the same moves with either model"
