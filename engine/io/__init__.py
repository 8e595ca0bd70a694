"""Positions and games as documents: the state's JSON form, its validation, game records.

- :mod:`.codec`: the state's JSON form (``pennypress-state``), written and built back unchecked;
- :mod:`.validate`: every check of a position document (with ``position_schema.json``);
- :mod:`.record`: game records (``pennypress-record``), replayed move by move;
- :mod:`.move_list`: a record from a list of moves, one a line.

Every whole-state rule lives with the rules, in :mod:`pennypress.engine.status`.
The modules are imported by their own paths; this package re-exports nothing.

>>> from pennypress.engine import new_game
>>> from pennypress.engine.io.codec import state_to_json
>>> from pennypress.engine.io.validate import load_position
>>> s = new_game(3, seed=2)
>>> load_position(state_to_json(s)) == s
True
"""
