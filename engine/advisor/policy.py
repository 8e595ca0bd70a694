"""The playout policy: the one place that says which bot plays the rest of the game.

The greedy bot with slightly jittered settings (the "little randomness" that
keeps playouts from repeating one line). The tuned heuristic bot plays better
(70% head-to-head against greedy in 2-player games) but its games are longer
and each of its decisions costs more: measured on the same midgame position, a
heuristic playout takes about 44 ms against 3 ms for greedy, which would put
the ``fast`` budget at about 1.1 s and ``normal`` at 8 s on this 2-core machine
(goals 0.5 s and 3 s). Fifteen times as many playouts of the greedy policy
buy more accuracy than the better policy does, so greedy plays them.
:data:`PREFERRED` names the policy; swapping it is a one-word change.

>>> bot = rollout_bot(seed=3, seat=1)
>>> hasattr(bot, "choose"), type(rollout_bot(seed=3, seat=1)) is type(bot)
(True, True)
"""
from __future__ import annotations

import random

from ..bots import BOTS, Bot, GreedyBot

PREFERRED = "greedy"
"""The playout policy's seat name: ``greedy`` (jittered) or any registered bot, e.g. ``heuristic``."""


def rollout_bot(seed: int, seat: int) -> Bot:
    """The bot playing ``seat`` in the playout seeded ``seed`` (deterministic in both)."""
    bot_seed = seed * 8 + seat
    if PREFERRED != "greedy":
        return BOTS[PREFERRED](seed=bot_seed)
    rng = random.Random(bot_seed)
    return GreedyBot(seed=bot_seed, threshold=8 + rng.randrange(3), reporter_cost=rng.choice((0.75, 1.0, 1.25)))
