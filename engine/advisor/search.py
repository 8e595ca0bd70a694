"""The analysis: every legal move evaluated and ranked (exactly in the final edition).

Normal play (:func:`advise`): every legal move is searched by the search
policy (:func:`.policy.search_policy`) by **sequential halving** (Karnin, Koren &
Somekh 2013), the fixed-budget way to find the best of many moves: the
budget's playouts are shared over ``ceil(log2(moves))`` rounds; in each round
every move still in the race gets an equal share of that round's playouts,
then the better half (by win share, then margin, then circulation, on the very
same futures) stays and the rest leave the race, until one is left. Playout
``k`` of every move shares its future (its card draws and bots: common random
numbers), so the moves are compared on the same futures and their differences
are paired. After each round the analysis stops early if the leader is
separated from **every** other move at 95% (paired intervals,
:func:`.stats.paired`): ``converged``. All checkpoints are playout counts, so
the answer depends on the position, budget and seed only. A time bound
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
from dataclasses import dataclass, field
from statistics import fmean
from typing import Callable, Sequence

from pennypress.errors import BadInput

from ..game.moves import GoToPress, Move
from ..io.state import public_view
from ..io.state import State
from ..rules.actions import legal_moves
from .budget import Budget, budget_for
from .calibration import CALIBRATION, IDENTITY, Calibration
from .exact import ExactSearch, exact_search, is_deterministic
from .facts import MoveFacts, move_facts
from .outcome import Value, preference
from .policy import SEARCH_LEAF, search_policy
from .pool import Pair, default_workers, playout_engine, run_playouts
from .reasons import reasons_for
from .result import Advice, MoveAdvice
from .stats import Z95, Paired, mean_interval, paired, wilson
from .value import Leaf

Progress = Callable[[int, int], None]
"""``progress(done, total)``: playouts finished so far and planned at the most."""
Stop = Callable[[], bool]
"""Asked between batches; return True to stop and get the best answer so far."""

__all__ = ["Z95", "advise", "check_position", "wilson"]


def check_position(state: State) -> None:
    """:class:`BadInput` when there is no decision to advise on."""
    if state.is_over:
        raise BadInput("the game is over: there is no move to advise")
    if state.is_chance_node():
        raise BadInput("a headline card must be drawn first (the last press draws one): advise after the draw")


@dataclass
class _Stats:
    """A move's playout outcomes for the player advised, in playout order ``k = 0, 1, ...``."""

    values: list[Value] = field(default_factory=list)
    everyone: list[tuple[Value, ...]] = field(default_factory=list)
    """Every player's outcome of each playout (same order as ``values``)."""
    left: int | None = None
    """The round after which the move left the race (``None``: still in it)."""

    def add(self, outcome: tuple[Value, ...], player: int) -> None:
        self.values.append(outcome[player])
        self.everyone.append(outcome)

    def win_all(self) -> tuple[float, ...]:
        """Each player's mean win share over the playouts."""
        if not self.everyone:
            return ()
        return tuple(fmean([o[i][0] for o in self.everyone]) for i in range(len(self.everyone[0])))

    @property
    def n(self) -> int:
        return len(self.values)

    def column(self, i: int) -> list[float]:
        return [v[i] for v in self.values]

    def mean(self, i: int) -> float:
        return fmean(self.column(i)) if self.values else 0.0  # a list: fmean's fast path, the same float

    def key(self) -> tuple[float, float, float]:
        return (self.mean(0), self.mean(1), self.mean(2))


@dataclass
class _Race:
    """What the rounds left: every move's playouts, whether they converged or were stopped, playouts run."""

    stats: list[_Stats]
    converged: bool
    stopped: bool
    done: int
    rounds: int


def advise(
    state: State,
    budget: str | Budget = "normal",
    playouts: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    stop: Stop | None = None,
    reasons_top: int = 5,
    exact_end: bool = False,
    extra_moves: Sequence[Move] = (),
    seconds: float | None = None,
    leaf: Leaf | None = SEARCH_LEAF,
    calibration: Calibration = CALIBRATION,
    policy: str | None = None,
) -> Advice:
    """Rank every legal move of the player to move in ``state`` (which is not changed).

    Only the public position is searched (:func:`~pennypress.engine.io.state.public_view`).
    ``budget`` is ``fast``, ``normal`` or ``deep`` (rounds until the best move
    is separated at 95%, up to the budget's cap); ``playouts`` a fixed total
    instead, ``seconds`` a time bound instead (the one answer that may differ
    between runs; it says how many playouts it used). ``workers`` share the
    playouts (default: both cores) -- threads on the native core when it is
    installed, else processes; the answer depends on neither, and
    :attr:`Advice.engine` says which ran. ``exact_end`` finishes each playout
    exactly once it reaches the final edition. ``leaf`` is where the playouts
    stop and the value model answers (:data:`.policy.SEARCH_LEAF`); ``None``
    plays every playout to the end of the game. ``calibration`` maps the
    playouts' win shares to the win probabilities shown (:mod:`.calibration`;
    monotone, so it changes no ranking and no "equal to the best"). ``policy`` plays the playouts
    (:data:`.policy.POLICIES`; default the search policy for the table, :func:`.policy.search_policy`).

    ``extra_moves`` (legal moves not in the legal list as written, e.g. a press
    on a page the player chose) are evaluated after the ranking on exactly the
    playouts ``k`` the best move had (the same futures), so their loss is a
    paired comparison; they are returned in :attr:`Advice.extra` and do not
    change the ranking.

    :class:`BadInput` for a finished game or a pending card draw.
    """
    check_position(state)
    plan = budget if isinstance(budget, Budget) else budget_for(budget, playouts, seconds)
    started = time.perf_counter()
    view = public_view(state)
    moves = legal_moves(view)
    player = view.current
    extras = list(extra_moves)
    for move in extras:
        why = view.why_illegal(move)
        if why is not None:
            raise BadInput(f"{move} is illegal: {why}")
    if is_deterministic(view):
        return _exact_advice(view, moves, plan, seed, started, reasons_top, extras)
    workers = default_workers() if workers is None else max(1, workers)
    policy = search_policy(view.n_players) if policy is None else policy
    engine = playout_engine(policy, seed, view)
    if plan.seconds is not None:
        deadline = started + plan.seconds
        asked = stop
        stop = lambda: time.perf_counter() >= deadline or (asked is not None and asked())  # noqa: E731
    race = _race(view, moves, plan, engine, seed, workers, progress, stop, exact_end, leaf, policy)
    stats = race.stats
    top = min(range(len(moves)), key=lambda i: (stats[i].n == 0, stats[i].left is not None,
                                                 -(stats[i].left or 0), *(-x for x in stats[i].key()), i))
    best = stats[top]
    estimates = {i: _paired_estimate(best, stats[i]) for i in range(len(moves)) if i != top and stats[i].n}
    order = [top] + sorted(estimates, key=lambda i: (-estimates[i][0], estimates[i][3], i)) \
        + [i for i in range(len(moves)) if i != top and not stats[i].n]
    rows = []
    for rank, i in enumerate(order, 1):
        st = stats[i]
        searched = st.n > 0
        if rank == 1:
            rows.append(dict(index=i, rank=1, win=best.mean(0), interval=mean_interval(best.column(0)),
                             score=best.mean(2), margin=best.mean(1), loss=0.0, loss_interval=(0.0, 0.0),
                             points_loss=0.0, equal=True, n=best.n, win_all=best.win_all(), searched=True,
                             paired_n=best.n))
            continue
        if not searched:
            rows.append(dict(index=i, rank=rank, win=None, interval=None, score=None, margin=None, loss=None,
                             loss_interval=None, points_loss=0.0, equal=False, n=0, win_all=(), searched=False,
                             paired_n=0))
            continue
        win, interval, d, d_pts = estimates[i]
        rows.append(dict(
            index=i, rank=rank, win=win, interval=interval, score=best.mean(2) - d_pts,
            margin=best.mean(1) - _paired_mean(best.column(1), st.column(1)), loss=max(0.0, d.mean),
            loss_interval=d.interval, points_loss=max(0.0, d_pts), equal=d.contains_zero, n=st.n,
            win_all=st.win_all(), searched=True, paired_n=d.n))
    rows = [_calibrated(r, best.mean(0), player, calibration) for r in rows]
    advice_moves = _with_reasons(view, moves, rows, reasons_top, exact=False)
    extra = _extra_rollouts(view, extras, best, rows, seed, workers, exact_end, leaf, calibration, policy) \
        if extras else ()
    return Advice(player, plan.name, seed, False, advice_moves, race.done + sum(m.playouts for m in extra),
                  race.stopped, time.perf_counter() - started, extra, engine, converged=race.converged,
                  rounds=race.rounds, calibrated=calibration != IDENTITY)


def _calibrated(row: dict, best_win: float, player: int, calibration: Calibration) -> dict:
    """A ranking row with its win shares shown through ``calibration``; the loss and its interval are
    measured from the best move's share ``best_win`` (raw), so they keep their signs."""
    if row["win"] is None:
        return row
    shown = calibration.loss
    low, high = row["interval"]
    d_low, d_high = row["loss_interval"]
    return {**row, "win": calibration(row["win"]), "interval": calibration.interval(low, high),
            "loss": max(0.0, shown(best_win, row["loss"])),
            "loss_interval": (shown(best_win, d_low), shown(best_win, d_high)),
            "win_all": calibration.everyone(row["win_all"], player)}


def _paired_mean(best: Sequence[float], other: Sequence[float]) -> float:
    """The mean of ``best[k] - other[k]`` over the playouts both had."""
    n = min(len(best), len(other))
    return fmean([best[k] - other[k] for k in range(n)]) if n else 0.0


def _paired_estimate(best: _Stats, other: _Stats) -> tuple[float, tuple[float, float], Paired, float]:
    """A move's win share measured against rank 1 on the same futures: ``(estimate, interval, paired
    difference, points difference)``. The estimate is rank 1's win share (over all its playouts) less the
    mean paired difference on the playouts both had; its interval is rank 1's Wilson interval less the
    paired interval (both 95%, so it is conservative), within [0, 1]."""
    d = paired(best.column(0), other.column(0))
    low, high = mean_interval(best.column(0))
    win = min(1.0, max(0.0, best.mean(0) - d.mean))
    interval = (max(0.0, min(win, low - d.high)), min(1.0, max(win, high - d.low)))
    return win, interval, d, _paired_mean(best.column(2), other.column(2))


def _extra_rollouts(view: State, extras: list[Move], best: _Stats, rows: list[dict], seed: int, workers: int,
                    exact_end: bool, leaf: Leaf | None, calibration: Calibration,
                    policy: str) -> tuple[MoveAdvice, ...]:
    """The extra moves on the best move's playouts ``k = 0 .. n-1`` (the same futures), paired with it."""
    results = run_playouts(view, extras, [(m, k) for m in range(len(extras)) for k in range(best.n)], seed,
                           workers, exact_end, policy=policy, leaf=leaf)
    out = []
    for m, move in enumerate(extras):
        st = _Stats()
        for k in range(best.n):
            st.add(results[(m, k)], view.current)
        win, interval, d, d_pts = _paired_estimate(best, st)
        r = _calibrated(dict(win=win, interval=interval, loss=max(0.0, d.mean), loss_interval=d.interval,
                             win_all=st.win_all()), best.mean(0), view.current, calibration)
        rank = 1 + sum(1 for row in rows if row["win"] is not None and row["win"] > r["win"])
        out.append(MoveAdvice(
            move=str(move), rank=rank, win_probability=r["win"], win_interval=r["interval"],
            expected_score=best.mean(2) - d_pts, expected_margin=best.mean(1) - _paired_mean(
                best.column(1), st.column(1)), loss=r["loss"], points_loss=max(0.0, d_pts),
            equal_to_best=d.contains_zero, playouts=st.n, win_all=r["win_all"], loss_interval=r["loss_interval"],
            paired_playouts=d.n))
    return tuple(out)


def _race(view: State, moves: list[Move], plan: Budget, engine: str, seed: int, workers: int,
          progress: Progress | None, stop: Stop | None, exact_end: bool, leaf: Leaf | None, policy: str) -> _Race:
    """Every move searched in rounds at fixed checkpoints (or evenly, for a fixed count); see the module."""
    n = len(moves)
    stats = [_Stats() for _ in moves]
    cap = plan.cap_for(engine)
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
        results = run_playouts(view, moves, pairs, seed, workers, exact_end, on_done, want_stop, policy, leaf)
        done: dict[int, list[int]] = {m: [] for m, _ in pairs}
        for m, k in results:
            done[m].append(k)
        for m in sorted(done):
            # keep playouts in order k = 0, 1, ... and only a gap-free prefix (common futures stay aligned)
            for k in sorted(done[m]):
                if k != stats[m].n:
                    break
                stats[m].add(results[(m, k)], view.current)

    def upto(movelist: Sequence[int], target: int) -> None:
        run([(m, k) for m in movelist for k in range(stats[m].n, target)])

    if plan.fixed:  # an even share of the fixed count; what division leaves goes to the leaders, one each
        each = max(1, cap // n)
        upto(range(n), each)
        rest = max(0, cap - each * n)
        if rest and not stopped[0]:
            leaders = sorted(range(n), key=lambda i: (*(-x for x in stats[i].key()), i))[:rest]
            upto(leaders, each + 1)
        return _Race(stats, False, stopped[0], done[0], 1)
    rounds = 0
    if n == 1:
        upto([0], min(cap, SINGLE))
        return _Race(stats, True, stopped[0], done[0], 1)
    passes = [cap] if plan.seconds is None else (2 * n * halving_rounds(n) << k for k in range(64))
    for pass_cap in passes:
        converged, r = _halving(stats, pass_cap, upto, lambda: stopped[0])
        rounds += r
        if converged or stopped[0]:
            return _Race(stats, converged, stopped[0], done[0], rounds)
    return _Race(stats, False, stopped[0], done[0], rounds)


STOP_ALPHA = 0.05
"""The early stop's error rate: the claim "the leader is better than every other move" holds only when every
paired comparison holds (an intersection-union test), each at ``STOP_ALPHA / rounds`` -- Bonferroni over the
rounds that look, so looking after every round does not make a coin flip look separated (tested at 95% after
each round, a 20-times-fast search of a held-out position called two moves separated that 9,667 playouts
each then found 0.2 points apart)."""

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


def _halving(stats: list[_Stats], cap: int, upto: Callable[[Sequence[int], int], None],
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


def _exact_advice(view: State, moves: list[Move], plan: Budget, seed: int, started: float,
                  reasons_top: int, extras: Sequence[Move] = ()) -> Advice:
    player = view.current
    search, engine = exact_search(view)
    outcomes = [v for _, v in search.move_values(view)]
    values = [v[player] for v in outcomes]
    order = sorted(range(len(moves)), key=lambda i: (tuple(-x for x in preference(values[i])), i))
    best = values[order[0]]
    rows = []
    for rank, i in enumerate(order, 1):
        v = values[i]
        rows.append(dict(index=i, rank=rank, win=v[0], interval=(v[0], v[0]), score=float(v[2]),
                         margin=float(v[1]), loss=best[0] - v[0], points_loss=float(best[2] - v[2]),
                         equal=v == best, n=0, win_all=tuple(float(o[0]) for o in outcomes[i]), searched=True,
                         loss_interval=(best[0] - v[0], best[0] - v[0]), paired_n=0))
    advice_moves = _with_reasons(view, moves, rows, reasons_top, exact=True)
    extra = []
    for move in extras:
        o = search.value(ExactSearch.child(view, move))
        v = o[player]
        extra.append(MoveAdvice(
            move=str(move), rank=1 + sum(1 for w in values if preference(w) > preference(v)), win_probability=v[0],
            win_interval=(v[0], v[0]), expected_score=float(v[2]), expected_margin=float(v[1]), loss=best[0] - v[0],
            points_loss=float(best[2] - v[2]), equal_to_best=v == best, exact=True,
            win_all=tuple(float(x[0]) for x in o), loss_interval=(best[0] - v[0], best[0] - v[0])))
    return Advice(player, plan.name, seed, True, advice_moves, 0, False, time.perf_counter() - started, tuple(extra),
                  engine, converged=True)


def _with_reasons(view: State, moves: list[Move], rows: list[dict], top: int, exact: bool) -> tuple[MoveAdvice, ...]:
    facts: dict[int, MoveFacts] = {}

    def facts_of(i: int) -> MoveFacts:
        if i not in facts:
            facts[i] = move_facts(view, moves[i])
        return facts[i]

    waiting_index = next((r["index"] for r in rows if not isinstance(moves[r["index"]], GoToPress)), None)
    out = []
    for r in rows:
        reasons: tuple[str, ...] = ()
        f = None
        if r["rank"] <= top:
            f = facts_of(r["index"])
            waiting = facts_of(waiting_index) if f.press is not None and waiting_index is not None else None
            other = rows[1] if r["rank"] == 1 and len(rows) > 1 else (rows[0] if r["rank"] > 1 else None)
            next_best = (str(moves[other["index"]]), other["win"]) if other is not None else None
            reasons = reasons_for(f, r["win"], exact, r["margin"], waiting, next_best)
        out.append(MoveAdvice(
            move=str(moves[r["index"]]), rank=r["rank"], win_probability=r["win"], win_interval=r["interval"],
            expected_score=r["score"], expected_margin=r["margin"], loss=r["loss"], points_loss=r["points_loss"],
            equal_to_best=bool(r["equal"]), reasons=reasons, playouts=r["n"], exact=exact, facts=f,
            win_all=r["win_all"], searched=r["searched"], loss_interval=r["loss_interval"],
            paired_playouts=r["paired_n"],
        ))
    return tuple(out)
