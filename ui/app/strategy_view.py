"""What the Strategy page shows, as data: each finding's label, its group, and the Altair chart of a group
(a point with its 95% interval bar, and the no-effect value as a dashed rule).

>>> label({"kind": "seat", "seat": 1})
'Second player (The Sun)'
>>> label({"kind": "press-or-wait", "gain": "5-8"})
'A page worth 5-8'
>>> GROUPS["seat"]
'Win share by seat'
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pandas as pd

from pennypress.engine.game.names import newspaper

SHIPPED = "strategy_guide.json"
"""The guide shipped with the app (``pennypress.engine.strategy``'s data): a small run for now."""

SMALL_RUN = 100_000
"""A guide from fewer games than this is marked as a small run."""

GROUPS = {
    "seat": "Win share by seat",
    "bot": "Win share of each bot (per seat held)",
    "when-winners-press": "When winners press, against losers (winners minus losers, per game)",
    "final-edition": "The player who triggers the final edition",
    "winning-circulation": "The winning circulation",
    "beat-bonus": "Win share of each beat bonus's takers",
    "scoops": "The player who gains most on scoops",
    "press-or-wait": "Press now against waiting, by page value (difference in win chance)",
    "bots-disagree": "Where the bots disagree",
}
"""Each kind of finding's heading, in the page's order."""

SEATS = ("First", "Second", "Third", "Fourth", "Fifth")
BY = {"round": "Round of the presses", "gain": "Page value pressed", "ahead": "Presses while in the lead",
      "behind": "Presses while behind", "presses": "Presses a game", "press-or-wait": "Press-or-wait worth"}
BOTS = {"evaluator": "League evaluator", "value": "Value bot", "timer": "Timer bot", "mcts": "MCTS bot",
        "heuristic": "Heuristic bot", "greedy": "Greedy bot", "random": "Random bot"}


def load_shipped() -> dict:
    """The shipped guide's JSON."""
    return json.loads(resources.files("pennypress.engine.strategy").joinpath(SHIPPED).read_text(encoding="utf-8"))


def label(f: dict) -> str:
    """A finding's short label, as a row of its chart."""
    kind = f["kind"]
    if kind == "seat":
        return f"{SEATS[f['seat']]} player ({newspaper(f['seat'])})"
    if kind == "bot":
        return BOTS.get(f["bot"], f["bot"])
    if kind == "when-winners-press":
        return BY.get(f["by"], f["by"])
    if kind == "beat-bonus":
        from pennypress.solver.vocab import Beat

        return Beat(f["beat"]).title
    if kind == "press-or-wait":
        return f"A page worth {f['gain']}"
    if kind == "bots-disagree":
        return BY.get(f.get("by", "gain"), "Page value pressed")
    return {"final-edition": "Trigger's win share", "winning-circulation": "Winner's circulation",
            "scoops": "Best on scoops"}.get(kind, kind)


def reference(f: dict) -> float | None:
    """The no-effect value a finding is judged against (the fair share, 0), or ``None``."""
    if "fair" in f:
        return f["fair"]
    if f["kind"] in ("when-winners-press", "press-or-wait", "bots-disagree"):
        return 0.0
    return None


def grouped(report: dict) -> list[tuple[str, list[dict]]]:
    """The findings by kind, in the page's order (kinds the report lacks left out)."""
    out = []
    for kind, heading in GROUPS.items():
        found = [f for f in report.get("findings", []) if f["kind"] == kind]
        if found:
            out.append((heading, found))
    return out


def chart(findings: list[dict]) -> Any:
    """Altair: each finding a point with its 95% interval bar; the no-effect value a dashed red rule."""
    import altair as alt

    data = pd.DataFrame([{"Finding": label(f), "Value": f["value"], "95% low": f["interval"][0],
                          "95% high": f["interval"][1], "Games": f["games"], "Claim": f["claim"]} for f in findings])
    base = alt.Chart(data).encode(y=alt.Y("Finding:N", sort=None, title=None))
    tips = ["Finding", alt.Tooltip("Value:Q", format=".3"), alt.Tooltip("95% low:Q", format=".3"),
            alt.Tooltip("95% high:Q", format=".3"), "Games:Q", "Claim:N"]
    bars = base.mark_rule(strokeWidth=3).encode(x=alt.X("95% low:Q", title="value with its 95% interval"),
                                                x2="95% high:Q", tooltip=tips)
    points = base.mark_point(filled=True, size=80).encode(x="Value:Q", tooltip=tips)
    layers = bars + points
    refs = {reference(f) for f in findings} - {None}
    if len(refs) == 1:
        layers = layers + alt.Chart(pd.DataFrame({"ref": list(refs)})).mark_rule(
            strokeDash=[6, 4], color="red").encode(x="ref:Q")
    return layers.properties(height=40 + 32 * len(data))


def is_small(report: dict) -> bool:
    """Whether the guide comes from a small run (fewer than :data:`SMALL_RUN` games)."""
    return report.get("games", 0) < SMALL_RUN
