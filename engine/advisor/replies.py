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

Every one of those moves is opened, so all of them are measured alike. A
press draws a headline card before anyone answers (a chance node; the search
never sees the deck's order): it is answered after each of a few cards drawn
at random from those that may come up, and keeps the mean. A move that ends
the game keeps its exact result. The opened moves are then ranked by what
they keep after the reply, in the places they held (the analysis's first
places), and the first of the new order is the move to play; the moves after
them keep the analysis's figures and order.

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

import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from statistics import fmean
from typing import Callable, Sequence

from pennypress.stats import wilson

from ..game.names import newspaper
from ..game.words import move_words
from ..io.state import PublicState, public_view
from ..rules.actions import legal_moves
from .budget import MAX_CANDIDATES, Budget, budget_for, second_ply_candidates
from .calibration import IDENTITY, Calibration
from .line import LineStep
from .outcome import share
from .reasons import CHANCE, chance_words
from .result import Advice, FirstSight, RankedMove, Reply, SecondPlyNote
from .search import Stop, analyse, first_move
from .stats import Z95
from .settings import SearchSettings

def reply_seed(seed: int, rank: int) -> int:
    """The seed of the reply's search after the analysis's move of rank ``rank`` (1, 2, ...), in an analysis
    seeded ``seed``: its own for every rank (``rank`` is at most :data:`MAX_CANDIDATES`)."""
    return seed * (MAX_CANDIDATES + 1) + rank


DRAWS = 4
"""The headline cards a press is answered on (all of them when fewer may come up): each card drawn, then
the next player's search, with the reply budget's playouts shared among the cards."""


@dataclass(frozen=True)
class Answered:
    """The next player's answer in one future of a move (one headline card, for a press), and the advised
    player's win share after it."""

    reply: str | None
    """The answer; ``None``: the game ends before anyone answers (``kept`` is then exact)."""
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
    win_all: tuple[float, ...] = ()
    """Every player's win share after the answer, in seat order (``kept`` is the advised player's)."""

    def stderr(self) -> float:
        """A bound on the standard error of ``kept``: a coin's with the same mean over ``samples`` (0: exact)."""
        if self.exact or self.samples < 1:
            return 0.0
        return math.sqrt(self.kept * (1.0 - self.kept) / self.samples)

    def interval(self) -> tuple[float, float]:
        """A 95% interval of ``kept`` (raw): the Wilson interval over :attr:`samples`, which holds for the mean
        of any shares in [0, 1] (their variance is at most that of a coin with the same mean); exact: itself."""
        return (self.kept, self.kept) if self.exact else wilson(self.kept, self.samples)


@dataclass(frozen=True, kw_only=True)
class Opened(Answered):
    """One opened move and its answer: for a press, over the headline cards drawn (:attr:`draws`) -- the
    answer found after most of them, the mean share kept, every card's playouts, converged on every card."""

    move: str
    rank: int
    """The move's rank in the analysis."""
    draws: int = 0
    """For a press, the headline cards drawn (0: the move draws none)."""
    spread: float | None = None
    """For a press, the standard error of ``kept``: each card's own and, when only some of the cards that may
    come up were drawn, the sampling of the cards."""
    read: float = 0.0
    """The share of ``kept`` that is the analysis's own figure rather than the searched reply's: the chance the
    table reading gives that the player answering plays a style read (:func:`_as_read`; 0 without a reading)."""

    def stderr(self) -> float:
        return super().stderr() if self.spread is None or self.exact else self.spread

    def interval(self) -> tuple[float, float]:
        """:meth:`Answered.interval`; for a press, ``kept`` ± 1.96 standard errors (:attr:`spread`)."""
        if self.spread is None or self.exact:
            return super().interval()
        return max(0.0, self.kept - Z95 * self.spread), min(1.0, self.kept + Z95 * self.spread)

    @classmethod
    def of(cls, move: str, rank: int, answers: Sequence[Answered], outcomes: int) -> Opened:
        """The move answered in each of its futures (one, or one a headline card drawn out of ``outcomes``)."""
        if len(answers) == 1 and outcomes <= 1:
            a = answers[0]
            return cls(a.reply, a.player, a.kept, a.playouts, a.converged, a.samples, a.exact, a.line, a.win_all,
                       move=move, rank=rank)
        k = len(answers)
        kept = fmean(a.kept for a in answers)
        within = sum(a.stderr() ** 2 for a in answers) / k ** 2
        between = 0.0 if k >= outcomes or k < 2 else (
            sum((a.kept - kept) ** 2 for a in answers) / (k - 1) / k * (1 - k / outcomes))
        found = [a.reply for a in answers if a.reply is not None]
        reply = Counter(found).most_common(1)[0][0] if found else None
        shown = next((a for a in answers if a.reply == reply), answers[0])
        exact = all(a.exact for a in answers) and k >= outcomes
        alike = len({len(a.win_all) for a in answers}) == 1
        every = tuple(fmean(shares) for shares in zip(*(a.win_all for a in answers))) if alike else ()
        return cls(reply, shown.player, kept, sum(a.playouts for a in answers), all(a.converged for a in answers),
                   sum(a.samples for a in answers), exact, shown.line, every, move=move, rank=rank, draws=k,
                   spread=math.sqrt(within + between))


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
    its first ``candidates`` moves (1 to :data:`MAX_CANDIDATES`), each answered by the next player's search
    with ``settings`` but for the budget (``reply_budget``), the seed (:func:`reply_seed`) and the calibration
    (none: raw win shares). A press is answered after each of :data:`DRAWS` headline cards drawn at random
    (seeded; every card when fewer may come up; the budget shared among them); a move that ends the game
    keeps its exact result. The opened moves are ranked by what they keep, in the places they held.

    ``progress(i, done)`` is told the playouts done in the ``i``-th opened move's searches (0, 1, ...);
    ``stop()`` is asked by each search, and the second ply gives ``None`` once it says stop (the analysis
    alone stands). With ``lines`` each opened move keeps the likely line after its reply (the choices do not
    depend on it)."""
    second_ply_candidates(candidates)
    view = public_view(view)  # as the analysis: only what the table shows (never the deck's order)
    me = view.current
    moves = {str(m): m for m in legal_moves(view)}
    order = [r.move for r in advice.moves]
    opened: list[Opened] = []
    for row in advice.moves[:candidates]:
        if not row.was_searched:
            continue
        after = view.clone()
        after.apply(moves[row.move])
        if stop is not None and stop():
            return None
        seed = reply_seed(settings.seed, row.rank)
        i = len(opened)
        futures, outcomes = _futures(after, seed)
        plan = reply_budget if len(futures) == 1 else _shared(reply_budget, len(futures))
        answers, done = [], 0
        for j, future in enumerate(futures):
            told = None if progress is None else (lambda d, _total, i=i, done=done: progress(i, done + d))
            answered = _answer(future, me, replace(settings, budget=plan, seed=seed if j == 0 else seed * DRAWS + j,
                                                   calibration=IDENTITY), lines, told, stop)
            if answered is None:
                return None
            answers.append(answered)
            done += answered.playouts
        opened.append(_as_read(Opened.of(row.move, row.rank, answers, outcomes), row, me, settings))
    slots = sorted(o.rank - 1 for o in opened)
    ranked = sorted(opened, key=lambda o: (-o.kept, o.rank))
    for slot, o in zip(slots, ranked):
        order[slot] = o.move
    return SecondPly(order[0], tuple(ranked), tuple(order), advice.moves[0].move)


def _as_read(o: Opened, row: RankedMove, me: int, settings: SearchSettings) -> Opened:
    """``o`` as the table reading weighs its reply (:attr:`.opponent_table.OpponentTable.weigh_replies`): the
    searched reply's figures by the chance that the player who answers is the search's own playout player, the
    analysis's own figures for ``row`` (raw again) by the chance that they play a style read -- the analysis's
    playouts already seat them so; itself without such a reading, or when nobody answers."""
    table = settings.table
    if table is None or not table.weigh_replies or o.reply is None or len(row.win_all) != len(o.win_all):
        return o
    u = table.unknown(o.player)
    if u >= 1.0:
        return o
    shares = settings.calibration.raw_everyone(row.win_all, me)
    a = shares[me]
    own = math.sqrt(a * (1.0 - a) / row.playouts) if row.playouts > 0 and not row.exact else 0.0
    return replace(o, read=1.0 - u, kept=u * o.kept + (1.0 - u) * a, win_all=tuple(u * w + (1.0 - u) * x for w, x in
                                                                    zip(o.win_all, shares)),
                   exact=o.exact and row.exact, spread=math.hypot(u * o.stderr(), (1.0 - u) * own))


def _futures(after: PublicState, seed: int) -> tuple[list[PublicState], int]:
    """The positions the next player answers in after a move (``after``), and how many futures there are: the
    position itself, or -- after a press -- the position after each of :data:`DRAWS` headline cards drawn
    (every card when there are no more; seeded by ``seed``)."""
    if not after.is_chance_node():
        return [after], 1
    cards = [card for card, _p in after.chance_outcomes()]
    drawn = cards if len(cards) <= DRAWS else sorted(random.Random(seed).sample(cards, DRAWS))
    futures = []
    for card in drawn:
        future = after.clone()
        future.apply_chance(card)
        futures.append(future)
    return futures, len(cards)


def _shared(plan: Budget, parts: int) -> Budget:
    """``plan`` with its playouts shared among ``parts`` searches (at least one each; an explicit count stays
    explicit, a cap stays a cap with its early stop; a second ply of its own has its replies' playouts shared
    too)."""
    if plan.playouts is not None:
        return budget_for(playouts=max(1, plan.playouts // parts))
    inner = plan.reply_plan()
    return replace(plan, cap=max(1, plan.cap // parts), python_cap=max(1, plan.python_cap // parts),
                   seconds=None if plan.seconds is None else plan.seconds / parts,
                   reply_budget=plan.reply_budget if inner is None else _shared(inner, parts))


def _answer(future: PublicState, me: int, settings: SearchSettings, lines: bool,
            progress: Callable[[int, int], None] | None, stop: Stop | None) -> Answered | None:
    """The next player's answer in ``future`` and the win share ``me`` keeps after it (``None``: stopped); when
    the reply's budget has a second ply of its own, :func:`_weighed_answer`."""
    if future.is_over:
        winners = future.winners()
        return Answered(None, future.current, share(winners, me), 0, True, 0, True,
                        win_all=tuple(share(winners, p) for p in range(future.n_players)))
    plan = settings.budget.reply_plan()
    if plan is not None:
        return _weighed_answer(future, me, settings, plan, lines, progress, stop)
    answer = first_move(future, settings, lines=lines, progress=progress, stop=stop)  # the reply alone is read
    if answer.stopped:
        return None
    best = answer.row
    line = tuple(replace(step, chance=None) for step in best.line)  # the answerer's chances, not the advised player's
    return Answered(best.move, future.current, best.win_all[me], answer.playouts, answer.converged, best.playouts,
                    answer.exact, line, best.win_all)


def _weighed_answer(future: PublicState, me: int, settings: SearchSettings, plan: Budget, lines: bool,
                    progress: Callable[[int, int], None] | None, stop: Stop | None) -> Answered | None:
    """The next player's answer as a player who weighs the answer to it chooses (a reply budget with a second
    ply of its own): their analysis, then their second ply over its first moves, each answered by the player
    after them (``plan``); ``me`` keeps what the answer chosen left them after that player's answer too -- one
    ply further than :func:`first_move`'s answer sees (``None``: stopped)."""
    advice = analyse(future, settings, progress=progress, stop=stop, reasons_top=0, lines=lines)
    if advice.stopped:
        return None
    rows = {r.move: r for r in advice.moves}
    step = plan.most_for(advice.engine)
    told = None if progress is None else (
        lambda k, done: progress(advice.playouts + k * step + min(done, step), 0))  # each of its replies in turn
    ply = None if advice.exact else second_ply(future, advice, settings, settings.budget.replies, plan, progress=told,
                                               stop=stop)
    if ply is None and not advice.exact:
        return None
    chosen = advice.moves[0] if ply is None else rows[ply.move]
    opened = None if ply is None else next((o for o in ply.opened if o.move == chosen.move), None)
    line = tuple(replace(step, chance=None) for step in chosen.line)
    if opened is None or len(opened.win_all) <= me:  # the answer's own answer was not searched: the analysis's figures
        shares, converged, samples, exact = chosen.win_all, advice.converged, chosen.playouts or 0, advice.exact
    else:
        shares, converged, samples, exact = (opened.win_all, advice.converged and opened.converged, opened.samples,
                                             opened.exact)
    return Answered(chosen.move, future.current, shares[me], advice.playouts + (ply.playouts if ply else 0), converged,
                    samples, exact, line, shares)


def with_replies(advice: Advice, ply: SecondPly, candidates: int, reply_budget: str, calibration: Calibration,
                 reasons_top: int) -> Advice:
    """``advice`` (ranked in ``ply``'s order) with each opened move weighed: its figures after the next
    player's answer (chance, interval, loss against the first move and whether it is as good), its figures
    before it kept as :attr:`~.result.RankedMove.first_sight`, its reply; the second ply's note and its
    playouts counted; and -- among the first ``reasons_top`` moves -- the reply said in words.

    Every weighed move's loss is measured against the first move's chance after its own answer (the
    searches are independent: the interval of the difference is unpaired), so the weighed moves are in
    the order of the figure they show; a move not weighed keeps the analysis's figures, measured on the
    same playouts against the first move's before its answer."""
    opened = {o.move: o for o in ply.opened}
    replies = {o.move: Reply(o.reply, o.player, calibration(o.kept), calibration.interval(*o.interval()), o.playouts,
                             o.converged, o.line, o.draws, o.read) for o in ply.opened}
    top = opened.get(advice.moves[0].move)
    rows = []
    for row in advice.moves:
        reply = replies.get(row.move)
        if reply is None or top is None:
            rows.append(row)
            continue
        reasons = row.reasons
        if row.rank <= reasons_top:
            reasons = reasons + (reply_words(reply, advice.player),)
            if row.rank == 1 and ply.first != row.move and ply.first in replies:
                first = next(r for r in advice.moves if r.move == ply.first)
                reasons = reasons + (_changed_words(first, replies[ply.first], reply),)
        rows.append(_weighed(replace(row, reply=reply, reasons=reasons), opened[row.move], top, calibration))
    rows = _chances_said(rows, reasons_top)
    note = SecondPlyNote(candidates, reply_budget, len(ply.opened), ply.playouts, ply.first)
    # "converged" says the first move is separated from every other on the analysis: not so for a first move
    # the analysis alone did not put first
    return replace(advice, moves=tuple(rows), second_ply=note, playouts=advice.playouts + ply.playouts,
                   converged=advice.converged and ply.first == rows[0].move)


def _weighed(row: RankedMove, mine: Opened, top: Opened, calibration: Calibration) -> RankedMove:
    """``row`` with its figures after the answer (``mine``), measured against the first move's (``top``)."""
    sight = FirstSight(row.win_probability, row.win_interval, row.loss or 0.0, row.loss_interval)
    if mine is top:
        d, spread = 0.0, 0.0
    else:
        d = top.kept - mine.kept
        spread = math.hypot(top.stderr(), mine.stderr())
    low, high = d - Z95 * spread, d + Z95 * spread
    shown = calibration.loss
    return replace(row, win_probability=calibration(mine.kept), win_interval=calibration.interval(*mine.interval()),
                   loss=max(0.0, shown(top.kept, d)), loss_interval=(shown(top.kept, low), shown(top.kept, high)),
                   equal_to_best=mine is top or low <= 0.0, first_sight=sight)


def _chances_said(rows: list[RankedMove], reasons_top: int) -> list[RankedMove]:
    """Each weighed move among the first ``reasons_top`` with its chance said as the row shows it: after the
    answer, its first sight beside it, and the move it is compared with at the figure that move shows."""
    out = []
    for row in rows:
        said = [i for i, r in enumerate(row.reasons) if r.startswith(CHANCE)]
        if row.rank > reasons_top or not row.weighed or not said or row.expected_margin is None:
            out.append(row)
            continue
        other = rows[1] if row.rank == 1 and len(rows) > 1 else rows[0]
        reply = row.reply
        after = (" once the game ends" if reply.move is None else
                 f" after {'the headline card and ' if reply.draws else ''}{newspaper(reply.player)}'s answer")
        line = chance_words(row.win_probability, row.expected_margin, (other.move, other.win_probability), after,
                            row.first_sight.win_probability)
        reasons = list(row.reasons)
        reasons[said[0]] = line
        out.append(replace(row, reasons=tuple(reasons)))
    return out


def reply_words(reply: Reply, me: int) -> str:
    """The reply a move meets, in words: ``'The Sun's likely answer: Send 2 reporters to War D ★★★; then your
    chance to win is about 35%'``; for a press, after the headline cards drawn; with the table read, the answer
    searched is what the player would play as the advisor's own playout players, and the chance weighs it by
    the reading (:attr:`~.result.Reply.read`)."""
    chance = f"your chance to win is about {reply.win_probability:.0%}"
    if reply.move is None:
        return f"The game ends before anyone answers; {chance}"
    who = "your" if reply.player == me else f"{newspaper(reply.player)}'s"
    drawn = "" if not reply.draws else f"After the headline card is drawn ({_cards(reply.draws)} tried), "
    if reply.read > 0 and reply.player != me and round(100 * (1 - reply.read)) == 0:
        said = (f"{who} answer as the advisor's own players would play it: {move_words(reply.move)}; the table "
                f"reading gives that no chance, so with the styles read playing, {chance}")
    elif reply.read > 0 and reply.player != me:
        said = (f"{who} likely answer, if it plays as the advisor's own players would "
                f"({1 - reply.read:.0%} by the table reading): {move_words(reply.move)}; counting the styles read "
                f"for the other {reply.read:.0%}, {chance}")
    else:
        said = f"{who} likely answer: {move_words(reply.move)}; then {chance}"
    return drawn + said if drawn else f"{said[0].upper()}{said[1:]}"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _changed_words(first: RankedMove, theirs: Reply, mine: Reply) -> str:
    """Why the second ply's first move is not the analysis's first (``first``, answered by ``theirs``): what
    that move keeps after its answer, against this move's (``mine``), and whether the two are told apart."""
    before = "" if first.win_probability is None else f" ({first.win_probability:.0%} at first sight)"
    answer = ("once the game is over" if theirs.move is None else
              f"after {newspaper(theirs.player)}'s likely answer, {move_words(theirs.move)},")
    return (f"{move_words(first.move)} looked at least as good{before}, but {answer} your chance to win is about "
            f"{theirs.win_probability:.0%}, against {mine.win_probability:.0%} after this move"
            + ("" if mine.clearly_above(theirs) else " (too close to tell apart)"))


__all__ = ["DRAWS", "MAX_CANDIDATES", "Answered", "Opened", "SecondPly", "reply_seed", "reply_words", "second_ply",
           "second_ply_candidates", "with_replies"]
