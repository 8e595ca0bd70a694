"""The advisor: the best move for any position, every legal move ranked, with reasons (issue #9).

How it searches (each step in its own module):

- **The public position only** (:func:`~pennypress.engine.io.state.public_view`): the
  one hidden thing is the headline deck's order, so every card draw is sampled
  uniformly from the unseen cards (determinized search, the idea behind
  Information-Set MCTS, Cowling, Powley & Whitehouse 2012); the deck's order is
  never read.
- **Short playouts and a value model** (:mod:`.playout`, :mod:`.policy`,
  :mod:`.value`): after a candidate move the game goes on for a few bot moves
  by the search policy -- at tables of 2 and 3 a seat-by-seat mix of the value
  bot and the heuristic bot, both jittered, standing for the kinds of player at
  the table; the heuristic bot alone at 4 and 5 -- and then the value model gives every player's chance to win,
  expected margin and circulation (:data:`.policy.SEARCH_LEAF`). Playout ``k``
  of every candidate has the same future (card draws and bots: common random
  numbers), so moves are compared on the same futures and their differences
  are paired (:mod:`.stats`).
- **Sequential halving** (Karnin, Koren & Somekh 2013; :mod:`.search`): the
  budget's playouts (:mod:`.budget`) are shared over rounds, the better half of
  the moves going on each round, and the analysis stops early once the leader
  is separated from every other move (paired intervals, the error rate shared
  over the rounds that look). The other moves are ranked by their paired
  estimate against the best.
- **The exact final edition** (:mod:`.exact`): no card is drawn from its start,
  so the rest is a finite game searched exhaustively with a memo; such answers
  are labelled exact and carry no interval.
- **What a person reads**: the win shares through a monotone calibration
  (:mod:`.calibration`), and the top moves' facts and reasons (:mod:`.facts`,
  :mod:`.reasons`), in an :class:`Advice` of :class:`RankedMove` (:mod:`.result`).

Everything an analysis runs with beside the position is one
:class:`SearchSettings` (:mod:`.settings`), completed once with what the
table decides (the engine among it) and passed unchanged down to the
batches. Budgets count playouts, not seconds (``--seconds`` is the documented
exception), so the answer depends on the position and the settings only --
not on the number of workers, nor on the engine: :mod:`.pool` runs batches on
the native core's threads when it is installed (the very same playouts), else
on processes, and :attr:`Advice.engine` says which answered. A ``progress``
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
from .answer import advise
from .search import analyse, check_position
from .settings import SearchSettings
from .stats import paired, wilson

__all__ = [
    "AdvisorBot", "Advice", "BUDGETS", "Budget", "ExactSearch", "MoveFacts", "PressFacts", "RankedMove", "SearchSettings",
    "Threat", "advise", "analyse", "budget_for", "check_position", "is_deterministic", "move_facts", "paired", "state_key", "wilson",
]
