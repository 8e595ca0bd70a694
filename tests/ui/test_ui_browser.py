"""The real thing: ``pennypress ui`` served, opened in headless Chromium, looked at.

Needs Debian's ``chromium`` and ``chromedriver`` (``apt-get install chromium
chromium-driver``) and the ``selenium`` test extra. Without them the test is
skipped with the reason -- except under CI (the ``CI`` environment variable
set), where a missing browser is a failure. Screenshots go to
``test-artifacts/`` (git-ignored).

Each test starts its own ``pennypress ui`` (the ``server`` fixture: a server's first visit, and its stop on
Ctrl-C, are what they check) and visits it in the worker's shared Chromium (the ``person`` fixture's; a new
server's address is a new origin to the browser, so nothing of another test's visits carries over).
"""
from __future__ import annotations

import signal
import time

import pytest
from tests.ui.browser_helpers import ARTIFACTS, PHONE, app_log, full_page, painted, quiet

BROWSER = (1500, 2300)
"""The window these tests look through (their screenshots are of the window)."""
TOOLTIP = '[role="tooltip"], [data-baseweb="tooltip"], [data-testid="stTooltipContent"]'
"""A tooltip shown, in whichever markup Streamlit draws it."""


def _settle(driver, timeout: float = 60) -> list[str]:
    """Wait until Streamlit has finished running the page (:func:`quiet`) and shows its metrics; return the
    metric values shown."""
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout
    while True:
        quiet(driver, timeout=max(deadline - time.monotonic(), 0.1))
        values = [e.text for e in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stMetricValue"]')]
        if values and values[0]:
            return values
        if time.monotonic() > deadline:
            raise AssertionError(f"the app did not finish running within {timeout}s")
        time.sleep(0.05)


def _click(driver, label: str) -> None:
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.XPATH, f"//button[normalize-space(.)='{label}']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()


def _click_key(driver, key: str) -> None:
    """Click the button Streamlit gave ``key`` (its container has the class ``st-key-<key>``)."""
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.CSS_SELECTOR, f".st-key-{key} button")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    painted(driver)  # the scroll laid out and painted
    driver.execute_script("arguments[0].click();", button)  # as a tap: no pointer hover needed


def _wait_for(driver, condition, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                _settle(driver)
                return
        except Exception:  # noqa: BLE001 - the page is re-rendering; look again
            pass
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _problems(driver) -> list[str]:
    from selenium.webdriver.common.by import By

    return [e.text for e in driver.find_elements(By.CSS_SELECTOR, '[data-testid="stException"]')]


def _opened(driver, address: str, first: str, name: str) -> None:
    """Open ``address``: its first metric says ``first``, no exception, a drawing; kept as ``NAME.png``. (Each
    page is looked at on the visit the test makes to it anyway: a page opened twice is two page loads.)"""
    from selenium.webdriver.common.by import By

    driver.get(address)
    values = _settle(driver)
    assert values[0] == first, (address, values)
    assert not _problems(driver), address
    assert driver.find_elements(By.CSS_SELECTOR, "svg"), address
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


@pytest.mark.browser
def test_press_desk_in_a_real_browser(server, person):
    from selenium.webdriver.common.by import By

    url, proc = server
    browser = person.d
    browser.set_window_size(*BROWSER)
    ARTIFACTS.mkdir(exist_ok=True)

    # A deep link as the server's very first visit still gets the app's own navigation (and the page itself)
    _opened(browser, f"{url}/scoring_examples", "12", "scoring-examples")
    nav = browser.find_element(By.CSS_SELECTOR, '[data-testid="stSidebarNav"]').text
    assert "Press desk" in nav and "Check my page" in nav and "app" not in nav.split(), nav

    browser.get(url)
    values = _settle(browser)
    assert values[0] == "12", values  # the built-in example's optimal total
    assert not _problems(browser)
    page = browser.find_element(By.CSS_SELECTOR, "svg.pennypress-page")
    assert page.is_displayed() and page.size["width"] > 300
    assert "EXCL. ×2" in page.text and "★ TOP" in page.text
    assert "Politics is the top beat" in browser.find_element(By.TAG_NAME, "body").text
    browser.save_screenshot(str(ARTIFACTS / "press-desk.png"))

    # no "Deploy" button for players (the launcher's minimal toolbar)
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-testid="stAppDeployButton"]')

    # the ad in the middle of the page: the drawing shows it, the page changes
    _click_key(browser, "ad_1_1")
    _wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "svg.pennypress-page rect.ad"), "the ad")
    assert not _problems(browser)
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).move_to_element(browser.find_element(By.TAG_NAME, "h1")).perform()  # no tooltip
    _wait_for(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, TOOLTIP), "no tooltip shown")
    painted(browser)
    browser.save_screenshot(str(ARTIFACTS / "press-desk-with-ad.png"))
    _click(browser, "No advertisement")
    _wait_for(browser, lambda: not browser.find_elements(By.CSS_SELECTOR, "svg.pennypress-page rect.ad"), "no ad")
    assert _settle(browser)[0] == "12"

    # Check my page as it opens (the optimal page: legal), then an illegal page: the broken rule in words
    _opened(browser, f"{url}/check_page", "yes", "check-my-page")
    _click(browser, "Start from an empty page")
    _wait_for(browser, lambda: _settle(browser, 5)[0] == "no", "the verdict on an empty page")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "Top edge" in body and "must touch the top edge" in body
    browser.save_screenshot(str(ARTIFACTS / "check-my-page-illegal.png"))

    _opened(browser, f"{url}/position_viewer", "3", "position-viewer")

    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=20) == 0
    assert "Traceback" not in app_log(proc)


@pytest.mark.browser
def test_phone_width(server, person):
    """At 390 px the ad picker stays a 4×3 mat, nothing is wider than the screen, and the press desk
    and position viewer are kept as screenshots (``test-artifacts/phone-*.png``)."""
    from selenium.webdriver.common.by import By

    url, proc = server
    browser = person.d
    browser.set_window_size(*BROWSER)
    ARTIFACTS.mkdir(exist_ok=True)
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    browser.get(url)
    assert _settle(browser)[0] == "12"
    assert not _problems(browser)
    cells = browser.find_elements(By.CSS_SELECTOR, '[class*="st-key-ad_"][class*="_"] button')
    boxes = {(round(c.rect["x"]), round(c.rect["y"])) for c in cells if c.text in ("−2", "−1", "AD")}
    assert len(boxes) == 12
    assert len({x for x, _ in boxes}) == 4 and len({y for _, y in boxes}) == 3, boxes  # a 4×3 grid, not a list
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert width == PHONE["width"]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width  # no sideways page
    _click_key(browser, "ad_3_0")
    _wait_for(browser, lambda: browser.find_elements(By.CSS_SELECTOR, "svg.pennypress-page rect.ad"), "the ad")
    full_page(browser, ARTIFACTS / "phone-press-desk.png")

    browser.get(f"{url}/position_viewer")
    assert _settle(browser)[0] == "3"
    assert not _problems(browser)
    mats = browser.find_elements(By.CSS_SELECTOR, "svg.pennypress-mat")
    assert len(mats) == 3 and all(m.size["width"] >= 300 for m in mats)  # a mat per row, readable
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    full_page(browser, ARTIFACTS / "phone-position-viewer.png")

    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=20) == 0
