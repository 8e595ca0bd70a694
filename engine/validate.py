"""Checking a position document: the one place where every check lives.

:func:`load_position` turns a JSON document (``pennypress-state``, version 1,
``docs/position.md``) into a :class:`~pennypress.engine.state.State`, or raises
:class:`~pennypress.errors.BadInput` with one line that names the field,
e.g. ``position.players[1]: 6 reporters at home and 0 on the board; a player has 5``.
:func:`~pennypress.engine.codec.state_from_json` delegates here, so loading a
saved position and validating a typed one are the same thing.

Two layers, in this order:

1. **Structure** -- ``position_schema.json`` (JSON Schema draft 2020-12):
   fields, types, ranges, enums, story notation. The first error (by
   ``jsonschema``'s ``best_match``) becomes ``path: plain sentence``.
2. **Meaning** -- what a schema cannot say: sizes that depend on the player
   count, the variant rules, each story in exactly one place (60 in all),
   column capacity, star order of the stacks, 5 reporters per player,
   markers = ``min(9, height + covered)`` outside the final edition, pennies
   against the final-edition trigger, ad row = row of the highest penny,
   cards drawn against presses made, turn bookkeeping against the phase,
   and the last event against the position.

Last, as a safety net, the built state goes through the engine's invariants
(:func:`~pennypress.engine.invariants.check_state`).

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
from typing import Any, Iterable

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from pennypress.errors import BadInput
from pennypress.solver.vocab import BEATS, Beat

from .definition import GameDefinition
from .events import Event
from .invariants import check_state
from .moves import GoToPress, parse_move
from .state import Phase, State
from .stories import ALL_STORIES, Story, kind_text, stack_kinds
from .tables import COLUMN_CAPACITY, REPORTERS, ad_row, marker_position

SCHEMA_FILE = "position_schema.json"
END_ONLY = "end"
"""``last_event.move`` of a finished game given without its last move (e.g. read from the one-line
notation, ``docs/notation.md``): the event holds only the end scoring."""


# --------------------------------------------------------------- the schema
@lru_cache(maxsize=None)
def position_schema() -> dict:
    """The position format's JSON Schema (``engine/position_schema.json``)."""
    return json.loads(resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))


def _is_whole_number(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


StrictValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
)
"""Draft 2020-12 where ``integer`` means a JSON whole number written without a fraction (``2``, not ``2.0``)."""


@lru_cache(maxsize=None)
def _position_validator() -> Draft202012Validator:
    return StrictValidator(position_schema())


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
        return f"unknown field(s) {', '.join(unknown)}{hint}"
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


def schema_problem(doc: Any, validator: Draft202012Validator, root: str) -> str | None:
    """The most relevant schema error as ``path: sentence``, or ``None`` if ``doc`` conforms."""
    error = best_match(validator.iter_errors(doc))
    if error is None:
        return None
    return f"{field_path(root, error.absolute_path) or root}: {_sentence(error)}"


def check_schema(doc: Any, validator: Draft202012Validator, root: str) -> None:
    """Raise :class:`BadInput` for the most relevant schema error, naming the field."""
    problem = schema_problem(doc, validator, root)
    if problem is not None:
        raise BadInput(problem)


# --------------------------------------------------------------- the meaning
def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _reporters(n: int) -> str:
    return "1 reporter" if n == 1 else f"{n} reporters"


class _Checks:
    """The semantic checks on a document that passed the schema, in reading order."""

    def __init__(self, doc: dict, root: str):
        self.doc = doc
        self.root = root

    def fail(self, path: str, message: str) -> None:
        where = self.root if not path else (f"{self.root}{path}" if path.startswith("[") else f"{self.root}.{path}")
        raise BadInput(f"{where}: {message}")

    def run(self) -> None:
        doc = self.doc
        self.definition = GameDefinition.from_json(doc["game"], f"{self.root}.game")
        self.n = self.definition.players
        self.trigger_count = self.definition.final_edition_presses
        self.phase = Phase(doc["phase"])
        self.normal = self.phase is Phase.NORMAL
        self.players = doc["players"]
        self.sizes()
        self.stories()
        self.reporters()
        self.markers()
        self.turn()
        self.player_fields()
        self.deck()
        self.last_event()

    # sizes that depend on the player count
    def sizes(self) -> None:
        n = self.n
        if len(self.players) != n:
            self.fail("players", f"expected {n} players (game.players is {n}), got {len(self.players)}")
        for b in BEATS:
            for i, item in enumerate(self.doc["board"][b.value]):
                if len(item["reporters"]) != n:
                    self.fail(f"board.{b.value}[{i}].reporters",
                              f"expected {n} counts (one per player), got {len(item['reporters'])}")
        turn = self.doc["turn"]
        for key in ("player", "newsboy", "trigger_player"):
            self._seat(f"turn.{key}", turn[key])
        for i, v in enumerate(turn["pending"]):
            self._seat(f"turn.pending[{i}]", v)

    def _seat(self, path: str, value: int | None) -> None:
        if value is not None and value >= self.n:
            self.fail(path, f"there is no player {value}: with {self.n} players they are numbered 0 to {self.n - 1}")

    # stories: the board's columns, the stacks, the published stories
    def stories(self) -> None:
        where: dict[Story, str] = {}

        def put(story: Story, path: str) -> None:
            if story in where:
                self.fail(path, f"{story} is also at {where[story]}; each story is in exactly one place")
            where[story] = f"{self.root}.{path}"

        for b in BEATS:
            column = [Story.parse(item["story"]) for item in self.doc["board"][b.value]]
            for i, story in enumerate(column):
                put(story, f"board.{b.value}[{i}].story")
            height = sum(s.spaces for s in column)
            if height > COLUMN_CAPACITY:
                self.fail(f"board.{b.value}", f"the stories take {height} spaces and the column has {COLUMN_CAPACITY} "
                          "(A and B stories take 1 space, C and D take 2)")
        for kind in stack_kinds():
            name = kind_text(kind)
            stars = self.doc["stacks"][name]
            if stars != sorted(stars):
                self.fail(f"stacks.{name}", f"expected the stars in star order, 1★ on top, got {stars}")
            for st in stars:
                put(Story(kind[0], kind[1], st), f"stacks.{name}")
        for i, p in enumerate(self.players):
            for k, text in enumerate(p["published"]):
                put(Story.parse(text), f"players[{i}].published[{k}]")
        missing = [str(s) for s in ALL_STORIES if s not in where]
        if missing:
            self.fail("", f"stories missing from board, stacks and published stories: {', '.join(missing)} "
                      f"(each of the {len(ALL_STORIES)} stories is in exactly one place)")

    # each player has 5 reporters: at home or on the board
    def reporters(self) -> None:
        for i, p in enumerate(self.players):
            on = [(item["story"], item["reporters"][i]) for b in BEATS for item in self.doc["board"][b.value]
                  if item["reporters"][i]]
            on_board = sum(c for _, c in on)
            if p["home"] + on_board != REPORTERS:
                detail = f" ({', '.join(f'{c} on {s}' for s, c in on)})" if on else ""
                self.fail(f"players[{i}]", f"{p['home']} reporters at home and {on_board} on the board{detail}; "
                          f"a player has {REPORTERS}")

    # arrow markers follow the board outside the final edition
    def markers(self) -> None:
        if not self.normal:
            return  # frozen since the final edition began: any position 0..9 stands
        for b in BEATS:
            items = self.doc["board"][b.value]
            height = sum(Story.parse(item["story"]).spaces for item in items)
            covered = sum(1 for item in items if any(item["reporters"]))
            expected = marker_position(height, covered)
            got = self.doc["markers"][b.value]
            if got != expected:
                self.fail(f"markers.{b.value}", f"{got}, but outside the final edition the marker stands at "
                          f"min(9, height + covered stories) = min(9, {height} + {covered}) = {expected}")

    # pennies, ads, published stories, done
    def player_fields(self) -> None:
        trigger = self.trigger_count
        for i, p in enumerate(self.players):
            pennies, ad = p["pennies"], p["ad"]
            if pennies > trigger:
                self.fail(f"players[{i}].pennies", f"{pennies} presses, but with {self.n} players the "
                          f"{_ordinal(trigger)} press triggers the final edition and nobody presses more than {trigger} times")
            if self.normal and pennies == trigger:
                self.fail(f"players[{i}].pennies", f"{pennies} presses, but the {_ordinal(trigger)} press triggers "
                          "the final edition and the phase is normal")
            if ad is not None:
                if pennies == 0:
                    self.fail(f"players[{i}].ad", "a player places an ad only after a press (pennies is 0): expected null")
                try:
                    row = ad_row(pennies)
                except ValueError:
                    self.fail(f"players[{i}].ad", f"a player with {pennies} pennies has no ad: that press triggered or "
                              "came after the final edition, and no card was drawn: expected null")
                if ad[1] != row:
                    self.fail(f"players[{i}].ad", f"{ad} is in row {ad[1]}, but the ad goes in the row of the highest "
                              f"penny: row {row} with {pennies} {'penny' if pennies == 1 else 'pennies'}")
            elif self.normal and pennies:
                self.fail(f"players[{i}].ad", f"missing: after a press the player draws a headline card and places an "
                          f"ad, in row {ad_row(pennies)} with {pennies} {'penny' if pennies == 1 else 'pennies'}")
            most = REPORTERS * pennies
            if len(p["published"]) > most:
                self.fail(f"players[{i}].published", f"{len(p['published'])} stories in {pennies} presses, but a "
                          f"press publishes at most {REPORTERS} (one per reporter)")
            if self.normal and p["done"]:
                self.fail(f"players[{i}].done", "true, but players are done only in the final edition (the phase is normal)")

    # headline cards: each once, and one drawn per player at setup and per press
    def deck(self) -> None:
        deck = self.doc["deck"]
        cards, discard = deck["cards"], deck["discard"]
        both = sorted(set(cards) & set(discard))
        if both:
            self.fail("deck", f"card {both[0]} is both in deck.cards and in deck.discard")
        ids = self.definition.deck.ids
        missing = sorted(set(ids) - set(cards) - set(discard))
        if missing:
            self.fail("deck", f"the deck and discard pile must hold each of the {len(ids)} cards exactly once; "
                      f"missing: {', '.join(map(str, missing))}")
        presses = sum(p["pennies"] for p in self.players)
        done = sum(1 for p in self.players if p["done"])
        drawn = len(discard)
        explain = (f"setup draws {self.n} (one per player) and each press draws one, except the press that triggers "
                   "the final edition and those after it")
        if self.normal and drawn != self.n + presses:
            self.fail("deck.discard", f"{drawn} cards drawn, but {explain}: expected {self.n + presses} "
                      f"after {presses} {'press' if presses == 1 else 'presses'}")
        if not self.normal and not self.n + presses - done <= drawn <= self.n + presses - 1:
            lo, hi = self.n + presses - done, self.n + presses - 1
            span = str(lo) if lo == hi else f"{lo} to {hi}"
            self.fail("deck.discard", f"{drawn} cards drawn, but {explain}: expected {span} "
                      f"after {presses} presses with {done} players done")

    # whose turn, against the phase
    def turn(self) -> None:
        turn, phase, n = self.doc["turn"], self.phase, self.n
        if turn["turns_left"] == 2 and not (self.normal and self.definition.two_player_turns):
            self.fail("turn.turns_left", "2, but only the two-player turn order gives a player two turns in a row "
                      "(and only before the final edition)")
        newsboy = turn["newsboy"]
        if newsboy is not None and not self.definition.newsboy:
            self.fail("turn.newsboy", f"player {newsboy} holds the newsboy, but the newsboy variant is not in play")
        if newsboy is not None and not self.normal:
            self.fail("turn.newsboy", f"the strike ends when the final edition is triggered, but the phase is {phase}: "
                      "expected null")
        if newsboy is None and self.normal and self.definition.newsboy:
            self.fail("turn.newsboy", "null, but in the newsboy variant someone holds the newsboy until the final edition")
        trigger, pending, current = turn["trigger_player"], turn["pending"], turn["player"]
        if self.normal:
            if trigger is not None:
                self.fail("turn.trigger_player", f"{trigger}, but nobody has triggered the final edition: the phase is normal")
            if pending:
                self.fail("turn.pending", "players wait in turn.pending only in the final edition: expected []")
            return
        if trigger is None:
            self.fail("turn.trigger_player", f"null, but the phase is {phase}: name the player whose press triggered "
                      "the final edition")
        t = self.players[trigger]
        if t["pennies"] != self.trigger_count:
            self.fail(f"players[{trigger}].pennies", f"{t['pennies']}, but player {trigger} triggered the final edition "
                      f"(turn.trigger_player) with their {_ordinal(self.trigger_count)} press")
        if not t["done"]:
            self.fail(f"players[{trigger}].done", f"false, but player {trigger} triggered the final edition "
                      "(turn.trigger_player) and is done")
        if t["ad"] is not None:
            self.fail(f"players[{trigger}].ad", f"player {trigger} triggered the final edition: their ad went with "
                      "that press and no card was drawn, expected null")
        if phase is Phase.OVER:
            if pending:
                self.fail("turn.pending", "the game is over: expected []")
            for i, p in enumerate(self.players):
                if not p["done"]:
                    self.fail(f"players[{i}].done", "false, but the game is over and every player is done")
            return
        if self.players[current]["done"]:
            self.fail("turn.player", f"player {current} has the turn but is done (players[{current}].done)")
        order = [(trigger + k) % n for k in range(1, n)]  # turn order from the trigger player's left
        after = order[order.index(current) + 1:]
        before = order[: order.index(current)]
        if phase is Phase.FINAL_TURNS:
            for j in after:
                if self.players[j]["done"]:
                    self.fail(f"players[{j}].done", f"true, but player {j} has not yet had their final-edition turn "
                              f"(they come after player {current})")
            expected = after
            what = "every player after"
        else:
            for j in before:
                if not self.players[j]["done"]:
                    self.fail(f"players[{j}].done", f"false, but player {j} has already had the last round's press "
                              f"(they come before player {current})")
            expected = [j for j in after if not self.players[j]["done"]]
            what = "every player not yet done after"
        if pending != expected:
            self.fail("turn.pending", f"{pending}, but in the {phase} round it lists {what} player {current} in turn "
                      f"order from the trigger player's left: expected {expected}")

    # the last event against the position
    def last_event(self) -> None:
        ev = self.doc["last_event"]
        over = self.phase is Phase.OVER
        if ev is None:
            if over:
                self.fail("last_event", "null, but the game is over: the last event is the end of the game with its "
                          "scoring (\"end\")")
            return
        if ev["ply"] != self.doc["ply"]:
            self.fail("last_event.ply", f"{ev['ply']}, but the position's ply is {self.doc['ply']}: the last event "
                      "is the move that led here")
        self._seat("last_event.player", ev["player"])
        if ev["move"] == "setup":
            if ev["player"] is not None or "press" in ev:
                self.fail("last_event", "the setup event has no player and no press")
        elif ev["move"] == END_ONLY:
            if ev["player"] is not None or "press" in ev or "end" not in ev:
                self.fail("last_event", f"the {END_ONLY!r} event (a finished game given without its last move) has "
                          "no player and no press, only the end scoring (\"end\")")
        else:
            if ev["player"] is None:
                self.fail("last_event.player", f"null, but the move {ev['move']!r} was made by a player")
            try:
                move = parse_move(ev["move"])
            except BadInput as exc:
                self.fail("last_event.move", str(exc))
            if "press" in ev and not isinstance(move, GoToPress):
                self.fail("last_event.press", f"the move {ev['move']!r} is not a press")
        if "press" in ev:
            press = ev["press"]
            if press["player"] != ev["player"]:
                self.fail("last_event.press.player", f"{press['player']}, but the event's player is {ev['player']}")
            for k, scoop in enumerate(press["scoops"]):
                self._seat(f"last_event.press.scoops[{k}].player", scoop["player"])
            try:
                parse_move(f"press {press['page']}")
            except BadInput as exc:
                self.fail("last_event.press.page", str(exc))
        if "end" in ev and not over:
            self.fail("last_event.end", f"the game's end scoring is the last event, but the phase is {self.phase}")
        if over and "end" not in ev:
            self.fail("last_event", "the game is over: the last event is the end of the game with its scoring (\"end\")")
        if "end" in ev:
            circulation = [p["circulation"] for p in self.players]
            if ev["end"]["circulation"] != circulation:
                self.fail("last_event.end.circulation", f"{ev['end']['circulation']}, but the players' circulation "
                          f"is {circulation}")
            for k, w in enumerate(ev["end"]["winners"]):
                self._seat(f"last_event.end.winners[{k}]", w)
        try:
            Event.from_json(ev)
        except (BadInput, KeyError, TypeError, ValueError) as exc:
            self.fail("last_event", f"malformed ({exc})")


# --------------------------------------------------------------- entry points
def check_position(doc: Any, root: str = "position") -> None:
    """Raise :class:`BadInput` naming the first problem of a position document (schema, then meaning)."""
    load_position(doc, root)


def load_position(doc: Any, root: str = "position") -> State:
    """Check a position document completely and build its state; :class:`BadInput` names the field.

    ``root`` prefixes the field paths in messages (``record.position`` inside a game record).
    """
    from .codec import build_state

    check_schema(doc, _position_validator(), root)
    _Checks(doc, root).run()
    state = build_state(doc)
    problems = check_state(state)  # safety net: the engine's invariants, for anything not named above
    if problems:
        raise BadInput(f"{root}: {problems[0]}")
    return state


def position_summary(state: State) -> dict:
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
        "legal_moves": len(state.legal_moves()),
    }


def summary_line(state: State) -> str:
    """One line for a person: ``valid position: 3 players, normal play, ply 5, player 2 to move; scores 0, 0, 0``."""
    variants = [v for v in state.definition.variants if v != "two-player"]
    game = f"{state.n_players} players" + (f" ({', '.join(variants)})" if variants else "")
    scores = ", ".join(str(p.circulation) for p in state.players)
    if state.is_over:
        who = "game over, won by " + " and ".join(f"player {w}" for w in state.winners)
    else:
        who = f"{state.phase.value if state.phase is not Phase.NORMAL else 'normal play'}, player {state.current} to move"
    return f"valid position: {game}, ply {state.ply}, {who}; scores {scores}"
