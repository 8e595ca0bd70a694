"""The standard game, and what a variant may change: one hook for each place the rules differ.

A variant is a subclass of :class:`Variant` that overrides the hooks it
changes (:mod:`.two_player`, :mod:`.newsboy`); the game asks its
:attr:`GameDefinition.variant <pennypress.engine.game.definition.GameDefinition.variant>`
and never tests a variant's name. The hooks, by where they are asked:

- **set-up** (:func:`pennypress.engine.rules.setup.deal`): :meth:`Variant.deal`;
- **turn order** (:mod:`pennypress.engine.position.turns`): :attr:`Variant.turns_in_a_row`;
- **legal moves** (:mod:`pennypress.engine.rules.actions`, the final edition's start):
  :meth:`Variant.forced_moves`, :meth:`Variant.why_illegal`, :meth:`Variant.carries_out`,
  :meth:`Variant.play`, :meth:`Variant.final_edition_begins`;
- **position checks** (:mod:`pennypress.engine.rules.status`): :meth:`Variant.turn_problems`,
  :meth:`Variant.why_not_pressed`;
- **notation** (:mod:`pennypress.engine.notation`): :meth:`Variant.notation_tokens`,
  :meth:`Variant.notation_missing`; and for an editor, :attr:`Variant.turn_fields` (the turn's
  fields a person sets for the variant).

A hook's ``state`` is the position (:class:`~pennypress.engine.position.position.Position`):
this layer sits below it and reads only its fields. A variant's player
counts and description are rules data (``data/game.json``).

>>> STANDARD.name, STANDARD.turns_in_a_row, STANDARD.players
('standard', 1, (2, 3, 4, 5))
>>> from pennypress.engine.game.moves import PassNewsboy
>>> STANDARD.why_illegal(None, 0, PassNewsboy())
'nobody holds the newsboy (the strike is not on)'
"""
from __future__ import annotations

from typing import Any, Collection

from ..errors import Problem
from ..moves import Move, PassNewsboy
from ..names import newspaper
from ..tables import MAX_PLAYERS, MIN_PLAYERS, VARIANT_DATA

NO_NEWSBOY = "nobody holds the newsboy (the strike is not on)"
"""Why the newsboy cannot be passed when nobody holds it."""


class Variant:
    """The standard game's answer to every question a variant may answer differently."""

    name = "standard"
    """The variant's name in positions and on the command line (``data/game.json``)."""
    turns_in_a_row = 1
    """How many turns a player takes in a row in normal play (two in the two-player order)."""
    turn_fields: tuple[str, ...] = ()
    """The position's ``turn`` fields the variant uses in normal play (``turns_left``, ``newsboy``):
    what a position editor asks for besides whose turn it is."""

    def __init__(self) -> None:
        spec = VARIANT_DATA.get(self.name, {})
        self.players: tuple[int, ...] = tuple(spec.get("players", range(MIN_PLAYERS, MAX_PLAYERS + 1)))
        """The player counts the variant is for."""
        self.automatic: bool = spec.get("automatic", False)
        """Whether it applies by itself to those player counts (nobody chooses it)."""
        self.description: str = spec.get("description", "The rulebook's main rules.")

    def __repr__(self) -> str:
        return f"<variant {self.name}>"

    # ---------------------------------------------------------------- set-up
    def deal(self, state: Any) -> None:
        """The variant's part of the set-up, after the setup cards and the markers."""

    # ---------------------------------------------------------------- legal moves
    def forced_moves(self, state: Any, player: int) -> list[Move] | None:
        """The only moves ``player`` has now, when the variant decides them; ``None``: the rules decide."""
        return None

    def why_illegal(self, state: Any, player: int, move: Move) -> str | None:
        """The variant's objection to ``player`` making ``move`` now, in plain words; ``None``: none
        (the rules then judge the move, or :meth:`carries_out` it is the variant's own)."""
        if isinstance(move, PassNewsboy):
            return NO_NEWSBOY
        return None

    def carries_out(self, move: Move) -> bool:
        """Whether ``move`` is the variant's own (legal once :meth:`why_illegal` has no objection;
        :meth:`play` carries it out)."""
        return False

    def play(self, state: Any, player: int, move: Move) -> None:
        """Carry out a move the variant :meth:`carries_out`."""
        raise NotImplementedError(f"the {self.name} game has no move {move}")

    def final_edition_begins(self, state: Any) -> None:
        """What the variant changes when the final edition is triggered."""

    # ---------------------------------------------------------------- position checks
    def turn_problems(self, state: Any) -> list[Problem]:
        """What is wrong with the turn's variant fields (the newsboy): nobody holds it in the standard game."""
        if state.newsboy is None:
            return []
        return [Problem("newsboy", "turn.newsboy",
                        f"{newspaper(state.newsboy)} holds the newsboy, but the newsboy variant is not in play"),
                *strike_over(state)]

    def why_not_pressed(self, state: Any, player: int) -> str | None:
        """Why ``player`` cannot have just gone to press (the variant's reason), or ``None``: a player
        holding the newsboy has no other move."""
        if state.newsboy == player:
            return f"{newspaper(player)} holds the newsboy and cannot have gone to press"
        return None

    # ---------------------------------------------------------------- notation
    def notation_tokens(self, state: Any) -> list[str]:
        """The options the one-line notation writes for the variant in normal play (``turns=2``, ``newsboy=p2``),
        from the :attr:`turn_fields` of ``state`` (a position, or anything with those fields)."""
        return []

    def notation_missing(self, phase: str, options: Collection[str]) -> str | None:
        """What a line of notation in ``phase`` with these options (``turns``, ``newsboy``, ...) leaves
        out that the variant needs, or ``None``."""
        return None


def strike_over(state: Any) -> list[Problem]:
    """Nobody holds the newsboy once the final edition has begun."""
    if state.newsboy is None or not state.markers_frozen:
        return []
    return [Problem("newsboy", "turn.newsboy", f"the strike ends when the final edition is triggered, but the phase "
                                               f"is {state.phase}: expected null")]


STANDARD = Variant()
"""The standard game (no variant)."""
