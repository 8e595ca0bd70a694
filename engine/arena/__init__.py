"""Where bots meet: the seat registry, self-play, tournaments and recorded bot games.

- :mod:`.seats`: every bot by its seat name (random, greedy, heuristic, the league, advisor) -- the one registry;
- :mod:`.selfplay`: complete bot games, every invariant checked;
- :mod:`.tournament`: seat-rotated games, win shares, tests and ratings;
- :mod:`.executors`: where tournament games run (a process pool or Dask);
- :mod:`.recorded`: a seeded bot game written down as a record.

Above the play layer and the advisor, because a seat may be either. The
modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine.arena.selfplay import run_selfplay
>>> report = run_selfplay(players=2, games=1, seed=3, bot="greedy")
>>> report["games"], report["invariant_violations"]
(1, 0)
"""
