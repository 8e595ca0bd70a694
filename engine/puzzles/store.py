"""Puzzle files: the shipped set, loading any set with one clear message for a bad file, saving.

A puzzle file (``docs/concepts/puzzles.md``) is JSON: ``{"format": "pennypress-puzzles",
"version": 1, "generator": {...}, "counts": {...}, "puzzles": [...]}``. Loading
checks it in two layers, like positions: the JSON Schema
(``puzzle_schema.json``), then the meaning of each puzzle -- unique ids, a
press problem that is one, a position that loads and has a decision, answer
moves that are legal there, a page answer equal to the recorded optimum, a
timing puzzle's search certificate consistent with itself and the puzzle
(:func:`.timing.certificate_problem`: no search, so loading stays quick). The
first problem found is raised as :class:`~pennypress.errors.BadInput` naming
the file and the field (a certificate: the puzzle). (Whether the answers are
*right* is what the tests and ``pennypress puzzle recheck`` prove again,
against the solver, the exact search and the certificate played again:
``tests/puzzles``, :mod:`.recheck`.)

>>> shipped = load_puzzles()
>>> len(shipped) >= 300, set(shipped.counts()) == set(KINDS)
(True, True)
>>> shipped.get("page-001").kind
'page'
>>> shipped.get("nope")
Traceback (most recent call last):
...
pennypress.errors.BadInput: unknown puzzle 'nope' (`pennypress puzzle list` lists the puzzles' ids)
>>> puzzle_set_from_json({"format": "pennypress-puzzles", "version": 1, "puzzles": [{"id": "x"}]}, "mine.json")
Traceback (most recent call last):
...
pennypress.errors.BadInput: mine.json: puzzles[0]: missing kind, difficulty, question, answer, why, evidence
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Iterator

from pennypress.errors import BadInput
from pennypress.json_text import check_file_size, parse_json_text
from pennypress.solver import PressProblem, ProposedPage

from ..io.state import State
from ..io.validate import SchemaCheck
from .model import ALL_KINDS, BETTER_MOVE, DIFFICULTIES, KINDS, PAGE, PRESS_OR_WAIT, Puzzle

FORMAT, VERSION = "pennypress-puzzles", 1
SET_FILE = "puzzles.json"
"""The shipped set, data of this package."""
SCHEMA_FILE = "puzzle_schema.json"
TABLES = (2, 3, 4, 5)
"""How many newspapers a puzzle's game may have."""
TIMING_TAG = "timing"
"""The tag of a timing puzzle (:mod:`.timing`): one that must carry its certificate."""


@lru_cache(maxsize=1)
def puzzle_schema() -> dict:
    """The puzzle file's JSON Schema (``engine/puzzles/puzzle_schema.json``)."""
    return json.loads(resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _schema_check() -> SchemaCheck:
    return SchemaCheck(puzzle_schema())


@dataclass(frozen=True)
class PuzzleSet:
    """Puzzles in file order, with the generator's record (its settings and the command that made them)."""

    puzzles: tuple[Puzzle, ...]
    generator: dict = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def get(self, puzzle_id: str) -> Puzzle:
        """The puzzle called ``puzzle_id`` (:class:`BadInput` if there is none)."""
        for p in self.puzzles:
            if p.id == puzzle_id:
                return p
        raise BadInput(f"unknown puzzle {puzzle_id!r} (`pennypress puzzle list` lists the puzzles' ids)")

    def filter(self, kind: str | Iterable[str] | None = None, difficulty: int | Iterable[int] | None = None,
               table: int | Iterable[int] | None = None) -> list[Puzzle]:
        """The puzzles of ``kind`` (one or several), ``difficulty`` (one or several) and ``table`` (how many
        newspapers play, one or several: :attr:`Puzzle.table`), in file order. A puzzle whose difficulty
        is not measured (``better-move``) is left out by any ``difficulty``."""
        kinds = _choice(kind, ALL_KINDS, "kind")
        levels = _choice(difficulty, DIFFICULTIES, "difficulty")
        tables = _choice(table, TABLES, "table")
        return [p for p in self.puzzles if p.kind in kinds and (difficulty is None or p.difficulty in levels)
                and (table is None or p.table in tables)]

    def counts(self) -> dict[str, int]:
        """Puzzles per kind: every mined kind, and ``better-move`` when the set holds some."""
        counts = {k: sum(p.kind == k for p in self.puzzles) for k in ALL_KINDS}
        return {k: n for k, n in counts.items() if k in KINDS or n}

    @property
    def is_mistakes(self) -> bool:
        """Whether the set is made of a game's mistakes (``better-move`` puzzles; never mixed with others)."""
        return any(p.kind == BETTER_MOVE for p in self.puzzles)

    def counts_by_difficulty(self) -> dict[str, dict[int, int]]:
        """Puzzles per kind and difficulty."""
        return {k: {d: sum(p.kind == k and p.difficulty == d for p in self.puzzles) for d in DIFFICULTIES}
                for k in KINDS}

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "generator": self.generator, "counts": self.counts(),
                "puzzles": [p.to_json() for p in self.puzzles]}


def _choice(value: Any, allowed: tuple, name: str) -> tuple:
    if value is None:
        return allowed
    values = (value,) if isinstance(value, (str, int)) else tuple(value)
    for v in values:
        if v not in allowed:
            raise BadInput(f"{name}: expected one of {', '.join(map(str, allowed))}, got {v!r}")
    return values


def _check_page(p: Puzzle, where: str) -> None:
    problem = PressProblem.from_json(p.question, f"{where}.question")
    if p.answer != p.evidence["optimal_total"]:
        raise BadInput(f"{where}.answer: {p.answer} is not the recorded optimal total {p.evidence['optimal_total']}")
    ProposedPage.from_json(p.evidence["optimal_page"], problem, f"{where}.evidence.optimal_page")


def _check_position(p: Puzzle, where: str) -> State:
    from ..notation.text import from_text
    from .positions import read_move

    try:
        state = from_text(p.question)
    except BadInput as exc:
        raise BadInput(f"{where}.question: {exc}") from None
    if state.is_over or state.is_chance_node():
        raise BadInput(f"{where}.question: the position has no decision to make (the game is over or a card is due)")
    if p.kind == PRESS_OR_WAIT and not state.claimable(state.current):
        raise BadInput(f"{where}.question: the player to move cannot go to press, so it is no press-or-wait puzzle")
    for k, move in enumerate(p.answer):
        try:
            read_move(state, move)
        except BadInput as exc:
            raise BadInput(f"{where}.answer[{k}]: {exc}") from None
    return state


def _check_certificate(p: Puzzle, state: State, where: str, settled: bool = False) -> None:
    """A timing puzzle's certificate, consistent without a search (:func:`.timing.certificate_problem`), and
    the evidence's best and second moves the certificate's; ``where`` is the file."""
    from .positions import read_move
    from .timing import certificate_problem

    if p.certainty == "population":
        _check_mined(p, state, where)
        return
    cert = p.evidence.get("certificate")
    if cert is None:
        if TIMING_TAG in p.tags:
            raise BadInput(f"{where}: puzzle {p.id}: its certificate is missing")
        return
    problem = certificate_problem(cert, p.kind, p.answer)
    if problem is None:
        best, second = p.evidence["best"][0], p.evidence["second"]
        if (best["move"], second["move"]) != (cert["answer"], cert["rival"]):
            problem = (f"it certifies {cert['answer']!r} against {cert['rival']!r}, the evidence "
                       f"{best['move']!r} against {second['move']!r}")
        elif [best["outcome"], second["outcome"]] != cert["outcomes"]:
            problem = "the evidence's outcomes are not the certificate's"
        else:
            try:
                read_move(state, cert["rival"])
            except BadInput as exc:
                problem = f"its next choice: {exc}"
    if problem is not None:
        raise BadInput(f"{where}: puzzle {p.id}: its certificate is broken: {problem}")
    _check_population(p, cert, where, settled)


def _check_population(p: Puzzle, cert: dict, where: str, settled: bool) -> None:
    """A timing puzzle's population certificate (required in a set ``settled`` by games, whose generator
    records the run: ``generator["population"]``), consistent without a game
    (:func:`.population_certificate.stored_problem`)."""
    from ..arena.population import population
    from .population_certificate import stored_problem

    doc = p.evidence.get("population")
    if doc is None:
        if TIMING_TAG in p.tags and settled:
            raise BadInput(f"{where}: puzzle {p.id}: its population certificate is missing")
        return
    problem = stored_problem(doc, population(), cert["answer"], cert["rival"])
    if problem is not None:
        raise BadInput(f"{where}: puzzle {p.id}: its population certificate is broken: {problem}")


def _check_mined(p: Puzzle, state: State, where: str) -> None:
    """A timing puzzle found by full games first (:mod:`.population_mining`): its population certificate is
    whole and certifies (:func:`.population_certificate.stored_problem`), the answer and the evidence's moves
    are the certificate's, and its other choice is legal here."""
    from ..arena.population import population
    from .positions import read_move
    from .population_certificate import stored_problem

    doc = p.evidence.get("population")
    if doc is None or TIMING_TAG not in p.tags or p.kind != PRESS_OR_WAIT:
        raise BadInput(f"{where}: puzzle {p.id}: a puzzle settled by games is a timing press-or-wait puzzle "
                       "with its population certificate")
    answer, rival = doc["answer"], doc["rival"]
    side = ("press",) if answer == "press" else (answer,)
    problem = stored_problem(doc, population(), answer, rival)
    if problem is None and (answer == "press") == (rival == "press"):
        problem = f"it compares {answer!r} with {rival!r}: a press-or-wait puzzle compares pressing with a wait"
    if problem is None and tuple(p.answer) != side:
        problem = f"it certifies {answer!r}, the puzzle answers {', '.join(p.answer)}"
    if problem is None and p.evidence.get("side") != ("press" if answer == "press" else "wait"):
        problem = f"the evidence's side {p.evidence.get('side')!r} is not the certificate's answer"
    if problem is None and (p.second_best or {}).get("choice") != rival:
        problem = f"its second-best choice is not the certificate's other choice {rival!r}"
    if problem is None:
        problem = _story_problem(p.evidence.get("story"))
    if problem is None and ([m.get("move") for m in p.evidence["best"]], p.evidence["second"].get("move")) \
            != ([answer], rival):
        problem = f"the evidence's moves are not the certificate's {answer!r} against {rival!r}"
    if problem is None:
        try:
            read_move(state, rival)
        except BadInput as exc:
            problem = f"its other choice: {exc}"
    if problem is not None:
        raise BadInput(f"{where}: puzzle {p.id}: its population certificate is broken: {problem}")


def _story_problem(story: Any) -> str | None:
    """What is wrong with a puzzle's story (:mod:`.population_story`) without a game, or ``None``: read from the
    games of every opponent model but the costliest, of both movers, the story's count a cell each; each move's
    figures all there."""
    from ..arena.population import COSTLY, population
    from .population_story import STORY_GAMES, MoveStory

    if not isinstance(story, dict):
        return "its story of the games is missing"
    pop = population()
    models = [m for m in pop.opponents if m not in COSTLY]
    if story.get("models") != models or story.get("games") != STORY_GAMES * len(models) * len(pop.movers):
        return "its story is not read from the games of every model but the costliest"
    fields = set(MoveStory.__dataclass_fields__)
    if any(not isinstance(story.get(k), dict) or set(story[k]) != fields for k in ("answer", "rival")):
        return "its story lacks a move's figures"
    return None


def _check_mistake(p: Puzzle, state: State, where: str) -> None:
    """A ``better-move`` puzzle's evidence against its position (:mod:`.mistakes`): the player to move, the
    answer the best move and the moves as good, the move played legal and not among them, and the likely
    line after the best move legal in turn."""
    from ..advisor.line import LineStep, line_states
    from .positions import read_move

    ev = p.evidence
    if ev["player"] != state.current:
        raise BadInput(f"{where}.evidence.player: {ev['player']} is not the player to move ({state.current})")
    if list(p.answer) != [ev["best"], *ev["as_good"]]:
        raise BadInput(f"{where}.answer: not the best move and the moves as good ({ev['best']!r} first)")
    try:
        read_move(state, ev["played"])
    except BadInput as exc:
        raise BadInput(f"{where}.evidence.played: {exc}") from None
    if ev["played"] in p.answer:
        raise BadInput(f"{where}.evidence.played: the move played is one of the answers")
    line = [LineStep.from_json(d) for d in ev["line_best"]]
    try:
        positions = line_states(state, ev["best"], line)
    except BadInput as exc:  # an illegal move or card (IllegalMove), or a move that does not read
        raise BadInput(f"{where}.evidence.line_best: a step is not legal in turn ({exc})") from None
    for k, (step, at) in enumerate(zip(line, positions)):
        if step.move is not None and step.player != at.current:
            raise BadInput(f"{where}.evidence.line_best[{k}].player: {step.player}, but {at.current} is to move")


def _check_entry(p: Puzzle, at: str, where: str, settled: bool) -> None:
    """One puzzle's meaning (after the schema): its kind's own checks."""
    if p.kind == PAGE:
        _check_page(p, at)
    elif p.kind == BETTER_MOVE:
        _check_mistake(p, _check_position(p, at), at)
    else:
        _check_certificate(p, _check_position(p, at), where, settled)


def puzzle_set_from_json(doc: Any, where: str = "puzzles") -> PuzzleSet:
    """Check a puzzle file's document (schema, then meaning) and build the set; :class:`BadInput` names the field.
    A set of a game's mistakes (``better-move``) holds nothing else."""
    problem = _schema_check().problem(doc, "")
    if problem is not None:
        raise BadInput(f"{where}: {problem.lstrip(': ')}")
    puzzles = []
    ids: set[str] = set()
    for i, entry in enumerate(doc["puzzles"]):
        p = Puzzle.from_json(entry)
        at = f"{where}: puzzles[{i}] ({p.id})"
        if p.id in ids:
            raise BadInput(f"{at}.id: {p.id!r} is used twice")
        ids.add(p.id)
        _check_entry(p, at, where, "population" in doc.get("generator", {}))
        puzzles.append(p)
    if len({p.kind == BETTER_MOVE for p in puzzles}) > 1:
        raise BadInput(f"{where}: puzzles made from a game's mistakes (better-move) cannot be mixed with other kinds")
    return PuzzleSet(tuple(puzzles), doc.get("generator", {}))


def _read(path: str) -> PuzzleSet:
    try:
        check_file_size(path, Path(path).stat().st_size)
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadInput(f"{path}: not UTF-8 text") from None
    return puzzle_set_from_json(parse_json_text(text, path), path)


@lru_cache(maxsize=1)
def _shipped() -> PuzzleSet:
    text = resources.files(__package__).joinpath(SET_FILE).read_text(encoding="utf-8")
    return puzzle_set_from_json(parse_json_text(text, SET_FILE), SET_FILE)


def load_puzzles(path: str | Path | None = None) -> PuzzleSet:
    """The shipped set (no ``path``; read once) or the puzzle file at ``path``, checked
    (:class:`BadInput` naming the file and the field if it is bad)."""
    return _shipped() if path is None else _read(str(path))


def puzzles_text(puzzles: PuzzleSet) -> str:
    """``puzzles`` as a puzzle file's text: the header indented, then one puzzle a line (small diffs)."""
    doc = puzzles.to_json()
    items = doc.pop("puzzles")
    head = json.dumps(doc, indent=1, ensure_ascii=False)[:-2]
    body = ",\n".join("  " + json.dumps(p, ensure_ascii=False) for p in items)
    return f'{head},\n "puzzles": [\n{body}\n ]\n}}\n'


def save_puzzles(puzzles: PuzzleSet, path: str | Path) -> None:
    """Write ``puzzles`` as a puzzle file (:func:`puzzles_text`)."""
    Path(path).write_text(puzzles_text(puzzles), encoding="utf-8")
