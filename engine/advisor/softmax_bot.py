"""The softmax bot: a playout policy that draws its move from a move policy's softmax.

In normal play it tries every legal move on a copy of the public position and
plays each with a chance proportional to ``exp(score)`` of the position after it
(:class:`.move_policy.MovePolicy`; a press judged before its card is drawn). It
draws by the Gumbel-max form: a noise ``-ln(-ln(u))``, ``u = random()`` drawn for
every move in the engine's order, added to each move's score, and the largest
played -- one draw a move, as the value bot draws its noise. Outside normal play
(the final edition) the heuristic bot it carries plays.

Why this bot: the value bot models a player who plays the move the value model
likes best, a little noise apart. The softmax bot models one who plays as the
search does, from a policy fitted to the search's own choices -- the playout
policy of expert iteration. It stands in the value bot's seats of the playouts
when the search's settings carry a move policy (``SearchSettings.mover``).

The native core plays the same bot decision for decision
(``core/src/move_policy.rs``; ``tests/core/decisions.py`` seats it among the other bots).

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> from pennypress.engine.play.heuristic import HeuristicBot
>>> from pennypress.engine.advisor.move_policy import from_value_model
>>> from pennypress.engine.advisor.value import MODEL
>>> s = public_view(new_game(3, seed=5))
>>> bot = SoftmaxBot(from_value_model(MODEL, 3), HeuristicBot(seed=1), rng=random.Random(1))
>>> bot.choose(s) in s.legal_moves()
True
"""
from __future__ import annotations

import math
import random
import sys

from ..io.state import PublicState
from ..play.heuristic import HeuristicBot
from .move_policy import MovePolicy
from .value_bot import AfterstateBot


def gumbel(u: float) -> float:
    """The Gumbel noise of a uniform draw ``u`` in ``[0, 1)``: ``-ln(-ln(u))``, ``u`` at least the smallest
    normal double (the core's ``gumbel``)."""
    return -math.log(-math.log(max(u, sys.float_info.min)))


class SoftmaxBot(AfterstateBot):
    """Plays a move of normal play with chance proportional to ``exp`` of ``model``'s score of the position after
    it (drawn from ``rng``); ``fallback`` plays outside normal play."""

    name = "softmax"

    def __init__(self, model: MovePolicy, fallback: HeuristicBot, rng: random.Random):
        self.model = model
        self.fallback = fallback
        self.rng = rng

    def weigh(self, after: PublicState, me: int) -> float:
        """The policy's score of ``after`` for ``me``, plus the Gumbel noise of one draw."""
        return self.model.score(after, me) + gumbel(self.rng.random())
