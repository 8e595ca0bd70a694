"""An audited game in words, for the "Audit a game" page and ``pennypress audit --text`` alike.

Moves are said by :mod:`pennypress.engine.game.words`, newspapers by name,
percentages whole (a decimal of a win probability estimated from a few
hundred playouts means nothing), expected points with one decimal.

>>> from pennypress.engine.audit import PlayerSummary
>>> s = PlayerSummary(0, 91.24, {"best": 3, "mistake": 1}, 4, 0, 0.0, 2, 1, 0.1)
>>> accuracy_words(s), classes_words(s)
('91', '3 best, 1 mistake ?')
>>> accuracy_words(PlayerSummary(1, None, {"forced": 2}, 2, 0, 0.0, 0, 0, 0.0))
'no graded decision'
>>> grades_words(s), grades_words(PlayerSummary(1, None, {"forced": 2}, 2, 0, 0.0, 0, 0, 0.0))
('accuracy 91; 3 best, 1 mistake ?', 'no graded decision (2 forced)')
>>> class_words("mistake"), class_words("within_noise"), class_words("within_noise", short=True)
('mistake ?', 'as good as the best, as far as the analysis can tell', 'as good as the best')
>>> num(-2), num(3.25, 1)
('−2', '3.2')
>>> pct(0.375), signed_pct(-0.12), luck_words((0.05, -0.05))
('38%', '−12%', 'The Times +5%, The Sun −5%')
>>> moment_words("missed press"), moment_words("blunder")
('Missed press', 'Blunder ??')
"""
from __future__ import annotations

from typing import Sequence

from pennypress.engine.audit import Decision, PlayerSummary
from pennypress.engine.game.cards import Deck
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.words import card_words, move_words

NO_GRADE = "no graded decision"
"""What stands for the accuracy of a newspaper whose every move was forced (or not audited)."""


CLASS_WORDS = {"forced": "forced", "best": "best", "excellent": "excellent", "good": "good",
               "inaccuracy": "inaccuracy ?!", "mistake": "mistake ?", "blunder": "blunder ??"}
"""Each class as a player reads it, the chess marks beside the three bad ones."""

WITHIN_NOISE = "as good as the best, as far as the analysis can tell"
"""A move other than the best whose loss the analysis cannot tell from nothing."""


WITHIN_NOISE_SHORT = "as good as the best"
"""The same in a table cell or a short list."""


def class_words(klass: str, short: bool = False) -> str:
    """A decision's class in words with its mark: ``'mistake ?'``; never the raw code."""
    if klass == "within_noise":
        return WITHIN_NOISE_SHORT if short else WITHIN_NOISE
    return CLASS_WORDS[klass]


def pct(x: float) -> str:
    """A probability as a whole percentage: ``'38%'``."""
    return f"{x:.0%}"


def num(x: float, digits: int = 0) -> str:
    """A number with a true minus sign (U+2212), as every figure on the page: ``'−2'``, ``'3.5'``."""
    return f"{x:.{digits}f}".replace("-", "−")


def signed_pct(x: float) -> str:
    """A change of probability with its sign (a true minus): ``'+5%'``, ``'−12%'``."""
    return f"{x:+.0%}".replace("-", "−")


def accuracy_words(s: PlayerSummary) -> str:
    """The accuracy as a whole number out of 100, or :data:`NO_GRADE`."""
    return NO_GRADE if s.accuracy is None else f"{s.accuracy:.0f}"


def classes_words(s: PlayerSummary) -> str:
    """The decisions counted by class, the empty classes left out: ``'3 best, 1 mistake'``."""
    return ", ".join(f"{n} {class_words(c, short=True)}" for c, n in s.classes.items() if n) or "no decisions"


def grades_words(s: PlayerSummary) -> str:
    """A newspaper's grades in one phrase: its accuracy and classes, or why there is no accuracy."""
    if not s.decisions:
        return "no decisions audited"
    if s.accuracy is None:
        return f"{NO_GRADE} ({classes_words(s)})"
    return f"accuracy {accuracy_words(s)}; {classes_words(s)}"


def luck_words(luck: Sequence[float]) -> str:
    """What a card draw did to each newspaper's chance to win: ``'The Times +5%, The Sun −5%'``."""
    return ", ".join(f"{newspaper(p)} {signed_pct(x)}" for p, x in enumerate(luck))


def card_text(card: int, deck: Deck | None) -> str:
    """A drawn headline card in words (its number when the deck is not known)."""
    return f"headline card {card}" if deck is None else f"headline card {card_words(deck.card(card))}"


def decision_words(d: Decision) -> str:
    """``'move 12, The Sun: went to press — mistake ?'`` (the class in words: :func:`class_words`)."""
    return f"move {d.ply}, {newspaper(d.player)}: {move_words(d.played, past=True)} — {class_words(d.klass)}"


def loss_words(d) -> str:
    """What a decision cost against the best move, in the terms that graded it: ``'38% chance to win and
    4.5 points of lead'``, or for a decided game (graded by margin) ``'3.2 points of lead over the best
    rival'``; empty for a forced move. The lead is the newspaper's circulation over its best rival's at the
    end: what wins (its own circulation alone says nothing)."""
    if d.klass == "forced":
        return ""
    if d.klass == "best":
        return "nothing"
    if getattr(d, "graded_by", "win") == "margin":
        said = f"{d.margin_loss:.1f} points of lead over the best rival"
    else:
        lead = getattr(d, "margin_loss", 0.0)
        said = f"{pct(d.loss)} chance to win" + (f" and {lead:.1f} points of lead" if round(lead, 1) > 0 else "")
    return said + on_timing(d)


def on_timing(d) -> str:
    """``' (pressing too soon: 2.7)'`` when a decision's lead lost on timing -- what the newspaper table's
    timing column adds up -- is not the lead it lost in all (only a press of another page than the best one:
    the page's part differs); empty otherwise."""
    timing, lead = getattr(d, "timing_lead_loss", 0.0), getattr(d, "margin_loss", 0.0)
    if round(timing, 1) <= 0 or f"{timing:.1f}" == f"{lead:.1f}":
        return ""
    return f" (pressing too soon: {timing:.1f})"


def short_loss_words(d) -> str:
    """:func:`loss_words` for a table cell: ``'38% chance, 4.5 points of lead'``, ``'nothing (forced)'``."""
    if d.klass == "forced":
        return "nothing (forced)"
    if d.klass == "best":
        return "nothing"
    if getattr(d, "graded_by", "win") == "margin":
        return f"{d.margin_loss:.1f} points of lead" + on_timing(d)
    lead = getattr(d, "margin_loss", 0.0)
    return f"{pct(d.loss)} chance" + (f", {lead:.1f} points of lead" if round(lead, 1) > 0 else "") + on_timing(d)


def graded_words(d) -> str:
    """Why a decision was graded by the lead rather than by the chance to win (empty when it was not):
    ``'Graded by the lead kept: every chance to win here was about 100%.'``"""
    if getattr(d, "graded_by", "win") != "margin":
        return ""
    sure = "100%" if d.win_before >= 0.5 else "0%"
    return (f"Graded by the lead over the best rival: the chance to win was about {sure} after the best move "
            f"and after this one, so only the lead tells them apart.")


def line_labels(d) -> list[tuple[str, tuple]]:
    """The likely lines a decision shows, each with what it follows: after the move played and after the
    best move, or one line when the move played is the best (``[]`` when there is none: a forced move)."""
    if d.klass == "best" or d.played == d.best:
        return [("likely line after it, the best move", d.line_best)] if d.line_best else []
    return [(label, line) for label, line in (("likely line after it", d.line_played),
                                              ("likely line after the best move", d.line_best)) if line]


MOMENT_WORDS = {"mistake": "Mistake ?", "blunder": "Blunder ??", "missed press": "Missed press",
                "luck": "Luck", "turning point": "Turning point"}
"""A key moment's kind as a heading."""


def moment_words(kind: str) -> str:
    """A key moment's kind as the page says it: ``'Blunder ??'``."""
    return MOMENT_WORDS.get(kind, kind.capitalize())
