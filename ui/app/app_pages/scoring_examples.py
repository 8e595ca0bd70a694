"""Scoring examples: the rulebook's worked examples, each loaded from examples/ and computed.

The narrative (who is The Times, what the rulebook shows) is text; every number
on the page comes from the engine or the solver working on the example files.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from pennypress.engine import Decline
from pennypress.solver import BadInput, PressProblem
from pennypress.ui.app import shared_press as state, solving
from pennypress.ui.io import example_files, positions
from pennypress.ui.render.board_svg import board_svg, bonus_track_svg
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.explain import arithmetic, breakdown_arithmetic, top_rule_text
from pennypress.ui.app.widgets import breakdown_table, show_svg

state.init(st)

st.title("Scoring examples")
st.caption(
    "The rulebook's worked examples as data (`examples/positions/`, `examples/press/`). "
    "Each is loaded, and every value, scoop and score below is computed by the engine and the solver."
)

POSITIONS = example_files.position_examples()
PRESSES = example_files.press_examples()


def _position(name: str):
    path = POSITIONS.get(name)
    if path is None:
        st.warning(f"The example position {name}.json is not in this installation's examples folder.")
        return None
    try:
        return positions.parse_position(example_files.load(path))
    except (BadInput, ValueError) as exc:
        st.error(f"The example position {path.name} cannot be used: {exc}")
        return None


def _name(names: dict[int, str], i: int) -> str:
    return f"{names[i]} ({positions.player_name(i)})" if i in names else positions.player_name(i)


tab12, tabnot, tabbonus = st.tabs(
    ["The 12-point press (p. 9)", "When not to go to press (p. 10)", "The end-game bonus tie (p. 11)"]
)

def _page_and_arithmetic(problem, result, title: str, lead: str, who: str, key: str):
    """The page drawn on the left; on the right the top-beat rule in words, the breakdown and
    its arithmetic. Returns the right-hand column, for what a walkthrough adds below."""
    a, b = st.columns([5, 5], gap="large")
    with a:
        show_svg(result_svg(result, title=title))
    with b:
        st.markdown(f"**{lead}** {top_rule_text(result)}")
        breakdown_table(problem, result.breakdown, key=key)
        st.markdown(f"**{who}:** {breakdown_arithmetic(problem, result.breakdown)}")
    return b


# ------------------------------------------------------------------ 1. the 12-point press
with tab12:
    names = {0: "The Times", 1: "The Sun", 2: "The Herald"}
    st.markdown(
        "The Times goes to press and claims three stories, scooping The Sun on two of them. "
        "Politics is the top beat; Crime & Calamity and War are worth less."
    )
    game = _position("rulebook-12-points")
    if game is not None:
        pv = positions.press_preview(game, 0)
        show_svg(board_svg(game))
        if pv.outcome is None:
            st.error(pv.reason)
        else:
            result = solving.optimal(pv.problem)
            out = pv.outcome
            c1, c2, c3 = st.columns(3)
            c1.metric("The Times scores", out.total)
            c2.metric("The Sun's scoops", sum(s.points for s in out.scoops))
            c3.metric("Stories claimed", len(pv.claimed))
            b = _page_and_arithmetic(
                pv.problem, result, f"The Times' optimal page: {result.total} points", "The page.", "The Times",
                key="ex12_breakdown",
            )
            with b:
                st.caption(
                    "Any story not from a top beat that touches the top edge may be the exclusive; when two are "
                    "worth the same (as Crime & Calamity and War are here) either gives the same score."
                )
                rows = [
                    {
                        "Story": s.story.label,
                        "Marker": game.markers[s.story.beat],
                        "Scoop value there": game.scoop_value(s.story.beat),
                        "Points": s.points,
                        "To": _name(names, s.player),
                    }
                    for s in out.scoops
                ]
                st.dataframe(pd.DataFrame(rows), hide_index=True, key="ex12_scoop_table", width="stretch")
                st.markdown(
                    f"**The Sun** scores a scoop on each claimed story it had a reporter on, at that beat's "
                    f"scoop value (the exclusive does not change it): "
                    f"{arithmetic([s.points for s in out.scoops], sum(s.points for s in out.scoops))}"
                )
        st.markdown("**The same three stories in other shapes** (the rulebook's pictures are lost; these readings fit its text):")
        rows = []
        for name in ("rulebook-12-points", "rulebook-12-points-politics-b", "rulebook-12-points-politics-d"):
            if name in PRESSES:
                try:
                    problem = PressProblem.from_json(example_files.load(PRESSES[name]))
                except (BadInput, ValueError) as exc:
                    st.error(f"{name}.json cannot be used: {exc}")
                    continue
                r = solving.optimal(problem)
                rows.append({
                    "File": f"examples/press/{name}.json",
                    "Stories": ", ".join(s.label for s in problem.stories),
                    "Optimal total": r.total,
                })
        if rows:
            st.dataframe(pd.DataFrame(rows), hide_index=True, key="ex12_shapes", width="stretch")

# ------------------------------------------------------------------ 2. when not to press
with tabnot:
    names = {0: "The Times", 1: "The Sun", 2: "The Herald"}
    st.markdown(
        "The Herald has gone to press twice, so its advertisement sits in the middle row, here in a middle "
        "column. New York City has become the top beat, and The Herald's reporters would claim two New York "
        "City A stories and a War D."
    )
    game = _position("when-not-to-press")
    if game is not None:
        herald = 2
        pv = positions.press_preview(game, herald)
        show_svg(board_svg(game))
        if pv.outcome is None:
            st.error(pv.reason)
        else:
            result = solving.optimal(pv.problem)
            out = pv.outcome
            no_ad = solving.optimal(PressProblem(pv.problem.stories, pv.problem.beat_values, None))
            c1, c2, c3 = st.columns(3)
            c1.metric("The Herald scores now", out.total)
            c2.metric("Stories left unpublished", len(out.unpublished))
            c3.metric("Same stories without the ad", no_ad.total)
            b = _page_and_arithmetic(
                pv.problem, result, f"The Herald pressing now: {result.total} points", "Why.", "The Herald",
                key="exnot_breakdown",
            )
            with b:
                if out.unpublished:
                    st.markdown(
                        "Not published: " + ", ".join(s.label for s in out.unpublished)
                        + f". With the ad at {tuple(pv.problem.ad)} the page is worth almost nothing; "
                        f"the same stories on a page without an ad would score {no_ad.total}."
                    )
            if out.scoops:
                st.markdown("Scoops this press would give away: " + ", ".join(
                    f"{_name(names, s.player)} +{s.points} ({s.story.label})" for s in out.scoops))
        if "when-not-to-press-ad-right" in PRESSES:
            try:
                problem = PressProblem.from_json(example_files.load(PRESSES["when-not-to-press-ad-right"]))
                r = solving.optimal(problem)
                st.caption(
                    f"With the ad one column to the right, at {tuple(problem.ad)} "
                    f"(examples/press/when-not-to-press-ad-right.json), the optimum is {r.total} and "
                    f"{len(r.unplaced)} stor{'y is' if len(r.unplaced) == 1 else 'ies are'} left off."
                )
            except (BadInput, ValueError) as exc:
                st.error(f"when-not-to-press-ad-right.json cannot be used: {exc}")

# ------------------------------------------------------------------ 3. the end-game bonus tie
with tabbonus:
    names = {0: "The Times", 1: "The Herald", 2: "The World"}
    st.markdown(
        "At the end of the game The Times, The Herald and The World have all published Politics stories, and "
        "the Politics bonus marker is at 7. The Times published one story, The Herald three, The World fewer "
        "stars than either. The World is the last to act, with nothing to claim: it declines, the game ends, "
        "and the engine scores the bonuses."
    )
    game = _position("end-game-bonus-tie")
    if game is not None:
        ended = game.clone()
        try:
            ended.apply(Decline())
            end = positions.end_outcome(ended)
        except BadInput as exc:
            st.warning(f"The engine would not end the game from here ({exc}); scoring the position as it stands.")
            end = positions.end_outcome(game)
        show_svg(bonus_track_svg(game))
        politics = next(bb for bb in end.bonuses if bb.beat.value == "politics")
        rows = []
        for i, p in enumerate(game.players):
            stories = [s for s in p.published if s.beat is politics.beat]
            rows.append({
                "Newspaper": _name(names, i),
                "Politics stories": ", ".join(s.label for s in stories) or "none",
                "Stories": len(stories),
                "Stars": p.stars(politics.beat),
                "Politics bonus": politics.points if i in politics.players else 0,
            })
        cols = st.columns(len(game.players))
        for i, c in enumerate(cols):
            c.metric(f"{names.get(i, positions.player_name(i))}: Politics bonus",
                     politics.points if i in politics.players else 0)
        st.dataframe(pd.DataFrame(rows), hide_index=True, key="exbonus_politics", width="stretch")
        st.markdown(
            f"Most Politics stars: **{politics.most_stars}**, held by "
            + " and ".join(_name(names, i) for i in politics.players)
            + f"; each gets the full **{politics.points}** (the marker's value). Counting stars, not stories."
        )
        st.markdown("**All five beats** (the engine's end scoring):")
        st.dataframe(positions.bonus_frame(game, end), hide_index=True, key="exbonus_all", width="stretch")
        st.markdown(
            "Final circulation: "
            + ", ".join(f"{_name(names, i)} {game.players[i].circulation} → **{c}**" for i, c in enumerate(end.circulation))
            + ". Winner" + ("s" if len(end.winners) > 1 else "") + ": "
            + " and ".join(_name(names, i) for i in end.winners) + "."
        )
