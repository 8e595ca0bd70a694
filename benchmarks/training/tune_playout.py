"""Tune the playout policy's weights by SPSA against the league, on the native core (reproducible).

The advisor plays every move out with the heuristic bot (its weights jittered
per playout and seat, ``engine/advisor/policy.py``). This script searches the
heuristic's twelve weights for the bot that wins most against the league's
``evaluator``, ``timer`` and ``mcts`` -- opponents the playouts never use --
with simultaneous perturbation stochastic approximation (Spall 1992, 1998):

- **Parameters.** One number ``theta_i`` a weight, 0 at the start weights
  (``TUNED`` or ``--start``). ``wait`` (a share of a page, in (0, 1)) moves on
  the logit scale: ``wait = sigmoid(logit(wait_0) + theta)``; every other weight
  (all positive) is multiplicative: ``w_i = w0_i * exp(theta_i)``. Each
  ``theta_i`` stays in ``[-BOUND, BOUND]`` (a weight between 0.22 and 4.5 times
  where it started).
- **Objective.** The candidate's win share (a shared win split) over the
  games of the matchups of ``--mix`` (3 players against two copies of a league
  bot, and head to head), every deck played in every seat rotation; each
  matchup weighs as many games as it plays. The default mix plays the
  ``mcts`` seats on one deck an evaluation: an MCTS game costs many evaluator
  games on the core, so they are a small share of the games and most of the
  time.
- **An iteration.** A random direction ``delta`` of +-1 per weight; the
  candidates ``theta +- c_k delta`` play the **same games** (the same decks,
  rotations and opponents' seeds: common random numbers); the gradient
  estimate is ``(y+ - y-) / (2 c_k) * delta``; ``theta += a_k * gradient``,
  each coordinate's step at most ``MAX_STEP``. Gains ``a_k = a / (k + 1 + A)^0.602``,
  ``c_k = c / (k + 1)^0.101`` (Spall's practical exponents), ``A`` a tenth of
  the iterations, ``a`` calibrated before the first iteration so the first
  steps are about ``--step`` (Spall's rule: from the mean gradient magnitude of
  ``--calibrate`` estimates at the start).
- **Result.** The mean of the iterates over the last half of the run
  (Polyak-Ruppert averaging: the last iterate carries the last steps' noise).
- **Seeds.** Deck ``j`` of matchup ``m`` in iteration ``k`` is
  ``deck_seed(seed, (k * M + m) * D + j)`` (the tournament's deck seeds),
  calibration draws from ``k < 0`` (its own block); the directions come from
  ``random.Random(seed)``; the bots' seeds are the tournaments' ``seat_seed``.
  Games run on the core's threads (``--threads``), each game seeded alone, so
  the run is the same on 1 or many threads.

    python -m benchmarks.training.tune_playout --iterations 4000 --seed 9100 --step 0.05 \\
        --calibrate 8 --out engine/advisor/playout_weights.json

(the recorded run: the file's ``obtained``, which keeps its games and seconds; ``--measure 3``
times each matchup first). Prints a line per iteration (with ``--log``), the
final weights next to the start, and writes them (with how they were
obtained) to ``--out``.
``docs/lab/playout.md`` holds the recorded run and its validation
(``benchmarks/strength/playout.py``).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import signal
import sys
import time
from dataclasses import asdict, dataclass, fields
from typing import Any, Callable, Sequence

from tqdm import tqdm

from pennypress.engine import native
from pennypress.engine.arena.native_games import seat_policy
from pennypress.engine.arena.seats import seat_seed
from pennypress.engine.arena.tournament import deck_seed, rotations
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.io.state import new_game
from pennypress.engine.native.search import core_weights
from pennypress.engine.play.heuristic import TUNED, Weights
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP

NAMES = tuple(f.name for f in fields(Weights))
LOGIT = ("wait",)
"""Weights moved on the logit scale (shares in (0, 1)); every other weight is multiplicative."""
BOUND = 1.5
"""``|theta_i|`` never exceeds this."""
MAX_STEP = 0.2
"""No coordinate moves more than this in one iteration."""
ALPHA, GAMMA = 0.602, 0.101
"""Spall's exponents of the gain sequences."""
DEFAULT_MIX = "evaluator,evaluator@16;timer,timer@8;mcts,mcts@1;evaluator@16;timer@8;mcts@1"


# ------------------------------------------------------------------ parameters
def to_weights(theta: Sequence[float], start: Weights = TUNED) -> Weights:
    """The weights at ``theta`` (0 is ``start``).

    >>> to_weights([0.0] * len(NAMES)) == TUNED
    True
    >>> round(to_weights([0.0, math.log(2)] + [0.0] * (len(NAMES) - 2)).tempo / TUNED.tempo, 9)
    2.0
    """
    out = {}
    for name, t in zip(NAMES, theta, strict=True):
        w0 = getattr(start, name)
        if name in LOGIT:
            z = math.log(w0 / (1 - w0)) + t
            out[name] = w0 if t == 0 else 1 / (1 + math.exp(-z))
        else:
            out[name] = w0 if t == 0 else w0 * math.exp(t)
    return Weights(**out)


def heuristic_policy(weights: Weights) -> Any:
    """The heuristic bot with ``weights`` on the core: the candidate this script tunes."""
    return native.core_module().Policy.heuristic(core_weights(weights))


@dataclass(frozen=True)
class Space:
    """What SPSA searches: ``dims`` numbers ``theta`` (0 is the start), each in ``[-bound, bound]``, and the
    candidate bot at ``theta`` (``candidate(theta)``, a core policy). Another tuning script brings its own."""

    dims: int
    bound: float
    candidate: Callable[[Sequence[float]], Any]


def heuristic_space(start: Weights = TUNED) -> Space:
    """The heuristic bot's twelve weights around ``start`` (:func:`to_weights`)."""
    return Space(len(NAMES), BOUND, lambda theta: heuristic_policy(to_weights(theta, start)))


# ------------------------------------------------------------------ matchups
@dataclass(frozen=True)
class Matchup:
    """The candidate against ``opponents`` (one seat each), ``decks`` decks an evaluation, every rotation."""

    opponents: tuple[str, ...]
    decks: int

    @property
    def players(self) -> int:
        return 1 + len(self.opponents)

    @property
    def label(self) -> str:
        return f"{self.players}p vs {'+'.join(self.opponents)}"


def parse_mix(text: str) -> list[Matchup]:
    """``"evaluator,evaluator@6;timer@4"`` -> matchups (opponent seats, decks an evaluation).

    >>> [(m.opponents, m.decks) for m in parse_mix("evaluator,evaluator@6;timer@4")]
    [(('evaluator', 'evaluator'), 6), (('timer',), 4)]
    """
    out = []
    for part in text.split(";"):
        seats, _, decks = part.strip().partition("@")
        out.append(Matchup(tuple(s.strip() for s in seats.split(",")), int(decks or 1)))
    return out


class Arena:
    """Plays candidates against the matchups on the core: every candidate on the same games."""

    def __init__(self, mix: Sequence[Matchup], seed: int, threads: int):
        self.mix = list(mix)
        self.seed = seed
        self.threads = threads
        self.core = native.core_module()
        self.policies = {n: seat_policy(n) for m in mix for n in m.opponents}
        self.definitions = {m.players: GameDefinition.create(m.players) for m in mix}
        self.games = 0

    def games_per_candidate(self) -> int:
        return sum(m.decks * m.players for m in self.mix)

    def block(self, k: int) -> list[list[tuple]]:
        """The planned games of evaluation block ``k`` (per matchup: deck seed, seats, the candidate's seat)."""
        n = len(self.mix)
        out = []
        for mi, m in enumerate(self.mix):
            plans = []
            for j in range(m.decks):
                index = (k * n + mi) * m.decks + j
                ds = deck_seed(self.seed, index)
                for rot in rotations(("candidate", *m.opponents)):
                    plans.append((ds, rot, rot.index("candidate")))
            out.append(plans)
        return out

    def shares(self, k: int, candidates: Sequence[Any]) -> list[list[float]]:
        """Each candidate's win share in each matchup of block ``k`` (block ``k < 0`` for calibration);
        a candidate is a core policy (``pennypress_core.Policy``, e.g. :func:`heuristic_policy`)."""
        blocks = self.block(k if k >= 0 else 1_000_000 - k)  # calibration's own decks, far beyond any run
        cands = list(candidates)
        todo, where = [], []
        for mi, (m, plans) in enumerate(zip(self.mix, blocks)):
            definition = self.definitions[m.players]
            dealt = {}
            for ds, rot, _ in plans:
                if ds not in dealt:
                    state = new_game(definition, seed=ds)
                    dealt[ds] = (native.native_position(state, checked=False), list(state.deck))
            for ci, cand in enumerate(cands):
                for ds, rot, mine in plans:
                    start, deck = dealt[ds]
                    todo.append((start, deck, [cand if s == "candidate" else self.policies[s] for s in rot],
                                 [seat_seed(ds, seat) for seat in range(len(rot))]))
                    where.append((ci, mi, mine))
        played = self.core.play_games(todo, DEFAULT_MOVE_CAP, max(1, self.threads))
        self.games += len(todo)
        won = [[0.0] * len(self.mix) for _ in cands]
        for (ci, mi, mine), (_, winners, *_rest) in zip(where, played):
            if mine in winners:
                won[ci][mi] += 1 / len(winners)
        return [[won[ci][mi] / len(blocks[mi]) for mi in range(len(self.mix))] for ci in range(len(cands))]


    def objective(self, shares: Sequence[float]) -> float:
        """The candidate's win share over all the games of an evaluation: the matchups' shares weighted
        by their games (the estimate of least variance; a matchup's weight is what it plays)."""
        sizes = [m.decks * m.players for m in self.mix]
        return sum(n * s for n, s in zip(sizes, shares)) / sum(sizes)


# ------------------------------------------------------------------ SPSA
@dataclass
class Run:
    """What :func:`spsa` reached: the averaged and last iterates, the trace and the games played."""

    theta: list[float]
    last: list[float]
    a: float
    trace: list[dict]
    games: int


def spsa(arena: Arena, iterations: int, seed: int, c: float = 0.2, step: float = 0.05, calibrate: int = 8,
         start: Weights = TUNED, log=None, progress: bool = True, stop_after: int | None = None,
         space: Space | None = None) -> Run:
    """Maximise :meth:`Arena.objective` over ``theta`` (module docstring); deterministic in its arguments.
    ``space`` is what is searched (default: the heuristic's weights around ``start``).

    ``stop_after`` plays only the first iterations of the ``iterations``-long schedule (the gains stay
    those of the full schedule); Ctrl-C stops at the end of the iteration under way, as if ``stop_after``
    were the iterations done. Either way the result averages the last half of the iterations played."""
    space = heuristic_space(start) if space is None else space
    rng = random.Random(seed)
    p = space.dims
    big_a = max(1, iterations // 10)
    grads = []
    for j in range(calibrate):
        delta = [rng.choice((-1, 1)) for _ in range(p)]
        plus, minus = arena.shares(-1 - j, [space.candidate([c * d for d in delta]),
                                            space.candidate([-c * d for d in delta])])
        grads.append(abs(arena.objective(plus) - arena.objective(minus)) / (2 * c))
    mean_g = sum(grads) / len(grads) if grads else 0.0
    a = step * (big_a + 1) ** ALPHA / mean_g if mean_g > 0 else step * (big_a + 1) ** ALPHA / 0.05
    theta = [0.0] * p
    trace: list[dict] = []
    done = iterations if stop_after is None else min(iterations, stop_after)
    bar = tqdm(range(done), desc="SPSA", unit="it", disable=not progress, file=sys.stderr)
    for k in bar:
        try:
            theta = _iterate(arena, k, theta, rng, a, c, big_a, space, trace, log)
        except KeyboardInterrupt:
            print(f"\nstopped after {k} iterations (reproduce with --stop-after {k})", file=sys.stderr)
            break
        mean_y = sum((r["y_plus"] + r["y_minus"]) / 2 for r in trace[-20:]) / len(trace[-20:])
        bar.set_postfix(y=f"{mean_y:.3f}", games=arena.games)
    bar.close()
    tail = [r["theta_exact"] for r in trace[len(trace) // 2:]]  # the last half of what was played
    averaged = [sum(col) / len(col) for col in zip(*tail)] if tail else theta
    return Run(averaged, theta, a, trace, arena.games)


def _iterate(arena: Arena, k: int, theta: list[float], rng: random.Random, a: float, c: float, big_a: int,
             space: Space, trace: list[dict], log) -> list[float]:
    """One SPSA iteration ``k`` from ``theta``: the new theta (the row appended to ``trace`` and ``log``)."""
    p = len(theta)
    ak = a / (k + 1 + big_a) ** ALPHA
    ck = c / (k + 1) ** GAMMA
    delta = [rng.choice((-1, 1)) for _ in range(p)]
    plus_t = [t + ck * d for t, d in zip(theta, delta)]
    minus_t = [t - ck * d for t, d in zip(theta, delta)]
    plus, minus = arena.shares(k, [space.candidate(plus_t), space.candidate(minus_t)])
    y_plus, y_minus = arena.objective(plus), arena.objective(minus)
    g = (y_plus - y_minus) / (2 * ck)
    theta = [max(-space.bound, min(space.bound, t + max(-MAX_STEP, min(MAX_STEP, ak * g * d))))
             for t, d in zip(theta, delta)]
    row = {"k": k, "y_plus": round(y_plus, 4), "y_minus": round(y_minus, 4),
           "shares": [round((x + y) / 2, 4) for x, y in zip(plus, minus)],
           "theta": [round(t, 4) for t in theta]}
    if log is not None:
        print(json.dumps(row), file=log, flush=True)
    trace.append({**row, "theta_exact": theta})
    return theta


# ------------------------------------------------------------------ the command
def run_record(script: str, argv: list[str] | None, args: argparse.Namespace, mix: str, run: Run) -> dict:
    """How a tuning run was obtained, for the data file it writes: the command, seed, schedule and games."""
    return {"command": f"{script} " + " ".join(argv if argv is not None else sys.argv[1:]),
            "seed": args.seed, "iterations": args.iterations, "iterations_played": len(run.trace), "mix": mix,
            "c": args.c, "step": args.step, "calibrate": args.calibrate, "a": run.a, "games": run.games}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=9100, help="training seed: decks and directions (default 9100)")
    ap.add_argument("--mix", default=DEFAULT_MIX,
                    help=f"matchups 'opponents@decks;...' (default {DEFAULT_MIX!r})")
    ap.add_argument("--c", type=float, default=0.2, help="perturbation size c (theta units; default 0.2)")
    ap.add_argument("--step", type=float, default=0.05, help="first steps' size, for calibrating a (default 0.05)")
    ap.add_argument("--calibrate", type=int, default=8, help="gradient estimates calibrating a (default 8)")
    ap.add_argument("--threads", type=int, default=2, help="the core's threads (results do not depend on it)")
    ap.add_argument("--stop-after", type=int, metavar="K",
                    help="play only the first K iterations of the schedule (what a run stopped by Ctrl-C did)")
    ap.add_argument("--log", help="write one JSON line per iteration to this file")
    ap.add_argument("--out", help="write the final weights (and how they were obtained) to this JSON file")
    ap.add_argument("--measure", type=int, default=0, metavar="N",
                    help="only time N evaluation blocks of one candidate (games a second) and stop")
    args = ap.parse_args(argv)
    if not native.available():
        print("the native core is not built: python3 run.py test builds it", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C (or kill -INT) stops between iterations
    mix = parse_mix(args.mix)
    arena = Arena(mix, args.seed, args.threads)
    if args.measure:
        for m in mix:
            one = Arena([m], args.seed, args.threads)
            t0 = time.perf_counter()
            for k in range(args.measure):
                one.shares(k, [heuristic_policy(TUNED)])
            dt = time.perf_counter() - t0
            print(f"{m.label}: {one.games} games in {dt:.1f} s, {one.games / dt:.0f} games/s")
        return 0
    log = open(args.log, "w", encoding="utf-8") if args.log else None
    t0 = time.perf_counter()
    try:
        run = spsa(arena, args.iterations, args.seed, args.c, args.step, args.calibrate, log=log,
                   stop_after=args.stop_after)
    finally:
        if log is not None:
            log.close()
    seconds = time.perf_counter() - t0
    final, last = to_weights(run.theta), to_weights(run.last)
    print(f"\n{run.games} games in {seconds:.0f} s ({run.games / seconds:.0f} games/s); a = {run.a:.4g}")
    print("| weight | TUNED | tuned (averaged) | last iterate |")
    print("|---|---|---|---|")
    for name in NAMES:
        print(f"| {name} | {getattr(TUNED, name):.4g} | {getattr(final, name):.4g} | {getattr(last, name):.4g} |")
    if args.out:
        doc = {
            "weights": asdict(final),
            "obtained": {
                **run_record("python -m benchmarks.training.tune_playout", argv, args, args.mix, run),
                "method": "SPSA, mean of the last half of the iterates",
                "start": asdict(TUNED), "last_iterate": asdict(last),
            },
        }
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
