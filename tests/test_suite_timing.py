"""``benchmarks.suite_timing``: a run's passed tests read from pytest's closing line, and the recorded runs
rendered into docs/results.md -- the newest commit's runs of each tier and their median, and the slowest
files of the kept durations record."""
from __future__ import annotations

import json

from benchmarks import results, suite_timing


def test_the_passed_count_is_read_from_pytests_closing_line():
    out = "....\n2 failed, 2822 passed, 1 skipped in 647.27s (0:10:47)\n"
    assert suite_timing.passed(out) == 2822
    assert suite_timing.passed("test result: ok. 19 passed; 0 failed\n3 passed, 1 skipped in 2.0s") == 3
    assert suite_timing.passed("no tests ran in 0.01s") == 0


def test_the_newest_commits_runs_give_the_median_and_the_slowest_files(tmp_path):
    runs = [{"tier": "ci", "command": "CI=true bash .ci/run", "seconds": s, "tests_passed": 2900, "commit": c,
             "date": "2026-12-05"} for s, c in ((2000.0, "old"), (800.0, "new"), (900.0, "new"), (700.0, "new"))]
    runs.append({"tier": "quick", "command": "python3 run.py test --quick", "seconds": 200.0, "tests_passed": 2700,
                 "commit": "new", "date": "2026-12-05"})
    (tmp_path / "timings.json").write_text(json.dumps({"runs": runs}), encoding="utf-8")
    assert results._suite(tmp_path / "missing") == []
    page = "\n".join(results._suite(tmp_path))
    assert "| ci | `CI=true bash .ci/run` | 800, 900, 700 | 800 s (13.3 min) | 2,900 | new 2026-12-05 |" in page
    assert "| quick | `python3 run.py test --quick` | 200 | 200 s (3.3 min) | 2,700 |" in page
    assert "2000" not in page  # an older commit's run is not in the median
    durations = {"wall_seconds": 600.0, "workers": 2, "tests_run": 2900, "test_seconds": 1150.0, "commit": "new",
                 "date": "2026-12-05", "files": {f"tests/test_{k}.py": 100.0 - k for k in range(12)}, "tests": {}}
    (tmp_path / "durations.json").write_text(json.dumps(durations), encoding="utf-8")
    page = "\n".join(results._suite(tmp_path))
    assert "pytest 600 s wall on 2 workers, 1,150 s of tests (2,900 run)" in page
    assert "| 100.0 | `tests/test_0.py` |" in page and "| 91.0 | `tests/test_9.py` |" in page
    assert "tests/test_10.py" not in page  # ten files, the slowest
