"""Puzzles in words, for the Puzzles page and ``pennypress puzzle ... --text``: each kind by the name a
player reads, and a puzzle's answer said as a player would say it (never the engine's notation).

>>> KIND_WORDS["press-or-wait"], KIND_WORDS["best-move"]
('Press or wait?', 'Best move')
>>> from pennypress.engine.puzzles import load_puzzles
>>> shipped = load_puzzles()
>>> answer_words(shipped.filter(kind="page")[0])
'a page scoring 4 (the best legal page)'
>>> answer_words(shipped.get("move-001"))
'Send 1 reporter to New York City D ★★★'
>>> moves_words(["press", "decline"]), moves_words(["press"] * 4)
('Go to press or Decline the last press', 'any of 4 equally good moves, e.g. Go to press')
"""
from __future__ import annotations

from pennypress.engine.game.words import move_words
from pennypress.engine.puzzles import PAGE, PRESS_OR_WAIT, Puzzle
from pennypress.engine.puzzles.model import WAIT
from pennypress.ui.render.audit_words import class_words, loss_words

KIND_WORDS = {"page": "Lay out the page", "press-or-wait": "Press or wait?", "best-move": "Best move",
              "better-move": "Find the better move"}
"""Each kind of puzzle by the name a player reads."""


SHOWN = 3
"""Equally good moves said one by one up to this many; more are counted, with the first as an example."""


def moves_words(moves) -> str:
    """Equally good moves in words: ``'A'``, ``'A or B'``, or ``'any of 7 equally good moves, e.g. A'``."""
    said = [move_words(m) for m in moves]
    if len(said) > SHOWN:
        return f"any of {len(said)} equally good moves, e.g. {said[0]}"
    return " or ".join(said)


def answer_words(puzzle: Puzzle) -> str:
    """The puzzle's answer in words: the best total of a page puzzle, press now or wait (and how), or the
    best move(s)."""
    if puzzle.kind == PAGE:
        return f"a page scoring {puzzle.answer} (the best legal page)".replace("-", "−")
    if puzzle.kind == PRESS_OR_WAIT:
        if tuple(puzzle.answer) == ("press",):
            return "go to press now"
        waits = [m for m in puzzle.answer if m != WAIT]
        return "wait" + (f": {moves_words(waits)}" if waits else "")
    return moves_words(puzzle.answer)


def population_rows(doc: dict) -> list[dict]:
    """A population certificate's cells as a table a player reads (the trainer's Details): who played the
    other newspapers, who played the puzzle's own later moves, the games, how often each move won, and
    the answer's gain with its interval -- in games won in 100, or in points of lead where the game was
    decided either way."""
    from pennypress.engine.arena.seats import seat_words

    rows = []
    for cell in doc["cells"]:
        low, high = cell["interval"]
        if cell["measure"] == "win":
            gain = f"{cell['advantage'] * 100:+.0f} games in 100 ({low * 100:+.0f} to {high * 100:+.0f})"
        else:
            gain = f"{cell['advantage']:+.1f} points of lead ({low:+.1f} to {high:+.1f})"
        rows.append({"Other newspapers played by": seat_words(cell["opponent"]),
                     "Your later moves played by": seat_words(cell["mover"]), "Games": cell["games"],
                     "The answer wins": f"{cell['answer_win']:.0%}", "The other choice wins": f"{cell['rival_win']:.0%}",
                     "The answer's gain": gain.replace("-", "−")})
    return rows


def played_words(m) -> str:
    """What the move played in the game cost, in the audit's own terms (a puzzle made from a game's mistake,
    :class:`~pennypress.engine.puzzles.mistakes.Mistake`, or the audit's decision itself): the move, its class
    and its loss as the audit page says them (:func:`~pennypress.ui.render.audit_words.loss_words`).

    >>> from types import SimpleNamespace as D
    >>> played_words(D(played="press", klass="blunder", graded_by="win", loss=0.43, margin_loss=5.9))
    'In the game you played Go to press, a blunder ??: it lost 43% chance to win and 5.9 points of lead against the better move.'
    """
    return (f"In the game you played {move_words(m.played)}, a {class_words(m.klass)}: "
            f"it lost {loss_words(m)} against the better move.")


def no_mistakes_words(who: str) -> str:
    """What the audit page and the end of a game say when there is nothing to practise: ``who`` is a
    newspaper's name, ``'you'`` or ``'any newspaper'``."""
    return (f"No mistake to practise: the analysis found no mistake or blunder by {who} in this game "
            "(a move it cannot tell from the best, or one that lost little, is not one).")
