"""A memory probe for the soak's app server (``python -m benchmarks.speed.soak --probe FILE``).

On the soak's request (``PENNYPRESS_SOAK_PROBE=FILE`` and this folder on ``PYTHONPATH``) every Python
process of the app imports this module at start; in the Streamlit server it starts ``tracemalloc`` and,
every ``PENNYPRESS_SOAK_PROBE_EVERY`` seconds (60), appends to ``FILE`` one JSON line: the memory
Python has allocated, the entries of the app's bounded caches, and the source lines whose allocations
grew most since the first sample -- what to look at when the soak's memory grows. It changes nothing
the app does (tracemalloc slows it), so a probed run's times are not the soak's figures.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time

_OUT = os.environ.get("PENNYPRESS_SOAK_PROBE")

_CACHES = (  # (module, attribute, how many entries it holds)
    ("pennypress.solver.fast", "_answer", lambda c: c.cache_info().currsize),
    ("pennypress.solver.solve", "_CACHE", lambda c: len(c.data)),
    ("pennypress.engine.play.heuristic", "_valuer", lambda c: c.cache_info().currsize),
    ("pennypress.engine.puzzles.model", "_position", lambda c: c.cache_info().currsize),
    ("pennypress.engine.advisor.playout", "_EXACT", len),
)


def _caches() -> dict[str, int]:
    out = {}
    for module, attr, size in _CACHES:
        cache = getattr(sys.modules.get(module), attr, None)
        if cache is not None:
            try:
                out[f"{module}.{attr}"] = size(cache)
            except Exception as exc:  # a probe never stops the app
                out[f"{module}.{attr}"] = repr(exc)
    return out


def _probe(path: str, every: float) -> None:
    import tracemalloc

    first = None
    start = time.monotonic()
    while True:
        time.sleep(every)
        snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        line = {"seconds": round(time.monotonic() - start), "traced_mb": round(tracemalloc.get_traced_memory()[0] / 1e6, 2),
                "caches": _caches(), "threads": threading.active_count()}
        if first is None:
            first = snap
        else:
            line["grew"] = [{"where": f"{s.traceback[0].filename}:{s.traceback[0].lineno}",
                             "kb": round(s.size_diff / 1e3, 1), "blocks": s.count_diff}
                            for s in snap.compare_to(first, "lineno")[:25]]
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


if _OUT and any("streamlit" in arg for arg in getattr(sys, "orig_argv", sys.argv)):
    import tracemalloc

    tracemalloc.start(1)
    threading.Thread(target=_probe, args=(_OUT, float(os.environ.get("PENNYPRESS_SOAK_PROBE_EVERY", "60"))),
                     daemon=True, name="soak-probe").start()
