"""Going to press (pp. 4, 8-10): claims, scoops, page, publication, circulation."""
import pytest

from pennypress.engine import GoToPress, IllegalMove, Page, PagePlacement, parse_move
from pennypress.engine.play.invariants import check_state
from pennypress.solver.vocab import Beat, Shape

from tests.engine.engine_builders import build, story, values


def rulebook_p9():
    """The Times (player 0) and The Sun (player 1) in the p. 9 example.

    Politics A (Times 1), Crime B (Times 1, Sun 1), War D (Times 2, Sun 1) are
    claimable; Crime A has Times 1 vs Sun 2 and stays. Columns are built so the
    values are Politics 4 (height 5 + 1 covered = 6), Crime 3 (2 + 2 = 4),
    War 3 (2 + 1 = 3); the two beats not pictured are empty (value 0).
    """
    return build(
        3,
        {
            "politics:A:1": [1, 0, 0],
            "politics:C:1": [0, 0, 0],
            "politics:D:1": [0, 0, 0],
            "crime:B:1": [1, 1, 0],
            "crime:A:1": [1, 2, 0],
            "war:D:1": [2, 1, 0],
        },
        deck=[45],
    )


def test_p9_values_as_in_the_rulebook():
    s = rulebook_p9()
    assert values(s) == {"war": 3, "crime": 3, "politics": 4, "city": 0, "human": 0}
    assert s.top_beats() == {Beat.POLITICS}


def test_p9_claims_ties_and_leaves_the_outnumbered_story():
    s = rulebook_p9()
    assert s.claimable(0) == (story("war:D:1"), story("crime:B:1"), story("politics:A:1"))
    event = s.apply(GoToPress())
    press = event.press
    assert set(press.claimed) == {story("politics:A:1"), story("crime:B:1"), story("war:D:1")}
    # the 1-vs-2 story stays on the board with all its reporters, Times' included
    assert press.left == (story("crime:A:1"),)
    assert s.reporters[story("crime:A:1")] == [1, 2, 0]
    # all reporters on claimed stories went home
    assert s.players[0].home == 4 and s.players[1].home == 3


def test_p9_page_scores_12_and_the_scooped_player_gets_2():
    s = rulebook_p9()
    press = s.apply(GoToPress()).press
    assert press.total == 12 and press.gain == 12  # 4 + 3x2 + 3 - 1
    assert s.players[0].circulation == 12
    # scoop value of Crime 3 and War 3 (positions 4 and 3) is 1 each: 1 + 1
    assert sorted((sc.player, str(sc.story), sc.points) for sc in press.scoops) == [
        (1, "crime:B:1", 1), (1, "war:D:1", 1)]
    assert s.players[1].circulation == 2
    assert s.players[2].circulation == 0
    assert set(s.players[0].published) == set(press.claimed)
    assert s.players[0].pennies == 1 and check_state(s) == []


def test_scoop_counts_once_per_story_however_many_reporters():
    s = build(3, {"war:A:1": [2, 2, 1], "war:B:1": [0, 0, 0], "war:C:1": [0, 0, 0]}, deck=[45])
    # war: height 4 + 1 covered = 5 -> scoop 2
    press = s.apply(GoToPress()).press
    assert [(sc.player, sc.points) for sc in press.scoops] == [(1, 2), (2, 2)]
    assert [p.circulation for p in s.players][1:] == [2, 2]


def test_cannot_press_without_a_claimable_story():
    s = build(3, {"war:A:1": [1, 2, 0]})
    with pytest.raises(IllegalMove, match="no story you can claim"):
        s.apply(GoToPress())
    assert GoToPress() not in s.legal_moves()


def test_press_scored_with_values_at_start_of_turn_then_markers_adjust():
    # Politics: A covered by player 0 + C: height 3 + 1 = 4 -> value 3. Claiming the A
    # would drop the column to height 2, 0 covered (value 2); the press still scores 3.
    s = build(3, {"politics:A:1": [1, 0, 0], "politics:C:1": [0, 0, 0]}, deck=[45])
    assert s.beat_value(Beat.POLITICS) == 3
    press = s.apply(GoToPress()).press
    assert dict(zip([b.value for b in Beat], press.beat_values))["politics"] == 3
    assert press.breakdown["stories"][0]["value"] == 3
    # card 45 adds war:C, human:A, city:D; politics is untouched: height 2, nothing covered
    assert s.markers[Beat.POLITICS] == 2 and s.beat_value(Beat.POLITICS) == 2


def test_negative_page_gains_nothing_and_circulation_never_falls():
    # One Politics A (value 2, the only top beat): best page is the A across two top
    # cells: 2 - 2x2 (top) - 8x1 = -10.
    s = build(3, {"politics:A:1": [1, 0, 0]}, circulation=[7, 0, 0], deck=[45])
    press = s.apply(GoToPress()).press
    assert press.total == -10 and press.gain == 0
    assert s.players[0].circulation == 7


def test_p10_when_not_to_go_to_press():
    # City (A, A covered + C: height 4 + 2 = 6 -> 4) is the top beat; War D covered: 2 + 1 -> 3.
    # Two presses done, ad at (1, 1): both A must touch the top, the D cannot fit.
    s = build(
        3,
        {"city:A:1": [1, 0, 0], "city:A:2": [1, 0, 0], "city:C:1": [0, 0, 0], "war:D:1": [1, 0, 0]},
        pennies=[2, 0, 0], ads=[(1, 1), None, None], deck=[45],
    )
    assert s.top_beats() == {Beat.CITY}
    press = s.apply(GoToPress()).press
    assert press.unpublished == (story("war:D:1"),)
    # 4 + 4 (both A across the top row) - 3 (the D) - 7 empty cells below = -2
    assert press.total == -2 and press.gain == 0
    assert s.stacks[(Beat.WAR, Shape.D)] == [1, 2, 3]  # back on its stack in star order
    assert story("war:D:1") not in s.players[0].published


def test_unpublished_story_returns_in_star_order():
    # War D 1-star was taken earlier; the 2-star is unpublished and goes back under nothing:
    s = build(3, {"city:A:1": [1, 0, 0], "city:A:2": [1, 0, 0], "city:C:1": [0, 0, 0], "war:D:2": [1, 0, 0]},
              pennies=[2, 0, 0], ads=[(1, 1), None, None], deck=[45])
    s.stacks[(Beat.WAR, Shape.D)] = [1, 3]
    s.apply(GoToPress())
    assert s.stacks[(Beat.WAR, Shape.D)] == [1, 2, 3]


def test_ad_is_removed_and_a_penny_taken():
    s = build(3, {"war:A:1": [1, 0, 0]}, pennies=[1, 0, 0], ads=[(0, 2), None, None], deck=[45])
    press = s.play(GoToPress()).press
    assert press.ad == (0, 2)
    assert s.players[0].pennies == 2
    assert s.players[0].ad == (0, 1)  # the new ad from card 45 (ad column 0), row of the 2nd penny


def test_a_proposed_legal_page_is_used():
    s = rulebook_p9()
    page = Page((
        PagePlacement(story("politics:A:1"), 0, 0, 1, 2),
        PagePlacement(story("crime:B:1"), 1, 0, 1, 3),
        PagePlacement(story("war:D:1"), 2, 0, 2, 3),
    ), exclusive=None)
    press = s.apply(GoToPress(page)).press
    assert press.total == 9  # 4 + 3 + 3 - 1, no exclusive declared
    assert s.players[0].circulation == 9


def test_a_proposed_illegal_page_is_refused_with_the_checkers_words():
    s = rulebook_p9()
    before = s.clone()
    move = parse_move("press politics:A:1@0,1,1x2 crime:B:1@1,0,1x3 war:D:1@2,0,2x3")
    reason = s.why_illegal(move)
    assert "must touch the top edge" in reason
    with pytest.raises(IllegalMove, match="must touch the top edge"):
        s.apply(move)
    assert s == before  # nothing changed
    with pytest.raises(IllegalMove, match="not among the stories you would claim"):
        s.apply(parse_move("press crime:A:1@0,0,1x2"))


def test_optimal_press_spells_out_the_page_and_plays_the_same():
    from pennypress.engine import optimal_press

    a, b = rulebook_p9(), rulebook_p9()
    move = optimal_press(a)
    assert move.page is not None and len(move.page.placements) == 3
    assert parse_move(str(move)) == move
    a.apply(move)
    b.apply(GoToPress())
    assert a.players == b.players and a.last_event.press.total == b.last_event.press.total == 12


def _press_positions(seeds=(1, 2, 3), players=3):
    """Positions from seeded greedy games where the player to move could go to press."""
    from pennypress.engine import new_game
    from pennypress.engine.arena.seats import make_bot, seat_seed

    for seed in seeds:
        s = new_game(players, seed=seed)
        bots = [make_bot("greedy", seat_seed(seed, i)) for i in range(players)]
        while not s.is_over:
            if s.claimable(s.current) and not s.draw_pending:
                yield s.clone()
            s.apply(bots[s.current].choose(s))
            if s.is_chance_node():
                s.apply_chance(s.deck[0])


def _random_page(rng, claimed):
    """Some of ``claimed`` at random cells (some off the page), in a random legal footprint, and an
    exclusive: the best, none, or a random claimed story."""
    from pennypress.engine.game.moves import BEST

    placements = []
    for story in claimed:
        if rng.random() < 0.8:
            w, h = rng.choice(story.claimed().shape.orientations)
            placements.append(PagePlacement(story, rng.randrange(4), rng.randrange(3), w, h))
    exclusive = rng.choice([BEST, None, *claimed])
    return Page(tuple(placements), exclusive)


def test_check_press_agrees_with_the_press_itself_on_random_pages():
    """The verdict a UI shows while a page is built is the press's own: a page check_press calls
    legal is played with that total, one it calls illegal is refused naming each broken rule."""
    import random

    from pennypress.engine.rules.press import check_press

    rng = random.Random(20150)
    seen = {True: 0, False: 0}
    for state in _press_positions():
        player, claimed = state.current, state.claimable(state.current)
        for _ in range(4):
            page = _random_page(rng, claimed)
            verdict = check_press(state, player, page)
            seen[verdict.legal] += 1
            after = state.clone()
            if verdict.legal:
                event = after.apply(GoToPress(page))
                assert event.press.total == verdict.total
                optimal = state.clone()
                assert optimal.apply(GoToPress()).press.total == verdict.optimal_total
            else:
                with pytest.raises(IllegalMove) as exc:
                    after.apply(GoToPress(page))
                for v in verdict.violations:
                    assert v.message in str(exc.value)
                assert after == state
    assert min(seen.values()) >= 20, seen  # both kinds met often
