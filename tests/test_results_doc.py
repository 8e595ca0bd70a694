"""docs/results.md is what ``benchmarks/results.py`` renders from the recorded benchmark outputs, so its figures
cannot drift from them; every speed benchmark and every recorded table appears with its command."""
from __future__ import annotations

import json
from pathlib import Path

from benchmarks import results
from benchmarks.speed.__main__ import SPEED

ROOT = Path(__file__).resolve().parents[1]


def test_the_page_is_what_the_records_render():
    assert (ROOT / "docs" / "results.md").read_text(encoding="utf-8") == results.render(), (
        "docs/results.md differs from the records: run python3 run.py results")


def test_every_speed_benchmark_is_recorded_with_its_command():
    page = results.render()
    for name in SPEED:
        record = json.loads((results.RECORDS / "speed" / f"{name}.json").read_text(encoding="utf-8"))
        assert record["command"] == f"python -m benchmarks.speed.{name}" and record["output"].strip()
        assert f"`{record['command']}`" in page


def test_a_changed_record_changes_the_page(tmp_path):
    (tmp_path / "seeds.json").write_text((results.RECORDS / "seeds.json").read_text(encoding="utf-8"), encoding="utf-8")
    for kind in ("speed", "strength"):
        (tmp_path / kind).mkdir()
        for p in (results.RECORDS / kind).glob("*.json"):
            (tmp_path / kind / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    before = results.render(tmp_path)
    first = sorted((tmp_path / "strength").glob("*.json"))[0]
    doc = json.loads(first.read_text(encoding="utf-8"))
    doc["table"] = doc["table"].replace("%", " %", 1)
    first.write_text(json.dumps(doc), encoding="utf-8")
    assert results.render(tmp_path) != before


def test_numbered_strength_records_appear_in_the_order_of_their_numbers():
    """``10-…`` after ``9-…``, not after ``1-…`` as the file names sort."""
    page = results.render()
    files = [p for p in (results.RECORDS / "strength").glob("*.json") if p.name.partition("-")[0].isdigit()]
    titles = [json.loads(p.read_text(encoding="utf-8"))["title"]
              for p in sorted(files, key=lambda p: int(p.name.partition("-")[0]))]
    assert len(titles) >= 10
    places = [page.index(f"### {t}\n") for t in titles]
    assert places == sorted(places)


def test_a_record_with_its_games_says_what_they_give():
    """A strength record that keeps its per-game results (``"games"``: the file, the seat measured, its share
    and Wilson interval) says what that file gives: the seat's mean win share over its games, and the interval
    of that share over that many games."""
    from benchmarks.strength.paired_games import shares
    from pennypress.stats import wilson

    kept = [r for r in results._load(results.RECORDS / "strength") if "games" in r]
    assert kept, "no strength record keeps its games"
    for record in kept:
        games = record["games"]
        won = list(shares(ROOT / games["file"], games["seat"]).values())
        share = sum(won) / len(won)
        assert len(won) == games["count"] and round(share, 4) == games["share"]
        assert [round(x, 4) for x in wilson(share, len(won))] == games["interval"]
        assert f"{100 * share:.1f}%" in record["table"]
