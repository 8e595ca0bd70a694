"""Does a decision's grade depend on how the others play? The audit's decisions graded again with the table read.

The audit grades every decision against the advisor's own playout players in the other seats. At a real table
the others have shown how they play (:mod:`.table_reading`), and a move that is a mistake against careful
players may be the best against an early presser. :func:`grades_with_table` grades the audit's decisions again
as the coach does (:func:`~.coach.coach`: the audit's budget, seed and grading, ``tests/engine`` checks that
without a table it gives the audit's grade) with the opponents seated as read from the moves made before the
decision (never a later one: the player could not have known them). A decision whose two grades differ depends
on the reading.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..audit.review import Decision
from ..io.record import ReplayStep, replay
from ..io.state import public_view
from .coach import CoachNote, coach
from .table_reading import TableWatch, assume, opponent_table

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ReadGrade:
    """One decision graded without and with the table read (the opponents as read before it)."""

    number: int
    """The move's 1-based number in the record."""
    player: int
    klass: str
    """The audit's grade (the others as the advisor's own players)."""
    read: CoachNote
    table: tuple[str, ...]
    """The reading the second grade assumed, a sentence an opponent."""

    @property
    def depends(self) -> bool:
        """Whether the reading changes the grade."""
        return self.klass != self.read.klass

    def to_json(self) -> dict:
        return {"number": self.number, "player": self.player, "depends": self.depends, "class": self.klass,
                "read": {"class": self.read.klass, "best": self.read.best, "loss": self.read.loss},
                "table": list(self.table)}


def grades_with_table(doc: Any, decisions: Sequence[Decision], budget: str = "fast", seed: int = 0,
                      playouts: int | None = None, progress: Progress | None = None,
                      said: dict[int, str] | None = None) -> list[ReadGrade]:
    """The audit's ``decisions`` of the record ``doc`` (audited at ``budget``, ``seed`` and ``playouts``), each
    graded again with the table read from the moves before it, in their order -- and the person's word on some
    players (``said``: player -> style, as :func:`~.table_reading.assume` takes it) over the reading. Needs the
    native core."""
    steps: list[ReplayStep] = []
    result = replay(doc, visit=steps.append)
    players = result.state.n_players
    wanted = {d.ply: d for d in decisions}
    watches: dict[int, TableWatch] = {}
    graded: dict[int, ReadGrade] = {}
    public = [(public_view(s.before), s.move) for s in steps]
    for k, step in enumerate(steps):
        if step.number not in wanted:
            continue
        player = step.before.current
        watch = watches.setdefault(player, TableWatch(players, player))
        reading = watch.update(public[:k])
        if said:
            reading = assume(reading, {p: style for p, style in said.items() if p != player})
        table = opponent_table(reading, players)
        read = coach(step.before, step.move, seed, budget, playouts, table=table)
        graded[step.number] = ReadGrade(step.number, player, wanted[step.number].klass, read,
                                        table.words)
        if progress is not None:
            progress(len(graded), len(wanted))
    return [graded[d.ply] for d in decisions if d.ply in graded]


__all__ = ["ReadGrade", "grades_with_table"]
