"""docs/guide/notation.md cannot drift: its examples are read from the doc and checked here."""
import importlib.util
import json

import pytest

from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.io.state import State
from tests.cli_helpers import run

from tests.notation.notation_helpers import ROOT, console_examples, doc_text, normalised, notation_blocks, same_position_files


def _load_generator():
    spec = importlib.util.spec_from_file_location("make_notation_doc", ROOT / "examples" / "make_notation_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_doc_has_its_examples():
    # the hand-written worked examples (one per phase) and one generated block per example file
    assert len(notation_blocks()) >= 6 + len(list((ROOT / "examples" / "positions").glob("*.json")))
    assert same_position_files()
    assert len(console_examples()) >= 6


@pytest.mark.parametrize("line", notation_blocks())
def test_every_notation_block_is_a_valid_position_written_as_to_text_writes_it(line):
    state = from_text(line)
    assert to_text(state, cards=" | drawn " in line) == line


def test_every_phase_has_a_worked_example():
    phases = {from_text(line).phase.value for line in notation_blocks()}
    assert phases == {"normal", "final-turns", "final-presses", "over"}


@pytest.mark.parametrize("line,path", same_position_files())
def test_a_block_said_to_be_a_file_is_that_position(line, path):
    doc = json.loads((ROOT / path).read_text(encoding="utf-8"))
    assert normalised(from_text(line)) == normalised(State.from_json(doc))


@pytest.mark.parametrize("argv,stdin,expected", console_examples())
def test_the_console_examples_print_what_the_doc_says(argv, stdin, expected, capsys, monkeypatch):
    code, out, err = run(capsys, *argv, stdin=stdin, monkeypatch=monkeypatch)
    assert out + err == expected
    assert code == (2 if err else 0)


def test_the_generated_part_is_current():
    generator = _load_generator()
    text = doc_text()
    assert generator.updated(text, generator.generated_block()) == text, \
        "docs/guide/notation.md is out of date: run python examples/make_notation_doc.py"
    # and it holds every example position file, each one line reading back as that file's position
    for path in sorted((ROOT / "examples" / "positions").glob("*.json")):
        assert f"`examples/positions/{path.name}`:" in text
        state = State.from_json(json.loads(path.read_text(encoding="utf-8")))
        assert f"```notation\n{to_text(state)}\n```" in text


def test_the_generator_replaces_only_the_marked_part():
    generator = _load_generator()
    doc = f"before\n{generator.BEGIN}\nold\n{generator.END}\nafter\n"
    assert generator.updated(doc, "new\n") == f"before\n{generator.BEGIN}\nnew\n{generator.END}\nafter\n"
