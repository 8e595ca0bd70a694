"""docs/results.md and README.md's speed and strength sentences are what ``benchmarks/results.py`` renders from
the recorded benchmark outputs, so their figures cannot drift from them or from each other; every speed benchmark
and every recorded table appears with its command."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from benchmarks import results
from benchmarks.speed.__main__ import SPEED

ROOT = Path(__file__).resolve().parents[1]


def test_the_page_is_what_the_records_render():
    assert (ROOT / "docs" / "results.md").read_text(encoding="utf-8") == results.render(), (
        "docs/results.md differs from the records: run python3 run.py results")


def test_the_readme_block_is_what_the_records_write():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(results.BEGIN) == 1 and readme.count(results.END) == 1
    assert readme == results.render_readme(readme), (
        "README.md's speed and strength block differs from the records: run python3 run.py results")


def test_the_readme_block_stands_in_its_section():
    """The generated sentences are the "Speed and strength" section's, before the next section begins."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.index("\n## Speed and strength\n")
    assert section < readme.index(results.BEGIN) < readme.index(results.END) < readme.index("\n## ", section + 1)


def test_the_readme_blocks_links_resolve():
    from tests.doc_links import broken_links

    assert not broken_links(results.readme_block(), ROOT)


def _copy_records(tmp_path: Path) -> Path:
    for kind in ("speed", "strength"):
        shutil.copytree(results.RECORDS / kind, tmp_path / kind, ignore=shutil.ignore_patterns("games"))
    return tmp_path


def test_a_changed_headline_changes_the_readme_and_a_figure_the_table_lacks_is_refused(tmp_path):
    """The README quotes the same figure as the record's table: a headline whose table prints another share
    stops the render rather than letting README.md and docs/results.md disagree."""
    records = _copy_records(tmp_path)
    before = results.readme_block(records)
    quoted = [p for p in (records / "strength").glob("*.json")
              if "headline" in json.loads(p.read_text(encoding="utf-8"))]
    path = max(quoted, key=results._order)
    doc = json.loads(path.read_text(encoding="utf-8"))
    old = f"**{100 * doc['headline']['share']:.1f}%**"
    doc["headline"]["share"] = 0.5
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="does not print"):
        results.readme_block(records)
    doc["table"] = doc["table"].replace(old, "**50.0%**")
    path.write_text(json.dumps(doc), encoding="utf-8")
    after = results.readme_block(records)
    assert after != before and "wins 50.0% of" in after


def test_a_reworded_speed_output_is_refused(tmp_path):
    records = _copy_records(tmp_path)
    path = records / "speed" / "core_search.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["output"] = doc["output"].replace("heuristic-bot playout", "a playout")
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ValueError, match="core_search"):
        results.readme_block(records)


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
    """A strength record that keeps its per-game results (``"games"``, or ``"headline"`` for the figure README.md
    quotes: the file, the seat measured, its share and Wilson interval) says what that file gives: the seat's
    mean win share over its games, and the interval of that share over that many games; a headline's games are
    the seat against its ``"against"`` alone."""
    from benchmarks.strength.paired_games import shares
    from pennypress.stats import wilson

    kept = [(r, r[key]) for r in results._load(results.RECORDS / "strength") for key in ("games", "headline")
            if key in r]
    assert kept, "no strength record keeps its games"
    for record, games in kept:
        won = list(shares(ROOT / games["file"], games["seat"]).values())
        share = sum(won) / len(won)
        assert len(won) == games["count"] and round(share, 4) == games["share"]
        assert [round(x, 4) for x in wilson(share, len(won))] == games["interval"]
        assert f"{100 * share:.1f}%" in record["table"]
        if "against" in games:
            tables = {tuple(sorted(json.loads(line)["seats"]))
                      for line in (ROOT / games["file"]).read_text(encoding="utf-8").splitlines() if line.strip()}
            assert tables == {tuple(sorted((games["seat"], games["against"])))}
