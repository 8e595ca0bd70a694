"""The JSON reader's depth check (``pennypress/json_text.py``): the fast scan against a character-by-character one.

``_depth`` cuts strings out with a regular expression and counts brackets in C, so that the check
costs no Python step per character (it runs before every JSON parse, and under the fuzzer's
coverage instrumentation a per-character loop was most of each input's time). The reference here
is the plain scan it replaced: outside strings ``[``/``{`` go one deeper and ``]``/``}`` one
shallower; inside, a backslash escapes the next character and a quote ends the string; a string
never closed runs to the end of the text.
"""
from __future__ import annotations

import json
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from pennypress.errors import BadInput
from pennypress.json_text import MAX_DEPTH, _depth, parse_json_text


def reference_depth(text: str) -> int:
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet='[]{}"\\ a:,\n\u00e9', max_size=80))
def test_the_depth_of_any_text_is_the_character_scans(text):
    assert _depth(text) == reference_depth(text)


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
                    max_leaves=30))
def test_the_depth_of_a_json_document_is_its_nesting(doc):
    text = json.dumps(doc)
    assert _depth(text) == reference_depth(text)


def test_too_deep_a_text_is_refused_in_one_line_before_parsing():
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    try:
        parse_json_text(deep, "position")
    except BadInput as exc:
        assert str(exc) == (f"position: the JSON is nested more than {MAX_DEPTH} levels deep "
                            "(a position or record needs fewer than 10)")
    else:
        raise AssertionError("a too-deep text was read")
    assert parse_json_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "position") is not None


def test_the_scan_is_linear_in_texts_made_to_backtrack():
    """Quotes and backslashes that would make a naive string pattern retry from every quote."""
    n = 200_000
    small, large = '"' + '\\"' * (n // 10) + "\\", '"' + '\\"' * n + "\\"
    start = time.perf_counter()
    assert _depth(small) == 0
    small_seconds = time.perf_counter() - start
    start = time.perf_counter()
    assert _depth(large) == 0
    large_seconds = time.perf_counter() - start
    assert large_seconds < 40 * max(small_seconds, 1e-4), (small_seconds, large_seconds)  # linear: about 10x
