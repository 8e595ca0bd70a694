"""A progress bar on stderr for long commands, fed by the engine's ``progress(done, total)`` callbacks.

>>> bar = ProgressBar("playout", delay=1.0)
>>> bar(0, 10); bar(10, 10); bar.close()   # quick work: the delayed bar never shows
>>> bar.bar is None                        # nor is tqdm asked for one
True
"""
from __future__ import annotations

import sys
import time


class ProgressBar:
    """A tqdm bar (``unit`` per step) that appears once the work has run ``delay`` seconds.

    The bar is made (and tqdm imported) only then, so quick work -- most analyses -- neither shows a
    bar nor pays for importing tqdm. Its clock starts at the first callback, when the work did.
    ``quiet`` shows none (a command's ``--quiet``); ``leave`` keeps the finished bar on the screen (long runs).
    """

    def __init__(self, unit: str, delay: float = 0.0, desc: str | None = None, quiet: bool = False,
                 leave: bool = False) -> None:
        self.unit, self.delay, self.desc, self.quiet, self.leave = unit, delay, desc, quiet, leave
        self.bar = None
        self.started: float | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if self.bar is None:
            now = time.monotonic()
            if self.started is None:
                self.started = now
            if now - self.started < self.delay:
                return
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=self.unit, desc=self.desc, file=sys.stderr, leave=self.leave,
                            dynamic_ncols=True)
            self.bar.start_t -= now - self.started  # the elapsed time it shows is the work's
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
