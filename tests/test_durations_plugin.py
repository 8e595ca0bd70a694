"""``--record-durations PATH`` (tests/durations_plugin.py): a run writes every test's seconds, each file's sum,
the count run and the wall time, slowest first; without the option nothing is written."""
from __future__ import annotations

import json
from pathlib import Path

import run

pytest_plugins = ["pytester"]
XDIST = ("-n", "auto", "--dist", "loadgroup")


def test_a_run_records_each_test_and_each_file(pytester):
    pytester.makepyfile(test_slow="import time\n\ndef test_a():\n    time.sleep(0.3)\n\ndef test_b():\n    pass\n",
                        test_fast="def test_c():\n    assert True\n")
    out = pytester.path / "d.json"
    result = pytester.runpytest("-p", "tests.durations_plugin", "--record-durations", str(out))
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*slowest test files*", f"*durations recorded in {out}*"])
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["tests_run"] == 3 and doc["workers"] == 0
    assert list(doc["tests"])[0] == "test_slow.py::test_a" and doc["tests"]["test_slow.py::test_a"] >= 0.3
    assert list(doc["files"]) == ["test_slow.py", "test_fast.py"]
    slow = doc["tests"]["test_slow.py::test_a"] + doc["tests"]["test_slow.py::test_b"]
    assert abs(doc["files"]["test_slow.py"] - slow) <= 0.01  # the file's sum (rounded to hundredths)
    assert doc["wall_seconds"] >= 0.3 and doc["test_seconds"] >= 0.3


def test_without_the_option_nothing_is_written(pytester):
    pytester.makepyfile(test_one="def test_one():\n    pass\n")
    result = pytester.runpytest("-p", "tests.durations_plugin")
    result.assert_outcomes(passed=1)
    assert "durations recorded" not in result.stdout.str()
    assert not list(pytester.path.glob("*.json"))


def test_run_pys_command_runs_again_when_its_record_is_already_written(pytester):
    """``run.py test``'s pytest arguments (without the workers) on a suite whose conftest registers the plugin, as
    this project's does, twice: the second run, with the record already written, still finds and runs the tests
    (the record's path given as a separate argument was once taken for a test path, and the option unknown)."""
    pytester.makeini("[pytest]\ntestpaths = suite\n")
    suite = pytester.mkdir("suite")
    (suite / "conftest.py").write_text('pytest_plugins = ["tests.durations_plugin"]\n')
    (suite / "test_one.py").write_text("def test_one():\n    pass\n")
    out = pytester.path / "durations.json"
    command = run.pytest_command(Path("python"), [], durations=out)[3:]  # after "python -m pytest"
    assert command[:len(XDIST)] == list(XDIST)
    for attempt in (1, 2):
        result = pytester.runpytest(*command[len(XDIST):])
        result.assert_outcomes(passed=1)
        assert out.exists(), attempt
