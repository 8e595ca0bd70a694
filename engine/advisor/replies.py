"""A second ply of selection: the analysis's leading moves judged by the reply each one meets.

The analysis (:mod:`.search`) values a move by playouts in which the other
newspapers play as the playout bots do. Against players who search -- an
advisor, a strong person -- that models the very next reply too kindly or too
harshly: they answer with the reply that is best *for them*, not the one a bot
would pick. The second ply asks each of the analysis's first ``candidates``
moves what that reply is: it plays the move on the public position, lets the
player to move there search their own answer (the same search, budget
``reply_budget``, from their seat), and takes the win share the advised player
keeps after that answer (the reply's own playouts: every newspaper's share, raw).

Only moves that leave a decision are opened: a press draws a headline card
first (a chance node; the search never sees the deck), so it keeps the
analysis's own estimate. The opened moves are then ranked among themselves
by what they keep after the reply, in the places they held -- an opened move is
never compared with an estimate of another kind -- and the first of the new
order is the move to play.

The ``normal`` and ``deep`` budgets end with it (:mod:`.budget`;
:func:`.answer.advise` shows its order, every figure measured against its first
move, and each opened move's reply); the player's strength with it is measured
in ``docs/lab/self-play.md`` ("A second ply over the replies").

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> from pennypress.engine.advisor.budget import budget_for
>>> from pennypress.engine.advisor.search import analyse
>>> v = public_view(new_game(3, seed=4))
>>> settings = SearchSettings.for_budget(playouts=60, seed=1, workers=1)
>>> a = analyse(v, settings, reasons_top=0, lines=False)
>>> r = second_ply(v, a, settings, candidates=2, reply_budget=budget_for(playouts=40))
>>> r.move in {m.move for m in a.moves[:2]} and len(r.opened) == 2
True
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from pennypress.stats import wilson

from ..game.names import newspaper
from ..game.words import move_words
from ..io.state import PublicState, public_view
from ..rules.actions import legal_moves
from .budget import MAX_CANDIDATES, Budget, second_ply_candidates
from .calibration import IDENTITY, Calibration
from .line import LineStep
from .result import Advice, RankedMove, Reply, SecondPlyNote
from .search import Stop, analyse
from .settings import SearchSettings

def reply_seed(seed: int, rank: int) -> int:
    """The seed of the reply's search after the analysis's move of rank ``rank`` (1, 2, ...), in an analysis
    seeded ``seed``: its own for every rank (``rank`` is at most :data:`MAX_CANDIDATES`)."""
    return seed * (MAX_CANDIDATES + 1) + rank


@dataclass(frozen=True)
class Opened:
    """One opened move: the reply the next player found, and the advised player's win share after it."""

    move: str
    rank: int
    """The move's rank in the analysis."""
    reply: str
    player: int
    """Who replies."""
    kept: float
    """The advised player's win share after the reply (the reply's playouts, raw)."""
    playouts: int
    """The reply's search's playouts."""
    converged: bool
    """The reply's search separated its answer from every other."""
    samples: int
    """The playouts of the answer itself, which ``kept`` is the mean of."""
    exact: bool
    """The answer came from the exact search (nothing random left): ``kept`` is exact."""
    line: tuple[LineStep, ...] = ()
    """The likely line after the answer, from the answer's own playouts (asked for with ``lines``)."""

    def interval(self) -> tuple[float, float]:
        """A 95% interval of ``kept`` (raw): the Wilson interval over :attr:`samples`, which holds for the mean
        of any shares in [0, 1] (their variance is at most that of a coin with the same mean); exact: itself."""
        return (self.kept, self.kept) if self.exact else wilson(self.kept, self.samples)


@dataclass(frozen=True)
class SecondPly:
    """The move to play, and every opened move in the new order."""

    move: str
    opened: tuple[Opened, ...]
    order: tuple[str, ...]
    """The analysis's moves in the order the second ply leaves them."""
    first: str
    """The analysis's own first move."""

    @property
    def playouts(self) -> int:
        """The replies' playouts, in all."""
        return sum(o.playouts for o in self.opened)


def second_ply(view: PublicState, advice: Advice, settings: SearchSettings, candidates: int,
               reply_budget: Budget, progress: Callable[[int, int], None] | None = None,
               stop: Stop | None = None, lines: bool = False) -> SecondPly | None:
    """The second ply over ``advice`` (the analysis of ``view`` for the player to move, run with ``settings``):
    its first ``candidates`` moves (1 to :data:`MAX_CANDIDATES`) that leave a decision, each answered by the
    next player's search with ``settings`` but for the budget (``reply_budget``), the seed (:func:`reply_seed`)
    and the calibration (none: raw win shares).

    ``progress(i, done)`` is told the playouts done in the ``i``-th reply's search (0, 1, ...); ``stop()`` is
    asked by each search, and the second ply gives ``None`` once it says stop (the analysis alone stands).
    With ``lines`` each opened move keeps the likely line after its reply (the choices do not depend on it)."""
    second_ply_candidates(candidates)
    view = public_view(view)  # as the analysis: only what the table shows (never the deck's order)
    me = view.current
    moves = {str(m): m for m in legal_moves(view)}
    order = [r.move for r in advice.moves]
    opened: list[Opened] = []
    for row in advice.moves[:candidates]:
        after = view.clone()
        after.apply(moves[row.move])
        if after.is_over or after.is_chance_node():
            continue
        if stop is not None and stop():
            return None
        reply = replace(settings, budget=reply_budget, seed=reply_seed(settings.seed, row.rank), calibration=IDENTITY)
        i = len(opened)
        told = None if progress is None else (lambda done, _total, i=i: progress(i, done))
        answer = analyse(after, reply, reasons_top=0, lines=lines, progress=told, stop=stop)
        if answer.stopped:
            return None
        opened.append(Opened(row.move, row.rank, answer.best.move, after.current, answer.best.win_all[me],
                             answer.playouts, answer.converged, answer.best.playouts, answer.exact,
                             answer.best.line))
    slots = sorted(o.rank - 1 for o in opened)
    ranked = sorted(opened, key=lambda o: (-o.kept, o.rank))
    for slot, o in zip(slots, ranked):
        order[slot] = o.move
    return SecondPly(order[0], tuple(ranked), tuple(order), advice.moves[0].move)


def with_replies(advice: Advice, ply: SecondPly, candidates: int, reply_budget: str, calibration: Calibration,
                 reasons_top: int) -> Advice:
    """``advice`` (ranked in ``ply``'s order) with each opened move's reply, the second ply's note and its
    playouts counted, and -- among the first ``reasons_top`` moves -- the reply said in words."""
    replies = {o.move: Reply(o.reply, o.player, calibration(o.kept), calibration.interval(*o.interval()), o.playouts,
                             o.converged, o.line) for o in ply.opened}
    rows = []
    for row in advice.moves:
        reply = replies.get(row.move)
        if reply is None:
            rows.append(row)
            continue
        reasons = row.reasons
        if row.rank <= reasons_top:
            reasons = reasons + (reply_words(reply, advice.player),)
            if row.rank == 1 and ply.first != row.move and ply.first in replies:
                first = next(r for r in advice.moves if r.move == ply.first)
                reasons = reasons + (_changed_words(first, replies[ply.first], reply),)
        rows.append(replace(row, reply=reply, reasons=reasons))
    note = SecondPlyNote(candidates, reply_budget, len(ply.opened), ply.playouts, ply.first)
    # "converged" says the first move is separated from every other on the analysis: not so for a first move
    # the analysis alone did not put first
    return replace(advice, moves=tuple(rows), second_ply=note, playouts=advice.playouts + ply.playouts,
                   converged=advice.converged and ply.first == rows[0].move)


def reply_words(reply: Reply, me: int) -> str:
    """The reply a move meets, in words: ``'The Sun's likely answer: Send 2 reporters to War D ★★★; then your
    chance to win is about 35%'``."""
    who = "your" if reply.player == me else f"{newspaper(reply.player)}'s"
    return (f"{who[0].upper()}{who[1:]} likely answer: {move_words(reply.move)}; then your chance to win is about "
            f"{reply.win_probability:.0%}")


def _changed_words(first: RankedMove, theirs: Reply, mine: Reply) -> str:
    """Why the second ply's first move is not the analysis's first (``first``, answered by ``theirs``): what
    that move keeps after its answer, against this move's (``mine``), and whether the two are told apart."""
    before = "" if first.win_probability is None else f" ({first.win_probability:.0%} at first sight)"
    return (f"{move_words(first.move)} looked at least as good{before}, but after {newspaper(theirs.player)}'s likely answer, "
            f"{move_words(theirs.move)}, your chance to win is about {theirs.win_probability:.0%}, against "
            f"{mine.win_probability:.0%} after this move"
            + ("" if mine.clearly_above(theirs) else " (too close to tell apart)"))


__all__ = ["MAX_CANDIDATES", "Opened", "SecondPly", "reply_seed", "reply_words", "second_ply",
           "second_ply_candidates", "with_replies"]
