"""Position puzzles before the final edition: answers certified by a search far larger than ``deep``.

Before the final edition headline cards are still drawn, so no answer is
exact. A position is certified in two stages with different seeds, so the
stage that picks the answer is not the stage that proves it (no winner's curse):

1. **Search** -- the advisor (:func:`~pennypress.engine.advisor.advise`) with a
   fixed budget of ``search_playouts`` search playouts shared over the legal
   moves (:func:`~pennypress.engine.advisor.budget.budget_for`) ranks every
   legal move; its best move and the next :data:`RIVALS` moves it searched are
   kept (for a press-or-wait question the best move of the other side is
   always among them).
2. **Confirm** -- ``confirm_playouts`` fresh playouts of each kept move, seeded
   apart from the search, playout ``k`` of every move on the same future (same
   card draws and bots: :func:`~pennypress.engine.advisor.pool.run_playouts`).
   For each rival the paired differences of the player's win share give a
   one-sided lower confidence bound (normal approximation, Bonferroni over the
   rivals, 95% in all); the answer is certified only if every bound is above
   :data:`MARGIN`.

The search's cost is its budget, so it is a parameter of the generator
(``--search-playouts``); with the Python engine a certified puzzle takes
minutes, and the shipped set is made without them until the native core makes
playouts cheap (``docs/concepts/puzzles.md``).

>>> lower_bound([0.0, 1.0, 0.0, 1.0], rivals=1) < 0.5 < fmean([1.0, 1.0])
True
>>> round(lower_bound([1.0] * 50 + [0.0] * 50, rivals=1), 3)
0.417
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import fmean

from pennypress.stats import normal_quantile

from ..advisor import advise
from ..advisor.budget import budget_for
from ..advisor.policy import search_policy
from ..advisor.pool import run_playouts
from ..advisor.settings import SearchSettings
from ..arena.seats import make_bot
from ..game.moves import GoToPress, Move, parse_move
from ..game.words import move_words
from ..io.state import State, public_view
from ..notation.text import from_text, to_text
from .difficulty import bot_verdicts, difficulty_of
from .model import BEST_MOVE, PRESS_OR_WAIT

RIVALS = 3
"""How many next-best moves of the search the answer is confirmed against."""
MARGIN = 0.05
"""A clear margin: the best move must win at least this much more often than each rival (lower bound)."""
ALPHA = 0.05
"""Error allowed in all (one-sided, shared out over the rivals)."""
CONFIRM_SEED_STEP = 1
"""The confirmation's seed is the search's plus this: playout ``k`` of seed ``s`` is seeded
``s * 1_000_003 + k``, so the two stages never share a future below a million playouts."""

CONFIRM_EXACT_END = False
"""The confirmation's playouts play the final edition by their bots (``exact_end`` off), as they did when
the shipped puzzles were confirmed: a certificate replays the very playouts it was made with. The search
that picks the answer finishes its playouts exactly on the core
(:meth:`~pennypress.engine.advisor.settings.SearchSettings.exact_end_on`)."""


def lower_bound(differences: list[float], rivals: int, alpha: float = ALPHA) -> float:
    """The one-sided lower confidence bound of the mean paired difference (Bonferroni over ``rivals``)."""
    n = len(differences)
    if n < 2:
        return -math.inf
    m = fmean(differences)
    sd = math.sqrt(sum((d - m) ** 2 for d in differences) / (n - 1))
    return m - normal_quantile(1 - alpha / rivals) * sd / math.sqrt(n)


@dataclass(frozen=True)
class Rival:
    """A rival move on the confirmation's playouts: its means, and the paired difference in win share
    (the best move's minus its own) with its lower confidence bound."""

    move: str
    outcome: tuple[float, float, float]
    difference: float
    lower: float

    @property
    def win(self) -> float:
        return self.outcome[0]

    def to_json(self) -> dict:
        return {"move": self.move, "outcome": [round(x, 4) for x in self.outcome],
                "difference": round(self.difference, 4), "lower_bound": round(self.lower, 4)}


@dataclass(frozen=True)
class Certificate:
    """The outcome of :func:`certify`: the best move, how it did, and each rival's paired comparison."""

    best: str
    outcome: tuple[float, float, float]
    """The best move's mean win share, margin and circulation on the confirmation's playouts."""
    rivals: tuple[Rival, ...]
    reasons: tuple[str, ...]
    search_playouts: int
    confirm_playouts: int
    seed: int

    @property
    def certified(self) -> bool:
        return bool(self.rivals) and all(r.lower > MARGIN for r in self.rivals)


def certify(state: State, search_playouts: int, confirm_playouts: int, seed: int = 0, workers: int = 1,
            rivals: int = RIVALS, press_or_wait: bool = False) -> Certificate:
    """Search ``state`` with ``search_playouts`` search playouts, then confirm its best move against its
    ``rivals`` next moves on ``confirm_playouts`` fresh paired playouts (see the module docstring)."""
    view = public_view(state)
    budget = budget_for("deep", playouts=search_playouts)
    advice = advise(view, budget, seed=seed, workers=workers, reasons_top=1)
    searched = [m for m in advice.moves if m.was_searched]
    best = searched[0]
    others = searched[1:1 + rivals]
    if press_or_wait:  # the other side's best move is always a rival
        side = best.move == "press"
        other = next((m for m in advice.moves if (m.move == "press") != side), None)
        if other is not None and other not in others:
            others = others[:rivals - 1] + [other]
    moves: list[Move] = [parse_move(m.move) for m in [best, *others]]
    pairs = [(i, k) for i in range(len(moves)) for k in range(confirm_playouts)]
    confirm = SearchSettings(seed=seed + CONFIRM_SEED_STEP, workers=workers, leaf=None,  # played to the end
                             policy=search_policy(view.n_players), exact_end=CONFIRM_EXACT_END)
    results = run_playouts(view, moves, pairs, confirm)
    me = view.current
    mine = [[results[(i, k)][me] for k in range(confirm_playouts)] for i in range(len(moves))]
    means = [tuple(fmean(v[j] for v in row) for j in range(3)) for row in mine]
    out = []
    for i, rival in enumerate(others, 1):
        diffs = [a[0] - b[0] for a, b in zip(mine[0], mine[i])]
        out.append(Rival(rival.move, means[i], fmean(diffs), lower_bound(diffs, len(others))))
    return Certificate(best.move, means[0], tuple(out), best.reasons, search_playouts, confirm_playouts, seed)


def contested(state: State) -> bool:
    """A press decision the project's bots disagree on: the greedy and the heuristic bot, one presses."""
    if state.is_chance_node() or not state.claimable(state.current):
        return False
    view = public_view(state)
    choices = [isinstance(make_bot(name, 0).choose(view.clone()), GoToPress) for name in ("greedy", "heuristic")]
    return choices[0] != choices[1]


def searched_puzzle(cert: Certificate, position: State, notation: str, source: dict, seed: int) -> dict:
    """A position puzzle's record (without its id) from a certified search: press-or-wait when the
    best move is the press, else best-move (the waiting move beat every rival, the press among them)."""
    kind = PRESS_OR_WAIT if cert.best == "press" else BEST_MOVE
    best_move = parse_move(cert.best)
    top = cert.rivals[0]

    def right(move: Move) -> bool:
        return isinstance(move, GoToPress) if kind == PRESS_OR_WAIT else str(move) == cert.best

    verdicts = bot_verdicts(position, right, seed)
    n = cert.confirm_playouts
    why = [f"Best: {move_words(best_move)}.", *(r for r in cert.reasons if r != move_words(best_move)),
           f"Searched with {cert.search_playouts} playouts, then confirmed on {n} fresh playouts of the same futures: "
           f"it wins {cert.outcome[0]:.0%}."]
    why += [f"{move_words(parse_move(r.move))} wins {r.win:.0%}: {r.difference:.0%} less "
            f"(at least {r.lower:.0%} less with 95% confidence)." for r in cert.rivals]
    evidence = {"certainty": "searched", "player": position.current, "phase": position.phase.value,
                "legal_moves": len(position.legal_moves()), "search_playouts": cert.search_playouts,
                "confirm_playouts": n, "seed": cert.seed, "margin": MARGIN, "alpha": ALPHA, "bot_seed": seed,
                "best": [{"move": cert.best, "outcome": [round(x, 4) for x in cert.outcome]}],
                "second": top.to_json(), "rivals": [r.to_json() for r in cert.rivals], "bots": verdicts}
    if kind == PRESS_OR_WAIT:
        evidence["side"] = "press"
    second = {"choice": top.move, "in_words": move_words(parse_move(top.move)), "outcome": list(top.outcome),
              "loses": f"about {top.difference:.0%} of the chance to win (at least {top.lower:.0%})"}
    return {"kind": kind, "difficulty": difficulty_of(verdicts), "question": notation,
            "answer": [cert.best], "why": why, "second_best": second, "tags": [position.phase.value, "searched"],
            "evidence": evidence, "source": source, "key": notation}


def searched_candidates(state: State, source: dict, search_playouts: int, confirm_playouts: int,
                        seed: int) -> list[dict] | None:
    """The certified puzzle from a contested press decision (``[]`` if the search could not certify
    one); ``None`` when the position is not contested (nothing was searched)."""
    if not contested(state):
        return None
    notation = to_text(public_view(state))
    position = from_text(notation)
    cert = certify(position, search_playouts, confirm_playouts, seed, press_or_wait=True)
    if not cert.certified:
        return []
    return [searched_puzzle(cert, position, notation, source, seed)]
