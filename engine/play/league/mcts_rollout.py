"""The MCTS bot's own cheap policy: a press-biased random player for rollouts, and the order in which the
tree tries a node's moves.

Both draw only from the generator they are handed (``rng.random()`` and
``rng.randrange(n)``, nothing else), in a fixed order, so the native core's port
(``core/src/league/mcts_rollout.rs``) reproduces them draw for draw (CPython's
Mersenne Twister is in ``core/src/rng.rs``).

**Rollout move** (:func:`rollout_move`), for the player to move:

1. a forced move (the newsboy's holder) is played; in the final edition's
   last round, press if anything can be claimed, else decline;
2. with a claim, press with probability ``clamp((gain - press_floor) /
   press_span, press_low, press_high)`` (``gain``: the optimal page's gain now) --
   one ``rng.random()`` draw;
3. otherwise, with reporters at home: a story uniformly among those in play
   (one ``randrange``) and as many reporters as outnumber everyone there by one,
   at most those at home (one in a restricted final-edition turn);
4. with none at home: a reporter on a story it is losing is recalled (all of
   them, one in a restricted turn) with probability 1/2 (one ``random()``; a
   story among those it is losing: one ``randrange``); else one of its reporters
   (a story among its own: one ``randrange``) is moved to another story (one
   ``randrange``);
5. with no action at all: press if it can, else the first legal move.

**Tree order** (:func:`ordered_moves`): a node's legal moves sorted by a prior
score, highest first (Python's stable sort: equal scores keep the engine's
order). A press scores ``2 + gain / 10``; an assignment or a reassignment that
makes the player claim a story scores what the story adds to the page it
claims (its beat value when it adds nothing to the page) less half a point
per reporter beyond those needed; one that claims nothing scores ``-1``; a
recall scores ``0.5`` if it only brings home reporters that are losing, else
``-2``.

>>> import random
>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> rollout_move(s, random.Random(1), RolloutSettings()) in s.legal_moves()
True
>>> str(ordered_moves(s)[0]).startswith("assign")
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ...game.moves import Assign, Decline, GoToPress, Move, Reassign, Recall
from ...position.position import Phase, Position
from ...rules.actions import legal_moves
from ...rules.press import PressValuer
from .reading import claim_after


@dataclass(frozen=True)
class RolloutSettings:
    """The rollout policy's press propensity: ``clamp((gain - press_floor) / press_span, press_low, press_high)``."""

    press_floor: float = 3.0
    """The page gain (points) at which the propensity starts to rise above ``press_low`` ..."""
    press_span: float = 10.0
    """... the points over which it rises by one ..."""
    press_low: float = 0.05
    """... the least chance of pressing any claim (a rollout always ends) ..."""
    press_high: float = 0.9
    """... and the most (a rollout sometimes waits for a bigger page)."""


def rollout_move(state: Position, rng: random.Random, settings: RolloutSettings) -> Move:
    """The rollout policy's move for the player to move (see the module docstring)."""
    player = state.current
    forced = state.definition.variant.forced_moves(state, player)
    if forced is not None:
        return forced[0]
    claim = state.claimable(player)
    if state.phase is Phase.FINAL_PRESSES:
        return GoToPress() if claim else Decline()
    restricted = state.phase is Phase.FINAL_TURNS
    if claim:
        valuer = PressValuer.for_player(state, player)
        gain = valuer.gain(valuer.items(claim))
        chance = (gain - settings.press_floor) / settings.press_span
        chance = min(settings.press_high, max(settings.press_low, chance))
        if rng.random() < chance:
            return GoToPress()
    stories = list(state.reporters)
    home = state.players[player].home
    if home and stories:
        story = stories[rng.randrange(len(stories))]
        r = state.reporters[story]
        need = max(c for i, c in enumerate(r) if i != player) - r[player] + 1
        count = 1 if restricted else min(home, max(1, need))
        return Assign(story, count)
    mine = [s for s in stories if state.reporters[s][player]]
    if mine:
        losing = [s for s in mine if state.reporters[s][player] < max(state.reporters[s])]
        if losing and rng.random() < 0.5:
            story = losing[rng.randrange(len(losing))]
            return Recall(((story, 1 if restricted else state.reporters[story][player]),))
        source = mine[rng.randrange(len(mine))]
        targets = [s for s in stories if s is not source]
        if targets:
            return Reassign(source, targets[rng.randrange(len(targets))])
    if claim:
        return GoToPress()
    return legal_moves(state)[0]


def ordered_moves(state: Position) -> list[Move]:
    """The legal moves of the player to move, in the order the tree expands them (see the module docstring)."""
    moves = legal_moves(state)
    if len(moves) <= 1:
        return moves
    player = state.current
    valuer = PressValuer.for_player(state, player)
    claim = state.claimable(player)
    base = valuer.gain(valuer.items(claim)) if claim else 0
    added: dict = {}

    def adds(story, count: int, source=None) -> float:
        got = added.get((story, count, source))
        if got is None:
            after = claim_after(state, player, {story: count} if source is None else {source: -1, story: count})
            got = float(valuer.gain(valuer.items(after)) - base) or float(state.beat_value(story.beat))
            added[(story, count, source)] = got
        return got

    def score(move: Move) -> float:
        if isinstance(move, GoToPress):
            return 2.0 + base / 10.0
        if isinstance(move, Recall):
            return 0.5 if all(n == state.reporters[s][player] and state.reporters[s][player] < max(state.reporters[s])
                              for s, n in move.reporters) else -2.0
        cost, source = 0.0, None
        if isinstance(move, Assign):
            story, count = move.story, move.count
        elif isinstance(move, Reassign):
            story, count, source = move.target, 1, move.source
            cost = 1.0 if move.source in claim else 0.0
        else:
            return 0.0
        r = state.reporters[story]
        rival = max(c for i, c in enumerate(r) if i != player)
        mine = r[player] + count
        if story in claim or mine < rival or not mine:
            return -1.0
        need = max(1, rival - r[player])
        return adds(story, count, source) - 0.5 * max(0, count - need) - cost

    scored = [(score(m), i) for i, m in enumerate(moves)]
    scored.sort(key=lambda si: -si[0])
    return [moves[i] for _, i in scored]
