"""The state's JSON form (format ``pennypress-state``, version 1); see ``docs/guide/position.md``.

:func:`state_to_json` writes a state; :func:`build_state` reads one back
without checks. Loading a document a person gave goes through
:func:`pennypress.engine.io.validate.load_position` (``State.from_json``), which
checks it completely and raises :class:`~pennypress.errors.BadInput` naming
the field; the two round-trip exactly.

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=3)
>>> doc = state_to_json(s); doc["format"], doc["version"], doc["game"]
('pennypress-state', 1, {'players': 2, 'variants': ['two-player'], 'deck': 'default'})
>>> build_state(doc) == s
True
"""
from __future__ import annotations

from typing import TypeVar

from pennypress.solver.vocab import BEATS

from ..game.definition import GameDefinition
from ..game.stories import Story, kind_text, stack_kinds
from ..position.events import Event
from ..position.position import Phase, PlayerState, Position

P = TypeVar("P", bound=Position)

FORMAT = "pennypress-state"
VERSION = 1


def state_to_json(state: Position) -> dict:
    """The whole state as JSON-ready data (stories as ``beat:shape:stars``)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.definition.to_json(),
        "phase": state.phase.value,
        "ply": state.ply,
        "turn": {
            "player": state.current,
            "turns_left": state.turns_left,
            "pending": list(state.pending),
            "newsboy": state.newsboy,
            "trigger_player": state.trigger_player,
            **({"draw_pending": True} if state.draw_pending else {}),
        },
        "board": {
            b.value: [{"story": str(s), "reporters": list(state.reporters[s])} for s in state.columns[b]]
            for b in BEATS
        },
        "markers": {b.value: state.markers[b] for b in BEATS},
        "bonus": {b.value: state.bonus[b] for b in BEATS},
        "stacks": {kind_text(k): list(state.stacks[k]) for k in stack_kinds()},
        "deck": {"cards": list(state.deck), "order_known": state.deck_known, "discard": list(state.discard)},
        "players": [
            {
                "home": p.home,
                "pennies": p.pennies,
                "circulation": p.circulation,
                "ad": None if p.ad is None else list(p.ad),
                "published": [str(s) for s in p.published],
                "done": p.done,
            }
            for p in state.players
        ],
        "last_event": None if state.last_event is None else state.last_event.to_json(),
    }


def _story(text: str) -> Story:
    return Story.parse(text)


def _cell(value: list | None) -> tuple[int, int] | None:
    return None if value is None else (value[0], value[1])


def build_state(doc: dict, cls: type[P] = Position) -> P:
    """Build the state of a document that :func:`~pennypress.engine.io.validate.load_position` has checked.

    No checks here: :func:`pennypress.engine.io.validate.load_position` checks the
    document (schema, then :mod:`pennypress.engine.rules.status`) around this call.
    """
    definition = GameDefinition.from_json(doc["game"], "position.game")
    turn = doc["turn"]
    columns = {b: [_story(item["story"]) for item in doc["board"][b.value]] for b in BEATS}
    reporters = {
        _story(item["story"]): list(item["reporters"]) for b in BEATS for item in doc["board"][b.value]
    }
    players = [
        PlayerState(
            home=p["home"],
            pennies=p["pennies"],
            circulation=p["circulation"],
            ad=_cell(p["ad"]),
            published=[_story(s) for s in p["published"]],
            done=p["done"],
        )
        for p in doc["players"]
    ]
    return cls(
        definition=definition,
        columns=columns,
        reporters=reporters,
        stacks={k: list(doc["stacks"][kind_text(k)]) for k in stack_kinds()},
        markers={b: doc["markers"][b.value] for b in BEATS},
        bonus={b: doc["bonus"][b.value] for b in BEATS},
        deck=list(doc["deck"]["cards"]),
        deck_known=doc["deck"]["order_known"],
        discard=list(doc["deck"]["discard"]),
        players=players,
        current=turn["player"],
        turns_left=turn["turns_left"],
        newsboy=turn["newsboy"],
        phase=Phase(doc["phase"]),
        pending=list(turn["pending"]),
        trigger_player=turn["trigger_player"],
        draw_pending=turn.get("draw_pending", False),
        ply=doc["ply"],
        last_event=None if doc["last_event"] is None else Event.from_json(doc["last_event"]),
    )
