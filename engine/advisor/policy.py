"""The playout policy: the one place that says which bot plays the rest of the game.

The strongest bot registered in :data:`pennypress.engine.bots.BOTS` is used:
``heuristic`` when it is there, otherwise the greedy bot with slightly jittered
settings (the "little randomness" that keeps playouts from repeating one line).
Swapping the policy is a change to :func:`rollout_bot` alone.

>>> bot = rollout_bot(seed=3, seat=1)
>>> hasattr(bot, "choose"), type(rollout_bot(seed=3, seat=1)) is type(bot)
(True, True)
"""
from __future__ import annotations

import random

from ..bots import BOTS, Bot, GreedyBot

PREFERRED = "heuristic"
"""The seat name of the tuned bot; used as soon as it is registered."""


def rollout_bot(seed: int, seat: int) -> Bot:
    """The bot playing ``seat`` in the playout seeded ``seed`` (deterministic in both)."""
    bot_seed = seed * 8 + seat
    if PREFERRED in BOTS:
        return BOTS[PREFERRED](seed=bot_seed)
    rng = random.Random(bot_seed)
    return GreedyBot(seed=bot_seed, threshold=8 + rng.randrange(3), reporter_cost=rng.choice((0.75, 1.0, 1.25)))
