"""A JSON Schema turned once into plain Python checks: the fast answer to "does it conform?".

``jsonschema`` walks the schema afresh for every document (a new validator
object for every keyword it descends into), which made checking a position
the slowest part of loading one. :func:`compile_schema` reads the same schema
file once and returns a predicate built from closures, one per keyword, with
``jsonschema``'s meaning of each (draft 2020-12, ``integer`` a whole number
written without a fraction). The schema file stays the one place the format
is written: a document that does not conform is handed to ``jsonschema`` to
find and word the error (:meth:`pennypress.engine.io.validate.SchemaCheck.problem`),
so only the answer for valid documents is computed here.

Only the keywords the project's schemas use are understood; any other keyword
stops the compilation (:class:`UnknownKeyword`), so a schema that grows a new
keyword cannot be checked loosely without anyone noticing.
``tests/positions/test_schema_check.py`` proves the predicate agrees with
``jsonschema`` on every shipped document and on mutated ones.

>>> conforms = compile_schema({"type": "object", "required": ["n"],
...                            "properties": {"n": {"type": "integer", "minimum": 1}}})
>>> conforms({"n": 2}), conforms({"n": 0}), conforms({"n": 2.0}), conforms({"n": True})
(True, False, False, False)
"""
from __future__ import annotations

import re
from typing import Any, Callable

Check = Callable[[Any], bool]

ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "examples", "default", "$defs"})
"""Keywords that say something about a schema but check nothing."""


class UnknownKeyword(ValueError):
    """The schema uses a keyword this module does not check."""


def _is_integer(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


TYPES: dict[str, Check] = {
    "integer": _is_integer,
    "number": _is_number,
    "string": lambda x: isinstance(x, str),
    "boolean": lambda x: isinstance(x, bool),
    "null": lambda x: x is None,
    "array": lambda x: isinstance(x, list),
    "object": lambda x: isinstance(x, dict),
}


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema means it: ``true`` is not ``1``, ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, (dict, list)) or isinstance(b, (dict, list)):
        return False
    return a == b


def _key(x: Any) -> Any:
    """A hashable stand-in for a JSON value, equal exactly when :func:`json_equal` says so."""
    if isinstance(x, bool) or x is None:
        return (0, x)
    if isinstance(x, (int, float)):
        return (1, x)
    if isinstance(x, str):
        return (2, x)
    if isinstance(x, list):
        return (3, tuple(_key(v) for v in x))
    return (4, frozenset((k, _key(v)) for k, v in x.items()))


def _unique(items: list) -> bool:
    return len({_key(v) for v in items}) == len(items)


class _Compiler:
    """Compiles one root schema; ``$ref`` is resolved within it, each target once."""

    def __init__(self, root: dict):
        self.root = root
        self.refs: dict[str, Check] = {}

    def ref(self, pointer: str) -> Check:
        if not pointer.startswith("#"):
            raise UnknownKeyword(f"$ref outside the schema: {pointer}")
        if pointer not in self.refs:
            slot: list[Check] = []
            self.refs[pointer] = lambda x: slot[0](x)      # recursion-safe until compiled
            target: Any = self.root
            for part in filter(None, pointer[1:].split("/")):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            slot.append(self.compile(target))
            self.refs[pointer] = slot[0]
        return self.refs[pointer]

    def compile(self, schema: Any) -> Check:
        if schema is True:
            return lambda x: True
        if schema is False:
            return lambda x: False
        checks = [c for key, value in schema.items() if (c := self.keyword(key, value, schema)) is not None]
        if len(checks) == 1:
            return checks[0]
        return lambda x: all(check(x) for check in checks)

    def keyword(self, key: str, value: Any, schema: dict) -> Check | None:
        if key in ANNOTATIONS or key in ("then", "else"):
            return None
        make = getattr(self, "k_" + key.lstrip("$"), None)
        if make is None:
            raise UnknownKeyword(key)
        return make(value, schema)

    # ---------------------------------------------------------------- any type
    def k_ref(self, value: str, _schema: dict) -> Check:
        return self.ref(value)

    def k_type(self, value: Any, _schema: dict) -> Check:
        tests = [TYPES[t] for t in (value if isinstance(value, list) else [value])]
        return tests[0] if len(tests) == 1 else (lambda x: any(t(x) for t in tests))

    def k_enum(self, value: list, _schema: dict) -> Check:
        return lambda x: any(json_equal(x, v) for v in value)

    def k_const(self, value: Any, _schema: dict) -> Check:
        return lambda x: json_equal(x, value)

    def k_allOf(self, value: list, _schema: dict) -> Check:
        parts = [self.compile(s) for s in value]
        return lambda x: all(p(x) for p in parts)

    def k_anyOf(self, value: list, _schema: dict) -> Check:
        parts = [self.compile(s) for s in value]
        return lambda x: any(p(x) for p in parts)

    def k_if(self, value: Any, schema: dict) -> Check:
        cond = self.compile(value)
        then = self.compile(schema.get("then", True))
        other = self.compile(schema.get("else", True))
        return lambda x: then(x) if cond(x) else other(x)

    # ---------------------------------------------------------------- numbers
    def k_minimum(self, value: float, _schema: dict) -> Check:
        return lambda x: not _is_number(x) or x >= value

    def k_maximum(self, value: float, _schema: dict) -> Check:
        return lambda x: not _is_number(x) or x <= value

    # ---------------------------------------------------------------- strings
    def k_pattern(self, value: str, _schema: dict) -> Check:
        search = re.compile(value).search
        return lambda x: not isinstance(x, str) or search(x) is not None

    def k_minLength(self, value: int, _schema: dict) -> Check:
        return lambda x: not isinstance(x, str) or len(x) >= value

    def k_maxLength(self, value: int, _schema: dict) -> Check:
        return lambda x: not isinstance(x, str) or len(x) <= value

    # ---------------------------------------------------------------- arrays
    def k_items(self, value: Any, schema: dict) -> Check:
        item, start = self.compile(value), len(schema.get("prefixItems", ()))
        return lambda x: not isinstance(x, list) or all(item(v) for v in x[start:])

    def k_prefixItems(self, value: list, _schema: dict) -> Check:
        parts = [self.compile(s) for s in value]
        return lambda x: not isinstance(x, list) or all(p(v) for p, v in zip(parts, x))

    def k_minItems(self, value: int, _schema: dict) -> Check:
        return lambda x: not isinstance(x, list) or len(x) >= value

    def k_maxItems(self, value: int, _schema: dict) -> Check:
        return lambda x: not isinstance(x, list) or len(x) <= value

    def k_uniqueItems(self, value: bool, _schema: dict) -> Check | None:
        return (lambda x: not isinstance(x, list) or _unique(x)) if value else None

    # ---------------------------------------------------------------- objects
    def k_required(self, value: list, _schema: dict) -> Check:
        return lambda x: not isinstance(x, dict) or all(k in x for k in value)

    def k_properties(self, value: dict, _schema: dict) -> Check:
        parts = [(k, self.compile(s)) for k, s in value.items()]

        def check(x: Any) -> bool:
            if isinstance(x, dict):
                for k, part in parts:
                    if k in x and not part(x[k]):
                        return False
            return True
        return check

    def k_additionalProperties(self, value: Any, schema: dict) -> Check:
        if schema.get("patternProperties"):
            raise UnknownKeyword("patternProperties")
        known, extra = frozenset(schema.get("properties", ())), self.compile(value)
        return lambda x: not isinstance(x, dict) or all(extra(v) for k, v in x.items() if k not in known)


def compile_schema(schema: dict) -> Check:
    """A predicate that is true exactly for the documents ``schema`` accepts (see the module's note)."""
    return _Compiler(schema).compile(schema)
