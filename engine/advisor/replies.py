"""A second ply of selection: the analysis's leading moves judged by the reply each one meets.

The analysis (:mod:`.search`) values a move by playouts in which the other
newspapers play as the playout bots do. Against players who search -- an
advisor, a strong person -- that models the very next reply too kindly or too
harshly: they answer with the reply that is best *for them*, not the one a bot
would pick. The second ply asks each of the analysis's first ``candidates``
moves what that reply is: it plays the move on the public position, lets the
player to move there search their own answer (the same search, budget
``reply_budget``, from their seat), and takes the win share the advised player
keeps after that answer (the reply's own playouts: every newspaper's share, raw).

Only moves that leave a decision are opened: a press draws a headline card
first (a chance node; the search never sees the deck), so it keeps the
analysis's own estimate. The opened moves are then ranked among themselves
by what they keep after the reply, in the places they held -- an opened move is
never compared with an estimate of another kind -- and the first of the new
order is the move to play.

This is the player's choice only (:class:`~.bot.AdvisorBot` with ``replies``),
measured in ``docs/lab/self-play.md`` ("A second ply over the replies"); the
analysis a person reads is not changed by it.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> from pennypress.engine.advisor.budget import budget_for
>>> from pennypress.engine.advisor.search import advise
>>> v = public_view(new_game(3, seed=4))
>>> settings = SearchSettings.for_budget(playouts=60, seed=1, workers=1)
>>> a = advise(v, settings, reasons_top=0, lines=False)
>>> r = second_ply(v, a, settings, candidates=2, reply_budget=budget_for(playouts=40))
>>> r.move in {m.move for m in a.moves[:2]} and len(r.opened) == 2
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from pennypress.errors import BadInput

from ..io.state import PublicState, public_view
from ..rules.actions import legal_moves
from .budget import Budget
from .calibration import IDENTITY
from .result import Advice
from .search import advise
from .settings import SearchSettings

MAX_CANDIDATES = 16
"""The most leading moves a second ply opens (each costs a whole search of the reply)."""


def reply_seed(seed: int, rank: int) -> int:
    """The seed of the reply's search after the analysis's move of rank ``rank`` (1, 2, ...), in an analysis
    seeded ``seed``: its own for every rank (``rank`` is at most :data:`MAX_CANDIDATES`)."""
    return seed * (MAX_CANDIDATES + 1) + rank


@dataclass(frozen=True)
class Opened:
    """One opened move: the reply the next player found, and the advised player's win share after it."""

    move: str
    rank: int
    """The move's rank in the analysis."""
    reply: str
    kept: float
    """The advised player's win share after the reply (the reply's playouts, raw)."""
    playouts: int
    """The reply's search's playouts."""


@dataclass(frozen=True)
class SecondPly:
    """The move to play, and every opened move in the new order."""

    move: str
    opened: tuple[Opened, ...]
    order: tuple[str, ...]
    """The analysis's moves in the order the second ply leaves them."""


def second_ply_candidates(candidates: int) -> int:
    """``candidates`` when it is a number of moves a second ply may open (1 to :data:`MAX_CANDIDATES`);
    :class:`BadInput` naming the problem otherwise."""
    if isinstance(candidates, bool) or not isinstance(candidates, int) or not 1 <= candidates <= MAX_CANDIDATES:
        raise BadInput(f"replies: expected a whole number of moves from 1 to {MAX_CANDIDATES}, got {candidates!r}")
    return candidates


def second_ply(view: PublicState, advice: Advice, settings: SearchSettings, candidates: int,
               reply_budget: Budget) -> SecondPly:
    """The second ply over ``advice`` (the analysis of ``view`` for the player to move, run with ``settings``):
    its first ``candidates`` moves (1 to :data:`MAX_CANDIDATES`) that leave a decision, each answered by the
    next player's search with ``settings`` but for the budget (``reply_budget``), the seed (:func:`reply_seed`)
    and the calibration (none: raw win shares)."""
    second_ply_candidates(candidates)
    view = public_view(view)  # as the analysis: only what the table shows (never the deck's order)
    me = view.current
    moves = {str(m): m for m in legal_moves(view)}
    order = [r.move for r in advice.moves]
    opened: list[Opened] = []
    for row in advice.moves[:candidates]:
        after = view.clone()
        after.apply(moves[row.move])
        if after.is_over or after.is_chance_node():
            continue
        reply = replace(settings, budget=reply_budget, seed=reply_seed(settings.seed, row.rank), calibration=IDENTITY)
        answer = advise(after, reply, reasons_top=0, lines=False)
        opened.append(Opened(row.move, row.rank, answer.best.move, answer.best.win_all[me], answer.playouts))
    slots = sorted(o.rank - 1 for o in opened)
    ranked = sorted(opened, key=lambda o: (-o.kept, o.rank))
    for slot, o in zip(slots, ranked):
        order[slot] = o.move
    return SecondPly(order[0], tuple(ranked), tuple(order))


__all__ = ["MAX_CANDIDATES", "Opened", "SecondPly", "reply_seed", "second_ply", "second_ply_candidates"]
