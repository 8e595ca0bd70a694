"""The puzzle generator: mine seeded self-play, keep only certain answers, pick an instructive set.

One call -- :func:`generate`, or ``pennypress puzzle generate --out FILE --seed S``
-- makes a whole puzzle file; the same settings give the same file, on one
worker or many (games are mined independently and combined in game order).

1. **Mine** :attr:`Settings.games` games (:mod:`.mining`). In every position,
   each player who could go to press with two or more stories gives a page
   candidate (their claims, the beat values, their ad); every final-edition
   position with a choice is searched exactly (:mod:`.positions`, at most
   :attr:`Settings.max_exact_nodes` nodes, which also keeps re-checking the set
   quick); with :attr:`Settings.search_playouts` > 0, positions before the
   final edition where the greedy and heuristic bots disagree about pressing
   are put to the paired search (:mod:`.searched`).
2. **Keep** what is certain: every page (the solver proves its optimum); a
   position only with an exact answer (or a search certificate).
3. **Pick** the set: page candidates once per distinct press (shapes, values,
   top beats and ad), spread over the difficulties, the most instructive first
   (:data:`~.pages.TAGS`); positions likewise, each used for one kind.
"""
from __future__ import annotations

import shlex
from dataclasses import asdict, dataclass, fields
from typing import Callable, Iterable, Iterator

from pennypress.errors import BadInput
from pennypress.solver import PressProblem

from ..advisor import is_deterministic, state_key
from ..arena.executors import check_workers, open_executor
from ..io.state import State, public_view
from ..notation.text import from_text, to_text
from ..position.position import Phase
from ..rules.press import press_problem
from .difficulty import bot_verdicts, difficulty_of
from .mining import GamePlan, game_plan, play_positions
from .model import BEST_MOVE, DIFFICULTIES, KINDS, PAGE, PRESS_OR_WAIT, Puzzle
from .pages import page_facts
from .positions import Answer, ExactAnalysis, OverBudget, analyse, best_move, exact_value, explain, is_right, press_or_wait
from .searched import searched_candidates
from .store import PuzzleSet

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Settings:
    """Everything that decides a generated set (recorded in the file)."""

    seed: int = 1
    pages: int = 160
    press_or_wait: int = 100
    best_move: int = 60
    games: int = 300
    max_exact_nodes: int = 500
    search_playouts: int = 0
    """Playouts of the big search per searched position (0: no searched puzzles); see :mod:`.searched`."""
    confirm_playouts: int = 0
    """Fresh paired playouts confirming each searched answer (default: the same as ``search_playouts``)."""
    search_positions: int = 1
    """At most this many positions per game go to the search (it is costly)."""

    def counts(self) -> dict[str, int]:
        return {PAGE: self.pages, PRESS_OR_WAIT: self.press_or_wait, BEST_MOVE: self.best_move}

    def check(self) -> "Settings":
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and f.name != "seed"):
                raise BadInput(f"{f.name.replace('_', '-')}: expected a whole number >= 0, got {value!r}")
        if self.games < 1:
            raise BadInput("games: mine at least 1 game")
        return self

    def command(self, out: str = "FILE") -> str:
        """The command line that makes this set."""
        args = ["pennypress", "puzzle", "generate", "--out", out]
        for f in fields(self):
            args += [f"--{f.name.replace('_', '-')}", str(getattr(self, f.name))]
        return shlex.join(args)


# ------------------------------------------------------------------ mining one game
def _page_candidates(plan: GamePlan, ply: int, state: State, seen: set) -> list[dict]:
    out = []
    for player in range(state.n_players):
        claimed = state.claimable(player)
        if len(claimed) < 2 or state.players[player].done:
            continue
        problem = press_problem(state, player, claimed)
        key = page_key(problem)
        if key in seen:
            continue
        seen.add(key)
        facts = page_facts(problem)
        out.append({"key": key, "question": problem.to_json(), "difficulty": facts.difficulty,
                    "tags": list(facts.tags), "source": plan.source(ply, player=player)})
    return out


def page_key(problem: PressProblem) -> tuple:
    """What decides a page puzzle: each story's shape, value and top-beat flag, and the ad."""
    stories = sorted((s.shape.value, problem.value(i), problem.is_top(i)) for i, s in enumerate(problem.stories))
    return (tuple(stories), problem.ad)


def exact_puzzle(kind: str, answer: Answer, position: State, notation: str, source: dict,
                 analysis: ExactAnalysis, seed: int) -> dict:
    """A position puzzle's record (without its id) from an exact answer; ``seed`` seeds the yardstick bots."""
    why, second = explain(position, answer)
    evidence = {"certainty": "exact", "player": position.current, "phase": position.phase.value,
                "legal_moves": len(position.legal_moves()), "nodes": analysis.nodes,
                "other_pages": len(analysis.pages), "best": [m.to_json() for m in answer.best],
                "second": answer.second.to_json(), "bot_seed": seed}
    if kind == PRESS_OR_WAIT:
        press, wait = (answer.best[0], answer.second) if answer.side == "press" else (answer.second, answer.best[0])
        evidence.update(side=answer.side, press=press.to_json(), best_wait=wait.to_json())
    values = {str(m.move): m.value for m in analysis.moves + analysis.pages}

    def right(move) -> bool:
        text = str(move)
        if text not in values:
            values[text] = exact_value(position, move)
        return is_right(kind, evidence, move, lambda _m: values[text])

    verdicts = bot_verdicts(position, right, seed)
    evidence["bots"] = verdicts
    return {"kind": kind, "difficulty": difficulty_of(verdicts), "question": notation,
            "answer": list(answer.moves) if answer.side != "press" else ["press"], "why": list(why),
            "second_best": second, "tags": [position.phase.value], "evidence": evidence, "source": source,
            "key": repr(state_key(position))}


def final_positions(plan: GamePlan, ply: int, state: State) -> Iterator[tuple[State, dict]]:
    """The final-edition decision at ``ply`` of the game and, for each other move its player had,
    the next decision it would have led to: ``(position, source)`` pairs."""
    yield state, plan.source(ply, player=state.current)
    for move in state.legal_moves():
        child = state.child(move)
        if not child.is_over:
            yield child, plan.source(ply, player=child.current, after=str(move))


def _exact_candidates(plan: GamePlan, ply: int, state: State, settings: Settings, seen: set) -> list[dict]:
    """At most one puzzle of each kind from the decision at ``ply``: the game's own position if it
    makes one, else the first position one other move away that does (near-copies are not kept)."""
    found: dict[str, dict] = {}
    for candidate, source in final_positions(plan, ply, state):
        key = repr(state_key(candidate))
        if len(found) == 2 or key in seen or len(candidate.legal_moves()) < 2:
            continue
        seen.add(key)
        notation = to_text(public_view(candidate))
        position = from_text(notation)  # what the puzzle file holds is what is searched
        try:
            analysis = analyse(position, settings.max_exact_nodes, pages=False)
            if best_move(analysis) is None and press_or_wait(analysis) is None:
                continue
            analysis = analyse(position, settings.max_exact_nodes)  # now with the presses on other pages
        except OverBudget:
            continue
        for kind, answer in ((BEST_MOVE, best_move(analysis)), (PRESS_OR_WAIT, press_or_wait(analysis))):
            if answer is not None and kind not in found:
                found[kind] = exact_puzzle(kind, answer, position, notation, source, analysis,
                                           settings.seed * 7919 + plan.index)
    return list(found.values())


def mine_game(settings: Settings, index: int) -> dict:
    """Every candidate of game ``index``: page candidates and certain position puzzles (JSON data)."""
    plan = game_plan(settings.seed, index)
    pages: list[dict] = []
    positions: list[dict] = []
    seen: set = set()
    finals: set = set()
    searched = 0
    for ply, state in play_positions(plan):
        if state.is_over:
            continue
        pages += _page_candidates(plan, ply, state, seen)
        if is_deterministic(state):
            positions += _exact_candidates(plan, ply, state, settings, finals)
        elif state.phase is Phase.NORMAL and settings.search_playouts and searched < settings.search_positions:
            found = searched_candidates(state, plan.source(ply, player=state.current), settings.search_playouts,
                                        settings.confirm_playouts or settings.search_playouts,
                                        settings.seed * 7919 + plan.index)
            searched += found is not None
            positions += found or []
    return {"game": index, "pages": pages, "positions": positions}


# ------------------------------------------------------------------ picking the set
def _order(c: dict) -> tuple:
    return (c["source"]["game"], c["source"]["ply"], c["source"].get("player", 0))


def spread(candidates: list[dict], count: int, signature: Callable[[dict], tuple],
           accept: Callable[[dict], bool] = lambda c: True) -> list[dict]:
    """``count`` candidates spread over the difficulties and over what they teach.

    The difficulties take turns, hardest first. Within a difficulty the
    candidates are taken a round at a time: in each round the next one of every
    ``signature`` (what it teaches, e.g. a page's tags), signatures with more to
    teach first, so no single lesson fills the set; candidates with nothing
    particular to teach (an empty signature) come last. ``accept`` may still
    turn a candidate down when its turn comes.
    """
    seen: dict[tuple, int] = {}
    keyed = []
    for c in sorted(candidates, key=_order):
        sig = (c["difficulty"], signature(c))
        seen[sig] = seen.get(sig, -1) + 1
        keyed.append(((not sig[1], seen[sig], -len(sig[1]), _order(c)), c))
    by_level = {d: [c for _, c in sorted((k, c) for k, c in keyed if c["difficulty"] == d)] for d in DIFFICULTIES}
    picked: list[dict] = []
    while len(picked) < count and any(by_level.values()):
        for d in reversed(DIFFICULTIES):
            while by_level[d] and len(picked) < count:
                c = by_level[d].pop(0)
                if accept(c):
                    picked.append(c)
                    break
    return picked


MAX_TIES = 24
"""A page puzzle whose optimum is reached by more distinct pages than this is left out (too loose a question)."""


def _full_page(c: dict) -> bool:
    """Complete a page candidate with its answer, why, next best and evidence (CP-SAT); ``False``
    when too many pages tie for the best."""
    facts = page_facts(PressProblem.from_json(c["question"]))
    if facts.ties_capped or facts.ties > MAX_TIES:
        return False
    c.update(answer=facts.optimal.total, why=list(facts.why()), second_best=facts.second_best(),
             evidence=facts.evidence())
    return True


def _position_signature(c: dict) -> tuple:
    return (c["evidence"]["phase"], c["evidence"].get("side", ""), c["source"]["players"])


def pick(mined: Iterable[dict], settings: Settings) -> list[Puzzle]:
    """The puzzle set from every game's candidates (in game order)."""
    pages, positions, keys = [], [], set()
    for game in mined:
        for c in game["pages"]:
            if c["key"] not in keys:
                keys.add(c["key"])
                pages.append(c)
        positions += game["positions"]
    chosen = {PAGE: spread(pages, settings.pages, lambda c: tuple(c["tags"]), _full_page)}
    used: set = set()
    for kind in (BEST_MOVE, PRESS_OR_WAIT):  # a position that makes both is a best-move puzzle
        pool = [c for c in positions if c["kind"] == kind and c["key"] not in used]
        chosen[kind] = spread(pool, settings.counts()[kind], _position_signature)
        used |= {c["key"] for c in chosen[kind]}
    puzzles = []
    prefix = {PAGE: "page", PRESS_OR_WAIT: "press", BEST_MOVE: "move"}
    for kind in KINDS:
        for n, c in enumerate(sorted(chosen[kind], key=lambda c: (c["difficulty"], _order(c))), 1):
            doc = {k: v for k, v in c.items() if k != "key"}
            puzzles.append(Puzzle.from_json(dict(doc, id=f"{prefix[kind]}-{n:03d}", kind=kind)))
    return puzzles


def generate(settings: Settings, workers: int = 1, progress: Progress | None = None) -> PuzzleSet:
    """Mine, keep and pick a puzzle set (see the module docstring); the same settings give the same set."""
    settings.check()
    check_workers(workers)
    mined: list[dict] = []
    with open_executor("local", workers) as pool:
        if pool is None:
            results = (mine_game(settings, i) for i in range(settings.games))
        else:
            results = pool.map(mine_game, [settings] * settings.games, range(settings.games))
        for i, game in enumerate(results, 1):
            mined.append(game)
            if progress is not None:
                progress(i, settings.games)
    puzzles = pick(mined, settings)
    return PuzzleSet(tuple(puzzles), {"settings": asdict(settings), "command": settings.command()})
