"""Running batches of ``(move, k)`` playouts: on the native core's threads, or a process pool.

Each playout is a pure function of the position, the move, the seed and its
number ``k``, so which worker runs it cannot change its result; results are
returned keyed by ``(move index, k)`` and combined by the caller in a fixed
order.

- **On the native core** (:mod:`pennypress.engine.native`, when it is
  installed): batches run on ``workers`` threads without the GIL. They are
  the very games the Python playouts play (the same card draws, the same
  bots, ``tests/core/test_core_playouts.py``), so the answer does not depend
  on the engine either. No process is started.
- **On the Python engine** (the fallback and the reference): a process pool,
  created once (``fork`` when the caller has one thread: workers start with
  the parent's solver cache) and reused, so later analyses pay no start-up;
  :func:`shutdown_pools` stops it when the program ends.

:func:`playout_engine` says which engine a search runs on, and :func:`decided` decides it once per search
with the rest of what the table decides, so every batch of the search gets the same settings object.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> s = public_view(new_game(3, seed=5)); moves = s.legal_moves()[:2]
>>> settings = SearchSettings(seed=2, workers=1, leaf=None)
>>> a = run_playouts(s, moves, [(0, 0), (1, 0)], settings)
>>> a == run_playouts(s, moves, [(1, 0), (0, 0)], settings)
True
"""
from __future__ import annotations

import atexit
import threading
from typing import TYPE_CHECKING, Callable, Sequence

from .. import native
from ..game.moves import Move
from ..io.state import PublicState
from ..native.search import Afters, run_batch, seed_fits
from ..play.invariants import DEFAULT_MOVE_CAP
from .outcome import Value
from .playout import playout
from .move_policy import check_table
from .policy import POLICIES, PREFERRED, core_policy
from .settings import SearchSettings

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from pennypress_core import Policy

Pair = tuple[int, int]
"""``(move index, playout number k)``."""

_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
        import multiprocessing  # here: searches on the native core start no process
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        # fork is quick and shares the warm solver cache, but is unsafe from a multi-threaded
        # process (a web app): there, workers start from a clean server process instead
        method = "fork" if "fork" in methods and threading.active_count() == 1 else (
            "forkserver" if "forkserver" in methods else "spawn")
        ctx = multiprocessing.get_context(method)
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
        if not _POOLS:
            atexit.register(shutdown_pools)
        _POOLS[workers] = pool
    return pool


def shutdown_pools() -> None:
    """Stop the worker processes, dropping work not started (they are kept for the next analysis until
    the program ends, when this runs)."""
    for pool in _POOLS.values():
        pool.shutdown(cancel_futures=True)
    _POOLS.clear()


def playout_engine(policy: str | None = None, seed: int = 0, state: PublicState | None = None) -> str:
    """``"native"`` when playouts by ``policy`` (default the search policy) seeded ``seed`` from ``state``
    run on the native core, else ``"python"`` (no core, a policy not in :data:`~.policy.POLICIES`, a seed
    beyond the core's range, or a position the core refuses)."""
    if native.available() and seed_fits(seed) and (PREFERRED if policy is None else policy) in POLICIES and (
            state is None or native.accepts(state)):
        return "native"
    return "python"


def decided(settings: SearchSettings, state: PublicState) -> SearchSettings:
    """The settings of one search from ``state``, with the engine (:func:`playout_engine`) and what the table
    decides filled in (:meth:`~.settings.SearchSettings.decided`); settings already decided, as they are."""
    if settings.engine is not None:
        return settings
    policy = settings.policy_for(state.n_players)
    return settings.decided(playout_engine(policy, settings.seed, state), state.n_players)


class Kept:
    """What one search's batches on the core keep from round to round, each made on first use: the core's
    positions after the search's moves (:class:`~pennypress.engine.native.search.Afters`), so the position
    reaches the core once per search rather than once per round, and the playout bot of its settings."""

    def __init__(self, state: PublicState, moves: Sequence[Move]):
        self.afters = Afters(state, moves, checked=False)  # the search's engine was decided on the core's checks
        self._bot: tuple[SearchSettings, Policy] | None = None

    def bot(self, settings: SearchSettings) -> Policy:
        """The core's playout bot of ``settings`` (a search hands every round the same settings object)."""
        if self._bot is None or self._bot[0] is not settings:
            bot = core_policy(settings.policy, settings.value_model, settings.mover, settings.exact_seats)
            self._bot = (settings, bot if settings.table is None else settings.table.wrap(bot))
        return self._bot[1]


def _run_native(state: PublicState, moves: Sequence[Move], pairs: list[Pair], settings: SearchSettings,
                on_done: Callable[[int], None] | None, stop: Callable[[], bool] | None,
                traces: dict[Pair, tuple[int, ...]] | None, kept: Kept | None) -> dict[Pair, tuple[Value, ...]]:
    """The playouts on the core, in batches of ``32 * threads`` (progress and stop between batches), from what
    the search keeps (``kept``; else made for this call alone)."""
    if kept is None:
        kept = Kept(state, moves)  # playout_engine checked the state
    afters = kept.afters.positions({m for m, _ in pairs})
    index = {m: i for i, m in enumerate(afters)}
    positions = list(afters.values())
    bot = kept.bot(settings)
    out: dict[Pair, tuple[Value, ...]] = {}
    size = 32 * settings.threads
    for start in range(0, len(pairs), size):
        if stop is not None and stop():
            break
        chunk = pairs[start:start + size]
        results = run_batch(positions, [(index[m], k) for m, k in chunk], settings, bot, DEFAULT_MOVE_CAP,
                            trace=traces is not None)
        for pair, result in zip(chunk, results):
            out[pair] = result[0]
            if traces is not None:
                traces[pair] = result[2]
        if on_done is not None:
            on_done(len(chunk))
    return out


def _run_chunk(state: PublicState, moves: Sequence[Move], pairs: Sequence[Pair], settings: SearchSettings,
               trace: bool) -> list[tuple[Pair, tuple[Value, ...], tuple[int, ...]]]:
    out = []
    for m, k in pairs:
        events: list[int] | None = [] if trace else None
        values = playout(state, moves[m], settings.seed, k, settings.exact_end, settings.policy, settings.leaf, events,
                         settings.mover, settings.exact_seats)
        out.append(((m, k), values, tuple(events or ())))
    return out


def _collect(results: list[tuple[Pair, tuple[Value, ...], tuple[int, ...]]], out: dict[Pair, tuple[Value, ...]],
             traces: dict[Pair, tuple[int, ...]] | None) -> None:
    for pair, values, events in results:
        out[pair] = values
        if traces is not None:
            traces[pair] = events


def run_playouts(
    state: PublicState,
    moves: Sequence[Move],
    pairs: Sequence[Pair],
    settings: SearchSettings,
    on_done: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    traces: dict[Pair, tuple[int, ...]] | None = None,
    kept: Kept | None = None,
) -> dict[Pair, tuple[Value, ...]]:
    """Play every ``(move index, k)`` in ``pairs`` by the settings' policy (:mod:`.policy`; by default the
    search policy for the table, :meth:`~.settings.SearchSettings.policy_for`), to the end or to the
    settings' ``leaf`` (:class:`~.value.Leaf`); ``{pair: every player's outcome}``.
    The settings' ``threads`` run them on the native core (:func:`playout_engine`), else as many processes;
    settings not yet :func:`decided` are decided for this batch alone, decided ones reach the batches as they are.

    ``on_done(n)`` is told after each batch how many playouts it finished;
    ``stop()`` is asked between batches, and a true answer drops the batches
    not yet finished (the answer then holds the ones that were). A ``traces`` dict given gets each
    playout's first events (:data:`.playout.Trace`, the same on either engine) under its pair.
    ``kept`` (a :class:`Kept` of this ``state`` and ``moves``) keeps what the batches on the core make from
    one call to the next: a search hands the same one to each of its rounds.
    """
    pairs = sorted(pairs)
    out: dict[Pair, tuple[Value, ...]] = {}
    if not pairs:
        return out
    settings = decided(settings, state)
    check_table(settings.mover, state.n_players, settings.policy)
    workers = settings.threads
    if settings.engine == "native":
        return _run_native(state, moves, pairs, settings, on_done, stop, traces, kept)
    size = max(1, min(16, len(pairs) // (workers * 4) or 1))
    chunks = [pairs[i:i + size] for i in range(0, len(pairs), size)]
    if workers <= 1:
        for chunk in chunks:
            if stop is not None and stop():
                break
            _collect(_run_chunk(state, moves, chunk, settings, traces is not None), out, traces)
            if on_done is not None:
                on_done(len(chunk))
        return out
    from concurrent.futures import as_completed  # here: searches on the native core start no process

    pool = _pool(workers)
    futures = [pool.submit(_run_chunk, state, moves, chunk, settings, traces is not None) for chunk in chunks]
    try:
        for fut in as_completed(futures):
            _collect(fut.result(), out, traces)
            if on_done is not None:
                on_done(len(fut.result()))
            if stop is not None and stop():
                break
    finally:
        for fut in futures:
            fut.cancel()
    return out
