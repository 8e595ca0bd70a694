"""Running the ``pennypress`` command line in a test, and what a refused input must look like.

- :func:`run` calls the command line's ``main`` in the test's own process (pytest's ``capsys`` holds
  its streams): the exit status, stdout and stderr;
- :func:`output` is :func:`run` for a command that must succeed: its stdout;
- :func:`run_process` runs ``python -m pennypress`` (or another entry module) in a fresh interpreter, for
  what only a new process shows (the module entry point, the exit status through the system, a clean import);
- :func:`assert_bad_input` is the rule every refused input keeps: exit status 2, nothing on stdout,
  one line on stderr that starts ``pennypress: `` and names what was wrong, and no traceback.

Imported by package name (``from tests.cli_helpers import run, assert_bad_input``): ``tests`` is a
namespace package and pytest puts the repository's root on the path (``pythonpath`` in pyproject.toml).
"""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from pennypress.ui.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None, cwd: Path | None = None) -> tuple[int, str, str]:
    """``pennypress ARGV`` in this process (each argument as text): ``(exit status, stdout, stderr)``.

    ``stdin`` is what the command reads from standard input and ``cwd`` the folder it runs in; either
    needs pytest's ``monkeypatch``, which puts both back after the test."""
    if (stdin is not None or cwd is not None) and monkeypatch is None:
        raise TypeError("run: stdin= and cwd= need monkeypatch= (the test's monkeypatch fixture)")
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    if cwd is not None:
        monkeypatch.chdir(cwd)
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def output(capsys, *argv, **how) -> str:
    """The stdout of ``pennypress ARGV`` (as :func:`run`), which must exit 0."""
    code, out, err = run(capsys, *argv, **how)
    assert code == 0, err
    return out


def run_process(*argv, stdin: str | bytes | None = None, text: bool = True, timeout: float = 300,
                module: str = "pennypress") -> subprocess.CompletedProcess:
    """``python -m MODULE ARGV`` (``pennypress`` unless told) in a fresh interpreter, reading ``stdin``
    (nothing without it), its streams captured (as text, or as bytes with ``text=False``)."""
    return subprocess.run([sys.executable, "-m", module, *map(str, argv)], input=stdin,
                          stdin=subprocess.DEVNULL if stdin is None else None, capture_output=True, text=text,
                          timeout=timeout)


def assert_bad_input(code: int, out: str, err: str, *words: str, ignore_case: bool = False) -> None:
    """A refused input: exit status 2, no stdout, one line on stderr that starts ``pennypress: `` and
    holds each of ``words`` (in any case with ``ignore_case``), no traceback."""
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("pennypress: "), err
    assert "Traceback" not in err
    said = err.lower() if ignore_case else err
    for w in words:
        assert (w.lower() if ignore_case else w) in said, f"{w!r} not named in: {err}"
