"""The exact final-edition answer against an independent brute force.

The brute force below is written separately from :mod:`pennypress.engine.advisor`:
plain recursion over the engine's legal moves, no memo, its own reading of the
finished game (circulation and winners from the engine's end scoring) and the
stated tie rule (own win share, then own margin to the best opponent, then own
circulation; first legal move on a full tie).
"""
from __future__ import annotations

import pytest

from tests.advisor.advisor_positions import brute_force_moves, final_presses, seeded_final_positions
from pennypress.engine import Phase
from pennypress.engine.advisor import ExactSearch, advise, state_key


LAST_ROUND = seeded_final_positions(4, seed=11, phase=Phase.FINAL_PRESSES, last_turn=False)
LAST_TURNS = seeded_final_positions(3, seed=40, phase=Phase.FINAL_TURNS, last_turn=True)


@pytest.mark.parametrize("state", LAST_ROUND + LAST_TURNS, ids=lambda s: f"{s.phase.value}-p{s.current}-ply{s.ply}")
def test_exact_answer_matches_brute_force(state):
    expected = brute_force_moves(state)
    advice = advise(state, "fast", seed=0)
    assert advice.exact and advice.playouts == 0
    assert {m.move for m in advice.moves} == set(expected)
    for m in advice.moves:
        share, margin, score = expected[m.move]
        assert (m.win_probability, m.expected_margin, m.expected_score) == (share, margin, score), m.move
        assert tuple(m.win_interval) == (share, share)
    best = max(expected.values())
    assert (advice.best.win_probability, advice.best.expected_margin, advice.best.expected_score) == best
    assert [m.rank for m in advice.moves] == list(range(1, len(expected) + 1))


def test_brute_force_positions_are_real_decisions():
    """The seeded positions are not all trivial: some offer moves of different worth."""
    spreads = [len(set(brute_force_moves(s).values())) for s in LAST_ROUND + LAST_TURNS]
    assert max(spreads) > 1


def test_memo_key_tells_positions_apart():
    a = final_presses(board={"war:D:3": [2, 0, 0]}, circulation=[30, 35, 20])
    b = final_presses(board={"war:D:3": [2, 0, 0]}, circulation=[30, 36, 20])
    assert state_key(a) != state_key(b)
    assert state_key(a) == state_key(a.clone())


def test_memo_reuses_answers():
    state = LAST_TURNS[0]
    search = ExactSearch()
    first = search.value(state)
    nodes = search.nodes
    assert search.value(state.clone()) == first and search.nodes == nodes
