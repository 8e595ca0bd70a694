"""What is wrong, as an exception or as data: an illegal move, a problem of a position.

:class:`IllegalMove` is a :class:`~pennypress.errors.BadInput`, so the
command line prints its message on one line and exits with status 2.
:class:`Problem` is one thing wrong with a position, as
:func:`pennypress.engine.rules.status.position_problems` lists them.

>>> issubclass(IllegalMove, ValueError)
True
>>> Problem("marker", "markers.war", "3, but ...").text()
'position.markers.war: 3, but ...'
"""
from __future__ import annotations

from dataclasses import dataclass

from pennypress.errors import BadInput


class IllegalMove(BadInput):
    """A move the rules do not allow here; ``str(exc)`` says why in plain words."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a position: a stable ``code``, the document ``field``, a ``message``."""

    code: str
    field: str
    message: str

    def text(self, root: str = "position") -> str:
        """``root.field: message``, the one-line form the command line prints."""
        if not self.field:
            return f"{root}: {self.message}"
        sep = "" if self.field.startswith("[") else "."
        return f"{root}{sep}{self.field}: {self.message}"


__all__ = ["BadInput", "IllegalMove", "Problem"]
