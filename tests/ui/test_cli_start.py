"""The command line starts fast: a command imports only its own module, and the heavy libraries
(CP-SAT, pandas, Streamlit, ...) only when it uses them.

Checked without timing: each command runs in a fresh interpreter, which then names the modules it
imported.
"""
from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pennypress.engine import native
from pennypress.ui.cli.run import COMMANDS, SUBCOMMAND_MODULES, build_parser, command_names

ROOT = Path(__file__).resolve().parents[2]
POSITION = "examples/positions/rulebook-12-points.json"

HEAVY = ("ortools", "pandas", "pyarrow", "streamlit", "altair", "scipy", "numpy", "openskill", "distributed")
"""Libraries that take a noticeable part of a second to import."""

ON_DEMAND = ("jsonschema", "multiprocessing", "concurrent.futures.process", "importlib.metadata")
"""Modules only some paths need, imported there: ``jsonschema`` to word a document's schema error, a process
pool for the Python engine's playouts and for tournaments, the installed metadata for the version."""

_REPORT = """
import contextlib, io, json, sys
from pennypress.ui.cli.run import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def imported_by(*argv: str) -> tuple[int, set[str]]:
    """The exit status of ``pennypress ARGV`` run in a fresh interpreter, and every module it imported."""
    done = subprocess.run([sys.executable, "-c", _REPORT, *argv], cwd=ROOT, capture_output=True, text=True,
                          check=True, timeout=300)
    report = json.loads(done.stdout)
    return report["code"], set(report["modules"])


def _top(modules: set[str], names: tuple[str, ...]) -> set[str]:
    return {m for m in modules if m.split(".")[0] in names}


def _under(modules: set[str], names: tuple[str, ...]) -> set[str]:
    """The modules that are one of ``names`` or inside one of them."""
    return {m for m in modules if any(m == n or m.startswith(n + ".") for n in names)}


def test_position_validate_imports_no_heavy_library_nor_the_advisor():
    code, modules = imported_by("position", "validate", POSITION)
    assert code == 0
    assert _top(modules, HEAVY) == set()
    assert _under(modules, ON_DEMAND) == set()
    engine = "pennypress.engine."
    assert not {m for m in modules if m.startswith((engine + "advisor", engine + "play.league", engine + "puzzles",
                                                    engine + "audit", engine + "arena.tournament", "pennypress.ui.render",
                                                    "pennypress.ui.app"))}
    assert not {m for m in modules if m.startswith("pennypress.ui.cli.") and m.endswith(("_command", "_commands",
                                                                                          "_launcher"))} - {
        "pennypress.ui.cli.game_commands"}


def test_advise_imports_no_heavy_library():
    code, modules = imported_by("advise", POSITION, "--budget", "fast")
    assert code == 0
    assert "pennypress.engine.advisor.search" in modules  # the guard sees the command's own imports
    assert _top(modules, HEAVY) == set()
    assert _under(modules, ("jsonschema",)) == set()
    if native.available():  # the playouts run on the core's threads: no process pool
        assert _under(modules, ("multiprocessing", "concurrent.futures.process")) == set()


def test_a_schema_error_is_worded_by_jsonschema_imported_then(tmp_path):
    """The guard above is not blind either: a document that breaks the schema brings jsonschema in."""
    doc = json.loads((ROOT / POSITION).read_text(encoding="utf-8"))
    doc["players"][1]["home"] = "five"
    (tmp_path / "bad.json").write_text(json.dumps(doc), encoding="utf-8")
    code, modules = imported_by("position", "validate", str(tmp_path / "bad.json"))
    assert code == 2 and "jsonschema" in modules


def test_the_version_is_read_from_the_metadata_only_when_asked():
    script = ("import sys, pennypress; before = 'importlib.metadata' in sys.modules; "
              "from importlib.metadata import version; "
              "print(before, pennypress.__version__ == version('pennypress'))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=60)
    assert done.stdout.split() == ["False", "True"]


def test_layout_imports_cp_sat_when_it_solves():
    """The guard is not blind: a command that runs CP-SAT has imported it."""
    code, modules = imported_by("layout", "examples/press/rulebook-12-points-politics-b.json")
    assert code == 0 and "ortools.sat.python.cp_model" in modules


def test_bad_input_still_exits_2_when_only_one_command_is_loaded():
    assert imported_by("position", "validate", "examples/no-such-file.json")[0] == 2
    assert imported_by("advise", POSITION, "--budget", "enormous")[0] == 2


# ------------------------------------------------------------------ one module per command
def _registered(module: str) -> list[str]:
    sub = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(f"pennypress.ui.cli.{module}").register(sub)
    return list(sub.choices)


@pytest.mark.parametrize("module", SUBCOMMAND_MODULES)
def test_each_module_adds_exactly_the_commands_the_table_names(module):
    assert _registered(module) == [c for c, m in COMMANDS.items() if m == module]


def test_commands_are_listed_in_the_table_order():
    assert command_names() == list(COMMANDS)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_parser_built_alone_is_the_one_built_with_all(command):
    """Loading only the command's own module changes nothing it says (help, choices, defaults)."""
    alone, every = _subparsers(build_parser(command))[command], _subparsers(build_parser())[command]
    assert alone.format_help() == every.format_help()
    assert _said(alone) == _said(every)


def _said(parser: argparse.ArgumentParser) -> list:
    """What a parser accepts, option by option (a nested command by its names)."""
    return [(a.dest, a.option_strings, a.default, list(a.choices) if isinstance(a.choices, dict) else a.choices)
            for a in parser._actions]
