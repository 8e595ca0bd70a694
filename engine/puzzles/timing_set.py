"""Mining the timing puzzles: seeded games of strong bots, positions before the final edition, certified.

Game ``i`` of a run seeded ``seed`` (:func:`timing_plan`) is fixed by those two
numbers: its player count (2, 3 or 4, three players twice as often), its deal
and a strong bot per seat (the league's ``evaluator``, or the tuned
``heuristic`` bot), played by the one game loop (:mod:`.mining`). Of its
positions in normal play after the opening, :data:`PER_GAME` are tried: half
press decisions (a press-or-wait question), the rest best-move questions. A cheap screen at ``fast`` keeps a position only when the next choice
looks at least :data:`SCREEN_GAP` behind (a clear answer is what a puzzle
needs, and the certificate is costly); a kept position is certified by
:func:`.timing.certify` and, if it clears the bar, becomes a puzzle whose
evidence holds the certificate.

Every candidate's outcome is written to a log as it is decided (one JSON line
each), so an interrupted run goes on from where it stopped
(:func:`mine_timing` reads the log first); the same seed gives the same
puzzles. Where the time goes: a certificate plays ten times the ``deep``
search's playouts; the screen keeps that cost for positions likely to pass.
"""
from __future__ import annotations

import contextlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from pennypress.errors import BadInput
from pennypress.json_text import parse_json_text

from ..advisor import advise
from ..game.moves import GoToPress, Move, parse_move
from ..game.words import move_words
from ..io.state import State, public_view
from ..notation.text import from_text, to_text
from ..position.position import Phase
from .difficulty import bot_verdicts, difficulty_of
from .mining import GamePlan, play_positions
from .model import BEST_MOVE, PRESS_OR_WAIT, WAIT
from .timing import CONFIRM_MULTIPLE, JUDGED_BY_SEARCH, MIN_CONFIRM, Certificate, candidate, certify

PLAYERS = (2, 3, 3, 4)
"""Player counts of the mined games (three players, the commonest table, twice as often)."""
STRONG_SEATS = ("evaluator", "heuristic")
"""The bots that play the mined games."""
PER_GAME = 2
"""Positions tried per game at the most."""
OPENING = 6
"""Plies skipped at the start (the first moves are rarely a puzzle)."""
SCREEN_GAP = 0.10
"""The screen at ``fast`` keeps a position whose next choice is at least this far behind (win probability)."""

Progress = Callable[[int, int], None]


def timing_plan(seed: int, index: int) -> GamePlan:
    """Game ``index`` of a timing-puzzle run seeded ``seed``."""
    rng = random.Random(f"pennypress-timing:{seed}:{index}")
    players = rng.choice(PLAYERS)
    seats = tuple(rng.choice(STRONG_SEATS) for _ in range(players))
    return GamePlan(index, rng.getrandbits(32), players, (), seats)


def game_candidates(plan: GamePlan) -> list[tuple[int, State, str]]:
    """``(ply, position, kind)`` of up to :data:`PER_GAME` positions of the game, drawn from its press
    decisions (half) and its other decisions (the rest), in game order."""
    rng = random.Random(f"pennypress-timing-pick:{plan.index}:{plan.deck_seed}")
    found = [(ply, s, candidate(s)) for ply, s in play_positions(plan)
             if ply >= OPENING and s.phase is Phase.NORMAL and candidate(s) is not None]
    presses = [c for c in found if c[2] == PRESS_OR_WAIT]
    others = [c for c in found if c[2] == BEST_MOVE]
    picked = rng.sample(presses, min(PER_GAME // 2, len(presses)))
    picked += rng.sample(others, min(PER_GAME - len(picked), len(others)))
    return sorted(picked, key=lambda c: c[0])


def _next_choice_gap(state: State, kind: str, seed: int) -> float:
    """How far the fast search puts the next choice behind its best (win probability)."""
    advice = advise(public_view(state), "fast", seed=seed, reasons_top=0, lines=False)
    best = advice.best.move
    if kind == PRESS_OR_WAIT:
        side = best.split(" ", 1)[0] == "press"
        rival = next((m for m in advice.moves if (m.move.split(" ", 1)[0] == "press") != side and m.was_searched),
                     None)
    else:
        rival = advice.moves[1]
    return 0.0 if rival is None or rival.loss is None else rival.loss


def timing_why(certificate: dict) -> list[str]:
    """A timing puzzle's why, from its stored certificate (``evidence["certificate"]``): the answer, what
    each move won in the search's playouts, and :data:`~.timing.JUDGED_BY_SEARCH` -- today's words for
    what was measured, so the build says them again for every puzzle its log holds."""
    said, rival_said = move_words(parse_move(certificate["answer"])), move_words(parse_move(certificate["rival"]))
    advantage, (answer, rival) = certificate["advantage"], certificate["outcomes"]
    gain = (f"{advantage:.0%} more often" if certificate["measure"] == "win"
            else f"by {advantage:.1f} more points of lead over the best rival")
    return [f"Best: {said}.", f"In the search's playouts it wins {answer[0]:.0%} of the time, {rival_said} "
                              f"{rival[0]:.0%}: the best move wins {gain}.", JUDGED_BY_SEARCH]


def timing_puzzle(cert: Certificate, position: State, notation: str, source: dict, seed: int) -> dict:
    """A certified timing puzzle's record (without its id)."""
    answer_move = parse_move(cert.answer)
    pressing = isinstance(answer_move, GoToPress)
    if cert.kind == PRESS_OR_WAIT:
        answer = ["press"] if pressing else [cert.answer]  # waiting: the best way to wait (any wait is right)

        def right(move: Move) -> bool:
            return isinstance(move, GoToPress) == pressing
    else:
        answer = [cert.answer]

        def right(move: Move) -> bool:
            return str(move) == cert.answer
    verdicts = bot_verdicts(position, right, seed)
    rival_said = move_words(parse_move(cert.rival))
    why = timing_why(cert.to_json())
    outcome = lambda o: [round(o[0], 4), round(o[1], 4), round(o[2], 4)]  # noqa: E731
    evidence = {"certainty": "searched", "player": position.current, "phase": position.phase.value,
                "legal_moves": len(position.legal_moves()), "bot_seed": seed, "bots": verdicts,
                "best": [{"move": cert.answer, "outcome": outcome(cert.outcomes[0])}],
                "second": {"move": cert.rival, "outcome": outcome(cert.outcomes[1])},
                "certificate": cert.to_json(),
                "lines": {"answer": [s.to_json() for s in cert.line_answer],
                          "rival": [s.to_json() for s in cert.line_rival]}}
    if cert.kind == PRESS_OR_WAIT:
        evidence["side"] = "press" if pressing else WAIT
    loses = (f"about {cert.advantage:.0%} of the chance to win" if cert.measure == "win"
             else f"about {cert.advantage:.1f} points of lead")
    second = {"choice": cert.rival, "in_words": rival_said, "outcome": outcome(cert.outcomes[1]), "loses": loses}
    return {"kind": cert.kind, "difficulty": difficulty_of(verdicts), "question": notation, "answer": answer,
            "why": why, "second_best": second, "tags": [position.phase.value, "searched", "timing"],
            "evidence": evidence, "source": source, "key": notation}


@dataclass(frozen=True)
class TimingRun:
    """A mining run: its seed, how many puzzles per player count, the log of decided candidates."""

    seed: int
    wanted: dict[int, int]
    log: Path
    workers: int | None = None
    multiple: int = CONFIRM_MULTIPLE
    """The certificate's playouts, as a multiple of the pick's (:data:`.timing.CONFIRM_MULTIPLE`)."""
    minimum: int = MIN_CONFIRM


def read_decided(log: Path, what: str = "a timing run") -> dict[tuple[int, int], dict]:
    """The candidates a run's log has decided, by ``(game, ply)``; :class:`BadInput` naming the line
    when a line is not one (the log is the engine's own, so anything else is a wrong or damaged file).
    ``what`` names the run in that message (the mining runs by games first read their logs here too)."""
    if not log.exists():
        return {}
    try:
        text = log.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{log.name}: not UTF-8 text, so not the log of {what}") from None
    except OSError as exc:
        raise BadInput(f"{log.name}: cannot be read ({exc.strerror or 'unreadable'})") from None
    out = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            doc = parse_json_text(line, f"{log.name} line {number}")
            if not isinstance(doc, dict) or not isinstance(doc.get("game"), int) or not isinstance(doc.get("ply"), int):
                raise BadInput(f"{log.name} line {number}: not a decided candidate of {what} "
                               "(it needs a game and a ply)")
            out[(doc["game"], doc["ply"])] = doc
    return out


def mine_timing(run: TimingRun, progress: Progress | None = None, max_games: int = 100_000,
                search: bool = True) -> list[dict]:
    """Certified timing puzzles until ``run.wanted`` is met for each player count (or ``max_games``
    games), every decided candidate appended to ``run.log``; the puzzles in the order they were found.
    Without ``search`` only the log is replayed: the run stops at the first candidate the log has not
    decided (nothing is searched or written), so a complete log gives the whole set at no search cost."""
    decided = read_decided(run.log)
    have = {n: 0 for n in run.wanted}
    puzzles: list[dict] = []
    with (run.log.open("a") if search else contextlib.nullcontext()) as log:
        for index in range(max_games):
            if all(have[n] >= run.wanted[n] for n in run.wanted):
                break
            plan = timing_plan(run.seed, index)
            if have.get(plan.players, 0) >= run.wanted.get(plan.players, 0):
                continue
            for ply, state, kind in game_candidates(plan):
                if have[plan.players] >= run.wanted[plan.players]:
                    break
                doc = decided.get((index, ply))
                if doc is None:
                    if not search:
                        return puzzles
                    doc = _decide(run, plan, ply, state, kind)
                    log.write(json.dumps(doc, ensure_ascii=False) + "\n")
                    log.flush()
                if doc.get("puzzle") is not None:
                    have[plan.players] += 1
                    puzzles.append(doc["puzzle"])
            if progress is not None:
                progress(sum(have.values()), sum(run.wanted.values()))
    return puzzles


def replay_log(run: TimingRun) -> list[dict]:
    """The puzzles :func:`mine_timing` finds from ``run.log`` alone, without playing a game or searching:
    game by game in the run's order, each game's decided candidates in the order of their plies, the
    same quotas, up to the last game the log holds. For a log :func:`mine_timing` wrote (even one cut
    short and resumed) this is ``mine_timing(run, search=False)``, at the cost of reading the log; a log
    line of another run (its table is not the game's) is refused."""
    decided = read_decided(run.log)
    games: dict[int, list[dict]] = {}
    for (game, _ply), doc in sorted(decided.items()):
        games.setdefault(game, []).append(doc)
    have = {n: 0 for n in run.wanted}
    puzzles: list[dict] = []
    for index in range(max(games, default=-1) + 1):
        if all(have[n] >= run.wanted[n] for n in run.wanted):
            break
        plan = timing_plan(run.seed, index)
        for doc in games.get(index, ()):
            if doc["players"] != plan.players:
                raise BadInput(f"{run.log}: game {index} ply {doc['ply']} is a {doc['players']}-player game, "
                               f"game {index} of a run seeded {run.seed} has {plan.players}: another run's log")
        if have.get(plan.players, 0) >= run.wanted.get(plan.players, 0):
            continue
        for doc in games.get(index, ()):
            if have[plan.players] >= run.wanted[plan.players]:
                break
            if doc.get("puzzle") is not None:
                have[plan.players] += 1
                puzzles.append(doc["puzzle"])
    return puzzles


def _decide(run: TimingRun, plan: GamePlan, ply: int, state: State, kind: str) -> dict:
    """Screen one candidate and certify it if it passes: the log's line for it."""
    seed = run.seed * 100_003 + plan.index * 101 + ply
    doc: dict = {"game": plan.index, "ply": ply, "players": plan.players, "kind": kind}
    notation = to_text(public_view(state))
    position = from_text(notation)
    gap = _next_choice_gap(position, kind, seed)
    doc["screen_gap"] = round(gap, 4)
    if gap < SCREEN_GAP:
        return doc
    cert = certify(position, seed=seed, workers=run.workers, multiple=run.multiple, minimum=run.minimum)
    doc["certificate"] = cert.to_json()
    if cert.certified:
        doc["puzzle"] = timing_puzzle(cert, position, notation, plan.source(ply), seed)
    return doc


def timing_positions(seed: int, games: int) -> Iterator[tuple[GamePlan, int, State, str]]:
    """Every candidate of the first ``games`` games of a run (for a look before mining)."""
    for index in range(games):
        plan = timing_plan(seed, index)
        for ply, state, kind in game_candidates(plan):
            yield plan, ply, state, kind
