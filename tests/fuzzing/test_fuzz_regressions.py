"""Inputs the fuzz campaigns found (docs/developer/fuzzing.md), each now refused with one clear line.

A proposed page whose placement is wider or taller than any page (``"w": 2**70``) made
``pennypress check`` (and a page puzzle's answer) walk every cell it covers: a ``MemoryError``
or a hang instead of a refusal.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from fuzz.python.targets import check
from tests.cli_helpers import assert_bad_input, run

ROOT = Path(__file__).resolve().parents[2]


def _page(**placement) -> dict:
    doc = json.loads((ROOT / "examples" / "my-page.json").read_text(encoding="utf-8"))
    doc["layout"]["placements"][0].update(placement)
    return doc


@pytest.mark.parametrize("field", ["w", "h"])
@pytest.mark.parametrize("size", [2**70, 10**9, 101])
def test_a_placement_larger_than_any_page_is_refused_in_one_line(field, size):
    data = json.dumps(_page(**{field: size})).encode()
    assert check("page", data) == "refused"
    from pennypress.errors import BadInput
    from pennypress.solver import PressProblem, ProposedPage

    doc = json.loads(data)
    with pytest.raises(BadInput) as caught:
        ProposedPage.from_json(doc["layout"], PressProblem.from_json(doc))
    assert str(caught.value) == (f"layout.placements[0].{field}: {size} is larger than any page "
                                 "(the page is 4 by 3 cells; at most 100 is read)")


def test_the_command_line_refuses_it_with_exit_2(tmp_path, capsys):
    path = tmp_path / "page.json"
    path.write_text(json.dumps(_page(w=2**70)), encoding="utf-8")
    assert_bad_input(*run(capsys, "check", path), "is larger than any page")


def test_a_placement_off_the_page_but_of_a_page_size_is_still_judged():
    assert check("page", json.dumps(_page(w=5)).encode()) == "loaded"
    assert check("page", json.dumps(_page(x=2**70)).encode()) == "loaded"  # a bounds violation, judged


@pytest.mark.parametrize("target", ["position", "record", "page", "puzzles", "core_reader"])
def test_a_json_number_of_thousands_of_digits_is_refused_in_one_line(target):
    """Found by fuzzing: ``json.loads`` raises a plain ``ValueError`` for an integer of more than 4,300
    digits (CPython's int-conversion limit), which escaped every JSON loader."""
    assert check(target, b'{"ply": ' + b"9" * 5000 + b"}") == "refused"
    from pennypress.errors import BadInput
    from pennypress.json_text import parse_json_text

    with pytest.raises(BadInput, match=r"^x\.json: a number in the JSON has more than 4,300 digits$"):
        parse_json_text('{"a": ' + "9" * 5000 + "}", "x.json")


@pytest.mark.parametrize("text", ["press city:D:2@1,0,1000000000x3 card=16", "press city:D:2@1,0,2x101 card=16",
                                  "press city:D:2@1,0," + "9" * 5000 + "x3 card=16"])
def test_a_typed_press_larger_than_any_page_is_refused_in_one_line(text):
    """Found by fuzzing the typed move list: a press whose placement is 10**9 cells wide made the
    page check walk every cell (MemoryError); 5,000 digits made int() raise a plain ValueError."""
    from pennypress.engine.io.move_list import record_from_lines
    from pennypress.errors import BadInput

    opening = "assign 4 city:D:1\nassign 4 war:A:1\nassign 1 city:D:2\nassign 1 city:D:2\n"
    with pytest.raises(BadInput, match=r"^line 5: move 5: .* is larger than any page or far off it \(the page is 4 by 3 "
                                       r"cells; at most 100 is read\)$"):
        record_from_lines(opening + text, {"seed": 11}, {"players": 2, "variants": ["two-player"], "deck": "default"})


@pytest.mark.parametrize("field, value", [("ply", 2**32), ("circulation", 10_001)])
def test_a_position_the_core_cannot_hold_is_refused_by_the_loader(field, value):
    """Found by fuzzing the position JSON through the seam: the loader took a ply of 2**70 and a
    circulation of 2**70, which the native core's reader then refused with its own ``BadPosition``
    -- not the one clear refusal. The schema now bounds both as the core does."""
    from pennypress.engine.io.state import State
    from pennypress.errors import BadInput

    doc = json.loads((ROOT / "examples" / "positions" / "rulebook-12-points.json").read_text(encoding="utf-8"))
    if field == "ply":
        doc["ply"] = value
        doc_ok = dict(doc, ply=value - 1)
    else:
        doc["players"][0]["circulation"] = value
        doc_ok = json.loads(json.dumps(doc))
        doc_ok["players"][0]["circulation"] = value - 1
    with pytest.raises(BadInput, match=field):
        State.from_json(doc)
    assert check("position", json.dumps(doc_ok).encode()) == "loaded"


def test_an_unknown_field_with_a_newline_in_its_name_keeps_the_refusal_one_line():
    """Found by fuzzing the proposed-page JSON: ``{"layout": {"placem\\nts": ...}}`` was refused with the
    key written raw, a message of two lines; an unprintable name is now quoted."""
    doc = _page()
    doc["layout"]["placem\nts"] = doc["layout"].pop("placements")
    assert check("page", json.dumps(doc).encode()) == "refused"
    doc = _page()
    doc["stor\nies"] = doc.pop("stories")
    assert check("page", json.dumps(doc).encode()) == "refused"


def _example(folder: str) -> dict:
    path = sorted((ROOT / "examples" / folder).glob("*.json"))[0]
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("target, where", [
    ("record", ()),                 # the record's schema: found by fuzzing ("wi\ners" for "winners")
    ("record", ("game",)),          # the game definition's own check
    ("position", ()),               # the position's schema
])
def test_an_unknown_field_with_a_newline_in_a_record_or_position_keeps_the_refusal_one_line(target, where):
    """Found by fuzzing game records: a record with a key ``"wi\\ners"`` was refused as ``record: unknown
    field(s) wi`` and ``ners`` on a second line; every loader now quotes an unprintable field name."""
    doc = _example("records" if target == "record" else "positions")
    inner = doc
    for key in where:
        inner = inner[key]
    inner["wi\ners"] = 1
    assert check(target, json.dumps(doc).encode()) == "refused"


FOUND_RECORD = (
    '{"format":"pennypress-record","version":1,"title":"2 play=\'greedy\').","game":{"players":2,"variants":'
    '["two-player"],"deck":"default"},"seed":3,"moves":["assign 5 human:A:1","assign 3 city:C:1",'
    '"assign 1 human:C:1",{"move":"press human:A:1@0,0,2x1 exclusive=none","card":2},"assign 2 human:D:1",'
    '"assign 1 war:B:1",{"move":"press Ohuman:C:1@0,0,2x2 city:C:1@2,0,2x2 war:B:1@0,1,6x1 '
    'exclusive=city:C:1","card":7},"assign 1 wausv=iepolitics:A:3","assign 1 war:B:3=politics:B:2"],'
    '"final_scores":[40,63],"wi\\ners":[1]}')
"""The input the record campaign found (commit b042ef9), as libFuzzer wrote it."""


def test_the_record_the_campaign_found_is_refused_naming_the_field_quoted():
    from pennypress.engine.io.record import replay
    from pennypress.errors import BadInput
    from pennypress.json_text import parse_json_text

    assert check("record", FOUND_RECORD.encode()) == "refused"
    with pytest.raises(BadInput) as caught:
        replay(parse_json_text(FOUND_RECORD, "record"))
    assert str(caught.value) == "record: unknown field(s) 'wi\\ners'"
