"""One fuzz target per loader: bytes in; the loader either loads or refuses with :class:`BadInput`.

Each target takes the fuzzer's bytes as text (UTF-8, undecodable bytes replaced -- every loader
is handed text by its reader: ``pennypress.ui.cli.json_io.read_text`` refuses what is not UTF-8),
feeds it to the loader exactly as the command line or the app does, and lets anything but
:class:`~pennypress.errors.BadInput` propagate: another exception, a hang or a crash is a finding.
A loaded position is also played a little (its legal moves listed), and -- when the native core is
installed -- handed to the core through the seam (:mod:`pennypress.engine.native`), where a core
error must come back as one readable :class:`BadInput` or :class:`IllegalMove`.

>>> sorted(TARGETS)
['core_reader', 'move_list', 'notation', 'page', 'position', 'puzzles', 'record']
>>> check("position", b'{"game": 3}')
'refused'
>>> check("notation", b"game 3p")
'refused'
"""
from __future__ import annotations

import copy
from typing import Callable

from pennypress.errors import BadInput

MAX_BYTES = 64 * 1024
"""The largest input a campaign hands a target (libFuzzer's ``-max_len``)."""


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _played(state) -> None:
    """Things every loaded position must survive: its legal moves, its document read back, the core."""
    from pennypress.engine import native
    from pennypress.engine.io.state import State

    moves = state.legal_moves()
    again = State.from_json(state.to_json())
    if again != state:
        raise AssertionError("a loaded position does not read back as itself")
    if native.available() and native.accepts(state):
        core = native.native_position(state)
        if core.legal_moves() != [str(m) for m in moves]:
            raise AssertionError("the core's legal moves differ from the Python engine's")


def position(data: bytes) -> None:
    """The position JSON (``State.from_json`` after ``parse_json_text``, as ``pennypress position validate``)."""
    from pennypress.engine.io.state import State
    from pennypress.json_text import parse_json_text

    _played(State.from_json(parse_json_text(_text(data), "position")))


def notation(data: bytes) -> None:
    """The one-line notation (``from_text``); a loaded position's notation reads back to it."""
    from pennypress.engine.notation.text import from_text, to_text

    state = from_text(_text(data))
    again = from_text(to_text(state))
    if again.to_json() | {"ply": 0, "last_event": None} != state.to_json() | {"ply": 0, "last_event": None}:
        raise AssertionError("a position's notation does not read back to it")
    _played(state)


def record(data: bytes) -> None:
    """A game record (``replay`` after ``parse_json_text``, as ``pennypress replay``)."""
    from pennypress.engine.io.record import replay
    from pennypress.json_text import parse_json_text

    replay(parse_json_text(_text(data), "record"))


_GAME_2P = {"players": 2, "variants": ["two-player"], "deck": "default"}


def move_list(data: bytes) -> None:
    """The typed move list (``record_from_lines``, as ``pennypress record --players 2 --seed 11``)."""
    from pennypress.engine.io.move_list import record_from_lines

    record_from_lines(_text(data), {"seed": 11}, _GAME_2P)


def puzzles(data: bytes) -> None:
    """A puzzle file (``puzzle_set_from_json`` after ``parse_json_text``, as ``load_puzzles(path)``)."""
    from pennypress.engine.puzzles.store import puzzle_set_from_json
    from pennypress.json_text import parse_json_text

    puzzle_set_from_json(parse_json_text(_text(data), "puzzles.json"), "puzzles.json")


def page(data: bytes) -> None:
    """The proposed-page JSON (``pennypress check``: a press problem plus its ``layout``, judged)."""
    from pennypress.json_text import parse_json_text
    from pennypress.solver import PressProblem, ProposedPage, check_page

    doc = parse_json_text(_text(data), "page.json")
    if not isinstance(doc, dict) or "layout" not in doc:
        raise BadInput("press.layout: missing (check needs a press problem plus its layout)")
    problem = PressProblem.from_json(doc)
    check_page(problem, ProposedPage.from_json(doc["layout"], problem))


def _board_order(doc) -> list:
    """The board's stories in document order (the core's second argument), whatever the document holds."""
    try:
        return [item["story"] for items in doc["board"].values() for item in items]
    except (KeyError, TypeError, AttributeError):
        return []


def core_reader(data: bytes) -> None:
    """The core's own reader (``core/src/py/document_in.rs``), handed a document the Python loader has
    not checked: it builds a position or raises the core's ``BadPosition`` -- never a ``CorePanic``,
    never another exception. (Nothing to do without the core.) A ``CoreError`` is the seam's refusal:
    ``engine/native`` turns it into one readable line; here it is reported as :class:`BadInput`.

    An input that starts with ``{`` is the document as JSON text; any other is a program of changes to
    a valid document (:mod:`fuzz.python.mutate`), so that the fuzzer, which sees no coverage inside the
    core, still hands it documents close to valid. A position the core takes must survive every legal
    move and card, and read back from its own document; when the Python loader takes the document
    too, the two must agree on the legal moves."""
    from pennypress.engine import native

    if not native.available():
        return
    core = native.core_module()
    if data[:1] == b"{":
        from pennypress.json_text import parse_json_text

        doc = parse_json_text(_text(data), "position")
    else:
        from fuzz.python.mutate import bases, mutated

        doc = mutated(data, bases())
    try:
        position = core.Position(doc, _board_order(doc))
    except core.CorePanic:
        raise
    except core.CoreError as exc:
        message = str(exc)
        if not message.startswith("position"):
            raise AssertionError(f"the core's refusal does not name the document: {message!r}") from None
        raise BadInput(message) from None
    _core_played(core, position)
    _python_agrees(doc, position)


def _core_played(core, position) -> None:
    """Every legal move and card on a copy; the position's document read back as itself."""
    again = core.Position(position.to_json(), position.board_order)
    if again != position:
        raise AssertionError("the core's position does not read back from its own document")
    for move in position.legal_moves():
        try:
            position.clone().apply(move)
        except core.CoreError as exc:
            raise AssertionError(f"the core refused its own legal move {move}: {exc}") from None
    for card in position.chance_outcomes():
        try:
            position.clone().apply_chance(card)
        except core.CoreError:  # a document no game reaches may hold a draw no press can take
            pass


def _python_agrees(doc, position) -> None:
    """When the Python loader takes the document too, both engines give the same legal moves."""
    from pennypress.engine.io.state import State

    try:
        state = State.from_json(copy.deepcopy(doc))
    except BadInput:
        return
    if [str(m) for m in state.legal_moves()] != position.legal_moves():
        raise AssertionError("the core and the Python engine take the document with different legal moves")


TARGETS: dict[str, Callable[[bytes], None]] = {
    "position": position, "notation": notation, "record": record,
    "move_list": move_list, "puzzles": puzzles, "page": page, "core_reader": core_reader,
}
"""Every Python fuzz target by name (the name of its corpus folder, ``fuzz/corpus/<name>/``)."""


def check(target: str, data: bytes) -> str:
    """Run one input: ``"loaded"`` or ``"refused"`` (a :class:`BadInput`); anything else propagates."""
    try:
        TARGETS[target](data)
    except BadInput as exc:
        message = str(exc)
        if not message.strip() or "\n" in message:
            raise AssertionError(f"a refusal that is not one clear line: {message!r}") from None
        return "refused"
    return "loaded"


__all__ = ["TARGETS", "MAX_BYTES", "check"]
