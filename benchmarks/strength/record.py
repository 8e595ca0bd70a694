"""A strength record, the one shape every strength script writes with ``--record FILE`` and docs/results.md
renders (:mod:`benchmarks.results`): title, the command that made it, seed, commit, date, note and table, and
whatever the script keeps beside them."""
from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path
from typing import Any, Sequence

from benchmarks.speed.__main__ import commit


def write_record(path: Path, script: str, argv: Sequence[str] | None, *, title: str, seed: int, note: str,
                 table: str, **kept: Any) -> None:
    """Write the record of ``python -m benchmarks.strength.SCRIPT ARGV`` (``argv`` ``None``: this process's)."""
    command = f"python -m benchmarks.strength.{script} " + " ".join(argv if argv is not None else sys.argv[1:])
    record = {"title": title, "command": command, "seed": seed, "commit": commit(), "date": date.today().isoformat(),
              "note": note, "table": table, **kept}
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
