"""Game records: how a game started and every move, replayed with each move checked.

A record (format ``pennypress-record``, version 1; ``docs/guide/record.md``) is the
game (players, variants, deck), one start -- a ``seed`` (the engine's seeded
setup), the ``setup_cards`` drawn at a real table, or a whole ``position`` --
then the ``moves`` in the engine's notation (:mod:`pennypress.engine.game.moves`),
press pages written out, and optionally the ``final_scores`` and ``winners``.
A move is a string, or ``{"move": ..., "card": ..., "note": ...}`` where
``card`` is the headline card drawn after that press: required when the deck
order is unknown (it pins the draw), checked against the deck otherwise.

:func:`replay` plays the record move by move; an illegal move, a card that
does not match, or final scores that differ raise
:class:`~pennypress.errors.BadInput` naming the move number and why.
:class:`Recorder` writes a record while a game is played
(:func:`pennypress.engine.arena.recorded.record_selfplay` records a seeded bot game).

>>> from pennypress.engine import GameDefinition
>>> from pennypress.engine.arena.recorded import record_selfplay
>>> doc, final = record_selfplay(GameDefinition.create(3), seed=4, bot="random")
>>> doc["format"], doc["seed"], len(doc["moves"]) == final.ply
('pennypress-record', 4, True)
>>> result = replay(doc)
>>> result.state == final, result.scores == doc["final_scores"]
(True, True)
>>> doc["moves"][0] = "assign 6 war:A:1"
>>> replay(doc)
Traceback (most recent call last):
...
pennypress.errors.BadInput: record.moves[0]: move 1 (The Times: 'assign 6 war:A:1') is illegal: war:A:1 is not on the board
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from pennypress.errors import BadInput

from ..game.definition import GameDefinition
from ..game.errors import IllegalMove
from ..game.moves import GoToPress, Move, parse_move
from ..game.names import newspaper
from ..position.events import Event
from ..position.position import Phase
from ..rules.setup import deal
from .state import State, empty_state, new_game
from .validate import SchemaCheck, check_schema, position_schema

FORMAT = "pennypress-record"
VERSION = 1
STARTS = ("seed", "setup_cards", "position")


def _record_schema() -> dict:
    defs = position_schema()["$defs"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Penny Press game record (pennypress-record, version 1)",
        "type": "object",
        "required": ["format", "version", "game", "moves"],
        "additionalProperties": False,
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "title": {"type": "string"},
            "notes": {"type": "string"},
            "game": position_schema()["properties"]["game"],
            "seed": {"type": "integer"},
            "setup_cards": {"type": "array", "uniqueItems": True, "minItems": 2, "maxItems": 5, "items": defs["card"]},
            "position": {"type": "object"},
            "moves": {
                "type": "array",
                "items": {
                    "type": ["string", "object"],
                    "minLength": 1,
                    "required": ["move"],
                    "additionalProperties": False,
                    "properties": {
                        "move": {"type": "string", "minLength": 1},
                        "card": defs["card"],
                        "note": {"type": "string"},
                    },
                },
            },
            "final_scores": {"type": "array", "minItems": 2, "maxItems": 5, "items": {"type": "integer", "minimum": 0}},
            "winners": {"type": "array", "uniqueItems": True, "items": defs["player"]},
        },
    }


_SCHEMA = SchemaCheck(_record_schema())


# ------------------------------------------------------------------ replaying
@dataclass(frozen=True)
class ReplayedPress:
    """One press of a replayed game: the move number (1-based) and what it did."""

    number: int
    event: Event

    def to_json(self) -> dict:
        press = self.event.press
        assert press is not None
        return {
            "move": self.number,
            "player": press.player,
            "claimed": [str(s) for s in press.claimed],
            "page": str(press.page),
            "unpublished": [str(s) for s in press.unpublished],
            "total": press.total,
            "gain": press.gain,
            "scoops": [s.to_json() for s in press.scoops],
            "card": press.card,
            "final_edition": press.final_edition,
        }


@dataclass
class Replay:
    """The outcome of :func:`replay`: the start and final states and every move's event."""

    record: dict
    start: State
    state: State
    events: list[Event] = field(default_factory=list)

    @property
    def scores(self) -> list[int]:
        return [p.circulation for p in self.state.players]

    @property
    def presses(self) -> list[ReplayedPress]:
        return [ReplayedPress(k, e) for k, e in enumerate(self.events, 1) if e.press is not None]

    def summary(self, verbose: bool = False) -> dict:
        """The replay as JSON data: moves, final scores, winners, and per press player, total and gain."""
        state, doc = self.state, self.record
        start_kind = next(k for k in STARTS if k in doc)
        out: dict[str, Any] = {
            "title": doc.get("title"),
            "players": state.n_players,
            "variants": list(state.definition.variants),
            "deck": state.definition.deck_name,
            "start": start_kind,
            "moves": len(self.events),
            "over": state.is_over,
            "phase": state.phase.value,
            "final_scores": self.scores,
            "winners": list(state.winners),
            "checked": {k: k in doc for k in ("final_scores", "winners")},
            "presses": [p.to_json() for p in self.presses],
            "bonuses": [b.to_json() for b in state.last_event.end.bonuses]
            if state.is_over and state.last_event is not None and state.last_event.end is not None
            else [],
        }
        if start_kind == "seed":
            out["seed"] = doc["seed"]
        if verbose:
            out["log"] = [{"move": k, "player": e.player, "notation": e.move} for k, e in enumerate(self.events, 1)]
        return out


def _fail(path: str, message: str) -> None:
    raise BadInput(f"{path}: {message}")


def start_state(doc: dict, root: str = "record") -> State:
    """The position a checked record starts from (seeded setup, dealt setup cards, or a position)."""
    definition = GameDefinition.from_json(doc["game"], f"{root}.game")
    starts = [k for k in STARTS if k in doc]
    if len(starts) != 1:
        got = " and ".join(starts) if starts else "none"
        _fail(root, f"give exactly one start: seed, setup_cards or position (got {got})")
    if "seed" in doc:
        return new_game(definition, seed=doc["seed"])
    if "setup_cards" in doc:
        cards = doc["setup_cards"]
        if len(cards) != definition.players:
            _fail(f"{root}.setup_cards", f"expected {definition.players} cards (one per player at setup), got {len(cards)}")
        state = empty_state(definition)
        state.deck = list(cards) + [c for c in state.deck if c not in cards]
        state.deck_known = True
        deal(state)
        state.deck_known = False  # the rest of the deck is unknown: each press's card is in the record
        return state
    state = State.from_json(doc["position"], f"{root}.position")
    if state.definition != definition:
        _fail(f"{root}.position.game", f"{state.definition.to_json()} does not match {root}.game {definition.to_json()}")
    return state


@dataclass(frozen=True)
class ReplayStep:
    """One move of a replayed record, for a visitor: the position before it, the move, what it did.

    ``number`` is the move's 1-based number in the record, ``path`` its place
    in the document (``record.moves[k]``), ``before`` a copy of the position
    the player faced (the audit grades the decision from it), ``card`` the
    headline card drawn after it (``None`` if none).
    """

    number: int
    path: str
    before: State
    move: Move
    event: Event
    note: str | None = None

    @property
    def player(self) -> int:
        return self.before.current

    @property
    def card(self) -> int | None:
        return self.event.press.card if self.event.press is not None else None


Visitor = Callable[[ReplayStep], None]


def _play_entry(state: State, move: Move, card: int | None, path: str, label: str) -> Event:
    """Play one record entry: the move, then its headline card through the chance node."""
    normal = state.phase is Phase.NORMAL
    try:
        event = state.apply(move)
    except IllegalMove as exc:  # pragma: no cover - the caller checked why_illegal
        _fail(path, f"{label} is illegal: {exc}")
    if not state.is_chance_node():
        if card is not None:
            if event.press is None:
                why = "it is not a press"
            elif not normal:
                why = "no card is drawn in the final edition"
            elif event.press.final_edition:
                why = "this press triggers the final edition, so no card is drawn"
            else:
                why = "the deck is empty"
            _fail(f"{path}.card", f"{label}: the record names headline card {card}, but {why}")
        return event
    if card is None:
        if not state.deck_known:
            _fail(path, f"{label}: the deck order is unknown, so the record must name the headline card "
                  "drawn after this press (\"card\")")
        card = state.deck[0]
    elif state.deck_known and card in state.deck and state.deck[0] != card:
        _fail(f"{path}.card", f"{label}: the record says headline card {card} was drawn, the deck gives "
              f"card {state.deck[0]}")
    elif card not in state.deck:
        _fail(f"{path}.card", f"{label}: headline card {card} is not in the deck (drawn already: "
              f"{', '.join(map(str, state.discard))})")
    return state.apply_chance(card)


def replay(doc: Any, root: str = "record", visit: Visitor | None = None) -> Replay:
    """Replay a record move by move, checking each; :class:`BadInput` names the move number and why.

    ``visit`` (optional) is called once per move with a :class:`ReplayStep`:
    the position before the move, the move and its event.
    """
    check_schema(doc, _SCHEMA, root)
    start = start_state(doc, root)
    state = start.clone()
    events: list[Event] = []
    for k, entry in enumerate(doc["moves"], 1):
        path = f"{root}.moves[{k - 1}]"
        text, card = (entry, None) if isinstance(entry, str) else (entry["move"], entry.get("card"))
        note = None if isinstance(entry, str) else entry.get("note")
        if state.is_over:
            _fail(path, f"move {k} ({text!r}): the game is already over after move {k - 1}")
        player = state.current
        label = f"move {k} ({newspaper(player)}: {text!r})"
        try:
            move = parse_move(text)
        except BadInput as exc:
            _fail(path, f"move {k}: {exc}")
        reason = state.why_illegal(move)
        if reason is not None:
            _fail(path, f"{label} is illegal: {reason}")
        before = state.clone() if visit is not None else None
        event = _play_entry(state, move, card, path, label)
        events.append(event)
        if visit is not None:
            visit(ReplayStep(k, path, before, move, event, note))
    result = Replay(doc, start, state, events)
    if "final_scores" in doc and doc["final_scores"] != result.scores:
        over = "" if state.is_over else f" (the game is not over after {len(events)} moves)"
        _fail(f"{root}.final_scores", f"the record expects {doc['final_scores']}, the replay gives {result.scores}{over}")
    if "winners" in doc and doc["winners"] != list(state.winners):
        over = "" if state.is_over else f" (the game is not over after {len(events)} moves)"
        _fail(f"{root}.winners", f"the record expects {doc['winners']}, the replay gives {list(state.winners)}{over}")
    return result


def dumps_record(doc: dict) -> str:
    """A record as JSON text for people: one move per line (``json.loads`` gives ``doc`` back)."""
    items = list(doc.items())
    lines = ["{"]
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "moves" and value:
            inner = ",\n".join("    " + json.dumps(m, ensure_ascii=False) for m in value)
            lines.append(f'  "moves": [\n{inner}\n  ]{comma}')
        elif key == "position":
            text = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n  ")
            lines.append(f'  "position": {text}{comma}')
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ recording
class Recorder:
    """Plays moves on a state and writes them down as a record.

    A press with no page (``press``, the optimal page) is written, and played,
    with its page spelled out, so the record replays to an equal state; the
    headline card drawn after a press is written next to it.
    """

    def __init__(self, state: State, start: dict, title: str | None = None, notes: str | None = None):
        self.state = state
        self.start = dict(start)
        self.title = title
        self.notes = notes
        self.entries: list[str | dict] = []

    @classmethod
    def from_seed(cls, definition: GameDefinition, seed: int, **kw: Any) -> "Recorder":
        return cls(new_game(definition, seed=seed), {"seed": seed}, **kw)

    @classmethod
    def from_position(cls, state: State, **kw: Any) -> "Recorder":
        """Record from any position (a copy of ``state``; the record holds its JSON)."""
        return cls(state.clone(), {"position": state.to_json()}, **kw)

    def play(self, move: Move, rng: Any = None, note: str | None = None) -> Event:
        """Play ``move`` (raises :class:`IllegalMove`) and write it down; returns the event."""
        event = self.state.play(move, rng)
        self.write(event, note)
        return event

    def write(self, event: Event, note: str | None = None) -> None:
        """Write down a move already played on :attr:`state` (its event, chance node resolved).

        A press is written with its page spelled out, so the record replays
        to an equal state whichever solver ran.
        """
        entry: dict[str, Any] = {"move": event.move}
        if event.press is not None:
            entry["move"] = str(GoToPress(event.press.page))
            if event.press.card is not None:
                entry["card"] = event.press.card
        if note:
            entry["note"] = note
        self.entries.append(entry if len(entry) > 1 else entry["move"])

    def record(self, final_scores: bool = True) -> dict:
        """The record so far (with the current scores and, once the game is over, the winners)."""
        doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.title:
            doc["title"] = self.title
        if self.notes:
            doc["notes"] = self.notes
        doc["game"] = self.state.definition.to_json()
        doc.update(copy.deepcopy(self.start))
        doc["moves"] = list(self.entries)
        if final_scores:
            doc["final_scores"] = [p.circulation for p in self.state.players]
            if self.state.is_over:
                doc["winners"] = list(self.state.winners)
        return doc
