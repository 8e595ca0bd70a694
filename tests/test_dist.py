"""The two wheels install and run without Rust: ``python3 run.py dist``, then a fresh virtual environment.

``run.py dist`` builds the wheel of pennypress and the abi3 wheel of pennypress-core into ``dist/``.
Installed together by pip into a new virtual environment whose PATH holds no Rust toolchain, they
give a working ``pennypress``: its advice runs on the native core (``"engine": "native"``), and
``pennypress ui`` serves the app, opened in Chromium on its built-in example. Both wheels carry the
version of core/Cargo.toml, and pennypress refuses a core of another version with one line.

The install downloads the dependencies (pip's cache makes a second run quick); the test is skipped
without a Rust toolchain to build the core's wheel, except under CI. The fresh environment is made without
pip (``fresh_venv(..., with_pip=False)``): this checkout's pip installs into it from outside
(``pip --python``), so the environment holds nothing but the two wheels and what their metadata pulls in.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from benchmarks.speed.fresh_venv import fresh_venv, pip_install
from tests.cli_helpers import assert_bad_input, run
from tests.ui.browser_helpers import Page, app_log, make_driver, quit_driver, require_browser, start_app, stop_app

pytestmark = pytest.mark.xdist_group("dist")
"""The wheels are built into one ``dist/`` folder: the tests that build and install them run on one worker
(``--dist loadgroup``), so that two builds never empty the folder under each other."""

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "core" / "Cargo.toml").read_text())["package"]["version"]
POSITION = ROOT / "examples" / "positions" / "rulebook-12-points.json"


def _under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh virtual environment with only the two wheels (and their dependencies) installed: no pip, no
    setuptools, nothing of this checkout's environment."""
    if shutil.which("cargo") is None:
        if _under_ci():
            pytest.fail("under CI the core's wheel must be built: no cargo on the PATH")
        pytest.skip("building the core's wheel needs a Rust toolchain (cargo)")
    home = tmp_path_factory.mktemp("fresh")
    (ROOT / "dist").mkdir(exist_ok=True)
    with open(ROOT / "dist" / ".build-lock", "w") as lock:
        # one build at a time in dist/, even should the xdist group be split (tests/test_suite_groups.py):
        # the wheels are copied out before another build may replace them
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = subprocess.run([sys.executable, str(ROOT / "run.py"), "dist"], capture_output=True, text=True,
                               cwd=ROOT)
        assert built.returncode == 0, built.stderr[-3000:]
        wheels = [Path(shutil.copy2(w, home)) for w in sorted((ROOT / "dist").glob("*.whl"))]
    names = sorted(w.name for w in wheels)
    assert [n.split("-")[0] for n in names] == ["pennypress", "pennypress_core"], \
        (names, built.stdout[-2000:], built.stderr[-2000:])  # what run.py dist said, to see why one is missing
    assert all(n.split("-")[1] == VERSION for n in names), names
    assert "-cp311-abi3-" in names[1] and "manylinux" in names[1], names[1]
    bin_dir, env = fresh_venv(home, with_pip=False)
    # no bytecode written and no requirements check: what runs below is the test
    pip = pip_install(bin_dir, env, home, wheels, compile=False, conflicts=False)
    assert pip.returncode == 0, pip.stderr[-3000:]
    assert not (bin_dir / "pip").exists()  # the environment's own packages: only what the wheels brought
    return bin_dir, env, home


@pytest.mark.dist
def test_the_installed_wheels_advise_on_the_native_core(installed):
    bin_dir, env, home = installed
    run = subprocess.run([str(bin_dir / "pennypress"), "advise", str(POSITION), "--budget", "fast", "--top", "3"],
                         capture_output=True, text=True, env=env, cwd=home)
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    assert doc["engine"] == "native" and doc["legal_moves"] > 3 and len(doc["moves"]) == 3
    assert all(m["line"] for m in doc["moves"])
    versions = subprocess.run([str(bin_dir / "python"), "-c",
                               "import pennypress, pennypress_core; print(pennypress.__version__, "
                               "pennypress_core.__version__, pennypress.__file__)"],
                              capture_output=True, text=True, env=env, cwd=home).stdout.split()
    assert versions[:2] == [VERSION, VERSION] and str(home) in versions[2]  # not this checkout


@pytest.mark.dist
def test_the_installed_wheel_reads_the_shipped_page_tables(installed):
    """The fast solver's page tables are package data: the installed solver reads them, it builds nothing."""
    bin_dir, env, home = installed
    script = "from pennypress.solver import page_profiles as p; p.profiles((0,), None); print(p._PACKINGS is None)"
    run = subprocess.run([str(bin_dir / "python"), "-c", script], capture_output=True, text=True, env=env, cwd=home)
    assert run.returncode == 0 and run.stdout.split() == ["True"], run.stderr


@pytest.mark.dist
@pytest.mark.browser
def test_the_installed_wheels_serve_the_app(installed):
    bin_dir, env, home = installed
    require_browser()
    url, proc = start_app([str(bin_dir / "pennypress")], cwd=home, env=env)
    driver = make_driver()
    try:
        page = Page(driver, url)
        page.open()
        page.wait_for("Press desk")
        page.ok()
        assert driver.find_elements("css selector", "svg")  # the built-in example's drawings
    finally:
        quit_driver(driver)
        stop_app(proc)
    assert "Traceback" not in app_log(proc)


def test_a_core_of_another_version_is_refused_in_one_line(monkeypatch, capsys):
    from pennypress.engine import native
    if not native.available():
        pytest.skip("the native core is not installed")
    monkeypatch.setattr(native._core, "__version__", "0.0.1", raising=False)
    code, out, err = run(capsys, "advise", POSITION, "--budget", "fast")
    assert_bad_input(code, out, err, f"needs pennypress-core {VERSION}", "0.0.1 is installed")
