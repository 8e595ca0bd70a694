"""A progress bar on stderr for long commands, fed by the engine's ``progress(done, total)`` callbacks.

>>> bar = ProgressBar("playout", delay=1.0)
>>> bar(0, 10); bar(10, 10); bar.close()   # quick work: the delayed bar never shows
"""
from __future__ import annotations

import sys


class ProgressBar:
    """A tqdm bar (``unit`` per step) created on the first callback; ``delay`` seconds before it appears."""

    def __init__(self, unit: str, delay: float = 0.0) -> None:
        self.unit, self.delay = unit, delay
        self.bar = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=self.unit, delay=self.delay, file=sys.stderr, leave=False)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
