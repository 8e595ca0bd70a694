"""What the league's tests share: the three bots (MCTS at a test budget), seeded games that count every
seat's moves and check each move is legal, and decision points sampled from seeded games."""
from __future__ import annotations

import random
from dataclasses import dataclass

from pennypress.engine import GameDefinition, new_game
from pennypress.engine.arena.seats import Seat, make_bot, seat_seed
from pennypress.engine.arena.selfplay import play_game
from pennypress.engine.play.league.mcts import MctsBot, MctsSettings
from pennypress.engine.play.match import MatchResult, play_match

LEAGUE = ("evaluator", "timer", "mcts")
TEST_ITERATIONS = 40
"""The MCTS bot's budget in tests (its seat plays 200 iterations a decision: docs/concepts/league.md)."""
TEST_MCTS = "mcts_test"
"""The seat name tests give the MCTS bot at the test budget (added to ``SEATS`` by a fixture)."""


def _test_mcts(seed: int = 0) -> MctsBot:
    return MctsBot(seed, MctsSettings(iterations=TEST_ITERATIONS))


TEST_MCTS_SEAT = Seat(_test_mcts)


def bot(name: str, seed: int):
    """A seated bot; ``mcts`` at the test budget."""
    return _test_mcts(seed) if name in ("mcts", TEST_MCTS) else make_bot(name, seed)


class Checked:
    """A bot that counts its moves and checks each is legal in the public position it was handed."""

    def __init__(self, inner):
        self.inner, self.moves = inner, 0

    def choose(self, view):
        move = self.inner.choose(view)
        assert move in view.legal_moves(), (type(self.inner).__name__, str(move), view.to_json())
        self.moves += 1
        return move


@dataclass
class Played:
    result: MatchResult
    moves_by_seat: list[int]


def play(seats, seed: int, variants=(), check: bool = False, move_cap: int = 3000, on_move=None) -> Played:
    """One seeded game (the deck and the bots seeded as in tournaments), each seat's moves counted."""
    definition = GameDefinition.create(len(seats), variants)
    bots = [Checked(bot(name, seat_seed(seed, k))) for k, name in enumerate(seats)]
    result = play_match(new_game(definition, seed=seed), bots, seed=seed, check=check, move_cap=move_cap,
                        on_move=on_move)
    return Played(result, [b.moves for b in bots])


def sample_positions(every: int = 4):
    """Decision points (not chance nodes, not over) from seeded random games of every size, the deck's
    order known."""
    out = []
    for players, variants in ((2, ()), (3, ()), (4, ("newsboy",)), (5, ())):
        definition = GameDefinition.create(players, variants)
        play_game(definition, seed=40 + players, bot="random", on_move=lambda s: out.append(s.clone()))
    return [s for s in out if not s.is_over and not s.draw_pending][::every]


def shuffled(state, rnd: random.Random):
    """``state`` with the undrawn deck in another order (known or not)."""
    other = state.clone()
    rnd.shuffle(other.deck)
    other.deck_known = rnd.random() < 0.5
    return other
