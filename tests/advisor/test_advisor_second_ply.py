"""The second ply (``engine/advisor/replies.py``): each opened move is valued by the reply the next player's own
search finds, presses (a card to draw) are never opened and keep their place, the opened moves are re-ranked
among their own places only, and the answer reads the public position only, the same on any number of workers."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pennypress.engine import Phase, new_game, public_view
from pennypress.engine.advisor import advise
from pennypress.engine.advisor.bot import AdvisorBot, decision_seed
from pennypress.engine.advisor.budget import budget_for
from pennypress.engine.advisor.calibration import IDENTITY
from pennypress.engine.advisor.replies import DRAWS, MAX_CANDIDATES, reply_seed, second_ply
from pennypress.engine.advisor.settings import SearchSettings
from pennypress.engine.game.moves import GoToPress
from pennypress.engine.rules.actions import legal_moves
from pennypress.errors import BadInput

REPLY = budget_for(playouts=48)


def _settings(seed: int = 3, workers: int = 1) -> SearchSettings:
    return SearchSettings.for_budget(playouts=96, seed=seed, workers=workers)


def _position(seed: int, press: bool = False):
    """A seeded 3-player position of normal play after a few random moves (with ``press``: pressing is legal)."""
    s, rng = new_game(3, seed=seed), random.Random(seed)
    while True:
        s.play(rng.choice(s.legal_moves()), rng)
        moves = s.legal_moves()
        if s.phase is Phase.NORMAL and s.ply > 6 and len(moves) > 5 and (not press or GoToPress() in moves):
            return s


def _second_ply(state, candidates: int, settings: SearchSettings | None = None):
    settings = settings or _settings()
    advice = advise(public_view(state), settings, reasons_top=0, lines=False)
    return advice, second_ply(public_view(state), advice, settings, candidates, REPLY)


def test_an_opened_move_keeps_what_the_next_players_own_search_leaves_it(midgame):
    view = public_view(midgame)
    advice, ply = _second_ply(midgame, 3)
    assert [o.rank for o in sorted(ply.opened, key=lambda o: o.rank)] == [1, 2, 3]  # no press among them here
    moves = {str(m): m for m in legal_moves(view)}
    for o in ply.opened:
        after = view.clone()
        after.apply(moves[o.move])
        assert after.current != view.current  # the reply is another newspaper's
        reply = advise(after, replace(_settings(), budget=REPLY, seed=reply_seed(3, o.rank), calibration=IDENTITY),
                       reasons_top=0, lines=False)
        assert (o.reply, o.playouts) == (reply.best.move, reply.playouts)
        assert o.kept == reply.best.win_all[view.current] != advice.find(o.move).win_all[view.current]
    assert [o.kept for o in ply.opened] == sorted((o.kept for o in ply.opened), reverse=True)
    assert ply.move == ply.opened[0].move == ply.order[0]


def _press_among_first(count: int):
    """The first seeded position where pressing ranks among the analysis's first ``count`` moves."""
    for seed in range(60):
        view = public_view(_position(seed, press=True))
        advice = advise(view, _settings(seed), reasons_top=0, lines=False)
        before = [r.move for r in advice.moves]
        if before.index("press") < count:
            return seed, view, advice, before
    raise AssertionError(f"no seeded position ranks pressing among the first {count}")


def test_a_press_is_answered_after_headline_cards_drawn_from_those_that_may_come_up():
    """A press is opened like any move: each of DRAWS cards (seeded, from the undrawn deck as the table shows it)
    is drawn, the next player answers with a quarter of the reply's playouts, and the press keeps the mean."""
    seed, view, advice, before = _press_among_first(6)
    ply = second_ply(view, advice, _settings(seed), 8, REPLY)
    press = next(o for o in ply.opened if o.move == "press")
    assert len(ply.opened) == 8 and sorted(ply.order) == sorted(before)
    after = view.clone()
    after.apply(GoToPress())
    cards = sorted(card for card, _p in after.chance_outcomes())
    assert len(cards) > DRAWS and press.draws == DRAWS
    drawn = sorted(random.Random(reply_seed(seed, press.rank)).sample(cards, DRAWS))
    kept, found = [], []
    for j, card in enumerate(drawn):
        future = after.clone()
        future.apply_chance(card)
        plan = budget_for(playouts=REPLY.playouts // DRAWS)
        s = replace(_settings(seed), budget=plan, calibration=IDENTITY,
                    seed=reply_seed(seed, press.rank) if j == 0 else reply_seed(seed, press.rank) * DRAWS + j)
        answer = advise(future, s, reasons_top=0, lines=False)
        kept.append(answer.best.win_all[view.current])
        found.append(answer.best.move)
    assert press.kept == pytest.approx(sum(kept) / DRAWS)
    assert press.reply == max(found, key=found.count) and press.player == (view.current + 1) % 3
    low, high = press.interval()
    assert low < press.kept < high and high - low > 0.02  # the cards' spread counts, not only each card's playouts


def test_the_opened_moves_are_reranked_in_their_own_places_and_the_rest_keep_theirs():
    seed, view, advice, before = _press_among_first(6)
    ply = second_ply(view, advice, _settings(seed), 6, REPLY)
    assert sorted(o.rank for o in ply.opened) == [1, 2, 3, 4, 5, 6]
    assert [o.kept for o in ply.opened] == sorted((o.kept for o in ply.opened), reverse=True)
    assert list(ply.order[:6]) == [o.move for o in ply.opened] and list(ply.order[6:]) == before[6:]


def test_the_second_ply_changes_the_order_somewhere():
    """Not a relabelling of the analysis: in some seeded positions the reply makes another move first."""
    changed = 0
    for seed in range(4):
        advice, ply = _second_ply(_position(seed), 4, _settings(seed))
        changed += ply.order[:4] != tuple(r.move for r in advice.moves[:4])
    assert changed >= 1


def test_the_deck_order_and_the_workers_change_nothing(midgame):
    _, ply = _second_ply(midgame, 3)
    shuffled = midgame.clone()
    random.Random(7).shuffle(shuffled.deck)
    assert shuffled.deck != midgame.deck
    advice = advise(public_view(shuffled), _settings(), reasons_top=0, lines=False)
    assert second_ply(shuffled, advice, _settings(), 3, REPLY) == ply  # the full state given: only its public view
    assert _second_ply(midgame, 3, _settings(workers=2))[1] == ply


def test_the_advisor_with_replies_plays_the_second_plys_move():
    """In the first seeded position where the second ply over 2 moves plays another move than the analysis."""
    for seed in range(40):
        view = public_view(_position(seed))
        settings = SearchSettings.for_budget(playouts=96, seed=decision_seed(4, view.ply), workers=1)
        advice = advise(view, settings, reasons_top=0)
        ply = second_ply(view, advice, settings, 2, REPLY)
        if ply.move != advice.best.move:
            break
    assert ply.move != advice.best.move
    plan = replace(budget_for(playouts=96), replies=2, reply_budget=REPLY)
    assert str(AdvisorBot(seed=4, budget=plan).choose(view)) == ply.move
    assert str(AdvisorBot(seed=4, playouts=96).choose(view)) == advice.best.move


def test_a_reply_budget_with_its_own_second_ply_answers_as_that_player_would_and_looks_one_ply_further(midgame):
    """A reply budget with a second ply of its own (``--reply-as normal=fast``): each opened move meets the reply
    the next player's advice at that budget names -- their analysis and their own second ply -- and keeps what
    the advised player has after the answer *to* that reply (the inner second ply's figure for it), not the
    reply search's own playouts; every player's share is kept beside it."""
    view = public_view(midgame)
    me = view.current
    inner = replace(budget_for(playouts=48), replies=2, reply_budget=budget_for(playouts=24))
    advice = advise(view, _settings(), reasons_top=0, lines=False)
    ply = second_ply(view, advice, _settings(), 2, inner)
    moves = {str(m): m for m in legal_moves(view)}
    assert sorted(o.rank for o in ply.opened) == [1, 2] and all(o.draws == 0 for o in ply.opened)
    for o in ply.opened:
        after = view.clone()
        after.apply(moves[o.move])
        reply_settings = replace(_settings(), budget=inner, seed=reply_seed(3, o.rank), calibration=IDENTITY)
        assert o.reply == advise(after, reply_settings, reasons_top=0, lines=False).best.move
        analysis = advise(after, replace(reply_settings, budget=budget_for(playouts=48)), reasons_top=0, lines=False)
        theirs = second_ply(after, analysis, reply_settings, 2, budget_for(playouts=24))
        answered = next(x for x in theirs.opened if x.move == o.reply)
        assert o.kept == answered.win_all[me] == o.win_all[me] and len(o.win_all) == 3
        assert o.kept != analysis.find(o.reply).win_all[me]  # not the reply search's own playouts
        assert o.playouts == analysis.playouts + theirs.playouts
    assert [o.kept for o in ply.opened] == sorted((o.kept for o in ply.opened), reverse=True)


def test_a_second_ply_inside_a_second_ply_inside_another_is_refused():
    inner = replace(budget_for(playouts=48), replies=2, reply_budget=budget_for(playouts=24))
    middle = replace(budget_for(playouts=48), replies=2, reply_budget=inner)
    assert replace(budget_for(playouts=96), replies=2, reply_budget=inner).reply_plan() is inner
    with pytest.raises(ValueError, match="one second ply inside another at the most"):
        replace(budget_for(playouts=96), replies=2, reply_budget=middle).reply_plan()


def test_a_nested_reply_budget_is_shared_among_a_presss_cards_down_to_its_inner_replies():
    """A press's headline cards share the reply's budget: its analysis's cap and its own replies' caps too."""
    from pennypress.engine.advisor.budget import Budget
    from pennypress.engine.advisor.replies import _shared

    inner = Budget("inner", cap=400, python_cap=40, replies=2, reply_budget=Budget("r", cap=200, python_cap=20))
    shared = _shared(inner, DRAWS)
    assert (shared.cap, shared.python_cap, shared.replies) == (100, 10, 2)
    assert (shared.reply_plan().cap, shared.reply_plan().python_cap) == (50, 5)
    assert shared.most_for("native") == inner.most_for("native") // DRAWS == 200
    alone = budget_for("normal").reply_plan()  # no second ply of its own: only its cap shared
    assert _shared(alone, DRAWS) == replace(alone, cap=alone.cap // DRAWS, python_cap=alone.python_cap // DRAWS)


def test_the_progress_of_a_nested_second_ply_goes_on_through_the_inner_replies(midgame):
    """``advise``'s progress counts every search a nested budget runs, the inner second ply's replies too: it
    never goes back, never passes the most the budget may spend, and moves on while the inner replies run."""
    inner = replace(budget_for(playouts=48), replies=2, reply_budget=budget_for(playouts=24))
    plan = replace(budget_for(playouts=96), replies=2, reply_budget=inner)
    told: list[tuple[int, int]] = []
    advise(public_view(midgame), replace(_settings(), budget=plan), reasons_top=0, lines=False,
           progress=lambda done, total: told.append((done, total)))
    total = plan.most_for("native")
    assert total == 96 + 2 * (48 + 2 * 24) and {t for _d, t in told} == {total}
    done = [d for d, _t in told]
    assert done == sorted(done) and done[-1] <= total
    assert any(96 + 48 < d <= 96 + 96 for d in done)  # the first reply's own replies, after its analysis


BAD = [0, MAX_CANDIDATES + 1, True, 2.0, -1]


@pytest.mark.parametrize("candidates", BAD)
def test_a_bad_number_of_moves_to_open_is_refused(midgame, candidates):
    view = public_view(midgame)
    advice = advise(view, _settings(), reasons_top=0, lines=False)
    with pytest.raises(BadInput, match="replies: expected a whole number of moves from 1 to 16"):
        second_ply(view, advice, _settings(), candidates, REPLY)


@pytest.mark.parametrize("replies", [r for r in BAD if r != 0])
def test_a_budget_with_a_bad_number_of_replies_is_refused_when_made(replies):
    with pytest.raises(BadInput, match="replies: expected a whole number of moves from 1 to 16"):
        replace(budget_for("fast"), replies=replies)
