"""The end of a turn: who moves next, the final edition's start and its rounds, the end of the game.

- :func:`next_turn`: after a move, the next player -- the turn order in normal
  play (:meth:`~pennypress.engine.position.position.Position.next_turn`, the variant's turns
  in a row), else the final edition's rounds -- or the end scoring;
- :func:`start_final_edition`: a press that triggers it: markers freeze, the
  variant's part ends (the newsboy strike), the trigger player is done and the
  others each get one restricted turn in order from the trigger's left.

Both the moves (:mod:`.actions`) and the card draw (:mod:`.chance`) end
their turn here.
"""
from __future__ import annotations

from ..position.events import EndOutcome
from ..position.position import Phase, Position
from ..position.turns import final_edition_order
from .endgame import end_scoring


def next_turn(state: Position, player: int, pressed: bool, triggered: bool) -> EndOutcome | None:
    """Advance to the next player after ``player``'s turn; returns the end-game outcome if the game just ended."""
    if triggered:
        return None  # start_final_edition already chose the next player
    if state.phase is Phase.NORMAL:
        state.current, state.turns_left = state.next_turn()
        return None
    if state.phase is Phase.FINAL_PRESSES or pressed:
        state.players[player].done = True
    if state.pending:
        state.current = state.pending.pop(0)
        return None
    if state.phase is Phase.FINAL_TURNS:
        trigger = state.trigger_player if state.trigger_player is not None else player
        order = final_edition_order(state.n_players, trigger, [p.done for p in state.players])
        if order:
            state.phase = Phase.FINAL_PRESSES
            state.current, state.pending = order[0], order[1:]
            return None
    return end_game(state)


def end_game(state: Position) -> EndOutcome:
    """The end scoring: every player's circulation with the beat bonuses; the game is over."""
    outcome = end_scoring(state.players, state.bonus)
    for p, total in zip(state.players, outcome.circulation):
        p.circulation = total
    state.phase = Phase.OVER
    state.pending = []
    return outcome


def start_final_edition(state: Position, trigger: int) -> None:
    """The final edition begins: markers freeze, the variant's part ends, the trigger player is done,
    and the others (in turn order from the trigger's left) each get one restricted turn."""
    state.players[trigger].done = True
    state.trigger_player = trigger
    state.definition.variant.final_edition_begins(state)
    state.phase = Phase.FINAL_TURNS
    order = final_edition_order(state.n_players, trigger, [p.done for p in state.players])
    state.current, state.pending, state.turns_left = order[0], order[1:], 1
