"""Timing puzzles before the final edition: go to press now or wait, and the best move, certified by search.

Headline cards are still drawn, so no answer is exact. A candidate is
certified in two stages with different seeds, so the stage that picks the
answer is not the stage that proves it (no winner's curse):

1. **Pick** -- the advisor's analysis at ``deep`` (:func:`~pennypress.engine.advisor.analyse`)
   ranks every legal move: the answer is its best move; the **next choice** is,
   for a press-or-wait question, the best move of the other side (the press,
   or the best way of waiting), and for a best-move question the second move.
2. **Confirm** -- a paired search of :data:`CONFIRM_MULTIPLE` times the playouts
   the pick used (at least :data:`MIN_CONFIRM` in all), half to the answer and
   half to the next choice, seeded apart from the pick (seed ``seed +``
   :data:`CONFIRM_SEED_STEP`), playout ``k`` of both moves on the same future
   (the search's own playouts: the search policy to the value model's leaf).
   The answer is certified when its advantage is **significant at 99.9%**
   (the one-sided lower bound of the mean paired difference at
   :data:`ALPHA` is above 0) and **large**: at least :data:`MIN_WIN_GAP` of
   win probability -- or, where both chances are about 0 or 1
   (:data:`SATURATED`), at least :data:`MIN_MARGIN_GAP` points of expected
   margin, tested the same way.

The certificate (the playouts, the interval, the seeds) is stored with the
puzzle, and :func:`recheck` plays the same confirmation again -- the same
seed gives the same playouts on any number of threads -- and refuses a
certificate that does not reproduce or does not clear the bar. The confirm's
traced futures give the likely line after the answer and after the next
choice, which the trainer shows after an answer.

>>> lower_bound([0.1, 0.2, 0.15, 0.12], alpha=0.001) < 0.1425 < upper_bound([0.1, 0.2, 0.15, 0.12], alpha=0.001)
True
>>> saturated(0.005, 0.0), saturated(0.995, 0.999), saturated(0.5, 0.99)
(True, True, False)
"""
from __future__ import annotations

from dataclasses import dataclass
from statistics import fmean
from typing import Sequence

from pennypress.errors import BadInput

from ..advisor import analyse
from ..advisor.line import LineStep, line_steps
from ..advisor.pool import run_playouts
from ..advisor.settings import SearchSettings
from ..game.moves import Move, parse_move
from ..io.state import State, public_view
from ..position.position import Phase
from .searched import CONFIRM_EXACT_END, CONFIRM_SEED_STEP
from .searched import lower_bound as searched_lower_bound

CONFIRM_MULTIPLE = 10
"""The confirmation plays this many times the pick's playouts."""
MIN_CONFIRM = 20_000
"""Playouts of the confirmation at the least (both moves together)."""
ALPHA = 0.001
"""One-sided error of the certificate: significant at 99.9%."""
MIN_WIN_GAP = 0.08
"""The answer must win at least this much more often than the next choice (mean paired difference)."""
MIN_MARGIN_GAP = 3.0
"""Where chances saturate: the answer must gain at least this many points of expected margin."""
SATURATED = 0.02
"""Both moves' chances within this of 0 (or of 1): grade by margin instead (win shares cannot tell)."""
JUDGED_BY_SEARCH = ("Judged by search, not proven: both moves were played out on the same futures of the "
                    "search's own playouts, its bots playing the other newspapers. Against other kinds of "
                    "players the better move can change.")
"""What a certificate shows, in a player's words, wherever a timing puzzle's answer is explained: it measures
the search's model of the game, not games against opponents it did not assume."""


def lower_bound(differences: Sequence[float], alpha: float = ALPHA) -> float:
    """The one-sided ``1 - alpha`` lower confidence bound of the mean paired difference (normal approximation;
    :func:`.searched.lower_bound` for one rival)."""
    return searched_lower_bound(list(differences), rivals=1, alpha=alpha)


def upper_bound(differences: Sequence[float], alpha: float = ALPHA) -> float:
    """The one-sided ``1 - alpha`` upper confidence bound (the interval stored is ``[lower, upper]``)."""
    return -lower_bound([-d for d in differences], alpha)


def saturated(a: float, b: float) -> bool:
    """Both chances about 0, or both about 1 (:data:`SATURATED`)."""
    return (a <= SATURATED and b <= SATURATED) or (a >= 1 - SATURATED and b >= 1 - SATURATED)


@dataclass(frozen=True)
class Certificate:
    """What the confirmation measured: the answer against the next choice on the same futures."""

    kind: str
    """``press-or-wait`` or ``best-move``."""
    answer: str
    rival: str
    measure: str
    """``win`` (the paired difference of win probability) or ``margin`` (points, where chances saturate)."""
    advantage: float
    interval: tuple[float, float]
    """The one-sided 99.9% bounds of the advantage, ``[lower, upper]``."""
    outcomes: tuple[tuple[float, float, float], tuple[float, float, float]]
    """The answer's and the next choice's mean win probability, margin and circulation."""
    playouts: int
    """Confirmation playouts of each move (both moves: twice this)."""
    pick_playouts: int
    seed: int
    """The pick's seed; the confirmation's is ``seed + CONFIRM_SEED_STEP``."""
    line_answer: tuple[LineStep, ...] = ()
    line_rival: tuple[LineStep, ...] = ()

    @property
    def certified(self) -> bool:
        gap = MIN_WIN_GAP if self.measure == "win" else MIN_MARGIN_GAP
        return self.interval[0] > 0 and self.advantage >= gap

    def to_json(self) -> dict:
        """The certificate as stored with the puzzle (``evidence["certificate"]``)."""
        return {"certified": "search", "kind": self.kind, "answer": self.answer, "rival": self.rival,
                "measure": self.measure, "advantage": round(self.advantage, 6),
                "interval": [round(self.interval[0], 6), round(self.interval[1], 6)], "alpha": ALPHA,
                "outcomes": [[round(x, 4) for x in o] for o in self.outcomes], "playouts": self.playouts,
                "pick_playouts": self.pick_playouts, "seed": self.seed,
                "confirm_seed": self.seed + CONFIRM_SEED_STEP}


def candidate(state: State) -> str | None:
    """The kind of timing question ``state`` can ask -- ``press-or-wait`` when the player to move can go to
    press in normal play, else ``best-move`` in normal play -- or ``None`` (no decision, the final edition,
    a card to draw)."""
    if state.is_over or state.is_chance_node() or state.phase is not Phase.NORMAL or len(state.legal_moves()) < 2:
        return None
    return "press-or-wait" if any(str(m) == "press" for m in state.legal_moves()) else "best-move"


def _is_press(move: str) -> bool:
    return move.split(" ", 1)[0] == "press"


def certify(state: State, seed: int = 0, workers: int | None = None, multiple: int = CONFIRM_MULTIPLE,
            minimum: int = MIN_CONFIRM) -> Certificate:
    """Pick the answer of ``state``'s timing question by ``deep``'s analysis (without its second ply: the
    confirmation's playouts are a multiple of the analysis's) and confirm it (see the module);
    :class:`BadInput` when ``state`` asks none (:func:`candidate`)."""
    kind = candidate(state)
    if kind is None:
        raise BadInput("no timing question here: the player to move must have a choice in normal play")
    view = public_view(state)
    advice = analyse(view, "deep", seed=seed, workers=workers, reasons_top=0, lines=False)
    answer = advice.best.move
    if kind == "press-or-wait":
        rival = next(m.move for m in advice.moves if _is_press(m.move) != _is_press(answer) and m.was_searched)
    else:
        rival = advice.moves[1].move
    per_move = max(minimum, multiple * advice.playouts) // 2
    return confirm(view, kind, answer, rival, per_move, advice.playouts, seed, workers)


def confirm(view: State, kind: str, answer: str, rival: str, per_move: int, pick_playouts: int, seed: int,
            workers: int | None = None) -> Certificate:
    """The paired confirmation of ``answer`` against ``rival`` on ``per_move`` playouts each (the search's own
    playouts, seeded ``seed + CONFIRM_SEED_STEP``)."""
    moves: list[Move] = [parse_move(answer), parse_move(rival)]
    settings = SearchSettings(seed=seed + CONFIRM_SEED_STEP, workers=workers, exact_end=CONFIRM_EXACT_END)
    traces: dict = {}
    results = run_playouts(view, moves, [(i, k) for i in range(2) for k in range(per_move)], settings,
                           traces=traces)
    me = view.current
    rows = [[results[(i, k)][me] for k in range(per_move)] for i in range(2)]
    outcomes = tuple(tuple(fmean(v[j] for v in row) for j in range(3)) for row in rows)
    measure = "margin" if saturated(outcomes[0][0], outcomes[1][0]) else "win"
    column = 0 if measure == "win" else 1
    diffs = [a[column] - b[column] for a, b in zip(rows[0], rows[1])]
    lines = [line_steps(view, moves[i], [traces[(i, k)] for k in range(per_move)]) for i in range(2)]
    return Certificate(kind, answer, rival, measure, fmean(diffs), (lower_bound(diffs), upper_bound(diffs)),
                       outcomes, per_move, pick_playouts, seed, lines[0], lines[1])


def replay(view: State, stored: dict, workers: int | None = None) -> tuple[Certificate | None, str | None]:
    """Play a stored certificate's confirmation again: the certificate it gives (``None`` when the stored
    one is too incomplete to play) and why the stored one does not hold -- it does not reproduce, or it
    does not clear the bar -- or ``None`` when it does."""
    try:
        again = confirm(public_view(view), stored["kind"], stored["answer"], stored["rival"], int(stored["playouts"]),
                        int(stored["pick_playouts"]), int(stored["seed"]), workers)
    except (KeyError, TypeError, ValueError) as exc:
        return None, f"the certificate is incomplete ({exc})"
    mine = again.to_json()
    for key in ("measure", "advantage", "interval", "outcomes"):
        if mine[key] != stored.get(key):
            return again, f"the certificate does not reproduce: {key} is {mine[key]}, stored {stored.get(key)}"
    if not again.certified:
        return again, (f"the certificate does not clear the bar: an advantage of {again.advantage:.4f} "
                       f"({again.measure}) with a 99.9% lower bound of {again.interval[0]:.4f}")
    return again, None


def recheck(view: State, stored: dict, workers: int | None = None) -> str | None:
    """Why a stored certificate does not hold -- it does not reproduce, or it does not clear the bar --
    or ``None`` when it does (the same confirmation played again; :func:`replay`)."""
    return replay(view, stored, workers)[1]


_ROUNDING = 1.01e-4
"""Outcomes are stored to 4 decimals, the advantage to 6: their difference may be off it by this much."""


def certificate_problem(stored: dict, kind: str, answers: Sequence[str]) -> str | None:
    """What is inconsistent in a stored certificate (schema-checked) of a ``kind`` puzzle answered by
    ``answers`` -- found without searching -- or ``None``. The checks: its kind is the puzzle's; its
    measure is ``win`` or ``margin`` (margin only where both chances saturate); it is significant at
    :data:`ALPHA`; the interval holds the advantage, its lower bound is above 0 and the advantage clears
    the bar of its measure (:data:`MIN_WIN_GAP`, :data:`MIN_MARGIN_GAP`); the confirmation played
    :data:`CONFIRM_MULTIPLE` times the pick's playouts (both moves together, at least :data:`MIN_CONFIRM`)
    on a seed apart from the pick's; the answer is one of the puzzle's and the next choice is not; the
    outcomes differ by the advantage.

    >>> good = {"certified": "search", "kind": "press-or-wait", "answer": "press", "rival": "assign 1 war:D:3",
    ...         "measure": "win", "advantage": 0.1, "interval": [0.09, 0.11], "alpha": 0.001,
    ...         "outcomes": [[0.5, 1.0, 30.0], [0.4, -1.0, 29.0]], "playouts": 100000, "pick_playouts": 20000,
    ...         "seed": 7, "confirm_seed": 8}
    >>> certificate_problem(good, "press-or-wait", ["press"]) is None
    True
    >>> certificate_problem(dict(good, advantage=0.2), "press-or-wait", ["press"])
    'the interval [0.09, 0.11] does not contain the advantage 0.2'
    """
    if stored["kind"] != kind:
        return f"it certifies a {stored['kind']} question, the puzzle is {kind}"
    measure, advantage, (low, high) = stored["measure"], stored["advantage"], stored["interval"]
    if measure not in ("win", "margin"):
        return f"its measure is {measure!r}, not win or margin"
    if stored["alpha"] != ALPHA:
        return f"its alpha is {stored['alpha']}, not {ALPHA} (99.9%)"
    if not low <= advantage <= high:
        return f"the interval [{low}, {high}] does not contain the advantage {advantage}"
    gap = MIN_WIN_GAP if measure == "win" else MIN_MARGIN_GAP
    if not low > 0:
        return f"the lower bound {low} is not above 0: the advantage is not significant at 99.9%"
    if advantage < gap:
        return f"the advantage {advantage} ({measure}) is below the bar of {gap}"
    mine, theirs = stored["outcomes"]
    about = SATURATED + _ROUNDING
    if measure == "margin" and not (max(mine[0], theirs[0]) <= about or min(mine[0], theirs[0]) >= 1 - about):
        return f"it grades by margin, but the chances {mine[0]} and {theirs[0]} are not both about 0 or 1"
    column = 0 if measure == "win" else 1
    if abs((mine[column] - theirs[column]) - advantage) > _ROUNDING:
        return (f"the outcomes ({mine[column]} against {theirs[column]}) do not differ by the advantage "
                f"{advantage}")
    needed = max(MIN_CONFIRM, CONFIRM_MULTIPLE * stored["pick_playouts"])
    if 2 * stored["playouts"] + 1 < needed:
        return (f"it played {stored['playouts']} playouts a move, fewer than half of {needed} "
                f"({CONFIRM_MULTIPLE} times the pick's {stored['pick_playouts']}, at least {MIN_CONFIRM})")
    if stored["confirm_seed"] != stored["seed"] + CONFIRM_SEED_STEP:
        return (f"its confirmation seed {stored['confirm_seed']} is not the pick's seed {stored['seed']} "
                f"+ {CONFIRM_SEED_STEP}: the confirmation must be seeded apart from the pick")
    answer, rival = stored["answer"], stored["rival"]
    if kind == "press-or-wait":
        pressing = list(answers) == ["press"]
        answer_ok = _is_press(answer) if pressing else answer in answers and not _is_press(answer)
        rival_ok = _is_press(rival) != pressing
    else:
        answer_ok, rival_ok = answer in answers, rival not in answers
    if not answer_ok:
        return f"it certifies {answer!r}, which is not the puzzle's answer"
    if not rival_ok:
        return f"its next choice {rival!r} is one of the puzzle's answers (or on the answer's side)"
    return None
