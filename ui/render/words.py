"""How the app says things: newspapers, stories, cells, phases and moves in words people use.

Players are their newspapers (:mod:`pennypress.engine.game.names`), stories are
said as at the table ("War D ★★★"), cells by where they are on the mat, moves
as the engine's one wording says them (:mod:`pennypress.engine.game.words`). The
game's own notation (``war:D:3``, ``assign 2 war:B:1``) stays in files, on the
command line's JSON and in the notation box.

>>> from pennypress.engine import Story
>>> story_words(Story.parse("city:A:2")), paper(0), paper_short(4)
('New York City A ★★', 'The Times', 'Journal')
>>> move_words("assign 2 war:B:1"), move_words("recall 1 war:B:1, 2 human:C:3", past=True)
('Send 2 reporters to War B ★', 'recalled 1 reporter from War B ★ and 2 from Human Condition C ★★★')
>>> cell_words((1, 0)), cell_words((3, 2))
('top row, 2nd column', 'bottom row, 4th column')
>>> names_and(["The Times", "The Sun", "The Herald"])
'The Times, The Sun and The Herald'
"""
from __future__ import annotations

from typing import Any, Iterable

from pennypress.engine import Phase
from pennypress.engine.game.names import newspaper, player_label
from pennypress.engine.game.words import move_words, plural
from pennypress.solver import PressProblem
from pennypress.solver.vocab import cell_words, row_words

__all__ = [
    "cell_words", "move_words", "names_and", "numbered_story", "paper", "paper_label", "paper_short",
    "phase_words", "plural", "reading_counts", "row_words", "story_words",
]

paper = newspaper
"""``paper(0) == 'The Times'``: a player's newspaper."""
paper_label = player_label
"""``paper_label(0) == 'The Times (player 1)'``: the newspaper and the number people say."""


def paper_short(player: int) -> str:
    """The newspaper without its article, where room is short (chips): ``'Times'``."""
    return newspaper(player).removeprefix("The ")


def story_words(story: Any) -> str:
    """An engine story or a claimed story, as said at the table: ``'War D ★★★'`` (``'War D'``
    when the stars are not given)."""
    return story.label


def numbered_story(problem: PressProblem, i: int) -> str:
    """Story ``i`` of a press, with the number the page drawing shows: ``'#1 Politics A ★★'`` for story 0."""
    return problem.stories[i].numbered(i)


def names_and(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_PHASE_WORDS = {
    Phase.NORMAL: "normal",
    Phase.FINAL_TURNS: "final edition",
    Phase.FINAL_PRESSES: "final edition",
    Phase.OVER: "game over",
}
_PHASE_DETAIL = {
    Phase.NORMAL: "normal play",
    Phase.FINAL_TURNS: "final edition: each remaining newspaper takes one last turn (one reporter at a time)",
    Phase.FINAL_PRESSES: "final edition: each remaining newspaper may go to press one last time",
    Phase.OVER: "the game is over",
}


def phase_words(phase: Phase, detail: bool = False) -> str:
    """``'normal'``, ``'final edition'``, ``'game over'``; with ``detail``, what the phase means."""
    return (_PHASE_DETAIL if detail else _PHASE_WORDS)[Phase(phase)]


def reading_counts(read: float) -> str:
    """How much the table reading counts in a weighed reply's chance (:attr:`~pennypress.engine.advisor.result.
    Reply.read`), in words; empty when it counts nothing.

    >>> reading_counts(0.7)
    "searched as the advisor's own players would answer (30% by the table reading); the chance counts the styles read for the other 70%"
    >>> reading_counts(1.0)
    "searched as the advisor's own players would answer, which the table reading gives no chance: the chance is the styles read's alone"
    >>> reading_counts(0.0)
    ''
    """
    if read <= 0:
        return ""
    searched = "searched as the advisor's own players would answer"
    if round(100 * (1 - read)) == 0:
        return f"{searched}, which the table reading gives no chance: the chance is the styles read's alone"
    return f"{searched} ({1 - read:.0%} by the table reading); the chance counts the styles read for the other {read:.0%}"
