"""What the solver returns: an optimal (or k-th best) page with its score and proof status."""
from __future__ import annotations

from dataclasses import dataclass

from .problem import PressProblem
from .scoring import Breakdown, page_key
from .vocab import Placement


@dataclass(frozen=True)
class PressResult:
    """A legal front page for a press problem.

    ``top_edge_required`` (T*) and ``top_rest_required`` (R*) are the top-beat
    rule's requirements for this press; the page meets both. ``proven_optimal``
    is False only when the time limit cut the search short: then the page is
    the best found, not necessarily the best.
    """

    problem: PressProblem
    placements: tuple[Placement, ...]
    breakdown: Breakdown
    top_edge_required: int
    top_rest_required: int
    proven_optimal: bool
    status: str

    @property
    def total(self) -> int:
        return self.breakdown.total

    @property
    def gain(self) -> int:
        return self.breakdown.gain

    @property
    def exclusive(self) -> int | None:
        return self.breakdown.exclusive

    @property
    def page_key(self) -> frozenset:
        """The page as a reader sees it (see :func:`~pennypress.solver.scoring.page_key`)."""
        return page_key(self.problem, self.placements)

    @property
    def unplaced(self) -> tuple[int, ...]:
        placed = {p.story for p in self.placements}
        return tuple(i for i in range(len(self.problem.stories)) if i not in placed)

    def to_json(self) -> dict:
        return {
            "total": self.total,
            "gain": self.gain,
            "top_edge_required": self.top_edge_required,
            "top_rest_required": self.top_rest_required,
            "top_beats": sorted(b.value for b in self.problem.top_beats),
            "placements": [p.to_json() for p in self.placements],
            "unplaced": list(self.unplaced),
            "exclusive": self.exclusive,
            "breakdown": self.breakdown.to_json(),
            "proven_optimal": self.proven_optimal,
            "status": self.status,
        }
