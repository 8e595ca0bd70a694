"""``benchmarks/strength/final_edition.py``: its game loop replays the core's own tournament games, the
exact seat plays the exact search's best move in the final edition and the bot's elsewhere, and bad
arguments are refused in one line."""
from __future__ import annotations

import pytest

from benchmarks.strength import final_edition as fe
from exact_positions import final_edition_positions
from pennypress.engine import native
from pennypress.engine.advisor.exact import ExactSearch
from pennypress.engine.arena.seats import seat_seed
from pennypress.engine.arena.tournament import deck_seed
from pennypress.engine.io.state import new_game
from pennypress.engine.play.invariants import DEFAULT_MOVE_CAP


def _deal(seed: int):
    ds = deck_seed(seed, 0)
    state = new_game(3, seed=ds)
    return ds, native.native_position(state, checked=False), list(state.deck)


def test_the_loop_replays_the_cores_own_games(core):
    for seed in (1, 2, 3):
        ds, start, deck = _deal(seed)
        policies = [fe.policy_of(n) for n in ("value", "evaluator", "heuristic")]
        seeds = [seat_seed(ds, s) for s in range(3)]
        winners = fe.play(start, deck, policies, seeds, exact_seat=None)
        (_, core_winners, *_), = core.play_games([(start, deck, policies, seeds)], DEFAULT_MOVE_CAP, 1)
        assert winners == list(core_winners) and winners


def test_the_exact_move_is_the_exact_searchs_best_for_the_player_to_move(core):
    checked = 0
    for state in final_edition_positions(6, seed=3):
        if state.n_players != 3 or len(state.legal_moves()) < 2:
            continue
        me = state.current
        values = ExactSearch().move_values(state)
        best = max(values, key=lambda mv: tuple(mv[1][me]))[1][me]
        first_best = next(str(m) for m, v in values if tuple(v[me]) == tuple(best))
        assert fe.exact_move(native.native_position(state), core.ExactSearch()) == first_best
        checked += 1
    assert checked >= 3


def test_only_the_exact_seat_changes_and_only_from_its_final_edition(core):
    """The games with and without the exact seat agree move for move until that seat's first
    final-edition decision, and only that seat's final-edition moves come from the exact search."""
    changed = 0
    for seed in range(5, 15):
        ds, start, deck = _deal(seed)
        policies = [fe.policy_of(n) for n in ("heuristic", "evaluator", "evaluator")]
        seeds = [seat_seed(ds, s) for s in range(3)]
        plain, exact = [], []
        fe.play(start, deck, policies, seeds, exact_seat=None, log=plain)
        fe.play(start, deck, policies, seeds, exact_seat=0, log=exact)
        first = next((i for i, (seat, phase, _, _) in enumerate(exact) if seat == 0 and phase != "normal"),
                     len(exact))  # a seat that triggers the final edition may not act in it again
        assert plain[:first] == exact[:first]
        assert not any(by_exact for *_, by_exact in plain)
        assert all(by_exact == (seat == 0 and phase != "normal") for seat, phase, _, by_exact in exact)
        changed += plain != exact
    assert changed > 0, "the exact final edition changed no game"


@pytest.mark.parametrize("argv, message", [
    (["--bots", "value,bogus"], "unknown bot 'bogus'"),
    (["--opponent", "nobody"], "unknown bot 'nobody'"),
    (["--games", "7"], "--games must be a positive multiple of 3, got 7"),
])
def test_bad_arguments_exit_2_naming_the_problem(argv, message, capsys):
    assert fe.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
