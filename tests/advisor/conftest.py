"""Advisor tests: reuse the engine tests' hand-built positions (``engine_builders``); a shared midgame."""
from __future__ import annotations

import random

import pytest

from pennypress.engine import new_game


@pytest.fixture(scope="module")
def midgame():
    """A 3-player position after five random moves (seeded): many legal moves, none forced."""
    s = new_game(3, seed=21)
    rng = random.Random(3)
    for _ in range(5):
        s.play(rng.choice(s.legal_moves()), rng)
    assert not s.is_over and not s.is_chance_node()
    return s
