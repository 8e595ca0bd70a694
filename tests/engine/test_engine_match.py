"""The one game loop: a bot per seat, seeded chance, callbacks; bots see only the public position."""
from __future__ import annotations

import random

import pytest

from pennypress.engine import BadInput, GameDefinition, new_game
from pennypress.engine.arena.seats import bot_names, make_bot, parse_seats
from pennypress.engine.play.match import play_match
from pennypress.engine.arena.selfplay import play_game, run_selfplay


def test_each_seat_plays_its_own_bot():
    seen: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}

    class Spy:
        def __init__(self, inner, name):
            self.inner, self.name = inner, name

        def choose(self, state):
            seen[state.current].add(self.name)
            return self.inner.choose(state)

    bots = [Spy(make_bot("greedy", 1), "a"), Spy(make_bot("random", 2), "b"), Spy(make_bot("greedy", 3), "c")]
    result = play_match(new_game(3, seed=5), bots, seed=1, check=True)
    assert result.state.is_over and result.violations == []
    assert seen == {0: {"a"}, 1: {"b"}, 2: {"c"}}


def test_the_callback_sees_every_move_after_its_draw():
    events = []
    result = play_match(new_game(3, seed=6), [make_bot("random", k) for k in range(3)], seed=2,
                        on_move=lambda s, e: events.append((s.is_chance_node(), e)))
    assert len(events) == result.moves
    assert not any(chance for chance, _ in events)
    draws = [e.press.card for _, e in events if e.press is not None and not e.press.final_edition]
    assert draws and all(card is not None for card in draws)


def test_an_unknown_deck_order_is_drawn_from_the_seed():
    start = new_game(3, seed=8)
    start.deck_known = False
    bots = lambda: [make_bot("greedy", k) for k in range(3)]  # noqa: E731
    a = play_match(start, bots(), seed=1)
    b = play_match(start, bots(), seed=1)
    assert a.scores == b.scores and a.state == b.state
    finals = {tuple(play_match(start, bots(), seed=k).state.discard) for k in range(6)}
    assert len(finals) > 1  # different seeds draw different cards
    assert start.ply == 0  # the start position is untouched


def test_seats_are_checked():
    with pytest.raises(BadInput, match="unknown bot 'genius'"):
        parse_seats("greedy,genius,random", 3)
    with pytest.raises(BadInput, match="3 bots for 2 players"):
        play_match(new_game(2, seed=1), [make_bot("random")] * 3)


def test_selfplay_with_seats_records_them_and_bot_is_the_shorthand():
    seats = ["greedy", "random", "random"]
    report = run_selfplay(3, 4, seed=3, seats=seats)
    assert report["seats"] == seats and report["invariant_violations"] == 0
    assert all(r["seats"] == seats for r in report["results"])
    assert run_selfplay(3, 2, seed=3, bot="greedy")["results"] == run_selfplay(3, 2, seed=3, seats=["greedy"] * 3)["results"]


def sample_positions():
    """Decision points from seeded games of every size (not chance nodes, not over)."""
    out = []
    for players, variants in ((2, ()), (3, ()), (4, ("newsboy",)), (5, ())):
        definition = GameDefinition.create(players, variants)
        play_game(definition, seed=players, bot="random", on_move=lambda s: out.append(s.clone()) if len(out) % 3 == 0 else out.append(None))
    return [s for s in out if s is not None and not s.is_over][::2]


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic", "advisor:fast"])
def test_bots_choose_the_same_whatever_the_hidden_deck_order(name):
    assert name in bot_names()
    rnd = random.Random(name)
    positions = sample_positions()
    assert len(positions) > 30
    if name.startswith("advisor"):
        positions = positions[::12]  # each decision is a search: a few positions suffice
    for state in positions:
        other = state.clone()
        rnd.shuffle(other.deck)
        other.deck_known = rnd.random() < 0.5
        assert make_bot(name, 11).choose(state) == make_bot(name, 11).choose(other), state.to_json()


def test_stories_survive_a_trip_to_another_process():
    """Stories travel to process-pool workers (advisor, tournaments): they must come back as
    the same dictionary keys whatever the other process's string-hash seed."""
    import pickle
    import subprocess
    import sys

    from pennypress.engine.game.stories import ALL_STORIES

    blob = pickle.dumps(list(ALL_STORIES)).hex()
    code = (
        "import pickle,sys; from pennypress.engine.game.stories import ALL_STORIES; "
        f"back = pickle.loads(bytes.fromhex('{blob}')); "
        "index = {s: i for i, s in enumerate(ALL_STORIES)}; "
        "print(sum(index[s] == i for i, s in enumerate(back)), all(b is s for b, s in zip(back, ALL_STORIES)))"
    )
    for seed in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env={**__import__("os").environ, "PYTHONHASHSEED": seed}).stdout.split()
        assert out == [str(len(ALL_STORIES)), "True"]


# ------------------------------------------------------------------ what a bot is handed
class _Watcher:
    """A greedy bot that notes what it was handed: the view's type, what it says of the deck, the object."""

    def __init__(self, seed: int, seen: list):
        self.inner, self.seen = make_bot("greedy", seed), seen

    def choose(self, view):
        self.seen.append((type(view), view.deck_known, list(view.deck), view))
        return self.inner.choose(view)


def test_a_bot_is_handed_a_public_state_without_the_deck_order():
    from pennypress.engine import IllegalMove, PublicState

    seen: list = []
    start = new_game(3, seed=12)
    order = list(start.deck)
    result = play_match(start, [_Watcher(k, seen) for k in range(3)], seed=3)
    assert seen and all(issubclass(kind, PublicState) and not known for kind, known, _, _ in seen)
    assert all(deck == sorted(deck) for _, _, deck, _ in seen)
    assert seen[0][2] == sorted(order) != order  # the deck's order is not there to read
    view = seen[-1][3]
    with pytest.raises(IllegalMove, match="read-only"):
        view.apply(view.legal_moves()[0])  # a view of the table cannot change the table
    plain = play_match(start, [make_bot("greedy", k) for k in range(3)], seed=3)
    assert result.state == plain.state  # and the game is the one the bots play on the full state


def test_a_public_table_is_handed_over_as_it_is_with_no_copy_per_move():
    from pennypress.engine import public_view

    seen: list = []
    table = public_view(new_game(3, seed=12))
    play_match(table, [_Watcher(k, seen) for k in range(3)], seed=3, in_place=True)
    assert seen and all(view is table for _, _, _, view in seen)
