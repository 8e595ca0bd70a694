"""Checking a position document: the one place where every check lives.

:func:`load_position` turns a JSON document (``pennypress-state``, version 1,
``docs/guide/position.md``) into a :class:`~pennypress.engine.position.position.Position`
(or the class asked for), or raises :class:`~pennypress.errors.BadInput` with one
line that names the field, e.g.
``position.players[1]: 6 reporters at home and 0 on the board; a player has 5``.
:meth:`State.from_json <pennypress.engine.io.state.State.from_json>` delegates here,
so loading a saved position and validating a typed one are the same thing.

Two layers, in this order:

1. **Structure** -- ``position_schema.json`` (JSON Schema draft 2020-12):
   fields, types, ranges, enums, story notation. The first error (by
   ``jsonschema``'s ``best_match``) becomes ``path: plain sentence``.
2. **Meaning** -- the state is built and every whole-state rule is asked of
   :func:`pennypress.engine.rules.status.position_problems` (the one place they
   live): sizes that depend on the player count, each story in exactly one
   place, column capacity, 5 reporters per player, markers, pennies, ads,
   cards drawn, turn bookkeeping, the chance node, the last event.

Documents the engine wrote itself may take the trusted fast path
(``load_position(doc, trusted=True)``): no schema, only the cheap invariants.

>>> from pennypress.engine import new_game
>>> doc = new_game(3, seed=1).to_json()
>>> load_position(doc) == new_game(3, seed=1)
True
>>> doc["players"][1]["home"] = 4
>>> load_position(doc)
Traceback (most recent call last):
...
pennypress.errors.BadInput: position.players[1]: 4 reporters at home and 0 on the board; a player has 5
>>> doc["players"][1]["home"] = "five"
>>> load_position(doc)
Traceback (most recent call last):
...
pennypress.errors.BadInput: position.players[1].home: expected a whole number, got "five"
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Iterable, TypeVar

from pennypress.errors import BadInput
from pennypress.solver.vocab import BEATS, Beat, field_names

from ..game.definition import GameDefinition
from ..game.moves import GoToPress, parse_move
from ..game.names import newspaper
from ..game.stories import Story
from ..position.events import END_ONLY, Event
from ..position.position import Phase, Position
from ..rules.actions import legal_moves
from ..rules.status import cheap_problems, position_problems
from .codec import build_state
from .schema_check import compile_schema

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

P = TypeVar("P", bound=Position)
SCHEMA_FILE = "position_schema.json"


# --------------------------------------------------------------- the schema
@lru_cache(maxsize=1)
def position_schema() -> dict:
    """The position format's JSON Schema (``engine/io/position_schema.json``)."""
    return json.loads(resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))


def _is_whole_number(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=1)
def _strict_validator_class() -> type[Draft202012Validator]:
    from jsonschema import Draft202012Validator, validators  # here: only a failing document needs it

    return validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
    )


def strict_validator(schema: dict) -> Draft202012Validator:
    """``jsonschema``'s validator of ``schema``: draft 2020-12 where ``integer`` means a JSON whole number
    written without a fraction (``2``, not ``2.0``). ``jsonschema`` is imported on the first call, so
    loading documents that conform (checked by :mod:`.schema_check`) never imports it."""
    return _strict_validator_class()(schema)


class SchemaCheck:
    """One schema, checked fast and worded by ``jsonschema``.

    Most documents conform, so the answer for them comes from the schema
    compiled once into plain checks (:mod:`.schema_check`); only a document
    that fails is walked by ``jsonschema`` to find and name its error.
    """

    def __init__(self, schema: dict):
        self.schema = schema
        self.conforms = compile_schema(schema)
        self._validator: Draft202012Validator | None = None

    @property
    def validator(self) -> Draft202012Validator:
        """The reference validator, built the first time an error must be worded."""
        if self._validator is None:
            self._validator = strict_validator(self.schema)
        return self._validator

    def problem(self, doc: Any, root: str) -> str | None:
        """The most relevant schema error as ``path: sentence``, or ``None`` if ``doc`` conforms."""
        if self.conforms(doc):
            return None
        from jsonschema.exceptions import best_match  # here: only a failing document needs it

        error = best_match(self.validator.iter_errors(doc))
        if error is None:
            return None
        return f"{field_path(root, error.absolute_path) or root}: {_sentence(error)}"


@lru_cache(maxsize=1)
def position_check() -> SchemaCheck:
    """The position schema, ready to check documents."""
    return SchemaCheck(position_schema())


def field_path(root: str, path: Iterable[Any]) -> str:
    """``("players", 1, "home")`` under ``position`` -> ``position.players[1].home``."""
    out = root
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


_TYPE_NAMES = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "array": "a list",
    "object": "a JSON object",
    "boolean": "true or false",
    "null": "null",
}


def _shown(value: Any, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _story_pattern_problem(value: Any, pattern: str) -> str:
    """Why ``value`` is not a story (of the column's beat, for a column pattern)."""
    try:
        story = Story.parse(value)
    except BadInput as exc:
        return str(exc)
    beat = pattern[1:].split(":", 1)[0]
    if beat in {b.value for b in BEATS} and story.beat.value != beat:
        return f"{story} is not a {Beat(beat).title} story (it belongs in the {story.beat.value} column)"
    if str(story) != value:
        return f"write the story as {story}, got {_shown(value)}"
    return f"expected a story beat:shape:stars such as war:D:3, got {_shown(value)}"


def _sentence(error: ValidationError) -> str:
    """A plain-language sentence for one schema error (without the field path)."""
    kind, schema, value = error.validator, error.schema, error.instance
    if kind == "required":
        missing = [k for k in schema["required"] if isinstance(value, dict) and k not in value]
        return f"missing {', '.join(missing)}"
    if kind == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        unknown = [k for k in value if k not in allowed]
        hint = f" (expected {', '.join(allowed)})" if len(allowed) <= 6 else ""
        return f"unknown field(s) {field_names(unknown)}{hint}"
    if kind == "type":
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        return f"expected {' or '.join(_TYPE_NAMES.get(t, t) for t in types)}, got {_shown(value)}"
    if kind in ("minimum", "maximum"):
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if lo is not None and hi is not None:
            return f"expected a whole number from {lo} to {hi}, got {_shown(value)}"
        return f"expected at least {lo}, got {_shown(value)}" if lo is not None else f"expected at most {hi}, got {_shown(value)}"
    if kind == "enum":
        return f"expected one of {', '.join(map(str, schema['enum']))}, got {_shown(value)}"
    if kind == "const":
        if error.path and error.path[-1] == "version":
            return f"this program reads version {schema['const']}, got {_shown(value)}"
        return f"expected {_shown(schema['const'])}, got {_shown(value)}"
    if kind == "pattern":
        if ":[ABCD]:[123]" in schema["pattern"]:
            return _story_pattern_problem(value, schema["pattern"])
        return f"{_shown(value)} does not have the expected form"
    if kind in ("minItems", "maxItems"):
        if "prefixItems" in schema:
            return f"expected a cell [x, y] (x = column 0..3, y = row 0..2) or null, got {_shown(value)}"
        lo, hi = schema.get("minItems", 0), schema.get("maxItems")
        span = f"{lo} to {hi}" if hi is not None and lo else (f"at most {hi}" if hi is not None else f"at least {lo}")
        return f"expected {span} entries, got {len(value)}"
    if kind == "uniqueItems":
        seen: list = []
        for item in value:
            if item in seen:
                return f"{_shown(item)} appears more than once"
            seen.append(item)
    if kind == "minLength":
        return "must not be empty"
    return error.message.replace("\n", " ")


def check_schema(doc: Any, schema: SchemaCheck, root: str) -> None:
    """Raise :class:`BadInput` for the most relevant schema error, naming the field."""
    problem = schema.problem(doc, root)
    if problem is not None:
        raise BadInput(problem)


# --------------------------------------------------------------- the meaning
def _event_problem(doc: dict, root: str) -> str | None:
    """What keeps the last event from being read at all (its notation), as ``path: sentence``."""
    ev = doc["last_event"]
    if ev is None:
        return None
    if ev["move"] not in ("setup", END_ONLY):
        try:
            move = parse_move(ev["move"])
        except BadInput as exc:
            return f"{root}.last_event.move: {exc}"
        if "press" in ev and not isinstance(move, GoToPress):
            return f"{root}.last_event.press: the move {ev['move']!r} is not a press"
    if "press" in ev:
        try:
            parse_move(f"press {ev['press']['page']}")
        except BadInput as exc:
            return f"{root}.last_event.press.page: {exc}"
    try:
        Event.from_json(ev)
    except (BadInput, KeyError, TypeError, ValueError) as exc:
        return f"{root}.last_event: malformed ({exc})"
    return None


# --------------------------------------------------------------- entry points
def check_position(doc: Any, root: str = "position") -> None:
    """Raise :class:`BadInput` naming the first problem of a position document (schema, then meaning)."""
    load_position(doc, root)


def load_position(doc: Any, root: str = "position", trusted: bool = False, cls: type[P] = Position) -> P:
    """Check a position document and build its state; :class:`BadInput` names the field.

    ``root`` prefixes the field paths in messages (``record.position`` inside a
    game record). Untrusted input (the default) gets every check: the JSON
    Schema, then every whole-state rule (:func:`~pennypress.engine.rules.status.position_problems`).
    ``trusted=True`` is the fast path for documents the engine wrote itself
    (a cache, a worker's result): no schema, and only the cheap invariants
    (:func:`~pennypress.engine.rules.status.cheap_problems`); a malformed document
    may then fail with any exception, so never use it for what a person typed.
    The position is built as ``cls`` (:meth:`State.from_json <pennypress.engine.io.state.State.from_json>`
    asks for a :class:`~pennypress.engine.io.state.State`).
    """
    if trusted:
        state = build_state(doc, cls)
        problems = cheap_problems(state)
        if problems:
            raise BadInput(problems[0].text(root))
        return state
    check_schema(doc, position_check(), root)
    GameDefinition.from_json(doc["game"], f"{root}.game")
    problem = _event_problem(doc, root)
    if problem is not None:
        raise BadInput(problem)
    state = build_state(doc, cls)
    problems = position_problems(state)
    if problems:
        raise BadInput(problems[0].text(root))
    return state


def position_summary(state: Position) -> dict:
    """Who plays, the phase, whose turn, scores: a short JSON summary of a position."""
    over = state.is_over
    return {
        "valid": True,
        "players": state.n_players,
        "variants": list(state.definition.variants),
        "deck": state.definition.deck_name,
        "phase": state.phase.value,
        "ply": state.ply,
        "to_move": None if over else state.current,
        "turns_left": None if over else state.turns_left,
        "newsboy": state.newsboy,
        "scores": [p.circulation for p in state.players],
        "pennies": [p.pennies for p in state.players],
        "published": [len(p.published) for p in state.players],
        "winners": list(state.winners),
        "top_beats": sorted((b.value for b in state.top_beats()), key=lambda v: [b.value for b in BEATS].index(v)),
        "legal_moves": len(legal_moves(state)),
    }


def summary_line(state: Position) -> str:
    """One line for a person: ``valid position: 3 players, normal play, ply 5, player 2 to move; scores 0, 0, 0``."""
    variants = state.definition.chosen_variants
    game = f"{state.n_players} players" + (f" ({', '.join(variants)})" if variants else "")
    scores = ", ".join(str(p.circulation) for p in state.players)
    if state.is_over:
        who = "game over, won by " + " and ".join(newspaper(w) for w in state.winners)
    else:
        who = f"{state.phase.value if state.phase is not Phase.NORMAL else 'normal play'}, {newspaper(state.current)} to move"
    return f"valid position: {game}, ply {state.ply}, {who}; scores {scores}"
