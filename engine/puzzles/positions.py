"""Position puzzles answered exactly: the final edition, where no card is drawn any more.

From the start of the final edition the rest of the game is a finite
deterministic game, and :class:`~pennypress.engine.advisor.ExactSearch` gives
every move's outcome under best play by everyone (win share, then margin to the
best opponent, then circulation). A position becomes a puzzle only when the
answer is a different *result of the game* -- a win, a shared win or a loss --
from the next choice, never a matter of a point or two:

- ``best-move``: among at least :data:`MIN_CHOICES` legal moves, the moves
  reaching the best win share are at most :data:`MAX_ANSWERS` (one, or a
  small stated set), they are not a press, and every other move gets a smaller
  share;
- ``press-or-wait``: the player can press, and pressing now and the best
  waiting move reach different win shares.

The engine lists a press once, on the optimal page. A player may lay out
another page, which prints other stories (and stars count for the beat
bonuses), so the root also tries a press for every other set of stories some
legal page prints, on the best page printing it (:func:`other_pages`); a
position where such a press would reach a better result than the optimal page
is not made a puzzle. (Below the root the exact search's presses are on the
optimal page, as everywhere in the project.)

>>> from pennypress.engine.notation.text import from_text
>>> s = from_text("game 3p | final-presses p2 trigger=p1 | board war:D:3(p2x2,p3x1) | "
...               "markers war=5 crime=4 politics=4 city=3 human=3 | bonus war=4 crime=3 politics=2 city=2 human=2 | "
...               "p1 circ=40 pennies=4 done | p2 circ=38 pennies=2 ad=0,1 | p3 circ=39 pennies=2 ad=3,1 done")
>>> a = analyse(s)
>>> [(str(m.move), m.value) for m in a.ranked()]
[('press', (1.0, 1, 42)), ('decline', (0.0, -2, 38))]
>>> press_or_wait(a).side, best_move(a)
('press', None)
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable

from pennypress.errors import BadInput
from pennypress.solver import solve
from pennypress.solver.published import best_page_publishing

from ..advisor import ExactSearch, is_deterministic, move_facts
from ..advisor.outcome import Value, preference
from ..advisor.reasons import reasons_for
from ..game.moves import Decline, GoToPress, Move, Page, parse_move
from ..game.names import newspaper
from ..game.words import move_words
from ..io.state import State
from ..rules.actions import legal_moves
from ..rules.press import press_problem
from .model import WAIT
from .say import outcome_words, plural

MAX_ANSWERS = 3
"""A best-move puzzle states at most this many equally good moves."""
MIN_CHOICES = 4
"""A best-move puzzle has at least this many legal moves (a choice of two is a press-or-wait question)."""


class OverBudget(Exception):
    """The exact search needed more nodes than it was allowed."""


@dataclass
class BudgetedSearch(ExactSearch):
    """:class:`~pennypress.engine.advisor.ExactSearch` that gives up past ``max_nodes`` new nodes."""

    max_nodes: int | None = None

    def value(self, state: State) -> tuple[Value, ...]:
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OverBudget(f"more than {self.max_nodes} nodes")
        return super().value(state)


@dataclass(frozen=True)
class MoveValue:
    """A move and the mover's exact outcome after it (best play by everyone afterwards)."""

    move: Move
    value: Value

    @property
    def share(self) -> float:
        return self.value[0]

    @property
    def is_press(self) -> bool:
        return isinstance(self.move, GoToPress)

    def to_json(self) -> dict:
        return {"move": str(self.move), "outcome": list(self.value)}


@dataclass(frozen=True)
class ExactAnalysis:
    """Every legal move of a final-edition position valued exactly, and presses on other pages."""

    player: int
    moves: tuple[MoveValue, ...]
    """Every legal move, in the engine's order."""
    pages: tuple[MoveValue, ...] | None
    """Presses on pages other than the optimal one, one per set of stories printed (``None``: not tried)."""
    nodes: int

    def ranked(self) -> list[MoveValue]:
        """The legal moves best first (the exact search's order: outcome, then the engine's order)."""
        return sorted(self.moves, key=lambda m: tuple(-x for x in preference(m.value)))

    @property
    def press(self) -> MoveValue | None:
        return next((m for m in self.moves if m.is_press), None)

    def pages_agree(self) -> bool:
        """No press on another page reaches a better win share than the press on the optimal page
        (true when the other pages were not tried: :func:`analyse` with ``pages=False``)."""
        press = self.press
        return press is None or all(m.share <= press.share for m in self.pages or ())


def other_pages(state: State) -> list[GoToPress]:
    """A press for every other set of claimed stories some legal page prints: the best such page
    (:func:`~pennypress.solver.published.best_page_publishing`), sets in a fixed order."""
    player = state.current
    claimed = state.claimable(player)
    if not claimed:
        return []
    problem = press_problem(state, player, claimed)
    optimal = frozenset(p.story for p in solve(problem).placements)
    out = []
    for size in range(len(claimed), -1, -1):
        for subset in combinations(range(len(claimed)), size):
            if frozenset(subset) == optimal:
                continue
            page = best_page_publishing(problem, subset)
            if page is not None:
                out.append(GoToPress(Page.from_solver(claimed, page.placements, page.exclusive)))
    return out


def analyse(state: State, max_nodes: int | None = None, pages: bool = True) -> ExactAnalysis:
    """Value every legal move of ``state`` (a final-edition position) and, with ``pages``, the
    presses on other pages (:func:`other_pages`).

    :class:`OverBudget` past ``max_nodes`` search nodes; :class:`BadInput` if the
    position is not in the final edition or has no decision.
    """
    if not is_deterministic(state) or state.is_over:
        raise BadInput("an exact puzzle needs a final-edition position with a move to make")
    search = BudgetedSearch(max_nodes=max_nodes)
    player = state.current
    moves = tuple(MoveValue(m, v[player]) for m, v in search.move_values(state))
    others = tuple(MoveValue(m, search.value(search.child(state, m))[player]) for m in other_pages(state)) \
        if pages else None
    return ExactAnalysis(player, moves, others, search.nodes)


@dataclass(frozen=True)
class Answer:
    """A certain answer: the moves that are right, the side (press-or-wait), the second-best choice."""

    kind: str
    best: tuple[MoveValue, ...]
    second: MoveValue
    side: str | None = None

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(str(m.move) for m in self.best)


def best_move(a: ExactAnalysis) -> Answer | None:
    """The best-move answer of ``a``, or ``None`` when the position does not make one."""
    ranked = a.ranked()
    top = ranked[0].share
    best = tuple(m for m in ranked if m.share == top)
    if len(ranked) < MIN_CHOICES or len(best) == len(ranked) or len(best) > MAX_ANSWERS \
            or any(m.is_press for m in best):
        return None
    if not a.pages_agree():
        return None
    return Answer("best-move", best, ranked[len(best)])


def press_or_wait(a: ExactAnalysis) -> Answer | None:
    """The press-or-wait answer of ``a``, or ``None`` (no press possible, or pressing and the best
    waiting move reach the same win share, or another page would do better)."""
    press = a.press
    if press is None or not a.pages_agree():
        return None
    waits = [m for m in a.ranked() if not m.is_press]
    if not waits or waits[0].share == press.share:
        return None
    if press.share > waits[0].share:
        return Answer("press-or-wait", (press,), waits[0], "press")
    best = tuple(m for m in waits if m.share == waits[0].share)
    return Answer("press-or-wait", best, press, WAIT)


# ------------------------------------------------------------------ words
def _reasons(state: State, m: MoveValue, waiting: MoveValue | None, other: MoveValue | None) -> tuple[str, ...]:
    facts = move_facts(state, m.move)
    wait_facts = move_facts(state, waiting.move) if waiting is not None else None
    nxt = (str(other.move), other.share) if other is not None else None
    said = move_words(m.move)  # the puzzle says the move itself, and its exact outcome, in its own words
    return tuple(r for r in reasons_for(facts, m.share, True, m.value[1], wait_facts, nxt)
                 if r != said and not r.startswith("Exact:"))


def _step_words(player: int, move: Move, event) -> str:
    paper = newspaper(player)
    if isinstance(move, GoToPress) and event.press is not None:
        given = {}
        for sc in event.press.scoops:
            given[sc.player] = given.get(sc.player, 0) + sc.points
        scoops = "".join(f", {plural(n, 'scoop point')} to {newspaper(o)}" for o, n in sorted(given.items()))
        return f"{paper} presses (+{event.press.gain}{scoops})"
    if isinstance(move, Decline):
        return f"{paper} declines"
    said = move_words(move)
    return f"{paper}: {said[0].lower()}{said[1:]}"


def best_line(state: State, move: Move, search: ExactSearch | None = None) -> tuple[list[str], State]:
    """What follows ``move`` when everyone plays their best (the exact search's choice at every turn:
    the best outcome for the player moving, the first such move in the engine's order), in words,
    and the finished game. A press is said as the line's first step, with the circulation it gains and
    the scoop points it gives, so that the line names every part of every final circulation."""
    search = search or ExactSearch()
    s = state.clone()
    mover = s.current
    event = s.apply(move)
    steps = [_step_words(mover, move, event)] if isinstance(move, GoToPress) else []
    while not s.is_over:
        player, choice, best = s.current, None, None
        for m in legal_moves(s):
            v = search.value(search.child(s, m))[player]
            if best is None or preference(v) > preference(best):
                choice, best = m, v
        steps.append(_step_words(player, choice, s.apply(choice)))
    return steps, s


def _names(players) -> str:
    names = [newspaper(i) for i in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def final_words(finished: State) -> str:
    """``'The Herald 53, The Times 44 (bonus: War 9 to The Herald)'``: final scores, best first, and
    every beat bonus paid: with the circulations before and the presses of the line, the parts that add
    up to each final score."""
    end = finished.last_event.end
    order = sorted(range(finished.n_players), key=lambda i: -end.circulation[i])
    text = ", ".join(f"{newspaper(i)} {end.circulation[i]}" for i in order)
    bonuses = [f"{b.beat.title} {b.points} to {_names(b.players)}" for b in end.bonuses if b.players and b.points]
    return text + (f" ({'bonus' if len(bonuses) == 1 else 'bonuses'}: {'; '.join(bonuses)})" if bonuses else "")


def _lines(state: State, moves: tuple[Move, Move]) -> list[str]:
    """Each move's best line and final result, every part of each final circulation named."""
    search = ExactSearch()
    out = []
    for move in moves:
        steps, finished = best_line(state, move, search)
        own = steps[:1] if isinstance(move, GoToPress) else []  # the move itself, then what follows it
        later = [f"then {'; '.join(steps[len(own):])}"] if steps[len(own):] else []
        out.append("; ".join([*own, *later, f"final: {final_words(finished)}"]))
    return out


def explain(state: State, answer: Answer) -> tuple[tuple[str, ...], dict]:
    """The why (the advisor's reasons for the best move, then the second-best choice and what it
    loses) and the ``second_best`` record of a puzzle."""
    best, second = answer.best[0], answer.second
    waiting = second if best.is_press else None
    lines: list[str] = []
    if answer.side == "press":
        lines.append(f"Press now: you {outcome_words(best.value)}.")
    elif answer.side == WAIT:
        lines.append(f"Do not press now: {move_words(best.move)} lets you {outcome_words(best.value)}.")
    elif len(answer.best) == 1:
        lines.append(f"Best: {move_words(best.move)}; you {outcome_words(best.value)}.")
    else:
        names = "; ".join(move_words(m.move) for m in answer.best)
        lines.append(f"Best, equally: {names}; you {outcome_words(best.value)}.")
    lines += _reasons(state, best, waiting, second)
    best_after, second_after = _lines(state, (best.move, second.move))
    lines.append(f"With best play by everyone: {best_after}.")
    lose = f"you would {outcome_words(second.value)}"
    if answer.side == WAIT:
        lines.append(f"Pressing now instead: {lose}.")
        lines += [r for r in _reasons(state, second, best, best)[:1]]
    else:
        lines.append(f"The next best choice, {move_words(second.move)}: {lose} instead.")
    lines.append(f"After it: {second_after}.")
    lines.append("Exact: every newspaper plays its best to the end of the final edition.")
    record = {"choice": str(second.move), "in_words": move_words(second.move), "outcome": list(second.value),
              "loses": f"{outcome_words(second.value)} instead of {outcome_words(best.value)}"}
    return tuple(lines), record


# ------------------------------------------------------------------ checking an answer
def read_move(state: State, text: str) -> Move:
    """A move in the engine's notation, legal in ``state`` (:class:`BadInput` otherwise)."""
    move = parse_move(text)
    why = state.why_illegal(move)
    if why is not None:
        raise BadInput(f"answer {text.strip()!r} is not a legal move here: {why}")
    return move


def exact_value(state: State, move: Move) -> Value:
    """The mover's exact outcome after ``move`` (best play by everyone afterwards)."""
    search = ExactSearch()
    return search.value(search.child(state, move))[state.current]


def is_right(kind: str, evidence: dict, move: Move, value: Callable[[Move], Value]) -> bool:
    """Whether ``move`` answers an exact puzzle correctly, judged on its exact outcome ``value(move)``.

    ``best-move``: it reaches the best win share. ``press-or-wait``: it is on the right
    side (a press, or any other move) and reaches a better win share than the other
    side's best (``evidence["press"]`` and ``evidence["best_wait"]``).
    """
    share = value(move)[0]
    if kind == "best-move":
        return share == evidence["best"][0]["outcome"][0]
    press_share, wait_share = evidence["press"]["outcome"][0], evidence["best_wait"]["outcome"][0]
    if isinstance(move, GoToPress):
        return press_share > wait_share and share > wait_share
    return wait_share > press_share and share > press_share


def side_of(move: Move) -> str:
    return "press" if isinstance(move, GoToPress) else WAIT


__all__ = [
    "Answer", "BudgetedSearch", "ExactAnalysis", "MAX_ANSWERS", "MoveValue", "OverBudget", "analyse",
    "best_move", "exact_value", "explain", "is_right", "other_pages", "press_or_wait", "read_move",
    "side_of",
]
