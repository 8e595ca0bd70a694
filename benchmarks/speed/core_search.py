"""Benchmark of search on the native core against the Python engine, measured in the same run.

- **playout** (target >= 30x): the advisor's heuristic-bot playout
  (``engine.advisor.playout.playout``, jittered tuned heuristic in every seat)
  against the same playouts on the core (``native.search.run_batch``, one
  thread): CPU time per playout, medians of ``--rounds`` rounds. The very same
  playouts -- positions of 2-5 player games at several stages, several moves,
  several ``k`` -- which the script checks give identical outcomes.
- **search** (``--only search``): the advisor's own playouts -- :data:`~pennypress.engine.advisor.policy.SEARCH_LEAF`
  bot moves, then the value model -- on the core, one thread, by each policy the
  search seats (``heuristic``, ``value``, ``mixed``: the search policy at 2-3
  players): CPU microseconds a playout, medians of ``--rounds`` rounds, from
  ``benchmarks/speed/advisor.py``'s seeded 3-player midgame positions (every legal move, four futures).
- **threads** (target >= 1.8x): a batch of heuristic playouts on the core on 2
  threads against 1 (wall time; the results must be identical).
- **playouts per core-second**: the greedy and the heuristic playout policies on
  the core (one thread, CPU time) with the Python figures beside them.
- **tournament** (target >= 10x): a ``--games`` heuristic-vs-greedy tournament
  (2 players) on the core against today's Python tournament, both on 1 and on 2
  workers (threads on the core, processes on the Python engine, as
  ``pennypress tournament --workers`` runs them); the reports must be identical
  apart from ``timing``.
- **league** (``--only league``): the league's evaluator and timer deciding on
  the core (``pennypress_core.Bot``, called from Python as a caller pays it)
  against the Python bots, on the same decision points (positions of seeded
  heuristic-bot games, 2 and 3 players, more than one legal move): wall time
  per decision, median and 90th percentile of each position's median over
  ``--rounds`` rounds, the same moves checked; the MCTS bot (its default 200
  iterations) likewise on every fourth of those positions, one round; and a
  ``--league-games`` evaluator/timer/heuristic tournament (3 players) on both
  engines, identical reports.

The machine's load average is printed: other work on the machine slows the
2-thread and 2-worker figures most.

    python -m benchmarks.speed.core_search [--rounds R] [--games N] [--tournament-rounds T] [--only NAME]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from benchmarks.speed.advisor import midgame_positions
from pennypress.engine import native, new_game
from pennypress.engine.advisor.playout import playout
from pennypress.engine.advisor.policy import SEARCH_LEAF, core_policy
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.arena.executors import open_executor
from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
from pennypress.engine.io.state import public_view
from pennypress.engine.native.search import league_policy, positions_after, run_batch
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.play.heuristic import HeuristicBot
from pennypress.engine.play.league.evaluator import EvaluatorBot
from pennypress.engine.play.league.mcts import MctsBot
from pennypress.engine.play.league.timer import TimerBot
from pennypress.engine.play.match import play_match
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP

TARGETS = {"playout": 30.0, "threads": 1.8, "tournament": 10.0}


def positions(count: int, seed: int):
    """Public views of 2-5 player games after seeded greedy play (early, middle and late)."""
    rng = random.Random(seed)
    out = []
    g = 0
    while len(out) < count:
        players = 2 + g % 4
        s = new_game(players, seed=seed + g, variants=["newsboy"] if players >= 4 and g % 2 else [])
        bots = [GreedyBot(seed + 10 * g + i) for i in range(players)]
        stop = (0, 20, 45)[g % 3]
        g += 1
        while not s.is_over and s.ply < stop:
            s.play(bots[s.current].choose(s), rng)
        if not s.is_over and not s.is_chance_node():
            out.append(public_view(s))
    return out


class Jobs:
    """The same playouts for both engines: ``(position, move, k)`` and the core's positions after the moves."""

    def __init__(self, states, moves_per_state: int, ks: int, seed: int):
        self.seed = seed
        self.items = []  # (state, move, k, index into afters)
        self.afters = []
        for state in states:
            moves = state.legal_moves()[:moves_per_state]
            after = positions_after(state, moves, range(len(moves)))
            for i, move in enumerate(moves):
                self.afters.append(after[i])
                for k in range(ks):
                    self.items.append((state, move, k, len(self.afters) - 1))

    def python(self, policy: str):
        t = time.process_time()
        out = [playout(s, m, self.seed, k, policy=policy) for s, m, k, _ in self.items]
        return time.process_time() - t, out

    def core(self, policy: str, threads: int = 1, repeat: int = 1, wall: bool = False):
        """CPU seconds per run on one thread; wall seconds with ``wall`` (several threads)."""
        jobs = [(a, k) for _, _, k, a in self.items]
        bot = core_policy(policy)
        clock = time.perf_counter if wall else time.process_time
        t = clock()
        for _ in range(repeat):
            settings = SearchSettings(seed=self.seed, workers=threads, leaf=None, exact_end=False)
            out = run_batch(self.afters, jobs, settings, bot, DEFAULT_MOVE_CAP)
        return (clock() - t) / repeat, [values for values, _ in out]


def median_of(rounds: int, run):
    times, result = [], None
    for _ in range(rounds):
        seconds, result = run()
        times.append(seconds)
    return statistics.median(times), result


def bench_playouts(args) -> dict:
    jobs = Jobs(positions(12, args.seed), moves_per_state=2, ks=3, seed=args.seed)
    n = len(jobs.items)
    print(f"playouts: {n} playouts ({len(jobs.afters)} (position, move) pairs of 2-5 player games x 3 futures); "
          f"medians of {args.rounds} rounds, CPU seconds, one thread")
    figures = {}
    for policy in ("heuristic", "greedy"):
        py, py_out = median_of(args.rounds, lambda: jobs.python(policy))
        nat, nat_out = median_of(args.rounds, lambda: jobs.core(policy, repeat=20))
        assert nat_out == py_out, f"{policy}: the engines played different playouts"
        figures[policy] = (n / py, n / nat)
        print(f"  {policy:9}  python {1000 * py / n:8.2f} ms a playout ({n / py:9,.0f} playouts per core-second)   "
              f"core {1000 * nat / n:6.3f} ms ({n / nat:9,.0f} per core-second)   x{py / nat:.0f}   "
              f"(identical outcomes)")
    ratio = figures["heuristic"][1] / figures["heuristic"][0]
    print(f"  heuristic-bot playout, core vs Python, one thread: x{ratio:.0f} (target >= x{TARGETS['playout']:.0f})")
    return {"playout": ratio}


def _burn(n: int = 6_000_000) -> None:
    x = 0
    for i in range(n):
        x += i


def cores_available() -> float:
    """How many cores this run can have now: the throughput of two busy processes against one."""
    import multiprocessing

    t = time.perf_counter()
    _burn()
    one = time.perf_counter() - t
    procs = [multiprocessing.Process(target=_burn) for _ in range(2)]
    t = time.perf_counter()
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return 2 * one / (time.perf_counter() - t)


def bench_threads(args) -> dict:
    jobs = Jobs(positions(12, args.seed + 1), moves_per_state=3, ks=40, seed=args.seed)
    n = len(jobs.items)

    def timed(threads: int):
        cpu, wall = time.process_time(), time.perf_counter()
        _, out = jobs.core("heuristic", threads=threads, wall=True)
        return (time.perf_counter() - wall, time.process_time() - cpu), out

    available = cores_available()
    rows = {}
    for threads in (1, 2):
        times, out = [], None
        for _ in range(args.rounds):
            t, out = timed(threads)
            times.append(t)
        rows[threads] = (statistics.median(w for w, _ in times), statistics.median(c for _, c in times), out)
    assert rows[1][2] == rows[2][2], "2 threads played other playouts than 1"
    (one, one_cpu, _), (two, two_cpu, _) = rows[1], rows[2]
    ratio = one / two
    print(f"threads: {n} heuristic playouts on the core, wall seconds, medians of {args.rounds} rounds")
    print(f"  1 thread {one:.3f} s ({n / one:,.0f} playouts/s), 2 threads {two:.3f} s ({n / two:,.0f} playouts/s): "
          f"x{ratio:.2f} (target >= x{TARGETS['threads']}; identical results)")
    print(f"  CPU seconds used: 1 thread {one_cpu:.3f}, 2 threads {two_cpu:.3f} (x{two_cpu / one_cpu:.2f} the work: "
          f"what the threads cost beyond the playouts); CPU share the process got: {one_cpu / one:.2f} of a core "
          f"on 1 thread, {two_cpu / two:.2f} cores on 2")
    print(f"  the machine gave this run about {available:.2f} cores before it and {cores_available():.2f} after "
          f"(two busy processes against one): other work on the machine caps the 2-thread figure")
    return {"threads": ratio}


def _tournament(spec, engine: str, workers: int):
    if engine == "python":
        os.environ[native.ENGINE_VARIABLE] = "python"
    try:
        t = time.perf_counter()
        if engine == "native":
            report = run_tournament(spec, threads=workers)
        else:
            with open_executor("local", workers) as executor:
                report = run_tournament(spec, executor)
        seconds = time.perf_counter() - t
    finally:
        os.environ.pop(native.ENGINE_VARIABLE, None)
    assert report["timing"]["engine"] == engine
    return seconds, {k: v for k, v in report.items() if k != "timing"}


def bench_tournament(args) -> dict:
    spec = TournamentSpec.create(2, "heuristic,greedy", args.games, seed=args.seed)
    run_tournament(TournamentSpec.create(2, "heuristic,greedy", 2, seed=0))  # imports (scipy, openskill) once
    print(f"tournament: {args.games} games heuristic vs greedy (2 players, seed {args.seed}), wall seconds, "
          f"medians of {args.tournament_rounds} rounds")
    out = {}
    reports = []
    for workers in (1, 2):
        py, py_report = median_of(args.tournament_rounds, lambda: _tournament(spec, "python", workers))
        nat, nat_report = median_of(args.tournament_rounds, lambda: _tournament(spec, "native", workers))
        reports += [py_report, nat_report]
        out[f"tournament ({workers} worker{'s' if workers > 1 else ''})"] = py / nat
        label = f"{workers} worker{'s' if workers > 1 else ' '}"
        print(f"  {label}: python {py:7.2f} s   core {nat:6.2f} s   x{py / nat:.1f}")
    assert all(r == reports[0] for r in reports), "the tournaments differ"
    print(f"  identical reports (apart from timing); target >= x{TARGETS['tournament']:.0f}")
    return out


def league_positions(games: int, seed: int) -> list:
    """Decision points of seeded heuristic-bot games (2 and 3 players in turn): normal play and the final
    edition, more than one legal move."""
    out = []
    for g in range(games):
        players = 2 + g % 2
        keep = lambda state, event: out.append(public_view(state)) if (  # noqa: E731
            not state.is_over and not state.is_chance_node() and len(state.legal_moves()) > 1) else None
        play_match(new_game(players, seed=seed + g), [HeuristicBot(seed + 8 * g + i) for i in range(players)],
                   seed=seed + g, on_move=keep)
    return out


def _per_decision(make_python, make_core, states, natives, rounds: int):
    """Each position's median wall time (ms) of a decision on each engine, with the moves checked equal."""
    py_times = [[] for _ in states]
    core_times = [[] for _ in states]
    for _ in range(rounds):
        py_bot, core_bot = make_python(), make_core()
        for i, (state, nat) in enumerate(zip(states, natives)):
            t = time.perf_counter()
            move = str(py_bot.choose(state))
            py_times[i].append(time.perf_counter() - t)
            t = time.perf_counter()
            core_move = core_bot.choose(nat)
            core_times[i].append(time.perf_counter() - t)
            assert move == core_move, f"position {i}: python {move!r}, core {core_move!r}"
    return [statistics.median(x) * 1e3 for x in py_times], [statistics.median(x) * 1e3 for x in core_times]


def _p90(xs) -> float:
    return statistics.quantiles(xs, n=10)[-1]


def bench_league(args) -> dict:
    states = league_positions(4, args.seed)
    natives = [native.native_position(s) for s in states]
    core = native.core_module()
    bots = {"evaluator": (EvaluatorBot, lambda b: league_policy("evaluator", b.w), 1),
            "timer": (TimerBot, lambda b: league_policy("timer", b.s), 1),
            "mcts": (MctsBot, lambda b: league_policy("mcts", b.s), 4)}
    print(f"league: {len(states)} decision points of 4 seeded heuristic-bot games (2 and 3 players, seed {args.seed}), "
          f"wall ms a decision, each position's median of {args.rounds} rounds, then median (p90) over positions")
    out = {}
    for name, (cls, policy, every) in bots.items():
        rounds = args.rounds if every == 1 else 1
        py, nat = _per_decision(lambda: cls(0), lambda: core.Bot(policy(cls(0)), 0), states[::every],
                                natives[::every], rounds)
        for players in (2, 3):
            idx = [i for i, s in enumerate(states[::every]) if s.n_players == players]
            p, c = [py[i] for i in idx], [nat[i] for i in idx]
            ratio = statistics.median(p) / statistics.median(c)
            out[f"{name} decision ({players} players)"] = ratio
            print(f"  {name:9s} {players} players: python {statistics.median(p):6.3f} ms ({_p90(p):6.3f})   "
                  f"core {statistics.median(c):6.4f} ms ({_p90(c):6.4f})   x{ratio:.0f}")
    print("  the same moves on both engines at every decision point")
    spec = TournamentSpec.create(3, "evaluator,timer,heuristic", args.league_games, seed=args.seed)
    py_s, py_report = _tournament(spec, "python", 1)
    nat_s, nat_report = _tournament(spec, "native", 1)
    assert py_report == nat_report, "the tournaments differ"
    out["league tournament (1 worker)"] = py_s / nat_s
    print(f"  tournament evaluator,timer,heuristic ({args.league_games} games, 1 worker): python {py_s:.2f} s   "
          f"core {nat_s:.3f} s   x{py_s / nat_s:.0f}; identical reports (apart from timing)")
    return out


def bench_search(args) -> dict:
    """The search's playouts (to the value model) by policy, on the core, one thread."""
    states = [public_view(s) for s in midgame_positions(4, args.seed)]
    afters, jobs = [], []
    for state in states:
        moves = state.legal_moves()
        after = positions_after(state, moves, range(len(moves)))
        for i in range(len(moves)):
            afters.append(after[i])
            jobs.extend((len(afters) - 1, k) for k in range(4))
    print(f"search playouts: {len(jobs)} playouts ({len(afters)} moves of {len(states)} 3-player midgame positions "
          f"with 40-60 legal moves (speed.advisor's) x 4 futures) to the value model after {SEARCH_LEAF.depth} "
          f"bot moves; CPU, one thread, medians of {args.rounds} rounds")
    cost = {}
    for policy in ("heuristic", "value", "mixed"):
        bot = core_policy(policy)

        def run():
            t = time.process_time()
            settings = SearchSettings(seed=args.seed, workers=1, leaf=SEARCH_LEAF, exact_end=False)
            out = run_batch(afters, jobs, settings, bot, DEFAULT_MOVE_CAP)
            return time.process_time() - t, out
        seconds, _ = median_of(args.rounds, run)
        cost[policy] = 1e6 * seconds / len(jobs)
        print(f"  {policy:9}  {cost[policy]:6.1f} us a playout ({len(jobs) / seconds:9,.0f} per core-second)")
    print(f"  mixed against heuristic: x{cost['mixed'] / cost['heuristic']:.2f} the cost a playout")
    return {}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--tournament-rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--league-games", type=int, default=60)
    ap.add_argument("--only", choices=("playouts", "search", "threads", "tournament", "league"), default=None)
    args = ap.parse_args(argv)
    if not native.available():
        print("the native core is not installed (python3 run.py builds it with a Rust toolchain); nothing to compare")
        return 0
    print(f"load average at the start: {', '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    ratios = {}
    for name, bench in (("playouts", bench_playouts), ("search", bench_search), ("threads", bench_threads),
                        ("tournament", bench_tournament), ("league", bench_league)):
        if args.only in (None, name):
            ratios.update(bench(args))
    print(f"load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("ratios: " + ", ".join(f"{k} x{v:.2f}" for k, v in ratios.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
