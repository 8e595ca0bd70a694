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
from pennypress.ui.cli.run import main

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
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "is larger than any page" in err


def test_a_placement_off_the_page_but_of_a_page_size_is_still_judged():
    assert check("page", json.dumps(_page(w=5)).encode()) == "loaded"
    assert check("page", json.dumps(_page(x=2**70)).encode()) == "loaded"  # a bounds violation, judged
