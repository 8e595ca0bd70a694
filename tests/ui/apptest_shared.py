"""What a running ``pennypress ui`` does once, done once for every AppTest of a test process.

Streamlit's ``AppTest`` starts each run as if a new server had started: a new
:class:`~streamlit.runtime.scriptrunner.script_cache.ScriptCache` for every run, so each click recompiles the
app's entry file and the page it is on (Streamlit's "magic" rewrites the whole syntax tree first); and, on an
AppTest's first run, a new registry of bidirectional components, filled by reading the metadata of every
installed distribution in search of component manifests. A server does both once: it compiles each script
on its first run and reruns that bytecode on every click, and it scans the installed distributions when it
starts. The ``shared_app_caches`` fixture gives AppTest the server's behaviour:

- one compiled copy of each script, keyed by the file's path, size and modification time and the "magic"
  setting, so the code run is exactly what a fresh compile gives (an edited file is compiled anew);
- one component registry, the installed distributions scanned on its first use (the app's own component,
  :mod:`pennypress.ui.app.board_click`, registers into it as into a server's).

What a test drives and reads -- the app's runs, their widgets and elements -- is unchanged. A test module
uses it by importing the fixture and naming it in ``pytestmark``::

    from tests.ui.apptest_shared import shared_app_caches  # noqa: F401  (the fixture)
    pytestmark = pytest.mark.usefixtures("shared_app_caches")
"""
from __future__ import annotations

import os
import threading

import pytest
from streamlit import config
from streamlit.components.v2.component_manager import BidiComponentManager
from streamlit.runtime.scriptrunner.script_cache import ScriptCache

_COMPILED: dict[tuple, object] = {}
_LOCK = threading.Lock()


class SharedScriptCache(ScriptCache):
    """A :class:`ScriptCache` whose compiled scripts are shared by every instance in the process."""

    def get_bytecode(self, script_path: str):
        path = os.path.abspath(script_path)
        stat = os.stat(path)
        key = (path, stat.st_size, stat.st_mtime_ns, bool(config.get_option("runner.magicEnabled")))
        with _LOCK:
            code = _COMPILED.get(key)
            if code is None:
                code = _COMPILED[key] = ScriptCache().get_bytecode(path)
        return code


class _ScannedOnce(BidiComponentManager):
    """A component registry that scans the installed distributions on its first discovery only."""

    scanned = False

    def discover_and_register_components(self, *, start_file_watching: bool = True) -> None:
        with _LOCK:
            if not self.scanned:
                super().discover_and_register_components(start_file_watching=start_file_watching)
                self.scanned = True


_REGISTRY: list[_ScannedOnce] = []


def shared_registry() -> _ScannedOnce:
    """The process's one component registry (made on first use)."""
    with _LOCK:
        if not _REGISTRY:
            _REGISTRY.append(_ScannedOnce())
        return _REGISTRY[0]


@pytest.fixture
def shared_app_caches(monkeypatch):
    """AppTest's runs in this test reuse the process's compiled scripts and component registry (see the
    module's words)."""
    from streamlit.testing.v1 import app_test, local_script_runner

    monkeypatch.setattr(app_test, "ScriptCache", SharedScriptCache)
    monkeypatch.setattr(local_script_runner, "ScriptCache", SharedScriptCache)
    monkeypatch.setattr(app_test, "BidiComponentManager", shared_registry)
