"""The value bot: a playout policy that looks one move ahead with the value model.

In normal play it tries every legal move on a copy of the public position and
plays the one after which the value model (:mod:`.value`) gives the player to
move the best chance to win (the expected margin, times :data:`MARGIN_WEIGHT`,
breaks near-ties; a press is judged before its card is drawn). A seeded noise,
uniform in ``[0, noise)`` and drawn for every move in the engine's order, makes
playouts of one future differ a little, as people at the table differ. Outside
normal play (the final edition) the heuristic bot it carries plays.

Why this bot: the search models the opponents as its playout bot plays. The
heuristic bot is a fixed list of rules; opponents that look one move ahead at
the whole position -- as a strong player or the league's evaluator does --
play otherwise. The value bot is the project's own model (fitted on outcomes,
never on any opponent's choices) looking one move ahead. Measured as the
search's playout policy alone (``docs/lab/value.md``) it models such opponents
better and the heuristic bot far worse; so the search seats it in half of its
playouts' seats and the heuristic bot in the others (``"mixed"``, the search's
policy in :mod:`.policy`).

The native core plays the same bot decision for decision
(``core/src/value_policy.rs``; ``tests/core/decisions.py`` seats it among the
other bots). In Python a search with it is far slower than with the heuristic
bot (it values every legal move's position at each decision); this class is
the reference.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.state import public_view
>>> from pennypress.engine.play.heuristic import HeuristicBot
>>> s = public_view(new_game(3, seed=5))
>>> bot = ValueBot(MODEL, HeuristicBot(seed=1), noise=0.0, rng=random.Random(1))
>>> bot.choose(s) in s.legal_moves()
True
"""
from __future__ import annotations

import random

from ..game.moves import Move
from ..io.state import PublicState
from ..position.position import Phase
from ..rules.actions import legal_moves
from ..play.heuristic import HeuristicBot
from .value import MODEL, ValueModel

MARGIN_WEIGHT = 0.001
"""A point of expected margin is worth a thousandth of the chance to win (a tie-break)."""


class AfterstateBot:
    """A playout bot that weighs the position after each legal move of normal play (:meth:`weigh`, its seeded
    noise included, drawn in the engine's order) and plays the highest; ``fallback`` plays outside normal play.
    The value bot and the softmax bot (:mod:`.softmax_bot`) are such bots."""

    fallback: HeuristicBot
    rng: random.Random

    def weigh(self, after: PublicState, me: int) -> float:
        raise NotImplementedError

    def choose(self, view: PublicState) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        if view.phase is not Phase.NORMAL:
            return self.fallback.choose(view)
        me = view.current
        best_move, best = moves[0], float("-inf")
        for move in moves:
            after = view.clone()
            after.apply(move)
            value = self.weigh(after, me)
            if value > best:
                best_move, best = move, value
        return best_move


class ValueBot(AfterstateBot):
    """Plays the move after which ``model`` gives it the best chance (plus seeded noise below ``noise``);
    ``fallback`` plays outside normal play."""

    name = "value"

    def __init__(self, model: ValueModel, fallback: HeuristicBot, noise: float, rng: random.Random):
        self.model = model
        self.fallback = fallback
        self.noise = noise
        self.rng = rng

    def weigh(self, after: PublicState, me: int) -> float:
        """:meth:`value_after`, plus the noise below ``noise`` if there is one."""
        value = self.value_after(after, me)
        if self.noise > 0:
            value += self.rng.uniform(0.0, self.noise)
        return value

    def value_after(self, after: PublicState, me: int) -> float:
        """What a move is worth to ``me`` in the position it leaves (its card, if any, not yet drawn). A move of
        normal play never ends the game (a press that ends it starts the final edition), so the model answers."""
        win, margin, _ = self.model.evaluate(after)[me]
        return win + MARGIN_WEIGHT * margin


__all__ = ["MARGIN_WEIGHT", "MODEL", "AfterstateBot", "ValueBot"]
