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


def resume_log(log: Path, header: dict, script: str) -> dict[int, dict]:
    """The rows a run's log already holds, by index, the log started with ``header`` when new: a run stopped and
    started again with the same arguments goes on where it stopped. :class:`BadInput` for a file that is not a
    log of ``script`` or a log of other arguments."""
    from pennypress.errors import BadInput

    if not log.exists():
        log.write_text(json.dumps(header) + "\n", encoding="utf-8")
        return {}
    try:
        lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows = {r["index"]: {k: v for k, v in r.items() if k != "index"} for r in lines[1:]}
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError) as e:
        raise BadInput(f"--log {log}: not a {script} log ({e})") from None
    if not lines or lines[0] != header:
        raise BadInput(f"--log {log}: a log of other arguments: start a new one")
    return rows


def append_log(log: Path | None, index: int, row: dict) -> None:
    """Add row ``index`` to a run's log (nothing without a log)."""
    if log is not None:
        with log.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"index": index, **row}) + "\n")
