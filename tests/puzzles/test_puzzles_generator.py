"""The generator and its parts: determinism, sources that replay, the page alternatives, the yardsticks,
and the paired search that certifies answers before the final edition."""
from __future__ import annotations

import random
from collections import Counter
from statistics import fmean

import pytest

from tests.solver import enumerator
from pennypress.engine.advisor import state_key
from pennypress.engine.advisor.policy import search_policy
from pennypress.engine.advisor.pool import run_playouts
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.io.state import public_view
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.rules.press import press_problem
from pennypress.engine.puzzles import Settings, generate, load_puzzles
from pennypress.engine.puzzles.difficulty import random_chance
from pennypress.engine.puzzles.layouts import STRATEGIES, lay_out
from pennypress.engine.puzzles.mining import game_plan, play_positions
from pennypress.engine.puzzles.positions import other_pages
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.puzzles import check_answer, puzzle_set_from_json
from pennypress.engine.puzzles.searched import (CONFIRM_EXACT_END, CONFIRM_SEED_STEP, MARGIN, certify, contested,
                                               lower_bound, searched_puzzle)
from pennypress.engine.puzzles.store import PuzzleSet
from pennypress.solver import PressProblem, ProposedPage, check_page, solve

SHIPPED = load_puzzles()


@pytest.mark.slow
def test_same_settings_same_set_on_one_worker_or_two():
    settings = Settings(seed=4, pages=6, press_or_wait=2, best_move=1, games=2)
    one = generate(settings, workers=1)
    two = generate(settings, workers=2)
    assert one.to_json() == two.to_json()
    assert one.counts() == {"page": 6, "press-or-wait": 2, "best-move": 1} and one.generator["settings"]["seed"] == 4
    assert game_plan(5, 0) != game_plan(6, 0)


def _replayed(source: dict, timing: bool = False, mined: bool = False):
    """The position ``source`` names, played again: a game of the generator's run, of the timing run, or of the
    run that found timing puzzles by games first."""
    from pennypress.engine.puzzles.population_mining import population_plan
    from pennypress.engine.puzzles.timing_set import timing_plan
    if mined:
        plan = population_plan(SHIPPED.generator["mined"]["seed"], source["game"])
    elif timing:
        plan = timing_plan(SHIPPED.generator["timing"]["seed"], source["game"])
    else:
        plan = game_plan(SHIPPED.generator["settings"]["seed"], source["game"])
    assert (plan.deck_seed, plan.players, list(plan.variants), list(plan.seats)) == (
        source["deck_seed"], source["players"], source["variants"], source["seats"])
    state = dict(play_positions(plan))[source["ply"]]
    if "after" in source:
        state = state.child(next(m for m in state.legal_moves() if str(m) == source["after"]))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["page", "press-or-wait", "best-move"])
def test_a_puzzles_source_replays_to_its_question(kind):
    for puzzle in SHIPPED.filter(kind=kind)[::15]:
        state = _replayed(puzzle.source, timing="timing" in puzzle.tags, mined=puzzle.certainty == "population")
        if kind == "page":
            player = puzzle.source["player"]
            problem = press_problem(state, player, state.claimable(player))
            assert problem == puzzle.problem()
        else:
            assert state_key(state) == state_key(puzzle.position())


def test_other_pages_cover_every_printable_set_of_stories():
    for puzzle in SHIPPED.filter(kind="press-or-wait"):
        state = puzzle.position()
        claimed = state.claimable(state.current)
        if len(claimed) >= 2:
            break
    problem = press_problem(state, state.current, claimed)
    printable = set(enumerator.best_by_published_set(enumerator.Press.from_doc(problem.to_json())))
    pages = other_pages(state)
    sets = [frozenset(claimed.index(p.story) for p in move.page.placements) for move in pages]
    assert len(sets) == len(set(sets))
    optimal = frozenset(p.story for p in solve(problem).placements)
    assert set(sets) | {optimal} == printable and optimal not in sets
    for move in pages:
        assert state.why_illegal(move) is None


@pytest.mark.parametrize("doc", enumerator.random_presses(23, 40), ids=lambda d: str(len(d["stories"])))
def test_simple_layouts_respect_the_geometry(doc):
    problem = PressProblem.from_json(doc)
    for name in STRATEGIES:
        verdict = check_page(problem, ProposedPage(lay_out(problem, name)))
        assert {v.rule for v in verdict.violations} <= {"top-edge", "top-total"}, (name, verdict.violations)


def test_the_random_bots_chance_is_what_it_plays():
    puzzle = SHIPPED.filter(kind="best-move")[0]
    view = public_view(puzzle.position())
    right = lambda m: str(m) in puzzle.answer  # noqa: E731
    chance = random_chance(view.legal_moves(), right)
    bot = RandomBot(11)
    n = 4000
    hits = sum(right(bot.choose(view)) for _ in range(n))
    assert abs(hits / n - chance) < 4 * (chance * (1 - chance) / n) ** 0.5 + 1e-9


@pytest.fixture(scope="module")
def searched():
    """A contested press decision of a mined game, put to a (small) certifying search."""
    plan = game_plan(1, 0)
    ply, state = next((ply, s) for ply, s in play_positions(plan)
                      if not s.is_over and s.phase.value == "normal" and contested(s))
    return plan, ply, state, certify(state, search_playouts=12, confirm_playouts=20, seed=4, press_or_wait=True)


def test_searched_certificate_is_the_paired_statistics_of_fresh_playouts(searched):
    _, _, state, cert = searched
    assert len(cert.rivals) == 3
    assert any(r.move == "press" for r in cert.rivals) == (cert.best != "press")  # the other side is a rival
    view = public_view(state)
    moves = [next(m for m in view.legal_moves() if str(m) == name) for name in [cert.best, *(r.move for r in cert.rivals)]]
    confirm = SearchSettings(seed=4 + CONFIRM_SEED_STEP, workers=1, leaf=None, policy=search_policy(view.n_players),
                             exact_end=CONFIRM_EXACT_END)
    results = run_playouts(view, moves, [(i, k) for i in range(len(moves)) for k in range(20)], confirm)
    me = view.current
    best = [results[(0, k)][me][0] for k in range(20)]
    assert cert.outcome[0] == pytest.approx(fmean(best))
    for i, rival in enumerate(cert.rivals, 1):
        diffs = [b - results[(i, k)][me][0] for k, b in enumerate(best)]
        assert rival.difference == pytest.approx(fmean(diffs))
        assert rival.lower == pytest.approx(lower_bound(diffs, rivals=3))
    assert cert.certified == all(r.lower > MARGIN for r in cert.rivals)


def test_a_searched_puzzle_is_a_valid_puzzle_judged_by_its_certificate(searched):
    plan, ply, state, cert = searched
    notation = to_text(public_view(state))
    record = searched_puzzle(cert, from_text(notation), notation, plan.source(ply, player=state.current), seed=3)
    record = {k: v for k, v in record.items() if k != "key"}
    doc = PuzzleSet((), {}).to_json()
    doc["puzzles"] = [dict(record, id="searched-001")]
    puzzle = puzzle_set_from_json(doc, "searched.json").get("searched-001")
    assert puzzle.certainty == "searched" and puzzle.answer == (cert.best,)
    assert check_answer(puzzle, cert.best).correct
    rival = next(r.move for r in cert.rivals if r.move != "press" or puzzle.kind == "best-move")
    assert not check_answer(puzzle, rival).correct
    assert puzzle.evidence["rivals"] == [r.to_json() for r in cert.rivals]


def test_lower_bound_is_a_one_sided_bonferroni_normal_bound():
    rng = random.Random(2)
    diffs = [rng.choice((-1.0, 0.0, 0.0, 1.0, 1.0)) for _ in range(400)]
    m = fmean(diffs)
    sd = (sum((d - m) ** 2 for d in diffs) / 399) ** 0.5
    assert lower_bound(diffs, rivals=1) == pytest.approx(m - 1.6448536 * sd / 20)
    assert lower_bound(diffs, rivals=3) == pytest.approx(m - 2.1280452 * sd / 20)
    assert lower_bound([1.0], rivals=1) == float("-inf")
