"""Strategy: the guide measured from self-play (``pennypress strategy``), each finding a claim in words drawn
as a point with its 95% interval.

It shows the guide shipped with the app (a small run for now, marked as such) or a JSON file written by
``pennypress strategy --out FILE``. How each finding is measured: ``docs/concepts/strategy.md``.
"""
from __future__ import annotations

import streamlit as st

from pennypress.errors import BadInput
from pennypress.ui.app.strategy_view import chart, grouped, is_small, load_shipped
from pennypress.ui.app.widgets import page_style, uploaded_json

page_style()

st.title("Strategy")
st.caption(
    "What strong bots' games say about playing Penny Press: seats, when winners go to press, the final "
    "edition, the bonuses, scoops, and pressing now against waiting. Each finding is a sentence with its "
    "number and 95% interval (the bar); a claim says which way only where the interval allows it. "
    "The dashed red line is the no-effect value (the fair share, or no difference)."
)

upload = st.file_uploader("Another guide (JSON from `pennypress strategy --out FILE`)", type=["json"],
                          key="strategy_upload")
report = None
if upload is not None:
    try:
        report = uploaded_json(upload)
        if not isinstance(report, dict) or not isinstance(report.get("findings"), list):
            raise BadInput(f"{upload.name}: not a strategy guide (no findings)")
    except BadInput as exc:
        st.error(str(exc))
        report = None
if report is None:
    report = load_shipped()

games, players = report.get("games", 0), report.get("players", "?")
bots = ", ".join(report.get("bots", []))
if is_small(report):
    st.warning(f"**Small run**: {games:,} games of {players} players -- a preview. The guide's figures will "
               "come from the million-game run; until then the intervals are wide and some claims unsettled.")
st.markdown(f"**{games:,} games, {players} players**, bots: {bots}; seed {report.get('seed')}. "
            f"Reproduce: `pennypress strategy --players {players} --games {games} --seed {report.get('seed')} "
            f"--bots {','.join(report.get('bots', []))}`")

for heading, findings in grouped(report):
    st.subheader(heading)
    st.altair_chart(chart(findings), width="stretch")
    for f in findings:
        lo, hi = f["interval"]
        st.markdown(f"- {f['claim']} *(95% interval {lo:.3g} to {hi:.3g}; {f['games']:,} trials)*")
