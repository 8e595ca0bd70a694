"""Every problem of a position given as one line of notation, as data -- for editors.

:func:`pennypress.engine.notation.text.from_text` refuses a line with its *first*
problem. A position editor wants them *all*, each with the field it concerns,
while the person is still building the position: :func:`check_text` reads the
line leniently (a player may have too many reporters on the board: the
validation says so), fills in what the rules determine (supply stacks,
reporters at home, markers outside the final edition, the cards drawn when
left out -- :mod:`pennypress.engine.notation.reader`), and asks
:func:`pennypress.engine.rules.status.position_problems` -- the one place of
whole-state rules -- for the list. When the list is empty the position is
loaded through the full validation and returned.

>>> ok = check_text("game 3p | normal p2 | board war:D:3(p1x2,p2x1) | bonus war=2 crime=2 politics=2 "
...                 "city=2 human=2 | p1 | p2 | p3")
>>> ok.problems, ok.state.current, ok.state.players[0].home, ok.doc["markers"]["war"]
((), 1, 3, 3)
>>> bad = check_text("game 2p | normal p1 | board war:D:3(p1x4) war:D:2(p1x2) | bonus war=2 crime=2 "
...                  "politics=2 city=2 human=2 | p1 pennies=1 ad=0,2 pub=war:D:2 | p2")
>>> bad.state is None, [(p.code, p.field) for p in bad.problems]
(True, [('story-twice', 'players[0].published[0]'), ('reporters', 'players[0]')])
>>> bad.problems[1].message
'6 reporters on the board (2 on war:D:2, 4 on war:D:3); a player has 5'
>>> check_text("game 3p | normal p1").problems[0].message
"notation: missing section board: the stories in play, e.g. 'board war:D:3(p1x2) crime:A:1' ('board -' if none)"
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.errors import BadInput

from ..game.errors import Problem
from ..io.codec import build_state
from ..io.state import State
from ..rules.status import position_problems
from .reader import read_notation
from .text import from_text

NOTATION = "notation"
"""``Problem.code`` of a line that cannot be read at all (its message names the section and token)."""


@dataclass(frozen=True)
class TextCheck:
    """What :func:`check_text` found: the position (``None`` unless it has no problem),
    every problem in reading order, and the document read (``None`` if the line cannot be read)."""

    state: State | None
    problems: tuple[Problem, ...]
    doc: dict | None


def check_text(text: str) -> TextCheck:
    """Every problem of the position ``text`` describes (``docs/guide/notation.md``), as :class:`Problem` data.

    ``Problem.field`` names the position document's field (``players[1]``,
    ``board.war[2].reporters``, ``markers.city``, ``deck.discard``); a line that
    cannot be read gives one problem with code :data:`NOTATION` and no field.
    """
    try:
        doc = read_notation(text, lenient=True)
    except BadInput as exc:
        return TextCheck(None, (Problem(NOTATION, "", str(exc)),), None)
    try:
        problems = tuple(position_problems(build_state(doc)))
    except (BadInput, KeyError, TypeError, ValueError) as exc:  # a document the reader built is well-formed
        return TextCheck(None, (Problem(NOTATION, "", f"notation: {exc}"),), doc)
    if problems:
        return TextCheck(None, problems, doc)
    try:
        return TextCheck(from_text(text), (), doc)
    except BadInput as exc:  # the schema's bounds (e.g. a circulation off the track)
        return TextCheck(None, (Problem(NOTATION, "", str(exc)),), doc)


__all__ = ["check_text", "TextCheck", "NOTATION"]
