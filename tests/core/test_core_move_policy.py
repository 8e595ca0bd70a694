"""The move policy and its softmax bot: the same scores and leaf playouts on both engines, draws with the
softmax's chances, and refusals that name the problem. (Decision by decision the softmax bot is proven in
``decisions.py``, which seats it alone and in the mix.)

The scores and the playouts are compared on a share of the positions by default; ``--proof-count full``
(``conftest.py``) compares the larger share:

    .venv/bin/python -m pytest tests/core/test_core_move_policy.py --proof-count full
"""
from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest

from pennypress.engine import native
from pennypress.engine.advisor.move_policy import from_value_model, load_move_policy
from pennypress.engine.advisor.playout import native_playout, playout
from pennypress.engine.advisor.policy import core_policy, rollout_bot
from pennypress.engine.advisor.search import analyse
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.advisor.softmax_bot import gumbel
from pennypress.engine.advisor.value import MODEL, Leaf
from pennypress.engine.io.state import new_game, public_view
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.chance import resolve_chance
from pennypress.errors import BadInput


def _positions(players: int, games: int, seed: int):
    """Public positions of normal play (no card to draw) from seeded random games."""
    rng = random.Random(seed)
    for g in range(games):
        s = public_view(new_game(players, seed=seed * 100 + g))
        while not s.is_over and s.phase is Phase.NORMAL:
            if s.is_chance_node():
                resolve_chance(s, rng)
                continue
            yield s.clone()
            s.apply(rng.choice(s.legal_moves()))


SCORED_EVERY = {"small": 24, "full": 8}
"""The positions whose every move is scored on both engines: every so many of a seeded game at each table (by
``--proof-count``). Every 24th still spans each game from its first move to the final edition, thousands
of moves, far above the bound the test asks for."""
PLAYED_OUT = {"small": (24, 1), "full": (12, 2)}
"""The playouts compared, by ``--proof-count``: a leaf playout from every so many positions of two seeded
3-player games (from the first move to the final edition), and a whole one from the first so many of them (the
Python engine's whole playouts with the softmax bot are slow)."""


@pytest.mark.slow
def test_the_core_scores_every_move_as_python_does(core, proof_count):
    compared = 0
    for players in (2, 3, 4, 5):
        policy = from_value_model(MODEL, players).scaled(1.7)
        for view in list(_positions(players, 1, seed=players))[::SCORED_EVERY[proof_count]]:
            for move in view.legal_moves():
                after = view.clone()
                after.apply(move)
                assert policy.core().score(native.native_position(after), view.current) == \
                    policy.score(after, view.current), (players, view.ply, str(move))
                compared += 1
    assert compared > 300


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["value", "mixed"])
def test_leaf_and_whole_playouts_with_the_softmax_bot_are_pythons(core, policy, proof_count):
    rng = random.Random(7)
    mover = from_value_model(MODEL, 3).scaled(0.5)
    every, whole = PLAYED_OUT[proof_count]
    views = list(_positions(3, 2, seed=11))[::every]
    assert len(views) > 6
    other = set()
    for i, view in enumerate(views):  # leaf playouts, and whole ones with the bots playing the final edition
        move = rng.choice(view.legal_moves())
        s, k = rng.randrange(10 ** 9), rng.randrange(100)
        for leaf, exact in ((Leaf(rng.randrange(1, 8), MODEL), False),) + (((None, False),) if i < whole else ()):
            ours = native_playout(view, move, s, k, exact, policy, leaf, mover=mover)
            assert ours == playout(view, move, s, k, exact, policy, leaf, mover=mover), (view.ply, str(move), leaf)
            other.add(ours != native_playout(view, move, s, k, exact, policy, leaf))
    assert True in other  # the softmax bot plays: the outcomes are not the value bot's


def test_the_softmax_bot_draws_each_move_with_its_softmax_chance(core):
    """Over many draws, each move's share is its softmax chance (within 5 standard errors); the core's bot
    draws them (it is the Python bot's, decision for decision: ``decisions.py``), and the Python bot agrees
    on the first of them."""
    def chances_of(view, policy):
        moves = view.legal_moves()
        scores = []
        for m in moves:
            after = view.clone()
            after.apply(m)
            scores.append(policy.score(after, view.current))
        top = max(scores)
        weights = [math.exp(z - top) for z in scores]
        return {str(m): w / sum(weights) for m, w in zip(moves, weights)}

    # the first position and flattening where at least three moves have a chance above 5%: a spread worth testing
    view, policy, chances = next((v, p, c) for v in _positions(3, 2, seed=3) if len(v.legal_moves()) > 8
                                 for p in [from_value_model(MODEL, 3).scaled(f) for f in (0.3, 0.1, 0.03)]
                                 for c in [chances_of(v, p)] if sum(1 for x in c.values() if x > 0.05) >= 3)
    draws = 20000
    bot = core.Bot(core_policy("value", mover=policy), 2)
    pos = native.native_position(view)
    seen = Counter(bot.choose(pos) for _ in range(draws))
    first = core.Bot(core_policy("value", mover=policy), 2).choose(pos)
    assert str(rollout_bot(0, 2, "value", mover=policy).choose(view)) == first  # the seat seeded 0 * 8 + 2
    for move, p in chances.items():
        error = math.sqrt(p * (1 - p) / draws)
        assert abs(seen[move] / draws - p) <= 5 * error + 1e-9, (move, seen[move] / draws, p)


def test_gumbel_noise_is_finite_at_the_ends_of_a_draw():
    assert math.isfinite(gumbel(0.0)) and gumbel(0.0) < -6
    assert gumbel(0.5) == pytest.approx(-math.log(math.log(2)))
    assert math.isfinite(gumbel(1 - 2 ** -53)) and gumbel(1 - 2 ** -53) > 30


def test_a_search_with_a_move_policy_differs_and_is_the_same_on_one_and_two_threads(core):
    view = next(v for v in _positions(3, 1, seed=5) if v.ply > 10)
    mover = from_value_model(MODEL, 3)
    plain = analyse(view, SearchSettings.for_budget(playouts=240, seed=4, workers=1), reasons_top=0, lines=False)
    one = analyse(view, SearchSettings.for_budget(playouts=240, seed=4, workers=1, mover=mover), reasons_top=0,
                  lines=False)
    two = analyse(view, SearchSettings.for_budget(playouts=240, seed=4, workers=2, mover=mover), reasons_top=0,
                  lines=False)
    assert [(r.move, r.win_all) for r in one.moves] == [(r.move, r.win_all) for r in two.moves]
    assert [(r.move, r.win_all) for r in one.moves] != [(r.move, r.win_all) for r in plain.moves]


def test_a_move_policy_for_another_table_or_policy_is_refused(core):
    view = next(iter(_positions(3, 1, seed=5)))
    with pytest.raises(BadInput, match="move policy: made for tables of 2, the position has 3 players"):
        analyse(view, SearchSettings.for_budget(playouts=12, workers=1, mover=from_value_model(MODEL, 2)))
    with pytest.raises(BadInput, match="the playout policy 'heuristic' seats none"):
        analyse(view, SearchSettings.for_budget(playouts=12, workers=1, policy="heuristic",
                                                mover=from_value_model(MODEL, 3)))


def test_a_move_policy_document_round_trips_and_a_bad_one_is_named():
    policy = from_value_model(MODEL, 3)
    again = load_move_policy(policy.to_json(), "p.json")
    assert again == policy and again.obtained == policy.obtained and again.scaled(2.0) != policy
    doc = policy.document()
    for change, message in (
            ({"format": "x"}, "not a move-policy document"),
            ({"players": 6}, "'players' must be a table of 2 to 5"),
            ({"anchors": [0.5, 0.25]}, "'anchors' must be at least two increasing numbers"),
            ({"own": doc["own"][:-1]}, "'own' must be 5 rows"),
            ({"rivals": [r[:-1] for r in doc["rivals"]]}, "'rivals' must be 5 rows (one an anchor) of 16 finite"),
            ({"own": [[float("nan")] * 17] * 5}, "'own' must be 5 rows"),
            ({"features": ["circulation"]}, "its features are not the value model's")):
        with pytest.raises(ValueError, match=r"^p\.json: " + message.replace("(", r"\(").replace(")", r"\)")):
            load_move_policy(json.dumps({**doc, **change}, allow_nan=True), "p.json")
    with pytest.raises(ValueError, match=r"^p\.json: not JSON"):
        load_move_policy("{", "p.json")


def test_the_core_refuses_a_move_policy_of_the_wrong_shape(core):
    make = core.MovePolicy
    anchors, own, rivals = [0.0, 1.0], [[0.0] * 17] * 2, [[0.0] * 16] * 2
    make(3, anchors, own, rivals)
    for args, message in (((6, anchors, own, rivals), "a table of 2 to 5 players, got 6"),
                          ((3, [1.0, 0.0], own, rivals), "anchors must be at least two increasing"),
                          ((3, anchors, [[0.0] * 16] * 2, rivals), "own rows need 17 weights each"),
                          ((3, anchors, own, [[0.0] * 16]), "own and rivals need 2 rows each"),
                          ((3, anchors, own, [[float("inf")] * 16] * 2), "every weight must be a finite number")):
        with pytest.raises(core.BadInput, match=message):
            make(*args)
    policy = make(3, anchors, own, rivals)
    with pytest.raises(core.BadInput, match="MovePolicy.score: a player of a 3-player position"):
        policy.score(native.native_position(public_view(new_game(2, seed=1))), 0)
