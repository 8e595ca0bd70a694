"""Re-checking a puzzle's answer from scratch: the proof made again, never read back.

Each kind is re-proved the way it was made certain (``docs/concepts/puzzles.md``):

- ``page``: the page solver solves the press again (CP-SAT, proven optimal);
  the optimum, the tied pages, the next lower score and the simple layouts'
  verdicts must be the stored evidence.
- an exact position (the final edition): the exact search values every legal
  move and every other page's press again; the answer and the second-best
  choice it derives must be the stored ones.
- a timing puzzle (before the final edition, certified by search): its
  certificate's confirmation is played again on the core
  (:func:`.timing.replay`) -- the same seed gives the same playouts -- and must
  reproduce the stored advantage and interval and clear the bar; and its
  population certificate's full games are played again
  (:func:`.population_certificate.replay`) and must give the stored cells.
- a timing puzzle found by full games first (:mod:`.population_mining`): its
  population certificate's games are played again and must give the stored
  cells.

:func:`recheck_puzzle` says which, with the figures; ``pennypress puzzle
recheck ID`` prints it. :func:`sample` picks puzzles to re-check by a seed.

>>> from pennypress.engine.puzzles import load_puzzles
>>> r = recheck_puzzle(load_puzzles().get("page-001"))
>>> r.reproduced, r.method
(True, 'solver')
>>> sample(["a", "b", "c", "d"], 2, seed=3) == sample(["a", "b", "c", "d"], 2, seed=3)
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence, TypeVar

from pennypress.errors import BadInput

from .model import PAGE, PRESS_OR_WAIT, Puzzle

T = TypeVar("T")


@dataclass(frozen=True)
class Recheck:
    """The outcome of re-checking one puzzle: whether its answer was ``reproduced``, ``why`` in one
    sentence, the ``method`` (``solver``, ``exact`` or ``search``) and the figures found again."""

    puzzle: str
    kind: str
    method: str
    reproduced: bool
    why: str
    figures: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"id": self.puzzle, "kind": self.kind, "method": self.method, "reproduced": self.reproduced,
                "why": self.why, **self.figures}

    def words(self) -> str:
        """One line for people: the puzzle, reproduced or not, and why."""
        return f"{self.puzzle} ({self.kind}, {self.method}): {'reproduced' if self.reproduced else 'NOT reproduced'}" \
               f" -- {self.why}"


def _page(p: Puzzle) -> Recheck:
    from .pages import page_facts

    facts = page_facts(p.problem())
    total = facts.optimal.total
    figures = {"optimal_total": total, "stored_total": p.answer}
    if total != p.answer:
        return Recheck(p.id, p.kind, "solver", False, f"the solver's optimum is {total}, the answer {p.answer}",
                       figures)
    if facts.evidence() != p.evidence:
        changed = sorted(k for k, v in facts.evidence().items() if p.evidence.get(k) != v)
        return Recheck(p.id, p.kind, "solver", False,
                       f"the optimum {total} is the answer, but the evidence differs: {', '.join(changed)}", figures)
    return Recheck(p.id, p.kind, "solver", True, f"the solver proves the optimum {total} again, with the same "
                                                 f"tied pages, next best and simple layouts", figures)


def _exact(p: Puzzle) -> Recheck:
    from .positions import OverBudget, analyse, best_move, press_or_wait

    try:
        analysis = analyse(p.position())
    except OverBudget:  # pragma: no cover - analyse without a limit never stops early
        return Recheck(p.id, p.kind, "exact", False, "the exact search did not finish")
    answer = best_move(analysis) if p.kind != PRESS_OR_WAIT else press_or_wait(analysis)
    if answer is None:
        return Recheck(p.id, p.kind, "exact", False, f"the exact search finds no {p.kind} answer here")
    moves = ("press",) if answer.side == "press" else answer.moves
    figures = {"answer": list(moves), "best": [m.to_json() for m in answer.best], "second": answer.second.to_json()}
    if moves != p.answer:
        return Recheck(p.id, p.kind, "exact", False,
                       f"the exact search answers {', '.join(moves)}, the puzzle {', '.join(p.answer)}", figures)
    if figures["best"] != p.evidence["best"] or figures["second"] != p.evidence["second"]:
        return Recheck(p.id, p.kind, "exact", False,
                       "the exact search gives the same answer with other outcomes than the evidence", figures)
    return Recheck(p.id, p.kind, "exact", True, "the exact search to the end of the game gives the same answer, "
                                                "outcomes and second-best choice", figures)


def _search(p: Puzzle, workers: int | None, models: Sequence[str] | None = None) -> Recheck:
    from .timing import replay

    stored = p.evidence.get("certificate")
    if stored is None:
        return Recheck(p.id, p.kind, "search", False, "a searched puzzle without a certificate to play again")
    again, problem = replay(p.position(), stored, workers)
    figures = {"stored": {k: stored[k] for k in ("measure", "advantage", "interval", "playouts", "seed")}}
    if again is not None:
        doc = again.to_json()
        figures.update({k: doc[k] for k in ("measure", "advantage", "interval", "outcomes")})
    if problem is not None:
        return Recheck(p.id, p.kind, "search", False, problem, figures)
    unit = "of win probability" if again.measure == "win" else "points of margin"
    why = (f"the confirmation played again gives the same advantage, {again.advantage:.4f} {unit} "
           f"(99.9% interval {again.interval[0]:.4f} to {again.interval[1]:.4f}) on {again.playouts} "
           f"playouts a move")
    if "population" in p.evidence:
        return _population(p, why, figures, models, workers)
    return Recheck(p.id, p.kind, "search", True, why, figures)


def _population(p: Puzzle, why: str, figures: dict, models: Sequence[str] | None, workers: int | None) -> Recheck:
    """The population certificate's games played again (only against ``models`` when given)."""
    from .population_certificate import replay
    from .positions import read_move

    doc, view = p.evidence["population"], p.position()
    played, problem = replay(view, doc, read_move(view, doc["answer"]), read_move(view, doc["rival"]),
                             models, workers or 1)
    figures["population"] = [c.to_json() for c in played]
    if problem is not None:
        return Recheck(p.id, p.kind, "population", False, f"{why}; but the games against the population differ: "
                                                          f"{problem}", figures)
    return Recheck(p.id, p.kind, "population", True,
                   f"{why}; and the {sum(c.games for c in played)} games of {len(played)} cells against the "
                   "population, played again, give the stored figures", figures)


def recheck_puzzle(puzzle: Puzzle, workers: int | None = None, models: Sequence[str] | None = None) -> Recheck:
    """Re-prove ``puzzle``'s answer the way it was made certain (see the module); ``workers`` are the
    core's threads for a certificate (the result does not depend on them); ``models`` limits the games of a
    population certificate played again to those opponent models."""
    if puzzle.kind == PAGE:
        return _page(puzzle)
    if puzzle.certainty == "exact":
        return _exact(puzzle)
    if puzzle.certainty == "population":
        return _population(puzzle, "a puzzle found by full games first", {}, models, workers)
    return _search(puzzle, workers, models)


def sample(items: Sequence[T], k: int, seed: int) -> list[T]:
    """``k`` of ``items`` drawn by ``seed`` (all of them when ``k`` is as many or more), in their order."""
    if k < 1:
        raise BadInput(f"--sample: expected 1 or more puzzles, got {k}")
    if k >= len(items):
        return list(items)
    chosen = set(random.Random(f"pennypress-recheck:{seed}").sample(range(len(items)), k))
    return [x for i, x in enumerate(items) if i in chosen]
