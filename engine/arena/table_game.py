"""A game between a person and the project's bots: the one place the command line and the app play it.

:class:`TableGame` seats a person at one newspaper and a bot (a seat name of
:mod:`.seats`: ``random``, ``greedy``, ``heuristic``, ``advisor:fast`` ...) at
every other, each bot made and seeded exactly as self-play and tournaments
make the bot of that seat (``make_bot(name, seat_seed(seed, seat))``, its
presses written with the page spelled out as :mod:`.recorded` does), so a
game with the same seed gives the same bot moves as ``pennypress tournament``.

The game is written down as it is played (a ``pennypress-record``,
:mod:`pennypress.engine.io.record`): :meth:`TableGame.record` saves it and
:meth:`TableGame.load` continues a saved one. Bots move one at a time
(:meth:`TableGame.step`), each move reported as a :class:`TableEvent` in
players' words (:mod:`pennypress.engine.game.words`). :meth:`TableGame.hint`
asks the advisor on the person's public view only (never the deck's order);
:meth:`TableGame.take_back` undoes the person's last move and the bot moves
after it.

>>> game = TableGame.new(players=3, me=1, seats=["greedy", "greedy"], seed=4)
>>> game.names, game.person_to_move
(('greedy', None, 'greedy'), False)
>>> event = game.step()
>>> event.player, event.words.startswith("The Times ")
(0, True)
>>> game.person_to_move
True
>>> first = game.legal_moves()[0]
>>> _ = game.play(first[0])
>>> game.take_back() and game.person_to_move and game.state.ply
1
"""
from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from pennypress.errors import BadInput

from ..advisor.bot import decision_seed
from ..advisor.result import Advice
from ..advisor.answer import advise
from ..game.cards import load_deck
from ..game.definition import GameDefinition
from ..game.errors import IllegalMove
from ..game.moves import GoToPress, Move, parse_move
from ..game.names import newspaper, story_name
from ..game.words import card_words, move_words, page_words, plural
from ..io.record import Recorder, STARTS, replay
from ..io.state import State, player_view, public_view
from ..position.events import Event, PressOutcome
from ..rules.press import optimal_press, plan_press
from .recorded import PagesSpelledOut
from .seats import make_bot, parse_seats, seat_seed
from .table_words import move_sentence, press_sentence

if TYPE_CHECKING:
    from ..advisor.opponent_table import OpponentTable
    from .table_reading import TableReading

PERSON = "you"
"""How the person's seat is written in a saved record's notes."""

_NOTES = re.compile(r"pennypress play: seats=([^\s;]+)")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class TableEvent:
    """One move of the game as people are told it.

    ``words`` is the whole sentence ("The Times sent 2 reporters to War B ★.", said by
    :mod:`.table_words` to the person: "You …" for their own moves);
    for a press, ``press`` is its outcome (page, total, gain) and ``page`` its
    page in words; ``card`` the headline card drawn after it with
    ``card_text`` saying what it changed; ``end`` the final scoring when the
    move ended the game.
    """

    number: int
    player: int
    move: str
    words: str
    by_person: bool
    press: PressOutcome | None = None
    page: str | None = None
    card: int | None = None
    card_text: str | None = None
    end: dict | None = None
    before: State | None = field(default=None, compare=False, repr=False)
    """For a press played in this session, the public position it was made from (to draw its page)."""

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"number": self.number, "player": self.player, "newspaper": newspaper(self.player),
                               "move": self.move, "words": self.words, "by_person": self.by_person}
        if self.press is not None:
            doc["press"] = {"claimed": [story_name(s) for s in self.press.claimed], "page": self.page,
                            "total": self.press.total, "gain": self.press.gain,
                            "scoops": [s.to_json() for s in self.press.scoops]}
        if self.card is not None:
            doc["card"] = {"id": self.card, "words": self.card_text}
        if self.end is not None:
            doc["end"] = self.end
        return doc


def card_change_words(press: PressOutcome, deck_name: str = "default") -> str | None:
    """The headline card drawn after ``press`` and what it changed (beat bonus, new stories, the ad)."""
    if press.card is None:
        return None
    return card_words(load_deck(deck_name).card(press.card))


def end_summary(state: State) -> dict | None:
    """The final scores, the beat bonuses and the winners of a finished game, in words and numbers."""
    if not state.is_over or state.last_event is None or state.last_event.end is None:
        return None
    end = state.last_event.end
    return {
        "scores": [{"newspaper": newspaper(p), "circulation": c} for p, c in enumerate(end.circulation)],
        "bonuses": [{"beat": b.beat.title, "most_stars": b.most_stars, "newspapers": [newspaper(p) for p in b.players],
                     "players": list(b.players), "points": b.points} for b in end.bonuses],
        "winners": [newspaper(p) for p in end.winners],
        "winner_seats": list(end.winners),
    }


@dataclass
class _Snapshot:
    """The table just before a person's move: what :meth:`TableGame.take_back` restores."""

    state: State
    entries: int
    events: int
    bots: list


@dataclass
class TableGame:
    """A person against bots; build it with :meth:`new` or :meth:`load`.

    ``names[seat]`` is the bot's seat name, ``None`` at the person's seat
    ``me`` (0-based). ``seed`` seeds the deal and every bot.
    """

    recorder: Recorder
    me: int
    names: tuple[str | None, ...]
    seed: int
    bots: list = field(default_factory=list)
    events: list[TableEvent] = field(default_factory=list)
    history: list[_Snapshot] = field(default_factory=list)
    rng: random.Random = field(default_factory=random.Random)
    watch: Any = field(default=None, repr=False, compare=False)
    """The table read so far (:class:`~.table_reading.TableWatch`, made at the first :meth:`reading`)."""
    watch_from: Any = field(default=None, repr=False, compare=False)
    """The earlier games' reading the watch started from."""
    steps: Any = field(default=None, repr=False, compare=False)
    """``(moves, steps)``: the record's moves last replayed for the reading and their public positions (a page
    asks for the reading several times a run: the record is replayed once a move)."""

    # ------------------------------------------------------------ set-up
    @staticmethod
    def seat_names(players: int, me: int, seats: str | Sequence[str]) -> tuple[str | None, ...]:
        """The person's seat ``me`` (0-based) and the other seats' bots in seat order -> one name per seat.

        >>> TableGame.seat_names(3, 1, "heuristic,greedy")
        ('heuristic', None, 'greedy')
        """
        if isinstance(me, bool) or not isinstance(me, int) or not 0 <= me < players:
            raise BadInput(f"me: the person's newspaper must be 1 to {players} for {players} players, got {me + 1 if isinstance(me, int) else me!r}")
        others = list(parse_seats(seats, players - 1)) if players > 1 else []
        return tuple(others[:me]) + (None,) + tuple(others[me:])

    @classmethod
    def new(cls, players: int, me: int, seats: str | Sequence[str], seed: int | None = None,
            variants: Sequence[str] = (), deck: str = "default") -> "TableGame":
        """A new game: ``players`` (2-5), the person at seat ``me`` (0-based), ``seats`` the other
        seats' bots in seat order; ``seed`` for the deal and the bots (``None``: a fresh deal)."""
        definition = GameDefinition.create(players, variants, deck)
        names = cls.seat_names(players, me, seats)
        if seed is None:
            seed = random.SystemRandom().getrandbits(32)
        elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise BadInput(f"seed: expected a whole number ≥ 0, got {seed!r}")
        recorder = Recorder.from_seed(definition, seed, title=cls._title(names, seed), notes=cls._notes(names))
        return cls._seated(recorder, me, names, seed)

    @classmethod
    def load(cls, doc: Any, me: int | None = None, seats: str | Sequence[str] | None = None) -> "TableGame":
        """Continue a saved game (a ``pennypress-record``); :class:`BadInput` if ``doc`` is not one.

        The person's seat and the bots come from the record's notes when it was saved by this module,
        else from ``me`` and ``seats`` (which override the notes when given). The bots start afresh with
        their seats' seeds (a random bot's generator is not wound on through the moves already played).
        """
        if not isinstance(doc, dict) or doc.get("format") != "pennypress-record":
            raise BadInput("saved game: this is not a pennypress game record (expected a JSON object with "
                           "\"format\": \"pennypress-record\")")
        steps: list = []
        done = replay(doc, root="saved game", visit=steps.append)
        players = done.state.n_players
        noted = _NOTES.search(doc.get("notes", ""))
        if me is None or seats is None:
            if noted is None:
                raise BadInput("saved game: the record does not say which newspaper is yours and which bots play "
                               "the others; choose them")
            saved = noted.group(1).split(",")
            if len(saved) != players or saved.count(PERSON) != 1:
                raise BadInput(f"saved game: its notes name seats {noted.group(1)!r}, not one per newspaper with one {PERSON!r}")
            me = saved.index(PERSON) if me is None else me
            seats = [n for n in saved if n != PERSON] if seats is None else seats
        names = cls.seat_names(players, me, seats)
        start = {k: doc[k] for k in STARTS if k in doc}
        seed = start.get("seed", 0)
        recorder = Recorder(done.state, start, title=cls._title(names, seed), notes=cls._notes(names))
        recorder.entries = list(doc["moves"])
        game = cls._seated(recorder, me, names, seed)
        game.events = [game._tell(k, e.player, e, public_view(step.before) if e.press is not None else None)
                       for k, (e, step) in enumerate(zip(done.events, steps), 1)]
        return game

    @classmethod
    def _seated(cls, recorder: Recorder, me: int, names: tuple[str | None, ...], seed: int) -> "TableGame":
        bots = [None if name is None else PagesSpelledOut(make_bot(name, seat_seed(seed, seat)))
                for seat, name in enumerate(names)]
        return cls(recorder, me, names, seed, bots, rng=random.Random(seed))

    @staticmethod
    def _title(names: tuple[str | None, ...], seed: int) -> str:
        who = ", ".join(f"{newspaper(p)}: {'you' if n is None else n}" for p, n in enumerate(names))
        return f"A game against the computer ({who}), seed {seed}"

    @staticmethod
    def _notes(names: tuple[str | None, ...]) -> str:
        return f"pennypress play: seats={','.join(PERSON if n is None else n for n in names)}"

    # ------------------------------------------------------------ the position
    @property
    def state(self) -> State:
        """The table (its deck order is the table's, not shown to the person: use :meth:`view`)."""
        return self.recorder.state

    def view(self) -> State:
        """What the person sees: the position without the deck's order."""
        return public_view(self.state)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def person_to_move(self) -> bool:
        return not self.state.is_over and self.state.current == self.me

    @property
    def bot_to_move(self) -> bool:
        return not self.state.is_over and self.state.current != self.me

    def legal_moves(self) -> list[tuple[Move, str]]:
        """The person's legal moves with their words (empty when it is not the person's turn)."""
        if not self.person_to_move:
            return []
        return [(m, move_words(m)) for m in self.state.legal_moves()]

    def parse(self, text: str | Move) -> Move:
        """The person's move from a number of :meth:`legal_moves` (1-based) or the engine's notation;
        :class:`BadInput` says why it cannot be played now."""
        if not self.person_to_move:
            raise BadInput("it is not your turn" if not self.is_over else "the game is over")
        if isinstance(text, str):
            word = text.strip()
            if word.isdigit():
                moves = self.legal_moves()
                k = int(word)
                if not 1 <= k <= len(moves):
                    raise BadInput(f"move {k}: choose a number from 1 to {len(moves)}")
                return moves[k - 1][0]
            move = parse_move(word)
        else:
            move = text
        why = self.state.why_illegal(move)
        if why is not None:
            raise BadInput(f"{move_words(move)} is illegal: {why}")
        return move

    def preview(self, move: str | Move) -> PressOutcome | None:
        """What a press would claim and score now (on the public view; nothing is played), else ``None``."""
        move = self.parse(move)
        trial = self.view()
        event = trial.apply(move)
        return event.press

    # ------------------------------------------------------------ moves
    def play(self, move: str | Move) -> TableEvent:
        """Play the person's move (a number, notation or a :class:`Move`); :class:`BadInput` if illegal."""
        move = self.parse(move)
        if isinstance(move, GoToPress) and move.page is None:
            move = optimal_press(self.view())  # written and played with its page, as the record holds it
        self.history.append(_Snapshot(self.state.clone(), len(self.recorder.entries), len(self.events),
                                      copy.deepcopy(self.bots)))
        return self._record(move)

    def step(self) -> TableEvent | None:
        """One bot move (``None`` when it is the person's turn or the game is over)."""
        if not self.bot_to_move:
            return None
        seat = self.state.current
        move = self.bots[seat].choose(player_view(self.state))
        return self._record(move)

    def run_bots(self, on_event: Callable[[TableEvent], None] | None = None) -> list[TableEvent]:
        """Every bot move up to the person's turn or the end, one at a time."""
        out = []
        while self.bot_to_move:
            event = self.step()
            out.append(event)
            if on_event is not None:
                on_event(event)
        return out

    def _record(self, move: Move) -> TableEvent:
        player = self.state.current
        before = self.view() if isinstance(move, GoToPress) else None
        try:
            event = self.recorder.play(move, self.rng)
        except IllegalMove as exc:  # the bots and parse() check first
            raise BadInput(f"{move_words(move)} is illegal: {exc}") from None
        told = self._tell(len(self.recorder.entries), player, event, before)
        self.events.append(told)
        return told

    def _tell(self, number: int, player: int, event: Event, before: State | None = None) -> TableEvent:
        by_person = player == self.me
        press = event.press
        page = card = card_text = None
        if press is None:
            words = move_sentence(player, self.me, event.move)
        else:
            optimal = None if before is None else plan_press(before, player).breakdown.total
            words = press_sentence(player, self.me, press, optimal)
            page = page_words(press.page)
            card = press.card
            card_text = card_change_words(press, self.state.definition.deck_name)
        end = end_summary(self.state) if event.end is not None else None
        return TableEvent(number, player, str(event.move), words, by_person, press, page, card, card_text, end, before)

    def take_back(self) -> bool:
        """Undo the person's last move and every bot move after it; ``False`` if there is none to undo."""
        if not self.history:
            return False
        snap = self.history.pop()
        self.recorder.state = snap.state
        del self.recorder.entries[snap.entries:]
        del self.events[snap.events:]
        self.bots = snap.bots
        return True

    # ------------------------------------------------------------ help and the end
    def hint(self, budget: str = "fast", progress: Progress | None = None, playouts: int | None = None,
             table: OpponentTable | None = None) -> Advice:
        """The advisor's ranking of the person's moves, searched on the public position only (its playouts
        seating the opponents as ``table`` reads them, when given)."""
        if not self.person_to_move:
            raise BadInput("a hint is for your turn" if not self.is_over else "the game is over")
        return advise(self.view(), budget, playouts=playouts, seed=decision_seed(self.seed, self.state.ply),
                      progress=progress, table=table)

    def reading(self, earlier: TableReading | None = None) -> TableReading:
        """How each opponent has played so far, read from the game's public moves (:mod:`.table_reading`;
        each new move read once, a take-back read again), from ``earlier``, the reading of earlier games with
        the same people (:func:`~.table_reading.read_records`), when given. Needs the native core."""
        from .table_reading import TableWatch, record_steps

        if self.watch is None or self.watch_from is not earlier:
            self.watch, self.watch_from = TableWatch(len(self.names), self.me, earlier=earlier), earlier
        record = self.record()
        if self.steps is None or self.steps[0] != record["moves"]:
            self.steps = (record["moves"], record_steps(record)[1])
        return self.watch.update(self.steps[1])

    def end(self) -> dict | None:
        """The final scores, bonuses and winners once the game is over (else ``None``)."""
        return end_summary(self.state)

    def record(self) -> dict:
        """The game so far as a ``pennypress-record`` (replays to :attr:`state`)."""
        return self.recorder.record()
