"""The differential harness: the native core against the Python engine, move by move.

One seeded game plays on both engines at once, the Python engine on the public
view (the deck an unordered set, as search sees it) and the core on its copy.
Before every move both list the legal moves (same notation, same order); the
move -- chosen by a seeded policy biased towards presses and the final edition,
now and then a greedy or heuristic bot's move -- is played on both and the
events must be equal (``Event.to_json()``, breakdown included); every card draw
is made by each engine with its own generator seeded alike (``random.Random``
and ``pennypress_core.Random``), so the very same card must come up and the
completed events must be equal; after every move and draw the positions must
be equal as documents. Now and then the core's position goes back through the
Python loader (``State.from_json``, every check) and must equal the Python
state, and the core's copy is rebuilt from the Python state (also at chance
nodes), so both directions of the conversion are exercised.

``run(games, seed)`` returns a :class:`Report` with coverage counts; a
mismatch raises :class:`Mismatch` naming the game seed, the ply and the field.
``tests/core/test_core_differential.py`` runs a seeded share;
the differential proof in ``test_core_proofs.py`` (slow; ``--proof-count full``) the full count.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from pennypress.engine import native
from pennypress.engine.rules.board import peek_stack, place_story, take_from_stack
from pennypress.engine.io.state import public_view
from pennypress.engine.rules.chance import resolve_chance
from pennypress.engine.game.moves import Decline, GoToPress, PassNewsboy
from pennypress.engine.play.bots import GreedyBot
from pennypress.engine.play.heuristic import HeuristicBot
from pennypress.engine.io.state import new_game
from pennypress.engine.position.position import Phase
from pennypress.engine.io.state import State


class Mismatch(AssertionError):
    """The engines disagreed."""


@dataclass
class Report:
    games: int = 0
    moves: int = 0
    draws: int = 0
    coverage: Counter = field(default_factory=Counter)

    def add(self, other: "Report") -> None:
        self.games += other.games
        self.moves += other.moves
        self.draws += other.draws
        self.coverage.update(other.coverage)


def _first_difference(a, b, path: str = "") -> str:
    """Where two JSON values differ, as a path and the two values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return _first_difference(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path or '(top)'}: python {a!r}, core {b!r}"


def _same(what: str, python, core, where: str) -> None:
    if python != core:
        raise Mismatch(f"{where}: {what} differ at {_first_difference(python, core)}")


def game_setup(index: int) -> tuple[int, list[str], str]:
    """Game ``index`` of a run: 2-5 players in turn, the newsboy variant in half the 4-5 player games,
    the corrected deck in a third of the games."""
    players = 2 + index % 4
    variants = ["newsboy"] if players >= 4 and (index // 4) % 2 == 0 else []
    deck = "corrected" if (index // 8) % 3 == 2 else "default"
    return players, variants, deck


class _Chooser:
    """The seeded move policy: presses and the final edition often, a bot's move now and then."""

    def __init__(self, seed: int, players: int):
        self.rng = random.Random(seed)
        self.greedy = [GreedyBot(seed * 8 + p) for p in range(players)]
        self.heuristic = [HeuristicBot(seed=seed * 8 + p) for p in range(players)]
        self.press_bias = self.rng.choice((0.1, 0.25, 0.5))

    def choose(self, state: State, legal: list, coverage: Counter):
        rng = self.rng
        roll = rng.random()
        if roll < 0.12:
            coverage["bot moves (greedy)"] += 1
            return self.greedy[state.current].choose(state)
        if roll < 0.18:
            coverage["bot moves (heuristic)"] += 1
            return self.heuristic[state.current].choose(state)
        presses = [m for m in legal if isinstance(m, GoToPress)]
        if state.phase is Phase.FINAL_PRESSES:
            return presses[0] if presses and rng.random() < 0.6 else legal[-1]
        if presses and rng.random() < self.press_bias:
            return presses[0]
        kinds: dict[type, list] = {}
        for m in legal:
            kinds.setdefault(type(m), []).append(m)
        return rng.choice(kinds[rng.choice(list(kinds))])


def _draw_coverage(state: State, card_id: int, coverage: Counter) -> None:
    """Why each of the card's stories was or was not placed (worked out on a copy before the draw)."""
    probe = state.clone()
    for kind in state.definition.deck.card(card_id).stories:
        story = peek_stack(probe, kind)
        if story is None:
            coverage["card stories from an empty stack"] += 1
        elif not probe.fits(story):
            coverage["card stories that did not fit"] += 1
        else:
            take_from_stack(probe, kind)
            place_story(probe, story)
            coverage["card stories placed"] += 1


def _press_coverage(state: State, event: dict, coverage: Counter) -> None:
    press = event["press"]
    coverage["presses"] += 1
    coverage["unpublished stories"] += len(press["unpublished"])
    coverage["presses with an unpublished story"] += bool(press["unpublished"])
    coverage["scoops"] += len(press["scoops"])
    coverage["scoops to finished players"] += sum(1 for s in press["scoops"] if state.players[s["player"]].done)
    values = list(press["beat_values"].values())
    coverage["presses with tied top beats"] += values.count(max(values)) > 1
    coverage["presses with an ad on the page"] += press["ad"] is not None
    coverage["presses scoring below zero"] += press["total"] < 0
    coverage["final-edition triggers"] += press["final_edition"]
    coverage["presses in the final edition"] += state.phase is not Phase.NORMAL


def play_one(index: int, seed: int, check_every: int = 25) -> Report:
    """One game on both engines; raises :class:`Mismatch` at the first difference."""
    core = native.core_module()
    players, variants, deck = game_setup(index)
    report = Report(games=1)
    cov = report.coverage
    cov[f"games with {players} players{' (newsboy)' if variants else ''}"] += 1
    cov[f"games with the {deck} deck"] += 1
    state = public_view(new_game(players, seed=seed, variants=variants, deck=deck))
    nat = native.native_position(state)
    chooser = _Chooser(seed, players)
    chance_py, chance_core = random.Random(seed + 1), core.Random(seed + 1)
    where = f"game seed {seed}"
    _same("positions", state.to_json(), nat.to_json(), f"{where}, start")
    while not state.is_over:
        at = f"{where}, ply {state.ply}"
        legal = state.legal_moves()
        _same("legal moves", [str(m) for m in legal], nat.legal_moves(), at)
        move = chooser.choose(state, legal, cov)
        if isinstance(move, Decline) and state.phase is Phase.FINAL_PRESSES:
            cov["final-edition declines"] += 1
        elif isinstance(move, Decline):
            cov["declines with no action possible"] += 1
        cov["newsboy passes"] += isinstance(move, PassNewsboy)
        before = state.clone()
        event = state.apply(move).to_json()
        if index % 2 and len(legal) > 1:
            core_event = nat.apply(legal.index(move))  # by index into the legal list
        else:
            core_event = native.apply(nat, move)  # by notation
        _same("events", event, core_event, at)
        report.moves += 1
        if "press" in event:
            _press_coverage(before, event, cov)
        if "end" in event:
            cov["games finished"] += 1
            cov["shared victories"] += len(event["end"]["winners"]) > 1
        if state.is_chance_node():
            _same("chance outcomes", [c for c, _ in state.chance_outcomes()], nat.chance_outcomes(), at)
            if chooser.rng.random() < 0.05:  # rebuild the core's copy from the Python state at a chance node
                nat = native.native_position(state)
                cov["conversions at a chance node"] += 1
            pre_draw = state.clone()
            drawn = resolve_chance(state, chance_py).to_json()
            core_drawn = nat.resolve_chance(chance_core)
            _same("draw events", drawn, core_drawn, at)
            card = drawn["press"]["card"] if "press" in drawn else drawn["cards"][0]
            _draw_coverage(pre_draw, card, cov)
            report.draws += 1
        _same("positions", state.to_json(), nat.to_json(), at)
        _same("board orders", [str(s) for s in state.reporters], nat.board_order, at)
        if report.moves % check_every == 0 or state.is_over:
            back = native.to_state(nat)  # every check of the loader
            if back != state:
                raise Mismatch(f"{at}: the core's position read back by the loader differs from the Python state")
            cov["positions read back through the loader"] += 1
            if chooser.rng.random() < 0.3 and not state.is_over:
                nat = native.native_position(state)
                cov["conversions mid-game"] += 1
    return report


def seeded_games(play: Callable, games: int, seed: int, total, progress=None):
    """Add up ``play(i, seed * 1_000_003 + i)`` for ``games`` games into ``total`` (``progress(done)`` after each)."""
    for i in range(games):
        total.add(play(i, seed * 1_000_003 + i))
        if progress is not None:
            progress(i + 1)
    return total


def run(games: int, seed: int = 0, progress=None) -> Report:
    """``games`` seeded games (game ``i`` seeded ``seed * 1_000_003 + i``), every rule exercised on both engines."""
    return seeded_games(play_one, games, seed, Report(), progress)
