"""How well does the table reading tell an opponent's style from its moves?

Seeded games at ``--players`` players, each seat's style drawn from the population of opponent models
(:func:`pennypress.engine.arena.population.population`), every seat played on the native core. Player 0 reads
the others (:mod:`pennypress.engine.arena.table_reading`) after each of them has made 3, 6 and 12 moves with a
choice, and after the whole game. The tremble and the temperature are fitted on the games of ``--fit-seed``: the
pair of ``--trembles`` and ``--temperatures`` that gives the true style the highest mean log chance over every
point of the game (after each move read: a proper score, so an overconfident reading pays for it). They are
measured on the games of ``--seed``: how often the style read most likely is the one that played, and the mean
chance the reading gives the true style, with Wilson 95% intervals.

    python -m benchmarks.strength.table_reading --games 150 --seed 562105 --fit-seed 562106 \\
        --record benchmarks/results/strength/26-table-reading.json
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import replace
from pathlib import Path
from statistics import fmean

from tqdm import tqdm

from benchmarks.strength.advisor import CoreSeat
from benchmarks.strength.record import write_record
from benchmarks.strength.table_advisor import Recorded
from pennypress.engine import native, new_game
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.population import population
from pennypress.engine.arena.seats import seat_seed, seat_words
from pennypress.engine.arena.table_reading import ReadingSettings, SeatReader, posterior
from pennypress.engine.play.match import play_match
from pennypress.errors import BadInput
from pennypress.stats import wilson

TREMBLES = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9)
TEMPERATURES = (1.0, 1.25, 1.67, 2.5, 4.0)
AFTER = (3, 6, 12)
SEEDS = 2 ** 32


def game(seed: int, index: int, players: int, styles: tuple[str, ...]) -> tuple[list[str], list]:
    """Game ``index``: each seat's style (drawn by the seed) and every decision's public position and move."""
    rng = random.Random(f"pennypress-table-reading:{seed}:{index}")
    seats = [rng.choice(styles) for _ in range(players)]
    deal = seed * 1000 + index
    steps: list = []
    bots = [Recorded(CoreSeat(seat_policy(name), seat_seed(deal, k), name), steps) for k, name in enumerate(seats)]
    play_match(new_game(players, seed=deal), bots, seed=deal)
    return seats, steps


def read(seats: list[str], steps: list, settings: ReadingSettings) -> list[tuple[str, list]]:
    """Each opponent of player 0: its true style and the observations its reading made, in order."""
    readers = {p: SeatReader(p, len(seats), settings) for p in range(1, len(seats))}
    for view, move in steps:
        if view.current in readers:
            readers[view.current].read(view, move)
    return [(seats[p], readers[p].observations) for p in sorted(readers)]


def measure(read_seats: list[tuple[str, list]], settings: ReadingSettings, after: int | None) -> tuple[int, int, float]:
    """Over the seats with at least ``after`` moves read (all of them for ``None``): how many, how many read
    right (the true style most likely), and the mean chance given the true style."""
    n = right = 0
    chance = []
    for truth, obs in read_seats:
        if after is not None and len(obs) < after:
            continue
        post = posterior(obs[:after], settings)
        n += 1
        right += max(post, key=lambda s: post[s]) == truth
        chance.append(post[truth])
    return n, right, fmean(chance) if chance else math.nan


def log_score(read_seats: list[tuple[str, list]], settings: ReadingSettings) -> float:
    """The mean, over the seats read, of the mean log chance of the true style after each move read."""
    return fmean(fmean(math.log(max(posterior(obs[:k], settings)[truth], 1e-300)) for k in range(1, len(obs) + 1))
                 for truth, obs in read_seats if obs)


def fit(read_seats: list[tuple[str, list]], settings: ReadingSettings, trembles: tuple[float, ...],
        temperatures: tuple[float, ...]) -> tuple[float, float]:
    """The (tremble, temperature) giving the true styles the highest :func:`log_score` (the first on a tie)."""
    pairs = [(t, temp) for t in trembles for temp in temperatures]
    return max(pairs, key=lambda p: log_score(read_seats, replace(settings, tremble=p[0], temperature=p[1])))


def played(seed: int, games: int, players: int, settings: ReadingSettings, what: str) -> list[tuple[str, list]]:
    out = []
    for g in tqdm(range(games), desc=what, unit="game", file=sys.stderr):
        seats, steps = game(seed, g, players, settings.styles)
        out += read(seats, steps, settings)
    return out


def table(rows: list[tuple[str, int, int, float]]) -> str:
    lines = ["| moves read | opponents | style read right (95%) | mean chance on the true style |",
             "|---|---:|---|---:|"]
    for label, n, right, chance in rows:
        if not n:
            continue
        lo, hi = wilson(right / n, n)
        lines.append(f"| {label} | {n} | {right} ({100 * right / max(n, 1):.0f}%, {100 * lo:.0f}–{100 * hi:.0f}%) "
                     f"| {100 * chance:.0f}% |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150, help="games measured (default 150); as many to fit")
    ap.add_argument("--players", type=int, default=3, help="players a game (default 3)")
    ap.add_argument("--seed", type=int, default=562108,
                    help="seed of the measured games (default 562108, never used before)")
    ap.add_argument("--fit-seed", type=int, default=562109,
                    help="seed of the games the tremble is fitted on (default 562109)")
    ap.add_argument("--trembles", default=",".join(map(str, TREMBLES)), help="the trembles tried, comma-separated")
    ap.add_argument("--temperatures", default=",".join(map(str, TEMPERATURES)),
                    help="the temperatures tried, comma-separated")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    try:
        trembles = tuple(float(t) for t in args.trembles.split(","))
        temperatures = tuple(float(t) for t in args.temperatures.split(","))
    except ValueError:
        print(f"table_reading: --trembles and --temperatures: numbers separated by commas, got "
              f"{args.trembles!r} and {args.temperatures!r}", file=sys.stderr)
        return 2
    try:
        if args.games < 1 or not 2 <= args.players <= 5:
            raise BadInput("--games at least 1, --players from 2 to 5")
        if not all(0 <= s < SEEDS for s in (args.seed, args.fit_seed)) or args.seed == args.fit_seed:
            raise BadInput("--seed and --fit-seed: two different seeds from 0 to 2**32 - 1")
        settings = ReadingSettings()
        for t in trembles:
            replace(settings, tremble=t)   # refused in one line if out of range
        for temp in temperatures:
            replace(settings, temperature=temp)
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
    except BadInput as e:
        print(f"table_reading: {e}", file=sys.stderr)
        return 2
    tremble, temperature = fit(played(args.fit_seed, args.games, args.players, settings, "fit"), settings, trembles,
                               temperatures)
    settings = replace(settings, tremble=tremble, temperature=temperature)
    measured = played(args.seed, args.games, args.players, settings, "measure")
    rows = [(f"{k}", *measure(measured, settings, k)) for k in AFTER]
    rows.append(("the whole game", *measure(measured, settings, None)))
    by_style = []
    for style in settings.styles:
        mine = [r for r in measured if r[0] == style]
        n, right, chance = measure(mine, settings, None)
        by_style.append((seat_words(style), n, right, chance))
    text = table(rows)
    style_text = table(by_style).replace("| moves read |", "| true style (the whole game) |", 1)
    print(f"fitted: tremble {tremble}, temperature {temperature}\n\n{text}\n\n{style_text}")
    if args.record is not None:
        write_record(args.record, "table_reading", argv,
                     title="Reading the table: an opponent's style told from its moves", seed=args.seed,
                     table=text + "\n\n" + style_text, tremble=tremble, temperature=temperature,
                     note=(f"{args.games} seeded {args.players}-player games, each seat's style drawn from the "
                           f"population ({', '.join(settings.styles)}), every seat on the native core; player 0 "
                           f"reads the others with {settings.samples} bots of each style and the unknown style "
                           f"(prior {settings.unknown}). The tremble, {tremble}, and the temperature, {temperature}, "
                           f"were fitted on {args.games} other games (seed {args.fit_seed}) among trembles "
                           f"{', '.join(map(str, trembles))} and temperatures {', '.join(map(str, temperatures))}. "
                           "Read right: the style read most likely is the one that played."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
