"""The likely line and why: read from the very playouts of the ranking, checked against a recount.

The line is checked by replaying every traced future again on the Python engine
(independently of the line's own replay on the core): each step must be legal
in turn, its share the fraction of the move's futures that began with the line
so far, and each step the most frequent continuation among the futures that
followed the line up to it. In the final edition the line is best play, checked
against the independent brute force.
"""
from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings as hsettings, strategies as st

import pytest

from tests.advisor.advisor_positions import brute_force, final_presses, seeded_final_positions
from pennypress.engine import new_game
from pennypress.engine.advisor import advise
from pennypress.engine.advisor.line import (LINE_STEPS, contrast, likely_line, line_states, line_words)
from pennypress.engine.advisor.pool import run_playouts
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.game.moves import parse_move
from pennypress.engine.io.state import public_view
from pennypress.engine.rules.actions import legal_moves
from pennypress.engine.rules.chance import apply_chance


def _positions():
    """Normal-play positions of seeded greedy games of 2, 3 and 4 players, early and late."""
    import random
    from pennypress.engine import Phase
    from pennypress.engine.play.bots import GreedyBot
    out = []
    for g, (players, stop) in enumerate(((3, 9), (2, 12), (4, 14), (3, 40), (3, 20))):
        s = new_game(players, seed=310 + g)
        bots = [GreedyBot(g * 10 + i) for i in range(players)]
        rng = random.Random(g)
        while s.ply < stop and s.phase is Phase.NORMAL:
            s.play(bots[s.current].choose(s), rng)
        out.append(s)
    return out


def _decoded(state, move, trace):
    """A traced future in notation, replayed on the Python engine (``('move', notation)`` / ``('card', id)``)."""
    s = public_view(state)
    s.apply(move)
    out = []
    for code in trace:
        if code < 0:
            apply_chance(s, -code)
            out.append(("card", -code))
        else:
            m = legal_moves(s)[code]
            out.append(("move", str(m)))
            s.apply(m)
    return out


@pytest.mark.slow
def test_each_line_is_the_recounted_most_frequent_continuation_and_legal():
    checked = 0
    for state in _positions():
        advice = advise(state, "fast", seed=4)
        assert not advice.exact
        view = public_view(state)
        for ranked in advice.moves[:3]:
            n = ranked.playouts
            move = parse_move(ranked.move)
            traces: dict = {}
            settings = SearchSettings.for_budget("fast", seed=4)
            outcomes = run_playouts(view, [move], [(0, k) for k in range(n)], settings, traces=traces)
            futures = [_decoded(view, move, traces[(0, k)]) for k in range(n)]
            wins = [outcomes[(0, k)][view.current][0] for k in range(n)]
            line = [("move", s.move) if s.move is not None else ("card", s.card) for s in ranked.line]
            ended = any(len(f) < LINE_STEPS for f in futures)
            assert 2 <= len(line) <= LINE_STEPS or ended
            shares = [s.share for s in ranked.line]
            assert all(0 < x <= 1 for x in shares) and shares == sorted(shares, reverse=True)
            for j, step in enumerate(line):
                before = [f for f in futures if f[:j] == line[:j] and len(f) > j]
                counts = Counter(f[j] for f in before)
                assert counts[step] == max(counts.values()), (ranked.move, j, step, counts.most_common(3))
                assert abs(ranked.line[j].share - counts[step] / n) < 1e-9
                # the bar's figure: the player's chance in exactly the futures that followed the line so far
                followed = [k for k, f in enumerate(futures) if f[:j + 1] == line[:j + 1]]
                expected = settings.calibration(sum(wins[k] for k in followed) / len(followed))
                assert abs(ranked.line[j].chance - expected) < 1e-9, (ranked.move, j)
            states = line_states(view, ranked.move, ranked.line)  # each step legal in turn
            assert len(states) == len(line) + 1 and len(line_words(ranked.line, state.definition.deck)) == len(line)
            checked += 1
    assert checked >= 10


def test_lines_do_not_depend_on_the_workers():
    state = _positions()[0]
    one = advise(state, "fast", seed=9, workers=1).to_json()
    two = advise(state, "fast", seed=9, workers=2).to_json()
    assert [m["line"] for m in one["moves"]] == [m["line"] for m in two["moves"]]
    assert [m["why"] for m in one["moves"]] == [m["why"] for m in two["moves"]]
    assert all(m["line"] for m in one["moves"][:3])


def test_the_final_editions_line_is_best_play():
    for state in seeded_final_positions(3, seed=2):
        advice = advise(state, "fast")
        assert advice.exact
        for ranked in advice.moves[:3]:
            s = state.clone()
            s.apply(parse_move(ranked.move))
            for step in ranked.line:
                assert step.share == 1.0 and step.player == s.current
                after = s.clone()
                after.apply(parse_move(step.move))
                assert step.chance == brute_force(after)[state.current][0]  # the mover's exact win share
                values = {}
                for m in legal_moves(s):
                    child = s.clone()
                    child.apply(m)
                    values[str(m)] = brute_force(child)[s.current]
                assert values[step.move] == max(values.values())
                s.apply(parse_move(step.move))
            assert s.is_over or len(ranked.line) == LINE_STEPS
    last = final_presses(current=0)
    assert all(m.line == () for m in advise(last, "fast").moves)  # the last press ends the game


@hsettings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 3), min_size=0, max_size=5), max_size=30))
def test_likely_line_is_the_greedy_mode_of_the_traces(traces):
    line = likely_line(traces, steps=4)
    prefix: list[int] = []
    for code, n in line:
        alive = [t for t in traces if t[:len(prefix)] == prefix and len(t) > len(prefix)]
        counts = Counter(t[len(prefix)] for t in alive)
        assert n == counts[code] == max(counts.values()) and code == min(c for c in counts if counts[c] == n)
        prefix.append(code)
    alive = [t for t in traces if t[:len(prefix)] == prefix and len(t) > len(prefix)]
    assert len(line) == 4 or not alive


def test_why_says_only_large_significant_differences_with_their_shares():
    press = ("press", 1)
    takes = ("takes", 2, "war:A:1")
    after_this = [frozenset({press, takes})] * 15 + [frozenset()] * 5
    after_best = [frozenset({takes})] * 2 + [frozenset()] * 18
    said = contrast(parse_move("assign 1 war:A:1"), after_this, parse_move("press"), after_best)
    assert said == [
        "After this, The Sun goes to press before your next turn in 75% of futures, against none of the futures "
        "after “Go to press”.",
        "After this, The Herald takes your War A ★ before your next turn in 75% of futures, against 10% of futures "
        "after “Go to press”."]
    small = [frozenset({press})] * 2 + [frozenset()] * 38
    assert contrast(parse_move("press"), small, parse_move("press"), [frozenset()] * 40) == []  # 5 points: too small
    noisy = [frozenset({press}), frozenset()]
    assert contrast(parse_move("press"), noisy, parse_move("press"), [frozenset(), frozenset()]) == []  # 2 futures


def test_advise_json_and_text_carry_the_line(capsys):
    from pennypress.ui.cli.advise_command import advice_table
    state = new_game(3, seed=12)
    advice = advise(state, "fast", seed=1)
    doc = json.loads(json.dumps(advice.to_json()))
    for m in doc["moves"][:3]:
        assert 2 <= len(m["line"]) <= LINE_STEPS
        assert all(("move" in e) != ("card" in e) and 0 < e["share"] <= 1 for e in m["line"])
    text = advice_table(advice, 3, state.definition.deck)
    first = line_words(advice.moves[0].line, state.definition.deck)
    assert "likely line: " + " → ".join(first) in text


def test_any_move_gets_its_line_and_why_on_asking():
    state = _positions()[0]
    advice = advise(state, "fast", seed=2)
    low = advice.moves[-1]
    assert low.line == () and low.why == ()  # not computed with the answer...
    line = advice.line(low.move)  # ...but on asking, from the same playouts
    assert line and line_states(public_view(state), low.move, line)
    assert advice.why(low.move)  # a move far behind the best: its futures differ, or its position is worse
    assert advice.line(advice.moves[0].move) == advice.moves[0].line
    assert advise(state, "fast", seed=2, lines=False).line(low.move) == ()


def test_a_replys_line_says_no_chance_the_moves_own_line_says_the_players():
    """The bar of a line is the advised player's chance: a move's own line carries it at every step, while the
    line after the next player's answer (its own search's, from the answerer's seat) carries none."""
    from pennypress.ui.io.example_files import load, position_examples
    from pennypress.ui.io.positions import parse_position

    state = parse_position(load(position_examples()["when-not-to-press"]))
    advice = advise(state, "normal", seed=0)
    replied = [m for m in advice.moves if m.reply is not None and m.reply.line]
    assert replied
    for m in replied:
        assert all(step.chance is None for step in m.reply.line)
        assert all("chance" not in step for step in m.to_json()["reply"]["line"])
        assert m.line and all(0 <= step.chance <= 1 for step in m.line)
