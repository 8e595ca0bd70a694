"""App tests: their helper modules (``ui_helpers``, ``browser_helpers``) sit beside them. The browser driver
is imported by its package name, ``tests.ui.browser_helpers``, by these tests and by the browser benchmarks
(``benchmarks/speed``) alike, so that one module object serves them all. The browser tests share the ``app``
(one per worker) and ``person`` fixtures below; ``server`` and ``browser`` give a test its own app or Chromium."""

import pytest


@pytest.fixture(scope="session")
def app():
    """One ``pennypress ui`` and one headless Chromium for all the browser tests a worker runs
    (:func:`browser_session`): a test opens its page by its address, which starts a new Streamlit session,
    so nothing a test did carries over but what a real server keeps for every visitor (its caches)."""
    from tests.ui.browser_helpers import DESKTOP, browser_session
    yield from browser_session(DESKTOP)


@pytest.fixture
def person(app):
    """The shared browser, at desktop width before and after the test (a test may go to phone width); the
    test fails if the app printed a traceback while it ran."""
    from tests.ui.browser_helpers import app_log, set_desktop
    set_desktop(app.d)
    printed = len(app_log(app.proc))
    yield app
    set_desktop(app.d)
    new = app_log(app.proc)[printed:]
    assert "Traceback" not in new, new[-3000:]


@pytest.fixture
def server():
    """A fresh ``pennypress ui`` for the test (its URL and process): for tests of the server itself."""
    from tests.ui.browser_helpers import require_browser, start_app, stop_app
    require_browser()
    url, proc = start_app()
    yield url, proc
    stop_app(proc)


@pytest.fixture
def browser():
    """A fresh headless Chromium for the test, on its own (see ``server``)."""
    from tests.ui.browser_helpers import make_driver, quit_driver, require_browser
    require_browser()
    driver = make_driver()
    yield driver
    quit_driver(driver)
