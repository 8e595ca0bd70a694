"""The one exception type for input a person got wrong, shared by every room.

Every layer (solver, engine, ui) raises :class:`BadInput` (or a subclass) with a
message that names the problem, e.g. ``stories[2].beat: unknown beat 'sports'
(expected one of war, crime, politics, city, human)``. The command line turns it
into one line on stderr and exit status 2; the app shows it where the user looks.

>>> issubclass(BadInput, ValueError)
True
"""


class BadInput(ValueError):
    """Input that cannot be accepted; ``str(exc)`` is the message for the user."""


__all__ = ["BadInput"]
