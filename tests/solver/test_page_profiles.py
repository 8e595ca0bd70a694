"""The fast solver's tables (solver/page_profiles.py), checked profile by profile.

Every one of the 1,625 geometries has candidates; every candidate's witness is a
legal arrangement of the geometry's shapes whose stated facts (slots published,
slots on row 0, empty-cell points) are what the page really shows; each is the
sorted labelling the module's argument relies on; the candidates are listed in
tie-break order. The table is made once per process even when threads race for
it. The table is shipped as data (solver/data/page_profiles.json): the file is
what its writer writes now, it reads back as the very table the search builds,
and a file that is not the rules' table is not used. (That the candidates are
*enough* is proved against CP-SAT and the enumerator in test_fast_solver.py.)
"""
from __future__ import annotations

import itertools
import json
import threading

import pytest

from pennypress.solver import Placement, make_problem
from pennypress.solver import page_profiles
from pennypress.solver.page_order import page_order_key, placement_rank
from pennypress.solver.vocab import CELLS, SHAPES, cell_penalty

GEOMETRIES = [
    (shapes, ad)
    for n in range(1, 6)
    for shapes in itertools.combinations_with_replacement(range(4), n)
    for ad in [None] + list(CELLS)
]


def test_table_holds_exactly_the_1625_geometries():
    assert len(GEOMETRIES) == 1625
    assert set(page_profiles.table()) == set(GEOMETRIES)
    assert all(page_profiles.table()[g] for g in GEOMETRIES), "every geometry has a candidate page"


def _problem(shapes):
    """Stories of these shapes, all equal in value and none top: canonical order = slot order."""
    beats = ["war", "crime", "politics", "city", "human"]
    return make_problem([(beats[k], SHAPES[s].value) for k, s in enumerate(shapes)],
                        {"war": 1, "crime": 1, "politics": 1, "city": 1, "human": 2})


@pytest.mark.parametrize("n", range(1, 6), ids=lambda n: f"{n}-stories")
def test_every_profile_states_its_page_truly(n):
    checked = 0
    for shapes, ad in GEOMETRIES:
        if len(shapes) != n:
            continue
        problem = _problem(shapes)
        keys = []
        for prof in page_profiles.profiles(shapes, ad):
            covered: set = set()
            for slot, x, y, w, h in prof.witness:
                shape = SHAPES[shapes[slot]]
                assert (w, h) in shape.orientations
                cells = {(x + dx, y + dy) for dx in range(w) for dy in range(h)}
                assert cells <= set(CELLS), "on the page"
                assert ad not in cells, "off the ad"
                assert not cells & covered, "no overlap"
                covered |= cells
            slots = [slot for slot, *_ in prof.witness]
            assert len(set(slots)) == len(slots)
            assert prof.placed == tuple(sorted(slots))
            assert prof.edge == tuple(sorted(slot for slot, _, y, _, _ in prof.witness if y == 0))
            assert prof.penalty == sum(cell_penalty(*c) for c in CELLS if c not in covered and c != ad)
            # Sorted labelling: per shape, published slots first, row-0 ones first, ranks rising.
            for s in set(shapes):
                block = [k for k, t in enumerate(shapes) if t == s]
                placed = [k for k in block if k in prof.placed]
                assert placed == block[: len(placed)]
                assert [k for k in block if k in prof.edge] == block[: len([k for k in block if k in prof.edge])]
                ranks = [placement_rank(SHAPES[s], x, y, w, h) for slot, x, y, w, h in sorted(prof.witness)
                         if slot in block]
                assert ranks == sorted(ranks)
            keys.append(page_order_key(problem, [Placement(*w) for w in prof.witness]))
            checked += 1
        assert keys == sorted(keys) and len(set(keys)) == len(keys), "listed in tie-break order"
    assert checked >= 13 * {1: 4, 2: 10, 3: 20, 4: 35, 5: 56}[n]


def test_one_d_with_the_ad_in_row_1():
    """Worked by hand: with the ad at (1, 1) a D fits only upright in columns 2-3 (standing in
    columns 0-1 or 1-2, or lying anywhere, covers (1, 1)). Placed, it leaves (0, 0) and (1, 0)
    empty (-4) and (0, 1), (0, 2), (1, 2) (-3); left off, all eleven cells are empty (-15) and
    that page can never win. So one candidate."""
    (prof,) = page_profiles.profiles((3,), (1, 1))
    assert prof.witness == ((0, 2, 0, 2, 3),)
    assert prof.penalty == -4 - 3


def test_threads_racing_for_the_first_build_get_one_table():
    page_profiles.reset()
    seen = []
    barrier = threading.Barrier(4)

    def worker():
        barrier.wait()
        seen.append(page_profiles.table())

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(seen) == 4 and all(t is seen[0] for t in seen)
    assert set(seen[0]) == set(GEOMETRIES)
    assert page_profiles.build_seconds() > 0


def test_a_press_builds_only_its_own_ad_cells_part():
    """A press needs one ad cell's profiles; the others wait until asked for (a quick first answer)."""
    page_profiles.reset()
    alone = page_profiles.profiles((0, 0, 3), (1, 1))
    assert set(page_profiles._BY_AD) == {(1, 1)}
    assert page_profiles.table()[((0, 0, 3), (1, 1))] == alone
    assert set(page_profiles._BY_AD) == set(page_profiles.AD_CELLS)
    with pytest.raises(KeyError):
        page_profiles.profiles((0,), (4, 0))  # no such cell


def _built_table() -> dict:
    return {(shapes, ad): c for ad, part in page_profiles.built_parts().items() for shapes, c in part.items()}


def test_the_shipped_file_is_what_the_writer_writes_now():
    """solver/data/page_profiles.json is regenerated from the search: the same text, byte for byte (after a
    change to the rules or the search, `python -m pennypress.solver.page_profiles_file --write`)."""
    from pennypress.solver import page_profiles_file

    assert page_profiles_file.PATH.read_text(encoding="utf-8") == page_profiles_file.document_text()


def test_the_table_read_from_the_shipped_file_is_the_table_the_search_builds():
    """Read, not built (no packing is searched), and equal to the search's table in every geometry, every
    candidate and their order."""
    page_profiles.reset()
    read = page_profiles.table()
    assert page_profiles._PACKINGS is None, "the shipped file was read, nothing built"
    assert list(read.items()) == list(_built_table().items())


def _file_in(tmp_path, monkeypatch, edit) -> None:
    """The loader reads a copy of the shipped file, changed by ``edit(doc)``, from ``tmp_path``."""
    from pennypress.solver import page_profiles_file

    doc = json.loads(page_profiles_file.PATH.read_text(encoding="utf-8"))
    edit(doc)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / page_profiles.DATA_FILE).write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(page_profiles.resources, "files", lambda package: tmp_path)
    page_profiles.reset()


def _edit_a_page(doc: dict) -> None:
    doc["parts"]["1,1"]["003"] = doc["parts"]["1,1"]["003"].split("/")[0]


@pytest.mark.parametrize("edit", [
    _edit_a_page,
    lambda doc: doc.update(inputs="0" * 64),
    lambda doc: doc.pop("digest"),
    lambda doc: doc.update(parts=[]),
], ids=["a page edited", "made from other rules", "no digest", "malformed"])
def test_a_file_that_is_not_the_rules_table_is_not_used(tmp_path, monkeypatch, edit):
    """An edited file, one made from other rules or a malformed one: the loader finds its digests wrong and
    builds the table by the search, so the answers stay the search's."""
    _file_in(tmp_path, monkeypatch, edit)
    try:
        assert page_profiles.profiles((0, 0, 3), (1, 1)) == _built_table()[((0, 0, 3), (1, 1))]
        assert page_profiles._PACKINGS is not None, "built, not read"
    finally:
        page_profiles.reset()


def test_the_digest_is_what_refuses_an_edited_page(tmp_path, monkeypatch):
    """The same edit with the digest written again is read as it is: the test above sees the digest refuse
    the file, not a page the loader could not read (and the first test of the file keeps such a file out)."""
    def edit(doc):
        _edit_a_page(doc)
        doc["digest"] = page_profiles.digest(doc["parts"])

    _file_in(tmp_path, monkeypatch, edit)
    try:
        assert len(page_profiles.profiles((0, 0, 3), (1, 1))) == 1
        assert page_profiles._PACKINGS is None
    finally:
        page_profiles.reset()
