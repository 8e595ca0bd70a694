"""``--record-durations PATH`` (tests/durations_plugin.py): a run writes every test's seconds, each file's sum,
the count run and the wall time, slowest first; without the option nothing is written."""
from __future__ import annotations

import json

pytest_plugins = ["pytester"]


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
