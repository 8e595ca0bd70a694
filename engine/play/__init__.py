"""Playing: the bots, the one game loop and the invariants checked after every move.

- :mod:`.bots`: the random and greedy bots, and what a bot is (``choose(view)``, a
  :class:`~pennypress.engine.io.state.PublicState`);
- :mod:`.heuristic`: the heuristic bot, a one-ply player;
- :mod:`.league`: opponents written apart from the heuristic and the advisor (evaluator, timer, MCTS);
- :mod:`.match`: :func:`~.match.play_match`, the one game loop, which hands each bot what a player sees;
- :mod:`.invariants`: the invariants checked after every move.

Seat names, self-play and tournaments are in :mod:`pennypress.engine.arena`.
The modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.play.bots import GreedyBot
>>> from pennypress.engine.play.match import play_match
>>> play_match(new_game(2, seed=3), [GreedyBot(1), GreedyBot(2)], seed=3).state.is_over
True
"""
