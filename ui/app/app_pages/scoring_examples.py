"""Scoring examples: the rulebook's worked examples, each loaded from examples/ and computed (no file
path is shown: a player reads the stories, not where they are stored).

The narrative (what the rulebook shows) is text; every number on the page
comes from the engine or the solver working on the example files. Players are
the engine's newspapers by seat, the same in the text, the chips and tables.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

from pennypress.engine import Decline
from pennypress.engine import parse_move
from pennypress.engine.advisor import advise
from pennypress.engine.advisor.reasons import describe
from pennypress.errors import BadInput
from pennypress.solver import BEATS, PressProblem
from pennypress.ui.app import session_keys as keys, shared_press, solving, what_if
from pennypress.ui.app.widgets import (
    breakdown_table, page_style, show_board, show_bonus_track, show_svg, show_table, wrapped_table,
)
from pennypress.ui.io import example_files, positions
from pennypress.ui.render.explain import arithmetic, breakdown_arithmetic, top_rule_text
from pennypress.ui.render.page_svg import result_svg
from pennypress.ui.render.position_tables import bonus_frame, bonus_numbers, player_chip
from pennypress.ui.render.words import cell_words, names_and, paper, plural, story_words

page_style()
shared_press.init(st)

st.title("Scoring examples")
st.caption(
    "The rulebook's worked examples, set up as positions and presses: every value, scoop and score below "
    "is computed by the engine and the solver."
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


def _chips(players) -> None:
    st.markdown(" ".join(player_chip(i) for i in players), unsafe_allow_html=True)


def _page_and_arithmetic(problem, result, title: str, lead: str, who: str):
    """The page drawn on the left; on the right the top-beat rule in words, the breakdown and
    its arithmetic. Returns the right-hand column, for what a walkthrough adds below."""
    a, b = st.columns([5, 5], gap="large")
    with a:
        show_svg(result_svg(result, title=title))
    with b:
        st.markdown(f"**{lead}** {top_rule_text(result)}")
        breakdown_table(problem, result.breakdown)
        st.markdown(f"**{who}:** {breakdown_arithmetic(problem, result.breakdown)}")
    return b


tab12, tabnot, tabadjust, tabbonus = st.tabs([
    "The 12-point press (p. 9)", "When not to go to press (p. 10)", "Adjusting the news beats (p. 7)",
    "The end-game bonus tie (p. 5)",
])

# ------------------------------------------------------------------ 1. the 12-point press
with tab12:
    times, sun = 0, 1
    st.markdown(
        f"{paper(times)} goes to press and claims three stories, scooping {paper(sun)} on two of them. "
        "Politics is the top beat; Crime & Calamity and War are worth less."
    )
    _chips([times, sun])
    game = _position("rulebook-12-points")
    if game is not None:
        pv = what_if.press_preview(game, times)
        show_board(game)
        unpictured = [b for b in BEATS if not game.columns[b]]
        if unpictured:
            st.markdown(
                f"The rulebook does not picture {names_and(b.title for b in unpictured)} and says to take them as "
                "worth 0: their columns are empty here, and the engine reads "
                + names_and(f"{b.title} {game.beat_value(b)}" for b in unpictured) + " from the board."
            )
        if pv.outcome is None:
            st.error(pv.reason)
        else:
            result = solving.optimal(pv.problem)
            out = pv.outcome
            c1, c2, c3 = st.columns(3)
            c1.metric(f"{paper(times)} scores", out.total)
            c2.metric(f"{paper(sun)}'s scoops", out.scoops_to(sun))
            c3.metric("Stories claimed", len(pv.claimed))
            b = _page_and_arithmetic(
                pv.problem, result, f"{paper(times)}' optimal page: {result.total} points", "The page.", paper(times),
            )
            with b:
                st.caption(
                    "Any story not from a top beat that touches the top edge may be the exclusive; when two are "
                    "worth the same (as Crime & Calamity and War are here) either gives the same score."
                )
                wrapped_table(pd.DataFrame([
                    {
                        "Story": story_words(s.story),
                        "Marker": game.markers[s.story.beat],
                        "Scoop value there": game.scoop_value(s.story.beat),
                        "Points": s.points,
                        "To": paper(s.player),
                    }
                    for s in out.scoops
                ]))
                st.markdown(
                    f"**{paper(sun)}** scores a scoop on each claimed story it had a reporter on, at that beat's "
                    f"scoop value (the exclusive does not change it): "
                    f"{arithmetic([s.points for s in out.scoops if s.player == sun], out.scoops_to(sun))}"
                )
        st.markdown("**The same three stories in other shapes** (the rulebook's pictures are lost; these readings fit its text):")
        rows = []
        for name in ("rulebook-12-points", "rulebook-12-points-politics-b", "rulebook-12-points-politics-d"):
            if name in PRESSES:
                try:
                    problem = PressProblem.from_json(example_files.load(PRESSES[name]))
                except (BadInput, ValueError) as exc:
                    st.error(f"The example press {name} cannot be used: {exc}")
                    continue
                r = solving.optimal(problem)
                rows.append({
                    "Stories": ", ".join(story_words(s) for s in problem.stories),
                    "Optimal total": r.total,
                })
        if rows:
            wrapped_table(pd.DataFrame(rows))

# ------------------------------------------------------------------ 2. when not to press
with tabnot:
    herald = 2
    st.markdown(
        f"{paper(herald)} has gone to press twice, so its advertisement sits in the middle row, here in a middle "
        f"column. New York City has become the top beat, and {paper(herald)}'s reporters would claim two New York "
        "City A stories and a War D."
    )
    game = _position("when-not-to-press")
    if game is not None:
        _chips(range(game.n_players))
        pv = what_if.press_preview(game, herald)
        show_board(game)
        if pv.outcome is None:
            st.error(pv.reason)
        else:
            result = solving.optimal(pv.problem)
            out = pv.outcome
            no_ad = solving.optimal(PressProblem(pv.problem.stories, pv.problem.beat_values, None))
            c1, c2, c3 = st.columns(3)
            c1.metric(f"{paper(herald)} scores now", out.total)
            c2.metric("Stories left unpublished", len(out.unpublished))
            c3.metric("Same stories without the ad", no_ad.total)
            b = _page_and_arithmetic(
                pv.problem, result, f"{paper(herald)} pressing now: {result.total} points", "Why.", paper(herald),
            )
            with b:
                if out.unpublished:
                    st.markdown(
                        "Not published: " + names_and(story_words(s) for s in out.unpublished)
                        + f". With the ad in the {cell_words(pv.problem.ad)} the page is worth almost nothing; "
                        f"the same stories on a page without an ad would score {no_ad.total}."
                    )
            if out.scoops:
                st.markdown("Scoops this press would give away: " + ", ".join(
                    f"{paper(s.player)} +{s.points} ({story_words(s.story)})" for s in out.scoops))
            st.markdown("#### What to do instead")
            instead = what_if.instead_of_pressing(game, herald, k=3)
            if instead:
                best = instead[0]
                st.markdown(
                    f"Don't go to press this turn: take another action and press on a later turn. If the others "
                    f"leave the board as it is, the best is that {paper(herald)} **{best.words}**: its next press "
                    f"would then claim {names_and(story_words(s) for s in best.outcome.claimed)} and score "
                    f"**{best.outcome.total}** instead of {out.total}. The three best such moves, each played by "
                    "the engine and the press after it solved:"
                )
                wrapped_table(pd.DataFrame([
                    {
                        "Instead of pressing": f"{paper(herald)} {i.words}",
                        "Next press would claim": names_and(story_words(s) for s in i.outcome.claimed),
                        "It would score": i.outcome.total,
                        "Scoops it gives away": i.outcome.scoops_total,
                    }
                    for i in instead
                ]))
            else:
                st.info(f"No other move leaves {paper(herald)} a press to make next turn.")
            st.markdown("#### The advisor's answer")
            st.caption("The advisor plays every legal move out to the end of the game many times over the same "
                       "sampled futures and ranks the moves by the chance of winning (the Analysis board does this "
                       "for any position).")
            ss = st.session_state
            if st.button("Ask the advisor", key=keys.SE_ASK_ADVISOR):
                bar = st.progress(0.0, text="Playing the moves out...")
                ss[keys.SE_ADVICE] = advise(game, "fast", seed=0,
                                            progress=lambda done, total: bar.progress(min(1.0, done / max(1, total))))
                bar.empty()
            advice = ss.get(keys.SE_ADVICE)
            if advice is not None:
                press = next((m for m in advice.moves if m.move == "press"), None)
                best = advice.best
                st.markdown(
                    f"Best for {paper(herald)}: **{describe(parse_move(best.move))}**, winning "
                    f"**{best.win_probability:.0%}** of the games it played to the end from here"
                    + (f"; pressing now wins {press.win_probability:.0%} (rank {press.rank} of {advice.legal_moves})."
                       if press is not None and press is not best else ".")
                )
                for reason in best.reasons:
                    st.markdown(f"- {reason}")
        if "when-not-to-press-ad-right" in PRESSES:
            try:
                problem = PressProblem.from_json(example_files.load(PRESSES["when-not-to-press-ad-right"]))
                r = solving.optimal(problem)
                st.caption(
                    f"With the ad one column to the right, in the {cell_words(problem.ad)}, the optimum is "
                    f"{r.total} and "
                    f"{plural(len(r.unplaced), 'story is', 'stories are')} left off."
                )
            except (BadInput, ValueError) as exc:
                st.error(f"The example press with the ad to the right cannot be used: {exc}")

# ------------------------------------------------------------------ 3. adjusting the news beats
with tabadjust:
    st.markdown(
        "Between turns the arrow markers are moved so that, in each news beat, the number of spaces between "
        "the stories and the marker equals the number of covered stories (those with at least one reporter). "
        "The rulebook's picture shows Crime & Calamity with one covered story (covered by two newspapers, "
        "which still counts once) and Politics with two."
    )
    game = _position("adjusting-news-beats")
    if game is not None:
        show_board(game)
        shown = [b for b in BEATS if game.columns[b]]
        c = st.columns(len(shown) or 1)
        for col, b in zip(c, shown):
            col.metric(f"{b.title}: value", game.beat_value(b))
        wrapped_table(pd.DataFrame([
            {
                "Beat": b.title,
                "Spaces filled by stories": game.height(b),
                "Covered stories": game.covered(b),
                "Marker at space": game.markers[b],
                "Value": game.beat_value(b),
                "Scoop value": game.scoop_value(b),
            }
            for b in shown
        ]))
        for b in shown:
            st.markdown(
                f"**{b.title}:** {plural(game.height(b), 'space')} of stories, "
                f"{plural(game.covered(b), 'covered story', 'covered stories')}: the marker stands at space "
                f"{arithmetic([game.height(b), game.covered(b)], game.markers[b])}, where the large arrow "
                f"points to value **{game.beat_value(b)}** and the S-shaped arrow to scoop value {game.scoop_value(b)}."
            )
        others = [b for b in BEATS if not game.columns[b]]
        if others:
            st.caption(f"{names_and(b.title for b in others)}: not pictured, empty here, value "
                       f"{names_and(sorted({str(game.beat_value(b)) for b in others}))}.")

# ------------------------------------------------------------------ 4. the end-game bonus tie
with tabbonus:
    times, herald, world = 0, 2, 3
    st.markdown(
        f"At the end of the game {paper(times)}, {paper(herald)} and {paper(world)} have all published Politics "
        f"stories, and the Politics bonus marker is at 7. {paper(times)} published one story, {paper(herald)} "
        f"three, {paper(world)} fewer stars than either. {paper(world)} is the last to act, with nothing to claim: "
        "it declines, the game ends, and the engine scores the bonuses."
    )
    game = _position("end-game-bonus-tie")
    if game is not None:
        _chips(range(game.n_players))
        ended = game.clone()
        try:
            ended.apply(Decline())
            end = what_if.end_outcome(ended)
        except BadInput as exc:
            st.warning(f"The engine would not end the game from here ({exc}); scoring the position as it stands.")
            end = what_if.end_outcome(game)
        show_bonus_track(game)
        politics = next(bb for bb in end.bonuses if bb.beat.value == "politics")
        involved = [i for i, p in enumerate(game.players) if any(s.beat is politics.beat for s in p.published)]
        rows = []
        for i in involved:
            p = game.players[i]
            stories = [s for s in p.published if s.beat is politics.beat]
            rows.append({
                "Newspaper": paper(i),
                "Politics stories": ", ".join(story_words(s) for s in stories) or "none",
                "Stories": len(stories),
                "Stars": p.stars(politics.beat),
                "Politics bonus": politics.points if i in politics.players else 0,
            })
        cols = st.columns(len(involved))
        for i, c in zip(involved, cols):
            c.metric(f"{paper(i)}: Politics bonus", politics.points if i in politics.players else 0)
        wrapped_table(pd.DataFrame(rows))
        st.markdown(
            f"Most Politics stars: **{politics.most_stars}**, held by "
            + names_and(paper(i) for i in politics.players)
            + f"; each gets the full **{politics.points}** (the marker's value). Counting stars, not stories."
        )
        st.markdown("**All five beats** (the engine's end scoring):")
        show_table(bonus_frame(game, end), numbers=bonus_numbers(game))
        st.markdown(
            "Final circulation: "
            + ", ".join(f"{paper(i)} {game.players[i].circulation} → **{c}**" for i, c in enumerate(end.circulation))
            + ". " + what_if.winners_words(ended, end)
        )
