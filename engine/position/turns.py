"""Whose turn comes when, and what a game has drawn: the turn-order rules as pure functions.

The one place these rules are written: the turn's end (:mod:`pennypress.engine.rules.final_edition`),
the position checks (:mod:`pennypress.engine.rules.status`), the notation reader and the bots
ask them, through the position (:class:`~pennypress.engine.position.position.Position`) or directly.

- normal play: :func:`next_seat` (one step of the turn order, the variant's turns in a row) and
  :func:`seats_before_next_turn`;
- the final edition: :func:`final_edition_order` and :func:`pending_after` (who is still to act);
- :func:`cards_drawn_span`: how many headline cards a game in a position has drawn.

>>> final_edition_order(4, trigger=2)
[3, 0, 1]
>>> final_edition_order(3, trigger=0, done=[True, False, True])
[1]
>>> next_seat(2, current=0, turns_left=1, in_a_row=2), next_seat(2, current=1, turns_left=2, in_a_row=2)
((1, 2), (1, 1))
>>> seats_before_next_turn(4, 1, turns_left=1, in_a_row=1), seats_before_next_turn(2, 1, 1, 2), seats_before_next_turn(2, 1, 2, 2)
([2, 3, 0], [0], [])
>>> pending_after(4, current=3, trigger=1, done=[False, True, False, False], final_turns=True)
[0]
>>> pending_after(4, current=2, trigger=1, done=[True, True, False, False], final_turns=False)
[3]
"""
from __future__ import annotations

from typing import Sequence


def next_seat(players: int, current: int, turns_left: int, in_a_row: int) -> tuple[int, int]:
    """The next turn in normal play: ``(player, turns left)`` after ``current``'s turn -- the same player
    while they have turns left, else the player to the left with the variant's ``in_a_row`` turns."""
    if turns_left > 1:
        return current, turns_left - 1
    return (current + 1) % players, in_a_row


def seats_before_next_turn(players: int, current: int, turns_left: int, in_a_row: int) -> list[int]:
    """In normal play, the other players who move before ``current`` moves again, in order, each once."""
    return seats_before(players, current, turns_left, in_a_row, current)


def seats_before(players: int, current: int, turns_left: int, in_a_row: int, player: int) -> list[int]:
    """In normal play, the other players who move before ``player``'s next turn, in order, each once: for
    the player to move (``current``), those before their next turn; for another, ``current`` and the
    players after until ``player``."""
    order = [] if current == player else [current]
    seat, left = current, turns_left
    for _ in range(2 * players):
        seat, left = next_seat(players, seat, left, in_a_row)
        if seat == player:
            break
        order.append(seat)
    return list(dict.fromkeys(order))


def final_edition_order(players: int, trigger: int, done: Sequence[bool] | None = None) -> list[int]:
    """The other players in turn order from the trigger player's left (rulebook p. 5),
    leaving out those already ``done`` when given."""
    order = [(trigger + k) % players for k in range(1, players)]
    return order if done is None else [p for p in order if not done[p]]


def pending_after(players: int, current: int, trigger: int, done: Sequence[bool], final_turns: bool) -> list[int]:
    """Who is still to act in the final edition's round after ``current`` (``[]`` if ``current`` has no
    turn in it): in the first round (``final_turns``) every player after them in the order from the
    trigger player's left; in the second, those of them not yet done."""
    order = final_edition_order(players, trigger)
    if current not in order:
        return []
    after = order[order.index(current) + 1:]
    return after if final_turns else [p for p in after if not done[p]]


def cards_drawn_span(players: int, presses: int, done: int, normal: bool, draw_pending: bool) -> tuple[int, int]:
    """How many headline cards a game has drawn: ``(fewest, most)``.

    Setup draws one per player and each press draws one, except the press that
    triggers the final edition and those after it (``done`` players are done,
    the trigger among them); a press at a chance node has not drawn yet.
    """
    if normal:
        drawn = players + presses - (1 if draw_pending else 0)
        return drawn, drawn
    return players + presses - done, players + presses - 1
