"""engine/io/validate.py on positions a person might type: each kind of mistake is refused
with one line naming the field; the codec loads through the same checks."""
import copy
import json
from pathlib import Path

import pytest

from pennypress.engine import BadInput, State, new_game
from pennypress.engine.play.bots import RandomBot
from pennypress.engine.io.validate import check_position, load_position, position_summary
from pennypress.solver.vocab import Beat

from tests.positions.positions_helpers import state_doc

HAND_WRITTEN = json.loads((Path(__file__).parent / "data" / "hand-written-3p.json").read_text())


def refused(doc) -> str:
    with pytest.raises(BadInput) as info:
        State.from_json(doc)
    message = str(info.value)
    assert "\n" not in message and message.startswith("position")
    return message


def edited(change, doc=None):
    doc = copy.deepcopy(HAND_WRITTEN if doc is None else doc)
    change(doc)
    return doc


def first_state(players, seed, phase, newsboy=False, after=0):
    """The first position of a seeded random game in ``phase`` (then ``after`` more moves in it)."""
    s = new_game(players, seed=seed, variants=["newsboy"] if newsboy else [])
    bot = RandomBot(seed)
    while s.phase.value != phase:
        s.play(bot.choose(s))
    for _ in range(after):
        if s.phase.value == phase and not s.is_over:
            s.play(bot.choose(s))
    assert s.phase.value == phase
    return s


# ----------------------------------------------------------- the hand-written file
def test_the_hand_written_position_is_valid():
    state = State.from_json(HAND_WRITTEN)
    assert [p.home for p in state.players] == [2, 2, 2]
    assert state.marker_formula(Beat.WAR) == 4  # war: C (2 spaces) + B (1 space), 1 covered story


@pytest.mark.parametrize("change,field,words", [
    # reporters: 5 each
    (lambda d: d["players"][1].update(home=3), "position.players[1]", "3 reporters at home and 3 on the board (2 on war:C:1, 1 on human:C:1); a player has 5"),
    (lambda d: d["players"][1].update(home=6), "position.players[1].home", "from 0 to 5, got 6"),
    (lambda d: d["board"]["crime"][0]["reporters"].__setitem__(2, 1), "position.players[2]", "2 reporters at home and 4 on the board"),
    # stories: each in exactly one place, 60 in all
    (lambda d: d["players"][2]["published"].append("war:C:1"), "position.players[2].published[0]", "war:C:1 is also at position.board.war[0].story"),
    (lambda d: d["stacks"]["war:A"].remove(2), "position", "stories missing from board, stacks and published stories: war:A:2"),
    (lambda d: d["stacks"]["war:B"].insert(0, 1), "position.players[0].published[0]", "war:B:1 is also at position.stacks.war:B"),
    # column capacity: 9 spaces, C and D take 2
    (lambda d: (d["stacks"]["war:D"].clear(), d["stacks"]["war:C"].clear(),
                d["board"]["war"].extend({"story": s, "reporters": [0, 0, 0]} for s in ("war:D:1", "war:D:2", "war:D:3", "war:C:2", "war:C:3"))),
     "position.board.war", "the stories take 13 spaces and the column has 9"),
    # stacks: 1 star on top
    (lambda d: d["stacks"]["human:B"].reverse(), "position.stacks.human:B", "star order, 1★ on top, got [3, 2, 1]"),
    # ads: the row of the highest penny, none before the first press
    (lambda d: d["players"][0].update(ad=[1, 1]), "position.players[0].ad", "row 1, but the ad goes in the row of the highest penny: row 2 with 1 penny"),
    (lambda d: d["players"][2].update(ad=[0, 2]), "position.players[2].ad", "only after a press (pennies is 0)"),
    (lambda d: d["players"][1].update(ad=None), "position.players[1].ad", "missing"),
    (lambda d: d["players"][1].update(ad=[4, 2]), "position.players[1].ad[0]", "from 0 to 3, got 4"),
    # markers: min(9, height + covered) in normal play
    (lambda d: d["markers"].update(human=4), "position.markers.human", "min(9, 3 + 2) = 5"),
    (lambda d: d["markers"].update(city=10), "position.markers.city", "from 0 to 9, got 10"),
    # bonus track 2..20
    (lambda d: d["bonus"].update(war=21), "position.bonus.war", "from 2 to 20, got 21"),
    (lambda d: d["bonus"].update(war=1), "position.bonus.war", "from 2 to 20, got 1"),
    # unknown names
    (lambda d: d["board"]["city"][0].update(story="sports:D:2"), "position.board.city[0].story", "unknown beat 'sports'"),
    (lambda d: d["board"]["city"][0].update(story="city:E:2"), "position.board.city[0].story", "unknown shape 'E'"),
    (lambda d: d["board"]["city"][0].update(story="war:D:2"), "position.board.city[0].story", "war:D:2 is not a New York City story"),
    (lambda d: d["players"][0]["published"].__setitem__(1, "human:A:4"), "position.players[0].published[1]", "stars must be 1, 2 or 3"),
    (lambda d: d.update(phase="halftime"), "position.phase", "expected one of normal, final-turns, final-presses, over"),
    (lambda d: d["game"].update(deck="spanish"), "position.game.deck", "expected one of default, corrected"),
    # player count and variants
    (lambda d: d["game"].update(variants=["newsboy"]), "position.game", "newsboy variant is for 4 or 5 players, not 3"),
    (lambda d: d["game"].update(players=4), "position.players", "expected 4 players (game.players is 4), got 3"),
    (lambda d: d["board"]["war"][0]["reporters"].append(0), "position.board.war[0].reporters", "expected 3 counts (one per player), got 4"),
    # turn fields against the phase
    (lambda d: d["turn"].update(player=3), "position.turn.player", "there is no player 3"),
    (lambda d: d["turn"].update(turns_left=2), "position.turn.turns_left", "only the two-player turn order"),
    (lambda d: d["turn"].update(newsboy=1), "position.turn.newsboy", "the newsboy variant is not in play"),
    (lambda d: d["turn"].update(trigger_player=0), "position.turn.trigger_player", "the phase is normal"),
    (lambda d: d["turn"].update(pending=[0]), "position.turn.pending", "only in the final edition"),
    (lambda d: d.update(phase="final-turns"), "position.turn.trigger_player", "null, but the phase is final-turns"),
    (lambda d: d["players"][0].update(done=True), "position.players[0].done", "only in the final edition"),
    # pennies against the final-edition trigger (4th press with 3 players)
    (lambda d: d["players"][0].update(pennies=4), "position.players[0].pennies", "the 4th press triggers the final edition and the phase is normal"),
    (lambda d: d["players"][0].update(pennies=5), "position.players[0].pennies", "from 0 to 4, got 5"),
    (lambda d: d["players"][2].update(pennies=1, ad=[0, 2]), "position.deck.discard", "expected 6 after 3 presses"),
    # cards: each once, drawn = setup + presses
    (lambda d: d["deck"]["cards"].append(3), "position.deck", "card 3 is both in deck.cards and in deck.discard"),
    (lambda d: d["deck"]["cards"].remove(45), "position.deck", "missing: 45"),
    (lambda d: d["deck"]["cards"].append(1), "position.deck.cards", "1 appears more than once"),
    (lambda d: d["deck"]["discard"].append(d["deck"]["cards"].pop()), "position.deck.discard", "6 cards drawn"),
    # structure
    (lambda d: d.pop("stacks"), "position", "missing stacks"),
    (lambda d: d["turn"].update(whose="me"), "position.turn", "unknown field(s) whose"),
    (lambda d: d.update(version=2), "position.version", "this program reads version 1, got 2"),
    (lambda d: d["players"][0].update(published="war:B:1"), "position.players[0].published", "expected a list"),
    (lambda d: d["players"][0].update(ad=[1]), "position.players[0].ad", "expected a cell [x, y]"),
    (lambda d: d.update(last_event={"ply": 14, "player": 1, "move": "fly away"}), "position.last_event.move", "unknown action"),
    (lambda d: d.update(last_event={"ply": 13, "player": 1, "move": "assign 1 war:C:1"}), "position.last_event.ply", "the position's ply is 14"),
])
def test_a_typing_mistake_is_refused_naming_the_field(change, field, words):
    message = refused(edited(change))
    assert message.startswith(field + ": "), message
    assert words in message, message


def test_not_a_json_object():
    for doc in ([], "position", 3, None):
        assert refused(doc).startswith("position: expected a JSON object")


def test_state_from_json_and_check_position_use_the_same_checks():
    doc = edited(lambda d: d["markers"].update(human=4))
    for load in (State.from_json, check_position, load_position):
        with pytest.raises(BadInput, match=r"^position\.markers\.human: 4, but"):
            load(doc)


# ----------------------------------------------------------- the final edition
def test_final_edition_turn_bookkeeping():
    s = first_state(5, 3, "final-turns")  # just triggered: 4 players still to take their one turn
    doc = state_doc(s)
    t, cur = s.trigger_player, s.current
    assert cur == (t + 1) % 5 and s.pending == [(t + k) % 5 for k in range(2, 5)]
    State.from_json(doc)
    assert refused(edited(lambda d: d["turn"].update(pending=list(reversed(d["turn"]["pending"]))), doc)).startswith("position.turn.pending: ")
    assert refused(edited(lambda d: d["turn"]["pending"].pop(), doc)).startswith("position.turn.pending: ")
    assert refused(edited(lambda d: d["players"][t].update(done=False), doc)).startswith(f"position.players[{t}].done: ")
    assert refused(edited(lambda d: d["players"][cur].update(done=True), doc)).startswith("position.turn.player: ")
    later = s.pending[-1]
    assert refused(edited(lambda d: d["players"][later].update(done=True), doc)).startswith(f"position.players[{later}].done: ")
    assert refused(edited(lambda d: d["turn"].update(trigger_player=cur), doc)).startswith(f"position.players[{cur}].pennies: ")
    assert refused(edited(lambda d: d["players"][t].update(pennies=2, ad=[0, 1]), doc)).startswith(f"position.players[{t}].pennies: ")
    assert refused(edited(lambda d: d["players"][t].update(ad=[0, 0]), doc)).startswith(f"position.players[{t}].ad: ")
    # markers are frozen: any position on the track stands
    assert State.from_json(edited(lambda d: d["markers"].update(war=9, crime=0), doc)).markers_frozen


def test_final_presses_round_lists_exactly_the_players_not_yet_done():
    s = first_state(4, 8, "final-presses")
    doc = state_doc(s)
    State.from_json(doc)
    done = [i for i, p in enumerate(s.players) if p.done]
    assert s.current not in done and not set(s.pending) & set(done)
    assert sorted([s.current, *s.pending] + done) == [0, 1, 2, 3]
    if s.pending:
        j = s.pending[0]
        assert refused(edited(lambda d: d["players"][j].update(done=True), doc)).startswith("position.turn.pending: ")


def test_a_finished_game_needs_its_end_scoring():
    s = first_state(3, 5, "over")
    doc = state_doc(s)
    assert State.from_json(doc) == s and s.winners
    assert refused(edited(lambda d: d.update(last_event=None), doc)).startswith("position.last_event: null, but the game is over")
    assert refused(edited(lambda d: d["players"][0].update(circulation=d["players"][0]["circulation"] + 1), doc)).startswith(
        "position.last_event.end.circulation: ")
    assert refused(edited(lambda d: d["players"][1].update(done=False), doc)).startswith("position.players[1].done: ")
    assert refused(edited(lambda d: d["turn"].update(newsboy=0), doc)).startswith("position.turn.newsboy: ")


def test_the_newsboy_is_held_until_the_final_edition():
    s = new_game(4, seed=2, variants=["newsboy"])
    doc = state_doc(s)
    assert doc["turn"]["newsboy"] == 1
    assert refused(edited(lambda d: d["turn"].update(newsboy=None), doc)).startswith("position.turn.newsboy: null")
    assert refused(edited(lambda d: d["turn"].update(newsboy=4), doc)).startswith("position.turn.newsboy: there is no player 4")


def test_the_two_player_order_allows_two_turns_in_a_row():
    s = new_game(2, seed=1)
    s.apply(s.legal_moves()[0])
    assert s.turns_left == 2
    assert State.from_json(state_doc(s)) == s


# ----------------------------------------------------------- the summary
def test_position_summary():
    summary = position_summary(State.from_json(HAND_WRITTEN))
    assert summary["players"] == 3 and summary["phase"] == "normal" and summary["to_move"] == 2
    assert summary["scores"] == [6, 8, 1] and summary["pennies"] == [1, 1, 0] and summary["winners"] == []
    assert summary["top_beats"] == ["human"]  # human stands at 5 (value 4); war, crime, politics at 3 or 4 (value 3)
    over = position_summary(first_state(3, 5, "over"))
    assert over["to_move"] is None and over["winners"]
