"""The value model (``engine/advisor/value.py``): its features mean what they say, its file loads or is
refused with the problem named, and its estimates are chances that add up to one."""
from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from pennypress.engine import new_game
from pennypress.engine.advisor import value
from pennypress.engine.advisor.value import FEATURES, MODEL, load_model, player_features, position_features
from pennypress.engine.io.state import State, public_view
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.endgame import end_scoring
from pennypress.engine.rules.press import preview_press
from pennypress.engine.game.tables import final_edition_presses

F = {name: i for i, name in enumerate(FEATURES)}


def _positions(count: int, seed: int) -> list[State]:
    """Positions of normal play from seeded greedy games of 2-5 players."""
    rng = random.Random(seed)
    out = []
    for g in range(count):
        s = new_game(2 + g % 4, seed=seed + g)
        bots = [GreedyBot(g * 5 + i) for i in range(s.n_players)]
        stop = rng.randrange(0, 40)
        while s.ply < stop and s.phase is Phase.NORMAL:
            s.play(bots[s.current].choose(s), rng)
        if s.phase is Phase.NORMAL and not s.is_chance_node():
            out.append(public_view(s))
    return out


POSITIONS = _positions(40, seed=300)


def test_the_page_feature_is_the_press_a_player_would_make_now():
    checked = 0
    for s in POSITIONS:
        for p in range(s.n_players):
            x = player_features(s, p)
            if s.claimable(p):
                assert x[F["page"]] == preview_press(s, p).gain
                checked += 1
            else:
                assert x[F["page"]] == 0
            assert x[F["reach"]] >= x[F["page"]]
            assert x[F["circulation"]] == s.players[p].circulation
            assert x[F["presses_left"]] == final_edition_presses(s.n_players) - s.players[p].pennies
            assert 1 <= x[F["presses_before_end"]] <= x[F["presses_left"]]
            assert x[F["on_board"]] + s.players[p].home == 5
            assert x[F["order"]] == (0 if p == s.current else len(value.acting_before(s, p)))
            assert x[F["one"]] == 1
    assert checked > 20


def test_the_bonus_feature_is_the_end_scorings_bonus():
    for s in POSITIONS:
        end = end_scoring(s.players, s.bonus)
        for p in range(s.n_players):
            assert player_features(s, p)[F["bonus"]] == end.circulation[p] - s.players[p].circulation


def test_who_acts_before_whom_follows_the_turn_order():
    s = new_game(4, seed=1)
    assert s.current == 0
    assert value.acting_before(s, 0) == [1, 2, 3]   # the player to move: everyone before their next turn
    assert value.acting_before(s, 2) == [0, 1]       # another: the player to move and those between
    two = new_game(2, seed=1)                        # the two-player order P1, P2, P2, P1, P1, ...
    assert value.acting_before(two, 1) == [0] and value.acting_before(two, 0) == [1]


def test_estimates_are_chances_that_add_up_to_one_and_favour_the_leader():
    for s in POSITIONS:
        est = MODEL.evaluate(s)
        assert len(est) == s.n_players
        assert abs(sum(w for w, _, _ in est) - 1) < 1e-12
        assert all(0 < w < 1 for w, _, _ in est)
    s = next(s for s in POSITIONS if s.n_players == 3).clone()
    before = MODEL.evaluate(s)[0][0]
    s.players[0].circulation += 25  # far ahead on the track
    assert MODEL.evaluate(s)[0][0] > before + 0.2


def test_progress_runs_from_zero_at_the_deal_to_one():
    s = new_game(3, seed=4)
    assert value.progress(s) == 0.0
    for pl in s.players:
        pl.pennies = 3
    assert value.progress(s) == 0.9   # 9 presses of the 3 * 3 + 1 a three-player game lasts
    s.players[0].pennies = 4
    assert value.progress(s) == 1.0


def _doc() -> dict:
    return json.loads(resources.files("pennypress.engine.advisor").joinpath(value.MODEL_FILE).read_text("utf-8"))


def test_the_shipped_model_loads_and_says_how_it_was_obtained():
    doc = _doc()
    assert doc["features"] == list(FEATURES)
    assert load_model(json.dumps(doc)) == MODEL
    assert doc["obtained"]["command"].startswith("python -m benchmarks.training.train_value ")
    for n in ("2", "3", "4", "5"):
        held = doc["obtained"]["held_out"][n]
        assert held["log_loss"] < held["fair_log_loss"] and held["brier"] < held["fair_brier"]


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="something else"), 'expected an object with "format"'),
    (lambda d: d["features"].reverse(), "features must be exactly"),
    (lambda d: d.update(anchors=[0.5, 0.25, 1.0, 1.5, 2.0]), "anchors must be at least two increasing numbers"),
    (lambda d: d["models"].pop("4"), "no model for 4 players"),
    (lambda d: d["models"].update({"6": d["models"]["5"]}), "model for '6' players: player counts are 2 to 5"),
    (lambda d: d["models"]["3"]["win"][0].pop(), "3-player win weights must be 5 rows of 17 finite numbers"),
    (lambda d: d["models"]["2"]["score"][1].__setitem__(0, "x"), "2-player score weights must be"),
])
def test_a_broken_model_file_is_refused_with_the_problem_named(change, message):
    doc = _doc()
    change(doc)
    with pytest.raises(ValueError, match=f"^value_model.json: .*{message}"):
        load_model(json.dumps(doc))
    with pytest.raises(ValueError, match="^value_model.json: not JSON"):
        load_model("{")


def test_features_read_only_the_public_position():
    s = new_game(3, seed=8)
    shuffled = s.clone()
    random.Random(1).shuffle(shuffled.deck)
    assert position_features(public_view(s)) == position_features(public_view(shuffled)) == position_features(s)
