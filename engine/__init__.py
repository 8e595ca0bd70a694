"""The Penny Press rules engine: the game, positions, the rules, documents, bots, the advisor and the audit.

Layers, each importing only those before it (``docs/developer/architecture.md``):
``game`` (definition, variants, rules data) -> ``position`` (the position as data
and pure queries) -> ``rules`` (the transitions) -> ``io`` and ``notation``
(documents, the :class:`State` API) -> ``native`` (the seam to the native core) ->
``play`` (bots, the game loop) ->
``advisor`` -> ``audit`` and ``arena`` (seat registry, self-play, tournaments)
-> ``puzzles`` (puzzles mined from self-play: proven answers, or settled by full games).
This module gathers the names most callers need. It imports each on first use
(:pep:`562`), so that importing one part of the engine (the command line's
``position validate`` needs the rules, not the arena) runs only that part.

>>> from pennypress.engine import State, new_game, parse_move
>>> s = new_game(4, seed=1, variants=["newsboy"])   # a seeded setup; player 2 holds the newsboy
>>> len(s.legal_moves())                            # 10 stories on the board x 1..5 reporters
50
>>> s.apply(parse_move("assign 2 war:C:1")).move
'assign 2 war:C:1'
>>> s.legal_moves()                                 # the newsboy holder has one move
[PassNewsboy()]
>>> s.apply(s.legal_moves()[0]).move, s.newsboy, s.current_player
('newsboy', 0, 2)
>>> State.from_json(s.to_json()) == s
True
"""
from __future__ import annotations

import importlib

_EXPORTS: dict[str, tuple[str, ...]] = {
    "arena.selfplay": ("play_game", "run_selfplay"),
    "game.cards": ("DECK_NAMES", "Deck", "HeadlineCard", "load_deck"),
    "game.definition": ("GameDefinition",),
    "game.errors": ("BadInput", "IllegalMove", "Problem"),
    "game.moves": ("BEST", "Assign", "Decline", "GoToPress", "Move", "Page", "PagePlacement", "PassNewsboy",
                   "Reassign", "Recall", "parse_move"),
    "game.stories": ("ALL_STORIES", "Story"),
    "io.state": ("PublicState", "State", "deal_hidden", "empty_state", "new_game", "player_view", "public_view"),
    "play.bots": ("GreedyBot", "RandomBot"),
    "play.invariants": ("InvariantChecker", "check_state"),
    "position.events": ("BeatBonus", "EndOutcome", "Event", "PressOutcome", "Scoop"),
    "position.position": ("Phase", "PlayerState", "Position"),
    "rules.actions": ("apply_move", "legal_moves", "why_illegal"),
    "rules.endgame": ("end_scoring", "winners"),
    "rules.press": ("optimal_press", "preview_press", "scoops_given"),
}
"""Each gathered name, by the module (under this package) that defines it."""

_HOME = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> object:
    """``pennypress.engine.NAME``: the name from its module, imported now (then kept here)."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
