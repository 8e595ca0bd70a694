"""The core_reader fuzz target: programs of changes to valid documents (fuzz/python/mutate.py), handed
to the core's own reader, which must take them or refuse them in one line naming the field."""
from __future__ import annotations

import doctest
import json
import random

import pytest

from fuzz.python import mutate, targets
from fuzz.python.targets import check
from pennypress.engine import native
from pennypress.errors import BadInput

needs_core = pytest.mark.skipif(not native.available(), reason="the native core is not built")


@pytest.mark.parametrize("module", [mutate, targets])
def test_the_fuzz_modules_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_a_program_is_deterministic_and_never_changes_its_base():
    bases = mutate.bases()
    before = json.dumps(bases, sort_keys=True)
    rng = random.Random(5)
    for _ in range(200):
        program = bytes(rng.randrange(256) for _ in range(rng.randint(1, 41)))
        first = mutate.mutated(program, bases)
        assert repr(first) == repr(mutate.mutated(program, bases))  # repr: NaN is not equal to itself
    assert json.dumps(bases, sort_keys=True) == before


def test_one_byte_is_a_base_document_unchanged():
    bases = mutate.bases()
    assert len(bases) >= 40
    assert mutate.mutated(bytes([7]), bases) == bases[7]
    assert mutate.mutated(b"", bases) == bases[0]


def _refusals(programs: int, seed: int) -> tuple[dict[str, int], list[str]]:
    rng = random.Random(seed)
    outcomes: dict[str, int] = {"loaded": 0, "refused": 0}
    messages = []
    for _ in range(programs):
        program = bytes([rng.randrange(256)] + [rng.randrange(256) for _ in range(4 * rng.randint(1, 3))])
        if program[:1] == b"{":
            continue
        outcomes[check("core_reader", program)] += 1
        try:
            targets.core_reader(program)
        except BadInput as exc:
            messages.append(str(exc))
    return outcomes, messages


@pytest.mark.slow
@needs_core
def test_programs_reach_the_core_reader_field_by_field():
    """What raw JSON text did not: most documents get past the JSON and are judged field by field, so
    the refusals name many different fields of the document, and some changed documents are taken."""
    outcomes, messages = _refusals(600, seed=11)
    assert outcomes["loaded"] >= 60 and outcomes["refused"] >= 300, outcomes
    fields = {m.split(":")[0] for m in messages}
    assert all(m.startswith("position") and "\n" not in m for m in messages)
    assert len(fields) >= 40, sorted(fields)
    assert {"position.game.players", "position.turn.player", "position.deck.cards"} <= fields


@needs_core
def test_the_document_itself_replaced_is_refused_as_the_position_not_a_blank_field():
    program = bytes([0, 0, 0, 0, mutate.VALUES.index(4)])  # place 0 is the root; op 0 sets a value
    assert mutate.mutated(program, mutate.bases()) == 4
    with pytest.raises(BadInput) as refused:
        targets.core_reader(program)
    assert str(refused.value) == "position: expected an object"


@needs_core
def test_json_text_is_still_read_as_a_document():
    doc = mutate.bases()[3]
    assert check("core_reader", json.dumps(doc).encode()) == "loaded"
    assert check("core_reader", b'{"game": 3}') == "refused"


@needs_core
def test_the_python_engine_and_the_core_must_agree_on_a_document_both_take(monkeypatch):
    from pennypress.engine.io.state import State

    program = bytes([1])  # base 1: a position with legal moves, which both engines take
    assert check("core_reader", program) == "loaded"
    assert State.from_json(mutate.bases()[1]).legal_moves()
    real = State.legal_moves
    monkeypatch.setattr(State, "legal_moves", lambda self: real(self)[1:])
    with pytest.raises(AssertionError, match="different legal moves"):
        check("core_reader", program)
