"""The core is the same game as the Python engine: a seeded share of the differential proof.

Every game plays on both engines at once (``differential.py``): the same legal
moves in the same order, the same events, the same card draws from generators
seeded alike, the same positions after every move and draw. The full run
(10,000 games) is the differential proof in ``test_core_proofs.py`` (slow; ``--proof-count full``).

The seeded share is smaller by default; ``--proof-count full`` (``conftest.py``) plays the larger one:

    .venv/bin/python -m pytest tests/core/test_core_differential.py --proof-count full
"""
from __future__ import annotations

import pytest

from tests.core.differential import Mismatch, play_one, run

GAMES = {"small": 120, "full": 500}
"""Seeded games (seed 15) by ``--proof-count``. The 120 are five turns of the 24 game setups
(``differential.game_setup``: 2-5 players, the newsboy variant, both decks), every rule below reached several
times; the 500 reach no other rule, each more often."""


@pytest.mark.slow
def test_seeded_games_are_identical_move_by_move_and_reach_every_rule(core, proof_count):
    games = GAMES[proof_count]
    report = run(games, seed=15)
    cov = report.coverage
    assert report.games == games and cov["games finished"] == games
    for players in (2, 3, 4, 5):
        assert cov[f"games with {players} players"] > 0
    for players in (4, 5):
        assert cov[f"games with {players} players (newsboy)"] > 0
    assert cov["games with the corrected deck"] > 0
    for rule in (
        "presses", "unpublished stories", "scoops to finished players", "presses with tied top beats",
        "final-edition declines", "newsboy passes", "card stories from an empty stack",
        "card stories that did not fit", "presses with an ad on the page", "final-edition triggers",
        "presses in the final edition", "conversions at a chance node", "positions read back through the loader",
        "bot moves (greedy)", "bot moves (heuristic)",
    ):
        assert cov[rule] > 0, f"the seeded share never reached: {rule}"


def test_a_difference_would_be_reported_with_the_game_and_the_field(core, monkeypatch):
    # The harness is not vacuous: make the core's legal-move list lie once and it must say where.
    from tests.core import differential

    real = differential.native.native_position

    class Lying:
        def __init__(self, inner):
            self.inner = inner

        def legal_moves(self):
            return list(reversed(self.inner.legal_moves()))

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(differential.native, "native_position", lambda s: Lying(real(s)))
    try:
        play_one(0, seed=3)
    except Mismatch as exc:
        assert "game seed 3, ply 0: legal moves differ" in str(exc)
    else:
        raise AssertionError("a reversed legal-move list went unnoticed")
