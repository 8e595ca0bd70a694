"""The Penny Press rules engine: game definition, state, moves, press, final edition, bots.

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
from .cards import DECK_NAMES, Deck, HeadlineCard, load_deck
from .definition import GameDefinition
from .endgame import end_scoring, winners
from .errors import BadInput, IllegalMove
from .events import BeatBonus, EndOutcome, Event, PressOutcome, Scoop
from .moves import (
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
from .play.bots import GreedyBot, RandomBot
from .play.invariants import InvariantChecker, check_state
from .press import optimal_press, preview_press, scoops_given
from .rules import apply_move, legal_moves, why_illegal
from .play.selfplay import play_game, run_selfplay
from .setup import empty_state, new_game
from .state import Phase, PlayerState, State
from .stories import ALL_STORIES, Story

__all__ = [
    "ALL_STORIES", "Assign", "BEST", "BadInput", "BeatBonus", "DECK_NAMES", "Deck", "Decline",
    "EndOutcome", "Event", "GameDefinition", "GoToPress", "HeadlineCard", "IllegalMove", "Move",
    "Page", "PagePlacement", "PassNewsboy", "Phase", "PlayerState", "PressOutcome", "Reassign",
    "Recall", "Scoop", "State", "Story", "apply_move", "end_scoring", "legal_moves", "load_deck",
    "new_game", "parse_move", "why_illegal", "winners", "GreedyBot", "RandomBot", "InvariantChecker",
    "check_state", "optimal_press", "preview_press", "scoops_given", "play_game", "run_selfplay", "empty_state",
]
