"""Would more searching opponents settle the leave-one-out check of the mined timing puzzles?

The mined puzzles' leave-one-out check (docs/results.md, "Timing puzzles found by full games first") finds
answers that every model but the MCTS bot certifies and the MCTS bot reverses: the population's one opponent
that searches punishes a wait the others do not. A population with more searchers might catch those answers
without the MCTS bot -- or each new searcher might reverse answers of its own. This benchmark measures both:
MCTS bots of other budgets (``--iterations``, the league's MCTS with only its iteration count changed; the
population's own plays 200) play, with each mover, the two moves of

- every candidate of the mining log that every model but the MCTS bot certifies and the MCTS bot reverses
  (the check's failures), and
- a seeded sample of the certified puzzles (``--sample`` of them, drawn by ``--seed``),

on each candidate's own certificate seed, ``--games`` games a cell. Per budget it counts the failures it would
keep from certification or reverse (either settles the check for the MCTS bot), and the certified answers it
would itself reverse (a new leave-one-out failure, its own) or keep from certification.

    python -m benchmarks.strength.searcher_budgets --iterations 50,400 --games 300 --sample 30 --seed 562104 \\
        --record benchmarks/results/strength/25-searcher-budgets.json
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from tqdm import tqdm

from benchmarks.mined_results import split
from benchmarks.strength.record import write_record
from pennypress.engine import native
from pennypress.engine.arena.population import play_out
from pennypress.engine.arena.seats import SEATS, register_seat
from pennypress.engine.io.state import public_view
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.play.league.mcts import MctsBot, MctsSettings
from pennypress.engine.puzzles.population_certificate import PopulationCertificate, cell_of
from pennypress.engine.puzzles.population_mining import LAST, game_candidates, population_plan
from pennypress.engine.puzzles.positions import read_move
from pennypress.errors import BadInput

LOG = Path("benchmarks/results/puzzles/mined/mine-seed-55.jsonl")
RUN_SEED = 55
SEARCHER = LAST[0]
MOVERS = ("value", "evaluator")


def seat(iterations: int) -> str:
    """The seat name of the MCTS bot with ``iterations`` (registered for this run)."""
    name = f"mcts-{iterations}"
    if name not in SEATS:
        register_seat(name, lambda seed=0: MctsBot(seed, MctsSettings(iterations=iterations)),
                      label=f"MCTS ({iterations} iterations)", words=f"the MCTS bot of {iterations} iterations",
                      tournament=False)  # not marked population: the registry's population stays the shipped one
    return name


def groups(docs: list[dict], sample: int, seed: int) -> tuple[list[dict], list[dict]]:
    """The leave-one-out failures of :data:`SEARCHER` and a seeded sample of the certified candidates."""
    failures = [doc for doc in docs if "puzzle" not in doc and (s := split(doc, SEARCHER)) is not None
                and s.certified_without and s.reversed]
    certified = [doc for doc in docs if "puzzle" in doc]
    return failures, random.Random(seed).sample(certified, min(sample, len(certified)))


def judged(doc: dict, name: str, games: int, threads: int) -> str:
    """``keeps``, ``reverses`` or ``certifies``: the candidate's answer against ``name`` with each mover."""
    cert = PopulationCertificate.from_json(doc["population"])
    state = dict(game_candidates(population_plan(RUN_SEED, doc["game"])))[doc["ply"]]
    view = from_text(to_text(public_view(state)))
    moves = (read_move(view, cert.answer), read_move(view, cert.rival))
    cells = tuple(cell_of(play_out(view, moves, name, mover, games, cert.seed, threads)) for mover in MOVERS)
    own = PopulationCertificate(cert.answer, cert.rival, cert.seed, cells)
    return "reverses" if own.reversed_by() else "certifies" if own.certified else "keeps"


def table(rows: dict[str, dict[str, list[str]]], failures: int, sample: int) -> str:
    lines = ["| opponent | the MCTS bot's failures it settles (keeps / reverses) | "
             "certified answers it reverses (its own failures) | certified answers it keeps from certification |",
             "|---|---|---:|---:|"]
    for name, got in rows.items():
        f, s = got["failures"], got["sample"]
        lines.append(f"| {SEATS[name].words} | {f.count('keeps') + f.count('reverses')} of {failures} "
                     f"({f.count('keeps')} / {f.count('reverses')}) | {s.count('reverses')} of {sample} | "
                     f"{s.count('keeps')} of {sample} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", default="50,400", help="the MCTS budgets, comma-separated (default 50,400)")
    ap.add_argument("--games", type=int, default=300, help="games a cell (default 300, the certificate's)")
    ap.add_argument("--sample", type=int, default=30, help="certified puzzles sampled (default 30)")
    ap.add_argument("--seed", type=int, default=562107,
                    help="the sample's seed (default 562107, never used before)")
    ap.add_argument("--threads", type=int, default=1, help="threads (any number gives the same figures)")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    try:
        budgets = [int(b) for b in args.iterations.split(",")]
        if not budgets or any(b < 1 for b in budgets) or args.games < 2 or args.sample < 0 or args.threads < 1:
            raise BadInput("--iterations: whole numbers of at least 1; --games at least 2; --sample at least 0; "
                           "--threads at least 1")
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
    except BadInput as e:  # before ValueError, which it is
        print(f"searcher_budgets: {e}", file=sys.stderr)
        return 2
    except ValueError:
        print(f"searcher_budgets: --iterations: whole numbers separated by commas, got {args.iterations!r}",
              file=sys.stderr)
        return 2
    docs = [json.loads(line) for line in LOG.read_text(encoding="utf-8").splitlines() if line.strip()]
    failures, sample = groups(docs, args.sample, args.seed)
    rows: dict[str, dict[str, list[str]]] = {}
    candidates = [("failures", d) for d in failures] + [("sample", d) for d in sample]
    for budget in budgets:
        name = seat(budget)
        got: dict[str, list[str]] = {"failures": [], "sample": []}
        for group, doc in tqdm(candidates, desc=name, unit="candidate", file=sys.stderr):
            got[group].append(judged(doc, name, args.games, args.threads))
        rows[name] = got
    text = table(rows, len(failures), len(sample))
    print(text)
    if args.record is not None:
        write_record(args.record, "searcher_budgets", argv,
                     title="More searching opponents and the mined puzzles' leave-one-out check", seed=args.seed,
                     table=text,
                     note=(f"The {len(failures)} candidates of {LOG} that every model but the MCTS bot certifies and "
                           f"the MCTS bot reverses, and {len(sample)} of the certified puzzles drawn by the seed, "
                           f"played {args.games} times a cell on each certificate's own seed against MCTS bots of "
                           f"{', '.join(map(str, budgets))} iterations (the population's plays 200), with each of "
                           f"{', '.join(MOVERS)} playing the player's own later moves. A failure is settled when the "
                           "new searcher keeps the answer from certification or reverses it; a certified answer "
                           "it reverses would be a leave-one-out failure of its own."),
                     candidates={name: {g: [{"game": d["game"], "ply": d["ply"], "result": r}
                                            for d, r in zip(failures if g == "failures" else sample, got[g])]
                                        for g in ("failures", "sample")} for name, got in rows.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
