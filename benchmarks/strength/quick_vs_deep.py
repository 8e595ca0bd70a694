"""How far the quick answer is from the deep one: Quick's pick judged by Deep, over seeded held-out positions.

Positions come from seeded games of 3 and 4 players on the native core, half of them league games (the
``evaluator``, ``timer`` and ``mcts`` bots) and half with ``advisor:fast`` in one seat against league bots;
one decision a game is kept, drawn by the game's seed among the decisions of normal play with more than one
legal move, whoever makes it. None of these positions is used to train or tune anything (``--seed`` is a
seed the ledger does not list).

At each position ``advise`` runs at ``fast`` (Quick) and at ``deep`` (Deep, its second ply included), on the
public position, with the seed a game's advisor would use. Then:

- **agreement**: Quick's pick is Deep's first move, or a move Deep cannot tell from it (``equal_to_best``);
- **loss**: what Quick's pick gives up of Deep's chance to win against Deep's first move, in Deep's own terms:
  where Deep's second ply opened both moves, the difference of the chances kept after the next player's own
  answer (the figure Deep ranks them by); otherwise Deep's paired loss for the pick (``loss``).

It prints a row per position and the summary (agreement, the mean and the 90th percentile of the loss, the
seconds each budget took); ``--record FILE`` writes the summary as a strength record for docs/results.md.

``--quick`` judges other candidates for Quick against the same Deep, position by position (a comma-separated
list; the first is the one recorded): a named budget with ``+`` parts, ``replies=N`` (a second ply opening the
analysis's first N moves; 0: the analysis alone), ``reply-cap=C`` (each reply's search at most C playouts) and
``cap=C`` (the analysis's cap), e.g. ``fast+replies=3+reply-cap=1000``; ``fast+replies=0`` is Quick as it was
before it weighed the reply.

    python -m benchmarks.strength.quick_vs_deep --positions 64 --seed 562202 --workers 2 \\
        --quick fast,fast+replies=0 --record benchmarks/results/strength/15-quick-vs-deep.json
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Sequence
from datetime import date
from pathlib import Path

from tqdm import tqdm

from benchmarks.speed.__main__ import commit  # the commit a record was measured on (+ if the tree had changes)
from benchmarks.speed.report import percentile
from benchmarks.strength.advisor import LEAGUE_BOTS, CoreLeagueBot
from pennypress.engine import native, new_game
from pennypress.engine.advisor.answer import advise
from pennypress.engine.advisor.bot import AdvisorBot, decision_seed
from pennypress.engine.advisor.budget import Budget, budget_for
from pennypress.engine.advisor.result import Advice
from pennypress.engine.game.words import move_words
from pennypress.engine.io.state import PublicState
from pennypress.engine.play.match import play_match
from pennypress.engine.position.position import Phase
from pennypress.errors import BadInput

TABLES = (3, 4)
QUICK, DEEP = "fast", "deep"
SEEDS = 2 ** 32
"""``--seed`` below this (the games' deals are made from it)."""


@dataclass(frozen=True)
class Judged:
    """One position: Quick's pick, Deep's first move, whether they agree and what the pick gives up."""

    players: int
    source: str
    quick: str
    deep: str
    agree: bool
    loss: float
    quick_seconds: float
    deep_seconds: float


class _Watcher:
    """Wraps a seat's bot and keeps the public positions of normal play with a choice, in order."""

    def __init__(self, bot, seen: list[PublicState]):
        self.bot, self.seen, self.name = bot, seen, getattr(bot, "name", "bot")

    def choose(self, view: PublicState):
        if view.phase is Phase.NORMAL and len(view.legal_moves()) > 1:
            self.seen.append(view.clone())
        return self.bot.choose(view)


def positions(count: int, seed: int, workers: int) -> list[tuple[int, str, PublicState]]:
    """``count`` positions ``(players, source, view)``: game ``g`` seats ``TABLES[g % 2]`` players, a league game
    when ``g // 2`` is even, else ``advisor:fast`` in seat ``g % players``; one decision kept, drawn by its seed."""
    out = []
    for g in tqdm(range(count), desc="games", unit="game", file=sys.stderr, leave=False):
        players, deal = TABLES[g % 2], seed * 1000 + g
        rng = random.Random(deal)
        seats = [CoreLeagueBot(rng.choice(LEAGUE_BOTS)(deal * 10 + i), deal * 10 + i) for i in range(players)]
        source = "league"
        if (g // 2) % 2:
            seats[g % players] = AdvisorBot(seed=deal, budget=QUICK, workers=workers)
            source = "advisor"
        seen: list[PublicState] = []
        play_match(new_game(players, seed=deal), [_Watcher(b, seen) for b in seats], seed=deal)
        out.append((players, source, seen[rng.randrange(len(seen))]))
    return out


def deep_figure(deep: Advice, move: str) -> tuple[float | None, bool]:
    """Deep's chance for ``move`` as it ranks it and shows it (after the answer where its second ply weighed the
    move), and whether that figure is one kept after an answer."""
    row = deep.find(move)
    return row.win_probability, row.weighed


def candidate(spec: str, flag: str = "--quick") -> Budget:
    """The budget a ``--quick`` spec names (module docstring); :class:`BadInput` naming the problem (under
    ``flag``: other benchmarks take the same specs)."""
    name, *parts = spec.split("+")
    try:
        base = budget_for(name)
    except BadInput as e:
        raise BadInput(f"{flag} {spec!r}: {e}") from None
    fields: dict[str, int] = {}
    for part in parts:
        key, _, value = part.partition("=")
        if (key not in ("replies", "reply-cap", "cap") or not value.isdigit() or key in fields
                or int(value) < (0 if key == "replies" else 1)):
            raise BadInput(f"{flag} {spec!r}: {part!r} is not replies=N, reply-cap=C or cap=C (each once, N a "
                           "whole number, C one of at least 1)")
        fields[key] = int(value)
    reply = base.reply_budget
    if "reply-cap" in fields:
        reply = Budget(f"reply cap {fields['reply-cap']}", cap=fields["reply-cap"], python_cap=fields["reply-cap"])
    try:
        return Budget(spec, cap=fields.get("cap", base.cap), python_cap=base.python_cap,
                      replies=fields.get("replies", base.replies), reply_budget=reply)
    except BadInput as e:
        raise BadInput(f"{flag} {spec!r}: {e}") from None


def said(spec: str) -> str:
    """A candidate as the record's note names it."""
    return f"`{spec}`" + (" (the analysis alone: Quick before it weighed the reply)"
                          if candidate(spec).reply_plan() is None else "")


def judge(view: PublicState, workers: int, quicks: Sequence[Budget] = (budget_for(QUICK),)
          ) -> tuple[str, float, list[tuple[str, bool, float, float]]]:
    """Deep's first move in ``view`` and its seconds, and for each candidate for Quick its pick, whether Deep
    agrees, what the pick gives up of Deep's chance (Deep's own terms) and the candidate's seconds."""
    seed = decision_seed(0, view.ply)
    t = time.perf_counter()
    deep = advise(view, DEEP, seed=seed, workers=workers, reasons_top=0, lines=False)
    deep_s = time.perf_counter() - t
    best = deep.best
    judged = []
    for plan in quicks:
        t = time.perf_counter()
        quick = advise(view, plan, seed=seed, workers=workers, reasons_top=0, lines=False).best.move
        quick_s = time.perf_counter() - t
        row = deep.find(quick)
        agree = quick == best.move or row.equal_to_best
        (mine, after), (top, top_after) = deep_figure(deep, quick), deep_figure(deep, best.move)
        # Deep's own loss: after the answers where it weighed both moves, else on its analysis's playouts
        loss = 0.0 if quick == best.move else (max(0.0, top - mine) if after and top_after else row.loss or 0.0)
        judged.append((quick, agree, loss, quick_s))
    return best.move, deep_s, judged


def summary(judged: list[Judged]) -> dict:
    losses = [j.loss for j in judged]
    agree = sum(j.agree for j in judged)
    return {"positions": len(judged), "agree": agree, "agreement": agree / len(judged),
            "mean_loss": math.fsum(losses) / len(losses), "p90_loss": percentile(losses, 0.9),
            "max_loss": max(losses),
            "quick_seconds_median": statistics.median(j.quick_seconds for j in judged),
            "deep_seconds_median": statistics.median(j.deep_seconds for j in judged),
            "by_table": {str(n): sum(j.agree for j in judged if j.players == n) for n in TABLES}}


def table(s: dict, others: dict[str, dict] | None = None) -> str:
    """The summary as a Markdown table; with ``others`` (candidate -> summary) a column for each beside it."""
    others = others or {}
    head = "| measure | positions | figure | " + "".join(f"`{spec}` | " for spec in others) + "goal (#56) |"

    def line(measure: str, cell, goal: str = "") -> str:
        return (f"| {measure} | {s['positions']} | {cell(s)} | " + "".join(f"{cell(o)} | " for o in others.values())
                + f"{goal} |")

    return "\n".join([
        head, "|---|---|---|" + "---|" * len(others) + "---|",
        line("Quick's pick is Deep's best or equal to it",
             lambda x: f"**{x['agreement']:.1%}** ({x['agree']} of {x['positions']})", "≥ 85%"),
        line("loss of Deep's chance to win, mean", lambda x: f"{100 * x['mean_loss']:.1f} points"),
        line("loss, 90th percentile", lambda x: f"{100 * x['p90_loss']:.1f} points", "≤ 2 points"),
        line("loss, largest", lambda x: f"{100 * x['max_loss']:.1f} points"),
        line("seconds a position (median): Quick, Deep",
             lambda x: f"{x['quick_seconds_median']:.2f} s, {x['deep_seconds_median']:.1f} s")])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=64, help="positions, one a game (default 64)")
    ap.add_argument("--seed", type=int, default=562001, help="seed of the games (default 562001, never used before)")
    ap.add_argument("--workers", type=int, default=2,
                    help="the searches' threads (default 2; any number gives the same picks)")
    ap.add_argument("--quick", default=QUICK,
                    help=f"comma-separated candidates for Quick, judged against the same Deep (default {QUICK}; "
                         "the first is recorded; module docstring)")
    ap.add_argument("--record", type=Path, help="write the summary as a strength record (JSON) to this file")
    args = ap.parse_args(argv)
    try:
        if args.positions < 2:
            raise BadInput(f"--positions must be at least 2, got {args.positions}")
        if not 0 <= args.seed < SEEDS:
            raise BadInput(f"--seed must be from 0 to 2**32 - 1, got {args.seed}")
        if args.workers < 1:
            raise BadInput(f"--workers must be at least 1, got {args.workers}")
        specs = args.quick.split(",")
        if len(set(specs)) < len(specs):
            raise BadInput(f"--quick {args.quick!r}: a candidate is named twice")
        quicks = [candidate(spec) for spec in specs]
        if args.record is not None and not args.record.parent.is_dir():
            raise BadInput(f"--record {args.record}: no folder {args.record.parent}")
        if not native.available():
            raise BadInput("the native core is not built: python3 run.py build")
    except BadInput as e:
        print(f"quick_vs_deep: {e}", file=sys.stderr)
        return 2
    judged: dict[str, list[Judged]] = {spec: [] for spec in specs}
    rows = []
    print("| # | players | from | Quick | Deep | agree | loss |\n|---|---|---|---|---|---|---|")
    for i, (players, source, view) in enumerate(positions(args.positions, args.seed, args.workers)):
        deep, deep_s, picks = judge(view, args.workers, quicks)
        for spec, (quick, agree, loss, quick_s) in zip(specs, picks):
            judged[spec].append(Judged(players, source, quick, deep, agree, loss, quick_s, deep_s))
        quick, agree, loss, _ = picks[0]
        rows.append(f"| {i + 1} | {players} | {source} | {move_words(quick)} | {move_words(deep)} | "
                    f"{'yes' if agree else 'no'} | {100 * loss:.1f} |")
        print(rows[-1] + "".join(f" {spec}: {'yes' if a else 'no'} {100 * l:.1f} |"
                                 for spec, (_, a, l, _) in list(zip(specs, picks))[1:]), flush=True)
    summaries = {spec: summary(js) for spec, js in judged.items()}
    s = summaries[specs[0]]
    others = {spec: summaries[spec] for spec in specs[1:]}
    print(f"\nQuick as {specs[0]}" + (f", beside {', '.join(others)}" if others else "") + ":\n" + table(s, others))
    if args.record is not None:
        command = "python -m benchmarks.strength.quick_vs_deep " + " ".join(
            a for a in (argv if argv is not None else sys.argv[1:]))
        record = {"title": "Quick against Deep: how much of Deep's chance to win Quick's pick gives up",
                  "command": command, "seed": args.seed, "commit": commit(), "date": date.today().isoformat(),
                  "note": (f"{s['positions']} positions of normal play, one a game, from seeded games of 3 and 4 "
                           "players (half league games, half with advisor:fast in a seat), never used for training. "
                           f"Quick is `advise --budget {specs[0]}`, Deep `--budget deep` with its second ply; the "
                           "loss is in Deep's own terms (after the next player's answer where Deep opened both moves)."
                           + (f" Beside it, on the same positions: {', '.join(map(said, others))}."
                              if others else "")),
                  "table": table(s, others), "summary": s, "positions": rows, "candidates": others}
        args.record.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
