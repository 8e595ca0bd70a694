"""JSON in and out of the command line: a file path or ``-`` (stdin) in, stdout out.

>>> import io, contextlib
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     write_json({"total": 12, "stories": ["War D ★★★"]})
>>> print(out.getvalue().strip())
{
  "total": 12,
  "stories": [
    "War D ★★★"
  ]
}
"""
from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any

from pennypress.errors import BadInput
from pennypress.json_text import MAX_FILE_BYTES, check_file_size, megabytes, parse_json_text

if TYPE_CHECKING:  # pragma: no cover
    from pennypress.engine.io.state import State


def read_text(path: str) -> tuple[str, str]:
    """The text of a file path or ``-`` (stdin), and the name messages use for it (:class:`BadInput` on failure)."""
    where = "stdin" if path == "-" else path
    try:
        if path == "-":  # read no more than the limit allows (a character is at least a byte)
            text = sys.stdin.read(MAX_FILE_BYTES + 1)
            if len(text) > MAX_FILE_BYTES:
                raise BadInput(f"stdin is more than {megabytes(MAX_FILE_BYTES)}; the largest file pennypress reads "
                               f"is {megabytes(MAX_FILE_BYTES)}.")
        else:
            check_file_size(where, os.stat(path).st_size)
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        raise BadInput(f"{where}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadInput(f"{where}: not UTF-8 text") from None
    return text, where


def read_json(path: str) -> Any:
    """Read a JSON document from a file path or ``-`` (stdin), as :class:`BadInput` on failure."""
    return parse_json_text(*read_text(path))


def read_position(path: str) -> "State":
    """A position from a file path or ``-``: its JSON document or the one-line notation (``docs/guide/notation.md``)."""
    from pennypress.engine.notation.text import load_position_text

    return load_position_text(*read_text(path))


def write_json(doc: Any) -> None:
    """``doc`` on stdout, indented, non-ASCII kept (★, ×)."""
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
