"""``preview_press`` says exactly what pressing would do, for any player, without changing the state."""
from dataclasses import replace

from pennypress.engine import GoToPress, new_game, preview_press
from pennypress.engine.play.bots import RandomBot


def _games(seeds):
    for seed in seeds:
        state = new_game(2 + seed % 4, seed=seed)
        bot = RandomBot(seed)
        while not state.is_over and state.ply < 400:
            yield state
            state.play(bot.choose(state))


def test_preview_matches_the_press_actually_played():
    checked = 0
    for state in _games(range(12)):
        player = state.current
        if GoToPress() not in state.legal_moves():
            continue
        before = state.to_json()
        preview = preview_press(state, player)
        assert state.to_json() == before, "a preview must not change the state"
        played = state.clone().apply(GoToPress()).press
        # A real press also draws a headline card; the preview draws none.
        assert replace(played, card=None, card_stories=(), new_ad=None) == preview
        checked += 1
    assert checked > 100


def test_preview_for_opponents_claims_their_stories_and_scoops_the_rest():
    looked = 0
    for state in _games(range(12, 20)):
        for player in range(state.n_players):
            claimable = state.claimable(player)
            if player == state.current or not claimable or state.players[player].done:
                continue
            preview = preview_press(state, player)
            assert preview.claimed == claimable
            for sc in preview.scoops:
                assert sc.player != player and state.reporters[sc.story][sc.player] > 0
                assert sc.points == state.scoop_value(sc.story.beat)
            looked += 1
    assert looked > 50

