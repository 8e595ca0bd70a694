"""The soak benchmark's machinery (``benchmarks/speed/soak.py``; the 20-minute run itself is a benchmark,
never part of the suite): its figures from made-up samples and clicks, its refusal of bad options, and a
real run of a few seconds with two browsers, whose record must have the documented shape, clicks in it
with their times, the errors as a list, and the app's memory sampled."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.ui.browser_helpers import require_browser

from benchmarks.speed import soak

ROOT = Path(__file__).resolve().parents[2]


def test_memory_growth_is_measured_from_the_end_of_the_warm_up():
    mb = 1 << 20
    samples = [(t, 100 * mb) for t in range(0, 60, 5)] + [(t, 110 * mb) for t in range(60, 120, 5)]
    samples += [(t, 105 * mb) for t in range(120, 181, 5)]
    m = soak.memory_figures(samples, warmup_s=60)
    assert (m["warm_mb"], m["max_mb"], m["end_mb"]) == (100.0, 110.0, 105.0)
    assert m["growth_pct"] == 5.0 and m["max_growth_pct"] == 10.0
    assert soak.memory_figures([], 60)["growth_pct"] is None


def test_click_times_are_summarised_by_their_percentiles():
    t = soak.timing([float(ms) for ms in range(1, 101)])
    assert t == {"n": 100, "p50_ms": 50.5, "p95_ms": 95.0, "max_ms": 100.0}
    assert soak.timing([])["p95_ms"] is None


@pytest.mark.slow
def test_bad_options_get_one_line_and_exit_2():
    for args in (["--sessions", "0"], ["--minutes", "-1"], ["--minutes", "2", "--warmup", "3"],
                 ["--sample", "0"], ["--sessions", "many"], ["--out", "/no/such/folder/soak.json"]):
        done = subprocess.run([sys.executable, "-m", "benchmarks.speed.soak", *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 2 and done.stdout == "", args
        assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("soak: "), done.stderr


@pytest.mark.browser
def test_a_short_soak_clicks_measures_and_reports(tmp_path):
    require_browser()
    out = tmp_path / "soak.json"
    # a short run: each session finishes the journey it is on when the time is up (every journey clicks at
    # least twice), and the memory, sampled every half second (the least --sample takes), has its samples
    done = subprocess.run([sys.executable, "-m", "benchmarks.speed.soak", "--sessions", "2", "--minutes", "0.2",
                           "--warmup", "0.1", "--sample", "0.5", "--seed", "7", "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert {"command", "commit", "date", "sessions", "minutes", "warmup_minutes", "seed", "seconds", "journeys",
            "clicks", "click_to_answer", "errors", "ignored_console", "unmeasured", "memory", "targets", "click_log",
            "widths"} <= set(doc)
    assert (doc["sessions"], doc["minutes"], doc["seed"], doc["widths"]) == (2, 0.2, 7, [1400, 390])
    # the machinery clicked: each session began a journey, and every click has its time to the answer
    assert set(doc["journeys"]) == set(soak.JOURNEYS) and sum(doc["journeys"].values()) >= 2
    clicks = doc["click_log"]
    assert len(clicks) == doc["clicks"]["total"] >= 4
    assert {c["session"] for c in clicks} == {0, 1}
    assert all(c["journey"] in soak.JOURNEYS and c["step"] and 0 < c["ms"] < 1000 * soak.STEP_TIMEOUT for c in clicks)
    overall = doc["click_to_answer"]["overall"]
    assert overall["n"] == doc["clicks"]["after_warmup"]
    if overall["n"]:
        assert 0 < overall["p50_ms"] <= overall["p95_ms"] <= overall["max_ms"]
    # the errors, as a list of records (a run on a loaded machine may time a step out: it is listed, not hidden)
    assert isinstance(doc["errors"], list)
    assert all({"t", "session", "journey", "step", "kind", "message"} <= set(e) for e in doc["errors"])
    assert doc["targets"]["errors_met"] == (doc["errors"] == [])
    # the app's memory, sampled through the run: the server's processes, tens of MB at least
    samples = doc["memory"]["samples"]
    assert len(samples) >= 10 and all(rss > 50 * (1 << 20) for _, rss in samples)
    assert [t for t, _ in samples] == sorted(t for t, _ in samples)
    assert doc["memory"]["growth_pct"] is not None
    # the summary says the targets, met or not
    text = done.stdout
    assert "target: memory grows by at most 10% after the warm-up: " in text and "target: 0 errors: " in text
    assert "95th percentile of click to answer, after the warm-up: " in text


@pytest.mark.slow
def test_the_memory_probe_logs_what_grew_in_the_app_server_only(tmp_path):
    """``--probe``: a process started as Streamlit writes a JSON line a period -- its traced memory, the
    bounded caches' entries, the lines whose allocations grew; any other process (``pennypress ui``) nothing."""
    log = tmp_path / "probe.jsonl"
    env = soak.probe_env(log) | {"PENNYPRESS_SOAK_PROBE_EVERY": "0.25"}
    # it grows for 2.5 s (ten of the probe's periods) at least, and on a loaded machine (the probe's snapshots
    # slow too) until the probe has written four lines, so that the first and the last line are apart by some growth
    grow = ("import pathlib, time, pennypress.solver.fast, pennypress.solver.solve\n"
            f"log = pathlib.Path({str(log)!r})\n"
            "kept, deadline = [], time.monotonic() + 45\n"
            "def lines():\n    return len(log.read_text().splitlines()) if log.exists() else 0\n"
            "while len(kept) < 25 or (lines() < 4 and time.monotonic() < deadline):\n"
            "    kept.append(bytearray(200_000)); time.sleep(0.1)\n")
    subprocess.run([sys.executable, "-c", grow, "streamlit"], env=env, check=True, timeout=60)
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) >= 3, lines
    assert lines[-1]["traced_mb"] > lines[0]["traced_mb"] + 0.5
    assert lines[-1]["caches"]["pennypress.solver.fast._answer"] == 0
    assert lines[-1]["caches"]["pennypress.solver.solve._CACHE"] == 0
    assert any(g["kb"] > 100 for g in lines[-1]["grew"])
    other = tmp_path / "other.jsonl"
    subprocess.run([sys.executable, "-c", "import time; time.sleep(1)"], env=soak.probe_env(other)
                   | {"PENNYPRESS_SOAK_PROBE_EVERY": "0.3"}, check=True, timeout=60)
    assert not other.exists()
