"""Checking an answer to a puzzle: right or wrong, and why.

- ``page``: a layout -- ``{"placements": [...], "exclusive": i}``, the shape of
  ``pennypress check`` (``exclusive`` left out: the best valid one), or that
  document with the press problem around it. Judged by the checker
  (:func:`~pennypress.solver.check_page`): every broken rule is named; a legal
  page scoring the optimal total is correct, whichever of the tied pages it is.
- ``press-or-wait``: ``press``, ``wait``, or any legal move in the engine's
  notation (a press, or a waiting move). The word judges the decision; a move
  is judged on its exact outcome: it must be on the right side and do better
  than the other side's best.
- ``best-move``: a legal move; correct when it reaches the best result (exact
  puzzles: its outcome is computed, so an unlisted move that does as well is
  right too).
- ``better-move``: a legal move; correct when it is the analysis's best move or
  one it could not tell from the best (the answer lists them).

A malformed answer (bad JSON, an unknown move word, an illegal move, a story
index the press does not have) raises :class:`~pennypress.errors.BadInput`.

>>> from pennypress.engine.puzzles.model import Puzzle
>>> p = Puzzle("page-x", "page", 1, {"stories": [{"beat": "war", "shape": "A", "stars": 1}],
...     "beat_values": {"war": 3, "crime": 0, "politics": 0, "city": 0, "human": 0}, "ad": None}, -9)
>>> v = check_answer(p, '{"placements": [{"story": 0, "x": 1, "y": 0, "w": 2, "h": 1}]}')
>>> v.correct, v.total, v.why[0]
(True, -9, 'Correct: your page is legal and scores the best total, −9.')
>>> v = check_answer(p, '{"placements": [{"story": 0, "x": 0, "y": 0, "w": 1, "h": 2}]}')
>>> v.correct, v.loss, v.why[0]
(False, 1, 'Legal, but your page scores −10: 1 point less than the best page (−9).')
>>> v = check_answer(p, {"placements": [{"story": 0, "x": 3, "y": 2, "w": 1, "h": 2}]})
>>> v.correct, [r["rule"] for r in v.rules]
(False, ['bounds', 'top-edge'])
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pennypress.errors import BadInput
from pennypress.json_text import parse_json_text
from pennypress.solver import CheckResult, PressProblem, ProposedPage, check_page

from ..game.moves import Move
from ..game.words import move_words
from .model import BETTER_MOVE, PAGE, WAIT, Puzzle
from .positions import exact_value, is_right, read_move, side_of
from .say import num, outcome_words, plural


@dataclass(frozen=True)
class Verdict:
    """The verdict on one answer: ``correct``, the puzzle's ``answer``, and ``why`` (what the answer
    given does first, then the puzzle's explanation). For a page: the broken ``rules``, its
    ``total`` and the points it ``loss``-es; for an exact position: the move's ``outcome``."""

    puzzle: str
    correct: bool
    answer: Any
    why: tuple[str, ...]
    given: str
    rules: tuple[dict, ...] = ()
    total: int | None = None
    loss: int | None = None
    outcome: tuple | None = None
    second_best: dict | None = None
    page: ProposedPage | None = field(default=None, compare=False)
    """A page puzzle: the page as read (to draw it)."""
    check: CheckResult | None = field(default=None, compare=False)
    """A page puzzle: the checker's verdict (each violation with the cells involved, to draw them)."""

    def to_json(self) -> dict:
        doc = {"correct": self.correct, "answer": self.answer, "why": list(self.why), "id": self.puzzle,
               "given": self.given, "second_best": self.second_best}
        if self.rules or self.total is not None:
            doc.update(rules=list(self.rules), total=self.total, loss=self.loss)
        if self.outcome is not None:
            doc["outcome"] = list(self.outcome)
        return doc


def _layout(puzzle: Puzzle, answer: Any) -> dict:
    doc = parse_json_text(answer, "answer") if isinstance(answer, str) else answer
    if not isinstance(doc, dict):
        raise BadInput("answer: expected a layout {\"placements\": [...], \"exclusive\": i}")
    if "layout" not in doc:
        return doc
    if set(doc) - {"layout"}:
        if PressProblem.from_json(doc, "answer") != puzzle.problem():
            raise BadInput(f"answer: the press problem is not puzzle {puzzle.id}'s (leave it out, or copy it as given)")
    return doc["layout"]


def _check_page(puzzle: Puzzle, answer: Any) -> Verdict:
    problem = puzzle.problem()
    page = answer if isinstance(answer, ProposedPage) else ProposedPage.from_json(_layout(puzzle, answer), problem,
                                                                                  "answer")
    verdict = check_page(problem, page)
    best = puzzle.answer
    if not verdict.legal:
        lines = [f"Not a legal page ({plural(len(verdict.violations), 'rule')} broken):"]
        lines += [f"{v.rule}: {v.message}" for v in verdict.violations]
        correct = False
    elif verdict.total == best:
        lines, correct = [f"Correct: your page is legal and scores the best total, {num(best)}."], True
    else:
        lines = [f"Legal, but your page scores {num(verdict.total)}: {plural(best - verdict.total, 'point')} "
                 f"less than the best page ({num(best)})."]
        correct = False
    return Verdict(puzzle.id, correct, best, tuple(lines) + puzzle.why, "a page",
                   tuple(v.to_json() for v in verdict.violations), verdict.total,
                   None if verdict.total is None else best - verdict.total, None, puzzle.second_best, page, verdict)


def _answer_words(puzzle: Puzzle) -> str:
    if puzzle.kind == "press-or-wait" and puzzle.answer == ("press",):
        return "press now"
    state = puzzle.position()
    words = [move_words(read_move(state, m)) for m in puzzle.answer]
    return "; ".join(words[:3]) + (f" (or {len(words) - 3} more as good)" if len(words) > 3 else "")


def _check_position(puzzle: Puzzle, answer: str) -> Verdict:
    if not isinstance(answer, str):
        raise BadInput("answer: expected a move in the engine's notation, e.g. 'assign 1 war:D:3'")
    text = answer.strip()
    state = puzzle.position()
    pressing_is_right = puzzle.answer == ("press",)
    word = text.lower() if puzzle.kind == "press-or-wait" and text.lower() in ("press", WAIT) else None
    if word == WAIT:
        correct = not pressing_is_right
        head = "Correct: waiting is better than pressing now." if correct else "Wrong: pressing now is the best move."
        return Verdict(puzzle.id, correct, puzzle.answer_json(), (head,) + puzzle.why, WAIT,
                       second_best=puzzle.second_best)
    move: Move = read_move(state, text)
    if puzzle.kind == BETTER_MOVE:
        return _check_better_move(puzzle, move)
    outcome = None
    if puzzle.certainty == "exact":
        outcome = exact_value(state, move)
        correct = is_right(puzzle.kind, puzzle.evidence, move, lambda _m: outcome)
        result = f"you {outcome_words(outcome)}"
    elif puzzle.kind == "press-or-wait":
        correct = side_of(move) == ("press" if pressing_is_right else WAIT)
        judge = "full games against every kind of opponent tried" if "population" in puzzle.evidence else "the search"
        result = f"{judge} found it the better side" if correct else f"{judge} found the other side better"
    else:
        correct = str(move) in puzzle.answer
        result = "the search's best move" if correct else "not the search's best move"
    said = "press now" if word == "press" else move_words(move)
    if correct:
        head = f"Correct: {said}; {result}."
    elif puzzle.kind == "press-or-wait" and side_of(move) == ("press" if pressing_is_right else WAIT):
        head = f"Right idea, wrong move: {said}; {result}, no better than the other side. Best: {_answer_words(puzzle)}."
    else:
        head = f"Not the best: {said}; {result}. Best: {_answer_words(puzzle)}."
    return Verdict(puzzle.id, correct, puzzle.answer_json(), (head,) + puzzle.why,
                   "press" if word == "press" else str(move), outcome=outcome, second_best=puzzle.second_best)


def _check_better_move(puzzle: Puzzle, move: Move) -> Verdict:
    """A ``better-move`` puzzle: right for the analysis's best move or one it could not tell from it; the
    move played in the game is named as such when given again."""
    said, best = move_words(move), puzzle.answer[0]
    if str(move) == best:
        head = f"Correct: {said}; the analysis's best move."
    elif str(move) in puzzle.answer:
        head = f"Correct: {said}; as good as the analysis's best, {move_words(best)}, as far as it can tell."
    elif str(move) == puzzle.evidence["played"]:
        head = f"Not the better move: {said} is the move you played. Better: {_answer_words(puzzle)}."
    else:
        head = f"Not the better move: {said}; the analysis did not find it as good. Better: {_answer_words(puzzle)}."
    return Verdict(puzzle.id, str(move) in puzzle.answer, puzzle.answer_json(), (head,) + puzzle.why, str(move))


def check_answer(puzzle: Puzzle, answer: Any) -> Verdict:
    """Judge ``answer`` to ``puzzle``: for a page a layout (JSON text, a dict, or a
    :class:`~pennypress.solver.ProposedPage`), otherwise a move (its notation, or a move value)."""
    if not isinstance(answer, (str, dict, ProposedPage)):
        answer = str(answer)  # a Move
    if puzzle.kind == PAGE:
        return _check_page(puzzle, answer)
    return _check_position(puzzle, answer)
