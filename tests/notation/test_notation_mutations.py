"""Mutated lines (hypothesis): each is either refused with one BadInput line naming where, or read as a
valid position that writes back and reads again -- never another exception."""
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pennypress.engine.notation.text import from_text, load_position_text, to_text
from pennypress.errors import BadInput

from tests.notation.notation_helpers import notation_blocks

SETTINGS = dict(derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LINES = notation_blocks()  # one per phase, 2-4 players, the newsboy, the example files
ALPHABET = "|()=,:x-p0123456789 ABCDwarcimepolitysuhnbdgvkfr\n"


@st.composite
def mutated_lines(draw):
    line = draw(st.sampled_from(LINES))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "swap-sections", "drop-section",
                                     "repeat-section", "swap-tokens", "number"]))
        sections = line.split(" | ")
        if kind in ("delete", "insert", "replace") and line:
            i = draw(st.integers(0, len(line) - 1))
            span = draw(st.integers(1, 4))
            new = draw(st.text(ALPHABET, min_size=1, max_size=4)) if kind != "delete" else ""
            line = line[:i] + new + line[i + (0 if kind == "insert" else span):]
        elif kind == "swap-sections" and len(sections) > 2:
            i, j = draw(st.integers(0, len(sections) - 1)), draw(st.integers(0, len(sections) - 1))
            sections[i], sections[j] = sections[j], sections[i]
            line = " | ".join(sections)
        elif kind == "drop-section" and len(sections) > 1:
            del sections[draw(st.integers(0, len(sections) - 1))]
            line = " | ".join(sections)
        elif kind == "repeat-section":
            sections.append(draw(st.sampled_from(sections)))
            line = " | ".join(sections)
        elif kind == "swap-tokens":
            tokens = line.split(" ")
            i, j = draw(st.integers(0, len(tokens) - 1)), draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
            line = " ".join(tokens)
        elif kind == "number":
            digits = [k for k, c in enumerate(line) if c.isdigit()]
            if digits:
                k = draw(st.sampled_from(digits))
                line = line[:k] + str(draw(st.integers(0, 9))) + line[k + 1:]
        event(kind)
    return line


@pytest.mark.slow
@settings(max_examples=400, **SETTINGS)
@given(mutated_lines())
def test_a_mutated_line_is_refused_in_one_line_or_read_as_a_valid_position(line):
    try:
        state = from_text(line)
    except BadInput as exc:
        message = str(exc)
        event("refused")
        assert message.startswith("notation: ") and "\n" not in message, message
        assert "Traceback" not in message and "position." not in message, message  # the notation's words
        return
    event("read")
    again = to_text(state)
    assert from_text(again) == state  # what was read is a position that writes and reads back


@pytest.mark.slow
@settings(max_examples=100, **SETTINGS)
@given(st.text(max_size=80))
def test_any_text_is_a_position_or_one_clear_line(text):
    try:
        load_position_text(text, "paste")
    except BadInput as exc:
        assert "\n" not in str(exc)
