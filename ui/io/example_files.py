"""The rulebook's examples as data: the repository's ``examples/`` folder.

``examples/press/*.json`` are press problems in the command line's shape;
``examples/positions/*.json`` are game positions in the engine's format. The
folder sits beside the package in a checkout (and in the editable install
``run.py`` makes); ``PENNYPRESS_EXAMPLES`` may point elsewhere.

>>> "rulebook-12-points" in press_examples()
True
>>> title_of("when-not-to-press-ad-right")
'When not to press ad right'
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pennypress.json_text import parse_json_text


def examples_dir() -> Path | None:
    """The examples folder, or ``None`` when this installation has none."""
    env = os.environ.get("PENNYPRESS_EXAMPLES")
    candidates = [Path(env)] if env else []
    candidates.append(Path(__file__).resolve().parents[2] / "examples")
    for c in candidates:
        if c.is_dir():
            return c
    return None


def title_of(name: str) -> str:
    words = name.replace("_", "-").split("-")
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def _folder(kind: str) -> dict[str, Path]:
    root = examples_dir()
    if root is None or not (root / kind).is_dir():
        return {}
    return {p.stem: p for p in sorted((root / kind).glob("*.json"))}


def press_examples() -> dict[str, Path]:
    """``name -> path`` of every press-problem example."""
    return _folder("press")


def position_examples() -> dict[str, Path]:
    """``name -> path`` of every position example."""
    return _folder("positions")


def record_examples() -> dict[str, Path]:
    """``name -> path`` of every game-record example: the audit examples (``examples/audit``, the
    README's) first, then the records (``examples/records``)."""
    return {**_folder("audit"), **_folder("records")}


def record_title(path: Path) -> str:
    """A record example as a list shows it: the record's own title, else its file name in words."""
    try:
        title = load(path).get("title")
    except (OSError, ValueError, AttributeError):
        title = None
    return title if isinstance(title, str) and title else title_of(path.stem)


def load(path: Path) -> Any:
    """An example file's JSON; :class:`BadInput` naming the file if it is not JSON (OSError if unreadable)."""
    return parse_json_text(path.read_text(encoding="utf-8"), path.name)
