"""Invariants that hold after every move; shared by the tests and ``selfplay``.

:func:`check_state` looks at one state; :class:`InvariantChecker` follows a
game move by move and adds the checks that compare consecutive states
(circulation never falls, pennies match presses, the game ends in time).
Each returns a list of plain-language violations (empty when all is well).

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=2)
>>> check_state(s)
[]
>>> s.players[0].home = 4; check_state(s)
['position.players[0]: 4 reporters at home and 0 on the board; a player has 5']
"""
from __future__ import annotations

from ..game.names import newspaper
from ..io.state import State
from ..position.events import Event
from ..rules.status import position_problems

DEFAULT_MOVE_CAP = 3000
"""Moves after which a game is judged not to end."""


def check_state(state: State) -> list[str]:
    """Every static invariant of a position, as ``field: message`` lines.

    The rules are those of :func:`pennypress.engine.rules.status.position_problems`
    (the one place they live), without the checks against the game's history
    of card draws, so hand-built tables pass too.
    """
    return [p.text("position") for p in position_problems(state, accounting=False)]


class InvariantChecker:
    """Follows one game: ``start(state)``, then ``step(state)`` after every move.

    Besides :func:`check_state`, it checks that circulation never falls,
    that each player's pennies equal the presses they made, that at most
    one player's pennies change per move, and the move cap.
    """

    def __init__(self, move_cap: int = DEFAULT_MOVE_CAP):
        self.move_cap = move_cap
        self.violations: list[str] = []
        self.presses: list[int] = []
        self.moves = 0
        self._circulation: list[int] = []

    def _record(self, where: str, problems: list[str]) -> list[str]:
        tagged = [f"{where}: {p}" for p in problems]
        self.violations.extend(tagged)
        return tagged

    def start(self, state: State) -> list[str]:
        self.presses = [p.pennies for p in state.players]
        self._circulation = [p.circulation for p in state.players]
        self.moves = 0
        return self._record("start", check_state(state))

    def step(self, state: State, event: Event | None = None) -> list[str]:
        event = event if event is not None else state.last_event
        self.moves += 1
        problems = check_state(state)
        if event is not None and event.press is not None:
            self.presses[event.press.player] += 1
        for i, p in enumerate(state.players):
            if p.pennies != self.presses[i]:
                problems.append(f"{newspaper(i)} has {p.pennies} pennies after {self.presses[i]} presses")
            if p.circulation < self._circulation[i]:
                problems.append(f"{newspaper(i)}'s circulation fell from {self._circulation[i]} to {p.circulation}")
        self._circulation = [p.circulation for p in state.players]
        if self.moves > self.move_cap and not state.is_over:
            problems.append(f"the game has not ended after {self.move_cap} moves")
        return self._record(f"move {self.moves} ({event.move if event else '?'})", problems)
