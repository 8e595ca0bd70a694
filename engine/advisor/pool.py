"""Running playouts on both cores: a process pool over batches of ``(move, k)`` playouts.

Each playout is a pure function of the position, the move, the seed and its
number ``k``, so which worker runs it cannot change its result; results are
returned keyed by ``(move index, k)`` and combined by the caller in a fixed
order. The pool is created once (``fork`` when the caller has one thread:
workers start with the parent's solver cache) and reused, so later analyses pay no start-up;
:func:`shutdown_pools` stops it when the program ends.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> s = public_view(new_game(3, seed=5)); moves = s.legal_moves()[:2]
>>> a = run_playouts(s, moves, [(0, 0), (1, 0)], seed=2, workers=1)
>>> a == run_playouts(s, moves, [(1, 0), (0, 0)], seed=2, workers=1)
True
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Sequence

from ..game.moves import Move
from ..io.state import PublicState
from .outcome import Value
from .playout import playout

Pair = tuple[int, int]
"""``(move index, playout number k)``."""

_POOLS: dict[int, ProcessPoolExecutor] = {}


def default_workers() -> int:
    """Both cores of the target machine (at most 2; 1 on a single-core machine)."""
    return max(1, min(2, os.cpu_count() or 1))


def _pool(workers: int) -> ProcessPoolExecutor:
    pool = _POOLS.get(workers)
    if pool is None:
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


def _run_chunk(state: PublicState, moves: Sequence[Move], pairs: Sequence[Pair], seed: int,
               exact_end: bool, policy: str | None) -> list[tuple[Pair, tuple[Value, ...]]]:
    return [((m, k), playout(state, moves[m], seed, k, exact_end, policy)) for m, k in pairs]


def run_playouts(
    state: PublicState,
    moves: Sequence[Move],
    pairs: Sequence[Pair],
    seed: int,
    workers: int = 1,
    exact_end: bool = False,
    on_done: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    policy: str | None = None,
) -> dict[Pair, tuple[Value, ...]]:
    """Play every ``(move index, k)`` in ``pairs`` by ``policy`` (:mod:`.policy`; default the search
    policy); ``{pair: every player's outcome}``.

    ``on_done(n)`` is told after each batch how many playouts it finished;
    ``stop()`` is asked between batches, and a true answer drops the batches
    not yet finished (the answer then holds the ones that were).
    """
    pairs = sorted(pairs)
    out: dict[Pair, tuple[Value, ...]] = {}
    if not pairs:
        return out
    size = max(1, min(16, len(pairs) // (max(1, workers) * 4) or 1))
    chunks = [pairs[i:i + size] for i in range(0, len(pairs), size)]
    if workers <= 1:
        for chunk in chunks:
            if stop is not None and stop():
                break
            out.update(_run_chunk(state, moves, chunk, seed, exact_end, policy))
            if on_done is not None:
                on_done(len(chunk))
        return out
    pool = _pool(workers)
    futures = [pool.submit(_run_chunk, state, moves, chunk, seed, exact_end, policy) for chunk in chunks]
    try:
        for fut in as_completed(futures):
            out.update(fut.result())
            if on_done is not None:
                on_done(len(fut.result()))
            if stop is not None and stop():
                break
    finally:
        for fut in futures:
            fut.cancel()
    return out
