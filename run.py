#!/usr/bin/env python3
"""Set-up and everyday tasks for pennypress, needing nothing but Python 3.11.

    python3 run.py setup      # set up only: the virtual environment and the native core, then stop
    python3 run.py app        # set up (first time), then open the app on a built-in example
    python3 run.py test       # set up (first time), then run the whole test suite on every core
    python3 run.py test --quick   # the quick tier: pytest without the browser, the wheels and the slow proofs
    python3 run.py demo       # print the optimal front page of the rulebook's 12-point example
    python3 run.py bench      # run the speed benchmarks (benchmarks/speed/; --record keeps their outputs)
    python3 run.py results    # write docs/results.md and README's figures from the recorded benchmark outputs
    python3 run.py playthroughs  # write the golden playthroughs (tests/golden/) again, after a meant change
    python3 run.py cli ...    # any `pennypress` command, e.g. `python3 run.py cli layout examples/...`
    python3 run.py core-tables  # regenerate core/src/generated/ from the Python tables
    python3 run.py dist       # build the two wheels into dist/ (pennypress, and pennypress-core for this platform)

The first call creates `.venv/` beside this file and installs the project into
it (editable, with the test extras). Later calls reuse it and reinstall only
when `pyproject.toml` changes.

With a Rust toolchain (cargo) on the PATH, every call also builds the native
core (`core/`, the distribution `pennypress-core`) in release mode with maturin
and installs it into `.venv/`, again only when its sources change; the build
runs while pip installs the dependencies. Without one it says so and
pennypress runs on the Python engine; under CI (`CI=true`) a missing toolchain
or a failed build is an error. `test` runs the crate's own tests (`cargo test
--profile release-tests`: release optimisation without link-time optimisation)
beside the set-up, then pytest, which runs on every core (pytest-xdist) and
writes each test's duration to `test-artifacts/durations.json`; `--quick`
leaves out `cargo test` and the tests marked `browser`, `dist` and `slow`.
Other arguments go to pytest as they are.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".pennypress-installed"
CORE = ROOT / "core"
CORE_STAMP = VENV / ".pennypress-core-installed"
CORE_WHEELS = VENV / "core-wheels"


def _say(msg: str) -> None:
    print(f"[run.py] {msg}", file=sys.stderr, flush=True)


def make_venv() -> Path:
    """Create the virtual environment if it is missing; returns its Python."""
    if sys.version_info < (3, 11):
        sys.exit(f"pennypress needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    python = BIN / "python"
    if not python.exists():
        _say(f"creating {VENV}")
        venv.create(VENV, with_pip=True)
    return python


def install_project(python: Path) -> None:
    """Install the project (editable, with the test extras) when its metadata changed since the last install."""
    # what the installed metadata comes from: pyproject.toml, and the version (core/Cargo.toml via setup.py)
    digest = hashlib.sha256(b"\0".join((ROOT / f).read_bytes() for f in ("pyproject.toml", "setup.py",
                                                                         "core/Cargo.toml"))).hexdigest()
    if not STAMP.exists() or STAMP.read_text().strip() != digest:
        _say("installing pennypress and its dependencies (first run only)")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=True)
        subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True
        )
        STAMP.write_text(digest)


def _under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def _core_digest() -> str:
    """A hash of everything the native core is built from (its type stub too: the wheel carries it)."""
    h = hashlib.sha256()
    files = [CORE / "Cargo.toml", CORE / "Cargo.lock", CORE / "pyproject.toml", CORE / "pennypress_core.pyi",
             *sorted((CORE / "src").rglob("*.rs"))]
    for path in files:
        h.update(str(path.relative_to(CORE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def _core_unavailable(reason: str) -> bool:
    """Say why the core is not built; under CI that is an error."""
    if _under_ci():
        sys.exit(f"[run.py] CI needs the native core: {reason}")
    _say(f"{reason}; pennypress runs on the Python engine (slower)")
    return False


class CoreBuild:
    """The native core's release build, started in the background (maturin) so that it runs while pip installs
    the project's dependencies; `finish` waits for it and installs the wheel."""

    def __init__(self, python: Path, digest: str):
        self.python, self.digest = python, digest
        _say("building the native core (pennypress-core, release build; about a minute the first time)")
        if subprocess.run([str(python), "-m", "maturin", "--version"], capture_output=True).returncode != 0:
            requires = tomllib.loads((CORE / "pyproject.toml").read_text())["build-system"]["requires"]
            subprocess.run([str(python), "-m", "pip", "install", "--quiet", *requires], check=True)
        shutil.rmtree(CORE_WHEELS, ignore_errors=True)
        self.process = subprocess.Popen([str(python), "-m", "maturin", "build", "--release", "--quiet",
                                         "--manifest-path", str(CORE / "Cargo.toml"), "--interpreter", str(python),
                                         "--out", str(CORE_WHEELS)])

    def finish(self) -> bool:
        """Wait for the build and install its wheel; returns whether the core is installed."""
        python = str(self.python)
        wheels = sorted(CORE_WHEELS.glob("pennypress_core-*.whl")) if self.process.wait() == 0 else []
        if not wheels:
            subprocess.run([python, "-m", "pip", "uninstall", "--quiet", "--yes", "pennypress-core"], check=False)
            CORE_STAMP.unlink(missing_ok=True)
            return _core_unavailable("the native core failed to build (see the messages above)")
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall", str(wheels[-1])],
                       check=True)
        CORE_STAMP.write_text(self.digest)
        return True


def start_core(python: Path) -> CoreBuild | bool:
    """Start building the native core (release) if a Rust toolchain is present and its sources changed since the
    last build. Returns the build under way, or whether the core is installed."""
    if shutil.which("cargo") is None:
        subprocess.run([str(python), "-m", "pip", "uninstall", "--quiet", "--yes", "pennypress-core"],
                       check=False, capture_output=True)
        CORE_STAMP.unlink(missing_ok=True)
        return _core_unavailable("no Rust toolchain (cargo) on the PATH, so the native core is not built")
    digest = _core_digest()
    if CORE_STAMP.exists() and CORE_STAMP.read_text().strip() == digest and subprocess.run(
        [str(python), "-c", "import pennypress_core"], capture_output=True
    ).returncode == 0:
        return True
    return CoreBuild(python, digest)


def set_up() -> tuple[Path, bool]:
    """The virtual environment with the project installed, and the native core built into it (the core's build
    runs beside pip's install). Returns the venv's Python and whether the core is installed."""
    python = make_venv()
    core = start_core(python)
    try:
        install_project(python)
    except BaseException:
        if isinstance(core, CoreBuild):
            core.process.kill()
        raise
    return python, core.finish() if isinstance(core, CoreBuild) else core


class CargoTest:
    """The crate's own tests (`cargo test`, in the `release-tests` profile: release optimisation without
    link-time optimisation, which would be paid again for every test binary), started in the background when
    there is a toolchain: they need neither the venv nor the Python build, and run while those are made."""

    def __init__(self):
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = None
        if shutil.which("cargo") is not None:  # without one, set_up says so (and stops under CI)
            self.process = subprocess.Popen(
                ["cargo", "test", "--profile", "release-tests", "--quiet", "--manifest-path", str(CORE / "Cargo.toml")],
                stdout=self.log, stderr=subprocess.STDOUT)

    def finish(self) -> int:
        """Wait for the tests, print what they printed, and return their exit status."""
        if self.process is None:
            return 0
        _say("cargo test (the native core's unit tests)")
        status = self.process.wait()
        self.log.seek(0)
        sys.stdout.write(self.log.read())
        sys.stdout.flush()
        self.log.close()
        return status


QUICK = "not browser and not dist and not slow"
"""The quick tier's marker expression: everything but the real-browser journeys, the wheels' fresh install
and the slow proofs (their markers are described in pyproject.toml)."""
DURATIONS = ROOT / "test-artifacts" / "durations.json"


def pytest_command(python: Path, rest: list[str], durations: Path = DURATIONS) -> list[str]:
    """The pytest call of `run.py test`: on every core (pytest-xdist; `loadgroup` hands tests to whichever worker
    is free, keeping together only tests marked `xdist_group`) with each test's duration recorded; `--quick`
    selects the quick tier. Arguments the caller gives come last, so `-n 0` or `-m ...` of their own win.
    The record's path is joined to its option (`--record-durations=PATH`): given apart, pytest's first look at the
    arguments, before the suite's conftest adds the option, takes an existing record for a test path."""
    quick = "--quick" in rest
    rest = [a for a in rest if a != "--quick"]
    cmd = [str(python), "-m", "pytest", "-n", "auto", "--dist", "loadgroup", f"--record-durations={durations}"]
    if quick:
        cmd += ["-m", QUICK]
    return cmd + rest


DIST = ROOT / "dist"


def dist(python: Path) -> int:
    """Build into ``dist/`` the wheel of pennypress (pure Python) and of pennypress-core (maturin, release, a
    manylinux abi3 wheel for this platform: one wheel for every CPython from 3.11 on), both carrying
    the version of core/Cargo.toml. Installed together, they need no Rust toolchain."""
    if shutil.which("cargo") is None:
        _say("run.py dist builds the native core's wheel, which needs a Rust toolchain (cargo) on the PATH")
        return 2
    DIST.mkdir(exist_ok=True)
    for old in [*DIST.glob("pennypress-*.whl"), *DIST.glob("pennypress_core-*.whl")]:
        old.unlink()
    _say("building the pennypress wheel")
    built = subprocess.run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--wheel-dir", str(DIST), str(ROOT)], cwd=ROOT)
    if built.returncode != 0:
        return built.returncode
    _say("building the pennypress-core wheel (release)")
    built = subprocess.run([str(python), "-m", "maturin", "build", "--release", "--quiet", "--manifest-path",
                            str(CORE / "Cargo.toml"), "--interpreter", str(python), "--out", str(DIST)])
    if built.returncode != 0:
        return built.returncode
    for wheel in sorted(DIST.glob("*.whl")):
        print(wheel.relative_to(ROOT))
    return 0


def main(argv: list[str]) -> int:
    task, rest = (argv[0], argv[1:]) if argv else ("help", [])
    if task in ("help", "-h", "--help"):
        print(__doc__)
        return 0
    cargo = CargoTest() if task == "test" and "--quick" not in rest else None
    python, core = set_up()
    pennypress = str(BIN / "pennypress")
    if task == "setup":
        _say(f"ready: {VENV} with pennypress" + (" and its native core" if core else " (no native core)"))
        return 0
    if task == "test":
        status = cargo.finish() if cargo else 0
        if status != 0:
            _say("cargo test failed")
            return status
        cmd = pytest_command(python, rest)
    elif task == "demo":
        cmd = [pennypress, "demo", *rest]
    elif task == "app":
        cmd = [pennypress, "ui", *rest]
    elif task == "bench":
        cmd = [str(python), "-m", "benchmarks.speed", *rest]
    elif task == "results":
        cmd = [str(python), "-m", "benchmarks.results", *rest]
    elif task == "playthroughs":
        cmd = [str(python), "-m", "tests.golden.playthroughs", "--write", *rest]
    elif task == "cli":
        cmd = [pennypress, *rest]
    elif task == "core-tables":
        cmd = [str(python), str(CORE / "generate_tables.py"), *rest]
    elif task == "dist":
        return dist(python)
    else:
        print(f"unknown task {task!r}; try: setup, app, test, demo, bench, results, playthroughs, cli, core-tables, dist", file=sys.stderr)
        return 2
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
