"""Puzzles from a game's mistakes: "find the better move", as Lichess's "Learn from your mistakes".

An audited game (:func:`pennypress.engine.audit.audit`) grades every decision.
:func:`mistake_puzzles` turns the decisions the audit found a ``mistake`` or a
``blunder`` -- a loss it tells from nothing, never a forced move -- into
puzzles of the kind ``better-move`` (:data:`~.model.BETTER_MOVE`), one a decision, in the
game's order:

- the question: the position before the decision, its public part only (the
  order of the undrawn headline cards is never part of a puzzle), the player
  to move the one who decided;
- the answer: the analysis's best move, then the moves it could not tell from
  the best (:attr:`~pennypress.engine.audit.Decision.as_good`); the move played is
  the wrong answer the prompt shows ("You played ...");
- the evidence: the audit's own figures for the decision, copied, never measured
  again -- the class, what graded it (the chance to win or, where the game was
  decided, the lead), the losses, the chances before and after, and the likely
  line after the best move;
- the why: the audit's words on how the futures after the two moves differ.

:func:`mistake_of` reads a puzzle's figures back as a :class:`Mistake` (the
fields the audit's words read: ``ui/render/audit_words.loss_words`` says its loss
as the audit page says the decision's). A set of mistakes is a puzzle file like
any other (:mod:`.store`) and goes through JSON unchanged.

>>> from pennypress.engine import new_game, parse_move
>>> from pennypress.engine.audit import audit
>>> from pennypress.engine.io.record import Recorder
>>> from pennypress.engine.puzzles import puzzle_set_from_json
>>> rec = Recorder.from_position(new_game(2, seed=11))
>>> for move in ["assign 4 city:D:1", "assign 4 war:A:1"]:
...     _ = rec.play(parse_move(move))
>>> doc = rec.record(final_scores=False)
>>> made = mistake_puzzles(doc, audit(doc, playouts=2, workers=1))
>>> all(p.kind == "better-move" for p in made), puzzle_set_from_json(made.to_json()).puzzles == made.puzzles
(True, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..advisor.line import LineStep
from ..audit import Audit, Decision
from ..game.names import newspaper
from ..game.words import move_words
from ..io.record import ReplayStep, replay
from ..io.state import public_view
from ..notation.text import to_text
from .model import BETTER_MOVE, Puzzle
from .store import PuzzleSet

CLASSES = ("mistake", "blunder")
"""The audit's classes that become puzzles."""

MADE_BY = "audit"
"""The generator's ``made_by`` in a set of mistakes (the set's maker, beside the audit's settings)."""


@dataclass(frozen=True)
class Mistake:
    """A ``better-move`` puzzle's figures, as the audit gave them for the decision (the names of
    :class:`~pennypress.engine.audit.Decision`'s fields, so the audit's words read either)."""

    move_number: int
    """The decision's 1-based number in the record (the audit's ``ply``)."""
    player: int
    played: str
    best: str
    as_good: tuple[str, ...]
    klass: str
    graded_by: str
    loss: float
    margin_loss: float
    points_loss: float
    timing_lead_loss: float
    win_before: float
    win_after: float
    exact: bool
    line_best: tuple[LineStep, ...]

    @property
    def line_played(self) -> tuple[LineStep, ...]:
        """Not kept: the puzzle steps through the best move's line only."""
        return ()

    @property
    def title(self) -> str:
        """``'Move 12, The Sun: find the better move'``."""
        return f"Move {self.move_number}, {newspaper(self.player)}: find the better move"

    @property
    def answers(self) -> tuple[str, ...]:
        """The accepted moves: the best, then those as good."""
        return (self.best, *self.as_good)


def is_mistake(d: Decision) -> bool:
    """Whether a decision becomes a puzzle: a mistake or a blunder the analysis tells from the best."""
    return d.klass in CLASSES and not d.within_noise


def _evidence(d: Decision) -> dict[str, Any]:
    """The decision's figures, as the audit computed them."""
    return {"certainty": "audit", "player": d.player, "played": d.played, "best": d.best,
            "as_good": list(d.as_good), "class": d.klass, "graded_by": d.graded_by, "loss": d.loss,
            "margin_loss": d.margin_loss, "points_loss": d.points_loss, "timing_lead_loss": d.timing_lead_loss,
            "win_before": d.win_before, "win_after": d.win_after, "exact": d.exact,
            "line_best": [step.to_json() for step in d.line_best]}


def _why(d: Decision) -> tuple[str, ...]:
    """How the futures after the two moves differ (the audit's words), or, where nothing single sets them
    apart, what the better move does."""
    if d.why:
        return d.why
    if d.exact:
        return ("With best play by every newspaper to the end of the game, the better move does better.",)
    return (f"No single event before your next turn sets the two moves apart: {move_words(d.best)} leaves "
            "a better position for the rest of the game.",)


def puzzle_of(d: Decision, before: ReplayStep, game: str, players: int) -> Puzzle:
    """The ``better-move`` puzzle of one decision, ``before`` its step of the record."""
    return Puzzle(f"mistake-{d.ply:03d}", BETTER_MOVE, None, to_text(public_view(before.before)),
                  (d.best, *d.as_good), _why(d), None, (d.klass,), _evidence(d),
                  {"game": game, "move": d.ply, "players": players})


def mistake_puzzles(doc: Any, result: Audit, player: int | None = None, game: str | None = None) -> PuzzleSet:
    """The mistakes and blunders of ``result`` (the audit of the record ``doc``) as ``better-move``
    puzzles, in the game's order: ``player``'s only, or every newspaper's (``None``). ``game`` names the
    game (the record's title by default)."""
    steps: list[ReplayStep] = []
    replay(doc, visit=steps.append)
    by_number = {s.number: s for s in steps}
    name = game or (doc.get("title") if isinstance(doc, dict) else None) or "a game"
    puzzles = tuple(puzzle_of(d, by_number[d.ply], name, result.players) for d in result.decisions
                    if is_mistake(d) and (player is None or d.player == player))
    generator = {"made_by": MADE_BY, "game": name, "player": player, "budget": result.budget, "seed": result.seed,
                 "engine": result.engine}
    return PuzzleSet(puzzles, generator)


def mistake_of(puzzle: Puzzle) -> Mistake:
    """A ``better-move`` puzzle's figures (:class:`Mistake`), read back from its evidence."""
    if puzzle.kind != BETTER_MOVE:
        raise ValueError(f"puzzle {puzzle.id} is a {puzzle.kind} puzzle, not one made from a game's mistake")
    ev = puzzle.evidence
    return Mistake(puzzle.source["move"], ev["player"], ev["played"], ev["best"], tuple(ev["as_good"]),
                   ev["class"], ev["graded_by"], ev["loss"], ev["margin_loss"], ev["points_loss"],
                   ev["timing_lead_loss"], ev["win_before"], ev["win_after"], ev["exact"],
                   tuple(LineStep.from_json(s) for s in ev["line_best"]))
