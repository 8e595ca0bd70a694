"""A study's log (``pennypress strategy --log FILE``): every finished chunk, so a stopped run goes on.

The log is JSON lines. The first names the run (:func:`run_identity`: players,
seed, bots, variants, deck, move cap, chunk size and the decision points'
sampling -- everything a chunk's result depends on but the number of games);
each next line is one finished chunk: its index and games, its :class:`~.tally.Tally`
exactly (whole counts, and the float sums as Python writes them, which read
back to the very same numbers), its decision points and, in an advisor study,
its games' records (:class:`~.games.Game`: the costly games kept, to be read
again). A run started with the log of another run is refused; one that
finds its chunks there plays only the others, and merges all of them in chunk
order as ever, so the report is the one a run without the log gives. A line
cut short by a stop is dropped (and cut off the file) when the log is opened
again.

>>> from pennypress.engine.strategy.games import StrategySpec
>>> t = Tally(); t.games = 2; t.counts[("seat", 1)] += 60; t.moments["winning"].add(31)
>>> t.hist[("winning", 31)] += 1
>>> back = tally_from_json(json.loads(json.dumps(tally_to_json(t))))
>>> (back.games, dict(back.counts), back.moments["winning"], dict(back.hist)) == (2, {("seat", 1): 60},
...     t.moments["winning"], {("winning", 31): 1})
True
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pennypress.errors import BadInput

from .games import Bonus, Game, Press, StrategySpec
from .tally import Moments, Tally

FORMAT = "pennypress-strategy-log"
VERSION = 1


def run_identity(spec: StrategySpec, chunk: int) -> dict:
    """What a chunk's result depends on, besides its index (not the number of games: a longer run with the
    same identity reuses the chunks a shorter one finished)."""
    from .timing import MAX_POINTS, PLAYOUTS, SAMPLE_EVERY

    return {"players": spec.players, "seed": spec.seed, "bots": list(spec.bots), "variants": list(spec.variants),
            "deck": spec.deck, "move_cap": spec.move_cap, "chunk": chunk,
            "points": {"every": 1 if spec.advisor else SAMPLE_EVERY, "max": MAX_POINTS, "playouts": PLAYOUTS}}


# ------------------------------------------------------------------ JSON of a chunk
def _key(k: Any) -> Any:
    return list(k) if isinstance(k, tuple) else k


def _unkey(k: Any) -> Any:
    return tuple(k) if isinstance(k, list) else k


def tally_to_json(t: Tally) -> dict:
    """A tally as JSON data (keys as lists; floats exact)."""
    return {"games": t.games,
            "counts": [[_key(k), v] for k, v in t.counts.items()],
            "moments": [[_key(k), m.n, m.s, m.ss] for k, m in t.moments.items()],
            "hist": [[_key(k), v] for k, v in t.hist.items()]}


def tally_from_json(doc: dict) -> Tally:
    """:func:`tally_to_json` read back: the same tally."""
    t = Tally()
    t.games = doc["games"]
    for k, v in doc["counts"]:
        t.counts[_unkey(k)] = v
    for k, n, s, ss in doc["moments"]:
        t.moments[_unkey(k)] = Moments(n, s, ss)
    for k, v in doc["hist"]:
        t.hist[_unkey(k)] = v
    return t


def game_from_json(row: list) -> Game:
    """A :class:`~.games.Game` written as JSON (its tuples as lists) read back."""
    game, lineup, scores, winners, stories, over, presses, bonuses = row
    return Game(game, tuple(lineup), tuple(scores), tuple(winners), tuple(stories), over,
                tuple(Press(p[0], p[1], p[2], p[3], p[4], p[5], p[6], tuple(p[7]), p[8], tuple(p[9]))
                      for p in presses),
                tuple(Bonus(b[0], b[1], tuple(b[2])) for b in bonuses))


def _point_type(spec: StrategySpec) -> type:
    if spec.advisor is not None:
        from .advisor_games import AdvisorPoint

        return AdvisorPoint
    from .timing import Point

    return Point


# ------------------------------------------------------------------ the file
class ChunkLog:
    """The log of one run at ``path``: created with the run's first line, or checked to be this run's.

    :class:`BadInput` (one line) when the file is not a strategy log or names another run.
    """

    def __init__(self, path: str | Path, spec: StrategySpec, chunk: int):
        self.path = Path(path)
        self.spec = spec
        self.chunk = chunk
        self.identity = run_identity(spec, chunk)
        self.finished: dict[int, tuple[int, int, dict]] = {}
        """index -> (start, stop, the chunk's line) of every chunk found in the log."""
        if not self.path.parent.is_dir():
            raise BadInput(f"log: the folder of {str(path)!r} does not exist")
        if self.path.is_dir():
            raise BadInput(f"log: {str(path)!r} is a folder, not a file")
        if not self.path.exists() or self.path.stat().st_size == 0:
            self._write_line({"format": FORMAT, "version": VERSION, "run": self.identity}, "w")
            return
        self._read()

    def _read(self) -> None:
        name = str(self.path)
        try:
            raw = self.path.read_bytes()
        except OSError as exc:
            raise BadInput(f"log: cannot read {name!r} ({exc.strerror or type(exc).__name__})") from None
        lines = raw.split(b"\n")
        try:
            head = json.loads(lines[0])
        except (ValueError, UnicodeDecodeError, RecursionError):
            head = None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise BadInput(f"log: {name!r} is not a strategy log (its first line should name the run)")
        if head.get("version") != VERSION:
            raise BadInput(f"log: {name!r} is a strategy log of version {head.get('version')!r}, expected {VERSION}")
        theirs = head.get("run") or {}
        for key, mine in self.identity.items():
            if theirs.get(key) != mine:
                raise BadInput(f"log: {name!r} belongs to another run ({key} {_say(theirs.get(key))}, "
                               f"this run's {_say(mine)})")
        good = len(lines[0]) + 1
        for line in lines[1:]:
            try:
                doc = json.loads(line)
                index, start, stop = doc["chunk"], doc["start"], doc["stop"]
            except (ValueError, UnicodeDecodeError, RecursionError, KeyError, TypeError):
                break  # a line cut short by a stop: it and anything after are dropped
            self.finished[index] = (start, stop, doc)
            good += len(line) + 1
        if good < len(raw):
            with open(self.path, "r+b") as f:
                f.truncate(good)
        elif good > len(raw):  # the last line is whole but lost its newline
            with open(self.path, "ab") as f:
                f.write(b"\n")

    def _write_line(self, doc: dict, mode: str = "a") -> None:
        with open(self.path, mode, encoding="utf-8") as f:
            f.write(json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())

    def done(self, index: int, start: int, stop: int) -> tuple[Any, ...] | None:
        """Chunk ``index`` (games ``start`` to ``stop - 1``) as the log has it -- ``(index, tally, points,
        games)`` -- or ``None`` if the log has not got it (or has it for another range of games)."""
        found = self.finished.get(index)
        if found is None or found[:2] != (start, stop):
            return None
        doc = found[2]
        kind = _point_type(self.spec)
        games = [game_from_json(g) for g in doc["games"]] if doc.get("games") is not None else None
        return index, tally_from_json(doc["tally"]), [kind(*p) for p in doc["points"]], games

    def write(self, index: int, start: int, stop: int, tally: Tally, points: list, games: list[Game] | None) -> None:
        """Add a finished chunk (written whole and flushed to disk, or not at all)."""
        doc = {"chunk": index, "start": start, "stop": stop, "tally": tally_to_json(tally),
               "points": [list(p) for p in points]}
        if games is not None:
            doc["games"] = games
        self._write_line(doc)


def _say(value: Any) -> str:
    return json.dumps(value, separators=(",", ":")) if value is not None else "missing"
