"""Taking a story: how many reporters a rival must add to a story to outnumber the player holding it.

The one definition of "what it takes a rival to take this story", read by the
advisor's facts (:mod:`pennypress.engine.advisor.facts`: which of the player's
stories each opponent could take) and by the league's reading of a position
(:mod:`pennypress.engine.play.league.reading`). The heuristic bot keeps its
own cruder estimate, tuned with it (``HeuristicBot._threat_estimate`` in
:mod:`pennypress.engine.play.heuristic`); the Rust core mirrors each form.

On one turn a player adds reporters to a story in two ways (the rules'
moves): by assigning them from home -- any number on a normal turn, one on a
restricted final-edition turn -- or by reassigning one from another story.

>>> from pennypress.engine import new_game, parse_move
>>> s = new_game(3, seed=7)
>>> story = s.columns[sorted(s.columns, key=str)[0]][0]
>>> _ = s.play(parse_move(f"assign 2 {story}"))      # The Times puts 2 reporters on it
>>> reporters_to_take(s, 1, story, 0, restricted=False), reporters_to_take(s, 1, story, 0, restricted=True)
(3, None)
>>> reporters_to_take(s, 0, story, 1, restricted=False)  # The Times already outnumbers The Sun there
0
"""
from __future__ import annotations

from ..game.stories import Story
from .position import Position


def reporters_to_take(state: Position, taker: int, story: Story, holder: int, restricted: bool) -> int | None:
    """How many reporters ``taker`` must add to ``story`` on one turn to outnumber ``holder`` there (and
    so take it from them): 0 when they already do; ``None`` when they cannot on one turn.

    They can add up to all their reporters at home (one on a ``restricted`` final-edition turn), or one
    reporter reassigned from another story where they have one.
    """
    r = state.reporters[story]
    need = r[holder] - r[taker] + 1
    if need <= 0:
        return 0
    if restricted or state.players[taker].home < need:
        if need == 1 and (state.players[taker].home or state.on_board(taker) > r[taker]):
            return 1
        return None
    return need
