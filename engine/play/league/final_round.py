"""The final edition played out by a fixed rule: what the league bots foresee once no card is left to draw.

From the trigger on, nothing is random: each remaining player takes one restricted turn (one reporter
assigned, recalled or reassigned, or a press), then each player not yet done may press. The league bots
foresee it by playing it out on a copy with one rule for everyone (:func:`final_reply`):

- a restricted turn takes the move that leaves the player the best page -- a press now, or one reporter
  added (from home, or moved from another story) to claim one more story -- its gain by the fast
  solver with the frozen beat values; a press wins a tie (it cannot be taken away any more);
- in the last round a player presses whenever they can claim a story (a press never lowers one's own
  circulation).

The rule does not look ahead at the order of presses (an earlier press can take a story two players
tie on); the bots that use it compare their own moves by the end it leads to
(:func:`final_scores`), which is exact for the player who moves last.

>>> from pennypress.engine import new_game, public_view
>>> from pennypress.engine.play.match import play_match
>>> from pennypress.engine.play.bots import GreedyBot
>>> seen = []
>>> keep = lambda s, e: seen.append(public_view(s)) if s.phase.value != "normal" and not seen else None
>>> _ = play_match(new_game(3, seed=4), [GreedyBot(k) for k in range(3)], seed=4, on_move=keep)
>>> start = seen[0]; end = play_out(start)
>>> start.phase.value, start.is_over, end.is_over
('final-turns', False, True)
>>> final_scores(start)[0] == [p.circulation for p in end.players]
True
>>> scores, winners = final_scores(public_view(new_game(2, seed=1)))
Traceback (most recent call last):
...
ValueError: the final edition has not begun (normal play): nothing to play out without cards
"""
from __future__ import annotations

from ...game.moves import Assign, Decline, GoToPress, Move, Reassign
from ...position.position import Phase, Position
from ...rules.actions import apply_move, legal_moves
from ...rules.press import PressValuer
from .reading import claim_after


def final_reply(state: Position) -> Move:
    """The move the rule makes for the player to move in the final edition (see the module docstring)."""
    player = state.current
    claim = state.claimable(player)
    if state.phase is Phase.FINAL_PRESSES:
        return GoToPress() if claim else Decline()
    valuer = PressValuer.for_player(state, player)
    best_move: Move | None = GoToPress() if claim else None
    best = valuer.gain(valuer.items(claim)) if claim else -1
    home = state.players[player].home
    mine = [s for s, r in state.reporters.items() if r[player]]
    for story in state.reporters:
        moves: list[tuple[Move, dict]] = []
        if home:
            moves.append((Assign(story, 1), {story: 1}))
        moves += [(Reassign(src, story), {src: -1, story: 1}) for src in mine if src is not story]
        for move, changes in moves:
            gain = valuer.gain(valuer.items(claim_after(state, player, changes)))
            if gain > best:
                best_move, best = move, gain
    if best_move is None:
        return legal_moves(state)[0]
    return best_move


def play_out(state: Position) -> Position:
    """A copy of ``state`` (in the final edition) played to the end by :func:`final_reply`."""
    if state.phase is Phase.NORMAL:
        raise ValueError("the final edition has not begun (normal play): nothing to play out without cards")
    end = state.clone()
    while not end.is_over:
        apply_move(end, final_reply(end))
    return end


def final_scores(state: Position) -> tuple[list[int], tuple[int, ...]]:
    """Every player's final circulation and the winners when ``state`` is played out by the rule
    (``state`` itself if the game is over)."""
    if state.is_over:
        return [p.circulation for p in state.players], state.winners
    end = play_out(state)
    return [p.circulation for p in end.players], end.winners

