"""Positions and games as documents, and the :class:`~.state.State` people hold.

- :mod:`.codec`: the position's JSON form (``pennypress-state``), written and built back unchecked;
- :mod:`.validate`: every check of a position document (with ``position_schema.json``);
- :mod:`.state`: :class:`~.state.State` -- a position with the rules and its JSON as methods
  (``legal_moves``, ``apply``, ``chance_outcomes``, ``to_json``, ``from_json``) --, the
  :class:`~.state.PublicState` a player sees, ``new_game``;
- :mod:`.record`: game records (``pennypress-record``), replayed move by move;
- :mod:`.move_list`: a record from a list of moves, one a line.

Every whole-state rule lives with the rules, in :mod:`pennypress.engine.rules.status`.
The modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine.io.codec import state_to_json
>>> from pennypress.engine.io.state import State, new_game
>>> s = new_game(3, seed=2)
>>> State.from_json(state_to_json(s)) == s
True
"""
