"""The game itself, before any position: its definition, its variants and the rules' data.

- :mod:`.definition`: :class:`~.definition.GameDefinition` (players, variant, deck), immutable;
- :mod:`.variants`: the standard game and each variant (two-player, newsboy strike) as objects with hooks;
- :mod:`.tables`: the rules' numbers (markers, beat and scoop values, bonus track, ad rows, final edition);
- :mod:`.cards`, :mod:`.stories`, :mod:`.moves`: the headline cards, the 60 stories, the moves and their notation;
- :mod:`.names`: how people name players and stories at the table;
- :mod:`.words`: moves, pages and headline cards in the words players use (the one wording);
- :mod:`.errors`: an illegal move, a problem of a position;
- ``data/``: the game's tables, decks and cards as JSON and CSV.

The bottom layer: it imports nothing else of the engine. The modules are
imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine.game.definition import GameDefinition
>>> GameDefinition.create(4, ["newsboy"]).variant.name
'newsboy'
"""
