"""Each test's duration, recorded: ``pytest --record-durations PATH`` writes one JSON file.

The file holds the session's wall time, the number of workers, and every test's time (setup, call and
teardown together, seconds), slowest first, with the time of each test file summed; the run's closing
lines name the slowest files. ``python3 run.py test`` passes it ``test-artifacts/durations.json``, and the
record a contributor commits (``benchmarks/results/suite/durations.json``) is a copy of one such run on
this project's machine: where the suite's time goes, so that the next cut is made where it pays. It works
the same with pytest-xdist, whose controller receives every worker's reports.
"""
from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--record-durations", metavar="PATH", default=None,
                     help="write each test's duration (and each file's total) to this JSON file")


class DurationRecord:
    """Collects the reports' durations on the process that writes the terminal summary."""

    def __init__(self, path: Path):
        self.path = path
        self.start = time.perf_counter()
        self.tests: dict[str, float] = defaultdict(float)
        self.outcomes: dict[str, str] = {}

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionstart(self, session):
        self.start = time.perf_counter()

    def pytest_runtest_logreport(self, report):
        self.tests[report.nodeid] += report.duration
        if report.when == "call" or report.outcome != "passed":
            self.outcomes[report.nodeid] = report.outcome

    def files(self) -> dict[str, float]:
        totals: dict[str, float] = defaultdict(float)
        for nodeid, seconds in self.tests.items():
            totals[nodeid.split("::")[0]] += seconds
        return dict(sorted(totals.items(), key=lambda kv: -kv[1]))

    def pytest_unconfigure(self, config):
        workers = getattr(config.option, "numprocesses", None) or 0
        doc = {
            "wall_seconds": round(time.perf_counter() - self.start, 1),
            "workers": workers if isinstance(workers, int) else str(workers),
            "tests_run": len(self.tests),
            "test_seconds": round(sum(self.tests.values()), 1),
            "files": {k: round(v, 2) for k, v in self.files().items()},
            "tests": {k: round(v, 3) for k, v in sorted(self.tests.items(), key=lambda kv: -kv[1])},
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")

    def pytest_terminal_summary(self, terminalreporter):
        files = list(self.files().items())[:10]
        if files:
            terminalreporter.section("slowest test files (seconds, summed over their tests)")
            for name, seconds in files:
                terminalreporter.write_line(f"{seconds:8.1f}  {name}")
            terminalreporter.write_line(f"durations recorded in {self.path}")


@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    path = config.getoption("--record-durations")
    if path and not hasattr(config, "workerinput"):  # the controller (or a run without workers) records
        config.pluginmanager.register(DurationRecord(Path(path)), "pennypress-durations")
