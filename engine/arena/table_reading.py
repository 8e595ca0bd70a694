"""Reading the table: which style of opponent each newspaper has played like, from the moves it has made.

A strong player adapts to the people at the table: one presses small pages
early, another waits for the bonus. This module reads that from a game's
public moves alone. The styles are the population of opponent models
(:func:`~.population.population`: the early presser, the big-page presser,
the league's evaluator, the MCTS bot ...) and :data:`UNKNOWN`, a player the
advisor's own playout bots stand for (its mixed playouts, what advice
assumes today).

**Likelihood of a move under a style.** Each style plays on the native core
(its :func:`~.native_games.seat_policy`). :attr:`ReadingSettings.samples`
bots of the style, each with its own seed, sit in the opponent's seat for the
whole game and are asked at each of its decisions, in order, on the public
position alone (they keep their memory over the game, as the style's bot
does). The style's chance of the move played is the share of them that
choose it (a press counted as the choice to go to press, whatever page is
written: :func:`decision`), mixed with a chance of any legal move
(:attr:`ReadingSettings.tremble`, so that one odd move does not rule a style
out): ``(1 - tremble) * share + tremble / legal moves``. A position with one
legal move says nothing and is skipped.

**Posterior.** The prior puts :attr:`ReadingSettings.unknown` on
:data:`UNKNOWN` and shares the rest equally among the styles; each move
multiplies in its likelihoods to the power ``1 / temperature`` (summed as
logarithms; :attr:`ReadingSettings.temperature`: the bots only approximate
a player, so one move is weaker evidence than the bots alone would say). Every seed is derived
from the seat and the sample, so the same moves always give the same reading;
nothing but the public positions and the moves played is read (never the
order of the headline deck).

>>> from pennypress.engine import GameDefinition
>>> from pennypress.engine.arena.recorded import record_selfplay
>>> doc, _ = record_selfplay(GameDefinition.create(3), seed=4, seats=["evaluator", "early-presser", "evaluator"])
>>> reading = read_record(doc, you=0, until=30)
>>> [seat.player for seat in reading.seats], reading.seats[0].moves > 0
([1, 2], True)
>>> reading.seats[1].style
'evaluator'
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

from pennypress.errors import BadInput

from .. import native
from ..advisor.opponent_table import OpponentTable
from ..game.moves import Move
from ..game.names import newspaper
from ..io.record import ReplayStep, replay
from ..io.state import PublicState, public_view
from ..rules.actions import legal_moves
from .population import population
from .seats import playout_seat, seat_words

UNKNOWN = "unknown"
"""The style of a player the advisor's own playout bots stand for: what advice assumes without a reading."""

TREMBLE = 0.5
"""The chance, in every style, of any legal move at all (the rest on the style's own choices): fitted on games
with :data:`TEMPERATURE` (``benchmarks.strength.table_reading``)."""

TEMPERATURE = 1.0
"""Each move's likelihoods count to the power ``1 / TEMPERATURE`` (above 1: a move is weaker evidence, the
reading slower and less sure): fitted on games with :data:`TREMBLE`."""

SAMPLES = 8
"""Bots of each style asked at each decision (each its own seed)."""

UNKNOWN_PRIOR = 0.5
"""The prior's weight on :data:`UNKNOWN`: a reading needs moves to lean on a style."""

CLEAR = 0.9
"""A style read with at least this chance is said as what the player "has played like"."""

LIKELY = 0.6
"""A style read with at least this chance (below :data:`CLEAR`) is said as "most like"."""


@dataclass(frozen=True)
class ReadingSettings:
    """How a table is read: the styles (the population's opponent models by default), the bots of each asked
    at a decision, the tremble and the prior's weight on :data:`UNKNOWN`."""

    styles: tuple[str, ...] = field(default_factory=lambda: population().opponents)
    samples: int = SAMPLES
    tremble: float = TREMBLE
    temperature: float = TEMPERATURE
    unknown: float = UNKNOWN_PRIOR
    weigh_replies: bool = True
    """The advice's second ply weighs each searched reply by the chance its player is read as :data:`UNKNOWN`
    (:attr:`~..advisor.opponent_table.OpponentTable.weigh_replies`)."""
    own_ends: bool = True
    """Each style read plays the playouts' final edition as itself, the rest by the exact search
    (:attr:`~..advisor.opponent_table.OpponentTable.own_ends`)."""

    def __post_init__(self) -> None:
        if not self.styles or len(set(self.styles)) != len(self.styles) or UNKNOWN in self.styles:
            raise BadInput("a table reading's styles: at least one, each once, not 'unknown'")
        if self.samples < 1:
            raise BadInput(f"a table reading asks at least 1 bot of each style, got {self.samples}")
        if not 0 < self.tremble < 1:
            raise BadInput(f"a table reading's tremble is between 0 and 1, got {self.tremble}")
        if not self.temperature >= 1:
            raise BadInput(f"a table reading's temperature is 1 or more, got {self.temperature}")
        if not 0 <= self.unknown < 1:
            raise BadInput(f"a table reading's weight on 'unknown' is from 0 to below 1, got {self.unknown}")

    def prior(self) -> dict[str, float]:
        """Every style's prior chance, :data:`UNKNOWN` first."""
        rest = (1.0 - self.unknown) / len(self.styles)
        return {UNKNOWN: self.unknown, **{s: rest for s in self.styles}}


def _words(style: str) -> str:
    return "the advisor's own playout players" if style == UNKNOWN else seat_words(style)


@dataclass(frozen=True)
class SeatReading:
    """One opponent's reading: its moves read, each style's chance, and how many of its moves each style would
    have played (a bot of the style chose it)."""

    player: int
    moves: int
    posterior: dict[str, float]
    fits: dict[str, int]
    assumed: bool = False
    """The player's word, not a reading: the person said how this opponent plays (:func:`assume`)."""
    earlier: int = 0
    """Moves read in earlier games of the same table (their reading is this one's prior; ``fits`` counts them)."""

    @property
    def read(self) -> int:
        """Moves read in all, in this game and earlier ones."""
        return self.moves + self.earlier

    @property
    def style(self) -> str:
        """The style read most likely (the first in the posterior's order on a tie)."""
        return max(self.posterior, key=lambda s: self.posterior[s])

    @property
    def chance(self) -> float:
        return self.posterior[self.style]

    def words(self) -> str:
        """The reading in a sentence: ``"The Sun has played like the early presser (7 of 9 moves fit)."``."""
        name, style = newspaper(self.player), self.style
        if self.assumed:
            if style == UNKNOWN:
                return f"You asked the advisor to assume nothing of {name}: its own playout players stand for it."
            return f"You said {name} plays like {_words(style)}: the advice assumes it."
        read = self.read
        if read == 0:
            return f"{name} has made no move to read yet."
        past = "" if not self.earlier else f", {self.earlier} of them in earlier games"
        if style == UNKNOWN or self.chance < LIKELY:
            top = sorted((s for s in self.posterior if s != UNKNOWN), key=lambda s: -self.posterior[s])[:2]
            return (f"{name} has not played like any one style yet ({read} move{'s' * (read != 1)} "
                    f"read{past}; closest: {' or '.join(_words(s) for s in top)}).")
        fit = f"{self.fits[style]} of {read} moves fit{past}"
        if self.chance >= CLEAR:
            return f"{name} has played like {_words(style)} ({fit})."
        return f"{name} has played most like {_words(style)} ({fit}; {100 * self.chance:.0f}% sure)."

    def to_json(self) -> dict:
        return {"player": self.player, "newspaper": newspaper(self.player), "moves": self.moves,
                "style": self.style, "chance": round(self.chance, 6),
                "posterior": {s: round(p, 6) for s, p in self.posterior.items()}, "fits": dict(self.fits),
                "assumed": self.assumed, "earlier": self.earlier, "words": self.words()}


@dataclass(frozen=True)
class TableReading:
    """Every opponent's reading, in seat order (the player ``you`` left out; every player read when ``you`` is
    ``None``: a finished game looked back on)."""

    you: int | None
    seats: tuple[SeatReading, ...]
    settings: ReadingSettings
    players: int = 0
    """Players at the table (0: not known, a reading built by hand)."""

    def to_json(self) -> dict:
        s = self.settings
        return {"you": self.you, "players": self.players, "styles": [UNKNOWN, *s.styles], "samples": s.samples, "tremble": s.tremble,
                "temperature": s.temperature, "prior_unknown": s.unknown,
                "seats": [seat.to_json() for seat in self.seats]}


def decision(move: str) -> str:
    """What a move says of its player's style: a press is the choice to go to press (its page is the optimal
    packing, however it is written down); any other move is itself.

    >>> decision("press war:D:1@0,0,2x3 city:D:1@2,0,2x3 exclusive=city:D:1"), decision("assign 1 war:A:1")
    ('press', 'assign 1 war:A:1')
    """
    return "press" if move == "press" or move.startswith("press ") else move


def reading_seed(player: int, style: int, sample: int) -> int:
    """The seed of bot ``sample`` of style number ``style`` in ``player``'s seat (the same in every game)."""
    return (player * 64 + style) * 1024 + sample + 1


@dataclass(frozen=True)
class Observation:
    """One move read: how many legal moves there were, and per style (:data:`UNKNOWN` first) the share of its
    bots that chose the move played."""

    legal: int
    shares: tuple[float, ...]


def posterior(observations: Sequence[Observation], settings: ReadingSettings,
              prior: dict[str, float] | None = None) -> dict[str, float]:
    """Each style's chance after ``observations`` (the prior -- ``settings``', or ``prior``, an earlier reading --
    times each move's likelihoods; see the module)."""
    names, t, power = [UNKNOWN, *settings.styles], settings.tremble, 1.0 / settings.temperature
    start = settings.prior() if prior is None else {n: prior.get(n, 0.0) for n in names}
    log = [math.log(max(p, 1e-300)) for p in start.values()]
    for o in observations:
        for i, share in enumerate(o.shares):
            log[i] += power * math.log((1 - t) * share + t / o.legal)
    top = max(log)
    weights = [math.exp(v - top) for v in log]
    total = sum(weights)
    return {n: w / total for n, w in zip(names, weights)}


class SeatReader:
    """The bots of every style in one opponent's seat (made once, kept over the game), and what they read."""

    def __init__(self, player: int, players: int, settings: ReadingSettings):
        from ..advisor.policy import core_policy
        from ..advisor.settings import SearchSettings
        from .native_games import seat_policy

        self.player, self.settings = player, settings
        policies = [core_policy(SearchSettings().policy_for(players))] + [seat_policy(s) for s in settings.styles]
        if any(p is None for p in policies):
            raise BadInput("a table reading's styles must each be a seat the native core plays")
        core = native.core_module()
        self.bots = [[core.Bot(p, reading_seed(player, i, k)) for k in range(settings.samples)]
                     for i, p in enumerate(policies)]
        self.observations: list[Observation] = []

    def read(self, view: PublicState, move: Move) -> None:
        """Ask every bot in the seat at ``view`` (a position with one legal move is skipped)."""
        legal = legal_moves(view)
        if len(legal) < 2:
            return
        position, played = native.native_position(view), decision(str(move))
        self.observations.append(Observation(len(legal), tuple(
            sum(decision(bot.choose(position)) == played for bot in bots) / len(bots) for bots in self.bots)))

    def reading(self, settings: ReadingSettings | None = None, earlier: SeatReading | None = None) -> SeatReading:
        """The seat's reading (under ``settings``' tremble and prior when given: the same bots' answers), from
        ``earlier``, the seat's reading in earlier games, when given (its chances the prior, its moves pooled)."""
        settings = settings or self.settings
        names = [UNKNOWN, *settings.styles]
        fits = [sum(o.shares[i] > 0 for o in self.observations) for i in range(len(names))]
        before = earlier if earlier is not None and earlier.read > 0 else None
        if before is not None:
            fits = [f + before.fits.get(n, 0) for f, n in zip(fits, names)]
        return SeatReading(self.player, len(self.observations),
                           posterior(self.observations, settings, None if before is None else before.posterior),
                           dict(zip(names, fits)), earlier=0 if before is None else before.read)


def read_moves(steps: Iterable[tuple[PublicState, Move]], players: int, you: int | None,
               settings: ReadingSettings | None = None) -> TableReading:
    """The reading of every opponent of ``you`` (of every player for ``None``) from ``steps``, each the public
    position a player faced and the move played there, in game order (the positions' own player to move is the
    one who moved)."""
    settings = settings or ReadingSettings()
    if you is not None and not 0 <= you < players:
        raise BadInput(f"--you: a player from 0 to {players - 1}, got {you}")
    if not native.available():
        raise BadInput("reading the table needs the native core: python3 run.py build")
    return TableWatch(players, you, settings).update(list(steps))


def opponent_table(reading: TableReading, players: int | None = None) -> OpponentTable:
    """The playouts' opponents as ``reading`` reads them (:class:`~..advisor.opponent_table.OpponentTable`): each
    opponent one of its styles by its chance (:data:`UNKNOWN` the search's own playout player); the player
    reading the table, and an opponent with no move read yet, always the search's own (so a reading of no moves
    leaves the advice as it is without one)."""
    from .native_games import seat_policy

    read = {seat.player: seat for seat in reading.seats if seat.read > 0 or seat.assumed}   # else the search's own
    players = players or max([*read, reading.you if reading.you is not None else 0, *(s.player for s in
                                                                                       reading.seats)]) + 1
    seats = tuple(() if p not in read else tuple(
        (chance, None if style == UNKNOWN else seat_policy(playout_seat(style)))
        for style, chance in read[p].posterior.items() if chance > 0) for p in range(players))
    table = OpponentTable(seats, (), reading.settings.weigh_replies, reading.settings.own_ends)
    said = tuple(seat.words() + stand_in_words(seat) for seat in reading.seats)
    return replace(table, words=said + ((OWN_ENDS,) if table.own_ends_played else ()))


OWN_ENDS = ("In the playouts each newspaper read plays the final edition as its style would; you, and anyone "
            "read as the advisor's own players, play it as well as it can be played.")
"""Said with the advice when the styles read play the playouts' final edition as themselves
(:attr:`ReadingSettings.own_ends`)."""


def stand_in_words(seat: SeatReading) -> str:
    """What the playouts seat in place of the style ``seat`` is read as, when that style has a stand-in
    (:func:`~.seats.playout_seat`; empty otherwise): said with the advice, so the reading used is the one shown.

    >>> stand_in_words(SeatReading(1, 9, {UNKNOWN: 0.02, "mcts": 0.98}, {UNKNOWN: 3, "mcts": 6}))[:58]
    ' The playouts seat the MCTS bot of few iterations (10) in '
    """
    if (seat.read == 0 and not seat.assumed) or seat.style == UNKNOWN or playout_seat(seat.style) == seat.style:
        return ""
    return (f" The playouts seat {_words(playout_seat(seat.style))} in {_words(seat.style)}'s place "
            f"({_words(seat.style)} is too slow for thousands of playouts; of the quicker bots tried in its place, "
            "the advice won most with this one).")


AS_READ = "as read"
"""An assumption that leaves an opponent's reading as it is (:func:`assume`)."""


def assume(reading: TableReading, said: dict[int, str]) -> TableReading:
    """``reading`` with the person's word on some opponents (``said``: player -> a style, :data:`UNKNOWN` for
    "assume nothing", or :data:`AS_READ`): each such opponent is taken to play that style for certain, and the
    words say it is the person's word (:attr:`SeatReading.assumed`). :class:`BadInput` for a player who is not
    an opponent or a style that is not one.

    >>> r = TableReading(0, (SeatReading(1, 4, {UNKNOWN: 0.3, "greedy": 0.7}, {UNKNOWN: 4, "greedy": 4}),),
    ...                  ReadingSettings(), 2)
    >>> assume(r, {1: "early-presser"}).seats[0].words()
    'You said The Sun plays like the early presser: the advice assumes it.'
    >>> assume(r, {1: AS_READ}) == r
    True
    """
    known = {UNKNOWN, *reading.settings.styles}
    players = {seat.player for seat in reading.seats}
    for p, style in said.items():
        if p not in players:
            raise BadInput(f"an assumption about player {p}, who is not an opponent read at this table")
        if style != AS_READ and style not in known:
            raise BadInput(f"an assumption about {newspaper(p)}: {style!r} is not a style "
                           f"({', '.join(sorted(known))}, or {AS_READ!r})")
    seats = tuple(seat if said.get(seat.player, AS_READ) == AS_READ else
                  SeatReading(seat.player, seat.moves, {said[seat.player]: 1.0}, seat.fits, assumed=True,
                              earlier=seat.earlier)
                  for seat in reading.seats)
    return TableReading(reading.you, seats, reading.settings, reading.players)


class TableWatch:
    """The table read as a game goes on, for one player: each opponent's reader made once and each new move
    read once (:meth:`update` with every move so far, in order); a history that is not the one read so far
    plus new moves -- a move taken back, another card drawn, another game -- is read again from its start. The
    same moves in the same positions always give the same reading, however they came in."""

    def __init__(self, players: int, you: int | None, settings: ReadingSettings | None = None,
                 earlier: TableReading | None = None):
        self.players, self.you, self.settings = players, you, settings or ReadingSettings()
        self.earlier = {seat.player: seat for seat in earlier.seats} if earlier is not None else {}
        """Each seat's reading in earlier games of the same table (:func:`read_records`): this game's prior."""
        self._start()

    def _start(self) -> None:
        self.readers = {p: SeatReader(p, self.players, self.settings) for p in range(self.players) if p != self.you}
        self.seen: list[tuple] = []

    def update(self, steps: Sequence[tuple[PublicState, Move]]) -> TableReading:
        """The reading after ``steps`` (every move so far: the public position each player faced, the move)."""
        marks = [(view.ply, tuple(view.discard), str(move)) for view, move in steps]   # the cards drawn too
        if marks[:len(self.seen)] != self.seen:
            self._start()
        for view, move in steps[len(self.seen):]:
            reader = self.readers.get(view.current)
            if reader is not None:
                reader.read(view, move)
        self.seen = marks
        return TableReading(self.you, tuple(self.readers[p].reading(earlier=self.earlier.get(p))
                                            for p in sorted(self.readers)), self.settings, self.players)


def reading_from_json(doc: Any, players: int, player: int, where: str = "--table") -> TableReading:
    """A reading as ``pennypress table`` writes it (its JSON), for the player ``player`` to move at a table of
    ``players``: :class:`BadInput` naming the problem for a document that is not one, read by another seat, of
    another table (its ``players``, and each opponent exactly once), or with a chance that is not a finite
    number of 0 or more of a known style."""
    if not isinstance(doc, dict) or not isinstance(doc.get("seats"), list) or "you" not in doc:
        raise BadInput(f"{where}: not a table reading (pennypress table RECORD --you P writes one)")
    if doc["you"] != player:
        said = newspaper(doc["you"]) if isinstance(doc["you"], int) and 0 <= doc["you"] < 5 else repr(doc["you"])
        raise BadInput(f"{where}: read by {said}, but the position is {newspaper(player)}'s to move")
    if doc.get("players") != players:
        raise BadInput(f"{where}: a reading of a table of {doc.get('players')!r} players, the position has {players}")
    known = {UNKNOWN, *population().opponents}
    seats = []
    for k, seat in enumerate(doc["seats"]):
        post = seat.get("posterior") if isinstance(seat, dict) else None
        p = seat.get("player") if isinstance(seat, dict) else None
        moves = seat.get("moves", 0) if isinstance(seat, dict) else None
        if not isinstance(p, int) or not 0 <= p < players or p == player or not isinstance(post, dict) or not post \
                or not isinstance(moves, int) or moves < 0:
            raise BadInput(f"{where}: seats[{k}]: an opponent at this table of {players}, its moves read (a whole "
                           "number) and its styles' chances")
        bad = [str(s) for s, c in post.items() if s not in known or isinstance(c, bool)
               or not isinstance(c, (int, float)) or not math.isfinite(c) or c < 0]
        if bad or not sum(post.values()) > 0:
            raise BadInput(f"{where}: seats[{k}]: each chance a finite number of 0 or more, of a known style "
                           f"({', '.join(sorted(known))}), not all 0; got {', '.join(bad) or 'all 0'}")
        assumed, earlier = seat.get("assumed", False), seat.get("earlier", 0)
        if not isinstance(assumed, bool) or isinstance(earlier, bool) or not isinstance(earlier, int) or earlier < 0:
            raise BadInput(f"{where}: seats[{k}]: 'assumed' is true or false, 'earlier' a whole number of moves")
        if assumed and sorted(c for c in post.values() if c > 0) != [1]:
            raise BadInput(f"{where}: seats[{k}]: an assumed style is one style for certain (a chance of 1)")
        total = sum(post.values())
        fits = seat.get("fits") if isinstance(seat.get("fits"), dict) else {}
        seats.append(SeatReading(p, moves, {s: c / total for s, c in post.items()},
                                 {s: fits[s] if isinstance(fits.get(s), int) else 0 for s in post},
                                 assumed=assumed, earlier=earlier))
    if sorted(s.player for s in seats) != [p for p in range(players) if p != player]:
        raise BadInput(f"{where}: a reading names each opponent once; got seats "
                       f"{', '.join(str(s.player) for s in seats) or 'none'}")
    return TableReading(player, tuple(sorted(seats, key=lambda s: s.player)), ReadingSettings(), players)


def record_steps(doc: Any, until: int | None = None) -> tuple[int, list[tuple[PublicState, Move]]]:
    """A game record's players and its first ``until`` moves (all without it) as public positions and moves
    (the record replayed and checked: :class:`BadInput` naming the move that is wrong)."""
    steps: list[tuple[PublicState, Move]] = []

    def visit(step: ReplayStep) -> None:
        if until is None or step.number <= until:
            steps.append((public_view(step.before), step.move))

    result = replay(doc, visit=visit)
    return result.state.n_players, steps


def read_record(doc: Any, you: int | None, until: int | None = None,
                settings: ReadingSettings | None = None) -> TableReading:
    """The table as ``you`` reads it from a game record's first ``until`` moves (every move without it); every
    player read for ``you`` ``None`` (:func:`read_records` of one game)."""
    return read_records([doc], you, until, settings)


def read_records(docs: Sequence[Any], you: int | None, until: int | None = None,
                 settings: ReadingSettings | None = None) -> TableReading:
    """The table as ``you`` reads it from several games of the same people in the same seats (the same newspaper
    is the same person), in order: each game's reading is the next one's prior, so every move is read once and
    the readings pool (``until`` cuts the last game only). :class:`BadInput` for games of different tables."""
    if not docs:
        raise BadInput("read at least one game record")
    if until is not None and until < 0:
        raise BadInput(f"--until: a number of moves, 0 or more, got {until}")
    if not native.available():
        raise BadInput("reading the table needs the native core: python3 run.py build")
    reading = None
    for k, doc in enumerate(docs):
        last = k == len(docs) - 1
        players, steps = record_steps(doc, until if last else None)
        if reading is not None and players != reading.players:
            raise BadInput(f"game {k + 1} has {players} players, the games before it {reading.players}: "
                           "a table's games have the same players")
        if you is not None and not 0 <= you < players:
            raise BadInput(f"--you: a player from 0 to {players - 1}, got {you}")
        reading = TableWatch(players, you, settings, reading).update(steps)
    return reading


def reading_text(reading: TableReading) -> str:
    """The reading in sentences, one an opponent."""
    return "\n".join(seat.words() for seat in reading.seats)


__all__ = ["AS_READ", "TableWatch", "read_records", "assume", "CLEAR", "LIKELY", "Observation", "ReadingSettings", "SAMPLES", "SeatReader", "SeatReading", "TEMPERATURE",
           "TREMBLE", "TableReading", "UNKNOWN", "UNKNOWN_PRIOR", "decision", "opponent_table", "posterior", "reading_from_json", "read_moves", "read_record",
           "reading_seed", "reading_text", "record_steps", "stand_in_words"]
