"""The advice with the table read (:mod:`pennypress.engine.advisor.opponent_table`): with every opponent the
search's own player it is today's advice to the last figure; with styles read it changes and stays
deterministic; it plays on the native core only; bad weights are refused in one line."""
from __future__ import annotations

from dataclasses import replace

import pytest

from pennypress.engine import GameDefinition
from pennypress.engine.advisor import advise
from pennypress.engine.advisor.opponent_table import OpponentTable
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.arena.recorded import record_selfplay
from pennypress.engine.arena.table_reading import opponent_table, read_record
from pennypress.engine.io.record import replay
from pennypress.engine.native import core_module
from pennypress.errors import BadInput


@pytest.fixture(scope="module")
def midgame():
    doc, _ = record_selfplay(GameDefinition.create(3), seed=21, seats=["heuristic", "early-presser", "evaluator"])
    doc = {k: v for k, v in doc.items() if k not in ("final_scores", "winners")}
    doc["moves"] = doc["moves"][:20]
    state = replay(doc).state
    return doc, state


def _figures(advice):
    return [(m.move, m.win_probability, m.expected_margin, m.playouts) for m in advice.moves]


def test_a_table_of_the_searchs_own_players_is_todays_advice(core, midgame):
    _, state = midgame
    own = OpponentTable(((), ((1.0, None),), ((1.0, None),)))
    assert _figures(advise(state, "fast", seed=3, table=own)) == _figures(advise(state, "fast", seed=3))


def test_a_reading_of_no_moves_is_todays_advice(core, midgame):
    doc, state = midgame
    none = read_record(doc, you=state.current, until=0)
    table = opponent_table(none, 3)
    assert table.seats == ((), (), ()) and all(w.endswith("no move to read yet.") for w in table.words)
    assert _figures(advise(state, "fast", seed=3, table=table)) == _figures(advise(state, "fast", seed=3))


def test_the_styles_read_change_the_advice_and_the_same_reading_gives_the_same_advice(core, midgame):
    doc, state = midgame
    table = opponent_table(read_record(doc, you=state.current))
    assert table.seats[state.current] == () and all(table.seats[p] for p in range(3) if p != state.current)
    assert len(table.words) == 3 and all("played" in w for w in table.words[:2]) and table.own_ends_played
    read = advise(state, "fast", seed=3, table=table)
    assert _figures(read) == _figures(advise(state, "fast", seed=3, table=table))
    assert _figures(read) != _figures(advise(state, "fast", seed=3))


def test_a_player_read_as_the_mcts_bot_is_played_by_its_stand_in_and_that_is_said(core, midgame):
    """The MCTS bot searches at every move, too costly for thousands of playouts: its stand-in plays it (the
    same advice as a reading of the stand-in itself), and the advice's words say so."""
    from pennypress.engine.arena.seats import playout_seat
    from pennypress.engine.arena.table_reading import OWN_ENDS, ReadingSettings, SeatReading, TableReading

    _, state = midgame
    stand_in = playout_seat("mcts")
    assert stand_in != "mcts"

    def read_as(style):
        seats = tuple(SeatReading(p, 5, {"unknown": 0.0, style: 1.0}, {"unknown": 0, style: 5})
                      for p in range(3) if p != state.current)
        return opponent_table(TableReading(state.current, seats, ReadingSettings(), 3), 3)

    mcts, own = read_as("mcts"), read_as(stand_in)
    assert _figures(advise(state, "fast", seed=3, table=mcts)) == _figures(advise(state, "fast", seed=3, table=own))
    assert all("in the MCTS bot's place" in w for w in mcts.words[:2]) and mcts.words[2:] == (OWN_ENDS,)
    assert not any("place" in w for w in own.words)


def test_a_table_plays_on_the_native_core_only(core):
    with pytest.raises(BadInput, match="native core"):
        SearchSettings(table=OpponentTable(((),))).decided("python", 3)


@pytest.mark.parametrize("weights", [[(-0.5, "x")], [(0.0, "x")], [(float("nan"), "x")]])
def test_bad_weights_are_refused_naming_the_problem(core, weights):
    policy = core_module().Policy.random()
    with pytest.raises(Exception, match="a table seat's weights are finite, 0 or more, and not all 0"):
        core_module().Policy.table(policy, [[(w, policy) for w, _ in weights]])


def test_advise_reads_a_table_reading_and_says_it_and_refuses_one_of_another_seat(core, midgame, tmp_path):
    import json
    import subprocess
    import sys

    doc, state = midgame
    game, position = tmp_path / "game.json", tmp_path / "position.json"
    game.write_text(json.dumps(doc), encoding="utf-8")
    position.write_text(json.dumps(state.to_json()), encoding="utf-8")
    run = lambda *a: subprocess.run([sys.executable, "-m", "pennypress", *map(str, a)],  # noqa: E731
                                    capture_output=True, text=True)
    for you, name in ((state.current, "mine.json"), ((state.current + 1) % 3, "other.json")):
        out = run("table", game, "--you", you)
        assert out.returncode == 0, out.stderr
        (tmp_path / name).write_text(out.stdout, encoding="utf-8")
    got = run("advise", position, "--budget", "fast", "--seed", "3", "--table", tmp_path / "mine.json")
    assert got.returncode == 0, got.stderr
    answer = json.loads(got.stdout)
    reading = read_record(doc, you=state.current)
    assert [s["words"] for s in answer["table"]] == [s.words() for s in reading.seats]
    direct = advise(state, "fast", seed=3, table=opponent_table(reading, 3))
    assert [(m["move"], m["win_probability"]) for m in answer["moves"]] == \
        [(m.move, round(m.win_probability, 4)) for m in direct.moves]   # the JSON's four places
    other = run("advise", position, "--budget", "fast", "--table", tmp_path / "other.json")
    assert other.returncode == 2 and "but the position is" in other.stderr and other.stderr.count("\n") == 1
    notone = run("advise", position, "--budget", "fast", "--table", game)
    assert notone.returncode == 2 and "not a table reading" in notone.stderr


@pytest.mark.parametrize("change, said", [
    (lambda d: d["seats"][0]["posterior"].update(oracle=0.5), "known style"),
    (lambda d: d["seats"][0]["posterior"].update(timer=float("inf")), "a finite number"),
    (lambda d: d["seats"][0].update(moves="many"), "a whole number"),
    (lambda d: d["seats"][0].update(player=9), "an opponent at this table"),
    (lambda d: d["seats"].pop(), "each opponent once"),
    (lambda d: d["seats"].append(dict(d["seats"][0])), "each opponent once"),
    (lambda d: d.update(players=4), "a table of 4 players"),
    (lambda d: d["seats"][0].update(assumed=True, posterior={"greedy": 0.6, "timer": 0.4}), "one style for certain"),
    (lambda d: d["seats"][0].update(earlier=True), "a whole number of moves"),
    (lambda d: d["seats"][0].update(assumed="yes"), "true or false"),
    (lambda d: d.pop("you"), "not a table reading")])
def test_a_tampered_reading_is_refused_naming_the_problem(core, midgame, change, said):
    from pennypress.engine.arena.table_reading import reading_from_json

    doc, state = midgame
    got = read_record(doc, you=state.current).to_json()
    change(got)
    with pytest.raises(BadInput, match=said):
        reading_from_json(got, 3, state.current)


def test_the_registrys_stand_in_is_the_one_the_advisor_won_most_with():
    """The stand-in named in the registry is the one its record measured best (benchmarks.strength.stand_in_wins):
    of the candidates, the one with which the advisor reading the table won most against two MCTS bots, and
    ahead of the advisor not reading the table on the same deals."""
    import json
    from pathlib import Path
    from statistics import fmean

    from pennypress.engine.arena.seats import playout_seat

    record = json.loads(Path("benchmarks/results/strength/35-stand-in-wins.json").read_text(encoding="utf-8"))
    assert "--style mcts" in record["command"]
    share = {c: fmean(xs) for c, xs in record["candidates"].items()}
    assert len(share) >= 4 and all(len(xs) >= 100 for xs in record["candidates"].values())
    best = max(share, key=share.get)
    assert best == playout_seat("mcts") and share[best] > share["none"]


def test_weighed_replies_mix_the_searched_reply_and_the_analysis_by_the_chance_of_unknown(core, midgame):
    """With ``weigh_replies`` each opened move keeps the searched reply's share by the chance that the player
    answering is the search's own playout player, and the analysis's own share (raw again) by the chance that it
    plays a style read; the reply searched is the same, and a reading without the option changes nothing."""
    from pennypress.engine import public_view
    from pennypress.engine.advisor.budget import budget_for
    from pennypress.engine.advisor.replies import second_ply
    from pennypress.engine.arena.table_reading import ReadingSettings, SeatReading, TableReading

    _, state = midgame
    me = state.current
    style = ReadingSettings().styles[0]

    def table(weigh: bool) -> OpponentTable:
        seats = tuple(SeatReading(p, 5, {"unknown": 0.25, style: 0.75}, {"unknown": 2, style: 5})
                      for p in range(3) if p != me)
        return opponent_table(TableReading(me, seats, ReadingSettings(weigh_replies=weigh), 3), 3)

    plain_table, weighed_table = table(False), table(True)
    assert (weighed_table.unknown(me), weighed_table.unknown((me + 1) % 3)) == (1.0, pytest.approx(0.25))
    view = public_view(state)
    settings = SearchSettings.for_budget(playouts=96, seed=3, workers=1, table=plain_table)
    advice = advise(view, settings, reasons_top=0, lines=False)
    reply = budget_for(playouts=48)
    plain = sorted(second_ply(view, advice, settings, 3, reply).opened, key=lambda o: o.rank)
    weighed = sorted(second_ply(view, advice, replace(settings, table=weighed_table), 3, reply).opened,
                     key=lambda o: o.rank)
    assert [o.rank for o in weighed] == [1, 2, 3]
    for p, w in zip(plain, weighed):
        analysis = settings.calibration.raw(advice.find(p.move).win_all[me])
        assert (w.move, w.reply, w.playouts) == (p.move, p.reply, p.playouts)
        assert p.kept != analysis
        assert w.kept == pytest.approx(0.25 * p.kept + 0.75 * analysis)
        assert (p.read, w.read) == (0.0, pytest.approx(0.75))
        assert sum(w.win_all) == pytest.approx(1.0)
        assert w.interval()[0] <= w.kept <= w.interval()[1]


def test_a_weighed_reply_says_whose_answer_was_searched_and_how_much_the_reading_counts():
    """The words of a reply weighed by the reading: the answer searched is what the player would play as the
    advisor's own players, by the reading's chance of that; the chance counts the styles read for the rest."""
    from pennypress.engine.advisor.replies import reply_words
    from pennypress.engine.advisor.result import Reply
    from pennypress.engine.game.words import move_words

    plain = Reply("pass", 1, 0.41, (0.35, 0.47), 300, True)
    weighed = replace(plain, read=0.7)
    assert reply_words(plain, 0) == f"The Sun's likely answer: {move_words('pass')}; then your chance to win is about 41%"
    said = reply_words(weighed, 0)
    assert said.startswith("The Sun's likely answer, if it plays as the advisor's own players would (30% by the "
                           f"table reading): {move_words('pass')};")
    assert said.endswith("counting the styles read for the other 70%, your chance to win is about 41%")
    assert weighed.to_json()["as_read"] == 0.7 and plain.to_json()["as_read"] == 0.0
    certain = reply_words(replace(plain, read=1.0), 0)   # a style taken for certain: the searched answer counts nothing
    assert "the table reading gives that no chance" in certain and certain.endswith("about 41%")
    assert reply_words(replace(plain, player=0, read=0.7), 0).startswith("Your likely answer: ")   # never one's own


def test_a_table_whose_styles_play_their_own_final_edition_says_so(core):
    """The table's words end with the sentence that the styles read play the final edition as themselves -- only
    when some seat plays a style (with no move read nobody does) and the option is on."""
    from pennypress.engine.arena.table_reading import OWN_ENDS, ReadingSettings, SeatReading, TableReading

    style = ReadingSettings().styles[0]
    read = (SeatReading(1, 4, {"unknown": 0.2, style: 0.8}, {"unknown": 1, style: 4}),
            SeatReading(2, 0, {"unknown": 0.5, style: 0.5}, {}))
    on = opponent_table(TableReading(0, read, ReadingSettings(), 3), 3)
    assert on.own_ends_played and on.words == (read[0].words(), read[1].words(), OWN_ENDS)
    off = opponent_table(TableReading(0, read, ReadingSettings(own_ends=False), 3), 3)
    assert off.words == on.words[:2]
    unread = opponent_table(TableReading(0, (replace(read[0], moves=0, fits={}), read[1]), ReadingSettings(), 3), 3)
    assert not unread.own_ends_played and OWN_ENDS not in unread.words
    # at a table of 4 nobody's final edition is solved exactly: every seat plays it by its own bot already
    four = opponent_table(TableReading(0, (*read, SeatReading(3, 4, {style: 1.0}, {style: 4})), ReadingSettings(),
                                       4), 4)
    assert four.own_ends and not four.own_ends_played and OWN_ENDS not in four.words
    assert SearchSettings(table=four, exact_end=True).exact_end_on("native", 4)


def test_a_calibration_maps_back_to_the_raw_share():
    from pennypress.engine.advisor.calibration import CALIBRATION

    for p in (0.0, 0.03, 0.4, 0.77, 1.0):
        assert CALIBRATION.raw(CALIBRATION(p)) == pytest.approx(p)
    shown = CALIBRATION.everyone((0.5, 0.3, 0.2), 1)
    assert CALIBRATION.raw_everyone(shown, 1) == pytest.approx((0.5, 0.3, 0.2))


@pytest.fixture(scope="module")
def near_the_end():
    """The positions of a seeded 3-player game played by a small advisor, from the tenth decision before the final
    edition on: where the playouts reach the final edition."""
    import random

    from pennypress.engine import new_game, public_view
    from pennypress.engine.advisor.search import is_deterministic

    s, rng, seen = new_game(3, seed=101), random.Random(1), []
    while not s.is_over:
        if s.is_chance_node():
            s.play(rng.choice(s.legal_moves()), rng)
            continue
        view = public_view(s)
        if is_deterministic(view):
            break
        seen.append(view)
        best = advise(view, SearchSettings.for_budget(playouts=60, seed=1, workers=1), reasons_top=0, lines=False)
        s.play(next(m for m in s.legal_moves() if str(m) == best.best.move), rng)
    return seen[-10:]


def test_with_own_ends_the_styles_play_their_final_edition_and_the_rest_the_exact_searchs(core, near_the_end):
    """``own_ends``: the playouts' final edition is not solved for every seat; the player advised plays it by the
    exact search's move, decision by decision, and each opponent as the style read -- the same figures as a table
    that seats the player advised explicitly as its playout player wrapped in the exact final edition -- and near
    the end that changes the advice."""
    from pennypress.engine.advisor.policy import core_policy
    from pennypress.engine.arena.native_games import seat_policy
    from pennypress.engine.native.search import exact_final_policy

    style = seat_policy("heuristic")
    changed = 0
    for view in near_the_end:
        me = view.current
        theirs = tuple(() if p == me else ((1.0, style),) for p in range(3))
        own_ends = OpponentTable(theirs, own_ends=True)
        settings = SearchSettings.for_budget(playouts=120, seed=5, workers=1, table=own_ends)
        assert settings.exact_end_on("native", 3) is False
        base = core_policy(settings.policy_for(3), settings.value_model, None, False)
        explicit = OpponentTable(tuple(((1.0, exact_final_policy(base)),) if p == me else ((1.0, style),)
                                       for p in range(3)))
        figures = _figures(advise(view, settings, reasons_top=0, lines=False))
        assert figures == _figures(advise(view, replace(settings, table=explicit, exact_end=False), reasons_top=0,
                                          lines=False))
        solved = replace(settings, table=OpponentTable(theirs))
        changed += figures != _figures(advise(view, solved, reasons_top=0, lines=False))
    assert changed >= 2
    with pytest.raises(BadInput, match="own_ends"):
        SearchSettings(table=replace(own_ends, seats=theirs), exact_end=True)
    # a table of nothing but the search's own players plays as no table does, own_ends or not
    nobody = OpponentTable(((), ((1.0, None),), ((0.6, None),)), own_ends=True)
    assert not nobody.own_ends_played and SearchSettings(table=nobody, exact_end=True).exact_end_on("native", 3)
    view = near_the_end[-1]
    assert _figures(advise(view, "fast", seed=3, table=nobody, workers=1)) == _figures(advise(view, "fast", seed=3,
                                                                                              workers=1))
