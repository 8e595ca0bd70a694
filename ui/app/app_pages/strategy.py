"""Strategy: the guide measured from self-play (``pennypress strategy``, assembled by ``pennypress strategy
guide``), for a table size: each finding a claim in words, then drawn as a point with its 95% interval, the
statistics in a collapsed Details; the variants, the table sizes side by side, the advisor's own play (from
advisor games, marked) and where the bots disagree.

It shows the guide shipped with the app, or an uploaded guide or strategy run. How each finding is measured:
``docs/concepts/strategy.md``; the same guide in words: ``docs/strategy.md``.
"""
from __future__ import annotations

import streamlit as st

from pennypress.engine.strategy.guide_doc import ADVISOR_TIMING_SCOPE, unplayed_advisor_timing
from pennypress.errors import BadInput
from pennypress.ui.app.strategy_view import (SPREAD_WORDS, advisor_own, as_guide, by_unit, chart_spec, details,
                                             load_shipped, sections, spread, table, table_sizes, variants_at, views)
from pennypress.ui.app.widgets import page_style, uploaded_json

page_style()

st.title("Strategy")
st.caption(
    "What strong bots' games say about playing Penny Press. Each finding is a sentence with its number; the "
    "chart draws it as a point with its 95% interval (the bar). A claim says which way only where the "
    "interval allows it. The dashed red line is the no-effect value: the fair share, or no difference. A "
    "difference of two shares (of win chance, of presses) is in percentage points, on the charts as in the words."
)


def show(findings: list[dict], key: str) -> None:
    """Claims in words, their charts (one per unit), the statistics in a collapsed Details."""
    for f in findings:
        beneath = f"\n  - {f['population']['words']}" if f.get("population") else ""
        st.markdown(f"- {f['claim']}{beneath}")
    for i, group in enumerate(by_unit(findings)):
        st.vega_lite_chart(spec=chart_spec(group), width="stretch", key=f"{key}_chart_{i}")
        if spread(group):
            st.caption(SPREAD_WORDS)
    with st.expander("Details"):
        st.dataframe(details(findings), hide_index=True, width="stretch")


guide = None
with st.expander("Another guide"):
    upload = st.file_uploader("A guide (`pennypress strategy guide --out FILE`) or one run "
                              "(`pennypress strategy --out FILE`)", type=["json"], key="strategy_upload")
    if upload is not None:
        try:
            guide = as_guide(uploaded_json(upload), upload.name)
        except BadInput as exc:
            st.error(str(exc))
if guide is None:
    guide = load_shipped()

if guide["small_run"]:
    st.warning("**Small run**: fewer games than the guide needs (1,000,000 three-player games and 200,000 of "
               "each other table size), so the intervals are wide and some claims unsettled: "
               + "; ".join(guide["small_run_reasons"]) + ".")

sizes = table_sizes(guide)
if not sizes:
    st.info("This guide has no run of the standard game.")
else:
    players = st.radio("Table size", sizes, index=sizes.index(3) if 3 in sizes else 0, horizontal=True,
                       format_func=lambda p: f"{p} players", key="strategy_players")
    base = table(guide, players)
    st.markdown(f"**{players} players**: {base['games']:,} games of the standard game (the command that "
                "plays them again: *How this was measured*, at the end).")
    for n, (heading, findings) in enumerate(sections(guide, players)):
        st.subheader(heading)
        show(findings, f"table_{n}")

    for v in variants_at(guide, players):
        st.subheader(f"{v['variant'][0].upper() + v['variant'][1:]} at {players} players")
        st.caption(f"{v['games']:,} games against the standard game's {v['base_games']:,}: each difference is "
                   "the variant's value minus the standard game's.")
        show(v["differences"], f"variant_{v['run']}")

st.header("By table size")
for n, (heading, findings) in enumerate(views(guide)):
    st.subheader(heading)
    show(findings, f"sizes_{n}")

st.header("What the advisor does")
if not guide["advisor"]:
    st.markdown("This guide has no run of advisor games: it makes no claim about the advisor's own play.")
for a in guide["advisor"]:
    st.info(f"These findings rest on **{a['games']:,} advisor games** at {a['players']} players "
            f"({', '.join(a['bot_names'])})" + (" -- a small run." if a["small_run"] else "."))
    if unplayed_advisor_timing(a):
        st.caption(ADVISOR_TIMING_SCOPE.strip("*"))
    show(advisor_own(a["findings"]), f"advisor_{a['run']}")

with st.expander("How this was measured"):
    for r in guide["runs"]:
        seconds = (r.get("timing") or {}).get("seconds")
        st.markdown(f"- **{r['id']}** ({r['role']}): {r['games']:,} games, {r['players']} players, seed "
                    f"{r['seed']}, {', '.join(r['bot_names'])}"
                    + (f", {seconds:,.0f} s" if seconds is not None else "") + f": `{r['command']}`")
    if guide.get("command"):
        st.markdown(f"Assembled by `{guide['command']}`.")
