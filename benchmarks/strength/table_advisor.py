"""Does reading the table make the advisor stronger? The advisor against two bots of one style, with and
without the table read, on the same deals.

Each game seats ``advisor:BUDGET`` (rotated through the seats) and ``--opponents`` in the other seats, in
turn (``evaluator``: every other seat an evaluator; ``evaluator,mcts``: a mixed table; any seat of the
population the native core plays), and is played twice on the same deal and seeds: once by the advisor as it
plays today, once by the advisor reading the table -- before each of its decisions it reads every opponent's
moves so far (:mod:`pennypress.engine.arena.table_reading`, from the prior at the start of every game: it is
never told whom it plays) and its playouts seat the opponents as read
(:mod:`pennypress.engine.advisor.opponent_table`). Prints each player's win share (ties shared) with its
Wilson 95% interval and the paired difference with its 95% Student interval.

    python -m benchmarks.strength.table_advisor --games 100 --seed 562110 --opponents evaluator \\
        --record benchmarks/results/strength/27-table-advisor-pilot.json
"""
from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path
from statistics import fmean, stdev

from tqdm import tqdm

from benchmarks.strength.advisor import CoreLeagueBot
from benchmarks.strength.quick_vs_deep import candidate
from benchmarks.strength.record import append_log, resume_log, write_record
from pennypress.engine import native, new_game
from pennypress.engine.advisor.bot import AdvisorBot
from pennypress.engine.advisor.budget import Budget, budget_for
from pennypress.engine.advisor.stats import t95
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.seats import SEATS, make_bot, seat_seed, seat_words
from pennypress.engine.arena.table_reading import ReadingSettings, SeatReader, SeatReading, TableReading, \
    opponent_table
from pennypress.engine.play.match import play_match
from pennypress.errors import BadInput
from pennypress.stats import wilson

OPPONENTS = ("greedy", "early-presser", "big-pages", "heuristic", "evaluator", "timer", "mcts")
"""The seats that may sit at the table (the population's, on the core; the value bot is the advisor's own)."""
SEEDS = 2 ** 32


class Recorded:
    """A seat's bot that writes down each public position it faced and its move (what every player sees)."""

    def __init__(self, bot, steps: list):
        self.bot, self.steps, self.name = bot, steps, getattr(bot, "name", "bot")

    def choose(self, view):
        move = self.bot.choose(view)
        self.steps.append((view.clone(), move))
        return move


class TableAdvisor:
    """The advisor reading the table: before each decision its readers take every move made since its last
    (the opponents' only), and its next search seats the opponents as read."""

    def __init__(self, bot: AdvisorBot, seat: int, players: int, steps: list, settings: ReadingSettings):
        self.bot, self.seat, self.steps, self.name = bot, seat, steps, bot.name + "+table"
        self.settings = settings
        self.readers = {p: SeatReader(p, players, settings) for p in range(players) if p != seat}
        self.read = 0

    def choose(self, view):
        for step_view, move in self.steps[self.read:]:
            reader = self.readers.get(step_view.current)
            if reader is not None:
                reader.read(step_view, move)
        self.read = len(self.steps)
        seats: tuple[SeatReading, ...] = tuple(self.readers[p].reading() for p in sorted(self.readers))
        players = len(view.players)
        self.bot.table = opponent_table(TableReading(self.seat, seats, self.settings, players), players)
        return self.bot.choose(view)


def play(game: int, seed: int, players: int, opponents: str, budget: str, reading: bool,
         playouts: int | None = None, leave_out: str | None = None, experiment: dict | None = None) -> float:
    """The advisor's win share in game ``game`` (seat ``game % players``), reading the table or not (with
    ``leave_out``: a reading whose styles leave that one out; with ``experiment``: fields of its
    :class:`ReadingSettings`, as :func:`option_fields` makes them)."""
    deal = seed * 1000 + game
    me = game % players
    steps: list = []
    bots = []
    names = opponents.split(",")
    for k in range(players):
        if k == me:
            bot = AdvisorBot(seed=seat_seed(deal, k), budget=advisor_budget(budget), playouts=playouts)
            bots.append(Recorded(TableAdvisor(bot, k, players, steps, reading_settings(leave_out, experiment)) if reading
                                 else bot, steps))
        else:
            name = names[(k - me - 1) % players % len(names)]   # the seats after the advisor's, in turn
            bots.append(Recorded(CoreLeagueBot(make_bot(name, seat_seed(deal, k)), seat_seed(deal, k)), steps))
    result = play_match(new_game(players, seed=deal), bots, seed=deal)
    winners = list(result.state.winners)
    return 1.0 / len(winners) if me in winners else 0.0


def advisor_budget(spec: str) -> str | Budget:
    """The advisor's budget: a name as itself, or a variant of one written as ``benchmarks.strength.quick_vs_deep``
    writes them (``fast+replies=0``: Quick's analysis without its second ply) as the budget it names (an
    experiment); :class:`BadInput` naming the problem."""
    return candidate(spec, "--budget") if "+" in spec else spec


OPTIONS = {
    "weigh_replies": ("the second ply weighing each searched reply by the chance the player answering is read as "
                      "unknown, the analysis's own figure for the rest",
                      "an experiment: the second ply searching every reply as for a player nobody has read"),
    "own_ends": ("each style read playing the playouts' final edition as itself, the rest by the exact search",
                 "an experiment: every seat playing the playouts' final edition by the exact search"),
}
"""The reading's options (:class:`ReadingSettings`, each on by default), each a flag that turns it on or off
(``--weigh-replies``, ``--no-weigh-replies``: an experiment), and how a record's note says it on and off."""


def add_options(ap: argparse.ArgumentParser) -> None:
    """The flags of :data:`OPTIONS`."""
    for field_name, (on, off) in OPTIONS.items():
        ap.add_argument("--" + field_name.replace("_", "-"), action=argparse.BooleanOptionalAction, default=None,
                        help=f"ReadingSettings.{field_name}: {on} (the default); --no-{field_name.replace('_', '-')}: "
                             f"{off}")


def option_fields(args: argparse.Namespace) -> dict:
    """The :data:`OPTIONS` flags given in ``args``, as :class:`ReadingSettings` fields (empty: the defaults)."""
    return {k: getattr(args, k) for k in OPTIONS if getattr(args, k, None) is not None}


def options_used(args: argparse.Namespace) -> dict:
    """Every :data:`OPTIONS` field as the run's reading has it, given or by default (a log's header holds them, so
    a run with other options never goes on from it)."""
    settings = ReadingSettings(**option_fields(args))
    return {k: getattr(settings, k) for k in OPTIONS}


def options_words(args: argparse.Namespace) -> str:
    """The run's reading options as a record's note says them: each on or off, after a "; "."""
    return "".join(f"; {OPTIONS[k][0 if on else 1]}" for k, on in options_used(args).items())


def check_run(args: argparse.Namespace) -> None:
    """What every run of the advisor's games needs, checked before it starts: a budget the advisor has, folders for
    ``--record`` and ``--log``, and the native core; :class:`BadInput` naming the problem otherwise."""
    budget_for(args.budget.split("+")[0], args.playouts)
    advisor_budget(args.budget)
    for flag, path in (("--record", args.record), ("--log", args.log)):
        if path is not None and not path.parent.is_dir():
            raise BadInput(f"{flag} {path}: no folder {path.parent}")
    if not native.available():
        raise BadInput("the native core is not built: python3 run.py build")


def stand_in_seat(name: str, flag: str) -> str:
    """``name`` when it is a seat that can stand in for a style in the playouts (a registered seat the native core
    plays); :class:`BadInput` naming the problem under ``flag`` otherwise. Needs the core."""
    try:
        make_bot(name, 0, anywhere=True)
    except BadInput as e:
        raise BadInput(f"{flag}: {e}") from None
    if seat_policy(name) is None:
        raise BadInput(f"{flag}: {name!r} does not play on the native core, so it cannot sit in the playouts")
    return name


def reading_settings(leave_out: str | None, experiment: dict | None = None) -> ReadingSettings:
    """The reading's settings: the population's styles, ``leave_out`` left out of them when given, and the fields
    of an ``experiment`` (:func:`option_fields`)."""
    settings = ReadingSettings(**(experiment or {}))
    if leave_out is None:
        return settings
    return replace(settings, styles=tuple(s for s in settings.styles if s != leave_out))


SIDES = {"both": (False, True), "read": (True,), "plain": (False,)}
"""``--side``: which advisors play each game (both: paired; read: only the advisor reading the table)."""


EACH = "each"
"""``--leave-out each``: the leave-one-out comparison across the population -- game ``g`` against two bots of
one style, the styles of :data:`OPPONENTS` in turn (each through every seat), and that style left out of the
reading: the opponents play a style the reading does not know."""


def style_of(g: int, players: int) -> str:
    """The style game ``g`` of a ``--leave-out each`` run is played against (each style through every seat)."""
    return OPPONENTS[(g // players) % len(OPPONENTS)]


def _game(job: tuple) -> tuple[int, dict]:
    """One game for the process pool: its index and each side's win share (and, leaving each style out, the
    style it was played against)."""
    g, args = job
    if args.stand_in:   # in this process (a pool's worker too): the registry's stand-in replaced for an experiment
        style, _, seat = args.stand_in.partition("=")
        SEATS[style] = replace(SEATS[style], stand_in=seat)
    opponents, left = args.opponents, args.leave_out
    if left == EACH:
        opponents = left = style_of(g, args.players)
    row = {("read" if reading else "plain"): play(g, args.seed, args.players, opponents, args.budget, reading,
                                                  args.playouts, left, option_fields(args))
           for reading in SIDES[args.side]}
    return g, row if args.leave_out != EACH else {**row, "style": opponents}


def by_style(rows: list[dict]) -> str:
    """A ``--leave-out each`` run's paired difference per style left out (both sides played)."""
    lines = ["| style left out (and played against) | games | as today | reading the table | reading less today |",
             "|---|---:|---:|---:|---|"]
    for style in OPPONENTS:
        mine = [r for r in rows if r["style"] == style]
        if len(mine) < 2:
            continue
        plain, read = [r["plain"] for r in mine], [r["read"] for r in mine]
        diff = [b - a for a, b in zip(plain, read)]
        lines.append(f"| {seat_words(style)} | {len(mine)} | {100 * fmean(plain):.1f}% | {100 * fmean(read):.1f}% | "
                     f"{paired_points(diff)} |")
    return "\n".join(lines)


def _signed(x: float) -> str:
    return f"{100 * x:+.1f}".replace("-", "−")


def paired_points(diff: list[float]) -> str:
    """Paired differences of win shares in words: their mean in points and its 95% Student interval."""
    mean, half = fmean(diff), t95(len(diff) - 1) * stdev(diff) / math.sqrt(len(diff))
    return f"{_signed(mean)} points ({_signed(mean - half)} to {_signed(mean + half)})"


def summary(plain: list[float], read: list[float]) -> str:
    """Each advisor's win share (Wilson 95%) and, where both played, the paired difference (95% Student
    interval)."""
    n = max(len(plain), len(read))
    lines = ["| advisor | games | win share (95%) |", "|---|---:|---|"]
    for label, xs in (("as today", plain), ("reading the table", read)):
        if not xs:
            continue
        lo, hi = wilson(fmean(xs), n)
        lines.append(f"| {label} | {n} | {100 * fmean(xs):.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%) |")
    if not plain or not read:
        return "\n".join(lines)
    diff = [b - a for a, b in zip(plain, read)]
    lines.append(f"| reading less today, paired | {n} | {paired_points(diff)}, {sum(d != 0 for d in diff)} games "
                 "differ |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games, each played twice (default 100)")
    ap.add_argument("--seed", type=int, default=562116, help="seed of the deals (default 562116, never used before)")
    ap.add_argument("--players", type=int, default=3, help="players (default 3)")
    ap.add_argument("--opponents", default="evaluator",
                    help=f"the other seats' bots in turn, comma-separated, of {', '.join(OPPONENTS)}")
    ap.add_argument("--budget", default="fast",
                    help="the advisor's budget (default fast); an experiment may name a variant as "
                         "benchmarks.strength.quick_vs_deep does (fast+replies=0: without its second ply)")
    ap.add_argument("--playouts", type=int, default=None,
                    help="a fixed number of playouts a decision instead of the budget (for the harness's own checks)")
    ap.add_argument("--side", choices=tuple(SIDES), default="both",
                    help="both advisors on each deal, paired (both, the default), or only the one reading the table "
                         "(read) or only today's (plain)")
    ap.add_argument("--leave-out", default=None,
                    help="a style left out of the reading (the opponents then play a style it does not know); "
                         f"'{EACH}': the leave-one-out comparison, each game against two bots of one style of the "
                         "population in turn, that style left out (--opponents is then not read)")
    ap.add_argument("--stand-in", default=None, metavar="STYLE=SEAT",
                    help="an experiment: SEAT stands in for STYLE in the playouts instead of the registry's stand-in "
                         "(mcts=evaluator)")
    add_options(ap)
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1; any number gives the same figures)")
    ap.add_argument("--log", type=Path, help="one line a game: a run started again goes on where it stopped (with "
                                                "more --games, it plays only the games the log does not hold)")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    try:
        if args.games < 2 or not 2 <= args.players <= 5 or \
                not all(o in OPPONENTS for o in args.opponents.split(",")):
            raise BadInput(f"--games at least 2, --players from 2 to 5, --opponents of {', '.join(OPPONENTS)}")
        if not 0 <= args.seed < SEEDS:
            raise BadInput(f"--seed must be from 0 to 2**32 - 1, got {args.seed}")
        if args.leave_out is not None and args.leave_out != EACH and args.leave_out not in ReadingSettings().styles:
            raise BadInput(f"--leave-out: not a style of the reading: {args.leave_out}")
        if args.leave_out == EACH and args.side != "both":
            raise BadInput("--leave-out each compares the two advisors: --side both")
        if args.workers < 1:
            raise BadInput("--workers at least 1")
        check_run(args)
        if args.stand_in is not None:
            style, eq, seat = args.stand_in.partition("=")
            if not eq or style not in SEATS:
                raise BadInput(f"--stand-in: STYLE=SEAT, two seats of the registry, got {args.stand_in!r}")
            stand_in_seat(seat, "--stand-in")
    except BadInput as e:
        print(f"table_advisor: {e}", file=sys.stderr)
        return 2
    header = {"log": "table-advisor", "seed": args.seed, "players": args.players,   # not the games: a run may grow
              "opponents": args.opponents, "budget": args.budget, "playouts": args.playouts, "side": args.side,
              "leave_out": args.leave_out, **({"stand_in": args.stand_in} if args.stand_in else {}),
              **options_used(args)}
    try:
        done = resume_log(args.log, header, "table_advisor") if args.log is not None else {}
    except BadInput as e:
        print(f"table_advisor: {e}", file=sys.stderr)
        return 2
    todo = [(g, args) for g in range(args.games) if g not in done]
    with tqdm(total=args.games, initial=len(done), desc="games", unit="game", file=sys.stderr) as bar, \
            ProcessPoolExecutor(args.workers, mp_context=get_context("spawn")) as pool:
        for g, row in (map if args.workers == 1 else pool.map)(_game, todo):
            done[g] = row
            append_log(args.log, g, row)
            bar.update()
    plain = [done[g]["plain"] for g in range(args.games) if "plain" in done[g]]
    read = [done[g]["read"] for g in range(args.games) if "read" in done[g]]
    text = summary(plain, read)
    if args.leave_out == EACH:
        text += "\n\n" + by_style([done[g] for g in range(args.games)])
    print(text)
    if args.record is not None:
        against = args.opponents.replace(",", " and ") if args.leave_out != EACH else "each style of the population"
        left = "" if args.leave_out is None else (", that style left out of the reading" if args.leave_out == EACH
                                                   else f", {args.leave_out} left out of the reading")
        played = {"both": "each game played twice on the same deal and seeds: by the advisor as it plays today, "
                          "and by the advisor reading the table from its prior at the start of the game (told "
                          "nothing of whom it plays)",
                  "read": "played by the advisor reading the table from its prior at the start of each game (told "
                          "nothing of whom it plays)",
                  "plain": "played by the advisor as it plays today"}[args.side]
        write_record(args.record, "table_advisor", argv,
                     title=f"The advisor reading the table, against {against}{left}"
                           + (" (a pilot)" if args.games < 600 else ""),
                     seed=args.seed, table=text,
                     note=(f"{args.games} seeded {args.players}-player games, advisor:{args.budget} rotated through "
                           + (f"the seats against {args.opponents} in the others, " if args.leave_out != EACH else
                              f"the seats against two bots of one style, {', '.join(OPPONENTS)} in turn, ")
                           + played
                           + ("" if args.leave_out is None else
                              "; the reading's styles leave out the style the opponents play" if args.leave_out == EACH
                              else f"; the reading's styles leave out {args.leave_out}, the style the opponents play")
                           + ("" if not args.stand_in else "; an experiment: {1} standing in for {0} in the "
                              "playouts".format(*args.stand_in.split("=")))
                           + options_words(args)
                           + "." + (" A pilot: fewer games than the issue's 600 a cell." if args.games < 600 else "")),
                     pairs=[done[g] for g in range(args.games)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
