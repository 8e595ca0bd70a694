"""How much work an analysis may do: the named budgets and an explicit playout count.

A budget is counted in playouts, never in seconds, so the same position,
budget and seed always give the same answer (on any machine, with any number
of workers).

- ``screen``: playouts given to every legal move first (the cheap screening,
  by the jittered greedy bot: :data:`.policy.SCREEN`);
- ``shortlist``: how many moves go on to successive halving -- the heuristic
  bot's best ``prior`` (:mod:`.prior`), then the best-screened;
- ``extra``: playouts by the search policy (the jittered heuristic bot, about
  eight times dearer) shared out over the halving rounds.

>>> budget_for("fast").name, budget_for("fast").screen
('fast', 1)
>>> b = budget_for("normal", playouts=120); (b.name, b.total_for(40))
('120 playouts', 120)
>>> budget_for("huge")
Traceback (most recent call last):
...
pennypress.errors.BadInput: unknown budget 'huge' (expected fast, normal or deep)
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.errors import BadInput


@dataclass(frozen=True)
class Budget:
    """Playouts: ``screen`` per move, then ``extra`` over the ``shortlist`` by successive halving."""

    name: str
    screen: int
    shortlist: int
    extra: int
    prior: int = 0
    """How many shortlist places go to the heuristic bot's best moves (:mod:`.prior`) before the best-screened."""
    playouts: int | None = None
    """An explicit total (``--playouts N``): screening takes one per move, halving the rest."""

    def total_for(self, moves: int) -> int:
        """Playouts this budget spends on a position with ``moves`` legal moves (≥ one per move)."""
        if self.playouts is not None:
            return max(self.playouts, moves)
        return self.screen * moves + self.extra

    def extra_for(self, moves: int) -> int:
        """Playouts left for successive halving after the screening."""
        return self.total_for(moves) - self.screen * moves


BUDGETS: dict[str, Budget] = {
    "fast": Budget("fast", screen=1, shortlist=4, extra=20, prior=4),
    "normal": Budget("normal", screen=2, shortlist=8, extra=160, prior=6),
    "deep": Budget("deep", screen=4, shortlist=12, extra=900, prior=8),
}
"""The named budgets (``--budget``)."""


def budget_for(name: str = "normal", playouts: int | None = None) -> Budget:
    """The budget called ``name``, or an explicit total of ``playouts`` (which then wins).

    :class:`BadInput` for an unknown name or a playout count below 1.
    """
    if playouts is not None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise BadInput(f"playouts: expected a whole number of at least 1, got {playouts!r}")
        base = BUDGETS.get(name, BUDGETS["normal"])
        return Budget(f"{playouts} playouts", screen=1, shortlist=base.shortlist, extra=0, playouts=playouts,
                      prior=base.prior)
    if name not in BUDGETS:
        raise BadInput(f"unknown budget {name!r} (expected {', '.join(list(BUDGETS)[:-1])} or {list(BUDGETS)[-1]})")
    return BUDGETS[name]
