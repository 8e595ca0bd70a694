"""The MCTS bot: a small Monte-Carlo tree search (UCT, max-n) over the public position, with its own
rollout policy (:mod:`.mcts_rollout`) and its own value of where a rollout stops (:mod:`.mcts_leaf`).

One decision is a fixed number of iterations (``settings.iterations``), all of
whose randomness comes from one generator, ``random.Random(seed * 1_000_003 +
ply)`` (``seed`` the bot's seed, ``ply`` the position's), drawn from in the
order below, so the same position and seed always give the same move.

**Nodes.** A decision node holds a position, its legal moves in the tree's
order (:func:`~.mcts_rollout.ordered_moves`) and one child per move tried so
far; a chance node (a press waiting for its headline card) holds one child
per card drawn so far. Every node counts its visits and, for each player,
the sum of the rewards backed up through it.

**One iteration.**

1. *Selection.* From the root: at a chance node draw a card uniformly among
   the unseen cards (sorted by id; one ``rng.randrange``) and go to its child,
   creating it if new; at a decision node with fewer children than
   ``min(moves, 1 + floor(widening * sqrt(visits)))`` (progressive widening),
   create the child of the next move in order; otherwise go to the child with
   the highest ``mean_p + exploration * sqrt(ln(visits) / child_visits)``,
   ``p`` the player to move there and ``mean_p`` the child's reward sum for
   ``p`` divided by its visits (the first such child in order on a tie).
   Selection stops at a node it has just created or at the end of the game.
2. *Rollout.* From that node's position the rollout policy plays every
   player (cards drawn as in selection) for at most ``horizon`` moves of
   normal play, stopping early at the end of the game or when the final
   edition begins.
3. *Backup (max-n).* Where the rollout stopped, :func:`~.mcts_leaf.rewards`
   gives every player a reward in [0, 1] (a finished game: the win share with a
   little margin; the final edition: played out by :mod:`.final_round`'s rule;
   normal play: the win-chance proxy of the projected final circulations),
   added, as a vector, to every node on the path (each node's mover later
   reads their own entry).

**Waiting.** At the root only, in normal play, the selection value of a move
that does not press is lowered by ``idle`` for each of the bot's turns beyond
``idle_turns`` since its last press (its own count, kept over the game).

**The move.** The root child visited most (then the higher mean for the
player to move, then the earlier in the tree's order). A position with one
legal move is answered without a search.

Floating-point sums are taken in path order, one player after another; the
exploration term uses ``math.log`` and ``math.sqrt`` (the port: ``f64::ln``
and ``f64::sqrt``, in the same order of operations).

>>> from pennypress.engine import new_game, public_view
>>> s = public_view(new_game(3, seed=5))
>>> bot = MctsBot(1, MctsSettings(iterations=40))
>>> bot.choose(s) == MctsBot(1, MctsSettings(iterations=40)).choose(s), bot.last_iterations
(True, 40)
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ...game.moves import GoToPress, Move
from ...io.state import PublicState, public_view
from ...position.position import Phase, Position
from ...rules.actions import apply_move, legal_moves
from ...rules.chance import apply_chance
from .mcts_leaf import LeafSettings, rewards
from .mcts_rollout import RolloutSettings, ordered_moves, rollout_move


@dataclass(frozen=True)
class MctsSettings:
    """The search's parameters (see the module docstring for where each is used)."""

    iterations: int = 200
    """Iterations per decision: the search's fixed budget."""
    exploration: float = 0.7
    """The UCT constant (rewards lie in [0, 1])."""
    widening: float = 2.0
    """A decision node may have ``1 + floor(widening * sqrt(visits))`` children."""
    idle: float = 0.02
    """In selection at the root, a move that does not press loses this much reward for each of the bot's
    turns beyond ``idle_turns`` since its last press ..."""
    idle_turns: int = 6
    """... (so a tussle over stories that changes the position every turn still ends in a press)."""
    horizon: int = 6
    """Rollout moves in normal play after which the position is valued by :mod:`.mcts_leaf`."""
    leaf: LeafSettings = field(default_factory=LeafSettings)
    """How a rollout's last position is valued and rewarded."""
    rollout: RolloutSettings = field(default_factory=RolloutSettings)
    """The rollout policy's press propensity."""


DEFAULT = MctsSettings()
SEED_STRIDE = 1_000_003
"""A decision's generator is seeded ``seed * SEED_STRIDE + ply``."""


class _Node:
    """A position in the tree: a decision node (``moves``, ``children`` in move order) or a chance node
    (``cards``, ``drawn``: card id -> child)."""

    __slots__ = ("state", "moves", "children", "cards", "drawn", "visits", "totals")

    def __init__(self, state: Position):
        self.state = state
        self.visits = 0
        self.totals = [0.0] * state.n_players
        self.children: list[_Node] = []
        self.drawn: dict[int, _Node] = {}
        if state.draw_pending:
            self.moves: list[Move] = []
            self.cards = sorted(state.deck)
        else:
            self.moves = [] if state.is_over else ordered_moves(state)
            self.cards = []


class MctsBot:
    """UCT with max-n backups over the public position (see the module docstring)."""

    name = "mcts"

    def __init__(self, seed: int = 0, settings: MctsSettings = DEFAULT):
        self.seed = seed
        self.s = settings
        self.last_iterations = 0
        self.last_visits: list[tuple[Move, int, float]] = []
        self._pennies, self._idle = -1, 0
        self._root: _Node | None = None
        self._root_cost: list[float] = []
        """The root's children after the last search: (move, visits, mean reward for the mover)."""

    def choose(self, view: PublicState) -> Move:
        moves = legal_moves(view)
        if len(moves) == 1:
            self.last_iterations, self.last_visits = 0, []
            return moves[0]
        rng = random.Random(self.seed * SEED_STRIDE + view.ply)
        root = _Node(public_view(view))  # what a player sees, whatever it is handed
        waiting = self._waiting_cost(view)
        self._root, self._root_cost = root, [0.0 if isinstance(m, GoToPress) else waiting for m in root.moves]
        for _ in range(self.s.iterations):
            self._iterate(root, rng)
        self._root = None
        self.last_iterations = self.s.iterations
        me = view.current
        self.last_visits = [(root.moves[k], c.visits, c.totals[me] / c.visits) for k, c in enumerate(root.children)]
        best, best_key = 0, None
        for k, child in enumerate(root.children):
            key = (child.visits, child.totals[me] / child.visits)
            if best_key is None or key > best_key:
                best, best_key = k, key
        return root.moves[best]

    def _waiting_cost(self, view: PublicState) -> float:
        """What a root move that does not press costs in selection: ``idle`` for each of its turns in
        normal play beyond ``idle_turns`` since its last press."""
        if view.phase is not Phase.NORMAL:
            return 0.0
        pennies = view.players[view.current].pennies
        if pennies != self._pennies:
            self._pennies, self._idle = pennies, 0
        else:
            self._idle += 1
        return self.s.idle * max(0, self._idle - self.s.idle_turns)

    # ---------------------------------------------------------------- one iteration
    def _iterate(self, root: _Node, rng: random.Random) -> None:
        node, path = root, [root]
        while not node.state.is_over:
            state = node.state
            if state.draw_pending:
                card = node.cards[rng.randrange(len(node.cards))]
                child = node.drawn.get(card)
                created = child is None
                if created:
                    after = state.clone()
                    apply_chance(after, card)
                    child = node.drawn[card] = _Node(after)
                path.append(child)
                node = child
                if created:
                    break
                continue
            limit = min(len(node.moves), 1 + int(self.s.widening * math.sqrt(node.visits)))
            if len(node.children) < limit:
                after = state.clone()
                apply_move(after, node.moves[len(node.children)])
                child = _Node(after)
                node.children.append(child)
                path.append(child)
                node = child
                break
            node = self._select(node)
            path.append(node)
        reward = self._rollout(node.state, rng)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i, r in enumerate(reward):
                totals[i] += r

    def _select(self, node: _Node) -> _Node:
        player = node.state.current
        log_visits = math.log(node.visits)
        cost = self._root_cost if node is self._root else None
        best, best_value = node.children[0], -math.inf
        for k, child in enumerate(node.children):
            value = child.totals[player] / child.visits + self.s.exploration * math.sqrt(log_visits / child.visits)
            if cost is not None:
                value -= cost[k]
            if value > best_value:
                best, best_value = child, value
        return best

    def _rollout(self, start: Position, rng: random.Random) -> list[float]:
        state = start
        if not state.is_over and state.phase is Phase.NORMAL:
            state = start.clone()
            for _ in range(self.s.horizon):
                if state.draw_pending:
                    cards = sorted(state.deck)
                    apply_chance(state, cards[rng.randrange(len(cards))])
                if state.is_over or state.phase is not Phase.NORMAL:
                    break
                apply_move(state, rollout_move(state, rng, self.s.rollout))
        return rewards(state, self.s.leaf)
