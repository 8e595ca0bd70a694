"""Tune the value model's win weights by SPSA for play against the league, on the native core (reproducible).

The value model (``engine/advisor/value.py``) is fitted to the outcomes of games
(``benchmarks/training/train_value.py``): a good fit of who wins is not the best ranking of
moves (``docs/lab/value.md``), and the advisor ranks moves by it -- its playouts stop
three moves on and read the model. This script moves the fitted win weights of one
player count towards the ranking that wins, with the SPSA of ``benchmarks/training/tune_playout.py``
(the same gains, averaging, seeds and common random numbers):

- **Parameters.** One number ``theta_f`` a feature that tells newspapers apart
  (every feature but the constant ``one``, which cancels in the softmax):
  ``W[a][f] = W_fit[a][f] + theta_f * rms_f`` at every progress anchor ``a``,
  where ``rms_f`` is the root mean square of the fitted weights of ``f`` over the
  anchors -- a step of 1 moves a feature's weight by its typical size, and the
  shape over the game's progress stays the fitted one. ``|theta_f| <= 3``.
- **Objective.** The win share of the **value bot** (``ValueBot``: the model one
  move ahead, the advisor's ``value`` playout policy) with the candidate model,
  over the games of ``--mix`` against the league and the heuristic bot -- tuned
  *against* those opponents, never *using* them: no league code runs in the
  advisor (``tests/test_layers.py``).
- **The end of the game.** With ``--exact-final`` (at tables of up to
  ``EXACT_END_UP_TO`` players) the value bot plays its final-edition decisions
  by the exact search (``Policy.exact_final``), as the search's playouts do:
  the weights are tuned for normal play by a player who ends well. The
  opponents play as they are.
- **Start.** The fitted rows: from the file's ``obtained.tuned[n].fitted_win``
  when it was tuned before (so a rerun reproduces the file), else its win rows.

``--out`` writes the value-model file with the tuned win rows for that player
count and, under ``obtained.tuned["<n>"]``, the fitted rows, ``theta``, ``rms``,
the command and the games -- the held-out figures under ``obtained.held_out``
describe the fitted model. The shipped model: ``benchmarks/training/train_value.py`` then

    python -m benchmarks.training.tune_value --players 3 --iterations 1500 --seed 9300 \\
        --out engine/advisor/value_model.json
    python -m benchmarks.training.tune_value --players 2 --iterations 1500 --seed 9302 \\
        --out engine/advisor/value_model.json

(``docs/lab/value.md`` has the runs). The same command gives the same file on any
number of threads (``tests/core/test_core_tune_value.py``).

``--compare BLOCKS`` plays, on a held-out ``--seed``, the file's fitted value bot
against its tuned one -- or, with ``--against OTHER``, the value bot of
``OTHER`` against the file's, each as it plays -- on the same decks, and
prints each matchup's win shares and the paired difference of the objective
over the blocks (95%).
"""
from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any, Sequence

from benchmarks.training.tune_playout import Arena, Space, parse_mix, run_record, spsa

from pennypress.engine import native
from pennypress.engine.advisor.policy import JITTER, MARGIN_WEIGHT, PLAYOUT, VALUE_NOISE
from pennypress.engine.advisor.settings import EXACT_END_UP_TO
from pennypress.engine.advisor.stats import paired
from pennypress.engine.advisor.value import FEATURES, MODEL_FILE, load_model
from pennypress.engine.native.search import core_weights, exact_final_policy, value_model

BOUND = 3.0
"""``|theta_f|`` never exceeds this (three typical weights of the feature)."""
FREE = tuple(i for i, name in enumerate(FEATURES) if name != "one")
"""The features tuned: every one but the constant, which is the same for every newspaper."""
MIXES = {
    3: "evaluator,evaluator@40;timer,timer@10;heuristic,heuristic@10;mcts,mcts@1",
    2: "evaluator@40;timer@10;heuristic@10;mcts@1",
}
"""The default matchups per player count: mostly the strongest league bot, some of the others."""


def shipped_document() -> dict:
    """The value-model file as the package holds it."""
    return json.loads(resources.files("pennypress.engine.advisor").joinpath(MODEL_FILE).read_text(encoding="utf-8"))


def fitted_win(doc: dict, players: int) -> list[list[float]]:
    """The fitted (untuned) win rows of ``players`` in a value-model document."""
    tuned = (doc.get("obtained") or {}).get("tuned", {}).get(str(players))
    return [list(r) for r in (tuned["fitted_win"] if tuned else doc["models"][str(players)]["win"])]


def rms_of(rows: Sequence[Sequence[float]]) -> list[float]:
    """Each feature's root mean square weight over the anchors (1 where all are 0).

    >>> rms_of([[3.0, 0.0], [4.0, 0.0]])
    [3.5355339059327378, 1.0]
    """
    return [math.sqrt(sum(r[f] ** 2 for r in rows) / len(rows)) or 1.0 for f in range(len(rows[0]))]


def tuned_rows(fitted: Sequence[Sequence[float]], theta: Sequence[float], rms: Sequence[float]) -> list[list[float]]:
    """The win rows at ``theta`` (one number per feature of :data:`FREE`; 0 gives ``fitted``).

    >>> tuned_rows([[1.0] * len(FEATURES)], [0.5] + [0.0] * (len(FREE) - 1), [2.0] * len(FEATURES))[0][:2]
    [2.0, 1.0]
    """
    step = [0.0] * len(FEATURES)
    for i, t in zip(FREE, theta, strict=True):
        step[i] = t * rms[i]
    return [[w + s for w, s in zip(row, step)] for row in fitted]


def value_space(doc: dict, players: int, exact_final: bool = False) -> Space:
    """The candidates: the value bot (the advisor's ``value`` playout policy) with the win rows at ``theta``,
    its final edition played by the exact search when ``exact_final``."""
    core = native.core_module()
    fitted = fitted_win(doc, players)
    rms = rms_of(fitted)
    anchors = list(doc["anchors"])
    rows = {int(n): ([list(r) for r in m["win"]], [list(r) for r in m["score"]]) for n, m in doc["models"].items()}
    networks = {n: pm.network for n, pm in load_model(json.dumps(doc)).models.items() if pm.network is not None}
    weights = core_weights(PLAYOUT)

    def candidate(theta: Sequence[float]) -> Any:
        models = dict(rows)
        models[players] = (tuned_rows(fitted, theta, rms), rows[players][1])
        model = value_model(anchors, models, networks)  # a table's network, if any, makes its win scores
        bot = core.Policy.value(model, weights, JITTER, MARGIN_WEIGHT, VALUE_NOISE)
        return exact_final_policy(bot) if exact_final else bot

    return Space(len(FREE), BOUND, candidate)


def tuned_document(doc: dict, players: int, theta: Sequence[float], record: dict) -> dict:
    """``doc`` with the win rows of ``players`` at ``theta`` and how they were obtained (``load_model`` reads it)."""
    fitted = fitted_win(doc, players)
    rms = rms_of(fitted)
    out = json.loads(json.dumps(doc))
    out["models"][str(players)]["win"] = tuned_rows(fitted, theta, rms)
    obtained = out.setdefault("obtained", {})
    obtained.setdefault("tuned", {})[str(players)] = {
        **record, "features": [FEATURES[i] for i in FREE], "theta": list(theta), "rms": rms, "fitted_win": fitted}
    load_model(json.dumps(out))  # the file it writes is one the advisor reads
    return out


def current_rows(doc: dict) -> dict:
    """``doc`` as its value bot plays: its win rows as they stand are the fitted rows (theta 0)."""
    out = json.loads(json.dumps(doc))
    (out.get("obtained") or {}).pop("tuned", None)
    return out


def compare(doc: dict, players: int, mix: Sequence, seed: int, blocks: int, threads: int,
            exact_final: bool = False, against: dict | None = None) -> int:
    """Print two value bots' win shares per matchup on the same games (a held-out seed) and the paired
    difference of their objective, block by block: the fitted and the tuned rows of ``doc``, or with
    ``against`` that file's value bot and ``doc``'s, each as it plays."""
    if against is None:
        record = (doc.get("obtained") or {}).get("tuned", {}).get(str(players))
        if record is None:
            print(f"the model has no tuned {players}-player rows to compare", file=sys.stderr)
            return 2
        space = value_space(doc, players, exact_final)
        labels = ("fitted", "tuned")
        candidates = [space.candidate([0.0] * space.dims), space.candidate(record["theta"])]
    else:
        labels = ("--against", "--model")
        candidates = [value_space(current_rows(d), players, exact_final).candidate([0.0] * len(FREE))
                      for d in (against, doc)]
    arena = Arena(mix, seed, threads)
    won = [[0.0] * len(mix) for _ in range(2)]
    per_block: list[list[float]] = [[], []]
    for k in range(blocks):
        for c, shares in enumerate(arena.shares(k, candidates)):
            per_block[c].append(arena.objective(shares))
            for m, x in enumerate(shares):
                won[c][m] += x / blocks
    ends = "final edition exact" if exact_final else "final edition as the bot plays it"
    print(f"value bot, {players} players, seed {seed}, {ends}: {arena.games} games (each on the same decks)")
    print(f"| matchup | games | {labels[0]} | {labels[1]} |")
    print("|---|---|---|---|")
    for m, matchup in enumerate(mix):
        n = blocks * len(arena.block(0)[m])
        print(f"| {matchup.label} | {n} | {won[0][m]:.1%} | {won[1][m]:.1%} |")
    print(f"| all (weighted by games) | | {arena.objective(won[0]):.1%} | {arena.objective(won[1]):.1%} |")
    d = paired(per_block[1], per_block[0])
    print(f"{labels[1]} minus {labels[0]}, paired over {blocks} blocks: {100 * d.mean:+.1f} points "
          f"({100 * d.low:+.1f} to {100 * d.high:+.1f}, 95%)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, choices=(2, 3, 4, 5), default=3)
    ap.add_argument("--iterations", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=9300, help="training seed: decks and directions (default 9300)")
    ap.add_argument("--mix", help="matchups 'opponents@decks;...' (default per player count: MIXES)")
    ap.add_argument("--c", type=float, default=0.3, help="perturbation size c (theta units; default 0.3)")
    ap.add_argument("--step", type=float, default=0.02, help="first steps' size, for calibrating a (default 0.02)")
    ap.add_argument("--calibrate", type=int, default=8, help="gradient estimates calibrating a (default 8)")
    ap.add_argument("--threads", type=int, default=2, help="the core's threads (results do not depend on it)")
    ap.add_argument("--exact-final", action="store_true",
                    help=f"the value bot plays its final edition by the exact search (up to {EXACT_END_UP_TO} players)")
    ap.add_argument("--model", type=Path, help="the value-model file to start from (default: the shipped one)")
    ap.add_argument("--out", help="write the value-model file with the tuned rows to this path")
    ap.add_argument("--compare", type=int, default=0, metavar="BLOCKS",
                    help="only compare the fitted and the tuned value bot of the file (--model or the shipped one) "
                         "on BLOCKS evaluation blocks of --seed's decks, and stop")
    ap.add_argument("--against", type=Path, metavar="FILE",
                    help="with --compare: the value bot of this value-model file against the one of --model "
                         "(or the shipped one), each as it plays")
    args = ap.parse_args(argv)
    if not native.available():
        print("the native core is not built: python3 run.py test builds it", file=sys.stderr)
        return 2
    bad = next((f"{name} must be {rule}, got {value}" for name, value, ok, rule in (
        ("--iterations", args.iterations, args.iterations >= 1, "at least 1"),
        ("--c", args.c, args.c > 0, "above 0"),
        ("--step", args.step, args.step > 0, "above 0"),
        ("--calibrate", args.calibrate, args.calibrate >= 0, "0 or more"),
        ("--threads", args.threads, args.threads >= 1, "at least 1"),
        ("--compare", args.compare, args.compare >= 0, "0 or more")) if not ok), None)
    if bad:
        print(bad, file=sys.stderr)
        return 2
    if args.exact_final and args.players > EXACT_END_UP_TO:
        print(f"--exact-final: the final edition is solved at tables of up to {EXACT_END_UP_TO} players, "
              f"not {args.players}", file=sys.stderr)
        return 2
    mix_text = args.mix or MIXES.get(args.players)
    if mix_text is None:
        print(f"--mix is needed for {args.players} players (defaults exist for {', '.join(map(str, MIXES))})",
              file=sys.stderr)
        return 2
    mix = parse_mix(mix_text)
    if any(m.players != args.players for m in mix):
        print(f"--mix: every matchup must seat {args.players} players", file=sys.stderr)
        return 2
    try:
        doc = json.loads(args.model.read_text(encoding="utf-8")) if args.model else shipped_document()
        load_model(json.dumps(doc))
    except (OSError, ValueError) as exc:
        print(f"--model: {exc}", file=sys.stderr)
        return 2
    against = None
    if args.against is not None:
        if not args.compare:
            print("--against: give --compare BLOCKS too", file=sys.stderr)
            return 2
        try:
            against = json.loads(args.against.read_text(encoding="utf-8"))
            load_model(json.dumps(against))
        except (OSError, ValueError) as exc:
            print(f"--against: {exc}", file=sys.stderr)
            return 2
    if args.compare:
        return compare(doc, args.players, mix, args.seed, args.compare, args.threads, args.exact_final, against)
    if (doc["models"].get(str(args.players)) or {}).get("network") is not None:
        print(f"--model: its {args.players}-player win scores are a network's; tune_value tunes the linear win rows "
              "(--compare measures a network model)", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, signal.default_int_handler)
    arena = Arena(mix, args.seed, args.threads)
    t0 = time.perf_counter()
    run = spsa(arena, args.iterations, args.seed, args.c, args.step, args.calibrate, space=value_space(doc, args.players, args.exact_final))
    seconds = time.perf_counter() - t0
    if not run.trace:
        print("stopped before the first iteration: nothing to write", file=sys.stderr)
        return 2
    first = run.trace[: min(100, len(run.trace))]
    last = run.trace[-min(100, len(run.trace)):]

    def mean_y(rows: list[dict]) -> float:
        return sum((r["y_plus"] + r["y_minus"]) / 2 for r in rows) / len(rows)

    print(f"{run.games} games in {seconds:.0f} s; a = {run.a:.4g}; objective {mean_y(first):.3f} over the first "
          f"{len(first)} iterations, {mean_y(last):.3f} over the last {len(last)}")
    print("| feature | theta (averaged) | last iterate |")
    print("|---|---|---|")
    for i, t, u in zip(FREE, run.theta, run.last):
        print(f"| {FEATURES[i]} | {t:+.3f} | {u:+.3f} |")
    if args.out:
        record = {
            **run_record("python -m benchmarks.training.tune_value", argv, args, mix_text, run),
            "method": "SPSA (benchmarks/training/tune_playout.py), mean of the last half of the iterates; "
                      "W[a][f] = fitted[a][f] + theta[f] * rms[f]",
            "exact_final": args.exact_final,
            "objective_first": round(mean_y(first), 4), "objective_last": round(mean_y(last), 4),
        }
        out = tuned_document(doc, args.players, run.theta, record)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
