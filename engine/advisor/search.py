"""The analysis: every legal move evaluated and ranked (exactly in the final edition).

Everything the analysis runs with beside the position is one
:class:`~.settings.SearchSettings`: what its table decides (the engine, the
workers, the policy, the exact end) is filled in once (:func:`.pool.decided`),
and that one object is handed unchanged to every batch
(:func:`.pool.run_playouts`) and on to the native core.

Normal play (:func:`analyse`): every legal move is searched by the search
policy (:func:`.policy.search_policy`) by **sequential halving** (Karnin, Koren &
Somekh 2013), the fixed-budget way to find the best of many moves: the
budget's playouts are shared over ``ceil(log2(moves))`` rounds; in each round
every move still in the race gets an equal share of that round's playouts,
then the better half (by win share, then margin, then circulation, on the very
same futures) stays and the rest leave the race, until one is left. Playout
``k`` of every move shares its future (its card draws and bots: common random
numbers), so the moves are compared on the same futures and their differences
are paired. After each round the analysis stops early if the leader is
separated from **every** other move (paired intervals, :func:`.stats.paired`;
95% over the rounds that look, :data:`STOP_ALPHA`): ``converged``. The
rounds end at playout counts, so the answer depends on the position and the
settings only, not on the workers. A time bound
(``--seconds``) repeats the halving with twice the playouts each pass until
separated or out of time.

The ranking: the move left at the end first, then every other by its
**paired estimate**: rank 1's win share less the mean paired difference to it
on the playouts both had (``win(best) - mean(d)``) -- so estimates line up
with the losses, and a move that left the race after a few lucky futures
cannot show more than the best. Each move's loss and "equal to the best"
come from that paired difference (:func:`.stats.paired`); a move the analysis
never reached (stopped early) says so (``searched`` false, no win probability).

Final edition: nothing is random any more, so :class:`.exact.ExactSearch`
gives each move's outcome under best play, labelled exact.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from statistics import fmean
from typing import Any, Callable, Sequence

from pennypress.errors import BadInput

from ..game.moves import GoToPress, Move
from ..game.words import move_words
from ..io.state import public_view
from ..io.state import State
from ..rules.actions import legal_moves
from .budget import Budget
from .calibration import IDENTITY, Calibration
from .exact import ExactSearch, exact_search, is_deterministic
from .facts import MoveFacts, move_facts
from .line import LineStep, Replayer, contrast, exact_line, future_facts, line_steps
from .outcome import Value, preference
from .pool import Kept, Pair, decided, run_playouts
from .reasons import reasons_for
from .result import Advice, RankedMove
from .settings import SearchSettings
from .stats import Z95, Paired, mean_interval, paired, wilson

Progress = Callable[[int, int], None]
"""``progress(done, total)``: playouts finished so far and planned at the most."""
Stop = Callable[[], bool]
"""Asked between batches; return True to stop and get the best answer so far."""
Rerank = Callable[[Advice], Sequence[str] | None]
"""``rerank(ranking)``: the moves to put first, in their new order (notation, the new first move first; the others
follow by their figures against it), or ``None`` to keep the ranking."""

__all__ = ["FirstMove", "Z95", "analyse", "check_position", "first_move", "resolve_settings", "wilson"]


def check_position(state: State) -> None:
    """:class:`BadInput` when there is no decision to advise on."""
    if state.is_over:
        raise BadInput("the game is over: there is no move to advise")
    if state.is_chance_node():
        raise BadInput("a headline card must be drawn first (the last press draws one): advise after the draw")


@dataclass
class _Stats:
    """A move's playout outcomes for the player advised, in playout order ``k = 0, 1, ...``.

    Its columns and the figures made of them are worked out once per playout count and kept (each halving
    round sorts and compares every move by them, and the ranking reads them again and again); a playout
    added drops them. Only :meth:`add` adds playouts, and no caller changes a column it reads."""

    values: list[Value] = field(default_factory=list)
    everyone: list[tuple[Value, ...]] = field(default_factory=list)
    """Every player's outcome of each playout (same order as ``values``)."""
    left: int | None = None
    """The round after which the move left the race (``None``: still in it)."""
    traces: list[tuple[int, ...]] = field(default_factory=list)
    """Each playout's first events (:data:`.playout.Trace`; same order as ``values``)."""
    _cache: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Columns (by index), means (by ``("mean", index)``), ``"key"``, ``"win_all"`` and ``"win_interval"``,
    for the playouts there are."""

    def add(self, outcome: tuple[Value, ...], player: int, trace: tuple[int, ...] = ()) -> None:
        self.values.append(outcome[player])
        self.everyone.append(outcome)
        self.traces.append(trace)
        if self._cache:
            self._cache.clear()

    def win_all(self) -> tuple[float, ...]:
        """Each player's mean win share over the playouts."""
        if not self.everyone:
            return ()
        got = self._cache.get("win_all")
        if got is None:
            got = self._cache["win_all"] = tuple(fmean([o[i][0] for o in self.everyone])
                                                  for i in range(len(self.everyone[0])))
        return got

    @property
    def n(self) -> int:
        return len(self.values)

    def column(self, i: int) -> list[float]:
        got = self._cache.get(i)
        if got is None:
            got = self._cache[i] = [v[i] for v in self.values]
        return got

    def mean(self, i: int) -> float:
        if not self.values:
            return 0.0
        got = self._cache.get(("mean", i))
        if got is None:
            got = self._cache[("mean", i)] = fmean(self.column(i))  # a list: fmean's fast path, the same float
        return got

    def key(self) -> tuple[float, float, float]:
        got = self._cache.get("key")
        if got is None:
            got = self._cache["key"] = (self.mean(0), self.mean(1), self.mean(2))
        return got

    def win_interval(self) -> tuple[float, float]:
        """The 95% interval of the mean win share (:func:`.stats.mean_interval`)."""
        got = self._cache.get("win_interval")
        if got is None:
            got = self._cache["win_interval"] = mean_interval(self.column(0))
        return got


@dataclass
class _Halved:
    """What sequential halving left: every move's playouts, whether it converged or was stopped, playouts run."""

    stats: list[_Stats]
    converged: bool
    stopped: bool
    done: int
    rounds: int


def analyse(
    state: State,
    settings: SearchSettings | str | Budget | None = None,
    *,
    progress: Progress | None = None,
    stop: Stop | None = None,
    reasons_top: int = 5,
    extra_moves: Sequence[Move] = (),
    lines: bool = True,
    rerank: Rerank | None = None,
    **fields: Any,
) -> Advice:
    """Rank every legal move of the player to move in ``state`` (which is not changed): the analysis alone,
    without the budget's second ply (:func:`~.answer.advise` adds it).

    Only the public position is searched (:func:`~pennypress.engine.io.state.public_view`).
    ``settings`` (:class:`~.settings.SearchSettings`) say what the analysis may spend -- ``fast``,
    ``normal`` or ``deep`` (rounds until the best move is separated at 95%, up to the budget's cap), a
    fixed total of playouts, or a time bound (the one answer that may differ between runs; it says how
    many playouts it used) -- and how the playouts are played: the seed, the workers sharing them
    (threads on the native core when it is installed, else processes; the answer depends on neither,
    and :attr:`Advice.engine` says which ran), the exact final edition, the leaf, the policy and the
    calibration of the win probabilities shown (``None``: the defaults, budget ``normal``). A budget (its
    name or a :class:`~.budget.Budget`, here or as ``budget=``) may stand for the settings, the other
    fields following as keywords: ``analyse(state, "fast", seed=3)`` is
    ``analyse(state, SearchSettings.for_budget("fast", seed=3))``.

    ``progress(done, total)`` is told the playouts finished; ``stop()`` is asked between batches and
    ends the analysis with the best answer so far. The first ``reasons_top`` moves get reasons.
    ``extra_moves`` (legal moves not in the legal list as written, e.g. a press
    on a page the player chose) are evaluated after the ranking on exactly the
    playouts ``k`` the best move had (the same futures), so their loss is a
    paired comparison; they are returned in :attr:`Advice.extra` and do not
    change the ranking. An extra written as a legal move keeps the playouts
    the ranking ran for it, and only the ones it lacks are run.

    The first :data:`LINE_TOP` moves get their likely line (:mod:`.line`) and the first :data:`WHY_TOP`
    their why, from the same playouts; :meth:`.result.Advice.line` and :meth:`~.result.Advice.why` give
    them for any other move (``lines=False`` leaves them all out: the benchmark of what they cost).

    ``rerank(ranking)`` (not in the final edition) is shown the ranking with its figures before reasons,
    lines and extras and may return the moves to put first, in a new order (a second ply's, :mod:`.replies`);
    every figure is then measured against the new first move, on the same playouts, and the other moves
    follow in the order of those figures.

    :class:`BadInput` for a finished game or a pending card draw.
    """
    check_position(state)
    settings = resolve_settings(settings, fields)
    started = time.perf_counter()
    view = public_view(state)
    moves = legal_moves(view)
    extras = _checked_extras(view, extra_moves)
    if is_deterministic(view):
        return _exact_advice(view, moves, settings, started, reasons_top, extras, lines)
    settings, kept, halved = _searched(view, moves, settings, progress, stop, started)
    stats = halved.stats
    top, order, rows = _ranking(view, moves, settings, halved, started, rerank)
    best = stats[top]
    futures = None
    if lines:
        futures = _Futures(_replayer(view, kept), moves, stats, order, [r for _, r in rows], settings.calibration)
        rows = [(i, replace(r, line=futures.line(i), why=futures.why(i) if r.rank <= WHY_TOP else ())
                 if r.rank <= LINE_TOP else r) for i, r in rows]
    advice_moves = _with_reasons(view, moves, rows, reasons_top)
    extra, ran = _extra_rollouts(view, extras, best, [r for _, r in rows], settings, futures,
                                 {str(m): stats[i] for i, m in enumerate(moves)}) if extras else ((), 0)
    return Advice(view.current, settings.budget.name, settings.seed, False, advice_moves, halved.done + ran,
                  halved.stopped, time.perf_counter() - started, extra, settings.engine, converged=halved.converged,
                  rounds=halved.rounds, calibrated=settings.calibration != IDENTITY,
                  futures=futures)


def _searched(view: State, moves: list[Move], settings: SearchSettings, progress: Progress | None,
              stop: Stop | None, started: float) -> tuple[SearchSettings, Kept | None, _Halved]:
    """Every move of ``view`` searched (not in the final edition): the search's decided settings, what its
    batches on the core kept (the positions after the moves, for the lines too; ``None`` off the core), and
    what the halving left."""
    settings = decided(settings, view)
    kept = Kept(view, moves) if settings.engine == "native" else None
    return settings, kept, _halve(view, moves, settings, progress, _timed(stop, started, settings.budget), kept)


def _replayer(view: State, kept: Kept | None) -> Replayer:
    """The replayer of the lines from ``view``: on the search's own copy of it on the core, if it has one."""
    return Replayer(view) if kept is None else Replayer(view, checked=False, root=kept.afters.root)


@dataclass(frozen=True)
class FirstMove:
    """The move a search puts first and what a second ply reads of that search (:func:`first_move`)."""

    row: RankedMove
    """The move and its figures, rank 1 (its likely line when asked for; no reasons)."""
    playouts: int
    converged: bool
    exact: bool
    stopped: bool


def first_move(state: State, settings: SearchSettings, *, progress: Progress | None = None,
               stop: Stop | None = None, lines: bool = False) -> FirstMove:
    """The first move of ``analyse(state, settings, progress=progress, stop=stop, reasons_top=0,
    lines=lines)`` -- the same search, the same move and figures, the same line -- without the rest of
    the ranking: a reply's search in a second ply (:mod:`.replies`) reads its first move alone, and
    measuring every other move against it, their lines and their whys would cost more than a small
    search's playouts."""
    check_position(state)
    started = time.perf_counter()
    view = public_view(state)
    moves = legal_moves(view)
    if is_deterministic(view):
        advice = _exact_advice(view, moves, settings, started, 0, (), lines, line_top=1)
        return FirstMove(advice.best, advice.playouts, advice.converged, True, advice.stopped)
    settings, kept, halved = _searched(view, moves, settings, progress, stop, started)
    top = _top(halved.stats)
    best = halved.stats[top]
    row = _calibrated(_first_row(str(moves[top]), best), best.mean(0), view.current, settings.calibration)
    if lines:
        row = replace(row, line=line_steps(_replayer(view, kept), moves[top], best.traces, wins=best.column(0),
                                           shown=settings.calibration))
    return FirstMove(row, halved.done, halved.converged, False, halved.stopped)


def _checked_extras(view: State, extra_moves: Sequence[Move]) -> list[Move]:
    """The extra moves to evaluate; :class:`BadInput` naming the first that is illegal."""
    extras = list(extra_moves)
    for move in extras:
        why = view.why_illegal(move)
        if why is not None:
            raise BadInput(f"{move} is illegal: {why}")
    return extras


def _timed(stop: Stop | None, started: float, plan: Budget) -> Stop | None:
    """``stop``, or under a time bound the stop that also says yes once the bound has passed since ``started``."""
    if plan.seconds is None:
        return stop
    deadline = started + plan.seconds
    return lambda: time.perf_counter() >= deadline or (stop is not None and stop())


def _ranking(view: State, moves: list[Move], settings: SearchSettings, halved: _Halved, started: float,
             rerank: Rerank | None) -> tuple[int, list[int], list[tuple[int, RankedMove]]]:
    """The ranking of the halving's moves, ``(rank 1's index, every index in rank order, the ranked rows)``:
    the move the halving kept first, unless ``rerank``, shown that ranking, gives a new order."""
    stats = halved.stats
    player = view.current
    top = _top(stats)
    order, rows = _ranked(moves, stats, top, None, player, settings.calibration)
    if rerank is not None:
        ranking = Advice(player, settings.budget.name, settings.seed, False, tuple(r for _, r in rows), halved.done,
                         halved.stopped, time.perf_counter() - started, engine=settings.engine,
                         converged=halved.converged, rounds=halved.rounds,
                         calibrated=settings.calibration != IDENTITY)
        head = rerank(ranking)
        if head is not None:
            index = {str(m): i for i, m in enumerate(moves)}
            if not head or len(set(head)) != len(head) or not set(head) <= set(index):
                raise ValueError("rerank: the moves put first must be legal moves, at least one, each once")
            top = index[head[0]]
            order, rows = _ranked(moves, stats, top, [index[m] for m in head], player, settings.calibration)
    return top, order, rows


def _top(stats: list[_Stats]) -> int:
    """The index of the move the halving kept (the last in the race; else the last to leave, the best)."""
    return min(range(len(stats)), key=lambda i: (stats[i].n == 0, stats[i].left is not None,
                                                  -(stats[i].left or 0), *(-x for x in stats[i].key()), i))


def _first_row(move: str, best: _Stats) -> RankedMove:
    """Rank 1's figures (before calibration), from its own playouts ``best``."""
    return RankedMove(move, 1, best.mean(0), best.win_interval(), best.mean(2), best.mean(1), 0.0, 0.0, True,
                      playouts=best.n, win_all=best.win_all(), searched=True, loss_interval=(0.0, 0.0),
                      paired_playouts=best.n, margin_loss_interval=(0.0, 0.0))


def _ranked(moves: list[Move], stats: list[_Stats], top: int, head: list[int] | None, player: int,
            calibration: Calibration) -> tuple[list[int], list[tuple[int, RankedMove]]]:
    """The ranking with move ``top`` first: every other move's figures paired with its playouts; the moves of
    ``head`` (indices, ``top`` first) first in that order, then the others by their paired estimates, the
    moves never reached last."""
    best = stats[top]
    estimates = {i: _paired_estimate(best, stats[i]) for i in range(len(moves)) if i != top and stats[i].n}
    head = head or [top]
    placed = set(head)
    order = head + sorted((i for i in estimates if i not in placed), key=lambda i: (-estimates[i][0], estimates[i][3], i)) \
        + [i for i in range(len(moves)) if i not in placed and not stats[i].n]
    rows = []
    for rank, i in enumerate(order, 1):
        if rank == 1:
            row = _first_row(str(moves[i]), best)
        elif i in estimates:
            row = replace(_paired_move(str(moves[i]), best, stats[i], estimates[i]), rank=rank)
        else:  # never reached (stopped early): no figures at all
            row = RankedMove(str(moves[i]), rank, None, None, None, None, None, 0.0, False, win_all=(), searched=False)
        rows.append((i, _calibrated(row, best.mean(0), player, calibration)))
    return order, rows


LINE_TOP = 5
"""Ranked moves whose likely line comes with the answer (any other on asking: :meth:`.result.Advice.line`)."""

WHY_TOP = 3
"""Ranked moves whose why comes with the answer (any other on asking: :meth:`.result.Advice.why`)."""


class _Futures:
    """The moves' traced futures, kept with the answer to give any move's likely line (:func:`.line.line_steps`)
    and say why it differs from the best (:func:`.line.contrast`); each is worked out once, when first
    asked for (:class:`.result.Futures`)."""

    def __init__(self, replayer: Replayer, moves: list[Move], stats: list[_Stats], order: list[int],
                 ranked: list[RankedMove], shown: Calibration = IDENTITY):
        self.replayer, self.moves, self.stats, self.order = replayer, moves, stats, order
        self.shown = shown
        """How a win share is shown as a chance to win (the search's calibration), for the lines' chances."""
        self.ranked = {i: r for i, r in zip(order, ranked)}
        self._facts: dict[int, list] = {}
        self._lines: dict[int, tuple[LineStep, ...]] = {}
        self._index = {str(m): i for i, m in enumerate(moves)}

    def line(self, i: int) -> tuple[LineStep, ...]:
        if i not in self._lines:
            self._lines[i] = line_steps(self.replayer, self.moves[i], self.stats[i].traces,
                                        wins=self.stats[i].column(0), shown=self.shown)
        return self._lines[i]

    def line_of(self, move: str) -> tuple[LineStep, ...]:
        i = self._index.get(move)
        return () if i is None else self.line(i)

    def facts(self, i: int) -> list:
        if i not in self._facts:
            self._facts[i] = future_facts(self.replayer, self.moves[i], self.stats[i].traces)
        return self._facts[i]

    def why(self, i: int) -> tuple[str, ...]:
        """Move ``i`` against rank 1 (rank 1 against rank 2), on the futures both had."""
        other = self.order[1] if i == self.order[0] and len(self.order) > 1 else self.order[0]
        if other == i or not self.stats[i].n or not self.stats[other].n:
            return ()
        said = contrast(self.moves[i], self.facts(i), self.moves[other], self.facts(other))
        if said or i == self.order[0]:
            return tuple(said)
        return _alike(self.moves[other], self.ranked[i].expected_margin, self.ranked[other].expected_margin)

    def why_extra(self, move: Move, traces: list[tuple[int, ...]], margin: float | None) -> tuple[str, ...]:
        """:meth:`why` of a move beside the legal list (a press on a chosen page), on its own traces."""
        top = self.order[0]
        said = contrast(move, future_facts(self.replayer, move, traces), self.moves[top], self.facts(top))
        return tuple(said) or _alike(self.moves[top], margin, self.ranked[top].expected_margin)

    def why_of(self, move: str) -> tuple[str, ...]:
        """:meth:`why` of the move written ``move`` (``()`` for a move not among the legal ones)."""
        i = self._index.get(move)
        return () if i is None else self.why(i)


def _alike(best: Move, mine: float | None, theirs: float | None) -> tuple[str, ...]:
    """Why, when nothing before the next turn differs: what the position left is worth against the best's."""
    if mine is None or theirs is None:
        return ()
    return (f"Before your next turn the game goes much the same way as after “{move_words(best)}”; "
            f"the difference is in the position it leaves: {abs(theirs - mine):.1f} points of lead over the best "
            f"rival {'less' if mine <= theirs else 'more'} on average.",)


class _ExactLines:
    """Any move's best-play line in the final edition (:func:`.line.exact_line`), on asking; no why (the
    exact values say it all)."""

    def __init__(self, search: Any, view: State, moves: list[Move]):
        self.search, self.view = search, view
        self._index = {str(m): m for m in moves}

    def line_of(self, move: str) -> tuple[LineStep, ...]:
        m = self._index.get(move)
        return () if m is None else exact_line(self.search, self.view, m)

    def why_of(self, move: str) -> tuple[str, ...]:
        return ()


def resolve_settings(settings: SearchSettings | str | Budget | None, fields: dict[str, Any]) -> SearchSettings:
    """The one settings object of an analysis: ``settings`` themselves, or built from a budget (given as
    ``settings`` or among ``fields``) and the other ``fields``; :class:`TypeError` for a setting given twice."""
    if isinstance(settings, SearchSettings):
        if fields:
            raise TypeError(f"advise: settings given twice, as SearchSettings and as {', '.join(sorted(fields))}")
        return settings
    if settings is not None:
        if "budget" in fields:
            raise TypeError("advise: the budget given twice")
        fields = {"budget": settings, **fields}
    return SearchSettings.for_budget(**fields)


def _calibrated(row: RankedMove, best_win: float, player: int, calibration: Calibration) -> RankedMove:
    """A ranked move with its win shares shown through ``calibration``; the loss and its interval are
    measured from the best move's share ``best_win`` (raw), so they keep their signs."""
    if row.win_probability is None or row.win_interval is None or row.loss_interval is None or row.loss is None:
        return row
    shown = calibration.loss
    low, high = row.win_interval
    d_low, d_high = row.loss_interval
    return replace(row, win_probability=calibration(row.win_probability), win_interval=calibration.interval(low, high),
                   loss=max(0.0, shown(best_win, row.loss)),
                   loss_interval=(shown(best_win, d_low), shown(best_win, d_high)),
                   win_all=calibration.everyone(row.win_all, player))


def _paired_mean(best: Sequence[float], other: Sequence[float]) -> float:
    """The mean of ``best[k] - other[k]`` over the playouts both had."""
    n = min(len(best), len(other))
    return fmean([best[k] - other[k] for k in range(n)]) if n else 0.0


Estimate = tuple[float, tuple[float, float], Paired, float]
"""A move measured against rank 1: ``(win share, its interval, paired difference, points difference)``."""


def _paired_estimate(best: _Stats, other: _Stats) -> Estimate:
    """A move's win share measured against rank 1 on the same futures: ``(estimate, interval, paired
    difference, points difference)``. The estimate is rank 1's win share (over all its playouts) less the
    mean paired difference on the playouts both had; its interval is rank 1's Wilson interval less the
    paired interval (both 95%, so it is conservative), within [0, 1]."""
    d = paired(best.column(0), other.column(0))
    low, high = best.win_interval()
    win = min(1.0, max(0.0, best.mean(0) - d.mean))
    interval = (max(0.0, min(win, low - d.high)), min(1.0, max(win, high - d.low)))
    return win, interval, d, _paired_mean(best.column(2), other.column(2))


def _paired_move(move: str, best: _Stats, other: _Stats, estimate: Estimate) -> RankedMove:
    """A move other than rank 1 (rank still to be given), every figure paired with rank 1's playouts."""
    win, interval, d, d_pts = estimate
    margin = paired(best.column(1), other.column(1))
    return RankedMove(move, 0, win, interval, best.mean(2) - d_pts, best.mean(1) - margin.mean, max(0.0, d.mean),
                      max(0.0, d_pts), d.contains_zero, playouts=other.n, win_all=other.win_all(), searched=True,
                      loss_interval=d.interval, paired_playouts=d.n,
                      margin_loss_interval=margin.interval if margin.n >= 2 else None)


def _extra_rollouts(view: State, extras: list[Move], best: _Stats, ranked: list[RankedMove],
                    settings: SearchSettings, futures: _Futures | None = None,
                    searched: dict[str, _Stats] | None = None) -> tuple[tuple[RankedMove, ...], int]:
    """The extra moves on the best move's playouts ``k = 0 .. n-1`` (the same futures), paired with it;
    each ranked where its win probability falls among the ``ranked`` moves; with the ranking's
    ``futures``, each with its likely line and why (against the best move). Also the playouts run.

    An extra written as a legal move the halving searched (``searched``, by notation) keeps the
    playouts it already has: a playout is a function of the move, the seed and ``k`` alone, so only
    the ``k`` it lacks are run, and the figures are those of running them all."""
    searched = searched or {}
    known = [searched.get(str(move), _Stats()) for move in extras]
    have = [min(st.n, best.n) for st in known]
    traces: dict[Pair, tuple[int, ...]] = {}
    results = run_playouts(view, extras, [(m, k) for m in range(len(extras)) for k in range(have[m], best.n)],
                           settings, traces=traces)
    out = []
    for m, move in enumerate(extras):
        st = _Stats()
        for k in range(best.n):
            if k < have[m]:
                st.add(known[m].everyone[k], view.current, known[m].traces[k])
            else:
                st.add(results[(m, k)], view.current, traces[(m, k)])
        r = _calibrated(_paired_move(str(move), best, st, _paired_estimate(best, st)), best.mean(0), view.current,
                        settings.calibration)
        if futures is not None:
            r = replace(r, line=line_steps(futures.replayer, move, st.traces, wins=st.column(0),
                                           shown=futures.shown),
                        why=futures.why_extra(move, st.traces, r.expected_margin))
        win = r.win_probability
        rank = 1 + sum(1 for row in ranked if row.win_probability is not None and win is not None
                       and row.win_probability > win)
        out.append(replace(r, rank=rank))
    return tuple(out), len(results)


def _halve(view: State, moves: list[Move], settings: SearchSettings, progress: Progress | None,
           stop: Stop | None, kept: Kept | None = None) -> _Halved:
    """Every move searched by sequential halving (passes of it under a time bound; an even share of a
    fixed count) with the search's decided settings; see the module. On the core, ``kept`` keeps what the
    batches make (the positions after the moves) for every round (:func:`.pool.run_playouts`)."""
    n = len(moves)
    stats = [_Stats() for _ in moves]
    plan = settings.budget
    cap = plan.cap_for(settings.engine)
    done = [0]
    stopped = [False]

    def on_done(k: int) -> None:
        done[0] += k
        if progress is not None:
            progress(min(done[0], cap), cap)

    def want_stop() -> bool:
        if stop is not None and stop():
            stopped[0] = True
        return stopped[0]

    def run(pairs: list[Pair]) -> None:
        if not pairs or want_stop():
            return
        traces: dict[Pair, tuple[int, ...]] = {}
        results = run_playouts(view, moves, pairs, settings, on_done, want_stop, traces, kept)
        done: dict[int, list[int]] = {m: [] for m, _ in pairs}
        for m, k in results:
            done[m].append(k)
        player = view.current
        for m in sorted(done):
            # keep playouts in order k = 0, 1, ... and only a gap-free prefix (common futures stay aligned)
            st = stats[m]
            n = st.n
            for k in sorted(done[m]):
                if k != n:
                    break
                st.add(results[(m, k)], player, traces[(m, k)])
                n += 1

    def upto(movelist: Sequence[int], target: int) -> None:
        run([(m, k) for m in movelist for k in range(stats[m].n, target)])

    if plan.fixed:  # an even share of the fixed count; what division leaves goes to the leaders, one each
        each = max(1, cap // n)
        upto(range(n), each)
        rest = max(0, cap - each * n)
        if rest and not stopped[0]:
            leaders = sorted(range(n), key=lambda i: (*(-x for x in stats[i].key()), i))[:rest]
            upto(leaders, each + 1)
        return _Halved(stats, False, stopped[0], done[0], 1)
    rounds = 0
    if n == 1:
        upto([0], min(cap, SINGLE))
        return _Halved(stats, True, stopped[0], done[0], 1)
    passes = [cap] if plan.seconds is None else (2 * n * halving_rounds(n) << k for k in range(64))
    for pass_cap in passes:
        converged, r = sequential_halving(stats, pass_cap, upto, lambda: stopped[0])
        rounds += r
        if converged or stopped[0]:
            return _Halved(stats, converged, stopped[0], done[0], rounds)
    return _Halved(stats, False, stopped[0], done[0], rounds)


STOP_ALPHA = 0.05
"""The early stop's error rate: the claim "the leader is better than every other move" holds only when every
paired comparison holds (an intersection-union test), each at ``STOP_ALPHA / rounds`` -- Bonferroni over the
rounds that look, so looking after every round does not make a coin flip look separated (a test at 95% after
every round would stop, now and then, on two moves that a far larger search finds all but equal)."""

SINGLE = 16
"""Playouts of the only legal move (its estimate is all the analysis can tell)."""


def halving_rounds(n: int) -> int:
    """Rounds of sequential halving for ``n`` moves: ``ceil(log2(n))`` (one for two moves).

    >>> [halving_rounds(n) for n in (2, 3, 4, 5, 45, 64, 65)]
    [1, 2, 2, 3, 6, 6, 7]
    """
    return max(1, (n - 1).bit_length())


def halving_schedule(n: int, cap: int) -> list[tuple[int, int]]:
    """The plan of one pass of sequential halving: per round, ``(moves in the race, playouts each has at
    its end)``. Each round shares what is left of ``cap`` evenly over the rounds left, and that round's
    share evenly over the moves still in it (at least one playout each, so a cap below the number of moves
    still plays each once); half the moves (rounded up) go on to the next round.

    >>> halving_schedule(45, 2800)
    [(45, 10), (23, 30), (12, 69), (6, 148), (3, 306), (2, 543)]
    >>> plan = halving_schedule(45, 2800); sum(m * (t - p) for (m, t), (_, p) in zip(plan, [(0, 0)] + plan))
    2800
    >>> halving_schedule(3, 2)
    [(3, 1), (2, 2)]
    """
    rounds = halving_rounds(n)
    plan, planned, target, alive = [], 0, 0, n
    for r in range(rounds):
        share = (cap - planned) // (rounds - r)
        step = max(1, share // alive)
        target += step
        planned += step * alive
        plan.append((alive, target))
        alive = (alive + 1) // 2
    return plan


def sequential_halving(stats: list[_Stats], cap: int, upto: Callable[[Sequence[int], int], None],
                       stopped: Callable[[], bool]) -> tuple[bool, int]:
    """One pass of sequential halving over every move (:func:`halving_schedule`), on top of the playouts
    the moves already have; ``(converged, rounds)``. A move that leaves keeps its playouts and the round
    it left (``left``); the move left at the end has ``left`` None."""
    alive = list(range(len(stats)))
    for st in stats:
        st.left = None
    rounds = 0
    schedule = halving_schedule(len(stats), cap)
    alpha = STOP_ALPHA / len(schedule)
    for _, target in schedule:
        upto(alive, target)
        if stopped():
            return False, rounds
        rounds += 1
        alive.sort(key=lambda i: (*(-x for x in stats[i].key()), i))
        leader = stats[alive[0]].column(0)
        if all(paired(leader, st.column(0), alpha=alpha).significant for i, st in enumerate(stats) if i != alive[0]):
            for i in alive[1:]:
                stats[i].left = rounds
            return True, rounds
        keep = (len(alive) + 1) // 2 if len(alive) > 2 else 1
        for i in alive[keep:]:
            stats[i].left = rounds
        alive = alive[:keep]
    return False, rounds


def _exact_advice(view: State, moves: list[Move], settings: SearchSettings, started: float,
                  reasons_top: int, extras: Sequence[Move] = (), lines: bool = True,
                  line_top: int = LINE_TOP) -> Advice:
    player = view.current
    search, engine = exact_search(view)
    outcomes = [v for _, v in search.move_values(view)]
    values = [v[player] for v in outcomes]
    order = sorted(range(len(moves)), key=lambda i: (tuple(-x for x in preference(values[i])), i))
    best = values[order[0]]
    rows = [(i, replace(_exact_move(str(moves[i]), rank, outcomes[i], player, best),
                        line=exact_line(search, view, moves[i]) if lines and rank <= line_top else ()))
            for rank, i in enumerate(order, 1)]
    advice_moves = _with_reasons(view, moves, rows, reasons_top)
    extra = []
    for move in extras:
        o = search.value(ExactSearch.child(view, move))
        v = o[player]
        extra.append(_exact_move(str(move), 1 + sum(1 for w in values if preference(w) > preference(v)), o, player,
                                 best))
    return Advice(player, settings.budget.name, settings.seed, True, advice_moves, 0, False,
                  time.perf_counter() - started, tuple(extra), engine, converged=True,
                  futures=_ExactLines(search, view, moves) if lines else None)


def _exact_move(move: str, rank: int, outcome: tuple[Value, ...], player: int, best: Value) -> RankedMove:
    """A move's outcome under best play (everyone's ``outcome``), against the best move's value ``best``."""
    v = outcome[player]
    loss = best[0] - v[0]
    margin_loss = float(best[1] - v[1])
    return RankedMove(move, rank, v[0], (v[0], v[0]), float(v[2]), float(v[1]), loss, float(best[2] - v[2]),
                      v == best, exact=True, win_all=tuple(float(o[0]) for o in outcome), searched=True,
                      loss_interval=(loss, loss), margin_loss_interval=(margin_loss, margin_loss))


def _with_reasons(view: State, moves: list[Move], rows: list[tuple[int, RankedMove]],
                  top: int) -> tuple[RankedMove, ...]:
    """The ranked moves, each of the first ``top`` with its facts and reasons (``rows``: each move's index
    in ``moves`` and its figures, best first)."""
    facts: dict[int, MoveFacts] = {}

    def facts_of(i: int) -> MoveFacts:
        if i not in facts:
            facts[i] = move_facts(view, moves[i])
        return facts[i]

    waiting_index = next((i for i, _ in rows if not isinstance(moves[i], GoToPress)), None)
    out = []
    for i, r in rows:
        if r.rank > top:
            out.append(r)
            continue
        f = facts_of(i)
        waiting = facts_of(waiting_index) if f.press is not None and waiting_index is not None else None
        other = rows[1][1] if r.rank == 1 and len(rows) > 1 else (rows[0][1] if r.rank > 1 else None)
        next_best = (other.move, other.win_probability) if other is not None else None
        out.append(replace(r, reasons=reasons_for(f, r.win_probability, r.exact, r.expected_margin, waiting, next_best),
                           facts=f))
    return tuple(out)
