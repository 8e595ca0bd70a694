"""Two seeded bots: uniformly random legal moves, and a greedy one-ply player.

A bot is any object with ``choose(view) -> Move``, where ``view`` is what a
player sees: a :class:`~pennypress.engine.io.state.PublicState`, handed over
by the game loop (:mod:`.match`). The seat names that make bots are in
:mod:`pennypress.engine.arena.seats`.

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> RandomBot(1).choose(s) == RandomBot(1).choose(s)
True
"""
from __future__ import annotations

import random
from typing import Protocol

from ..game.moves import Assign, Decline, GoToPress, Move, Recall
from ..game.stories import Story
from ..io.state import PublicState
from ..position.position import Phase, Position
from ..rules.actions import legal_move_count, legal_moves
from ..rules.press import PressValuer, press_value


class Bot(Protocol):
    def choose(self, view: PublicState) -> Move: ...


class RandomBot:
    """Picks a kind of move (assign, recall, reassign, press, ...) uniformly, then a move of that kind.

    Choosing the kind first keeps presses as likely as placements, so games end.
    """

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: PublicState) -> Move:
        kinds: dict[type, list[Move]] = {}
        for m in legal_moves(state):
            kinds.setdefault(type(m), []).append(m)
        kind = self.rng.choice(list(kinds))
        return self.rng.choice(kinds[kind])


def press_gain(state: Position, player: int, stories: tuple[Story, ...]) -> int:
    """Circulation ``player`` would gain pressing ``stories`` now (optimal page; scoops not counted)."""
    return press_value(state, player, stories).gain


class GreedyBot:
    """Presses when the optimal page gains at least ``threshold``; otherwise assigns where the
    hypothetical claim (what it claims now plus that story) gains most.

    - Needed reporters for a story: enough to tie the strongest other player
      (at least one); each reporter costs ``reporter_cost`` in the comparison.
    - No worthwhile assignment: press if it can claim anything, else recall
      from stories where it is outnumbered, else a random legal move.
    - Final edition: the restricted turn assigns one reporter if that helps,
      else presses; in the last round it presses when the page gains > 0.
    """

    name = "greedy"

    def __init__(self, seed: int = 0, threshold: int = 9, reporter_cost: float = 1.0):
        self.rng = random.Random(seed)
        self.threshold = threshold
        self.reporter_cost = reporter_cost

    def choose(self, state: PublicState) -> Move:
        if legal_move_count(state) == 1:
            return legal_moves(state)[0]
        player = state.current
        claim = state.claimable(player)
        valued = PressValuer.for_player(state, player)
        claim_items = valued.items(claim)
        now = valued.gain(claim_items)
        press = GoToPress() if claim else None
        if state.phase is Phase.FINAL_PRESSES:
            return press if press is not None and now > 0 else Decline()
        restricted = state.phase is Phase.FINAL_TURNS
        if press is not None and now >= self.threshold and not restricted:
            return press
        home = state.players[player].home
        best_key: tuple[float, int] | None = None
        best: tuple[int, Assign] | None = None
        seen_kinds: dict[tuple, int] = {}
        for story, counts in state.reporters.items():
            mine = counts[player]
            rival = max(counts[:player] + counts[player + 1:])
            need = max(1, rival - mine) if mine == 0 else rival - mine
            if need <= 0 or need > home or (restricted and need > 1):
                continue
            key = (story.kind, need)
            gain = seen_kinds.get(key)
            if gain is None:
                gain = seen_kinds[key] = valued.gain(claim_items + valued.items((story,)))
            rank = (gain - self.reporter_cost * need, -story.sort_key())
            if best_key is None or rank > best_key:
                best_key, best = rank, (gain, Assign(story, need))
        if best is not None and best[0] > now:
            return best[1]
        if press is not None:
            return press
        losing = state.outnumbered(player)
        if losing:
            n = 1 if restricted else state.reporters[losing[0]][player]
            return Recall(((losing[0], n),))
        return self.rng.choice(legal_moves(state))
