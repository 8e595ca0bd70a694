"""Playouts on the core are the Python playouts: the same games, the same outcomes, on any thread count.

A playout seeded ``(seed, k)`` after a move draws the same cards (CPython's
generator, bit for bit) and seats the same bots (the policy proof), so its
outcome -- every player's win share, margin and circulation -- must equal
``engine.advisor.playout.playout``'s. A first move the core cannot play (a
press on a page the player proposes) is played on the Python engine and the
core goes on from there. Threads change nothing; the advisor's batches give the
same answer on either engine.

The traces of playouts to the end are compared from fewer positions by default; ``--proof-count full``
(``conftest.py``) compares them from as many as the traces to the leaf:

    .venv/bin/python -m pytest tests/core/test_core_playouts.py --proof-count full
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.core.playouts import before_the_final_edition, compare, proposed_press, seeded_positions
from pennypress.engine import native
from pennypress.engine.advisor.policy import core_policy
from pennypress.engine.advisor.pool import playout_engine, run_playouts
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.native.search import positions_after, run_batch


POSITIONS = seeded_positions(24, seed=4)


def _on(seed: int, threads: int, **fields) -> SearchSettings:
    """Settings for playouts to the end of the game, seeded ``seed``, on ``threads`` workers (the bots play
    the final edition unless ``exact_end=True``: a batch takes the flag resolved)."""
    return SearchSettings(seed=seed, workers=threads, leaf=None, **{"exact_end": False, **fields})


def test_core_playouts_are_the_python_playouts(core):
    compared = compare(POSITIONS, seed=8)
    assert all(compared[what] > 0 for what in ("heuristic", "greedy", "random", "proposed page", "exact end")), compared


def test_playouts_are_the_same_on_one_two_and_four_threads(core):
    states = POSITIONS[:6]
    jobs = [(i, k) for i in range(len(states)) for k in range(40)]
    bot = core_policy("heuristic")
    afters = [positions_after(s, s.legal_moves(), [0])[0] for s in states]
    one = run_batch(afters, jobs, _on(77, threads=1), bot, 3000)
    assert run_batch(afters, jobs, _on(77, threads=2), bot, 3000) == one
    assert run_batch(afters, jobs, _on(77, threads=4), bot, 3000) == one
    assert len({values for values, _ in one}) > len(jobs) // 4  # real, varied games
    assert all(moves > 0 for _, moves in one)
    two = [s for s in POSITIONS if s.n_players == 2][:2]
    afters = [positions_after(s, s.legal_moves(), [0])[0] for s in two]
    jobs = [(i, k) for i in range(len(afters)) for k in range(10)]
    exact = run_batch(afters, jobs, _on(5, threads=1, exact_end=True), core_policy("greedy"), 3000)
    assert run_batch(afters, jobs, _on(5, threads=4, exact_end=True), core_policy("greedy"), 3000) == exact


def test_the_advisors_batches_are_the_same_on_both_engines(core, monkeypatch):
    state = next(s for s in POSITIONS if proposed_press(s) is not None and s.n_players == 3)
    moves = state.legal_moves()[:3] + [proposed_press(state)]
    pairs = [(m, k) for m in range(len(moves)) for k in range(4)]
    for policy in ("greedy", "heuristic"):
        assert playout_engine(policy, 3) == "native"
        done = []
        on_core = run_playouts(state, moves, pairs, _on(3, threads=2, policy=policy), on_done=done.append)
        assert sum(done) == len(pairs)
        monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
        assert playout_engine(policy, 3) == "python"
        assert run_playouts(state, moves, pairs, _on(3, threads=1, policy=policy)) == on_core
        monkeypatch.delenv(native.ENGINE_VARIABLE)


def test_a_stop_between_batches_keeps_the_finished_ones(core):
    state = POSITIONS[1]
    moves = state.legal_moves()[:2]
    pairs = [(m, k) for m in range(2) for k in range(200)]
    asked = []
    got = run_playouts(state, moves, pairs, _on(1, threads=1, policy="greedy"),
                       stop=lambda: asked.append(1) or len(asked) > 2)
    assert 0 < len(got) < len(pairs)
    assert sorted(got) == sorted(pairs)[:len(got)]


def test_bad_batches_are_refused_and_a_panic_on_a_thread_is_explained(core):
    afters = [positions_after(POSITIONS[0], POSITIONS[0].legal_moves(), [0])[0]]
    with pytest.raises(core.BadInput, match="playout of position 3: there are 1 positions"):
        run_batch(afters, [(3, 0)], _on(1, threads=1), core_policy("greedy"), 3000)
    with pytest.raises(core.CorePanic, match="internal error in the native core .*: boom on a thread"):
        core._panic_in_threads_for_test("boom on a thread", 2)
    assert run_batch(afters, [(0, 0)], _on(1, threads=2), core_policy("greedy"), 3000)  # the pool still works


TO_THE_END = {"small": 4, "full": 8}
"""The positions (of :data:`POSITIONS`) whose playouts to the end of the game have their traces compared, by
``--proof-count``: the first four are a table of each size (the Python engine's whole playouts are slow)."""


@pytest.mark.slow
@pytest.mark.parametrize("leaf, exact_end, count", [(True, False, 8), (False, False, None)],
                         ids=["to the leaf", "to the end"])
def test_the_traces_are_the_python_traces_event_by_event(core, monkeypatch, proof_count, leaf, exact_end, count):
    """The likely line is read from each playout's first events: on the core they must be the Python
    playout's, move index by move index and card by card, and the same on any number of threads (the
    bots play the final edition here; where the exact search finishes a playout, the next test)."""
    from pennypress.engine.advisor.policy import SEARCH_LEAF
    from pennypress.engine.advisor.playout import TRACE_LEN
    seen_cards = seen_moves = 0
    for state in POSITIONS[:count or TO_THE_END[proof_count]]:
        moves = state.legal_moves()
        picked = list(range(0, len(moves), max(1, len(moves) // 3)))
        pressed = [i for i, m in enumerate(moves) if str(m) == "press"]
        pairs = [(m, k) for m in picked + pressed for k in range(5)]
        settings = SearchSettings(seed=6, workers=2, leaf=SEARCH_LEAF if leaf else None, exact_end=exact_end)
        on_core: dict = {}
        values = run_playouts(state, moves, pairs, settings, traces=on_core)
        monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
        in_python: dict = {}
        assert run_playouts(state, moves, pairs, replace(settings, workers=1), traces=in_python) == values
        monkeypatch.delenv(native.ENGINE_VARIABLE)
        assert on_core == in_python
        one: dict = {}
        run_playouts(state, moves, pairs, replace(settings, workers=1), traces=one)
        assert one == on_core
        assert sum(1 for t in on_core.values() if t) > len(pairs) // 2  # a game just over has no events
        for trace in on_core.values():
            assert len(trace) <= TRACE_LEN
            seen_cards += sum(1 for e in trace if e < 0)
            seen_moves += sum(1 for e in trace if e >= 0)
    assert seen_cards > 0 and seen_moves > 0


def test_a_playout_the_exact_search_finishes_carries_its_line_of_best_play(core, monkeypatch):
    """The press that starts the final edition: each playout is finished by the exact search at once, so
    its trace is the search's line of best play by everyone -- the same on both engines, every step the
    exact search's own move, to the end of the game or the trace's length."""
    from pennypress.engine.advisor.exact import ExactSearch, best_move, is_deterministic
    from pennypress.engine.advisor.playout import TRACE_LEN
    from pennypress.engine.advisor.policy import SEARCH_LEAF

    state = before_the_final_edition(21)
    moves = [m for m in state.legal_moves() if str(m) == "press"]
    settings = SearchSettings(seed=2, workers=1, leaf=SEARCH_LEAF, exact_end=True)
    on_core: dict = {}
    run_playouts(state, moves, [(0, k) for k in range(4)], settings, traces=on_core)
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    in_python: dict = {}
    run_playouts(state, moves, [(0, k) for k in range(4)], settings, traces=in_python)
    assert on_core == in_python
    search = ExactSearch()
    for trace in on_core.values():
        s = state.clone()
        s.apply(moves[0])
        assert is_deterministic(s) and trace
        for event in trace:
            assert event >= 0 and s.legal_moves()[event] == best_move(search, s)
            s.apply(s.legal_moves()[event])
        assert s.is_over or len(trace) == TRACE_LEN


@pytest.mark.slow
def test_with_exact_seats_the_value_seats_play_the_final_edition_exactly(core, monkeypatch):
    """``exact_seats``: in the final edition a value seat of the mix plays the exact search's move, a heuristic
    seat its own; the same playouts on both engines, and playouts unlike both the bots' final edition and the
    one solved for every seat."""
    from pennypress.engine.advisor.exact import ExactFinalBot, ExactSearch, best_move
    from pennypress.engine.advisor.playout import playout_seed
    from pennypress.engine.advisor.policy import SEARCH_LEAF, rollout_bot
    from pennypress.engine.rules.actions import legal_moves

    state = before_the_final_edition(21)
    moves = [m for m in state.legal_moves() if str(m) == "press"]
    pairs = [(0, k) for k in range(12)]
    settings = SearchSettings(seed=2, workers=1, leaf=SEARCH_LEAF, exact_seats=True)  # exact_end resolves off
    on_core: dict = {}
    values = run_playouts(state, moves, pairs, settings, traces=on_core)
    assert values != run_playouts(state, moves, pairs, replace(settings, exact_seats=False))
    assert values != run_playouts(state, moves, pairs, replace(settings, exact_seats=False, exact_end=True))
    monkeypatch.setenv(native.ENGINE_VARIABLE, "python")
    in_python: dict = {}
    assert run_playouts(state, moves, pairs, settings, traces=in_python) == values
    assert in_python == on_core
    search, seen = ExactSearch(), set()
    for (_, k), trace in on_core.items():
        bots = [rollout_bot(playout_seed(2, k), seat, "mixed", exact_seats=True) for seat in range(3)]
        s = state.clone()
        s.apply(moves[0])
        for event in trace:
            legal = legal_moves(s)
            exact = isinstance(bots[s.current], ExactFinalBot)
            if exact:
                assert legal[event] == best_move(search, s)
            seen.add(exact)
            s.apply(legal[event])
    assert seen == {True, False}  # both kinds of seat played in the final edition
