"""Positions reached by seeded random play, and one-field mutations of their JSON.

Each invalid mutation changes one thing and returns the field names one of
which the refusal must mention (or ``None`` when it does not apply to this
position). Each valid mutation changes something the rules leave free and
returns ``True`` (``None`` when it does not apply).
"""
from __future__ import annotations

import copy
import json
import random
from typing import Callable, Optional

from pennypress.engine import State, new_game
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.game.tables import ad_row

BEATS = ["war", "crime", "politics", "city", "human"]
SPACES = {"A": 1, "B": 1, "C": 2, "D": 2}


def played_state(players: int, newsboy: bool, seed: int, moves: int, deck: str = "default",
                 order_known: bool = True) -> State:
    """A seeded game after up to ``moves`` random moves (fewer if it ends)."""
    s = new_game(players, seed=seed, variants=["newsboy"] if newsboy else [], deck=deck)
    s.deck_known = order_known
    bot = RandomBot(seed)
    for _ in range(moves):
        if s.is_over:
            break
        s.play(bot.choose(s))
    return s


def state_doc(state: State) -> dict:
    """The state's JSON, as a file would give it back (a fresh copy)."""
    return json.loads(json.dumps(state.to_json()))


def fixed_states() -> list[State]:
    """A spread of positions: every player count, both variants, every phase."""
    out = []
    for players, newsboy, seed in ((2, False, 1), (3, False, 2), (4, True, 3), (5, False, 4), (5, True, 5)):
        game = played_state(players, newsboy, seed, 0)
        bot = RandomBot(seed)
        out.append(game.clone())
        seen = {game.phase}
        k = 0
        while not game.is_over:
            game.play(bot.choose(game))
            k += 1
            if game.phase not in seen or k == 7:
                seen.add(game.phase)
                out.append(game.clone())
        out.append(game.clone())
    return out


def _board_items(doc):
    return [(b, i, item) for b in BEATS for i, item in enumerate(doc["board"][b])]


def _places(doc):
    """Every story with where it is: ("board", beat, i) / ("stack", kind, star) / ("published", player, k)."""
    out = []
    for b, i, item in _board_items(doc):
        out.append((item["story"], ("board", b, i)))
    for kind, stars in doc["stacks"].items():
        for st in stars:
            out.append((f"{kind}:{st}", ("stack", kind, st)))
    for p, player in enumerate(doc["players"]):
        for k, s in enumerate(player["published"]):
            out.append((s, ("published", p, k)))
    return out


# ------------------------------------------------------------- invalid ones
def add_reporter_on_board(doc, rnd):
    items = _board_items(doc)
    if not items:
        return None
    b, i, item = rnd.choice(items)
    p = rnd.randrange(len(item["reporters"]))
    item["reporters"][p] += 1
    return (f"players[{p}]", f"board.{b}[{i}].reporters[{p}]")


def sixth_reporter_at_home(doc, rnd):
    p = rnd.randrange(len(doc["players"]))
    doc["players"][p]["home"] += 1
    return (f"players[{p}]",)


def lose_a_reporter(doc, rnd):
    homes = [p for p, pl in enumerate(doc["players"]) if pl["home"]]
    if not homes:
        return None
    p = rnd.choice(homes)
    doc["players"][p]["home"] -= 1
    return (f"players[{p}]",)


def remove_a_story(doc, rnd):
    choices = [(s, w) for s, w in _places(doc) if w[0] != "board" or not any(doc["board"][w[1]][w[2]]["reporters"])]
    story, where = rnd.choice(choices)
    if where[0] == "board":
        del doc["board"][where[1]][where[2]]
    elif where[0] == "stack":
        doc["stacks"][where[1]].remove(where[2])
    else:
        del doc["players"][where[1]]["published"][where[2]]
    return (story,)


def duplicate_a_story(doc, rnd):
    story, _ = rnd.choice(_places(doc))
    beat, shape, stars = story.split(":")
    target = rnd.choice(["board", "stack", "published"])
    if target == "board":
        doc["board"][beat].append({"story": story, "reporters": [0] * len(doc["players"])})
        return (f"board.{beat}",)
    if target == "stack":
        stack = doc["stacks"][f"{beat}:{shape}"]
        stack.append(int(stars))
        stack.sort()
        return (f"stacks.{beat}:{shape}",)
    p = rnd.randrange(len(doc["players"]))
    doc["players"][p]["published"].append(story)
    return (f"players[{p}].published",)


def overflow_a_column(doc, rnd):
    beats = BEATS[:]
    rnd.shuffle(beats)
    for beat in beats:
        height = sum(SPACES[item["story"].split(":")[1]] for item in doc["board"][beat])
        spare = [(shape, st) for shape in "ABCD" for st in doc["stacks"][f"{beat}:{shape}"]]
        if height + sum(SPACES[s] for s, _ in spare) <= 9:
            continue
        rnd.shuffle(spare)
        while height <= 9:
            shape, st = spare.pop()
            doc["stacks"][f"{beat}:{shape}"].remove(st)
            doc["board"][beat].append({"story": f"{beat}:{shape}:{st}", "reporters": [0] * len(doc["players"])})
            height += SPACES[shape]
        return (f"board.{beat}",)
    return None


def stack_out_of_order(doc, rnd):
    kinds = [k for k, v in doc["stacks"].items() if len(v) >= 2]
    if not kinds:
        return None
    kind = rnd.choice(kinds)
    stack = doc["stacks"][kind]
    i = rnd.randrange(len(stack) - 1)
    stack[i], stack[i + 1] = stack[i + 1], stack[i]
    return (f"stacks.{kind}",)


def ad_in_the_wrong_place(doc, rnd):
    p = rnd.randrange(len(doc["players"]))
    player = doc["players"][p]
    if player["ad"] is not None:
        row = player["ad"][1]
        player["ad"][1] = rnd.choice([r for r in range(3) if r != row])
    elif player["pennies"] == 0:
        player["ad"] = [rnd.randrange(4), rnd.randrange(3)]
    elif player["pennies"] == 4:  # 2-3 players: the 4th press draws no card, so there is no ad row
        player["ad"] = [rnd.randrange(4), rnd.randrange(3)]
    else:
        player["ad"] = [rnd.randrange(4), rnd.choice([r for r in range(3) if r != ad_row(player["pennies"])])]
    return (f"players[{p}].ad",)


def marker_off_the_formula(doc, rnd):
    if doc["phase"] != "normal":
        return None
    beat = rnd.choice(BEATS)
    doc["markers"][beat] = rnd.choice([v for v in range(10) if v != doc["markers"][beat]])
    return (f"markers.{beat}",)


def unknown_beat(doc, rnd):
    where = rnd.choice(["board", "markers", "bonus", "published", "stacks"])
    if where == "board" and _board_items(doc):
        b, i, item = rnd.choice(_board_items(doc))
        item["story"] = "sports:" + item["story"].split(":", 1)[1]
        return (f"board.{b}[{i}].story",)
    if where == "published":
        holders = [p for p, pl in enumerate(doc["players"]) if pl["published"]]
        if holders:
            p = rnd.choice(holders)
            k = rnd.randrange(len(doc["players"][p]["published"]))
            doc["players"][p]["published"][k] = "sports:A:1"
            return (f"players[{p}].published[{k}]",)
    if where == "stacks":
        doc["stacks"]["sports:A"] = doc["stacks"].pop("war:A")
        return ("position.stacks",)
    key = "markers" if where == "markers" else "bonus"
    beat = rnd.choice(BEATS)
    doc[key]["sports"] = doc[key].pop(beat)
    return (f"position.{key}",)


def bonus_off_the_track(doc, rnd):
    beat = rnd.choice(BEATS)
    doc["bonus"][beat] = rnd.choice([0, 1, 21, 25])
    return (f"bonus.{beat}",)


def card_in_deck_and_discard(doc, rnd):
    deck = doc["deck"]
    if deck["cards"] and rnd.random() < 0.5:
        deck["discard"].append(rnd.choice(deck["cards"]))
    else:
        deck["cards"].insert(rnd.randrange(len(deck["cards"]) + 1), rnd.choice(deck["discard"]))
    return ("position.deck",)


def card_lost(doc, rnd):
    deck = doc["deck"]
    pile = "cards" if deck["cards"] and rnd.random() < 0.5 else "discard"
    del deck[pile][rnd.randrange(len(deck[pile]))]
    return ("position.deck",)


def card_id_unknown(doc, rnd):
    doc["deck"]["cards"].append(rnd.choice([0, 46, 99]))
    return ("deck.cards[",)


def player_count_changed(doc, rnd):
    n = doc["game"]["players"]
    doc["game"]["players"] = rnd.choice([m for m in range(2, 6) if m != n])
    return ("position.game", "position.players:")


def newsboy_wrong(doc, rnd):
    newsboy_game = "newsboy" in doc["game"]["variants"]
    if newsboy_game and doc["phase"] == "normal":
        doc["turn"]["newsboy"] = None
    else:
        doc["turn"]["newsboy"] = rnd.randrange(doc["game"]["players"])
    return ("turn.newsboy",)


def newsboy_with_too_few_players(doc, rnd):
    if doc["game"]["players"] >= 4:
        return None
    doc["game"]["variants"].append("newsboy")
    return ("position.game",)


def two_turns_in_a_row(doc, rnd):
    if "two-player" in doc["game"]["variants"] and doc["phase"] == "normal":
        return None
    doc["turn"]["turns_left"] = 2
    return ("turn.turns_left",)


def too_many_pennies(doc, rnd):
    n = doc["game"]["players"]
    trigger = 4 if n <= 3 else 3
    p = rnd.randrange(n)
    doc["players"][p]["pennies"] = trigger + 1 if doc["phase"] != "normal" or rnd.random() < 0.5 else trigger
    return (f"players[{p}].pennies",)


def phase_changed(doc, rnd):
    old = doc["phase"]
    finals = ("final-turns", "final-presses")
    new = rnd.choice([p for p in ("normal", "final-turns", "final-presses", "over")
                      if p != old and not (old in finals and p in finals)])
    doc["phase"] = new
    if old == "normal":
        return ("turn.trigger_player", "turn.newsboy", "turn.turns_left")
    if new == "normal":
        return ("position.markers.", "turn.trigger_player", "turn.newsboy")
    if new == "over":
        return ("turn.pending", ".done", "position.last_event")
    return ("turn.player",)  # over -> final: every player is done, the one to move too


def value_out_of_range(doc, rnd):
    n = doc["game"]["players"]
    what = rnd.choice(["circulation", "ply", "marker", "turn", "home"])
    if what == "circulation":
        p = rnd.randrange(n)
        doc["players"][p]["circulation"] = -1
        return (f"players[{p}].circulation",)
    if what == "ply":
        doc["ply"] = -1
        return ("position.ply",)
    if what == "marker":
        beat = rnd.choice(BEATS)
        doc["markers"][beat] = rnd.choice([-1, 10])
        return (f"markers.{beat}",)
    if what == "turn":
        doc["turn"]["player"] = n
        return ("turn.player",)
    p = rnd.randrange(n)
    doc["players"][p]["home"] = float(doc["players"][p]["home"])
    return (f"players[{p}].home",)


def story_in_another_beats_column(doc, rnd):
    items = _board_items(doc)
    if not items:
        return None
    b, i, item = rnd.choice(items)
    dest = rnd.choice([x for x in BEATS if x != b])
    del doc["board"][b][i]
    doc["board"][dest].append(item)
    return (f"board.{dest}[{len(doc['board'][dest]) - 1}].story",)


def reporter_list_too_short(doc, rnd):
    items = _board_items(doc)
    if not items:
        return None
    b, i, item = rnd.choice(items)
    item["reporters"].pop()
    return (f"board.{b}[{i}].reporters",)


def _objects(doc):
    out = [("position", doc), ("position.turn", doc["turn"]), ("position.game", doc["game"]),
           ("position.deck", doc["deck"])]
    out += [(f"position.players[{p}]", pl) for p, pl in enumerate(doc["players"])]
    return out


def field_missing(doc, rnd):
    path, obj = rnd.choice(_objects(doc))
    key = rnd.choice(sorted(obj))
    del obj[key]
    return (f"{path}: missing {key}",)


def field_unknown(doc, rnd):
    path, obj = rnd.choice(_objects(doc))
    obj["colour"] = "red"
    return (f"{path}: unknown field(s) colour",)


INVALID: dict[str, Callable[[dict, random.Random], Optional[tuple[str, ...]]]] = {
    f.__name__: f
    for f in (
        add_reporter_on_board, sixth_reporter_at_home, lose_a_reporter, remove_a_story, duplicate_a_story,
        overflow_a_column, stack_out_of_order, ad_in_the_wrong_place, marker_off_the_formula, unknown_beat,
        bonus_off_the_track, card_in_deck_and_discard, card_lost, card_id_unknown, player_count_changed,
        newsboy_wrong, newsboy_with_too_few_players, two_turns_in_a_row, too_many_pennies, phase_changed,
        value_out_of_range, story_in_another_beats_column, reporter_list_too_short, field_missing, field_unknown,
    )
}


# --------------------------------------------------------------- valid ones
def circulation_changed(doc, rnd):
    if doc["phase"] == "over":
        return None  # the end scoring in last_event records the final circulation
    p = rnd.randrange(len(doc["players"]))
    doc["players"][p]["circulation"] = rnd.randrange(200)
    return True


def column_reordered(doc, rnd):
    beat = rnd.choice(BEATS)
    rnd.shuffle(doc["board"][beat])
    return True


def bonus_moved(doc, rnd):
    doc["bonus"][rnd.choice(BEATS)] = rnd.randint(2, 20)
    return True


def deck_shuffled(doc, rnd):
    rnd.shuffle(doc["deck"]["cards"])
    return True


def deck_order_forgotten_or_known(doc, rnd):
    doc["deck"]["order_known"] = not doc["deck"]["order_known"]
    return True


def frozen_marker_moved(doc, rnd):
    if doc["phase"] == "normal":
        return None
    doc["markers"][rnd.choice(BEATS)] = rnd.randrange(10)
    return True


def last_event_dropped(doc, rnd):
    if doc["phase"] == "over":
        return None
    doc["last_event"] = None
    doc["ply"] = rnd.randrange(500)
    return True


def published_reordered(doc, rnd):
    rnd.shuffle(doc["players"][rnd.randrange(len(doc["players"]))]["published"])
    return True


VALID: dict[str, Callable[[dict, random.Random], Optional[bool]]] = {
    f.__name__: f
    for f in (
        circulation_changed, column_reordered, bonus_moved, deck_shuffled, deck_order_forgotten_or_known,
        frozen_marker_moved, last_event_dropped, published_reordered,
    )
}


def mutated(doc: dict, mutation, rnd: random.Random):
    """A mutated copy of ``doc`` and the mutation's answer."""
    doc = copy.deepcopy(doc)
    return doc, mutation(doc, rnd)
