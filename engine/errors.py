"""The engine's exception: an illegal move.

:class:`IllegalMove` is a :class:`~pennypress.errors.BadInput`, so the
command line prints its message on one line and exits with status 2.

>>> issubclass(IllegalMove, ValueError)
True
"""
from __future__ import annotations

from pennypress.errors import BadInput


class IllegalMove(BadInput):
    """A move the rules do not allow here; ``str(exc)`` says why in plain words."""


__all__ = ["BadInput", "IllegalMove"]
