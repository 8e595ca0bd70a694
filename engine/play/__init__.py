"""Playing whole games: the bots, the one game loop, self-play and tournaments.

- :mod:`.bots`: the seat names (random, greedy, heuristic, plug-ins) and :func:`~.bots.make_bot`;
- :mod:`.heuristic`: the heuristic bot, a one-ply player;
- :mod:`.match`: :func:`~.match.play_match`, the one game loop;
- :mod:`.invariants`: the invariants checked after every move;
- :mod:`.selfplay`: complete bot games, every invariant checked;
- :mod:`.tournament`: seat-rotated games, win shares, tests and ratings;
- :mod:`.executors`: where tournament games run (a process pool or Dask).

The modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine.play.selfplay import run_selfplay
>>> report = run_selfplay(players=2, games=1, seed=3, bot="greedy")
>>> report["games"], report["invariant_violations"]
(1, 0)
"""
