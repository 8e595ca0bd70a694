"""``pennypress layout`` and ``pennypress check`` per the command-line contract.

Most cases call ``pennypress.ui.cli.main(argv)`` in-process (fast); a few run
the real command with ``python -m pennypress`` in a subprocess to prove the
whole path (exit status, stdout/stderr, no traceback).
"""
from __future__ import annotations

import json

import pytest

import tests.solver.enumerator as E
from tests.solver.solver_helpers import VALUES_12, press_doc, rects_of
from pennypress.solver import Placement
from tests.cli_helpers import assert_bad_input, run, run_process

DOC12 = {
    "stories": [
        {"beat": "politics", "shape": "A", "stars": 2},
        {"beat": "crime", "shape": "B", "stars": 1},
        {"beat": "war", "shape": "D", "stars": 3},
    ],
    "beat_values": VALUES_12,
    "ad": None,
}
NOT_TO_PRESS = press_doc([("city", "A"), ("city", "A"), ("war", "D")],
                         {"war": 3, "crime": 2, "politics": 2, "city": 5, "human": 1}, ad=(1, 1))
LAYOUT12 = {"placements": [{"story": 0, "x": 0, "y": 0, "w": 1, "h": 2},
                           {"story": 1, "x": 1, "y": 0, "w": 1, "h": 3},
                           {"story": 2, "x": 2, "y": 0, "w": 2, "h": 3}]}
RESULT_KEYS = {"total", "gain", "top_edge_required", "top_rest_required", "placements", "unplaced", "exclusive", "breakdown"}


def run_doc(capsys, monkeypatch, tmp_path, argv, doc=None, stdin=None):
    """``pennypress ARGV`` in this process (:func:`tests.cli_helpers.run`) with ``doc`` written to a file
    (named FILE in argv) or ``stdin`` fed on standard input (JSON text as it is, else dumped)."""
    if doc is not None:
        path = tmp_path / "in.json"
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
        argv = [str(path) if a == "FILE" else a for a in argv]
    if stdin is not None and not isinstance(stdin, str):
        stdin = json.dumps(stdin)
    return run(capsys, *argv, stdin=stdin, monkeypatch=monkeypatch)


def assert_layout_is_optimal(doc, out):
    """A layout result checked from scratch by the enumerator."""
    assert RESULT_KEYS <= set(out)
    press = E.Press.from_doc(doc)
    opt = E.solve_exhaustive(press)
    assert (out["top_edge_required"], out["top_rest_required"], out["total"]) == (
        opt.edge_required, opt.rest_required, opt.total)
    assert out["gain"] == max(0, out["total"])
    rects = rects_of([Placement(**p) for p in out["placements"]], len(press.stories))
    assert E.page_problems(press, rects, out["exclusive"]) == []
    assert E.score_assignment(press, rects, out["exclusive"]) == out["total"]
    assert sorted(out["unplaced"]) == [i for i, r in enumerate(rects) if r is None]
    bd = out["breakdown"]
    assert bd["published"] + bd["exclusive_bonus"] + bd["empty"] + bd["unpublished"] == out["total"]


# -- layout -----------------------------------------------------------------------

def test_layout_single_document(capsys, monkeypatch, tmp_path):
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["layout", "FILE"], DOC12)
    assert code == 0 and err == ""
    res = json.loads(out)
    assert isinstance(res, dict) and res["total"] == 12
    assert_layout_is_optimal(DOC12, res)


def test_layout_array_keeps_order(capsys, monkeypatch, tmp_path):
    docs = [DOC12, NOT_TO_PRESS] + E.random_presses(7, 6)
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["layout", "FILE"], docs)
    assert code == 0
    res = json.loads(out)
    assert isinstance(res, list) and len(res) == len(docs)
    assert [r["total"] for r in res[:2]] == [12, 0]
    assert res[1]["unplaced"] == [2]
    for doc, r in zip(docs, res):
        assert_layout_is_optimal(doc, r)


def test_layout_from_stdin(capsys, monkeypatch, tmp_path):
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["layout", "-"], stdin=NOT_TO_PRESS)
    assert code == 0
    res = json.loads(out)
    assert res["total"] == 0 and res["unplaced"] == [2] and res["top_edge_required"] == 2


def test_layout_single_element_array_is_an_array(capsys, monkeypatch, tmp_path):
    code, out, _ = run_doc(capsys, monkeypatch, tmp_path, ["layout", "-"], stdin=[DOC12])
    assert code == 0 and isinstance(json.loads(out), list)


def test_layout_alternatives_are_the_next_best_distinct_pages(capsys, monkeypatch, tmp_path):
    doc = press_doc([("politics", "A"), ("war", "B"), ("war", "A")], VALUES_12, ad=(3, 2))
    code, out, _ = run_doc(capsys, monkeypatch, tmp_path, ["layout", "-", "--alternatives", "3"], stdin=doc)
    assert code == 0
    res = json.loads(out)
    alts = res["alternatives"]
    want = E.distinct_page_scores(E.Press.from_doc(doc))
    assert [res["total"]] + [a["total"] for a in alts] == want[:4]
    assert_layout_is_optimal(doc, res)
    press = E.Press.from_doc(doc)
    keys = set()
    for r in [res] + alts:
        rects = rects_of([Placement(**p) for p in r["placements"]], 3)
        assert E.page_problems(press, rects, r["exclusive"]) == []
        keys.add(frozenset((press.stories[i], rr) for i, rr in enumerate(rects) if rr))
    assert len(keys) == 4, "alternatives must be distinct pages"


def test_layout_text_goes_to_stderr(capsys, monkeypatch, tmp_path):
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["layout", "-", "--text"], stdin=DOC12)
    assert code == 0 and json.loads(out)["total"] == 12 and err.strip()


def test_layout_ignores_a_layout_field(capsys, monkeypatch, tmp_path):
    code, out, _ = run_doc(capsys, monkeypatch, tmp_path, ["layout", "-"], stdin={**DOC12, "layout": LAYOUT12})
    assert code == 0 and json.loads(out)["total"] == 12


# -- check ------------------------------------------------------------------------

def test_check_legal_page(capsys, monkeypatch, tmp_path):
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["check", "FILE"], {**DOC12, "layout": LAYOUT12})
    assert code == 0
    res = json.loads(out)
    assert res["legal"] is True and res["violations"] == []
    assert (res["total"], res["optimal_total"], res["loss"]) == (12, 12, 0)


def test_check_illegal_page(capsys, monkeypatch, tmp_path):
    layout = {"placements": [{"story": 0, "x": 0, "y": 1, "w": 1, "h": 2}] + LAYOUT12["placements"][1:]}
    code, out, _ = run_doc(capsys, monkeypatch, tmp_path, ["check", "-"], stdin={**DOC12, "layout": layout})
    assert code == 0
    res = json.loads(out)
    assert res["legal"] is False and [v["rule"] for v in res["violations"]] == ["top-edge"]
    assert res["violations"][0]["message"]
    assert res["total"] is None and res["loss"] is None and res["optimal_total"] == 12


def test_check_exclusive_omitted_null_and_declared(capsys, monkeypatch, tmp_path):
    docs = [
        {**DOC12, "layout": LAYOUT12},
        {**DOC12, "layout": {**LAYOUT12, "exclusive": None}},
        {**DOC12, "layout": {**LAYOUT12, "exclusive": 2}},
        {**DOC12, "layout": {**LAYOUT12, "exclusive": 0}},
    ]
    code, out, _ = run_doc(capsys, monkeypatch, tmp_path, ["check", "FILE"], docs)
    assert code == 0
    res = json.loads(out)
    assert [r["total"] for r in res] == [12, 9, 12, None]
    assert [r["loss"] for r in res] == [0, 3, 0, None]
    assert [v["rule"] for v in res[3]["violations"]] == ["exclusive"]


def test_check_array_keeps_order(capsys, monkeypatch, tmp_path):
    bad = {"placements": LAYOUT12["placements"][:2] + [{"story": 2, "x": 3, "y": 0, "w": 2, "h": 3}]}
    docs = [{**DOC12, "layout": bad}, {**DOC12, "layout": LAYOUT12}]
    code, out, _ = run_doc(capsys, monkeypatch, tmp_path, ["check", "-"], stdin=docs)
    res = json.loads(out)
    assert code == 0 and [r["legal"] for r in res] == [False, True]
    assert "bounds" in {v["rule"] for v in res[0]["violations"]}


# -- bad input: exit 2, one line on stderr naming the problem, no traceback ---------------

def _with(**changes):
    doc = json.loads(json.dumps(DOC12))
    for k, v in changes.items():
        if v is ...:
            del doc[k]
        else:
            doc[k] = v
    return doc


SIX = [{"beat": "war", "shape": "A"}] * 6
BAD_LAYOUT_INPUTS = {
    "malformed JSON": ('{"stories": [', ["json"]),
    "unknown beat": (_with(stories=[{"beat": "sports", "shape": "A"}]), ["sports"]),
    "unknown shape": (_with(stories=[{"beat": "war", "shape": "E"}]), ["shape"]),
    "six stories": (_with(stories=SIX), ["stories", "6"]),
    "no stories": (_with(stories=[]), ["stories"]),
    "ad off the page": (_with(ad=[4, 0]), ["ad"]),
    "ad row off the page": (_with(ad=[0, 3]), ["ad"]),
    "ad not a pair": (_with(ad=[1]), ["ad"]),
    "beat value 7": (_with(beat_values={**VALUES_12, "war": 7}), ["war", "7"]),
    "beat value -1": (_with(beat_values={**VALUES_12, "war": -1}), ["war"]),
    "beat value not a number": (_with(beat_values={**VALUES_12, "war": "3"}), ["war"]),
    "missing beat_values": (_with(beat_values=...), ["beat_values"]),
    "unknown beat in beat_values": (_with(beat_values={**VALUES_12, "sports": 2}), ["sports"]),
    "beat_values not an object": (_with(beat_values=[3, 3, 4, 0, 0]), ["beat_values"]),
    "missing a beat value": (_with(beat_values={k: v for k, v in VALUES_12.items() if k != "human"}), ["human"]),
    "missing stories": (_with(stories=...), ["stories"]),
    "a number, not an object": ("42", ["object"]),
    "a string, not an object": ('"press"', ["object"]),
    "array with a non-object": (json.dumps([DOC12, 5]), ["[1]"]),
    "array with a bad press": (json.dumps([DOC12, _with(ad=[9, 9])]), ["[1]", "ad"]),
    "empty array": ("[]", ["empty"]),
    "unknown field": (_with(advert=[0, 0]), ["advert"]),
    "stars out of range": (_with(stories=[{"beat": "war", "shape": "A", "stars": 4}]), ["stars"]),
}


@pytest.mark.parametrize("name", BAD_LAYOUT_INPUTS)
def test_layout_bad_input(name, capsys, monkeypatch, tmp_path):
    doc, words = BAD_LAYOUT_INPUTS[name]
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["layout", "FILE"], doc)
    assert_bad_input(code, out, err, *words, ignore_case=True)


BAD_CHECK_INPUTS = {
    "no layout": (DOC12, ["layout"]),
    "layout story out of range": ({**DOC12, "layout": {"placements": [{"story": 3, "x": 0, "y": 0, "w": 1, "h": 2}]}}, ["story"]),
    "layout placement missing h": ({**DOC12, "layout": {"placements": [{"story": 0, "x": 0, "y": 0, "w": 1}]}}, ["h"]),
    "layout not an object": ({**DOC12, "layout": [1, 2]}, ["layout"]),
    "exclusive not an index": ({**DOC12, "layout": {**LAYOUT12, "exclusive": "war"}}, ["exclusive"]),
    "bad press under check": ({**_with(stories=SIX), "layout": LAYOUT12}, ["stories"]),
    "malformed JSON": ("{", ["json"]),
}


@pytest.mark.parametrize("name", BAD_CHECK_INPUTS)
def test_check_bad_input(name, capsys, monkeypatch, tmp_path):
    doc, words = BAD_CHECK_INPUTS[name]
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["check", "FILE"], doc)
    assert_bad_input(code, out, err, *words, ignore_case=True)


def test_missing_file_is_bad_input(capsys, monkeypatch, tmp_path):
    code, out, err = run_doc(capsys, monkeypatch, tmp_path, ["layout", str(tmp_path / "nope.json")])
    assert_bad_input(code, out, err, "nope.json")


# -- the real command, in a subprocess ------------------------------------------------

@pytest.mark.slow
def test_subprocess_layout_file_and_stdin(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(json.dumps([DOC12, NOT_TO_PRESS]))
    p = run_process("layout", str(path))
    assert p.returncode == 0, p.stderr
    assert [r["total"] for r in json.loads(p.stdout)] == [12, 0]
    p = run_process("layout", "-", stdin=json.dumps(DOC12))
    assert p.returncode == 0 and json.loads(p.stdout)["total"] == 12


def test_subprocess_check_stdin():
    p = run_process("check", "-", stdin=json.dumps({**DOC12, "layout": LAYOUT12}))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["loss"] == 0


@pytest.mark.parametrize("name", ["malformed JSON", "six stories", "a number, not an object"])
def test_subprocess_bad_input(name):
    doc, words = BAD_LAYOUT_INPUTS[name]
    p = run_process("layout", "-", stdin=doc if isinstance(doc, str) else json.dumps(doc))
    assert_bad_input(p.returncode, p.stdout, p.stderr, *words, ignore_case=True)
