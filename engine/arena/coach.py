"""The coach of a game against the computer: one decision of the person graded as the audit grades it.

After each of the person's moves, "Play a game" in coach mode asks :func:`coach`
about the position the person faced (their public view: never the deck's
order) and the move they chose. It is the audit's machinery on that one
decision (:mod:`pennypress.engine.audit`): the advisor ranks the moves with the
seed the audit would use for that ply, the move played is evaluated on the
best move's own playouts (a paired comparison), a press on a page equal to
the optimal one counts as the optimal press, and
:func:`~pennypress.engine.audit.grading.grade` gives the class -- ``best``
only for the move ranked first. The same game reviewed afterwards by "Audit a
game" at the same budget and seed grades the decision the same way.

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=11)
>>> note = coach(s, s.legal_moves()[0], seed=1, playouts=40)
>>> note.klass in ("best", "within_noise", "excellent", "good", "inaccuracy", "mistake", "blunder")
True
>>> note.best in [str(m) for m in s.legal_moves()] and note.loss >= 0
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from ..advisor import advise
from ..advisor.bot import decision_seed
from ..advisor.calibration import IDENTITY
from ..audit.grading import grade
from ..game.moves import GoToPress, Move
from ..io.state import State, public_view
from ..rules.actions import legal_moves
from ..rules.press import plan_press

if TYPE_CHECKING:
    from ..advisor.opponent_table import OpponentTable

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class CoachNote:
    """One graded decision: the move played and the best (notation), the class (an audit class), the
    win probability and expected points it lost against the best (0 for the best or a forced move)."""

    played: str
    best: str
    klass: str
    loss: float
    points_loss: float


def _same_as_optimal(state: State, move: Move) -> bool:
    """A press on the optimal page (none given, or one that scores as much as the solver's)."""
    if not isinstance(move, GoToPress):
        return False
    if move.page is None:
        return True
    player = state.current
    return plan_press(state, player, move.page).breakdown.total >= plan_press(state, player).breakdown.total


def coach(before: State, move: Move, seed: int, budget: str = "fast", playouts: int | None = None,
          progress: Progress | None = None, table: OpponentTable | None = None) -> CoachNote:
    """Grade ``move`` chosen in ``before`` (the person's position; searched as its public view) with the
    advisor at ``budget`` and the decision seed of ``seed`` and the ply, as the audit does -- its playouts
    seating the opponents as ``table`` reads them, when given (the audit reads no table)."""
    view = public_view(before)
    moves = legal_moves(view)
    played = GoToPress() if _same_as_optimal(view, move) else move
    if len(moves) == 1:
        return CoachNote(str(played), str(moves[0]), "forced", 0.0, 0.0)
    advice = advise(view, budget, playouts=playouts, seed=decision_seed(seed, view.ply), reasons_top=0,
                    extra_moves=[played], calibration=IDENTITY, progress=progress, table=table)
    best = advice.best
    if str(played) == best.move:
        return CoachNote(str(played), best.move, grade(best, view.n_players), 0.0, 0.0)
    mine = advice.extra[0]
    klass = grade(replace(mine, rank=max(2, mine.rank)), view.n_players)  # only the move ranked first is best
    return CoachNote(str(played), best.move, klass, max(0.0, mine.loss or 0.0), max(0.0, mine.points_loss))
