"""How the app says things: newspapers, stories, cells, phases and moves in words people use.

Players are their newspapers (:mod:`pennypress.engine.game.names`), stories are
said as at the table ("War D ★★★"), cells by where they are on the mat, moves
as sentences. The game's own notation (``war:D:3``, ``assign 2 war:B:1``) stays
in files and on the command line.

>>> from pennypress.engine import Story
>>> story_words(Story.parse("city:A:2")), paper(0), paper_short(4)
('New York City A ★★', 'The Times', 'Journal')
>>> move_words("assign 2 war:B:1"), move_words("recall 1 war:B:1, 2 human:C:3")
('assigned 2 reporters to War B ★', 'recalled 1 reporter from War B ★ and 2 from Human Condition C ★★★')
>>> cell_words((1, 0)), cell_words((3, 2))
('top row, 2nd column', 'bottom row, 4th column')
>>> names_and(["The Times", "The Sun", "The Herald"])
'The Times, The Sun and The Herald'
"""
from __future__ import annotations

from typing import Any, Iterable

from pennypress.engine import Assign, Decline, GoToPress, PassNewsboy, Phase, Reassign, Recall, parse_move
from pennypress.engine.game.names import newspaper, player_label, story_name
from pennypress.errors import BadInput
from pennypress.solver import ROWS, PressProblem

__all__ = [
    "cell_words", "move_words", "names_and", "numbered_story", "paper", "paper_label", "paper_short",
    "phase_words", "plural", "row_words", "story_words",
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
    if getattr(story, "stars", None):
        return story_name(story)
    return f"{story.beat.title} {story.shape.value}"


def numbered_story(problem: PressProblem, i: int) -> str:
    """Story ``i`` of a press, with the number the page drawing shows: ``'#0 Politics A ★★'``."""
    return f"#{i} {story_words(problem.stories[i])}"


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, 'story', 'stories') == '1 story'``."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


def names_and(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def row_words(y: int) -> str:
    """A page row by where it is: ``'top row'`` (the top edge), ``'middle row'``, ``'bottom row'``."""
    if y == 0:
        return "top row"
    if y == ROWS - 1:
        return "bottom row"
    return "middle row" if ROWS == 3 else f"{_ordinal(y + 1)} row"


def cell_words(cell: tuple[int, int] | list[int]) -> str:
    """Where a page cell is on the mat: ``'top row, 2nd column'``."""
    x, y = int(cell[0]), int(cell[1])
    return f"{row_words(y)}, {_ordinal(x + 1)} column"


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


def move_words(notation: str) -> str:
    """A move in the engine's notation as a sentence fragment (past tense)."""
    if notation == "setup":
        return "the game was set up"
    try:
        move = parse_move(notation)
    except BadInput:
        return notation
    if isinstance(move, Assign):
        return f"assigned {plural(move.count, 'reporter')} to {story_words(move.story)}"
    if isinstance(move, Recall):
        parts = [f"{n} from {story_words(s)}" for s, n in move.reporters]
        first_n = move.reporters[0][1]
        parts[0] = f"{plural(first_n, 'reporter')} from {story_words(move.reporters[0][0])}"
        return "recalled " + names_and(parts)
    if isinstance(move, Reassign):
        return f"moved a reporter from {story_words(move.source)} to {story_words(move.target)}"
    if isinstance(move, GoToPress):
        return "went to press"
    if isinstance(move, PassNewsboy):
        return "passed the newsboy on"
    if isinstance(move, Decline):
        return "declined the last press"
    return notation
