"""Strategy page: the shipped guide by table size -- every finding's claim and chart, the variants at that size,
the table sizes side by side, the advisor's section, marked as a small run when it is one; an uploaded run
assembled by the engine; each chart drawing every value with its interval."""
from __future__ import annotations

import json

import pytest
from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
from tests.ui.ui_helpers import errors, no_traceback, open_app

from pennypress.errors import BadInput
from pennypress.ui.app.strategy_view import (GROUPS, advisor_own, as_guide, by_unit, chart, load_shipped, sections,
                                             table_sizes, variants_at, views)

pytestmark = pytest.mark.usefixtures("shared_app_caches")  # compiled and scanned once, as a server does

PAGE = "app_pages/strategy.py"


def expected(guide: dict, players: int) -> list[dict]:
    return ([f for _, fs in sections(guide, players) for f in fs]
            + [d for v in variants_at(guide, players) for d in v["differences"]]
            + [f for _, fs in views(guide) for f in fs] + [f for a in guide["advisor"] for f in advisor_own(a["findings"])])


def charts(guide: dict, players: int) -> int:
    groups = ([fs for _, fs in sections(guide, players)] + [v["differences"] for v in variants_at(guide, players)]
              + [fs for _, fs in views(guide)] + [advisor_own(a["findings"]) for a in guide["advisor"]])
    return sum(len(by_unit(fs)) for fs in groups)


@pytest.mark.slow
def test_the_page_shows_every_finding_of_the_shipped_guide_at_each_table_size():
    at = open_app(PAGE)
    no_traceback(at)
    assert not errors(at)
    guide = load_shipped()
    assert table_sizes(guide) == [2, 3, 4, 5]
    for players in (3, 4):  # it opens at three players; four picked
        if players != 3:
            at.radio(key="strategy_players").set_value(players).run()
            no_traceback(at)
        headings = [h.value for h in at.subheader]
        assert headings[:len(sections(guide, players))] == [h for h, _ in sections(guide, players)]
        text = " ".join(m.value for m in at.markdown)
        for f in expected(guide, players):
            assert f["claim"] in text
        assert len(at.get("vega_lite_chart")) == charts(guide, players)
        assert len(at.expander) >= 1 + len(headings)  # a Details for each group (and the upload, the runs)
        if guide["small_run"]:
            assert any("Small run" in w.value for w in at.warning)
    assert any(h.startswith("The Newsboy strike at 4 players") for h in headings)
    if not guide["advisor"]:
        assert "no run of advisor games" in text


@pytest.mark.slow
def test_each_chart_draws_its_findings_with_their_intervals_and_the_reference():
    guide = load_shipped()
    groups = [fs for p in table_sizes(guide) for _, fs in sections(guide, p)] + [fs for _, fs in views(guide)] + [
        v["differences"] for v in guide["variants"]]
    assert {f["kind"] for p in table_sizes(guide) for _, fs in sections(guide, p) for f in fs} <= set(GROUPS)
    for findings in groups:
        for group in by_unit(findings):
            spec = chart(group).to_dict()
            rows = spec["datasets"][next(iter(spec["datasets"]))]
            assert [r["Finding"] for r in rows] == [f["label"] for f in group]
            assert [(r["95% low"], r["Value"], r["95% high"]) for r in rows] == [
                (f["interval"][0], f["value"], f["interval"][1]) for f in group]
            refs = {f["reference"] for f in group} - {None}
            drawn = json.dumps(spec)
            if len(refs) == 1:
                assert '"ref"' in drawn and "strokeDash" in drawn
            elif refs:
                assert '"tick"' in drawn


def test_an_uploaded_run_is_assembled_alone_and_junk_is_one_line():
    guide = load_shipped()
    run = next(r for r in guide["runs"] if r["role"] == "base" and r["players"] == 4)
    alone = as_guide({k: run[k] for k in ("games", "players", "seed", "bots", "variants", "deck", "findings")},
                     "mine.json")
    assert table_sizes(alone) == [4] and alone["small_run"]
    assert [f["claim"] for f in alone["tables"][0]["findings"]] == [
        f["claim"] for f in next(t for t in guide["tables"] if t["players"] == 4)["findings"]]
    assert as_guide(guide, "g.json") is guide
    with pytest.raises(BadInput, match=r"^mine\.json: not a strategy run") as exc:
        as_guide({"hello": 1}, "mine.json")
    assert "\n" not in str(exc.value)


@pytest.mark.slow
def test_an_advisor_run_shows_marked_as_resting_on_advisor_games(monkeypatch):
    from pennypress.engine.strategy.guide import assemble

    shipped = load_shipped()
    runs = [(r["file"], {k: r[k] for k in ("games", "players", "seed", "bots", "variants", "deck", "findings")})
            for r in shipped["runs"] if r["role"] != "advisor"]  # the shipped advisor run replaced by this one
    base3 = next(run for _, run in runs if run["players"] == 3 and not run["variants"] and run["deck"] == "default")
    advisor = {**base3, "games": 2400, "seed": 8, "bots": ["advisor:fast", "evaluator"],
               "findings": [{"kind": "bot", "claim": "Advisor:fast wins more than its fair share: 40.0% of its "
                             "seats.", "value": 0.4, "interval": [0.38, 0.42], "games": 2400, "bot": "advisor:fast",
                             "fair": 0.3333}]}
    guide = assemble(runs + [("advisor-3-seed-8.json", advisor)])
    monkeypatch.setattr("pennypress.ui.app.strategy_view.load_shipped", lambda: guide)
    at = open_app(PAGE)
    no_traceback(at)
    assert any("rest on **2,400 advisor games**" in i.value for i in at.info)
    text = " ".join(m.value for m in at.markdown)
    assert "The advisor (fast) wins more than its fair share: 40.0% of its seats." in text
    assert "no run of advisor games" not in text
