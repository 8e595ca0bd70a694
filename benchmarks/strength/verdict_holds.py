"""Does the analysis board's verdict hold in full games against the population of opponents?

The board says a move is "clearly ahead in this analysis" (it said "clearly the best") from the search's own
playouts, its bots at the other newspapers. This benchmark plays the verdict out: over seeded 3-player
midgames of the league's bots (one decision a game, drawn by the game's seed among the decisions of normal
play with a choice; ``--seed`` a seed the ledger does not list), the board's analysis at Thorough
(``advise --budget normal``) gives the verdict and its two first moves; both are then played to the end of
``--games`` games against each opponent model of the population, with each mover playing the player's own
later moves, on the same deals and seeds (:func:`pennypress.engine.arena.population.play_out`).

Per verdict class it prints how many positions said it, in how many the first move **held** against every
model (no cell where the second move is significantly better, one-sided 99%) and in how many it was
**better against every model** (significant in every cell, Holm at 1%), with Wilson 95% intervals;
``--record FILE`` writes the summary as a strength record for docs/results.md. ``--models`` limits the
opponent models (the MCTS bot's games cost most). ``--play clear`` plays out only the positions whose verdict
is one of :data:`CLASSES` (the verdicts that claim a best move), the others counted as analysed: a run can then
analyse many positions and spend its games where the verdict claims something. ``--log FILE`` keeps one line a
position, so a run stopped and started again with the same arguments goes on where it stopped (a log of other
arguments is refused).

    python -m benchmarks.strength.verdict_holds --positions 300 --seed 562103 --games 200 --play clear \\
        --log verdict-holds-562103.jsonl --record benchmarks/results/strength/24-verdict-holds-population.json
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from tqdm import tqdm

from benchmarks.strength.record import append_log, resume_log, write_record
from benchmarks.strength.advisor import LEAGUE_BOTS, CoreLeagueBot
from benchmarks.strength.quick_vs_deep import _Watcher
from pennypress.engine import native, new_game
from pennypress.engine.advisor.answer import advise
from pennypress.engine.advisor.bot import decision_seed
from pennypress.engine.arena.population import Population, play_out, population
from pennypress.engine.io.state import PublicState
from pennypress.engine.play.match import play_match
from pennypress.engine.puzzles.population_certificate import PopulationCertificate, cell_of
from pennypress.engine.puzzles.positions import read_move
from pennypress.errors import BadInput
from pennypress.stats import wilson
from pennypress.ui.render.verdict import verdict

PLAYERS = 3
BUDGET = "normal"
SEEDS = 2 ** 32


def positions(count: int, seed: int) -> list[PublicState]:
    """One decision of normal play with a choice from each of ``count`` seeded 3-player league games."""
    out = []
    for g in tqdm(range(count), desc="games", unit="game", file=sys.stderr, leave=False):
        deal = seed * 1000 + g
        rng = random.Random(deal)
        seats = [CoreLeagueBot(rng.choice(LEAGUE_BOTS)(deal * 10 + i), deal * 10 + i) for i in range(PLAYERS)]
        seen: list[PublicState] = []
        play_match(new_game(PLAYERS, seed=deal), [_Watcher(b, seen) for b in seats], seed=deal)
        out.append(seen[rng.randrange(len(seen))])
    return out


def analyse(view: PublicState, workers: int) -> dict:
    """The verdict at Thorough on ``view`` and its two first moves."""
    advice = advise(view, BUDGET, seed=decision_seed(0, view.ply), workers=workers, reasons_top=0, lines=False)
    said = verdict(advice, PLAYERS)
    return {"clarity": said.clarity if said.clarity in CLASSES else "other", "best": advice.moves[0].move,
            "second": advice.moves[1].move}


def play(view: PublicState, row: dict, pop: Population, games: int, seed: int, workers: int) -> dict:
    """``row`` (:func:`analyse`) with its two moves played out under every cell of ``pop``: whether the first held
    (no cell significantly prefers the second) and was better against every model, and the cells reversing it."""
    best, second = row["best"], row["second"]
    cells = tuple(cell_of(play_out(view, (read_move(view, best), read_move(view, second)), o, m, games, seed,
                                   workers)) for o, m in pop.cells())
    cert = PopulationCertificate(best, second, seed, cells)
    return {**row, "held": not cert.reversed_by(),
            "better": all(cert.significant) and all(c.advantage > 0 for c in cells),
            "reversed_by": [f"{c.opponent}/{c.mover}" for c in cert.reversed_by()]}


CLASSES = ("clearly ahead in this analysis", "clearly the best", "probably the best")
"""The verdict's classes this benchmark tells apart; the rest (close calls, ties, one legal move) are "other"."""


def table(rows: list[dict]) -> str:
    """Per verdict class: positions analysed, those played out, and of them how many held and were better."""
    lines = ["| the verdict said | positions | played out | held against every model (95%) | "
             "better against every model (95%) |", "|---|---:|---:|---|---|"]
    for clarity in (*CLASSES, "other"):
        mine = [r for r in rows if r["clarity"] == clarity]
        if not mine:
            continue
        played = [r for r in mine if "held" in r]
        if not played:
            lines.append(f"| {clarity} | {len(mine)} | 0 | | |")
            continue
        held, better = sum(r["held"] for r in played), sum(r["better"] for r in played)
        (hl, hh), (bl, bh) = wilson(held / len(played), len(played)), wilson(better / len(played), len(played))
        lines.append(f"| {clarity} | {len(mine)} | {len(played)} | {held} ({100 * hl:.0f}–{100 * hh:.0f}%) | "
                     f"{better} ({100 * bl:.0f}–{100 * bh:.0f}%) |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40, help="positions, one a game (default 40)")
    ap.add_argument("--seed", type=int, default=562102, help="seed of the games (default 562102, never used before)")
    ap.add_argument("--games", type=int, default=200, help="games a cell for each move (default 200)")
    ap.add_argument("--models", default=None, help="only these opponent models, comma-separated (default all)")
    ap.add_argument("--workers", type=int, default=2, help="threads (default 2; any number gives the same figures)")
    ap.add_argument("--play", choices=("all", "clear"), default="all",
                    help="play out every position (all, the default) or only those whose verdict claims a best "
                         "move (clear)")
    ap.add_argument("--log", type=Path, help="one line a position: a run started again goes on where it stopped")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    pop = population()
    try:
        if args.positions < 1 or args.games < 2 or args.workers < 1:
            raise BadInput("--positions at least 1, --games at least 2, --workers at least 1")
        if not 0 <= args.seed < SEEDS:
            raise BadInput(f"--seed must be from 0 to 2**32 - 1, got {args.seed}")
        if args.models:
            wanted = args.models.split(",")
            unknown = [m for m in wanted if m not in pop.opponents]
            if unknown:
                raise BadInput(f"--models: not an opponent model: {', '.join(unknown)}")
            pop = Population(tuple(m for m in pop.opponents if m in wanted), pop.movers)
        for flag, path in (("--record", args.record), ("--log", args.log)):
            if path is not None and not path.parent.is_dir():
                raise BadInput(f"{flag} {path}: no folder {path.parent}")
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
    except BadInput as e:
        print(f"verdict_holds: {e}", file=sys.stderr)
        return 2
    header = {"log": "verdict-holds", "positions": args.positions, "seed": args.seed, "games": args.games,
              "models": list(pop.opponents), "movers": list(pop.movers), "play": args.play}
    try:
        done = resume_log(args.log, header, "verdict_holds") if args.log is not None else {}
    except BadInput as e:
        print(f"verdict_holds: {e}", file=sys.stderr)
        return 2
    rows = []
    views = positions(args.positions, args.seed)
    for i, view in enumerate(tqdm(views, desc="positions", unit="position", file=sys.stderr)):
        row = done.get(i)
        if row is None:
            row = analyse(view, args.workers)
            if args.play == "all" or row["clarity"] in CLASSES:
                row = play(view, row, pop, args.games, args.seed * 1000 + i, args.workers)
            append_log(args.log, i, row)
        rows.append(row)
    print(table(rows))
    if args.record is not None:
        write_record(args.record, "verdict_holds", argv,
                     title="The analysis board's verdict at Thorough, played out against the population",
                     seed=args.seed, table=table(rows), positions=rows,
                     note=(f"{len(rows)} positions of normal play, one from each of seeded 3-player league games; "
                           f"the verdict of `advise --budget normal`; its first two moves played out "
                           f"{args.games} times " + ("" if args.play == "all" else
                              "(only where the verdict claims a best move: clearly ahead, or probably the best) ")
                           + f"against each of {', '.join(pop.opponents)}, with each of "
                           f"{', '.join(pop.movers)} playing the player's own later moves. Held: no model "
                           "significantly prefers the second move (one-sided 99%); better: the first move "
                           "significantly better against every model (Holm at 1%)."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
