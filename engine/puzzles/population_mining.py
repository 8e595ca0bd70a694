"""Timing puzzles found by full games first: press-or-wait questions the population settles.

The search-first run (:mod:`.timing_set`) certifies an answer on the search's
own playouts and only then plays it out against the population; most of its
answers do not survive the games. This run asks the games first. Game ``i``
of a run seeded ``seed`` (:func:`population_plan`) is a seeded game of strong
bots at 2 to 5 players; of its press decisions in normal play after the
opening, up to :data:`PER_GAME` are tried. For each:

1. **The two moves.** The ``fast`` analysis names the best way to press and
   the best way to wait (the sides a press-or-wait question compares).
2. **The screen.** Both moves are played to the end :data:`SCREEN_GAMES`
   times under each cell of the population but the costliest model
   (:data:`LAST`), on the screen's seed. The position goes on only when every
   cell agrees on the better side by at least :data:`SCREEN_SHARE` of the
   certificate's bar (a screen of few games is noisy: a strict one would throw
   good questions away); that side is the answer. The screen only chooses: nothing it measured is kept
   as evidence.
3. **The certificate**, on a fresh seed (never the screen's): both moves played
   out under every cell of the population, :data:`~.population_certificate.GAMES`
   paired games a cell, cheap models first and the costliest last, stopped at
   the first cell that rules the answer out
   (:func:`.population_certificate.certify`). Certified, the position becomes
   a puzzle whose evidence is that certificate (``certainty`` ``population``)
   and whose why says, from the certificate's own games, what each move leads
   to (:mod:`.population_story`).

Every decided candidate is written to the log as one JSON line, so a stopped
run goes on where it stopped and ends with exactly the puzzles of an unbroken
one; :func:`replay_mined` reads the puzzles from a log without playing.
"""
from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from pennypress.errors import BadInput

from ..advisor import advise
from ..arena.population import COSTLY, Population, play_out, population
from ..game.moves import GoToPress, parse_move
from ..game.words import move_words
from ..io.state import State, public_view
from ..notation.text import from_text, to_text
from ..position.position import Phase
from .difficulty import bot_verdicts, difficulty_of
from .mining import GamePlan, play_positions
from .model import PRESS_OR_WAIT, WAIT, Puzzle
from .population_certificate import GAMES, Cell, PopulationCertificate, cell_of, certify, loss_words
from .population_story import tell, why_of
from .positions import read_move
from .store import PuzzleSet
from .timing import MIN_MARGIN_GAP, MIN_WIN_GAP, candidate
from .timing_set import read_decided

PLAYERS = (2, 3, 3, 4, 5)
"""Player counts of the games (three players, the commonest table, twice as often)."""
SEATS = ("evaluator", "heuristic")
"""The bots that play the games the positions come from."""
PER_GAME = 6
"""Press decisions tried per game at the most (a game's positions cost more to reach than to screen)."""
OPENING = 6
"""Plies skipped at the start."""
SCREEN_GAMES = 40
"""Paired games a cell in the screen."""
SCREEN_SHARE = 0.5
"""The screen keeps a cell whose advantage is at least this share of the certificate's bar."""
LAST = COSTLY
"""The opponent models left out of the screen and played last in the certificate (the costliest)."""
PREFIX = "timing-g"
"""The ids of the puzzles this run finds (``timing-g001``...): apart from the search-first run's."""
_SEED_GAME, _SEED_PLY = 100_000, 1_000
_SEED_LIMIT = 2 ** 63


def population_plan(seed: int, index: int) -> GamePlan:
    """Game ``index`` of a run seeded ``seed``."""
    rng = random.Random(f"pennypress-population-mine:{seed}:{index}")
    players = rng.choice(PLAYERS)
    seats = tuple(rng.choice(SEATS) for _ in range(players))
    return GamePlan(index, rng.getrandbits(32), players, (), seats)


def candidate_seed(seed: int, game: int, ply: int) -> int:
    """The seed of one candidate (its analysis): the screen plays from twice it, the certificate from one more."""
    if not (0 <= game < _SEED_GAME and 0 <= ply < _SEED_PLY):
        raise BadInput(f"game {game}, ply {ply}: beyond the run's seeding ({_SEED_GAME} games, {_SEED_PLY} plies)")
    return (seed * _SEED_GAME + game) * _SEED_PLY + ply


def game_candidates(plan: GamePlan) -> list[tuple[int, State]]:
    """``(ply, position)`` of up to :data:`PER_GAME` press decisions of the game, in game order."""
    rng = random.Random(f"pennypress-population-pick:{plan.index}:{plan.deck_seed}")
    found = [(ply, s) for ply, s in play_positions(plan)
             if ply >= OPENING and s.phase is Phase.NORMAL and candidate(s) == PRESS_OR_WAIT]
    return sorted(rng.sample(found, min(PER_GAME, len(found))), key=lambda c: c[0])


def screen_population(full: Population) -> Population:
    """The population the screen plays: every model but :data:`LAST`."""
    for name in LAST:
        if name in full.opponents:
            full = full.without(name)
    return full


def certificate_order(full: Population) -> Population:
    """The population in the order its cells are played: :data:`LAST` at the end (a certificate stores its cells
    in the population's own order)."""
    return Population(tuple(n for n in full.opponents if n not in LAST)
                      + tuple(n for n in full.opponents if n in LAST), full.movers)


def _bar(cell: Cell) -> float:
    return SCREEN_SHARE * (MIN_WIN_GAP if cell.measure == "win" else MIN_MARGIN_GAP)


@dataclass(frozen=True)
class PopulationMine:
    """A run: its seed, puzzles wanted per player count, its log, and how it plays."""

    seed: int
    wanted: dict[int, int]
    log: Path
    games: int = GAMES
    screen_games: int = SCREEN_GAMES
    threads: int = 1

    def check(self) -> None:
        if not self.wanted or any(n not in (2, 3, 4, 5) or c < 0 for n, c in self.wanted.items()) \
                or not any(self.wanted.values()):
            raise BadInput("puzzles wanted: 0 or more of each table of 2 to 5 players, not all 0")
        if self.games < GAMES:
            raise BadInput(f"--games: a certificate plays at least {GAMES} games a cell, got {self.games}")
        if self.screen_games < 2:
            raise BadInput(f"--screen-games must be at least 2, got {self.screen_games}")
        if self.threads < 1:
            raise BadInput(f"--threads must be at least 1, got {self.threads}")
        if not 0 <= candidate_seed(self.seed, _SEED_GAME - 1, _SEED_PLY - 1) < _SEED_LIMIT:
            raise BadInput(f"--seed: expected 0 to {_SEED_LIMIT // (_SEED_GAME * _SEED_PLY) - 1}, got {self.seed} "
                           "(a candidate's analysis takes a seed below 2**63)")


def decide(run: PopulationMine, plan: GamePlan, ply: int, state: State, full: Population | None = None) -> dict:
    """One candidate's log line: its two moves, the screen's cells and, past the screen, the certificate and
    (certified) the puzzle."""
    full = full or population()
    notation = to_text(public_view(state))
    view = from_text(notation)
    seed = candidate_seed(run.seed, plan.index, ply)
    doc: dict = {"game": plan.index, "ply": ply, "players": plan.players}
    advice = advise(view, "fast", seed=seed, workers=run.threads, reasons_top=0, lines=False)
    wait = next((m.move for m in advice.moves if not isinstance(parse_move(m.move), GoToPress) and m.was_searched),
                None)
    if wait is None:
        doc["screen"] = "no way to wait was searched"
        return doc
    doc["wait"] = wait
    moves = (read_move(view, "press"), read_move(view, wait))
    side = 0
    cells = []
    for opponent, mover in screen_population(full).cells():
        cell = cell_of(play_out(view, moves, opponent, mover, run.screen_games, 2 * seed, run.threads))
        cells.append([opponent, mover, cell.measure, round(cell.advantage, 6)])
        here = 1 if cell.advantage > 0 else -1
        side = side or here
        if here != side or abs(cell.advantage) < _bar(cell):
            doc["screen"] = cells
            return doc
    doc["screen"] = cells
    answer, rival = moves if side > 0 else moves[::-1]
    cert = certify(view, answer, rival, certificate_order(full), run.games, 2 * seed + 1, run.threads,
                   stop_at_failure=True)
    if cert.certified:
        order = {key: i for i, key in enumerate(full.cells())}
        cert = PopulationCertificate(cert.answer, cert.rival, cert.seed,
                                     tuple(sorted(cert.cells, key=lambda c: order[(c.opponent, c.mover)])))
    doc["population"] = cert.to_json()
    if cert.certified:
        doc["puzzle"] = population_puzzle(cert, view, notation, plan.source(ply), seed, full)
    return doc


def population_puzzle(cert: PopulationCertificate, view: State, notation: str, source: dict, seed: int,
                      full: Population | None = None) -> dict:
    """A certified puzzle's record (without its id): a press-or-wait question whose evidence is the population
    certificate; the answer is ``press``, or the way to wait the analysis named (any wait is right)."""
    answer, rival = parse_move(cert.answer), parse_move(cert.rival)
    pressing = isinstance(answer, GoToPress)
    verdicts = bot_verdicts(view, lambda move: isinstance(move, GoToPress) == pressing, seed)
    doc = cert.to_json()
    story = tell(view, answer, rival, full or population(), cert.seed)
    why = why_of(doc, answer, rival, story)
    evidence = {"certainty": "population", "player": view.current, "phase": view.phase.value,
                "legal_moves": len(view.legal_moves()), "bot_seed": seed, "bots": verdicts,
                "best": [{"move": cert.answer}], "second": {"move": cert.rival},
                "side": "press" if pressing else WAIT, "population": doc, "story": story}
    second = {"choice": cert.rival, "in_words": move_words(rival), "loses": loss_words(cert)}
    return {"kind": PRESS_OR_WAIT, "difficulty": difficulty_of(verdicts),
            "question": notation, "answer": ["press"] if pressing else [cert.answer], "why": why,
            "second_best": second, "tags": [view.phase.value, "population", "timing"], "evidence": evidence,
            "source": source}


def _decided(log: Path) -> dict[tuple[int, int], dict]:
    """The candidates a run's log has decided, by ``(game, ply)`` (:func:`.timing_set.read_decided`)."""
    return read_decided(log, "a population mining run")


Progress = Callable[[int, int], None]


def decide_game(run: PopulationMine, index: int, done: frozenset[int] = frozenset(),
                full: Population | None = None) -> tuple[list[int], list[dict]]:
    """Game ``index``'s candidate plies, in order, and the log lines of those not in ``done`` (decided here): one
    game's work, for a worker."""
    plan = population_plan(run.seed, index)
    found = game_candidates(plan)
    full = full or population()
    return [ply for ply, _ in found], [decide(run, plan, ply, state, full) for ply, state in found if ply not in done]


class _Tally:
    """The puzzles found so far, game by game in the run's order, against the quotas."""

    def __init__(self, run: PopulationMine, decided: dict[tuple[int, int], dict]):
        self.run, self.decided = run, decided
        self.have = {n: 0 for n in run.wanted}
        self.puzzles: list[dict] = []

    def full(self, players: int) -> bool:
        return self.have.get(players, 0) >= self.run.wanted.get(players, 0)

    @property
    def done(self) -> bool:
        return all(self.have[n] >= c for n, c in self.run.wanted.items())

    def take(self, plan: GamePlan, doc: dict) -> None:
        """Count one decided candidate of game ``plan`` (:class:`BadInput` for a line of another run's log)."""
        if doc.get("players") != plan.players:
            raise BadInput(f"{self.run.log}: game {plan.index} has {plan.players} players in a run seeded "
                           f"{self.run.seed}, the log says {doc.get('players')}: another run's log")
        cert = doc.get("population")
        if cert is not None and (cert.get("seed") != 2 * candidate_seed(self.run.seed, plan.index, doc["ply"]) + 1
                                 or any(c.get("games") != self.run.games for c in cert.get("cells", ()))):
            raise BadInput(f"{self.run.log}: game {plan.index} ply {doc['ply']}: its certificate is not of a run "
                           f"seeded {self.run.seed} with {self.run.games} games a cell: another run's log")
        if doc.get("puzzle") is not None:
            self.have[plan.players] += 1
            self.puzzles.append(doc["puzzle"])

    def count(self, plan: GamePlan, plies: list[int], new: dict[int, dict]) -> list[dict]:
        """Count game ``plan``'s candidates in ply order, up to its table's quota, each decided in the log or
        in ``new`` (by ply); the new ones counted, which the log then takes (as an unbroken run would)."""
        taken = []
        for ply in plies:
            if self.full(plan.players):
                break
            doc = self.decided.get((plan.index, ply))
            if doc is None:
                doc = self.decided[(plan.index, ply)] = new[ply]
                taken.append(doc)
            self.take(plan, doc)
        return taken


def mine(run: PopulationMine, progress: Progress | None = None, max_games: int = 100_000,
         play: bool = True, full: Population | None = None, workers: int = 1, executor: str = "local") -> list[dict]:
    """Certified puzzles until ``run.wanted`` is met for each player count (or ``max_games`` games), every
    decided candidate appended to ``run.log``; the puzzles in found order. Without ``play`` only the log is
    read: the run stops at the first candidate it has not decided. ``full`` is the population (the
    registry's by default). With ``workers`` above 1 whole games are decided side by side (``executor``:
    :func:`~pennypress.engine.arena.executors.open_executor`) and taken in the run's order, what an unbroken
    run would not have decided left out: the same log, the same puzzles."""
    run.check()
    tally = _Tally(run, _decided(run.log))
    if play and workers > 1:
        return _mine_parallel(run, tally, progress, max_games, workers, executor, full or population())
    full = full or population()
    with (run.log.open("a", encoding="utf-8") if play else contextlib.nullcontext()) as log:
        for index in range(max_games):
            if tally.done:
                break
            plan = population_plan(run.seed, index)
            if tally.full(plan.players):
                continue
            for ply, state in game_candidates(plan):
                if tally.full(plan.players):
                    break
                doc = tally.decided.get((index, ply))
                if doc is None:
                    if not play:
                        return tally.puzzles
                    doc = decide(run, plan, ply, state, full)
                    log.write(json.dumps(doc, ensure_ascii=False) + "\n")
                    log.flush()
                    tally.decided[(index, ply)] = doc
                tally.take(plan, doc)
            if progress is not None:
                progress(sum(tally.have.values()), sum(run.wanted.values()))
    return tally.puzzles


def _mine_parallel(run: PopulationMine, tally: _Tally, progress: Progress | None, max_games: int, workers: int,
                   executor: str, full: Population) -> list[dict]:
    """:func:`mine` with whole games decided by ``workers`` side by side and counted in order."""
    from collections import deque

    from ..arena.executors import open_executor

    by_game: dict[int, set[int]] = {}
    for game, ply in tally.decided:
        by_game.setdefault(game, set()).add(ply)
    pending: deque = deque()
    upcoming = iter(range(max_games))
    with open_executor(executor, workers, fresh=True) as pool, run.log.open("a", encoding="utf-8") as log:
        def submit() -> None:
            while len(pending) < 2 * workers:
                index = next(upcoming, None)
                if index is None:
                    return
                plan = population_plan(run.seed, index)
                if not tally.full(plan.players):
                    pending.append((plan, pool.submit(decide_game, run, index, frozenset(by_game.get(index, ())), full)))

        submit()
        while pending and not tally.done:
            plan, future = pending.popleft()
            plies, docs = future.result()
            if tally.full(plan.players):  # filled by the games before it: an unbroken run never decides it
                continue
            for doc in tally.count(plan, plies, {d["ply"]: d for d in docs}):
                log.write(json.dumps(doc, ensure_ascii=False) + "\n")
            log.flush()
            if progress is not None:
                progress(sum(tally.have.values()), sum(run.wanted.values()))
            submit()
        for _, future in pending:
            future.cancel()
    return tally.puzzles


def retell(run: PopulationMine, full: Population | None = None, progress: Progress | None = None,
           threads: int = 1) -> int:
    """Tell every certified puzzle of ``run.log`` its story again (:mod:`.population_story`), from its own
    certificate's games, and write the log back with those puzzles' stories and whys replaced -- after a change
    to what a story measures or says; every decision and certificate is kept as it is. The number retold."""
    full = full or population()
    decided = _decided(run.log)  # every line checked first: BadInput naming one that is not a candidate's
    lines = list(decided.values())
    told = [d for d in lines if d.get("puzzle") is not None]
    for i, doc in enumerate(told, 1):
        puzzle = doc["puzzle"]
        view = from_text(puzzle["question"])
        cert = PopulationCertificate.from_json(puzzle["evidence"]["population"])
        answer, rival = parse_move(cert.answer), parse_move(cert.rival)
        story = tell(view, answer, rival, full, cert.seed, threads=threads)
        puzzle["evidence"]["story"] = story
        puzzle["why"] = why_of(cert.to_json(), answer, rival, story)
        if progress is not None:
            progress(i, len(told))
    run.log.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in lines), encoding="utf-8")
    return len(told)


def numbered(found: list[dict]) -> list[dict]:
    """The found puzzles with their ids (:data:`PREFIX`), in found order."""
    return [{**doc, "id": f"{PREFIX}{n:03d}"} for n, doc in enumerate(found, 1)]


def mine_command(run: PopulationMine) -> str:
    """The ``pennypress puzzle mine`` command of the run."""
    flags = {2: "--two", 3: "--three", 4: "--four", 5: "--five"}
    args = ["pennypress", "puzzle", "mine", "--seed", str(run.seed), "--log", run.log.as_posix()]
    for n, flag in flags.items():
        args += [flag, str(run.wanted.get(n, 0))]
    if run.games != GAMES:
        args += ["--games", str(run.games)]
    if run.screen_games != SCREEN_GAMES:
        args += ["--screen-games", str(run.screen_games)]
    return " ".join(args)


def log_summary(run: PopulationMine) -> dict:
    """What a run's log shows: candidates decided, past the screen, certified, by table."""
    rows: dict[int, dict[str, int]] = {}
    for doc in _decided(run.log).values():
        row = rows.setdefault(doc["players"], {"decided": 0, "past the screen": 0, "certified": 0})
        row["decided"] += 1
        row["past the screen"] += "population" in doc
        row["certified"] += "puzzle" in doc
    return {str(n): rows[n] for n in sorted(rows)}


def candidates(seed: int, games: int) -> Iterator[tuple[GamePlan, int, State]]:
    """Every candidate of the first ``games`` games of a run (for a look before mining)."""
    for index in range(games):
        plan = population_plan(seed, index)
        for ply, state in game_candidates(plan):
            yield plan, ply, state


def merge_mined(base: PuzzleSet, found: list[dict], run: PopulationMine, replayed: bool) -> PuzzleSet:
    """``base`` with its puzzles found by games first replaced by ``found`` (numbered, after the others), and
    the run's record in the generator (``generator["mined"]``: its command, seed, quotas, log and counts)."""
    puzzles = tuple(Puzzle.from_json(doc) for doc in numbered(found))
    by_players = {n: sum(p.source.get("players") == n for p in puzzles) for n in run.wanted}
    record = {"command": mine_command(run) + (" --replay" if replayed else ""), "seed": run.seed,
              "wanted": {str(n): c for n, c in run.wanted.items()}, "log": run.log.as_posix(), "games": run.games,
              "screen_games": run.screen_games, "certified": len(puzzles),
              "by_players": {str(n): c for n, c in by_players.items()},
              "complete": all(by_players[n] >= c for n, c in run.wanted.items()), "candidates": log_summary(run)}
    kept = tuple(p for p in base.puzzles if p.certainty != "population")
    return PuzzleSet(kept + puzzles, dict(base.generator, mined=record))
