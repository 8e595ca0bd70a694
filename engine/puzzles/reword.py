"""Saying a puzzle set again: its texts made anew from its questions, its answers proved unchanged.

When the engine's wording changes (moves are said by
:func:`~pennypress.engine.game.words.move_words`, reasons by the advisor), the
shipped explanations can be brought up to date without mining the set again:
:func:`reword` computes every puzzle's ``why`` and ``second_best`` again, the
way the generator does (:func:`~.pages.page_facts` for a page, the exact search
and :func:`~.positions.explain` for a position), and refuses -- a
:class:`~pennypress.errors.BadInput` naming the puzzle -- if anything but the
words came out different (the answer, the evidence, the difficulty, the tags).
``pennypress puzzle reword --out FILE`` runs it on the shipped set.

Searched puzzles (:mod:`.searched`) rest on a costly paired search; they are
kept as they are, words included.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from pennypress.errors import BadInput

from .model import PAGE, PRESS_OR_WAIT, Puzzle
from .pages import page_facts
from .positions import analyse, best_move, explain, press_or_wait
from .store import PuzzleSet

Progress = Callable[[int, int], None]


def _page_texts(p: Puzzle) -> tuple[tuple[str, ...], dict | None, dict]:
    facts = page_facts(p.problem())
    if (facts.optimal.total, facts.difficulty, facts.tags) != (p.answer, p.difficulty, p.tags):
        raise BadInput(f"puzzle {p.id}: the solver's answer is not the stored one; generate the set again")
    return tuple(facts.why()), facts.second_best(), facts.evidence()


def _position_texts(p: Puzzle, max_nodes: int) -> tuple[tuple[str, ...], dict | None, dict]:
    position = p.position()
    analysis = analyse(position, max_nodes)
    answer = best_move(analysis) if p.kind != PRESS_OR_WAIT else press_or_wait(analysis)
    same = answer is not None and (answer.moves == p.answer or (answer.side == "press" and p.answer == ("press",)))
    if not same or [m.to_json() for m in answer.best] != p.evidence["best"] \
            or answer.second.to_json() != p.evidence["second"]:
        raise BadInput(f"puzzle {p.id}: the exact search's answer is not the stored one; generate the set again")
    why, second = explain(position, answer)
    return why, second, p.evidence


def reword(puzzles: PuzzleSet, max_nodes: int = 500, progress: Progress | None = None) -> PuzzleSet:
    """``puzzles`` with every text said again (see the module docstring); everything else identical."""
    out = []
    for i, p in enumerate(puzzles, 1):
        if p.certainty in ("searched", "population"):
            out.append(p)
        else:
            why, second, evidence = _page_texts(p) if p.kind == PAGE else _position_texts(p, max_nodes)
            if evidence != p.evidence:
                raise BadInput(f"puzzle {p.id}: its evidence came out different; generate the set again")
            out.append(replace(p, why=why, second_best=second))
        if progress is not None:
            progress(i, len(puzzles))
    return PuzzleSet(tuple(out), puzzles.generator)
