"""The State people hold -- a position with the rules and its JSON as methods -- and what a player sees.

In the style of OpenSpiel's ``State`` and python-chess's ``Board``, a
:class:`State` is a :class:`~pennypress.engine.position.position.Position` whose
methods ask the layers below: the rules (:mod:`pennypress.engine.rules`:
``legal_moves``, ``why_illegal``, ``apply``, the chance node's
``chance_outcomes`` and ``apply_chance``) and the position's document
(:mod:`.codec` and :mod:`.validate`: ``to_json``, ``from_json``). It sits
above both, so neither imports it.

A :class:`PublicState` is an information state: the position as the players
see it, the undrawn headline cards an unordered set (sorted, order unknown).
Bots are handed one (:func:`player_view`), and the advisor searches one
(:func:`public_view`): nothing that chooses a move can read the deck's order.

>>> s = new_game(3, seed=7)
>>> s.current_player, len(s.legal_moves()), State.from_json(s.to_json()) == s
(0, 45, True)
>>> v = public_view(s); type(v).__name__, v.deck_known, v.deck == sorted(s.deck), v.clone().deck_known
('PublicState', False, True, False)
>>> player_view(v) is v, player_view(s).deck == sorted(s.deck), s.deck_known
(True, True, True)
"""
from __future__ import annotations

import random
from typing import Any

from ..game.definition import GameDefinition
from ..game.errors import IllegalMove
from ..game.moves import Move
from ..position.events import Event
from ..position.position import Position
from ..rules.actions import apply_move, legal_moves, why_illegal
from ..rules.chance import apply_chance, chance_outcomes, resolve_chance
from ..rules.setup import empty_table, set_up
from .codec import state_to_json
from .validate import load_position


class State(Position):
    """A game position with the rules as methods (what ``new_game`` and ``State.from_json`` give).

    >>> from pennypress.engine import parse_move
    >>> s = new_game(3, seed=7)
    >>> s.why_illegal(parse_move("assign 6 war:B:1")), s.apply(parse_move("assign 2 war:B:1")).move
    ('you have only 5 reporters at home', 'assign 2 war:B:1')
    """

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move of the player to move, each once (:func:`~pennypress.engine.rules.actions.legal_moves`)."""
        return legal_moves(self)

    def why_illegal(self, move: Move) -> str | None:
        """Why ``move`` is not legal now, in plain words; ``None`` if it is."""
        return why_illegal(self, move)

    def apply(self, move: Move) -> Event:
        """Play ``move`` in place (raises :class:`~pennypress.engine.game.errors.IllegalMove`); returns the event.

        A press that draws a headline card stops at a chance node
        (:meth:`is_chance_node`); resolve it with :meth:`apply_chance`, or use
        :meth:`play`, which does both.
        """
        return apply_move(self, move)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(card_id, probability), ...]`` of the draw at a chance node (``[]`` elsewhere)."""
        return chance_outcomes(self)

    def apply_chance(self, card_id: int) -> Event:
        """Resolve the chance node with headline card ``card_id``; returns the press's completed event."""
        return apply_chance(self, card_id)

    def play(self, move: Move, rng: random.Random | None = None) -> Event:
        """:meth:`apply` then, at a chance node, draw the card (``rng`` picks it when the order is unknown).

        Returns the event with the card filled in.
        """
        event = self.apply(move)
        return resolve_chance(self, rng) or event

    def child(self, move: Move, rng: random.Random | None = None) -> "State":
        """A new state after :meth:`play`-ing ``move``; this one is unchanged."""
        new = self.clone()
        new.play(move, rng)
        return new

    def to_json(self) -> dict:
        """The position's document (``docs/guide/position.md``)."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, doc: Any, root: str = "position", trusted: bool = False) -> "State":
        """Check a position document completely and build its :class:`State`
        (:func:`~pennypress.engine.io.validate.load_position`; ``root`` and ``trusted`` as there)."""
        return load_position(doc, root, trusted, cls=State)


class PublicState(State):
    """A position as the players see it: the undrawn headline cards as an unordered set.

    The deck is sorted and its order marked unknown, so nothing that holds
    one can learn (or depend on) the order of the headline deck; a card drawn
    from it is sampled from the unseen cards. Clones are public too.
    """


class _TableView(PublicState):
    """A :func:`player_view` of a table whose deck order is known: it shares the table's board and
    players, so it is read-only (its clones are ordinary :class:`PublicState`)."""

    def clone(self, cls: type | None = None) -> Position:
        return super().clone(cls or PublicState)

    def apply(self, move: Move) -> Event:
        raise IllegalMove("a player's view of the table is read-only: clone() it to try a move")

    def apply_chance(self, card_id: int) -> Event:
        raise IllegalMove("a player's view of the table is read-only: clone() it to try a draw")


def public_view(state: Position) -> PublicState:
    """An independent copy of ``state`` as the players see it (the undrawn cards an unordered set)."""
    view = state.clone(PublicState)
    view.deck = sorted(view.deck)
    view.deck_known = False
    return view


def deal_hidden(position: Position, seed: int) -> State:
    """A complete position that shows what ``position`` shows, its hidden part dealt at random: the
    undrawn headline cards in a uniformly random order (``random.Random(seed)`` shuffles them), the only
    thing a Penny Press table hides. Whatever order ``position`` held is not read (its cards are sorted
    first), so the deal depends only on what the players see and the seed: the same seed deals the same
    order, and every order is as likely as any other. ``position`` is unchanged.

    This is how a position is played out to the end (a rollout, a certificate's games): the players'
    side is the position, the deal is chance's.

    >>> v = public_view(new_game(3, seed=7))
    >>> full = deal_hidden(v, seed=1)
    >>> full.deck_known, sorted(full.deck) == v.deck, public_view(full) == v
    (True, True, True)
    >>> deal_hidden(v, seed=1).deck == full.deck, deal_hidden(v, seed=2).deck == full.deck
    (True, False)
    """
    state = position.clone(State)
    deck = sorted(state.deck)
    random.Random(seed).shuffle(deck)
    state.deck = deck
    state.deck_known = True
    return state


def player_view(state: Position, previous: PublicState | None = None) -> PublicState:
    """What the game loop hands a bot: ``state`` itself when it is already public, else a read-only
    view of it without the deck's order (it shares the table's board and players -- no copy is
    made per move -- and refuses :meth:`~PublicState.apply`; :meth:`~Position.clone` it to search).

    ``previous``, the view handed out for the last move of the same table, is brought up to date
    instead of making a new one (its sorted deck is kept while no card was drawn).
    """
    if isinstance(state, PublicState):
        return state
    if type(previous) is _TableView:
        view, deck = previous, previous.deck
    else:
        view, deck = _TableView.__new__(_TableView), None
    view.__dict__.update(state.__dict__)
    view.deck = deck if deck is not None and len(deck) == len(state.deck) else sorted(state.deck)
    view.deck_known = False
    return view


def new_game(players: int | GameDefinition, seed: int = 0, variants=(), deck: str = "default") -> State:
    """A new game: ``new_game(4, seed=1)`` or ``new_game(GameDefinition.create(...), seed=1)``.

    The deck is shuffled with ``seed`` (its order known); see :mod:`pennypress.engine.rules.setup`.

    >>> s = new_game(4, seed=1, variants=["newsboy"])
    >>> s.newsboy, len(s.deck), len(s.discard), s.deck_known
    (1, 41, 4, True)
    """
    definition = players if isinstance(players, GameDefinition) else GameDefinition.create(players, variants, deck)
    return set_up(definition, seed, cls=State)


def empty_state(definition: GameDefinition) -> State:
    """A table before any card: empty board, full stacks, unshuffled deck (id order, unknown)."""
    return empty_table(definition, State)
