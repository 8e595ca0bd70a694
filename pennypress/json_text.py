"""JSON text a person typed, pasted or saved: parsed, or one clear :class:`BadInput`.

Shared by every room (the engine reads position text, the ui reads presses and
layouts), so every loader gives the same one-line message.

Text is bounded before it is read: at most :data:`MAX_TEXT` characters and
:data:`MAX_DEPTH` levels of nesting (a position is about six deep), so a
hostile paste -- a megabyte of ``[`` -- gets one line, not a crash. A file (an
upload in the app, a file the command line reads) is bounded before it is even
read: at most :data:`MAX_FILE_BYTES` (:func:`check_file_size`).

>>> parse_json_text('{"a": 1}', "paste")
{'a': 1}
>>> parse_json_text('{"a": }', "paste")
Traceback (most recent call last):
...
pennypress.errors.BadInput: paste: malformed JSON at line 1 column 7: Expecting value
>>> parse_json_text("[" * 100_000, "paste")
Traceback (most recent call last):
...
pennypress.errors.BadInput: paste: the JSON is nested more than 64 levels deep (a position or record needs fewer than 10)
"""
from __future__ import annotations

import itertools
import json
import re
import sys
from typing import Any

from pennypress.errors import BadInput

MAX_TEXT = 5_000_000
"""Characters accepted in one paste, upload or file (a long game record is about 30,000)."""
MAX_DEPTH = 64
"""Levels of nesting accepted ([ and { inside each other)."""
MAX_FILE_BYTES = 5_000_000
"""Bytes accepted in one file: an upload in the app or a file the command line reads (the shipped puzzle set,
the largest file pennypress itself writes, is about 0.8 MB; a long game record about 30 kB). The app's
Streamlit refuses any upload over ``--server.maxUploadSize`` (``ui/cli/app_launcher.py``, a little more) before
it is sent, so that nothing larger ever reaches the server."""


def megabytes(size: int) -> str:
    """A file size as people say it (decimal megabytes).

    >>> megabytes(5_000_000), megabytes(3_215_000), megabytes(5_000_001), megabytes(1_200)
    ('5 MB', '3.2 MB', '5,000,001 bytes', '0.0012 MB')
    """
    if size % 1_000_000 == 0:
        return f"{size // 1_000_000} MB"
    shown = f"{size / 1e6:.1f}" if size >= 100_000 else f"{size / 1e6:.2g}"
    if float(shown) * 1e6 <= MAX_FILE_BYTES < size:  # rounded down to the limit: say the bytes
        return f"{size:,} bytes"
    return f"{shown} MB"


def check_file_size(name: str, size: int) -> None:
    """:class:`BadInput` naming the file when ``size`` bytes is more than :data:`MAX_FILE_BYTES`.

    >>> check_file_size("game.json", 30_000)
    >>> check_file_size("game.json", 7_340_032)
    Traceback (most recent call last):
    ...
    pennypress.errors.BadInput: game.json is 7.3 MB; the largest file pennypress reads is 5 MB.
    """
    if size > MAX_FILE_BYTES:
        raise BadInput(f"{name} is {megabytes(size)}; the largest file pennypress reads is {megabytes(MAX_FILE_BYTES)}.")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*+\\?(?:"|\Z)', re.S)
"""A JSON string as the depth scan reads it: from a quote to the next quote not escaped by a backslash, or to
the end of the text if none closes it (possessive, so a scan of any text is linear)."""
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings, before parsing (so a deep text is refused, never
    recursed into). Strings are cut out by one regular expression and the brackets counted by C-level
    iteration: no Python step per character, so a 5 MB file is scanned in milliseconds.

    >>> _depth('{"a": [1, {"b": "]]]"}], "c": "[[\\"["}'), _depth('[[["unclosed [[[[')
    (3, 3)
    """
    brackets = re.sub(r"[^\[\]{}]+", "", _STRING.sub("", text)).encode("ascii")
    return max(itertools.chain((0,), itertools.accumulate(map(_STEP.__getitem__, brackets))))


def parse_json_text(text: str, where: str) -> Any:
    """``json.loads`` with errors as one line naming ``where`` and the line and column."""
    if not text.strip():
        raise BadInput(f"{where}: malformed JSON: the text is empty")
    if len(text) > MAX_TEXT:
        raise BadInput(f"{where}: the text is {len(text):,} characters long; at most {MAX_TEXT:,} are read")
    if _depth(text) > MAX_DEPTH:
        raise BadInput(f"{where}: the JSON is nested more than {MAX_DEPTH} levels deep "
                       "(a position or record needs fewer than 10)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except ValueError:  # int() refuses a number of more than sys.get_int_max_str_digits() digits
        raise BadInput(f"{where}: a number in the JSON has more than {sys.get_int_max_str_digits():,} digits") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise BadInput(f"{where}: the JSON is nested too deeply") from None
