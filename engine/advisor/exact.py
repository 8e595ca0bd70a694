"""Exact search of the final edition: no card is drawn from its start, so the rest is a finite
deterministic game, solved here by full recursion with a memo.

Every remaining player maximises their own outcome with the stated tie rule
(:func:`~pennypress.engine.advisor.outcome.preference`: own win share, then own
margin to the best opponent, then own circulation); among equally good moves
the first in :func:`~pennypress.engine.rules.actions.legal_moves` order is taken. The
memo is keyed on :func:`state_key`, a canonical form of everything that can
still matter once the markers are frozen, so an answer never depends on what
the memo saw before.

The native core runs the same search (``pennypress.engine.native.search.ExactSearch``,
the same values and move choices: ``tests/core/test_core_exact.py``);
:func:`exact_search` gives the core's when it is installed.

>>> from pennypress.engine import new_game, GoToPress, parse_move
>>> s = new_game(2, seed=3)
>>> is_deterministic(s)
False
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import native
from ..game.moves import Move
from ..io.state import State
from ..native.search import ExactSearch as NativeExactSearch
from ..position.position import Phase
from ..rules.actions import legal_moves
from .outcome import Value, final_values, preference

FINAL_PHASES = (Phase.FINAL_TURNS, Phase.FINAL_PRESSES)


def is_deterministic(state: State) -> bool:
    """True when nothing random can happen any more: the final edition (or a finished game)."""
    return state.is_over or (state.phase in FINAL_PHASES and not state.draw_pending)


def state_key(state: State) -> tuple:
    """A canonical, hashable form of a final-edition state (equal keys: equal futures).

    Supply stacks and the deck are left out: in the final edition no story is
    added, no marker moves and no card is drawn, so they cannot change what
    anyone may do or score. The board's column order is kept: it orders the
    legal moves, and so decides which of equally good moves is taken (and what
    the other players get after it).
    """
    reporters = tuple(sorted((s.sort_key(), tuple(r)) for s, r in state.reporters.items()))
    columns = tuple(tuple(s.sort_key() for s in column) for column in state.columns.values())
    players = tuple(
        (p.home, p.pennies, p.circulation, p.ad, p.done, tuple(sorted((s.sort_key() for s in p.published))))
        for p in state.players
    )
    return (
        state.phase.value, state.current, tuple(state.pending), state.trigger_player,
        reporters, players, tuple(state.markers.values()), tuple(state.bonus.values()), columns,
    )


@dataclass
class ExactSearch:
    """Solves final-edition positions; reuse one object to share its memo between questions."""

    memo: dict[tuple, tuple[Value, ...]] = field(default_factory=dict)
    nodes: int = 0

    def value(self, state: State) -> tuple[Value, ...]:
        """Every player's outcome under optimal play from ``state`` (which is not changed)."""
        if state.is_over:
            return final_values(state)
        if not is_deterministic(state):
            raise ValueError("exact search needs a final-edition position (no card left to draw)")
        key = state_key(state)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        best = None
        player = state.current
        for move in legal_moves(state):
            v = self.value(self.child(state, move))
            if best is None or preference(v[player]) > preference(best[player]):
                best = v
        assert best is not None, "a final-edition position always has a move (decline at worst)"
        self.memo[key] = best
        return best

    @staticmethod
    def child(state: State, move: Move) -> State:
        new = state.clone()
        new.apply(move)
        return new

    def move_values(self, state: State) -> list[tuple[Move, tuple[Value, ...]]]:
        """Each legal move of the player to move with everyone's outcome after it (optimal play after)."""
        return [(m, self.value(self.child(state, m))) for m in legal_moves(state)]


def best_move(search: ExactSearch, state: State) -> Move:
    """The exact search's move for the player to move in a final-edition ``state``: the first legal move
    whose outcome that player prefers to every other's (the move the search's own recursion takes)."""
    me = state.current
    best: tuple[Move, tuple[Value, ...]] | None = None
    for move, values in search.move_values(state):
        if best is None or preference(values[me]) > preference(best[1][me]):
            best = (move, values)
    assert best is not None, "a final-edition position always has a move (decline at worst)"
    return best[0]


class ExactFinalBot:
    """A bot whose final-edition decisions are the exact search's moves (:func:`best_move`); ``inner`` plays
    the rest and is not asked in the final edition. The playout bots play the final edition by the
    heuristic bot's rules, far below the exact search (``benchmarks/strength/final_edition.py``): wrapped,
    they play the whole game as well as they play normal play. The core's bot is
    ``Policy.exact_final`` (:func:`~pennypress.engine.native.search.exact_final_policy`), decision for
    decision. The inner bot's attributes (its generator, its memory) read through."""

    def __init__(self, inner: Any, search: ExactSearch | None = None):
        self.inner = inner
        self.search = ExactSearch() if search is None else search

    def choose(self, view: State) -> Move:
        if is_deterministic(view) and not view.is_over:
            return best_move(self.search, view)
        return self.inner.choose(view)

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not yet set (copying): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)


def exact_search(state: State | None = None) -> tuple[Any, str]:
    """A fresh exact search and the engine it runs on: the native core's when it is installed (and takes
    ``state``): ``"native"``, else :class:`ExactSearch`: ``"python"``. Both answer ``value(state)`` and
    ``move_values(state)`` alike."""
    if native.available() if state is None else native.accepts(state):
        return NativeExactSearch(), "native"
    return ExactSearch(), "python"
