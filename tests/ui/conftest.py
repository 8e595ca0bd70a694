"""App tests: their helper modules (``ui_helpers``, ``browser_helpers``) sit beside them. The browser driver
is imported by its package name, ``tests.ui.browser_helpers``, by these tests and by the browser benchmarks
(``benchmarks/speed``) alike, so that one module object serves them all. The browser tests share the ``app``
and ``person`` fixtures below."""

import pytest


@pytest.fixture(scope="module")
def app():
    """One ``pennypress ui`` and one headless Chromium per browser test module (:func:`browser_session`)."""
    from tests.ui.browser_helpers import DESKTOP, browser_session
    yield from browser_session(DESKTOP)


@pytest.fixture
def person(app):
    """The module's browser, at desktop width before and after the test (a test may go to phone width)."""
    from tests.ui.browser_helpers import set_desktop
    set_desktop(app.d)
    yield app
    set_desktop(app.d)
