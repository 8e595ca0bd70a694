"""Nothing hostile or impossible reaches the core, and nothing crosses back as a crash.

- The Python loader refuses a bad position first (one clear BadInput): the core
  is never called.
- The core's own reader refuses what it cannot hold with BadPosition, whatever
  the document; random mutations of real documents never panic it.
- A Rust panic arrives as ``pennypress_core.CorePanic`` with its message.
- Illegal moves and cards raise IllegalMove and change nothing.
"""
from __future__ import annotations

import copy
import random
import re

import pytest

from pennypress.engine import native, new_game, parse_move
from pennypress.engine.io.state import public_view
from pennypress.engine.game.errors import IllegalMove
from pennypress.errors import BadInput


def _doc(players=3, seed=7):
    return public_view(new_game(players, seed=seed)).to_json()


def _hostile_documents():
    nested: list = []
    for _ in range(50):  # (the command line's JSON reader bounds nesting before the loader)
        nested = [nested]
    doc = _doc()
    wrong_home = copy.deepcopy(doc)
    wrong_home["players"][1]["home"] = 4
    twice = copy.deepcopy(doc)
    twice["players"][0]["published"] = [doc["board"]["war"][0]["story"]]
    marker = copy.deepcopy(doc)
    marker["markers"]["war"] = 9
    text = copy.deepcopy(doc)
    text["ply"] = "14"
    return [nested, "not a position", {}, wrong_home, twice, marker, text]


@pytest.mark.parametrize("doc", _hostile_documents(), ids=["nested", "text", "empty", "home", "twice", "marker", "type"])
def test_the_loader_refuses_a_bad_position_before_the_core_sees_it(core, monkeypatch, doc):
    calls = []
    monkeypatch.setattr(core, "Position", lambda d: calls.append(d))
    with pytest.raises(BadInput) as refused:
        native.native_position(doc)
    assert "\n" not in str(refused.value) and str(refused.value)
    assert calls == []


def test_an_impossible_state_is_refused_before_the_core_sees_it(core, monkeypatch):
    calls = []
    monkeypatch.setattr(core, "Position", lambda d: calls.append(d))
    s = new_game(3, seed=2)
    s.players[0].home = 4
    with pytest.raises(BadInput, match=r"players\[0\]: 4 reporters at home"):
        native.native_position(s)
    assert calls == []


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d.pop("board"), "position.board: missing"),
        (lambda d: d["players"][0].update(home=True), "players[0].home"),
        (lambda d: d["markers"].update(war=10), "markers.war"),
        (lambda d: d["board"]["war"].append({"story": "crime:A:3", "reporters": [0, 0, 0]}), "not a war story"),
        (lambda d: d["board"]["war"].__setitem__(0, {"story": "war:A:9", "reporters": [0, 0, 0]}), "board.war[0].story"),
        (lambda d: d["turn"].update(player=3), "turn.player"),
        (lambda d: d["deck"]["discard"].append(d["deck"]["cards"][0]), "appears twice"),
        (lambda d: d["players"][0].update(published=["human:D:3"] * 2, pennies=1), "appears twice"),
        (lambda d: d["game"].update(variants=["chess"]), "unknown variant"),
        (lambda d: d["players"].pop(), "expected 3 players"),
    ],
)
def test_the_cores_reader_refuses_what_it_cannot_hold(core, change, field):
    doc = _doc()
    change(doc)
    with pytest.raises(core.BadPosition, match=field.replace("[", r"\[").replace("]", r"\]")):
        core.Position(doc)


def _mutations(rng: random.Random, doc):
    """Replace one leaf (or a whole branch) of ``doc`` with junk."""
    junk = [None, True, -1, 0, 1, 2, 5, 9, 60, 255, 2**40, "war:A:1", "x", [], {}, [0, 0], [9, 9], 1.5]
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + (i,))

    walk(doc, ())
    path = rng.choice(paths[1:])
    mutated = copy.deepcopy(doc)
    node = mutated
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = copy.deepcopy(rng.choice(junk))
    return mutated


@pytest.mark.slow
def test_mutated_documents_never_panic_the_core(core):
    from pennypress.engine.play.bots import RandomBot
    from pennypress.engine.play.match import play_match

    rng = random.Random(8)
    docs = []
    for seed in range(12):  # positions from real games: setup, mid-game, chance nodes, the final edition
        s = public_view(new_game(2 + seed % 4, seed=seed))
        docs.append(s.to_json())
        bots = [RandomBot(seed * 10 + p) for p in range(s.n_players)]

        def keep(state, event, every=rng.randrange(3, 9)):
            if state.ply % every == 0:
                docs.append(state.to_json())

        play_match(s, bots, seed=seed, on_move=keep)
    refused = played = 0
    for _ in range(3_000):
        doc = _mutations(rng, rng.choice(docs))
        try:
            p = core.Position(doc)
        except core.BadPosition:
            refused += 1
            continue
        chance = core.Random(rng.randrange(100))
        for _ in range(40):  # whatever it accepted, it plays without a panic
            try:
                if p.is_chance_node():
                    p.resolve_chance(chance)
                elif p.legal_moves():
                    p.apply(rng.randrange(len(p.legal_moves())))
                else:
                    break
                p.to_json()
            except (core.IllegalMove, core.BadPosition):
                break
            played += 1
    assert refused > 0 and played > 0


def test_a_panic_arrives_as_core_panic_with_its_message(core):
    with pytest.raises(core.CorePanic, match="internal error in the native core.*the boundary holds") as caught:
        core._panic_for_test("the boundary holds")
    assert isinstance(caught.value, core.CoreError)


def test_illegal_moves_and_cards_raise_and_change_nothing(core):
    s = new_game(3, seed=7)
    p = native.native_position(s)
    before = p.to_json()
    story = next(s.stories_in_play())
    for move in (f"assign 6 {story}", "assign 1 war:D:3", "press", "recall 1 war:A:1", "newsboy", "decline", "jump"):
        with pytest.raises(core.IllegalMove):
            p.apply(move)
    for index in (len(p.legal_moves()), 10**6):
        with pytest.raises(core.IllegalMove, match="out of range"):
            p.apply(index)
    with pytest.raises(core.BadInput):
        p.apply(1.5)
    for card in (1, 0, -1, 99, 2**70):
        with pytest.raises((core.IllegalMove, OverflowError)):
            p.apply_chance(card)
    assert p.to_json() == before
    with pytest.raises(IllegalMove, match="is not a legal move"):
        native.apply(p, parse_move(f"assign 6 {story}"))
    with pytest.raises(IllegalMove, match="optimal page"):
        native.apply(p, parse_move(f"press {story}@0,0,1x2"))
    assert p.to_json() == before


def test_an_undrawable_card_at_a_chance_node_is_refused(core):
    s = public_view(new_game(3, seed=7))
    story = next(s.stories_in_play())
    s.apply(parse_move(f"assign 1 {story}"))
    s.apply(parse_move("assign 1 crime:A:1"))
    s.apply(parse_move("assign 1 politics:A:1"))
    s.apply(parse_move("press"))
    p = native.native_position(s)
    assert p.is_chance_node() and p.chance_outcomes() == sorted(s.deck)
    with pytest.raises(core.IllegalMove, match="already drawn"):
        p.apply_chance(s.discard[0])
    with pytest.raises(core.IllegalMove, match="drawn first"):
        p.apply("decline")
    card = s.deck[0]
    assert p.apply_chance(card) == s.apply_chance(card).to_json()
    assert p.to_json() == s.to_json()


def test_a_board_order_must_name_each_story_on_the_board_once(core):
    doc = _doc()
    on_board = [item["story"] for column in doc["board"].values() for item in column]
    assert core.Position(doc, list(reversed(on_board))).board_order == list(reversed(on_board))
    for order in (on_board[:-1], on_board + on_board[:1], on_board[:-1] + ["human:D:3"]):
        with pytest.raises(core.BadPosition, match="board_order"):
            core.Position(doc, order)
    # not a list of stories at all: the same one refusal, not a TypeError from inside the core
    for order, message in ((5, "position.board_order: cannot be read (TypeError: 'int' object is not iterable)"),
                           ([5], "position.board_order[0]: expected text")):
        with pytest.raises(core.BadPosition) as refused:
            core.Position(doc, order)
        assert str(refused.value) == message


@pytest.mark.parametrize("share, noise, message", [
    (1.5, 0.01, "share must be within [0, 1]"),
    (float("nan"), 0.01, "share must be within [0, 1]"),
    (0.5, -0.1, "noise >= 0"),
])
def test_a_playout_mix_out_of_range_is_refused(core, share, noise, message):
    from pennypress.engine.advisor.policy import JITTER, PLAYOUT, SEARCH_LEAF
    from pennypress.engine.advisor.value_bot import MARGIN_WEIGHT
    from pennypress.engine.native.search import core_weights

    with pytest.raises(core.BadInput, match=re.escape(message)):
        core.Policy.mixed(SEARCH_LEAF.core(), core_weights(PLAYOUT), JITTER, MARGIN_WEIGHT, noise, share)
