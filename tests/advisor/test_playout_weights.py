"""The playout weights are data (``engine/advisor/playout_weights.json``): they load, name every field of the
heuristic's ``Weights`` and nothing else, and the playout bots use them."""
from __future__ import annotations

import dataclasses
import json
from importlib import resources

import pytest

from pennypress.engine.advisor import policy
from pennypress.engine.play.heuristic import Weights


def _doc() -> dict:
    return json.loads(resources.files("pennypress.engine.advisor").joinpath(policy.PLAYOUT_FILE).read_text("utf-8"))


def test_the_shipped_file_names_every_weight_and_says_how_it_was_obtained():
    doc = _doc()
    assert list(doc["weights"]) == [f.name for f in dataclasses.fields(Weights)]
    assert policy.PLAYOUT == Weights(**doc["weights"])
    assert all(v > 0 for v in doc["weights"].values())
    assert doc["obtained"]["command"].startswith("python -m benchmarks.training.tune_playout ")


def test_the_playout_bots_start_from_the_playout_weights():
    """Every heuristic bot of the search's playouts -- a seat's own, or the one a value bot carries for the
    final edition -- has the playout weights, each jittered within the jitter."""
    kinds = set()
    for seed in range(11, 31):
        bot = policy.rollout_bot(seed=seed, seat=2)
        kinds.add(type(bot).__name__)
        heuristic = getattr(bot, "fallback", bot)
        for f in dataclasses.fields(Weights):
            base = getattr(policy.PLAYOUT, f.name)
            assert abs(getattr(heuristic.w, f.name) - base) <= policy.JITTER * base + 1e-12
    assert kinds == {"HeuristicBot", "ValueBot"}


@pytest.mark.parametrize("change, message", [
    (lambda w: w.pop("tempo"), "weights lack tempo"),
    (lambda w: w.update(speed=1.0), "weights have unknown speed"),
    (lambda w: w.update(par=-1.0), "weight par must be a finite number >= 0, got -1.0"),
    (lambda w: w.update(wait=True), "weight wait must be a finite number >= 0, got True"),
    (lambda w: w.update(trigger=float("inf")), "weight trigger must be a finite number >= 0, got inf"),
])
def test_a_broken_file_is_refused_with_the_problem_named(change, message):
    doc = _doc()
    change(doc["weights"])
    with pytest.raises(ValueError, match=f"^playout_weights.json: {message}$"):
        policy.load_weights(json.dumps(doc))
