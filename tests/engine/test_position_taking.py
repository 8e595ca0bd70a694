"""What it takes a rival to take a story (engine/position/taking.py), checked against the rules' moves:
on positions of seeded games, the player to move can outnumber a holder with one legal move adding
exactly the reporters the query names, and with none when it says ``None``."""
from __future__ import annotations

import random

import pytest

from pennypress.engine import new_game
from pennypress.engine.advisor.facts import _can_take
from pennypress.engine.game.moves import Assign, Reassign
from pennypress.engine.play.bots import GreedyBot, RandomBot
from pennypress.engine.position.position import Phase
from pennypress.engine.position.taking import reporters_to_take


def fewest_added_to_outnumber(state, story, holder) -> int | None:
    """The fewest reporters the player to move adds to ``story`` by one legal move that leaves them
    outnumbering ``holder`` there (``None``: no legal move does)."""
    me, r = state.current, state.reporters[story]
    added = []
    for move in state.legal_moves():
        if isinstance(move, Assign) and move.story == story:
            k = move.count
        elif isinstance(move, Reassign) and move.target == story:
            k = 1
        else:
            continue
        if r[me] + k > r[holder]:
            added.append(k)
    return min(added, default=None)


def positions(games: int):
    """Every position of seeded games (2-5 players, random and greedy seats) where a player moves freely."""
    for g in range(games):
        n = 2 + g % 4
        state = new_game(n, seed=500 + g)
        bots = [(RandomBot if (g + i) % 2 else GreedyBot)(seed=g * 10 + i) for i in range(n)]
        rng = random.Random(g)
        while not state.is_over:
            forced = state.definition.variant.forced_moves(state, state.current)
            if forced is None and state.phase in (Phase.NORMAL, Phase.FINAL_TURNS):
                yield state
            state.play(bots[state.current].choose(state.clone()), rng)


@pytest.fixture(scope="module")
def sampled():
    return [s.clone() for s in positions(40)]


def test_the_query_is_what_the_rules_allow(sampled):
    checked = {Phase.NORMAL: 0, Phase.FINAL_TURNS: 0}
    for state in sampled:
        taker, restricted = state.current, state.phase is Phase.FINAL_TURNS
        for story, r in state.reporters.items():
            for holder in range(state.n_players):
                if holder == taker or not r[holder]:
                    continue
                got = reporters_to_take(state, taker, story, holder, restricted)
                if r[taker] > r[holder]:
                    assert got == 0
                    continue
                assert got == fewest_added_to_outnumber(state, story, holder), (state.to_json(), str(story), holder)
                checked[state.phase] += 1
    assert checked[Phase.NORMAL] > 1000 and checked[Phase.FINAL_TURNS] > 50, checked


def test_the_advisor_facts_name_the_stories_the_query_allows(sampled):
    for state in sampled[::7]:
        me = state.current
        restricted = state.phase is Phase.FINAL_TURNS
        for other in range(state.n_players):
            if other == me:
                continue
            expected = sorted(((reporters_to_take(state, other, s, me, restricted), s.sort_key(), s)
                               for s, r in state.reporters.items() if r[me] and r[other] <= r[me]
                               and reporters_to_take(state, other, s, me, restricted) is not None),
                              key=lambda t: t[:2])
            assert [(t.story, t.reporters) for t in _can_take(state, me, other)] == [(s, k) for k, _, s in expected]


def test_a_reporter_already_on_the_story_cannot_be_reassigned_to_it():
    """A tie held with every reporter on the board and none at home: no move adds one there."""
    state = new_game(2, seed=3)
    story = next(state.stories_in_play())
    for player in (0, 1):
        state.players[player].home = 0
        state.reporters[story][player] = 5
    taker, holder = state.current, 1 - state.current
    assert fewest_added_to_outnumber(state, story, holder) is None
    assert reporters_to_take(state, taker, story, holder, restricted=False) is None
    assert reporters_to_take(state, taker, story, holder, restricted=True) is None
    assert _can_take(state, holder, taker) == ()


def test_a_press_hints_threats_if_you_wait_name_that_wait_and_only_stories_it_leaves_you(sampled):
    """A hint to press said "Waiting: The Sun could take your New York City D ★" when the player had no
    reporter there (the threat was after the waiting move, which sent them there). The reasons now name
    the waiting move, and every story they say could be taken is one the player holds after it."""
    import re

    from pennypress.engine.advisor.facts import move_facts
    from pennypress.engine.advisor.reasons import describe, reasons_for
    from pennypress.engine.game.moves import GoToPress
    from pennypress.engine.game.names import story_name

    said = 0
    for state in sampled[::3]:
        legal = state.legal_moves()
        if not any(isinstance(m, GoToPress) for m in legal):
            continue
        press = move_facts(state, GoToPress())
        for wait in [m for m in legal if not isinstance(m, GoToPress)][:6]:
            after = state.clone()
            after.apply(wait)
            held = {story_name(s) for s, r in after.reporters.items() if r[state.current]}
            lines = [r for r in reasons_for(press, 0.5, False, 0.0, waiting=move_facts(state, wait))
                     if r.startswith("If you wait")]
            if lines:
                assert lines[0].startswith(f"If you wait ({describe(wait)}): "), lines[0]
            for line in lines:
                for taken in re.findall(r"could take your (.+?) with ", line):
                    assert taken in held, (line, sorted(held))
                    said += 1
    assert said > 20, said  # the check met the threats it is about
