"""``benchmarks/strength/advisor.py``: its cells are the issue's, bad arguments are refused, a small run gives the
same row on one and two workers, and the league's bots play the same games on the core."""
from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest

from benchmarks.strength import advisor as bs
from pennypress.engine.arena import seats
from pennypress.engine.arena.seats import make_bot

pytestmark = pytest.mark.xdist_group("bench-strength")
"""pytest-xdist's ``--dist loadgroup`` runs the tests that compare with the plain run on one worker, so that
it is played once."""


@pytest.fixture(autouse=True)
def _seats_restored():
    """The script registers seats (``--league-on-core``); other tests see the project's seats only."""
    saved = dict(seats.SEATS)
    yield
    seats.SEATS.clear()
    seats.SEATS.update(saved)


SEARCH_CAP = 40
"""``--search-cap`` of the runs here: they check the harness's plumbing (its cells, seeds, workers, files and
variants), which plays the same code with every search of the advisors capped at a few dozen playouts (the
second ply still opened), not how strongly the advisors play."""

PLAIN = ["--cells", "heuristic2", "--games", "6", "--seed", "8", "--workers", "1", "--league-on-core",
         "--search-cap", str(SEARCH_CAP)]
"""The run the variants are compared with: six head-to-head games against the heuristic bot, the advisors'
searches capped (:data:`SEARCH_CAP`) and otherwise as shipped."""


@pytest.fixture(scope="module")
def plain_run(tmp_path_factory) -> tuple[Path, str]:
    """:data:`PLAIN` played once, for the tests that compare a variant's games or another worker count's row with
    it: its results file and the row it printed (the seats it registers put back afterwards, as
    ``_seats_restored`` does for each test)."""
    saved = dict(seats.SEATS)
    out = tmp_path_factory.mktemp("plain") / "plain.jsonl"
    printed = io.StringIO()
    with redirect_stdout(printed):
        assert bs.main([*PLAIN, "--results", str(out)]) == 0
    seats.SEATS.clear()
    seats.SEATS.update(saved)
    return out, printed.getvalue().strip().splitlines()[-1]


@pytest.fixture(scope="module")
def plain(plain_run) -> Path:
    """The results file of :data:`PLAIN`."""
    return plain_run[0]


def test_every_league_opponent_has_a_three_player_and_a_head_to_head_cell():
    for opponent in ("evaluator", "timer", "mcts", "heuristic"):
        assert bs.CELLS[f"{opponent}3"] == f"advisor:fast,{opponent},{opponent}"
        assert bs.CELLS[f"{opponent}2"] == f"advisor:fast,{opponent}"
    assert bs.CELLS["normal3"].split(",") == ["advisor:normal", "advisor:fast", "advisor:fast"]


@pytest.mark.parametrize("argv, message", [
    (["--cells", "evaluator3,bogus"], "unknown cell(s) bogus"),
    (["--games", "7"], "--games must be a positive multiple of 6, got 7"),
    (["--leaf", "0"], "--leaf '0': a depth is a whole number of moves, from 1 to 3000"),
    (["--leaf", "99999999999"], "a depth is a whole number of moves, from 1 to 3000"),
    (["--leaf", "normal=6,quick=4"], "--leaf 'normal=6,quick=4': expected D or BUDGET=D"),
    (["--leaf", "normal=6,normal=4"], "each of fast, normal, deep at most once"),
    (["--leaf", "normal=x"], "a depth is a whole number of moves"),
    (["--second-ply", "normal=0"], "--second-ply 'normal=0': replies: expected a whole number of moves from 1 to 16"),
    (["--second-ply", "normal=17"], "from 1 to 16, got 17"),
    (["--second-ply", "normal"], "--second-ply 'normal': a second ply opens a whole number of moves, got 'normal'"),
    (["--second-ply", "quick=3"], "expected K or BUDGET=K, each of fast, normal, deep at most once"),
    (["--second-ply", "normal=2,normal=3"], "each of fast, normal, deep at most once"),
    (["--reply-as", "normal=quick"], "--reply-as 'normal=quick': expected BUDGET=NAME, each of fast, normal, deep "
                                     "at most once and NAME one of fast, normal, deep"),
    (["--reply-as", "normal"], "expected BUDGET=NAME"),
    (["--reply-as", "normal=fast,normal=deep"], "each of fast, normal, deep at most once"),
    (["--search-cap", "0"], "--search-cap: a cap is a whole number of playouts of at least 1, got '0'"),
    (["--search-cap", "-5"], "a cap is a whole number of playouts of at least 1, got '-5'"),
    (["--search-cap", "1.5"], "a cap is a whole number of playouts of at least 1, got '1.5'"),
    (["--search-cap", "many"], "a cap is a whole number of playouts of at least 1, got 'many'"),
])
def test_bad_arguments_exit_2_naming_the_problem(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        bs.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_a_small_run_gives_the_same_row_on_one_and_two_workers(core, plain_run, tmp_path, capsys):
    """:data:`PLAIN`, on one worker, played again on two worker processes: the same row, and the same games
    (in the order they finish) -- the workers seat the advisors the run registered, search cap and all."""
    out = tmp_path / "two.jsonl"
    rows = [plain_run[1]]
    assert bs.main([*PLAIN, "--workers", "2", "--results", str(out)]) == 0  # argparse keeps the later --workers
    rows.append(capsys.readouterr().out.strip().splitlines()[-1])
    games = [sorted(_games(path), key=lambda g: (g["deck_seed"], g["rotation"])) for path in (plain_run[0], out)]
    assert games[0] == games[1] and len(games[1]) == 6
    rows = [r.rsplit("|", 2)[0] for r in rows]  # all but the time it took
    assert rows[0] == rows[1]
    cells = [c.strip() for c in rows[0].split("|")]
    assert cells[1] == "`advisor:fast,heuristic`" and cells[2] == "6"
    share = float(re.match(r"\*\*([\d.]+)%\*\*", cells[3]).group(1))
    assert share in {round(100 * k / 12, 1) for k in range(13)}  # wins and half wins of 6 games


@pytest.mark.slow
def test_the_league_on_the_core_plays_the_python_league_bots_games(core):
    """``--league-on-core``: the core's evaluator, timer and MCTS bot, asked through the Python game loop, play
    the very games the Python bots play (the seats keep their names; their memory lasts the game)."""
    from pennypress.engine.arena.tournament import TournamentSpec, run_tournament
    from pennypress.engine.play.league.mcts import MctsSettings

    # records on: the Python game loop plays every seat (the core plays whole games only without them);
    # a short MCTS search on both sides, so the Python bot's games take a second
    spec = TournamentSpec.create(3, "evaluator,mcts,timer", 3, seed=11, records=True)
    fast = MctsSettings(iterations=30)
    games = {}
    for on_core in (False, True):
        if on_core:
            bs.register(league_on_core=True)
            seats.register_seat("mcts", lambda seed=0: bs.CoreLeagueBot(bs.MctsBot(seed, fast), seed))
        else:
            seats.register_seat("mcts", lambda seed=0: bs.MctsBot(seed, fast))
        played = []
        report = run_tournament(spec, on_result=played.append)
        assert report["timing"]["engine"] == "python"
        games[on_core] = [{k: r[k] for k in ("game", "scores", "winners", "moves")} for r in played]
    assert games[True] == games[False] and len(games[True]) == 3
    assert isinstance(make_bot("timer"), bs.CoreLeagueBot) and make_bot("evaluator", seed=2).name == "evaluator"


def test_the_league_on_the_core_needs_the_core(monkeypatch, capsys):
    monkeypatch.setattr(bs.native, "available", lambda: False)
    with pytest.raises(SystemExit) as exit_:
        bs.main(["--cells", "mcts3", "--games", "6", "--league-on-core"])
    assert exit_.value.code == 2 and "--league-on-core needs the native core" in capsys.readouterr().err


def _games(path) -> list[dict]:
    import json

    return [{k: g[k] for k in ("deck_seed", "rotation", "seats", "winners", "scores")}
            for g in map(json.loads, path.read_text(encoding="utf-8").splitlines())]


@pytest.mark.slow
def test_a_value_model_file_plays_as_its_model_the_shipped_one_as_the_shipped(core, plain, tmp_path, capsys):
    """``--value-model``: the shipped file gives the very games of a run without it; another model's
    advisor plays otherwise in some of them. ``paired_games`` pairs the runs' results game by game."""
    import json
    from pathlib import Path

    from benchmarks.strength import paired_games
    from benchmarks.training.tune_value import shipped_document

    shipped = tmp_path / "shipped.json"
    shipped.write_text(json.dumps(shipped_document()), encoding="utf-8")
    other = Path(__file__).resolve().parents[2] / "benchmarks" / "training" / "value_model_exact_final.json"
    runs = {"plain": plain}
    for name, extra in (("shipped", ["--value-model", str(shipped)]), ("other", ["--value-model", str(other)])):
        out = tmp_path / f"{name}.jsonl"
        assert bs.main([*PLAIN, "--results", str(out), *extra]) == 0
        runs[name] = out
    capsys.readouterr()
    assert _games(runs["plain"]) == _games(runs["shipped"]) and len(_games(runs["plain"])) == 6
    assert _games(runs["plain"]) != _games(runs["other"])
    assert paired_games.main([str(runs["plain"]), str(runs["shipped"]), "--json"]) == 0
    same = json.loads(capsys.readouterr().out)
    assert same["differ"] == 0 and same["difference"] == 0 and same["games"] == 6
    # a game whose winner changes: one game differs, by that game's share over the six
    lines = runs["plain"].read_text(encoding="utf-8").splitlines()
    game = json.loads(lines[1])
    mine = game["seats"].index("advisor:fast")
    before = 1 / len(game["winners"]) if mine in game["winners"] else 0.0
    game["winners"] = [1 - mine]
    lines[1] = json.dumps(game)
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert paired_games.main([str(runs["plain"]), str(changed), "--json"]) == 0
    moved = json.loads(capsys.readouterr().out)
    assert moved["differ"] == (before != 0) and moved["games"] == 6
    assert moved["difference"] == pytest.approx(-before / 6) == pytest.approx(moved["second"] - moved["first"])


@pytest.mark.slow
def test_a_leaf_depth_seats_advisors_whose_playouts_stop_there(core, plain, tmp_path, capsys):
    """``--leaf D``: the shipped depth gives the very games of a run without it; another depth's advisors
    search with playouts of that depth (and the shipped model) and play otherwise in some games."""
    from pennypress.engine.advisor.policy import SEARCH_LEAF

    runs = {"plain": _games(plain)}
    for name, extra in (("shipped", ["--leaf", str(SEARCH_LEAF.depth)]), ("deeper", ["--leaf", str(SEARCH_LEAF.depth + 3)])):
        out = tmp_path / f"{name}.jsonl"
        assert bs.main([*PLAIN, "--results", str(out), *extra]) == 0
        runs[name] = _games(out)
    capsys.readouterr()
    seated = make_bot("advisor:fast", seed=3).leaf
    assert (seated.depth, seated.model) == (SEARCH_LEAF.depth + 3, SEARCH_LEAF.model)
    assert runs["plain"] == runs["shipped"] and len(runs["plain"]) == 6
    assert runs["plain"] != runs["deeper"]


def test_a_budgets_leaf_depth_reaches_only_that_budgets_advisors():
    """``--leaf normal=6``: the normal advisors search deeper, the fast ones as shipped (time buys depth)."""
    from pennypress.engine.advisor.policy import SEARCH_LEAF

    assert bs.leaf_depths("5") == {"fast": 5, "normal": 5, "deep": 5}
    bs.register(depths=bs.leaf_depths("normal=6,deep=9"))
    assert [make_bot(f"advisor:{b}").leaf.depth for b in ("fast", "normal", "deep")] == [SEARCH_LEAF.depth, 6, 9]
    assert make_bot("advisor:normal").leaf.model is SEARCH_LEAF.model


def test_a_second_ply_seats_only_that_budgets_advisors_with_fast_analyses():
    """``--second-ply deep=3``: the deep advisors play fast's analysis and a second ply over 3 moves, each reply a
    fast search; the others play as shipped -- and ``normal=3`` is the shipped normal budget itself."""
    from pennypress.engine.advisor.budget import BUDGETS

    bs.register(plies=bs.second_plies("deep=3"))
    fast, normal, deep = (make_bot(f"advisor:{b}", seed=2) for b in ("fast", "normal", "deep"))
    assert (fast.budget, normal.budget) == ("fast", "normal")
    assert deep.name == "advisor:deep" and deep.budget == replace(BUDGETS["normal"], name="deep")
    bs.register(plies=bs.second_plies("normal=3"))
    assert make_bot("advisor:normal").budget == BUDGETS["normal"]
    assert bs.second_plies("fast=1,deep=16") == {"fast": 1, "deep": 16}
    assert bs.second_plies("2") == {"fast": 2, "normal": 2, "deep": 2}


def test_reply_as_seats_only_that_budgets_advisors_answering_with_the_whole_named_search():
    """``--reply-as normal=fast``: the normal advisors' second ply answers each opened move by a whole fast
    search, its own second ply included; the other advisors play as shipped; a cap holds the inner replies too."""
    from pennypress.engine.advisor.budget import BUDGETS

    bs.register(reply_as=bs.reply_budgets("normal=fast"))
    fast, normal, deep = (make_bot(f"advisor:{b}", seed=2) for b in ("fast", "normal", "deep"))
    assert (fast.budget, deep.budget) == ("fast", "deep")
    assert normal.name == "advisor:normal" and normal.budget == replace(BUDGETS["normal"], reply_budget=BUDGETS["fast"])
    assert normal.budget.reply_plan().reply_plan() == BUDGETS["fast"].reply_plan()
    bs.register(reply_as=bs.reply_budgets("normal=fast"), cap=7)
    small = make_bot("advisor:normal").budget
    assert (small.cap, small.reply_plan().cap, small.reply_plan().reply_plan().cap) == (7, 7, 7)


def test_a_search_cap_holds_each_search_to_it_and_keeps_the_second_ply():
    """:func:`~benchmarks.strength.advisor.capped`: every cap of a budget (its analysis on either engine, each
    reply's in its second ply) at most the cap, the rest of the budget -- its name, the moves its second ply
    opens -- unchanged; a cap above a budget's own changes none of its caps; no cap is the budget itself."""
    from pennypress.engine.advisor.budget import BUDGETS

    for budget in BUDGETS.values():
        assert bs.capped(budget, None) is budget
        small = bs.capped(budget, 7)
        assert (small.name, small.replies, small.fixed) == (budget.name, budget.replies, False)
        assert (small.cap, small.python_cap) == (min(budget.cap, 7), min(budget.python_cap, 7)) == (7, 7)
        plan, reply = budget.reply_plan(), small.reply_plan()
        assert (reply.name, reply.replies) == (plan.name, 0)
        assert (reply.cap, reply.python_cap) == (min(plan.cap, 7), min(plan.python_cap, 7))
        large = bs.capped(budget, budget.cap + plan.cap)
        assert (large.cap, large.python_cap, large.replies) == (budget.cap, budget.python_cap, budget.replies)
        assert large.reply_plan() == plan
    assert bs.search_cap("40") == 40


def test_a_search_cap_reaches_every_advisor_seat_and_each_of_its_searches(core, monkeypatch):
    """``--search-cap N`` (``register(cap=N)``): the advisor seats of every budget, with or without another
    option, and the release and previous seats search with their budgets capped; a decision's analysis and
    each reply's search in its second ply run with a cap of at most N playouts and spend no more than their
    sequential halving plans for it (every move once a round, when the moves outnumber the cap), and the
    second ply still opens its moves."""
    from pennypress.engine import new_game
    from pennypress.engine.advisor import bot as advisor_bot, replies
    from pennypress.engine.advisor.budget import ANALYSIS, BUDGETS
    from pennypress.engine.advisor.search import halving_schedule
    from pennypress.engine.io.state import public_view
    from pennypress.engine.rules.actions import legal_moves

    bs.register(cap=SEARCH_CAP)
    for budget in bs.ADVISOR_BUDGETS:
        seated = make_bot(f"advisor:{budget}", seed=2)
        assert (seated.name, seated.budget) == (f"advisor:{budget}", bs.capped(BUDGETS[budget], SEARCH_CAP))
    for name in ("release:fast", "previous:fast"):
        assert make_bot(name).budget == bs.capped(replace(ANALYSIS, name="fast"), SEARCH_CAP)
    assert make_bot("release:fast").exact_end is False
    bs.register(plies=bs.second_plies("deep=2"), depths=bs.leaf_depths("6"), cap=SEARCH_CAP)
    deep = make_bot("advisor:deep")
    assert deep.leaf.depth == 6 and deep.budget == bs.capped(
        replace(BUDGETS["fast"], name="deep", replies=2, reply_budget=ANALYSIS), SEARCH_CAP)
    bs.register(cap=SEARCH_CAP)
    searched = []  # (which search, its cap, the playouts it spent, the most its halving plans for that cap)

    def planned(kind: str, view, settings, engine: str, spent: int) -> None:
        cap = settings.budget.cap_for(engine)
        plan = halving_schedule(len(legal_moves(public_view(view))), cap)
        most = sum(moves * (to - had) for (moves, to), (_, had) in zip(plan, [(0, 0), *plan]))
        searched.append((kind, cap, spent, most))

    def analysis(view, settings, _real=advisor_bot.analyse, **kw):
        advice = _real(view, settings, **kw)
        planned("analysis", view, settings, advice.engine, advice.playouts)
        return advice

    def reply(view, settings, _real=replies.first_move, **kw):  # a reply's search reads its first move alone
        found = _real(view, settings, **kw)
        if not found.exact:
            planned("reply", view, settings, "native", found.playouts)
        return found

    monkeypatch.setattr(advisor_bot, "analyse", analysis)
    monkeypatch.setattr(replies, "first_move", reply)
    make_bot("advisor:fast", seed=4).choose(public_view(new_game(3, seed=11)))
    kinds = [kind for kind, *_ in searched]
    assert kinds.count("analysis") == 1 and kinds.count("reply") >= BUDGETS["fast"].replies
    assert all(cap <= SEARCH_CAP and 0 < spent <= most for _, cap, spent, most in searched)


def test_a_bad_value_model_file_exits_2_naming_it(tmp_path, capsys):
    bad = tmp_path / "m.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        bs.main(["--cells", "evaluator3", "--games", "6", "--value-model", str(bad)])
    assert exit_.value.code == 2
    assert "--value-model:" in capsys.readouterr().err


@pytest.mark.parametrize("line, message", [
    ("not json", ":1: not a game result"),
    ('{"deck_seed": 1, "rotation": 0, "seats": ["evaluator", "timer"], "winners": [0]}',
     "'advisor:fast' does not sit once at the table evaluator,timer"),
])
def test_paired_games_refuses_a_file_that_is_not_results_in_one_line(tmp_path, capsys, line, message):
    from benchmarks.strength import paired_games

    bad = tmp_path / "r.jsonl"
    bad.write_text(line + "\n", encoding="utf-8")
    assert paired_games.main([str(bad), str(bad)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_paired_games_pairs_two_bots_in_the_same_seat(tmp_path, capsys):
    """``--second-seat``: the second file seats another bot where the first seated ``--seat`` (the same deals and
    opponents); the shares are each bot's own, paired game by game."""
    import json

    from benchmarks.strength import paired_games

    def run(name: str, seat: str, wins: list[bool]) -> str:
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps({"deck_seed": 10 + g, "rotation": g % 2,
                                            "seats": [seat, "evaluator"] if g % 2 == 0 else ["evaluator", seat],
                                            "winners": [g % 2] if won else [1 - g % 2]}) + "\n"
                                for g, won in enumerate(wins)), encoding="utf-8")
        return str(path)

    fast = run("fast", "advisor:fast", [True, False, False, True])
    normal = run("normal", "advisor:normal", [True, True, False, True])
    assert paired_games.main([fast, normal, "--second-seat", "advisor:normal", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert (r["games"], r["first"], r["second"], r["differ"]) == (4, 0.5, 0.75, 1)
    assert paired_games.main([fast, normal]) == 2  # without it: advisor:fast is not at the second file's tables
    assert "'advisor:fast' does not sit once" in capsys.readouterr().err


@pytest.mark.slow
def test_the_release_seat_is_fast_with_the_bots_playing_the_final_edition(core, monkeypatch, tmp_path, capsys):
    """``release:fast`` searches as ``previous:fast`` (the analysis alone, fast before it weighed the reply) does
    except that its playouts leave the final edition to the playout bots (``exact_end=False``); ``release2``
    seats it head to head against ``advisor:fast``, ``previous2`` the previous fast."""
    import json

    from pennypress.engine.advisor import bot as advisor_bot
    from pennypress.engine.advisor.budget import ANALYSIS
    from pennypress.engine.advisor.settings import SearchSettings

    assert bs.CELLS["release2"] == "advisor:fast,release:fast"
    assert bs.CELLS["release-heuristic3"] == "release:fast,heuristic,heuristic"
    assert bs.CELLS["previous2"] == "advisor:fast,previous:fast"
    bs.register()
    release, fast = make_bot("release:fast", seed=4), make_bot("previous:fast", seed=4)
    assert (release.name, fast.name) == ("release:fast", "previous:fast")
    seen = {}
    real = advisor_bot.analyse
    from pennypress.engine import new_game
    from pennypress.engine.io.state import public_view
    view = public_view(new_game(2, seed=11))
    for who, bot in (("release", release), ("fast", fast)):
        def spy(v, settings, _who=who, **kw):
            seen.setdefault(_who, []).append(settings)
            return real(v, settings, **kw)
        monkeypatch.setattr(advisor_bot, "analyse", spy)
        bot.choose(view)
    assert [s.exact_end for s in seen["release"]] == [False] and [s.exact_end for s in seen["fast"]] == [None]
    assert replace(seen["release"][0], exact_end=None) == seen["fast"][0] == SearchSettings.for_budget(
        replace(ANALYSIS, name="fast"), seed=seen["fast"][0].seed, workers=1)
    assert seen["fast"][0].budget.reply_plan() is None  # the analysis alone
    out = tmp_path / "release.jsonl"
    assert bs.main(["--cells", "release2", "--games", "6", "--seed", "8", "--workers", "1", "--results", str(out),
                    "--search-cap", str(SEARCH_CAP)]) == 0
    games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 6 and all(sorted(g["seats"]) == ["advisor:fast", "release:fast"] for g in games)
    assert "advisor:fast,release:fast" in capsys.readouterr().out


@pytest.mark.slow
def test_a_move_policy_file_seats_advisors_whose_playouts_play_it(core, plain, tmp_path, capsys):
    """``--move-policy``: advisors whose playouts seat that policy's softmax bot play otherwise than the shipped
    advisors on the same games; a file that is not a move policy, or one for another table, exits 2."""
    from pennypress.engine.advisor.move_policy import from_value_model
    from pennypress.engine.advisor.value import MODEL

    two = tmp_path / "two.json"
    two.write_text(from_value_model(MODEL, 2).to_json(), encoding="utf-8")
    runs = {"plain": _games(plain)}
    out = tmp_path / "softmax.jsonl"
    assert bs.main([*PLAIN, "--results", str(out), "--move-policy", str(two)]) == 0
    runs["softmax"] = _games(out)
    capsys.readouterr()
    assert len(runs["plain"]) == 6 and runs["plain"] != runs["softmax"]
    assert make_bot("advisor:fast").mover == from_value_model(MODEL, 2)
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    for path, cells, message in ((bad, "heuristic2", "not a move-policy document"),
                                 (two, "heuristic3", "is for tables of 2; the cells heuristic3 seat 3")):
        with pytest.raises(SystemExit) as exit_:
            bs.main(["--cells", cells, "--games", "6", "--move-policy", str(path)])
        assert exit_.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.slow
def test_exact_seats_seats_advisors_whose_playouts_play_the_final_edition_seat_by_seat(core, monkeypatch, tmp_path,
                                                                                       capsys):
    """``--exact-seats``: the advisors search with ``exact_seats`` on (so ``exact_end`` off), everything else as
    the shipped advisors (the release seat unchanged); what that changes in a playout is proven in
    ``test_core_playouts.py``."""
    from pennypress.engine import new_game
    from pennypress.engine.advisor import bot as advisor_bot
    from pennypress.engine.advisor.budget import ANALYSIS, BUDGETS
    from pennypress.engine.io.state import public_view

    out = tmp_path / "seats.jsonl"
    assert bs.main([*PLAIN, "--results", str(out), "--exact-seats"]) == 0
    assert "advisor:fast,heuristic" in capsys.readouterr().out and len(_games(out)) == 6
    seen = []
    real = advisor_bot.analyse
    monkeypatch.setattr(advisor_bot, "analyse", lambda v, settings, **kw: (seen.append(settings),
                                                                           real(v, settings, **kw))[1])
    view = public_view(new_game(2, seed=11))
    make_bot("advisor:fast", seed=4).choose(view)
    make_bot("release:fast", seed=4).choose(view)
    assert [(s.exact_end_on("native", 2), s.exact_seats) for s in seen] == [(False, True), (False, False)]
    # the release seat is the analysis alone (fast before it weighed the reply), both capped as the run's; the
    # rest is the same
    assert seen[0].budget == bs.capped(BUDGETS["fast"], SEARCH_CAP)
    assert seen[1].budget == bs.capped(replace(ANALYSIS, name="fast"), SEARCH_CAP)
    assert replace(seen[0], exact_end=None, exact_seats=False, budget=seen[1].budget) == replace(seen[1], exact_end=None)
