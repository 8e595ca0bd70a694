"""The one game loop: play from any position with one bot per seat.

Self-play, game records, tournaments and the advisor's playouts all play
games through :func:`play_match`. Chance nodes (the headline-card draw after
a press) are resolved here from a seeded generator, so bots only ever see
decision points -- and only what a player sees: each bot is handed a
:class:`~pennypress.engine.io.state.PublicState`
(:func:`~pennypress.engine.io.state.player_view`: the table itself when its deck's
order is already unknown, as in the advisor's playouts, else a read-only view
without the order), so no bot can read the deck's order.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.arena.seats import make_bot
>>> s = new_game(3, seed=4)
>>> result = play_match(s, [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)], seed=9)
>>> result.state.is_over, result.moves == result.state.ply, s.ply
(True, True, 0)
>>> play_match(s, [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)], seed=9).scores == result.scores
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from pennypress.errors import BadInput

from ..io.state import State, player_view
from ..position.events import Event
from ..rules.chance import resolve_chance
from .bots import Bot
from .invariants import DEFAULT_MOVE_CAP, InvariantChecker

OnMove = Callable[[State, Event], None]
"""Called after every move (its chance node already resolved) with the state and the move's event."""


@dataclass
class MatchResult:
    """How a game from a position ended (or stopped at the move cap)."""

    state: State
    moves: int
    violations: list[str] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        return [p.circulation for p in self.state.players]

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners


def play_match(
    start: State,
    bots: Sequence[Bot],
    seed: int | random.Random = 0,
    check: bool = False,
    move_cap: int = DEFAULT_MOVE_CAP,
    on_move: OnMove | None = None,
    in_place: bool = False,
) -> MatchResult:
    """Play ``start`` to the end with ``bots[seat]`` choosing for each seat.

    ``seed`` (or a ``random.Random``) draws headline cards when the deck's
    order is unknown; a known order is followed. ``check`` runs the rules'
    invariants after every move (their violations are returned, not raised).
    The start position is not changed unless ``in_place``.
    """
    if len(bots) != start.n_players:
        raise BadInput(f"seats: {len(bots)} bots for {start.n_players} players; give one bot per seat")
    state = start if in_place else start.clone()
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    checker = InvariantChecker(move_cap) if check else None
    if checker is not None:
        checker.start(state)
    resolve_chance(state, rng)  # a position saved at a chance node draws first
    moves = 0
    view = None
    while not state.is_over and moves < move_cap:
        view = player_view(state, view)
        event = state.apply(bots[state.current].choose(view))
        event = resolve_chance(state, rng) or event
        moves += 1
        if checker is not None:
            checker.step(state, event)
        if on_move is not None:
            on_move(state, event)
    violations = checker.violations if checker is not None else []
    if check and not state.is_over:
        violations.append(f"the game did not end within {move_cap} moves")
    return MatchResult(state, moves, violations)
