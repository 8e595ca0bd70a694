"""The fast solver's shipped page tables, ``solver/data/page_profiles.json``: written and checked.

The tables (:mod:`.page_profiles`) follow from the rules alone; this module
builds every ad cell's part by the search and writes them in the file's text,
which the loader reads instead of searching on a process's first press:

    .venv/bin/python -m pennypress.solver.page_profiles_file --write   # (re)write the file
    .venv/bin/python -m pennypress.solver.page_profiles_file --check   # exit 1 if it is stale

Run ``--write`` after a change to the page, the shapes, the story limit, the
tie-break or the search in :mod:`.page_profiles`; until then the loader finds
the file's digests wrong (or ``tests/solver/test_page_profiles.py`` finds it
stale) and builds the tables itself.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Sequence

from .page_profiles import DATA_FILE, WRITE_COMMAND, Part, ad_key, built_parts, decode_part, digest, inputs_digest

PATH = Path(__file__).resolve().parent / "data" / DATA_FILE
"""Where the file is written, in the source tree."""


def encode_part(part: Part) -> dict[str, str]:
    """An ad cell's part as the file's text (read back by :func:`~.page_profiles.decode_part`)."""
    return {"".join(map(str, shapes)): "/".join(" ".join("".join(map(str, p)) for p in c.witness) for c in cands)
            for shapes, cands in part.items()}


def document() -> dict:
    """The file's contents, every part built afresh by the search; :class:`AssertionError` if a part would
    not read back exactly as built (its geometries and candidates in the same order)."""
    parts = {}
    for ad, part in built_parts().items():
        encoded = encode_part(part)
        if list(decode_part(encoded, ad).items()) != list(part.items()):
            raise AssertionError(f"the part of ad cell {ad_key(ad)} does not read back as built")
        parts[ad_key(ad)] = encoded
    return {
        "about": "The fast solver's page tables (solver/page_profiles.py), built once by its search: per ad cell "
                 "('none' or 'x,y'), per geometry (its shapes, A 0 .. D 3, in slot order), the candidate pages in "
                 "tie-break order, '/' between them, each page its placements (slot, x, y, w, h). Do not edit by "
                 "hand: the loader checks both digests and builds the tables itself when either is wrong.",
        "command": WRITE_COMMAND,
        "inputs": inputs_digest(),
        "digest": digest(parts),
        "parts": parts,
    }


def document_text() -> str:
    """:func:`document` as the file's text."""
    return json.dumps(document(), indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``--write`` the file, or ``--check`` it (exit 1 when it is not what ``--write`` writes now)."""
    import argparse  # here: importing the module needs no parser

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = ap.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help=f"write solver/data/{DATA_FILE}")
    action.add_argument("--check", action="store_true", help="exit 1 if the file is not what --write writes now")
    args = ap.parse_args(argv)
    text = document_text()
    if args.write:
        PATH.write_text(text, encoding="utf-8")
        print(f"wrote {PATH}")
        return 0
    fresh = PATH.is_file() and PATH.read_text(encoding="utf-8") == text
    print(f"{PATH}: " + ("up to date" if fresh else f"stale: run {WRITE_COMMAND}"))
    return 0 if fresh else 1


if __name__ == "__main__":
    sys.exit(main())
