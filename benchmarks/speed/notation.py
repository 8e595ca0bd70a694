"""Benchmark of the one-line notation (``engine/notation/text.py``), against the JSON format in the same run.

Over the positions of seeded random self-play games (2-5 players, both
variants, every phase), per position, best of ``--repeat`` runs:

- **to_text** and **state_to_json** (writing);
- **from_text** (read the line, fill in the rest, validate) and, within it,
  **read_notation** alone (the text to a document) and the validation of that
  document (``load_position``); **JSON load** (``json.loads`` + ``load_position``
  of the compact JSON) for comparison;
- **from_text without drawn cards** (adds the drawn-card choice).

Medians and p99 in microseconds, ratios of medians, and the text's size:
characters of the line against the compact JSON.

    python -m benchmarks.speed.notation [--games N] [--repeat R] [--seed S] [--json]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from pennypress.engine import GameDefinition, new_game
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.io.codec import state_to_json
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.notation.reader import read_notation
from pennypress.engine.io.validate import load_position
from benchmarks.speed.report import upper_percentile


def positions(games: int, seed: int, every: int = 4):
    rng = random.Random(seed)
    out = []
    for g in range(games):
        players = 2 + g % 4
        variants = ["newsboy"] if players >= 4 and g % 2 else []
        s = new_game(GameDefinition.create(players, variants), seed=rng.getrandbits(32))
        bot = RandomBot(g)
        k = 0
        while True:
            if k % every == 0 or s.phase.value != "normal":
                out.append(s.clone())
            if s.is_over:
                break
            s.play(bot.choose(s))
            k += 1
    return out


def timed(cases: dict, count: int, repeat: int) -> dict[str, list[float]]:
    """Best-of-``repeat`` microseconds per item for each ``name: (fn, items)``, interleaved item by item
    (every measure of one position is taken at about the same moment, so load on the machine
    shifts them together and the ratios hold)."""
    per: dict[str, list[float]] = {name: [] for name in cases}
    for i in range(count):
        for name, (fn, items) in cases.items():
            best = float("inf")
            for _ in range(repeat):
                t = time.perf_counter()
                fn(items[i])
                best = min(best, time.perf_counter() - t)
            per[name].append(best * 1e6)
    return per


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)

    states = positions(args.games, args.seed)
    lines = [to_text(s) for s in states]
    bare = [to_text(s, cards=False) for s in states]
    docs = [read_notation(line) for line in lines]
    texts = [json.dumps(state_to_json(s), separators=(",", ":")) for s in states]
    figures = timed({
        "to_text": (to_text, states),
        "state_to_json": (state_to_json, states),
        "from_text": (from_text, lines),
        "read_notation": (read_notation, lines),
        "validate (load_position)": (load_position, docs),
        "json load": (lambda t: load_position(json.loads(t)), texts),
        "from_text without drawn": (from_text, bare),
    }, len(states), args.repeat)
    med = {k: statistics.median(v) for k, v in figures.items()}
    sizes = {"line": [len(x) for x in lines], "line without drawn": [len(x) for x in bare],
             "compact JSON": [len(x) for x in texts]}
    report = {
        "positions": len(states),
        "phases": {p: sum(1 for s in states if s.phase.value == p) for p in ("normal", "final-turns", "final-presses", "over")},
        "microseconds": {k: {"median": round(med[k], 1), "p99": round(upper_percentile(v, 0.99), 1)}
                         for k, v in figures.items()},
        "ratios": {
            "from_text / json load": round(med["from_text"] / med["json load"], 2),
            "validation share of from_text": round(med["validate (load_position)"] / med["from_text"], 2),
            "to_text / state_to_json": round(med["to_text"] / med["state_to_json"], 2),
            "without drawn / with": round(med["from_text without drawn"] / med["from_text"], 2),
        },
        "characters": {k: {"median": statistics.median(v), "max": max(v)} for k, v in sizes.items()},
        "line / compact JSON (median)": round(statistics.median(sizes["line"]) / statistics.median(sizes["compact JSON"]), 3),
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
        return 0
    print(f"{report['positions']} positions from {args.games} random self-play games: {report['phases']}")
    for k, v in report["microseconds"].items():
        print(f"  {k:26s} median {v['median']:9.1f} µs   p99 {v['p99']:9.1f} µs")
    for k, v in report["ratios"].items():
        print(f"  {k:32s} {v}")
    for k, v in report["characters"].items():
        print(f"  {k:20s} median {v['median']:7.0f} characters, max {v['max']}")
    print(f"  line / compact JSON (median)     {report['line / compact JSON (median)']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
