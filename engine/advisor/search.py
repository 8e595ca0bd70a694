"""The analysis: every legal move evaluated and ranked (exactly in the final edition).

Normal play (:func:`advise`): all moves are screened with a few cheap playouts
each (:data:`.policy.SCREEN`); a shortlist -- the heuristic bot's best moves
(:mod:`.prior`), then the best-screened -- goes on to successive halving with
the search policy (rounds that double the playouts of the better half), and
every move is ranked by the round it reached, then by win probability, margin
and circulation; moves only screened rank below every searched one. Playout ``k`` of
every move shares its card draws and bots (common random numbers), so losses
and "equal to the best" are paired comparisons on the same futures.

Final edition: nothing is random any more, so :class:`.exact.ExactSearch`
gives each move's outcome under best play, labelled exact.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from statistics import fmean
from typing import Callable, Sequence

from pennypress.errors import BadInput

from ..game.moves import GoToPress, Move
from ..io.state import public_view
from ..io.state import State
from ..rules.actions import legal_moves
from .budget import Budget, budget_for
from .exact import ExactSearch, is_deterministic
from .facts import MoveFacts, move_facts
from .outcome import Value, preference
from .policy import PREFERRED, SCREEN
from .pool import Pair, default_workers, run_playouts
from .prior import prior_order
from .reasons import reasons_for
from .result import Advice, MoveAdvice

Progress = Callable[[int, int], None]
"""``progress(done, total)``: playouts finished so far and planned in all."""
Stop = Callable[[], bool]
"""Asked between batches; return True to stop and get the best answer so far."""

Z95 = 1.959964


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` seen over ``n`` trials (``(0, 1)`` when n = 0).

    >>> tuple(round(x, 3) for x in wilson(0.5, 100))
    (0.404, 0.596)
    >>> wilson(0.3, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def check_position(state: State) -> None:
    """:class:`BadInput` when there is no decision to advise on."""
    if state.is_over:
        raise BadInput("the game is over: there is no move to advise")
    if state.is_chance_node():
        raise BadInput("a headline card must be drawn first (the last press draws one): advise after the draw")


@dataclass
class _Stats:
    """A move's playout outcomes for the player advised, in playout order ``k = 0, 1, ...``."""

    values: list[Value]
    stage: int = 0
    everyone: list[tuple[Value, ...]] | None = None
    """Every player's outcome of each playout (same order as ``values``)."""

    def add(self, outcome: tuple[Value, ...], player: int) -> None:
        self.values.append(outcome[player])
        if self.everyone is None:
            self.everyone = []
        self.everyone.append(outcome)

    def win_all(self) -> tuple[float, ...]:
        """Each player's mean win share over the playouts."""
        if not self.everyone:
            return ()
        return tuple(fmean(o[i][0] for o in self.everyone) for i in range(len(self.everyone[0])))

    @property
    def n(self) -> int:
        return len(self.values)

    def mean(self, i: int) -> float:
        return fmean(v[i] for v in self.values) if self.values else 0.0

    def key(self) -> tuple[float, float, float]:
        return (self.mean(0), self.mean(1), self.mean(2))


def _paired(best: _Stats, other: _Stats, i: int) -> tuple[float, float, int]:
    """Mean and standard error of ``best - other`` on the playouts both had (the same futures)."""
    n = min(best.n, other.n)
    if n == 0:
        return (0.0, math.inf, 0)
    d = [best.values[k][i] - other.values[k][i] for k in range(n)]
    m = fmean(d)
    if n < 2:
        return (m, math.inf, n)
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return (m, math.sqrt(var / n), n)


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
) -> Advice:
    """Rank every legal move of the player to move in ``state`` (which is not changed).

    Only the public position is searched (:func:`~pennypress.engine.io.state.public_view`).
    ``budget`` is ``fast``, ``normal`` or ``deep``; ``playouts`` an explicit
    total instead. ``workers`` processes share the playouts (default: both
    cores); the answer does not depend on it. ``exact_end`` finishes each
    playout exactly once it reaches the final edition.

    ``extra_moves`` (legal moves not in the legal list as written, e.g. a press
    on a page the player chose) are evaluated after the ranking on exactly the
    playouts ``k`` the best move had (the same futures), so their loss is a
    paired comparison; they are returned in :attr:`Advice.extra` and do not
    change the ranking.

    :class:`BadInput` for a finished game or a pending card draw.
    """
    check_position(state)
    plan = budget if isinstance(budget, Budget) else budget_for(budget, playouts)
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
    screen, searched, stopped, total_done = _rollouts(view, moves, plan, seed, workers, progress, stop, exact_end)
    stats = [searched[i] if searched[i].n else screen[i] for i in range(len(moves))]
    order = sorted(range(len(moves)), key=lambda i: (-stats[i].stage, -bool(searched[i].n),
                                                      *(-x for x in stats[i].key()), i))
    top = order[0]
    best = stats[top]
    rows = []
    for rank, i in enumerate(order, 1):
        st = stats[i]
        win = st.mean(0)
        # losses are paired on the same futures of the same policy: search with search, else screening
        ref, mine = (searched[top], searched[i]) if searched[i].n and searched[top].n else (screen[top], screen[i])
        d_win, se_win, n_common = _paired(ref, mine, 0)
        d_pts, _, _ = _paired(ref, mine, 2)
        # within noise needs at least two paired playouts; one playout cannot tell (a move only screened
        # once, which the search passed over, is not called equal to the best on its single result)
        equal = rank == 1 or (n_common >= 2 and d_win - Z95 * se_win <= 0)
        rows.append(dict(index=i, rank=rank, win=win, interval=wilson(win, st.n), score=st.mean(2),
                         margin=st.mean(1), loss=0.0 if rank == 1 else max(0.0, d_win),
                         points_loss=0.0 if rank == 1 else max(0.0, d_pts), equal=equal, n=st.n,
                         win_all=st.win_all(), screened_only=not searched[i].n))
    advice_moves = _with_reasons(view, moves, rows, reasons_top, exact=False)
    policy = PREFERRED if searched[top].n else SCREEN
    extra = _extra_rollouts(view, extras, best, rows, seed, workers, exact_end, policy) if extras else ()
    return Advice(player, plan.name, seed, False, advice_moves, total_done, stopped, time.perf_counter() - started,
                  extra)


def _extra_rollouts(view: State, extras: list[Move], best: _Stats, rows: list[dict], seed: int, workers: int,
                    exact_end: bool, policy: str) -> tuple[MoveAdvice, ...]:
    """The extra moves on the best move's playouts ``k = 0 .. n-1`` (the same futures and policy), paired with it."""
    results = run_playouts(view, extras, [(m, k) for m in range(len(extras)) for k in range(best.n)], seed,
                           workers, exact_end, policy=policy)
    out = []
    for m, move in enumerate(extras):
        st = _Stats([])
        for k in range(best.n):
            st.add(results[(m, k)], view.current)
        win = st.mean(0)
        d_win, se_win, n = _paired(best, st, 0)
        d_pts, _, _ = _paired(best, st, 2)
        equal = (d_win - Z95 * se_win <= 0) if n >= 2 else d_win <= 0
        rank = 1 + sum(1 for r in rows if r["win"] > win)
        out.append(MoveAdvice(
            move=str(move), rank=rank, win_probability=win, win_interval=wilson(win, st.n), expected_score=st.mean(2),
            expected_margin=st.mean(1), loss=max(0.0, d_win), points_loss=max(0.0, d_pts), equal_to_best=bool(equal),
            playouts=st.n, win_all=st.win_all(), screened_only=policy != PREFERRED))
    return tuple(out)


def _rollouts(view: State, moves: list[Move], plan: Budget, seed: int, workers: int,
              progress: Progress | None, stop: Stop | None, exact_end: bool):
    """Screening playouts (:data:`.policy.SCREEN`) for every move, then successive halving with the
    search policy over the shortlist; ``(screen stats, search stats, stopped, playouts done)``."""
    n = len(moves)
    screen = [_Stats([]) for _ in moves]
    stats = [_Stats([]) for _ in moves]
    total = plan.total_for(n)
    done = [0]
    stopped = [False]

    def on_done(k: int) -> None:
        done[0] += k
        if progress is not None:
            progress(min(done[0], total), total)

    def want_stop() -> bool:
        if stop is not None and stop():
            stopped[0] = True
        return stopped[0]

    def run(pairs: list[Pair], into: list[_Stats], policy: str) -> None:
        if want_stop():
            return
        results = run_playouts(view, moves, pairs, seed, workers, exact_end, on_done, want_stop, policy)
        for m in sorted({m for m, _ in pairs}):
            ks = sorted(k for (mm, k) in results if mm == m)
            # keep playouts in order k = 0, 1, ... and only a gap-free prefix (common futures stay aligned)
            for k in ks:
                if k != into[m].n:
                    break
                into[m].add(results[(m, k)], view.current)

    run([(m, k) for m in range(n) for k in range(plan.screen)], screen, SCREEN)
    extra = plan.extra_for(n)
    cands = _shortlist(view, moves, screen, plan)
    rounds = max(1, math.ceil(math.log2(len(cands)))) if len(cands) > 1 else 0
    spent = 0
    for r in range(rounds):
        if stopped[0]:
            break
        per_move = ((extra - spent) // (rounds - r)) // len(cands)
        if per_move:
            start = min(stats[m].n for m in cands)
            run([(m, k) for m in cands for k in range(start, start + per_move)], stats, PREFERRED)
            spent += per_move * len(cands)
        for m in cands:
            if stats[m].n:
                stats[m].stage = r + 1
        cands.sort(key=lambda i: (-stats[i].stage, *(-x for x in stats[i].key()), i))
        cands = cands[: max(1, math.ceil(len(cands) / 2))]
    if not stopped[0] and extra > spent:  # what rounding left over goes to the survivor
        start = stats[cands[0]].n
        run([(cands[0], k) for k in range(start, start + extra - spent)], stats, PREFERRED)
    if not stopped[0]:
        for m in cands:
            if stats[m].n:
                stats[m].stage = rounds + 1
    return screen, stats, stopped[0], done[0]


def _shortlist(view: State, moves: list[Move], stats: list[_Stats], plan: Budget) -> list[int]:
    """The moves successive halving works on: the heuristic's best (:mod:`.prior`), then the best-screened."""
    size = min(len(moves), plan.shortlist)
    cands = prior_order(view, moves)[: min(size, plan.prior)]
    screened = sorted(range(len(moves)), key=lambda i: (*(-x for x in stats[i].key()), i))
    cands += [i for i in screened if i not in cands][: size - len(cands)]
    return cands


def _exact_advice(view: State, moves: list[Move], plan: Budget, seed: int, started: float,
                  reasons_top: int, extras: Sequence[Move] = ()) -> Advice:
    player = view.current
    search = ExactSearch()
    outcomes = [v for _, v in search.move_values(view)]
    values = [v[player] for v in outcomes]
    order = sorted(range(len(moves)), key=lambda i: (tuple(-x for x in preference(values[i])), i))
    best = values[order[0]]
    rows = []
    for rank, i in enumerate(order, 1):
        v = values[i]
        rows.append(dict(index=i, rank=rank, win=v[0], interval=(v[0], v[0]), score=float(v[2]),
                         margin=float(v[1]), loss=best[0] - v[0], points_loss=float(best[2] - v[2]),
                         equal=v == best, n=0, win_all=tuple(float(o[0]) for o in outcomes[i])))
    advice_moves = _with_reasons(view, moves, rows, reasons_top, exact=True)
    extra = []
    for move in extras:
        o = search.value(search.child(view, move))
        v = o[player]
        extra.append(MoveAdvice(
            move=str(move), rank=1 + sum(1 for w in values if preference(w) > preference(v)), win_probability=v[0],
            win_interval=(v[0], v[0]), expected_score=float(v[2]), expected_margin=float(v[1]), loss=best[0] - v[0],
            points_loss=float(best[2] - v[2]), equal_to_best=v == best, exact=True,
            win_all=tuple(float(x[0]) for x in o)))
    return Advice(player, plan.name, seed, True, advice_moves, 0, False, time.perf_counter() - started, tuple(extra))


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
            reasons = reasons_for(f, r["win"], exact, r["margin"], waiting, next_best,
                                  screened=r["n"] if r.get("screened_only") else 0)
        out.append(MoveAdvice(
            move=str(moves[r["index"]]), rank=r["rank"], win_probability=r["win"], win_interval=r["interval"],
            expected_score=r["score"], expected_margin=r["margin"], loss=r["loss"], points_loss=r["points_loss"],
            equal_to_best=bool(r["equal"]), reasons=reasons, playouts=r["n"], exact=exact, facts=f,
            win_all=r["win_all"], screened_only=r.get("screened_only", False),
        ))
    return tuple(out)
