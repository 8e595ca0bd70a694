"""The population of opponents a claim is tested against, and positions played out to the end against it.

A claim such as "waiting is better here" is only as true as the opponents it
was shown against. The search assumes its own playout bots; a careful player
meets others. :class:`Population` names the opponent models a claim must hold
against -- every seat of the registry marked ``population``
(:data:`~pennypress.engine.arena.seats.SEATS`: the league's evaluator, MCTS
and timer, the heuristic, greedy and value bots, and two deliberate styles,
the early presser and the big-page presser) -- and the strong policies that
play the player to move's own later moves (:data:`MOVERS`), each on the
native core.

:func:`play_out` settles a comparison of moves by full games: for each game
the hidden part of the position is dealt from what the players see
(:func:`~pennypress.engine.io.state.deal_hidden`, seeded), every move is
played on that same deal with the same bot seeds (common random numbers), and
the game is played to its end with the opponent model in every other seat and
the mover's policy in the player's own. A move's outcome per game is the
player's win share (a tie shared) and margin (its score less the best other
score). The games depend only on the public position, the moves, the names
and the seed -- not on the number of threads.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..game.moves import Move
from ..io.state import PublicState, State, deal_hidden, public_view
from ..native.search import play_games
from ..play.invariants import DEFAULT_MOVE_CAP
from .native_games import seat_policy
from .seats import SEATS, seat_seed, seat_words

COSTLY = ("mcts",)
"""The opponent models costliest to play (a search each move): a screen of games leaves them out and plays them
last, and a puzzle's story reads the others' games."""

MOVERS = ("value", "evaluator")
"""The policies that play the player to move's own later moves: the advisor's playout bot and the league's
evaluator, the two strongest policies the core plays a game with in milliseconds."""


@dataclass(frozen=True)
class Population:
    """Opponent models and movers by seat name (each a seat the native core plays)."""

    opponents: tuple[str, ...]
    movers: tuple[str, ...] = MOVERS

    def __post_init__(self) -> None:
        for name in self.opponents + self.movers:
            seat = SEATS.get(name)
            if seat is None or seat.core not in ("twin", "playout"):
                raise ValueError(f"{name!r} is not a seat the native core plays")

    def without(self, name: str) -> Population:
        """The population with the opponent model ``name`` left out (a leave-one-out check)."""
        if name not in self.opponents:
            raise ValueError(f"{name!r} is not an opponent model of this population")
        return Population(tuple(n for n in self.opponents if n != name), self.movers)

    def cells(self) -> tuple[tuple[str, str], ...]:
        """Every (opponent model, mover) pair a claim is played out under, opponents first."""
        return tuple((o, m) for o in self.opponents for m in self.movers)

    @staticmethod
    def words(name: str) -> str:
        """A model's name in a sentence (``"the early presser"``)."""
        return seat_words(name)


def population() -> Population:
    """The registry's population: every seat marked ``population``, in the registry's order."""
    return Population(tuple(name for name, seat in SEATS.items() if seat.population))


@dataclass(frozen=True)
class Outcomes:
    """Per game, for each move compared: the player's win share and margin, on shared deals and seeds."""

    moves: tuple[str, ...]
    opponent: str
    mover: str
    seed: int
    wins: tuple[tuple[float, ...], ...]     # wins[m][g]: move m, game g
    margins: tuple[tuple[float, ...], ...]
    unfinished: int = 0

    @property
    def games(self) -> int:
        return len(self.wins[0]) if self.wins else 0

    def differences(self, measure: str = "win", first: int = 0, second: int = 1) -> list[float]:
        """Per game, move ``first``'s outcome less move ``second``'s (``measure`` ``"win"`` or ``"margin"``)."""
        values = self.wins if measure == "win" else self.margins
        return [a - b for a, b in zip(values[first], values[second])]


def game_seed(seed: int, game: int) -> int:
    """The deal and bot seeds of game ``game`` of a play-out seeded ``seed``."""
    return seed * 100_003 + game


def play_out(position: State | PublicState, moves: Sequence[Move], opponent: str, mover: str, games: int,
             seed: int, threads: int = 1, move_cap: int = DEFAULT_MOVE_CAP) -> Outcomes:
    """Each of ``moves`` (legal in ``position``, the player to move's) played to the end of ``games`` games,
    ``opponent`` in every other seat and ``mover`` in the player's own, on the native core; see the module's
    note. Only the public part of ``position`` is read."""
    player = public_view(position).current
    played = play_games(games_of(position, moves, opponent, mover, games, seed), move_cap, threads)
    wins = [[0.0] * games for _ in moves]
    margins = [[0.0] * games for _ in moves]
    unfinished = 0
    for i, (scores, winners, _presses, _stories, _moves, over) in enumerate(played):
        g, m = divmod(i, len(moves))
        unfinished += not over
        wins[m][g] = 1.0 / len(winners) if player in winners else 0.0
        margins[m][g] = float(scores[player] - max(s for k, s in enumerate(scores) if k != player))
    return Outcomes(tuple(str(m) for m in moves), opponent, mover, seed,
                    tuple(map(tuple, wins)), tuple(map(tuple, margins)), unfinished)


def games_of(position: State | PublicState, moves: Sequence[Move], opponent: str, mover: str, games: int,
             seed: int) -> list[tuple]:
    """The core's games of :func:`play_out` (game by game, each move's in turn): each move applied to the
    game's deal of the hidden cards, the opponent model in every other seat, the mover in the player's, the
    seats seeded by the game. Whoever plays them -- the outcomes, or a record of every press
    (:mod:`~pennypress.engine.puzzles.population_story`) -- plays the same games."""
    view = public_view(position)
    player, seats = view.current, len(view.players)
    policies = {name: seat_policy(name) for name in {opponent, mover}}
    table = [policies[mover] if s == player else policies[opponent] for s in range(seats)]
    plan = []
    for g in range(games):
        dealt, gs = deal_hidden(view, game_seed(seed, g)), game_seed(seed, g)
        for move in moves:
            child = dealt.clone()
            child.apply(move)
            plan.append((_native(child), list(child.deck), table, [seat_seed(gs, s) for s in range(seats)]))
    return plan


def _native(state: State):
    from .. import native

    return native.native_position(state, checked=False)


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)
