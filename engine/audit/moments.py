"""Key moments of an audited game: the biggest mistakes, the biggest swings of luck, the turning point.

Only significant losses are mistakes (a ``within_noise`` decision is never one);
the turning point is read on the line played: each winner's chance to win
after each move played (the chart's curve).

>>> from types import SimpleNamespace as D
>>> def d(ply, player, klass, loss, after, by="win", margin=0.0, **kw):
...     return D(ply=ply, player=player, klass=klass, loss=loss, after_all=after, card=None, luck=None,
...              missed_press=False, graded_by=by, margin_loss=margin, **kw)
>>> ds = [d(1, 0, "best", 0.0, (0.4, 0.6)),
...       d(2, 1, "blunder", 0.3, (0.7, 0.3), played="decline", best="press"),
...       d(3, 0, "within_noise", 0.2, (0.9, 0.1)),
...       d(4, 1, "best", 0.0, (0.9, 0.1))]
>>> [(m.ply, m.kind) for m in key_moments(ds, 2, [0])]  # a loss within noise is no key moment
[(2, 'blunder'), (2, 'turning point')]
>>> key_moments(ds, 2, [0])[0].text
'move 2: The Sun declined the last press; better: Go to press (+30% chance to win)'
>>> decided = d(5, 0, "mistake", 0.0, (1.0, 0.0), by="margin", margin=3.2, played="decline", best="press")
>>> key_moments(ds + [decided], 2, [0])[-1].text  # graded by the lead where the game was decided
'move 5: The Times declined the last press; better: Go to press (+3.2 points of lead over the best rival)'

"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..game.cards import Deck
from ..game.names import newspaper
from ..game.words import card_words, move_words
from .grading import BY_MARGIN, MARGIN_RATE, scaled_loss

MISTAKES = 3
"""How many of the biggest mistakes to show."""
LUCKY = 3
"""How many of the biggest card swings to show."""
LUCK_FLOOR = 0.05
"""A swing below this (two-player terms) is not a key moment."""


@dataclass(frozen=True)
class KeyMoment:
    """A moment of the game worth looking at: a big mistake, a swing of luck, the turning point."""

    ply: int
    kind: str
    text: str
    player: int | None = None

    def to_json(self) -> dict:
        return {"ply": self.ply, "kind": self.kind, "text": self.text, "player": self.player}


def _pct(x: float) -> str:
    """A change of chance with its sign, a true minus: ``'−5%'``."""
    return f"{x:+.0%}".replace("-", "\u2212")


def weighed_loss(d, n_players: int) -> float:
    """What a decision's grade weighs, as a win probability in two-player terms (a loss of lead over
    :data:`~.grading.MARGIN_RATE`): the order of the key mistakes."""
    if getattr(d, "graded_by", None) == BY_MARGIN:
        return d.margin_loss / MARGIN_RATE
    return scaled_loss(d.loss, n_players)


def lost_words(d) -> str:
    """What the better move would have kept: ``'+30% chance to win'``, or ``'+3.2 points of lead over the
    best rival'`` for a decision graded by margin."""
    if getattr(d, "graded_by", None) == BY_MARGIN:
        return f"+{d.margin_loss:.1f} points of lead over the best rival"
    return f"+{d.loss:.0%} chance to win"


def key_moments(decisions: Sequence, n_players: int, winners: Sequence[int], deck: Deck | None = None) -> list:
    """The key moments, in the order of the game (``decisions`` are the audit's :class:`~.review.Decision`),
    said in words (:mod:`pennypress.engine.game.words`; ``deck`` names the headline cards drawn)."""
    out: list[KeyMoment] = []
    bad = sorted((d for d in decisions if d.klass in ("mistake", "blunder")),
                 key=lambda d: (-weighed_loss(d, n_players), d.ply))
    for d in bad[:MISTAKES]:
        kind = "missed press" if d.missed_press else d.klass
        out.append(KeyMoment(d.ply, kind, f"move {d.ply}: {newspaper(d.player)} {move_words(d.played, past=True)}; "
                             f"better: {move_words(d.best)} ({lost_words(d)})", d.player))
    draws = [d for d in decisions if d.luck is not None]
    swings = sorted(draws, key=lambda d: (-max(abs(x) for x in d.luck), d.ply))
    for d in swings[:LUCKY]:
        top = max(range(n_players), key=lambda p: abs(d.luck[p]))
        if scaled_loss(abs(d.luck[top]), n_players) < LUCK_FLOOR:
            continue
        parts = ", ".join(f"{newspaper(p)} {_pct(d.luck[p])}" for p in range(n_players))
        card = f"headline card {d.card}" if deck is None else f"the headline card {card_words(deck.card(d.card), detail=False)}"
        out.append(KeyMoment(d.ply, "luck", f"move {d.ply}: after {newspaper(d.player)} went to press, {card} "
                             f"changed the chances to win: {parts}", top))
    fair = 1.0 / n_players
    for w in winners:
        series = [(d.ply, d.after_all[w]) for d in decisions if d.after_all]
        turn = None
        for ply, v in series:
            if v > fair:
                turn = ply if turn is None else turn
            else:
                turn = None
        if turn is not None:
            out.append(KeyMoment(turn, "turning point", f"move {turn}: from here {newspaper(w)}, the eventual "
                                 f"winner, stayed above the fair share of {fair:.0%}", w))
    return sorted(out, key=lambda m: m.ply)
