"""CI's short seeded fuzz campaign (docs/developer/fuzzing.md): every target for a few seconds.

The Python loaders' targets run under atheris (in the ``test`` extra: under CI a missing atheris
fails, elsewhere it skips), two at a time, each from its committed seed corpus into a scratch
corpus, seeded, for a few seconds: about 30 s in all on 2 cores. The core's cargo-fuzz targets run
a few seconds each when ``cargo +nightly fuzz`` is present; CI has neither nightly Rust nor
cargo-fuzz (``.ci/run`` installs only chromium), so there the core's short campaign is the stable
``cargo test`` replay of the same targets (``core/tests/fuzz_replay.rs``: the committed corpus and a
seeded random walk), which ``python3 run.py test`` runs whenever a Rust toolchain is present.
"""
from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from fuzz import campaign

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 3
UNDER_CI = os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def _need_atheris() -> None:
    try:
        import atheris  # noqa: F401
    except ImportError:
        reason = "atheris is not installed (it is in the test extra: pip install -e '.[test]')"
        if UNDER_CI:
            pytest.fail(f"under CI the fuzz campaign must run: {reason}")
        pytest.skip(reason)


def _run(target: str, work: Path) -> tuple[str, int, str]:
    cmd = campaign.command(target, runs=None, max_time=SECONDS, seed=36, work=work)
    cmd = [c.replace(str(campaign.FINDINGS) + "/", str(work.parent) + "/") for c in cmd]  # findings: tmp too
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, timeout=180)
    return target, proc.returncode, proc.stdout + proc.stderr


@pytest.mark.slow
def test_a_short_seeded_campaign_of_each_loader_finds_nothing(tmp_path):
    _need_atheris()
    jobs = []
    for target in campaign.PYTHON_TARGETS:
        (tmp_path / target).mkdir()
        jobs.append((target, tmp_path / target))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda j: _run(*j), jobs))
    for target, status, output in results:
        executions = [int(line.split()[-1]) for line in output.splitlines()
                      if line.startswith("stat::number_of_executed_units")]
        assert status == 0, f"{target}: a finding (or a crash) in the short campaign:\n{output[-3000:]}"
        assert executions and executions[0] > 0, f"{target}: no input ran:\n{output[-2000:]}"
    assert not list(tmp_path.glob("*-crash-*")) and not list(tmp_path.glob("*-timeout-*"))


def test_a_short_seeded_campaign_of_each_core_target_finds_nothing(tmp_path):
    why = campaign.core_tools()
    if why is not None:
        pytest.skip(f"{why}: the core's short campaign is the stable replay, "
                    "`cargo test --test fuzz_replay` (core/tests/fuzz_replay.rs)")
    for target in campaign.CORE_TARGETS:
        (tmp_path / target).mkdir()
        name, status, output = _run(target, tmp_path / target)
        assert status == 0, f"{name}: a finding in the short campaign:\n{output[-3000:]}"
        assert "stat::number_of_executed_units" in output


def test_the_seed_corpus_is_what_make_corpus_writes_and_every_input_loads():
    from fuzz.python.targets import check

    for target in campaign.PYTHON_TARGETS:
        inputs = sorted(campaign.corpus_of(target).iterdir())
        assert inputs, f"no seed corpus for {target}: python -m fuzz.make_corpus"
        assert sum(p.stat().st_size for p in inputs) < 200_000, "a seed corpus stays small"
        for path in inputs[:3]:
            assert check(target, path.read_bytes()) == "loaded", path


def _outcome(target: str, executions: int, findings: tuple[str, ...] = ()) -> campaign.Outcome:
    return campaign.Outcome(target, executions, 5, list(findings), 1.0, 0, "fuzz")


def test_a_recorded_campaign_adds_each_run_to_its_targets_ledger(tmp_path):
    ledger = tmp_path / "campaigns.json"
    campaign.record([_outcome("position", 300), _outcome("notation", 7)], ["--target", "python"], ledger)
    campaign.record([_outcome("position", 450)], ["--target", "position"], ledger)
    runs = campaign.ledger(ledger)["campaigns"]["position"]["runs"]
    assert [r["executions"] for r in runs] == [300, 450]
    assert runs[1]["campaign"] == "python -m fuzz.campaign --target position"
    assert campaign.recorded_executions("position", ledger) == 750
    assert campaign.recorded_executions("notation", ledger) == 7
    assert campaign.recorded_executions("page", ledger) == 0


def test_until_goal_runs_recorded_chunks_until_each_target_reaches_its_goal(tmp_path, monkeypatch):
    """Each chunk asks for what is left of the goal, with a seed of its own; a finding stops its target."""
    ledger = tmp_path / "campaigns.json"
    monkeypatch.setitem(campaign.GOALS, "position", 1000)
    monkeypatch.setitem(campaign.GOALS, "page", 1000)
    asked = []

    def fake_run(targets, runs, max_time, seed, jobs, every, quiet=False, on_done=None, again=None):
        done, queue, runs, seed = [], list(targets), dict(runs), dict(seed)
        while queue:
            t = queue.pop(0)
            asked.append((t, runs[t], seed[t], max_time))
            outcome = _outcome(t, 400) if t == "position" else _outcome(t, 100, ("page-crash-1",))
            on_done(outcome)
            done.append(outcome)
            if (following := again(outcome)) is not None:
                runs[t], seed[t] = following
                queue.append(t)
        return done

    monkeypatch.setattr(campaign, "run", fake_run)
    campaign.until_goal(["position", "page"], 60, 36, 2, 60.0, ["--until-goal"], ledger)
    assert asked == [("position", 1000, 36, 60), ("page", 1000, 36, 60),
                     ("position", 600, 37, 60), ("position", 200, 38, 60)]
    assert campaign.recorded_executions("position", ledger) == 1200
    assert campaign.recorded_executions("page", ledger) == 100  # stopped at its finding


def test_until_goal_starts_the_target_furthest_from_its_goal_first(tmp_path, monkeypatch):
    """With two jobs and three targets, the one left waiting must not be the longest campaign."""
    ledger = tmp_path / "campaigns.json"
    for target, goal in (("position", 1000), ("page", 1000), ("core-moves", 10_000)):
        monkeypatch.setitem(campaign.GOALS, target, goal)
    campaign.record([_outcome("position", 900), _outcome("core-moves", 1000)], ["--until-goal"], ledger)
    order = []

    def fake_run(targets, runs, max_time, seed, jobs, every, quiet=False, on_done=None, again=None):
        order.append(list(targets))
        done = [_outcome(t, runs[t]) for t in targets]
        for outcome in done:
            on_done(outcome)
        return done

    monkeypatch.setattr(campaign, "run", fake_run)
    campaign.until_goal(["position", "page", "core-moves"], 60, 36, 2, 60.0, ["--until-goal"], ledger)
    assert order == [["page", "core-moves", "position"]]  # 100% and 90% of their goals left, then 10%


@pytest.mark.slow
def test_a_targets_next_chunk_starts_when_its_last_ends_not_when_every_chunk_has(tmp_path, monkeypatch):
    """Two jobs, a long campaign and a short one: the long one's chunks follow each other while the short
    one's first chunk still runs (before, the round waited for every target's chunk to end)."""
    import sys

    monkeypatch.setattr(campaign, "WORK", tmp_path / "work")
    monkeypatch.setattr(campaign, "FINDINGS", tmp_path / "work" / "findings")
    started = []
    released = tmp_path / "released"  # the short campaign's chunk ends only once this file exists

    def fake_command(target, runs, max_time, seed, work):
        started.append((target, seed))
        if target == "position":
            return [sys.executable, "-c", "print('stat::number_of_executed_units: 10')"]
        wait = (f"import os, time\nend = time.time() + 20\n"  # a runner that waited for it would not hang
                f"while not os.path.exists({str(released)!r}) and time.time() < end: time.sleep(0.05)\n")
        return [sys.executable, "-c", wait + "print('stat::number_of_executed_units: 10')"]

    def again(outcome):
        if outcome.target != "position":
            return None
        following = next(calls)
        if following is None:
            released.touch()  # the long campaign is done: now the short one may end
        return following

    monkeypatch.setattr(campaign, "command", fake_command)
    calls = iter([(10, 37), (10, 38), None])
    outcomes = campaign.run(["position", "page"], {"position": 10, "page": 10}, 60, 36, 2, 60.0, quiet=True,
                            again=again)
    assert started[:2] == [("position", 36), ("page", 36)]
    assert [o.target for o in outcomes] == ["position", "position", "position", "page"]
    assert started[2:] == [("position", 37), ("position", 38)]


def test_until_goal_needs_chunks_of_time_not_a_count_of_runs(capsys):
    with pytest.raises(SystemExit) as stop:
        campaign.main(["--target", "position", "--until-goal", "--runs", "10"])
    assert stop.value.code == 2
    assert "--until-goal" in capsys.readouterr().err


def test_a_run_reports_only_the_findings_it_wrote_not_an_earlier_one(tmp_path, monkeypatch):
    """A finding left from an earlier run (fixed since) stays in ``fuzz/work/findings/``: the next run of
    the target must not report it as its own; what the run itself writes is reported."""
    import sys

    findings, work = tmp_path / "findings", tmp_path / "work"
    findings.mkdir()
    (findings / "notation-crash-earlier").write_text("old", encoding="utf-8")
    monkeypatch.setattr(campaign, "FINDINGS", findings)
    monkeypatch.setattr(campaign, "WORK", work)
    writes = {"notation": None, "position": findings / "position-crash-new"}

    def fake(target, runs, max_time, seed, work):
        new = writes[target]
        code = f"open({str(new)!r}, 'w').write('x'); " if new else ""
        return [sys.executable, "-c", code + "print('#12\\tDONE   cov: 1')"]

    monkeypatch.setattr(campaign, "command", fake)
    outcomes = {o.target: o for o in campaign.run(["notation", "position"], None, None, 1, 1, 1000, quiet=True)}
    assert outcomes["notation"].findings == [] and outcomes["notation"].executions == 12
    assert outcomes["position"].findings == ["position-crash-new"]
