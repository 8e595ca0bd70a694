"""The rules' transitions: every way a position changes, and every whole-state rule.

- :mod:`.actions`: legal moves, why a move is illegal, playing one;
- :mod:`.press`: going to press -- claims, scoops, the page (the solver's), publishing;
- :mod:`.chance`: the headline-card draw as an explicit chance node;
- :mod:`.final_edition`: the turn's end -- the next player, the final edition's start and rounds, the end;
- :mod:`.headlines`, :mod:`.board`: resolving headline cards; moving story tiles;
- :mod:`.setup`: setting up a game; :mod:`.endgame`: the end scoring;
- :mod:`.status`: every problem of a position, as data (the one place of whole-state rules).

Where a variant changes a rule, these modules ask its hooks
(:mod:`pennypress.engine.game.variants`). The modules are imported by their
own paths; this package re-exports nothing.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.rules.actions import legal_moves
>>> len(legal_moves(new_game(3, seed=7)))
45
"""
