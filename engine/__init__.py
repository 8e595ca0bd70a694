"""The Penny Press rules engine: the game, positions, the rules, documents, bots, the advisor and the audit.

Layers, each importing only those before it (``docs/developer/architecture.md``):
``game`` (definition, variants, rules data) -> ``position`` (the position as data
and pure queries) -> ``rules`` (the transitions) -> ``io`` and ``notation``
(documents, the :class:`State` API) -> ``native`` (the seam to the native core) ->
``play`` (bots, the game loop) ->
``advisor`` -> ``audit`` and ``arena`` (seat registry, self-play, tournaments)
-> ``puzzles`` (puzzles with certain answers, mined from self-play).
This module gathers the names most callers need.

>>> from pennypress.engine import new_game, parse_move
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
from .arena.selfplay import play_game, run_selfplay
from .game.cards import DECK_NAMES, Deck, HeadlineCard, load_deck
from .game.definition import GameDefinition
from .game.errors import BadInput, IllegalMove, Problem
from .game.moves import (
    BEST,
    Assign,
    Decline,
    GoToPress,
    Move,
    Page,
    PagePlacement,
    PassNewsboy,
    Reassign,
    Recall,
    parse_move,
)
from .game.stories import ALL_STORIES, Story
from .io.state import PublicState, State, empty_state, new_game, player_view, public_view
from .play.bots import GreedyBot, RandomBot
from .play.invariants import InvariantChecker, check_state
from .position.events import BeatBonus, EndOutcome, Event, PressOutcome, Scoop
from .position.position import Phase, PlayerState, Position
from .rules.actions import apply_move, legal_moves, why_illegal
from .rules.endgame import end_scoring, winners
from .rules.press import optimal_press, preview_press, scoops_given

__all__ = [
    "ALL_STORIES", "Assign", "BEST", "BadInput", "BeatBonus", "DECK_NAMES", "Deck", "Decline",
    "EndOutcome", "Event", "GameDefinition", "GoToPress", "HeadlineCard", "IllegalMove", "Move",
    "Page", "PagePlacement", "PassNewsboy", "Phase", "PlayerState", "Position", "PressOutcome", "Problem",
    "PublicState", "Reassign", "Recall", "Scoop", "State", "Story", "apply_move", "end_scoring", "legal_moves",
    "load_deck", "new_game", "parse_move", "player_view", "public_view", "why_illegal", "winners", "GreedyBot",
    "RandomBot", "InvariantChecker", "check_state", "optimal_press", "preview_press", "scoops_given", "play_game",
    "run_selfplay", "empty_state",
]
