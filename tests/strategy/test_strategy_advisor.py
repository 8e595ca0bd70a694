"""``pennypress strategy`` with the advisor at the table, and the run's log.

The advisor's games are played by the Python game loop: for a table without
the advisor that loop writes the very records the core's ``play_games_recorded``
writes; the advisor is handed only the public view and seeds each search from
the game and the ply; the same seed gives the same JSON on one or two worker
processes and with a log resumed after a stop; the findings about its play
follow from its games; a run without the advisor gives the JSON it gave before
the advisor came (the files in ``data/``, written by the command at the commit
before it).
"""
from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest

from pennypress.engine import native
from pennypress.engine.advisor.bot import AdvisorBot, decision_seed
from pennypress.engine.advisor.budget import BUDGETS
from pennypress.engine.arena import seats
from pennypress.engine.arena.seats import seat_seed
from pennypress.engine.io.state import PublicState
from pennypress.engine.strategy import advisor_games
from pennypress.engine.strategy.advisor_games import AdvisorPoint, play_game
from pennypress.engine.strategy.chunk_log import ChunkLog
from pennypress.engine.strategy.games import StrategySpec, play_recorded
from pennypress.engine.strategy.tally import CREDIT
from pennypress.ui.cli import main
from tests.cli_helpers import assert_bad_input, run

DATA = Path(__file__).parent / "data"
ADVISOR_RUN = ["--players", "2", "--games", "4", "--seed", "1", "--bots", "advisor:fast,evaluator"]


def _report(args: list[str]) -> dict:
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["strategy", *args, "--quiet"]) == 0
    return json.loads(buf.getvalue())


def _without_timing(report: dict) -> dict:
    report = dict(report)
    report.pop("timing")
    return report


def _with_hyphens(report: dict) -> dict:
    """``report`` with its claims' minus signs written as the fixtures' code wrote them (a hyphen): the one
    change since, in the words only."""
    return {**report, "findings": [{**f, "claim": f["claim"].replace("\u2212", "-")} for f in report["findings"]]}


SEARCH_CAP = 40
"""The cap, in playouts, of each search of the advisor seated here (:func:`quick_advisor`)."""


@pytest.fixture(scope="module")
def quick_advisor():
    """The advisor seats search with their budgets' caps at :data:`SEARCH_CAP` playouts (its analysis's and
    each reply's in its second ply, which still opens its moves: ``benchmarks.strength.advisor``'s
    ``--search-cap``), the seat otherwise the project's: these tests check how an advisor study is seeded,
    played, logged, resumed and tallied, which a small search plays through as a full one does (the worker
    processes are forked after it, so they seat it too)."""
    from benchmarks.strength.advisor import capped

    def quick(budget: str, seed: int = 0) -> AdvisorBot:
        return AdvisorBot(seed=seed, budget=capped(BUDGETS[budget], SEARCH_CAP))

    patch = pytest.MonkeyPatch()
    patch.setitem(seats.SEATS, "advisor", replace(seats.SEATS["advisor"], factory=quick))
    yield
    patch.undo()


@pytest.fixture(scope="module")
def small_chunks(quick_advisor):
    """Advisor chunks of 2 games, so 4 games make two chunks (the worker processes are forked after it), and
    the quick advisor at the table."""
    if not native.available():
        pytest.skip("the native core is not installed")
    patch = pytest.MonkeyPatch()
    patch.setattr(advisor_games, "ADVISOR_CHUNK", 2)
    yield
    patch.undo()


@pytest.fixture(scope="module")
def advisor_run(small_chunks, tmp_path_factory):
    """The tiny advisor run on one worker, with its log."""
    log = tmp_path_factory.mktemp("log") / "advisor.jsonl"
    report = _report([*ADVISOR_RUN, "--workers", "1", "--log", str(log)])
    return report, log


# ------------------------------------------------------------------ the Python loop's records
@pytest.mark.slow
@pytest.mark.parametrize("players,bots,games,seed,variants", [
    (3, "evaluator,value", 3, 7, ()),
    (2, "heuristic,greedy", 2, 11, ()),
    (4, "evaluator,timer,value", 4, 3, ("newsboy",)),
])
def test_the_python_loop_records_the_cores_games(core, players, bots, games, seed, variants):
    spec = StrategySpec.create(players, games, seed, bots, variants)
    on_core = play_recorded(spec, 0, games, threads=2)
    assert [play_game(spec, g)[0] for g in range(games)] == on_core
    assert all(g.over and g.presses for g in on_core)


def test_the_advisor_searches_the_public_view_seeded_by_game_and_ply(core, quick_advisor, monkeypatch):
    from pennypress.engine.advisor import bot as advisor_bot

    spec = StrategySpec.create(2, 2, 4, "advisor:fast,evaluator")
    real, seen, budgets = advisor_bot.analyse, [], set()

    def spy(view, settings, **kw):
        assert isinstance(view, PublicState) and not view.deck_known and view.deck == sorted(view.deck)
        seen.append((view.current, view.ply, settings.seed))
        budgets.add(settings.budget)
        return real(view, settings, **kw)

    monkeypatch.setattr(advisor_bot, "analyse", spy)
    game, point = play_game(spec, 1, sample=False)
    assert point is None and game.lineup == spec.lineup(1) and seen
    seat = game.lineup.index("advisor:fast")
    assert {player for player, _, _ in seen} == {seat}
    assert all(seed == decision_seed(seat_seed(spec.deck_seed(1), seat), ply) for _, ply, seed in seen)
    assert budgets == {seats.make_bot("advisor:fast").budget}  # the study seats the advisor as tournaments do


# ------------------------------------------------------------------ the same JSON however it runs
@pytest.mark.slow
def test_an_advisor_run_is_the_same_on_two_workers(advisor_run):
    report, _ = advisor_run
    assert report["timing"]["resumed_games"] == 0
    again = _report([*ADVISOR_RUN, "--workers", "2"])
    assert json.dumps(_without_timing(again)) == json.dumps(_without_timing(report))


@pytest.mark.slow
def test_a_stopped_advisor_run_goes_on_from_its_log(advisor_run, tmp_path):
    """The log cut after its first chunk, with half a line where the run stopped: the run plays only the
    second chunk, and the JSON is the one of the whole run."""
    report, log = advisor_run
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 3 and [json.loads(x)["chunk"] for x in lines[1:]] == [0, 1]
    cut = tmp_path / "cut.jsonl"
    cut.write_text(lines[0] + lines[1] + lines[2][:40], encoding="utf-8")
    resumed = _report([*ADVISOR_RUN, "--workers", "1", "--log", str(cut)])
    assert resumed["timing"]["resumed_games"] == 2
    assert json.dumps(_without_timing(resumed)) == json.dumps(_without_timing(report))
    assert cut.read_text(encoding="utf-8") == "".join(lines)  # the half line replaced by the whole chunk
    done = _report([*ADVISOR_RUN, "--workers", "2", "--log", str(cut)])
    assert done["timing"]["resumed_games"] == 4
    assert json.dumps(_without_timing(done)) == json.dumps(_without_timing(report))


@pytest.mark.parametrize("name, args", [
    ("before-advisor-3p-210-seed3.json", ["--players", "3", "--games", "210", "--seed", "3"]),
    ("before-advisor-4p-newsboy-24-seed9.json", ["--players", "4", "--games", "24", "--seed", "9", "--bots",
                                                 "evaluator,timer,value", "--variant", "newsboy"]),
])
def test_a_run_without_the_advisor_is_unchanged_with_or_without_a_log(core, tmp_path, name, args):
    before = json.loads((DATA / name).read_text(encoding="utf-8"))
    log = tmp_path / "run.jsonl"
    first = _report([*args, "--workers", "1", "--log", str(log)])
    assert _with_hyphens(_without_timing(first)) == before and "rests_on" not in json.dumps(first)
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    log.write_text("".join(lines[:2]), encoding="utf-8")  # stopped after the first chunk
    again = _report([*args, "--workers", "2", "--log", str(log)])
    assert again["timing"]["resumed_games"] == json.loads(lines[1])["stop"]
    assert _with_hyphens(_without_timing(again)) == before


# ------------------------------------------------------------------ the advisor's findings
@pytest.mark.slow
def test_the_advisor_findings_follow_from_its_games(advisor_run):
    report, log = advisor_run
    rows = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()[1:]]
    from pennypress.engine.strategy.chunk_log import game_from_json

    games = [game_from_json(g) for r in rows for g in r["games"]]
    points = [AdvisorPoint(*p) for r in rows for p in r["points"]]
    spec = StrategySpec.create(2, 4, 1, "advisor:fast,evaluator")
    assert games == [play_game(spec, g, sample=False)[0] for g in range(4)]
    assert report["rests_on"] == "advisor games"
    for f in report["findings"]:
        assert f["rests_on"] == "advisor games" and f["games"] > 0 and f["claim"].endswith(".")
        assert f["interval"][0] <= f["value"] <= f["interval"][1]
    kinds = {f["kind"] for f in report["findings"]}
    assert {"seat", "bot", "advisor-presses", "advisor-seat", "advisor-final-edition"} <= kinds
    assert "press-or-wait" not in kinds  # the decision points are the advisor's own
    me = "advisor:fast"
    for f in (f for f in report["findings"] if f["kind"] == "advisor-seat"):
        held = [g for g in games if g.lineup[f["seat"]] == me]
        credit = sum(1 / len(g.winners) for g in held if f["seat"] in g.winners)
        assert (f["games"], f["value"]) == (len(held), round(credit / len(held), 4))
    # its win share is over every seat it held, from the same games as its per-seat shares: it is them together
    held = [(g, s) for g in games for s in range(2) if g.lineup[s] == me]
    share = next(f for f in report["findings"] if f["kind"] == "bot" and f["bot"] == me)
    credit = sum(1 / len(g.winners) for g, s in held if s in g.winners)
    assert (share["games"], share["counted"]) == (len(held), "seats held")
    assert abs(share["value"] - credit / len(held)) <= 0.0001
    triggers = next(f for f in report["findings"] if f["kind"] == "advisor-final-edition" and f["by"] == "triggers")
    by_advisor = [g for g in games for p in g.presses if p.final_edition and g.lineup[p.player] == me]
    assert triggers["value"] == round(len(by_advisor) / len(games), 4)
    presses = next(f for f in report["findings"] if f["kind"] == "advisor-presses" and f["by"] == "presses")
    diffs = []
    for g in games:
        mine = [s for s in range(2) if g.lineup[s] == me]
        theirs = [s for s in range(2) if g.lineup[s] != me]
        count = [sum(1 for p in g.presses if p.player in seats and not p.final_edition) / len(seats)
                 for seats in (mine, theirs)]
        diffs.append(count[0] - count[1])
    assert presses["value"] == round(sum(diffs) / len(diffs), 4)
    # one decision point of the advisor's in every game, played out from its own decision
    assert [p.game for p in points] == [0, 1, 2, 3] and all(p.bot == me and p.gain > 0 for p in points)
    assert all(-1 <= p.difference <= 1 for p in points)
    for p in points:
        pressed_then = any(g.game == p.game and g.lineup[q.player] == me and q.round == p.round
                           for g in games for q in g.presses)
        assert pressed_then or not p.pressed
    for f in (f for f in report["findings"] if f["kind"] == "advisor-press-or-wait" and f["by"] != "gain"):
        chosen = [p.difference for p in points if p.pressed == (f["by"] == "pressed")]
        assert (f["points"], f["value"]) == (len(chosen), round(sum(chosen) / len(chosen), 4))


# ------------------------------------------------------------------ bad input
def test_a_log_of_another_run_is_refused_in_one_line(core, tmp_path, capsys):
    log = tmp_path / "run.jsonl"
    ChunkLog(log, StrategySpec.create(3, 30, 5), 200)
    for args, words in [
        (["--players", "3", "--games", "30", "--seed", "6"], "seed 5, this run's 6"),
        (["--players", "4", "--games", "30", "--seed", "5"], "players 3, this run's 4"),
        (["--players", "3", "--games", "30", "--seed", "5", "--bots", "evaluator,timer"], "bots"),
    ]:
        assert_bad_input(*run(capsys, "strategy", *args, "--log", log, "--quiet"), "belongs to another run", words)
    other = tmp_path / "other.txt"
    other.write_text("hello\n", encoding="utf-8")
    assert_bad_input(*run(capsys, "strategy", "--players", "3", "--games", "3", "--log", other, "--quiet"),
                     "not a strategy log")
    assert other.read_text(encoding="utf-8") == "hello\n"  # a file that is not a log is left alone
    other.write_text("[" * 100_000 + "\n", encoding="utf-8")  # too deep for the JSON reader: still one line
    assert_bad_input(*run(capsys, "strategy", "--players", "3", "--games", "3", "--log", other, "--quiet"),
                     "not a strategy log")
    assert_bad_input(*run(capsys, "strategy", "--players", "3", "--games", "3", "--log", tmp_path / "no" / "run.jsonl",
                          "--quiet"), "log: the folder")


@pytest.mark.parametrize("args, words", [
    (["--bots", "advisor:xyz,evaluator"], "unknown advisor budget 'xyz' in 'advisor:xyz'"),
    (["--bots", "advisor:fast,advisor:deep"], "one advisor seat at a time"),
    (["--bots", "advisor,evaluator"], "unknown bot 'advisor'"),
])
def test_bad_advisor_and_log_options_are_one_line_exit_2(args, words, capsys):
    assert_bad_input(*run(capsys, "strategy", "--players", "3", "--games", "3", *args, "--quiet"), words)


# ------------------------------------------------------------------ its decisions against the population (#54)
@pytest.mark.slow
def test_the_advisors_own_decisions_are_played_out_against_the_population(advisor_run):
    """``pennypress strategy population`` on an advisor run: its points are the advisor's own sampled decisions
    (the study's: the same games, page values and choices), each played out against the population, and the
    run's advisor press-or-wait findings get their verdicts."""
    from pennypress.engine.arena.population import Population
    from pennypress.engine.strategy.population_timing import Settings, run_population, summarise

    report, log = advisor_run
    points = [AdvisorPoint(*p) for r in (json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()[1:])
              for p in r["points"]]
    spec = StrategySpec.create(2, 4, 1, "advisor:fast,evaluator")
    small = Population(("greedy", "timer"))
    settings = Settings(spec, small, games=2, points=4, seed=3)
    rows = run_population(settings)
    assert sorted({r["game"] for r in rows}) == [p.game for p in points]
    for p in points:
        here = [r for r in rows if r["game"] == p.game]
        assert len(here) == len(small.cells()) and all((r["gain"], r["pressed"]) == (p.gain, p.pressed) for r in here)
    assert run_population(Settings(spec, small, games=2, points=4, seed=3, max_games=2)) == \
        [r for r in rows if r["game"] < 2]
    doc = summarise(report, rows, settings)
    judged = [f for f in doc["findings"]]
    assert judged and all(f["kind"] == "advisor-press-or-wait" and f["verdict"] for f in judged)
    for f in judged:
        mine = [r for r in rows if (f.get("by") is None and r["bucket"] == f["gain"])
                or (f.get("by") is not None and r["pressed"] is (f["by"] == "pressed"))]
        assert sum(c["points"] for c in f["by_opponent"].values()) == len(mine) // len(small.movers)
