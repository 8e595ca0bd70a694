"""The opponents the playouts seat: each player's styles and their chances, as the table reading gives them.

Without a table every opponent in a playout is the search's own playout
player (:mod:`.policy`). With one (:class:`OpponentTable`, built by
:func:`pennypress.engine.arena.table_reading.opponent_table` from a reading)
each playout seats player ``p`` as one of its styles, drawn by their chances
from a generator of the seat's own seed apart from the bot's (the native
core's ``Policy.table``): the same seat of the same playout always gets the
same style, so the moves compared still share their futures. A style of
``None`` is the search's own playout player; a player with no styles (the one
advised) is always it. The styles are core policies, so a table plays on the
native core only.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..native import core_module

EXACT_END_UP_TO = 3
"""By default the playouts finish the final edition exactly at tables of up to this many players (where it
was measured: ``docs/lab/self-play.md``; :meth:`.settings.SearchSettings.exact_end_on`); at bigger tables every
seat plays it by its own bot."""


@dataclass(frozen=True)
class OpponentTable:
    """Per player in seat order, ``(chance, core policy or None)`` of each style it may play, and the reading
    in words (one sentence an opponent, then one for :attr:`own_ends` when it is played), said with the
    advice."""

    seats: tuple[tuple[tuple[float, Any], ...], ...]
    words: tuple[str, ...] = ()
    weigh_replies: bool = False
    """A second ply weighs each searched reply by the chance its player is read as the search's own playout player
    (:meth:`unknown`), and for the rest keeps the analysis's own figure, whose playouts seat the styles read
    (:func:`.replies.second_ply`); otherwise every reply is searched as for a player nobody has read."""

    own_ends: bool = False
    """Each style read plays the playouts' final edition as itself, and every other seat (the player advised, a
    player read as the search's own playout player) by the exact search's move, decision by decision -- where the
    search would otherwise solve the final edition for every seat as if all played it perfectly
    (:attr:`.settings.SearchSettings.exact_end` resolves off with it)."""

    @property
    def own_ends_played(self) -> bool:
        """Whether :attr:`own_ends` changes the playouts: some seat may play a style of its own (a table of nothing
        but the search's own playout players plays as no table does), at a table of up to
        :data:`EXACT_END_UP_TO` players (at a bigger one nobody's final edition is solved exactly: every seat,
        each style read included, already plays it by its own bot)."""
        return (self.own_ends and len(self.seats) <= EXACT_END_UP_TO
                and any(p is not None for seat in self.seats for _w, p in seat))

    def unknown(self, player: int) -> float:
        """The chance that ``player`` plays as the search's own playout player: 1 for a player with no styles (the
        one advised, or one with no move read)."""
        seat = self.seats[player] if player < len(self.seats) else ()
        total = sum(w for w, _p in seat)
        return 1.0 if not seat or total <= 0 else sum(w for w, p in seat if p is None) / total

    def wrap(self, base: Any) -> Any:
        """The core's playout policy: ``base`` where a seat has no styles and for a style of ``None`` (with
        :attr:`own_ends`, ``base`` playing the final edition by the exact search)."""
        if self.own_ends_played:
            base = core_module().Policy.exact_final(base)
        seats = [[(w, base if p is None else p) for w, p in seat] for seat in self.seats]
        return core_module().Policy.table(base, seats)


__all__ = ["EXACT_END_UP_TO", "OpponentTable"]
