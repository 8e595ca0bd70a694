"""The answer with a second ply (``engine/advisor/answer.py``): the move ranked first is the move the advisor plays,
every figure is measured against it on the analysis's own playouts, each opened move carries the reply it meets,
and a stop, a fixed count or the final edition give the analysis alone."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from pennypress.engine import Phase, new_game, public_view
from pennypress.engine.advisor import BUDGETS, advise, analyse
from pennypress.engine.advisor.bot import AdvisorBot, decision_seed
from pennypress.engine.advisor.budget import QUICK_REPLY, budget_for
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.replies import second_ply
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.arena.tournament import TournamentSpec, play_planned
from pennypress.engine.rules.actions import legal_moves
from tests.cli_helpers import run_process

ROOT = Path(__file__).resolve().parents[2]
REPLY = budget_for(playouts=48)
PLAN = replace(budget_for(playouts=96), replies=3, reply_budget=REPLY)
"""A small budget with a second ply: 96 playouts of analysis, 3 moves opened, each reply 48 playouts."""


def _settings(seed: int = 3, plan=PLAN, **fields) -> SearchSettings:
    return SearchSettings.for_budget(plan, seed=seed, workers=1, **fields)


def _position(seed: int):
    """A seeded 3-player position of normal play after a few random moves."""
    s, rng = new_game(3, seed=seed), random.Random(seed)
    while True:
        s.play(rng.choice(s.legal_moves()), rng)
        if s.phase is Phase.NORMAL and s.ply > 6 and len(s.legal_moves()) > 5:
            return s


def _reranked(limit: int = 40, plan=PLAN, **fields):
    """The first seeded position whose answer puts another move first than the analysis alone."""
    for seed in range(limit):
        view = public_view(_position(seed))
        answer = advise(view, _settings(seed, plan, **fields), reasons_top=3)
        if answer.reranked:
            return view, seed, answer
    raise AssertionError("no position in range where the second ply changes the first move")


def test_the_answer_is_ranked_in_the_second_plys_order_and_names_what_the_player_plays():
    view, seed, answer = _reranked()
    settings = _settings(seed)
    alone = analyse(view, settings, reasons_top=0)
    ply = second_ply(view, alone, settings, 3, REPLY)
    k = len(ply.opened)
    assert answer.ranking()[:k] == list(ply.order[:k]) and answer.best.move == ply.move != alone.best.move
    assert sorted(answer.ranking()) == sorted(ply.order)
    rest = [m.win_probability for m in answer.moves[k:] if m.was_searched]
    assert rest == sorted(rest, reverse=True)  # the moves not weighed: in the order of the figure they show
    assert answer.second_ply.analysis_first == alone.best.move and answer.second_ply.opened == len(ply.opened)
    assert answer.playouts == alone.playouts + sum(o.playouts for o in ply.opened)
    bot = AdvisorBot(seed=0, budget=PLAN)
    seeded = replace(settings, seed=decision_seed(0, view.ply))
    assert str(bot.choose(view)) == advise(view, seeded, reasons_top=0).best.move  # "best" is what it plays
    opened = {o.move: o for o in ply.opened}
    for row in answer.moves:
        if row.move in opened:
            o = opened[row.move]
            assert (row.reply.move, row.reply.player, row.reply.playouts) == (o.reply, o.player, o.playouts)
            assert row.reply.win_probability == pytest.approx(settings.calibration(o.kept))
        else:
            assert row.reply is None
    assert not answer.converged  # the first move is not the one the analysis separated


def test_first_sight_figures_are_measured_against_the_new_first_move_on_the_same_playouts():
    """With raw shares (no calibration), the analysis leader's paired loss at first sight against the new first
    move is the new first move's paired loss against it in the analysis, negated (enough playouts that no
    interval is cut at the ends of the range of a chance)."""
    plan = replace(budget_for(playouts=2000), replies=3, reply_budget=REPLY)
    view, seed, answer = _reranked(plan=plan, calibration=IDENTITY)
    alone = analyse(view, _settings(seed, plan, calibration=IDENTITY), reasons_top=0)
    first, leader = answer.best, answer.find(alone.best.move)
    before = alone.find(first.move)
    assert (first.rank, first.loss, first.loss_interval, first.equal_to_best) == (1, 0.0, (0.0, 0.0), True)
    assert first.first_sight.loss == 0.0 and first.first_sight.loss_interval == (0.0, 0.0)  # the new reference
    sight = leader.first_sight
    assert leader.rank > 1 and leader.paired_playouts == before.paired_playouts >= 30
    assert sight.loss_interval == pytest.approx((-before.loss_interval[1], -before.loss_interval[0]))
    assert sight.loss == pytest.approx(max(0.0, -sum(before.loss_interval) / 2))
    assert [m.rank for m in answer.moves] == list(range(1, len(answer.moves) + 1))
    assert all(m.loss >= 0 for m in answer.moves if m.loss is not None)
    said = " ".join(first.reasons)
    assert "looked at least as good" in said and "likely answer" in said


def test_the_weighed_moves_show_the_figure_they_are_ranked_by():
    """Each weighed move's chance is what it keeps after the answer, its loss the first move's chance less it
    (independent searches: the interval unpaired, around the loss); the weighed moves come first, in the
    order of that chance; the rest keep the analysis's figures, after them."""
    view, seed, answer = _reranked(calibration=IDENTITY)
    weighed = [m for m in answer.moves if m.weighed]
    assert len(weighed) == 3 and answer.moves[:3] == tuple(weighed)
    assert all(not m.weighed and m.reply is None for m in answer.moves[3:])
    chances = [m.win_probability for m in weighed]
    assert chances == sorted(chances, reverse=True)
    rest = [m.win_probability for m in answer.moves[3:] if m.was_searched]
    assert rest == sorted(rest, reverse=True)
    for m in weighed:
        assert m.win_probability == m.reply.win_probability
        assert m.loss == pytest.approx(chances[0] - m.win_probability, abs=1e-12)
        low, high = m.loss_interval
        assert low <= m.loss <= high and m.equal_to_best == (low <= 0)
        assert m.win_interval == m.reply.win_interval and m.first_sight.win_probability != m.win_probability
    doc = answer.to_json()["moves"]
    assert doc[1]["first_sight"]["win_probability"] == round(weighed[1].first_sight.win_probability, 4)
    assert doc[3]["first_sight"] is None


def test_the_answer_to_json_says_the_second_ply_and_each_reply():
    view, seed, answer = _reranked()
    doc = json.loads(json.dumps(answer.to_json()))
    assert doc["second_ply"] == {"candidates": 3, "reply_budget": "48 playouts", "opened": answer.second_ply.opened,
                                 "playouts": answer.second_ply.playouts, "analysis_first": answer.second_ply.analysis_first,
                                 "changed": True}
    opened = [m for m in doc["moves"] if m["reply"] is not None]
    assert len(opened) == answer.second_ply.opened
    moves = {str(m): m for m in legal_moves(view)}
    for m in opened:
        after = view.clone()
        after.apply(moves[m["move"]])
        assert m["reply"]["move"] in {str(x) for x in legal_moves(after)} and m["reply"]["player"] == after.current
        low, high = m["reply"]["win_interval"]
        assert low <= m["reply"]["win_probability"] <= high
    assert advise(view, SearchSettings.for_budget(playouts=96, seed=seed, workers=1)).to_json()["second_ply"] is None


def test_a_stop_during_the_second_ply_gives_the_analysis_alone():
    view, seed, _ = _reranked()
    settings = _settings(seed)
    alone = analyse(view, settings, reasons_top=0)
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))

    asked = []

    def stop() -> bool:  # lets the analysis finish, then stops in the first reply's search
        asked.append(1)
        return bool(seen) and seen[-1][0] >= alone.playouts
    answer = advise(view, settings, reasons_top=0, progress=progress, stop=stop)
    assert answer.stopped and answer.second_ply is None and answer.ranking() == alone.ranking()


def test_progress_counts_the_analysis_then_each_reply_and_never_goes_back():
    view, seed, answer = _reranked()
    seen = []
    advise(view, _settings(seed), reasons_top=0, progress=lambda done, total: seen.append((done, total)))
    dones = [d for d, _ in seen]
    assert dones == sorted(dones) and {t for _, t in seen} == {96 + 3 * 48}
    assert dones[-1] == 96 + 48 * answer.second_ply.opened


def test_the_answer_is_the_same_on_two_workers_and_with_the_deck_shuffled():
    view, seed, answer = _reranked()
    state = _position(seed)
    random.Random(9).shuffle(state.deck)
    for other in (advise(view, SearchSettings.for_budget(PLAN, seed=seed, workers=2), reasons_top=3),
                  advise(state, _settings(seed), reasons_top=3)):
        assert other.to_json() == {**answer.to_json(), "seconds": other.to_json()["seconds"]}


def test_a_fixed_count_and_a_time_bound_are_the_analysis_alone(midgame):
    for settings in (SearchSettings.for_budget("normal", playouts=60, seed=1, workers=1),
                     SearchSettings.for_budget("normal", seconds=0.2, seed=1, workers=1)):
        assert advise(midgame, settings, reasons_top=0, lines=False).second_ply is None
    assert BUDGETS["fast"].replies == BUDGETS["normal"].replies == BUDGETS["deep"].replies == 3
    assert BUDGETS["normal"].cap == BUDGETS["fast"].cap  # one analysis; normal's replies are the larger searches
    assert BUDGETS["fast"].reply_plan().cap < BUDGETS["normal"].reply_plan().cap == BUDGETS["fast"].cap


def test_quick_weighs_the_reply_with_a_small_search(midgame):
    """Quick (``fast``) opens its first 3 moves like Thorough, each answered by a search of at most
    ``QUICK_REPLY``'s playouts (a press's cards share them), and says so."""
    answer = advise(midgame, "fast", seed=1, workers=1, reasons_top=0, lines=False)
    ply = answer.second_ply
    assert ply is not None and ply.reply_budget == QUICK_REPLY.name and ply.opened == 3
    weighed = [m for m in answer.moves if m.weighed]
    assert len(weighed) == 3 and all(m.reply.playouts <= QUICK_REPLY.cap for m in weighed)
    assert ply.playouts == sum(m.reply.playouts for m in weighed) and answer.playouts > ply.playouts


def test_the_final_edition_is_exact_and_has_no_second_ply():
    s, rng = new_game(3, seed=5), random.Random(5)
    while s.phase is Phase.NORMAL or s.is_chance_node():
        s.play(rng.choice(s.legal_moves()), rng)
        assert not s.is_over
    answer = advise(s, "normal", seed=0, workers=1, reasons_top=0)
    assert s.phase is Phase.FINAL_TURNS and answer.exact and answer.second_ply is None and all(m.reply is None for m in answer.moves)


@pytest.mark.slow
def test_the_shipped_normal_is_the_player_the_second_ply_games_measured():
    """The shortest game of ``benchmarks/results/strength/games/842004-normal-press-draws.jsonl`` (the games
    behind record 16: the second ply with presses answered after headline draws; any of them would do, the
    shortest is the quickest to play) is played again move for move by the shipped normal against the fast of
    its time (``previous:fast``: the analysis alone, as fast played before it weighed the reply): the same
    seats, scores and length."""
    from benchmarks.strength.advisor import register
    from pennypress.engine.arena.seats import SEATS

    games = ROOT / "benchmarks/results/strength/games/842004-normal-press-draws.jsonl"
    recorded = min(map(json.loads, games.read_text(encoding="utf-8").splitlines()), key=lambda g: g["moves"])
    saved = dict(SEATS)
    try:
        register()  # the previous fast's seat, for this test only: other tests see the project's seats
        spec = TournamentSpec.create(3, "advisor:normal,previous:fast,previous:fast", 600, 842004)
        replayed = play_planned(spec, spec.plans()[recorded["game"]])
    finally:
        SEATS.clear()
        SEATS.update(saved)
    assert sorted(recorded["seats"]) == ["advisor:fast", "advisor:fast", "advisor:normal"]
    assert replayed["seats"] == [s.replace("advisor:fast", "previous:fast") for s in recorded["seats"]]
    assert (replayed["scores"], replayed["winners"], replayed["moves"]) == \
        (recorded["scores"], recorded["winners"], recorded["moves"])


def test_the_command_line_shows_the_second_ply(tmp_path):
    state = _position(2)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    run = run_process("advise", path, "--budget", "normal", "--top", "3", "--text", timeout=300)
    assert run.returncode == 0, run.stderr
    assert "second ply: " in run.stdout and "own answer" in run.stdout


def _late(seed: int):
    """A seeded 3-player position the exact search answers (the final edition with nothing left to draw)."""
    from pennypress.engine.advisor.exact import is_deterministic

    s, rng = new_game(3, seed=seed), random.Random(seed)
    while not s.is_over:
        if is_deterministic(public_view(s)) and len(s.legal_moves()) > 1:
            return s
        s.play(rng.choice(s.legal_moves()), rng)
    return None


def test_first_move_is_the_analysis_first_move_with_its_figures_and_line():
    """``search.first_move`` (what a reply's search in a second ply reads) gives the very move, figures,
    playout count and likely line that ``analyse`` puts first, on searched and on exact positions -- all but
    the why against the other moves, which it does not measure (a second ply reads none)."""
    from pennypress.engine.advisor.search import first_move

    views = [public_view(_position(seed)) for seed in range(4)]
    views += [public_view(s) for s in (_late(seed) for seed in range(40)) if s is not None][:2]
    assert len(views) == 6
    for n, view in enumerate(views):
        settings = SearchSettings.for_budget(QUICK_REPLY, seed=n, workers=1)
        full = analyse(view, settings, reasons_top=0, lines=True)
        first = first_move(view, settings, lines=True)
        assert first.row == replace(full.best, why=()), n
        assert (first.playouts, first.converged, first.exact) == (full.playouts, full.converged, full.exact), n
        assert first.row.line, n  # a line was asked for and given
