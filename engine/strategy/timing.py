"""What pressing a page of value v is worth against waiting: paired playouts at sampled decision points.

In every :data:`SAMPLE_EVERY`-th game (up to :data:`MAX_POINTS` of them) of a study the game is replayed on the
core, move by move with the same bots (the very game
:func:`~.games.play_recorded` played), and one decision point is drawn
(seeded by the game's deal) among those of normal play where the player to
move could go to press with a page worth something and has another move. Two
moves are played out from there, :data:`PLAYOUTS` times each: going to press
now, and the mover's bot's best other move (the evaluator's best-scored
non-press move; the value bot's best non-press move by its value model) --
waiting. Playout ``k`` of both moves has the same seed (common random
numbers: the same cards drawn and the same bots' seeds), by the value bot in
every seat (:func:`pennypress.engine.advisor.policy.core_policy`). The
point's result is the mover's mean win share after pressing minus after
waiting (paired), with the page's gain.
"""
from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, NamedTuple

from .. import native
from ..io.state import new_game
from ..native.search import core_bot, run_batch
from .games import StrategySpec, core_policy_of

SAMPLE_EVERY = 100
"""One decision point in every this many games (game ``g`` with ``g % SAMPLE_EVERY == 0``) ..."""

MAX_POINTS = 3000
"""... up to this many points in a study (a million-game run samples the first 300,000 games)."""


def sampled(game: int) -> bool:
    """Whether game ``game`` of a study has a sampled decision point."""
    return game % SAMPLE_EVERY == 0 and game // SAMPLE_EVERY < MAX_POINTS

PLAYOUTS = 32
"""Playouts of each of the two moves at a point."""


class Point(NamedTuple):
    """A sampled decision point: the game, the round, the press's gain, the mover's bot, and the paired
    difference in the mover's win share (press now minus wait), averaged over the playouts."""

    game: int
    round: int
    gain: int
    bot: str
    difference: float


def _best_wait(bot_name: str, bot: Any, position: Any, model: Any) -> str | None:
    """The bot's best move other than going to press (``None`` if there is none)."""
    others = [m for m in position.legal_moves() if m != "press"]
    if not others:
        return None
    if bot_name == "evaluator":
        scored = [(v, m) for m, v in bot.evaluate(position) if m != "press"]
        return max(scored, key=lambda x: x[0])[1]
    me = position.current_player
    best, best_value = others[0], float("-inf")
    for m in others:
        after = position.clone()
        after.apply(m)
        win, margin, _ = model.evaluate(after)[me]
        if win + 0.001 * margin > best_value:
            best, best_value = m, win + 0.001 * margin
    return best


class Decision(NamedTuple):
    """A sampled decision point before it is played out: the position (native), the press's gain, the
    player to move, the ply, the mover's bot and its best way of waiting."""

    position: Any
    gain: int
    mover: int
    ply: int
    bot: str
    wait: str


def decision_point(spec: StrategySpec, game: int) -> Decision | None:
    """Game ``game``'s decision point (``None`` when the game has none): the game replayed on the core with its
    bots, one of its decisions of normal play where a press gains something and another move exists, drawn by
    the game's deal; waiting is the mover's bot's best other move."""
    seed = spec.deck_seed(game)
    state = new_game(spec.definition, seed=seed)
    position = native.native_position(state, checked=False)
    deck = list(state.deck)
    lineup = spec.lineup(game)
    bots = [core_bot(core_policy_of(name), s) for name, s in zip(lineup, spec.seat_seeds(game))]
    candidates = []
    moves = 0
    while not position.is_over() and moves < spec.move_cap:
        if position.is_chance_node():
            position.apply_chance(deck.pop(0))
            continue
        legal = position.legal_moves()
        if position.phase == "normal" and "press" in legal and len(legal) > 1:
            trial = position.clone()
            gain = trial.apply("press")["press"]["gain"]
            if gain > 0:
                candidates.append((position.clone(), gain, position.current_player, position.ply))
        position.apply(bots[position.current_player].choose(position))
        moves += 1
    if not candidates:
        return None
    from ..advisor.policy import SEARCH_LEAF

    at, gain, mover, ply = random.Random(seed * 1009 + game).choice(candidates)
    probe = core_bot(core_policy_of(lineup[mover]), spec.seat_seeds(game)[mover])
    wait = _best_wait(lineup[mover], probe, at, SEARCH_LEAF.core())
    if wait is None:  # pragma: no cover - a candidate has another move
        return None
    return Decision(at, gain, mover, ply, lineup[mover], wait)


def sample_point(spec: StrategySpec, game: int, threads: int = 1, playouts: int = PLAYOUTS) -> Point | None:
    """The decision point of game ``game`` played out (``None`` when the game has none)."""
    from ..advisor.policy import core_policy

    d = decision_point(spec, game)
    if d is None:
        return None
    afters = []
    for move in ("press", d.wait):
        after = d.position.clone()
        after.apply(move)
        afters.append(after)
    jobs = [(i, k) for k in range(playouts) for i in (0, 1)]
    settings = SimpleNamespace(seed=spec.deck_seed(game), exact_end=False, threads=threads, leaf=None)
    results = run_batch(afters, jobs, settings, core_policy("value"), spec.move_cap)
    share = {(i, k): r[0][d.mover][0] for (i, k), r in zip(jobs, results)}
    diffs = [share[(0, k)] - share[(1, k)] for k in range(playouts)]
    return Point(game, d.ply // spec.players + 1, d.gain, d.bot, sum(diffs) / playouts)
