"""Where tournament games run: a local process pool, or a Dask cluster (optional extra).

Both are ``concurrent.futures`` executors, so the tournament has one code path:
:func:`open_executor` is a context manager yielding ``None`` (play in this
process: one worker), a ``ProcessPoolExecutor``, or a Dask
``Client(...).get_executor()``.

Dask is not a core dependency: install it with ``pip install -e '.[cluster]'``.
``scheduler`` names an existing cluster (``tcp://HOST:8786``: start one with
``dask scheduler`` on one machine and ``dask worker tcp://HOST:8786
--nthreads 1`` on each machine that has pennypress installed); without it a
``LocalCluster`` of ``workers`` single-threaded processes is started and
stopped with the tournament.

>>> with open_executor("local", workers=1) as ex:
...     ex is None
True
>>> with open_executor("cloud", workers=1) as ex:
...     pass
Traceback (most recent call last):
...
pennypress.errors.BadInput: executor: expected local or dask, got 'cloud'
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Iterator

from pennypress.errors import BadInput

EXECUTORS = ("local", "dask")
INSTALL_CLUSTER = "pip install -e '.[cluster]'"
CONNECT_TIMEOUT = "10s"


def default_workers() -> int:
    """The number of cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: Any) -> int:
    """``workers`` as a whole number >= 1, else :class:`BadInput`.

    >>> check_workers(2)
    2
    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: workers: expected a whole number >= 1, got 0
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise BadInput(f"workers: expected a whole number >= 1, got {workers!r}")
    return workers


def _end_with(parent: int) -> None:
    """A pool worker's first step: end when the process that started it ends (Linux's parent-death signal),
    so a run stopped or killed at a session's end leaves no worker playing on. Elsewhere, nothing."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError, TypeError):  # pragma: no cover - not Linux
        return
    if os.getppid() != parent:  # the parent ended before the signal was asked for
        os._exit(1)


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise BadInput(f"executor dask: Dask is not installed; install the cluster extra: {INSTALL_CLUSTER}") from None
    return distributed


@contextmanager
def open_executor(kind: str = "local", workers: int | None = None, scheduler: str | None = None,
                  fresh: bool = False) -> Iterator[Any]:
    """An executor for tournament batches, closed on exit (see the module docstring). With ``fresh`` the local
    processes are started afresh (``spawn``) rather than forked: a process that has already played on the
    native core holds its thread pool, which a forked child would inherit without its threads."""
    if kind not in EXECUTORS:
        raise BadInput(f"executor: expected {' or '.join(EXECUTORS)}, got {kind!r}")
    workers = check_workers(default_workers() if workers is None else workers)
    if scheduler is not None and kind != "dask":
        raise BadInput("scheduler: a scheduler address needs --executor dask")
    if kind == "local":
        if workers == 1:
            yield None
            return
        from concurrent.futures import ProcessPoolExecutor  # here: reading EXECUTORS (the help) needs none

        import multiprocessing

        context = multiprocessing.get_context("spawn") if fresh else None
        with ProcessPoolExecutor(max_workers=workers, initializer=_end_with, initargs=(os.getpid(),),
                                 mp_context=context) as pool:
            yield pool
        return
    distributed = _dask()
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise BadInput(f"scheduler: cannot reach a Dask scheduler at {scheduler!r} ({type(exc).__name__})") from None
        with client:
            yield client.get_executor(pure=False)
        return
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as cluster, \
            distributed.Client(cluster) as client:
        yield client.get_executor(pure=False)
