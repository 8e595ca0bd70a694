"""The advisor as a player: it plays the advisor's best move (the seats ``advisor:fast``,
``advisor:normal`` and ``advisor:deep`` of :mod:`pennypress.engine.arena.seats`).

Each decision is seeded from the bot's seed and the ply (:func:`decision_seed`,
the formula the audit grades with), so a game is repeatable. It runs its
playouts in its own process (``workers=1``) so a tournament can run games side
by side.

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=2))
>>> AdvisorBot(seed=1, playouts=4).choose(s) in s.legal_moves()
True
"""
from __future__ import annotations

from ..game.moves import Move
from ..io.state import PublicState
from ..rules.actions import legal_moves
from .search import advise


def decision_seed(seed: int, ply: int) -> int:
    """The advisor's seed for the decision at ply ``ply`` of a game or audit seeded ``seed``."""
    return seed * 1009 + ply


class AdvisorBot:
    """Plays the advisor's rank-1 move with budget ``budget`` (or ``playouts``)."""

    def __init__(self, seed: int = 0, budget: str = "fast", playouts: int | None = None, workers: int = 1):
        self.seed = seed
        self.budget = budget
        self.playouts = playouts
        self.workers = workers
        self.name = f"advisor:{budget}"

    def choose(self, view: PublicState) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        advice = advise(view, self.budget, self.playouts, seed=decision_seed(self.seed, view.ply),
                        workers=self.workers, reasons_top=0)
        best = advice.best.move
        return next(m for m in moves if str(m) == best)
