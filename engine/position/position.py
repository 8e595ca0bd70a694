"""The position as data: board, supply, markers, deck, players, whose turn, phase -- and pure queries.

A :class:`Position` is a plain mutable record with a cheap :meth:`~Position.clone`
and read-only queries (top beats, markers, whose turn comes next, who moves
before a player's next turn, what a player could claim). It changes only
through the rules (:mod:`pennypress.engine.rules`); the
:class:`~pennypress.engine.io.state.State` people hold is a position with the
rules and its JSON as methods (``legal_moves()``, ``apply(move)``, ``to_json()``).

>>> from pennypress.engine import new_game
>>> s = new_game(3, seed=7)
>>> s.current_player, s.phase.value, s.players[0].home
(0, 'normal', 5)
>>> sum(len(c) for c in s.columns.values()) > 0
True
>>> t = s.clone(); _ = t.play(t.legal_moves()[0]); (t == s, s == s.clone(), type(t) is type(s))
(False, True, True)
>>> s.movers_before_next_turn(), s.next_turn()
([1, 2], (1, 1))
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Iterator

from pennypress.solver.vocab import BEATS, Beat, Cell, Shape, top_beats

from ..game.definition import GameDefinition
from ..game.stories import Story
from ..game.tables import COLUMN_CAPACITY, beat_value, marker_position, scoop_value
from .events import Event
from .turns import cards_drawn_span, next_seat, seats_before_next_turn


def column_marker(column: list[Story], reporters: dict[Story, list[int]]) -> int:
    """The arrow marker's place for a news-beat column: ``min(9, height + covered stories)``
    (the one place the formula is applied; one pass, as it runs after every move)."""
    height = covered = 0
    for story in column:
        height += story.spaces
        if any(reporters[story]):
            covered += 1
    return marker_position(height, covered)


class Phase(str, Enum):
    """Where the game is: normal turns, the final edition's two rounds, or over."""

    NORMAL = "normal"
    FINAL_TURNS = "final-turns"
    """Final edition, first round: each remaining player's one restricted turn."""
    FINAL_PRESSES = "final-presses"
    """Final edition, second round: each remaining player may go to press."""
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@dataclass
class PlayerState:
    """One newspaper: reporters at home, pennies (presses), circulation, ad, published stories."""

    home: int
    pennies: int = 0
    circulation: int = 0
    ad: Cell | None = None
    published: list[Story] = field(default_factory=list)
    done: bool = False

    def stars(self, beat: Beat) -> int:
        """Stars published in ``beat`` during the game."""
        return sum(s.stars for s in self.published if s.beat is beat)

    def copy(self) -> "PlayerState":
        return PlayerState(self.home, self.pennies, self.circulation, self.ad, list(self.published), self.done)


@dataclass(eq=False)
class Position:
    """A complete game position (equal to any position with the same fields, whatever its class).

    - ``columns[beat]``: stories in play in that news beat, bottom to top.
    - ``reporters[story]``: reporters per player on each story in play (every
      story in play has an entry; a story is in play iff it has one).
    - ``stacks[(beat, shape)]``: stars of the stories in that supply stack, top
      (1★) first.
    - ``markers[beat]``: arrow marker positions 0..9 (frozen in the final edition).
    - ``bonus[beat]``: bonus marker values (2..20).
    - ``deck``: headline card ids still to draw, top first when
      ``deck_known``; otherwise an unordered set that is sampled on drawing.
    - ``current``/``turns_left``: whose turn, and how many turns in a row they
      still have (2 only in the two-player pattern).
    - ``pending``: in the final edition, the players still to act in this
      round after the current one, in turn order.
    - ``draw_pending``: a chance node. The player to move has just gone to
      press and must draw a headline card before play goes on; the press is
      done (pennies, circulation, markers) and the card is not yet drawn.
      :func:`~pennypress.engine.rules.chance.chance_outcomes` lists the cards that can
      come up and :func:`~pennypress.engine.rules.chance.apply_chance` resolves the draw.
    """

    definition: GameDefinition
    columns: dict[Beat, list[Story]]
    reporters: dict[Story, list[int]]
    stacks: dict[tuple[Beat, Shape], list[int]]
    markers: dict[Beat, int]
    bonus: dict[Beat, int]
    deck: list[int]
    deck_known: bool
    discard: list[int]
    players: list[PlayerState]
    current: int = 0
    turns_left: int = 1
    newsboy: int | None = None
    phase: Phase = Phase.NORMAL
    pending: list[int] = field(default_factory=list)
    trigger_player: int | None = None
    draw_pending: bool = False
    ply: int = 0
    last_event: Event | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Position))

    __hash__ = None  # type: ignore[assignment]  # mutable

    # ----------------------------------------------------------------- queries
    @property
    def n_players(self) -> int:
        return self.definition.players

    @property
    def current_player(self) -> int:
        """Whose turn it is (meaningless once the game is over)."""
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def repetition_key(self) -> tuple:
        """What makes a turn the same turn again: who is to move, the turns left, every player's pennies and
        every story's reporters (bots count repeats by it: waiting that only shuffles reporters comes back
        to the same key)."""
        return (self.current, self.turns_left, tuple(p.pennies for p in self.players),
                tuple((s, tuple(r)) for s, r in self.reporters.items()))

    @property
    def markers_frozen(self) -> bool:
        """Arrow markers do not move once the final edition has begun."""
        return self.phase is not Phase.NORMAL

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner(s) once the game is over (a shared victory lists several), else ``()``."""
        if self.last_event is not None and self.last_event.end is not None:
            return self.last_event.end.winners
        return ()

    def height(self, beat: Beat) -> int:
        """Spaces filled in a news-beat column."""
        return sum(s.spaces for s in self.columns[beat])

    def covered(self, beat: Beat) -> int:
        """Stories in the column with at least one reporter on them."""
        return sum(1 for s in self.columns[beat] if any(self.reporters[s]))

    def marker_formula(self, beat: Beat) -> int:
        """Where the arrow marker belongs by the board: ``min(9, height + covered)``."""
        return column_marker(self.columns[beat], self.reporters)

    def beat_value(self, beat: Beat) -> int:
        """The beat value in force (read from the marker, which may be frozen)."""
        return beat_value(self.markers[beat])

    def scoop_value(self, beat: Beat) -> int:
        return scoop_value(self.markers[beat])

    def beat_values(self) -> dict[Beat, int]:
        return {b: beat_value(self.markers[b]) for b in BEATS}

    def top_beats(self) -> frozenset[Beat]:
        """The beats of the highest value in force (:func:`~pennypress.solver.vocab.top_beats`)."""
        return top_beats(self.beat_values())

    def stories_in_play(self) -> Iterator[Story]:
        """Every story on the board, beat by beat, bottom to top."""
        for b in BEATS:
            yield from self.columns[b]

    def reporters_of(self, player: int) -> dict[Story, int]:
        """``{story: count}`` of ``player``'s reporters on the board."""
        return {s: r[player] for s, r in self.reporters.items() if r[player]}

    def on_board(self, player: int) -> int:
        return sum(r[player] for r in self.reporters.values())

    def claimable(self, player: int) -> tuple[Story, ...]:
        """Stories ``player`` would claim by pressing now: ≥ 1 reporter and no single player with more.

        In canonical story order (the order the press's page indices refer to).
        """
        out = [
            s
            for s, r in self.reporters.items()
            if r[player] and r[player] >= max(r)
        ]
        out.sort(key=Story.sort_key)
        return tuple(out)

    def outnumbered(self, player: int) -> tuple[Story, ...]:
        """Stories where ``player`` has reporters but another single player has more."""
        out = [s for s, r in self.reporters.items() if r[player] and r[player] < max(r)]
        out.sort(key=Story.sort_key)
        return tuple(out)

    def fits(self, story: Story) -> bool:
        """Whether ``story`` fits on top of its news-beat column."""
        return self.height(story.beat) + story.spaces <= COLUMN_CAPACITY

    # ----------------------------------------------------------------- turn order
    def next_turn(self) -> tuple[int, int]:
        """In normal play, ``(player, turns left)`` of the turn after this one (the variant's turn order)."""
        return next_seat(self.n_players, self.current, self.turns_left, self.definition.variant.turns_in_a_row)

    def movers_before_next_turn(self) -> list[int]:
        """The other players who move before the player to move moves again, in order, each once:
        the turn order in normal play, the players still to act in the final edition."""
        if self.phase is Phase.NORMAL:
            return seats_before_next_turn(self.n_players, self.current, self.turns_left,
                                          self.definition.variant.turns_in_a_row)
        return list(dict.fromkeys(p for p in self.pending if p != self.current))

    def cards_drawn_span(self) -> tuple[int, int]:
        """How many headline cards a game in this position has drawn: ``(fewest, most)``
        (:func:`~pennypress.engine.position.turns.cards_drawn_span`)."""
        return cards_drawn_span(self.n_players, sum(p.pennies for p in self.players),
                                sum(1 for p in self.players if p.done), self.phase is Phase.NORMAL, self.draw_pending)

    def is_chance_node(self) -> bool:
        """True when a headline card must be drawn before anyone moves (after a press)."""
        return self.draw_pending

    def clone(self, cls: type | None = None) -> "Position":
        """An independent copy (equal to this position), of the same class or of ``cls``."""
        return (cls or type(self))(
            definition=self.definition,
            columns={b: list(c) for b, c in self.columns.items()},
            reporters={s: list(r) for s, r in self.reporters.items()},
            stacks={k: list(v) for k, v in self.stacks.items()},
            markers=dict(self.markers),
            bonus=dict(self.bonus),
            deck=list(self.deck),
            deck_known=self.deck_known,
            discard=list(self.discard),
            players=[p.copy() for p in self.players],
            current=self.current,
            turns_left=self.turns_left,
            newsboy=self.newsboy,
            phase=self.phase,
            pending=list(self.pending),
            trigger_player=self.trigger_player,
            draw_pending=self.draw_pending,
            ply=self.ply,
            last_event=self.last_event,
        )
