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
measures them (``docs/results.md`` has the figures).

More playouts of the same estimate do not play better (the estimate is
biased, not noisy), so every named budget spends time on depth: a **second
ply** (:mod:`.replies`) opens the analysis's first ``replies`` moves, lets
the next player search their own answer to each (at the budget
``reply_budget``) and ranks those moves by what the player keeps after it.
``fast`` answers each with a small search (:data:`QUICK_REPLY`), enough to
name the move ``deep`` names almost always at a fraction of its time
(``benchmarks/strength/quick_vs_deep.py``); ``normal`` answers each with the
analysis alone at ``fast``'s cap (:data:`ANALYSIS`) -- the player measured in ``docs/lab/self-play.md``
("A second ply over the replies"); ``deep`` adds that to a far larger
analysis, whose figures are the tightest. The Python engine plays the same
playouts far slower (the value bot in half the seats weighs every legal move
with the value model), so it has its own, far smaller caps (``python_cap``):
the same rules, wider intervals, "within noise" more often.

- ``playouts=N`` (``--playouts N``) fixes the count: N playouts shared evenly
  over the legal moves (at least one each), no early stop;
- ``seconds=S`` (``--seconds S``) bounds the analysis by time: the halving is
  repeated with twice the playouts each pass until separated or out of time,
  the documented exception to determinism (the answer then says how many
  playouts it used).

Either is the analysis alone, without a second ply.

>>> b = budget_for("fast"); (b.name, b.cap_for("native") > b.cap_for("python"), b.replies, b.reply_plan().name)
('fast', True, 3, 'quick')
>>> b = budget_for("normal", playouts=120); (b.name, b.fixed)
('120 playouts', True)
>>> budget_for("deep", seconds=2.5).name
'2.5 seconds'
>>> n = budget_for("normal"); (n.cap == budget_for("fast").cap, n.replies, n.reply_plan().name)
(True, 3, 'analysis')
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

MAX_CANDIDATES = 16
"""The most leading moves a second ply opens (each costs a whole search of the reply)."""


def second_ply_candidates(candidates: int) -> int:
    """``candidates`` when it is a number of moves a second ply may open (1 to :data:`MAX_CANDIDATES`);
    :class:`BadInput` naming the problem otherwise."""
    if isinstance(candidates, bool) or not isinstance(candidates, int) or not 1 <= candidates <= MAX_CANDIDATES:
        raise BadInput(f"replies: expected a whole number of moves from 1 to {MAX_CANDIDATES}, got {candidates!r}")
    return candidates


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
    replies: int = 0
    """How many of the analysis's first moves a second ply opens (:mod:`.replies`; 0: none, else 1 to
    :data:`MAX_CANDIDATES`)."""
    reply_budget: str | Budget = "analysis"
    """The budget of each reply's search in a second ply (a name or a budget). It may have a second ply of its
    own (the reply chosen as a player who weighs the answer to it would choose it, :func:`.replies.second_ply`),
    whose replies have none."""

    def __post_init__(self) -> None:
        if self.replies != 0:
            second_ply_candidates(self.replies)

    @property
    def fixed(self) -> bool:
        """Whether the count is fixed (``--playouts N``)."""
        return self.playouts is not None

    def reply_plan(self) -> Budget | None:
        """The budget of each reply's search in this budget's second ply (``None``: no second ply)."""
        if not self.replies:
            return None
        plan = self.reply_budget if isinstance(self.reply_budget, Budget) else REPLY_PLANS[self.reply_budget]
        if plan.replies and plan.reply_plan().replies:
            raise ValueError(f"budget {self.name!r}: its replies' budget {plan.name!r} has a second ply whose "
                             "replies have one too (one second ply inside another at the most)")
        return plan

    def cap_for(self, engine: str) -> int:
        """The most playouts this budget's analysis spends on ``engine`` (``"native"`` or ``"python"``)."""
        if self.playouts is not None:
            return self.playouts
        return self.cap if engine == "native" else self.python_cap

    def most_for(self, engine: str) -> int:
        """The most playouts a search at this budget spends on ``engine``: its analysis's cap, and each reply's
        search's most in its second ply (a reply with a second ply of its own counts that too).

        >>> fast = budget_for("fast")
        >>> fast.most_for("native") == fast.cap + fast.replies * fast.reply_plan().cap
        True
        """
        plan = self.reply_plan()
        return self.cap_for(engine) + (0 if plan is None else self.replies * plan.most_for(engine))


ANALYSIS = Budget("analysis", cap=3_000, python_cap=80)
"""The analysis alone at ``fast``'s cap, without a second ply: what ``fast`` was before it weighed the reply,
and what a reply's search in ``normal`` and ``deep`` runs."""

QUICK_REPLY = Budget("quick", cap=500, python_cap=16)
"""Each reply's search in ``fast``'s second ply: the cap at which Quick still names the move Deep names
(``benchmarks/strength/quick_vs_deep.py``, tuned on positions of its own seed)."""

BUDGETS: dict[str, Budget] = {
    "fast": Budget("fast", cap=3_000, python_cap=80, replies=3, reply_budget=QUICK_REPLY),
    "normal": Budget("normal", cap=3_000, python_cap=80, replies=3, reply_budget=ANALYSIS),
    "deep": Budget("deep", cap=120_000, python_cap=2_400, replies=3, reply_budget=ANALYSIS),
}
"""The named budgets (``--budget``); caps set by ``benchmarks/speed/advisor.py``'s timings, the second ply's
by ``docs/lab/self-play.md``'s games and ``benchmarks/strength/quick_vs_deep.py``."""

REPLY_PLANS: dict[str, Budget] = {plan.name: plan for plan in (ANALYSIS, QUICK_REPLY)}
"""The budgets a second ply's replies may name (``Budget.reply_budget``)."""


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
