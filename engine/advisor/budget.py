"""How much work an analysis may do: the named budgets, an explicit playout count, a time bound.

Every legal move is searched by the search policy (:func:`.policy.search_policy`)
by sequential halving (:mod:`.search`): the budget's **cap** of playouts is
shared over ``ceil(log2(moves))`` rounds, the better half of the moves going on
each round. A named budget stops as soon as the best move is separated from
every other at 95% (paired intervals), else when the cap is spent: a number of
playouts, never seconds, so the same position, budget and seed always give
the same answer (on any machine, with any number of threads or workers).

A playout is a few bot moves and the value model's estimate where it stops
(:data:`.policy.SEARCH_LEAF`). The caps are set by timing busy 3-player
midgame positions on the project's 2-core machine, from a quick answer at
the table (``fast``) to a deep one (``deep``): ``benchmarks/speed/advisor.py``
measures them (``docs/results.md`` has the figures). The Python engine plays the same
playouts far slower (the value bot in half the seats weighs every legal move
with the value model), so it has its own, far smaller caps (``python_cap``):
the same rules, wider intervals, "within noise" more often.

- ``playouts=N`` (``--playouts N``) fixes the count: N playouts shared evenly
  over the legal moves (at least one each), no early stop;
- ``seconds=S`` (``--seconds S``) bounds the analysis by time: the halving is
  repeated with twice the playouts each pass until separated or out of time,
  the documented exception to determinism (the answer then says how many
  playouts it used).

>>> b = budget_for("fast"); (b.name, b.cap_for("native") > b.cap_for("python"))
('fast', True)
>>> b = budget_for("normal", playouts=120); (b.name, b.fixed)
('120 playouts', True)
>>> budget_for("deep", seconds=2.5).name
'2.5 seconds'
>>> budget_for("huge")
Traceback (most recent call last):
...
pennypress.errors.BadInput: unknown budget 'huge' (expected fast, normal or deep)
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.errors import BadInput

TIME_CAP = 10_000_000
"""The playout cap under a time bound (the clock ends the analysis long before)."""


@dataclass(frozen=True)
class Budget:
    """Sequential halving over ``cap`` playouts in all, stopping early once the best move is separated."""

    name: str
    cap: int
    """Playouts at the most on the native core."""
    python_cap: int
    """Playouts at the most on the Python engine."""
    playouts: int | None = None
    """An explicit total (``--playouts N``): shared evenly over the moves, no early stop."""
    seconds: float | None = None
    """A time bound (``--seconds S``): rounds until separated or out of time."""

    @property
    def fixed(self) -> bool:
        """Whether the count is fixed (``--playouts N``)."""
        return self.playouts is not None

    def cap_for(self, engine: str) -> int:
        """The most playouts this budget spends on ``engine`` (``"native"`` or ``"python"``)."""
        if self.playouts is not None:
            return self.playouts
        return self.cap if engine == "native" else self.python_cap


BUDGETS: dict[str, Budget] = {
    "fast": Budget("fast", cap=3_000, python_cap=80),
    "normal": Budget("normal", cap=24_000, python_cap=480),
    "deep": Budget("deep", cap=120_000, python_cap=2_400),
}
"""The named budgets (``--budget``); caps set by ``benchmarks/speed/advisor.py``'s timings."""


def budget_for(name: str = "normal", playouts: int | None = None, seconds: float | None = None) -> Budget:
    """The budget called ``name``, or an explicit total of ``playouts``, or a time bound of ``seconds``
    (an explicit count or time wins over the name; not both).

    :class:`BadInput` for an unknown name, a playout count below 1 or a time that is not positive.
    """
    if name not in BUDGETS:
        raise BadInput(f"unknown budget {name!r} (expected {', '.join(list(BUDGETS)[:-1])} or {list(BUDGETS)[-1]})")
    base = BUDGETS[name]
    if playouts is not None and seconds is not None:
        raise BadInput("give --playouts or --seconds, not both")
    if playouts is not None:
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 1:
            raise BadInput(f"playouts: expected a whole number of at least 1, got {playouts!r}")
        return Budget(f"{playouts} playouts", cap=playouts, python_cap=playouts, playouts=playouts)
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0 or seconds > 86_400:
            raise BadInput(f"seconds: expected a time above 0 and at most a day, got {seconds!r}")
        return Budget(f"{seconds:g} seconds", cap=TIME_CAP, python_cap=TIME_CAP, seconds=float(seconds))
    return base
