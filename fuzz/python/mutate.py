"""Structure-aware inputs for the core's reader: a valid position document, changed as a fuzzer's bytes say.

atheris sees only the Python side, so a target that hands the core raw JSON text gets no coverage
back from the core's reader: libFuzzer then keeps the few inputs that reach new Python lines (the
JSON parser's refusals) and the core sees almost nothing but junk. Here the bytes are a program
instead (as ``core/src/fuzzing.rs`` does for cargo-fuzz). The first byte picks a base document from
the position corpus (self-play and the examples, every one valid); each following group of four
bytes -- a place (two bytes), an operation, its argument -- changes one thing in it: a field set to
a value at or just beyond its range, of another type, or one Python's JSON never makes (a float, a
bool, an integer past 64 bits, NaN); an entry removed, duplicated or added; a list emptied or
reversed; a value copied from another place. So every input is a document the core's reader must
read field by field, and most are one or two steps from valid.

>>> base = {"ply": 3, "turn": {"player": 1}}
>>> paths(base)
[(), ('ply',), ('turn',), ('turn', 'player')]
>>> mutated(bytes([0, 1, 0, 4, 0]), [base])   # base 0; place 1 ("ply"); op 4, arg 0: one more
{'ply': 4, 'turn': {'player': 1}}
>>> base == {"ply": 3, "turn": {"player": 1}}  # the base is never changed
True
"""
from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BASES = ROOT / "fuzz" / "corpus" / "position"
"""Where the base documents come from: the position corpus (``fuzz/make_corpus.py``)."""

MAX_CHANGES = 64
"""The most changes one input makes (an input of 1 + 4 * 64 bytes; the rest is ignored)."""

VALUES: tuple[Any, ...] = (
    -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 45, 46, 255, 256, 10_000, 10_001, 65_535, 65_536,
    2**31, 2**32, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**30, True, False, None, 0.0, 1.5, -0.5,
    math.nan, math.inf, "", "x", "war:A:1", "war:E:9", "crime:D:3", "human:A:3", "war", "normal",
    "final-turns", "final-presses", "over", "default", "two-player", "newsboy", [], [0], [0, 0, 0],
    {}, {"story": "war:A:1", "reporters": [0, 0, 0]}, "\n", "\x00", "é",
)
"""Values a field is set to: the ranges' edges and just beyond, other types, other words of the game."""


class Program:
    """The fuzzer's bytes, read a field at a time; past the end every read is 0."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def byte(self) -> int:
        b = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return b

    def word(self) -> int:
        return self.byte() | self.byte() << 8

    @property
    def left(self) -> int:
        return len(self.data) - self.at


def paths(doc: Any, at: tuple = ()) -> list[tuple]:
    """Every place in the document, the root first, in a fixed order (dict keys as stored)."""
    out = [at]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out.extend(paths(value, at + (key,)))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out.extend(paths(value, at + (i,)))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> Any:
    """``doc`` with the value at ``path`` replaced (the root itself when ``path`` is empty)."""
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def change(doc: Any, path: tuple, op: int, arg: int) -> Any:
    """One change at ``path``; returns the document (a new root when the root itself is replaced)."""
    here = _get(doc, path)
    kind = op % 10
    if kind <= 3:                                       # most often: a value from the list
        return _set(doc, path, copy.deepcopy(VALUES[arg % len(VALUES)]))
    if kind == 4 and isinstance(here, int):             # one more or one less, or far off
        return _set(doc, path, here + (1, -1, 2, -2, 100, -100, 2**32, -(2**32))[arg % 8])
    if kind == 5 and path:                              # the entry removed
        parent = _get(doc, path[:-1])
        del parent[path[-1]]
        return doc
    if kind == 6 and isinstance(here, list):            # an entry duplicated, or the list reordered
        if here and arg % 3 == 0:
            here.append(copy.deepcopy(here[arg % len(here)]))
        elif arg % 3 == 1:
            here.reverse()
        else:
            here.clear()
        return doc
    if kind == 7 and isinstance(here, dict):            # a key added (unknown, or copied from a sibling)
        name = ("extra", "", "players", "story", "reporters", "war", "cards", "0")[arg % 8]
        here[name] = copy.deepcopy(VALUES[(arg >> 3) % len(VALUES)])
        return doc
    if kind == 8 and path:                              # the value moved to another type that holds it
        if isinstance(here, (int, float)) and not isinstance(here, bool):
            return _set(doc, path, (float(here), str(here), [here], bool(here))[arg % 4])
        if isinstance(here, str):
            return _set(doc, path, (here.upper(), here + ":", here[:-1], [here])[arg % 4])
        return _set(doc, path, copy.deepcopy(VALUES[arg % len(VALUES)]))
    if kind == 9 and path:                              # the value replaced by another place's
        places = paths(doc)
        return _set(doc, path, copy.deepcopy(_get(doc, places[arg * len(places) // 256])))
    return doc


def mutated(data: bytes, bases: list[Any]) -> Any:
    """The document ``data`` makes: a copy of ``bases[data[0]]`` with a change per 4 bytes after it."""
    program = Program(data)
    doc = copy.deepcopy(bases[program.byte() % len(bases)])
    for _ in range(MAX_CHANGES):
        if program.left <= 0:
            break
        places = paths(doc)
        path = places[program.word() % len(places)]
        doc = change(doc, path, program.byte(), program.byte())
    return doc


_BASES: list[Any] = []


def bases() -> list[Any]:
    """The base documents (read once): every file of the position corpus, by name."""
    if not _BASES:
        _BASES.extend(json.loads(p.read_text(encoding="utf-8")) for p in sorted(BASES.iterdir()) if p.is_file())
    return _BASES


__all__ = ["MAX_CHANGES", "VALUES", "bases", "change", "mutated", "paths"]
