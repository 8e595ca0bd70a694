"""A puzzle as data: what is asked, the answer and how it was checked, why, how hard, and where it came from.

Three kinds are mined from self-play (:data:`KINDS`):

- ``page`` -- lay out the page: the question is a press problem (claimed
  stories, the five beat values, the ad; ``docs/guide/cli.md``), the answer the
  optimal total; any legal page scoring it is correct.
- ``press-or-wait`` -- a position where the player to move can go to press:
  is pressing now the best move? The answer is ``["press"]`` or the best
  waiting moves.
- ``best-move`` -- a position where one move (or a small stated set of equally
  good moves) is clearly best; the answer lists them.

A fourth, ``better-move`` (:data:`BETTER_MOVE`), is made from an audited game
(:mod:`.mistakes`): a decision the audit found a mistake or a blunder, the move
played shown, the analysis's best move and the moves it could not tell from
it the answer. Its difficulty is not measured (``None``): it is never rated.

Positions are stored as the one-line notation (``docs/guide/notation.md``), the public
position only (the headline deck's order is never part of a puzzle).

>>> p = Puzzle.from_json({"id": "page-001", "kind": "page", "difficulty": 2,
...     "question": {"stories": [{"beat": "war", "shape": "A", "stars": 1}],
...                  "beat_values": {"war": 3, "crime": 0, "politics": 0, "city": 0, "human": 0}, "ad": None},
...     "answer": -9, "why": ["..."], "second_best": None, "tags": [], "evidence": {}, "source": {}})
>>> p.summary()["answer"], p.problem().value(0), p.difficulty_name
(-9, 3, 'fair')
>>> Puzzle.from_json(p.to_json()) == p
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pennypress.solver import PressProblem

from ..io.state import State
from .prompts import better_move_prompt, page_prompt, position_prompt

PAGE, PRESS_OR_WAIT, BEST_MOVE = "page", "press-or-wait", "best-move"
KINDS: tuple[str, ...] = (PAGE, PRESS_OR_WAIT, BEST_MOVE)
"""The puzzle kinds mined from self-play, in the order the set lists them."""

BETTER_MOVE = "better-move"
"""The kind made from an audited game's mistakes and blunders (:mod:`.mistakes`): find the better move."""

ALL_KINDS: tuple[str, ...] = (*KINDS, BETTER_MOVE)
"""Every kind a puzzle file may hold."""

DIFFICULTIES: tuple[int, ...] = (1, 2, 3, 4, 5)
"""Difficulty 1 (easy) .. 5: one more than how many of the four yardsticks get the puzzle wrong
(simple layout strategies for pages, the project's bots for positions; :mod:`.difficulty`)."""

DIFFICULTY_NAMES = {1: "easy", 2: "fair", 3: "tricky", 4: "hard", 5: "very hard"}

UNRATED = "not rated"
"""The difficulty name of a puzzle whose difficulty is not measured (``better-move``)."""

WAIT = "wait"
"""The answer word for "do not press now" in a press-or-wait puzzle (beside any waiting move)."""

CERTAINTIES = ("solver", "exact", "searched", "population", "audit")
"""How an answer was made certain: the page solver's proof (CP-SAT), the exact final-edition
search, a paired search far larger than the advisor's ``deep`` budget (:mod:`.searched`), or the
audit of a game (``better-move``: the audit's own analysis, at the budget it was run with)."""


@lru_cache(maxsize=1024)
def _position(notation: str) -> State:
    from ..notation.text import from_text

    return from_text(notation)


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. ``question``: a press problem as JSON (``page``) or a position's one-line
    notation (the other kinds); ``answer``: the optimal total (``page``) or the best moves in
    the engine's notation; ``why``: the explanation in plain words; ``second_best``: the
    next-best choice and what it loses (``None`` when there is none); ``evidence``: the
    numbers the answer rests on (kind by kind, see ``docs/concepts/puzzles.md``); ``source``: the
    seeded self-play game and the point in it the puzzle was mined from."""

    id: str
    kind: str
    difficulty: int | None
    question: Any
    answer: Any
    why: tuple[str, ...] = ()
    second_best: dict | None = None
    tags: tuple[str, ...] = ()
    evidence: dict = field(default_factory=dict, compare=False)
    source: dict = field(default_factory=dict, compare=False)

    @property
    def difficulty_name(self) -> str:
        return UNRATED if self.difficulty is None else DIFFICULTY_NAMES[self.difficulty]

    @property
    def certainty(self) -> str:
        """``solver``, ``exact``, ``searched`` or ``audit`` (:data:`CERTAINTIES`)."""
        return "solver" if self.kind == PAGE else self.evidence.get("certainty", "exact")

    @property
    def is_position(self) -> bool:
        return self.kind != PAGE

    def problem(self) -> PressProblem:
        """The press problem of a ``page`` puzzle."""
        if self.kind != PAGE:
            raise ValueError(f"puzzle {self.id} is a {self.kind} puzzle: its question is a position")
        return PressProblem.from_json(self.question, f"puzzle {self.id}.question")

    def position(self) -> State:
        """The position of a ``press-or-wait``, ``best-move`` or ``better-move`` puzzle (a fresh copy)."""
        if self.kind == PAGE:
            raise ValueError(f"puzzle {self.id} is a page puzzle: its question is a press problem")
        return _position(self.question).clone()

    @property
    def player(self) -> int | None:
        """The seat to move in a position puzzle (``None`` for a page)."""
        return self.position().current if self.is_position else None

    @property
    def table(self) -> int | None:
        """How many newspapers play: the position's for a position puzzle, the mined game's for a page
        (``None`` for a page without its source)."""
        return self.position().n_players if self.is_position else self.source.get("players")

    @property
    def prompt(self) -> str:
        """The question in words (e.g. "Lay out the best legal front page. Claimed: ...")."""
        if self.kind == PAGE:
            return page_prompt(self.problem())
        if self.kind == BETTER_MOVE:
            return better_move_prompt(self.position(), self.evidence["played"])
        return position_prompt(self.position(), asks_press=self.kind == PRESS_OR_WAIT)

    def solution(self) -> Any:
        """The answer as engine values: an optimal page (a :class:`~pennypress.solver.ProposedPage`,
        one of the tied ones) for a page puzzle, else the answer's moves."""
        if self.kind == PAGE:
            from pennypress.solver import ProposedPage

            return ProposedPage.from_json(self.evidence["optimal_page"], self.problem())
        from ..game.moves import parse_move

        return tuple(parse_move(m) for m in self.answer)

    def answer_json(self) -> Any:
        return self.answer if self.kind == PAGE else list(self.answer)

    def question_json(self) -> Any:
        """The question as the command line prints it: the press problem, or the position as JSON."""
        return self.question if self.kind == PAGE else self.position().to_json()

    def summary(self) -> dict:
        """``{"id", "kind", "difficulty", "question", "answer"}`` (``pennypress puzzle list``)."""
        return {"id": self.id, "kind": self.kind, "difficulty": self.difficulty,
                "question": self.question_json(), "answer": self.answer_json()}

    def to_json(self) -> dict:
        """The puzzle as stored in a puzzle file."""
        return {"id": self.id, "kind": self.kind, "difficulty": self.difficulty, "question": self.question,
                "answer": self.answer_json(), "why": list(self.why), "second_best": self.second_best,
                "tags": list(self.tags), "evidence": self.evidence, "source": self.source}

    @classmethod
    def from_json(cls, doc: dict) -> "Puzzle":
        """From a puzzle file's entry (checked by :mod:`.store` first)."""
        answer = doc["answer"] if doc["kind"] == PAGE else tuple(doc["answer"])
        return cls(doc["id"], doc["kind"], doc["difficulty"], doc["question"], answer, tuple(doc["why"]),
                   doc.get("second_best"), tuple(doc.get("tags", ())), doc.get("evidence", {}), doc.get("source", {}))
