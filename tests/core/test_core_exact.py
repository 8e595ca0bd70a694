"""The core's exact final-edition search is the Python search: the same values, the same move choices.

Every decision node of the final editions of seeded games (2-5 players, both
phases) is searched by both (``exact_positions.py``): every legal move's outcome
for every player must be equal -- so the move each player takes, the first of
the best in legal-move order, is the same too. Positions whose search is too
large for the Python engine are left to the full run
(the exact proof in ``test_core_proofs.py`` (slow; ``--proof-count full``)) with a larger bound.
"""
from __future__ import annotations

import pytest

from tests.core.exact_positions import compare, final_edition_positions
from pennypress.engine.advisor.exact import ExactSearch, exact_search, state_key
from pennypress.engine.native.search import ExactSearch as NativeExactSearch


@pytest.mark.slow
def test_the_searches_agree_on_every_small_final_edition_position(core):
    cov = compare(60, seed=15, max_nodes=500)
    assert cov["positions compared"] > 150
    for players in (2, 3, 4, 5):
        assert cov[f"positions with {players} players"] > 0
    for phase in ("final-turns", "final-presses"):
        assert cov[f"positions in phase {phase}"] > 0
    assert cov["positions where several moves tie for the best"] > 0  # the tie rule is exercised


def _small(state, core) -> bool:
    try:
        NativeExactSearch(max_nodes=500).value(state)
    except core.BadInput:
        return False
    return True


def test_a_warm_memo_gives_the_same_answers_as_a_fresh_one(core):
    positions = [s for s in final_edition_positions(12, seed=3) if _small(s, core)]
    assert len(positions) > 20
    warm = NativeExactSearch()
    for state in positions:
        warm.value(state)
    for state in reversed(positions):
        assert warm.value(state) == NativeExactSearch().value(state) == ExactSearch().value(state)


def test_a_search_too_large_is_refused_not_half_answered(core):
    big = next(s for s in final_edition_positions(40, seed=15) if s.n_players == 5 and s.phase.value == "final-turns")
    with pytest.raises(core.BadInput, match="too large to search exactly here"):
        NativeExactSearch(max_nodes=50).move_values(big)


def test_the_advisor_uses_the_cores_search_when_it_is_installed(core, monkeypatch):
    state = next(final_edition_positions(1, seed=2))
    search, engine = exact_search(state)
    assert engine == "native" and isinstance(search, NativeExactSearch)
    impossible = state.clone()
    impossible.players[0].pennies = 0  # published stories without a press: the core refuses such a table
    assert exact_search(impossible)[1] == "python"
    from pennypress.engine import native

    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    search, engine = exact_search(state)
    assert engine == "python" and isinstance(search, ExactSearch)


def test_the_memo_key_keeps_the_board_order():
    """Equal keys must mean equal futures: the column order orders the legal moves, and so decides
    which of equally good moves is taken."""
    state = next(s for s in final_edition_positions(20, seed=1) if any(len(c) > 1 for c in s.columns.values()))
    swapped = state.clone()
    column = next(c for c in swapped.columns.values() if len(c) > 1)
    column[0], column[1] = column[1], column[0]
    assert state_key(swapped) != state_key(state)
