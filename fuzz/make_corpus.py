"""Write the seed corpora, ``fuzz/corpus/<target>/``, from the shipped examples and seeded self-play.

    python -m fuzz.make_corpus            # rewrites every corpus folder (small: tens of files each)

Deterministic (fixed seeds), so the committed corpus is what this writes. The fuzzers add their own
finds to a working copy (``fuzz/work/``, not committed): the committed corpus stays a small seed.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "fuzz" / "corpus"
EXAMPLES = ROOT / "examples"
SEEDS = (3, 5, 8)  # self-play deals; 2, 3 and 4 players each
PLIES = (0, 7, 20, 45)  # positions taken this far into each game (and the last one)


def _write(target: str, data: bytes) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def _compact(doc) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode()


def _selfplay():
    """(definition, record, states at PLIES and the end) of seeded greedy games."""
    from pennypress.engine.arena.recorded import record_selfplay
    from pennypress.engine.game.definition import GameDefinition

    for players, variants in ((2, ["two-player"]), (3, []), (4, ["newsboy"])):
        for seed in SEEDS:
            seen = []
            doc, final = record_selfplay(GameDefinition.create(players, variants), seed=seed, bot="greedy",
                                         on_move=lambda s: seen.append(s.clone()))
            states = [seen[p] for p in PLIES if p < len(seen)] + [final]
            yield doc, states


def _move_lines(doc: dict, limit: int) -> str:
    lines = []
    for entry in doc["moves"][:limit]:
        if isinstance(entry, dict):
            lines.append(f"{entry['move']} card={entry['card']}" if "card" in entry else entry["move"])
        else:
            lines.append(entry)
    return "\n".join(lines) + "\n"


CHANGES = 200  # seeded programs of one to four changes (fuzz/python/mutate.py), besides one a base


def _core_reader_programs() -> None:
    """The core_reader target's inputs: each base position unchanged, then seeded programs of a few
    changes that the core still takes (a seed corpus of documents near the edge of valid)."""
    import random

    from fuzz.python.mutate import bases
    from fuzz.python.targets import check

    for i in range(len(bases())):
        _write("core_reader", bytes([i]))
    rng = random.Random(36)
    for _ in range(CHANGES):
        program = bytes([rng.randrange(len(bases()))] + [rng.randrange(256) for _ in range(4 * rng.randint(1, 4))])
        if check("core_reader", program) == "loaded":
            _write("core_reader", program)


def main() -> None:
    from pennypress.engine.notation.text import to_text
    from pennypress.engine.puzzles.store import load_puzzles

    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    for path in sorted((EXAMPLES / "positions").glob("*.json")):
        _write("position", path.read_bytes())
    for path in sorted((EXAMPLES / "records").glob("*.json")):
        _write("record", path.read_bytes())
    for path in sorted((EXAMPLES / "moves").glob("*.txt")):
        _write("move_list", path.read_bytes())
    for path in sorted((EXAMPLES / "press").glob("*.json")) + [EXAMPLES / "my-page.json"]:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if "layout" in doc:
            _write("page", path.read_bytes())
    from pennypress.solver import PressProblem, solve
    for path in sorted((EXAMPLES / "press").glob("*.json")):  # press problems with their optimal page
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc.pop("layout", None)
        best = solve(PressProblem.from_json(doc)).to_json()
        doc["layout"] = {"placements": best["placements"], "exclusive": best.get("exclusive")}
        _write("page", _compact(doc))

    for doc, states in _selfplay():
        _write("record", _compact(doc))
        for state in states:
            _write("position", _compact(state.to_json()))
            _write("notation", to_text(state).encode())
    # move lists of the seeded 2-player deal 11 (the move_list target's deal), cut at several lengths
    from pennypress.engine.arena.recorded import record_selfplay
    from pennypress.engine.game.definition import GameDefinition
    doc, _ = record_selfplay(GameDefinition.create(2, ["two-player"]), seed=11, bot="greedy")
    for limit in (3, 10, 30, len(doc["moves"])):
        _write("move_list", _move_lines(doc, limit).encode())

    _core_reader_programs()

    shipped = load_puzzles().to_json()
    by_kind: dict[str, list] = {}
    for p in shipped["puzzles"]:
        by_kind.setdefault(p["kind"], []).append(p)
    for k in range(2):
        small = dict(shipped, puzzles=[items[k] for items in by_kind.values()])
        small["counts"] = {kind: 1 for kind in by_kind}
        _write("puzzles", _compact(small))
    for folder in sorted(CORPUS.iterdir()):
        files = list(folder.iterdir())
        print(f"{folder.name}: {len(files)} inputs, {sum(f.stat().st_size for f in files):,} bytes")


if __name__ == "__main__":
    main()
