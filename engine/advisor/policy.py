"""The playout policy: the one place that says which bot plays the rest of the game.

The search's playouts (:data:`PREFERRED`, ``"mixed"``, at tables of 2 and 3
players: :func:`search_policy`) seat in every playout and seat either the
**value bot** (:mod:`.value_bot`: the value model one move ahead, as an
opponent who weighs the whole position plays) or the **heuristic bot**
(:mod:`~pennypress.engine.play.heuristic`, a list of rules, as an opponent who
plays by feel), each with chance one half (:data:`VALUE_SHARE`), drawn from the
seat's seed. The advisor does not know who sits at the table, so its playouts
stand for both kinds of player: the mix models the league's evaluator better
than either bot alone, and the heuristic bot far better than the value bot
alone does (``docs/lab/value.md`` says how that was measured).

Both bots are jittered: the heuristic's weights (:data:`PLAYOUT`, the weights
tuned by SPSA against the league on the native core, ``playout_weights.json``,
``docs/lab/playout.md``) by up to ±:data:`JITTER` per playout and seat, the value
bot by a seeded noise of up to :data:`VALUE_NOISE` per move (it carries such a
jittered heuristic bot for the final edition) -- the "little randomness" that
keeps playouts of one future from repeating one line and stands for not
knowing exactly how the people at the table weigh things. Nothing of the
league is in either bot: the heuristic's weights were tuned *against* the
league, the value model fitted on game outcomes and tuned for play against it.

The other policies (the heuristic or value bot alone, the jittered greedy bot,
the random bot) are there to measure against: a search whose playouts model
the opponents as a weaker bot misjudges what they will do, and loses to
them.

>>> bot = rollout_bot(seed=3, seat=1, policy="heuristic")
>>> bot.w == rollout_bot(seed=3, seat=1, policy="heuristic").w != rollout_bot(seed=4, seat=1, policy="heuristic").w
True
>>> rollout_bot(seed=3, seat=1, policy="value").fallback.w == bot.w  # the value bot's final-edition bot
True
>>> sorted({type(rollout_bot(seed=s, seat=0)).__name__ for s in range(20)})  # the search's mix
['HeuristicBot', 'ValueBot']
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import fields, replace
from importlib import resources
from typing import TYPE_CHECKING

from pennypress.errors import BadInput

from ..native.search import (
    exact_seats_policy, jittered_greedy_policy, jittered_heuristic_policy, random_policy, softmax_policy, value_policy,
)
from ..play.bots import Bot, GreedyBot, RandomBot
from ..play.heuristic import HeuristicBot, Weights
from .exact import ExactFinalBot
from .value import MODEL, Leaf, ValueModel, core_model
from .move_policy import MovePolicy
from .softmax_bot import SoftmaxBot
from .value_bot import MARGIN_WEIGHT, ValueBot

if TYPE_CHECKING:
    from pennypress_core import Policy

POLICIES = ("heuristic", "greedy", "random", "value", "mixed")
"""The playout policies: the jittered heuristic or greedy bot, the random bot, the value bot, or a mix of
the value and heuristic bots drawn seat by seat (:data:`VALUE_SHARE`)."""

PREFERRED = "mixed"
"""The search policy at tables of up to :data:`MIXED_UP_TO` players: one of :data:`POLICIES`."""

MIXED_UP_TO = 3
"""The mixed playouts were measured, and the value model tuned for play, at 2 and 3 players; at 4 and 5 a
value-bot move weighs more positions for more players (an analysis takes far longer) for a gain nobody
measured, so there the search keeps the heuristic bot alone."""


def search_policy(players: int) -> str:
    """The search's playout policy at a table of ``players``.

    >>> search_policy(2), search_policy(3), search_policy(4)
    ('mixed', 'mixed', 'heuristic')
    """
    return PREFERRED if players <= MIXED_UP_TO else "heuristic"

VALUE_NOISE = 0.01
"""The value bot's noise: up to a point of win chance, drawn per move, so playouts of one future differ."""

VALUE_SHARE = 0.5
"""In the ``"mixed"`` policy, the chance that a playout's seat is played by the value bot (else the heuristic
bot): the first draw of the seat's generator."""

LEAF_DEPTH = 3
"""The search's playouts stop after this many bot moves (each opponent's reply, in a three-player game)
and the value model answers (:mod:`.value`)."""

PLAYOUT_FILE = "playout_weights.json"
"""The playout weights' file, package data beside this module: ``{"weights": {field: value}, "obtained": ...}``."""


def load_weights(text: str, source: str = PLAYOUT_FILE) -> Weights:
    """The :class:`~pennypress.engine.play.heuristic.Weights` in a playout-weights JSON document: every field
    of ``Weights``, each a finite number >= 0, nothing else (``ValueError`` naming the problem otherwise).

    >>> load_weights('{"weights": [0.8]}')
    Traceback (most recent call last):
    ...
    ValueError: playout_weights.json: expected an object under "weights"
    """
    doc = json.loads(text)
    weights = doc.get("weights") if isinstance(doc, dict) else None
    if not isinstance(weights, dict):
        raise ValueError(f"{source}: expected an object under \"weights\"")
    names = [f.name for f in fields(Weights)]
    missing, extra = [n for n in names if n not in weights], sorted(set(weights) - set(names))
    if missing or extra:
        raise ValueError(f"{source}: weights " + "; ".join(
            ([f"lack {', '.join(missing)}"] if missing else [])
            + ([f"have unknown {', '.join(extra)}"] if extra else [])))
    for name in names:
        value = weights[name]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
            raise ValueError(f"{source}: weight {name} must be a finite number >= 0, got {value!r}")
    return Weights(**{n: float(weights[n]) for n in names})


PLAYOUT = load_weights(resources.files(__package__).joinpath(PLAYOUT_FILE).read_text(encoding="utf-8"))
"""The playout bot's weights before the jitter (tuned against the league: ``docs/lab/playout.md``)."""

SEARCH_LEAF = Leaf(LEAF_DEPTH, MODEL)
"""Where the search's playouts stop: :data:`LEAF_DEPTH` bot moves, then the shipped value model."""

JITTER = 0.15
"""Each weight of a playout's heuristic bot is its :data:`PLAYOUT` weight times a factor in ``1 ± JITTER``."""

GREEDY_THRESHOLD = (8, 3)
"""A playout's greedy bot presses at a gain of ``8 + rng.randrange(3)`` (8, 9 or 10)..."""
GREEDY_REPORTER_COSTS = (0.75, 1.0, 1.25)
"""... and counts each reporter at ``rng.choice(GREEDY_REPORTER_COSTS)``."""


def rollout_bot(seed: int, seat: int, policy: str | None = None, model: ValueModel = MODEL,
                mover: MovePolicy | None = None, exact_seats: bool = False) -> Bot:
    """The bot playing ``seat`` in the playout seeded ``seed`` by ``policy`` (default :data:`PREFERRED`);
    deterministic in all three. A value bot reads ``model`` (the search's: its leaf's,
    :meth:`~.settings.SearchSettings.value_model`); with a ``mover`` (``SearchSettings.mover``) the softmax
    bot of that move policy sits where the value bot would, drawing from the same generator. With
    ``exact_seats`` (``SearchSettings.exact_seats``) a value or softmax bot plays the final edition by the
    exact search (:class:`~.exact.ExactFinalBot`); the other bots are unchanged."""
    bot = _rollout_bot(seed, seat, PREFERRED if policy is None else policy, model, mover)
    return ExactFinalBot(bot) if exact_seats and isinstance(bot, (ValueBot, SoftmaxBot)) else bot


def _rollout_bot(seed: int, seat: int, policy: str, model: ValueModel, mover: MovePolicy | None) -> Bot:
    bot_seed = seed * 8 + seat
    rng = random.Random(bot_seed)
    if policy == "mixed":  # the seat's first draw says which of the two bots plays it
        policy = "value" if rng.random() < VALUE_SHARE else "heuristic"
    if policy in ("heuristic", "value"):
        jittered = {f.name: getattr(PLAYOUT, f.name) * (1 + rng.uniform(-JITTER, JITTER)) for f in fields(PLAYOUT)}
        heuristic = HeuristicBot(seed=bot_seed, weights=replace(PLAYOUT, **jittered))
        if policy == "heuristic":
            return heuristic
        return ValueBot(model, heuristic, VALUE_NOISE, rng) if mover is None else SoftmaxBot(mover, heuristic, rng)
    if policy == "greedy":
        base, spread = GREEDY_THRESHOLD
        return GreedyBot(seed=bot_seed, threshold=base + rng.randrange(spread),
                         reporter_cost=rng.choice(GREEDY_REPORTER_COSTS))
    if policy == "random":
        return RandomBot(seed=bot_seed)
    raise _unknown(policy)


def core_policy(policy: str | None = None, model: ValueModel = MODEL, mover: MovePolicy | None = None,
                exact_seats: bool = False) -> Policy:
    """The same playout bots on the native core (``pennypress_core.Policy``: drawn from the same seeds
    in the same order as :func:`rollout_bot`, a value bot reading ``model``, the softmax bot of ``mover``
    in its place if given, ``exact_seats`` as there). Needs the core (:func:`pennypress.engine.native.available`)."""
    bot = _core_policy(PREFERRED if policy is None else policy, model, mover)
    return exact_seats_policy(bot) if exact_seats else bot


def _core_policy(policy: str, model: ValueModel, mover: MovePolicy | None) -> Policy:
    if policy == "heuristic":
        return jittered_heuristic_policy(PLAYOUT, JITTER)
    if mover is not None and policy in ("value", "mixed"):
        return softmax_policy(mover.core(), PLAYOUT, JITTER, share=VALUE_SHARE if policy == "mixed" else None)
    if policy == "value":
        return value_policy(core_model(model), PLAYOUT, JITTER, MARGIN_WEIGHT, VALUE_NOISE)
    if policy == "mixed":
        return value_policy(core_model(model), PLAYOUT, JITTER, MARGIN_WEIGHT, VALUE_NOISE, share=VALUE_SHARE)
    if policy == "greedy":
        base, spread = GREEDY_THRESHOLD
        return jittered_greedy_policy(base, spread, GREEDY_REPORTER_COSTS)
    if policy == "random":
        return random_policy()
    raise _unknown(policy)


def _unknown(policy: str) -> BadInput:
    return BadInput(f"playout policy {policy!r}: expected one of {', '.join(POLICIES)}")
