"""The command line as players meet it: the bare command, ``--text`` drawings, the README's commands."""
from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from pennypress.solver import PressProblem, ProposedPage, check_page, solve
from pennypress.ui.cli.run import command_names
from pennypress.ui.render.explain import RULE_WORDS
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]
GRID_TOP = re.compile(r"^\+(-+\+){4}$", re.M)


def test_bare_pennypress_lists_every_command(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch=monkeypatch, cwd=ROOT)
    assert code == 0 and err == ""
    for name in command_names():
        assert re.search(rf"^\s+{name}\s", out, re.M), name
    assert {"layout", "check", "position", "selfplay", "replay", "ui"} <= set(command_names())


def test_layout_text_draws_every_alternative(capsys, monkeypatch):
    path = "examples/press/rulebook-12-points.json"
    code, out, err = run(capsys, "layout", path, "--text", "--alternatives", "3", monkeypatch=monkeypatch, cwd=ROOT)
    assert code == 0
    res = json.loads(out)
    assert len(res["alternatives"]) == 3
    # each page is one grid (a border line above each of its 3 rows and one below): 4 pages
    assert len(GRID_TOP.findall(err)) == 4 * 4
    for n, alt in enumerate(res["alternatives"], 1):
        assert f"Alternative {n}: {alt['total']} points" in err


def test_check_text_draws_the_page_and_the_verdict(capsys, monkeypatch, tmp_path):
    doc = json.loads((ROOT / "examples" / "my-page.json").read_text())
    problem = PressProblem.from_json({k: v for k, v in doc.items() if k != "layout"})
    verdict = check_page(problem, ProposedPage.from_json(doc["layout"], problem))
    code, out, err = run(capsys, "check", "examples/my-page.json", "--text", monkeypatch=monkeypatch, cwd=ROOT)
    assert code == 0 and json.loads(out)["loss"] == verdict.loss == 3
    assert len(GRID_TOP.findall(err)) == 4 and "3 points lost" in err
    # an illegal page: every broken rule on stderr
    illegal = {**doc, "layout": {"placements": [{"story": 0, "x": 0, "y": 1, "w": 1, "h": 2}]}}
    (tmp_path / "illegal-page.json").write_text(json.dumps(illegal))
    code, out, err = run(capsys, "check", str(tmp_path / "illegal-page.json"), "--text", monkeypatch=monkeypatch,
                         cwd=ROOT)
    bad = check_page(problem, ProposedPage.from_json(illegal["layout"], problem))
    assert code == 0 and not bad.legal
    assert "NOT legal" in err and all(f"- {RULE_WORDS[v.rule]}: {v.message}" in err for v in bad.violations)


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    block = text.split("## Command line", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in block.splitlines()]
    return [line for line in lines if line.startswith("pennypress")]


@pytest.mark.parametrize(  # the app and the interactive game wait for a person (play: test_ui_play_command.py)
    "line", [c for c in readme_commands() if not c.startswith(("pennypress ui", "pennypress selfplay", "pennypress play"))]
)
def test_the_readme_commands_work(line, capsys, monkeypatch):
    code, out, err = run(capsys, *shlex.split(line)[1:], monkeypatch=monkeypatch, cwd=ROOT)
    assert code == 0, err
    assert "Traceback" not in err


def test_the_readme_lists_the_check_example_that_exists():
    assert any(line.startswith("pennypress check examples/my-page.json") for line in readme_commands())
    assert (ROOT / "examples" / "my-page.json").is_file()
    doc = json.loads((ROOT / "examples" / "my-page.json").read_text())
    assert solve(PressProblem.from_json({k: v for k, v in doc.items() if k != "layout"})).total == 12


NOTATION = re.compile(r"\b(war|crime|politics|city|human):[A-D](:\d)?\b|\b(assign|recall|reassign) \d|->")


@pytest.mark.parametrize("argv, stream", [
    (["layout", "examples/press/rulebook-12-points.json", "--text", "--alternatives", "1"], "err"),
    (["check", "examples/my-page.json", "--text"], "err"),
    (["advise", "examples/positions/when-not-to-press.json", "--playouts", "42", "--top", "5", "--text"], "out"),
    (["audit", "examples/records/two-player-greedy-seed-11.json", "--playouts", "2", "--workers", "1", "--text"], "out"),
    (["tournament", "--players", "3", "--seats", "heuristic,greedy,greedy", "--games", "3", "--seed", "1",
      "--workers", "1", "--quiet", "--text"], "out"),
], ids=["layout", "check", "advise", "audit", "tournament"])
def test_every_text_report_speaks_in_words(argv, stream, capsys, monkeypatch):
    """``--text`` is for people: moves, stories, players and cards in words (the JSON keeps the notation)."""
    code, out, err = run(capsys, *argv, monkeypatch=monkeypatch, cwd=ROOT)
    assert code == 0, err
    text = out if stream == "out" else err
    assert text.strip() and not NOTATION.search(text), NOTATION.search(text)
    assert not re.search(r"\b(player|seat) \d", text)  # newspapers, not numbers counted from 0
    if argv[0] in ("advise", "audit", "tournament"):
        assert "The Times" in text
