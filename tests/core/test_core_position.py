"""The core's position: built from a State in one call, back to a State through the loader, cloned;
the same seeded random game on both engines; and the package without the core."""
from __future__ import annotations

import random

import pytest

from pennypress.engine import native, new_game
from pennypress.engine.io.state import public_view
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.play.match import play_match


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_new_game_goes_to_the_core_and_back_unchanged_but_for_the_decks_order(core, players):
    s = new_game(players, seed=players * 11)
    p = native.native_position(s)
    back = native.to_state(p)
    assert back == public_view(s) and back.deck == sorted(s.deck) and not back.deck_known
    assert p.legal_moves() == [str(m) for m in s.legal_moves()]


def test_the_crates_test_fixture_is_the_engines_new_game(core):
    # core/src/position.rs `testing::new_game` sets up the positions of the crate's own tests.
    for players in (2, 3, 4, 5):
        for seed in range(25):
            assert core._testing_new_game(players, seed) == {**public_view(new_game(players, seed=seed)).to_json(),
                                                             "last_event": None}


def test_a_seeded_random_game_is_the_same_game_on_both_engines(core):
    # RandomBot on the Python engine and RandomPolicy on the core, seeded alike, the cards drawn by
    # generators seeded alike: not the same distribution, the very same game.
    for game in range(20):
        players = 2 + game % 4
        start = public_view(new_game(players, seed=game))
        seeds = [game * 31 + seat for seat in range(players)]
        python = play_match(start, [RandomBot(s) for s in seeds], seed=random.Random(game + 1000)).state
        native_end = native.native_position(start).playout_random(core.Random(game + 1000), seeds)
        assert native_end.to_json() == python.to_json()
        assert native_end.winners == list(python.winners) and native_end.scores == [p.circulation for p in python.players]


def test_clones_are_independent(core):
    p = native.native_position(new_game(3, seed=4))
    q = p.clone()
    assert q == p
    q.apply(0)
    assert q != p and p.ply == 0 and q.ply == 1


def test_without_the_core_everything_says_python(monkeypatch):
    monkeypatch.setattr(native, "_core", None)
    assert not native.available() and native.engine_name() == "python"
    with pytest.raises(RuntimeError, match="not installed"):
        native.native_position(new_game(3, seed=1))


def test_the_core_can_be_switched_off(monkeypatch):
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    assert native.engine_name() == "python"
    with pytest.raises(RuntimeError):
        native.core_module()
