"""What the Strategy page shows, as data: the assembled guide's sections for a table size, and the Altair
chart of a group of findings (each value a point with its 95% interval drawn as a rule, the fair share or 0
as a dashed reference). Every number, label and word is the guide's (:mod:`pennypress.engine.strategy.guide`):
the page only lays them out.

>>> GROUPS["seat"]
'Who wins from which seat'
>>> [heading for heading, _ in sections(load_shipped(), 3)][:2]
['Who wins from which seat', 'When winners go to press (winners against losers, per game)']
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

import pandas as pd

from pennypress.engine.strategy.guide import AXES, EVIDENCE, FORMAT, advisor_own, assemble, check_run
from pennypress.errors import BadInput

SHIPPED = "strategy_guide.json"
"""The guide shipped with the app (``pennypress.engine.strategy``'s data)."""

GROUPS = {
    "seat": "Who wins from which seat",
    "when-winners-press": "When winners go to press (winners against losers, per game)",
    "press-or-wait": "Press now or wait, by page value (win chance after pressing minus after waiting)",
    "beat-bonus": "The beats' bonuses",
    "scoops": "Scoops",
    "final-edition": "The final edition",
    "winning-circulation": "The winning circulation",
    "bot": "Each bot's win share (per seat held)",
    "bots-disagree": "Where the bots disagree",
}
"""Each kind of finding's heading, in the page's order."""

VIEWS = {"winning-circulation": "The winner's circulation", "final-edition": "The final edition's trigger wins",
         "seat-advantage": "Each seat's share minus the fair share"}
"""The by-table-size views, in the page's order."""


POINTS_LABEL = "format(datum.value * 100, '.1~f')"
"""A difference of shares' axis labels: percentage points, as its sentences and its axis title say them."""

SPREAD_WORDS = ("The grey bar: where 90% of games end (from the 5th to the 95th percentile of the winner's "
                "circulation); the point: the average, with its 95% interval.")
"""What the winning circulation's chart draws, said under it."""


def spread(findings: list[dict]) -> bool:
    """Whether a group's findings carry the spread of games (the winning circulation's 5th and 95th percentiles),
    which its chart draws beside the average."""
    return any("p5" in f and "p95" in f for f in findings)


def axis(unit: str) -> Any:
    """A unit's axis: a share in percent, a difference of shares in percentage points, others as numbers."""
    import altair as alt

    if unit == "share":
        return alt.Axis(format=".1~%", tickCount=6)
    if unit == "share-difference":
        return alt.Axis(labelExpr=POINTS_LABEL, tickCount=6)
    return alt.Axis(tickCount=6)


def load_shipped() -> dict:
    """The shipped guide's JSON."""
    return json.loads(resources.files("pennypress.engine.strategy").joinpath(SHIPPED).read_text(encoding="utf-8"))


def as_guide(doc: Any, name: str) -> dict:
    """An uploaded file as a guide: an assembled guide as it is, one strategy run assembled alone."""
    if isinstance(doc, dict) and doc.get("format") == FORMAT:
        if not isinstance(doc.get("tables"), list):
            raise BadInput(f"{name}: not a strategy guide (no tables)")
        return doc
    return assemble([(name, check_run(doc, name))])


def table_sizes(guide: dict) -> list[int]:
    """The player counts the guide has a base run for."""
    return sorted(t["players"] for t in guide["tables"])


def table(guide: dict, players: int) -> dict:
    return next(t for t in guide["tables"] if t["players"] == players)


def sections(guide: dict, players: int) -> list[tuple[str, list[dict]]]:
    """The base run's findings at ``players`` by kind, in the page's order (kinds the run lacks left out)."""
    findings = table(guide, players)["findings"] if players in table_sizes(guide) else []
    out = []
    kinds = list(GROUPS) + [k for k in dict.fromkeys(f["kind"] for f in findings) if k not in GROUPS]
    for kind in kinds:
        found = [f for f in findings if f["kind"] == kind]
        if found:
            out.append((GROUPS.get(kind, kind), found))
    return out


def variants_at(guide: dict, players: int) -> list[dict]:
    return [v for v in guide["variants"] if v["players"] == players]


def views(guide: dict) -> list[tuple[str, list[dict]]]:
    """The by-table-size findings by view, in the page's order."""
    out = []
    for view, heading in VIEWS.items():
        found = [f for f in guide["by_table_size"] if f.get("view") == view]
        if found:
            out.append((heading, found))
    return out


def by_unit(findings: list[dict]) -> list[list[dict]]:
    """The findings grouped by unit, in the order each unit first comes (one chart per unit: one axis)."""
    out: dict[str, list[dict]] = {}
    for f in findings:
        out.setdefault(f["unit"], []).append(f)
    return list(out.values())


def details(findings: list[dict]) -> pd.DataFrame:
    """The statistics behind a group, for its collapsed Details: value, interval, count, source run."""
    return pd.DataFrame([{"finding": f["label"], "value": f["value"], "95% low": f["interval"][0],
                          "95% high": f["interval"][1], "count": f["games"] if not isinstance(f["games"], list)
                          else " against ".join(f"{g:,}" for g in reversed(f["games"])),
                          "counted": f.get("counted", "games"),
                          "rests on": EVIDENCE.get(f.get("evidence", ""), ""),
                          "run": f["source"]["run"], "command": f["source"]["command"]} for f in findings])


def chart_spec(findings: list[dict]) -> dict:
    """:func:`chart`'s Vega-Lite spec, made once for the same findings (a guide's charts do not change
    between clicks, and Altair builds and validates each for seconds): a fresh copy each call."""
    return json.loads(_chart_spec(json.dumps(findings, sort_keys=True)))


@lru_cache(maxsize=64)
def _chart_spec(findings_json: str) -> str:
    return json.dumps(chart(json.loads(findings_json)).to_dict())


def chart(findings: list[dict]) -> Any:
    """Altair: each finding a point with its 95% interval as a rule; the no-effect value dashed in red (one
    rule when the findings share it, else a tick on each row); where the findings carry the spread of games
    (:func:`spread`), the 90% of games their words name as a wide grey bar under it, so the axis holds it."""
    import altair as alt

    data = pd.DataFrame([{"Finding": f["label"], "Value": f["value"], "95% low": f["interval"][0],
                          "95% high": f["interval"][1], "Claim": f["claim"], "Interval": f["interval_words"],
                          "Reference": f.get("reference"), "5th": f.get("p5"), "95th": f.get("p95")}
                         for f in findings])
    base = alt.Chart(data).encode(y=alt.Y("Finding:N", sort=None, title=None, axis=alt.Axis(labelLimit=170)))
    # every channel a typed object (alt.X2, alt.Tooltip, ...), never a bare string: altair turns a string into
    # its channel by matching it against every class of its schema (slow); the spec is the same
    tips = [alt.Tooltip("Finding"), alt.Tooltip("Claim:N"), alt.Tooltip("Interval:N")]
    unit = findings[0]["unit"]
    x = dict(title=AXES.get(unit, "value"), scale=alt.Scale(zero=False), axis=axis(unit))
    bars = base.mark_rule(strokeWidth=3).encode(x=alt.X("95% low:Q", **x), x2=alt.X2("95% high:Q"), tooltip=tips)
    points = base.mark_point(filled=True, size=80).encode(x=alt.X("Value:Q"), tooltip=tips)
    layers = bars + points
    if spread(findings):
        games = base.mark_rule(strokeWidth=12, color="lightgray").encode(
            x=alt.X("5th:Q", **x), x2=alt.X2("95th:Q"),
            tooltip=[alt.Tooltip("Finding"), alt.Tooltip("5th:Q", title="5th percentile"),
                     alt.Tooltip("95th:Q", title="95th percentile")])
        layers = games + layers
    refs = {f.get("reference") for f in findings}
    if refs != {None}:
        if len(refs) == 1:
            layers = layers + alt.Chart(pd.DataFrame({"ref": list(refs)})).mark_rule(
                strokeDash=[6, 4], color="red").encode(x=alt.X("ref:Q"))
        else:
            layers = layers + base.mark_tick(color="red", thickness=2).encode(x=alt.X("Reference:Q"))
    return layers.properties(height=alt.Step(30))
