"""The ``end`` last event: a finished game given without its last move (as the notation gives it)."""
import copy

import pytest

from pennypress.engine import BadInput
from pennypress.engine.notation.text import from_text, to_text
from pennypress.engine.io.state import State

from tests.notation.notation_helpers import selfplay_positions


@pytest.fixture(scope="module")
def finished():
    return [s for s in selfplay_positions(games=8, every=1000) if s.is_over]


def test_a_finished_game_from_text_has_the_end_scoring_alone(finished):
    assert len(finished) == 8
    for state in finished:
        back = from_text(to_text(state))
        event = back.last_event
        assert (event.move, event.player, event.press, event.ply) == ("end", None, None, 0)
        assert event.end == state.last_event.end  # recomputed: bonuses, circulation, winners
        doc = back.to_json()
        assert State.from_json(doc) == back  # its JSON passes the validation and round-trips


@pytest.mark.parametrize("change,words", [
    (lambda ev: ev.update(player=0), "the 'end' event"),
    (lambda ev: ev.pop("end"), "the 'end' event"),
])
def test_an_end_event_with_a_player_or_without_its_scoring_is_refused(finished, change, words):
    doc = copy.deepcopy(from_text(to_text(finished[0])).to_json())
    change(doc["last_event"])
    with pytest.raises(BadInput, match=words):
        State.from_json(doc)


def test_an_end_event_only_ends_a_finished_game(finished):
    over = from_text(to_text(finished[0])).to_json()
    doc = from_text(to_text(selfplay_positions(games=1, every=5)[0])).to_json()
    doc["last_event"] = over["last_event"]
    with pytest.raises(BadInput, match="last_event.end"):
        State.from_json(doc)
