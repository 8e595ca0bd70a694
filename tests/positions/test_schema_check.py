"""The compiled schema check (engine/io/schema_check.py) answers exactly as ``jsonschema`` does.

The fast predicate decides every valid document alone, so it must accept what
the reference validator accepts and refuse what it refuses: checked on every
shipped document of each format (positions, records, the puzzle set) and on
documents mutated one value at a time, and on a small schema for each keyword.
"""
import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pennypress.engine.io.record import _SCHEMA as RECORD_SCHEMA
from pennypress.engine.io.schema_check import UnknownKeyword, compile_schema, json_equal
from pennypress.engine.io.validate import position_check, strict_validator
from pennypress.engine.notation.text import from_text
from pennypress.engine.puzzles.store import _schema_check as puzzle_check, load_puzzles

from tests.positions.positions_helpers import played_state, state_doc

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = dict(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

ODD_VALUES = [None, True, False, 0, 1, -1, 2.0, 2.5, 99, 10**6, "", "x", "war:D:3", "war:D:9", "Crime:A:1",
              [], [0, 0], [0, 0, 0], [3, 2], [4, 0], ["x"], [1, 1], {}, {"move": "x"}, {"extra": 1}]


def agree(check, doc) -> bool:
    """The compiled answer for ``doc``, after asserting it is the reference validator's."""
    reference = check.validator.is_valid(doc)
    assert check.conforms(doc) is reference, json.dumps(doc)[:300]
    return reference


def paths(doc, prefix=()):
    """Every place in a JSON document: (path to the container, key)."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        yield prefix, key
        yield from paths(value, prefix + (key,))


def mutate(doc, rnd: random.Random):
    """``doc`` with one value replaced, removed, or one unknown field added."""
    doc = copy.deepcopy(doc)
    where, key = rnd.choice(list(paths(doc)))
    parent = doc
    for part in where:
        parent = parent[part]
    action = rnd.random()
    if action < 0.15 and isinstance(parent, dict):
        del parent[key]
    elif action < 0.25 and isinstance(parent, dict):
        parent["unexpected"] = 1
    elif action < 0.3 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    else:
        parent[key] = copy.deepcopy(rnd.choice(ODD_VALUES))
    return doc


def embedded(doc):
    """Every position and record inside a document (a puzzle's question holds its position)."""
    if isinstance(doc, dict):
        if doc.get("format") in ("pennypress-state", "pennypress-record"):
            yield doc
        for value in doc.values():
            yield from embedded(value)
    elif isinstance(doc, list):
        for value in doc:
            yield from embedded(value)


def shipped_documents() -> list:
    """Every position and record the project ships or tests with: the JSON files of engine/, examples/
    and tests/, and the position of each shipped puzzle written out as a file would hold it."""
    files = [p for d in ("engine", "examples", "tests") for p in sorted((ROOT / d).rglob("*.json"))]
    documents = [doc for path in files for doc in embedded(json.loads(path.read_text(encoding="utf-8")))]
    puzzles = [p for p in load_puzzles().puzzles if isinstance(p.question, str)]
    return documents + [state_doc(from_text(p.question)) for p in puzzles]


def test_every_shipped_document_is_checked_alike():
    assert agree(puzzle_check(), json.loads((ROOT / "engine" / "puzzles" / "puzzles.json").read_text()))
    kinds = {"pennypress-state": position_check(), "pennypress-record": RECORD_SCHEMA}
    documents = shipped_documents()
    verdicts = [agree(kinds[doc["format"]], doc) for doc in documents]
    positions = sum(isinstance(p.question, str) for p in load_puzzles().puzzles)
    assert len(documents) > positions > 100 and {doc["format"] for doc in documents} == set(kinds)
    assert True in verdicts


@st.composite
def positions(draw):
    players = draw(st.integers(2, 5))
    moves = draw(st.one_of(st.integers(0, 20), st.integers(20, 150)))
    return state_doc(played_state(players, players >= 4 and draw(st.booleans()), draw(st.integers(0, 10**6)),
                                  moves, draw(st.sampled_from(["default", "corrected"])), draw(st.booleans())))


@settings(max_examples=25, **SETTINGS)
@given(positions(), st.randoms(use_true_random=False))
def test_mutated_positions_are_refused_exactly_when_the_reference_refuses(doc, rnd):
    assert agree(position_check(), doc)
    verdicts = {agree(position_check(), mutate(doc, rnd)) for _ in range(25)}
    assert False in verdicts   # the mutations reach refusals, not only harmless changes


def test_mutated_records_and_puzzles_are_checked_alike():
    rnd = random.Random(57)
    record = next(doc for doc in shipped_documents()
                  if doc["format"] == "pennypress-record" and "position" not in doc)   # every part its own schema
    puzzles = json.loads((ROOT / "engine" / "puzzles" / "puzzles.json").read_text())
    one_of_each = {}
    for puzzle in puzzles["puzzles"]:
        one_of_each.setdefault((puzzle.get("kind"), "certificate" in puzzle), puzzle)
    small_set = dict(puzzles, puzzles=list(one_of_each.values()))
    refused = {"record": 0, "puzzles": 0}
    for _ in range(300):
        refused["record"] += not agree(RECORD_SCHEMA, mutate(record, rnd))
        refused["puzzles"] += not agree(puzzle_check(), mutate(small_set, rnd))
    assert min(refused.values()) >= 30


@pytest.mark.parametrize("schema, good, bad", [
    ({"type": "integer"}, [0, -3], [True, 2.0, "1", None]),
    ({"type": ["string", "null"]}, ["", None], [0, []]),
    ({"enum": [1, "a"]}, [1, 1.0, "a"], [True, "b"]),
    ({"const": False}, [False], [0, None]),
    ({"minimum": 1, "maximum": 3}, [1, 3, "x", True], [0, 3.5]),
    ({"pattern": "^a"}, ["ab", 5], ["ba"]),
    ({"minLength": 1, "maxLength": 2}, ["a", 3], ["", "abc"]),
    ({"prefixItems": [{"type": "integer"}], "items": {"type": "string"}}, [[1, "a"], [], "x"], [["a"], [1, 2]]),
    ({"minItems": 1, "maxItems": 2, "uniqueItems": True}, [[1], [1, True]], [[], [1, 2, 3], [1, 1.0]]),
    ({"required": ["a"], "properties": {"a": {"type": "integer"}}, "additionalProperties": False},
     [{"a": 1}, 4], [{}, {"a": "x"}, {"a": 1, "b": 2}]),
    ({"$defs": {"n": {"type": "integer"}}, "items": {"$ref": "#/$defs/n"}}, [[1, 2]], [[1, "2"]]),
    ({"allOf": [{"minimum": 0}, {"maximum": 1}]}, [0, 1], [2]),
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, [1, None], ["1"]),
    ({"if": {"type": "integer"}, "then": {"minimum": 5}, "else": {"type": "string"}}, [5, "a"], [4, None]),
])
def test_each_keyword_means_what_jsonschema_means(schema, good, bad):
    conforms, reference = compile_schema(schema), strict_validator(schema)
    for doc, expected in [(g, True) for g in good] + [(b, False) for b in bad]:
        assert conforms(doc) is reference.is_valid(doc) is expected, doc


def test_a_keyword_it_does_not_know_stops_the_compilation():
    with pytest.raises(UnknownKeyword, match="patternProperties"):
        compile_schema({"patternProperties": {"^a": {"type": "integer"}}})
    with pytest.raises(UnknownKeyword, match="outside"):
        compile_schema({"$ref": "urn:other"})


def test_json_equality_keeps_true_apart_from_one():
    assert json_equal(1, 1.0) and json_equal({"a": [1]}, {"a": [1.0]})
    assert not json_equal(True, 1) and not json_equal([True], [1]) and not json_equal({"a": 1}, {"b": 1})
