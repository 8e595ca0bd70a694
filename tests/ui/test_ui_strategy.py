"""Strategy page: the shipped guide, every finding's claim and chart, marked as a small run."""
from __future__ import annotations

from ui_helpers import errors, no_traceback, open_app

from pennypress.ui.app.strategy_view import GROUPS, chart, grouped, is_small, label, load_shipped, reference

PAGE = "app_pages/strategy.py"


def test_the_page_shows_every_finding_of_the_shipped_guide():
    at = open_app(PAGE)
    no_traceback(at)
    assert not errors(at)
    guide = load_shipped()
    headings = [h.value for h in at.subheader]
    assert headings == [h for h, _ in grouped(guide)]
    text = " ".join(m.value for m in at.markdown)
    for f in guide["findings"]:
        assert f["claim"] in text
    if is_small(guide):
        assert any("Small run" in w.value for w in at.warning)
    assert len(at.get("vega_lite_chart")) == len(headings)


def test_the_shipped_guide_is_a_whole_report_and_each_chart_draws_its_intervals():
    guide = load_shipped()
    assert {"games", "players", "seed", "bots", "findings"} <= set(guide)
    kinds = {f["kind"] for f in guide["findings"]}
    assert kinds <= set(GROUPS) and {"seat", "press-or-wait", "beat-bonus"} <= kinds
    for heading, findings in grouped(guide):
        spec = chart(findings).to_dict()
        rows = spec["datasets"][next(iter(spec["datasets"]))]
        assert [r["Finding"] for r in rows] == [label(f) for f in findings]
        assert [(r["95% low"], r["Value"], r["95% high"]) for r in rows] == [
            (f["interval"][0], f["value"], f["interval"][1]) for f in findings]
        refs = {reference(f) for f in findings}
        assert ("ref" in str(spec)) == (len(refs - {None}) == 1)
