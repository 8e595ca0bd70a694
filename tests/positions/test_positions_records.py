"""Game records: written from played games, replayed move by move with every move checked."""
import copy
import json
from pathlib import Path

import pytest

from pennypress.engine import BadInput, GameDefinition, new_game
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.rules.press import plan_press
from pennypress.engine.io.record import Recorder, dumps_record, replay
from pennypress.engine.arena.recorded import record_selfplay
from pennypress.engine.arena.selfplay import play_game
from pennypress.solver.vocab import BEATS

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "records"


def refused(doc, *words) -> str:
    with pytest.raises(BadInput) as info:
        replay(doc)
    message = str(info.value)
    assert "\n" not in message
    for w in words:
        assert w in message, message
    return message


@pytest.fixture(scope="module")
def greedy_two():
    return record_selfplay(GameDefinition.create(2), seed=11, bot="greedy")


@pytest.fixture(scope="module")
def unknown_deck_game():
    """A 3-player random game from a position whose deck order is unknown (so cards are pinned)."""
    start = new_game(3, seed=21)
    start.deck_known = False
    rec = Recorder.from_position(start)
    bot = RandomBot(21)
    while not rec.state.is_over:
        rec.play(bot.choose(rec.state))
    return rec.record(), rec.state


# ----------------------------------------------------------------- round trips
@pytest.mark.parametrize("players,variants,deck,bot,seed", [
    (2, (), "default", "greedy", 3),
    (3, (), "corrected", "random", 4),
    (4, ("newsboy",), "default", "random", 5),
    (5, (), "default", "greedy", 6),
    (5, ("newsboy",), "corrected", "random", 7),
])
def test_a_recorded_selfplay_game_replays_to_an_equal_state(players, variants, deck, bot, seed):
    definition = GameDefinition.create(players, variants, deck)
    doc, final = record_selfplay(definition, seed, bot)
    result = replay(json.loads(dumps_record(doc)))
    assert result.state == final and final.is_over
    assert result.start == new_game(definition, seed=seed)
    # recording (pages spelled out) does not change the game: selfplay's own run agrees
    reference = play_game(definition, seed, bot, check=False)
    assert result.scores == reference["scores"] and len(result.events) == reference["moves"]
    assert list(result.state.winners) == reference["winners"]


def test_written_press_pages_are_the_pages_played(greedy_two):
    doc, _ = greedy_two
    result = replay(doc)
    assert len(result.presses) >= 4
    for p in result.presses:
        entry = doc["moves"][p.number - 1]
        text = entry if isinstance(entry, str) else entry["move"]
        assert text == f"press {p.event.press.page}" and "exclusive=" in text  # spelled out, exclusive declared
        if p.event.press.card is not None:
            assert entry["card"] == p.event.press.card
        else:
            assert isinstance(entry, str) or "card" not in entry


def test_dumps_record_is_json_with_one_move_per_line(greedy_two):
    doc, _ = greedy_two
    text = dumps_record(doc)
    assert json.loads(text) == doc
    lines = text.splitlines()
    start = lines.index('  "moves": [')
    assert lines[start + 1: start + 1 + len(doc["moves"])] == [
        "    " + json.dumps(m, ensure_ascii=False) + ("," if i < len(doc["moves"]) - 1 else "")
        for i, m in enumerate(doc["moves"])]


def test_unknown_deck_order_cards_are_pinned(unknown_deck_game):
    doc, final = unknown_deck_game
    assert doc["position"]["deck"]["order_known"] is False
    result = replay(json.loads(json.dumps(doc)))
    assert result.state == final
    drawn = [p.event.press.card for p in result.presses if p.event.press.card is not None]
    recorded = [m["card"] for m in doc["moves"] if isinstance(m, dict) and "card" in m]
    assert drawn == recorded and len(drawn) >= 3


def test_a_pinned_card_is_the_card_drawn(unknown_deck_game):
    doc, _ = unknown_deck_game
    k = next(i for i, m in enumerate(doc["moves"]) if isinstance(m, dict) and "card" in m)
    replaced = copy.deepcopy(doc)
    del replaced["final_scores"], replaced["winners"]
    replaced["moves"] = replaced["moves"][: k + 1]
    state = replay(replaced).state
    others = [c for c in state.deck if c != doc["moves"][k]["card"]]
    replaced["moves"][k]["card"] = others[0]
    after = replay(replaced)
    assert after.events[-1].press.card == others[0] and others[0] in after.state.discard


def test_setup_cards_deal_like_the_seeded_setup():
    seeded = new_game(4, seed=9, variants=["newsboy"])
    doc = {"format": "pennypress-record", "version": 1, "game": seeded.definition.to_json(),
           "setup_cards": list(seeded.last_event.cards), "moves": []}
    start = replay(doc).start
    for b in BEATS:
        assert start.columns[b] == seeded.columns[b]
    assert (start.markers, start.bonus, start.stacks, start.discard, start.newsboy) == (
        seeded.markers, seeded.bonus, seeded.stacks, seeded.discard, seeded.newsboy)
    assert start.deck_known is False and sorted(start.deck) == sorted(seeded.deck)


# ----------------------------------------------------------------- examples
def _examples():
    return sorted(EXAMPLES.glob("*.json"))


def test_there_are_example_records():
    names = {p.name for p in _examples()}
    assert len(names) >= 3 and any("newsboy" in n for n in names) and any("annotated" in n for n in names)


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.name)
def test_example_records_replay_and_add_up(path):
    doc = json.loads(path.read_text())
    result = replay(doc)
    assert "final_scores" in doc and result.scores == doc["final_scores"]
    # independent bookkeeping: score = page gains + scoops received + end bonuses
    n = result.state.n_players
    expected = [0] * n
    for p in result.presses:
        expected[p.event.press.player] += p.event.press.gain
        for sc in p.event.press.scoops:
            expected[sc.player] += sc.points
    if result.state.is_over:
        for bonus in result.state.last_event.end.bonuses:
            for i in bonus.players:
                expected[i] += bonus.points
        best = max((result.scores[i], len(result.state.players[i].published)) for i in range(n))
        assert list(result.state.winners) == [i for i in range(n)
                                              if (result.scores[i], len(result.state.players[i].published)) == best]
        assert doc["winners"] == list(result.state.winners)
    assert expected == result.scores


def test_the_newsboy_example_is_decided_by_the_tie_break():
    result = replay(json.loads((EXAMPLES / "four-player-newsboy-greedy-seed-6.json").read_text()))
    scores, published = result.scores, [len(p.published) for p in result.state.players]
    assert scores[2] == scores[3] == max(scores) and published[3] > published[2]
    assert list(result.state.winners) == [3]
    assert any(e.move == "newsboy" for e in result.events)


def test_the_annotated_example_scores_the_page_the_player_built():
    doc = json.loads((EXAMPLES / "two-player-table-annotated.json").read_text())
    before = replay({**{k: v for k, v in doc.items() if k != "final_scores"}, "moves": doc["moves"][:4]}).state
    best = plan_press(before, 0).breakdown.total
    result = replay(doc)
    first = result.presses[0].event.press
    assert (first.total, best) == (3, 4)  # the page written in the record, one point below the optimum
    second = result.presses[1].event.press
    assert [str(s) for s in second.unpublished] == ["war:C:1"] and second.total == 2


# ----------------------------------------------------------------- refusals
def test_an_illegal_move_names_the_move_and_why(greedy_two):
    doc, _ = greedy_two
    bad = copy.deepcopy(doc)
    bad["moves"][2] = "assign 5 war:A:1"  # player 1 put 4 reporters out on move 2
    refused(bad, "record.moves[2]: move 3 (The Sun: 'assign 5 war:A:1') is illegal:", "you have only 1 reporter at home")
    bad["moves"][2] = "reassign war:A:1 -> war:A:1"
    refused(bad, "move 3", "a reassigned reporter must move to a different story")
    bad["moves"][2] = "newsboy"
    refused(bad, "move 3", "nobody holds the newsboy")
    bad["moves"][2] = "jump 3"
    refused(bad, "record.moves[2]: move 3: move 'jump 3': unknown action")


def test_a_page_that_breaks_the_rules_is_refused(greedy_two):
    doc, _ = greedy_two
    bad = copy.deepcopy(doc)
    k = next(i for i, m in enumerate(bad["moves"]) if isinstance(m, dict) and m["move"].startswith("press"))
    bad["moves"][k]["move"] = "press " + " ".join(
        w.replace("@0,0,", "@0,1,") if "@" in w else w for w in bad["moves"][k]["move"].split()[1:])
    refused(bad, f"move {k + 1}", "is illegal", "that front page breaks the rules")


def test_a_press_that_claims_nothing_is_refused():
    doc = {"format": "pennypress-record", "version": 1, "game": {"players": 3, "variants": [], "deck": "default"},
           "seed": 1, "moves": ["press"]}
    refused(doc, "move 1 (The Times: 'press') is illegal: you cannot go to press: there is no story you can claim")


def test_moves_after_the_end_are_refused(greedy_two):
    doc, _ = greedy_two
    bad = copy.deepcopy(doc)
    bad["moves"].append("decline")
    refused(bad, f"move {len(doc['moves']) + 1}", "the game is already over")


def test_cards_that_do_not_match_are_refused(greedy_two, unknown_deck_game):
    doc, _ = greedy_two
    k = next(i for i, m in enumerate(doc["moves"]) if isinstance(m, dict) and "card" in m)
    bad = copy.deepcopy(doc)
    real = bad["moves"][k]["card"]
    bad["moves"][k]["card"] = 45 if real != 45 else 44
    refused(bad, f"record.moves[{k}].card: move {k + 1}", f"the deck gives card {real}")
    bad = copy.deepcopy(doc)
    bad["moves"][0] = {"move": bad["moves"][0], "card": 5}
    refused(bad, "record.moves[0].card", "it is not a press")
    udoc, _ = unknown_deck_game
    k = next(i for i, m in enumerate(udoc["moves"]) if isinstance(m, dict) and "card" in m)
    bad = copy.deepcopy(udoc)
    bad["moves"][k] = bad["moves"][k]["move"]
    refused(bad, f"move {k + 1}", "the deck order is unknown, so the record must name the headline card")
    bad = copy.deepcopy(udoc)
    bad["moves"][k]["card"] = udoc["position"]["deck"]["discard"][0]
    refused(bad, f"record.moves[{k}].card", "is not in the deck")


def test_a_card_on_the_final_edition_trigger_is_refused(greedy_two):
    doc, _ = greedy_two
    result = replay(doc)
    trigger = next(p for p in result.presses if p.event.press.final_edition)
    bad = copy.deepcopy(doc)
    entry = bad["moves"][trigger.number - 1]
    bad["moves"][trigger.number - 1] = {"move": entry if isinstance(entry, str) else entry["move"], "card": 1}
    refused(bad, "this press triggers the final edition, so no card is drawn")


def test_final_scores_and_winners_must_match(greedy_two):
    doc, _ = greedy_two
    bad = copy.deepcopy(doc)
    bad["final_scores"] = [s + 1 for s in doc["final_scores"]]
    refused(bad, "record.final_scores: the record expects", f"the replay gives {doc['final_scores']}")
    bad = copy.deepcopy(doc)
    bad["winners"] = [1 - doc["winners"][0]] if len(doc["winners"]) == 1 else [0]
    refused(bad, "record.winners: the record expects")
    short = copy.deepcopy(doc)
    short["moves"] = short["moves"][:5]
    refused(short, "record.final_scores", "the game is not over after 5 moves")


@pytest.mark.parametrize("change,words", [
    (lambda d: d.pop("seed"), "give exactly one start: seed, setup_cards or position (got none)"),
    (lambda d: d.update(setup_cards=[1, 2]), "(got seed and setup_cards)"),
    (lambda d: (d.pop("seed"), d.update(setup_cards=[1, 2, 3])), "record.setup_cards: expected 2 cards (one per player at setup), got 3"),
    (lambda d: (d.pop("seed"), d.update(setup_cards=[1, 1])), "record.setup_cards: 1 appears more than once"),
    (lambda d: d.update(seed="eleven"), "record.seed: expected a whole number"),
    (lambda d: d.update(format="pennypress-state"), "record.format"),
    (lambda d: d.pop("moves"), "record: missing moves"),
    (lambda d: d.update(moves="assign 1 war:A:1"), "record.moves: expected a list"),
    (lambda d: d["moves"].__setitem__(0, {"mvoe": "x"}), "record.moves[0]"),
    (lambda d: d["moves"].__setitem__(0, {"move": "assign 4 city:D:1", "card": 46}), "record.moves[0].card: expected a whole number from 1 to 45"),
    (lambda d: d["game"].update(players=6), "record.game.players"),
    (lambda d: d.update(final_scores=[1]), "record.final_scores"),
])
def test_a_malformed_record_is_refused_naming_the_field(greedy_two, change, words):
    doc = copy.deepcopy(greedy_two[0])
    change(doc)
    refused(doc, words)


def test_a_position_start_is_checked_like_a_position():
    start = new_game(4, seed=2)
    doc = {"format": "pennypress-record", "version": 1, "game": start.definition.to_json(),
           "position": start.to_json(), "moves": []}
    assert replay(doc).state == start
    bad = copy.deepcopy(doc)
    bad["position"]["players"][1]["home"] = 4
    refused(bad, "record.position.players[1]: 4 reporters at home")
    bad = copy.deepcopy(doc)
    bad["game"] = {"players": 4, "variants": ["newsboy"], "deck": "default"}
    refused(bad, "record.position.game", "does not match record.game")


def test_the_replay_visitor_sees_each_position_before_its_move():
    doc, final = record_selfplay(GameDefinition.create(3), seed=5, bot="greedy")
    steps = []
    result = replay(doc, visit=steps.append)
    assert [s.number for s in steps] == list(range(1, len(doc["moves"]) + 1))
    again = result.start.clone()
    for step in steps:
        assert step.before == again and step.player == again.current_player
        assert not step.before.is_chance_node()
        event = again.apply(step.move)
        if step.card is not None:
            assert again.is_chance_node()
            event = again.apply_chance(step.card)
        assert event == step.event
    assert again == final == result.state
