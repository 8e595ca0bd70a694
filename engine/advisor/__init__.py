"""The advisor: the best move for any position, every legal move ranked, with reasons (issue #9).

Design basis:

- **Determinized search over the public position** (the idea behind
  Information-Set MCTS, Cowling, Powley & Whitehouse 2012): the only hidden
  information is the headline deck's order, so the search starts from
  :func:`~pennypress.engine.io.state.public_view` and every card draw is sampled
  uniformly from the unseen cards through the chance API -- the deck's order is
  never read.
- **Rollouts with variance reduction** in the manner of GNU Backgammon's
  rollouts: each candidate is played out to the end of the game by a strong
  playout policy -- the tuned heuristic bot for every seat, weights jittered
  (:mod:`.policy`) -- and playout ``k`` of every candidate uses the same chance
  and bot seeds (common random numbers), so differences between moves are
  measured on the same futures (paired). Rollouts by a policy improve on it
  (Tesauro & Galperin 1996, "On-line policy improvement using Monte-Carlo
  search"); modelling the opponents as a weaker bot than they are does not.
- **Every move searched, in a race** (Maron & Moore's Hoeffding races;
  successive rejection, Audibert & Bubeck 2010): rounds at fixed checkpoints
  (16 playouts a move, then doubling); after each, a move whose paired 95%
  interval of its loss to the leader lies above 0 leaves the race, and the
  analysis stops when the leader is separated from every other move
  (:mod:`.search`, :mod:`.stats`), else at the budget's cap (:mod:`.budget`).
- **Exact final edition**: no card is drawn from its start, so the rest is a
  finite deterministic game searched exhaustively with a memo (:mod:`.exact`);
  such answers are labelled exact and carry no interval.

Budgets count playouts, not seconds (``--seconds`` is the documented
exception), so the answer is seeded and deterministic whatever the number of workers (:mod:`.pool` runs batches on
the native core's threads when it is installed -- the very same playouts --
else on both cores' processes, and results are combined in a fixed order);
:attr:`Advice.engine` says which engine answered. A ``progress``
callback reports playouts done; a ``stop`` callback ends the analysis early
with the best answer so far.

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=3)
>>> settings = SearchSettings.for_budget(playouts=8, seed=1, workers=1)
>>> a = advise(s, settings)
>>> a.legal_moves == len(set(a.ranking())) == len(s.legal_moves()), a.playouts >= a.legal_moves
(True, True)
>>> a.ranking() == advise(s, settings).ranking()
True
"""
from .bot import AdvisorBot
from .budget import BUDGETS, Budget, budget_for
from .exact import ExactSearch, is_deterministic, state_key
from .facts import MoveFacts, PressFacts, Threat, move_facts
from .result import Advice, RankedMove
from .search import advise, check_position
from .settings import SearchSettings
from .stats import paired, wilson

__all__ = [
    "AdvisorBot", "Advice", "BUDGETS", "Budget", "ExactSearch", "MoveFacts", "PressFacts", "RankedMove", "SearchSettings",
    "Threat", "advise", "budget_for", "check_position", "is_deterministic", "move_facts", "paired", "state_key", "wilson",
]
