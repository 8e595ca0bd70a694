"""One playout: a move, then the rest of the game by the playout policy, chance sampled.

Playout ``k`` of an analysis seeded ``seed`` uses the same card draws and the
same bots whichever move it follows (common random numbers), so moves are
compared on the same futures. When the game reaches the final edition the
rest is solved exactly (:class:`~pennypress.engine.advisor.exact.ExactSearch`)
if ``exact_end`` is set.

With a :class:`Leaf` the playout stops early: after ``leaf.depth`` bot moves,
at the first position of normal play with no card to draw, the value model
(:mod:`.value`) gives every player's chance to win, expected margin and
expected circulation there -- the advisor's search playouts (:mod:`.policy`).
A playout that reaches the final edition first plays it to the end.

The state handed in is a :class:`~pennypress.engine.io.state.PublicState` (the
deck an unordered set): draws are then uniform over the unseen cards, and the
bots are handed the playout's own public position, no copy per move.

:func:`native_playout` plays the same playout on the native core -- the same
game, so the same outcome (``tests/core/test_core_playouts.py``); the advisor
runs batches of them (:mod:`.pool`).

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> s = public_view(new_game(3, seed=5)); m = s.legal_moves()[0]
>>> playout(s, m, seed=1, k=0) == playout(s, m, seed=1, k=0)
True
"""
from __future__ import annotations

import random

from ..game.moves import Move
from ..io.state import PublicState
from ..native.search import positions_after, run_batch
from ..play.invariants import DEFAULT_MOVE_CAP
from ..play.match import play_match
from ..position.position import Phase
from ..rules.actions import legal_moves
from ..rules.chance import resolve_chance
from .exact import ExactSearch, best_move, is_deterministic
from .move_policy import MovePolicy
from .outcome import Value, final_values
from .policy import core_policy, rollout_bot
from .settings import SearchSettings
from .value import Leaf, model_of

_EXACT = ExactSearch()
"""Per process: the final-edition memo outlives single playouts (positions repeat a lot)."""
MEMO_LIMIT = 200_000


def playout_seed(seed: int, k: int) -> int:
    """The seed of playout ``k`` of an analysis seeded ``seed``."""
    return seed * 1_000_003 + k


TRACE_LEN = 8
"""Events a playout's trace keeps (the core's ``playout::TRACE_LEN``)."""

Trace = list[int]
"""A playout's first events, in order: a bot's move as its index in the legal-move list (``>= 0``), a
headline card drawn as minus its id (``< 0``) -- the core's ``playout::Trace``. The likely line
(:mod:`.line`) is the most frequent prefix of a move's traces."""


def _draw(s: PublicState, rng: random.Random, trace: Trace | None) -> None:
    event = resolve_chance(s, rng)
    if trace is not None and event is not None and len(trace) < TRACE_LEN:
        trace.append(-event.press.card)


def _step(s: PublicState, bots: list, rng: random.Random, trace: Trace | None) -> None:
    """One bot move and the card it draws, recorded in ``trace`` while it has room."""
    move = bots[s.current].choose(s)
    if trace is not None and len(trace) < TRACE_LEN:
        said = str(move)
        trace.append(next(i for i, m in enumerate(legal_moves(s)) if str(m) == said))
    s.apply(move)
    _draw(s, rng, trace)


def _exact_line(s: PublicState, trace: Trace | None) -> None:
    """The rest of ``trace`` where the exact search finishes a playout: best play by everyone from ``s``
    (:func:`.exact.best_move`) while the trace has room, so a likely line goes on to the end of the game."""
    if trace is None:
        return
    s = s.clone()
    while len(trace) < TRACE_LEN and not s.is_over:
        move = best_move(_EXACT, s)
        said = str(move)
        trace.append(next(i for i, m in enumerate(legal_moves(s)) if str(m) == said))
        s.apply(move)


def playout(state: PublicState, move: Move, seed: int, k: int, exact_end: bool = False,
            policy: str | None = None, leaf: Leaf | None = None, trace: Trace | None = None,
            mover: MovePolicy | None = None, exact_seats: bool = False) -> tuple[Value, ...]:
    """Every player's outcome after ``move`` and a seeded playout by ``policy`` (:mod:`.policy`; default
    its search policy) to the end -- or, with a ``leaf``, the value model's estimates where it stops
    (see the module) -- ``state`` unchanged; value bots read the leaf's model (``mover`` and
    ``exact_seats``: :func:`~.policy.rollout_bot`). A ``trace`` list given is
    filled with the playout's first events (:data:`Trace`)."""
    ps = playout_seed(seed, k)
    rng = random.Random(ps)
    s = state.clone()
    s.apply(move)
    _draw(s, rng, trace)
    bots = [rollout_bot(ps, seat, policy, model_of(leaf), mover, exact_seats) for seat in range(s.n_players)]
    if leaf is not None:
        moves = 0
        while True:
            if s.is_over or moves >= DEFAULT_MOVE_CAP:
                return final_values(s)
            if exact_end and is_deterministic(s):
                if len(_EXACT.memo) > MEMO_LIMIT:
                    _EXACT.memo.clear()
                values = _EXACT.value(s)
                _exact_line(s, trace)
                return values
            if moves >= leaf.depth and s.phase is Phase.NORMAL and not s.draw_pending:
                return leaf.model.evaluate(s)
            _step(s, bots, rng, trace)
            moves += 1
    if exact_end:
        while not is_deterministic(s):
            _step(s, bots, rng, trace)
        if len(_EXACT.memo) > MEMO_LIMIT:
            _EXACT.memo.clear()
        values = _EXACT.value(s)
        _exact_line(s, trace)
        return values
    moves = 0
    while trace is not None and len(trace) < TRACE_LEN and not s.is_over and moves < DEFAULT_MOVE_CAP:
        _step(s, bots, rng, trace)
        moves += 1
    play_match(s, bots, seed=rng, move_cap=DEFAULT_MOVE_CAP - moves, in_place=True)
    return final_values(s)


def native_playout(state: PublicState, move: Move, seed: int, k: int, exact_end: bool = False,
                   policy: str | None = None, leaf: Leaf | None = None,
                   trace: Trace | None = None, mover: MovePolicy | None = None,
                   exact_seats: bool = False) -> tuple[Value, ...]:
    """:func:`playout` on the native core (which must be installed), ``trace`` filled the same way.

    A first move the core cannot play (a press on a proposed page) is played on
    the Python engine; the core goes on from there.
    """
    settings = SearchSettings(seed=seed, workers=1, exact_end=exact_end, leaf=leaf, policy=policy, mover=mover,
                              exact_seats=exact_seats)
    after = positions_after(state, [move], [0])[0]
    result = run_batch([after], [(0, k)], settings, core_policy(policy, settings.value_model, mover, exact_seats),
                       DEFAULT_MOVE_CAP,
                       trace=trace is not None)[0]
    if trace is not None:
        trace.extend(result[2])
    return result[0]
