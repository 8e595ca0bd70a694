"""Search on the native core: the positions after first moves, batches of playouts, the exact
final-edition search, whole games with a known deck order, and the core's bots and value model.

The core's answers are the Python engine's (``tests/core/`` proves it): a
playout on the core is the very game the Python playout plays (the same card
draws from CPython's generator, the same bots), the exact search gives the same
values and move choices. This module only carries positions and policies
across; what a playout or a bot *is* stays defined by the callers
(:mod:`pennypress.engine.advisor.policy`, :mod:`pennypress.engine.play`).

**The boundary.** The core presses only with the optimal page. A first move
the core cannot play -- a press on a page the player proposes -- is played on
the Python engine (which checks and scores the page) and the core goes on from
the position after it (:func:`positions_after`).

A batch reads the search's settings (:class:`BatchSettings`: the advisor's
``SearchSettings``, or anything with the same fields).

>>> from types import SimpleNamespace
>>> from pennypress.engine import new_game
>>> from pennypress.engine import public_view
>>> s = public_view(new_game(3, seed=5)); moves = s.legal_moves()[:2]
>>> if available():
...     afters = positions_after(s, moves, [0, 1])
...     jobs, bot = [(0, 0), (1, 0), (0, 1)], random_policy()
...     one = run_batch([afters[0], afters[1]], jobs, SimpleNamespace(seed=2, exact_end=False, threads=1, leaf=None),
...                     bot, move_cap=3000)
...     two = SimpleNamespace(seed=2, exact_end=False, threads=2, leaf=None)
...     assert one == run_batch([afters[0], afters[1]], jobs, two, bot, move_cap=3000)
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Protocol, Sequence

from ..game.moves import GoToPress, Move
from ..io.state import State
from ..rules.actions import legal_moves
from . import accepts, available, core_module, native_position

if TYPE_CHECKING:
    from _typeshed import DataclassInstance
    from pennypress_core import Bot, Policy, Position, ValueModel, Weights

Values = tuple[tuple[float, int, int], ...]
"""Every player's ``(win share, margin, circulation)`` (``engine.advisor.outcome.Value``)."""

SEED_LIMIT = 2 ** 63
"""The core takes analysis seeds with ``-SEED_LIMIT <= seed < SEED_LIMIT`` (the Python engine takes any int)."""


def seed_fits(seed: int) -> bool:
    """Whether the core can take ``seed`` as an analysis seed."""
    return isinstance(seed, int) and not isinstance(seed, bool) and -SEED_LIMIT <= seed < SEED_LIMIT


class CoreLeaf(Protocol):
    """Where a playout stops (the advisor's ``Leaf``): after ``depth`` bot moves, the value model on the core."""

    @property
    def depth(self) -> int: ...

    def core(self) -> ValueModel: ...


class BatchSettings(Protocol):
    """What a batch of playouts reads of the search's settings
    (:class:`pennypress.engine.advisor.settings.SearchSettings`)."""

    @property
    def seed(self) -> int: ...

    @property
    def exact_end(self) -> bool:
        """Resolved for the core (``SearchSettings.exact_end_on("native", players)``), never ``None``."""

    @property
    def threads(self) -> int: ...

    @property
    def leaf(self) -> CoreLeaf | None: ...


def core_weights(weights: DataclassInstance) -> Weights:
    """The heuristic bot's weights (the ``Weights`` dataclass) as ``pennypress_core.Weights``, field by field."""
    return core_module().Weights(**dataclasses.asdict(weights))


def random_policy() -> Policy:
    """The core's random bot."""
    return core_module().Policy.random()


def greedy_policy(threshold: float, reporter_cost: float) -> Policy:
    """The core's greedy bot: presses at a gain of ``threshold``, counting each reporter at ``reporter_cost``."""
    return core_module().Policy.greedy(threshold, reporter_cost)


def heuristic_policy(weights: DataclassInstance) -> Policy:
    """The core's heuristic bot with these ``Weights``."""
    return core_module().Policy.heuristic(core_weights(weights))


def jittered_heuristic_policy(weights: DataclassInstance, jitter: float) -> Policy:
    """The core's heuristic bot, each weight times a factor in ``1 ± jitter`` drawn from the seat's seed."""
    return core_module().Policy.jittered_heuristic(core_weights(weights), jitter)


def jittered_greedy_policy(base: float, spread: int, costs: Sequence[float]) -> Policy:
    """The core's greedy bot pressing at ``base + randrange(spread)`` with a reporter cost drawn from ``costs``."""
    return core_module().Policy.jittered_greedy(base, spread, list(costs))


def value_policy(model: ValueModel, weights: DataclassInstance, jitter: float, margin_weight: float, noise: float,
                 share: float | None = None) -> Policy:
    """The core's value bot (``model`` one move ahead, margin counted at ``margin_weight``, ``noise`` per move,
    a jittered heuristic bot for the final edition); with a ``share``, each seat is that bot with chance
    ``share``, else the jittered heuristic bot (the mixed policy)."""
    core_weighted = core_weights(weights)
    if share is None:
        return core_module().Policy.value(model, core_weighted, jitter, margin_weight, noise)
    return core_module().Policy.mixed(model, core_weighted, jitter, margin_weight, noise, share)


def softmax_policy(model: Any, weights: DataclassInstance, jitter: float, share: float | None = None) -> Policy:
    """The core's softmax bot (a move policy's softmax draw, ``model`` a ``pennypress_core.MovePolicy``, a
    jittered heuristic bot for the final edition); with a ``share``, each seat is that bot with chance
    ``share``, else the jittered heuristic bot (the mixed policy with the softmax bot for the value bot)."""
    return core_module().Policy.softmax(model, core_weights(weights), jitter, share)


def exact_final_policy(policy: Policy) -> Policy:
    """The core's bot of ``policy`` with every final-edition decision the exact search's move (the Python
    :class:`~pennypress.engine.advisor.exact.ExactFinalBot`)."""
    return core_module().Policy.exact_final(policy)


def exact_seats_policy(policy: Policy) -> Policy:
    """The core's bot of ``policy`` with every final-edition decision the exact search's move where that bot
    is a value or softmax bot, the others unchanged (``rollout_bot(..., exact_seats=True)``)."""
    return core_module().Policy.exact_seats(policy)


def value_model(anchors: Sequence[float],
                models: Mapping[int, tuple[Sequence[Sequence[float]], Sequence[Sequence[float]]]],
                networks: Mapping[int, Any] | None = None) -> ValueModel:
    """The value model on the core: its progress ``anchors`` and, per player count, its win and score rows,
    and the win networks of the player counts that have one (``engine/advisor/value.py``'s ``Network``)."""
    nets = {n: (list(net.mean), list(net.spread), list(net.rival_mean), list(net.rival_spread),
                [list(r) for r in net.weights], list(net.bias), list(net.out), list(net.linear))
            for n, net in (networks or {}).items()}
    return core_module().ValueModel(list(anchors), {
        n: ([list(r) for r in win], [list(r) for r in score]) for n, (win, score) in models.items()}, nets)


def league_policy(name: str, params: DataclassInstance) -> Policy:
    """The core's policy of a league bot -- ``"evaluator"`` with its ``EvaluatorWeights``, ``"timer"`` with
    its ``TimerSettings``, ``"mcts"`` with its ``MctsSettings`` -- every field passed by name
    (``pennypress_core.Policy.evaluator`` / ``.timer`` / ``.mcts``)."""
    policy = core_module().Policy
    make = {"evaluator": policy.evaluator, "timer": policy.timer, "mcts": policy.mcts}[name]
    return make(dataclasses.asdict(params))


def positions_after(state: State, moves: Sequence[Move], indices: Iterable[int],
                    checked: bool = True) -> dict[int, Position]:
    """``{i: the core's position after moves[i]}`` for each ``i`` in ``indices`` (``state`` unchanged;
    ``checked=False`` when :func:`accepts` has just passed it).

    A move the core lists is played on the core; a press on a proposed page is
    played on the Python engine, and the core's copy is made from the result
    (possibly a chance node: the playout draws the card). A search that asks
    again and again keeps one :class:`Afters` instead.
    """
    return Afters(state, moves, checked).positions(indices)


class Afters:
    """The core's positions after ``moves`` from ``state`` (:func:`positions_after`'s), each made once and
    kept: a search asks for them round after round, and converting the position to the core and playing
    the move again each time would cost more than a small round's playouts. The position itself reaches
    the core once, on the first question (checked then unless ``checked=False``).

    The positions are shared, not copied: :func:`run_batch` only reads them (the core plays a copy of
    each), and whoever plays on one must play on a ``clone()``."""

    def __init__(self, state: State, moves: Sequence[Move], checked: bool = True):
        self.state, self.moves, self.checked = state, moves, checked
        self._root: Position | None = None
        self._listed: set[str] = set()
        self._made: dict[int, Position] = {}

    @property
    def root(self) -> Position:
        """The core's copy of ``state`` (made on first use)."""
        if self._root is None:
            self._root = native_position(self.state, self.checked)
            self._listed = set(self._root.legal_moves())
        return self._root

    def positions(self, indices: Iterable[int]) -> dict[int, Position]:
        """``{i: the position after moves[i]}`` for each ``i`` in ``indices``, in index order."""
        root = self.root
        out = {}
        for i in sorted(set(indices)):
            after = self._made.get(i)
            if after is None:
                after = self._made[i] = self._after(root, self.moves[i])
            out[i] = after
        return out

    def _after(self, root: Position, move: Move) -> Position:
        proposed = isinstance(move, GoToPress) and move.page is not None
        if not proposed and str(move) in self._listed:
            after = root.clone()
            after.apply(str(move))
            return after
        child = self.state.clone()
        child.apply(move)
        return native_position(child)


def run_batch(afters: Sequence[Position], jobs: Sequence[tuple[int, int]], settings: BatchSettings,
              policy: Policy, move_cap: int, trace: bool = False) -> list[tuple[Any, ...]]:
    """Playout ``k`` from ``afters[i]`` for every ``(i, k)`` in ``jobs`` by ``policy``, at most ``move_cap``
    bot moves each, seeded ``settings.seed`` on ``settings.threads`` threads without the GIL: per job every
    player's values (:data:`Values`) and the moves the bots played, in job order -- and with ``trace`` the
    playout's first events (``engine.advisor.playout.Trace``). ``settings.exact_end`` finishes each
    playout exactly in the final edition; with a ``settings.leaf`` each playout stops there and reports
    the value model's estimates."""
    if not isinstance(settings.exact_end, bool):
        raise TypeError(f"run_batch: settings.exact_end must be True or False, got {settings.exact_end!r} "
                        "(SearchSettings.exact_end_on resolves the default)")
    pairs = [(int(i), int(k)) for i, k in jobs]
    threads = max(1, settings.threads)
    leaf = settings.leaf
    model, depth = (None, 0) if leaf is None else (leaf.core(), leaf.depth)
    return core_module().run_playouts(list(afters), pairs, settings.seed, policy, settings.exact_end, threads,
                                      move_cap, model, depth, trace)


def play_games(games: Sequence[tuple[Position, Sequence[int], Sequence[Policy], Sequence[int]]], move_cap: int,
               threads: int = 1) -> list[tuple[list[int], list[int], list[int], list[int], int, bool]]:
    """Whole games on ``threads`` threads: each ``(start, undrawn cards in order, policy per seat, seed per
    seat)`` played to the end or ``move_cap`` moves; per game ``(scores, winners, presses, stories published,
    moves, over)``, in the order of ``games``."""
    return core_module().play_games([(start, list(deck), list(policies), list(seeds))
                                     for start, deck, policies, seeds in games], move_cap, max(1, threads))


def play_games_recorded(games: Sequence[tuple[Position, Sequence[int], Sequence[Policy], Sequence[int]]],
                        move_cap: int, threads: int = 1) -> list[tuple[Any, ...]]:
    """:func:`play_games`, each game also recorded: per game ``(scores, winners, presses, stories published,
    moves, over, press records, beat bonuses)`` -- a press record ``(player, ply, round, gain, total, claimed,
    published, [scoop points to each player], final_edition, [each player's circulation before])``, the
    bonuses per beat ``(points, most stars, [players])`` (empty for a game stopped at the move cap)."""
    return core_module().play_games_recorded([(start, list(deck), list(policies), list(seeds))
                                              for start, deck, policies, seeds in games], move_cap, max(1, threads))


def core_bot(policy: Policy, seed: int) -> Bot:
    """One seated bot of the core made from ``seed`` (``pennypress_core.Bot``): ``choose(position)``, and
    for the evaluator ``evaluate(position)``."""
    return core_module().Bot(policy, seed)


class ExactSearch:
    """The exact final-edition search on the core (``engine.advisor.exact.ExactSearch``'s answers);
    one object keeps its memo between questions. With ``max_nodes`` it gives up
    (``pennypress_core.BadInput``) after solving that many positions."""

    def __init__(self, max_nodes: int | None = None):
        self._search = core_module().ExactSearch(max_nodes)

    @property
    def nodes(self) -> int:
        return self._search.nodes

    def value(self, state: State) -> Values:
        """Every player's outcome under optimal play from ``state`` (a final-edition position or the end)."""
        return self._search.value(native_position(state))

    def move_values(self, state: State) -> list[tuple[Move, Values]]:
        """Each legal move with everyone's outcome after it (optimal play after), in legal-move order."""
        moves = legal_moves(state)
        found = self._search.move_values(native_position(state))
        if [str(m) for m in moves] != [m for m, _ in found]:  # proven equal; say so if ever not
            raise RuntimeError("the native core listed other legal moves than the engine")
        return [(m, v) for m, (_, v) in zip(moves, found)]


__all__ = ["Afters", "BatchSettings", "CoreLeaf", "ExactSearch", "SEED_LIMIT", "Values", "accepts", "available",
           "core_bot", "core_weights", "greedy_policy", "heuristic_policy", "jittered_greedy_policy",
           "jittered_heuristic_policy", "league_policy", "play_games", "play_games_recorded", "positions_after",
           "random_policy", "run_batch", "seed_fits", "softmax_policy", "value_model", "value_policy"]
