"""Where puzzles come from: seeded self-play games by the project's bots, position by position.

Game ``i`` of a mining run seeded ``seed`` is fixed by those two numbers
(:func:`game_plan`): its deck seed, the player count, the variant and a bot
per seat. It is played by the one game loop
(:func:`~pennypress.engine.play.match.play_match`) exactly as ``pennypress
selfplay`` plays it -- the same deck seed, chance seed and seat seeds -- so a
puzzle's ``source`` says how to reach its position again:
``play_game(GameDefinition.create(players, variants), deck_seed, seats=seats)``
(:func:`~pennypress.engine.arena.selfplay.play_game`) replays the game, and the
position is the one after move ``ply``.

>>> plan = game_plan(seed=1, index=0)
>>> plan == game_plan(seed=1, index=0), plan.players in PLAYER_COUNTS
(True, True)
>>> positions = list(play_positions(plan))
>>> positions[0][0], positions[-1][1].is_over
(0, True)
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator

from ..arena.seats import make_bot, seat_seed
from ..game.definition import GameDefinition
from ..io.state import State, new_game
from ..play.match import play_match

PLAYER_COUNTS = (2, 3, 3, 4, 5)
"""Player counts drawn from (three players, the commonest table, twice as often)."""
SEAT_BOTS = ("greedy", "heuristic")
"""The bots that play the mined games (both play whole games in a fraction of a second)."""
NEWSBOY_SHARE = 0.25
"""How often a 4-5 player game plays the newsboy-strike variant."""


@dataclass(frozen=True)
class GamePlan:
    """One mined game: enough to play it again move for move."""

    index: int
    deck_seed: int
    players: int
    variants: tuple[str, ...]
    seats: tuple[str, ...]

    def source(self, ply: int, **more) -> dict:
        """A puzzle's ``source``: this game and the ply of the position in it."""
        return {"game": self.index, "deck_seed": self.deck_seed, "players": self.players,
                "variants": list(self.variants), "seats": list(self.seats), "ply": ply, **more}


def game_plan(seed: int, index: int) -> GamePlan:
    """Game ``index`` of the mining run seeded ``seed``."""
    rng = random.Random(f"pennypress-puzzles:{seed}:{index}")
    players = rng.choice(PLAYER_COUNTS)
    variants = ("newsboy",) if players >= 4 and rng.random() < NEWSBOY_SHARE else ()
    seats = tuple(rng.choice(SEAT_BOTS) for _ in range(players))
    return GamePlan(index, rng.getrandbits(32), players, variants, seats)


def play_positions(plan: GamePlan) -> Iterator[tuple[int, State]]:
    """``(ply, state)`` for the start and after every move of the game (each state its own copy)."""
    state = new_game(GameDefinition.create(plan.players, plan.variants), seed=plan.deck_seed)
    bots = [make_bot(name, seat_seed(plan.deck_seed, seat)) for seat, name in enumerate(plan.seats)]
    seen = [(0, state.clone())]
    play_match(state, bots, seed=plan.deck_seed, in_place=True,
               on_move=lambda s, _event: seen.append((s.ply, s.clone())))
    yield from seen
