"""How hard a position puzzle is: which of the project's bots get it wrong.

The yardsticks are the bots of ``pennypress tournament``, weakest first
(:data:`YARDSTICK_BOTS`). Each is asked for its move on the public view of the
puzzle's position; the random bot's chance of a right answer is computed
exactly from the rule it plays by (a kind of move uniformly -- assign, recall,
reassign, press, ... -- then a move of that kind uniformly), and it counts as
wrong when that chance is below one half. The difficulty is one more than the
number of yardsticks that get the puzzle wrong (page puzzles use simple layout
strategies instead: :mod:`.pages`).

>>> from pennypress.engine import parse_move
>>> moves = [parse_move(m) for m in ("assign 1 war:A:1", "assign 1 war:B:1", "press", "decline")]
>>> random_chance(moves, lambda m: str(m) == "press")
0.3333333333333333
>>> difficulty_of({"random": {"right": False}, "greedy": {"right": True}, "heuristic": {"right": False}})
3
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..arena.seats import make_bot
from ..game.moves import Move
from ..io.state import State, public_view
from ..rules.actions import legal_moves

YARDSTICK_BOTS = ("random", "greedy", "heuristic", "advisor:fast")
"""The bots a position puzzle is tried on, weakest first."""


def random_chance(moves: Sequence[Move], right: Callable[[Move], bool]) -> float:
    """The chance that the random bot (a kind of move uniformly, then a move of that kind) plays a right move."""
    kinds: dict[type, list[Move]] = {}
    for m in moves:
        kinds.setdefault(type(m), []).append(m)
    return sum(sum(map(right, group)) / len(group) for group in kinds.values()) / len(kinds)


def bot_verdicts(state: State, right: Callable[[Move], bool], seed: int = 0) -> dict[str, dict]:
    """Each yardstick bot's answer on the public view of ``state`` and whether it is right."""
    view = public_view(state)
    chance = random_chance(legal_moves(view), right)
    out: dict[str, dict] = {"random": {"chance_right": round(chance, 4), "right": chance >= 0.5}}
    for name in YARDSTICK_BOTS[1:]:
        move = make_bot(name, seed).choose(view.clone())
        out[name] = {"move": str(move), "right": bool(right(move))}
    return out


def difficulty_of(verdicts: dict[str, dict]) -> int:
    """One more than the number of yardsticks that got it wrong."""
    return 1 + sum(not v["right"] for v in verdicts.values())
