"""Auditing a game record: every decision graded on the advisor's sampled futures.

For each move of a record (:func:`~pennypress.engine.io.record.replay`) the
position before it is analysed by the advisor (:func:`~pennypress.engine.advisor.advise`)
with a seed taken from the audit seed and the position's ply -- the seed the
:class:`~pennypress.engine.advisor.AdvisorBot` uses, so an advisor seat audits
as ``best`` at its own budget and seed. The move played is evaluated on the
same futures as the best move: it is either in the ranking, or (a press on a
page the player chose) passed as an extra move. A forced move (one legal
move) needs no search.

Each decision gets the win probability before it (the best move's), the loss
of the move played (win probability and expected points, paired), a class
(:mod:`.grading`), for a press the page review (:mod:`.page_review`) and the
timing (pressing now against the best way of waiting), and every player's
expected win share after it, the likely line after the move played and after
the best move, and why they differ (:mod:`~pennypress.engine.advisor.line`, from
the same playouts). The luck of a headline card is what the draw did
to each player: the value at the next analysed decision (or the final result)
minus the press's value as evaluated, which already averages over the cards
that could have come.
"""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any, Callable

from pennypress.errors import BadInput

from ..advisor import Advice, RankedMove, advise
from ..advisor.bot import decision_seed
from ..advisor.budget import budget_for
from ..advisor.calibration import IDENTITY
from ..advisor.line import LineStep
from ..advisor.outcome import final_values
from ..advisor.pool import playout_engine
from ..advisor.settings import default_workers
from ..game.moves import GoToPress, parse_move
from ..game.names import newspaper
from ..io.record import ReplayStep, replay
from ..rules.actions import legal_moves
from .grading import BAD, BY_MARGIN, BY_WIN, CLASSES, Grade, accuracy, assess, scaled_loss
from .moments import KeyMoment, key_moments
from .page_review import PageReview, review_page

Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions analysed so far and in all."""


@dataclass(frozen=True)
class Timing:
    """Pressing now (optimal page) against the best move that does not press, for the player to move."""

    press_win: float
    wait_win: float
    wait_move: str
    press_points: float
    wait_points: float

    def to_json(self) -> dict:
        return {"press_win": round(self.press_win, 4), "wait_win": round(self.wait_win, 4), "wait_move": self.wait_move,
                "press_points": round(self.press_points, 2), "wait_points": round(self.wait_points, 2)}


@dataclass
class Decision:
    """One graded move of the record."""

    ply: int
    """The move's 1-based number in the record."""
    player: int
    played: str
    best: str
    win_before: float
    win_after: float
    loss: float
    points_loss: float
    klass: str
    exact: bool
    legal_moves: int
    before_all: tuple[float, ...]
    after_all: tuple[float, ...]
    press: PageReview | None = None
    scoops_given: int = 0
    timing: Timing | None = None
    timing_points_loss: float = 0.0
    missed_press: bool = False
    card: int | None = None
    luck: tuple[float, ...] | None = None
    note: str | None = None
    within_noise: bool = True
    """The paired 95% test of what graded the decision (its chance, or where the game was decided its lead)
    cannot tell the move from the best (always true for the best)."""
    loss_interval: tuple[float, float] | None = None
    """The paired 95% interval of the loss (``None`` for a forced move, the loss itself when exact)."""
    engine: str | None = None
    """Which engine analysed it (``native`` or ``python``); ``None`` for a forced move (not analysed)."""
    playouts: int = 0
    """Playouts the analysis ran (0 when exact or forced)."""
    converged: bool = True
    """The analysis separated its best move at 95% before its cap (true when exact or forced)."""
    graded_by: str = BY_WIN
    """``win``: graded by the chance to win lost; ``margin``: every chance about 0% or 100%
    (:func:`~.grading.saturated`, or an exact tie on the chance), graded by the expected lead lost."""
    margin_loss: float = 0.0
    """The expected lead over the best rival lost against the best move, in points (paired; 0 for the best,
    never below 0)."""
    margin_loss_interval: tuple[float, float] | None = None
    """Its paired 95% interval (``None`` for a forced move)."""
    same_as_best: bool = False
    """The move played, though written otherwise (a press on a page of its own), leaves the very position
    the best move leaves: it is the best move."""
    line_played: tuple[LineStep, ...] = ()
    """The likely line after the move played: its most frequent continuation in its futures
    (:mod:`~pennypress.engine.advisor.line`; the best move's when it is the best, ``()`` when forced)."""
    line_best: tuple[LineStep, ...] = ()
    """The likely line after the best move."""
    why: tuple[str, ...] = ()
    """How the futures after the move played differ from the best move's, in words (``()`` for the best,
    a forced move, or where nothing significant differs)."""
    timing_lead_loss: float = 0.0
    """The lead over the best rival lost on timing alone, in points (0 unless the move pressed when waiting
    was best, or waited when pressing was best): the measure a decision's loss of lead is said in, so that
    the timing figure and the decision's own figure are one (for a press, against the optimal page)."""
    as_good: tuple[str, ...] = ()
    """The other legal moves the analysis could not tell from the best (:func:`~.grading.assess` against it on
    its own playouts: as good as the best as far as it can tell, or tied with it exactly), in its ranking's
    order: never the move played nor a move it never reached (``()`` for a forced move)."""

    @property
    def grade(self) -> Grade:
        """What graded the decision, as :func:`~.grading.assess` said it."""
        if self.graded_by == BY_MARGIN:
            return Grade(self.klass, BY_MARGIN, self.margin_loss, self.margin_loss_interval, not self.within_noise)
        return Grade(self.klass, BY_WIN, self.loss, self.loss_interval, not self.within_noise)

    def to_json(self) -> dict:
        doc: dict[str, Any] = {
            "ply": self.ply, "player": self.player, "played": self.played, "best": self.best,
            "win_before": round(self.win_before, 4), "win_after": round(self.win_after, 4),
            "loss": round(self.loss, 4), "points_loss": round(self.points_loss, 2), "class": self.klass,
            "exact": self.exact, "legal_moves": self.legal_moves, "within_noise": self.within_noise,
            "loss_interval": None if self.loss_interval is None else [round(x, 4) for x in self.loss_interval],
            "win_all_before": [round(x, 4) for x in self.before_all],
            "win_all_after": [round(x, 4) for x in self.after_all],
            "playouts": self.playouts, "converged": self.converged, "graded_by": self.graded_by,
            "margin_loss": round(self.margin_loss, 2),
            "margin_loss_interval": None if self.margin_loss_interval is None
            else [round(x, 2) for x in self.margin_loss_interval],
        }
        if self.same_as_best:
            doc["same_as_best"] = True
        doc["line_played"] = [step.to_json() for step in self.line_played]
        doc["line_best"] = [step.to_json() for step in self.line_best]
        doc["why"] = list(self.why)
        doc["as_good"] = list(self.as_good)
        if self.press is not None:
            doc["press"] = {"gain": self.press.gain, "optimal_gain": self.press.optimal_gain,
                            "page_loss": self.press.page_loss, "scoops_given": self.scoops_given,
                            "total": self.press.total, "optimal_total": self.press.optimal_total,
                            "page": self.press.page, "optimal_page": self.press.optimal_page,
                            "notes": list(self.press.notes)}
        if self.timing is not None:
            doc["timing"] = {**self.timing.to_json(), "points_loss": round(self.timing_points_loss, 2),
                             "lead_loss": round(self.timing_lead_loss, 2)}
        if self.missed_press:
            doc["missed_press"] = True
        if self.card is not None:
            doc["card"] = self.card
            doc["luck"] = None if self.luck is None else [round(x, 4) for x in self.luck]
        if self.note:
            doc["note"] = self.note
        return doc


@dataclass(frozen=True)
class PlayerSummary:
    """One player's grades over the game."""

    player: int
    accuracy: float | None
    """Lichess's accuracy over the graded (not forced) decisions; ``None`` when there is none to grade."""
    classes: dict[str, int]
    decisions: int
    page_points_lost: int
    timing_points_lost: float
    scoops_given: int
    scoops_received: int
    luck: float
    timing_lead_lost: float = 0.0
    """The lead over the best rival lost on timing, summed over the player's decisions (points of lead, as
    each decision's loss of lead is said)."""

    def to_json(self) -> dict:
        return {"player": self.player, "newspaper": newspaper(self.player), "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
                "classes": dict(self.classes), "decisions": self.decisions,
                "page_points_lost": self.page_points_lost, "timing_points_lost": round(self.timing_points_lost, 2),
                "timing_lead_lost": round(self.timing_lead_lost, 2), "scoops_given": self.scoops_given, "scoops_received": self.scoops_received, "luck": round(self.luck, 4)}


@dataclass
class Audit:
    """A whole game's audit (the ``pennypress audit`` contract shape through :meth:`to_json`)."""

    players: int
    budget: str
    seed: int
    decisions: list[Decision]
    summary: list[PlayerSummary]
    key_moments: list[KeyMoment]
    final_scores: list[int]
    winners: list[int]
    over: bool
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)
    engine: str = "python"
    """Which engine ran the analyses: ``native`` (the Rust core) or ``python``."""

    @property
    def playouts(self) -> int:
        """Playouts run in all."""
        return sum(d.playouts for d in self.decisions)

    def to_json(self, player: int | None = None) -> dict:
        """The contract shape; ``player`` keeps only that player's decisions, summary and moments."""
        keep = (lambda p: True) if player is None else (lambda p: p == player)
        return {
            "players": self.players, "budget": self.budget, "seed": self.seed, "engine": self.engine,
            "playouts": self.playouts, "final_scores": self.final_scores, "winners": self.winners, "over": self.over,
            "decisions": [d.to_json() for d in self.decisions if keep(d.player)],
            "summary": [s.to_json() for s in self.summary if keep(s.player)],
            "key_moments": [m.to_json() for m in self.key_moments if m.player is None or keep(m.player)],
            "seconds": round(self.seconds, 3),
        }


def _is_press(move_text: str) -> bool:
    return move_text == "press" or move_text.startswith("press ")


def _timing(advice: Advice) -> Timing | None:
    """Pressing against the best move that waits, both on the analysis's own playouts (as every figure the
    audit grades with: a second ply's figures after an answer are not mixed with them)."""
    press = advice.find("press")
    wait = next((m for m in advice.moves if not _is_press(m.move)), None)
    if press is None or wait is None or press.win_probability is None or wait.win_probability is None:
        return None
    press, wait = press.at_first_sight(), wait.at_first_sight()
    return Timing(press.win_probability, wait.win_probability, wait.move, press.expected_score, wait.expected_score)


def _same_position(before, played, best_text: str) -> bool:
    """Whether the move played and the best move (notation) leave the same position (the record of the
    last move aside): the same move, however it is written."""
    after_played, after_best = before.clone(), before.clone()
    after_played.apply(played)
    after_best.apply(parse_move(best_text))
    a, b = after_played.to_json(), after_best.to_json()
    a.pop("last_event", None)
    b.pop("last_event", None)
    return a == b


def _grade(step: ReplayStep, budget: str, playouts: int | None, seed: int, workers: int | None) -> Decision:
    before, player, n = step.before, step.player, step.before.n_players
    moves = legal_moves(before)
    played_text = str(step.move)
    page_review = None
    if isinstance(step.move, GoToPress):
        page_review = review_page(before, player, step.move.page)
        if step.move.page is not None and page_review.page == page_review.optimal_page:
            played_text = "press"  # the optimal page spelled out: the same move as the legal `press`
    scoops = step.event.press.scoops_total if step.event.press is not None else 0
    card = step.card
    if len(moves) == 1:
        return Decision(step.number, player, played_text, str(moves[0]), float("nan"), float("nan"), 0.0, 0.0,
                        "forced", False, 1, (), (), page_review, scoops, card=card, note=step.note)
    # the move played is always re-run on the best move's playouts (the same futures, as many as the
    # best had): a move dropped early by the halving has too few playouts to grade it
    extra = GoToPress() if played_text == "press" else step.move
    # the playouts' own shares, not the calibrated chance of a player who keeps taking the advice: an audit
    # grades every newspaper on one scale, and its chart follows each newspaper along the line played
    advice = advise(before, budget, playouts=playouts, seed=decision_seed(seed, before.ply), workers=workers,
                    reasons_top=0, extra_moves=[extra], calibration=IDENTITY)
    best = advice.best.at_first_sight()  # the move played is measured on the analysis's playouts: so is the best
    mine: RankedMove = advice.extra[0]
    # "best" only for the move ranked first, one the exact search finds exactly as good, or the same move
    # written otherwise (a press on a page of its own that leaves the position the best move leaves)
    same = played_text != best.move and _same_position(before, step.move, best.move)
    grade = assess(mine, n, same_as_best=played_text == best.move or same, best_win=best.win_probability,
                   best_margin=best.expected_margin)
    klass, is_best = grade.klass, grade.klass == "best"
    loss = 0.0 if is_best else mine.loss
    margin_loss = 0.0 if is_best or mine.expected_margin is None else max(0.0, best.expected_margin - mine.expected_margin)
    line_best = best.line or advice.line(best.move)
    timing = _timing(advice)
    timing_loss = lead_loss = 0.0
    missed = False
    played_press = _is_press(played_text)
    if timing is not None:
        press = advice.find("press")
        if played_press and not _is_press(best.move):
            # the optimal page played is the move graded: its own loss of lead; a worse page, the optimal one's
            lead_loss = margin_loss if played_text == "press" else _lead_lost(best, press.at_first_sight())
            timing_loss = press.points_loss
        elif not played_press and _is_press(best.move):
            timing_loss, lead_loss = mine.points_loss, margin_loss
            missed = klass not in ("best", "forced", "within_noise")
    return Decision(
        step.number, player, played_text, best.move, best.win_probability, mine.win_probability, loss,
        0.0 if is_best else mine.points_loss, klass, advice.exact, len(moves), best.win_all, mine.win_all,
        page_review, scoops, timing, timing_loss, missed, card, None, step.note,
        within_noise=not grade.significant, engine=advice.engine, playouts=advice.playouts,
        loss_interval=(0.0, 0.0) if is_best else mine.loss_interval, converged=advice.converged,
        graded_by=grade.by, margin_loss=margin_loss,
        margin_loss_interval=(0.0, 0.0) if is_best else mine.margin_loss_interval, same_as_best=same,
        line_played=line_best if is_best else (mine.line or advice.line(played_text)), line_best=line_best,
        why=() if is_best else advice.why(played_text), timing_lead_loss=0.0 if is_best else lead_loss,
        as_good=_as_good(advice, best, played_text, n))


def _as_good(advice: Advice, best: RankedMove, played_text: str, n: int) -> tuple[str, ...]:
    """The moves other than the best and the move played that the analysis could not tell from the best,
    each graded against it as the move played is (on the analysis's own figures)."""
    out = []
    for m in advice.moves:
        if m.move in (best.move, played_text) or not m.was_searched:
            continue
        grade = assess(m.at_first_sight(), n, same_as_best=False, best_win=best.win_probability,
                       best_margin=best.expected_margin)
        if grade.klass in ("best", "within_noise"):
            out.append(m.move)
    return tuple(out)


def _lead_lost(best: RankedMove, move: RankedMove) -> float:
    """The expected lead over the best rival ``move`` loses against ``best`` (never below 0)."""
    if best.expected_margin is None or move.expected_margin is None:
        return 0.0
    return max(0.0, best.expected_margin - move.expected_margin)


def _grade_all(todo: list[ReplayStep], budget: str, playouts: int | None, seed: int, workers: int | None,
               progress: Progress | None, graded: Callable[[Decision], None] | None = None) -> list[Decision]:
    """Every step graded, in order. On the native core the decisions are analysed side by side, one a
    worker, each on one thread (the core lets go of the interpreter while it plays, and an analysis gives
    the same answer on any number of threads); decisions the Python engine analyses take the workers in
    turn, as processes. ``graded`` is handed each decision as it is graded, in the calling thread."""
    workers = default_workers() if workers is None else max(1, workers)
    side_by_side = [i for i, step in enumerate(todo) if workers > 1 and playout_engine(
        seed=decision_seed(seed, step.before.ply), state=step.before) == "native"]
    decisions: list[Decision | None] = [None] * len(todo)
    done = 0

    def finished(i: int, decision: Decision) -> None:
        nonlocal done
        decisions[i] = decision
        done += 1
        if graded is not None:
            graded(decision)
        if progress is not None:
            progress(done, len(todo))

    if side_by_side:
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="pennypress-audit") as pool:
            futures = {pool.submit(_grade, todo[i], budget, playouts, seed, 1): i for i in side_by_side}
            try:
                for fut in as_completed(futures):
                    finished(futures[fut], fut.result())
            except BaseException:
                pool.shutdown(cancel_futures=True)  # a failed or interrupted audit starts no more decisions
                raise
    for i, step in enumerate(todo):
        if decisions[i] is None:
            finished(i, _grade(step, budget, playouts, seed, workers))
    return decisions  # type: ignore[return-value]


def _fill_carried(decisions: list[Decision], n: int) -> None:
    """Forced moves lose nothing: they carry the value after the previous decision (fair shares at first)."""
    current = tuple([1.0 / n] * n)
    for d in decisions:
        if d.klass == "forced":
            d.before_all = d.after_all = current
            d.win_before = d.win_after = current[d.player]
        else:
            current = d.after_all
        # a card draw changes the value; the next analysed decision (or the end) says by how much
        if d.card is not None:
            current = d.after_all


def _luck(decisions: list[Decision], final: tuple[float, ...] | None) -> None:
    for i, d in enumerate(decisions):
        if d.card is None or d.klass == "forced":
            continue
        later = next((e.before_all for e in decisions[i + 1:] if e.klass != "forced"), final)
        if later is not None:
            d.luck = tuple(a - b for a, b in zip(later, d.after_all))


def _summaries(decisions: list[Decision], n: int, received: list[int]) -> list[PlayerSummary]:
    out = []
    for p in range(n):
        mine = [d for d in decisions if d.player == p]
        graded = [d for d in mine if d.klass != "forced"]
        classes = {c: sum(1 for d in mine if d.klass == c) for c in CLASSES}
        out.append(PlayerSummary(
            player=p,
            accuracy=fmean(accuracy(d.grade.loss, n, significant=not d.within_noise, by=d.graded_by)
                           for d in graded) if graded else None,
            classes=classes, decisions=len(mine),
            page_points_lost=sum(d.press.page_loss for d in mine if d.press is not None),
            timing_points_lost=sum(d.timing_points_loss for d in mine),
            timing_lead_lost=sum(d.timing_lead_loss for d in mine),
            scoops_given=sum(d.scoops_given for d in mine),
            scoops_received=received[p],
            luck=sum(d.luck[p] for d in decisions if d.luck is not None),
        ))
    return out


def audit(
    doc: Any,
    budget: str = "fast",
    seed: int = 0,
    workers: int | None = None,
    progress: Progress | None = None,
    playouts: int | None = None,
    player: int | None = None,
    graded: Callable[[Decision], None] | None = None,
) -> Audit:
    """Audit the game record ``doc`` (see :mod:`pennypress.engine.io.record`); :class:`BadInput` for a bad record.

    The record is replayed and checked in full before any analysis. ``budget``
    and ``playouts`` are the advisor's; each decision's seed comes from
    ``seed`` and its ply (:func:`~pennypress.engine.advisor.bot.decision_seed`). ``player`` grades only that
    player's decisions (the others are not analysed, and the luck of a draw is
    then measured at that player's next decision). ``workers`` (default: both
    cores) analyse that many decisions at once on the native core, each on one
    thread; the answer is the same for any number (``progress`` is told in the
    order decisions finish, always counting up). ``graded`` is handed each decision as soon as it is graded
    (in the order they finish, in the calling thread), for a page that shows them as they come; a forced
    move's chances and a draw's luck are filled in afterwards, in the answer.
    """
    budget_for(budget, playouts)
    started = time.perf_counter()
    steps: list[ReplayStep] = []
    result = replay(doc, visit=steps.append)
    n = result.start.n_players
    if player is not None and not 0 <= player < n:
        raise BadInput(f"--player: expected a player from 0 to {n - 1}, got {player}")
    todo = [s for s in steps if player is None or s.player == player]
    decisions = _grade_all(todo, budget, playouts, seed, workers, progress, graded)
    _fill_carried(decisions, n)
    final = tuple(v[0] for v in final_values(result.state)) if result.state.is_over else None
    _luck(decisions, final)
    received = [0] * n
    for step in steps:
        if step.event.press is not None:
            for s in step.event.press.scoops:
                received[s.player] += s.points
    summary = _summaries(decisions, n, received)
    winners = list(result.state.winners) if result.state.is_over else []
    engines = {d.engine for d in decisions if d.engine is not None} or {playout_engine(seed=seed)}
    return Audit(n, budget_for(budget, playouts).name, seed, decisions, summary,
                 key_moments(decisions, n, winners, result.start.definition.deck), result.scores, winners,
                 result.state.is_over, time.perf_counter() - started,
                 engine="native" if engines == {"native"} else "python")


__all__ = ["Audit", "Decision", "PlayerSummary", "Timing", "audit", "scaled_loss", "BAD"]
