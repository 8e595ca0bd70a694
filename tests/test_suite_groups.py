"""The suite's `xdist_group` marks hold: under ``--dist loadgroup`` a group's tests run on one worker.

Several modules rely on it (the wheels built once into ``dist/``, a module's shared run made once), and a
pytest release once stopped honouring the worker's renaming that grouping rests on, silently: every group was
split and two workers built into one ``dist/`` at once. This test runs a small suite of its own on two workers
and fails the day grouping breaks again.
"""
from __future__ import annotations

import re
import subprocess
import sys

GROUPED = """
import pytest
pytestmark = pytest.mark.xdist_group("together")
def test_one(): pass
def test_two(): pass
def test_three(): pass
def test_four(): pass
"""
LOOSE = "".join(f"def test_loose_{i}(): pass\n" for i in range(6))


def test_a_group_runs_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_loose.py").write_text(LOOSE)
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # this folder is the root: none of the suite's settings
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
                          "-p", "no:cacheprovider", str(tmp_path)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    workers = {}
    for worker, name in re.findall(r"\[(gw\d)\] \[\s*\d+%\] PASSED \S*::(test_\w+)", run.stdout):
        workers.setdefault(name, set()).add(worker)
    assert len(workers) == 10, run.stdout[-2000:]  # every test seen, once
    grouped = set().union(*(workers[n] for n in ("test_one", "test_two", "test_three", "test_four")))
    assert len(grouped) == 1, f"the group ran on {sorted(grouped)}: pytest-xdist's loadgroup no longer groups"
