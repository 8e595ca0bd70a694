"""The advisor as a seat at the table: ``advisor:fast`` and ``advisor:normal`` in :data:`~pennypress.engine.play.bots.BOTS`.

It plays the advisor's best move; each decision is seeded from the bot's seed
and the ply, so a game is repeatable. It runs its playouts on one worker
(``workers=1``: one thread of the native core, or its own process) so a
tournament can run games side by side.

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=2)
>>> AdvisorBot(seed=1, playouts=4).choose(s) in s.legal_moves()
True
"""
from __future__ import annotations

from ..moves import Move
from ..play.bots import register_bot
from ..rules import legal_moves
from ..state import State
from .search import advise


class AdvisorBot:
    """Plays the advisor's rank-1 move with budget ``budget`` (or ``playouts``)."""

    def __init__(self, seed: int = 0, budget: str = "fast", playouts: int | None = None, workers: int = 1):
        self.seed = seed
        self.budget = budget
        self.playouts = playouts
        self.workers = workers
        self.name = f"advisor:{budget}"

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        advice = advise(state, self.budget, self.playouts, seed=self.seed * 1009 + state.ply,
                        workers=self.workers, reasons_top=0)
        best = advice.best.move
        return next(m for m in moves if str(m) == best)


def advisor_seat(budget: str, seed: int = 0) -> AdvisorBot:
    """The factory behind the seat names ``advisor:fast``, ``advisor:normal`` and ``advisor:deep``."""
    return AdvisorBot(seed=seed, budget=budget)


advisor_seat.options = ("fast", "normal", "deep")  # type: ignore[attr-defined]
register_bot("advisor", advisor_seat)
