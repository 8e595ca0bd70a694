"""Puzzles: short problems with a checked answer, mined from seeded self-play (issue #17).

Three kinds: **page** (lay out the best legal front page for claimed stories,
beat values and an ad; graded against the proven-optimal page, every broken
rule named), **press-or-wait** (is pressing now the best move?) and
**best-move** (one move, or a small stated set, is clearly best). Pages are
proven by the solver (CP-SAT's proven optimum) and final-edition positions by
the exact search; before the final edition an answer is picked by a paired
search far larger than the advisor's ``deep`` budget (:mod:`.searched`,
:mod:`.timing`) and settled by full games against a population of opponents
(:mod:`.population_certificate`): what those games showed, not a proof.

The library API (the command line's ``pennypress puzzle`` and the app's
trainer use it):

- :func:`load_puzzles` -- the shipped set (or a puzzle file), checked;
  :meth:`PuzzleSet.filter` by kind and difficulty, :meth:`PuzzleSet.get` by id;
- :attr:`Puzzle.prompt` (the question in words), :meth:`Puzzle.problem` or
  :meth:`Puzzle.position` (to draw), :attr:`Puzzle.why`, :attr:`Puzzle.second_best`;
- :func:`check_answer` -- right or wrong, with the explanation, the broken
  rules of a page, and the second-best choice and what it loses;
- :func:`puzzle_rating` and :func:`rate_attempt` -- ratings on openskill's
  model for a trainer (a puzzle's initial rating from its difficulty);
- :func:`generate` -- the generator (``pennypress puzzle generate``);
- :func:`mistake_puzzles` -- an audited game's mistakes and blunders as puzzles of a
  fourth kind, ``better-move`` ("find the better move", :mod:`.mistakes`).

>>> puzzles = load_puzzles()
>>> page = puzzles.filter(kind="page", difficulty=5)[0]
>>> check_answer(page, page.evidence["optimal_page"]).correct
True
>>> move = puzzles.filter(kind="best-move")[0]
>>> check_answer(move, move.answer[0]).correct
True
"""
from .check import Verdict, check_answer
from .generate import Settings, generate
from .mistakes import Mistake, mistake_of, mistake_puzzles
from .model import (
    ALL_KINDS, BEST_MOVE, BETTER_MOVE, DIFFICULTIES, DIFFICULTY_NAMES, KINDS, PAGE, PRESS_OR_WAIT, WAIT, Puzzle,
)
from .rating import puzzle_rating, rate_attempt, rating_model
from .store import PuzzleSet, load_puzzles, puzzle_set_from_json, puzzles_text, save_puzzles

__all__ = [
    "ALL_KINDS", "BEST_MOVE", "BETTER_MOVE", "DIFFICULTIES", "DIFFICULTY_NAMES", "KINDS", "Mistake", "PAGE",
    "PRESS_OR_WAIT", "Puzzle", "PuzzleSet", "Settings", "Verdict", "WAIT", "check_answer", "generate",
    "load_puzzles", "mistake_of", "mistake_puzzles", "puzzle_rating", "puzzle_set_from_json", "puzzles_text",
    "rate_attempt", "rating_model", "save_puzzles",
]
