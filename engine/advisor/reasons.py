"""Reasons in plain words, built only from exact facts (:mod:`.facts`) and the estimates.

>>> from pennypress.engine.game.stories import Story
>>> from pennypress.engine.game.moves import Assign
>>> describe(Assign(Story.parse("war:D:3"), 2))
'Send 2 reporters to War D ★★★'
"""
from __future__ import annotations

from ..game.moves import GoToPress, Move
from ..game.names import newspaper, story_name
from ..game.words import move_words, plural, signed
from .facts import MoveFacts, PressFacts, Threat


def describe(move: Move) -> str:
    """The move as a player would say it (the engine's one wording, :func:`~pennypress.engine.game.words.move_words`)."""
    return move_words(move)


def page_score_words(total: int, gain: int) -> str:
    """What the best page scores, as the press preview says it: ``'the best page scores 12 points'``, or for a
    page below zero, ``'the best page scores −6 points, so you gain no circulation'`` (a page never costs
    circulation: ``gain`` is 0 then).

    >>> page_score_words(12, 12), page_score_words(-6, 0)
    ('the best page scores 12 points', 'the best page scores −6 points, so you gain no circulation')
    """
    said = f"the best page scores {plural(total, 'point')}".replace("-", "−")
    return said if gain == total else f"{said}, so you gain no circulation"


def press_text(p: PressFacts) -> str:
    """``'Go to press: the best page scores 12 points; gives The Sun 2 scoop points'``."""
    parts = [f"{move_words(GoToPress())}: {page_score_words(p.total, p.gain)}"]
    if p.unpublished:
        parts.append("leaves " + ", ".join(story_name(s) for s in p.unpublished) + " unpublished")
    given = p.scoop_points()
    if given:
        parts.append("gives " + ", ".join(f"{newspaper(o)} {plural(n, 'scoop point')}" for o, n in sorted(given.items())))
    else:
        parts.append("gives away no scoop points")
    if p.triggers_final:
        who = ", ".join(newspaper(o) for o in p.still_play) or "nobody"
        parts.append(f"triggers the final edition (then {who} still {'play' if len(p.still_play) > 1 else 'plays'})")
    return "; ".join(parts)


def threat_text(t: Threat, lead: str = "Afterwards") -> str | None:
    """What one opponent could do next, or ``None`` if nothing worth saying."""
    bits = []
    if t.press_gain is not None and t.press_gain > 0:
        bit = f"{newspaper(t.player)} could press for +{t.press_gain}"
        if t.scoops_to_me:
            bit += f" (giving you {plural(t.scoops_to_me, 'scoop point')})"
        bits.append(bit)
    for take in t.can_take[:2]:
        bits.append(f"{newspaper(t.player)} could take your {story_name(take.story)} with "
                    f"{'one more reporter' if take.reporters == 1 else f'{take.reporters} more reporters'}")
    if not bits:
        return None
    return f"{lead} " + "; ".join(bits)


def reasons_for(facts: MoveFacts, win: float | None, exact: bool, margin: float | None,
                waiting: MoveFacts | None = None, next_best: tuple[str, float | None] | None = None
                ) -> tuple[str, ...]:
    """Reasons for one of the top moves: what it does, what it exposes, how it compares.

    ``waiting`` (for a press) is the best move that does not press: what the
    opponents could do if the player waited. ``next_best`` is ``(notation, win)``
    of the move ranked next (for the best move) or of the best move (said in words here).
    ``win`` is ``None`` for a move the analysis never reached (it was stopped first).
    """
    out = []
    if facts.press is not None:
        out.append(press_text(facts.press))
        if waiting is not None:  # the threats after the best move that waits: say which move that is, once
            lines = [line for line in (threat_text(t, "If you wait:") for t in waiting.threats) if line]
            if lines:
                lines[0] = lines[0].replace("If you wait:", f"If you wait ({describe(waiting.move)}):", 1)
            out.extend(lines)
    else:
        out.append(describe(facts.move))
        out.extend(line for line in (threat_text(t) for t in facts.threats) if line)
    if exact:
        verdict = "win" if win == 1 else ("share the win" if win > 0 else "lose")
        out.append(f"Exact: with best play by everyone you {verdict} ({signed(margin, None)} against the best opponent)")
    elif win is None or margin is None:
        out.append("Not searched: the analysis was stopped before this move's playouts")
    else:
        out.append(chance_words(win, margin, next_best))
    return tuple(out)


CHANCE = "Chance to win about "
"""How the reason that gives a move's chance begins."""


def chance_words(win: float, margin: float, next_best: tuple[str, float | None] | None = None,
                 after: str = "", first_sight: float | None = None) -> str:
    """A move's chance to win and expected margin, with the move it is compared with (``next_best``, as in
    :func:`reasons_for`); ``after`` says what the chance is measured after (``' after The Sun's answer'``),
    and then ``first_sight`` is the chance before it (the margin is the analysis's, before it too).

    >>> chance_words(0.64, 2.0, ("press", 0.6), " after The Sun's answer", 0.82)
    "Chance to win about 64% after The Sun's answer (82% at first sight); expected margin +2.0 at first sight (next: Go to press at 60%)"
    """
    sight = "" if first_sight is None else f" ({first_sight:.0%} at first sight)"
    line = f"{CHANCE}{win:.0%}{after}{sight}; expected margin {signed(margin)}{' at first sight' if after else ''}"
    if next_best is not None and next_best[1] is not None:
        line += f" (next: {move_words(next_best[0])} at {next_best[1]:.0%})"
    return line
