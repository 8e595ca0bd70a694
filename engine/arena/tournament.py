"""Tournaments: bots play many seat-rotated games; win shares with intervals, tests and ratings.

Seat rotation
    Every deck seed is played once in each rotation of the seat order
    (``A,B,C``; ``B,C,A``; ``C,A,B``), so each bot meets the same cards from
    every seat and seat and card luck cancel. ``games`` counts every game
    played, so it must be a multiple of the number of players (anything else
    is refused as bad input: a partial block of rotations would favour the
    seats that got it). Game ``g`` is rotation ``g % N`` of deck ``g // N``.

Seeds
    Deck ``d`` is seeded ``deck_seed(root, d)``: the first word of
    ``numpy.random.SeedSequence(root, spawn_key=(d,))``, the ``d``-th child
    of ``SeedSequence(root).spawn``, so a game's seed depends only on the
    root seed and its index, never on which worker plays it. The deck seed
    shuffles the headline deck (every rotation draws the same cards), and
    seeds the bots as every game loop does (``seat_seed``). Results are sorted
    by game before anything is added up, and nothing depends on set or dict
    order, so the same arguments give the same report on 1 or many workers,
    locally or on Dask (:mod:`pennypress.engine.arena.executors`).

Per bot (one entry per distinct seat name; two ``greedy`` seats pool)
    - ``win_share``: wins per seat held, a shared victory split 1/k, so it
      compares with the fair share 1/N and ``sum(win_share * len(seats)) == 1``;
    - ``win_interval``: the 95% Wilson score interval (:func:`pennypress.stats.wilson`) of that share over
      ``games * len(seats)`` trials (split wins enter as fractions);
    - ``p_value``: exact one-sided binomial test (alternative "greater") of
      the bot's *outright* wins against the fair share 1/N. A shared victory
      counts as no win in the test, which can only raise ``p`` (conservative);
      pooled seats of one game are counted as separate trials;
    - ``mean_score`` (final circulation), ``mean_margin`` (score minus the best
      other player's), ``mean_presses`` (pennies);
    - ``rating``: openskill's Plackett-Luce model over all games in game order,
      each seat a team of one, ranked by the result (winners first, then by
      circulation); a bot holding several seats gets the mean of its seats'
      updated ratings. ``ordinal`` = mu - 3 sigma.

>>> spec = TournamentSpec.create(players=2, seats="greedy,random", games=4, seed=1)
>>> [g.seats for g in spec.plans()]
[('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random'), ('random', 'greedy')]
>>> spec.plans()[2].deck_seed == deck_seed(1, 1)
True
>>> report = run_tournament(spec)
>>> [b["bot"] for b in report["bots"]], round(sum(b["win_share"] * len(b["seats"]) for b in report["bots"]), 9)
(['greedy', 'random'], 1.0)
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from pennypress.errors import BadInput
from pennypress.stats import wilson

from ..game.definition import GameDefinition
from ..game.names import newspaper
from ..io.state import new_game
from ..play.invariants import DEFAULT_MOVE_CAP
from ..play.match import play_match
from . import native_games
from .recorded import record_selfplay
from .seats import make_bot, parse_seats, seat_seed, seat_words

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` while a tournament runs."""


# ------------------------------------------------------------------ statistics
def binomial_p_greater(successes: int, trials: int, p: float) -> float:
    """Exact one-sided binomial test: P(X >= successes) for X ~ Binomial(trials, p) (scipy).

    >>> round(binomial_p_greater(7, 10, 0.5), 6)
    0.171875
    """
    from scipy.stats import binomtest

    if trials <= 0:
        return 1.0
    return float(binomtest(successes, trials, p, alternative="greater").pvalue)


# ------------------------------------------------------------------ the plan
def deck_seed(root: int, deck: int) -> int:
    """The seed of deck ``deck`` of a tournament seeded ``root`` (the ``deck``-th ``SeedSequence`` child).

    >>> deck_seed(1, 0) == deck_seed(1, 0) != deck_seed(1, 1)
    True
    """
    return int(np.random.SeedSequence(root, spawn_key=(deck,)).generate_state(1, np.uint32)[0])


def rotations(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """Every rotation of the seat order, the given order first.

    >>> rotations(["a", "b", "c"])
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    s = tuple(seats)
    return [s[k:] + s[:k] for k in range(len(s))]


@dataclass(frozen=True)
class GamePlan:
    """One game of a tournament: its index, deck seed, rotation and the bot in each seat."""

    game: int
    deck_seed: int
    rotation: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class TournamentSpec:
    """What a tournament plays: checked once (:meth:`create`), then shipped to workers as is."""

    definition: GameDefinition
    seats: tuple[str, ...]
    games: int
    seed: int
    records: bool = False
    move_cap: int = DEFAULT_MOVE_CAP

    @classmethod
    def create(cls, players: int, seats: str | Sequence[str], games: int, seed: int = 0,
               variants: Sequence[str] = (), deck: str = "default", records: bool = False) -> "TournamentSpec":
        """Check every argument; :class:`BadInput` with one line naming the problem."""
        definition = GameDefinition.create(players, variants, deck)
        names = parse_seats(seats, players)
        if isinstance(games, bool) or not isinstance(games, int) or games < players or games % players:
            raise BadInput(
                f"games: expected a positive multiple of {players} (each deck is played in all {players} "
                f"seat rotations), got {games!r}" + (f"; try {players * max(1, round(games / players))}"
                                                     if isinstance(games, int) and games > 0 else ""))
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise BadInput(f"seed: expected a whole number >= 0, got {seed!r}")
        return cls(definition, names, games, seed, records)

    @property
    def players(self) -> int:
        return self.definition.players

    def plans(self) -> list[GamePlan]:
        """Every game in order: deck ``g // N`` in rotation ``g % N``."""
        n = self.players
        rot = rotations(self.seats)
        return [GamePlan(g, deck_seed(self.seed, g // n), g % n, rot[g % n]) for g in range(self.games)]


# ------------------------------------------------------------------ playing
def game_title(seed: int, plan: GamePlan) -> str:
    """A tournament game's record title in players' words: the game counted from 1, as people count (the
    result's ``game`` counts from 0), who played each newspaper, and the deal.

    >>> game_title(1, GamePlan(0, 9, 0, ("greedy", "random")))
    'Tournament 1, game 1: The Times played by the greedy bot, The Sun by the random bot (deal 9)'
    """
    seats = [f"{newspaper(i)} {'played ' if i == 0 else ''}by {seat_words(name)}" for i, name in enumerate(plan.seats)]
    return f"Tournament {seed}, game {plan.game + 1}: {', '.join(seats)} (deal {plan.deck_seed})"


def play_planned(spec: TournamentSpec, plan: GamePlan) -> dict:
    """Play one planned game; its result as JSON data (with the record when ``spec.records``)."""
    if spec.records:
        doc, state = record_selfplay(spec.definition, plan.deck_seed, seats=plan.seats, move_cap=spec.move_cap)
        doc["title"] = game_title(spec.seed, plan)
    else:
        bots = [make_bot(name, seat_seed(plan.deck_seed, seat)) for seat, name in enumerate(plan.seats)]
        state = play_match(new_game(spec.definition, seed=plan.deck_seed), bots, seed=plan.deck_seed,
                           move_cap=spec.move_cap, in_place=True).state
        doc = None
    result = {
        "game": plan.game,
        "deck_seed": plan.deck_seed,
        "rotation": plan.rotation,
        "seats": list(plan.seats),
        "scores": [p.circulation for p in state.players],
        "winners": list(state.winners),
        "presses": [p.pennies for p in state.players],
        "stories": [len(p.published) for p in state.players],
        "moves": state.ply,
        "over": state.is_over,
    }
    if doc is not None:
        result["record"] = doc
    return result


def play_batch(spec: TournamentSpec, plans: Sequence[GamePlan]) -> list[dict]:
    """Play a batch of games (what one executor task does)."""
    return [play_planned(spec, plan) for plan in plans]


# ------------------------------------------------------------------ adding up
def _ranks(result: dict) -> list[int]:
    """1 + how many players did strictly better (winners first, then circulation)."""
    key = [(i in result["winners"], s) for i, s in enumerate(result["scores"])]
    return [1 + sum(other > mine for other in key) for mine in key]


def _ratings(order: Sequence[str], results: Sequence[dict]) -> dict[str, dict]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {name: model.rating(name=name) for name in order}
    for r in results:
        teams = [[rating[name]] for name in r["seats"]]
        new = model.rate(teams, ranks=_ranks(r))
        for name in dict.fromkeys(r["seats"]):
            mine = [team[0] for team, seat_name in zip(new, r["seats"]) if seat_name == name]
            mu = sum(x.mu for x in mine) / len(mine)
            sigma = sum(x.sigma for x in mine) / len(mine)
            rating[name] = model.rating(mu=mu, sigma=sigma, name=name)
    return {name: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "ordinal": round(r.ordinal(), 4)}
            for name, r in rating.items()}


def summarise(spec: TournamentSpec, results: Sequence[dict]) -> dict:
    """The tournament report from every game's result (in any order: they are sorted first)."""
    results = sorted(results, key=lambda r: r["game"])
    if [r["game"] for r in results] != list(range(spec.games)):
        raise ValueError("summarise needs exactly one result per planned game")
    n = spec.players
    order = list(dict.fromkeys(spec.seats))
    ratings = _ratings(order, results)
    bots = []
    for name in order:
        held = [i for i, s in enumerate(spec.seats) if s == name]
        trials = spec.games * len(held)
        wins = outright = 0.0
        score = margin = presses = 0
        for r in results:
            for seat, seat_name in enumerate(r["seats"]):
                if seat_name != name:
                    continue
                if seat in r["winners"]:
                    wins += 1 / len(r["winners"])
                    outright += len(r["winners"]) == 1
                mine = r["scores"][seat]
                score += mine
                margin += mine - max(s for i, s in enumerate(r["scores"]) if i != seat)
                presses += r["presses"][seat]
        low, high = wilson(wins / trials, trials)
        bots.append({
            "bot": name,
            "seats": held,
            "games": spec.games,
            "wins": round(wins, 6),
            "outright_wins": int(outright),
            "win_share": round(wins / trials, 6),
            "win_interval": [round(low, 6), round(high, 6)],
            "fair_share": round(1 / n, 6),
            "p_value": float(f"{binomial_p_greater(int(outright), trials, 1 / n):.6g}"),
            "mean_score": round(score / trials, 4),
            "mean_margin": round(margin / trials, 4),
            "mean_presses": round(presses / trials, 4),
            "rating": ratings[name],
        })
    return {
        "games": spec.games,
        "players": n,
        "seed": spec.seed,
        "seats": list(spec.seats),
        "variants": list(spec.definition.variants),
        "deck": spec.definition.deck_name,
        "rotations": n,
        "decks": spec.games // n,
        "unfinished_games": sum(not r["over"] for r in results),
        "bots": bots,
        "results": [{k: v for k, v in r.items() if k != "record"} for r in results],
    }


def resumable(spec: TournamentSpec, lines: Iterable[str], source: str = "the results") -> list[dict]:
    """The games of ``spec`` already played, read from a stopped run's results (one JSON line a game, as
    ``on_result`` saw them), for :func:`run_tournament`'s ``done``.

    Each line must be a game of this very spec -- its index, deal, rotation and seats as planned -- and
    no game may come twice, else ``ValueError`` names the line: results of another seed, seats or
    player count would be counted as this run's. A last line cut short (the run was stopped while
    writing it) is dropped, and its game is played again.
    """
    plans = {p.game: p for p in spec.plans()}
    out: list[dict] = []
    seen: set[int] = set()
    lines = [ln for ln in lines if ln.strip()]
    for i, ln in enumerate(lines, 1):
        try:
            r = json.loads(ln)
        except json.JSONDecodeError:
            if i == len(lines):
                break
            raise ValueError(f"{source}, line {i}: not a game's result (not JSON)") from None
        plan = plans.get(r.get("game")) if isinstance(r, dict) else None
        if plan is None:
            raise ValueError(f"{source}, line {i}: no game {r.get('game') if isinstance(r, dict) else '?'} "
                             f"in this run (games 0 to {spec.games - 1})")
        if (r.get("deck_seed"), r.get("rotation"), tuple(r.get("seats") or ())) != (
                plan.deck_seed, plan.rotation, tuple(plan.seats)):
            raise ValueError(f"{source}, line {i}: game {plan.game} was dealt or seated otherwise than this "
                             f"run's (another seed or other seats)")
        if plan.game in seen:
            raise ValueError(f"{source}, line {i}: game {plan.game} comes twice")
        seen.add(plan.game)
        out.append(r)
    return out


def run_tournament(spec: TournamentSpec, executor: Any = None, progress: Progress | None = None,
                   batch_size: int | None = None, on_result: Callable[[dict], None] | None = None,
                   threads: int = 1, done: list[dict] | None = None) -> dict:
    """Play every game of ``spec`` and return the report (:func:`summarise`) plus a ``timing`` key.

    ``executor``: ``None`` plays in this process -- on the native core's
    ``threads`` threads when it can play every seat (:mod:`.native_games`),
    else on the Python engine; otherwise any ``concurrent.futures``-style
    executor (``submit`` returning futures), e.g.
    :func:`pennypress.engine.arena.executors.open_executor`'s. ``on_result``
    sees every game's result (with its ``record`` when ``spec.records``) as
    it arrives, in completion order. Only ``timing`` depends on how it ran
    (``timing.engine`` says which engine played: ``native`` or ``python``).
    ``done``: results of this spec's games already played (a stopped run's
    file, :func:`resumable`); they are not played again and count in the
    report as if played now, so a run resumed gives the report of a run that
    never stopped.
    """
    from concurrent.futures import as_completed

    results: list[dict] = list(done or [])
    played = {r["game"] for r in results}
    plans = [p for p in spec.plans() if p.game not in played]
    started = time.perf_counter()

    def take(batch: list[dict]) -> None:
        for r in batch:
            results.append(r)
            if on_result is not None:
                on_result(r)
        if progress is not None:
            progress(len(results), spec.games)

    engine = "python"
    if executor is None and native_games.can_play(spec):
        engine = "native"
        size = batch_size or max(32, 16 * threads)  # progress between batches
        for i in range(0, len(plans), size):
            take(native_games.play_plans(spec, plans[i:i + size], threads))
    elif executor is None:
        for plan in plans:
            take([play_planned(spec, plan)])
    else:
        size = batch_size or max(1, min(8, spec.games // 32))
        futures = [executor.submit(play_batch, spec, plans[i:i + size]) for i in range(0, len(plans), size)]
        for future in as_completed(futures):
            take(future.result())
    report = summarise(spec, results)
    seconds = time.perf_counter() - started
    report["timing"] = {"seconds": round(seconds, 3),
                        "games_per_minute": round(60 * len(plans) / seconds, 2) if seconds > 0 else None,
                        "engine": engine}
    return report
