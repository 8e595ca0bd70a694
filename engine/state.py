"""The game state: board, supply, markers, deck, players, whose turn, phase.

A :class:`State` is a plain mutable record with a cheap :meth:`~State.clone`;
the rules that change it live in :mod:`pennypress.engine.rules` (moves), and
the queries here are read-only. ``State.legal_moves()``, ``State.apply(move)``
and ``State.to_json()`` are conveniences delegating to those modules.

>>> from pennypress.engine import new_game, parse_move
>>> s = new_game(3, seed=7)
>>> s.current_player, s.phase.value, s.players[0].home
(0, 'normal', 5)
>>> sum(len(c) for c in s.columns.values()) > 0
True
>>> t = s.clone(); _ = t.play(t.legal_moves()[0]); (t == s, s == s.clone())
(False, True)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Iterator

from pennypress.solver.vocab import BEATS, Beat, Cell, Shape

from .definition import GameDefinition
from .events import Event
from .stories import Story
from .tables import beat_value, marker_position, scoop_value

if TYPE_CHECKING:  # pragma: no cover
    from .moves import Move


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


@dataclass
class State:
    """A complete game position.

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
      :meth:`chance_outcomes` lists the cards that can come up and
      :meth:`apply_chance` resolves the draw.
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
        values = self.beat_values()
        top = max(values.values())
        return frozenset(b for b in BEATS if values[b] == top)

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
        from .tables import COLUMN_CAPACITY

        return self.height(story.beat) + story.spaces <= COLUMN_CAPACITY

    # ------------------------------------------------------------- conveniences
    def legal_moves(self) -> list["Move"]:
        from .rules import legal_moves

        return legal_moves(self)

    def why_illegal(self, move: "Move") -> str | None:
        from .rules import why_illegal

        return why_illegal(self, move)

    def apply(self, move: "Move") -> Event:
        """Play ``move`` in place (raises :class:`~pennypress.engine.errors.IllegalMove`); returns the event.

        A press that draws a headline card stops at a chance node
        (:meth:`is_chance_node`); resolve it with :meth:`apply_chance`, or use
        :meth:`play`, which does both.
        """
        from .rules import apply_move

        return apply_move(self, move)

    def is_chance_node(self) -> bool:
        """True when a headline card must be drawn before anyone moves (after a press)."""
        return self.draw_pending

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(card_id, probability), ...]`` of the draw at a chance node (``[]`` elsewhere)."""
        from .chance import chance_outcomes

        return chance_outcomes(self)

    def apply_chance(self, card_id: int) -> Event:
        """Resolve the chance node with headline card ``card_id``; returns the press's completed event."""
        from .chance import apply_chance

        return apply_chance(self, card_id)

    def play(self, move: "Move", rng=None) -> Event:
        """:meth:`apply` then, at a chance node, draw the card (``rng`` picks it when the order is unknown).

        Returns the event with the card filled in.
        """
        from .chance import resolve_chance

        event = self.apply(move)
        return resolve_chance(self, rng) or event

    def child(self, move: "Move", rng=None) -> "State":
        """A new state after :meth:`play`-ing ``move``; this one is unchanged."""
        new = self.clone()
        new.play(move, rng)
        return new

    def clone(self) -> "State":
        """An independent copy (equal to this state)."""
        return State(
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

    def to_json(self) -> dict:
        from .io.codec import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, doc: object) -> "State":
        """Check a position document completely and build it (:func:`~pennypress.engine.io.validate.load_position`)."""
        from .io.validate import load_position

        return load_position(doc)
