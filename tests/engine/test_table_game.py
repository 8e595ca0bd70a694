"""A person against bots (engine/arena/table_game.py): the same bots as the tournament, bots one at a time,
take-back, hint on the public view, save and load, the end, bad input."""
from __future__ import annotations

import json

import pytest

from pennypress.engine.arena.recorded import PagesSpelledOut
from pennypress.engine.arena.seats import make_bot, seat_seed
from pennypress.engine.arena.table_game import TableGame
from pennypress.engine.arena.tournament import TournamentSpec, play_planned
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.io.record import replay
from pennypress.engine.io.state import PublicState
from pennypress.errors import BadInput


def _play_out(game: TableGame, person_bot) -> None:
    """Play to the end, the person's moves chosen by ``person_bot`` on the person's public view."""
    while not game.is_over:
        game.run_bots()
        if game.person_to_move:
            game.play(person_bot.choose(game.view()))


@pytest.mark.parametrize("me", [0, 1, 2])
def test_the_opponents_are_the_tournament_bots_with_the_tournament_seeds(me):
    spec = TournamentSpec.create(players=3, seats="greedy,heuristic,random", games=3, seed=11, records=True)
    plan = spec.plans()[1]
    played = play_planned(spec, plan)
    others = [name for seat, name in enumerate(plan.seats) if seat != me]
    game = TableGame.new(players=3, me=me, seats=others, seed=plan.deck_seed)
    assert game.names[me] is None and [n for n in game.names if n] == others
    # the person plays what the tournament's bot of that seat played: every other move must match too
    _play_out(game, PagesSpelledOut(make_bot(plan.seats[me], seat_seed(plan.deck_seed, me))))
    record = game.record()
    assert record["moves"] == played["record"]["moves"]
    assert record["final_scores"] == played["scores"] and record["winners"] == played["winners"]
    assert replay(record).state == game.state


def test_bots_move_one_at_a_time_and_say_what_they_did():
    game = TableGame.new(players=3, me=2, seats="greedy,greedy", seed=5)
    first = game.step()
    assert first.player == 0 and game.state.ply == 1 and first.words.startswith("The Times ")
    second = game.step()
    assert second.player == 1 and game.person_to_move and game.step() is None
    assert [e.number for e in game.events] == [1, 2]
    presses = []
    _play_out(game, make_bot("greedy", 1))
    for e in game.events:
        if e.press is not None:
            presses.append(e)
            assert f"page scored {e.press.total} point".replace("-", "−") in e.words and e.page
            if e.card is not None:
                assert e.card_text.startswith("“") and "new stories" in e.card_text
    assert presses and any(e.card is not None for e in presses)
    end = game.end()
    assert end is not None and [s["circulation"] for s in end["scores"]] == [p.circulation for p in game.state.players]
    assert end["winners"] and {b["beat"] for b in end["bonuses"]}
    assert game.events[-1].end == end


def test_take_back_restores_the_table_and_the_bots():
    game = TableGame.new(players=3, me=0, seats="random,random", seed=8)
    before = game.state.clone()
    moves = [m for m, _ in game.legal_moves()]
    event = game.play(moves[-1])
    assert event.by_person and event.words.startswith("You ")
    after_bots = [e.move for e in game.run_bots()]
    assert len(after_bots) == 2
    assert game.take_back()
    assert game.state == before and game.record()["moves"] == [] and game.events == []
    # the bots' generators are restored too: the same move gives the same replies
    game.play(moves[-1])
    assert [e.move for e in game.run_bots()] == after_bots
    game.take_back()
    assert not game.take_back()


def test_a_press_without_a_page_is_written_with_its_page_and_previewed_first():
    game = TableGame.new(players=2, me=0, seats="greedy", seed=3)
    while not any(isinstance(m, GoToPress) and game.preview(m).claimed for m, _ in game.legal_moves()):
        game.play(game.legal_moves()[0][0])
        game.run_bots()
    preview = game.preview("press")
    assert game.state.ply == len(game.record()["moves"])  # a preview plays nothing
    event = game.play("press")
    assert event.press.total == preview.total and event.press.claimed == preview.claimed
    assert game.record()["moves"][-1]["move"].startswith("press ") or game.record()["moves"][-1].startswith("press ")
    assert replay(game.record()).state == game.state


def test_hint_searches_the_public_view_only(monkeypatch):
    import pennypress.engine.arena.table_game as table_game

    seen = []

    def fake_advise(view, *args, **kw):
        seen.append(view)
        return "advice"

    monkeypatch.setattr(table_game, "advise", fake_advise)
    game = TableGame.new(players=3, me=0, seats="greedy,greedy", seed=2)
    assert game.hint("fast") == "advice"
    assert isinstance(seen[0], PublicState) and not seen[0].deck_known and seen[0].deck == sorted(seen[0].deck)


def test_hint_ranks_the_persons_moves_with_progress():
    game = TableGame.new(players=2, me=0, seats="greedy", seed=6)
    ticks = []
    advice = game.hint(playouts=6, progress=lambda done, total: ticks.append((done, total)))
    legal = {str(m) for m, _ in game.legal_moves()}
    assert advice.player == 0 and advice.best.move in legal and ticks and ticks[-1][0] == ticks[-1][1]


def test_save_and_load_continue_the_same_game(tmp_path):
    game = TableGame.new(players=3, me=1, seats="greedy,heuristic", seed=9)
    game.run_bots()
    game.play(game.legal_moves()[0][0])
    game.run_bots()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record()))
    loaded = TableGame.load(json.loads(path.read_text()))
    assert loaded.me == 1 and loaded.names == game.names and loaded.state == game.state
    assert loaded.person_to_move and loaded.record()["moves"] == game.record()["moves"]
    assert loaded.events == game.events  # the game so far, told as it was
    _play_out(loaded, make_bot("greedy", 4))
    assert replay(loaded.record()).state == loaded.state


@pytest.mark.parametrize("doc, message", [
    ({"format": "something else"}, "not a pennypress game record"),
    ([1, 2], "not a pennypress game record"),
    ({"format": "pennypress-record", "version": 1, "game": {"players": 3}, "seed": 1, "moves": ["fly away"]},
     "saved game"),
])
def test_loading_something_that_is_not_a_record_is_one_clear_error(doc, message):
    with pytest.raises(BadInput, match=message):
        TableGame.load(doc)


def test_a_record_without_seats_needs_them_given():
    game = TableGame.new(players=2, me=0, seats="greedy", seed=1)
    doc = game.record()
    del doc["notes"]
    with pytest.raises(BadInput, match="which newspaper is yours"):
        TableGame.load(doc)
    assert TableGame.load(doc, me=1, seats="random").names == ("random", None)


@pytest.mark.parametrize("kw, message", [
    (dict(players=3, me=3, seats="greedy,greedy"), "me: the person's newspaper must be 1 to 3"),
    (dict(players=3, me=0, seats="greedy"), "seats: 1 bots named"),
    (dict(players=3, me=0, seats="greedy,grandmaster"), "unknown bot 'grandmaster'"),
    (dict(players=6, me=0, seats="greedy,greedy,greedy,greedy,greedy"), "players"),
    (dict(players=3, me=0, seats="greedy,greedy", seed=-1), "seed"),
])
def test_bad_set_up_is_one_clear_message(kw, message):
    with pytest.raises(BadInput, match=message):
        TableGame.new(**kw)


def test_an_illegal_move_says_why():
    game = TableGame.new(players=3, me=0, seats="greedy,greedy", seed=7)
    with pytest.raises(BadInput, match="only 5 reporters at home"):
        game.play("assign 6 war:B:1")
    with pytest.raises(BadInput, match="choose a number from 1 to"):
        game.play("999")
    game.play("1")
    with pytest.raises(BadInput, match="not your turn"):
        game.play("1")
