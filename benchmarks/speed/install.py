"""Benchmark of installing pennypress from its wheels: wall seconds of ``pip install dist/*.whl``.

What a club installing the app on a small server waits for. The two wheels (``python3 run.py dist``:
pennypress and the abi3 pennypress-core) are installed ``--repeat`` times, each time into a new virtual
environment whose PATH holds no Rust toolchain, in two ways:

- **cached**: pip's cache already holds every dependency (a reinstall, or a second machine behind the
  same cache) -- the first, untimed, install fills it;
- **download**: ``pip install --no-cache-dir``: every dependency fetched from the package index, as on a
  fresh machine (this depends on the network as much as on the machine).

Each installed environment is then checked to work -- ``pennypress advise EXAMPLE --budget fast`` must
answer on the native core -- and that first advice is timed too (its first run compiles the bytecode).
The wheels are built first (``run.py dist``, timed: the packager's cost, not the user's) unless
``--no-build`` uses the ones already in ``dist/``.

    python -m benchmarks.speed.install [--repeat 3] [--no-build] [--json]

It runs only when named (``python3 run.py bench install --record``): it downloads several hundred MB.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from benchmarks.speed.fresh_venv import RustOnPath, fresh_venv, pip_install

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
POSITION = ROOT / "examples" / "positions" / "rulebook-12-points.json"
VERSION = tomllib.loads((ROOT / "core" / "Cargo.toml").read_text(encoding="utf-8"))["package"]["version"]


def wheels() -> list[Path]:
    """The two wheels of this version in ``dist/`` (pennypress, pennypress-core), or an error naming what is missing."""
    found = {w.name.split("-")[0]: w for w in DIST.glob(f"*-{VERSION}-*.whl")}
    missing = [name for name in ("pennypress", "pennypress_core") if name not in found]
    if missing:
        raise SystemExit(f"dist/ has no {', '.join(missing)} wheel of version {VERSION}: run python3 run.py dist")
    return [found["pennypress"], found["pennypress_core"]]


def install_once(built: list[Path], cached: bool, home: Path) -> dict:
    """One fresh virtual environment, the wheels installed into it and its first advice: seconds of each step."""
    start = time.perf_counter()
    try:
        bin_dir, env = fresh_venv(home)
    except RustOnPath as e:
        raise SystemExit(str(e)) from None
    created = time.perf_counter() - start
    start = time.perf_counter()
    done = pip_install(bin_dir, env, home, built, cached=cached)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"pip install failed:\n{done.stderr[-2000:]}")
    start = time.perf_counter()
    advice = subprocess.run([str(bin_dir / "pennypress"), "advise", str(POSITION), "--budget", "fast", "--top", "1"],
                            capture_output=True, text=True, env=env, cwd=home)
    advice_seconds = time.perf_counter() - start
    if advice.returncode != 0 or json.loads(advice.stdout).get("engine") != "native":
        raise SystemExit(f"the installed pennypress does not advise on the native core:\n{advice.stderr[-2000:]}")
    return {"venv": created, "install": seconds, "first_advice": advice_seconds}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="installs of each kind (default 3)")
    ap.add_argument("--no-build", action="store_true", help="use the wheels already in dist/")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error(f"--repeat must be at least 1, got {args.repeat}")
    build = None
    if not args.no_build:
        print("[install] building the wheels: python3 run.py dist", file=sys.stderr, flush=True)
        start = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "run.py"), "dist"], check=True, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        build = time.perf_counter() - start
    built = wheels()
    runs: dict[str, list[dict]] = {"cached": [], "download": []}
    with tempfile.TemporaryDirectory(prefix="pennypress-install-") as tmp:
        warm = Path(tmp) / "warm"
        warm.mkdir()
        install_once(built, True, warm)  # fills pip's cache: the cached installs time a reinstall
        for i in range(args.repeat):
            for kind in runs:
                home = Path(tmp) / f"{kind}-{i}"
                home.mkdir()
                print(f"[install] {kind} install {i + 1} of {args.repeat}", file=sys.stderr, flush=True)
                runs[kind].append(install_once(built, kind == "cached", home))
                shutil.rmtree(home)
    medians = {kind: {step: statistics.median(r[step] for r in rs) for step in rs[0]} for kind, rs in runs.items()}
    sizes = {w.name: w.stat().st_size for w in built}
    if args.json:
        print(json.dumps({"version": VERSION, "repeat": args.repeat, "build_seconds": build, "wheels": sizes,
                          "median_seconds": medians, "runs": runs}, indent=2))
        return 0
    print(f"installing the wheels of pennypress {VERSION} into a fresh virtual environment (no Rust on the PATH), "
          f"wall seconds, median of {args.repeat}")
    print("| install | pip install | new venv | first advice (native core) |\n|---|---|---|---|")
    for kind, label in (("cached", "dependencies in pip's cache"), ("download", "everything downloaded")):
        m = medians[kind]
        print(f"| {label} | {m['install']:.1f} s | {m['venv']:.1f} s | {m['first_advice']:.1f} s |")
    print("wheels: " + ", ".join(f"{name} ({size / 1e6:.1f} MB)" for name, size in sizes.items())
          + (f"; built by python3 run.py dist in {build:.0f} s" if build is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
