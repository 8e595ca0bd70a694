"""Moves and headline cards in the words players use at the table: the one place that says them.

Every page of the app, every ``--text`` report and the advisor's reasons ask
this module; the engine's notation (``assign 2 war:B:1``) stays in files, JSON
and the notation box. Stories are named by :func:`~pennypress.engine.game.names.story_name`
("War D ★★★"), newspapers by :func:`~pennypress.engine.game.names.newspaper`.

>>> from pennypress.engine.game.moves import parse_move
>>> move_words(parse_move("assign 2 crime:B:2"))
'Send 2 reporters to Crime & Calamity B ★★'
>>> move_words("recall 1 war:B:1, 2 human:C:3")
'Recall 1 reporter from War B ★ and 2 from Human Condition C ★★★'
>>> move_words("reassign city:A:2 -> crime:B:1")
'Move 1 reporter from New York City A ★★ to Crime & Calamity B ★'
>>> [move_words(m) for m in ("press", "newsboy", "decline")]
['Go to press', 'Pass the newsboy', 'Decline the last press']
>>> move_words("assign 2 war:B:1", past=True), move_words("press", past=True)
('sent 2 reporters to War B ★', 'went to press')
>>> move_words("press war:B:1@0,0,1x3 exclusive=none")
'Go to press with its own page'
>>> page_words(parse_move("press war:B:1@0,0,1x3 city:D:1@2,0,2x3 exclusive=war:B:1").page)
'War B ★ upright from the top row, 1st column (exclusive); New York City D ★ upright from the top row, 3rd column'
"""
from __future__ import annotations

from pennypress.solver.vocab import cell_words, ordinal

from .cards import HeadlineCard
from .moves import BEST, Assign, Decline, GoToPress, Move, Page, PassNewsboy, Reassign, Recall, parse_move
from .names import story_name

__all__ = ["card_words", "move_words", "page_words", "plural", "reporters_words", "signed"]


def signed(x: float, digits: int | None = 1) -> str:
    """A number with its sign, a true minus (U+2212) for a loss: ``signed(-0.9) == '−0.9'``, ``'+2.0'``;
    ``digits=None`` keeps the shortest form (``signed(3, None) == '+3'``). A number that shows as zero has
    no sign: neither a gain nor a loss is said.

    >>> signed(-0.9), signed(2), signed(3, None), signed(-4, None), signed(0, None), signed(-0.04), signed(0.04, 2)
    ('−0.9', '+2.0', '+3', '−4', '0', '0.0', '+0.04')
    """
    text = f"{x:+g}" if digits is None else f"{x:+.{digits}f}"
    if not any(c in "123456789" for c in text):
        return text[1:]
    return text.replace("-", "−")


def plural(n: int, one: str, many: str | None = None) -> str:
    """``plural(1, 'reporter') == '1 reporter'``, ``plural(2, 'story', 'stories') == '2 stories'``."""
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"


def reporters_words(reporters) -> str:
    """``((story, n), ...)`` as said: ``'1 reporter from War B ★ and 2 from Human Condition C ★★★'``."""
    parts = [f"{n} from {story_name(s)}" for s, n in reporters]
    first_story, first_n = reporters[0]
    parts[0] = f"{plural(first_n, 'reporter')} from {story_name(first_story)}"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# (imperative, past) of each kind of move
_VERBS = {
    Assign: ("Send", "sent"),
    Recall: ("Recall", "recalled"),
    Reassign: ("Move", "moved"),
    GoToPress: ("Go to press", "went to press"),
    PassNewsboy: ("Pass the newsboy", "passed the newsboy"),
    Decline: ("Decline the last press", "declined the last press"),
}


def move_words(move: Move | str, past: bool = False) -> str:
    """A move as players say it: ``'Send 2 reporters to War B ★'`` (an instruction, as the advisor and
    the move lists give it), or with ``past`` what a newspaper did (``'sent 2 reporters to War B ★'``).

    ``move`` is a move or its notation (:class:`~pennypress.errors.BadInput` if it is not one).
    A press with a page of the player's own (not the optimal one) says so; :func:`page_words`
    describes that page.
    """
    if isinstance(move, str):
        move = parse_move(move)
    verb = _VERBS[type(move)][1 if past else 0]
    if isinstance(move, Assign):
        return f"{verb} {plural(move.count, 'reporter')} to {story_name(move.story)}"
    if isinstance(move, Recall):
        return f"{verb} {reporters_words(move.reporters)}"
    if isinstance(move, Reassign):
        return f"{verb} 1 reporter from {story_name(move.source)} to {story_name(move.target)}"
    if isinstance(move, GoToPress) and move.page is not None:
        return f"{verb} with its own page"
    return verb


def page_words(page: Page) -> str:
    """A page laid out, story by story: how it is turned, its top-left cell, and the exclusive."""
    parts = []
    for p in page.placements:
        w, h = p.w, p.h
        turn = "square" if w == h else ("upright" if h > w else "sideways")
        part = f"{story_name(p.story)} {turn} from the {cell_words((p.x, p.y))}"
        if page.exclusive not in (BEST, None) and p.story == page.exclusive:
            part += " (exclusive)"
        parts.append(part)
    if page.exclusive is None:
        parts.append("no exclusive")
    return "; ".join(parts) or "an empty page"


def card_words(card: HeadlineCard, detail: bool = True) -> str:
    """A headline card as it reads: its headline, and (``detail``) the beat it advances and what it brings.

    >>> from pennypress.engine.game.cards import load_deck
    >>> card_words(load_deck().card(4))
    '“Red Cross Arrives in Cuba”: War bonus +1; new stories War A, Human Condition D, Crime & Calamity B; ad in the 4th column'
    """
    if not detail:
        return f"“{card.headline}”"
    stories = ", ".join(f"{beat.title} {shape.value}" for beat, shape in card.stories)
    return (f"“{card.headline}”: {card.beat.title} bonus +{card.bonus}; new stories {stories}; "
            f"ad in the {ordinal(card.ad_column + 1)} column")
