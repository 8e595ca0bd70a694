#!/usr/bin/env python3
"""Set-up and everyday tasks for pennypress, needing nothing but Python 3.11.

    python3 run.py app        # set up (first time), then open the app on a built-in example
    python3 run.py test       # set up (first time), then run the whole test suite
    python3 run.py demo       # print the optimal front page of the rulebook's 12-point example
    python3 run.py bench      # run the benchmarks under benchmarks/
    python3 run.py cli ...    # any `pennypress` command, e.g. `python3 run.py cli layout examples/...`

The first call creates `.venv/` beside this file and installs the project into
it (editable, with the test extras). Later calls reuse it and reinstall only
when `pyproject.toml` changes.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".pennypress-installed"


def _say(msg: str) -> None:
    print(f"[run.py] {msg}", file=sys.stderr, flush=True)


def ensure_env() -> Path:
    """Create the virtual environment and install the project if needed."""
    if sys.version_info < (3, 11):
        sys.exit(f"pennypress needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    python = BIN / "python"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not python.exists():
        _say(f"creating {VENV}")
        venv.create(VENV, with_pip=True)
    if not STAMP.exists() or STAMP.read_text().strip() != digest:
        _say("installing pennypress and its dependencies (first run only)")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True
        )
        STAMP.write_text(digest)
    return python


def main(argv: list[str]) -> int:
    task, rest = (argv[0], argv[1:]) if argv else ("help", [])
    if task in ("help", "-h", "--help"):
        print(__doc__)
        return 0
    python = ensure_env()
    pennypress = str(BIN / "pennypress")
    if task == "test":
        cmd = [str(python), "-m", "pytest", *rest]
    elif task == "demo":
        cmd = [pennypress, "demo", *rest]
    elif task == "app":
        cmd = [pennypress, "ui", *rest]
    elif task == "bench":
        cmd = [str(python), str(ROOT / "benchmarks" / "run_all.py"), *rest]
    elif task == "cli":
        cmd = [pennypress, *rest]
    else:
        print(f"unknown task {task!r}; try: app, test, demo, bench, cli", file=sys.stderr)
        return 2
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
