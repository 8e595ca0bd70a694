"""Calibration of the advisor's win probabilities: a reliability table and a Brier score over seeded games.

Do moves the advisor gives a win probability ``p`` in ``[a, b)`` win a share
of games inside that bin's interval? Each game (3 players, a fresh deck seed,
opponents two copies of one bot, the advised seat rotating) is played by bots;
at **one** decision of the advised seat, drawn at random in advance (a turn of
the normal phase with at least two legal moves), the advisor analyses the
public position at the chosen budget, its best move is played and its win
probability ``p`` written down; the seat then plays on as the advisor at the
same budget (``--plays-on advisor``, the default: a player who keeps taking the
advice) or as the heuristic bot (``--plays-on heuristic``). The game's outcome
for that seat (1 for a win, ``1/k`` for a k-way tie, else 0) is set against
``p``. One decision a game keeps the samples independent, so each bin's
interval is a plain Wilson interval over its games.

The opponents are bots the advisor's playouts do not model (the league's
``evaluator`` and ``timer``) beside the heuristic bot it does; the table is
given over all games and the Brier score per opponent too (``--opponents`` for others: ``outside``, the
population's early presser and big-page presser, which neither the value model nor the map was fitted on), with two
references: always saying the fair share ``1/3``, and the advisor's own ``p``
shuffled over the games (what calibration without resolution would score).

    python -m benchmarks.strength.calibration [--games 300] [--budget fast] [--seed S] [--workers 2]
        [--plays-on advisor|heuristic] [--opponents A,B|outside] [--json]

With a second ply (``--budget normal`` or ``deep``) ``p`` is the best move's chance at first sight (on the
analysis's playouts), and the chance it keeps after the next player's own answer (``reply``, the chance the
page shows for it, through the same map) is tabulated too, over the decisions where it was weighed.

The advisor shows its playouts' win shares through a calibration map
(``engine/advisor/calibration.py``); the map changes no move, so each game gives
the raw share and the shown probability of the same decision, and both tables
are printed. ``benchmarks/training/fit_calibration.py`` fits the map on games
played the same way (:func:`play_games`) and writes ``engine/advisor/calibration.json``.

The default seed, 731020, was never used while building the advisor, fitting its value model or its
calibration, nor for a recorded figure (:data:`HELD_OUT`, the seed of the recorded figures, is used up).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from tqdm import tqdm

from benchmarks.strength.record import append_log, resume_log

from pennypress.engine import Phase, new_game
from pennypress.engine.advisor import advise, wilson
from pennypress.engine.advisor.calibration import CALIBRATION, IDENTITY, Calibration
from pennypress.engine.arena.seats import SEATS, make_bot, seat_seed
from pennypress.engine.arena.table_reading import ReadingSettings, TableWatch, opponent_table
from pennypress.engine.io.state import public_view
from pennypress.engine.play.match import play_match
from pennypress.errors import BadInput

OPPONENTS = ("evaluator", "timer", "heuristic")
OUTSIDE = ("early-presser", "big-pages")
"""The population's opponents outside what the value model was trained on (``benchmarks.training.train_value.MIX``)
and the map fitted on (:data:`OPPONENTS`): ``--opponents outside`` measures calibration against them (#54)."""
HELD_OUT = 8080
"""The seed of the recorded calibration figures (docs/results.md): never a seed to fit the map on."""
BINS = tuple(i / 10 for i in range(11))


class _Advised:
    """The advised seat: the advisor (or the heuristic bot, ``plays_on``); at its ``at``-th decision with a
    choice the advisor's rank-1 win probability is written down. With ``reading`` (the reading's settings) the
    advisor reads the table at every decision from the moves so far (``steps``, every seat's) and its playouts
    seat the others as read (:mod:`pennypress.engine.arena.table_reading`), from the prior at the game's start."""

    def __init__(self, seed: int, at: int, budget: str, plays_on: str = "advisor", seat: int = 0,
                 steps: list | None = None, reading=None):
        self.bot = make_bot(f"advisor:{budget}" if plays_on == "advisor" else plays_on, seed)
        self.at, self.budget, self.seed = at, budget, seed
        self.count = 0
        self.p: float | None = None
        self.kept: float | None = None
        """With a second ply (``normal``, ``deep``): the chance kept after the next player's answer to the best
        move (raw), when the second ply opened it."""
        self.legal = 0
        self.steps, self.reading = steps, reading
        self.watch = None if reading is None else TableWatch(3, seat, reading)

    def _table(self):
        if self.watch is None:
            return None
        return opponent_table(self.watch.update(self.steps), 3)

    def choose(self, view):
        moves = view.legal_moves()
        table = self._table()
        if self.p is None and view.phase is Phase.NORMAL and len(moves) > 1:
            self.count += 1
            if self.count == self.at:
                advice = advise(view, self.budget, seed=self.seed, workers=1, reasons_top=0, calibration=IDENTITY,
                                table=table)
                self.p, self.legal = advice.best.at_first_sight().win_probability, len(moves)
                self.kept = None if advice.best.reply is None else advice.best.reply.win_probability
                return next(m for m in moves if str(m) == advice.best.move)
        if table is not None and hasattr(self.bot, "table"):
            self.bot.table = table
        return self.bot.choose(view)


class _Seen:
    """A seat's bot that writes down the public position it faced and its move (what every player sees)."""

    def __init__(self, bot, steps: list):
        self.bot, self.steps = bot, steps

    def choose(self, view):
        move = self.bot.choose(view)
        self.steps.append((public_view(view), move))
        return move


def reading_for(read: str | None, opponent: str):
    """The reading's settings of ``--read-table``: ``None`` (no reading), every style (``all``), or every style but
    the opponents' own (``leave-out``: the opponents are then outside the population the reading knows)."""
    if read is None:
        return None
    settings = ReadingSettings()
    if read == "leave-out":
        settings = replace(settings, styles=tuple(s for s in settings.styles if s != opponent))
    return settings


def play_one(args: tuple) -> dict | None:
    """Game ``g`` of the run seeded ``seed``: its opponent, the advised seat, ``p`` and the outcome.
    ``args``: ``(g, seed, budget, plays_on)``, and the opponents taken in turn (default :data:`OPPONENTS`) and
    ``--read-table`` (default ``None``)."""
    g, seed, budget, plays_on, *rest = args
    opponents = tuple(rest[0]) if rest else OPPONENTS
    read = rest[1] if len(rest) > 1 else None
    rng = random.Random(seed * 1_000_003 + g)
    deck_seed = rng.randrange(2 ** 31)
    opponent = opponents[g % len(opponents)]
    seat = (g // len(opponents)) % 3
    steps: list = []
    advised = _Advised(seat_seed(deck_seed, seat), rng.randrange(1, 13), budget, plays_on, seat, steps,
                       reading_for(read, opponent))
    bots = [_Seen(advised if i == seat else make_bot(opponent, seat_seed(deck_seed, i)), steps) for i in range(3)]
    state = play_match(new_game(3, seed=deck_seed), bots, seed=deck_seed, in_place=True).state
    if advised.p is None:  # the game ended before that decision: no sample
        return None
    winners = state.winners
    won = (1 / len(winners)) if seat in winners else 0.0
    return {"game": g, "opponent": opponent, "seat": seat, "p": advised.p, "won": won, "legal": advised.legal,
            "over": state.is_over, "kept": advised.kept}


def brier(rows: list[dict], p=None) -> float:
    return statistics.fmean(((r["p"] if p is None else p) - r["won"]) ** 2 for r in rows)


def spiegelhalter(rows: list[dict]) -> tuple[float, float]:
    """Spiegelhalter's test of calibration over all decisions at once: ``(z, two-sided p)``; ``z`` is near 0
    when the probabilities are calibrated (one bin in ten missing its 95% interval is then common: the
    per-bin view tests ten things at once). It weighs errors by ``1 - 2p``, so a shift of every ``p`` the same
    way can cancel out: read it beside calibration in the large (:func:`in_the_large`)."""
    num = sum((r["won"] - r["p"]) * (1 - 2 * r["p"]) for r in rows)
    var = sum((1 - 2 * r["p"]) ** 2 * r["p"] * (1 - r["p"]) for r in rows)
    z = num / math.sqrt(var) if var > 0 else 0.0
    return z, math.erfc(abs(z) / math.sqrt(2))


def in_the_large(rows: list[dict]) -> dict:
    """Calibration in the large: the mean ``p`` against the won share's 95% Wilson interval."""
    won = statistics.fmean(r["won"] for r in rows)
    low, high = wilson(won, len(rows))
    mean_p = statistics.fmean(r["p"] for r in rows)
    return {"mean_p": mean_p, "won": won, "interval": [low, high], "p_inside": low <= mean_p <= high}


def reliability(rows: list[dict]) -> list[dict]:
    table = []
    for lo, hi in zip(BINS, BINS[1:]):
        inside = [r for r in rows if lo <= r["p"] < hi or (hi == 1.0 and r["p"] == 1.0)]
        if not inside:
            continue
        share = statistics.fmean(r["won"] for r in inside)
        low, high = wilson(share, len(inside))
        table.append({"bin": [lo, hi], "decisions": len(inside), "mean_p": statistics.fmean(r["p"] for r in inside),
                      "won": share, "interval": [low, high],
                      "p_inside": low <= statistics.fmean(r["p"] for r in inside) <= high})
    return table


def report_for(rows: list[dict], seed: int) -> dict:
    """Brier scores (with the two references), per opponent, and the reliability table of ``rows``."""
    shuffled = [r["p"] for r in rows]
    random.Random(seed).shuffle(shuffled)
    return {
        "brier": brier(rows), "brier_fair_share": brier(rows, 1 / 3), "spiegelhalter": spiegelhalter(rows),
        "in_the_large": in_the_large(rows),
        "brier_shuffled": statistics.fmean((p - r["won"]) ** 2 for p, r in zip(shuffled, rows)),
        "mean_p": statistics.fmean(r["p"] for r in rows), "mean_won": statistics.fmean(r["won"] for r in rows),
        "by_opponent": {o: {"samples": len(sub), "brier": brier(sub), "mean_p": statistics.fmean(r["p"] for r in sub),
                            "won": statistics.fmean(r["won"] for r in sub)}
                        for o in dict.fromkeys(r["opponent"] for r in rows)
                        if (sub := [r for r in rows if r["opponent"] == o])},
        "table": reliability(rows),
    }


def print_report(title: str, report: dict) -> None:
    print(f"\n{title}")
    print("| advisor's p | decisions | mean p | won | 95% interval | p inside |")
    print("|---|---|---|---|---|---|")
    for row in report["table"]:
        lo, hi = row["bin"]
        print(f"| {lo:.1f}-{hi:.1f} | {row['decisions']} | {row['mean_p']:.3f} | {row['won']:.3f} | "
              f"{row['interval'][0]:.3f}-{row['interval'][1]:.3f} | {'yes' if row['p_inside'] else 'no'} |")
    missed = sum(not row["p_inside"] for row in report["table"])
    z, p = report["spiegelhalter"]
    large = report["in_the_large"]
    print(f"bins missed: {missed} of {len(report['table'])}; Spiegelhalter z {z:+.2f} (p = {p:.3g}); in the large: "
          f"mean p {large['mean_p']:.3f}, won {large['won']:.3f} ({large['interval'][0]:.3f}-"
          f"{large['interval'][1]:.3f}): {'inside' if large['p_inside'] else 'outside'}; Brier {report['brier']:.4f}; saying 1/3 always "
          f"{report['brier_fair_share']:.4f}; the same p shuffled over the games {report['brier_shuffled']:.4f}; "
          f"mean p {report['mean_p']:.3f} against a won share {report['mean_won']:.3f}")
    for o, b in report["by_opponent"].items():
        print(f"  against two {o}: {b['samples']} decisions, Brier {b['brier']:.4f}, mean p {b['mean_p']:.3f}, "
              f"won {b['won']:.3f}")


def play_games(games: int, seed: int, budget: str, plays_on: str, workers: int, quiet: bool = False,
               opponents: tuple[str, ...] = OPPONENTS, read: str | None = None, log: Path | None = None) -> list[dict]:
    """The samples of ``games`` games of the run seeded ``seed`` (:func:`play_one`; a game that ended before its
    drawn decision gives none), on ``workers`` processes, against ``opponents`` in turn (reading the table as
    ``read`` says: ``--read-table``). With ``log`` each game is kept as it is played: a run started again with
    the same arguments (or more games) plays only the games the log does not hold."""
    header = {"log": "calibration", "seed": seed, "budget": budget, "plays_on": plays_on,
              "opponents": list(opponents), "read_table": read}
    done = resume_log(log, header, "calibration") if log is not None else {}
    jobs = [(g, seed, budget, plays_on, opponents, read) for g in range(games) if g not in done]
    with ProcessPoolExecutor(workers) as ex:
        for (g, *_), row in zip(jobs, tqdm(ex.map(play_one, jobs), total=len(jobs), desc="games", disable=quiet)):
            done[g] = {"sample": row}
            append_log(log, g, done[g])
    return [done[g]["sample"] for g in range(games) if done[g]["sample"] is not None]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--budget", default="fast")
    ap.add_argument("--seed", type=int, default=731020, help="seed of the games (default 731020, never used before)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--plays-on", choices=("advisor", "heuristic"), default="advisor",
                    help="who plays the advised seat's other decisions (default: the advisor)")
    ap.add_argument("--opponents", default=",".join(OPPONENTS),
                    help=f"the opponents, two copies of one a game, taken in turn (default {','.join(OPPONENTS)}, "
                         f"the map's own; 'outside' for {','.join(OUTSIDE)}, the population's opponents neither "
                         "the value model nor the map was fitted on)")
    ap.add_argument("--read-table", choices=("all", "leave-out"), default=None,
                    help="the advised seat reads the table from the moves so far and its playouts seat the others "
                         "as read (all: every style of the population; leave-out: every style but the opponents' "
                         "own, so they play a style the reading does not know); default: no reading")
    ap.add_argument("--log", type=Path, help="one line a game: a run started again goes on where it stopped")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    opponents = OUTSIDE if args.opponents == "outside" else tuple(args.opponents.split(","))
    unknown = [o for o in opponents if o not in SEATS]
    if unknown or not opponents:
        ap.error(f"--opponents: not a seat: {', '.join(unknown) or '(none given)'}")
    try:
        raw = play_games(args.games, args.seed, args.budget, args.plays_on, args.workers, quiet=args.json,
                         opponents=opponents, read=args.read_table, log=args.log)
    except BadInput as e:
        ap.error(str(e))
    calibration: Calibration = CALIBRATION
    shown = [{**r, "p": calibration(r["p"])} for r in raw]
    report = {"games": args.games, "samples": len(raw), "budget": args.budget, "seed": args.seed,
              "plays_on": args.plays_on, "read_table": args.read_table, "calibration": calibration.to_json(),
              "raw": report_for(raw, args.seed), "shown": report_for(shown, args.seed)}
    answered = [{**r, "p": calibration(r["kept"])} for r in raw if r["kept"] is not None]
    if answered:  # a second ply: the chance shown after the next player's answer, against the same games
        report["after_the_answer"] = report_for(answered, args.seed)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['samples']} decisions from {args.games} 3-player games (seed {args.seed}), advisor {args.budget}, "
          f"one decision a game, the seat playing on as the {args.plays_on}; opponents two {', two '.join(opponents)} "
          f"({ {1: 'all', 2: 'half', 3: 'a third'}.get(len(opponents), f'1 in {len(opponents)}')} of the games each)"
          + ("" if args.read_table is None else "; the seat reads the table" + (
              ", the opponents' own style left out of the reading" if args.read_table == "leave-out" else "")))
    print(f"calibration map: slope {calibration.slope:.4f}, intercept {calibration.intercept:.4f}")
    print_report("the win probability shown (the playouts' share through the map)", report["shown"])
    print_report("the playouts' raw win share", report["raw"])
    if "after_the_answer" in report:
        print_report(f"the chance shown after the next player's own answer to the best move ({len(answered)} "
                     f"decisions where the second ply opened it)", report["after_the_answer"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
