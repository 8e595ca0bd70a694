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


def press_text(p: PressFacts) -> str:
    """``'Go to press: +12 on the best page; gives The Sun 2 scoop points'``."""
    parts = [f"{move_words(GoToPress())}: {signed(p.gain, None)} on the best page"]
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
        if waiting is not None:
            lines = [threat_text(t, "Waiting lets") for t in waiting.threats]
            out.extend(line.replace("Waiting lets ", "Waiting: ") for line in lines if line)
    else:
        out.append(describe(facts.move))
        out.extend(line for line in (threat_text(t) for t in facts.threats) if line)
    if exact:
        verdict = "win" if win == 1 else ("share the win" if win > 0 else "lose")
        out.append(f"Exact: with best play by everyone you {verdict} ({signed(margin, None)} against the best opponent)")
    elif win is None or margin is None:
        out.append("Not searched: the analysis was stopped before this move's playouts")
    else:
        line = f"Chance to win about {win:.0%}; expected margin {signed(margin)}"
        if next_best is not None and next_best[1] is not None:
            line += f" (next: {move_words(next_best[0])} at {next_best[1]:.0%})"
        out.append(line)
    return tuple(out)
