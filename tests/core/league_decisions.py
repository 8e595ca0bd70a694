"""The league harness: the core's evaluator, timer and MCTS bot against the Python league bots, decision by decision.

One seeded game plays on both engines at once (as ``decisions.py`` does),
2-5 players, the newsboy variant, both decks, with mixed seats: every game
seats at least one ``evaluator`` and one ``timer`` (as a tournament makes them,
``EvaluatorBot(seed)`` / ``TimerBot(seed)``), the other seats any of the league
bots, ``greedy``, ``heuristic`` or ``random``; every ``mcts_every``-th game also
seats an ``mcts`` bot (in place of the third seat, or of the timer in a
2-player game), with 40 iterations a decision (the tests' budget) or, in one
such game in eight, its default 200. Every seat has its Python bot and
the core's bot made alike (``engine.native.search.league_policy`` for the league
seats, ``decisions.seat_bots`` for the others), and at every decision node the
seat's two bots choose: their moves must be the same. Both keep their memory
for the whole game (the evaluator's visits and turns since its last press, the
timer's turns waited, the MCTS bot's). At a share of the evaluator's decisions its scores of
every legal move (``EvaluatorBot.evaluate``) are compared too, and must be the
very same doubles; at every MCTS decision its root's children (``last_visits``:
each move's visits and mean reward, so every draw of its generator counts). The move played is usually the bots' own, now and then a
seeded random or press move (so games reach positions the bots would not).

``run(games, seed)`` returns a :class:`~decisions.Report`; a difference raises
:class:`~differential.Mismatch` naming the game seed, the ply, the seat and both moves.
``tests/core/test_core_league.py`` runs a seeded share; the league proof in
``test_core_proofs.py`` (slow; ``--proof-count full``) the full count.
"""
from __future__ import annotations

from tests.core.decisions import BothEngines, Report, seat_bots
from tests.core.differential import Mismatch, seeded_games
from pennypress.engine import native
from pennypress.engine.game.moves import GoToPress, Recall
from pennypress.engine.native.search import league_policy
from pennypress.engine.play.league.evaluator import EvaluatorBot
from pennypress.engine.play.league.mcts import MctsBot, MctsSettings
from pennypress.engine.play.league.timer import TimerBot
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.press import would_trigger

LEAGUE = ("evaluator", "timer", "mcts")
OTHERS = ("evaluator", "timer", "greedy", "heuristic", "random")
MCTS_ITERATIONS = (40, 200)
"""The MCTS bot's iterations in these games: the tests' budget, and (one MCTS game in eight) its default."""


def league_bots(kind: str, seed: int, seat: int, players: int, iterations: int = MCTS_ITERATIONS[0]):
    """The Python bot and the core's bot of one seat at a table of ``players`` (the same kind, made from the
    same seed)."""
    core = native.core_module()
    if kind == "mcts":
        settings = MctsSettings(iterations=iterations)
        return MctsBot(seed, settings), core.Bot(league_policy("mcts", settings), seed)
    if kind == "evaluator":
        bot = EvaluatorBot(seed)
        return bot, core.Bot(league_policy("evaluator", bot.w), seed)
    if kind == "timer":
        bot = TimerBot(seed)
        return bot, core.Bot(league_policy("timer", bot.s), seed)
    return seat_bots(kind, seed, seat, players)


def seat_kinds(index: int, players: int, mcts_every: int) -> list[str]:
    """Game ``index``'s seats: an evaluator and a timer (in turn in the first two seats), the rest mixed;
    in every ``mcts_every``-th game an MCTS bot in the third seat (the second with 2 players)."""
    first = LEAGUE[index % 2], LEAGUE[1 - index % 2]
    rest = [OTHERS[(index // 2 + 2 * seat) % len(OTHERS)] for seat in range(players - 2)]
    kinds = [*first, *rest]
    if mcts_every and index % mcts_every == mcts_every - 1:
        kinds[min(2, players - 1)] = "mcts"
    return kinds


def _coverage(cov, kind: str, bot, state, move) -> None:
    cov[f"decisions by {kind}"] += 1
    cov[f"{kind} decisions in phase {state.phase.value}"] += 1
    if kind == "evaluator":
        cov["evaluator decisions in a position it saw before (repetition memory)"] += (
            state.phase is Phase.NORMAL and len(state.legal_moves()) > 1 and bot.visits and max(bot.visits.values()) > 1
            and _seen_before(bot, state))
        cov["evaluator decisions beyond idle_turns since its last press"] += bot._idle > bot.w.idle_turns
        cov["evaluator presses"] += isinstance(move, GoToPress)
        cov["evaluator final-edition triggers"] += isinstance(move, GoToPress) and would_trigger(state, state.current)
    if kind == "mcts":
        cov["mcts presses"] += isinstance(move, GoToPress)
        cov[f"mcts decisions with {bot.s.iterations} iterations"] += bot.last_iterations == bot.s.iterations
    if kind == "timer":
        cov["timer presses"] += isinstance(move, GoToPress)
        cov["timer final-edition triggers"] += isinstance(move, GoToPress) and would_trigger(state, state.current)
        cov["timer recalls (nothing to build or press)"] += isinstance(move, Recall)
        cov["timer decisions after last_wait turns waited"] += bot._waited >= bot.s.last_wait


def _seen_before(bot, state) -> bool:
    key = (state.current, state.turns_left, tuple(p.pennies for p in state.players),
           tuple((s, tuple(r)) for s, r in state.reporters.items()))
    return bot.visits.get(key, 0) > 1


def play_one(index: int, seed: int, score_every: int = 4, mcts_every: int = 4) -> Report:
    """One game on both engines, every decision compared (and every ``score_every``-th evaluator decision's
    scores, every MCTS decision's root); raises :class:`Mismatch` at the first difference."""
    game = BothEngines(index, seed)
    state, nat, players, variants = game.state, game.nat, game.players, game.variants
    report = Report(games=1)
    cov = report.coverage
    kinds = seat_kinds(index, players, mcts_every)
    iterations = MCTS_ITERATIONS[mcts_every and (index // mcts_every) % 8 == 7]
    bots = [league_bots(kind, seed * 7 + seat, seat, players, iterations) for seat, kind in enumerate(kinds)]
    evaluations = 0
    while game.going():
        seat = state.current
        py_bot, core_bot = bots[seat]
        kind = kinds[seat]
        where = f"game seed {seed}, ply {state.ply}, seat {seat} ({kind})"
        if kind == "evaluator" and len(state.legal_moves()) > 1:
            evaluations += 1
            if evaluations % score_every == 0:
                py_scores = [(str(m), v) for m, v in py_bot.evaluate(state)]
                core_scores = core_bot.evaluate(nat)
                if py_scores != core_scores:
                    diff = next((p, c) for p, c in zip(py_scores, core_scores) if p != c) \
                        if len(py_scores) == len(core_scores) else (len(py_scores), len(core_scores))
                    raise Mismatch(f"{where}: the evaluator's scores differ, python {diff[0]!r}, core {diff[1]!r}")
                cov["evaluator scores compared (moves)"] += len(py_scores)
        move = py_bot.choose(state)
        core_move = core_bot.choose(nat)
        if str(move) != core_move:
            raise Mismatch(f"{where}: python {str(move)!r}, core {core_move!r}")
        if kind == "mcts":
            py_root = [(str(m), visits, mean) for m, visits, mean in py_bot.last_visits]
            core_root = core_bot.last_visits()
            if py_root != core_root:
                raise Mismatch(f"{where}: the MCTS roots differ, python {py_root!r}, core {core_root!r}")
            cov["mcts root children compared (visits and mean rewards)"] += len(py_root)
        report.decisions += 1
        cov[f"decisions with {players} players{' (newsboy)' if variants else ''}"] += 1
        cov[f"decisions in phase {state.phase.value}"] += 1
        _coverage(cov, kind if kind in LEAGUE else "other bots", py_bot, state, move)
        game.play(move, cov)
    game.finish(cov)
    return report


def run(games: int, seed: int = 0, progress=None, mcts_every: int = 4) -> Report:
    """``games`` seeded games (game ``i`` seeded ``seed * 1_000_003 + i``), every decision compared; an MCTS
    seat in every ``mcts_every``-th game (0: none)."""
    return seeded_games(lambda i, s: play_one(i, s, mcts_every=mcts_every), games, seed, Report(), progress)
