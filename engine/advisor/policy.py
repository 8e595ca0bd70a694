"""The playout policy: the one place that says which bot plays the rest of the game.

The tuned heuristic bot (:mod:`~pennypress.engine.play.heuristic`) with its weights
jittered by up to ±:data:`JITTER` per playout and seat -- the "little
randomness" that keeps playouts of one future from repeating one line and
stands for not knowing exactly how the people at the table weigh things. It is
the strongest bot the project has and the one the advisor meets in
tournaments: a search whose playouts model the opponents as a weaker bot
(greedy) misjudges what they will do, and measured so, the advisor lost to the
heuristic bot (16.5% against two of them). :data:`PREFERRED` names the search
policy, which plays every move's playouts.

>>> bot = rollout_bot(seed=3, seat=1)
>>> bot.w == rollout_bot(seed=3, seat=1).w != rollout_bot(seed=4, seat=1).w
True
"""
from __future__ import annotations

import random
from dataclasses import fields, replace
from typing import Any

from pennypress.errors import BadInput

from ..native import core_module
from ..native.search import core_weights
from ..play.bots import Bot, GreedyBot, RandomBot
from ..play.heuristic import TUNED, HeuristicBot

POLICIES = ("heuristic", "greedy", "random")
"""The playout policies: the jittered heuristic or greedy bot, or the random bot."""

PREFERRED = "heuristic"
"""The search policy: one of :data:`POLICIES`."""

JITTER = 0.15
"""Each weight of a playout's heuristic bot is the tuned weight times a factor in ``1 ± JITTER``."""

GREEDY_THRESHOLD = (8, 3)
"""A playout's greedy bot presses at a gain of ``8 + rng.randrange(3)`` (8, 9 or 10)..."""
GREEDY_REPORTER_COSTS = (0.75, 1.0, 1.25)
"""... and counts each reporter at ``rng.choice(GREEDY_REPORTER_COSTS)``."""


def rollout_bot(seed: int, seat: int, policy: str | None = None) -> Bot:
    """The bot playing ``seat`` in the playout seeded ``seed`` by ``policy`` (default :data:`PREFERRED`);
    deterministic in all three."""
    policy = PREFERRED if policy is None else policy
    bot_seed = seed * 8 + seat
    rng = random.Random(bot_seed)
    if policy == "heuristic":
        jittered = {f.name: getattr(TUNED, f.name) * (1 + rng.uniform(-JITTER, JITTER)) for f in fields(TUNED)}
        return HeuristicBot(seed=bot_seed, weights=replace(TUNED, **jittered))
    if policy == "greedy":
        base, spread = GREEDY_THRESHOLD
        return GreedyBot(seed=bot_seed, threshold=base + rng.randrange(spread),
                         reporter_cost=rng.choice(GREEDY_REPORTER_COSTS))
    if policy == "random":
        return RandomBot(seed=bot_seed)
    raise _unknown(policy)


def core_policy(policy: str | None = None) -> Any:
    """The same playout bots on the native core (``pennypress_core.Policy``: drawn from the same seeds
    in the same order as :func:`rollout_bot`). Needs the core (:func:`pennypress.engine.native.available`)."""
    policy = PREFERRED if policy is None else policy
    core = core_module()
    if policy == "heuristic":
        return core.Policy.jittered_heuristic(core_weights(TUNED), JITTER)
    if policy == "greedy":
        base, spread = GREEDY_THRESHOLD
        return core.Policy.jittered_greedy(base, spread, list(GREEDY_REPORTER_COSTS))
    if policy == "random":
        return core.Policy.random()
    raise _unknown(policy)


def _unknown(policy: str) -> BadInput:
    return BadInput(f"playout policy {policy!r}: expected one of {', '.join(POLICIES)}")
