"""The search's settings in one object: what an analysis may spend and how its playouts are played.

:class:`SearchSettings` is built once per search; what the search's position
decides -- the engine, the workers, the policy, the exact end -- is filled in
once (:meth:`SearchSettings.decided`, :func:`.pool.decided`), and that object
travels unchanged through sequential halving (:mod:`.search`) and the batches
(:mod:`.pool`) down to the native core's batch
(:func:`pennypress.engine.native.search.run_batch`). What
is not a setting stays with the function it belongs to: the position, the
moves and playouts of one batch, the progress and stop callbacks, how many
moves get reasons.

The answer depends on the position and on these settings only -- never on
``workers``, which shares the same playouts over threads or processes.

>>> s = SearchSettings.for_budget("fast", seed=3)
>>> s.budget.name, s.seed, s.leaf is SEARCH_LEAF, s.policy_for(3), s.policy_for(4)
('fast', 3, True, 'mixed', 'heuristic')
>>> SearchSettings.for_budget(playouts=12, workers=1).threads, SearchSettings().budget.name
(1, 'normal')
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Any

from pennypress.errors import BadInput

from .budget import BUDGETS, Budget, budget_for
from .calibration import CALIBRATION, Calibration
from .move_policy import MovePolicy
from .opponent_table import EXACT_END_UP_TO, OpponentTable
from .policy import SEARCH_LEAF, search_policy
from .value import Leaf, ValueModel, model_of


def default_workers() -> int:
    """Both cores of the target machine (at most 2; 1 on a single-core machine)."""
    return max(1, min(2, os.cpu_count() or 1))


@dataclass(frozen=True)
class SearchSettings:
    """Everything an analysis is run with beside the position; the defaults are :func:`~.search.advise`'s."""

    budget: Budget = field(default_factory=lambda: BUDGETS["normal"])
    """How many playouts at the most, or a fixed count, or a time bound (:mod:`.budget`)."""
    seed: int = 0
    """The analysis's seed: playout ``k`` of every move has the same future for one seed."""
    workers: int | None = None
    """Threads on the native core, else processes, sharing the playouts (``None``: both cores); the
    answer does not depend on it."""
    exact_end: bool | None = None
    """Finish each playout by the exact final-edition search once it reaches the final edition, instead of
    letting the playout bots play it (they play it as the heuristic bot does, far below the exact search);
    ``None``: on the native core at tables of up to :data:`EXACT_END_UP_TO` players, else no
    (:meth:`exact_end_on`)."""
    leaf: Leaf | None = SEARCH_LEAF
    """Where the playouts stop and the value model answers (:data:`.policy.SEARCH_LEAF`); ``None`` plays
    every playout to the end of the game."""
    calibration: Calibration = CALIBRATION
    """Maps the playouts' win shares to the win probabilities shown (:mod:`.calibration`; monotone, so it
    changes no ranking and no "equal to the best")."""
    policy: str | None = None
    """Who plays the playouts (:data:`.policy.POLICIES`; ``None``: the search policy for the table,
    :func:`.policy.search_policy`)."""
    mover: MovePolicy | None = None
    """A move policy whose softmax bot (:mod:`.softmax_bot`) sits in the playouts' value-bot seats instead
    of the value bot (``None``: the value bot); for its table only (:func:`.move_policy.check_table`)."""
    exact_seats: bool = False
    """The playouts' value-bot (or softmax-bot) seats play the final edition by the exact search and the
    heuristic seats by their own rules -- each kind of opponent as it would play the end -- where
    ``exact_end`` would solve it for every seat; so with it ``exact_end`` resolves off, and
    ``exact_end=True`` beside it is refused (:class:`~pennypress.errors.BadInput`)."""
    table: OpponentTable | None = None
    """The opponents as the table reading sees them (:mod:`.opponent_table`): each playout seats every opponent
    as one of its styles, drawn by their chances; ``None``: every opponent is the search's own playout player.
    The native core only."""
    engine: str | None = None
    """Which engine plays the playouts, ``"native"`` or ``"python"``: not a choice but what one search's position
    and seed decide, once, with the rest of what its table decides (:meth:`decided`); ``None`` until then.
    Settings for another search (a reply's: another position and seed) start again from undecided ones."""

    def __post_init__(self) -> None:
        if self.exact_seats and self.exact_end:
            raise BadInput("exact_seats plays the final edition seat by seat and exact_end=True solves it for "
                           "every seat: set one of them")
        if self.exact_end and self.table is not None and self.table.own_ends_played:
            raise BadInput("a table reading whose styles play their own final edition (own_ends) and exact_end=True, "
                           "which solves it for every seat: set one of them")

    @classmethod
    def for_budget(cls, budget: str | Budget = "normal", playouts: int | None = None, seconds: float | None = None,
                   **fields: Any) -> SearchSettings:
        """The settings with the budget called ``budget`` (or that :class:`~.budget.Budget`), or an explicit
        total of ``playouts``, or a time bound of ``seconds`` (:func:`~.budget.budget_for`), and the other
        fields by name; :class:`~pennypress.errors.BadInput` for a budget it refuses."""
        plan = budget if isinstance(budget, Budget) else budget_for(budget, playouts, seconds)
        return cls(plan, **fields)

    @property
    def threads(self) -> int:
        """How many workers share the playouts: ``workers``, or both cores when it is ``None``."""
        return default_workers() if self.workers is None else max(1, self.workers)

    def exact_end_on(self, engine: str, players: int) -> bool:
        """Whether playouts on ``engine`` (``"native"`` or ``"python"``) at a table of ``players`` finish the
        final edition exactly: ``exact_end``, or when it is ``None`` on the native core at tables of up to
        :data:`EXACT_END_UP_TO` players only -- there a final edition is solved in milliseconds; a bigger
        table's can take seconds even on the core, and the Python engine's search seconds for a small one.
        With ``exact_seats``, or a table whose styles play their own final edition
        (:attr:`~.opponent_table.OpponentTable.own_ends`), it is off: the seats play the final edition.

        >>> SearchSettings().exact_end_on("native", 3), SearchSettings().exact_end_on("python", 3)
        (True, False)
        >>> SearchSettings().exact_end_on("native", 4), SearchSettings(exact_end=True).exact_end_on("python", 3)
        (False, True)
        >>> SearchSettings(exact_seats=True).exact_end_on("native", 3)
        False
        """
        if self.exact_end is not None:
            return self.exact_end
        own_ends = self.table is not None and self.table.own_ends_played
        return not self.exact_seats and not own_ends and engine == "native" and players <= EXACT_END_UP_TO

    def decided(self, engine: str, players: int) -> SearchSettings:
        """These settings as one search on ``engine`` at a table of ``players`` runs with them, every batch
        alike: the workers (:attr:`threads`), the policy (:meth:`policy_for`), the exact end
        (:meth:`exact_end_on`) and the engine filled in (:func:`.pool.decided` decides the engine).

        >>> s = SearchSettings(workers=1).decided("native", 3)
        >>> s.engine, s.workers, s.policy, s.exact_end
        ('native', 1, 'mixed', True)
        """
        if self.table is not None and engine != "native":
            raise BadInput("a table reading seats its styles on the native core, which cannot play this search: "
                           "analyse without it (or build the core: python3 run.py build)")
        return replace(self, workers=self.threads, policy=self.policy_for(players),
                       exact_end=self.exact_end_on(engine, players), engine=engine)

    @property
    def value_model(self) -> ValueModel:
        """The value model of the search (:func:`~.value.model_of` its leaf)."""
        return model_of(self.leaf)

    def policy_for(self, players: int) -> str:
        """The playout policy at a table of ``players``: ``policy``, or the search policy for that table."""
        return search_policy(players) if self.policy is None else self.policy
