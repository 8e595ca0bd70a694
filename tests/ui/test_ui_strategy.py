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
            if f.get("population"):  # the finding played out against the population: its verdict beneath it
                assert f"{f['claim']}\n  - {f['population']['words']}" in text
        assert any(f.get("population") for f in expected(guide, players))
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


# ------------------------------------------------------------------ one truth on the screen (#55)
def drawn_charts(at) -> list[tuple[dict, list]]:
    """Every chart on the page as it was sent: its Vega-Lite spec and the rows of each of its datasets."""
    import io

    import pyarrow as pa

    out = []
    for el in at.get("vega_lite_chart"):
        rows = [pa.ipc.open_stream(io.BytesIO(d.data.data)).read_all().to_pylist() for d in el.proto.datasets]
        out.append((json.loads(el.proto.spec), rows))
    return out


def advisor_shares(text: str) -> tuple[tuple[float, int], dict[str, float], tuple[float, int] | None]:
    """From the page's words: the advisor's win share and the seats it held, its share in each seat, and the
    other bot's share and seats (the league's evaluator)."""
    import re

    summary = re.search(r"The advisor \(fast\) wins [^:.]*: (\d+\.\d)% of the ([\d,]+) seats it held", text)
    assert summary, "no summary of the advisor's win share on the page"
    parts = dict(re.findall(r"The advisor \(fast\) in the (\w+) seat \([^)]*\) wins [^%]*?(\d+\.\d)%", text))
    other = re.search(r"The league's evaluator wins [^:.]*: (\d+\.\d)% of the ([\d,]+) seats it held", text)
    whole = (float(summary[1]), int(summary[2].replace(",", "")))
    return whole, {k: float(v) for k, v in parts.items()}, (
        (float(other[1]), int(other[2].replace(",", ""))) if other else None)


def check_summary_equals_parts(text: str, seats_in: dict[str, int], games: int) -> None:
    """The advisor's share is its per-seat shares together, weighed by the seats each held, and the seats it
    held are theirs; with the other bot's, every game's win is counted once. Each figure on the page is
    rounded to a tenth, so they agree within the rounding."""
    (share, held), parts, other = advisor_shares(text)
    assert set(parts) == set(seats_in) and len(parts) >= 2, (parts, seats_in)
    assert held == sum(seats_in.values())
    together = sum(parts[s] * seats_in[s] for s in parts) / held
    assert abs(share - together) <= 0.1, f"the summary says {share}%, its seats together {together:.2f}%"
    assert other is not None
    wins = (share * held + other[0] * other[1]) / 100
    assert abs(wins - games) <= 0.0005 * (held + other[1]) + 0.5, (wins, games)


def test_the_advisor_summary_equals_its_parts_on_the_screen():
    """The advisor's "wins more than its fair share: X% of the N seats it held" above its per-seat shares: the
    summary read off the page is the parts read off the page (their counts from the section's Details)."""
    import re

    at = open_app(PAGE)
    no_traceback(at)
    text = " ".join(m.value for m in at.markdown)
    rows = [r for df in at.dataframe for r in df.value.to_dict("records") if str(r["finding"]).startswith("In the ")]
    seats_in = {re.match(r"In the (\w+) seat", r["finding"])[1]: int(r["count"]) for r in rows}
    games = int(re.search(r"rest on \*\*([\d,]+) advisor games\*\*", " ".join(i.value for i in at.info))[1]
                .replace(",", ""))
    check_summary_equals_parts(text, seats_in, games)


def test_the_winning_circulation_chart_holds_the_games_its_words_name():
    """The text says where 90% of games end; the chart draws that span (its axis holds it), not only the
    narrow interval of the average, and says so under it."""
    import re

    from pennypress.ui.app.strategy_view import SPREAD_WORDS

    at = open_app(PAGE)
    no_traceback(at)
    text = " ".join(m.value for m in at.markdown)
    named = {int(x) for pair in re.findall(r"90% of games (?:end )?between (\d+) and (\d+)", text) for x in pair}
    assert {40, 71} <= named  # the three-player table's words
    drawn = set()
    for spec, datasets in drawn_charts(at):
        fields = {layer["encoding"][ch]["field"] for layer in spec["layer"] for ch in ("x", "x2")
                  if ch in layer.get("encoding", {})}
        for rows in datasets:
            drawn |= {r[f] for r in rows for f in fields if f in r and r[f] is not None}
    assert named <= drawn, f"the words name {sorted(named - drawn)} that no chart's axis holds"
    assert sum(c.value == SPREAD_WORDS for c in at.caption) == 2  # under the table's chart and the sizes'


def test_every_chart_label_is_in_players_words():
    """No chart row is labelled with a finding's code name ("advisor-presses", "advisor-seat", ...)."""
    import re

    at = open_app(PAGE)
    no_traceback(at)
    labels = {r["Finding"] for _, datasets in drawn_charts(at) for rows in datasets for r in rows if "Finding" in r}
    assert any(label.startswith("In the first seat") for label in labels)
    raw = sorted(label for label in labels if re.fullmatch(r"[a-z]+(-[a-z]+)+", label))
    assert not raw, raw


def test_a_difference_of_shares_is_said_in_percentage_points_everywhere():
    """Sentences and axes say a difference of two shares one way: percentage points, never a signed "%"."""
    import re

    at = open_app(PAGE)
    no_traceback(at)
    text = " ".join(m.value for m in at.markdown)
    assert "percentage points of win chance" in text
    signed_percent = re.findall(r"[+−-]\d+(?:\.\d+)?%", text)
    assert not signed_percent, signed_percent
    for spec, _ in drawn_charts(at):
        x = next(layer["encoding"]["x"] for layer in spec["layer"] if "title" in layer["encoding"].get("x", {}))
        if "percentage points" in x["title"]:
            assert "format" not in x.get("axis", {}) and "* 100" in x["axis"]["labelExpr"], x
        elif x.get("axis", {}).get("format", "").endswith("%"):
            assert x["title"] == "win share", x


def test_how_often_the_advisor_pressed_and_what_pressing_was_worth_are_told_apart():
    """Where the advisor pressed at most decisions of a page value yet pressing was worth less than its best
    other move on average (or the other way round), the words say how both hold."""
    import re

    at = open_app(PAGE)
    no_traceback(at)
    claims = [m.value for m in at.markdown if "At the advisor's own decisions" in m.value]
    assert claims
    seen = 0
    for claim in claims:
        for sentence in re.findall(r"At the advisor's own decisions.*?(?=- At the advisor|$)", claim, re.S):
            pressed = float(re.search(r"It went to press at (\d+\.\d)% of them", sentence)[1])
            worth = re.search(r"(beats going to press now|beats its best other move): ([+−]\d+\.\d) percentage points",
                              sentence)
            if worth is None:
                continue
            effect = float(worth[2].replace("−", "-"))
            if (effect < 0) == (pressed >= 50):
                seen += 1
                assert "Both hold" in sentence and f"{pressed}% is how often" in sentence, sentence
    assert seen >= 1  # the shipped guide's 9–12-point pages: pressed at most of them, pressing cost on average
