"""The policy harness: the core's bots against the Python bots, decision by decision.

One seeded game plays on both engines at once (as ``differential.py`` does).
Every seat has a Python bot and the core's bot made alike -- the greedy bot
and the tuned heuristic bot as a tournament seats them, the advisor's jittered
playout bots (``rollout_bot``: greedy, heuristic and the search's value bot), a
heuristic bot with other weights plugged in, the random bot, and the value and heuristic bots with their
final edition solved by the exact search (``ExactFinalBot``), and the mix with only its value seats' solved
(``exact_seats``) -- and at every decision node the seat's two bots choose:
their moves must be the same. Both bots keep their memory for the whole game
(the heuristic bot's visits: waiting costs more in a position it saw before)
and draw their random fallback from their own generators. The move played is
usually the bots' own, now and then a seeded random or press move so that the
games reach positions the bots would not (and every phase often).

``run(games, seed)`` returns a :class:`Report` (decisions compared and coverage);
a difference raises :class:`~differential.Mismatch` naming the game seed, the ply and both moves.
``tests/core/test_core_policies.py`` runs a seeded share;
the policy proof in ``test_core_proofs.py`` (slow; ``--proof-count full``) the full count.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass, field

from tests.core.differential import Mismatch, game_setup, seeded_games
from pennypress.engine import native
from pennypress.engine.advisor.exact import ExactFinalBot
from pennypress.engine.advisor.policy import core_policy, rollout_bot
from pennypress.engine.advisor.move_policy import from_value_model
from pennypress.engine.advisor.softmax_bot import SoftmaxBot
from pennypress.engine.advisor.value import MODEL
from pennypress.engine.advisor.value_bot import ValueBot
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.io.state import new_game, public_view
from pennypress.engine.native.search import core_weights, exact_final_policy
from pennypress.engine.play.bots import GreedyBot, RandomBot
from pennypress.engine.play.heuristic import TUNED, HeuristicBot, Weights
from pennypress.engine.position.position import Phase
from pennypress.engine.rules.chance import resolve_chance
from pennypress.engine.rules.press import would_trigger

KINDS = ("greedy", "heuristic", "jittered greedy", "jittered heuristic", "other weights", "random", "jittered value",
         "jittered mixed", "exact-final value", "exact-final heuristic", "softmax", "mixed softmax", "exact-final mixed")

EXACT_FINAL_UP_TO = 3
"""The exact-final bots sit at tables of up to this many players (the tables of the search's mixed
playouts): at 4 and 5 the Python reference search of a whole final edition takes minutes and gigabytes."""


@dataclass
class Report:
    games: int = 0
    decisions: int = 0
    coverage: Counter = field(default_factory=Counter)

    def add(self, other: "Report") -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.coverage.update(other.coverage)


def other_weights(seed: int) -> Weights:
    """Tuned weights each scaled by a seeded factor in [0.5, 1.5] (weights a caller might plug in)."""
    rng = random.Random(seed)
    return dataclasses.replace(TUNED, **{f.name: getattr(TUNED, f.name) * rng.uniform(0.5, 1.5)
                                         for f in dataclasses.fields(TUNED)})


def seat_bots(kind: str, seed: int, seat: int, players: int):
    """The Python bot and the core's bot of one seat (the same kind, made from the same seed; a softmax bot
    draws from the move policy the shipped value model implies at the table, sharpened or flattened by a
    seeded factor)."""
    core = native.core_module()
    if kind.endswith("softmax"):  # the softmax bot alone, or in the value bot's seats of the mix
        policy = "value" if kind == "softmax" else "mixed"
        mover = from_value_model(MODEL, players).scaled(random.Random(seed).choice((0.25, 1.0, 4.0)))
        return rollout_bot(seed, seat, policy, mover=mover), core.Bot(core_policy(policy, mover=mover), seed * 8 + seat)
    if kind == "greedy":
        bot = GreedyBot(seed)
        return bot, core.Bot(core.Policy.greedy(bot.threshold, bot.reporter_cost), seed)
    if kind == "heuristic":
        return HeuristicBot(seed), core.Bot(core.Policy.heuristic(core_weights(TUNED)), seed)
    if kind == "other weights":
        w = other_weights(seed)
        return HeuristicBot(seed, weights=w), core.Bot(core.Policy.heuristic(core_weights(w)), seed)
    if kind == "random":
        return RandomBot(seed), core.Bot(core.Policy.random(), seed)
    if kind == "exact-final value":  # the search's value bot with its final edition solved
        return (ExactFinalBot(rollout_bot(seed, seat, "value")),
                core.Bot(exact_final_policy(core_policy("value")), seed * 8 + seat))
    if kind == "exact-final mixed":  # the search's mix, its value seats' final edition solved (exact_seats)
        return (rollout_bot(seed, seat, "mixed", exact_seats=True),
                core.Bot(core_policy("mixed", exact_seats=True), seed * 8 + seat))
    if kind == "exact-final heuristic":
        return ExactFinalBot(HeuristicBot(seed)), core.Bot(exact_final_policy(core.Policy.heuristic(core_weights(TUNED))), seed)
    policy = kind.split()[1]  # the advisor's playout bots: playout seed `seed`, this seat
    return rollout_bot(seed, seat, policy), core.Bot(core_policy(policy), seed * 8 + seat)


class BothEngines:
    """Game ``index`` seeded ``seed`` on both engines at once: the Python state (the public view) and the core's
    copy, each drawing its cards from a generator seeded alike, and the seeded choice of when a move other
    than the bots' is played (a third of the games never)."""

    def __init__(self, index: int, seed: int):
        core = native.core_module()
        self.seed = seed
        self.players, self.variants, deck = game_setup(index)
        self.state = public_view(new_game(self.players, seed=seed, variants=self.variants, deck=deck))
        self.nat = native.native_position(self.state)
        self.rng = random.Random(seed)
        self.deviate = self.rng.choice((0.0, 0.05, 0.15))  # a third of the games are the bots' own (they may repeat)
        self.chances = random.Random(seed + 1), core.Random(seed + 1)

    def going(self) -> bool:
        return not self.state.is_over and self.state.ply < 3000

    def play(self, move, cov) -> None:
        """Play ``move`` (now and then a seeded random or press move instead) on both engines, then any card draw."""
        state, rng = self.state, self.rng
        if rng.random() < self.deviate:  # now and then a move the bots would not make
            legal = state.legal_moves()
            presses = [m for m in legal if isinstance(m, GoToPress)]
            move = presses[0] if presses and rng.random() < 0.5 else rng.choice(legal)
            cov["moves played off the bots' choice"] += 1
        state.apply(move)
        native.apply(self.nat, move)
        if state.is_chance_node():
            resolve_chance(state, self.chances[0])
            self.nat.resolve_chance(self.chances[1])

    def finish(self, cov) -> None:
        """Count a finished game; the two positions must be equal at the end."""
        cov["games finished"] += self.state.is_over
        if self.state.to_json() != self.nat.to_json():
            raise Mismatch(f"game seed {self.seed}: the positions differ at the end")


class Contrary:
    """A core bot, except that it plays the last legal move instead (to see a difference reported)."""

    def __init__(self, inner):
        self.inner = inner

    def choose(self, position):
        self.inner.choose(position)
        return position.legal_moves()[-1]

    def __getattr__(self, name):
        return getattr(self.inner, name)


class Scores:
    """A softmax bot's move policy that keeps the scores it gave at the bot's decision (one a legal move, in the
    engine's order), so the coverage reads the policy's highest-scored move off the bot's own scoring instead
    of scoring every move a second time."""

    def __init__(self, model):
        self.model = model
        self.given: list[float] = []

    def score(self, after, me: int) -> float:
        z = self.model.score(after, me)
        self.given.append(z)
        return z

    def __getattr__(self, name):
        return getattr(self.model, name)


def _top_scored(bot, legal: list):
    """The legal move the softmax ``bot``'s policy scored highest at its decision (the first of equal ones)."""
    given = bot.model.given
    assert len(given) == len(legal), "the softmax bot did not score every legal move once"
    return legal[given.index(max(given))]


def _visits(bot) -> tuple[int, int]:
    visits = getattr(bot, "visits", None)
    return (sum(visits.values()), len(visits)) if visits is not None else (0, 0)


def play_one(index: int, seed: int) -> Report:
    """One game on both engines, every decision compared; raises :class:`Mismatch` at the first difference."""
    game = BothEngines(index, seed)
    state, nat, players, variants = game.state, game.nat, game.players, game.variants
    report = Report(games=1)
    cov = report.coverage
    kinds = [KINDS[(index // 4 + 3 * seat) % len(KINDS)] for seat in range(players)]
    if players > EXACT_FINAL_UP_TO:
        kinds = [k.replace("exact-final", "jittered") if k.startswith("exact-final") else k for k in kinds]
    bots = [seat_bots(kind, seed * 7 + seat, seat, players) for seat, kind in enumerate(kinds)]
    for py_bot, _ in bots:
        if isinstance(py_bot, SoftmaxBot):
            py_bot.model = Scores(py_bot.model)
    while game.going():
        seat = state.current
        py_bot, core_bot = bots[seat]
        before_visits = _visits(py_bot)
        before_rng = py_bot.rng.getstate()
        if isinstance(py_bot, SoftmaxBot):
            py_bot.model.given.clear()
        move = py_bot.choose(state)
        core_move = core_bot.choose(nat)
        if str(move) != core_move:
            raise Mismatch(f"game seed {seed}, ply {state.ply}, seat {seat} ({kinds[seat]}): "
                           f"python {str(move)!r}, core {core_move!r}")
        report.decisions += 1
        kind = kinds[seat]
        cov[f"decisions by {kind}"] += 1
        cov[f"decisions with {players} players{' (newsboy)' if variants else ''}"] += 1
        cov[f"decisions in phase {state.phase.value}"] += 1
        cov["newsboy passes"] += state.newsboy == seat and state.phase is Phase.NORMAL
        after_visits = _visits(py_bot)
        if after_visits[0] > before_visits[0] and after_visits[1] == before_visits[1]:
            cov["decisions in a position the bot saw before (repetition memory)"] += 1
        if isinstance(py_bot, ExactFinalBot) and state.phase is not Phase.NORMAL and not state.draw_pending:
            cov["exact-final bot: final-edition decisions by the exact search"] += 1
        if kind == "jittered mixed":
            cov[f"mixed bot: decisions by its {'value' if isinstance(py_bot, ValueBot) else 'heuristic'} bot"] += 1
        if kind == "mixed softmax":
            cov[f"mixed softmax bot: decisions by its {'softmax' if isinstance(py_bot, SoftmaxBot) else 'heuristic'} "
                "bot"] += 1
        if kind == "exact-final mixed" and state.phase is not Phase.NORMAL and not state.draw_pending:
            cov["exact-final mixed bot: final-edition decisions by its "
                f"{'exact search' if isinstance(py_bot, ExactFinalBot) else 'heuristic bot'}"] += 1
        if isinstance(py_bot, SoftmaxBot) and state.phase is Phase.NORMAL and len(state.legal_moves()) > 1:
            cov["softmax bot: a draw for every move"] += py_bot.rng.getstate() != before_rng
            cov["softmax bot: a move other than its policy's highest score"] += str(move) != str(
                _top_scored(py_bot, state.legal_moves()))
        if isinstance(py_bot, ValueBot):
            fallback = state.phase is not Phase.NORMAL
            cov["value bot: final-edition decisions by its heuristic bot" if fallback else
                "value bot: noise drawn for every move" if py_bot.rng.getstate() != before_rng else
                "value bot: a single legal move"] += 1
            cov["value bot: presses that start the final edition, weighed"] += any(
                isinstance(m, GoToPress) and would_trigger(state, state.current) for m in state.legal_moves()) \
                and not fallback
        elif kind != "random" and not isinstance(py_bot, SoftmaxBot) and py_bot.rng.getstate() != before_rng:
            cov[f"random fallbacks by {kind.split()[-1]} bots (their own generator)"] += 1
        cov["presses chosen"] += isinstance(move, GoToPress)
        game.play(move, cov)
    game.finish(cov)
    return report


def run(games: int, seed: int = 0, progress=None) -> Report:
    """``games`` seeded games (game ``i`` seeded ``seed * 1_000_003 + i``), every decision compared."""
    return seeded_games(play_one, games, seed, Report(), progress)


def scaled(figure: int, games: int, full: int) -> int:
    """A lower bound set for a proof's full count of ``full`` games, in proportion to the ``games`` played (as
    much per game as there): the small share asks each figure of its games as the full count does."""
    return figure * games // full
