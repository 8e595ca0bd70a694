"""A fresh virtual environment with no Rust toolchain on its PATH, and pip installs into it.

One place for what the install benchmark (:mod:`benchmarks.speed.install`) times and the wheel test
(``tests/test_dist.py``) checks: a user's machine that has Python but no compiler, so the native core
can only come from its prebuilt wheel.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path


class RustOnPath(RuntimeError):
    """The fresh environment's PATH still reaches cargo or rustc: an install there would not show a user's."""


def fresh_venv(home: Path, with_pip: bool = True) -> tuple[Path, dict[str, str]]:
    """Make ``home/venv`` and return its ``bin`` folder and an environment that runs it: its ``bin`` and
    the system's before anything else on the PATH, no ``PYTHONPATH``. :class:`RustOnPath` if that PATH
    still finds a Rust toolchain. With ``with_pip`` false the environment gets no pip of its own (nor
    setuptools): :func:`pip_install` then installs into it with the calling environment's pip, so it holds
    only what the wheels bring, and making it skips copying in and installing a pip nothing would use."""
    venv.create(home / "venv", with_pip=with_pip)
    bin_dir = home / "venv" / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin", "VIRTUAL_ENV": str(home / "venv")}
    env.pop("PYTHONPATH", None)
    found = [tool for tool in ("cargo", "rustc") if shutil.which(tool, path=env["PATH"])]
    if found:
        raise RustOnPath(f"{' and '.join(found)} on the fresh environment's PATH: the install would not show a user's")
    return bin_dir, env


def pip_install(bin_dir: Path, env: dict[str, str], cwd: Path, wheels: list[Path],
                cached: bool = True, compile: bool = True, conflicts: bool = True) -> subprocess.CompletedProcess:
    """``pip install`` the ``wheels`` (and their dependencies) into the environment of ``bin_dir``: with the
    environment's own pip, or, when it has none (``fresh_venv(..., with_pip=False)``), with this Python's pip
    aimed at it (``pip --python``). With ``cached`` false pip neither reads nor writes its cache, so every
    dependency is downloaded; with ``compile`` false pip writes no bytecode (a test that only runs what it
    installed need not wait for every dependency to be compiled, as a user's install, which the benchmark
    times, does). With ``conflicts`` false pip skips its check of the installed set's requirements (a test of
    what runs needs no such check; pip's own check has failed inside pip on a loaded machine)."""
    own = (bin_dir / "pip").exists()
    cmd = ([str(bin_dir / "python"), "-m", "pip"] if own
           else [sys.executable, "-m", "pip", "--python", str(bin_dir / "python")])
    cmd += ["install", "--quiet", "--disable-pip-version-check"]
    cmd += [] if cached else ["--no-cache-dir"]
    cmd += [] if compile else ["--no-compile"]
    cmd += [] if conflicts else ["--no-warn-conflicts"]
    return subprocess.run(cmd + [str(w) for w in wheels], capture_output=True, text=True, env=env, cwd=cwd)
