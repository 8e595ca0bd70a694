"""Press now or wait, by page value, played out to the end against the population of opponents.

The guide's press-or-wait findings (:mod:`.timing`) compare going to press
now with the mover's best way of waiting on paired playouts with the value
bot in every seat: true for that opponent, not shown for others. Here the
same decision points -- game ``g`` of the study's sampled games, the same
position, the same two moves (:func:`.timing.decision_point`) -- are played
to the end of the game against every opponent model of the population, with
each strong policy playing the mover's own later moves
(:func:`~pennypress.engine.arena.population.play_out`: the hidden cards dealt
from what the players see, both moves on the same deals and bot seeds).

For each page-value bucket the first :data:`POINTS` points of the study's
sampled games are taken. A point's figure against an opponent is the mean,
over its games and both movers, of the mover's win share after pressing
minus after waiting; the bucket's figure against that opponent is the mean
over its points, with a 95% Student interval over the points (the points
are independent games). Against each opponent the finding **holds** when
that interval lies on the finding's side of 0, is **reversed** when it lies
on the other, and is **not shown** otherwise; a finding that pressing and
waiting are about equal is checked the other way: does any opponent show a
difference (within what its games can tell)? The
verdict (:func:`verdict`): every opponent, most (more than half, none
reversing), some, none (not shown against any), or it depends on the
opponents (one reverses it); for a finding of no difference, none shown,
one way against every opponent, or it depends. Each opponent is tested on
its own at 95%: with eight, one may show a difference by chance.

A run is resumable: every cell played is a line of its log, read back when
the run is started again with the same settings (:func:`run_population`).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean, stdev
from typing import Callable, Iterable

from pennypress.errors import BadInput

from ..advisor.stats import t95
from ..arena.population import Population, play_out
from ..game.moves import GoToPress, parse_move
from ..io.state import PublicState, State
from ..native import to_state
from .advisor_games import advisor_decision, advisor_sampled
from .games import StrategySpec, advisor_budget
from .tally import GAIN_BUCKETS, gain_bucket
from .timing import MAX_POINTS, SAMPLE_EVERY, Decision, decision_point, sampled

FORMAT = "pennypress strategy population"
"""The ``format`` of a run's result document."""

GAMES = 24
"""Games of each move a cell plays at one point (paired: the same deals and seeds for both moves)."""

POINTS = 40
"""Points a page-value bucket takes at most (the first of the study's sampled games)."""

def difference_interval(values: list[float]) -> tuple[float, list[float]]:
    """The mean of ``values`` (differences, any sign) and its 95% Student interval (infinite for fewer than two
    values; the quantile is the advisor's, :func:`~pennypress.engine.advisor.stats.t95`).

    >>> m, (lo, hi) = difference_interval([0.1, 0.3, 0.2, 0.2])
    >>> round(m, 3), round(lo, 3), round(hi, 3)
    (0.2, 0.07, 0.33)
    """
    m = fmean(values)
    if len(values) < 2:
        return m, [-math.inf, math.inf]
    half = t95(len(values) - 1) * stdev(values) / math.sqrt(len(values))
    return m, [m - half, m + half]


@dataclass(frozen=True)
class Settings:
    """What a run plays: the study it samples, the population, games a cell, points a bucket, seed, threads."""

    spec: StrategySpec
    population: Population
    games: int = GAMES
    points: int = POINTS
    seed: int = 0
    threads: int = 1
    max_games: int | None = None
    """Points are taken from the study's first ``max_games`` games at the most (``None``: every sampled game);
    an advisor study's games are played again to reach its decisions, which is slow."""

    @property
    def study(self) -> str:
        """The study the points come from, as each cell of the log names it (a log of another is refused)."""
        sp = self.spec
        return (f"{sp.players}p seed {sp.seed} games {sp.games} bots {','.join(sp.bots)} variants "
                f"{','.join(sp.variants) or '-'} deck {sp.deck}")

    def point_seed(self, game: int) -> int:
        """The seed of the games played at the point of the study's game ``game``."""
        return self.seed * 1_000_003 + game


def advisor_study(spec: StrategySpec) -> bool:
    """Whether the study seats the advisor (its points are the advisor's own decisions, :mod:`.advisor_games`)."""
    return any(advisor_budget(b) is not None for b in spec.bots)


def sampled_games(spec: StrategySpec, max_games: int | None = None) -> Iterable[int]:
    """The study's sampled games, in order (:func:`.timing.sampled`; an advisor study's,
    :func:`.advisor_games.advisor_sampled`), among its first ``max_games`` games when given."""
    last = spec.games if max_games is None else min(spec.games, max_games)
    if advisor_study(spec):
        return (g for g in range(last) if advisor_sampled(g))
    return (g for g in range(0, min(last, SAMPLE_EVERY * MAX_POINTS), SAMPLE_EVERY) if sampled(g))


def point_at(spec: StrategySpec, game: int) -> tuple[Decision, bool | None] | None:
    """Game ``game``'s decision point, and whether its player pressed there (known for the advisor's own
    decisions; ``None`` for a base study's, whose points are drawn from every seat)."""
    if advisor_study(spec):
        return advisor_decision(spec, game)
    point = decision_point(spec, game)
    return None if point is None else (point, None)


def side_of(interval: list[float]) -> str:
    """Which way an interval of press-minus-wait lies: ``"press"`` above 0, ``"wait"`` below, else ``"even"``."""
    return "press" if interval[0] > 0 else "wait" if interval[1] < 0 else "even"


def cell_row(settings: Settings, game: int, position, gain: int, wait: str, opponent: str, mover: str,
             pressed: bool | None = None) -> dict:
    """One cell at one point: both moves played out ``settings.games`` times; the mean paired difference (and,
    at the advisor's own decisions, whether it pressed there)."""
    state = position if isinstance(position, (State, PublicState)) else to_state(position)
    moves = (GoToPress(), parse_move(wait))
    out = play_out(state, moves, opponent, mover, settings.games, settings.point_seed(game), settings.threads,
                   settings.spec.move_cap)
    diffs = out.differences("win")
    return {"study": settings.study, "game": game, "gain": gain, "bucket": gain_bucket(gain), "wait": wait,
            "opponent": opponent,
            "mover": mover, "games": settings.games, "seed": settings.point_seed(game),
            "difference": round(fmean(diffs), 6), "unfinished": out.unfinished,
            **({} if pressed is None else {"pressed": pressed})}


ROW_KEYS = ("study", "game", "gain", "bucket", "wait", "opponent", "mover", "games", "seed", "difference",
            "unfinished")
"""What each line of a run's log holds (:func:`cell_row`)."""


def read_log(path: Path | None, settings: Settings) -> tuple[dict[tuple[int, str, str], dict], bool]:
    """The cells a stopped run already played (its log), by (game, opponent, mover), and whether a line was cut
    short (the run was stopped while writing it: that cell is played again). A line that is not a cell, or a
    cell of another run (another study, games or seed), is refused with :class:`BadInput` naming the line."""
    if path is None or not path.exists():
        return {}, False
    out, cut = {}, False
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            cut = True
            continue
        if not isinstance(row, dict) or any(k not in row for k in ROW_KEYS):
            raise BadInput(f"{path}, line {i}: not a cell of pennypress strategy population's log")
        if (row["study"], row["games"], row["seed"]) != (settings.study, settings.games,
                                                         settings.point_seed(row["game"])):
            raise BadInput(f"{path}, line {i}: a cell of another run ({row['study']}, {row['games']} games, seed "
                           f"{row['seed']}); this run: {settings.study}, {settings.games} games from seed "
                           f"{settings.seed}")
        out[(row["game"], row["opponent"], row["mover"])] = row
    return out, cut


def _write_back(log: Path, rows: Iterable[dict]) -> None:
    """The log rewritten with ``rows`` alone, through a file beside it renamed over it (never half-written)."""
    spare = log.with_name(log.name + ".part")
    spare.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    spare.replace(log)


def run_population(settings: Settings, log: Path | None = None,
                   progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Every cell of the run: the first ``settings.points`` points of each bucket, each against every
    (opponent, mover) of the population; cells already in ``log`` are read, the rest played and written."""
    done, cut = read_log(log, settings)
    wanted = {label: settings.points for label in (gain_bucket(lo) for lo, _ in GAIN_BUCKETS)}
    cells = settings.population.cells()
    total = len(wanted) * settings.points * len(cells)
    rows: list[dict] = []
    if log is not None and cut:  # a line cut short when the run was stopped: the kept cells written back whole
        _write_back(log, done.values())
    out = log.open("a", encoding="utf-8") if log is not None else None
    try:
        for game in sampled_games(settings.spec, settings.max_games):
            if not any(wanted.values()):
                break
            found = point_at(settings.spec, game)
            if found is None or not wanted.get(gain_bucket(found[0].gain)):
                continue
            point, pressed = found
            wanted[gain_bucket(point.gain)] -= 1
            for opponent, mover in cells:
                row = done.get((game, opponent, mover))
                if row is None:
                    row = cell_row(settings, game, point.position, point.gain, point.wait, opponent, mover, pressed)
                    if out is not None:
                        out.write(json.dumps(row) + "\n")
                        out.flush()
                rows.append(row)
                if progress is not None:
                    progress(len(rows), total)
    finally:
        if out is not None:
            out.close()
    return rows


def direction(finding: dict) -> str:
    """Which way a press-or-wait finding goes: ``"press"``, ``"wait"`` or ``"even"`` (its interval holds 0)."""
    return side_of(finding["interval"])


def by_opponent(rows: list[dict], bucket: str | None, population: Population,
                pressed: bool | None = None) -> dict[str, dict]:
    """Per opponent, the points of the bucket (every bucket for ``None``; only where the advisor pressed, or
    waited, for ``pressed`` ``True`` or ``False``): each point's difference averaged over the movers, their mean
    and 95% interval, and which way the interval lies."""
    out = {}
    for opponent in population.opponents:
        per_point: dict[int, list[float]] = {}
        for r in rows:
            if (bucket is None or r["bucket"] == bucket) and r["opponent"] == opponent \
                    and (pressed is None or r.get("pressed") is pressed):
                per_point.setdefault(r["game"], []).append(r["difference"])
        values = [fmean(v) for v in per_point.values() if len(v) == len(population.movers)]
        if not values:
            continue
        m, iv = difference_interval(values)
        side = side_of(iv)
        out[opponent] = {"points": len(values), "value": round(m, 4), "interval": [round(iv[0], 4), round(iv[1], 4)],
                         "side": side}
    return out


def verdict(finding: dict, opponents: dict[str, dict]) -> dict:
    """The finding against each opponent and over all.

    A finding that one move is better: ``every`` opponent holds it, ``most`` (more than half, none reversing),
    ``some``, ``none``, or it ``depends`` on them (one reverses it). A finding that the two are about equal:
    ``no-difference`` (no opponent shows one -- within what its games can tell), ``one-way`` (every opponent
    shows the same move better: the finding does not hold) or ``depends`` (some show a difference). Each
    opponent is tested at 95% on its own, with no correction for testing several.

    >>> wait = {"interval": [-0.2, -0.1]}
    >>> verdict(wait, {"a": {"side": "wait"}, "b": {"side": "wait"}})["verdict"]
    'every'
    >>> verdict(wait, {"a": {"side": "wait"}, "b": {"side": "even"}, "c": {"side": "wait"}})["verdict"]
    'most'
    >>> verdict(wait, {"a": {"side": "wait"}, "b": {"side": "press"}})["verdict"]
    'depends'
    >>> verdict(wait, {"a": {"side": "even"}, "b": {"side": "even"}})["verdict"]
    'none'
    >>> even = {"interval": [-0.01, 0.02]}
    >>> [verdict(even, o)["verdict"] for o in ({"a": {"side": "even"}, "b": {"side": "even"}},
    ...                                        {"a": {"side": "press"}, "b": {"side": "press"}},
    ...                                        {"a": {"side": "press"}, "b": {"side": "even"}})]
    ['no-difference', 'one-way', 'depends']
    """
    side, n = direction(finding), len(opponents)
    if side == "even":
        shown = sorted(o for o, c in opponents.items() if c["side"] != "even")
        ways = {opponents[o]["side"] for o in shown}
        word = "no-difference" if not shown else "one-way" if len(shown) == n and len(ways) == 1 else "depends"
        holds = [o for o in opponents if o not in shown]
        return {"verdict": word, "side": side, "holds": holds, "reversed": shown, "opponents": n}
    holds = [o for o, c in opponents.items() if c["side"] == side]
    reversed_ = [o for o, c in opponents.items() if c["side"] not in (side, "even")]
    if reversed_:
        word = "depends"
    elif len(holds) == n:
        word = "every"
    elif 2 * len(holds) > n:
        word = "most"
    else:
        word = "some" if holds else "none"
    return {"verdict": word, "side": side, "holds": holds, "reversed": reversed_, "opponents": n}


def summarise(run: dict, rows: list[dict], settings: Settings) -> dict:
    """The run's document: per press-or-wait finding of ``run`` (a strategy study's JSON), its figure against
    each opponent and the verdict."""
    findings = []
    for f in run["findings"]:
        if f["kind"] == "press-or-wait" or (f["kind"] == "advisor-press-or-wait" and f.get("by") == "gain"):
            key, opponents = {"gain": f["gain"]}, by_opponent(rows, f["gain"], settings.population)
        elif f["kind"] == "advisor-press-or-wait" and f.get("by") in ("pressed", "waited"):
            key = {"by": f["by"]}
            opponents = by_opponent(rows, None, settings.population, pressed=f["by"] == "pressed")
        else:
            continue
        if not opponents:
            continue
        findings.append({**key, "kind": f["kind"], "claim": f["claim"], "value": f["value"],
                         "interval": f["interval"], "by_opponent": opponents, **verdict(f, opponents)})
    return {"format": FORMAT, "run": {k: run.get(k) for k in ("players", "games", "seed", "bots", "variants", "deck")},
            "population": {"opponents": list(settings.population.opponents),
                           "movers": list(settings.population.movers)},
            "games": settings.games, "points": settings.points, "seed": settings.seed,
            **({} if settings.max_games is None else {"max_games": settings.max_games}),
            "cells": len(rows), "unfinished": sum(r["unfinished"] for r in rows), "findings": findings}
