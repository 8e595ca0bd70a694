"""The likely line after a move, and why one move differs from another, read from the playouts.

Every playout records its first events (:data:`.playout.Trace`: each bot move
as its index in the legal list, each headline card drawn). After the search,

- **the likely line** of a move (:func:`likely_line`) is the most frequent
  continuation in that move's futures, built a step at a time: the event that
  came first most often, then, among the futures that began so, the event that
  came next most often, and so on (ties to the smaller code, so the answer is
  fixed by the playouts). Each :class:`LineStep` says what happened (a move in
  notation, or the card drawn), who did it, and its ``share``: the fraction of
  all this move's futures that followed the line up to and including that
  step. Lines stop after :data:`LINE_STEPS` steps, or where the game ends.
  In the final edition nothing is random and the line is the exact search's
  best play (:func:`exact_line`, every share 1).
- **Why** (:func:`contrast`) compares two moves on the futures they share
  (playout ``k`` of each has the same cards and bots): what happens before the
  player's next turn -- who goes to press, which of the player's stories a
  rival takes -- in how many futures after each, and says the differences
  that are both large (:data:`WHY_MIN_GAP`) and significant (paired, 95%).

Both are computed from the same playouts as the ranking, so they cost a
replay of a few events per future, not another search.

>>> likely_line([(3, 1, -4), (3, 1, 2), (3, 2, 0), (5,)], steps=3)
[(3, 3), (1, 2), (-4, 1)]
>>> likely_line([], steps=3)
[]
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from statistics import fmean
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from .. import native
from ..game.moves import GoToPress, Move
from ..game.names import newspaper, story_name
from ..game.stories import Story
from ..game.words import card_words, move_words
from ..io.state import State
from ..rules.actions import legal_moves
from ..rules.chance import apply_chance
from .stats import paired

if TYPE_CHECKING:
    from pennypress_core import Position

    from ..game.cards import Deck
    from .exact import ExactSearch

LINE_STEPS = 4
"""Steps in a likely line at the most (moves and card draws together)."""

WHY_MIN_GAP = 0.10
"""A difference between two moves' futures is said only when it is at least this share of futures."""

WHY_MAX = 2
"""Sentences of why at the most."""

Code = int
"""One traced event: a move's index in the legal list (``>= 0``) or minus the card drawn."""


@dataclass(frozen=True)
class LineStep:
    """One step of a likely line: a move (``move``, its notation) or a headline card drawn (``card``)."""

    move: str | None
    card: int | None
    share: float
    """The fraction of the ranked move's futures that followed the line up to and including this step."""
    player: int
    """Who moved; for a card, who drew it (the player who went to press)."""
    chance: float | None = None
    """The advised player's chance to win in the futures that followed the line up to and including this
    step (their mean win share, through the analysis's calibration): what an evaluation bar shows as the
    line is stepped. ``None`` where the line was not read from the advised player's own futures (a reply's
    search, a stored puzzle's line)."""

    def to_json(self) -> dict[str, Any]:
        key, value = ("move", self.move) if self.move is not None else ("card", self.card)
        doc: dict[str, Any] = {key: value, "share": round(self.share, 4), "player": self.player}
        if self.chance is not None:
            doc["chance"] = round(self.chance, 4)
        return doc

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> LineStep:
        """A step as :meth:`to_json` writes it (a puzzle's stored line)."""
        chance = doc.get("chance")
        return cls(doc.get("move"), doc.get("card"), float(doc["share"]), int(doc["player"]),
                   None if chance is None else float(chance))


def likely_line(traces: Sequence[Sequence[Code]], steps: int = LINE_STEPS) -> list[tuple[Code, int]]:
    """The most frequent continuation of ``traces``, a step at a time: per step ``(event, futures that
    followed the line so far)``; see the module."""
    alive = [t for t in traces if t]
    out: list[tuple[Code, int]] = []
    depth = 0
    while alive and depth < steps:
        counts = Counter(t[depth] for t in alive)
        code, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        out.append((code, n))
        alive = [t for t in alive if t[depth] == code and len(t) > depth + 1]
        depth += 1
    return out


class Replayer:
    """The position before the ranked moves, made once, from which each move's traced futures are replayed:
    on the core when it takes the position (one conversion for every move), else on the Python engine."""

    def __init__(self, state: State, checked: bool = True, root: Position | None = None):
        """``checked=False``: the caller knows the core takes ``state`` (its search ran there); ``root``: the
        core's copy of ``state`` the search already made (only cloned here, never played on)."""
        self.state = state
        self.root = None
        if native.available() and (not checked or native.accepts(state)):
            self.root = native.native_position(state, False) if root is None else root
            self.listed = set(self.root.legal_moves())

    def after(self, move: Move) -> _Replay:
        """A replay of the position after ``move``."""
        r = object.__new__(_Replay)
        r.native, r.state = None, None
        if self.root is not None:
            said = str(move)
            if said in self.listed and not (isinstance(move, GoToPress) and move.page is not None):
                r.native = self.root.clone()
                r.native.apply(said)
            else:
                from ..native.search import positions_after
                r.native = positions_after(self.state, [move], [0], checked=False)[0]
        else:
            r.state = self.state.clone()
            r.state.apply(move)
        return r


class _Replay:
    """A position the traced events are replayed on (the core's or the Python engine's; :class:`Replayer`)."""

    native: Any
    state: State | None

    def copy(self) -> _Replay:
        other = object.__new__(_Replay)
        other.native = self.native.clone() if self.native is not None else None
        other.state = self.state.clone() if self.state is not None else None
        return other

    @property
    def current(self) -> int:
        if self.native is not None:
            return self.native.current_player
        return self.state.current

    def play(self, code: Code) -> tuple[str | None, int | None, dict | None]:
        """Play one traced event: ``(move notation, card, press event as JSON or None)``."""
        if self.native is not None:
            if code < 0:
                event = self.native.apply_chance(-code)
                return None, -code, None
            move = self.native.legal_moves()[code]
            event = self.native.apply(code)
            return move, None, event.get("press")
        if code < 0:
            apply_chance(self.state, -code)
            return None, -code, None
        move = legal_moves(self.state)[code]
        event = self.state.apply(move)
        return str(move), None, event.to_json().get("press")


def _replayer(state: State | Replayer) -> Replayer:
    return state if isinstance(state, Replayer) else Replayer(state)


def line_steps(state: State | Replayer, move: Move, traces: Sequence[Sequence[Code]],
               steps: int = LINE_STEPS, wins: Sequence[float] | None = None,
               shown: Callable[[float], float] | None = None) -> tuple[LineStep, ...]:
    """The likely line after ``move`` from ``state`` (the player to move plays it; or a :class:`Replayer`
    of it, made once for many moves) over that move's ``traces``. With ``wins`` (the advised player's win
    share in each future, in the traces' order) each step says the chance to win in the futures that followed
    the line so far (:attr:`LineStep.chance`), through ``shown`` (the calibration) when given."""
    total = len(traces)
    line = likely_line(traces, steps)
    if not line:
        return ()
    replay = _replayer(state).after(move)
    following = [k for k, t in enumerate(traces) if t]
    out = []
    for depth, (code, n) in enumerate(line):
        player = replay.current
        notation, card, _ = replay.play(code)
        following = [k for k in following if len(traces[k]) > depth and traces[k][depth] == code]
        chance = None
        if wins is not None:
            chance = fmean(wins[k] for k in following)
            chance = shown(chance) if shown is not None else chance
        out.append(LineStep(notation, card, n / total, player, chance))
    return tuple(out)


def exact_line(search: ExactSearch, state: State, move: Move, steps: int = LINE_STEPS) -> tuple[LineStep, ...]:
    """Best play after ``move`` in the final edition (nothing random is left): each player's best move in
    turn by the exact search, first of equals, until the game ends or ``steps`` moves; each step's chance is
    the exact win share of the player who plays ``move``."""
    from .outcome import preference
    me = state.current
    s = state.clone()
    s.apply(move)
    out = []
    while not s.is_over and len(out) < steps:
        player = s.current
        values = search.move_values(s)
        best, value = min(values, key=lambda mv: tuple(-x for x in preference(mv[1][player])))
        out.append(LineStep(str(best), None, 1.0, player, float(value[me][0])))
        s.apply(best)
    return tuple(out)


# -- why: the futures of two moves compared --------------------------------------------------------

Fact = tuple
"""Something that happened in one future before the player's next turn: ``("reply", j, notation)`` (the
first rival to move, ``j``, played that move), ``("press", j)`` (player ``j`` went to press),
``("takes", j, story)`` (``j`` claimed a story the player had reporters on)."""


def _facts(replay: _Replay, trace: Sequence[Code], me: int) -> frozenset[Fact]:
    """What happens in one future before ``me`` moves again."""
    facts: set[Fact] = set()
    r = replay.copy()
    replied = False
    for code in trace:
        if code >= 0 and r.current == me:
            break
        player = r.current
        notation, _, press = r.play(code)
        if notation is not None and not replied:
            facts.add(("reply", player, notation))
            replied = True
        if press is not None:
            facts.add(("press", player))
            for scoop in press.get("scoops", ()):
                if scoop["player"] == me:
                    facts.add(("takes", player, scoop["story"]))
    return frozenset(facts)


def future_facts(state: State | Replayer, move: Move, traces: Sequence[Sequence[Code]]) -> list[frozenset[Fact]]:
    """The facts of each future after ``move`` (``traces`` in playout order), each distinct trace replayed once."""
    replayer = _replayer(state)
    replay = replayer.after(move)
    me = replayer.state.current
    seen: dict[tuple[Code, ...], frozenset[Fact]] = {}
    out = []
    for t in traces:
        key = tuple(t)
        if key not in seen:
            seen[key] = _facts(replay, key, me)
        out.append(seen[key])
    return out


def _fact_words(fact: Fact) -> str:
    """A rival's reply, its press, or a story of yours it takes, in words."""
    if fact[0] == "reply":
        return f"{newspaper(fact[1])} answers “{move_words(fact[2])}”"
    if fact[0] == "press":
        return f"{newspaper(fact[1])} goes to press"
    return f"{newspaper(fact[1])} takes your {story_name(Story.parse(fact[2]))}"


def contrast(move: Move, facts: Sequence[frozenset[Fact]], other: Move, other_facts: Sequence[frozenset[Fact]],
             gap: float = WHY_MIN_GAP, most: int = WHY_MAX) -> list[str]:
    """What happens differently before the player's next turn after ``move`` than after ``other``, on the
    futures both had (``facts[k]`` against ``other_facts[k]``): the differences of at least ``gap`` of
    the futures that are significant (paired, 95%), largest first, in words."""
    n = min(len(facts), len(other_facts))
    if n < 2:
        return []
    candidates: set[Fact] = set()
    for f in list(facts[:n]) + list(other_facts[:n]):
        candidates |= f
    found = []
    for fact in sorted(candidates):
        mine = [1.0 if fact in facts[k] else 0.0 for k in range(n)]
        theirs = [1.0 if fact in other_facts[k] else 0.0 for k in range(n)]
        d = paired(mine, theirs)
        if abs(d.mean) >= gap and (d.low > 0 or d.high < 0):
            found.append((-abs(d.mean), fact, sum(mine) / n, sum(theirs) / n))
    found.sort(key=lambda f: (f[1][0] == "reply", f[0], f[1]))  # presses and takings before replies
    said, replies = [], 0
    for _, fact, a, b in found:
        if fact[0] == "reply":
            if replies:  # a second reply is the first one's other side
                continue
            replies += 1
        said.append(f"After this, {_fact_words(fact)} before your next turn in {_share(a)}, "
                    f"against {_share(b)} after “{move_words(other)}”.")
    return said[:most]


def _share(x: float) -> str:
    """``'62% of futures'``; ``'none of the futures'`` for 0 (a rounded 0% is said as under 1%)."""
    if x == 0:
        return "none of the futures"
    return "under 1% of futures" if x < 0.005 else f"{x:.0%} of futures"


def step_words(step: LineStep, deck: Deck | None = None) -> str:
    """One step of a line in words, with how often the futures went this way:
    ``'The Sun: Send 1 reporter to War A ★ (62% of futures)'``, ``'The Times draws “Red Cross Arrives in
    Cuba” (3% of futures)'`` (a card by its number when no ``deck`` is given)."""
    share = _share(step.share)
    if step.card is not None:
        what = f"headline card {step.card}" if deck is None else card_words(deck.card(step.card), detail=False)
        return f"{newspaper(step.player)} draws {what} ({share})"
    return f"{newspaper(step.player)}: {move_words(step.move)} ({share})"


def line_words(line: Iterable[LineStep], deck: Deck | None = None) -> list[str]:
    """Every step of a line in words (:func:`step_words`)."""
    return [step_words(s, deck) for s in line]


def line_states(state: State, move: Move | str, line: Iterable[LineStep]) -> list[State]:
    """The positions after ``move`` and after each step of its line (on the Python engine, for drawing):
    one more than the steps."""
    from ..game.moves import parse_move
    s = state.clone()
    s.apply(parse_move(move) if isinstance(move, str) else move)
    out = [s.clone()]
    for step in line:
        if step.card is not None:
            apply_chance(s, step.card)
        else:
            s.apply(parse_move(step.move))
        out.append(s.clone())
    return out
