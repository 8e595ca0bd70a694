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
import sys
from typing import Any

from pennypress.errors import BadInput
from pennypress.ui.io.json_text import parse_json_text


def read_json(path: str) -> Any:
    """Read a JSON document from a file path or ``-`` (stdin), as :class:`BadInput` on failure."""
    where = "stdin" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        raise BadInput(f"{where}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BadInput(f"{where}: not UTF-8 text") from None
    return parse_json_text(text, where)


def write_json(doc: Any) -> None:
    """``doc`` on stdout, indented, non-ASCII kept (★, ×)."""
    json.dump(doc, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
