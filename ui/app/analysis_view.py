"""The analysis board's pieces that are not Streamlit calls: the stories a move touches (outlined
on the board), the verdict drawn, the details behind it, the line of moves in words, and stepping along it.

Everything is asked of the engine and the advisor; nothing here knows a rule.

>>> from pennypress.engine.game.moves import Reassign
>>> from pennypress.engine.game.stories import Story
>>> move_marks(Reassign(Story.parse("war:D:1"), Story.parse("city:A:1")))
{Story('war:D:1'): '#c0392b', Story('city:A:1'): '#1e8449'}
>>> line_words({"move": "assign 2 war:B:1", "player": 1}, None)
'The Sun sent 2 reporters to War B ★'
"""
from __future__ import annotations

import hashlib
import random
import re
from html import escape
from typing import Sequence

from pennypress.engine import State
from pennypress.engine.advisor.line import LineStep, line_words as step_words
from pennypress.engine.advisor.result import Advice, RankedMove, Reply
from pennypress.engine.game.moves import Assign, GoToPress, Move, Reassign, Recall, parse_move
from pennypress.engine.game.names import newspaper
from pennypress.engine.game.stories import Story
from pennypress.engine.game.words import move_words
from pennypress.engine.io.state import public_view
from pennypress.ui.render.audit_words import card_text
from pennypress.ui.render.board_svg import board_html
from pennypress.ui.render.words import reading_counts
from pennypress.ui.render.marks import colour
from pennypress.ui.render.stepper import Frame, arrow_of
from pennypress.ui.render.verdict import CALIBRATION_MEASURED, Verdict, verdict_holds_words

SEND = "#1e8449"
"""Highlight of a story that receives reporters."""
RECALL = "#c0392b"
"""Highlight of a story reporters leave."""
PRESS = "#d4a017"
"""Highlight of the stories a press claims."""

THINKING = {"fast": "Quick (under a second)", "normal": "Thorough (up to about 3 s)",
            "deep": "Deep (up to about 15 s)"}
"""How long each budget thinks, as the player chooses it: the wait from **Analyse** to the verdict on the
project's 2-core machine, the slow positions included (``benchmarks/speed/analysis_board.py`` measures it
in the browser; the figures are in the changelog and docs/results.md, not here)."""

VERDICT_CLASS = {"only": "forced", "clear": "best", "probable": "excellent", "slight": "excellent", "equal": "within_noise",
                 "apart": "within_noise", "replies": "best"}
"""The colour of each kind of verdict: the colour of the mark it stands beside."""


def verdict_html(v: Verdict) -> str:
    """The verdict as the page leads with it: the best move in words, how clear it is, the sentence.

    >>> v = Verdict("Go to press", "clearly the best", "Go to press is clearly the best move.", "clear",
    ...             because="The next best, Decline the last press, has 22% less chance to win.")
    >>> 'Go to press' in verdict_html(v) and '#2e7d32' in verdict_html(v)
    True
    """
    return (f'<div class="pp-verdict" style="--c:{colour(VERDICT_CLASS[v.kind])}">'
            f'<div>Best move</div><div class="pp-verdict-move">{escape(v.best)}</div>'
            f'<div class="pp-verdict-clarity">{escape(v.clarity[0].upper() + v.clarity[1:])}</div>'
            f'<div>{escape(v.because)}</div></div>')


def true_minus(text: str) -> str:
    """A sentence with each negative number's hyphen made a true minus sign (U+2212), as every figure on
    the page is written; a hyphen between words or after a digit ("3-1") stays.

    >>> true_minus("Chance to win about 20%; expected margin -3.5 (score 3-1, well-known)")
    'Chance to win about 20%; expected margin −3.5 (score 3-1, well-known)'
    """
    return re.sub(r"(?<![\w.])-(?=\d)", "\u2212", text)


def line_said(mover: int, move: str, steps: list[str]) -> list[str]:
    """The likely line as the page lists it: the move looked at first, by its newspaper, then each step
    of its line in words (``steps``: :func:`pennypress.engine.advisor.line.line_words`).

    >>> line_said(1, "press", ["The Herald: Send 1 reporter to War A ★ (62% of futures)"])
    ['The Sun: Go to press', 'The Herald: Send 1 reporter to War A ★ (62% of futures)']
    """
    return [f"{newspaper(mover)}: {move_words(move)}", *steps]


def reply_said(reply: Reply, mover: int, deck) -> str:
    """A second ply's answer to a move, said above the likely line: who answers, with what (their own search),
    the chance the player keeps, and how the answer's own futures went on.

    >>> from pennypress.engine.advisor.result import Reply
    >>> reply_said(Reply("press", 1, 0.38, (0.35, 0.41), 900, True), 0, None)
    "**The Sun's own answer**, thought through from their seat: Go to press. Then your chance to win is about 38%."
    >>> said = reply_said(Reply("press", 1, 0.38, (0.35, 0.41), 900, True, read=0.75), 0, None)
    >>> said[59:150]
    "Go to press. Searched as the advisor's own players would answer (25% by the table reading);"
    """
    if reply.move is None:
        return f"**The game ends** with this move: your chance to win is {reply.win_probability:.0%}."
    who = "Your" if reply.player == mover else f"{newspaper(reply.player)}'s"
    then = f" Then your chance to win is about {reply.win_probability:.0%}."
    if reply.draws:
        then = (f" (the answer found most often after {reply.draws} headline cards drawn at random). Then, on "
                f"average over those cards, your chance to win is about {reply.win_probability:.0%}.")
    if reply.line:
        then += " After it, likely: " + " → ".join(step_words(reply.line, deck)) + "."
    counts = reading_counts(reply.read) if reply.player != mover else ""
    if counts:
        then = f" {counts[0].upper()}{counts[1:]}." + then
    return f"**{who} own answer**, thought through from their seat: {move_words(reply.move)}{'' if reply.draws else '.'}{then}"


def step_marks(state: State, move: str, moves: list[str | None], positions: list[State], step: int
               ) -> dict[Story, str]:
    """What to outline on the board at ``step`` of a line: the move looked at (step 0, from ``state``), or
    the line's move that led to this position (from the position before it); nothing after a card draw.
    ``moves``: each step's move in notation (``None`` for a card); ``positions``: the position after the
    move looked at and after each step."""
    if step == 0:
        return move_marks(parse_move(move), state)
    played = moves[step - 1]
    return {} if played is None else move_marks(parse_move(played), positions[step - 1])


def line_frames(state: State, move: str, line: Sequence[LineStep], positions: Sequence[State], said: Sequence[str],
                first_chance: float | None) -> list[Frame]:
    """The likely line as the board stepper shows it: the position after the move looked at, then after each
    step; each outlined as :func:`step_marks` says and with the move of reporters that led there drawn as an
    arrow; the bar at the move's own chance on the analysis's playouts (``first_chance``), then at each
    step's chance in the futures that went that way (:attr:`~pennypress.engine.advisor.line.LineStep.chance`).
    ``said``: each position's step in words (:func:`line_said`)."""
    moves = [s.move for s in line]
    chances = [first_chance, *(s.chance for s in line)]
    led_by = [move, *moves]
    return [Frame(board=board_html(positions[k], step_marks(state, move, moves, list(positions), k),
                                   arrow_of(led_by[k])),
                  label=f"{k + 1}. {said[k]}", said=true_minus(said[k]), chance=chances[k])
            for k in range(len(positions))]


def chance_metric(best: RankedMove) -> tuple[str, str, str | None]:
    """The best move's chance to win as the page's metric says it: ``(label, figure, help)`` -- the figure the
    ranking is sorted by, labelled after the next player's answer where a second ply weighed it (with its
    chance at first sight, where the likely line's bar starts, in the help).

    >>> from pennypress.engine.advisor.result import FirstSight, Reply
    >>> plain = RankedMove("press", 1, 0.62, (0.6, 0.64), 30.0, 2.0, 0.0, 0.0, True)
    >>> chance_metric(plain)
    ('Chance to win', '62%', None)
    >>> weighed = RankedMove("press", 1, 0.55, (0.5, 0.6), 30.0, 2.0, 0.0, 0.0, True,
    ...     reply=Reply("decline", 2, 0.55, (0.5, 0.6), 300, True), first_sight=FirstSight(0.62, (0.6, 0.64), 0.0, None))
    >>> chance_metric(weighed)[:2]
    ("Chance to win after The Herald's answer", '55%')
    """
    if not best.weighed or best.reply is None:
        return "Chance to win", f"{best.win_probability:.0%}", None
    return (f"Chance to win after {newspaper(best.reply.player)}'s answer", f"{best.win_probability:.0%}",
            f"The chance you keep once {newspaper(best.reply.player)} has answered this move (the ranking is sorted "
            f"by it); {best.first_sight.win_probability:.0%} at first sight, before any answer, where the likely "
            "line's bar starts.")


def line_token(doc_key: str, advice: Advice, move: str) -> str:
    """The name of one likely line on the stepper (a position, its analysis, the move looked at): short, so
    the browser keeps the step shown per line.

    >>> a = Advice(0, "fast", 3, False, (), 1976)
    >>> line_token("{}", a, "press") == line_token("{}", a, "press") != line_token("{}", a, "decline")
    True
    """
    said = f"{doc_key}|{advice.seed}|{advice.budget}|{advice.playouts}|{move}"
    return hashlib.sha1(said.encode()).hexdigest()[:16]


LINE_BAR = ("The bar beside the board is your chance to win in the futures that went the way of the line up "
            "to the step shown (at the first step, in every future of the move). Step with Previous / Next, a "
            "click on a step, or the ← and → keys.")
"""Said under the likely line's stepper: what its evaluation bar measures, and how to step."""


INTERVALS_MEASURE = ("What the 95% intervals measure: the precision of this analysis -- how far its figures could "
                     "move with more playouts of the same search, whose own bots play the other newspapers. They "
                     "are not how sure it is that the move is right against the players at your table.")
"""Said under every searched analysis's statistics: an interval is the search's precision, not certainty."""


def details_words(advice: Advice) -> list[str]:
    """The statistics of an analysis, for the page's collapsed details (one line each).

    >>> a = Advice(0, "fast", 3, False, (), 1976, seconds=0.21, engine="native", converged=True, rounds=4)
    >>> details_words(a)[:2]
    ['Budget: fast (“Quick (under a second)”); 1976 playouts in 4 rounds, 0.21 s.', 'Converged: every other move was separated from the best (paired 95% intervals), so the analysis stopped early.']
    """
    budget = THINKING.get(advice.budget)
    lines = []
    if advice.exact:
        lines.append(f"Exact: the final edition searched to the end with best play by everyone "
                     f"({advice.seconds:.2f} s).")
    else:
        lines.append(f"Budget: {advice.budget}{f' (“{budget}”)' if budget else ''}; {advice.playouts} playouts in "
                     f"{advice.rounds} round{'s' if advice.rounds != 1 else ''}, {advice.seconds:.2f} s.")
        if advice.reranked:
            lines.append(f"Ranked by the second ply: the analysis alone put “{move_words(advice.second_ply.analysis_first)}” "
                         "first; a move below the best with a loss interval under 0 looked better at first sight.")
        else:
            lines.append("Converged: every other move was separated from the best (paired 95% intervals), so the "
                         "analysis stopped early." if advice.converged else
                         "Not converged: some moves are within noise of the best (their paired 95% interval of the "
                         "loss contains 0).")
        if advice.second_ply is not None:
            ply = advice.second_ply
            lines.append(f"Second ply: {ply.opened} of the first {ply.candidates} moves answered by the next "
                         f"player's own {ply.reply_budget} search ({ply.playouts} of the playouts); a press is "
                         "answered after a few headline cards drawn at random, and keeps the mean. The moves opened "
                         "are ranked among themselves by the chance left after that answer, and show it; the others "
                         "show their chance at first sight. That chance assumes the next player answers as "
                         "carefully as the advisor would, so against weaker players it is too modest.")
    if not advice.exact:
        lines += [INTERVALS_MEASURE, verdict_holds_words()]
    if advice.stopped:
        lines.append("Stopped before the budget was spent: some moves were not played out.")
    lines.append("Engine: the native core (Rust)." if advice.engine == "native" else
                 "Engine: the Python engine (the reference: far slower, so fewer playouts and wider intervals).")
    lines.append(f"Seed: {advice.seed}.")
    if advice.calibrated:
        lines.append(f"The chances to win are the playouts' win shares through the calibration map, "
                     f"{CALIBRATION_MEASURED}.")
    return lines


def move_marks(move: Move, state: State | None = None) -> dict[Story, str]:
    """The stories a move touches, with their highlight colour (a press needs ``state`` for its claims)."""
    if isinstance(move, Assign):
        return {move.story: SEND}
    if isinstance(move, Recall):
        return {s: RECALL for s, _ in move.reporters}
    if isinstance(move, Reassign):
        return {move.source: RECALL, move.target: SEND}
    if isinstance(move, GoToPress) and state is not None:
        return {s: PRESS for s in state.claimable(state.current)}
    return {}


def line_words(entry: dict, deck) -> str:
    """One step of the line played on the board, in words: a move by its newspaper, or a card drawn."""
    if entry.get("card") is not None:
        how = " (at random)" if entry.get("random") else " (as drawn at the table)"
        said = card_text(entry["card"], deck)
        return said[0].upper() + said[1:] + how
    return f"{newspaper(entry['player'])} {move_words(entry['move'], past=True)}"


def step(state: State, move: Move) -> State:
    """The public position after ``move`` (stopping at a card draw: see :func:`draw`).

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7); t = step(s, s.legal_moves()[0])
    >>> t.ply == s.ply + 1 and not t.deck_known and s.ply == 0
    True
    """
    new = public_view(state)
    new.apply(move)
    return new


def draw(state: State, card: int | None, seed: int) -> State:
    """The position after the pending card draw: ``card`` as drawn at the table, or one at random (seeded)."""
    new = state.clone()
    if card is None:
        outcomes = new.chance_outcomes()
        card = outcomes[random.Random(f"{seed}:{new.ply}").randrange(len(outcomes))][0]
    new.apply_chance(card)
    return new


def line_steps(line: list[dict]) -> list[tuple[State, Move]]:
    """The moves played on the board's line (its entries after the start: a move, or a card drawn, skipped),
    each with the public position it was played in: what the table is read from.

    >>> from pennypress.engine import new_game
    >>> s = new_game(3, seed=7); m = s.legal_moves()[0]
    >>> steps = line_steps([{"doc": s.to_json(), "move": None}, {"doc": step(s, m).to_json(), "move": str(m)}])
    >>> [(v.ply, str(move) == str(m)) for v, move in steps]
    [(0, True)]
    """
    steps = []
    for before, entry in zip(line, line[1:]):
        if entry.get("move"):
            steps.append((public_view(State.from_json(before["doc"])), parse_move(entry["move"])))
    return steps
