"""JSON text a person typed, pasted or saved: parsed, or one clear :class:`BadInput`.

>>> parse_json_text('{"a": 1}', "paste")
{'a': 1}
>>> parse_json_text('{"a": }', "paste")
Traceback (most recent call last):
...
pennypress.errors.BadInput: paste: malformed JSON at line 1 column 7: Expecting value
"""
from __future__ import annotations

import json
from typing import Any

from pennypress.errors import BadInput


def parse_json_text(text: str, where: str) -> Any:
    """``json.loads`` with errors as one line naming ``where`` and the line and column."""
    if not text.strip():
        raise BadInput(f"{where}: malformed JSON: the text is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"{where}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
