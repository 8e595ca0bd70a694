"""The advisor's answer: the analysis (:mod:`.search`) and, where the budget spends its time on depth, its
second ply (:mod:`.replies`).

:func:`advise` is the one entry point: with an explicit playout count or a time bound it is the analysis
alone; with a named budget (:mod:`.budget`) the analysis's first moves are opened, each
answered by the next player's own search, and the answer is ranked in the second ply's order -- every
figure measured against its first move on the analysis's own playouts, each opened move with its
:attr:`~.result.RankedMove.reply` -- so the move named best is the move the advisor plays.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.advisor.budget import budget_for
>>> a = advise(new_game(3, seed=4), "normal", seed=1, workers=1, reasons_top=0, lines=False)
>>> a.second_ply.opened >= 1 and a.best.reply is not None and a.moves[0].loss == 0
True
>>> advise(new_game(3, seed=4), "fast", seed=1, workers=1, reasons_top=0, lines=False).second_ply.reply_budget
'quick'
>>> advise(new_game(3, seed=4), budget_for(playouts=200), seed=1, workers=1, reasons_top=0, lines=False).second_ply is None
True
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Sequence

from ..game.moves import Move
from ..io.state import State, public_view
from .budget import Budget
from .pool import decided
from .replies import SecondPly, second_ply, with_replies
from .result import Advice
from .search import Progress, Stop, analyse, check_position, resolve_settings
from .settings import SearchSettings


def advise(
    state: State,
    settings: SearchSettings | str | Budget | None = None,
    *,
    progress: Progress | None = None,
    stop: Stop | None = None,
    reasons_top: int = 5,
    extra_moves: Sequence[Move] = (),
    lines: bool = True,
    **fields: Any,
) -> Advice:
    """Rank every legal move of the player to move in ``state`` (which is not changed): the analysis
    (:func:`.search.analyse`, whose arguments these are) and the budget's second ply, if it has one.

    ``progress(done, total)`` counts the analysis's playouts and then each reply's, ``total`` the most all of
    them may take; a ``stop()`` during the second ply gives the analysis alone (``stopped``)."""
    settings = resolve_settings(settings, fields)
    plan = settings.budget
    reply_plan = plan.reply_plan()
    if reply_plan is None:
        return analyse(state, settings, progress=progress, stop=stop, reasons_top=reasons_top,
                       extra_moves=extra_moves, lines=lines)
    check_position(state)
    view = public_view(state)
    search = decided(settings, view)  # the analysis's; each reply's search decides its own
    cap, reply_cap = plan.cap_for(search.engine), reply_plan.most_for(search.engine)
    total = cap + plan.replies * reply_cap
    told = None if progress is None else (lambda done, _total: progress(min(done, cap), total))
    replied = None if progress is None else (lambda i, done: progress(cap + i * reply_cap + min(done, reply_cap), total))
    found: list[SecondPly] = []
    halted = [False]

    def rerank(ranking: Advice) -> Sequence[str] | None:
        if ranking.stopped:
            return None
        ply = second_ply(view, ranking, settings, plan.replies, reply_plan, progress=replied, stop=stop, lines=lines)
        if ply is None:
            halted[0] = True
            return None
        found.append(ply)
        return [o.move for o in ply.opened] or None  # the opened moves, in their new order; the rest follow

    advice = analyse(view, search, progress=told, stop=stop, reasons_top=reasons_top, extra_moves=extra_moves,
                     lines=lines, rerank=rerank)
    if halted[0]:
        return replace(advice, stopped=True)
    if not found:  # exact, or stopped in the analysis
        return advice
    return with_replies(advice, found[0], plan.replies, reply_plan.name, settings.calibration, reasons_top)


__all__ = ["advise"]
