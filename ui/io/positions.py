"""A game position for the viewer: loading it, tables of the table, and "if they pressed now".

Everything is asked of the engine (:mod:`pennypress.engine`): claims
(``State.claimable``), the press problem (``engine.press.press_problem``), the
beat and scoop values, the end scoring, and "what would player P claim, give
away and score if they pressed now" (``engine.press.preview_press``), which
:func:`press_preview` wraps with the reasons a player cannot press.

>>> import json
>>> from pennypress.ui.io.example_files import position_examples, load
>>> s = parse_position(load(position_examples()["rulebook-12-points"]))
>>> pv = press_preview(s, 0)
>>> [str(x) for x in pv.claimed], pv.outcome.total, [(sc.player, sc.points) for sc in pv.outcome.scoops]
(['war:D:3', 'crime:B:1', 'politics:A:2'], 12, [(1, 1), (1, 1)])
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from pennypress.engine import State
from pennypress.engine.endgame import end_scoring
from pennypress.engine.events import EndOutcome, PressOutcome
from pennypress.engine.press import press_problem, preview_press
from pennypress.engine.stories import Story
from pennypress.solver import BEATS, BadInput, PressProblem
from pennypress.ui.io.json_text import parse_json_text


def player_name(i: int) -> str:
    return f"Player {i}"


def parse_position(doc: Any) -> State:
    """A position from its JSON document; :class:`BadInput` with the engine's message otherwise."""
    try:
        return State.from_json(doc)
    except BadInput:
        raise
    except Exception as exc:  # noqa: BLE001 - anything malformed must reach the user as a message
        raise BadInput(f"position: cannot be read ({type(exc).__name__}: {exc})") from None


def parse_position_text(text: str, where: str = "pasted position") -> State:
    """A position from JSON text; ``where`` names the text in messages (a file name, say)."""
    doc = parse_json_text(text, where)
    return parse_position(doc)


# ------------------------------------------------------------------ tables


def board_frame(state: State) -> pd.DataFrame:
    """One row per beat: marker, beat value, scoop value, top beat, bonus marker, stories in play."""
    tops = state.top_beats()
    rows = []
    for b in BEATS:
        rows.append(
            {
                "Beat": b.title,
                "Marker": state.markers[b],
                "Value": state.beat_value(b),
                "Scoop": state.scoop_value(b),
                "Top beat": "★ TOP" if b in tops else "",
                "Bonus": state.bonus[b],
                "Stories": ", ".join(str(s) for s in state.columns[b]) or "—",
            }
        )
    return pd.DataFrame(rows)


def players_frame(state: State) -> pd.DataFrame:
    """One row per player: circulation, pennies, ad, reporters, published stars per beat."""
    rows = []
    for i, p in enumerate(state.players):
        row = {
            "Player": player_name(i),
            "To move": "▶" if (not state.is_over and i == state.current_player) else "",
            "Circulation": p.circulation,
            "Pennies": p.pennies,
            "Ad": "none" if p.ad is None else f"({p.ad[0]}, {p.ad[1]})",
            "Home": p.home,
            "On board": state.on_board(i),
            "Published": len(p.published),
        }
        for b in BEATS:
            row[f"{b.title} ★"] = p.stars(b)
        row["Done"] = "done" if p.done else ""
        rows.append(row)
    return pd.DataFrame(rows)


def reporters_text(state: State, story: Story) -> str:
    counts = state.reporters.get(story, [])
    return ", ".join(f"{player_name(i)} ×{n}" for i, n in enumerate(counts) if n) or "no reporters"


# ------------------------------------------------------------------ if they pressed now


@dataclass(frozen=True)
class PressPreview:
    """What ``player`` would claim, leave, give away and score by pressing now.

    ``reason`` says why they cannot press (then ``problem``/``outcome`` are ``None``).
    ``outcome`` is the engine's own press outcome (scoops, total, gain, page),
    from pressing on a clone of the position.
    """

    player: int
    claimed: tuple[Story, ...]
    left: tuple[Story, ...]
    problem: PressProblem | None
    outcome: PressOutcome | None
    reason: str | None = None


def press_preview(state: State, player: int) -> PressPreview:
    """What ``player`` would claim, give away and score by pressing now (the state is not changed)."""
    claimed = state.claimable(player)
    left = state.outnumbered(player)
    if state.is_over:
        return PressPreview(player, claimed, left, None, None, "The game is over.")
    if state.players[player].done:
        return PressPreview(player, claimed, left, None, None, f"{player_name(player)} is done (final edition).")
    if not claimed:
        return PressPreview(player, claimed, left, None, None,
                            f"{player_name(player)} cannot go to press: there is no story they can claim.")
    problem = press_problem(state, player, claimed)
    try:
        outcome = preview_press(state, player)
    except BadInput as exc:
        return PressPreview(player, claimed, left, problem, None, f"{player_name(player)} cannot go to press now: {exc}.")
    return PressPreview(player, claimed, left, problem, outcome)


def scoops_frame(outcome: PressOutcome) -> pd.DataFrame:
    return pd.DataFrame(
        [{"To": player_name(s.player), "Story": s.story.label, "Scoop points": s.points} for s in outcome.scoops],
        columns=["To", "Story", "Scoop points"],
    )


def end_outcome(state: State) -> EndOutcome:
    """The engine's end scoring of this position's published stories and bonus markers."""
    if state.last_event is not None and state.last_event.end is not None:
        return state.last_event.end
    return end_scoring(state.players, state.bonus)


def bonus_frame(state: State, outcome: EndOutcome) -> pd.DataFrame:
    """One row per beat: bonus marker, stars per player, most stars, who gets the bonus."""
    rows = []
    for bb in outcome.bonuses:
        row: dict[str, Any] = {"Beat": bb.beat.title, "Bonus marker": state.bonus[bb.beat]}
        for i, p in enumerate(state.players):
            row[f"{player_name(i)} ★"] = p.stars(bb.beat)
        row["Most ★"] = bb.most_stars
        row["Bonus to"] = ", ".join(player_name(i) for i in bb.players) or "nobody"
        row["Points each"] = bb.points
        rows.append(row)
    return pd.DataFrame(rows)
