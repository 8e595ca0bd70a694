"""The position as data and pure queries -- the layer above the game's definition.

- :mod:`.position`: :class:`~.position.Position` (board, supply, markers, deck, players, whose
  turn, phase) with its queries: top beats, markers, whose turn comes next, who moves before a
  player's next turn, what a player could claim; :class:`~.position.PlayerState`, :class:`~.position.Phase`;
- :mod:`.turns`: the turn order, the final edition's order and the cards a game has drawn, as pure functions;
- :mod:`.taking`: how many reporters a rival must add to a story to take it from its holder;
- :mod:`.events`: what the last move did (a press's outcome, the end scoring), as values.

Nothing here changes a position by the rules (:mod:`pennypress.engine.rules` does).
The modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine import new_game
>>> s = new_game(2, seed=3)
>>> s.movers_before_next_turn(), s.next_turn()
([1], (1, 2))
"""
