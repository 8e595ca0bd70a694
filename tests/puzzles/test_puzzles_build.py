"""The shipped set is made by one command and one seed: the file is what the recorded build makes.

Mining the generated part again takes long, so the build here takes it from the shipped file
(``--base``, refused when the settings differ) and replays the committed timing log (``--replay``:
the log alone, nothing played or searched; for a log :func:`mine_timing` wrote it gives what mining
would, which the replay test below checks on a part of the log); the merged file must be the shipped
one byte for byte. The puzzles found by full games first are added the same way, from their run's log
(``pennypress puzzle mine --replay``).
"""
from __future__ import annotations

import json
import shlex
from importlib import resources
from pathlib import Path

import pytest

from pennypress.engine.puzzles import load_puzzles
from pennypress.engine.puzzles.build import TIMING_PREFIX, build
from pennypress.engine.puzzles.generate import Settings
from pennypress.engine.puzzles.store import SET_FILE
from pennypress.engine.puzzles.timing_set import TimingRun, mine_timing, replay_log
from pennypress.errors import BadInput
from tests.cli_helpers import assert_bad_input, output, run

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = load_puzzles()
RECORD = SHIPPED.generator


def test_the_shipped_file_records_every_command_that_makes_it():
    timing = RECORD["timing"]
    assert RECORD["command"].startswith("pennypress puzzle generate ") and "--seed 1" in RECORD["command"]
    assert timing["command"].startswith("pennypress puzzle timing --seed 1 --log ")
    assert RECORD["build"].startswith("pennypress puzzle build --out FILE --seed 1 --timing-log ")
    assert (ROOT / timing["log"]).is_file()
    ids = [p.id for p in SHIPPED if p.id.startswith(TIMING_PREFIX) and p.certainty == "searched"]
    mined = [f"timing-{n:03d}" for n in range(1, timing["certified"] + 1)]
    assert SHIPPED.counts() == json.loads(resources.files("pennypress.engine.puzzles").joinpath(SET_FILE)
                                          .read_text(encoding="utf-8"))["counts"]
    population = RECORD.get("population")
    if population is None:
        assert ids == mined and len(ids) > 0
        by_players = {str(n): sum(p.source["players"] == n for p in SHIPPED if p.id in ids) for n in (2, 3, 4)}
        assert by_players == timing["by_players"]
    else:  # settled by the games against the population: the mined puzzles they certify, the rest withdrawn
        assert population["command"].startswith("pennypress puzzle population --file FILE --log ")
        assert (ROOT / population["log"]).is_file() and population["certified"] == len(ids)
        assert sorted(ids + population["withdrawn"]) == mined and not set(ids) & set(population["withdrawn"])
    assert timing["complete"] == all(timing["by_players"][n] >= c for n, c in timing["wanted"].items())
    assert ("--replay" in RECORD["build"]) == (not timing["complete"])


@pytest.mark.slow
def test_the_recorded_build_command_remakes_the_shipped_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)  # the log is recorded relative to the repository
    argv = shlex.split(RECORD["build"])[1:]
    out = tmp_path / "puzzles.json"
    argv[argv.index("FILE")] = str(out)
    if "--replay" not in argv:  # a complete log: reading it alone gives the same puzzles without playing a game
        argv.append("--replay")
    doc = json.loads(output(capsys, *argv, "--base", ROOT / "engine" / "puzzles" / SET_FILE))
    assert doc["command"] == RECORD["build"] and doc["timing"]["certified"] == RECORD["timing"]["certified"]
    if "population" in RECORD:  # then the games against the population settle it, from their log alone
        settle = [str(out) if a == "FILE" else a for a in shlex.split(RECORD["population"]["command"])[1:]]
        report = json.loads(output(capsys, *settle))
        assert report["certified"] == RECORD["population"]["certified"] == len(
            [p for p in SHIPPED if p.id.startswith(TIMING_PREFIX) and p.certainty == "searched"])
    if "mined" in RECORD:  # and the puzzles found by games first are added from their run's log alone
        argv = shlex.split(RECORD["mined"]["command"])[1:]
        report = json.loads(output(capsys, *argv, *([] if "--replay" in argv else ["--replay"]),
                                   "--file", str(out), "--out", str(out)))
        assert report["found"] == RECORD["mined"]["certified"] == len(
            [p for p in SHIPPED if p.certainty == "population"])
    shipped = resources.files("pennypress.engine.puzzles").joinpath(SET_FILE).read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == shipped


@pytest.mark.slow
def test_a_replay_stops_where_the_log_does_and_writes_nothing(tmp_path):
    lines = (ROOT / RECORD["timing"]["log"]).read_text().splitlines()
    short = tmp_path / "short.jsonl"
    cut = [i for i, line in enumerate(lines) if "puzzle" in json.loads(line)][4] + 3  # past the fifth puzzle
    short.write_text("\n".join(lines[:cut]) + "\n")
    run = TimingRun(1, {2: 50, 3: 70, 4: 40}, short)
    found = mine_timing(run, search=False)  # the games played again, their candidates read from the log
    certified = [json.loads(line)["puzzle"] for line in lines[:cut] if "puzzle" in json.loads(line)]
    assert found == certified and len(found) >= 5
    assert replay_log(run) == found  # the log alone gives the same puzzles
    assert short.read_text().splitlines() == lines[:cut]  # nothing searched, nothing written
    quota = TimingRun(1, {2: 1, 4: 1}, short)  # the quotas are the run's: one of each table, then no more
    assert replay_log(quota) == mine_timing(quota, search=False) == \
        [next(p for p in certified if p["source"]["players"] == n) for n in (4, 2)]


def test_a_log_of_another_run_is_refused(tmp_path):
    lines = (ROOT / RECORD["timing"]["log"]).read_text().splitlines()
    log = tmp_path / "other.jsonl"
    log.write_text("\n".join(lines[:20]) + "\n")
    with pytest.raises(BadInput, match="another run's log"):
        replay_log(TimingRun(2, {2: 50, 3: 70, 4: 40}, log))


@pytest.mark.slow
@pytest.mark.parametrize("line, words", [
    ("garbage", "bad.jsonl line 2: malformed JSON"),
    ("[" * 100_000, "bad.jsonl line 2: the JSON is nested more than 64 levels deep"),
    ('{"kind": "press-or-wait"}', "bad.jsonl line 2: not a decided candidate of a timing run"),
])
def test_a_damaged_log_is_refused_naming_its_line(tmp_path, capsys, line, words):
    first = (ROOT / RECORD["timing"]["log"]).read_text().splitlines()[0]
    log = tmp_path / "bad.jsonl"
    log.write_text(first + "\n" + line + "\n")
    with pytest.raises(BadInput, match=words):
        replay_log(TimingRun(1, {2: 50, 3: 70, 4: 40}, log))
    assert_bad_input(*run(capsys, "puzzle", "build", "--out", tmp_path / "set.json", "--seed", "1",
                          "--timing-log", log, "--replay", "--base", ROOT / "engine" / "puzzles" / SET_FILE), words)


def test_a_base_made_by_other_settings_or_a_missing_log_is_refused(tmp_path):
    run = TimingRun(1, {2: 1}, ROOT / RECORD["timing"]["log"])
    with pytest.raises(BadInput, match="--base: its puzzles were made by other settings"):
        build(Settings(seed=1, games=299), run, replay=True, base=SHIPPED)
    with pytest.raises(BadInput, match="--timing-log: no log .* to replay"):
        build(Settings(seed=1), TimingRun(1, {2: 1}, tmp_path / "none.jsonl"), replay=True, base=SHIPPED)
    with pytest.raises(BadInput, match="one seed makes both"):
        build(Settings(seed=2), run, replay=True, base=SHIPPED)


def test_a_complete_run_is_recorded_without_replay_and_keeps_the_generated_puzzles():
    run = TimingRun(1, {2: 1, 3: 1, 4: 1}, ROOT / RECORD["timing"]["log"])
    made = build(Settings(**RECORD["settings"]), run, replay=True, base=SHIPPED)
    timing = [p for p in made if p.id.startswith(TIMING_PREFIX)]
    assert [p.id for p in timing] == ["timing-001", "timing-002", "timing-003"]
    assert sorted(p.source["players"] for p in timing) == [2, 3, 4]
    assert [p for p in made if not p.id.startswith(TIMING_PREFIX)] == [p for p in SHIPPED if "timing" not in p.tags]
    record = made.generator
    assert record["timing"]["complete"] and record["timing"]["certified"] == 3
    assert "--replay" not in record["build"] and "--two 1 --three 1 --four 1" in record["build"]
    assert record["settings"] == RECORD["settings"] and record["command"] == RECORD["command"]
