"""The state's JSON form (format ``pennypress-state``, version 1); see ``docs/position.md``.

:func:`state_to_json` and :func:`state_from_json` round-trip exactly:
``state_from_json(state_to_json(s)) == s``. Loading checks the structure
and the conservation rules (5 reporters each, 60 stories, 45 cards) and
raises :class:`~pennypress.solver.errors.BadInput` naming the field.

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=3)
>>> doc = state_to_json(s); doc["format"], doc["version"], doc["game"]
('pennypress-state', 1, {'players': 2, 'variants': ['two-player'], 'deck': 'default'})
>>> state_from_json(doc) == s
True
"""
from __future__ import annotations

from typing import Any

from pennypress.solver.errors import BadInput
from pennypress.solver.problem import parse_cell
from pennypress.solver.vocab import BEATS, Beat

from .definition import GameDefinition
from .events import Event
from .state import Phase, PlayerState, State
from .stories import ALL_STORIES, Story, kind_text, stack_kinds
from .tables import BONUS_MAX, BONUS_START, COLUMN_CAPACITY, MAX_POSITION, REPORTERS, STARS

FORMAT = "pennypress-state"
VERSION = 1


def state_to_json(state: State) -> dict:
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


def _obj(doc: Any, where: str, keys: set[str]) -> dict:
    if not isinstance(doc, dict):
        raise BadInput(f"{where}: expected a JSON object")
    missing = sorted(keys - set(doc))
    if missing:
        raise BadInput(f"{where}: missing {', '.join(missing)}")
    unknown = sorted(set(doc) - keys)
    if unknown:
        raise BadInput(f"{where}: unknown field(s) {', '.join(unknown)}")
    return doc


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise BadInput(f"{where}: expected a whole number from {lo} to {hi}, got {v!r}")
    return v


def _list(v: Any, where: str) -> list:
    if not isinstance(v, list):
        raise BadInput(f"{where}: expected a list")
    return v


def _story(v: Any, where: str) -> Story:
    try:
        return Story.parse(v)
    except BadInput as exc:
        raise BadInput(f"{where}: {exc}") from None


def _player(v: Any, where: str, n: int, allow_none: bool = True) -> int | None:
    if v is None and allow_none:
        return None
    return _int(v, where, 0, n - 1)


def state_from_json(doc: Any) -> State:
    """Rebuild a state; :class:`BadInput` names the first problem found."""
    doc = _obj(doc, "position", {"format", "version", "game", "phase", "ply", "turn", "board", "markers",
                                 "bonus", "stacks", "deck", "players", "last_event"})
    if doc["format"] != FORMAT:
        raise BadInput(f"position.format: expected {FORMAT!r}, got {doc['format']!r}")
    if doc["version"] != VERSION:
        raise BadInput(f"position.version: this program reads version {VERSION}, got {doc['version']!r}")
    definition = GameDefinition.from_json(doc["game"], "position.game")
    n = definition.players
    try:
        phase = Phase(doc["phase"])
    except ValueError:
        raise BadInput(f"position.phase: expected one of {', '.join(p.value for p in Phase)}, got {doc['phase']!r}") from None
    turn = _obj(doc["turn"], "position.turn", {"player", "turns_left", "pending", "newsboy", "trigger_player"})

    columns: dict[Beat, list[Story]] = {}
    reporters: dict[Story, list[int]] = {}
    board = _obj(doc["board"], "position.board", {b.value for b in BEATS})
    for b in BEATS:
        columns[b] = []
        for i, item in enumerate(_list(board[b.value], f"position.board.{b.value}")):
            w = f"position.board.{b.value}[{i}]"
            item = _obj(item, w, {"story", "reporters"})
            story = _story(item["story"], f"{w}.story")
            if story.beat is not b:
                raise BadInput(f"{w}.story: {story} is not a {b.title} story")
            counts = _list(item["reporters"], f"{w}.reporters")
            if len(counts) != n:
                raise BadInput(f"{w}.reporters: expected {n} counts (one per player), got {len(counts)}")
            if story in reporters:
                raise BadInput(f"{w}.story: {story} is on the board twice")
            reporters[story] = [_int(c, f"{w}.reporters[{k}]", 0, REPORTERS) for k, c in enumerate(counts)]
            columns[b].append(story)
        height = sum(s.spaces for s in columns[b])
        if height > COLUMN_CAPACITY:
            raise BadInput(f"position.board.{b.value}: the stories take {height} spaces, the column has {COLUMN_CAPACITY}")

    markers_doc = _obj(doc["markers"], "position.markers", {b.value for b in BEATS})
    markers = {b: _int(markers_doc[b.value], f"position.markers.{b.value}", 0, MAX_POSITION) for b in BEATS}
    bonus_doc = _obj(doc["bonus"], "position.bonus", {b.value for b in BEATS})
    bonus = {b: _int(bonus_doc[b.value], f"position.bonus.{b.value}", BONUS_START, BONUS_MAX) for b in BEATS}

    stacks_doc = _obj(doc["stacks"], "position.stacks", {kind_text(k) for k in stack_kinds()})
    stacks = {}
    for k in stack_kinds():
        w = f"position.stacks.{kind_text(k)}"
        stars = [_int(v, f"{w}[{i}]", min(STARS), max(STARS)) for i, v in enumerate(_list(stacks_doc[kind_text(k)], w))]
        if stars != sorted(set(stars)):
            raise BadInput(f"{w}: expected distinct stars in star order, 1★ on top, got {stars}")
        stacks[k] = stars

    deck_doc = _obj(doc["deck"], "position.deck", {"cards", "order_known", "discard"})
    ids = set(definition.deck.ids)
    deck = [_int(c, f"position.deck.cards[{i}]", 1, max(ids)) for i, c in enumerate(_list(deck_doc["cards"], "position.deck.cards"))]
    discard = [_int(c, f"position.deck.discard[{i}]", 1, max(ids)) for i, c in enumerate(_list(deck_doc["discard"], "position.deck.discard"))]
    if not isinstance(deck_doc["order_known"], bool):
        raise BadInput("position.deck.order_known: expected true or false")
    if sorted(deck + discard) != sorted(ids):
        raise BadInput(f"position.deck: the deck and discard pile must hold each of the {len(ids)} cards exactly once")

    players_doc = _list(doc["players"], "position.players")
    if len(players_doc) != n:
        raise BadInput(f"position.players: expected {n} players, got {len(players_doc)}")
    players = []
    for i, p in enumerate(players_doc):
        w = f"position.players[{i}]"
        p = _obj(p, w, {"home", "pennies", "circulation", "ad", "published", "done"})
        if not isinstance(p["done"], bool):
            raise BadInput(f"{w}.done: expected true or false")
        players.append(
            PlayerState(
                home=_int(p["home"], f"{w}.home", 0, REPORTERS),
                pennies=_int(p["pennies"], f"{w}.pennies", 0, definition.final_edition_presses),
                circulation=_int(p["circulation"], f"{w}.circulation", 0, 10**6),
                ad=None if p["ad"] is None else parse_cell(p["ad"], f"{w}.ad"),
                published=[_story(s, f"{w}.published[{k}]") for k, s in enumerate(_list(p["published"], f"{w}.published"))],
                done=p["done"],
            )
        )
        on_board = sum(r[i] for r in reporters.values())
        if players[-1].home + on_board != REPORTERS:
            raise BadInput(f"{w}: {players[-1].home} reporters at home and {on_board} on the board; a player has {REPORTERS}")

    seen: dict[Story, str] = {s: "the board" for s in reporters}
    for k, stars in stacks.items():
        for st in stars:
            seen[Story(k[0], k[1], st)] = f"stack {kind_text(k)}"
    for i, p in enumerate(players):
        for s in p.published:
            if s in seen:
                raise BadInput(f"position.players[{i}].published: {s} is also in {seen[s]}")
            seen[s] = f"player {i}'s published stories"
    missing = [str(s) for s in ALL_STORIES if s not in seen]
    if missing:
        raise BadInput(f"position: stories missing from board, stacks and published stories: {', '.join(missing)}")

    pending = [_int(v, f"position.turn.pending[{i}]", 0, n - 1) for i, v in enumerate(_list(turn["pending"], "position.turn.pending"))]
    try:
        last = None if doc["last_event"] is None else Event.from_json(doc["last_event"])
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(f"position.last_event: malformed ({exc})") from None
    return State(
        definition=definition,
        columns=columns,
        reporters=reporters,
        stacks=stacks,
        markers=markers,
        bonus=bonus,
        deck=deck,
        deck_known=deck_doc["order_known"],
        discard=discard,
        players=players,
        current=_int(turn["player"], "position.turn.player", 0, n - 1),
        turns_left=_int(turn["turns_left"], "position.turn.turns_left", 1, 2),
        newsboy=_player(turn["newsboy"], "position.turn.newsboy", n),
        phase=phase,
        pending=pending,
        trigger_player=_player(turn["trigger_player"], "position.turn.trigger_player", n),
        ply=_int(doc["ply"], "position.ply", 0, 10**9),
        last_event=last,
    )
