"""One playout: a move, then the rest of the game by the playout policy, chance sampled.

Playout ``k`` of an analysis seeded ``seed`` uses the same card draws and the
same bots whichever move it follows (common random numbers), so moves are
compared on the same futures. When the game reaches the final edition the
rest is solved exactly (:class:`~pennypress.engine.advisor.exact.ExactSearch`)
if ``exact_end`` is set.

The state handed in is a :class:`~pennypress.engine.io.state.PublicState` (the
deck an unordered set): draws are then uniform over the unseen cards, and the
bots are handed the playout's own public position, no copy per move.

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
from ..play.match import play_match
from ..rules.chance import resolve_chance
from .exact import ExactSearch, is_deterministic
from .outcome import Value, final_values
from .policy import rollout_bot

_EXACT = ExactSearch()
"""Per process: the final-edition memo outlives single playouts (positions repeat a lot)."""
MEMO_LIMIT = 200_000


def playout_seed(seed: int, k: int) -> int:
    """The seed of playout ``k`` of an analysis seeded ``seed``."""
    return seed * 1_000_003 + k


def playout(state: PublicState, move: Move, seed: int, k: int, exact_end: bool = False,
            policy: str | None = None) -> tuple[Value, ...]:
    """Every player's outcome after ``move`` and a seeded playout to the end by ``policy``
    (:mod:`.policy`; default its search policy) -- ``state`` unchanged."""
    ps = playout_seed(seed, k)
    rng = random.Random(ps)
    s = state.clone()
    s.apply(move)
    resolve_chance(s, rng)
    bots = [rollout_bot(ps, seat, policy) for seat in range(s.n_players)]
    if exact_end:
        while not is_deterministic(s):
            s.apply(bots[s.current].choose(s))
            resolve_chance(s, rng)
        if len(_EXACT.memo) > MEMO_LIMIT:
            _EXACT.memo.clear()
        return _EXACT.value(s)
    play_match(s, bots, seed=rng, in_place=True)
    return final_values(s)
