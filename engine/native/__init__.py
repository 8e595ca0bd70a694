"""The seam to the native core (``pennypress_core``, the Rust crate in ``core/``), with the Python fallback.

The core plays the same game as this engine -- the same legal moves in the
same order, the same transitions and events -- on the public position, for
search that needs speed; the Python engine stays the reference it is checked
against (``tests/core/``). It is a separate distribution, ``pennypress-core``,
built by ``python3 run.py`` when a Rust toolchain is present; without it
everything works on the Python engine, and :func:`engine_name` says which
engine answers (``"native"`` or ``"python"``).

A position reaches the core only through the Python loader's checks: a
document goes through :meth:`State.from_json <pennypress.engine.io.state.State.from_json>`, a
:class:`State` through :func:`~pennypress.engine.rules.status.position_problems`, and
the first problem is raised as :class:`BadInput` -- the core never sees it. The
deck's order never reaches the core either: it gets the public view.

Search on the core -- positions after first moves, batches of playouts on
threads, the exact final-edition search, whole games, the core's bots and
value model -- is :mod:`.search`; the advisor (``engine/advisor/pool.py``,
``exact.py``, ``policy.py``, ``value.py``) and tournaments
(``engine/arena/native_games.py``) use it. Every call into ``pennypress_core``
from the package goes through these two modules; its types are the stub's
(``core/pennypress_core.pyi``).

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=7)
>>> if available():
...     p = native_position(s)
...     assert p.legal_moves() == [str(m) for m in s.legal_moves()]
...     assert to_state(p) == public_view(s)
"""
from __future__ import annotations

import os
from types import ModuleType
from typing import TYPE_CHECKING

from pennypress.errors import BadInput

from ..game.errors import IllegalMove
from ..game.moves import GoToPress, Move
from ..io.state import State, public_view
from ..rules.status import position_problems

if TYPE_CHECKING:
    from pennypress_core import Position

try:  # the optional native core
    import pennypress_core as _core
except ImportError:  # pragma: no cover - exercised by the tests that hide the core
    _core = None

ENGINE_VARIABLE = "PENNYPRESS_ENGINE"
"""Set to ``python`` to use the Python engine even when the core is installed."""


def version_problem() -> str | None:
    """Why the installed core cannot serve this pennypress -- it is another version (both wheels carry the
    version of ``core/Cargo.toml``) -- in one line saying which to install; ``None`` when it can (or
    when no core is installed: then the Python engine answers)."""
    from pennypress import __version__ as ours
    if _core is None or ours == "unknown":
        return None
    theirs = getattr(_core, "__version__", "unknown")
    if theirs == ours:
        return None
    return (f"pennypress {ours} needs pennypress-core {ours}, but pennypress-core {theirs} is installed: "
            f"install pennypress_core-{ours} (`python3 run.py dist` builds it into dist/)")


def available() -> bool:
    """Whether the native core is installed and not switched off (``PENNYPRESS_ENGINE=python``)."""
    return _core is not None and os.environ.get(ENGINE_VARIABLE, "").strip().lower() != "python"


def engine_name() -> str:
    """Which engine answers: ``"native"`` or ``"python"``."""
    return "native" if available() else "python"


def core_module() -> ModuleType:
    """The ``pennypress_core`` module (typed by its stub, ``core/pennypress_core.pyi``); :class:`RuntimeError`
    saying why when it is not available. Every call into the core goes through this package."""
    if _core is None:
        raise RuntimeError("the native core (pennypress-core) is not installed: `python3 run.py test` builds it "
                           "when a Rust toolchain is present")
    if not available():
        raise RuntimeError(f"the native core is switched off ({ENGINE_VARIABLE}=python)")
    problem = version_problem()
    if problem is not None:
        raise BadInput(problem)
    return _core


def checked_state(position: State | dict) -> State:
    """A position the core may receive: a document through every check of the loader, a state through
    every whole-state rule (tables built by hand may skip the setup draw); :class:`BadInput` otherwise."""
    if isinstance(position, State):
        problems = position_problems(position, accounting=False)
        if problems:
            raise BadInput(problems[0].text())
        return position
    return State.from_json(position)


def accepts(state: State) -> bool:
    """Whether the core is available and would take ``state`` (every whole-state rule holds); the Python
    engine still plays a position the core refuses (a table built by hand with an impossible history)."""
    return available() and not position_problems(state, accounting=False)


def native_position(position: State | dict, checked: bool = True) -> Position:
    """The core's copy of ``position``'s public view (``pennypress_core.Position``), checked first.

    The core keeps the order in which the board's stories came into play (the
    iteration order of ``State.reporters``, which the bots' tie-breaks follow).
    ``checked=False`` skips the whole-state rules for a :class:`State` the
    caller vouches for -- one :func:`accepts` has just passed, or one the engine
    itself dealt (``new_game``); the core's own reader still refuses anything
    it could not hold.
    """
    core = core_module()
    view = public_view(checked_state(position) if checked or not isinstance(position, State) else position)
    return core.Position(view.to_json(), [str(s) for s in view.reporters])


def to_state(native: Position) -> State:
    """The core's position back as a :class:`State`, through the loader's every check."""
    return State.from_json(native.to_json())


def apply(native: Position, move: Move | str) -> dict:
    """Play ``move`` (a move or its notation) on the core; returns the event as ``Event.to_json()``.

    A press with a page the player proposes is the Python engine's to check and
    play (the core presses only with the optimal page). Illegal moves raise
    :class:`IllegalMove`.
    """
    if isinstance(move, GoToPress) and move.page is not None:
        raise IllegalMove("the native core presses only with the optimal page: play a proposed page on the Python engine")
    try:
        return native.apply(str(move))
    except core_module().IllegalMove as exc:
        raise IllegalMove(str(exc)) from None
