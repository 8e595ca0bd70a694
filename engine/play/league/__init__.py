"""The league: opponents written apart from the project's bots and the advisor's playout policy, to
measure strength against play the project has not tuned its search on (``docs/concepts/league.md``).

- :mod:`.evaluator` (seat ``evaluator``): a one-ply player over every legal move, scoring the position
  each leaves by every newspaper's projected final circulation under a threat model;
- :mod:`.timer` (seat ``timer``): a press-timing specialist that builds one page at a time and presses
  on a moving threshold, when threatened, or when triggering the final edition wins;
- :mod:`.mcts` (seat ``mcts``): a small UCT max-n tree search with its own rollout policy
  (:mod:`.mcts_rollout`) and its own value of where a rollout stops (:mod:`.mcts_leaf`);
- :mod:`.reading` and :mod:`.final_round`: facts of a position they share (who acts before whom, who
  can take a story, the unseen cards' bonus rates) and the fixed rule by which they foresee the final
  edition.

Each sees only a :class:`~pennypress.engine.io.state.PublicState` (whatever it is handed, it tries
moves on :func:`~pennypress.engine.io.state.public_view` of it) and is deterministic for its seed.
The native core holds the same bots (``core/src/league/``, ``docs/concepts/league.md``), proven to decide as these
do move by move (``tests/core/test_core_league.py``); a tournament whose seats the core has runs there. These
modules stay the readable reference.

None of these modules reaches :mod:`pennypress.engine.play.heuristic`,
:mod:`pennypress.engine.play.bots` or :mod:`pennypress.engine.advisor` (``tests/test_layers.py``).
"""
