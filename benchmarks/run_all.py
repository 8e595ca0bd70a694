"""Run every ``bench_*.py`` script in this folder, one after another (``python3 run.py bench``).

Pass a name fragment to run only the matching scripts: ``python3 run.py bench solver``.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    if not scripts:
        print(f"no benchmark matches {' '.join(argv)!r}", file=sys.stderr)
        return 2
    status = 0
    for script in scripts:
        print(f"\n=== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script)])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
