"""The position schema: a valid draft 2020-12 schema, in step with the engine's data,
and met by every position the engine writes."""
import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from pennypress.engine import BadInput, State, load_deck
from pennypress.engine.io.codec import FORMAT, VERSION
from pennypress.engine.game.definition import GameDefinition
from pennypress.engine.io.state import new_game
from pennypress.engine.game.stories import ALL_STORIES, kind_text, stack_kinds
from pennypress.engine.game.tables import BONUS_MAX, BONUS_START, MAX_PLAYERS, MIN_PLAYERS
from pennypress.engine.game.variants import VARIANTS
from pennypress.engine.io.validate import position_schema
from pennypress.solver.vocab import BEATS, COLUMNS, ROWS

from tests.positions.positions_helpers import fixed_states, state_doc

ROOT = Path(__file__).resolve().parents[2]
HAND_WRITTEN = Path(__file__).parent / "data" / "hand-written-3p.json"


def test_the_schema_is_valid_against_the_2020_12_metaschema():
    schema = position_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_the_schema_file_is_the_one_in_engine_io():
    assert json.loads((ROOT / "engine" / "io" / "position_schema.json").read_text()) == position_schema()


def test_the_schema_agrees_with_the_engine_data():
    s = position_schema()
    props, defs = s["properties"], s["$defs"]
    assert props["format"]["const"] == FORMAT and props["version"]["const"] == VERSION
    assert (props["game"]["properties"]["players"]["minimum"], props["game"]["properties"]["players"]["maximum"]) == (MIN_PLAYERS, MAX_PLAYERS)
    assert set(props["game"]["properties"]["variants"]["items"]["enum"]) == set(VARIANTS)
    assert set(props["game"]["properties"]["deck"]["enum"]) == {"default", "corrected"}
    assert props["phase"]["enum"] == ["normal", "final-turns", "final-presses", "over"]
    beats = [b.value for b in BEATS]
    for key in ("board", "markers", "bonus"):
        assert props[key]["required"] == beats and set(props[key]["properties"]) == set(beats)
    assert (props["bonus"]["properties"]["war"]["minimum"], props["bonus"]["properties"]["war"]["maximum"]) == (BONUS_START, BONUS_MAX)
    assert set(props["stacks"]["required"]) == {kind_text(k) for k in stack_kinds()}
    cell = defs["cell"]["prefixItems"]
    assert (cell[0]["maximum"], cell[1]["maximum"]) == (COLUMNS - 1, ROWS - 1)
    ids = load_deck("default").ids
    assert (defs["card"]["minimum"], defs["card"]["maximum"]) == (min(ids), max(ids)) and len(ids) == max(ids)
    # the story pattern accepts exactly the 60 stories
    story = re.compile(defs["story"]["pattern"])
    assert all(story.match(str(s)) for s in ALL_STORIES)
    assert not story.match("sports:A:1") and not story.match("war:E:1") and not story.match("war:A:4")
    for b in beats:
        column = re.compile(defs[f"column_{b}"]["items"]["properties"]["story"]["pattern"])
        assert {str(s) for s in ALL_STORIES if column.match(str(s))} == {str(s) for s in ALL_STORIES if s.beat.value == b}


def test_positions_from_games_meet_the_schema():
    validator = Draft202012Validator(position_schema())
    for state in fixed_states():
        assert not list(validator.iter_errors(state_doc(state)))


def test_the_hand_written_position_loads_and_the_doc_shows_it():
    doc = json.loads(HAND_WRITTEN.read_text())
    state = State.from_json(doc)
    assert state.to_json() == doc
    assert (state.n_players, state.current, state.phase.value) == (3, 2, "normal")
    text = (ROOT / "docs" / "guide" / "position.md").read_text()
    shown = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    assert doc in shown


def test_whole_numbers_must_be_written_without_a_fraction():
    doc = state_doc(new_game(3, seed=1))
    doc["players"][0]["home"] = 5.0  # JSON Schema calls 5.0 an integer; the position format does not
    with pytest.raises(BadInput, match=r"players\[0\]\.home: expected a whole number, got 5\.0"):
        State.from_json(doc)
    doc["players"][0]["home"] = True
    with pytest.raises(BadInput, match=r"players\[0\]\.home: expected a whole number, got true"):
        State.from_json(doc)


def test_a_two_player_game_may_leave_out_the_automatic_variant():
    doc = state_doc(new_game(2, seed=1))
    doc["game"]["variants"] = []
    assert State.from_json(doc).definition == GameDefinition.create(2)
